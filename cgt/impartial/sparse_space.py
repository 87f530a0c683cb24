"""Nim sequences of octal games by the sparse-space method.

For an octal game (each move leaves at most two heaps) the nim value of a heap
is ``g(n) = mex S(n)``, where ``S(n)`` holds ``0`` for taking a whole heap,
``g(n - r)`` for taking ``r`` tokens, and ``g(a) ⊕ g(b)`` for taking ``r``
and splitting the rest into ``a + b = n - r``.  By definition that costs
``O(n)`` per heap.

The sparse-space method (Gangolli and Plambeck 1989; Flammenkamp) splits the
values by the parity of ``v & mask`` into *common* (odd) and *rare* (even)
ones.  For a well-chosen mask almost every ``g(a)`` is common.  Since
common ⊕ common and rare ⊕ rare are rare while rare ⊕ common is common, the
common values in ``S(n)`` come only from splits with a rare part: a short
list.  Rare candidates for the mex are found by scanning the splits, which
succeeds within a few steps when the candidate is present; a full scan is
needed only when ``g(n)`` itself is rare, which is rare.  The result never
depends on the mask, only the speed does; the mask is re-chosen from the
values' histogram as the sequence grows.

>>> seq = OctalSequence(take_all=(1, 2), leave_one=(1, 2), splits=((1, FREE), (2, FREE)))
>>> seq.values(20)  # Kayles, 0.77
[0, 1, 2, 3, 1, 4, 3, 2, 1, 4, 2, 6, 4, 1, 2, 7, 1, 4, 3, 2, 1]
"""

from __future__ import annotations

import threading
from bisect import bisect_left
from collections import Counter
from operator import xor

from cgt.impartial.sparse_mask import EQUAL, FREE, UNEQUAL, least_rare_mask, next_review
from cgt.limits import LIMITS
from cgt.value import Struct

__all__ = ["OctalSequence", "SparseSpace", "FREE", "UNEQUAL", "EQUAL", "sparse_space"]

_FIRST_PAIRS = 32        # splits (a, m - a) with a <= this are always tried
_COMPILED_FROM = 1 << 8  # values computed in Python before the compiled kernel takes over


