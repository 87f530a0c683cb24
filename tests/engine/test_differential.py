"""The compiled engine against the pure one: the same canonical forms, sums, order and options.

Both engines run side by side in this process, each with its own tables.  A
random game expression is evaluated in each, and everything is compared
through a structural key (the fast-path triple, or the keys of the canonical
options), which does not depend on either engine's ids.
"""

from fractions import Fraction

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from cgt.engine import pure
from engine_structure import structure

compiled = pytest.importorskip("cgt.engine.compiled", reason="the compiled core is not built")


def dyadics():
    return st.builds(lambda m, k: Fraction(m, 2**k), st.integers(-40, 40), st.integers(0, 4))


leaves = st.builds(lambda x, ups, star: ("nus", x, ups, star),
                   dyadics(), st.integers(-3, 3), st.integers(0, 4))


def expressions():
    """Nested game expressions: fast-path leaves, forms ``{L | R}``, sums and negatives."""
    return st.recursive(
        leaves,
        lambda inner: st.one_of(
            st.tuples(st.just("form"), st.lists(inner, max_size=3), st.lists(inner, max_size=3)),
            st.tuples(st.just("add"), inner, inner),
            st.tuples(st.just("neg"), inner),
        ),
        max_leaves=12,
    )


def evaluate(engine, expression):
    kind = expression[0]
    if kind == "nus":
        return engine.nus(*expression[1:])
    if kind == "form":
        return engine.canon([evaluate(engine, e) for e in expression[1]],
                            [evaluate(engine, e) for e in expression[2]])
    if kind == "add":
        return engine.add(evaluate(engine, expression[1]), evaluate(engine, expression[2]))
    return engine.neg(evaluate(engine, expression[1]))


def both(expression):
    return evaluate(pure, expression), evaluate(compiled, expression)


@settings(max_examples=300, deadline=None)
@given(expressions())
def test_canonical_forms_agree(expression):
    p, c = both(expression)
    assert structure(pure, p) == structure(compiled, c)
    assert pure.birthday(p) == compiled.birthday(c)
    assert pure.stops(p) == compiled.stops(c)
    assert pure.number(p) == compiled.number(c)


@settings(max_examples=300, deadline=None)
@given(expressions(), expressions())
def test_sums_and_comparisons_agree(first, second):
    (p1, c1), (p2, c2) = both(first), both(second)
    assert pure.le(p1, p2) == compiled.le(c1, c2)
    assert pure.le(p2, p1) == compiled.le(c2, c1)
    assert structure(pure, pure.add(p1, p2)) == structure(compiled, compiled.add(c1, c2))
    difference = compiled.add(c1, compiled.neg(c2))
    assert compiled.le(c1, c2) == compiled.le(difference, compiled.ZERO)


@settings(max_examples=200, deadline=None)
@given(expressions(), st.integers(-6, 6))
def test_options_and_multiples_agree(expression, n):
    p, c = both(expression)
    for side in ("left", "right"):
        pure_options = sorted(structure(pure, g) for g in getattr(pure, side)(p))
        compiled_options = sorted(structure(compiled, g) for g in getattr(compiled, side)(c))
        assert pure_options == compiled_options
    assert structure(pure, pure.multiple(p, n)) == structure(compiled, compiled.multiple(c, n))


# ---------------------------------------------------------------- uptimals
def up_power(engine, n, memo={}):
    """↑<n> from its definition, built from forms: ↑<1> = {0|*}, ↑<n> = {0 | *-↑[n-1]}, ↑[k] = {↑[k-1] | *}."""
    key = (engine.__name__, n)
    if key not in memo:
        star = engine.nus(Fraction(0), 0, 1)
        up_to = engine.ZERO
        for _ in range(n - 1):
            up_to = engine.canon([up_to], [star])
        memo[key] = engine.canon([engine.ZERO], [engine.add(star, engine.neg(up_to))])
    return memo[key]


def build_uptimal(engine, x, digits, star):
    total = engine.nus(x, 0, star)
    for i, a in enumerate(digits, 1):
        total = engine.add(total, engine.multiple(up_power(engine, i), a))
    return total


uptimals = st.tuples(dyadics(), st.lists(st.integers(-2, 2), max_size=4), st.integers(0, 4))


@settings(max_examples=150, deadline=None)
@given(uptimals, uptimals)
def test_uptimals_held_arithmetically_agree_with_the_general_engine(first, second):
    p1, p2 = build_uptimal(pure, *first), build_uptimal(pure, *second)
    c1, c2 = build_uptimal(compiled, *first), build_uptimal(compiled, *second)
    x, digits, star = first
    while digits and digits[-1] == 0:
        digits = digits[:-1]
    assert compiled.uptimal(c1) == (x, tuple(digits), star)
    assert structure(pure, p1) == structure(compiled, c1)
    assert pure.birthday(p1) == compiled.birthday(c1)
    assert (pure.le(p1, p2), pure.le(p2, p1)) == (compiled.le(c1, c2), compiled.le(c2, c1))
    assert structure(pure, pure.add(p1, p2)) == structure(compiled, compiled.add(c1, c2))
    # Forms built from the options are recognised as the same value (one id per value).
    assert compiled.canon(compiled.left(c1), compiled.right(c1)) == c1
