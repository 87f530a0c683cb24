"""Stops of stoppers: pseudonumbers reached by alternating play (Siegel, *Combinatorial Game Theory*, VI).

The Left stop of a stopper ``G`` is the best *pseudonumber* Left can reach
moving first, the players alternating and stopping at the first pseudonumber:

    L(G) = max over G^L of R(G^L),    R(G) = min over G^R of L(G^R),

and ``L(P) = R(P) = P`` for a pseudonumber ``P``: a number ``x``, ``x over``
``= {x | pass}``, ``x under`` ``= {pass | x}``, ``on`` or ``off``.  They are
ordered ``off < ... < x under < x < x over < ... < on`` (``x over < y under``
for numbers ``x < y``).  The recursion ends because a stopper has no infinite
alternating play.  The *strong* stops drop the adornment (``x over`` becomes
``x``); a stopper is *infinitesimal* when both strong stops are 0, and
*numberish* when they are the same number.

>>> from cgt import parse
>>> G = parse("+-{5|pass}")
>>> print(G.left_stop, G.right_stop)
5over -5under
"""

from fractions import Fraction

from cgt.short.game import Game
from cgt.loopy.graph import PASS, Node
from cgt.loopy.stopper import stopper

__all__ = ["stops", "strong_stop", "value", "on", "off", "over", "under", "pseudonumber_parts"]

# The pseudonumbers with names (x over and x under are x + over and x + under); `cgt.loopy.named`
# holds them with the other named values.
on = stopper(Node([PASS], []))
off = stopper(Node([], [PASS]))
over = stopper(Node([0], [PASS]))
under = stopper(Node([PASS], [0]))

# A pseudonumber as a sort key (rank, x, adornment): rank -1 off, 0 adorned number, 1 on;
# adornment -1 under, 0 none, 1 over.
_ON, _OFF = (1, Fraction(0), 0), (-1, Fraction(0), 0)
_ADORNMENT = {"over": 1, "under": -1}


def _own_stop(g, v):
    """The key of node ``v`` when it is a short game's stop or a pseudonumber, else None.

    For a short node both stops are its own, exact ones: returned as a pair.
    """
    short = g._short()[v]
    if short is not None:
        return (0, short.left_stop, 0), (0, short.right_stop, 0)
    parts = pseudonumber_parts(g._derive(v))
    if parts is None:
        return None
    name, x = parts
    key = _ON if name == "on" else _OFF if name == "off" else (0, x, _ADORNMENT[name])
    return key, key


def stops(g):
    """The (Left, Right) stops of the stopper (or short game) ``g``, as sort keys (see the module's text).

    Computed on the simplest graph with an explicit stack: the state
    ``(node, player to move)`` depends on the opposite states of that
    player's options, and alternating play from a stopper ends.
    """
    if isinstance(g, Game):
        return (0, g.left_stop, 0), (0, g.right_stop, 0)
    graph, start = g._full, g._start
    memo = {}
    stack = [(start, 0), (start, 1)]
    while stack:
        v, side = stack[-1]
        if (v, side) in memo:
            stack.pop()
            continue
        own = _own_stop(g, v)
        if own is not None:
            memo[v, 0], memo[v, 1] = own
            stack.pop()
            continue
        options = graph.left[v] if side == 0 else graph.right[v]
        if not options:
            raise ValueError("a node with no move for the player to move is a number or a pseudonumber "
                             "in a simplest stopper; this one is neither")
        waiting = [(w, 1 - side) for w in options if (w, 1 - side) not in memo]
        if waiting:
            stack.extend(waiting)
            continue
        values = [memo[w, 1 - side] for w in options]
        memo[v, side] = max(values) if side == 0 else min(values)
        stack.pop()
    return memo[start, 0], memo[start, 1]


def strong_stop(key):
    """The stop with its adornment dropped: ``x over`` and ``x under`` become ``x``."""
    rank, x, _ = key
    return (rank, x, 0)


def value(key):
    """The pseudonumber of a sort key, as a `cgt.Game` number or a `cgt.loopy.Stopper`."""
    rank, x, adornment = key
    if rank:
        return on if rank > 0 else off
    if adornment:
        return (over if adornment > 0 else under) + Game(x)
    return Game(x)


def pseudonumber_parts(g):
    """``("on"|"off", None)`` or ``("over"|"under", x)`` when ``g`` is that pseudonumber, else None."""
    graph, v, games = g._full, g._start, g._short()
    lo, ro = graph.left[v], graph.right[v]
    if lo == (v,) and not ro:
        return "on", None
    if ro == (v,) and not lo:
        return "off", None
    for name, own, other in (("over", lo, ro), ("under", ro, lo)):
        if other == (v,) and len(own) == 1 and games[own[0]] is not None and games[own[0]].is_number:
            return name, games[own[0]].to_fraction()
    return None
