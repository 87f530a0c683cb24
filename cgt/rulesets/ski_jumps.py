"""Ski Jumps: skiers crossing a slope, jumping down over each other (Winning Ways, chapter 2).

Berlekamp, Conway and Guy, *Winning Ways for your Mathematical Plays* (2nd ed.),
vol. 1, ch. 2 ("Ski-Jumps"); cgt-tools' ``SkiJumps`` states the same rules.
The board is a slope of rows, the top row written first.  Left's skiers move
right (east), Right's left (west); each skier is a *jumper* (``L``, ``R``) or a
*slipper* (``l``, ``r``).  A move is one skier's:

* a **slide**: any number of cells its own way over empty cells, or off the
  board, when every cell from it to the edge is empty (it is then gone);
* a **jump**, by a jumper only: when the cell just below it holds an opposing
  skier and the cell below that is on the board and empty, it jumps down onto
  that cell, and the skier jumped over becomes a slipper (a jumper is demoted;
  a slipper stays one).

Nobody ever moves up the slope, so every play ends: the game is short.  The
notation is cgt-py's (cgt-tools'): rows joined by ``|``, each cell one of
``.`` (empty), ``L``, ``l``, ``R``, ``r``.  CGSuite has no Ski Jumps.

Winning Ways' example ``L....|R....|.....``, worked by hand: Left's best move
is to jump (``.....|r....|L....``); no jump is possible after it, and with none
left a skier's worth is the cells it can still slide, so that is 5 - 1 = 4.
Any slide of Left's leaves her jumper past Right's for good, at most 3.
Right's one move, sliding off, leaves Left's 5.  So the value is
``{4 | 5} = 9/2``:

>>> from cgt.rulesets import SkiJumps
>>> print(SkiJumps("L....|R....|.....").canonical_form)
9/2
>>> print(SkiJumps(".L.R.").canonical_form)   # face to face: {0 | 0}, each blocks the other after one move
*

cgt-py 0.5.0 (its last release with Ski Jumps) computes other values for some
slopes: it values a slope where no jumper has an opposing skier anywhere in
the row below as the difference of the skiers' distances to their edges,
which is wrong for skiers face to face (``.L.R.`` above; it says 0), and its
jumper may land on a taken cell (replacing the skier there) or jump off the
bottom row.  ``tests/data/cgt_py_ski_jumps_values.json`` lists its values and,
where they differ, which of these explains it.

`SkiJumps.components` splits a slope into bands of rows that no jump can ever
join (and a row no jump can reach into its parts that never meet); the proof
is in its docstring.  The compiled engine searches slopes of up to 64 cells in Rust
(``rust/src/rulesets/ski_jumps.rs``, the same rules and splitting); larger ones, and
the pure engine, by the Python search of `cgt.rulesets`.
"""

import functools

from cgt.short.game import Game
from cgt.rulesets import compiled
from cgt.rulesets.grid import EMPTY, Grid, grid_svg

__all__ = ["SkiJumps"]

#: Each player's skiers: (jumper, slipper, the step of a slide along the row).
_SKIERS = {"L": ("L", "l", 1), "R": ("R", "r", -1)}
_LEFT, _RIGHT = "Ll", "Rr"
#: Mirroring the slope left to right and swapping the players' skiers: the negative.
_SWAP = str.maketrans("LlRr", "RrLl")
#: The skiers as bits, for the rows' sets of skiers in `SkiJumps._bands`.
_KIND_BITS = {"L": 1, "l": 2, "R": 4, "r": 8}
_L_JUMPER, _L_SLIPPER, _R_JUMPER, _R_SLIPPER = 1, 2, 4, 8
_LEFT_ANY, _RIGHT_ANY = _L_JUMPER | _L_SLIPPER, _R_JUMPER | _R_SLIPPER
_LETTERS = {"L": ("L", "#36c"), "l": ("l", "#36c"), "R": ("R", "#c33"), "r": ("r", "#c33")}


@functools.lru_cache(maxsize=1 << 14)
def _row_kinds(row):
    """The skiers in ``row``, as bits of `_KIND_BITS`."""
    return sum(bit for ch, bit in _KIND_BITS.items() if ch in row)


