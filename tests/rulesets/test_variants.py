"""Dicotic, impartial and twisted variants (CGSuite's ``game.variant``) against their definitions.

CGSuite defines Cram as Domineering's impartial variant (``game/grid/constants.cgs``):
on random boards the two must agree.  The other checks compare a variant with
the model of ``tests/reference.py``, built from the base ruleset's moves there
and the variant's definition.
"""

import re

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

import reference
from cgt import nimber
from cgt.short.game import _game
from cgt.rulesets import (Clobber, Cram, Cutcake, Domineering, PartizanSubtraction, Position, ToadsAndFrogs,
                          dicotic_variant, impartial_variant, twisted_variant)
from cgt.rulesets.position import solve

CLOBBER = reference.gen_clobber_moves(((1, 0), (-1, 0), (0, 1), (0, -1)), ("o", "x"), "..", 1)
TOADS_AND_FROGS = reference.toads_and_frogs_moves()


@st.composite
def boards(draw, symbols, rows, columns):
    height, width = draw(st.integers(1, rows)), draw(st.integers(1, columns))
    cells = draw(st.text(st.sampled_from(symbols), min_size=height * width, max_size=height * width))
    return "|".join(cells[r * width:(r + 1) * width] for r in range(height))


@settings(max_examples=40, deadline=None)
@given(board=boards("..#", 4, 4))
def test_domineerings_impartial_variant_is_cram(board):
    variant = impartial_variant(Domineering)(board)
    assert variant.canonical_form == Cram(board).canonical_form
    assert variant.canonical_form == impartial_variant(Domineering(board)).canonical_form


def _model(board, moves):
    return reference.to_game(reference.ruleset_value(tuple(board.split("|")), moves))


@settings(max_examples=40, deadline=None)
@given(board=boards(".xo", 3, 3))
def test_clobbers_variants_follow_their_definitions(board):
    assert dicotic_variant(Clobber)(board).canonical_form == _model(board, reference.dicotic_moves(CLOBBER))
    assert impartial_variant(Clobber)(board).canonical_form == _model(board, reference.impartial_moves(CLOBBER))
    twisted = reference.to_game(reference.twisted_value(tuple(board.split("|")), CLOBBER))
    assert twisted_variant(Clobber)(board).canonical_form == twisted
    assert _game(solve(twisted_variant(Clobber(board)))) == twisted


@settings(max_examples=40, deadline=None)
@given(strip=st.text(st.sampled_from("..TF"), max_size=8))
def test_toads_and_frogs_variants_follow_their_definitions(strip):
    def model(moves):
        return reference.to_game(reference.ruleset_value(strip, moves))

    assert dicotic_variant(ToadsAndFrogs(strip)).canonical_form == model(reference.dicotic_moves(TOADS_AND_FROGS))
    assert impartial_variant(ToadsAndFrogs(strip)).canonical_form == \
        model(reference.impartial_moves(TOADS_AND_FROGS))
    assert twisted_variant(ToadsAndFrogs(strip)).canonical_form == \
        reference.to_game(reference.twisted_value(strip, TOADS_AND_FROGS))


def test_a_variant_of_a_sum_is_not_the_sum_of_variants():
    # The dicotic and twisted variants do not decompose (worked by hand).  Alone, Cutcake(1, 2) and
    # Cutcake(2, 1) are dead in the dicotic variant (only one player can move); together both can, once: *.
    pair = Cutcake(pieces=[(1, 2), (2, 1)])
    assert dicotic_variant(Cutcake(1, 2)).canonical_form == 0
    assert str(dicotic_variant(pair).canonical_form) == "*"
    # Twisted, Cutcake(1, 2) is {-T(two 1x1 cakes) |} = {0|} = 1 and the pair is {1|-1}, not 1 - 1 = 0.
    assert str(twisted_variant(Cutcake(1, 2)).canonical_form) == "1"
    assert str(twisted_variant(pair).canonical_form) == "+-1"


def test_impartial_variants_are_nimbers_and_keep_components():
    heaps = PartizanSubtraction([1, 3], [2]).heaps(3, 4)
    variant = impartial_variant(heaps)
    assert len(variant.components()) == 2
    assert variant.canonical_form == nimber(variant.canonical_form.nim_value)
    # Takes of 1, 2 or 3: heaps of 3 and 4 are *3 and *0.
    assert variant.canonical_form == nimber(3)


def test_variant_rulesets_are_classes_made_once():
    assert impartial_variant(Domineering) is impartial_variant(Domineering)
    assert issubclass(dicotic_variant(Clobber), Position)
    assert dicotic_variant(Clobber)("xo") == dicotic_variant(Clobber("xo"))
    assert repr(twisted_variant(Clobber)("xo")) == "twisted_variant(Clobber('xo'))"
    assert twisted_variant(Clobber)("xo").left_moves() == [twisted_variant(Clobber)("x").__class__._of(
        Clobber(".x"), True)]
    assert repr(twisted_variant(Clobber)("xo").left_moves()[0]) == "-twisted_variant(Clobber('.x'))"
    # A variant of a variant.
    assert impartial_variant(dicotic_variant(Clobber))("xo|ox").canonical_form == \
        _model("xo|ox", reference.impartial_moves(reference.dicotic_moves(CLOBBER)))


@pytest.mark.parametrize("build, error, message", [
    (lambda: dicotic_variant(5), TypeError, "a dicotic variant is made of a position or a ruleset"),
    (lambda: twisted_variant(lambda board: board)("x"), TypeError, "made 'x', which is not a Position"),
])
def test_bad_variants_say_what_is_wrong(build, error, message):
    with pytest.raises(error, match=re.escape(message)):
        build()
