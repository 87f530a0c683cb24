"""The cake games (CGSuite's GenCutcake family) against their rules.

Values come from CGSuite's own tests (``lib/core/src/test/scala/org/cgsuite/lang/
GameHeapTest.scala``, "define partizan coordinate games properly") and from
``reference.cake_value``, GenCutcake's definition with heap rules written in
the model.  On random small cakes the compiled search, the Python search and
the model must agree.
"""

import re

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

import reference
from cgt import Game, engine, parse
from cgt.short.game import _game
from cgt.impartial import HeapRuleset, TakeAndBreak
from cgt.rulesets import Cutcake, Eatcake, GenCutcake, LoopyPositionError, MaundyCake, TurnAndEatcake
from cgt.rulesets.position import solve

MAUNDY = TakeAndBreak("{2+}=.0")
TWISTED_MAUNDY = GenCutcake(MAUNDY, MAUNDY, twisted=True)

# GameHeapTest.scala: (ruleset, LeftOptions.Size of (8, 8), [(8, n).CanonicalForm for n from 0 to 8]).
CGSUITE = [
    (Cutcake, 4, "[-7,-7,-3,-3,-1,-1,-1,-1,0]"),
    (MaundyCake, 3, "[-7,-7,-3,-3,-1,-3,-1,-3,0]"),
    (Eatcake, 4, "[-8,^,{^|||^*|v||0},{^^|*},{^^|*||0,{0|vv*}},{^3|^*||*},"
                 "{^3|^*||*|||0,{0,{^|0,v*}|||0|vv*||0}},{0||^^*|0|||*},*]"),
    (TurnAndEatcake, 4, "[0,v,0,v,0,v<3>,0,v,0]"),
    (TWISTED_MAUNDY, 3, "[1,1,{8|-2},{8|-3},{8|-6},{8|-5},{8|-6,{-4|-14}},{10|-7},+-12]"),
]


def _items(text):
    depth, item, items = 0, "", []
    for ch in text[1:-1]:
        depth += (ch == "{") - (ch == "}")
        if ch == "," and depth == 0:
            items.append(item)
            item = ""
        else:
            item += ch
    return items + [item]


@pytest.mark.parametrize("ruleset, left_options, row", CGSUITE, ids=[r.__name__ for r, _, _ in CGSUITE])
def test_cgsuites_row_8(ruleset, left_options, row):
    assert len(ruleset(8, 8).left_moves()) == left_options
    values = [ruleset(8, n).canonical_form for n in range(9)]
    assert [str(v) for v in values] == _items(row)
    assert values == [_game(solve(ruleset(8, n))) for n in range(9)]


# the library's heap ruleset -> the same rule in the model
HEAP_RULES = {
    "4.0": reference.split_in_two,
    "0.7": reference.eat_one,
    "{2+}=.0": reference.split_equally,
    "0.3": lambda n: [tuple(h for h in (n - 1,) if h)] if n else [],
    "0.[3]": lambda n: [tuple(h for h in (k,) if h) for k in range(n)],
}


@st.composite
def cake_rulesets(draw):
    """A GenCutcake of two heap rulesets (by code, or the same rule as a function) and its model."""
    codes = [draw(st.sampled_from(sorted(HEAP_RULES))) for _ in "LR"]
    as_function = draw(st.booleans())
    left, right = (HeapRuleset(HEAP_RULES[c]) if as_function else TakeAndBreak(c) for c in codes)
    twisted = draw(st.booleans())
    return GenCutcake(left, right, twisted), (HEAP_RULES[codes[0]], HEAP_RULES[codes[1]], twisted)


@settings(max_examples=80, deadline=None)
@given(rules=cake_rulesets(), pieces=st.lists(st.tuples(st.integers(0, 6), st.integers(0, 6)), min_size=1,
                                              max_size=3))
def test_the_compiled_and_python_searches_agree_with_the_rules(rules, pieces):
    ruleset, (left, right, twisted) = rules
    memo = {}
    # The pieces' values come from the model; their sum from the engine (sums in the model take minutes).
    expected = sum((reference.to_game(reference.cake_value(left, right, twisted, m, n, memo)) for m, n in pieces),
                   Game(0))
    position = ruleset(pieces=pieces)
    assert _game(solve(position)) == expected
    assert position.canonical_form == expected


@pytest.mark.parametrize("ruleset", [Cutcake, Eatcake, MaundyCake, TurnAndEatcake])
def test_a_cake_turned_a_quarter_is_the_negative_when_both_play_the_same_rule(ruleset):
    for m in range(7):
        for n in range(7):
            assert ruleset(n, m).canonical_form == -ruleset(m, n).canonical_form, (m, n)


