"""`Game`: a short partizan game in canonical form.

A short game ``G = {G^L | G^R}`` is given by the games Left and Right can move
to.  Every short game equals exactly one game in *canonical form* (no
dominated and no reversible options); `Game` is that canonical form, interned,
so equal games are the same object.

>>> G = Game([1], [star])
>>> G
Game('{1|*}')
>>> print(G + G, -G, G > 0, up + up + star)
1* {*|-1} True ^^*
"""

from __future__ import annotations

import reprlib
from collections.abc import Callable, Iterable
from fractions import Fraction
from functools import partial
from numbers import Rational
from types import ModuleType
from typing import TYPE_CHECKING, Any, Literal, TypeAlias, Union, overload

from cgt import engine
from cgt.short import uptimals
from cgt.dyadic import as_dyadic, birthday
from cgt.errors import NotDyadicError
from cgt.hooks import above
from cgt.limits import LIMITS
from cgt.short.incentives import incentives, left_incentives, right_incentives
from cgt.short.printer import game_latex, game_text, number_tiny_parts, sort_key
from cgt.value import Value

if TYPE_CHECKING:
    from cgt.short.explicit import ExplicitGame
    from cgt.short import thermograph as _thermographs

__all__ = [
    "Game",
    "number",
    "nimber",
    "uptimal",
    "switch",
    "tiny",
    "miny",
    "up_power",
    "up_power_to",
    "zero",
    "star",
    "up",
    "down",
    "clear_caches",
]

_ZERO_FRACTION = Fraction(0)

#: What `Game` reads as a game: a Game, an int, a dyadic Fraction or CGSuite notation.
GameLike: TypeAlias = Union["Game", int, Fraction, str]
#: The outcome classes of a short game: Left wins, Right wins, the next player wins, the previous one.
Outcome: TypeAlias = Literal["L", "R", "N", "P"]


