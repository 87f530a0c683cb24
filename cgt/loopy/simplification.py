"""The simplification of one side of a loopy game's graph, step by step as CGSuite takes it.

A side of a loopy game that is not a stopper has no simplest form in
general (no simplicity theorem is known for them), so the form a program
prints is the one its own simplification reaches.  To print CGSuite's forms,
`simplified_graph` takes CGSuite's steps (``LoopyGame.simplifyGraph`` with a
start vertex) in CGSuite's order, on CGSuite's numbering of the vertices:

1. the graph is *packed* (`pack`): renumbered depth first from the
   start, Left's edges before Right's, each vertex's edges then listed in
   the order of their old numbers; a sum is CGSuite's direct sum, packed
   (`direct_sum`);
2. obviously irrelevant edges go (in a side): a Left move to ``on`` (or to
   ``dud`` in the onside) makes the others irrelevant, a Left move to
   ``off`` (or to ``dud`` in the offside) is never better, and in the
   offside a Left move that Right undoes at once is deleted; likewise for
   Right;
3. basic simplifications at every vertex in turn, judged by the order of
   the graph as it was before them: reversible options bypassed (unless an
   alternating cycle runs from the reversing option back to the reversed
   one), then dominated options deleted (in a side, not when an
   alternating cycle runs back through the better one);
4. in a side, each edge on an alternating cycle is deleted when the game
   stays the same; then moves on alternating cycles are *unravelled* (the
   cycle copied 1 to 3 times, the last copy's move deleted) while that
   leaves the side unchanged; a second round of basic simplifications and of
   deletions of edges on (or next to) alternating cycles follows;
5. equal vertices are fused (the first of each class stays; in a side only
   vertices below which no alternating cycle runs), and the graph is
   packed again.

Every comparison is the order of sides (`cgt.loopy.side_order.side_le`),
so each step keeps the value of the side; only the form reached is
CGSuite's.  Graphs in progress are lists of edge lists in which ``-1``
marks a deleted edge, as in CGSuite.

>>> from cgt.loopy.graph import GameGraph
>>> from cgt.loopy.side_order import ONSIDE
>>> simplified_graph(pack(GameGraph([(0,)], [(0,)])), ONSIDE)        # dud's onside is on
GameGraph([(0,)], [()])
>>> direct_sum(GameGraph([(0,)], [()]), GameGraph([(1,), ()], [(), ()]))   # on + 1
GameGraph([(0, 1), (1,)], [(), ()])
"""

from cgt.loopy.graph import GameGraph, analysable
from cgt.loopy.side_order import ONSIDE, OFFSIDE, right_wins_table, side_le

__all__ = ["direct_sum", "pack", "simplified_graph"]

_LEFT, _RIGHT = 0, 1


def direct_sum(g, h):
    """The graph of ``G + H`` as CGSuite makes it: its direct sum, packed from ``(0, 0)``.

    In CGSuite's direct sum (``Bigraph.directSum``) the pair ``(i, j)`` of
    vertices is vertex ``i * |H| + j``, and its moves (in ``G``, then in
    ``H``) are sorted by those numbers; only the pairs reachable from
    ``(0, 0)`` are made, packed as `pack` packs a graph.
    """
    m = h.size

    def edges(v):
        i, j = divmod(v, m)
        return tuple(sorted([x * m + j for x in g_own[i]] + [i * m + y for y in h_own[j]])
                     for g_own, h_own in ((g.left, h.left), (g.right, h.right)))

    return _pack(edges, 0)


def pack(graph, start=0):
    """The graph of the vertices reachable from ``start``, renumbered as CGSuite packs it.

    Vertices are numbered depth first from ``start`` (Left's edges before
    Right's, in their order); each vertex's edges are then listed in the
    order of their old numbers, repeated ones once, and renumbered.

    >>> pack(GameGraph([(2,), (), (1, 0)], [(), (), ()]))     # 0, 2, 1 become 0, 1, 2
    GameGraph([(1,), (0, 2), ()], [(), (), ()])
    """
    return _pack(lambda v: (graph.left[v], graph.right[v]), start)


