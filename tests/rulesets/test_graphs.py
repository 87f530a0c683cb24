"""The graph rulesets (the GenCol family: Col, Snort, Fjords; the Arc Kayles family) against their rules.

Values come from CGSuite's own tests (``lib/core/src/test/scala/org/cgsuite/lang/
GameGraphTest.scala``), from hand computation, and from the whole-graph models of
``tests/reference.py``, which play every position on the whole graph with nothing
of `cgt`'s components, keys or compiled core.  On random small graphs the compiled
search, the Python search and the model must agree (on the pure engine the first two
are one search).
"""

import itertools
import random
import re

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

import reference
from cgt import engine, nimber, parse, star
from cgt.short.game import _game
from cgt.rulesets import (ArcKayles, Col, Fjords, GenArcKayles, GenCol, PartizanArcKayles, PositionSyntaxError,
                          Snort, WeightedArcKayles)
from cgt.rulesets.position import solve

# -- CGSuite's GameGraphTest ------------------------------------------------------------------------

DAWSONS_KAYLES = [0, 1, 1, 2, 0, 3, 1, 1, 0, 3, 3, 2, 2, 4, 0, 5, 2, 2, 3, 3, 0, 1, 1, 3, 0, 2, 1, 1, 0, 4, 5, 2,
                  7, 4, 0, 1, 1, 2, 0, 3, 1, 1, 0, 3, 3, 2, 2, 4, 4, 5]
KAYLES = [1, 2, 3, 1, 4, 3, 2, 1, 4, 2, 6, 4, 1, 2, 7, 1, 4, 3, 2, 1, 4, 6, 7, 4, 1, 2, 8, 5, 4, 7, 2, 1, 8, 6, 7, 4,
          1, 2, 3, 1, 4, 7, 2, 1, 8, 2, 7, 4, 1, 2]
# The pure engine's Python search takes a while on long paths: it checks the first ones.
LONGEST = 50 if engine.ENGINE == "compiled" else 14


def test_arc_kayles_paths_are_dawsons_kayles():
    # "Arc Kayles paths are Dawson's Kayles heaps", n = 1 .. 50.
    for n, value in enumerate(DAWSONS_KAYLES[:LONGEST], start=1):
        assert ArcKayles.path(n).canonical_form == nimber(value), n


def test_arc_kayles_looped_paths_are_kayles():
    # "Arc Kayles looped paths are Kayles heaps": a path with a loop at every vertex.
    for n, value in enumerate(KAYLES[:LONGEST], start=1):
        looped = ArcKayles([(i, i + 1) for i in range(n - 1)] + [(i, i) for i in range(n)], vertices=range(n))
        assert looped.canonical_form == nimber(value), n


@pytest.mark.parametrize("text, expected", [("llr", "1/2"), ("lrlr(ll;ree(rl;l))", "{3*|2*||3/2,3/2*|1/2*}")])
def test_cgsuites_partizan_arc_kayles(text, expected):
    value = PartizanArcKayles.parse(text).canonical_form
    assert str(value) == expected
    assert value == parse(expected)


# -- by hand ----------------------------------------------------------------------------------------

@pytest.mark.parametrize("ruleset, text, expected", [
    # Fjords: on L-. Left colours the tinted vertex, tinting the other: two moves in a row.
    (Fjords, "L-.", "2"),
    # either player's move on L-R removes the other vertex; on L-.-R it leaves L-R.
    (Fjords, "L-R", "*"),
    (Fjords, "L-.-R", "0"),
    (Fjords, "..", "0"),
    # Weighted Arc Kayles: an edge of weights 1 and 2 is one move, of 2 and 2 two moves.
    (WeightedArcKayles, "12", "*"),
    (WeightedArcKayles, "22", "0"),
    (WeightedArcKayles, "0-5", "0"),
    # a loop lowers its vertex's weight once: a looped vertex of weight 3 is three moves.
    (WeightedArcKayles, "3:A-:A", "*"),
    # Partizan Arc Kayles: a green edge is *, two red edges in a row -1 (Right takes either).
    (PartizanArcKayles, "e", "*"),
    (PartizanArcKayles, "rr", "-1"),
])
def test_values_worked_by_hand(ruleset, text, expected):
    assert ruleset.parse(text).canonical_form == parse(expected)


def test_a_blue_and_a_red_edge_between_two_vertices_are_a_green_one():
    both = PartizanArcKayles([(0, 1, "l"), (0, 1, "r")])
    assert both == PartizanArcKayles([(0, 1, "e")]) and both.canonical_form == parse("*")


