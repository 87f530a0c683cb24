"""Col and Snort: colouring the vertices of a graph (Winning Ways, chapter 2).

Left colours an uncoloured vertex blue, Right colours one red.  In **Col** a
player may not colour a vertex next to a vertex of their own colour; in
**Snort** a player may not colour a vertex next to a vertex of the other
colour.

A vertex is written by a code:

====  ============================================================
``.``  uncoloured
``L``  coloured blue (Left's colour); ``"blue"`` is accepted too
``R``  coloured red (Right's colour); ``"red"`` is accepted too
``l``  uncoloured, *tinted* blue: as if it had one more, blue, neighbour
``r``  uncoloured, tinted red: as if it had one more, red, neighbour
``x``  uncoloured, tinted both ways (nobody may ever colour it)
====  ============================================================

Tints are the standard reduction: a coloured vertex matters only through the
constraint it puts on its uncoloured neighbours, so it can be removed once
each neighbour is tinted with its colour.  The moves of a position are such
reduced positions (coloured and dead vertices gone, tints applied); vertex
names are kept.  CGSuite works on reduced graphs only, so in its graph strings
(`Col.parse`) the tags ``L`` and ``R`` are the tints ``l`` and ``r``.

>>> from cgt.rulesets import Col, Snort
>>> print(Col.path(1).canonical_form, Col.path(2).canonical_form, Snort.path(2).canonical_form)
* 0 +-1
>>> print(Col([("a", "b")], colours={"a": "L"}).canonical_form)
-1
>>> print(Snort.parse(".-.-.(-.;-.)").canonical_form)
+-{3|2}
"""

import math
from cgt.rulesets.graph_notation import parse_graph
from cgt.rulesets.position import Position, PositionSyntaxError

__all__ = ["Col", "Snort"]

_ALIASES = {
    ".": ".", None: ".", "uncoloured": ".", "uncolored": ".",
    "L": "L", "blue": "L", "B": "L",
    "R": "R", "red": "R",
    "l": "l", "r": "r", "x": "x",
}
# Tints of an uncoloured code, as a bit set: 1 blue, 2 red.
_TINT = {".": 0, "l": 1, "r": 2, "x": 3}
_CODE = ".lrx"
# CGSuite's vertex tags in graph strings (game.graph.Col("R-.-L")): a tag is the
# colour of a vertex's coloured neighbours, that is a tint.
_CGSUITE_TAGS = {"L": "next to blue", "R": "next to red"}
_CGSUITE_TINTS = {"L": "l", "R": "r"}
_LEAF_BUDGET = 2000


