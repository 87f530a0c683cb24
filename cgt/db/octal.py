"""A database of octal games: each code's nim sequence to a fixed heap, with its proved period.

The octal games of up to ``k`` digits are the codes ``0.d1…dj``, ``j <= k``,
digits 0-7 (Winning Ways ch. 4; `cgt.impartial.codes`): bit 1, 2, 4 of
``d_r`` lets a move take ``r`` tokens from a heap and leave 0, 1, 2 nonempty
heaps.  A last digit 0 allows nothing, so ``0.d1…dj0`` is the game
``0.d1…dj``; `octal_codes` lists each game once, by its shortest code
(``d_j != 0``), leaving out ``0`` (no moves): ``7·8^(j-1)`` codes of ``j``
digits, 511 of up to three.  (A nonzero ``d0``, as in Grundy's game
``4!.0``, lets a move take nothing; those codes are another family.)

Each game is stored with ``g(0), ..., g(N)`` (``N`` = ``max_heap``, the same
for the whole file) and the period that the octal periodicity theorem proves
from those values, ``TakeAndBreak(code).periodicity(N)`` (None when it proves
none), with the largest value and the number of distinct values.

Schema (version `SCHEMA_VERSION`)::

    meta(key TEXT PRIMARY KEY, value TEXT)
        -- 'schema_version', 'ruleset' ('octal'), 'cgt_version', 'max_heap' (N)
    octal_games(code TEXT PRIMARY KEY,               -- the shortest code, '0.137'
                digits INTEGER,                      -- digits after the point
                period INTEGER, preperiod INTEGER,   -- g(n + period) = g(n) + saltus for
                saltus INTEGER,                      --   n >= preperiod; NULL: none proved
                max_value INTEGER,                   -- max g(n), 0 <= n <= N
                distinct_values INTEGER,             -- how many values g(0..N) takes
                nim_values BLOB)                     -- g(0..N), see below

``nim_values`` is ``zlib.compress`` of ``g(0), ..., g(N)`` written as
little-endian unsigned 32-bit integers, so any zlib reads it back
(``struct.unpack(f"<{N + 1}I", zlib.decompress(blob))``); a periodic sequence
compresses to little, and the 511 games of up to three digits to ``N = 10^4``
take about 2 MB.  The journal is a write-ahead log (WAL), and each shard of
games goes in with one transaction (`OctalDatabase.add`).

>>> import tempfile, pathlib
>>> path = pathlib.Path(tempfile.mkdtemp()) / "octal.sqlite"
>>> with create(path, max_heap=200) as db:
...     db.add(compute_shard(["0.77", "0.6"], 200))
>>> from cgt.db import open
>>> with open(path) as db:
...     print(db.game("0.77").periodicity), db.game("0.6").periodicity, db.game("0.77").nim_sequence[:8]
Periodicity(Period => 12, Preperiod => 71, Saltus => 0)
(None, None, (0, 1, 2, 3, 1, 4, 3, 2))
"""

from __future__ import annotations

import os
import re
import reprlib
import struct
import zlib
from collections.abc import Iterable, Iterator
from itertools import product
from pathlib import Path
from typing import TYPE_CHECKING, Any

from cgt.db.census import cgt_version
from cgt.db.file import DatabaseFile, Schema, between, connect_for_writing, limit_clause, shown
from cgt.db.limits import LIMITS
from cgt.errors import DatabaseError
from cgt.impartial.codes import parse_code
from cgt.impartial.periodicity import Periodicity
from cgt.impartial.take_and_break import TakeAndBreak
from cgt.value import Struct

if TYPE_CHECKING:
    from cgt.db.file import Connection

__all__ = ["RULESET", "SCHEMA", "SCHEMA_VERSION", "OctalDatabase", "OctalRecord", "compute_shard", "create",
           "octal_codes"]

RULESET = "octal"
"""The ``ruleset`` of a database of octal games in its ``meta`` table."""

SCHEMA_VERSION = 1
"""The version of the schema this module writes and reads (``meta.schema_version``)."""

_SCHEMA = """
CREATE TABLE octal_games (
    code TEXT PRIMARY KEY,
    digits INTEGER NOT NULL,
    period INTEGER,
    preperiod INTEGER,
    saltus INTEGER,
    max_value INTEGER NOT NULL,
    distinct_values INTEGER NOT NULL,
    nim_values BLOB NOT NULL
);
"""

SCHEMA = Schema(SCHEMA_VERSION, _SCHEMA)
"""The tables of a database of octal games and their version."""

_COLUMNS = "code, period, preperiod, saltus, max_value, distinct_values, nim_values"
_TYPES = (str, (int, type(None)), (int, type(None)), (int, type(None)), int, int, bytes)


