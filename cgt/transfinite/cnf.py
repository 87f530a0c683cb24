"""Cantor normal form: generalized ordinals as tuples of terms.

Every ordinal below ε₀ is uniquely ``ω^α₁·c₁ + ... + ω^αₖ·cₖ`` with
``α₁ > ... > αₖ`` ordinals and positive integer coefficients ``cᵢ``; letting
the coefficients be any nonzero integers gives the *generalized ordinals*
``α - β`` (Conway, ONAG ch. 3; CGSuite's ``GeneralizedOrdinal``).  Here such a
value is a tuple of terms ``(exponent, coefficient)``, exponents strictly
decreasing, each exponent itself an ordinal in the same form: ``()`` is 0,
``ONE = (((), 1),)`` is 1, ``OMEGA = ((ONE, 1),)`` is ω.

Because exponents have positive coefficients, Python's own tuple order on
them is the ordinal order (a larger leading term wins; a longer tuple with
the same start is larger), so terms sort with ``sorted``.  Sums and products
are those of the surreal numbers: the product adds exponents by the natural
(Hessenberg) sum, so the generalized ordinals form a commutative ring, the
polynomial ring in the ``ω^(ω^α)`` (`cgt.transfinite.polynomial`).

>>> x = add(OMEGA, integer(-5))
>>> text(x), text(multiply(x, x)), compare(x, OMEGA)
('ω-5', 'ω^2-ω×10+25', -1)

Sizes are bounded so that nothing hangs, by limits of `cgt.LIMITS`
(``docs/limits.md``): at most ``max_ordinal_terms`` terms in a value, at most
``max_ordinal_product_terms`` term products in one product, exponents nested
at most ``max_ordinal_height`` deep, and integer powers of at most
``max_ordinal_power_bits`` bits of coefficient; past them a
`GameTooLargeError` names the limit and how to raise it.
"""

from typing import TypeAlias

from cgt.dyadic import integer_text
from cgt.limits import LIMITS

__all__ = [
    "ZERO", "ONE", "OMEGA", "Budget",
    "integer", "is_finite", "finite_value", "sign", "is_ordinal", "height", "add", "negate",
    "subtract", "multiply", "power", "omega_power", "compare", "text", "latex",
]

#: A generalized ordinal in Cantor normal form: ``(exponent, coefficient)`` terms, exponents decreasing.
CNF: TypeAlias = tuple[tuple["CNF", int], ...]

ZERO: CNF = ()
ONE = ((ZERO, 1),)
OMEGA = ((ONE, 1),)


class Budget:
    """The work one operation may do, in term products: the limit named ``limit`` of `cgt.LIMITS`,
    as it is when the operation starts.  Spending past it is a `GameTooLargeError` that says
    ``what`` was being computed.

    >>> from cgt.limits import LIMITS
    >>> LIMITS.max_nim_field_work = 10
    >>> budget = Budget("max_nim_field_work", "a test")
    >>> budget.spend(8)
    >>> budget.spend(8)
    Traceback (most recent call last):
    ...
    cgt.errors.GameTooLargeError: the term products of a test: more than 10 is past the limit max_nim_field_work = 10; raise it with cgt.LIMITS.max_nim_field_work = 100 in Python or CGT_MAX_NIM_FIELD_WORK=100 in the environment
    >>> del LIMITS.max_nim_field_work
    """

    __slots__ = ("left", "what", "limit")

    def __init__(self, limit, what):
        self.left, self.what, self.limit = getattr(LIMITS, limit), what, limit

    def spend(self, amount):
        self.left -= amount
        if self.left < 0:
            raise LIMITS.refusal(self.limit, None, f"the term products of {self.what}")


def integer(n):
    """The integer ``n`` in Cantor normal form.

    >>> integer(0), integer(3)
    ((), (((), 3),))
    """
    return ((ZERO, n),) if n else ZERO


def is_finite(x):
    """Whether ``x`` is an integer (every exponent 0).

    >>> is_finite(integer(-4)), is_finite(OMEGA)
    (True, False)
    """
    return not x or (len(x) == 1 and not x[0][0])


def finite_value(x):
    """The int of a finite ``x``.

    >>> finite_value(integer(-4)), finite_value(ZERO)
    (-4, 0)
    """
    return x[0][1] if x else 0


def sign(x):
    """-1, 0 or 1: the sign of the leading coefficient, which decides the sign of ``x``.

    >>> sign(add(integer(-3), OMEGA)), sign(negate(OMEGA)), sign(ZERO)
    (1, -1, 0)
    """
    return (x[0][1] > 0) - (x[0][1] < 0) if x else 0


def is_ordinal(x):
    """Whether ``x`` is an ordinal: every coefficient positive.

    >>> is_ordinal(add(OMEGA, ONE)), is_ordinal(add(OMEGA, integer(-1)))
    (True, False)
    """
    return all(c > 0 for _, c in x)


def height(x):
    """How deeply exponents nest: 0 for integers, 1 for polynomials in ω, 2 for ``ω^ω``, ...

    >>> height(integer(7)), height(OMEGA), height(omega_power(OMEGA))
    (0, 1, 2)
    """
    return max((1 + height(e) for e, _ in x if e), default=0)


def _checked(terms):
    if len(terms) > 1 and len(terms) > LIMITS.max_ordinal_terms:     # a limit is at least 1: one term passes
        raise LIMITS.refusal("max_ordinal_terms", len(terms), "the terms of a generalized ordinal")
    return tuple(terms)


