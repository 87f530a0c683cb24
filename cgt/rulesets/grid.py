"""Positions on a rectangular grid, written as CGSuite board strings.

A board is its rows joined by ``|``, one character a cell: ``.`` empty, ``#``
blocked (off the board), ``x`` and ``o`` stones (``x`` is Left's, ``o`` Right's,
as in CGSuite).  ``"..#|..."`` is two rows of three cells with one cell cut out.

>>> from cgt.rulesets import Domineering
>>> Domineering("..#|...").rows
('..#', '...')
>>> Domineering("..|...")
Traceback (most recent call last):
...
cgt.errors.PositionSyntaxError: Domineering board '..|...': row 2 has 3 cells, row 1 has 2
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from cgt.rulesets.position import Position, PositionSyntaxError
from cgt.value import Struct

if TYPE_CHECKING:
    from typing_extensions import Self

__all__ = ["Grid", "parse_board"]

EMPTY = "."
BLOCKED = "#"
ORTHOGONAL = ((1, 0), (-1, 0), (0, 1), (0, -1))
DIAGONAL = ((1, 1), (1, -1), (-1, 1), (-1, -1))
COMPASS = ORTHOGONAL + DIAGONAL

#: The most characters of an empty board's text (`Grid.empty`): 10^8, about 100 MB.
_MAX_BOARD_TEXT = 10**8


def parse_board(text, symbols, ruleset="board"):
    """The rows of board string ``text``, checked: equal lengths, only ``symbols``.

    >>> parse_board("x.o|.#.", ".#xo")
    ('x.o', '.#.')
    >>> parse_board("x.z", ".#x", "Clobber")
    Traceback (most recent call last):
    ...
    cgt.errors.PositionSyntaxError: Clobber board 'x.z': unknown character 'z' at row 1, column 3 (expected one of '.#x')
    """
    if isinstance(text, (tuple, list)):
        rows = tuple(text)
        text = "|".join(row if isinstance(row, str) else repr(row) for row in rows)
    elif isinstance(text, str):
        rows = tuple(text.split("|")) if text else ()
    else:
        raise TypeError(f"a {ruleset} board is a string like '..|..', not {type(text).__name__}")
    for r, row in enumerate(rows, 1):
        if not isinstance(row, str):
            raise TypeError(f"{ruleset} board row {r} is not a string")
        if row.strip(symbols):      # some character is not a symbol: say which
            c, ch = next((c, ch) for c, ch in enumerate(row, 1) if ch not in symbols)
            raise PositionSyntaxError(
                f"{ruleset} board {text!r}: unknown character {ch!r} at row {r}, column {c} "
                f"(expected one of {symbols!r})"
            )
        if len(row) != len(rows[0]):
            raise PositionSyntaxError(
                f"{ruleset} board {text!r}: row {r} has {len(row)} cells, row 1 has {len(rows[0])}"
            )
    return rows


class Grid(Position, Struct):
    """A position on a rectangular board: ``rows`` of cell characters."""

    __slots__ = ("rows",)
    rows: tuple

    symbols = ".#"

    def __init__(self, board: str = "") -> None:
        self._init(parse_board(board, self.symbols, type(self).__name__))

    @classmethod
    def empty(cls, height: int, width: int) -> Self:
        """The empty board with ``height`` rows and ``width`` columns (whole numbers; its text, of
        ``(width + 1)·height`` characters, at most 10^8: a board larger than any search can take).

        >>> from cgt.rulesets import Domineering
        >>> Domineering.empty(2, 3)
        Domineering('...|...')
        >>> Domineering.empty(2**32, 2**32)
        Traceback (most recent call last):
        ...
        ValueError: an empty board of 4294967296 rows and 4294967296 columns is larger than any search can take
        """
        for name, value in (("height", height), ("width", width)):
            if not isinstance(value, int) or isinstance(value, bool) or value < 0:
                raise ValueError(f"the {name} of a board is an int >= 0, not {value!r}")
        if (width + 1) * max(height, 1) > _MAX_BOARD_TEXT:        # a row is made even for no rows
            raise ValueError(f"an empty board of {height} rows and {width} columns is larger than any search can take")
        return cls("|".join([EMPTY * width] * height))

    @property
    def board(self):
        """The board string, rows joined by ``|`` (CGSuite's GridString)."""
        return "|".join(self.rows)

    @property
    def height(self):
        return len(self.rows)

    @property
    def width(self):
        return len(self.rows[0]) if self.rows else 0

    def __repr__(self):
        return f"{type(self).__name__}({self.board!r})"

    def __str__(self):
        return "\n".join(self.rows)

    def _with(self, changes):
        """A copy with cells changed: ``changes`` maps (row, column) to a character."""
        rows = [list(row) for row in self.rows]
        for (r, c), ch in changes.items():
            rows[r][c] = ch
        return self._from_rows(tuple("".join(row) for row in rows))

    @classmethod
    def _from_rows(cls, rows):
        """A position from rows already checked (no parsing)."""
        return cls._from_fields(rows)

    def cells(self, ch):
        """The (row, column) of every cell holding ``ch``."""
        return [(r, c) for r, row in enumerate(self.rows) for c, x in enumerate(row) if x == ch]

    def _repr_svg_(self):
        return grid_svg(self.rows)

    @property
    def key(self):
        return self.rows


# ---------------------------------------------------------------- symmetry
def dihedral(rows):
    """The eight images of a board under the symmetries of the rectangle, as row tuples.

    Image ``k`` transposes rows and columns if ``k & 4``, then mirrors left
    to right if ``k & 1`` and turns upside down if ``k & 2`` (so the first
    four keep the orientation).
    """
    flipped = tuple(row[::-1] for row in rows)
    columns = tuple("".join(col) for col in zip(*rows)) if rows else ()
    cflipped = tuple(col[::-1] for col in columns)
    return (rows, flipped, rows[::-1], flipped[::-1],
            columns, cflipped, columns[::-1], cflipped[::-1])


def step_image(k, step):
    """The image of a step ``(rows, columns)`` under symmetry ``k`` of `dihedral`.

    >>> step_image(4, (1, 2)), step_image(3, (1, 2))
    ((2, 1), (-1, -2))
    """
    dr, dc = (step[1], step[0]) if k & 4 else step
    return (-dr if k & 2 else dr), (-dc if k & 1 else dc)


def symmetries_keeping(steps):
    """The symmetries `k` of `dihedral` that map the set ``steps`` onto itself.

    >>> symmetries_keeping(ORTHOGONAL), symmetries_keeping([(1, 0), (-1, 0)])
    ((0, 1, 2, 3, 4, 5, 6, 7), (0, 1, 2, 3))
    """
    steps = set(steps)
    return tuple(k for k in range(8) if {step_image(k, d) for d in steps} == steps)


def crop(rows, keep, fill=BLOCKED):
    """The smallest box around the cells in ``keep`` (a set of (r, c)); its other cells ``fill``."""
    if not keep:
        return ()
    r0 = min(r for r, _ in keep)
    r1 = max(r for r, _ in keep)
    c0 = min(c for _, c in keep)
    c1 = max(c for _, c in keep)
    return tuple(
        "".join(rows[r][c] if (r, c) in keep else fill for c in range(c0, c1 + 1))
        for r in range(r0, r1 + 1)
    )


def regions(rows, occupied=".xo", steps=ORTHOGONAL):
    """The regions of the cells whose character is in ``occupied``, linked by ``steps`` (either way), as sets of (r, c).

    Regions come in the reading order of their first cells.

    >>> regions(("x#o", "#.x"), "xo", steps=COMPASS)
    [{(0, 0)}, {(0, 2), (1, 2)}]
    """
    order = [(r, c) for r, row in enumerate(rows) for c, ch in enumerate(row) if ch in occupied]
    cells = set(order)
    out = []
    for start in order:
        if start not in cells:
            continue
        cells.remove(start)
        region = {start}
        frontier = [start]
        while frontier:
            r, c = frontier.pop()
            for dr, dc in steps:
                for nb in ((r + dr, c + dc), (r - dr, c - dc)):
                    if nb in cells:
                        cells.remove(nb)
                        region.add(nb)
                        frontier.append(nb)
        out.append(region)
    return out


# ---------------------------------------------------------------- drawing
_CELL = 24


def grid_svg(rows, cell=_CELL, letters=None):
    """A small SVG drawing of a board: empty cells white, blocked grey, x black, o white stones.

    ``letters`` maps other cell characters to ``(text, colour)``: the text is
    written in the cell, in that colour (Ski Jumps' skiers).

    >>> grid_svg(("L.",), letters={"L": ("L", "#36c")}).count("<text")
    1
    """
    letters = letters or {}
    height = len(rows)
    width = len(rows[0]) if rows else 0
    parts = [
        f'<svg xmlns="http://www.w3.org/2000/svg" width="{width * cell + 2}" height="{height * cell + 2}">'
    ]
    for r, row in enumerate(rows):
        for c, ch in enumerate(row):
            x, y = c * cell + 1, r * cell + 1
            fill = "#777" if ch == BLOCKED else "#fff"
            parts.append(f'<rect x="{x}" y="{y}" width="{cell}" height="{cell}" fill="{fill}" stroke="#000"/>')
            if ch in "xo":
                stone = "#000" if ch == "x" else "#fff"
                parts.append(
                    f'<circle cx="{x + cell / 2}" cy="{y + cell / 2}" r="{cell * 0.38}" '
                    f'fill="{stone}" stroke="#000"/>'
                )
            elif ch in letters:
                text, colour = letters[ch]
                parts.append(
                    f'<text x="{x + cell / 2}" y="{y + cell / 2}" text-anchor="middle" dominant-baseline="central" '
                    f'font-family="sans-serif" font-size="{cell * 0.7:g}" font-weight="bold" fill="{colour}">'
                    f'{text}</text>'
                )
    parts.append("</svg>")
    return "".join(parts)
