"""Timed loopy-game workloads, wired into ``python -m benchmarks`` by the runner."""

from cgt import parse
from cgt.loopy.graph import random_stopper
from cgt.loopy.stopper import canonical_graph
from cgt.rulesets import BackslidingToadsAndFrogs


def workloads():
    """(name, callable, slow) triples; each callable does one timed run."""
    return [
        ("canonical stopper of a 2,000-node graph", lambda: canonical_graph(random_stopper(2000, seed=1)), False),
        ("canonical stopper of a 10,000-node graph", lambda: canonical_graph(random_stopper(10_000, seed=1)), True),
        ("variety of +-{5|pass} (sided values of sums)", lambda: parse("+-{5|pass}").variety, False),
        ("Backsliding Toads and Frogs ttt..fff (sided, 560 positions)",
         lambda: BackslidingToadsAndFrogs("ttt..fff").game_value(), True),
    ]
