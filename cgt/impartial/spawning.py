"""Coin-turning games (Winning Ways, ch. 14) and their heap form, CGSuite's ``Spawning``.

A row of coins, numbered ``1, 2, 3, ...`` from the left, each shows heads or
tails.  A move turns over a set of coins whose rightmost coin goes from heads
to tails; a *turning code* says which sets may be turned.  In the heap form a
heads coin at ``n`` is a heap of size ``n``, and turning coins ``a1 < ... < ak``
together with ``n`` moves that heap to the heaps ``a1, ..., ak``.  Two equal
heaps cancel in normal play, so a row is worth the nim-sum of ``g(n)`` over its
heads, where

    g(n) = mex{ g(a1) ⊕ ... ⊕ g(ak) : {a1, ..., ak, n} a set the code lets a move turn }.

Turning codes (CGSuite's syntax, letters in either case) are comma-separated
elements, a move following any one of them.  An element counts the coins
turned, the heads coin included: ``3`` exactly three, ``1-3`` one to three,
``2+`` at least two; then modifiers: ``C`` consecutive coins, ``E`` equally
spaced, ``S`` symmetrically placed, ``F`` the leftmost coin (coin 1) among
them, and ``C(w)`` all within a span of ``w`` adjacent coins.  (Under ``F``
a lone heads coin may be turned only when it is coin 1 itself; CGSuite also
lets some other lone coins be turned, an edge of its implementation.)  Mock
Turtles ``1-3``, whose values are the odious numbers, and the Ruler ``1+C``:

>>> mock_turtles, ruler = Spawning("1-3"), Spawning("1+C")
>>> mock_turtles.nim_sequence(9)[1:], ruler.nim_sequence(8)[1:]
([1, 2, 4, 7, 8, 11, 13, 14, 16], [1, 2, 1, 4, 1, 2, 1, 8])
>>> mock_turtles.coins("htththtth").nim_value      # 1 ⊕ 7 ⊕ 11 ⊕ 16
29

Two such games multiply into games on a grid of coins: the direct (Tartan)
product, whose values are nim products, and the acrostic product
(`Spawning.direct_product`, `Spawning.acrostic_product`).
"""

from __future__ import annotations

import reprlib
import threading
from collections.abc import Iterable
from html import escape
from itertools import combinations

from cgt.dyadic import integer_text, read_integer
from cgt.errors import UnknownTurningCodeError
from cgt.impartial.grundy import nim_value_table
from cgt.impartial.heaps import HeapRuleset, NimSumPosition
from cgt.limits import LIMITS
from cgt.value import Struct

__all__ = ["Spawning", "TurningProduct", "CoinPosition", "TurningElement", "parse_turning_code"]


# --------------------------------------------------------------------- turning codes

class TurningElement(Struct):
    """One element of a turning code: a move turns between ``fewest`` and ``most`` coins.

    ``most`` None means no bound; ``span`` None means no window; ``spacing`` is
    ``""``, ``"C"`` (consecutive), ``"E"`` (equally spaced) or ``"S"``
    (symmetric); ``first`` says coin 1 must be among the coins turned.
    """

    __slots__ = ("fewest", "most", "span", "spacing", "first")
    fewest: int
    most: int | None
    span: int | None
    spacing: str
    first: bool

    def __init__(self, fewest: int, most: int | None = None, span: int | None = None, spacing: str = "",
                 first: bool = False) -> None:
        self._init(fewest, most, span, spacing, first)

    def __str__(self):
        fewest = integer_text(self.fewest)
        count = (fewest if self.most == self.fewest
                 else f"{fewest}+" if self.most is None else f"{fewest}-{integer_text(self.most)}")
        window = "" if self.span is None else f"C({integer_text(self.span)})"
        return count + window + self.spacing + ("F" if self.first else "")


def _error(code, index, message):
    """An `UnknownTurningCodeError` naming the 1-based column of ``code[index]``."""
    column = index + 1
    shown = f"{reprlib.repr(code)} at column {column}"
    if index < len(code):
        shown += f" (character {code[index]!r})"
    error = UnknownTurningCodeError(f"{message} in turning code {shown}")
    error.code, error.column = code, column
    return error


def _number(code, i, what):
    """The decimal number starting at ``code[i]`` and the index after it."""
    j = i
    while j < len(code) and code[j].isdigit():
        j += 1
    if j == i:
        raise _error(code, i, f"expected {what}")
    return read_integer(code[i:j]), j