class _GraphColouring(Position):
    """A position of Col or Snort: named vertices, a code for each, undirected edges."""

    __slots__ = ("vertices", "colours", "edges", "_adj", "_signed")
    _same_colour_forbidden = True  # Col; Snort forbids the opposite colour

    def __init__(self, edges=(), vertices=None, colours=None):
        name = type(self).__name__
        edge_list = []
        for edge in edges:
            try:
                u, v = edge
            except (TypeError, ValueError):
                raise ValueError(f"{name}: an edge is a pair of vertices, not {edge!r}") from None
            if u == v:
                raise ValueError(f"{name}: loop at vertex {u!r} (an edge joins two different vertices)")
            edge_list.append((u, v))
        if vertices is None:
            names = {}
            for u, v in edge_list:
                names.setdefault(u, None)
                names.setdefault(v, None)
            vertices = tuple(names)
        else:
            vertices = tuple(vertices)
            if len(set(vertices)) != len(vertices):
                raise ValueError(f"{name}: repeated vertex in vertices={list(vertices)!r}")
        index = {v: i for i, v in enumerate(vertices)}
        for u, v in edge_list:
            for w in (u, v):
                if w not in index:
                    raise ValueError(f"{name}: edge ({u!r}, {v!r}) uses {w!r}, which is not a vertex")
        codes = ["."] * len(vertices)
        for v, colour in (colours or {}).items():
            if v not in index:
                raise ValueError(f"{name}: colour given for {v!r}, which is not a vertex")
            try:
                codes[index[v]] = _ALIASES[colour]
            except (KeyError, TypeError):
                raise ValueError(
                    f"{name}: unknown colour {colour!r} for vertex {v!r} "
                    "(expected '.', 'L'/'blue', 'R'/'red', or a tint 'l', 'r', 'x')"
                ) from None
        adj = [0] * len(vertices)
        for u, v in edge_list:
            i, j = index[u], index[v]
            adj[i] |= 1 << j
            adj[j] |= 1 << i
        self._set(vertices, "".join(codes), tuple(adj))

    def _set(self, vertices, colours, adj):
        self.vertices = vertices
        self.colours = colours
        self._adj = adj
        self.edges = tuple((vertices[i], vertices[j]) for i in range(len(adj)) for j in _bits(adj[i]) if i < j)
        self._signed = None

    @classmethod
    def _make(cls, vertices, colours, adj):
        position = object.__new__(cls)
        position._set(vertices, colours, adj)
        return position

    # -- construction helpers ------------------------------------------------

    @classmethod
    def path(cls, n):
        """The uncoloured path with ``n`` vertices ``0 .. n-1``."""
        if not isinstance(n, int) or n < 0:
            raise ValueError(f"a path has an int >= 0 of vertices, not {n!r}")
        return cls([(i, i + 1) for i in range(n - 1)], vertices=range(n))

    @classmethod
    def cycle(cls, n):
        """The uncoloured cycle with ``n >= 3`` vertices ``0 .. n-1``."""
        if not isinstance(n, int) or n < 3:
            raise ValueError(f"a cycle has an int >= 3 of vertices, not {n!r}")
        return cls([(i, (i + 1) % n) for i in range(n)], vertices=range(n))

    @classmethod
    def parse(cls, text):
        """A position in CGSuite's graph notation, e.g. ``"L-R---L"`` or ``".-.-.(-.;-.)"``.

        ``.`` is an uncoloured vertex, ``L``/``R`` an uncoloured vertex next
        to a blue/red one (CGSuite's vertex tags; they are the tints ``l``/``r``
        here: a coloured vertex itself is gone, it only tints its
        neighbours), ``-`` an edge; vertices may be left out where an edge needs an end (``"---"`` is
        a path of four) and edges between vertices written side by side
        (``"LR..L"`` is a path of five); ``(b1;b2;...)`` are branches off the
        preceding vertex; a vertex suffixed ``:A`` (or ``:{name}``) is the same
        vertex as every other named ``A``.  Vertices are numbered 0, 1, ... in
        reading order.  (The syntax is `cgt.rulesets.graph_notation`'s.)

        >>> Snort.parse(":A----:A") == Snort.cycle(4)
        True
        >>> Col.parse("LR..L") == Col.parse("L-R-.-.-L")
        True
        >>> print(Col.parse("R-.-R-.-L-.-R-.-R-.").canonical_form)    # CGSuite: 7/8
        7/8
        """
        if not isinstance(text, str):
            raise TypeError(f"a {cls.__name__} string is a str, not {type(text).__name__}")

        def syntax_error(message, text, column):
            return PositionSyntaxError(f"{cls.__name__} graph {text!r}, column {column}: {message}")

        graph = parse_graph(text, vertex_tags=_CGSUITE_TAGS, edge_tags="-", loops=False,
                            syntax_error=syntax_error)
        return cls([(u, v) for u, v, _ in graph.edges], vertices=range(len(graph.tags)),
                   colours={v: _CGSUITE_TINTS[tag] for v, tag in enumerate(graph.tags) if tag is not None})

    # -- the ruleset -----------------------------------------------------------

    def _reduced(self):
        """``(kept vertex indices, tint bits of each)``: coloured and dead vertices dropped."""
        codes, adj = self.colours, self._adj
        blue = red = 0
        for i, c in enumerate(codes):
            if c == "L":
                blue |= 1 << i
            elif c == "R":
                red |= 1 << i
        kept, tints = [], []
        for i, c in enumerate(codes):
            if c in "LR":
                continue
            t = _TINT[c] | (1 if adj[i] & blue else 0) | (2 if adj[i] & red else 0)
            if t != 3:
                kept.append(i)
                tints.append(t)
        return kept, tints

    def _build(self, kept, tints):
        pos = {i: k for k, i in enumerate(kept)}
        adj = tuple(sum(1 << pos[j] for j in _bits(self._adj[i]) if j in pos) for i in kept)
        return self._make(tuple(self.vertices[i] for i in kept), "".join(_CODE[t] for t in tints), adj)

    def _moves(self, colour_bit):
        # colour_bit 1: Left colours blue; 2: Right colours red.
        kept, tints = self._reduced()
        blocked = colour_bit if self._same_colour_forbidden else 3 - colour_bit
        out = []
        for k, i in enumerate(kept):
            if tints[k] & blocked:
                continue
            new_kept, new_tints = [], []
            for m, j in enumerate(kept):
                if j == i:
                    continue
                t = tints[m] | (colour_bit if self._adj[i] >> j & 1 else 0)
                if t != 3:
                    new_kept.append(j)
                    new_tints.append(t)
            out.append(self._build(new_kept, new_tints))
        return out

    def left_moves(self):
        return self._moves(1)

    def right_moves(self):
        return self._moves(2)

    def components(self):
        kept, tints = self._reduced()
        tint_of = dict(zip(kept, tints))
        remaining = set(kept)
        parts = []
        for start in kept:
            if start not in remaining:
                continue
            seen, stack = {start}, [start]
            while stack:
                i = stack.pop()
                for j in _bits(self._adj[i]):
                    if j in remaining and j not in seen:
                        seen.add(j)
                        stack.append(j)
            remaining -= seen
            part = sorted(seen)
            parts.append(self._build(part, [tint_of[i] for i in part]))
        return tuple(parts)

    def signed_key(self):
        """A relabelling-invariant key of the reduced graph, or of its colour swap (the negative)."""
        if self._signed is None:
            kept, tints = self._reduced()
            pos = {i: k for k, i in enumerate(kept)}
            adj = [[pos[j] for j in _bits(self._adj[i]) if j in pos] for i in kept]
            key = _canonical(tints, adj)
            swapped = _canonical([(t & 1) << 1 | t >> 1 for t in tints], adj)
            self._signed = (swapped, True) if swapped < key else (key, False)
        return self._signed

    @property
    def key(self):
        return self.signed_key()[0]

    # -- value-class behaviour ---------------------------------------------------

    def __eq__(self, other):
        if type(other) is not type(self):
            return NotImplemented
        return (self.vertices, self.colours, self._adj) == (other.vertices, other.colours, other._adj)

    def __hash__(self):
        return hash((type(self).__name__, self.vertices, self.colours, self._adj))

    def __repr__(self):
        name = type(self).__name__
        colours = {v: c for v, c in zip(self.vertices, self.colours) if c != "."}
        from_edges = tuple(dict.fromkeys(v for edge in self.edges for v in edge))
        args = [repr(list(self.edges))]
        if from_edges != self.vertices:          # isolated vertices, or an order the edges do not give
            args.append(f"vertices={list(self.vertices)!r}")
        if colours:
            args.append(f"colours={colours!r}")
        return f"{name}({', '.join(args)})"

    def _repr_svg_(self):
        n = len(self.vertices)
        size, radius = 160, 10
        centre = size / 2
        ring = 0 if n == 1 else size / 2 - 2 * radius
        xy = [(centre + ring * math.cos(2 * math.pi * k / max(n, 1) - math.pi / 2),
               centre + ring * math.sin(2 * math.pi * k / max(n, 1) - math.pi / 2)) for k in range(n)]
        fill = {".": "#fff", "L": "#36c", "R": "#c33", "l": "#cde", "r": "#fcc", "x": "#ccc"}
        parts = [f'<svg xmlns="http://www.w3.org/2000/svg" width="{size}" height="{size}">']
        for i in range(n):
            for j in _bits(self._adj[i]):
                if i < j:
                    parts.append(f'<line x1="{xy[i][0]:.1f}" y1="{xy[i][1]:.1f}" x2="{xy[j][0]:.1f}" '
                                 f'y2="{xy[j][1]:.1f}" stroke="#000"/>')
        for (x, y), c in zip(xy, self.colours):
            parts.append(f'<circle cx="{x:.1f}" cy="{y:.1f}" r="{radius}" fill="{fill[c]}" stroke="#000"/>')
        parts.append("</svg>")
        return "".join(parts)


