"""Lenstra's constants: the ``α_p`` that make the ordinals below ω^(ω^ω) a field under nim arithmetic.

With the nim sum and nim product the ordinals form a field of
characteristic 2 (Conway, ONAG ch. 6).  Below ω^(ω^ω) Lenstra described it
completely ("On the algebraic closure of two", 1977; "Nim multiplication",
1978): for each prime power ``q`` there is an ordinal ``κ_q``,

* ``κ_(2^n) = 2^(2^(n-1))`` (the Fermat 2-powers: 2, 4, 16, 256, ...);
* ``κ_(p^n) = ω^(ω^(k-1)·p^(n-1))`` for the ``k``-th odd prime ``p``
  (``κ_3 = ω``, ``κ_9 = ω^3``, ``κ_5 = ω^ω``, ``κ_25 = ω^(ω×5)``, ``κ_7 = ω^(ω^2)``),

every ordinal below ω^(ω^ω) is a sum of products of powers ``κ_q^d``
(``d < p``), and the products reduce by ``κ_(p^(n+1))^p = κ_(p^n)`` and
``κ_p^p = α_p``.  Here ``α_p = κ_(f(p)) + m(p)``: ``f(p)`` is the order of 2
modulo ``p``, ``κ_(f(p))`` the nim sum of the ``κ_q`` for ``q`` in the
Q-set of ``p`` (prime powers dividing ``f(p)``), and the *excess* ``m(p)``
the least integer for which ``α_p`` has no ``p``-th root below ``κ_p``.

>>> alpha_text(7), alpha_text(47), alpha_text(191)
('ω+1', 'ω^ω^7+1', 'ω^ω^6+ω^ω')

The Q-sets and excesses below are Lenstra's, recomputed and extended to
``p = 257`` by CGSuite's ``NimFieldCalculator`` (A. N. Siegel); so products
are known for ordinals below ω^(ω^54), whose reductions need ``α_p`` for the
primes up to 257 (`cgt.transfinite.nim_field`).
"""

from functools import lru_cache

from cgt.transfinite import cnf

__all__ = ["PRIMES", "Q_SETS", "EXCESS", "alpha", "alpha_text", "kappa", "order_of_two"]

# p: (Q-set, excess m(p)), for the first 55 primes.
_TABLE = {
    2: ((), 0), 3: ((2,), 0), 5: ((4,), 0), 7: ((3,), 1), 11: ((5,), 1),
    13: ((4, 3), 0), 17: ((8,), 0), 19: ((9,), 4), 23: ((11,), 1), 29: ((4, 7), 0),
    31: ((5,), 1), 37: ((4, 9), 0), 41: ((5,), 1), 43: ((7,), 1), 47: ((23,), 1),
    53: ((13,), 1), 59: ((29,), 1), 61: ((3, 5), 0), 67: ((3, 11), 0), 71: ((5, 7), 0),
    73: ((9,), 1), 79: ((13,), 1), 83: ((41,), 1), 89: ((11,), 1), 97: ((16, 3), 0),
    101: ((25,), 1), 103: ((3, 17), 0), 107: ((53,), 1), 109: ((4, 9), 0), 113: ((4, 7), 0),
    127: ((7,), 1), 131: ((5, 13), 0), 137: ((17,), 1), 139: ((3, 23), 0), 149: ((37,), 1),
    151: ((3, 5), 0), 157: ((13,), 1), 163: ((81,), 4), 167: ((83,), 1), 173: ((4, 43), 0),
    179: ((89,), 1), 181: ((9, 5), 0), 191: ((5, 19), 0), 193: ((32, 3), 0), 197: ((4, 49), 0),
    199: ((9, 11), 0), 211: ((5, 7), 0), 223: ((37,), 1), 227: ((113,), 1), 229: ((19,), 1),
    233: ((29,), 1), 239: ((7, 17), 0), 241: ((8, 3), 0), 251: ((25,), 1), 257: ((16,), 0),
}

PRIMES = tuple(_TABLE)
Q_SETS = {p: q for p, (q, _) in _TABLE.items()}
EXCESS = {p: m for p, (_, m) in _TABLE.items()}


def order_of_two(p):
    """``f(p)``: the least ``n >= 1`` with ``2^n ≡ 1 (mod p)``, for an odd prime ``p``.

    >>> [order_of_two(p) for p in (3, 5, 7, 11, 13)]
    [2, 4, 3, 10, 12]
    """
    n, x = 1, 2 % p
    while x != 1:
        x = 2 * x % p
        n += 1
    return n


def _prime_power(q):
    """``(p, n)`` with ``q = p^n``."""
    p = next(p for p in PRIMES if q % p == 0)
    n = 0
    while q > 1:
        q //= p
        n += 1
    return p, n


def kappa(q):
    """``κ_q`` as a nim polynomial: ``{exponent vector: coefficient}`` (see `cgt.transfinite.nim_field`).

    The exponent vector ``(a_0, a_1, ...)`` stands for ``ω^(ω^k·a_k + ...)``.

    >>> kappa(16), kappa(3), kappa(9), kappa(25)
    ({(): 256}, {(1,): 1}, {(3,): 1}, {(0, 5): 1})
    """
    p, n = _prime_power(q)
    if p == 2:
        return {(): 1 << (1 << (n - 1))}
    k = PRIMES.index(p)
    return {(0,) * (k - 1) + (p ** (n - 1),): 1}


@lru_cache(maxsize=None)
def alpha(index):
    """``α_p`` for ``p = PRIMES[index]``, as a tuple of ``(exponent vector, coefficient)`` terms.

    Its terms use only the primes before ``p``, so a product of ordinals
    reduced with it gets strictly simpler.

    >>> alpha(3), alpha(2)
    ((((), 1), ((1,), 1)), (((), 4),))
    """
    p = PRIMES[index]
    terms = {(): EXCESS[p]}
    for q in Q_SETS[p]:
        for vector, c in kappa(q).items():
            terms[vector] = terms.get(vector, 0) ^ c
    return tuple(sorted((v, c) for v, c in terms.items() if c))


def alpha_text(p):
    """``α_p`` in CGSuite's notation, for reading.

    >>> alpha_text(3), alpha_text(13), alpha_text(193)
    ('2', 'ω+4', 'ω+65536')
    """
    terms = []
    for vector, c in alpha(PRIMES.index(p)):
        exponent = tuple((cnf.integer(k), a) for k, a in reversed(list(enumerate(vector))) if a)
        terms.append((exponent, c))
    return cnf.text(tuple(sorted(terms, reverse=True)))
