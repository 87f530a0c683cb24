"""Uptimals: ``x + a1.↑ + a2.↑<2> + ... + ak.↑<k> + *m`` and their expansions.

For a game ``G = {0 | H}`` the *powers* are (Siegel, *Combinatorial Game
Theory*, II.4)::

    G.pow_to(0) = 0        G.pow_to(n) = {G.pow_to(n-1) | H}
    G.pow(0)    = -H       G.pow(n)    = {0 | H - G.pow_to(n-1)}

With ``G = ↑ = {0|*}`` they are up-nth ``↑<n> = ↑.pow(n)`` (``↑<2> = {0|↓*}``)
and ``↑[n] = ↑.pow_to(n) = ↑ + ↑<2> + ... + ↑<n>`` (``↑[4] = {0|*||*|||*||||*}``).
Like CGSuite, `pow_to` takes any dyadic exponent ``x >= 0`` and any base: it
is the ordinal sum ``G : blowup(x)``.

An *uptimal* is ``x + a1.↑ + ... + ak.↑<k> + *m``; its *uptimal expansion*
``(x, (a1, ..., ak), m)`` is an `UptimalExpansion`, printed as CGSuite prints
it (``-5/4*3.32-01``: number, star, ``.``, digits, ``-`` after a negative
digit).  `uptimal_expansion` recognises whether a canonical game is an
uptimal (the algorithm of CGSuite's ``CanonicalShortGameOps.uptimalExpansion``:
the right option's expansion determines at most two candidates, and the left
options confirm one).

Everything here works on engine ids:

>>> str(uptimal_expansion(up_power_to(4)))
'0.1111'
>>> compact_uptimal_text(uptimal_expansion(engine.neg(up_power(3))))
'v<3>'
"""

import operator
from fractions import Fraction

from cgt import engine
from cgt.dyadic import as_dyadic, birthday, integer_text, number_text
from cgt.limits import LIMITS
from cgt.value import Immutable

__all__ = [
    "UptimalExpansion",
    "compact_uptimal_text",
    "is_uptimal",
    "pow",
    "pow_to",
    "up_power",
    "up_power_to",
    "uptimal_expansion",
    "uptimal_needs_parens",
]

_ZERO = engine.ZERO
_UP = engine.nus(Fraction(0), 1, 0)
_STAR = engine.nus(Fraction(0), 0, 1)


def _add(a, b):
    return engine.run(engine.add, a, b)


