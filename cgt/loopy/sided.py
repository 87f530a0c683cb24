"""Sided values: the onside and offside of a loopy game that is not a stopper.

When infinite alternating play is possible, a game ``G`` has two sides: its
*onside* ``G^+``, where infinite play counts as a win for Left, and its
*offside* ``G^-``, where it counts as a win for Right (Siegel, *Combinatorial
Game Theory*, VI.5).  When both sides equal stoppers ``s`` and ``t``
(``G`` is *stopper-sided*), the value of ``G`` is written ``s & t``; always
``s >= t``, and ``dud = {pass|pass} = on & off``.

Sides compare by play.  ``G^+ <= H^+`` when Left, playing second in
``H - G``, never runs out of moves and, should play go on forever, sees
infinitely many moves made in ``H``; ``G^- <= H^-`` alike with infinitely
many moves in ``-G``.  That is a Büchi game on the pairs of positions,
solved by alternating two fixed points (`side_le`).  The side of a graph is
found by simplifying it in that order: dominated options removed, reversible
ones bypassed where no alternating cycle runs back through them, edges on
alternating cycles deleted when the side stays the same (every step is
checked against the original by `side_le`), until no alternating cycle is
left; the stopper reached is then put in its simplest form.  A game whose
side keeps an alternating cycle when nothing more applies is not
stopper-sided: that side is a *carousel*, kept in the simplified form
reached, as CGSuite keeps it (`cgt.loopy.carousel.Carousel`).

Sums add the sides: ``(s & t) + (u & v) = (s + u)^+ & (t + v)^-``
(CGSuite's *upsum* and *downsum*).  Two sided values are ordered when both
sides are.

>>> from cgt import parse
>>> dud = parse("dud")
>>> dud.onside, dud.offside, dud.outcome
(Stopper('on'), Stopper('off'), 'D')
>>> print(parse("{0|{dud|},*}"), dud + 5)
^ & v* dud
"""

from collections import deque

from cgt import engine
from cgt.errors import NotStopperSidedError
from cgt.game import Game
from cgt.hooks import above
from cgt.printer import game_latex
from cgt.loopy import ordinal
from cgt.loopy.carousel import Carousel, side_form
from cgt.loopy.graph import GameGraph, analysable, build_graph
from cgt.loopy.stopper import _graph_of, canonical_graph, integer_multiple, right_wins, stopper
from cgt.loopy.stops import off, on, stops, strong_stop
from cgt.value import Value

__all__ = ["ONSIDE", "OFFSIDE", "SidedValue", "VarietyError", "degree", "downsum", "downsum_variety",
           "is_stable", "loopy_value", "side_form_of", "side_le", "side_of", "sided", "upsum", "upsum_variety", "variety"]

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


# ---------------------------------------------------------------- simplification
def _alternating_reach(graph):
    """``reach[2 * v + m]``: the states ``2 * w + k`` alternating play reaches from ``v`` with ``m`` to move.

    A state is ``(node, mover)`` (0 Left, 1 Right) numbered ``2 * node + mover``;
    each set is an int with one bit per state, built over the strongly
    connected components (Tarjan's algorithm, on an explicit stack) from the
    last one found to the first.
    """
    analysable(graph)
    n = 2 * graph.size
    successors = [[2 * w + 1 - m for w in (graph.right[v] if m else graph.left[v])]
                  for v in range(graph.size) for m in (0, 1)]
    index, low, component = [-1] * n, [0] * n, [-1] * n
    stack, on_stack, components, counter = [], [False] * n, [], 0
    for root in range(n):
        if index[root] >= 0:
            continue
        work = [(root, 0)]
        while work:
            s, i = work.pop()
            if i == 0:
                index[s] = low[s] = counter
                counter += 1
                stack.append(s)
                on_stack[s] = True
            if i < len(successors[s]):
                work.append((s, i + 1))
                t = successors[s][i]
                if index[t] < 0:
                    work.append((t, 0))
                elif on_stack[t]:
                    low[s] = min(low[s], index[t])
                continue
            if work:
                parent = work[-1][0]
                low[parent] = min(low[parent], low[s])
            if low[s] == index[s]:
                members = []
                while True:
                    t = stack.pop()
                    on_stack[t] = False
                    component[t] = len(components)
                    members.append(t)
                    if t == s:
                        break
                components.append(members)
    # Tarjan finds a component after every component it reaches: one pass in that order.
    reach_of = []
    for members in components:
        bits = 0
        for t in members:
            bits |= 1 << t
        for t in members:
            for u in successors[t]:
                if component[u] != len(reach_of):
                    bits |= reach_of[component[u]]
        reach_of.append(bits)
    return [reach_of[component[s]] for s in range(n)]


