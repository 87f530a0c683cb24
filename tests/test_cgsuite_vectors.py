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
arithmetic; in cgt notation ``3^22`` would mean 3 + ^22), explicit forms
``'{...}'`` and the compounds ``G : H`` (ordinal sum), ``G ConwayProduct H``,
``G OrdinalProduct H``, ``G SelectiveSum H``, ``G ConjunctiveSum H`` and
``n * G`` around them; a note ``g := ...`` binds ``g``.  Vectors that need
features outside this file's scope are skipped by a named pattern, never by id.

CGSuite's interpreter keeps a compound of explicit forms unevaluated and
prints the expression (``'{0|}' + 1``); `cgt` evaluates it at once.  For such
a vector the value of the expression is checked against the value of the
printed expression, and the printing itself is a skipped test that names the
feature (`test_cgsuite_printed_compound`).
"""

import re

import pytest

from cgt import ExplicitGame, Game, GameSyntaxError, parse
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
    "graph": "graph rulesets are checked in tests/rulesets/test_hackenbush.py and tests/rulesets/test_reference_vectors.py",
}

VECTORS = cgsuite_vectors(ops=OPS)

# Named features outside this file's scope.
LATER_FEATURES = {
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
        return getattr(value, "canonical_form", value)      # a Game is its own canonical form
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


# CGScript's compounds of games, as the methods of Game and ExplicitGame that compute them.
_COMPOUND_WORDS = {
    " ConwayProduct ": "conway_product",
    " OrdinalProduct ": "ordinal_product",
    " SelectiveSum ": "selective_sum",
    " ConjunctiveSum ": "conjunctive_sum",
}
_COMPOUND = re.compile(r"(?<!:):(?!=)|\b(?:ConwayProduct|OrdinalProduct|SelectiveSum|ConjunctiveSum)\b")
_BINDING = re.compile(r"^(?P<name>[a-z]\w*) := (?P<value>[^;]+)")


def _unwrap(expr, opener):
    """X when ``expr`` is ``opener`` + X + ``)`` with that parenthesis closing last, else None."""
    if not (expr.startswith(opener) and expr.endswith(")")):
        return None
    depth = 0
    for i in range(len(opener) - 1, len(expr)):
        depth += {"(": 1, ")": -1}.get(expr[i], 0)
        if depth == 0:
            return expr[len(opener):-1] if i == len(expr) - 1 else None
    return None


def _compound(g, name, h):
    return getattr(g, name)(h)


def _compound_expression(expr, env):
    """The value of a CGScript compound such as ``-(1 : '{1|0}')``, or None when there is none.

    Lowest precedence first: ``+``, the named compounds, ``:`` (left to
    right), then ``n * G`` (CGSuite's Conway product by an integer, which is
    n copies of G).  A ``-`` directly before a digit is that number's sign, as
    in cgt's notation: ``-1 : '{0|-1}'`` is (-1) : '{0|-1}', the compound
    CGSuite prints that way.  A quoted ``'{...}'`` whose options are
    compounds is built option by option.
    """
    if not _COMPOUND.search(expr):
        return None
    inner = _unwrap(expr, "(")
    if inner is not None:
        return evaluate(inner, env)
    inner = _unwrap(expr, "-(")
    if inner is not None:
        return -evaluate(inner, env)
    parts = split_top(expr, " + ")
    if len(parts) > 1:
        values = [evaluate(p, env) for p in parts]
        total = values[0]
        for value in values[1:]:
            total = total + value
        return total
    for word, name in _COMPOUND_WORDS.items():
        sides = split_top(expr, word)
        if len(sides) == 2:
            return _compound(evaluate(sides[0], env), name, evaluate(sides[1], env))
    parts = split_top(expr, ":")
    if len(parts) > 1:
        total = evaluate(parts[0], env)
        for part in parts[1:]:
            total = _compound(total, "ordinal_sum", evaluate(part, env))
        return total
    sides = split_top(expr, " * ")
    if len(sides) == 2:
        return _compound(Game(_as_int(evaluate(sides[0], env))), "conway_product", evaluate(sides[1], env))
    if expr.startswith("'{") and expr.endswith("}'"):
        sides = split_top(expr[2:-2], "|")
        if len(sides) == 2:
            left, right = ([evaluate(x, env) for x in split_top(side, ",") if x.strip()] for side in sides)
            return ExplicitGame(left, right)
    return None


def bindings(vector):
    """The names a vector's note binds (``g := '{*|*}':1``), with their values."""
    m = _BINDING.match(vector["note"] or "")
    return {m["name"]: evaluate(m["value"])} if m else {}


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
    value = _compound_expression(expr, env)
    if value is not None:
        return value
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


def canonical(value):
    """The value of a game or an explicit form, as a Game."""
    return value.canonical_form if isinstance(value, ExplicitGame) else value


# CGSuite's text of an unevaluated compound of explicit forms: an operator outside the quotes'
# braces ('{0|}' + 1, -1 : '{0|-1}', 2 * ('{*|*}' : 1)) or a negated compound -(...).
_PRINTED_COMPOUND = re.compile(r"^-\(|\s(?:[-+*:]|ConwayProduct|OrdinalProduct|SelectiveSum|ConjunctiveSum)\s")
PRINTED_COMPOUND = ("CGSuite's interpreter keeps compounds of explicit forms unevaluated and prints the "
                    "expression ('{0|}' + 1, -1 : '{0|-1}'); cgt evaluates them at once, so "
                    "test_cgsuite_vector checks their values and only this printing is not reproduced")


def printed_compound(vector):
    """Whether CGSuite's expected text is an unevaluated compound of explicit forms."""
    text = vector["expected"]
    return "'{" in text and _PRINTED_COMPOUND.search(text) is not None


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
    env = bindings(vector)
    if expected.startswith("!!"):
        with pytest.raises(_expected_error(vector)):
            evaluate(expr, env)
        return
    result = evaluate(expr, env)
    if printed_compound(vector):
        # By value only: the printing is test_cgsuite_printed_compound's (skipped).
        want = evaluate(expected, env)
        assert canonical(result) == canonical(want), (
            f"{expr!r}: the value {canonical(result)} is not that of {expected!r}, {canonical(want)}")
        return
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


@pytest.mark.parametrize("vector", [skip_param(v, PRINTED_COMPOUND) for v in VECTORS
                                    if _skip_reason(v) is None and printed_compound(v)])
def test_cgsuite_printed_compound(vector):
    assert render(evaluate(vector["expr"], bindings(vector))) == vector["expected"]


def test_every_listed_op_has_vectors():
    """The selection is not silently empty (e.g. after a format change of the JSON)."""
    assert len(VECTORS) > 300
    assert {v["op"] for v in VECTORS} >= {"canonical_form", "birthday", "followers", "options"}
