"""Coordinate games against textbook theorems and the seed sources."""

import math
import re

import pytest

from cgt.impartial import bitter_chocolate, chomp, chop, laskers_nim, wythoff
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
