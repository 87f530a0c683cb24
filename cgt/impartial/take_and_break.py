"""Take-and-break games: heap rulesets given by a code, their nim sequences and periods.

A move takes ``r`` tokens from one heap and leaves the rest as ``k``
nonempty heaps, as the code's digit ``d_r`` allows (see `cgt.impartial.codes`).
By the Sprague-Grundy theorem a sum of heaps has the nim value
``g(h1) ⊕ g(h2) ⊕ ...``, where ``g(n) = mex{g(a1) ⊕ ... ⊕ g(ak) : (a1..ak) an option of n}``.

>>> kayles = TakeAndBreak("0.77")
>>> kayles.nim_sequence(12)
[0, 1, 2, 3, 1, 4, 3, 2, 1, 4, 2, 6, 4]
>>> print(kayles.periodicity(2000))
Periodicity(Period => 12, Preperiod => 71, Saltus => 0)
"""

from __future__ import annotations

import reprlib
import threading

from cgt.errors import LoopyCodeError
from cgt.impartial.codes import (ALL_EQUAL, PAIRWISE_UNEQUAL, SOME_UNEQUAL, UNCONSTRAINED,
                                 TakeAndBreakCode, parse_code)
from cgt.impartial.heaps import HeapRuleset, heap_size
from cgt.impartial.periodicity import Periodicity, find_periodicity
from cgt.impartial.sparse_space import (EQUAL, FREE, UNEQUAL, OctalSequence, SparseSpace, progress_bar,
                                        sparse_space)
from cgt.limits import LIMITS
from cgt.nimbers import mex

__all__ = ["TakeAndBreak", "LoopyCodeError", "heap_partitions"]

_FIRST_STAGE = 1024   # heaps computed before the first attempt to prove a period


