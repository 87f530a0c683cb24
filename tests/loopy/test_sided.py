"""Sided values against a brute force from the definitions, on random game graphs of up to 8 nodes.

Passes, back-references and alternating cycles are allowed.  The brute
force, written here from the definitions (Siegel VI.5) and sharing no code
with `cgt.loopy.sided`, plays the raw graphs:

* the outcome: a three-valued retrograde analysis of play from node 0
  (Right wins when Left must move and cannot, after finitely many moves;
  Left alike; any other play is infinite, a draw), read under the onside
  rule (a draw is Left's win) and the offside rule (Right's win);
* the order: ``G^+ >= H^+`` when Left, moving second in ``G - H``, can
  make sure that she never runs out of moves and that an infinite play has
  infinitely many moves in ``G`` (``-H`` for the offside): a Büchi game,
  solved as the naive nested fixed point ``nu Z. mu Y. F(Y, Z)``.

A side that is not a stopper (a carousel) is kept in a simplified form;
the brute force checks that form against the raw graph in that side.
"""

import pytest
from hypothesis import assume, given, settings
from hypothesis import strategies as st

from cgt import parse
from cgt.loopy import PASS, Carousel, GameGraph, Node, SidedValue, build_graph, dud, loopy_value, off, on, sided

ONSIDE_CLASS = {(True, False): "L", (False, True): "R", (True, True): "N", (False, False): "P"}


@st.composite
def graphs(draw, max_nodes=8):
    n = draw(st.integers(1, max_nodes))
    side = st.lists(st.integers(0, n - 1), max_size=2, unique=True).map(tuple)
    left = draw(st.lists(side, min_size=n, max_size=n))
    right = draw(st.lists(side, min_size=n, max_size=n))
    return left, right


def value_of(graph):
    return loopy_value(GameGraph(*graph))


def form_graph(form):
    """The (left, right) lists of a side form: a carousel's graph, or a stopper's or short game's."""
    graph = form.graph if isinstance(form, Carousel) else build_graph(form)
    return graph.left, graph.right


def play(left, right):
    """Results of play from every (node, mover): 'L' or 'R' for a forced finite win, 'D' otherwise."""
    n = len(left)
    result = {}
    changed = True
    while changed:
        changed = False
        for v in range(n):
            for mover, options, me, other in ((0, left[v], "L", "R"), (1, right[v], "R", "L")):
                if (v, mover) in result:
                    continue
                replies = [result.get((w, 1 - mover)) for w in options]
                if me in replies:
                    result[v, mover] = me
                elif all(r == other for r in replies):    # no move at all, or every move loses
                    result[v, mover] = other
                else:
                    continue
                changed = True
    return result


def side_class(graph, side):
    """The outcome class of node 0 when draws go to Left (onside) or Right (offside)."""
    result = play(*graph)
    draw_winner = "L" if side == "onside" else "R"
    wins = [result.get((0, mover), draw_winner) for mover in (0, 1)]
    return ONSIDE_CLASS[wins[0] == "L", wins[1] == "R"]


def left_wins_second(g, h, side):
    """``G >= H`` in ``side``: Left, second in ``G - H``, wins the Büchi game (naive nested fixed point)."""
    (gl, gr), (hl, hr) = g, h
    states = [(a, b, m) for a in range(len(gl)) for b in range(len(hl)) for m in (0, 1)]
    in_g = side == "onside"

    def edges(a, b, m):            # (target, accepting): moves in G, or in -H for the offside
        if m == 0:
            return [((x, b, 1), in_g) for x in gl[a]] + [((a, y, 1), not in_g) for y in hr[b]]
        return [((x, b, 0), in_g) for x in gr[a]] + [((a, y, 0), not in_g) for y in hl[b]]

    z = set(states)
    while True:
        y = set()
        while True:
            def good(edge):
                target, accepting = edge
                return target in z if accepting else target in y
            grown = {s for s in states if (any if s[2] == 0 else all)(map(good, edges(*s)))}
            if grown == y:
                break
            y = grown
        if y == z:
            return (0, 0, 1) in z
        z = y


def sides(value):
    return value.side_forms if isinstance(value, SidedValue) else (value, value)


def stopper_class(value):
    return ONSIDE_CLASS[not value <= 0, not value >= 0] if not value == 0 else "P"


@settings(max_examples=300, deadline=None)
@given(graphs())
def test_outcome_classes_of_the_sides_agree_with_play(graph):
    value = value_of(graph)
    for form, side in zip(sides(value), ("onside", "offside")):
        if isinstance(form, Carousel):
            assert side_class(form_graph(form), side) == side_class(graph, side)
        else:
            assert stopper_class(form) == side_class(graph, side)


@settings(max_examples=300, deadline=None)
@given(graphs())
def test_each_simplified_side_equals_that_side_of_the_game(graph):
    # Stopper or carousel, the form of a side is that side: G^+ >= F and F >= G^+ by play.
    for form, side in zip(sides(value_of(graph)), ("onside", "offside")):
        assert left_wins_second(form_graph(form), graph, side)
        assert left_wins_second(graph, form_graph(form), side)