def parse_turning_code(code):
    """The elements of a turning code in CGSuite's syntax, as `TurningElement` values.

    Raises `cgt.errors.UnknownTurningCodeError` (a ValueError) naming the
    first character that cannot be read and its 1-based column; a code longer
    than ``cgt.LIMITS.max_code_length`` characters is a
    `cgt.errors.GameTooLargeError`.

    >>> [str(e) for e in parse_turning_code("1-3,4c(6)fs")]
    ['1-3', '4C(6)SF']
    >>> parse_turning_code("1-3X")
    Traceback (most recent call last):
    ...
    cgt.errors.UnknownTurningCodeError: not a modifier (C, E, S, F or C(n)) in turning code '1-3X' at column 4 (character 'X')
    """
    if not isinstance(code, str):
        raise TypeError(f"a turning code is a str, not {type(code).__name__}")
    LIMITS.within("max_code_length", len(code), "the characters of a turning code")
    elements, i = [], 0
    while True:
        start = i
        fewest, i = _number(code, i, "a number of coins")
        most = fewest
        if i < len(code) and code[i] == "+":
            most, i = None, i + 1
        elif i < len(code) and code[i] == "-":
            most, i = _number(code, i + 1, "the largest number of coins")
            if most < fewest:
                raise _error(code, start, f"the range {reprlib.repr(code[start:i])[1:-1]} is empty")
        if fewest == 0:
            raise _error(code, start, "a move turns at least one coin (the heads coin)")
        spacing, span, first = "", None, False
        while i < len(code) and code[i] != ",":
            letter = code[i].upper()
            if letter == "C" and code[i + 1:i + 2] == "(":
                if span is not None:
                    raise _error(code, i, "a second window C(n)")
                span, after = _number(code, i + 2, "the width of the window C(n)")
                if code[after:after + 1] != ")":
                    raise _error(code, after, "expected ')' closing C(n)")
                if span == 0:
                    raise _error(code, i + 2, "a window C(n) is at least one coin wide")
                i = after + 1
            elif letter in "CES":
                if spacing:
                    raise _error(code, i, f"at most one of C, E, S (already {spacing})")
                spacing, i = letter, i + 1
            elif letter == "F":
                if first:
                    raise _error(code, i, "a second F")
                first, i = True, i + 1
            else:
                raise _error(code, i, "not a modifier (C, E, S, F or C(n))")
        elements.append(TurningElement(fewest, most, span, spacing, first))
        if i == len(code):
            return tuple(elements)
        i += 1                                             # past the ','


# --------------------------------------------------------------------- sets of nim-sums

class _Affine:
    """``base ⊕ span(values)``: the nim-sums of all subsets of ``values``, shifted by ``base``."""

    __slots__ = ("basis", "offset")

    def __init__(self, values=(), base=0):
        self.basis = {}                                    # leading bit -> vector
        for value in values:
            self.add(value)
        self.offset = self.reduce(base)

    def reduce(self, x):
        for bit in sorted(self.basis, reverse=True):
            if x >> bit & 1:
                x ^= self.basis[bit]
        return x

    def add(self, value):
        value = self.reduce(value)
        if value:
            self.basis[value.bit_length() - 1] = value

    def shifted(self, base):
        """``base ⊕`` this space."""
        shifted = _Affine()
        shifted.basis, shifted.offset = self.basis, self.reduce(self.offset ^ base)
        return shifted

    def elements(self):
        elements = {self.offset}
        for vector in self.basis.values():
            elements |= {x ^ vector for x in elements}
        return elements

    def __contains__(self, x):
        return self.reduce(x) == self.offset

    def next_candidate(self, x):
        """The least number above ``x`` that may lie outside (x itself lies inside)."""
        if self.offset == 0:
            low = 0
            while low in self.basis:                       # span contains [0, 2**low)
                low += 1
            if x < 1 << low:
                return 1 << low
        return x + 1


