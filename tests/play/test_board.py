"""The interactive board (`cgt.play.board`) from Python: clicks choose moves, the value follows the position.

Values shown are checked against the positions' own canonical forms, which
the rulesets' tests check against CGSuite and the whole-board models.
"""

import pytest

pytest.importorskip("anywidget", reason="the board needs the notebook extra (anywidget)")

from cgt.play.board import Board  # noqa: E402
from cgt.rulesets import Amazons, Clobber, Domineering, ToadsAndFrogs  # noqa: E402


def test_one_click_plays_a_move_it_names_alone():
    board = Board(Domineering("..|.."))
    board.click(0, 1)
    assert board.rows == [".#", ".#"] and board.to_move == "R"
    assert board.value == str(Domineering(".#|.#").canonical_form) == "1"


def test_a_click_that_names_several_moves_waits_for_the_next():
    board = Board(Domineering("...|...|..."))
    board.click(1, 1)                    # the middle cell: the top or the bottom of a vertical domino
    assert board.selected == [[1, 1]] and board.rows == ["...", "...", "..."]
    board.click(2, 1)
    assert board.rows == ["...", ".#.", ".#."]


def test_an_amazons_move_is_the_queen_her_square_and_her_arrow():
    board = Board(Amazons("x...|...o"))
    for cell in [(0, 0), (0, 2), (1, 2)]:
        board.click(*cell)
    assert board.position == Amazons("..x.|..#o")
    assert board.value == str(Amazons("..x.|..#o").canonical_form)
    assert board.outcome == Amazons("..x.|..#o").outcome


def test_clicking_a_selected_cell_again_plays_the_move_of_just_the_cells_selected():
    # the queen steps one square: her arrow may land back where she came from, or elsewhere
    board = Board(Amazons("x..|#.o"))
    board.click(0, 0)
    board.click(0, 1)
    assert board.selected == [[0, 0], [0, 1]]
    board.click(0, 0)
    assert board.position == Amazons("#x.|#.o")


def test_a_click_where_the_player_has_no_move_says_so():
    board = Board(Clobber("x.o"))
    board.click(0, 1)
    assert board.message == "Left has no move there" and board.rows == ["x.o"]
    board.click(5, 5)
    assert board.message == "no cell (5, 5) on this board"


def test_undo_reset_and_choosing_the_player():
    board = Board(Clobber("xo.|ox."))
    board._on_message(board, {"type": "turn", "player": "R"}, [])
    assert board.to_move == "R"
    board.click(0, 1)
    board.click(0, 0)                    # Right's o clobbers the x on its left
    assert board.rows == ["o..", "ox."] and board.to_move == "L"
    board._on_message(board, {"type": "undo"}, [])
    assert board.rows == ["xo.", "ox."]
    board.click(0, 0)
    board.click(1, 0)
    board._on_message(board, {"type": "reset"}, [])
    assert board.rows == ["xo.", "ox."] and board.to_move == "L" and board.value == "*"


def test_temperature_is_shown_exactly():
    board = Board(Domineering("...|...|..."))
    assert board.temperature == str(Domineering("...|...|...").canonical_form.temperature)


def test_a_board_shows_grid_positions_only():
    with pytest.raises(TypeError, match="a Board shows a position of a grid ruleset"):
        Board(ToadsAndFrogs("T.F"))
    with pytest.raises(ValueError, match="the player to move is 'L' or 'R'"):
        Board(Clobber("xo"), to_move="left")
