"""Sheep (MCGS's ``sheep``) against MCGS's test cases and the rules.

MCGS's cases (tests/data/mcgs_sheep.json: outcomes, winning moves) are played
here when the pure-Python search takes at most `SECONDS` on them
(tests/data/mcgs_seconds.json); the others are skipped, named.  On random
small boards the canonical form must be the from-the-definition model's of
tests/reference.py (whole boards, no regions, no symmetries).
"""

import xml.etree.ElementTree as ElementTree

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

import reference
from cgt.short.game import _game
from cgt.rulesets import PositionSyntaxError, Sheep, impartial_variant
from cgt.rulesets.position import solve
from mcgs_cases import agrees, mcgs_cases, mcgs_seconds

SECONDS = 0.5


def _params(name):
    seconds = mcgs_seconds()
    out = []
    for case in mcgs_cases(name):
        taken = seconds.get(case["id"])
        marks = () if taken is not None and taken <= SECONDS else pytest.mark.skip(
            reason=f"MCGS case over {SECONDS} s in the pure-Python search")
        out.append(pytest.param(case, marks=marks, id=case["id"]))
    return out


@pytest.mark.parametrize("case", _params("sheep"))
def test_mcgs_cases(case):
    assert agrees(case) != case.get("deliberately_wrong", False)


# ---------------------------------------------------------------- the rules, from the definition
@st.composite
def boards(draw, rows, columns, herds=(0, 0, 0, 1, -1, 2, -2, 3, -3, 4)):
    height, width = draw(st.integers(1, rows)), draw(st.integers(1, columns))
    cells = draw(st.lists(st.sampled_from(herds), min_size=height * width, max_size=height * width))
    return tuple(tuple(cells[r * width:(r + 1) * width]) for r in range(height))


@settings(max_examples=60, deadline=None)
@given(herds=boards(3, 3))
def test_the_search_agrees_with_the_rules(herds):
    position = Sheep([list(row) for row in herds])
    assert sorted(p.herds for p in position.left_moves()) == sorted(reference.sheep_moves(herds, "L"))
    assert sorted(p.herds for p in position.right_moves()) == sorted(reference.sheep_moves(herds, "R"))
    expected = reference.to_game(reference.ruleset_value(herds, reference.sheep_moves))
    assert _game(solve(position)) == expected
    assert position.canonical_form == expected


@settings(max_examples=30, deadline=None)
@given(herds=boards(2, 3, herds=(0, 0, 1, 2, -2, 3)))
def test_the_impartial_variant_agrees_with_the_rules(herds):
    expected = reference.to_game(reference.ruleset_value(herds, reference.impartial_moves(reference.sheep_moves)))
    assert impartial_variant(Sheep)([list(row) for row in herds]).canonical_form == expected


# ---------------------------------------------------------------- facts by hand
def test_sheep_run_as_far_as_they_can_in_six_directions():
    # From the middle of a 3x3 board, the hexagonal neighbours are up, up-right, right, down,
    # down-left and left: the corners up-left and down-right are not neighbours.
    moved = {tuple(tuple(row) for row in p.herds) for p in Sheep("0, 0, 0 | 0, 2, 0 | 0, 0, 0").left_moves()}
    ends = {next((r, c) for r in range(3) for c in range(3) if (r, c) != (1, 1) and herds[r][c]) for herds in moved}
    assert ends == {(0, 1), (0, 2), (1, 2), (2, 1), (2, 0), (1, 0)}
    assert Sheep("2, 0, 0, -1").left_moves() == [Sheep("1, 0, 1, -1")]          # stops before the herd
    assert Sheep("0, 1, 2").left_moves() == []                                   # blocked; must run a cell
    assert Sheep("3, 0").canonical_form == 1 and Sheep("0, 0, 3").canonical_form == 2
    assert Sheep("-2, 0").canonical_form == -1


def test_herds_of_one_wall_the_board_into_regions():
    position = Sheep("2, 0, 1, 0, -2")
    assert position.components() == (Sheep("2, 0"), Sheep("0, -2"))
    assert position.canonical_form == 0
    assert Sheep("1, 0, -1").components() == ()                                  # nobody can move


def test_symmetric_boards_share_a_key_and_swapped_sides_negate():
    # Half a turn and the reflections through the diagonals keep the hexagonal neighbours.
    assert Sheep("2, 0 | 0, 0").key == Sheep("0, 0 | 0, 2").key
    assert Sheep("2, 0 | 0, 0").key != Sheep("0, 2 | 0, 0").key       # there the herd has three directions
    assert Sheep("3, 0, 0 | 0, 0, 0").key == Sheep("3, 0 | 0, 0 | 0, 0").key
    key, negated = Sheep("-3, 0, 0").signed_key()
    assert (key, not negated) == Sheep("3, 0, 0").signed_key()
    assert Sheep("-3, 0, 0, 1").canonical_form == -Sheep("3, 0, 0, -1").canonical_form


def test_notation():
    assert Sheep("(0, 2 | -3, 0)") == Sheep("0 2 | -3 0") == Sheep([[0, 2], [-3, 0]])
    assert repr(Sheep("0 2|-3 0")) == "Sheep('0, 2 | -3, 0')" and eval(repr(Sheep("0 2|-3 0"))) == Sheep("0 2|-3 0")
    assert Sheep("").herds == () and Sheep("").canonical_form == 0


def test_the_picture_is_hexagons():
    root = ElementTree.fromstring(Sheep("0, 2 | -3, 1")._repr_svg_())
    assert sum(1 for e in root.iter() if e.tag.endswith("polygon")) == 4


# ---------------------------------------------------------------- bad input
@pytest.mark.parametrize("board, message", [
    ("0, 2 | -3", r"Sheep board '0, 2 \| -3': row 2 has 1 cells, row 1 has 2"),
    ("0, x", r"Sheep board '0, x': row 1, '0, x', is not whole numbers separated by commas or spaces"),
    ("0,, 2", r"row 1, '0,, 2', is not whole numbers"),
    ("0, 2 |", r"row 2, '', is not whole numbers"),
    ("1.5", r"row 1, '1.5', is not whole numbers"),
])
def test_bad_boards_say_what_is_wrong(board, message):
    with pytest.raises(PositionSyntaxError, match=message):
        Sheep(board)


def test_a_board_is_a_string_or_rows_of_ints():
    with pytest.raises(TypeError, match="Sheep board"):
        Sheep(3)
    with pytest.raises(TypeError, match="row 1 is not a sequence of ints"):
        Sheep([[0, 1.5]])