def test_different_rules_break_the_symmetry():
    mixed = GenCutcake(TakeAndBreak("4.0"), TakeAndBreak("0.7"))
    assert not mixed._transpose_negates
    assert mixed(2, 3).canonical_form != -mixed(3, 2).canonical_form


def test_a_cake_is_a_pair_of_heaps_as_in_cgsuite():
    # Cutcake((0, 4)): Left still splits the heap of 4 columns (CGSuite's GenCutcake).
    assert Cutcake(0, 4).canonical_form == 3
    assert Cutcake((8, 8)) == Cutcake(8, 8) == Cutcake(pieces=[(8, 8)])
    assert repr(Cutcake(pieces=[(2, 3), (1, 1)])) == "Cutcake(pieces=((1, 1), (2, 3)))"
    assert repr(GenCutcake(TakeAndBreak("0.7"), TakeAndBreak("4.0"), twisted=True)(2, 3)) == \
        "GenCutcake(TakeAndBreak('0.7'), TakeAndBreak('4.0'), twisted=True)(2, 3)"
    assert GenCutcake(TakeAndBreak("4.0"), TakeAndBreak("4.0")) is Cutcake.__base__


def test_the_compiled_search_is_used_on_the_compiled_engine():
    for position in (Cutcake(5, 7), TurnAndEatcake(6, 3), GenCutcake(HeapRuleset(reference.eat_one), MAUNDY)(4, 4)):
        assert (position._compiled_id() is not None) == (engine.ENGINE == "compiled")


def test_options_that_grow_a_heap_are_searched_in_python():
    # A heap below 3 grows by one; 3 and above cannot move.
    grows = HeapRuleset(lambda n: [[n + 1]] if n < 3 else [])
    ruleset = GenCutcake(grows, TakeAndBreak("4.0"))
    position = ruleset(2, 1)
    assert position._compiled_id() is None
    model = reference.cake_value(lambda n: [(n + 1,)] if n < 3 else [], reference.split_in_two, False, 2, 1)
    assert position.canonical_form == reference.to_game(model)


def test_an_option_leaving_the_heap_as_it_was_is_loopy():
    stays = GenCutcake(HeapRuleset(lambda n: [[n]]), TakeAndBreak("4.0"))
    with pytest.raises(LoopyPositionError):
        stays(2, 2).canonical_form
    with pytest.raises(LoopyPositionError):
        solve(stays(2, 2))


@pytest.mark.parametrize("build, error, message", [
    (lambda: GenCutcake("4.0", TakeAndBreak("0.7")), TypeError, "Left's ruleset in GenCutcake is a heap ruleset"),
    (lambda: GenCutcake(TakeAndBreak("0.7"), None), TypeError, "Right's ruleset"),
    (lambda: GenCutcake(MAUNDY, MAUNDY, twisted="yes"), TypeError, "twisted is True or False"),
    (lambda: Cutcake(-1, 2), ValueError, "a coordinate below zero"),
    (lambda: Cutcake(1.5, 2), TypeError, "two ints >= 0"),
    (lambda: Cutcake(pieces=[(1, 2, 3)]), TypeError, "two ints >= 0"),
    (lambda: Cutcake(pieces=5), TypeError, "a collection of pairs"),
    (lambda: Cutcake(1, 2, pieces=[(1, 2)]), TypeError, "not both"),
    (lambda: GenCutcake(HeapRuleset(lambda n: 5), MAUNDY)(2, 2).canonical_form, TypeError,
     "are a collection of collections of heap sizes (ints >= 0); got 5"),
    (lambda: GenCutcake(HeapRuleset(lambda n: [[-1]]), MAUNDY)(2, 2).canonical_form, ValueError,
     "a heap below zero"),
    (lambda: GenCutcake(HeapRuleset(lambda n: [["a"]]), MAUNDY)(2, 2).canonical_form, TypeError,
     "'a' in ('a',) is not an int"),
])
def test_bad_input_says_what_is_wrong(build, error, message):
    with pytest.raises(error, match=re.escape(message)):
        build()


def test_twisted_maundy_cake_by_cake_product_is_the_same_ruleset():
    # CGSuite's TakeAndBreak("{2+}=.0").CakeProduct(TakeAndBreak("{2+}=.0"), twisted => true) is GenCutcake.
    assert GenCutcake(TakeAndBreak("{2+}=.0"), TakeAndBreak("{2+}=.0"), twisted=True) is TWISTED_MAUNDY
    assert str(TWISTED_MAUNDY(8, 8).canonical_form) == parse("+-12").__str__()
