"""Dyadic rationals: birthdays, sign expansions, the simplicity principle (cgt/dyadic.py)."""

import time
from fractions import Fraction

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

import reference as model
from cgt import Game, NotDyadicError, simplest_number
from cgt.dyadic import as_dyadic, birthday, integer_text, read_integer, sign_expansion
from cgt.strategies import dyadics

F = Fraction


@pytest.mark.parametrize("lo, hi, simplest", [
    # partizan_facts.json, "simplicity-*" (Conway, ONAG ch. 1)
    (F(0), F(1), F(1, 2)),
    (F(1), F(2), F(3, 2)),
    (F(-1, 2), F(1, 2), F(0)),
    (F(1, 8), F(1, 4), F(3, 16)),
    (F(-5), F(-2), F(-3)),
    (F(3, 2), F(7, 4), F(13, 8)),
    (None, None, F(0)),
    (F(5, 2), None, F(3)),
    (None, F(-5, 2), F(-3)),
    (F(-1), None, F(0)),
])
def test_simplest_number_between(lo, hi, simplest):
    assert simplest_number(lo, hi) == simplest


def _brute_force_simplest(lo, hi):
    """A number of least birthday strictly between lo and hi, searching denominators 1, 2, 4, ..."""
    k = 0
    while True:
        scale = 2**k
        inside = [F(m, scale) for m in range(int(lo * scale) - 1, int(hi * scale) + 2) if lo < F(m, scale) < hi]
        if inside:
            return min(inside, key=birthday)
        k += 1


@given(dyadics(4, 8), dyadics(4, 8))
def test_simplest_number_has_the_least_birthday_in_the_interval(a, b):
    if a == b:
        return
    lo, hi = min(a, b), max(a, b)
    x = simplest_number(lo, hi)
    assert lo < x < hi
    assert birthday(x) == birthday(_brute_force_simplest(lo, hi))


@given(dyadics(4, 8), dyadics(4, 8))
def test_braces_of_numbers_follow_the_simplicity_principle(a, b):
    g = Game([a], [b])
    if a < b:
        assert g == simplest_number(a, b)
    elif a == b:
        assert str(g) == str(Game(a) + Game("*"))
    else:
        assert not g.is_number and g.left_stop == a and g.right_stop == b


def test_simplest_number_in_a_very_narrow_interval_is_quick():
    assert simplest_number(F(0), F(1, 2**3000)) == F(1, 2**3001)


@given(dyadics(5, 6))
def test_birthday_is_the_length_of_the_sign_expansion_and_of_the_game_tree(x):
    assert birthday(x) == len(sign_expansion(x))
    assert Game(x).birthday == birthday(x)


@given(st.integers(0, 5).flatmap(lambda k: st.integers(-3 * 2**k, 3 * 2**k).map(lambda m: F(m, 2**k))))
def test_birthday_matches_the_definition(x):
    g = model.number(x)
    depth = 0
    frontier = {g}
    while any(f[0] or f[1] for f in frontier):
        frontier = {o for f in frontier for o in f[0] | f[1]}
        depth += 1
    assert birthday(x) == depth


def test_sign_expansions_read_like_hackenbush_strings():
    # Berlekamp's rule: BRRB = 3/8 is + - - +
    assert sign_expansion(F(3, 8)) == "+--+"
    assert sign_expansion(F(-5, 4)) == "--++"  # 0, -1, -2, -3/2, -5/4
    assert sign_expansion(F(0)) == ""


def test_non_dyadic_and_non_rational_values_are_refused():
    with pytest.raises(NotDyadicError, match="1/3"):
        as_dyadic(F(1, 3))
    with pytest.raises(TypeError):
        as_dyadic(0.25)
    with pytest.raises(TypeError):
        as_dyadic(True)
    with pytest.raises(ValueError, match="strictly between"):
        simplest_number(F(1), F(0))


@settings(max_examples=30, deadline=None)
@given(st.integers(0, 10**60), st.integers(0, 20000), st.integers(0, 10**60))
def test_read_integer_reads_what_integer_text_writes(high, shift, low):
    n = high * 10**shift + low      # up to about 20,000 digits, either side of the halves
    assert read_integer(integer_text(n)) == n


@pytest.mark.slow
def test_a_million_digits_are_read_in_well_under_a_minute():
    # Read through `decimal` in one conversion, this took about 30 s (quadratic time).
    digits = "123456789" * 111_112
    started = time.perf_counter()
    n = read_integer(digits)
    assert time.perf_counter() - started < 15     # a guard against quadratic time, not a timing
    assert n % 10**9 == 123456789 and integer_text(n)[:18] == "123456789123456789"
