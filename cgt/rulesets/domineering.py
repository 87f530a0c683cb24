"""Domineering and Cram: placing dominoes on a board, solved on bitboards.

In Domineering Left places a domino vertically (two cells of one column), Right
horizontally; in Cram either player places either way (an impartial game).
``Domineering(".|.")`` is 1, ``Domineering("..")`` is -1 (CGSuite's and cgt-py's
convention).

>>> from cgt.rulesets import Domineering, Cram
>>> print(Domineering.empty(2, 2).canonical_form, Domineering("..|..|..").canonical_form)
+-1 {1/2|-2}
>>> print(Domineering.empty(4, 4).canonical_form)
+-{0,{{2|0},2Tiny(2)|{2|0},Miny(2)}}
>>> print(Cram(".........|##.######").canonical_form)
*4

How it is fast (`canonical_form` does all of this; the moves below are for
reading and drawing):

* a board is a Python int, bit ``r * (w + 1) + c`` for cell (r, c) of a
  board of width ``w``: the spare bit per row keeps horizontal shifts from
  wrapping, so all vertical dominoes are ``m & (m >> (w + 1))`` and all
  horizontal ones ``m & (m >> 1)``;
* after a move the board is split into 4-connected regions, cells with no
  empty neighbour are dropped (no domino can ever use them), and the value is
  the sum of the regions' values;
* a region is stored under a canonical key: translated to the corner and the
  least of its eight images under the symmetries of the square; a mirror
  image has the same value, a transposed one (a quarter turn) the negative;
* a transposition table maps keys (and the raw, merely translated, regions met
  on the way) to engine ids; regions are evaluated on an explicit stack.

With the compiled engine, boards of up to 128 bits (e.g. 11 x 10) are solved
by the same method in Rust (``rust/src/rulesets/grid.rs``); this module's
solver is the reference, and solves larger boards.
"""

from cgt import engine
from cgt.rulesets.grid import BLOCKED, EMPTY, Grid, crop, grid_svg, regions

if engine.ENGINE == "compiled":
    from cgt._core import placement_board, placement_new, search_clear

__all__ = ["Domineering", "Cram"]


# ---------------------------------------------------------------- bitboards
def encode(rows):
    """``(mask, width)`` of the empty cells of ``rows``, bit r*(width+1)+c."""
    width = len(rows[0]) if rows else 0
    stride = width + 1
    mask = 0
    for r, row in enumerate(rows):
        for c, ch in enumerate(row):
            if ch == EMPTY:
                mask |= 1 << (r * stride + c)
    return mask, width


# A region key is ``cells << _BITS | width``.
_BITS = 10
_WIDTH = (1 << _BITS) - 1
_TABLE_WIDTH = 12      # rows up to this wide are mirrored and spread by table look-up

_REVERSED = {}
_SPREAD = {}
_COLUMN0 = {}


def _mirror(x, width):
    return int(format(x, f"0{width}b")[::-1], 2) if width else 0


def _spread(x, width, stride):
    y = 0
    for c in range(width):
        if x >> c & 1:
            y |= 1 << (c * stride)
    return y


class _Lazy:
    """``f(x)`` for any row pattern ``x``, computed on first use (for rows too wide for a table)."""

    __slots__ = ("f", "memo")

    def __init__(self, f):
        self.f = f
        self.memo = {}

    def __getitem__(self, x):
        y = self.memo.get(x)
        if y is None:
            y = self.memo[x] = self.f(x)
        return y


def _reversed_table(width):
    """Row bit patterns of ``width`` cells, mirrored."""
    table = _REVERSED.get(width)
    if table is None:
        if width <= _TABLE_WIDTH:
            table = [_mirror(x, width) for x in range(1 << width)]
        else:
            table = _Lazy(lambda x: _mirror(x, width))
        _REVERSED[width] = table
    return table


