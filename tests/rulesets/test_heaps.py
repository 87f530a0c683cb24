"""Partizan heap games: partizan joins, partizan subtraction and Partizan Euclid.

Expected values come from CGSuite's GameHeapTest.scala and from a direct
recursion on the rules, written here apart from the library's move generators.
"""

from functools import lru_cache

import pytest

from cgt import Game, nimber, parse
from cgt.impartial import Spawning, Subtraction, TakeAndBreak, kayles, nim
from cgt.rulesets import PartizanEuclid, PartizanHeapRuleset, PartizanSubtraction

# CGSuite: game.heap.PartizanSubtraction([1,3],[2,3])(6).CanonicalForm, and the same
# game written Subtraction([1,3]).PartizanJoin(Subtraction([2,3])).
CGSUITE_SUBTRACTION_6 = "{1|1,{1|0}||0,{1|0}|0|||0,{1|0}|0}"
# CGSuite: [game.heap.PartizanEuclid((8,n)).CanonicalForm for n from 0 to 8]
CGSUITE_EUCLID_ROW_8 = ["0", "0", "0", "v", "0", "0", "^", "^5", "0"]


@lru_cache(maxsize=None)
def subtraction_value(left_set, right_set, n):
    """{G(n - a) : a in left_set | G(n - b) : b in right_set}, straight from the rules."""
    return Game([subtraction_value(left_set, right_set, n - a) for a in left_set if a <= n],
                [subtraction_value(left_set, right_set, n - b) for b in right_set if b <= n])


@lru_cache(maxsize=None)
def euclid_value(p, q):
    """Left to (q, p mod q), Right to (q, q - p mod q); no move once q divides p."""
    if q == 0 or p % q == 0:
        return Game([], [])
    r = p % q
    return Game([euclid_value(q, r)], [euclid_value(q, q - r)])


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


def test_partizan_euclid_row_8_is_cgsuites():
    assert [str(PartizanEuclid(8, n).canonical_form) for n in range(9)] == CGSUITE_EUCLID_ROW_8
    assert len(PartizanEuclid(8, 8).left_moves()) == 0    # CGSuite: LeftOptions.Size is 0


def test_partizan_euclid_equals_the_recursion_on_the_rules():
    for p in range(1, 25):
        for q in range(0, 25):
            assert PartizanEuclid(p, q).canonical_form == euclid_value(p, q), (p, q)


@pytest.mark.parametrize("bad", [(-1, 2), (3, 1.5), (True, 2)])
def test_partizan_euclid_refuses_coordinates_that_are_not_natural_numbers(bad):
    with pytest.raises(ValueError, match="ints p, q >= 0"):
        PartizanEuclid(*bad)


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
