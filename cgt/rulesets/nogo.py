"""NoGo: Go in which a capture is illegal, as MCGS plays it on a grid and on a strip.

The rules (MCGS, ualberta-mueller-group/MCGS, ``src/nogo.cpp`` and
``src/nogo_1xn.cpp``): Left (MCGS's Black, ``X``) and Right (White, ``O``)
take turns to put a stone of their own on an empty cell.  Stones of one colour
linked orthogonally form a *group*; its *liberties* are the empty cells next to
it.  A move is illegal if afterwards the mover's group through the new stone
has no liberty (suicide), or some opposing group has none (a capture): no
stone ever leaves the board.  Whoever cannot move loses.  ``#`` is a cell off
the board (no neighbour of anything); a board on which some group already has
no liberty is not a NoGo position, and MCGS refuses it as this module does.
MCGS's ``nogo_1xn`` (linear NoGo) is the same game on one row: its rule checks
every group after the move, which on a legal board comes to the same thing.

Boards are written as MCGS writes them (``X``, ``O``, ``.``, ``#``, rows
joined by ``|``) or with CGSuite's lower-case stones (``x``, ``o``); they are
kept in lower case.  By hand: on ``.X.O`` Left may only join the first cell to
her stone (at the third, she would take the last liberty of Right's stone),
and Right has no move (a stone of his at either empty cell would have no
liberty), so it is 1; on ``..`` either player's stone leaves the other no move,
so it is ``*``.  MCGS's ``nogo_1xn_empty.test`` ("Solving NoGo on Small
Rectangular Boards") has the empty strip of 4 a second-player win and the strip
of 5 a first-player win:

>>> from cgt.rulesets import NoGo
>>> NoGo(".X.O").left_moves(), NoGo(".X.O").right_moves()
([NoGo('xx.o')], [])
>>> print(NoGo(".X.O").canonical_form, NoGo("..").canonical_form)
1 *
>>> NoGo("....").outcome, NoGo(".....").outcome
('P', 'N')

How a board splits (`NoGo.components`).  Whether a move at an empty cell
``p`` is legal depends only on ``p``'s neighbours, the groups next to ``p``
and those groups' liberties; a move changes only ``p``.  Link two orthogonal
neighbours unless one holds an ``x`` stone and the other an ``o`` stone (an
empty cell is linked to all its neighbours, a stone to its own group and to its
liberties).  Everything a move at ``p`` looks at is then linked to ``p``, and
a move only removes links (the new stone is not linked to the opposing stones
beside it), so the linked regions stay apart for the rest of the game: the
position is the disjunctive sum of its regions, each cut out with the rest of
the board made ``#`` (an opposing stone next to a group and a ``#`` are alike
to it: neither is a liberty).  Regions where nobody can move are dropped.  A
region is kept under the least of its eight images under the symmetries of
the rectangle; with the colours swapped it stands for the negative, and on one
row a run of stones of one colour is one stone (the run has the same
neighbours as one stone).
"""

from __future__ import annotations

import re
from typing import Any

from cgt.rulesets.grid import BLOCKED, EMPTY, ORTHOGONAL, crop, parse_board
from cgt.rulesets.stones import _Stones

__all__ = ["NoGo"]

_LOWER = str.maketrans("XO", "xo")
_SWAP = str.maketrans("xo", "ox")
_RUNS = re.compile(r"(x|o)\1+")
#: Boards' regions and keys, found once for all the positions that lead to them (at most _MEMO_SIZE each).
_PARTS: dict[Any, Any] = {}
_KEYS: dict[Any, Any] = {}
_MEMO_SIZE = 1 << 18


def _groups(rows):
    """``(group, liberties)``: each stone's group number, and each group's set of liberties."""
    height, width = len(rows), len(rows[0]) if rows else 0
    group = {}
    liberties = []
    for r in range(height):
        for c in range(width):
            ch = rows[r][c]
            if ch not in "xo" or (r, c) in group:
                continue
            number = len(liberties)
            free = set()
            group[(r, c)] = number
            frontier = [(r, c)]
            while frontier:
                cr, cc = frontier.pop()
                for dr, dc in ORTHOGONAL:
                    nr, nc = cr + dr, cc + dc
                    if 0 <= nr < height and 0 <= nc < width:
                        nb = rows[nr][nc]
                        if nb == EMPTY:
                            free.add((nr, nc))
                        elif nb == ch and (nr, nc) not in group:
                            group[(nr, nc)] = number
                            frontier.append((nr, nc))
            liberties.append(free)
    return group, liberties


