"""CGSuite's rulesets by name, its grid, strip and graph vectors, and the textbook facts.

Every ruleset and schema of CGSuite's ``game.grid``, ``game.strip``,
``game.graph``, ``game.heap`` and ``game.variant`` has a name in `cgt`, given by
the table of docs/rulesets.md ("Every CGSuite ruleset"): the table is checked
against CGSuite's list, each name against `cgt`, and every vector of those
categories against the table.  Each grid, strip and graph vector's CGSuite
constructor is then translated to a `cgt.rulesets` position and played here,
checked by value and by CGSuite's notation; the Hackenbush family's vectors are
played (with their own brute force) in tests/rulesets/test_hackenbush.py, the heap
vectors in tests/impartial/test_heap_vectors.py and tests/impartial/test_misere.py.
"""

import importlib
import re
from pathlib import Path

import pytest

from cgt import Game, parse
from cgt.impartial import Spawning
from cgt.rulesets import (
    Amazons, AntiClobber, Clobber, Col, Cram, Cutcake, Domineering, ElephantsAndRhinos, GenClobber, GenToadsAndFrogs,
    Kings, PartizanArcKayles, Snort, ToadsAndFrogs, TurnAndEatcake,
)

from reference_data import cgsuite_vectors, partizan_facts


VECTORS = cgsuite_vectors(categories=("grid", "strip", "graph"), missing="skip")
FACTS = partizan_facts(missing="skip")

# CGSuite's rulesets and ruleset schemas: the classes and constants of its resources
# lib/core/src/main/resources/org/cgsuite/lang/resources/game/{grid,strip,graph,heap}
# (less base classes, FunctionalHeapRuleset and FunctionalCoordinateRuleset, which its
# HeapRuleset(fn) and CoordinateRuleset(fn) make, and Periodicity) and the variants
# every Ruleset has (game/Ruleset.cgs, game/variant).
CGSUITE_RULESETS = {
    *(f"game.grid.{name}" for name in (
        "Amazons", "AntiClobber", "CeyloneseFoxAndGeese", "Clobber", "Cram", "Domineering", "Fission",
        "FoxAndGeese", "GenClobber", "GenFoxAndGeese", "HotClobber", "Kings", "Knights", "Queens", "Rooks")),
    *(f"game.strip.{name}" for name in (
        "BackslidingToadsAndFrogs", "ElephantsAndRhinos", "GenToadsAndFrogs", "ToadsAndFrogs",
        "TopplingDominoes", "Turning")),
    *(f"game.graph.{name}" for name in (
        "ArcKayles", "ChildishHackenbush", "Col", "Fjords", "GenArcKayles", "GenCol", "GenHackenbush",
        "Hackenbush", "PartizanArcKayles", "Snort", "WeightedArcKayles")),
    *(f"game.heap.{name}" for name in (
        "CoordinateRuleset", "Cutcake", "DawsonsKayles", "Eatcake", "FibonacciNim", "GenCutcake", "GenMem",
        "GenWythoff", "GrundysGame", "HeapRuleset", "Kayles", "MaundyCake", "Mem", "Nim",
        "PartizanCoordinateRuleset", "PartizanEuclid", "PartizanHeapRuleset", "PartizanSplittles",
        "PartizanSubtraction", "PartizanTakeAndBreak", "Spawning", "Splittles", "Subtraction", "TakeAndBreak",
        "TakeAway", "TurnAndEatcake", "Wythoff")),
    *(f"game.variant.{name}" for name in ("DicoticVariant", "ImpartialVariant", "TwistedVariant")),
}


def _documented_names():
    """CGSuite name -> the dotted `cgt` name, from the table in docs/rulesets.md."""
    text = (Path(__file__).resolve().parents[2] / "docs" / "rulesets.md").read_text()
    return dict(re.findall(r"^\| `(game\.\w+\.\w+)` \| `(cgt(?:\.\w+)+)`", text, re.M))


DOCUMENTED = _documented_names()


def test_the_docs_name_every_cgsuite_ruleset_and_no_other():
    assert set(DOCUMENTED) == CGSUITE_RULESETS


