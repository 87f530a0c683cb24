"""The compiled canonical-form engine: `cgt._core` (Rust), with the interface of `cgt.engine.pure`.

The algorithms are the pure engine's, step for step (see ``rust/src/engine``);
this module only converts: numbers cross the boundary as ``(numerator,
denominator)`` pairs and come back as `fractions.Fraction`; numbers, stops
and options are cached per id (ids and their options are permanent, so the
caches never go stale).  Operations recurse on a
stack that grows as needed and stop at a Ctrl-C, leaving every table
consistent; the engine's limits, past which it raises `OverflowError`, are
``2**127`` ups and nimbers ``*n`` with ``n < 2**128`` (numbers have none).

>>> from fractions import Fraction
>>> up = canon([ZERO], [nus(Fraction(0), 0, 1)])      # {0|*}
>>> fast_path(add(up, up))
(Fraction(0, 1), 2, 0)
"""

from fractions import Fraction
from functools import partial

from cgt._core import GameHandle, add, birthday, canon, clear_caches, depth, le, neg, table_size
from cgt._core import fast_path as _core_fast_path, left as _core_left, multiple as _core_multiple
from cgt._core import number as _core_number, nus as _core_nus, right as _core_right, stops as _core_stops
from cgt._core import set_limit as _core_set_limit, uptimal as _core_uptimal
from cgt.limits import LIMITS

__all__ = [
    "GameHandle", "ZERO", "add", "birthday", "canon", "clear_caches", "depth", "fast_path", "le", "left",
    "multiple", "neg", "number", "nus", "right", "stops", "table_size", "uptimal",
]

ZERO = 0
_U64 = (1 << 64) - 1


def _keep_limit(name, value):
    """Give the compiled engine its copy of the limit ``name`` of `cgt.LIMITS`."""
    _core_set_limit(name, min(value, _U64))


# The compiled engine keeps its own copy of the limits it checks.
for _name in ("max_depth", "max_options"):
    LIMITS.watch(_name, partial(_keep_limit, _name))

_fast_paths = {}
_numbers = {}
_stops = {}
_left = {}
_right = {}


def nus(x, ups=0, star=0):
    """The id of ``x + ups.↑ + *star`` (x a dyadic Fraction, star >= 0)."""
    ident = _core_nus(x.numerator, x.denominator, ups, star)
    if ident not in _fast_paths and type(x) is Fraction:
        _fast_paths[ident] = (x, ups, star)
        _numbers[ident] = None if ups or star else x
    return ident


def left(a):
    """The canonical left option ids of ``a``."""
    try:
        return _left[a]
    except KeyError:
        options = _left[a] = _core_left(a)
        return options


def right(a):
    """The canonical right option ids of ``a``."""
    try:
        return _right[a]
    except KeyError:
        options = _right[a] = _core_right(a)
        return options


def multiple(a, n):
    """The id of ``n.a`` for an int n."""
    return _core_multiple(a, n)


def fast_path(a):
    """``(x, ups, star)`` if ``a`` is ``x + ups.↑ + *star``, else None."""
    try:
        return _fast_paths[a]
    except KeyError:
        raw = _core_fast_path(a)
        value = _fast_paths[a] = None if raw is None else (Fraction(raw[0], raw[1]), raw[2], raw[3])
        return value


def uptimal(a):
    """``(x, (a1, ..., ak), m)`` if ``a`` is the uptimal ``x + Σ ai.↑<i> + *m``, else None.

    The compiled engine holds every uptimal arithmetically (``↑<2> + *5`` too).
    """
    raw = _core_uptimal(a)
    return None if raw is None else (Fraction(raw[0], raw[1]), tuple(raw[3]), raw[2])


def number(a):
    """The Fraction ``a`` is equal to, or None if ``a`` is not a number."""
    try:
        return _numbers[a]
    except KeyError:
        raw = _core_number(a)
        value = _numbers[a] = None if raw is None else Fraction(*raw)
        return value


def stops(a):
    """The left and right stops of ``a``."""
    try:
        return _stops[a]
    except KeyError:
        ln, ld, rn, rd = _core_stops(a)
        value = _stops[a] = (Fraction(ln, ld), Fraction(rn, rd))
        return value
