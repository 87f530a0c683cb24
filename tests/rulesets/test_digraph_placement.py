"""Digraph Placement: Clow and McKay's facts, cgt-py's values, the model, bad input."""

import itertools
import json
import random
import re
import xml.etree.ElementTree as ElementTree
from pathlib import Path

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

import reference
from cgt import engine, parse
from cgt.rulesets import DigraphPlacement, impartial_variant
from cgt.rulesets.position import solve
from cgt.short.game import _game
from reference_data import impartial_facts

CGT_PY = json.loads((Path(__file__).parents[1] / "data" / "cgt_py_digraph_placement_values.json").read_text())
FACTS = {fact["id"]: fact for fact in impartial_facts()}


def _position(n, arcs, blue):
    return DigraphPlacement(n, arcs, blue=blue, red=[v for v in range(n) if v not in blue])


def _model(n, arcs, blue):
    colours = frozenset((v, "blue" if v in blue else "red") for v in range(n))
    return reference.to_game(reference.ruleset_value(colours, reference.digraph_placement_moves(arcs)))


# -- reference values -------------------------------------------------------------------------------

@pytest.mark.parametrize("entry", CGT_PY["positions"], ids=lambda e: f"{e['n']}:{e['arcs']}:{e['blue']}")
def test_values_are_cgt_pys(entry):
    position = DigraphPlacement(entry["n"], [tuple(a) for a in entry["arcs"]], blue=entry["blue"], red=entry["red"])
    assert position.canonical_form == parse(entry["cgt_py"].replace(", ", ","))


def test_cgt_tools_example_is_two_down_star():
    arcs = [(1, 0), (2, 0), (3, 0), (4, 0), (2, 1), (3, 1), (4, 1), (1, 4), (2, 4), (3, 4)]
    assert DigraphPlacement(5, arcs, blue=[2, 3, 4], red=[0, 1]).canonical_form == parse("2v*")


# Clow and McKay (arXiv:2407.12219): the 22 values born by day 2 are Digraph Placement games on at most
# 4 vertices, and 4 is best possible.  One digraph on 4 vertices for each value that 3 do not reach:
FOUR_VERTICES = [
    ([(0, 1), (0, 2), (1, 0), (1, 3)], [0, 3]),
    ([(0, 1), (0, 2), (1, 0), (1, 2), (2, 3)], [0, 2]),
    ([(0, 1), (0, 2), (1, 0), (1, 2), (2, 3)], [0, 3]),
    ([(0, 1), (0, 2), (1, 0), (2, 3), (3, 0)], [0, 2]),
    ([(0, 1), (0, 2), (1, 0), (2, 3), (3, 0)], [1, 3]),
    ([(0, 1), (0, 2), (0, 3), (1, 0), (1, 2), (2, 3)], [0, 2]),
    ([(0, 1), (0, 2), (0, 3), (1, 0), (1, 2), (2, 3)], [1, 3]),
    ([(0, 1), (0, 2), (0, 3), (1, 0), (1, 2), (1, 3), (2, 0), (3, 1)], [0, 3]),
]


def test_the_values_born_by_day_2_need_4_vertices_and_no_more():
    day_2 = {reference.to_game(g) for g in reference.games_born_by(2)}
    assert len(day_2) == 22
    up_to_3 = set()
    for n in range(4):
        pairs = [(u, v) for u in range(n) for v in range(n) if u != v]
        for k in range(len(pairs) + 1):
            for arcs in itertools.combinations(pairs, k):
                for blue in itertools.chain.from_iterable(itertools.combinations(range(n), b) for b in range(n + 1)):
                    up_to_3.add(_position(n, list(arcs), list(blue)).canonical_form)
    assert len(day_2 & up_to_3) == 14
    four = {_position(4, arcs, blue).canonical_form for arcs, blue in FOUR_VERTICES}
    assert day_2 <= up_to_3 | four


@pytest.mark.parametrize("n", range(6))
def test_a_chain_of_n_is_a_nim_heap_of_n(n):
    # Worked by hand: the poset game on a chain (choose x, delete every y >= x) is Nim; as Digraph
    # Placement each element is a blue and a red vertex, each with arcs to both vertices of every
    # element from it on (its twin among them), so either player moves the chain to any shorter one.
    vertices = [(i, colour) for i in range(n) for colour in "br"]
    arcs = [(u, w) for u in vertices for w in vertices if u != w and w[0] >= u[0]]
    position = DigraphPlacement(vertices, arcs, blue=[v for v in vertices if v[1] == "b"],
                                red=[v for v in vertices if v[1] == "r"])
    assert position.canonical_form == parse(f"*{n}")