class OctalSequence:
    """The nim values ``g(0), g(1), ...`` of one octal game, computed on demand.

    ``take_all``: the ``r`` for which a heap of exactly ``r`` may be removed;
    ``leave_one``: the ``r`` for which ``r`` tokens may be taken, leaving one heap;
    ``splits``: pairs ``(r, kind)``: take ``r`` and split the rest into two
    nonempty heaps, any (``FREE``), different (``UNEQUAL``) or equal (``EQUAL``).

    ``kernel``: ``"python"``, ``"compiled"`` (Rust: needs the compiled core
    ``cgt._core``, which ``pip install`` builds) or ``"auto"`` (the default):
    compiled when the core is built and some move splits a heap in two.  The
    first `_COMPILED_FROM` values are computed in Python either way (see
    `cgt.impartial._compiled_octal`: Grundy's game ``4!.0`` to ``2**20`` in
    about a second).  Both give the same values.
    """

    def __init__(self, take_all=(), leave_one=(), splits=(), *, kernel="auto"):
        if kernel not in ("auto", "compiled", "python"):
            raise ValueError(f"kernel is 'auto', 'compiled' or 'python', not {kernel!r}")
        self._take_all = frozenset(take_all)
        self._leave_one = tuple(sorted(leave_one))
        self._splits = tuple(splits)
        self._g = [0]
        self._kernel = kernel
        self._fast = None              # the compiled kernel, once it has taken over
        self._counts = {0: 1}
        self._mask = 0
        self._rare = []                # positions a >= 1 whose value is rare, ascending
        self._next_review = next_review(0)
        self._lock = threading.Lock()  # one thread extends the values at a time

    @property
    def kernel(self):
        """``"compiled"`` or ``"python"``: the engine computing long sequences."""
        if self._kernel == "auto":
            splits_a_heap = any(kind != EQUAL for _, kind in self._splits)
            self._kernel = "compiled" if splits_a_heap and _compiled_kernel_class() else "python"
        return self._kernel

    def values(self, n, progress=False):
        """The list ``[g(0), ..., g(n)]``; ``progress=True`` shows a tqdm bar if tqdm is installed."""
        self.extend(n, progress=progress)
        return self._g[:n + 1]

    def extend(self, n, progress=False):
        """Compute the values up to ``g(n)`` (``n`` at most ``cgt.LIMITS.max_nim_heap``).

        Threads may call it at once: one computes while the others wait for it.
        """
        g = self._g
        if len(g) > n:
            return
        LIMITS.within("max_nim_heap", n, "the heaps of a nim sequence, 0 to n")
        with self._lock:
            self._extend(n, progress)

    def _extend(self, n, progress):
        g = self._g
        if len(g) > n:
            return
        with progress_bar(n + 1 - len(g), progress) as tick:
            if self._fast is None and n > _COMPILED_FROM and self.kernel == "compiled":
                self._extend_python(_COMPILED_FROM, tick)
                kernel_class = _compiled_kernel_class()
                if kernel_class is None:
                    raise ImportError("kernel='compiled' needs the compiled core cgt._core, which is "
                                      "not built; reinstall with `pip install -e .` (it needs Rust)")
                self._fast = kernel_class(self._take_all, self._leave_one, self._splits, g)
            if self._fast is not None:
                self._fast.extend(n, tick)
                return
            self._extend_python(n, tick)

    def _extend_python(self, n, tick):
        g = self._g
        while len(g) <= n:
            if len(g) == self._next_review:
                self._review_mask()
            value = self._value(len(g))
            g.append(value)
            self._counts[value] = self._counts.get(value, 0) + 1
            if not self._is_common(value):
                self._rare.append(len(g) - 1)
            if tick is not None:
                tick(1)

    def _is_common(self, value):
        return (value & self._mask).bit_count() & 1

    def _value(self, n):
        g = self._g
        options = {0} if n in self._take_all else set()
        for r in self._leave_one:
            if r >= n:
                break
            options.add(g[n - r])
        scans = []                       # splits left to try: (m, first a, last a)
        for r, kind in self._splits:
            m = n - r
            if m < 2:
                continue
            if kind == EQUAL:
                if m % 2 == 0:
                    options.add(0)
                continue
            top = m // 2 if kind == FREE else (m - 1) // 2
            rare = self._rare
            if rare and rare[-1] >= m:
                rare = rare[:bisect_left(rare, m)]
            if kind == UNEQUAL and m % 2 == 0 and m // 2 in rare:
                rare = [a for a in rare if 2 * a != m]
            options.update([g[a] ^ g[m - a] for a in rare])
            first = min(top, _FIRST_PAIRS)
            options.update([g[a] ^ g[m - a] for a in range(1, first + 1)])
            if top > first and self._mask:  # with no mask every part is rare: all tried
                scans.append((m, first + 1, top))
        # Every common value of S(n) is in `options` now; a rare one may need a scan.
        v = 0
        while v in options or (not self._is_common(v) and _some_split_makes(v, g, scans)):
            v += 1
        return v

    def _review_mask(self):
        """Switch to the mask that makes the fewest values so far rare, if it beats the current one."""
        best_mask = least_rare_mask(self._counts, self._mask, len(self._rare))
        if best_mask != self._mask:
            self._mask = best_mask
            g = self._g
            self._rare = [a for a in range(1, len(g)) if not self._is_common(g[a])]
        self._next_review = next_review(len(self._g))


def _compiled_kernel_class():
    """`CompiledOctalKernel`, or None when the compiled core is not built."""
    try:
        from cgt.impartial._compiled_octal import CompiledOctalKernel  # lazy: the compiled core is optional
    except ImportError:
        return None
    return CompiledOctalKernel


