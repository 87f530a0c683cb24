"""Sheep: herds split and run across a board of hexagons, as MCGS plays it (after the board game Battle Sheep).

The rules (MCGS, ualberta-mueller-group/MCGS, ``src/sheep.cpp``): each cell
holds a whole number, ``0`` an empty pasture, ``n > 0`` a herd of ``n`` of
Left's sheep (MCGS's Black), ``-n`` a herd of Right's (White).  A player picks
one of their herds of at least two sheep and one of the six directions of the
hexagonal grid, and sends some of its sheep, at least one and not all, that
way: they run over empty cells as far as they can, stopping before the edge of
the board or a cell that is not empty, and must run at least one cell.  The
cells are hexagons in MCGS's axial layout: the neighbours of row ``r``, column
``c`` are ``(r, c ± 1)``, ``(r - 1, c)``, ``(r - 1, c + 1)``, ``(r + 1, c)`` and
``(r + 1, c - 1)``; drawn, each row sits half a cell to the right of the one
above.  Whoever cannot move loses.

A board is written as MCGS writes it: rows joined by ``|``, the numbers of a
row separated by commas or spaces (``"0, 3 | 0, -2"``), in parentheses or not;
or given as rows of ints.  By hand: on ``0, 3`` Left sends one or two sheep to
the empty cell, and then nobody can move (1); on ``0, 0, 3`` the sheep run to
the far end, and whichever herd has two sheep then moves once more, into the
middle (2).  On ``3, 0, 0 | 0, 0, -1`` Left's herd has two directions,
right and down (down and to the left is off the board, and the cell down and
to the right is not a neighbour):

>>> from cgt.rulesets import Sheep
>>> print(Sheep("0, 3").canonical_form, Sheep("0 0 3").canonical_form)
1 2
>>> Sheep("3, 0, 0 | 0, 0, -1").left_moves()
[Sheep('2, 0, 1 | 0, 0, -1'), Sheep('1, 0, 2 | 0, 0, -1'), Sheep('2, 0, 0 | 1, 0, -1'), Sheep('1, 0, 0 | 2, 0, -1')]

How a board splits (`Sheep.components`).  A cell that holds sheep never
becomes empty again (a herd always leaves some behind), so a herd of one, or a
herd with no empty neighbour, never moves again; no sheep ever runs into or
past it either.  Such a herd is a wall: the regions of the other cells, linked
as neighbouring hexagons, never meet, and the position is the sum of them,
each cut out with the rest of its box made walls, written ``1`` (MCGS splits
at herds of one).  Regions where nobody can move are dropped.  A region is
kept under the least of its images under the symmetries of the hexagonal
grid that map the board's box to itself (half a turn, and the reflections
through the two diagonals of the box), its walls all written ``1``; with
every herd changing sides it stands for the negative.
"""

from __future__ import annotations

import re

from cgt.rulesets import compiled
from cgt.rulesets.position import Position, PositionSyntaxError
from cgt.value import Struct

__all__ = ["Sheep"]

#: The six neighbours of a hexagon, as ``(rows, columns)`` steps (MCGS's ``GRID_DIRS_HEX``).
HEX = ((-1, 0), (-1, 1), (0, 1), (1, 0), (1, -1), (0, -1))

_ROW = re.compile(r"\s*[+-]?\d+(?:\s*,\s*[+-]?\d+|\s+[+-]?\d+)*\s*")
_NUMBER = re.compile(r"[+-]?\d+")


