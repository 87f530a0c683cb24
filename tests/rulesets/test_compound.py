"""Compounds of positions (`cgt.rulesets.compound`): sums and products of positions of any rulesets.

The expected values come from CGSuite's ``CompoundGameTestCase`` (the vectors
in ``cgsuite_vectors.json``, here played as positions of their forms) and from
the model of ``tests/reference.py``, which builds each compound of two forms
from its definition, with nothing of `cgt` but the rulesets' rules.
"""

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

import reference
from cgt import ExplicitGame, Game, parse, star
from cgt.rulesets import (Clobber, CompoundPosition, Domineering, FormPosition, LoopyPositionError, NegativePosition,
                          Position, ToadsAndFrogs)
from cgt.rulesets import compiled
from cgt.rulesets.compound import compound

from reference_data import cgsuite_vectors

CLOBBER_MOVES = reference.gen_clobber_moves(((1, 0), (-1, 0), (0, 1), (0, -1)), ("o", "x"), "..", 1)
COMPOUND_VECTORS = [v for v in cgsuite_vectors() if v["source"] == "CompoundGameTestCase.scala"]
KIND_OF_OP = {"sum": "disjunctive_sum", "conjunctive_sum": "conjunctive_sum", "selective_sum": "selective_sum",
              "ordinal_sum": "ordinal_sum", "conway_product": "conway_product",
              "ordinal_product": "ordinal_product"}


def test_the_sum_of_a_domineering_and_a_clobber_position_has_the_sum_of_their_values():
    position = Domineering("..|..") + Clobber("xox|ox.")
    assert isinstance(position, Position)
    assert position.canonical_form == Domineering("..|..").canonical_form + Clobber("xox|ox.").canonical_form


def test_there_are_compound_vectors_of_every_kind_cgsuite_tests():
    assert len(COMPOUND_VECTORS) == 17
    assert {v["op"] for v in COMPOUND_VECTORS} == {"sum", "conjunctive_sum", "selective_sum", "ordinal_sum",
                                                    "conway_product"}


@pytest.mark.parametrize("vector", COMPOUND_VECTORS, ids=[v["id"] for v in COMPOUND_VECTORS])
def test_cgsuites_compound_vectors_hold_on_positions_of_the_forms(vector):
    g, h = FormPosition(parse(vector["game"])), FormPosition(parse(vector["args"][0]))
    position = compound(KIND_OF_OP[vector["op"]], g, h)
    assert position.canonical_form == parse(vector["expected"])


@pytest.mark.parametrize("vector", COMPOUND_VECTORS, ids=[v["id"] for v in COMPOUND_VECTORS])
def test_cgsuites_compound_vectors_hold_on_the_explicit_forms_of_those_positions(vector):
    g = ExplicitGame.from_form(FormPosition(parse(vector["game"])))
    h = ExplicitGame.from_form(FormPosition(parse(vector["args"][0])))
    value = g + h if vector["op"] == "sum" else getattr(g, vector["op"])(h)
    assert value == parse(vector["expected"])


def _board(cells, width):
    return "|".join("".join(cells[i:i + width]) for i in range(0, len(cells), width))


def clobber_boards(max_cells=5):
    return st.integers(1, 2).flatmap(
        lambda rows: st.integers(1, max_cells // rows).flatmap(
            lambda width: st.lists(st.sampled_from(".xo"), min_size=rows * width, max_size=rows * width)
            .map(lambda cells: _board(cells, width))))


def _model(board):
    return reference.ruleset_form(tuple(board.split("|")), CLOBBER_MOVES)


MODEL_COMPOUNDS = {
    "disjunctive_sum": reference.add,
    "conjunctive_sum": reference.conjunctive_sum,
    "selective_sum": reference.selective_sum,
    "ordinal_sum": reference.ordinal_sum,
    "conway_product": reference.conway_product,
}


@settings(max_examples=60, deadline=None)
@given(st.sampled_from(sorted(MODEL_COMPOUNDS)), clobber_boards(), clobber_boards(4))
def test_compounds_of_clobber_positions_agree_with_the_definition(kind, a, b):
    position = compound(kind, Clobber(a), Clobber(b))
    expected = reference.canonical(MODEL_COMPOUNDS[kind](_model(a), _model(b)))
    assert position.canonical_form == reference.to_game(expected)


