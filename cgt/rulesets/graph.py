"""Positions played on graphs: named vertices with labels, edges in layers, and their canonical keys.

A ruleset played on a graph (`Col`, `Snort`, `ArcKayles`, ...) is a subclass of
`GraphPosition`: its vertices have names, each a *label* (a tint in Col, a
weight in Weighted Arc Kayles) and the edges lie in one or two *layers* (two
for coloured edges: layer 0 holds the edges Left may use, layer 1 Right's, a
green edge both).  An edge from a vertex to itself is a loop.  The ruleset says
which vertices are still alive (`GraphPosition._reduced`); the rest follows:

* `components` are the connected components of the live vertices in which
  somebody can move;
* `signed_key` is a canonical labelling of the live graph, so that isomorphic
  positions share a table entry, and, for rulesets where swapping the colours
  (`_swap_negates`) gives the negative, the lesser of the keys of the graph
  and of its colour swap, the latter marked as negated.

The canonical labelling is `cgt.rulesets.graph_labelling.canonical_key`.
"""

from __future__ import annotations

import math
from typing import TYPE_CHECKING

from cgt.rulesets import compiled
from cgt.rulesets.graph_labelling import bits, canonical_key
from cgt.rulesets.graph_notation import parse_graph
from cgt.rulesets.position import Position, PositionSyntaxError

if TYPE_CHECKING:
    from typing_extensions import Self

__all__ = ["GraphPosition", "bits", "canonical_key"]

#: The width and height of a graph's drawing, and the radius of a vertex, in pixels.
SVG_SIZE, SVG_RADIUS = 160, 10


def ring_layout(n):
    """The centres ``(x, y)`` of ``n`` vertices drawn on a ring, the first at the top, in a square of `SVG_SIZE`.

    >>> ring_layout(1), ring_layout(2)[1]
    ([(80.0, 80.0)], (80.0, 140.0))
    """
    centre = SVG_SIZE / 2
    ring = 0 if n == 1 else SVG_SIZE / 2 - 2 * SVG_RADIUS
    return [(centre + ring * math.cos(2 * math.pi * k / max(n, 1) - math.pi / 2),
             centre + ring * math.sin(2 * math.pi * k / max(n, 1) - math.pi / 2)) for k in range(n)]


