"""CGSuite's own test vectors, replayed against `cgt`.

The vectors in ``../shared/reference/cgsuite_vectors.json`` were harvested from
CGSuite's test suite (aaron-siegel/cgsuite).  Each gives a CGSuite script
expression and the text CGSuite prints for its result.  Every vector whose op
is about canonical forms, options, followers, outcome classes, the ``Is...``
predicates, sums and nim arithmetic becomes one test case (id = vector id),
checked twice:

* by value: the result equals ``parse(expected)`` (ints, booleans, outcome
  letters and option sets compared item by item), and
* by notation: the result prints exactly as CGSuite prints it (games by
  ``str``, sets of games as ``{a,b,c}`` in CGSuite order, lists as
  ``[a,b,c]``, booleans as ``true``/``false``).

An expected text starting ``!!`` is a CGSuite error: ``!!Syntax error`` must
raise `GameSyntaxError`, any other error a `ValueError`.

The expressions are CGSuite script; the small translator below covers the
shapes that occur: ``G``, ``(G).Prop``, ``G.Prop.Prop``, ``(G).Options(Left)``,
sums and differences, ``A == B``, ``A <> B`` (confused with),
``[body for n from a to b]`` and ``for x from a to b by c yield ... end``,
``a NimProduct b``, ``n.NimInverse`` and integer powers ``3^22`` (CGScript
arithmetic; in cgt notation ``3^22`` would mean 3 + ^22).  Vectors that need
features outside this file's scope are skipped by a named pattern, never by id.
"""

import re

import pytest

from cgt import Game, GameSyntaxError, parse
from cgt.nimbers import nim_inverse, nim_product

from reference_data import (cgsuite_bool, cgsuite_set_text, cgsuite_vectors, feature_skip, skip_param,
                            split_cgsuite_set, split_top)

OPS = frozenset("""
    canonical_form eval sum difference negation integer_multiple birthday
    left_options right_options options options_size left_options_size
    outcome_class followers follower_count is_number is_integer is_nimber
    is_zero is_infinitesimal is_all_small is_uptimal is_numberish
    is_number_tiny is_even is_odd is_even_tempered is_odd_tempered is_ordinal
    nim_value nim_sum nim_product nim_inverse equals confused
""".split())

OTHER_ISSUE_CATEGORIES = {
    "heap": "heap rulesets are checked in tests/impartial/test_heap_vectors.py and test_misere.py",
    "misere": "misere games are checked in tests/impartial/test_misere.py",
    "grid": "grid rulesets are checked in tests/rulesets/test_reference_vectors.py",
    "strip": "strip rulesets are checked in tests/rulesets/test_reference_vectors.py",
    "graph": "graph rulesets are checked in tests/test_hackenbush.py and tests/rulesets/test_reference_vectors.py",
}

VECTORS = cgsuite_vectors(ops=OPS)

# Named features outside this file's scope.
LATER_FEATURES = {
    "'{": "explicit (unsimplified) games written '{...}' are a later feature",
    "game.": "ruleset constructors game.grid/game.heap/... are a later feature",
    "*[": "misere games *[...] are a later feature",
}

# ----------------------------------------------------------------------------
# Skips: by op, category or a named feature pattern, never by vector id


def _skip_reason(vector):
    if vector["category"] in OTHER_ISSUE_CATEGORIES:
        return OTHER_ISSUE_CATEGORIES[vector["category"]]
    reason = feature_skip(vector, LATER_FEATURES, fields=("expr", "game", "note", "args"))
    if reason is not None:
        return reason
    if "Integer out of bounds" in vector["expected"]:
        return ("CGSuite 32-bit integer limits (!!Integer out of bounds): "
                "cgt deliberately allows big ints")
    attribute = _ATTRIBUTES.get(vector["op"])
    if attribute is not None and not hasattr(Game, attribute):
        return f"Game.{attribute} is not implemented yet"
    return None


# ----------------------------------------------------------------------------
# A translator for the CGSuite script shapes that occur in the vectors

