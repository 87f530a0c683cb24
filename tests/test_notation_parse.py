"""Reading CGSuite notation: `cgt.parse`.

Expected values come from the definitions (NOTATION.md, CGSuite, the API
contract), built with the constructors directly, never from the parser.
"""

import decimal
import pickle
import re
from fractions import Fraction

import pytest

import reference_data
from cgt.impartial.misere import MisereGame
from hypothesis import given, settings
from hypothesis import strategies as st

from cgt import (
    Game,
    GameSyntaxError,
    NotDyadicError,
    Rational,
    SurrealNumber,
    TransfiniteNimber,
    miny,
    nimber,
    number,
    parse,
    rational,
    switch,
    tiny,
    uptimal,
)

F = Fraction
STAR = nimber(1)
UP = Game([0], [STAR])  # ^ = {0|*}


def up_nth(n):
    """^<n> by its definition (CGSuite's Pow): ^<1> = ^, ^<n> = {0 | v[n-1]*}."""
    return UP if n == 1 else Game([0], [-up_to(n - 1) + STAR])


def up_to(n):
    """^[n] by its definition: ^[1] = ^, ^[n+1] = {^[n] | *}."""
    g = UP
    for _ in range(n - 1):
        g = Game([g], [STAR])
    return g


def tiny_of(g):
    """Tiny(G) = {0 || 0 | -G}."""
    return Game([0], [Game([0], [-g])])


def miny_of(g):
    """Miny(G) = {G | 0 || 0}."""
    return Game([Game([g], [0])], [0])


def g(left, right):
    return Game(left, right)


# ------------------------------------------------------------ values
NUMBERS = [
    ("0", lambda: number(0)),
    ("5", lambda: number(5)),
    ("-1/2", lambda: number(F(-1, 2))),
    ("25/16", lambda: number(F(25, 16))),
    ("-13/16", lambda: number(F(-13, 16))),
    ("-1823437481924", lambda: number(-1823437481924)),
    ("123456789012345678901234567890", lambda: number(123456789012345678901234567890)),
    ("0/7", lambda: number(0)),
    ("19/1", lambda: number(19)),
    ("-19/1", lambda: number(-19)),
    ("6/8", lambda: number(F(3, 4))),
    ("zero", lambda: number(0)),
]

NIMBERS_AND_UPS = [
    ("*", lambda: nimber(1)),
    ("*8", lambda: nimber(8)),
    ("*0", lambda: number(0)),
    ("*19", lambda: nimber(19)),
    ("star", lambda: nimber(1)),
    ("^", lambda: uptimal(ups=1)),
    ("^", lambda: UP),
    ("up", lambda: UP),
    ("down", lambda: -UP),
    ("^^", lambda: uptimal(ups=2)),
    ("^^", lambda: UP + UP),
    ("^3", lambda: uptimal(ups=3)),
    ("^1", lambda: UP),
    ("v", lambda: uptimal(ups=-1)),
    ("vv", lambda: uptimal(ups=-2)),
    ("v9", lambda: uptimal(ups=-9)),
    ("vvv", lambda: uptimal(ups=-3)),
]

COMPACT_UPTIMALS = [
    ("9/8*", lambda: uptimal(F(9, 8), 0, 1)),
    ("6^*", lambda: uptimal(6, 1, 1)),
    ("^*6", lambda: uptimal(0, 1, 6)),
    ("^*", lambda: UP + STAR),
    ("v*", lambda: -UP + STAR),
    ("73/16v9*8", lambda: uptimal(F(73, 16), -9, 8)),
    ("1vv*", lambda: uptimal(1, -2, 1)),
    ("^^*4", lambda: uptimal(0, 2, 4)),
    ("1^^", lambda: uptimal(1, 2, 0)),
    ("-2^", lambda: uptimal(-2, 1, 0)),
    ("-1^^", lambda: uptimal(-1, 2, 0)),
    ("-3/4v*", lambda: uptimal(F(-3, 4), -1, 1)),
    ("10*4", lambda: uptimal(10, 0, 4)),
    ("2^100", lambda: uptimal(2, 100, 0)),
]

