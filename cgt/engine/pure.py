"""The pure-Python canonical-form engine.

Every canonical short game lives once in an interning table under a small
integer id; the engine works on ids only.  The operations are

* ``le(a, b)``: the game order ``a <= b``;
* ``add(a, b)``: the disjunctive sum ``a + b``;
* ``neg(a)``: the negative ``-a``;
* ``canon(left, right)``: the id of the canonical form of ``{left | right}``,
  for option ids that are themselves canonical;

each memoised on ids.  Values of the form ``x + n.↑ + *m`` (x a dyadic number:
numbers, nimbers and the simplest uptimals) are *fast-path* nodes: stored as
the triple ``(x, n, m)``, combined arithmetically, and given options only when
someone asks for them.  General nodes store their canonical option ids.

Canonicalisation follows the textbook (Siegel, *Combinatorial Game Theory*,
II.2): remove dominated options, bypass reversible ones, repeat; then, before
interning, a form that is the canonical form of a fast-path value is
recognised as that value, so that each value has exactly one id.

This module is the reference engine: keep its interface narrow so that a
compiled engine can replace it and be tested against it.
"""

from fractions import Fraction

from cgt.dyadic import birthday as number_birthday
from cgt.dyadic import simplest_number
from cgt.limits import LIMITS

# ---------------------------------------------------------------- the table
# Indexed by id.  For fast-path nodes `_left`/`_right` hold None until the
# options are first asked for.
_left = []
_right = []
_nus = []        # (x, ups, star) for x + ups.↑ + *star, else None
_number = []     # the Fraction x for numbers, else None
_birthday = []
_left_stop = []     # stops, as floats where that is exact (see _exact_key)
_right_stop = []
_depth = []      # how deep a recursive operation on this node may go

_general_ids = {}   # (left ids, right ids), each sorted -> id
_nus_ids = {}       # (x, ups, star) -> id

_le_memo = {}
_add_memo = {}
_neg_memo = {}

_KEY = 1 << 32
# Memo tables are caches: past this many entries they are emptied and refilled
# on demand, so long computations do not exhaust memory through them.
_MEMO_LIMIT = 1 << 21


def _new_node(left, right, nus, number, born, lstop, rstop, depth):
    ident = len(_left)
    _left.append(left)
    _right.append(right)
    _nus.append(nus)
    _number.append(number)
    _birthday.append(born)
    _left_stop.append(lstop)
    _right_stop.append(rstop)
    _depth.append(depth)
    return ident


def nus(x, ups=0, star=0):
    """The id of ``x + ups.↑ + *star`` (x a dyadic Fraction, star >= 0)."""
    key = (x, ups, star)
    ident = _nus_ids.get(key)
    if ident is None:
        small = _uptimal_birthday(abs(ups), star)
        born = number_birthday(x) + small
        stop = _exact_key(x)
        # Operations recurse through the infinitesimal part and the binary
        # places of x (integers have formulas): that is the depth to guard.
        depth = small + x.denominator.bit_length() - 1
        ident = _new_node(None, None, key, x if ups == 0 and star == 0 else None,
                          born, stop, stop, depth)
        _nus_ids[key] = ident
    return ident


def _exact_key(x):
    """``x`` as a float when the float is exactly ``x``, else ``x`` itself.

    Stops are compared on every hot path; floats compare far faster than
    Fractions, and mixed comparisons stay exact.
    """
    if abs(x.numerator) < _FLOAT_EXACT and x.denominator < _FLOAT_EXACT:
        return x.numerator / x.denominator
    return x


_FLOAT_EXACT = 1 << 53


def _uptimal_birthday(n, m):
    """Birthday of ``n.↑ + *m`` (n >= 0), from the canonical forms below."""
    if n == 0:
        return m
    # n.↑*m = {0 | (n-1).↑*(m^1)} except ↑* = {0,*|0}: walk down to n = 1.
    s1 = m ^ ((n - 1) & 1)
    return n - 1 + (2 if s1 == 1 else 1 + (s1 ^ 1))


ZERO = nus(Fraction(0))


