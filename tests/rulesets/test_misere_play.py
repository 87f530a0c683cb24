"""The misère outcome of partizan positions (`cgt.rulesets.misere_play`).

Expected outcomes come from CGSuite's ``CanonicalShortGameTestCase``
(``MisereOutcomeClass`` of canonical forms, played here as positions of those
forms) and from the definition, searched by the model of ``tests/reference.py``.
"""

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

import reference
from cgt import parse
from cgt.rulesets import Clobber, Domineering, FormPosition, Position

from reference_data import cgsuite_vectors

CLOBBER_MOVES = reference.gen_clobber_moves(((1, 0), (-1, 0), (0, 1), (0, -1)), ("o", "x"), "..", 1)
MISERE_VECTORS = [v for v in cgsuite_vectors() if v["op"] == "misere_outcome_class"
                  and v["source"] == "CanonicalShortGameTestCase.scala"]


def test_cgsuite_tests_the_misere_outcome_of_canonical_games():
    assert len(MISERE_VECTORS) == 11


@pytest.mark.parametrize("vector", MISERE_VECTORS, ids=[v["id"] for v in MISERE_VECTORS])
def test_cgsuites_misere_outcomes_of_canonical_forms(vector):
    assert FormPosition(parse(vector["game"])).misere_outcome == vector["expected"]


def boards(max_cells=8):
    return st.integers(1, 3).flatmap(
        lambda rows: st.integers(1, max_cells // rows).flatmap(
            lambda width: st.lists(st.sampled_from(".xo"), min_size=rows * width, max_size=rows * width)
            .map(lambda cells: "|".join("".join(cells[i:i + width]) for i in range(0, len(cells), width)))))


@settings(max_examples=80, deadline=None)
@given(boards())
def test_the_misere_outcome_of_clobber_positions_is_that_of_the_definition(board):
    expected = reference.misere_outcome(tuple(board.split("|")), CLOBBER_MOVES)
    assert Clobber(board).misere_outcome == expected


def test_the_misere_outcome_depends_on_the_form():
    # Domineering on one row of two cells is -1 = {|0} in normal play: Right wins.  In misère play
    # Left, with no move, wins moving first, and wins moving second when Right's move leaves her none.
    assert Domineering("..").outcome == "R"
    assert Domineering("..").misere_outcome == "L"
    assert FormPosition(parse("0")).misere_outcome == "N"


def test_the_misere_outcome_of_a_loopy_position_is_refused():
    class Light(Position):
        def __init__(self, on):
            self.on = on

        def left_moves(self):
            return [Light(not self.on)]

        def right_moves(self):
            return [self]

        def __eq__(self, other):
            return isinstance(other, Light) and other.on == self.on

        def __hash__(self):
            return hash(self.on)

    with pytest.raises(ValueError, match="loopy position"):
        Light(False).misere_outcome
