"""Explicit game forms: games kept exactly as written, their options not simplified.

A `Game` is a value: the canonical form of every game equal to it.  A *form*
is one particular game ``{G^L | G^R}``, options and all; CGSuite writes one in
single quotes, ``'{*|*}'``, and keeps it as written.  Equal forms have equal
values, but not conversely: ``'{*|*}'`` and ``'{|}'`` are both 0.

The value is all that sums and comparisons see (``G + H``, ``G <= H``
depend only on the values of G and H), but some compounds look at the form:
the ordinal sum ``G : H = {G^L, G : H^L | G^R, G : H^R}`` offers the options
of G itself, so

    '{*|*}' : 1 = {*, '{*|*}' | *} = ↑,   whereas   0 : 1 = {0 |} = 1.

`ExplicitGame` is such a form: its options are canonical `Game` values or
explicit forms again.  The form-dependent compounds (`ordinal_sum`,
`conway_product`, `ordinal_product`, `conjunctive_sum`, `selective_sum`)
read its options; their results, and those of ``+``, ``-`` and ``n * G``,
are values (`Game`).  Unlike CGSuite, which keeps ``'{0|}' + 1`` as an
unevaluated compound, `cgt` evaluates such expressions at once.

``==`` compares forms: two forms are equal when they have the same options,
in the same order.  ``<= < >= >`` are the game order, on values; for equal
values compare ``G.canonical_form``.

>>> from cgt import Game, parse
>>> G = parse("'{*|*}'")
>>> G, G.canonical_form
(ExplicitGame("'{*|*}'"), Game('0'))
>>> G.ordinal_sum(1), Game(0).ordinal_sum(1)
(Game('^'), Game('1'))
>>> G + 3, -parse("'{1|0}'")
(Game('3'), ExplicitGame("'{0|-1}'"))
"""

from numbers import Rational

from cgt import engine
from cgt.dyadic import as_dyadic
from cgt.engine import GameHandle
from cgt.hooks import above
from cgt.value import Immutable

__all__ = ["ExplicitGame", "canonical_id"]

# An explicit form's value is a `Game`, and its compounds are `cgt.short.products`: both sit above
# this module and come through `cgt.hooks.above`, as does the reader of notation.

_TAG = "cgt.ExplicitGame"


