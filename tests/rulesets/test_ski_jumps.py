"""Ski Jumps: Winning Ways' values, cgt-py's (and where cgt-py departs from the rules), the model, bad input."""

import json
import re
import xml.etree.ElementTree as ElementTree
from pathlib import Path

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

import reference
from cgt import Game, engine, parse
from cgt.rulesets import PositionSyntaxError, SkiJumps, impartial_variant

FACTS = json.loads((Path(__file__).parents[1] / "data" / "cgt_py_ski_jumps_values.json").read_text())
CGT_PY = FACTS["values"]
AGREE = sorted(s for s, entry in CGT_PY.items() if "definition" not in entry)
DIFFER = sorted(s for s, entry in CGT_PY.items() if "definition" in entry)

# Winning Ways' examples, as cgt-tools' tests of its SkiJumps list them (Winning Ways, vol. 1, ch. 2).
WINNING_WAYS = {
    "...L....|..R.....|........": "2",
    "........|...l....|.......R|........|......L.": "-1",
    ".L...|.R...|.....": "5/2",
    "...R.|...L.|.....": "-5/2",
    "L....|....R|.....": "1/2",
    "L....|R....|.....": "9/2",
    "L....|....R|l....": "5",
}


def _cgt_py(text):
    """cgt-py separates options by ', '."""
    return parse(text.replace(", ", ","))


def _model(text):
    return reference.to_game(reference.ruleset_value(tuple(text.split("|")), reference.ski_jumps_moves))


# -- reference values -------------------------------------------------------------------------------

@pytest.mark.parametrize("slope", sorted(WINNING_WAYS))
def test_winning_ways_examples(slope):
    assert SkiJumps(slope).canonical_form == parse(WINNING_WAYS[slope])


@pytest.mark.parametrize("slope", AGREE)
def test_values_are_cgt_pys(slope):
    assert SkiJumps(slope).canonical_form == _cgt_py(CGT_PY[slope]["cgt_py"])


@pytest.mark.parametrize("slope", DIFFER)
def test_values_follow_the_rules_where_cgt_py_does_not(slope):
    """cgt-py 0.5.0 shortcuts a slope with no jump in sight to an integer (wrong for skiers face to
    face) and jumps onto taken cells and off the bottom: there the value is the rules' own."""
    entry = CGT_PY[slope]
    assert entry["why"] in {"reduction", "jumps", "both"}
    value = SkiJumps(slope).canonical_form
    assert value == parse(entry["definition"]) and value != _cgt_py(entry["cgt_py"])


def test_the_fact_file_holds_its_winning_ways_examples_and_most_values_agree():
    assert set(WINNING_WAYS) <= set(AGREE)
    assert len(AGREE) > 3 * len(DIFFER)


@pytest.mark.parametrize("gap", range(7))
def test_two_skiers_face_to_face_are_a_nim_heap_of_the_gap(gap):
    # Worked by hand: either player shrinks the gap to any smaller size; at 0 neither can move.
    assert SkiJumps("L" + "." * gap + "R").canonical_form == parse(f"*{gap}")


def test_one_players_skiers_are_worth_their_distances_to_the_edge():
    # Only Left moves: the longest play steps each skier one cell at a time, off the board included.
    assert SkiJumps("L...|.l..|...l").canonical_form == 4 + 3 + 1
    assert SkiJumps("r..|.R.").canonical_form == -(1 + 2)
    # Left: jump 2 - 1, slide 1 - 1, off 0 - 1; Right: off, 2.
    assert SkiJumps("L.|R.|..").canonical_form == parse("{1|2}")


def test_a_jump_needs_an_empty_landing_cell_on_the_slope():
    assert SkiJumps("L|R|L").left_moves() == [SkiJumps(".|R|L"), SkiJumps("L|R|.")]
    assert SkiJumps("L|R").left_moves() == [SkiJumps(".|R")]
    assert SkiJumps("L|r|.").left_moves() == [SkiJumps(".|r|."), SkiJumps(".|r|L")]     # a slipper stays one
    assert SkiJumps("l|R|.").left_moves() == [SkiJumps(".|R|.")]                       # slippers never jump
    assert SkiJumps("R.|L.|..").right_moves() == [SkiJumps("..|L.|.."), SkiJumps("..|l.|R.")]


# -- the model, on random small slopes --------------------------------------------------------------

@st.composite
def slopes(draw, max_height=4, max_width=5, max_skiers=4):
    height, width = draw(st.integers(1, max_height)), draw(st.integers(1, max_width))
    cells = ["."] * (height * width)
    for i in draw(st.lists(st.integers(0, height * width - 1), max_size=max_skiers, unique=True)):
        cells[i] = draw(st.sampled_from("LlRr"))
    return "|".join("".join(cells[r * width:(r + 1) * width]) for r in range(height))


