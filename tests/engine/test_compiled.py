"""The compiled engine's own guarantees: Ctrl-C inside one long operation, several threads, limits."""

import signal
import subprocess
import sys
import threading
import time
from fractions import Fraction

import pytest

compiled = pytest.importorskip("cgt.engine.compiled", reason="the compiled core is not built")

from engine_structure import structure  # noqa: E402
from cgt.engine import pure  # noqa: E402


def hot(engine):
    """{2 | {1 | 0}}: copies of it add up to ever longer forms (n copies take about n^3 steps)."""
    one_zero = engine.canon([engine.nus(Fraction(1))], [engine.ZERO])
    return engine.canon([engine.nus(Fraction(2))], [one_zero])


@pytest.mark.skipif(not hasattr(signal, "setitimer"), reason="needs POSIX interval timers")
def test_ctrl_c_stops_one_long_compiled_operation_and_later_values_are_right():
    # A real Ctrl-C: the OS delivers a signal while Rust holds the GIL (a Python
    # timer thread could not run until the operation ends).
    g = hot(compiled)
    previous = signal.signal(signal.SIGALRM, signal.default_int_handler)
    started = time.perf_counter()
    try:
        signal.setitimer(signal.ITIMER_REAL, 0.3)
        with pytest.raises(KeyboardInterrupt):
            compiled.multiple(g, 1024)       # about 8 s uninterrupted
        stopped_after = time.perf_counter() - started
    finally:
        signal.setitimer(signal.ITIMER_REAL, 0)
        signal.signal(signal.SIGALRM, previous)
    assert stopped_after < 1.3
    # The tables are consistent: what was half-built is finished right.
    assert structure(compiled, compiled.multiple(g, 96)) == structure(pure, pure.multiple(hot(pure), 96))
    assert compiled.add(compiled.multiple(g, 96), compiled.multiple(compiled.neg(g), 96)) == compiled.ZERO


def test_several_threads_share_the_engine_and_get_the_values_of_one_thread():
    results = {}

    def work(n):
        g = hot(compiled)
        results[n] = compiled.multiple(g, n)

    threads = [threading.Thread(target=work, args=(n,)) for n in (40, 41, 42, 43, 44, 45)]
    for thread in threads:
        thread.start()
    for thread in threads:
        thread.join()
    p = hot(pure)
    for n, ident in results.items():
        assert structure(compiled, ident) == structure(pure, pure.multiple(p, n))


@pytest.mark.parametrize("code, message", [
    ("compiled.nus(Fraction(0), 0, 2**128)", "nimber"),
    ("compiled.nus(Fraction(0), 2**127, 0)", "ups"),
    ("compiled.nus(Fraction(0), 0, -1)", "negative"),
    ("compiled.le(0, 10**9)", "not the id of a game"),
])
def test_values_beyond_the_compiled_range_are_clear_errors(code, message):
    with pytest.raises((OverflowError, ValueError), match=message):
        eval(code)


def test_numbers_of_any_size_stay_exact():
    x = Fraction(3**200 + 1, 2**301)     # odd numerator: in lowest terms
    ident = compiled.nus(x)
    assert compiled.number(ident) == x
    assert compiled.number(compiled.add(ident, ident)) == 2 * x
    assert compiled.birthday(compiled.nus(Fraction(2**100))) == 2**100


def test_a_fresh_process_without_the_core_falls_back_to_the_pure_engine():
    code = ("import sys; sys.modules['cgt._core'] = None\n"
            "from cgt import engine, parse\n"
            "print(engine.ENGINE, parse('{1|*} + ^'))")
    out = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, check=True).stdout
    assert out.split() == ["pure", "{1^|^*}"]


def test_asking_for_the_compiled_engine_without_the_core_says_how_to_build_it():
    code = "import sys; sys.modules['cgt._core'] = None\nimport cgt"
    done = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True,
                          env={"CGT_ENGINE": "compiled", "PATH": ""})
    assert done.returncode != 0 and "pip install -e ." in done.stderr
