"""Arc Kayles and its relatives: a move takes an edge of a graph and removes both its ends.

**Arc Kayles** (impartial): a move removes the two ends of an edge, with all
their edges; a loop (an edge from a vertex to itself) removes its one vertex.
On a path it is Dawson's Kayles, on a path with a loop at every vertex Kayles.

**Weighted Arc Kayles** (impartial): each vertex has a weight; a move on an
edge whose ends both have weight at least 1 lowers each end's weight by 1 (a
loop's one end once, as in CGSuite); a vertex of weight 0 plays no further part.

**Partizan Arc Kayles**: edges are blue (``l``), red (``r``) or green (``e``);
Left takes a blue or green edge, Right a red or green one.

>>> from cgt.rulesets import ArcKayles, PartizanArcKayles, WeightedArcKayles
>>> [str(ArcKayles.path(n).canonical_form) for n in range(1, 9)]      # Dawson's Kayles
['0', '*', '*', '*2', '0', '*3', '*', '*']
>>> print(PartizanArcKayles.parse("llr").canonical_form)              # CGSuite: 1/2
1/2
>>> print(WeightedArcKayles.parse("22").canonical_form, WeightedArcKayles.parse("212").canonical_form)
0 *

These are CGSuite's ``GenArcKayles(weighted)`` (`GenArcKayles`) and
``PartizanArcKayles``; with the compiled engine their search runs in Rust
(``rust/src/rulesets/arc_kayles.rs``).
"""

from __future__ import annotations

import functools
from collections.abc import Hashable, Iterable, Mapping
from typing import Any

from cgt.rulesets.graph import GraphPosition, PlainGraphPosition, bits

__all__ = ["ArcKayles", "GenArcKayles", "PartizanArcKayles", "WeightedArcKayles"]

#: Weighted Arc Kayles's vertex tags in graph strings: a digit is the vertex's weight.
_WEIGHT_TAGS = {str(k): f"weight {k}" for k in range(10)}
_COLOURS = {"l": 1, "blue": 1, "r": 2, "red": 2, "e": 3, "green": 3}
_EDGE_TAGS = {"l": "blue", "r": "red", "e": "green"}


def _edge_moves(position, kept, labels, layer, take):
    """The positions after each move on an edge of ``layer`` among the live vertices ``kept``
    (their labels ``labels``): ``take(kept, labels, i, j)`` gives what is left after the edge ``(i, j)``."""
    live = set(kept)
    out = []
    for i in kept:
        for j in bits(position._layers[layer][i]):
            if j >= i and j in live:
                out.append(take(kept, labels, i, j))
    return out


def _isolated_dropped(position, kept, labels):
    """``(kept, labels)`` without the vertices that have no edge (nor loop) to a vertex of ``kept``."""
    live = sum(1 << i for i in kept)
    pairs = [(i, t) for i, t in zip(kept, labels) if any(layer[i] & live for layer in position._layers)]
    return [i for i, _ in pairs], [t for _, t in pairs]


