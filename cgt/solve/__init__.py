"""Answering one question about a position by search, without its whole canonical form.

`nim_value`: the nimber of an impartial position (Cram in Rust, any position in
Python), with Beling and Rogalski's pruning, progress and checkpoints.
"""

from cgt.solve.nimber import nim_value

__all__ = ["nim_value"]
