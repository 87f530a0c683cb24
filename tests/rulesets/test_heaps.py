"""Partizan heap games: partizan joins, partizan subtraction, take-and-break and Splittles.

Expected values come from CGSuite's GameHeapTest.scala and from a direct
recursion on the rules, written here apart from the library's move generators.
"""

import re
from functools import lru_cache

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

import reference

from cgt import Game, engine, nimber, parse
from cgt.short.game import _game
from cgt.impartial import HeapRuleset, Spawning, Splittles, Subtraction, TakeAndBreak, kayles, nim
from cgt.rulesets import PartizanHeapRuleset, PartizanSplittles, PartizanSubtraction, PartizanTakeAndBreak
from cgt.rulesets.position import solve

# CGSuite: game.heap.PartizanSubtraction([1,3],[2,3])(6).CanonicalForm, and the same
# game written Subtraction([1,3]).PartizanJoin(Subtraction([2,3])).
CGSUITE_SUBTRACTION_6 = "{1|1,{1|0}||0,{1|0}|0|||0,{1|0}|0}"


@lru_cache(maxsize=None)
def subtraction_value(left_set, right_set, n):
    """{G(n - a) : a in left_set | G(n - b) : b in right_set}, straight from the rules."""
    return Game([subtraction_value(left_set, right_set, n - a) for a in left_set if a <= n],
                [subtraction_value(left_set, right_set, n - b) for b in right_set if b <= n])


def test_partizan_subtraction_6_is_cgsuites_value():
    game = PartizanSubtraction([1, 3], [2, 3])(6)
    assert game.canonical_form == parse(CGSUITE_SUBTRACTION_6)
    assert str(game.canonical_form) == CGSUITE_SUBTRACTION_6


def test_partizan_join_of_subtraction_games_is_the_partizan_subtraction_game():
    joined = Subtraction([1, 3]).partizan_join(Subtraction([2, 3]))
    assert str(joined(6).canonical_form) == CGSUITE_SUBTRACTION_6
    assert joined == PartizanHeapRuleset(Subtraction([1, 3]), Subtraction([2, 3]))


@pytest.mark.parametrize("left_set, right_set", [((1, 3), (2, 3)), ((1,), (2,)), ((1, 2), (3,)),
                                                 ((2, 5), (1, 4))])
def test_partizan_subtraction_heaps_equal_the_recursion_on_the_rules(left_set, right_set):
    ruleset = PartizanSubtraction(left_set, right_set)
    for n in range(16):
        assert ruleset(n).canonical_form == subtraction_value(left_set, right_set, n), n


def test_a_sum_of_heaps_is_worth_the_sum_of_the_heaps():
    ruleset = PartizanSubtraction([1, 3], [2, 3])
    for sizes in [(2, 3), (1, 4, 4), (5, 2, 6)]:
        expected = sum((subtraction_value((1, 3), (2, 3), n) for n in sizes), Game(0))
        assert ruleset.heaps(*sizes).canonical_form == expected


def test_moves_replace_one_heap_by_the_heaps_of_one_option():
    position = PartizanSubtraction([1], [2]).heaps(2, 3)
    assert sorted(p.heaps for p in position.left_moves()) == [(1, 3), (2, 2)]
    assert sorted(p.heaps for p in position.right_moves()) == [(1, 2), (3,)]


def test_a_join_with_splitting_moves_adds_the_pieces():
    # Left plays Kayles (knock down 1 or 2 pins, maybe splitting the row), Right plays Nim.
    ruleset = kayles.partizan_join(nim)

    @lru_cache(maxsize=None)
    def value(n):
        left = [sum((value(k) for k in heaps), Game(0)) for heaps in kayles.heap_options(n)]
        return Game(left, [value(k) for k in range(n)])

    assert [ruleset(n).canonical_form for n in range(9)] == [value(n) for n in range(9)]


def test_a_join_of_a_ruleset_with_itself_is_the_impartial_game():
    dawson = TakeAndBreak("0.07")
    ruleset = dawson.partizan_join(dawson)
    assert [ruleset(n).canonical_form for n in range(20)] == \
        [nimber(dawson.nim_value(n)) for n in range(20)]


def test_spawning_rulesets_join_too():
    # Left turns coins as in Spawning("1-3") (a heap of n goes to the sum of heaps of an
    # option, as in the impartial game); Right takes one token.
    spawning = Spawning("1-3")
    ruleset = spawning.partizan_join(Subtraction([1]))

    @lru_cache(maxsize=None)
    def value(n):
        left = [sum((value(k) for k in heaps), Game(0)) for heaps in spawning.heap_options(n)]
        return Game(left, [value(n - 1)] if n else [])

    assert [ruleset(n).canonical_form for n in range(10)] == [value(n) for n in range(10)]


@pytest.mark.parametrize("left_set, right_set, side", [([], [1], "Left"), ([1], [0], "Right"),
                                                       ([1], ["2"], "Right")])
def test_a_bad_subtraction_set_names_the_player_whose_set_it_is(left_set, right_set, side):
    with pytest.raises(ValueError, match=f"^{side}'s set"):
        PartizanSubtraction(left_set, right_set)


