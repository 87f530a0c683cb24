"""Ordinal sums, Norton and Conway products, and the other compounds of two games, on engine ids.

For canonical games ``G`` and ``H`` (CGSuite's definitions, on canonical forms;
Siegel, *Combinatorial Game Theory*, II.6, III.3, VIII.4):

* ordinal sum ``G : H = {G^L, G : H^L | G^R, G : H^R}`` (Right's and Left's
  moves in ``G`` end the play in ``H``); ``(x + *m) : *n = x + *(m + n)``;
* Norton product by a positive unit ``U``: ``n.U`` (n copies) for an integer
  n, else ``G.U = {G^L.U + U + Δ | G^R.U - (U + Δ)}`` over the incentives Δ of U;
* Conway product ``G × H``, whose left options are
  ``G^L×H + G×H^L - G^L×H^L`` and ``G^R×H + G×H^R - G^R×H^R`` and right options
  ``G^L×H + G×H^R - G^L×H^R`` and ``G^R×H + G×H^L - G^R×H^L``; on numbers it is
  their product, on nimbers the nim product;
* selective sum ``G ∨ H`` (CGSuite's): a player moves in one component,
  leaving the disjunctive sum, or in both, leaving the conjunctive sum;
* conjunctive sum ``G ∧ H = {G^L ∧ H^L | G^R ∧ H^R}``: a player moves in both;
* ordinal product ``G ⊗ H``: Left's options are ``(G ⊗ H^L) : G^L`` and
  ``(G ⊗ H^R) : (-G)^L``, Right's ``(G ⊗ H^L) : G^R`` and ``(G ⊗ H^R) : (-G)^R``,
  each ordinal sum taken over the (not simplified) options of ``G ⊗ H'``, as
  CGSuite's ``CompoundGame`` does.

The compounds other than the ordinal sum's base case depend on the forms, and
are taken on the canonical forms, like CGSuite's canonical games.

>>> from fractions import Fraction
>>> five, six = engine.nus(Fraction(0), 0, 5), engine.nus(Fraction(0), 0, 6)
>>> [engine.fast_path(f(five, six))[2] for f in (ordinal_sum, conway_product, ordinal_product)]
[11, 8, 30]
"""

from fractions import Fraction

from cgt import engine
from cgt.atomic import incentives
from cgt.nimbers import nim_product

__all__ = [
    "clear_caches",
    "conjunctive_sum",
    "conway_product",
    "norton_product",
    "ordinal_product",
    "ordinal_sum",
    "selective_sum",
]

_F0 = Fraction(0)
_ZERO = engine.ZERO

_ordinal_sums = {}       # (G, H) -> G : H
_norton_products = {}    # U -> {G: G.U}
_conway_products = {}    # (G, H), G <= H as ids -> G × H
_selective_sums = {}
_conjunctive_sums = {}
_ordinal_products = {}   # ("form", G, H) -> option ids; ("sum", G, H, Y) -> (G ⊗ H) : Y


def clear_caches():
    """Forget every memoised ordinal sum and product."""
    for memo in (_ordinal_sums, _norton_products, _conway_products, _selective_sums,
                 _conjunctive_sums, _ordinal_products):
        memo.clear()


def _options(g):
    return engine.left(g) + engine.right(g)


def _sub(a, b):
    return engine.add(a, engine.neg(b))


def _pair(a, b):
    """The memo key of a symmetric operation."""
    return (a, b) if a <= b else (b, a)


def _is_nimber(fp):
    return fp is not None and fp[0] == 0 and fp[1] == 0


# ---------------------------------------------------------------- ordinal sum
def ordinal_sum(a, b):
    """The id of the ordinal sum ``G : H = {G^L, G : H^L | G^R, G : H^R}``.

    >>> star = engine.nus(Fraction(0), 0, 1)
    >>> ordinal_sum(star, engine.ZERO) == star
    True
    """

    def direct(h):
        """``G : h`` when it needs no followers of h, else None."""
        if h == _ZERO:
            return a
        fa, fh = engine.fast_path(a), engine.fast_path(h)
        if fa is not None and fa[1] == 0 and _is_nimber(fh):
            return engine.nus(fa[0], 0, fa[2] + fh[2])
        return None

    result = _ordinal_sums.get((a, b))
    if result is None:
        result = direct(b)
    if result is not None:
        return result
    left_a, right_a = engine.left(a), engine.right(a)

    def deps(node):
        h = node[1]
        return () if direct(h) is not None else [(a, k) for k in _options(h)]

    def compute(node):
        h = node[1]
        known = direct(h)
        if known is not None:
            return known
        return engine.canon(left_a + tuple(_ordinal_sums[(a, k)] for k in engine.left(h)),
                            right_a + tuple(_ordinal_sums[(a, k)] for k in engine.right(h)))

    return engine.call(lambda: engine.postorder((a, b), _ordinal_sums, deps, compute), a, b)


