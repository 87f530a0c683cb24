"""Rationals that are not dyadic, and ``±inf``: CGSuite's ``Rational``.

A dyadic rational ``m/2^k`` is a short game (`~cgt.Game`), born on a finite
day; every other rational, ``1/3`` or ``6/23``, is a surreal number born on
day ω (it is ``{x^L | x^R}`` over the dyadic rationals on each side of it,
infinitely many).  CGSuite adds ``inf = 1/0`` and ``-inf = -1/0``, which
are not numbers but fit the rational arithmetic: ``x/0 = ±inf``,
``inf + 1 = inf``, ``1/inf = 0``; ``0/0``, ``inf - inf`` and ``0 × inf``
have no value.

>>> third = rational(1, 3)
>>> third, third + Fraction(1, 6), third * 3, rational(6, 23).birthday
(Rational(1, 3), Game('1/2'), Game('1'), GeneralizedOrdinal('ω'))
>>> inf, rational(-17, 0), 1 / inf, mod(rational(17, 6), rational(1, 3))
(Rational(1, 0), Rational(-1, 0), Game('0'), Rational(1, 6))
"""

from __future__ import annotations

from fractions import Fraction
from numbers import Rational as _RationalABC
from typing import Any

from cgt.value import Value

from cgt.dyadic import integer_text
from cgt.errors import IndeterminateFormError, UndefinedInvariantError
from cgt.short.game import Game
from cgt.transfinite import cnf
from cgt.transfinite.ordinal import GeneralizedOrdinal, omega
from cgt.transfinite.surreal import SurrealNumber, as_quotient, rational_value

__all__ = ["Rational", "rational", "inf", "mod"]


