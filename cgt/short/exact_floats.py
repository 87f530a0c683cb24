"""Thermograph walls in floats, every operation checked to be exact.

The thermograph recursion (`cgt.short.thermograph`) runs on *fast walls*:
``(critical points, slopes, intercepts)`` tuples of floats holding dyadic
values exactly, and int slopes.  Each float operation here is checked to be
exact; one that might not be raises `Inexact`, and that node is redone with
Fractions (`~cgt.short.trajectory.Trajectory`).  Fractions are only built for
the thermographs actually asked for.

>>> fast = to_fast(Trajectory(1, [0], [0, -1]))
>>> fast
((0.0,), (0, -1), (1.0, 1.0))
>>> to_trajectory(fast) == Trajectory(1, [0], [0, -1])
True
"""

from fractions import Fraction

from cgt.short.trajectory import Trajectory

class Inexact(Exception):
    """A float operation could not be done exactly: use Fractions."""


_INF = float("inf")
_FBASE = -1.0
_FLOAT_EXACT = 1 << 53


def ffloat(x):
    """The Fraction or int ``x`` as an exact float, or `Inexact`."""
    n, d = x.numerator, x.denominator
    if d & (d - 1) or d >= _FLOAT_EXACT or not -_FLOAT_EXACT < n < _FLOAT_EXACT:
        raise Inexact
    return n / d


def _fadd(a, b):
    r = a + b
    if r - a != b or r - b != a:
        raise Inexact
    return r


def _fsub(a, b):
    r = a - b
    if r + b != a or a - r != b:
        raise Inexact
    return r


def _fmul(s, x):
    """The int ``s`` times the float ``x``, exactly."""
    if s == 0:
        return 0.0
    if s == 1:
        return x
    if s == -1:
        return -x
    m = -s if s < 0 else s
    if m & (m - 1):
        raise Inexact
    r = s * x
    if r == _INF or r == -_INF:
        raise Inexact
    return r


def _fdiv(x, s):
    """The float ``x`` over the nonzero int ``s``, exactly."""
    if s == 1:
        return x
    if s == -1:
        return -x
    m = -s if s < 0 else s
    if m & (m - 1):
        raise Inexact
    r = x / s
    if r * s != x:
        raise Inexact
    return r


def _fval(b, s, t):
    """``b + s.t`` exactly."""
    if s == 0:
        return b
    if s == 1:
        return _fadd(b, t)
    if s == -1:
        return _fsub(b, t)
    return _fadd(b, _fmul(s, t))


def _fat(wall, t):
    """The fast wall's value at ``t``."""
    cps, slopes, bs = wall
    i = 0
    n = len(cps)
    while i < n and cps[i] > t:
        i += 1
    return _fval(bs[i], slopes[i], t)


def _ffrom_pieces(pieces):
    """A fast wall from ``[(lower end, slope, intercept), ...]`` (merged, as `_merged`)."""
    _, s0, b0 = pieces[0]
    cps, slopes, bs = [], [s0], [b0]
    last = len(pieces) - 1
    for k in range(last):
        cp = pieces[k][0]
        if cp <= _FBASE:
            break
        _, s, b = pieces[k + 1]
        if s == slopes[-1] and b == bs[-1]:
            continue
        cps.append(cp)
        slopes.append(s)
        bs.append(b)
    return tuple(cps), tuple(slopes), tuple(bs)


def _fpoints(ca, cb):
    if not cb:
        pts = list(ca)
    elif not ca:
        pts = list(cb)
    else:
        pts = sorted(set(ca).union(cb), reverse=True)
    pts.append(_FBASE)
    return pts