class ExplicitGame(Immutable):
    """A game form ``{G^L | G^R}`` kept as written (CGSuite's ``'{...}'``).

    ``ExplicitGame(left, right)`` takes option lists whose items are Games,
    explicit forms, ints, dyadic Fractions or notation strings;
    ``ExplicitGame("'{...}'")`` reads the quoted notation.  Options keep
    their order; nothing is simplified.

    >>> E = ExplicitGame(["*"], ["*"])
    >>> print(E, E.canonical_form, E == ExplicitGame("'{*|*}'"))
    '{*|*}' 0 True
    """

    # the options; the hash; then caches, None until filled: the engine id of the value, the
    # negated form, the options as engine ids or forms
    __slots__ = ("left_options", "right_options", "_hash", "_canonical", "_negative", "_nodes")
    left_options: tuple
    right_options: tuple

    def __init__(self, left=(), right=None):
        if right is None and isinstance(left, str):
            form = above.read(left)
            if not isinstance(form, ExplicitGame):
                raise ValueError(f"{left!r} is not an explicit game: write it in quotes, '{{L|R}}'")
            left, right = form.left_options, form.right_options
        else:
            left = tuple(_option(x) for x in _items(left))
            right = tuple(_option(x) for x in _items(right if right is not None else ()))
        _init(self, left, right)

    @classmethod
    def _of(cls, left, right):
        """The form ``{left | right}`` from tuples of Games and forms (no checks)."""
        form = object.__new__(cls)
        _init(form, left, right)
        return form

    @classmethod
    def from_form(cls, form):
        """The explicit form of any form: an object with ``left_options`` and ``right_options``, or an impartial one with ``options``.

        An impartial form (such as a misère canonical `MisereGame`) gives
        ``{G' | G'}`` over its options ``G'``; a `Game` gives
        ``{G^L | G^R}`` over its canonical options; a position of a ruleset
        its moves, ``{P^L | P^R}``, all the way down (equal positions met
        along two lines of play are one form).

        >>> from cgt.impartial.misere import MisereGame
        >>> print(ExplicitGame.from_form(MisereGame("*[1]")))
        '{'{|}'|'{|}'}'
        >>> from cgt.rulesets import Clobber
        >>> print(ExplicitGame.from_form(Clobber("xo")))
        '{'{|}'|'{|}'}'
        """
        if isinstance(form, ExplicitGame):
            return form
        if isinstance(form, GameHandle):
            return cls._of(form.left_options, form.right_options)
        return _convert(form)

    # ------------------------------------------------------------ the value
    @property
    def canonical_form(self):
        """The value of the form: its canonical form, a `Game`.

        >>> ExplicitGame("'{0,*|0,*}'").canonical_form
        Game('*2')
        """
        return above.game(canonical_id(self))

    def __add__(self, other):
        value = _value(other)
        return NotImplemented if value is None else self.canonical_form + value

    def __radd__(self, other):
        value = _value(other)
        return NotImplemented if value is None else value + self.canonical_form

    def __sub__(self, other):
        value = _value(other)
        return NotImplemented if value is None else self.canonical_form - value

    def __rsub__(self, other):
        value = _value(other)
        return NotImplemented if value is None else value - self.canonical_form

    def __mul__(self, n):
        """``n * G``: the value of n copies of G (of -G for negative n).

        >>> -2 * ExplicitGame("'{|-1}'")      # '{|-1}' = -2
        Game('4')
        """
        if isinstance(n, bool) or not isinstance(n, int):
            return NotImplemented
        return n * self.canonical_form

    __rmul__ = __mul__

    def __le__(self, other):
        value = _value(other)
        return NotImplemented if value is None else self.canonical_form <= value

    def __ge__(self, other):
        value = _value(other)
        return NotImplemented if value is None else self.canonical_form >= value

    def __lt__(self, other):
        value = _value(other)
        return NotImplemented if value is None else self.canonical_form < value

    def __gt__(self, other):
        value = _value(other)
        return NotImplemented if value is None else self.canonical_form > value

    def is_confused_with(self, other):
        """Whether ``G || H`` (neither ``G <= H`` nor ``H <= G``), on values.

        >>> ExplicitGame("'{1|-1}'").is_confused_with(0)
        True
        """
        value = _value(other)
        return self.canonical_form.is_confused_with(other if value is None else value)

    # ------------------------------------------------------------ the form
    def __neg__(self):
        """The negative form ``-G = {-G^R | -G^L}``.

        >>> -ExplicitGame("'{'{*|*}'|-1}'")
        ExplicitGame("'{1|'{*|*}'}'")
        """
        return _negative(self)

    def __pos__(self):
        return self

    def ordinal_sum(self, other):
        """The ordinal sum ``G : H = {G^L, G : H^L | G^R, G : H^R}``, over the options of this form.

        ``H`` may be a loopy stopper (`cgt.loopy.ordinal.ordinal_sum`).

        >>> ExplicitGame("'{-1|1}'").ordinal_sum(1)      # {-1, 0 | 1}
        Game('1/2')
        """
        reflected = getattr(other, "_rordinal_sum", None)
        if reflected is not None:          # a loopy value computes G : H itself
            return reflected(self)
        return above.game(above.compounds().ordinal_sum(self, _operand(other)))

    def conway_product(self, other):
        """The Conway product ``G × H`` of this form by H (see `cgt.short.products.conway_product`).

        >>> ExplicitGame("'{*|*}'").conway_product(3)
        Game('0')
        """
        return above.game(above.compounds().conway_product(self, _operand(other)))

    def ordinal_product(self, other):
        """CGSuite's ordinal product ``G ⊗ H`` of this form by H (see `cgt.short.products.ordinal_product`).

        >>> ExplicitGame("'{0|0}'").ordinal_product("*2")
        Game('*2')
        """
        return above.game(above.compounds().ordinal_product(self, _operand(other)))

    def conjunctive_sum(self, other):
        """The conjunctive sum ``G ∧ H = {G^L ∧ H^L | G^R ∧ H^R}`` of this form and H.

        >>> ExplicitGame("'{*|*}'").conjunctive_sum(3)
        Game('2')
        """
        return above.game(above.compounds().conjunctive_sum(self, _operand(other)))

    def selective_sum(self, other):
        """CGSuite's selective sum ``G ∨ H`` of this form and H (see `cgt.short.products.selective_sum`).

        >>> ExplicitGame("'{*|*}'").selective_sum(0)
        Game('0')
        """
        return above.game(above.compounds().selective_sum(self, _operand(other)))

    # ------------------------------------------------------------ identity
    def __eq__(self, other):
        if not isinstance(other, ExplicitGame):
            return NotImplemented
        return _same_form(self, other)

    def __ne__(self, other):
        equal = self.__eq__(other)
        return equal if equal is NotImplemented else not equal

    def __hash__(self):
        return self._hash

    def __reduce__(self):
        return (type(self), (self.left_options, self.right_options))

    # ------------------------------------------------------------ text
    def __str__(self):
        return _text(self)

    def __repr__(self):
        return f"ExplicitGame({str(self)!r})"


