"""The engine's contract, on both engines: interning, fast paths, deep games, bounded memos."""

import threading
from fractions import Fraction

import pytest

from cgt import Game, clear_caches, engine, parse
from cgt.engine import pure

F0 = Fraction(0)

try:
    from cgt.engine import compiled
except ImportError:
    compiled = None

backends = pytest.mark.parametrize("backend", [
    pure,
    pytest.param(compiled, marks=pytest.mark.skipif(compiled is None, reason="the compiled core is not built")),
], ids=["pure", "compiled"])


@backends
def test_equal_games_get_one_id(backend):
    a = backend.canon([backend.ZERO], [backend.nus(F0, 0, 1)])
    b = backend.canon([backend.ZERO, backend.ZERO], [backend.nus(F0, 0, 1)])
    assert a == b == backend.nus(F0, 1, 0)          # {0|*} is the fast-path value ↑


@backends
@pytest.mark.parametrize("x, ups, star", [
    (F0, 1, 0), (F0, 1, 1), (F0, 2, 0), (F0, 2, 1), (F0, 1, 6), (F0, -3, 2),
    (Fraction(73, 16), -9, 8), (Fraction(1, 2), 0, 3), (Fraction(-5), 4, 1),
])
def test_fast_path_values_are_recognised_from_their_options(backend, x, ups, star):
    ident = backend.nus(x, ups, star)
    assert backend.canon(backend.left(ident), backend.right(ident)) == ident


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


def test_pure_memo_tables_are_bounded_and_stay_correct(monkeypatch):
    def num(x):
        return pure.nus(Fraction(x))

    one_zero = pure.canon([num(1)], [num(0)])
    games = [
        pure.canon([num(2)], [one_zero]),                                   # {2|{1|0}}
        pure.canon([num(3)], [num(-1)]),                                    # {3|-1}
        pure.canon([num(Fraction(1, 2))], [num(Fraction(-1, 4))]),          # {1/2|-1/4}
        pure.canon([pure.ZERO], [pure.canon([pure.ZERO], [num(-2)])]),      # {0|{0|-2}}
        pure.canon([num(1)], [pure.nus(F0, 0, 1)]),                         # {1|*}
    ]

    def total():
        result = pure.ZERO
        for g in games:
            result = pure.add(result, g)
        return result

    before = total()
    pure.clear_caches()
    monkeypatch.setattr(pure, "_MEMO_LIMIT", 8)
    assert total() == before
    assert len(pure._add_memo) <= 8


@pytest.mark.slow
def test_350_copies_of_a_hot_game_on_the_pure_engine_equal_the_compiled_sum():
    # Before: a raw RecursionError on the pure engine.  A fresh interpreter, as the engine
    # is chosen at import; the compiled engine, a separate implementation, is the reference.
    import os
    import subprocess
    import sys

    code = "from cgt import parse; print(350 * parse('{3|1||0}'))"
    done = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, timeout=600,
                          env=os.environ | {"CGT_ENGINE": "pure"})
    assert done.returncode == 0, done.stderr[-500:]
    g = parse("{3|1||0}")
    total = Game(0)
    for _ in range(350):
        total = total + g
    assert parse(done.stdout.strip()) == total
