"""Timed impartial-game workloads, wired into ``python -m benchmarks`` by the runner.

Grundy's game (``4!.0``) runs to 2^13, 2^15, 2^16, 2^18 and 2^20 heaps through
``TakeAndBreak.nim_sequence`` (the compiled sparse-space kernel, in Rust; a
cold process, so the import is timed too),
and to 2^13 and 2^15 by the plain O(n^2) definition in pure Python,
``g(n) = mex{g(a) ^ g(n - a) : 1 <= a < n - a}``, for scale.  When a C
compiler (``cc``) is on the PATH, the same sequences are also computed by
``benchmarks/c/grundys_game_sparse.c``, the kernel's method written in C for
this one game (compiled with ``-O2`` before timing): the baseline the issue's
target is stated against.

The published periods of octal games are proved from scratch by
``TakeAndBreak.periodicity``, with just the heaps the octal periodicity theorem
needs; a run whose period or preperiod differs from the published one raises,
so its cell reads ``error``.  The two largest (about 40 s each with the compiled
kernel, far longer in pure Python) are marked slow:
``python -m benchmarks --only "period of" --timeout 3600``.

Misère quotients (``misere quotient of CODE to heap N``): the entries of
``tests/data/misere_quotients.json`` (A. N. Siegel's MisereSolver) that the test
suite leaves out for time (``SLOW`` in ``tests/impartial/test_misere_quotient.py``),
computed by ``misere_quotient`` (the compiled kernel) and checked as the tests check
them — order, |P|, an isomorphism carrying each heap's element to MisereSolver's
word and P onto P, and the presentation and pretending function printed exactly as
MisereSolver prints them — a mismatch raising, so its cell reads ``error``.  The reference's
own wall time of MisereSolver (a JVM run, ``seconds`` in the JSON) is in the row name.

Cram nimbers side by side with the peer igsolve (Piotr Beling's solver, Rust):
``python -m benchmarks impartial --peer igsolve`` runs only the rows
``Cram RxC nimber`` (`CRAM_BOARDS`), each side in a fresh process per run, and
prints its own table: wall time and peak memory (``ru_maxrss`` of the child)
of each, the ratio igsolve / cgt, and the nimber.  A cell reads ``error`` when
its side answers a nimber other than the published one in
``tests/data/cram_nimbers.json`` (or the two sides disagree).  The binary is
$CGT_IGSOLVE, by default `IGSOLVE_DEFAULT`; without it the igsolve cells read
``unavailable``.  These rows are not in the default run (6x7 takes both
programs more than a quarter of an hour).
"""

import importlib.util
import json
import math
import os
import re
import shutil
import subprocess
import sys
import tempfile
import threading
import time
from dataclasses import dataclass
from pathlib import Path

import cgt
from cgt.impartial import TakeAndBreak, chomp, grundy_value, misere_quotient
from cgt.impartial.periodicity import values_needed
from cgt.rulesets import Amazons, Clobber, Cram, Konane, impartial_variant

# (code, period, preperiod) as published: tczajka/octal-games SolvedGames.md, after Gangolli
# and Plambeck (1989) for 0.16 and 0.376 and Flammenkamp (2002) for 0.354.  For 0.56 the
# preperiod is the brute-force one (OEIS A071436 states a last exception 2 heaps earlier).
PUBLISHED_PERIODS = [("0.16", 149459, 105351), ("0.56", 144, 326640),
                     ("0.376", 4, 2268248), ("0.354", 1180, 10061916)]


def _fresh(code):
    """A new ruleset each run, so no nim values are cached from an earlier run."""
    return TakeAndBreak(code)


