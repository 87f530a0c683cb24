"""Timed ruleset workloads, wired into ``python -m benchmarks`` (group ``rulesets``) by the runner.

Domineering on empty boards is timed side by side with cgt-py in ``benchmarks/__main__.py``.
Here: the other rulesets, side by side with cgt-py where it has the same game (Konane,
Amazons, and graph games built the same way for both by ``peer_graphs.py``, a copy of
``shared/bench/peer_graphs.py``).  Each run is a new process, so every table starts cold.

Who wins (``outcome by search`` beside ``outcome by canonical form``): `cgt.solve.outcome`
against ``canonical_form.outcome`` on boards whose canonical forms take long (`OUTCOME_BOARDS`;
the forms that take minutes are slow rows: ``python -m benchmarks rulesets --only outcome
--timeout 600``).
"""

import random

from benchmarks import peer_graphs
from benchmarks.workload import Side, Workload
from cgt.rulesets import (Amazons, ArcKayles, Clobber, Cram, Cutcake, DigraphPlacement, Domineering, Eatcake,
                          GenToadsAndFrogs, Konane, MaundyCake, NoGo, PartizanArcKayles, PartizanTakeAndBreak, Quelhas,
                          Sheep, SkiJumps, ToadsAndFrogs, TopplingDominoes)
from cgt.solve import outcome


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


def _canonical_form(position):
    return position.canonical_form


def _graph(name, ruleset, spec, slow=False, pure=True, peer=None):
    """The canonical form of a graph position built by ``peer_graphs`` for both libraries
    (``peer``: cgt-py's own constructor, if not its ``ruleset``); building is not timed."""
    return Workload(name, cgt=Side(_canonical_form, lambda: peer_graphs.cgt_graph(ruleset, spec)),
                    peer=Side(_canonical_form, peer or (lambda: peer_graphs.peer_graph(ruleset, spec))),
                    slow=slow, pure=pure)


def _graph_workloads():
    """Col, Snort and BipartiteSnort side by side with cgt-py; Arc Kayles for cgt alone."""
    tree = peer_graphs.random_tree(16, 1)
    bipartite = peer_graphs.random_bipartite(12, 12, 0.25, 1)
    big_bipartite = peer_graphs.random_bipartite(16, 16, 0.25, 1)
    grid = peer_graphs.grid(4, 5)
    return [
        _graph("Col tinted random tree 16", "Col", peer_graphs.tinted(tree, [1, 5], [3, 9])),
        _graph("Snort random tree 16", "Snort", tree),
        _graph("Snort grid 3x5", "Snort", peer_graphs.grid(3, 5)),
        _graph("BipartiteSnort 12x12 p=1/4", "Snort", peer_graphs.bipartite_snort(12, 12, bipartite),
               peer=lambda: _peer("BipartiteSnort", 12, 12, bipartite)),
        _graph("BipartiteSnort 16x16 p=1/4", "Snort", peer_graphs.bipartite_snort(16, 16, big_bipartite),
               peer=lambda: _peer("BipartiteSnort", 16, 16, big_bipartite), slow=True, pure=False),
        _graph("Snort K4,5", "Snort", peer_graphs.complete_bipartite(4, 5)),
        _graph("Snort K5,6", "Snort", peer_graphs.complete_bipartite(5, 6)),
        _graph("Col K4,5", "Col", peer_graphs.complete_bipartite(4, 5)),
        _graph("Col K5,6", "Col", peer_graphs.complete_bipartite(5, 6)),
        _graph("Snort path 16", "Snort", peer_graphs.path(16)),
        _graph("Snort path 20", "Snort", peer_graphs.path(20), slow=True, pure=False),
        _graph("Snort cycle 16", "Snort", peer_graphs.cycle(16)),
        _graph("Snort Petersen", "Snort", peer_graphs.petersen()),
        _graph("Snort caterpillar 5x2", "Snort", peer_graphs.caterpillar(5, 2)),
        ("ArcKayles grid 4x5", lambda: ArcKayles(grid[1], vertices=range(grid[0])).canonical_form),
        ("PartizanArcKayles grid 3x5, rows blue, columns red",
         lambda: PartizanArcKayles([(u, v, "l" if v == u + 1 else "r") for u, v in peer_graphs.grid(3, 5)[1]])
         .canonical_form),
    ]


