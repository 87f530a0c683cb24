"""The order of the sides of loopy games: a Büchi game on pairs of positions.

``G^+ <= H^+`` when Left, playing second in ``H - G``, never runs out of
moves and, should play go on forever, sees infinitely many moves made in
``H``; ``G^- <= H^-`` alike with infinitely many moves in ``-G`` (Siegel,
*Combinatorial Game Theory*, VI.5).  Without a side (``side=None``) only
survival counts: the order of stoppers.

>>> from cgt.loopy.graph import GameGraph
>>> dud, on = GameGraph([(0,)], [(0,)]), GameGraph([(0,)], [()])
>>> side_le(on, dud, ONSIDE), side_le(on, dud, OFFSIDE), side_le(dud, on, None)
(True, False, True)
"""

from collections import deque

from cgt import engine
from cgt.loopy.graph import analysable

__all__ = ["ONSIDE", "OFFSIDE", "right_wins_table", "side_le"]

if engine.ENGINE == "compiled":
    from cgt._core import loopy_side_right_wins

ONSIDE, OFFSIDE = "onside", "offside"


# ---------------------------------------------------------------- the order of sides
def _right_wins(g, h, roots, side):
    """Right's wins among the Right-to-move states ``(a, b)`` of ``H_b - G_a`` reached from ``roots``.

    A state is ``(a, b, r)`` with ``r = 1`` when Right is to move.  Left moves
    ``a`` to a Right option of ``G_a`` (a move in ``-G``) or ``b`` to a Left
    option of ``H_b``; Right the other way round.  A move in ``H`` is
    *accepting* for the onside, a move in ``-G`` for the offside; with
    ``side=None`` only survival counts (the order of stoppers).

    Right wins a state when Left runs out of moves, or when Right can keep
    the play forever without accepting moves.  Computed as the Büchi
    game's winning region: losses are propagated backwards; then the states
    from which Left can force an accepting move (a least fixed point) are
    found, the others are lost, and so on until nothing changes.
    """
    index, states, moves = {}, [], []
    queue = deque()
    for root in roots:
        key = (root[0], root[1], 1)
        if key not in index:
            index[key] = len(states)
            states.append(key)
            queue.append(key)
    while queue:
        a, b, r = queue.popleft()
        if r:
            targets = [((x, b, 0), side == OFFSIDE) for x in g.left[a]] + \
                      [((a, y, 0), side == ONSIDE) for y in h.right[b]]
        else:
            targets = [((x, b, 1), side == OFFSIDE) for x in g.right[a]] + \
                      [((a, y, 1), side == ONSIDE) for y in h.left[b]]
        ids = []
        for key, accepting in targets:
            j = index.get(key)
            if j is None:
                j = index[key] = len(states)
                states.append(key)
                queue.append(key)
            ids.append((j, accepting))
        moves.append(ids)
    n = len(states)
    preds = [[] for _ in range(n)]          # one entry per edge: (state, accepting)
    for s, ids in enumerate(moves):
        for t, accepting in ids:
            preds[t].append((s, accepting))
    right_moves = [states[s][2] for s in range(n)]
    lost = bytearray(n)          # the player to move loses if Left, wins if Right ("Right wins here")
    exits = [len(moves[s]) for s in range(n)]

    def propagate(seeds):
        work = list(seeds)
        while work:
            t = work.pop()
            for s, _ in preds[t]:
                if lost[s]:
                    continue
                if right_moves[s]:
                    lost[s] = 1                 # Right moves to a state Left loses
                    work.append(s)
                else:
                    exits[s] -= 1
                    if exits[s] == 0:           # every Left move reaches a Right win
                        lost[s] = 1
                        work.append(s)

    seeds = [s for s in range(n) if not right_moves[s] and exits[s] == 0]
    for s in seeds:
        lost[s] = 1
    propagate(seeds)
    while side is not None:
        good = _left_attracted(n, moves, preds, right_moves, lost)
        fresh = [s for s in range(n) if not lost[s] and not good[s]]
        if not fresh:
            break
        for s in fresh:
            lost[s] = 1
            if not right_moves[s]:
                exits[s] = 0
        propagate(fresh)
    return {states[s][:2] for s in range(n) if right_moves[s] and lost[s]}


def _left_attracted(n, moves, preds, right_moves, lost):
    """The states (not lost) from which Left forces an accepting move into a state not lost."""
    good = bytearray(n)
    pending = [0] * n          # Right-to-move: non-accepting moves not yet known good
    work = []
    for s in range(n):
        if lost[s]:
            continue
        if right_moves[s]:
            pending[s] = sum(1 for t, accepting in moves[s] if not accepting)
            if pending[s] == 0:
                good[s] = 1
                work.append(s)
        elif any(accepting and not lost[t] for t, accepting in moves[s]):
            good[s] = 1
            work.append(s)
    while work:
        t = work.pop()
        for s, accepting in preds[t]:
            if good[s] or lost[s] or accepting:
                continue
            if right_moves[s]:
                pending[s] -= 1
                if pending[s] == 0:
                    good[s] = 1
                    work.append(s)
            else:
                good[s] = 1
                work.append(s)
    return good


def right_wins_table(g, h, side):
    """Right's wins with Right to move in ``H_b - G_a`` for every pair: a bytes-like indexed ``a * m + b``.

    On the compiled engine the Büchi game is solved in the Rust core
    (``rust/src/loopy/sided.rs``); Ctrl-C stops it.  Otherwise by
    `_right_wins`, the reference.
    """
    analysable(g, h)
    if engine.ENGINE == "compiled":
        return loopy_side_right_wins(g.left, g.right, h.left, h.right, side)
    m = h.size
    table = bytearray(g.size * m)
    for a, b in _right_wins(g, h, [(a, b) for a in range(g.size) for b in range(m)], side):
        table[a * m + b] = 1
    return table


def side_le(g, h, side, a=0, b=0):
    """``G_a <= H_b`` in ``side`` (`ONSIDE`, `OFFSIDE`, or None for stoppers) for two game graphs.

    >>> from cgt.loopy.graph import GameGraph
    >>> dud = GameGraph([(0,)], [(0,)])
    >>> on = GameGraph([(0,)], [()])
    >>> side_le(on, dud, ONSIDE), side_le(dud, on, ONSIDE), side_le(on, dud, OFFSIDE)
    (True, True, False)
    """
    if engine.ENGINE == "compiled":
        return not right_wins_table(g, h, side)[a * h.size + b]
    analysable(g, h)
    return (a, b) not in _right_wins(g, h, [(a, b)], side)


def _le_table(graph, side):
    """``le(a, b)``: ``G_a <= G_b`` in ``side`` for every pair of nodes of ``graph``."""
    n, wins = graph.size, right_wins_table(graph, graph, side)
    return lambda a, b: not wins[a * n + b]
