"""Fox and Geese: the rules as CGSuite states them, checked on small boards by hand.

CGSuite's values (4 geese on row 4, the board 10 wide, the values table of 4
geese on row 3) run in tests/test_loopy_vectors.py.
"""

import pytest

from cgt import GameTooLargeError
from cgt.loopy import off
from cgt.rulesets import FoxAndGeese, LoopyPositionError


def test_a_goose_steps_diagonally_down_onto_a_free_square_only():
    position = FoxAndGeese([(3, 1), (3, 3)], (2, 4), board_width=4)
    # (3,1) can only go to (2,2); (3,3) to (2,2) (free) but not (2,4) (the fox is there).
    assert sorted(sorted(p.geese) for p in position.left_moves()) == [[(2, 2), (3, 1)], [(2, 2), (3, 3)]]


def test_the_fox_steps_diagonally_any_way_but_never_onto_or_over_a_goose():
    position = FoxAndGeese([(4, 2)], (2, 2), board_width=4, fox_range=2)
    # Up-left: (3,1), then off the board.  Up-right: (3,3), (4,4).  Down-left: (1,1).  Down-right: (1,3).
    assert sorted(p.fox for p in position.right_moves()) == [(1, 1), (1, 3), (3, 1), (3, 3), (4, 4)]
    blocked = FoxAndGeese([(3, 3), (5, 5)], (2, 2), board_width=6, fox_range=3)
    assert (4, 4) not in [p.fox for p in blocked.right_moves()]      # no jumping over (3, 3)


def test_a_fox_past_the_geese_is_worth_off():
    assert FoxAndGeese([(3, 1), (3, 3)], (3, 5), board_width=6).game_value() == off
    # One row below the geese with a free square above: escaped too.
    assert FoxAndGeese([(3, 1)], (2, 4), board_width=6).game_value() == off


def test_a_trapped_fox_with_no_goose_move_is_zero():
    # The fox in the corner (1,1) under geese at (2,2): neither side can move.
    position = FoxAndGeese([(2, 2), (3, 1)], (1, 1), board_width=2)
    assert position.left_moves() == [] and position.right_moves() == []
    assert position.game_value() == 0


def test_canonical_form_of_a_loopy_position_says_to_use_game_value():
    with pytest.raises(LoopyPositionError, match="try `game_value`"):
        FoxAndGeese([(3, 1), (3, 3), (3, 5), (3, 7)], (1, 1)).canonical_form


def test_game_value_stops_at_max_positions():
    with pytest.raises(GameTooLargeError, match="more than 10 positions"):
        FoxAndGeese([(4, 2), (4, 4), (4, 6), (4, 8)], (1, 1)).game_value(max_positions=10)


@pytest.mark.parametrize("geese, fox, message", [
    ([(2, 5)], (1, 1), "Every element of `geese`"),
    ([(0, 2)], (1, 1), "Every element of `geese`"),
    ([(2, 10)], (1, 1), "Every element of `geese`"),
    (["ab"], (1, 1), "Every element of `geese`"),
    ([(2, 2)], (1, 2), "`fox` must be"),
    ([(2, 2)], (2, 2), "both on"),
    ([], (1, 1), "at least one goose"),
])
def test_bad_squares_are_refused_with_cgsuites_reason(geese, fox, message):
    with pytest.raises(ValueError, match=message):
        FoxAndGeese(geese, fox)


def test_fox_range_and_board_width_must_be_positive():
    with pytest.raises(ValueError, match="fox_range"):
        FoxAndGeese([(2, 2)], (1, 1), fox_range=0)
    with pytest.raises(ValueError, match="board_width"):
        FoxAndGeese([(2, 2)], (1, 1), board_width=0)
