"""Greatest common divisors of generalized ordinals, checked against SymPy's on the same polynomials.

A generalized ordinal is a polynomial in the variables ``ω^(ω^β)``
(`cgt.transfinite.polynomial`); here the variables are ``ω``, ``ω^ω`` and
``ω^(ω^2)``, random polynomials are built as dictionaries of degrees, and
SymPy (an independent implementation) computes the gcd of the same
polynomials in three symbols.
"""

import pytest
import sympy
from hypothesis import given, settings
from hypothesis import strategies as st

from cgt.errors import GameTooLargeError
from cgt.transfinite import cnf, polynomial
from cgt.transfinite.cnf import integer

# β = 2, 1, 0: the variables ω^(ω^2), ω^ω, ω, decreasing as `polynomial` orders them
VARIABLES = (integer(2), cnf.ONE, cnf.ZERO)
SYMBOLS = sympy.symbols("w2 w1 w0")

polynomials = st.dictionaries(
    st.tuples(st.integers(0, 3), st.integers(0, 3), st.integers(0, 4)),
    st.integers(-9, 9).filter(bool), min_size=1, max_size=4)
# The remainder sequence (the fallback) grows its coefficients fast: smaller polynomials for it.
small_polynomials = st.dictionaries(
    st.tuples(st.integers(0, 2), st.integers(0, 2), st.integers(0, 2)),
    st.integers(-9, 9).filter(bool), min_size=1, max_size=3)


def ordinal(poly):
    """The generalized ordinal of ``{(degree of ω^(ω^2), of ω^ω, of ω): coefficient}``."""
    return polynomial._from_polynomial(poly, VARIABLES)


def as_sympy(poly):
    return sympy.Poly(sum(c * sympy.prod(s ** d for s, d in zip(SYMBOLS, m)) for m, c in poly.items()),
                      *SYMBOLS)


def sympy_gcd(f, g):
    """SymPy's gcd of two generalized ordinals, as a Cantor normal form with a positive leading term."""
    common = sympy.gcd(as_sympy(f), as_sympy(g))
    x = ordinal({tuple(m): int(c) for m, c in common.terms()})
    return cnf.negate(x) if cnf.sign(x) < 0 else x


def positive(x):
    return cnf.negate(x) if cnf.sign(x) < 0 else x


def product(*polys):
    result = {(0, 0, 0): 1}
    for p in polys:
        out = {}
        for m, a in result.items():
            for n, b in p.items():
                key = tuple(i + j for i, j in zip(m, n))
                out[key] = out.get(key, 0) + a * b
        result = {m: c for m, c in out.items() if c}
    return result


@settings(max_examples=150)
@given(polynomials, polynomials, polynomials)
def test_the_gcd_of_two_multiples_is_sympys_gcd(a, b, c):
    f, g = product(a, c), product(b, c)
    assert positive(polynomial.gcd(ordinal(f), ordinal(g))) == sympy_gcd(f, g)


@settings(max_examples=100)
@given(small_polynomials, small_polynomials, small_polynomials)
def test_the_remainder_sequence_gives_sympys_gcd_too(a, b, c):
    # the fallback of the heuristic gcd, called directly
    f, g = product(a, c), product(b, c)
    common = polynomial._gcd(f, g, polynomial._budget())
    assert positive(ordinal(common)) == sympy_gcd(f, g)


@settings(max_examples=100)
@given(polynomials, polynomials, polynomials)
def test_lowest_terms_are_coprime_and_keep_the_ratio(a, b, c):
    f, g = product(a, c), product(b, c)
    n, d = polynomial.lowest_terms(ordinal(f), ordinal(g))
    assert positive(polynomial.gcd(n, d)) == cnf.ONE
    assert cnf.multiply(n, ordinal(g)) == cnf.multiply(d, ordinal(f))


def test_a_gcd_past_the_work_limit_is_a_clear_error(limit):
    limit("max_lowest_terms_work", 10)
    f = {(1, 2, 3): 2, (0, 1, 1): -3, (2, 0, 0): 1}
    g = {(2, 1, 0): 5, (0, 0, 1): 7, (1, 1, 1): 1}
    with pytest.raises(GameTooLargeError, match="past the limit max_lowest_terms_work = "):
        polynomial.lowest_terms(ordinal(product(f, g)), ordinal(product(f, f)))


def test_an_evaluation_point_that_is_a_root_is_passed_over():
    # ω is put to 2·min(|f|, |g|) + 29 = 31 first: f = ω^(ω+1) + ω + 1 has |f| = 1, and
    # g = (ω-31)(ω+2)(ω^ω+1) vanishes there
    f = {(0, 1, 1): 1, (0, 0, 1): 1, (0, 0, 0): 1}
    root = {(0, 0, 1): 1, (0, 0, 0): -31}
    g = product(root, {(0, 0, 1): 1, (0, 0, 0): 2}, {(0, 1, 0): 1, (0, 0, 0): 1})
    assert polynomial.gcd(ordinal(f), ordinal(g)) == cnf.ONE
    h = product(f, root)
    assert positive(polynomial.gcd(ordinal(f), ordinal(h))) == ordinal(f)


def test_the_remainder_sequence_stops_at_the_work_limit_where_coefficients_explode():
    # the heuristic gcd reduces this at once; the fallback alone would grow its coefficients past the limit
    a = {(3, 2, 4): -8, (0, 0, 0): 4, (1, 3, 0): 8, (0, 1, 2): -3}
    b = {(3, 0, 3): 1, (3, 1, 4): -5, (0, 3, 2): 5}
    c = {(0, 0, 4): -5, (0, 1, 3): -7, (3, 0, 1): -5, (2, 0, 2): -4}
    f, g = product(a, c), product(b, c)
    assert positive(polynomial.gcd(ordinal(f), ordinal(g))) == sympy_gcd(f, g)
    with pytest.raises(GameTooLargeError, match="past the limit max_lowest_terms_work = "):
        polynomial._gcd(f, g, polynomial._budget())


def test_lowest_terms_without_the_heuristic_are_those_of_the_remainder_sequence(limit):
    # no evaluation point fits in one bit, so the primitive remainder sequence finds the gcd alone
    limit("max_lowest_terms_bits", 1)
    x = cnf.add(cnf.omega_power(cnf.add(cnf.OMEGA, cnf.ONE)), integer(-1))              # ω^(ω+1) - 1
    n = cnf.multiply(cnf.add(cnf.OMEGA, integer(-1)), x)                                 # (ω-1)(ω^(ω+1)-1)
    d = cnf.add(cnf.multiply(cnf.OMEGA, cnf.OMEGA), integer(-1))                         # (ω-1)(ω+1)
    n, d = polynomial.lowest_terms(n, d)
    if cnf.sign(d) < 0:                                          # lowest terms are unique up to sign
        n, d = cnf.negate(n), cnf.negate(d)
    assert [cnf.text(n), cnf.text(d)] == ["ω^(ω+1)-1", "ω+1"]
