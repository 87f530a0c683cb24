"""King Dirt: kings that leave dirt behind them, and stones still to be placed, as MCGS plays it (``gen_king_dirt``).

The rules (MCGS, ualberta-mueller-group/MCGS, ``src/gen_king_dirt.cpp``, and
its CGSuite script ``utils/CGSuite/GenKingDirt.cgs``): on a board of empty
cells ``.``, dirt ``#``, Left's kings ``x`` (MCGS's Black, ``X``) and Right's
``o`` (White, ``O``), a player either

* places a king of theirs on an empty cell, if they have one left to place
  (Left has ``black_unplaced``, Right ``white_unplaced``, each counting down), or
* moves a king of theirs one step, as a chess king, onto an empty cell; the cell
  it left becomes dirt, where nothing ever stands again,

but when ``must_place`` is set, a player who can place a king must (no king
moves then).  Whoever cannot move loses.  MCGS writes a position as the three
numbers ``black_unplaced,white_unplaced,must_place`` and a colon before the
board: ``1,1,0:X..|.#.|.X#``; this module reads that, or a board alone with the
numbers as keywords (0 by default: kings only move).

By hand: on ``x.`` Left's king has one step, then nobody can move (1).  With
a king to place each (``1,1,0:..``), after Left places hers either she steps
onto the last cell or Right places his there, and nobody can move after
either: that is ``{0 | 0} = *``; so is Right's placing, and ``{* | *}`` is 0.
MCGS's ``3x3_110.test`` (from CGSuite) has ``1,1,0:X..|.#.|.X#`` a win for
Left whoever starts:

>>> from cgt.rulesets import KingDirt
>>> print(KingDirt("x.").canonical_form, KingDirt("1,1,0:..").canonical_form)
1 0
>>> KingDirt("1,1,0:X..|.#.|.X#").outcome
'L'

How a position splits (`KingDirt.components`).  Cells that are not empty
never become empty: a king with no empty cell among its eight neighbours never
moves again, and is dirt for the rest of the game.  Once nobody has a king to
place, a king stays in the region of cells (not dirt) linked as a king steps:
the regions are independent, and the position is their sum (with nothing to
place); regions where nobody can move are dropped.  While a king is still to be
placed, anywhere, the board is one game.  A position is kept under the least
of its eight images under the symmetries of the rectangle (a king steps in all
eight directions), stuck kings made dirt and a count of kings to place
larger than the number of empty cells cut to it (each move fills one empty
cell, so it can never run out first); with the colours and the counts swapped
it stands for the negative.
"""

from __future__ import annotations

import re

from cgt.rulesets.grid import BLOCKED, COMPASS, EMPTY, crop, dihedral, grid_svg, parse_board
from cgt.rulesets import compiled
from cgt.rulesets.position import Position, PositionSyntaxError
from cgt.value import Struct

__all__ = ["KingDirt"]

_LOWER = str.maketrans("XO", "xo")
_SWAP = str.maketrans("xo", "ox")
_PREFIX = re.compile(r"\s*([+-]?\d+)\s*,\s*([+-]?\d+)\s*,\s*([+-]?\d+)\s*:(.*)", re.S)


def _count(name, value):
    if not isinstance(value, int) or isinstance(value, bool) or value < 0:
        raise ValueError(f"KingDirt: {name} is a whole number >= 0, not {value!r}")
    return value


def _flag(value):
    if value in (0, 1) and not isinstance(value, float):
        return bool(value)
    raise ValueError(f"KingDirt: must_place is 0 or 1 (or a bool), not {value!r}")


def _stuck_made_dirt(rows):
    """``rows`` with every king that has no empty neighbour made dirt (it can never move again)."""
    height, width = len(rows), len(rows[0]) if rows else 0

    def stuck(r, c):
        return not any(0 <= r + dr < height and 0 <= c + dc < width and rows[r + dr][c + dc] == EMPTY
                       for dr, dc in COMPASS)

    return tuple("".join(BLOCKED if ch in "xo" and stuck(r, c) else ch for c, ch in enumerate(row))
                 for r, row in enumerate(rows))