def octal_codes(digits: int = 3) -> list[str]:
    """The octal games ``0.d1…dj`` with ``1 <= j <= digits`` and ``d_j != 0``, by digits then code.

    >>> octal_codes(1)
    ['0.1', '0.2', '0.3', '0.4', '0.5', '0.6', '0.7']
    >>> len(octal_codes(2)), len(octal_codes(3))
    (63, 511)
    """
    return ["0." + "".join(map(str, code)) for j in range(1, digits + 1)
            for code in product(range(8), repeat=j) if code[-1]]


def compute_shard(codes: Iterable[str], max_heap: int) -> Any:
    """The stored rows of the octal games ``codes``, to heap ``max_heap``: for each,
    ``(code, digits, period, preperiod, saltus, max_value, distinct_values, nim_values)``.

    >>> [row[:7] for row in compute_shard(["0.07"], 200)]
    [('0.07', 2, 34, 53, 0, 9, 9)]
    """
    rows = []
    for code in codes:
        ruleset = TakeAndBreak(code)
        periodicity = ruleset.periodicity(max_heap)
        values = ruleset.nim_sequence(max_heap)
        period = (None, None, None) if periodicity is None else \
            (periodicity.period, periodicity.preperiod, periodicity.saltus)
        rows.append((ruleset.code, len(ruleset.code) - 2, *period, max(values), len(set(values)),
                     zlib.compress(struct.pack(f"<{len(values)}I", *values))))
    return rows


def create(path: str | os.PathLike[str], max_heap: int) -> OctalDatabase:
    """A new, empty database of octal games to heap ``max_heap`` at ``path``, or the existing one there.

    An existing file must be a database of octal games to the same heap (to
    resume its build), or an SQLite file without any table; anything else
    there is a `DatabaseError`, and is never changed.  It is open to write,
    holding the file's lock until closed (`cgt.db.file.connect_for_writing`).
    ``max_heap`` is at most ``LIMITS.max_heap`` (`cgt.db.limits`).
    """
    if max_heap < 1:
        raise ValueError(f"a database of octal games needs heaps up to at least 1, not {max_heap}")
    LIMITS.within("max_heap", max_heap, "the heaps of octal games")
    new = {"schema_version": SCHEMA_VERSION, "ruleset": RULESET, "cgt_version": cgt_version(),
           "max_heap": max_heap}
    connection, meta, lock = connect_for_writing(path, {RULESET: SCHEMA}, new)
    try:
        db = OctalDatabase(connection, Path(path), meta, lock)
    except BaseException:
        connection.close()
        lock.close()
        raise
    if db.max_heap != max_heap:
        db.close()
        raise DatabaseError(f"{path} holds nim values up to heap {db.max_heap}, not {max_heap}")
    return db


class OctalRecord(Struct):
    """A stored octal game: its code, ``nim_sequence`` ``(g(0), ..., g(N))``, the proved
    `cgt.impartial.periodicity.Periodicity` (or None), its largest and number of distinct values."""

    __slots__ = ("code", "nim_sequence", "periodicity", "max_value", "distinct_values")
    code: str
    nim_sequence: tuple
    periodicity: Periodicity | None
    max_value: int
    distinct_values: int

    def __init__(self, code: str, nim_sequence: tuple, periodicity: Periodicity | None, max_value: int,
                 distinct_values: int) -> None:
        self._init(code, nim_sequence, periodicity, max_value, distinct_values)

    def __repr__(self) -> str:
        return (f"OctalRecord(code={self.code!r}, periodicity={self.periodicity!r}, max_value={self.max_value!r}, "
                f"distinct_values={self.distinct_values!r})")

    @property
    def ruleset(self) -> TakeAndBreak:
        """The game itself, ``TakeAndBreak(code)``."""
        return TakeAndBreak(self.code)


