"""Surreal numbers, ordinals and rationals as CGSuite has them, and the ordinal nim field.

* `GeneralizedOrdinal`: ``ω``, ``ω^ω - ω^19×5 + 1``: differences of ordinals
  below ε₀, in Cantor normal form (`omega`, `omega_power`);
* `SurrealNumber`: quotients of them in lowest terms, ``1/ω``,
  ``(ω^ω+1)/(ω+1)``;
* `Rational`: the rationals that are not dyadic, and ``±inf`` (`rational`,
  `inf`, `mod`); a dyadic rational stays a short `~cgt.Game`;
* `TransfiniteNimber`: ``*ω``, ``*(ω+5)`` (`transfinite_nimber`), with
  ``nim_sum``, ``nim_product``, ``nim_exp``, ``nim_inverse``, ``nim_div``:
  Lenstra's ordinal nim field below ω^(ω^54); and CGSuite's `ugly_product`.

`cgt.parse` reads all of them in CGSuite's notation (``omega``, ``ω``,
``1/3``, ``inf``, ``*(omega+1)``, ``omega^omega^2``) and ``str`` prints what
CGSuite prints.

>>> from cgt import parse
>>> x = parse("omega^omega + 1/(omega+1)")
>>> x, parse(str(x)) == x
(SurrealNumber('(ω^(ω+1)+ω^ω+1)/(ω+1)'), True)
"""

from cgt.transfinite import surreal as _surreal
from cgt.transfinite.nim_field import nim_div, nim_exp, nim_inverse, nim_product, nim_sum, ugly_product
from cgt.transfinite.nimber import TransfiniteNimber, transfinite_nimber
from cgt.transfinite.ordinal import GeneralizedOrdinal, omega, omega_power
from cgt.transfinite.rational import Rational, inf, mod, rational
from cgt.transfinite.surreal import SurrealNumber, power

# The kinds of value a quotient can be (`cgt.transfinite.surreal.kinds`), defined above it.
_surreal.kinds.register(generalized_ordinal=GeneralizedOrdinal._of, rational=Rational._of)

__all__ = [
    "GeneralizedOrdinal",
    "Rational",
    "SurrealNumber",
    "TransfiniteNimber",
    "inf",
    "mod",
    "nim_div",
    "nim_exp",
    "nim_inverse",
    "nim_product",
    "nim_sum",
    "omega",
    "omega_power",
    "power",
    "rational",
    "transfinite_nimber",
    "ugly_product",
]