class KingDirt(Position, Struct):
    """A King Dirt position (MCGS's ``gen_king_dirt``): a board, the kings each player has to place, and
    whether a player who can place must.

    >>> KingDirt("0,1,1:x.|.o")
    KingDirt('0,1,1:x.|.o')
    >>> KingDirt("x.", black_unplaced=2) == KingDirt("2,0,0:X.")
    True
    >>> KingDirt("1,1,2:..")
    Traceback (most recent call last):
    ...
    ValueError: KingDirt: must_place is 0 or 1 (or a bool), not 2
    """

    __slots__ = ("rows", "black_unplaced", "white_unplaced", "must_place")
    rows: tuple
    black_unplaced: int
    white_unplaced: int
    must_place: bool

    #: With no king left to place, King Dirt is a game of the Clobber family: a king steps (as a chess
    #: king) onto an empty cell and leaves dirt, the compiled search of `GenClobber` (``rust/src/rulesets``).
    _compiled_rules = ("gen_clobber_new", COMPASS, (1 << 0, 1 << 0), (3, 3), 1)

    def __init__(self, board: str = "", black_unplaced: int | None = None, white_unplaced: int | None = None,
                 must_place: int | None = None) -> None:
        given = (black_unplaced, white_unplaced, must_place)
        if isinstance(board, str):
            prefix = _PREFIX.fullmatch(board)
            if prefix is not None:
                if given != (None, None, None):
                    raise ValueError(f"KingDirt {board!r}: the counts are given twice, in the board's prefix "
                                     f"and as keywords")
                black_unplaced, white_unplaced, must_place = (int(x) for x in prefix.groups()[:3])
                board = prefix.group(4)
            elif ":" in board:
                raise PositionSyntaxError(f"KingDirt {board!r}: the prefix before ':' is three whole numbers "
                                          f"'black_unplaced,white_unplaced,must_place', as in '1,1,0:..|..'")
        rows = tuple(row.translate(_LOWER) for row in parse_board(board, ".#xoXO", "KingDirt"))
        self._init(rows, _count("black_unplaced", black_unplaced or 0),
                   _count("white_unplaced", white_unplaced or 0), _flag(must_place or 0))

    def _with(self, rows, black_unplaced, white_unplaced):
        return type(self)._from_fields(rows, black_unplaced, white_unplaced, self.must_place)

    @property
    def board(self):
        """The board string, rows joined by ``|``."""
        return "|".join(self.rows)

    @property
    def height(self):
        return len(self.rows)

    @property
    def width(self):
        return len(self.rows[0]) if self.rows else 0

    def __repr__(self):
        if not (self.black_unplaced or self.white_unplaced or self.must_place):
            return f"KingDirt({self.board!r})"
        return f"KingDirt('{self.black_unplaced},{self.white_unplaced},{int(self.must_place)}:{self.board}')"

    def __str__(self):
        return "\n".join(self.rows)

    def _moves(self, me):
        rows = self.rows
        height, width = self.height, self.width
        to_place = self.black_unplaced if me == "x" else self.white_unplaced
        out = []

        def changed(changes):
            cells = [list(row) for row in rows]
            for (r, c), ch in changes.items():
                cells[r][c] = ch
            return tuple("".join(row) for row in cells)

        if to_place:
            left = (to_place - 1, self.white_unplaced) if me == "x" else (self.black_unplaced, to_place - 1)
            for r in range(height):
                for c in range(width):
                    if rows[r][c] == EMPTY:
                        out.append(self._with(changed({(r, c): me}), *left))
            if out and self.must_place:
                return out
        for r in range(height):
            for c in range(width):
                if rows[r][c] != me:
                    continue
                for dr, dc in COMPASS:
                    rr, cc = r + dr, c + dc
                    if 0 <= rr < height and 0 <= cc < width and rows[rr][cc] == EMPTY:
                        out.append(self._with(changed({(r, c): BLOCKED, (rr, cc): me}),
                                              self.black_unplaced, self.white_unplaced))
        return out

    def left_moves(self):
        return self._moves("x")

    def right_moves(self):
        return self._moves("o")

    def _normal(self):
        """``(rows, black_unplaced, white_unplaced, must_place)``: stuck kings made dirt, the board cut to
        the box of the cells that are not dirt, the counts cut to the number of empty cells, and
        ``must_place`` False when nobody has a king to place (a position with the same moves)."""
        rows = _stuck_made_dirt(self.rows)
        rows = crop(rows, {(r, c) for r, row in enumerate(rows) for c, ch in enumerate(row) if ch != BLOCKED})
        empty = sum(row.count(EMPTY) for row in rows)
        black, white = min(self.black_unplaced, empty), min(self.white_unplaced, empty)
        return rows, black, white, self.must_place and (black > 0 or white > 0)

    def components(self):
        """The position itself while a king is to be placed, else the regions of cells (not dirt) linked
        as a king steps; in both, stuck kings made dirt, and only where somebody can move."""
        rows, black, white, must_place = self._normal()
        if black or white:
            parts = [self._of(rows, black, white, must_place)]
        else:
            height, width = len(rows), len(rows[0]) if rows else 0
            seen = set()
            parts = []
            for r in range(height):
                for c in range(width):
                    if rows[r][c] == BLOCKED or (r, c) in seen:
                        continue
                    seen.add((r, c))
                    region = {(r, c)}
                    frontier = [(r, c)]
                    while frontier:
                        cr, cc = frontier.pop()
                        for dr, dc in COMPASS:
                            nr, nc = cr + dr, cc + dc
                            if 0 <= nr < height and 0 <= nc < width and rows[nr][nc] != BLOCKED \
                                    and (nr, nc) not in seen:
                                seen.add((nr, nc))
                                region.add((nr, nc))
                                frontier.append((nr, nc))
                    parts.append(self._of(crop(rows, region), 0, 0, False))
        return tuple(part for part in parts if part.left_moves() or part.right_moves())

    @classmethod
    def _of(cls, rows, black_unplaced, white_unplaced, must_place):
        return cls._from_fields(rows, black_unplaced, white_unplaced, must_place)

    def _compiled_id(self):
        if self.black_unplaced or self.white_unplaced:
            return None
        return compiled.grid_value(self._compiled_rules, self.rows)

    def signed_key(self):
        """The least image under the symmetries of the rectangle (with the normalisation of `components`),
        and whether it is of the position with colours and counts swapped (the negative)."""
        rows, black, white, must_place = self._normal()
        swapped = tuple(row.translate(_SWAP) for row in rows)
        return min([((image, black, white, must_place), False) for image in dihedral(rows)]
                   + [((image, white, black, must_place), True) for image in dihedral(swapped)])

    @property
    def key(self):
        return self.signed_key()[0]

    def _repr_html_(self):
        """The board (kings as stones, dirt grey) under a line saying what is still to be placed."""
        note = ""
        if self.black_unplaced or self.white_unplaced:
            note = (f"<div style='font-size:0.8em'>to place: Left {self.black_unplaced}, Right "
                    f"{self.white_unplaced}{' (must place)' if self.must_place else ''}</div>")
        return f"<div>{note}{grid_svg(self.rows)}</div>"
