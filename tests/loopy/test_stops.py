"""Stops of stoppers (cgt.loopy.stops).

CGSuite's own values (on, over, {-1/4+*|pass}, +-{5|pass}, ...) run in
tests/test_loopy_vectors.py; here, Siegel's facts about pseudonumbers and the
laws stops obey on random stoppers.
"""

from fractions import Fraction

from hypothesis import given, settings
from hypothesis import strategies as st

from cgt import Game, parse
from cgt.loopy import GameGraph, Stopper, off, on, over, stopper, under, upon

from test_brute_force import stopper_graphs

loopy_stoppers = stopper_graphs.map(lambda g: stopper(GameGraph(*g))).filter(
    lambda value: isinstance(value, Stopper))


def test_a_pseudonumber_is_its_own_stops():
    for p in (on, off, over, under, over + 3, under - Fraction(1, 2)):
        assert p.left_stop == p.right_stop == p


def test_upon_stops_at_zero_and_is_infinitesimal():
    # upon = {0, pass | *}: Left's best is to move to 0; Right's only move is to *.
    assert upon.left_stop == 0 and upon.right_stop == 0
    assert upon.is_infinitesimal and upon.is_numberish


def test_on_and_off_are_neither_numberish_nor_infinitesimal():
    for p in (on, off):
        assert not p.is_numberish and not p.is_infinitesimal


def test_a_short_option_contributes_its_own_stops():
    g = parse("{{3|1}|pass}")          # Left moves to {3|1}, whose Right stop is 1
    assert g.left_stop == Game(1)


@settings(max_examples=150, deadline=None)
@given(loopy_stoppers)
def test_stops_of_the_negative_are_the_negated_stops_swapped(g):
    assert (-g).left_stop == -g.right_stop
    assert (-g).right_stop == -g.left_stop


@settings(max_examples=100, deadline=None)
@given(loopy_stoppers, st.integers(-3, 3).map(lambda k: Fraction(k, 2)))
def test_adding_a_number_shifts_both_stops_by_it(g, x):
    shifted = g + Game(x)
    assert shifted.left_stop == g.left_stop + Game(x)
    assert shifted.right_stop == g.right_stop + Game(x)


@settings(max_examples=150, deadline=None)
@given(loopy_stoppers)
def test_the_left_stop_of_a_stopper_is_at_least_its_right_stop(g):
    assert g.left_stop >= g.right_stop
