"""Loopy games: game graphs, canonical stoppers and sided values (Siegel, *Combinatorial Game Theory*, ch. VI).

A loopy game may return to an earlier position; ``pass`` is a move to the
position itself.  This package has the game graphs (`GameGraph`), the
canonical stoppers (`Stopper`), the sided values ``onside & offside`` of
games that are not stoppers (`SidedValue`), the sides that equal no
stopper, kept in simplified form (`Carousel`), and the named values.

>>> from cgt.loopy import on, over, upon
>>> from cgt import up
>>> over > up > 0, upon + upon > upon, str(over + 5)
(True, True, '5over')
"""

from cgt.errors import NotStopperSidedError, SidedValueNotSupportedError
from cgt.loopy import ordinal, printer, sided as _sided, stopper as _stopper, stops
from cgt.loopy.carousel import Carousel
from cgt.loopy.graph import PASS, GameGraph, Node, build_graph
from cgt.loopy.named import dud, off, on, over, tis, tisn, under, upon
from cgt.loopy.ordinal import SubordinateError
from cgt.loopy.sided import SidedValue, loopy_value, side_form_of, sided
from cgt.loopy.stopper import Stopper, stopper

# `Stopper`'s methods reach the modules above `cgt.loopy.stopper` through its hooks (`cgt.hooks`).
_stopper.loopy.register(sided=_sided, stops=stops, printer=printer, ordinal=ordinal)

__all__ = ["Carousel", "GameGraph", "Node", "NotStopperSidedError", "PASS", "SidedValue",
           "SidedValueNotSupportedError", "Stopper",
           "SubordinateError", "build_graph", "dud", "loopy_value", "off", "on", "over", "side_form_of", "sided",
           "stopper", "tis", "tisn", "under", "upon"]