class progress_bar:
    """A context manager giving ``tick(k)`` (advance a tqdm bar by ``k``), or None when off.

    Ticks are passed on to the bar in batches of 1024, so a tick per heap is cheap.
    With ``enabled`` false, or tqdm not installed, there is no bar and no error.
    """

    _BATCH = 1024

    def __init__(self, total, enabled, description="nim values"):
        self._bar = None
        self._pending = 0
        if enabled:
            try:
                from tqdm import tqdm  # lazy: tqdm is optional, and loads only for a progress bar
            except ImportError:
                tqdm = None
            if tqdm is not None:
                self._bar = tqdm(total=total, desc=description, unit="heap")

    def _tick(self, k):
        self._pending += k
        if self._pending >= self._BATCH:
            self._bar.update(self._pending)
            self._pending = 0

    def __enter__(self):
        return None if self._bar is None else self._tick

    def __exit__(self, *exc_info):
        if self._bar is not None:
            if self._pending:
                self._bar.update(self._pending)
            self._bar.close()
        return False


def _some_split_makes(v, g, scans):
    """True when some split ``(a, m - a)``, ``lo <= a <= hi``, has ``g(a) ⊕ g(m - a) = v``."""
    for m, lo, hi in scans:
        width = 256
        while lo <= hi:
            end = min(hi, lo + width - 1)
            if v in map(xor, g[lo:end + 1], reversed(g[m - end:m - lo + 1])):
                return True
            lo, width = end + 1, width * 2
    return False


class SparseSpace(Struct):
    """Rare and common values of ``g(0), ..., g(heaps)``, as Flammenkamp's tables report them.

    ``mask`` is the smallest mask making the fewest values rare (``v`` is rare
    when ``popcount(v & mask)`` is even, so heap 0, of value 0, always is);
    ``rare_heaps`` lists the heaps whose value is rare, and ``largest_value``
    first occurs at heap ``largest_value_at``.
    """

    __slots__ = ("heaps", "mask", "rare_heaps", "largest_value", "largest_value_at")
    heaps: int
    mask: int
    rare_heaps: tuple
    largest_value: int
    largest_value_at: int

    def __init__(self, heaps: int, mask: int, rare_heaps: tuple, largest_value: int, largest_value_at: int) -> None:
        self._init(heaps, mask, rare_heaps, largest_value, largest_value_at)

    @property
    def rare_count(self):
        """How many of the heaps ``0..heaps`` have a rare value."""
        return len(self.rare_heaps)

    @property
    def last_rare(self):
        """The largest heap with a rare value."""
        return self.rare_heaps[-1]

    @property
    def common_count(self):
        """How many of the heaps ``0..heaps`` have a common value."""
        return self.heaps + 1 - self.rare_count

    def __str__(self):
        return (f"heaps 0..{self.heaps}: rare mask {self.mask:#x}, {self.rare_count} rare "
                f"(last at {self.last_rare}), {self.common_count} common; "
                f"largest value {self.largest_value} (first at {self.largest_value_at})")


def sparse_space(values):
    """The `SparseSpace` statistics of the nim values ``values = [g(0), ..., g(n)]``.

    >>> stats = sparse_space([0, 1, 1, 2, 3, 1, 2, 2, 3, 1])
    >>> stats.mask, stats.rare_heaps, stats.largest_value_at
    (3, (0, 4, 8), 4)
    >>> print(stats)
    heaps 0..9: rare mask 0x3, 3 rare (last at 8), 7 common; largest value 3 (first at 4)
    """
    if not values:
        raise ValueError("sparse_space needs the value of heap 0 at least")
    counts = Counter(values)
    mask = least_rare_mask(counts, 0, len(values))
    rare = {v for v in counts if not (v & mask).bit_count() & 1}
    largest = max(counts)
    return SparseSpace(heaps=len(values) - 1, mask=mask,
                       rare_heaps=tuple(n for n, v in enumerate(values) if v in rare),
                       largest_value=largest, largest_value_at=values.index(largest))
