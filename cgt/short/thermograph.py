"""Thermographs, mean and temperature, and stop counts.

Everything here is exact (:class:`fractions.Fraction`) and works on engine ids;
`Game` exposes it as properties and methods.  The conventions are CGSuite's:

* A thermograph lives on temperatures ``t >= -1``.  Its walls are
  `~cgt.short.trajectory.Trajectory` values: continuous piecewise-linear
  functions of ``t``, listed from the top by their critical temperatures and
  the slopes between them (value = intercept + slope.t on each piece, so a
  left wall leans with slope ``-1`` and a right wall with slope ``+1``).
* The walls of ``G`` are built from the *scaffolds*
  ``L(t) = max R_t(G^L) - t`` and ``R(t) = min L_t(G^R) + t``: below the
  temperature they follow the scaffolds, above it they are the vertical mast
  at the mean.  Integers are masts all the way down to ``-1``.
* The temperature of ``m/2^k`` (k >= 1) is ``-1/2^k``, of an integer ``-1``,
  of ``x + ↑^n + *m`` (not a number) ``0``.

The recursion runs on float walls checked exact (`cgt.short.exact_floats`),
falling back to Fractions; pictures are drawn by `cgt.short.drawing`.

>>> from fractions import Fraction
>>> from cgt import engine
>>> switch = engine.canon([engine.nus(Fraction(3))], [engine.nus(Fraction(-1))])
>>> print(thermograph(switch))
Thermograph(1,[2],[0,-1],1,[2],[0,1])
>>> temperature(switch), mean(switch)
(Fraction(2, 1), Fraction(1, 1))
"""

from fractions import Fraction

from cgt import engine
from cgt.short import drawing
from cgt.short.exact_floats import (Inexact, fast_or_exact, fcapped, fenvelope, ffloat, fintersect, ftilt,
                                    to_trajectory)
from cgt.short.trajectory import BASE, Trajectory, capped
from cgt.value import Struct

__all__ = ["Thermograph", "Trajectory", "clear_caches", "mean", "stop_count", "temperature", "thermograph"]

_ZERO = Fraction(0)


class Thermograph(Struct):
    """A thermograph: its left and right walls, each a :class:`Trajectory`.

    ``left_wall(t)`` and ``right_wall(t)`` are the left and right stops of
    ``G`` cooled by ``t``; above the temperature both are the mast at the mean.

    >>> th = Thermograph(Trajectory("9/4", ["3/4"], [0, -1]),
    ...                  Trajectory("9/4", ["3/4", "1/2", 0], [0, 1, 0, 1]))
    >>> th.temperature, th.mean, th.left_wall(0), th.right_wall(0)
    (Fraction(3, 4), Fraction(9, 4), Fraction(3, 1), Fraction(2, 1))
    """

    __slots__ = ("left_wall", "right_wall")
    left_wall: Trajectory
    right_wall: Trajectory

    def __init__(self, left_wall: Trajectory, right_wall: Trajectory) -> None:
        self._init(left_wall, right_wall)

    @property
    def temperature(self):
        """The highest critical temperature of either wall, or -1 for a plain mast."""
        walls = (self.left_wall, self.right_wall)
        tops = [w.critical_points[0] for w in walls if w.critical_points]
        return max(tops, default=BASE)

    @property
    def mean(self):
        """The mast value (the mean of the game)."""
        return self.left_wall(max(self.temperature, BASE))

    mast = mean

    def wall(self, side):
        """The ``'left'`` or ``'right'`` wall."""
        side = str(side).lower()
        if side in ("left", "l"):
            return self.left_wall
        if side in ("right", "r"):
            return self.right_wall
        raise ValueError(f"a thermograph has a 'left' and a 'right' wall, not {side!r}")

    def __str__(self):
        return f"Thermograph({self.left_wall._body()},{self.right_wall._body()})"

    def to_sympy(self, t=None):
        """The walls as a pair of SymPy ``Piecewise`` expressions in ``t``."""
        return self.left_wall.to_sympy(t), self.right_wall.to_sympy(t)

    # ------------------------------------------------------------ drawing
    def svg(self, unit=None):
        """The thermograph as SVG text: ``t`` upwards, values decreasing to the right.

        Left's wall (blue) is on the left, Right's (red) on the right, and the
        mast (black) rises from the temperature; ``unit`` is pixels per unit.

        >>> Thermograph(Trajectory(1), Trajectory(1)).svg().startswith("<svg")
        True
        """
        return drawing.svg(self, unit)

    def _repr_svg_(self):
        return self.svg()

    def plot(self, ax=None):
        """Draw the thermograph on matplotlib ``ax`` (a new figure if None); returns ``ax``.

        Drawn as :meth:`svg` draws it; needs the ``plot`` extra (matplotlib).
        """
        return drawing.plot(self, ax)


