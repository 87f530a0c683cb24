"""Variants of rulesets and of positions (CGSuite's ``game.variant``): dicotic, impartial, twisted.

* `dicotic_variant`: a player may move only when both players could
  (CGSuite's ``DicoticVariant``); every position is then all-small.
* `impartial_variant`: either player may make any move of either player
  (``ImpartialVariant``); a position splits into components as the base does.
* `twisted_variant`: the roles of Left and Right swap after every move
  (``TwistedVariant``): the options are the negatives of the twisted options.

Each takes a position (and gives the variant's position) or a ruleset, a
`~cgt.rulesets.Position` class or anything that makes positions (and gives the
variant's ruleset, a class whose constructor takes the base's arguments).
CGSuite defines Cram as Domineering's impartial variant:

>>> from cgt.rulesets import Cram, Domineering
>>> ImpartialDomineering = impartial_variant(Domineering)
>>> ImpartialDomineering("...|...").canonical_form == Cram("...|...").canonical_form
True
>>> print(dicotic_variant(Domineering("..|..")).canonical_form, twisted_variant(Domineering("...")).canonical_form)
* -1

A variant looks positions up by the base ruleset's keys (`Position.signed_key`),
which must stand for positions with the same moves up to symmetry (or the
players swapped), as every built-in ruleset's do: a variant's value depends
on the game tree, not only on the base's value.
"""

from __future__ import annotations

import functools
from typing import Any

from cgt.rulesets.pictures import picture_html
from cgt.rulesets.position import Position
from cgt.value import Struct

__all__ = ["dicotic_variant", "impartial_variant", "twisted_variant"]


class _Variant(Position, Struct):
    """A position of a variant: a position of the base ruleset, and (twisted variants) whether it stands for the
    negative."""

    __slots__ = ("base", "negated")
    base: Position
    negated: bool

    #: The base ruleset, which makes the base positions from the constructor's arguments.
    _ruleset = None
    _kind = ""

    def __init__(self, *arguments, **keywords):
        self._init(_base_position(self._ruleset(*arguments, **keywords), self._ruleset), False)

    @classmethod
    def _of(cls, base, negated=False):
        return cls._from_fields(base, negated)

    def __repr__(self):
        return f"{'-' if self.negated else ''}{self._kind}_variant({self.base!r})"

    def _repr_html_(self):
        """The base position's drawing, under the name of the variant."""
        name = f"{'−' if self.negated else ''}{self._kind} variant"
        return f"<div><div style='font-size:0.8em'>{name}</div>{picture_html(self.base)}</div>"

    @property
    def key(self):
        return self.signed_key()[0]


class _Dicotic(_Variant):
    """Dicotic variant: no move unless both players have one; no decomposition."""

    __slots__ = ()
    _kind = "dicotic"

    def left_moves(self):
        return [self._of(g) for g in self.base.left_moves()] if self.base.right_moves() else []

    def right_moves(self):
        return [self._of(g) for g in self.base.right_moves()] if self.base.left_moves() else []

    def signed_key(self):
        return self.base.signed_key()


class _Impartial(_Variant):
    """Impartial variant: either player makes any move of either; the base's components are kept."""

    __slots__ = ()
    _kind = "impartial"

    def left_moves(self):
        return [self._of(g) for g in [*self.base.left_moves(), *self.base.right_moves()]]

    right_moves = left_moves

    def components(self):
        return tuple(self._of(c) for c in self.base.components())

    def signed_key(self):
        return self.base.signed_key()[0], False


class _Twisted(_Variant):
    """Twisted variant ``T(G) = {-T(G^L) | -T(G^R)}``; ``negated`` stands for ``-T(G)``, whose options are
    ``T(G^R)`` for Left and ``T(G^L)`` for Right.  No decomposition."""

    __slots__ = ()
    _kind = "twisted"

    def left_moves(self):
        moves = self.base.right_moves() if self.negated else self.base.left_moves()
        return [self._of(g, not self.negated) for g in moves]

    def right_moves(self):
        moves = self.base.left_moves() if self.negated else self.base.right_moves()
        return [self._of(g, not self.negated) for g in moves]

    def signed_key(self):
        key, negated = self.base.signed_key()
        return key, negated != self.negated


def _base_position(position, ruleset):
    if not isinstance(position, Position):
        raise TypeError(f"a variant's ruleset {ruleset!r} made {position!r}, which is not a Position")
    return position


def _variant(kind, of):
    """The ``kind`` variant of a position or of a ruleset."""
    if isinstance(of, Position):
        return _ruleset(kind, type(of))._of(of)
    if not callable(of):
        raise TypeError(f"a {kind._kind} variant is made of a position or a ruleset "
                        f"(a Position class), not {of!r}")
    return _ruleset(kind, of)


@functools.cache
def _ruleset(kind, ruleset):
    """The variant ruleset class of ``kind`` over ``ruleset`` (one per pair)."""
    name = f"{kind._kind}_variant({getattr(ruleset, '__name__', None) or ruleset!r})"
    return type(name, (kind,), {
        "__slots__": (),
        "__module__": __name__,
        "__doc__": f"The {kind._kind} variant of {ruleset!r}.",
        "_ruleset": staticmethod(ruleset),
    })


def dicotic_variant(of: Position | type[Position]) -> Any:
    """The dicotic variant of a position or ruleset: neither player may move unless both players could.

    CGSuite's ``DicoticVariant``; every position of it is all-small.

    >>> from cgt.rulesets import Clobber
    >>> print(Clobber("xoo").canonical_form, dicotic_variant(Clobber("xoo")).canonical_form)
    v v
    >>> DicoticClobber = dicotic_variant(Clobber)
    >>> DicoticClobber("xo.o").left_moves()
    [dicotic_variant(Clobber('.x.o'))]
    """
    return _variant(_Dicotic, of)


def impartial_variant(of: Position | type[Position]) -> Any:
    """The impartial variant of a position or ruleset: either player may make any move of either player.

    CGSuite's ``ImpartialVariant`` (Cram is Domineering's); values are nimbers.

    >>> from cgt.rulesets import ToadsAndFrogs
    >>> print(impartial_variant(ToadsAndFrogs("T.F")).canonical_form)
    *
    """
    return _variant(_Impartial, of)


def twisted_variant(of: Position | type[Position]) -> Any:
    """The twisted variant of a position or ruleset: the players' roles swap after every move.

    CGSuite's ``TwistedVariant``: ``T(G) = {-T(G^L) | -T(G^R)}``.

    >>> from cgt.rulesets import Cutcake
    >>> print(Cutcake(1, 3).canonical_form, twisted_variant(Cutcake(1, 3)).canonical_form)
    2 0
    """
    return _variant(_Twisted, of)
