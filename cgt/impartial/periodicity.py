"""Periodicity of nim sequences, proved by the octal periodicity theorem.

Octal periodicity theorem (Guy and Smith 1956; Siegel, *CGT*, IV.2.7): let a
take-and-break game remove at most ``t`` tokens per move and leave at most
two heaps.  If ``g(n + p) = g(n)`` for all ``n`` with ``e <= n < 2e + p + t``
(and ``e >= 1``), then ``g(n + p) = g(n)`` for all ``n >= e``.

The same induction, for moves that leave at most ``k`` heaps with no
constraint on their sizes, needs the check for ``e <= n < k·e + (k-1)·p + t``:
the largest heap of an option of ``n`` (or of ``n + p``) is then at least
``e`` (or ``e + p``), so options of ``n`` and ``n + p`` correspond.

Following CGSuite, ``e`` is the *preperiod* (the first index of the periodic
part) and the saltus is 0 for these games.

>>> find_periodicity([0, 1, 1, 0, 1, 1, 0, 1, 1, 0, 1, 1, 0, 1, 1, 0], max_removed=2, max_heaps=1)
Periodicity(period=3, preperiod=0, saltus=0)
>>> print(_)
Periodicity(Period => 3, Preperiod => 0, Saltus => 0)
"""

from __future__ import annotations

from collections.abc import Sequence

from cgt.value import Struct

__all__ = ["Periodicity", "find_periodicity", "values_needed"]


class Periodicity(Struct):
    """An (arithmetic-)periodic nim sequence: ``g(n + period) = g(n) + saltus`` for ``n >= preperiod``."""

    __slots__ = ("period", "preperiod", "saltus")
    period: int
    preperiod: int
    saltus: int

    def __init__(self, period: int, preperiod: int, saltus: int = 0) -> None:
        self._init(period, preperiod, saltus)

    def __str__(self):
        return f"Periodicity(Period => {self.period}, Preperiod => {self.preperiod}, Saltus => {self.saltus})"

    def extend(self, values, n):
        """The first ``n + 1`` values of the sequence whose first values are ``values``.

        >>> Periodicity(2, 1).extend([0, 1, 2], 6)
        [0, 1, 2, 1, 2, 1, 2]
        """
        e, p, s = self.preperiod, self.period, self.saltus
        head = list(values[:e + p])
        return head[:n + 1] + [head[e + (i - e) % p] + s * ((i - e) // p) for i in range(len(head), n + 1)]


def values_needed(preperiod, period, max_removed, max_heaps):
    """How many values ``g(0), ..., g(L - 1)`` the theorem must see to prove ``(preperiod, period)``.

    >>> values_needed(71, 12, 2, 2)  # Kayles: check 71 <= n < 156, so values up to 167
    168
    """
    k = max(max_heaps, 1)
    e = max(preperiod, 1)
    return k * e + (k - 1) * period + max_removed + period


def find_periodicity(values: Sequence[int], max_removed: int, max_heaps: int) -> Periodicity | None:
    """The least period, with its least preperiod, that the theorem proves from ``values``, or None.

    ``values`` are ``g(0), g(1), ...``; ``max_removed`` and ``max_heaps`` bound
    a move (tokens removed, heaps left), as in the theorem.
    """
    length = len(values)
    # values_needed(0, p) = k + k·p + t grows by k with p: the largest period worth trying.
    k = max(max_heaps, 1)
    top = (length - k - max_removed) // k
    # A period p holding from e >= 1 but not before (values[e-1] != values[e-1+p]) holds from
    # exactly e for each multiple m of p with e - 1 + m in range, and m needs more values than
    # p: those multiples are skipped.
    skipped = bytearray(max(top, 0) + 1)
    for period in range(1, top + 1):
        if skipped[period] or values[-1] != values[-1 - period]:
            continue
        start = _periodic_from(values, period)
        if values_needed(start, period, max_removed, max_heaps) <= length:
            return Periodicity(period, start)
        multiples = range(period, min(top, length - start) + 1, period)
        skipped[period:multiples.stop:period] = b"\x01" * len(multiples)
    return None


def _periodic_from(values, period):
    """The least ``e`` with ``values[n] == values[n + period]`` for every ``n >= e`` in range."""
    hi, width = len(values) - period, 64
    while hi > 0:
        lo = max(0, hi - width)
        if values[lo:hi] != values[lo + period:hi + period]:
            return next(n + 1 for n in range(hi - 1, lo - 1, -1) if values[n] != values[n + period])
        hi, width = lo, width * 2
    return 0
