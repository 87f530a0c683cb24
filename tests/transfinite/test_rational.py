"""Rationals that are not dyadic, and ±inf (CGSuite's Rational): checked against Python's Fraction
(an independent exact arithmetic) and CGSuite's RationalNumberTest facts."""

import math
from fractions import Fraction

import pytest
from hypothesis import given
from hypothesis import strategies as st

from cgt import Game, parse
from cgt.errors import IndeterminateFormError, UndefinedInvariantError
from cgt.strategies import rationals
from cgt.transfinite import Rational, inf, mod, rational


def fraction(x):
    return x.to_fraction() if isinstance(x, Game) else Fraction(x.numerator, x.denominator)


fractions = st.builds(Fraction, st.integers(-400, 400), st.integers(1, 40))


@given(fractions, fractions)
def test_arithmetic_is_that_of_fractions(p, q):
    x, y = rational(p), rational(q)
    assert fraction(x + y) == p + q and fraction(x - y) == p - q
    if isinstance(x, Rational) or isinstance(y, Rational):      # two Games do not multiply
        assert fraction(x * y) == p * q
        if q:
            assert fraction(x / y) == p / q
    assert (x < y) == (p < q) and (x == y) == (p == q)


@given(fractions)
def test_a_dyadic_value_is_a_game_and_the_others_are_rationals(q):
    x = rational(q)
    dyadic = q.denominator & (q.denominator - 1) == 0
    assert isinstance(x, Game) == dyadic and isinstance(x, Rational) == (not dyadic)


@given(rationals())
def test_the_printed_form_reads_back_and_hashes_like_the_fraction(x):
    assert parse(str(x)) == x
    if isinstance(x, Rational):
        assert hash(x) == hash(fraction(x)) and x == fraction(x)


@given(fractions, st.builds(Fraction, st.integers(1, 400), st.integers(-40, -1) | st.integers(1, 40)))
def test_cgsuites_remainder_has_the_sign_of_the_dividend(p, q):
    # Java's %: p - q·trunc(p/q)
    expected = p - q * math.trunc(p / q)
    assert fraction(mod(rational(p), rational(q))) == expected


def test_parts_floor_ceiling_reciprocal():
    # CGSuite's RationalNumberTest and GameTest: 6/23 and -6/23
    x = Rational(-6, 23)
    assert (x.numerator, x.denominator, x.is_dyadic) == (-6, 23, False)
    assert (math.floor(x), math.ceil(x), x.reciprocal) == (-1, 0, Rational(-23, 6))
    assert abs(x) == Rational(6, 23) and x.sign == -1 and x.outcome == "R"
    assert x.birthday == parse("omega")


def test_cgsuites_examples():
    assert parse("(2/3)^(-3)") == Fraction(27, 8)
    assert parse("(17/6) % (1/3)") == Rational(1, 6)
    assert max(inf, 6) == inf and min(inf, 6) == 6 and min(-inf, inf) == -inf


def test_inf():
    assert str(inf) == "inf" and str(-inf) == "-inf" and parse("-17/0") == -inf
    assert inf + 1 == inf and 1 / inf == 0 and inf * -2 == -inf and inf > 10 ** 100
    assert (inf.numerator, inf.denominator) == (1, 0)


@pytest.mark.parametrize("operation, message", [
    (lambda: rational(0, 0), "/ by zero"),
    (lambda: inf - inf, "/ by zero"),
    (lambda: inf * 0, "/ by zero"),
    (lambda: inf / inf, "/ by zero"),
    (lambda: mod(3, 0), "/ by zero"),
    (lambda: math.floor(inf), "/ by zero"),
    (lambda: math.ceil(-inf), "/ by zero"),
])
def test_indeterminate_forms_are_errors(operation, message):
    with pytest.raises((IndeterminateFormError, ValueError), match=message):
        operation()


def test_inf_has_no_birthday_and_is_no_game():
    with pytest.raises(UndefinedInvariantError, match="inf has no birthday"):
        inf.birthday
    for question in ("left_stop", "is_number", "is_zero"):
        with pytest.raises(UndefinedInvariantError, match="inf is not a game"):
            getattr(inf, question)


def test_the_constructor_refuses_a_dyadic_value():
    with pytest.raises(ValueError, match="dyadic"):
        Rational(3, 4)
    assert Rational("1/3") == Rational(1, 3) == Fraction(1, 3)


def test_latex():
    assert Rational(-6, 23)._repr_latex_() == r"$-\frac{6}{23}$" and inf._repr_latex_() == r"$\infty$"
