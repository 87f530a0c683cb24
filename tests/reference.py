"""A from-the-definition model of short games, independent of `cgt`'s engine.

Games are pairs ``(left, right)`` of frozensets of games.  Comparison,
sums and canonical forms follow Conway's definitions literally: slow, but
with nothing shared with the engine, so tests can check the engine against it.
"""

from fractions import Fraction
from functools import lru_cache

ZERO = (frozenset(), frozenset())


@lru_cache(maxsize=None)
def le(g, h):
    """g <= h iff no g^L >= h and no h^R <= g."""
    return not any(le(h, gl) for gl in g[0]) and not any(le(hr, g) for hr in h[1])


def eq(g, h):
    return le(g, h) and le(h, g)


@lru_cache(maxsize=None)
def neg(g):
    return (frozenset(neg(r) for r in g[1]), frozenset(neg(l) for l in g[0]))


@lru_cache(maxsize=None)
def add(g, h):
    left = {add(gl, h) for gl in g[0]} | {add(g, hl) for hl in h[0]}
    right = {add(gr, h) for gr in g[1]} | {add(g, hr) for hr in h[1]}
    return (frozenset(left), frozenset(right))


@lru_cache(maxsize=None)
def canonical(g):
    """The canonical form: options canonical, dominated removed, reversible bypassed."""
    left = {canonical(x) for x in g[0]}
    right = {canonical(x) for x in g[1]}
    while True:
        form = (frozenset(left), frozenset(right))
        new_left = set()
        for x in left:
            reversing = next((xr for xr in x[1] if le(xr, form)), None)
            new_left |= set(reversing[0]) if reversing is not None else {x}
        new_right = set()
        for x in right:
            reversing = next((xl for xl in x[0] if le(form, xl)), None)
            new_right |= set(reversing[1]) if reversing is not None else {x}
        new_left = {x for x in new_left if not any(x != y and le(x, y) for y in new_left)}
        new_right = {x for x in new_right if not any(x != y and le(y, x) for y in new_right)}
        if new_left == left and new_right == right:
            return (frozenset(left), frozenset(right))
        left, right = new_left, new_right


def integer(n):
    g = ZERO
    for _ in range(abs(n)):
        g = (frozenset([g]), frozenset()) if n > 0 else (frozenset(), frozenset([g]))
    return g


def number(x):
    """The canonical form of a dyadic x: {x - 2^-k | x + 2^-k}."""
    x = Fraction(x)
    if x.denominator == 1:
        return integer(int(x))
    step = Fraction(1, x.denominator)
    return (frozenset([number(x - step)]), frozenset([number(x + step)]))


def nimber(n):
    options = frozenset(nimber(k) for k in range(n))
    return (options, options)


def game(left, right):
    return canonical((frozenset(left), frozenset(right)))


def games_born_by(day):
    """Every canonical game born by ``day``."""
    born = {ZERO}
    for _ in range(day):
        previous = sorted(born, key=repr)
        subsets = [frozenset(c) for c in _subsets(previous)]
        born = {canonical((l, r)) for l in subsets for r in subsets}
    return born


def _subsets(items):
    result = [[]]
    for item in items:
        result += [s + [item] for s in result]
    return result


def from_game(g):
    """The model of a `cgt.Game`, read through its public options."""
    return (frozenset(from_game(x) for x in g.left_options),
            frozenset(from_game(x) for x in g.right_options))


def to_game(g):
    """A `cgt.Game` built from the model, option by option."""
    from cgt import Game

    return Game([to_game(x) for x in g[0]], [to_game(x) for x in g[1]])


def board_cells(board):
    """The empty cells ``(row, col)`` of a board string such as ``'#.|..'`` (``.`` empty)."""
    return frozenset((r, c) for r, row in enumerate(board.split("|")) for c, ch in enumerate(row) if ch == ".")


@lru_cache(maxsize=None)
def domineering(cells):
    """Domineering on the empty ``cells``, from the definition: Left places a domino vertically,
    Right horizontally, on two empty cells."""
    def moves(dr, dc):
        return frozenset(domineering(cells - {(r, c), (r + dr, c + dc)})
                         for r, c in cells if (r + dr, c + dc) in cells)
    return canonical((moves(1, 0), moves(0, 1)))