@settings(max_examples=25, deadline=None)
@given(clobber_boards(4), clobber_boards(3))
def test_the_ordinal_product_of_positions_is_that_of_their_explicit_forms(a, b):
    position = Clobber(a).ordinal_product(Clobber(b))
    forms = ExplicitGame.from_form(Clobber(a)), ExplicitGame.from_form(Clobber(b))
    assert position.canonical_form == forms[0].ordinal_product(forms[1])


@settings(max_examples=40, deadline=None)
@given(clobber_boards(), clobber_boards())
def test_a_position_minus_itself_is_zero_and_its_negative_has_the_negative_value(a, b):
    p, q = Clobber(a), Domineering(b.replace("x", ".").replace("o", "#"))
    assert (p - p).canonical_form == 0
    assert (-(p + q)).canonical_form == -(p.canonical_form + q.canonical_form)
    assert (p - q).canonical_form == p.canonical_form - q.canonical_form


def test_the_negative_of_a_negative_is_the_position():
    p = Domineering("...")
    assert isinstance(-p, NegativePosition)
    assert -(-p) == p


def test_the_negative_of_a_sum_is_the_sum_of_the_negatives_and_of_a_product_a_negative_position():
    p, q = Domineering(".."), Clobber("xo")
    assert -(p.conjunctive_sum(q)) == (-p).conjunctive_sum(-q)
    assert isinstance(-(p.conway_product(q)), NegativePosition)


def test_a_sum_splits_into_the_components_of_its_parts():
    position = Clobber("xo.ox") + Domineering("..#|#..")
    assert position.components() == Clobber("xo.ox").components() + Domineering("..#|#..").components()


def test_a_sum_of_positions_of_grid_rulesets_runs_each_rulesets_compiled_search(monkeypatch):
    seen = []
    grid_value = compiled.grid_value

    def recording(rules, rows):
        seen.append(rows)
        return grid_value(rules, rows)

    monkeypatch.setattr(compiled, "grid_value", recording)
    (Clobber("xoxo|oxox") + Clobber("xx.|oo.") + ToadsAndFrogs("T.F")).canonical_form
    assert ("xoxo", "oxox") in seen and ("xx", "oo") in seen     # components are cropped to their stones


def test_the_moves_of_a_sum_are_a_move_in_one_part():
    p, q = Domineering("..|.."), Clobber("xo")
    assert (p + q).left_options == tuple([x + q for x in p.left_moves()] + [p + y for y in q.left_moves()])


def test_games_and_ints_stand_for_the_positions_of_their_forms():
    assert (Domineering("..") + 1).canonical_form == Domineering("..").canonical_form + 1
    assert (star + Domineering("..|..")).canonical_form == star + parse("+-1")
    assert (1 - Domineering("...")).canonical_form == 2
    assert Domineering("..").ordinal_sum(parse("'{*|*}'")).canonical_form == \
        Domineering("..").canonical_form.ordinal_sum(ExplicitGame("'{*|*}'"))


def test_the_repr_of_a_compound_builds_it_again():
    from cgt.rulesets import Clobber, Domineering  # noqa: F401 (the names the repr uses)
    for position in [Domineering("..|..") + Clobber("xox|ox."),
                     (Domineering("..") + Clobber("xo")).conjunctive_sum(-Domineering("...")),
                     -(Domineering("..").conway_product(Clobber("xo")))]:
        assert eval(repr(position)) == position


def test_the_text_of_a_compound_is_cgsuites():
    assert str(Domineering("..").ordinal_sum(Clobber("xo")) + Clobber("ox")) == \
        "Domineering('..') : Clobber('xo') + Clobber('ox')"
    assert str(Domineering("..").ordinal_sum(Clobber("xo") + Clobber("ox"))) == \
        "Domineering('..') : (Clobber('xo') + Clobber('ox'))"


def test_the_explicit_form_of_a_position_has_its_value_and_its_moves():
    position = Domineering("..|..") + Clobber("xo")
    form = ExplicitGame.from_form(position)
    assert form.canonical_form == position.canonical_form
    assert len(form.left_options) == len(position.left_options)
    assert ExplicitGame.from_form(Clobber("xo")) == ExplicitGame("'{'{|}'|'{|}'}'")


