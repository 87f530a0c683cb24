"""MCGS beside cgt on the same cases: the time of each of MCGS's test files, cgt's and MCGS's, in one run.

Run from the repository root, with MCGS built (benchmarks/README.md, "MCGS beside cgt")::

    CGT_MCGS=/path/to/MCGS python -m benchmarks mcgs --peer --file 6x6.test --file nogo_4x4_filled
    CGT_MCGS_DB=/path/to/database.bin CGT_MCGS=... python -m benchmarks mcgs --peer ...

For each test file among the chosen cases (``--file``, as for ``python -m
benchmarks mcgs``), cgt plays the file's cases in a fresh worker process (each
case timed as in that run), and MCGS solves the same cases, written as one
input of MCGS's syntax with their expected answers, in one process
(``MCGS --file``), with the database file ``$CGT_MCGS_DB`` if it is set
(else ``--no-use-db``); MCGS's time is the sum of the times it prints for each
case, so neither side counts its start-up (MCGS's is about a second: it
allocates its transposition tables).  MCGS's verdicts (PASS or FAIL against
the answers its test files record) are counted too.
"""

from __future__ import annotations

import os
import re
import subprocess
import tempfile
import time
from collections import defaultdict
from pathlib import Path


def mcgs_input(cases):
    """The cases as MCGS input: each case's games as bracketed games under their sections, then its
    commands with their expected answers, e.g. ``[clobber] (XO.|OX.) {B win, W loss}``."""
    lines = ["{version 1.5}"]
    for case in cases:
        games = " ".join(f"[{part['game']}] ({part['position']})" for part in case["parts"])
        commands = ", ".join(f"{player} {answer}" for player, answer in case["expected"].items())
        lines.append(f"{games} {{{commands}}}")
    return "\n".join(lines) + "\n"


def read_mcgs_output(text):
    """``(milliseconds, statuses)`` of MCGS's output: the sum of its commands' times, and the status
    (PASS, FAIL, ...) of each command, in order."""
    times = [float(ms) for ms in re.findall(r"^Time \(ms\): ([0-9.]+)", text, re.MULTILINE)]
    statuses = re.findall(r"^Status: (\w+)", text, re.MULTILINE)
    return sum(times), statuses


def run_mcgs(binary, cases, timeout, database=None):
    """MCGS on ``cases`` in one process (with its ``database`` file, or none): ``(seconds of its
    commands, statuses, wall seconds)``; the statuses are cut short when MCGS runs past ``timeout``
    seconds."""
    with tempfile.TemporaryDirectory() as folder:
        path = Path(folder) / "cases.test"
        path.write_text(mcgs_input(cases))
        flags = ["--db-file-load", database] if database else ["--no-use-db"]
        start = time.monotonic()
        try:
            done = subprocess.run([binary, *flags, "--file", str(path)], capture_output=True, text=True,
                                  timeout=timeout, cwd=folder)
            output = done.stdout
        except subprocess.TimeoutExpired as stopped:
            output = stopped.stdout.decode() if isinstance(stopped.stdout, bytes) else stopped.stdout or ""
        wall = time.monotonic() - start
    milliseconds, statuses = read_mcgs_output(output)
    return milliseconds / 1000, statuses, wall


def side_by_side(cases, play, binary, timeout, database=None):
    """Printed lines: per test file, its cases, cgt's seconds (``play(cases)`` gives each case's
    ``(verdict, seconds, detail)``) and MCGS's, and their ratio; then the totals."""
    by_file = defaultdict(list)
    for case in cases:
        by_file[case["id"].rsplit(":", 1)[0]].append(case)
    lines = [f"{'file':<58} {'cases':>5} {'cgt s':>9} {'MCGS s':>9} {'cgt/MCGS':>9}  cgt / MCGS verdicts"]
    total_cgt = total_mcgs = 0.0
    for name, file_cases in by_file.items():
        results = play(file_cases)
        cgt_seconds = sum(s for _, s, _ in results.values() if s is not None)
        cgt_verdicts = defaultdict(int)
        for verdict, _, _ in results.values():
            cgt_verdicts[verdict] += 1
        mcgs_seconds, statuses, _ = run_mcgs(binary, file_cases, timeout * len(file_cases), database)
        commands = sum(len(case["expected"]) for case in file_cases)
        mcgs_verdicts = defaultdict(int, {"unfinished": commands - len(statuses)})
        for status in statuses:
            mcgs_verdicts[status.lower()] += 1
        total_cgt += cgt_seconds
        total_mcgs += mcgs_seconds
        lines.append(f"{name.removeprefix('input/'):<58} {len(file_cases):>5} {cgt_seconds:>9.3f} "
                     f"{mcgs_seconds:>9.3f} {_ratio(cgt_seconds, mcgs_seconds):>9}  "
                     f"{_counts(cgt_verdicts)} / {_counts(mcgs_verdicts)}")
    lines.append(f"{'total':<58} {len(cases):>5} {total_cgt:>9.3f} {total_mcgs:>9.3f} "
                 f"{_ratio(total_cgt, total_mcgs):>9}")
    return lines


def mcgs_binary():
    """The MCGS program named by $CGT_MCGS and the database file named by $CGT_MCGS_DB (or None), or a
    clear error."""
    binary, database = os.environ.get("CGT_MCGS"), os.environ.get("CGT_MCGS_DB")
    if not binary or not os.access(binary, os.X_OK):
        raise SystemExit("--peer needs $CGT_MCGS, the path of a built MCGS program "
                         "(benchmarks/README.md, 'MCGS beside cgt')")
    if database and not os.path.isfile(database):
        raise SystemExit(f"$CGT_MCGS_DB names no file: {database}")
    return binary, database


def _ratio(ours, theirs):
    return f"{ours / theirs:.2f}" if theirs > 0 else "-"


def _counts(verdicts):
    return " ".join(f"{n} {verdict}" for verdict, n in sorted(verdicts.items()) if n)
