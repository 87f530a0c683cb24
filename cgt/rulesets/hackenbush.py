"""Hackenbush: cutting coloured edges of a picture standing on the ground.

A position is a graph whose edges are blue (only Left may cut them), red
(only Right) or green (either player), with some vertices on the *ground*.
A move deletes one edge of the mover's colour; every piece no longer
connected to the ground then falls away.  Multi-edges and loops are allowed.
As in CGSuite, a picture must stand on the ground: one with no ground raises
`EmptyGraphError` ("That Graph is empty (no ground)"), one with a vertex not
joined to the ground `DisconnectedGraphError` ("That Graph is not connected").

The value of a position is found by search, with Berlekamp's rule, the colon
principle and the fusion principle as shortcuts
(`cgt.rulesets.hackenbush_values`); pictures are drawn by
`cgt.rulesets.hackenbush_picture`.

>>> Hackenbush.string("BRRB").canonical_form
Game('3/8')
>>> Hackenbush.tree(("G", ["G", "G"])).canonical_form
Game('*')
>>> Hackenbush.graph([(0, 1, "G"), (1, 2, "G"), (2, 0, "G")], ground=[0]).canonical_form
Game('*')

`ChildishHackenbush` is the variant where a blue or red cut may not make other
edges fall; it shares the pictures, moves and search, without the fast paths.
Both are rulesets of CGSuite's schema `GenHackenbush`, which names the
colours whose cuts may not make other edges fall.
"""

from __future__ import annotations

import functools
from collections.abc import Hashable, Iterable
from numbers import Integral
from typing import TYPE_CHECKING, Any, ClassVar

from cgt.errors import DisconnectedGraphError, EmptyGraphError
from cgt.rulesets import hackenbush_picture
from cgt.rulesets.graph_notation import parse_graph
from cgt.rulesets.hackenbush_values import (BLUE, GREEN, RED, berlekamp, clear_cache, definition_id, piece_keys,
                                            reachable, run_deep_enough, value_id)
from cgt.rulesets.position import Position
from cgt.short.game import _game
from cgt.short.position import deprecated_spelling
from cgt.value import Immutable

if TYPE_CHECKING:
    from typing_extensions import Self

__all__ = ["ChildishHackenbush", "GenHackenbush", "Hackenbush", "berlekamp", "clear_cache"]

