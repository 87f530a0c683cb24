"""Nim arithmetic on ordinals: the field of ordinals below ω^(ω^ω), after Lenstra.

The nim sum ``α ⊕ β`` and nim product ``α ⊗ β`` of ordinals are defined by
the mex rules of the finite nimbers (``*α + *β = *(α ⊕ β)``); with them the
ordinals form a field of characteristic 2 (Conway, ONAG ch. 6).  The nim
sum adds the coefficients of like terms of the Cantor normal forms in
binary without carry.  The nim product is Lenstra's algorithm (1977): an
ordinal ``ω^(ω^k·a_k + ... + ω·a_1 + a_0)·c`` is the nim product of the finite
nimber ``c`` and the powers ``κ_q^d`` read off the base-``p`` digits ``d`` of
each ``a_k`` (``p`` the ``(k+1)``-th odd prime, ``q = p^(i+1)`` for the ``i``-th
digit), and products of those reduce by ``κ_(p^(i+1))^p = κ_(p^i)`` and
``κ_p^p = α_p`` (`cgt.transfinite.lenstra`).

>>> from cgt.transfinite import omega
>>> nim_product(omega, omega), nim_exp(omega, 3), nim_product(omega ** 3, omega ** 8)
(GeneralizedOrdinal('ω^2'), 2, 2)
>>> nim_exp(omega ** omega ** 13, 47)        # Lenstra's example
GeneralizedOrdinal('ω^ω^7+1')
>>> x = omega ** omega + omega * 3 + 1
>>> nim_product(x, nim_inverse(x))
1

Products, powers and inverses are known for ordinals below ω^(ω^54) (the
primes up to 257 of Lenstra's table); past that range a `NimRangeError`
("NimProduct out of range.", as CGSuite says).  Nim sums have no limit; a
product, power or inverse that needs more than ``cgt.LIMITS.max_nim_field_work``
term products (a dense inverse high in the field can have many thousands of
terms), or has more than ``cgt.LIMITS.max_ordinal_terms`` terms, is a
`GameTooLargeError`.
Finite arguments may be ints or integer Games; results are ints when finite.
"""

from functools import lru_cache

from cgt.errors import NimRangeError, NotOrdinalError
from cgt.limits import LIMITS
from cgt.nimbers import nim_inverse as _finite_inverse
from cgt.nimbers import nim_product as _finite_product
from cgt.transfinite import cnf
from cgt.transfinite.lenstra import PRIMES, alpha
from cgt.transfinite.ordinal import GeneralizedOrdinal
from cgt.transfinite.surreal import _integer, ordinal_value

__all__ = ["nim_sum", "nim_product", "nim_exp", "nim_inverse", "nim_div", "ugly_product", "MAX_OMEGA_EXPONENT"]

# The exponents ω^k of an exponent that nim products handle: k <= MAX_OMEGA_EXPONENT.
MAX_OMEGA_EXPONENT = len(PRIMES) - 2


def _budget(name):
    return cnf.Budget("max_nim_field_work", name)


# ---------------------------------------------------------------- arguments
def _cnf(value, name):
    """The Cantor normal form of an int, an integer Game or a GeneralizedOrdinal."""
    if isinstance(value, GeneralizedOrdinal):
        return value._num
    n = _integer(value)
    if n is None:
        raise TypeError(f"{name} applies to ordinals (ints or GeneralizedOrdinals), not {value!r}")
    return cnf.integer(n)


def _ordinals(name, *values):
    """The Cantor normal forms of ``values``, which must be ordinals (CGSuite's messages if not)."""
    forms = [_cnf(v, name) for v in values]
    if all(cnf.is_finite(x) for x in forms):
        if any(cnf.sign(x) < 0 for x in forms):
            raise NotOrdinalError(f"{name} applies only to nonnegative integers.")
    elif not all(cnf.is_ordinal(x) for x in forms):
        raise NotOrdinalError(f"{name} applies only to ordinals.")
    return forms


# ---------------------------------------------------------------- nim polynomials
# An ordinal below ω^(ω^54) as {exponent vector: coefficient}: the vector (a_0, a_1, ...)
# (no trailing zeros) stands for ω^(... + ω·a_1 + a_0), the coefficient is a finite nimber.

