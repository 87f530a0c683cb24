"""Grid games with stones, ``x`` Left's and ``o`` Right's: Clobber, Kings, AntiClobber, Konane, Amazons.

>>> from cgt.rulesets import Clobber, Konane, Amazons, Kings, AntiClobber
>>> print(Clobber("xo").canonical_form, Clobber("xoxo|oox.|xxx.", directions="diagonal").canonical_form)
* {0,v*|vv}
>>> print(Konane("xo.").canonical_form, Amazons("x.o").canonical_form)
1 *
>>> print(Kings("xox|ox.").canonical_form, AntiClobber("xoxo|oo..").canonical_form)    # CGSuite's values
{^^*|*,v[2]} {*|-1}
"""

from cgt.rulesets.grid import BLOCKED, EMPTY, Grid, crop, dihedral

__all__ = ["Clobber", "Kings", "AntiClobber", "Konane", "Amazons"]

_ORTHOGONAL = ((1, 0), (-1, 0), (0, 1), (0, -1))
_DIAGONAL = ((1, 1), (1, -1), (-1, 1), (-1, -1))
_DIRECTIONS = {"orthogonal": _ORTHOGONAL, "diagonal": _DIAGONAL, "all": _ORTHOGONAL + _DIAGONAL}
_SWAP = str.maketrans("xo", "ox")


class _Stones(Grid):
    symbols = ".#xo"

    def signed_key(self):
        """The least of the board's eight images and their colour swaps (a swap negates)."""
        images = dihedral(self.rows)
        best = min(images)
        swapped = min(tuple(row.translate(_SWAP) for row in image) for image in images)
        return (swapped, True) if swapped < best else (best, False)

    @property
    def key(self):
        return self.signed_key()[0]

    def _moves(self, me, them):
        """The positions after a move by the player with stones ``me`` (the other's are ``them``)."""
        raise NotImplementedError

    def left_moves(self):
        return self._moves("x", "o")

    def right_moves(self):
        return self._moves("o", "x")

    def _connected(self, steps, occupied):
        """The parts of the board linked by ``steps`` through cells in ``occupied``."""
        rows = self.rows
        cells = {(r, c) for r, row in enumerate(rows) for c, ch in enumerate(row) if ch in occupied}
        out = []
        while cells:
            start = cells.pop()
            part = {start}
            frontier = [start]
            while frontier:
                r, c = frontier.pop()
                for dr, dc in steps:
                    nb = (r + dr, c + dc)
                    if nb in cells:
                        cells.remove(nb)
                        part.add(nb)
                        frontier.append(nb)
            out.append(part)
        return out


class Clobber(_Stones):
    """Clobber: move one of your stones onto an adjacent opposing stone, which is removed.

    ``directions`` is "orthogonal" (the game), "diagonal" or "all" (CGSuite's GenClobber).

    >>> Clobber("xoo").left_moves()
    [Clobber('.xo')]
    """

    def __init__(self, board="", directions="orthogonal"):
        if directions not in _DIRECTIONS:
            raise ValueError(f"directions must be one of {sorted(_DIRECTIONS)}, not {directions!r}")
        super().__init__(board)
        object.__setattr__(self, "_steps", _DIRECTIONS[directions])

    __slots__ = ("_steps",)

    def __repr__(self):
        steps = getattr(self, "_steps", _ORTHOGONAL)
        extra = "" if steps == _ORTHOGONAL else f", directions={_name(steps)!r}"
        return f"Clobber({self.board!r}{extra})"

    def _derived(self, rows):
        position = self._from_rows(rows)
        object.__setattr__(position, "_steps", self._steps)
        return position

    def _moves(self, me, them):
        rows = self.rows
        out = []
        for r, c in self.cells(me):
            for dr, dc in self._steps:
                rr, cc = r + dr, c + dc
                if 0 <= rr < len(rows) and 0 <= cc < len(rows[0]) and rows[rr][cc] == them:
                    out.append(self._derived(self._changed({(r, c): EMPTY, (rr, cc): me})))
        return out

    def _changed(self, changes):
        cells = [list(row) for row in self.rows]
        for (r, c), ch in changes.items():
            cells[r][c] = ch
        return tuple("".join(row) for row in cells)

    def components(self):
        """Groups of stones linked by the move directions that hold both colours."""
        out = []
        for part in self._connected(self._steps, "xo"):
            colours = {self.rows[r][c] for r, c in part}
            if len(colours) == 2:
                out.append(self._derived(_blank(crop(self.rows, part))))
        return tuple(out)

    def signed_key(self):
        key, negated = super().signed_key()
        return (key, self._steps), negated

    def __eq__(self, other):
        return type(other) is type(self) and self.rows == other.rows and self._steps == other._steps

    def __hash__(self):
        return hash((self.rows, self._steps))