def test_node_kayles_on_a_path_is_dawsons_chess():
    # Node Kayles on a path of n vertices (take a vertex and its neighbours) is Dawson's Chess 0.137 at n,
    # which is Dawson's Kayles 0.07 at n + 1 (Winning Ways, ch. 4): a second-player win exactly at its zeros.
    zeros = set(FACTS["dawsons-kayles-ppos"]["value"]["list_to_300"])
    for n in range(13):
        vertices = [(i, colour) for i in range(n) for colour in "br"]
        arcs = [(u, w) for u in vertices for w in vertices if u != w and abs(u[0] - w[0]) <= 1]
        value = DigraphPlacement(vertices, arcs, blue=[v for v in vertices if v[1] == "b"],
                                 red=[v for v in vertices if v[1] == "r"]).canonical_form
        assert value.is_nimber and (value == 0) == (n + 1 in zeros), n


# -- the model, on random small digraphs ------------------------------------------------------------

@st.composite
def digraphs(draw, max_vertices=6):
    n = draw(st.integers(0, max_vertices))
    pairs = [(u, v) for u in range(n) for v in range(n)]                  # loops too: they change nothing
    arcs = [p for p in pairs if draw(st.integers(0, 3)) == 0]
    blue = [v for v in range(n) if draw(st.booleans())]
    return n, arcs, blue


@settings(max_examples=80, deadline=None)
@given(digraphs())
def test_moves_and_values_follow_the_rules(graph):
    n, arcs, blue = graph
    position = _position(n, arcs, blue)
    colours = frozenset((v, "blue" if v in blue else "red") for v in range(n))
    moves = reference.digraph_placement_moves(arcs)
    for player, mine in (("L", position.left_moves()), ("R", position.right_moves())):
        expected = sorted(sorted(v for v, _ in q) for q in moves(colours, player))
        assert sorted(sorted(p.vertices) for p in mine) == expected
    assert position.canonical_form == _model(n, arcs, blue)


@settings(max_examples=40, deadline=None)
@given(digraphs(max_vertices=5))
def test_the_impartial_variant_follows_the_rules(graph):
    n, arcs, blue = graph
    colours = frozenset((v, "blue" if v in blue else "red") for v in range(n))
    moves = reference.impartial_moves(reference.digraph_placement_moves(arcs))
    value = impartial_variant(_position(n, arcs, blue)).canonical_form
    assert value == reference.to_game(reference.ruleset_value(colours, moves)) and value.is_nimber


@settings(max_examples=40, deadline=None)
@given(digraphs(max_vertices=6), st.integers(0, 1000))
def test_relabelling_keeps_the_value_and_swapping_colours_negates_it(graph, seed):
    # At most 6! leaves: the canonical labelling's search is complete, so isomorphic digraphs share a key.
    n, arcs, blue = graph
    value = _position(n, arcs, blue).canonical_form
    perm = list(range(n))
    random.Random(seed).shuffle(perm)
    moved = _position(n, [(perm[u], perm[v]) for u, v in arcs], [perm[v] for v in blue])
    assert moved.canonical_form == value and moved.key == _position(n, arcs, blue).key
    swapped = DigraphPlacement(n, arcs, blue=[v for v in range(n) if v not in blue], red=blue)
    assert swapped.canonical_form == -value


def test_a_one_way_arc_between_two_blue_vertices_is_worth_two():
    # Left takes the tail (both go: 0) or the head (the tail stays: 1), Right nothing: {0, 1 | } = 2.
    # The two vertices look alike but for the arc between them, which exchanging them would turn round.
    assert DigraphPlacement(2, [(0, 1)], blue=[0, 1]).canonical_form == 2
    assert DigraphPlacement(3, [(0, 1), (2, 0), (2, 1)], blue=[0, 1], red=[2]).canonical_form == _model(
        3, [(0, 1), (2, 0), (2, 1)], [0, 1])


