"""Fox and Geese (Winning Ways, ch. 20; Siegel, *Combinatorial Game Theory*, VI), as CGSuite plays it.

The board is a checkerboard ``board_width`` columns wide (8 by default) and
unbounded upward; squares are ``(row, col)``, 1-based, and only those with
``row + col`` even are used.  Left moves one goose one step diagonally
*down* (toward row 1); Right moves the fox diagonally in any direction, up to
``fox_range`` squares (1 by default, 2 in the Ceylonese variant) without
jumping a goose.  Nobody moves onto an occupied square.  The geese can never
go back up, but the fox can run to and fro, so positions repeat: values come
from `~cgt.rulesets.Position.game_value`.  A fox that has got past the geese
(on or above the highest goose's row, or one row below it with a free square
above) can never be caught: the position is worth ``off``.

>>> from cgt.rulesets import FoxAndGeese
>>> print(FoxAndGeese([(3, 1), (3, 3), (3, 5), (3, 7)], (1, 1)).game_value())   # CGSuite's value
{6|2over}

CGSuite's ruleset schema ``GenFoxAndGeese(boardWidth, foxRange)`` is
`GenFoxAndGeese`; its ``CeyloneseFoxAndGeese`` (a fox of range 2) is
`CeyloneseFoxAndGeese`.
"""

from __future__ import annotations

import functools
from typing import Any

from cgt.rulesets.position import Position
from cgt.value import Struct

__all__ = ["CeyloneseFoxAndGeese", "FoxAndGeese", "GenFoxAndGeese"]

_DIAGONALS = ((1, 1), (1, -1), (-1, 1), (-1, -1))


def _square(text, board_width, square):
    """``square`` as a ``(row, col)`` pair of ints, or CGSuite's error naming ``text``."""
    try:
        row, col = square
    except (TypeError, ValueError):
        row = col = None
    valid = (all(isinstance(x, int) and not isinstance(x, bool) for x in (row, col))
             and row >= 1 and 1 <= col <= board_width and (row + col) % 2 == 0)
    if not valid:
        raise ValueError(f"{text} a valid `Coordinates` (1 <= col <= board_width; row >= 1; "
                         "row + col even)")
    return row, col


class FoxAndGeese(Position, Struct):
    """A Fox and Geese position: the geese's squares and the fox's, as ``(row, col)`` pairs.

    >>> position = FoxAndGeese([(3, 1), (3, 3)], (1, 1), board_width=4)
    >>> position.left_moves()
    [FoxAndGeese([(2, 2), (3, 1)], (1, 1), board_width=4), FoxAndGeese([(2, 4), (3, 1)], (1, 1), board_width=4), FoxAndGeese([(2, 2), (3, 3)], (1, 1), board_width=4)]
    >>> [p.fox for p in position.right_moves()]
    [(2, 2)]
    """

    __slots__ = ("geese", "fox", "board_width", "fox_range")
    geese: frozenset
    fox: tuple
    board_width: int
    fox_range: int

    def __init__(self, geese: Any, fox: Any, board_width: int = 8, fox_range: int = 1) -> None:
        width = board_width
        if not isinstance(width, int) or isinstance(width, bool) or width < 1:
            raise ValueError(f"`board_width` must be an int >= 1, not {width!r}")
        if not isinstance(fox_range, int) or isinstance(fox_range, bool) or fox_range < 1:
            raise ValueError("`fox_range` must be >= 1")
        try:
            given = list(geese)
        except TypeError:
            given = [None]
        squares = frozenset(_square("Every element of `geese` must be", width, g) for g in given)
        if not squares:
            raise ValueError("a Fox and Geese position has at least one goose")
        square = _square("`fox` must be", width, fox)
        if square in squares:
            raise ValueError(f"the fox and a goose are both on {square}")
        self._init(squares, square, board_width, fox_range)

    def _moved(self, geese, fox):
        """This position with the geese on ``geese`` and the fox on ``fox`` (squares known to be free)."""
        return self._from_fields(geese, fox, self.board_width, self.fox_range)

    def __repr__(self):
        defaults = dict(zip(("board_width", "fox_range"), type(self)._defaults))
        options = "".join(f", {name}={value}" for name, value in
                          (("board_width", self.board_width), ("fox_range", self.fox_range))
                          if value != defaults[name])
        return f"{type(self).__name__}({sorted(self.geese)}, {self.fox}{options})"

    def _repr_svg_(self):
        """The board, row 1 at the bottom: geese white, the fox red, on the dark squares they play on."""
        cell = 22
        top = max([row for row, _ in self.geese] + [self.fox[0]]) + 1
        width = self.board_width
        parts = [f'<svg xmlns="http://www.w3.org/2000/svg" width="{width * cell + 2}" height="{top * cell + 2}">']
        for row in range(1, top + 1):
            for col in range(1, width + 1):
                x, y = (col - 1) * cell + 1, (top - row) * cell + 1
                fill = "#8b6b47" if (row + col) % 2 == 0 else "#f3e6cf"
                parts.append(f'<rect x="{x}" y="{y}" width="{cell}" height="{cell}" fill="{fill}"/>')
                piece = "#fff" if (row, col) in self.geese else "#d33" if (row, col) == self.fox else None
                if piece:
                    parts.append(f'<circle cx="{x + cell / 2}" cy="{y + cell / 2}" r="{cell * 0.38}" '
                                 f'fill="{piece}" stroke="#000"/>')
        parts.append("</svg>")
        return "".join(parts)

    #: ``(board_width, fox_range)`` when not given: a ruleset of `GenFoxAndGeese` has its own.
    _defaults = (8, 1)

    @property
    def key(self):
        return self.geese, self.fox

    def _free(self, row, col):
        return row >= 1 and 1 <= col <= self.board_width and (row, col) not in self.geese

    def left_moves(self):
        """Each goose one step diagonally down onto a free square."""
        moves = []
        for row, col in sorted(self.geese, reverse=True):
            for step in (-1, 1):
                target = (row - 1, col + step)
                if self._free(*target) and target != self.fox:
                    moves.append(self._moved(self.geese - {(row, col)} | {target}, self.fox))
        return moves

    def right_moves(self):
        """The fox up to ``fox_range`` steps in one diagonal direction, over free squares only."""
        moves = []
        row, col = self.fox
        for dr, dc in _DIAGONALS:
            for distance in range(1, self.fox_range + 1):
                target = (row + dr * distance, col + dc * distance)
                if not self._free(*target):
                    break
                moves.append(self._moved(self.geese, target))
        return moves

    def known_value(self):
        """``off`` when the fox has got past the geese, else None (CGSuite's decomposition)."""
        top = max(row for row, _ in self.geese)
        row, col = self.fox
        escapes = row >= top or (row == top - 1 and (self._free(row + 1, col - 1)
                                                    or self._free(row + 1, col + 1)))
        if not escapes:
            return None
        from cgt.loopy import off  # lazy load for import time: `import cgt.rulesets` stays lighter

        return off

    @classmethod
    def values_table(cls, geese: Any, board_width: int = 8, fox_range: int = 1) -> Any:
        """The value with the fox on each square below the highest goose (CGSuite's ``ValuesTable``).

        Rows run from the highest goose's row down to 1, columns from 1 to
        ``board_width``; a goose's square holds ``"X"``, an unused square None.

        >>> table = FoxAndGeese.values_table([(3, 1), (3, 3), (3, 5), (3, 7)])
        >>> [str(v) for v in table[1] if v is not None]          # the fox on row 2: CGSuite's values
        ['2over', '2', '3*', '4over']
        """
        position = cls(geese, _first_free_square(geese, board_width), board_width, fox_range)
        top = max(row for row, _ in position.geese)
        return [["X" if (row, col) in position.geese
                 else position._moved(position.geese, (row, col)).game_value() if (row + col) % 2 == 0
                 else None
                 for col in range(1, board_width + 1)]
                for row in range(top, 0, -1)]


