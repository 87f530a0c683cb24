"""Grid games with stones, ``x`` Left's and ``o`` Right's: the Clobber family, Konane, Amazons, Fission.

>>> from cgt.rulesets import Clobber, GenClobber, Konane, Amazons, Kings, AntiClobber
>>> print(Clobber("xo").canonical_form, GenClobber(directions="diagonal")("xoxo|oox.|xxx.").canonical_form)
* {0,v*|vv}
>>> print(Konane("xo.").canonical_form, Amazons("x.o").canonical_form)
1 *
>>> print(Kings("xox|ox.").canonical_form, AntiClobber("xoxo|oo..").canonical_form)    # CGSuite's values
{^^*|*,v[2]} {*|-1}

The Clobber family is CGSuite's ruleset schema ``GenClobber``: `GenClobber`
makes the ruleset (a `~cgt.rulesets.Position` class) of its parameters, and
`Clobber`, `AntiClobber`, `HotClobber`, `Kings`, `Knights`, `Rooks` and
`Queens` are its named instances.

Every ruleset here splits a board into the regions a move cannot leave,
drops the regions where nobody can move, and keys a region by its least image
under the symmetries its rules keep (swapping the colours negates the value;
in Fission a quarter turn does).  With the compiled engine the search runs in
Rust (``rust/src/rulesets/stones.rs``); this module's is the reference.
"""

from __future__ import annotations

import functools
import math
from collections.abc import Iterable, Mapping

from cgt.rulesets import compiled
from cgt.rulesets.grid import (BLOCKED, COMPASS, DIAGONAL, EMPTY, ORTHOGONAL, Grid, crop, dihedral, regions,
                               symmetries_keeping)

__all__ = ["Amazons", "AntiClobber", "Clobber", "Fission", "GenClobber", "HotClobber", "Kings", "Knights",
           "Konane", "Queens", "Rooks"]

KNIGHTS_MOVE = ((1, 2), (2, 1), (-1, 2), (-2, 1), (1, -2), (2, -1), (-1, -2), (-2, -1))
#: CGSuite's named sets of directions (``Coordinates.Orthogonal``, ...).
DIRECTIONS = {"orthogonal": ORTHOGONAL, "diagonal": DIAGONAL, "compass": COMPASS, "knights_move": KNIGHTS_MOVE}
_SWAP = str.maketrans("xo", "ox")
#: CGSuite's cell values in GenClobber's parameters: 0 empty, 1 Left's stone, 2 Right's.
_CELLS = ".xo"


class _Stones(Grid):
    """A board with stones; a ruleset says how stones move (`_moves`) and which symmetries it keeps."""

    __slots__ = ()
    symbols = ".#xo"
    _symmetries = tuple(range(8))   # the images of `dihedral` that keep the rules
    _swap_negates = True            # swapping x and o stands for the negative
    _transpose_negates = False      # a transposed image stands for the negative

    def signed_key(self):
        """The least image of the board under the ruleset's symmetries, and whether it stands for -P."""
        images = dihedral(self.rows)
        best = None
        for k in self._symmetries:
            image = images[k]
            negated = self._transpose_negates and k >= 4
            candidates = [(image, negated)]
            if self._swap_negates:
                candidates.append((tuple(row.translate(_SWAP) for row in image), not negated))
            for candidate in candidates:
                if best is None or candidate[0] < best[0]:
                    best = candidate
        return best

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

    def _live_regions(self, occupied, steps, fill):
        """The regions of the cells in ``occupied`` linked by ``steps``, cropped (other cells ``fill``),
        in which somebody can move."""
        parts = (self._from_rows(crop(self.rows, part, fill)) for part in regions(self.rows, occupied, steps))
        return tuple(part for part in parts if part.left_moves() or part.right_moves())

    def _compiled_id(self):
        return compiled.grid_value(self._compiled_rules, self.rows)