_ATTRIBUTES = {
    "is_number": "is_number", "is_integer": "is_integer",
    "is_nimber": "is_nimber", "is_zero": "is_zero",
    "is_infinitesimal": "is_infinitesimal", "is_all_small": "is_all_small",
    "is_uptimal": "is_uptimal", "is_numberish": "is_numberish",
    "is_number_tiny": "is_number_tiny", "is_even": "is_even", "is_odd": "is_odd",
    "is_even_tempered": "is_even_tempered", "is_odd_tempered": "is_odd_tempered",
    "is_ordinal": "is_ordinal",
}


def _as_int(value):
    if isinstance(value, Game):
        x = value.to_fraction()
        if x.denominator != 1:
            raise ValueError(f"{value} is not an integer")
        return int(x)
    return int(value)


def _single(values):
    assert len(values) == 1, f".Head of a set with {len(values)} elements"
    return values[0]


def _snake(name):
    return re.sub(r"(?<!^)([A-Z])", r"_\1", name).lower()


def _property(value, name, argument):
    """CGSuite's ``value.Name`` (or ``value.Name(argument)``)."""
    if name == "Options":
        side = {"Left": "left_options", "Right": "right_options"}[argument]
        return getattr(value, side)
    if argument is not None:
        raise NotImplementedError(f".{name}({argument})")
    if name == "CanonicalForm":
        return value
    if name == "Head":
        return _single(value)
    if name == "Size":
        return len(value)
    if name == "OutcomeClass":
        return value.outcome
    if name == "NimInverse":
        return nim_inverse(_as_int(value))
    return getattr(value, _snake(name))


_PROPERTY_NAMES = frozenset("""
    Birthday FollowerCount Followers LeftOptions RightOptions Options
    OutcomeClass CanonicalForm Head Size NimInverse NimValue
    IsNumber IsInteger IsNimber IsZero IsInfinitesimal IsAllSmall IsUptimal
    IsNumberish IsNumberTiny IsEven IsOdd IsEvenTempered IsOddTempered IsOrdinal
""".split())

_CHAIN = re.compile(r"^(?P<base>.+)\.(?P<name>[A-Z]\w*)(?:\((?P<arg>\w+)\))?$", re.S)
_COMPREHENSION = re.compile(
    r"^\[(?P<body>.+) for (?P<var>\w+) from (?P<a>.+?) to (?P<b>.+?)"
    r"(?: by (?P<c>.+?))?\]$", re.S)
_FOR_YIELD = re.compile(
    r"^for (?P<var>\w+) from (?P<a>.+?) to (?P<b>.+?)(?: by (?P<c>.+?))?"
    r" (?P<yields>yield .+) end$", re.S)
_INTEGER_ARITHMETIC = re.compile(r"^[-\d\s()/^]+$")


def _powers(text):
    """CGScript integer powers, ``3^22/2^72``, evaluated to plain integers."""
    if "^" in text and _INTEGER_ARITHMETIC.match(text):
        return re.sub(r"(\d+)\^(\d+)", lambda m: str(int(m[1]) ** int(m[2])), text)
    return text


def _substitute(text, env):
    for name, value in env.items():
        text = re.sub(rf"(?<![\w.]){re.escape(name)}(?!\w)", f"({value})", text)
    return text


def _range(var, a, b, c, env):
    x, stop = evaluate(a, env), evaluate(b, env)
    step = evaluate(c, env) if c else Game(1)
    while x <= stop:
        yield {**env, var: x}
        x = x + step