def _nus_options(x, ups, star):
    """Canonical option ids of the fast-path value ``x + ups.↑ + *star``.

    Numbers: ``n = {n-1 | }`` for integers n > 0, ``m/2^k = {(m-1)/2^k | (m+1)/2^k}``.
    Nimbers: ``x + *m = {x + *j | x + *j : j < m}``.  Ups (n >= 1):
    ``x + ↑* = {x, x* | x}``, otherwise ``x + n.↑ + *m = {x | x + (n-1).↑ + *(m ⊕ 1)}``;
    downs are the negatives of ups.
    """
    if ups == 0 and star == 0:
        if x.denominator == 1:
            if x > 0:
                return (nus(x - 1),), ()
            if x < 0:
                return (), (nus(x + 1),)
            return (), ()
        step = Fraction(1, x.denominator)
        return (nus(x - step),), (nus(x + step),)
    if ups == 0:
        LIMITS.within("max_options", star, "the options of a nimber *n, n of them")
        options = tuple(nus(x, 0, j) for j in range(star))
        return options, options
    if ups < 0:
        left, right = _nus_options(-x, -ups, star)
        return tuple(neg(r) for r in right), tuple(neg(g) for g in left)
    base = nus(x)
    if ups == 1 and star == 1:
        return (base, nus(x, 0, 1)), (base,)
    return (base,), (nus(x, ups - 1, star ^ 1),)


def left(a):
    """The canonical left option ids of ``a``."""
    options = _left[a]
    if options is None:
        _expand(a)
        options = _left[a]
    return options


def right(a):
    """The canonical right option ids of ``a``."""
    options = _right[a]
    if options is None:
        _expand(a)
        options = _right[a]
    return options


def _expand(a):
    lo, ro = _nus_options(*_nus[a])
    _left[a] = lo
    _right[a] = ro


def _general(left_ids, right_ids):
    """Intern a canonical form that is not a fast-path value."""
    key = (left_ids, right_ids)
    ident = _general_ids.get(key)
    if ident is None:
        born = 1 + max(_birthday[g] for g in left_ids + right_ids)
        depth = 1 + max(_depth[g] for g in left_ids + right_ids)
        lstop = max(_right_stop[g] for g in left_ids)
        rstop = min(_left_stop[g] for g in right_ids)
        ident = _new_node(left_ids, right_ids, None, None, born, lstop, rstop, depth)
        _general_ids[key] = ident
    return ident


# ---------------------------------------------------------------- the order
def le(a, b):
    """``a <= b`` in the game order."""
    if a == b:
        return True
    key = a * _KEY + b
    result = _le_memo.get(key)
    if result is None:
        result = _le_memo[key] = _le(a, b)
    return result


def _le(a, b):
    na = _nus[a]
    nb = _nus[b]
    if na is not None and nb is not None:
        xa, xb = _left_stop[a], _left_stop[b]     # the number parts, compared exactly
        if xa != xb:
            return xa < xb
        return _nus_nonnegative(0, nb[1] - na[1], na[2] ^ nb[2])
    # Stops: a <= b forces L(a) <= L(b) and R(a) <= R(b); L(a) < R(b) forces a < b.
    if _left_stop[a] > _left_stop[b] or _right_stop[a] > _right_stop[b]:
        return False
    if _left_stop[a] < _right_stop[b]:
        return True
    # Number avoidance: against a number x only the non-number's moves matter.
    if _number[a] is None:
        for g in left(a):
            if le(b, g):
                return False
    if _number[b] is None:
        for g in right(b):
            if le(g, a):
                return False
    return True


def _nus_nonnegative(x, ups, star):
    """Whether ``x + ups.↑ + *star >= 0``."""
    if x:
        return x > 0
    if ups == 0:
        return star == 0
    return ups > 0 and not (ups == 1 and star == 1)


# ---------------------------------------------------------------- negation
def neg(a):
    """The id of ``-a``."""
    n = _nus[a]
    if n is not None:
        return nus(-n[0], -n[1], n[2])
    result = _neg_memo.get(a)
    if result is None:
        result = _general(tuple(sorted(neg(g) for g in _right[a])),
                          tuple(sorted(neg(g) for g in _left[a])))
        _neg_memo[a] = result
        _neg_memo[result] = a
    return result


# ---------------------------------------------------------------- sums
def add(a, b):
    """The id of the disjunctive sum ``a + b``."""
    if a == ZERO:
        return b
    if b == ZERO:
        return a
    na = _nus[a]
    nb = _nus[b]
    if na is not None and nb is not None:
        return nus(na[0] + nb[0], na[1] + nb[1], na[2] ^ nb[2])
    if a > b:
        a, b, na, nb = b, a, nb, na
    key = a * _KEY + b
    result = _add_memo.get(key)
    if result is None:
        result = _add_memo[key] = _add(a, b, na, nb)
        if len(_add_memo) > _MEMO_LIMIT:
            _add_memo.clear()
    return result


