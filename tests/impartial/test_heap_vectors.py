"""CGSuite's own heap-game test vectors (category 'heap' of cgsuite_vectors.json).

Each vector is run when `cgt` models its ruleset and operation; the others are
skipped with the reason named.  CGSuite's NimValueSequence(n) lists heaps 1..n.

CGSuite's memory games ``GenMem``, ``Mem``, ``TakeAway(a)`` and ``FibonacciNim``
are `cgt.impartial.gen_mem`, ``mem``, ``take_away`` and ``fibonacci_nim``.
Its cake games are `cgt.rulesets.GenCutcake` and its named instances
(``Eatcake``, ``TurnAndEatcake``); ``X.CakeProduct(Y, twisted)`` is
``GenCutcake(X, Y, twisted)``.  (``reference.cake_value`` models GenCutcake
from its definition; tests/rulesets/test_cakes.py checks the library against it.)

CGSuite's coin-turning heaps ``Spawning(code)`` are `cgt.impartial.Spawning`, and
its scripts printing ``X.AcrosticProduct(Y).NimValueTable(r, c)`` (or
``DirectProduct``) are run on ``X.acrostic_product(Y).nim_value_table(r, c)``
and printed as CGSuite prints a table.
"""

import json
import re

import pytest

from cgt.impartial import (ImpartialRuleset, Spawning, TakeAndBreak, dawsons_kayles,
                           fibonacci_nim, gen_mem, generalized_wythoff, grundys_game, kayles, mem,
                           nim, table_text, take_away, wythoff)
from cgt.impartial.misere import genus, misere_canonical_form, misere_nim_value
from cgt.rulesets import Eatcake, GenCutcake, TurnAndEatcake
from impartial_reference import HEAP_PATTERNS, heap_ruleset, heap_vectors
from reference_data import skip_param, split_cgsuite_set


PREDICATES = {  # the predicates of CGSuite's GenMem lambdas that the vectors use
    "j != memory": lambda memory, j: j != memory,
    "j >= memory": lambda memory, j: j >= memory,
}

NAMED = {"Nim": nim, "Kayles": kayles, "DawsonsKayles": dawsons_kayles,
         "GrundysGame": grundys_game, "Wythoff": wythoff,
         "Mem": mem, "FibonacciNim": fibonacci_nim}
SUPPORTED_OPS = {"code", "options_size", "nim_value", "nim_value_sequence", "check_periodicity",
                 "nim_value_table"}
# Misère operations: here for the memory games, in test_misere.py for take-and-break heaps.
MISERE_ELSEWHERE = {"misere_nim_value", "genus", "misere_canonical_form"}


def parse_ruleset(text):
    """The ruleset named by a CGSuite expression and the rest of the text after it."""
    patterns = HEAP_PATTERNS + [
        (r"game\.heap\.GenWythoff\(x -> x \+ (\d+)\)", lambda m: generalized_wythoff(int(m.group(1)))),
        (r"game\.heap\.TakeAway\((\d+)\)", lambda m: take_away(int(m.group(1)))),
        (r"game\.heap\.GenMem\(\(memory, j\) -> ([^)]*)\)",
         lambda m: gen_mem(PREDICATES[m.group(1)]) if m.group(1) in PREDICATES else None),
        (r'game\.heap\.Spawning\("([^"]+)"\)', lambda m: Spawning(m.group(1))),
        (r"game\.heap\.(\w+)", lambda m: NAMED.get(m.group(1))),
    ]
    return heap_ruleset(text, patterns, "ruleset {} is not modelled (no impartial_facts.json fact needs it)",
                        "no modelled ruleset in {!r}")


# --- CGSuite's cake games ------------------------------------------------------------------------

CAKES = [  # CGSuite spellings of the cake product of two codes: left code, right code, ", twisted => true"
    (r'game\.heap\.GenCutcake\(game\.heap\.TakeAndBreak\("([^"]+)"\), game\.heap\.TakeAndBreak\("([^"]+)"\)'
     r"(, twisted => true)?\)"),
    (r'game\.heap\.TakeAndBreak\("([^"]+)"\)\.CakeProduct\(game\.heap\.TakeAndBreak\("([^"]+)"\)'
     r"(, twisted => true)?\)"),
]