class Game(engine.GameHandle, Value):
    """A short partizan game ``{G^L | G^R}``, held in canonical form.

    ``Game(left, right)`` builds ``{left | right}`` from option lists whose
    items are Games, ints, dyadic Fractions or notation strings;
    ``Game(x)`` converts one such value.  Equal games are the same object.

    ``<= < >= > == !=`` are the game order, a partial order: ``G <= H`` when
    Left, playing second, wins ``H - G``.  Two games can be *confused*
    (``G || H``): neither ``G <= H`` nor ``H <= G``.  A `~cgt.value.Value`:
    it answers every question of the protocol.

    >>> Game([0], [])
    Game('1')
    >>> Game([0, star], [0]) == up + star
    True
    >>> star <= 0, star >= 0, star.is_confused_with(0)
    (False, False, True)
    """

    __slots__ = ()

    _facts = ("mean", "temperature")

    def __new__(cls, left: GameLike | Iterable[GameLike] = (), right: Iterable[GameLike] | None = None) -> Game:
        if right is None and isinstance(left, (bytes, bytearray, memoryview)):
            raise TypeError(f"Game() reads notation from a str, not {type(left).__name__} {reprlib.repr(left)}; "
                            f"decode it first")
        if right is None and (isinstance(left, (Game, str, Rational)) or not _is_collection(left)):
            return _game(_coerce(left))
        left_ids = [_coerce(g) for g in _option_list(left)]
        right_ids = [_coerce(g) for g in _option_list(right if right is not None else ())]
        return _game(engine.construct(left_ids, right_ids))

    # ------------------------------------------------------------ options
    @property
    def left_options(self) -> tuple[Game, ...]:
        """Left's options ``G^L``, canonical, in CGSuite's order.

        >>> Game("{2||1|0}").left_options
        (Game('2'),)
        """
        return tuple(_game(g) for g in _ordered(engine.left(self._id)))

    @property
    def right_options(self) -> tuple[Game, ...]:
        """Right's options ``G^R``, canonical, in CGSuite's order.

        >>> Game("{2||1|0}").right_options
        (Game('{1|0}'),)
        """
        return tuple(_game(g) for g in _ordered(engine.right(self._id)))

    @property
    def followers(self) -> tuple[Game, ...]:
        """Every game reachable from ``G`` by moves of either player, ``G`` included.

        >>> up.followers
        (Game('0'), Game('*'), Game('^'))
        """
        return tuple(_game(g) for g in _ordered(_follower_ids(self._id)))

    @property
    def follower_count(self) -> int:
        """The number of followers of ``G`` (``G`` included).

        >>> Game(-1823437481924).follower_count
        1823437481925
        """
        fast = engine.fast_path(self._id)
        if fast is not None and (fast[1] == 0 or fast[0] == 0):
            return _fast_follower_count(*fast)
        return len(_follower_ids(self._id))

    @property
    def birthday(self) -> int:
        """The birthday: 0 for 0, else one more than the greatest birthday of an option.

        >>> Game(Fraction(3, 4)).birthday, nimber(20).birthday, Game(10**6).birthday
        (3, 20, 1000000)
        """
        return engine.birthday(self._id)

    # ------------------------------------------------------------ values
    @property
    def left_stop(self) -> Fraction:
        """``L(G)``: the number reached when Left moves first and both play to the stop.

        >>> Game("{3||2*|1*}").left_stop
        Fraction(3, 1)
        """
        return engine.stops(self._id)[0]

    @property
    def right_stop(self) -> Fraction:
        """``R(G)``: the number reached when Right moves first.

        >>> Game("{3||2*|1*}").right_stop
        Fraction(2, 1)
        """
        return engine.stops(self._id)[1]

    @property
    def outcome(self) -> Outcome:
        """The outcome class: 'L' (G > 0), 'R' (G < 0), 'P' (G = 0) or 'N' (G || 0).

        >>> zero.outcome, up.outcome, down.outcome, (up + star).outcome
        ('P', 'L', 'R', 'N')
        """
        ge = engine.le(engine.ZERO, self._id)
        le = engine.le(self._id, engine.ZERO)
        if ge:
            return "P" if le else "L"
        return "R" if le else "N"

    def to_fraction(self) -> Fraction:
        """The value of a number game as an exact Fraction.

        >>> Game("-3/16").to_fraction()
        Fraction(-3, 16)
        """
        x = engine.number(self._id)
        if x is None:
            raise ValueError(f"{self} is not a number")
        return x

    @property
    def nim_value(self) -> int:
        """``n`` for the nimber ``*n``.

        >>> nimber(5).nim_value, (nimber(3) + nimber(5)).nim_value
        (5, 6)
        """
        fast = engine.fast_path(self._id)
        if fast is None or fast[0] or fast[1]:
            raise ValueError(f"{self} is not a nimber, so it has no nim value")
        return fast[2]

    # ------------------------------------------------------------ kinds
    @property
    def is_number(self) -> bool:
        """Whether ``G`` equals a (dyadic) number.

        >>> Game("{0|1}").is_number, star.is_number
        (True, False)
        """
        return engine.number(self._id) is not None

    @property
    def is_integer(self) -> bool:
        """Whether ``G`` equals an integer."""
        x = engine.number(self._id)
        return x is not None and x.denominator == 1

    @property
    def is_nimber(self) -> bool:
        """Whether ``G`` equals a nimber ``*n`` (0 included)."""
        fast = engine.fast_path(self._id)
        return fast is not None and not fast[0] and not fast[1]

    @property
    def is_zero(self) -> bool:
        """Whether ``G = 0``."""
        return self._id == engine.ZERO

    @property
    def is_ordinal(self) -> bool:
        """Whether ``G`` is an ordinal: Right has no move anywhere in it (a non-negative integer).

        >>> Game(3).is_ordinal, Game(-1).is_ordinal
        (True, False)
        """
        x = engine.number(self._id)
        return x is not None and x.denominator == 1 and x >= 0

    @property
    def is_infinitesimal(self) -> bool:
        """Whether ``G`` is infinitesimal: both stops are 0 (``-x < G < x`` for every number x > 0).

        >>> up.is_infinitesimal, Game(Fraction(1, 2)).is_infinitesimal
        (True, False)
        """
        return engine.stops(self._id) == (_ZERO_FRACTION, _ZERO_FRACTION)

    @property
    def is_numberish(self) -> bool:
        """Whether ``G`` is a number plus an infinitesimal: ``L(G) = R(G)``."""
        lstop, rstop = engine.stops(self._id)
        return lstop == rstop

    @property
    def is_all_small(self) -> bool:
        """Whether ``G`` is all-small: in every follower, Left can move iff Right can.

        >>> (up + star).is_all_small, Game(1).is_all_small
        (True, False)
        """
        return _structural(_ALL_SMALL, self._id)

    @property
    def is_even(self) -> bool:
        """Whether ``G`` is even: every option is odd (0 is even).

        >>> Game(2).is_even, Game(1).is_even
        (True, False)
        """
        return _structural(_PARITY, self._id) == "even"

    @property
    def is_odd(self) -> bool:
        """Whether ``G`` is odd: every option is even (1 and * are odd)."""
        return _structural(_PARITY, self._id) == "odd"

    @property
    def is_even_tempered(self) -> bool:
        """Whether ``G`` is even-tempered: a number, or every option odd-tempered.

        >>> Game(Fraction(1, 2)).is_even_tempered, star.is_even_tempered
        (True, False)
        """
        return _structural(_TEMPER, self._id) == "even"

    @property
    def is_odd_tempered(self) -> bool:
        """Whether ``G`` is odd-tempered: ``x*`` for a number x, or every option even-tempered."""
        return _structural(_TEMPER, self._id) == "odd"

    @property
    def is_idempotent(self) -> bool:
        """Whether ``G + G = G``: of short games, only 0."""
        return self._id == engine.ZERO

    @property
    def is_pseudonumber(self) -> bool:
        """Whether ``G`` is a pseudonumber: of short games, the numbers."""
        return self.is_number

    is_loopfree = is_plumtree = is_stopper = is_stopper_sided = is_finite = property(
        lambda self: True, doc="True: a short game is loopfree, so a stopper, and finite.")

    @property
    def is_uptimal(self) -> bool:
        """Whether ``G`` is an uptimal ``x + a_1.↑ + a_2.↑<2> + ... + *m``.

        >>> Game("{0|*||*|||*||||*}").is_uptimal, Game("{1|^^||^}").is_uptimal
        (True, False)
        """
        return uptimals.is_uptimal(self._id)

    @property
    def uptimal_expansion(self) -> uptimals.UptimalExpansion:
        """The uptimal expansion ``x.a_1a_2...a_k`` (with ``*m``) of an uptimal.

        >>> print(Game("^<2>*").uptimal_expansion)
        *.01
        """
        expansion = uptimals.uptimal_expansion(self._id)
        if expansion is None:
            raise ValueError(f"{self} is not an uptimal")
        return expansion

    @property
    def is_number_tiny(self) -> bool:
        """Whether ``G`` is a number, or ``x + Tiny(H)`` / ``x + Miny(H)``: ``{x || x | y}`` with mean(y) < x.

        >>> Game("{0|||0||-1|-3}").is_number_tiny, Game("{0||0|vvv}").is_number_tiny
        (True, False)
        """
        return self.is_number or number_tiny_parts(self._id) is not None

    @property
    def mean(self) -> Fraction:
        """The mean value ``m(G)``: ``n.G`` is within a bounded distance of ``n.m(G)``.

        >>> Game("{3||2*|1*}").mean
        Fraction(9, 4)
        """
        return _thermography().mean(self._id)

    @property
    def temperature(self) -> Fraction:
        """The temperature: where the thermograph's walls meet (CGSuite: -1 for integers, -1/2^k for m/2^k).

        >>> Game("{3||2*|1*}").temperature
        Fraction(3, 4)
        """
        return _thermography().temperature(self._id)

    @property
    def thermograph(self) -> _thermographs.Thermograph:
        """The thermograph: left and right walls as exact piecewise-linear functions of t.

        >>> print(Game("{3||2*|1*}").thermograph)
        Thermograph(9/4,[3/4],[0,-1],9/4,[3/4,1/2,0],[0,1,0,1])
        """
        return _thermography().thermograph(self._id)

    def cool(self, t: GameLike) -> Game:
        """``G`` cooled by ``t > -1``: ``G_t = {G^L_t - t | G^R_t + t}``, unless that is infinitesimally close to a number.

        A temperature ``t <= -1`` raises `CoolingTemperatureError`; ``-1 < t < 0`` heats a little, as in CGSuite.

        >>> Game("{3||2*|1*}").cool(Fraction(1, 2))
        Game('{5/2|2*}')
        """
        return _game(_cooling().cool(self._id, _number_argument(t)))

    @property
    def freeze(self) -> Game:
        """``G`` cooled by its own temperature.

        >>> Game("{3||2*|1*}").freeze
        Game('9/4*')
        """
        return _game(_cooling().freeze(self._id))

    def heat(self, t: GameLike) -> Game:
        """Norton heating ``∫^t G``: ``{t + ∫^t G^L | -t + ∫^t G^R}`` for non-numbers.

        >>> Game("{3||2*|1*}").heat(1)
        Game('{4|||3|1||0|-2}')
        """
        return _game(_cooling().heat(self._id, _coerce(t)))

    def overheat(self, s: GameLike, t: GameLike) -> Game:
        """Overheating from ``s`` by ``t``: ``∫_s^t G``."""
        return _game(_cooling().overheat(self._id, _coerce(s), _coerce(t)))

    @property
    def stop_count(self) -> int:
        """The number of leaves of the game tree of ``G``, numbers counting as leaves."""
        return _thermography().stop_count(self._id)

    @property
    def atomic_weight(self) -> Game:
        """The atomic weight ``aw(G)``: ``G ~ aw(G).↑`` for all-small and other atomic games.

        >>> up.atomic_weight, Game("^*6").atomic_weight      # CGSuite: 1, 1
        (Game('1'), Game('1'))
        """
        return _game(_atomic().atomic_weight(self._id))

    @property
    def is_atomic(self) -> bool:
        """Whether ``G`` has an atomic weight."""
        return _atomic().is_atomic(self._id)

    @property
    def reduced_canonical_form(self) -> Game:
        """The simplest game infinitesimally close to ``G`` (``rcf(G) - G`` is infinitesimal).

        >>> Game("9/8*").reduced_canonical_form, up.reduced_canonical_form   # CGSuite: 9/8, 0
        (Game('9/8'), Game('0'))
        """
        return _game(_atomic().reduced_canonical_form(self._id))

    @property
    def companion(self) -> Game:
        """The companion of ``G`` (CGSuite's ``Companion``; ``0`` has companion ``*``)."""
        return _game(_atomic().companion(self._id))

    @property
    def incentives(self) -> tuple[Game, ...]:
        """All incentives: the left incentives ``G^L - G`` and the right incentives ``G - G^R``.

        >>> up.incentives, nimber(8).incentives[:2]    # CGSuite: {^*}, {*8,*9,...,*15}
        ((Game('^*'),), (Game('*8'), Game('*9')))
        """
        return tuple(_game(g) for g in incentives(self._id))

    @property
    def left_incentives(self) -> tuple[Game, ...]:
        """Left's incentives ``G^L - G``."""
        return tuple(_game(g) for g in left_incentives(self._id))

    @property
    def right_incentives(self) -> tuple[Game, ...]:
        """Right's incentives ``G - G^R``."""
        return tuple(_game(g) for g in right_incentives(self._id))

    @overload
    def ordinal_sum(self, other: GameLike | ExplicitGame) -> Game: ...
    @overload
    def ordinal_sum(self, other: Value) -> Value: ...

    def ordinal_sum(self, other: GameLike | ExplicitGame | Value) -> Value:
        """The ordinal sum ``G:H = {G^L, G:H^L | G^R, G:H^R}``: play in G wipes out H.

        >>> Game(Fraction(1, 2)).ordinal_sum(Fraction(1, 4))     # 1/2 : 1/4 = 9/16
        Game('9/16')
        """
        reflected = getattr(other, "_rordinal_sum", None)
        if reflected is not None:          # a loopy value computes G : H itself
            return reflected(self)
        return _game(_products().ordinal_sum(self._id, _compound_operand(other)))

    def norton_product(self, unit: GameLike) -> Game:
        """Norton multiplication ``G.U`` by a positive unit U (``n.U`` for integers n).

        >>> Game(2).norton_product(up) == up + up
        True
        """
        return _game(_products().norton_product(self._id, _coerce(unit)))

    def conway_product(self, other: GameLike | ExplicitGame) -> Game:
        """Conway's product ``G × H``: the product of numbers, the nim-product of nimbers.

        >>> nimber(2).conway_product(nimber(3))     # 2 ⊗ 3 = 1 in the nim field
        Game('*')
        """
        return _game(_products().conway_product(self._id, _compound_operand(other)))

    def ordinal_product(self, other: GameLike | ExplicitGame) -> Game:
        """CGSuite's ``OrdinalProduct`` (``*a`` times ``*b`` is ``*ab``)."""
        return _game(_products().ordinal_product(self._id, _compound_operand(other)))

    def conjunctive_sum(self, other: GameLike | ExplicitGame) -> Game:
        """The conjunctive sum ``G ∧ H``: a move in every component; ends when either ends."""
        return _game(_products().conjunctive_sum(self._id, _compound_operand(other)))

    def selective_sum(self, other: GameLike | ExplicitGame) -> Game:
        """CGSuite's selective sum ``G ∨ H``: a move in one or both components."""
        return _game(_products().selective_sum(self._id, _compound_operand(other)))

    @overload
    def pow(self, x: GameLike) -> Game: ...
    @overload
    def pow(self, x: Value) -> Value: ...

    def pow(self, x: GameLike | Value) -> Value:
        """``G.pow(n)`` for ``G = {0 | H}``: ``{0 | H - G.pow_to(n-1)}`` (up-nth for G = ↑).

        ``x`` may be a loopy pseudonumber (`cgt.loopy.ordinal.pow`).

        >>> up.pow(2)
        Game('^<2>')
        """
        reflected = getattr(x, "_rpow", None)
        if reflected is not None:          # a loopy exponent computes the power itself
            return reflected(self)
        return _game(uptimals.pow(self._id, _number_argument(x)))

    @overload
    def pow_to(self, x: GameLike) -> Game: ...
    @overload
    def pow_to(self, x: Value) -> Value: ...

    def pow_to(self, x: GameLike | Value) -> Value:
        """``G.pow_to(n)``: ``{G.pow_to(n-1) | H}`` for ``G = {0 | H}``, CGSuite's ``PowTo``.

        ``x`` may be a loopy pseudonumber: ``up.pow_to(on)`` is ``^[on]``
        (`cgt.loopy.ordinal.pow_to`).

        >>> up.pow_to(4)
        Game('^[4]')
        """
        reflected = getattr(x, "_rpow_to", None)
        if reflected is not None:          # a loopy exponent computes the power itself
            return reflected(self)
        return _game(uptimals.pow_to(self._id, _number_argument(x)))

    def is_confused_with(self, other: object) -> bool:
        """Whether ``G || H``: neither ``G <= H`` nor ``H <= G`` (written ``G <> H`` in CGSuite).

        >>> up.is_confused_with(star), up.is_confused_with(0)
        (True, False)
        """
        h = _coerce_operand(other)
        if h is None:                       # another kind of value: its order, or a TypeError naming both
            return super().is_confused_with(other)
        return not engine.run(engine.le, self._id, h) and not engine.run(engine.le, h, self._id)

    # ------------------------------------------------------------ arithmetic
    def __add__(self, other: Game | int | Fraction) -> Game:
        h = _coerce_operand(other)
        if h is None:
            return NotImplemented
        return _game(engine.run(engine.add, self._id, h))

    __radd__ = __add__

    def __neg__(self) -> Game:
        return _game(engine.run(engine.neg, self._id))

    def __pos__(self) -> Game:
        return self

    def __sub__(self, other: Game | int | Fraction) -> Game:
        h = _coerce_operand(other)
        if h is None:
            return NotImplemented
        return _game(engine.run(engine.add, self._id, engine.run(engine.neg, h)))

    def __rsub__(self, other: Game | int | Fraction) -> Game:
        h = _coerce_operand(other)
        if h is None:
            return NotImplemented
        return _game(engine.run(engine.add, h, engine.run(engine.neg, self._id)))

    def __mul__(self, n: int) -> Game:
        """``n * G``: the sum of n copies of G (of -G for negative n).

        Numbers, nimbers and uptimals are multiplied arithmetically; other
        games by doubling, each sum checked first against
        ``cgt.LIMITS.max_multiple`` (its work, estimated as the followers of
        one part times those of the other): past it, a
        `~cgt.errors.GameTooLargeError`.

        >>> 3 * up, 10**6 * Game("{2|1}")
        (Game('^3'), Game('1500000'))
        >>> 1000 * Game("{3|1||0}")
        Traceback (most recent call last):
        cgt.errors.GameTooLargeError: the work of a sum making the multiple n.G (the followers of one part times those of the other): 537460 is past the limit max_multiple = 500000; ...
        """
        if isinstance(n, bool) or not isinstance(n, int):
            return NotImplemented
        return _game(_multiple(self._id, n))

    __rmul__ = __mul__

    # ------------------------------------------------------------ order
    def _compare(self, other: object, op: int) -> Any:
        """``self op other`` for an operand that is not a Game (the base class compares Games).

        ``op`` is numbered as in CPython: 0 ``<``, 1 ``<=``, 2 ``==``, 3 ``!=``, 4 ``>``, 5 ``>=``.
        """
        if op == 2 or op == 3:
            if isinstance(other, Rational) and not isinstance(other, bool):
                return (engine.number(self._id) == other) == (op == 2)
            return NotImplemented
        h = _coerce_operand(other)
        return NotImplemented if h is None else _ORDER[op](self._id, h)

    def __bool__(self) -> bool:
        return self._id != engine.ZERO

    # ------------------------------------------------------------ text
    def __str__(self) -> str:
        return engine.run(game_text, self._id)

    def __repr__(self) -> str:
        return f"Game({str(self)!r})"

    def _latex(self, printer: object = None) -> str:
        """The game in LaTeX (math mode): ``\\{1\\mid\\ast\\}`` for ``{1|*}``."""
        return game_latex(str(self))


