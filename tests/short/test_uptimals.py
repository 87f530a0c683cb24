"""Uptimals: up-nth, ↑[n], general powers, uptimal expansions and their text.

Expected values come from CGSuite's vectors (ops ``uptimal_expansion``,
``is_uptimal``, ``pow``, ``pow_to`` in ``cgsuite_vectors.json``) and from the
definitions, built independently with ``engine.canon`` or the from-the-definition
model in ``tests/reference.py``.
"""

import itertools
import random
import re
from fractions import Fraction

import pytest

from cgt import engine
from cgt.errors import NotDyadicError
from cgt.short.uptimals import (
    UptimalExpansion,
    compact_uptimal_text,
    is_uptimal,
    pow,
    pow_to,
    up_power,
    up_power_to,
    uptimal_expansion,
    uptimal_needs_parens,
)

import reference as model
from reference_data import STAR, UP, ZERO, cgsuite_vectors, num, nus, sub

F = Fraction


# ---------------------------------------------------------------------------- vectors
_OPS = ("uptimal_expansion", "is_uptimal", "pow", "pow_to")
VECTORS = cgsuite_vectors(ops=_OPS)

# "x + *m + a*^ + b*^.Pow(2) + c*^.Pow(3) + d*^.Pow(4)" (UptimalTest.scala's sweep)
_SWEEP = re.compile(
    r"^\(?(-?\d+(?:/\d+)?)\)? \+ (0|\*\d*)"
    + "".join(rf" \+ \(?(-?\d+)\)?\*\^{p}" for p in ("", r"\.Pow\(2\)", r"\.Pow\(3\)", r"\.Pow\(4\)"))
    + "$")

_COMPACT = re.compile(r"^(-?\d+(?:/\d+)?)?([\^v]+\d*|[\^v]<\d+>|[\^v]\[\d+\])?(\*\d*)?$")


def _times(a, n):
    if n < 0:
        a, n = engine.neg(a), -n
    g = ZERO
    for _ in range(n):
        g = engine.add(g, a)
    return g


def _game_id(text):
    """The engine id of a vector's input or expected text."""
    m = _SWEEP.match(text)
    if m:
        star = m.group(2)
        g = nus(F(m.group(1)), 0, 0 if star == "0" else int(star[1:] or 1))
        for n, c in enumerate(m.group(3, 4, 5, 6), start=1):
            g = engine.add(g, _times(up_power(n), int(c)))
        return g
    from cgt.notation import parse
    return parse(text)._id


def test_the_vectors_are_there():
    assert {v["op"] for v in VECTORS} == set(_OPS)
    assert len(VECTORS) >= 100


@pytest.mark.parametrize("vector", VECTORS, ids=[v["id"] for v in VECTORS])
def test_cgsuite_vector(vector):
    op, expected = vector["op"], vector["expected"]
    g = _game_id(vector["game"])
    if op == "uptimal_expansion":
        e = uptimal_expansion(g)
        if expected.startswith("!!"):
            assert e is None
        else:
            assert str(e) == expected
            assert e.to_game() == g
    elif op == "is_uptimal":
        assert is_uptimal(g) == (expected == "true")
    else:
        function = pow if op == "pow" else pow_to
        exponent = F(vector["args"][0])
        if expected.startswith("!!"):
            with pytest.raises(ValueError) as error:
                function(g, exponent)
            assert str(error.value) == expected[2:]
            return
        result = function(g, exponent)
        if _COMPACT.match(expected):
            assert compact_uptimal_text(uptimal_expansion(result)) == expected
        else:
            assert result == _game_id(expected)


# ---------------------------------------------------------------------------- powers
def test_up_nth_2_is_0_slash_down_star():
    assert up_power(2) == engine.canon([ZERO], [nus(0, -1, 1)])


def test_up_power_1_is_up():
    assert up_power(1) == UP == up_power_to(1)


def test_up_to_4_by_hand():
    g = engine.canon([ZERO], [STAR])          # {0|*}
    for _ in range(3):
        g = engine.canon([g], [STAR])         # {0|*||*}, {0|*||*|||*}, {0|*||*|||*||||*}
    assert up_power_to(4) == g


@pytest.mark.parametrize("n", range(1, 9))
def test_up_nth_plus_down_nth_is_zero(n):
    assert engine.add(up_power(n), engine.neg(up_power(n))) == ZERO


@pytest.mark.parametrize("n", range(2, 11))
def test_up_to_n_is_up_to_n_minus_1_plus_up_nth(n):
    assert up_power_to(n) == engine.add(up_power_to(n - 1), up_power(n))