UP_POWERS = [
    ("^<2>", lambda: up_nth(2)),
    ("^<2>", lambda: g([0], [-UP + STAR])),
    ("^<1>", lambda: UP),
    ("v<3>", lambda: -up_nth(3)),
    ("^<2>*", lambda: up_nth(2) + STAR),
    ("1v<2>*3", lambda: number(1) - up_nth(2) + nimber(3)),
    ("^[4]", lambda: up_to(4)),
    ("^[2]", lambda: g([UP], [STAR])),
    ("v[4]", lambda: -up_to(4)),
    ("3/4v[3]*", lambda: number(F(3, 4)) - up_to(3) + STAR),
    ("^.Pow(2)", lambda: up_nth(2)),
    ("^.Pow( 3 )", lambda: up_nth(3)),
    ("^.PowTo(5)+*", lambda: up_to(5) + STAR),
    ("v.Pow(2)", lambda: -up_nth(2)),
    ("up.PowTo(3)", lambda: up_to(3)),
    ("{0|^<2>}", lambda: g([0], [up_nth(2)])),
]

TINY_MINY = [
    ("Tiny(3/2)", lambda: tiny_of(number(F(3, 2)))),
    ("Tiny(3/2)", lambda: tiny(number(F(3, 2)))),
    ("Miny(1/2)", lambda: miny_of(number(F(1, 2)))),
    ("Miny(1/2)", lambda: miny(number(F(1, 2)))),
    ("Tiny({3|1})", lambda: tiny_of(g([3], [1]))),
    ("Miny({5||3|1})", lambda: miny_of(g([5], [g([3], [1])]))),
    ("2Tiny(2)", lambda: 2 + tiny_of(number(2))),
    ("1/2Miny(1)", lambda: number(F(1, 2)) + miny_of(number(1))),
    ("-2Tiny(1)", lambda: -2 + tiny_of(number(1))),
    ("3Tiny({3|1})", lambda: 3 + tiny_of(g([3], [1]))),
    ("tiny(1)", lambda: tiny_of(number(1))),
    ("Tiny (1)", lambda: tiny_of(number(1))),
    ("Tiny(1+1)", lambda: tiny_of(number(2))),
]

BRACES = [
    ("{|}", lambda: number(0)),
    ("{0|}", lambda: g([0], [])),
    ("{|-1}", lambda: g([], [-1])),
    ("{1|0}", lambda: g([1], [0])),
    ("{0,*|0}", lambda: g([0, STAR], [0])),
    ("{2||1|0}", lambda: g([2], [g([1], [0])])),
    ("{1|0||0}", lambda: g([g([1], [0])], [0])),
    ("{1|^^||^}", lambda: g([g([1], [UP + UP])], [UP])),
    ("{0|*||*|||*||||*}", lambda: g([g([g([g([0], [STAR])], [STAR])], [STAR])], [STAR])),
    ("{0|*||*|||*||||*}", lambda: up_to(4)),
    ("{3|||2||1|0,*||||-1/2}",
     lambda: g([g([3], [g([2], [g([1], [0, STAR])])])], [F(-1, 2)])),
    ("{5||3|1|||0||||0}", lambda: g([g([g([5], [g([3], [1])])], [0])], [0])),
    ("{0|||0||-1|-3}", lambda: g([0], [g([0], [g([-1], [-3])])])),
    ("{1||0}", lambda: g([1], [0])),
    ("{2+*|1+*}", lambda: g([2 + STAR], [1 + STAR])),
    ("{3||2+*|1+*}", lambda: g([3], [g([2 + STAR], [1 + STAR])])),
    ("{-1+*,{-1/2|-1+*}|-5/2}",
     lambda: g([-1 + STAR, g([F(-1, 2)], [-1 + STAR])], [F(-5, 2)])),
    ("{3/2+*|1/2||{0|-3},{-1+*,{-1/2|-1+*}|-5/2}}",
     lambda: g([g([F(3, 2) + STAR], [F(1, 2)])],
               [g([0], [-3]), g([-1 + STAR, g([F(-1, 2)], [-1 + STAR])], [F(-5, 2)])])),
    ("{a|b,c}".replace("a", "^^^").replace("b", "vv").replace("c", "*"),
     lambda: g([uptimal(ups=3)], [uptimal(ups=-2), STAR])),
    (" { 2 || 1 | 0 } ", lambda: g([2], [g([1], [0])])),
    ("{\t1 ,\n* | 0 }", lambda: g([1, STAR], [0])),
    ("{0|{0|{0|}}}", lambda: g([0], [g([0], [g([0], [])])])),
]