def side_of(graph, side):
    """The simplified graph of the ``side`` of ``graph`` (started at node 0).

    It is the simplest stopper graph equal to that side when there is one
    the simplification finds; otherwise the side is a carousel, and the graph
    is the form reached when no step applies any more (equal stopper nodes
    fused).

    >>> side_of(GameGraph([(0,)], [(0,)]), ONSIDE)        # dud's onside is on
    GameGraph([(0,)], [()])
    """
    graph = graph.trimmed()
    if graph.is_stopper():
        return canonical_graph(graph)
    graph = _fuse_stopper_nodes(graph)
    seen = {_shape(graph)}

    def accept(candidate):
        candidate = candidate.trimmed()
        shape = _shape(candidate)
        if shape in seen or not (side_le(candidate, graph, side) and side_le(graph, candidate, side)):
            return None
        seen.add(shape)
        return candidate

    while not graph.is_stopper():
        le = _le_table(graph, side)
        # The basic steps of one pass at once; if together they change the side, the first
        # half of them, and so on down to one; then any single step.
        simpler, limit = None, None
        while simpler is None and limit != 0:
            candidate, done = _basic_pass(graph, le, limit)
            simpler, limit = accept(candidate) if done else None, done // 2
        if simpler is None:
            simpler = next(filter(None, map(accept, _basic_steps(graph, le))), None)
        if simpler is None:
            simpler = next(filter(None, map(accept, _cyclic_edge_deletions(graph))), None)
        if simpler is None:
            return _fuse_stopper_nodes(graph)
        graph = simpler
    return canonical_graph(graph)


def _fuse_stopper_nodes(graph):
    """``graph`` with equal nodes fused among those from which no alternating cycle can be reached.

    Such a node is a stopper, its own onside and offside, so an equal one
    can stand in for it everywhere.  Their order is the order of stoppers
    (`cgt.loopy.stopper.right_wins`, compiled on the compiled engine).
    """
    n = graph.size
    # States (node, mover) from which alternating play can go on forever: peel off those that stop.
    successors = [[2 * w + 1 for w in graph.left[v]] for v in range(n)]
    successors = [x for v in range(n) for x in (successors[v], [2 * w for w in graph.right[v]])]
    predecessors = [[] for _ in range(2 * n)]
    for s, targets in enumerate(successors):
        for t in targets:
            predecessors[t].append(s)
    remaining = [len(t) for t in successors]
    work = [s for s in range(2 * n) if remaining[s] == 0]
    while work:
        t = work.pop()
        for s in predecessors[t]:
            remaining[s] -= 1
            if remaining[s] == 0:
                work.append(s)
    # Nodes that reach such a state by any moves are tainted; the others are stoppers.
    tainted = {v for v in range(n) if remaining[2 * v] or remaining[2 * v + 1]}
    parents = [[] for _ in range(n)]
    for v in range(n):
        for w in graph.left[v] + graph.right[v]:
            parents[w].append(v)
    work = list(tainted)
    while work:
        for u in parents[work.pop()]:
            if u not in tainted:
                tainted.add(u)
                work.append(u)
    clean = [v for v in range(n) if v not in tainted]
    if len(clean) < 2:
        return graph
    index = {v: i for i, v in enumerate(clean)}
    part = GameGraph([tuple(index[w] for w in graph.left[v]) for v in clean],
                     [tuple(index[w] for w in graph.right[v]) for v in clean])
    win_r = right_wins(part)[1]
    m = len(clean)
    classes = {}            # the first node of each class of equal stoppers -> the class
    for i, v in enumerate(clean):
        first = next((u for u in classes if not win_r[index[u] * m + i] and not win_r[i * m + index[u]]), v)
        classes.setdefault(first, []).append(v)
    # Substitute one node at a time, only by an equal node that cannot reach it:
    # the substitute's own game is then unchanged and no new cycle appears.
    left, right = list(graph.left), list(graph.right)
    for members in classes.values():
        kept = []
        for v in members:
            u = next((u for u in kept if v not in GameGraph(left, right).reachable(u)), None)
            if u is None:
                kept.append(v)
                continue
            left = [tuple(dict.fromkeys(u if w == v else w for w in options)) for options in left]
            right = [tuple(dict.fromkeys(u if w == v else w for w in options)) for options in right]
    return GameGraph(left, right).trimmed()


