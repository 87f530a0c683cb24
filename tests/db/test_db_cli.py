"""``cgt db build / stats / query``: output, filters, and one-line errors with exit status 1."""

import json
import sqlite3
import subprocess
import sys
from fractions import Fraction
from pathlib import Path

import pytest

from cgt.cli import main

ROOT = Path(__file__).resolve().parents[2]


def run(capsys, *argv):
    status = main([str(arg) for arg in argv])
    out, err = capsys.readouterr()
    return status, out, err


@pytest.fixture
def census(tmp_path, capsys):
    path = tmp_path / "dom.sqlite"
    status, out, err = run(capsys, "db", "build", "domineering", "--max-cells", 5, "--out", path)
    assert status == 0 and err == ""
    assert out.startswith(f"{path}: 36 positions of domineering up to 5 cells")
    return path


def test_stats(census, capsys):
    status, out, _ = run(capsys, "db", "stats", census)
    assert status == 0
    lines = out.splitlines()
    assert lines[0] == "ruleset: domineering" and "positions: 36" in lines
    assert lines[-6].split() == ["cells", "positions", "shards", "done", "seconds", "positions/s"]
    table = [line.split() for line in lines[-5:]]
    assert [row[:3] for row in table] == [["1", "1", "1/1"], ["2", "2", "1/1"], ["3", "3", "1/1"],
                                          ["4", "9", "1/1"], ["5", "21", "1/1"]]
    assert all(float(row[3]) >= 0 for row in table)
    status, out, _ = run(capsys, "db", "stats", census, "--json")
    assert json.loads(out)["positions"] == {"1": 1, "2": 2, "3": 3, "4": 9, "5": 21}


def test_query(census, capsys):
    # CGSuite: the 2x2 square is +-1; so are some 5-cell shapes (stored ones listed after it)
    status, out, _ = run(capsys, "db", "query", census, "--value", "{1|-1}", "--limit", 1)
    assert status == 0 and out == "4\t..|..\t+-1\tswitch\tN\t1\n"
    status, out, _ = run(capsys, "db", "query", census, "--cells", "2", "--json")
    assert json.loads(out) == [
        {"cells": 2, "shape": "..", "value": "-1", "kind": "integer", "outcome": "R", "temperature": "-1"},
        {"cells": 2, "shape": ".|.", "value": "1", "kind": "integer", "outcome": "L", "temperature": "-1"}]
    status, out, _ = run(capsys, "db", "query", census, "--temperature", ">=1", "--kind", "switch",
                         "--cells", "4-5")
    assert status == 0 and out and all(line.split("\t")[3] == "switch" for line in out.splitlines())
    assert all(float(eval(line.split("\t")[5])) >= 1 for line in out.splitlines())
    status, out, _ = run(capsys, "db", "query", census, "--temperature", "..-1", "--outcome", "P")
    assert out.splitlines()[0] == "1\t.\t0\tinteger\tP\t-1"


def test_build_resumes_and_extends(census, capsys):
    status, out, _ = run(capsys, "db", "build", "domineering", "--max-cells", 6, "--out", census, "--progress")
    assert status == 0 and "104 positions" in out
    connection = sqlite3.connect(census)
    assert connection.execute("SELECT count(*) FROM positions WHERE cells = 6").fetchone() == (68,)


@pytest.mark.parametrize("argv, message", [
    (["db", "stats", "{tmp}/missing.sqlite"], "cgt db stats: no database at "),
    (["db", "stats", "{tmp}/notes.txt"], "cgt db stats: {tmp}/notes.txt is not an SQLite database"),
    (["db", "query", "{tmp}/notes.txt"], "cgt db query: {tmp}/notes.txt is not an SQLite database"),
    (["db", "build", "domineering", "--max-cells", "3", "--out", "{tmp}/notes.txt"],
     "cgt db build: {tmp}/notes.txt is not an SQLite database"),
    (["db", "build", "chess", "--max-cells", "3", "--out", "{tmp}/x.sqlite"], "cgt db build: unknown ruleset 'chess'"),
    (["db", "build", "domineering", "--max-cells", "0", "--out", "{tmp}/x.sqlite"],
     "cgt db build: a census needs at least 1 cell, not 0"),
])
def test_errors_are_one_line_with_status_1(tmp_path, capsys, argv, message):
    (tmp_path / "notes.txt").write_text("hello\n")
    status, out, err = run(capsys, *(arg.format(tmp=tmp_path) for arg in argv))
    assert status == 1 and out == ""
    assert err.startswith(message.format(tmp=tmp_path)) and err.count("\n") == 1
    assert (tmp_path / "notes.txt").read_text() == "hello\n"


