"""Cake games: CGSuite's ``GenCutcake`` family (Cutcake, Eatcake, Maundy Cake, Turn-and-Eatcake).

A cake is a pair of heaps ``(m, n)``, ``m`` rows and ``n`` columns.  Left
moves on the columns by a heap ruleset, Right on the rows by another: from
``(m, n)`` Left moves to ``(m, b1) + ... + (m, bk)`` for an option
``b1 + ... + bk`` of heap ``n`` in Left's ruleset, Right to ``(a1, n) + ... +
(ak, n)`` for an option of heap ``m`` in Right's.  In the twisted form the
coordinates are swapped after each move: Left moves on ``m`` to ``(n, b1) +
...``, Right on ``n`` to ``(a1, m) + ...``.  ``Cutcake(m, n)`` is one cake
(CGSuite's ``Cutcake((m, n))``; ``Cutcake((m, n))`` is read too); a position
may hold several, its value being their sum.

>>> from cgt.rulesets import Cutcake, Eatcake, MaundyCake
>>> print(Cutcake(1, 4).canonical_form, Cutcake(2, 4).canonical_form, Cutcake(4, 2).canonical_form)
3 1 -1
>>> print(Eatcake(2, 2).canonical_form, Eatcake(1, 3).canonical_form)
* *
>>> [str(MaundyCake(8, n).canonical_form) for n in range(9)]      # CGSuite's GameHeapTest
['-7', '-7', '-3', '-3', '-1', '-3', '-1', '-3', '0']

CGSuite's cake product ``R.CakeProduct(S, twisted)`` of two heap rulesets is
``GenCutcake(R, S, twisted)``.  With the compiled engine the search runs in
Rust (``rust/src/rulesets/heaps.rs``) on tables of the heap rulesets'
options, computed here up to the largest heap a position needs, unless an
option holds a heap larger than its own; this module's search is the reference.
"""

from __future__ import annotations

import functools

from cgt.impartial import HeapRuleset, TakeAndBreak
from cgt.limits import LIMITS
from cgt.rulesets import compiled
from cgt.rulesets.coordinate import _Pieces

__all__ = ["Cutcake", "Eatcake", "GenCutcake", "MaundyCake", "TurnAndEatcake"]


class _GenCutcake(_Pieces):
    """A position of a ruleset of the Cutcake family; `GenCutcake` makes the ruleset."""

    __slots__ = ()
    _left = None
    _right = None
    _twisted = False
    _heap_rules = None      # (shape, transpose_negates, left, right) for the compiled search

    def _piece_options(self, piece, left):
        m, n = self._within_limit(piece)
        if left:
            row, heap = (n, m) if self._twisted else (m, n)
            return [tuple((row, b) for b in option) for option in self._left.heap_options(heap)]
        column, heap = (m, n) if self._twisted else (n, m)
        return [tuple((a, column) for a in option) for option in self._right.heap_options(heap)]

    def _compiled_id(self):
        for piece in self.pieces:
            self._within_limit(piece)
        return compiled.heap_value(self._heap_rules, self.pieces)

    @staticmethod
    def _within_limit(piece):
        """``piece``, when neither side is past ``cgt.LIMITS.max_cake_side``; else a `GameTooLargeError`.

        >>> from cgt.rulesets import Cutcake
        >>> Cutcake(10**9, 1).canonical_form
        Traceback (most recent call last):
        ...
        cgt.errors.GameTooLargeError: the side of a cake: 1000000000 is past the limit max_cake_side = 1000; raise it with cgt.LIMITS.max_cake_side = 1000000000 in Python or CGT_MAX_CAKE_SIDE=1000000000 in the environment
        """
        LIMITS.within("max_cake_side", max(piece), "the side of a cake")
        return piece

    @classmethod
    def clear_cache(cls):
        super().clear_cache()
        compiled.clear_heaps(lambda rules: rules == cls._heap_rules)

    def _repr_svg_(self):
        unit = 16
        x = 1
        parts = []
        height = max((m for m, _ in self.pieces), default=0) * unit + 2
        for m, n in self.pieces:
            for r in range(m):
                for c in range(n):
                    parts.append(f'<rect x="{x + c * unit}" y="{1 + r * unit}" width="{unit}" height="{unit}" '
                                 f'fill="#f4d7a1" stroke="#8a5a2b"/>')
            x += n * unit + unit // 2
        return (f'<svg xmlns="http://www.w3.org/2000/svg" width="{x + 1}" height="{height}">'
                + "".join(parts) + "</svg>")


