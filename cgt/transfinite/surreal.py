"""Surreal numbers as CGSuite builds them: quotients of generalized ordinals, in lowest terms.

The generalized ordinals ``α - β`` (ordinals below ε₀) form a ring; its field
of fractions is a field of surreal numbers that holds ``1/ω``, ``ω/2``,
``(ω^ω+1)/(ω+1)`` and every rational (CGSuite's ``SurrealNumber``; Conway,
ONAG ch. 3).  Each value is kept as ``numerator / denominator`` in lowest
terms with a positive denominator, so equal numbers are equal objects.  The
kinds of value are CGSuite's: a dyadic rational stays a short `~cgt.Game`;
`~cgt.transfinite.Rational` holds the other rationals and ``±inf``;
`~cgt.transfinite.GeneralizedOrdinal` the infinite generalized ordinals;
`SurrealNumber` every other quotient.  Arithmetic returns the kind the value
is, whatever kinds went in.

>>> from cgt.transfinite import omega
>>> x = 1 / omega
>>> x, x * omega, omega / 2 + omega / 2
(SurrealNumber('1/ω'), Game('1'), GeneralizedOrdinal('ω'))
>>> 0 < x < Fraction(1, 10**100), (omega ** omega + 1) / (omega + 1)
(True, SurrealNumber('(ω^ω+1)/(ω+1)'))

Every operator goes through one coercion path (as ``fractions.Fraction``
does): the other operand becomes a quotient ``(numerator, denominator)``
(ints, Fractions, number Games and these values do), the result is reduced
by `quotient`.  A short game that is not a number is refused with a
TypeError; an operand of an unknown type gets ``NotImplemented``.
"""

from __future__ import annotations

import operator
from collections.abc import Callable
from fractions import Fraction
from numbers import Rational as _RationalABC
from typing import TYPE_CHECKING, Any, ClassVar, Literal, TypeVar

from cgt.errors import IndeterminateFormError, UndefinedInvariantError
from cgt.short.game import Game, number
from cgt.hooks import Hooks
from cgt.value import Value
from cgt.transfinite import cnf
from cgt.transfinite.polynomial import lowest_terms

if TYPE_CHECKING:
    from typing_extensions import Self

    from cgt.transfinite.cnf import CNF

#: A quotient ``(numerator, denominator)`` of Cantor normal forms.
_Pair = tuple["CNF", "CNF"]
_T = TypeVar("_T")

__all__ = ["SurrealNumber", "quotient", "power", "kinds"]

kinds = Hooks(
    generalized_ordinal="cgt.transfinite (cgt.transfinite.ordinal): the GeneralizedOrdinal of a "
                        "Cantor normal form",
    rational="cgt.transfinite (cgt.transfinite.rational): the Rational n/d of ints in lowest terms",
)


_INDETERMINATE = "/ by zero: an indeterminate form (0/0, inf - inf, 0 × inf) has no value"


def quotient(numerator: CNF, denominator: CNF, reduced: bool = False) -> Value:
    """The value ``numerator / denominator`` of two generalized ordinals (Cantor normal forms).

    Lowest terms, positive denominator; then the kind of value it is: a Game
    for a dyadic rational, a Rational, a GeneralizedOrdinal or a
    SurrealNumber.  ``x/0`` is ``±inf`` as in CGSuite (the sign of ``x``),
    ``0/0`` an `IndeterminateFormError`.  ``reduced``: already in lowest terms.

    >>> from cgt.transfinite.cnf import OMEGA, integer
    >>> quotient(integer(6), integer(-4)), quotient(OMEGA, integer(0)), quotient(OMEGA, OMEGA)
    (Game('-3/2'), Rational(1, 0), Game('1'))
    """
    if not denominator:
        if not numerator:
            raise IndeterminateFormError(_INDETERMINATE)
        return kinds.rational(cnf.sign(numerator), 0)
    if cnf.is_finite(numerator) and cnf.is_finite(denominator):
        return rational_value(cnf.finite_value(numerator), cnf.finite_value(denominator))
    if cnf.sign(denominator) < 0:
        numerator, denominator = cnf.negate(numerator), cnf.negate(denominator)
    if denominator != cnf.ONE and not reduced:
        numerator, denominator = lowest_terms(numerator, denominator)
        if cnf.sign(denominator) < 0:
            numerator, denominator = cnf.negate(numerator), cnf.negate(denominator)
        if cnf.is_finite(numerator) and cnf.is_finite(denominator):
            return rational_value(cnf.finite_value(numerator), cnf.finite_value(denominator))
    if denominator == cnf.ONE:
        return kinds.generalized_ordinal(numerator)
    return SurrealNumber._make(numerator, denominator)


