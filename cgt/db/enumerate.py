"""Fixed and free polyominoes, enumerated one at a time and in shards.

A polyomino is a finite 4-connected set of cells ``(row, col)`` of the square
grid.  A *fixed* polyomino is one up to translation, written here normalised:
least row 0, least column 0.  A *free* polyomino is one up to translation,
rotation and reflection, i.e. a class of fixed polyominoes under the eight
symmetries of the square (`DIHEDRAL`).  There are 19 fixed and 5 free
tetrominoes (OEIS A001168 and A000105).

Fixed polyominoes come from Redelmeier's algorithm (D. H. Redelmeier,
"Counting polyominoes: yet another attack", Discrete Math. 36 (1981) 191-203).
Translate a polyomino so that its *origin*, the leftmost cell of its first
row, is (0, 0); its cells are then *allowed* ones: in a later row, or in row 0
right of the origin.  The polyominoes are the nodes of a search tree grown
from the origin with an *untried set* of cells: take a cell out of the untried
set for good (for this node's later children too), add it to the polyomino,
and give the child the rest of the untried set plus the allowed neighbours of
the new cell not met before (not in, nor next to, the polyomino, nor tried).
Every fixed polyomino is a node exactly once, with as many cells as its depth.

Sharding: the nodes with ``SPLIT_SIZE`` cells (``n - 1`` cells when that is
fewer) are numbered 0, 1, 2, ... in the order the search visits them, which
depends only on ``n``; shard ``i`` of ``k`` grows only the nodes numbered
``i`` modulo ``k``.  The shards thus partition the polyominoes, and each is
computed on its own (another process or machine) by walking the small tree
above the split, as long as all workers run this same code.

Free polyominoes, and classes under any group of symmetries (`MIRRORS` keeps
Domineering values), are the fixed polyominoes whose `encode` is the least
among their images': still one at a time, and sharded the same way.

>>> sum(1 for _ in fixed_polyominoes(4)), sum(1 for _ in free_polyominoes(4))
(19, 5)
>>> sorted(encode(cells) for cells in classes(3, MIRRORS))
['#.|..', '...', '.|.|.']
"""

from __future__ import annotations

from collections.abc import Iterable, Iterator
from typing import Any, TypeAlias

from cgt.rulesets.grid import BLOCKED, EMPTY, parse_board

__all__ = ["DIHEDRAL", "MIRRORS", "SPLIT_SIZE", "canonical", "classes", "decode", "encode",
           "fixed_polyominoes", "free_polyominoes"]

SPLIT_SIZE = 10
"""Shards are dealt the partial polyominoes of this many cells (``n - 1`` if fewer)."""

# A symmetry is a matrix ((a, b), (c, d)) taking cell (row, col) to (a*row + b*col, c*row + d*col).
DIHEDRAL = (
    ((1, 0), (0, 1)), ((-1, 0), (0, 1)), ((1, 0), (0, -1)), ((-1, 0), (0, -1)),
    ((0, 1), (1, 0)), ((0, 1), (-1, 0)), ((0, -1), (1, 0)), ((0, -1), (-1, 0)),
)
"""The eight symmetries of the square: the reflections and the rotations."""

MIRRORS = DIHEDRAL[:4]
"""Identity, the two reflections in the axes, the half turn: the symmetries that keep Domineering values."""

#: A cell ``(row, col)``; a polyomino is a frozenset of them; a group of symmetries, matrices as above.
Cell: TypeAlias = tuple[int, int]
Polyomino: TypeAlias = frozenset[Cell]
Symmetries: TypeAlias = Iterable[tuple[Cell, Cell]]

_EMPTY, _BLOCKED = ord(EMPTY), BLOCKED.encode()


def encode(cells: Iterable[Cell]) -> str:
    """The board string of ``cells`` translated to row 0 and column 0: ``.`` a cell, ``#`` none.

    Rows are joined by ``|`` and padded to one width, so ``Domineering(encode(cells))``
    is the board.

    >>> encode({(5, 6), (6, 5), (6, 6)})
    '#.|..'
    """
    return next(_boards(cells, DIHEDRAL[:1])).decode() if cells else ""


def decode(text: str) -> Polyomino:
    """The cells ``(row, col)`` of board string ``text``, the inverse of `encode`.

    >>> sorted(decode("#.|.."))
    [(0, 1), (1, 0), (1, 1)]
    """
    rows = parse_board(text, EMPTY + BLOCKED, "polyomino")
    return frozenset((r, c) for r, row in enumerate(rows) for c, ch in enumerate(row) if ch == EMPTY)


def canonical(cells: Iterable[Cell], symmetries: Symmetries = DIHEDRAL) -> str:
    """The least `encode` of an image of ``cells`` under the group ``symmetries``.

    >>> canonical({(0, 0), (1, 0), (1, 1)}), canonical({(0, 0), (1, 0), (1, 1)}, MIRRORS)
    ('#.|..', '#.|..')
    >>> canonical({(0, 0), (0, 1)}), canonical({(0, 0), (1, 0)}, MIRRORS)
    ('..', '.|.')
    """
    return min(_boards(cells, symmetries)).decode()


