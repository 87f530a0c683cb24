"""A database file: one SQLite file with a versioned ``meta`` table, read as untrusted, locked while written.

Every cgt database is one SQLite file with a table ``meta(key TEXT PRIMARY KEY,
value TEXT)`` holding at least ``schema_version``, ``ruleset`` and
``cgt_version``.  The ruleset names the schema of the rest of the file (a grid
census, `cgt.db.store`, or the octal games, `cgt.db.octal`), and each schema
has its own version.  A file that is missing, not SQLite, without ``meta`` or
of an unknown ruleset or version, or whose tables are not those of its schema,
is a `DatabaseError`, and is never changed.

Reading never writes: `connect` opens the file read-only and leaves its journal
mode alone.  What a file holds is untrusted: every row read is checked for
the types its schema promises (`Connection.rows`), and a query stops at Ctrl-C
or when SQLite has worked longer than ``LIMITS.query_seconds`` on one row.
Writing (`connect_for_writing`) holds an exclusive lock on the database file
itself, so one build at a time writes it, by whatever name it is opened.

>>> import tempfile, pathlib
>>> path = pathlib.Path(tempfile.mkdtemp()) / "x.sqlite"
>>> toys = {"toy": Schema(1, "CREATE TABLE toys (name TEXT);")}
>>> new = {"schema_version": 1, "ruleset": "toy", "cgt_version": "0"}
>>> connection, meta, lock = connect_for_writing(path, toys, new)
>>> connect_for_writing(path, toys, new)
Traceback (most recent call last):
cgt.errors.DatabaseError: another build is writing .../x.sqlite; wait for it to end, or stop it
>>> connection.close(); lock.close(); meta["ruleset"]
'toy'
>>> connect(path, {"octal": Schema(1, "")})
Traceback (most recent call last):
cgt.errors.DatabaseError: ... is not a database of a ruleset cgt reads here (its ruleset is toy; ...)
"""

import functools
import os
import reprlib
import sqlite3
import time
from pathlib import Path

from cgt.db.limits import LIMITS
from cgt.errors import DatabaseError
from cgt.value import Struct

try:
    import fcntl
except ImportError:             # Windows: builds take no lock
    fcntl = None

__all__ = ["INT64", "Connection", "DatabaseFile", "Schema", "between", "connect", "connect_for_writing",
           "limit_clause", "printable", "shown"]

INT64 = (-(1 << 63), (1 << 63) - 1)
"""The least and the greatest integer SQLite stores."""

_META = "CREATE TABLE meta (key TEXT PRIMARY KEY, value TEXT NOT NULL);\n"
_META_KEYS = ("schema_version", "ruleset", "cgt_version")
_HEADER = b"SQLite format 3\0"
_CACHE_KIB = 256 * 1024
"""SQLite's page cache per connection of a build: a census inserts its positions in no useful order."""
_PROGRESS_STEPS = 10_000
"""SQLite calls the progress handler of a read every this many virtual-machine steps (about a millisecond)."""


class Schema(Struct):
    """The tables of one kind of database (SQL ``CREATE`` statements besides ``meta``) and their version."""

    __slots__ = ("version", "sql")
    version: int
    sql: str

    def __init__(self, version: int, sql: str) -> None:
        self._init(version, sql)


class Connection(sqlite3.Connection):
    """A connection to a cgt database, whose `rows` are checked and whose reads can be stopped."""

    path = None
    _deadline = None        # while a read waits on SQLite: when it must stop
    _timed_out = False

    def guard(self):
        """Make reads stoppable: by Ctrl-C, and past ``LIMITS.query_seconds`` on one row."""
        self.set_progress_handler(self._progress, _PROGRESS_STEPS)

    def _progress(self):
        # A Ctrl-C raises KeyboardInterrupt here: sqlite3 drops it and stops the query
        # ("interrupted"), which `rows` turns back into a KeyboardInterrupt.
        if self._deadline is not None and time.monotonic() > self._deadline:
            self._timed_out = True
            return 1
        return 0

    def rows(self, sql, params=(), types=None):
        """The rows of the query ``sql``; each value an instance of ``types[i]`` (a type or a
        tuple of them), else a `DatabaseError`.  Any error of SQLite is a `DatabaseError` too."""
        seconds = LIMITS.query_seconds
        self._timed_out = False
        try:
            self._deadline = time.monotonic() + seconds
            for row in self.execute(sql, params):
                if types is not None and not all(map(isinstance, row, types)):
                    self._refuse(row, types)
                yield row
                self._deadline = time.monotonic() + seconds
        except UnicodeDecodeError:
            raise DatabaseError(f"{self.path} is damaged or not written by cgt: it holds text that is not "
                                f"UTF-8") from None
        except sqlite3.Error as error:
            if self._timed_out:
                raise DatabaseError(f"reading {self.path} stopped: SQLite worked more than {seconds:g} s on one "
                                    f"row; raise the limit with "
                                    f"{LIMITS.how_to_raise('query_seconds', 10 * seconds)}") from None
            if str(error) == "interrupted":
                raise KeyboardInterrupt from None
            if str(error) == "file is not a database":
                raise DatabaseError(f"{self.path} is not an SQLite database ({error})") from None
            if str(error) == "unable to open database file":
                raise DatabaseError(f"cannot read {self.path} ({error}; a file with a write-ahead log, -wal, "
                                    f"also needs its -shm file, or a writable folder to make it in)") from None
            raise DatabaseError(f"{self.path} is damaged or not a cgt database "
                                f"({printable(str(error))})") from None
        finally:
            self._deadline = None

    def row(self, sql, params=(), types=None):
        """The first row of the query ``sql`` (checked as by `rows`), or None."""
        return next(self.rows(sql, params, types), None)

    def _refuse(self, row, types):
        """A `DatabaseError` naming the first value of ``row`` that is not an instance of its ``types``."""
        for value, expected in zip(row, types):
            if not isinstance(value, expected):
                names = " or ".join(t.__name__ for t in (expected if isinstance(expected, tuple) else (expected,)))
                raise DatabaseError(f"{self.path} is damaged or not written by cgt: it holds "
                                    f"{reprlib.repr(value)} where {names.replace('NoneType', 'NULL')} belongs")


