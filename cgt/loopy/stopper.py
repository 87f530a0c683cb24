"""Canonical stoppers: loopy games in which no infinite alternating play exists.

A *stopper* is a game graph with no infinite alternating sequence of moves
from any position (Siegel, *Combinatorial Game Theory*, VI.2).  For stoppers
``G >= H`` holds when Left, playing second in ``G - H``, *survives*: she never
runs out of moves, infinite play counting as survival (Siegel VI.3).  Every
stopper equals a unique simplest one, reached by removing dominated options,
bypassing reversible ones and fusing equal nodes (Siegel VI.4); `Stopper` is
that simplest form.  A stopper without cycles is a short game, and comes back
as a `cgt.Game`.

>>> from cgt.loopy import on, off, over
>>> over > 0, on > over, off < 0
(True, True, True)
>>> print(over + 5, -over)
5over under
"""

import zlib
from numbers import Rational

from cgt import engine, hooks
from cgt.errors import SidedValueNotSupportedError
from cgt.short.game import Game
from cgt.loopy.graph import GameGraph, Node, analysable, build_graph
from cgt.loopy.option_order import hash_difference, java_sort, pseudonumber_hash, stopper_hash
from cgt.short.printer import game_latex, sort_key
from cgt.value import Value

if engine.ENGINE == "compiled":
    from cgt._core import loopy_right_wins

__all__ = ["Stopper", "stopper", "right_wins", "right_wins_reference", "canonical_graph", "node_keys", "sorted_nodes"]

# A sum of stoppers may be a sided value (`cgt.loopy.sided`); the stops of a stopper are
# pseudonumbers such as `on` (`cgt.loopy.stops`); its text (`cgt.loopy.printer`) and its
# ordinal sums (`cgt.loopy.ordinal`) are made of stoppers.  Those modules sit above this
# one, and `Stopper`'s methods reach them through these hooks, which the package
# `cgt.loopy` fills when it loads; no Stopper exists before that (`cgt.hooks`).
loopy = hooks.Hooks(sided="cgt.loopy", stops="cgt.loopy", printer="cgt.loopy", ordinal="cgt.loopy")


# ---------------------------------------------------------------- survival
def right_wins(graph):
    """Right's wins in ``G_g - G_h`` for every pair of nodes (see `right_wins_reference`).

    On the compiled engine the analysis runs in the Rust core
    (``rust/src/loopy/stopper.rs``); Ctrl-C stops it.

    >>> g = GameGraph([(1,), ()], [(0,), ()])          # over, 0
    >>> win_l, win_r = right_wins(g)
    >>> win_r[0 * 2 + 1], win_r[1 * 2 + 0]             # over >= 0; not 0 >= over
    (0, 1)
    """
    analysable(graph)
    if engine.ENGINE == "compiled":
        return loopy_right_wins(graph.left, graph.right)
    return right_wins_reference(graph)


def right_wins_reference(graph):
    """Right's wins in ``G_g - G_h`` for every pair of nodes, by retrograde analysis.

    Returns two bytearrays indexed ``g * n + h``: the first for Left to move,
    the second for Right to move.  Right *wins* when Left runs out of moves
    after finitely many; every other state is a survival for Left.  The wins
    are the least fixed point: a Left-to-move state is won when every Left
    move (``g`` to a Left option, or ``h`` to a Right option, as ``-H``'s Left
    options are ``-H^R``) reaches a won Right-to-move state; a Right-to-move
    state when some Right move reaches a won Left-to-move state.

    >>> g = GameGraph([(1,), ()], [(0,), ()])          # over, 0
    >>> win_l, win_r = right_wins_reference(g)
    >>> win_r[0 * 2 + 1], win_r[1 * 2 + 0]             # over >= 0; not 0 >= over
    (0, 1)
    """
    n = graph.size
    left, right = graph.left, graph.right
    rev_left = [[] for _ in range(n)]
    rev_right = [[] for _ in range(n)]
    for v in range(n):
        for w in left[v]:
            rev_left[w].append(v)
        for w in right[v]:
            rev_right[w].append(v)
    escapes = [len(left[g]) + len(right[h]) for g in range(n) for h in range(n)]
    win_l = bytearray(n * n)
    win_r = bytearray(n * n)
    queue = []
    for s, count in enumerate(escapes):
        if count == 0:
            win_l[s] = 1
            queue.append(2 * s)
    while queue:
        state, right_to_move = divmod(queue.pop(), 2)
        g, h = divmod(state, n)
        if not right_to_move:
            # Left to move at (g, h) is lost: Right wins where Right moved here.
            for t in [g2 * n + h for g2 in rev_right[g]] + [g * n + h2 for h2 in rev_left[h]]:
                if not win_r[t]:
                    win_r[t] = 1
                    queue.append(2 * t + 1)
        else:
            # Right, to move at (g, h), wins: one escape fewer where Left moved here.
            for t in [g2 * n + h for g2 in rev_left[g]] + [g * n + h2 for h2 in rev_right[h]]:
                if not win_l[t]:
                    escapes[t] -= 1
                    if escapes[t] == 0:
                        win_l[t] = 1
                        queue.append(2 * t)
    return win_l, win_r


