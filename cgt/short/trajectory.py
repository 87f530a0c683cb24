"""Trajectories: exact continuous piecewise-linear functions of the temperature.

A thermograph's walls are trajectories (`cgt.short.thermograph`).  A
`Trajectory` lives on temperatures ``t >= -1`` (`BASE`), is listed from the top
by its critical temperatures and the slopes between them, and holds exact
values (:class:`fractions.Fraction`) only: value = intercept + slope.t on each
piece.  Pointwise maxima and minima, tilts and translations are exact.

>>> w = Trajectory(1, [0], [0, -1])
>>> w(0), w(-1), w.critical_points
(Fraction(1, 1), Fraction(2, 1), (Fraction(0, 1),))
"""

from fractions import Fraction
from numbers import Rational

from cgt.value import Immutable

__all__ = ["BASE", "Trajectory", "capped", "exact_fraction"]

_ZERO = Fraction(0)
#: The lowest temperature a thermograph is drawn at.
BASE = Fraction(-1)


def exact_fraction(value, what):
    """``value`` as a Fraction; floats are refused (exact values only)."""
    if isinstance(value, bool):
        raise TypeError(f"{what} must be an exact number, not a bool")
    if isinstance(value, str):
        return Fraction(value)
    if not isinstance(value, Rational):
        raise TypeError(f"{what} must be an int or a Fraction, "
                        f"not {type(value).__name__} {value!r}")
    return Fraction(value)



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
        mast = exact_fraction(mast, "mast")
        cps = tuple(exact_fraction(c, "critical point") for c in critical_points)
        if slopes is None:
            slopes = (0,) * (len(cps) + 1)
        slopes = tuple(exact_fraction(s, "slope") for s in slopes)
        if len(slopes) != len(cps) + 1:
            raise ValueError("a trajectory needs exactly one more slope than critical points")
        if any(a <= b for a, b in zip(cps, cps[1:])):
            raise ValueError("critical points must be strictly decreasing")
        if cps and cps[-1] <= BASE:
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
        t = exact_fraction(t, "temperature")
        if t < BASE:
            raise ValueError(f"trajectories are defined for t >= -1, not {t}")
        i = self._piece(t)
        return self.intercepts[i] + self.slopes[i] * t

    value_at = __call__

    def _pieces(self):
        """``[(lower end, slope, intercept), ...]`` from the top, the last ending at -1."""
        lows = self.critical_points + (BASE,)
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
        c = exact_fraction(c, "translation")
        return Trajectory._make(self.critical_points, self.slopes,
                                tuple(b + c for b in self.intercepts))

    def tilt(self, r):
        """``t -> self(t) + r.t``."""
        r = exact_fraction(r, "tilt")
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
        if cp <= BASE:
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
    for lo in points + [BASE]:
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


def capped(wall, tau, value):
    """``wall`` below ``tau``, the vertical mast at ``value`` above it."""
    if tau <= BASE:
        return Trajectory.constant(value)
    pieces = [(tau, _ZERO, value)]
    for lo, slope, intercept in wall._pieces():
        if lo < tau:
            pieces.append((lo, slope, intercept))
    return Trajectory._from_pieces(pieces)
