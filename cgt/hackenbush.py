"""Hackenbush: cutting coloured edges of a picture standing on the ground.

A position is a graph whose edges are blue (only Left may cut them), red
(only Right) or green (either player), with some vertices on the *ground*.
A move deletes one edge of the mover's colour; every piece no longer
connected to the ground then falls away.  Multi-edges and loops are allowed.
As in CGSuite, a picture must stand on the ground: one with no ground raises
`EmptyGraphError` ("That Graph is empty (no ground)"), one with a vertex not
joined to the ground `DisconnectedGraphError` ("That Graph is not connected").

The value of a position is found by search over its moves, memoised on a
canonical key, after two exact simplifications: all ground vertices are one
vertex (the ground), and the pieces that meet only at the ground are a sum,
each valued on its own.  Three theorems give fast paths:

* a Blue-Red *string* is a number, read off by Berlekamp's sign-expansion rule;
* a green *tree* is a nimber, by the colon principle;
* a green *graph* is a nimber, by the fusion principle (cycles fuse to a
  vertex, and their edges become twigs).

>>> Hackenbush.string("BRRB").value
Game('3/8')
>>> Hackenbush.tree(("G", ["G", "G"])).value
Game('*')
>>> Hackenbush.graph([(0, 1, "G"), (1, 2, "G"), (2, 0, "G")], ground=[0]).value
Game('*')

`ChildishHackenbush` is the variant where a blue or red cut may not make other
edges fall; it shares the pictures, moves and search, without the fast paths.
Both are rulesets of CGSuite's schema `GenHackenbush`, which names the
colours whose cuts may not make other edges fall.
"""

import functools
import math
from fractions import Fraction
from html import escape
from numbers import Integral

from cgt import engine
from cgt.errors import DisconnectedGraphError, EmptyGraphError
from cgt.game import _game
from cgt.rulesets.graph_notation import parse_graph
from cgt.rulesets.position import Position
from cgt.value import Immutable

__all__ = ["ChildishHackenbush", "GenHackenbush", "Hackenbush", "berlekamp", "clear_cache"]

BLUE, RED, GREEN = "B", "R", "G"

_COLOUR_NAMES = {"b": BLUE, "blue": BLUE, "r": RED, "red": RED, "g": GREEN, "green": GREEN}
_LEFT_COLOURS = (BLUE, GREEN)
_RIGHT_COLOURS = (RED, GREEN)

# Positions with more edges than this are valued on a thread with a deep stack:
# the engine's sums and canonical forms recurse as deep as the games are.
_DEEP_EDGES = 120

# How many nodes of the individualisation-refinement search one canonical key
# of a general graph may cost; past it, the first branch is followed to a leaf
# (the key stays a faithful description, only maybe not the least one).
_CANON_BUDGET = 64


