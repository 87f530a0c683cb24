"""Ordinal sums, subordinates and powers with loopy games (cgt.loopy.ordinal).

CGSuite's vectors for these (pow, pow_to, subordinate, ordinal_sum) run in
tests/test_loopy_vectors.py; here the loopy constructions are checked against
the short-game engine's own ordinal sums and powers, which are computed by a
separate implementation (cgt.short.products, cgt.short.uptimals), and against facts.
"""

from fractions import Fraction

import pytest
from hypothesis import assume, given, settings
from hypothesis import strategies as st

from cgt import Game, parse, up
from cgt.loopy import off, on, over, upon
from cgt.loopy.ordinal import SubordinateError, ordinal_sum, pow, pow_to, subordinate
from cgt.strategies import games

EXPONENTS = st.integers(2, 16).map(lambda k: Fraction(k, 2))     # dyadics from 1 to 8


@settings(max_examples=60, deadline=None)
@given(games(2), games(2))
def test_the_graph_ordinal_sum_of_short_games_is_the_short_engines(g, h):
    assert ordinal_sum(g, h) == g.ordinal_sum(h)


@settings(max_examples=40, deadline=None)
@given(games(2), EXPONENTS)
def test_pow_to_through_the_subordinate_is_the_short_engines(g, x):
    assert pow_to(g, x) == g.pow_to(x)


@settings(max_examples=40, deadline=None)
@given(games(2), EXPONENTS)
def test_pow_through_the_subordinate_is_the_short_engines(h, x):
    g = Game([0], [h])
    assume(g.left_options == (Game(0),) and len(g.right_options) == 1)     # {0|H} in canonical form
    assert pow(g, x) == g.pow(x)


def test_subordinate_undoes_the_ordinal_sum_with_a_base_of_one():
    # 1 : Y = {0, 1:Y^L | 1:Y^R}: removing the base's option 0 everywhere gives Y back.
    for y in (on, over, upon, -upon, Game(3), parse("{1|pass}")):
        assert subordinate(ordinal_sum(1, y), 1) == y


def test_the_integer_exponent_n_blows_up_to_n_minus_1():
    assert subordinate(Game(3), 1) == 2


def test_loopy_exponents_extend_up_nth_and_up_to_the_nth():
    assert up.pow_to(on) == upon                       # ^[on] is upon
    assert str(up.pow(on)) == "^<on>"                  # ^<on> is uponth


def test_ordinal_sum_with_a_stopper_base_and_subordinate():
    assert over.ordinal_sum(0) == over
    assert str(off.subordinate(-1)) == "off"


def test_a_game_that_does_not_match_the_base_cannot_be_subordinated():
    with pytest.raises(SubordinateError, match="cannot be subordinated"):
        subordinate(Game(-1), 1)          # -1 = {|0} has no Left option to match the base's 0


def test_pow_needs_a_base_of_the_form_0_bar_h():
    with pytest.raises(ValueError, match=r"form \{0\|H\}"):
        pow(parse("{1|0}"), on)


def test_an_exponent_that_cannot_be_subordinated_to_one_is_invalid():
    with pytest.raises(SubordinateError, match="^Invalid exponent.$"):
        up.pow(parse("{pass|1}"))
