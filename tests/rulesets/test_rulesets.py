"""The Position protocol, and the strip, cake and stone rulesets on hand-checked small positions."""

import itertools

import pytest

from cgt import Game, parse, star, up
from cgt.rulesets import (
    Amazons, AntiClobber, Clobber, Cram, GenClobber, Cutcake, Domineering, Eatcake, Kings, Konane, Position,
    PositionSyntaxError, GenToadsAndFrogs, ToadsAndFrogs, TopplingDominoes, TranspositionTable, TurnAndEatcake,
)


class Heap(Position):
    """n counters; Left takes one or two, Right takes one (a from-the-definition check below)."""

    def __init__(self, n):
        self.n = n

    def left_moves(self):
        return [Heap(self.n - k) for k in (1, 2) if k <= self.n]

    def right_moves(self):
        return [Heap(self.n - 1)] if self.n else []

    @property
    def key(self):
        return self.n


def _by_definition(n):
    values = []
    for k in range(n + 1):
        left = [values[k - j] for j in (1, 2) if j <= k]
        right = [values[k - 1]] if k else []
        values.append(Game(left, right))
    return values[n]


def test_position_protocol_matches_definition():
    for n in range(12):
        assert Heap(n).canonical_form == _by_definition(n)


def test_deep_position_has_no_recursion_error():
    Heap.clear_cache()
    assert Heap(3000).canonical_form == _by_definition(3000)
    assert ToadsAndFrogs("T" + "." * 3000).canonical_form == 3000


def test_small_table_is_trimmed_and_still_correct():
    class Small(Heap):
        cache_size = 8

    Small.clear_cache()
    assert Small(60).canonical_form == _by_definition(60)
    assert len(Small._table()) <= 8


def test_transposition_table_keeps_newest():
    table = TranspositionTable(4)
    for k in range(10):
        table[k] = k
    assert 9 in table and 0 not in table and len(table) <= 4


def test_missing_moves_is_a_clear_error():
    class Nothing(Position):
        pass

    with pytest.raises(NotImplementedError, match="left_moves"):
        Nothing().canonical_form


# ---------------------------------------------------------------- strips
def test_toads_and_frogs_moves_and_symmetry():
    assert ToadsAndFrogs("TF.").left_moves() == [ToadsAndFrogs(".FT")]
    assert ToadsAndFrogs("TF.").right_moves() == []
    assert ToadsAndFrogs("T.TFF").canonical_form == -ToadsAndFrogs("TTF.F").canonical_form
    assert ToadsAndFrogs("tt.ff") == ToadsAndFrogs("TT.FF")


def test_toads_and_frogs_bad_input():
    with pytest.raises(PositionSyntaxError, match="'x' at column 3"):
        ToadsAndFrogs("TTx")
    with pytest.raises(ValueError):
        GenToadsAndFrogs(max_jump=-1)


def test_toppling_dominoes():
    assert TopplingDominoes("L").canonical_form == 1
    assert TopplingDominoes("LR").canonical_form == star
    assert TopplingDominoes("LLR").canonical_form == parse("{1|0}")
    assert TopplingDominoes("G").canonical_form == star
    assert TopplingDominoes("RL").canonical_form == TopplingDominoes("LR").canonical_form


# ---------------------------------------------------------------- cakes
def test_cakes():
    assert Cutcake(1, 5).canonical_form == 4
    assert Cutcake(5, 1).canonical_form == -4
    assert Eatcake(2, 1).canonical_form == up
    assert Eatcake(2, 2).canonical_form == star
    assert Cutcake(pieces=[(1, 3), (3, 1)]).canonical_form == 0
    with pytest.raises(ValueError):
        Cutcake(-1, 2)


# ---------------------------------------------------------------- stones
def test_clobber():
    assert Clobber("xo").canonical_form == star
    assert Clobber("xoo").canonical_form == parse("v")
    assert Clobber("xo|.#").canonical_form == star          # '#' and '.' are both "no stone"
    assert Clobber("xx.oo").components() == ()
    with pytest.raises(ValueError):
        GenClobber(directions="sideways")