class Hackenbush(Position, Immutable):
    """A Hackenbush position: coloured edges on vertices, some of them on the ground.

    Build one with `Hackenbush.string`, `Hackenbush.stalks`, `Hackenbush.tree`,
    `Hackenbush.graph` or `Hackenbush.parse` (CGSuite's graph strings).
    Positions are immutable and hashable; ``==`` compares the pictures as
    drawn (same vertex ids); `key` identifies positions up to relabelling.
    ``A + B`` draws two pictures side by side (their disjoint sum), ``-A``
    swaps blue and red.  It is a ruleset `Position`: `left_moves`,
    `right_moves`, `components`, `canonical_form` (the same as `value`).

    >>> H = Hackenbush.string("BRRB")
    >>> H.value, (-H).value, (H + Hackenbush.string("R")).value
    (Game('3/8'), Game('-3/8'), Game('-5/8'))
    """

    __slots__ = ("_vertices", "_ground", "_edges", "_value", "_hash")

    # The colours whose cuts may not make other edges fall (Childish Hackenbush).
    _childish = frozenset()

    # ------------------------------------------------------------ construction
    def __init__(self, edges=(), ground=(0,), vertices=None):
        edges, ground, vertex_set = _validated(edges, ground, vertices)
        _init(self, vertex_set, ground, edges)

    @classmethod
    def graph(cls, edges, ground, vertices=None):
        """A picture from edges ``(u, v, colour)`` and the ground vertices.

        Vertices are non-negative ints; colours are ``'B'`` (blue, Left),
        ``'R'`` (red, Right) or ``'G'`` (green, either), in either case, or
        spelled out.  ``(v, v, colour)`` is a loop.  ``vertices`` (a count or
        the ids), when given, are the vertices the edges must use.  Every
        vertex must be joined to the ground by edges (CGSuite's "That Graph
        is not connected" otherwise, a `DisconnectedGraphError`), and there
        must be a ground (`EmptyGraphError` otherwise).

        >>> Hackenbush.graph([(0, 1, "B"), (1, 2, "R"), (0, 2, "G")], ground=[0]).value
        Game('1/2*')
        >>> Hackenbush.graph([(0, 1, "B"), (2, 3, "R")], ground=[0])
        Traceback (most recent call last):
        ...
        cgt.errors.DisconnectedGraphError: That Graph is not connected: vertices 2, 3 are not joined to the ground
        """
        return cls(edges, ground, vertices)

    @classmethod
    def string(cls, colours):
        """A single stalk, its colours read from the ground up.

        A Blue-Red string is a number: Berlekamp's rule reads it as a sign
        expansion (blue ``+``, red ``-``).

        >>> Hackenbush.string("BRRB").value, Hackenbush.string("GGG").value
        (Game('3/8'), Game('*3'))
        """
        if not isinstance(colours, str):
            raise TypeError(f"a Hackenbush string is a str of colour letters, not {type(colours).__name__}")
        letters = [_colour(ch, lambda: f"at index {i} of string {colours!r}") for i, ch in enumerate(colours)]
        return _make(range(len(letters) + 1), (0,), [(i, i + 1, c) for i, c in enumerate(letters)], cls)

    @classmethod
    def stalks(cls, heights, colour=GREEN):
        """Stalks of the given heights side by side, each on its own ground vertex (Nim).

        With no stalks the picture is the bare ground, vertex 0.

        >>> Hackenbush.stalks([1, 2, 3]).value, Hackenbush.stalks([3, 5]).value
        (Game('0'), Game('*6'))
        """
        colour = _colour(colour, "for the stalks")
        edges, ground, vertex = [], [], 0
        for i, height in enumerate(heights):
            if isinstance(height, bool) or not isinstance(height, Integral) or height < 0:
                raise ValueError(f"stalk height {height!r} (stalk {i}) is not a non-negative int")
            ground.append(vertex)
            for _ in range(int(height)):
                edges.append((vertex, vertex + 1, colour))
                vertex += 1
            vertex += 1
        if not ground:
            ground, vertex = [0], 1
        return _make(range(vertex), ground, edges, cls)

    @classmethod
    def tree(cls, *branches):
        """A tree rooted at one ground vertex, given by its branches.

        A branch is a stalk of colour letters read upward (``"BRG"``), or a
        pair ``(stalk, [branches])`` of a stalk and the branches growing from
        its top.

        >>> Y = Hackenbush.tree(("G", ["G", "G"]))    # a stalk forking in two
        >>> Y.edges
        ((0, 1, 'G'), (1, 2, 'G'), (1, 3, 'G'))
        >>> Hackenbush.tree("BB", ("R", ["B", "G"])).value
        Game('3/2*')
        """
        edges = []
        count = 1
        work = [(0, branch, f"branch {i}") for i, branch in reversed(list(enumerate(branches)))]
        while work:
            base, branch, where = work.pop()
            if isinstance(branch, str):
                stalk, children = branch, ()
            elif isinstance(branch, (tuple, list)) and len(branch) == 2 and isinstance(branch[0], str) \
                    and isinstance(branch[1], (tuple, list)):
                stalk, children = branch
            else:
                raise ValueError(
                    f"tree {where} is {branch!r}: a branch is a str of colour letters "
                    f"or a pair (str, [branches])"
                )
            for j, ch in enumerate(stalk):
                edges.append((base, count, _colour(ch, lambda: f"at index {j} of {where} {stalk!r}")))
                base = count
                count += 1
            for k in range(len(children) - 1, -1, -1):
                work.append((base, children[k], f"{where}.{k}"))
        return _make(range(count), (0,), edges, cls)

    @classmethod
    def parse(cls, text):
        """A position from CGSuite's graph notation, as in ``game.graph.Hackenbush("...")``.

        Edges are ``l`` (blue), ``r`` (red), ``e`` (green), each leading to a
        new vertex; ``(a;b;...)`` lists branches from the current vertex;
        ``:A`` or ``:{name}`` names a vertex, and vertices with the same name
        are one vertex (so cycles and loops can be drawn); ``.`` is an
        optional vertex mark.  The first vertex is the ground.  The reader is
        `cgt.rulesets.graph_notation`'s, shared with Col and Snort; bad text
        raises `GameSyntaxError` with the column of the culprit.  As in
        CGSuite, ``;`` outside parentheses starts another piece, which is not
        joined to the ground (`DisconnectedGraphError`), and text with no
        vertex raises `EmptyGraphError`.

        >>> Hackenbush.parse("lrlerrr").value
        Game('3/4v[3]*')
        >>> Hackenbush.parse(":A eee :A").value     # a green triangle on the ground
        Game('*')
        """
        return _parse_cgsuite(cls, text)

    # ------------------------------------------------------------ the picture
    @property
    def edges(self):
        """The edges ``(u, v, colour)`` with ``u <= v``, sorted (repeated for multi-edges)."""
        return self._edges

    @property
    def ground(self):
        """The ground vertices, sorted."""
        return self._ground

    @property
    def vertices(self):
        """All vertices, sorted."""
        return self._vertices

    def __eq__(self, other):
        if type(other) is not type(self):      # a Childish Hackenbush picture is another game
            return NotImplemented
        return (self._edges, self._ground, self._vertices) == (other._edges, other._ground, other._vertices)

    def __ne__(self, other):
        result = self.__eq__(other)
        return result if result is NotImplemented else not result

    def __hash__(self):
        return self._hash

    def __reduce__(self):
        return (type(self), (self._edges, self._ground, self._vertices))

    def __repr__(self):
        colours = _as_string(self)
        if colours is not None:
            return f"{type(self).__name__}.string({colours!r})"
        edges = ", ".join(f"({u}, {v}, {c!r})" for u, v, c in self._edges)
        return f"{type(self).__name__}.graph([{edges}], ground={list(self._ground)})"

    # ------------------------------------------------------------ play
    def _options(self, colours):
        childish = self._childish
        seen, out = set(), []
        for i, (u, v, c) in enumerate(self._edges):
            if c in colours:
                option = _after_cut(self, i)
                if c in childish and len(option._edges) != len(self._edges) - 1:
                    continue          # a childish cut may not make other edges fall
                if option not in seen:
                    seen.add(option)
                    out.append(option)
        return tuple(out)

    @property
    def left_options(self):
        """The positions after Left cuts a blue or green edge (fallen pieces removed).

        >>> Hackenbush.string("BRB").left_options
        (Hackenbush.string(''), Hackenbush.string('BR'))
        """
        return self._options(_LEFT_COLOURS)

    @property
    def right_options(self):
        """The positions after Right cuts a red or green edge (fallen pieces removed).

        >>> Hackenbush.string("BRB").right_options
        (Hackenbush.string('B'),)
        """
        return self._options(_RIGHT_COLOURS)

    def left_moves(self):
        """The positions Left can move to (the `Position` protocol): `left_options`."""
        return self.left_options

    def right_moves(self):
        """The positions Right can move to (the `Position` protocol): `right_options`."""
        return self.right_options

    def components(self):
        """The pieces that meet only at the ground, each a position; their values add up.

        >>> Hackenbush.tree("BR", "G").components()
        (Hackenbush.string('BR'), Hackenbush.graph([(0, 3, 'G')], ground=[0]))
        """
        ground = set(self._ground)
        adjacency = {v: [] for v in self._vertices}
        for u, v, _ in self._edges:
            adjacency[u].append(v)
            adjacency[v].append(u)
        piece_of = {}
        pieces = []
        for v in sorted(set(self._vertices) - ground):
            if v in piece_of:
                continue
            piece_of[v] = len(pieces)
            queue = [v]
            for u in queue:
                for w in adjacency[u]:
                    if w not in ground and w not in piece_of:
                        piece_of[w] = len(pieces)
                        queue.append(w)
            pieces.append([])
        lone = []
        for edge in self._edges:
            u, v, _ = edge
            inner = piece_of.get(u, piece_of.get(v))
            if inner is None:
                lone.append([edge])      # a loop at the ground or an edge between ground vertices
            else:
                pieces[inner].append(edge)
        out = []
        for edges in pieces + lone:
            vertices = {w for u, v, _ in edges for w in (u, v)}
            out.append(_make(vertices, sorted(vertices & ground), edges, type(self)))
        return tuple(out)

    @property
    def canonical_form(self):
        """The value, as for every ruleset `Position`: see `value`."""
        return self.value

    def _canonical_id(self):
        return self.value._id

    @classmethod
    def clear_cache(cls):
        """Forget the memoised values of Hackenbush pieces."""
        clear_cache()

    def __add__(self, other):
        """Two pictures side by side: the disjoint sum, ``other``'s vertices renumbered."""
        if type(other) is not type(self):
            return NotImplemented
        shift = self._vertices[-1] + 1 if self._vertices else 0
        mapping = {v: shift + i for i, v in enumerate(other._vertices)}
        return _make(
            list(self._vertices) + [mapping[v] for v in other._vertices],
            list(self._ground) + [mapping[g] for g in other._ground],
            list(self._edges) + [(mapping[u], mapping[v], c) for u, v, c in other._edges],
            type(self),
        )

    def __neg__(self):
        """The same picture with blue and red swapped: its value is ``-G``."""
        swap = {BLUE: RED, RED: BLUE, GREEN: GREEN}
        return _make(self._vertices, self._ground, [(u, v, swap[c]) for u, v, c in self._edges], type(self))

    # ------------------------------------------------------------ values
    @property
    def key(self):
        """A canonical key: positions with equal keys are the same up to relabelling.

        Ground vertices are one ground, loops count as twigs and the pieces
        meeting only at the ground are keyed one by one.  Isomorphic trees
        (and strings) always get one key; for other graphs the key is
        canonical as far as a bounded refinement search can tell, so
        isomorphic graphs may in rare symmetric cases get two keys, but two
        different positions never share one.

        >>> drawn = Hackenbush.graph([(5, 7, "R"), (7, 6, "G"), (5, 2, "B")], ground=[5])
        >>> drawn.key == Hackenbush.tree("B", "RG").key
        True
        """
        n, edges = _ground_merged(self)
        return tuple(sorted(_split(n, edges, fast=False), key=repr))

    @property
    def value(self):
        """The value: the canonical form of the position, as a `Game`.

        >>> Hackenbush.string("BBRB").value, Hackenbush.stalks([3, 5]).value
        (Game('7/4'), Game('*6'))
        """
        value = self._value
        if value is None:
            childish = self._childish
            value = _game(_run(len(self._edges), _value_id, self, not childish, childish))
            object.__setattr__(self, "_value", value)
        return value

    def value_by_search(self, decompose=True):
        """The value by search over the moves, with none of the fast paths.

        With ``decompose`` (the default) the pieces meeting only at the
        ground are valued apart and summed, each memoised on its canonical
        key; without, it is the definition itself, memoised on the set of
        edges left: the reference the other two ways are tested against.

        >>> H = Hackenbush.string("BRRB")
        >>> H.value_by_search() == H.value_by_search(decompose=False) == H.value
        True
        """
        if decompose:
            return _game(_run(len(self._edges), _value_id, self, False, self._childish))
        return _game(_run(len(self._edges), _definition_id, self))

    # ------------------------------------------------------------ drawing
    def svg(self, unit=36):
        """The picture as SVG text: the ground line, coloured edges, vertices.

        >>> Hackenbush.string("BR").svg().startswith("<svg")
        True
        """
        return _svg(self, unit)

    def _repr_svg_(self):
        return self.svg()


