"""Surreal numbers as quotients of generalized ordinals: a field with a total order (ONAG ch. 3).

The laws are checked on random values (`cgt.strategies.surreals`), the
facts on ONAG's and CGSuite's examples (values quoted from those sources).
"""

import copy
import pickle
from fractions import Fraction

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from cgt import Game, SurrealNumber, UndefinedInvariantError, Value, omega, parse, star, up
from cgt.strategies import surreals
from cgt.transfinite import GeneralizedOrdinal, Rational, rational

numbers = surreals()
nonzero = numbers.filter(bool)


def mul(x, y):
    """``x·y``; two number Games (which cgt does not multiply) through Fractions."""
    if isinstance(x, SurrealNumber) or isinstance(y, SurrealNumber):
        return x * y
    return rational(Fraction(x) * Fraction(y) if isinstance(x, int) else x.to_fraction() * y.to_fraction())


def div(x, y):
    """``x/y``; two number Games (or ints) through `rational`."""
    return x / y if isinstance(x, SurrealNumber) or isinstance(y, SurrealNumber) else rational(x, y)


# ---------------------------------------------------------------- a field
@given(numbers, numbers)
def test_addition_and_multiplication_commute(x, y):
    assert x + y == y + x
    assert mul(x, y) == mul(y, x)


@settings(max_examples=60)
@given(numbers, numbers, numbers)
def test_addition_and_multiplication_associate(x, y, z):
    assert (x + y) + z == x + (y + z)
    assert mul(mul(x, y), z) == mul(x, mul(y, z))


@settings(max_examples=60)
@given(numbers, numbers, numbers)
def test_multiplication_distributes_over_addition(x, y, z):
    assert mul(x, y + z) == mul(x, y) + mul(x, z)


@given(nonzero)
def test_every_nonzero_number_has_an_inverse(x):
    assert mul(x, div(1, x)) == 1
    if isinstance(x, SurrealNumber):
        assert x * x.reciprocal == 1 and x / x == 1


@given(numbers)
def test_x_minus_x_is_zero_and_negation_is_an_inverse(x):
    assert x - x == 0
    assert x + -x == 0
    assert -(-x) == x


@given(numbers, numbers)
def test_subtraction_is_adding_the_negative(x, y):
    assert x - y == x + -y


# ---------------------------------------------------------------- a total order, compatible with +
@given(numbers, numbers)
def test_the_order_is_total(x, y):
    assert [x < y, x == y, x > y].count(True) == 1
    assert (x <= y) == (not x > y)
    assert (x >= y) == (not x < y)


@given(numbers, numbers, numbers)
def test_the_order_is_compatible_with_addition(x, y, z):
    if x <= y:
        assert x + z <= y + z
    if x < y:
        assert x + z < y + z


@given(numbers, numbers)
def test_x_below_y_exactly_when_y_minus_x_is_positive(x, y):
    assert (x < y) == ((y - x) > 0)


@given(st.lists(numbers, min_size=3, max_size=6))
def test_sorting_is_transitive(xs):
    ordered = sorted(xs)
    assert all(a <= b for a, b in zip(ordered, ordered[1:]))


@given(numbers, nonzero)
def test_multiplying_by_a_positive_number_keeps_the_order(x, y):
    p = y if y > 0 else -y
    assert (mul(x, p) > 0) == (x > 0)


# ---------------------------------------------------------------- lowest terms: equal values are equal objects
@given(numbers)
def test_equal_values_hash_equally_and_read_back(x):
    y = parse(str(x))
    assert y == x and hash(y) == hash(x)


@given(nonzero, nonzero)
def test_a_quotient_is_in_lowest_terms(x, y):
    q = div(x, y)
    assert div(mul(q, y), 1) == x
    if isinstance(q, SurrealNumber) and not isinstance(q, Rational):
        # scaling numerator and denominator by the same factor changes nothing
        assert (q.numerator * (omega + 1)) / (q.denominator * (omega + 1)) == q


# ---------------------------------------------------------------- ONAG's first examples
def test_omega_minus_one_is_below_omega_and_above_every_integer():
    assert Game(10**100) < omega - 1 < omega < omega + 1


def test_one_over_omega_is_positive_and_below_every_positive_number():
    x = 1 / omega
    assert 0 < x < Fraction(1, 10**100) and x * omega == 1
    assert str(x) == "1/ω" and x.numerator == 1 and x.denominator == omega


def test_omega_over_two_lies_between_the_integers_and_omega():
    half = omega / 2
    assert Game(10**100) < half < omega - 10**100
    assert half + half == omega and str(half) == "ω/2"


