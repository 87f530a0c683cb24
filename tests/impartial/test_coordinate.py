"""Coordinate games against textbook theorems and the seed sources."""

import functools
import math
import re

import pytest

from cgt.impartial import (CoordinateRuleset, ImpartialRuleset, bitter_chocolate, chomp, chop, fibonacci_nim,
                           gen_mem, laskers_nim, mem, table_text, take_away, wythoff)
from impartial_reference import seed


def test_wythoff_p_positions_are_beatty_pairs():
    # Wythoff (1907): P-positions (floor(k phi), floor(k phi^2)) and their mirrors.
    phi = (1 + math.sqrt(5)) / 2
    pairs = {(math.floor(k * phi), math.floor(k * phi * phi)) for k in range(12)}
    expected = sorted(pairs | {(y, x) for x, y in pairs})
    box = [(x, y) for x in range(20) for y in range(20)]
    assert wythoff.p_positions(box) == [p for p in expected if p[0] < 20 and p[1] < 20]


def test_chop_values_from_the_seed_and_the_nim_formula():
    # Seed 004 (Example 3.14): 1x1 .. 1x4 are *0..*3; 2x1 is *1; 2x2 is *0.
    assert [chop.grundy_value((1, n)) for n in range(1, 5)] == [0, 1, 2, 3]
    assert chop.grundy_value((2, 1)) == 1 and chop.grundy_value((2, 2)) == 0
    # An a x b bar is Nim with heaps a - 1 and b - 1.
    assert all(chop.grundy_value((a, b)) == (a - 1) ^ (b - 1) for a in range(1, 9) for b in range(1, 9))
    with pytest.raises(ValueError):
        chop.grundy_value((0, 3))


def test_rectangular_chomp_is_a_first_player_win():
    # Strategy stealing (Gale 1974): every rectangle but 1x1 is an N-position.
    for rows in range(1, 5):
        for cols in range(1, 6):
            value = chomp.grundy_value((cols,) * rows)
            assert (value == 0) == (rows == cols == 1)


def test_two_row_and_l_shaped_chomp_p_positions():
    # Two rows (a, b) lose iff a = b + 1; an L with arms of equal length loses.
    two_rows = [(a, b) for a in range(1, 9) for b in range(1, a + 1)]
    assert chomp.p_positions(two_rows) == [(b + 1, b) for b in range(1, 8)]
    assert chomp.grundy_value((4, 1, 1, 1)) == 0 and chomp.grundy_value((4, 1, 1)) != 0


def test_bitter_chocolate_moves_and_p_positions_from_the_seed():
    text = seed("002")
    # Example 1.4: Move[{1,1,1,2}] lists five positions.
    listed = re.search(r"Move\[\\textbf\{x\}\] \$ = \{(.*?)\}\.", text).group(1)
    expected = {tuple(map(int, t)) for t in re.findall(r"\{(\d), (\d), (\d), (\d)\}", listed + "}")}
    assert set(bitter_chocolate.moves((1, 1, 1, 2))) == expected
    # Theorem 1.1: P-position iff x1 ^ x2 ^ x3 ^ x4 == 0; the chocolate of Graph 1.2 is {6,4,2,3}.
    box = [(a, b, c, d) for a in range(4) for b in range(4) for c in range(4) for d in range(4)]
    assert bitter_chocolate.p_positions(box) == [p for p in box if p[0] ^ p[1] ^ p[2] ^ p[3] == 0]
    assert bitter_chocolate.grundy_value((6, 4, 2, 3)) == 6 ^ 4 ^ 2 ^ 3


