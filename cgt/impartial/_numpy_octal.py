"""A NumPy kernel for `cgt.impartial.sparse_space.OctalSequence` (optional: needs numpy).

The same sparse-space method as the pure-Python path, with the per-heap work
done by a few vectorised calls instead of Python loops:

* the splits ``(a, m - a)`` with ``a`` a *rare* position are gathered with one
  ``take`` and one ``xor`` (every common value of ``S(m)`` comes from these);
* the first ``_FIRST`` and the middle ``_MIDDLE`` splits are xor-ed as two
  contiguous slices (``g`` and a reversed copy of ``g``), which finds nearly
  every *rare* value of ``S(m)`` at once;
* one ``bincount`` turns all of these into the set of options seen.

A rare candidate for the mex not seen yet is looked for in the remaining
splits by chunks of growing size, as in the pure-Python path.  The values are
exactly those of the definition: only the speed depends on the mask.
"""

from __future__ import annotations

from bisect import bisect_left

import numpy as np

from cgt.impartial.sparse_space import least_rare_mask

_FIRST = 1024             # splits (a, m - a) with a <= this are always tried
_MIDDLE = 1024            # ... and so are the splits with a among the last this many below m/2
_FIRST_CHUNK = 4096       # first chunk of a fallback scan; later chunks are 4 times larger
_FIRST_REVIEW = 64
_REVIEW_EVERY = 1 << 15

FREE, UNEQUAL, EQUAL = "free", "unequal", "equal"


