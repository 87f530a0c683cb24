"""Impartial games on coordinates: Wythoff, Chop, Chomp, the bitter chocolate problem, Mem.

Each ruleset is an `ImpartialRuleset`: a moves function on hashable positions
(tuples) with a cache of Grundy values shared by all its queries.  A
`CoordinateRuleset` (CGSuite's ``CoordinateRuleset(fn)``) is played on pairs
``(m, n)`` whose options may be sums of pairs; ``adjoin`` unites two rulesets' options.

>>> wythoff.p_positions((x, y) for x in range(6) for y in range(x, 11))
[(0, 0), (1, 2), (3, 5), (4, 7)]
>>> chop.grundy_value((3, 5))  # two Nim heaps of 2 and 4
6
"""

from __future__ import annotations

from collections.abc import Callable, Hashable, Iterable
from fractions import Fraction
from numbers import Rational
from typing import Any

from cgt.impartial.grundy import grundy_table, grundy_value, nim_value_table, sum_grundy_value

__all__ = ["CoordinateAdjoin", "CoordinateRuleset", "ImpartialRuleset", "wythoff", "generalized_wythoff",
           "chop", "chomp", "bitter_chocolate", "gen_mem", "mem", "take_away", "fibonacci_nim",
           "grundy_heatmap_svg"]


class ImpartialRuleset:
    """An impartial ruleset given by ``moves(position)``, with its Grundy values cached."""

    def __init__(self, name: str, moves: Callable[[Any], Iterable[Hashable]]) -> None:
        self.name = name
        self._moves = moves
        self._cache: dict[Any, int] = {}

    def __repr__(self):
        return f"<impartial ruleset {self.name}>"

    def moves(self, position: Hashable) -> list[Any]:
        """The positions one move away from ``position``."""
        return list(self._moves(position))

    def grundy_value(self, position: Hashable, **options: Any) -> int:
        """The Grundy value of ``position`` (see `cgt.impartial.grundy.grundy_value`)."""
        return grundy_value(position, self._moves, cache=self._cache, **options)

    def coordinate_options(self, position):
        """The moves from ``position``, each a sum of one position: a ruleset on pairs as a `CoordinateRuleset` sees it.

        >>> wythoff.coordinate_options((1, 1))
        [((0, 1),), ((1, 0),), ((0, 0),)]
        """
        return [(y,) for y in self.moves(position)]

    def adjoin(self, other):
        """The coordinate ruleset with this ruleset's options and ``other``'s (CGSuite's ``Adjoin``).

        >>> both = mem.adjoin(wythoff)
        >>> both.coordinate_options((1, 1))
        [((0, 1),), ((1, 0),), ((0, 0),)]
        """
        return CoordinateAdjoin(self, other)

    def p_positions(self, positions):
        """The positions among ``positions`` with Grundy value 0."""
        return [x for x in positions if self.grundy_value(x) == 0]

    def grundy_table(self, *shape):
        """Grundy values of the coordinate positions below ``shape`` as nested lists."""
        return grundy_table(self._moves, *shape, cache=self._cache)

    def nim_value_table(self, max_row, max_col):
        """The Grundy values of ``(m, n)`` for ``m <= max_row``, ``n <= max_col``: CGSuite's ``NimValueTable``.

        Row ``m`` lists ``(m, 0), ..., (m, max_col)``; `cgt.impartial.grundy.table_text`
        prints it as CGSuite does.  (`grundy_table` takes the shape instead.)

        >>> wythoff.nim_value_table(2, 3)
        [[0, 1, 2, 3], [1, 2, 0, 4], [2, 0, 1, 5]]
        """
        return nim_value_table(self.grundy_value, max_row, max_col)

    def grundy_heatmap_svg(self, rows, cols, **options):
        """An SVG heat map of `grundy_table` ``(rows, cols)`` (see `grundy_heatmap_svg`)."""
        options.setdefault("title", f"Grundy values of {self.name}")
        return grundy_heatmap_svg(self.grundy_table(rows, cols), **options)