def rational_value(n: int, d: int) -> Value:
    """``n/d`` for ints: a number Game when dyadic, else a Rational (``±inf`` for ``d = 0``).

    >>> rational_value(4, 6), rational_value(-3, 16), rational_value(-17, 0)
    (Rational(2, 3), Game('-3/16'), Rational(-1, 0))
    """
    if d == 0:
        if n == 0:
            raise IndeterminateFormError(_INDETERMINATE)
        return kinds.rational(1 if n > 0 else -1, 0)
    x = Fraction(n, d)
    if x.denominator & (x.denominator - 1) == 0:
        return number(x)
    return kinds.rational(x.numerator, x.denominator)


def ordinal_value(x: CNF) -> int | SurrealNumber:
    """A generalized ordinal as a Python value: an int when finite, else a GeneralizedOrdinal.

    (Numerators, denominators, birthdays and nim values are such counts.)

    >>> from cgt.transfinite.cnf import OMEGA, integer
    >>> ordinal_value(integer(5)), ordinal_value(OMEGA)
    (5, GeneralizedOrdinal('ω'))
    """
    return cnf.finite_value(x) if cnf.is_finite(x) else kinds.generalized_ordinal(x)


def as_quotient(value: object) -> tuple[CNF, CNF] | None:
    """``(numerator, denominator)`` in Cantor normal form for a number, or None for another type.

    Numbers are ints, Fractions, number Games and the values of this
    package; a Game that is not a number raises a TypeError.
    """
    if isinstance(value, SurrealNumber):
        return value._num, value._den
    if isinstance(value, Game):
        if not value.is_number:
            raise TypeError(f"{value} is not a number: surreal numbers combine and compare only with numbers")
        value = value.to_fraction()
    if isinstance(value, int) and not isinstance(value, bool):
        return cnf.integer(value), cnf.ONE
    if isinstance(value, _RationalABC) and not isinstance(value, bool):
        return cnf.integer(value.numerator), cnf.integer(value.denominator)
    return None


def power(x: object, n: Any) -> Value:
    """CGSuite's ``x^n``: a number to an integer power, or ``ω^α`` for a generalized ordinal ``α``.

    ``x`` may be any number: an int, a Fraction, a number Game or a value of
    this package (``Fraction(2, 3) ** -3`` for a Game needs this function).

    >>> from cgt.short.game import Game
    >>> power(Game(Fraction(1, 2)), 4), power(Fraction(2, 3), -3), power(0, -1)
    (Game('1/16'), Game('27/8'), Rational(1, 0))
    """
    if isinstance(x, SurrealNumber):
        return x ** n
    pair = as_quotient(x)
    k = _integer(n)
    if pair is None or k is None:
        raise TypeError(f"({x}) ^ ({n}): a number is raised to an integer power "
                        "(and only ω to a power that is not an integer)")
    numerator, denominator = pair
    if k < 0:
        numerator, denominator, k = denominator, numerator, -k
    return quotient(cnf.power(numerator, k), cnf.power(denominator, k), reduced=True)


def _add(a: _Pair, b: _Pair) -> Value:
    (an, ad), (bn, bd) = a, b
    if ad == bd == cnf.ONE:
        return quotient(cnf.add(an, bn), cnf.ONE)
    return quotient(cnf.add(cnf.multiply(an, bd), cnf.multiply(ad, bn)), cnf.multiply(ad, bd))


def _subtract(a: _Pair, b: _Pair) -> Value:
    (bn, bd) = b
    return _add(a, (cnf.negate(bn), bd))