# ---------------------------------------------------------------- building
def _init(form, left, right):
    object.__setattr__(form, "left_options", left)
    object.__setattr__(form, "right_options", right)
    # Options hash by their own stored hashes, so this never recurses.
    object.__setattr__(form, "_hash", hash((_TAG, left, right)))
    for cache in ("_canonical", "_negative", "_nodes"):
        object.__setattr__(form, cache, None)


def _items(options):
    if isinstance(options, (str, bytes, bytearray, memoryview, GameHandle, ExplicitGame)) or \
            not hasattr(options, "__iter__"):
        raise TypeError(f"the options of an explicit game must be given as a list, not {options!r}")
    return options


def _option(x):
    """An option as given: a Game or a form; numbers and notation strings are read."""
    if isinstance(x, (GameHandle, ExplicitGame)):
        return x
    if isinstance(x, str):
        return above.read(x)
    if isinstance(x, Rational) and not isinstance(x, bool):
        return _number(x)
    raise TypeError("an option of an explicit game must be a Game, an ExplicitGame, an int, "
                    f"a dyadic Fraction or a notation string, not {type(x).__name__}")


def _sides(obj):
    """The left and right options of a form-protocol object, as tuples."""
    if hasattr(obj, "left_options") and hasattr(obj, "right_options"):
        return tuple(obj.left_options), tuple(obj.right_options)
    if hasattr(obj, "options"):
        options = tuple(obj.options)
        return options, options
    raise TypeError(f"not a game form (it needs left_options and right_options, or options): {obj!r}")


def _node_key(x):
    """The key of a node of a form being converted: equal (hashable) objects are one node, others by identity."""
    try:
        hash(x)
    except TypeError:
        return "id", id(x)
    return type(x), x


def _convert(root):
    """`ExplicitGame.from_form` for other objects: bottom-up, by an explicit stack.

    Equal objects (a position met along two lines of play) are converted once.
    """
    built = {}      # node key -> its option (a Game or a form)
    sides = {}      # node key -> (left, right), while it is open
    keep = []       # the objects met, alive while their ids are keys

    def ready(x):
        return isinstance(x, (GameHandle, ExplicitGame, str, Rational)) or _node_key(x) in built

    stack = [root]
    while stack:
        obj = stack[-1]
        key = _node_key(obj)
        if key in built:
            stack.pop()
            continue
        if key not in sides:
            sides[key] = _sides(obj)
            keep.append(obj)
            pending = [x for x in sides[key][0] + sides[key][1] if not ready(x)]
            if pending:
                for x in pending:
                    if _node_key(x) in sides:
                        raise ValueError("a form must be short: this one returns to a position it left")
                stack.extend(pending)
                continue
        elif any(not ready(x) for x in sides[key][0] + sides[key][1]):
            raise ValueError("a form must be short: this one returns to a position it left")
        stack.pop()
        left, right = sides[key]

        def option(x):
            found = built.get(_node_key(x)) if not isinstance(x, (GameHandle, ExplicitGame, str, Rational)) else None
            return found if found is not None else _option(x)

        built[key] = ExplicitGame._of(tuple(option(x) for x in left), tuple(option(x) for x in right))
    return built[_node_key(root)]


