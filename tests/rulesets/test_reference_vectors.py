"""CGSuite's grid, strip and graph vectors, and the textbook facts, for the rulesets `cgt` has.

Each vector's CGSuite constructor is translated to a `cgt.rulesets` position; a
vector naming a ruleset `cgt` does not have is skipped with that name as the
reason.  Results are checked by value and by CGSuite's notation.
"""

import re

import pytest

from cgt import parse
from cgt.rulesets import (
    Amazons, Clobber, Cram, Cutcake, Domineering, ElephantsAndRhinos, ToadsAndFrogs,
)

from reference_data import cgsuite_vectors, partizan_facts


VECTORS = cgsuite_vectors(categories=("grid", "strip", "graph"), missing="skip")
FACTS = partizan_facts(missing="skip")

# CGSuite constructor (regular expression on the vector's game) -> cgt position
CONSTRUCTORS = [
    (r'game\.grid\.Domineering\(Grid\.Empty\((\d+),(\d+)\)\)',
     lambda m: Domineering.empty(int(m[1]), int(m[2]))),
    (r'game\.grid\.Domineering\("([^"]*)"\)', lambda m: Domineering(m[1])),
    (r'game\.grid\.Cram\("([^"]*)"\)', lambda m: Cram(m[1])),
    (r'game\.grid\.Clobber\("([^"]*)"\)', lambda m: Clobber(m[1])),
    (r'game\.grid\.GenClobber\(directions => Coordinates\.Diagonal\)\("([^"]*)"\)',
     lambda m: Clobber(m[1], directions="diagonal")),
    (r'game\.grid\.Amazons\("([^"]*)"\)', lambda m: Amazons(m[1])),
    (r'game\.strip\.ToadsAndFrogs\("([^"]*)"\)', lambda m: ToadsAndFrogs(m[1])),
    (r'game\.strip\.GenToadsAndFrogs\(maxJump => (\d+)\)\("([^"]*)"\)',
     lambda m: ToadsAndFrogs(m[2], max_jump=int(m[1]))),
    (r'game\.strip\.ElephantsAndRhinos\("([^"]*)"\)', lambda m: ElephantsAndRhinos(m[1])),
]


def _position(game):
    for pattern, build in CONSTRUCTORS:
        m = re.fullmatch(pattern, game)
        if m:
            return build(m)
    ruleset = re.match(r"game\.\w+\.(\w+)", game)
    pytest.skip(f"cgt has no ruleset {ruleset[1] if ruleset else game}")


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
