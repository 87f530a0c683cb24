"""Incentives: how much a move gains, ``G^L - G`` for Left and ``G - G^R`` for Right, on engine ids.

The *left incentives* of ``G`` are ``G^L - G``, its *right incentives*
``G - G^R`` (CGSuite's ``Incentives``); the dominated ones (smaller) are
dropped, as in CGSuite.  Norton multiplication (`cgt.short.products`) adds them to
its unit, and the atomic weight (`cgt.short.atomic`) builds on Norton multiples of
``↑``.

>>> from fractions import Fraction
>>> up = engine.nus(Fraction(0), 1, 0)
>>> [engine.fast_path(g) for g in incentives(up)]     # ↑ - * = ↑*; 0 - ↑ = ↓ is dominated
[(Fraction(0, 1), 1, 1)]
"""

from cgt import engine
from cgt.short.printer import sort_key

__all__ = ["clear_caches", "incentives", "left_incentives", "right_incentives"]

_incentives = {}     # (id, left, right) -> the ids of the incentives


def clear_caches():
    """Forget every memoised incentive set."""
    _incentives.clear()


def incentives(a, left=True, right=True):
    """The ids of the incentives of ``a``: ``G^L - G`` (left) and ``G - G^R`` (right).

    Dominated (smaller) incentives are dropped, as in CGSuite; the result is a
    tuple in CGSuite's order of games.

    >>> from fractions import Fraction
    >>> [engine.fast_path(g) for g in incentives(engine.nus(Fraction(0), 0, 2))]
    [(Fraction(0, 1), 0, 2), (Fraction(0, 1), 0, 3)]
    """
    key = (a, bool(left), bool(right))
    result = _incentives.get(key)
    if result is None:
        if engine.fast_path(a) is not None:
            result = _compute_incentives(a, left, right)
        else:
            result = engine.call(lambda: _compute_incentives(a, left, right), a)
        _incentives[key] = result
    return result


def _compute_incentives(a, left, right):
    candidates = []
    if left:
        minus_a = engine.neg(a)
        candidates += [engine.add(g, minus_a) for g in engine.left(a)]
    if right:
        candidates += [engine.add(a, engine.neg(g)) for g in engine.right(a)]
    candidates = list(dict.fromkeys(candidates))
    kept = [g for g in candidates
            if not any(h != g and engine.le(g, h) for h in candidates)]
    return tuple(sorted(kept, key=sort_key))


def left_incentives(a):
    """The ids of the left incentives ``G^L - G`` of ``a`` (undominated, CGSuite's order).

    >>> from fractions import Fraction
    >>> [engine.number(g) for g in left_incentives(engine.nus(Fraction(25, 16)))]
    [Fraction(-1, 16)]
    """
    return incentives(a, True, False)


def right_incentives(a):
    """The ids of the right incentives ``G - G^R`` of ``a`` (undominated, CGSuite's order).

    >>> from fractions import Fraction
    >>> [engine.number(g) for g in right_incentives(engine.nus(Fraction(-1823437481924)))]
    [Fraction(-1, 1)]
    """
    return incentives(a, False, True)
