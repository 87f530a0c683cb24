"""Fuzzing the readers of database files: `cgt.db.open` and ``cgt db stats / query`` on crafted files.

Each file starts as a small census or database of octal games (in WAL or
rollback-journal mode) and is then changed by SQL (values of any type put
in any column, rows deleted or added, tables dropped, renamed, made views,
given new columns or triggers, zlib bombs stored) and by bytes (flipped,
cut off, appended).  A reader may answer with what the file holds or with a
`DatabaseError` (from the command: exit status 1 and one line on stderr),
within `HANG` seconds, and prints no control character but the tab and
newline of its layout.  ``CGT_FUZZ_EXAMPLES`` sets the examples per reader
(long runs); ``CGT_DB_FUZZ_REPORT`` names a JSON file that receives, per
reader, the inputs read, the outcomes and the slowest time.
"""

import contextlib
import io
import json
import os
import shutil
import signal
import sqlite3
import tempfile
import time
import zlib
from pathlib import Path

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from cgt.cli import main
from cgt.db import DatabaseError, OctalDatabase, build, build_octal, open as open_db

EXAMPLES = int(os.environ.get("CGT_FUZZ_EXAMPLES", "50"))
FUZZ = settings(max_examples=EXAMPLES, deadline=None, database=None,
                suppress_health_check=[HealthCheck.too_slow, HealthCheck.data_too_large])
HANG = 5
"""Seconds a reading may take at most."""

TABLES = {
    "census": {"meta": ["key", "value"],
               "game_values": ["id", "notation", "kind", "outcome", "mean", "temperature", "temperature_float",
                               "left_stop", "right_stop", "birthday", "atomic_weight"],
               "positions": ["shape", "cells", "value_id"],
               "shards": ["size", "shard", "shards", "done", "seconds"]},
    "octal": {"meta": ["key", "value"],
              "octal_games": ["code", "digits", "period", "preperiod", "saltus", "max_value", "distinct_values",
                              "nim_values"]},
}

SMALL_BOMB = zlib.compress(bytes(16 << 20), 9)      # 16 KB inflating to 16 MiB
STORED = st.one_of(
    st.none(), st.integers(-(1 << 63), (1 << 63) - 1), st.floats(allow_nan=False), st.text(max_size=12),
    st.binary(max_size=12),
    st.sampled_from(["1e999999999", "1/0", "-1", "3/2", "0", "1", "50", "9" * 30, "\n", "\x1b[2J", "a\tb",
                     "0.77", "octal", "domineering", "cram", "2", "+-1", "{1|0}", "..|..", "integer",
                     "1000001", SMALL_BOMB, zlib.compress(b"\0" * 204), zlib.compress(b"\1" * 204)[:-2]]))


@st.composite
def sql_changes(draw, kind):
    """SQL statements (each with its parameters) that change a database of ``kind``."""
    tables = TABLES[kind]
    changes = []
    for _ in range(draw(st.integers(1, 4))):
        table = draw(st.sampled_from(sorted(tables)))
        column = draw(st.sampled_from(tables[table]))
        row = draw(st.integers(0, 20))
        change = draw(st.sampled_from(["update", "update", "update", "delete", "insert", "drop", "view",
                                       "recursive view", "rename", "add column", "trigger", "journal"]))
        if change == "update":
            changes.append((f"UPDATE {table} SET {column} = ? WHERE rowid IN "
                            f"(SELECT rowid FROM {table} LIMIT 1 OFFSET ?)", (draw(STORED), row)))
        elif change == "delete":
            changes.append((f"DELETE FROM {table} WHERE rowid IN (SELECT rowid FROM {table} LIMIT 1 OFFSET ?)",
                            (row,)))
        elif change == "insert":
            values = [draw(STORED) for _ in tables[table]]
            changes.append((f"INSERT INTO {table} VALUES ({', '.join('?' * len(values))})", tuple(values)))
        elif change == "drop":
            changes.append((f"DROP TABLE {table}", ()))
        elif change in ("view", "recursive view"):
            columns = ", ".join(tables[table])
            body = (f"WITH RECURSIVE r({columns}) AS (SELECT * FROM {table}_old UNION ALL SELECT * FROM r) "
                    f"SELECT * FROM r") if change == "recursive view" else f"SELECT * FROM {table}_old"
            changes += [(f"ALTER TABLE {table} RENAME TO {table}_old", ()), (f"CREATE VIEW {table} AS {body}", ())]
        elif change == "rename":
            changes.append((f"ALTER TABLE {table} RENAME COLUMN {column} TO renamed", ()))
        elif change == "add column":
            changes.append((f"ALTER TABLE {table} ADD COLUMN extra TEXT DEFAULT 'x'", ()))
        elif change == "trigger":
            changes.append((f"CREATE TRIGGER noisy AFTER INSERT ON {table} BEGIN SELECT 1; END", ()))
        else:
            changes.append((f"PRAGMA journal_mode = {draw(st.sampled_from(['DELETE', 'WAL', 'TRUNCATE']))}", ()))
    return changes


BYTE_CHANGES = st.lists(st.one_of(
    st.tuples(st.just("set"), st.floats(0, 1), st.binary(min_size=1, max_size=8)),
    st.tuples(st.just("cut"), st.floats(0, 1), st.just(b"")),
    st.tuples(st.just("append"), st.just(1.0), st.binary(min_size=1, max_size=64))), max_size=3)

