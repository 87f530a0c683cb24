"""MCGS's test cases, every one, through cgt: passes, failures, timeouts, skips, and the slowest cases.

Run from the repository root::

    python -m benchmarks mcgs                        # all 5,170 cases of tests/data/mcgs_vectors.json
    python -m benchmarks mcgs --file clobber --timeout 10 --seconds-json /tmp/seconds.json
    python -m benchmarks mcgs --ids-from /tmp/seconds.json --timed-out --timeout 60
    python -m benchmarks mcgs --exclude clobber-6x6 --exclude impartial_cannibal_clobber_1xn

Each case is played by tests/mcgs_cases.py (`agrees`: outcomes by the search
`cgt.solve.outcome`, nimbers by `cgt.solve.nim_value`, winning moves and
thermographs from canonical forms) in a worker process, which is killed and
replaced when a case runs past ``--timeout`` seconds (default 60).  A worker
plays case after case, so a case's time is measured with the tables that the
cases before it left warm, as in the test suite.  A case with ``duplicate_of``
is played again, like any other.  A case marked ``deliberately_wrong`` passes
when cgt DISAGREES with MCGS's expected answer.

The report: the number of cases, passes, failures (ids, expected, found),
errors, timeouts (ids), cases skipped and why, the deliberately wrong cases,
and the slowest ten.  ``--seconds-json FILE`` writes ``{id: seconds}`` (null
for a timeout, absent for a skip) and each failure's details.
"""

from __future__ import annotations

import argparse
import json
import multiprocessing
import signal
import sys
import time
from collections import Counter
from multiprocessing.connection import wait
from pathlib import Path

from benchmarks.mcgs_peer import mcgs_binary, side_by_side

_TESTS = Path(__file__).resolve().parent.parent / "tests"
_ANSWERED = ("outcome", "nim", "nim+outcome")  # the kinds whose answer `found_answer` gives
RECYCLE = 500  # cases a worker plays before it is replaced (its tables stay bounded)


def _harness():
    """tests/mcgs_cases.py, the reader of MCGS's cases (tests/ is not a package)."""
    if str(_TESTS) not in sys.path:
        sys.path.insert(0, str(_TESTS))
    import mcgs_cases

    return mcgs_cases


def _play(harness, case):
    """``(verdict, seconds, detail)`` for one case: verdict "pass", "fail" or "error"."""
    start = time.perf_counter()
    try:
        agreed = harness.agrees(case)
        found = harness.found_answer(case) if not agreed and case["kind"] in _ANSWERED else None
    except Exception as exc:  # a crash of one case is a finding, not the end of the run
        first = (str(exc).splitlines() or [""])[0]
        return "error", time.perf_counter() - start, f"{type(exc).__name__}: {first}"
    seconds = time.perf_counter() - start
    wanted = not case.get("deliberately_wrong", False)
    return ("pass" if agreed == wanted else "fail"), seconds, None if agreed == wanted else found


def _serve(connection):
    """A worker: play each case received, send back its result, until told None."""
    harness = _harness()
    while (case := connection.recv()) is not None:
        connection.send(_play(harness, case))


class _Worker:
    """A process playing cases one at a time, killed when one runs too long."""

    def __init__(self, context):
        self.connection, theirs = context.Pipe()
        self.process = context.Process(target=_serve, args=(theirs,), daemon=True)
        self.process.start()
        self.case, self.started, self.played = None, 0.0, 0

    def give(self, case):
        self.case, self.started = case, time.monotonic()
        self.played += 1
        self.connection.send(case)

    def stop(self, kill=False):
        """End the process (kill it, or let it finish); its exit code."""
        if kill:
            self.process.kill()
        else:
            self.connection.send(None)
        self.process.join()
        return self.process.exitcode


def run(cases, workers=1, timeout=60.0, progress=True, save=None):
    """Play ``cases`` on ``workers`` processes: ``{id: (verdict, seconds, detail)}``, verdict "timeout" for a
    case stopped after ``timeout`` seconds.  ``save(results so far)`` is called every 100 cases."""
    context = multiprocessing.get_context("spawn")
    pending = list(reversed(cases))
    pool = [_Worker(context) for _ in range(min(workers, len(cases)) or 1)]
    results = {}
    try:
        for worker in pool:
            if pending:
                worker.give(pending.pop())
        while any(worker.case is not None for worker in pool):
            busy = [worker for worker in pool if worker.case is not None]
            deadline = min(worker.started for worker in busy) + timeout
            ready = wait([worker.connection for worker in busy], max(0.0, deadline - time.monotonic()))
            for i, worker in enumerate(pool):
                if worker.case is None:
                    continue
                if worker.connection in ready:
                    try:
                        results[worker.case["id"]] = worker.connection.recv()
                    except (EOFError, OSError):     # the worker died (a crash of the interpreter): a finding
                        worker.process.join(5)      # its own exit code, once it has ended
                        results[worker.case["id"]] = ("error", time.monotonic() - worker.started,
                                                      f"the worker died (exit code {worker.stop(kill=True)})")
                        worker = pool[i] = _Worker(context)
                elif time.monotonic() - worker.started >= timeout:
                    results[worker.case["id"]] = ("timeout", None, None)
                    worker.stop(kill=True)
                    worker = pool[i] = _Worker(context)
                else:
                    continue
                worker.case = None
                if worker.played >= RECYCLE:
                    worker.stop()
                    worker = pool[i] = _Worker(context)
                if pending:
                    worker.give(pending.pop())
                if len(results) % 100 == 0:
                    if progress:
                        print(f"  ... {len(results)} of {len(cases)} cases", file=sys.stderr, flush=True)
                    if save:
                        save(results)
    finally:
        for worker in pool:
            worker.stop(kill=True)
    return results


