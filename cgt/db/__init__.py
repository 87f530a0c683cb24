"""Databases of positions of grid rulesets: census builds, the SQLite store, queries.

A database of, say, Domineering values holds one row per board shape.  The
shapes are polyominoes, enumerated here in streaming, sharded form so that a
build can be split across processes and machines; `encode` writes a shape as
a board string that the grid rulesets read (``Domineering(encode(cells))``).

>>> from cgt.db import free_polyominoes, encode
>>> from cgt.rulesets import Domineering
>>> boards = sorted(encode(cells) for cells in free_polyominoes(3))
>>> boards, [str(Domineering(board).canonical_form) for board in boards]
(['#.|..', '...'], ['*', '-1'])
"""

from cgt.db.build import Progress, build, compute_shard
from cgt.db.census import KINDS, RULESETS
from cgt.db.enumerate import (DIHEDRAL, MIRRORS, SPLIT_SIZE, canonical, classes, decode, encode,
                              fixed_polyominoes, free_polyominoes)
from cgt.db.store import Database, Record, create, open
from cgt.errors import DatabaseError

__all__ = ["DIHEDRAL", "KINDS", "MIRRORS", "RULESETS", "SPLIT_SIZE", "Database", "DatabaseError",
           "Progress", "Record", "build", "canonical", "classes", "compute_shard", "create", "decode",
           "encode", "fixed_polyominoes", "free_polyominoes", "open"]
