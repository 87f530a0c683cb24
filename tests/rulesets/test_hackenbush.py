"""Hackenbush and Childish Hackenbush: reference values, fast paths against the definition, input errors.

Expected values come from the reference data (Winning Ways facts and
CGSuite's GameGraphTest vectors) and from `Hackenbush.value_by_search(
decompose=False)`, which is the definition of the game memoised on the set of
edges left: no canonical keys, no decomposition, no fast paths.  Childish
Hackenbush is also checked against `childish_by_definition` below, written
from CGSuite's rule without any of `cgt.rulesets.hackenbush`.
"""

import random
import xml.etree.ElementTree as ET
from fractions import Fraction
from pathlib import Path

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from cgt import DisconnectedGraphError, EmptyGraphError, Game, GameSyntaxError, nimber, parse
from cgt.dyadic import sign_expansion
from cgt.rulesets.hackenbush import ChildishHackenbush, GenHackenbush, Hackenbush, berlekamp
from cgt.rulesets import CompoundPosition

from reference_data import cgsuite_vectors, partizan_facts

# ----------------------------------------------------------------------------
# Reference data


HACKENBUSH_RULESETS = {"BlueRedHackenbushString", "GreenHackenbush"}
FACTS = [f for f in partizan_facts()
         if isinstance(f.get("input"), dict) and f["input"].get("ruleset") in HACKENBUSH_RULESETS]
GRAPH_VECTORS = [v for v in cgsuite_vectors(categories={"graph"}) if "Hackenbush" in v["expr"]]


def test_the_reference_data_has_hackenbush_facts():
    assert len(FACTS) == 13
    assert {v["id"] for v in GRAPH_VECTORS} >= {"graph-08", "graph-09", "graph-10", "graph-18"}


def _position(fact):
    data = fact["input"]
    if data["ruleset"] == "BlueRedHackenbushString":
        return Hackenbush.string(data["position"])
    return Hackenbush.graph([(u, v, "G") for u, v in data["edges"]], ground=data["ground"])


@pytest.mark.parametrize("fact", FACTS, ids=[f["id"] for f in FACTS])
def test_reference_fact(fact):
    position = _position(fact)
    expected = parse(fact["expected"])
    assert position.canonical_form == expected
    assert position.value_by_search() == expected
    assert position.value_by_search(decompose=False) == expected
    assert str(position.canonical_form) == fact["expected"]


@pytest.mark.parametrize("fact", [f for f in FACTS if f["input"]["ruleset"] == "BlueRedHackenbushString"],
                         ids=lambda f: f["id"])
def test_reference_string_by_berlekamps_rule(fact):
    colours = fact["input"]["position"]
    assert berlekamp(colours) == Fraction(fact["expected"])
    assert sign_expansion(berlekamp(colours)) == colours.replace("B", "+").replace("R", "-")


def _cgsuite_argument(expr):
    return expr.split('("', 1)[1].split('")', 1)[0]


RULESETS = {"game.graph.Hackenbush(": Hackenbush, "game.graph.ChildishHackenbush(": ChildishHackenbush}


@pytest.mark.parametrize("vector", GRAPH_VECTORS, ids=[v["id"] for v in GRAPH_VECTORS])
def test_cgsuite_graph_vector(vector):
    ruleset = next(r for prefix, r in RULESETS.items() if vector["expr"].startswith(prefix))
    position = ruleset.parse(_cgsuite_argument(vector["expr"]))
    if vector["op"] == "atomic_weight":
        assert str(position.canonical_form.atomic_weight) == vector["expected"]
        assert childish_by_definition(position).atomic_weight == parse(vector["expected"])
        return
    assert vector["op"] == "canonical_form"
    assert str(position.canonical_form) == vector["expected"]
    assert position.canonical_form == parse(vector["expected"])
    assert position.value_by_search(decompose=False) == parse(vector["expected"])


