"""The named loopy values of Winning Ways and CGSuite.

``on = {pass|}`` (Left can always pass, Right never moves), ``off = {|pass}``,
``over = {0|pass}``, ``under = {pass|0}``, ``upon = {pass|*}`` (printed
``^[on]``).  ``dud = {pass|pass}`` is not a stopper: its value is a sided
value, not computed yet, so asking for it raises
`~cgt.errors.SidedValueNotSupportedError`.

>>> from cgt.loopy import on, off, over, under, upon
>>> print(on, off, over, under, upon)
on off over under ^[on]
>>> off < under < 0 < over < on
True
"""

from cgt.loopy.graph import PASS, Node
from cgt.loopy.stopper import stopper

__all__ = ["on", "off", "over", "under", "upon", "uponth"]

on = stopper(Node([PASS], []))
off = stopper(Node([], [PASS]))
over = stopper(Node([0], [PASS]))
under = stopper(Node([PASS], [0]))
upon = stopper(Node([PASS], ["*"]))
uponth = stopper(Node([0], [Node([0], [0, PASS])]))   # ^<on> = {0 || 0 | 0, pass}


def __getattr__(name):
    if name == "dud":
        return stopper(Node([PASS], [PASS]))
    raise AttributeError(f"module 'cgt.loopy.named' has no attribute {name!r}")
