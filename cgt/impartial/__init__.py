"""Impartial games: Grundy values, take-and-break codes, nim sequences and their periods.

>>> from cgt.impartial import TakeAndBreak, kayles
>>> kayles.heaps(3, 5, 7).nim_value
5
>>> print(TakeAndBreak("0.137").periodicity())
Periodicity(Period => 34, Preperiod => 52, Saltus => 0)
"""

from cgt.impartial.codes import Digit, TakeAndBreakCode, parse_code
from cgt.impartial.coordinate import (CoordinateAdjoin, CoordinateRuleset, ImpartialRuleset,
                                      bitter_chocolate, chomp, chop,
                                      fibonacci_nim, gen_mem, generalized_wythoff,
                                      grundy_heatmap_svg, mem, take_away, wythoff)
from cgt.impartial.grundy import (ImpartialGame, LoopyGameError, grundy_table, grundy_value,
                                  nim_value_table, p_positions, table_text)
from cgt.impartial.heaps import HeapJoin, HeapPosition, HeapRuleset
from cgt.impartial.misere import Genus, MisereGame
from cgt.impartial.misere_quotients import MisereQuotient, misere_quotient
from cgt.impartial.periodicity import Periodicity, find_periodicity
from cgt.impartial.rulesets import (candy_strip, dawsons_chess, dawsons_kayles, grundys_game,
                                    kayles, laskers_nim, nim, officers)
from cgt.impartial.spawning import (CoinPosition, Spawning, TurningElement, TurningProduct,
                                    parse_turning_code)
from cgt.impartial.subtraction import Splittles, Subtraction
from cgt.impartial.take_and_break import LoopyCodeError, TakeAndBreak, heap_partitions

__all__ = [
    "CoinPosition", "CoordinateAdjoin", "CoordinateRuleset", "Digit", "Genus", "HeapJoin", "HeapPosition",
    "HeapRuleset", "ImpartialGame", "ImpartialRuleset",
    "LoopyCodeError", "LoopyGameError", "MisereGame", "MisereQuotient", "Periodicity", "Spawning", "Splittles", "Subtraction",
    "TakeAndBreak", "TakeAndBreakCode", "TurningElement", "TurningProduct",
    "bitter_chocolate", "candy_strip", "chomp", "chop", "dawsons_chess", "dawsons_kayles",
    "fibonacci_nim", "find_periodicity", "gen_mem", "generalized_wythoff", "grundy_heatmap_svg",
    "grundy_table", "grundy_value", "grundys_game", "heap_partitions", "kayles", "laskers_nim",
    "mem", "misere_quotient", "nim", "nim_value_table", "officers", "p_positions", "parse_code",
    "parse_turning_code", "table_text", "take_away", "wythoff",
]
