"""A NumPy kernel for `cgt.impartial.sparse_space.OctalSequence` (optional: needs numpy).

The options of a heap ``n`` are ``0`` (take it all), ``g(n - r)`` (take ``r``)
and ``g(a) ⊕ g(n - r - a)`` (take ``r``, split the rest), and
``g(n) = mex S(n)``.  Enumerating ``S(n)`` costs ``O(n)``; Grundy's game to
``2**20`` that way is ``2**38`` lookups.  This kernel uses the sparse-space
phenomenon (Winning Ways, ch. 4, "Sparse space spells speed"; Gangolli and
Plambeck; Flammenkamp) and does its bulk work in large NumPy calls.

*Rare and common.*  For a mask ``M``, ``v`` is *common* when ``v & M`` has an
odd number of bits, *rare* otherwise; the mask making the fewest values rare
is chosen from the histogram (``0b1111_1110`` for Grundy's game, where only
1273 heaps ``1 <= n <= 2**20`` are rare, the last one 82860).  Parity of ``popcount(v & M)`` is
additive under ``⊕``, so a common option ``g(a) ⊕ g(b)`` has exactly one rare
part.  Hence the common part of ``S(n)`` is found exactly from a few *rows*,
``g(n - d) ⊕ x`` with ``d = r + a``, ``x = g(a)``, one per rare heap ``a`` and
split ``r`` (plus ``g(n - r)`` per take-and-leave-one move).

*Speculation.*  Heaps are taken in super blocks of up to `_SUPER`.  For each
block of `_BLOCK` heaps the rows are read through a sliding window of ``g``
and their values marked in a boolean table, one line per heap; the part of a
row that reads heaps of the block itself is applied in Python, heap by heap,
through per-value bit masks.  Each heap gets ``c*(n)``, the least common value
missing from ``S(n)``: exactly ``g(n)`` unless a rare value below it is missing
too, that is unless ``g(n)`` is rare.

*Marking.*  Value ``v`` of heap line ``j`` is ``table.flat[j * stride + v]``,
with lines at least 256 long (`_stride`), and one scatter ``flat[index] = True``
marks a batch of values; the scatters are most of the kernel's time.  While
values fit in a byte, the line offsets stay in the index buffer and a batch only
copies its values into the low bytes (`_mark`).

*Certification.*  For the super block at once, splits ``(a, n - r - a)`` are
marked in the same table, with ``a`` from a learned list (a greedy cover of the
rare values that sampled recent heaps needed, refreshed as ``n`` grows), in
chunks: the first for every heap, then half as many rows and twice as many
each time after, for the heaps still unproved.  The first chunk, cheapest per
row, adapts so that it proves between half and seven eighths of the heaps.
A heap is proved when every rare value below ``c*(n)`` has been seen, an
explicit option each.  A heap left unproved after `_MAX_DEPTH` rows (or the
first one of a chunk, for small heaps) is *settled*: its remaining splits are
scanned until each missing rare value is found, and a value never found is
``g(n)``.  The first heap whose value is not ``c*(n)`` ends the super block;
the heaps after it are recomputed.

No value is guessed: a heap's value is accepted only with ``c*(n)`` shown
absent from ``S(n)`` (every row with a rare part was read) and every value
below it shown present, or after all its splits were read.  Heaps are proved in
order, each from smaller, already proved heaps.  Heaps below `_SIMPLE_BELOW`,
or among many rare heaps, are computed from all their options.  The mask, the
learned rows and the block sizes change the speed only.

>>> from cgt.impartial.sparse_space import UNEQUAL
>>> values = [0]
>>> NumpyOctalKernel(take_all=(), leave_one=(), splits=((0, UNEQUAL),), values=values).extend(20)
>>> values                                   # Grundy's game 4!.0
[0, 0, 0, 1, 0, 2, 1, 0, 2, 1, 0, 2, 1, 3, 2, 1, 3, 2, 4, 3, 0]
"""

from __future__ import annotations

import sys
from bisect import bisect_left, insort

import numpy as np
from numpy.lib.stride_tricks import sliding_window_view

from cgt.impartial.sparse_space import least_rare_mask

FREE, UNEQUAL, EQUAL = "free", "unequal", "equal"

