"""Nimbers as integers: mex, nim-sum and the nim field.

The nimber ``*n`` is the value of a Nim heap of size ``n``.  Nimbers add by
the nim-sum (binary addition without carry, ``^`` on ints) and, with the
nim-product, form a field of characteristic 2 (Conway, ONAG ch. 6).

>>> mex([0, 1, 3])
2
>>> nim_sum(3, 5)
6
>>> nim_product(8, 8)
13
"""

from collections.abc import Iterable
from functools import lru_cache, reduce
from operator import xor

__all__ = ["mex", "nim_sum", "nim_product", "nim_inverse"]


def mex(values: Iterable[int]) -> int:
    """The minimum excluded value: the least non-negative int not in ``values``.

    The Grundy value of an impartial position is the mex of its options' values.

    >>> mex([]), mex([1, 2]), mex({0, 1, 2, 4})
    (0, 0, 3)
    """
    seen = values if isinstance(values, (set, frozenset)) else set(values)
    m = 0
    while m in seen:
        m += 1
    return m


def nim_sum(*values: int) -> int:
    """The nim-sum ``a ⊕ b ⊕ ...``: binary addition without carry.

    ``*a + *b = *(a ⊕ b)``; a position in Nim is a loss for the player to move
    exactly when the nim-sum of its heaps is 0 (Bouton, 1901).

    >>> nim_sum(1, 2, 3)
    0
    """
    return reduce(xor, values, 0)


def nim_product(a: int, b: int) -> int:
    """The nim-product ``a ⊗ b`` of two non-negative ints (Conway's nim field).

    Defined by ``a ⊗ b = mex{a' ⊗ b ⊕ a ⊗ b' ⊕ a' ⊗ b' : a' < a, b' < b}``;
    computed through Fermat 2-powers: ``2^(2^n) ⊗ 2^(2^n) = 3/2 · 2^(2^n)``.

    >>> [nim_product(8, n) for n in range(1, 9)]
    [8, 12, 4, 11, 3, 7, 15, 13]
    """
    if a < 0 or b < 0:
        raise ValueError("nim-products are defined for non-negative ints")
    return _nim_mul(a, b)


def nim_inverse(a: int) -> int:
    """The inverse of ``a`` in the nim field: ``a ⊗ nim_inverse(a) = 1``.

    >>> [nim_inverse(n) for n in range(1, 9)]
    [1, 3, 2, 15, 12, 9, 11, 10]
    """
    if a <= 0:
        raise ValueError(f"{a} has no nim-inverse (the nim field's nonzero elements are the positive ints)")
    # In the field of size 2^(2^k) containing a, a^(q-2) is the inverse.
    k = 1
    while (1 << k) <= a:
        k *= 2
    q = 1 << k
    result, base, e = 1, a, q - 2
    while e:
        if e & 1:
            result = _nim_mul(result, base)
        base = _nim_mul(base, base)
        e >>= 1
    return result


@lru_cache(maxsize=1 << 16)
def _nim_mul(a: int, b: int) -> int:
    if a < 2 or b < 2:
        return a * b
    # Split both at the largest Fermat 2-power F = 2^(2^k) with F <= max(a, b).
    half = 1
    while (1 << (2 * half)) <= max(a, b):
        half *= 2
    f = 1 << half
    a1, a0 = divmod(a, f)
    b1, b0 = divmod(b, f)
    hi = _nim_mul(a1, b1)
    lo = _nim_mul(a0, b0)
    mid = _nim_mul(a1 ^ a0, b1 ^ b0) ^ hi ^ lo
    # (a1 F + a0)(b1 F + b0) = hi F^2 + mid F + lo, with F^2 = F + F/2.
    return ((mid ^ hi) * f) ^ lo ^ _nim_mul(hi, f >> 1)