def _spread_table(width, height):
    """Row bit patterns as columns of a transposed board of width ``height``."""
    table = _SPREAD.get((width, height))
    if table is None:
        stride = height + 1
        if width <= _TABLE_WIDTH:
            table = [_spread(x, width, stride) for x in range(1 << width)]
        else:
            table = _Lazy(lambda x: _spread(x, width, stride))
        _SPREAD[(width, height)] = table
    return table


def _column0(stride, rows=64):
    """The cells of column 0 in the first ``rows`` rows (at least)."""
    mask = _COLUMN0.get(stride)
    if mask is None or mask.bit_length() < (rows - 1) * stride:
        mask = _COLUMN0[stride] = sum(1 << (i * stride) for i in range(max(rows, 64)))
    return mask


def canonical_key(mask, stride):
    """``(key, transposed)`` for a region translated to row 0 and column 0.

    The key is ``m << 10 | w`` for the least of the eight images of the region
    (``m`` its cells with stride ``w + 1``); ``transposed`` says whether that
    image turns rows into columns.
    """
    full = (1 << (stride - 1)) - 1
    rows = []
    used = 0
    while mask:
        x = mask & full
        rows.append(x)
        used |= x
        mask >>= stride
    width = used.bit_length()
    height = len(rows)
    if width > _WIDTH or height > _WIDTH:
        raise ValueError(f"boards are limited to {_WIDTH} rows and {_WIDTH} columns")
    mirror = _reversed_table(width)
    spread = _spread_table(width, height)
    s = width + 1
    a = b = c = d = e = f = g = h = 0
    j = height - 1
    for i, x in enumerate(rows):
        rx = mirror[x]
        a |= x << (i * s)
        b |= x << (j * s)
        c |= rx << (i * s)
        d |= rx << (j * s)
        y = spread[x]
        ry = spread[rx]
        e |= y << i
        f |= y << j
        g |= ry << i
        h |= ry << j
        j -= 1
    p = (min(a, b, c, d) << _BITS) | width
    q = (min(e, f, g, h) << _BITS) | height
    if q < p:
        return q, True
    return p, False


def split(mask, stride):
    """The regions of ``mask``: its 4-connected parts, cells with no neighbour dropped."""
    alive = mask & ((mask << 1) | (mask >> 1) | (mask << stride) | (mask >> stride))
    parts = []
    while alive:
        x = alive & -alive
        while True:
            y = (x | (x << 1) | (x >> 1) | (x << stride) | (x >> stride)) & alive
            if y == x:
                break
            x = y
        alive ^= x
        parts.append(x)
    return parts