@pytest.mark.parametrize("n", range(2, 9))
def test_up_nth_definition(n):
    assert up_power(n) == engine.canon([ZERO], [sub(STAR, up_power_to(n - 1))])


def _model_id(g):
    """The engine id of a game of the from-the-definition model."""
    return engine.canon([_model_id(x) for x in g[0]], [_model_id(x) for x in g[1]])


def test_up_powers_from_the_model():
    star = model.nimber(1)
    up = model.game([model.ZERO], [star])
    to, nth = {1: up}, {1: up}
    for n in range(2, 4):
        nth[n] = model.game([model.ZERO], [model.canonical(model.add(star, model.neg(to[n - 1])))])
        to[n] = model.game([to[n - 1]], [star])
    for n in range(1, 4):
        assert up_power(n) == _model_id(nth[n])
        assert up_power_to(n) == _model_id(to[n])


def test_up_nths_are_positive_and_decreasing():
    for n in range(1, 7):
        assert engine.le(ZERO, up_power(n)) and not engine.le(up_power(n), ZERO)
        assert engine.le(up_power(n + 1), up_power(n))
        assert not engine.le(up_power(n), up_power(n + 1))


def test_large_powers_do_not_recurse():
    e = uptimal_expansion(up_power(600))
    assert e.coefficients == (0,) * 599 + (1,)
    assert uptimal_expansion(up_power_to(600)).coefficients == (1,) * 600


def _general_base():
    """Tiny(2) = {0 || 0 | -2}, a base {0|H} that is not ↑."""
    return engine.canon([ZERO], [engine.canon([ZERO], [num(-2)])])


@pytest.mark.parametrize("n", range(1, 5))
def test_general_pow_to_definition(n):
    g = _general_base()
    h = engine.right(g)[0]
    assert pow_to(g, n) == engine.canon([pow_to(g, n - 1)], [h])


@pytest.mark.parametrize("n", range(1, 5))
def test_general_pow_definition(n):
    g = _general_base()
    h = engine.right(g)[0]
    assert pow(g, n) == engine.canon([ZERO], [sub(h, pow_to(g, n - 1))])


def test_pow_zero_is_minus_h():
    g = _general_base()
    assert pow(g, 0) == engine.neg(engine.right(g)[0])
    assert pow(UP, 0) == STAR


def test_pow_to_zero_is_zero():
    assert pow_to(UP, 0) == ZERO
    assert pow_to(_general_base(), 0) == ZERO


def test_pow_to_of_up_through_the_ordinal_sum():
    # pow_to(↑, 7/4) = {↑|*,↑[2]||*,↑[2]} (CGSuite's GameTest)
    inner = engine.canon([UP], [STAR, up_power_to(2)])
    assert pow_to(UP, F(7, 4)) == engine.canon([inner], [STAR, up_power_to(2)])


def test_pow_to_accepts_any_base():
    # (+-1).PowTo(3) = {1,{1,+-1|-1}|-1}
    pm1 = engine.canon([num(1)], [num(-1)])
    inner = engine.canon([num(1), pm1], [num(-1)])
    assert pow_to(pm1, 3) == engine.canon([num(1), inner], [num(-1)])


def test_pow_needs_a_base_of_the_form_0_slash_h():
    pm1 = engine.canon([num(1)], [num(-1)])
    with pytest.raises(ValueError, match=r"base must be of the form \{0\|H\}"):
        pow(pm1, 3)
    with pytest.raises(ValueError):
        pow(num(1), 2)


def test_bad_exponents():
    with pytest.raises(ValueError):
        up_power(0)
    with pytest.raises(ValueError):
        up_power_to(-1)
    with pytest.raises(TypeError):
        up_power(True)
    with pytest.raises(TypeError):
        up_power(2.0)
    with pytest.raises(NotDyadicError):
        pow_to(UP, F(1, 3))
    with pytest.raises(ValueError):
        pow_to(UP, -1)
    with pytest.raises(ValueError):
        pow(UP, F(1, 2))


# ---------------------------------------------------------------------------- recognition
@pytest.mark.parametrize("x", [F(0), F(1), F(-5, 4), F(73, 16)])
def test_fast_path_expansions(x):
    for ups in range(-4, 5):
        for star in range(6):
            e = uptimal_expansion(nus(x, ups, star))
            assert e == UptimalExpansion(x, (ups,), star)
            assert e.coefficients == ((ups,) if ups else ())


