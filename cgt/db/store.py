"""The SQLite store of a census: one file, written by one process, read by any.

Schema (version `SCHEMA_VERSION`)::

    meta(key TEXT PRIMARY KEY, value TEXT)
        -- 'schema_version', 'ruleset' ('domineering', 'cram'), 'cgt_version'
    game_values(id INTEGER PRIMARY KEY, notation TEXT UNIQUE,   -- str(G), CGSuite's notation
                kind TEXT, outcome TEXT,                        -- see cgt.db.census.KINDS; L R N P
                mean TEXT, temperature TEXT, left_stop TEXT, right_stop TEXT,  -- exact: '3/2', '-1'
                temperature_float REAL,                         -- the same temperature, for ranges
                birthday INTEGER, atomic_weight TEXT)           -- notation; NULL when not atomic
    positions(shape TEXT,                                       -- a board string, see cgt.db.encode
              cells INTEGER, value_id INTEGER REFERENCES game_values(id))
        -- indexes: positions_shape (UNIQUE), positions_cells, positions_value
    shards(size INTEGER, shard INTEGER, shards INTEGER, done INTEGER,  -- the build's plan
           seconds REAL,                                    -- compute time of a done shard
           PRIMARY KEY (size, shard))

The ids of ``game_values`` are arbitrary (they follow the order shards were
written in); compare databases by notation.  A build records its plan, each
size's shards, in ``shards`` before computing, and marks a shard done in the
same transaction that inserts its rows (`Database.add_shard`), so the file is
always a union of whole shards.  The journal is a write-ahead log (WAL).  A
build appends positions with their indexes dropped and makes the indexes at
its end (`Database.indexes_deferred`).

>>> import tempfile, pathlib
>>> path = pathlib.Path(tempfile.mkdtemp()) / "dom.sqlite"
>>> with create(path, "domineering") as db:
...     db.plan(2, {1: 1, 2: 1})
...     db.add_shard(2, 0, 1, [(".|.", 2, "1", "integer", "L", "1", "-1", "1", "1", 1, None)])
[(1, 0, 1), (2, 0, 1)]
>>> with open(path) as db:
...     [(r.shape, r.notation, r.kind) for r in db.positions(cells=2)], db.stats()["shards_done"]
([('.|.', '1', 'integer')], {1: (0, 1), 2: (1, 1)})
"""

from __future__ import annotations

import functools
import math
import os
import re
import reprlib
from collections.abc import Iterator, Mapping
from contextlib import contextmanager
from fractions import Fraction
from pathlib import Path
from typing import TYPE_CHECKING, Any

from cgt.db import octal
from cgt.db.census import KINDS, RULESETS, cgt_version
from cgt.db.file import DatabaseFile, Schema, between, connect, connect_for_writing, limit_clause
from cgt.db.octal import OctalDatabase
from cgt.errors import DatabaseError
from cgt.short.game import Game
from cgt.notation import parse
from cgt.value import Struct, Value

if TYPE_CHECKING:
    from cgt.db.file import Connection
    from cgt.rulesets.position import Position

__all__ = ["SCHEMA", "SCHEMA_VERSION", "Database", "Record", "create", "number", "open"]

SCHEMA_VERSION = 2
"""The version of the schema this module writes and reads (``meta.schema_version``)."""

_POSITION_INDEXES = """
CREATE UNIQUE INDEX IF NOT EXISTS positions_shape ON positions (shape);
CREATE INDEX IF NOT EXISTS positions_cells ON positions (cells);
CREATE INDEX IF NOT EXISTS positions_value ON positions (value_id);
"""

_SCHEMA = """
CREATE TABLE game_values (
    id INTEGER PRIMARY KEY,
    notation TEXT NOT NULL UNIQUE,
    kind TEXT NOT NULL,
    outcome TEXT NOT NULL,
    mean TEXT NOT NULL,
    temperature TEXT NOT NULL,
    temperature_float REAL NOT NULL,
    left_stop TEXT NOT NULL,
    right_stop TEXT NOT NULL,
    birthday INTEGER NOT NULL,
    atomic_weight TEXT
);
CREATE INDEX game_values_kind ON game_values (kind);
CREATE INDEX game_values_temperature ON game_values (temperature_float);
CREATE TABLE positions (
    shape TEXT NOT NULL,
    cells INTEGER NOT NULL,
    value_id INTEGER NOT NULL REFERENCES game_values (id)
);
""" + _POSITION_INDEXES + """
CREATE TABLE shards (
    size INTEGER NOT NULL,
    shard INTEGER NOT NULL,
    shards INTEGER NOT NULL,
    done INTEGER NOT NULL DEFAULT 0,
    seconds REAL,
    PRIMARY KEY (size, shard)
);
"""

