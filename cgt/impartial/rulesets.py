"""Classic heap games by name, as take-and-break rulesets (codes as in CGSuite and Winning Ways).

>>> kayles(7).nim_value, grundys_game(7).nim_value
(2, 0)
>>> laskers_nim.nim_sequence(8)
[0, 1, 2, 4, 3, 5, 6, 8, 7]
"""

from cgt.impartial.take_and_break import TakeAndBreak

__all__ = ["nim", "kayles", "dawsons_kayles", "dawsons_chess", "grundys_game", "laskers_nim",
           "candy_strip", "officers"]

nim = TakeAndBreak("0.[3]", name="nim")
"""Nim: take any number of tokens from one heap."""

kayles = TakeAndBreak("0.77", name="kayles")
"""Kayles: knock down one pin or two adjacent pins from a row."""

dawsons_kayles = TakeAndBreak("0.07", name="dawsons_kayles")
"""Dawson's Kayles: knock down two adjacent pins."""

dawsons_chess = TakeAndBreak("0.137", name="dawsons_chess")
"""Dawson's Chess: Dawson's Kayles shifted by one (heap n here is heap n + 1 there)."""

grundys_game = TakeAndBreak("4!.0", name="grundys_game")
"""Grundy's game: split a heap into two unequal heaps."""

laskers_nim = TakeAndBreak("4.[3]", name="laskers_nim")
"""Lasker's Nim (Take-or-Break Nim): take any number from a heap, or split it in two."""

candy_strip = TakeAndBreak("0.4", name="candy_strip")
"""Eat one non-end square of a candy strip, leaving two nonempty strips."""

officers = TakeAndBreak("0.6", name="officers")
"""Officers: take one token, leaving one or two nonempty heaps."""