@pytest.mark.parametrize("cgsuite, ours", sorted(DOCUMENTED.items()))
def test_each_documented_ruleset_exists(cgsuite, ours):
    module, name = ours.rsplit(".", 1)
    assert getattr(importlib.import_module(module), name, None) is not None


RULESET_VECTORS = cgsuite_vectors(categories=("grid", "strip", "graph", "heap"), missing="skip")


@pytest.mark.parametrize("vector", RULESET_VECTORS, ids=[v["id"] for v in RULESET_VECTORS])
def test_every_ruleset_vector_is_played_on_a_named_ruleset(vector):
    named = re.findall(r"game\.\w+\.\w+", vector["game"] or vector["expr"])
    assert named, vector["expr"]
    assert set(named) <= set(DOCUMENTED), set(named) - set(DOCUMENTED)

# CGSuite constructor (regular expression on the vector's game) -> cgt position
CONSTRUCTORS = [
    (r'game\.grid\.Domineering\(Grid\.Empty\((\d+),(\d+)\)\)',
     lambda m: Domineering.empty(int(m[1]), int(m[2]))),
    (r'game\.grid\.Domineering\("([^"]*)"\)', lambda m: Domineering(m[1])),
    (r'game\.grid\.Cram\("([^"]*)"\)', lambda m: Cram(m[1])),
    (r'game\.grid\.Clobber\("([^"]*)"\)', lambda m: Clobber(m[1])),
    (r'game\.grid\.GenClobber\(directions => Coordinates\.Diagonal\)\("([^"]*)"\)',
     lambda m: GenClobber(directions="diagonal")(m[1])),
    (r'game\.grid\.Amazons\("([^"]*)"\)', lambda m: Amazons(m[1])),
    (r'game\.strip\.ToadsAndFrogs\("([^"]*)"\)', lambda m: ToadsAndFrogs(m[1])),
    (r'game\.strip\.GenToadsAndFrogs\(maxJump => (\d+)\)\("([^"]*)"\)',
     lambda m: GenToadsAndFrogs(max_jump=int(m[1]))(m[2])),
    (r'game\.strip\.ElephantsAndRhinos\("([^"]*)"\)', lambda m: ElephantsAndRhinos(m[1])),
    # Coin-turning strips, by turning code or by their heap form game.heap.Spawning
    (r'game\.strip\.Turning\(game\.heap\.Spawning\("([^"]*)"\)\)\("([^"]*)"\)',
     lambda m: Spawning(m[1]).coins(m[2])),
    (r'game\.strip\.Turning\("([^"]*)"\)\("([^"]*)"\)', lambda m: Spawning(m[1]).coins(m[2])),
    (r'game\.grid\.Kings\("([^"]*)"\)', lambda m: Kings(m[1])),
    (r'game\.grid\.AntiClobber\("([^"]*)"\)', lambda m: AntiClobber(m[1])),
    (r'game\.graph\.Col\("([^"]*)"\)', lambda m: Col.parse(m[1])),
    (r'game\.graph\.Snort\("([^"]*)"\)', lambda m: Snort.parse(m[1])),
    (r'game\.graph\.PartizanArcKayles\("([^"]*)"\)', lambda m: PartizanArcKayles.parse(m[1])),
]

# Checked elsewhere, with a brute force of their own.
ELSEWHERE = {
    "Hackenbush": "checked in tests/rulesets/test_hackenbush.py::test_cgsuite_graph_vector",
    "ChildishHackenbush": "checked in tests/rulesets/test_hackenbush.py::test_cgsuite_graph_vector",
}


def _position(game):
    for pattern, build in CONSTRUCTORS:
        m = re.fullmatch(pattern, game)
        if m:
            return build(m)
    ruleset = re.match(r"game\.\w+\.(\w+)", game)
    name = ruleset[1] if ruleset else game
    if name in ELSEWHERE:
        pytest.skip(f"{name} vectors are {ELSEWHERE[name]}")
    pytest.skip(f"cgt has no ruleset {name}")