def _out_of_range():
    return NimRangeError(
        f"NimProduct out of range. (cgt multiplies ordinals below ω^(ω^{MAX_OMEGA_EXPONENT + 1}): "
        f"Lenstra's α_p are known here for the primes p <= {PRIMES[-1]})")


def _polynomial(x):
    """The nim polynomial of an ordinal in Cantor normal form."""
    poly = {}
    for exponent, c in x:
        vector = []
        for e, a in exponent:
            if not cnf.is_finite(e) or cnf.finite_value(e) > MAX_OMEGA_EXPONENT:
                raise _out_of_range()
            k = cnf.finite_value(e)
            if not vector:
                vector = [0] * (k + 1)
            vector[k] = a
        poly[tuple(vector)] = c
    return poly


def _ordinal(poly):
    """The Cantor normal form of a nim polynomial."""
    terms = [(tuple((cnf.integer(k), a) for k, a in reversed(list(enumerate(vector))) if a), c)
             for vector, c in poly.items()]
    return tuple(sorted(terms, reverse=True))


def _trim(vector):
    end = len(vector)
    while end and not vector[end - 1]:
        end -= 1
    return tuple(vector[:end])


def _add_digits(a, b, p):
    """``a + b`` digit by digit in base ``p``, a carry passing to the next *lower* digit.

    Digit ``i`` stands for ``κ_(p^(i+1))``, and ``κ_(p^(i+1))^p = κ_(p^i)``;
    returns the sum and whether digit 0 carried (a factor ``κ_p^p = α_p``).
    """
    da, db = [], []
    while a:
        a, d = divmod(a, p)
        da.append(d)
    while b:
        b, d = divmod(b, p)
        db.append(d)
    n = max(len(da), len(db))
    da += [0] * (n - len(da))
    db += [0] * (n - len(db))
    carry, total = 0, 0
    for i in reversed(range(n)):
        s = da[i] + db[i] + carry
        carry = s >= p
        total += (s - p if carry else s) * p ** i
    return total, carry


@lru_cache(maxsize=1 << 16)
def _monomial_product(u, v):
    """``ω^u ⊗ ω^v`` for exponent vectors ``u <= v``, as a tuple of (vector, coefficient)."""
    n = max(len(u), len(v))
    vector, carried = [], []
    for k in range(n):
        a = u[k] if k < len(u) else 0
        b = v[k] if k < len(v) else 0
        if a and b:
            s, carry = _add_digits(a, b, PRIMES[k + 1])
            vector.append(s)
            if carry:
                carried.append(k)
        else:
            vector.append(a + b)
    product, budget = {_trim(vector): 1}, _budget("a nim product of two terms")
    for k in carried:                       # α_p has terms below level k only: this ends
        product = _product(product, dict(alpha(k + 1)), budget)
    return tuple(product.items())


def _product(f, g, budget):
    """The nim product of two nim polynomials."""
    budget.spend(len(f) * len(g))
    if len(f) * len(g) > 1 and len(f) * len(g) > LIMITS.max_ordinal_product_terms:   # a limit is at least 1
        raise LIMITS.refusal("max_ordinal_product_terms", len(f) * len(g),
                             f"the term products of a nim product of {len(f)} by {len(g)} terms")
    out = {}
    for u, c in f.items():
        for v, d in g.items():
            cd = _finite_product(c, d)
            for w, e in _monomial_product(*sorted((u, v))):
                out[w] = out.get(w, 0) ^ (cd if e == 1 else _finite_product(e, cd))
    return _checked({w: c for w, c in out.items() if c})


def _square(f, budget):
    """``f ⊗ f``: in characteristic 2 the sum of the squares of the terms."""
    budget.spend(len(f))
    out = {}
    for u, c in f.items():
        cc = _finite_product(c, c)
        for w, e in _monomial_product(u, u):
            out[w] = out.get(w, 0) ^ (cc if e == 1 else _finite_product(e, cc))
    return _checked({w: c for w, c in out.items() if c})


def _add(f, g):
    out = dict(f)
    for w, c in g.items():
        out[w] = out.get(w, 0) ^ c
    return {w: c for w, c in out.items() if c}


def _checked(poly):
    if len(poly) > 1 and len(poly) > LIMITS.max_ordinal_terms:       # a limit is at least 1: one term passes
        raise LIMITS.refusal("max_ordinal_terms", len(poly), "the terms of a nim product")
    return poly


