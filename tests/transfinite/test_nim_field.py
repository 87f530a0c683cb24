"""The ordinals below ω^(ω^ω) are a field under nim arithmetic (ONAG ch. 6; Lenstra 1977).

The laws are checked on random ordinals (`cgt.strategies.ordinals`); the finite
nim product against its mex definition computed here; transfinite products
against the integer nim product of their coefficients; and ONAG's facts
``ω^3 = 2``, ``(ω^ω)^5 = 4``, ``(ω^(ω^2))^7 = ω + 1``.
"""

import itertools

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from cgt import Game
from cgt.errors import GameTooLargeError, NimRangeError, NotOrdinalError
from cgt.strategies import ordinals
from cgt.transfinite import nim_div, nim_exp, nim_inverse, nim_product, nim_sum, omega

below = ordinals(max_height=2, max_terms=3, max_coefficient=6)      # below ω^(ω^ω)
# Inverses of ordinals high in the field are dense (thousands of terms): smaller ones for those.
small = ordinals(max_height=2, max_terms=2, max_coefficient=3)
nonzero = small.filter(lambda x: x != 0)


# ---------------------------------------------------------------- a field of characteristic 2
@given(below, below, below)
def test_nim_sum_is_an_abelian_group_of_exponent_two(x, y, z):
    assert nim_sum(x, y) == nim_sum(y, x)
    assert nim_sum(nim_sum(x, y), z) == nim_sum(x, nim_sum(y, z))
    assert nim_sum(x, 0) == x and nim_sum(x, x) == 0


@settings(max_examples=60)
@given(below, below, below)
def test_nim_product_commutes_and_associates(x, y, z):
    assert nim_product(x, y) == nim_product(y, x)
    assert nim_product(nim_product(x, y), z) == nim_product(x, nim_product(y, z))
    assert nim_product(x, 1) == x and nim_product(x, 0) == 0


@settings(max_examples=60)
@given(below, below, below)
def test_nim_product_distributes_over_nim_sum(x, y, z):
    assert nim_product(x, nim_sum(y, z)) == nim_sum(nim_product(x, y), nim_product(x, z))


@given(nonzero)
def test_every_nonzero_ordinal_has_a_nim_inverse(x):
    assert nim_product(x, nim_inverse(x)) == 1


@settings(max_examples=60)
@given(small, nonzero)
def test_nim_division_undoes_nim_product(x, y):
    assert nim_div(nim_product(x, y), y) == x


@settings(max_examples=60)
@given(below, st.integers(0, 12), st.integers(0, 12))
def test_nim_powers_add_exponents(x, m, n):
    assert nim_exp(x, m + n) == nim_product(nim_exp(x, m), nim_exp(x, n))
    assert nim_exp(x, 0) == 1 and nim_exp(x, 1) == x


# ---------------------------------------------------------------- against the integer nim product
def _mex_products(n):
    """``a ⊗ b`` for ``a, b < n`` from the definition: mex of ``a'⊗b ⊕ a⊗b' ⊕ a'⊗b'``."""
    table = [[0] * n for _ in range(n)]
    for a, b in itertools.product(range(n), repeat=2):
        seen = {table[i][b] ^ table[a][j] ^ table[i][j] for i in range(a) for j in range(b)}
        table[a][b] = next(k for k in itertools.count() if k not in seen)
    return table


def test_finite_nim_products_are_the_mex_definition():
    table = _mex_products(32)
    assert all(nim_product(a, b) == table[a][b] for a in range(32) for b in range(32))
    assert all(nim_product(Game(a), Game(b)) == table[a][b] for a in (3, 7, 13) for b in (5, 30))


exponents = st.tuples(st.integers(0, 4), st.integers(0, 8)).map(lambda t: omega ** t[0] * t[1] if t[0] else t[1])


@given(exponents, exponents, st.integers(1, 2 ** 64), st.integers(1, 2 ** 64))
def test_a_transfinite_product_scales_by_the_integer_nim_product(i, j, a, b):
    # ω^i·a ⊗ ω^j·b = (ω^i ⊗ ω^j) ⊗ (a ⊗ b): the coefficients multiply as finite nimbers
    x, y = omega ** i * a, omega ** j * b
    assert nim_product(x, y) == nim_product(nim_product(omega ** i, omega ** j), nim_product(a, b))


# ---------------------------------------------------------------- ONAG's and Lenstra's facts
def test_omega_is_the_cube_root_of_two():
    assert nim_exp(omega, 3) == 2


def test_omega_to_the_omega_is_a_fifth_root_of_four():
    assert nim_exp(omega ** omega, 5) == 4


def test_omega_to_the_omega_squared_is_a_seventh_root_of_omega_plus_one():
    assert nim_exp(omega ** omega ** 2, 7) == omega + 1


def test_lenstras_example():
    assert nim_exp(omega ** omega ** 13, 47) == omega ** omega ** 7 + 1


def test_the_ordinals_below_omega_cubed_with_coefficients_below_four_are_the_field_of_64():
    # F_4(ω) with ω^3 = 2: 64 elements, closed under nim arithmetic, every nonzero x has x^63 = 1
    elements = [omega ** 2 * c + omega * b + a if b or c else a
                for a, b, c in itertools.product(range(4), repeat=3)]
    assert all(nim_exp(x, 63) == 1 for x in elements if x != 0)
    members = set(elements)
    assert all(nim_product(x, y) in members and nim_sum(x, y) in members for x in elements for y in elements)


# ---------------------------------------------------------------- errors
def test_a_product_past_the_known_field_is_cgsuites_range_error():
    for x, y in [(omega ** omega ** omega, 2), (omega ** omega ** 54, omega), (omega ** (omega ** omega + 1), 3)]:
        with pytest.raises(NimRangeError, match=r"^NimProduct out of range\."):
            nim_product(x, y)
    with pytest.raises(NimRangeError, match=r"^NimProduct out of range\."):
        nim_inverse(omega ** omega ** omega)


def test_nim_arithmetic_needs_ordinals():
    with pytest.raises(NotOrdinalError, match="NimSum applies only to ordinals"):
        nim_sum(omega - 1, 2)
    with pytest.raises(NotOrdinalError, match="nonnegative integers"):
        nim_product(-1, 3)
    with pytest.raises(NotOrdinalError, match="positive integers"):
        nim_inverse(0)
    with pytest.raises(ValueError, match="nonnegative integer"):
        nim_exp(omega, -1)
    with pytest.raises(TypeError, match="ordinals"):
        nim_product(1 / omega, 2)


def test_an_operation_past_the_work_limit_is_a_clear_error(limit):
    # a dense inverse: with the default limit, 0.7 s of work before the same error
    limit("max_nim_field_work", 20_000)
    with pytest.raises(GameTooLargeError, match="the term products of NimInverse: more than 20000 is past the "
                                                "limit max_nim_field_work = 20000"):
        nim_inverse(omega ** (omega ** 4 + omega ** 3 * 4) + omega ** (omega ** 3 * 4 + omega ** 2 * 2 + 3) * 4 + 3)