class _Subsets:
    """The nim-sums of the sub-multisets of the values added, of between ``fewest`` and ``most`` values.

    With no upper bound, counts of at least ``fewest`` share one bucket, and
    with no bound at all the answer is a linear span (`_Affine`).
    """

    __slots__ = ("fewest", "most", "top", "buckets", "span")

    def __init__(self, fewest, most=None):
        self.fewest, self.most = fewest, most
        self.span = _Affine() if fewest == 0 and most is None else None
        self.top = fewest if most is None else most
        self.buckets = [{0}]      # bucket j: the sums of j values; one more per value added, up to `top`

    def add(self, value):
        if self.span is not None:
            self.span.add(value)
            return
        buckets, top = self.buckets, self.top
        if len(buckets) <= top:                            # a count no sum has reached yet
            buckets.append(set())
            top = len(buckets) - 1
        elif self.most is None:                            # bucket `top` holds every count >= top
            buckets[top] = (buckets[top] | {x ^ value for x in buckets[top]}
                            | {x ^ value for x in buckets[top - 1]})
            top -= 1
        for j in range(top, 0, -1):
            if buckets[j - 1]:
                buckets[j] |= {x ^ value for x in buckets[j - 1]}

    def sums(self, base=0):
        """A container of the nim-sums, each shifted by ``base``."""
        if self.span is not None:
            return self.span.shifted(base)
        result = set()
        for bucket in self.buckets[self.fewest:]:
            result |= bucket
        return {x ^ base for x in result} if base else result


def _subset_sums(values, base, fewest, most):
    """The nim-sums ``base ⊕ (sum of some values)`` over sub-multisets of ``fewest..most`` values."""
    fewest = max(fewest, 0)
    if most < fewest or fewest > len(values):
        return set()
    subsets = _Subsets(fewest, None if most >= len(values) else most)
    for value in values:
        subsets.add(value)
    return subsets.sums(base)


_SMALL_SPACE = 12      # spaces of at most 2**12 nim-sums are listed, larger ones tested


def _mex(containers):
    """The least non-negative int in none of ``containers`` (sets and `_Affine` spaces)."""
    merged, spaces = set(), []
    for container in containers:
        if not isinstance(container, _Affine):
            merged |= container
        elif len(container.basis) <= _SMALL_SPACE:
            merged |= container.elements()
        else:
            spaces.append(container)
    candidate = 0
    while True:
        if candidate in merged:
            candidate += 1
            continue
        for space in spaces:
            if candidate in space:
                candidate = space.next_candidate(candidate)
                break
        else:
            return candidate


# --------------------------------------------------------------------- the heap ruleset