# ====================================================================== expansions
class UptimalExpansion(Immutable):
    """The uptimal ``x + a1.↑ + a2.↑<2> + ... + ak.↑<k> + *m`` as ``(x, (a1..ak), m)``.

    The coefficients are stored without trailing zeros (``ak != 0``).  `str`
    is CGSuite's ``UptimalExpansion`` text; the order (``<``, `sort_key`) is
    CGSuite's ``compareTo``: number part, then coefficients from the first
    (a shorter prefix first), then nimber part.

    >>> e = UptimalExpansion(Fraction(-5, 4), (3, -2, 0, 1), 3)
    >>> str(e), str(-e)
    ('-5/4*3.32-01', '5/4*3.3-201-')
    >>> UptimalExpansion(0, (1, 0, 0)) < UptimalExpansion(0, (1, 1))
    True
    """

    __slots__ = ("_number", "_coefficients", "_nimber", "_hash")

    def __init__(self, number=0, coefficients=(), nimber=0):
        number = as_dyadic(number)
        coefficients = [operator.index(c) for c in coefficients]
        while coefficients and coefficients[-1] == 0:
            coefficients.pop()
        nimber = operator.index(nimber)
        if nimber < 0:
            raise ValueError(f"the nimber part of an uptimal is a nim-heap size >= 0, not {nimber}")
        self._set(number, tuple(coefficients), nimber)

    @classmethod
    def _trusted(cls, number, coefficients, nimber):
        """Build from a Fraction, an int tuple and an int, trimming trailing zeros only."""
        end = len(coefficients)
        while end and coefficients[end - 1] == 0:
            end -= 1
        self = object.__new__(cls)
        self._set(number, tuple(coefficients[:end]), nimber)
        return self

    def _set(self, number, coefficients, nimber):
        object.__setattr__(self, "_number", number)
        object.__setattr__(self, "_coefficients", coefficients)
        object.__setattr__(self, "_nimber", nimber)
        object.__setattr__(self, "_hash", hash((number, coefficients, nimber)))

    def __reduce__(self):
        return (type(self), (self._number, self._coefficients, self._nimber))

    # ------------------------------------------------------------ parts
    @property
    def number(self):
        """The number part x, a dyadic Fraction."""
        return self._number

    @property
    def coefficients(self):
        """The coefficients ``(a1, ..., ak)`` of ↑, ↑<2>, ..., ↑<k>; ``ak != 0``."""
        return self._coefficients

    @property
    def nimber(self):
        """The nimber part m (the game has ``+ *m``)."""
        return self._nimber

    @property
    def length(self):
        """k, the position of the last nonzero coefficient (0 if there is none)."""
        return len(self._coefficients)

    def coefficient(self, n):
        """The coefficient ``a_n`` of ↑<n> (1-based; 0 beyond the length)."""
        if n < 1:
            raise ValueError(f"uptimal coefficients are numbered from 1, not {n}")
        return self._coefficients[n - 1] if n <= len(self._coefficients) else 0

    @property
    def is_number(self):
        """Whether the uptimal is the number x (no ups, no star)."""
        return not self._coefficients and not self._nimber

    @property
    def is_nimber(self):
        """Whether the uptimal is the nimber ``*m`` (no number, no ups)."""
        return not self._coefficients and not self._number

    @property
    def is_unit(self):
        """At most one nonzero coefficient, and it is ±1 (CGSuite's ``isUnit``)."""
        nonzero = [c for c in self._coefficients if c]
        return len(nonzero) <= 1 and all(c in (1, -1) for c in nonzero)

    @property
    def is_unit_sum(self):
        """All coefficients 1, or all −1 (CGSuite's ``isUnitSum``): ``↑[k]`` or ``↓[k]``."""
        cs = self._coefficients
        return not cs or (cs[0] in (1, -1) and all(c == cs[0] for c in cs))

    # ------------------------------------------------------------ algebra
    def __neg__(self):
        return UptimalExpansion._trusted(-self._number, tuple(-c for c in self._coefficients),
                                         self._nimber)

    def __add__(self, other):
        if not isinstance(other, UptimalExpansion):
            return NotImplemented
        a, b = self._coefficients, other._coefficients
        if len(a) < len(b):
            a, b = b, a
        summed = tuple(c + (b[i] if i < len(b) else 0) for i, c in enumerate(a))
        return UptimalExpansion._trusted(self._number + other._number, summed,
                                         self._nimber ^ other._nimber)

    def __sub__(self, other):
        if not isinstance(other, UptimalExpansion):
            return NotImplemented
        return self + -other

    def to_game(self):
        """The engine id of ``x + a1.↑ + a2.↑<2> + ... + ak.↑<k> + *m``.

        >>> engine.fast_path(UptimalExpansion(Fraction(1, 2), (-3,), 2).to_game())
        (Fraction(1, 2), -3, 2)
        """
        result = engine.nus(self._number, self.coefficient(1), self._nimber)
        for n, c in enumerate(self._coefficients[1:], start=2):
            if c:
                result = _add(result, engine.multiple(up_power(n), c))
        return result

    # ------------------------------------------------------------ order
    @property
    def sort_key(self):
        """A tuple ordered as CGSuite's ``UptimalExpansion.compareTo``."""
        return (self._number, self._coefficients, self._nimber)

    def __eq__(self, other):
        if not isinstance(other, UptimalExpansion):
            return NotImplemented
        return (self._number == other._number and self._coefficients == other._coefficients
                and self._nimber == other._nimber)

    def __hash__(self):
        return self._hash

    def __lt__(self, other):
        if not isinstance(other, UptimalExpansion):
            return NotImplemented
        return self.sort_key < other.sort_key

    def __le__(self, other):
        if not isinstance(other, UptimalExpansion):
            return NotImplemented
        return self.sort_key <= other.sort_key

    def __gt__(self, other):
        if not isinstance(other, UptimalExpansion):
            return NotImplemented
        return self.sort_key > other.sort_key

    def __ge__(self, other):
        if not isinstance(other, UptimalExpansion):
            return NotImplemented
        return self.sort_key >= other.sort_key

    # ------------------------------------------------------------ text
    def __repr__(self):
        x = self._number
        number = integer_text(x.numerator) if x.denominator == 1 else f"Fraction({number_text(x).replace('/', ', ')})"
        coefficients = ", ".join(map(integer_text, self._coefficients)) + ("," if len(self._coefficients) == 1 else "")
        return f"UptimalExpansion({number}, ({coefficients}), {integer_text(self._nimber)})"

    def __str__(self):
        """CGSuite's text: ``x*m.d1d2...dk`` (``0.0``, ``*8.0``, ``9/8*.0``, ``1.32-01``)."""
        parts = []
        if not self._nimber or self._number:
            parts.append(number_text(self._number))
        if self._nimber:
            parts.append("*" if self._nimber == 1 else f"*{integer_text(self._nimber)}")
        parts.append(".")
        if not self._coefficients:
            parts.append("0")
        for c in self._coefficients:
            d = abs(c)
            if d < 10:
                parts.append(str(d))
            elif d < 36:
                parts.append(chr(d + 55))
            else:
                parts.append(f"({integer_text(d)})")
            if c < 0:
                parts.append("-")
        return "".join(parts)

    # ------------------------------------------------------------ recognition helpers
    def _truncated(self, n):
        """Keep ``a1 .. an`` (and x, m)."""
        return UptimalExpansion._trusted(self._number, self._coefficients[:n], self._nimber)

    def _sharply_truncated(self, n):
        """`_truncated`, but the nimber part is dropped when no coefficient is left."""
        cut = self._truncated(n)
        if cut._coefficients:
            return cut
        return UptimalExpansion._trusted(self._number, (), 0)

    def _incremented(self, to_length):
        """Add 1 to ``a1 .. a_to_length`` (extending with 1s) and toggle the star."""
        cs = self._coefficients
        grown = tuple((cs[i] if i < len(cs) else 0) + (1 if i < to_length else 0)
                      for i in range(max(to_length, len(cs))))
        return UptimalExpansion._trusted(self._number, grown, self._nimber ^ 1)

    def _rightmost_at_most(self, bound):
        """The largest i with ``a_i <= bound`` (0 if none)."""
        for i in range(len(self._coefficients), 0, -1):
            if self._coefficients[i - 1] <= bound:
                return i
        return 0

    def _is_confused(self):
        """CGSuite's ``isConfused``: whether the uptimal is confused with its number part."""
        m, cs = self._nimber, self._coefficients
        if m == 0:
            return False
        if not cs or cs[0] == 0:
            return True
        if m >= 2:
            return False
        sign = 1 if cs[0] > 0 else -1
        for c in cs:
            if sign * c > 1:
                return False
            if sign * c < 1:
                return True
        return True


