"""CGSuite's transfinite vectors (``transfinite_vectors.json``), replayed against `cgt.transfinite`.

Every vector is one test case (id = vector id): CGSuite's expression is read
with `cgt.parse` (the game, and the arguments), the vector's op is applied,
and the result is checked by notation (it prints exactly as CGSuite prints
it) and by value (it equals ``parse(expected)``; booleans, outcome letters,
counts and class names as CGSuite prints them).  ``!!`` marks an expected
error: ours is raised and its message begins with CGSuite's (some add why);
a question `cgt.value` leaves undefined (the birthday of ``inf``) gives
CGSuite's message as its reason.

CGSuite's class names map to cgt's kinds of value: ``Zero``, ``Integer`` and
``DyadicRational`` are number Games (which are also the ints, Fractions and
abs, floors, ... of `fractions`); ``Rational``, ``GeneralizedOrdinal``,
``SurrealNumber`` and ``TransfiniteNimber`` are the classes of
`cgt.transfinite`.

One notation differs, by design: between integers, CGSuite reads ``3^22``
as a power, yet prints ``3 + 22.↑`` as ``3^22``; cgt reads it as it is
printed (ups), so a vector whose game is integer arithmetic with powers is
read with each power written ``(3)^22``, a power in both readings.
"""

import math
import re

import pytest

from cgt import Game, GameSyntaxError, UndefinedInvariantError, parse
from cgt.transfinite import (
    nim_div,
    nim_exp,
    nim_inverse,
    nim_product,
    nim_sum,
    rational,
    ugly_product,
)

from reference_data import cgsuite_bool, skip_param, transfinite_vectors

VECTORS = transfinite_vectors()

_INTEGER_POWERS = re.compile(r"^[-\d\s()/^]+$")


def _read(text):
    """A vector's expression: integer powers written ``(3)^22`` (see the module's docstring)."""
    if "^" in text and _INTEGER_POWERS.match(text):
        text = re.sub(r"(\d+)\^(\d+)", r"(\1)^\2", text)
    return parse(text)


def _fraction(value):
    """A number Game as a Fraction (``abs``, ``floor``, ... of a Game are those of its number)."""
    return value.to_fraction()


def _cgsuite_class(value):
    if isinstance(value, Game):
        x = _fraction(value)
        return "Zero" if x == 0 else "Integer" if x.denominator == 1 else "DyadicRational"
    return type(value).__name__


def _abs(value):
    return Game(abs(_fraction(value))) if isinstance(value, Game) else abs(value)


def _sign(value):
    return (_fraction(value) > 0) - (_fraction(value) < 0) if isinstance(value, Game) else value.sign


def _numerator(value):
    return _fraction(value).numerator if isinstance(value, Game) else value.numerator


def _denominator(value):
    return _fraction(value).denominator if isinstance(value, Game) else value.denominator


def _floor(value):
    return math.floor(_fraction(value) if isinstance(value, Game) else value)


def _ceiling(value):
    return math.ceil(_fraction(value) if isinstance(value, Game) else value)


def _reciprocal(value):
    return rational(1, value) if isinstance(value, Game) else value.reciprocal


def _is_dyadic(value):
    return True if isinstance(value, Game) else value.is_dyadic


UNARY = {
    "value": lambda x: x,
    "class": _cgsuite_class,
    "abs": _abs,
    "birthday": lambda x: x.birthday,
    "sign": _sign,
    "is_ordinal": lambda x: cgsuite_bool(x.is_ordinal),
    "outcome_class": lambda x: x.outcome,
    "numerator": _numerator,
    "denominator": _denominator,
    "is_dyadic": lambda x: cgsuite_bool(_is_dyadic(x)),
    "floor": _floor,
    "ceiling": _ceiling,
    "reciprocal": _reciprocal,
    "nim_inverse": nim_inverse,
}

BINARY = {
    "max": max,
    "min": min,
    "nim_sum": nim_sum,
    "nim_product": nim_product,
    "nim_exp": nim_exp,
    "nim_div": nim_div,
    "ugly_product": ugly_product,
    "conway_product": lambda x, y: x.conway_product(y),
    "lt": lambda x, y: cgsuite_bool(x < y),
}

# Results compared as text only: class names, booleans, outcome letters.
TEXT_RESULTS = {"class", "is_ordinal", "is_dyadic", "outcome_class", "lt"}


def _skip_reason(vector):
    if vector["op"] not in UNARY and vector["op"] not in BINARY:
        return f"the op {vector['op']!r} is not one cgt computes"
    return None


def _compute(vector):
    if vector["op"] == "value":
        return _read(vector["game"])
    game = _read(vector["game"])
    if vector["op"] in UNARY:
        return UNARY[vector["op"]](game)
    return BINARY[vector["op"]](game, *(_read(a) for a in vector["args"]))


@pytest.mark.parametrize("vector", [skip_param(v, _skip_reason(v)) for v in VECTORS])
def test_transfinite_vector(vector):
    expected = vector["expected"]
    if expected.startswith("!!"):
        with pytest.raises((ValueError, ArithmeticError, UndefinedInvariantError)) as info:
            _compute(vector)
        error = info.value
        message = (error.message if isinstance(error, GameSyntaxError)
                   else error.reason if isinstance(error, UndefinedInvariantError) else str(error))
        assert message.startswith(expected[2:]), message
        return
    result = _compute(vector)
    assert str(result) == expected
    if vector["op"] not in TEXT_RESULTS:
        assert result == parse(expected)


def test_every_vector_is_read():
    # The file holds CGSuite's 169 transfinite vectors, each with a known op.
    assert len(VECTORS) == 169
    assert all(_skip_reason(v) is None for v in VECTORS)