# ---------------------------------------------------------------- interning
_wrappers: dict[int, Game] = {}


# The game order on ids; the compiled engine needs no guard against deep recursion.
_le = engine.le if engine.ENGINE == "compiled" else partial(engine.run, engine.le)
_ORDER = {
    0: lambda a, b: _le(a, b) and not _le(b, a),
    1: _le,
    4: lambda a, b: _le(b, a) and not _le(a, b),
    5: lambda a, b: _le(b, a),
}


def _game(ident: int) -> Game:
    """The one Game object for engine id ``ident``."""
    g = _wrappers.get(ident)
    if g is None:
        g = _wrappers[ident] = engine.GameHandle.__new__(Game, ident)
    return g


# ---------------------------------------------------------------- modules loaded on first use
# Thermography, atomic weights, the products and explicit forms are some 2500
# lines that many sessions never use: they load when a Game first needs them, so that
# `import cgt` stays fast.  Each is a layer below this module (docs/architecture.md).
def _thermography() -> ModuleType:
    from cgt.short import thermograph  # lazy load for import time (see above)

    return thermograph


def _cooling() -> ModuleType:
    from cgt.short import cooling  # lazy load for import time (see above)

    return cooling


def _atomic() -> ModuleType:
    from cgt.short import atomic  # lazy load for import time (see above)

    return atomic


