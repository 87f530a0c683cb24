"""Atomic weight, reduced canonical form, companion and incentives (`cgt.short.atomic`).

Expected values come from CGSuite's vectors (ops ``atomic_weight``,
``is_atomic``, ``reduced_canonical_form``, ``companion``, ``incentives``,
``left_incentives``, ``right_incentives`` in ``cgsuite_vectors.json``), checked
by value and by notation, and from the theory: atomic weight is additive on
all-small games, ``rcf(G) - G`` is infinitesimal, the incentives of a sum are
dominated by the incentives of its parts.
"""

import json
import re
from fractions import Fraction as F

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from cgt import Game, NotAtomicError, engine, nimber, parse, uptimal
from cgt.short.atomic import (
    atomic_weight,
    companion,
    far_star,
    incentives,
    is_atomic,
    left_incentives,
    naive_atomic_weight,
    reduced_canonical_form,
    right_incentives,
)
from cgt.short.game import _game
from cgt.rulesets.hackenbush import ChildishHackenbush, Hackenbush
from cgt.short.printer import sort_key

from reference_data import (LATER_FEATURES, STAR, UP, ZERO, cgsuite_bool, cgsuite_set_text, cgsuite_vectors,
                            num, nus, split_cgsuite_set, sub, vector_params)

try:
    from cgt.strategies import games
except ImportError:   # pragma: no cover - the strategies module is optional here
    games = None


def is_infinitesimal(a):
    return engine.stops(a) == (0, 0)


# ---------------------------------------------------------------------------- vectors
OPS = {
    "atomic_weight": atomic_weight,
    "is_atomic": is_atomic,
    "reduced_canonical_form": reduced_canonical_form,
    "companion": companion,
    "incentives": incentives,
    "left_incentives": left_incentives,
    "right_incentives": right_incentives,
}
VECTORS = cgsuite_vectors(ops=OPS)


def render(result):
    if isinstance(result, bool):
        return cgsuite_bool(result)
    if isinstance(result, tuple):
        return cgsuite_set_text(_game(g) for g in sorted(result, key=sort_key))
    return str(_game(result))


def _ruleset_game(game):
    """The value of a CGSuite ruleset constructor ``game.<family>.<Ruleset>("...")``, by cgt's ruleset."""
    rulesets = {"ChildishHackenbush": ChildishHackenbush.parse, "Hackenbush": Hackenbush.parse}
    m = re.fullmatch(r'game\.\w+\.(\w+)\(("[^"]*")\)', game)
    if m is None or m[1] not in rulesets:
        pytest.skip(f"cgt has no ruleset constructor for {game}")
    return rulesets[m[1]](json.loads(m[2])).canonical_form


def _game_id(vector):
    game = vector["game"]
    return _ruleset_game(game)._id if game.startswith("game.") else parse(game)._id


@pytest.mark.parametrize("vector", vector_params(
    VECTORS, {k: why for k, why in LATER_FEATURES.items() if k != "game."}))
def test_cgsuite_vector(vector):
    a = _game_id(vector)
    operation = OPS[vector["op"]]
    expected = vector["expected"]
    if expected.startswith("!!"):
        with pytest.raises(NotAtomicError, match="not atomic"):
            operation(a)
        return
    result = operation(a)
    if isinstance(result, bool):
        assert result == (expected == "true") and expected in ("true", "false")
    elif isinstance(result, tuple):
        assert {_game(g) for g in result} == {parse(t) for t in split_cgsuite_set(expected)}
        assert len(result) == len(split_cgsuite_set(expected))
        assert list(result) == sorted(result, key=sort_key), "not in CGSuite's order"
    else:
        assert _game(result) == parse(expected)
    assert render(result) == expected


def test_every_op_has_vectors():
    assert {v["op"] for v in VECTORS} == set(OPS)
    assert len(VECTORS) > 90


