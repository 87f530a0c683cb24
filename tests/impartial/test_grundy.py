"""Generic Grundy values: the mex rule, deep games without recursion, limits, loops, nim-sum laws."""

import pytest
from hypothesis import given, strategies as st

from cgt.errors import GameTooLargeError
from cgt.impartial import ImpartialGame, LoopyGameError, grundy_table, grundy_value, p_positions
from cgt.nimbers import mex, nim_sum


def subtraction(*allowed):
    return lambda n: [n - k for k in allowed if k <= n]


def test_values_follow_the_mex_rule():
    # Take 1, 2 or 3: g(n) = n mod 4 (Winning Ways ch. 3).
    assert [grundy_value(n, subtraction(1, 2, 3)) for n in range(12)] == [n % 4 for n in range(12)]


def test_deep_games_do_not_hit_the_recursion_limit():
    assert grundy_value(200_000, subtraction(1), max_positions=300_000) == 0


def test_the_position_limit_is_a_clear_error():
    with pytest.raises(GameTooLargeError, match="max_positions"):
        grundy_value(10_000, subtraction(1), max_positions=100)
    assert issubclass(GameTooLargeError, RuntimeError)


def test_a_repeating_position_is_a_clear_error():
    with pytest.raises(LoopyGameError):
        grundy_value(3, lambda n: [(n + 1) % 5])


class Heap:
    """A Nim heap through the ImpartialGame protocol."""

    def __init__(self, size):
        self.size = size

    def moves(self):
        return [Heap(k) for k in range(self.size)]

    def __eq__(self, other):
        return isinstance(other, Heap) and other.size == self.size

    def __hash__(self):
        return hash(self.size)


def test_the_protocol_supplies_the_moves():
    assert isinstance(Heap(3), ImpartialGame)
    assert grundy_value(Heap(9)) == 9
    with pytest.raises(TypeError, match="moves"):
        grundy_value(5)


def test_p_positions_of_subtraction_1_3_4():
    # P-positions are n = 0, 2 (mod 7) (Winning Ways ch. 4).
    assert p_positions(range(30), subtraction(1, 3, 4)) == [n for n in range(30) if n % 7 in (0, 2)]


def test_grundy_table_of_two_heap_nim_is_the_nim_sum():
    def moves(position):
        x, y = position
        return [(a, y) for a in range(x)] + [(x, b) for b in range(y)]

    assert grundy_table(moves, 8, 8) == [[x ^ y for y in range(8)] for x in range(8)]


values = st.integers(0, 2**64)


@given(values, values, values)
def test_nim_sum_is_an_abelian_group_of_exponent_two(a, b, c):
    assert nim_sum(a, b) == nim_sum(b, a)
    assert nim_sum(nim_sum(a, b), c) == nim_sum(a, nim_sum(b, c))
    assert nim_sum(a, 0) == a and nim_sum(a, a) == 0


@given(st.sets(st.integers(0, 40)))
def test_mex_is_the_least_excluded_value(s):
    m = mex(s)
    assert m not in s and all(k in s for k in range(m))