def evaluate(expr, env=None):
    """The value of the CGSuite script `expr` (a Game, int, bool, str, tuple or list)."""
    env = env or {}
    expr = expr.strip()
    m = _COMPREHENSION.match(expr)
    if m:
        return [evaluate(m["body"], e) for e in _range(m["var"], m["a"], m["b"], m["c"], env)]
    m = _FOR_YIELD.match(expr)
    if m:
        yields = [y.strip() for y in m["yields"].split("yield ") if y.strip()]
        return [evaluate(y, e) for e in _range(m["var"], m["a"], m["b"], m["c"], env)
                for y in yields]
    for separator, relation in ((" == ", lambda g, h: g == h),
                                (" <> ", lambda g, h: g.is_confused_with(h))):
        sides = split_top(expr, separator)
        if len(sides) == 2:
            return relation(evaluate(sides[0], env), evaluate(sides[1], env))
    sides = split_top(expr, " NimProduct ")
    if len(sides) == 2:
        return nim_product(_as_int(evaluate(sides[0], env)), _as_int(evaluate(sides[1], env)))
    if expr in env:
        return env[expr]
    m = _CHAIN.match(expr)
    if m and m["name"] in _PROPERTY_NAMES:
        return _property(evaluate(m["base"], env), m["name"], m["arg"])
    return parse(_powers(_substitute(expr, env)))


def operator_result(vector):
    """The same result computed with Game operators from ``game`` and ``args``, if the op allows."""
    op, args = vector["op"], vector["args"]
    if op in ("sum", "difference") and vector["game"] is None and len(args) == 2:
        a, b = parse(args[0]), parse(args[1])
    elif op in ("sum", "difference") and vector["game"] is not None and len(args) == 1:
        a, b = parse(vector["game"]), parse(args[0])
    elif op == "confused" and len(args) == 1:
        return parse(vector["game"]).is_confused_with(parse(args[0]))
    elif op == "equals" and len(args) == 2:
        return parse(args[0]) == parse(args[1])
    else:
        return None
    return a + b if op == "sum" else a - b


# ----------------------------------------------------------------------------
# Printing results as CGSuite does, and reading expected texts as values


def render(value):
    if isinstance(value, bool):
        return cgsuite_bool(value)
    if isinstance(value, tuple):
        return cgsuite_set_text(render(v) for v in value)
    if isinstance(value, list):
        return cgsuite_set_text((render(v) for v in value), "[]")
    return str(value)


def expected_value(text, like):
    """The expected text read as a value of the same kind as `like`."""
    if isinstance(like, bool):
        assert text in ("true", "false"), text
        return text == "true"
    if isinstance(like, int):
        return int(text)
    if isinstance(like, str):
        return text
    if isinstance(like, tuple):
        return tuple(parse(item) for item in split_cgsuite_set(text))
    if isinstance(like, list):
        items = split_cgsuite_set(text, "[]")
        kinds = like if len(like) == len(items) else [Game(0)] * len(items)
        return [expected_value(item, kind) for item, kind in zip(items, kinds)]
    return parse(text)


def same_value(result, expected):
    if isinstance(result, tuple):
        # The order is checked by notation; by value, the same set of games.
        return len(result) == len(expected) and set(result) == set(expected)
    if isinstance(result, list):
        return len(result) == len(expected) and all(
            same_value(r, e) for r, e in zip(result, expected))
    return type(result) is type(expected) and result == expected


# ----------------------------------------------------------------------------
# The tests


def _expected_error(vector):
    message = vector["expected"][2:]
    return GameSyntaxError if message.startswith("Syntax error") else ValueError


@pytest.mark.parametrize("vector", [skip_param(v, _skip_reason(v)) for v in VECTORS])
def test_cgsuite_vector(vector):
    expr, expected = vector["expr"], vector["expected"]
    if expected.startswith("!!"):
        with pytest.raises(_expected_error(vector)):
            evaluate(expr)
        return
    result = evaluate(expr)
    problems = []
    want = expected_value(expected, result)
    if not same_value(result, want):
        problems.append(f"by value: expected {expected!r}, got {render(result)!r}")
    if render(result) != expected:
        problems.append(f"by notation: expected {expected!r}, printed {render(result)!r}")
    via_operators = operator_result(vector)
    if via_operators is not None and not same_value(via_operators, want):
        problems.append(f"via Game operators: expected {expected!r}, got {render(via_operators)!r}")
    assert not problems, f"{expr!r}: " + "; ".join(problems)


def test_every_listed_op_has_vectors():
    """The selection is not silently empty (e.g. after a format change of the JSON)."""
    assert len(VECTORS) > 300
    assert {v["op"] for v in VECTORS} >= {"canonical_form", "birthday", "followers", "options"}
