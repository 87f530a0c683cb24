"""Positions of heap games: sums of heaps under one take-and-break ruleset.

A position's nim value is the nim-sum of its heaps' values (Sprague-Grundy);
it is a P-position, a loss for the player to move, exactly when that is 0,
and a winning move is a move to a P-position.

>>> from cgt.impartial.rulesets import kayles
>>> position = kayles.heaps(2, 3, 4)
>>> position.nim_value, position.outcome
(0, 'P')
>>> kayles(7).winning_moves()  # the resulting positions
[kayles.heaps(3, 3), kayles.heaps(1, 4)]
"""

from __future__ import annotations

from attrs import field, frozen

__all__ = ["HeapRuleset", "HeapPosition", "NimSumPosition"]


class HeapRuleset:
    """An impartial ruleset on heaps (CGSuite's ``game.heap.HeapRuleset``).

    A subclass gives ``heap_options(n)``, the options of a heap of ``n`` as
    tuples of heap sizes (a heap of ``n`` moves to the sum of those heaps),
    and ``nim_value(n)``; it is then played on sums of heaps, and joined
    with another heap ruleset into a partizan one.
    """

    __slots__ = ()

    def __call__(self, n):
        """The position of a single heap of ``n``."""
        return self.heaps(n)

    def heaps(self, *sizes):
        """The sum of heaps of the given sizes, a `HeapPosition`.

        >>> from cgt.impartial import Spawning, TakeAndBreak
        >>> TakeAndBreak("0.77").heaps(3, 5).nim_value
        7
        >>> Spawning("1-3").heaps(4, 6).nim_value       # 7 ⊕ 11
        12
        """
        return HeapPosition(self, sizes)

    def partizan_join(self, other):
        """The partizan heap ruleset in which Left moves by this ruleset and Right by ``other``.

        From a heap of ``n`` Left may move to the sum of the heaps of any
        option in ``self.heap_options(n)``, Right to those of any option in
        ``other.heap_options(n)``; a sum of heaps is worth the sum of their
        values (CGSuite's ``PartizanJoin``, a
        `cgt.rulesets.heaps.PartizanHeapRuleset`).

        >>> from cgt.impartial import Subtraction
        >>> print(Subtraction([1, 3]).partizan_join(Subtraction([2, 3]))(6).canonical_form)
        {1|1,{1|0}||0,{1|0}|0|||0,{1|0}|0}
        """
        from cgt.rulesets.heaps import PartizanHeapRuleset

        return PartizanHeapRuleset(self, other)


def _sorted_heaps(sizes):
    for size in sizes:
        if not isinstance(size, int) or size < 0:
            raise ValueError(f"a heap size is a non-negative int, not {size!r}")
    return tuple(sorted(size for size in sizes if size))


def _heap_moves(heaps, heap_options):
    """The heap sizes one move away from ``heaps``, each once: one heap ``n`` replaced by an option.

    ``heap_options(n)`` gives the options of a heap of ``n`` as tuples of heap sizes.
    """
    result = {}
    for i, heap in enumerate(heaps):
        if i and heap == heaps[i - 1]:
            continue
        others = heaps[:i] + heaps[i + 1:]
        for option in heap_options(heap):
            result.setdefault(_sorted_heaps(others + option), None)
    return list(result)


class NimSumPosition:
    """A sum of components, each of value ``*ruleset.nim_value(c)``: its value is their nim-sum.

    Subclasses give ``ruleset`` and ``components`` (the heap sizes, the heads
    coins, ...) and ``moves()``.
    """

    __slots__ = ()

    @property
    def nim_value(self):
        """The nim-sum of the components' nim values."""
        value = 0
        for component in self.components:
            value ^= self.ruleset.nim_value(component)
        return value

    @property
    def value(self):
        """The value as a `cgt.Game`: the nimber ``*nim_value``."""
        from cgt import nimber

        return nimber(self.nim_value)

    @property
    def outcome(self):
        """``'P'`` (the previous player wins) when the nim value is 0, else ``'N'``."""
        return "N" if self.nim_value else "P"

    def winning_moves(self):
        """The moves to a position of nim value 0 (none from a P-position)."""
        return [position for position in self.moves() if position.nim_value == 0]


@frozen
class HeapPosition(NimSumPosition):
    """Heaps of the given sizes (ascending, empty heaps dropped) under ``ruleset``."""

    ruleset: object
    heaps: tuple = field(converter=_sorted_heaps)

    @property
    def components(self):
        """The heap sizes."""
        return self.heaps

    def __repr__(self):
        name = self.ruleset.name or repr(self.ruleset)
        if len(self.heaps) == 1:
            return f"{name}({self.heaps[0]})"
        return f"{name}.heaps({', '.join(map(str, self.heaps))})"

    @property
    def misere_nim_value(self):
        """The misère Grundy value (see `cgt.impartial.misere`): 1 with no heaps, else a mex."""
        from cgt.impartial.misere import misere_nim_value

        return misere_nim_value(self)

    @property
    def misere_outcome(self):
        """``'P'`` when the player to move loses in misère play (last move loses), else ``'N'``."""
        return "P" if self.misere_nim_value == 0 else "N"

    @property
    def misere_canonical_form(self):
        """The misère canonical form, a `cgt.impartial.misere.MisereGame`."""
        from cgt.impartial.misere import misere_canonical_form

        return misere_canonical_form(self)

    @property
    def genus(self):
        """The genus ``g^(g0 g1 ...)`` as CGSuite prints it (see `cgt.impartial.misere.Genus`)."""
        from cgt.impartial.misere import genus

        return genus(self)

    def moves(self):
        """Every position one move away: one heap replaced by one of its options.

        >>> from cgt.impartial.rulesets import dawsons_kayles
        >>> dawsons_kayles.heaps(1, 4).moves()
        [dawsons_kayles.heaps(1, 2), dawsons_kayles.heaps(1, 1, 1)]
        """
        return [HeapPosition(self.ruleset, heaps)
                for heaps in _heap_moves(self.heaps, self.ruleset.heap_options)]

    def __add__(self, other):
        """The sum, as a `cgt.Game`.

        >>> from cgt.impartial.rulesets import kayles
        >>> kayles(7) + kayles(3)
        Game('*')
        """
        if isinstance(other, HeapPosition):
            other = other.value
        return self.value + other

    __radd__ = __add__