def GenCutcake(left: HeapRuleset, right: HeapRuleset, twisted: bool = False) -> type[_GenCutcake]:
    """The ruleset of CGSuite's Cutcake family (``game.heap.GenCutcake``) of two heap rulesets.

    Left moves on a cake's columns by ``left``, Right on its rows by
    ``right`` (see the module's notes); ``twisted`` swaps the coordinates
    after each move.  The result is a `~cgt.rulesets.Position` class, the same
    one for the same rules.  CGSuite's twisted Maundy Cake:

    >>> from cgt.impartial import TakeAndBreak
    >>> maundy = TakeAndBreak("{2+}=.0")          # split a heap into equal heaps
    >>> TwistedMaundy = GenCutcake(maundy, maundy, twisted=True)
    >>> [str(TwistedMaundy(8, n).canonical_form) for n in range(5)]     # CGSuite's GameHeapTest
    ['1', '1', '{8|-2}', '{8|-3}', '{8|-6}']
    """
    for side, ruleset in (("Left", left), ("Right", right)):
        if not isinstance(ruleset, HeapRuleset):
            raise TypeError(f"{side}'s ruleset in GenCutcake is a heap ruleset (TakeAndBreak, Subtraction, "
                            f"Spawning, HeapRuleset(fn)), not {ruleset!r}")
    if not isinstance(twisted, bool):
        raise TypeError(f"twisted is True or False, not {twisted!r}")
    return _gen_cutcake(left, right, twisted)


@functools.cache
def _gen_cutcake(left, right, twisted):
    """The ruleset class of GenCutcake's parameters (one per set of rules)."""
    name = f"GenCutcake({left!r}, {right!r}{', twisted=True' if twisted else ''})"
    same = left == right
    return type(name, (_GenCutcake,), {
        "__slots__": (),
        "__module__": __name__,
        "__doc__": f"The cake ruleset {name}.",
        "_left": left,
        "_right": right,
        "_twisted": twisted,
        "_transpose_negates": same,
        "_heap_rules": ("twisted_cakes" if twisted else "cakes", same, left, right),
        "_options": {},
    })


_SPLIT = TakeAndBreak("4.0")
_EAT = TakeAndBreak("0.7")
_EQUAL_SPLIT = TakeAndBreak("{2+}=.0")


class Cutcake(GenCutcake(_SPLIT, _SPLIT)):  # type: ignore[misc]
    """Cutcake: Left cuts a cake along a column line (splitting its columns), Right along a row line.

    CGSuite's ``game.heap.Cutcake``, ``GenCutcake(TakeAndBreak("4.0"), TakeAndBreak("4.0"))``.

    >>> Cutcake(2, 3).left_moves()
    [Cutcake(pieces=((2, 1), (2, 2)))]
    """

    __slots__ = ()


class Eatcake(GenCutcake(_EAT, _EAT)):  # type: ignore[misc]
    """Eatcake: Left eats one whole column of a cake, Right one whole row; the cake may fall in two.

    CGSuite's ``game.heap.Eatcake``, ``GenCutcake(TakeAndBreak("0.7"), TakeAndBreak("0.7"))``.

    >>> Eatcake(2, 3).left_moves()
    [Eatcake(pieces=((2, 1), (2, 1))), Eatcake(2, 2)]
    """

    __slots__ = ()


class MaundyCake(GenCutcake(_EQUAL_SPLIT, _EQUAL_SPLIT)):  # type: ignore[misc]
    """Maundy Cake: Left cuts a cake's columns into equal parts (two or more), Right its rows.

    CGSuite's ``game.heap.MaundyCake``, ``GenCutcake(TakeAndBreak("{2+}=.0"), TakeAndBreak("{2+}=.0"))``.

    >>> MaundyCake(1, 4).left_moves()
    [MaundyCake(pieces=((1, 1), (1, 1), (1, 1), (1, 1))), MaundyCake(pieces=((1, 2), (1, 2)))]
    """

    __slots__ = ()


class TurnAndEatcake(GenCutcake(_EAT, _EAT, twisted=True)):  # type: ignore[misc]
    """Turn-and-Eatcake: Eatcake in which every piece is turned a quarter after each move.

    CGSuite's ``game.heap.TurnAndEatcake``, the twisted ``GenCutcake`` of two
    Eatcake heap rules.  On a piece of ``m`` rows and ``n`` columns, Left eats
    one of the ``m`` rows and Right one of the ``n`` columns, either maybe
    breaking the piece in two; each piece left is then turned: after Left's
    move a piece of ``b`` rows becomes ``n`` rows by ``b`` columns, after
    Right's a piece of ``a`` columns becomes ``a`` rows by ``m`` columns.  As
    in CGSuite a piece is a pair of heap sizes, so ``(m, 0)`` still has Left's
    moves.

    >>> TurnAndEatcake(3, 2).left_moves()
    [TurnAndEatcake(pieces=((2, 1), (2, 1))), TurnAndEatcake(2, 2)]
    >>> TurnAndEatcake(3, 2).right_moves()
    [TurnAndEatcake(1, 3)]
    >>> [str(TurnAndEatcake(8, n).canonical_form) for n in range(9)]      # CGSuite's values
    ['0', 'v', '0', 'v', '0', 'v<3>', '0', 'v', '0']
    """

    __slots__ = ()
