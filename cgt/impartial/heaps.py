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

from collections.abc import Callable, Iterable
from typing import TYPE_CHECKING, Any, Literal

from cgt.short.position import ImpartialPosition, deprecated_spelling
from cgt.hooks import above
from cgt.impartial.grundy import sum_grundy_value
from cgt.impartial.misere import Genus, MisereGame, _heap_sum_id, genus, misere_canonical_form, misere_nim_value
from cgt.value import Struct

if TYPE_CHECKING:
    from cgt.short.game import Game

__all__ = ["HeapJoin", "HeapRuleset", "HeapPosition", "NimSumPosition", "heap_size"]


class HeapRuleset:
    """An impartial ruleset on heaps (CGSuite's ``game.heap.HeapRuleset``).

    ``HeapRuleset(fn)`` is the ruleset whose heap of ``n`` has the options
    ``fn(n)``: a collection of options, each a collection of heap sizes (the
    heaps that option leaves).  Splitting a heap into two unequal heaps
    (Grundy's game, CGSuite's example):

    >>> grundy = HeapRuleset(lambda n: [[k, n - k] for k in range(1, (n + 1) // 2)], name="grundy")
    >>> grundy.heap_options(6), grundy.nim_sequence(8)
    ([(1, 5), (2, 4)], [0, 0, 0, 1, 0, 2, 1, 0, 2])

    A subclass (`TakeAndBreak`, `Spawning`) gives ``heap_options(n)`` and a
    faster ``nim_value(n)`` instead.  Every heap ruleset is played on sums of
    heaps (`heaps`), joins another (`join`), and makes partizan games:
    ``cgt.rulesets.PartizanHeapRuleset`` and ``cgt.rulesets.GenCutcake``
    (CGSuite's ``PartizanJoin`` and ``CakeProduct``).
    """

    def __init__(self, heap_options: Callable[[int], Iterable[Iterable[int]]], name: str | None = None) -> None:
        if not callable(heap_options):
            raise TypeError(f"a heap ruleset is made from a function of the heap size, not {heap_options!r}")
        self._function = heap_options
        self.name = name
        self._nim_values: dict[int, int] = {}

    def __repr__(self):
        return f"HeapRuleset({self._function!r})"

    def __eq__(self, other):
        return type(other) is type(self) and self._function == other._function

    def __hash__(self):
        return hash(("HeapRuleset", self._function))

    def heap_options(self, n: int) -> list[tuple[int, ...]]:
        """The options of a heap of ``n``: ``fn(n)``, each as an ascending tuple of heap sizes."""
        return _checked_options(self._function(n), n, self)

    def nim_value(self, n: int) -> int:
        """The nim value ``g(n) = mex{g(a1) ⊕ ... ⊕ g(ak) : (a1, ..., ak) an option of n}``."""
        return sum_grundy_value(heap_size(n), self.heap_options, cache=self._nim_values)

    def nim_sequence(self, n: int) -> list[int]:
        """The nim values ``[g(0), g(1), ..., g(n)]``."""
        return [self.nim_value(k) for k in range(n + 1)]

    def join(self, other: HeapRuleset) -> HeapJoin:
        """The heap ruleset whose options are this one's and ``other``'s (CGSuite's ``Join``).

        >>> from cgt.impartial import Subtraction
        >>> both = Subtraction([1]).join(Subtraction([3]))
        >>> both.heap_options(4), both.nim_sequence(6) == Subtraction([1, 3]).nim_sequence(6)
        ([(3,), (1,)], True)
        """
        if not isinstance(other, HeapRuleset):
            raise TypeError(f"a heap ruleset joins another heap ruleset, not {other!r}")
        return HeapJoin(self, other)

    def __call__(self, n: int) -> HeapPosition:
        """The position of a single heap of ``n``."""
        return self.heaps(n)

    def heaps(self, *sizes: int) -> HeapPosition:
        """The sum of heaps of the given sizes, a `HeapPosition`.

        >>> from cgt.impartial import Spawning, TakeAndBreak
        >>> TakeAndBreak("0.77").heaps(3, 5).nim_value
        7
        >>> Spawning("1-3").heaps(4, 6).nim_value       # 7 ⊕ 11
        12
        """
        return HeapPosition(self, sizes)

    def partizan_join(self, other: HeapRuleset) -> Any:
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
        return above.partizan_join(self, other)


