"""Ordinal sums, Norton and Conway products, and the other compounds of two games, on engine ids and forms.

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

These compounds depend on the *forms* of their operands, not only on their
values (``'{*|*}' : 1 = ↑`` although ``'{*|*}' = 0`` and ``0 : 1 = 1``).  Each
of them but the Norton product (whose operands are engine ids) takes its
operands as *nodes*: the engine id of a canonical game
(whose form is its canonical form, as in CGSuite), or a form, that is an
`~cgt.short.explicit.ExplicitGame` or any object with ``left_options`` and
``right_options`` (an impartial one may give ``options`` instead), read as
written.  The result is always the id of a canonical form.  Memo tables keep
the results on canonical operands; results on forms are memoised for the one
call only.

>>> from fractions import Fraction
>>> five, six = engine.nus(Fraction(0), 0, 5), engine.nus(Fraction(0), 0, 6)
>>> [engine.fast_path(f(five, six))[2] for f in (ordinal_sum, conway_product, ordinal_product)]
[11, 8, 30]
"""

from fractions import Fraction

from cgt import engine
from cgt.engine import GameHandle
from cgt.short.explicit import ExplicitGame, canonical_id, option_nodes
from cgt.short.incentives import incentives
from cgt.nimbers import nim_product
from cgt.short.printer import game_text

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


# ---------------------------------------------------------------- nodes: canonical ids and forms
def _node(x):
    """An operand as a node: an engine id stays, a `Game` gives its id, any other form an `ExplicitGame`."""
    if type(x) is int:
        return x
    if isinstance(x, GameHandle):
        return x._id
    return ExplicitGame.from_form(x)


def _left(g):
    return engine.left(g) if type(g) is int else option_nodes(g)[0]


def _right(g):
    return engine.right(g) if type(g) is int else option_nodes(g)[1]


def _options(g):
    return _left(g) + _right(g)


def _value(g):
    """The id of the canonical form of a node."""
    return g if type(g) is int else canonical_id(g)


def _negative(g):
    """The node of ``-g``: the negated form of a form."""
    return engine.neg(g) if type(g) is int else -g


def _canonical(key):
    """Whether a memo key names canonical games only."""
    return not any(type(k) is ExplicitGame for k in key)


class _Memo:
    """The memo of one computation on forms: keys of canonical games go to the shared table, the rest stay here."""

    __slots__ = ("shared", "local")

    def __init__(self, shared):
        self.shared = shared
        self.local = {}

    def _table(self, key):
        return self.shared if _canonical(key) else self.local

    def __contains__(self, key):
        return key in self._table(key)

    def __getitem__(self, key):
        return self._table(key)[key]

    def __setitem__(self, key, value):
        self._table(key)[key] = value


def _memo(shared, *nodes):
    return shared if _canonical(nodes) else _Memo(shared)


def _run(thunk, *nodes):
    """``thunk()``: on the deep-recursion thread when the games are deep, and always for forms."""
    if _canonical(nodes):
        return engine.call(thunk, *nodes)
    return engine.run_deep(thunk)


def _sub(a, b):
    return engine.add(a, engine.neg(b))


def _pair(a, b):
    """The memo key of a symmetric operation (canonical operands in id order)."""
    if type(a) is int and type(b) is int and a > b:
        return (b, a)
    return (a, b)


def _is_nimber(fp):
    return fp is not None and fp[0] == 0 and fp[1] == 0


# ---------------------------------------------------------------- ordinal sum
def ordinal_sum(a, b):
    """The id of the ordinal sum ``G : H = {G^L, G : H^L | G^R, G : H^R}``, on the form of G.

    >>> star = engine.nus(Fraction(0), 0, 1)
    >>> ordinal_sum(star, engine.ZERO) == star
    True
    >>> from cgt.short.explicit import ExplicitGame
    >>> ordinal_sum(ExplicitGame("'{*|*}'"), engine.nus(Fraction(1))) == engine.nus(Fraction(0), 1)   # = ^
    True
    """
    a, b = _node(a), _node(b)
    value_a = _value(a)
    fa = engine.fast_path(a) if type(a) is int else None

    def direct(h):
        """``G : h`` when it needs no followers of h, else None."""
        if type(h) is not int:
            return None
        if h == _ZERO:
            return value_a
        if fa is not None and fa[1] == 0 and _is_nimber(engine.fast_path(h)):
            return engine.nus(fa[0], 0, fa[2] + engine.fast_path(h)[2])
        return None

    memo = _memo(_ordinal_sums, a, b)
    result = direct(b)
    if result is not None:
        return result
    if (a, b) in memo:
        return memo[(a, b)]
    left_a = tuple(_value(g) for g in _left(a))
    right_a = tuple(_value(g) for g in _right(a))

    def deps(node):
        h = node[1]
        return () if direct(h) is not None else [(a, k) for k in _options(h)]

    def compute(node):
        h = node[1]
        known = direct(h)
        if known is not None:
            return known
        return engine.canon(left_a + tuple(memo[(a, k)] for k in _left(h)),
                            right_a + tuple(memo[(a, k)] for k in _right(h)))

    return _run(lambda: engine.postorder((a, b), memo, deps, compute), a, b)


