"""The strategies of `cgt.strategies` draw every kind of value, and the laws of each kind hold on them.

The laws: negation is an involution; the notation reads back to the value printed; stoppers and
sided values are ordered as their negatives are, reversed, and short games stay invertible
among them (Siegel, *Combinatorial Game Theory*, VI); dud absorbs every value (Winning Ways,
ch. 11: dud + G = dud, since on +^ s = on and off +_ t = off); misère sums are commutative and
associative with identity 0, and the misère outcome is the one of the definition (a player
with no move wins; else the mover wins iff some option is a loss for the next mover).
"""

from hypothesis import HealthCheck, given, settings

from cgt import parse
from cgt.impartial import MisereGame
from cgt.loopy import SidedValue, Stopper, dud
from cgt.strategies import games, misere_games, sided_values, stoppers

LOOPY = settings(max_examples=40, deadline=None, suppress_health_check=[HealthCheck.too_slow,
                                                                          HealthCheck.filter_too_much])


# ---------------------------------------------------------------- stoppers
@LOOPY
@given(stoppers())
def test_stoppers_are_stoppers_with_a_cycle(g):
    assert isinstance(g, Stopper) and g.is_stopper and not g.is_loopfree


@LOOPY
@given(stoppers())
def test_negating_a_stopper_twice_gives_it_back(g):
    assert -(-g) == g


@LOOPY
@given(stoppers())
def test_a_stopper_reads_back_from_its_text(g):
    assert parse(str(g)) == g


@LOOPY
@given(stoppers(), stoppers())
def test_negation_reverses_the_order_of_stoppers(g, h):
    assert g <= g
    assert (g <= h) == (-h <= -g)


@LOOPY
@given(stoppers(), games(max_birthday=2))
def test_a_short_game_added_to_a_stopper_and_taken_away_leaves_it(g, x):
    assert (g + x) - x == g


@LOOPY
@given(stoppers(), stoppers())
def test_sums_of_stoppers_commute(g, h):
    assert g + h == h + g


# ---------------------------------------------------------------- sided values
@LOOPY
@given(sided_values())
def test_sided_values_have_an_onside_above_a_different_offside(g):
    assert isinstance(g, SidedValue)
    assert g.offside <= g.onside and g.offside != g.onside


@LOOPY
@given(sided_values())
def test_negating_a_sided_value_twice_gives_it_back(g):
    assert -(-g) == g


@LOOPY
@given(sided_values())
def test_a_sided_value_reads_back_from_its_text(g):
    assert parse(str(g)) == g


@LOOPY
@given(sided_values())
def test_dud_absorbs_every_sided_value(g):
    assert dud + g == dud


@LOOPY
@given(sided_values(), games(max_birthday=2))
def test_a_short_game_added_to_a_sided_value_and_taken_away_leaves_it(g, x):
    assert (g + x) - x == g


# ---------------------------------------------------------------- misère games
@given(misere_games())
def test_misere_games_are_born_by_their_day(g):
    assert isinstance(g, MisereGame) and g.birthday <= 4


@given(misere_games(), misere_games(), misere_games())
def test_misere_sums_commute_and_associate(g, h, k):
    assert g + h == h + g
    assert (g + h) + k == g + (h + k)


@given(misere_games())
def test_zero_is_the_identity_of_misere_sums(g):
    assert g + MisereGame(0) == g


@given(misere_games())
def test_the_misere_outcome_is_the_outcome_of_the_definition(g):
    mover_wins = not g.options or any(o.outcome == "P" for o in g.options)
    assert g.outcome == ("N" if mover_wins else "P")


@given(misere_games())
def test_a_misere_game_reads_back_from_its_text(g):
    assert parse(str(g)) == g
