"""The lock of a database file: one writer at a time, by any name of the file (a symbolic or a
hard link), in this process or another; a writer killed by SIGKILL leaves the file free; readers
are never blocked; and nothing is made or locked before the arguments are checked."""

import json
import os
import signal
import sqlite3
import subprocess
import sys
from pathlib import Path

import pytest

from cgt.db import DatabaseError, build, build_octal, create, open as open_db

ROOT = Path(__file__).resolve().parents[2]
pytest.importorskip("fcntl")


def test_a_second_writer_of_one_file_is_refused(tmp_path):
    path = tmp_path / "x.sqlite"
    with create(path, "cram"):
        with pytest.raises(DatabaseError, match="another build is writing .*x.sqlite"):
            create(path, "cram")
    with create(path, "cram"):      # released
        pass


@pytest.mark.parametrize("start", [
    lambda path, progress: build(path, "domineering", 4, shards_per_size=2, progress=progress),
    lambda path, progress: build_octal(path, digits=2, max_heap=100, shard_size=8, progress=progress),
], ids=["census", "octal"])
def test_a_build_is_refused_while_another_writes_the_file(tmp_path, start):
    path = tmp_path / "x.sqlite"
    refused = []

    def second_build(progress):
        if progress.shards_done == 1:
            with pytest.raises(DatabaseError, match="another build is writing") as error:
                start(path, None)
            refused.append(error.value)

    start(path, second_build)
    assert len(refused) == 1
    start(path, None)               # the first build is over: the file is free


def test_a_writer_killed_with_the_lock_leaves_the_file_free(tmp_path):
    path = tmp_path / "x.sqlite"
    holder = subprocess.Popen(
        [sys.executable, "-c", "import sys; from cgt.db import create\n"
                               f"db = create({str(path)!r}, 'cram')\n"
                               "print('held', flush=True); sys.stdin.read()"],
        cwd=ROOT, stdin=subprocess.PIPE, stdout=subprocess.PIPE, text=True)
    try:
        assert holder.stdout.readline() == "held\n"
        with pytest.raises(DatabaseError, match="another build is writing"):
            build(path, "cram", 3)
    finally:
        holder.send_signal(signal.SIGKILL)
        holder.wait()
    assert build(path, "cram", 3) == {1: 1, 2: 1, 3: 2}


def test_readers_read_while_a_build_writes(tmp_path):
    path = tmp_path / "x.sqlite"
    seen = []

    def read(progress):
        with open_db(path) as db:
            seen.append(sum(db.stats()["positions"].values()))

    build(path, "domineering", 5, progress=read)
    assert seen == [1, 3, 6, 15, 36]


# A builder process: builds each path read from stdin (slowly, so that the others find it
# busy) and answers with one JSON line.
BUILDER = """
import json, sys, time
from cgt.db import DatabaseError, build
for line in sys.stdin:
    try:
        counts = build(line.strip(), "domineering", 5, progress=lambda progress: time.sleep(0.05))
        print(json.dumps({"built": sum(counts.values())}), flush=True)
    except DatabaseError as error:
        print(json.dumps({"refused": str(error)}), flush=True)
"""


def test_concurrent_builds_by_the_path_a_symbolic_link_and_a_hard_link_are_one_build(tmp_path):
    builders = [subprocess.Popen([sys.executable, "-c", BUILDER], cwd=ROOT, stdin=subprocess.PIPE,
                                 stdout=subprocess.PIPE, text=True) for _ in range(3)]
    try:
        for round_ in range(10):
            folder = tmp_path / str(round_)
            folder.mkdir()
            real, hard, symbolic = folder / "dom.sqlite", folder / "hard.sqlite", folder / "symbolic.sqlite"
            real.touch()
            os.link(real, hard)
            symbolic.symlink_to(real)
            names = [real, symbolic, hard]
            for builder, name in zip(builders, names[round_ % 3:] + names[:round_ % 3]):
                builder.stdin.write(f"{name}\n")
                builder.stdin.flush()
            answers = [json.loads(builder.stdout.readline()) for builder in builders]
            built = [answer for answer in answers if "built" in answer]
            refused = [answer["refused"] for answer in answers if "refused" in answer]
            assert built == [{"built": 36}], answers
            assert len(refused) == 2 and all("another build is writing" in text for text in refused), refused
            connection = sqlite3.connect(real)
            assert connection.execute("PRAGMA integrity_check").fetchall() == [("ok",)]
            assert connection.execute("SELECT count(*), count(DISTINCT shape) FROM positions").fetchone() == (36, 36)
            connection.close()
    finally:
        for builder in builders:
            builder.stdin.close()
            builder.wait(timeout=30)
