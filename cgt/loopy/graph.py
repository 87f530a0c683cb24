"""Finite game graphs: the positions of a loopy game on integer node ids.

A game graph has nodes ``0 .. n-1``; node ``v`` has the Left options
``left[v]`` and the Right options ``right[v]`` (tuples of node ids, each id at
most once).  Node 0 is the start.  A move back to an earlier node makes the
game *loopy*; a move from a node to itself is a *pass*.  The lists are plain
data, so that a compiled twin can take them as they are.

>>> g = GameGraph([(0,), ()], [(), ()])   # on = {pass|}, node 1 unused
>>> g.trimmed().left, g.trimmed().right
([(0,)], [()])
>>> g.is_loopfree(), g.is_stopper()
(False, True)
"""

import random
from collections import deque

from cgt.short.game import Game
from cgt.limits import LIMITS

__all__ = ["GameGraph", "Node", "PASS", "analysable", "build_graph", "random_stopper"]


class GameGraph:
    """A game graph ``(left, right)`` on nodes ``0 .. n-1``, started at node 0.

    ``left[v]`` and ``right[v]`` are the ids Left and Right can move to from
    ``v``.  Graphs are built once and not changed afterwards.

    >>> over = GameGraph([(1,), ()], [(0,), ()])   # over = {0|pass}, 0 = {|}
    >>> over.size, over.is_stopper(), over.is_loopfree()
    (2, True, False)
    """

    __slots__ = ("left", "right")

    def __init__(self, left, right):
        if len(left) != len(right):
            raise ValueError("a game graph needs as many right option lists as left ones")
        n = len(left)
        if n == 0:
            raise ValueError("a game graph needs at least one node")
        self.left = [_ids(opts, n) for opts in left]
        self.right = [_ids(opts, n) for opts in right]

    @property
    def size(self):
        """The number of nodes."""
        return len(self.left)

    def reachable(self, start=0):
        """The nodes reachable from ``start`` (``start`` first, then breadth first)."""
        seen = {start: None}
        queue = deque([start])
        while queue:
            v = queue.popleft()
            for w in self.left[v] + self.right[v]:
                if w not in seen:
                    seen[w] = None
                    queue.append(w)
        return list(seen)

    def trimmed(self, start=0):
        """The graph of the nodes reachable from ``start``, renumbered with ``start`` as 0."""
        order = self.reachable(start)
        index = {v: i for i, v in enumerate(order)}
        return GameGraph([tuple(index[w] for w in self.left[v]) for v in order],
                         [tuple(index[w] for w in self.right[v]) for v in order])

    def negated(self):
        """The graph of ``-G``: Left's and Right's options swapped at every node."""
        return GameGraph(self.right, self.left)

    def is_loopfree(self):
        """True when no play returns to a node it has visited (no cycle at all)."""
        return _acyclic(self.size, lambda v: self.left[v] + self.right[v])

    def is_stopper(self):
        """True when no infinite *alternating* play exists from any node (Siegel VI.2).

        The states are (node, player to move); Left's move from ``(v, L)``
        reaches ``(w, R)`` for ``w`` in ``left[v]``, and Right's likewise.
        """
        n = self.size

        def successors(state):
            v, mover = divmod(state, 2)
            return [2 * w + 1 for w in self.left[v]] if mover == 0 else [2 * w for w in self.right[v]]

        return _acyclic(2 * n, successors)

    def is_plumtree(self):
        """True when every cycle is a pass (a node moving to itself): a tree with passes."""
        return _acyclic(self.size, lambda v: [w for w in self.left[v] + self.right[v] if w != v])

    def sum(self, other):
        """The graph of ``G + H``: nodes are pairs, a move is a move in one component."""
        index = {(0, 0): 0}
        pairs = [(0, 0)]
        left, right = [], []
        i = 0
        while i < len(pairs):
            g, h = pairs[i]
            sides = []
            for g_opts, h_opts in ((self.left[g], other.left[h]), (self.right[g], other.right[h])):
                targets = [(x, h) for x in g_opts] + [(g, y) for y in h_opts]
                ids = []
                for pair in targets:
                    j = index.get(pair)
                    if j is None:
                        j = index[pair] = len(pairs)
                        pairs.append(pair)
                    ids.append(j)
                sides.append(tuple(dict.fromkeys(ids)))
            left.append(sides[0])
            right.append(sides[1])
            i += 1
        return GameGraph(left, right)

    def union(self, other):
        """The disjoint union: this graph's nodes, then ``other``'s shifted by ``self.size``."""
        k = self.size
        return GameGraph(self.left + [tuple(w + k for w in opts) for opts in other.left],
                         self.right + [tuple(w + k for w in opts) for opts in other.right])

    def __repr__(self):
        return f"GameGraph({self.left!r}, {self.right!r})"


def analysable(*graphs):
    """Check that each of ``graphs`` has at most ``cgt.LIMITS.max_graph_nodes`` nodes.

    The analyses of loopy games (the order of stoppers and of sides, the
    simplification of a graph) keep a table of every pair of nodes; past the
    limit they are refused, with a `~cgt.errors.GameTooLargeError`, before any
    table is made.

    >>> analysable(GameGraph([()] * 20_000, [()] * 20_000))
    Traceback (most recent call last):
    cgt.errors.GameTooLargeError: the nodes of a loopy game graph to analyse (a table of every pair of them): 20000 is past the limit max_graph_nodes = 10000; ...
    """
    for graph in graphs:
        LIMITS.within("max_graph_nodes", graph.size,
                      "the nodes of a loopy game graph to analyse (a table of every pair of them)")