class HeapJoin(HeapRuleset):
    """The join of heap rulesets (``first.join(second)``): a heap's options are the union of theirs.

    >>> from cgt.impartial import kayles, nim
    >>> kayles.join(nim)
    kayles.join(nim)
    """

    def __init__(self, first: HeapRuleset, second: HeapRuleset) -> None:
        super().__init__(self._union)
        self.first, self.second = first, second

    def _union(self, n):
        return list(dict.fromkeys(self.first.heap_options(n) + self.second.heap_options(n)))

    def __repr__(self):
        return f"{_label(self.first)}.join({_label(self.second)})"

    def __eq__(self, other):
        return isinstance(other, HeapJoin) and (self.first, self.second) == (other.first, other.second)

    def __hash__(self):
        return hash(("HeapJoin", self.first, self.second))


def _label(ruleset):
    return ruleset.name or repr(ruleset)


def _checked_options(options, n, ruleset):
    """``options`` of heap ``n`` as a list of ascending tuples of heap sizes, or an error naming the fault."""
    def fault(error, what):
        return error(f"{_label(ruleset)}: the options of heap {n} are a collection of collections of "
                     f"heap sizes (ints >= 0); {what}")

    try:
        options = [tuple(option) for option in options]
    except TypeError:
        raise fault(TypeError, f"got {options!r}") from None
    for option in options:
        for heap in option:
            if not isinstance(heap, int) or isinstance(heap, bool):
                raise fault(TypeError, f"{heap!r} in {option!r} is not an int")
            if heap < 0:
                raise fault(ValueError, f"{heap} in {option!r} is a heap below zero")
    return [tuple(sorted(option)) for option in options]


def _sorted_heaps(sizes: Iterable[int]) -> tuple[int, ...]:
    for size in sizes:
        if not isinstance(size, int) or size < 0:
            raise ValueError(f"a heap size is a non-negative int, not {size!r}")
    return tuple(sorted(size for size in sizes if size))


def heap_size(n: object) -> int:
    """``n`` if it is a heap's size, a non-negative int; else a ValueError naming it.

    >>> heap_size(3)
    3
    """
    if not isinstance(n, int) or isinstance(n, bool) or n < 0:
        raise ValueError(f"a heap has a non-negative int size, not {n!r}")
    return n


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


def heaps_svg(heaps, counter=14, most=12):
    """An SVG drawing of heaps: each heap a column of counters, its size written below.

    A heap of more than ``most`` counters is drawn as ``most`` of them with a gap
    (its size is written under it).

    >>> heaps_svg([1, 3]).startswith("<svg") and heaps_svg([1, 3]).count("<circle")
    4
    """
    shown = [min(h, most) for h in heaps]
    tall = max(shown, default=0)
    width = max(len(heaps), 1) * (counter + 8) + 8
    height = tall * counter + 24
    parts = [f'<svg xmlns="http://www.w3.org/2000/svg" width="{width}" height="{height}">']
    for i, (heap, count) in enumerate(zip(heaps, shown)):
        x = 8 + i * (counter + 8) + counter / 2
        for k in range(count):
            y = tall * counter - k * counter - counter / 2
            parts.append(f'<circle cx="{x}" cy="{y}" r="{counter * 0.42}" fill="#c8a165" stroke="#000"/>')
        parts.append(f'<text x="{x}" y="{height - 6}" font-size="11" text-anchor="middle">{heap}</text>')
    parts.append("</svg>")
    return "".join(parts)