def _add(a, b, na, nb):
    if na is not None and na[0] and (na[1] or na[2]):
        # x + u + b = (u + b) + x: translate last, so the infinitesimal sum is shared.
        return add(add(nus(Fraction(0), na[1], na[2]), b), nus(na[0]))
    if nb is not None and nb[0] and (nb[1] or nb[2]):
        return add(add(a, nus(Fraction(0), nb[1], nb[2])), nus(nb[0]))
    if _number[a] is not None:
        # Number translation: G + x = {G^L + x | G^R + x} for G not a number.
        return canon([add(g, a) for g in _left[b]], [add(g, a) for g in _right[b]])
    if _number[b] is not None:
        return canon([add(g, b) for g in _left[a]], [add(g, b) for g in _right[a]])
    la, ra, lb, rb = left(a), right(a), left(b), right(b)
    return canon([add(g, b) for g in la] + [add(a, g) for g in lb],
                 [add(g, b) for g in ra] + [add(a, g) for g in rb])


def multiple(a, n, add=add):
    """The id of ``n.a`` for an int n: arithmetically for ``x + ups.↑ + *star``, else by
    doubling with ``add`` (``(-n).(-a)`` for negative n)."""
    fast = _nus[a]
    if fast is not None:
        x, ups, star = fast
        return nus(x * n, ups * n, star if n & 1 else 0)
    if n < 0:
        a, n = neg(a), -n
    total = ZERO
    while n:
        if n & 1:
            total = add(total, a)
        n >>= 1
        if n:
            a = add(a, a)
    return total


# ---------------------------------------------------------------- canonical form
def canon(left_ids, right_ids):
    """The id of the canonical form of ``{left_ids | right_ids}``.

    The option ids are canonical; the result removes dominated options and
    bypasses reversible ones until neither applies.
    """
    if len(_le_memo) > 2 * _MEMO_LIMIT:
        _le_memo.clear()
    lset = set(left_ids)
    rset = set(right_ids)
    numbers = _number
    if all(numbers[g] is not None for g in lset) and all(numbers[g] is not None for g in rset):
        lo = max((numbers[g] for g in lset), default=None)
        hi = min((numbers[g] for g in rset), default=None)
        if lo is None or hi is None or lo < hi:
            return nus(simplest_number(lo, hi))
        if lo == hi:
            return nus(lo, 0, 1)
        return _general((nus(lo),), (nus(hi),))
    form = _Form()
    lopts = _maximal(lset)
    ropts = _minimal(rset)
    while True:
        form.left, form.right = lopts, ropts
        new_left, changed_left = _bypass_left(lopts, form)
        new_right, changed_right = _bypass_right(ropts, form)
        if not (changed_left or changed_right):
            break
        lopts = _maximal(set(new_left))
        ropts = _minimal(set(new_right))
    return _recognise(tuple(sorted(lopts)), tuple(sorted(ropts)))


def _maximal(ids):
    """The left options not dominated: drop g when g <= h for another option h.

    Distinct canonical ids are distinct values, so ``g <= h`` means ``g < h``;
    and ``g <= h`` needs both stops of h at least those of g, a cheap filter.
    """
    if len(ids) < 2:
        return list(ids)
    lstop, rstop = _left_stop, _right_stop
    kept = []
    for g in ids:
        lg, rg = lstop[g], rstop[g]
        for h in ids:
            if h != g and lstop[h] >= lg and rstop[h] >= rg and le(g, h):
                break
        else:
            kept.append(g)
    return kept


def _minimal(ids):
    """The right options not dominated: drop g when h <= g for another option h."""
    if len(ids) < 2:
        return list(ids)
    lstop, rstop = _left_stop, _right_stop
    kept = []
    for g in ids:
        lg, rg = lstop[g], rstop[g]
        for h in ids:
            if h != g and lstop[h] <= lg and rstop[h] <= rg and le(h, g):
                break
        else:
            kept.append(g)
    return kept


class _Form:
    """A game given by option ids (not yet canonical), with its own comparison cache.

    Bypassing reversible options and removing dominated ones keep the value,
    so the cache stays valid while the options change.
    """

    __slots__ = ("left", "right", "below", "above")

    def __init__(self):
        self.left = self.right = ()
        self.below = {}   # x -> x <= G
        self.above = {}   # y -> G <= y

    def ge(self, x):
        """``x <= G``: no G^R <= x and no x^L >= G."""
        result = self.below.get(x)
        if result is None:
            result = True
            for g in self.right:
                if le(g, x):
                    result = False
                    break
            else:
                for g in left(x):
                    if self.le(g):
                        result = False
                        break
            self.below[x] = result
        return result

    def le(self, y):
        """``G <= y``: no G^L >= y and no y^R <= G."""
        result = self.above.get(y)
        if result is None:
            result = True
            for g in self.left:
                if le(y, g):
                    result = False
                    break
            else:
                for g in right(y):
                    if self.ge(g):
                        result = False
                        break
            self.above[y] = result
        return result


