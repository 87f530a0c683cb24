"""CGSuite's graph strings (`cgt.rulesets.graph_notation`), the reader Hackenbush, Col and Snort share.

The syntax is CGSuite's (Help: "Games on Graphs"; GraphParser in
lib/core/src/main/scala/org/cgsuite/util/Graph.scala): the examples of its
help page are checked here by the graphs they stand for.
"""

import pytest

from cgt import GameSyntaxError
from cgt.rulesets.graph_notation import parse_graph


def _shape(text, **tags):
    graph = parse_graph(text, **tags)
    return len(graph.tags), sorted(tuple(sorted((u, v))) for u, v, _ in graph.edges)


def test_the_help_pages_examples():
    path4 = (4, [(0, 1), (1, 2), (2, 3)])
    assert _shape(".-.-.-.") == path4
    assert _shape("---") == path4                                # dots are optional
    # a trunk of 2 edges, then branches of 1, 2 and 3 edges
    assert _shape("--(-;--;---)") == (9, [(0, 1), (1, 2), (2, 3), (2, 4), (2, 6), (4, 5), (6, 7), (7, 8)])
    cycle4 = (4, [(0, 1), (0, 3), (1, 2), (2, 3)])
    assert _shape(".:A-.-.-.-.:A") == cycle4
    assert _shape(":A----:A") == cycle4
    assert _shape(":{root}----:{root}") == cycle4
    graph = parse_graph("LRL", vertex_tags="LR")                  # plain edges between vertices are implied
    assert graph.tags == ("L", "R", "L") and [e[:2] for e in graph.edges] == [(0, 1), (1, 2)]
    assert parse_graph("LR..L", vertex_tags="LR").tags == ("L", "R", None, None, "L")


def test_edge_tags_branches_and_names():
    graph = parse_graph("(e:B;e:B;e:Blr:B)", edge_tags="lre")
    assert graph.tags == (None, None, None)
    assert graph.edges == ((0, 1, "e"), (0, 1, "e"), (0, 1, "e"), (1, 2, "l"), (2, 1, "r"))   # the cycle closes at B
    assert parse_graph(" l ( r ; e ) ", edge_tags="lre").edges == ((0, 1, "l"), (1, 2, "r"), (1, 3, "e"))
    assert parse_graph(":A l :A", edge_tags="lre").edges == ((0, 0, "l"),)      # a loop
    assert parse_graph("") == ((), ())


def test_a_named_vertex_keeps_its_tag():
    graph = parse_graph("L:A-.-:A", vertex_tags="LR")
    assert graph.tags == ("L", None) and len(graph.edges) == 2
    assert parse_graph(".:A-.-L:A", vertex_tags="LR").tags == ("L", None)


def test_deep_branching_needs_no_recursion():
    text = "l(" * 3000 + "r" + ")" * 3000
    graph = parse_graph(text, edge_tags="lr")
    assert len(graph.edges) == 3001 and len(graph.tags) == 3002


@pytest.mark.parametrize("text, column, message", [
    ("l-r", 2, "a plain edge '-' is not allowed here"),
    ("l..l", 3, "two vertices with no edge between them"),
    ("lx", 2, "unexpected character 'x'"),
    ("l(r;l", 2, "unclosed '\\('"),
    ("lr)", 3, "'\\)' without a matching '\\('"),
    ("l(r;l)r", 7, "must end its branch"),
    ("l;r", 2, "';' outside parentheses"),
    ("(:Al)", 2, "a vertex name must follow an edge, a vertex or the start"),
    ("l:", 2, "':' must be followed by a vertex name"),
    ("l:{ab", 3, "unclosed '{'"),
    ("l<r", 2, "a directed edge '<'"),
])
def test_errors_say_where(text, column, message):
    with pytest.raises(GameSyntaxError, match=message) as caught:
        parse_graph(text, edge_tags="lr")
    assert caught.value.column == column


def test_loops_can_be_refused_and_tags_must_agree():
    with pytest.raises(GameSyntaxError, match="joins a vertex to itself") as caught:
        parse_graph(":A-:A", loops=False)
    assert caught.value.column == 4
    with pytest.raises(GameSyntaxError, match="tagged both 'L' and 'R'"):
        parse_graph("L:A-R:A", vertex_tags="LR")
    with pytest.raises(TypeError):
        parse_graph(3)
