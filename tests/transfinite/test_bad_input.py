"""Bad input to `cgt.transfinite` is a clear error, and nothing hangs: the issue's list, with
CGSuite's messages where CGSuite has one (its GameTest.scala)."""

import pytest

from cgt import GameSyntaxError, parse
from cgt.errors import GameTooLargeError, IndeterminateFormError, NimRangeError, NotOrdinalError
from cgt.transfinite import inf, nim_product, omega, rational


def test_a_nim_product_past_the_field_is_cgsuites_range_error():
    with pytest.raises(NimRangeError, match=r"^NimProduct out of range\."):
        nim_product(omega ** omega ** omega, 2)


def test_zero_over_zero_has_no_value():
    with pytest.raises(IndeterminateFormError, match="/ by zero"):
        rational(0, 0)
    with pytest.raises(GameSyntaxError, match="/ by zero") as info:
        parse("0/0")
    assert info.value.column == 1


def test_the_nimber_of_a_generalized_ordinal_that_is_not_an_ordinal():
    with pytest.raises(GameSyntaxError, match="Nim value is not an ordinal: ω-1"):
        parse("*(omega-1)")


def test_a_ten_thousand_term_ordinal_is_refused_at_the_term_limit():
    text = " + ".join(f"omega^{k}" for k in range(10_000))
    with pytest.raises(GameSyntaxError, match="past the limit max_ordinal_terms = 1000"):
        parse(text)
    total = 0
    with pytest.raises(GameTooLargeError, match="the terms of a generalized ordinal: 1001 is past the limit "
                                                 "max_ordinal_terms = 1000"):
        for k in range(10_000):
            total = total + omega ** k
    with pytest.raises(GameTooLargeError, match="10000 is past the limit max_ordinal_terms = 1000"):
        (omega + 1) ** 10_000


def test_one_over_omega_minus_omega_is_inf_as_in_cgsuite():
    # ω - ω is the integer 0, and CGSuite's x/0 is ±inf (the sign of x): no error, no hang
    assert parse("1/(omega - omega)") == inf
    assert parse("-omega/(omega - omega)") == -inf
    with pytest.raises(GameSyntaxError, match="/ by zero"):
        parse("(omega - omega)/(omega - omega)")


def test_towers_and_huge_powers_are_bounded():
    with pytest.raises(GameSyntaxError, match="past the limit max_ordinal_height = 100"):
        parse("^".join(["omega"] * 200))
    with pytest.raises(GameSyntaxError, match="300000 is past the limit max_ordinal_power_bits = 100000"):
        parse("(omega*3)^100000")


@pytest.mark.parametrize("operation, error", [
    (lambda: omega ** 0.5, TypeError),
    (lambda: omega + "1", TypeError),
    (lambda: nim_product(omega - 1, 2), NotOrdinalError),
])
def test_wrong_types_are_type_or_value_errors(operation, error):
    with pytest.raises(error):
        operation()


@pytest.mark.parametrize("text, column", [("omega:1", 6), ("1:omega", 2), ("{0|1/3}", 4), ("*omega & 0", 8),
                                          ("Tiny(omega)", 6), ("+-(1/omega)", 1)])
def test_a_transfinite_value_in_a_short_game_construction_is_a_syntax_error(text, column):
    with pytest.raises(GameSyntaxError, match="not a short game") as info:
        parse(text)
    assert info.value.column == column