def connect(path, schemas):
    """A read-only connection to the cgt database at ``path`` and its ``meta`` table (a dict), checked.

    ``schemas`` maps each ruleset the caller reads to its `Schema`.  The file
    is opened read-only (``mode=ro``; and ``immutable=1`` when no one can be
    writing it: its folder is read-only and it has no journal), so it never
    changes.
    """
    path = Path(path)
    if not path.is_file():
        raise DatabaseError(f"{path} is not a file" if path.exists() else f"no database at {path}")
    connection = _open(path, writable=False)
    try:
        meta = _checked(connection, schemas)
        if meta is None:
            raise DatabaseError(f"{path} is an SQLite file but not a cgt database (no meta table)")
    except BaseException:
        connection.close()
        raise
    return connection, meta


def connect_for_writing(path, schemas, new):
    """A connection to write the cgt database at ``path``, its ``meta`` table (a dict), and its lock.

    ``new`` holds the meta rows of a new database, its ``ruleset`` among them,
    and ``schemas[new['ruleset']]`` is its `Schema`.  The file may be missing,
    empty or an SQLite file without any table (a creation cut short): it then
    gets the tables and those rows in one transaction.  An existing database
    must be of that ruleset; it is checked read-only before it is written.

    The lock is an exclusive ``flock`` on the database file itself, not on its
    name, so a build through a hard link or a symbolic link finds it locked
    too; it is held while the lock (an open file) stays open: close it after
    the connection.  A second writer gets a `DatabaseError` at once, and the
    kernel drops the lock when its holder dies, even by SIGKILL.  The journal
    is set to WAL.  On any `DatabaseError` nothing is left open and the file
    is as it was (made empty if it was missing).
    """
    path = Path(path)
    if path.exists():
        _check_header(path)
    lock = _lock(path)
    connection = None
    try:
        reader = _open(path, writable=False)
        try:
            _checked(reader, schemas, new["ruleset"])
        finally:
            reader.close()
        connection = _open(path, writable=True)
        if _checked(connection, schemas, new["ruleset"]) is None:
            inserts = "".join(f"INSERT INTO meta VALUES ('{key}', '{value}');\n" for key, value in new.items())
            _script(connection, f"BEGIN;\n{_META}{schemas[new['ruleset']].sql}\n{inserts}COMMIT;")
        meta = _checked(connection, schemas, new["ruleset"])
        # A commit reaches the file before the call returns, so a killed build loses
        # nothing committed; only a crash of the machine itself could (then the last
        # shards are computed again: the file stays a union of whole shards).
        _script(connection, f"PRAGMA journal_mode = WAL; PRAGMA synchronous = NORMAL;"
                            f" PRAGMA cache_size = -{_CACHE_KIB};")
    except BaseException:
        if connection is not None:
            connection.close()
        lock.close()
        raise
    return connection, meta, lock


