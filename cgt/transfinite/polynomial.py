"""Generalized ordinals as polynomials, and quotients of them in lowest terms.

An ordinal exponent is ``α = ω^β₁·a₁ + ... + ω^βₖ·aₖ``, so a term
``ω^α·c = c·x₁^a₁···xₖ^aₖ`` with ``xᵢ = ω^(ω^βᵢ)``: the generalized ordinals
are the polynomial ring ``Z[ω^(ω^β) : β an ordinal]`` (the natural sum of
exponents is the product of monomials).  A unique factorisation domain, so a
quotient of two of them has lowest terms, unique up to sign, and
`lowest_terms` finds them with a greatest common divisor (CGSuite's
``SurrealNumber``; Siegel, *Combinatorial Game Theory*, VIII.2).

>>> from cgt.transfinite.cnf import OMEGA, ONE, add, integer, multiply, omega_power, text
>>> x = add(omega_power(add(OMEGA, ONE)), integer(-1))                     # ω^(ω+1) - 1
>>> n = multiply(add(OMEGA, integer(-1)), x)                               # (ω-1)(ω^(ω+1)-1)
>>> d = add(multiply(OMEGA, OMEGA), integer(-1))                           # (ω-1)(ω+1)
>>> [text(t) for t in lowest_terms(n, d)]
['ω^(ω+1)-1', 'ω+1']

The greatest common divisor is found by the heuristic GCD (Char, Geddes and
Gonnet, 1989): the variables are replaced one by one by integers ``ξ``
larger than twice the coefficients, the integer gcd is lifted back by its
``ξ``-adic digits, and the candidate is the gcd exactly when it divides both
polynomials (Geddes, Czapor and Labahn, *Algorithms for Computer Algebra*,
7.7).  In the rare case that no ``ξ`` of a few tried gives a divisor, the
primitive polynomial remainder sequence (Knuth, TAOCP vol. 2, 4.6.1,
Algorithm E), recursive in the variables, finds it.  The work is bounded by
``cgt.LIMITS.max_lowest_terms_work`` term products, an operation on integers
of ``m`` and ``n`` bits counting as ``1 + m·n/2^16`` of them (what schoolbook
multiplication, division and Lehmer's gcd cost, in products of 256-bit
words), and the heuristic tries integers of at most
``cgt.LIMITS.max_lowest_terms_bits`` bits times the degree; past the work, a
`GameTooLargeError`, within about a second at the default limits.
"""

from math import gcd as _igcd
from math import isqrt as _isqrt

from cgt.limits import LIMITS
from cgt.transfinite import cnf

__all__ = ["lowest_terms", "gcd"]

_HEURISTIC_TRIES = 6


def _budget():
    return cnf.Budget("max_lowest_terms_work", "the reduction of a quotient to lowest terms")


def _cost(m, n):
    """The work of one operation on integers of ``m`` and ``n`` bits, in products of 256-bit words."""
    return 1 + (m * n >> 20)


def _bits(f):
    """The bits of the largest coefficient of ``f``."""
    return max(abs(c).bit_length() for c in f.values()) if f else 0


# ---------------------------------------------------------------- Cantor normal form <-> polynomials
def _variables(*values):
    """The ``β`` of the variables ``ω^(ω^β)`` in ``values``, decreasing."""
    return sorted({beta for x in values for exponent, _ in x for beta, _ in exponent}, reverse=True)


def _to_polynomial(x, index):
    n = len(index)
    poly = {}
    for exponent, c in x:
        degrees = [0] * n
        for beta, a in exponent:
            degrees[index[beta]] = a
        poly[tuple(degrees)] = c
    return poly


def _from_polynomial(poly, variables):
    """Back to Cantor normal form; the order of degree vectors is the order of the exponents."""
    return tuple((tuple((variables[i], a) for i, a in enumerate(degrees) if a), poly[degrees])
                 for degrees in sorted(poly, reverse=True))


# ---------------------------------------------------------------- polynomials {degrees: coefficient}
def _multiply(f, g, budget):
    """``f·g``; its cost grows with the number of term products and with the size of the coefficients."""
    budget.spend(len(f) * len(g) * _cost(_bits(f), _bits(g)))
    out = {}
    for m, a in f.items():
        for n, b in g.items():
            key = tuple(i + j for i, j in zip(m, n))
            out[key] = out.get(key, 0) + a * b
    return {m: c for m, c in out.items() if c}


def _subtract(f, g):
    out = dict(f)
    for m, c in g.items():
        out[m] = out.get(m, 0) - c
    return {m: c for m, c in out.items() if c}