def _legal_cells(rows, group, liberties, me):
    """The empty cells where the player of stones ``me`` may play."""
    height, width = len(rows), len(rows[0]) if rows else 0
    out = []
    for r in range(height):
        for c in range(width):
            if rows[r][c] != EMPTY:
                continue
            breathes = False      # the new stone's group would have a liberty
            captures = False
            for dr, dc in ORTHOGONAL:
                nr, nc = r + dr, c + dc
                if not (0 <= nr < height and 0 <= nc < width):
                    continue
                nb = rows[nr][nc]
                if nb == EMPTY:
                    breathes = True
                elif nb == me:
                    # its liberties hold (r, c): a second one outlives the move
                    breathes = breathes or len(liberties[group[(nr, nc)]]) > 1
                elif nb != BLOCKED and len(liberties[group[(nr, nc)]]) == 1:
                    captures = True
                    break
            if breathes and not captures:
                out.append((r, c))
    return out


def _strip_cells(strip, me):
    """The cells of a one-row board ``strip`` where the player of stones ``me`` may play, when no two
    stones of one colour are side by side (each stone is then a group, its liberties the cells beside it)."""
    s = BLOCKED + strip + BLOCKED
    out = []
    for i in range(1, len(s) - 1):
        if s[i] != EMPTY:
            continue
        left, right = s[i - 1], s[i + 1]
        if left == EMPTY or right == EMPTY:
            breathes = True
        else:   # a stone of mine beside it must have its other liberty
            breathes = left == me and s[i - 2] == EMPTY or right == me and s[i + 2] == EMPTY
        if breathes and not (left not in (me, EMPTY, BLOCKED) and s[i - 2] != EMPTY
                             or right not in (me, EMPTY, BLOCKED) and s[i + 2] != EMPTY):
            out.append(i - 1)
    return out


def _strip_moves(strip, me):
    """The one-row boards after the moves of `_strip_cells`, stones of one colour side by side made one."""
    out = []
    for i in _strip_cells(strip, me):
        if i > 0 and strip[i - 1] == me or i + 1 < len(strip) and strip[i + 1] == me:
            out.append(strip[:i] + (strip[i + 2:] if i > 0 and strip[i - 1] == me and i + 1 < len(strip)
                                                         and strip[i + 1] == me else strip[i + 1:]))
        else:
            out.append(strip[:i] + me + strip[i + 1:])
    return out


def _strip_pieces(strip):
    """The pieces of a one-row board cut at ``#`` and between stones of two colours."""
    pieces = []
    start = 0
    for k in range(1, len(strip) + 1):
        if k == len(strip) or BLOCKED in strip[k - 1:k + 1] or strip[k - 1:k + 1] in ("xo", "ox"):
            piece = strip[start:k].strip(BLOCKED)
            if EMPTY in piece:
                pieces.append(piece)
            start = k
    return pieces