class CoordinateRuleset:
    """An impartial ruleset on pairs ``(m, n)`` of ints >= 0 given by a function (CGSuite's ``CoordinateRuleset(fn)``).

    ``fn(m, n)`` lists the options of ``(m, n)``: each a pair, or a
    collection of pairs (their disjunctive sum; empty, the game 0).  A pair's
    nim value is ``mex{G(c1) ⊕ ... ⊕ G(ck)}`` over its options ``c1 + ... + ck``.
    CGSuite's Mem⁰ (from ``(n, k)`` to ``(n - a, a)``, ``a != k``):

    >>> mem0 = CoordinateRuleset(lambda n, k: [(n - a, a) for a in range(1, n + 1) if a != k], name="mem0")
    >>> [mem0.nim_value((10, k)) for k in range(8)]       # CGSuite's GameHeapTest
    [6, 6, 6, 4, 6, 6, 3, 6]
    """

    def __init__(self, coordinate_options: Callable[[int, int], Iterable[tuple[int, int]]], name: str | None = None) -> None:
        if not callable(coordinate_options):
            raise TypeError(f"a coordinate ruleset is made from a function of (m, n), not {coordinate_options!r}")
        self._function = coordinate_options
        self.name = name
        self._nim_values: dict[tuple[int, int], int] = {}

    def __repr__(self):
        return self.name or f"CoordinateRuleset({self._function!r})"

    def __eq__(self, other):
        return type(other) is type(self) and self._function == other._function

    def __hash__(self):
        return hash(("CoordinateRuleset", self._function))

    def coordinate_options(self, coordinates):
        """The options of ``coordinates = (m, n)``, each a tuple of pairs (a sum).

        >>> CoordinateRuleset(lambda m, n: [(m - 1, n), [(0, n), (m, 0)], []]).coordinate_options((2, 3))
        [((1, 3),), ((0, 3), (2, 0)), ()]
        """
        m, n = checked_pair(coordinates, self)
        return checked_options(self._function(m, n), (m, n), self)

    def nim_value(self, coordinates):
        """The nim value of ``coordinates``."""
        return sum_grundy_value(checked_pair(coordinates, self), self.coordinate_options, cache=self._nim_values)

    grundy_value = nim_value

    def p_positions(self, positions):
        """The positions among ``positions`` with nim value 0."""
        return [x for x in positions if self.nim_value(x) == 0]

    def nim_value_table(self, max_row, max_col):
        """The nim values of ``(m, n)``, ``m <= max_row``, ``n <= max_col``, row by row (CGSuite's NimValueTable)."""
        return nim_value_table(self.nim_value, max_row, max_col)

    def adjoin(self, other):
        """The coordinate ruleset with this ruleset's options and ``other``'s (CGSuite's ``Adjoin``)."""
        return CoordinateAdjoin(self, other)


class CoordinateAdjoin(CoordinateRuleset):
    """The union of two coordinate rulesets' options (``first.adjoin(second)``).

    >>> wythoff.adjoin(chop)
    wythoff.adjoin(chop)
    """

    def __init__(self, first, second):
        for ruleset in (first, second):
            if not callable(getattr(ruleset, "coordinate_options", None)):
                raise TypeError(f"a coordinate ruleset adjoins another coordinate ruleset, not {ruleset!r}")
        super().__init__(self._union)
        self.first, self.second = first, second

    def _union(self, m, n):
        return list(dict.fromkeys(self.first.coordinate_options((m, n))
                                  + self.second.coordinate_options((m, n))))

    def __repr__(self):
        return self.name or f"{_label(self.first)}.adjoin({_label(self.second)})"

    def __eq__(self, other):
        return isinstance(other, CoordinateAdjoin) and (self.first, self.second) == (other.first, other.second)

    def __hash__(self):
        return hash(("CoordinateAdjoin", self.first, self.second))


def _label(ruleset):
    return getattr(ruleset, "name", None) or repr(ruleset)


def checked_pair(coordinates, ruleset):
    """``coordinates`` as a pair of ints >= 0, or an error naming the ruleset and the fault."""
    try:
        m, n = coordinates
    except (TypeError, ValueError):
        raise TypeError(f"{ruleset!r}: a position is a pair (m, n) of ints >= 0, not {coordinates!r}") from None
    for x in (m, n):
        if not isinstance(x, int) or isinstance(x, bool):
            raise TypeError(f"{ruleset!r}: a position is a pair (m, n) of ints >= 0, not {coordinates!r}")
        if x < 0:
            raise ValueError(f"{ruleset!r}: a position is a pair (m, n) of ints >= 0, not {coordinates!r} "
                             "(a coordinate below zero)")
    return m, n


