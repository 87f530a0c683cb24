"""What a database file holds is untrusted: each malformed file is a `DatabaseError` (one line
from the command), soon, whatever it holds; and stored text is printed with its control
characters escaped.  Where a regression would hang or exhaust memory, the reader runs in a
child process with a timeout."""

import json
import shutil
import signal
import sqlite3
import struct
import subprocess
import sys
import time
import tracemalloc
import zlib
from fractions import Fraction
from pathlib import Path

import pytest

from cgt.cli import main
from cgt.db import LIMITS, DatabaseError, build, build_octal, open as open_db

ROOT = Path(__file__).resolve().parents[2]


@pytest.fixture(scope="module")
def originals(tmp_path_factory):
    folder = tmp_path_factory.mktemp("untrusted")
    build(folder / "dom.sqlite", "domineering", 4)
    build_octal(folder / "octal.sqlite", digits=1, max_heap=50)
    return folder


@pytest.fixture
def census(originals, tmp_path):
    shutil.copy(originals / "dom.sqlite", tmp_path / "dom.sqlite")
    return tmp_path / "dom.sqlite"


@pytest.fixture
def octal(originals, tmp_path):
    shutil.copy(originals / "octal.sqlite", tmp_path / "octal.sqlite")
    return tmp_path / "octal.sqlite"


def tamper(path, *statements):
    """Run SQL ``statements`` (each a string, or a string and its parameters) on the file."""
    connection = sqlite3.connect(path)
    with connection:
        for statement in statements:
            sql, *params = (statement,) if isinstance(statement, str) else statement
            connection.execute(sql, *params)
    connection.close()


def run(capsys, *argv):
    status = main([str(arg) for arg in argv])
    out, err = capsys.readouterr()
    return status, out, err


def run_child(*argv, timeout=30):
    """``python -m cgt argv`` in a child process: (status, stdout, stderr, seconds)."""
    start = time.monotonic()
    result = subprocess.run([sys.executable, "-m", "cgt", *map(str, argv)], cwd=ROOT, capture_output=True,
                            text=True, timeout=timeout)
    return result.returncode, result.stdout, result.stderr, time.monotonic() - start


def one_line_error(status, out, err, command, *fragments):
    assert status == 1 and out == "" and err.count("\n") == 1, (status, out, err)
    assert err.startswith(f"cgt db {command}: ")
    assert all(fragment in err for fragment in fragments), err


