"""Time cgt on named workloads, on its compiled and its pure-Python engine, and, where installed, the peer package cgt-py on the same work.

Run from the repository root: ``python -m benchmarks [GROUP] [--only TEXT] [--quick] [--no-peer] [--no-pure]``,
where GROUP (``partizan`` or one of `EXTRA_MODULES`, e.g. ``db``) runs just that group's workloads.
``python -m benchmarks mcgs [--file TEXT] [--timeout S]`` plays MCGS's test cases instead
(``benchmarks.mcgs_cases``).
``python -m benchmarks impartial --peer igsolve`` runs instead the Cram nimber rows side by side
with the peer igsolve (``benchmarks.impartial.igsolve_table``).
Every run happens in a new process (the pure engine's with ``CGT_ENGINE=pure``), so memo
tables start cold each time and a crash or a hang on any side costs one table cell, never
the whole run.
"""

from __future__ import annotations

import argparse
import gc
import importlib
import json
import math
import os
import platform
import signal
import subprocess
import sys
import time
from dataclasses import dataclass
from importlib import metadata
from pathlib import Path
from typing import Any, Callable

import cgt
import cgt.short.atomic  # noqa: F401  (cgt loads these lazily; load them before any timing)
import cgt.rulesets  # noqa: F401
import cgt.short.thermograph  # noqa: F401
import cgt.rulesets

from benchmarks.workload import Side, Workload

try:
    import cgt_py
except ImportError:
    cgt_py = None

GAMES = json.loads(Path(__file__).with_name("bench_games.json").read_text())
MAX_RUNS = 25


@dataclass(frozen=True)
class Failure:
    cell: str  # "error" or "timeout"
    detail: str


# --- the registry -----------------------------------------------------------------------


def _cgt_games():
    return [cgt.parse(text) for text in GAMES["cgsuite"]]


def _peer_games():
    return [cgt_py.CanonicalForm(text) for text in GAMES["cgt_py"]]


def _sum(games):
    total = games[0]
    for game in games[1:]:
        total = total + game
    return total


def _all_pairs_le(games):
    return [a <= b for a in games for b in games]


def _uptimal_arithmetic(games):
    """Every pairwise sum, difference and comparison of a few big uptimals."""
    return [(a + b, a - b, a <= b, a < b) for a in games for b in games]


def _on_20_games(name, work, *, slow=False, requires=""):
    """A workload doing the same ``work`` on each library's parse of the 20 benchmark games."""
    return Workload(name, Side(work, _cgt_games), Side(work, _peer_games), slow, requires)