def _le_table(graph):
    """``le(a, b)``: node ``a`` <= node ``b``, i.e. Left survives ``G_b - G_a`` moving second."""
    n = graph.size
    win_r = right_wins(graph)[1]
    return lambda a, b: not win_r[b * n + a]


# ---------------------------------------------------------------- simplification
def canonical_graph(graph):
    """The simplest form of the stopper ``graph`` (Siegel VI.4), as a trimmed `GameGraph`.

    Within one graph the order of its nodes is computed once; then, until
    nothing changes, at every node reachable from the start: a Left option
    ``G^L`` with a Right option ``G^{LR} <= G`` is *reversible* and is replaced
    by the Left options of ``G^{LR}`` (Right's alike), and *dominated*
    options are removed (a Left option below another, a Right option above
    another).  Finally equal nodes are fused.  None of these steps changes
    the value of any node, so the order stays valid throughout.

    >>> g = GameGraph([(1, 2), (), (1,)], [(0,), (), ()])   # {0,1|pass}: 0 is dominated
    >>> canonical_graph(g)
    GameGraph([(1,), (2,), ()], [(0,), (), ()])
    """
    graph = graph.trimmed()
    if not graph.is_stopper():
        raise SidedValueNotSupportedError(
            "that game is not a stopper: its value is a sided value (onside & offside), "
            "which cgt does not compute yet")
    le = _le_table(graph)
    left = [list(opts) for opts in graph.left]
    right = [list(opts) for opts in graph.right]
    changed = True
    while changed:
        changed = False
        for v in reversed(GameGraph(left, right).reachable()):   # followers first: fewer cascades
            for own, other, below in ((left, right, lambda a, b: le(a, b)),
                                      (right, left, lambda a, b: le(b, a))):
                options = own[v]
                i = 0
                while i < len(options):
                    # own[v][i] reverses through a reply r when r is below v (for Left) / above v (for Right).
                    r = next((r for r in other[options[i]] if below(r, v)), None)
                    if r is None:
                        i += 1
                        continue
                    options = options[:i] + options[i + 1:] + [x for x in own[r] if x not in options]
                    changed = True
                kept = []
                for c in options:
                    if any(below(c, a) for a in kept):
                        continue
                    kept = [a for a in kept if not below(a, c)] + [c]
                if kept != own[v]:
                    own[v] = kept
                    changed = True
    order = GameGraph(left, right).reachable()
    rep = {}
    for i, v in enumerate(order):
        rep[v] = next((u for u in order[:i] if rep[u] == u and le(u, v) and le(v, u)), v)
    fused = GameGraph([tuple(rep.get(w, w) for w in left[v]) for v in range(graph.size)],
                      [tuple(rep.get(w, w) for w in right[v]) for v in range(graph.size)])
    return fused.trimmed()


def stopper(value):
    """The canonical value of a stopper given as a `GameGraph` or a `~cgt.loopy.graph.Node`.

    A loopfree result is the short `cgt.Game` of that value; anything else a `Stopper`.

    >>> from cgt.loopy.graph import Node, PASS
    >>> stopper(Node([0], [PASS])), stopper(Node([0, PASS], [0]))
    (Stopper('over'), Stopper('^[on]*'))
    >>> stopper(Node([PASS, 1], [PASS, 0]))
    Traceback (most recent call last):
    ...
    cgt.errors.SidedValueNotSupportedError: that game is not a stopper: ...
    """
    graph = value if isinstance(value, GameGraph) else build_graph(value)
    graph = canonical_graph(graph)
    if graph.is_loopfree():
        return _short_games(graph)[0]
    return Stopper._trusted(graph)


