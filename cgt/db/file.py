"""A database file: one SQLite file with a versioned ``meta`` table, and the lock a build takes.

Every cgt database is one SQLite file with a table ``meta(key TEXT PRIMARY KEY,
value TEXT)`` holding at least ``schema_version``, ``ruleset`` and
``cgt_version``.  The ruleset names the schema of the rest of the file (a grid
census, `cgt.db.store`, or the octal games, `cgt.db.octal`), and each schema
has its own version.  A file that is missing, not SQLite, without ``meta`` or
of an unknown ruleset or version is a `DatabaseError`, and is never changed.

>>> import tempfile, pathlib
>>> path = pathlib.Path(tempfile.mkdtemp()) / "x.sqlite"
>>> new = {"schema_version": 1, "ruleset": "toy", "cgt_version": "0"}
>>> connection, meta = connect(path, {"toy": 1}, new, "CREATE TABLE toys (name TEXT);")
>>> connection.close(); meta["ruleset"]
'toy'
>>> connect(path, {"octal": 1})
Traceback (most recent call last):
cgt.errors.DatabaseError: ... is not a database of a ruleset cgt reads here (its ruleset is toy; ...)
"""

import sqlite3
from contextlib import contextmanager
from pathlib import Path

from cgt.errors import DatabaseError

try:
    import fcntl
except ImportError:             # Windows: builds take no lock
    fcntl = None

__all__ = ["DatabaseFile", "connect", "write_lock"]

_CACHE_KIB = 256 * 1024
"""SQLite's page cache per connection: a census inserts its positions in no useful order."""


def connect(path, versions, new=None, schema=""):
    """A connection to the cgt database at ``path`` and its ``meta`` table (a dict), checked.

    ``versions`` maps each ruleset the caller reads to the schema version it
    reads.  Without ``new`` the file must exist.  With ``new``, the meta rows
    of a new database (its ``ruleset`` among them), the file may be missing or
    an SQLite file without any table (a creation cut short): it then gets
    ``schema`` (SQL) and those rows in one transaction; an existing database
    must be of that ruleset.  The journal is set to WAL.  On any `DatabaseError`
    the connection is closed and the file left as it was.
    """
    path = Path(path)
    if new is None and not path.is_file():
        raise DatabaseError(f"no database at {path}")
    if path.exists() and not path.is_file():
        raise DatabaseError(f"{path} is not a file")
    try:
        if new is None:
            connection = sqlite3.connect(path.resolve().as_uri() + "?mode=rw", uri=True)
        else:
            connection = sqlite3.connect(path)
    except sqlite3.Error as error:
        raise DatabaseError(f"cannot open a database at {path} ({error})") from None
    try:
        try:
            tables = {name for name, in connection.execute("SELECT name FROM sqlite_master")}
        except sqlite3.DatabaseError as error:
            raise DatabaseError(f"{path} is not an SQLite database ({error})") from None
        if not tables and new is not None:
            inserts = "".join(f"INSERT INTO meta VALUES ('{key}', '{value}');\n" for key, value in new.items())
            connection.executescript("BEGIN;\nCREATE TABLE meta (key TEXT PRIMARY KEY, value TEXT NOT NULL);\n"
                                     f"{schema}\n{inserts}COMMIT;")
        elif "meta" not in tables:
            raise DatabaseError(f"{path} is an SQLite file but not a cgt database (no meta table)")
        meta = dict(connection.execute("SELECT key, value FROM meta"))
        version, ruleset = meta.get("schema_version"), meta.get("ruleset")
        if new is not None and ruleset is not None and ruleset != new["ruleset"]:
            raise DatabaseError(f"{path} is a database of {ruleset}, not {new['ruleset']}")
        if ruleset not in versions:
            raise DatabaseError(f"{path} is not a database of a ruleset cgt reads here (its ruleset is "
                                f"{ruleset}; the rulesets read: {', '.join(versions)})")
        if version != str(versions[ruleset]):
            raise DatabaseError(f"{path} is not a cgt database of schema version {versions[ruleset]} "
                                f"(its schema_version is {version}, its ruleset {ruleset})")
        connection.execute("PRAGMA journal_mode = WAL")
        # A commit reaches the file before the call returns, so a killed build loses
        # nothing committed; only a crash of the machine itself could (then the last
        # shards are computed again: the file stays a union of whole shards).
        connection.execute("PRAGMA synchronous = NORMAL")
        connection.execute(f"PRAGMA cache_size = -{_CACHE_KIB}")
    except BaseException:
        connection.close()
        raise
    return connection, meta


@contextmanager
def write_lock(path):
    """Hold the lock of the database at ``path`` for a build: an exclusive `fcntl.flock` on
    the file ``path + '-lock'`` (made if missing, left in place after).

    A second build of the same file, in this process or another, gets a
    `DatabaseError` at once.  The kernel drops the lock when its holder dies,
    even by SIGKILL, so a killed build never leaves the file locked.  Where
    there is no ``fcntl`` (Windows) no lock is taken.

    >>> import tempfile, pathlib
    >>> path = pathlib.Path(tempfile.mkdtemp()) / "x.sqlite"
    >>> with write_lock(path):
    ...     with write_lock(path):
    ...         pass
    Traceback (most recent call last):
    cgt.errors.DatabaseError: another build is writing .../x.sqlite (it holds .../x.sqlite-lock)
    """
    lock = Path(f"{path}-lock")
    with lock.open("a") as handle:
        if fcntl is not None:
            try:
                fcntl.flock(handle, fcntl.LOCK_EX | fcntl.LOCK_NB)
            except BlockingIOError:
                raise DatabaseError(f"another build is writing {path} (it holds {lock})") from None
        yield


class DatabaseFile:
    """An open cgt database: its connection, path and cgt version; a context manager that
    closes it.  `cgt.db.Database` and `cgt.db.OctalDatabase` add their queries."""

    def __init__(self, connection, path, meta):
        self._connection = connection
        self.path = path
        self.cgt_version = meta["cgt_version"]

    def __enter__(self):
        return self

    def __exit__(self, *exc):
        self.close()

    def close(self):
        """Close the connection; the file stays."""
        self._connection.close()