@settings(max_examples=40, deadline=None)
@given(digraphs(max_vertices=9))
def test_the_compiled_search_agrees_with_the_python_search(graph):
    position = _position(*graph)
    if engine.ENGINE == "compiled":
        assert position._compiled_id() is not None
    assert position.canonical_form == _game(solve(position))


# -- the position API -------------------------------------------------------------------------------

def test_repr_is_cgt_pys_and_rebuilds_the_position():
    position = DigraphPlacement(3, [(0, 1), (2, 0)], blue=[0], red=[1, 2])
    assert repr(position) == "DigraphPlacement(3, [(0, 1), (2, 0)], blue=[0], red=[1, 2])"
    named = DigraphPlacement(["x", "y"], [("y", "x")], blue=["y"], red=["x"])
    assert repr(named) == "DigraphPlacement(['x', 'y'], [('y', 'x')], blue=['y'], red=['x'])"
    for p in (position, named):
        assert eval(repr(p), {"DigraphPlacement": DigraphPlacement}) == p
        assert hash(eval(repr(p), {"DigraphPlacement": DigraphPlacement})) == hash(p)


def test_moves_delete_the_vertex_and_its_out_neighbours_and_keep_names():
    position = DigraphPlacement(["a", "b", "c", "d"], [("a", "b"), ("c", "a"), ("b", "d")],
                                blue=["a", "c"], red=["b", "d"])
    assert position.left_moves() == [
        DigraphPlacement(["c", "d"], [], blue=["c"], red=["d"]),
        DigraphPlacement(["b", "d"], [("b", "d")], blue=[], red=["b", "d"]),
    ]
    assert position.right_moves()[0] == DigraphPlacement(["a", "c"], [("c", "a")], blue=["a", "c"], red=[])
    assert position.arcs == position.edges == (("a", "b"), ("b", "d"), ("c", "a"))
    assert position.blue == ("a", "c") and position.red == ("b", "d")


def test_components_are_the_weakly_connected_parts():
    position = DigraphPlacement(5, [(0, 1), (2, 1), (4, 3)], blue=[0, 3], red=[1, 2, 4])
    assert [p.vertices for p in position.components()] == [(0, 1, 2), (3, 4)]
    assert position.canonical_form == sum(p.canonical_form for p in position.components())


def test_the_picture_draws_arcs_with_heads_and_coloured_vertices():
    svg = DigraphPlacement(3, [(0, 1), (1, 2), (2, 2)], blue=[0], red=[1, 2])._repr_svg_()
    root = ElementTree.fromstring(svg)
    tags = [e.tag.split("}")[-1] for e in root.iter()]
    assert tags.count("polygon") == 2 and tags.count("line") == 2 and tags.count("circle") == 4
    assert svg.count('fill="#36c"') == 1 and svg.count('fill="#c33"') == 2


@pytest.mark.parametrize("make, error, message", [
    (lambda: DigraphPlacement(2, [(0, 1)], blue=[0]), ValueError,
     "vertex 1 has no colour (every vertex is blue or red)"),
    (lambda: DigraphPlacement(1, [], blue=[0], red=[0]), ValueError, "vertex 0 is both blue and red"),
    (lambda: DigraphPlacement(2, [(0, 2)], blue=[0, 1]), ValueError, "arc (0, 2) uses 2, which is not a vertex"),
    (lambda: DigraphPlacement(2, [(0, 1, 2)], blue=[0, 1]), ValueError, "an edge is a pair of vertices"),
    (lambda: DigraphPlacement(2, [], blue=[0, 5], red=[1]), ValueError, "blue vertex 5 is not a vertex"),
    (lambda: DigraphPlacement(-1), ValueError, "the number of vertices is an int >= 0, not -1"),
    (lambda: DigraphPlacement(2.5), TypeError, "the vertices are a number n (vertices 0 .. n-1) or a list"),
    (lambda: DigraphPlacement("ab"), TypeError, "the vertices are a number n"),
    (lambda: DigraphPlacement(["a", "a"]), ValueError, "repeated vertex in ['a', 'a']"),
    (lambda: DigraphPlacement(1, [], blue=0), TypeError, "blue is a list of vertices, not 0"),
    (lambda: DigraphPlacement(2, 7), TypeError, "edges is an iterable of edges, not 7"),
])
def test_bad_input_says_what_is_wrong(make, error, message):
    with pytest.raises(error, match=re.escape(message)):
        make()
