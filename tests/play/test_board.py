"""The interactive board (`cgt.play.board`) from Python: clicks choose moves, the value follows the position.

Values shown are checked against the positions' own canonical forms, which
the rulesets' tests check against CGSuite and the whole-board models.
"""

import pytest

pytest.importorskip("anywidget", reason="the board needs the notebook extra (anywidget)")

from cgt.play.board import Board  # noqa: E402
from cgt.rulesets import (Amazons, Clobber, Domineering, Fission, Kings, Quelhas, SkiJumps,  # noqa: E402
                          ToadsAndFrogs)


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


@pytest.mark.parametrize("clicks, after", [
    # The queen at (0, 0) to (0, 1) shooting at (1, 1), or to (1, 1) shooting at (0, 1): the same three
    # cells change; the order of the clicks says which (the arrow's square last).
    ([(0, 0), (0, 1), (1, 1)], ".x.|.#o"),
    ([(0, 0), (1, 1), (0, 1)], ".#.|.xo"),
])
def test_the_order_of_the_clicks_chooses_between_moves_of_the_same_cells(clicks, after):
    board = Board(Amazons("x..|..o"))
    for cell in clicks:
        board.click(*cell)
    assert board.position == Amazons(after) and board.to_move == "R"


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


# ---------------------------------------------------------------- whose pieces, and the legend
def test_the_cells_a_move_fills_are_its_players_and_undo_takes_them_back():
    board = Board(Domineering("...|...|..#"))
    board.click(0, 0)                    # Left: the domino down the first column
    board.click(2, 0)
    board.click(2, 1)                    # Right: the domino on the bottom row
    assert board.rows == ["#..", "#..", "###"]
    assert board.owners == ["L..", "L..", "RR."]         # the cell blocked from the start is nobody's
    assert board.move_numbers == [[1, 0, 0], [1, 0, 0], [2, 2, 0]]
    board.undo()
    assert board.owners == ["L..", "L..", "..."] and board.move_numbers[2] == [0, 0, 0]
    board.reset()
    assert board.owners == ["...", "...", "..."]


def test_a_move_is_the_player_chosen_to_move_whoever_moved_last():
    board = Board(Domineering("..|.."))
    board._on_message(board, {"type": "turn", "player": "R"}, [])
    board.click(0, 0)                    # Right's horizontal domino on the top row
    board._on_message(board, {"type": "turn", "player": "R"}, [])
    board.click(1, 0)
    assert board.owners == ["RR", "RR"] and board.move_numbers == [[1, 1], [2, 2]]


def test_an_amazons_arrow_is_the_shooters_and_her_stone_stays_hers():
    board = Board(Amazons("x...|#..o"))
    for cell in [(0, 0), (0, 2), (1, 2)]:
        board.click(*cell)
    assert board.rows == ["..x.", "#.#o"]
    assert board.owners == ["....", "..L."]                 # the arrow; the # there from the start is nobody's
    assert board.pieces == {"x": "L", "o": "R"}


@pytest.mark.parametrize("ruleset, left, right", [
    (Domineering, "Left places vertical dominoes", "Right places horizontal dominoes"),
    (Clobber, "Left moves a blue stone onto a red one next to it", "Right moves a red stone onto a blue one next to it"),
    (Kings, "Left moves the blue stones", "Right moves the red stones"),
    (Quelhas, "Left crosses out 2 or more cells in a column", "Right crosses out 2 or more cells in a row"),
    (Fission, "Left splits a stone in two, up and down", "Right splits a stone in two, left and right"),
])
def test_the_legend_says_who_plays_what(ruleset, left, right):
    assert Board(ruleset("")).legend == [left, right]


@pytest.mark.parametrize("ruleset, column, row", [
    # a board of one column, where only Left moves, and of one row, where only Right does
    (Domineering, ".|.", ".."), (Quelhas, ".|.", ".."), (Fission, ".|x|.", ".x."),
])
def test_the_legends_directions_are_the_rulesets_moves(ruleset, column, row):
    left, right = Board(ruleset("")).legend
    assert ruleset(column).left_moves() and not ruleset(column).right_moves()
    assert ruleset(row).right_moves() and not ruleset(row).left_moves()
    assert any(word in left for word in ("column", "vertical", "up and down"))
    assert any(word in right for word in ("row", "horizontal", "left and right"))


def test_without_anywidget_the_error_names_a_command_that_works_from_a_checkout_and_from_pypi(monkeypatch):
    import importlib
    import sys

    monkeypatch.setitem(sys.modules, "anywidget", None)        # import anywidget raises ImportError
    monkeypatch.delitem(sys.modules, "cgt.play.board")
    with pytest.raises(ImportError) as error:
        importlib.import_module("cgt.play.board")
    message = str(error.value)
    assert message.startswith("the interactive board needs anywidget: pip install anywidget ")
    assert 'pip install -e ".[notebook]"' in message and 'pip install "cgt-toolkit[notebook]"' in message


def test_fissions_stones_are_either_players_and_ski_jumpers_are_coloured_by_letter():
    assert Board(Fission(".|x|.")).pieces == {"x": ""}
    assert Board(SkiJumps("L.|R.")).pieces == {"L": "L", "l": "L", "R": "R", "r": "R"}


# ---------------------------------------------------------------- the preview under the pointer
def test_pointing_at_a_cell_that_one_move_covers_previews_that_move():
    board = Board(Domineering("...|...|..."))
    board.hover(0, 2)                    # the top row: only the domino going down
    assert board.preview == [[0, 2, "#", True], [1, 2, "#", True]]


def test_pointing_where_several_moves_remain_marks_the_cells_some_of_them_change():
    board = Board(Domineering("...|...|..."))
    board.hover(1, 1)                    # the middle: the domino up or down
    assert board.preview == [[0, 1, "", False], [1, 1, "#", True], [2, 1, "", False]]
    board.click(1, 1)
    board.hover(2, 1)                    # with the middle selected: the domino down, as the click plays
    assert board.preview == [[1, 1, "#", True], [2, 1, "#", True]]
    board.hover()
    assert board.preview == []


def test_a_clobber_preview_shows_where_the_stone_goes():
    board = Board(Clobber("xo.|o.."))
    board.hover(0, 0)                    # the x clobbers right or down
    assert board.preview == [[0, 0, ".", True], [0, 1, "", False], [1, 0, "", False]]
    board.click(0, 0)
    board.hover(1, 0)
    assert board.preview == [[0, 0, ".", True], [1, 0, "x", True]]


def test_a_preview_where_the_player_has_no_move_or_off_the_board_is_empty():
    board = Board(Clobber("x.o"))
    board.hover(0, 1)
    assert board.preview == []
    board.hover(0, 0)
    board.hover(7, 7)
    assert board.preview == []


def test_playing_a_move_or_choosing_the_player_clears_the_preview():
    board = Board(Domineering("...|..."))
    board.hover(0, 0)
    board.click(0, 0)
    assert board.preview == []
    board._on_message(board, {"type": "hover", "row": 0, "col": 1}, [])      # as the page sends it
    assert board.preview == [[0, 1, "#", True], [0, 2, "#", True]]          # Right's one domino there
    board._on_message(board, {"type": "turn", "player": "L"}, [])
    assert board.preview == []