def test_take_or_break_nim_sum_table_oeis_a257092():
    # Seed 003: the heap z equal to heaps x + y in Take-or-Break (Lasker's) Nim, by antidiagonals.
    text = seed("003")
    terms = [int(t) for line in re.findall(r"^%[STU] (.*)$", text, re.M) for t in line.split(",") if t]
    g = laskers_nim.nim_sequence(64)
    heap_of = {value: n for n, value in enumerate(g)}
    table, d = [], 0
    while len(table) < len(terms):
        table += [heap_of[laskers_nim.heaps(x, d - x).nim_value] for x in range(d + 1)]
        d += 1
    assert table[:len(terms)] == terms and len(terms) > 100


# CGSuite's GameHeapTest.scala: game.heap.GenMem((memory, j) -> j != memory).NimValueTable(10, 10)
GEN_MEM_NOT_EQUAL_TABLE = """\
0 | 0 | 0 | 0 | 0 | 0 | 0 | 0 | 0 | 0 | 0
--+---+---+---+---+---+---+---+---+---+--
1 | 0 | 1 | 1 | 1 | 1 | 1 | 1 | 1 | 1 | 1
--+---+---+---+---+---+---+---+---+---+--
1 | 1 | 1 | 1 | 1 | 1 | 1 | 1 | 1 | 1 | 1
--+---+---+---+---+---+---+---+---+---+--
2 | 2 | 2 | 0 | 2 | 2 | 2 | 2 | 2 | 2 | 2
--+---+---+---+---+---+---+---+---+---+--
3 | 2 | 3 | 3 | 0 | 3 | 3 | 3 | 3 | 3 | 3
--+---+---+---+---+---+---+---+---+---+--
3 | 3 | 3 | 3 | 3 | 0 | 3 | 3 | 3 | 3 | 3
--+---+---+---+---+---+---+---+---+---+--
2 | 2 | 2 | 2 | 2 | 2 | 2 | 2 | 2 | 2 | 2
--+---+---+---+---+---+---+---+---+---+--
4 | 4 | 4 | 4 | 4 | 4 | 4 | 0 | 4 | 4 | 4
--+---+---+---+---+---+---+---+---+---+--
5 | 4 | 5 | 3 | 5 | 5 | 5 | 5 | 5 | 5 | 5
--+---+---+---+---+---+---+---+---+---+--
5 | 5 | 5 | 5 | 5 | 5 | 5 | 5 | 5 | 0 | 5
--+---+---+---+---+---+---+---+---+---+--
6 | 6 | 6 | 4 | 6 | 6 | 3 | 6 | 6 | 6 | 6"""


def test_gen_mem_nim_value_table_prints_as_cgsuite_prints_it():
    table = gen_mem(lambda memory, j: j != memory).nim_value_table(10, 10)
    assert table_text(table) == GEN_MEM_NOT_EQUAL_TABLE


def test_nim_value_table_row_m_lists_the_positions_m_0_to_m_max_col():
    # Two-heap Nim as a coordinate game: the table is m XOR n.
    nim_pair = ImpartialRuleset("nim pair", lambda p: [(p[0], k) for k in range(p[1])]
                                + [(k, p[1]) for k in range(p[0])])
    assert nim_pair.nim_value_table(3, 5) == [[m ^ n for n in range(6)] for m in range(4)]


def test_fibonacci_nim_first_player_loses_exactly_on_fibonacci_heaps():
    # Whinihan (1963): from a heap of n, where the first move may take anything but all,
    # the first player loses iff n is a Fibonacci number.
    fibonacci = {1, 2, 3, 5, 8, 13, 21, 34, 55}
    for n in range(2, 60):
        first_moves = [(n - a, a) for a in range(1, n)]
        first_player_wins = any(fibonacci_nim.grundy_value(p) == 0 for p in first_moves)
        assert first_player_wins == (n not in fibonacci), n


def test_take_away_2_is_fibonacci_nim_and_mem_takes_at_least_the_memory():
    positions = [(n, k) for n in range(12) for k in range(12)]
    assert [take_away(2).grundy_value(p) for p in positions] == \
        [fibonacci_nim.grundy_value(p) for p in positions]
    assert mem.moves((5, 2)) == [(3, 2), (2, 3), (1, 4), (0, 5)]