def cake_vector(op, expr, game_text):
    """Check a vector on a cake game; False when it is not about one."""
    span = re.search(r"\(\((\d+),n\)\)\.CanonicalForm for n from (\d+) to (\d+)", expr)
    if game_text.startswith("game.heap.TurnAndEatcake") and span:
        m, lo, hi = map(int, span.groups())
        return [str(TurnAndEatcake(m, n).canonical_form) for n in range(lo, hi + 1)]
    if game_text.startswith("game.heap.Eatcake((") and op == "left_options_size":
        m, n = map(int, re.findall(r"\d+", game_text))
        return str(len(Eatcake(m, n).left_moves()))
    for pattern in CAKES:
        found = re.match(pattern, game_text)
        if found:
            ruleset = GenCutcake(TakeAndBreak(found.group(1)), TakeAndBreak(found.group(2)), bool(found.group(3)))
            if op == "left_options_size":
                m, n = map(int, re.findall(r"\(\((\d+),(\d+)\)\)", game_text)[0])
                return str(len(ruleset(m, n).left_moves()))
            m, lo, hi = map(int, span.groups())
            return [str(ruleset(m, n).canonical_form) for n in range(lo, hi + 1)]
    return None


def parse_position(text):
    """``(20)`` -> 20, ``((10,10))`` -> (10, 10)."""
    inner = text[1:-1]
    return tuple(int(s) for s in inner.strip("()").split(",")) if inner.startswith("(") else int(inner)


HEAP_RULESETS = (TakeAndBreak, Spawning)


def nim_value(ruleset, position):
    if isinstance(ruleset, HEAP_RULESETS):
        return ruleset.nim_value(position)
    return ruleset.grundy_value(position)


def options_size(ruleset, position):
    if isinstance(ruleset, HEAP_RULESETS):
        return len(ruleset.heap_options(position))
    return len(set(ruleset.moves(position)))


# --- CGSuite's NimValueTable scripts on products of Spawning rulesets ---------------------------

PRODUCTS = {"AcrosticProduct": "acrostic_product", "DirectProduct": "direct_product"}


def script_table(expr):
    """The table a script ``A := <ruleset>; ...; A.XProduct(B).NimValueTable(r, c)`` computes."""
    *assignments, last = [line.strip().rstrip(";") for line in expr.splitlines() if line.strip()]
    names = {}
    for line in assignments:
        name, ruleset = (part.strip() for part in line.split(":=", 1))
        names[name], rest = parse_ruleset(ruleset)
        assert not rest, line
    found = re.fullmatch(r"(\w+)\.(\w+)\((\w+)\)\.NimValueTable\((\d+), (\d+)\)", last)
    assert found, f"not a product's NimValueTable: {last!r}"
    left, product, right, rows, cols = found.groups()
    if product not in PRODUCTS:
        pytest.skip(f"product {product} is not modelled")
    ruleset = getattr(names[left], PRODUCTS[product])(names[right])
    return ruleset.nim_value_table(int(rows), int(cols))


def vectors():
    return [skip_param(v) for v in heap_vectors()]


@pytest.mark.parametrize("vector", vectors())
def test_heap_vector(vector):
    op, expr, expected = vector["op"], vector["expr"], vector["expected"]
    if vector["game"] is None:
        assert op == "nim_value_table", f"a script with op {op}"
        assert table_text(script_table(expr)) == expected
        return
    if op in ("canonical_form", "left_options_size"):
        got = cake_vector(op, expr, vector["game"])
        assert got is not None, f"no cake game in {vector['game']!r}"
        assert got == (split_cgsuite_set(expected, "[]") if isinstance(got, list) else expected)
        return
    if op not in SUPPORTED_OPS | MISERE_ELSEWHERE:
        pytest.skip(f"operation {op} is not supported")
    if expr.startswith("rs :="):                     # rs := <ruleset>; [positions].Apply(...)
        ruleset, _ = parse_ruleset(expr.split(":=", 1)[1].strip())
        rest = ""
    else:
        ruleset, rest = parse_ruleset(vector["game"])
    if op in MISERE_ELSEWHERE and not isinstance(ruleset, ImpartialRuleset):
        pytest.skip(f"{op} of a take-and-break heap: checked in test_misere.py "
                    "(test_cgsuite_misere_heap_vector)")
    if op == "genus":
        genera = [str(genus(p, ruleset.moves)) for p in row_positions(expr)]
        assert genera == split_cgsuite_set(expected, "[]")
    elif op == "misere_nim_value":
        assert [misere_nim_value(p, ruleset.moves) for p in row_positions(expr)] == json.loads(expected)
    elif op == "misere_canonical_form":
        assert str(misere_canonical_form(parse_position(rest), ruleset.moves)) == expected
    elif op == "code":
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
        assert [nim_value(ruleset, p) for p in row_positions(expr)] == json.loads(expected)


def row_positions(expr):
    """The positions a list comprehension of a vector runs over: ``n``, ``(m, n)`` or listed pairs."""
    span = re.search(r"for n from (\d+) to (\d+)", expr)
    if span:
        lo, hi = map(int, span.groups())
        row = re.search(r"\(\((\d+),n\)\)", expr)
        return [(int(row.group(1)), n) if row else n for n in range(lo, hi + 1)]
    coords = re.findall(r"\((\d+),(\d+)\)", expr.split("[", 1)[1].split("]")[0])
    return [(int(x), int(y)) for x, y in coords]