class ChildishHackenbush(Hackenbush):
    """Childish Hackenbush: a blue or red edge may be cut only if no other edge then falls.

    CGSuite's ``game.graph.ChildishHackenbush`` (``GenHackenbush`` with blue and
    red *childish* edges): Left cuts a blue edge, Right a red one, either a
    green one; a blue or red cut is legal only when every other edge stays
    joined to the ground, while a green cut may drop pieces, as in Hackenbush.
    Built like `Hackenbush` (``string``, ``stalks``, ``tree``, ``graph``,
    ``parse``); values are found by search (the Hackenbush number and nimber
    rules do not hold here).

    >>> ChildishHackenbush.parse("l(l;rl)").value, Hackenbush.parse("l(l;rl)").value
    (Game('2'), Game('3/2'))
    >>> ChildishHackenbush.string("BRB").left_options      # the bottom edge would drop two others
    (ChildishHackenbush.string('BR'),)
    """

    __slots__ = ()
    _childish = frozenset((BLUE, RED))


def GenHackenbush(childish_edges=()):
    """CGSuite's Hackenbush schema: a cut of an edge whose colour is in ``childish_edges``
    is legal only when no other edge then falls (``game.graph.GenHackenbush(childishEdges)``).

    ``GenHackenbush()`` is `Hackenbush`, ``GenHackenbush("BR")`` is
    `ChildishHackenbush`; other choices make a ruleset of their own (a class
    built like `Hackenbush`). Here a green cut may not drop anything either, so
    of a green stalk of two edges only the top one may be cut: ``{*|*} = 0``.

    >>> AllChildish = GenHackenbush("BRG")
    >>> AllChildish.string("GG").value, Hackenbush.string("GG").value
    (Game('0'), Game('*2'))
    """
    if isinstance(childish_edges, str):
        childish_edges = list(childish_edges)
    try:
        colours = frozenset(_colour(c, "in childish_edges") for c in childish_edges)
    except TypeError:
        raise TypeError(f"childish_edges is a collection of colours 'B', 'R', 'G', not {childish_edges!r}") from None
    return _gen_hackenbush(colours)


