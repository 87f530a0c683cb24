"""Ordinal sums, subordinates and powers with loopy games (CGSuite's ``OrdinalSum``, ``Subordinate``, ``Pow``, ``PowTo``).

The *ordinal sum* ``G:H`` lets either player move in ``G`` (which wipes out
``H``) or in ``H`` (which keeps ``G``):

    G:H = { G^L, G:H^L | G^R, G:H^R }.

It depends on the form of ``G``, not only on its value, and is defined the
same way when ``H`` is loopy: the game graph of ``G:H`` is ``H``'s graph with
``G``'s options added at every node.

The *subordinate* of ``X`` to a base ``B`` undoes an ordinal sum: where
``X = B:Y`` it is ``Y``.  At ``X`` the options equal to the base's options are
removed, and so on at the followers still reached; this is allowed when
each of the base's options is, at each of those followers, matched
(Left's ``B^L`` by a Left option ``>= B^L`` or a reply ``B^{LR} <= X``,
Right's alike), otherwise the subordinate is undefined.  CGSuite's powers
use it with the base ``1 = {0|}``: ``G.pow_to(x) = G : x.subordinate(1)``
and, for ``G = {0|H}``, ``G.pow(x) = {0 | H - G.pow_to(x - 1)}``, which
extends ``↑<n>`` and ``↑[n]`` to loopy exponents such as ``on``.

>>> from cgt import parse, up
>>> from cgt.loopy import on
>>> print(up.pow_to(on), up.pow(parse("{1|pass}")))
^[on] {0||0,pass|0,*}
"""

from numbers import Rational

from cgt.errors import SidedValueNotSupportedError, SubordinateError
from cgt.short.game import Game
from cgt.loopy.graph import GameGraph, Node, build_graph
from cgt.loopy.stopper import Stopper, right_wins, stopper

__all__ = ["SubordinateError", "ordinal_sum", "subordinate", "pow_to", "pow"]


def _options(game):
    """The Left and Right options of a Game, explicit game or stopper, as values."""
    from cgt.short.explicit import ExplicitGame  # lazy load for import time: explicit forms load on first use

    if isinstance(game, Rational) and not isinstance(game, bool):
        game = Game(game)
    if isinstance(game, (Game, Stopper, ExplicitGame)):
        return list(game.left_options), list(game.right_options)
    raise TypeError(f"an ordinal sum or subordinate needs a game, not {game!r}")


def _graph(value):
    """The game graph of a short game or stopper value (a sided value is refused)."""
    if isinstance(value, (Game, Stopper)) or (isinstance(value, Rational) and not isinstance(value, bool)):
        return build_graph(value)
    if hasattr(value, "onside"):
        raise SidedValueNotSupportedError("an ordinal sum or subordinate of a game that is not a "
                                          "stopper is not defined")
    raise TypeError(f"an ordinal sum or subordinate needs a game, not {value!r}")


def ordinal_sum(base, sub):
    """``base : sub``, for a short or explicit ``base`` and a short or stopper ``sub``.

    >>> from cgt import parse
    >>> print(ordinal_sum(parse("'{-1|1}'"), parse("on")))
    1under
    """
    base_left, base_right = _options(base)
    top = build_graph(Node(base_left, base_right))
    h = _graph(sub)
    n = top.size
    left = top.left + [tuple(n + w for w in h.left[j]) + top.left[0] for j in range(h.size)]
    right = top.right + [tuple(n + w for w in h.right[j]) + top.right[0] for j in range(h.size)]
    return stopper(GameGraph(left, right).trimmed(n))


def subordinate(x, base):
    """The game ``Y`` with ``x = base : Y``, CGSuite's ``x.Subordinate(base)``.

    Raises `SubordinateError` when some follower of ``x`` does not match the
    base's options (see the module's text).

    >>> from cgt.loopy import on, over
    >>> print(subordinate(over, 1), subordinate(on, 1))
    off on
    """
    base_left, base_right = _options(base)
    g = _graph(x)
    n = g.size
    # One graph: x's nodes, then the base (node n) with its options' graphs.
    whole = g.union(build_graph(Node(base_left, base_right)))
    bl, br = whole.left[n], whole.right[n]
    size = whole.size
    win_r = right_wins(whole)[1]

    def le(a, b):
        return not win_r[b * size + a]

    def same(a, b):
        return le(a, b) and le(b, a)

    left, right = [()] * n, [()] * n
    seen, stack = {0}, [0]
    while stack:                       # only the followers that stay after the removals
        v = stack.pop()
        matched = (all(any(le(b, w) for w in g.left[v]) or any(le(r, v) for r in whole.right[b])
                       for b in bl)
                   and all(any(le(w, b) for w in g.right[v]) or any(le(v, l) for l in whole.left[b])
                           for b in br))
        if not matched:
            raise SubordinateError("That game cannot be subordinated to the specified base.")
        left[v] = tuple(w for w in g.left[v] if not any(same(w, b) for b in bl))
        right[v] = tuple(w for w in g.right[v] if not any(same(w, b) for b in br))
        for w in left[v] + right[v]:
            if w not in seen:
                seen.add(w)
                stack.append(w)
    return stopper(GameGraph(left, right))


def pow_to(g, x):
    """``g.pow_to(x) = g : x.subordinate(1)`` for a stopper exponent ``x`` (CGSuite's ``PowTo``); 0 for ``x = 0``.

    >>> from cgt import up
    >>> from cgt.loopy import on
    >>> print(pow_to(up, on))
    ^[on]
    """
    if x == 0:
        return Game(0)
    try:
        blowup = subordinate(x, 1)
    except SubordinateError:
        raise SubordinateError("Invalid exponent.") from None
    return ordinal_sum(g, blowup)


def pow(g, x):
    """``g.pow(x) = {0 | H - g.pow_to(x - 1)}`` for ``g = {0|H}`` and a stopper exponent ``x``.

    >>> from cgt import parse, up
    >>> print(pow(up, parse("{pass|5}")))
    {0||0,v[4]*|0,pass}
    """
    left, right = _options(g)
    if len(left) != 1 or len(right) != 1 or left[0] != 0:
        raise ValueError("Invalid base for `Pow` operation (base must be of the form {0|H}).")
    return stopper(Node([0], [right[0] - pow_to(g, x - 1)]))