# CGSuite's tests of its graph rulesets beyond the harvested vectors
# (lib/core/src/test/scala/org/cgsuite/lang/GameGraphTest.scala).
CGSUITE_GAME_GRAPH_TEST = [
    (Hackenbush, "lrlrrllr", "77/128"),
    (Hackenbush, "l(l;rl)", "3/2"),
    (Hackenbush, "e(ee:{waist};ee:{waist}e(ee;e(e:{head};e:{head}e)))", "*2"),    # WW ch. 7, fig. 3
    (ChildishHackenbush, "l(l;rl)", "2"),
    (ChildishHackenbush, ":{ground}llllllrrrr:{ground}", "{4|-2}"),
    (ChildishHackenbush, "r(l:T;r(l:T;r(l:T;r(l:T;rl:T))))", "15/16"),
    (ChildishHackenbush, "(e:B;e:Bllllllrrr:B)", "{0|^[4]*||vv}"),
]


@pytest.mark.parametrize("ruleset, text, expected", CGSUITE_GAME_GRAPH_TEST)
def test_cgsuite_game_graph_test(ruleset, text, expected):
    position = ruleset.parse(text)
    assert str(position.canonical_form) == expected
    assert position.canonical_form == parse(expected)
    if ruleset is ChildishHackenbush:
        assert childish_by_definition(position) == parse(expected)
    else:
        assert position.value_by_search(decompose=False) == parse(expected)


# ----------------------------------------------------------------------------
# Childish Hackenbush from its definition


def childish_by_definition(position, childish="BR"):
    """Childish Hackenbush, as CGSuite defines it (GenHackenbush with childish blue and red
    edges, or the ``childish`` colours), on the sets of edges still standing: a player cuts an
    edge of their colour or a green one; the edges no longer joined to the ground fall; a cut
    of a childish colour is legal only if no other edge falls."""
    edges = position.edges
    ground = set(position.ground)

    def standing(alive):
        reached = set(ground)
        changed = True
        while changed:
            changed = False
            for i in alive:
                u, v, _ = edges[i]
                if (u in reached) != (v in reached):
                    reached |= {u, v}
                    changed = True
        return frozenset(i for i in alive if edges[i][0] in reached)

    memo = {}

    def value(alive):
        if alive not in memo:
            left, right = [], []
            for i in alive:
                colour = edges[i][2]
                after = standing(alive - {i})
                if colour in childish and len(after) < len(alive) - 1:
                    continue
                if colour != "R":
                    left.append(value(after))
                if colour != "B":
                    right.append(value(after))
            memo[alive] = Game(left, right)
        return memo[alive]

    return value(standing(frozenset(range(len(edges)))))


def _childish(position):
    return ChildishHackenbush.graph(position.edges, ground=position.ground, vertices=position.vertices)