def _multiply(a: _Pair, b: _Pair) -> Value:
    (an, ad), (bn, bd) = a, b
    return quotient(cnf.multiply(an, bn), cnf.multiply(ad, bd))


def _divide(a: _Pair, b: _Pair) -> Value:
    (an, ad), (bn, bd) = a, b
    return quotient(cnf.multiply(an, bd), cnf.multiply(ad, bn))


def _compare(a: _Pair, b: _Pair) -> int:
    """-1, 0 or 1: ``a/b`` against ``c/d`` by ``ad`` against ``bc`` (denominators are >= 0)."""
    (an, ad), (bn, bd) = a, b
    if not ad and not bd:                   # inf, -inf
        return cnf.compare(an, bn)
    return cnf.compare(cnf.multiply(an, bd), cnf.multiply(ad, bn))


def _operators(combine: Callable[[_Pair, _Pair], Value],
               symbol: str) -> tuple[Callable[[SurrealNumber, object], Any], Callable[[SurrealNumber, object], Any]]:
    """The forward and reflected methods of a binary operator, from one function on quotients."""

    def forward(a: SurrealNumber, b: object) -> Any:
        other = as_quotient(b)
        if other is None:
            return NotImplemented
        return combine((a._num, a._den), other)

    def reflected(b: SurrealNumber, a: object) -> Any:
        other = as_quotient(a)
        if other is None:
            return NotImplemented
        return combine(other, (b._num, b._den))

    forward.__name__, reflected.__name__ = f"__{symbol}__", f"__r{symbol}__"
    return forward, reflected


_ORDER = {0: operator.lt, 1: operator.le, 4: operator.gt, 5: operator.ge}

# The questions of `cgt.value.Value` with no answer for the values of `cgt.transfinite`.
INFINITE_FORM = ("a value born on day ω or later has infinitely many options: cgt keeps it by its value, "
                 "as CGSuite does, not as a form")
LOOPY_QUESTION = "a question of loopy games, which CGSuite does not ask of the values beyond the short games"


