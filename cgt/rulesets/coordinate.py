"""Partizan games on coordinates (CGSuite's ``PartizanCoordinateRuleset``), and Partizan Euclid.

A position is a sum of pieces, each a pair ``(m, n)`` of ints >= 0; a move
replaces one piece by one of the mover's options at it, itself a sum of
pieces.  `PartizanCoordinateRuleset` takes the options from two impartial
coordinate rulesets, Left's and Right's (`cgt.impartial.CoordinateRuleset`, or
any ruleset with ``coordinate_options``, such as ``wythoff``); cakes
(`cgt.rulesets.cake`) take them from two heap rulesets.

>>> from cgt.impartial import CoordinateRuleset, wythoff
>>> down = CoordinateRuleset(lambda m, n: [(m - 1, n)] if m else [])
>>> Ruleset = PartizanCoordinateRuleset(down, wythoff)
>>> print(Ruleset(1, 1).canonical_form, Ruleset(pieces=[(1, 1), (2, 0)]).canonical_form)
-1* -1v*
"""

from __future__ import annotations

import functools
from collections.abc import Iterable
from typing import Any, ClassVar

from cgt.impartial.coordinate import CoordinateRuleset, checked_options
from cgt.rulesets.position import Position
from cgt.value import Struct

__all__ = ["PartizanCoordinateRuleset", "PartizanEuclid"]


def _piece(piece, name):
    """``piece`` as a pair of ints >= 0, or an error naming the ruleset ``name`` and the fault."""
    def fault(error, why=""):
        return error(f"a {name} position is (m, n), two ints >= 0, or pieces=[(m, n), ...]; not {piece!r}{why}")

    try:
        m, n = piece
    except (TypeError, ValueError):
        raise fault(TypeError) from None
    if not all(isinstance(x, int) and not isinstance(x, bool) for x in (m, n)):
        raise fault(TypeError)
    if min(m, n) < 0:
        raise fault(ValueError, " (a coordinate below zero)")
    return m, n


class _Pieces(Position, Struct):
    """A sum of pieces ``(m, n)``; a subclass says each piece's options (`_piece_options`)."""

    __slots__ = ("pieces",)
    pieces: tuple

    #: Whether a piece turned a quarter, ``(n, m)``, is worth the negative of ``(m, n)``.
    _transpose_negates = False
    #: Each piece's options by player, once computed (one dict per ruleset class).
    _options: ClassVar[dict[Any, Any]] = {}

    def __init__(self, m: Any = None, n: int | None = None, *,
                 pieces: Iterable[Any] | None = None) -> None:
        name = type(self).__name__
        if pieces is None:
            pieces = [m] if n is None and m is not None and not isinstance(m, int) else [(m, n)]
        elif m is not None or n is not None:
            raise TypeError(f"a {name} position is (m, n) or pieces=[...], not both")
        try:
            pieces = list(pieces)
        except TypeError:
            raise TypeError(f"{name} pieces are a collection of pairs (m, n), not {pieces!r}") from None
        self._init(tuple(sorted(_piece(piece, name) for piece in pieces)))

    @classmethod
    def _of(cls, pieces):
        """A position from pieces already checked (no checks)."""
        return cls._from_fields(tuple(sorted(pieces)))

    def __repr__(self):
        if len(self.pieces) == 1:
            return f"{type(self).__name__}{self.pieces[0]}"
        return f"{type(self).__name__}(pieces={self.pieces!r})"

    def _repr_svg_(self):
        """Each piece ``(m, n)`` as a labelled box."""
        widths = [12 + 8 * len(f"{m}, {n}") for m, n in self.pieces]
        parts = [f'<svg xmlns="http://www.w3.org/2000/svg" width="{sum(widths) + 6 * len(widths) + 2}" height="30">']
        x = 1
        for (m, n), width in zip(self.pieces, widths):
            parts.append(f'<rect x="{x}" y="1" width="{width}" height="26" rx="4" fill="#eef" stroke="#000"/>'
                         f'<text x="{x + width / 2}" y="19" font-size="13" text-anchor="middle">{m}, {n}</text>')
            x += width + 6
        parts.append("</svg>")
        return "".join(parts)

    def _piece_options(self, piece, left):
        """The options of ``piece`` for Left (``left``) or Right, each a tuple of pieces."""
        raise NotImplementedError

    def _options_of(self, piece, left):
        options = self._options.get((piece, left))
        if options is None:
            options = self._options[piece, left] = self._piece_options(piece, left)
        return options

    def _moves(self, left):
        pieces = self.pieces
        out = set()
        for i, piece in enumerate(pieces):
            if i and piece == pieces[i - 1]:
                continue
            rest = pieces[:i] + pieces[i + 1:]
            for option in self._options_of(piece, left):
                out.add(tuple(sorted(rest + option)))
        return [self._of(p) for p in sorted(out)]

    def left_moves(self):
        """One piece replaced by the pieces of one of Left's options at it."""
        return self._moves(True)

    def right_moves(self):
        """One piece replaced by the pieces of one of Right's options at it."""
        return self._moves(False)

    def components(self):
        """The pieces where somebody can move, each on its own."""
        return tuple(self._of((piece,)) for piece in self.pieces
                     if self._options_of(piece, True) or self._options_of(piece, False))

    def signed_key(self):
        if len(self.pieces) == 1 and self._transpose_negates:
            (m, n), = self.pieces
            if m > n:
                return ((n, m),), True
        return self.pieces, False

    @property
    def key(self):
        return self.signed_key()[0]