SWITCHES = [
    ("+-1", lambda: g([1], [-1])),
    ("+-1", lambda: switch(number(1))),
    ("±1", lambda: switch(number(1))),
    ("+- 1", lambda: switch(number(1))),
    ("+-1/2", lambda: switch(number(F(1, 2)))),
    ("+-(1/2)", lambda: switch(number(F(1, 2)))),
    ("+-(1*)", lambda: switch(uptimal(1, 0, 1))),
    ("+-^^", lambda: switch(uptimal(ups=2))),
    ("+-{3|2}", lambda: switch(g([3], [2]))),
    ("+-{3,4}", lambda: g([3, 4], [-3, -4])),
    ("+-{0,{{2|0},2Tiny(2)|{2|0},Miny(2)}}",
     lambda: g([0, g([g([2], [0]), 2 + tiny_of(number(2))],
                     [g([2], [0]), miny_of(number(2))])],
               [0, -g([g([2], [0]), 2 + tiny_of(number(2))],
                      [g([2], [0]), miny_of(number(2))])])),
    ("+-{}", lambda: number(0)),
    ("3+-1", lambda: 3 + switch(number(1))),
    ("3+-1", lambda: g([4], [2])),                        # CGSuite: {4|2}
    ("3 +- 1", lambda: 3 + switch(number(1))),
    ("3 + -1", lambda: number(2)),
    ("1+-{2,3}", lambda: 1 + g([2, 3], [-2, -3])),
    ("+-1+-2+-3+-4",
     lambda: switch(number(1)) + switch(number(2)) + switch(number(3)) + switch(number(4))),
    ("+-1+-2+-3+-4",                                       # CGSuite's answer
     lambda: switch(g([g([g([10], [8])], [g([6], [4])])],
                      [g([g([4], [2])], [g([0], [-2])])]))),
    ("3 - 2 +- 6 - 7 +- 8 + 4",
     lambda: number(-2) + switch(number(6)) + switch(number(8))),
    ("3 - 2 +- 6 - 7 +- 8 + 4",                            # CGSuite: {12|0||-4|-16}
     lambda: g([g([12], [0])], [g([-4], [-16])])),
    ("-(+-1)", lambda: switch(number(1))),
    ("+-2 * 3", lambda: switch(number(6))),                 # +- takes the whole term
    ("1 +- 2 * 3", lambda: 1 + switch(number(6))),
    ("+-3 / 4", lambda: switch(number(F(3, 4)))),
    ("-+-1", lambda: switch(number(1))),
    ("+-+-1", lambda: switch(switch(number(1)))),
]

EXPRESSIONS = [
    ("9/8+*", lambda: number(F(9, 8)) + STAR),
    ("73/16+v9*8", lambda: uptimal(F(73, 16), -9, 8)),
    ("6+^*", lambda: uptimal(6, 1, 1)),
    ("^+^+^", lambda: uptimal(ups=3)),
    ("2+(1+*)", lambda: number(3) + STAR),
    ("2 - (1+*)", lambda: number(1) + STAR),
    ("-{1|0}", lambda: g([0], [-1])),
    ("-(1)", lambda: number(-1)),
    ("--1", lambda: number(1)),
    ("- 2^", lambda: uptimal(-2, -1, 0)),
    ("3-2^", lambda: uptimal(1, -1, 0)),
    ("2*-1", lambda: uptimal(1, 0, 1)),
    ("+1", lambda: number(1)),
    ("((((*))))", lambda: STAR),
    ("10*(1+^<2>+*4)", lambda: 10 * (1 + up_nth(2) + nimber(4))),
    ("3 * {1|0}", lambda: 3 * g([1], [0])),
    ("3*{1|0}", lambda: 3 * g([1], [0])),
    ("{1|0} * 3", lambda: 3 * g([1], [0])),
    ("(1+*)*3", lambda: 3 * (1 + STAR)),
    ("-2 * {|-1}", lambda: -2 * g([], [-1])),
    ("2*up", lambda: uptimal(ups=2)),
    ("2*v", lambda: uptimal(ups=-2)),
    ("2*Tiny(1)", lambda: 2 * tiny_of(number(1))),
    ("0*^", lambda: number(0)),
    ("0*^.Pow(2)", lambda: number(0)),
    ("(-1)*^.Pow(4)", lambda: -up_nth(4)),
    ("3*^.Pow(4)", lambda: 3 * up_nth(4)),
    ("(-5/4) + * + 0*^ + 0*^.Pow(2) + 0*^.Pow(3) + (-1)*^.Pow(4)",
     lambda: number(F(-5, 4)) + STAR - up_nth(4)),
    ("0 + *2 + 1*^ + 1*^.Pow(2) + 1*^.Pow(3) + 1*^.Pow(4)",
     lambda: nimber(2) + UP + up_nth(2) + up_nth(3) + up_nth(4)),
    ("10 * 4", lambda: number(40)),
    ("10 *4", lambda: number(40)),
    ("5 - 3 / 4 * 6 - 2", lambda: number(F(-3, 2))),       # CGSuite: -3/2
    ("1 / 2", lambda: number(F(1, 2))),
    ("3/4/2", lambda: number(F(3, 8))),
    ("1/2 * 1/2", lambda: number(F(1, 4))),
    ("{1|2} * {3|4}", lambda: number(F(21, 4))),
    ("* * 3", lambda: STAR),
    ("*+*", lambda: number(0)),
    ("{0|^*5}", lambda: uptimal(0, 2, 4)),                   # CGSuite: ^^*4
    ("{0||0|v*}", lambda: g([0], [up_nth(2)])),              # CGSuite: {0|^<2>}
    ("{0||0|-1}", lambda: tiny_of(number(1))),               # CGSuite: Tiny(1)
    ("{5||3|1|||0||||0}", lambda: miny_of(g([5], [g([3], [1])]))),
]