# ====================================================================== printing
def compact_uptimal_text(exp):
    """CGSuite's compact text for an uptimal, or None when it prints with braces.

    Number, then ups, then star: ``^``, ``^^``, ``^3``, ``v``, ``vv``, ``v3`` for a
    single coefficient at position 1; ``^<n>``/``v<n>`` for a single ±1 at
    position n > 1; ``^[n]``/``v[n]`` for all coefficients 1 (or all −1).

    >>> compact_uptimal_text(UptimalExpansion(Fraction(3, 4), (-1, -1, -1), 1))
    '3/4v[3]*'
    >>> compact_uptimal_text(UptimalExpansion(0, (1, 2))) is None
    True
    """
    k = exp.length
    if k > 1 and not (exp.is_unit or exp.is_unit_sum):
        return None
    parts = []
    if exp.number or (not exp.nimber and not k):
        parts.append(number_text(exp.number))
    if k == 1:
        a = exp.coefficients[0]
        symbol = "^" if a > 0 else "v"
        parts.append(symbol * 2 if abs(a) == 2 else symbol if abs(a) == 1 else f"{symbol}{integer_text(abs(a))}")
    elif k > 1:
        symbol = "^" if exp.coefficients[-1] > 0 else "v"
        parts.append(f"{symbol}<{k}>" if exp.is_unit else f"{symbol}[{k}]")
    if exp.nimber:
        parts.append("*" if exp.nimber == 1 else f"*{integer_text(exp.nimber)}")
    return "".join(parts)


