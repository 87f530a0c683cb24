"""Reading never writes: ``cgt db stats`` and ``query`` leave a database's bytes and journal mode as
they were, open it read-only, and read it from a read-only folder or a read-only mount."""

import hashlib
import shutil
import sqlite3
import stat
import subprocess
import sys
from pathlib import Path

import pytest

from cgt.cli import main
from cgt.db import DatabaseError, build, build_octal, open as open_db

ROOT = Path(__file__).resolve().parents[2]


def checksum(path):
    return hashlib.sha256(Path(path).read_bytes()).hexdigest()


def journal_mode(path):
    connection = sqlite3.connect(path)
    try:
        return connection.execute("PRAGMA journal_mode").fetchone()[0]
    finally:
        connection.close()


@pytest.fixture(scope="module")
def databases(tmp_path_factory):
    """A census and a database of octal games, each in WAL mode and in rollback-journal mode."""
    folder = tmp_path_factory.mktemp("reading")
    build(folder / "dom.sqlite", "domineering", 5)
    build_octal(folder / "octal.sqlite", digits=1, max_heap=60)
    for name in ("dom", "octal"):
        shutil.copy(folder / f"{name}.sqlite", folder / f"{name}-rollback.sqlite")
        connection = sqlite3.connect(folder / f"{name}-rollback.sqlite")
        connection.execute("PRAGMA journal_mode = DELETE")
        connection.close()
    return folder


READS = {
    "dom": [["db", "stats", "{}"], ["db", "stats", "{}", "--json"], ["db", "query", "{}", "--cells", "4"],
            ["db", "query", "{}", "--temperature", ">=1/2", "--json"]],
    "octal": [["db", "stats", "{}"], ["db", "query", "{}", "--code", "0.7", "--values"],
              ["db", "query", "{}", "--period", "1-4"]],
}


def read_all(path, kind, capsys):
    """Every read of ``READS[kind]`` on ``path``, with what each printed; all must succeed."""
    printed = []
    for argv in READS[kind]:
        assert main([arg.format(path) for arg in argv]) == 0
        out, err = capsys.readouterr()
        assert out and not err
        printed.append(out)
    return printed


@pytest.mark.parametrize("name", ["dom", "dom-rollback", "octal", "octal-rollback"])
def test_stats_and_query_leave_the_file_and_its_journal_mode_unchanged(databases, tmp_path, capsys, name):
    path = tmp_path / f"{name}.sqlite"
    shutil.copy(databases / f"{name}.sqlite", path)
    mode, before = journal_mode(path), checksum(path)
    assert mode == ("delete" if "rollback" in name else "wal")
    read_all(path, name.split("-")[0], capsys)
    assert checksum(path) == before and journal_mode(path) == mode
    if mode == "delete":            # read as it is: no write-ahead log made
        assert sorted(p.name for p in tmp_path.iterdir()) == [path.name]


def test_a_database_is_opened_read_only(databases):
    with open_db(databases / "dom.sqlite") as db:
        with pytest.raises(sqlite3.OperationalError, match="readonly"):
            db._connection.execute("CREATE TABLE scribble (x)")
        assert db._connection.execute("PRAGMA journal_mode").fetchone() == ("wal",)


@pytest.mark.parametrize("name", ["dom", "octal-rollback"])
def test_a_read_only_copy_in_a_read_only_folder_is_read(databases, tmp_path, capsys, name):
    folder = tmp_path / "read-only"
    folder.mkdir()
    path = folder / f"{name}.sqlite"
    shutil.copy(databases / f"{name}.sqlite", path)
    expected = read_all(databases / f"{name}.sqlite", name.split("-")[0], capsys)
    before = checksum(path)
    path.chmod(stat.S_IRUSR | stat.S_IRGRP | stat.S_IROTH)
    folder.chmod(stat.S_IRUSR | stat.S_IXUSR | stat.S_IRGRP | stat.S_IXGRP | stat.S_IROTH | stat.S_IXOTH)
    try:
        assert read_all(path, name.split("-")[0], capsys) == expected
        assert checksum(path) == before
    finally:
        folder.chmod(stat.S_IRWXU)
        path.chmod(stat.S_IRUSR | stat.S_IWUSR)


def read_only_mount(folder, *argv):
    """``python -m cgt argv`` with ``folder`` mounted read-only for it alone (a skip where this
    system allows no mount namespace)."""
    mount = f'mount --bind "{folder}" "{folder}" && mount -o remount,ro,bind "{folder}" "{folder}"'
    if shutil.which("unshare") is None or subprocess.run(["unshare", "-m", "sh", "-c", mount],
                                                         capture_output=True).returncode:
        pytest.skip("no read-only mounts here (unshare -m and mount are not allowed)")
    command = f'exec "{sys.executable}" -m cgt ' + " ".join(f'"{arg}"' for arg in argv)
    return subprocess.run(["unshare", "-m", "sh", "-c", f"{mount} && {command}"], cwd=ROOT,
                          capture_output=True, text=True, timeout=60)


@pytest.mark.parametrize("name", ["dom", "octal"])
def test_a_wal_database_on_a_read_only_mount_is_read(databases, tmp_path, capsys, name):
    # In WAL mode with no -wal or -shm beside it (a build closed it), on a folder no one can write.
    path = tmp_path / f"{name}.sqlite"
    shutil.copy(databases / f"{name}.sqlite", path)
    before = checksum(path)
    for argv in READS[name]:
        argv = [arg.format(path) for arg in argv]
        result = read_only_mount(tmp_path, *argv)
        assert result.returncode == 0 and result.stderr == "", result.stderr
        assert main(argv) == 0 and result.stdout == capsys.readouterr().out
    assert checksum(path) == before
    result = read_only_mount(tmp_path, "db", "build", "domineering", "--max-cells", "6", "--out", path)
    assert result.returncode == 1 and result.stderr.startswith(f"cgt db build: cannot write {path}")


def test_a_log_without_its_shm_on_a_read_only_mount_is_a_clear_error(databases, tmp_path):
    path = tmp_path / "dom.sqlite"
    shutil.copy(databases / "dom.sqlite", path)
    writer = sqlite3.connect(path)
    writer.execute("PRAGMA wal_autocheckpoint = 0")
    with writer:
        writer.execute("INSERT INTO meta VALUES ('note', 'in the log only')")
    shutil.copy(f"{path}-wal", tmp_path / "log")        # the log of a writer that died
    writer.close()
    shutil.move(tmp_path / "log", f"{path}-wal")
    Path(f"{path}-shm").unlink(missing_ok=True)
    result = read_only_mount(tmp_path, "db", "stats", path)
    assert result.returncode == 1 and result.stderr.count("\n") == 1
    assert result.stderr.startswith(f"cgt db stats: cannot read {path}") and "-shm" in result.stderr


def test_a_missing_file_is_not_made_by_reading(tmp_path):
    with pytest.raises(DatabaseError, match="no database at"):
        open_db(tmp_path / "nothing.sqlite")
    assert list(tmp_path.iterdir()) == []
