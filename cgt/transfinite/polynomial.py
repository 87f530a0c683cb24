"""Generalized ordinals as polynomials, and quotients of them in lowest terms.

An ordinal exponent is ``α = ω^β₁·a₁ + ... + ω^βₖ·aₖ``, so a term
``ω^α·c = c·x₁^a₁···xₖ^aₖ`` with ``xᵢ = ω^(ω^βᵢ)``: the generalized ordinals
are the polynomial ring ``Z[ω^(ω^β) : β an ordinal]`` (the natural sum of
exponents is the product of monomials).  A unique factorisation domain, so a
quotient of two of them has lowest terms, unique up to sign, and
`lowest_terms` finds them with a greatest common divisor (CGSuite's
``SurrealNumber``; Siegel, *Combinatorial Game Theory*, VIII.2).

>>> from cgt.transfinite.cnf import OMEGA, ONE, add, integer, multiply, omega_power, text
>>> x = add(multiply(omega_power(add(OMEGA, ONE)), ONE), integer(-1))      # ω^(ω+1) - 1
>>> n = multiply(add(OMEGA, integer(-1)), x)                               # (ω-1)(ω^(ω+1)-1)
>>> [text(t) for t in lowest_terms(n, add(OMEGA, integer(-1)))]
['ω^(ω+2)-ω^(ω+1)-ω+1', '1']

The greatest common divisor is the primitive polynomial remainder sequence
(Knuth, TAOCP vol. 2, 4.6.1, Algorithm E), recursive in the variables; its
work is bounded by `MAX_WORK` term products (past it, a `GameTooLargeError`).
"""

from math import gcd as _igcd

from cgt.errors import GameTooLargeError

__all__ = ["MAX_WORK", "lowest_terms", "gcd"]

MAX_WORK = 2_000_000


class _Budget:
    """Counts term products; past `MAX_WORK`, a `GameTooLargeError` names the limit."""

    __slots__ = ("left",)

    def __init__(self):
        self.left = MAX_WORK

    def spend(self, amount):
        self.left -= amount
        if self.left < 0:
            raise GameTooLargeError(
                f"reducing a quotient to lowest terms needs more than {MAX_WORK} term products "
                "(the limit cgt.transfinite.polynomial.MAX_WORK)")


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
    budget.spend(len(f) * len(g))
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
    """``f / g`` in the ring, for ``g`` dividing ``f`` (leading terms in the lexicographic order)."""
    lead = max(g)
    lead_c = g[lead]
    quotient, rest = {}, dict(f)
    while rest:
        m = max(rest)
        c = rest[m]
        degrees = tuple(i - j for i, j in zip(m, lead))
        if min(degrees, default=0) < 0 or c % lead_c:
            raise ArithmeticError("inexact division of polynomials")   # cannot happen: g divides f
        term = {degrees: c // lead_c}
        quotient.update(term)
        rest = _subtract(rest, _multiply(term, g, budget))
    return quotient


def _content_integer(f):
    value = 0
    for c in f.values():
        value = _igcd(value, c)
    return value


def _gcd(f, g, budget):
    """A greatest common divisor of ``f`` and ``g`` (same number of variables)."""
    if not f:
        return g
    if not g:
        return f
    if len(f) == 1 or len(g) == 1:          # a monomial: the common monomial and integer content
        degrees = [min(column) for column in zip(*f, *g)]
        return {tuple(degrees): _igcd(_content_integer(f), _content_integer(g))}
    # As polynomials in the first variable over the ring of the others.
    F, G = _split(f), _split(g)
    cf, cg = _content(F, budget), _content(G, budget)
    c = _gcd(cf, cg, budget)
    a = {d: _divide(v, cf, budget) for d, v in F.items()}
    b = {d: _divide(v, cg, budget) for d, v in G.items()}
    if max(a) < max(b):
        a, b = b, a
    while b:                                # a and b stay primitive
        r = _pseudo_remainder(a, b, budget)
        a, b = b, _primitive(r, budget)
    if max(a) == 0:                         # coprime in the first variable
        return {(0,) + m: v for m, v in c.items()}
    return _multiply(_join(a), {(0,) + m: v for m, v in c.items()}, budget)


def _split(f):
    """``f`` as ``{degree in the first variable: polynomial in the others}``."""
    out = {}
    for m, c in f.items():
        out.setdefault(m[0], {})[m[1:]] = c
    return out


def _join(F):
    return {(d,) + m: c for d, v in F.items() for m, c in v.items()}


def _content(F, budget):
    value = {}
    for v in F.values():
        value = _gcd(value, v, budget)
    return value


def _primitive(F, budget):
    """``F`` divided by its content (the gcd of its coefficients); ``{}`` stays ``{}``."""
    if not F:
        return F
    c = _content(F, budget)
    return {d: _divide(v, c, budget) for d, v in F.items()}


def _pseudo_remainder(a, b, budget):
    """A multiple (by a power of ``lc(b)``) of the remainder of ``a`` by ``b`` in the first variable."""
    db = max(b)
    lb = b[db]
    r = dict(a)
    while r and max(r) >= db:
        dr = max(r)
        lr = r[dr]
        shift = dr - db
        out = {}
        for d, v in r.items():
            out[d] = _multiply(v, lb, budget)
        for d, v in b.items():
            key = d + shift
            out[key] = _subtract(out.get(key, {}), _multiply(v, lr, budget))
        r = {d: v for d, v in out.items() if v}
    return r


def gcd(x, y):
    """The greatest common divisor of two generalized ordinals, up to sign.

    >>> from cgt.transfinite.cnf import OMEGA, add, integer, multiply, text
    >>> text(gcd(multiply(OMEGA, integer(6)), add(multiply(OMEGA, OMEGA), multiply(OMEGA, integer(4)))))
    'ω×2'
    """
    variables = _variables(x, y)
    index = {beta: i for i, beta in enumerate(variables)}
    common = _gcd(_to_polynomial(x, index), _to_polynomial(y, index), _Budget())
    return _from_polynomial(common, variables)


def lowest_terms(numerator, denominator):
    """``(numerator, denominator)`` divided by their greatest common divisor.

    The sign is left as it comes; the caller makes the denominator positive.
    """
    variables = _variables(numerator, denominator)
    index = {beta: i for i, beta in enumerate(variables)}
    budget = _Budget()
    f, g = _to_polynomial(numerator, index), _to_polynomial(denominator, index)
    common = _gcd(f, g, budget)
    return (_from_polynomial(_divide(f, common, budget), variables),
            _from_polynomial(_divide(g, common, budget), variables))
