"""Game graphs: structure checks on hand-made graphs (on, off, over, dud and a long cycle)."""

from cgt import Game
from cgt.loopy.graph import PASS, GameGraph, Node, build_graph

ON = GameGraph([(0,)], [()])
OFF = GameGraph([()], [(0,)])
DUD = GameGraph([(0,)], [(0,)])
OVER = GameGraph([(1,), ()], [(0,), ()])
# a = {b|}, b = {|a}: Left then Right can alternate forever, a cycle of length 2.
CAROUSEL = GameGraph([(1,), ()], [(), (0,)])


def test_stoppers_have_no_alternating_cycle():
    assert ON.is_stopper() and OFF.is_stopper() and OVER.is_stopper()
    assert not DUD.is_stopper() and not CAROUSEL.is_stopper()


def test_loopfree_and_plumtree():
    assert not ON.is_loopfree() and ON.is_plumtree()
    assert GameGraph([(1,), ()], [(), ()]).is_loopfree()
    assert not CAROUSEL.is_plumtree()


def test_sum_of_on_and_off_is_dud_shaped():
    total = ON.sum(OFF)
    assert total.left == [(0,)] and total.right == [(0,)]


def test_negation_and_trimming():
    assert OVER.negated().left == [(0,), ()] and OVER.negated().right == [(1,), ()]   # under = {pass|0}
    g = GameGraph([(2,), (0,), ()], [(), (), ()])        # node 1 is unreachable
    assert g.trimmed().size == 2


def test_build_graph_with_back_references_and_short_games():
    a = Node()
    b = Node([a], [PASS])
    a.left, a.right = [Game(0)], [b]
    g = build_graph(a)
    assert g.size == 3 and g.left[0] == (1,) and g.right[0] == (2,)
    assert g.left[2] == (0,) and g.right[2] == (2,)
