"""Heap positions (moves, winning moves, values), subtraction games and Splittles, heap rulesets from
functions and joins, by brute force."""

import re

import pytest

from cgt import nimber
from cgt.impartial import (HeapRuleset, LoopyGameError, Splittles, Subtraction, TakeAndBreak, grundy_value,
                           grundys_game, kayles, nim)


def test_winning_moves_lead_to_nim_value_zero_and_are_all_found():
    position = kayles.heaps(3, 5, 7)
    winning = position.winning_moves()
    assert winning and all(grundy_value(p) == 0 for p in winning)
    assert winning == [p for p in position.moves() if grundy_value(p) == 0]


def test_p_positions_have_no_winning_move():
    assert nim.heaps(1, 2, 3).outcome == "P"
    assert nim.heaps(1, 2, 3).winning_moves() == []


def test_moves_are_distinct_resulting_positions():
    assert grundys_game.heaps(4, 4).moves() == [grundys_game.heaps(1, 3, 4)]
    assert repr(kayles.heaps(7, 3)) == "kayles.heaps(3, 7)" and repr(kayles(7)) == "kayles(7)"


def test_values_are_nimbers_and_sums_are_games():
    assert kayles(7).canonical_form == nimber(2)
    assert kayles(7) + kayles(3) == nimber(2 ^ 3)
    assert kayles(7) + nimber(2) == nimber(0)


def brute_subtraction(allowed, n):
    g = []
    for m in range(n + 1):
        seen = {g[m - k] for k in allowed(m) if k <= m}
        g.append(next(v for v in range(m + 2) if v not in seen))
    return g


@pytest.mark.parametrize("subtraction_set", [[1, 2, 3], [2, 3, 7], [1, 3, 4], [2, 5, 7], [4, 9]])
@pytest.mark.parametrize("allbut", [False, True])
def test_subtraction_games_by_brute_force(subtraction_set, allbut):
    game = Subtraction(subtraction_set, allbut=allbut)
    if allbut:
        allowed = lambda m: [k for k in range(1, m + 1) if k not in subtraction_set]
    else:
        allowed = lambda m: subtraction_set
    assert game.nim_sequence(120) == brute_subtraction(allowed, 120)


def test_subtraction_sets_must_be_positive():
    with pytest.raises(ValueError):
        Subtraction([0, 2])
    with pytest.raises(ValueError):
        Subtraction([])
    assert repr(Subtraction([3, 2], allbut=True)) == "Subtraction([2, 3], allbut=True)"


def brute_heaps(options, n):
    """``g(m) = mex{g(a1) ^ ... ^ g(ak)}`` over the options (heap tuples) of ``m``, for ``m <= n``."""
    g = []
    for m in range(n + 1):
        seen = set()
        for option in options(m):
            value = 0
            for heap in option:
                value ^= g[heap]
            seen.add(value)
        g.append(next(v for v in range(len(seen) + 1) if v not in seen))
    return g


def splittles_options(subtraction_set):
    """Take ``s`` in the set, leaving the rest as one heap or two nonempty ones."""
    def options(m):
        out = []
        for s in subtraction_set:
            rest = m - s
            if rest >= 0:
                out.append((rest,) if rest else ())
                out += [(a, rest - a) for a in range(1, rest // 2 + 1)]
        return out
    return options


@pytest.mark.parametrize("subtraction_set", [[1], [1, 2], [2, 3], [1, 4, 5], [3, 7]])
def test_splittles_by_brute_force(subtraction_set):
    assert Splittles(subtraction_set).nim_sequence(80) == brute_heaps(splittles_options(subtraction_set), 80)


def test_splittles_codes_are_cgsuites_from_subtraction_set_with_digit_7():
    assert Splittles([1, 2]).code == "0.77" and Splittles([2, 3, 7]).code == "0.0770007"
    assert Splittles([2, 3], allbut=True).code == "0.700[7]"
    assert repr(Splittles([3, 1], allbut=True)) == "Splittles([1, 3], allbut=True)"
    allbut = Splittles([2, 3], allbut=True)
    everything_else = [s for s in range(1, 61) if s not in (2, 3)]
    assert allbut.nim_sequence(60) == brute_heaps(splittles_options(everything_else), 60)


def test_a_heap_ruleset_from_a_function():
    # CGSuite's HeapRuleset example: replace a heap of n by heaps a < b with b * b < n.
    def options(n):
        return [(a, b) for b in range(n) if b * b < n for a in range(b)]

    ruleset = HeapRuleset(options, name="squares")
    assert ruleset.nim_sequence(40) == brute_heaps(options, 40)
    assert ruleset.heaps(5, 10).nim_value == ruleset.nim_value(5) ^ ruleset.nim_value(10)
    assert repr(ruleset(3)) == "squares(3)"
    assert HeapRuleset(options) == HeapRuleset(options) != HeapRuleset(lambda n: options(n))
    grundy = HeapRuleset(lambda n: [(k, n - k) for k in range(1, (n + 1) // 2)])
    assert grundy.nim_sequence(30) == grundys_game.nim_sequence(30)


def test_join_unites_the_options():
    assert kayles.join(nim).heap_options(3) == list(dict.fromkeys(kayles.heap_options(3) + nim.heap_options(3)))
    both = Subtraction([1]).join(Subtraction([2, 3]))
    assert both.nim_sequence(50) == Subtraction([1, 2, 3]).nim_sequence(50)
    assert both == Subtraction([1]).join(Subtraction([2, 3])) and repr(kayles.join(nim)) == "kayles.join(nim)"
    twice = TakeAndBreak("4.0").join(TakeAndBreak("0.7")).join(grundys_game)
    assert twice.nim_sequence(25) == brute_heaps(
        lambda m: list(dict.fromkeys(TakeAndBreak("4.0").heap_options(m) + TakeAndBreak("0.7").heap_options(m)
                                     + grundys_game.heap_options(m))), 25)


def test_a_function_returning_a_loop_is_refused():
    with pytest.raises(LoopyGameError):
        HeapRuleset(lambda n: [(n,)]).nim_value(2)


@pytest.mark.parametrize("build, error, message", [
    (lambda: HeapRuleset(5), TypeError, "made from a function of the heap size"),
    (lambda: HeapRuleset(lambda n: 7).heap_options(1), TypeError, "the options of heap 1 are a collection"),
    (lambda: HeapRuleset(lambda n: [[1.5]]).heap_options(2), TypeError, "1.5 in (1.5,) is not an int"),
    (lambda: HeapRuleset(lambda n: [[-2]]).heap_options(2), ValueError, "-2 in (-2,) is a heap below zero"),
    (lambda: HeapRuleset(lambda n: []).nim_value(-1), ValueError, "non-negative int"),
    (lambda: kayles.join("nim"), TypeError, "joins another heap ruleset"),
    (lambda: Splittles([0, 1]), ValueError, "positive ints"),
    (lambda: Splittles(3), TypeError, "a collection of positive ints"),
])
def test_bad_heap_rulesets_say_what_is_wrong(build, error, message):
    with pytest.raises(error, match=re.escape(message)):
        build()
