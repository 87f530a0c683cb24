"""The compiled ruleset searches: run without the GIL, stop on Ctrl-C with their tables intact."""

import _thread
import threading
import time

import pytest

from cgt import engine
from cgt.rulesets import Domineering, Konane

pytestmark = pytest.mark.skipif(engine.ENGINE != "compiled", reason="the compiled searches need the compiled engine")


def _ticks_during(work):
    """How many 10 ms ticks another thread got in while ``work()`` ran, and how many fit."""
    ticks = []
    done = threading.Event()

    def ticker():
        while not done.is_set():
            ticks.append(time.perf_counter())
            time.sleep(0.01)

    thread = threading.Thread(target=ticker)
    start = time.perf_counter()
    thread.start()
    work()
    elapsed = time.perf_counter() - start
    done.set()
    thread.join()
    return len(ticks), elapsed / 0.01


@pytest.mark.parametrize("position", [Konane("xoxoxo|o.oxox|xoxo.o|oxoxox"), Domineering.empty(4, 7)],
                         ids=["Konane 4x6", "Domineering 4x7"])
def test_a_long_search_lets_other_threads_run(position):
    type(position).clear_cache()
    got, fit = _ticks_during(lambda: position.canonical_form)
    # Holding the GIL for the whole search would allow a tick or two.
    assert got >= max(3, 0.3 * fit), (got, fit)


def test_an_interrupted_search_leaves_its_table_usable():
    position = Konane("xoxoxo|o.oxox|xoxo.o|oxoxox")
    Konane.clear_cache()
    timer = threading.Timer(0.05, _thread.interrupt_main)
    timer.start()
    with pytest.raises(KeyboardInterrupt):
        position.canonical_form
        timer.join()
        time.sleep(0.1)         # an interrupt that comes after the search lands here
    after = position.canonical_form         # on the table the interrupt left
    Konane.clear_cache()
    assert after == position.canonical_form