class SurrealNumber(Value):
    """A surreal number ``numerator / denominator``, a quotient of generalized ordinals in lowest terms.

    ``SurrealNumber(text)`` reads CGSuite notation (``'1/ω'``,
    ``'(ω^ω+1)/(ω+1)'``); arithmetic on ``omega`` builds the rest.  The
    subclasses `~cgt.transfinite.GeneralizedOrdinal` and
    `~cgt.transfinite.Rational` are the quotients with denominator 1, and
    the non-dyadic rationals with ``±inf``.

    ``+ - * /`` and ``**`` (integer powers) are exact; ``< <= > >=`` are the
    total order of the surreal numbers, also against ints, Fractions and
    number Games.

    >>> SurrealNumber("1/ω") * 3 + Fraction(1, 2)
    SurrealNumber('(ω+6)/ω×2')
    """

    __slots__ = ("_num", "_den", "_hash")
    _num: CNF
    _den: CNF
    _hash: int

    _undefined = {
        "left_options": INFINITE_FORM,
        "right_options": INFINITE_FORM,
        "is_infinitesimal": "the stops of a surreal number are the number itself, never 0 as those of a "
                            "short infinitesimal are (1/ω is infinitesimal in the surreal sense: below every "
                            "positive real)",
        "is_loopfree": LOOPY_QUESTION,
        "is_plumtree": LOOPY_QUESTION,
        "is_stopper": LOOPY_QUESTION,
        "is_stopper_sided": LOOPY_QUESTION,
    }
    _facts: ClassVar[tuple[str, ...]] = ("numerator", "denominator", "sign")

    def __new__(cls, text: str) -> Self:
        return cls._read(text)

    @classmethod
    def _make(cls, numerator: CNF, denominator: CNF) -> Self:
        """The trusted constructor: Cantor normal forms already in lowest terms."""
        value = object.__new__(cls)
        object.__setattr__(value, "_num", numerator)
        object.__setattr__(value, "_den", denominator)
        object.__setattr__(value, "_hash", hash((cls.__name__, numerator, denominator)))
        return value

    # ------------------------------------------------------------ parts
    @property
    def numerator(self) -> int | SurrealNumber:
        """The numerator in lowest terms: an int or a `GeneralizedOrdinal`.

        >>> SurrealNumber("(ω+1)/(ω×2)").numerator
        GeneralizedOrdinal('ω+1')
        """
        return ordinal_value(self._num)

    @property
    def denominator(self) -> int | SurrealNumber:
        """The denominator in lowest terms, positive: an int or a `GeneralizedOrdinal`.

        >>> SurrealNumber("(ω+1)/(ω×2)").denominator
        GeneralizedOrdinal('ω×2')
        """
        return ordinal_value(self._den)

    @property
    def reciprocal(self) -> Value:
        """``1/x``.

        >>> SurrealNumber("1/ω").reciprocal
        GeneralizedOrdinal('ω')
        """
        return quotient(self._den, self._num)

    @property
    def sign(self) -> int:
        """1 for a positive number, -1 for a negative one (never 0: zero is the Game 0).

        >>> (-1 / SurrealNumber("1/ω")).sign
        -1
        """
        return cnf.sign(self._num)

    @property
    def outcome(self) -> Literal["L", "R"]:
        """The outcome class: 'L' for a positive number (Left wins), 'R' for a negative one.

        >>> SurrealNumber("1/ω").outcome
        'L'
        """
        return "L" if cnf.sign(self._num) > 0 else "R"

    @property
    def birthday(self) -> int | SurrealNumber:
        """The birthday; known for rationals and generalized ordinals only, as in CGSuite."""
        raise UndefinedInvariantError(
            "birthday", type(self).__name__,
            "`Birthday` is not yet implemented for the general `SurrealNumber` "
            "(only for `Rational` and `GeneralizedOrdinal`), as in CGSuite")

    # ------------------------------------------------------------ the questions of cgt.value
    def _answer(self, name: str, answer: _T) -> _T:
        """``answer`` to the question ``name``; ``±inf`` (a Rational) is no game and answers none."""
        if not self._den:
            raise UndefinedInvariantError(
                name, type(self).__name__, "inf is not a game but the limit 1/0 that CGSuite adds to the rationals")
        return answer

    @property
    def left_stop(self) -> Self:
        """``L(x) = x``: a number is its own stop."""
        return self._answer("left_stop", self)

    @property
    def right_stop(self) -> Self:
        """``R(x) = x``."""
        return self._answer("right_stop", self)

    @property
    def is_number(self) -> bool:
        """True: a surreal number is a number."""
        return self._answer("is_number", True)

    @property
    def is_numberish(self) -> bool:
        """True, as for every number."""
        return self._answer("is_numberish", True)

    @property
    def is_number_tiny(self) -> bool:
        """True, as for every number."""
        return self._answer("is_number_tiny", True)

    @property
    def is_pseudonumber(self) -> bool:
        """True, as for every number."""
        return self._answer("is_pseudonumber", True)

    @property
    def is_integer(self) -> bool:
        """Whether the value is an integer: never (integers are Games)."""
        return self._answer("is_integer", False)

    @property
    def is_ordinal(self) -> bool:
        """Whether the value is an ordinal (only some `GeneralizedOrdinal` are)."""
        return self._answer("is_ordinal", False)

    @property
    def is_nimber(self) -> bool:
        """False: a nonzero number is no nimber."""
        return self._answer("is_nimber", False)

    @property
    def is_zero(self) -> bool:
        """False: zero is the Game 0."""
        return self._answer("is_zero", False)

    @property
    def is_uptimal(self) -> bool:
        """False: an uptimal's number is dyadic and finite."""
        return self._answer("is_uptimal", False)

    @property
    def is_all_small(self) -> bool:
        """False: 0 is the only all-small number."""
        return self._answer("is_all_small", False)

    @property
    def is_idempotent(self) -> bool:
        """False: ``x + x = x`` only for ``x = 0``."""
        return self._answer("is_idempotent", False)

    @property
    def is_finite(self) -> bool:
        """False: born on day ω or later, it has infinitely many positions."""
        return self._answer("is_finite", False)

    # ------------------------------------------------------------ arithmetic
    __add__, __radd__ = _operators(_add, "add")
    __sub__, __rsub__ = _operators(_subtract, "sub")
    __mul__, __rmul__ = _operators(_multiply, "mul")
    __truediv__, __rtruediv__ = _operators(_divide, "truediv")

    def __neg__(self) -> Value:
        return quotient(cnf.negate(self._num), self._den, reduced=True)

    def __pos__(self) -> Self:
        return self

    def __abs__(self) -> Value:
        return -self if cnf.sign(self._num) < 0 else self

    def __pow__(self, n: object) -> Value:
        """``x ** n`` for an integer ``n`` (an int or an integer Game); ``x ** -n = 1 / x ** n``."""
        k = _integer(n)
        if k is None:
            if isinstance(n, SurrealNumber) or as_quotient(n) is not None:
                raise TypeError(f"({self}) ** ({n}): only ω is raised to a power that is not an integer "
                                "(ω^α for a generalized ordinal α)")
            return NotImplemented
        n = k
        if n >= 0:
            return quotient(cnf.power(self._num, n), cnf.power(self._den, n), reduced=True)
        return quotient(cnf.power(self._den, -n), cnf.power(self._num, -n), reduced=True)

    def __bool__(self) -> bool:
        return True

    # ------------------------------------------------------------ order
    def _richcmp(self, other: object, op: int) -> Any:
        if op in (2, 3):
            return self._equals(other) if op == 2 else not self._equals(other)
        pair = as_quotient(other)
        if pair is None:
            return NotImplemented
        return _ORDER[op](_compare((self._num, self._den), pair), 0)

    def _equals(self, other: object) -> bool:
        if isinstance(other, SurrealNumber):
            return type(other) is type(self) and self._num == other._num and self._den == other._den
        if isinstance(other, Game) and not other.is_number:
            return False
        pair = as_quotient(other)
        return pair is not None and _compare((self._num, self._den), pair) == 0

    def __eq__(self, other: object) -> bool:
        if isinstance(other, (SurrealNumber, Game, int, _RationalABC)):
            return self._equals(other)
        return NotImplemented

    def __ne__(self, other: object) -> bool:
        equal = self.__eq__(other)
        return equal if equal is NotImplemented else not equal

    def __lt__(self, other: object, /) -> bool:
        return self._richcmp(other, 0)

    def __le__(self, other: object, /) -> bool:
        return self._richcmp(other, 1)

    def __gt__(self, other: object, /) -> bool:
        return self._richcmp(other, 4)

    def __ge__(self, other: object, /) -> bool:
        return self._richcmp(other, 5)

    def __hash__(self) -> int:
        return self._hash

    # ------------------------------------------------------------ text
    def __str__(self) -> str:
        """CGSuite's text: ``n/d``, each part in parentheses when it has several terms."""
        return f"{_part(self._num)}/{_part(self._den)}"

    def __repr__(self) -> str:
        return f"{type(self).__name__}({str(self)!r})"

    def _latex(self, printer: object = None) -> str:
        r"""LaTeX (math mode) for the value; ``_repr_latex_`` (of `cgt.value.Value`) adds the dollars.

        >>> print(SurrealNumber("1/ω")._repr_latex_())
        $\frac{1}{\omega}$
        """
        numerator = cnf.latex(self._num)
        if numerator.startswith("-") and len(self._num) == 1:
            return rf"-\frac{{{numerator[1:]}}}{{{cnf.latex(self._den)}}}"
        return rf"\frac{{{numerator}}}{{{cnf.latex(self._den)}}}"


def _part(x: CNF) -> str:
    text = cnf.text(x)
    return f"({text})" if len(x) > 1 else text


def _integer(n: object) -> int | None:
    """The int of an int or an integer Game, else None."""
    if isinstance(n, Game) and n.is_integer:
        return int(n.to_fraction())
    if isinstance(n, int) and not isinstance(n, bool):
        return n
    return None


