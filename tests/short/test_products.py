"""Ordinal sums, Norton and Conway products and the other compounds (`cgt.short.products`).

Expected values come from CGSuite: the harvested vectors (ops ``ordinal_sum``,
``norton_product``, ``conway_product``, ``ordinal_product``, ``selective_sum``,
``conjunctive_sum`` in ``cgsuite_vectors.json``) and the remaining instances of
CGSuite's ``CompoundGameTestCase.scala``; from the definitions, computed with
the from-the-definition model in ``tests/reference.py``; and from the algebra
(numbers multiply, nimbers nim-multiply, Norton multiplication is additive).
"""

from fractions import Fraction as F
from functools import lru_cache

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from cgt import Game, engine, nimber, parse
from cgt.short.game import _game
from cgt.impartial.misere import MisereGame
from cgt.nimbers import nim_product
from cgt.short.products import (
    conjunctive_sum,
    conway_product,
    norton_product,
    ordinal_product,
    ordinal_sum,
    selective_sum,
)

import reference as model
from reference_data import LATER_FEATURES, STAR, UP, ZERO, cgsuite_vectors, num, nus, vector_params

try:
    from cgt.strategies import games
except ImportError:   # pragma: no cover - the strategies module is optional here
    games = None


def text(a):
    return str(_game(a))


# ---------------------------------------------------------------------------- vectors
OPS = {
    "ordinal_sum": ordinal_sum,
    "norton_product": norton_product,
    "conway_product": conway_product,
    "ordinal_product": ordinal_product,
    "selective_sum": selective_sum,
    "conjunctive_sum": conjunctive_sum,
}
VECTORS = cgsuite_vectors(ops=OPS)


# The compounds depend on the form, so explicit forms '{...}' are passed as forms (never replaced
# by their canonical forms), and so are misère games *[...], which CGSuite reads as impartial
# forms {G' | G'} over their (misère canonical) options.  Vectors naming other features outside
# this module's scope are skipped (never by id).
FEATURES_ELSEWHERE = {k: why for k, why in LATER_FEATURES.items() if k not in ("'{", "*[")}


def operand(text):
    """A vector's operand as the compounds take it: an engine id, or a form."""
    if text.startswith("*["):
        return MisereGame(text)
    game = parse(text)
    return game._id if isinstance(game, Game) else game


@pytest.mark.parametrize("vector", vector_params(VECTORS, FEATURES_ELSEWHERE))
def test_cgsuite_vector(vector):
    a = operand(vector["game"])
    b = operand(vector["args"][0])
    result = OPS[vector["op"]](a, b)
    assert _game(result) == parse(vector["expected"])
    assert text(result) == vector["expected"]


def test_every_op_with_vectors_is_covered():
    assert {v["op"] for v in VECTORS} >= {"ordinal_sum", "norton_product", "conway_product",
                                           "selective_sum", "conjunctive_sum"}


# The instances of CGSuite's CompoundGameTestCase.scala on canonical games
# (g, h, conjunctive sum, Conway product, ordinal product, ordinal sum, selective sum).
COMPOUND_CASES = [
    ("1/2", "1/4", "1/2", "1/8", "11/32", "9/16", "3/4"),
    ("*5", "*6", "*5", "*8", "*30", "*11", "*8"),
    ("+-1", "^^", "{0|-1}", "+-^^", "+-1", "{1,+-1|-1,{1,+-1,+-{1,+-1}|-1,+-1}}", "{1^^|-1}"),
    ("{1|0}", "0", "0", "0", "0", "{1|0}", "{1|0}"),
]


@pytest.mark.parametrize("case", COMPOUND_CASES, ids=lambda c: f"{c[0]} with {c[1]}")
def test_cgsuite_compound_game_cases(case):
    g, h, *expected = case
    a, b = parse(g)._id, parse(h)._id
    operations = (conjunctive_sum, conway_product, ordinal_product, ordinal_sum, selective_sum)
    assert [text(op(a, b)) for op in operations] == expected


# ---------------------------------------------------------------------------- the definitions, on the model
DAY2 = sorted(model.games_born_by(2), key=repr)