def checked_options(options, coordinates, ruleset):
    """The options of ``coordinates`` as tuples of pairs: a pair is a sum of itself."""
    try:
        listed = list(options)
    except TypeError:
        raise TypeError(f"{ruleset!r}: the options of {coordinates} are a collection of pairs or of "
                        f"collections of pairs, not {options!r}") from None
    result = []
    for option in listed:
        if _is_pair(option):
            result.append((checked_pair(option, ruleset),))
            continue
        try:
            parts = list(option)
        except TypeError:
            raise TypeError(f"{ruleset!r}: an option of {coordinates} is a pair (m, n) or a collection of "
                            f"pairs, not {option!r}") from None
        result.append(tuple(checked_pair(part, ruleset) for part in parts))
    return result


def _is_pair(option):
    return (isinstance(option, (tuple, list)) and len(option) == 2
            and all(isinstance(x, int) and not isinstance(x, bool) for x in option))


def _cell_colour(value, top):
    """Black for 0 (the P-positions), else a hue running from blue (small) to red (``top``)."""
    if value == 0:
        return "#000000"
    hue = 240 - 240 * (value - 1) / max(1, top - 1)
    return f"hsl({hue:.0f},80%,55%)"


def grundy_heatmap_svg(table, *, cell=16, title=None, labels=True):
    """A self-contained SVG heat map of a two-coordinate table ``table[x][y]`` of Grundy values.

    One ``<rect class="cell">`` per entry, row ``x`` drawn from the top and
    column ``y`` from the left; 0 (a P-position) is black and larger values
    run from blue to red.  Each cell has a tooltip ``(x, y): value``, and
    with ``labels`` and cells at least 12 pixels wide the value is written in it.

    >>> svg = grundy_heatmap_svg([[0, 1], [1, 0]])
    >>> svg.startswith("<svg") and svg.count('class="cell"')
    4
    """
    rows = [list(row) for row in table]
    if any(len(row) != len(rows[0]) for row in rows):
        raise ValueError("a heat map needs a rectangular table (every row as long as the first)")
    top = max((v for row in rows for v in row), default=0)
    margin = 24 if title else 4
    width = cell * (len(rows[0]) if rows else 0) + 8
    height = cell * len(rows) + margin + 4
    parts = [f'<svg xmlns="http://www.w3.org/2000/svg" width="{width}" height="{height}" '
             f'viewBox="0 0 {width} {height}" font-family="sans-serif">']
    if title:
        parts.append(f'<text x="4" y="16" font-size="14">{_escape(title)}</text>')
    write = labels and cell >= 12
    for x, row in enumerate(rows):
        for y, value in enumerate(row):
            px, py = 4 + y * cell, margin + x * cell
            parts.append(f'<rect class="cell" x="{px}" y="{py}" width="{cell}" height="{cell}" '
                         f'fill="{_cell_colour(value, top)}" stroke="#ffffff" stroke-width="0.5">'
                         f'<title>({x}, {y}): {value}</title></rect>')
            if write:
                parts.append(f'<text x="{px + cell / 2}" y="{py + cell * 0.7}" font-size="{cell * 0.55:.1f}" '
                             f'text-anchor="middle" fill="#ffffff">{value}</text>')
    parts.append("</svg>")
    return "\n".join(parts)


def _escape(text):
    return str(text).replace("&", "&amp;").replace("<", "&lt;").replace(">", "&gt;")


def _reductions(position):
    """Every position with one coordinate lowered (Nim on the coordinates)."""
    for i, x in enumerate(position):
        for smaller in range(x):
            yield position[:i] + (smaller,) + position[i + 1:]


def _wythoff_moves(position, spread=1):
    x, y = position
    yield from _reductions(position)
    for k in range(1, x + 1):
        for l in range(max(1, k - spread + 1), min(y, k + spread - 1) + 1):
            yield (x - k, y - l)


wythoff = ImpartialRuleset("wythoff", _wythoff_moves)
"""Wythoff's game: take any number from one pile, or the same number from both."""