# ---------------------------------------------------------------- the Clobber family
class _GenClobber(_Stones):
    """A position of a ruleset of the Clobber family; `GenClobber` makes the ruleset."""

    __slots__ = ()
    _steps = ORTHOGONAL
    _clobbered = ("o", "x")         # what Left's and Right's stones may move onto
    _left_behind = (EMPTY, EMPTY)   # what they leave on the cell they came from
    _max_distance = 1

    def _moves(self, me, them):
        """CGSuite's GenClobber: a stone moves up to ``max_distance`` cells in one direction over
        empty cells, onto the first cell past them (or the last) if it is ``clobbered``."""
        player = 0 if me == "x" else 1
        clobbered, behind = self._clobbered[player], self._left_behind[player]
        rows = self.rows
        height, width = self.height, self.width
        out = []
        for r, c in self.cells(me):
            for dr, dc in self._steps:
                n = 1
                while (n < self._max_distance and 0 <= r + n * dr < height and 0 <= c + n * dc < width
                       and rows[r + n * dr][c + n * dc] == EMPTY):
                    n += 1
                rr, cc = r + n * dr, c + n * dc
                if 0 <= rr < height and 0 <= cc < width and rows[rr][cc] in clobbered:
                    out.append(self._with({(r, c): behind, (rr, cc): me}))
        return out

    def components(self):
        """The regions a move cannot leave, where somebody can move.

        When stones only ever move one step onto stones, empty cells never
        change: the regions are the groups of stones linked by the move
        directions.  Otherwise they are the regions of unblocked cells.
        """
        if self._max_distance == 1 and EMPTY not in self._clobbered[0] + self._clobbered[1]:
            return self._live_regions("xo", self._steps, EMPTY)
        return self._live_regions(".xo", self._steps, BLOCKED)


def GenClobber(directions: str | Iterable[tuple[int, int]] = "orthogonal",
               clobbered: tuple[Iterable[int], Iterable[int]] = ({2}, {1}), left_behind: tuple[int, int] = (0, 0),
               max_distance: float = 1) -> type[_GenClobber]:
    """The ruleset of CGSuite's Clobber family (``game.grid.GenClobber``) with these parameters.

    A stone moves in one of ``directions`` (a name in `DIRECTIONS`, or
    ``(rows, columns)`` steps) up to ``max_distance`` cells (``math.inf``: no
    limit) over empty cells, and lands on the first cell past them (or the
    last one) if that cell's content is in the mover's ``clobbered`` set
    (0 empty, 1 a Left stone, 2 a Right stone); the cell it left then holds
    the mover's ``left_behind`` value.  ``clobbered`` and ``left_behind`` are
    pairs (Left's, Right's) or dicts with keys ``"left"`` and ``"right"``.
    The result is a `~cgt.rulesets.Position` class, the same one for the same rules:

    >>> Knights = GenClobber(directions="knights_move")
    >>> Knights
    <class 'cgt.rulesets.stones.GenClobber(directions='knights_move')'>
    >>> print(Knights("x..|..o").canonical_form, GenClobber(max_distance=math.inf)("x..o").canonical_form)
    * *
    """
    steps = _directions(directions)
    clobbered = _per_player("clobbered", clobbered, _clobber_set)
    left_behind = _per_player("left_behind", left_behind, _cell)
    if not (max_distance == math.inf or isinstance(max_distance, int) and not isinstance(max_distance, bool)
            and max_distance >= 1):
        raise ValueError(f"max_distance is an int >= 1 or math.inf, not {max_distance!r}")
    return _gen_clobber(steps, clobbered, left_behind, max_distance)


def _directions(directions):
    if isinstance(directions, str):
        if directions not in DIRECTIONS:
            raise ValueError(f"directions is one of {sorted(DIRECTIONS)} or a list of (rows, columns) "
                             f"steps, not {directions!r}")
        return DIRECTIONS[directions]
    try:
        steps = tuple(dict.fromkeys((dr, dc) for dr, dc in directions))
    except (TypeError, ValueError):
        raise TypeError(f"directions is a name or a list of (rows, columns) steps, not {directions!r}") from None
    if not steps or any(not (isinstance(d, int) and not isinstance(d, bool)) for step in steps for d in step) \
            or (0, 0) in steps or any(abs(d) > 255 for step in steps for d in step):
        raise ValueError(f"directions are nonzero (rows, columns) steps of ints up to 255, at least one, "
                         f"not {directions!r}")
    return steps


def _per_player(name, value, check):
    """``(Left's, Right's)`` of a parameter given as a pair or a dict with keys "left" and "right"."""
    if isinstance(value, Mapping):
        if set(value) != {"left", "right"}:
            raise ValueError(f"{name} as a dict has the keys 'left' and 'right', not {sorted(value, key=str)}")
        value = (value["left"], value["right"])
    try:
        left, right = value
    except (TypeError, ValueError):
        raise TypeError(f"{name} is a pair (Left's, Right's) or a dict with keys 'left' and 'right', "
                        f"not {value!r}") from None
    return check(name, "Left", left), check(name, "Right", right)


