"""Ctrl-C at random moments of long computations leaves every table right, on both engines.

A child process, on the engine under test, starts a Domineering search and a
big multiple of a hot game, and a SIGALRM handler raises KeyboardInterrupt at
a random moment of each (the way Ctrl-C arrives), several times; it then
computes values, among them the interrupted ones.  They must print exactly
as the same values computed by a fresh process that was never interrupted.
(tests/engine/test_compiled.py times one Ctrl-C of one compiled operation;
this one interrupts whole searches, on both engines, anywhere.)
"""

import json
import os
import random
import signal
import subprocess
import sys
from pathlib import Path

import pytest

try:
    from cgt.engine import compiled
except ImportError:
    compiled = None

ROOT = Path(__file__).resolve().parents[2]

# Per engine: the board searched and the multiple of {2|{1|0}} built while interrupts come
# (each takes about a second or more uninterrupted), then the values compared.
WORK = {
    "pure": {"board": (5, 5), "copies": 160},
    "compiled": {"board": (3, 9), "copies": 512},
}
VALUES = [("board", 4, 5), ("board", 5, 5), ("board", 3, 4), ("copies", 96), ("copies", 128), ("copies", 33)]

CHILD = r"""
import json, random, signal, sys
from cgt import Game, parse
from cgt.rulesets import Domineering

work, values, seed, rounds = json.loads(sys.argv[1])
HOT = Game("{2|{1|0}}")


def compute(spec):
    if spec[0] == "board":
        return Domineering.empty(spec[1], spec[2]).canonical_form
    return spec[1] * HOT


def raise_interrupt(signum, frame):
    raise KeyboardInterrupt


def interrupted(task, delay):
    # The alarm may fire while the timer is being disarmed: the outer handler catches that too.
    try:
        signal.setitimer(signal.ITIMER_REAL, delay)
        try:
            task()
        finally:
            signal.setitimer(signal.ITIMER_REAL, 0)
    except KeyboardInterrupt:
        signal.setitimer(signal.ITIMER_REAL, 0)
        return True
    return False


stops = 0
if rounds:
    signal.signal(signal.SIGALRM, raise_interrupt)
    rng = random.Random(seed)
    tasks = [lambda: Domineering.empty(*work["board"]).canonical_form, lambda: work["copies"] * HOT]
    for _ in range(rounds):
        for task in tasks:
            stops += interrupted(task, rng.uniform(0.01, 0.6))
    signal.signal(signal.SIGALRM, signal.SIG_DFL)
    values = values + [["board", *work["board"]], ["copies", work["copies"]]]
games = [compute(spec) for spec in values]
for g in games:
    assert parse(str(g)) == g and g + -g == 0, str(g)
print(json.dumps({"stops": stops, "values": [str(g) for g in games]}))
"""


def run_child(engine, work, values, seed, rounds):
    env = {**os.environ, "CGT_ENGINE": engine,
           "PYTHONPATH": os.pathsep.join(filter(None, [str(ROOT), os.environ.get("PYTHONPATH")]))}
    done = subprocess.run([sys.executable, "-c", CHILD, json.dumps([work, values, seed, rounds])],
                          capture_output=True, text=True, env=env, timeout=120)
    assert done.returncode == 0, done.stderr
    return json.loads(done.stdout)


@pytest.mark.skipif(not hasattr(signal, "setitimer"), reason="needs POSIX interval timers")
@pytest.mark.slow
@pytest.mark.parametrize("engine", [
    "pure",
    pytest.param("compiled", marks=pytest.mark.skipif(compiled is None, reason="the compiled core is not built")),
])
def test_values_after_random_interrupts_equal_those_of_a_fresh_process(engine):
    seed = random.randrange(2**32)
    work = WORK[engine]
    after = run_child(engine, work, VALUES, seed, rounds=2)
    values = VALUES + [["board", *work["board"]], ["copies", work["copies"]]]
    fresh = run_child(engine, work, values, seed, rounds=0)
    assert after["stops"] >= 1, f"no interrupt landed inside the work (seed {seed})"
    assert after["values"] == fresh["values"], f"seed {seed}"