def _model_pairs():
    return [(g, h) for g in DAY2 for h in DAY2]


@lru_cache(maxsize=None)
def model_ordinal_sum(g, h):
    left = set(g[0]) | {model_ordinal_sum(g, x) for x in h[0]}
    right = set(g[1]) | {model_ordinal_sum(g, x) for x in h[1]}
    return model.canonical((frozenset(left), frozenset(right)))


@lru_cache(maxsize=None)
def model_conway(g, h):
    def term(gx, hx):
        return model.add(model.add(model_conway(gx, h), model_conway(g, hx)), model.neg(model_conway(gx, hx)))

    left = {term(x, y) for x in g[0] for y in h[0]} | {term(x, y) for x in g[1] for y in h[1]}
    right = {term(x, y) for x in g[0] for y in h[1]} | {term(x, y) for x in g[1] for y in h[0]}
    return model.canonical((frozenset(left), frozenset(right)))


@lru_cache(maxsize=None)
def model_conjunctive(g, h):
    left = {model_conjunctive(x, y) for x in g[0] for y in h[0]}
    right = {model_conjunctive(x, y) for x in g[1] for y in h[1]}
    return model.canonical((frozenset(left), frozenset(right)))


@pytest.mark.parametrize("name, ours, theirs", [
    ("ordinal sum", ordinal_sum, model_ordinal_sum),
    ("Conway product", conway_product, model_conway),
    ("conjunctive sum", conjunctive_sum, model_conjunctive),
])
def test_compounds_match_the_definition_on_day_two(name, ours, theirs):
    for g, h in _model_pairs():
        expected = model.to_game(theirs(g, h))
        got = _game(ours(model.to_game(g)._id, model.to_game(h)._id))
        assert got == expected, (name, model.to_game(g), model.to_game(h))


# ---------------------------------------------------------------------------- ordinal sum
def _small_games():
    if games is not None:
        return games(max_birthday=3, max_options=3)
    dyadic = st.builds(lambda k, m: Game(F(m, 2 ** k)), st.integers(0, 2), st.integers(-8, 8))
    return st.one_of(dyadic, st.builds(nimber, st.integers(0, 4)))


@settings(max_examples=80, deadline=None)
@given(_small_games())
def test_ordinal_sum_with_zero_is_the_game(g):
    assert ordinal_sum(g._id, ZERO) == g._id
    assert ordinal_sum(ZERO, g._id) == g._id


def test_ordinal_sums_of_nimbers_and_numbers():
    assert ordinal_sum(nimber(5)._id, nimber(6)._id) == nimber(11)._id
    assert ordinal_sum(nus(F(3, 2), 0, 2), nimber(3)._id) == nus(F(3, 2), 0, 5)
    assert ordinal_sum(STAR, num(1)) == nus(0, 1, 1)                 # * : 1 = {0, * | 0}
    expected = model.to_game(model_ordinal_sum(model.nimber(1), model.integer(3)))
    assert ordinal_sum(STAR, num(3)) == expected._id
    assert ordinal_sum(num(1), num(-1)) == num(F(1, 2))


def test_ordinal_sum_over_a_deep_game():
    g = ZERO
    for k in range(1, 1200):
        g = engine.run_deep(engine.canon, [num(k)], [g])
    s = ordinal_sum(STAR, g)
    assert engine.birthday(s) == engine.birthday(g) + 1


# ---------------------------------------------------------------------------- Norton product
def test_norton_product_of_integers_is_repeated_sum():
    assert norton_product(num(10**6), UP) == nus(0, 10**6, 0)
    assert norton_product(num(-3), nus(0, 2, 1)) == nus(0, -6, 1)
    assert norton_product(ZERO, UP) == ZERO
    switch = parse("{2|1}")._id
    assert norton_product(num(2), switch) == engine.add(switch, switch) == num(3)


def test_norton_product_by_up():
    assert text(norton_product(num(F(1, 2)), UP)) == "{^^*|v*}"


UNITS = ["^", "1", "^^*", "{2|1}", "^<2>"]


