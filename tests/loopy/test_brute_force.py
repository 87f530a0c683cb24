"""Stoppers against a brute force from the definitions, on random small game graphs.

For graphs of at most 6 nodes (passes and back-references allowed), kept
when they are stoppers by an independent check (no state ``(node, mover)``
reaches itself by alternating moves), this test plays ``G - H`` out by a
naive greatest-fixed-point analysis of Left's survival, written here from
the definition (Siegel VI.3: ``G >= H`` iff Left, moving second in
``G - H``, never runs out of moves; infinite play is survival), and checks:

* ``G <= H`` on the computed values agrees with the brute force on the raw graphs;
* the simplest form has the value of the graph it came from (brute force both ways);
* simplifying the simplest form changes nothing (same printed form, same size);
* equal values hash equally and print the same.
"""

from hypothesis import given, settings
from hypothesis import strategies as st

from cgt.loopy import GameGraph, Stopper, stopper
from cgt.loopy.stopper import canonical_graph


@st.composite
def graphs(draw, max_nodes=6):
    n = draw(st.integers(1, max_nodes))
    side = st.lists(st.integers(0, n - 1), max_size=2, unique=True).map(tuple)
    left = draw(st.lists(side, min_size=n, max_size=n))
    right = draw(st.lists(side, min_size=n, max_size=n))
    return left, right


def alternating_cycle(left, right):
    """True when some state (node, mover) reaches itself by alternating moves (naive closure)."""
    n = len(left)
    step = {(v, m): [(w, 1 - m) for w in (left[v] if m == 0 else right[v])] for v in range(n) for m in (0, 1)}
    for start in step:
        seen, frontier = set(), list(step[start])
        while frontier:
            s = frontier.pop()
            if s == start:
                return True
            if s not in seen:
                seen.add(s)
                frontier.extend(step[s])
    return False


def reachable_stopper(left, right):
    """Node 0's part of the graph, if it has no alternating cycle, else None."""
    seen, frontier = {0}, [0]
    while frontier:
        v = frontier.pop()
        for w in left[v] + right[v]:
            if w not in seen:
                seen.add(w)
                frontier.append(w)
    order = sorted(seen)
    index = {v: i for i, v in enumerate(order)}
    left = [tuple(index[w] for w in left[v]) for v in order]
    right = [tuple(index[w] for w in right[v]) for v in order]
    return None if alternating_cycle(left, right) else (left, right)


def left_survives_second(g, h):
    """Left, moving second in G - H (G, H given as (left, right)), survives: naive fixed point."""
    (gl, gr), (hl, hr) = g, h
    states = [(a, b, m) for a in range(len(gl)) for b in range(len(hl)) for m in (0, 1)]
    alive = set(states)
    changed = True
    while changed:
        changed = False
        for a, b, m in states:
            if (a, b, m) not in alive:
                continue
            if m == 0:      # Left to move: she needs one move keeping her alive
                ok = any((x, b, 1) in alive for x in gl[a]) or any((a, y, 1) in alive for y in hr[b])
            else:           # Right to move: every Right move must keep Left alive
                ok = all((x, b, 0) in alive for x in gr[a]) and all((a, y, 0) in alive for y in hl[b])
            if not ok:
                alive.discard((a, b, m))
                changed = True
    return (0, 0, 1) in alive


def graph_pair(value):
    """(left, right) lists of a Stopper's simplest graph, or of a short Game's graph."""
    from cgt.loopy.graph import build_graph

    graph = value.graph if isinstance(value, Stopper) else build_graph(value)
    return graph.left, graph.right


stopper_graphs = graphs().map(lambda lr: reachable_stopper(*lr)).filter(lambda g: g is not None)


@settings(max_examples=300)
@given(stopper_graphs, stopper_graphs)
def test_order_agrees_with_brute_force_survival(g, h):
    G, H = stopper(GameGraph(*g)), stopper(GameGraph(*h))
    assert (G <= H) == left_survives_second(h, g)
    assert (G >= H) == left_survives_second(g, h)


@settings(max_examples=300)
@given(stopper_graphs)
def test_simplest_form_keeps_the_value(g):
    simplest = graph_pair(stopper(GameGraph(*g)))
    assert left_survives_second(g, simplest) and left_survives_second(simplest, g)


@settings(max_examples=300)
@given(stopper_graphs)
def test_simplification_is_idempotent(g):
    once = canonical_graph(GameGraph(*g))
    twice = canonical_graph(once)
    assert (once.left, once.right) == (twice.left, twice.right)
    assert not alternating_cycle(once.left, once.right)


@settings(max_examples=200)
@given(stopper_graphs, stopper_graphs)
def test_equal_values_hash_and_print_alike(g, h):
    G, H = stopper(GameGraph(*g)), stopper(GameGraph(*h))
    if G == H:
        assert hash(G) == hash(H)
        assert str(G) == str(H)


@settings(max_examples=200)
@given(stopper_graphs, st.randoms(use_true_random=False))
def test_relabelled_graphs_give_one_value(g, rnd):
    left, right = g
    others = list(range(1, len(left)))
    rnd.shuffle(others)
    new = [0] + others                      # node v becomes new[v]; the start stays 0
    relabelled = [None] * len(left), [None] * len(left)
    for v in range(len(left)):
        relabelled[0][new[v]] = tuple(new[w] for w in left[v])
        relabelled[1][new[v]] = tuple(new[w] for w in right[v])
    G, H = stopper(GameGraph(*g)), stopper(GameGraph(*relabelled))
    assert G == H and hash(G) == hash(H) and str(G) == str(H)
