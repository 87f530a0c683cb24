"""cgt: combinatorial game theory in Python.

Canonical forms of short partizan games with CGSuite's values and notation:
numbers, nimbers, infinitesimals, sums and comparisons; and CGSuite's
ordinals, surreal numbers, rationals and transfinite nimbers.

>>> from cgt import Game, omega, parse, star, up
>>> parse("{1|*}") + up
Game('{1^|^*}')
>>> star + star == 0, up > 0, up.is_confused_with(star)
(True, True, True)
>>> omega - 1, 1 / omega, parse("1/3")
(GeneralizedOrdinal('ω-1'), SurrealNumber('1/ω'), Rational(1, 3))

Every kind of value (`Game`, the loopy `cgt.loopy.Stopper` and
`cgt.loopy.SidedValue`, the misère `cgt.impartial.MisereGame`, the values of
`cgt.transfinite`) is a `Value`:
it answers the same questions where the theory defines them (`cgt.value`).
``cgt.__version__`` is the version running.
"""

from importlib import import_module
from types import ModuleType
from typing import TYPE_CHECKING, Any

from cgt import hooks as _hooks
from cgt.errors import (
    CoolingTemperatureError,
    DatabaseError,
    DisconnectedGraphError,
    EmptyGraphError,
    GameSyntaxError,
    GameTooLargeError,
    IndeterminateFormError,
    LoopyCodeError,
    LoopyError,
    LoopyGameError,
    LoopyPositionError,
    NimRangeError,
    NotAtomicError,
    NotDyadicError,
    NotImpartialError,
    NotLinkedError,
    NotOrdinalError,
    NotStopperSidedError,
    NotSubtractableError,
    PositionSyntaxError,
    SearchTimeoutError,
    SidedValueNotSupportedError,
    SubordinateError,
    UndefinedInvariantError,
    UnknownOctalCodeError,
    UnknownTurningCodeError,
    VarietyError,
)
from cgt.short.game import (
    Game,
    _game,
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
from cgt.limits import LIMITS
from cgt.nimbers import mex, nim_product, nim_sum
from cgt.dyadic import simplest_number
from cgt.value import Value
from cgt.version import cgt_version as _cgt_version


# The hooks (`cgt.hooks`): what a module takes from the layers above it, filled here,
# where every layer is in reach, before any of them can be used (docs/architecture.md).
def _compounds() -> ModuleType:
    """`cgt.short.products`, for the compounds that explicit forms have as methods."""
    from cgt.short import products  # lazy load for import time: products load on first use

    return products


def _partizan_join(left: Any, right: Any) -> Any:
    """``left.partizan_join(right)`` of two heap rulesets: a `cgt.rulesets.heaps.PartizanHeapRuleset`."""
    from cgt.rulesets.heaps import PartizanHeapRuleset  # lazy load for import time: the rulesets

    return PartizanHeapRuleset(left, right)


def _read(text: str) -> Any:
    """`cgt.notation.parse` of ``text`` (``Game("{1|*}")`` and the other readers of text)."""
    from cgt.notation import parse  # lazy load for import time: notation brings the transfinite values

    return parse(text)


def _nim_value(position: Any) -> int:
    """`cgt.solve.nim_value` of ``position`` (`Position.nim_value`)."""
    from cgt.solve import nim_value  # lazy load for import time: the solvers bring the rulesets

    return nim_value(position)


def _outcome(*positions: Any, **options: Any) -> Any:
    """`cgt.solve.outcome` of ``positions`` (`Position.winner`, `Position.outcome_by_search`)."""
    from cgt.solve import outcome  # lazy load for import time: the solvers bring the rulesets

    return outcome(*positions, **options)


_hooks.above.register(game=_game, read=_read, compounds=_compounds, partizan_join=_partizan_join,
                      nim_value=_nim_value, outcome=_outcome)

# Rulesets, Hackenbush, the impartial games, explicit forms, the reader of
# notation and the transfinite values load on first use, so that `import cgt`
# stays fast; type checkers read them here.
if TYPE_CHECKING:
    from cgt.transfinite import (
        GeneralizedOrdinal, Rational, SurrealNumber, TransfiniteNimber, inf, omega, transfinite_nimber,
    )
    from cgt.transfinite.rational import rational  # the function (mypy takes `cgt.transfinite`'s for its module)
    from cgt.impartial import (
        Spawning, Subtraction, TakeAndBreak, candy_strip, dawsons_chess, dawsons_kayles, grundy_value,
        grundys_game, kayles, laskers_nim, nim, officers,
    )
    from cgt.rulesets import (
        AntiClobber, Amazons, Clobber, Col, Cram, Cutcake, Domineering, Eatcake, ElephantsAndRhinos, Kings,
        Konane, PartizanEuclid, PartizanSubtraction, Position, Snort, ToadsAndFrogs, TopplingDominoes,
        TurnAndEatcake,
    )
    from cgt.rulesets.hackenbush import ChildishHackenbush, GenHackenbush, Hackenbush
    from cgt.short.explicit import ExplicitGame
    from cgt.short.position import GamePosition, ImpartialPosition
    from cgt.notation import parse
    from cgt.solve import nim_value

_LAZY = {
    "parse": "cgt.notation",
    **dict.fromkeys(
        ["GeneralizedOrdinal", "Rational", "SurrealNumber", "TransfiniteNimber", "inf", "omega", "rational",
         "transfinite_nimber"],
        "cgt.transfinite",
    ),
    "ExplicitGame": "cgt.short.explicit",
    **dict.fromkeys(["GamePosition", "ImpartialPosition"], "cgt.short.position"),
    "nim_value": "cgt.solve",
    **dict.fromkeys(["ChildishHackenbush", "GenHackenbush", "Hackenbush"], "cgt.rulesets.hackenbush"),
    **dict.fromkeys(
        ["Spawning", "Subtraction", "TakeAndBreak", "candy_strip", "dawsons_chess",
         "dawsons_kayles", "grundy_value", "grundys_game", "kayles", "laskers_nim", "nim",
         "officers"],
        "cgt.impartial",
    ),
    **dict.fromkeys(
        ["AntiClobber", "Amazons", "Clobber", "Col", "Cram", "Cutcake", "Domineering", "Eatcake",
         "ElephantsAndRhinos", "Kings", "Konane", "PartizanEuclid", "PartizanSubtraction",
         "Position", "Snort", "ToadsAndFrogs", "TopplingDominoes", "TurnAndEatcake"],
        "cgt.rulesets",
    ),
}


def __getattr__(name: str) -> Any:
    if name == "__version__":           # read when asked: the source tree's or the installed version
        return _cgt_version()
    module = _LAZY.get(name)
    if module is None:
        raise AttributeError(f"module 'cgt' has no attribute {name!r}")
    value = getattr(import_module(module), name)
    globals()[name] = value
    return value


def __dir__() -> list[str]:
    return sorted(__all__)


__all__ = [
    "Amazons",
    "AntiClobber",
    "ChildishHackenbush",
    "Clobber",
    "Col",
    "CoolingTemperatureError",
    "Cram",
    "Cutcake",
    "DatabaseError",
    "DisconnectedGraphError",
    "Domineering",
    "Eatcake",
    "ElephantsAndRhinos",
    "EmptyGraphError",
    "ExplicitGame",
    "Game",
    "GamePosition",
    "GameSyntaxError",
    "GameTooLargeError",
    "GenHackenbush",
    "GeneralizedOrdinal",
    "Hackenbush",
    "ImpartialPosition",
    "IndeterminateFormError",
    "Kings",
    "Konane",
    "LIMITS",
    "LoopyCodeError",
    "LoopyError",
    "LoopyGameError",
    "LoopyPositionError",
    "NimRangeError",
    "NotAtomicError",
    "NotDyadicError",
    "NotImpartialError",
    "NotLinkedError",
    "NotOrdinalError",
    "PartizanEuclid",
    "PartizanSubtraction",
    "Position",
    "NotStopperSidedError",
    "NotSubtractableError",
    "PositionSyntaxError",
    "Rational",
    "SearchTimeoutError",
    "SidedValueNotSupportedError",
    "Snort",
    "Spawning",
    "SubordinateError",
    "Subtraction",
    "SurrealNumber",
    "TakeAndBreak",
    "ToadsAndFrogs",
    "TopplingDominoes",
    "TransfiniteNimber",
    "TurnAndEatcake",
    "UndefinedInvariantError",
    "UnknownOctalCodeError",
    "UnknownTurningCodeError",
    "Value",
    "VarietyError",
    "candy_strip",
    "clear_caches",
    "dawsons_chess",
    "dawsons_kayles",
    "down",
    "grundy_value",
    "grundys_game",
    "inf",
    "kayles",
    "laskers_nim",
    "mex",
    "miny",
    "nim",
    "nim_product",
    "nim_sum",
    "nim_value",
    "nimber",
    "number",
    "officers",
    "omega",
    "parse",
    "rational",
    "simplest_number",
    "star",
    "switch",
    "tiny",
    "transfinite_nimber",
    "up",
    "up_power",
    "up_power_to",
    "uptimal",
    "zero",
]
