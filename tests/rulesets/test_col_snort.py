"""Col and Snort against a brute force from the definition, textbook facts and CGSuite.

The brute force below plays the games as Winning Ways defines them, on the
full graph (coloured vertices stay on the board, no tints, no components, no
keys): a player colours an uncoloured vertex with no neighbour of their own
colour (Col) or of the other colour (Snort), and the value is built with
`cgt.Game` from the options.  A tint on a vertex is, by definition, one extra
neighbour of that colour, so the brute force gives each tint a pendant vertex.
"""

import itertools
import json

import pytest

import reference_data
from hypothesis import given, settings, strategies as st

from cgt import Game, parse, star
from cgt.rulesets import Col, PositionSyntaxError, Snort
from cgt.rulesets import graph_labelling
from cgt.rulesets.position import solve
from cgt.short.game import _game


_MEMO = {}


def brute(ruleset, n, edges, colours):
    """The value of a position on vertices ``0..n-1``: ``colours`` a string over ``.LRlrx``."""
    # Tints become pendant coloured vertices.
    edges = set(edges)
    full = []
    for v, c in enumerate(colours):
        full.append(c if c in ".LR" else ".")
    for v, c in enumerate(colours):
        for colour, tint in (("L", "lx"), ("R", "rx")):
            if c in tint:
                full.append(colour)
                edges.add((v, len(full) - 1))
    nbrs = [set() for _ in full]
    for u, v in edges:
        nbrs[u].add(v)
        nbrs[v].add(u)
    same = ruleset is Col
    return _value(same, tuple(frozenset(s) for s in nbrs), "".join(full))


def _value(same, nbrs, state):
    key = (same, nbrs, state)
    if key in _MEMO:
        return _MEMO[key]
    options = {}
    for me, other in (("L", "R"), ("R", "L")):
        forbidden = me if same else other
        options[me] = [
            _value(same, nbrs, state[:v] + me + state[v + 1:])
            for v, c in enumerate(state)
            if c == "." and all(state[u] != forbidden for u in nbrs[v])
        ]
    value = _MEMO[key] = Game(options["L"], options["R"])
    return value


def _all_graphs(n):
    pairs = list(itertools.combinations(range(n), 2))
    for mask in range(1 << len(pairs)):
        yield [p for k, p in enumerate(pairs) if mask >> k & 1]


def _position(ruleset, n, edges, colours):
    return ruleset(edges, vertices=range(n), colours=dict(enumerate(colours)))


# -- brute force agrees with canonical_form ---------------------------------------------------


@pytest.mark.parametrize("ruleset", [Col, Snort])
@pytest.mark.parametrize("n", [0, 1, 2, 3, 4])
def test_every_coloured_graph_up_to_4_vertices(ruleset, n):
    for edges in _all_graphs(n):
        for colours in itertools.product(".LR", repeat=n):
            colours = "".join(colours)
            assert _position(ruleset, n, edges, colours).canonical_form == brute(ruleset, n, edges, colours), \
                (edges, colours)


@pytest.mark.parametrize("ruleset", [Col, Snort])
def test_every_uncoloured_graph_on_5_vertices(ruleset):
    for edges in _all_graphs(5):
        assert _position(ruleset, 5, edges, ".....").canonical_form == brute(ruleset, 5, edges, "....."), edges


@st.composite
def graphs(draw, max_vertices=6, codes=".LRlrx"):
    n = draw(st.integers(0, max_vertices))
    pairs = list(itertools.combinations(range(n), 2))
    edges = [p for p in pairs if draw(st.booleans())]
    colours = "".join(draw(st.sampled_from(codes)) for _ in range(n))
    return n, edges, colours


@settings(max_examples=150, deadline=None)
@given(st.sampled_from([Col, Snort]), graphs())
def test_random_graphs_with_tints_match_brute_force(ruleset, graph):
    n, edges, colours = graph
    assert _position(ruleset, n, edges, colours).canonical_form == brute(ruleset, n, edges, colours)


@settings(max_examples=60, deadline=None)
@given(st.sampled_from([Col, Snort]), graphs(max_vertices=5, codes=".lr"), st.randoms(use_true_random=False))
def test_relabelled_graph_has_same_key_and_value(ruleset, graph, rng):
    n, edges, colours = graph
    perm = list(range(n))
    rng.shuffle(perm)
    p = _position(ruleset, n, edges, colours)
    q = ruleset([(perm[u], perm[v]) for u, v in edges], vertices=range(n),
                colours={perm[v]: c for v, c in enumerate(colours)})
    assert p.signed_key() == q.signed_key()
    assert p.canonical_form == q.canonical_form


