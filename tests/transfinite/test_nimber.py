"""Transfinite nimbers ``*α`` (ONAG ch. 6; CGSuite's TransfiniteNimber): sums are nim sums,
Conway products nim products; CGSuite's printed forms (from its GameTest.scala and the issue)."""

import pytest
from hypothesis import given

from cgt import Game, UndefinedInvariantError, Value, nimber, omega, parse, star, up
from cgt.errors import NotOrdinalError
from cgt.strategies import transfinite_nimbers
from cgt.transfinite import TransfiniteNimber, nim_product, nim_sum, transfinite_nimber


@pytest.mark.parametrize("text, printed", [
    ("*omega", "*ω"),
    ("*(omega+5)", "*(ω+5)"),
    ("*(omega*omega)", "*ω^2"),
    ("*(omega*5)", "*(ω×5)"),
    ("*(omega^omega)", "*ω^ω"),
])
def test_cgsuite_prints_it_so(text, printed):
    assert str(parse(text)) == printed


@given(transfinite_nimbers())
def test_the_printed_form_reads_back(g):
    assert parse(str(g)) == g


@given(transfinite_nimbers(), transfinite_nimbers())
def test_a_sum_of_nimbers_is_the_nimber_of_the_nim_sum(g, h):
    assert g + h == transfinite_nimber(nim_sum(g.nim_value, h.nim_value))
    assert g + g == 0 and -g == g


def test_sums_with_finite_nimbers():
    w = parse("*omega")
    assert w + star == parse("*(omega+1)") and w + nimber(5) + nimber(5) == w
    assert w + parse("*(omega+3)") == nimber(3)


def test_the_conway_product_is_the_nim_product():
    w = transfinite_nimber(omega)
    assert w.conway_product(w) == transfinite_nimber(omega ** 2)
    assert w.conway_product(transfinite_nimber(omega ** 2)) == nimber(2)        # ω^3 = 2 (ONAG)
    assert w.conway_product(nimber(7)) == transfinite_nimber(nim_product(omega, 7))


def test_invariants():
    g = parse("*(omega+5)")
    assert g.nim_value == omega + 5 and g.birthday == omega + 5 and g.outcome == "N"
    assert g.is_nimber and not g.is_number and g != Game(0)


def test_only_nimbers_combine_with_a_transfinite_nimber():
    w = parse("*omega")
    for operation in (lambda: w + up, lambda: w + 1, lambda: w + omega, lambda: w.conway_product(up)):
        with pytest.raises(TypeError, match="not a nimber"):
            operation()


def test_the_nim_value_must_be_an_ordinal():
    with pytest.raises(NotOrdinalError, match="Nim value is not an ordinal: ω-1"):
        transfinite_nimber(omega - 1)
    with pytest.raises(NotOrdinalError, match="negative"):
        transfinite_nimber(-3)
    with pytest.raises(TypeError):
        TransfiniteNimber(omega)


def test_a_transfinite_nimber_answers_the_questions_of_every_value():
    # the stops of *α are 0 (a move to *0 = 0), so it is an infinitesimal, and all-small
    g = parse("*omega")
    assert isinstance(g, Value) and g.left_stop == 0 and g.right_stop == 0
    assert g.is_infinitesimal and g.is_numberish and g.is_all_small and g.is_nimber
    assert not (g.is_number or g.is_zero or g.is_ordinal or g.is_idempotent or g.is_finite)
    with pytest.raises(UndefinedInvariantError):
        g.left_options


def test_latex_and_value_type():
    assert parse("*(omega+5)")._repr_latex_() == r"$\ast(\omega+5)$"
    assert parse("*omega")._repr_latex_() == r"$\ast\omega$"
    assert hash(parse("*omega")) == hash(transfinite_nimber(omega))