def _shape(graph):
    """The options of every node as sets: graphs that differ only in option order are one shape."""
    return tuple(map(frozenset, graph.left)), tuple(map(frozenset, graph.right))


def _replace(graph, v, player, options):
    """``graph`` with the options of ``player`` (0 Left, 1 Right) at node ``v`` replaced."""
    left, right = list(graph.left), list(graph.right)
    (right if player else left)[v] = tuple(dict.fromkeys(options))
    return GameGraph(left, right)


def _simplified_options(graph, le, reach, v, player, options):
    """The first basic step at node ``v`` for ``player`` (0 Left, 1 Right): new options, or None.

    A reversible option is bypassed (replaced by the reply's options) unless
    an alternating cycle runs back through it; a dominated option is
    removed (of two equal ones, the later).  Judged by ``le``, the order of
    the graph in the side being computed.
    """
    own, other = (graph.left, graph.right) if player == 0 else (graph.right, graph.left)
    below = le if player == 0 else (lambda a, b: le(b, a))
    for i, option in enumerate(options):
        for r in other[option]:
            if below(r, v) and not reach[2 * r + player] >> (2 * option + 1 - player) & 1:
                rest = options[:i] + options[i + 1:]
                return rest + tuple(x for x in own[r] if x not in rest)
    for i, option in enumerate(options):
        for j, better in enumerate(options):
            if i != j and below(option, better) and (j < i or not below(better, option)):
                return options[:i] + options[i + 1:]
    return None


def _basic_steps(graph, le):
    """Candidate graphs, each with one basic step (`_simplified_options`) at one node."""
    reach = _alternating_reach(graph)
    for v in graph.reachable():
        for player, own in ((0, graph.left), (1, graph.right)):
            options = _simplified_options(graph, le, reach, v, player, own[v])
            if options is not None:
                yield _replace(graph, v, player, options)


def _basic_pass(graph, le, limit=None):
    """``graph`` after basic steps at every node until none applies, or ``limit`` steps: (graph, steps).

    ``le`` and the alternating reach of ``graph`` are kept throughout: the
    result is a candidate, to be checked against ``graph``.
    """
    reach = _alternating_reach(graph)
    graph = GameGraph(graph.left, graph.right)      # a fresh copy, changed in place below
    done = 0
    for v in graph.reachable():
        for player, own in ((0, graph.left), (1, graph.right)):
            for _ in range(4 * graph.size):         # bypasses can bring options back: bounded
                if done == limit:
                    break
                options = _simplified_options(graph, le, reach, v, player, own[v])
                if options is None:
                    break
                own[v] = tuple(dict.fromkeys(options))
                done += 1
    return graph, done


def _cyclic_edge_deletions(graph):
    """Candidates with one edge on an alternating cycle deleted."""
    reach = _alternating_reach(graph)
    for v in graph.reachable():
        for player, own in ((0, graph.left), (1, graph.right)):
            options = own[v]
            for i, option in enumerate(options):
                if reach[2 * option + 1 - player] >> (2 * v + player) & 1:
                    yield _replace(graph, v, player, options[:i] + options[i + 1:])


# ---------------------------------------------------------------- values
def _value(graph):
    """The canonical value of a stopper graph: a short Game or a Stopper."""
    return stopper(graph)


def _of_forms(onside, offside):
    """The sided value of two side forms (Games, Stoppers or Carousels): a stopper when they are equal."""
    if isinstance(onside, Carousel) or isinstance(offside, Carousel):
        return SidedValue._trusted(onside, offside)
    if onside == offside:
        return onside
    return SidedValue._trusted(onside, offside)


def _form_graph(form):
    """The game graph of a side form."""
    return form.graph if isinstance(form, Carousel) else _graph_of(form)


def side_form_of(value, side):
    """The simplified form of the ``side`` of a game graph or `~cgt.loopy.graph.Node`: a Game, Stopper or Carousel.

    >>> from cgt.loopy.graph import Node, PASS
    >>> side_form_of(Node([PASS], [PASS]), ONSIDE)
    Stopper('on')
    """
    graph = value if isinstance(value, GameGraph) else build_graph(value, side)
    return side_form(side_of(graph, side), side)


