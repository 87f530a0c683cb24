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
"""

import shutil
import subprocess
import tempfile
from pathlib import Path

from cgt.impartial import TakeAndBreak, chomp, grundy_value
from cgt.impartial.periodicity import values_needed

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
    ]