# ---------------------------------------------------------------- octal rows
def zlib_bomb(size=1 << 30):
    """About 1 MB of zlib data that inflates to ``size`` zero bytes (a multiple of 1 MiB)."""
    chunk = bytes(1 << 20)
    deflate = zlib.compressobj(9)
    first = deflate.compress(chunk) + deflate.flush(zlib.Z_FULL_FLUSH)
    again = deflate.compress(chunk) + deflate.flush(zlib.Z_FULL_FLUSH)     # the same bytes each time
    adler32 = ((size % 65521) << 16) | 1        # of zero bytes: a stays 1, b counts them
    return first + again * (size // len(chunk) - 1) + b"\x03\x00" + struct.pack(">I", adler32)


def test_a_zlib_bomb_in_an_octal_row_inflates_no_further_than_the_heaps(octal, capsys):
    bomb = zlib_bomb()
    assert len(bomb) < 1_100_000
    tamper(octal, ("UPDATE octal_games SET nim_values = ? WHERE code = '0.7'", (bomb,)))
    tracemalloc.start()
    try:
        with open_db(octal) as db:
            with pytest.raises(DatabaseError, match="the nim values of 0.7 are not 51 values"):
                db.game("0.7")
            with pytest.raises(DatabaseError, match="0.7"):
                list(db.games())
        peak = tracemalloc.get_traced_memory()[1]
    finally:
        tracemalloc.stop()
    assert peak < 20 << 20          # the 1 MB blob read, not the GiB it inflates to
    one_line_error(*run(capsys, "db", "query", octal, "--code", "0.7", "--values"), "query", "not 51 values")


@pytest.mark.parametrize("blob, message", [
    (b"not zlib at all", "are not zlib data"),
    (zlib.compress(struct.pack("<50I", *range(50))), "are not 51 values"),        # one short
    (zlib.compress(struct.pack("<51I", *range(51)))[:-3], "are not 51 values"),   # cut off
    ("text", "where bytes belongs"),
    (None, "where bytes belongs"),
])
def test_a_bad_blob_is_a_database_error(octal, blob, message):
    # NOT NULL is part of the schema, so the NULL comes with a table rebuilt without it
    if blob is None:
        tamper(octal, "CREATE TABLE games (code TEXT PRIMARY KEY, digits INTEGER, period INTEGER, preperiod"
                      " INTEGER, saltus INTEGER, max_value INTEGER, distinct_values INTEGER, nim_values BLOB)",
               "INSERT INTO games SELECT * FROM octal_games", "DROP TABLE octal_games",
               "ALTER TABLE games RENAME TO octal_games", "UPDATE octal_games SET nim_values = NULL")
    else:
        tamper(octal, ("UPDATE octal_games SET nim_values = ? WHERE code = '0.7'", (blob,)))
    with open_db(octal) as db:
        with pytest.raises(DatabaseError, match=message):
            list(db.games())


@pytest.mark.parametrize("assignment", ["period = 0", "preperiod = -1", "saltus = NULL", "period = 'x'",
                                        "max_value = 1.5", "code = x'00'"])
def test_bad_numbers_of_an_octal_row_are_a_database_error(octal, capsys, assignment):
    tamper(octal, f"UPDATE octal_games SET {assignment} WHERE code = '0.7'")
    with open_db(octal) as db:
        with pytest.raises(DatabaseError, match="damaged or not written by cgt"):
            list(db.games())
    one_line_error(*run(capsys, "db", "query", octal), "query", "damaged")


# ---------------------------------------------------------------- numbers of a census
@pytest.mark.parametrize("temperature", ["1e999999999", "1/0", "x", "9" * 60, "", "1/2/3"])
def test_a_stored_temperature_that_is_no_number_is_a_database_error(census, temperature):
    tamper(census, ("UPDATE game_values SET temperature = ? WHERE notation = '+-1'", (temperature,)))
    status, out, err, seconds = run_child("db", "query", census, "--cells", "4")
    one_line_error(status, out, err, "query", "damaged or not written by cgt", "where a number belongs")
    assert seconds < 10
    with open_db(census) as db:         # the positions of other values are read as before
        assert [record.temperature for record in db.positions(cells=2)] == [Fraction(-1)] * 2


@pytest.mark.parametrize("notation", ["{1|", "over", "*[2]", "on"])
def test_a_stored_notation_that_is_no_short_game_is_a_database_error_when_its_value_is_read(census, notation):
    tamper(census, ("UPDATE game_values SET notation = ? WHERE notation = '+-1'", (notation,)))
    with open_db(census) as db:
        record, = [r for r in db.positions(cells=4) if r.shape == "..|.."]      # its value was +-1
        assert record.notation == notation                      # the text is read as stored
        with pytest.raises(DatabaseError, match="where a short game's notation belongs"):
            record.value


@pytest.mark.parametrize("statement, command", [
    ("UPDATE positions SET cells = 'x' WHERE shape = '..'", "query"),
    ("UPDATE positions SET cells = 2.5 WHERE shape = '..'", "stats"),
    ("UPDATE positions SET shape = x'2e2e' WHERE shape = '..'", "query"),
    ("UPDATE game_values SET notation = x'37' WHERE notation = '1'", "query"),
    ("UPDATE game_values SET kind = x'00' WHERE notation = '1'", "query"),
    ("UPDATE shards SET size = 'big' WHERE size = 3", "stats"),
    ("UPDATE shards SET size = x'03' WHERE size = 3", "stats"),
])
def test_values_of_the_wrong_type_are_a_database_error(census, capsys, statement, command):
    tamper(census, statement)
    one_line_error(*run(capsys, "db", command, census), command, "damaged or not written by cgt")


# ---------------------------------------------------------------- meta and tables
@pytest.mark.parametrize("statement, message", [
    ("DELETE FROM meta WHERE key = 'cgt_version'", "its meta table has no cgt_version"),
    ("DELETE FROM meta WHERE key = 'ruleset'", "its meta table has no ruleset"),
    ("DELETE FROM meta WHERE key = 'schema_version'", "its meta table has no schema_version"),
    ("UPDATE meta SET value = 'chess\x1b[2J' WHERE key = 'ruleset'", r"chess\x1b[2J"),
    ("UPDATE meta SET value = x'32' WHERE key = 'schema_version'", "where str belongs"),
    ("DROP TABLE meta", "not a cgt database (no meta table)"),
    ("DROP TABLE positions", "it has no table positions"),
    ("DROP TABLE game_values", "it has no table game_values"),
    ("DROP TABLE shards", "it has no table shards"),
    ("ALTER TABLE positions RENAME COLUMN cells TO size", "its table positions has the columns shape TEXT, size INTEGER"),
    ("ALTER TABLE game_values ADD COLUMN colour TEXT", "its table game_values has the columns"),
    ("CREATE TRIGGER noisy AFTER INSERT ON shards BEGIN SELECT 1; END", "it has triggers"),
])
def test_a_malformed_census_is_a_database_error_when_opened(census, capsys, statement, message):
    tamper(census, statement)
    with pytest.raises(DatabaseError) as error:
        open_db(census)
    assert message in str(error.value)
    for argv in (["stats", census], ["query", census], ["build", "domineering", "--max-cells", 5, "--out", census]):
        status, out, err = run(capsys, "db", *argv)
        one_line_error(status, out, err, argv[0], message)
        assert "\x1b" not in err


@pytest.mark.parametrize("statement, message", [
    ("DELETE FROM meta WHERE key = 'max_heap'", "its max_heap is None"),
    ("UPDATE meta SET value = 'fifty' WHERE key = 'max_heap'", "its max_heap is 'fifty'"),
    ("UPDATE meta SET value = '0' WHERE key = 'max_heap'", "its max_heap is '0'"),
    ("UPDATE meta SET value = '9' || '9999999999999999999999' WHERE key = 'max_heap'", "its max_heap is"),
    ("UPDATE meta SET value = '1000001' WHERE key = 'max_heap'", "past the limit max_heap = 1000000"),
    ("DROP TABLE octal_games", "it has no table octal_games"),
])
def test_a_malformed_database_of_octal_games_is_a_database_error_when_opened(octal, capsys, statement, message):
    tamper(octal, statement)
    with pytest.raises(DatabaseError) as error:
        open_db(octal)
    assert message in str(error.value)
    one_line_error(*run(capsys, "db", "stats", octal), "stats", message)


def recreate_positions(path, definition):
    tamper(path, "DROP TABLE positions", definition)


@pytest.mark.parametrize("definition, message", [
    ("CREATE VIEW positions AS WITH RECURSIVE r(shape, cells, value_id) AS"
     " (SELECT '.', 1, 1 UNION ALL SELECT shape, cells + 1, value_id FROM r) SELECT * FROM r",
     "it has a view instead of the table positions"),
    ("CREATE TABLE positions (shape TEXT NOT NULL, cells INTEGER AS (length(shape)),"
     " value_id INTEGER NOT NULL)", "its table positions has the columns"),
    ("CREATE VIRTUAL TABLE positions USING fts5(shape, cells, value_id)",
     "it has a virtual table instead of the table positions"),
])
def test_a_table_that_is_not_a_plain_table_is_refused_at_once(census, definition, message):
    try:
        recreate_positions(census, definition)
    except sqlite3.OperationalError as error:     # an SQLite without fts5
        pytest.skip(str(error))
    status, out, err, seconds = run_child("db", "stats", census)
    one_line_error(status, out, err, "stats", message)
    assert seconds < 10


@pytest.mark.parametrize("damage", ["truncated", "zeroed page", "garbage"])
def test_a_damaged_file_is_a_database_error(census, capsys, damage):
    data = bytearray(census.read_bytes())
    if damage == "truncated":
        data = data[:len(data) // 2 + 100]
    elif damage == "zeroed page":
        data[4096:8192] = bytes(4096)
    else:
        data[100:] = b"\xff" * (len(data) - 100)
    census.write_bytes(bytes(data))
    for argv in (["stats", census], ["query", census, "--cells", "4"]):
        status, out, err = run(capsys, "db", *argv)
        assert status == 1 and err.count("\n") == 1 and err.startswith(f"cgt db {argv[0]}: "), err


def test_text_that_is_not_utf8_is_a_database_error(census, capsys):
    tamper(census, "UPDATE positions SET shape = CAST(x'2e80' AS TEXT) WHERE shape = '..'")
    one_line_error(*run(capsys, "db", "query", census), "query", "UTF-8")
    data = census.read_bytes()      # and in a message of SQLite about its schema
    census.write_bytes(data.replace(b"game_values_temperature", b"game_\x80\x80\x80\x80\x80\x80_temperature", 1))
    one_line_error(*run(capsys, "db", "stats", census), "stats", "holds text that is not UTF-8")


def test_control_characters_in_a_message_of_sqlite_are_escaped(census, capsys):
    data = census.read_bytes()
    assert data.count(b"game_values_temperature") == 2      # the index's name and its SQL
    census.write_bytes(data.replace(b"game_values_temperature", b"game_\x1b[2J\x07\x01_temperature", 1))
    one_line_error(*run(capsys, "db", "stats", census), "stats", "malformed database schema",
                   r"game_\x1b[2J\x07\x01_temperature")


# ---------------------------------------------------------------- stopping a read
LONG_QUERY = "WITH RECURSIVE r(x) AS (SELECT 1 UNION ALL SELECT x + 1 FROM r) SELECT count(*) FROM r"


def test_ctrl_c_stops_a_query(census):
    previous = signal.signal(signal.SIGALRM, lambda *_: signal.raise_signal(signal.SIGINT))
    try:
        with open_db(census) as db:
            signal.setitimer(signal.ITIMER_REAL, 0.2)
            start = time.monotonic()
            with pytest.raises(KeyboardInterrupt):
                db._connection.row(LONG_QUERY)
            assert time.monotonic() - start < 5
            assert db.stats()["positions"] == {1: 1, 2: 2, 3: 3, 4: 9}      # still usable
    finally:
        signal.setitimer(signal.ITIMER_REAL, 0)
        signal.signal(signal.SIGALRM, previous)


def test_a_query_stops_past_the_limit_of_seconds(census):
    LIMITS.query_seconds = 0.2
    try:
        with open_db(census) as db:
            start = time.monotonic()
            with pytest.raises(DatabaseError, match="SQLite worked more than 0.2 s on one row; raise the limit"):
                db._connection.row(LONG_QUERY)
            assert time.monotonic() - start < 5
    finally:
        del LIMITS.query_seconds


# ---------------------------------------------------------------- printing
def test_control_characters_of_stored_text_are_escaped_in_printed_output(census, capsys):
    forged = "..\n4\t#.|..\t*\tnimber\tP\t0"
    tamper(census, ("UPDATE positions SET shape = ? WHERE shape = '..'", (forged,)),
           ("UPDATE game_values SET notation = ? WHERE notation = '+-1'", ("+-1\x1b[2J\x1b]0;title\x07",)),
           ("UPDATE game_values SET kind = ? WHERE notation = '0'", ("integer\r\u2028\x9b31m",)),
           ("UPDATE meta SET value = ? WHERE key = 'cgt_version'", ("0.1\x1b[31m\\n",)))
    status, out, _ = run(capsys, "db", "query", census)
    assert status == 0
    lines = out.splitlines()
    assert len(lines) == 15 and all(line.count("\t") == 5 for line in lines)
    assert all(ch.isprintable() or ch in "\t\n" for ch in out)
    assert r"2	..\n4\t#.|..\t*\tnimber\tP\t0	-1" in out and r"+-1\x1b[2J\x1b]0;title\x07" in out
    assert r"integer\r\u2028\x9b31m" in out
    _, out, _ = run(capsys, "db", "query", census, "--json")
    assert {record["shape"] for record in json.loads(out)} >= {forged}        # JSON keeps the text exactly
    _, out, _ = run(capsys, "db", "stats", census)
    assert r"cgt_version: 0.1\x1b[31m\\n" in out and "\x1b" not in out


def test_control_characters_of_a_stored_code_are_escaped(octal, capsys):
    tamper(octal, "UPDATE octal_games SET code = '0.7' || char(10) || 'x' || char(27) WHERE code = '0.7'")
    status, out, _ = run(capsys, "db", "query", octal)
    assert status == 0 and len(out.splitlines()) == 7 and r"0.7\nx\x1b" in out