def between(column, bounds):
    """``(condition, parameters)``: SQL for ``column`` being ``bounds``, an int, a range or a pair
    ``(lo, hi)`` of inclusive bounds (None: unbounded), exact for integers of any size.

    >>> between("cells", range(3, 10**30)), between("cells", 2**70)
    (('cells >= ?', [3]), ('0', []))
    """
    if isinstance(bounds, range) and abs(bounds.step) != 1:
        values = bounds[:1001]
        if len(values) > 1000:
            raise ValueError(f"a range with a step may hold at most 1000 numbers, not {bounds}")
        values = [value for value in values if INT64[0] <= value <= INT64[1]]
        return f"{column} IN ({', '.join('?' * len(values))})", values
    if isinstance(bounds, range):
        if not bounds:
            return "0", []
        bounds = (min(bounds[0], bounds[-1]), max(bounds[0], bounds[-1]))
    elif not isinstance(bounds, tuple):
        bounds = (bounds, bounds)
    lo, hi = (None if bound is None else _whole(bound) for bound in bounds)
    if (lo is not None and lo > INT64[1]) or (hi is not None and hi < INT64[0]):
        return "0", []
    conditions, parameters = [], []
    if lo is not None and lo > INT64[0]:
        conditions.append(f"{column} >= ?")
        parameters.append(lo)
    if hi is not None and hi < INT64[1]:
        conditions.append(f"{column} <= ?")
        parameters.append(hi)
    return " AND ".join(conditions) or f"{column} IS NOT NULL", parameters


def limit_clause(limit):
    """``(clause, parameters)``: SQL that keeps the first ``limit`` rows (None: all).

    >>> limit_clause(None), limit_clause(10**30)
    (('', []), (' LIMIT ?', [9223372036854775807]))
    """
    if limit is None:
        return "", []
    limit = _whole(limit)
    if limit < 0:
        raise ValueError(f"a limit is 0 or more, not {limit}")
    return " LIMIT ?", [min(limit, INT64[1])]


def printable(text):
    r"""``text`` with backslashes and unprintable characters escaped as in Python literals, so that
    text from a file can neither add lines or columns nor send escape sequences to a terminal.

    >>> print(printable("..|..\n4\t\x1b[2J"))
    ..|..\n4\t\x1b[2J
    """
    if text.isprintable() and "\\" not in text:
        return text
    return "".join(ch if ch.isprintable() and ch != "\\" else ch.encode("unicode_escape").decode("ascii")
                   for ch in text)


def shown(value):
    r"""``value`` (from a file) for a message: short text made `printable`, anything else its
    shortened ``repr``, so a message stays on one line and sends no escape sequences.

    >>> shown("domineering"), shown("dom\x1b[2J"), shown(None), shown("x" * 100)
    ('domineering', 'dom\\x1b[2J', 'None', "'xxxxxxxxxxxx...xxxxxxxxxxxxx'")
    """
    if isinstance(value, str) and len(value) <= 40:
        return printable(value)
    return reprlib.repr(value)


def _whole(value):
    """``value`` as an int, or a ValueError."""
    try:
        return int(value)
    except (TypeError, ValueError, OverflowError):
        raise ValueError(f"not a whole number: {reprlib.repr(value)}") from None


def _check_header(path):
    """A `DatabaseError` unless ``path`` is a file, empty or beginning as SQLite files do."""
    if not path.is_file():
        raise DatabaseError(f"{path} is not a file")
    try:
        with path.open("rb") as file:
            header = file.read(len(_HEADER))
    except OSError as error:
        raise DatabaseError(f"cannot read {path} ({error.strerror})") from None
    if header and header != _HEADER:
        raise DatabaseError(f"{path} is not an SQLite database (it does not begin as one)")


def _lock(path):
    """The file at ``path`` (made empty if missing) opened, with an exclusive ``flock`` on it."""
    try:
        lock = path.open("ab")
    except OSError as error:
        raise DatabaseError(f"cannot write {path} ({error.strerror})") from None
    if fcntl is not None:
        try:
            fcntl.flock(lock, fcntl.LOCK_EX | fcntl.LOCK_NB)
        except BlockingIOError:
            lock.close()
            raise DatabaseError(f"another build is writing {path}; wait for it to end, or stop it") from None
        except OSError as error:
            lock.close()
            raise DatabaseError(f"cannot lock {path} ({error.strerror})") from None
    return lock


def _open(path, writable):
    """A `Connection` to ``path``: to write, or read-only and guarded (`Connection.guard`)."""
    resolved = path.resolve()
    if writable:
        target, uri = str(resolved), False
    else:
        target, uri = resolved.as_uri() + "?mode=ro", True
        journals = (Path(f"{resolved}-wal"), Path(f"{resolved}-journal"))
        if not os.access(resolved.parent, os.W_OK) and not any(journal.exists() for journal in journals):
            target += "&immutable=1"        # no one can be writing it (nor make the -shm WAL reads need)
    try:
        connection = sqlite3.connect(target, uri=uri, factory=Connection)
    except sqlite3.Error as error:
        raise DatabaseError(f"cannot open a database at {path} ({printable(str(error))})") from None
    connection.path = path
    try:
        if hasattr(connection, "setlimit"):     # Python 3.11 and later
            # Stored text and blobs are at most a few MB (nim sequences to LIMITS.max_heap).
            connection.setlimit(sqlite3.SQLITE_LIMIT_LENGTH, 4 * (LIMITS.max_heap + 1) + (1 << 20))
        _script(connection, "PRAGMA trusted_schema = OFF; PRAGMA cell_size_check = ON;")
        if not writable:
            connection.guard()
    except BaseException:
        connection.close()
        raise
    return connection