class Spawning(HeapRuleset):
    """The heap form of the coin-turning game of a turning code (CGSuite's ``game.heap.Spawning``).

    ``ruleset(n)`` is a heap of ``n`` (one heads coin at ``n``), ``ruleset.heaps(...)``
    a sum of heaps and ``ruleset.coins("htth")`` a row of coins.  Nim values
    are computed once and kept, from sets of nim-sums rather than by listing
    every option, so Motley (``1+``, any coins) is instant at any size.

    >>> turnips = Spawning("3E")                    # three equally spaced coins
    >>> turnips.nim_sequence(10)[1:]
    [0, 0, 1, 0, 0, 1, 2, 2, 1, 0]
    >>> turnips.heap_options(7)
    [(1, 4), (3, 5), (5, 6)]
    """

    def __init__(self, code: str, name: str | None = None) -> None:
        self.elements = parse_turning_code(code)
        self.code = code
        self.name = name
        self._values = [0]                                # g(0): no coin
        self._lock = threading.Lock()                     # one thread extends the values at a time
        # Incremental subset sums for elements with no spacing and no window.
        self._subsets = {index: _Subsets(max(e.fewest - 1 - e.first, 0),
                                         None if e.most is None else e.most - 1 - e.first)
                         for index, e in enumerate(self.elements)
                         if not e.spacing and e.span is None}

    def __repr__(self):
        return f"Spawning({self.code!r})"

    def __eq__(self, other):
        return isinstance(other, Spawning) and self.elements == other.elements

    def __hash__(self):
        return hash(("Spawning", self.elements))

    def coins(self, text: str) -> CoinPosition:
        """The row of coins ``text``, ``h`` for heads and ``t`` for tails (coin 1 leftmost).

        >>> Spawning("1+C").coins("thht").nim_value     # g(2) ⊕ g(3) = 2 ⊕ 1
        3
        """
        if not isinstance(text, str):
            raise TypeError(f"a row of coins is a str of 'h' and 't', not {type(text).__name__}")
        heads = []
        for i, ch in enumerate(text):
            if ch not in "hHtT":
                raise ValueError(f"not a coin ('h' or 't') in row {text!r} at column {i + 1} "
                                 f"(character {ch!r})")
            if ch in "hH":
                heads.append(i + 1)
        return CoinPosition(self, heads)

    def heap_options(self, n):
        """The options of a heap of ``n``: the other coins a move turns, as ascending tuples.

        Each element's moves are listed in turn, by number of coins, then in
        lexicographic order; a set two elements both allow is listed once.

        >>> Spawning("4FS").heap_options(9)             # Grunt: 1, a, 10 - a, 9
        [(1, 2, 8), (1, 3, 7), (1, 4, 6)]
        """
        options, seen = [], set()
        for element in self.elements:
            for option in _element_options(element, n):
                if option not in seen:
                    seen.add(option)
                    options.append(option)
        return options

    coin_options = heap_options

    def nim_value(self, n):
        """The nim value ``g(n)`` of a heap of ``n``."""
        return self.nim_sequence(n)[n]

    def nim_sequence(self, n):
        """The nim values ``[g(0), g(1), ..., g(n)]`` (CGSuite's NimValueSequence(n) omits g(0)).

        >>> Spawning("1-5C").nim_sequence(9)           # Ruler Fives
        [0, 1, 2, 1, 4, 1, 2, 1, 4, 1]
        """
        if not isinstance(n, int) or n < 0:
            raise ValueError(f"a heap has a non-negative int size, not {n!r}")
        values = self._values
        if len(values) > n:
            return values[:n + 1]
        LIMITS.within("max_nim_heap", n, "the heaps of a nim sequence, 0 to n")
        with self._lock:
            while len(values) <= n:
                heap = len(values)
                values.append(_mex(self._option_sums(heap, values, incremental=True)))
                for index, subsets in self._subsets.items():
                    if heap > self.elements[index].first:       # coin 1 is fixed under F
                        subsets.add(values[heap])
        return values[:n + 1]

    def _option_sums(self, n, values, incremental=False):
        """Containers of ``values[a1] ⊕ ... ⊕ values[ak]`` over the options ``(a1, ..., ak)`` of ``n``.

        ``values`` is indexed by coin (``values[0]`` unused) up to ``n - 1``.
        With ``incremental``, ``values`` are this ruleset's own and the kept
        subset sums stand for the elements with no spacing and no window.
        """
        if n < 1:
            return []
        containers = []
        for index, element in enumerate(self.elements):
            if incremental and index in self._subsets:
                containers.extend(self._kept_sums(element, self._subsets[index], n, values))
            else:
                containers.extend(_element_sums(element, n, values))
        return containers

    @staticmethod
    def _kept_sums(element, subsets, n, values):
        if element.fewest <= 1 and (not element.first or n == 1):
            yield {0}                                       # the heads coin alone
        if element.first:
            if n >= 2 and (element.most is None or element.most >= 2):
                yield subsets.sums(values[1])
        elif element.most is None or element.most >= 2:
            yield subsets.sums()

    def acrostic_product(self, other):
        """The acrostic product: a move is a move of ``self`` in a column or of ``other`` in a row.

        From the cell ``(m, n)`` a move of ``self`` from heap ``m`` to heaps
        ``a1, ..., ak`` goes to the cells ``(a1, n), ..., (ak, n)``, and a move
        of ``other`` from heap ``n`` to heaps ``b1, ..., bk`` goes to
        ``(m, b1), ..., (m, bk)`` (CGSuite's ``AcrosticProduct``).

        >>> Spawning("1+").acrostic_product(Spawning("1+C")).nim_value_table(3, 4)
        [[0, 1, 2, 1, 4], [1, 1, 2, 1, 4], [2, 2, 1, 2, 5], [4, 4, 5, 4, 2]]
        """
        return TurningProduct("acrostic", self, other)

    def direct_product(self, other):
        """The direct (Tartan) product, whose cell ``(m, n)`` is worth ``g(m) ⊗ h(n)``.

        A move chooses a move of ``self`` from heap ``m`` to heaps ``A`` and one
        of ``other`` from heap ``n`` to heaps ``B``, and turns the coins of the
        grid ``(A ∪ {m}) × (B ∪ {n})``: the cell ``(m, n)`` goes to the cells of
        that grid other than itself.  The Tartan theorem (Winning Ways, ch. 14)
        makes the value the nim product of the factors' values (CGSuite's
        ``DirectProduct``).

        Values are computed from this definition, one move of the factor with
        fewer moves at a time; `cgt.nim_product` gives them at once.

        >>> from cgt import nim_product
        >>> turnips, grunt = Spawning("3E"), Spawning("4FS")
        >>> tartan = turnips.direct_product(grunt)
        >>> tartan.nim_value((7, 19)), nim_product(turnips.nim_value(7), grunt.nim_value(19))
        (8, 8)
        """
        return TurningProduct("direct", self, other)