def translate(x, stride):
    """Region ``x`` moved to row 0 and column 0."""
    full = (1 << (stride - 1)) - 1
    if not x & full:
        low = (x & -x).bit_length() - 1
        x >>= low - low % stride
    if not x & _column0(stride, x.bit_length() // stride + 1):
        used = 0
        z = x
        while z:
            used |= z & full
            z >>= stride
        x >>= (used & -used).bit_length() - 1
    return x


class _Solver:
    """Values of domino-placement regions, in one table per ruleset.

    ``left`` and ``right`` say which dominoes each player places ("v" vertical,
    "h" horizontal); ``transpose_negates``: a transposed region has the
    negative value (Domineering) rather than the same (Cram).
    """

    def __init__(self, left, right, transpose_negates, cache_size):
        self.left = left
        self.right = right
        self.transpose_negates = transpose_negates
        self.cache_size = cache_size
        self.table = {}      # region key, or raw translated region key -> engine id
        self.keys = {}       # raw key -> (canonical key, negated), while unresolved
        self.neg = {}
        self.sums = {}

    def clear(self):
        self.table.clear()
        self.keys.clear()
        self.neg.clear()
        self.sums.clear()

    def value(self, mask, width):
        """The engine id of the board ``mask`` (empty cells, stride width + 1)."""
        stride = width + 1
        total = engine.ZERO
        for x in split(mask, stride):
            key, negated = self._key(translate(x, stride), stride)
            ident = self._solve(key)
            if negated:
                ident = self._neg(ident)
            total = engine.add(total, ident)
        return total

    def _key(self, x, stride):
        key, transposed = canonical_key(x, stride)
        return key, transposed and self.transpose_negates

    def _raw(self, raw):
        """``(key, negated)`` of a raw (translated) region key."""
        c = self.keys.get(raw)
        return c if c is not None else self._key(raw >> _BITS, (raw & _WIDTH) + 1)

    def _neg(self, ident):
        result = self.neg.get(ident)
        if result is None:
            result = self.neg[ident] = engine.neg(ident)
        return result

    def _expand(self, key):
        """Options of region ``key``: per side, a list of either ids or (board, parts)."""
        width = key & _WIDTH
        stride = width + 1
        m = key >> _BITS
        full = (1 << width) - 1
        col0 = _column0(stride, m.bit_length() // stride + 1)
        table = self.table
        get = table.get
        keys = self.keys
        negate = self._neg
        missing = []
        sides = []
        for dirs in (self.left, self.right):
            options = []
            for shift in [stride if d == "v" else 1 for d in dirs]:
                v = m & (m >> shift)
                while v:
                    b = v & -v
                    v ^= b
                    n = m ^ b ^ (b << shift)
                    alive = n & ((n << 1) | (n >> 1) | (n << stride) | (n >> stride))
                    parts = []
                    while alive:
                        x = alive & -alive
                        while True:
                            y = (x | (x << 1) | (x >> 1) | (x << stride) | (x >> stride)) & alive
                            if y == x:
                                break
                            x = y
                        alive ^= x
                        # translate to row 0, column 0 (inlined `translate`)
                        if not x & full:
                            low = (x & -x).bit_length() - 1
                            x >>= low - low % stride
                        if not x & col0:
                            used = 0
                            z = x
                            while z:
                                used |= z & full
                                z >>= stride
                            x >>= (used & -used).bit_length() - 1
                        raw = (x << _BITS) | width
                        g = get(raw)
                        if g is None:
                            c = keys.get(raw)
                            if c is None:
                                c = keys[raw] = self._key(x, stride)
                            g = get(c[0])
                            if g is None:
                                missing.append(c[0])
                                parts.append(raw)
                                continue
                            if c[1]:
                                g = negate(g)
                            table[raw] = g
                            del keys[raw]
                        parts.append(-1 - g)
                    options.append(parts)
            sides.append(options)
        return sides[0], sides[1], missing

    def _option(self, parts):
        """The id of the sum of an option's parts (ids stored as -1 - id, or raw keys)."""
        table = self.table
        sums = self.sums
        total = None
        for p in parts:
            if p < 0:
                g = -1 - p
            else:
                g = table.get(p)
                if g is None:
                    key, negated = self._raw(p)
                    g = table[key]
                    if negated:
                        g = self._neg(g)
                    table[p] = g
                    self.keys.pop(p, None)
            if total is None:
                total = g
            else:
                k = (total << 32) | g if total < g else (g << 32) | total
                r = sums.get(k)
                if r is None:
                    r = sums[k] = engine.add(total, g)
                total = r
        return engine.ZERO if total is None else total

    def _solve(self, root):
        table = self.table
        if root in table:
            return table[root]
        stack = [root]
        pending = {}
        while stack:
            key = stack[-1]
            if key in table:
                stack.pop()
                continue
            frame = pending.pop(key, None)
            if frame is None:
                lefts, rights, missing = self._expand(key)
            else:
                lefts, rights = frame
                missing = [self._raw(p)[0] for option in lefts + rights for p in option
                           if p >= 0 and p not in table]
                missing = [k for k in missing if k not in table]
            if missing:
                pending[key] = (lefts, rights)
                stack.extend(missing)
                continue
            left = {self._option(o) for o in lefts}
            right = {self._option(o) for o in rights}
            table[key] = engine.canon(list(left), list(right))
            stack.pop()
            if len(table) > self.cache_size:
                self._trim()
        return table[root]

    def _trim(self):
        """Forget the oldest half of the table; regions still needed are recomputed."""
        table = self.table
        old = len(table) - self.cache_size // 2
        for key in list(table)[:old]:
            del table[key]
        self.sums.clear()


# ---------------------------------------------------------------- rulesets
class _Placement(Grid):
    """A domino-placement position: a board of empty and blocked cells."""

    symbols = ".#"
    _left = "v"
    _right = "h"
    transposition_negates = True

    def _moves(self, dirs):
        rows = self.rows
        out = []
        for r, row in enumerate(rows):
            for c, ch in enumerate(row):
                if ch != EMPTY:
                    continue
                if "v" in dirs and r + 1 < len(rows) and rows[r + 1][c] == EMPTY:
                    out.append(self._with({(r, c): BLOCKED, (r + 1, c): BLOCKED}))
                if "h" in dirs and c + 1 < len(row) and row[c + 1] == EMPTY:
                    out.append(self._with({(r, c): BLOCKED, (r, c + 1): BLOCKED}))
        return out

    def left_moves(self):
        return self._moves(self._left)

    def right_moves(self):
        return self._moves(self._right)

    def components(self):
        """The regions of empty cells that a domino can use, each cropped to its box."""
        return tuple(
            self._from_rows(crop(self.rows, region))
            for region in regions(self.rows, EMPTY)
            if len(region) > 1
        )

    def signed_key(self):
        mask, width = encode(self.rows)
        stride = width + 1
        parts = split(mask, stride)
        if len(parts) == 1:
            key, transposed = canonical_key(translate(parts[0], stride), stride)
            return key, transposed and self.transposition_negates
        return (mask << _BITS) | width, False

    @property
    def key(self):
        return self.signed_key()[0]

    def _canonical_id(self):
        cls = type(self)
        compiled = _COMPILED_SOLVERS.get(cls)
        if compiled is None:
            compiled = compiled_solver(cls)
        if compiled is not None:
            ident = placement_board(compiled, self.rows)
            if ident is not None:
                return ident
        return _solver(cls).value(*encode(self.rows))

    @classmethod
    def clear_cache(cls):
        solver = _SOLVERS.pop(cls, None)
        if solver is not None:
            solver.clear()
        compiled = _COMPILED_SOLVERS.get(cls)
        if compiled is not None:
            search_clear(compiled)

    def _repr_svg_(self):
        return grid_svg(self.rows)


_SOLVERS = {}
_COMPILED_SOLVERS = {}


def compiled_solver(cls):
    """The handle of ``cls``'s solver in the compiled core, or None on the pure engine."""
    if engine.ENGINE != "compiled":
        return None
    handle = _COMPILED_SOLVERS.get(cls)
    if handle is None:
        def dominoes(dirs):
            return ("v" in dirs, "h" in dirs)

        handle = _COMPILED_SOLVERS[cls] = placement_new(
            dominoes(cls._left), dominoes(cls._right), cls.transposition_negates,
            max(cls.cache_size, 1 << 16))
    return handle


def _solver(cls):
    solver = _SOLVERS.get(cls)
    if solver is None:
        solver = _SOLVERS[cls] = _Solver(cls._left, cls._right, cls.transposition_negates,
                                         max(cls.cache_size, 1 << 16))
    return solver


class Domineering(_Placement):
    """Domineering: Left places a vertical domino, Right a horizontal one.

    >>> Domineering(".|.").canonical_form, Domineering("..").canonical_form
    (Game('1'), Game('-1'))
    >>> Domineering("...|...").left_moves()
    [Domineering('#..|#..'), Domineering('.#.|.#.'), Domineering('..#|..#')]
    """

    _left = "v"
    _right = "h"
    transposition_negates = True
    cache_size = 1 << 23


class Cram(_Placement):
    """Cram: either player places a domino either way (impartial, so every value is a nimber).

    >>> Cram.empty(3, 3).canonical_form, Cram.empty(2, 3).canonical_form
    (Game('0'), Game('*'))
    """

    _left = "vh"
    _right = "vh"
    transposition_negates = False
    cache_size = 1 << 23


# Make the built-in rulesets' compiled solvers now, not in a user's first call.
for _ruleset in (Domineering, Cram):
    compiled_solver(_ruleset)