SCHEMA = Schema(SCHEMA_VERSION, _SCHEMA)
"""The tables of a census and their version."""

# The schema `open` reads, for each ruleset.
_SCHEMAS = {**dict.fromkeys(RULESETS, SCHEMA), octal.RULESET: octal.SCHEMA}

# Numbers as stored ('3/2', '-1') and as filters read them (also '0.75'): short, so never slow.
_NUMBER = re.compile(r"[+-]?(\d+(/\d+)?|\d*\.\d+|\d+\.)")
_NUMBER_LENGTH = 50

# The types of the columns `Database.positions` reads.
_RECORD_TYPES = (str, int, str, str, str, str)

# Columns `Database.frequencies` groups by: name -> (expression shown, expression sorted by, its type).
_GROUPS = {
    "cells": ("p.cells", "p.cells", int),
    "kind": ("v.kind", "v.kind", str),
    "outcome": ("v.outcome", "v.outcome", str),
    "value": ("v.notation", "v.notation", str),
    "birthday": ("v.birthday", "v.birthday", int),
    "temperature": ("v.temperature", "v.temperature_float", str),
}


class Record(Struct):
    """A stored position: its board string ``shape`` of ``cells`` cells, and its value's
    ``notation`` (the text stored, CGSuite's notation of the canonical form), kind,
    outcome and temperature (a Fraction); ``value`` is the `Game` the notation denotes.

    >>> from cgt import up
    >>> record = Record("domineering", "..|..", 4, "+-1", "switch", "N", Fraction(1))
    >>> record.value + up, record.notation
    (Game('{1^|-1^}'), '+-1')
    """

    __slots__ = ("ruleset", "shape", "cells", "notation", "kind", "outcome", "temperature", "_value")
    ruleset: str
    shape: str
    cells: int
    notation: str
    kind: str
    outcome: str
    temperature: Fraction
    _value: Game | None

    def __init__(self, ruleset: str, shape: str, cells: int, notation: str, kind: str, outcome: str,
                 temperature: Fraction) -> None:
        self._init(ruleset, shape, cells, notation, kind, outcome, temperature)

    @property
    def value(self) -> Game:
        """The value, the short `Game` written ``notation``; a `DatabaseError` when the
        stored text is not a short game's notation (a damaged file)."""
        value = self._value
        if value is None:
            try:
                value = _short_game(self.notation)
            except ValueError as error:
                raise DatabaseError(f"the database is damaged or not written by cgt: it holds "
                                    f"{reprlib.repr(self.notation)} where a short game's notation "
                                    f"belongs ({str(error).splitlines()[0]})") from None
            object.__setattr__(self, "_value", value)
        return value

    @property
    def position(self) -> Position:
        """The position itself, e.g. ``Domineering(shape)`` (it draws itself in notebooks)."""
        return RULESETS[self.ruleset][0](self.shape)


def open(path: str | os.PathLike[str]) -> Database | OctalDatabase:
    """The database in the existing file ``path``: a census (`Database`) or of octal games
    (`cgt.db.octal.OctalDatabase`), as its ``meta`` table says.

    A missing file, a file that is not SQLite, or an SQLite file of another
    schema is a `DatabaseError`; the file is never changed then.
    """
    connection, meta = connect(path, _SCHEMAS)
    kind = OctalDatabase if meta["ruleset"] == octal.RULESET else Database
    try:
        return kind(connection, Path(path), meta)
    except BaseException:
        connection.close()
        raise


def create(path: str | os.PathLike[str], ruleset: str) -> Database:
    """A new, empty census database of ``ruleset`` at ``path``, or the existing one there, open
    to write (it holds the file's lock until closed: `cgt.db.file.connect_for_writing`).

    An existing file must be a database of the same ruleset (to resume its build),
    or an SQLite file without any table (a creation cut short); anything else
    there is a `DatabaseError`, and is never changed.  While one is open, a
    second `create` of the same file is a `DatabaseError`.
    """
    if ruleset not in RULESETS:
        raise ValueError(f"unknown ruleset {ruleset!r}; known: {', '.join(RULESETS)}")
    new = {"schema_version": SCHEMA_VERSION, "ruleset": ruleset, "cgt_version": cgt_version()}
    connection, meta, lock = connect_for_writing(path, _SCHEMAS, new)
    return Database(connection, Path(path), meta, lock)