class NoGo(_Stones):
    """A NoGo position: put a stone of yours on an empty cell; no capture and no suicide (MCGS's ``nogo``).

    >>> NoGo("X.O|...").right_moves()
    [NoGo('xoo|...'), NoGo('x.o|o..'), NoGo('x.o|.o.'), NoGo('x.o|..o')]
    >>> NoGo("XO")
    Traceback (most recent call last):
    ...
    ValueError: NoGo board 'XO': the group at row 1, column 1 has no liberty (not a NoGo position)
    """

    __slots__ = ()
    symbols = ".#xo"
    _compiled_rules = ("stones_new", "nogo")

    def __init__(self, board: str = "") -> None:
        rows = tuple(row.translate(_LOWER) for row in parse_board(board, ".#xoXO", "NoGo"))
        group, liberties = _groups(rows)
        for cell, number in group.items():
            if not liberties[number]:
                text = board if isinstance(board, str) else "|".join(board)
                raise ValueError(f"NoGo board {text!r}: the group at row {cell[0] + 1}, column {cell[1] + 1} "
                                 f"has no liberty (not a NoGo position)")
        self._init(rows)

    def _strip(self):
        """A board of one row or one column as one string, stones of one colour side by side made one
        (the same game up to a symmetry); None for another board."""
        rows = self.rows
        if len(rows) == 1:
            return _RUNS.sub(r"\1", rows[0])
        if rows and len(rows[0]) == 1:
            return _RUNS.sub(r"\1", "".join(rows))
        return None

    def _moves(self, me, them):
        group, liberties = _groups(self.rows)
        return [self._with({cell: me}) for cell in _legal_cells(self.rows, group, liberties, me)]

    def _search_options(self):
        """The moves (on one row, of `_strip`: the same values, quicker to find)."""
        strip = self._strip()
        if strip is not None:
            return tuple([self._from_rows((after,)) for after in _strip_moves(strip, me)] for me in "xo")
        group, liberties = _groups(self.rows)
        return tuple([self._with({cell: me}) for cell in _legal_cells(self.rows, group, liberties, me)]
                     for me in "xo")

    def components(self):
        """The regions a move cannot leave (see the module's docstring), where somebody can move.

        A board of one row or one column gives its pieces as rows, runs of one colour's stones made
        single stones: the same games, up to a quarter turn.

        >>> NoGo("..XO..").components(), NoGo(".|X|X|.|.").components()
        ((NoGo('..x'), NoGo('o..')), (NoGo('.x..'),))
        """
        parts = _PARTS.get(self.rows)
        if parts is None:
            if len(_PARTS) >= _MEMO_SIZE:
                _PARTS.clear()
            parts = _PARTS[self.rows] = self._regions()
        return parts

    def _regions(self):
        strip = self._strip()
        if strip is not None:
            return tuple(self._from_rows((piece,)) for piece in _strip_pieces(strip)
                         if _strip_cells(piece, "x") or _strip_cells(piece, "o"))
        rows = self.rows
        height, width = self.height, self.width
        seen = set()
        parts = []
        for r in range(height):
            for c in range(width):
                if rows[r][c] == BLOCKED or (r, c) in seen:
                    continue
                seen.add((r, c))
                region = {(r, c)}
                frontier = [(r, c)]
                has_empty = False
                while frontier:
                    cr, cc = frontier.pop()
                    here = rows[cr][cc]
                    has_empty = has_empty or here == EMPTY
                    for dr, dc in ORTHOGONAL:
                        nr, nc = cr + dr, cc + dc
                        if not (0 <= nr < height and 0 <= nc < width) or (nr, nc) in seen:
                            continue
                        there = rows[nr][nc]
                        if there == BLOCKED or here != EMPTY != there and here != there:
                            continue
                        seen.add((nr, nc))
                        region.add((nr, nc))
                        frontier.append((nr, nc))
                if has_empty:
                    part = self._from_rows(crop(rows, region, BLOCKED))
                    group, liberties = _groups(part.rows)
                    if any(_legal_cells(part.rows, group, liberties, me) for me in "xo"):
                        parts.append(part)
        return tuple(parts)

    def signed_key(self):
        """The least image under the symmetries of the rectangle and a colour swap (which negates);
        a board of one row or column with its runs of one colour's stones made single stones."""
        key = _KEYS.get(self.rows)
        if key is None:
            if len(_KEYS) >= _MEMO_SIZE:
                _KEYS.clear()
            key = _KEYS[self.rows] = self._least_image()
        return key

    @classmethod
    def clear_cache(cls):
        """Forget every value NoGo has computed, and the boards' regions and keys."""
        _PARTS.clear()
        _KEYS.clear()
        super().clear_cache()

    def _least_image(self):
        strip = self._strip()
        if strip is not None:
            strip = strip.strip(BLOCKED)
            swapped = strip.translate(_SWAP)
            return min((strip, False), (strip[::-1], False), (swapped, True), (swapped[::-1], True))
        return _Stones.signed_key(self)
