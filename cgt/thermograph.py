"""Temperature theory: thermographs, mean, temperature, cooling and heating.

Everything here is exact (:class:`fractions.Fraction`) and works on engine ids;
`Game` exposes it as properties and methods.  The conventions are CGSuite's:

* A thermograph lives on temperatures ``t >= -1``.  Its walls are
  :class:`Trajectory` values: continuous piecewise-linear functions of ``t``,
  listed from the top by their critical temperatures and the slopes between
  them (value = intercept + slope.t on each piece, so a left wall leans with
  slope ``-1`` and a right wall with slope ``+1``).
* The walls of ``G`` are built from the *scaffolds*
  ``L(t) = max R_t(G^L) - t`` and ``R(t) = min L_t(G^R) + t``: below the
  temperature they follow the scaffolds, above it they are the vertical mast
  at the mean.  Integers are masts all the way down to ``-1``.
* The temperature of ``m/2^k`` (k >= 1) is ``-1/2^k``, of an integer ``-1``,
  of ``x + ↑^n + *m`` (not a number) ``0``.
* ``G`` cooled by ``t`` (``t > -1``) is ``G`` for an integer, the mean once
  ``t`` exceeds the temperature, else ``{G^L_t - t | G^R_t + t}``.

>>> from fractions import Fraction
>>> from cgt import engine
>>> switch = engine.canon([engine.nus(Fraction(3))], [engine.nus(Fraction(-1))])
>>> print(thermograph(switch))
Thermograph(1,[2],[0,-1],1,[2],[0,1])
>>> temperature(switch), mean(switch)
(Fraction(2, 1), Fraction(1, 1))
"""

from fractions import Fraction
from html import escape
from numbers import Rational

import attrs

from cgt import engine
from cgt.dyadic import as_dyadic
from cgt.errors import CoolingTemperatureError
from cgt.value import Immutable

__all__ = [
    "Thermograph",
    "Trajectory",
    "clear_caches",
    "cool",
    "freeze",
    "heat",
    "mean",
    "overheat",
    "stop_count",
    "temperature",
    "thermograph",
]

_ZERO = Fraction(0)
_BASE = Fraction(-1)      # the lowest temperature a thermograph is drawn at


def _exact(value, what):
    """``value`` as a Fraction; floats are refused (exact values only)."""
    if isinstance(value, bool):
        raise TypeError(f"{what} must be an exact number, not a bool")
    if isinstance(value, str):
        return Fraction(value)
    if not isinstance(value, Rational):
        raise TypeError(f"{what} must be an int or a Fraction, "
                        f"not {type(value).__name__} {value!r}")
    return Fraction(value)


# ======================================================================
# Trajectories
# ======================================================================

