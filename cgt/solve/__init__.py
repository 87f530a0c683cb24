"""Answering one question about a position by search, without its whole canonical form.

`nim_value`: the nimber of an impartial position (Cram in Rust, any position in
Python), with Beling and Rogalski's pruning, progress and checkpoints.

`outcome`: who wins a position or a sum of positions of any rulesets, moving
first (the grid and strip rulesets in Rust, any position in Python), by
minimax over the sum with the known values of its small components.
"""

from cgt.solve.nimber import nim_value
from cgt.solve.outcome import outcome

__all__ = ["nim_value", "outcome"]