# ---------------------------------------------------------------------------- atomic weight
def test_uptimal_weights_are_their_up_coefficient():
    assert atomic_weight(nus(0, -7, 3)) == num(-7)
    assert atomic_weight(parse("^<2>")._id) == ZERO
    assert atomic_weight(parse("^[4]*")._id) == num(1)
    assert atomic_weight(parse("vv+^<3>")._id) == num(-2)


def test_nimbers_weigh_nothing_and_numbers_are_not_atomic():
    assert atomic_weight(nimber(2**40)._id) == ZERO
    for x in (1, F(-1, 2), 10**12):
        assert not is_atomic(num(x))
        with pytest.raises(NotAtomicError, match="not atomic"):
            atomic_weight(num(x))


def test_not_atomic_is_a_value_error_naming_the_game():
    with pytest.raises(ValueError, match=r"That game is not atomic: 6\^\*"):
        atomic_weight(parse("6+^*")._id)
    g = parse("{1|^^^||^}")._id           # infinitesimal, but too far from aw(G).↑
    assert is_infinitesimal(g) and not is_atomic(g)
    with pytest.raises(NotAtomicError):
        atomic_weight(g)


def test_textbook_atomic_weights():
    # Siegel, CGT II.7: aw({0 || 0 | G}) = 0 for G <= 0 small enough (tinies), aw(^*) = 1.
    assert atomic_weight(parse("{0||0|-3/2}")._id) == ZERO
    assert atomic_weight(nus(0, 1, 1)) == num(1)
    # A Clobber-like all-small game: {0, ^* | v*}  has weight 0 by the definition.
    g = Game([0, uptimal(0, 1, 1)], [uptimal(0, -1, 1)])._id
    assert engine.number(atomic_weight(g)) == engine.number(naive_atomic_weight(g))


def _walk_far_star(a):
    """One more than the largest nimber among the followers, by walking them all."""
    seen, stack, best = {a}, [a], 0
    while stack:
        g = stack.pop()
        fp = engine.fast_path(g)
        if fp is not None and fp[0] == 0 and fp[1] == 0:
            best = max(best, fp[2])
        for h in engine.left(g) + engine.right(g):
            if h not in seen:
                seen.add(h)
                stack.append(h)
    return best + 1


def test_far_star():
    assert far_star(nus(0, 0, 8)) == 9
    assert far_star(num(F(7, 2))) == 1
    g = parse("{0,*,*2,*3,{0,*,*2,*3,*4||*4,v*5|vv*4}||*4|vv*4}")._id
    assert far_star(g) == _walk_far_star(g) >= 5


def test_far_star_of_uptimals_matches_a_walk_of_the_followers():
    for ups in range(-5, 6):
        for star in range(6):
            for x in (0, F(1, 2)):
                g = nus(x, ups, star)
                assert far_star(g) == _walk_far_star(g), (x, ups, star)


def _all_small(depth):
    """All-small games: nimbers and up-multiples, and {L | R} with both sides nonempty."""
    atoms = st.builds(lambda n, s: _game(nus(0, n, s)), st.integers(-2, 2), st.integers(0, 2))
    if depth == 0:
        return atoms
    smaller = _all_small(depth - 1)
    sides = st.lists(smaller, min_size=1, max_size=2)
    return st.one_of(atoms, st.builds(Game, sides, sides))


@settings(max_examples=60, deadline=None)
@given(_all_small(2), _all_small(2))
def test_atomic_weight_is_additive_on_all_small_games(g, h):
    assert is_atomic(g._id) and is_atomic(h._id)
    total = atomic_weight((g + h)._id)
    assert total == engine.add(atomic_weight(g._id), atomic_weight(h._id))


@settings(max_examples=40, deadline=None)
@given(_all_small(2))
def test_atomic_weight_of_the_negative_is_the_negative(g):
    assert atomic_weight((-g)._id) == engine.neg(atomic_weight(g._id))