class Trajectory(Immutable):
    """An exact continuous piecewise-linear function of the temperature ``t >= -1``.

    ``Trajectory(mast, critical_points, slopes)`` follows CGSuite: ``mast`` is
    the value at the highest critical point (the constant value if there is
    none), ``critical_points`` are strictly decreasing and above ``-1``, and
    ``slopes[i]`` is the slope just above ``critical_points[i]`` (one more slope
    than critical points; ``slopes[0]`` is the slope of the mast).

    >>> wall = Trajectory(Fraction(9, 4), [Fraction(3, 4)], [0, -1])
    >>> wall(0), wall(1), wall(-1)
    (Fraction(3, 1), Fraction(9, 4), Fraction(4, 1))
    >>> print(wall)
    Trajectory(9/4,[3/4],[0,-1])
    """

    __slots__ = ("critical_points", "slopes", "intercepts", "_hash")

    def __init__(self, mast=0, critical_points=(), slopes=None):
        mast = _exact(mast, "mast")
        cps = tuple(_exact(c, "critical point") for c in critical_points)
        if slopes is None:
            slopes = (0,) * (len(cps) + 1)
        slopes = tuple(_exact(s, "slope") for s in slopes)
        if len(slopes) != len(cps) + 1:
            raise ValueError("a trajectory needs exactly one more slope than critical points")
        if any(a <= b for a, b in zip(cps, cps[1:])):
            raise ValueError("critical points must be strictly decreasing")
        if cps and cps[-1] <= _BASE:
            raise ValueError("critical points must be greater than -1")
        # Walk down from the top: piece i passes through its upper end.
        intercepts = []
        value = mast
        upper = cps[0] if cps else _ZERO
        for i, slope in enumerate(slopes):
            intercepts.append(value - slope * upper)
            if i < len(cps):
                lower = cps[i]
                value = value - slope * (upper - lower)
                upper = lower
        self._set(*_merged(cps, slopes, tuple(intercepts)))

    @classmethod
    def constant(cls, value):
        """The vertical mast at ``value``: ``t -> value``."""
        value = Fraction(value)
        return cls._make((), (_ZERO,), (value,))

    @classmethod
    def _make(cls, cps, slopes, intercepts):
        """Trusted constructor: pieces already merged and valid."""
        self = object.__new__(cls)
        self._set(cps, slopes, intercepts)
        return self

    @classmethod
    def _from_pieces(cls, pieces):
        """Build from ``[(lower end, slope, intercept), ...]`` listed from the top."""
        cps = tuple(lo for lo, _, _ in pieces[:-1])
        slopes = tuple(s for _, s, _ in pieces)
        intercepts = tuple(b for _, _, b in pieces)
        return cls._make(*_merged(cps, slopes, intercepts))

    def _set(self, cps, slopes, intercepts):
        object.__setattr__(self, "critical_points", cps)
        object.__setattr__(self, "slopes", slopes)
        object.__setattr__(self, "intercepts", intercepts)
        object.__setattr__(self, "_hash", None)        # computed when first asked for

    def __reduce__(self):
        return (Trajectory._make, (self.critical_points, self.slopes, self.intercepts))

    # ------------------------------------------------------------ reading
    def _piece(self, t):
        """Index of the piece just above ``t`` (the one containing ``t``)."""
        i = 0
        cps = self.critical_points
        while i < len(cps) and cps[i] > t:
            i += 1
        return i

    def __call__(self, t):
        """The value at temperature ``t`` (``t >= -1``)."""
        t = _exact(t, "temperature")
        if t < _BASE:
            raise ValueError(f"trajectories are defined for t >= -1, not {t}")
        i = self._piece(t)
        return self.intercepts[i] + self.slopes[i] * t

    value_at = __call__

    def _pieces(self):
        """``[(lower end, slope, intercept), ...]`` from the top, the last ending at -1."""
        lows = self.critical_points + (_BASE,)
        return list(zip(lows, self.slopes, self.intercepts))

    @property
    def mast(self):
        """The value at the highest critical point (the constant, if there is none)."""
        if not self.critical_points:
            return self.intercepts[0]
        return self(self.critical_points[0])

    @property
    def is_constant(self):
        """Whether this is a vertical mast all the way down."""
        return not self.critical_points and self.slopes[0] == 0

    # ------------------------------------------------------------ arithmetic
    def translate(self, c):
        """``t -> self(t) + c``."""
        c = _exact(c, "translation")
        return Trajectory._make(self.critical_points, self.slopes,
                                tuple(b + c for b in self.intercepts))

    def tilt(self, r):
        """``t -> self(t) + r.t``."""
        r = _exact(r, "tilt")
        return Trajectory._make(*_merged(self.critical_points,
                                         tuple(s + r for s in self.slopes), self.intercepts))

    def __neg__(self):
        return Trajectory._make(self.critical_points, tuple(-s for s in self.slopes),
                                tuple(-b for b in self.intercepts))

    def __add__(self, other):
        if not isinstance(other, Trajectory):
            if isinstance(other, Rational) and not isinstance(other, bool):
                return self.translate(other)
            return NotImplemented
        pieces = []
        for lo, _ in _intervals(self, other):
            i, j = self._piece_above(lo), other._piece_above(lo)
            pieces.append((lo, self.slopes[i] + other.slopes[j],
                           self.intercepts[i] + other.intercepts[j]))
        return Trajectory._from_pieces(pieces)

    __radd__ = __add__

    def __sub__(self, other):
        if isinstance(other, Trajectory):
            return self + -other
        if isinstance(other, Rational) and not isinstance(other, bool):
            return self.translate(-other)
        return NotImplemented

    def _piece_above(self, lo):
        """Index of the piece just above ``lo`` (its lower end is ``lo`` or below)."""
        return self._piece(lo)

    def max(self, other):
        """The pointwise maximum."""
        return _envelope(self, other, 1)

    def min(self, other):
        """The pointwise minimum."""
        return _envelope(self, other, -1)

    def __le__(self, other):
        """``self(t) <= other(t)`` for every ``t >= -1``."""
        if not isinstance(other, Trajectory):
            return NotImplemented
        return _envelope(self, other, 1) == other

    def __ge__(self, other):
        if not isinstance(other, Trajectory):
            return NotImplemented
        return other <= self

    # ------------------------------------------------------------ identity and text
    def __eq__(self, other):
        if not isinstance(other, Trajectory):
            return NotImplemented
        return (self.critical_points == other.critical_points and self.slopes == other.slopes
                and self.intercepts == other.intercepts)

    def __ne__(self, other):
        result = self.__eq__(other)
        return result if result is NotImplemented else not result

    def __hash__(self):
        h = self._hash
        if h is None:
            h = hash((self.critical_points, self.slopes, self.intercepts))
            object.__setattr__(self, "_hash", h)
        return h

    def __str__(self):
        return f"Trajectory({self._body()})"

    def _body(self):
        cps = ",".join(str(c) for c in self.critical_points)
        slopes = ",".join(str(s) for s in self.slopes)
        return f"{self.mast},[{cps}],[{slopes}]"

    def __repr__(self):
        return (f"Trajectory({self.mast!r}, {list(self.critical_points)!r}, "
                f"{[int(s) if s.denominator == 1 else s for s in self.slopes]!r})")

    def to_sympy(self, t=None):
        """This trajectory as a SymPy ``Piecewise`` in the symbol ``t``."""
        import sympy  # lazy: SymPy is optional, and slow to import

        t = sympy.Symbol("t") if t is None else t
        branches = []
        for lo, slope, intercept in self._pieces():
            expr = sympy.Rational(intercept.numerator, intercept.denominator) + \
                sympy.Rational(slope.numerator, slope.denominator) * t
            branches.append((expr, t >= sympy.Rational(lo.numerator, lo.denominator)))
        return sympy.Piecewise(*branches)


