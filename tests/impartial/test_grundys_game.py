"""Grundy's game (``4!.0``) and the compiled sparse-space kernel, against the definition.

Expected values come from the definition ``g(n) = mex{g(a) ⊕ g(n - a) : 1 <= a < n - a}``
computed here (in pure Python, or vectorised per heap for long runs), from OEIS
A002188, and from ``impartial_facts.json``.  The kernel is also run with tiny
blocks and rankings, so that every path of it (rows marked for a block or heap
by heap, the excluded equal split inside a block, ranked and full certification
scans, rare values, wider tables, mask changes) is exercised within a few
thousand heaps, for many codes, and from arbitrary starting values.
"""

import os
import signal
import time

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from cgt.impartial import TakeAndBreak, grundys_game, sparse_space
from cgt.impartial.sparse_space import EQUAL, FREE, UNEQUAL, OctalSequence
from impartial_reference import impartial_facts
from test_fast_kernel_and_extras import CODES
from test_sparse_space import nim_sequence_by_definition

# OEIS A002188, n = 0..82 (Grundy's game).
A002188 = [0, 0, 0, 1, 0, 2, 1, 0, 2, 1, 0, 2, 1, 3, 2, 1, 3, 2, 4, 3, 0, 4, 3, 0, 4, 3, 0, 4, 1, 2, 3,
           1, 2, 4, 1, 2, 4, 1, 2, 4, 1, 5, 4, 1, 5, 4, 1, 5, 4, 1, 0, 2, 1, 0, 2, 1, 5, 2, 1, 3, 2,
           1, 3, 2, 4, 3, 2, 4, 3, 2, 4, 3, 2, 4, 3, 2, 4, 3, 2, 4, 5, 2, 4]


