"""Dyadic rationals: the numbers of short games.

A short game that is a number equals a dyadic rational ``m / 2**k``.  Numbers
are kept as exact :class:`fractions.Fraction` values; this module checks that
a value is dyadic and holds the number-theoretic facts the game algebra needs:
birthdays, sign expansions and the simplicity principle.

>>> simplest_number(Fraction(1, 8), Fraction(1, 4))
Fraction(3, 16)
>>> birthday(Fraction(25, 16))
6
"""

from fractions import Fraction
from numbers import Rational
from typing import Optional

from cgt.errors import NotDyadicError

__all__ = ["as_dyadic", "birthday", "integer_text", "number_text", "read_integer", "sign_expansion",
           "simplest_number"]

_PLAIN_DIGITS = 4000
"""Decimal texts this long or shorter are converted by ``int`` and ``str``; CPython refuses more
than 4,300 digits (``sys.set_int_max_str_digits``), so longer ones are written through `decimal`
and read in halves."""
_PLAIN = 10**_PLAIN_DIGITS


def integer_text(n: int) -> str:
    """The decimal text of the int ``n``, however long (``str`` stops at 4,300 digits).

    >>> len(integer_text(10**100000))
    100001
    """
    if -_PLAIN < n < _PLAIN:
        return str(n)
    import decimal  # lazy load for import time: only numbers of over 4,000 digits need it

    return str(decimal.Decimal(n))


def read_integer(digits: str) -> int:
    """The int written as the decimal ``digits`` (ASCII digits only), however many.

    >>> read_integer("9" * 5000) == 10**5000 - 1
    True
    """
    if len(digits) <= _PLAIN_DIGITS:
        return int(digits)
    # Two halves read alike, joined by a power of ten: a million digits in well under a
    # second, where one conversion through `decimal` takes quadratic time (half a minute).
    low = len(digits) // 2
    return read_integer(digits[:-low]) * 10**low + read_integer(digits[-low:])


def number_text(x: Fraction) -> str:
    """``n`` or ``p/q`` in lowest terms, sign in front, for a Fraction ``x`` of any size.

    >>> number_text(Fraction(-3, 4)), number_text(Fraction(2))
    ('-3/4', '2')
    """
    if x.denominator == 1:
        return integer_text(x.numerator)
    return f"{integer_text(x.numerator)}/{integer_text(x.denominator)}"


def as_dyadic(value: object) -> Fraction:
    """Return ``value`` as an exact dyadic ``Fraction``.

    Accepts ints and rationals (``Fraction``, ``numpy`` integers...) whose
    reduced denominator is a power of two.  Floats are refused: a float is an
    approximation, and game values are exact.

    >>> as_dyadic(Fraction(6, 8))
    Fraction(3, 4)
    >>> as_dyadic(Fraction(1, 3))
    Traceback (most recent call last):
    ...
    cgt.errors.NotDyadicError: 1/3 is not a dyadic rational (its denominator is not a power of 2)
    """
    if isinstance(value, bool) or not isinstance(value, Rational):
        raise TypeError(
            f"a number game needs an int or a dyadic Fraction, not {type(value).__name__} {value!r}"
        )
    value = Fraction(value)
    d = value.denominator
    if d & (d - 1):
        raise NotDyadicError(f"{number_text(value)} is not a dyadic rational (its denominator is not a power of 2)")
    return value


def birthday(x: Fraction) -> int:
    """The day on which the dyadic number ``x`` is born.

    An integer ``n`` is born on day ``|n|``; ``m / 2**k`` in lowest terms
    (k >= 1) is born on day ``floor(|x|) + 1 + k``.

    >>> [birthday(Fraction(n, 4)) for n in range(-2, 3)]
    [2, 3, 0, 3, 2]
    """
    x = abs(x)
    k = x.denominator.bit_length() - 1
    whole = x.numerator // x.denominator
    return whole if k == 0 else whole + 1 + k


def sign_expansion(x: Fraction) -> str:
    """The sign expansion of ``x``: the path from 0 to ``x`` in the number tree.

    A string of ``+`` and ``-`` whose length is the birthday of ``x``
    (Conway's sign expansion; Blue-Red Hackenbush strings read the same way).

    >>> sign_expansion(Fraction(3, 8))
    '+--+'
    """
    signs = []
    lo: Optional[Fraction] = None
    hi: Optional[Fraction] = None
    current = Fraction(0)
    while current != x:
        if x > current:
            signs.append("+")
            lo = current
        else:
            signs.append("-")
            hi = current
        current = _simplest_open(lo, hi)
    return "".join(signs)


def simplest_number(lo: Fraction | int | None = None, hi: Fraction | int | None = None) -> Fraction:
    """The simplest number strictly between ``lo`` and ``hi`` (None: unbounded).

    This is the simplicity principle: ``{a | b}`` with numbers ``a < b`` equals
    the number of least birthday in the open interval ``(a, b)``.

    >>> simplest_number(Fraction(3, 2), Fraction(7, 4))
    Fraction(13, 8)
    >>> simplest_number(None, Fraction(-5, 2))
    Fraction(-3, 1)
    >>> simplest_number(Fraction(1), Fraction(1))
    Traceback (most recent call last):
    ...
    ValueError: no number lies strictly between 1 and 1
    """
    if lo is not None and hi is not None and lo >= hi:
        raise ValueError(f"no number lies strictly between {lo} and {hi}")
    return _simplest_open(lo, hi)


def _simplest_open(lo: Fraction | int | None, hi: Fraction | int | None) -> Fraction:
    if lo is None and hi is None:
        return Fraction(0)
    if lo is None:
        return Fraction(min(0, _ceil(hi) - 1))  # type: ignore[arg-type]  # hi is set: both unset returned above
    if hi is None:
        return Fraction(max(0, _floor(lo) + 1))
    if lo < 0 < hi:
        return Fraction(0)
    if hi <= 0:
        return -_simplest_open(-hi, -lo)
    # 0 <= lo < hi: the least integer above lo, if below hi; else the
    # dyadic with the smallest denominator strictly inside.  If some m/2^k
    # lies inside, so does 2m/2^(k+1): binary search for the least such k.
    n = _floor(lo) + 1
    if n < hi:
        return Fraction(n)
    low, high = 0, max(lo.denominator, hi.denominator).bit_length()
    while high - low > 1:
        middle = (low + high) // 2
        if _first_above(lo, middle) < hi:
            high = middle
        else:
            low = middle
    return _first_above(lo, high)


def _first_above(lo: Fraction | int, k: int) -> Fraction:
    """The least multiple of 2^-k above lo."""
    return Fraction(_floor(lo * 2**k) + 1, 2**k)


def _floor(x: Fraction | int) -> int:
    return x.numerator // x.denominator


def _ceil(x: Fraction | int) -> int:
    return -((-x.numerator) // x.denominator)