def test_the_explicit_form_of_a_loopy_position_is_refused():
    class Light(Position):
        def __init__(self, on):
            self.on = on

        def left_moves(self):
            return [Light(not self.on)]

        def right_moves(self):
            return []

        def __eq__(self, other):
            return isinstance(other, Light) and other.on == self.on

        def __hash__(self):
            return hash(self.on)

    with pytest.raises(ValueError, match="must be short"):
        ExplicitGame.from_form(Light(False))


def test_a_sum_with_a_loopy_position_has_the_sum_of_the_loopy_values():
    class Light(Position):
        def __init__(self, on):
            self.on = on

        def left_moves(self):
            return [Light(not self.on)]

        def right_moves(self):
            return []

        @property
        def key(self):
            return self.on

    assert str((Light(False) + Domineering("..|..")).game_value()) == str(Light(False).game_value())


def test_a_sum_with_a_loopy_value_has_a_loopy_game_value_and_no_canonical_form():
    position = Domineering("..|..") + parse("on")
    assert position.game_value() == parse("on")
    with pytest.raises(LoopyPositionError, match="try `game_value`"):
        position.canonical_form


def test_a_compound_of_something_that_is_not_a_game_is_a_type_error():
    with pytest.raises(TypeError, match="cannot combine a position with str"):
        Domineering("..") + "x"
    with pytest.raises(ValueError, match="no compound named 'product'"):
        compound("product", Domineering(".."), 1)


def test_a_compound_position_draws_both_positions_in_a_notebook():
    shown = (Domineering("..|..") + Clobber("xo"))._repr_html_()
    assert shown.count("<svg") == 2 and "+" in shown
    assert "<svg" in (-Domineering(".."))._repr_html_()
    assert isinstance(Domineering("..") + Game(1), CompoundPosition)


# ---------------------------------------------------------------- compounds nested as deep as a user builds them
def test_a_sum_of_10000_clobber_xo_built_with_plus_is_10000_stars_which_is_0():
    # Issue #37: a sum of ~1,000 positions built with + raised RecursionError (components).
    # Clobber "xo" is * (either player clobbers and leaves the other without a move); *+* = 0.
    xo = Clobber("xo")
    total = xo
    for _ in range(9_999):
        total = total + xo
    assert len(total.components()) == 10_000
    assert total.canonical_form == Game(0)
    assert sum([xo] * 9_999, xo).canonical_form == Game(0)
    assert (total + xo).canonical_form == star


# Left's moves of ((xo ∘ x) ∘ x) ∘ ... with Clobber "x" (no moves for anybody): Left's one move in "xo" is
# a move of a disjunctive, selective or ordinal sum; the other compounds also need a move in "x".
LEFT_MOVES_WITH_X = {"disjunctive_sum": 1, "conjunctive_sum": 0, "selective_sum": 1, "ordinal_sum": 1,
                     "conway_product": 0, "ordinal_product": 0}
SYMBOL = {"disjunctive_sum": "+", "conjunctive_sum": "∧", "selective_sum": "∨", "ordinal_sum": ":",
          "conway_product": "×", "ordinal_product": "⊗"}


@pytest.mark.parametrize("kind", list(LEFT_MOVES_WITH_X))
def test_a_compound_nested_10000_deep_hashes_compares_negates_prints_and_moves(kind):
    deep = Clobber("xo")
    for _ in range(9_999):
        deep = compound(kind, deep, Clobber("x"))
    twin = compound(kind, deep.g, Clobber("x"))
    assert deep == twin and hash(deep) == hash(twin) and deep != compound(kind, deep, Clobber("x"))
    assert repr(deep).count("Clobber('x')") == 9_999 and str(deep).count("Clobber('x')") == 9_999
    assert repr(-deep).count("Clobber('x')") == 9_999
    assert deep._repr_html_().count(f">{SYMBOL[kind]}</span>") == 9_999
    assert len(deep.left_moves()) == LEFT_MOVES_WITH_X[kind]


def test_a_disjunctive_sum_nested_10000_deep_on_the_right_has_the_value_of_its_parts():
    deep = Clobber("xo")
    for _ in range(9_999):
        deep = Clobber("x") + deep
    assert deep.canonical_form == star and len(deep.left_moves()) == 1