class _GenArcKayles(PlainGraphPosition):
    """A position of Arc Kayles or Weighted Arc Kayles: named vertices, a weight each, edges (loops allowed)."""

    __slots__ = ()
    _loops = True
    _label_name = "weight"
    _weighted = False

    def __init__(self, edges: Iterable[Any] = (), vertices: Iterable[Hashable] | None = None,
                 weights: Mapping[Hashable, int] | None = None) -> None:
        name = type(self).__name__
        edges = [(u, v, 1) for u, v in self._edges(name, edges, 2)]
        if weights is not None and not self._weighted:
            raise TypeError(f"{name}: vertices have no weights here (WeightedArcKayles has)")
        if weights is not None and not hasattr(weights, "items"):
            raise TypeError(f"{name}: weights is a dict from vertices to ints >= 0, not {weights!r}")
        for v, weight in (weights or {}).items():
            if not isinstance(weight, int) or isinstance(weight, bool):
                raise TypeError(f"{name}: the weight of vertex {v!r} is an int >= 0, not {weight!r}")
            if weight < 0:
                raise ValueError(f"{name}: negative weight {weight} for vertex {v!r}")
        self._init(edges, vertices, dict(weights or {}), 1 if self._weighted else 0)

    @property
    def weights(self):
        """Each vertex's weight, in the order of `vertices` (all 0 in plain Arc Kayles: none).

        >>> WeightedArcKayles.parse("2-.-3").weights
        (2, 1, 3)
        """
        return self._labels

    @classmethod
    def parse(cls, text):
        """A position in CGSuite's graph notation: ``.`` a vertex, ``-`` an edge, ``(a;b)``
        branches, ``:A`` a named vertex (``":A-:A"`` is a loop); in Weighted Arc Kayles a
        digit is a vertex of that weight (``.`` or an implied vertex: weight 1).

        >>> ArcKayles.parse(":A-:A") == ArcKayles([(0, 0)])
        True
        >>> WeightedArcKayles.parse("2-.(-3)")
        WeightedArcKayles([(0, 1), (1, 2)], weights={0: 2, 2: 3})
        """
        graph = cls._parse(text, _WEIGHT_TAGS if cls._weighted else "", "-")
        weights = {v: int(tag) for v, tag in enumerate(graph.tags) if tag is not None}
        return cls([(u, v) for u, v, _ in graph.edges], vertices=range(len(graph.tags)),
                   **({"weights": weights} if cls._weighted else {}))

    def _reduced(self):
        """Vertices of weight 0 dropped (CGSuite's ``Graph.decomposition(0)``), then those with no edge."""
        kept = [i for i, w in enumerate(self._labels) if w > 0 or not self._weighted]
        return _isolated_dropped(self, kept, [self._labels[i] for i in kept])

    def _take(self, kept, labels, i, j):
        if not self._weighted:
            return self._build([k for k in kept if k not in (i, j)], [0] * (len(kept) - len({i, j})))
        lowered = [t - 1 if k in (i, j) else t for k, t in zip(kept, labels)]
        return self._build(kept, lowered)

    def left_moves(self):
        kept, labels = self._reduced()
        return _edge_moves(self, kept, labels, 0, self._take)

    def _search_options(self):
        """The moves of plain Arc Kayles without the vertices each leaves with no edge (dead: a vertex
        is played only with an edge), so that a move costs the vertices it kills, not the whole graph:
        the 2,000 moves on a star of 2,000 leaves each leave an empty graph."""
        if self._weighted:
            return super()._search_options()
        kept, labels = self._reduced()
        live = set(kept)
        alone = {}                      # the vertices whose neighbours are these (one or two)
        for k in kept:
            neighbours = frozenset(m for layer in self._layers for m in bits(layer[k]) if m in live)
            if len(neighbours) <= 2:
                alone.setdefault(neighbours, set()).add(k)

        def take(kept, labels, i, j):
            gone = {i, j}.union(alone.get(frozenset((i,)), ()), alone.get(frozenset((j,)), ()),
                                alone.get(frozenset((i, j)), ()))
            kept = [k for k in kept if k not in gone] if len(gone) < len(kept) else []
            return self._build(kept, [0] * len(kept))

        moves = _edge_moves(self, kept, labels, 0, take)
        return moves, moves

    right_moves = left_moves

    def _repr_labels(self):
        weights = {v: w for v, w in zip(self.vertices, self._labels) if w != 1}
        return f"weights={weights!r}" if self._weighted and weights else None


def GenArcKayles(weighted: bool = False) -> type[_GenArcKayles]:
    """The ruleset of CGSuite's ``game.graph.GenArcKayles(weighted)``: `ArcKayles`, or with
    ``weighted=True`` `WeightedArcKayles` (a `~cgt.rulesets.Position` class, the same one each time).

    >>> GenArcKayles() is ArcKayles.__base__, GenArcKayles(weighted=True) is WeightedArcKayles.__base__
    (True, True)
    """
    if not isinstance(weighted, bool):
        raise TypeError(f"weighted is True or False, not {weighted!r}")
    return _gen_arc_kayles(weighted)


@functools.cache
def _gen_arc_kayles(weighted):
    name = "GenArcKayles(weighted=True)" if weighted else "GenArcKayles()"
    return type(name, (_GenArcKayles,), {
        "__slots__": (),
        "__module__": __name__,
        "__doc__": f"The ruleset {name}.",
        "_weighted": weighted,
        "_compiled_rules": ("arc_kayles_new", "weighted_arc_kayles" if weighted else "arc_kayles"),
    })


