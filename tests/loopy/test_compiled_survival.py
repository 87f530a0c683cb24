"""The compiled twin of the loopy graph algorithms (rust/src/loopy) against the Python reference."""

import signal
import time

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from cgt import engine
from cgt.loopy.graph import GameGraph, random_stopper
from cgt.loopy.side_order import OFFSIDE, ONSIDE, _right_wins
from cgt.loopy.stopper import right_wins, right_wins_reference
from cgt.strategies import game_graphs

pytestmark = pytest.mark.skipif(engine.ENGINE != "compiled", reason="needs the compiled core")


@settings(max_examples=300, deadline=None)
@given(game_graphs(7, 3))
def test_compiled_survival_tables_equal_the_reference(graph):
    compiled = right_wins(graph)
    reference = right_wins_reference(graph)
    assert [bytes(t) for t in compiled] == [bytes(t) for t in reference]


@settings(max_examples=300, deadline=None)
@given(game_graphs(7, 3), game_graphs(7, 3), st.sampled_from([None, ONSIDE, OFFSIDE]))
def test_compiled_side_orders_equal_the_reference(g, h, side):
    from cgt import _core

    compiled = _core.loopy_side_right_wins(g.left, g.right, h.left, h.right, side)
    pairs = [(a, b) for a in range(g.size) for b in range(h.size)]
    reference = _right_wins(g, h, pairs, side)
    assert [bool(compiled[a * h.size + b]) for a, b in pairs] == [p in reference for p in pairs]


def test_a_bad_side_is_refused_with_a_clear_error():
    from cgt import _core

    with pytest.raises(ValueError, match="side must be"):
        _core.loopy_side_right_wins([[]], [[]], [[]], [[]], "sideways")


def test_a_bad_graph_is_refused_with_a_clear_error():
    from cgt import _core

    with pytest.raises(ValueError, match="node id"):
        _core.loopy_right_wins([[3]], [[]])


def test_ctrl_c_stops_a_long_survival_analysis():
    graph = random_stopper(8000, seed=1)       # seconds of work

    def interrupt(signum, frame):
        raise KeyboardInterrupt

    previous = signal.signal(signal.SIGALRM, interrupt)
    signal.setitimer(signal.ITIMER_REAL, 0.2)
    started = time.perf_counter()
    try:
        with pytest.raises(KeyboardInterrupt):
            right_wins(graph)
    finally:
        signal.setitimer(signal.ITIMER_REAL, 0)
        signal.signal(signal.SIGALRM, previous)
    assert time.perf_counter() - started < 5
    small = GameGraph([(1,), ()], [(0,), ()])
    assert bytes(right_wins(small)[1]) == bytes(right_wins_reference(small)[1])