def GenFoxAndGeese(board_width: int = 8, fox_range: int = 1) -> type[FoxAndGeese]:
    """CGSuite's Fox and Geese schema: the ruleset on a board ``board_width`` wide whose fox
    moves up to ``fox_range`` squares, a `FoxAndGeese` class taking ``(geese, fox)``.

    >>> Wide = GenFoxAndGeese(board_width=10)
    >>> print(Wide([(3, 1), (3, 3), (3, 5), (3, 7), (3, 9)], (1, 9)).game_value())   # CGSuite's value
    {6over|5*}
    """
    for name, value in (("board_width", board_width), ("fox_range", fox_range)):
        if not isinstance(value, int) or isinstance(value, bool) or value < 1:
            raise ValueError(f"`{name}` must be an int >= 1, not {value!r}")
    return _gen_fox_and_geese(board_width, fox_range)


@functools.cache
def _gen_fox_and_geese(board_width, fox_range):
    def __init__(self, geese, fox, board_width=board_width, fox_range=fox_range):
        FoxAndGeese.__init__(self, geese, fox, board_width, fox_range)

    name = f"GenFoxAndGeese(board_width={board_width}, fox_range={fox_range})"
    return type(name, (FoxAndGeese,), {"__slots__": (), "__module__": __name__, "__init__": __init__,
                                      "__doc__": f"The Fox and Geese ruleset {name}.",
                                      "_defaults": (board_width, fox_range)})


class CeyloneseFoxAndGeese(GenFoxAndGeese(fox_range=2)):  # type: ignore[misc]
    """Ceylonese Fox and Geese: the fox moves up to two squares in one diagonal direction.

    >>> print(CeyloneseFoxAndGeese([(4, 2), (4, 4), (4, 6), (4, 8)], (1, 1)).game_value())   # CGSuite's value
    {9||4v[on]*|5/2*|||3|5/2*,5/2v||5/2}
    """

    __slots__ = ()


def _first_free_square(geese, board_width):
    """Some square for the fox that the geese leave free (the table puts it everywhere anyway)."""
    taken = set(map(tuple, geese)) if not isinstance(geese, (str, bytes)) else set()
    row = 1
    while True:
        for col in range(1, board_width + 1):
            if (row + col) % 2 == 0 and (row, col) not in taken:
                return row, col
        row += 1