def _intersect(left_scaffold, right_scaffold):
    """The thermograph whose scaffolds are given (both tilted already).

    The walls follow the scaffolds up to the highest ``tau`` with
    ``L(tau) >= R(tau)`` (the top of the hill), then rise as a mast.  If the
    scaffolds never meet (``L < R`` already at ``-1``) the mast stands at the
    value of ``[L(-1), R(-1)]`` nearest 0.
    """
    diff = left_scaffold - right_scaffold
    pieces = diff._pieces()
    top_slope, top_intercept = pieces[0][1], pieces[0][2]
    if top_slope > 0 or (top_slope == 0 and top_intercept >= 0):
        return Thermograph(left_scaffold, right_scaffold)
    tau = None
    for lo, slope, intercept in pieces:
        if intercept + slope * lo >= 0:
            # D(lo) >= 0 > D(just above the piece's top): the root is in this piece.
            tau = lo if slope == 0 else -intercept / slope
            break
    if tau is None:
        lo_value, hi_value = left_scaffold(BASE), right_scaffold(BASE)
        value = min(max(_ZERO, lo_value), hi_value)
        mast = Trajectory.constant(value)
        return Thermograph(mast, mast)
    value = left_scaffold(tau)
    return Thermograph(capped(left_scaffold, tau, value), capped(right_scaffold, tau, value))



# ---------------------------------------------------------------- memo tables
_thermographs = {}
_walls = {}         # id -> (left wall, right wall): fast tuples or Trajectories
_stop_counts = {}


def clear_caches():
    """Forget every memoised thermograph and stop count."""
    _thermographs.clear()
    _walls.clear()
    _stop_counts.clear()


# ---------------------------------------------------------------- thermograph
def thermograph(a):
    """The thermograph of ``a`` (CGSuite's conventions, down to ``t = -1``).

    >>> from cgt import engine
    >>> print(thermograph(engine.nus(Fraction(25, 16))))
    Thermograph(25/16,[-1/16,-1/2],[0,-1,0],25/16,[-1/16,-1/8,-1/2],[0,1,0,1])
    """
    th = _thermographs.get(a)
    if th is None:
        left, right = _walls_of(a)
        th = Thermograph(to_trajectory(left), to_trajectory(right))
        _thermographs[a] = th
    return th


def _walls_of(a):
    """``a``'s pair of walls, fast or as Trajectories (memoised)."""
    walls = _walls.get(a)
    if walls is None:
        walls = engine.postorder(a, _walls, _thermograph_deps, _walls_from)
    return walls


def _walls_from(a):
    fp = engine.fast_path(a)
    try:
        if fp is not None:
            x, ups, star = fp
            if x.denominator == 1 and ups == 0 and star == 0:
                mast = ((), (0,), (ffloat(x),))
                return mast, mast
            if ups or star:
                return _finfinitesimal_shift(x, ups, star)
        return _fwalls_from_options(a)
    except Inexact:
        pass
    th = _exact_thermograph_of(a)
    return fast_or_exact(th.left_wall, th.right_wall)


def _fwalls_from_options(a):
    left_scaffold = right_scaffold = None
    walls = _walls
    for g in engine.left(a):
        wall = walls[g][1]
        if type(wall) is not tuple:
            raise Inexact
        left_scaffold = wall if left_scaffold is None else fenvelope(left_scaffold, wall, 1)
    for g in engine.right(a):
        wall = walls[g][0]
        if type(wall) is not tuple:
            raise Inexact
        right_scaffold = wall if right_scaffold is None else fenvelope(right_scaffold, wall, -1)
    if left_scaffold is None or right_scaffold is None:
        mast = ((), (0,), (ffloat(Fraction(engine.number(a))),))
        return mast, mast
    return fintersect(ftilt(left_scaffold, -1), ftilt(right_scaffold, 1))


def _finfinitesimal_shift(x, ups, star):
    """As `_infinitesimal_shift`, on fast walls."""
    base_left, base_right = _walls[engine.nus(x)]
    if type(base_left) is not tuple or type(base_right) is not tuple:
        raise Inexact
    shifted_left = ftilt(base_right, -1)
    shifted_right = ftilt(base_left, 1)
    if ups == 0 or (abs(ups) == 1 and star == 1):
        left_wall, right_wall = shifted_left, shifted_right
    elif ups > 0:
        left_wall, right_wall = shifted_left, base_right
    else:
        left_wall, right_wall = base_left, shifted_right
    fx = ffloat(x)
    return fcapped(left_wall, 0.0, fx), fcapped(right_wall, 0.0, fx)