def uptimal_needs_parens(exp):
    """Whether a compact uptimal is parenthesised inside a switch: ``+-(1*)`` but ``+-^^``.

    CGSuite leaves numbers, nimbers and pure up-multiples (``^3``, ``v<2>``,
    ``^[4]``: no number part, no star) bare; every other compact uptimal gets
    parentheses.

    >>> uptimal_needs_parens(UptimalExpansion(1, (), 1)), uptimal_needs_parens(UptimalExpansion(0, (2,)))
    (True, False)
    """
    if exp.is_number or exp.is_nimber:
        return False
    return bool(exp.number) or bool(exp.nimber)


# ====================================================================== powers
_up_to = [_ZERO, _UP]        # _up_to[n] = ↑[n]
_up_nth = [None, _UP]        # _up_nth[n] = ↑<n>


def _count(n):
    """``n`` as the exponent of an up power: an int from 1 to ``cgt.LIMITS.max_power``."""
    if isinstance(n, bool):
        raise TypeError(f"an up power needs an int n >= 1, not {n!r}")
    n = operator.index(n)
    if n < 1:
        raise ValueError(f"up powers ↑<n> and ↑[n] are defined for n >= 1, not {n}")
    if n > LIMITS.max_power:
        raise LIMITS.refusal("max_power", n, "the exponent n of an up power ↑<n> or ↑[n]")
    return n


def up_power_to(n):
    """The id of ``↑[n] = ↑ + ↑<2> + ... + ↑<n> = {↑[n-1] | *}`` (n >= 1).

    >>> up_power_to(2) == engine.canon([up_power(1)], [engine.nus(Fraction(0), 0, 1)])
    True
    """
    n = _count(n)
    while len(_up_to) <= n:
        _up_to.append(engine.construct([_up_to[-1]], [_STAR]))
    return _up_to[n]


def up_power(n):
    """The id of up-nth ``↑<n> = {0 | ↓[n-1]*}`` (n >= 1; ``↑<1> = ↑``).

    >>> up_power(2) == engine.canon([engine.ZERO], [engine.nus(Fraction(0), -1, 1)])
    True
    """
    n = _count(n)
    while len(_up_nth) <= n:
        k = len(_up_nth)
        below = engine.neg(up_power_to(k - 1))
        _up_nth.append(engine.construct([_ZERO], [_add(_STAR, below)]))
    return _up_nth[n]


def _exponent(x):
    if isinstance(x, bool):
        raise TypeError(f"an exponent is an int or a dyadic Fraction, not {x!r}")
    return as_dyadic(x)


def pow_to(g, x):
    """The id of ``g.pow_to(x)``: 0 for x = 0, else the ordinal sum ``g : blowup(x)``.

    For integer n >= 1 this is ``g : (n-1)``, so ``{0|H}.pow_to(n) = {.pow_to(n-1) | H}``;
    ``x`` may be any dyadic >= 0 and ``g`` any game, as in CGSuite's ``PowTo``.

    >>> pow_to(_UP, 3) == up_power_to(3)
    True
    """
    x = _exponent(x)
    if x < 0:
        raise ValueError(f"the exponent of pow_to must be a nonnegative number, not {x}")
    LIMITS.within("max_power", birthday(x), "the birthday of the exponent x of G.pow_to(x) or G.pow(x)")
    if x == 0:
        return _ZERO
    if g == _UP and x.denominator == 1:
        return up_power_to(int(x))
    return _ordinal_sum(g, _blowup(x))


def pow(g, x):
    """The id of ``g.pow(x) = {0 | H - g.pow_to(x-1)}`` for ``g = {0|H}`` (``g.pow(0) = -H``).

    ``x`` is 0 or a dyadic >= 1.

    >>> pow(_UP, 2) == up_power(2)
    True
    """
    x = _exponent(x)
    if engine.left(g) != (_ZERO,) or len(engine.right(g)) != 1:
        raise ValueError("Invalid base for `Pow` operation (base must be of the form {0|H}).")
    h = engine.right(g)[0]
    if x == 0:
        return engine.neg(h)
    if x < 1:
        raise ValueError(f"the exponent of pow must be 0 or a number >= 1, not {x}")
    if g == _UP and x.denominator == 1:
        return up_power(int(x))
    return engine.construct([_ZERO], [_add(h, engine.neg(pow_to(g, x - 1)))])


# CGSuite's blowup of a positive dyadic x, the ordinal-sum exponent of pow_to.
_blowups = {}


