"""A compiled kernel for `cgt.impartial.sparse_space.OctalSequence` (optional: needs numba).

The options of a heap ``n`` are ``0`` (take it all), ``g(n - r)`` (take ``r``)
and ``g(a) ⊕ g(m - a)`` with ``m = n - r`` (take ``r``, split the rest), and
``g(n) = mex S(n)``.  Enumerating ``S(n)`` costs ``O(n)`` per heap; Grundy's
game to ``2**20`` that way is ``2**38`` lookups.  This kernel uses the
sparse-space phenomenon (Winning Ways, ch. 4, "Sparse space spells speed";
Gangolli and Plambeck; Flammenkamp), compiled by numba.

*Rare and common.*  For a mask ``M``, ``v`` is *common* when ``v & M`` has an
odd number of bits, *rare* otherwise; the mask making the fewest values rare is
re-chosen from the histogram as the sequence grows (``0b1111_1110`` for
Grundy's game, where only 1273 heaps ``1 <= n <= 2**20`` are rare, the last one
82860).  The parity of ``popcount(v & M)`` is additive under ``⊕``, so a
common option ``g(a) ⊕ g(m - a)`` has exactly one rare part.

*Rows.*  Hence every common value of ``S(n)`` is read off a few *rows*, each a
pair ``(d, x)`` standing for the option ``x ⊕ g(n - d)``: one per rare heap
``p`` and split ``r`` (``d = r + p``, ``x = g(p)``; for a split into unequal
heaps, not at ``n = r + 2p``), and one per take-and-leave-one move (``d = r``,
``x = 0``).  Heaps are taken in blocks; a row whose heaps ``n - d`` all lie
before the block is marked for the whole block in one tight loop, the others
heap by heap.

*Candidate and certificate.*  Let ``c`` be the least common value the rows do
not give.  It is not in ``S(n)``, so ``g(n) = c`` exactly when every rare
value below ``c`` is an option; the splits are scanned until each is seen,
first at the rows ``a`` that supplied such a value most often lately (ranked
every few thousand heaps), then all of them in order.  A rare value never seen
is ``g(n)``; that is the rare case, and the only one costing ``O(n)``.  No
value is guessed: each heap's value is proved from smaller heaps, and the
mask, the block size and the ranking change the speed only.

>>> from cgt.impartial.sparse_space import UNEQUAL
>>> values = [0]
>>> CompiledOctalKernel(take_all=(), leave_one=(), splits=((0, UNEQUAL),), values=values).extend(20)
>>> values                                   # Grundy's game 4!.0
[0, 0, 0, 1, 0, 2, 1, 0, 2, 1, 0, 2, 1, 3, 2, 1, 3, 2, 4, 3, 0]
"""

from __future__ import annotations

from collections import Counter

import numpy as np
from numba import njit

from cgt.impartial.sparse_space import EQUAL, UNEQUAL, least_rare_mask, next_review

_BLOCK = 64               # heaps per block
_RANK_EVERY = 4096        # heaps between rankings of the certification rows
_RANKED = 4096            # rows ranked first when certifying
_HIT_ROWS = 1 << 16       # rows a < this are counted for the ranking


