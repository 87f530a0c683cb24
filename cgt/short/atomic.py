"""Atomic weight, reduced canonical form and companion, on engine ids.

The definitions and algorithms are CGSuite's (``CanonicalShortGameOps``:
``naiveAtomicWeight``, ``farStar``, ``rcf``, ``companion``, ``incentives``;
Siegel, *Combinatorial Game Theory*, II.7 and III.4):

* The *naive atomic weight* of ``G = {G^L | G^R}`` is ``x + n`` for the
  uptimal ``x + n.↑ + ...`` (ups only count), else
  ``g0 = {aw(G^L) - 2 | aw(G^R) + 2}``, except that when ``g0`` is an integer
  and ``G`` is strictly below (above) its *far star* ``*N`` (N one more than
  the largest nimber among the followers of G), the weight is the least
  integer incomparable-or-above every ``aw(G^L) - 2`` (the greatest below
  every ``aw(G^R) + 2``).
* ``G`` is *atomic* when it is infinitesimal and either all-small, or
  ``G - aw(G).↑`` lies between ``±(↑* + *2^k : -1)`` (the red kite over the
  first power of two at least the far star).  A non-atomic game raises
  `NotAtomicError`.
* The *reduced canonical form* is ``G`` heated by ``*`` and then projected
  (``x* -> x``); numbers plus infinitesimals reduce to their number part.
* The *companion* of ``G``: ``{0, G^L° | G^R°}`` when ``G >= 0``,
  ``{G^L° | G^R°, 0}`` when ``G <= 0`` (both when ``G = 0``), with the
  uptimals ``↑^n*m`` (m <= 1) swapping ``*`` and ``0``.
* The *left incentives* are ``G^L - G``, the *right incentives* ``G - G^R``;
  the dominated ones (smaller) are dropped, as in CGSuite (`cgt.short.incentives`,
  whose functions this module also exports).

Everything is memoised on ids and walks followers without recursion; the
engine's sums and comparisons run on its deep-recursion thread when the games
are deep.

>>> from fractions import Fraction
>>> up = engine.nus(Fraction(0), 1, 0)
>>> engine.number(atomic_weight(up))
Fraction(1, 1)
>>> [engine.fast_path(g) for g in incentives(up)]
[(Fraction(0, 1), 1, 1)]
"""

import math
from fractions import Fraction

from cgt import engine
from cgt.errors import NotAtomicError
from cgt.short.incentives import clear_caches as _clear_incentives, incentives, left_incentives, right_incentives
from cgt.short.printer import game_text
from cgt.short.products import norton_product, ordinal_sum
from cgt.short.cooling import heat
from cgt.short.uptimals import uptimal_expansion

__all__ = [
    "atomic_weight",
    "clear_caches",
    "companion",
    "far_star",
    "incentives",
    "is_atomic",
    "left_incentives",
    "naive_atomic_weight",
    "reduced_canonical_form",
    "right_incentives",
]

_F0 = Fraction(0)
_ZERO = engine.ZERO
_STAR = engine.nus(_F0, 0, 1)
_UP = engine.nus(_F0, 1, 0)
_UP_STAR = engine.nus(_F0, 1, 1)
_TWO = engine.nus(Fraction(2))
_MINUS_TWO = engine.nus(Fraction(-2))
_MINUS_ONE = engine.nus(Fraction(-1))



# ---------------------------------------------------------------- helpers
def _options(g):
    return engine.left(g) + engine.right(g)


def _sub(a, b):
    return engine.add(a, engine.neg(b))


def _text(a):
    return engine.run(game_text, a)


_naive_weights = {}
_far_stars = {}
_all_small = {}
_atomic_weights = {}     # id -> id of the atomic weight, or None when not atomic
_projections = {}
_reduced = {}
_companions = {}         # CGSuite's ops.companion, used for options too
_uptimal_companions = {}  # the Uptimal override, for uptimals asked directly


def clear_caches():
    """Forget every memoised atomic weight, reduced form, companion and incentive set."""
    for memo in (_naive_weights, _far_stars, _all_small, _atomic_weights, _projections,
                 _reduced, _companions, _uptimal_companions):
        memo.clear()
    _clear_incentives()