@functools.cache
def _gen_hackenbush(colours):
    named = {cls._childish: cls for cls in (Hackenbush, ChildishHackenbush)}
    if colours in named:
        return named[colours]
    name = f"GenHackenbush({''.join(c for c in (BLUE, RED, GREEN) if c in colours)!r})"
    return type(name, (Hackenbush,), {"__slots__": (), "__module__": __name__, "_childish": colours,
                                      "__doc__": f"The Hackenbush ruleset {name}."})


# ================================================================ building
def _init(position, vertices, ground, edges):
    object.__setattr__(position, "_vertices", vertices)
    object.__setattr__(position, "_ground", ground)
    object.__setattr__(position, "_edges", edges)
    object.__setattr__(position, "_value", None)
    object.__setattr__(position, "_hash", hash((type(position).__name__, edges, ground, vertices)))


def _make(vertices, ground, edges, cls=None):
    """A position of ``cls`` (default `Hackenbush`) from trusted parts (ids checked, colours normalised)."""
    position = object.__new__(cls or Hackenbush)
    edges = tuple(sorted((u, v, c) if u <= v else (v, u, c) for u, v, c in edges))
    _init(position, tuple(sorted(set(vertices))), tuple(sorted(set(ground))), edges)
    return position


def _colour(text, where):
    """``'B'``, ``'R'`` or ``'G'`` for a colour name, or a ValueError naming it.

    ``where`` says where the colour was found: a str, or a function making
    one (only called to report an error)."""
    colour = _COLOUR_NAMES.get(text.lower()) if isinstance(text, str) else None
    if colour is None:
        if callable(where):
            where = where()
        raise ValueError(
            f"unknown Hackenbush colour {text!r} {where}: use 'B' (blue, Left), "
            f"'R' (red, Right) or 'G' (green, either player)"
        )
    return colour


def _vertex_id(value, where):
    if isinstance(value, bool) or not isinstance(value, Integral):
        raise TypeError(f"vertex {value!r} {where} is not an int (vertices are non-negative ints)")
    if value < 0:
        raise ValueError(f"vertex {value!r} {where} is negative (vertices are non-negative ints)")
    return int(value)


def _validated(edges, ground, vertices):
    if isinstance(ground, Integral) and not isinstance(ground, bool):
        ground = (ground,)
    ground = tuple(_vertex_id(g, "in the ground") for g in ground)
    if not ground:
        raise EmptyGraphError("That Graph is empty (no ground): a Hackenbush picture needs a ground vertex")
    known = None
    if vertices is not None:
        if isinstance(vertices, Integral) and not isinstance(vertices, bool):
            known = set(range(_vertex_id(vertices, "(the vertex count)")))
        else:
            known = {_vertex_id(v, "in vertices") for v in vertices}
        for g in ground:
            if g not in known:
                raise ValueError(f"ground vertex {g} is not one of the vertices")
    checked = []
    for i, edge in enumerate(edges):
        try:
            u, v, c = edge
        except (TypeError, ValueError):
            raise ValueError(f"edge {i} is {edge!r}, not a triple (u, v, colour)") from None
        where = f"in edge {i} {tuple(edge)!r}"
        u, v = _vertex_id(u, where), _vertex_id(v, where)
        c = _colour(c, where)
        if known is not None:
            for w in (u, v):
                if w not in known:
                    raise ValueError(f"edge {i} {tuple(edge)!r} uses vertex {w}, which does not exist")
        checked.append((u, v, c) if u <= v else (v, u, c))
    vertex_set = set(ground).union(*((u, v) for u, v, _ in checked))
    if known is not None:
        vertex_set |= known
    _check_grounded(vertex_set, ground, checked)
    return tuple(sorted(checked)), tuple(sorted(set(ground))), tuple(sorted(vertex_set))


def _check_grounded(vertices, ground, edges):
    """Refuse, as CGSuite does, a picture with a vertex not joined to the ground."""
    floating = set(vertices) - _reachable(vertices, ground, edges)
    if floating:
        shown = ", ".join(map(str, sorted(floating)[:10])) + (", ..." if len(floating) > 10 else "")
        which = f"vertices {shown} are" if len(floating) > 1 else f"vertex {shown} is"
        raise DisconnectedGraphError(f"That Graph is not connected: {which} not joined to the ground")