def _merged(cps, slopes, intercepts):
    """Drop critical points between collinear pieces (and any at or below -1)."""
    out_cps, out_slopes, out_intercepts = [], [slopes[0]], [intercepts[0]]
    for i, cp in enumerate(cps):
        s, b = slopes[i + 1], intercepts[i + 1]
        if cp <= _BASE:
            break
        if s == out_slopes[-1] and b == out_intercepts[-1]:
            continue
        out_cps.append(cp)
        out_slopes.append(s)
        out_intercepts.append(b)
    return tuple(out_cps), tuple(out_slopes), tuple(out_intercepts)


def _intervals(a, b):
    """The intervals between the critical points of ``a`` and ``b``, from the top.

    Yields ``(lower end, upper end)`` with ``None`` for the open top.
    """
    points = sorted(set(a.critical_points) | set(b.critical_points), reverse=True)
    upper = None
    for lo in points + [_BASE]:
        yield lo, upper
        upper = lo


def _envelope(a, b, sign):
    """Pointwise max (sign 1) or min (sign -1) of two trajectories."""
    pieces = []
    for lo, hi in _intervals(a, b):
        i, j = a._piece(lo), b._piece(lo)
        sa, ba, sb, bb = a.slopes[i], a.intercepts[i], b.slopes[j], b.intercepts[j]
        if sa != sb:
            cross = (bb - ba) / (sa - sb)
            if lo < cross and (hi is None or cross < hi):
                # Above the crossing the steeper one (in the sign's sense) wins.
                above_a = sign * (sa - sb) > 0
                pieces.append((cross, sa, ba) if above_a else (cross, sb, bb))
                pieces.append((lo, sb, bb) if above_a else (lo, sa, ba))
                continue
        diff = sign * ((ba + sa * lo) - (bb + sb * lo))
        if diff == 0:
            diff = sign * (sa - sb)
        pieces.append((lo, sa, ba) if diff >= 0 else (lo, sb, bb))
    return Trajectory._from_pieces(pieces)


def _capped(wall, tau, value):
    """``wall`` below ``tau``, the vertical mast at ``value`` above it."""
    if tau <= _BASE:
        return Trajectory.constant(value)
    pieces = [(tau, _ZERO, value)]
    for lo, slope, intercept in wall._pieces():
        if lo < tau:
            pieces.append((lo, slope, intercept))
    return Trajectory._from_pieces(pieces)


# ======================================================================
# Thermographs
# ======================================================================

