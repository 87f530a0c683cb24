"""Col, Snort and Fjords: colouring the vertices of a graph (Winning Ways, chapter 2), and their family GenCol.

Left colours an uncoloured vertex blue, Right colours one red.  In **Col** a
player may not colour a vertex next to a vertex of their own colour; in
**Snort** a player may not colour a vertex next to a vertex of the other
colour; in **Fjords** a player may only colour a vertex next to one of their
own colour and none of the other's (a vertex next to both colours is dead, as
in CGSuite's ``GenCol``, whose tints this follows).

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

The three are CGSuite's ruleset family ``GenCol(leftPermitted, rightPermitted)``:
each player may colour the vertices whose tint is in their permitted set.
`GenCol` makes the ruleset of any two sets; with the compiled engine its
search runs in Rust (``rust/src/rulesets/graph_colouring.rs``).
"""

from __future__ import annotations

import functools
from collections.abc import Hashable, Iterable, Mapping
from typing import Any

from cgt.rulesets.graph import PlainGraphPosition

__all__ = ["Col", "Fjords", "GenCol", "Snort"]

_ALIASES = {
    ".": ".", None: ".", "uncoloured": ".", "uncolored": ".",
    "L": "L", "blue": "L", "B": "L",
    "R": "R", "red": "R",
    "l": "l", "r": "r", "x": "x",
}
# Tints of an uncoloured code, as a bit set: 1 blue, 2 red.
_TINT = {".": 0, "l": 1, "r": 2, "x": 3}
_CODE = ".lrx"
_SWAP = {".": ".", "l": "r", "r": "l", "x": "x", "L": "R", "R": "L"}
# CGSuite's vertex tags in graph strings (game.graph.Col("R-.-L")): a tag is the
# colour of a vertex's coloured neighbours, that is a tint.
_CGSUITE_TAGS = {"L": "next to blue", "R": "next to red"}
_CGSUITE_TINTS = {"L": "l", "R": "r"}
# The tints a permitted set may hold, with CGSuite's spellings (Nothing, Left, Right).
_PERMITTED = {".": ".", None: ".", "l": "l", "L": "l", "r": "r", "R": "r"}
# The tints a vertex of each tint can still come to have (its own included).
_REACHABLE = {0: 0b111, 1: 0b010, 2: 0b100}
_FILLS = {".": "#fff", "L": "#36c", "R": "#c33", "l": "#cde", "r": "#fcc", "x": "#ccc"}


class _GenCol(PlainGraphPosition):
    """A position of a ruleset of the GenCol family: named vertices, a code for each, undirected edges."""

    __slots__ = ()
    _label_name = "colour"
    _swap_negates = True
    #: The tints Left and Right may colour, as bit sets (bit 0 untinted, 1 next to blue, 2 next to red).
    _permitted = (0b101, 0b011)

    def __init__(self, edges: Iterable[Any] = (), vertices: Iterable[Hashable] | None = None,
                 colours: Mapping[Hashable, str] | None = None) -> None:
        name = type(self).__name__
        edges = [(u, v, 1) for u, v in self._edges(name, edges, 2)]
        codes = {}
        if colours is not None and not hasattr(colours, "items"):
            raise TypeError(f"{name}: colours is a dict from vertices to codes, not {colours!r}")
        for v, colour in (colours or {}).items():
            try:
                codes[v] = _ALIASES[colour]
            except (KeyError, TypeError):
                raise ValueError(
                    f"{name}: unknown colour {colour!r} for vertex {v!r} "
                    "(expected '.', 'L'/'blue', 'R'/'red', or a tint 'l', 'r', 'x')"
                ) from None
        self._init(edges, vertices, codes, ".")

    @property
    def colours(self):
        """The vertices' codes, in the order of `vertices`, as a str.

        >>> Col([(0, 1), (1, 2)], colours={0: "L", 2: "r"}).colours
        'L.r'
        """
        return "".join(self._labels)

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
        graph = cls._parse(text, _CGSUITE_TAGS, "-")
        return cls([(u, v) for u, v, _ in graph.edges], vertices=range(len(graph.tags)),
                   colours={v: _CGSUITE_TINTS[tag] for v, tag in enumerate(graph.tags) if tag is not None})

    # -- the ruleset -----------------------------------------------------------

    def _reduced(self):
        """``(kept vertex indices, tint bits of each)``: coloured and dead vertices dropped."""
        codes, adj = self._labels, self._layers[0]
        blue = red = 0
        for i, c in enumerate(codes):
            if c == "L":
                blue |= 1 << i
            elif c == "R":
                red |= 1 << i
        anyone = self._permitted[0] | self._permitted[1]
        kept, tints = [], []
        for i, c in enumerate(codes):
            if c in "LR":
                continue
            t = _TINT[c] | (1 if adj[i] & blue else 0) | (2 if adj[i] & red else 0)
            if t != 3 and _REACHABLE[t] & anyone:
                kept.append(i)
                tints.append(t)
        return kept, tints

    def _label_of(self, tint):
        return _CODE[tint]

    def _swap_label(self, code):
        return _SWAP[code]

    def _moves(self, player):
        """The positions after ``player`` (0 Left, colouring blue; 1 Right, red) colours a vertex."""
        colour_bit = 1 << player
        permitted = self._permitted[player]
        kept, tints = self._reduced()
        out = []
        for k, i in enumerate(kept):
            if not permitted >> tints[k] & 1:
                continue
            new_kept, new_tints = [], []
            for m, j in enumerate(kept):
                if j == i:
                    continue
                t = tints[m] | (colour_bit if self._layers[0][i] >> j & 1 else 0)
                if t != 3:
                    new_kept.append(j)
                    new_tints.append(t)
            out.append(self._build(new_kept, new_tints))
        return out

    def left_moves(self):
        return self._moves(0)

    def right_moves(self):
        return self._moves(1)

    # -- value-class behaviour ---------------------------------------------------

    def _repr_labels(self):
        colours = {v: c for v, c in zip(self.vertices, self._labels) if c != "."}
        return f"colours={colours!r}" if colours else None

    def _vertex_fill(self, code):
        return _FILLS[code]