class CompiledOctalKernel:
    """Computes ``g(1), g(2), ...`` into the Python list ``values`` (which starts ``[0]``).

    ``block`` and ``rank_every`` change the speed only (the tests make them
    tiny to reach every path).
    """

    def __init__(self, take_all, leave_one, splits, values, *, block=_BLOCK, rank_every=_RANK_EVERY):
        if block < 1 or rank_every < 1:
            raise ValueError(f"block and rank_every are positive, not {block} and {rank_every}")
        pairs = [(r, kind) for r, kind in splits if kind != EQUAL]
        self._pair_r = np.array([r for r, _ in pairs], np.int64)
        self._pair_unequal = np.array([kind == UNEQUAL for _, kind in pairs], np.uint8)
        self._equal_r = np.array([r for r, kind in splits if kind == EQUAL], np.int64)
        self._take_all = np.array(sorted(take_all), np.int64)
        self._leave_one = np.array(sorted(leave_one), np.int64)
        self._block, self._rank_every = block, rank_every
        self.values = values
        self._counts = Counter(values)
        self._bits = max(values).bit_length()
        self._g = np.array(values, _dtype(self._bits))
        self._mask = 0
        self._common = None
        self._rows = None                            # (row_d, row_x, row_excl), and their count
        self._row_count = 0
        self._next_review = next_review(0)
        if len(values) >= self._next_review:
            self._review_mask()
        self._hits = np.zeros(_HIT_ROWS, np.int64)
        self._order = np.zeros(0, np.int64)
        self._next_rank = len(values) + rank_every

    def extend(self, n, tick=None):
        """Compute the values up to ``g(n)``; ``tick(k)`` is called as ``k`` more heaps are known."""
        values = self.values
        while len(values) <= n:
            start = len(values)
            if start == self._next_review:
                self._review_mask()
            if start >= self._next_rank:
                self._rank()
            end = min(n + 1, self._next_review, self._next_rank)
            self._reserve(end)
            stop, self._row_count = _extend(
                self._g, start, end, self._bits, self._common_flags(), *self._rows, self._row_count,
                self._pair_r, self._pair_unequal, self._take_all, self._equal_r,
                self._order, self._hits, self._block)
            new = self._g[start:stop].tolist()
            values.extend(new)
            self._counts.update(new)
            self._bits = max(self._bits, max(new).bit_length())
            if tick is not None:
                tick(stop - start)

    def _reserve(self, end):
        """Room for heaps up to ``end`` and for the rows their rare values may add."""
        dtype = _dtype(self._bits)
        if len(self._g) < end or self._g.dtype != dtype:
            g = np.zeros(max(end, 2 * len(self._g)), dtype)
            g[:len(self.values)] = self._g[:len(self.values)]
            self._g = g
        if self._rows is None:
            self._build_rows()
        room = self._row_count + len(self._pair_r) * (end - len(self.values))
        if len(self._rows[0]) < room:
            self._rows = tuple(np.concatenate([a, np.zeros(room, np.int64)]) for a in self._rows)

    def _common_flags(self):
        """``flags[v]``: ``v`` is common, for ``v <= 2**bits`` (every option is below ``2**bits``)."""
        top = 2 << self._bits
        if self._common is None or len(self._common) < top:
            self._common = np.array([(v & self._mask).bit_count() & 1 for v in range(top)], np.uint8)
        return self._common

    def _build_rows(self):
        """The rows of the current mask: take-and-leave-one moves, then a row per rare heap and split."""
        heaps = len(self.values)
        g = self._g[:heaps]
        flags = self._common_flags()
        rare = np.flatnonzero(flags[g[1:]] == 0) + 1
        none = -1                                  # row_excl when every n has the move
        d = [self._leave_one]
        x = [np.zeros(len(self._leave_one), np.int64)]
        excl = [np.full(len(self._leave_one), none, np.int64)]
        for r, unequal in zip(self._pair_r.tolist(), self._pair_unequal.tolist()):
            d.append(r + rare)
            x.append(g[rare].astype(np.int64))
            excl.append(r + 2 * rare if unequal else np.full(len(rare), none, np.int64))
        self._rows = tuple(np.concatenate(part) for part in (d, x, excl))
        self._row_count = len(self._rows[0])

    def _review_mask(self):
        """Switch to the mask that makes the fewest values so far rare, if it beats the current one."""
        rare = sum(c for v, c in self._counts.items() if not (v & self._mask).bit_count() & 1) - 1
        best = least_rare_mask(self._counts, self._mask, rare)
        if best != self._mask:
            self._mask = best
            self._common = None
            self._rows = None
        self._next_review = next_review(len(self.values))

    def _rank(self):
        """Certify from the rows that supplied a missing rare value most often since the last ranking."""
        hits = self._hits
        used = np.flatnonzero(hits)
        self._order = used[np.argsort(-hits[used], kind="stable")][:_RANKED]
        hits //= 2
        self._next_rank = len(self.values) + self._rank_every


def _dtype(bits):
    """Room for the values up to ``2**bits`` (the kernel stops after the first value that large)."""
    return np.uint16 if bits < 16 else np.int64