@attrs.frozen
class Thermograph:
    """A thermograph: its left and right walls, each a :class:`Trajectory`.

    ``left_wall(t)`` and ``right_wall(t)`` are the left and right stops of
    ``G`` cooled by ``t``; above the temperature both are the mast at the mean.

    >>> th = Thermograph(Trajectory("9/4", ["3/4"], [0, -1]),
    ...                  Trajectory("9/4", ["3/4", "1/2", 0], [0, 1, 0, 1]))
    >>> th.temperature, th.mean, th.left_wall(0), th.right_wall(0)
    (Fraction(3, 4), Fraction(9, 4), Fraction(3, 1), Fraction(2, 1))
    """

    left_wall: Trajectory
    right_wall: Trajectory

    @property
    def temperature(self):
        """The highest critical temperature of either wall, or -1 for a plain mast."""
        walls = (self.left_wall, self.right_wall)
        tops = [w.critical_points[0] for w in walls if w.critical_points]
        return max(tops, default=_BASE)

    @property
    def mean(self):
        """The mast value (the mean of the game)."""
        return self.left_wall(max(self.temperature, _BASE))

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
        return _svg(self, unit)

    def _repr_svg_(self):
        return self.svg()

    def plot(self, ax=None):
        """Draw the thermograph on matplotlib ``ax`` (a new figure if None); returns ``ax``.

        Drawn as :meth:`svg` draws it; needs the ``plot`` extra (matplotlib).
        """
        try:
            import matplotlib.pyplot as plt  # lazy: matplotlib is optional, and slow to import
        except ImportError as error:
            raise ImportError(
                "thermograph plots need matplotlib: pip install 'cgt-toolkit[plot]'") from error
        d = _drawing(self)
        if ax is None:
            _, ax = plt.subplots()
        ax.plot(*zip(*d.left), color=_LEFT_INK, linewidth=2, label="left wall")
        ax.plot(*zip(*d.right), color=_RIGHT_INK, linewidth=2, label="right wall")
        ax.plot([d.mean, d.mean], [d.temperature, d.top], color=_MAST_INK, linewidth=2,
                label="mast")
        ax.axhline(0, color=_AXIS_INK, linewidth=0.8)
        ax.axhline(d.temperature, color=_AXIS_INK, linewidth=0.8, linestyle="--")
        ax.set_xlim(d.high, d.low)                       # larger values on the left
        ax.set_ylim(d.bottom, d.top)
        ax.set_aspect("equal")
        ax.set_xlabel("value")
        ax.set_ylabel("t")
        ticks = sorted({0.0, d.temperature})
        ax.set_yticks(ticks, [_label(t, d) for t in ticks])
        ax.set_xticks([d.mean], [str(self.mean)])
        return ax


# ---------------------------------------------------------------- drawing
_LEFT_INK, _RIGHT_INK, _MAST_INK, _AXIS_INK = "#1f5fbf", "#d62728", "#000000", "#888888"


@attrs.frozen
class _Drawing:
    """A thermograph in floats, for drawing only: walls as ``(value, t)`` points."""

    left: tuple
    right: tuple
    mean: float
    temperature: float
    low: float          # the value range shown
    high: float
    bottom: float       # the temperature range shown
    top: float
    exact_temperature: Fraction


def _wall_points(wall, temperature):
    """``(value, t)`` corners of ``wall`` from ``t = -1`` up to the temperature."""
    ts = [_BASE] + sorted(c for c in wall.critical_points if _BASE < c < temperature)
    ts.append(max(temperature, _BASE))
    return tuple((float(wall(t)), float(t)) for t in ts)


def _drawing(thermograph):
    """The floats a picture of ``thermograph`` needs (exact values stay exact until here)."""
    temperature = thermograph.temperature
    left = _wall_points(thermograph.left_wall, temperature)
    right = _wall_points(thermograph.right_wall, temperature)
    values = [v for v, _ in left + right]
    low, high = min(values), max(values)
    pad = max(0.5, (high - low) / 8)
    top = max(float(temperature), 0.0) + max(1.0, (high - low) / 4)
    return _Drawing(left, right, float(thermograph.mean), float(temperature),
                    low - pad, high + pad, -1.0, top, temperature)


def _label(t, d):
    return str(d.exact_temperature) if t == d.temperature else f"{t:g}"