ALL = NUMBERS + NIMBERS_AND_UPS + COMPACT_UPTIMALS + UP_POWERS + TINY_MINY \
    + BRACES + SWITCHES + EXPRESSIONS


@pytest.mark.parametrize("text, expected", ALL, ids=[t for t, _ in ALL])
def test_parse_value(text, expected):
    assert parse(text) == expected()


def test_parse_returns_game():
    assert isinstance(parse("{1|*}"), Game)


def test_big_integer_is_exact():
    assert parse(str(10**60)).to_fraction() == 10**60


def test_whitespace_between_tokens_is_ignored():
    assert parse(" 1 + * ") == parse("1+*") == parse("1\n+\t*")


def test_deep_nesting_within_the_limit():
    assert parse("{|" * 3000 + "}" * 3000) == number(-2999)   # {|} = 0, {|0} = -1, ...
    assert parse("(" * 4000 + "*" + ")" * 4000) == STAR
    assert parse("-" * 3001 + "1") == number(-1)


# ------------------------------------------------ CGSuite's own answers
def _vectors():
    return reference_data.cgsuite_vectors(missing="fail")


def _notation(text):
    """True for plain game notation (no rulesets, misere games, lists or CGSuite code)."""
    return bool(text) and not text.startswith(("!!", "[")) and re.search(
        r"game\.|'|\*\[|:|\bfor\b|Product|Sum|=>", text) is None


EVAL_PAIRS = sorted({(v["expr"], v["expected"]) for v in _vectors()
                     if v["op"] in ("canonical_form", "eval")
                     and _notation(v["expr"]) and _notation(v["expected"])})


@pytest.mark.skipif(not EVAL_PAIRS, reason="reference data not found")
@pytest.mark.parametrize("expr, expected", EVAL_PAIRS)
def test_cgsuite_evaluation(expr, expected):
    """CGSuite evaluates `expr` to the canonical form it prints as `expected`."""
    assert parse(expr) == parse(expected)


CGSUITE_SYNTAX_ERRORS = sorted({v["expr"] for v in _vectors()
                                if v["expected"].startswith("!!Syntax error")})


@pytest.mark.skipif(not CGSUITE_SYNTAX_ERRORS, reason="reference data not found")
@pytest.mark.parametrize("expr", CGSUITE_SYNTAX_ERRORS)
def test_cgsuite_syntax_errors(expr):
    with pytest.raises(GameSyntaxError):
        parse(expr)


GAME_OPS = {"canonical_form", "eval", "companion", "conjunctive_sum", "conway_product",
            "cool", "difference", "freeze", "heat", "norton_product", "ordinal_sum",
            "overheat", "pow", "pow_to", "reduced_canonical_form", "selective_sum",
            "sum", "integer_multiple", "mean", "left_stop", "right_stop", "stop",
            "temperature", "atomic_weight", "subordinate"}
