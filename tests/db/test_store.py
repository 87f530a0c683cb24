"""The SQLite store: round trips, queries, counts, and the errors of opening what is not ours."""

import sqlite3
from fractions import Fraction

import pytest

from cgt import Game, parse, up
from cgt.db import DatabaseError, Record, create, open as open_db
from cgt.db.store import SCHEMA_VERSION
from cgt.rulesets import Domineering

# rows as cgt.db.build.compute_shard makes them (values from cgt.rulesets.domineering, CGSuite)
ROWS = {
    1: [(".", 1, "0", "integer", "P", "0", "-1", "0", "0", 0, "0")],
    2: [("..", 2, "-1", "integer", "R", "-1", "-1", "-1", "-1", 1, None),
        (".|.", 2, "1", "integer", "L", "1", "-1", "1", "1", 1, None)],
    4: [("..|..", 4, "+-1", "switch", "N", "0", "1", "1", "-1", 2, None)],
    6: [("..|..|..", 6, "{1/2|-2}", "switch", "N", "-3/4", "5/4", "1/2", "-2", 3, None),
        # the transpose of ..|..|.., so its negative
        ("...|...", 6, "{2|-1/2}", "switch", "N", "3/4", "5/4", "2", "-1/2", 3, None)],
}


@pytest.fixture
def db(tmp_path):
    with create(tmp_path / "dom.sqlite", "domineering") as db:
        db.plan(6, dict.fromkeys(range(1, 7), 1))
        for n, rows in ROWS.items():
            db.add_shard(n, 0, 1, rows, seconds=n / 4 if n > 1 else None)
        yield db


def test_round_trip(db, tmp_path):
    db.close()
    with open_db(tmp_path / "dom.sqlite") as again:
        assert again.ruleset == "domineering"
        records = list(again.positions())
    assert [(r.shape, r.cells, r.notation, r.kind, r.outcome, r.temperature) for r in records] == [
        (row[0], row[1], row[2], row[3], row[4], Fraction(row[6])) for n in sorted(ROWS) for row in
        sorted(ROWS[n])]
    assert records[0] == Record("domineering", ".", 1, "0", "integer", "P", Fraction(-1))


def test_exact_numbers_are_stored_as_strings(db, tmp_path):
    connection = sqlite3.connect(tmp_path / "dom.sqlite")
    row = connection.execute("SELECT mean, temperature, temperature_float, left_stop, right_stop, birthday,"
                             " atomic_weight FROM game_values WHERE notation = '{1/2|-2}'").fetchone()
    assert row == ("-3/4", "5/4", 1.25, "1/2", "-2", 3, None)
    meta = dict(connection.execute("SELECT key, value FROM meta"))
    assert meta["schema_version"] == str(SCHEMA_VERSION) and meta["ruleset"] == "domineering"
    assert "cgt_version" in meta
    assert connection.execute("PRAGMA journal_mode").fetchone() == ("wal",)


def test_record_position_is_the_ruleset_position(db):
    record, = db.positions(value="+-1")
    assert record.position == Domineering("..|..")
    assert record.position.canonical_form == record.value


# the games of ROWS built from their options (the definition), not read from their notation
GAMES = {"0": Game(), "-1": Game([], [Game()]), "1": Game([Game()], []), "+-1": Game([1], [-1]),
         "{1/2|-2}": Game([Fraction(1, 2)], [-2]), "{2|-1/2}": Game([2], [Fraction(-1, 2)])}


def test_record_notation_is_the_stored_text_and_value_the_game_it_denotes(db):
    records = list(db.positions())
    assert [r.notation for r in records] == [row[2] for n in sorted(ROWS) for row in sorted(ROWS[n])]
    for record in records:
        assert isinstance(record.value, Game)
        assert record.value == GAMES[record.notation]
        assert str(record.value) == record.notation          # prints as the text stored


def test_record_value_adds_like_a_game(db):
    record, = db.positions(value="+-1")
    assert record.value + up == parse(record.notation) + up
    # ±1 + ↑ = {1↑ | -1↑}: the options ±1 and ±1* of the sum are dominated by 1↑ and -1↑
    assert record.value + up == Game([1 + up], [-1 + up])


@pytest.mark.parametrize("filters, shapes", [
    ({"value": "{1|-1}"}, ["..|.."]),               # any spelling of the value
    ({"value": "+-1"}, ["..|.."]),
    ({"kind": "switch"}, ["..|..", "...|...", "..|..|.."]),
    ({"outcome": "L"}, [".|."]),
    ({"cells": 2}, ["..", ".|."]),
    ({"cells": range(3, 7)}, ["..|..", "...|...", "..|..|.."]),
    ({"temperature": ">=5/4"}, ["...|...", "..|..|.."]),
    ({"temperature": ">5/4"}, []),
    ({"temperature": "<0"}, [".", "..", ".|."]),
    ({"temperature": "=1"}, ["..|.."]),
    ({"temperature": 1}, ["..|.."]),
    ({"temperature": (0, "5/4")}, ["..|..", "...|...", "..|..|.."]),
    ({"temperature": (None, 1)}, [".", "..", ".|.", "..|.."]),
    ({"kind": "switch", "cells": 6, "temperature": "<= 5/4"}, ["...|...", "..|..|.."]),
    ({"kind": "integer", "limit": 2}, [".", ".."]),
])
def test_positions_filters(db, filters, shapes):
    assert [record.shape for record in db.positions(**filters)] == shapes