# ---------------------------------------------------------------- far star
def far_star(a):
    """``N`` for the far star ``*N`` of ``a``: one more than its largest nimber follower (at least 1).

    >>> far_star(engine.nus(Fraction(0), 0, 8)), far_star(engine.nus(Fraction(7, 2)))
    (9, 1)
    """

    def deps(g):
        return () if engine.fast_path(g) is not None else _options(g)

    def compute(g):
        fp = engine.fast_path(g)
        if fp is not None:
            return _nus_far_star(*fp)
        return max(1, max(_far_stars[h] for h in _options(g)))

    return engine.postorder(a, _far_stars, deps, compute)


def _nus_far_star(x, ups, star):
    """The far star of ``x + ups.↑ + *star`` from its options' shape (no walk).

    With x != 0 no follower is a nonzero nimber.  ``*m`` has ``*(m-1)`` below
    it.  ``n.↑*m`` (n != 0) walks down through ``(n-1).↑*(m ⊕ 1)`` to ``↑*s``,
    whose options hold ``*`` (s = 1) or ``*(s ⊕ 1)``, and the nimber 0.
    """
    if x:
        return 1
    if ups == 0:
        return star + 1
    s = star ^ ((abs(ups) - 1) & 1)
    return 2 if s == 1 else (s ^ 1) + 1


# ---------------------------------------------------------------- all small
def _is_all_small(a):
    def deps(g):
        return () if engine.fast_path(g) is not None else _options(g)

    def compute(g):
        fp = engine.fast_path(g)
        if fp is not None:
            return fp[0] == 0
        return all(_all_small[h] for h in _options(g))

    return engine.postorder(a, _all_small, deps, compute)


# ---------------------------------------------------------------- atomic weight
def naive_atomic_weight(a):
    """CGSuite's naive atomic weight of ``a`` (an id): the weight before the atomic check.

    >>> engine.number(naive_atomic_weight(engine.nus(Fraction(0), -3, 1)))
    Fraction(-3, 1)
    """
    return engine.call(lambda: engine.postorder(a, _naive_weights, _naive_deps, _naive_weight), a)


def _naive_deps(g):
    return () if engine.fast_path(g) is not None else _options(g)


def _naive_weight(g):
    fp = engine.fast_path(g)
    if fp is not None:
        return engine.nus(Fraction(fp[1]))
    lo = [engine.add(_naive_weights[h], _MINUS_TWO) for h in engine.left(g)]
    ro = [engine.add(_naive_weights[h], _TWO) for h in engine.right(g)]
    g0 = engine.canon(lo, ro)
    x = engine.number(g0)
    if x is None or x.denominator != 1:
        return g0
    far = engine.nus(_F0, 0, far_star(g))
    below, above = engine.le(g, far), engine.le(far, g)
    if below and not above:
        # G < far star: the least integer n with n |> every aw(G^L) - 2.
        if not lo:
            return _ZERO
        return engine.nus(Fraction(max(_least_integer_not_below(h) for h in lo)))
    if above and not below:
        # G > far star: the greatest integer n with n <| every aw(G^R) + 2.
        if not ro:
            return _ZERO
        return engine.nus(Fraction(min(_greatest_integer_not_above(h) for h in ro)))
    return g0


def _least_integer_not_below(h):
    """The least integer n with ``not n <= h``."""
    n = math.ceil(engine.stops(h)[1])
    return n + 1 if engine.le(engine.nus(Fraction(n)), h) else n


def _greatest_integer_not_above(h):
    """The greatest integer n with ``not h <= n``."""
    n = math.floor(engine.stops(h)[0])
    return n - 1 if engine.le(h, engine.nus(Fraction(n))) else n


def _atomic_weight_or_none(a):
    """The id of the atomic weight of ``a``, or None when ``a`` is not atomic (memoised)."""
    if a in _atomic_weights:
        return _atomic_weights[a]
    _atomic_weights[a] = result = engine.call(lambda: _compute_atomic_weight(a), a)
    return result


def _compute_atomic_weight(a):
    if engine.stops(a) != (_F0, _F0):
        return None
    expansion = uptimal_expansion(a)
    if expansion is not None:
        # CGSuite's uptimals: x.a1a2...ak*m is atomic iff x = 0, with weight a1.
        return engine.nus(Fraction(expansion.coefficient(1)))
    weight = naive_atomic_weight(a)
    if _is_all_small(a):
        return weight
    difference = _sub(a, norton_product(weight, _UP))
    power = 2
    while power < far_star(a):
        power <<= 1
    red_kite = ordinal_sum(engine.nus(_F0, 0, power), _MINUS_ONE)
    epsilon = engine.add(_UP_STAR, red_kite)
    if engine.le(difference, epsilon) and engine.le(engine.neg(epsilon), difference):
        return weight
    return None