def _result(vector):
    position = _position(vector["game"])
    op = vector["op"]
    if op == "canonical_form":
        return position.canonical_form
    if op == "grid_string":
        return f'"{position.board}"'
    if op == "followers_size":
        return len(position.followers())
    if op == "nim_value":
        return position.canonical_form.nim_value
    pytest.skip(f"op {op} is not a ruleset feature")


@pytest.mark.parametrize("vector", VECTORS, ids=[v["id"] for v in VECTORS])
def test_cgsuite_vector(vector):
    result = _result(vector)
    expected = vector["expected"]
    if vector["op"] == "canonical_form":
        assert result == parse(expected)     # by value
        assert str(result) == expected       # by notation
    else:
        assert str(result) == expected


TOADS_AND_FROGS = [f for f in FACTS if f["input"].get("ruleset") == "ToadsAndFrogs"]


@pytest.mark.parametrize("fact", TOADS_AND_FROGS, ids=[f["id"] for f in TOADS_AND_FROGS])
def test_toads_and_frogs_fact(fact):
    value = ToadsAndFrogs(fact["input"]["position"]).canonical_form
    assert value == parse(fact["expected"])
    assert str(value) == fact["expected"]


CUTCAKE = next(f for f in FACTS if f["id"] == "cutcake-table")


@pytest.mark.parametrize("rows", range(1, 11))
def test_cutcake_table_row(rows):
    """Cutcake(m, n), m rows and n columns, Left splitting the columns (Winning Ways' table)."""
    expected = CUTCAKE["expected"][rows - 1]
    assert [Cutcake(rows, cols).canonical_form for cols in range(1, 11)] == [parse(str(v)) for v in expected]


# ---------------------------------------------------------------- Turn-and-Eatcake
TURN_AND_EATCAKE = next(f for f in FACTS if f["id"] == "turn-and-eatcake-row8")


def _eat(heap):
    """The heaps left after eating one token of ``heap``, leaving 0, 1 or 2 non-empty heaps (code 0.7)."""
    out = set()
    for a in range(heap):
        b = heap - 1 - a
        out.add(tuple(sorted(k for k in (a, b) if k)))
    return out


def turn_and_eatcake_by_definition(m, n, memo={}):
    """CGSuite's twisted GenCutcake of two 0.7 heap rules, straight from its definition:
    Left moves (m, n) to the sum of (n, b) over the heaps b left by eating from m,
    Right to the sum of (a, m) over the heaps a left by eating from n."""
    if (m, n) not in memo:
        left = [sum((turn_and_eatcake_by_definition(n, b) for b in heaps), Game(0)) for heaps in _eat(m)]
        right = [sum((turn_and_eatcake_by_definition(a, m) for a in heaps), Game(0)) for heaps in _eat(n)]
        memo[(m, n)] = Game(left, right)
    return memo[(m, n)]


def test_turn_and_eatcake_fact():
    """CGSuite's GameHeapTest, via partizan_facts.json: TurnAndEatcake((8, n)) for n = 0..8."""
    assert TURN_AND_EATCAKE["input"]["position"] == "(8,n), n=0..8"
    expected = TURN_AND_EATCAKE["expected"]
    values = [TurnAndEatcake(8, n).canonical_form for n in range(9)]
    assert [str(v) for v in values] == expected
    assert values == [parse(e) for e in expected]
    assert values == [turn_and_eatcake_by_definition(8, n) for n in range(9)]


@pytest.mark.parametrize("m", range(7))
def test_turn_and_eatcake_by_definition(m):
    for n in range(7):
        assert TurnAndEatcake(m, n).canonical_form == turn_and_eatcake_by_definition(m, n), (m, n)


def test_turn_and_eatcake_sums_and_turns():
    pieces = TurnAndEatcake(pieces=[(3, 2), (0, 4), (5, 0)])
    assert pieces.canonical_form == sum(
        (turn_and_eatcake_by_definition(m, n) for m, n in [(3, 2), (0, 4), (5, 0)]), Game(0))
    assert TurnAndEatcake(4, 3).canonical_form == -TurnAndEatcake(3, 4).canonical_form
