"""Polyominoes from the definition, for checking `cgt.db.enumerate` and the census builds.

A polyomino is a 4-connected set of cells ``(row, col)``; the fixed ones of
n cells are grown from those of n - 1 cells by every neighbouring cell, and
normalised to least row and column 0.  Slow, and sharing nothing with
Redelmeier's algorithm in `cgt.db.enumerate`.
"""

from functools import lru_cache


def neighbours(cell):
    row, col = cell
    return {(row + 1, col), (row - 1, col), (row, col + 1), (row, col - 1)}


def normalised(cells):
    top, left = min(r for r, _ in cells), min(c for _, c in cells)
    return frozenset((r - top, c - left) for r, c in cells)


def image(cells, symmetry):
    """``cells`` under the matrix ``((a, b), (c, d))``: (row, col) goes to (a*row + b*col, c*row + d*col)."""
    (a, b), (c, d) = symmetry
    return {(a * row + b * col, c * row + d * col) for row, col in cells}


@lru_cache
def fixed(n):
    """The fixed polyominoes of n cells: grow each of n - 1 cells by a neighbour."""
    if n == 1:
        return frozenset({frozenset({(0, 0)})})
    return frozenset(normalised(cells | {new}) for cells in fixed(n - 1)
                     for cell in cells for new in neighbours(cell) - cells)


def orbits(n, symmetries):
    """The classes of fixed n-cell polyominoes under ``symmetries``."""
    return {frozenset(normalised(image(cells, g)) for g in symmetries) for cells in fixed(n)}