# ---------------------------------------------------------------- Norton product
def norton_product(a, u):
    """The id of ``G.U``, Norton's product of ``G`` by the positive unit ``U``.

    ``n.U = U + ... + U`` (n copies, negated for n < 0) for an integer n; otherwise
    ``G.U = {G^L.U + U + Δ | G^R.U - (U + Δ)}``, Δ ranging over the incentives of U.

    >>> half, up = engine.nus(Fraction(1, 2)), engine.nus(Fraction(0), 1, 0)
    >>> from cgt.printer import game_text
    >>> game_text(norton_product(half, up))
    '{^^*|v*}'
    """
    if not isinstance(u, int) or isinstance(u, bool) or not 0 <= u < engine.table_size():
        raise ValueError(f"the unit of a Norton product must be a game (an engine id), not {u!r}")
    if not (engine.le(_ZERO, u) and not engine.le(u, _ZERO)):
        from cgt.printer import game_text

        raise ValueError(f"the unit of a Norton product must be a positive game (U > 0), not {game_text(u)}")
    memo = _norton_products.setdefault(u, {})
    if a in memo:
        return memo[a]
    x = engine.number(a)
    if x is not None and x.denominator == 1:
        memo[a] = result = engine.call(lambda: engine.multiple(u, int(x)), u)
        return result
    shifts = [engine.add(u, d) for d in incentives(u)]

    def deps(g):
        x = engine.number(g)
        return () if x is not None and x.denominator == 1 else _options(g)

    def compute(g):
        x = engine.number(g)
        if x is not None and x.denominator == 1:
            return engine.multiple(u, int(x))
        return engine.canon([engine.add(memo[h], s) for h in engine.left(g) for s in shifts],
                            [_sub(memo[h], s) for h in engine.right(g) for s in shifts])

    return engine.call(lambda: engine.postorder(a, memo, deps, compute), a, u)


# ---------------------------------------------------------------- Conway product
def conway_product(a, b):
    """The id of the Conway product ``G × H`` (numbers multiply, nimbers nim-multiply).

    >>> from cgt.printer import game_text
    >>> game_text(conway_product(engine.nus(Fraction(15)), engine.nus(Fraction(0), 2, 2)))
    '^30*2'
    """
    known = _conway_direct(a, b)
    if known is not None:
        return known

    def deps(node):
        g, h = node
        if _conway_direct(g, h) is not None:
            return ()
        go, ho = _options(g), _options(h)
        return ([_pair(k, h) for k in go] + [_pair(g, k) for k in ho]
                + [_pair(k, m) for k in go for m in ho])

    def compute(node):
        g, h = node
        known = _conway_direct(g, h)
        if known is not None:
            return known

        def term(k, m):
            return _sub(engine.add(_conway_products[_pair(k, h)], _conway_products[_pair(g, m)]),
                        _conway_products[_pair(k, m)])

        gl, gr, hl, hr = engine.left(g), engine.right(g), engine.left(h), engine.right(h)
        return engine.canon([term(k, m) for k in gl for m in hl] + [term(k, m) for k in gr for m in hr],
                            [term(k, m) for k in gl for m in hr] + [term(k, m) for k in gr for m in hl])

    return engine.call(lambda: engine.postorder(_pair(a, b), _conway_products, deps, compute), a, b)


def _conway_direct(g, h):
    """``G × H`` when it needs no recursion: a zero factor, two numbers or two nimbers."""
    if g == _ZERO or h == _ZERO:
        return _ZERO
    x, y = engine.number(g), engine.number(h)
    if x is not None and y is not None:
        return engine.nus(x * y)
    fg, fh = engine.fast_path(g), engine.fast_path(h)
    if _is_nimber(fg) and _is_nimber(fh):
        return engine.nus(_F0, 0, nim_product(fg[2], fh[2]))
    return None