def test_bachs_carousel_is_not_stopper_sided():
    # Siegel, CGT VI.5 (Bach's carousel): neither side equals a stopper.
    bach = parse("a{0,{1|1,{*,{1+*|1+*,a}|*}}|0}")
    assert not bach.is_stopper_sided
    assert all(isinstance(form, Carousel) for form in bach.side_forms)


@settings(max_examples=300, deadline=None)
@given(graphs())
def test_outcome_names_draws_as_cgsuite_does(graph):
    value = value_of(graph)
    pair = side_class(graph, "onside") + side_class(graph, "offside")
    expected = {"LN": "NHat", "LP": "PHat", "LR": "D", "NR": "NCheck", "PR": "PCheck"}.get(pair, pair[0])
    assert value.outcome == expected


@settings(max_examples=200, deadline=None)
@given(graphs(max_nodes=6), graphs(max_nodes=6))
def test_order_agrees_with_left_winning_the_difference(g, h):
    G, H = value_of(g), value_of(h)
    expected = left_wins_second(g, h, "onside") and left_wins_second(g, h, "offside")
    assert (G >= H) == expected


@settings(max_examples=100, deadline=None)
@given(graphs(max_nodes=4), graphs(max_nodes=4))
def test_the_value_of_a_sum_graph_is_the_sum_of_the_values(g, h):
    # (G + H)^+ = G^+ +^ H^+ and (G + H)^- = G^- +_ H^- (Siegel VI.5).
    G, H = value_of(g), value_of(h)
    total = GameGraph(*g).sum(GameGraph(*h))
    total = value_of((total.left, total.right))
    assert G + H == total
    assert H + G == total


@settings(max_examples=200, deadline=None)
@given(graphs())
def test_negation_swaps_and_negates_the_sides(graph):
    value = value_of(graph)
    onside, offside = sides(value)
    negated = sides(-value)
    assert negated == (-offside, -onside)
    assert -(-value) == value


@settings(max_examples=200, deadline=None)
@given(graphs())
def test_the_offside_is_at_most_the_onside(graph):
    onside, offside = sides(value_of(graph))
    assume(not isinstance(onside, Carousel) and not isinstance(offside, Carousel))
    assert offside <= onside


def test_dud_is_on_and_off():
    assert (dud.onside, dud.offside) == (on, off)
    assert str(dud) == "dud" and parse("{pass|pass}") == dud and dud.outcome == "D"


def test_dud_absorbs_every_stopper():
    # Winning Ways ch. 11: dud + G = dud for every stopper G.
    for text in ("0", "*", "5over", "^", "on", "+-{5|pass}"):
        assert dud + parse(text) == dud


def test_sided_of_equal_sides_is_the_stopper():
    assert sided(parse("over"), parse("over")) == parse("over")


def test_the_offside_above_the_onside_is_refused():
    with pytest.raises(ValueError, match="offside must be <= the onside"):
        sided(0, 1)


def test_a_sided_value_has_no_options():
    with pytest.raises(TypeError, match="no options"):
        dud.left_options


def test_tis_and_tisn_are_one_and_zero_and_zero_and_minus_one():
    # Winning Ways ch. 11: tis = {tisn|}, tisn = {|tis}; tis = 1 & 0.
    tis = parse("tis")
    assert (tis.onside, tis.offside) == (parse("1"), parse("0"))
    assert parse("a{b{|a}|}") == tis
    assert -tis == parse("tisn")


@pytest.mark.parametrize("n", [0, 1, 2, 3, -2])
def test_integer_multiple_of_bachs_carousel_is_the_repeated_sum(n):
    bach = parse("a{0,{1|1,{*,{1+*|1+*,a}|*}}|0}")
    copies = bach if n > 0 else -bach
    total = 0
    for _ in range(abs(n)):
        total = copies + total
    assert n * bach == total


def test_a_game_whose_sides_need_unravelling_is_stopper_sided():
    # a{{|{a|0,*},*}|pass,0}: each side keeps an alternating cycle until a move on it is
    # unravelled; then the sides are the stoppers -1over and -2over, by play (the brute force).
    a, b, c = Node(), Node(), Node()
    a.left, a.right = [b], [PASS, 0]
    b.right = [c, "*"]
    c.left, c.right = [a], [0, "*"]
    graph = build_graph(a)
    value = parse("a{{|{a|0,*},*}|pass,0}")
    assert value.is_stopper_sided
    for side, form, stopper_text in (("onside", value.onside, "-1over"), ("offside", value.offside, "-2over")):
        assert form == parse(stopper_text)
        raw, simplified = (graph.left, graph.right), form_graph(form)
        assert left_wins_second(raw, simplified, side) and left_wins_second(simplified, raw, side)
