"""The strip games (the Toads and Frogs family, Toppling Dominoes) against their rules.

Values come from CGSuite's own tests (``lib/core/src/test/scala/org/cgsuite/lang/
GameStripTest.scala``) and from the whole-strip models of ``tests/reference.py``,
which search every position with nothing of `cgt`'s components, symmetries or
compiled core.  On random small strips the compiled search, the Python search
and the model must agree.
"""

import re

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

import reference
from cgt import engine, parse
from cgt.short.game import _game
from cgt.rulesets import (BackslidingToadsAndFrogs, ElephantsAndRhinos, GenToadsAndFrogs, LoopyPositionError,
                          PositionSyntaxError, ToadsAndFrogs, TopplingDominoes)
from cgt.rulesets.position import solve

# GameStripTest.scala, "define Toads and Frogs properly" and "define Toppling Dominoes properly".
CGSUITE = [
    (ToadsAndFrogs, "ttttt..fffff",
     "+-{{2|*},{5/2||2|{0||||{0||v<2>|-1},{0||||0||Miny(1/32)|-2|||-1/2*}|||v<2>|-1/2||-1*}|||0}}"),
    (GenToadsAndFrogs(max_jump=2), "tttt..fff", "{1/2*|v}"),
    (ElephantsAndRhinos, "tttt..fff", "1"),
    (TopplingDominoes, "lrrlrrl", "Tiny(1/2)"),
    (TopplingDominoes, "lere", "{1|0,{0|-1}}"),
]


@pytest.mark.parametrize("ruleset, strip, expected", CGSUITE, ids=[f"{r.__name__}-{s}" for r, s, _ in CGSUITE])
def test_cgsuites_values(ruleset, strip, expected):
    position = ruleset(strip)
    assert str(position.canonical_form) == expected
    assert position.canonical_form == parse(expected)
    assert _game(solve(position)) == parse(expected)


# ruleset -> its moves in the model, the characters of a random strip, the longest strip
MODELS = {
    ToadsAndFrogs: (reference.toads_and_frogs_moves(), "..TF", 9),
    ElephantsAndRhinos: (reference.toads_and_frogs_moves(max_jump=0), "..TF", 9),
    GenToadsAndFrogs(max_jump=2): (reference.toads_and_frogs_moves(max_jump=2), "..TF", 9),
    GenToadsAndFrogs(max_jump=2, allow_friendly_jump=True):
        (reference.toads_and_frogs_moves(max_jump=2, friendly=True), "..TF", 8),
    GenToadsAndFrogs(max_slide=3): (reference.toads_and_frogs_moves(max_slide=3), "...TF", 8),
    GenToadsAndFrogs(min_slide=2, max_slide=3, max_jump=0):
        (reference.toads_and_frogs_moves(min_slide=2, max_slide=3, max_jump=0), "..TF", 9),
    GenToadsAndFrogs(min_slide=0, max_slide=2, max_jump=3):
        (reference.toads_and_frogs_moves(min_slide=0, max_slide=2, max_jump=3), "..TF", 8),
    TopplingDominoes: (reference.toppling_dominoes_moves, ".lre", 8),
}


@pytest.mark.parametrize("ruleset", MODELS, ids=[r.__name__ for r in MODELS])
@settings(max_examples=60, deadline=None)
@given(data=st.data())
def test_the_compiled_and_python_searches_agree_with_the_rules(ruleset, data):
    moves, symbols, longest = MODELS[ruleset]
    strip = data.draw(st.text(st.sampled_from(symbols), max_size=longest))
    position = ruleset(strip)
    expected = reference.to_game(reference.ruleset_value(position.strip, moves))
    assert _game(solve(position)) == expected                  # the Python search
    assert position.canonical_form == expected                 # compiled, on the compiled engine


_MIRROR = str.maketrans("TFlr", "FTrl")


@pytest.mark.parametrize("ruleset", [ToadsAndFrogs, GenToadsAndFrogs(max_jump=2, max_slide=2), TopplingDominoes])
@settings(max_examples=40, deadline=None)
@given(data=st.data())
def test_a_strip_read_backwards_with_the_players_swapped_is_the_negative(ruleset, data):
    symbols = MODELS.get(ruleset, MODELS[ToadsAndFrogs])[1]
    strip = data.draw(st.text(st.sampled_from(symbols), max_size=9))
    mirror = ruleset(strip[::-1].translate(_MIRROR))
    assert mirror.canonical_form == -ruleset(strip).canonical_form
    assert _game(solve(mirror)) == -_game(solve(ruleset(strip)))


def test_dominoes_read_backwards_or_with_gaps_are_the_same_game():
    assert TopplingDominoes("lre.rr").canonical_form == TopplingDominoes("rrerl").canonical_form
    assert TopplingDominoes("l..r").components() == (TopplingDominoes("lr"),)