def generalized_wythoff(spread):
    """Fraenkel's a-Wythoff: also take ``k`` and ``l`` from both piles when ``|k - l| < spread``.

    >>> generalized_wythoff(2).p_positions([(1, 3), (2, 3), (2, 6)])
    [(1, 3), (2, 6)]
    """
    if spread < 1:
        raise ValueError(f"the spread of a-Wythoff is a positive int, not {spread!r}")
    return ImpartialRuleset(f"generalized_wythoff({spread})",
                            lambda position: _wythoff_moves(position, spread))


def _chop_moves(position):
    rows, cols = position
    if rows < 1 or cols < 1:
        raise ValueError(f"a Chop bar has at least one row and one column, not {position!r}")
    return [(r, cols) for r in range(1, rows)] + [(rows, c) for c in range(1, cols)]


chop = ImpartialRuleset("chop", _chop_moves)
"""Chop: an ``a × b`` bar is cut along a grid line and one part kept; equal to Nim heaps ``a-1, b-1``."""


def _chomp_moves(rows):
    """Chomp on a Young diagram (row lengths, non-increasing); the corner cell (0, 0) is poison."""
    for i, length in enumerate(rows):
        for j in range(length):
            if i == 0 and j == 0:
                continue
            bitten = rows[:i] + tuple(min(r, j) for r in rows[i:])
            yield tuple(r for r in bitten if r)


chomp = ImpartialRuleset("chomp", _chomp_moves)
"""Chomp: bite a cell and everything above and right of it; whoever must take the poison loses."""

bitter_chocolate = ImpartialRuleset("bitter_chocolate", _reductions)
"""The bitter chocolate problem: break off and eat a strip beside the bitter square.

A position is the distances ``(x1, x2, x3, x4)`` from the bitter square to the
four edges; a move lowers one of them, so this is four-heap Nim.
"""


def gen_mem(allowed, name="gen_mem"):
    """A heap game with memory (CGSuite's ``GenMem``): take ``a`` tokens when ``allowed(k, a)``.

    ``k``, the memory, is the number taken on the move before.  A position is
    the pair ``(n, k)`` of the heap and the memory, and its moves are
    ``(n - a, a)`` for ``1 <= a <= n`` with ``allowed(k, a)``.  `mem`,
    `fibonacci_nim` and `take_away` are the classic cases.

    >>> odd_after_even = gen_mem(lambda k, a: (a - k) % 2 == 1, "odd after even")
    >>> odd_after_even.moves((3, 0))
    [(2, 1), (0, 3)]
    """
    def moves(position):
        n, memory = position
        return [(n - a, a) for a in range(1, n + 1) if allowed(memory, a)]

    return ImpartialRuleset(name, moves)


mem = gen_mem(lambda k, a: a >= k, "mem")
"""Mem: take at least as many tokens as were taken on the move before."""

fibonacci_nim = gen_mem(lambda k, a: a <= 2 * k, "fibonacci_nim")
"""Fibonacci Nim: take at most twice as many tokens as were taken on the move before.

A heap of ``n`` to start, where the first move may take any number but all,
plays as ``(n, (n - 1) // 2)``: for even ``n`` that forbids only taking
``n - 1``, which leaves one token to the opponent.  The first player loses
exactly when ``n`` is a Fibonacci number (Whinihan, 1963).

>>> [n for n in range(1, 30) if fibonacci_nim.grundy_value((n, (n - 1) // 2)) == 0]
[1, 2, 3, 5, 8, 13, 21]
"""


def take_away(ratio):
    """Take-Away(r): take at most ``ratio`` times as many tokens as were taken on the move before.

    ``take_away(2)`` is `fibonacci_nim`; ``ratio`` is a positive rational.

    >>> take_away(3).nim_value_table(3, 2)
    [[0, 0, 0], [0, 1, 1], [0, 2, 2], [0, 3, 3]]
    """
    if not isinstance(ratio, Rational) or isinstance(ratio, bool) or ratio <= 0:
        raise ValueError(f"the ratio of Take-Away is a positive rational, not {ratio!r}")
    ratio = Fraction(ratio)
    return gen_mem(lambda k, a: a <= ratio * k, f"take_away({ratio})")