# ---------------------------------------------------------------- Norton product
def norton_product(a, u):
    """The id of ``G.U``, Norton's product of ``G`` by the positive unit ``U``.

    ``n.U = U + ... + U`` (n copies, negated for n < 0) for an integer n; otherwise
    ``G.U = {G^L.U + U + Δ | G^R.U - (U + Δ)}``, Δ ranging over the incentives of U.

    >>> half, up = engine.nus(Fraction(1, 2)), engine.nus(Fraction(0), 1, 0)
    >>> from cgt.short.printer import game_text
    >>> game_text(norton_product(half, up))
    '{^^*|v*}'
    """
    if not isinstance(u, int) or isinstance(u, bool) or not 0 <= u < engine.table_size():
        raise ValueError(f"the unit of a Norton product must be a game (an engine id), not {u!r}")
    if not (engine.le(_ZERO, u) and not engine.le(u, _ZERO)):
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

    >>> from cgt.short.printer import game_text
    >>> game_text(conway_product(engine.nus(Fraction(15)), engine.nus(Fraction(0), 2, 2)))
    '^30*2'
    """
    a, b = _node(a), _node(b)
    known = _conway_direct(a, b)
    if known is not None:
        return known
    memo = _memo(_conway_products, a, b)

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
            return _sub(engine.add(memo[_pair(k, h)], memo[_pair(g, m)]), memo[_pair(k, m)])

        gl, gr, hl, hr = _left(g), _right(g), _left(h), _right(h)
        return engine.canon([term(k, m) for k in gl for m in hl] + [term(k, m) for k in gr for m in hr],
                            [term(k, m) for k in gl for m in hr] + [term(k, m) for k in gr for m in hl])

    return _run(lambda: engine.postorder(_pair(a, b), memo, deps, compute), a, b)


def _conway_direct(g, h):
    """``G × H`` when it needs no recursion: a zero factor, two numbers or two nimbers (canonical)."""
    if type(g) is not int or type(h) is not int:
        return None
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

    >>> from cgt.short.printer import game_text
    >>> game_text(selective_sum(engine.nus(Fraction(0), 0, 5), engine.nus(Fraction(0), 0, 6)))
    '*8'
    """
    a, b = _node(a), _node(b)
    if not _canonical((a, b)):
        return _run(lambda: _selective(a, b), a, b)
    key = _pair(a, b)
    result = _selective_sums.get(key)
    if result is None:
        _selective_sums[key] = result = engine.call(lambda: _selective(a, b), a, b)
    return result


def _selective(a, b):
    value_a, value_b = _value(a), _value(b)

    def side(ga, gb):
        return ([engine.add(_value(k), value_b) for k in ga] + [engine.add(value_a, _value(m)) for m in gb]
                + [conjunctive_sum(k, m) for k in ga for m in gb])

    return engine.canon(side(_left(a), _left(b)), side(_right(a), _right(b)))


def conjunctive_sum(a, b):
    """The id of the conjunctive sum ``G ∧ H = {G^L ∧ H^L | G^R ∧ H^R}``.

    >>> from cgt.short.printer import game_text
    >>> game_text(conjunctive_sum(engine.nus(Fraction(0), 0, 5), engine.nus(Fraction(0), 0, 6)))
    '*5'
    """
    a, b = _node(a), _node(b)
    memo = _memo(_conjunctive_sums, a, b)

    def deps(node):
        g, h = node
        return [_pair(k, m) for k in _left(g) for m in _left(h)] + \
               [_pair(k, m) for k in _right(g) for m in _right(h)]

    def compute(node):
        g, h = node
        return engine.canon([memo[_pair(k, m)] for k in _left(g) for m in _left(h)],
                            [memo[_pair(k, m)] for k in _right(g) for m in _right(h)])

    return _run(lambda: engine.postorder(_pair(a, b), memo, deps, compute), a, b)


# ---------------------------------------------------------------- ordinal product
def ordinal_product(a, b):
    """The id of the ordinal product ``G ⊗ H`` (CGSuite's ``OrdinalProduct``; ``*a ⊗ *b = *ab``).

    >>> from cgt.short.printer import game_text
    >>> game_text(ordinal_product(engine.nus(Fraction(1, 2)), engine.nus(Fraction(1, 4))))
    '11/32'
    """
    a, b = _node(a), _node(b)
    memo = _memo(_ordinal_products, a, b)

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
        return engine.canon(lo + tuple(memo[("sum", g, h, k)] for k in _left(y)),
                            ro + tuple(memo[("sum", g, h, k)] for k in _right(y)))

    def value():
        lo, ro = engine.postorder(("form", a, b), memo, deps, compute)
        return engine.canon(lo, ro)

    return _run(value, a, b)


def _product_moves(g, h):
    """``(H', (left Y's, right Y's))``: the options of ``G ⊗ H`` are ``(G ⊗ H') : Y``, Y a form."""
    gl, gr = _left(g), _right(g)
    moves = [(k, (gl, gr)) for k in _left(h)]
    if _right(h):
        neg_left = tuple(_negative(k) for k in gr)      # (-G)^L = -(G^R)
        neg_right = tuple(_negative(k) for k in gl)     # (-G)^R = -(G^L)
        moves += [(k, (neg_left, neg_right)) for k in _right(h)]
    return moves
