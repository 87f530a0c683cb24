"""Databases of positions: censuses of grid rulesets and the octal games; builds, the SQLite store, queries.

A database of, say, Domineering values holds one row per board shape.  The
shapes are polyominoes, enumerated here in streaming, sharded form so that a
build can be split across processes and machines; `encode` writes a shape as
a board string that the grid rulesets read (``Domineering(encode(cells))``).

>>> from cgt.db import free_polyominoes, encode
>>> from cgt.rulesets import Domineering
>>> boards = sorted(encode(cells) for cells in free_polyominoes(3))
>>> boards, [str(Domineering(board).canonical_form) for board in boards]
(['#.|..', '...'], ['*', '-1'])

A database of octal games (`cgt.db.octal`) holds the nim sequence of each
code ``0.d1d2d3`` to a fixed heap, with the period proved from it.  What a
build may ask for and what a file may ask of a reader are bounded by
`LIMITS` (`cgt.db.limits`).
"""

from cgt.db.build import Progress, build, build_octal, compute_shard, reference_shard_values, shard_values
from cgt.db.census import KINDS, RULESETS
from cgt.db.enumerate import (DIHEDRAL, MIRRORS, SPLIT_SIZE, canonical, classes, decode, encode,
                              fixed_polyominoes, free_polyominoes)
from cgt.db.limits import LIMITS, Limits
from cgt.db.octal import OctalDatabase, OctalRecord, octal_codes
from cgt.db.store import Database, Record, create, open
from cgt.errors import DatabaseError

__all__ = ["DIHEDRAL", "KINDS", "LIMITS", "MIRRORS", "RULESETS", "SPLIT_SIZE", "Database", "DatabaseError",
           "Limits", "OctalDatabase", "OctalRecord", "Progress", "Record", "build", "build_octal", "canonical",
           "classes", "compute_shard", "create", "decode", "encode", "fixed_polyominoes",
           "free_polyominoes", "octal_codes", "open", "reference_shard_values", "shard_values"]
