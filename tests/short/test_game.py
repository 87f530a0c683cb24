"""Laws and facts of the canonical-form Game (cgt/short/game.py)."""

import pickle
from fractions import Fraction

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

import reference as model
from cgt import Game, NotDyadicError, nimber, parse, star, up, uptimal, zero
from cgt.strategies import games, numbers

small = games(max_birthday=3, max_options=3)


# ---------------------------------------------------------------- group laws
@given(small, small)
def test_addition_is_commutative(g, h):
    assert g + h is h + g


@given(games(2), games(2), games(2))
def test_addition_is_associative(g, h, k):
    assert (g + h) + k is g + (h + k)


@given(small)
def test_zero_is_the_identity_and_negation_the_inverse(g):
    assert g + 0 is g
    assert g + -g is zero
    assert -(-g) is g
    assert g - g == 0


@given(small, st.integers(-4, 4))
def test_integer_multiple_is_repeated_sum(g, n):
    expected = zero
    for _ in range(abs(n)):
        expected = expected + (g if n > 0 else -g)
    assert n * g is expected
    assert g * n is expected


# ---------------------------------------------------------------- order laws
@given(small, small)
def test_le_iff_difference_is_nonnegative(g, h):
    assert (g <= h) == (h - g >= 0)


@given(small, small)
def test_lt_is_le_and_not_ge(g, h):
    assert (g < h) == (g <= h and not h <= g)
    assert (g > h) == (h < g)
    assert g.is_confused_with(h) == (not g <= h and not h <= g)


@given(small, small)
def test_le_is_antisymmetric_on_canonical_forms(g, h):
    if g <= h and h <= g:
        assert g is h


@given(games(2), games(2), games(2))
def test_le_is_transitive(g, h, k):
    if g <= h and h <= k:
        assert g <= k


@given(small)
def test_outcome_class_agrees_with_comparison_to_zero(g):
    expected = {(True, True): "P", (True, False): "L", (False, True): "R", (False, False): "N"}
    assert g.outcome == expected[(g >= 0, g <= 0)]


# ---------------------------------------------------------------- canonical forms
@given(small)
def test_canonical_form_is_unique(g):
    assert Game(g.left_options, g.right_options) is g


@given(small)
def test_notation_round_trips(g):
    assert parse(str(g)) is g
    assert eval(repr(g), {"Game": Game}) is g


@settings(max_examples=150)
@given(games(2, 3), games(2, 2))
def test_engine_agrees_with_the_definitions(g, h):
    mg, mh = model.from_game(g), model.from_game(h)
    assert model.from_game(g + h) == model.canonical(model.add(mg, mh))
    assert model.from_game(-g) == model.canonical(model.neg(mg))
    assert (g <= h) == model.le(mg, mh)


@given(st.lists(st.sampled_from(sorted(model.games_born_by(2), key=repr)), max_size=3),
       st.lists(st.sampled_from(sorted(model.games_born_by(2), key=repr)), max_size=3))
def test_games_from_day_two_options_canonicalise_as_the_definitions_say(left, right):
    expected = model.game(left, right)
    assert model.from_game(Game([model.to_game(x) for x in left], [model.to_game(x) for x in right])) == expected


@given(st.integers(0, 6))
def test_fast_nimbers_equal_their_definition(n):
    assert model.from_game(nimber(n)) == model.nimber(n)


@given(numbers(5, 3))
def test_fast_numbers_equal_their_definition(x):
    assert model.from_game(x) == model.number(x.to_fraction())


@given(st.integers(-3, 3), st.integers(0, 3), st.sampled_from([Fraction(0), Fraction(1), Fraction(-1, 2)]))
def test_fast_uptimals_equal_sums_of_their_parts(ups, m, x):
    up_model = model.game([model.ZERO], [model.nimber(1)])
    total = model.add(model.number(x), model.nimber(m))
    for _ in range(abs(ups)):
        total = model.add(total, up_model if ups > 0 else model.neg(up_model))
    assert model.from_game(uptimal(x, ups, m)) == model.canonical(total)


def test_born_by_day_two_there_are_22_games():
    assert len({model.to_game(g) for g in model.games_born_by(2)}) == 22


# ---------------------------------------------------------------- the examples
def test_game_from_mixed_options():
    g = Game([1], [star])
    assert repr(g) == "Game('{1|*}')"
    assert str(g + g) == "1*" and str(-g) == "{*|-1}" and g > 0
    assert str(up + up + star) == "^^*"


def test_birthdays():
    assert Game(Fraction(3, 4)).birthday == 3
    assert nimber(20).birthday == 20
    assert (up + star).birthday == 2
    assert uptimal(Fraction(73, 16), -9, 8).birthday == 27


