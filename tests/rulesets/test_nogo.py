"""NoGo (MCGS's ``nogo`` and ``nogo_1xn``) against MCGS's test cases and the rules.

MCGS's cases (tests/data/mcgs_nogo.json: outcomes, nimbers of the impartial
variant, winning moves, sums) are played here when the pure-Python search
takes at most `SECONDS` on them (tests/data/mcgs_seconds.json, measured with
empty tables); the others are skipped, named.  On random small boards the
canonical form must be the from-the-definition model's of tests/reference.py,
which checks every group after each move and searches whole boards (no
regions, no symmetries).
"""

import xml.etree.ElementTree as ElementTree

import pytest
from hypothesis import assume, given, settings
from hypothesis import strategies as st

import reference
from cgt import star
from cgt.short.game import _game
from cgt.rulesets import NoGo, PositionSyntaxError, impartial_variant
from cgt.rulesets.position import solve
from mcgs_cases import agrees, mcgs_cases, mcgs_seconds

#: The longest a case may take to be played here (the pure-Python search, on empty tables).
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


@pytest.mark.parametrize("case", _params("nogo"))
def test_mcgs_cases(case):
    assert agrees(case) != case.get("deliberately_wrong", False)


def _case(kind, parts):
    """The first of MCGS's NoGo cases of ``kind`` on ``parts`` (their positions)."""
    return next(c for c in mcgs_cases("nogo") if c["kind"] == kind and [p["position"] for p in c["parts"]] == parts)


def test_a_wrong_answer_is_caught():
    # Each kind of check fails on an answer changed by one detail.
    outcome = _case("outcome", ["....."])
    assert agrees(outcome) and not agrees({**outcome, "expected": {"B": "win", "W": "loss"}})
    nim = next(c for c in mcgs_cases("nogo") if c["kind"] == "nim" and c["parts"][0]["position"] == "..|..")
    assert agrees(nim) and not agrees({**nim, "expected": {"N": 0}})
    moves = _case("winning_moves", ["...X..."])
    assert agrees(moves)
    assert not agrees({**moves, "expected": {**moves["expected"], "B": moves["expected"]["B"][1:]}})
    thermograph = _case("thermograph", [".X.|OO.|.X."])
    walls = thermograph["expected"]
    assert agrees(thermograph)
    assert not agrees({**thermograph, "expected": {**walls, "L": walls["L"][:-1] + [["1", "5/4"]]}})
    assert not agrees({**thermograph, "expected": {**walls, "R": [walls["R"][0], walls["R"][-1]]}})


# ---------------------------------------------------------------- the rules, from the definition
@st.composite
def boards(draw, rows, columns, cells, symbols="...#xo"):
    height, width = draw(st.integers(1, rows)), draw(st.integers(1, columns))
    assume(height * width <= cells)
    text = draw(st.text(st.sampled_from(symbols), min_size=height * width, max_size=height * width))
    board = tuple(text[r * width:(r + 1) * width] for r in range(height))
    assume(reference._nogo_every_group_breathes(board))
    return board


@settings(max_examples=60, deadline=None)
@given(board=boards(3, 4, 8))
def test_the_search_agrees_with_the_rules(board):
    position = NoGo("|".join(board))
    assert sorted(p.rows for p in position.left_moves()) == sorted(reference.nogo_moves(board, "L"))
    assert sorted(p.rows for p in position.right_moves()) == sorted(reference.nogo_moves(board, "R"))
    expected = reference.to_game(reference.ruleset_value(board, reference.nogo_moves))
    assert _game(solve(position)) == expected
    assert position.canonical_form == expected


@settings(max_examples=40, deadline=None)
@given(strip=st.text(st.sampled_from("...xo#"), min_size=1, max_size=10))
def test_strips_agree_with_the_rules(strip):
    assume(reference._nogo_every_group_breathes((strip,)))
    expected = reference.to_game(reference.ruleset_value((strip,), reference.nogo_moves))
    assert NoGo(strip).canonical_form == expected
    assert NoGo("|".join(strip)).canonical_form == expected           # the strip stood on end


@settings(max_examples=30, deadline=None)
@given(board=boards(2, 3, 6))
def test_the_impartial_variant_agrees_with_the_rules(board):
    expected = reference.to_game(reference.ruleset_value(board, reference.impartial_moves(reference.nogo_moves)))
    assert impartial_variant(NoGo)("|".join(board)).canonical_form == expected


# ---------------------------------------------------------------- facts by hand
def test_no_capture_and_no_suicide():
    assert NoGo("x.o").left_moves() == [] and NoGo("x.o").right_moves() == []   # each would capture
    assert NoGo(".x").right_moves() == []                                        # suicide
    assert NoGo(".x").left_moves() == []                                         # the group would have no liberty
    assert NoGo("..").canonical_form == star
    assert NoGo("x..").left_moves() == [NoGo("xx."), NoGo("x.x")]
    assert NoGo("x..").right_moves() == [NoGo("x.o")]                            # o at the middle captures x


def test_a_blocked_cell_is_off_the_board():
    assert NoGo(".#.").components() == ()                  # a stone on a cell alone has no liberty
    assert NoGo("..#..").components() == (NoGo(".."), NoGo(".."))
    assert NoGo("..#..").canonical_form == 0               # * + *
    with pytest.raises(ValueError, match="no liberty"):
        NoGo("x#.")                                        # '#' is no liberty


def test_mcgs_notation_and_cgsuite_stones_are_one_board():
    assert NoGo("X.O|...") == NoGo("x.o|...") and repr(NoGo("X.O|...")) == "NoGo('x.o|...')"
    assert eval(repr(NoGo("X..|..O"))) == NoGo("X..|..O")


def test_stones_of_two_colours_side_by_side_split_the_board():
    position = NoGo("..xo..")
    assert position.components() == (NoGo("..x"), NoGo("o.."))
    assert position.canonical_form == NoGo("..x").canonical_form + NoGo("o..").canonical_form
    assert NoGo("..x..").components() == (NoGo("..x.."),)          # a stone links its liberties


def test_symmetric_boards_share_a_key_and_swapped_colours_negate():
    assert NoGo("x..|...").key == NoGo("..x|...").key == NoGo("...|..x").key == NoGo("x.|..|..").key
    key, negated = NoGo("o..|...").signed_key()
    assert (key, not negated) == NoGo("x..|...").signed_key()
    assert NoGo("o..|...").canonical_form == -NoGo("x..|...").canonical_form
    assert NoGo("xx...").signed_key() == NoGo("x...").signed_key()      # a run of one colour is one stone on a row


def test_the_picture_is_a_board():
    root = ElementTree.fromstring(NoGo("x.o|...")._repr_svg_())
    assert sum(1 for e in root.iter() if e.tag.endswith("circle")) == 2


# ---------------------------------------------------------------- bad input
@pytest.mark.parametrize("board, message", [
    ("x.z", r"NoGo board 'x.z': unknown character 'z' at row 1, column 3"),
    ("..|...", r"NoGo board '..|...': row 2 has 3 cells, row 1 has 2"),
    ("xo", r"NoGo board 'xo': the group at row 1, column 1 has no liberty"),
    ("..x|.xo", r"the group at row 2, column 3 has no liberty"),
])
def test_bad_boards_say_what_is_wrong(board, message):
    with pytest.raises(ValueError, match=message) as raised:
        NoGo(board)
    assert isinstance(raised.value, PositionSyntaxError) == ("unknown" in message or "cells" in message)


def test_a_board_is_a_string():
    with pytest.raises(TypeError, match="NoGo board"):
        NoGo(3)