@settings(max_examples=60, deadline=None)
@given(st.sampled_from([Col, Snort]), graphs(max_vertices=5))
def test_swapping_colours_negates(ruleset, graph):
    n, edges, colours = graph
    swapped = colours.translate(str.maketrans("LRlr", "RLrl"))
    assert _position(ruleset, n, edges, swapped).canonical_form == -brute(ruleset, n, edges, colours)


def test_truncated_canonical_search_is_still_safe(monkeypatch):
    # With a budget of one leaf the key is not canonical, but it must still describe the graph.
    monkeypatch.setattr(graph_labelling, "_LEAF_BUDGET", 1)
    for ruleset in (Col, Snort):
        ruleset.clear_cache()
        for edges in _all_graphs(4):
            for colours in ("....", "l..r", ".rr."):
                position = _position(ruleset, 4, edges, colours)
                assert _game(solve(position)) == brute(ruleset, 4, edges, colours)
        ruleset.clear_cache()


def _isomorphic(a, b):
    (codes_a, edges_a), (codes_b, edges_b) = a, b
    n = len(codes_a)
    if len(codes_b) != n or len(edges_a) != len(edges_b):
        return False
    target = {frozenset(e) for e in edges_b}
    return any(
        all(codes_a[v] == codes_b[p[v]] for v in range(n))
        and {frozenset((p[u], p[v])) for u, v in edges_a} == target
        for p in itertools.permutations(range(n))
    )


def test_keys_never_merge_non_isomorphic_graphs():
    by_key = {}
    for n in range(5):
        for edges in _all_graphs(n):
            for colours in itertools.product(".lr", repeat=n):
                colours = "".join(colours)
                swapped = colours.translate(str.maketrans("lr", "rl"))
                key, negated = Col(edges, vertices=range(n), colours=dict(enumerate(colours))).signed_key()
                by_key.setdefault((key, negated), []).append((swapped if negated else colours, edges))
    for (key, _), graphs_ in by_key.items():
        first_codes, first_edges = graphs_[0]
        assert _isomorphic(key, (first_codes, first_edges))
        for codes, edges in graphs_[1:]:
            assert _isomorphic((first_codes, first_edges), (codes, edges))
    # and isomorphic graphs share a key: 4-vertex graphs with these codes fall in few classes
    assert len({k for k, _ in by_key}) < sum(len(g) for g in by_key.values())


# -- components ---------------------------------------------------------------------------------


def test_components_split_and_sum():
    p = Col([(0, 1), (2, 3), (3, 4)], vertices=range(6), colours={2: "L"})
    parts = p.components()
    assert sorted(len(c.vertices) for c in parts) == [1, 2, 2]
    assert sum((c.canonical_form for c in parts), Game(0)) == p.canonical_form
    assert p.canonical_form == brute(Col, 6, [(0, 1), (2, 3), (3, 4)], "..L...")


def test_moves_drop_coloured_and_dead_vertices():
    # Col: colouring the centre of a path of 3 blue leaves two blue-tinted ends.
    (centre,) = [m for m in Col.path(3).left_moves() if 1 not in m.vertices]
    assert centre == Col([], vertices=[0, 2], colours={0: "l", 2: "l"})
    assert centre.canonical_form == -2
    # A vertex tinted both ways is dead and disappears.
    assert Snort([(0, 1)], colours={0: "l"}).right_moves() == [Snort([], vertices=[], colours={})]


# -- textbook facts, each checked by the brute force too ------------------------------------------

FACTS = [
    # Winning Ways ch. 2: in Col a lone vertex is {0|0} = *, two joined vertices are 0.
    (Col, 1, [], ".", "*"),
    (Col, 2, [(0, 1)], "..", "0"),
    # a vertex next to a blue one (tinted blue) is Right's alone in Col, Left's alone in Snort
    (Col, 2, [(0, 1)], "L.", "-1"),
    (Col, 1, [], "l", "-1"),
    (Snort, 2, [(0, 1)], "L.", "1"),
    (Snort, 1, [], "r", "-1"),
    # Snort: a lone vertex is *, an edge is {1|-1} = +-1 (either player's move reserves the other end)
    (Snort, 1, [], ".", "*"),
    (Snort, 2, [(0, 1)], "..", "+-1"),
    # Col path of three: Left colours the centre (-2) or an end (-1/2); so {-2,-1/2|1/2,2} = 0
    (Col, 3, [(0, 1), (1, 2)], "...", "0"),
    (Col, 3, [(0, 1), (1, 2)], "l..", "-1/2"),
    # Snort path of three: the centre reserves both ends: +-2
    (Snort, 3, [(0, 1), (1, 2)], "...", "+-2"),
]


