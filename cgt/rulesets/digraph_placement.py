"""Digraph Placement: Left takes a blue vertex, Right a red one, and it goes with its out-neighbours.

Clow and McKay, "Digraph Placement Games", arXiv:2407.12219 (2024).  The game
is played on a digraph whose vertices are each coloured blue or red (the
colouring need not be proper).  Left chooses a blue vertex, Right a red one;
the chosen vertex is deleted with all its out-neighbours (the heads of its
arcs).  A player with no vertex of their colour left loses.  The ruleset is
universal: every short game is the value of some Digraph Placement position,
and the 22 values born by day 2 all need at most 4 vertices.

A position is written as cgt-py writes one (cgt-tools' ``DigraphPlacement``):
the number of vertices ``n`` (named ``0 .. n-1``) or a list of vertex names, the
arcs as pairs ``(u, v)`` for ``u -> v``, and the ``blue`` and ``red`` vertices;
``repr`` gives that form back.  CGSuite has no Digraph Placement.  The compiled
engine searches digraphs of up to 64 vertices in Rust
(``rust/src/rulesets/digraph_placement.rs``); larger ones, and the pure engine,
by the Python search.

Worked by hand: on a blue vertex 0 with an arc to a red vertex 1, Left's move
takes both (leaving 0), Right's takes only 1 (leaving a lone blue vertex,
worth 1), so the value is ``{0 | 1} = 1/2``; with arcs both ways either move
takes both, ``{0 | 0} = *``:

>>> from cgt.rulesets import DigraphPlacement
>>> print(DigraphPlacement(2, [(0, 1)], blue=[0], red=[1]).canonical_form)
1/2
>>> print(DigraphPlacement(2, [(0, 1), (1, 0)], blue=[0], red=[1]).canonical_form)
*
"""

from __future__ import annotations

import math
from collections.abc import Hashable, Iterable
from typing import Any

from cgt.rulesets.graph import SVG_RADIUS, SVG_SIZE, GraphPosition, bits, canonical_key, ring_layout

__all__ = ["DigraphPlacement"]

#: Vertex labels: 0 blue (Left's), 1 red (Right's).
BLUE, RED = 0, 1
_FILLS = {BLUE: "#36c", RED: "#c33"}