def partizan_workloads() -> list[Workload]:
    workloads = [
        _on_20_games("sum of 20 games", _sum, slow=True),
        _on_20_games("compare 20x20 games (<=)", _all_pairs_le),
        Workload(
            "Game(10**6).birthday",
            cgt=Side(lambda: cgt.Game(10**6).birthday),
            peer=Side(lambda: cgt_py.CanonicalForm(10**6).birthday),
        ),
        Workload(
            "Game(50000).birthday",
            cgt=Side(lambda: cgt.Game(50_000).birthday),
            peer=Side(lambda: cgt_py.CanonicalForm(50_000).birthday),
        ),
        Workload(
            "nimber(20).birthday",
            cgt=Side(lambda: cgt.nimber(20).birthday),
            peer=Side(lambda: cgt_py.CanonicalForm("*20").birthday),
            slow=True,
        ),
    ]
    uptimals = ("^<3>*215", "^<5>*1000 + ^[4]")
    workloads += [
        Workload(f"parse {text}", cgt=Side(lambda text=text: cgt.parse(text)), pure=False) for text in uptimals
    ]
    workloads.append(
        Workload(
            "sums and comparisons of uptimals",
            cgt=Side(_uptimal_arithmetic, lambda: [cgt.parse(t) for t in uptimals + ("v<4>*3", "^[3]*2")]),
            pure=False,
        )
    )
    for size, grid in GAMES["domineering"].items():
        workloads.append(
            Workload(
                f"Domineering {size}",
                cgt=Side(lambda grid=grid: cgt.rulesets.Domineering(grid).canonical_form),
                peer=Side(lambda grid=grid: cgt_py.Domineering(grid).canonical_form),
                slow=size in ("5x5", "5x6"),
                requires="rulesets.Domineering",
            )
        )
    workloads += [
        _on_20_games(
            "temperature of 20 games",
            lambda games: [g.temperature for g in games],
            requires="Game.temperature",
        ),
        _on_20_games(
            "thermograph of 20 games",
            lambda games: [g.thermograph for g in games],
            requires="Game.thermograph",
        ),
        _on_20_games(
            "cool 20 games by 1",
            lambda games: [g.cool(1) for g in games],
            requires="Game.cool",
        ),
    ]
    for size in ("4x4", "4x6"):
        grid = GAMES["domineering"][size]
        for what, work in (
            ("temperature", lambda g: g.temperature),
            ("thermograph", lambda g: g.thermograph),
            ("cool by 1", lambda g: g.cool(1)),
        ):
            workloads.append(
                Workload(
                    f"{what} of Domineering {size}",
                    cgt=Side(work, lambda grid=grid: cgt.rulesets.Domineering(grid).canonical_form),
                    peer=Side(work, lambda grid=grid: cgt_py.Domineering(grid).canonical_form),
                    slow=size == "4x6",
                    requires="rulesets.Domineering",
                )
            )
    return workloads


EXTRA_MODULES = ("impartial", "rulesets", "loopy", "transfinite", "db")  # benchmarks.<name>: more workloads
GROUPS = ("partizan", *EXTRA_MODULES)  # what ``python -m benchmarks GROUP`` may name


def _extra_workload(name: str, work: Callable[[], Any], slow: bool = False, pure: bool = True) -> Workload:
    """The cgt-only workload of a row ``(name, work[, slow[, pure]])`` of an extra module."""
    return Workload(name, cgt=Side(work), slow=slow, pure=pure)


def extra_workloads(modules: tuple[str, ...] = EXTRA_MODULES) -> tuple[list[Workload], list[str]]:
    """cgt-only workloads from each of ``modules`` (of ``EXTRA_MODULES``) that exists, and notes on failures.

    Each module's ``workloads()`` gives `Workload` objects (which may time cgt-py too) or
    rows ``(name, callable)``, ``(name, callable, slow)`` or ``(name, callable, slow, pure)``.
    """
    found, notes = [], []
    for module in modules:
        try:
            loaded = importlib.import_module(f"benchmarks.{module}")
        except ImportError as exc:
            if exc.name != f"benchmarks.{module}":
                notes.append(f"benchmarks.{module} not loaded: {exc}")
            continue
        found += [row if isinstance(row, Workload) else _extra_workload(*row) for row in loaded.workloads()]
    return found, notes


def workloads_of(group: str | None) -> tuple[list[Workload], list[str]]:
    """The workloads of ``group`` (one of ``GROUPS``), or of all groups for None; and notes on failures."""
    modules = EXTRA_MODULES if group is None else (group,) if group in EXTRA_MODULES else ()
    extra, notes = extra_workloads(modules)
    return (partizan_workloads() if group in (None, "partizan") else []) + extra, notes


# --- running ----------------------------------------------------------------------------


def _cgt_has(dotted: str) -> bool:
    owner = cgt
    for part in dotted.split("."):
        if not hasattr(owner, part):
            return False
        owner = getattr(owner, part)
    return True


def _exit_reason(code: int | None) -> str:
    if code is not None and code < 0:
        return f"killed by {signal.Signals(-code).name}"
    return f"exit code {code}"


