"""Transfinite nimbers ``*α``: Nim heaps of infinite ordinal size.

For every ordinal ``α`` the impartial game ``*α = {*β : β < α | *β : β < α}``
is a Nim heap of size ``α`` (Conway, ONAG ch. 6).  Sums of heaps are heaps of
the nim sum, ``*α + *β = *(α ⊕ β)``, every ``*α`` is its own negative, and
the Conway product of heaps is the heap of the nim product (CGSuite's
``TransfiniteNimber``).  A finite ``*n`` is a short game, `~cgt.nimber`.

>>> w = transfinite_nimber(omega)
>>> w, w + transfinite_nimber(5), w + w, w.conway_product(transfinite_nimber(omega ** 2))
(TransfiniteNimber('*ω'), TransfiniteNimber('*(ω+5)'), Game('0'), Game('*2'))
"""

from __future__ import annotations

from numbers import Rational
from typing import Any, ClassVar, Literal

from cgt.dyadic import integer_text
from cgt.errors import NotOrdinalError
from cgt.short.game import Game, nimber
from cgt.transfinite import cnf
from cgt.transfinite.nim_field import nim_product, nim_sum
from cgt.transfinite.ordinal import GeneralizedOrdinal, omega
from cgt.transfinite.surreal import INFINITE_FORM, LOOPY_QUESTION, SurrealNumber, _integer
from cgt.value import Value, kind

__all__ = ["TransfiniteNimber", "transfinite_nimber"]


class TransfiniteNimber(Value):
    """The nimber ``*α`` of an infinite ordinal ``α``.

    ``TransfiniteNimber(text)`` reads CGSuite notation (``'*ω'``,
    ``'*(ω+5)'``, ``'*ω^2'``); `transfinite_nimber` builds one from its
    ordinal.  ``+`` (and ``-``) with transfinite or finite nimbers is the nim
    sum; ``n * G`` the sum of ``n`` copies; `conway_product` the nim product.

    >>> TransfiniteNimber("*(omega*omega)").nim_value, TransfiniteNimber("*ω").outcome
    (GeneralizedOrdinal('ω^2'), 'N')
    """

    __slots__ = ("_value", "_hash")
    _value: cnf.CNF
    _hash: int

    _undefined = {
        "left_options": INFINITE_FORM,
        "right_options": INFINITE_FORM,
        "is_loopfree": LOOPY_QUESTION,
        "is_plumtree": LOOPY_QUESTION,
        "is_stopper": LOOPY_QUESTION,
        "is_stopper_sided": LOOPY_QUESTION,
    }
    _facts: ClassVar[tuple[str, ...]] = ("nim_value",)

    def __new__(cls, text: str) -> TransfiniteNimber:
        return cls._read(text, "; transfinite_nimber(alpha) builds *alpha")

    @classmethod
    def _of(cls, x: cnf.CNF) -> TransfiniteNimber:
        """The trusted constructor: the Cantor normal form of an infinite ordinal."""
        value = object.__new__(cls)
        object.__setattr__(value, "_value", x)
        object.__setattr__(value, "_hash", hash(("*", x)))
        return value

    # ------------------------------------------------------------ invariants
    @property
    def nim_value(self) -> GeneralizedOrdinal:
        """``α`` for ``*α``: a GeneralizedOrdinal."""
        return GeneralizedOrdinal._of(self._value)

    @property
    def birthday(self) -> GeneralizedOrdinal:
        """The birthday of ``*α`` is ``α``."""
        return self.nim_value

    @property
    def outcome(self) -> Literal["N"]:
        """'N': the player to move wins ``*α`` (α > 0) by moving to ``*0``."""
        return "N"

    @property
    def is_nimber(self) -> bool:
        """Always True."""
        return True

    @property
    def is_number(self) -> bool:
        """Always False: ``*α`` is confused with 0."""
        return False

    @property
    def left_stop(self) -> Game:
        """0: Left moves to ``*0 = 0``, a number."""
        return nimber(0)

    @property
    def right_stop(self) -> Game:
        """0: Right moves to ``*0 = 0``."""
        return nimber(0)

    @property
    def is_infinitesimal(self) -> bool:
        """True: both stops are 0."""
        return True

    @property
    def is_numberish(self) -> bool:
        """True: both stops are the number 0."""
        return True

    @property
    def is_all_small(self) -> bool:
        """True: in every position of a Nim heap, both players can move, or neither."""
        return True

    @property
    def is_integer(self) -> bool:
        """False."""
        return False

    is_zero = is_number_tiny = is_uptimal = is_ordinal = is_idempotent = is_pseudonumber = is_finite = is_integer

    # ------------------------------------------------------------ arithmetic
    def __add__(self, other: object) -> Value:
        beta = _nim_value(other, self, "+")
        return NotImplemented if beta is None else transfinite_nimber(nim_sum(self.nim_value, beta))

    __radd__ = __sub__ = __rsub__ = __add__

    def __neg__(self) -> TransfiniteNimber:
        return self

    def __pos__(self) -> TransfiniteNimber:
        return self

    def __mul__(self, n: int) -> Value:
        """``n * *α``: the sum of ``|n|`` copies, ``*α`` for odd ``n``, 0 for even ``n``."""
        if isinstance(n, bool) or not isinstance(n, int):
            return NotImplemented
        return self if n % 2 else nimber(0)

    __rmul__ = __mul__

    def conway_product(self, other: TransfiniteNimber | Game) -> Value:
        """Conway's product ``*α × *β = *(α ⊗ β)`` (the nim product), with a finite or transfinite nimber.

        >>> transfinite_nimber(omega).conway_product(transfinite_nimber(omega))
        TransfiniteNimber('*ω^2')
        """
        beta = _nim_value(other, self, "ConwayProduct")
        if beta is None:
            raise TypeError(f"the Conway product of {self} needs a nimber, not {other!r}")
        return transfinite_nimber(nim_product(self.nim_value, beta))

    def __bool__(self) -> bool:
        return True

    # ------------------------------------------------------------ equality
    def __eq__(self, other: object) -> Any:
        if isinstance(other, TransfiniteNimber):
            return self._value == other._value
        return False if isinstance(other, Game) else NotImplemented

    def __ne__(self, other: object) -> Any:
        equal = self.__eq__(other)
        return equal if equal is NotImplemented else not equal

    # ------------------------------------------------------------ order
    def _compare(self, other: object) -> Any:
        """``-1``, ``0``, ``1`` for ``*α <, =, > other``, ``None`` when confused, ``NotImplemented`` for a
        kind that is no game; a nimber or a short number compares, any other value is a TypeError.

        ``*α - *β = *(α ⊕ β)`` is 0 only for ``α = β``, and a nonzero nimber is
        confused with 0 (the first player moves to 0).  For a number ``x > 0``,
        ``x + *α > 0`` (induction on ``α`` and the birthday of ``x``: Right's
        moves leave ``x^R + *α`` or ``x + *β``, positive; Left moving first
        takes ``*α`` to 0), so ``*α < x``; and ``*α > x`` for ``x < 0``.

        >>> w = transfinite_nimber(omega)
        >>> w.is_confused_with(0), w < 1, w > -1, w <= w, w <= transfinite_nimber(omega + 1)
        (True, True, True, True, False)
        """
        if isinstance(other, int) and not isinstance(other, bool):
            other = Game(other)
        if isinstance(other, TransfiniteNimber) or isinstance(other, Game) and other.is_nimber:
            return 0 if other == self else None
        if isinstance(other, Game) and other.is_number:
            return -1 if other > 0 else 1
        if isinstance(other, (Game, Value)):
            raise TypeError(f"a transfinite nimber compares with nimbers and short numbers, not with "
                            f"{kind(other)} {other}: {self} and {other} do not compare")
        return NotImplemented

    def __le__(self, other: object, /) -> bool:
        order = self._compare(other)
        return order if order is NotImplemented else order in (-1, 0)

    def __lt__(self, other: object, /) -> bool:
        order = self._compare(other)
        return order if order is NotImplemented else order == -1

    def __ge__(self, other: object, /) -> bool:
        order = self._compare(other)
        return order if order is NotImplemented else order in (0, 1)

    def __gt__(self, other: object, /) -> bool:
        order = self._compare(other)
        return order if order is NotImplemented else order == 1

    def __hash__(self) -> int:
        return self._hash

    # ------------------------------------------------------------ text
    def __str__(self) -> str:
        """CGSuite's text: ``*ω``, ``*ω^2``, ``*(ω+5)``, ``*(ω×5)``."""
        x = self._value
        if len(x) > 1 or (x[0][0] and x[0][1] != 1):
            return f"*({cnf.text(x)})"
        return f"*{cnf.text(x)}"

    def __repr__(self) -> str:
        return f"TransfiniteNimber({str(self)!r})"

    def _latex(self, printer: object = None) -> str:
        r"""LaTeX (math mode): ``\ast(\omega+5)``, ``\ast\omega``; for notebooks ``_repr_latex_`` adds the dollars."""
        x = self._value
        inner = cnf.latex(x)
        return f"\\ast({inner})" if len(x) > 1 else f"\\ast{inner}"