class Rational(SurrealNumber):
    """A rational number that is not dyadic, ``n/d`` in lowest terms (``d > 0``), or ``±inf``.

    ``Rational(1, 3)`` and ``Rational("1/3")`` build one (a dyadic value is
    refused: it is a `~cgt.Game`; `rational` gives whichever the value is).
    ``Rational(1, 0)`` is ``inf``.  Like `fractions.Fraction`: ``numerator``,
    ``denominator``, ``math.floor``, ``math.ceil``, ``%``, and equal
    Fractions are equal and hash equally.

    >>> import math
    >>> x = Rational(-6, 23)
    >>> x.numerator, x.denominator, x.is_dyadic, math.floor(x), math.ceil(x), x.reciprocal
    (-6, 23, False, -1, 0, Rational(-23, 6))
    >>> x == Fraction(-6, 23), hash(x) == hash(Fraction(-6, 23))
    (True, True)
    """

    __slots__ = ()

    def __new__(cls, numerator: Any, denominator: Any = None) -> Rational:
        if isinstance(numerator, str) and denominator is None:
            return SurrealNumber.__new__(cls, numerator)
        value = rational(numerator, 1 if denominator is None else denominator)
        if not isinstance(value, Rational):
            raise ValueError(f"{value} is a dyadic rational, so the short game {value!r}, "
                             "not a Rational (rational(n, d) gives whichever the value is)")
        return value

    @classmethod
    def _of(cls, n: int, d: int) -> Rational:
        """The trusted constructor: ``n/d`` in lowest terms, not dyadic; or ``±1/0``."""
        value = cls._make(cnf.integer(n), cnf.integer(d))
        object.__setattr__(value, "_hash", hash(Fraction(n, d)) if d else hash(("inf", n)))
        return value

    def __reduce__(self) -> tuple[type[Rational], tuple[int, int]]:  # type: ignore[override]
        return (Rational, (self.numerator, self.denominator))

    # ------------------------------------------------------------ parts
    @property
    def numerator(self) -> int:
        """The numerator in lowest terms: an int (``±1`` for ``±inf``)."""
        return cnf.finite_value(self._num)

    @property
    def denominator(self) -> int:
        """The denominator in lowest terms: a positive int, 0 for ``±inf``."""
        return cnf.finite_value(self._den)

    @property
    def is_dyadic(self) -> bool:
        """Whether the denominator is a power of 2: never (dyadic rationals are Games)."""
        return False

    @property
    def birthday(self) -> GeneralizedOrdinal:
        """ω: a rational that is not dyadic is born on day ω; ``±inf`` has no birthday.

        >>> Rational(1, 3).birthday
        GeneralizedOrdinal('ω')
        """
        if not self._den:
            raise UndefinedInvariantError("birthday", "Rational", "inf has no birthday")
        return omega

    def __floor__(self) -> int:
        """The greatest integer ``<= x`` (an int); ``±inf`` has none."""
        if not self._den:
            raise ValueError(f"/ by zero: {self} has no floor")
        return self.numerator // self.denominator

    def __ceil__(self) -> int:
        """The least integer ``>= x`` (an int); ``±inf`` has none."""
        if not self._den:
            raise ValueError(f"/ by zero: {self} has no ceiling")
        return -(-self.numerator // self.denominator)

    def __mod__(self, other: Any) -> Value:
        if _as_fraction_pair(other) is None:
            return NotImplemented
        return mod(self, other)

    def __rmod__(self, other: Any) -> Value:
        if _as_fraction_pair(other) is None:
            return NotImplemented
        return mod(other, self)

    # ------------------------------------------------------------ text
    def __str__(self) -> str:
        n, d = self.numerator, self.denominator
        if not d:
            return "inf" if n > 0 else "-inf"
        return f"{integer_text(n)}/{integer_text(d)}"

    def __repr__(self) -> str:
        return f"Rational({integer_text(self.numerator)}, {integer_text(self.denominator)})"

    def _latex(self, printer: object = None) -> str:
        n, d = self.numerator, self.denominator
        sign = "-" if n < 0 else ""
        return rf"{sign}\infty" if not d else rf"{sign}\frac{{{integer_text(abs(n))}}}{{{integer_text(d)}}}"


def rational(numerator: int | Fraction | Game | Rational, denominator: int | Fraction | Game | Rational = 1) -> Value:
    """The value ``numerator / denominator`` of two rational numbers: a Game when dyadic, else a Rational.

    Arguments are ints, Fractions, number Games or Rationals; ``x/0`` is
    ``±inf`` and ``0/0`` an `IndeterminateFormError`, as in CGSuite.

    >>> rational(4, 6), rational(6, 4), rational(Fraction(1, 3), 2), rational(5, 0)
    (Rational(2, 3), Game('3/2'), Rational(1, 6), Rational(1, 0))
    """
    n, d = _fraction_pair(numerator)
    m, e = _fraction_pair(denominator)
    return rational_value(n * e, d * m)


def mod(x: int | Fraction | Game | Rational, y: int | Fraction | Game | Rational) -> Value:
    """CGSuite's ``x % y`` on rationals: ``x - q·y`` for ``q`` the quotient ``x/y`` truncated toward 0.

    The result has the sign of ``x`` (Java's remainder), not that of ``y``
    (Python's ``%`` on ints); ``x % 0`` and anything ``% inf`` or ``inf %``
    have no value.

    >>> mod(17, 5), mod(-17, 5), mod(rational(17, 6), rational(1, 3)), Rational(1, 3) % Fraction(1, 4)
    (Game('2'), Game('-2'), Rational(1, 6), Rational(1, 12))
    """
    n, d = _fraction_pair(x)
    m, e = _fraction_pair(y)
    a, b = n * e, d * m                     # x / y = a / b
    if b == 0:
        raise IndeterminateFormError(f"/ by zero: {_text(x)} % {_text(y)} has no value")
    remainder = abs(a) % abs(b)
    return rational_value(remainder if a >= 0 else -remainder, d * e)


def _as_fraction_pair(value: object) -> tuple[int, int] | None:
    """``(numerator, denominator)`` ints of a rational value (``±inf``: ``(±1, 0)``), else None."""
    pair = as_quotient(value) if not isinstance(value, Game) or value.is_number else None
    if pair is None or not (cnf.is_finite(pair[0]) and cnf.is_finite(pair[1])):
        return None
    return cnf.finite_value(pair[0]), cnf.finite_value(pair[1])


def _fraction_pair(value: object) -> tuple[int, int]:
    pair = _as_fraction_pair(value)
    if pair is None:
        raise TypeError(f"a rational number (an int, a Fraction, a number Game or a Rational) "
                        f"was needed, not {_text(value)}")
    return pair


def _text(value: object) -> str:
    return str(value) if isinstance(value, (Game, SurrealNumber, int, _RationalABC)) else repr(value)


inf = Rational._of(1, 0)