class ArcKayles(GenArcKayles()):  # type: ignore[misc]
    """Arc Kayles: take an edge, removing both its ends and all their edges (a loop: its one vertex).

    ``ArcKayles(edges, vertices=None)``: ``edges`` are pairs of vertex names
    (``(v, v)`` a loop); ``vertices`` (default: those the edges name) lists
    every vertex.  CGSuite's ``game.graph.ArcKayles``.

    >>> ArcKayles([(0, 1), (1, 2)]).left_moves()
    [ArcKayles([], vertices=[2]), ArcKayles([], vertices=[0])]
    >>> looped_path = [(0, 0), (0, 1), (1, 1), (1, 2), (2, 2)]    # a Kayles heap of 3 (CGSuite)
    >>> print(ArcKayles(looped_path).canonical_form)
    *3
    """

    __slots__ = ()


class WeightedArcKayles(GenArcKayles(weighted=True)):  # type: ignore[misc]
    """Weighted Arc Kayles: take an edge whose ends have weight at least 1, lowering both by 1.

    ``WeightedArcKayles(edges, vertices=None, weights=None)``: like `ArcKayles`,
    with ``weights`` a dict from vertices to ints ``>= 0`` (1 by default, so
    that all weights 1 is Arc Kayles).  CGSuite's ``game.graph.WeightedArcKayles``.

    >>> WeightedArcKayles([(0, 1)], weights={0: 2, 1: 3}).left_moves()
    [WeightedArcKayles([(0, 1)], weights={1: 2})]
    """

    __slots__ = ()


class PartizanArcKayles(GraphPosition):
    """Partizan Arc Kayles: Left takes a blue or green edge, Right a red or green one; the edge's ends go.

    ``PartizanArcKayles(edges, vertices=None)``: ``edges`` are triples
    ``(u, v, colour)``, the colour ``"l"`` (or ``"blue"``), ``"r"`` (``"red"``)
    or ``"e"`` (``"green"``); two edges of different colours between the
    same vertices are as a green one.  CGSuite's ``game.graph.PartizanArcKayles``.

    >>> PartizanArcKayles([(0, 1, "l"), (1, 2, "r")]).right_moves()
    [PartizanArcKayles([], vertices=[0])]
    >>> print(PartizanArcKayles.parse("lrlr(ll;ree(rl;l))").canonical_form)    # CGSuite's value
    {3*|2*||3/2,3/2*|1/2*}
    """

    __slots__ = ()
    _layer_count = 2
    _loops = True
    _swap_negates = True
    _edge_strokes = {1: "#36c", 2: "#c33", 3: "#3a3"}
    _compiled_rules = ("arc_kayles_new", "partizan_arc_kayles")

    def __init__(self, edges: Iterable[tuple[Hashable, Hashable, str]] = (),
                 vertices: Iterable[Hashable] | None = None) -> None:
        name = type(self).__name__
        triples = []
        for u, v, colour in self._edges(name, edges, 3):
            try:
                triples.append((u, v, _COLOURS[colour]))
            except (KeyError, TypeError):
                raise ValueError(f"{name}: unknown edge colour {colour!r} in {(u, v, colour)!r} "
                                 "(expected 'l'/'blue', 'r'/'red' or 'e'/'green')") from None
        self._init(triples, vertices, {}, 0)

    @classmethod
    def parse(cls, text):
        """A position in CGSuite's graph notation with edges ``l``, ``r``, ``e`` (``"llr"`` is a path of four).

        >>> PartizanArcKayles.parse("le")
        PartizanArcKayles([(0, 1, 'l'), (1, 2, 'e')])
        """
        graph = cls._parse(text, "", _EDGE_TAGS)
        return cls(graph.edges, vertices=range(len(graph.tags)))

    def _edge_out(self, u, v, in_layers):
        return (u, v, "lre"[in_layers - 1])

    def _reduced(self):
        return _isolated_dropped(self, list(range(len(self.vertices))), list(self._labels))

    def _take(self, kept, labels, i, j):
        return self._build([k for k in kept if k not in (i, j)], [0] * (len(kept) - len({i, j})))

    def left_moves(self):
        kept, labels = self._reduced()
        return _edge_moves(self, kept, labels, 0, self._take)

    def right_moves(self):
        kept, labels = self._reduced()
        return _edge_moves(self, kept, labels, 1, self._take)