@pytest.mark.parametrize("ruleset, n, edges, colours, expected", FACTS)
def test_textbook_facts(ruleset, n, edges, colours, expected):
    value = parse(expected)
    assert brute(ruleset, n, edges, colours) == value
    assert _position(ruleset, n, edges, colours).canonical_form == value


def test_paths_and_single_vertex():
    assert Col.path(1).canonical_form == star
    assert Col.path(2).canonical_form == 0
    assert Col.path(0).canonical_form == 0
    for n in range(7):
        assert Col.path(n).canonical_form == brute(Col, n, [(i, i + 1) for i in range(n - 1)], "." * n)
        assert Snort.path(n).canonical_form == brute(Snort, n, [(i, i + 1) for i in range(n - 1)], "." * n)


def test_col_values_are_numbers_or_number_plus_star():
    # Winning Ways ch. 2: every Col position is a number or a number plus *.
    for n in range(5):
        for edges in _all_graphs(n):
            for colours in ("." * n, ("L" + "." * n)[:n]):
                g = brute(Col, n, edges, colours)
                assert g.is_number or (g - star).is_number, (edges, colours, str(g))


# -- CGSuite -------------------------------------------------------------------------------------


def _graph_colouring_vectors():
    vectors = reference_data.cgsuite_vectors()
    return [v for v in vectors if v["expr"].startswith(("game.graph.Snort(", "game.graph.Col("))]


def test_cgsuite_col_and_snort_vectors():
    vectors = _graph_colouring_vectors()
    assert vectors, "no Col or Snort vector in the reference data"
    for vector in vectors:
        assert vector["op"] == "canonical_form"
        ruleset = Snort if vector["game"].startswith("game.graph.Snort(") else Col
        text = json.loads(vector["game"][len(f"game.graph.{ruleset.__name__}("):-1])
        assert str(ruleset.parse(text).canonical_form) == vector["expected"], vector["id"]


# CGSuite's own tests of its graph rulesets (lib/core/src/test/scala/org/cgsuite/lang/
# GameGraphTest.scala, "define Col properly"), beyond the harvested vectors.  In CGSuite's
# strings a tag L or R marks an uncoloured vertex next to a blue or red one.
CGSUITE_GAME_GRAPH_TEST = [
    (Col, "R-.-R-.-L-.-R-.-R-.", 10, [(i, i + 1) for i in range(9)], "r.r.l.r.r.", "7/8"),
    (Snort, "L-.-.-.-L", 5, [(i, i + 1) for i in range(4)], "l...l", "{4|0,+-1}"),
    (Snort, ".-.-.(-.;-.)", 5, [(0, 1), (1, 2), (2, 3), (2, 4)], ".....", "+-{3|2}"),
]


@pytest.mark.parametrize("ruleset, text, n, edges, colours, expected", CGSUITE_GAME_GRAPH_TEST)
def test_cgsuite_game_graph_test(ruleset, text, n, edges, colours, expected):
    position = ruleset.parse(text)
    assert position == _position(ruleset, n, edges, colours)
    assert str(position.canonical_form) == expected
    assert brute(ruleset, n, edges, colours) == parse(expected)


def test_cgsuite_snort_tree_built_by_hand():
    # ".-.-.(-.;-.)": a path 0-1-2 with two branches 2-3 and 2-4; CGSuite says +-{3|2}.
    edges = [(0, 1), (1, 2), (2, 3), (2, 4)]
    assert Snort(edges).canonical_form == parse("+-{3|2}")
    assert brute(Snort, 5, edges, ".....") == parse("+-{3|2}")
    assert Snort.parse(".-.-.(-.;-.)") == Snort(edges, vertices=range(5))


# -- notation and errors -------------------------------------------------------------------------