@settings(max_examples=80, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(st.deferred(lambda: graphs(max_edges=7)))
def test_childish_hackenbush_equals_its_definition(picture):
    position = _childish(picture)
    expected = childish_by_definition(position)
    assert position.canonical_form == expected
    assert position.value_by_search() == expected
    assert position.value_by_search(decompose=False) == expected
    options = Game([p.canonical_form for p in position.left_options], [p.canonical_form for p in position.right_options])
    assert options == expected


@settings(max_examples=60, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(st.deferred(lambda: graphs(max_edges=6)), st.sets(st.sampled_from("BRG")))
def test_gen_hackenbush_equals_its_definition(picture, childish):
    ruleset = GenHackenbush(sorted(childish))
    position = ruleset.graph(picture.edges, ground=picture.ground, vertices=picture.vertices)
    assert position.canonical_form == childish_by_definition(position, "".join(childish))


def test_gen_hackenbush_names_its_rulesets_and_colours():
    assert GenHackenbush() is Hackenbush and GenHackenbush("RB") is ChildishHackenbush
    assert GenHackenbush("G") is GenHackenbush(["green"])
    with pytest.raises(ValueError, match="unknown Hackenbush colour 'x'"):
        GenHackenbush("x")
    with pytest.raises(TypeError, match="childish_edges"):
        GenHackenbush(3)


def test_childish_hackenbush_rules():
    # A stalk: only its top blue or red edge may be cut; green cuts anywhere.
    assert ChildishHackenbush.string("BRB").left_options == (ChildishHackenbush.string("BR"),)
    assert ChildishHackenbush.string("BRB").right_options == ()      # the top edge would fall
    assert ChildishHackenbush.string("GB").left_options == (ChildishHackenbush.string(""),
                                                            ChildishHackenbush.string("G"))
    # A blue stalk of n edges is still n (Left cuts from the top), but Berlekamp's rule is gone:
    # in BR Left may not cut the blue edge, Right cuts the red one, so BR = { | 1} = 0.
    assert ChildishHackenbush.string("BBB").canonical_form == 3
    assert ChildishHackenbush.string("BR").canonical_form == Game([], [Game(1)]) == 0
    assert Hackenbush.string("BR").canonical_form == Fraction(1, 2)
    # A cycle: any edge may be cut once, since nothing falls.
    triangle = ChildishHackenbush.parse(":A lrl :A")
    assert len(triangle.left_options) == 2 and len(triangle.right_options) == 1


def test_childish_hackenbush_is_its_own_type():
    picture = [(0, 1, "B"), (1, 2, "R")]
    childish, plain = ChildishHackenbush.graph(picture, ground=0), Hackenbush.graph(picture, ground=0)
    assert childish != plain and childish.edges == plain.edges and childish.key == plain.key
    assert len({childish, plain}) == 2
    assert repr(childish) == "ChildishHackenbush.string('BR')"
    assert eval(repr(childish), {"ChildishHackenbush": ChildishHackenbush}) == childish
    import pickle
    assert pickle.loads(pickle.dumps(childish)) == childish
    assert type(-childish) is type(childish + childish) is type(childish.components()[0]) is ChildishHackenbush
    mixed = childish + plain          # two rulesets: a sum of positions, not one picture
    assert type(mixed) is CompoundPosition
    assert mixed.canonical_form == childish.canonical_form + plain.canonical_form


# ----------------------------------------------------------------------------
# Textbook values


def test_blue_red_strings():
    assert Hackenbush.string("").canonical_form == 0
    assert Hackenbush.string("BBRB").canonical_form == Fraction(7, 4)
    assert Hackenbush.string("RRRR").canonical_form == -4
    assert Hackenbush.string("BRBRBR").canonical_form == Game(Fraction(21, 32))


def test_green_stalks_are_nim():
    assert Hackenbush.stalks([3, 5]).canonical_form == nimber(6)
    assert Hackenbush.stalks([1, 2, 3]).canonical_form == 0
    assert Hackenbush.stalks([]).canonical_form == 0
    assert Hackenbush.stalks([2, 2], colour="B").canonical_form == 4


def test_colon_principle_tree():
    # branches 1 and (2 over 1 over a fork of 1,1): the fork is *2 at its vertex
    tree = Hackenbush.tree(("G", ["G", ("G", ["G", "G"])]))
    # top vertex of the first edge: *1 xor (1 + (1 xor 1) ... ) -> colon principle by hand
    inner = 1 + (1 ^ 1)           # the stalk G with a fork of two twigs: height 1
    top = 1 ^ inner               # branches at the top of the first edge
    assert tree.canonical_form == nimber(1 + top)


def test_fusion_principle_examples():
    # a digon (two parallel edges) on the ground fuses to two loops: 0
    assert Hackenbush.graph([(0, 1, "G"), (0, 1, "G")], ground=0).canonical_form == 0
    # a loop is a twig
    assert Hackenbush.graph([(0, 0, "G")], ground=0).canonical_form == nimber(1)
    assert Hackenbush.graph([(0, 1, "G"), (1, 1, "G")], ground=0).canonical_form == nimber(2)
    # an edge between two ground vertices is a single edge
    assert Hackenbush.graph([(0, 1, "B")], ground=[0, 1]).canonical_form == 1


def test_mixed_examples_from_the_docs():
    assert Hackenbush.graph([(0, 1, "B"), (1, 2, "R"), (0, 2, "G")], ground=[0]).canonical_form == parse("1/2*")
    assert Hackenbush.tree("BB", ("R", ["B", "G"])).canonical_form == parse("3/2*")


# CGSuite's GameGraphTest: game.graph.Hackenbush("lrlr;lr") is "!!That `Graph` is not connected.",
# game.graph.Hackenbush("") is "!!That `Graph` is empty (no ground)." (GenHackenbush.Eval).
CGSUITE_NOT_CONNECTED = "That Graph is not connected"
CGSUITE_EMPTY = r"That Graph is empty \(no ground\)"


@pytest.mark.parametrize("cls", [Hackenbush, ChildishHackenbush])
def test_a_picture_with_a_piece_off_the_ground_is_refused_as_in_cgsuite(cls):
    with pytest.raises(DisconnectedGraphError, match=CGSUITE_NOT_CONNECTED + ": vertices 2, 3, 4 are"):
        cls.graph([(0, 1, "B"), (2, 3, "R"), (3, 4, "R")], ground=[0])
    with pytest.raises(DisconnectedGraphError, match=CGSUITE_NOT_CONNECTED + ": vertex 2 is"):
        cls.graph([(0, 1, "B"), (2, 2, "G")], ground=0)
    with pytest.raises(DisconnectedGraphError, match=CGSUITE_NOT_CONNECTED):
        cls([(0, 1, "G")], ground=0, vertices=3)          # vertex 2 stands alone, off the ground
    with pytest.raises(DisconnectedGraphError, match=CGSUITE_NOT_CONNECTED):
        cls.parse("lrlr;lr")
    assert issubclass(DisconnectedGraphError, ValueError)


@pytest.mark.parametrize("text", ["l;r", ";l", "l;;r", "l;:A", "(l;r);l"])
def test_a_semicolon_outside_parentheses_starts_a_piece_off_the_ground(text):
    # CGSuite's Graph.parse: a top-level ';' starts another component (vertex 1 is the ground).
    with pytest.raises(DisconnectedGraphError, match=CGSUITE_NOT_CONNECTED):
        Hackenbush.parse(text)


@pytest.mark.parametrize("text, joined", [("l;", "l"), (";", "."), ("l:A;r:A", "lr")])
def test_a_top_level_piece_joined_back_or_empty_is_accepted(text, joined):
    # "l:A;r:A": the second piece ends at the vertex named A, so it hangs from the first.
    assert Hackenbush.parse(text).canonical_form == Hackenbush.parse(joined).canonical_form


@pytest.mark.parametrize("cls", [Hackenbush, ChildishHackenbush])
def test_a_picture_with_no_ground_is_refused_as_in_cgsuite(cls):
    for text in ("", "   "):
        with pytest.raises(EmptyGraphError, match=CGSUITE_EMPTY):
            cls.parse(text)
    with pytest.raises(EmptyGraphError, match=CGSUITE_EMPTY):
        cls.graph([], ground=[])
    assert issubclass(EmptyGraphError, ValueError)


def test_the_bare_ground_is_zero():
    # In CGSuite a one-vertex graph is connected and not empty: no moves, so 0.
    for bare in (Hackenbush.parse("."), Hackenbush.parse(":A"), Hackenbush.graph([], ground=0),
                 Hackenbush(), Hackenbush.string(""), Hackenbush.stalks([])):
        assert bare.canonical_form == 0
        assert bare.left_options == bare.right_options == ()


def test_no_stalks_is_the_bare_ground_and_round_trips():
    import pickle

    bare = Hackenbush.stalks([])
    assert bare.ground == bare.vertices == (0,)
    assert eval(repr(bare), {"Hackenbush": Hackenbush}) == bare
    assert pickle.loads(pickle.dumps(bare)) == bare


# ----------------------------------------------------------------------------
# Moves


def test_options_drop_fallen_pieces():
    assert Hackenbush.string("BRB").left_options == (Hackenbush.string(""), Hackenbush.string("BR"))
    assert Hackenbush.string("BRB").right_options == (Hackenbush.string("B"),)
    tri = Hackenbush.graph([(0, 1, "G"), (1, 2, "G"), (0, 2, "G")], ground=0)
    assert len(tri.left_options) == 3 and tri.left_options == tri.right_options
    # parallel edges give one option
    assert len(Hackenbush.graph([(0, 1, "B"), (0, 1, "B")], ground=0).left_options) == 1


def test_value_is_the_game_of_the_options():
    position = Hackenbush.graph([(0, 1, "G"), (1, 2, "B"), (1, 3, "R"), (3, 0, "B"), (2, 2, "R")], ground=0)
    expected = Game([p.canonical_form for p in position.left_options], [p.canonical_form for p in position.right_options])
    assert position.canonical_form == expected


# ----------------------------------------------------------------------------
# Random positions: fast paths and keyed search against the definition

COLOURS = "BRG"
SETTINGS = settings(max_examples=60, deadline=None, suppress_health_check=[HealthCheck.too_slow])


@st.composite
def graphs(draw, colours=COLOURS, max_vertices=6, max_edges=7):
    """A small picture on the ground: each vertex after 0 is a ground vertex or hangs
    from an earlier one, then any extra edges (loops, multi-edges, edges between grounds)."""
    n = draw(st.integers(1, max_vertices))
    ground, edges = [0], []
    for i in range(1, n):
        if draw(st.integers(0, 3)) == 0:
            ground.append(i)
        else:
            edges.append((draw(st.integers(0, i - 1)), i, draw(st.sampled_from(colours))))
    vertex = st.integers(0, n - 1)
    edges += draw(st.lists(st.tuples(vertex, vertex, st.sampled_from(colours)),
                           max_size=max(0, max_edges - len(edges))))
    return Hackenbush.graph(edges, ground=ground, vertices=n)


@st.composite
def grounded_graphs(draw, colours=COLOURS, max_vertices=6, max_extra=3):
    """A connected picture on ground 0: a spanning tree plus extra edges (cycles, loops, multi-edges)."""
    n = draw(st.integers(1, max_vertices))
    edges = [(draw(st.integers(0, i - 1)), i, draw(st.sampled_from(colours))) for i in range(1, n)]
    vertex = st.integers(0, n - 1)
    edges += draw(st.lists(st.tuples(vertex, vertex, st.sampled_from(colours)), max_size=max_extra))
    return Hackenbush.graph(edges, ground=0, vertices=n)


@st.composite
def trees(draw, colours=COLOURS, max_edges=9):
    """A tree on one ground vertex: vertex i > 0 hangs from a vertex before it."""
    k = draw(st.integers(0, max_edges))
    edges = [(draw(st.integers(0, i - 1)), i, draw(st.sampled_from(colours))) for i in range(1, k + 1)]
    return Hackenbush.graph(edges, ground=0, vertices=k + 1)


def _definition(position):
    return position.value_by_search(decompose=False)


@SETTINGS
@given(st.text(alphabet="BR", max_size=12))
def test_blue_red_strings_by_berlekamp_equal_the_definition(colours):
    position = Hackenbush.string(colours)
    assert position.canonical_form == _definition(position) == Game(berlekamp(colours))
    assert sign_expansion(berlekamp(colours)) == colours.replace("B", "+").replace("R", "-")


@SETTINGS
@given(st.text(alphabet="BRG", max_size=9))
def test_mixed_strings_equal_the_definition(colours):
    position = Hackenbush.string(colours)
    assert position.canonical_form == position.value_by_search() == _definition(position)


@SETTINGS
@given(trees(colours="G", max_edges=10))
def test_green_trees_by_the_colon_principle_equal_the_definition(position):
    assert position.canonical_form == _definition(position)
    assert position.canonical_form.is_nimber


@SETTINGS
@given(graphs(colours="G", max_vertices=6, max_edges=8))
def test_green_graphs_by_the_fusion_principle_equal_the_definition(position):
    assert position.canonical_form == _definition(position)


@SETTINGS
@given(graphs(colours="BR"))
def test_blue_red_graphs_are_numbers(position):
    assert position.canonical_form == _definition(position)
    assert position.canonical_form.is_number


@SETTINGS
@given(graphs())
def test_keyed_search_equals_the_definition(position):
    assert position.canonical_form == position.value_by_search() == _definition(position)


@SETTINGS
@given(grounded_graphs())
def test_keyed_search_on_connected_graphs_equals_the_definition(position):
    assert position.canonical_form == position.value_by_search() == _definition(position)


@SETTINGS
@given(grounded_graphs(colours="G", max_vertices=7, max_extra=3))
def test_connected_green_graphs_by_fusion_equal_the_definition(position):
    assert position.canonical_form == _definition(position)


@SETTINGS
@given(trees(max_edges=8))
def test_mixed_trees_equal_the_definition(position):
    assert position.canonical_form == position.value_by_search() == _definition(position)


@SETTINGS
@given(grounded_graphs(max_vertices=4, max_extra=2), grounded_graphs(max_vertices=4, max_extra=2))
def test_pictures_side_by_side_add(a, b):
    both = a + b
    assert both.canonical_form == a.canonical_form + b.canonical_form
    assert both.canonical_form == _definition(both)


@SETTINGS
@given(graphs())
def test_swapping_colours_negates(position):
    assert (-position).canonical_form == -position.canonical_form


def _relabelled(position, seed):
    rng = random.Random(seed)
    ids = list(position.vertices)
    new = rng.sample(range(100), len(ids))
    mapping = dict(zip(ids, new))
    edges = [(mapping[u], mapping[v], c) if rng.random() < 0.5 else (mapping[v], mapping[u], c)
             for u, v, c in position.edges]
    rng.shuffle(edges)
    return Hackenbush.graph(edges, ground=[mapping[g] for g in position.ground], vertices=new)


@SETTINGS
@given(trees(max_edges=10), st.integers(0, 10**6))
def test_tree_keys_are_canonical(position, seed):
    other = _relabelled(position, seed)
    assert other.key == position.key
    assert other.canonical_form == position.canonical_form


@SETTINGS
@given(graphs(), st.integers(0, 10**6))
def test_relabelling_keeps_the_value(position, seed):
    other = _relabelled(position, seed)
    assert other.canonical_form == position.canonical_form
    assert other.value_by_search() == position.value_by_search()


def _from_key(key):
    """The picture a key describes: pieces side by side."""
    picture = Hackenbush.graph([], ground=0)
    for piece in key:
        if piece[0] == "S":
            picture = picture + Hackenbush.string(piece[1])
        else:
            _, n, edges = piece
            picture = picture + Hackenbush.graph(edges, ground=0, vertices=n)
    return picture


@SETTINGS
@given(graphs(max_edges=7))
def test_the_key_describes_the_position(position):
    # A key that lost information could merge different positions: rebuilt
    # from its key, the picture must have the same value by the definition.
    rebuilt = _from_key(position.key)
    assert _definition(rebuilt) == _definition(position)


def test_symmetric_graphs_share_keys():
    cycle = [(i, (i + 1) % 6, "B" if i % 2 else "R") for i in range(6)]
    a = Hackenbush.graph(cycle, ground=0)
    b = Hackenbush.graph([(u, v, "R" if c == "B" else "B") for u, v, c in cycle], ground=0)
    # the mirror image: same graph read the other way round the cycle from the ground
    assert a.key == b.key
    assert a.canonical_form == b.canonical_form


def test_different_positions_have_different_keys():
    keys = {Hackenbush.string(s).key for s in ["B", "R", "G", "BB", "BR", "RB", "GB"]}
    keys.add(Hackenbush.tree("B", "B").key)
    keys.add(Hackenbush.graph([(0, 1, "B"), (0, 1, "B")], ground=0).key)
    keys.add(Hackenbush.graph([(0, 1, "B"), (1, 2, "B"), (2, 0, "B")], ground=0).key)
    assert len(keys) == 10


# ----------------------------------------------------------------------------
# Large positions: no recursion errors


def test_long_strings():
    assert Hackenbush.string("B" + "R" * 4000).canonical_form == Game(1 - Fraction(1) + Fraction(1, 2 ** 4000))
    assert Hackenbush.string("G" * 5000).canonical_form == nimber(5000)
    assert Hackenbush.string("BRG" * 20).canonical_form == Hackenbush.string("BRG" * 20).value_by_search()


def test_big_green_graphs():
    n = 3000
    cycle = [(i, i + 1, "G") for i in range(n)] + [(n, 0, "G")]
    assert Hackenbush.graph(cycle, ground=0).canonical_form == nimber(1)     # odd cycle

    def path_with_loops(n):
        # colon principle from the top: 1, 1 ^ (1 + 1) = 3, 1 ^ 4 = 5, ... then 2n at the ground
        return Hackenbush.graph([(i, i + 1, "G") for i in range(n)] + [(i, i, "G") for i in range(1, n + 1)],
                                ground=0)

    assert path_with_loops(3).value_by_search(decompose=False) == nimber(6)
    assert path_with_loops(n).canonical_form == nimber(2 * n)
    deep_tree = Hackenbush.tree(("G" * 2000, ["G", "GG", "GGG"]))
    assert deep_tree.canonical_form == nimber(2000)    # the top is 1^2^3 = 0, then 2000 edges down


def test_long_mixed_string_runs_deep():
    position = Hackenbush.string("G" + "BR" * 80)
    assert position.canonical_form == position.value_by_search()


# ----------------------------------------------------------------------------
# Input errors


def test_unknown_colour_is_named():
    with pytest.raises(ValueError, match=r"'X' at index 2 of string 'BRXB'"):
        Hackenbush.string("BRXB")
    with pytest.raises(ValueError, match=r"unknown Hackenbush colour 'purple' in edge 0"):
        Hackenbush.graph([(0, 1, "purple")], ground=0)
    with pytest.raises(ValueError, match=r"'Q' at index 1 of branch 1\.0 'GQ'"):
        Hackenbush.tree("G", ("B", ["GQ"]))


def test_missing_vertex_is_named():
    with pytest.raises(ValueError, match=r"edge 1 \(1, 7, 'B'\) uses vertex 7, which does not exist"):
        Hackenbush.graph([(0, 1, "G"), (1, 7, "B")], ground=0, vertices=3)
    with pytest.raises(ValueError, match="ground vertex 5 is not one of the vertices"):
        Hackenbush.graph([(0, 1, "G")], ground=5, vertices=2)


def test_no_ground():
    with pytest.raises(EmptyGraphError, match="needs a ground vertex"):
        Hackenbush.graph([(0, 1, "G")], ground=[])


def test_negative_and_non_integer_ids():
    with pytest.raises(ValueError, match=r"vertex -1 in edge 0 \(-1, 2, 'B'\) is negative"):
        Hackenbush.graph([(-1, 2, "B")], ground=2)
    with pytest.raises(ValueError, match="vertex -3 in the ground is negative"):
        Hackenbush.graph([(0, 1, "B")], ground=-3)
    with pytest.raises(TypeError, match="vertex 'a'"):
        Hackenbush.graph([("a", 1, "B")], ground=1)
    with pytest.raises(ValueError, match="not a triple"):
        Hackenbush.graph([(0, 1)], ground=0)
    with pytest.raises(ValueError, match="stalk height -2"):
        Hackenbush.stalks([3, -2])
    with pytest.raises(ValueError, match="a branch is a str"):
        Hackenbush.tree(("G", "G", "G"))


@pytest.mark.parametrize("text, message", [
    ("l-r", r"plain edge '-' is not allowed here \(expected a vertex '\.', an edge 'l' \(blue\)"),
    ("l..l", "two vertices with no edge between them"),
    ("l>r", "directed edge '>'"),
    ("l:{A", "unclosed '{'"),
    ("lx", "unexpected character 'x'"),
    ("l(r;l", r"unclosed '\('"),
    ("lr)", "without a matching"),
    ("l(r;l)r", "must end its branch"),
    ("(:Al)", "vertex name must follow an edge"),
    ("l:", "must be followed by a vertex name"),
])
def test_cgsuite_syntax_errors(text, message):
    with pytest.raises(GameSyntaxError, match=message):
        Hackenbush.parse(text)


def test_cgsuite_notation():
    assert Hackenbush.parse("lrr") == Hackenbush.string("BRR")
    assert Hackenbush.parse("e(ee;e)").canonical_form == Hackenbush.tree(("G", ["GG", "G"])).canonical_form
    assert Hackenbush.parse(":A-:A".replace("-", "e")).edges == ((0, 0, "G"),)
    assert Hackenbush.parse(":{root} eeee :{root}").canonical_form == 0
    assert Hackenbush.parse("(e:B;e:B)").edges == ((0, 1, "G"), (0, 1, "G"))


# ----------------------------------------------------------------------------
# The value type


def test_positions_are_immutable_and_hashable():
    a = Hackenbush.string("BRRB")
    with pytest.raises(AttributeError):
        a._edges = ()
    assert a == Hackenbush.graph([(3, 4, "B"), (1, 0, "B"), (1, 2, "R"), (2, 3, "R")], ground=0)
    assert len({a, Hackenbush.string("BRRB"), Hackenbush.string("BRR")}) == 2
    assert eval(repr(a), {"Hackenbush": Hackenbush}) == a
    g = Hackenbush.graph([(0, 1, "G"), (4, 4, "B")], ground=[0, 4, 5])
    assert eval(repr(g), {"Hackenbush": Hackenbush}) == g
    import pickle
    assert pickle.loads(pickle.dumps(g)) == g


# ----------------------------------------------------------------------------
# Drawing


@SETTINGS
@given(graphs(max_edges=8))
def test_svg_is_well_formed(position):
    root = ET.fromstring(position.svg())
    ns = "{http://www.w3.org/2000/svg}"
    assert root.tag == ns + "svg"
    assert len(root.findall(ns + "circle")) == len(position.vertices)
    drawn = root.findall(ns + "path") + root.findall(ns + "line")
    assert len(drawn) == len(position.edges) + 1      # the edges and the ground line


def test_svg_colours():
    text = Hackenbush.graph([(0, 1, "B"), (1, 2, "R"), (2, 2, "G")], ground=0)._repr_svg_()
    for ink in ("#1f5fbf", "#d62728", "#2ca02c"):
        assert ink in text


def docs_picture():
    """The picture drawn in docs/hackenbush.md (built there by the same code)."""
    return (Hackenbush.string("BRRB")
            + Hackenbush.tree(("G", ["GG", ("G", ["G", "G"])]))
            + Hackenbush.graph([(0, 1, "G"), (1, 2, "B"), (2, 0, "R"), (1, 3, "G"), (3, 3, "G")], ground=0))


def test_docs_picture_is_current():
    path = Path(__file__).resolve().parents[2] / "docs" / "img" / "hackenbush.svg"
    assert path.read_text(encoding="utf-8") == docs_picture().svg()


# ----------------------------------------------------------------------------
# The ruleset protocol


def test_hackenbush_is_a_ruleset_position():
    from cgt.rulesets import Position

    position = Hackenbush.string("BRRB")
    assert isinstance(position, Position)
    assert position.canonical_form == position.canonical_form
    assert position.outcome == "L"
    assert position.left_moves() == position.left_options
    assert Hackenbush.stalks([2, 2]).outcome == "P"


@SETTINGS
@given(graphs())
def test_components_add_up(position):
    parts = position.components()
    total = Game(0)
    for part in parts:
        assert len(part.components()) == 1
        total = total + _definition(part)
    assert total == position.canonical_form
    assert sum(len(p.edges) for p in parts) == len(position.edges)