def sided(onside, offside):
    """The value ``onside & offside`` of two stoppers (or short games, or side forms); ``s & s = s``.

    >>> from cgt.loopy import on, off, over
    >>> print(sided(on, off), sided(over, over))
    dud over
    >>> sided(0, 1)
    Traceback (most recent call last):
    ...
    ValueError: the offside must be <= the onside: 1 & 0 is not a value (0 & 1 asked)
    """
    for name, form in ((ONSIDE, onside), (OFFSIDE, offside)):
        if isinstance(form, Carousel) and form.side != name:
            raise ValueError(f"the {name} of a sided value cannot be the {form.side} form {form}")
    if isinstance(onside, Carousel) or isinstance(offside, Carousel):
        return _of_forms(onside, offside)
    s, t = _graph_of(onside), _graph_of(offside)
    for name, g in (("onside", s), ("offside", t)):
        if g is None or not g.is_stopper():
            raise TypeError(f"the {name} of a sided value must be a stopper or a short game")
    s_value, t_value = _value(s), _value(t)
    if s_value == t_value:
        return s_value
    if not t_value <= s_value:
        raise ValueError(f"the offside must be <= the onside: {t_value} & {s_value} is not a value "
                         f"({s_value} & {t_value} asked)")
    return SidedValue._trusted(s_value, t_value)


def loopy_value(value):
    """The value of a game graph (or `~cgt.loopy.graph.Node`): a Game, a Stopper or a SidedValue.

    >>> from cgt.loopy.graph import Node, PASS
    >>> print(loopy_value(Node([PASS], [PASS])), loopy_value(Node([0], [PASS])))
    dud over
    """
    if isinstance(value, GameGraph):
        graphs = value, value
    else:       # a sided value among the options stands for its onside in the onside, ...
        graphs = build_graph(value, ONSIDE), build_graph(value, OFFSIDE)
    if graphs[0].is_stopper() and _shape(graphs[0]) == _shape(graphs[1]):
        return stopper(graphs[0])
    return _of_forms(side_form(side_of(graphs[0], ONSIDE), ONSIDE), side_form(side_of(graphs[1], OFFSIDE), OFFSIDE))


def _sides(value):
    """The (onside, offside) forms of a SidedValue, Stopper, Game or number; None for anything else."""
    if isinstance(value, SidedValue):
        return value._onside, value._offside
    if _graph_of(value) is None:
        return None
    return value, value