def atomic_weight(a):
    """The id of the atomic weight ``aw(G)`` of the atomic game ``a`` (CGSuite's algorithm).

    Raises `NotAtomicError` when ``a`` is not atomic (not infinitesimal, or too
    far from ``aw(G).↑``).

    >>> engine.number(atomic_weight(engine.nus(Fraction(0), 0, 8)))
    Fraction(0, 1)
    >>> atomic_weight(engine.nus(Fraction(6), 1, 1))
    Traceback (most recent call last):
    ...
    cgt.errors.NotAtomicError: That game is not atomic: 6^*
    """
    weight = _atomic_weight_or_none(a)
    if weight is None:
        raise NotAtomicError(f"That game is not atomic: {_text(a)}")
    return weight


def is_atomic(a):
    """Whether ``a`` is atomic: it has an atomic weight (see `atomic_weight`).

    >>> is_atomic(engine.nus(Fraction(0), 1, 0)), is_atomic(engine.nus(Fraction(25, 16)))
    (True, False)
    """
    return _atomic_weight_or_none(a) is not None


# ---------------------------------------------------------------- reduced canonical form
def reduced_canonical_form(a):
    """The id of ``rcf(G)``: the simplest game infinitesimally close to ``G`` (``x`` for ``x + ε``).

    CGSuite's construction: heat by ``*``, then replace each ``x*`` by ``x``.

    >>> engine.number(reduced_canonical_form(engine.nus(Fraction(9, 8), 0, 1)))
    Fraction(9, 8)
    """
    fp = engine.fast_path(a)
    if fp is not None:
        return engine.nus(fp[0])
    if a in _reduced:
        return _reduced[a]
    def compute():
        return engine.postorder(heat(a, _STAR), _projections, _projection_deps, _star_projection)

    _reduced[a] = result = engine.call(compute, a)
    return result


def _projection_deps(g):
    fp = engine.fast_path(g)
    if fp is not None and fp[1] == 0 and fp[2] <= 1:
        return ()
    return _options(g)


def _star_projection(g):
    fp = engine.fast_path(g)
    if fp is not None and fp[1] == 0 and fp[2] <= 1:
        return engine.nus(fp[0])          # x and x* project to x
    return engine.canon([_projections[h] for h in engine.left(g)],
                        [_projections[h] for h in engine.right(g)])


# ---------------------------------------------------------------- companion
def companion(a):
    """The id of the companion ``G°``: ``{0, G^L° | G^R°}`` (G >= 0), ``{G^L° | G^R°, 0}`` (G <= 0).

    Infinitesimal uptimals ``↑^n*m`` with m <= 1 swap ``*`` for 0 (``↑° = ↑*``);
    other uptimals are their own companions, as in CGSuite.

    >>> engine.fast_path(companion(engine.ZERO))
    (Fraction(0, 1), 0, 1)
    """
    if a in _companions:
        return _companions[a]
    if a in _uptimal_companions:
        return _uptimal_companions[a]
    if engine.fast_path(a) is None:
        expansion = uptimal_expansion(a)
        if expansion is not None:
            # CGSuite's Uptimal.companion: only the nimber part of 0.a1...ak(*) changes.
            if expansion.number == 0 and expansion.nimber <= 1:
                result = engine.call(lambda: engine.add(a, _STAR), a)
            else:
                result = a
            _uptimal_companions[a] = result
            return result
    return engine.call(lambda: engine.postorder(a, _companions, _companion_deps, _companion), a)


def _companion_deps(g):
    fp = engine.fast_path(g)
    if fp is not None and (fp[0] == 0 or (fp[1] == 0 and fp[2] == 0)):
        return ()
    return _options(g)


def _companion(g):
    fp = engine.fast_path(g)
    if fp is not None:
        x, ups, star = fp
        if x == 0:
            return g if star >= 2 else engine.nus(_F0, ups, star ^ 1)
        if ups == 0 and star == 0:
            return g      # a nonzero number is its own companion (by the definition, inductively)
    lo = [_companions[h] for h in engine.left(g)]
    ro = [_companions[h] for h in engine.right(g)]
    if engine.le(_ZERO, g):
        lo.append(_ZERO)
    if engine.le(g, _ZERO):
        ro.append(_ZERO)
    return engine.canon(lo, ro)