# -- against the models, on random small graphs -------------------------------------------------------

COLOURING = {
    "Col": (Col, ".r", ".l"),
    "Snort": (Snort, ".l", ".r"),
    "Fjords": (Fjords, "l", "r"),
    "GenCol('.', 'lr')": (GenCol(".", "lr"), ".", "lr"),
}


@st.composite
def graphs(draw, max_vertices=7, loops=False):
    """``(n, edges)``: vertices ``0..n-1``, each pair (each vertex, with loops) an edge or not."""
    n = draw(st.integers(0, max_vertices))
    pairs = list(itertools.combinations(range(n), 2)) + ([(v, v) for v in range(n)] if loops else [])
    edges = [p for p in pairs if draw(st.integers(0, 2)) == 0 or (p[0] != p[1] and draw(st.booleans()))]
    return n, edges


def _neighbours(n, edges):
    neighbours = {v: set() for v in range(n)}
    for u, v in edges:
        neighbours[u].add(v)
        neighbours[v].add(u)
    return neighbours


def _agree(position, model_position, moves):
    """The Python search, the compiled one (on the compiled engine) and the model give one value."""
    expected = reference.to_game(reference.ruleset_value(model_position, moves))
    assert _game(solve(position)) == expected
    assert position.canonical_form == expected
    return expected


@pytest.mark.parametrize("name", COLOURING)
@settings(max_examples=40, deadline=None)
@given(graph=graphs(), data=st.data())
def test_the_colouring_family_follows_its_rules(name, graph, data):
    ruleset, left, right = COLOURING[name]
    n, edges = graph
    tints = data.draw(st.lists(st.sampled_from(".lr"), min_size=n, max_size=n))
    position = ruleset(edges, vertices=range(n), colours=dict(enumerate(tints)))
    moves = reference.gen_col_moves(_neighbours(n, edges), left, right)
    _agree(position, frozenset(enumerate(tints)), moves)


@settings(max_examples=60, deadline=None)
@given(graph=graphs(loops=True))
def test_arc_kayles_follows_its_rules(graph):
    n, edges = graph
    moves = reference.arc_kayles_moves({frozenset(e) for e in edges})
    _agree(ArcKayles(edges, vertices=range(n)), frozenset(range(n)), moves)


@settings(max_examples=60, deadline=None)
@given(graph=graphs(max_vertices=6, loops=True), data=st.data())
def test_weighted_arc_kayles_follows_its_rules(graph, data):
    n, edges = graph
    weights = data.draw(st.lists(st.integers(0, 3), min_size=n, max_size=n))
    moves = reference.weighted_arc_kayles_moves({frozenset(e) for e in edges})
    position = WeightedArcKayles(edges, vertices=range(n), weights=dict(enumerate(weights)))
    _agree(position, frozenset(enumerate(weights)), moves)


@settings(max_examples=60, deadline=None)
@given(graph=graphs(loops=True), data=st.data())
def test_partizan_arc_kayles_follows_its_rules(graph, data):
    n, edges = graph
    colours = data.draw(st.lists(st.sampled_from("lre"), min_size=len(edges), max_size=len(edges)))
    coloured = [(u, v, c) for (u, v), c in zip(edges, colours)]
    moves = reference.partizan_arc_kayles_moves({(frozenset((u, v)), c) for u, v, c in coloured})
    _agree(PartizanArcKayles(coloured, vertices=range(n)), frozenset(range(n)), moves)


# -- symmetries -------------------------------------------------------------------------------------

def _relabelled(n, edges, seed):
    perm = list(range(n))
    random.Random(seed).shuffle(perm)
    return perm, [(perm[u], perm[v]) for u, v in edges]


@pytest.mark.parametrize("ruleset", [Col, Snort, Fjords, GenCol(".", "lr")])
@settings(max_examples=40, deadline=None)
@given(graph=graphs(max_vertices=8), data=st.data())
def test_colouring_swaps_and_relabellings(ruleset, graph, data):
    n, edges = graph
    tints = data.draw(st.lists(st.sampled_from(".lr"), min_size=n, max_size=n))
    value = ruleset(edges, vertices=range(n), colours=dict(enumerate(tints))).canonical_form
    perm, moved = _relabelled(n, edges, data.draw(st.integers(0, 1000)))
    assert ruleset(moved, vertices=range(n), colours={perm[v]: t for v, t in enumerate(tints)}).canonical_form \
        == value
    if ruleset._swap_negates:
        swapped = [t.translate(str.maketrans("lr", "rl")) for t in tints]
        assert ruleset(edges, vertices=range(n), colours=dict(enumerate(swapped))).canonical_form == -value


