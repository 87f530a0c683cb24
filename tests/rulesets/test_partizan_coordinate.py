"""Partizan coordinate games (CGSuite's PartizanCoordinateRuleset) and Partizan Euclid.

Expected values come from CGSuite's GameHeapTest.scala and from direct
recursions on the rules, written here apart from the library's move generators.
"""

import re
from functools import lru_cache

import pytest

from cgt import Game
from cgt.impartial import CoordinateRuleset, mem, nim, wythoff
from cgt.rulesets import PartizanCoordinateRuleset, PartizanEuclid

# CGSuite: [game.heap.PartizanEuclid((8,n)).CanonicalForm for n from 0 to 8]
CGSUITE_EUCLID_ROW_8 = ["0", "0", "0", "v", "0", "0", "^", "^5", "0"]


@lru_cache(maxsize=None)
def euclid_value(p, q):
    """Left to (q, p mod q), Right to (q, q - p mod q); no move once q divides p."""
    if q == 0 or p % q == 0:
        return Game([], [])
    r = p % q
    return Game([euclid_value(q, r)], [euclid_value(q, q - r)])


def test_partizan_euclid_row_8_is_cgsuites():
    assert [str(PartizanEuclid(8, n).canonical_form) for n in range(9)] == CGSUITE_EUCLID_ROW_8
    assert len(PartizanEuclid(8, 8).left_moves()) == 0    # CGSuite: LeftOptions.Size is 0


def test_partizan_euclid_equals_the_recursion_on_the_rules():
    for p in range(1, 25):
        for q in range(0, 25):
            assert PartizanEuclid(p, q).canonical_form == euclid_value(p, q), (p, q)


@pytest.mark.parametrize("bad", [(-1, 2), (3, 1.5), (True, 2)])
def test_partizan_euclid_refuses_coordinates_that_are_not_natural_numbers(bad):
    with pytest.raises((TypeError, ValueError), match="two ints >= 0"):
        PartizanEuclid(*bad)


def test_partizan_euclid_is_a_partizan_coordinate_ruleset():
    left = CoordinateRuleset(lambda p, q: [] if q == 0 or p % q == 0 else [(q, p % q)])
    right = CoordinateRuleset(lambda p, q: [] if q == 0 or p % q == 0 else [(q, q - p % q)])
    euclid = PartizanCoordinateRuleset(left, right)
    assert [str(euclid(8, n).canonical_form) for n in range(9)] == CGSUITE_EUCLID_ROW_8
    assert issubclass(PartizanEuclid, PartizanCoordinateRuleset(PartizanEuclid._left, PartizanEuclid._right))


def test_a_partizan_coordinate_ruleset_sums_the_pieces_of_an_option():
    # Left moves as in Wythoff; Right splits (m, n) into (m - 1, n) + (0, n - 1).
    split = CoordinateRuleset(lambda m, n: [[(m - 1, n), (0, n - 1)]] if m and n else [])

    @lru_cache(maxsize=None)
    def value(m, n):
        return Game([value(*c) for (c,) in wythoff.coordinate_options((m, n))],
                    [value(m - 1, n) + value(0, n - 1)] if m and n else [])

    ruleset = PartizanCoordinateRuleset(wythoff, split)
    for m in range(5):
        for n in range(5):
            assert ruleset(m, n).canonical_form == value(m, n), (m, n)
    assert ruleset(pieces=[(1, 2), (2, 1)]).canonical_form == value(1, 2) + value(2, 1)


@pytest.mark.parametrize("build, error, message", [
    (lambda: PartizanCoordinateRuleset(nim, mem), TypeError, "Left's ruleset in a partizan coordinate ruleset"),
    (lambda: PartizanCoordinateRuleset(mem, CoordinateRuleset(lambda m, n: [(m, -1)]))(1, 1).canonical_form,
     ValueError, "a coordinate below zero"),
    (lambda: PartizanCoordinateRuleset(mem, CoordinateRuleset(lambda m, n: 3))(1, 1).canonical_form,
     TypeError, "are a collection of pairs"),
    (lambda: CoordinateRuleset(5), TypeError, "made from a function"),
])
def test_bad_coordinate_rulesets_say_what_is_wrong(build, error, message):
    with pytest.raises(error, match=re.escape(message)):
        build()