class GraphPosition(Position):
    """A position on a graph with named vertices: a label per vertex, edges in layers (see the module docs).

    A ruleset subclasses it and says which vertices are alive and what their
    labels mean (`_reduced`), how to build a position from live vertices
    (`_label_of`), and what the moves are.  Positions are values: equal when
    their vertices, labels and edges are, whatever their history.

    >>> from cgt.rulesets import ArcKayles
    >>> position = ArcKayles([("a", "b"), ("b", "c")])
    >>> position.vertices, position.edges, position.components() == (position,)
    (('a', 'b', 'c'), (('a', 'b'), ('b', 'c')), True)
    """

    __slots__ = ("vertices", "_labels", "_layers", "_signed")
    #: How many layers of edges positions have.
    _layer_count = 1
    #: Whether an edge may join a vertex to itself.
    _loops = False
    #: Whether swapping the colours (`_swap_label`, and the two layers) gives the negative.
    _swap_negates = False
    #: What a label is called in error messages.
    _label_name = "label"

    def _init(self, edges, vertices, labels, default):
        """Check and set a position: ``edges`` are ``(u, v, layers)`` (a bit set of the layers the
        edge is in), ``labels`` maps some vertices to their (checked) labels, the rest get ``default``."""
        name = type(self).__name__
        edges = list(edges)
        for u, v, _ in edges:
            if u == v and not self._loops:
                raise ValueError(f"{name}: loop at vertex {u!r} (an edge joins two different vertices)")
        if vertices is None:
            names = {}
            for u, v, _ in edges:
                names.setdefault(u, None)
                names.setdefault(v, None)
            vertices = tuple(names)
        else:
            try:
                vertices = tuple(vertices)
            except TypeError:
                raise TypeError(f"{name}: vertices is an iterable of vertex names, not {vertices!r}") from None
            try:
                distinct = len(set(vertices))
            except TypeError:
                raise TypeError(f"{name}: vertex names are hashable, not {vertices!r}") from None
            if distinct != len(vertices):
                raise ValueError(f"{name}: repeated vertex in vertices={list(vertices)!r}")
        index = {v: i for i, v in enumerate(vertices)}
        for u, v, _ in edges:
            for w in (u, v):
                if w not in index:
                    raise ValueError(f"{name}: edge ({u!r}, {v!r}) uses {w!r}, which is not a vertex")
        values = [default] * len(vertices)
        for v, label in labels.items():
            if v not in index:
                raise ValueError(f"{name}: {self._label_name} given for {v!r}, which is not a vertex")
            values[index[v]] = label
        layers = [[0] * len(vertices) for _ in range(self._layer_count)]
        for u, v, in_layers in edges:
            i, j = index[u], index[v]
            for k in bits(in_layers):
                layers[k][i] |= 1 << j
                layers[k][j] |= 1 << i
        self._set(vertices, tuple(values), tuple(tuple(rows) for rows in layers))

    @staticmethod
    def _edges(name, edges, size):
        """``edges`` as a list of tuples of ``size`` items (pairs of vertices, or triples with a
        colour), or a TypeError or ValueError naming ``name`` and the culprit."""
        try:
            edges = list(edges)
        except TypeError:
            raise TypeError(f"{name}: edges is an iterable of edges, not {edges!r}") from None
        shape = "a pair of vertices" if size == 2 else "a triple (vertex, vertex, colour)"
        out = []
        for edge in edges:
            try:
                items = tuple(edge)
            except TypeError:
                items = ()
            if len(items) != size:
                raise ValueError(f"{name}: an edge is {shape}, not {edge!r}")
            try:
                hash(items[:2])
            except TypeError:
                raise TypeError(f"{name}: vertex names are hashable, not as in {edge!r}") from None
            out.append(items)
        return out

    def _set(self, vertices, labels, layers):
        self.vertices = vertices
        self._labels = labels
        self._layers = layers
        self._signed = None

    @classmethod
    def _make(cls, vertices, labels, layers):
        position = object.__new__(cls)
        position._set(vertices, labels, layers)
        return position

    @classmethod
    def _parse(cls, text, vertex_tags, edge_tags):
        """A CGSuite graph string read by `cgt.rulesets.graph_notation`, its errors `PositionSyntaxError`."""
        if not isinstance(text, str):
            raise TypeError(f"{cls.__name__}.parse reads a str, not {type(text).__name__}")

        def syntax_error(message, text, column):
            return PositionSyntaxError(f"{cls.__name__} graph {text!r}, column {column}: {message}")

        return parse_graph(text, vertex_tags=vertex_tags, edge_tags=edge_tags, loops=cls._loops,
                           syntax_error=syntax_error)

    # -- the graph -------------------------------------------------------------------

    @property
    def edges(self):
        """The edges ``(u, v)`` (``(u, v, colour)`` with coloured edges), each once, ``u`` listed first."""
        out = []
        for i in range(len(self.vertices)):
            found = {}
            for k, layer in enumerate(self._layers):
                for j in bits(layer[i] >> i):
                    found[i + j] = found.get(i + j, 0) | 1 << k
            out += (self._edge_out(self.vertices[i], self.vertices[j], found[j]) for j in sorted(found))
        return tuple(out)

    def _edge_out(self, u, v, in_layers):
        """An edge as `edges` lists it."""
        return (u, v)

    def _reduced(self):
        """``(kept, labels)``: the indices of the live vertices, and each one's label as the
        compiled search reads it (a small int).  By default every vertex, with its label."""
        return list(range(len(self.vertices))), list(self._labels)

    def _label_of(self, reduced):
        """The label a vertex of a built position gets from its reduced label (by default the same)."""
        return reduced

    def _swap_label(self, label):
        """A label under the colour swap (by default the same)."""
        return label

    def _build(self, kept, labels):
        """The position on the vertices ``kept`` (indices), with these reduced labels."""
        position = {i: k for k, i in enumerate(kept)}
        layers = tuple(tuple(sum(1 << position[j] for j in bits(layer[i]) if j in position) for i in kept)
                       for layer in self._layers)
        return self._make(tuple(self.vertices[i] for i in kept), tuple(self._label_of(t) for t in labels), layers)

    def _live_graph(self):
        """``(labels, layers)`` of the live vertices, renumbered ``0, 1, ...``."""
        kept, labels = self._reduced()
        position = {i: k for k, i in enumerate(kept)}
        layers = tuple(tuple(sum(1 << position[j] for j in bits(layer[i]) if j in position) for i in kept)
                       for layer in self._layers)
        return labels, layers

    # -- the Position protocol -------------------------------------------------------------

    def components(self):
        """The connected components of the live vertices in which somebody can move."""
        kept, labels = self._reduced()
        label_of = dict(zip(kept, labels))
        remaining = set(kept)
        parts = []
        for start in kept:
            if start not in remaining:
                continue
            seen, stack = {start}, [start]
            while stack:
                i = stack.pop()
                for layer in self._layers:
                    for j in bits(layer[i]):
                        if j in remaining and j not in seen:
                            seen.add(j)
                            stack.append(j)
            remaining -= seen
            part = sorted(seen)
            component = self._build(part, [label_of[i] for i in part])
            if any(component._search_options()):
                parts.append(component)
        return tuple(parts)

    def signed_key(self):
        """A relabelling-invariant key of the live graph, or of its colour swap (standing for the negative)."""
        if self._signed is None:
            reduced, layers = self._live_graph()
            labels = tuple(self._label_of(t) for t in reduced)
            key = canonical_key(labels, layers)
            self._signed = (key, False)
            if self._swap_negates:
                swapped = canonical_key(tuple(self._swap_label(t) for t in labels), layers[::-1])
                if swapped < key:
                    self._signed = (swapped, True)
        return self._signed

    @property
    def key(self):
        return self.signed_key()[0]

    def _compiled_id(self):
        labels, layers = self._live_graph()
        if len(labels) > 64 or any(not 0 <= t < 256 for t in labels):
            return None
        return compiled.graph_value(self._compiled_rules, labels, layers)

    # -- value-class behaviour ---------------------------------------------------

    def __eq__(self, other):
        if type(other) is not type(self):
            return NotImplemented
        return (self.vertices, self._labels, self._layers) == (other.vertices, other._labels, other._layers)

    def __hash__(self):
        return hash((type(self).__name__, self.vertices, self._labels, self._layers))

    def _repr_labels(self):
        """The keyword argument giving the labels in `repr` (``"colours={...}"``), or None."""
        return None

    def __repr__(self):
        name = type(self).__name__
        from_edges = tuple(dict.fromkeys(v for edge in self.edges for v in edge[:2]))
        args = [repr(list(self.edges))]
        if from_edges != self.vertices:          # isolated vertices, or an order the edges do not give
            args.append(f"vertices={list(self.vertices)!r}")
        labels = self._repr_labels()
        if labels:
            args.append(labels)
        return f"{name}({', '.join(args)})"

    def _vertex_fill(self, label):
        """The SVG fill of a vertex with this label."""
        return "#fff"

    #: The SVG stroke of an edge in these layers (a bit set).
    _edge_strokes = {1: "#000"}

    def _repr_svg_(self):
        n = len(self.vertices)
        size, radius = SVG_SIZE, SVG_RADIUS
        xy = ring_layout(n)
        parts = [f'<svg xmlns="http://www.w3.org/2000/svg" width="{size}" height="{size}">']
        for i in range(n):
            for j in range(i, n):
                in_layers = sum(1 << k for k, layer in enumerate(self._layers) if layer[i] >> j & 1)
                if not in_layers:
                    continue
                stroke = self._edge_strokes[in_layers]
                if i == j:
                    parts.append(f'<circle cx="{xy[i][0]:.1f}" cy="{xy[i][1] - radius:.1f}" r="{radius}" '
                                 f'fill="none" stroke="{stroke}"/>')
                else:
                    parts.append(f'<line x1="{xy[i][0]:.1f}" y1="{xy[i][1]:.1f}" x2="{xy[j][0]:.1f}" '
                                 f'y2="{xy[j][1]:.1f}" stroke="{stroke}"/>')
        for (x, y), label in zip(xy, self._labels):
            parts.append(f'<circle cx="{x:.1f}" cy="{y:.1f}" r="{radius}" fill="{self._vertex_fill(label)}" '
                         'stroke="#000"/>')
        parts.append("</svg>")
        return "".join(parts)


