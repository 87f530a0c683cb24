"""Cake games: rectangles that players cut or eat, Left along columns, Right along rows.

``Cutcake(m, n)`` is one ``m``-row, ``n``-column cake (CGSuite's ``Cutcake((m,n))``);
a position may hold several cakes, its value being their sum.

>>> from cgt.rulesets import Cutcake, Eatcake
>>> print(Cutcake(1, 4).canonical_form, Cutcake(2, 4).canonical_form, Cutcake(4, 2).canonical_form)
3 1 -1
>>> print(Eatcake(2, 2).canonical_form, Eatcake(1, 3).canonical_form)
* *
>>> [str(TurnAndEatcake(8, n).canonical_form) for n in range(9)]      # CGSuite's values
['0', 'v', '0', 'v', '0', 'v<3>', '0', 'v', '0']
"""

import attrs

from cgt.rulesets.position import Position

__all__ = ["Cutcake", "Eatcake", "TurnAndEatcake"]


@attrs.frozen(init=False, repr=False)
class _Cakes(Position):
    """A position of some rectangular cakes, each ``(rows, columns)``."""

    pieces: tuple

    def __init__(self, rows=None, columns=None, *, pieces=None):
        if pieces is None:
            pieces = ((rows, columns),)
        checked = []
        for piece in pieces:
            if (len(piece) != 2 or not all(isinstance(k, int) and not isinstance(k, bool) for k in piece)
                    or min(piece) < 0):
                raise ValueError(f"a cake is (rows, columns), two ints >= 0, not {piece!r}")
            if self._standing(piece):
                checked.append(tuple(piece))
        self.__attrs_init__(tuple(sorted(checked)))

    @classmethod
    def _of(cls, pieces):
        position = object.__new__(cls)
        position.__attrs_init__(tuple(sorted(p for p in pieces if cls._standing(p))))
        return position

    @staticmethod
    def _standing(piece):
        """Whether a piece can matter: a cake with no rows or no columns is gone."""
        return min(piece) > 0

    def __repr__(self):
        if len(self.pieces) == 1:
            return f"{type(self).__name__}({self.pieces[0][0]}, {self.pieces[0][1]})"
        return f"{type(self).__name__}(pieces={self.pieces!r})"

    def _moves(self, along_columns):
        out = set()
        for i, piece in enumerate(self.pieces):
            rest = self.pieces[:i] + self.pieces[i + 1:]
            m, n = piece
            for new in self._piece_moves(n, along_columns) if along_columns else self._piece_moves(m, False):
                if along_columns:
                    out.add(tuple(sorted(rest + tuple((m, k) for k in new))))
                else:
                    out.add(tuple(sorted(rest + tuple((k, n) for k in new))))
        return [self._of(p) for p in sorted(out)]

    def left_moves(self):
        return self._moves(True)

    def right_moves(self):
        return self._moves(False)

    def components(self):
        return tuple(self._of((p,)) for p in self.pieces)

    def signed_key(self):
        if len(self.pieces) == 1:
            m, n = self.pieces[0]
            return ((m, n), False) if m <= n else ((n, m), True)
        return self.pieces, False

    @property
    def key(self):
        return self.signed_key()[0]

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


class Cutcake(_Cakes):
    """Cutcake: Left cuts a cake along a column line (splitting its columns), Right along a row line.

    >>> Cutcake(2, 3).left_moves()
    [Cutcake(pieces=((2, 1), (2, 2)))]
    """

    @staticmethod
    def _piece_moves(length, _along_columns):
        return [(k, length - k) for k in range(1, length // 2 + 1)]


class Eatcake(_Cakes):
    """Eatcake: Left eats one whole column of a cake, Right one whole row; the cake may fall in two.

    >>> Eatcake(2, 3).left_moves()
    [Eatcake(2, 2), Eatcake(pieces=((2, 1), (2, 1)))]
    """

    @staticmethod
    def _piece_moves(length, _along_columns):
        return [(k, length - 1 - k) for k in range((length - 1) // 2 + 1)]


class TurnAndEatcake(_Cakes):
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
    """

    @staticmethod
    def _standing(piece):
        return max(piece) > 0

    def _moves(self, left):
        out = set()
        for i, (m, n) in enumerate(self.pieces):
            rest = self.pieces[:i] + self.pieces[i + 1:]
            for split in _eaten(m if left else n):
                turned = tuple((n, b) for b in split) if left else tuple((a, m) for a in split)
                out.add(tuple(sorted(rest + turned)))
        return [self._of(p) for p in sorted(out)]

    def left_moves(self):
        return self._moves(True)

    def right_moves(self):
        return self._moves(False)


def _eaten(length):
    """The heaps left when one of ``length`` tokens is eaten: none, one, or two (the 0.7 rule)."""
    return [tuple(k for k in (a, length - 1 - a) if k) for a in range((length - 1) // 2 + 1)]