class Col(_GraphColouring):
    """Col: no player may colour a vertex next to a vertex of their own colour.

    ``Col(edges, vertices=None, colours=None)``: ``edges`` are pairs of vertex
    names; ``vertices`` (default: those the edges name, in order of appearance)
    lists every vertex, isolated ones included; ``colours`` maps some of
    them to a code (see the module docs; uncoloured by default).

    >>> print(Col.path(3).canonical_form, Col.parse("L-.-.").canonical_form)
    0 -1/2
    >>> Col([(0, 1)]).left_moves()
    [Col([], vertices=[1], colours={1: 'l'}), Col([], vertices=[0], colours={0: 'l'})]
    """

    __slots__ = ()
    _same_colour_forbidden = True


class Snort(_GraphColouring):
    """Snort: no player may colour a vertex next to a vertex of the other colour.

    Constructed like `Col`.

    >>> print(Snort.path(3).canonical_form, Snort([(0, 1)], colours={0: "L"}).canonical_form)
    +-2 1
    """

    __slots__ = ()
    _same_colour_forbidden = False


def _bits(mask):
    while mask:
        low = mask & -mask
        yield low.bit_length() - 1
        mask ^= low


def _refine(colour, adj):
    """Colour refinement: split classes by the multiset of neighbours' classes, until stable."""
    while True:
        sig = [(colour[v], tuple(sorted(colour[u] for u in adj[v]))) for v in range(len(adj))]
        rank = {s: k for k, s in enumerate(sorted(set(sig)))}
        new = [rank[s] for s in sig]
        if len(rank) == len(set(colour)):
            return new
        colour = new


