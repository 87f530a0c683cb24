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