def _svg(thermograph, unit):
    d = _drawing(thermograph)
    span = max(d.high - d.low, d.top - d.bottom)
    if unit is None:
        unit = min(80.0, 320.0 / span)
    left_margin, right_margin, top_margin, bottom_margin = 44, 16, 28, 16
    width = (d.high - d.low) * unit + left_margin + right_margin
    height = (d.top - d.bottom) * unit + top_margin + bottom_margin

    def x(value):                   # larger values to the left, as in the literature
        return _px(left_margin + (d.high - value) * unit)

    def y(t):
        return _px(top_margin + (d.top - t) * unit)

    def points(corners):
        return " ".join(f"{x(v)},{y(t)}" for v, t in corners)

    axis_x, x_end = x(d.high), x(d.low)
    parts = [
        f'<svg xmlns="http://www.w3.org/2000/svg" width="{_px(width)}" height="{_px(height)}" '
        f'viewBox="0 0 {_px(width)} {_px(height)}" font-family="sans-serif" font-size="12">',
        f"<title>{escape(str(thermograph))}</title>",
        f'<line class="axis" x1="{axis_x}" y1="{y(0)}" x2="{x_end}" y2="{y(0)}" '
        f'stroke="{_AXIS_INK}"/>',
        f'<line class="axis" x1="{axis_x}" y1="{y(d.bottom)}" x2="{axis_x}" y2="{y(d.top)}" '
        f'stroke="{_AXIS_INK}"/>',
        f'<text x="{_px(float(axis_x) + 5)}" y="{_px(float(y(d.top)) + 4)}" '
        f'font-style="italic">t</text>',
    ]
    for t in sorted({0.0, d.temperature}):
        parts.append(f'<line class="tick" x1="{_px(float(axis_x) - 4)}" y1="{y(t)}" '
                     f'x2="{axis_x}" y2="{y(t)}" stroke="{_AXIS_INK}"/>')
        parts.append(f'<text class="t-label" x="{_px(float(axis_x) - 6)}" '
                     f'y="{_px(float(y(t)) + 4)}" text-anchor="end">{escape(_label(t, d))}</text>')
    parts += [
        f'<line class="temperature" x1="{axis_x}" y1="{y(d.temperature)}" x2="{x(d.mean)}" '
        f'y2="{y(d.temperature)}" stroke="{_AXIS_INK}" stroke-dasharray="3,3"/>',
        f'<line class="tick" x1="{x(d.mean)}" y1="{y(0)}" x2="{x(d.mean)}" '
        f'y2="{_px(float(y(0)) + 4)}" stroke="{_AXIS_INK}"/>',
        f'<polyline class="left-wall" points="{points(d.left)}" fill="none" '
        f'stroke="{_LEFT_INK}" stroke-width="2.5" stroke-linejoin="round"/>',
        f'<polyline class="right-wall" points="{points(d.right)}" fill="none" '
        f'stroke="{_RIGHT_INK}" stroke-width="2.5" stroke-linejoin="round"/>',
        f'<line class="mast" x1="{x(d.mean)}" y1="{y(d.temperature)}" x2="{x(d.mean)}" '
        f'y2="{y(d.top)}" stroke="{_MAST_INK}" stroke-width="2.5"/>',
        f'<text class="mean-label" x="{x(d.mean)}" y="{_px(float(y(d.top)) - 8)}" '
        f'text-anchor="middle">{escape(str(thermograph.mean))}</text>',
        "</svg>",
    ]
    return "\n".join(parts) + "\n"


def _px(z):
    """A pixel coordinate, rounded so that pictures are reproducible text."""
    z = round(z, 2)
    return f"{z:g}" if z else "0"


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
        lo_value, hi_value = left_scaffold(_BASE), right_scaffold(_BASE)
        value = min(max(_ZERO, lo_value), hi_value)
        mast = Trajectory.constant(value)
        return Thermograph(mast, mast)
    value = left_scaffold(tau)
    return Thermograph(_capped(left_scaffold, tau, value), _capped(right_scaffold, tau, value))


# ---------------------------------------------------------------- memo tables
_thermographs = {}
_walls = {}         # id -> (left wall, right wall): fast tuples or Trajectories
_stop_counts = {}
_cooled = {}        # t -> {id: id}
_heated = {}        # t id -> {id: id}
_overheated = {}    # (s id, t id) -> {id: id}


def clear_caches():
    """Forget every memoised thermograph, stop count and cooled or heated game."""
    _thermographs.clear()
    _walls.clear()
    _stop_counts.clear()
    _cooled.clear()
    _heated.clear()
    _overheated.clear()