class Database(DatabaseFile):
    """An open census database: positions and values of one ruleset, queried and added to.

    Made by `open` or `create`; a context manager that closes it.
    """

    def __init__(self, connection: Connection, path: str | os.PathLike[str], meta: dict[str, Any],
                 lock: Any = None) -> None:
        super().__init__(connection, path, meta, lock)
        self._value_ids: Any = None     # notation -> id of game_values, once a shard is added
        self.ruleset = meta["ruleset"]

    def __repr__(self) -> str:
        return f"<cgt.db.Database {self.ruleset} at {str(self.path)!r}>"

    # ------------------------------------------------------------ queries
    def positions(self, value: Value | str | None = None, kind: str | None = None, outcome: str | None = None,
                  cells: Any = None, temperature: Any = None,
                  limit: int | None = None) -> Iterator[Record]:
        """The stored positions (`Record` s) that match every filter given, by cells then shape.

        ``value``: a short game (or its notation, in any spelling `cgt.parse`
        reads; a value of another kind, such as the stopper ``over``, is a
        `ValueError`: a census holds short games);
        ``kind``: one of `cgt.db.census.KINDS`; ``outcome``: 'L', 'R', 'N' or 'P';
        ``cells``: an int, a range or a pair ``(lo, hi)`` of inclusive bounds
        (None: unbounded); ``temperature``: a comparison such as ``'>=3/2'``
        (``>``, ``<``, ``<=``, ``=`` too), a number, or a pair ``(lo, hi)``.
        A number is exact: an int, a Fraction, or text such as ``'3/2'``,
        ``'-1'`` or ``'0.75'`` of at most 50 characters.
        """
        where, params = [], []
        if value is not None:
            where.append("v.notation = ?")
            params.append(str(_short_game(value)))
        if kind is not None:
            if kind not in KINDS:
                raise ValueError(f"unknown kind {kind!r}; the kinds are: {', '.join(KINDS)}")
            where.append("v.kind = ?")
            params.append(kind)
        if outcome is not None:
            if outcome not in ("L", "R", "N", "P"):
                raise ValueError(f"an outcome is one of L, R, N, P, not {outcome!r}")
            where.append("v.outcome = ?")
            params.append(outcome)
        if cells is not None:
            condition, values = between("p.cells", cells)
            where.append(condition)
            params.extend(values)
        if temperature is not None:
            for op, bound in _comparisons(temperature):
                condition, values = _float_condition("v.temperature_float", op, bound)
                where.append(condition)
                params.extend(values)
        sql = ("SELECT p.shape, p.cells, v.notation, v.kind, v.outcome, v.temperature"
               " FROM positions p JOIN game_values v ON v.id = p.value_id")
        if where:
            sql += " WHERE " + " AND ".join(where)
        clause, values = limit_clause(limit)
        sql += " ORDER BY p.cells, p.shape" + clause
        params.extend(values)
        for shape, n, notation, kind_, outcome_, t in self._connection.rows(sql, params, _RECORD_TYPES):
            yield Record(self.ruleset, shape, n, notation, kind_, outcome_, self._stored_number(t))

    def _stored_number(self, text: str) -> Fraction:
        """The Fraction of a number stored as ``text``; a `DatabaseError` when it is not one."""
        try:
            return number(text)
        except ValueError:
            raise DatabaseError(f"{self.path} is damaged or not written by cgt: it holds "
                                f"{reprlib.repr(text)} where a number belongs") from None

    def frequencies(self, by: str | tuple[str, ...] = ("cells", "kind")) -> dict[Any, int]:
        """How many positions there are of each combination of the columns ``by``.

        ``by`` names one column or a tuple of them: ``cells``, ``kind``, ``outcome``,
        ``value``, ``birthday``, ``temperature``.  The keys are the column's values
        (tuples of them for a tuple ``by``), in increasing order.
        """
        names = (by,) if isinstance(by, str) else tuple(by)
        unknown = [name for name in names if name not in _GROUPS]
        if unknown or not names:
            raise ValueError(f"cannot count by {unknown or by!r}; choose from {', '.join(_GROUPS)}")
        shown = [_GROUPS[name][0] for name in names]
        order = [_GROUPS[name][1] for name in names]
        rows = self._connection.rows(
            f"SELECT {', '.join(shown)}, count(*) FROM positions p JOIN game_values v"
            f" ON v.id = p.value_id GROUP BY {', '.join(shown)} ORDER BY {', '.join(order)}",
            types=[_GROUPS[name][2] for name in names] + [int])
        if isinstance(by, str):
            return {key: count for key, count in rows}
        return {tuple(row[:-1]): row[-1] for row in rows}

    def stats(self) -> dict[str, Any]:
        """A summary: the ruleset, the positions per size, the distinct values, the
        shards done per size as ``(done, planned)``, and the seconds their computing
        took per size (summed over shards, so over workers too)."""
        rows = self._connection.rows
        return {
            "ruleset": self.ruleset,
            "cgt_version": self.cgt_version,
            "positions": dict(rows("SELECT cells, count(*) FROM positions GROUP BY cells ORDER BY cells",
                                   types=(int, int))),
            "values": self._connection.row("SELECT count(*) FROM game_values")[0],
            "shards_done": {size: (done, planned) for size, done, planned in rows(
                "SELECT size, sum(done), count(*) FROM shards GROUP BY size ORDER BY size", types=(int, int, int))},
            "seconds": dict(rows(
                "SELECT size, sum(seconds) FROM shards WHERE seconds IS NOT NULL GROUP BY size ORDER BY size",
                types=(int, (int, float)))),
        }

    # ------------------------------------------------------------ building
    def plan(self, max_cells: int, shards: Mapping[int, int]) -> list[tuple[int, int, int]]:
        """Record the shards of the sizes 1..max_cells not planned yet, ``shards[n]`` for size n;
        return the shards ``(size, shard, shards)`` not done, in order.

        A size planned before keeps its plan, so a resumed build splits it the same way.
        """
        with self._connection:
            planned = {size for size, in self._connection.rows("SELECT DISTINCT size FROM shards")}
            self._connection.executemany(
                "INSERT INTO shards (size, shard, shards) VALUES (?, ?, ?)",
                [(n, i, shards[n]) for n in range(1, max_cells + 1) if n not in planned
                 for i in range(shards[n])])
        pending = list(self._connection.rows(
            "SELECT size, shard, shards FROM shards WHERE done = 0 AND size <= ? ORDER BY size, shard",
            (max_cells,), (int, int, int)))
        for size, shard, k in pending:
            if size < 1 or not 0 <= shard < k:
                raise DatabaseError(f"{self.path} is damaged or not written by cgt: its plan has shard "
                                    f"{shard} of {k} of size {size}")
        return pending

    @contextmanager
    def indexes_deferred(self) -> Iterator[None]:
        """Drop the indexes of ``positions`` for the block, and make them again after it.

        A census inserts its shapes in no useful order: without the indexes the
        rows are appended, and the indexes are made at the end by sorting, some
        times faster than keeping them up to date.  (`add_shard` never stores a
        shard twice, so no shape can come twice.)

        A build killed inside the block leaves the file without them (queries
        then scan the table: slower, still right) until a build of it ends.
        """
        self._connection.executescript("DROP INDEX IF EXISTS positions_shape;"
                                       " DROP INDEX IF EXISTS positions_cells;"
                                       " DROP INDEX IF EXISTS positions_value;")
        try:
            yield
        finally:
            self._connection.executescript(_POSITION_INDEXES)

    def add_shard(self, size: int, shard: int, shards: int, rows: Any, seconds: float | None = None) -> None:
        """Insert a computed shard's ``rows`` and mark it done, in one transaction.

        ``seconds``: the time computing it took, for `stats`.  A row is ``(shape,
        cells, notation, kind, outcome, mean, temperature, left_stop, right_stop,
        birthday, atomic_weight)`` (`cgt.db.build.compute_shard`).  A shard not
        in the plan, or stored already, is a `DatabaseError`.
        """
        if self._value_ids is None:
            self._value_ids = dict(self._connection.rows("SELECT notation, id FROM game_values", types=(str, int)))
        ids = self._value_ids
        try:
            with self._connection as connection:
                marked = connection.execute(
                    "UPDATE shards SET done = 1, seconds = ?"
                    " WHERE size = ? AND shard = ? AND shards = ? AND done = 0",
                    (seconds, size, shard, shards)).rowcount
                if marked != 1:
                    raise DatabaseError(f"shard {shard} of {shards} of size {size} is not in the plan "
                                        f"of {self.path}, or is stored already")
                for row in rows:
                    if row[2] not in ids:
                        ids[row[2]] = connection.execute(
                            "INSERT INTO game_values (notation, kind, outcome, mean, temperature,"
                            " left_stop, right_stop, birthday, atomic_weight, temperature_float)"
                            " VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?)",
                            (*row[2:], float(Fraction(row[6])))).lastrowid
                connection.executemany(
                    "INSERT INTO positions (shape, cells, value_id) VALUES (?, ?, ?)",
                    [(shape, cells, ids[notation]) for shape, cells, notation, *_ in rows])
        except BaseException:
            self._value_ids = None      # rolled back: the ids just given are void
            raise