def fenvelope(a, b, sign):
    """Pointwise max (sign 1) or min (sign -1) of two fast walls (as `_envelope`)."""
    ca, sa_, ba_ = a
    cb, sb_, bb_ = b
    na, nb = len(ca), len(cb)
    pieces = []
    i = j = 0
    hi = None
    for lo in _fpoints(ca, cb):
        while i < na and ca[i] > lo:
            i += 1
        while j < nb and cb[j] > lo:
            j += 1
        sa, ba, sb, bb = sa_[i], ba_[i], sb_[j], bb_[j]
        if sa != sb:
            cross = _fdiv(_fsub(bb, ba), sa - sb)
            if lo < cross and (hi is None or cross < hi):
                if sign * (sa - sb) > 0:
                    pieces.append((cross, sa, ba))
                    pieces.append((lo, sb, bb))
                else:
                    pieces.append((cross, sb, bb))
                    pieces.append((lo, sa, ba))
                hi = lo
                continue
        va, vb = _fval(ba, sa, lo), _fval(bb, sb, lo)
        if va == vb:
            take_a = sign * (sa - sb) >= 0
        elif sign > 0:
            take_a = va > vb
        else:
            take_a = va < vb
        pieces.append((lo, sa, ba) if take_a else (lo, sb, bb))
        hi = lo
    return _ffrom_pieces(pieces)


def ftilt(wall, r):
    cps, slopes, bs = wall
    return cps, tuple(s + r for s in slopes), bs


def fcapped(wall, tau, value):
    """As `_capped`, on fast walls."""
    if tau <= _FBASE:
        return (), (0,), (value,)
    cps, slopes, bs = wall
    pieces = [(tau, 0, value)]
    lows = cps + (_FBASE,)
    for k in range(len(slopes)):
        if lows[k] < tau:
            pieces.append((lows[k], slopes[k], bs[k]))
    return _ffrom_pieces(pieces)


def fintersect(left, right):
    """As `_intersect`, on fast walls: returns the pair of walls."""
    cl, sl_, bl_ = left
    cr, sr_, br_ = right
    nl, nr = len(cl), len(cr)
    pieces = []
    i = j = 0
    for lo in _fpoints(cl, cr):
        while i < nl and cl[i] > lo:
            i += 1
        while j < nr and cr[j] > lo:
            j += 1
        pieces.append((lo, sl_[i] - sr_[j], _fsub(bl_[i], br_[j])))
    dc, ds, db = _ffrom_pieces(pieces)
    dcps = dc + (_FBASE,)
    top_slope, top_intercept = ds[0], db[0]
    if top_slope > 0 or (top_slope == 0 and top_intercept >= 0):
        return left, right
    tau = None
    for k in range(len(ds)):
        lo, slope, intercept = dcps[k], ds[k], db[k]
        if _fval(intercept, slope, lo) >= 0:
            tau = lo if slope == 0 else _fdiv(-intercept, slope)
            break
    if tau is None:
        value = min(max(0.0, _fat(left, _FBASE)), _fat(right, _FBASE))
        mast = ((), (0,), (value,))
        return mast, mast
    value = _fat(left, tau)
    return fcapped(left, tau, value), fcapped(right, tau, value)


def to_trajectory(wall):
    """A fast wall as a `Trajectory` (a Trajectory stays itself)."""
    if isinstance(wall, Trajectory):
        return wall
    cps, slopes, bs = wall
    return Trajectory._make(tuple(map(_fraction, cps)), tuple(map(_fraction, slopes)),
                            tuple(map(_fraction, bs)))


_fractions = {}     # exact float or int -> Fraction, so each value is built once


def _fraction(x):
    f = _fractions.get(x)
    if f is None:
        if len(_fractions) > 100_000:
            _fractions.clear()
        f = _fractions[x] = Fraction(x)
    return f


def to_fast(wall):
    """A `Trajectory` as a fast wall, or `Inexact`."""
    if not isinstance(wall, Trajectory):
        return wall
    slopes = []
    for s in wall.slopes:
        if s.denominator != 1:
            raise Inexact
        slopes.append(int(s))
    return (tuple(map(ffloat, wall.critical_points)), tuple(slopes),
            tuple(map(ffloat, wall.intercepts)))


def fast_or_exact(left, right):
    """The pair of walls, fast where both can be."""
    try:
        return to_fast(left), to_fast(right)
    except Inexact:
        return to_trajectory(left), to_trajectory(right)