def _is_integer(a):
    x = engine.number(a)
    return x is not None and x.denominator == 1


# ---------------------------------------------------------------- exact float walls
# The thermograph recursion runs on "fast walls": ``(cps, slopes, intercepts)``
# tuples whose critical points and intercepts are floats holding dyadic values
# exactly and whose slopes are ints.  Every float operation below is checked to
# be exact; one that might not be raises `_Inexact`, and that node is redone
# with Fractions (the `Trajectory` code).  Fractions are only built for the
# thermographs actually asked for.

class _Inexact(Exception):
    """A float operation could not be done exactly: use Fractions."""


_INF = float("inf")
_FBASE = -1.0
_FLOAT_EXACT = 1 << 53


def _ffloat(x):
    """The Fraction or int ``x`` as an exact float, or `_Inexact`."""
    n, d = x.numerator, x.denominator
    if d & (d - 1) or d >= _FLOAT_EXACT or not -_FLOAT_EXACT < n < _FLOAT_EXACT:
        raise _Inexact
    return n / d


def _fadd(a, b):
    r = a + b
    if r - a != b or r - b != a:
        raise _Inexact
    return r


def _fsub(a, b):
    r = a - b
    if r + b != a or a - r != b:
        raise _Inexact
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
        raise _Inexact
    r = s * x
    if r == _INF or r == -_INF:
        raise _Inexact
    return r


def _fdiv(x, s):
    """The float ``x`` over the nonzero int ``s``, exactly."""
    if s == 1:
        return x
    if s == -1:
        return -x
    m = -s if s < 0 else s
    if m & (m - 1):
        raise _Inexact
    r = x / s
    if r * s != x:
        raise _Inexact
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


def _fenvelope(a, b, sign):
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


def _ftilt(wall, r):
    cps, slopes, bs = wall
    return cps, tuple(s + r for s in slopes), bs


def _fcapped(wall, tau, value):
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


def _fintersect(left, right):
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
    return _fcapped(left, tau, value), _fcapped(right, tau, value)


def _to_trajectory(wall):
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


def _to_fast(wall):
    """A `Trajectory` as a fast wall, or `_Inexact`."""
    if not isinstance(wall, Trajectory):
        return wall
    slopes = []
    for s in wall.slopes:
        if s.denominator != 1:
            raise _Inexact
        slopes.append(int(s))
    return (tuple(map(_ffloat, wall.critical_points)), tuple(slopes),
            tuple(map(_ffloat, wall.intercepts)))


def _fast_or_exact(left, right):
    """The pair of walls, fast where both can be."""
    try:
        return _to_fast(left), _to_fast(right)
    except _Inexact:
        return _to_trajectory(left), _to_trajectory(right)


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
        th = Thermograph(_to_trajectory(left), _to_trajectory(right))
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
                mast = ((), (0,), (_ffloat(x),))
                return mast, mast
            if ups or star:
                return _finfinitesimal_shift(x, ups, star)
        return _fwalls_from_options(a)
    except _Inexact:
        pass
    th = _exact_thermograph_of(a)
    return _fast_or_exact(th.left_wall, th.right_wall)


def _fwalls_from_options(a):
    left_scaffold = right_scaffold = None
    walls = _walls
    for g in engine.left(a):
        wall = walls[g][1]
        if type(wall) is not tuple:
            raise _Inexact
        left_scaffold = wall if left_scaffold is None else _fenvelope(left_scaffold, wall, 1)
    for g in engine.right(a):
        wall = walls[g][0]
        if type(wall) is not tuple:
            raise _Inexact
        right_scaffold = wall if right_scaffold is None else _fenvelope(right_scaffold, wall, -1)
    if left_scaffold is None or right_scaffold is None:
        mast = ((), (0,), (_ffloat(Fraction(engine.number(a))),))
        return mast, mast
    return _fintersect(_ftilt(left_scaffold, -1), _ftilt(right_scaffold, 1))


def _finfinitesimal_shift(x, ups, star):
    """As `_infinitesimal_shift`, on fast walls."""
    base_left, base_right = _walls[engine.nus(x)]
    if type(base_left) is not tuple or type(base_right) is not tuple:
        raise _Inexact
    shifted_left = _ftilt(base_right, -1)
    shifted_right = _ftilt(base_left, 1)
    if ups == 0 or (abs(ups) == 1 and star == 1):
        left_wall, right_wall = shifted_left, shifted_right
    elif ups > 0:
        left_wall, right_wall = shifted_left, base_right
    else:
        left_wall, right_wall = base_left, shifted_right
    fx = _ffloat(x)
    return _fcapped(left_wall, 0.0, fx), _fcapped(right_wall, 0.0, fx)


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
    return Thermograph(_capped(left_wall, _ZERO, x), _capped(right_wall, _ZERO, x))


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


