"""Timed ruleset workloads, wired into ``python -m benchmarks`` (group ``rulesets``) by the runner.

Domineering on empty boards is timed side by side with cgt-py in ``benchmarks/__main__.py``.
Here: the other rulesets, side by side with cgt-py where it has the same game (Konane,
Amazons, and graph games built the same way for both by ``peer_graphs.py``, a copy of
``shared/bench/peer_graphs.py``).  Each run is a new process, so every table starts cold.
"""

from benchmarks.workload import Side, Workload
from cgt.rulesets import Amazons, Clobber, Cram, Cutcake, Domineering, Konane, ToadsAndFrogs


def _peer(name, *args):
    """cgt-py's position ``cgt_py.<name>(*args)`` (imported when run: cgt-py is optional)."""
    import cgt_py

    return getattr(cgt_py, name)(*args)


def _board(name, cgt_ruleset, board, slow=False):
    """The canonical form of a board, in cgt and in cgt-py."""
    return Workload(f"{name} {board}".replace("|", "\\|"), cgt=Side(lambda: cgt_ruleset(board).canonical_form),
                    peer=Side(lambda: _peer(name, board).canonical_form), slow=slow)


def _cutcake_table(size):
    return [Cutcake(m, n).canonical_form for m in range(1, size + 1) for n in range(1, size + 1)]


def workloads():
    """The workloads: `Workload` objects, or (name, callable) rows for cgt alone."""
    return [
        _board("Konane", Konane, "xoxox|o.oxo|xoxox|oxo.o"),
        _board("Konane", Konane, "xoxoxo|o.oxox|xoxo.o|oxoxox"),
        _board("Amazons", Amazons, "x.....|o....."),
        _board("Amazons", Amazons, "x...|.#..|..#.|...o"),
        ("Clobber 3x4 checkerboard", lambda: Clobber("xoxo|oxox|xoxo").canonical_form),
        ("Domineering 4x6 with holes", lambda: Domineering("......|..#...|...#..|......").canonical_form),
        ("Domineering 2x14", lambda: Domineering.empty(2, 14).canonical_form),
        ("Cram 4x5", lambda: Cram.empty(4, 5).canonical_form),
        ("Konane 4x4 checkerboard less two", lambda: Konane("xoxo|o.ox|xo.o|oxox").canonical_form),
        ("Amazons x...|o...", lambda: Amazons("x...|o...").canonical_form),
        ("Toads and Frogs TTTT...FFFF", lambda: ToadsAndFrogs("TTTT...FFFF").canonical_form),
        ("Cutcake 16x16 table", lambda: _cutcake_table(16)),
    ]