_COLOUR_NAMES = {"b": BLUE, "blue": BLUE, "r": RED, "red": RED, "g": GREEN, "green": GREEN}
_LEFT_COLOURS = (BLUE, GREEN)
_RIGHT_COLOURS = (RED, GREEN)



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
    >>> H.canonical_form, (-H).canonical_form, (H + Hackenbush.string("R")).canonical_form
    (Game('3/8'), Game('-3/8'), Game('-5/8'))
    """

    __slots__ = ("_vertices", "_ground", "_edges", "_value", "_hash")

    # The colours whose cuts may not make other edges fall (Childish Hackenbush).
    _childish: ClassVar[frozenset[str]] = frozenset()

    # ------------------------------------------------------------ construction
    def __init__(self, edges: Iterable[tuple[Hashable, Hashable, str]] = (), ground: Iterable[Hashable] = (0,),
                 vertices: Iterable[Hashable] | None = None) -> None:
        edges, ground, vertex_set = _validated(edges, ground, vertices)
        _init(self, vertex_set, ground, edges)

    @classmethod
    def graph(cls, edges: Iterable[tuple[Hashable, Hashable, str]], ground: Iterable[Hashable],
              vertices: Iterable[Hashable] | None = None) -> Self:
        """A picture from edges ``(u, v, colour)`` and the ground vertices.

        Vertices are non-negative ints; colours are ``'B'`` (blue, Left),
        ``'R'`` (red, Right) or ``'G'`` (green, either), in either case, or
        spelled out.  ``(v, v, colour)`` is a loop.  ``vertices`` (a count or
        the ids), when given, are the vertices the edges must use.  Every
        vertex must be joined to the ground by edges (CGSuite's "That Graph
        is not connected" otherwise, a `DisconnectedGraphError`), and there
        must be a ground (`EmptyGraphError` otherwise).

        >>> Hackenbush.graph([(0, 1, "B"), (1, 2, "R"), (0, 2, "G")], ground=[0]).canonical_form
        Game('1/2*')
        >>> Hackenbush.graph([(0, 1, "B"), (2, 3, "R")], ground=[0])
        Traceback (most recent call last):
        ...
        cgt.errors.DisconnectedGraphError: That Graph is not connected: vertices 2, 3 are not joined to the ground
        """
        return cls(edges, ground, vertices)

    @classmethod
    def string(cls, colours: str) -> Self:
        """A single stalk, its colours read from the ground up.

        A Blue-Red string is a number: Berlekamp's rule reads it as a sign
        expansion (blue ``+``, red ``-``).

        >>> Hackenbush.string("BRRB").canonical_form, Hackenbush.string("GGG").canonical_form
        (Game('3/8'), Game('*3'))
        """
        if not isinstance(colours, str):
            raise TypeError(f"a Hackenbush string is a str of colour letters, not {type(colours).__name__}")
        letters = [_colour(ch, lambda: f"at index {i} of string {colours!r}") for i, ch in enumerate(colours)]
        return _make(range(len(letters) + 1), (0,), [(i, i + 1, c) for i, c in enumerate(letters)], cls)

    @classmethod
    def stalks(cls, heights: Iterable[int], colour: str = GREEN) -> Self:
        """Stalks of the given heights side by side, each on its own ground vertex (Nim).

        With no stalks the picture is the bare ground, vertex 0.

        >>> Hackenbush.stalks([1, 2, 3]).canonical_form, Hackenbush.stalks([3, 5]).canonical_form
        (Game('0'), Game('*6'))
        """
        colour = _colour(colour, "for the stalks")
        edges: list[tuple[int, int, str]]
        ground: list[int]
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
    def tree(cls, *branches: Any) -> Self:
        """A tree rooted at one ground vertex, given by its branches.

        A branch is a stalk of colour letters read upward (``"BRG"``), or a
        pair ``(stalk, [branches])`` of a stalk and the branches growing from
        its top.

        >>> Y = Hackenbush.tree(("G", ["G", "G"]))    # a stalk forking in two
        >>> Y.edges
        ((0, 1, 'G'), (1, 2, 'G'), (1, 3, 'G'))
        >>> Hackenbush.tree("BB", ("R", ["B", "G"])).canonical_form
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
    def parse(cls, text: str) -> Self:
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

        >>> Hackenbush.parse("lrlerrr").canonical_form
        Game('3/4v[3]*')
        >>> Hackenbush.parse(":A eee :A").canonical_form     # a green triangle on the ground
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

    def _canonical_id(self):
        return self.canonical_form._id

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
        return tuple(sorted(piece_keys(self, fast=False), key=repr))

    @property
    def canonical_form(self):
        """The value: the canonical form of the position, as a `Game` (by the theorems of
        `cgt.rulesets.hackenbush_values` where they apply, else by search).

        >>> Hackenbush.string("BBRB").canonical_form, Hackenbush.stalks([3, 5]).canonical_form
        (Game('7/4'), Game('*6'))
        """
        value = self._value
        if value is None:
            childish = self._childish
            value = _game(run_deep_enough(len(self._edges), value_id, self, not childish, childish))
            object.__setattr__(self, "_value", value)
        return value

    value = deprecated_spelling("value", "canonical_form")

    def value_by_search(self, decompose=True):
        """The value by search over the moves, with none of the fast paths.

        With ``decompose`` (the default) the pieces meeting only at the
        ground are valued apart and summed, each memoised on its canonical
        key; without, it is the definition itself, memoised on the set of
        edges left: the reference the other two ways are tested against.

        >>> H = Hackenbush.string("BRRB")
        >>> H.value_by_search() == H.value_by_search(decompose=False) == H.canonical_form
        True
        """
        if decompose:
            return _game(run_deep_enough(len(self._edges), value_id, self, False, self._childish))
        return _game(run_deep_enough(len(self._edges), definition_id, self))

    # ------------------------------------------------------------ drawing
    def svg(self, unit=36):
        """The picture as SVG text: the ground line, coloured edges, vertices.

        >>> Hackenbush.string("BR").svg().startswith("<svg")
        True
        """
        return hackenbush_picture.svg(self, unit)

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

    >>> ChildishHackenbush.parse("l(l;rl)").canonical_form, Hackenbush.parse("l(l;rl)").canonical_form
    (Game('2'), Game('3/2'))
    >>> ChildishHackenbush.string("BRB").left_options      # the bottom edge would drop two others
    (ChildishHackenbush.string('BR'),)
    """

    __slots__ = ()
    _childish = frozenset((BLUE, RED))


def GenHackenbush(childish_edges: Iterable[str] = ()) -> type[Hackenbush]:
    """CGSuite's Hackenbush schema: a cut of an edge whose colour is in ``childish_edges``
    is legal only when no other edge then falls (``game.graph.GenHackenbush(childishEdges)``).

    ``GenHackenbush()`` is `Hackenbush`, ``GenHackenbush("BR")`` is
    `ChildishHackenbush`; other choices make a ruleset of their own (a class
    built like `Hackenbush`). Here a green cut may not drop anything either, so
    of a green stalk of two edges only the top one may be cut: ``{*|*} = 0``.

    >>> AllChildish = GenHackenbush("BRG")
    >>> AllChildish.string("GG").canonical_form, Hackenbush.string("GG").canonical_form
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
    floating = set(vertices) - reachable(vertices, ground, edges)
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



def _after_cut(position, index):
    """The position after cutting edge ``index``; fallen pieces (and their vertices) go."""
    edges = position._edges[:index] + position._edges[index + 1:]
    keep = reachable(position._vertices, position._ground, edges)
    return _make(sorted(keep), position._ground, [e for e in edges if e[0] in keep], type(position))