@njit(cache=True, nogil=True)
def _extend(g, start, end, bits, common, row_d, row_x, row_excl, row_count,
            pair_r, pair_unequal, take_all, equal_r, order, hits, block):
    """Set ``g[start:stop]``; returns ``(stop, row count)``.  Stops early after a value ``>= 2**bits``."""
    stride = 1 << bits
    table = np.zeros(block * stride, np.uint8)      # a line of marked values per heap of the block
    need = np.zeros(stride, np.uint8)                # the rare values below c not yet seen
    local = np.empty(len(row_d), np.int64)           # rows marked heap by heap
    rest = np.empty(len(pair_r), np.uint64)          # scratch for _certify
    top = np.empty(len(pair_r), np.uint64)
    n0 = start
    while n0 < end:
        width = min(block, end - n0)
        table[:width * stride] = 0
        locals_ = 0
        for i in range(row_count):
            d = row_d[i]
            if d >= width and d < n0:                # heaps n - d all before the block, all >= 1
                x = np.uint64(row_x[i])
                partner = g[n0 - d:n0 - d + width]
                skip = row_excl[i] - n0              # the split (a, a) when the parts must differ
                if skip < 0 or skip >= width:
                    skip = width
                _mark(table, np.uint64(stride), x, partner, 0, skip)
                _mark(table, np.uint64(stride), x, partner, skip + 1, width)
            else:
                local[locals_] = i
                locals_ += 1
        for n in range(n0, n0 + width):
            line = table[(n - n0) * stride:(n - n0 + 1) * stride]
            for k in range(locals_):
                i = local[k]
                if row_d[i] < n and row_excl[i] != n:
                    line[np.uint64(row_x[i]) ^ np.uint64(g[np.uint64(n - row_d[i])])] = 1
            for r in take_all:
                if r == n:
                    line[0] = 1
            for r in equal_r:
                if n - r >= 2 and (n - r) % 2 == 0:
                    line[0] = 1
            c = stride
            for v in range(stride):
                if common[v] and not line[v]:
                    c = v
                    break
            missing = 0
            for v in range(c):
                if not line[v]:
                    need[v] = 1
                    missing += 1
            value = c
            if missing:
                missing = _certify(g, n, need, missing, order, hits, pair_r, pair_unequal, rest, top)
                for v in range(c):
                    if need[v]:
                        value = min(value, v)
                        need[v] = 0
            g[n] = value
            if not common[value]:
                for s in range(len(pair_r)):
                    row_d[row_count] = pair_r[s] + n
                    row_x[row_count] = value
                    row_excl[row_count] = pair_r[s] + 2 * n if pair_unequal[s] else -1
                    local[locals_] = row_count
                    locals_ += 1
                    row_count += 1
            if value >= stride:
                return n + 1, row_count
        n0 += width
    return end, row_count


@njit(cache=True, nogil=True)
def _mark(table, stride, x, partner, lo, hi):
    """``table[j * stride + (x ^ partner[j])] = 1`` for ``lo <= j < hi``.

    Here and in `_certify` the indices are unsigned: numba then leaves out its
    check for negative ones, which doubles the speed of these loops.
    """
    for j in range(np.uint64(lo), np.uint64(hi)):
        table[j * stride + (x ^ np.uint64(partner[j]))] = 1


@njit(cache=True, nogil=True)
def _certify(g, n, need, missing, order, hits, pair_r, pair_unequal, rest, top):
    """Scan the splits of heap ``n``, ranked rows first, clearing ``need``; the count still missing.

    Row ``a`` is the split ``(a, rest - a)`` of each ``rest = n - r``, so a
    value that only one split offset gives is found as soon as any other.
    """
    longest = np.uint64(0)
    for s in range(len(pair_r)):
        rest[s] = np.uint64(max(n - pair_r[s], 1))     # 1: no split
        top[s] = (rest[s] - np.uint64(1)) // np.uint64(2) if pair_unequal[s] else rest[s] // np.uint64(2)
        longest = max(longest, top[s])
    ranked = len(order)
    rows = np.uint64(len(hits))
    for k in range(ranked + np.int64(longest)):
        a = np.uint64(order[k]) if k < ranked else np.uint64(k - ranked + 1)
        for s in range(len(rest)):
            if a <= top[s]:
                v = np.uint64(g[a]) ^ np.uint64(g[rest[s] - a])
                if need[v]:
                    need[v] = 0
                    if a < rows:
                        hits[a] += 1
                    missing -= 1
                    if not missing:
                        return 0
    return missing