class TakeAndBreak(HeapRuleset):
    """The heap ruleset of a take-and-break code, such as Kayles ``0.77``.

    ``ruleset(n)`` is a single heap, ``ruleset.heaps(3, 5)`` a sum of heaps;
    nim values are computed once and kept.

    >>> dawsons_kayles = TakeAndBreak("0.07")
    >>> dawsons_kayles.code, dawsons_kayles.nim_value(5)
    ('0.07', 0)
    """

    def __init__(self, code: str | TakeAndBreakCode, name: str | None = None) -> None:
        parsed = code if isinstance(code, TakeAndBreakCode) else parse_code(code)
        _check_terminates(parsed)
        self._code = parsed
        self.code = str(parsed)
        self.name = name
        self._theorem_applies = (parsed.max_removed is not None and parsed.max_heaps is not None
                                 and parsed.is_unconstrained)
        self._octal = _octal_sequence(parsed)
        self._values = [0]      # used when the code is not octal
        self._lock = threading.Lock()   # one thread extends them at a time
        self._period = None     # a proved Periodicity, once found

    def __repr__(self):
        return f"TakeAndBreak({self.code!r})"

    def __eq__(self, other):
        return isinstance(other, TakeAndBreak) and self.code == other.code

    def __hash__(self):
        return hash(("TakeAndBreak", self.code))

    def heap_options(self, n: int) -> list[tuple[int, ...]]:
        """The options of a heap of ``n`` tokens, each a tuple of heap sizes (ascending).

        >>> TakeAndBreak("4!.0").heap_options(7)
        [(1, 6), (2, 5), (3, 4)]
        """
        code = self._code
        top = n if code.max_removed is None else min(n, code.max_removed)
        options = []
        for removed in range(-len(code.additive), top + 1):
            digit, left = code.digit(removed), n - removed
            for count in digit.heap_counts(left):
                options.extend(heap_partitions(left, count, digit.constraint(count)))
        return options

    def nim_value(self, n: int) -> int:
        """The nim value ``g(n)`` of a single heap of ``n``: from the period when one is proved.

        >>> kayles = TakeAndBreak("0.77")                # period 12 from heap 71
        >>> kayles.nim_value(10**30), kayles.nim_value(1000)
        (1, 1)
        """
        heap_size(n)
        if self._period is None and self._theorem_applies:
            self._search_period_up_to(min(n, LIMITS.max_nim_heap))
        period = self._period
        if period is not None and n >= period.preperiod + period.period:
            e, p, s = period.preperiod, period.period, period.saltus
            return self._computed(e + p - 1)[e + (n - e) % p] + s * ((n - e) // p)
        return self.nim_sequence(n)[n]

    def nim_sequence(self, n: int, *, progress: bool = False) -> list[int]:
        """The nim values ``[g(0), g(1), ..., g(n)]`` (CGSuite's NimValueSequence(n) omits g(0)).

        When the periodicity theorem applies, a period proved on the way is
        used to fill in the rest, so long sequences of Kayles are instant.
        ``progress=True`` shows a progress bar when tqdm is installed (and
        nothing otherwise).  Codes whose moves split a heap in two use a
        compiled kernel (Rust) past 256 heaps.

        >>> TakeAndBreak("0.07").nim_sequence(10)
        [0, 0, 1, 1, 2, 0, 3, 1, 1, 0, 3]
        """
        heap_size(n)
        LIMITS.within("max_nim_heap", n, "the heaps of a nim sequence, 0 to n")
        if self._period is None and self._theorem_applies:
            self._search_period_up_to(n, progress)
        if self._period is not None:
            return self._period.extend(self._computed(self._period.preperiod + self._period.period), n)
        return self._computed(n, progress)

    def sparse_space(self, n: int, *, progress: bool = False) -> SparseSpace:
        """Rare and common values among ``g(0), ..., g(n)`` (a `cgt.impartial.sparse_space.SparseSpace`).

        The mask is the one making the fewest values rare.  For Officers
        (``0.6``) Flammenkamp's tables give the mask ``0x1ee``, 1584 rare
        heaps and the last one at 20627 (to ``2**21`` heaps):

        >>> stats = TakeAndBreak("0.6").sparse_space(1 << 15)
        >>> hex(stats.mask), stats.rare_count, stats.last_rare
        ('0x1ee', 1584, 20627)
        """
        return sparse_space(self.nim_sequence(n, progress=progress))

    def periodicity(self, max_heap: int = 2000, *, progress: bool = False) -> Periodicity | None:
        """The period proved from the values of heaps up to ``max_heap``, or None.

        The octal periodicity theorem needs a bound on the tokens removed and
        on the heaps left, and no constraint (``!``, ``?``, ``=``) on their
        sizes; without those (Nim ``0.[3]``, Grundy's game ``4!.0``) the
        answer is None, as in CGSuite.  ``progress=True`` shows a progress bar
        (tqdm) for each stage of values computed.

        >>> print(TakeAndBreak("0.07").periodicity())
        Periodicity(Period => 34, Preperiod => 53, Saltus => 0)
        """
        if not self._theorem_applies:
            return None
        if self._period is None:
            self._search_period_up_to(max_heap, progress)
        return self._period

    def _search_period_up_to(self, n, progress=False):
        """Compute values in doubling stages up to ``n``, stopping early once a period is proved."""
        stage = min(n, _FIRST_STAGE)
        while True:
            values = self._computed(stage, progress)
            self._period = find_periodicity(values, self._code.max_removed, self._code.max_heaps)
            if self._period is not None or stage == n:
                return
            stage = min(n, 2 * stage)

    def _computed(self, n, progress=False):
        """``[g(0), ..., g(n)]`` computed from the rules (no periodicity used)."""
        if self._octal is not None:
            return self._octal.values(n, progress=progress)
        values = self._values
        with self._lock, progress_bar(n + 1 - len(values), progress and len(values) <= n) as tick:
            for heap in range(len(values), n + 1):
                self._append_value(values, heap)
                if tick is not None:
                    tick(1)
        return values[:n + 1]

    def _append_value(self, values, heap):
        """Append ``g(heap)`` to ``values`` (which holds ``g(0) .. g(heap - 1)``), from the options."""
        sums = set()
        for option in self.heap_options(heap):
            value = 0
            for part in option:
                value ^= values[part]
            sums.add(value)
        values.append(mex(sums))


def heap_partitions(tokens, count, constraint=UNCONSTRAINED):
    """The ways to leave ``tokens`` tokens as ``count`` nonempty heaps, each an ascending tuple.

    ``constraint`` is ``"!"`` (pairwise unequal), ``"?"`` (not all equal),
    ``"="`` (all equal) or ``""``.

    >>> heap_partitions(7, 3)
    [(1, 1, 5), (1, 2, 4), (1, 3, 3), (2, 2, 3)]
    >>> heap_partitions(7, 3, "!")
    [(1, 2, 4)]
    """
    if count == 0:
        return [()] if tokens == 0 else []
    if tokens < count:
        return []
    if constraint == ALL_EQUAL:
        return [(tokens // count,) * count] if tokens % count == 0 else []
    result = []
    parts = [1] * (count - 1) + [tokens - count + 1]
    while True:
        if not (constraint == PAIRWISE_UNEQUAL and len(set(parts)) < count
                or constraint == SOME_UNEQUAL and count > 1 and parts[0] == parts[-1]):
            result.append(tuple(parts))
        # Next partition in lexicographic order: raise the rightmost part that can grow.
        rest, i = parts[-1], count - 2
        while i >= 0:
            rest += parts[i]
            grown = parts[i] + 1
            if grown * (count - i) <= rest:
                parts[i:count - 1] = [grown] * (count - 1 - i)
                parts[-1] = rest - grown * (count - 1 - i)
                break
            i -= 1
        if i < 0:
            return result


def _check_terminates(code):
    """Raise `LoopyCodeError` if a move can leave a heap at least as large as the one moved in."""
    if code.digit(0).constraint(0) is not None or code.digit(0).constraint(1) is not None:
        raise LoopyCodeError(f"take-and-break code {reprlib.repr(str(code))}: its first digit lets a heap "
                             "stay as it is (or vanish from nothing); the game never ends")
    for added, digit in enumerate(code.additive, start=1):
        if any(digit.constraint(k) is not None for k in range(1, added + 2)):
            raise LoopyCodeError(f"take-and-break code {reprlib.repr(str(code))}: adding {added} token(s) may "
                                 "leave a heap as large as before; the game need not end")


def _octal_sequence(code):
    """An `OctalSequence` when every move leaves at most two heaps and the code is finite, else None."""
    if code.additive or code.max_removed is None or code.max_heaps is None or code.max_heaps > 2:
        return None
    take_all, leave_one, splits = [], [], []
    kinds = {UNCONSTRAINED: FREE, PAIRWISE_UNEQUAL: UNEQUAL, SOME_UNEQUAL: UNEQUAL, ALL_EQUAL: EQUAL}
    for removed, digit in enumerate(code.digits):
        if digit.constraint(0) is not None:
            take_all.append(removed)
        if digit.constraint(1) is not None:
            leave_one.append(removed)
        if digit.constraint(2) is not None:
            splits.append((removed, kinds[digit.constraint(2)]))
    return OctalSequence(take_all, leave_one, splits)