@settings(max_examples=40, deadline=None)
@given(graph=graphs(max_vertices=8, loops=True), data=st.data())
def test_partizan_arc_kayles_swaps_and_relabellings(graph, data):
    n, edges = graph
    colours = data.draw(st.lists(st.sampled_from("lre"), min_size=len(edges), max_size=len(edges)))
    value = PartizanArcKayles([(u, v, c) for (u, v), c in zip(edges, colours)], vertices=range(n)).canonical_form
    _, moved = _relabelled(n, edges, data.draw(st.integers(0, 1000)))
    assert PartizanArcKayles([(u, v, c) for (u, v), c in zip(moved, colours)],
                             vertices=range(n)).canonical_form == value
    swapped = [c.translate(str.maketrans("lr", "rl")) for c in colours]
    assert PartizanArcKayles([(u, v, c) for (u, v), c in zip(edges, swapped)],
                             vertices=range(n)).canonical_form == -value


def test_keys_of_isomorphic_graphs_are_shared():
    # A star with a tinted leaf, built in two orders.
    a = Snort([(0, 1), (0, 2), (0, 3)], colours={3: "l"})
    b = Snort([(3, 2), (3, 1), (3, 0)], colours={1: "l"})
    assert a.signed_key() == b.signed_key()
    assert Snort([(0, 1)], colours={0: "l"}).signed_key()[1] != Snort([(0, 1)], colours={0: "r"}).signed_key()[1]


# -- the compiled search ----------------------------------------------------------------------------

@pytest.mark.parametrize("position", [
    Col.path(6), Snort.cycle(7), Fjords.parse("L-.-.-R"), GenCol(".", "lr").path(5), ArcKayles.path(9),
    WeightedArcKayles.parse("2-3-1(-2)"), PartizanArcKayles.parse("lrel(e;r)"),
], ids=repr)
def test_the_compiled_search_is_used_on_the_compiled_engine(position):
    if engine.ENGINE == "compiled":
        assert position._compiled_id() is not None
    assert position.canonical_form == _game(solve(position))


def test_graphs_past_the_compiled_search_fall_back_to_the_python_search():
    # 35 separate edges (70 vertices) are 35 times *; a weight of 300 does not fit a byte.
    matching = ArcKayles([(2 * i, 2 * i + 1) for i in range(35)])
    assert matching._compiled_id() is None
    assert matching.canonical_form == parse("*")
    heavy = WeightedArcKayles([(0, 1)], weights={0: 300, 1: 2})
    assert heavy._compiled_id() is None
    assert heavy.canonical_form == parse("0")


def test_a_family_gives_one_class_per_set_of_rules():
    assert GenCol([None, "R"], [None, "L"]) is GenCol(".r", ".l") is Col.__base__
    assert GenCol("l", "r") is Fjords.__base__
    assert GenArcKayles() is ArcKayles.__base__ and GenArcKayles(weighted=True) is WeightedArcKayles.__base__
    assert repr(GenCol(".", "rl").path(2)) == "GenCol(left_permitted='.', right_permitted='lr')([(0, 1)])"
    assert GenCol(".", "lr")._swap_negates is False and Fjords._swap_negates is True


@pytest.mark.parametrize("position", [
    Fjords.parse("L-.-R"), ArcKayles.parse(":A-:A-."), WeightedArcKayles.parse("2-0-3"),
    PartizanArcKayles.parse("lr(e;l:Be:B)"), GenCol(".", "lr")([(0, 1)], vertices=[0, 1, 2], colours={2: "l"}),
], ids=repr)
def test_repr_rebuilds_the_position(position):
    names = {"Fjords": Fjords, "ArcKayles": ArcKayles, "WeightedArcKayles": WeightedArcKayles,
             "PartizanArcKayles": PartizanArcKayles, "GenCol": GenCol}
    assert eval(repr(position), names) == position


def test_moves_keep_vertex_names():
    assert WeightedArcKayles([("a", "b"), ("b", "c")], weights={"b": 2}).left_moves() == [
        WeightedArcKayles([("a", "b"), ("b", "c")], weights={"a": 0, "b": 1}),
        WeightedArcKayles([("a", "b"), ("b", "c")], weights={"b": 1, "c": 0}),
    ]
    assert PartizanArcKayles([("a", "b", "l"), ("b", "c", "e")]).left_moves() == [
        PartizanArcKayles([], vertices=["c"]), PartizanArcKayles([], vertices=["a"])]