def test_query_errors(census, capsys):
    status, _, err = run(capsys, "db", "query", census, "--kind", "warm")
    assert status == 1 and err.startswith("cgt db query: unknown kind 'warm'")
    status, _, err = run(capsys, "db", "query", census, "--temperature", ">=x")
    assert status == 1 and "not a temperature condition" in err


@pytest.mark.parametrize("value", ["over", "on", "dud", "*[2]"])
def test_a_query_for_a_value_that_is_not_a_short_game_says_so(census, capsys, value):
    # a census holds short games only: a stopper, a sided value or a misère game is never there
    status, out, err = run(capsys, "db", "query", census, "--value", value)
    assert status == 1 and out == ""
    assert err.startswith("cgt db query: ") and "not a short game" in err and err.count("\n") == 1


def test_a_query_that_matches_nothing_says_so(census, octal, capsys):
    # no Domineering board of up to 5 cells is worth 5 (a board of n cells is at most n/2 moves)
    status, out, err = run(capsys, "db", "query", census, "--value", "5")
    assert (status, out, err) == (0, "", "cgt db query: no position matches\n")
    status, out, err = run(capsys, "db", "query", census, "--value", "5", "--json")
    assert (status, json.loads(out), err) == (0, [], "")
    # no octal game of up to 2 digits has a period of 1000 (the longest is Dawson's Kayles' 34)
    status, out, err = run(capsys, "db", "query", octal, "--period", "1000")
    assert (status, out, err) == (0, "", "cgt db query: no game matches\n")


def test_workers_and_scheduler_exclude_each_other(tmp_path, capsys):
    status, _, err = run(capsys, "db", "build", "cram", "--max-cells", 3, "--out", tmp_path / "x.sqlite",
                         "--workers", 2, "--scheduler", "tcp://localhost:8786")
    assert status == 2 and "not allowed with argument" in err


@pytest.fixture
def octal(tmp_path, capsys):
    path = tmp_path / "octal.sqlite"
    status, out, err = run(capsys, "db", "build", "octal", "--digits", 2, "--max-heap", 200, "--out", path)
    assert status == 0 and err == ""
    assert out.startswith(f"{path}: 63 octal games of up to 2 digits to heap 200")
    return path


def test_octal_stats(octal, capsys):
    status, out, _ = run(capsys, "db", "stats", octal)
    assert status == 0
    assert out.splitlines()[:5] == ["ruleset: octal", out.splitlines()[1], "max_heap: 200", "games: 63",
                                    "games by digits: 1: 7, 2: 56"]
    stats = json.loads(run(capsys, "db", "stats", octal, "--json")[1])
    assert stats["games"] == {"1": 7, "2": 56} and stats["periodic"] + stats["no_period"] == 63


def test_octal_query(octal, capsys):
    # Kayles: period 12 from heap 71, values 0..8 (Guy and Smith; impartial_facts.json)
    status, out, _ = run(capsys, "db", "query", octal, "--code", "0.77")
    assert status == 0 and out == "0.77\t12\t71\t0\t8\t9\n"
    _, out, _ = run(capsys, "db", "query", octal, "--code", "0.07", "--values", "--json")
    record, = json.loads(out)
    assert (record["period"], record["preperiod"]) == (34, 53)          # Dawson's Kayles
    assert record["nim_sequence"][:11] == [0, 0, 1, 1, 2, 0, 3, 1, 1, 0, 3]
    _, out, _ = run(capsys, "db", "query", octal, "--no-period")
    assert "0.6\t-\t-\t-" in out                                         # Officers: unsolved
    _, out, _ = run(capsys, "db", "query", octal, "--period", "34", "--preperiod", "53-54", "--digits", "1-2")
    assert [line.split("\t")[0] for line in out.splitlines()] == ["0.4", "0.07", "0.42"]


