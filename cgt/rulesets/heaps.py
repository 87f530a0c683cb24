"""Partizan games on heaps (CGSuite's ``game.heap``): partizan joins, partizan subtraction, take-and-break, Splittles.

The partizan join of two impartial heap rulesets ``A`` and ``B`` lets Left move
on a heap as ``A`` does and Right as ``B`` does; a move that leaves several
heaps leaves their disjunctive sum, so a heap of ``n`` is worth

    G(n) = { G(a1) + ... + G(ak) : (a1, ..., ak) an A-option of n
           | G(b1) + ... + G(bl) : (b1, ..., bl) a B-option of n }.

A partizan subtraction game is the join of two subtraction games; partizan
take-and-break and Splittles join two take-and-break games.

>>> from cgt.rulesets import PartizanSubtraction
>>> R = PartizanSubtraction([1, 3], [2, 3])       # CGSuite's tutorial example
>>> [str(R(n).canonical_form) for n in range(5)]
['0', '1', '{1|0}', '{0,{1|0}|0}', '{1|1,{1|0}}']

With the compiled engine the search runs in Rust (``rust/src/rulesets/heaps.rs``)
on tables of the two rulesets' heap options, unless an option holds a heap
larger than its own; this module's search is the reference.
"""

from __future__ import annotations

from collections.abc import Iterable

from cgt.impartial.heaps import HeapRuleset, _heap_moves, _sorted_heaps, heaps_svg
from cgt.impartial.subtraction import Splittles, Subtraction
from cgt.impartial.take_and_break import TakeAndBreak
from cgt.rulesets import compiled
from cgt.rulesets.position import Position
from cgt.value import Struct

__all__ = ["PartizanHeapRuleset", "PartizanHeapPosition", "PartizanSplittles", "PartizanSubtraction",
           "PartizanTakeAndBreak"]


class PartizanHeapRuleset:
    """The partizan join of heap rulesets: Left moves by ``left``'s heap options, Right by ``right``'s.

    CGSuite's ``game.heap.PartizanHeapRuleset(left, right)``, also spelt
    ``left.partizan_join(right)`` (`cgt.impartial.heaps.HeapRuleset.partizan_join`).
    ``ruleset(n)`` is one heap and ``ruleset.heaps(...)`` a sum of heaps; a
    join of a ruleset with itself is that impartial game.  Left moving as in
    Nim and Right as in Kayles (CGSuite's ``Nim PartizanJoin Kayles``):

    >>> from cgt.impartial import kayles, nim
    >>> nim_kayles = PartizanHeapRuleset(nim, kayles)
    >>> [str(nim_kayles(n).canonical_form) for n in range(1, 5)]
    ['*', '*2', '*3', '{0,*|0,*2,*3}']
    """

    def __init__(self, left: HeapRuleset, right: HeapRuleset) -> None:
        for side, ruleset in (("Left", left), ("Right", right)):
            if not isinstance(ruleset, HeapRuleset):
                raise TypeError(f"{side}'s ruleset in a partizan heap ruleset is a heap ruleset "
                                f"(TakeAndBreak, Subtraction, Spawning), not {ruleset!r}")
        self.left, self.right = left, right

    def __repr__(self):
        return f"{_name(self.left)}.partizan_join({_name(self.right)})"

    def __eq__(self, other):
        return (isinstance(other, PartizanHeapRuleset)
                and (self.left, self.right) == (other.left, other.right))

    def __hash__(self):
        return hash(("PartizanHeapRuleset", self.left, self.right))

    def __call__(self, n):
        """The position of a single heap of ``n``."""
        return self.heaps(n)

    def heaps(self, *sizes):
        """The sum of heaps of the given sizes, a `PartizanHeapPosition`."""
        return PartizanHeapPosition(self, sizes)


def _name(ruleset):
    return ruleset.name or repr(ruleset)


class PartizanTakeAndBreak(PartizanHeapRuleset):
    """The partizan take-and-break game: Left moves by the code ``left_code``, Right by ``right_code``.

    CGSuite's ``game.heap.PartizanTakeAndBreak(leftCode, rightCode)``, the
    partizan join of two `cgt.impartial.TakeAndBreak` games.  Left plays
    Kayles, Right splits a heap into two (as in Cutcake):

    >>> print(*(PartizanTakeAndBreak("0.77", "4.0")(n).canonical_form for n in range(1, 5)))
    1 3/2 9/4 11/4
    """

    def __init__(self, left_code: str, right_code: str) -> None:
        super().__init__(_side("Left", TakeAndBreak, left_code), _side("Right", TakeAndBreak, right_code))

    def __repr__(self):
        return f"PartizanTakeAndBreak({self.left.code!r}, {self.right.code!r})"