def _as_string(position):
    """The colours of a position built by `Hackenbush.string`, else None."""
    edges = position._edges
    if position._ground != (0,) or position._vertices != tuple(range(len(edges) + 1)):
        return None
    if any(e[0] != i or e[1] != i + 1 for i, e in enumerate(edges)):
        return None
    return "".join(e[2] for e in edges)


# ================================================================ CGSuite notation
_CGSUITE_EDGES = {"l": BLUE, "r": RED, "e": GREEN}


def _parse_cgsuite(cls, text):
    """A position of ``cls`` from a CGSuite graph string: its first vertex is the ground."""
    if not isinstance(text, str):
        raise TypeError(f"{cls.__name__}.parse needs a str, not {type(text).__name__}")
    graph = parse_graph(text, edge_tags={"l": "blue", "r": "red", "e": "green"}, pieces=True)
    if not graph.tags:
        raise EmptyGraphError(f"That Graph is empty (no ground): {text!r} has no vertex")
    edges = [(u, v, _CGSUITE_EDGES[letter]) for u, v, letter in graph.edges]
    _check_grounded(range(len(graph.tags)), (0,), edges)
    return _make(range(len(graph.tags)), (0,), edges, cls)


# ================================================================ moves
def _reachable(vertices, ground, edges):
    """The vertices joined to the ground by edges."""
    adjacency = {v: [] for v in vertices}
    for u, v, _ in edges:
        adjacency[u].append(v)
        adjacency[v].append(u)
    seen = set(ground)
    queue = list(ground)
    for u in queue:
        for w in adjacency[u]:
            if w not in seen:
                seen.add(w)
                queue.append(w)
    return seen


def _after_cut(position, index):
    """The position after cutting edge ``index``; fallen pieces (and their vertices) go."""
    edges = position._edges[:index] + position._edges[index + 1:]
    keep = _reachable(position._vertices, position._ground, edges)
    return _make(sorted(keep), position._ground, [e for e in edges if e[0] in keep], type(position))


# ================================================================ values
def _run(size, function, *args):
    if size > _DEEP_EDGES:
        return engine.run_deep(function, *args)
    return function(*args)


def _sum(ids):
    total = engine.ZERO
    for g in ids:
        total = engine.add(total, g)
    return total


def _solve(root, expand, memo):
    """The game id of state ``root``, iteratively (no Python recursion over the states).

    ``expand(state)`` gives either a game id (the state's value, known
    directly) or ``(left, right)``: lists of options, each a tuple of states
    whose values add up to the option's value.
    """
    stack = [root]
    pending = {}
    while stack:
        state = stack[-1]
        if state in memo:
            stack.pop()
            continue
        expansion = pending.get(state)
        if expansion is None:
            expansion = expand(state)
            if isinstance(expansion, int):
                memo[state] = expansion
                stack.pop()
                continue
            pending[state] = expansion
            missing = [s for option in expansion[0] + expansion[1] for s in option if s not in memo]
            if missing:
                stack.extend(missing)
                continue
        left, right = expansion
        memo[state] = engine.canon(
            [_sum(memo[s] for s in option) for option in left],
            [_sum(memo[s] for s in option) for option in right],
        )
        del pending[state]
        stack.pop()
    return memo[root]


# ---------------------------------------------------------------- the definition
def _definition_id(position):
    """The value straight from the definition: states are sets of edges left (bitmasks)."""
    childish = position._childish
    edges = position._edges
    vertices = position._vertices
    ground = position._ground

    def prune(mask):
        present = [edges[i] for i in range(len(edges)) if mask >> i & 1]
        keep = _reachable(vertices, ground, present)
        return sum(1 << i for i in range(len(edges)) if mask >> i & 1 and edges[i][0] in keep)

    def expand(mask):
        left, right = [], []
        for i in range(len(edges)):
            if mask >> i & 1:
                option = prune(mask & ~(1 << i))
                colour = edges[i][2]
                if colour in childish and _popcount(option) != _popcount(mask) - 1:
                    continue
                option = (option,)
                if colour != RED:
                    left.append(option)
                if colour != BLUE:
                    right.append(option)
        return left, right

    return _solve(prune((1 << len(edges)) - 1), expand, {})


# ---------------------------------------------------------------- keyed search
# A component is a connected piece meeting the rest only at the ground
# (vertex 0).  Its key is one of
#   ("S", colours)        a string (a single stalk), colours from the ground up;
#   ("T", n, edges)       any other piece: n vertices, ground 0, the sorted
#                         edges (u, v, colour) under a canonical labelling;
#   ("V", id)             (fast paths only) a piece whose value id is known.
# The first two describe the piece completely, so two different pieces never
# share a key.
_memo = {}                 # (fast, childish colours) -> {key: game id}
_MEMO_LIMIT = 1 << 20      # entries; a full memo is emptied before the next top-level search


def clear_cache():
    """Forget the memoised values of Hackenbush pieces."""
    _memo.clear()


def _value_id(position, fast, childish=frozenset()):
    n, edges = _ground_merged(position)
    keys = _split(n, edges, fast)
    memo = _memo.setdefault((fast, childish), {})
    if len(memo) > _MEMO_LIMIT:
        memo.clear()

    def expand(key):
        return _expand(key, fast, childish)

    return _sum(_solve(key, expand, memo) for key in keys)