@pytest.mark.parametrize("argv, message", [
    (["db", "query", "{octal}", "--kind", "hot"], "cgt db query: --kind is not a filter of a database of octal games"),
    (["db", "query", "{census}", "--no-period"], "cgt db query: --no-period is not a filter of a census"),
    (["db", "query", "{octal}", "--code", "0.137"], "cgt db query: 0.137 is not in "),
    (["db", "query", "{octal}", "--code", "0.%"], "cgt db query: not a base-32 digit"),
    (["db", "build", "cram", "--out", "{census}"], "cgt db build: a census of cram needs --max-cells"),
    (["db", "build", "octal", "--digits", "1", "--max-heap", "100", "--out", "{octal}"],
     "cgt db build: {octal} holds nim values up to heap 200, not 100"),
])
def test_octal_errors(octal, census, capsys, argv, message):
    paths = {"octal": octal, "census": census}
    status, out, err = run(capsys, *(arg.format(**paths) for arg in argv))
    assert status == 1 and out == ""
    assert err.startswith(message.format(**paths)) and err.count("\n") == 1


# ---------------------------------------------------------------- every argument checked
def run_child(*argv, timeout=60):
    """``python -m cgt argv`` in a child process (for what once hung or ran out of memory)."""
    result = subprocess.run([sys.executable, "-m", "cgt", *map(str, argv)], cwd=ROOT, capture_output=True,
                            text=True, timeout=timeout)
    return result.returncode, result.stdout, result.stderr


@pytest.mark.parametrize("argv, message", [
    (["domineering", "--max-cells", 3, "--workers", 0], "a build needs at least 1 worker process, not 0"),
    (["domineering", "--max-cells", 3, "--workers", 10**6], "the worker processes: 1000000 is past the limit"),
    (["domineering", "--max-cells", 26], "the cells of a census: 26 is past the limit max_cells = 18; raise it "
                                         "with cgt.db.LIMITS.max_cells = 26 in Python or CGT_DB_MAX_CELLS=26"),
    (["domineering", "--max-cells", 8, "--shards", 10**9], "the shards of one size: 1000000000 is past the limit"),
    (["cram", "--max-cells", 8, "--shards", 0], "a size needs at least 1 shard, not 0"),
    (["octal", "--digits", 12], "the digits of octal codes: 12 is past the limit max_digits = 6"),
    (["octal", "--max-heap", 10**9], "the heaps of octal games: 1000000000 is past the limit max_heap"),
    (["octal", "--shards", 0], "a shard needs at least 1 code, not 0"),
    (["octal", "--scheduler", "xyz://host:1"], "unknown address scheme 'xyz'"),
    (["octal", "--scheduler", "no-port"], "missing port number"),
])
def test_build_arguments_are_checked_before_any_file_is_made(tmp_path, argv, message):
    status, out, err = run_child("db", "build", *argv, "--out", tmp_path / "x.sqlite")
    assert status == 1 and out == "" and err.count("\n") == 1, err
    assert err.startswith(f"cgt db build: {message}"), err
    assert list(tmp_path.iterdir()) == []


def test_a_build_into_a_file_that_is_no_database_makes_nothing(tmp_path, capsys):
    notes = tmp_path / "passwd"
    notes.write_text("root:x:0:0:root:/root:/bin/bash\n")
    status, out, err = run(capsys, "db", "build", "domineering", "--max-cells", 3, "--out", notes)
    assert status == 1 and err == f"cgt db build: {notes} is not an SQLite database (it does not begin as one)\n"
    assert [path.name for path in tmp_path.iterdir()] == ["passwd"]
    assert notes.read_text() == "root:x:0:0:root:/root:/bin/bash\n"
    status, out, err = run(capsys, "db", "build", "domineering", "--max-cells", 3, "--out", tmp_path)
    assert status == 1 and err == f"cgt db build: {tmp_path} is not a file\n"
    status, out, err = run(capsys, "db", "build", "cram", "--max-cells", 3, "--out", tmp_path / "no" / "x.sqlite")
    assert status == 1 and err.startswith(f"cgt db build: cannot write {tmp_path / 'no' / 'x.sqlite'}")


