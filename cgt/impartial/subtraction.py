"""Subtraction games: take any number of tokens in a set S (or, all-but, any number not in S); and Splittles.

A subtraction game is the take-and-break game whose digit ``d_s`` is 3
(take ``s`` tokens, leaving 0 or 1 heap) for ``s`` in S, and 0 otherwise.
Its all-but form repeats the digit 3 forever after S's largest element.
Splittles is the same with the digit 7: what is left may also be split in two
(CGSuite's ``TakeAndBreak.FromSubtractionSet(S, "7", allbut)``).

>>> Subtraction([2, 3, 7]).code
'0.0330003'
>>> Subtraction([2, 3, 7], allbut=True).code
'0.3003330[3]'
>>> Subtraction([1, 2, 3]).nim_sequence(8)
[0, 1, 2, 3, 0, 1, 2, 3, 0]
>>> Splittles([1, 2]).code == "0.77"          # Kayles
True
"""

from __future__ import annotations

from collections.abc import Iterable

from cgt.impartial.take_and_break import TakeAndBreak

__all__ = ["Splittles", "Subtraction"]


class Subtraction(TakeAndBreak):
    """The subtraction game S, or with ``allbut=True`` the game of removing any number not in S."""

    _digit = "3"

    def __init__(self, subtraction_set: Iterable[int], allbut: bool = False) -> None:
        subtraction_set = _subtraction_set(subtraction_set)
        if not isinstance(allbut, bool):
            raise TypeError(f"allbut is True or False, not {allbut!r}")
        digits = "".join(self._digit if (s in subtraction_set) != allbut else "0"
                         for s in range(1, max(subtraction_set) + 1))
        super().__init__("0." + digits + (f"[{self._digit}]" if allbut else ""))
        self.subtraction_set = subtraction_set
        self.allbut = allbut

    def __repr__(self):
        allbut = ", allbut=True" if self.allbut else ""
        return f"{type(self).__name__}({sorted(self.subtraction_set)}{allbut})"


class Splittles(Subtraction):
    """Splittles: take ``s`` in S tokens from a heap and leave the rest as up to two heaps (all-but: ``s`` not in S).

    CGSuite's ``game.heap.Splittles(S, allbut)``, the take-and-break game
    with the digit 7 at each ``s`` in S.

    >>> Splittles([2, 3]).code, Splittles([2, 3]).heap_options(5)
    ('0.077', [(3,), (1, 2), (2,), (1, 1)])
    """

    _digit = "7"


def _subtraction_set(given):
    """``given`` as a frozenset, or an error saying why it is not a nonempty set of positive ints."""
    try:
        elements = frozenset(given)
    except TypeError:
        raise TypeError(f"a subtraction set is a collection of positive ints, not {given!r}") from None
    if not elements or not all(isinstance(s, int) and not isinstance(s, bool) and s > 0
                               for s in elements):
        raise ValueError(f"a subtraction set is a nonempty set of positive ints, not {given!r}")
    return elements
