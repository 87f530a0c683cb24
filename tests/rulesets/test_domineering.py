"""Domineering and Cram: values against cgt-py's, against a naive solver, and the position API."""

import itertools
import json
import os
from functools import lru_cache
from pathlib import Path

import pytest

from hypothesis import given, settings
from hypothesis import strategies as st

from cgt import Game, engine, parse
from cgt.short.game import _game
from cgt.rulesets import Cram, Domineering, PositionSyntaxError
from cgt.rulesets.domineering import _solver, encode

CGT_PY = json.loads((Path(__file__).parents[1] / "data" / "cgt_py_domineering_values.json").read_text())["values"]
SLOW = {"5x6"} if engine.ENGINE == "pure" else set()   # 5x6 takes about a minute on the pure engine


def _cgt_py_value(text):
    """cgt-py prints options separated by ', ' (and ^2 for ^^, which these values do not use)."""
    return parse(text.replace(", ", ","))


@pytest.mark.parametrize("size", sorted(CGT_PY))
def test_empty_board_matches_cgt_py(size):
    if size in SLOW and not os.environ.get("CGT_SLOW_TESTS"):
        pytest.skip("slow board; set CGT_SLOW_TESTS=1")
    entry = CGT_PY[size]
    Domineering.clear_cache()
    assert Domineering(entry["grid"]).canonical_form == _cgt_py_value(entry["value"])


boards = st.integers(1, 5).flatmap(
    lambda height: st.integers(1, 6).flatmap(
        lambda width: st.lists(st.text(".#", min_size=width, max_size=width).map(
            lambda row: row.replace("#", ".", row.count("#") // 2)), min_size=height, max_size=height)))


@pytest.mark.slow
@pytest.mark.skipif(engine.ENGINE != "compiled", reason="the compiled solver needs the compiled engine")
@settings(max_examples=150, deadline=None)
@given(boards, st.sampled_from([Domineering, Cram]))
def test_compiled_solver_agrees_with_the_python_solver(rows, ruleset):
    position = ruleset("|".join(rows))
    mask, width = encode(position.rows)
    assert position.canonical_form == _game(_solver(ruleset).value(mask, width))


# ---------------------------------------------------------------- brute force
@lru_cache(maxsize=None)
def _naive(cells):
    """Domineering from the definition: a frozenset of empty (r, c), no decomposition, no symmetry."""
    left = [_naive(cells - {(r, c), (r + 1, c)}) for r, c in cells if (r + 1, c) in cells]
    right = [_naive(cells - {(r, c), (r, c + 1)}) for r, c in cells if (r, c + 1) in cells]
    return Game(left, right)


def _boards(height, width):
    cells = [(r, c) for r in range(height) for c in range(width)]
    for blocked in itertools.product((False, True), repeat=len(cells)):
        rows = ["".join("#" if blocked[r * width + c] else "." for c in range(width)) for r in range(height)]
        yield "|".join(rows), frozenset(cell for cell, b in zip(cells, blocked) if not b)


@pytest.mark.parametrize("height,width", [(h, w) for h in range(1, 5) for w in range(1, 5) if h * w <= 12])
def test_fast_solver_agrees_with_naive_on_every_board(height, width):
    for board, cells in _boards(height, width):
        assert Domineering(board).canonical_form == _naive(cells), board


def test_cram_is_domineering_for_both_players():
    @lru_cache(maxsize=None)
    def naive(cells):
        moves = [cells - {a, b} for a in cells for b in ((a[0] + 1, a[1]), (a[0], a[1] + 1)) if b in cells]
        options = [naive(m) for m in moves]
        return Game(options, options)

    for board, cells in _boards(3, 3):
        assert Cram(board).canonical_form == naive(cells), board


# ---------------------------------------------------------------- reference values
def test_cgsuite_4x4_notation():
    assert str(Domineering.empty(4, 4).canonical_form) == "+-{0,{{2|0},2Tiny(2)|{2|0},Miny(2)}}"


def test_sign_convention_left_is_vertical():
    assert Domineering(".|.").canonical_form == 1
    assert Domineering("..").canonical_form == -1


def test_transposed_board_is_the_negative():
    board = Domineering("...#|....|.#..")
    columns = "|".join("".join(col) for col in zip(*board.rows))
    assert Domineering(columns).canonical_form == -board.canonical_form


def test_mirror_images_share_a_key():
    assert Domineering("..#|...").key == Domineering("#..|...").key == Domineering("...|..#").key


def test_key_of_transposed_board_is_marked_negated():
    a = Domineering("...|..#")
    b = Domineering("..|..|.#")
    assert a.key == b.key and a.signed_key()[1] != b.signed_key()[1]


def test_value_is_sum_of_components():
    board = Domineering("...#..|...#..|######|.#....")
    parts = board.components()
    assert len(parts) == 3
    assert board.canonical_form == sum((p.canonical_form for p in parts), Game(0))


def test_dead_cells_are_no_component():
    assert Domineering(".#.|#.#|.#.").components() == ()
    assert Domineering(".#.|#.#|.#.").canonical_form == 0


def test_moves():
    board = Domineering("..|.#")
    assert board.left_moves() == [Domineering("#.|##")]
    assert board.right_moves() == [Domineering("##|.#")]


def test_empty_board_and_zero_size():
    assert Domineering("").canonical_form == 0
    assert Domineering.empty(0, 0).canonical_form == 0
    assert Domineering.empty(1, 1).canonical_form == 0


@pytest.mark.slow
def test_long_column_has_no_recursion_error():
    assert Domineering("|".join(["."] * 400)).canonical_form == 200


@pytest.mark.parametrize("height", [11, 12])    # 11 x 10 fills 121 bits of the compiled solver; 12 x 10 needs 132
def test_boards_at_the_compiled_solvers_limit_agree_with_the_python_solver(height):
    rows = ["#" * 10] * (height - 3) + ["..#.......", ".##..#.#..", "...#.#...."]
    position = Domineering("|".join(rows))
    assert position.canonical_form == _game(_solver(Domineering).value(*encode(position.rows)))


def test_clear_cache_keeps_values():
    before = Domineering.empty(3, 4).canonical_form
    Domineering.clear_cache()
    assert Domineering.empty(3, 4).canonical_form == before


def test_small_cache_still_correct():
    class Tiny(Domineering):
        cache_size = 10

    Tiny.clear_cache()
    assert Tiny.empty(4, 4).canonical_form == Domineering.empty(4, 4).canonical_form


# ---------------------------------------------------------------- bad input
@pytest.mark.parametrize("board,message", [
    ("..|...", "row 2 has 3 cells, row 1 has 2"),
    ("..|.x", "unknown character 'x' at row 2, column 2"),
    ("..|.a|..", "unknown character 'a' at row 2, column 2"),
])
def test_malformed_board(board, message):
    with pytest.raises(PositionSyntaxError, match=message):
        Domineering(board)
    with pytest.raises(ValueError):
        Domineering(board)


def test_not_a_string():
    with pytest.raises(TypeError):
        Domineering(42)


def test_svg():
    svg = Domineering("..|#.")._repr_svg_()
    assert svg.startswith("<svg") and svg.endswith("</svg>") and svg.count("<rect") == 4
