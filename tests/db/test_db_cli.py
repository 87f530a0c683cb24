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