def _ground_merged(position):
    """The picture with all ground vertices as vertex 0, the rest numbered 1..n-1."""
    ground = set(position._ground)
    number = {}
    for v in position._vertices:
        if v not in ground:
            number[v] = len(number) + 1
    for g in ground:
        number[g] = 0
    edges = [(number[u], number[v], c) for u, v, c in position._edges]
    return len(number) - len(ground) + 1, edges


def _expand(key, fast, childish):
    """The options of a keyed piece; a cut of a colour in ``childish`` may not make other edges fall."""
    kind = key[0]
    if kind == "V":
        return key[1]
    if kind == "S":
        colours = key[1]
        top = len(colours) - 1
        left, right = [], []
        for i, colour in enumerate(colours):
            if colour in childish and i != top:
                continue
            option = (_string_key(colours[:i], fast),) if i else ()
            if colour != RED:
                left.append(option)
            if colour != BLUE:
                right.append(option)
        return left, right
    _, n, edges = key
    left, right = [], []
    previous = None
    for i, edge in enumerate(edges):
        if edge == previous:          # a parallel copy: the same option again
            continue
        previous = edge
        rest = edges[:i] + edges[i + 1:]
        if edge[2] in childish and not _all_standing(n, rest):
            continue
        option = tuple(_split(n, rest, fast))
        if edge[2] != RED:
            left.append(option)
        if edge[2] != BLUE:
            right.append(option)
    return left, right


def _all_standing(n, edges):
    """Whether every edge on vertices 0..n-1 is joined to the ground, vertex 0."""
    adjacency = [[] for _ in range(n)]
    for u, v, _ in edges:
        adjacency[u].append(v)
        adjacency[v].append(u)
    seen = [False] * n
    seen[0] = True
    queue = [0]
    for u in queue:
        for w in adjacency[u]:
            if not seen[w]:
                seen[w] = True
                queue.append(w)
    return all(seen[u] for u, _, _ in edges)


def _popcount(mask):
    return bin(mask).count("1")


def _string_key(colours, fast):
    """The key of a stalk (non-empty colours, read from the ground up)."""
    if fast:
        if GREEN not in colours:
            return ("V", engine.nus(berlekamp(colours)))
        if colours.count(GREEN) == len(colours):
            return ("V", engine.nus(Fraction(0), 0, len(colours)))
    return ("S", colours)


def _split(n, edges, fast):
    """The keys of the grounded pieces of a picture on vertices 0..n-1 (0 the ground)."""
    # Loops behave exactly as twigs: cutting one removes nothing else, and it
    # falls when its vertex does.  Make each a pendant edge to a new vertex.
    plain = []
    for u, v, c in edges:
        if u == v:
            plain.append((u, n, c))
            n += 1
        else:
            plain.append((u, v, c))
    adjacency = [[] for _ in range(n)]
    for index, (u, v, c) in enumerate(plain):
        adjacency[u].append((v, index))
        adjacency[v].append((u, index))
    seen = [False] * n
    seen[0] = True
    keys = []
    for start, _ in adjacency[0]:
        if seen[start]:
            continue
        seen[start] = True
        order = [start]
        for u in order:
            for w, _ in adjacency[u]:
                if w and not seen[w]:
                    seen[w] = True
                    order.append(w)
        label = {0: 0}
        for k, v in enumerate(order):
            label[v] = k + 1
        indices = sorted({i for v in order for _, i in adjacency[v]})
        piece = [(label[plain[i][0]], label[plain[i][1]], plain[i][2]) for i in indices]
        keys.append(_piece_key(len(order) + 1, piece, fast))
    return keys


def _piece_key(n, edges, fast):
    """The key of one connected piece on vertices 0..n-1 (0 the ground, no loops)."""
    colours = {c for _, _, c in edges}
    if fast:
        if colours == {GREEN}:
            return ("V", engine.nus(Fraction(0), 0, _green_nim_value(n, edges)))
        if len(colours) == 1:
            return ("V", engine.nus(Fraction(len(edges) if colours == {BLUE} else -len(edges))))
    if len(edges) == n - 1:
        stalk = _stalk_colours(n, edges)
        if stalk is not None:
            return _string_key(stalk, fast)
        return ("T", n, _tree_labelled(n, edges))
    return ("T", n, _graph_labelled(n, edges))


def _stalk_colours(n, edges):
    """The colours from the ground up if the tree is a single stalk, else None."""
    up = {}
    for u, v, c in edges:          # a tree labelled breadth-first: parents first
        a, b = (u, v) if u < v else (v, u)
        if a in up:
            return None
        up[a] = (b, c)
    colours = []
    v = 0
    while v in up:
        v, c = up[v]
        colours.append(c)
    return "".join(colours) if len(colours) == len(edges) else None


# ---------------------------------------------------------------- canonical labels
_subtree_ids = {}


def _tree_labelled(n, edges):
    """The edges of a tree rooted at 0 under its canonical (AHU) labelling."""
    adjacency = [[] for _ in range(n)]
    for u, v, c in edges:
        adjacency[u].append((v, c))
        adjacency[v].append((u, c))
    parent = [-1] * n
    parent[0] = 0
    up_colour = [None] * n
    order = [0]
    children = [[] for _ in range(n)]
    for u in order:
        for w, c in adjacency[u]:
            if parent[w] < 0:
                parent[w] = u
                up_colour[w] = c
                children[u].append((w, c))
                order.append(w)
    # A rooted coloured subtree's id: interned from its sorted (colour, child id) list.
    ident = [0] * n
    for v in reversed(order):
        signature = tuple(sorted((c, ident[w]) for w, c in children[v]))
        found = _subtree_ids.get(signature)
        if found is None:
            found = _subtree_ids[signature] = len(_subtree_ids)
        ident[v] = found
    label = [0] * n
    out = []
    stack = [0]
    count = 0
    while stack:
        v = stack.pop()
        label[v] = count
        count += 1
        for w, c in sorted(children[v], key=lambda wc: (wc[1], ident[wc[0]]), reverse=True):
            stack.append(w)
    for v in range(1, n):
        out.append((label[parent[v]], label[v], up_colour[v]))
    return tuple(sorted(out))


