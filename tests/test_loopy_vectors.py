"""CGSuite's loopy-game vectors (``loopy_vectors.json``), replayed against `cgt.loopy`.

Every vector is one test case (id = vector id).  A vector whose op this
increment covers is checked by value (the result equals ``parse(expected)``;
booleans, counts and outcome letters as they are; sets of games item by item)
and by notation (the result prints exactly as CGSuite prints it).  A set
whose loopy items CGSuite orders by a hash code (``Followers``) is compared
as a set of printed items.  ``!!`` marks an expected error: a
`GameSyntaxError` carrying CGSuite's message.

A game with a side that is not a stopper (a carousel) is computed and
printed like any other; asked for that side as a value, it raises
`NotStopperSidedError` where CGSuite answers "Not a method or member
variable: `Onside`".  On the pure-Python engine one kind of vector is
skipped for time: Backsliding Toads and Frogs (``ttt..fff``, a 560-node
graph whose sides take about 3 s on the compiled core, 50 s on the pure
one).  Skips go by feature (op, category, notation, engine, the kind of
value), never by vector id.
"""

import re

import pytest

from cgt import GameSyntaxError, NotStopperSidedError, engine, parse
from cgt.rulesets import BackslidingToadsAndFrogs, FoxAndGeese, LoopyPositionError

from reference_data import cgsuite_bool, loopy_vectors, skip_param, split_cgsuite_set

# CGSuite's answer when a carousel is asked for a side it has no value of.
NO_SIDE_MEMBER = "!!Not a method or member variable: `{}` (in object of class `game.SidedValue`)"

PURE_ENGINE_TOO_SLOW = {
    "backsliding_toads_and_frogs": "Backsliding Toads and Frogs: about 3 s on the compiled core, "
                                   "about 50 s on the pure-Python engine",
}

# Ops whose result is a set of games CGSuite orders by hash code for loopy items.
UNORDERED_SETS = {"followers"}


def _skip_reason(vector):
    if engine.ENGINE == "pure" and vector["op"] in PURE_ENGINE_TOO_SLOW:
        return PURE_ENGINE_TOO_SLOW[vector["op"]]
    if vector["expected"] is None:
        return "no expected text recorded by the harvest"
    return None


VECTORS = loopy_vectors()


@pytest.mark.parametrize("vector", [skip_param(v, _skip_reason(v)) for v in VECTORS])
def test_loopy_vector(vector):
    _check(vector)


def _game(vector):
    """The vector's game; quoted in the expression (``'{-1|1}'``), an explicit form."""
    quoted = f"'{vector['game']}'"
    return parse(quoted if quoted in (vector["expr"] or "") else vector["game"])


# Operations with one argument, a game written in CGSuite notation.
WITH_ARGUMENT = {
    "pow": lambda g, x: g.pow(x),
    "pow_to": lambda g, x: g.pow_to(x),
    "subordinate": lambda g, base: g.subordinate(base),
    "ordinal_sum": lambda g, h: g.ordinal_sum(h),
    "upsum": lambda g, h: g.upsum(h),
    "downsum": lambda g, h: g.downsum(h),
    "upsum_variety": lambda g, deg: g.upsum_variety(deg),
    "downsum_variety": lambda g, deg: g.downsum_variety(deg),
}

# Properties whose expected error (``!!``) is a ValueError carrying CGSuite's message.
VALUE_ERRORS = {"variety", "is_stable"}


# CGSuite's names in its messages, and ours.
SNAKE_CASE = {"GameValue": "game_value", "CanonicalForm": "canonical_form", "boardWidth": "board_width"}


def _message(expected):
    """CGSuite's error message with its names spelt as cgt spells them."""
    text = expected[2:]
    for name, ours in SNAKE_CASE.items():
        text = text.replace(name, ours)
    return text


def _fox_and_geese(vector):
    """The position of a Fox and Geese vector: ``game`` names the ruleset, ``args`` the geese and fox."""
    options = dict(re.findall(r"(\w+)=(\d+)", vector["game"]))
    width = int(options.get("boardWidth", 8))
    if vector["op"] == "fox_and_geese_table":
        return FoxAndGeese.values_table([tuple(g) for g in vector["args"][0]], board_width=width)
    geese, fox = vector["args"]
    return FoxAndGeese([tuple(g) for g in geese], tuple(fox), board_width=width)


def _check_fox_and_geese(vector):
    op, expected = vector["op"], vector["expected"]
    if expected.startswith("!!"):
        error = LoopyPositionError if op == "canonical_form_of_loopy" else ValueError
        with pytest.raises(error) as info:
            position = _fox_and_geese(vector)
            position.canonical_form
        assert str(info.value) == _message(expected)
        return
    if op == "fox_and_geese_table":
        # "row k: ... gives a, b, ...; row k+1 (cols ...): c, d, ...": row k of the table below
        # the geese's row, the values in column order.
        table = _fox_and_geese(vector)
        for segment in expected.split(";"):
            k = int(re.match(r"\s*row (\d+)", segment).group(1))
            values = re.split(r"gives|\):", segment)[-1]
            row = [v for v in table[k] if v is not None]
            assert [str(v) for v in row] == [t.strip() for t in split_cgsuite_set("[" + values + "]", "[]")]
        return
    result = _fox_and_geese(vector).game_value()
    assert str(result) == expected
    assert result == parse(expected)


def _check(vector):
    op, expected = vector["op"], vector["expected"]
    if op in ("fox_and_geese", "fox_and_geese_table", "canonical_form_of_loopy"):
        _check_fox_and_geese(vector)
        return
    if op == "backsliding_toads_and_frogs":
        result = BackslidingToadsAndFrogs(vector["game"]).game_value()
        assert str(result) == expected
        assert result == parse(expected)
        return
    if op in WITH_ARGUMENT:
        compute = WITH_ARGUMENT[op]
        game, argument = _game(vector), parse(vector["args"][0])
        if expected.startswith("!!"):
            with pytest.raises(ValueError) as info:
                compute(game, argument)
            assert str(info.value) == expected[2:]
            return
        _check_value(compute(game, argument), expected)
        return
    if op in ("onside", "offside") and expected == NO_SIDE_MEMBER.format(op.capitalize()):
        with pytest.raises(NotStopperSidedError):
            getattr(parse(vector["game"]), op)
        return
    if expected.startswith("!!") and op in VALUE_ERRORS:
        with pytest.raises(ValueError) as info:
            getattr(parse(vector["game"]), op)
        assert str(info.value) == expected[2:]
        return
    if expected.startswith("!!"):
        with pytest.raises(GameSyntaxError) as info:
            parse(vector["game"])
        assert info.value.message == expected[2:]
        return
    game = parse(vector["game"])
    if op == "value":
        result = game
    elif op == "integer_multiple":
        result = vector["args"][0] * game
    elif op == "outcome_class":
        assert game.outcome == expected
        return
    elif op == "follower_count":
        assert game.follower_count == int(expected)
        return
    elif op.startswith("is_"):
        assert cgsuite_bool(getattr(game, op)) == expected
        return
    else:
        result = getattr(game, op)
    if op in ("left_options", "right_options", "followers"):
        items = split_cgsuite_set(expected)
        texts = [str(x) for x in result]
        if op in UNORDERED_SETS:
            assert sorted(texts) == sorted(items)
        else:
            assert texts == items
        assert set(result) == {parse(t) for t in items}
        return
    _check_value(result, expected)


def _check_value(result, expected):
    """``result`` equals CGSuite's value and prints as CGSuite prints it (carousels too)."""
    assert result == parse(expected)
    assert str(result) == expected