# ---------------------------------------------------------------- traversals
def _bottom_up(root, of_game, combine, cached):
    """``combine(form, left values, right values)`` at every form under ``root``, options first.

    ``of_game(g)`` is the value at a `Game` option, ``cached(form)`` a value
    already known (or None).  An explicit stack: deep forms are fine.
    """
    done = {}
    stack = [root]
    while stack:
        form = stack[-1]
        key = id(form)
        if key in done:
            stack.pop()
            continue
        known = cached(form)
        if known is None:
            pending = [x for x in form.left_options + form.right_options
                       if type(x) is ExplicitGame and id(x) not in done]
            if pending:
                stack.extend(pending)
                continue

            def value(x):
                return done[id(x)] if type(x) is ExplicitGame else of_game(x)

            known = combine(form, [value(x) for x in form.left_options],
                            [value(x) for x in form.right_options])
        done[key] = known
        stack.pop()
    return done[id(root)]


def canonical_id(form):
    """The engine id of the canonical form of ``form`` (computed once, then kept on it).

    >>> from cgt.short.game import _game
    >>> _game(canonical_id(ExplicitGame("'{-1|1}'")))
    Game('0')
    """

    def combine(node, left, right):
        ident = engine.construct(left, right)
        object.__setattr__(node, "_canonical", ident)
        return ident

    known = form._canonical
    if known is not None:
        return known
    return _bottom_up(form, lambda g: g._id, combine, lambda node: node._canonical)


def _negative(form):
    def combine(node, left, right):
        negative = ExplicitGame._of(tuple(right), tuple(left))
        object.__setattr__(node, "_negative", negative)
        object.__setattr__(negative, "_negative", node)
        return negative

    known = form._negative
    if known is not None:
        return known
    return _bottom_up(form, lambda g: -g, combine, lambda node: node._negative)


def option_nodes(form):
    """The options of ``form`` as (left, right) tuples of engine ids (for Games) and forms."""
    nodes = form._nodes
    if nodes is None:
        nodes = (tuple(x._id if isinstance(x, GameHandle) else x for x in form.left_options),
                 tuple(x._id if isinstance(x, GameHandle) else x for x in form.right_options))
        object.__setattr__(form, "_nodes", nodes)
    return nodes


def _same_form(a, b):
    """Whether two forms have the same options in the same order, compared without recursion."""
    seen = set()
    stack = [(a, b)]
    while stack:
        x, y = stack.pop()
        if x is y:
            continue
        if type(x) is not ExplicitGame or type(y) is not ExplicitGame:
            return False            # Games are interned: equal ones are the same object
        if (x._hash != y._hash or len(x.left_options) != len(y.left_options)
                or len(x.right_options) != len(y.right_options)):
            return False
        pair = (id(x), id(y))
        if pair not in seen:
            seen.add(pair)
            stack.extend(zip(x.left_options, y.left_options))
            stack.extend(zip(x.right_options, y.right_options))
    return True


def _text(form):
    """CGSuite's text ``'{a,b|c}'``: options in their order, forms quoted again inside."""
    out = []
    texts = {}
    stack = [form]
    while stack:
        item = stack.pop()
        if type(item) is str:
            out.append(item)
        elif type(item) is ExplicitGame:
            parts = ["'{"]
            for k, x in enumerate(item.left_options):
                parts += [","] * (k > 0) + [x]
            parts.append("|")
            for k, x in enumerate(item.right_options):
                parts += [","] * (k > 0) + [x]
            parts.append("}'")
            stack.extend(reversed(parts))
        else:
            text = texts.get(item)
            if text is None:
                text = texts[item] = str(item)
            out.append(text)
    return "".join(out)


# ---------------------------------------------------------------- operands
def _value(other):
    """The value of an arithmetic or comparison operand as a `Game`, or None for foreign types."""
    if isinstance(other, GameHandle):
        return other
    if isinstance(other, ExplicitGame):
        return other.canonical_form
    if isinstance(other, Rational) and not isinstance(other, bool):
        try:
            return _number(other)
        except ValueError:
            return None
    return None


def _operand(other):
    """An operand of a compound: a form stays a form; numbers and notation strings are read."""
    if isinstance(other, str):
        return above.read(other)
    if isinstance(other, Rational) and not isinstance(other, bool):
        return _number(other)
    return other


def _number(x):
    """The `Game` of an int or dyadic Fraction."""
    return above.game(engine.nus(as_dyadic(x)))