def test_the_compiled_search_is_used_on_the_compiled_engine():
    for position in (ToadsAndFrogs("TTT..FFF"), TopplingDominoes("lrrlrrl"), GenToadsAndFrogs(max_slide=2)("T..F")):
        assert (position._compiled_id() is not None) == (engine.ENGINE == "compiled")


def test_a_strip_longer_than_the_compiled_search_takes_is_searched_in_python():
    position = ToadsAndFrogs("T" + "." * 70 + "F")
    assert position._compiled_id() is None
    moves = reference.toads_and_frogs_moves()
    assert position.canonical_form == reference.to_game(reference.ruleset_value(position.strip, moves))


def test_frozen_blocks_split_a_strip_into_independent_parts():
    # TTFF never moves and nothing passes it; frogs at the left end and toads at the right end are stuck.
    position = ToadsAndFrogs("FT.F.TTFF.T.FFT")
    assert position.components() == (ToadsAndFrogs("T.F."), ToadsAndFrogs(".T.FF"))
    assert position.canonical_form == ToadsAndFrogs("T.F.").canonical_form + ToadsAndFrogs(".T.FF").canonical_form
    # With jumps over two pieces, TTFF is not stuck: a toad jumps out over two frogs.
    jumps = GenToadsAndFrogs(max_jump=2)
    assert jumps("TTFF.").components() == (jumps("TTFF."),)


def test_backsliding_is_loopy_on_both_searches():
    with pytest.raises(LoopyPositionError):
        BackslidingToadsAndFrogs("TT.F").canonical_form
    with pytest.raises(LoopyPositionError):
        solve(BackslidingToadsAndFrogs("T.F."))
    assert str(BackslidingToadsAndFrogs("TT.F").game_value()) == "on"
    # With no room to slide back, nothing loops: the value is the plain game's.
    assert BackslidingToadsAndFrogs("TF").canonical_form == 0


def test_the_family_gives_one_class_per_set_of_rules():
    assert GenToadsAndFrogs() is ToadsAndFrogs.__base__
    assert GenToadsAndFrogs(max_jump=0) is ElephantsAndRhinos.__base__
    assert GenToadsAndFrogs(min_slide=-1, max_slide=1) is BackslidingToadsAndFrogs.__base__
    assert repr(GenToadsAndFrogs(max_slide=2, allow_friendly_jump=True)("t.f")) == \
        "GenToadsAndFrogs(max_slide=2, allow_friendly_jump=True)('T.F')"
    assert ToadsAndFrogs("tt.ff") == ToadsAndFrogs("TT.FF") != ElephantsAndRhinos("TT.FF")


def test_toppling_dominoes_reads_cgsuites_characters_and_the_old_ones():
    assert TopplingDominoes("LRG") == TopplingDominoes("lre") == TopplingDominoes("lrg")
    assert repr(TopplingDominoes("L.G")) == "TopplingDominoes('l.e')"
    assert TopplingDominoes("lr").left_moves() == [TopplingDominoes(".r"), TopplingDominoes("..")]


@pytest.mark.parametrize("arguments, error, message", [
    (dict(max_jump=-1), ValueError, "max_jump is an int >= 0"),
    (dict(min_slide=1.5), TypeError, "min_slide is an int"),
    (dict(max_slide=True), TypeError, "max_slide is an int"),
    (dict(allow_friendly_jump="yes"), TypeError, "allow_friendly_jump is True or False"),
    # Issue #37: slide ranges with no k, min_slide <= k <= max_slide, k != 0, were accepted.
    (dict(min_slide=3, max_slide=1), ValueError, "no such k for min_slide=3 and max_slide=1"),
    (dict(max_slide=0), ValueError, "no such k for min_slide=1 and max_slide=0"),
    (dict(min_slide=0, max_slide=0), ValueError, "no such k for min_slide=0 and max_slide=0"),
    (dict(max_slide=-1), ValueError, "no such k for min_slide=1 and max_slide=-1"),
])
def test_bad_parameters_say_what_is_wrong(arguments, error, message):
    with pytest.raises(error, match=re.escape(message)):
        GenToadsAndFrogs(**arguments)


def test_bad_strips_say_what_is_wrong():
    with pytest.raises(PositionSyntaxError, match="unknown character 'x' at column 3"):
        ToadsAndFrogs("TTx")
    with pytest.raises(PositionSyntaxError, match="unknown character 't' at column 2"):
        TopplingDominoes("lt")
    with pytest.raises(TypeError, match="a ToadsAndFrogs position is a string"):
        ToadsAndFrogs(5)