def _step(y, n):
    """CGSuite's ``step``: move the numerator by n over the same denominator."""
    return Fraction(y.numerator + n, y.denominator)


def _blowup(x):
    stack = [x]
    while stack:
        y = stack[-1]
        if y in _blowups:
            stack.pop()
            continue
        if y.denominator == 1:
            _blowups[y] = y - 1
            stack.pop()
            continue
        lo, hi = _step(y, -1), _step(y, 1)
        missing = [z for z in (lo, hi) if z and z not in _blowups]
        if missing:
            stack.extend(missing)
            continue
        _blowups[y] = _section(_blowups[lo] if lo else None, _blowups[hi])
        stack.pop()
    return _blowups[x]


def _floor(y):
    return y.numerator // y.denominator


def _ceil(y):
    return -((-y.numerator) // y.denominator)


def _section(lo, hi):
    """CGSuite's ``DyadicRationalNumber.fromSection`` (None: unbounded)."""
    if lo is None and hi is None:
        return Fraction(0)
    if hi is None:
        return Fraction(0) if lo < 0 else Fraction(_floor(lo) + 1)
    if lo is None:
        return Fraction(0) if hi > 0 else Fraction(_ceil(hi) - 1)
    if lo < 0 < hi:
        return Fraction(0)
    if _floor(lo) + 1 < hi:
        return Fraction(_floor(lo) + 1)
    if _ceil(hi) - 1 > lo:
        return Fraction(_ceil(hi) - 1)
    if lo >= hi:
        raise ValueError("Left section must be < Right section")
    up = _step(lo, 1)
    if up < hi:
        while _step(up, 1) < hi:
            up = _step(up, 1)
        return up
    down = _step(hi, -1)
    if down > lo:
        while _step(down, -1) > lo:
            down = _step(down, -1)
        return down
    return (lo + hi) / 2


_ordinal_sums = {}


def _number_options(y):
    """The canonical options of the number y, as Fractions."""
    if y.denominator == 1:
        return ((y - 1,), ()) if y > 0 else ((), (y + 1,))
    eps = Fraction(1, y.denominator)
    return (y - eps,), (y + eps,)


def _ordinal_sum(g, k):
    """The id of the ordinal sum ``g : k`` for a number k: ``{g^L, g:k^L | g^R, g:k^R}``."""
    gl, gr = engine.left(g), engine.right(g)
    stack = [k]
    while stack:
        y = stack[-1]
        key = (g, y)
        if key in _ordinal_sums:
            stack.pop()
            continue
        if y == 0:
            _ordinal_sums[key] = g
            stack.pop()
            continue
        yl, yr = _number_options(y)
        missing = [z for z in yl + yr if (g, z) not in _ordinal_sums]
        if missing:
            stack.extend(missing)
            continue
        _ordinal_sums[key] = engine.construct(gl + tuple(_ordinal_sums[(g, z)] for z in yl),
                                    gr + tuple(_ordinal_sums[(g, z)] for z in yr))
        stack.pop()
    return _ordinal_sums[(g, k)]


# ====================================================================== recognition
_expansions = {}   # id -> UptimalExpansion, or None for a game that is not an uptimal
_PENDING = object()


def is_uptimal(a):
    """Whether the canonical game ``a`` is an uptimal ``x + Σ a_i.↑<i> + *m``.

    >>> is_uptimal(engine.canon([engine.nus(Fraction(1))], [up_power(2)]))
    False
    """
    return uptimal_expansion(a) is not None


def uptimal_expansion(a):
    """The `UptimalExpansion` of the canonical game ``a``, or None if it is not an uptimal.

    >>> str(uptimal_expansion(engine.nus(Fraction(9, 8), 0, 1)))
    '9/8*.0'
    >>> print(uptimal_expansion(engine.canon([engine.ZERO], [engine.nus(Fraction(0), -1, 1)])))
    0.01
    """
    known = _expansions.get(a, _PENDING)
    if known is not _PENDING:
        return known
    # Post-order walk over the options, with no recursion: deep games are fine.
    stack = [a]
    while stack:
        g = stack[-1]
        if g in _expansions:
            stack.pop()
            continue
        result = _quick(g)
        if result is _PENDING:
            options = engine.left(g) + engine.right(g)
            missing = None
            for h in options:
                e = _expansions.get(h, _PENDING)
                if e is _PENDING:
                    quick = _quick(h)
                    if quick is _PENDING:
                        missing = h
                        break
                    _expansions[h] = e = quick
                if e is None:
                    result = None
                    break
            else:
                if missing is None:
                    result = _recognise(g)
            if missing is not None and result is _PENDING:
                stack.append(missing)
                continue
        _expansions[g] = result
        stack.pop()
    return _expansions[a]


def _quick(g):
    """The expansion when it needs no options' expansions (else _PENDING)."""
    fast = engine.uptimal(g)
    if fast is not None:
        x, coefficients, star = fast
        return UptimalExpansion._trusted(x, coefficients, star)
    # An uptimal's stops are its number part, and so are its options' stops;
    # it has one right option (a_k > 0) or one left option (a_k < 0).
    lstop, rstop = engine.stops(g)
    if lstop != rstop:
        return None
    left, right = engine.left(g), engine.right(g)
    if len(left) != 1 and len(right) != 1:
        return None
    for h in left + right:
        if engine.stops(h) != (lstop, lstop):
            return None
    return _PENDING


def _recognise(g):
    """The expansion of g from its options' expansions (all known, all uptimals)."""
    lexps = [_expansions[h] for h in engine.left(g)]
    rexps = [_expansions[h] for h in engine.right(g)]
    found = _positive_expansion(lexps, rexps)
    if found is not None:
        return found
    found = _positive_expansion([-e for e in rexps], [-e for e in lexps])
    return None if found is None else -found


def _positive_expansion(lexps, rexps):
    """The expansion ``x*m.a1...ak`` with ``ak > 0`` of {lexps | rexps}, if it is one.

    Such an uptimal has the one right option ``x*(m^1).(a1-1)...(ak-1)``, so the
    right option gives the candidates: ``ak >= 2`` (add 1 to each of its
    coefficients) or ``ak = 1`` (add 1 to each of its coefficients up to a
    longer length); the left options then decide (Siegel, CGT II.4; CGSuite's
    ``uptimalExpansion2``).
    """
    if len(rexps) != 1:
        return None
    r = rexps[0]
    if any(e.number != r.number for e in lexps):
        return None
    if r.length and r.coefficients[-1] > 0:
        candidate = r._incremented(r.length)
        if _left_options_fit(candidate, lexps, r):
            return candidate
    longest = max((e.length for e in lexps), default=0)
    candidate = r._incremented(max(r.length, longest) + 1)
    if _left_options_fit(candidate, lexps, r):
        return candidate
    return None


def _left_options_fit(exp, lexps, r):
    """Whether ``lexps`` are exactly the left options of the uptimal ``exp`` (``ak > 0``).

    With J the last index of a coefficient <= 0 and ``cut = k-1`` when ``ak = 1``
    (else J), the left options are:
    (a) some ``a_i < 0``, i <= j the last such: ``x*(m^1).(a1+1)...(aj+1)`` and ``exp`` cut;
    (b) ``a1 = 0``: ``x, x*, ..., x*(m-1)`` and ``exp`` cut;
    (c) ``a1 = 1`` and ``exp`` confused with x: ``x`` and ``exp`` cut;
    (d) otherwise only ``exp`` cut, with its star dropped when no coefficient is left.
    """
    matching = [e for e in lexps if e.nimber == r.nimber]
    if len(matching) > 1:
        return False
    k = exp.length
    cut = k - 1 if exp.coefficients[-1] == 1 else exp._rightmost_at_most(0)
    last_negative = exp._rightmost_at_most(-1)
    x = exp.number
    if last_negative:
        if len(lexps) != 2 or not matching:
            return False
        first = exp._truncated(last_negative)
        first = first._incremented(first.length)
        other = lexps[1] if lexps[0] is matching[0] else lexps[0]
        return matching[0] == first and other == exp._truncated(cut)
    if exp.coefficient(1) == 0:
        m = exp.nimber
        expected = {UptimalExpansion._trusted(x, (), j) for j in range(m)}
        expected.add(exp._truncated(cut))
        return len(lexps) == m + 1 and set(lexps) == expected
    if exp.coefficient(1) == 1 and exp._is_confused():
        return len(lexps) == 2 and set(lexps) == {UptimalExpansion._trusted(x, (), 0),
                                                   exp._truncated(cut)}
    return len(lexps) == 1 and lexps[0] == exp._sharply_truncated(cut)
