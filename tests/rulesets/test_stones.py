"""The stone games (the Clobber family, Konane, Amazons, Fission) against their rules.

Values come from CGSuite's own tests (``lib/core/src/test/scala/org/cgsuite/lang/
GameGridTest.scala``) and from the whole-board models of ``tests/reference.py``,
which search every position with nothing of `cgt`'s components, symmetries or
compiled core.  On random small boards the compiled search, the Python search
and the model must agree.
"""

import math
import re

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

import reference
from cgt import engine, parse
from cgt.short.game import _game
from cgt.rulesets import (Amazons, AntiClobber, Clobber, Fission, GenClobber, HotClobber, Kings, Knights, Konane,
                          LoopyPositionError, PositionSyntaxError, Queens, Rooks)
from cgt.rulesets.position import solve

# CGSuite's GameGridTest, "define Clobber properly".
CGSUITE_CLOBBER = [
    (Clobber, "xox|ox.", "{^^*|*,v}"),
    (GenClobber(directions="diagonal"), "xoxo|oox.|xxx.", "{0,v*|vv}"),
    (Kings, "xox|ox.", "{^^*|*,v[2]}"),
    (Rooks, "xox|ox.", "{^^*|0,*}"),
    (Queens, "xox|ox.", "^"),
    (AntiClobber, "xoxo|oo..", "{*|-1}"),
]


@pytest.mark.parametrize("ruleset, board, expected", CGSUITE_CLOBBER,
                         ids=[f"{r.__name__}-{b}" for r, b, _ in CGSUITE_CLOBBER])
def test_cgsuites_clobber_values(ruleset, board, expected):
    value = ruleset(board).canonical_form
    assert str(value) == expected
    assert value == parse(expected)


def _chars(values):
    return "".join(".xo"[v] for v in values)


# ruleset -> its moves in the model, the characters of a random board, the largest board (rows, columns)
MODELS = {
    Clobber: (reference.gen_clobber_moves(((1, 0), (-1, 0), (0, 1), (0, -1)), ("o", "x"), "..", 1), ".#xo", (3, 4)),
    AntiClobber: (reference.gen_clobber_moves(((1, 0), (-1, 0), (0, 1), (0, -1)), (".", "."), "ox", 1),
                  ".#xo", (2, 3)),
    HotClobber: (reference.gen_clobber_moves(((1, 0), (-1, 0), (0, 1), (0, -1)), ("xo", "xo"), "..", 1),
                 ".xo", (3, 3)),
    Kings: (reference.gen_clobber_moves(reference._QUEEN, ("o", "x"), "..", 1), ".xo", (3, 3)),
    Knights: (reference.gen_clobber_moves([(a, b) for a in (-2, -1, 1, 2) for b in (-2, -1, 1, 2) if abs(a) != abs(b)],
                                          ("o", "x"), "..", 1), ".xo", (3, 4)),
    Rooks: (reference.gen_clobber_moves(((1, 0), (-1, 0), (0, 1), (0, -1)), ("o", "x"), "..", math.inf),
            ".#xo", (3, 4)),
    Queens: (reference.gen_clobber_moves(reference._QUEEN, ("o", "x"), "..", math.inf), ".#xo", (3, 3)),
    # A lopsided variant: steps down and right only, two cells at most, Left onto empty or
    # Right's stones, Right onto Left's, Left leaves a Right stone behind.
    GenClobber(directions=[(1, 0), (0, 1)], clobbered=({0, 2}, {1}), left_behind=(2, 0), max_distance=2):
        (reference.gen_clobber_moves(((1, 0), (0, 1)), (".o", "x"), "o.", 2), ".#xo", (3, 3)),
    Konane: (reference.konane_moves, ".#xo", (3, 4)),
    Amazons: (reference.amazons_moves, ".#xo", (2, 3)),
    Fission: (reference.fission_moves, ".#x", (3, 4)),
}


@st.composite
def boards(draw, symbols, largest):
    height = draw(st.integers(1, largest[0]))
    width = draw(st.integers(1, largest[1]))
    cells = draw(st.lists(st.sampled_from(symbols), min_size=height * width, max_size=height * width))
    return tuple("".join(cells[r * width:(r + 1) * width]) for r in range(height))


