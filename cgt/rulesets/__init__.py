"""Rulesets: the `Position` protocol, and the rulesets of CGSuite, cgt-py and MCGS on grids, strips, graphs, heaps and cakes, and Hackenbush.

>>> from cgt.rulesets import Domineering, ToadsAndFrogs
>>> print(Domineering("..|..").canonical_form, ToadsAndFrogs("TT.FF").canonical_form)
+-1 *
"""

from importlib import import_module
from typing import TYPE_CHECKING, Any

from cgt.rulesets import position as _position
from cgt.rulesets.position import LoopyPositionError, Position, PositionSyntaxError, TranspositionTable
from cgt.rulesets import compound as _compound
from cgt.rulesets.compound import CompoundPosition, NegativePosition

# `Position`'s operators build compounds, defined above it (docs/architecture.md).
_position.above.register(compound=_compound)

# The rulesets load on first use, each with its module, so that `import cgt.rulesets` stays
# fast (a search of one ruleset needs none of the others); type checkers read them here.
if TYPE_CHECKING:
    from cgt.rulesets.form import FormPosition
    from cgt.rulesets.grid import Grid
    from cgt.rulesets.domineering import Cram, Domineering
    from cgt.rulesets.stones import (Amazons, AntiClobber, Clobber, Fission, GenClobber, HotClobber, Kings, Knights,
                                     Konane, Queens, Rooks)
    from cgt.rulesets.nogo import NoGo
    from cgt.rulesets.sheep import Sheep
    from cgt.rulesets.king_dirt import KingDirt
    from cgt.rulesets.strip import (BackslidingToadsAndFrogs, ElephantsAndRhinos, GenToadsAndFrogs, ToadsAndFrogs,
                                    TopplingDominoes)
    from cgt.rulesets.coordinate import PartizanCoordinateRuleset, PartizanEuclid
    from cgt.rulesets.cake import Cutcake, Eatcake, GenCutcake, MaundyCake, TurnAndEatcake
    from cgt.rulesets.graph_colouring import Col, Fjords, GenCol, Snort
    from cgt.rulesets.arc_kayles import ArcKayles, GenArcKayles, PartizanArcKayles, WeightedArcKayles
    from cgt.rulesets.fox_and_geese import CeyloneseFoxAndGeese, FoxAndGeese, GenFoxAndGeese
    from cgt.rulesets.ski_jumps import SkiJumps
    from cgt.rulesets.quelhas import Quelhas
    from cgt.rulesets.digraph_placement import DigraphPlacement
    from cgt.rulesets.hackenbush import ChildishHackenbush, GenHackenbush, Hackenbush
    from cgt.rulesets.variant import dicotic_variant, impartial_variant, twisted_variant
    from cgt.rulesets.heaps import (PartizanHeapPosition, PartizanHeapRuleset, PartizanSplittles,
                                    PartizanSubtraction, PartizanTakeAndBreak)

#: The module of ``cgt.rulesets`` that defines each ruleset (and the other names loaded on first use).
_LAZY = {
    "FormPosition": "form",
    "Grid": "grid",
    **dict.fromkeys(["Cram", "Domineering"], "domineering"),
    **dict.fromkeys([
        "Amazons", "AntiClobber", "Clobber", "Fission", "GenClobber", "HotClobber", "Kings", "Knights",
        "Konane", "Queens", "Rooks"
    ], "stones"),
    "NoGo": "nogo",
    "Sheep": "sheep",
    "KingDirt": "king_dirt",
    **dict.fromkeys([
        "BackslidingToadsAndFrogs", "ElephantsAndRhinos", "GenToadsAndFrogs", "ToadsAndFrogs",
        "TopplingDominoes"
    ], "strip"),
    **dict.fromkeys(["PartizanCoordinateRuleset", "PartizanEuclid"], "coordinate"),
    **dict.fromkeys(["Cutcake", "Eatcake", "GenCutcake", "MaundyCake", "TurnAndEatcake"], "cake"),
    **dict.fromkeys(["Col", "Fjords", "GenCol", "Snort"], "graph_colouring"),
    **dict.fromkeys(["ArcKayles", "GenArcKayles", "PartizanArcKayles", "WeightedArcKayles"], "arc_kayles"),
    **dict.fromkeys(["CeyloneseFoxAndGeese", "FoxAndGeese", "GenFoxAndGeese"], "fox_and_geese"),
    "SkiJumps": "ski_jumps",
    "Quelhas": "quelhas",
    "DigraphPlacement": "digraph_placement",
    **dict.fromkeys(["ChildishHackenbush", "GenHackenbush", "Hackenbush"], "hackenbush"),
    **dict.fromkeys(["dicotic_variant", "impartial_variant", "twisted_variant"], "variant"),
    **dict.fromkeys([
        "PartizanHeapPosition", "PartizanHeapRuleset", "PartizanSplittles", "PartizanSubtraction",
        "PartizanTakeAndBreak"
    ], "heaps"),
}


def __getattr__(name: str) -> Any:
    module = _LAZY.get(name)
    if module is None:
        raise AttributeError(f"module 'cgt.rulesets' has no attribute {name!r}")
    value = getattr(import_module(f"cgt.rulesets.{module}"), name)
    globals()[name] = value
    return value


def __dir__() -> list[str]:
    return sorted(set(globals()) | set(_LAZY))


__all__ = [
    "Amazons", "AntiClobber", "ArcKayles", "BackslidingToadsAndFrogs", "CeyloneseFoxAndGeese", "ChildishHackenbush", "Clobber", "Col",
    "CompoundPosition", "Cram", "Cutcake", "DigraphPlacement", "Domineering", "Eatcake", "ElephantsAndRhinos",
    "Fission", "Fjords", "FormPosition", "FoxAndGeese", "GenArcKayles", "GenClobber", "GenCol", "GenCutcake",
    "GenFoxAndGeese", "GenHackenbush", "GenToadsAndFrogs", "Grid", "Hackenbush", "HotClobber", "KingDirt", "Kings", "Knights", "Konane",
    "LoopyPositionError", "MaundyCake", "NegativePosition", "NoGo", "PartizanArcKayles", "PartizanCoordinateRuleset",
    "PartizanEuclid", "PartizanHeapPosition", "PartizanHeapRuleset", "PartizanSplittles", "PartizanSubtraction",
    "PartizanTakeAndBreak", "Position", "PositionSyntaxError", "Queens", "Quelhas", "Rooks", "Sheep", "SkiJumps",
    "Snort", "ToadsAndFrogs", "TopplingDominoes", "TranspositionTable", "TurnAndEatcake", "WeightedArcKayles",
    "dicotic_variant", "impartial_variant", "twisted_variant",
]
