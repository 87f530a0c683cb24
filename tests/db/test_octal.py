"""The database of octal games: the codes, sequences by mex from the definition, periods of the
literature and of the periodicity theorem, queries, resumed builds, and files not ours."""

import sqlite3
from itertools import product

import pytest

from reference_data import impartial_facts
from cgt.db import DatabaseError, OctalDatabase, build_octal, create, octal_codes, open as open_db
from cgt.db.octal import compute_shard, create as create_octal
from cgt.impartial import TakeAndBreak
from cgt.impartial.codes import parse_code
from cgt.impartial.periodicity import Periodicity

N = 200     # heaps 0..N: enough for the periods of Kayles, Dawson's Kayles and 0.4 to be proved


def mex_sequence(code, n):
    """g(0..n) of the octal game ``code`` from the definition: bit 1, 2, 4 of digit d_k allow
    taking k tokens from a heap and leaving 0, 1, 2 nonempty heaps; g is the mex of the options."""
    digits = [int(ch) for ch in code.partition(".")[2]]
    g = []
    for heap in range(n + 1):
        seen = set()
        for k, d in enumerate(digits, 1):
            rest = heap - k
            if rest < 0:
                continue
            if d & 1 and rest == 0:
                seen.add(0)
            if d & 2 and rest >= 1:
                seen.add(g[rest])
            if d & 4:
                seen.update(g[a] ^ g[rest - a] for a in range(1, rest // 2 + 1))
        g.append(min(set(range(len(seen) + 1)) - seen))
    return g


def certified_periods(g, removed, heaps):
    """The ``(period, preperiod)`` pairs the octal periodicity theorem certifies from ``g``: the
    period holds for every n >= e in range, and ``g`` reaches past ``k·e + (k-1)·p + t`` (e >= 1)."""
    last = len(g) - 1
    for p in range(1, last + 1):
        e = next((n + 1 for n in range(last - p, -1, -1) if g[n] != g[n + p]), 0)
        if heaps * max(e, 1) + (heaps - 1) * p + removed + p - 1 <= last:
            yield p, e


def rows(path):
    connection = sqlite3.connect(path)
    try:
        return connection.execute("SELECT * FROM octal_games ORDER BY code").fetchall()
    finally:
        connection.close()


@pytest.fixture(scope="module")
def two_digits(tmp_path_factory):
    path = tmp_path_factory.mktemp("octal") / "octal2.sqlite"
    build_octal(path, digits=2, max_heap=N)
    with open_db(path) as db:
        yield db


# ---------------------------------------------------------------- the codes
def test_codes_of_j_digits_number_seven_times_eight_to_the_j_minus_one():
    # the last digit is one of 1..7, the others any of 0..7
    assert len(octal_codes(1)) == 7
    assert len(octal_codes(2)) == 7 + 7 * 8
    assert len(octal_codes(3)) == 7 + 7 * 8 + 7 * 8 ** 2 == 511


@pytest.mark.parametrize("digits", [1, 2, 3])
def test_codes_are_every_octal_game_once_by_its_shortest_code(digits):
    codes = octal_codes(digits)
    # every spelling but 0.00...0 (no moves), as the parser reads it
    games = {str(parse_code("0." + "".join(map(str, d)))) for d in product(range(8), repeat=digits) if any(d)}
    assert len(codes) == len(set(codes)) and set(codes) == games
    assert all(str(parse_code(code)) == code for code in codes)


# ---------------------------------------------------------------- the values
def test_every_game_of_a_database_is_stored(two_digits):
    assert two_digits.codes() == set(octal_codes(2))
    assert isinstance(two_digits, OctalDatabase) and two_digits.max_heap == N


def test_stored_sequences_are_the_mex_of_the_options(two_digits):
    for record in two_digits.games():
        g = mex_sequence(record.code, N)
        assert list(record.nim_sequence) == g, record.code
        assert (record.max_value, record.distinct_values) == (max(g), len(set(g))), record.code


# CGSuite, OEIS and Winning Ways periods (../shared/reference/impartial_facts.json)
PUBLISHED = {"kayles-period": "0.77", "dawsons-kayles-period": "0.07", "dawsons-chess-period": "0.137",
             "candy-strip-period": "0.4", "octal-051-period": "0.51", "octal-015-period": "0.15",
             "oeis-period-0.141": "0.141"}


@pytest.mark.parametrize("fact", sorted(PUBLISHED))
def test_published_periods_are_stored(tmp_path, fact):
    value = next(f for f in impartial_facts() if f["id"] == fact)["value"]
    code = PUBLISHED[fact]
    with create_octal(tmp_path / "octal.sqlite", N) as db:
        db.add(compute_shard([code], N))
        assert db.game(code).periodicity == Periodicity(value["period"], value["preperiod"], value["saltus"])


@pytest.mark.parametrize("code", ["0.6", "0.106", "0.16", "0.165", "0.356"])
def test_no_period_is_stored_for_games_unsolved_or_solved_far_beyond_the_heaps(tmp_path, code):
    # Officers 0.6 and 0.106 are unsolved; 0.16, 0.165 and 0.356 have published
    # preperiods 105351, 5181 and 7315, far past N
    with create_octal(tmp_path / "octal.sqlite", N) as db:
        db.add(compute_shard([code], N))
        assert db.game(code).periodicity is None


def test_stored_periods_are_the_least_the_theorem_certifies(two_digits):
    for record in two_digits.games():
        code = parse_code(record.code)
        certified = list(certified_periods(record.nim_sequence, code.max_removed, max(code.max_heaps, 1)))
        expected = Periodicity(*certified[0]) if certified else None
        assert record.periodicity == expected, record.code


def test_stored_periods_are_the_rulesets_periodicity(two_digits):
    for record in two_digits.games():
        assert record.periodicity == TakeAndBreak(record.code).periodicity(max_heap=N), record.code


# ---------------------------------------------------------------- queries
def test_game_reads_any_spelling_of_a_code(two_digits):
    record = two_digits.game("0.770")
    assert record.code == "0.77" and record.ruleset == TakeAndBreak("0.77")
    assert record.nim_sequence[:13] == (0, 1, 2, 3, 1, 4, 3, 2, 1, 4, 2, 6, 4)    # Winning Ways, Kayles
    with pytest.raises(KeyError, match="0.137 is not in"):
        two_digits.game("0.137")


def test_games_filters(two_digits):
    every = list(two_digits.games())
    assert [r.code for r in every] == octal_codes(2)
    assert [r.code for r in two_digits.games(periodic=False)] == \
        [r.code for r in every if r.periodicity is None]
    assert {r.code for r in two_digits.games(period=34)} >= {"0.07", "0.4"}
    assert all(r.periodicity.period == 12 for r in two_digits.games(period=12))
    assert {r.code for r in two_digits.games(period=(30, 40), preperiod=range(50, 60))} == \
        {r.code for r in every if r.periodicity and 30 <= r.periodicity.period <= 40
         and 50 <= r.periodicity.preperiod < 60}
    assert [r.code for r in two_digits.games(digits=1)] == octal_codes(1)
    assert [r.code for r in two_digits.games(digits=2, limit=3)] == ["0.01", "0.02", "0.03"]


def test_stats(two_digits):
    stats = two_digits.stats()
    periods = [r.periodicity for r in two_digits.games() if r.periodicity]
    assert stats["ruleset"] == "octal" and stats["max_heap"] == N
    assert stats["games"] == {1: 7, 2: 56}
    assert stats["periodic"] == len(periods) and stats["no_period"] == 63 - len(periods)
    assert stats["largest_period"] == max(p.period for p in periods)


# ---------------------------------------------------------------- builds
def test_a_build_interrupted_resumes_to_the_clean_database(tmp_path):
    path = tmp_path / "octal.sqlite"
    shards = []

    def interrupt(progress):
        shards.append(progress)
        if progress.shards_done == 3:
            raise KeyboardInterrupt

    with pytest.raises(KeyboardInterrupt):
        build_octal(path, digits=2, max_heap=N, shard_size=5, progress=interrupt)
    assert len(rows(path)) == 15 and shards[-1].positions == 15
    assert build_octal(path, digits=2, max_heap=N, shard_size=5, progress=shards.append) == {1: 7, 2: 56}
    assert shards[-1].positions == 63 - 15 and shards[-1].shards_total == 10
    build_octal(tmp_path / "clean.sqlite", digits=2, max_heap=N)
    assert rows(path) == rows(tmp_path / "clean.sqlite")


def test_a_build_extends_to_more_digits(tmp_path):
    assert build_octal(tmp_path / "octal.sqlite", digits=1, max_heap=N) == {1: 7}
    assert build_octal(tmp_path / "octal.sqlite", digits=2, max_heap=N) == {1: 7, 2: 56}
    build_octal(tmp_path / "clean.sqlite", digits=2, max_heap=N)
    assert rows(tmp_path / "octal.sqlite") == rows(tmp_path / "clean.sqlite")


def test_one_process_and_a_local_cluster_store_the_same_rows(tmp_path):
    pytest.importorskip("distributed")
    build_octal(tmp_path / "one.sqlite", digits=1, max_heap=N)
    build_octal(tmp_path / "two.sqlite", digits=1, max_heap=N, shard_size=2, workers=2)
    assert rows(tmp_path / "one.sqlite") == rows(tmp_path / "two.sqlite")


def test_bad_arguments(tmp_path):
    with pytest.raises(ValueError, match="at least 1 digit"):
        build_octal(tmp_path / "x.sqlite", digits=0)
    with pytest.raises(ValueError, match="heaps up to at least 1"):
        build_octal(tmp_path / "x.sqlite", digits=1, max_heap=0)
    with pytest.raises(ValueError, match="not more than one"):
        build_octal(tmp_path / "x.sqlite", digits=1, client=object(), workers=2)


# ---------------------------------------------------------------- files not ours
def test_a_database_to_other_heaps_is_not_resumed(tmp_path):
    build_octal(tmp_path / "octal.sqlite", digits=1, max_heap=N)
    before = rows(tmp_path / "octal.sqlite")
    with pytest.raises(DatabaseError, match=f"holds nim values up to heap {N}, not 300"):
        build_octal(tmp_path / "octal.sqlite", digits=2, max_heap=300)
    assert rows(tmp_path / "octal.sqlite") == before


def test_a_census_is_not_a_database_of_octal_games(tmp_path):
    with create(tmp_path / "cram.sqlite", "cram"):
        pass
    with pytest.raises(DatabaseError, match="a database of cram, not octal"):
        build_octal(tmp_path / "cram.sqlite", digits=1, max_heap=N)
    build_octal(tmp_path / "octal.sqlite", digits=1, max_heap=N)
    with pytest.raises(DatabaseError, match="a database of octal, not cram"):
        create(tmp_path / "octal.sqlite", "cram")


@pytest.mark.parametrize("content", [b"not a database\n" * 100, b"SQLite format 3\x00" + b"\xff" * 4000])
def test_a_foreign_or_corrupt_file_is_a_database_error_and_kept(tmp_path, content):
    path = tmp_path / "octal.sqlite"
    path.write_bytes(content)
    for attempt in (lambda: open_db(path), lambda: build_octal(path, digits=1, max_heap=N)):
        with pytest.raises(DatabaseError, match="is not an SQLite database"):
            attempt()
    assert path.read_bytes() == content


def test_a_newer_schema_is_a_database_error(tmp_path):
    build_octal(tmp_path / "octal.sqlite", digits=1, max_heap=N)
    connection = sqlite3.connect(tmp_path / "octal.sqlite")
    with connection:
        connection.execute("UPDATE meta SET value = '2' WHERE key = 'schema_version'")
    connection.close()
    with pytest.raises(DatabaseError, match="schema version 1 \\(its schema_version is 2, its ruleset octal"):
        open_db(tmp_path / "octal.sqlite")