SET_OPS = {"followers", "incentives", "left_incentives", "right_incentives",
           "left_options", "right_options", "options"}
PRINTED_GAMES = sorted({v["expected"] for v in _vectors()
                        if v["op"] in GAME_OPS and _notation(v["expected"])})
PRINTED_SETS = sorted({v["expected"] for v in _vectors()
                       if v["op"] in SET_OPS and _notation(v["expected"])})


@pytest.mark.skipif(not PRINTED_GAMES, reason="reference data not found")
@pytest.mark.parametrize("text", PRINTED_GAMES)
def test_cgsuite_printed_game_reads_back(text):
    assert isinstance(parse(text), Game)


@pytest.mark.skipif(not PRINTED_SETS, reason="reference data not found")
@pytest.mark.parametrize("text", PRINTED_SETS)
def test_cgsuite_printed_set_reads_as_switch_options(text):
    """CGSuite's printed option sets {a,b,...} read as +-{a,b,...}."""
    assert isinstance(parse("+-" + text), Game)


def test_round_trip_of_cgsuite_texts():
    """parse(str(G)) == G for the games of the reference data."""
    for text in ["{2||1|0}", "{1|^^||^}", "73/16v9*8", "+-{3|2}", "Miny({5||3|1})",
                 "{3*|2*||3/2,3/2*|1/2*}", "+-{0,{{2|0},2Tiny(2)|{2|0},Miny(2)}}",
                 "{0,v*|vv}", "{*|-1}", "{1/2*|v}", "2Tiny(2)", "-2Tiny(1)",
                 "{0|-1^^}", "+-(1*)", "^^*4"]:
        game = parse(text)
        assert parse(str(game)) == game, text


# ------------------------------------------------------------ errors
ERRORS = [
    ("{1 *}", 5),            # '1 *' multiplies; '}' is where a game is missing
    ("{3|2|1}", 5),          # equal bars at one level: ambiguous
    ("{1||2||3}", 6),
    ("1|0", 2),              # bars need braces
    ("{1|0", 5),             # unclosed: reported at the end
    ("{1|0}}", 6),
    ("(1}", 3),
    ("{1)", 3),
    (")", 1),
    ("}", 1),
    ("", 1),
    ("   ", 4),
    ("1 2", 3),              # trailing garbage
    ("{1|0} x", 7),
    ("foo", 1),              # unknown names
    ("{1|foo}", 4),
    ("1vx", 2),
    ("@", 1),
    ("3 +", 4),
    ("+-(1,1+*)", 5),        # (a,b) is not a game; use +-{a,b}
    ("{1}", 1),              # braces without a bar
    ("-{1,2}", 2),
    ("{1,}", 4),
    ("{,}", 2),
    ("{1|-}", 5),
    ("0/0", 1),              # 1/0 is inf (CGSuite), 0/0 has no value
    ("0 / 0", 3),
    ("^<0>", 3),
    ("^<2", 4),
    ("^< 2>", 3),
    ("^^3", 3),
    ("^.Foo(2)", 3),
    ("^.Pow(x)", 7),
    ("2**3", 2),             # no powers
    ("10* 4", 5),
    ("1.5", 2),
    ("Tiny()", 6),
    ("Tiny 1", 6),
    ("2 Tiny(1)", 3),
    ("^ * ^", 3),            # only integers multiply games
    ("{1|0} / 2", 7),
    ("^<10000000000>", 3),   # counts are capped
    ("^<10001>", 3),
    ("^[99999]", 3),
    ("v20000", 2),
    ("1000 * {3|1||0}", 6),      # past cgt.LIMITS.max_multiple
]


# CGSuite's nim operator: *(3+5) is *8 (EvalTest "Nim operator"); *(-8) is
# "!!Nim value is negative: -8".  Inside, "2*3" is the compact 2 + *3, as everywhere.
NIM_OF_INTEGERS = [
    ("*(3+5)", lambda: nimber(8)),
    ("*(2 * 3)", lambda: nimber(6)),
    ("*(1+2)+^", lambda: nimber(3) + UP),
    ("*(0)", lambda: number(0)),
    ("*((7))", lambda: nimber(7)),
    ("*(8/2 - 1)", lambda: nimber(3)),
    ("*(2)+*(3)", lambda: nimber(1)),
    ("-*(5)", lambda: nimber(5)),
    ("{*(2)|*(1+1)}", lambda: Game([nimber(2)], [nimber(2)])),
    ("*(3)*2", lambda: number(0)),                      # *3 + *3
]