def report(cases, skipped, results):
    """The run's figures, as printed lines."""
    verdicts = Counter(verdict for verdict, _, _ in results.values())
    wrong = [case for case in cases if case.get("deliberately_wrong")]
    lines = [f"cases: {len(cases) + len(skipped)}; played {len(cases)}: {verdicts['pass']} pass, "
             f"{verdicts['fail']} fail, {verdicts['error']} error, {verdicts['timeout']} timeout",
             f"deliberately wrong: {len(wrong)}, of which cgt disagrees with "
             f"{sum(results[c['id']][0] == 'pass' for c in wrong)}"]
    expected = {case["id"]: case["expected"] for case in cases}
    for verdict in ("fail", "error"):
        for case_id, (seen, _, detail) in results.items():
            if seen == verdict:
                lines.append(f"  {verdict}: {case_id} expected {expected[case_id]} found {detail}")
    timeouts = sorted(case_id for case_id, (seen, _, _) in results.items() if seen == "timeout")
    if timeouts:
        lines.append(f"timeouts ({len(timeouts)}):")
        lines += [f"  {case_id}" for case_id in timeouts]
    reasons = Counter(reason for _, reason in skipped)
    lines.append(f"skipped: {len(skipped)}" + "".join(f"\n  {n} {reason}" for reason, n in reasons.most_common()))
    timed = sorted(((s, case_id) for case_id, (_, s, _) in results.items() if s is not None), reverse=True)
    lines.append("slowest ten:")
    lines += [f"  {s:8.3f} s  {case_id}" for s, case_id in timed[:10]]
    return lines


def main(argv=None):
    parser = argparse.ArgumentParser(prog="python -m benchmarks mcgs", description=__doc__.splitlines()[0])
    parser.add_argument("--file", metavar="TEXT", action="append", default=[],
                        help="only the cases whose id (MCGS's file:line) contains TEXT (may be repeated: any of them)")
    parser.add_argument("--exclude", metavar="TEXT", action="append", default=[],
                        help="leave out the cases whose id contains TEXT (may be repeated)")
    parser.add_argument("--timeout", type=float, default=60.0, help="seconds per case (default 60)")
    parser.add_argument("--workers", type=int, default=1, help="worker processes (default 1)")
    parser.add_argument("--seconds-json", metavar="FILE", help="write each case's seconds and verdict to FILE")
    parser.add_argument("--ids-from", metavar="FILE", help="only the cases of an earlier --seconds-json FILE ...")
    parser.add_argument("--timed-out", action="store_true", help="... that timed out there")
    parser.add_argument("--report-from", metavar="FILE", nargs="+",
                        help="play nothing: report the results that earlier --seconds-json FILEs hold "
                             "(a later file's result for a case replaces an earlier one's)")
    parser.add_argument("--peer", action="store_true",
                        help="time MCGS ($CGT_MCGS) beside cgt on each test file's cases (benchmarks/mcgs_peer.py)")
    args = parser.parse_args(argv)
    signal.signal(signal.SIGTERM, lambda *_: sys.exit(1))   # a killed run still kills its workers
    harness = _harness()
    chosen = [case for case in harness.mcgs_vectors() if (not args.file or any(t in case["id"] for t in args.file))
              and not any(text in case["id"] for text in args.exclude)]
    if args.ids_from:
        earlier = json.loads(Path(args.ids_from).read_text())["verdicts"]
        chosen = [case for case in chosen
                  if case["id"] in earlier and (not args.timed_out or earlier[case["id"]] == "timeout")]
    skipped = [(case, reason) for case in chosen if (reason := harness.skip_reason(case))]
    played = [case for case in chosen if not harness.skip_reason(case)]
    if args.report_from:
        results = _load(args.report_from)
        missing = [case["id"] for case in played if case["id"] not in results]
        played = [case for case in played if case["id"] in results]
        print(f"MCGS's cases through cgt, from {', '.join(args.report_from)}; "
              f"{len(missing)} cases not in them (not run)")
        print("\n".join(report(played, skipped, results)))
        return
    if args.peer:
        binary, database = mcgs_binary()
        print(f"MCGS ({binary}, database {database or 'none'}) beside cgt, {args.timeout:g} s per case")
        print("\n".join(side_by_side(played, lambda cases: run(cases, timeout=args.timeout, progress=False),
                                     binary, args.timeout, database)))
        return
    save = (lambda results: _save(Path(args.seconds_json), results)) if args.seconds_json else None
    start = time.monotonic()
    results = run(played, workers=args.workers, timeout=args.timeout, save=save)
    print(f"MCGS's cases through cgt: {args.workers} worker(s), {args.timeout:g} s per case, "
          f"{time.monotonic() - start:.0f} s in all")
    print("\n".join(report(played, skipped, results)))
    if save:
        save(results)


def _load(paths):
    """The results that `_save` wrote to ``paths``, merged in order."""
    results = {}
    for path in paths:
        saved = json.loads(Path(path).read_text())
        results.update({case_id: (verdict, saved["seconds"][case_id], saved["details"].get(case_id))
                        for case_id, verdict in saved["verdicts"].items()})
    return results


def _save(path, results):
    """Write each case's seconds, verdict, and a failure's or an error's details to ``path`` (JSON)."""
    path.write_text(json.dumps({
        "seconds": {case_id: s for case_id, (_, s, _) in results.items()},
        "verdicts": {case_id: verdict for case_id, (verdict, _, _) in results.items()},
        "details": {case_id: str(detail) for case_id, (verdict, _, detail) in results.items()
                    if verdict in ("fail", "error")},
    }, indent=0, sort_keys=True))


if __name__ == "__main__":
    main()