def _ids(options, n):
    """``options`` as a tuple of distinct node ids below ``n``, in their first order."""
    ids = tuple(dict.fromkeys(options))
    for w in ids:
        if isinstance(w, bool) or not isinstance(w, int) or not 0 <= w < n:
            raise ValueError(f"an option must be a node id from 0 to {n - 1}, not {w!r}")
    return ids


def _acyclic(n, successors):
    """True when the graph on ``0 .. n-1`` has no cycle (Kahn's peeling of sinks)."""
    succ = [successors(v) for v in range(n)]
    preds = [[] for _ in range(n)]
    out = [len(s) for s in succ]
    for v, targets in enumerate(succ):
        for w in targets:
            preds[w].append(v)
    sinks = [v for v in range(n) if out[v] == 0]
    removed = 0
    while sinks:
        w = sinks.pop()
        removed += 1
        for v in preds[w]:
            out[v] -= 1
            if out[v] == 0:
                sinks.append(v)
    return removed == n


class _Pass:
    """The option ``pass``: a move from a node to itself."""

    __slots__ = ()

    def __repr__(self):
        return "PASS"


PASS = _Pass()


class Node:
    """A node of a game graph being written down, as ``a{0|a}`` or ``{0|pass}`` are.

    Its options are other Nodes (a back-reference makes a loop), `PASS` (the
    node itself), short `~cgt.Game` values, or values with a game graph (such
    as `~cgt.loopy.Stopper`).  `build_graph` turns the finished nodes into a
    `GameGraph`.

    >>> a = Node()
    >>> a.left, a.right = [0], [a]          # a{0|a}: Left to 0, Right passes
    >>> build_graph(a)
    GameGraph([(1,), ()], [(0,), ()])
    """

    __slots__ = ("left", "right")

    def __init__(self, left=(), right=()):
        self.left = list(left)
        self.right = list(right)


def build_graph(root, side=None):
    """The `GameGraph` of `Node` ``root`` (or of a Game or graph value), ``root`` as node 0.

    Nodes are numbered as CGSuite numbers the vertices of a game it reads:
    depth first from the root, a node's Left options before its Right ones
    in the order written, a short game's options in its order of options;
    equal short games are one node, and so is a Node without options and
    0.  A ``pass`` is the node's last option, as CGSuite lists it.  A value
    with a graph among the options brings its graph, numbered in its own
    order after the value's node.

    A sided value among the options stands for its onside or its offside, as
    ``side`` says (``"onside"`` or ``"offside"``); without a side it is a
    TypeError.

    >>> a, b = Node(), Node()
    >>> a.left, a.right, b.left = [PASS, b], [1], [a]        # a{pass,{a|}|1}
    >>> build_graph(a)
    GameGraph([(1, 0), (0,), (3,), ()], [(2,), (), (), ()])
    """
    index, items = {}, []

    def resolve(item):
        if hasattr(item, "_onside"):
            if side is None:
                raise TypeError("a sided value in a game graph stands for one of its sides: give the side")
            item = item._onside if side == "onside" else item._offside     # a stopper, Game or carousel
        if isinstance(item, Node):
            return (("node", id(item)), item) if item.left or item.right else (("game", Game(0)), Game(0))
        if hasattr(item, "_graph"):
            return ("graph", id(item)), item
        item = Game(item)
        return ("game", item), item

    def children(kind, item):
        if kind == "node":
            return [x for x in item.left + item.right if x is not PASS]
        return list(item.left_options) + list(item.right_options) if kind == "game" else []

    def number(item):
        """Number ``item`` if it is new: its id and the options still to number (none if not new)."""
        key, item = resolve(item)
        j = index.get(key)
        if j is not None:
            return j, []
        j = index[key] = len(items)
        items.append((key[0], item))
        if key[0] == "graph":
            items.extend([None] * (item._graph.size - 1))
        return j, children(key[0], item)

    work = [iter(number(root)[1])]
    while work:
        item = next(work[-1], PASS)
        if item is PASS:
            work.pop()
        else:
            work.append(iter(number(item)[1]))
    left, right = [()] * len(items), [()] * len(items)
    for j, entry in enumerate(items):
        if entry is None:
            continue
        kind, item = entry
        if kind == "graph":
            graph = item._graph

            def m(w, j=j):
                return j + w

            for v in range(graph.size):
                left[m(v)] = tuple(m(w) for w in graph.left[v])
                right[m(v)] = tuple(m(w) for w in graph.right[v])
            continue
        options = (item.left_options, item.right_options) if kind == "game" else (item.left, item.right)
        for own, side_options in ((left, options[0]), (right, options[1])):
            ids = [index[resolve(x)[0]] for x in side_options if x is not PASS]
            own[j] = tuple(ids + [j] * any(x is PASS for x in side_options))
    return GameGraph(left, right)


def random_stopper(n, seed=None):
    """A random stopper graph of ``n`` nodes, for tests and timings of large graphs.

    Node ``i`` has Left options among ``i+1 .. i+50`` and Right options among
    ``i .. i+40`` (``i`` itself is a pass).  A Left move and the Right reply
    to it end on a higher node, so no alternating play is infinite.

    >>> g = random_stopper(100, seed=1)
    >>> g.size, g.is_stopper(), g.is_loopfree()
    (100, True, False)
    """
    rnd = random.Random(seed)
    left = [tuple(j for j in (i + 1 + rnd.randrange(3), i + 1 + rnd.randrange(50)) if j < n)
            for i in range(n)]
    right = [tuple({i if rnd.random() < 0.5 else min(n - 1, i + rnd.randrange(1, 40)),
                    min(n - 1, i + rnd.randrange(5))}) if i < n - 3 else () for i in range(n)]
    return GameGraph(left, right)