@pytest.mark.parametrize("text, expected", NIM_OF_INTEGERS, ids=[t for t, _ in NIM_OF_INTEGERS])
def test_star_of_an_integer_expression_is_its_nimber(text, expected):
    assert parse(text) == expected()


@pytest.mark.parametrize("text, column, message", [
    ("*(1/2)", 3, r"needs an integer or an ordinal inside, not 1/2"),
    ("*(^)", 3, r"needs an integer or an ordinal inside, not \^"),
    ("*(2*3)", 3, r"needs an integer or an ordinal inside, not 2\*3"),
    ("1 + *(1+*)", 7, r"needs an integer or an ordinal inside, not 1\*"),
    ("*(2+*(3))", 3, r"needs an integer or an ordinal inside, not 2\*3"),
    ("*(-8)", 3, r"Nim value is negative: -8"),
    ("*(3", 4, r"missing '\)' to close '\*\(' at column 1"),
    ("*()", 3, r"expected a game inside the parentheses"),
    ("*(1/3)", 3, r"needs an integer or an ordinal inside, not 1/3"),
])
def test_star_of_a_non_integer_is_a_syntax_error_at_its_column(text, column, message):
    with pytest.raises(GameSyntaxError, match=message) as info:
        parse(text)
    assert info.value.column == column


@pytest.mark.parametrize("text, column", ERRORS, ids=[repr(t) for t, _ in ERRORS])
def test_syntax_error_column(text, column):
    with pytest.raises(GameSyntaxError) as info:
        parse(text)
    assert info.value.column == column
    assert info.value.text == text


def test_error_message_shows_text_and_caret():
    with pytest.raises(GameSyntaxError) as info:
        parse("{3|2|1}")
    lines = str(info.value).splitlines()
    assert "ambiguous" in lines[0]
    assert lines[1].strip() == "{3|2|1}"
    assert lines[2].index("^") - lines[1].index("{") == 4


def test_error_is_a_value_error_and_pickles():
    with pytest.raises(ValueError):
        parse("1|0")
    error = GameSyntaxError("bad", "1|0", 2)
    copy = pickle.loads(pickle.dumps(error))
    assert (copy.message, copy.text, copy.column) == ("bad", "1|0", 2)
    assert str(copy) == str(error)


@pytest.mark.parametrize("text, n, d", [("1/3", 1, 3), ("-5/6", -5, 6), ("1 / 3", 1, 3), ("1/2 / 3", 1, 6),
                                         ("1/0", 1, 0), ("-17 / 0", -1, 0)])
def test_a_fraction_that_is_not_dyadic_is_a_rational(text, n, d):
    # CGSuite's Rational: 1/3, and x/0 = inf or -inf (cgt.transfinite).
    assert parse(text) == rational(n, d)
    assert isinstance(parse(text), Rational)


@pytest.mark.parametrize("text", ["1/3^", "1/3*", "1/3*2", "-5/6v", "1/3Tiny(1)"])
def test_a_fraction_that_is_not_dyadic_takes_no_ups_or_star(text):
    with pytest.raises(NotDyadicError) as info:
        parse(text)
    assert "not a dyadic rational" in str(info.value)
    assert isinstance(info.value, GameSyntaxError)     # with the column, too
    assert info.value.column == 1


@pytest.mark.parametrize("text, column", [("{1/3|0}", 2), ("{0|inf}", 4), ("+-(1/3)", 1), ("Tiny(1/3)", 6)])
def test_a_rational_is_not_a_short_game(text, column):
    with pytest.raises(GameSyntaxError, match="not a short game") as info:
        parse(text)
    assert info.value.column == column


DEEP = {"braces": "{" * 100_000, "parentheses": "(" * 100_000,
        "switches": "+-" * 100_000 + "1", "closed braces": "{|" * 100_000 + "}" * 100_000,
        "minus signs": "-" * 100_000 + "1"}