def _boards(positions):
    return sorted(p.board for p in positions)


@settings(max_examples=80, deadline=None)
@given(slopes())
def test_moves_and_values_follow_the_rules(slope):
    position = SkiJumps(slope)
    rows = tuple(slope.split("|"))
    for player, moves in (("L", position.left_moves()), ("R", position.right_moves())):
        assert _boards(moves) == sorted("|".join(q) for q in reference.ski_jumps_moves(rows, player))
    assert position.canonical_form == _model(slope)


@settings(max_examples=40, deadline=None)
@given(slopes(max_skiers=5))
def test_the_parts_add_up_to_the_slope(slope):
    position = SkiJumps(slope)
    parts = position.components()
    assert sum((p.canonical_form for p in parts), Game(0)) == _model(slope)


@settings(max_examples=40, deadline=None)
@given(slopes(max_height=3, max_skiers=4))
def test_the_impartial_variant_follows_the_rules(slope):
    moves = reference.impartial_moves(reference.ski_jumps_moves)
    expected = reference.to_game(reference.ruleset_value(tuple(slope.split("|")), moves))
    value = impartial_variant(SkiJumps(slope)).canonical_form
    assert value == expected and value.is_nimber


@settings(max_examples=40, deadline=None)
@given(slopes())
def test_the_mirror_image_with_the_skiers_swapped_is_the_negative(slope):
    mirrored = "|".join(row[::-1].translate(str.maketrans("LlRr", "RrLl")) for row in slope.split("|"))
    assert SkiJumps(mirrored).canonical_form == -SkiJumps(slope).canonical_form
    key, negated = SkiJumps(slope).signed_key()
    assert SkiJumps(mirrored).signed_key() == (key, not negated) or slope == mirrored


# -- the position API -------------------------------------------------------------------------------

@pytest.mark.skipif(engine.ENGINE != "compiled", reason="the compiled search needs the compiled engine")
def test_the_compiled_search_values_slopes_of_up_to_64_cells():
    # A lone Left skier in the first column of a row of n cells: n moves, one cell at a time.
    assert SkiJumps("L" + "." * 63)._compiled_id() is not None
    assert SkiJumps("L" + "." * 64)._compiled_id() is None
    assert SkiJumps("L" + "." * 63).canonical_form == 64 and SkiJumps("L" + "." * 64).canonical_form == 65


def test_positions_are_values_that_print_as_cgt_py_writes_them():
    position = SkiJumps("L.|R.")
    assert repr(position) == "SkiJumps('L.|R.')" and eval(repr(position), {"SkiJumps": SkiJumps}) == position
    assert position == SkiJumps(("L.", "R.")) and hash(position) == hash(SkiJumps("L.|R."))
    assert SkiJumps.empty(2, 3) == SkiJumps("...|...") and SkiJumps.empty(2, 3).canonical_form == 0


def test_a_slope_splits_into_bands_and_row_parts():
    assert SkiJumps("L..R|....|r..L").components() == (SkiJumps("L..R"), SkiJumps("r"), SkiJumps("L"))
    assert SkiJumps("L.R|...|...|R..|L..|...").components() == (SkiJumps("L.R"), SkiJumps("R..|L..|..."))
    assert SkiJumps("L.|.R").components() == (SkiJumps("L."), SkiJumps(".R"))     # no row to land on
    # Left's jumper can slide over Right's skier and jump: three rows joined.
    assert SkiJumps("L.|.R|..").components() == (SkiJumps("L.|.R|.."),)


def test_the_picture_shows_the_skiers():
    svg = SkiJumps("L.r|R.l")._repr_svg_()
    root = ElementTree.fromstring(svg)
    assert sorted(e.text for e in root.iter() if e.tag.endswith("text")) == ["L", "R", "l", "r"]


@pytest.mark.parametrize("make, error, message", [
    (lambda: SkiJumps("L.x"), PositionSyntaxError, "SkiJumps board 'L.x': unknown character 'x' at row 1, column 3"),
    (lambda: SkiJumps("L.#"), PositionSyntaxError, "unknown character '#'"),
    (lambda: SkiJumps("L..|R."), PositionSyntaxError, "row 2 has 2 cells, row 1 has 3"),
    (lambda: SkiJumps(5), TypeError, "a SkiJumps board is a string like '..|..', not int"),
    (lambda: SkiJumps.empty(-1, 2), ValueError, "the height of a board is an int >= 0, not -1"),
    (lambda: SkiJumps.empty(2, "3"), ValueError, "the width of a board is an int >= 0, not '3'"),
])
def test_bad_input_says_what_is_wrong(make, error, message):
    with pytest.raises(error, match=re.escape(message)):
        make()
