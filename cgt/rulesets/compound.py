"""Compounds of positions: sums and products of positions of any rulesets, as CGSuite's ``CompoundGame``.

For positions ``G`` and ``H`` (of any rulesets, or games standing for the
positions of their forms, see `cgt.rulesets.form`), each compound is a
position whose moves are (CGSuite's ``CompoundGame.compoundOptions``):

* disjunctive sum ``G + H``: a move in one component, ``G^L + H`` or ``G + H^L``;
* conjunctive sum ``G ∧ H``: a move in both, ``G^L ∧ H^L``;
* selective sum ``G ∨ H``: the moves of both sums above (a move in one
  component leaves a disjunctive sum, a move in both a conjunctive one);
* ordinal sum ``G : H``: ``G^L`` (play in ``G`` ends ``H``) or ``G : H^L``;
* Conway product ``G × H``: ``G^L×H + G×H^L - G^L×H^L`` and
  ``G^R×H + G×H^R - G^R×H^R`` for Left, ``G^L×H + G×H^R - G^L×H^R`` and
  ``G^R×H + G×H^L - G^R×H^L`` for Right;
* ordinal product ``G ⊗ H``: ``(G ⊗ H^L) : G^L`` and ``(G ⊗ H^R) : (-G)^L`` for
  Left, the same with Right's options of ``G`` and ``-G`` for Right.

``-G`` is the position with the moves exchanged (`NegativePosition`; the
negative of a sum is the sum of the negatives).  A disjunctive sum splits
into the components of its parts, so its value is the sum of their values,
each found by its own ruleset (and its compiled search, where it has one);
the other compounds depend on the forms of ``G`` and ``H`` and are searched
move by move.

>>> from cgt.rulesets import Clobber, Domineering
>>> position = Domineering("..|..") + Clobber("xox|ox.")
>>> position
Domineering('..|..') + Clobber('xox|ox.')
>>> position.canonical_form == Domineering("..|..").canonical_form + Clobber("xox|ox.").canonical_form
True
>>> print(Domineering("..|..").conjunctive_sum(Clobber("xo")).canonical_form)
*
"""

from numbers import Rational

import attrs

from cgt.engine import GameHandle
from cgt.game import Game
from cgt.rulesets.form import FormPosition
from cgt.rulesets.pictures import picture_html, row_html
from cgt.rulesets.position import Position

__all__ = ["CompoundPosition", "NegativePosition", "as_position", "compound", "negative"]

#: The compounds, by their method names: CGSuite's symbol and its precedence in CGSuite's text
#: (lower binds tighter).
KINDS = {
    "disjunctive_sum": ("+", 3),
    "conjunctive_sum": ("ConjunctiveSum", 3),
    "selective_sum": ("SelectiveSum", 3),
    "ordinal_sum": (":", 2),
    "conway_product": ("ConwayProduct", 1),
    "ordinal_product": ("OrdinalProduct", 4),
}

_SYMBOLS = {"disjunctive_sum": "+", "conjunctive_sum": "∧", "selective_sum": "∨", "ordinal_sum": ":",
            "conway_product": "×", "ordinal_product": "⊗"}
_SUMS = frozenset(["disjunctive_sum", "conjunctive_sum", "selective_sum", "ordinal_sum"])


def as_position(value):
    """``value`` as a position: a `Position` itself, a game form or an int its `FormPosition`.

    >>> as_position(1)
    FormPosition(Game('1'))
    """
    if isinstance(value, Position):
        return value
    if isinstance(value, (GameHandle, Rational)) or hasattr(value, "options") or hasattr(value, "left_options"):
        if isinstance(value, bool):
            raise TypeError("a bool is not a game")
        return FormPosition(value)
    raise TypeError(f"cannot combine a position with {type(value).__name__}: a compound takes positions, "
                    "Games, explicit or misère forms and ints")


def compound(kind, g, h):
    """The position ``G <kind> H`` (a name in `KINDS`) of two positions or forms.

    >>> from cgt.rulesets import Domineering
    >>> compound("ordinal_sum", Domineering(".."), 1)
    Domineering('..').ordinal_sum(FormPosition(Game('1')))
    """
    if kind not in KINDS:
        raise ValueError(f"no compound named {kind!r}; the compounds are {', '.join(KINDS)}")
    return CompoundPosition(kind, as_position(g), as_position(h))


def negative(position):
    """``-P``: the position with Left's and Right's moves exchanged (``-(-P)`` is P)."""
    if isinstance(position, NegativePosition):
        return position.base
    return NegativePosition(position)


def _opponent(side):
    return "R" if side == "L" else "L"


def _moves(position, side):
    return position.left_moves() if side == "L" else position.right_moves()