# ---------------------------------------------------------------- cooling and heating
def _as_temperature(t):
    t = as_dyadic(_exact(t, "temperature") if isinstance(t, str) else t)
    return t


def cool(a, t):
    """``a`` cooled by dyadic ``t > -1``: ``{G^L_t - t | G^R_t + t}``, or its mean when hotter.

    >>> from cgt import engine
    >>> g = engine.canon([engine.nus(Fraction(3))], [engine.nus(Fraction(-1))])
    >>> engine.fast_path(cool(g, 2))
    (Fraction(1, 1), 0, 1)
    """
    t = _as_temperature(t)
    if t <= _BASE:
        raise CoolingTemperatureError(f"Invalid cooling temperature (must be > -1): {t}")
    memo = _cooled.setdefault(t, {})
    if a in memo:
        return memo[a]
    minus_t, plus_t = engine.nus(-t), engine.nus(t)

    def deps(g):
        if _is_integer(g) or temperature(g) < t:
            return ()
        return engine.left(g) + engine.right(g)

    def compute(g):
        if _is_integer(g):
            return g
        if temperature(g) < t:
            return engine.nus(mean(g))
        if not t:
            return engine.canon([memo[h] for h in engine.left(g)],
                                [memo[h] for h in engine.right(g)])
        return engine.canon([engine.add(memo[h], minus_t) for h in engine.left(g)],
                            [engine.add(memo[h], plus_t) for h in engine.right(g)])

    return engine.call(lambda: engine.postorder(a, memo, deps, compute), a)


def freeze(a):
    """``a`` cooled by its own temperature (a number is already frozen).

    >>> from cgt import engine
    >>> g = engine.canon([engine.nus(Fraction(3))], [engine.nus(Fraction(-1))])
    >>> engine.fast_path(freeze(g))
    (Fraction(1, 1), 0, 1)
    """
    if engine.number(a) is not None:
        return a
    return cool(a, temperature(a))


def heat(a, t):
    """``a`` heated by the game ``t`` (an id): ``∫G = {∫G^L + t | ∫G^R - t}``, numbers fixed.

    >>> from cgt import engine
    >>> g = heat(engine.nus(Fraction(0), 0, 1), engine.nus(Fraction(2)))
    >>> [engine.number(h) for h in engine.left(g) + engine.right(g)]
    [Fraction(2, 1), Fraction(-2, 1)]
    """
    memo = _heated.setdefault(t, {})
    if a in memo:
        return memo[a]
    minus_t = engine.neg(t)

    def deps(g):
        return () if engine.number(g) is not None else engine.left(g) + engine.right(g)

    def compute(g):
        if engine.number(g) is not None:
            return g
        if t == engine.ZERO:
            return engine.canon([memo[h] for h in engine.left(g)],
                                [memo[h] for h in engine.right(g)])
        return engine.canon([engine.add(memo[h], t) for h in engine.left(g)],
                            [engine.add(memo[h], minus_t) for h in engine.right(g)])

    return engine.call(lambda: engine.postorder(a, memo, deps, compute), a, t)


def overheat(a, s, t):
    """``a`` overheated from ``s`` to ``t`` (ids): integers ``n -> n.s``, else ``{G^L+t | G^R-t}``.

    >>> from cgt import engine
    >>> star = engine.nus(Fraction(0), 0, 1)
    >>> overheat(engine.nus(Fraction(1, 2)), engine.ZERO, engine.ZERO) == star
    True
    """
    memo = _overheated.setdefault((s, t), {})
    if a in memo:
        return memo[a]
    minus_t = engine.neg(t)

    def deps(g):
        return () if _is_integer(g) else engine.left(g) + engine.right(g)

    def compute(g):
        if _is_integer(g):
            return engine.multiple(s, int(engine.number(g)))
        return engine.canon([engine.add(memo[h], t) for h in engine.left(g)],
                            [engine.add(memo[h], minus_t) for h in engine.right(g)])

    return engine.call(lambda: engine.postorder(a, memo, deps, compute), a, s, t)


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
