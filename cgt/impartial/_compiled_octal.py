"""The compiled kernel of `cgt.impartial.sparse_space.OctalSequence` (Rust, in ``cgt._core``).

The options of a heap ``n`` are ``0`` (take it all), ``g(n - r)`` (take ``r``)
and ``g(a) ⊕ g(m - a)`` with ``m = n - r`` (take ``r``, split the rest), and
``g(n) = mex S(n)``.  Enumerating ``S(n)`` costs ``O(n)`` per heap; Grundy's
game to ``2**20`` that way is ``2**38`` lookups.  This kernel uses the
sparse-space phenomenon (Winning Ways, ch. 4, "Sparse space spells speed";
Gangolli and Plambeck; Flammenkamp); its loops run in Rust
(``rust/src/impartial/sparse_space.rs``) and the mask is chosen here.

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

from cgt._core import OctalKernel
from cgt.impartial.sparse_mask import EQUAL, FREE, UNEQUAL, least_rare_mask, next_review

_BLOCK = 64               # heaps per block
_RANK_EVERY = 4096        # heaps between rankings of the certification rows
_CHUNK = 1 << 16          # heaps per call into Rust (between progress ticks)
_KINDS = {FREE: 0, UNEQUAL: 1, EQUAL: 2}


class CompiledOctalKernel:
    """Computes ``g(1), g(2), ...`` into the Python list ``values`` (which starts ``[0]``).

    ``block`` and ``rank_every`` change the speed only (the tests make them
    tiny to reach every path).  Ctrl-C stops a computation between blocks;
    the values computed before it are kept, and the next call goes on from them.
    """

    def __init__(self, take_all, leave_one, splits, values, *, block=_BLOCK, rank_every=_RANK_EVERY):
        self._kernel = OctalKernel(sorted(take_all), sorted(leave_one),
                                   [(r, _KINDS[kind]) for r, kind in splits], values, block, rank_every)
        self.values = values
        self._mask = 0
        self._next_review = next_review(0)
        if len(values) >= self._next_review:
            self._review_mask()

    def extend(self, n, tick=None):
        """Compute the values up to ``g(n)``; ``tick(k)`` is called as ``k`` more heaps are known."""
        values = self.values
        while len(values) <= n:
            if len(values) == self._next_review:
                self._review_mask()
            end = min(n, self._next_review - 1, len(values) + _CHUNK - 1)
            new = self._kernel.values(len(values), end)
            values.extend(new)
            if tick is not None:
                tick(len(new))

    def _review_mask(self):
        """Switch to the mask that makes the fewest values so far rare, if it beats the current one."""
        counts = {v: c for v, c in enumerate(self._kernel.counts()) if c}
        rare = sum(c for v, c in counts.items() if not (v & self._mask).bit_count() & 1) - 1
        self._mask = least_rare_mask(counts, self._mask, rare)
        self._kernel.set_mask(self._mask)
        self._next_review = next_review(len(self.values))
