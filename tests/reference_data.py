"""Helpers the test modules share for CGSuite's reference data and the engine's game ids.

The reference data (``cgsuite_vectors.json``, ``loopy_vectors.json``,
``transfinite_vectors.json``, ``partizan_facts.json``,
``impartial_facts.json``) lives in ``../shared/reference`` beside the checkout;
$CGT_REFERENCE_DIR or ``tests/data`` can stand in for it.  How a CGSuite
expression maps to `cgt` calls stays in each test module; what is here only
finds, loads and selects the data, and reads and prints CGSuite's sets.
(``tests/reference.py`` is something else: the from-the-definition game model.)
"""

import json
import os
from fractions import Fraction
from pathlib import Path

import pytest

from cgt import engine

_TESTS = Path(__file__).resolve().parent

# ----------------------------------------------------------------------------
# Finding and loading the reference data


def reference_dir(name="cgsuite_vectors.json"):
    """The first of $CGT_REFERENCE_DIR, ../shared/reference and tests/data that holds ``name``."""
    candidates = []
    if os.environ.get("CGT_REFERENCE_DIR"):
        candidates.append(Path(os.environ["CGT_REFERENCE_DIR"]))
    candidates += [_TESTS.parents[1] / "shared" / "reference", _TESTS / "data"]
    for candidate in candidates:
        if (candidate / name).is_file():
            return candidate
    raise FileNotFoundError(f"{name} not found; looked in: " + ", ".join(map(str, candidates))
                            + " (set CGT_REFERENCE_DIR to the directory holding it)")


def load_reference(name, missing="fail"):
    """The JSON file ``name``; when missing, per ``missing``: "fail", "skip" (the module) or "raise"."""
    try:
        path = reference_dir(name) / name
    except FileNotFoundError as exc:
        if missing == "fail":
            pytest.fail(str(exc), pytrace=False)
        if missing == "skip":
            pytest.skip(str(exc), allow_module_level=True)
        raise
    with open(path, encoding="utf-8") as handle:
        return json.load(handle)


def cgsuite_vectors(ops=None, categories=None, missing="fail"):
    """CGSuite's vectors in file order, kept to an op in ``ops`` and a category in ``categories``."""
    return [v for v in load_reference("cgsuite_vectors.json", missing)["vectors"]
            if (ops is None or v["op"] in ops) and (categories is None or v["category"] in categories)]


def loopy_vectors(missing="fail"):
    """CGSuite's loopy-game vectors (``loopy_vectors.json``) in file order, then the cases of its
    ``SidedValueTestCase`` that file lacks (``tests/data/loopy_vectors_sided.json``)."""
    with open(_TESTS / "data" / "loopy_vectors_sided.json", encoding="utf-8") as handle:
        supplement = json.load(handle)["vectors"]
    return load_reference("loopy_vectors.json", missing)["vectors"] + supplement


def transfinite_vectors(missing="fail"):
    """CGSuite's vectors for ordinals, surreal numbers, rationals and ordinal nim arithmetic
    (``transfinite_vectors.json``) in file order."""
    return load_reference("transfinite_vectors.json", missing)["vectors"]


def partizan_facts(missing="fail"):
    """The facts of ``partizan_facts.json``."""
    return load_reference("partizan_facts.json", missing)["facts"]


def impartial_facts(missing="fail"):
    """The facts of ``impartial_facts.json``."""
    return load_reference("impartial_facts.json", missing)["facts"]


# ----------------------------------------------------------------------------
# Skipping vectors by a named feature (never by id)

# Features outside the scope of the modules that check CGSuite's vectors.
LATER_FEATURES = {
    "'{": "explicit (unsimplified) games written '{...}' are a later feature",
    "*[": "explicit impartial/misere games *[...] are a later feature",
    "game.": "ruleset constructors game.grid/game.graph/... are a later feature",
}


def feature_skip(vector, features, fields=("expr", "game", "args")):
    """The reason of the first of ``features`` (text -> reason) in the vector's ``fields``, or None."""
    texts = []
    for field in fields:
        value = vector[field]
        texts += [str(a) for a in value] if isinstance(value, list) else [value or ""]
    return next((why for feature, why in features.items() if any(feature in t for t in texts)), None)


def skip_param(item, reason=None):
    """``item`` as a pytest param with its ``id``, marked skip when there is a ``reason``."""
    marks = [pytest.mark.skip(reason=reason)] if reason else []
    return pytest.param(item, id=item["id"], marks=marks)


def vector_params(vectors, features=LATER_FEATURES):
    """The vectors as pytest params by id, those naming one of ``features`` skipped with its reason."""
    return [skip_param(v, feature_skip(v, features)) for v in vectors]


# ----------------------------------------------------------------------------
# CGSuite's sets and lists


def split_top(text, separator=","):
    """``text`` split at ``separator`` where no bracket is open."""
    parts, depth, start, i = [], 0, 0, 0
    while i < len(text):
        c = text[i]
        if c in "([{":
            depth += 1
        elif c in ")]}":
            depth -= 1
        elif depth == 0 and text.startswith(separator, i):
            parts.append(text[start:i])
            i += len(separator)
            start = i
            continue
        i += 1
    parts.append(text[start:])
    return parts


def split_cgsuite_set(text, brackets="{}"):
    """The items of a CGSuite set ``{a,b,...}`` (list ``[a,b,...]``: brackets="[]") at top-level commas."""
    assert text.startswith(brackets[0]) and text.endswith(brackets[1]), text
    inner = text[1:-1]
    return [] if not inner else split_top(inner, ",")


def cgsuite_set_text(items, brackets="{}"):
    """The items printed as CGSuite prints a set ``{a,b,...}`` (list ``[a,b,...]``: brackets="[]")."""
    return brackets[0] + ",".join(str(item) for item in items) + brackets[1]


def cgsuite_bool(value):
    """A boolean as CGSuite prints it: ``true`` or ``false``."""
    return "true" if value else "false"


# ----------------------------------------------------------------------------
# Engine ids

ZERO = engine.ZERO
STAR = engine.nus(Fraction(0), 0, 1)
UP = engine.nus(Fraction(0), 1, 0)


def num(x):
    """The id of the number ``x``."""
    return engine.nus(Fraction(x))


def nus(x=0, ups=0, star=0):
    """The id of the number-up-star ``x + ups.^ + *star``."""
    return engine.nus(Fraction(x), ups, star)


def sub(a, b):
    """The id of ``a - b``."""
    return engine.add(a, engine.neg(b))
