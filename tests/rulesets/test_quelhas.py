"""Quelhas: values worked by hand, cgt-py's Domineering where the two games are one, the model, bad input."""

import json
import re
import xml.etree.ElementTree as ElementTree
from pathlib import Path

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

import reference
from cgt import parse
from cgt.rulesets import Domineering, PositionSyntaxError, Quelhas, impartial_variant

CGT_PY = json.loads((Path(__file__).parents[1] / "data" / "cgt_py_quelhas_values.json").read_text())["values"]


def _model(board):
    return reference.to_game(reference.ruleset_value(tuple(board.split("|")), reference.quelhas_moves))


def _transposed(board):
    return "|".join("".join(column) for column in zip(*board.split("|")))


# -- reference values -------------------------------------------------------------------------------

@pytest.mark.parametrize("board", sorted(CGT_PY))
def test_boards_without_three_empty_cells_in_a_line_are_cgt_pys_domineering(board):
    # There a segment of two or more empty cells is a domino, and stays so: the game tree is Domineering's.
    lines = board.split("|") + _transposed(board).split("|")
    assert not any("..." in line for line in lines)
    assert Quelhas(board).canonical_form == parse(CGT_PY[board].replace(", ", ","))


@pytest.mark.parametrize("n", range(9))
def test_a_row_is_rights_alone_and_worth_half_its_cells(n):
    # Worked by hand: a move takes two cells or more, and taking the last two each time lasts longest.
    assert Quelhas("." * n).canonical_form == -(n // 2)
    assert Quelhas("|".join("." * n)).canonical_form == n // 2               # a column: Left's alone


def test_values_worked_by_hand():
    assert Quelhas("..|..").canonical_form == parse("+-1")          # a column for Left leaves her one more
    assert Quelhas("..|..").misere_outcome == "P"                    # whoever moves first leaves the other none
    assert Quelhas("...").misere_outcome == "L" and Quelhas(".").misere_outcome == "N"
    # Three in a row: Right may take all three at once, which a domino cannot.
    assert Quelhas(".#.|...|.#.").canonical_form != Domineering(".#.|...|.#.").canonical_form


# -- the model, on random small boards --------------------------------------------------------------

boards = st.integers(1, 4).flatmap(
    lambda height: st.integers(1, 12 // height if height > 1 else 6).flatmap(
        lambda width: st.lists(st.text(".#", min_size=width, max_size=width).map(
            lambda row: row.replace("#", ".", row.count("#") // 2)), min_size=height, max_size=height)
    )).map("|".join)


def _boards(positions):
    return sorted(p.board for p in positions)


@settings(max_examples=80, deadline=None)
@given(boards)
def test_moves_and_values_follow_the_rules(board):
    position = Quelhas(board)
    rows = tuple(board.split("|"))
    for player, moves in (("L", position.left_moves()), ("R", position.right_moves())):
        assert _boards(moves) == sorted("|".join(q) for q in reference.quelhas_moves(rows, player))
    assert position.canonical_form == _model(board)


@settings(max_examples=40, deadline=None)
@given(boards)
def test_misere_outcomes_follow_the_rules(board):
    assert Quelhas(board).misere_outcome == reference.misere_outcome(tuple(board.split("|")), reference.quelhas_moves)


@settings(max_examples=30, deadline=None)
@given(boards)
def test_the_impartial_variant_follows_the_rules(board):
    moves = reference.impartial_moves(reference.quelhas_moves)
    value = impartial_variant(Quelhas(board)).canonical_form
    assert value == reference.to_game(reference.ruleset_value(tuple(board.split("|")), moves)) and value.is_nimber


@settings(max_examples=40, deadline=None)
@given(boards)
def test_flips_keep_the_value_and_transposing_negates_it(board):
    value = Quelhas(board).canonical_form
    assert Quelhas("|".join(row[::-1] for row in board.split("|"))).canonical_form == value
    assert Quelhas("|".join(board.split("|")[::-1])).canonical_form == value
    assert Quelhas(_transposed(board)).canonical_form == -value


# -- the position API -------------------------------------------------------------------------------

def test_positions_are_values_with_domineering_boards():
    position = Quelhas("..#|...")
    assert repr(position) == "Quelhas('..#|...')" and eval(repr(position), {"Quelhas": Quelhas}) == position
    assert Quelhas.empty(2, 2) == Quelhas("..|..") and hash(Quelhas.empty(2, 2)) == hash(Quelhas("..|.."))
    assert Quelhas("..#.|#.#.|.##.").components() == (Quelhas("..|#."), Quelhas(".|.|."))


def test_the_picture_is_the_board():
    root = ElementTree.fromstring(Quelhas("..|#.")._repr_svg_())
    assert sum(1 for e in root.iter() if e.tag.endswith("rect")) == 4


@pytest.mark.parametrize("make, error, message", [
    (lambda: Quelhas("..x"), PositionSyntaxError, "Quelhas board '..x': unknown character 'x' at row 1, column 3"),
    (lambda: Quelhas("..|..|."), PositionSyntaxError, "row 3 has 1 cells, row 1 has 2"),
    (lambda: Quelhas(["..", 3]), TypeError, "Quelhas board row 2 is not a string"),
    (lambda: Quelhas(None), TypeError, "a Quelhas board is a string like '..|..', not NoneType"),
    (lambda: Quelhas.empty(True, 2), ValueError, "the height of a board is an int >= 0, not True"),
])
def test_bad_input_says_what_is_wrong(make, error, message):
    with pytest.raises(error, match=re.escape(message)):
        make()