def GenCol(left_permitted: str, right_permitted: str) -> type[_GenCol]:
    """The ruleset of CGSuite's colouring family ``game.graph.GenCol(leftPermitted, rightPermitted)``.

    Each player may colour the uncoloured vertices whose tint is in their
    permitted set: ``.`` for a vertex with no coloured neighbour (CGSuite's
    ``Nothing``; ``None`` is accepted too), ``l`` for one next to a blue
    vertex (CGSuite's ``Left``; ``"L"`` too), ``r`` for one next to a red
    vertex (``Right``; ``"R"``).  A set is a str of these (``".r"``) or a
    collection (``[None, "R"]``).  Colouring a vertex removes it, tints its
    neighbours with the mover's colour, and removes the neighbours then
    tinted both ways.  The result is a `~cgt.rulesets.Position` class (the
    same one for the same sets), whose positions are built like `Col`'s:

    >>> GenCol(".r", ".l")
    <class 'cgt.rulesets.graph_colouring.GenCol(left_permitted='.r', right_permitted='.l')'>
    >>> issubclass(Col, GenCol([None, "R"], [None, "L"]))
    True
    >>> print(GenCol(".", ".").parse("..").canonical_form)    # a move leaves a tinted vertex: dead
    *
    """
    left = _permitted_set("left_permitted", left_permitted)
    right = _permitted_set("right_permitted", right_permitted)
    return _gen_col(left, right)


def _permitted_set(name, tints):
    if isinstance(tints, str):
        tints = list(tints)
    try:
        tints = list(tints)
    except TypeError:
        raise TypeError(f"{name} is a str or a collection of tints '.', 'l', 'r', not {tints!r}") from None
    out = set()
    for tint in tints:
        try:
            out.add(_PERMITTED[tint])
        except (KeyError, TypeError):
            raise ValueError(f"{name}: a tint is '.' (or None), 'l' (or 'L') or 'r' (or 'R'), "
                             f"not {tint!r}") from None
    return "".join(t for t in ".lr" if t in out)


@functools.cache
def _gen_col(left, right):
    """The ruleset class of normalised GenCol parameters (one per set of rules)."""
    permitted = tuple(sum(1 << ".lr".index(t) for t in side) for side in (left, right))
    name = f"GenCol(left_permitted={left!r}, right_permitted={right!r})"
    return type(name, (_GenCol,), {
        "__slots__": (),
        "__module__": __name__,
        "__doc__": f"The colouring ruleset {name}.",
        "_permitted": permitted,
        "_swap_negates": right == left.translate(str.maketrans("lr", "rl")),
        "_compiled_rules": ("gen_col_new", *permitted),
    })


class Col(GenCol(".r", ".l")):  # type: ignore[misc]
    """Col: no player may colour a vertex next to a vertex of their own colour.

    ``Col(edges, vertices=None, colours=None)``: ``edges`` are pairs of vertex
    names; ``vertices`` (default: those the edges name, in order of appearance)
    lists every vertex, isolated ones included; ``colours`` maps some of
    them to a code (see the module docs; uncoloured by default).  CGSuite's
    ``GenCol([Nothing, Right], [Nothing, Left])``.

    >>> print(Col.path(3).canonical_form, Col.parse("L-.-.").canonical_form)
    0 -1/2
    >>> Col([(0, 1)]).left_moves()
    [Col([], vertices=[1], colours={1: 'l'}), Col([], vertices=[0], colours={0: 'l'})]
    """

    __slots__ = ()


class Snort(GenCol(".l", ".r")):  # type: ignore[misc]
    """Snort: no player may colour a vertex next to a vertex of the other colour.

    Constructed like `Col`.  CGSuite's ``GenCol([Nothing, Left], [Nothing, Right])``.

    >>> print(Snort.path(3).canonical_form, Snort([(0, 1)], colours={0: "L"}).canonical_form)
    +-2 1
    """

    __slots__ = ()


class Fjords(GenCol("l", "r")):  # type: ignore[misc]
    """Fjords: a player may only colour a vertex next to a vertex of their own colour, and not next to
    one of the other's: a vertex next to both colours is dead.

    Constructed like `Col`; an untinted vertex waits until a neighbour is
    coloured.  CGSuite's ``GenCol([Left], [Right])``: tinted both ways, a
    vertex is removed, so it is never coloured.  By hand: on ``L-.`` Left has
    two moves in a row, on ``L-R`` either player's move kills the other
    vertex, on ``L-.-R`` the middle vertex is next to both colours, dead from
    the start:

    >>> print(*(Fjords.parse(s).canonical_form for s in ("L-.", "L-R", "L-.-R", "..")))
    2 * 0 0
    """

    __slots__ = ()