def test_konane_and_amazons():
    assert Konane("xo.").canonical_form == 1
    assert Konane("xo.o.").left_moves() == [Konane("..xo."), Konane("....x")]
    assert Amazons("x.o").canonical_form == star
    assert len(Amazons("x.|.o").left_moves()) == 4


# Kings and AntiClobber from their definitions (CGSuite's GenClobber instances), on whole boards:
# a stone of the mover's steps to a neighbouring cell; in Kings (the eight compass directions) it
# must hold an opposing stone, which is captured; in AntiClobber (the four orthogonal directions)
# it must be empty, and an opposing stone is left on the cell the stone came from.
_STEPS = {"Kings": [(dr, dc) for dr in (-1, 0, 1) for dc in (-1, 0, 1) if dr or dc],
          "AntiClobber": [(1, 0), (-1, 0), (0, 1), (0, -1)]}


def _stone_game(rule, rows, memo):
    if (rule, rows) in memo:
        return memo[(rule, rows)]
    options = {}
    for me, them in (("x", "o"), ("o", "x")):
        target, behind = (them, ".") if rule == "Kings" else (".", them)
        options[me] = []
        for r, row in enumerate(rows):
            for c, ch in enumerate(row):
                if ch != me:
                    continue
                for dr, dc in _STEPS[rule]:
                    rr, cc = r + dr, c + dc
                    if 0 <= rr < len(rows) and 0 <= cc < len(row) and rows[rr][cc] == target:
                        cells = [list(x) for x in rows]
                        cells[r][c], cells[rr][cc] = behind, me
                        options[me].append(_stone_game(rule, tuple("".join(x) for x in cells), memo))
    value = memo[(rule, rows)] = Game(options["x"], options["o"])
    return value


@pytest.mark.parametrize("ruleset", [Kings, AntiClobber])
@pytest.mark.parametrize("shape", [(1, 4), (2, 2), (2, 3)])
def test_kings_and_anticlobber_by_definition(ruleset, shape):
    height, width = shape
    memo = {}
    for cells in itertools.product(".xo#" if height * width <= 4 else ".xo", repeat=height * width):
        rows = tuple("".join(cells[r * width:(r + 1) * width]) for r in range(height))
        assert ruleset("|".join(rows)).canonical_form == _stone_game(ruleset.__name__, rows, memo), rows


def test_kings_and_anticlobber():
    assert Kings("x.|.o").canonical_form == star                   # a diagonal capture each
    assert Clobber("x.|.o").canonical_form == 0                    # none in Clobber
    assert Kings("xo") == Kings("xo") != GenClobber(directions="compass")("xo")
    assert repr(Kings("xo")) == "Kings('xo')" and eval(repr(AntiClobber("x."))) == AntiClobber("x.")
    assert AntiClobber("x.").left_moves() == [AntiClobber("ox")]
    assert AntiClobber("x#.").canonical_form == 0                  # '#' is not an empty cell here
    assert AntiClobber("x.|##|.o").components() == (AntiClobber("x."), AntiClobber(".o"))


def test_turn_and_eatcake_moves():
    assert TurnAndEatcake(3, 2).left_moves() == [TurnAndEatcake(pieces=[(2, 1), (2, 1)]), TurnAndEatcake(2, 2)]
    assert TurnAndEatcake(3, 2).right_moves() == [TurnAndEatcake(1, 3)]
    assert TurnAndEatcake(4, 0).left_moves() == [TurnAndEatcake(pieces=[(0, 1), (0, 2)]), TurnAndEatcake(0, 3)]
    assert TurnAndEatcake(0, 0).components() == ()          # nobody can move on it


def test_svg_for_every_ruleset():
    for position in (Domineering("..|.#"), Cram(".."), Clobber("xo"), Konane("xo."), Amazons("x.o"),
                     ToadsAndFrogs("T.F"), TopplingDominoes("LRG"), Cutcake(2, 3), Eatcake(1, 2),
                     Kings("xo"), AntiClobber("x."), TurnAndEatcake(2, 0)):
        svg = position._repr_svg_()
        assert svg.startswith("<svg") and svg.endswith("</svg>")