def _refine(colours, adjacency):
    """Colour refinement: split classes by the multiset of (edge colour, neighbour class)."""
    classes = len(set(colours))
    while True:
        signatures = [
            (colours[v], tuple(sorted((c, colours[w]) for w, c in adjacency[v])))
            for v in range(len(colours))
        ]
        rank = {s: i for i, s in enumerate(sorted(set(signatures)))}
        colours = [rank[s] for s in signatures]
        if len(rank) == classes:
            return colours
        classes = len(rank)


def _graph_labelled(n, edges):
    """The edges of a grounded graph under the least labelling an individualisation-
    refinement search finds (ground fixed at 0).  Every labelling describes the
    graph faithfully; the search makes isomorphic graphs likely to agree."""
    adjacency = [[] for _ in range(n)]
    for u, v, c in edges:
        adjacency[u].append((v, c))
        adjacency[v].append((u, c))
    start = _refine([0] + [1] * (n - 1), adjacency)
    best = None
    budget = _CANON_BUDGET
    stack = [start]
    while stack:
        if budget <= 0 and best is not None:
            break
        colours = stack.pop()
        budget -= 1
        counts = {}
        for col in colours:
            counts[col] = counts.get(col, 0) + 1
        target = min((col for col, k in counts.items() if k > 1), default=None)
        if target is None:
            labelled = tuple(sorted(
                (colours[u], colours[v], c) if colours[u] <= colours[v] else (colours[v], colours[u], c)
                for u, v, c in edges
            ))
            if best is None or labelled < best:
                best = labelled
            continue
        cell = [v for v in range(n) if colours[v] == target]
        if budget <= 0:
            cell = cell[:1]
        for v in reversed(cell):
            split = [2 * col + 1 for col in colours]
            split[v] -= 1
            stack.append(_refine(split, adjacency))
    return best


# ---------------------------------------------------------------- fast paths
def berlekamp(colours):
    """The value of a Blue-Red string (colours from the ground up), by Berlekamp's rule.

    The leading run of one colour counts 1 per edge (blue +, red -); from the
    first change of colour on, the edges count 1/2, 1/4, 1/8, ... with the
    sign of their colour.  Read as signs, the string is the sign expansion of
    its value.

    >>> berlekamp("BRRB"), berlekamp("RBB")
    (Fraction(3, 8), Fraction(-1, 4))
    """
    total = Fraction(0)
    if not colours:
        return total
    first = colours[0]
    run = len(colours) - len(colours.lstrip(first))
    total += run if first == BLUE else -run
    numerator, denominator = 0, 1
    for c in colours[run:]:
        if c not in (BLUE, RED):
            raise ValueError(f"Berlekamp's rule is for Blue-Red strings; {c!r} is not blue or red")
        numerator = 2 * numerator + (1 if c == BLUE else -1)
        denominator *= 2
    return total + Fraction(numerator, denominator)


def _green_nim_value(n, edges):
    """The nim value of a connected green graph on 0..n-1 grounded at 0 (no loops).

    Fusion principle: the vertices of a cycle fuse into one and the cycle's
    edges become loops, that is twigs; bridges keep the tree shape.  Colon
    principle: a vertex's branches fuse into one stalk whose height is the
    nim-sum of theirs, and a branch over an edge is one taller.
    """
    adjacency = [[] for _ in range(n)]
    for index, (u, v, _) in enumerate(edges):
        adjacency[u].append((v, index))
        adjacency[v].append((u, index))
    bridges = _bridges(n, adjacency)
    # Two-edge-connected pieces: union the ends of every non-bridge edge.
    parent = list(range(n))

    def find(x):
        while parent[x] != x:
            parent[x] = parent[parent[x]]
            x = parent[x]
        return x

    twigs = [0] * n
    for index, (u, v, _) in enumerate(edges):
        if not bridges[index]:
            parent[find(u)] = find(v)
    for index, (u, v, _) in enumerate(edges):
        if not bridges[index]:
            twigs[find(u)] ^= 1
    tree = {}
    for index, (u, v, _) in enumerate(edges):
        if bridges[index]:
            a, b = find(u), find(v)
            tree.setdefault(a, []).append(b)
            tree.setdefault(b, []).append(a)
    root = find(0)
    order, up = [root], {root: None}
    for x in order:
        for y in tree.get(x, ()):
            if y not in up:
                up[y] = x
                order.append(y)
    nim = {x: twigs[x] for x in order}
    for x in reversed(order[1:]):
        nim[up[x]] ^= nim[x] + 1
    return nim[root]


def _bridges(n, adjacency):
    """For each edge index, whether it is a bridge (Tarjan's lowpoints, iteratively;
    parallel edges are told apart by index, so they are never bridges)."""
    edge_count = sum(len(a) for a in adjacency) // 2
    bridge = [False] * edge_count
    number = [-1] * n
    low = [0] * n
    counter = 0
    for root in range(n):
        if number[root] >= 0:
            continue
        number[root] = low[root] = counter
        counter += 1
        stack = [(root, -1, iter(adjacency[root]))]
        while stack:
            v, via, neighbours = stack[-1]
            for w, index in neighbours:
                if index == via:
                    continue
                if number[w] < 0:
                    number[w] = low[w] = counter
                    counter += 1
                    stack.append((w, index, iter(adjacency[w])))
                    break
                low[v] = min(low[v], number[w])
            else:
                stack.pop()
                if stack:
                    u = stack[-1][0]
                    low[u] = min(low[u], low[v])
                    if low[v] > number[u]:
                        bridge[via] = True
    return bridge