class _PartizanCoordinates(_Pieces):
    """A position of a `PartizanCoordinateRuleset`."""

    __slots__ = ()
    _left = None
    _right = None

    def _piece_options(self, piece, left):
        ruleset = self._left if left else self._right
        return checked_options(ruleset.coordinate_options(piece), piece, ruleset)


def PartizanCoordinateRuleset(left: CoordinateRuleset, right: CoordinateRuleset) -> type[_PartizanCoordinates]:
    """The partizan ruleset in which Left moves by coordinate ruleset ``left`` and Right by ``right``.

    CGSuite's ``game.heap.PartizanCoordinateRuleset``.  ``left`` and
    ``right`` are impartial coordinate rulesets (anything with
    ``coordinate_options((m, n))``); the result is a
    `~cgt.rulesets.Position` class, the same one for the same rulesets, whose
    positions are ``R(m, n)`` (or ``R((m, n))``) and sums ``R(pieces=[...])``.

    >>> from cgt.impartial import mem, wythoff
    >>> PartizanCoordinateRuleset(mem, wythoff)(2, 1).right_moves()[:2]
    [PartizanCoordinateRuleset(mem, wythoff)(0, 1), PartizanCoordinateRuleset(mem, wythoff)(1, 0)]
    """
    for side, ruleset in (("Left", left), ("Right", right)):
        if not callable(getattr(ruleset, "coordinate_options", None)):
            raise TypeError(f"{side}'s ruleset in a partizan coordinate ruleset is a coordinate ruleset "
                            f"(with coordinate_options), not {ruleset!r}")
    return _partizan_coordinates(left, right)


@functools.cache
def _partizan_coordinates(left, right):
    name = f"PartizanCoordinateRuleset({_label(left)}, {_label(right)})"
    return type(name, (_PartizanCoordinates,), {
        "__slots__": (),
        "__module__": __name__,
        "__doc__": f"The partizan coordinate ruleset {name}.",
        "_left": left,
        "_right": right,
        "_options": {},
    })


def _label(ruleset):
    return getattr(ruleset, "name", None) or repr(ruleset)


def _euclid_left(p, q):
    return [] if q == 0 or p % q == 0 else [(q, p % q)]


def _euclid_right(p, q):
    return [] if q == 0 or p % q == 0 else [(q, q - p % q)]


class PartizanEuclid(PartizanCoordinateRuleset(CoordinateRuleset(_euclid_left, "euclid_left"),  # type: ignore[misc]
                                               CoordinateRuleset(_euclid_right, "euclid_right"))):
    """Partizan Euclid (Nowakowski and McKay) at ``(p, q)``: Left to ``(q, p mod q)``, Right to ``(q, q - p mod q)``.

    A position with ``p mod q = 0`` has no move (nor, as in CGSuite's
    ``game.heap.PartizanEuclid``, one with ``q = 0``).  It is CGSuite's
    partizan coordinate ruleset of two coordinate rulesets.  From ``(8, n)``,
    ``n = 0, ..., 8``, CGSuite's tests list ``0, 0, 0, v, 0, 0, ^, ^5, 0``:

    >>> [str(PartizanEuclid(8, n).canonical_form) for n in range(9)]
    ['0', '0', '0', 'v', '0', '0', '^', '^5', '0']
    >>> PartizanEuclid(8, 3).left_moves(), PartizanEuclid(8, 3).right_moves()
    ([PartizanEuclid(3, 2)], [PartizanEuclid(3, 1)])
    """

    __slots__ = ()