class NumpyOctalKernel:
    """Computes ``g(1), g(2), ...`` into the Python list ``values`` (which starts ``[0]``)."""

    def __init__(self, take_all, leave_one, splits, values):
        self._take_all = frozenset(take_all)
        self._leave_one = tuple(sorted(leave_one))
        self._splits = tuple((r, kind) for r, kind in splits)
        self.values = values
        self._counts = {}
        for v in values:
            self._counts[v] = self._counts.get(v, 0) + 1
        self._mask = 0
        self._next_review = _FIRST_REVIEW
        self._dtype = np.uint16
        self._capacity = 0
        self._allocate(max(1024, 2 * len(values)))
        self._rebuild_rare()

    # -- storage -----------------------------------------------------------

    def _allocate(self, capacity):
        """(Re)allocate the arrays for heaps ``0 .. capacity - 1``, copying the known values."""
        known = np.array(self.values, dtype=self._dtype)
        self._capacity = c = capacity
        self._g = np.zeros(c, dtype=self._dtype)
        self._g[:len(known)] = known
        self._grev = np.zeros(c, dtype=self._dtype)      # grev[c - 1 - i] == g[i]
        self._grev[c - len(known):] = known[::-1]
        per_split = c + _FIRST + _MIDDLE
        self._buf = np.zeros(max(1, len(self._splits)) * per_split, dtype=self._dtype)
        self._ibuf = np.zeros(c, dtype=np.intp)
        old_rare = getattr(self, "_rare", [])
        self._rare_np = np.zeros(c, dtype=np.intp)
        self._grare = np.zeros(c, dtype=self._dtype)
        if old_rare:
            self._rare_np[:len(old_rare)] = old_rare
            self._grare[:len(old_rare)] = self._g[old_rare]

    def _widen(self, value):
        if value > np.iinfo(self._dtype).max:
            self._dtype = np.uint32 if value <= 0xFFFFFFFF else np.uint64
            self._allocate(self._capacity)

    def _rebuild_rare(self):
        n = len(self.values)
        mask = self._mask
        table = np.array([not (v & mask).bit_count() & 1 for v in range(max(self._counts) + 1)])
        positions = np.flatnonzero(table[self._g[1:n]]) + 1
        self._rare = positions.tolist()
        self._rare_np[:len(positions)] = positions
        self._grare[:len(positions)] = self._g[positions]

    def _review_mask(self):
        """The pure-Python path's rule: the mask making the fewest values so far rare."""
        best_mask = least_rare_mask(self._counts, self._mask, len(self._rare))
        if best_mask != self._mask:
            self._mask = best_mask
            self._rebuild_rare()
        n = len(self.values)
        self._next_review = n + min(n, _REVIEW_EVERY)

    # -- the sequence ------------------------------------------------------

    def extend(self, n, tick=None):
        """Compute the values up to ``g(n)``; ``tick(1)`` is called for each heap computed."""
        values = self.values
        if n >= self._capacity:
            self._allocate(max(n + 1, 2 * self._capacity))
        while len(values) <= n:
            heap = len(values)
            if heap == self._next_review:
                self._review_mask()
            value = self._value(heap)
            self._widen(value)
            values.append(value)
            self._g[heap] = value
            self._grev[self._capacity - 1 - heap] = value
            self._counts[value] = self._counts.get(value, 0) + 1
            if not (value & self._mask).bit_count() & 1:
                k = len(self._rare)
                self._rare.append(heap)
                self._rare_np[k] = heap
                self._grare[k] = value
            if tick is not None:
                tick(1)

    def _value(self, n):
        g, grev, buf, values = self._g, self._grev, self._buf, self.values
        xor = np.bitwise_xor
        back = self._capacity - 1
        mask = self._mask
        options = {0} if n in self._take_all else set()
        for r in self._leave_one:
            if r >= n:
                break
            options.add(values[n - r])
        rare = self._rare
        scans = []
        used = 0
        for r, kind in self._splits:
            m = n - r
            if m < 2:
                continue
            if kind == EQUAL:
                if m % 2 == 0:
                    options.add(0)
                continue
            top = m // 2 if kind == FREE else (m - 1) // 2
            if top < 1:
                continue
            k = bisect_left(rare, m) if mask else 0
            if k:
                idx = self._ibuf[:k]
                np.subtract(m, self._rare_np[:k], out=idx)
                out = buf[used:used + k]
                np.take(g, idx, out=out)
                xor(out, self._grare[:k], out=out)
                if kind == UNEQUAL and m % 2 == 0:
                    j = bisect_left(rare, m // 2)
                    if j < k and rare[j] == m // 2:      # (m/2, m/2) is not a move here
                        if k == 1:
                            k = 0
                        else:
                            out[j] = out[1 if j == 0 else 0]
                used += k
            if mask:
                first = min(_FIRST, top)
                lo = max(first + 1, top - _MIDDLE + 1)
            else:                                       # no mask: every split is tried
                first, lo = 0, 1
            if first:
                xor(g[1:first + 1], grev[back - m + 1:back - m + first + 1],
                    out=buf[used:used + first])
                used += first
            if lo <= top:
                width = top - lo + 1
                xor(g[lo:top + 1], grev[back - m + lo:back - m + top + 1],
                    out=buf[used:used + width])
                used += width
            if lo > first + 1:
                scans.append([m, first + 1, lo - 1])
        if used:
            seen = np.bincount(buf[:used]).tolist()
            options.update([v for v, c in enumerate(seen) if c])
        v = 0
        while True:
            if v in options:
                v += 1
                continue
            if (v & mask).bit_count() & 1:           # a common value not seen: the mex
                return v
            if not self._scan_for(v, options, scans):
                return v
            v += 1

    def _scan_for(self, v, options, scans):
        """Scan the splits left in ``scans`` by chunks, adding what is seen to ``options``, until ``v`` is."""
        g, grev = self._g, self._grev
        back = self._capacity - 1
        for scan in scans:
            m, lo, hi = scan
            width = _FIRST_CHUNK
            while lo <= hi:
                end = min(hi, lo + width - 1)
                chunk = np.bitwise_xor(g[lo:end + 1], grev[back - m + lo:back - m + end + 1])
                options.update(np.flatnonzero(np.bincount(chunk)).tolist())
                lo = end + 1
                width *= 4
                scan[1] = lo
                if v in options:
                    return True
        return False