def _short_games(graph):
    """The short Game of every node of ``graph`` from which no cycle is reachable (else None)."""
    n = graph.size
    games = [None] * n
    state = [0] * n            # 0 unvisited, 1 on the stack, 2 done
    for root in range(n):
        if state[root]:
            continue
        stack = [(root, False)]
        while stack:
            v, expanded = stack.pop()
            if expanded:
                opts = graph.left[v] + graph.right[v]
                if all(games[w] is not None for w in opts):
                    games[v] = Game([games[w] for w in graph.left[v]], [games[w] for w in graph.right[v]])
                state[v] = 2
                continue
            if state[v]:
                continue
            state[v] = 1
            stack.append((v, True))
            stack.extend((w, False) for w in graph.left[v] + graph.right[v] if not state[w])
    return games


def _graph_of(value):
    """The game graph of a Stopper, Game, int or dyadic Fraction; None for other types."""
    if isinstance(value, Stopper):
        return value._graph
    if isinstance(value, Game) or (isinstance(value, Rational) and not isinstance(value, bool)):
        return build_graph(Game(value))
    return None


def _le(g, h):
    """G <= H for two stopper graphs: Left survives H - G moving second."""
    union = g.union(h)
    return _le_table(union)(0, g.size)


# ---------------------------------------------------------------- the nodes of a simplest graph
_ROUNDS = 8   # refinement rounds of the node keys: a fixed number, so keys compare across graphs


def node_keys(g):
    """An isomorphism-invariant key for every node of the simplest graph ``g`` lives in.

    Short nodes start from their printed text, loopy ones alike; then each
    round mixes in the sorted keys of the Left and Right options.  Equal
    values have equal keys (their simplest graphs are isomorphic).
    """
    keys = g._shared.get("keys")
    if keys is None:
        graph, games = g._full, g._short()
        keys = [zlib.crc32(str(x).encode()) if x is not None else 0 for x in games]
        for _ in range(_ROUNDS):
            keys = [hash((keys[v], tuple(sorted(keys[w] for w in graph.left[v])),
                          tuple(sorted(keys[w] for w in graph.right[v])))) if games[v] is None else keys[v]
                    for v in range(graph.size)]
        g._shared["keys"] = keys
    return keys


def sorted_nodes(g, nodes):
    """``nodes`` of ``g``'s graph in CGSuite's printing order: short games in its order of short
    games, then loopy ones by its hash codes (`cgt.loopy.option_order`)."""
    games = g._short()
    short = sorted((v for v in nodes if games[v] is not None), key=lambda v: sort_key(games[v]._id))
    hashes = {v: cgsuite_hash(g, v) for v in nodes if games[v] is None}
    return short + java_sort(hashes, lambda v, w: hash_difference(hashes[v], hashes[w]))


def cgsuite_hash(g, v):
    """CGSuite's hash code of the loopy node ``v`` of ``g``'s simplest graph, a canonical stopper."""
    cache = g._shared.setdefault("cgsuite_hashes", {})
    h = cache.get(v)
    if h is None:
        graph, games = g._full, g._short()
        lo, ro = graph.left[v], graph.right[v]
        if (lo, ro) == ((v,), ()) or (lo, ro) == ((), (v,)):
            h = pseudonumber_hash("on" if lo else "off", None)
        elif len(lo) == 1 and len(ro) == 1 and v in (lo[0], ro[0]) and \
                games[lo[0] if ro[0] == v else ro[0]] is not None and \
                games[lo[0] if ro[0] == v else ro[0]].is_number:
            name, x = ("over", lo[0]) if ro[0] == v else ("under", ro[0])
            h = pseudonumber_hash(name, games[x].to_fraction())
        else:
            h = stopper_hash(graph, v)
        cache[v] = h
    return h