def test_expansion_round_trip():
    for x in (F(0), F(-5, 4)):
        for star in range(3):
            for coefficients in itertools.product(range(-2, 3), repeat=3):
                e = UptimalExpansion(x, coefficients, star)
                assert uptimal_expansion(e.to_game()) == e


def test_sums_of_uptimals_add_expansions():
    rng = random.Random(4)
    for _ in range(25):
        a = UptimalExpansion(F(rng.randint(-8, 8), 4), [rng.randint(-2, 2) for _ in range(3)],
                             rng.randint(0, 3))
        b = UptimalExpansion(F(rng.randint(-8, 8), 2), [rng.randint(-2, 2) for _ in range(3)],
                             rng.randint(0, 3))
        assert uptimal_expansion(engine.add(a.to_game(), b.to_game())) == a + b
        assert uptimal_expansion(engine.neg(a.to_game())) == -a


def test_negation_of_games_negates_expansions():
    for n in range(1, 6):
        assert uptimal_expansion(engine.neg(up_power(n))) == UptimalExpansion(0, (0,) * (n - 1) + (-1,))


def test_no_false_uptimals_among_small_games():
    """Every game born by day 2, and games built from them, is an uptimal only if it round-trips."""
    born = model.games_born_by(2)
    day2 = sorted({_model_id(g) for g in born})
    rng = random.Random(11)
    games = set(day2)
    for _ in range(1500):
        games.add(engine.canon(rng.sample(day2, rng.randint(0, 3)), rng.sample(day2, rng.randint(0, 3))))
    pool = sorted(games)
    for _ in range(500):
        games.add(engine.canon(rng.sample(pool, rng.randint(0, 2)), rng.sample(pool, rng.randint(0, 2))))
    found = 0
    for g in games:
        e = uptimal_expansion(g)
        if e is not None:
            found += 1
            assert e.to_game() == g
    assert found > 20


@pytest.mark.parametrize("build", [
    lambda: engine.canon([num(1)], [engine.canon([nus(0, 2)], [UP])]),      # {1|^^||^}
    lambda: engine.canon([ZERO], [engine.canon([ZERO], [nus(0, -3)])]),      # {0||0|vvv}
    lambda: engine.canon([ZERO], [engine.canon([ZERO], [num(F(-3, 2))])]),   # {0||0|-3/2}
    lambda: engine.canon([num(1)], [num(-1)]),                                # +-1
    lambda: engine.canon([num(3)], [engine.canon([nus(2, 0, 1)], [nus(1, 0, 1)])]),
])
def test_not_uptimals(build):
    assert uptimal_expansion(build()) is None
    assert not is_uptimal(build())


def test_star_dot_12():
    # {0||0|v*} = * + ↑ + 2.↑<2>
    g = engine.canon([ZERO], [engine.canon([ZERO], [nus(0, -1, 1)])])
    assert uptimal_expansion(g) == UptimalExpansion(0, (1, 2), 1)


# ---------------------------------------------------------------------------- the expansion value
def test_expansion_trims_trailing_zeros():
    e = UptimalExpansion(1, (2, 0, 0), 0)
    assert e.coefficients == (2,) and e.length == 1
    assert e == UptimalExpansion(F(1), [2])
    assert hash(e) == hash(UptimalExpansion(F(1), [2]))
    assert e.coefficient(1) == 2 and e.coefficient(5) == 0


def test_expansion_is_immutable():
    e = UptimalExpansion(0, (1,))
    with pytest.raises(AttributeError):
        e.nimber = 3


def test_expansion_validation():
    with pytest.raises(NotDyadicError):
        UptimalExpansion(F(1, 3))
    with pytest.raises(ValueError):
        UptimalExpansion(0, (), -1)
    with pytest.raises(TypeError):
        UptimalExpansion(0, (1.5,))


@pytest.mark.parametrize("args, text", [
    ((0, (), 0), "0.0"),
    ((5, (), 0), "5.0"),
    ((0, (), 8), "*8.0"),
    ((F(9, 8), (), 1), "9/8*.0"),
    ((0, (1, 2), 1), "*.12"),
    ((0, (1, 1, 1, 1), 0), "0.1111"),
    ((0, (-1, -1, -1), 0), "0.1-1-1-"),
    ((F(-5, 4), (3, -2, 0, 1), 3), "-5/4*3.32-01"),
    ((0, (10, -35, 36), 0), "0.AZ-(36)"),
])
def test_expansion_text(args, text):
    assert str(UptimalExpansion(*args)) == text


def test_expansion_repr_rebuilds():
    for e in (UptimalExpansion(F(-5, 4), (3, -2, 0, 1), 3), UptimalExpansion(2, (), 0)):
        assert eval(repr(e), {"UptimalExpansion": UptimalExpansion, "Fraction": Fraction}) == e