def grundy_by_definition(n):
    """``g(0..n)`` of Grundy's game: mex over the splits into two unequal nonempty heaps."""
    g = [0] * (n + 1)
    for m in range(3, n + 1):
        seen = {g[a] ^ g[m - a] for a in range(1, (m + 1) // 2)}
        v = 0
        while v in seen:
            v += 1
        g[m] = v
    return g


def grundy_by_definition_vectorised(n):
    """The same, one NumPy call per heap (fast enough for 2**15 heaps)."""
    np = pytest.importorskip("numpy")
    g = np.zeros(n + 1, np.int64)
    for m in range(3, n + 1):
        top = (m - 1) // 2
        seen = np.zeros(2 * int(g[:m].max()) + 2, bool)
        seen[g[1:top + 1] ^ g[m - top:m][::-1]] = True
        g[m] = int(np.argmin(seen))
    return g.tolist()


def test_the_definition_gives_oeis_a002188():
    assert grundy_by_definition(82) == A002188


def test_grundys_game_gives_oeis_a002188():
    assert grundys_game.nim_sequence(82) == A002188
    assert TakeAndBreak("4!.0").nim_sequence(82) == A002188


def test_the_two_definitions_agree():
    assert grundy_by_definition_vectorised(1500) == grundy_by_definition(1500)


def test_grundys_game_matches_the_definition_to_3000():
    assert TakeAndBreak("4!.0").nim_sequence(3000) == grundy_by_definition(3000)


def test_grundys_game_matches_the_definition_to_2_to_the_15():
    """2**15 heaps, most of them from the compiled kernel (when the core is built)."""
    n = 1 << 15
    assert TakeAndBreak("4!.0").nim_sequence(n) == grundy_by_definition_vectorised(n)


def test_python_kernel_matches_the_definition():
    seq = OctalSequence(splits=((0, UNEQUAL),), kernel="python")
    assert seq.values(1200) == grundy_by_definition(1200)


# --- every path of the compiled kernel, with tiny blocks ---------------------------------------

# (block, rank_every): one-heap blocks and a ranking every 3 heaps; odd sizes; the defaults.
SHAPES = [(1, 3), (3, 17), (7, 64), (64, 4096)]


def compiled_values(take_all, leave_one, splits, n, block, rank_every, prefix=(0,)):
    """``g(0..n)`` from the compiled kernel itself, continuing ``prefix``."""
    kernel = pytest.importorskip("cgt.impartial._compiled_octal")
    values = list(prefix)
    kernel.CompiledOctalKernel(take_all, leave_one, splits, values, block=block,
                               rank_every=rank_every).extend(n)
    return values


@pytest.mark.parametrize("block, rank_every", SHAPES)
def test_tiny_blocks_grundys_game(block, rank_every):
    assert compiled_values((), (), ((0, UNEQUAL),), 3000, block, rank_every) == grundy_by_definition(3000)


def test_blocks_through_new_maxima():
    """The values pass 32, 64 and 128: the kernel stops, widens its tables and goes on."""
    n = 14000
    values = compiled_values((), (), ((0, UNEQUAL),), n, 64, 4096)
    assert values == grundy_by_definition_vectorised(n)
    assert max(values) >= 128


def test_tiny_blocks_in_steps():
    """Extending a little at a time gives the same values as one long run."""
    kernel = pytest.importorskip("cgt.impartial._compiled_octal")
    values = [0]
    fast = kernel.CompiledOctalKernel((), (), ((0, UNEQUAL),), values, block=3, rank_every=17)
    for n in (100, 101, 150, 700, 701, 1500, 2600):
        fast.extend(n)
    assert values == grundy_by_definition(2600)


TINY_CODES = CODES[:2] + [("4.0", (4, ""), [])] + CODES[2:] + [  # (code, first digit, later digits)
    ("0.77", (0, ""), [(7, ""), (7, "")]),
    ("0.16", (0, ""), [(1, ""), (6, "")]),
    ("4.07", (4, ""), [(0, ""), (7, "")]),
    ("0.6=4!", (0, ""), [(6, "="), (4, "!")]),
    ("4!.3", (4, "!"), [(3, "")]),
    ("0.44!", (0, ""), [(4, ""), (4, "!")]),
    ("0.56", (0, ""), [(5, ""), (6, "")]),
]


@pytest.mark.parametrize("shape, code, d0, digits",
                         [(SHAPES[i % len(SHAPES)], *case) for i, case in enumerate(TINY_CODES)])
def test_tiny_blocks_other_codes(shape, code, d0, digits):
    octal = TakeAndBreak(code)._octal
    values = compiled_values(octal._take_all, octal._leave_one, octal._splits, 2000, *shape)
    assert values == nim_sequence_by_definition(d0, digits, 2000)


@pytest.mark.parametrize("shape, splits", [(SHAPES[0], ((1, FREE), (2, UNEQUAL))),
                                           (SHAPES[1], ((0, UNEQUAL), (1, EQUAL), (3, FREE)))])
def test_tiny_blocks_agree_with_the_python_kernel(shape, splits):
    slow = OctalSequence(leave_one=(1,), splits=splits, kernel="python")
    assert compiled_values((), (1,), splits, 2500, *shape) == slow.values(2500)


def mex_from_prefix(take_all, leave_one, splits, prefix, n):
    """``prefix`` extended to ``n`` by the definition: ``g(m) = mex S(m)`` over all the options."""
    g = list(prefix)
    for m in range(len(g), n + 1):
        seen = {0} if m in take_all else set()
        seen.update(g[m - r] for r in leave_one if r < m)
        for r, kind in splits:
            rest = m - r
            if kind == EQUAL:
                if rest >= 2 and rest % 2 == 0:
                    seen.add(0)
                continue
            top = rest // 2 if kind == FREE else (rest - 1) // 2
            seen.update(g[a] ^ g[rest - a] for a in range(1, top + 1))
        v = 0
        while v in seen:
            v += 1
        g.append(v)
    return g


@settings(max_examples=40, deadline=None)
@given(take_all=st.sets(st.integers(1, 3)), leave_one=st.sets(st.integers(1, 3)),
       splits=st.lists(st.tuples(st.integers(0, 3), st.sampled_from([FREE, UNEQUAL, EQUAL])),
                       min_size=1, max_size=3, unique_by=lambda split: split[0]),
       prefix=st.lists(st.integers(0, 1 << 17), max_size=40),
       shape=st.sampled_from(SHAPES))
def test_any_prefix_is_continued_by_the_definition(take_all, leave_one, splits, prefix, shape):
    """From any start (values up to 2**17 included, beyond the 16-bit storage) the kernel applies the rule."""
    prefix = [0] + prefix
    n = len(prefix) + 300
    assert compiled_values(take_all, leave_one, splits, n, *shape, prefix=prefix) == \
        mex_from_prefix(take_all, leave_one, splits, prefix, n)


@pytest.mark.parametrize("block, rank_every", [(0, 4096), (64, 0)])
def test_a_block_or_ranking_of_no_heaps_is_refused(block, rank_every):
    kernel = pytest.importorskip("cgt.impartial._compiled_octal")
    with pytest.raises(ValueError, match="positive"):
        kernel.CompiledOctalKernel((), (), ((0, UNEQUAL),), [0], block=block, rank_every=rank_every)


def test_a_long_sequence_switches_to_the_compiled_kernel(monkeypatch):
    pytest.importorskip("cgt.impartial._compiled_octal")
    monkeypatch.setattr(sparse_space, "_COMPILED_FROM", 300)
    seq = OctalSequence(splits=((0, UNEQUAL),))
    assert seq.values(250) == grundy_by_definition(250)
    assert seq._fast is None                     # short sequences stay in Python
    assert seq.values(3000) == grundy_by_definition(3000)
    assert seq._fast is not None and seq.kernel == "compiled"


# --- published facts beyond the usual test budget ---------------------------------------------

def grundy_fact(fact_id):
    return next(f for f in impartial_facts() if f["id"] == fact_id)


def test_no_p_position_after_1222():
    """No zero after 1222 (impartial_facts: 42 zeros up to 2**20, the last at 1222).

    With CGT_SLOW_TESTS=1 the whole published range, 2**20 heaps, is checked.
    """
    value = grundy_fact("grundy-ppos")["value"]
    n = 1 << (20 if os.environ.get("CGT_SLOW_TESTS") else 16)
    values = TakeAndBreak("4!.0").nim_sequence(n)
    zeros = [h for h, v in enumerate(values) if v == 0]
    assert zeros == value["zeros_to_2000"]
    assert len(zeros) == value["count_to_2^20"] and zeros[-1] == value["last_to_2^20"]


def test_kernel_agrees_with_the_c_sparse_space_solver(tmp_path):
    """The benchmark's C solver (benchmarks/c), an implementation of its own, gives the same values.

    It prints ``N g(N) zeros rare-heaps sum(n * g(n)) mod 2**64`` for heaps ``0..N``.
    """
    import shutil
    import subprocess
    from pathlib import Path

    compiler = shutil.which("cc")
    if compiler is None:
        pytest.skip("no C compiler (cc) to build benchmarks/c/grundys_game_sparse.c")
    source = Path(__file__).parents[2] / "benchmarks" / "c" / "grundys_game_sparse.c"
    binary = tmp_path / "grundys_game_sparse"
    subprocess.run([compiler, "-O2", "-o", str(binary), str(source)], check=True)
    n = 1 << 16
    printed = subprocess.run([str(binary), str(n)], check=True, capture_output=True, text=True)
    values = TakeAndBreak("4!.0").nim_sequence(n)
    rare = sum(1 for v in values if bin(v & 0xfe).count("1") % 2 == 0)   # the C solver's mask
    checksum = sum(h * v for h, v in enumerate(values)) % 2**64
    assert printed.stdout.split() == [str(n), str(values[n]), str(values.count(0)), str(rare),
                                      str(checksum)]


@pytest.mark.skipif(not hasattr(signal, "setitimer"), reason="needs POSIX interval timers")
def test_ctrl_c_stops_the_compiled_kernel_and_the_sequence_goes_on_right():
    pytest.importorskip("cgt.impartial._compiled_octal")
    seq = OctalSequence(splits=((0, UNEQUAL),))
    previous = signal.signal(signal.SIGALRM, signal.default_int_handler)
    started = time.perf_counter()
    try:
        signal.setitimer(signal.ITIMER_REAL, 0.3)
        with pytest.raises(KeyboardInterrupt):
            seq.values(1 << 22)                  # many seconds uninterrupted
        stopped_after = time.perf_counter() - started
    finally:
        signal.setitimer(signal.ITIMER_REAL, 0)
        signal.signal(signal.SIGALRM, previous)
    assert stopped_after < 1.3
    known = len(seq._g)
    assert sparse_space._COMPILED_FROM < known < 1 << 22     # it was stopped inside the kernel
    n = min(known + 5000, 1 << 15)
    assert seq.values(known + 5000)[:n + 1] == grundy_by_definition_vectorised(n)
    assert seq.values(known + 5000) == OctalSequence(splits=((0, UNEQUAL),)).values(known + 5000)