def test_parse_cgsuite_strings():
    assert Col.parse("---") == Col.path(4)
    assert Col.parse(".-.-.-.") == Col.path(4)
    # CGSuite's tags L, R are the tints l, r: an uncoloured vertex next to a blue / red one
    assert Col.parse("L-R---L") == Col([(0, 1), (1, 2), (2, 3), (3, 4)], colours={0: "l", 1: "r", 4: "l"})
    # edges between vertices written side by side are implied ("LR..L" is a path of five)
    assert Col.parse("LR..L") == Col([(0, 1), (1, 2), (2, 3), (3, 4)], colours={0: "l", 1: "r", 4: "l"})
    assert Col.parse("..") == Col.path(2)
    assert Col.parse("(-.)") == Col.path(2)          # branches from the implied first vertex
    assert Snort.parse("L:A----:A") == Snort([(0, 1), (1, 2), (2, 3), (3, 0)], colours={0: "l"})
    assert Snort.parse("L:A-.-.-:A") == Snort([(0, 1), (1, 2), (2, 0)], colours={0: "l"})
    tree = Col.parse("--(-;--;---)")
    assert len(tree.vertices) == 9 and len(tree.edges) == 8
    assert sorted(sum(1 for e in tree.edges if v in e) for v in tree.vertices) == [1, 1, 1, 1, 2, 2, 2, 2, 4]
    assert Snort.parse(":A----:A") == Snort.cycle(4)
    assert Snort.parse(":{root}----:{root}") == Snort.cycle(4)
    assert Snort.parse(".:A-.-.-.:A") == Snort.cycle(3)
    assert Snort.parse("") == Snort([])


@pytest.mark.parametrize("text, message", [
    ("-(", r"column 2: unclosed '\('"),
    ("x-.", "column 1: unexpected character 'x'"),
    (".-.)", "column 4: '\\)' without a matching"),
    (":A-:A", "column 4: an edge joins a vertex to itself"),
    (".:", "column 2: ':' must be followed by a vertex name"),
    ("L:A-.-R:A", "column 7: vertex :A is tagged both 'L' and 'R'"),
    (".-.;.", "column 4: ';' outside parentheses"),
    (".>.", "column 2: a directed edge '>'"),
    ("l-.", "column 1: unexpected character 'l'"),
])
def test_parse_errors(text, message):
    with pytest.raises(PositionSyntaxError, match=message):
        Col.parse(text)


def test_parse_error_is_position_syntax_error():
    with pytest.raises(PositionSyntaxError, match="column 3"):
        Snort.parse(".-x")


def test_constructor_errors():
    with pytest.raises(ValueError, match="not a vertex"):
        Col([(0, 1)], vertices=[0])
    with pytest.raises(ValueError, match="unknown colour"):
        Snort([(0, 1)], colours={0: "green"})
    with pytest.raises(ValueError, match="not a vertex"):
        Snort([(0, 1)], colours={7: "L"})
    with pytest.raises(ValueError, match="loop"):
        Col([(0, 0)])
    with pytest.raises(ValueError, match="pair"):
        Col([(0, 1, 2)])
    with pytest.raises(ValueError, match="repeated"):
        Col([], vertices=[1, 1])
    with pytest.raises(ValueError):
        Col.path(-1)


def test_colour_aliases_and_repr():
    assert Col([("a", "b")], colours={"a": "blue", "b": "red"}) == Col([("a", "b")], colours={"a": "L", "b": "R"})
    p = Snort([("a", "b")], vertices=["a", "b", "c"], colours={"a": "L"})
    assert repr(p) == "Snort([('a', 'b')], vertices=['a', 'b', 'c'], colours={'a': 'L'})"
    assert eval(repr(p)) == p
    assert p.canonical_form == brute(Snort, 3, [(0, 1)], "L..")
    assert p._repr_svg_().startswith("<svg")


@pytest.mark.parametrize("make", [lambda: Col.parse(":A----:A"), lambda: Snort.cycle(4),
                                  lambda: Col([(0, 2), (1, 2)], vertices=[0, 1, 2])])
def test_repr_rebuilds_a_graph_whose_edges_list_its_vertices_out_of_order(make):
    # Found by tests/test_fuzz.py: the 4-cycle's edges (0,1),(0,3),(1,2),(2,3) name the
    # vertices in the order 0,1,3,2, so a repr without vertices= rebuilt another position.
    position = make()
    assert eval(repr(position), {"Col": Col, "Snort": Snort}) == position
