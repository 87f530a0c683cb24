"""``cgt db build / stats / query``: output, filters, and one-line errors with exit status 1."""

import json
import sqlite3

import pytest

from cgt.cli import main


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


def test_workers_and_scheduler_exclude_each_other(tmp_path, capsys):
    status, _, err = run(capsys, "db", "build", "cram", "--max-cells", 3, "--out", tmp_path / "x.sqlite",
                         "--workers", 2, "--scheduler", "tcp://localhost:8786")
    assert status == 2 and "not allowed with argument" in err