def _power(f, n, budget):
    result = {(): 1}
    while n:
        if n & 1:
            result = _product(result, f, budget)
        n >>= 1
        if n:
            f = _square(f, budget)
    return result


# ---------------------------------------------------------------- inverses
def _top(f):
    """The greatest ``(k, i)`` with ``κ_(p^(i+1))`` in a term of ``f``, ``p`` the ``(k+1)``-th odd prime; or None."""
    top = None
    for vector in f:
        if vector:
            k = len(vector) - 1
            p, a, i = PRIMES[k + 1], vector[k], 0
            while a >= p:
                a //= p
                i += 1
            top = max(top, (k, i)) if top else (k, i)
    return top


def _inverse(f, budget):
    """The nim inverse of a nonzero nim polynomial.

    With ``θ = κ_(p^(i+1))`` the greatest kappa in ``f``, the ordinals below θ
    form a field ``L`` and ``f = Σ c_j θ^j`` (``j < p``, ``c_j`` in ``L``) lives
    in ``L[θ] = L[T]/(T^p - β)``, ``β = κ_(p^i)`` or ``α_p``.  Euclid's
    algorithm without division, ``s·f ≡ r (mod T^p - β)``, ends at a constant
    ``r``; then ``f⁻¹ = s ⊗ r⁻¹``, one inverse in ``L``, found the same way.
    """
    top = _top(f)
    if top is None:
        return {(): _finite_inverse(f[()])}
    k, i = top
    p = PRIMES[k + 1]
    unit = p ** i

    def theta_power(j):
        return _trim([0] * k + [j * unit])

    parts = [{} for _ in range(p)]
    for vector, c in f.items():
        a = vector[k] if k < len(vector) else 0
        j = a // unit % p
        rest = list(vector)
        if j:
            rest[k] = a - j * unit
        parts[j][_trim(rest)] = c
    beta = {_trim([0] * k + [unit // p]): 1} if i else dict(alpha(k + 1))
    r0 = [beta] + [{}] * (p - 1) + [{(): 1}]      # T^p - β = T^p + β
    r1 = _strip(parts)
    s0, s1 = [], [{(): 1}]
    while len(r1) > 1:
        while len(r0) >= len(r1):
            shift = len(r0) - len(r1)
            a, b = r0[-1], r1[-1]
            r0 = _combine(r0, b, r1, a, shift, budget)
            s0 = _combine(s0, b, s1, a, shift, budget)
        r0, r1, s0, s1 = r1, r0, s1, s0
    constant = _inverse(r1[0], budget)
    result = {}
    for j, c in enumerate(s1):
        if c:
            result = _add(result, _product({theta_power(j): 1}, _product(c, constant, budget), budget))
    return result


def _strip(poly):
    """A polynomial in T (a list of nim polynomials) without zero leading coefficients."""
    end = len(poly)
    while end and not poly[end - 1]:
        end -= 1
    return poly[:end]


def _combine(f, b, g, a, shift, budget):
    """``b·f + a·T^shift·g`` for polynomials ``f``, ``g`` in T and constants ``a``, ``b``."""
    n = max(len(f), len(g) + shift)
    out = []
    for d in range(n):
        x = _product(f[d], b, budget) if d < len(f) and f[d] else {}
        if shift <= d < len(g) + shift and g[d - shift]:
            x = _add(x, _product(g[d - shift], a, budget))
        out.append(x)
    return _strip(out)


# ---------------------------------------------------------------- the operations
def nim_sum(a, b):
    """The nim sum ``a ⊕ b`` of two ordinals: coefficients of like terms added in binary without carry.

    ``*a + *b = *(a ⊕ b)``.

    >>> from cgt.transfinite import omega
    >>> nim_sum(omega ** omega * 4 + omega ** 3 * 9 + 11, omega ** omega * 6 + omega ** 3 * 5 + omega), nim_sum(11, 7)
    (GeneralizedOrdinal('ω^ω×2+ω^3×12+ω+11'), 12)
    """
    x, y = _ordinals("NimSum", a, b)
    out = dict(x)
    for e, c in y:
        out[e] = out.get(e, 0) ^ c
    return ordinal_value(tuple(sorted(((e, c) for e, c in out.items() if c), reverse=True)))


def nim_product(a, b):
    """The nim product ``a ⊗ b`` of two ordinals below ω^(ω^54) (Lenstra's algorithm).

    ``*a × *b = *(a ⊗ b)`` (the Conway product of nimbers).

    >>> from cgt.transfinite import omega
    >>> nim_product(omega ** (omega ** 2 * 32), omega ** (omega ** 2 * 24)), nim_product(8, 8)
    (GeneralizedOrdinal('ω^(ω^2+1)+ω^ω^2'), 13)
    """
    x, y = _ordinals("NimProduct", a, b)
    if cnf.is_finite(x) and cnf.is_finite(y):
        return _finite_product(cnf.finite_value(x), cnf.finite_value(y))
    return ordinal_value(_ordinal(_product(_polynomial(x), _polynomial(y), _budget("NimProduct"))))


def nim_exp(a, n):
    """``a^n`` in nim arithmetic (``a ⊗ a ⊗ ... ⊗ a``), for an int ``n >= 0``; CGSuite's ``NimExp``.

    >>> from cgt.transfinite import omega
    >>> nim_exp(omega ** omega ** 3, 66)       # Siegel, CGT, p. 449
    GeneralizedOrdinal('ω^(ω×4)+ω^(ω×2)+ω^ω×4+1')
    """
    (x,) = _ordinals("NimExp", a)
    k = _integer(n)
    if k is None or k < 0:
        raise ValueError("Exponent for NimExp must be a nonnegative integer.")
    return ordinal_value(_ordinal(_power(_polynomial(x), k, _budget("NimExp"))))


def nim_inverse(a):
    """The nim inverse ``a⁻¹`` of a nonzero ordinal: ``a ⊗ a⁻¹ = 1``.

    >>> from cgt.transfinite import omega
    >>> nim_inverse(omega), nim_inverse(5)
    (GeneralizedOrdinal('ω^2×3'), 12)
    """
    (x,) = _ordinals("NimInverse", a)
    if not x or cnf.sign(x) < 0:
        raise NotOrdinalError("NimInverse applies only to positive integers.")
    return ordinal_value(_ordinal(_inverse(_polynomial(x), _budget("NimInverse"))))


def nim_div(a, b):
    """The nim quotient ``a ⊗ b⁻¹``: the ordinal ``c`` with ``c ⊗ b = a``.

    >>> from cgt.transfinite import omega
    >>> nim_div(11, 16), nim_div(2, omega)
    (68, GeneralizedOrdinal('ω^2'))
    """
    x, y = _ordinals("NimDiv", a, b)
    if not y:
        raise NotOrdinalError("NimInverse applies only to positive integers.")
    if cnf.is_finite(x) and cnf.is_finite(y):
        return _finite_product(cnf.finite_value(x), _finite_inverse(cnf.finite_value(y)))
    budget = _budget("NimDiv")
    return ordinal_value(_ordinal(_product(_polynomial(x), _inverse(_polynomial(y), budget), budget)))


def ugly_product(a, b):
    """CGSuite's ``UglyProduct`` of two nonnegative integers (Winning Ways, ch. 14).

    For ``n`` a power of 2 and ``k < n``: ``n ∘ k = ⌊k/2⌋`` if ``k`` is evil (an
    even number of 1 bits), ``n + ⌊k/2⌋`` if ``k`` is odious; ``n ∘ n = ⌈n/2⌉``;
    extended to all integers by distributivity over the nim sum.

    >>> [ugly_product(14, k) for k in (2, 4, 6, 16)]
    [13, 13, 0, 23]
    """
    x, y = (_integer(v) for v in (a, b))
    if x is None or y is None:
        raise TypeError(f"UglyProduct applies to integers, not {a!r} and {b!r}")
    if x < 0 or y < 0:
        raise NotOrdinalError("UglyProduct applies only to nonnegative integers.")
    result = 0
    for m in range(x.bit_length()):
        if x >> m & 1:
            for n in range(y.bit_length()):
                if y >> n & 1:
                    result ^= _ugly_bits(m, n)
    return result


def _ugly_bits(m, n):
    """``2^m ∘ 2^n``: ``2^max + ⌊2^min / 2⌋`` for ``m ≠ n``, ``⌈2^m / 2⌉`` for ``m = n``."""
    if m == n:
        return 1 << max(m - 1, 0)
    low, high = sorted((m, n))
    return (1 << high) | ((1 << low) >> 1)