def grundys_game_by_definition(n):
    """``[g(0), ..., g(n)]`` of Grundy's game straight from the definition: O(n^2) lookups."""
    g = [0] * (n + 1)
    for m in range(3, n + 1):
        seen = {g[a] ^ g[m - a] for a in range(1, (m + 1) // 2)}
        v = 0
        while v in seen:
            v += 1
        g[m] = v
    return g


def prove_published_period(code, period, preperiod):
    """Prove the period of ``code`` from the heaps the theorem needs; raise unless it is the published one."""
    ruleset = _fresh(code)
    heaps = values_needed(preperiod, period, ruleset._code.max_removed, ruleset._code.max_heaps)
    found = ruleset.periodicity(heaps)
    if found is None or (found.period, found.preperiod) != (period, preperiod):
        raise AssertionError(f"{code}: proved {found} from {heaps} heaps, "
                             f"published period {period} from {preperiod}")


def _period_workload(code, period, preperiod):
    ruleset = TakeAndBreak(code)
    heaps = values_needed(preperiod, period, ruleset._code.max_removed, ruleset._code.max_heaps)
    return (f"period of octal {code} ({heaps:,} heaps)",
            lambda: prove_published_period(code, period, preperiod), heaps > 10**6)


def _misere_test_module():
    """``tests/impartial/test_misere_quotient.py``: its reference, its SLOW list and its check."""
    path = Path(__file__).resolve().parent.parent / "tests" / "impartial" / "test_misere_quotient.py"
    spec = importlib.util.spec_from_file_location("misere_quotient_reference_check", path)
    module = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(module)
    return module


def reproduce_misere_solver(ref, module):
    """The quotient of ``ref``'s code and heap bound; raise unless it is MisereSolver's, printed as it prints it."""
    q = misere_quotient(ref["code"], ref["heap_reached"])
    if (q.order, len(q.p_portion)) != (ref["order"], ref["p_portion_size"]) or not module.agrees_with(q, ref):
        raise AssertionError(f"{ref['code']} to heap {ref['heap_reached']}: |Q| = {q.order}, "
                             f"|P| = {len(q.p_portion)}, not MisereSolver's quotient")
    if not module.prints_as_misere_solver(q, ref):
        raise AssertionError(f"{ref['code']} to heap {ref['heap_reached']}: printed as {q}, "
                             f"not as MisereSolver prints it")


def _misere_workloads():
    module = _misere_test_module()
    return [(f"misere quotient of {ref['code']} to heap {ref['heap_reached']} "
             f"(|Q| = {ref['order']}; MisereSolver {ref['seconds']} s)",
             lambda ref=ref: reproduce_misere_solver(ref, module), ref["seconds"] > 30, False)
            for ref in module.REFERENCE if (ref["code"], ref["maxheap"]) in module.SLOW]


# Side by side with MisereSolver (Java): codes and heap bounds where it takes more than a second.
MISERE_SOLVER_CASES = [("0.07", 30), ("0.137", 30), ("0.26", 40), ("0.57", 40), ("0.54", 60), ("0.314", 30),
                       ("0.15", 232)]
MISERE_SOLVER_MAIN = "org.cgsuite.core.misere.solver.CommandLineInterface"


def misere_solver_table(classes=None):
    """Print MisereSolver's and cgt's wall time per case of `MISERE_SOLVER_CASES`, each side in a
    fresh process (a JVM, a Python importing cgt), and the ratio MisereSolver / cgt.

    ``classes``: MisereSolver compiled as in /work/shared/bench/misere_solver_HOWTO.md, sections 1-4
    (default $CGT_MISERESOLVER_CLASSES).  A cell reads ``error`` when a side's |Q| and |P| are not
    the reference's.
    """
    classes = classes or os.environ["CGT_MISERESOLVER_CLASSES"]
    reference = {(r["code"], r["heap_reached"]): r for r in _misere_test_module().REFERENCE}
    print("| quotient | MisereSolver (s) | cgt (s) | MisereSolver / cgt |\n|---|---:|---:|---:|")
    for code, n in MISERE_SOLVER_CASES:
        expected = (reference[code, n]["order"], reference[code, n]["p_portion_size"])
        start = time.perf_counter()
        out = subprocess.run(["java", "-Xmx4g", "-cp", classes, MISERE_SOLVER_MAIN, "--maxheap", str(n), code],
                             capture_output=True, text=True).stdout
        java = time.perf_counter() - start
        printed = [tuple(map(int, m)) for m in re.findall(r"\|Q\| = (\d+); \|P\| = (\d+)", out)]
        start = time.perf_counter()
        out = subprocess.run([sys.executable, "-c", "from cgt.impartial import misere_quotient as m; "
                              f"q = m({code!r}, {n}); print(q.order, len(q.p_portion))"],
                             capture_output=True, text=True).stdout.split()
        ours = time.perf_counter() - start
        java_cell = f"{java:.2f}" if printed and printed[-1] == expected else "error"
        ours_cell = f"{ours:.2f}" if tuple(map(int, out)) == expected else "error"
        print(f"| {code} to heap {n} (|Q| = {expected[0]}) | {java_cell} | {ours_cell} | {java / ours:.2f} |")


def _c_solver():
    """The compiled C sparse-space solver of Grundy's game, or None without a C compiler."""
    compiler = shutil.which("cc")
    if compiler is None:
        return None
    binary = Path(tempfile.gettempdir()) / "cgt-bench-grundys_game_sparse"
    source = Path(__file__).with_name("c") / "grundys_game_sparse.c"
    built = subprocess.run([compiler, "-O2", "-o", str(binary), str(source)], capture_output=True)
    return binary if built.returncode == 0 else None


def _c_workloads():
    binary = _c_solver()
    if binary is None:
        return []
    return [(f"grundy's game to 2^{k}, C sparse-space solver (cc -O2)",
             lambda k=k: subprocess.run([str(binary), str(2**k)], check=True, capture_output=True),
             k == 20)
            for k in (16, 18, 20)]


# Impartial variants of grid rulesets: (ruleset, board, whether the canonical form takes minutes).
VARIANT_BOARDS = [(Clobber, "xoxo|oxox|xoxo", False), (Clobber, "xoxo|oxox|xoxo|oxox", True),
                  (Konane, "xoxo|o.ox|xo.o|oxox", False), (Konane, "xoxox|o.oxo|xoxox|oxo.o|xoxox", True),
                  (Amazons, "x..|#..|..o", False), (Amazons, "x...|#...|...#|...o", True)]


def _variant_workloads():
    """Each variant board's nimber by search (`cgt.nim_value`) and through its canonical form (fresh positions,
    so nothing is cached between runs)."""
    rows = []
    for ruleset, board, slow_form in VARIANT_BOARDS:
        name = f"impartial {ruleset.__name__} {board}"
        rows.append((f"{name} nimber by search", lambda r=ruleset, b=board: cgt.nim_value(impartial_variant(r(b)))))
        rows.append((f"{name} nimber by canonical form",
                     lambda r=ruleset, b=board: impartial_variant(r(b)).canonical_form.nim_value, slow_form))
    return rows


def killed_and_resumed(rows, columns, kill_after, timeout=3600.0):
    """Search Cram ``rows`` x ``columns`` with a checkpoint (``cgt nimber ... --checkpoint``), kill the
    process with SIGKILL after ``kill_after`` seconds, resume from the file in a new process, and
    return the resumed search's nimber; raises unless it is the published one and the first search
    was killed before its end (a checkpoint written)."""
    with tempfile.TemporaryDirectory(prefix="cgt-bench-") as directory:
        checkpoint = os.path.join(directory, "cram.ckpt")
        command = [sys.executable, "-m", "cgt", "nimber", "cram", f"{rows}x{columns}", "--json",
                   "--checkpoint", checkpoint, "--checkpoint-every", "1"]
        first = run_child(command, kill_after)
        if not first.timed_out or not os.path.exists(checkpoint):
            raise RuntimeError(f"the first search of {rows}x{columns} was not killed with a checkpoint written")
        resumed = run_child(command, timeout)
        nimber = json.loads(resumed.stdout)["nim_value"] if resumed.code == 0 else None
        if nimber != published_cram_nimbers()[(rows, columns)]:
            raise RuntimeError(f"resumed search of {rows}x{columns} answered {nimber}: {resumed.last_error_line()}")
        return nimber


#: Beling's published cells (rows <= 7, columns <= 9, and 4x11, 5x10) longer than a test should run;
#: 7x7 takes about 6 minutes, 6x9, 7x8 and 7x9 hours: run one with ``--only "Cram 7x8 =" --timeout 36000``.
SLOW_CELLS = ("5x8", "4x11", "5x9", "6x7", "5x10", "6x9", "7x7", "7x8", "7x9")


def published_cell(rows, columns):
    """The nimber of the empty Cram board ``rows`` x ``columns`` by search; raises unless it is Beling's."""
    nimber = cgt.nim_value(Cram.empty(rows, columns))
    published = published_cram_nimbers()[(rows, columns)]
    if nimber != published:
        raise RuntimeError(f"Cram {rows}x{columns}: the search answered {nimber}, Beling's table {published}")
    return nimber


def _cell_workloads():
    rows = []
    for board in SLOW_CELLS:
        r, c = map(int, board.split("x"))
        rows.append((f"Cram {board} = {published_cram_nimbers()[(r, c)]} (Beling's table) by search",
                     lambda r=r, c=c: published_cell(r, c), True))
    return rows


def workloads():
    """(name, callable) or (name, callable, slow) tuples; each callable does one timed run."""
    return [
        ("kayles nim sequence to 10^6", lambda: _fresh("0.77").nim_sequence(10**6)),
        ("dawson's kayles nim sequence to 10^6", lambda: _fresh("0.07").nim_sequence(10**6)),
        ("octal 0.165 period (14000 heaps)", lambda: _fresh("0.165").periodicity(14000)),
        ("octal 0.16 sparse space to 10^5", lambda: _fresh("0.16").nim_sequence(10**5)),
        *[_period_workload(*published) for published in PUBLISHED_PERIODS],
        ("grundy's game to 2^13", lambda: _fresh("4!.0").nim_sequence(2**13)),
        ("grundy's game to 2^13, plain O(n^2) mex", lambda: grundys_game_by_definition(2**13)),
        ("grundy's game to 2^15", lambda: _fresh("4!.0").nim_sequence(2**15)),
        ("grundy's game to 2^15, plain O(n^2) mex", lambda: grundys_game_by_definition(2**15), True),
        ("grundy's game to 2^16", lambda: _fresh("4!.0").nim_sequence(2**16)),
        ("grundy's game to 2^18", lambda: _fresh("4!.0").nim_sequence(2**18), True),
        ("grundy's game to 2^20", lambda: _fresh("4!.0").nim_sequence(2**20), True),
        *_c_workloads(),
        ("hexadecimal 0.3F to 300", lambda: _fresh("0.3F").nim_sequence(300)),
        ("chomp 5x6 grundy value", lambda: grundy_value((6,) * 5, chomp.moves)),
        *_variant_workloads(),
        *_cell_workloads(),
        *_misere_workloads(),
        ("Cram 5x9 nimber, killed (SIGKILL) after 15 s and resumed from its checkpoint",
         lambda: killed_and_resumed(5, 9, 15), True),
    ]


# --- Cram nimbers side by side with igsolve ----------------------------------------------

CRAM_BOARDS = ("4x7", "4x9", "5x7", "5x8", "6x7", "4x11", "4x8", "6x6")  # rows x columns
IGSOLVE_DEFAULT = "/work/peers/impartial-games/target/release/igsolve"
CRAM_NIMBERS = Path(__file__).resolve().parent.parent / "tests" / "data" / "cram_nimbers.json"

# One cgt run in a fresh process: Cram(board).nim_value (cgt.solve's pruned search).  The process starts in an empty
# directory, so it imports cgt as installed in this Python (in a git worktree without a built
# cgt._core, the checkout's own cgt/ would run on the pure engine); it says which it ran.  It imports
# cgt.solve (which `nim_value` would import on first use, about 5 ms) before the search's clock starts.
_CGT_CRAM = """
import json, resource, sys, time
import cgt.engine, cgt.rulesets, cgt.solve
rows, columns = int(sys.argv[1]), int(sys.argv[2])
position = cgt.rulesets.Cram("|".join(["." * columns] * rows))
floor_kb = resource.getrusage(resource.RUSAGE_SELF).ru_maxrss
start = time.perf_counter()
nimber = position.nim_value
print(json.dumps({"nimber": nimber, "seconds": time.perf_counter() - start, "floor_mb": floor_kb / 1024,
                  "via": f"`Cram(board).nim_value` of {cgt.__file__.rsplit('/', 2)[0]} (engine {cgt.engine.ENGINE})"}))
"""


# The cgt child may cache its modules' bytecode, as every installed Python package does (pip compiles it):
# with PYTHONDONTWRITEBYTECODE set (this project's machines set it), each run would compile all of cgt's
# modules from source again, about 0.2 s.  The first of a side's runs writes the cache, the best run uses it.
_WITH_BYTECODE = {name: value for name, value in os.environ.items() if name != "PYTHONDONTWRITEBYTECODE"}


def igsolve_binary():
    """The igsolve executable ($CGT_IGSOLVE, else `IGSOLVE_DEFAULT`), or None if it is not there."""
    path = Path(os.environ.get("CGT_IGSOLVE") or IGSOLVE_DEFAULT)
    return path if path.is_file() and os.access(path, os.X_OK) else None


def published_cram_nimbers(path=CRAM_NIMBERS):
    """{(rows, columns): nimber} from ``cram_nimbers.json``, both orientations of each board."""
    cells = json.loads(Path(path).read_text(encoding="utf-8"))["cells"]
    table = {}
    for cell in cells:
        table[cell["rows"], cell["columns"]] = table[cell["columns"], cell["rows"]] = cell["nimber"]
    return table


@dataclass(frozen=True)
class ChildRun:
    """One finished (or killed) child process."""

    wall: float  # seconds, start-up included
    peak_mb: float  # the child's own ru_maxrss (from os.wait4), in MiB
    code: int
    stdout: str
    stderr: str
    timed_out: bool

    def last_error_line(self):
        return (self.stderr.strip().splitlines() or [""])[-1]


_LAUNCHER = []  # [path of the compiled peak_rss launcher, or None]


def peak_rss_launcher():
    """``benchmarks/c/peak_rss.c`` compiled with ``cc`` (once per process), or None without a C compiler."""
    if not _LAUNCHER:
        compiler = shutil.which("cc")
        binary = Path(tempfile.mkdtemp(prefix="cgt-bench-")) / "peak_rss"
        source = Path(__file__).with_name("c") / "peak_rss.c"
        built = compiler and subprocess.run([compiler, "-O2", "-o", str(binary), str(source)], capture_output=True)
        _LAUNCHER.append(binary if built and built.returncode == 0 else None)
    return _LAUNCHER[0]


def run_child(command, timeout, cwd=None, env=None):
    """Run ``command`` once in a new process (environment ``env``, else this one's), killing it after
    ``timeout`` seconds.

    With a C compiler the command runs under ``peak_rss`` (``benchmarks/c/peak_rss.c``), so
    that its ``ru_maxrss`` is its own: Linux counts in a process's peak the memory it held
    between fork and exec, which for a child of this process is this process's ~25 MB.
    Without one, ``os.wait4`` on a direct child gives that inflated figure (at least this
    process's resident size).
    """
    launcher = peak_rss_launcher()
    with tempfile.TemporaryFile() as out, tempfile.TemporaryFile() as err, \
            tempfile.NamedTemporaryFile("r", suffix=".txt") as report:
        if launcher:
            done = subprocess.run([str(launcher), report.name, str(timeout), *map(str, command)],
                                  stdout=out, stderr=err, stdin=subprocess.DEVNULL, cwd=cwd, env=env)
            if done.returncode != 0:
                raise RuntimeError(f"peak_rss failed with exit code {done.returncode}")
            code, maxrss_kb, wall, expired = report.read().split()
            code, maxrss_kb, wall, expired = int(code), int(maxrss_kb), float(wall), expired == "1"
        else:
            start = time.perf_counter()
            child = subprocess.Popen(command, stdout=out, stderr=err, stdin=subprocess.DEVNULL, cwd=cwd, env=env)
            killed = threading.Event()

            def kill():
                killed.set()
                child.kill()

            timer = threading.Timer(timeout, kill)
            timer.start()
            try:
                _, status, usage = os.wait4(child.pid, 0)
            finally:
                timer.cancel()
            wall, maxrss_kb = time.perf_counter() - start, usage.ru_maxrss
            code = child.returncode = os.waitstatus_to_exitcode(status)
            expired = killed.is_set()
        out.seek(0)
        err.seek(0)
        return ChildRun(wall, maxrss_kb / 1024, code, out.read().decode(errors="replace"),
                        err.read().decode(errors="replace"), expired)


def _cgt_cram_once(rows, columns, timeout):
    """(run, nimber or None, how cgt computed it or why it failed, the search's own seconds or None, the
    process's peak in MiB before the search (the interpreter and cgt loaded) or None)."""
    with tempfile.TemporaryDirectory(prefix="cgt-bench-") as empty:
        run = run_child([sys.executable, "-c", _CGT_CRAM, str(rows), str(columns)], timeout, cwd=empty,
                        env=_WITH_BYTECODE)
    if run.timed_out or run.code != 0:
        return run, None, run.last_error_line(), None, None
    answer = json.loads(run.stdout.strip().splitlines()[-1])
    return run, answer["nimber"], answer["via"], answer["seconds"], answer["floor_mb"]


def _igsolve_once(binary, rows, columns, timeout):
    """(run, nimber or None, igsolve's own time line or why it failed, its calculation time in seconds
    or None, None: no start-up to tell from its search)."""
    run = run_child([str(binary), "cram", str(rows), str(columns)], timeout)
    if run.timed_out or run.code != 0:
        return run, None, run.last_error_line(), None, None
    line = _igsolve_time(run.stdout)
    return run, parse_igsolve_nimber(run.stdout), line, parse_igsolve_seconds(line), None


def parse_igsolve_nimber(stdout):
    """The nimber igsolve prints (``Nimber of initial position: N``), or None if there is none."""
    for line in stdout.splitlines():
        head, _, tail = line.partition(":")
        if head.strip().lower().startswith("nimber") and tail.strip().isdigit():
            return int(tail.strip())
    return None


def _igsolve_time(stdout):
    return next((line.strip() for line in stdout.splitlines() if line.startswith("Calculation time")), "")


#: The units of a Rust `Duration` as igsolve prints it (``Calculation time: 90.69ms``), in seconds.
_DURATION_UNITS = {"ns": 1e-9, "µs": 1e-6, "us": 1e-6, "ms": 1e-3, "s": 1.0}


def parse_igsolve_seconds(line):
    """igsolve's ``Calculation time: 90.69ms`` in seconds, or None if the line is not one.

    >>> parse_igsolve_seconds("Calculation time: 250ms"), parse_igsolve_seconds("Calculation time: 1.5s")
    (0.25, 1.5)
    """
    _, _, value = line.partition(":")
    value = value.strip()
    number = value.rstrip("nµums")
    unit = value[len(number):]
    try:
        return float(number) * _DURATION_UNITS[unit]
    except (ValueError, KeyError):
        return None


class CramSide:
    """Repeated runs of one side of one board: best wall time, peak memory, nimbers seen, failure."""

    def __init__(self):
        self.best, self.peak_mb, self.nimbers, self.failure, self.detail = math.inf, 0.0, set(), None, ""
        self.best_search = math.inf     # the least time the side reported for its search alone
        self.search_mb = None           # the most the peak grew during the search, where the side tells

    def measure(self, once, budget, max_runs=25):
        spent = last = 0.0
        for _ in range(max_runs):
            if spent + last > budget:
                break
            run, nimber, detail, search, floor_mb = once()
            self.peak_mb = max(self.peak_mb, run.peak_mb)
            if floor_mb is not None:
                self.search_mb = max(self.search_mb or 0.0, run.peak_mb - floor_mb)
            self.detail = detail
            if run.timed_out:
                self.failure = "timeout"
                return self
            if run.code != 0 or nimber is None:
                self.failure = "error"
                self.detail = f"exit code {run.code}: {detail}" if run.code else "no nimber in its output"
                return self
            self.nimbers.add(nimber)
            self.best = min(self.best, run.wall)
            if search is not None:
                self.best_search = min(self.best_search, search)
            last = run.wall
            spent += run.wall
        return self


def cram_rows(only=None):
    """The rows ``Cram RxC nimber`` as (name, rows, columns), kept to those whose name contains ``only``."""
    rows = []
    for board in CRAM_BOARDS:
        r, c = map(int, board.split("x"))
        name = f"Cram {board} nimber"
        if not only or only.lower() in name.lower():
            rows.append((name, r, c))
    return rows


def _check(name, cgt_side, peer, expected, notes):
    """Mark a side ``error`` if its nimber is not the published one or the sides disagree; note why."""
    for who, side in (("cgt", cgt_side), ("igsolve", peer)):
        if side.failure is None and (len(side.nimbers) > 1 or (expected is not None and side.nimbers != {expected})):
            side.failure = "error"
            notes.append(f"{name}: {who} answered {sorted(side.nimbers)}, published {expected}")
    if cgt_side.failure is None and peer.failure is None and cgt_side.nimbers != peer.nimbers:
        cgt_side.failure = peer.failure = "error"
        notes.append(f"{name}: cgt answered {sorted(cgt_side.nimbers)}, igsolve {sorted(peer.nimbers)}")


def _cell(side):
    return side.failure or f"{side.best:.3g}"


def _search_cell(side):
    return side.failure or (f"{side.best_search:.3g}" if side.best_search < math.inf else "—")


def _ratio(peer, cgt_side, key):
    if cgt_side.failure is not None or peer.failure is not None:
        return "—"
    mine, theirs = key(cgt_side), key(peer)
    return f"{theirs / mine:.3g}" if 0 < mine < math.inf and theirs < math.inf else "—"


def _megabytes(side):
    return f"{side.peak_mb:,.0f}" if side.peak_mb else "—"


def _search_megabytes(side):
    return "—" if side.search_mb is None else f"{side.search_mb:,.0f}"


def igsolve_table(only=None, timeout=300.0, budget=30.0, out=print):
    """Time cgt and igsolve on the Cram boards in one run; print a Markdown table and notes."""
    binary = igsolve_binary()
    published = published_cram_nimbers()
    notes, vias = [], set()
    wanted = os.environ.get("CGT_IGSOLVE") or IGSOLVE_DEFAULT
    label = str(binary) if binary else f"igsolve unavailable (no executable at {wanted})"
    out(f"cgt (Python {sys.version.split()[0]}) vs {label}; nproc {len(os.sched_getaffinity(0))}. "
        f"Each side in a fresh process per run: best wall time (start-up included) of the runs that fit "
        f"in {budget / 2:g} s, {timeout:g} s per run; peak memory is the child's ru_maxrss, and cgt's search's "
        f"own the growth of that peak during the search (past the interpreter with cgt loaded)"
        + (" (spawned by benchmarks/c/peak_rss.c).\n" if peak_rss_launcher() else
           " (no C compiler, so spawned from Python: small peaks read as this process's size).\n"))
    out("| workload | nimber | cgt (s) | igsolve (s) | igsolve / cgt | cgt search (s) | igsolve search (s) "
        "| igsolve / cgt, searches | cgt peak (MB) | cgt search's own (MB) | igsolve peak (MB) |")
    out("|---|---:|---:|---:|---:|---:|---:|---:|---:|---:|---:|", flush=True)
    for name, rows, columns in cram_rows(only):
        expected = published.get((rows, columns))
        cgt_side = CramSide().measure(lambda r=rows, c=columns: _cgt_cram_once(r, c, timeout), budget / 2)
        peer = CramSide()
        if binary:
            peer.measure(lambda r=rows, c=columns: _igsolve_once(binary, r, c, timeout), budget / 2)
        else:
            peer.failure = "unavailable"
        _check(name, cgt_side, peer, expected, notes)
        for who, side in (("cgt", cgt_side), ("igsolve", peer)):
            if side.failure == "timeout":
                notes.append(f"{name}: {who} timeout, no answer within {timeout:g} s")
            elif side.failure == "error" and side.detail and not side.nimbers:
                notes.append(f"{name}: {who} error: {side.detail}")
        if cgt_side.failure is None:
            vias.add(cgt_side.detail)
        shown = expected if expected is not None else "?"
        out(f"| {name} | {shown} | {_cell(cgt_side)} | {_cell(peer)} | {_ratio(peer, cgt_side, lambda s: s.best)} | "
            f"{_search_cell(cgt_side)} | {_search_cell(peer)} | {_ratio(peer, cgt_side, lambda s: s.best_search)} | "
            f"{_megabytes(cgt_side)} | {_search_megabytes(cgt_side)} | {_megabytes(peer)} |", flush=True)
    if vias:
        notes.append("cgt computed the nimbers by " + " and ".join(sorted(vias)))
    if notes:
        out("\nNotes:")
        for note in notes:
            out(f"- {note}")
