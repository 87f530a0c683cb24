"""CGSuite's simplification of a side (`cgt.loopy.simplification`): it keeps the side, and its pieces do what they say.

The order of sides used to check it (`cgt.loopy.side_order.side_le`) is
checked against a brute force from the definitions in ``test_sided.py``;
the forms reached are checked against CGSuite's printed forms in
``tests/test_loopy_vectors.py``.
"""

from hypothesis import given, settings
from hypothesis import strategies as st

from cgt.loopy import GameGraph, Node, PASS, build_graph
from cgt.loopy.side_order import OFFSIDE, ONSIDE, side_le
from cgt.loopy.simplification import direct_sum, pack, simplified_graph
from cgt.strategies import game_graphs


def equal_in(side, g, h):
    return side_le(g, h, side) and side_le(h, g, side)


@settings(max_examples=150, deadline=None)
@given(game_graphs(), st.sampled_from([ONSIDE, OFFSIDE]))
def test_simplified_graph_has_the_same_side_as_the_graph(graph, side):
    assert equal_in(side, simplified_graph(pack(graph), side), graph)


@settings(max_examples=80, deadline=None)
@given(game_graphs())
def test_simplified_graph_of_a_stopper_is_an_equal_stopper(graph):
    graph = graph.trimmed()
    if graph.is_stopper():
        simpler = simplified_graph(pack(graph), None)
        assert simpler.is_stopper() and equal_in(None, simpler, graph)


@settings(max_examples=60, deadline=None)
@given(game_graphs(4), game_graphs(4), st.sampled_from([ONSIDE, OFFSIDE]))
def test_direct_sum_is_the_sum_of_the_games(g, h, side):
    assert equal_in(side, direct_sum(g, h), g.sum(h))


def test_direct_sum_packs_the_pairs_reachable_from_the_start_in_the_order_of_i_times_the_size_of_h_plus_j():
    g = GameGraph([(1,), ()], [(), ()])            # 1
    h = GameGraph([(), ()], [(1,), ()])            # -1
    total = direct_sum(g, h)
    # (0, 0) = 0 moves Left to (1, 0) = 2, Right to (0, 1) = 1; depth first: (0, 0), (1, 0), (1, 1), (0, 1);
    # (1, 0) moves Right to (1, 1); (0, 1) moves Left to (1, 1).
    assert total.left == [(1,), (), (), (2,)] and total.right == [(3,), (2,), (), ()]


def test_direct_sum_makes_only_the_reachable_pairs():
    g = GameGraph([()] + [(0,)] * 99, [()] * 100)      # 0 and 99 nodes the start does not reach
    assert direct_sum(g, g).size == 1


def test_pack_numbers_depth_first_left_before_right_and_lists_edges_by_old_number():
    # Depth first from 0: 0, then Left's 3 (new 1) and its 2 (new 2), then Right's 1 (new 3);
    # 0's Left edges 3, 1 are listed as 1 (old 1) and then 3 (old 3): new 3, 1.
    packed = pack(GameGraph([(3, 1), (), (), (2,)], [(1,), (), (), ()]))
    assert (packed.left, packed.right) == ([(3, 1), (2,), (), ()], [(3,), (), (), ()])


def test_pack_leaves_out_what_the_start_does_not_reach():
    packed = pack(GameGraph([(), (0,)], [(), ()]))
    assert (packed.left, packed.right) == ([()], [()])


def test_dud_is_on_in_the_onside_and_off_in_the_offside():
    dud = GameGraph([(0,)], [(0,)])
    onside = simplified_graph(pack(dud), ONSIDE)
    assert (onside.left, onside.right) == ([(0,)], [()])
    offside = simplified_graph(pack(dud), OFFSIDE)
    assert (offside.left, offside.right) == ([()], [(0,)])


def test_bachs_carousel_keeps_an_alternating_cycle_in_both_sides():
    # a{0,{1|1,{*,{1+*|1+*,a}|*}}|0}: a, 0, {1|1,...}, 1, {*,...|*}, *, {1*|1*,a}, 1*.
    graph = GameGraph([(1, 2), (), (3,), (1,), (5, 6), (1,), (7,), (3,)],
                      [(1,), (), (3, 4), (), (5,), (1,), (7, 0), (3,)])
    for side in (ONSIDE, OFFSIDE):
        simpler = simplified_graph(pack(graph), side)
        assert not simpler.is_stopper() and equal_in(side, simpler, graph)


def test_build_graph_numbers_as_cgsuite_reads_a_game_depth_first_with_pass_last():
    a, b = Node(), Node()
    a.left, a.right, b.left = [PASS, b, 1], [1], [a]        # a{pass,{a|},1|1}
    graph = build_graph(a)
    # a = 0, then Left's {a|} = 1, then 1 = 2 and its option 0 = 3; pass is a's last Left option.
    assert (graph.left, graph.right) == ([(1, 2, 0), (0,), (3,), ()], [(2,), (), (), ()])


def test_build_graph_reads_a_node_without_options_as_zero():
    a = Node()
    a.left, a.right = [Node(), 0], [PASS]
    graph = build_graph(a)
    assert (graph.left, graph.right) == ([(1,), ()], [(0,), ()])
