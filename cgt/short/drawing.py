"""Thermographs drawn: SVG text, and matplotlib figures.

The picture puts the temperature ``t`` upwards and values decreasing to the
right, as the literature does: Left's wall (blue) on the left, Right's (red)
on the right, the mast (black) rising from the temperature.  Exact values stay
exact until here, where they become floats for drawing only.

>>> from cgt.short.thermograph import thermograph
>>> from cgt import engine
>>> from fractions import Fraction
>>> svg(thermograph(engine.nus(Fraction(1))), None).startswith("<svg")
True
"""

from fractions import Fraction
from html import escape

from cgt.short.trajectory import BASE
from cgt.value import Struct

__all__ = ["plot", "svg"]

_LEFT_INK, _RIGHT_INK, _MAST_INK, _AXIS_INK = "#1f5fbf", "#d62728", "#000000", "#888888"


class _Drawing(Struct):
    """A thermograph in floats, for drawing only: walls as ``(value, t)`` points."""

    # the walls, the mean and temperature, the value range shown, the temperature range shown
    __slots__ = ("left", "right", "mean", "temperature", "low", "high", "bottom", "top", "exact_temperature")
    left: tuple
    right: tuple
    mean: float
    temperature: float
    low: float
    high: float
    bottom: float
    top: float
    exact_temperature: Fraction

    def __init__(self, *fields: object) -> None:
        self._init(*fields)


def _wall_points(wall, temperature):
    """``(value, t)`` corners of ``wall`` from ``t = -1`` up to the temperature."""
    ts = [BASE] + sorted(c for c in wall.critical_points if BASE < c < temperature)
    ts.append(max(temperature, BASE))
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


def svg(thermograph, unit=None):
    """``thermograph`` as SVG text; ``unit`` is pixels per unit (chosen to fit when None)."""
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


def plot(thermograph, ax=None):
    """Draw ``thermograph`` on matplotlib ``ax`` (a new figure if None); returns ``ax``."""
    try:
        import matplotlib.pyplot as plt  # lazy: matplotlib is optional, and slow to import
    except ImportError as error:
        raise ImportError(
            "thermograph plots need matplotlib: pip install 'cgt-toolkit[plot]'") from error
    d = _drawing(thermograph)
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
    ax.set_xticks([d.mean], [str(thermograph.mean)])
    return ax
