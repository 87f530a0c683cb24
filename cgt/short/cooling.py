"""Cooling, freezing, heating and overheating short games (on engine ids).

``G`` cooled by ``t`` (``t > -1``) is ``G`` for an integer, the mean once
``t`` exceeds the temperature, else ``{G^L_t - t | G^R_t + t}``; heating by
``t`` is ``{∫G^L + t | ∫G^R - t}`` with numbers fixed; overheating from ``s``
to ``t`` sends an integer ``n`` to ``n.s``.  `Game` exposes them as methods.

>>> from fractions import Fraction
>>> from cgt import engine
>>> switch = engine.canon([engine.nus(Fraction(3))], [engine.nus(Fraction(-1))])
>>> engine.fast_path(cool(switch, 2)), engine.fast_path(freeze(switch))
((Fraction(1, 1), 0, 1), (Fraction(1, 1), 0, 1))
"""

from cgt import engine
from cgt.dyadic import as_dyadic
from cgt.errors import CoolingTemperatureError
from cgt.short.thermograph import mean, temperature
from cgt.short.trajectory import BASE, exact_fraction

__all__ = ["clear_caches", "cool", "freeze", "heat", "overheat"]

_cooled = {}        # t -> {id: id}
_heated = {}        # t id -> {id: id}
_overheated = {}    # (s id, t id) -> {id: id}


def clear_caches():
    """Forget every memoised cooled, heated or overheated game."""
    _cooled.clear()
    _heated.clear()
    _overheated.clear()


def _is_integer(a):
    x = engine.number(a)
    return x is not None and x.denominator == 1


def _as_temperature(t):
    t = as_dyadic(exact_fraction(t, "temperature") if isinstance(t, str) else t)
    return t


def cool(a, t):
    """``a`` cooled by dyadic ``t > -1``: ``{G^L_t - t | G^R_t + t}``, or its mean when hotter.

    >>> from fractions import Fraction
    >>> from cgt import engine
    >>> g = engine.canon([engine.nus(Fraction(3))], [engine.nus(Fraction(-1))])
    >>> engine.fast_path(cool(g, 2))
    (Fraction(1, 1), 0, 1)
    """
    t = _as_temperature(t)
    if t <= BASE:
        raise CoolingTemperatureError(f"Invalid cooling temperature (must be > -1): {t}")
    memo = _cooled.setdefault(t, {})
    if a in memo:
        return memo[a]
    minus_t, plus_t = engine.nus(-t), engine.nus(t)

    def deps(g):
        if _is_integer(g) or temperature(g) < t:
            return ()
        return engine.left(g) + engine.right(g)

    def compute(g):
        if _is_integer(g):
            return g
        if temperature(g) < t:
            return engine.nus(mean(g))
        if not t:
            return engine.canon([memo[h] for h in engine.left(g)],
                                [memo[h] for h in engine.right(g)])
        return engine.canon([engine.add(memo[h], minus_t) for h in engine.left(g)],
                            [engine.add(memo[h], plus_t) for h in engine.right(g)])

    return engine.call(lambda: engine.postorder(a, memo, deps, compute), a)


def freeze(a):
    """``a`` cooled by its own temperature (a number is already frozen).

    >>> from fractions import Fraction
    >>> from cgt import engine
    >>> g = engine.canon([engine.nus(Fraction(3))], [engine.nus(Fraction(-1))])
    >>> engine.fast_path(freeze(g))
    (Fraction(1, 1), 0, 1)
    """
    if engine.number(a) is not None:
        return a
    return cool(a, temperature(a))


def heat(a, t):
    """``a`` heated by the game ``t`` (an id): ``∫G = {∫G^L + t | ∫G^R - t}``, numbers fixed.

    >>> from fractions import Fraction
    >>> from cgt import engine
    >>> g = heat(engine.nus(Fraction(0), 0, 1), engine.nus(Fraction(2)))
    >>> [engine.number(h) for h in engine.left(g) + engine.right(g)]
    [Fraction(2, 1), Fraction(-2, 1)]
    """
    memo = _heated.setdefault(t, {})
    if a in memo:
        return memo[a]
    minus_t = engine.neg(t)

    def deps(g):
        return () if engine.number(g) is not None else engine.left(g) + engine.right(g)

    def compute(g):
        if engine.number(g) is not None:
            return g
        if t == engine.ZERO:
            return engine.canon([memo[h] for h in engine.left(g)],
                                [memo[h] for h in engine.right(g)])
        return engine.canon([engine.add(memo[h], t) for h in engine.left(g)],
                            [engine.add(memo[h], minus_t) for h in engine.right(g)])

    return engine.call(lambda: engine.postorder(a, memo, deps, compute), a, t)


def overheat(a, s, t):
    """``a`` overheated from ``s`` to ``t`` (ids): integers ``n -> n.s``, else ``{G^L+t | G^R-t}``.

    >>> from fractions import Fraction
    >>> from cgt import engine
    >>> star = engine.nus(Fraction(0), 0, 1)
    >>> overheat(engine.nus(Fraction(1, 2)), engine.ZERO, engine.ZERO) == star
    True
    """
    memo = _overheated.setdefault((s, t), {})
    if a in memo:
        return memo[a]
    minus_t = engine.neg(t)

    def deps(g):
        return () if _is_integer(g) else engine.left(g) + engine.right(g)

    def compute(g):
        if _is_integer(g):
            return engine.multiple(s, int(engine.number(g)))
        return engine.canon([engine.add(memo[h], t) for h in engine.left(g)],
                            [engine.add(memo[h], minus_t) for h in engine.right(g)])

    return engine.call(lambda: engine.postorder(a, memo, deps, compute), a, s, t)