def _table(ruleset, size):
    return [ruleset(m, n).canonical_form for m in range(1, size + 1) for n in range(1, size + 1)]


def _strip_and_heap_workloads():
    """Strips, cakes and partizan heaps (cgt-py has none of these games)."""
    dominoes = "lrelrrlelrlreelrrllrelrelrrelerlrlerlrle"
    return [
        ("Toads and Frogs TTTTT...FFFFF", lambda: ToadsAndFrogs("TTTTT...FFFFF").canonical_form),
        ("Toads and Frogs TTTTT....FFFFF", lambda: ToadsAndFrogs("TTTTT....FFFFF").canonical_form),
        ("GenToadsAndFrogs(max_jump=2) TTTTT...FFFF",
         lambda: GenToadsAndFrogs(max_jump=2)("TTTTT...FFFF").canonical_form),
        (f"Toppling Dominoes, {len(dominoes)} dominoes", lambda: TopplingDominoes(dominoes).canonical_form),
        ("Cutcake 32x32 table", lambda: _table(Cutcake, 32)),
        ("Eatcake 14x14 table", lambda: _table(Eatcake, 14)),
        ("MaundyCake 48x48 table", lambda: _table(MaundyCake, 48)),
        ("PartizanTakeAndBreak('0.77', '4.0') heaps 1..120",
         lambda: [PartizanTakeAndBreak("0.77", "4.0")(n).canonical_form for n in range(1, 121)]),
    ]


#: (ruleset, board, whether its canonical form takes minutes): who wins, by search and by the form.
OUTCOME_BOARDS = [(Clobber, "xoxo|oxox|xoxo|oxox", False), (Clobber, "xoxox|oxoxo|xoxox|oxoxo", True),
                  (Domineering, "......|......|......|......|......|......", True),
                  (NoGo, "....|....|....|....", False), (Amazons, "x...|.#..|..#.|...o", False),
                  (Konane, "xoxoxo|o.oxox|xoxo.o|oxoxox", False), (ToadsAndFrogs, "TTTTT....FFFFF", False),
                  (SkiJumps, "L.L..|R.R..|.L.L.|..R.R|.....", False)]


def _outcome_workloads():
    """Each board's outcome by search and through its canonical form (compiled engine only: the pure
    twin takes minutes on most)."""
    rows = []
    for ruleset, board, slow_form in OUTCOME_BOARDS:
        name = f"{ruleset.__name__} {board}".replace("|", "\\|")
        rows.append((f"{name} outcome by search", lambda r=ruleset, b=board: outcome(r(b)), False, False))
        rows.append((f"{name} outcome by canonical form", lambda r=ruleset, b=board: r(b).canonical_form.outcome,
                     slow_form, False))
    return rows


def _random_digraph(n, p, seed):
    """Digraph Placement on ``n`` vertices, each arc ``u -> v`` (``u != v``) there with probability ``p``,
    each vertex blue or red by a coin toss."""
    rng = random.Random(seed)
    arcs = [(u, v) for u in range(n) for v in range(n) if u != v and rng.random() < p]
    blue = [v for v in range(n) if rng.random() < 0.5]
    return DigraphPlacement(n, arcs, blue=blue, red=[v for v in range(n) if v not in blue])


def _peer_ruleset_workloads():
    """Rulesets of MCGS and cgt-py searched in Rust, the pure twin's time beside (not Sheep's: this
    board is the compiled engine's alone)."""
    slope, sheep = "L.L..|R.R..|.L.L.|..R.R|.....", "0, 0, 0, 0, 0 | 0, 6, 0, -6, 0 | 0, 0, 0, 0, 0"
    return [
        (f"Ski Jumps {slope}".replace("|", "\\|"), lambda: SkiJumps(slope).canonical_form),
        ("Quelhas 5x5", lambda: Quelhas.empty(5, 5).canonical_form),
        (f"Sheep {sheep}".replace("|", "\\|"), lambda: Sheep(sheep).canonical_form, False, False),
        ("Digraph Placement, random 24 vertices, arcs p=0.1", lambda: _random_digraph(24, 0.1, 7).canonical_form),
    ]


def workloads():
    """The workloads: `Workload` objects, or (name, callable) rows for cgt alone."""
    return _strip_and_heap_workloads() + _outcome_workloads() + _peer_ruleset_workloads() + [
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
    ] + _graph_workloads()
