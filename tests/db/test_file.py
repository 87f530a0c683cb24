"""The lock of a database file: one build at a time, in this process or another, and a build
killed by SIGKILL leaves the file free."""

import signal
import subprocess
import sys
from pathlib import Path

import pytest

from cgt.db import DatabaseError, build, build_octal
from cgt.db.file import write_lock

ROOT = Path(__file__).resolve().parents[2]
pytest.importorskip("fcntl")


def test_a_second_lock_of_one_file_is_refused(tmp_path):
    path = tmp_path / "x.sqlite"
    with write_lock(path):
        with pytest.raises(DatabaseError, match="another build is writing .*x.sqlite"):
            with write_lock(path):
                pass
    with write_lock(path):          # released
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


def test_a_build_killed_with_the_lock_leaves_the_file_free(tmp_path):
    path = tmp_path / "x.sqlite"
    holder = subprocess.Popen(
        [sys.executable, "-c", "import sys; from cgt.db.file import write_lock\n"
                               f"with write_lock({str(path)!r}):\n"
                               "    print('held', flush=True); sys.stdin.read()"],
        cwd=ROOT, stdin=subprocess.PIPE, stdout=subprocess.PIPE, text=True)
    try:
        assert holder.stdout.readline() == "held\n"
        with pytest.raises(DatabaseError, match="another build is writing"):
            build(path, "cram", 3)
        assert not path.exists()
    finally:
        holder.send_signal(signal.SIGKILL)
        holder.wait()
    assert build(path, "cram", 3) == {1: 1, 2: 1, 3: 2}