@attrs.frozen(repr=False, cache_hash=True)
class CompoundPosition(Position):
    """The compound ``G <kind> H`` of two positions (see the module's text for the moves)."""

    kind: str
    g: Position
    h: Position

    def _options(self, side):
        kind, g, h = self.kind, self.g, self.h
        if kind == "disjunctive_sum":
            return ([CompoundPosition(kind, x, h) for x in _moves(g, side)]
                    + [CompoundPosition(kind, g, y) for y in _moves(h, side)])
        if kind == "conjunctive_sum":
            return [CompoundPosition(kind, x, y) for x in _moves(g, side) for y in _moves(h, side)]
        if kind == "selective_sum":
            return (CompoundPosition("disjunctive_sum", g, h)._options(side)
                    + CompoundPosition("conjunctive_sum", g, h)._options(side))
        if kind == "ordinal_sum":
            return list(_moves(g, side)) + [CompoundPosition(kind, g, y) for y in _moves(h, side)]
        if kind == "conway_product":
            return [CompoundPosition("disjunctive_sum",
                                     CompoundPosition("disjunctive_sum", CompoundPosition(kind, x, h),
                                                      CompoundPosition(kind, g, y)),
                                     negative(CompoundPosition(kind, x, y)))
                    for p in ("L", "R") for x in _moves(g, p)
                    for y in _moves(h, p if side == "L" else _opponent(p))]
        return [CompoundPosition("ordinal_sum", CompoundPosition(kind, g, y), x)         # ordinal product
                for p in ("L", "R") for y in _moves(h, p)
                for x in _moves(g if p == "L" else -g, side)]

    def left_moves(self):
        return self._options("L")

    def right_moves(self):
        return self._options("R")

    def components(self):
        """A disjunctive sum: the components of both parts; any other compound: itself."""
        if self.kind == "disjunctive_sum":
            return tuple(self.g.components()) + tuple(self.h.components())
        return (self,)

    def game_value(self, max_positions=1_000_000):
        """A disjunctive sum: the sum of its components' values (each may be loopy); else the value searched.

        The positions of a compound other than a disjunctive sum are told
        apart by equality of their parts (forms matter there, not only values).
        """
        if self.kind != "disjunctive_sum":
            return super().game_value(max_positions)
        total = Game(0)
        for component in self.components():
            total = total + component.game_value(max_positions)
        return total

    def __neg__(self):
        """``-(G + H) = -G + -H`` for the sums (CGSuite's); the negative position of a product."""
        if self.kind in _SUMS:
            return CompoundPosition(self.kind, -self.g, -self.h)
        return NegativePosition(self)

    def __repr__(self):
        """Python that builds the compound: ``G + H``, ``G.conjunctive_sum(H)``, ..."""
        if self.kind == "disjunctive_sum":
            right = repr(self.h)
            if isinstance(self.h, CompoundPosition) and self.h.kind == "disjunctive_sum":
                right = f"({right})"
            return f"{self.g!r} + {right}"
        left = repr(self.g)
        if isinstance(self.g, NegativePosition) or (isinstance(self.g, CompoundPosition)
                                                    and self.g.kind == "disjunctive_sum"):
            left = f"({left})"
        return f"{left}.{self.kind}({self.h!r})"

    def __str__(self):
        """CGSuite's text of the compound: ``G + H``, ``G ConjunctiveSum H``, ``G : H``, ..."""
        return f"{_cgsuite_part(self.g, self.kind)} {KINDS[self.kind][0]} {_cgsuite_part(self.h, self.kind)}"

    def _repr_html_(self):
        """Both positions drawn side by side, with the compound's symbol between them."""
        return row_html([picture_html(self.g), f"<span style='font-size:1.6em'>{_SYMBOLS[self.kind]}</span>",
                     picture_html(self.h)])


def _cgsuite_part(position, kind):
    text = str(position) if isinstance(position, (CompoundPosition, NegativePosition)) else repr(position)
    if isinstance(position, CompoundPosition) and KINDS[position.kind][1] > KINDS[kind][1]:
        return f"({text})"
    return text


@attrs.frozen(repr=False, cache_hash=True)
class NegativePosition(Position):
    """``-P``: Left moves where Right moves in ``P`` and the other way round; its value is ``-P``'s.

    >>> from cgt.rulesets import Domineering
    >>> print(Domineering("...").canonical_form, (-Domineering("...")).canonical_form)
    -1 1
    """

    base: Position

    def left_moves(self):
        return [-x for x in self.base.right_moves()]

    def right_moves(self):
        return [-x for x in self.base.left_moves()]

    def components(self):
        return tuple(-c for c in self.base.components())

    def _entry(self):
        """The table entry of ``P``, standing for its negative."""
        ruleset, key, negated = self.base._entry()
        return ruleset, key, not negated

    def known_value(self):
        known = self.base.known_value()
        return None if known is None else -known

    def _canonical_id(self):
        return (-self.base.canonical_form)._id

    def __neg__(self):
        return self.base

    def __repr__(self):
        base = repr(self.base)
        if isinstance(self.base, CompoundPosition) and self.base.kind == "disjunctive_sum":
            base = f"({base})"
        return f"-{base}"

    __str__ = __repr__

    def _repr_html_(self):
        """The position drawn with a minus sign before it."""
        return row_html(["<span style='font-size:1.6em'>−</span>", picture_html(self.base)])