def _script(connection, sql):
    """Run the SQL script ``sql``; an error of SQLite is a `DatabaseError`."""
    try:
        connection.executescript(sql)
    except sqlite3.Error as error:
        raise DatabaseError(f"cannot write {connection.path} ({printable(str(error))})") from None


def _checked(connection, schemas, ruleset=None):
    """The ``meta`` table of the database of ``connection`` (a dict), None when the file has no
    table at all, after checking that it is a database of ``ruleset`` (if given), of a ruleset
    of ``schemas`` and its version, with that schema's tables; else a `DatabaseError`."""
    path = connection.path
    objects = {name: (kind, sql) for name, kind, sql in connection.rows(
        "SELECT name, type, sql FROM sqlite_master", types=(str, str, (str, type(None))))}
    if not objects:
        return None
    if "meta" not in objects:
        raise DatabaseError(f"{path} is an SQLite file but not a cgt database (no meta table)")
    _check_tables(connection, _META, objects)
    meta = dict(connection.rows("SELECT key, value FROM meta", types=(str, str)))
    missing = [key for key in _META_KEYS if key not in meta]
    if missing:
        raise DatabaseError(f"{path} is damaged or not written by cgt: its meta table has no {missing[0]}")
    found = meta["ruleset"]
    if ruleset is not None and found != ruleset:
        raise DatabaseError(f"{path} is a database of {shown(found)}, not {ruleset}")
    if found not in schemas:
        raise DatabaseError(f"{path} is not a database of a ruleset cgt reads here (its ruleset is "
                            f"{shown(found)}; the rulesets read: {', '.join(schemas)})")
    schema = schemas[found]
    if meta["schema_version"] != str(schema.version):
        raise DatabaseError(f"{path} is not a cgt database of schema version {schema.version} "
                            f"(its schema_version is {shown(meta['schema_version'])}, its ruleset {found})")
    _check_tables(connection, schema.sql, objects)
    if any(kind == "trigger" for kind, _ in objects.values()):
        raise DatabaseError(f"{path} is damaged or not written by cgt: it has triggers")
    return meta


def _check_tables(connection, sql, objects):
    """A `DatabaseError` unless the file has the tables of ``sql``, with their columns, as tables."""
    for name, columns in _tables(sql).items():
        kind, definition = objects.get(name, (None, None))
        if kind != "table" or (definition or "").upper().startswith("CREATE VIRTUAL"):
            instead = "virtual table" if kind == "table" else kind
            what = "no table" if kind is None else f"a {instead} instead of the table"
            raise DatabaseError(f"{connection.path} is damaged or not written by cgt: it has {what} {name}")
        found = list(connection.rows("SELECT name, type, hidden FROM pragma_table_xinfo(?)", (name,)))
        if found != columns:
            raise DatabaseError(f"{connection.path} is damaged or not written by cgt: its table {name} has "
                                f"the columns {_columns(found)}, not {_columns(columns)}")


def _columns(columns):
    """The columns ``(name, declared type, hidden)`` of a table, for a message."""
    return ", ".join(f"{shown(name)} {shown(kind)}{' (hidden or generated)' if hidden else ''}"
                     for name, kind, hidden in columns)


@functools.cache
def _tables(sql):
    """Table name -> its columns ``(name, declared type, hidden)``, of the tables ``sql`` makes."""
    connection = sqlite3.connect(":memory:")
    try:
        connection.executescript(sql)
        names = [name for name, in connection.execute("SELECT name FROM sqlite_master WHERE type = 'table'")]
        return {name: connection.execute("SELECT name, type, hidden FROM pragma_table_xinfo(?)", (name,)).fetchall()
                for name in names}
    finally:
        connection.close()


class DatabaseFile:
    """An open cgt database: its connection, path, cgt version and (when it is written) lock; a
    context manager that closes it.  `cgt.db.Database` and `cgt.db.OctalDatabase` add their queries."""

    def __init__(self, connection, path, meta, lock=None):
        self._connection = connection
        self._lock = lock
        self.path = path
        self.cgt_version = meta["cgt_version"]

    def __enter__(self):
        return self

    def __exit__(self, *exc):
        self.close()

    def close(self):
        """Close the connection, then release the lock; the file stays."""
        self._connection.close()
        if self._lock is not None:
            self._lock.close()