CRAFTED = st.tuples(st.sampled_from(["census", "census-rollback", "octal", "octal-rollback"]), st.data())


@pytest.fixture(scope="module")
def originals(tmp_path_factory):
    folder = tmp_path_factory.mktemp("originals")
    build(folder / "census.sqlite", "domineering", 4)
    build_octal(folder / "octal.sqlite", digits=1, max_heap=50)
    for name in ("census", "octal"):
        shutil.copy(folder / f"{name}.sqlite", folder / f"{name}-rollback.sqlite")
        connection = sqlite3.connect(folder / f"{name}-rollback.sqlite")
        connection.execute("PRAGMA journal_mode = DELETE")
        connection.close()
    return folder


def crafted(originals, folder, name, data):
    """A copy of the original ``name`` in ``folder``, changed by SQL then by bytes drawn from ``data``."""
    path = folder / "crafted.sqlite"
    shutil.copy(originals / f"{name}.sqlite", path)
    connection = sqlite3.connect(path, isolation_level=None)
    connection.execute("PRAGMA synchronous = OFF")      # no wait for the disk: the file is thrown away
    for sql, params in data.draw(sql_changes(name.split("-")[0])):
        try:
            connection.execute(sql, params)
        except sqlite3.Error:       # a change the file refuses (a constraint, a table dropped before)
            pass
    connection.close()
    content = bytearray(path.read_bytes())
    for change, where, new in data.draw(BYTE_CHANGES):
        at = int(where * len(content))
        if change == "set":
            content[at:at + len(new)] = new
        elif change == "cut":
            del content[at:]
        else:
            content += new
    path.write_bytes(bytes(content))
    return path


# ---------------------------------------------------------------- the record
_RECORD = {}


class Hang(Exception):
    """A reading stopped after `HANG` seconds."""


def _stop(signum, frame):
    raise Hang(f"still reading after {HANG} s")


def _timed(reader, read, path):
    """``read(path)`` within `HANG` seconds, its outcome recorded; a `DatabaseError` is returned."""
    previous = signal.signal(signal.SIGALRM, _stop)
    signal.setitimer(signal.ITIMER_REAL, HANG)
    start = time.perf_counter()
    try:
        outcome = read(path)
    except DatabaseError as error:
        outcome = error
    finally:
        signal.setitimer(signal.ITIMER_REAL, 0)
        signal.signal(signal.SIGALRM, previous)
    seconds = time.perf_counter() - start
    entry = _RECORD.setdefault(reader, {"inputs": 0, "outcomes": {}, "slowest_seconds": 0.0})
    entry["inputs"] += 1
    name = type(outcome).__name__ if isinstance(outcome, Exception) else str(outcome)
    entry["outcomes"][name] = entry["outcomes"].get(name, 0) + 1
    entry["slowest_seconds"] = max(entry["slowest_seconds"], seconds)
    assert seconds < HANG
    return outcome


@pytest.fixture(scope="module", autouse=True)
def _report():
    yield
    path = os.environ.get("CGT_DB_FUZZ_REPORT")
    if path:
        with open(path, "w", encoding="utf-8") as out:
            json.dump({"examples_per_reader": EXAMPLES, "readers": _RECORD}, out, indent=1)


# ---------------------------------------------------------------- the readers
def _read_everything(path):
    with open_db(path) as db:
        db.stats()
        if isinstance(db, OctalDatabase):
            list(db.games())
            db.codes()
        else:
            list(db.positions())
            for column in ("cells", "kind", "outcome", "value", "birthday", "temperature"):
                db.frequencies(column)
    return "read"


@FUZZ
@given(CRAFTED)
def test_open_reads_a_crafted_file_or_raises_database_error(originals, crafted_file):
    name, data = crafted_file
    with tempfile.TemporaryDirectory() as folder:
        path = crafted(originals, Path(folder), name, data)
        _timed("cgt.db.open", _read_everything, path)


def _command(argv):
    def run(path):
        out, err = io.StringIO(), io.StringIO()
        with contextlib.redirect_stdout(out), contextlib.redirect_stderr(err):
            status = main([*argv[:2], str(path), *argv[2:]])
        out, err = out.getvalue(), err.getvalue()
        assert status in (0, 1), (status, err)
        if status == 1:
            assert out == "" and err.count("\n") == 1 and err.startswith(f"cgt db {argv[1]}: "), err
            assert err[:-1].isprintable(), err
        else:
            assert err == "" and all(ch.isprintable() or ch in "\t\n" for ch in out), out
            if argv[1] == "query" and "--json" not in argv:
                assert all(line.count("\t") in (5, 6) for line in out.splitlines()), out
        return f"status {status}"
    return run


COMMANDS = [["db", "stats"], ["db", "stats", "--json"], ["db", "query"], ["db", "query", "--json"],
            ["db", "query", "--values"], ["db", "query", "--cells", "2-4", "--temperature", ">=0"]]


@FUZZ
@given(CRAFTED, st.sampled_from(COMMANDS))
def test_the_db_command_reads_a_crafted_file_or_says_in_one_line_what_is_wrong(originals, crafted_file, argv):
    name, data = crafted_file
    with tempfile.TemporaryDirectory() as folder:
        path = crafted(originals, Path(folder), name, data)
        _timed("cgt " + " ".join(argv), _command(argv), path)