@pytest.mark.parametrize("text", DEEP.values(), ids=DEEP.keys())
def test_deep_nesting_is_a_clean_error(text):
    with pytest.raises(GameSyntaxError, match="nested"):
        parse(text)


def test_numbers_of_any_length_are_read_and_printed():
    # Past CPython's 4,300 digits (sys.set_int_max_str_digits), as below them.
    big = 10**5000 - 1
    assert parse("9" * 5000) == big and str(parse("9" * 5000)) == "9" * 5000
    denominator = str(decimal.Decimal(2**20000))      # 6,021 digits
    assert parse(f"-{'9' * 5000}/{denominator}") == Game(Fraction(-big, 2**20000))
    third = parse("1/" + "9" * 5000)                   # not dyadic: a Rational (cgt.transfinite)
    assert third == Rational(1, big) and str(third) == "1/" + "9" * 5000 and parse(str(third)) == third


@pytest.mark.parametrize("value", [3, None, b"0", ["0"], 1.5])
def test_non_str_is_a_type_error(value):
    with pytest.raises(TypeError):
        parse(value)


# ------------------------------------------------------------ fuzzing
NOTATION_ALPHABET = "0123456789{}|,*^v<>[]()+-/ .TinyM:%×ω"
# Extra characters stand for whole tokens, so that the fuzzer reaches them.
_TOKENS = {"α": "Tiny(", "β": "Miny(", "γ": "^.Pow(", "δ": "^.PowTo(", "ε": "up",
           "ζ": "±", "η": "+-", "θ": "{0|", "ι": "||", "κ": "omega", "λ": "inf"}
_EXPAND = str.maketrans(_TOKENS)


def _notation_text(raw):
    """Expand the token characters; single digits only, so that games stay cheap
    (10*^<99> is slow to build; many-digit numbers have their own tests)."""
    return re.sub(r"\d{2,}", lambda m: m.group()[0], raw.translate(_EXPAND))


random_texts = st.text(alphabet=NOTATION_ALPHABET + "".join(_TOKENS), max_size=24) \
    .map(_notation_text)


@settings(max_examples=10_000, deadline=None)
@given(random_texts)
def test_random_text_gives_a_game_or_a_syntax_error(text):
    try:
        result = parse(text)
    except GameSyntaxError as error:
        assert error.text == text
        assert 1 <= error.column <= len(text) + 1
    else:
        # a misère literal *[...] (the alphabet has * and [) reads as a misère game; omega,
        # inf and fractions that are not dyadic read as values of cgt.transfinite
        assert (isinstance(result, (Game, SurrealNumber, TransfiniteNimber))
                or (isinstance(result, MisereGame) and "*[" in text))


def _braces(sides):
    left, right = sides
    text = "{" + ",".join(t for t, _ in left) + "|" + ",".join(t for t, _ in right) + "}"
    return text, Game([g for _, g in left], [g for _, g in right])


_leaves = st.one_of(
    st.integers(-20, 20).map(lambda n: (str(n), number(n))),
    st.tuples(st.integers(-20, 20), st.integers(1, 4)).map(
        lambda t: (f"{t[0]}/{2 ** t[1]}", number(F(t[0], 2 ** t[1])))),
    st.integers(0, 9).map(lambda n: (f"*{n}", nimber(n))),
    st.tuples(st.integers(-3, 3), st.integers(-4, 4), st.integers(0, 3)).map(
        lambda t: (f"{t[0]} + ({t[1]})*up + *{t[2]}", uptimal(t[0], t[1], t[2]))),
)

written_games = st.recursive(
    _leaves,
    lambda children: st.one_of(
        st.tuples(st.lists(children, max_size=2), st.lists(children, max_size=2)).map(_braces),
        st.tuples(children, children).map(
            lambda ab: (f"({ab[0][0]}) + ({ab[1][0]})", ab[0][1] + ab[1][1])),
        st.tuples(children, children).map(
            lambda ab: (f"({ab[0][0]})-({ab[1][0]})", ab[0][1] - ab[1][1])),
        children.map(lambda a: (f"+-({a[0]})", switch(a[1]))),
        children.map(lambda a: (f"-({a[0]})", -a[1])),
        children.map(lambda a: (f"Tiny({a[0]})", tiny_of(a[1]))),
        st.tuples(children, children).map(
            lambda ab: (f"({ab[0][0]}):({ab[1][0]})", ordinal_sum_of(ab[0][1], ab[1][1]))),
        st.tuples(st.integers(-3, 3), children).map(
            lambda na: (f"{na[0]} * ({na[1][0]})", na[0] * na[1][1])),
    ),
    max_leaves=6,
)