class NimSumPosition(ImpartialPosition):
    """A sum of parts, each of value ``*ruleset.nim_value(part)``: its value is their nim-sum.

    Subclasses give ``ruleset``, ``parts`` (the heap sizes, the heads coins,
    ...), ``components()`` (each part as a position) and ``moves()``.
    """

    __slots__ = ()

    if TYPE_CHECKING:
        ruleset: Any

        @property
        def parts(self) -> tuple[Any, ...]: ...

    @property
    def nim_value(self) -> int:
        """The nim-sum of the parts' nim values."""
        value = 0
        for part in self.parts:
            value ^= self.ruleset.nim_value(part)
        return value

    value = deprecated_spelling("value", "canonical_form")

    def __add__(self, other: NimSumPosition | Game | int) -> Game:
        """The sum, as a `cgt.Game`.

        >>> from cgt.impartial.rulesets import kayles
        >>> kayles(7) + kayles(3)
        Game('*')
        """
        if isinstance(other, NimSumPosition):
            other = other.canonical_form
        return self.canonical_form + other

    __radd__ = __add__


class HeapPosition(NimSumPosition, Struct):
    """Heaps of the given sizes (ascending, empty heaps dropped) under ``ruleset``."""

    __slots__ = ("ruleset", "heaps")
    ruleset: HeapRuleset
    heaps: tuple[int, ...]

    def __init__(self, ruleset: HeapRuleset, heaps: Iterable[int]) -> None:
        self._init(ruleset, _sorted_heaps(heaps))

    @property
    def parts(self) -> tuple[int, ...]:
        """The heap sizes."""
        return self.heaps

    def components(self) -> tuple[HeapPosition, ...]:
        """Each heap as a position of its own.

        >>> from cgt.impartial.rulesets import kayles
        >>> kayles.heaps(2, 3).components()
        (kayles(2), kayles(3))
        """
        return tuple(HeapPosition(self.ruleset, (heap,)) for heap in self.heaps)

    def __repr__(self):
        name = self.ruleset.name or repr(self.ruleset)
        if len(self.heaps) == 1:
            return f"{name}({self.heaps[0]})"
        return f"{name}.heaps({', '.join(map(str, self.heaps))})"

    def _repr_svg_(self):
        """The heaps as columns of counters (`heaps_svg`)."""
        return heaps_svg(self.heaps)

    def _misere_id(self):
        """The engine id of the misère canonical form, the sum of the heaps' forms (`cgt.impartial.misere`)."""
        return _heap_sum_id(self.ruleset, self.heaps)

    @property
    def misere_nim_value(self) -> int:
        """The misère Grundy value (see `cgt.impartial.misere`): 1 with no heaps, else a mex."""
        return misere_nim_value(self)

    @property
    def misere_outcome(self) -> Literal["N", "P"]:
        """``'P'`` when the player to move loses in misère play (last move loses), else ``'N'``."""
        return "P" if self.misere_nim_value == 0 else "N"

    @property
    def misere_canonical_form(self) -> MisereGame:
        """The misère canonical form, a `cgt.impartial.misere.MisereGame`."""
        return misere_canonical_form(self)

    @property
    def genus(self) -> Genus:
        """The genus ``g^(g0 g1 ...)`` as CGSuite prints it (see `cgt.impartial.misere.Genus`)."""
        return genus(self)

    def moves(self) -> list[HeapPosition]:
        """Every position one move away: one heap replaced by one of its options.

        >>> from cgt.impartial.rulesets import dawsons_kayles
        >>> dawsons_kayles.heaps(1, 4).moves()
        [dawsons_kayles.heaps(1, 2), dawsons_kayles.heaps(1, 1, 1)]
        """
        return [HeapPosition(self.ruleset, heaps)
                for heaps in _heap_moves(self.heaps, self.ruleset.heap_options)]