@pytest.mark.parametrize("filters, message", [
    ({"kind": "warm"}, "unknown kind 'warm'"),
    ({"outcome": "X"}, "an outcome is one of L, R, N, P"),
    ({"temperature": ">=hot"}, "not a temperature condition"),
    ({"value": "{1|"}, "missing .}."),
])
def test_positions_bad_filters(db, filters, message):
    with pytest.raises(ValueError, match=message):
        list(db.positions(**filters))


def test_frequencies(db):
    assert db.frequencies() == {(1, "integer"): 1, (2, "integer"): 2, (4, "switch"): 1, (6, "switch"): 2}
    assert db.frequencies("outcome") == {"L": 1, "N": 3, "P": 1, "R": 1}
    assert db.frequencies(("temperature",)) == {("-1",): 3, ("1",): 1, ("5/4",): 2}
    with pytest.raises(ValueError, match="cannot count by"):
        db.frequencies("colour")


def test_stats(db):
    assert db.stats() == {"ruleset": "domineering", "cgt_version": db.cgt_version,
                          "positions": {1: 1, 2: 2, 4: 1, 6: 2}, "values": 6,
                          "shards_done": {1: (1, 1), 2: (1, 1), 3: (0, 1), 4: (1, 1), 5: (0, 1), 6: (1, 1)},
                          "seconds": {2: 0.5, 4: 1.0, 6: 1.5}}


def test_plan_is_kept_and_lists_shards_not_done(db):
    assert db.plan(6, dict.fromkeys(range(1, 7), 5)) == [(3, 0, 1), (5, 0, 1)]
    assert db.plan(7, dict.fromkeys(range(1, 8), 2)) == [(3, 0, 1), (5, 0, 1), (7, 0, 2), (7, 1, 2)]


def test_a_shard_is_stored_once(db):
    with pytest.raises(DatabaseError, match="stored already"):
        db.add_shard(2, 0, 1, ROWS[2])
    assert sum(1 for _ in db.positions(cells=2)) == 2
    with pytest.raises(DatabaseError, match="not in the plan"):
        db.add_shard(9, 0, 1, [])


def test_create_resumes_a_database_of_the_same_ruleset(db, tmp_path):
    db.close()
    with create(tmp_path / "dom.sqlite", "domineering") as again:
        assert again.stats()["positions"] == {1: 1, 2: 2, 4: 1, 6: 2}
    with pytest.raises(DatabaseError, match="a database of domineering, not cram"):
        create(tmp_path / "dom.sqlite", "cram")


def test_open_a_missing_file(tmp_path):
    with pytest.raises(DatabaseError, match="no database at"):
        open_db(tmp_path / "nothing.sqlite")
    assert not (tmp_path / "nothing.sqlite").exists()


def test_open_a_text_file(tmp_path):
    path = tmp_path / "notes.txt"
    path.write_text("not a database\n" * 100)
    for attempt in (lambda: open_db(path), lambda: create(path, "domineering")):
        with pytest.raises(DatabaseError, match="is not an SQLite database"):
            attempt()
    assert path.read_text() == "not a database\n" * 100


def test_open_an_sqlite_file_of_another_schema(tmp_path):
    path = tmp_path / "other.sqlite"
    connection = sqlite3.connect(path)
    connection.execute("CREATE TABLE games (name TEXT)")
    connection.commit()
    connection.close()
    before = path.read_bytes()
    for attempt in (lambda: open_db(path), lambda: create(path, "domineering")):
        with pytest.raises(DatabaseError, match="not a cgt database"):
            attempt()
    assert path.read_bytes() == before


def test_open_a_database_of_another_schema_version(db, tmp_path):
    db.close()
    connection = sqlite3.connect(tmp_path / "dom.sqlite")
    with connection:
        connection.execute("UPDATE meta SET value = '99' WHERE key = 'schema_version'")
    connection.close()
    with pytest.raises(DatabaseError, match=f"schema version {SCHEMA_VERSION} \\(its schema_version is 99"):
        open_db(tmp_path / "dom.sqlite")


def test_an_empty_sqlite_file_is_a_creation_cut_short(tmp_path):
    path = tmp_path / "new.sqlite"
    path.touch()
    with pytest.raises(DatabaseError, match="not a cgt database"):
        open_db(path)
    with create(path, "cram") as db:
        assert db.ruleset == "cram"


def test_database_error_is_a_value_error():
    assert issubclass(DatabaseError, ValueError)


def test_unknown_ruleset(tmp_path):
    with pytest.raises(ValueError, match="unknown ruleset 'chess'"):
        create(tmp_path / "x.sqlite", "chess")
    assert not (tmp_path / "x.sqlite").exists()