def _canonical(tints, adj):
    """``(codes, edges)`` of the graph relabelled by the least leaf of an individualise-refine search.

    Every leaf is the graph itself under some relabelling, so the key always
    describes exactly this graph (never merging two non-isomorphic ones).
    With at most ``_LEAF_BUDGET`` leaves the search is complete, and the key is
    the same for all isomorphic graphs.
    """
    n = len(tints)
    if n == 0:
        return ("", ())
    start = _refine([(tints[v], len(adj[v])) for v in range(n)], adj)
    best = None
    stack = [start]
    leaves = 0
    while stack and leaves < _LEAF_BUDGET:
        colour = stack.pop()
        counts = {}
        for c in colour:
            counts[c] = counts.get(c, 0) + 1
        cell = min((c for c, k in counts.items() if k > 1), default=None)
        if cell is None:
            leaves += 1
            order = sorted(range(n), key=colour.__getitem__)
            new = {v: k for k, v in enumerate(order)}
            leaf = ("".join(_CODE[tints[v]] for v in order),
                    tuple(sorted((new[u], new[v]) for v in range(n) for u in adj[v] if new[u] < new[v])))
            if best is None or leaf < best:
                best = leaf
            continue
        for v in reversed([v for v in range(n) if colour[v] == cell]):
            split = [2 * c + 1 for c in colour]
            split[v] = 2 * cell
            stack.append(_refine(split, adj))
    return best