@pytest.mark.parametrize("ratio", [0, -1, 1.5, "2", True])
def test_take_away_refuses_a_ratio_that_is_not_a_positive_rational(ratio):
    with pytest.raises(ValueError, match="positive rational"):
        take_away(ratio)


@pytest.mark.parametrize("bound", [-1, 2.0, None])
def test_nim_value_table_refuses_bad_bounds(bound):
    with pytest.raises(ValueError, match="int"):
        mem.nim_value_table(bound, 3)


# ---------------------------------------------------------------- coordinate rulesets from functions
def test_a_coordinate_ruleset_from_a_function_is_cgsuites_mem0():
    # CGSuite's GameHeapTest: GenMem((memory, j) -> j != memory) at (10, n), n = 0..20, and its table.
    mem0 = CoordinateRuleset(lambda n, k: [(n - a, a) for a in range(1, n + 1) if a != k])
    assert [mem0.nim_value((10, n)) for n in range(21)] == [6, 6, 6, 4, 6, 6, 3] + [6] * 14
    assert mem0.nim_value_table(10, 10) == gen_mem(lambda k, a: a != k).nim_value_table(10, 10)


def test_options_may_be_sums_of_coordinates():
    # Two-heap Nim: (m, n) moves to (a, n) or (m, b).  Then a ruleset whose options are sums of two.
    direct = CoordinateRuleset(lambda m, n: [(a, n) for a in range(m)] + [(m, b) for b in range(n)])
    assert direct.nim_value_table(4, 4) == [[m ^ n for n in range(5)] for m in range(5)]
    split = CoordinateRuleset(lambda m, n: [[(a, 0), (0, n)] for a in range(m)] + [[(0, b)] for b in range(n)])
    assert split.coordinate_options((1, 1)) == [((0, 0), (0, 1)), ((0, 0),)]

    @functools.lru_cache(maxsize=None)
    def g(m, n):
        seen = {g(a, 0) ^ g(0, n) for a in range(m)} | {g(0, b) for b in range(n)}
        return next(v for v in range(len(seen) + 1) if v not in seen)

    assert split.nim_value_table(6, 6) == [[g(m, n) for n in range(7)] for m in range(7)]


def test_adjoin_unites_the_options():
    both = wythoff.adjoin(CoordinateRuleset(lambda m, n: [(m - 2, n + 1)] if m >= 2 else []))
    assert both.coordinate_options((2, 0)) == [((0, 0),), ((1, 0),), ((0, 1),)]
    assert repr(both) == f"wythoff.adjoin({both.second!r})"
    assert mem.adjoin(wythoff) == mem.adjoin(wythoff)
    assert both.nim_value((3, 3)) == ImpartialRuleset(
        "by hand", lambda p: [c for (c,) in both.coordinate_options(p)]).grundy_value((3, 3))


@pytest.mark.parametrize("build, error, message", [
    (lambda: CoordinateRuleset("wythoff"), TypeError, "made from a function of (m, n)"),
    (lambda: CoordinateRuleset(lambda m, n: 3).nim_value((1, 1)), TypeError, "are a collection of pairs"),
    (lambda: CoordinateRuleset(lambda m, n: [(m, -1)]).nim_value((1, 1)), ValueError, "below zero"),
    (lambda: CoordinateRuleset(lambda m, n: [5]).nim_value((1, 1)), TypeError, "is a pair (m, n) or a collection"),
    (lambda: CoordinateRuleset(lambda m, n: []).nim_value((1,)), TypeError, "a position is a pair (m, n)"),
    (lambda: wythoff.adjoin(5), TypeError, "adjoins another coordinate ruleset"),
])
def test_bad_coordinate_rulesets_say_what_is_wrong(build, error, message):
    with pytest.raises(error, match=re.escape(message)):
        build()