@settings(max_examples=300, deadline=None)
@given(written_games)
def test_written_game_reads_as_built(pair):
    text, game = pair
    assert parse(text) == game


# ---------------------------------------------------------------------------- misère literals

def test_parse_reads_cgsuites_misere_literals_as_misere_games():
    from cgt.impartial import MisereGame

    # CGSuite prints the input form *[[2],0] as *[2#0]: the same game either way.
    assert parse("*[[2],0]") is parse("*[2#0]") is MisereGame([[2], 0])
    assert str(parse(" *[2] + *[[2]]")) == "*[2[#2]]"


@pytest.mark.parametrize("text, column", [("1+*[2]", 3), ("{*[2]|0}", 2), ("^ + *[0]", 5)])
def test_a_misere_literal_mixed_with_normal_play_games_is_refused_where_it_starts(text, column):
    with pytest.raises(GameSyntaxError, match="misère game") as caught:
        parse(text)
    assert caught.value.column == column


# ---------------------------------------------------------------------------- ':' (the ordinal sum)
def ordinal_sum_of(g, h):
    """``G:H = {G^L, G:H^L | G^R, G:H^R}`` from its definition, on the canonical form of ``G``."""
    g, h = Game(g), Game(h)
    return Game(list(g.left_options) + [ordinal_sum_of(g, x) for x in h.left_options],
                list(g.right_options) + [ordinal_sum_of(g, x) for x in h.right_options])


@pytest.mark.parametrize("text, built", [
    ("1:1", lambda: ordinal_sum_of(1, 1)),
    ("1/2:1/4", lambda: ordinal_sum_of(F(1, 2), F(1, 4))),
    ("*:*", lambda: ordinal_sum_of(STAR, STAR)),
    ("1:1:1", lambda: ordinal_sum_of(ordinal_sum_of(1, 1), 1)),                # left to right
    ("1+1:1", lambda: 1 + ordinal_sum_of(1, 1)),                             # tighter than '+'
    ("1:1+1", lambda: ordinal_sum_of(1, 1) + 1),
    ("-1:1", lambda: ordinal_sum_of(-1, 1)),                                 # prefixes bind tighter
    ("+-1:1", lambda: ordinal_sum_of(switch(1), 1)),
    ("2 * 3:1", lambda: ordinal_sum_of(6, 1)),                               # '*' binds tighter
    ("1:2 * 3", lambda: ordinal_sum_of(1, 6)),
    ("{1|0}:{0|-1}", lambda: ordinal_sum_of(Game([1], [0]), Game([0], [-1]))),
])
def test_colon_is_the_ordinal_sum_with_cgsuites_precedence(text, built):
    # CGSuite's grammar (Cgsuite.g): addExpr > sidleExpr (&) > ordinalSumExpr (:) > multiplyExpr > unaryExpr.
    assert parse(text) == built()


def test_colon_keeps_the_form_of_an_explicit_base():
    # '{-1|1}' is 0 as a value, yet '{-1|1}':1 = {-1, '{-1|1}':0 | 1} = {-1, 0 | 1} = 1/2 (CGSuite: eval-64).
    assert parse("'{-1|1}':1") == number(F(1, 2))
    assert parse("0:1") == number(1)


ORDINAL_SUM_VECTORS = [v for v in reference_data.cgsuite_vectors(ops={"ordinal_sum"})
                       if ":" in v["expr"] and "*[" not in v["expr"]]


@pytest.mark.parametrize("vector", ORDINAL_SUM_VECTORS, ids=[v["id"] for v in ORDINAL_SUM_VECTORS])
def test_colon_reads_cgsuites_ordinal_sum_expressions(vector):
    expression = vector["expr"].removesuffix(".CanonicalForm")
    assert parse(expression) == parse(vector["expected"])


@pytest.mark.parametrize("text, column", [("1:", 3), (":1", 1), ("1::1", 3)])
def test_a_colon_without_its_operands_is_a_syntax_error(text, column):
    with pytest.raises(GameSyntaxError) as info:
        parse(text)
    assert info.value.column == column