def test_up_is_confused_with_star_and_up_star_is_a_first_player_win():
    assert up.is_confused_with(star)
    assert (up + star).outcome == "N"


# ---------------------------------------------------------------- equality, hashing, pickling
def test_number_games_equal_and_hash_like_their_values():
    assert Game(1) == 1 and hash(Game(1)) == hash(1)
    half = Fraction(1, 2)
    assert Game(half) == half and hash(Game(half)) == hash(half)
    assert len({Game(0), 0, zero, Fraction(0)}) == 1
    assert star != 0 and Game(Fraction(1, 2)) != Fraction(1, 3)


@pytest.mark.parametrize("x", [Fraction(-1), Fraction(-3, 4), Fraction(2**70), Fraction(5, 2**64),
                               Fraction(-(2**80 + 1), 2**100)])
def test_games_hash_like_negative_huge_and_fine_numbers(x):
    assert hash(Game(x)) == hash(x)


@given(small)
def test_pickle_keeps_identity(g):
    assert pickle.loads(pickle.dumps(g)) is g


def test_games_are_immutable():
    with pytest.raises(AttributeError):
        star._id = 0


# ---------------------------------------------------------------- bad input
def test_non_dyadic_numbers_are_refused():
    with pytest.raises(NotDyadicError, match="1/3 is not a dyadic rational"):
        Game(Fraction(1, 3))
    with pytest.raises(TypeError, match="float"):
        Game(0.5)


@pytest.mark.parametrize("operation", [
    lambda: up + "x", lambda: "x" + up, lambda: up - None, lambda: up * up,
    lambda: up * 1.5, lambda: up <= "x", lambda: up < 0.5, lambda: Game([object()], []),
])
def test_foreign_operands_raise_type_error(operation):
    with pytest.raises(TypeError):
        operation()


def test_bad_constructor_arguments():
    with pytest.raises(ValueError):
        nimber(-1)
    with pytest.raises(ValueError):
        uptimal(0, 1, -2)
    with pytest.raises(ValueError, match="not a nimber"):
        up.nim_value
    with pytest.raises(ValueError, match="not a number"):
        up.to_fraction()


# ---------------------------------------------------------------- fast paths and deep games
def test_huge_numbers_and_nimbers_are_arithmetic():
    assert Game(10**6).birthday == 10**6
    assert Game(-1823437481924).follower_count == 1823437481925
    big = nimber(2**40)
    assert big.birthday == 2**40
    assert (big + nimber(3)).nim_value == 2**40 + 3
    assert big + big == 0


def test_a_chain_ten_thousand_deep_is_built_without_recursion_errors():
    g = zero
    for _ in range(10_000):
        g = Game([g], [])
    assert g == 10_000


def test_deep_hot_games_do_not_hit_the_recursion_limit():
    g = zero
    for k in range(1, 2001):
        g = Game([g], [-k])
    assert g.birthday == 2001
    assert (g.left_stop, g.right_stop) == (-1999, -2000)
    h = Game([g], [-2001])
    assert h.left_options == (g,) and h.right_options == (Game(-2001),)
    assert g <= g and not g.is_confused_with(g)
    assert (h <= g) == (g >= h) and (h < g) == (h <= g and not g <= h)
    assert parse(str(g)) is g
    # followers: the 2001 games g_0 = 0, ..., g_2000 and the numbers -1, ..., -2000
    assert len(g.followers) == 2001 + 2000
    assert (g + 1).left_stop == -1998


# ---------------------------------------------------------------- past CPython's 4,300 digits
def _digits(n):
    """The decimal digits of the int n, by `decimal` (``str`` stops at 4,300 digits)."""
    import decimal

    return str(decimal.Decimal(n))


@pytest.mark.parametrize("value", [10**100000, -(10**4000) - 7, Fraction(1, 2**20000), Fraction(-(3**9000), 2**301)],
                         ids=["10^100000", "-10^4000-7", "2^-20000", "-3^9000/2^301"])
def test_numbers_of_any_size_print_and_pickle(value):
    g = Game(value)
    text = _digits(value) if isinstance(value, int) else f"{_digits(value.numerator)}/{_digits(value.denominator)}"
    assert str(g) == text
    assert repr(g) == f"Game('{text}')"
    assert pickle.loads(pickle.dumps(g)) == g
    assert parse(text) == g


@pytest.mark.parametrize("value", [b"1", bytearray(b"{1|0}"), memoryview(b"1")])
def test_bytes_are_not_a_game(value):
    # Before: Game(b'1') was the game of the option ids 49, a silent wrong value.
    with pytest.raises(TypeError, match="decode it first"):
        Game(value)


def test_bytes_are_not_a_list_of_options():
    with pytest.raises(TypeError, match="the options of a game are a list of games"):
        Game(b"1", [0])