def _cell(name, player, value):
    if not (isinstance(value, int) and not isinstance(value, bool) and value in (0, 1, 2)):
        raise ValueError(f"{name}: {player}'s value is 0 (empty), 1 (a Left stone) or 2 (a Right stone), "
                         f"not {value!r}")
    return _CELLS[value]


def _clobber_set(name, player, values):
    try:
        return "".join(sorted({_cell(name, player, v) for v in values}, key=_CELLS.index))
    except TypeError:
        raise TypeError(f"{name}: {player}'s set is a collection of 0, 1 and 2, not {values!r}") from None


# A stone moving 2^31 cells or more leaves any board that can be built: no limit to the compiled search
# (which takes a 32-bit distance).
_PAST_ANY_BOARD = 2**31


@functools.cache
def _gen_clobber(steps, clobbered, left_behind, max_distance):
    """The ruleset class of normalised GenClobber parameters (one per set of rules)."""
    swap = str.maketrans("xo", "ox")
    arguments = []
    if steps != ORTHOGONAL:
        named = next((n for n, s in DIRECTIONS.items() if s == steps), None)
        arguments.append(f"directions={named or list(steps)!r}")
    if clobbered != ("o", "x"):
        arguments.append(f"clobbered=({_values(clobbered[0])}, {_values(clobbered[1])})")
    if left_behind != (EMPTY, EMPTY):
        arguments.append(f"left_behind={tuple(_CELLS.index(v) for v in left_behind)}")
    if max_distance != 1:
        arguments.append(f"max_distance={'math.inf' if max_distance == math.inf else max_distance}")
    bits = tuple(sum(1 << _CELLS.index(v) for v in side) for side in clobbered)
    return type(f"GenClobber({', '.join(arguments)})", (_GenClobber,), {
        "__slots__": (),
        "__module__": __name__,
        "__doc__": f"The Clobber-family ruleset GenClobber({', '.join(arguments)}).",
        "_steps": steps,
        "_clobbered": clobbered,
        "_left_behind": left_behind,
        "_max_distance": max_distance,
        "_symmetries": symmetries_keeping(steps),
        "_swap_negates": (set(clobbered[1]) == set(clobbered[0].translate(swap))
                          and left_behind[1] == left_behind[0].translate(swap)),
        "_compiled_rules": ("gen_clobber_new", steps, bits, tuple(_CELLS.index(v) for v in left_behind),
                            None if max_distance >= _PAST_ANY_BOARD else max_distance),
    })


def _values(cells):
    return "{" + ", ".join(str(_CELLS.index(v)) for v in cells) + "}" if cells else "set()"


class Clobber(GenClobber()):  # type: ignore[misc]
    """Clobber: move one of your stones onto an orthogonally adjacent opposing stone, which is removed.

    >>> Clobber("xoo").left_moves()
    [Clobber('.xo')]
    """

    __slots__ = ()


class AntiClobber(GenClobber(clobbered=({0}, {0}), left_behind=(2, 1))):  # type: ignore[misc]
    """AntiClobber: move one of your stones to an orthogonally adjacent empty cell, leaving
    one of your opponent's stones on the cell it left.

    CGSuite's ``game.grid.AntiClobber``: a Clobber move played backwards.

    >>> AntiClobber("x.|#o").left_moves()
    [AntiClobber('ox|#o')]
    """

    __slots__ = ()


class HotClobber(GenClobber(clobbered=({1, 2}, {1, 2}))):  # type: ignore[misc]
    """Hot Clobber: Clobber in which a stone may also clobber a stone of its own colour.

    >>> HotClobber("xx").left_moves()
    [HotClobber('.x'), HotClobber('x.')]
    """

    __slots__ = ()


class Kings(GenClobber(directions="compass")):  # type: ignore[misc]
    """Kings: Clobber in which a stone captures in any of the eight directions, as a chess king moves.

    >>> Kings("x.|.o").left_moves()
    [Kings('..|.x')]
    """

    __slots__ = ()


class Knights(GenClobber(directions="knights_move")):  # type: ignore[misc]
    """Knights: Clobber in which a stone captures as a chess knight moves (jumping over anything).

    >>> Knights("x..|..o").left_moves()
    [Knights('...|..x')]
    """

    __slots__ = ()


