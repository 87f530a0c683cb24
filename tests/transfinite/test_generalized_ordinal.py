"""Generalized ordinals ``ω^α₁·c₁ + ...`` (ONAG ch. 3; CGSuite's GeneralizedOrdinal): arithmetic,
order, birthdays, CGSuite's printed forms (quoted from CGSuite and the issue's examples), LaTeX."""

import pytest
from hypothesis import given

from cgt import Game, parse
from cgt.strategies import generalized_ordinals, ordinals
from cgt.transfinite import GeneralizedOrdinal, omega, omega_power

values = generalized_ordinals()


def lift(x):
    """An integer Game as an int (Games do not multiply; ints and GeneralizedOrdinals do)."""
    return int(x.to_fraction()) if isinstance(x, Game) else x


# ---------------------------------------------------------------- CGSuite's printed forms
@pytest.mark.parametrize("text, printed", [
    ("omega", "ω"),
    ("ω", "ω"),
    ("omega - 5", "ω-5"),
    ("-omega + 5", "-ω+5"),
    ("omega*3", "ω×3"),
    ("omega^omega^2", "ω^ω^2"),
    ("omega^(omega^2+omega) - 9*omega^20 + 3*omega", "ω^(ω^2+ω)-ω^20×9+ω×3"),
    ("omega^omega - 5*omega^19 + 1", "ω^ω-ω^19×5+1"),
    ("(omega^(omega+1) - omega^omega - omega + 1)/(omega - 1)", "ω^ω-1"),
    ("omega^(omega+1)*2", "ω^(ω+1)×2"),
])
def test_cgsuite_prints_it_so(text, printed):
    x = parse(text)
    assert isinstance(x, GeneralizedOrdinal) and str(x) == printed


@given(values)
def test_the_printed_form_reads_back(x):
    assert parse(str(x)) == x


@given(values)
def test_repr_rebuilds(x):
    if isinstance(x, GeneralizedOrdinal):
        assert eval(repr(x)) == x


# ---------------------------------------------------------------- arithmetic: the natural sum and product
@given(values, values, values)
def test_the_generalized_ordinals_are_a_commutative_ring(x, y, z):
    x, y, z = lift(x), lift(y), lift(z)
    assert x + y == y + x and x * y == y * x
    assert (x + y) + z == x + (y + z) and (x * y) * z == x * (y * z)
    assert x * (y + z) == x * y + x * z


def test_sums_and_products_are_natural_not_ordinal():
    # in ordinal arithmetic 1 + ω = ω and 2·ω = ω; in the surreal numbers they differ
    assert 1 + omega == omega + 1 != omega
    assert 2 * omega == omega * 2 != omega
    assert (omega + 1) * (omega - 1) == omega ** 2 - 1


def test_a_difference_of_equal_ordinals_is_the_game_zero():
    assert (omega + 5) - omega == 5 and isinstance((omega + 5) - omega, Game)
    assert isinstance(omega - omega, Game) and omega - omega == 0


def test_omega_to_a_negative_or_generalized_power_is_a_quotient():
    assert omega ** -1 == 1 / omega
    assert omega_power(2 - omega) == omega ** 2 / omega ** omega
    assert omega_power(omega + 1) == omega ** omega * omega


# ---------------------------------------------------------------- order, birthday, is_ordinal
@given(ordinals(), ordinals())
def test_ordinals_compare_by_their_cantor_normal_forms(x, y):
    assert (x < y) == (y - x > 0)


def test_omega_is_above_every_integer_and_its_powers_climb():
    assert omega > 10 ** 1000 and omega ** 2 > omega * 10 ** 1000
    assert omega ** omega > omega ** 1000 and -omega < -(10 ** 1000)


@pytest.mark.parametrize("text, birthday, is_ordinal", [
    # CGSuite's GameTest.scala: the birthday of a generalized ordinal adds its terms' sizes
    ("omega", "ω", True),
    ("omega+5", "ω+5", True),
    ("omega-5", "ω+5", False),
    ("-omega+5", "ω+5", False),
    ("omega*5", "ω×5", True),
    ("omega^omega-5*omega^19+omega^2+1", "ω^ω+ω^19×5+ω^2+1", False),
])
def test_birthday_and_is_ordinal(text, birthday, is_ordinal):
    x = parse(text)
    assert str(x.birthday) == birthday and x.is_ordinal is is_ordinal


def test_sign_abs_and_outcome():
    x = 5 - omega
    assert x.sign == -1 and abs(x) == omega - 5 and x.outcome == "R" and omega.outcome == "L"


def test_terms_are_the_cantor_normal_form():
    assert (omega ** omega * 3 - omega + 2).terms == ((omega, 3), (1, -1), (0, 2))


# ---------------------------------------------------------------- a value type
def test_latex():
    assert (omega ** (omega + 1) * 3 + 1)._repr_latex_() == r"$\omega^{\omega+1}\cdot 3+1$"
    assert (omega - 5)._repr_latex_() == r"$\omega-5$"


def test_equal_values_hash_alike_and_are_immutable():
    assert hash(omega + 1) == hash(1 + omega) and len({omega + 1, 1 + omega, omega}) == 2
    with pytest.raises(AttributeError):
        omega._num = ()


def test_the_constructor_reads_its_own_class_only():
    assert GeneralizedOrdinal("ω^ω-ω^19×5+1") == omega ** omega - omega ** 19 * 5 + 1
    with pytest.raises(TypeError, match="not a GeneralizedOrdinal"):
        GeneralizedOrdinal("1/omega")