class SkiJumps(Grid):
    """A Ski Jumps slope: rows of ``.`` (empty), ``L``/``l`` (Left's jumper/slipper), ``R``/``r`` (Right's).

    >>> SkiJumps("L.|R.|..").left_moves()
    [SkiJumps('.L|R.|..'), SkiJumps('..|R.|..'), SkiJumps('..|r.|L.')]
    >>> SkiJumps("L.|R.|..").right_moves()
    [SkiJumps('L.|..|..')]
    """

    __slots__ = ()
    symbols = ".LlRr"
    _compiled_rules = ("ski_jumps_new",)

    def left_moves(self):
        return self._moves("L")

    def right_moves(self):
        return self._moves("R")

    def _moves(self, player):
        jumper, slipper, step = _SKIERS[player]
        demoted = "r" if player == "L" else "l"
        opposing = _RIGHT if player == "L" else _LEFT
        rows = self.rows
        height, width = len(rows), self.width
        make = self._from_rows
        out = []
        for r, row in enumerate(rows):
            if jumper not in row and slipper not in row:
                continue
            before, after = rows[:r], rows[r + 1:]
            for c, skier in enumerate(row):
                if skier != jumper and skier != slipper:
                    continue
                lifted = row[:c] + EMPTY + row[c + 1:]
                to = c + step
                while 0 <= to < width and row[to] == EMPTY:
                    out.append(make((*before, lifted[:to] + skier + lifted[to + 1:], *after)))
                    to += step
                if not 0 <= to < width:                   # the way to the edge is clear: off the board
                    out.append(make((*before, lifted, *after)))
                if (skier == jumper and r + 2 < height and rows[r + 1][c] in opposing
                        and rows[r + 2][c] == EMPTY):
                    below, landing = rows[r + 1], rows[r + 2]
                    out.append(make((*before, lifted, below[:c] + demoted + below[c + 1:],
                                     landing[:c] + jumper + landing[c + 1:], *rows[r + 3:])))
        return out

    def _has_move(self):
        """Whether either player has a move: some skier with an empty cell (or the edge) next to it
        on its way, or a jump."""
        rows = self.rows
        height = len(rows)
        for r, row in enumerate(rows):
            last = len(row) - 1
            for c, skier in enumerate(row):
                if skier == EMPTY:
                    continue
                if skier in _LEFT:
                    if c == last or row[c + 1] == EMPTY:
                        return True
                    opposing = _RIGHT
                else:
                    if c == 0 or row[c - 1] == EMPTY:
                        return True
                    opposing = _LEFT
                if skier in "LR" and r + 2 < height and rows[r + 1][c] in opposing and rows[r + 2][c] == EMPTY:
                    return True
        return False

    def known_value(self):
        """The value of a slope where only one player has skiers and none can jump, else None.

        With one player's skiers only, no jump can ever happen (a jump is over
        an opposing skier), and the other player never moves: the value is the
        length of the longest play, one cell at a time, the step off the board
        included: ``width - c`` for a Left skier in column ``c``, ``c + 1`` for a
        Right one (negated).

        >>> SkiJumps("L..|.l.").known_value(), SkiJumps("..R").known_value(), SkiJumps("L.R").known_value()
        (Game('5'), Game('-3'), None)
        """
        text = "".join(self.rows)
        if not text.strip(".Ll"):
            width = self.width
            return Game(sum(width - c for row in self.rows for c, ch in enumerate(row) if ch != EMPTY))
        if not text.strip(".Rr"):
            return Game(-sum(c + 1 for row in self.rows for c, ch in enumerate(row) if ch != EMPTY))
        return None

    # ------------------------------------------------------------ components
    def _bands(self):
        """The slope's bands: ``(first row, end row)`` ranges such that no move ever touches two bands.

        ``kinds[r]`` over-approximates the skiers that row ``r`` can ever hold:
        those there now, and, closed under jumps, a jumper of a colour that may
        be in row ``r - 2`` above a skier of the other colour that may be in
        row ``r - 1`` (which may then hold the other colour's slipper).  Row
        ``r`` *may jump* if some jumper that may be there has an opposing skier
        that may be in row ``r + 1``, and row ``r + 2`` exists.  Rows ``r`` and
        ``r + 1`` are joined if row ``r`` or row ``r - 1`` may jump (a jump from
        row ``s`` touches rows ``s``, ``s + 1``, ``s + 2``); otherwise a band ends
        at row ``r``.
        """
        rows = self.rows
        height = len(rows)
        kinds = [_row_kinds(row) for row in rows]
        for r in range(height - 2):
            # Jumps only go down, and what a jump from row r adds (a jumper to row r + 2, a slipper of
            # the colour already there to row r + 1) changes no check of a row above: one pass is the closure.
            if kinds[r] & _L_JUMPER and kinds[r + 1] & _RIGHT_ANY:
                kinds[r + 2] |= _L_JUMPER
                kinds[r + 1] |= _R_SLIPPER
            if kinds[r] & _R_JUMPER and kinds[r + 1] & _LEFT_ANY:
                kinds[r + 2] |= _R_JUMPER
                kinds[r + 1] |= _L_SLIPPER
        jumps = [r + 2 < height and bool(kinds[r] & _L_JUMPER and kinds[r + 1] & _RIGHT_ANY
                                         or kinds[r] & _R_JUMPER and kinds[r + 1] & _LEFT_ANY)
                 for r in range(height)]
        bands, start = [], 0
        for r in range(height):
            joined = r + 1 < height and (jumps[r] or (r >= 1 and jumps[r - 1]))
            if not joined:
                bands.append((start, r + 1))
                start = r + 1
        return bands

    @staticmethod
    def _row_parts(row):
        """A row that no jump ever reaches or leaves, cut into parts that never meet, each as a row.

        Skiers never pass each other in a row.  Where a skier of Right's is
        followed (further right) by one of Left's, the two move apart for ever:
        everything left of that pair stays left of the Right skier, everything
        right of it right of the Left skier, and the cells between are never
        entered again.  So the row is cut there, dropping those cells; and
        cells that no skier can enter (left of a first skier that is Left's,
        right of a last skier that is Right's) are dropped.  Each part, as a
        row of its own, has exactly the moves it had in the row.
        """
        skiers = [c for c, ch in enumerate(row) if ch != EMPTY]
        parts, start = [], 0
        for a, b in zip(skiers, skiers[1:]):
            if row[a] in _RIGHT and row[b] in _LEFT:
                parts.append((start, a + 1))
                start = b
        parts.append((start, len(row)))
        out = []
        for begin, end in parts:
            inside = [c for c in skiers if begin <= c < end]
            if not inside:
                continue
            if row[inside[0]] in _LEFT:
                begin = inside[0]
            if row[inside[-1]] in _RIGHT:
                end = inside[-1] + 1
            out.append(row[begin:end])
        return out

    def components(self):
        """The bands of the slope that no move can join, a band of one row cut into the parts that
        never meet, each where somebody can move.

        Why the value is the sum of these parts: every move touches the rows of
        one band only (a slide one row; a jump from row ``s`` rows ``s`` to
        ``s + 2``, and row ``s`` may jump, so those three rows are one band, see
        `_bands`), and whether it is legal, and what it does, depends on those
        rows only; a band on its own board has the same moves (its jumps land
        inside it, as row ``s + 2`` is in it).  After any move the over-
        approximation ``kinds`` of the new position lies inside the old one
        (everything the move put anywhere was in it), so bands apart stay apart
        for the rest of play.  A band of one row is never touched by a jump:
        its parts (`_row_parts`) never meet.  Hence the game tree of the slope is
        that of the disjunctive sum of the parts.  Parts where nobody can move
        are worth 0 and are left out.

        >>> SkiJumps("L..R|....|r..L").components()
        (SkiJumps('L..R'), SkiJumps('r'), SkiJumps('L'))
        >>> SkiJumps("L.|R.|..").components()
        (SkiJumps('L.|R.|..'),)
        """
        rows = self.rows
        parts = []
        for start, end in self._bands():
            if end - start == 1:
                parts.extend(self._from_rows((part,)) for part in self._row_parts(rows[start]))
            else:
                parts.append(self._from_rows(rows[start:end]))
        return tuple(part for part in parts if part._has_move())

    # ------------------------------------------------------------ keys and pictures
    def signed_key(self):
        """The slope, or its mirror image with the players' skiers swapped (standing for the negative):
        whichever is less."""
        mirrored = tuple(row[::-1].translate(_SWAP) for row in self.rows)
        if mirrored < self.rows:
            return mirrored, True
        return self.rows, False

    @property
    def key(self):
        return self.signed_key()[0]

    def _compiled_id(self):
        return compiled.ski_jumps_value(self._compiled_rules, self._compiled_rows())

    def _compiled_rows(self):
        """The slope as the compiled searches take it: its rows as bytes."""
        return [row.encode() for row in self.rows]

    def _repr_svg_(self):
        return grid_svg(self.rows, letters=_LETTERS)