@functools.lru_cache(maxsize=1 << 12)      # a census stores few distinct numbers, each many times
def number(text: str) -> Fraction:
    """The exact number ``text`` writes: an integer, ``p/q`` or a decimal, of at most 50 characters.

    >>> number("-3/2"), number("0.75")
    (Fraction(-3, 2), Fraction(3, 4))
    >>> number("1e999999999")
    Traceback (most recent call last):
    ValueError: not a number: '1e999999999' (write it as 3/2, -1 or 0.75, in at most 50 characters)
    """
    if isinstance(text, str) and len(text) <= _NUMBER_LENGTH and _NUMBER.fullmatch(text):
        try:
            return Fraction(text)
        except ZeroDivisionError:
            pass
    raise ValueError(f"not a number: {reprlib.repr(text)} (write it as 3/2, -1 or 0.75, "
                     f"in at most {_NUMBER_LENGTH} characters)")


def _short_game(value: Any) -> Game:
    """The short `Game` a census query asks for; a `ValueError` for a value of another kind."""
    found = parse(value) if isinstance(value, str) else value
    if isinstance(found, Value) and not isinstance(found, Game):
        raise ValueError(f"{found} is a {type(found).__name__}, not a short game: "
                         "every value in a census is a short game")
    return Game(found)


def _exact(value: Any) -> Any:
    """``value``, text (see `number`) or a rational number, as a Fraction; else a ValueError."""
    if isinstance(value, str):
        return number(value.strip())
    try:
        return Fraction(value)
    except (TypeError, ValueError, OverflowError):
        raise ValueError(f"not a number: {reprlib.repr(value)}") from None


