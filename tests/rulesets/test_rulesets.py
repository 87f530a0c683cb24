"""The Position protocol, and the strip, cake and stone rulesets on hand-checked small positions."""

import pytest

from cgt import Game, parse, star, up
from cgt.rulesets import (
    Amazons, Clobber, Cram, Cutcake, Domineering, Eatcake, Konane, Position, PositionSyntaxError,
    ToadsAndFrogs, TopplingDominoes, TranspositionTable,
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
        ToadsAndFrogs("TT.F", max_jump=-1)


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
        Clobber("xo", directions="sideways")


def test_konane_and_amazons():
    assert Konane("xo.").canonical_form == 1
    assert Konane("xo.o.").left_moves() == [Konane("..xo."), Konane("....x")]
    assert Amazons("x.o").canonical_form == star
    assert len(Amazons("x.|.o").left_moves()) == 4


def test_svg_for_every_ruleset():
    for position in (Domineering("..|.#"), Cram(".."), Clobber("xo"), Konane("xo."), Amazons("x.o"),
                     ToadsAndFrogs("T.F"), TopplingDominoes("LRG"), Cutcake(2, 3), Eatcake(1, 2)):
        svg = position._repr_svg_()
        assert svg.startswith("<svg") and svg.endswith("</svg>")
