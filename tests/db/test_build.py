"""Census builds: the counts and values of brute force, one process and a Dask cluster agree,
and a build killed at random moments resumes to the same database."""

import random
import signal
import sqlite3
import subprocess
import sys
import time
from pathlib import Path

import pytest

import reference
from polyomino_reference import fixed, normalised, orbits
from cgt import engine, parse
from cgt.db import DIHEDRAL, MIRRORS, build, compute_shard
from cgt.db.build import reference_shard_values, shard_values

ROOT = Path(__file__).resolve().parents[2]


def rows(path):
    """Every stored position with its value's facts, in order (ids left out: they are arbitrary)."""
    connection = sqlite3.connect(path)
    try:
        return connection.execute(
            "SELECT p.shape, p.cells, v.notation, v.kind, v.outcome, v.mean, v.temperature,"
            " v.temperature_float, v.left_stop, v.right_stop, v.birthday, v.atomic_weight"
            " FROM positions p JOIN game_values v ON v.id = p.value_id ORDER BY p.shape").fetchall()
    finally:
        connection.close()


def duplicates(path):
    connection = sqlite3.connect(path)
    try:
        return connection.execute("SELECT shape, count(*) FROM positions GROUP BY shape"
                                  " HAVING count(*) > 1").fetchall()
    finally:
        connection.close()


@pytest.fixture(scope="module")
def census6(tmp_path_factory):
    path = tmp_path_factory.mktemp("census") / "dom6.sqlite"
    build(path, "domineering", 6, shards_per_size=2)
    return path


@pytest.mark.parametrize("n", range(1, 7))
def test_domineering_counts_are_the_classes_under_mirrors(census6, n):
    stored = [row for row in rows(census6) if row[1] == n]
    assert len(stored) == len(orbits(n, MIRRORS))
    assert {normalised(reference.board_cells(row[0])) for row in stored} <= fixed(n)
    # one shape per class
    assert len({orbit for orbit in orbits(n, MIRRORS) for row in stored
                if normalised(reference.board_cells(row[0])) in orbit}) == len(stored)


def test_domineering_values_agree_with_the_definition(census6):
    for shape, n, notation, *_ in rows(census6):
        if n <= 5:
            value = reference.domineering(reference.board_cells(shape))
            assert reference.eq(value, reference.from_game(parse(notation))), shape


def test_cram_counts_are_the_free_polyominoes(tmp_path):
    counts = build(tmp_path / "cram.sqlite", "cram", 6)
    assert counts == {n: len(orbits(n, DIHEDRAL)) for n in range(1, 7)} == {1: 1, 2: 1, 3: 2, 4: 5, 5: 12, 6: 35}


def test_shards_partition_a_size():
    whole = compute_shard("domineering", 7, 0, 1)
    parts = [row for shard in range(3) for row in compute_shard("domineering", 7, shard, 3)]
    assert sorted(parts) == sorted(whole) and len(whole) == len(orbits(7, MIRRORS))


def test_progress_reports_each_shard(tmp_path):
    reports = []
    build(tmp_path / "dom.sqlite", "domineering", 4, shards_per_size=2, progress=reports.append)
    assert [(p.shards_done, p.shards_total) for p in reports] == [(i, 8) for i in range(1, 9)]
    assert reports[-1].positions == 1 + 2 + 3 + 9 and reports[-1].seconds_left == 0
    assert "shards 8/8, positions 15" in str(reports[-1])


def test_bad_arguments(tmp_path):
    with pytest.raises(ValueError, match="at least 1 cell"):
        build(tmp_path / "x.sqlite", "domineering", 0)
    with pytest.raises(ValueError, match="not more than one"):
        build(tmp_path / "x.sqlite", "domineering", 3, client=object(), workers=2)


def test_one_process_and_a_local_cluster_store_the_same_rows(tmp_path):
    pytest.importorskip("distributed")
    build(tmp_path / "one.sqlite", "domineering", 7, shards_per_size=2)
    build(tmp_path / "two.sqlite", "domineering", 7, shards_per_size=2, workers=2)
    assert rows(tmp_path / "one.sqlite") == rows(tmp_path / "two.sqlite")
    assert len(rows(tmp_path / "one.sqlite")) == 1 + 2 + 3 + 9 + 21 + 68 + 208


def test_a_build_killed_three_times_resumes_to_the_clean_database(tmp_path):
    path = tmp_path / "killed.sqlite"
    command = [sys.executable, "-m", "cgt", "db", "build", "domineering", "--max-cells", "10",
               "--shards", "6", "--out", str(path)]
    chance = random.Random(16)
    for _ in range(3):
        process = subprocess.Popen(command, cwd=ROOT, stdout=subprocess.DEVNULL, stderr=subprocess.PIPE)
        time.sleep(chance.uniform(0.5, 2.0))
        process.send_signal(signal.SIGKILL)
        process.wait()
        if path.exists():
            assert duplicates(path) == []
    finished = subprocess.run(command, cwd=ROOT, capture_output=True, text=True, timeout=120)
    assert finished.returncode == 0, finished.stderr
    build(tmp_path / "clean.sqlite", "domineering", 10, shards_per_size=6)
    assert rows(path) == rows(tmp_path / "clean.sqlite")
    assert duplicates(path) == []
    connection = sqlite3.connect(path)
    assert connection.execute("SELECT count(*) FROM shards WHERE done = 0").fetchone() == (0,)
    connection.close()


@pytest.mark.slow
@pytest.mark.skipif(engine.ENGINE != "compiled", reason="needs the compiled core")
@pytest.mark.parametrize("ruleset", ["domineering", "cram"])
def test_the_compiled_shards_are_the_reference_shards(ruleset):
    # Same positions, values and dealing to shards: a build may mix shards from both.
    for n, shards in ((1, 1), (4, 1), (7, 3), (9, 4), (11, 5)):
        for shard in range(shards):
            compiled = sorted(shard_values(ruleset, n, shard, shards))
            assert compiled == sorted(reference_shard_values(ruleset, n, shard, shards))


def indexes(path):
    connection = sqlite3.connect(path)
    names = {name for name, in connection.execute("SELECT name FROM sqlite_master WHERE type = 'index'")}
    connection.close()
    return names


def test_a_build_stops_or_ends_with_the_indexes_of_positions_in_place(tmp_path):
    def stop(progress):
        if progress.shards_done == 3:
            raise KeyboardInterrupt

    with pytest.raises(KeyboardInterrupt):
        build(tmp_path / "dom.sqlite", "domineering", 6, progress=stop)
    assert {"positions_cells", "positions_value"} <= indexes(tmp_path / "dom.sqlite")
    build(tmp_path / "dom.sqlite", "domineering", 6)
    assert {"positions_cells", "positions_value"} <= indexes(tmp_path / "dom.sqlite")