class SidedValue(Value):
    """The value ``s & t`` of a loopy game that is not a stopper: onside ``s``, offside ``t``.

    ``G <= H`` when both sides are: ``G^+ <= H^+`` and ``G^- <= H^-``.
    Sided values, stoppers and short games add, negate and compare with
    each other.  When both sides are stoppers (the game is *stopper-sided*)
    they are `onside` and `offside`; a side that equals no stopper is a
    `~cgt.loopy.carousel.Carousel`, and such a value has no `onside` or
    `offside` value (CGSuite's ``SidedValue`` has no ``Onside``): its forms
    are `side_forms`.  A `~cgt.value.Value` without options, stops or
    birthday: its sides have them.

    >>> from cgt import parse
    >>> g = parse("over & v")
    >>> g.onside, g.offside, g > parse("v"), -g
    (Stopper('over'), Game('v'), True, SidedValue('^ & under'))
    >>> print(parse("a{0,{1|1,{*,{1+*|1+*,a}|*}}|0}"))
    a{1|1,{1*|a||*}||0} & a{0,{1|||1*|a||*}|0}
    """

    __slots__ = ("_onside", "_offside")

    _undefined = {
        "left_options": "a sided value has no options of its own: take those of its onside or offside",
        "right_options": "a sided value has no options of its own: take those of its onside or offside",
        "left_stop": "a sided value has no stops of its own: take those of its onside or offside",
        "right_stop": "a sided value has no stops of its own: take those of its onside or offside",
        "birthday": "a sided value has no birthday: play in it need not end, so no day creates it",
        "is_all_small": "all-small is defined for short games; cgt does not define it for loopy values",
    }
    _facts = ("onside", "offside")

    def __init__(self, *args, **kwargs):
        raise TypeError("sided values come from cgt.parse, cgt.loopy.sided or the name dud")

    @classmethod
    def _trusted(cls, onside, offside):
        self = object.__new__(cls)
        self._onside = onside
        self._offside = offside
        return self

    def _stopper_side(self, name):
        if not self.is_stopper_sided:
            raise NotStopperSidedError(name, "SidedValue", f"{self} is not stopper-sided (a side of it is a "
                                       "carousel, equal to no stopper); its simplified forms are side_forms")
        return self._onside if name == ONSIDE else self._offside

    @property
    def onside(self):
        """The onside ``G^+``: infinite play is a win for Left (a stopper-sided value only)."""
        return self._stopper_side(ONSIDE)

    @property
    def offside(self):
        """The offside ``G^-``: infinite play is a win for Right (a stopper-sided value only)."""
        return self._stopper_side(OFFSIDE)

    @property
    def side_forms(self):
        """The simplified forms of the two sides: stoppers, short games or `~cgt.loopy.carousel.Carousel`\\ s."""
        return self._onside, self._offside

    # ------------------------------------------------------------ predicates
    @property
    def is_stopper_sided(self):
        """Both sides are stoppers (no side is a carousel)."""
        return not (isinstance(self._onside, Carousel) or isinstance(self._offside, Carousel))

    is_stopper = is_loopfree = is_plumtree = is_pseudonumber = is_number = is_integer = \
        is_nimber = is_zero = is_uptimal = is_ordinal = is_number_tiny = property(
            lambda self: False, doc="False: a sided value is not a stopper.")

    @property
    def is_finite(self):
        """True: both sides have finitely many positions."""
        return True

    @property
    def is_idempotent(self):
        """``G + G = G``."""
        return self + self == self

    @property
    def is_infinitesimal(self):
        """Both sides are infinitesimal stoppers (False when a side is a carousel, as in CGSuite)."""
        return self.is_stopper_sided and self._onside.is_infinitesimal and self._offside.is_infinitesimal

    @property
    def is_numberish(self):
        """The onside's strong Left stop is the offside's strong Right stop, a number (stopper-sided only)."""
        if not self.is_stopper_sided:
            return False
        left = strong_stop(stops(self._onside)[0])
        right = strong_stop(stops(self._offside)[1])
        return left[0] == 0 and left == right

    @property
    def outcome(self):
        """CGSuite's outcome class from the classes of the two sides.

        ``L``, ``R``, ``N``, ``P`` when the sides agree; otherwise ``NHat``
        (onside L, offside N), ``PHat`` (L, P), ``D`` (L, R: a draw),
        ``NCheck`` (N, R), ``PCheck`` (P, R).
        """
        pair = _outcome(self._onside, ONSIDE) + _outcome(self._offside, OFFSIDE)
        return {"LN": "NHat", "LP": "PHat", "LR": "D", "NR": "NCheck", "PR": "PCheck"}.get(pair, pair[0])

    # ------------------------------------------------------------ arithmetic
    def __neg__(self):
        return SidedValue._trusted(-self._offside, -self._onside)

    def __pos__(self):
        return self

    def __add__(self, other):
        sides = _sides(other)
        if sides is None:
            return NotImplemented
        onside = side_of(_form_graph(self._onside).sum(_form_graph(sides[0])), ONSIDE)
        offside = side_of(_form_graph(self._offside).sum(_form_graph(sides[1])), OFFSIDE)
        return _of_forms(side_form(onside, ONSIDE), side_form(offside, OFFSIDE))

    __radd__ = __add__

    def __sub__(self, other):
        return NotImplemented if _sides(other) is None else self + (-other)

    def __rsub__(self, other):
        return NotImplemented if _sides(other) is None else (-self) + other

    def __mul__(self, n):
        """``n * G``: the sum of ``n`` copies of ``G`` (of ``-G`` for negative ``n``)."""
        return integer_multiple(self, n)

    __rmul__ = __mul__

    # ------------------------------------------------------------ order
    def __le__(self, other):
        sides = _sides(other)
        return NotImplemented if sides is None else _sides_le((self._onside, self._offside), sides)

    def __ge__(self, other):
        sides = _sides(other)
        return NotImplemented if sides is None else _sides_le(sides, (self._onside, self._offside))

    def __lt__(self, other):
        return self <= other and not self >= other

    def __gt__(self, other):
        return self >= other and not self <= other

    def __eq__(self, other):
        sides = _sides(other)
        if sides is None:
            return NotImplemented
        if self.is_stopper_sided and not any(isinstance(x, Carousel) for x in sides):
            return self._onside == sides[0] and self._offside == sides[1]
        return self <= other and self >= other

    def __ne__(self, other):
        result = self.__eq__(other)
        return result if result is NotImplemented else not result

    def __hash__(self):
        """The hash of the sides when they are stoppers; of the outcome class when a side is a carousel
        (a carousel has no unique form to hash)."""
        if self.is_stopper_sided:
            return hash(("cgt.loopy.SidedValue", self._onside, self._offside))
        return hash(("cgt.loopy.SidedValue", "carousel", self.outcome))

    # ------------------------------------------------------------ text
    def __str__(self):
        if self._onside == on and self._offside == off:
            return "dud"
        return f"{self._onside} & {self._offside}"

    def __repr__(self):
        return f"SidedValue({str(self)!r})"

    def _latex(self, printer=None):
        """The sided value in LaTeX (math mode), its text transliterated (`cgt.printer.game_latex`).

        >>> from cgt import parse
        >>> print(parse("dud")._repr_latex_(), parse("1 & 0")._latex())
        $\\mathrm{dud}$ 1 \\mathbin{\\&} 0
        """
        return game_latex(str(self))

    def __reduce__(self):
        return (above.read, (str(self),))

    # ------------------------------------------------------------ as the second operand of a short game
    def _rordinal_sum(self, base):
        """``base : G``: not defined for a sided value (`cgt.loopy.ordinal.ordinal_sum` says so)."""
        return ordinal.ordinal_sum(base, self)

    def _rpow(self, base):
        """``base.pow(G)`` (`cgt.loopy.ordinal.pow`)."""
        return ordinal.pow(base, self)

    def _rpow_to(self, base):
        """``base.pow_to(G)`` (`cgt.loopy.ordinal.pow_to`)."""
        return ordinal.pow_to(base, self)