def _products() -> ModuleType:
    from cgt.short import products  # lazy load for import time (see above)

    return products


def _explicit() -> ModuleType:
    from cgt.short import explicit  # lazy load for import time (see above)

    return explicit


def _is_collection(value: Any) -> bool:
    try:
        iter(value)
    except TypeError:
        return False
    return True


def _option_list(options: Any) -> Iterable[GameLike]:
    """``options``, a collection of options; text and bytes are refused (their items are characters)."""
    if isinstance(options, (str, bytes, bytearray, memoryview)):
        raise TypeError(f"the options of a game are a list of games, not {type(options).__name__} "
                        f"{reprlib.repr(options)}; write Game('{{L|R}}') to read notation")
    return options


def _coerce(value: object) -> int:
    """The engine id of a Game, int, dyadic Fraction or notation string (an explicit form: of its value)."""
    if isinstance(value, Game):
        return value._id
    if isinstance(value, str):
        return _coerce(above.read(value))
    if isinstance(value, Rational) and not isinstance(value, bool):
        return engine.nus(as_dyadic(value))
    if isinstance(value, _explicit().ExplicitGame):
        return value.canonical_form._id
    raise TypeError(
        f"a game option must be a Game, an int, a dyadic Fraction or a notation string, not {type(value).__name__}"
    )


