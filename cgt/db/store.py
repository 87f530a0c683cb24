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
...     [(r.shape, r.value, r.kind) for r in db.positions(cells=2)], db.stats()["shards_done"]
([('.|.', '1', 'integer')], {1: (0, 1), 2: (1, 1)})
"""

from contextlib import contextmanager
from fractions import Fraction
from pathlib import Path

from attrs import frozen

from cgt.db import octal
from cgt.db.census import KINDS, RULESETS, cgt_version
from cgt.db.file import DatabaseFile, connect
from cgt.db.octal import OctalDatabase
from cgt.errors import DatabaseError

__all__ = ["SCHEMA_VERSION", "Database", "Record", "create", "open"]

SCHEMA_VERSION = 2
"""The version of the schema this module writes and reads (``meta.schema_version``)."""

# The schema version `open` reads, for each ruleset.
_VERSIONS = {**dict.fromkeys(RULESETS, SCHEMA_VERSION), octal.RULESET: octal.SCHEMA_VERSION}

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

# Columns `Database.frequencies` groups by: name -> (expression shown, expression sorted by).
_GROUPS = {
    "cells": ("p.cells", "p.cells"),
    "kind": ("v.kind", "v.kind"),
    "outcome": ("v.outcome", "v.outcome"),
    "value": ("v.notation", "v.notation"),
    "birthday": ("v.birthday", "v.birthday"),
    "temperature": ("v.temperature", "v.temperature_float"),
}


@frozen
class Record:
    """A stored position: its board string ``shape`` of ``cells`` cells, and its value's
    notation, kind, outcome and temperature (a Fraction)."""

    ruleset: str
    shape: str
    cells: int
    value: str
    kind: str
    outcome: str
    temperature: Fraction

    @property
    def position(self):
        """The position itself, e.g. ``Domineering(shape)`` (it draws itself in notebooks)."""
        return RULESETS[self.ruleset][0](self.shape)


def open(path):
    """The database in the existing file ``path``: a census (`Database`) or of octal games
    (`cgt.db.octal.OctalDatabase`), as its ``meta`` table says.

    A missing file, a file that is not SQLite, or an SQLite file of another
    schema is a `DatabaseError`; the file is never changed then.
    """
    connection, meta = connect(path, _VERSIONS)
    kind = OctalDatabase if meta["ruleset"] == octal.RULESET else Database
    return kind(connection, Path(path), meta)


def create(path, ruleset):
    """A new, empty census database of ``ruleset`` at ``path``, or the existing one there.

    An existing file must be a database of the same ruleset (to resume its build),
    or an SQLite file without any table (a creation cut short); anything else
    there is a `DatabaseError`, and is never changed.
    """
    if ruleset not in RULESETS:
        raise ValueError(f"unknown ruleset {ruleset!r}; known: {', '.join(RULESETS)}")
    new = {"schema_version": SCHEMA_VERSION, "ruleset": ruleset, "cgt_version": cgt_version()}
    connection, meta = connect(path, {ruleset: SCHEMA_VERSION}, new, _SCHEMA)
    return Database(connection, Path(path), meta)


class Database(DatabaseFile):
    """An open census database: positions and values of one ruleset, queried and added to.

    Made by `open` or `create`; a context manager that closes it.
    """

    def __init__(self, connection, path, meta):
        super().__init__(connection, path, meta)
        self._value_ids = None          # notation -> id of game_values, once a shard is added
        self.ruleset = meta["ruleset"]

    def __repr__(self):
        return f"<cgt.db.Database {self.ruleset} at {str(self.path)!r}>"

    # ------------------------------------------------------------ queries
    def positions(self, value=None, kind=None, outcome=None, cells=None, temperature=None,
                  limit=None):
        """The stored positions (`Record` s) that match every filter given, by cells then shape.

        ``value``: a game (or its notation, in any spelling `cgt.parse` reads);
        ``kind``: one of `cgt.db.census.KINDS`; ``outcome``: 'L', 'R', 'N' or 'P';
        ``cells``: an int or a range; ``temperature``: a comparison such as
        ``'>=3/2'`` (``>``, ``<``, ``<=``, ``=`` too), a number, or a pair
        ``(lo, hi)`` of inclusive bounds (None: unbounded).
        """
        where, params = [], []
        if value is not None:
            from cgt.game import Game

            where.append("v.notation = ?")
            params.append(str(value if isinstance(value, Game) else Game(value)))
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
            if isinstance(cells, range):
                where.append(f"p.cells IN ({', '.join('?' * len(cells))})")
                params.extend(cells)
            else:
                where.append("p.cells = ?")
                params.append(int(cells))
        if temperature is not None:
            for op, bound in _comparisons(temperature):
                where.append(f"v.temperature_float {op} ?")
                params.append(float(bound))
        sql = ("SELECT p.shape, p.cells, v.notation, v.kind, v.outcome, v.temperature"
               " FROM positions p JOIN game_values v ON v.id = p.value_id")
        if where:
            sql += " WHERE " + " AND ".join(where)
        sql += " ORDER BY p.cells, p.shape"
        if limit is not None:
            sql += " LIMIT ?"
            params.append(int(limit))
        for shape, n, notation, kind_, outcome_, t in self._connection.execute(sql, params):
            yield Record(self.ruleset, shape, n, notation, kind_, outcome_, Fraction(t))

    def frequencies(self, by=("cells", "kind")):
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
        rows = self._connection.execute(
            f"SELECT {', '.join(shown)}, count(*) FROM positions p JOIN game_values v"
            f" ON v.id = p.value_id GROUP BY {', '.join(shown)} ORDER BY {', '.join(order)}")
        if isinstance(by, str):
            return {key: count for key, count in rows}
        return {tuple(row[:-1]): row[-1] for row in rows}

    def stats(self):
        """A summary: the ruleset, the positions per size, the distinct values, the
        shards done per size as ``(done, planned)``, and the seconds their computing
        took per size (summed over shards, so over workers too)."""
        execute = self._connection.execute
        return {
            "ruleset": self.ruleset,
            "cgt_version": self.cgt_version,
            "positions": dict(execute("SELECT cells, count(*) FROM positions GROUP BY cells ORDER BY cells")),
            "values": execute("SELECT count(*) FROM game_values").fetchone()[0],
            "shards_done": {size: (done, planned) for size, done, planned in execute(
                "SELECT size, sum(done), count(*) FROM shards GROUP BY size ORDER BY size")},
            "seconds": dict(execute(
                "SELECT size, sum(seconds) FROM shards WHERE seconds IS NOT NULL GROUP BY size ORDER BY size")),
        }

    # ------------------------------------------------------------ building
    def plan(self, max_cells, shards):
        """Record the shards of the sizes 1..max_cells not planned yet, ``shards[n]`` for size n;
        return the shards ``(size, shard, shards)`` not done, in order.

        A size planned before keeps its plan, so a resumed build splits it the same way.
        """
        with self._connection:
            planned = {size for size, in self._connection.execute("SELECT DISTINCT size FROM shards")}
            self._connection.executemany(
                "INSERT INTO shards (size, shard, shards) VALUES (?, ?, ?)",
                [(n, i, shards[n]) for n in range(1, max_cells + 1) if n not in planned
                 for i in range(shards[n])])
        return list(self._connection.execute(
            "SELECT size, shard, shards FROM shards WHERE done = 0 AND size <= ? ORDER BY size, shard",
            (max_cells,)))

    @contextmanager
    def indexes_deferred(self):
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

    def add_shard(self, size, shard, shards, rows, seconds=None):
        """Insert a computed shard's ``rows`` and mark it done, in one transaction.

        ``seconds``: the time computing it took, for `stats`.  A row is ``(shape,
        cells, notation, kind, outcome, mean, temperature, left_stop, right_stop,
        birthday, atomic_weight)`` (`cgt.db.build.compute_shard`).  A shard not
        in the plan, or stored already, is a `DatabaseError`.
        """
        if self._value_ids is None:
            self._value_ids = dict(self._connection.execute("SELECT notation, id FROM game_values"))
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


def _comparisons(temperature):
    """``[(op, bound), ...]`` for a temperature filter: ``'>=3/2'``, a number, or ``(lo, hi)``."""
    if isinstance(temperature, tuple):
        lo, hi = temperature
        return ([(">=", Fraction(lo))] if lo is not None else []) + \
               ([("<=", Fraction(hi))] if hi is not None else [])
    if not isinstance(temperature, str):
        return [("=", Fraction(temperature))]
    text = temperature.replace(" ", "")
    for op in (">=", "<=", "==", ">", "<", "="):
        if text.startswith(op):
            text = text[len(op):]
            break
    else:
        op = "="
    try:
        bound = Fraction(text)
    except ValueError:
        raise ValueError(f"not a temperature condition: {temperature!r} (try '>=3/2', '<1', '=0')") from None
    return [("=" if op == "==" else op, bound)]