# ---------------------------------------------------------------- selective and conjunctive sums
def selective_sum(a, b):
    """The id of CGSuite's selective sum ``G ∨ H``: ``{G^L + H, G + H^L, G^L ∧ H^L | ...}``.

    A player moves in one component or in both.  As in CGSuite's
    ``SelectiveSum``, a move in one component leaves a disjunctive sum and a
    move in both a conjunctive sum (`conjunctive_sum`); the textbook selective
    compound instead stays selective after the move.

    >>> from cgt.printer import game_text
    >>> game_text(selective_sum(engine.nus(Fraction(0), 0, 5), engine.nus(Fraction(0), 0, 6)))
    '*8'
    """
    key = _pair(a, b)
    result = _selective_sums.get(key)
    if result is None:
        _selective_sums[key] = result = engine.call(lambda: _selective(a, b), a, b)
    return result


def _selective(a, b):
    def side(ga, gb):
        return ([engine.add(k, b) for k in ga] + [engine.add(a, m) for m in gb]
                + [conjunctive_sum(k, m) for k in ga for m in gb])

    return engine.canon(side(engine.left(a), engine.left(b)), side(engine.right(a), engine.right(b)))


def conjunctive_sum(a, b):
    """The id of the conjunctive sum ``G ∧ H = {G^L ∧ H^L | G^R ∧ H^R}``.

    >>> from cgt.printer import game_text
    >>> game_text(conjunctive_sum(engine.nus(Fraction(0), 0, 5), engine.nus(Fraction(0), 0, 6)))
    '*5'
    """

    def deps(node):
        g, h = node
        return [_pair(k, m) for k in engine.left(g) for m in engine.left(h)] + \
               [_pair(k, m) for k in engine.right(g) for m in engine.right(h)]

    def compute(node):
        g, h = node
        memo = _conjunctive_sums
        return engine.canon([memo[_pair(k, m)] for k in engine.left(g) for m in engine.left(h)],
                            [memo[_pair(k, m)] for k in engine.right(g) for m in engine.right(h)])

    return engine.call(lambda: engine.postorder(_pair(a, b), _conjunctive_sums, deps, compute), a, b)


# ---------------------------------------------------------------- ordinal product
def ordinal_product(a, b):
    """The id of the ordinal product ``G ⊗ H`` (CGSuite's ``OrdinalProduct``; ``*a ⊗ *b = *ab``).

    >>> from cgt.printer import game_text
    >>> game_text(ordinal_product(engine.nus(Fraction(1, 2)), engine.nus(Fraction(1, 4))))
    '11/32'
    """
    memo = _ordinal_products

    def deps(node):
        if node[0] == "form":
            _, g, h = node
            return [("sum", g, k, y) for k, ys in _product_moves(g, h) for y in ys[0] + ys[1]]
        _, g, h, y = node
        return [("form", g, h)] + [("sum", g, h, k) for k in _options(y)]

    def compute(node):
        if node[0] == "form":
            _, g, h = node
            lo, ro = [], []
            for k, (left_ys, right_ys) in _product_moves(g, h):
                lo += [memo[("sum", g, k, y)] for y in left_ys]
                ro += [memo[("sum", g, k, y)] for y in right_ys]
            return tuple(lo), tuple(ro)
        _, g, h, y = node
        lo, ro = memo[("form", g, h)]
        return engine.canon(lo + tuple(memo[("sum", g, h, k)] for k in engine.left(y)),
                            ro + tuple(memo[("sum", g, h, k)] for k in engine.right(y)))

    def value():
        lo, ro = engine.postorder(("form", a, b), memo, deps, compute)
        return engine.canon(lo, ro)

    return engine.call(value, a, b)


def _product_moves(g, h):
    """``(H', (left Y's, right Y's))``: the options of ``G ⊗ H`` are ``(G ⊗ H') : Y``."""
    gl, gr = engine.left(g), engine.right(g)
    moves = [(k, (gl, gr)) for k in engine.left(h)]
    if engine.right(h):
        neg_left = tuple(engine.neg(k) for k in gr)      # (-G)^L = -(G^R)
        neg_right = tuple(engine.neg(k) for k in gl)     # (-G)^R = -(G^L)
        moves += [(k, (neg_left, neg_right)) for k in engine.right(h)]
    return moves