def run_once(name: str, side: str, engine: str, timeout: float) -> float | Failure:
    """Time one side (``"cgt"`` or ``"peer"``) of workload ``name`` once, in a new process.

    The process imports everything before the clock starts, so its memo tables are
    cold but its memory is its own: a forked child would instead pay a copy-on-write
    page fault for each page of the parent's memory it first writes to, which on small
    workloads costs more than the work.
    """
    command = [sys.executable, "-m", "benchmarks", "--time-one", name, "--side", side]
    try:
        done = subprocess.run(command, env={**os.environ, "CGT_ENGINE": engine}, capture_output=True,
                              text=True, timeout=timeout, cwd=Path(__file__).parent.parent)
    except subprocess.TimeoutExpired:
        return Failure("timeout", f"no result within {timeout:g} s")
    if done.returncode != 0:
        if done.returncode > 0 and done.stdout.strip():
            kind, value = json.loads(done.stdout)
            return Failure("error", value)
        last = (done.stderr.strip().splitlines() or [""])[-1]
        return Failure("error", f"process died ({_exit_reason(done.returncode)}) {last}".strip())
    kind, value = json.loads(done.stdout)
    return value if kind == "ok" else Failure("error", value)


def time_one(name: str, side: str) -> None:
    """Print ``["ok", seconds]`` or ``["error", why]`` for one run of one side of workload ``name``."""
    workload = next(w for w in workloads_of(None)[0] if w.name == name)
    chosen = workload.cgt if side == "cgt" else workload.peer
    try:
        args = (chosen.setup(),) if chosen.setup else ()
        # What the harness itself loaded (every group's workloads, some of tests/) moves to the permanent
        # generation, so that the collector's passes during the work scan only what the work made.
        gc.collect()
        gc.freeze()
        start = time.perf_counter()
        chosen.work(*args)
        print(json.dumps(["ok", time.perf_counter() - start]))
    except Exception as exc:
        first_line = (str(exc).splitlines() or [""])[0]
        print(json.dumps(["error", f"{type(exc).__name__}: {first_line}"]))
        sys.exit(1)


def measure(run: Callable[[], float | Failure], budget: float) -> float | Failure:
    """Best of as many runs as fit in ``budget`` seconds (at least one, at most MAX_RUNS)."""
    best, spent, last_cost = math.inf, 0.0, 0.0
    for _ in range(MAX_RUNS):
        if spent + last_cost > budget:
            break
        started = time.perf_counter()
        outcome = run()
        if isinstance(outcome, Failure):
            return outcome
        best = min(best, outcome)
        last_cost = time.perf_counter() - started
        spent += last_cost
    return best


def _seconds(result: float | Failure | None) -> str:
    if result is None:
        return "—"
    if isinstance(result, Failure):
        return result.cell
    return f"{result:.3g}"


def _ratio(cgt_result, peer_result) -> str:
    if not all(isinstance(r, float) for r in (cgt_result, peer_result)):
        return "—"
    ratio = peer_result / max(cgt_result, 1e-9)
    return f"{ratio:.2f}" if ratio < 100 else f"{ratio:,.0f}"


