"""Canonical stoppers: facts from Siegel's *Combinatorial Game Theory* ch. VI, Winning Ways ch. 11
and CGSuite's loopy vectors (values quoted from those sources, never from this code)."""

from fractions import Fraction

import pytest

from cgt import Game, parse, star, up
from cgt.loopy import GameGraph, Node, PASS, Stopper, dud, off, on, over, stopper, under, upon


# ---------------------------------------------------------------- order (Siegel VI.3)
def test_on_is_above_every_number_and_off_below():
    assert on > Game(100) and off < Game(-100)
    assert off < under < 0 < over < on


def test_over_is_a_positive_infinitesimal_above_up():
    # over = {0 | pass} exceeds every positive infinitesimal short game, yet every positive number.
    assert over > up and over > Game([0], [up])
    assert over < Game(Fraction(1, 1024))


def test_over_is_confused_with_nothing_below_it():
    assert over.is_confused_with(star) is False and over > star


def test_on_plus_off_is_dud_not_a_stopper():
    # Siegel VI.1: on + off = dud; dud is a sided value, not a stopper.
    assert on + off == dud
    assert not (on + off).is_stopper


def test_idempotents_from_cgsuite():
    # CanonicalStopperTestCase: on and over are idempotent (G + G = G).
    assert on + on == on
    assert over + over == over


def test_number_plus_pseudonumber():
    # EvalTest: under + 5 = 5under, 5 + over = 5over.
    assert str(under + 5) == "5under" and str(5 + over) == "5over"
    assert on + 5 == on


def test_comparison_across_types():
    assert parse("{0|pass}") >= 0 and 0 <= over and Game(1) > over
    assert over != 0 and over != Game(0) and over != "not a game"


# ---------------------------------------------------------------- canonical forms (Siegel VI.4)
def test_loopfree_stopper_is_a_short_game():
    one = stopper(Node([0], []))
    assert type(one) is Game and one == 1
    assert type(stopper(Node([0], [Node([0], [])]))) is Game      # {0 | {0|}} = {0|1} = 1/2
    assert stopper(Node([0], [Node([0], [])])) == Fraction(1, 2)


def test_dominated_option_beside_a_loop_is_removed():
    assert parse("{0,-1|pass}") == over and over.left_options == (Game(0),)


def test_node_labels_and_passes_agree():
    assert parse("a{0|a}") == parse("{0|pass}") == over
    assert parse("x{x|0}") == under


def test_equal_values_hash_equally_and_are_one_set_member():
    values = {over, parse("{0|pass}"), parse("a{0|a}"), over + over}
    assert len(values) == 1


def test_negation_swaps_sides():
    assert -over == under and -on == off and -(-upon) == upon
    assert str(-upon) == "v[on]"


def test_options_and_followers():
    assert over.left_options == (Game(0),) and over.right_options == (over,)
    assert on.left_options == (on,) and on.right_options == ()
    assert over.followers == {Game(0), over} and over.follower_count == 2


def test_outcomes_from_cgsuite():
    assert (on.outcome, over.outcome, parse("{-1/4+*|pass}").outcome, parse("+-{5|pass}").outcome) == \
        ("L", "L", "R", "N")


def test_predicates():
    assert over.is_stopper and not over.is_loopfree and over.is_plumtree and over.is_pseudonumber
    assert not upon.is_pseudonumber and not over.is_number and not over.is_zero


def test_integer_multiple():
    assert 2 * over == over and -3 * on == off
    assert 0 * upon == 0


def test_stopper_is_not_built_directly():
    with pytest.raises(TypeError):
        Stopper()


def test_graph_must_be_well_formed():
    with pytest.raises(ValueError, match="node id"):
        GameGraph([(1,)], [()])
    with pytest.raises(ValueError):
        GameGraph([], [])


def test_pass_node_sentinel_builds_a_pass():
    assert stopper(Node([PASS], [])) == on