def _comparisons(temperature: Any) -> Any:
    """``[(op, bound), ...]`` for a temperature filter: ``'>=3/2'``, a number, or ``(lo, hi)``."""
    if isinstance(temperature, tuple):
        lo, hi = temperature
        return ([(">=", _exact(lo))] if lo is not None else []) + \
               ([("<=", _exact(hi))] if hi is not None else [])
    if not isinstance(temperature, str):
        return [("=", _exact(temperature))]
    text = temperature.replace(" ", "")
    for op in (">=", "<=", "==", ">", "<", "="):
        if text.startswith(op):
            text = text[len(op):]
            break
    else:
        op = "="
    try:
        bound = number(text)
    except ValueError:
        raise ValueError(f"not a temperature condition: {reprlib.repr(temperature)} "
                         f"(try '>=3/2', '<1', '=0')") from None
    return [("=" if op == "==" else op, bound)]


def _float_condition(column: str, op: str, bound: Any) -> Any:
    """``(condition, parameters)``: SQL for ``column op bound``, exact when ``column`` holds floats
    and ``bound`` is any rational number.

    >>> _float_condition("t", ">=", Fraction(1, 3)), _float_condition("t", "=", Fraction(1, 3))
    (('t >= ?', [0.33333333333333337]), ('0', []))
    """
    below, above = _floats_around(bound)
    if op == "=":
        return (f"{column} = ?", [below]) if below == above else ("0", [])
    return f"{column} {op} ?", [above if op in (">=", "<") else below]


def _floats_around(x: Any) -> Any:
    """The greatest float ``<= x`` and the least float ``>= x`` (infinities included), for a Fraction ``x``."""
    try:
        f = float(x)
    except OverflowError:
        f = math.inf if x > 0 else -math.inf
    if math.isinf(f):
        return (math.nextafter(f, 0), f) if f > 0 else (f, math.nextafter(f, 0))
    if Fraction(f) == x:
        return f, f
    return (f, math.nextafter(f, math.inf)) if Fraction(f) < x else (math.nextafter(f, -math.inf), f)