class DigraphPlacement(GraphPosition):
    """A Digraph Placement position: ``DigraphPlacement(n, arcs, blue=[...], red=[...])``.

    ``n`` is the number of vertices (``0 .. n-1``) or a list of their names;
    ``arcs`` are pairs ``(u, v)``, an arc ``u -> v``; every vertex is in exactly
    one of ``blue`` and ``red``.  Moves keep the names of the vertices they leave.

    >>> position = DigraphPlacement(["a", "b", "c"], [("a", "b"), ("b", "c")], blue=["a", "b"], red=["c"])
    >>> position.left_moves()
    [DigraphPlacement(['c'], [], blue=[], red=['c']), DigraphPlacement(['a'], [], blue=['a'], red=[])]
    >>> position.right_moves()
    [DigraphPlacement(['a', 'b'], [('a', 'b')], blue=['a', 'b'], red=[])]
    """

    __slots__ = ()
    # Layer 0 holds each vertex's out-neighbours, layer 1 its in-neighbours: an arc is in both,
    # so that colour refinement and the canonical labelling (`canonical_key`) see its direction.
    _layer_count = 2
    _loops = True
    _swap_negates = True
    _label_name = "colour"
    _compiled_rules = ("digraph_placement_new",)

    def __init__(self, graph: Any = 0, edges: Iterable[tuple[Hashable, Hashable]] = (), blue: Iterable[Hashable] = (),
                 red: Iterable[Hashable] = ()) -> None:
        name = type(self).__name__
        if isinstance(graph, int) and not isinstance(graph, bool):
            if graph < 0:
                raise ValueError(f"{name}: the number of vertices is an int >= 0, not {graph}")
            vertices = tuple(range(graph))
        elif isinstance(graph, (str, bytes)) or not _iterable(graph):
            raise TypeError(f"{name}: the vertices are a number n (vertices 0 .. n-1) or a list of vertex names, "
                            f"not {graph!r}")
        else:
            vertices = tuple(graph)
            try:
                distinct = len(set(vertices))
            except TypeError:
                raise TypeError(f"{name}: vertex names are hashable, not as in {list(vertices)!r}") from None
            if distinct != len(vertices):
                raise ValueError(f"{name}: repeated vertex in {list(vertices)!r}")
        index = {v: i for i, v in enumerate(vertices)}
        arcs = self._edges(name, () if edges is None else edges, 2)
        for u, v in arcs:
            for w in (u, v):
                if w not in index:
                    raise ValueError(f"{name}: arc ({u!r}, {v!r}) uses {w!r}, which is not a vertex")
        labels: list[Any] = [None] * len(vertices)
        for colour, label, chosen in (("blue", BLUE, blue), ("red", RED, red)):
            chosen = () if chosen is None else chosen
            if isinstance(chosen, (str, bytes)) or not _iterable(chosen):
                raise TypeError(f"{name}: {colour} is a list of vertices, not {chosen!r}")
            for v in chosen:
                if v not in index:
                    raise ValueError(f"{name}: {colour} vertex {v!r} is not a vertex")
                if labels[index[v]] not in (None, label):
                    raise ValueError(f"{name}: vertex {v!r} is both blue and red (a vertex has one colour)")
                labels[index[v]] = label
        missing = [v for v, label in zip(vertices, labels) if label is None]
        if missing:
            raise ValueError(f"{name}: vertex {missing[0]!r} has no colour (every vertex is blue or red)")
        out_layer, in_layer = [0] * len(vertices), [0] * len(vertices)
        for u, v in arcs:
            out_layer[index[u]] |= 1 << index[v]
            in_layer[index[v]] |= 1 << index[u]
        self._set(vertices, tuple(labels), (tuple(out_layer), tuple(in_layer)))

    # -- the digraph -----------------------------------------------------------------------------

    @property
    def edges(self):
        """The arcs ``(u, v)``, ``u -> v``, by the order of `vertices` of ``u``, then of ``v``."""
        vertices = self.vertices
        return tuple((vertices[i], vertices[j]) for i, heads in enumerate(self._layers[0]) for j in bits(heads))

    arcs = edges

    @property
    def blue(self):
        """The blue vertices (Left's), in the order of `vertices`."""
        return tuple(v for v, label in zip(self.vertices, self._labels) if label == BLUE)

    @property
    def red(self):
        """The red vertices (Right's), in the order of `vertices`."""
        return tuple(v for v, label in zip(self.vertices, self._labels) if label == RED)

    # -- the Position protocol -------------------------------------------------------------------

    def left_moves(self):
        return self._placements(BLUE)

    def right_moves(self):
        return self._placements(RED)

    def _placements(self, colour):
        """The positions after choosing each vertex of ``colour``: it and its out-neighbours deleted."""
        heads = self._layers[0]
        out = []
        for v, label in enumerate(self._labels):
            if label == colour:
                gone = heads[v] | 1 << v
                kept = [i for i in range(len(self._labels)) if not gone >> i & 1]
                out.append(self._build(kept, [self._labels[i] for i in kept]))
        return out

    def components(self):
        """The weakly connected components of the digraph (joined by arcs either way).

        A move deletes a vertex and its out-neighbours, all in its own
        component, and may be made whenever the vertex is there: it changes one
        component and leaves the others as they were, so the position is the
        disjunctive sum of its components.  (Every vertex is someone's move, so
        no component is dead.)

        >>> DigraphPlacement(4, [(0, 1), (3, 2)], blue=[0, 2], red=[1, 3]).components()
        (DigraphPlacement(2, [(0, 1)], blue=[0], red=[1]), DigraphPlacement([2, 3], [(3, 2)], blue=[2], red=[3]))
        """
        return super().components()

    def signed_key(self):
        """A relabelling-invariant key of the coloured digraph, or of it with blue and red swapped
        (standing for the negative: Left's vertices become Right's), whichever is less."""
        if self._signed is None:
            key = canonical_key(self._labels, self._layers)
            swapped = canonical_key(tuple(RED - label for label in self._labels), self._layers)
            self._signed = (swapped, True) if swapped < key else (key, False)
        return self._signed

    # -- printing and drawing --------------------------------------------------------------------

    def __repr__(self):
        name = type(self).__name__
        n = len(self.vertices)
        graph = n if self.vertices == tuple(range(n)) else list(self.vertices)
        return f"{name}({graph!r}, {list(self.edges)!r}, blue={list(self.blue)!r}, red={list(self.red)!r})"

    def _repr_svg_(self):
        xy = ring_layout(len(self.vertices))
        parts = [f'<svg xmlns="http://www.w3.org/2000/svg" width="{SVG_SIZE}" height="{SVG_SIZE}">']
        for i, heads in enumerate(self._layers[0]):
            for j in bits(heads):
                parts.append(_arrow(xy[i], xy[j]) if i != j else
                             f'<circle cx="{xy[i][0]:.1f}" cy="{xy[i][1] - SVG_RADIUS:.1f}" r="{SVG_RADIUS}" '
                             'fill="none" stroke="#000"/>')
        for (x, y), label in zip(xy, self._labels):
            parts.append(f'<circle cx="{x:.1f}" cy="{y:.1f}" r="{SVG_RADIUS}" fill="{_FILLS[label]}" stroke="#000"/>')
        parts.append("</svg>")
        return "".join(parts)


def _iterable(value):
    try:
        iter(value)
    except TypeError:
        return False
    return True


def _arrow(start, end):
    """An SVG line from vertex ``start`` to vertex ``end`` with an arrowhead touching ``end``'s circle."""
    (x1, y1), (x2, y2) = start, end
    length = math.hypot(x2 - x1, y2 - y1) or 1.0
    ux, uy = (x2 - x1) / length, (y2 - y1) / length
    tip = (x2 - ux * SVG_RADIUS, y2 - uy * SVG_RADIUS)
    back = (tip[0] - ux * 8, tip[1] - uy * 8)
    wings = [(back[0] - uy * 4, back[1] + ux * 4), (back[0] + uy * 4, back[1] - ux * 4)]
    points = " ".join(f"{x:.1f},{y:.1f}" for x, y in (tip, *wings))
    return (f'<line x1="{x1:.1f}" y1="{y1:.1f}" x2="{back[0]:.1f}" y2="{back[1]:.1f}" stroke="#000"/>'
            f'<polygon points="{points}" fill="#000"/>')