# ================================================================ drawing
_INK = {BLUE: "#1f5fbf", RED: "#d62728", GREEN: "#2ca02c"}


def _layout(position):
    """Vertex positions (x in slots, level above the ground) by a tidy tree layout
    of a breadth-first spanning forest from the ground."""
    vertices = position._vertices
    adjacency = {v: [] for v in vertices}
    for u, v, _ in position._edges:
        if u != v:
            adjacency[u].append(v)
            adjacency[v].append(u)
    for v in adjacency:
        adjacency[v] = sorted(set(adjacency[v]))
    ground = position._ground
    level, children = {}, {v: [] for v in vertices}
    roots = list(ground)
    for g in ground:
        level[g] = 0

    def grow(queue):
        for u in queue:
            for w in adjacency[u]:
                if w not in level:
                    level[w] = level[u] + 1
                    children[u].append(w)
                    queue.append(w)

    grow(list(ground))
    for v in vertices:            # pieces off the ground float one level up
        if v not in level:
            roots.append(v)
            level[v] = 1
            grow([v])
    # Widths bottom-up, then x left to right.
    width = {}
    order = []
    for root in roots:
        queue = [root]
        for u in queue:
            queue.extend(children[u])
        order.extend(queue)
    for v in reversed(order):
        width[v] = max(1.0, sum(width[w] for w in children[v]))
    x = {}
    cursor = 0.0
    for root in roots:
        stack = [(root, cursor)]
        cursor += width[root]
        while stack:
            v, left = stack.pop()
            x[v] = left + width[v] / 2
            offset = left + (width[v] - sum(width[w] for w in children[v])) / 2
            for w in children[v]:
                stack.append((w, offset))
                offset += width[w]
    return x, level, cursor


def _svg(position, unit):
    x, level, span = _layout(position)
    loops = {}
    for u, v, _ in position._edges:
        if u == v:
            loops[u] = loops.get(u, 0) + 1
    top = max([level[v] + (0.9 if v in loops else 0) for v in position._vertices], default=0)
    margin = unit * 0.75
    width = max(span, 1) * unit + 2 * margin
    height = (top + 0.5) * unit + 2 * margin

    def at(v):
        return margin + x[v] * unit, height - margin - level[v] * unit

    parts = [
        f'<svg xmlns="http://www.w3.org/2000/svg" width="{width:g}" height="{height:g}" '
        f'viewBox="0 0 {width:g} {height:g}">',
        f"<title>{escape(repr(position))}</title>",
        f'<line x1="0" y1="{height - margin:g}" x2="{width:g}" y2="{height - margin:g}" '
        f'stroke="#6b4f2a" stroke-width="4"/>',
    ]
    copies = {}
    loop_number = {}
    for u, v, c in position._edges:
        ink = _INK[c]
        (x1, y1), (x2, y2) = at(u), at(v)
        if u == v:
            # Loops fan out around the upward direction, a teardrop each.
            k = loop_number[u] = loop_number.get(u, 0) + 1
            angle = (k - (loops[u] + 1) / 2) * 0.7
            r = unit * 0.32
            dx, dy = math.sin(angle), -math.cos(angle)
            tip_x, tip_y = x1 + dx * 2.4 * r, y1 + dy * 2.4 * r
            side_x, side_y = -dy * 1.6 * r, dx * 1.6 * r
            path = (f"M{x1:g},{y1:g} C{tip_x + side_x:.4g},{tip_y + side_y:.4g} "
                    f"{tip_x - side_x:.4g},{tip_y - side_y:.4g} {x1:g},{y1:g}")
            parts.append(f'<path d="{path}" fill="none" stroke="{ink}" stroke-width="3"/>')
            continue
        k = copies[(u, v)] = copies.get((u, v), 0) + 1
        tree_edge = level.get(v) == level.get(u) + 1 or level.get(u) == level.get(v) + 1
        bend = (k // 2) * (1 if k % 2 else -1) if tree_edge else k
        if y1 == y2 and level[u] == 0:
            bend = abs(bend) or 1
        if bend == 0:
            parts.append(f'<line x1="{x1:g}" y1="{y1:g}" x2="{x2:g}" y2="{y2:g}" '
                         f'stroke="{ink}" stroke-width="3" stroke-linecap="round"/>')
        else:
            mx, my = (x1 + x2) / 2, (y1 + y2) / 2
            dx, dy = x2 - x1, y2 - y1
            length = (dx * dx + dy * dy) ** 0.5 or 1.0
            nx, ny = dy / length, -dx / length
            if ny > 0 or (ny == 0 and nx < 0):
                nx, ny = -nx, -ny
            cx, cy = mx + nx * bend * unit * 0.35, my + ny * bend * unit * 0.35
            parts.append(f'<path d="M{x1:g},{y1:g} Q{cx:g},{cy:g} {x2:g},{y2:g}" fill="none" '
                         f'stroke="{ink}" stroke-width="3" stroke-linecap="round"/>')
    ground = set(position._ground)
    for v in position._vertices:
        cx, cy = at(v)
        fill = "#6b4f2a" if v in ground else "#222"
        parts.append(f'<circle cx="{cx:g}" cy="{cy:g}" r="{unit * 0.09:g}" fill="{fill}"/>')
    parts.append("</svg>")
    return "\n".join(parts)