def _compound_operand(value: object) -> object:
    """An operand of a form-dependent compound: the id of a canonical game, or a form (an `ExplicitGame`) as it is."""
    if isinstance(value, str):
        value = above.read(value)
    if isinstance(value, (Game, Rational)):
        return _coerce(value)
    return value


def _coerce_operand(value: object) -> int | None:
    """The id of an arithmetic/comparison operand, or None for foreign types."""
    if type(value) is Game:
        return value._id
    if isinstance(value, Rational) and not isinstance(value, bool):
        try:
            return engine.nus(as_dyadic(value))
        except NotDyadicError:
            return None
    return None


def _number_argument(t: object) -> Fraction:
    """A dyadic Fraction from an int, Fraction, numeric string or number Game."""
    if isinstance(t, Game):
        return t.to_fraction()
    if isinstance(t, str):
        return Game(t).to_fraction()
    return as_dyadic(t)


# ---------------------------------------------------------------- order of options
def _ordered(ids: Iterable[int]) -> list[int]:
    """Ids in CGSuite's order: numbers, nimbers, other uptimals, then the rest."""
    return engine.call(lambda: sorted(ids, key=sort_key), *ids)


# ---------------------------------------------------------------- followers
def _multiple(a: int, n: int) -> int:
    """The id of ``n.a``: arithmetically once a doubling of ``a`` is an uptimal, else each sum
    checked against ``cgt.LIMITS.max_multiple``."""
    if n < 0:
        a, n = engine.run(engine.neg, a), -n
    total = engine.ZERO
    while n > 1 and engine.uptimal(a) is None:
        if n & 1:
            total = _checked_sum(total, a)
        a, n = _checked_sum(a, a), n >> 1
    return _checked_sum(total, engine.multiple(a, n))