@settings(max_examples=60, deadline=None)
@given(_small_games(), _small_games(), st.sampled_from(UNITS))
def test_norton_product_is_additive(g, h, unit):
    u = parse(unit)._id
    lhs = norton_product((g + h)._id, u)
    assert lhs == engine.add(norton_product(g._id, u), norton_product(h._id, u))


@settings(max_examples=60, deadline=None)
@given(_small_games(), st.sampled_from(UNITS))
def test_norton_product_preserves_order_against_zero(g, unit):
    u = parse(unit)._id
    product = norton_product(g._id, u)
    assert engine.le(ZERO, product) == engine.le(ZERO, g._id)
    assert engine.le(product, ZERO) == engine.le(g._id, ZERO)


@pytest.mark.parametrize("unit", ["0", "*", "-1", "v", "+-1", "*2"])
def test_norton_product_by_a_non_positive_unit_is_refused(unit):
    with pytest.raises(ValueError, match="positive"):
        norton_product(num(F(1, 2)), parse(unit)._id)


@pytest.mark.parametrize("unit", ["^", None, -5, 10**12, True, 1.5])
def test_norton_product_by_a_non_game_is_refused(unit):
    with pytest.raises(ValueError, match="must be a game"):
        norton_product(num(3), unit)


# ---------------------------------------------------------------------------- Conway product
@settings(max_examples=60, deadline=None)
@given(st.integers(-16, 16), st.integers(0, 3), st.integers(-16, 16), st.integers(0, 3))
def test_conway_product_of_numbers_is_their_product(m, j, n, k):
    x, y = F(m, 2 ** j), F(n, 2 ** k)
    assert conway_product(num(x), num(y)) == num(x * y)


@settings(max_examples=60, deadline=None)
@given(st.integers(0, 2**20), st.integers(0, 2**20))
def test_conway_product_of_nimbers_is_the_nim_product(m, n):
    assert conway_product(nimber(m)._id, nimber(n)._id) == nimber(nim_product(m, n))._id


def test_conway_products():
    assert text(conway_product(num(15), parse("^^*2")._id)) == "^30*2"
    assert text(conway_product(parse("{3|1}")._id, parse("^^")._id)) == "{^6|^^}"
    assert conway_product(num(1), parse("{3|1}")._id) == parse("{3|1}")._id
    assert conway_product(num(-1), parse("{3|1}")._id) == parse("{-1|-3}")._id


@settings(max_examples=40, deadline=None)
@given(_small_games(), _small_games())
def test_conway_product_is_commutative(g, h):
    assert conway_product(g._id, h._id) == conway_product(h._id, g._id)


# ---------------------------------------------------------------------------- selective and conjunctive sums
def test_selective_sum_moves_in_one_or_both_components():
    # CGSuite's SelectiveSum: {G^L + H, G + H^L, G^L ∧ H^L | ...}.
    g, h = parse("{1|-1}")._id, parse("^^")._id
    lo = [engine.add(parse("1")._id, h), engine.add(g, ZERO), conjunctive_sum(parse("1")._id, ZERO)]
    ro = [engine.add(parse("-1")._id, h), engine.add(g, parse("^*")._id),
          conjunctive_sum(parse("-1")._id, parse("^*")._id)]
    assert selective_sum(g, h) == engine.canon(lo, ro)
    assert selective_sum(g, ZERO) == g == selective_sum(ZERO, g)


@settings(max_examples=40, deadline=None)
@given(_small_games(), _small_games())
def test_selective_and_conjunctive_sums_are_commutative(g, h):
    assert selective_sum(g._id, h._id) == selective_sum(h._id, g._id)
    assert conjunctive_sum(g._id, h._id) == conjunctive_sum(h._id, g._id)


def test_conjunctive_sum_ends_when_a_component_ends():
    assert conjunctive_sum(parse("{1|0}")._id, ZERO) == ZERO
    assert conjunctive_sum(nimber(5)._id, nimber(6)._id) == nimber(5)._id   # *a ∧ *b = *min(a, b)
    assert conjunctive_sum(num(5), num(3)) == num(3)
