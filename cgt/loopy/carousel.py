"""Carousels: sides of loopy games that equal no stopper, kept in CGSuite's simplified form.

A loopy game ``G`` has an onside ``G^+`` and an offside ``G^-`` (Siegel,
*Combinatorial Game Theory*, VI.5).  Usually each side equals a stopper
(``G`` is *stopper-sided*), but not always: in *Bach's carousel*
``a{0,{1|1,{*,{1+*|1+*,a}|*}}|0}`` both sides keep an alternating cycle
however they are simplified.  Such a side has no simplest form (there is no
simplicity theorem for them); CGSuite keeps the form its simplification
reaches, and so does cgt, taking CGSuite's steps in CGSuite's order
(`cgt.loopy.simplification`).
`Carousel` is that form of one side: a game graph, a start node, and which
side it is.  Its followers from which no alternating cycle can be reached
are stoppers, and are stoppers (or short games) as its options.

It prints as CGSuite prints it: options short games first, then loopy ones
in CGSuite's hash order (`cgt.loopy.option_order`), ``pass`` for a move to
the node itself, labels ``a{...}`` for nodes met again inside themselves.

>>> from cgt import parse
>>> bach = parse("a{0,{1|1,{*,{1+*|1+*,a}|*}}|0}")
>>> onside, offside = bach.side_forms
>>> print(onside)
a{1|1,{1*|a||*}||0}
>>> offside.left_options[0], type(offside.left_options[1]).__name__
(Game('0'), 'Carousel')
"""

from cgt.short.game import Game
from cgt.loopy import printer
from cgt.loopy.option_order import carousel_hash, hash_difference, java_sort
from cgt.loopy.stopper import Stopper, cgsuite_hash, stopper
from cgt.short.printer import sort_key

__all__ = ["Carousel", "ONSIDE", "OFFSIDE", "side_form"]

ONSIDE, OFFSIDE = "onside", "offside"


def side_form(graph, side):
    """The form of a side from its simplified graph (node 0): a short Game, a Stopper or a Carousel."""
    if graph.is_stopper():
        return stopper(graph)
    return Carousel._trusted(graph, 0, side, {})


class Carousel:
    """One side (``"onside"`` or ``"offside"``) of a loopy game that equals no stopper, in simplified form.

    Forms compare as forms: two carousels are ``==`` when they are the same
    side and their graphs are isomorphic (CGSuite's equality of loopy
    games); compare values through `cgt.loopy.SidedValue`.

    >>> from cgt import parse
    >>> onside = parse("a{0,{1|1,{*,{1+*|1+*,a}|*}}|0}").side_forms[0]
    >>> onside.side, onside.graph.is_stopper(), str(-onside)
    ('onside', False, 'a{0||-1,{*||a|-1*}|-1}')
    """

    __slots__ = ("_full", "_start", "_side", "_shared")

    def __init__(self, *args, **kwargs):
        raise TypeError("carousels come from the sides of sided values (SidedValue.side_forms)")

    @classmethod
    def _trusted(cls, graph, start, side, shared):
        self = object.__new__(cls)
        self._full, self._start, self._side, self._shared = graph, start, side, shared
        return self

    # ------------------------------------------------------------ structure
    @property
    def side(self):
        """``"onside"`` or ``"offside"``: which side of a game this form is."""
        return self._side

    @property
    def graph(self):
        """The game graph of this form alone, its start at node 0."""
        return self._full.trimmed(self._start)

    @property
    def _graph(self):
        return self.graph

    @property
    def _numbered_graph(self):
        """The game graph of this form alone, numbered as CGSuite numbers it (its start at node 0)."""
        return self._full if self._start == 0 else self._full.trimmed(self._start)

    @property
    def left_options(self):
        """The Left options in printing order: short games, then loopy forms in CGSuite's hash order."""
        return self._sorted(self._full.left[self._start])

    @property
    def right_options(self):
        """The Right options in printing order."""
        return self._sorted(self._full.right[self._start])

    def _node(self, v):
        """The form of node ``v``: a stopper (or short game) when no alternating cycle is reachable."""
        forms = self._shared.setdefault("forms", {})
        form = forms.get(v)
        if form is None:
            part = self._full.trimmed(v)
            form = forms[v] = stopper(part) if part.is_stopper() else \
                self if v == self._start else Carousel._trusted(self._full, v, self._side, self._shared)
        return form

    def _sorted(self, nodes):
        forms = list(dict.fromkeys(self._node(v) for v in nodes))
        short = sorted((x for x in forms if isinstance(x, Game)), key=lambda x: sort_key(x._id))
        hashes = {x: _cgsuite_hash(x) for x in forms if not isinstance(x, Game)}
        return short + java_sort(hashes, lambda x, y: hash_difference(hashes[x], hashes[y]))

    def _key(self):
        """An isomorphism-invariant key of the graph reachable from this node (refined until stable)."""
        keys = self._shared.setdefault("keys", {})
        key = keys.get(self._start)
        if key is None:
            key = keys[self._start] = _refined_keys(self.graph)[0]
        return key

    # ------------------------------------------------------------ values
    def __neg__(self):
        """The form of ``-G``: Left and Right swapped, the onside becoming the offside."""
        return Carousel._trusted(self._numbered_graph.negated(), 0, OFFSIDE if self._side == ONSIDE else ONSIDE, {})

    def __eq__(self, other):
        if not isinstance(other, Carousel):
            return NotImplemented
        return self._side == other._side and self._key() == other._key()

    def __ne__(self, other):
        result = self.__eq__(other)
        return result if result is NotImplemented else not result

    def __hash__(self):
        return hash(("cgt.loopy.Carousel", self._side, self._key()))

    # ------------------------------------------------------------ text
    def __str__(self):
        return self._append_text(True, False, {}, [0])[0]

    def __repr__(self):
        return f"Carousel({str(self)!r}, {self._side!r})"

    def _append_text(self, force_braces, force_parens, stack, names):
        """(text, bars) as CGSuite's ``SimplifiedLoopyGame.appendTo`` writes it."""
        return printer.braces_text(self, self.left_options, self.right_options, force_braces, stack, names)


def _cgsuite_hash(form):
    """CGSuite's hash code of a loopy option: a canonical stopper's, or a carousel node's."""
    if isinstance(form, Stopper):
        return cgsuite_hash(form, form._start)
    return carousel_hash(form._full, form._start, form._side)


def _refined_keys(graph):
    """Colour refinement of ``graph``'s nodes until the partition is stable: equal keys for isomorphic nodes."""
    n = graph.size
    keys = [hash((v in graph.left[v], v in graph.right[v], len(graph.left[v]), len(graph.right[v])))
            for v in range(n)]
    classes = len(set(keys))
    for _ in range(n):
        keys = [hash((keys[v], tuple(sorted(keys[w] for w in graph.left[v])),
                      tuple(sorted(keys[w] for w in graph.right[v])))) for v in range(n)]
        count = len(set(keys))
        if count == classes:
            break
        classes = count
    return keys