def _checked_sum(a: int, b: int) -> int:
    """The id of ``a + b``, for games whose sum is no more work than ``cgt.LIMITS.max_multiple``."""
    if a == engine.ZERO or b == engine.ZERO:
        return a if b == engine.ZERO else b
    counts = [1 if engine.uptimal(g) is not None else len(_follower_ids(g)) for g in (a, b)]
    LIMITS.within("max_multiple", counts[0] * counts[1],
                  "the work of a sum making the multiple n.G (the followers of one part times those of the other)")
    return engine.run(engine.add, a, b)


def _follower_ids(a: int) -> set[int]:
    seen = {a}
    stack = [a]
    while stack:
        g = stack.pop()
        for h in engine.left(g) + engine.right(g):
            if h not in seen:
                seen.add(h)
                stack.append(h)
    return seen


def _fast_follower_count(x: Fraction, ups: int, star: int) -> int:
    """Followers of a number plus ``n.↑ + *m`` with x = 0 or n = 0, by formula."""
    if ups == 0:
        # x + *m: the m+1 translates of 0..*m, and the ancestors of x.
        return birthday(x) + 1 + star
    # n.↑*m: itself, then (n-1).↑*(m⊕1), ..., down to ↑*s, whose followers are counted directly.
    n = abs(ups)
    s1 = star ^ ((n - 1) & 1)
    bottom = 3 if s1 == 1 else 1 + (s1 ^ 1) + 1
    return n - 1 + bottom