def add(x, y):
    """``x + y``: like terms combined, the result's terms in decreasing order.

    >>> text(add(add(OMEGA, ONE), negate(OMEGA)))
    '1'
    """
    if not x:
        return y
    if not y:
        return x
    out, i, j, nx, ny = [], 0, 0, len(x), len(y)
    while i < nx and j < ny:
        ex, cx = x[i]
        ey, cy = y[j]
        if ex == ey:
            if cx + cy:
                out.append((ex, cx + cy))
            i += 1
            j += 1
        elif ex > ey:
            out.append(x[i])
            i += 1
        else:
            out.append(y[j])
            j += 1
    out.extend(x[i:])
    out.extend(y[j:])
    return _checked(out)


def negate(x):
    """``-x``.

    >>> text(negate(add(OMEGA, integer(-5))))
    '-ω+5'
    """
    return tuple((e, -c) for e, c in x)


def subtract(x, y):
    """``x - y``."""
    return add(x, negate(y))


def multiply(x, y):
    """``x·y``: ``ω^α·a × ω^β·b = ω^(α ⊕ β)·ab`` (⊕ the natural sum), extended by distributivity.

    >>> text(multiply(add(OMEGA, ONE), add(OMEGA, integer(-1))))
    'ω^2-1'
    """
    if x == ONE:
        return y
    if y == ONE:
        return x
    if not x or not y:
        return ZERO
    if len(x) * len(y) > 1 and len(x) * len(y) > LIMITS.max_ordinal_product_terms:
        raise LIMITS.refusal("max_ordinal_product_terms", len(x) * len(y),
                             f"the term products of a product of {len(x)} by {len(y)} terms")
    products = {}
    for ex, cx in x:
        for ey, cy in y:
            e = add(ex, ey)
            products[e] = products.get(e, 0) + cx * cy
    return _checked(sorted(((e, c) for e, c in products.items() if c), reverse=True))


def power(x, n):
    """``x^n`` for an int ``n >= 0``, by repeated squaring.

    >>> text(power(add(OMEGA, ONE), 3))
    'ω^3+ω^2×3+ω×3+1'
    """
    if n == 0:
        return ONE
    if not x:
        return ZERO
    if len(x) > 1:
        LIMITS.within("max_ordinal_terms", n, "the exponent n of a power x^n of a generalized ordinal x "
                                              "of several terms")
    bits = max(abs(c).bit_length() for _, c in x) + len(x).bit_length()
    LIMITS.within("max_ordinal_power_bits", bits * n, "the bits of coefficient of a power x^n, estimated")
    result, base = ONE, x
    while True:
        if n & 1:
            result = multiply(result, base)
        n >>= 1
        if not n:
            return result
        base = multiply(base, base)


def omega_power(alpha):
    """``ω^α`` for an ordinal ``α``: the single term ``(α, 1)``.

    >>> text(omega_power(omega_power(OMEGA)))
    'ω^ω^ω'
    """
    LIMITS.within("max_ordinal_height", height(alpha) + 1, "the height of a tower of exponents ω^α")
    return ((alpha, 1),)


def compare(x, y):
    """-1, 0 or 1 as ``x < y``, ``x == y``, ``x > y``: the first term where they differ decides.

    >>> compare(OMEGA, integer(10**9)), compare(negate(OMEGA), integer(-1))
    (1, -1)
    """
    for (ex, cx), (ey, cy) in zip(x, y):
        if ex == ey:
            if cx != cy:
                return 1 if cx > cy else -1
        elif ex > ey:
            return 1 if cx > 0 else -1
        else:
            return -1 if cy > 0 else 1
    if len(x) > len(y):
        return 1 if x[len(y)][1] > 0 else -1
    if len(y) > len(x):
        return -1 if y[len(x)][1] > 0 else 1
    return 0


def _needs_parentheses(exponent):
    """An exponent is parenthesised unless it is one term ``ω^β`` or an integer."""
    return len(exponent) > 1 or (exponent[0][1] != 1 and bool(exponent[0][0]))


def text(x):
    """CGSuite's text: ``ω^(ω^2+ω)-ω^20×9+ω×3`` (ω for omega, × before a coefficient).

    >>> text(add(omega_power(add(integer(2), OMEGA)), negate(multiply(OMEGA, integer(3)))))
    'ω^(ω+2)-ω×3'
    """
    def power(e):
        return f"^({text(e)})" if _needs_parentheses(e) else f"^{text(e)}"

    return _written(x, "ω", power, "×")


def latex(x):
    r"""LaTeX (math mode) for ``x``: ``\omega^{\omega+1}\cdot 3+1``.

    >>> print(latex(add(multiply(omega_power(add(OMEGA, ONE)), integer(3)), ONE)))
    \omega^{\omega+1}\cdot 3+1
    """
    return _written(x, r"\omega", lambda e: f"^{{{latex(e)}}}", r"\cdot ")


def _written(x, omega, power, times):
    """``x`` written term by term, signs between: ``omega`` for ω, ``power(e)`` after it for
    an exponent ``e`` other than 1, ``times`` before a coefficient other than 1."""
    if not x:
        return "0"
    parts = []
    for index, (e, c) in enumerate(x):
        parts.append("-" if c < 0 else "+" if index else "")
        if not e:
            parts.append(integer_text(abs(c)))
            continue
        parts.append(omega if e == ONE else omega + power(e))
        if abs(c) != 1:
            parts.append(f"{times}{integer_text(abs(c))}")
    return "".join(parts)