def _pack(edges, start):
    """`pack` of the graph whose vertex ``v`` has the (Left, Right) edges ``edges(v)``, ``-1`` for a deleted one."""
    number, own = {}, {}
    work = [start]
    while work:
        v = work.pop()
        if v in number:
            continue
        number[v] = len(number)
        own[v] = edges(v)
        work.extend(reversed([w for w in own[v][0] + own[v][1] if w != -1]))
    new_left, new_right = [()] * len(number), [()] * len(number)
    for v, i in number.items():
        new_left[i], new_right[i] = (tuple(number[w] for w in dict.fromkeys(sorted(x)) if w != -1) for x in own[v])
    return GameGraph(new_left, new_right)


def simplified_graph(graph, side):
    """The ``side`` (`ONSIDE`, `OFFSIDE`, or None for a stopper) of a packed ``graph`` (`pack`), simplified.

    CGSuite's simplification of a side (the module's steps 1 to 5) of the
    game at vertex 0; the result is packed.  The value of the side is kept.
    """
    analysable(graph)
    pg = _Pregraph(*_lists(graph))
    if side is not None:
        reach = pg.reachable()
        for v in range(pg.size):
            if v in reach:
                pg.eliminate_obviously_irrelevant_edges(v, side)
        if graph.is_stopper():
            side = None
    pg.apply_basic_simplifications(side)
    if side is not None:
        pg.eliminate_irrelevant_cyclic_edges(side, everywhere=False)
        unravelled = pg.unravel_fully(side)
        pg.apply_basic_simplifications(None if unravelled else side)
        pg.eliminate_irrelevant_cyclic_edges(side, everywhere=True)
    pg.fuse(side)
    return _pack(lambda v: (pg.left[v], pg.right[v]), 0)


def _lists(graph):
    """The edges of a `GameGraph` as fresh lists, to be changed in place."""
    return [list(x) for x in graph.left], [list(x) for x in graph.right]