def test_expansion_order_is_cgsuite_compare_to():
    # number part first, then coefficients from a1, a shorter prefix first (even
    # before a negative next coefficient, as CGSuite's compareTo), then the nimber
    ordered = [
        UptimalExpansion(-1, (5,), 0),
        UptimalExpansion(0, (), 0),
        UptimalExpansion(0, (), 3),
        UptimalExpansion(0, (-1,), 0),     # length decides before sign: () < (-1,)
        UptimalExpansion(0, (0, 1), 0),
        UptimalExpansion(0, (1,), 2),
        UptimalExpansion(0, (1, -5), 0),
        UptimalExpansion(0, (1, 1), 0),
        UptimalExpansion(0, (2,), 0),
        UptimalExpansion(F(1, 2), (-3,), 0),
    ]
    shuffled = ordered[:]
    random.Random(2).shuffle(shuffled)
    assert sorted(shuffled) == ordered
    assert sorted(shuffled, key=lambda e: e.sort_key) == ordered
    assert ordered[0] < ordered[1] <= ordered[1] and ordered[3] > ordered[1] >= ordered[1]


def test_expansion_arithmetic():
    a = UptimalExpansion(1, (1, 2), 1)
    b = UptimalExpansion(F(1, 2), (-1, -2, 3), 3)
    assert a + b == UptimalExpansion(F(3, 2), (0, 0, 3), 2)
    assert a - a == UptimalExpansion()
    assert -b == UptimalExpansion(F(-1, 2), (1, 2, -3), 3)


def test_to_game():
    assert UptimalExpansion(F(73, 16), (-9,), 8).to_game() == nus(F(73, 16), -9, 8)
    assert UptimalExpansion(0, (0, 1)).to_game() == up_power(2)
    assert UptimalExpansion(0, (1, 1, 1, 1)).to_game() == up_power_to(4)
    e = UptimalExpansion(F(3, 4), (-1, -1, -1), 1)
    assert e.to_game() == engine.add(nus(F(3, 4), 0, 1), engine.neg(up_power_to(3)))


# ---------------------------------------------------------------------------- compact text
@pytest.mark.parametrize("args, text", [
    ((0, (), 0), "0"),
    ((F(-1, 2), (), 0), "-1/2"),
    ((0, (), 8), "*8"),
    ((0, (), 1), "*"),
    ((F(9, 8), (), 1), "9/8*"),
    ((0, (1,), 0), "^"),
    ((0, (2,), 0), "^^"),
    ((0, (3,), 0), "^3"),
    ((0, (-1,), 0), "v"),
    ((0, (-2,), 0), "vv"),
    ((0, (-3,), 0), "v3"),
    ((0, (1,), 1), "^*"),
    ((6, (1,), 1), "6^*"),
    ((0, (1,), 6), "^*6"),
    ((1, (2,), 0), "1^^"),
    ((F(73, 16), (-9,), 8), "73/16v9*8"),
    ((0, (0, 1), 0), "^<2>"),
    ((0, (0, 1), 1), "^<2>*"),
    ((0, (0, 0, -1), 0), "v<3>"),
    ((0, (1, 1, 1, 1), 0), "^[4]"),
    ((F(3, 4), (-1, -1, -1), 1), "3/4v[3]*"),
    ((-2, (0, 0, 0, 0, 1), 2), "-2^<5>*2"),
])
def test_compact_text(args, text):
    assert compact_uptimal_text(UptimalExpansion(*args)) == text


@pytest.mark.parametrize("coefficients", [(1, 2), (0, 2), (1, -1), (2, 2), (0, 1, 1), (1, 0, 1)])
def test_non_compact_uptimals_have_no_compact_text(coefficients):
    assert compact_uptimal_text(UptimalExpansion(0, coefficients)) is None


@pytest.mark.parametrize("args, parens", [
    ((1, (), 1), True),        # +-(1*)
    ((0, (2,), 0), False),     # +-^^
    ((0, (1,), 1), True),      # ^*
    ((1, (1,), 0), True),      # 1^
    ((F(1, 2), (), 0), False),  # a number
    ((0, (), 8), False),       # a nimber
    ((0, (0, 1), 0), False),   # ^<2>
    ((0, (1, 1, 1), 0), False),  # ^[3]
    ((0, (0, 1), 1), True),    # ^<2>*
])
def test_parentheses_inside_a_switch(args, parens):
    assert uptimal_needs_parens(UptimalExpansion(*args)) is parens