def _thermograph_deps(a):
    fp = engine.fast_path(a)
    if fp is not None:
        x, ups, star = fp
        if ups == 0 and star == 0:
            return () if x.denominator == 1 else engine.left(a) + engine.right(a)
        return (engine.nus(x),)
    return engine.left(a) + engine.right(a)


def _exact_thermograph_of(a):
    """``a``'s thermograph in Fractions throughout (options from the memo)."""
    fp = engine.fast_path(a)
    if fp is not None:
        x, ups, star = fp
        if x.denominator == 1 and ups == 0 and star == 0:
            mast = Trajectory.constant(x)
            return Thermograph(mast, mast)
        if ups or star:
            return _infinitesimal_shift(x, ups, star)
    return _thermograph_from_options(a)


def _thermograph_from_options(a):
    """The thermograph of ``a`` from the thermographs of its options (memoised)."""
    left_scaffold = right_scaffold = None
    for g in engine.left(a):
        wall = _thermographs[g].right_wall if g in _thermographs else thermograph(g).right_wall
        left_scaffold = wall if left_scaffold is None else left_scaffold.max(wall)
    for g in engine.right(a):
        wall = _thermographs[g].left_wall if g in _thermographs else thermograph(g).left_wall
        right_scaffold = wall if right_scaffold is None else right_scaffold.min(wall)
    if left_scaffold is None or right_scaffold is None:
        # Only integers have an empty side, and they are masts.
        value = Fraction(engine.number(a))
        mast = Trajectory.constant(value)
        return Thermograph(mast, mast)
    return _intersect(left_scaffold.tilt(-1), right_scaffold.tilt(1))


def _infinitesimal_shift(x, ups, star):
    """The thermograph of ``x + ups.↑ + *star`` (not a number) from that of ``x``.

    Above 0 it is the mast at ``x``.  Below 0 each wall is one of two
    trajectories built from the number ``x``: Left's wall is ``R_x(t) - t``
    when she has a move to a game whose right wall is ``x``'s (she has one
    except in the downs ``v^n*m``, n >= 2 or ``v*m``, m != 1), else ``L_x(t)``;
    Right's symmetrically.
    """
    base = thermograph(engine.nus(x))
    shifted_left = base.right_wall.tilt(-1)
    shifted_right = base.left_wall.tilt(1)
    if ups == 0 or (abs(ups) == 1 and star == 1):
        left_wall, right_wall = shifted_left, shifted_right
    elif ups > 0:
        left_wall, right_wall = shifted_left, base.right_wall
    else:
        left_wall, right_wall = base.left_wall, shifted_right
    return Thermograph(capped(left_wall, _ZERO, x), capped(right_wall, _ZERO, x))


# ---------------------------------------------------------------- mean and temperature
def mean(a):
    """The mean value of ``a``: the mast of its thermograph.

    >>> from cgt import engine
    >>> mean(engine.nus(Fraction(5), 3, 1))
    Fraction(5, 1)
    """
    fp = engine.fast_path(a)
    if fp is not None:
        return fp[0]
    return thermograph(a).mean


def temperature(a):
    """The temperature of ``a``: ``-1/2^k`` for ``m/2^k``, -1 for integers, 0 for ``x + ↑^n*m``.

    >>> from cgt import engine
    >>> temperature(engine.nus(Fraction(-1, 2))), temperature(engine.nus(Fraction(0), 0, 8))
    (Fraction(-1, 2), Fraction(0, 1))
    """
    fp = engine.fast_path(a)
    if fp is not None:
        x, ups, star = fp
        if ups or star:
            return _ZERO
        return Fraction(-1, x.denominator)
    return thermograph(a).temperature


# ---------------------------------------------------------------- stop count
def stop_count(a):
    """The number of stops: leaves of ``a``'s game tree, a number counting as a leaf.

    >>> from cgt import engine
    >>> stop_count(engine.nus(Fraction(0), 0, 8))
    4374
    """

    def deps(g):
        fp = engine.fast_path(g)
        if fp is not None and fp[1] == 0:
            return ()
        return engine.left(g) + engine.right(g)

    def compute(g):
        fp = engine.fast_path(g)
        if fp is not None and fp[1] == 0:
            # numbers are stops; x + *m has 2.3^(m-1): both players move to each x + *j.
            return 1 if fp[2] == 0 else 2 * 3 ** (fp[2] - 1)
        return sum(_stop_counts[h] for h in engine.left(g) + engine.right(g))

    return engine.postorder(a, _stop_counts, deps, compute)