class Kings(Clobber):
    """Kings: Clobber in which a stone captures in any of the eight directions, as a chess king moves.

    CGSuite's ``game.grid.Kings`` (``GenClobber`` with compass directions);
    the same game as ``Clobber(board, directions="all")``.

    >>> Kings("x.|.o").left_moves()
    [Kings('..|.x')]
    """

    __slots__ = ()

    def __init__(self, board=""):
        super().__init__(board, directions="all")

    def __repr__(self):
        return f"Kings({self.board!r})"


class AntiClobber(_Stones):
    """AntiClobber: move one of your stones to an orthogonally adjacent empty cell, leaving
    one of your opponent's stones on the cell it left.

    CGSuite's ``game.grid.AntiClobber`` (``GenClobber`` whose stones move onto
    empty cells, leaving the opponent's colour behind).

    >>> AntiClobber("x.|#o").left_moves()
    [AntiClobber('ox|#o')]
    """

    def _moves(self, me, them):
        rows = self.rows
        out = []
        for r, c in self.cells(me):
            for dr, dc in _ORTHOGONAL:
                rr, cc = r + dr, c + dc
                if 0 <= rr < len(rows) and 0 <= cc < len(rows[0]) and rows[rr][cc] == EMPTY:
                    out.append(self._with({(r, c): them, (rr, cc): me}))
        return out

    def components(self):
        """Regions of unblocked cells (orthogonally connected) holding both a stone and an empty cell."""
        out = []
        for part in self._connected(_ORTHOGONAL, ".xo"):
            held = {self.rows[r][c] for r, c in part}
            if EMPTY in held and held - {EMPTY}:
                out.append(self._from_rows(crop(self.rows, part)))
        return tuple(out)


def _name(steps):
    return next(name for name, s in _DIRECTIONS.items() if s == steps)


def _blank(rows):
    """Blocked cells from cropping read as empty: for stone games both are just 'no stone'."""
    return tuple(row.replace(BLOCKED, EMPTY) for row in rows)


class Konane(_Stones):
    """Konane: jump one of your stones over an adjacent opposing stone to the empty cell beyond,
    capturing it; further jumps in the same line are further moves.

    >>> Konane("xo.o.").left_moves()
    [Konane('..xo.'), Konane('....x')]
    """

    def _moves(self, me, them):
        rows = self.rows
        height, width = len(rows), len(rows[0]) if rows else 0
        out = []
        for r, c in self.cells(me):
            for dr, dc in _ORTHOGONAL:
                cells = [list(row) for row in rows]
                rr, cc = r, c
                while True:
                    r1, c1, r2, c2 = rr + dr, cc + dc, rr + 2 * dr, cc + 2 * dc
                    if not (0 <= r2 < height and 0 <= c2 < width):
                        break
                    if cells[r1][c1] != them or cells[r2][c2] != EMPTY:
                        break
                    cells[rr][cc] = EMPTY
                    cells[r1][c1] = EMPTY
                    cells[r2][c2] = me
                    rr, cc = r2, c2
                    out.append(self._from_rows(tuple("".join(row) for row in cells)))
        return out


class Amazons(_Stones):
    """Amazons: move one of your amazons like a chess queen over empty cells, then shoot an
    arrow from where it lands, again like a queen; the arrow's cell is blocked (``#``).

    >>> len(Amazons("x.|.o").left_moves())
    4
    """

    def _moves(self, me):
        rows = self.rows
        height, width = len(rows), len(rows[0]) if rows else 0
        steps = _ORTHOGONAL + _DIAGONAL
        out = []
        for r, c in self.cells(me):
            cells = [list(row) for row in rows]
            cells[r][c] = EMPTY
            for dr, dc in steps:
                rr, cc = r + dr, c + dc
                while 0 <= rr < height and 0 <= cc < width and cells[rr][cc] == EMPTY:
                    cells[rr][cc] = me
                    for ar, ac in steps:
                        xr, xc = rr + ar, cc + ac
                        while 0 <= xr < height and 0 <= xc < width and cells[xr][xc] == EMPTY:
                            cells[xr][xc] = BLOCKED
                            out.append(self._from_rows(tuple("".join(row) for row in cells)))
                            cells[xr][xc] = EMPTY
                            xr, xc = xr + ar, xc + ac
                    cells[rr][cc] = EMPTY
                    rr, cc = rr + dr, cc + dc
        return out

    def left_moves(self):
        return self._moves("x")

    def right_moves(self):
        return self._moves("o")

    def components(self):
        """Regions of unblocked cells (queen-connected) that hold an amazon."""
        out = []
        for part in self._connected(_ORTHOGONAL + _DIAGONAL, ".xo"):
            if any(self.rows[r][c] in "xo" for r, c in part):
                out.append(self._from_rows(crop(self.rows, part)))
        return tuple(out)

    def followers(self):
        """Every position reachable by moves of either player, this one included."""
        seen = {self}
        stack = [self]
        while stack:
            position = stack.pop()
            for option in position.left_moves() + position.right_moves():
                if option not in seen:
                    seen.add(option)
                    stack.append(option)
        return seen