_BLOCK = 128              # heaps per speculation block
_SUPER = 1024             # heaps per super block (the certification batch), at most
_SIMPLE_BELOW = 2048      # heaps below this are computed from all their options
_DENSE_WINDOW = 2048      # ... and so are heaps with more than _DENSE_RARE rare heaps among
_DENSE_RARE = 32          #     the _DENSE_WINDOW before them: speculation would fail too often
_FIRST_CHUNK = 256        # certification: rows in the first chunk (for every heap), to start with
_MIN_CHUNK = 16           # ... and at least, as it adapts
_MAX_DEPTH = 1 << 14      # certification rows before falling back to all options
_EXACT_BELOW = 1 << 17    # below this, a chunk's first unproved heap is settled at once
_LEARN_FROM = 4096        # the row order is learned once this many heaps are known
_LEARN_HEAPS = 64         # heaps sampled to learn the row order
_LEARN_ROWS = 1 << 14     # rows the learned order ranks
_LEARN_HITS = 64          # witnesses kept per (heap, value) when learning
_COVER = 6                # the greedy order covers each sampled need this many times
_LEARN_PICKS = 1024       # rows chosen greedily; the rest are ranked by merit
_MAX_BITS = 12            # values fit in 2**bits; beyond 2**_MAX_BITS, all options are used
_FIRST_REVIEW = 64
_REVIEW_EVERY = 1 << 15
_MARK_BUFFER = 1 << 15    # indices per scatter call, small enough to stay in cache
_LOW_BYTE = 0 if sys.byteorder == "little" else np.dtype(np.intp).itemsize - 1