def _parse(board):
    """The rows of a Sheep board, as tuples of ints."""
    if isinstance(board, str):
        text = board.strip()
        if text.startswith("(") and text.endswith(")"):
            text = text[1:-1]
        if not text.strip():
            return ()
        rows = []
        for r, row in enumerate(text.split("|"), 1):
            if not _ROW.fullmatch(row):
                raise PositionSyntaxError(f"Sheep board {board!r}: row {r}, {row.strip()!r}, is not whole numbers "
                                          f"separated by commas or spaces")
            rows.append(tuple(int(x) for x in _NUMBER.findall(row)))
    elif isinstance(board, (tuple, list)):
        rows = []
        for r, row in enumerate(board, 1):
            if isinstance(row, str) or not all(isinstance(x, int) and not isinstance(x, bool) for x in row):
                raise TypeError(f"Sheep board row {r} is not a sequence of ints: {row!r}")
            rows.append(tuple(row))
        board = _text(tuple(rows))
    else:
        raise TypeError(f"a Sheep board is a string like '0, 3 | -2, 0' or rows of ints, not {type(board).__name__}")
    for r, row in enumerate(rows, 1):
        if len(row) != len(rows[0]):
            raise PositionSyntaxError(f"Sheep board {board!r}: row {r} has {len(row)} cells, row 1 has {len(rows[0])}")
    if rows and not rows[0]:
        return ()
    return tuple(rows)


def _text(herds):
    return " | ".join(", ".join(str(x) for x in row) for row in herds)


def _images(herds):
    """The board under the symmetries of the rectangle that keep the hexagonal neighbours: itself,
    half a turn, and the reflections through the two diagonals (``(r, c)`` to ``(c, r)`` and back)."""
    turned = tuple(row[::-1] for row in herds[::-1])
    transposed = tuple(zip(*herds)) if herds else ()
    return (herds, turned, transposed, tuple(row[::-1] for row in transposed[::-1]))


class Sheep(Position, Struct):
    """A Sheep position (MCGS's ``sheep``): ``herds``, rows of ints, ``n > 0`` Left's herd of ``n``, ``-n`` Right's.

    >>> Sheep("(0, 2 | -3, 0)").herds
    ((0, 2), (-3, 0))
    >>> Sheep("0, 2 | -3")
    Traceback (most recent call last):
    ...
    cgt.errors.PositionSyntaxError: Sheep board '0, 2 | -3': row 2 has 1 cells, row 1 has 2
    """

    __slots__ = ("herds",)
    herds: tuple

    _compiled_rules = ("sheep_new",)

    def __init__(self, board: str = "") -> None:
        self._init(_parse(board))

    @classmethod
    def _of(cls, herds):
        return cls._from_fields(herds)

    @property
    def height(self):
        return len(self.herds)

    @property
    def width(self):
        return len(self.herds[0]) if self.herds else 0

    @property
    def board(self):
        """The board in MCGS's notation: rows joined by ``|``, numbers by commas."""
        return _text(self.herds)

    def __repr__(self):
        return f"Sheep({self.board!r})"

    def __str__(self):
        return "\n".join(" ".join(f"{x:3d}" for x in row) for row in self.herds)

    def _moves(self, sign):
        herds = self.herds
        height, width = self.height, self.width
        out = []
        for r in range(height):
            for c in range(width):
                n = herds[r][c] * sign
                if n < 2:
                    continue
                for dr, dc in HEX:
                    rr, cc = r, c
                    while 0 <= rr + dr < height and 0 <= cc + dc < width and herds[rr + dr][cc + dc] == 0:
                        rr, cc = rr + dr, cc + dc
                    if (rr, cc) == (r, c):
                        continue
                    for k in range(1, n):
                        cells = [list(row) for row in herds]
                        cells[r][c] = sign * (n - k)
                        cells[rr][cc] = sign * k
                        out.append(self._of(tuple(tuple(row) for row in cells)))
        return out

    def left_moves(self):
        return self._moves(1)

    def right_moves(self):
        return self._moves(-1)

    def _walls(self):
        """The board with every herd that can never move written ``1``: the herds of one, and the herds
        with no empty neighbour (a cell never becomes empty again: a herd always leaves some behind)."""
        herds = self.herds
        height, width = self.height, self.width

        def stuck(r, c):
            return not any(0 <= r + dr < height and 0 <= c + dc < width and herds[r + dr][c + dc] == 0
                           for dr, dc in HEX)

        return tuple(tuple(1 if x and (x in (1, -1) or stuck(r, c)) else x for c, x in enumerate(row))
                     for r, row in enumerate(herds))

    def components(self):
        """The regions of the cells not holding a herd that can never move, linked as hexagons, where
        somebody can move; the herds that can never move are written ``1``."""
        herds = self._walls()
        height, width = self.height, self.width
        seen = set()
        parts = []
        for r in range(height):
            for c in range(width):
                if abs(herds[r][c]) == 1 or (r, c) in seen:
                    continue
                seen.add((r, c))
                region = [(r, c)]
                frontier = [(r, c)]
                while frontier:
                    cr, cc = frontier.pop()
                    for dr, dc in HEX:
                        nr, nc = cr + dr, cc + dc
                        if 0 <= nr < height and 0 <= nc < width and (nr, nc) not in seen \
                                and abs(herds[nr][nc]) != 1:
                            seen.add((nr, nc))
                            region.append((nr, nc))
                            frontier.append((nr, nc))
                if not any(herds[cr][cc] == 0 for cr, cc in region) \
                        or not any(abs(herds[cr][cc]) > 1 for cr, cc in region):
                    continue
                cells = set(region)
                r0, r1 = min(x for x, _ in cells), max(x for x, _ in cells)
                c0, c1 = min(y for _, y in cells), max(y for _, y in cells)
                part = self._of(tuple(tuple(herds[x][y] if (x, y) in cells else 1 for y in range(c0, c1 + 1))
                                      for x in range(r0, r1 + 1)))
                if part.left_moves() or part.right_moves():
                    parts.append(part)
        return tuple(parts)

    def _compiled_id(self):
        return compiled.sheep_value(self._compiled_rules, self.herds)

    def _compiled_rows(self):
        """The board as the compiled searches take it: rows of herds, each a signed byte; None when a
        herd is past one."""
        if any(abs(n) > 127 for row in self.herds for n in row):
            return None
        return [bytes(n & 0xFF for n in row) for row in self.herds]

    def signed_key(self):
        """The least image under the hexagonal grid's symmetries of the box (herds that can never move
        written ``1``), and whether it is of the board with the herds' sides swapped (the negative)."""
        walls = self._walls()
        swapped = tuple(tuple(1 if x == 1 else -x for x in row) for row in walls)
        return min([(image, False) for image in _images(walls)] + [(image, True) for image in _images(swapped)])

    @property
    def key(self):
        return self.signed_key()[0]

    def _repr_svg_(self):
        return sheep_svg(self.herds)