class PlainGraphPosition(GraphPosition):
    """A graph position whose edges are plain (one layer): paths and cycles can be built by size."""

    __slots__ = ()

    @classmethod
    def path(cls, n: int) -> Self:
        """The path with ``n`` vertices ``0 .. n-1``.

        >>> from cgt.rulesets import Snort
        >>> Snort.path(3)
        Snort([(0, 1), (1, 2)])
        """
        if not isinstance(n, int) or isinstance(n, bool) or n < 0:
            raise ValueError(f"a path has an int >= 0 of vertices, not {n!r}")
        return cls([(i, i + 1) for i in range(n - 1)], vertices=range(n))  # type: ignore[call-arg]  # subclasses' own

    @classmethod
    def cycle(cls, n: int) -> Self:
        """The cycle with ``n >= 3`` vertices ``0 .. n-1``.

        >>> from cgt.rulesets import ArcKayles
        >>> print(ArcKayles.cycle(3).canonical_form)    # a move leaves one vertex, with no edge
        *
        """
        if not isinstance(n, int) or isinstance(n, bool) or n < 3:
            raise ValueError(f"a cycle has an int >= 3 of vertices, not {n!r}")
        return cls([(i, (i + 1) % n) for i in range(n)], vertices=range(n))  # type: ignore[call-arg]  # subclasses' own