class Rooks(GenClobber(max_distance=math.inf)):  # type: ignore[misc]
    """Rooks: Clobber in which a stone slides any distance orthogonally, over empty cells, to capture.

    >>> print(Rooks("xox|ox.").canonical_form)     # CGSuite's GameGridTest
    {^^*|0,*}
    """

    __slots__ = ()


class Queens(GenClobber(directions="compass", max_distance=math.inf)):  # type: ignore[misc]
    """Queens: Clobber in which a stone slides any distance in any of eight directions to capture.

    >>> print(Queens("xox|ox.").canonical_form)    # CGSuite's GameGridTest
    ^
    """

    __slots__ = ()


# ---------------------------------------------------------------- Konane, Amazons, Fission
class Konane(_Stones):
    """Konane: jump one of your stones over an adjacent opposing stone to the empty cell beyond,
    capturing it; further jumps in the same line are further moves.

    >>> Konane("xo.o.").left_moves()
    [Konane('..xo.'), Konane('....x')]
    """

    __slots__ = ()
    _compiled_rules = ("stones_new", "konane")

    def _moves(self, me, them):
        rows = self.rows
        height, width = self.height, self.width
        out = []
        for r, c in self.cells(me):
            for dr, dc in ORTHOGONAL:
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

    def components(self):
        """Regions of unblocked cells (orthogonally linked) where somebody can move."""
        return self._live_regions(".xo", ORTHOGONAL, BLOCKED)


class Amazons(_Stones):
    """Amazons: move one of your amazons like a chess queen over empty cells, then shoot an
    arrow from where it lands, again like a queen; the arrow's cell is blocked (``#``).

    >>> len(Amazons("x.|.o").left_moves())
    4
    """

    __slots__ = ()
    _compiled_rules = ("stones_new", "amazons")

    def _moves(self, me, them):
        rows = self.rows
        height, width = self.height, self.width
        out = []
        for r, c in self.cells(me):
            cells = [list(row) for row in rows]
            cells[r][c] = EMPTY
            for dr, dc in COMPASS:
                rr, cc = r + dr, c + dc
                while 0 <= rr < height and 0 <= cc < width and cells[rr][cc] == EMPTY:
                    cells[rr][cc] = me
                    for ar, ac in COMPASS:
                        xr, xc = rr + ar, cc + ac
                        while 0 <= xr < height and 0 <= xc < width and cells[xr][xc] == EMPTY:
                            cells[xr][xc] = BLOCKED
                            out.append(self._from_rows(tuple("".join(row) for row in cells)))
                            cells[xr][xc] = EMPTY
                            xr, xc = xr + ar, xc + ac
                    cells[rr][cc] = EMPTY
                    rr, cc = rr + dr, cc + dc
        return out

    def components(self):
        """Regions of unblocked cells (queen-linked) where somebody can move."""
        return self._live_regions(".xo", COMPASS, BLOCKED)

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


class Fission(_Stones):
    """Fission: Left splits a stone ``x`` into two on the empty cells just above and below it,
    Right into two on the empty cells just left and right of it (CGSuite's ``game.grid.Fission``).

    >>> Fission("...|.x.|...").left_moves()
    [Fission('.x.|...|.x.')]
    >>> print(Fission(".|x|.").canonical_form, Fission("...|.x.|...").canonical_form)   # worked by hand
    1 0
    """

    __slots__ = ()
    symbols = ".#x"
    _swap_negates = False
    _transpose_negates = True       # a quarter turn swaps the players' directions
    _compiled_rules = ("stones_new", "fission")

    def left_moves(self):
        return self._fissions(1, 0)

    def right_moves(self):
        return self._fissions(0, 1)

    def _fissions(self, dr, dc):
        """The positions after a stone splits onto the empty cells one step ``(dr, dc)`` either side."""
        rows = self.rows
        height, width = self.height, self.width
        out = []
        for r, c in self.cells("x"):
            before, after = (r - dr, c - dc), (r + dr, c + dc)
            if all(0 <= rr < height and 0 <= cc < width and rows[rr][cc] == EMPTY for rr, cc in (before, after)):
                out.append(self._with({(r, c): EMPTY, before: "x", after: "x"}))
        return out

    def components(self):
        """Regions of unblocked cells (orthogonally linked) where somebody can move."""
        return self._live_regions(".x", ORTHOGONAL, BLOCKED)