def transfinite_nimber(alpha: int | Game | GeneralizedOrdinal) -> Value:
    """``*α`` for an ordinal ``α`` (an int, an integer Game or a GeneralizedOrdinal): a Game when finite.

    >>> transfinite_nimber(omega * 5), transfinite_nimber(3)
    (TransfiniteNimber('*(ω×5)'), Game('*3'))
    >>> transfinite_nimber(omega - 1)
    Traceback (most recent call last):
    ...
    cgt.errors.NotOrdinalError: Nim value is not an ordinal: ω-1
    """
    if isinstance(alpha, GeneralizedOrdinal):
        if not alpha.is_ordinal:
            raise NotOrdinalError(f"Nim value is not an ordinal: {alpha}")
        return TransfiniteNimber._of(alpha._num)
    n = _integer(alpha)
    if n is None:
        raise TypeError(f"a nim value is an ordinal (an int or a GeneralizedOrdinal), not {alpha!r}")
    if n < 0:
        raise NotOrdinalError(f"Nim value is negative: {integer_text(n)}")
    return nimber(n)


def _nim_value(other: object, nimber_: TransfiniteNimber, symbol: str) -> int | GeneralizedOrdinal | None:
    """The nim value of a nimber operand (an int or GeneralizedOrdinal); None for an unknown type.

    A number or a short game that is not a nimber raises a TypeError.
    """
    if isinstance(other, TransfiniteNimber):
        return other.nim_value
    if isinstance(other, Game):
        if other.is_nimber:
            return other.nim_value
    if isinstance(other, (Game, SurrealNumber, int, Rational)):
        raise TypeError(f"{other} is not a nimber: a transfinite nimber such as {nimber_} "
                        f"combines ({symbol}) only with nimbers")
    return None
