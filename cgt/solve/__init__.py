"""Answering one question about a position by search, without its whole canonical form.

`nim_value`: the nimber of an impartial position (Cram in Rust, any position in
Python), with Beling and Rogalski's pruning, progress and checkpoints;
`has_nim_value`: whether it is a given nimber (0: a second-player win), the
pruned question, without the whole nimber.

`outcome`: who wins a position or a sum of positions of any rulesets, moving
first (the grid and strip rulesets in Rust, any position in Python), by
minimax over the sum with the known values of its small components.
"""

from cgt.solve.nimber import has_nim_value, nim_value
from cgt.solve.outcome import outcome

__all__ = ["has_nim_value", "nim_value", "outcome"]
