"""Generalized ordinals: ``α - β`` for ordinals below ε₀, and ``omega``.

A generalized ordinal is written in Cantor normal form with integer
coefficients, ``ω^α₁·c₁ + ... + ω^αₖ·cₖ`` (exponents ordinals,
``α₁ > ... > αₖ``); with positive coefficients it is an ordinal.  Sums and
products are those of the surreal numbers (exponents add by the natural
sum), so ``ω + 1 = 1 + ω`` and ``2ω = ω·2`` (Conway, ONAG ch. 3; CGSuite's
``GeneralizedOrdinal``).  The finite ones are the integers, which are short
games (`~cgt.Game`); this class holds the infinite ones.

>>> omega - 5, 5 - omega, omega * 3 + omega ** (omega ** 2 + omega) - omega ** 19 * 9 * omega
(GeneralizedOrdinal('ω-5'), GeneralizedOrdinal('-ω+5'), GeneralizedOrdinal('ω^(ω^2+ω)-ω^20×9+ω×3'))
>>> (omega - 5).birthday, (omega + 5) - omega
(GeneralizedOrdinal('ω+5'), Game('5'))
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from cgt.transfinite import cnf
from cgt.value import Value
from cgt.transfinite.surreal import SurrealNumber, _integer, ordinal_value, quotient

if TYPE_CHECKING:
    from cgt.short.game import Game

__all__ = ["GeneralizedOrdinal", "omega", "omega_power"]


class GeneralizedOrdinal(SurrealNumber):
    """An infinite generalized ordinal ``ω^α₁·c₁ + ... + ω^αₖ·cₖ``: ordinal exponents, integer coefficients.

    ``GeneralizedOrdinal(text)`` reads CGSuite notation
    (``'ω^ω-ω^19×5+1'``); ``omega`` and arithmetic build the rest.  ``ω ** α``
    is ``ω^α`` for any generalized ordinal ``α`` (a SurrealNumber when ``α``
    is not an ordinal: ``ω ** -1 = 1/ω``).

    >>> GeneralizedOrdinal("omega^omega-5*omega^19+omega^2+1")
    GeneralizedOrdinal('ω^ω-ω^19×5+ω^2+1')
    >>> omega ** -1, omega ** omega > omega ** 1000
    (SurrealNumber('1/ω'), True)
    """

    __slots__ = ()

    _facts = ("sign",)

    @classmethod
    def _of(cls, x: cnf.CNF) -> GeneralizedOrdinal:
        """The trusted constructor: an infinite Cantor normal form."""
        return cls._make(x, cnf.ONE)

    @property
    def terms(self) -> tuple[tuple[int | SurrealNumber, int], ...]:
        """The Cantor normal form as ``(exponent, coefficient)`` pairs, the largest exponent first.

        Exponents are ints or GeneralizedOrdinals, coefficients nonzero ints.

        >>> (omega ** omega * 3 - omega + 2).terms
        ((GeneralizedOrdinal('ω'), 3), (1, -1), (0, 2))
        """
        return tuple((ordinal_value(e), c) for e, c in self._num)

    @property
    def is_ordinal(self) -> bool:
        """Whether this is an ordinal: every coefficient positive.

        >>> (omega + 5).is_ordinal, (omega - 5).is_ordinal
        (True, False)
        """
        return cnf.is_ordinal(self._num)

    @property
    def birthday(self) -> GeneralizedOrdinal:
        """The birthday: ``α`` for an ordinal, else the sum of the terms with coefficients made positive.

        >>> (-omega + 5).birthday
        GeneralizedOrdinal('ω+5')
        """
        return GeneralizedOrdinal._of(tuple((e, abs(c)) for e, c in self._num))

    def __pow__(self, exponent: object) -> Value:
        """``x ** n`` for an integer ``n``; ``ω ** α = ω^α`` for a generalized ordinal ``α``."""
        if self._num == cnf.OMEGA and isinstance(exponent, GeneralizedOrdinal):
            return omega_power(exponent)
        if self._num == cnf.OMEGA and _integer(exponent) is not None:
            return omega_power(_integer(exponent))  # type: ignore[arg-type]  # an int: checked above
        return super().__pow__(exponent)

    def __str__(self) -> str:
        return cnf.text(self._num)

    def _latex(self, printer: object = None) -> str:
        return cnf.latex(self._num)


def omega_power(alpha: int | Game | GeneralizedOrdinal) -> Value:
    """``ω^α`` for a generalized ordinal (or integer) ``α = β - γ``: ``ω^β / ω^γ``.

    >>> omega_power(omega + 1), omega_power(2 - omega)
    (GeneralizedOrdinal('ω^(ω+1)'), SurrealNumber('ω^2/ω^ω'))
    """
    if isinstance(alpha, GeneralizedOrdinal):
        x = alpha._num
    else:
        n = _integer(alpha)
        if n is None:
            raise TypeError(f"ω^x needs a generalized ordinal x, not {alpha!r}")
        x = cnf.integer(n)
    positive = tuple(t for t in x if t[1] > 0)
    negative = tuple((e, -c) for e, c in x if c < 0)
    return quotient(cnf.omega_power(positive), cnf.omega_power(negative), reduced=True)


omega = GeneralizedOrdinal._of(cnf.OMEGA)