def test_cgsuite_simplifies_a_quotient():
    # CGSuite's SurrealNumber help page: (ω^(ω+2) - ω^ω)/(ω - 1) is kept in lowest terms,
    # and EvalTest's "Surreal number simplification".
    assert str((omega ** (omega + 2) - omega ** omega) / (omega - 1)) == "ω^(ω+1)+ω^ω"
    assert (omega ** (omega + 1) - omega ** omega - omega + 1) / (omega - 1) == omega ** omega - 1


def test_kinds_of_results():
    assert isinstance(omega / omega, Game) and omega / omega == 1
    assert isinstance((omega * 2) / (omega * 6), Rational)
    assert isinstance((omega * 2 + 2) / 2, GeneralizedOrdinal)
    assert isinstance(1 / (omega + 1), SurrealNumber)


# ---------------------------------------------------------------- with short games and Python numbers
def test_numbers_of_every_kind_combine():
    assert omega + Game(Fraction(1, 2)) == (omega * 2 + 1) / 2
    assert Fraction(1, 3) + 1 / omega == (omega + 3) / (omega * 3)
    assert 2 * omega == omega * 2 and omega > 10**100 and omega > Fraction(7, 2)


def test_a_game_that_is_not_a_number_is_a_clear_type_error():
    for operation in (lambda: omega + up, lambda: up + omega, lambda: omega * star, lambda: 1 / omega - up):
        with pytest.raises(TypeError, match="not a number"):
            operation()
    for comparison in (lambda: omega < up, lambda: up <= 1 / omega, lambda: omega >= star):
        with pytest.raises(TypeError, match="not a number"):
            comparison()
    assert (omega == up) is False and (omega != star) is True


def test_unknown_operands_are_not_implemented():
    with pytest.raises(TypeError):
        omega + "1"
    with pytest.raises(TypeError):
        omega < 1.5
    assert omega != "ω"


def test_powers():
    assert (omega + 1) ** 2 == omega ** 2 + omega * 2 + 1
    assert (1 / omega) ** -2 == omega ** 2 and (omega - 1) ** 0 == 1
    with pytest.raises(TypeError, match="only ω is raised"):
        (omega + 1) ** omega
    with pytest.raises(TypeError):
        2 ** omega


def test_sign_abs_outcome():
    x = -1 / omega
    assert x.sign == -1 and abs(x) == 1 / omega and x.outcome == "R" and (1 / omega).outcome == "L"
    assert x.is_number and not x.is_integer and not x.is_ordinal


def test_birthday_of_a_general_quotient_is_not_known_as_in_cgsuite():
    with pytest.raises(UndefinedInvariantError, match="only for `Rational` and `GeneralizedOrdinal`"):
        (1 / omega).birthday
    assert not hasattr(1 / omega, "birthday")


# ---------------------------------------------------------------- the questions of every value (cgt.value)
def test_a_surreal_number_is_a_value_and_its_own_stop():
    x = (omega + 1) / (omega - 1)
    assert isinstance(x, Value) and x.left_stop == x.right_stop == x
    assert x.is_number and x.is_numberish and x.is_pseudonumber
    assert not (x.is_integer or x.is_nimber or x.is_zero or x.is_all_small or x.is_idempotent or x.is_finite)
    for question in ("left_options", "right_options", "is_infinitesimal", "is_stopper"):
        with pytest.raises(UndefinedInvariantError):
            getattr(x, question)


# ---------------------------------------------------------------- a value type
def test_values_are_immutable_and_copy_to_themselves():
    x = 1 / omega
    with pytest.raises(AttributeError):
        x._num = ()
    assert copy.copy(x) is x and copy.deepcopy(x) is x
    assert pickle.loads(pickle.dumps(x)) == x


def test_repr_rebuilds_and_latex():
    x = (omega ** omega + 1) / (omega + 1)
    assert repr(x) == "SurrealNumber('(ω^ω+1)/(ω+1)')" and eval(repr(x)) == x
    assert x._repr_latex_() == r"$\frac{\omega^{\omega}+1}{\omega+1}$"
    assert (-1 / omega)._repr_latex_() == r"$-\frac{1}{\omega}$"


def test_the_constructor_reads_text_of_its_own_class():
    assert SurrealNumber("1/omega") == 1 / omega
    with pytest.raises(TypeError, match="not a SurrealNumber"):
        SurrealNumber("1/2")
    with pytest.raises(TypeError):
        SurrealNumber(3)