def main(argv: list[str] | None = None) -> None:
    argv = sys.argv[1:] if argv is None else argv
    if argv[:1] == ["mcgs"]:
        from benchmarks.mcgs_cases import main as mcgs_main

        mcgs_main(argv[1:])
        return
    parser = argparse.ArgumentParser(prog="python -m benchmarks", description=__doc__.splitlines()[0])
    parser.add_argument("group", nargs="?", choices=GROUPS,
                        help="run only this group's workloads: partizan (side by side with cgt-py) or benchmarks.GROUP")
    parser.add_argument("--only", metavar="TEXT", help="run workloads whose name contains TEXT")
    parser.add_argument("--quick", action="store_true", help="skip workloads marked slow")
    parser.add_argument("--no-peer", action="store_true", help="do not time cgt-py")
    parser.add_argument("--no-pure", action="store_true", help="do not time cgt on its pure-Python engine")
    parser.add_argument("--peer", choices=("cgt-py", "igsolve"), default="cgt-py",
                        help="the peer: cgt-py (default), or igsolve, which runs only the Cram nimber rows "
                             "of the impartial group (binary: $CGT_IGSOLVE)")
    parser.add_argument("--time-one", metavar="NAME", help=argparse.SUPPRESS)
    parser.add_argument("--side", default="cgt", help=argparse.SUPPRESS)
    parser.add_argument(
        "--budget", type=float, default=30.0, help="seconds per workload, split between its sides (default 30)"
    )
    parser.add_argument("--timeout", type=float, default=None,
                        help="seconds per run (default 120; 300 with --peer igsolve)")
    args = parser.parse_args(argv)
    if args.time_one:
        time_one(args.time_one, args.side)
        return
    if args.peer == "igsolve":
        if args.group not in (None, "impartial"):
            parser.error("--peer igsolve times the Cram rows of the impartial group only")
        from benchmarks.impartial import igsolve_table

        igsolve_table(only=args.only, timeout=args.timeout or 300.0, budget=args.budget)
        return
    if args.timeout is None:
        args.timeout = 120.0

    chosen, notes = workloads_of(args.group)
    skipped: dict[str, list[str]] = {}  # missing cgt attribute -> workloads skipped for it
    workloads = [
        w
        for w in chosen
        if (not args.only or args.only.lower() in w.name.lower()) and not (args.quick and w.slow)
    ]
    peer_on = cgt_py is not None and not args.no_peer
    peer_label = f"cgt-py {metadata.version('cgt-py')}" if peer_on else "cgt-py not run"
    print(
        f"cgt ({Path(cgt.__file__).parent}, engine {cgt.engine.ENGINE}) vs {peer_label}; "
        f"Python {platform.python_version()}, nproc {len(os.sched_getaffinity(0))}. Best of up to "
        f"{MAX_RUNS} cold runs, {args.budget:g} s per workload, {args.timeout:g} s per run.\n"
    )
    print("| workload | cgt (s) | cgt pure (s) | cgt-py (s) | cgt-py / cgt | pure / cgt |")
    print("|---|---:|---:|---:|---:|---:|", flush=True)
    for w in workloads:
        cgt_side = w.cgt
        if w.requires and not _cgt_has(w.requires):
            skipped.setdefault(w.requires, []).append(w.name)
            cgt_side = None
        pure_on = cgt_side is not None and w.pure and not args.no_pure and cgt.engine.ENGINE == "compiled"
        runs = {
            "cgt": cgt_side and (lambda name=w.name: run_once(name, "cgt", cgt.engine.ENGINE, args.timeout)),
            "cgt pure": pure_on and (lambda name=w.name: run_once(name, "cgt", "pure", args.timeout)),
            "cgt-py": peer_on and w.peer and (lambda name=w.name: run_once(name, "peer", "auto", args.timeout)),
        }
        running = sum(bool(run) for run in runs.values())
        if not running:
            continue
        results = {}
        for label, run in runs.items():
            results[label] = measure(run, args.budget / running) if run else None
            if isinstance(results[label], Failure):
                notes.append(f"{w.name}: {label} {results[label].cell}: {results[label].detail}")
        cgt_result = results["cgt"]
        print(
            f"| {w.name} | {_seconds(cgt_result)} | {_seconds(results['cgt pure'])} | "
            f"{_seconds(results['cgt-py'])} | {_ratio(cgt_result, results['cgt-py'])} | "
            f"{_ratio(cgt_result, results['cgt pure'])} |",
            flush=True,
        )
    for attr, names in skipped.items():
        notes.append(f"cgt skipped, `cgt.{attr}` does not exist yet: {', '.join(names)}")
    if notes:
        print("\nNotes:")
        for note in notes:
            print(f"- {note}")


if __name__ == "__main__":
    main()