@pytest.mark.parametrize("ruleset", MODELS, ids=[r.__name__ for r in MODELS])
@settings(max_examples=40, deadline=None)
@given(data=st.data())
def test_the_compiled_and_python_searches_agree_with_the_rules(ruleset, data):
    moves, symbols, largest = MODELS[ruleset]
    rows = data.draw(boards(symbols, largest))
    position = ruleset("|".join(rows))
    expected = reference.to_game(reference.ruleset_value(rows, moves))
    assert _game(solve(position)) == expected                  # the Python search
    assert position.canonical_form == expected                 # compiled, on the compiled engine


def test_the_compiled_search_is_used_on_the_compiled_engine():
    # Clobber's 3x4 checkerboard takes the Python search about half a second.
    position = Clobber("xoxo|oxox|xoxo")
    if engine.ENGINE == "compiled":
        assert position._compiled_id() is not None
    assert position.canonical_form == _game(solve(position))


def test_a_family_gives_one_class_per_set_of_rules():
    assert GenClobber() is GenClobber(directions="orthogonal", clobbered={"left": [2], "right": [1]})
    assert GenClobber(directions="compass") is Kings.__base__
    assert issubclass(Clobber, GenClobber()) and not issubclass(Kings, GenClobber())
    assert repr(GenClobber(max_distance=math.inf, left_behind=(2, 1))("xo")) == \
        "GenClobber(left_behind=(2, 1), max_distance=math.inf)('xo')"


def test_symmetries_follow_the_rules():
    # Steps down and right only: a mirror image is another game, and so is a colour swap
    # when Left and Right move differently.
    down_right = GenClobber(directions=[(1, 0), (0, 1)])
    assert down_right("xo").canonical_form != down_right("ox").canonical_form
    assert down_right._symmetries == (0, 4)
    assert Clobber._swap_negates and HotClobber._swap_negates and AntiClobber._swap_negates
    assert not GenClobber(clobbered=({2}, {0, 1}))._swap_negates


def test_sliding_stones_can_make_a_loopy_game():
    # Stones that move onto empty cells and leave nothing behind can go back and forth.
    slide = GenClobber(clobbered=({0}, {0}))
    with pytest.raises(LoopyPositionError):
        slide("x.").canonical_form


@pytest.mark.parametrize("arguments, message", [
    (dict(directions="sideways"), "directions is one of"),
    (dict(directions=[(0, 0)]), "nonzero"),
    (dict(directions=[(1,)]), "directions is a name or a list"),
    (dict(directions=[]), "at least one"),
    (dict(clobbered=({3}, {1})), "0 (empty), 1 (a Left stone) or 2"),
    (dict(clobbered={"left": {2}}), "keys 'left' and 'right'"),
    (dict(clobbered=5), "a pair"),
    (dict(left_behind=(0, True)), "Right's value"),
    (dict(max_distance=0), "max_distance"),
    (dict(max_distance=-1), "max_distance"),
    (dict(max_distance=2.5), "max_distance"),
    (dict(max_distance=2.0), "max_distance"),
    (dict(max_distance=True), "max_distance"),
    (dict(max_distance="3"), "max_distance"),
    (dict(max_distance=None), "max_distance"),
    (dict(max_distance=math.nan), "max_distance"),
    (dict(max_distance=-math.inf), "max_distance"),
])
def test_bad_parameters_say_what_is_wrong(arguments, message):
    with pytest.raises((TypeError, ValueError), match=re.escape(message)):
        GenClobber(**arguments)


@pytest.mark.parametrize("distance", [2**31 - 1, 2**31, 2**32, 2**63, 2**64, 10**30])
def test_a_distance_past_the_board_is_rooks_unbounded_slide(distance):
    # Issue #37: from 2^32 on the compiled search raised OverflowError.  CGSuite's Rooks value.
    assert GenClobber(max_distance=distance)("xox|ox.").canonical_form == parse("{^^*|0,*}")


def test_bad_boards_say_what_is_wrong():
    with pytest.raises(PositionSyntaxError, match="unknown character 'o'"):
        Fission("x.o")
    with pytest.raises(PositionSyntaxError, match="row 2 has 1 cells"):
        Konane("xo|x")