def _boards(cells: Iterable[Cell], symmetries: Symmetries) -> Iterator[bytearray]:
    """The encodings, as bytes, of the images of (nonempty) ``cells`` under ``symmetries``."""
    rows = [row for row, _ in cells]
    cols = [col for _, col in cells]
    top, left, bottom, right = min(rows), min(cols), max(rows), max(cols)
    for (a, b), (c, d) in symmetries:
        image_rows = (a * top + b * left, a * bottom + b * right)
        image_cols = (c * top + d * left, c * bottom + d * right)
        width = max(image_cols) - min(image_cols) + 1
        board = bytearray(b"|".join([_BLOCKED * width] * (max(image_rows) - min(image_rows) + 1)))
        # (row, col) goes to (a*row + b*col - min(image_rows), c*row + d*col - min(image_cols)),
        # at index image_row * (width + 1) + image_col of the board
        row_step, col_step = a * (width + 1) + c, b * (width + 1) + d
        start = -min(image_rows) * (width + 1) - min(image_cols)
        for row, col in cells:
            board[start + row_step * row + col_step * col] = _EMPTY
        yield board


def fixed_polyominoes(n: int, shard: int = 0, shards: int = 1) -> Iterator[Polyomino]:
    """Each fixed polyomino of ``n`` cells once, as a frozenset of normalised cells (Redelmeier).

    With ``shards=k``, only shard ``shard`` of ``k`` (see the module docstring).

    >>> sorted(sorted(cells) for cells in fixed_polyominoes(2))
    [[(0, 0), (0, 1)], [(0, 0), (1, 0)]]
    >>> sum(sum(1 for _ in fixed_polyominoes(6, shard, 3)) for shard in range(3))
    216
    """
    if n < 1:
        raise ValueError(f"a polyomino has at least 1 cell, not {n}")
    if not 0 <= shard < shards:
        raise ValueError(f"shard {shard} is not one of 0, ..., {shards - 1}")
    width = 2 * n + 1       # cell (row, col) is number (row + 1) * width + col + n
    columns = [i % width - n for i in range((n + 2) * width)]
    translated = {left: [(i // width - 1, col - left) for i, col in enumerate(columns)]
                  for left in range(1 - n, 1)}
    for polyomino, untried in _redelmeier(n, width, shard, shards):
        left = min((columns[i] for i in polyomino), default=0)
        cells = translated[left]
        base = [cells[i] for i in polyomino]
        for i in untried:
            if columns[i] >= left:
                yield frozenset((*base, cells[i]))
            else:           # the new cell is the leftmost one
                moved = translated[columns[i]]
                yield frozenset([moved[j] for j in polyomino] + [moved[i]])


def _redelmeier(n: int, width: int, shard: int, shards: int) -> Iterator[Any]:
    """The nodes ``(polyomino, untried)`` of ``n - 1`` cells of Redelmeier's tree, in shard ``shard``.

    Cells are the numbers ``(row + 1) * width + col + n``: the origin is ``width + n``,
    and the cells numbered below it are exactly the ones not allowed.  Each
    untried cell completes the polyomino (a shared list) to one of ``n`` cells.
    """
    origin = width + n
    seen = bytearray((n + 2) * width)
    seen[:origin + 1] = b"\1" * (origin + 1)
    polyomino: list[int] = []
    split = min(n - 1, SPLIT_SIZE)
    node = -1

    def grow(untried: list[int]) -> Iterator[Any]:
        nonlocal node
        if len(polyomino) == split:
            node += 1
            if node % shards != shard:
                return
        if len(polyomino) == n - 1:
            yield polyomino, untried
            return
        while untried:
            cell = untried.pop()
            new = [c for c in (cell + 1, cell - 1, cell + width, cell - width) if not seen[c]]
            for c in new:
                seen[c] = 1
            polyomino.append(cell)
            yield from grow(untried + new)
            polyomino.pop()
            for c in new:
                seen[c] = 0

    yield from grow([origin])


def classes(n: int, symmetries: Symmetries, shard: int = 0, shards: int = 1) -> Iterator[Polyomino]:
    """One fixed polyomino of ``n`` cells per class under the group ``symmetries``: the one whose
    `encode` is its `canonical` form.

    >>> sum(1 for _ in classes(4, MIRRORS))
    9
    """
    for cells in fixed_polyominoes(n, shard, shards):
        boards = _boards(cells, (DIHEDRAL[0], *symmetries))
        board = next(boards)
        if all(image >= board for image in boards):
            yield cells


def free_polyominoes(n: int, shard: int = 0, shards: int = 1) -> Iterator[Polyomino]:
    """Each free polyomino of ``n`` cells once: the classes under `DIHEDRAL`.

    >>> [sum(1 for _ in free_polyominoes(n)) for n in range(1, 8)]
    [1, 1, 2, 5, 12, 35, 108]
    """
    return classes(n, DIHEDRAL, shard, shards)