class OctalDatabase(DatabaseFile):
    """An open database of octal games: each code's nim sequence and period, queried and added to.

    Made by `cgt.db.open` or `create`; a context manager that closes it.
    """

    ruleset = RULESET

    def __init__(self, connection: Connection, path: str | os.PathLike[str], meta: dict[str, Any],
                 lock: Any = None) -> None:
        super().__init__(connection, path, meta, lock)
        self.max_heap = _max_heap(meta.get("max_heap"), path)

    def __repr__(self) -> str:
        return f"<cgt.db.OctalDatabase to heap {self.max_heap} at {str(self.path)!r}>"

    # ------------------------------------------------------------ queries
    def game(self, code: str) -> OctalRecord:
        """The `OctalRecord` of ``code`` (any spelling `cgt.impartial.codes.parse_code` reads);
        a KeyError when it is not stored."""
        code = str(parse_code(code))
        row = self._connection.row(f"SELECT {_COLUMNS} FROM octal_games WHERE code = ?", (code,), _TYPES)
        if row is None:
            raise KeyError(f"{code} is not in {self.path}")
        return self._record(row)

    def games(self, period: Any = None, preperiod: Any = None, periodic: bool | None = None, digits: Any = None,
              limit: int | None = None) -> Iterator[OctalRecord]:
        """The stored games (`OctalRecord` s) that match every filter given, by digits then code.

        ``period``, ``preperiod``, ``digits``: an int, a range, or a pair
        ``(lo, hi)`` of inclusive bounds (None: unbounded); ``periodic``: True
        for the games with a proved period, False for those without.
        """
        where, params = [], []
        for column, bounds in (("period", period), ("preperiod", preperiod), ("digits", digits)):
            if bounds is not None:
                condition, values = between(column, bounds)
                where.append(condition)
                params.extend(values)
        if periodic is not None:
            where.append("period IS NOT NULL" if periodic else "period IS NULL")
        sql = f"SELECT {_COLUMNS} FROM octal_games"
        if where:
            sql += " WHERE " + " AND ".join(where)
        clause, values = limit_clause(limit)
        sql += " ORDER BY digits, code" + clause
        params.extend(values)
        for row in self._connection.rows(sql, params, _TYPES):
            yield self._record(row)

    def codes(self) -> set[str]:
        """The codes stored, as a set."""
        return {code for code, in self._connection.rows("SELECT code FROM octal_games", types=(str,))}

    def stats(self) -> dict[str, Any]:
        """A summary: the heaps, the games stored per number of digits, how many have a proved
        period and how many not, and the largest period and preperiod proved."""
        row = self._connection.row
        maybe = (int, type(None))
        periodic, largest_period, largest_preperiod = row(
            "SELECT count(*), max(period), max(preperiod) FROM octal_games WHERE period IS NOT NULL",
            types=(int, maybe, maybe))
        return {
            "ruleset": RULESET,
            "cgt_version": self.cgt_version,
            "max_heap": self.max_heap,
            "games": dict(self._connection.rows(
                "SELECT digits, count(*) FROM octal_games GROUP BY digits ORDER BY digits", types=(int, int))),
            "periodic": periodic,
            "no_period": row("SELECT count(*) FROM octal_games WHERE period IS NULL")[0],
            "largest_period": largest_period,
            "largest_preperiod": largest_preperiod,
        }

    # ------------------------------------------------------------ building
    def add(self, rows: Any) -> None:
        """Insert the rows of `compute_shard` in one transaction (a code stored before is kept)."""
        with self._connection as connection:
            connection.executemany("INSERT OR IGNORE INTO octal_games VALUES (?, ?, ?, ?, ?, ?, ?, ?)", rows)


    def _record(self, row: Any) -> OctalRecord:
        """The `OctalRecord` of a row of ``_COLUMNS``."""
        code, period, preperiod, saltus, max_value, distinct_values, blob = row
        return OctalRecord(code, self._nim_values(blob, code), self._periodicity(code, period, preperiod, saltus),
                           max_value, distinct_values)

    def _periodicity(self, code: str, period: Any, preperiod: Any, saltus: Any) -> Periodicity | None:
        """The `Periodicity` stored for ``code`` (None when none is proved), checked."""
        if (period, preperiod, saltus) == (None, None, None):
            return None
        if None in (period, preperiod, saltus) or period < 1 or preperiod < 0:
            raise DatabaseError(f"{self.path} is damaged or not written by cgt: the period of {shown(code)} is "
                                f"{period!r} from {preperiod!r} with saltus {saltus!r}")
        return Periodicity(period, preperiod, saltus)

    def _nim_values(self, blob: Any, code: str) -> Any:
        """The nim values ``g(0), ..., g(max_heap)`` that ``blob`` holds, inflated no further than them."""
        size = 4 * (self.max_heap + 1)
        inflater = zlib.decompressobj()
        try:
            values = inflater.decompress(blob, size + 1)
        except zlib.error as error:
            raise DatabaseError(f"{self.path} is damaged: the nim values of {shown(code)} are not zlib data "
                                f"({error})") from None
        if len(values) != size or not inflater.eof:
            raise DatabaseError(f"{self.path} is damaged: the nim values of {shown(code)} are not "
                                f"{self.max_heap + 1} values (heaps 0 to its max_heap)")
        return struct.unpack(f"<{self.max_heap + 1}I", values)


def _max_heap(text: str | None, path: str | os.PathLike[str]) -> int:
    """The ``max_heap`` of a file's meta table (``text``), checked: a whole number within ``LIMITS.max_heap``."""
    if text is None or not re.fullmatch(r"[1-9][0-9]{0,17}", text):
        raise DatabaseError(f"{path} is damaged or not written by cgt: its max_heap is {reprlib.repr(text)}, "
                            f"not a whole number 1 or more")
    max_heap = int(text)
    if max_heap > LIMITS.max_heap:
        raise DatabaseError(f"{path} holds nim values to heap {max_heap}, past the limit max_heap = "
                            f"{LIMITS.max_heap}; raise it with {LIMITS.how_to_raise('max_heap', max_heap)}")
    return max_heap
