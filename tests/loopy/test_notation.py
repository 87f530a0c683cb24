"""Loopy notation in `cgt.parse` and `str`: CGSuite's spellings (EvalTest, CanonicalStopperTestCase)."""

import pytest

from cgt import GameSyntaxError, parse

# (input, CGSuite's output), from CGSuite's loopy vectors and its named values.
PRINTED = [
    ("on", "on"), ("off", "off"), ("over", "over"), ("under", "under"), ("upon", "^[on]"),
    ("{pass|}", "on"), ("{|pass}", "off"), ("{0|pass}", "over"), ("{pass|0}", "under"),
    ("{pass|*}", "^[on]"), ("{pass,0|0}", "^[on]*"), ("{0|0,pass}", "v[on]*"),
    ("{0,*||*|pass}", "^<on>*"), ("{pass|*||0,*}", "v<on>*"), ("x{x|0}", "under"),
    ("5+over", "5over"), ("under+5", "5under"), ("5+{0,*||*|pass}", "5^<on>*"),
    ("{-1/4+*|pass}", "-1/4v[on]"), ("{0|||0||0|off}", "{0|Tiny(on)}"), ("{0||0|under}", "Tiny(over)"),
    ("+-{5|pass}", "+-(5over)"), ("+-{0|{0||0|0,pass}}", "+-{0|^<on>}"),
    ("a{0||0|a|||-1+*||||-1+*}", "a{0||0|a|||-1*||||-1*}"),
]


@pytest.mark.parametrize("text, printed", PRINTED)
def test_prints_as_cgsuite(text, printed):
    g = parse(text)
    assert str(g) == printed
    assert parse(str(g)) == g


def test_short_games_are_unchanged():
    assert str(parse("{2||1|0}")) == "{2||1|0}" and type(parse("*")).__name__ == "Game"


@pytest.mark.parametrize("text, column", [("pass", 1), ("{1|0+pass}", 6), ("{0|(pass)}", 5), ("1+pass", 3),
                                          ("'{pass|0}'", 3)])
def test_pass_outside_braces(text, column):
    with pytest.raises(GameSyntaxError) as info:
        parse(text)
    assert info.value.message == "Unexpected `pass`." and info.value.column == column


@pytest.mark.parametrize("text, message", [
    ("a{0|b}", "unknown name 'b'"),
    ("a{0,a}", "need a bar"),
    ("a{0|a+1}", "used before its braces close"),
    ("'{over|0}'", "cannot be loopy"),
])
def test_bad_labels(text, message):
    with pytest.raises(GameSyntaxError, match=message):
        parse(text)


@pytest.mark.parametrize("text, printed", [
    ("dud", "dud"), ("{pass|pass}", "dud"), ("on+off", "dud"),
    ("{0|{dud|},*}", "^ & v*"),          # CGSuite's SidedValueTest
])
def test_sided_values_parse_and_print_as_cgsuite_does(text, printed):
    assert str(parse(text)) == printed
    assert parse(printed) == parse(text)


@pytest.mark.parametrize("text, message", [
    ("dud & 0", "onside of '&' must be a stopper"),
    ("0 & dud", "offside of '&' must be a stopper"),
    ("0 & 1", "offside must be <= the onside"),
])
def test_bad_sides_of_and_are_syntax_errors(text, message):
    with pytest.raises(GameSyntaxError, match=message):
        parse(text)


def test_a_carousel_prints_its_simplified_sides_and_reads_back():
    # CGSuite prints Bach's carousel + 1 so (its EvalTest); the sides are read back as sides.
    text = "a{2|2,{2*|a||1*}||1} & a{1,{2|||2*|a||1*}|1}"
    game = parse("a{0,{1|1,{*,{1+*|1+*,a}|*}}|0} + 1")
    assert str(game) == text and parse(text) == game

# ---------------------------------------------------------------------------- ':' with loopy games
@pytest.mark.parametrize("text, value", [
    ("'{-1|1}':on", "1under"),          # CGSuite's EvalTest: ('{-1|1}':on).GameValue
    ("1:on", "on"),                     # {0, 1:on |} = {0, pass |}: Left passes for ever
    ("0:over", "over"),                 # 0 : G = G
    ("1:1 & 0", "2 & 0"),               # '&' is looser than ':'
])
def test_colon_takes_a_stopper(text, value):
    assert parse(text) == parse(value)


def test_colon_of_a_stopper_base_is_its_ordinal_sum():
    # over : 1 = {over^L, over:0 | over^R} = {0, over | over}, over's Right option being over itself.
    assert parse("over:1") == parse("{0,over|over}") == parse("over").ordinal_sum(1)
    assert parse("over:1 + 0") == parse("over:(1 + 0)")


@pytest.mark.parametrize("text", ["dud:1", "1:dud", "(over & 0):1"])
def test_colon_refuses_a_sided_value(text):
    with pytest.raises(GameSyntaxError, match="ordinal sum"):
        parse(text)


# ---------------------------------------------------------------------------- Tiny and Miny of stoppers
def test_tiny_and_miny_of_stoppers_are_their_definitions():
    # CGSuite's constants.cgs: Tiny(G) = {0||0|-G}, Miny(G) = {G|0||0}, for a CanonicalStopper G.
    from cgt import miny, tiny
    from cgt.loopy import on, over
    assert tiny(on) == on.tiny == parse("{0||0|off}") and str(tiny(on)) == "Tiny(on)"
    assert miny(on) == on.miny == parse("{on|0||0}") and str(miny(on)) == "Miny(on)"
    assert tiny(over) == parse("{0||0|under}") and miny(over) == parse("{over|0||0}")
    assert parse("2Tiny(on)") == 2 + tiny(on)


def test_tiny_of_a_sided_value_is_refused():
    from cgt import tiny
    from cgt.loopy import dud
    with pytest.raises(TypeError, match="sided value"):
        tiny(dud)
    with pytest.raises(GameSyntaxError, match="sided value"):
        parse("Tiny(dud)")
