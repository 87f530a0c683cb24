"""Heap positions (moves, winning moves, values) and subtraction games, by brute force."""

import pytest

from cgt import nimber
from cgt.impartial import Subtraction, grundy_value, grundys_game, kayles, nim


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
    assert kayles(7).value == nimber(2)
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