class NumpyOctalKernel:
    """Computes ``g(1), g(2), ...`` into the Python list ``values`` (which starts ``[0]``)."""

    def __init__(self, take_all, leave_one, splits, values):
        self._take_all = frozenset(take_all)
        self._leave_one = tuple(sorted(leave_one))
        self._pair_splits = tuple((r, kind) for r, kind in splits if kind != EQUAL)
        self._equal_splits = tuple(r for r, kind in splits if kind == EQUAL)
        self.values = values
        self._counts = {}
        for v in values:
            self._counts[v] = self._counts.get(v, 0) + 1
        self._mask = 0
        self._next_review = _FIRST_REVIEW
        while self._next_review <= len(values):
            self._next_review *= 2
        self._bits = max(4, max(values).bit_length())
        self._rare = [p for p in range(1, len(values)) if self._is_rare(values[p])]
        self._g = np.zeros(0, np.uint8)
        self._rows = None                # built: arrays _d, _x (row values g(n - d) ^ x), by d
        self._super = 64                 # current super block size (adapts to rare values)
        self._order = None               # learned certification rows, best first
        self._first_chunk = _FIRST_CHUNK  # adapts so that the first chunk proves most heaps
        self._next_learn = _LEARN_FROM
        self._scratch = np.empty(_MARK_BUFFER, np.intp)     # flat indices to mark
        self._preset = np.empty(_MARK_BUFFER, np.intp)      # ... and those kept for `_preset_lines`
        self._preset_lines = None
        self._offsets = {}
        self._tables_key = None

    # -- storage -----------------------------------------------------------

    def _dtype(self):
        return np.uint8 if self._bits <= 8 else np.uint16 if self._bits <= 16 else np.uint32

    def _ensure(self, capacity):
        """Room for heaps ``0 .. capacity - 1``, in a dtype holding values below ``2**bits``."""
        dtype = self._dtype()
        if len(self._g) >= capacity and self._g.dtype == dtype:
            return
        g = np.zeros(max(capacity, 2 * len(self._g)), dtype)
        g[:len(self.values)] = self.values
        self._g = g
        self._window = sliding_window_view(g, _BLOCK)
        self._rows = None

    def _is_rare(self, v):
        return not (v & self._mask).bit_count() & 1

    def _review_mask(self):
        """The pure-Python path's rule: the mask making the fewest values so far rare."""
        best = least_rare_mask(self._counts, self._mask, len(self._rare))
        if best != self._mask:
            self._mask = best
            values = self.values
            self._rare = [p for p in range(1, len(values)) if self._is_rare(values[p])]
            self._rows = None
            self._tables_key = None
        n = len(self.values)
        self._next_review = n + min(n, _REVIEW_EVERY)

    def _tables(self):
        """(flags of the common values below 2**bits, flags of the rare values below 2**(bits+1))."""
        key = (self._mask, self._bits)
        if self._tables_key != key:
            self._tables_key = key
            top = 1 << self._bits
            rare = np.array([self._is_rare(v) for v in range(2 * top)], np.bool_)
            self._common_row = ~rare[:top]
            self._rare_flags = rare
        return self._common_row, self._rare_flags

    # -- rows --------------------------------------------------------------

    def _build_rows(self):
        rows = [(r, 0) for r in self._leave_one]
        g = self.values
        for r, _ in self._pair_splits:
            rows += [(r + p, g[p]) for p in self._rare]
        rows.sort()
        self._d = np.array([d for d, _ in rows], np.intp)
        self._x = np.array([x for _, x in rows], self._g.dtype)
        self._exclusions = sorted((r + 2 * p, r + p, g[p]) for r, kind in self._pair_splits
                                  if kind == UNEQUAL for p in self._rare)
        self._rows = True
        self._small_rows()

    def _add_rare(self, p):
        """Insert the rows of a new rare heap ``p``."""
        if self._rows is None:
            return
        x = self.values[p]
        for r, kind in self._pair_splits:
            i = int(np.searchsorted(self._d, r + p, "right"))
            self._d = np.insert(self._d, i, r + p)
            self._x = np.insert(self._x, i, x)
            if kind == UNEQUAL:
                insort(self._exclusions, (r + 2 * p, r + p, x))
        self._small_rows()

    def _small_rows(self):
        """Rows whose partner may lie inside a block: their in-block part is applied in Python."""
        ks = int(np.searchsorted(self._d, _BLOCK))
        self._k_small = ks
        self._in_block = np.arange(_BLOCK)[None, :] >= self._d[:ks, None]
        groups = {}
        for d, x in zip(self._d[:ks].tolist(), self._x[:ks].tolist()):
            groups[x] = groups.get(x, 0) | (1 << d)
        heaps = (1 << _BLOCK) - 1                # a bit per heap of a block
        self._shifted = [[(x, rows << j & heaps) for x, rows in groups.items()] for j in range(_BLOCK)]
        self._max_d = int(self._d[-1]) if len(self._d) else 0

    # -- the sequence ------------------------------------------------------

    def extend(self, n, tick=None):
        """Compute the values up to ``g(n)``; ``tick(k)`` is called as ``k`` more heaps are known."""
        values = self.values
        while len(values) <= n:
            self._ensure(n + _SUPER + _BLOCK + 1)
            start = len(values)
            if start == self._next_review:
                self._review_mask()
            if self._use_all_options(start):
                end = min(n + 1, self._next_review, max(start + 1, _SIMPLE_BELOW), start + 64)
                for heap in range(start, end):
                    self._append(heap, self._value_from_all_options(heap))
            else:
                end = min(start + self._super, n + 1, self._next_review)
                proved = self._super_block(start, end)
                self._super = min(_SUPER, 2 * self._super) if proved else max(16, self._super // 4)
            if tick is not None:
                tick(len(values) - start)

    def _use_all_options(self, heap):
        rare = self._rare
        return (heap < _SIMPLE_BELOW or not self._mask or not self._pair_splits
                or self._bits > _MAX_BITS or 4 * len(rare) > heap
                or len(rare) - bisect_left(rare, heap - _DENSE_WINDOW) > _DENSE_RARE)

    def _append(self, heap, v):
        self.values.append(v)
        self._counts[v] = self._counts.get(v, 0) + 1
        if v >= 1 << self._bits:
            self._bits = v.bit_length()
            self._ensure(len(self._g))
        self._g[heap] = v
        if heap and self._is_rare(v):
            self._rare.append(heap)
            self._add_rare(heap)

    def _value_from_all_options(self, heap):
        """``g(heap) = mex S(heap)``, from all the options."""
        g, top = self._g, 1 << self._bits
        seen = np.zeros(top + 1, np.bool_)        # every option value is below 2**bits
        seen[0] = heap in self._take_all or any(heap - r >= 2 and (heap - r) % 2 == 0
                                                 for r in self._equal_splits)
        seen[[self.values[heap - r] for r in self._leave_one if r < heap]] = True
        for r, kind in self._pair_splits:
            m = heap - r
            last = m // 2 if kind == FREE else (m - 1) // 2
            if last >= 1:
                seen[:top] |= np.bincount(g[1:last + 1] ^ g[m - last:m][::-1], minlength=top) > 0
        return int(np.argmin(seen))

    def _offsets_for(self, width, stride):
        key = (width, stride)
        if key not in self._offsets:
            self._offsets[key] = np.arange(width, dtype=np.intp) * stride
        return self._offsets[key]

    def _stride(self):
        """Table line length: room for the values below ``2**bits``, and at least a byte's worth."""
        return 1 << max(8, self._bits)

    def _mark(self, flat, found, lines, skip=None, junk=0):
        """``flat[lines[j] + found[i, j]] = True`` for all ``i, j``.

        Where ``skip[i, j]`` (``skip`` covers the first ``len(skip)`` rows)
        ``flat[junk]`` is marked instead: that entry is no option.  The flat
        indices are built in buffers of `_MARK_BUFFER`.  When the values are
        bytes (lines are then 256 long, see `_stride`), the line offsets stay
        in the buffer from one call to the next with the same ``lines``, and
        each batch of rows only replaces the low bytes.
        """
        head = 0 if skip is None else len(skip)
        step = max(1, _MARK_BUFFER // found.shape[1])
        index = self._scratch[:step * found.shape[1]].reshape(step, -1)
        for i in range(0, head, step):                   # rows with entries to skip
            part = found[i:min(i + step, head)]
            at = index[:len(part)]
            np.add(part, lines, out=at, casting="unsafe")
            np.copyto(at, junk, where=skip[i:i + len(part)])
            flat[at.ravel()] = True
        low = None
        if found.itemsize == 1:
            index = self._preset[:step * found.shape[1]].reshape(step, -1)
            if self._preset_lines is not lines:
                index[:] = lines
                self._preset_lines = lines
            low = index.view(np.uint8)[:, _LOW_BYTE::index.itemsize]
        for i in range(head, len(found), step):
            part = found[i:i + step]
            at = index[:len(part)]
            if low is None:
                np.add(part, lines, out=at, casting="unsafe")
            else:
                low[:len(part)] = part
            flat[at.ravel()] = True

    def _super_block(self, start, end):
        """Speculate ``g`` on ``[start, end)``, certify it; False if a heap's value was rare."""
        values, g = self.values, self._g
        bits = self._bits
        stride = self._stride()
        common_row, _ = self._tables()
        line_bytes = len(common_row) // 8
        from_bytes = int.from_bytes
        table = np.zeros((end - start + 1, stride), np.bool_)   # a line per heap, then a junk line
        flat = table.ravel()
        exhausted = False
        block = start
        while block < end and not exhausted:
            if self._rows is None:
                self._build_rows()
            w = min(end - block, _BLOCK)
            sub = table[block - start:block - start + w, :len(common_row)]
            if len(self._d):
                skip = self._in_block[:, :w]
                if block > self._max_d:
                    found = self._window[:, :w][block - self._d]
                else:                                  # some rows have no heap n - d >= 1 yet
                    index = (block - self._d)[:, None] + np.arange(w)[None, :]
                    skip = index < 1
                    skip[:self._k_small] |= self._in_block[:, :w]
                    found = g[np.maximum(index, 0)]
                found ^= self._x[:, None]
                ex = self._exclusions
                excluded = ex[bisect_left(ex, (block,)):bisect_left(ex, (block + w,))]
                if excluded:                           # the split (a, a) is no move: n = r + 2a
                    skip = np.vstack([skip, np.zeros((len(found) - len(skip), w), np.bool_)])
                    for e, d, x in excluded:
                        i = int(np.flatnonzero((self._d == d) & (self._x == x))[0])
                        skip[i, e - block] = True
                self._mark(flat[(block - start) * stride:], found, self._offsets_for(w, stride),
                           skip, (end - block) * stride)
            # free_lines[j]: the common values not (yet) seen as options of heap block + j
            free_lines = sub < common_row
            first = np.argmax(free_lines, axis=1)
            first = np.where(free_lines[np.arange(w), first], first, -1).tolist()
            free_bytes = np.packbits(free_lines, axis=1, bitorder="little").tobytes()
            masks = [0] * (1 << bits)            # value -> in-block options, a bit per heap
            shifted = self._shifted
            new = []
            for j in range(w):
                v = first[j]
                if v < 0 or masks[v] >> j & 1:     # none free, or taken by a move inside the block
                    free = from_bytes(free_bytes[j * line_bytes:(j + 1) * line_bytes], "little")
                    v = (free & -free).bit_length() - 1
                    while v >= 0 and masks[v] >> j & 1:
                        free &= free - 1
                        v = (free & -free).bit_length() - 1
                    if v < 0:                      # every common value below 2**bits is an option
                        exhausted = True
                        break
                new.append(v)
                for x, rows in shifted[j]:
                    masks[v ^ x] |= rows
            g[block:block + len(new)] = new
            values.extend(new)
            block += len(new)
        cstar = g[start:block].astype(np.intp)
        hist = np.bincount(cstar)
        for v in np.flatnonzero(hist).tolist():
            self._counts[v] = self._counts.get(v, 0) + int(hist[v])
        table[[h - start for h in self._take_all if start <= h < block], 0] = True
        for r in self._equal_splits:               # 0: split n - r into equal halves, n - r >= 2 even
            first = max(start, r + 2)
            table[first + (first - r) % 2 - start:block - start:2, 0] = True
        bad = self._certify(start, block - start, table, cstar)
        if bad is not None:
            heap, v = bad
            for w in values[heap:]:
                self._counts[w] -= 1
            del values[heap:]
            self._append(heap, v)
        top = max(values[start:], default=0)
        if top >= 1 << self._bits:
            self._bits = top.bit_length()
        elif exhausted and bad is None:
            self._bits += 1
        self._ensure(len(self._g))
        return bad is None

    def _certify(self, start, width, table, cstar):
        """The first heap ``start + j`` whose value is not ``cstar[j]``, with its value, or None."""
        if not width:
            return None
        flat = table.ravel()
        stride = table.shape[1]
        table = table[:width]
        common_row, _ = self._tables()
        table[:, :len(common_row)] |= common_row
        g = self._g
        active = np.arange(width)
        r_min = min(r for r, _ in self._pair_splits)
        limit = min((start - r_min - 1) // 2, _MAX_DEPTH)
        order = self._row_order(limit)
        windows = sliding_window_view(g, width)
        top = int(cstar.max()) + 1
        depth, chunk = 0, self._first_chunk
        while len(active) and depth < limit:
            for r, _ in self._pair_splits:           # the splits (a, n - r - a), a < n - r - a
                rows = order[depth:depth + chunk]
                rows = rows[rows <= (start - r - 1) // 2]
                if 4 * len(active) >= 3 * width:     # (nearly) all heaps: one window per row
                    found = windows[start - r - rows]
                    found ^= g[rows][:, None]
                    self._mark(flat, found, self._offsets_for(width, stride))
                    continue
                if 16 * len(active) >= width:        # many heaps: the windows, then their columns
                    found = np.take(windows[start - r - rows], active, axis=1)
                else:                                # few heaps: just their partners
                    found = g[(start - r + active)[None, :] - rows[:, None]]
                found ^= g[rows][:, None]
                self._mark(flat, found, active * stride)
            lines = table[active, :top]
            missing = np.argmin(lines, axis=1)       # the first value not seen (0 if all were)
            active = active[(missing < cstar[active]) & ~lines[np.arange(len(active)), missing]]
            if depth:
                depth, chunk = depth + chunk, 2 * chunk
            else:                                    # the first chunk should prove most heaps, not all
                if 2 * len(active) > width:
                    self._first_chunk = min(2 * chunk, _MAX_DEPTH)
                elif 8 * len(active) < width:
                    self._first_chunk = max(chunk // 2, _MIN_CHUNK)
                depth, chunk = chunk, max(chunk // 2, 1)
            if len(active) and start < _EXACT_BELOW:   # small heaps: settle the first doubt now
                j = int(active[0])
                v = self._settle(start + j, table[j], int(cstar[j]))
                if v != cstar[j]:
                    return start + j, v
                active = active[1:]
        for j in active.tolist():
            v = self._settle(start + j, table[j], int(cstar[j]))
            if v != cstar[j]:
                return start + j, v
        return None

    def _settle(self, heap, line, cstar):
        """``g(heap)``, given ``cstar``: common, missing from ``S(heap)``, every common value below it not.

        ``line`` marks values known to be options (every common value, and all
        values of splits with a rare part).  The splits are scanned in growing
        chunks until each rare value below ``cstar`` is seen; a value never
        seen is ``g(heap)``.
        """
        wanted = set(np.flatnonzero(~line[:cstar]).tolist())
        g = self._g
        for r, kind in self._pair_splits:
            m = heap - r
            top = m // 2 if kind == FREE else (m - 1) // 2
            lo, size = 1, _MAX_DEPTH
            while wanted and lo <= top:
                hi = min(top, lo + size - 1)
                pairs = g[lo:hi + 1] ^ g[m - hi:m - lo + 1][::-1]
                wanted.difference_update(np.flatnonzero(np.bincount(pairs)).tolist())
                lo, size = hi + 1, 2 * size
        return min(wanted, default=cstar)

    def _row_order(self, limit):
        """Rows ``a`` for certification, best first, all ``<= limit``."""
        n = len(self.values)
        if n >= self._next_learn:
            self._learn(n)
            self._next_learn = (2 if n < 1 << 17 else 4) * n
        order = self._order
        if order is None:
            return np.arange(1, limit + 1, dtype=np.intp)
        if len(order) > limit:
            return order[order <= limit]
        return np.concatenate([order, np.arange(len(order) + 1, limit + 1, dtype=np.intp)])

    def _learn(self, n):
        """Order the rows by a greedy cover of the rare values sampled heaps needed, then by merit.

        A sampled heap ``c`` needs each rare value below ``g(c)`` that no row
        with a rare part supplies; row ``a`` witnesses it when
        ``g(a) ⊕ g(c - r - a)`` is that value.
        """
        r = self._pair_splits[0][0]
        g = self._g
        lo = max(n // 2, n - 2048)
        k = max(1, min(_LEARN_ROWS, (lo - r - 1) // 2))
        _, rare_flags = self._tables()
        rare = np.array(self._rare, np.intp)
        seen = np.zeros(len(rare_flags), np.bool_)
        hit_rows, hit_needs = [], []
        needs = 0
        for c in np.random.default_rng(n).integers(lo, n, _LEARN_HEAPS).tolist():
            m = c - r
            xors = g[1:k + 1] ^ g[m - k:m][::-1]
            parts = rare[rare < m]
            seen[:] = False
            seen[g[parts] ^ g[m - parts]] = True
            top = int(g[c])
            need = rare_flags[:top] & ~seen[:top]
            wanted = np.flatnonzero(need)
            if not len(wanted):
                continue
            by_value = np.flatnonzero(np.take(need, xors, mode="clip") & (xors < top))   # the witnesses
            by_value = by_value[np.argsort(xors[by_value], kind="stable")]              # ... by value
            sorted_xors = xors[by_value]
            for a0, a1 in zip(np.searchsorted(sorted_xors, wanted, "left").tolist(),
                              np.searchsorted(sorted_xors, wanted, "right").tolist()):
                if a1 > a0:
                    hits = by_value[a0:a1]
                    if len(hits) > _LEARN_HITS:
                        hits = hits[::-(-len(hits) // _LEARN_HITS)]
                    hit_rows.append(hits)
                    hit_needs.append(np.full(len(hits), needs, np.intp))
                    needs += 1
        if not needs:
            self._order = np.arange(1, k + 1, dtype=np.intp)
            return
        rows, ids = np.concatenate(hit_rows), np.concatenate(hit_needs)
        by_row = np.argsort(rows, kind="stable")
        needs_by_row = ids[by_row]
        row_bounds = np.searchsorted(rows[by_row], np.arange(k + 1)).tolist()
        need_bounds = np.searchsorted(ids, np.arange(needs + 1)).tolist()
        left = np.full(needs, _COVER)
        gain = np.bincount(rows, minlength=k)   # a row's needs still open
        picked = []
        while len(picked) < _LEARN_PICKS:      # greedy: the row of most gain, the first one on ties
            a = int(np.argmax(gain))
            if gain[a] <= 0:
                break
            picked.append(a)
            gain[a] = -len(ids) - 1
            covers = needs_by_row[row_bounds[a]:row_bounds[a + 1]]
            left[covers] -= 1
            for e in covers[left[covers] == 0].tolist():
                gain[rows[need_bounds[e]:need_bounds[e + 1]]] -= 1
        weight = 1.0 / np.bincount(ids, minlength=needs).astype(np.float64) ** 2
        merit = np.bincount(rows, weights=weight[ids], minlength=k)
        merit[picked] = -1.0
        rest = np.argsort(-merit, kind="stable")[:k - len(picked)]
        self._order = np.concatenate([np.array(picked, np.intp), rest]) + 1