def _window_start(element, n):
    return 1 if element.span is None else max(1, n - element.span + 1)


def _count_bounds(element, n, lowest):
    """The least and most other coins (``k``) a move on heads coin ``n`` turns, ``k >= 1``."""
    most = n - lowest if element.most is None else min(element.most - 1, n - lowest)
    return max(element.fewest - 1, 1), most


def _element_options(element, n):
    """The ascending tuples of other coins that ``element`` lets a move on heads coin ``n`` turn."""
    if n < 1:
        return
    if element.fewest <= 1 and (not element.first or n == 1):
        yield ()
    lowest = _window_start(element, n)
    if element.first and lowest > 1:
        return
    fewest, most = _count_bounds(element, n, lowest)
    for k in range(fewest, most + 1):
        found = []
        if element.spacing == "":
            if element.first:
                found = [(1,) + rest for rest in combinations(range(2, n), k - 1)]
            else:
                found = list(combinations(range(lowest, n), k))
        elif element.spacing == "C":
            if not element.first or n - k == 1:
                found = [tuple(range(n - k, n))]
        elif element.spacing == "E":
            for step in range(1, (n - lowest) // k + 1):
                if not element.first or n - step * k == 1:
                    found.append(tuple(range(n - step * k, n, step)))
        else:                                               # "S"
            for low in (1,) if element.first else range(lowest, n):
                found.extend(_symmetric(low, n, k))
        yield from sorted(found)


def _symmetric(low, n, k):
    """The sets of ``k`` coins from ``low`` to ``n - 1``, ``low`` among them, symmetric with ``n`` added."""
    middle = (low + n) // 2 if (low + n) % 2 == 0 else None
    inner = k - 1
    if inner % 2 and middle is None:
        return []
    halves = range(low + 1, (low + n + 1) // 2)
    extra = (middle,) if inner % 2 else ()
    return [tuple(sorted((low,) + lows + extra + tuple(low + n - x for x in lows)))
            for lows in combinations(halves, inner // 2)]


def _element_sums(element, n, values):
    """Containers of the nim-sums of ``values`` over the moves ``element`` allows on heads coin ``n``."""
    if element.fewest <= 1 and (not element.first or n == 1):
        yield {0}
    lowest = _window_start(element, n)
    if element.first and lowest > 1:
        return
    fewest, most = _count_bounds(element, n, lowest)
    if fewest > most:
        return
    if element.spacing == "":
        if element.first:
            yield _subset_sums(values[2:n], values[1], fewest - 1, most - 1)
        else:
            yield _subset_sums(values[lowest:n], 0, fewest, most)
    elif element.spacing == "C":
        sums, total = set(), 0
        for k in range(1, most + 1):
            total ^= values[n - k]
            if k >= fewest and (not element.first or n - k == 1):
                sums.add(total)
        yield sums
    elif element.spacing == "E":
        sums = set()
        for step in range(1, (n - lowest) // fewest + 1):
            total = 0
            for k in range(1, most + 1):
                coin = n - step * k
                if coin < lowest:
                    break
                total ^= values[coin]
                if k >= fewest and (not element.first or coin == 1):
                    sums.add(total)
        yield sums
    else:                                                   # "S": low, pairs, maybe the middle
        for low in (1,) if element.first else range(lowest, n):
            middle = (low + n) // 2 if (low + n) % 2 == 0 else None
            pairs = [values[x] ^ values[low + n - x] for x in range(low + 1, (low + n + 1) // 2)]
            for with_middle in (False, True) if middle is not None else (False,):
                base = values[low] ^ (values[middle] if with_middle else 0)
                # k = 1 + 2 * (pairs chosen) + with_middle
                least = -(-(fewest - 1 - with_middle) // 2)
                yield _subset_sums(pairs, base, least, (most - 1 - with_middle) // 2)


# --------------------------------------------------------------------- products

class TurningProduct:
    """A product of two heap rulesets, played on the cells ``(m, n)`` of a grid of coins.

    ``kind`` is ``"acrostic"`` or ``"direct"`` (see `Spawning.acrostic_product`
    and `Spawning.direct_product`).  Row ``m`` and column ``n`` start at 0, as
    in CGSuite; heap 0 has no moves.
    """

    def __init__(self, kind, left, right):
        if kind not in ("acrostic", "direct"):
            raise ValueError(f"a product is 'acrostic' or 'direct', not {kind!r}")
        self.kind, self.left, self.right = kind, left, right
        self.name = None
        self._values = {}

    def __repr__(self):
        return f"{self.left!r}.{self.kind}_product({self.right!r})"

    def __eq__(self, other):
        return (isinstance(other, TurningProduct)
                and (self.kind, self.left, self.right) == (other.kind, other.left, other.right))

    def __hash__(self):
        return hash(("TurningProduct", self.kind, self.left, self.right))

    def __call__(self, cell):
        """The position of one heads coin at ``cell = (m, n)``."""
        return self.coins(cell)

    def coins(self, *cells):
        """The position whose heads coins are at ``cells``."""
        return CoinPosition(self, cells)

    def coordinate_options(self, cell):
        """The options of ``cell``: the other cells a move turns, each a tuple.

        >>> Spawning("2").direct_product(Spawning("2")).coordinate_options((2, 2))
        [((1, 1), (1, 2), (2, 1))]
        """
        m, n = _cell(cell)
        if self.kind == "direct":
            return [tuple((a, b) for a in rows + (m,) for b in cols + (n,) if (a, b) != (m, n))
                    for rows in self.left.heap_options(m) for cols in self.right.heap_options(n)]
        options = [tuple((a, n) for a in rows) for rows in self.left.heap_options(m)]
        options += [tuple((m, b) for b in cols) for cols in self.right.heap_options(n)]
        return list(dict.fromkeys(options))

    coin_options = coordinate_options

    def nim_value(self, cell):
        """The nim value of a heads coin at ``cell``, filling in the rectangle below it."""
        m, n = _cell(cell)
        values = self._values
        if (m, n) not in values:
            for row in range(m + 1):
                for col in range(n + 1):
                    if (row, col) not in values:
                        values[row, col] = self._compute(row, col)
        return values[m, n]

    def nim_value_table(self, max_row, max_col):
        """The nim values of the cells ``(m, n)``, ``0 <= m <= max_row``, ``0 <= n <= max_col``, row by row.

        >>> Spawning("1+C").direct_product(Spawning("1+C")).nim_value_table(2, 4)
        [[0, 0, 0, 0, 0], [0, 1, 2, 1, 4], [0, 2, 3, 2, 8]]
        """
        if isinstance(max_row, int) and isinstance(max_col, int) and min(max_row, max_col) >= 0:
            self.nim_value((max_row, max_col))          # fills in the whole table at once
        return nim_value_table(self.nim_value, max_row, max_col)

    def _compute(self, m, n):
        values = self._values
        if self.kind == "acrostic":
            column = [values[a, n] for a in range(m)]
            row = [values[m, b] for b in range(n)]
            return _mex(_heap_option_sums(self.left, m, column)
                        + _heap_option_sums(self.right, n, row))
        # Direct: the nim-sum over (A + m) x (B + n) less (m, n) is, for one move A of the
        # left factor, the nim-sum over B of c(b) = sum over a in A + m of v(a, b), shifted
        # by the sum over a in A of v(a, n).  List the moves of the factor with fewer.
        rows, cols = self.left.heap_options(m), self.right.heap_options(n)
        transpose = len(rows) > len(cols)
        other, heap, top, moves = ((self.left, m, n, cols) if transpose
                                   else (self.right, n, m, rows))

        def v(x, y):
            return values[(y, x) if transpose else (x, y)]

        containers = []
        for turned in moves:
            line = [_nim_sum_of(v(x, y) for x in turned + (top,)) for y in range(heap)]
            shift = _nim_sum_of(v(x, heap) for x in turned)
            containers.extend(_shift(c, shift) for c in _heap_option_sums(other, heap, line))
        return _mex(containers)


def _nim_sum_of(values):
    total = 0
    for value in values:
        total ^= value
    return total


def _shift(container, shift):
    """``shift ⊕`` each nim-sum in ``container``."""
    if not shift:
        return container
    if isinstance(container, _Affine):
        return container.shifted(shift)
    return {x ^ shift for x in container}


def _cell(cell):
    m, n = cell
    if not (isinstance(m, int) and isinstance(n, int)) or m < 0 or n < 0:
        raise ValueError(f"a cell is a pair of non-negative ints, not {cell!r}")
    return m, n


def _heap_option_sums(ruleset, n, values):
    """Containers of the nim-sums of ``values`` over the options of heap ``n`` of ``ruleset``."""
    if isinstance(ruleset, Spawning):
        return ruleset._option_sums(n, values)
    sums = set()
    for option in ruleset.heap_options(n):
        total = 0
        for heap in option:
            total ^= values[heap]
        sums.add(total)
    return [sums]


# --------------------------------------------------------------------- positions

def _heads(coins: Iterable[int]) -> frozenset[int]:
    heads: set[int] = set()
    for coin in coins:
        heads ^= {coin}                                    # two heads on one coin cancel
    return frozenset(heads)


class CoinPosition(NimSumPosition, Struct):
    """Coins showing heads under a coin-turning ruleset (a `Spawning` or a `TurningProduct`).

    A move turns a heads coin ``c`` to tails and turns over the coins of one of
    ``ruleset.coin_options(c)``; the value is the nim-sum of the heads' values.

    >>> row = Spawning("1-3").coins("hhhhh")         # 1 ⊕ 2 ⊕ 4 ⊕ 7 ⊕ 8
    >>> row.nim_value, row.outcome, row.winning_moves()
    (8, 'N', [Spawning('1-3').coins('hhhh')])
    """

    __slots__ = ("ruleset", "heads")
    ruleset: object
    heads: frozenset[int]

    def __init__(self, ruleset: object, heads: Iterable[int]) -> None:
        self._init(ruleset, _heads(heads))

    @property
    def parts(self):
        """The heads coins."""
        return self.heads

    def components(self):
        """Each heads coin as a position of its own: the value is their nim-sum
        (a theorem of coin-turning games, though a move on one coin may turn others).

        >>> Spawning("1-3").coins("thth").components()
        (Spawning('1-3').coins('th'), Spawning('1-3').coins('ttth'))
        """
        return tuple(CoinPosition(self.ruleset, [coin]) for coin in sorted(self.heads))

    def __repr__(self):
        if isinstance(self.ruleset, Spawning):
            return f"{self.ruleset!r}.coins({str(self)!r})"
        return f"{self.ruleset!r}.coins({', '.join(map(repr, sorted(self.heads)))})"

    def __str__(self):
        if isinstance(self.ruleset, Spawning):
            length = max(self.heads, default=0)
            return "".join("h" if i in self.heads else "t" for i in range(1, length + 1))
        return repr(self)

    def _repr_svg_(self):
        """A row of coins, heads dark and tails light (a coin-turning product: its heads as text)."""
        if not isinstance(self.ruleset, Spawning):
            return (f'<svg xmlns="http://www.w3.org/2000/svg" width="{12 + 8 * len(repr(self))}" height="24">'
                    f'<text x="4" y="16" font-size="12">{escape(repr(self))}</text></svg>')
        text, size = str(self), 22
        parts = [f'<svg xmlns="http://www.w3.org/2000/svg" width="{len(text) * size + 4}" height="{size + 16}">']
        for i, side in enumerate(text):
            x = 2 + i * size + size / 2
            fill = "#333" if side == "h" else "#eee"
            parts.append(f'<circle cx="{x}" cy="{size / 2 + 1}" r="{size * 0.42}" fill="{fill}" stroke="#000"/>')
            parts.append(f'<text x="{x}" y="{size + 13}" font-size="10" text-anchor="middle">{i + 1}</text>')
        parts.append("</svg>")
        return "".join(parts)

    def moves(self):
        """Every position one move away, each once."""
        result = []
        for coin in sorted(self.heads):
            for option in self.ruleset.coin_options(coin):
                position = CoinPosition(self.ruleset, [*self.heads, coin, *option])
                if position not in result:
                    result.append(position)
        return result