@pytest.mark.parametrize("condition", [">=1/0", ">=1e400", ">=1e999999999", "<=" + "9" * 5000, "1/0..2", "..1e9",
                                       "=nan", ">=inf"])
def test_a_temperature_that_is_no_number_is_a_one_line_error(census, condition):
    status, out, err = run_child("db", "query", census, "--temperature", condition, timeout=30)
    assert status == 1 and out == "" and err.count("\n") == 1, err
    assert err.startswith("cgt db query: not a")


@pytest.mark.parametrize("condition, holds", [
    (">=1/3", lambda t: t >= Fraction(1, 3)), (">1/2", lambda t: t > Fraction(1, 2)),
    ("<=1/2", lambda t: t <= Fraction(1, 2)), ("=1/3", lambda t: False), ("=0.5", lambda t: t == Fraction(1, 2)),
    ("0.5..1", lambda t: Fraction(1, 2) <= t <= 1), (">=" + "1" * 49, lambda t: False),
    ("<-" + "1" * 48, lambda t: False), (">-1." + "0" * 40 + "1", lambda t: t >= -1),
    ("<0." + "0" * 40 + "1", lambda t: t <= 0), (">=0." + "0" * 40 + "1", lambda t: t > 0)])
def test_temperature_bounds_are_exact(census, capsys, condition, holds):
    _, out, _ = run(capsys, "db", "query", census, "--json")
    expected = [record for record in json.loads(out) if holds(Fraction(record["temperature"]))]
    status, out, _ = run(capsys, "db", "query", census, "--temperature", condition, "--json")
    assert status == 0 and json.loads(out) == expected


def test_ranges_of_any_size_are_read_exactly(census, octal, capsys):
    status, out, _ = run_child("db", "query", census, "--cells", "1-1000000000", timeout=30)
    assert status == 0 and len(out.splitlines()) == 36
    huge = str(2**70)
    for argv, count in [(["--cells", huge], 0), (["--cells", f"4-{huge}"], 30), (["--limit", huge], 36),
                        (["--cells", f"{huge}-{huge}9"], 0)]:
        status, out, err = run(capsys, "db", "query", census, *argv)
        assert status == 0 and len(out.splitlines()) == count, err
    for argv, count in [(["--period", huge], 0), (["--period", f"1-{huge}"], 42), (["--preperiod", f"{huge}-1"], 0),
                        (["--digits", f"0-{huge}", "--limit", huge], 63)]:
        status, out, err = run(capsys, "db", "query", octal, *argv)
        assert status == 0 and len(out.splitlines()) == count, err


def test_a_limit_is_raised_by_the_environment(tmp_path, limits_environment, capsys):
    limits_environment.setenv("CGT_DB_MAX_CELLS", "3")
    status, _, err = run(capsys, "db", "build", "cram", "--max-cells", 4, "--out", tmp_path / "x.sqlite")
    assert status == 1 and "4 is past the limit max_cells = 3" in err
    limits_environment.setenv("CGT_DB_MAX_CELLS", "4")
    assert run(capsys, "db", "build", "cram", "--max-cells", 4, "--out", tmp_path / "x.sqlite")[0] == 0
    limits_environment.setenv("CGT_DB_MAX_CELLS", "many")
    status, _, err = run(capsys, "db", "build", "cram", "--max-cells", 4, "--out", tmp_path / "x.sqlite")
    assert status == 1 and err == ("cgt db build: the environment variable CGT_DB_MAX_CELLS must be a whole number "
                                   "greater than 0, not 'many'\n")