# ---------------------------------------------------------------------------- reduced canonical form
def test_reduced_canonical_forms():
    assert reduced_canonical_form(nus(F(73, 16), -9, 8)) == num(F(73, 16))
    assert reduced_canonical_form(parse("^[4]")._id) == ZERO
    # Infinitesimal perturbations of the stops disappear.
    assert reduced_canonical_form(parse("{1|*}")._id) == parse("{1|0}")._id
    assert reduced_canonical_form(parse("{3||2*|1*}")._id) == parse("{3||2|1}")._id


def _small_games():
    if games is not None:
        return games(max_birthday=3, max_options=3)
    return _all_small(2)


@settings(max_examples=80, deadline=None)
@given(_small_games())
def test_reduced_form_is_infinitesimally_close(g):
    r = reduced_canonical_form(g._id)
    assert is_infinitesimal(sub(r, g._id))
    assert reduced_canonical_form(r) == r
    assert engine.birthday(r) <= engine.birthday(g._id)


# ---------------------------------------------------------------------------- companion
def test_companions():
    assert companion(ZERO) == STAR and companion(STAR) == ZERO
    assert companion(UP) == nus(0, 1, 1) and companion(nus(0, -1, 1)) == nus(0, -1, 0)
    assert companion(nimber(5)._id) == nimber(5)._id
    assert companion(num(10**12)) == num(10**12)
    assert companion(parse("^[3]")._id) == parse("^[3]*")._id    # CGSuite's Uptimal.Companion


def test_companion_of_numbers_follows_the_definition():
    # G° = {G^L°, 0 | G^R°} for G > 0, {G^L° | G^R°, 0} for G < 0, with 0° = *.
    for k in range(-16, 17):
        x = F(k, 4)
        if x == 0:
            continue
        g = num(x)
        lo = [companion(h) for h in engine.left(g)] + ([ZERO] if x > 0 else [])
        ro = [companion(h) for h in engine.right(g)] + ([ZERO] if x < 0 else [])
        assert companion(g) == engine.canon(lo, ro) == g


# ---------------------------------------------------------------------------- incentives
def test_incentives():
    assert incentives(nimber(8)._id) == tuple(nimber(k)._id for k in range(8, 16))
    assert left_incentives(UP) == (nus(0, -1, 0),)
    assert right_incentives(UP) == (nus(0, 1, 1),)
    assert incentives(UP) == (nus(0, 1, 1),)
    assert incentives(ZERO) == ()
    assert incentives(num(10**12)) == (num(-1),)
    assert incentives(parse("{3|-1}")._id, right=False) == (parse("{4|0}")._id,)   # 3 - {3|-1}


@settings(max_examples=80, deadline=None)
@given(_small_games(), _small_games())
def test_incentives_of_a_sum_are_dominated_by_incentives_of_the_parts(g, h):
    parts = incentives(g._id) + incentives(h._id)
    for i in incentives((g + h)._id):
        assert any(engine.le(i, p) for p in parts)


@settings(max_examples=60, deadline=None)
@given(_small_games())
def test_incentives_are_undominated_options_differences(g):
    a = g._id
    everything = {sub(x, a) for x in engine.left(a)} | {sub(a, x) for x in engine.right(a)}
    found = incentives(a)
    assert set(found) <= everything
    assert all(not engine.le(x, y) for x in found for y in found if x != y)
    assert all(any(engine.le(x, y) for y in found) for x in everything)


# ---------------------------------------------------------------------------- deep and huge games
def test_deep_games_do_not_hit_the_recursion_limit():
    g = ZERO
    for k in range(1, 1200):
        g = engine.run_deep(engine.canon, [num(k)], [g])
    assert not is_atomic(g)
    assert far_star(g) == 1
    assert engine.stops(reduced_canonical_form(g)) == engine.stops(g)
    c = companion(g)
    assert engine.birthday(c) >= engine.birthday(g)


def test_huge_values_are_arithmetic():
    assert right_incentives(num(-1823437481924)) == (num(-1),)
    assert reduced_canonical_form(num(-1823437481924)) == num(-1823437481924)
    assert atomic_weight(nus(0, 10**6, 1)) == num(10**6)
