"""King Dirt (MCGS's ``gen_king_dirt``) against MCGS's test cases and the rules.

MCGS's cases (tests/data/mcgs_king_dirt.json: outcomes, from CGSuite 2.2 and
its script GenKingDirt.cgs, and winning moves) are played here when the
pure-Python search takes at most `SECONDS` on them
(tests/data/mcgs_seconds.json); the others are skipped, named.  On random
small boards the canonical form must be the from-the-definition model's of
tests/reference.py (whole positions, no regions, no symmetries).
"""

import xml.etree.ElementTree as ElementTree

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

import reference
from cgt import star
from cgt.short.game import _game
from cgt.rulesets import KingDirt, PositionSyntaxError, impartial_variant
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


@pytest.mark.parametrize("case", _params("king_dirt"))
def test_mcgs_cases(case):
    assert agrees(case) != case.get("deliberately_wrong", False)


# ---------------------------------------------------------------- the rules, from the definition
@st.composite
def positions(draw, rows, columns, most_to_place):
    height, width = draw(st.integers(1, rows)), draw(st.integers(1, columns))
    text = draw(st.text(st.sampled_from("...#xo"), min_size=height * width, max_size=height * width))
    board = tuple(text[r * width:(r + 1) * width] for r in range(height))
    counts = draw(st.integers(0, most_to_place)), draw(st.integers(0, most_to_place))
    return board, *counts, draw(st.booleans())


def _position(model):
    board, black, white, must_place = model
    return KingDirt("|".join(board), black_unplaced=black, white_unplaced=white, must_place=must_place)


@settings(max_examples=60, deadline=None)
@given(model=positions(3, 3, 2))
def test_the_search_agrees_with_the_rules(model):
    position = _position(model)

    def as_model(p):
        return p.rows, p.black_unplaced, p.white_unplaced, p.must_place

    assert sorted(map(as_model, position.left_moves())) == sorted(reference.king_dirt_moves(model, "L"))
    assert sorted(map(as_model, position.right_moves())) == sorted(reference.king_dirt_moves(model, "R"))
    expected = reference.to_game(reference.ruleset_value(model, reference.king_dirt_moves))
    assert _game(solve(position)) == expected
    assert position.canonical_form == expected


@settings(max_examples=30, deadline=None)
@given(model=positions(2, 3, 1))
def test_the_impartial_variant_agrees_with_the_rules(model):
    expected = reference.to_game(reference.ruleset_value(model, reference.impartial_moves(reference.king_dirt_moves)))
    assert impartial_variant(_position(model)).canonical_form == expected


# ---------------------------------------------------------------- facts by hand
def test_a_king_steps_and_leaves_dirt():
    assert set(KingDirt("x.|..").left_moves()) == {KingDirt("#x|.."), KingDirt("#.|.x"), KingDirt("#.|x.")}
    assert KingDirt("x.").canonical_form == 1 and KingDirt("x.o").canonical_form == star   # either steps first
    assert KingDirt("x..").canonical_form == 2


def test_placing_and_must_place():
    assert KingDirt("1,0,0:x.").left_moves() == [KingDirt("0,0,0:xx"), KingDirt("1,0,0:#x")]
    assert KingDirt("1,0,1:x.").left_moves() == [KingDirt("0,0,1:xx")]         # must place: no step
    assert KingDirt("1,1,0:..").canonical_form == 0                           # worked by hand: {* | *}
    assert KingDirt("0,1,0:x.").canonical_form == star


def test_counts_past_the_empty_cells_and_stuck_kings_change_nothing():
    assert KingDirt("5,0,0:..").key == KingDirt("2,0,0:..").key
    assert KingDirt("x#|##|.o").key == KingDirt("##|##|.o").key                # the x cannot ever move
    assert KingDirt("0,0,1:x.").key == KingDirt("x.").key                      # nothing to place, nothing to force


def test_regions_split_only_once_nothing_is_to_be_placed():
    assert KingDirt("x.#.o").components() == (KingDirt("x."), KingDirt(".o"))
    assert KingDirt("1,0,0:x.#.o").components() == (KingDirt("1,0,0:x.#.o"),)
    assert KingDirt("x.#.o").canonical_form == 0


def test_swapped_colours_and_counts_negate():
    key, negated = KingDirt("2,1,0:o..").signed_key()
    assert (key, not negated) == KingDirt("1,2,0:x..").signed_key()
    assert KingDirt("2,1,0:o..").canonical_form == -KingDirt("1,2,0:x..").canonical_form


def test_notation():
    assert KingDirt("1,1,0:X..|.#.|.X#") == KingDirt("x..|.#.|.x#", black_unplaced=1, white_unplaced=1)
    assert repr(KingDirt("1,1,0:X..")) == "KingDirt('1,1,0:x..')" and repr(KingDirt("X.")) == "KingDirt('x.')"
    assert eval(repr(KingDirt("0,2,1:.O"))) == KingDirt("0,2,1:.O")


def test_the_picture_says_what_is_to_place():
    html = KingDirt("1,0,1:x.|#o")._repr_html_()
    assert "to place: Left 1, Right 0 (must place)" in html
    root = ElementTree.fromstring(html)
    assert sum(1 for e in root.iter() if e.tag.endswith("circle")) == 2


# ---------------------------------------------------------------- bad input
@pytest.mark.parametrize("board, keywords, error, message", [
    ("x.z", {}, PositionSyntaxError, r"KingDirt board 'x.z': unknown character 'z' at row 1, column 3"),
    ("..|...", {}, PositionSyntaxError, r"row 2 has 3 cells, row 1 has 2"),
    ("1,1:..", {}, PositionSyntaxError, r"the prefix before ':' is three whole numbers"),
    ("1,1,2:..", {}, ValueError, r"must_place is 0 or 1 \(or a bool\), not 2"),
    ("-1,0,0:..", {}, ValueError, r"black_unplaced is a whole number >= 0, not -1"),
    ("..", {"white_unplaced": -2}, ValueError, r"white_unplaced is a whole number >= 0, not -2"),
    ("1,0,0:..", {"black_unplaced": 1}, ValueError, r"the counts are given twice"),
])
def test_bad_positions_say_what_is_wrong(board, keywords, error, message):
    with pytest.raises(error, match=message):
        KingDirt(board, **keywords)