# ---------------------------------------------------------------- structural properties
class _Structural:
    """A property defined on fast-path nodes directly and on others from their options."""

    def __init__(self, fast: Callable[[Fraction, int, int], Any], general: Callable[[list[Any]], Any]) -> None:
        self.fast = fast          # (x, ups, star) -> value
        self.general = general    # values of all options -> value
        self.values: dict[int, Any] = {}


def _structural(prop: _Structural, a: int) -> Any:
    """Evaluate ``prop`` at ``a`` bottom-up, without recursion."""

    def dependencies(g: int) -> tuple[int, ...]:
        return () if engine.fast_path(g) is not None else engine.left(g) + engine.right(g)

    def compute(g: int) -> Any:
        fast = engine.fast_path(g)
        if fast is not None:
            return prop.fast(*fast)
        return prop.general([prop.values[h] for h in engine.left(g) + engine.right(g)])

    return engine.postorder(a, prop.values, dependencies, compute)


def _integer_parity(x: Fraction, ups: int, star: int) -> str | None:
    if ups == 0 and star <= 1 and x.denominator == 1:
        return "even" if (x.numerator + star) % 2 == 0 else "odd"
    return None


def _alternating(option_values: Iterable[str | None]) -> str | None:
    """'even' when every option is 'odd', 'odd' when every option is 'even'."""
    kinds = set(option_values)
    if kinds == {"odd"}:
        return "even"
    if kinds == {"even"}:
        return "odd"
    return None