def test_a_partizan_join_needs_heap_rulesets():
    with pytest.raises(TypeError, match="heap ruleset"):
        PartizanHeapRuleset(nim, "kayles")


def test_repr_rebuilds_the_position():
    position = PartizanSubtraction([1, 3], [2, 3]).heaps(4, 2)
    assert repr(position) == "PartizanSubtraction([1, 3], [2, 3]).heaps(2, 4)"
    assert repr(PartizanSubtraction([1], [2])(5)) == "PartizanSubtraction([1], [2])(5)"


# ---------------------------------------------------------------- partizan take-and-break and Splittles
def _takes(subtraction_set, split):
    """The heap options of taking ``s`` in the set, the rest left as one heap or (``split``) up to two."""
    def options(n):
        out = set()
        for s in subtraction_set:
            rest = n - s
            if rest >= 0:
                out.add(tuple(h for h in (rest,) if h))
                if split:
                    out.update((a, rest - a) for a in range(1, rest // 2 + 1))
        return sorted(out)
    return options


HEAP_RULES = {  # a library heap ruleset and its options written in the model
    "0.77": (TakeAndBreak("0.77"), _takes({1, 2}, True)),
    "4.0": (TakeAndBreak("4.0"), reference.split_in_two),
    "0.7": (TakeAndBreak("0.7"), reference.eat_one),
    "{2+}=.0": (TakeAndBreak("{2+}=.0"), reference.split_equally),
    "Splittles([1, 3])": (Splittles([1, 3]), _takes({1, 3}, True)),
    "Subtraction([2, 3])": (Subtraction([2, 3]), _takes({2, 3}, False)),
}


@settings(max_examples=60, deadline=None)
@given(left=st.sampled_from(sorted(HEAP_RULES)), right=st.sampled_from(sorted(HEAP_RULES)),
       heaps=st.lists(st.integers(0, 12), min_size=1, max_size=3))
def test_the_compiled_and_python_searches_agree_with_the_rules(left, right, heaps):
    (left_ruleset, left_model), (right_ruleset, right_model) = HEAP_RULES[left], HEAP_RULES[right]
    position = PartizanHeapRuleset(left_ruleset, right_ruleset).heaps(*heaps)
    memo = {}
    expected = sum((reference.to_game(reference.partizan_heap_value(left_model, right_model, n, memo))
                    for n in heaps), Game(0))
    assert _game(solve(position)) == expected
    assert position.canonical_form == expected
    if engine.ENGINE == "compiled":
        assert position._compiled_id() is not None


def test_partizan_take_and_break_and_splittles_are_joins():
    assert PartizanTakeAndBreak("0.77", "4.0") == PartizanHeapRuleset(TakeAndBreak("0.77"), TakeAndBreak("4.0"))
    assert PartizanSplittles([1], [2, 3]) == PartizanHeapRuleset(Splittles([1]), Splittles([2, 3]))
    assert repr(PartizanTakeAndBreak("0.77", "4.0")(3)) == "PartizanTakeAndBreak('0.77', '4.0')(3)"
    assert repr(PartizanSplittles([1], [2], allbut=True).heaps(1, 2)) == \
        "PartizanSplittles([1], [2], allbut=True).heaps(1, 2)"
    model = reference.partizan_heap_value(_takes({1}, True), _takes({2}, True), 7)
    assert PartizanSplittles([1], [2])(7).canonical_form == reference.to_game(model)


def test_a_heap_ruleset_from_a_function_plays_as_its_options_say():
    ruleset = PartizanHeapRuleset(HeapRuleset(reference.split_equally), HeapRuleset(reference.eat_one))
    model = reference.partizan_heap_value(reference.split_equally, reference.eat_one, 12)
    assert ruleset(12).canonical_form == reference.to_game(model)
    # Left adds a token to a heap of 1 to 3; Right removes a heap of 4 or more.
    growing = PartizanHeapRuleset(HeapRuleset(lambda n: [[n + 1]] if 0 < n < 4 else []),
                                  HeapRuleset(lambda n: [[]] if n >= 4 else []))
    assert growing(2)._compiled_id() is None            # a growing heap: the Python search runs
    assert [growing(n).canonical_form for n in range(1, 6)] == [2, 1, 0, -1, -1]


@pytest.mark.parametrize("build, error, message", [
    (lambda: PartizanTakeAndBreak("0.77", "x"), ValueError, "Right's code"),
    (lambda: PartizanTakeAndBreak(7, "0.7"), TypeError, "Left's code"),
    (lambda: PartizanSplittles([0], [1]), ValueError, "Left's set"),
    (lambda: PartizanSplittles([1], [1], allbut="yes"), TypeError, "allbut is True or False"),
    (lambda: PartizanSubtraction([1], [2]).heaps(-1), ValueError, "non-negative"),
])
def test_bad_partizan_heap_rulesets_say_what_is_wrong(build, error, message):
    with pytest.raises(error, match=re.escape(message)):
        build()