def _divide(f, g, budget):
    """``f / g`` in the ring, for ``g`` dividing ``f``."""
    quotient = _exact_quotient(f, g, budget)
    if quotient is None:
        raise ArithmeticError("inexact division of polynomials")   # cannot happen: g divides f
    return quotient


def _exact_quotient(f, g, budget):
    """``f / g`` when ``g`` divides ``f``, else None.

    Leading terms are taken in the lexicographic order; a quotient term of
    a degree above ``deg f - deg g`` in some variable shows that ``g`` does
    not divide ``f`` (degrees add in a product), which also bounds the steps.
    """
    lead = max(g)
    lead_c = g[lead]
    bound = [a - b for a, b in zip(_degrees(f), _degrees(g))]
    quotient, rest = {}, dict(f)
    while rest:
        m = max(rest)
        c = rest[m]
        degrees = tuple(i - j for i, j in zip(m, lead))
        if c % lead_c or any(d < 0 or d > b for d, b in zip(degrees, bound)):
            return None
        term = {degrees: c // lead_c}
        quotient.update(term)
        rest = _subtract(rest, _multiply(term, g, budget))
    return quotient


def _degrees(f):
    """The degree of ``f`` in each variable."""
    return [max(column) for column in zip(*f)]


def _content_integer(f, budget):
    """The gcd of the coefficients of ``f``."""
    bits = _bits(f)
    budget.spend(len(f) * _cost(bits, bits))
    value = 0
    for c in f.values():
        value = _igcd(value, c)
    return value


def _greatest_common_divisor(f, g, budget):
    """A greatest common divisor of ``f`` and ``g``: the heuristic GCD, else `_gcd`."""
    if not f or not g:
        return f or g
    common = _heuristic_gcd(f, g, budget)
    return _gcd(f, g, budget) if common is None else common


def _heuristic_gcd(f, g, budget):
    """The gcd of nonzero ``f`` and ``g`` by evaluation at integers (Char, Geddes, Gonnet), or None.

    With ``ξ > 2·min(|f|, |g|) + 2`` (``|·|`` the largest coefficient of the
    primitive parts), the primitive part ``h`` of the ``ξ``-adic lift of
    ``gcd(f(ξ), g(ξ))`` is the gcd of the primitive parts if it divides both.
    """
    if len(f) == 1 or len(g) == 1:
        return _gcd(f, g, budget)
    used = _used(f) | _used(g)
    if not used:
        return _gcd(f, g, budget)
    v = max(used)
    content = _igcd(_content_integer(f, budget), _content_integer(g, budget))
    f, g = _integer_primitive(f, budget), _integer_primitive(g, budget)
    xi = 2 * min(max(map(abs, f.values())), max(map(abs, g.values()))) + 29
    degree = max(max(m[v] for m in f), max(m[v] for m in g))
    for _ in range(_HEURISTIC_TRIES):
        if xi.bit_length() * degree > LIMITS.max_lowest_terms_bits:
            return None
        ff, gg = _evaluate(f, v, xi, budget), _evaluate(g, v, xi, budget)
        image = _heuristic_gcd(ff, gg, budget) if ff and gg else None     # ξ may be a root of one
        if image is not None:
            h = _integer_primitive(_interpolate(image, v, xi, budget), budget)
            if _exact_quotient(f, h, budget) is not None and _exact_quotient(g, h, budget) is not None:
                return {m: content * c for m, c in h.items()}
        xi = 73794 * xi * _isqrt(_isqrt(xi)) // 27011   # the growth sympy's heugcd uses
    return None


def _integer_primitive(f, budget):
    """``f`` divided by the gcd of its coefficients, with a positive leading coefficient."""
    c = _content_integer(f, budget)
    if f[max(f)] < 0:
        c = -c
    return {m: a // c for m, a in f.items()}


def _evaluate(f, v, xi, budget):
    """``f`` with the variable ``v`` replaced by the integer ``ξ`` (a polynomial free of ``v``)."""
    bits, power = _bits(f), xi.bit_length()
    budget.spend(sum(_cost(bits + m[v] * power, m[v] * power) for m in f))
    out = {}
    for m, c in f.items():
        key = m[:v] + (0,) + m[v + 1:]
        out[key] = out.get(key, 0) + c * xi ** m[v]
    return {m: c for m, c in out.items() if c}


def _interpolate(h, v, xi, budget):
    """The polynomial whose coefficients have the balanced ``ξ``-adic digits of ``h``'s, digit ``d`` at ``v^d``."""
    out, d, half = {}, 0, xi // 2
    while h:
        budget.spend(len(h) * _cost(_bits(h), xi.bit_length()))
        digits = {}
        for m, c in h.items():
            digit = c % xi
            if digit > half:
                digit -= xi
            if digit:
                digits[m] = digit
        for m, digit in digits.items():
            out[m[:v] + (d,) + m[v + 1:]] = digit
        h = {m: c for m, c in ((m, (c - digits.get(m, 0)) // xi) for m, c in h.items()) if c}
        d += 1
    return out


def _gcd(f, g, budget):
    """A greatest common divisor of ``f`` and ``g`` (degree vectors of one length), by remainder sequences."""
    if not f:
        return g
    if not g:
        return f
    if len(f) == 1 or len(g) == 1:          # a monomial: the common monomial and integer content
        degrees = [min(column) for column in zip(*f, *g)]
        return {tuple(degrees): _igcd(_content_integer(f, budget), _content_integer(g, budget))}
    used_f, used_g = _used(f), _used(g)
    if used_f != used_g:                    # a variable of one only: the gcd is free of it
        v = min(used_f ^ used_g)
        if v in used_f:
            return _gcd(_content(_split(f, v), budget), g, budget)
        return _gcd(f, _content(_split(g, v), budget), budget)
    # As polynomials in the common variable of least degree, over the ring of the others.
    v = min(used_f, key=lambda i: (max(m[i] for m in f) + max(m[i] for m in g), i))
    F, G = _split(f, v), _split(g, v)
    cf, cg = _content(F, budget), _content(G, budget)
    c = _gcd(cf, cg, budget)
    a = {d: _divide(x, cf, budget) for d, x in F.items()}
    b = {d: _divide(x, cg, budget) for d, x in G.items()}
    if max(a) < max(b):
        a, b = b, a
    while b:                                # a and b stay primitive
        r = _pseudo_remainder(a, b, budget)
        a, b = b, _primitive(r, budget)
    if max(a) == 0:                         # coprime in v
        return c
    return _multiply(_join(a, v), c, budget)


def _used(f):
    """The variables (positions) with a positive degree in some term of ``f``."""
    return {i for m in f for i, d in enumerate(m) if d}


def _split(f, v):
    """``f`` as ``{degree in variable v: coefficient}``, the coefficients free of v."""
    out = {}
    for m, c in f.items():
        out.setdefault(m[v], {})[m[:v] + (0,) + m[v + 1:]] = c
    return out


def _join(F, v):
    return {m[:v] + (d,) + m[v + 1:]: c for d, x in F.items() for m, c in x.items()}


def _content(F, budget):
    value = {}
    for x in F.values():
        value = _gcd(value, x, budget)
    return value


def _primitive(F, budget):
    """``F`` divided by its content (the gcd of its coefficients); ``{}`` stays ``{}``."""
    if not F:
        return F
    c = _content(F, budget)
    return {d: _divide(x, c, budget) for d, x in F.items()}


def _pseudo_remainder(a, b, budget):
    """A multiple (by a power of ``lc(b)``) of the remainder of ``a`` by ``b`` in the main variable."""
    db = max(b)
    lb = b[db]
    r = dict(a)
    while r and max(r) >= db:
        dr = max(r)
        lr = r[dr]
        shift = dr - db
        out = {d: _multiply(x, lb, budget) for d, x in r.items()}
        for d, x in b.items():
            out[d + shift] = _subtract(out.get(d + shift, {}), _multiply(x, lr, budget))
        r = {d: x for d, x in out.items() if x}
    return r


def gcd(x, y):
    """The greatest common divisor of two generalized ordinals, up to sign.

    >>> from cgt.transfinite.cnf import OMEGA, add, integer, multiply, text
    >>> square = multiply(OMEGA, OMEGA)
    >>> text(gcd(multiply(OMEGA, integer(6)), add(multiply(square, integer(4)), multiply(OMEGA, integer(2)))))
    'ω×2'
    """
    variables = _variables(x, y)
    index = {beta: i for i, beta in enumerate(variables)}
    f, g = _to_polynomial(x, index), _to_polynomial(y, index)
    common = _greatest_common_divisor(f, g, _budget())
    return _from_polynomial(common, variables)


def lowest_terms(numerator, denominator):
    """``(numerator, denominator)`` divided by their greatest common divisor.

    The sign is left as it comes; the caller makes the denominator positive.
    """
    variables = _variables(numerator, denominator)
    index = {beta: i for i, beta in enumerate(variables)}
    budget = _budget()
    f, g = _to_polynomial(numerator, index), _to_polynomial(denominator, index)
    common = _greatest_common_divisor(f, g, budget)
    return (_from_polynomial(_divide(f, common, budget), variables),
            _from_polynomial(_divide(g, common, budget), variables))
