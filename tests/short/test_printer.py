"""CGSuite's output notation (cgt/short/printer.py); expected strings are CGSuite's (NOTATION.md)."""

from fractions import Fraction

import pytest
from hypothesis import given

from cgt import Game, miny, nimber, parse, star, switch, tiny, up, up_power, up_power_to, uptimal, zero
from cgt.strategies import games

F = Fraction


@pytest.mark.parametrize("game, text", [
    # numbers, nimbers, uptimals (rules 2-4)
    (lambda: Game(0), "0"), (lambda: Game(5), "5"), (lambda: Game(F(-1, 2)), "-1/2"),
    (lambda: nimber(1), "*"), (lambda: nimber(8), "*8"),
    (lambda: uptimal(0, 1, 0), "^"), (lambda: uptimal(0, 2, 0), "^^"), (lambda: uptimal(0, 3, 0), "^3"),
    (lambda: uptimal(0, -1, 1), "v*"), (lambda: uptimal(0, -2, 0), "vv"),
    (lambda: uptimal(F(9, 8), 0, 1), "9/8*"), (lambda: uptimal(6, 1, 1), "6^*"),
    (lambda: uptimal(0, 1, 6), "^*6"), (lambda: uptimal(F(73, 16), -9, 8), "73/16v9*8"),
    (lambda: uptimal(1, 2, 0), "1^^"),
    # up-nth and up-to (rule 5)
    (lambda: up_power(2), "^<2>"), (lambda: -up_power(3), "v<3>"), (lambda: up_power(2) + star, "^<2>*"),
    (lambda: up_power_to(4), "^[4]"), (lambda: -up_power_to(4), "v[4]"),
    (lambda: F(3, 4) - up_power_to(3) + star, "3/4v[3]*"),
    (lambda: Game([0], [up_power(2)]), "{0|^<2>}"),
    # switches (rule 6)
    (lambda: switch(1), "+-1"), (lambda: switch(F(1, 2)), "+-1/2"), (lambda: switch(Game(1) + star), "+-(1*)"),
    (lambda: switch(Game([3], [2])), "+-{3|2}"), (lambda: switch(up + up), "+-^^"),
    (lambda: Game([1, Game([1], [-1])], [-1, Game([1], [-1])]), "+-{1,+-1}"),
    # Tiny and Miny (rule 7)
    (lambda: tiny(F(3, 2)), "Tiny(3/2)"), (lambda: 2 + tiny(2), "2Tiny(2)"), (lambda: miny(F(1, 2)), "Miny(1/2)"),
    (lambda: tiny(Game([3], [1])), "Tiny({3|1})"),
    # bars (rules 8, 9)
    (lambda: Game([3], [Game([2], [1])]), "{3||2|1}"), (lambda: Game([Game([1], [up + up])], [up]), "{1|^^||^}"),
])
def test_notation_of(game, text):
    assert str(game()) == text
    assert parse(text) is game()


@pytest.mark.parametrize("text", [
    # CGSuite prints these exactly as written (its own test suite)
    "{3|||2||1|0,*||||-1/2}",
    "+-{10|8||6|4|||4|2||0|-2}",
    "{1|^^||^}",
    "{3/2*|1/2||{0|-3},{-1*,{-1/2|-1*}|-5/2}}",
    "{0||0,v*|vv|||{0||0,v*|vv|||vv,{0,v*|vv}},{0||0,v*|vv}|{0||0,v*|vv|||vv,{0,v*|vv}||||vv}}",
])
def test_cgsuite_prints_its_canonical_forms_back(text):
    assert str(parse(text)) == text


def test_four_bars_are_the_longest_run():
    g = zero
    for k in range(1, 7):
        g = Game([k], [g])
    assert "|||||" not in str(g)
    assert parse(str(g)) is g


@given(games(3))
def test_every_game_prints_to_text_that_parses_back(g):
    assert parse(str(g)) is g


# ---------------------------------------------------------------- LaTeX
import re  # noqa: E402

from cgt.short.printer import game_latex  # noqa: E402


@pytest.mark.parametrize("text, latex", [
    ("*", r"\ast"), ("*8", r"\ast8"), ("-1/2", r"-\tfrac{1}{2}"),
    ("^", r"\uparrow"), ("^^*", r"\Uparrow\ast"), ("vv*3", r"\Downarrow\ast3"), ("v[4]", r"\downarrow^{[4]}"),
    ("^<2>*", r"\uparrow^{2}\ast"), ("73/16v9*8", r"\tfrac{73}{16}\downarrow9\ast8"),
    ("+-(1*)", r"\pm(1\ast)"), ("{3||2*|1*}", r"\{3\,\|\,2\ast\mid1\ast\}"),
    ("{1|||0||-1|-2}", r"\{1\,\|\mid0\,\|\,-1\mid-2\}"),
    ("{0,{1|0}|v}", r"\{0,\,\{1\mid0\}\mid\downarrow\}"), ("2Tiny(2)", r"2\mathrm{Tiny}(2)"),
])
def test_latex_transliterates_cgsuite_text_symbol_by_symbol(text, latex):
    assert game_latex(text) == latex


def test_repr_latex_is_the_latex_of_the_text_in_dollars():
    assert parse("{1|*}")._repr_latex_() == r"$\{1\mid\ast\}$"


_FROM_LATEX = [
    (r"\,\|\|\,", "||||"), (r"\,\|\mid", "|||"), (r"\,\|\,", "||"), (r"\mid", "|"),
    (r"\Uparrow", "^^"), (r"\Downarrow", "vv"), (r"\uparrow", "^"), (r"\downarrow", "v"),
    (r"\{", "{"), (r"\}", "}"), (r"\ast", "*"), (r",\,", ","), (r"\pm", "+-"),
    (r"\mathrm{Tiny}", "Tiny"), (r"\mathrm{Miny}", "Miny"),
]


def _text_from_latex(latex):
    latex = re.sub(r"\\tfrac\{(\d+)\}\{(\d+)\}", r"\1/\2", latex)
    latex = re.sub(r"(\\[a-z]+arrow)\^\{\[(\d+)\]\}", r"\1[\2]", latex)
    latex = re.sub(r"(\\[a-z]+arrow)\^\{(\d+)\}", r"\1<\2>", latex)
    for symbol, text in _FROM_LATEX:
        latex = latex.replace(symbol, text)
    return latex


@given(games(max_birthday=4))
def test_latex_reads_back_to_the_cgsuite_text(g):
    latex = game_latex(str(g))
    assert "|" not in latex.replace(r"\|", "").replace(r"\mid", "")
    assert _text_from_latex(latex) == str(g)
