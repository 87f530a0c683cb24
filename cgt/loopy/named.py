"""The named loopy values of Winning Ways and CGSuite.

``on = {pass|}`` (Left can always pass, Right never moves), ``off = {|pass}``,
``over = {0|pass}``, ``under = {pass|0}`` (the pseudonumbers of
`cgt.loopy.stops`), ``upon = {pass|*}`` (printed ``^[on]``).  Three are not
stoppers but sided values (`cgt.loopy.sided`): ``dud = {pass|pass} = on & off``,
and Winning Ways' ``tis = {tisn|}`` and ``tisn = {|tis}``, which equal
``1 & 0`` and ``0 & -1``.

>>> from cgt.loopy import on, off, over, under, upon
>>> print(on, off, over, under, upon)
on off over under ^[on]
>>> off < under < 0 < over < on
True
>>> from cgt.loopy import dud, tis, tisn
>>> print(dud, tis, tisn)
dud 1 & 0 0 & -1
"""

from cgt.loopy.graph import PASS, Node
from cgt.loopy.sided import loopy_value
from cgt.loopy.stopper import stopper
from cgt.loopy.stops import off, on, over, under

__all__ = ["on", "off", "over", "under", "upon", "uponth", "dud", "tis", "tisn"]

upon = stopper(Node([PASS], ["*"]))
uponth = stopper(Node([0], [Node([0], [0, PASS])]))   # ^<on> = {0 || 0 | 0, pass}
dud = loopy_value(Node([PASS], [PASS]))
_tis, _tisn = Node(), Node()
_tis.left.append(_tisn)
_tisn.right.append(_tis)
tis, tisn = loopy_value(_tis), loopy_value(_tisn)