_ALL_SMALL = _Structural(lambda x, ups, star: x == 0, lambda values: all(values))
_PARITY = _Structural(_integer_parity, _alternating)
_TEMPER = _Structural(
    lambda x, ups, star: ("even" if star == 0 else "odd" if star == 1 else None) if ups == 0 else None,
    _alternating,
)


# ---------------------------------------------------------------- constructors
def number(x: int | Fraction) -> Game:
    """The number game for an int or dyadic Fraction ``x``.

    >>> number(Fraction(3, 4)), number(-2)
    (Game('3/4'), Game('-2'))
    """
    return _game(engine.nus(as_dyadic(x)))


def nimber(n: int) -> Game:
    """The nimber ``*n = {0, *1, ..., *(n-1) | 0, *1, ..., *(n-1)}``.

    >>> nimber(3) + nimber(5)
    Game('*6')
    """
    if isinstance(n, bool) or not isinstance(n, int) or n < 0:
        raise ValueError(f"a nimber needs a non-negative int, not {n!r}")
    return _game(engine.nus(_ZERO_FRACTION, 0, n))


def uptimal(number: int | Fraction = 0, ups: int = 0, star: int = 0) -> Game:
    """``x + n.↑ + *m``: a number plus ups plus a nimber.

    >>> uptimal(Fraction(73, 16), -9, 8)
    Game('73/16v9*8')
    """
    if isinstance(ups, bool) or not isinstance(ups, int):
        raise TypeError(f"the number of ups must be an int, not {ups!r}")
    if isinstance(star, bool) or not isinstance(star, int) or star < 0:
        raise ValueError(f"the nimber part must be a non-negative int, not {star!r}")
    return _game(engine.nus(as_dyadic(number), ups, star))


def switch(g: GameLike) -> Game:
    """``±G = {G | -G}``.

    >>> switch(1)
    Game('+-1')
    """
    g = Game(g)
    return Game([g], [-g])


def up_power(n: int) -> Game:
    """Up-nth ``↑<n>``: ``↑<1> = ↑``, ``↑<n> = {0 | ↓[n-1]*}`` (CGSuite ``^.Pow(n)``).

    >>> up_power(2)
    Game('^<2>')
    """
    return _game(uptimals.up_power(n))


def up_power_to(n: int) -> Game:
    """``↑[n] = ↑ + ↑<2> + ... + ↑<n> = {↑[n-1] | *}`` (CGSuite ``^.PowTo(n)``).

    >>> up_power_to(4) == Game("{0|*||*|||*||||*}")
    True
    """
    return _game(uptimals.up_power_to(n))


@overload
def tiny(g: GameLike) -> Game: ...
@overload
def tiny(g: Value) -> Value: ...

def tiny(g: Any) -> Value:
    """``Tiny(G) = {0 || 0 | -G}``: a positive infinitesimal, tiny for large G.

    ``G`` may be a loopy stopper, as in CGSuite's ``Tiny(on)``: its own
    ``tiny`` builds the loopy game.

    >>> tiny(2)
    Game('Tiny(2)')
    """
    if not isinstance(g, Game) and hasattr(type(g), "tiny"):     # a loopy stopper
        return g.tiny
    if hasattr(type(g), "side_forms"):
        raise TypeError(f"Tiny(G) and Miny(G) need a short game or a stopper, not the sided value {g}")
    g = Game(g)
    return Game([0], [Game([0], [-g])])


@overload
def miny(g: GameLike) -> Game: ...
@overload
def miny(g: Value) -> Value: ...

def miny(g: Any) -> Value:
    """``Miny(G) = {G | 0 || 0} = -Tiny(G)``, also for a loopy stopper ``G``.

    >>> miny(1) == -tiny(1)
    True
    """
    if not isinstance(g, Game) and hasattr(type(g), "miny"):     # a loopy stopper
        return g.miny
    return -tiny(g)


def clear_caches() -> None:
    """Forget memoised sums, comparisons and thermographs (interned games stay valid)."""
    engine.clear_caches()
    _thermography().clear_caches()
    _cooling().clear_caches()
    _atomic().clear_caches()
    _products().clear_caches()
    for prop in (_ALL_SMALL, _PARITY, _TEMPER):
        prop.values.clear()


zero = _game(engine.ZERO)
star = nimber(1)
up = uptimal(ups=1)
down = uptimal(ups=-1)