# ---------------------------------------------------------------- drawing
_SIDE = 14      # a hexagon's side, in pixels


def sheep_svg(herds, side=_SIDE):
    """The board as hexagons (each row half a cell right of the one above): Left's herds black with white
    numbers, Right's white with black numbers, herds of one grey."""
    height = len(herds)
    width = len(herds[0]) if herds else 0
    step = side * 3 ** 0.5                  # a hexagon's width
    total_width = step * (width + (height - 1) / 2) + 2
    total_height = side * (1.5 * height + 0.5) + 2
    parts = [f'<svg xmlns="http://www.w3.org/2000/svg" width="{total_width:.0f}" height="{total_height:.0f}">']
    for r, row in enumerate(herds):
        for c, n in enumerate(row):
            x = 1 + step * (c + r / 2) + step / 2
            y = 1 + side * (1.5 * r + 1)
            corners = " ".join(f"{x + dx:.1f},{y + dy:.1f}" for dx, dy in (
                (0, -side), (step / 2, -side / 2), (step / 2, side / 2), (0, side), (-step / 2, side / 2),
                (-step / 2, -side / 2)))
            fill = "#000" if n > 1 else "#fff" if n < -1 or n == 0 else "#bbb"
            parts.append(f'<polygon points="{corners}" fill="{fill}" stroke="#000"/>')
            if n:
                colour = "#fff" if n > 1 else "#000"
                parts.append(f'<text x="{x:.1f}" y="{y + side * 0.35:.1f}" font-size="{side}" text-anchor="middle" '
                             f'fill="{colour}">{abs(n)}</text>')
    parts.append("</svg>")
    return "".join(parts)