class _Pregraph:
    """A graph being simplified: mutable edge lists, ``-1`` for a deleted edge; the start is vertex 0."""

    __slots__ = ("left", "right")

    def __init__(self, left, right):
        self.left, self.right = left, right

    @property
    def size(self):
        return len(self.left)

    def copy(self):
        return _Pregraph([list(x) for x in self.left], [list(x) for x in self.right])

    def graph(self):
        """The `GameGraph` of the edges not deleted, on the same vertex numbers."""
        return GameGraph([[w for w in x if w != -1] for x in self.left],
                         [[w for w in x if w != -1] for x in self.right])

    def edges(self, mover):
        return self.left if mover == _LEFT else self.right

    def reachable(self, start=0):
        seen, work = {start}, [start]
        while work:
            v = work.pop()
            for w in self.left[v] + self.right[v]:
                if w != -1 and w not in seen:
                    seen.add(w)
                    work.append(w)
        return seen

    def alternating_reachable(self, v, mover, target, target_mover):
        """Alternating play from ``v`` with ``mover`` to move reaches ``target`` with ``target_mover`` to move."""
        seen, work = {(v, mover)}, [(v, mover)]
        while work:
            state = work.pop()
            if state == (target, target_mover):
                return True
            u, m = state
            for w in self.edges(m)[u]:
                if w != -1 and (w, 1 - m) not in seen:
                    seen.add((w, 1 - m))
                    work.append((w, 1 - m))
        return False

    def self_alternating_follower(self, v, mover):
        """Some move of ``mover`` from ``v`` starts an alternating cycle back to ``v`` with ``mover`` to move."""
        return any(w != -1 and self.alternating_reachable(w, 1 - mover, v, mover) for w in self.edges(mover)[v])

    def _is(self, v, own, other):
        return len(own[v]) == 1 and len(other[v]) == 0 and own[v][0] == v

    def is_on(self, v):
        return self._is(v, self.left, self.right)

    def is_off(self, v):
        return self._is(v, self.right, self.left)

    def is_dud(self, v):
        return len(self.left[v]) == 1 and len(self.right[v]) == 1 and self.left[v][0] == v == self.right[v][0]

    # ------------------------------------------------------------ steps
    def eliminate_obviously_irrelevant_edges(self, v, side):
        """Step 2 at vertex ``v``: moves to on, off and dud, and moves undone at once."""
        for mover, best, worst, undone_side in ((_LEFT, self.is_on, self.is_off, OFFSIDE),
                                                (_RIGHT, self.is_off, self.is_on, ONSIDE)):
            edges, replies = self.edges(mover)[v], self.edges(1 - mover)
            best_dud, worst_dud = (ONSIDE, OFFSIDE) if mover == _LEFT else (OFFSIDE, ONSIDE)
            for i, target in enumerate(edges):
                if target == -1:
                    continue
                if best(target) or side == best_dud and self.is_dud(target):
                    edges[:] = [w if k == i else -1 for k, w in enumerate(edges)]
                    break
                if worst(target) or side == worst_dud and self.is_dud(target) or \
                        side == undone_side and v in replies[target]:
                    edges[i] = -1

    def apply_basic_simplifications(self, side):
        """Step 3: bypass reversible options and delete dominated ones at every reachable vertex."""
        le = self._le(side)
        reach = self.reachable()
        for v in range(self.size):
            if v in reach:
                self.bypass_reversible_options(v, _LEFT, side, le)
                self.bypass_reversible_options(v, _RIGHT, side, le)
                self.eliminate_dominated_options(v, side, le)
                reach = self.reachable()

    def _le(self, side, vertices=None):
        """``le(a, b)``: ``G_a <= G_b`` in ``side`` among ``vertices`` (those reachable now), as the graph is now.

        The table covers only those vertices, a set closed under moves (a
        vertex's value depends on its followers alone); the steps ask about
        no other.
        """
        order = sorted(self.reachable() if vertices is None else vertices)
        index = {v: i for i, v in enumerate(order)}
        part = GameGraph([[index[w] for w in self.left[v] if w != -1] for v in order],
                         [[index[w] for w in self.right[v] if w != -1] for v in order])
        n, wins = part.size, right_wins_table(part, part, side)
        return lambda a, b: not wins[index[a] * n + index[b]]

    def bypass_reversible_options(self, v, mover, side, le):
        """Replace each option of ``mover`` at ``v`` reversed through a reply by the reply's options."""
        own, other = self.edges(mover), self.edges(1 - mover)

        def reverses(reply):
            return le(reply, v) if mover == _LEFT else le(v, reply)

        edges = own[v]
        i = 0
        while i < len(edges):
            option = edges[i]
            if option != -1:
                for reply in other[option]:
                    if reply != -1 and (side is None or not self.alternating_reachable(reply, mover, option, 1 - mover)) \
                            and reverses(reply):
                        extra = [-1 if w == -1 or w in edges else w for w in own[reply]]
                        edges = own[v] = edges[:i] + edges[i + 1:] + extra
                        i -= 1
                        break
            i += 1

    def eliminate_dominated_options(self, v, side, le):
        """Delete repeated and dominated options of both players at ``v`` (then drop deleted edges)."""
        for mover, own in ((_LEFT, self.left), (_RIGHT, self.right)):
            checked = OFFSIDE if mover == _LEFT else ONSIDE
            edges = own[v]

            def below(a, b):        # option a is no better for the mover than option b
                return le(a, b) if mover == _LEFT else le(b, a)

            def kept_by(better):    # the better option may dominate: no alternating cycle back through it
                return side != checked or not self.alternating_reachable(better, 1 - mover, v, mover)

            for i in range(len(edges)):
                if edges[i] == -1:
                    continue
                for j in range(i + 1, len(edges)):
                    if edges[i] == edges[j]:
                        edges[j] = -1
                    elif edges[j] != -1 and kept_by(edges[i]) and below(edges[j], edges[i]):
                        edges[j] = -1
                    elif edges[j] != -1 and kept_by(edges[j]) and below(edges[i], edges[j]):
                        edges[i] = -1
                        break
            own[v] = [w for w in edges if w != -1]

    def eliminate_irrelevant_cyclic_edges(self, side, everywhere):
        """Step 4's deletions: an edge whose deletion keeps the side goes, vertex by vertex.

        The edges tried are those on alternating cycles; with ``everywhere``
        also every edge of a player at a vertex where some move of that
        player starts an alternating cycle back to it.
        """
        test = self.copy()
        reach = self.reachable()
        for v in range(self.size):
            if v not in reach:
                continue
            every = [everywhere and any(w != -1 and self.self_alternating_follower(w, 1 - mover)
                                        for w in self.edges(mover)[v]) for mover in (_LEFT, _RIGHT)]
            for mover in (_LEFT, _RIGHT):
                own, trial = self.edges(mover), test.edges(mover)
                for i, target in enumerate(own[v]):
                    if target == -1 or not (every[mover] or self.alternating_reachable(target, 1 - mover, v, mover)):
                        continue
                    trial[v][i] = -1
                    pair = (self.graph(), test.graph()) if mover == _LEFT else (test.graph(), self.graph())
                    if side_le(*pair, side):
                        own[v][i] = -1
                    else:
                        trial[v][i] = target
            reach = self.reachable()

    def unravel_fully(self, side):
        """Unravel moves on alternating cycles while the side stays the same: True unless one fails.

        In the onside Right's moves are unravelled, in the offside Left's;
        each by 1, 2 or 3 copies (`unravelled_by`), the first that keeps
        the side.  The graph is replaced only when every unravelling succeeded.
        """
        mover = _RIGHT if side == ONSIDE else _LEFT
        current, unravelled = self, False
        while True:
            found = self._first_unravelling(current, mover, side)
            if found is None:
                break
            if found is False:
                return False
            current, unravelled = found, True
        if unravelled:
            self.left, self.right = current.left, current.right
        return True

    @staticmethod
    def _first_unravelling(current, mover, side):
        """The graph after the first successful unravelling, None when none is needed, False when one fails."""
        reach = current.reachable()
        for v in range(current.size):
            if v not in reach:
                continue
            for i, target in enumerate(current.edges(mover)[v]):
                if target == -1 or not current.alternating_reachable(target, 1 - mover, v, mover):
                    continue
                for copies in (1, 2, 3):
                    candidate = current.unravelled_by(v, i, mover, copies)
                    pair = (candidate, current) if side == ONSIDE else (current, candidate)
                    if side_le(pair[0].graph(), pair[1].graph(), side):
                        return candidate
                return False
        return None

    def unravelled_by(self, v, edge, mover, n):
        """The graph with the move ``edge`` of ``mover`` at ``v`` unravelled ``n`` times (``n >= 1``).

        The vertices on alternating paths from the move's target back to
        ``v`` are copied ``2n`` times, a copy with Left to move and one with
        Right to move for each round; moves inside the copies stay in the
        same round (moves out of the copied part lead back to the
        original), the move itself leads into the next round, and in the
        last round it is deleted.
        """
        own = self.edges(mover)
        target = own[v][edge]
        copied = [u for u in range(self.size)
                  if any(self.alternating_reachable(u, m, v, mover) and
                         self.alternating_reachable(target, 1 - mover, u, m) for m in (_LEFT, _RIGHT))]
        index = {u: k for k, u in enumerate(copied)}
        base, c = self.size, len(copied)

        def copy_of(u, round_, to_move):
            return base + (2 * round_ + to_move) * c + index[u]

        result = self.copy()
        result.left.extend([None] * (2 * n * c))
        result.right.extend([None] * (2 * n * c))
        for u in copied:
            for k in range(n):
                left_copy, right_copy = copy_of(u, k, _LEFT), copy_of(u, k, _RIGHT)
                result.left[right_copy] = list(self.left[u])
                result.right[left_copy] = list(self.right[u])
                result.left[left_copy] = [w if w == -1 or w not in index else copy_of(w, k, _RIGHT)
                                          for w in self.left[u]]
                result.right[right_copy] = [w if w == -1 or w not in index else copy_of(w, k, _LEFT)
                                            for w in self.right[u]]
        moved = result.edges(mover)
        moved[v][edge] = copy_of(target, 0, 1 - mover)
        for k in range(n):
            moved[copy_of(v, k, mover)][edge] = -1 if k == n - 1 else copy_of(target, k + 1, 1 - mover)
        return result

    def fuse(self, side):
        """Step 5: each reachable vertex equal (as a stopper) to an earlier one is replaced by the first such.

        In a side only vertices below which no alternating cycle runs are fused.
        """
        graph, reach = self.graph(), self.reachable()
        candidates = {v for v in reach if side is None or graph.trimmed(v).is_stopper()}
        le = self._le(None, candidates)
        fused = list(range(graph.size))
        for i in sorted(candidates):
            for j in range(i):
                if j in candidates and le(i, j) and le(j, i):
                    fused[i] = j
                    break
        for v in reach:
            for own in (self.left, self.right):
                own[v] = [w if w == -1 else fused[w] for w in own[v]]