# ---------------------------------------------------------------- the value type
def integer_multiple(g, n):
    """``n * G`` for a loopy value ``G``; NotImplemented when ``n`` is not an int.

    Summed as CGSuite sums it (``MultipleGame.binarySum``), from the lowest
    bit of ``|n|`` up: the running total plus ``G``, ``2G``, ``4G``, ... where
    the bit is set, so that loopy forms come out as CGSuite's.
    """
    if isinstance(n, bool) or not isinstance(n, int):
        return NotImplemented
    power, total, count = (g if n >= 0 else -g), Game(0), abs(n)
    while count:
        if count & 1:
            total = total + power
        count >>= 1
        if count:
            power = power + power
    return total


class Stopper(Value):
    """A loopy stopper in its simplest form, as an immutable value.

    ``<= < >= > == !=`` are the order of stoppers: ``G >= H`` when Left,
    playing second in ``G - H``, survives.  Stoppers and short games compare
    with each other; a stopper equal to a short game *is* that `cgt.Game`.
    A `~cgt.value.Value` with no birthday.

    >>> from cgt import parse, up
    >>> over = parse("{0|pass}")
    >>> over, over > up, over + over == over
    (Stopper('over'), True, True)
    >>> Stopper('over') == over, Stopper('{0|pass}') == over
    (True, True)
    """

    __slots__ = ("_full", "_start", "_shared", "_trim")

    _undefined = {
        "birthday": "a stopper has no birthday: play in it need not end, so no day creates it",
        "is_all_small": "all-small is defined for short games; cgt does not define it for loopy values",
    }

    def __new__(cls, text):
        """The stopper ``text`` writes in CGSuite notation: ``Stopper('over')`` is `over`."""
        return cls._read(text, "; cgt.loopy.stopper and the named values on, over, ... build stoppers")

    @classmethod
    def _trusted(cls, graph, start=0, shared=None):
        """Node ``start`` of the simplest graph ``graph``; ``shared`` holds what its nodes share."""
        self = object.__new__(cls)
        object.__setattr__(self, "_full", graph)
        object.__setattr__(self, "_start", start)
        object.__setattr__(self, "_shared", {"derived": {}} if shared is None else shared)
        object.__setattr__(self, "_trim", None)
        return self

    @property
    def _graph(self):
        """The simplest graph of this value alone, started at node 0."""
        if self._trim is None:
            whole = self._start == 0 and self._full.size == len(self._full.reachable())
            object.__setattr__(self, "_trim", self._full if whole else self._full.trimmed(self._start))
        return self._trim

    def _derive(self, v):
        """The value of node ``v`` of the simplest graph this value lives in."""
        games = self._short()
        if games[v] is not None:
            return games[v]
        derived = self._shared["derived"]
        g = derived.get(v)
        if g is None:
            g = derived[v] = self if v == self._start else Stopper._trusted(self._full, v, self._shared)
        return g

    def _short(self):
        games = self._shared.get("short")
        if games is None:
            games = self._shared["short"] = _short_games(self._full)
        return games

    # ------------------------------------------------------------ structure
    @property
    def graph(self):
        """The simplest game graph, start at node 0."""
        return self._graph

    @property
    def left_options(self):
        """The Left options ``G^L``, in printing order (short games first)."""
        return tuple(self._derive(v) for v in sorted_nodes(self, self._full.left[self._start]))

    @property
    def right_options(self):
        """The Right options ``G^R``, in printing order (short games first)."""
        return tuple(self._derive(v) for v in sorted_nodes(self, self._full.right[self._start]))

    @property
    def followers(self):
        """Every position reachable from ``G`` (``G`` included), each once."""
        return frozenset(self._derive(v) for v in self._full.reachable(self._start))

    @property
    def follower_count(self):
        """The number of nodes of the simplest graph."""
        return len(self._full.reachable(self._start))

    @property
    def is_loopfree(self):
        """False: a loopfree stopper is a short `cgt.Game`."""
        return False

    @property
    def is_stopper(self):
        """True: no infinite alternating play exists from any position."""
        return True

    @property
    def is_finite(self):
        """True: the simplest graph has finitely many nodes."""
        return True

    @property
    def is_stopper_sided(self):
        """True: a stopper is its own onside and offside."""
        return True

    @property
    def onside(self):
        """The onside of ``G``: a stopper is its own onside (Siegel VI.5)."""
        return self

    @property
    def offside(self):
        """The offside of ``G``: a stopper is its own offside (Siegel VI.5)."""
        return self

    @property
    def is_plumtree(self):
        """True when the only cycles of the simplest graph are passes."""
        return self._graph.is_plumtree()

    @property
    def is_pseudonumber(self):
        """True for ``on``, ``off``, ``x over`` and ``x under`` (x a number)."""
        return loopy.stops.pseudonumber_parts(self) is not None

    @property
    def is_number_tiny(self):
        """``G = x + Tiny(y)`` or ``x + Miny(y)``: ``{x || x | z}`` with ``x`` a number and ``z - x <= under``.

        >>> from cgt import parse
        >>> parse("{0||0|under}").is_number_tiny, parse("{0|||0||0|off}").is_number_tiny
        (True, False)
        """
        return loopy.printer.number_tiny_parts(self) is not None

    @property
    def left_stop(self):
        """The Left stop, a pseudonumber: a number, ``x over``, ``x under``, ``on`` or ``off`` (`cgt.loopy.stops`).

        >>> from cgt.loopy import on, over
        >>> on.left_stop, over.left_stop
        (Stopper('on'), Stopper('over'))
        """
        return loopy.stops.value(loopy.stops.stops(self)[0])

    @property
    def right_stop(self):
        """The Right stop, a pseudonumber (`cgt.loopy.stops`)."""
        return loopy.stops.value(loopy.stops.stops(self)[1])

    @property
    def is_infinitesimal(self):
        """Both strong stops (adornments dropped) are 0: ``over`` is infinitesimal, ``on`` is not."""
        stops = loopy.stops
        return all(stops.strong_stop(key) == (0, 0, 0) for key in stops.stops(self))

    @property
    def is_numberish(self):
        """The strong stops are one and the same number (not ``on`` or ``off``)."""
        stops = loopy.stops
        left, right = (stops.strong_stop(key) for key in stops.stops(self))
        return left[0] == 0 and left == right

    is_number = is_integer = is_nimber = is_zero = is_uptimal = is_ordinal = property(
        lambda self: False, doc="False: a Stopper is never a short game.")

    @property
    def is_idempotent(self):
        """``G + G = G``.

        >>> from cgt.loopy import on, over, upon
        >>> on.is_idempotent, over.is_idempotent, upon.is_idempotent
        (True, True, False)
        """
        return self + self == self

    @property
    def outcome(self):
        """'L', 'R', 'N' or 'P', from the comparisons with 0 (never 'P': 0 is short)."""
        ge, le = self >= 0, self <= 0
        return {(True, False): "L", (False, True): "R", (False, False): "N", (True, True): "P"}[ge, le]

    # ------------------------------------------------------------ arithmetic
    def __neg__(self):
        return Stopper._trusted(self._graph.negated())

    def __pos__(self):
        return self

    def __add__(self, other):
        h = _graph_of(other)
        if h is None:
            return NotImplemented
        return loopy.sided.loopy_value(self._graph.sum(h))

    __radd__ = __add__

    def __sub__(self, other):
        return NotImplemented if _graph_of(other) is None else self + (-other)

    def __rsub__(self, other):
        return NotImplemented if _graph_of(other) is None else (-self) + other

    def __mul__(self, n):
        """``n * G``, the sum of ``n`` copies of ``G`` (of ``-G`` for negative ``n``)."""
        return integer_multiple(self, n)

    __rmul__ = __mul__

    def ordinal_sum(self, other):
        """``G:H = {G^L, G:H^L | G^R, G:H^R}`` (`cgt.loopy.ordinal.ordinal_sum`)."""
        return loopy.ordinal.ordinal_sum(self, other)

    def subordinate(self, base):
        """The ``Y`` with ``G = base : Y`` (`cgt.loopy.ordinal.subordinate`).

        >>> from cgt.loopy import over
        >>> over.subordinate(1)
        Stopper('off')
        """
        return loopy.ordinal.subordinate(self, base)

    @property
    def tiny(self):
        """``Tiny(G) = {0 || 0 | -G}``, CGSuite's ``G.Tiny`` and ``Tiny(G)`` of a stopper.

        >>> from cgt.loopy import on, over
        >>> on.tiny, over.tiny, on.tiny > 0
        (Stopper('Tiny(on)'), Stopper('Tiny(over)'), True)
        """
        return loopy.sided.loopy_value(Node([0], [Node([0], [-self])]))

    @property
    def miny(self):
        """``Miny(G) = {G | 0 || 0} = -Tiny(G)``, CGSuite's ``Miny(G)`` of a stopper.

        >>> from cgt.loopy import on
        >>> on.miny, on.miny == -on.tiny
        (Stopper('Miny(on)'), True)
        """
        return loopy.sided.loopy_value(Node([Node([self], [0])], [0]))

    # ------------------------------------------------------------ upsums and varieties
    def upsum(self, other):
        """``G +^ H``, the onside of ``G + H`` (`cgt.loopy.sided.upsum`)."""
        return loopy.sided.upsum(self, other)

    def downsum(self, other):
        """``G +_ H``, the offside of ``G + H``."""
        return loopy.sided.downsum(self, other)

    @property
    def degree(self):
        """The degree of loopiness ``G +^ -G`` (`cgt.loopy.sided.degree`)."""
        return loopy.sided.degree(self)

    def upsum_variety(self, deg):
        """``G +^ ((-G) +_ (-deg))`` for an idempotent ``deg``, else `~cgt.errors.VarietyError`."""
        return loopy.sided.upsum_variety(self, deg)

    def downsum_variety(self, deg):
        """``G +_ ((-G) +^ deg)`` for an idempotent ``deg``, else `~cgt.errors.VarietyError`."""
        return loopy.sided.downsum_variety(self, deg)

    @property
    def variety(self):
        """The variety of a stable stopper (`cgt.loopy.sided.variety`)."""
        return loopy.sided.variety(self)

    @property
    def is_stable(self):
        """The upsum and downsum varieties of the degree agree."""
        return loopy.sided.is_stable(self)

    # ------------------------------------------------------------ order
    def __le__(self, other):
        h = _graph_of(other)
        return NotImplemented if h is None else _le(self._graph, h)

    def __ge__(self, other):
        h = _graph_of(other)
        return NotImplemented if h is None else _le(h, self._graph)

    def __lt__(self, other):
        h = _graph_of(other)
        return NotImplemented if h is None else _le(self._graph, h) and not _le(h, self._graph)

    def __gt__(self, other):
        h = _graph_of(other)
        return NotImplemented if h is None else _le(h, self._graph) and not _le(self._graph, h)

    def __eq__(self, other):
        if isinstance(other, Stopper):
            if self._full is other._full:   # distinct nodes of a simplest graph differ
                return self._start == other._start
            return (hash(self) == hash(other)
                                     and _le(self._graph, other._graph) and _le(other._graph, self._graph))
        # A stopper with a cycle in its simplest form never equals a short game.
        return False if _graph_of(other) is not None else NotImplemented

    def __ne__(self, other):
        result = self.__eq__(other)
        return result if result is NotImplemented else not result

    def __hash__(self):
        """A hash of the isomorphism class of the simplest graph (unique for the value)."""
        return hash(("cgt.loopy.Stopper", node_keys(self)[self._start]))

    # ------------------------------------------------------------ text
    def __str__(self):
        return loopy.printer.stopper_text(self)

    def __repr__(self):
        return f"Stopper({str(self)!r})"

    def _latex(self, printer=None):
        """The stopper in LaTeX (math mode), its text transliterated (`cgt.short.printer.game_latex`).

        >>> from cgt import parse
        >>> print(parse("{0|pass}")._repr_latex_(), parse("upon")._latex())
        $\\mathrm{over}$ \\uparrow^{[\\mathrm{on}]}
        """
        return game_latex(str(self))

    # ------------------------------------------------------------ as the second operand of a short game
    def _rordinal_sum(self, base):
        """``base : G`` for a short or explicit ``base`` (`Game.ordinal_sum` hands a loopy ``G`` here)."""
        return loopy.ordinal.ordinal_sum(base, self)

    def _rpow(self, base):
        """``base.pow(G)`` (`Game.pow` hands a loopy exponent here)."""
        return loopy.ordinal.pow(base, self)

    def _rpow_to(self, base):
        """``base.pow_to(G)`` (`Game.pow_to` hands a loopy exponent here)."""
        return loopy.ordinal.pow_to(base, self)

