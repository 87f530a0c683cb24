"""CGSuite's own heap-game test vectors (category 'heap' of cgsuite_vectors.json).

Each vector is run when `cgt` models its ruleset and operation; the others are
skipped with the operation or ruleset named.  CGSuite's NimValueSequence(n)
lists heaps 1..n.
"""

import json
import re

import pytest

from cgt.impartial import (TakeAndBreak, dawsons_kayles, generalized_wythoff, grundys_game, kayles,
                           nim, wythoff)
from impartial_reference import HEAP_PATTERNS, heap_ruleset, heap_vectors
from reference_data import skip_param

NAMED = {"Nim": nim, "Kayles": kayles, "DawsonsKayles": dawsons_kayles,
         "GrundysGame": grundys_game, "Wythoff": wythoff}
SUPPORTED_OPS = {"code", "options_size", "nim_value", "nim_value_sequence", "check_periodicity"}


def parse_ruleset(text):
    """The ruleset named by a CGSuite expression and the rest of the text after it."""
    patterns = HEAP_PATTERNS + [
        (r"game\.heap\.GenWythoff\(x -> x \+ (\d+)\)", lambda m: generalized_wythoff(int(m.group(1)))),
        (r"game\.heap\.(\w+)", lambda m: NAMED.get(m.group(1))),
    ]
    return heap_ruleset(text, patterns, "ruleset {} is not modelled", "no modelled ruleset in {!r}")


def parse_position(text):
    """``(20)`` -> 20, ``((10,10))`` -> (10, 10)."""
    inner = text[1:-1]
    return tuple(int(s) for s in inner.strip("()").split(",")) if inner.startswith("(") else int(inner)


def nim_value(ruleset, position):
    if isinstance(ruleset, TakeAndBreak):
        return ruleset.nim_value(position)
    return ruleset.grundy_value(position)


def options_size(ruleset, position):
    if isinstance(ruleset, TakeAndBreak):
        return len(ruleset.heap_options(position))
    return len(set(ruleset.moves(position)))


def vectors():
    return [skip_param(v) for v in heap_vectors()]


@pytest.mark.parametrize("vector", vectors())
def test_heap_vector(vector):
    op, expr, expected = vector["op"], vector["expr"], vector["expected"]
    if op not in SUPPORTED_OPS:
        pytest.skip(f"operation {op} is not supported")
    if vector["game"] is None:
        pytest.skip("scripts are not modelled")
    if expr.startswith("rs :="):                     # rs := <ruleset>; [positions].Apply(...)
        ruleset, _ = parse_ruleset(expr.split(":=", 1)[1].strip())
        rest = ""
    else:
        ruleset, rest = parse_ruleset(vector["game"])
    if op == "code":
        assert ruleset.code == json.loads(expected)
    elif op == "options_size":
        assert options_size(ruleset, parse_position(rest)) == int(expected)
    elif op == "nim_value_sequence":
        n = int(vector["args"][0])
        assert ruleset.nim_sequence(n)[1:] == json.loads(expected)
    elif op == "check_periodicity":
        found = ruleset.periodicity(int(vector["args"][0]))
        assert (str(found) if found is not None else "Nothing") == expected
    elif rest:                                         # Nim(0).NimValue
        assert nim_value(ruleset, parse_position(rest)) == int(expected)
    else:
        span = re.search(r"for n from (\d+) to (\d+)", expr)
        if span:
            lo, hi = map(int, span.groups())
            row = re.search(r"\(\((\d+),n\)\)", expr)
            positions = [(int(row.group(1)), n) if row else n for n in range(lo, hi + 1)]
        else:
            coords = re.findall(r"\((\d+),(\d+)\)", expr.split("[", 1)[1].split("]")[0])
            positions = [(int(x), int(y)) for x, y in coords]
        assert [nim_value(ruleset, p) for p in positions] == json.loads(expected)