def _bypass_left(options, form):
    """Replace each reversible left option G^L (some G^LR <= G) by the G^LRL."""
    out = []
    changed = False
    for g in options:
        for h in right(g):
            if form.ge(h):
                out.extend(left(h))
                changed = True
                break
        else:
            out.append(g)
    return out, changed


def _bypass_right(options, form):
    """Replace each reversible right option G^R (some G^RL >= G) by the G^RLR."""
    out = []
    changed = False
    for g in options:
        for h in left(g):
            if form.le(h):
                out.extend(right(h))
                changed = True
                break
        else:
            out.append(g)
    return out, changed


def _recognise(lopts, ropts):
    """Intern a canonical form, as its fast-path value when it is one."""
    if not lopts and not ropts:
        return ZERO
    fast = _nus
    for g in lopts + ropts:
        if fast[g] is None:
            # a fast-path value's options are all fast-path values
            return _general(lopts, ropts)
    numbers = _number
    if len(lopts) <= 1 and len(ropts) <= 1 and all(numbers[g] is not None for g in lopts + ropts):
        lo = numbers[lopts[0]] if lopts else None
        hi = numbers[ropts[0]] if ropts else None
        if lo is None or hi is None or lo < hi:
            return nus(simplest_number(lo, hi))
    if lopts == ropts:
        # x + *m = {x + *j | x + *j : j < m}
        parts = [_nus[g] for g in lopts]
        if all(p is not None and p[1] == 0 for p in parts):
            x = parts[0][0]
            stars = {p[2] for p in parts if p[0] == x}
            if stars == set(range(len(parts))):
                return nus(x, 0, len(parts))
    if len(lopts) == 1 and len(ropts) == 1:
        lp, rp = _nus[lopts[0]], _nus[ropts[0]]
        if lp is not None and rp is not None:
            # x + n.↑ + *m = {x | x + (n-1).↑ + *(m ⊕ 1)}, and its negative
            if numbers[lopts[0]] is not None and rp[0] == lp[0] and rp[1] >= 0 and (rp[1], rp[2]) != (0, 0):
                return nus(lp[0], rp[1] + 1, rp[2] ^ 1)
            if numbers[ropts[0]] is not None and lp[0] == rp[0] and lp[1] <= 0 and (lp[1], lp[2]) != (0, 0):
                return nus(rp[0], lp[1] - 1, lp[2] ^ 1)
    if len(lopts) + len(ropts) == 3:
        # x + ↑* = {x, x* | x} and x + ↓* = {x | x, x*}
        pair, single = (lopts, ropts) if len(lopts) == 2 else (ropts, lopts)
        if len(single) == 1 and numbers[single[0]] is not None:
            x = numbers[single[0]]
            if set(pair) == {nus(x), nus(x, 0, 1)}:
                return nus(x, 1 if pair is lopts else -1, 1)
    return _general(lopts, ropts)


def depth(a):
    """How deep a recursive operation on ``a`` may go."""
    return _depth[a]


def birthday(a):
    """The birthday of ``a``."""
    return _birthday[a]


def stops(a):
    """The left and right stops of ``a``."""
    return Fraction(_left_stop[a]), Fraction(_right_stop[a])


def fast_path(a):
    """``(x, ups, star)`` if ``a`` is ``x + ups.↑ + *star``, else None."""
    return _nus[a]


def uptimal(a):
    """``(x, (ups,), star)`` for the fast-path values ``x + ups.↑ + *star``, else None.

    This engine holds only these uptimals arithmetically; `cgt.short.uptimals`
    recognises the others from their options.
    """
    n = _nus[a]
    return None if n is None else (n[0], (n[1],) if n[1] else (), n[2])


def number(a):
    """The Fraction ``a`` is equal to, or None if ``a`` is not a number."""
    return _number[a]


def clear_caches():
    """Forget the memo tables of ``le``, ``add`` and ``neg`` (the interned games stay)."""
    _le_memo.clear()
    _add_memo.clear()
    _neg_memo.clear()


def table_size():
    """The number of interned canonical games."""
    return len(_left)