class PartizanSubtraction(PartizanHeapRuleset):
    """The partizan subtraction game: Left takes ``k`` in ``left_set`` from a heap, Right ``k`` in ``right_set``.

    From a heap of ``n`` Left moves to ``n - k`` for ``k`` in ``left_set`` and
    Right for ``k`` in ``right_set``, ``k <= n``.  With ``allbut=True`` each player takes any number *not* in their set.
    CGSuite's ``game.heap.PartizanSubtraction(leftSet, rightSet)``, the
    partizan join of two `cgt.impartial.Subtraction` games.

    >>> print(PartizanSubtraction([1, 3], [2, 3])(6).canonical_form)    # CGSuite's test value
    {1|1,{1|0}||0,{1|0}|0|||0,{1|0}|0}
    """

    _heap_ruleset = Subtraction

    def __init__(self, left_set: Iterable[int], right_set: Iterable[int], allbut: bool = False) -> None:
        ruleset = self._heap_ruleset
        super().__init__(_side("Left", ruleset, left_set, allbut), _side("Right", ruleset, right_set, allbut))
        self.allbut = allbut

    def __repr__(self):
        allbut = ", allbut=True" if self.allbut else ""
        return (f"{type(self).__name__}({sorted(self.left.subtraction_set)}, "
                f"{sorted(self.right.subtraction_set)}{allbut})")


class PartizanSplittles(PartizanSubtraction):
    """Partizan Splittles: Left takes ``k`` in ``left_set`` from a heap, Right ``k`` in ``right_set``; the rest
    may be left as two heaps.

    CGSuite's ``game.heap.PartizanSplittles(leftSet, rightSet, allbut)``, the
    partizan join of two `cgt.impartial.Splittles` games.

    >>> print(*(PartizanSplittles([1], [2])(n).canonical_form for n in range(1, 6)))
    1 {1|0} {2|1} 1 2
    """

    _heap_ruleset = Splittles


def _side(player, ruleset, *arguments):
    """``ruleset(*arguments)``, its errors naming the player whose ruleset it is."""
    try:
        return ruleset(*arguments)
    except (TypeError, ValueError) as error:
        raise type(error)(f"{player}'s {'set' if issubclass(ruleset, Subtraction) else 'code'}: {error}") \
            from None


class PartizanHeapPosition(Position, Struct):
    """Heaps of the given sizes (ascending, empty heaps dropped) under a `PartizanHeapRuleset`.

    Each heap is a component: the value is the sum of the heaps' values.

    >>> position = PartizanSubtraction([1], [2]).heaps(2, 3)
    >>> position.left_moves()
    [PartizanSubtraction([1], [2]).heaps(1, 3), PartizanSubtraction([1], [2]).heaps(2, 2)]
    >>> two, three = position.components()
    >>> position.canonical_form == two.canonical_form + three.canonical_form
    True
    """

    __slots__ = ("ruleset", "heaps")
    ruleset: PartizanHeapRuleset
    heaps: tuple

    def __init__(self, ruleset: PartizanHeapRuleset, heaps: Iterable[int]) -> None:
        self._init(ruleset, _sorted_heaps(heaps))

    def __repr__(self):
        if len(self.heaps) == 1:
            return f"{self.ruleset!r}({self.heaps[0]})"
        return f"{self.ruleset!r}.heaps({', '.join(map(str, self.heaps))})"

    def _repr_svg_(self):
        """The heaps as columns of counters (`cgt.impartial.heaps.heaps_svg`)."""
        return heaps_svg(self.heaps)

    def _moves(self, heap_ruleset):
        return [PartizanHeapPosition(self.ruleset, heaps)
                for heaps in _heap_moves(self.heaps, heap_ruleset.heap_options)]

    def left_moves(self):
        """One heap replaced by the heaps of one of its options in Left's ruleset."""
        return self._moves(self.ruleset.left)

    def right_moves(self):
        """One heap replaced by the heaps of one of its options in Right's ruleset."""
        return self._moves(self.ruleset.right)

    def components(self):
        """The single heaps."""
        if len(self.heaps) <= 1:
            return (self,) if self.heaps else ()
        return tuple(PartizanHeapPosition(self.ruleset, (heap,)) for heap in self.heaps)

    def _compiled_id(self):
        ruleset = self.ruleset
        return compiled.heap_value(("heaps", False, ruleset.left, ruleset.right), [(0, h) for h in self.heaps])

    @classmethod
    def clear_cache(cls):
        super().clear_cache()
        compiled.clear_heaps(lambda rules: rules[0] == "heaps")