# -- bad input --------------------------------------------------------------------------------------

@pytest.mark.parametrize("make, error, message", [
    (lambda: GenCol("x", "."), ValueError, "left_permitted: a tint is '.' (or None), 'l' (or 'L') or 'r'"),
    (lambda: GenCol(".", [None, "Q"]), ValueError, "right_permitted: a tint is"),
    (lambda: GenCol(5, "."), TypeError, "left_permitted is a str or a collection of tints"),
    (lambda: GenArcKayles(weighted="yes"), TypeError, "weighted is True or False"),
    (lambda: WeightedArcKayles([(0, 1)], weights={0: -1}), ValueError, "negative weight -1 for vertex 0"),
    (lambda: WeightedArcKayles([(0, 1)], weights={0: 1.5}), TypeError, "the weight of vertex 0 is an int >= 0"),
    (lambda: WeightedArcKayles([(0, 1)], weights=[1, 2]), TypeError, "weights is a dict"),
    (lambda: WeightedArcKayles([(0, 1)], weights={5: 1}), ValueError, "weight given for 5, which is not a vertex"),
    (lambda: ArcKayles([(0, 1)], weights={0: 2}), TypeError, "vertices have no weights here"),
    (lambda: ArcKayles([(0, 1)], vertices=[0]), ValueError, "uses 1, which is not a vertex"),
    (lambda: ArcKayles([(0, 1, 2)]), ValueError, "an edge is a pair of vertices"),
    (lambda: ArcKayles([(0, 1)], vertices=5), TypeError, "vertices is an iterable"),
    (lambda: ArcKayles(5), TypeError, "ArcKayles: edges is an iterable of edges, not 5"),
    (lambda: Snort([([0], 1)]), TypeError, "vertex names are hashable"),
    (lambda: PartizanArcKayles([(0, 1)]), ValueError, "an edge is a triple (vertex, vertex, colour)"),
    (lambda: PartizanArcKayles([(0, 1, "g")]), ValueError, "unknown edge colour 'g'"),
    (lambda: Fjords([(0, 0)]), ValueError, "loop at vertex 0"),
    (lambda: Fjords([(0, 1)], colours={0: "q"}), ValueError, "unknown colour 'q' for vertex 0"),
    (lambda: Fjords([(0, 1)], colours=["L"]), TypeError, "colours is a dict"),
    (lambda: PartizanArcKayles.parse("l-l"), PositionSyntaxError, "a plain edge '-' is not allowed here"),
    (lambda: PartizanArcKayles.parse(".."), PositionSyntaxError, "two vertices with no edge between them"),
    (lambda: WeightedArcKayles.parse("2x"), PositionSyntaxError, "column 2: unexpected character 'x'"),
    (lambda: ArcKayles.parse("2"), PositionSyntaxError, "unexpected character '2'"),
    (lambda: ArcKayles.parse(3), TypeError, "ArcKayles.parse reads a str, not int"),
    (lambda: ArcKayles.path(-1), ValueError, "a path has an int >= 0 of vertices"),
    (lambda: WeightedArcKayles.cycle(2), ValueError, "a cycle has an int >= 3 of vertices"),
])
def test_bad_input_says_what_is_wrong(make, error, message):
    with pytest.raises(error, match=re.escape(message)):
        make()


# ---------------------------------------------------------------- large graphs (issue #37: both were quadratic or worse)
def test_the_edges_and_repr_of_a_10000_vertex_path_list_its_9999_edges_in_order():
    path = Snort.path(10_000)
    assert path.edges == tuple((i, i + 1) for i in range(9_999))
    assert eval(repr(path), {"Snort": Snort}) == path


def test_arc_kayles_on_a_star_of_2000_leaves_is_star():
    # Every move takes the centre and a leaf, and leaves 1,999 isolated vertices: no move.  So {0 | 0} = *.
    assert ArcKayles([(0, leaf) for leaf in range(1, 2_001)]).canonical_form == star


def test_arc_kayles_moves_keep_the_vertices_they_leave_isolated():
    moves = ArcKayles([(0, leaf) for leaf in range(1, 4)]).left_moves()
    assert [m.vertices for m in moves] == [(2, 3), (1, 3), (1, 2)] and all(m.edges == () for m in moves)