def _sides_le(a, b):
    """``G <= H`` for the side forms ``a = (G^+, G^-)`` and ``b``: each side in its own order."""
    if not any(isinstance(x, Carousel) for x in a + b):
        return a[0] <= b[0] and a[1] <= b[1]
    return all(side_le(_form_graph(x), _form_graph(y), side) for x, y, side in zip(a, b, (ONSIDE, OFFSIDE)))


# ---------------------------------------------------------------- upsums, degrees, varieties
class VarietyError(ValueError):
    """A variety asked of a stopper that has none (CGSuite's messages)."""


def upsum(g, h):
    """``G +^ H``, the onside of ``G + H`` (Siegel VI.5).

    >>> from cgt.loopy import on, off
    >>> upsum(on, off), downsum(on, off)
    (Stopper('on'), Stopper('off'))
    """
    return _sides(g + h)[0]


def downsum(g, h):
    """``G +_ H``, the offside of ``G + H``."""
    return _sides(g + h)[1]


def degree(g):
    """The degree of loopiness ``G +^ -G`` of a stopper (0 for a short game).

    >>> from cgt.loopy import over, upon
    >>> degree(over), degree(upon)
    (Stopper('over'), Stopper('^<on>'))
    """
    return Game(0) if isinstance(g, Game) else upsum(g, -g)


def _idempotent(deg):
    if not deg + deg == deg:
        raise VarietyError("Variety degree must be an idempotent.")


def upsum_variety(g, deg):
    """The variety of ``G`` of degree ``deg`` from above: ``G +^ ((-G) +_ (-deg))``; ``deg`` idempotent."""
    _idempotent(deg)
    return upsum(g, downsum(-g, -deg))


def downsum_variety(g, deg):
    """The variety of ``G`` of degree ``deg`` from below: ``G +_ ((-G) +^ deg)``."""
    _idempotent(deg)
    return downsum(g, upsum(-g, deg))


def variety(g):
    """The variety of a stable stopper: the upsum and downsum varieties of its degree, when equal.

    >>> from cgt.loopy import over
    >>> variety(over)
    Stopper('over')
    """
    deg = degree(g)
    v = upsum_variety(g, deg)
    if v != downsum_variety(g, deg):
        raise VarietyError("That game is not stable.")
    return v


def is_stable(g):
    """Whether the upsum and downsum varieties of the degree of ``G`` agree."""
    deg = degree(g)
    return upsum_variety(g, deg) == downsum_variety(g, deg)


def _outcome(value, side=None):
    """'L', 'R', 'N' or 'P' of a stopper, short game or carousel (in its ``side``), from its comparisons with 0."""
    if isinstance(value, Carousel):
        zero, graph = _graph_of(Game(0)), value.graph
        ge, le = side_le(zero, graph, side), side_le(graph, zero, side)
    else:
        ge, le = value >= 0, value <= 0
    return {(True, False): "L", (False, True): "R", (False, False): "N", (True, True): "P"}[ge, le]
