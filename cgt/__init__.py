"""cgt: combinatorial game theory in Python.

Canonical forms of short partizan games with CGSuite's values and notation:
numbers, nimbers, infinitesimals, sums and comparisons.

>>> from cgt import Game, parse, star, up
>>> parse("{1|*}") + up
Game('{1^|^*}')
>>> star + star == 0, up > 0, up.is_confused_with(star)
(True, True, True)
"""

from cgt.errors import (
    GameSyntaxError,
    GameTooLargeError,
    NotAtomicError,
    NotDyadicError,
    UnknownOctalCodeError,
)
from cgt.game import (
    Game,
    clear_caches,
    down,
    miny,
    nimber,
    number,
    star,
    switch,
    tiny,
    up,
    up_power,
    up_power_to,
    uptimal,
    zero,
)
from cgt.nimbers import mex, nim_product, nim_sum
from cgt.dyadic import simplest_number
from cgt.notation import parse

__all__ = [
    "Game",
    "GameSyntaxError",
    "GameTooLargeError",
    "NotAtomicError",
    "NotDyadicError",
    "UnknownOctalCodeError",
    "clear_caches",
    "down",
    "mex",
    "miny",
    "nim_product",
    "nim_sum",
    "nimber",
    "number",
    "parse",
    "simplest_number",
    "star",
    "switch",
    "tiny",
    "up",
    "up_power",
    "up_power_to",
    "uptimal",
    "zero",
]
