"""Quelhas: crossing out runs of empty cells, Left down a column, Right along a row.

Quelhas is a game of the Portuguese national championship of mathematical
games, played misère on a 10 x 10 board; cgt-tools (``cgt::misere::quelhas``,
and the rules of its AI players, ``cgt_ai_core/src/quelhas.rs``) defines it so:
Left crosses out a vertical segment of **two or more** consecutive empty cells
of one column, Right a horizontal segment of two or more consecutive empty
cells of one row; in misère play the player who makes the last move loses.

A board is written as in Domineering: rows joined by ``|``, ``.`` an empty
cell, ``#`` a crossed-out one (cgt-tools' own boards are the same characters).
`canonical_form` is the normal-play value of the game tree, as for every
`~cgt.rulesets.Position` (with dominoes only, this would be Domineering);
`~cgt.rulesets.Position.misere_outcome` answers who wins Quelhas as it is
played, by the same moves in misère play.

Worked by hand: on ``..|..`` Left's two moves (a column) each leave a column of
two, where only Left can move again, worth 1; Right's each leave a row of two,
worth -1; so the value is ``{1 | -1} = ±1``.  In misère play whoever moves
first leaves the other without a move, a win for the other: a second-player
win, 'P'.  A single row of ``n`` cells is Right's alone, and a move takes at
least two cells, so it is worth ``-(n // 2)`` (a move taking the last two cells
each time is the longest play):

>>> from cgt.rulesets import Quelhas
>>> print(Quelhas("..|..").canonical_form, Quelhas("..|..").misere_outcome)
+-1 P
>>> print(Quelhas(".....").canonical_form, Quelhas("......").canonical_form)
-2 -3
"""

from cgt.rulesets import compiled
from cgt.rulesets.grid import BLOCKED, EMPTY, Grid, crop, dihedral, grid_svg, regions

__all__ = ["Quelhas"]

#: The shortest segment a player may cross out.
MIN_LENGTH = 2


class Quelhas(Grid):
    """A Quelhas board: rows of ``.`` (empty) and ``#`` (crossed out).

    >>> Quelhas("...").right_moves()
    [Quelhas('##.'), Quelhas('###'), Quelhas('.##')]
    >>> Quelhas(".|.|.").left_moves() == [Quelhas("#|#|."), Quelhas("#|#|#"), Quelhas(".|#|#")]
    True
    """

    __slots__ = ()
    symbols = ".#"
    _compiled_rules = ("stones_new", "quelhas")

    def left_moves(self):
        return self._crossings(1, 0)

    def right_moves(self):
        return self._crossings(0, 1)

    def _crossings(self, dr, dc):
        """The boards after crossing out a segment of ``MIN_LENGTH`` or more empty cells, each next to
        the one before by the step ``(dr, dc)``."""
        rows = self.rows
        height, width = len(rows), self.width
        out = []
        for r in range(height):
            for c in range(width):
                cells = {}
                rr, cc = r, c
                while rr < height and cc < width and rows[rr][cc] == EMPTY:
                    cells[rr, cc] = BLOCKED
                    if len(cells) >= MIN_LENGTH:
                        out.append(self._with(cells))
                    rr, cc = rr + dr, cc + dc
        return out

    def components(self):
        """The regions of empty cells (joined side to side), each cropped to its box, where somebody
        can move.

        A segment lies in one column or row of empty cells, so in one region,
        and whether it may be crossed out depends on its own cells only: a move
        changes one region and leaves the others as they were, so the board is
        the disjunctive sum of its regions.  A region of one cell has no move
        (worth 0) and is left out.

        >>> Quelhas("..#.|#.#.|.##.").components()
        (Quelhas('..|#.'), Quelhas('.|.|.'))
        """
        return tuple(self._from_rows(crop(self.rows, region)) for region in regions(self.rows, EMPTY)
                     if len(region) >= MIN_LENGTH)

    def signed_key(self):
        """The least of the board's eight images under the symmetries of the rectangle; an image
        that turns rows into columns stands for the negative (Left's segments become Right's)."""
        images = dihedral(self.rows)
        return min((image, k >= 4) for k, image in enumerate(images))

    @property
    def key(self):
        return self.signed_key()[0]

    def _compiled_id(self):
        return compiled.grid_value(self._compiled_rules, self.rows)

    def _repr_svg_(self):
        return grid_svg(self.rows)
