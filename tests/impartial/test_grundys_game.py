"""Grundy's game (``4!.0``) and the NumPy sparse-space kernel, against the definition.

Expected values come from the definition ``g(n) = mex{g(a) ⊕ g(n - a) : 1 <= a < n - a}``
computed here (in pure Python, or vectorised per heap for long runs), from OEIS
A002188, and from ``impartial_facts.json``.  The kernel is also run with tiny
blocks and thresholds, so that every path of it (speculation, certification,
settling a doubtful heap, discarding heaps after a rare value, learning the row
order) is exercised within a few thousand heaps, for many codes.
"""

import os

import pytest

from cgt.impartial import TakeAndBreak, grundys_game
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


def test_grundys_game_matches_the_definition_past_the_block_threshold():
    """2**15 heaps: past about 2**14, where rare heaps thin out, the kernel speculates and certifies."""
    n = 1 << 15
    assert TakeAndBreak("4!.0").nim_sequence(n) == grundy_by_definition_vectorised(n)


def test_python_kernel_matches_the_definition():
    seq = OctalSequence(splits=((0, UNEQUAL),), kernel="python")
    assert seq.values(1200) == grundy_by_definition(1200)


# --- every path of the NumPy kernel, with tiny blocks ---------------------------------------

TINY = {"_SIMPLE_BELOW": 96, "_BLOCK": 16, "_SUPER": 64, "_FIRST_CHUNK": 24, "_MAX_DEPTH": 96,
        "_LEARN_FROM": 256, "_LEARN_HEAPS": 8, "_LEARN_ROWS": 256, "_LEARN_PICKS": 64, "_LEARN_HITS": 4}


MODES = ["settle first doubts", "certify in chunks"]


def use_tiny_blocks(monkeypatch, mode):
    kernel = pytest.importorskip("cgt.impartial._numpy_octal")
    for name, value in TINY.items():
        monkeypatch.setattr(kernel, name, value)
    monkeypatch.setattr(kernel, "_EXACT_BELOW", 1 << 30 if mode == MODES[0] else 0)


@pytest.fixture(params=MODES)
def tiny_kernel(request, monkeypatch):
    use_tiny_blocks(monkeypatch, request.param)


def test_tiny_blocks_grundys_game(tiny_kernel):
    seq = OctalSequence(splits=((0, UNEQUAL),), kernel="numpy")
    assert seq.values(3000) == grundy_by_definition(3000)


def test_blocks_through_new_maxima(monkeypatch):
    """From 1024 heaps on in blocks: the values pass 32, 64 and 128 (wider tables, 16-bit storage)."""
    kernel = pytest.importorskip("cgt.impartial._numpy_octal")
    monkeypatch.setattr(kernel, "_SIMPLE_BELOW", 1024)
    monkeypatch.setattr(kernel, "_LEARN_FROM", 2048)
    seq = OctalSequence(splits=((0, UNEQUAL),), kernel="numpy")
    n = 14000
    assert seq.values(n) == grundy_by_definition_vectorised(n)
    assert max(seq.values(n)) >= 128


def test_tiny_blocks_in_steps(tiny_kernel):
    """Extending a little at a time gives the same values as one long run."""
    seq = OctalSequence(splits=((0, UNEQUAL),), kernel="numpy")
    got = []
    for n in (100, 101, 150, 700, 701, 1500, 2600):
        got = seq.values(n)
    assert got == grundy_by_definition(2600)


TINY_CODES = CODES[:2] + [("4.0", (4, ""), [])] + CODES[2:] + [  # (code, first digit, later digits)
    ("0.77", (0, ""), [(7, ""), (7, "")]),
    ("0.16", (0, ""), [(1, ""), (6, "")]),
    ("4.07", (4, ""), [(0, ""), (7, "")]),
    ("0.6=4!", (0, ""), [(6, "="), (4, "!")]),
    ("4!.3", (4, "!"), [(3, "")]),
    ("0.44!", (0, ""), [(4, ""), (4, "!")]),     # a new largest value found by speculation
    ("0.56", (0, ""), [(5, ""), (6, "")]),
]


@pytest.mark.parametrize("mode, code, d0, digits",
                         [(MODES[i % 2], *case) for i, case in enumerate(TINY_CODES)])
def test_tiny_blocks_other_codes(monkeypatch, mode, code, d0, digits):
    use_tiny_blocks(monkeypatch, mode)
    octal = TakeAndBreak(code)._octal
    seq = OctalSequence(octal._take_all, octal._leave_one, octal._splits, kernel="numpy")
    assert seq.values(2000) == nim_sequence_by_definition(d0, digits, 2000)


@pytest.mark.parametrize("mode, splits", [(MODES[0], ((1, FREE), (2, UNEQUAL))),
                                          (MODES[1], ((0, UNEQUAL), (1, EQUAL), (3, FREE)))])
def test_tiny_blocks_agree_with_the_python_kernel(monkeypatch, mode, splits):
    use_tiny_blocks(monkeypatch, mode)
    fast = OctalSequence(leave_one=(1,), splits=splits, kernel="numpy")
    slow = OctalSequence(leave_one=(1,), splits=splits, kernel="python")
    assert fast.values(2500) == slow.values(2500)


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
