"""Timed ruleset workloads, wired into ``python -m benchmarks`` by the runner.

Domineering on empty boards is timed side by side with cgt-py in ``benchmarks/__main__.py``;
these are the cgt-only rows.  Each run is a new process, so every table starts cold.
"""

from cgt.rulesets import Amazons, Clobber, Cram, Cutcake, Domineering, Konane, ToadsAndFrogs


def _cutcake_table(size):
    return [Cutcake(m, n).canonical_form for m in range(1, size + 1) for n in range(1, size + 1)]


def workloads():
    """(name, callable) pairs; each callable does one timed run."""
    return [
        ("Domineering 4x6 with holes", lambda: Domineering("......|..#...|...#..|......").canonical_form),
        ("Domineering 2x14", lambda: Domineering.empty(2, 14).canonical_form),
        ("Cram 4x5", lambda: Cram.empty(4, 5).canonical_form),
        ("Clobber 3x4 checkerboard", lambda: Clobber("xoxo|oxox|xoxo").canonical_form),
        ("Konane 4x4 checkerboard less two", lambda: Konane("xoxo|o.ox|xo.o|oxox").canonical_form),
        ("Amazons x...|o...", lambda: Amazons("x...|o...").canonical_form),
        ("Toads and Frogs TTTT...FFFF", lambda: ToadsAndFrogs("TTTT...FFFF").canonical_form),
        ("Cutcake 16x16 table", lambda: _cutcake_table(16)),
    ]
