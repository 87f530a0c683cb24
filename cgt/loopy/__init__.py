"""Loopy games: game graphs and canonical stoppers (Siegel, *Combinatorial Game Theory*, ch. VI).

A loopy game may return to an earlier position; ``pass`` is a move to the
position itself.  This package has the game graphs (`GameGraph`), the
canonical stoppers (`Stopper`) and the named values.

>>> from cgt.loopy import on, over, upon
>>> from cgt import up
>>> over > up > 0, upon + upon > upon, str(over + 5)
(True, True, '5over')
"""

from cgt.errors import SidedValueNotSupportedError
from cgt.loopy.graph import PASS, GameGraph, Node, build_graph
from cgt.loopy.named import off, on, over, under, upon
from cgt.loopy.ordinal import SubordinateError
from cgt.loopy.stopper import Stopper, stopper

__all__ = ["GameGraph", "Node", "PASS", "SidedValueNotSupportedError", "Stopper", "SubordinateError",
           "build_graph", "off", "on", "over", "stopper", "under", "upon"]


def __getattr__(name):
    if name == "dud":
        from cgt.loopy import named

        return named.dud
    raise AttributeError(f"module 'cgt.loopy' has no attribute {name!r}")
