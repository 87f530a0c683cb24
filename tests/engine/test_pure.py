"""The engine's contract (cgt/engine/pure.py): interning, fast paths, deep games."""

import threading
from fractions import Fraction

import pytest

from cgt import Game, clear_caches, engine, parse

F0 = Fraction(0)


def test_equal_games_get_one_id():
    a = engine.canon([engine.ZERO], [engine.nus(F0, 0, 1)])
    b = engine.canon([engine.ZERO, engine.ZERO], [engine.nus(F0, 0, 1)])
    assert a == b == engine.nus(F0, 1, 0)          # {0|*} is the fast-path value ↑


@pytest.mark.parametrize("x, ups, star", [
    (F0, 1, 0), (F0, 1, 1), (F0, 2, 0), (F0, 2, 1), (F0, 1, 6), (F0, -3, 2),
    (Fraction(73, 16), -9, 8), (Fraction(1, 2), 0, 3), (Fraction(-5), 4, 1),
])
def test_fast_path_values_are_recognised_from_their_options(x, ups, star):
    ident = engine.nus(x, ups, star)
    assert engine.canon(engine.left(ident), engine.right(ident)) == ident


def test_negation_is_an_involution_on_ids():
    g = parse("{3||2*|1*}")._id
    assert engine.neg(engine.neg(g)) == g
    assert engine.add(g, engine.neg(g)) == engine.ZERO


def test_clearing_caches_keeps_values():
    g, h = parse("{2|{1|0}}"), parse("{0|v}")
    before = (g + h, g <= h, h <= g)
    clear_caches()
    assert (g + h, g <= h, h <= g) == before


def test_deep_runs_are_reentrant():
    inner = []

    def nested():
        inner.append(threading.current_thread().name)
        return engine.run_deep(lambda: 42)

    assert engine.run_deep(nested) == 42 and inner == ["cgt-deep"]


def test_deep_errors_reach_the_caller():
    with pytest.raises(ZeroDivisionError):
        engine.run_deep(lambda: 1 / 0)


def test_postorder_computes_without_recursion():
    # a chain 100,000 long: each node depends on the next
    memo = {}
    length = engine.postorder(0, memo, lambda n: [n + 1] if n < 100_000 else [],
                              lambda n: memo[n + 1] + 1 if n < 100_000 else 0)
    assert length == 100_000


def test_table_grows_only_for_new_values():
    size = engine.table_size()
    Game([0], [Game([0], [0])])      # {0|*} = ↑, known already
    assert engine.table_size() == size


def test_memo_tables_are_bounded_and_stay_correct(monkeypatch):
    from cgt.engine import pure

    games = [parse(text) for text in ("{2|{1|0}}", "{3|-1}", "{1/2|-1/4}", "{0|{0|-2}}", "{1|*}")]
    total = sum(games[1:], games[0])
    clear_caches()
    monkeypatch.setattr(pure, "_MEMO_LIMIT", 8)
    assert sum(games[1:], games[0]) is total
    assert len(pure._add_memo) <= 8
