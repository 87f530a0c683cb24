"""Compounds of positions: sums and products of positions of any rulesets, as CGSuite's ``CompoundGame``.

For positions ``G`` and ``H`` (of any rulesets, or games standing for the
positions of their forms, see `cgt.rulesets.form`), each compound is a
position whose moves are (CGSuite's ``CompoundGame.compoundOptions``):

* disjunctive sum ``G + H``: a move in one component, ``G^L + H`` or ``G + H^L``;
* conjunctive sum ``G ∧ H``: a move in both, ``G^L ∧ H^L``;
* selective sum ``G ∨ H``: the moves of both sums above (a move in one
  component leaves a disjunctive sum, a move in both a conjunctive one);
* ordinal sum ``G : H``: ``G^L`` (play in ``G`` ends ``H``) or ``G : H^L``;
* Conway product ``G × H``: ``G^L×H + G×H^L - G^L×H^L`` and
  ``G^R×H + G×H^R - G^R×H^R`` for Left, ``G^L×H + G×H^R - G^L×H^R`` and
  ``G^R×H + G×H^L - G^R×H^L`` for Right;
* ordinal product ``G ⊗ H``: ``(G ⊗ H^L) : G^L`` and ``(G ⊗ H^R) : (-G)^L`` for
  Left, the same with Right's options of ``G`` and ``-G`` for Right.

``-G`` is the position with the moves exchanged (`NegativePosition`; the
negative of a sum is the sum of the negatives).  A disjunctive sum splits
into the components of its parts, so its value is the sum of their values,
each found by its own ruleset (and its compiled search, where it has one);
the other compounds depend on the forms of ``G`` and ``H`` and are searched
move by move.

>>> from cgt.rulesets import Clobber, Domineering
>>> position = Domineering("..|..") + Clobber("xox|ox.")
>>> position
Domineering('..|..') + Clobber('xox|ox.')
>>> position.canonical_form == Domineering("..|..").canonical_form + Clobber("xox|ox.").canonical_form
True
>>> print(Domineering("..|..").conjunctive_sum(Clobber("xo")).canonical_form)
*
"""

from numbers import Rational

from cgt.engine import GameHandle
from cgt.short.game import Game
from cgt.rulesets.form import FormPosition
from cgt.rulesets.pictures import picture_html, row_html, row_pieces
from cgt.rulesets.position import Position
from cgt.value import Struct

__all__ = ["CompoundPosition", "NegativePosition", "as_position", "compound", "negative"]

#: The compounds, by their method names: CGSuite's symbol and its precedence in CGSuite's text
#: (lower binds tighter).
KINDS = {
    "disjunctive_sum": ("+", 3),
    "conjunctive_sum": ("ConjunctiveSum", 3),
    "selective_sum": ("SelectiveSum", 3),
    "ordinal_sum": (":", 2),
    "conway_product": ("ConwayProduct", 1),
    "ordinal_product": ("OrdinalProduct", 4),
}

_SYMBOLS = {"disjunctive_sum": "+", "conjunctive_sum": "∧", "selective_sum": "∨", "ordinal_sum": ":",
            "conway_product": "×", "ordinal_product": "⊗"}
_SUMS = frozenset(["disjunctive_sum", "conjunctive_sum", "selective_sum", "ordinal_sum"])


def as_position(value):
    """``value`` as a position: a `Position` itself, a game form or an int its `FormPosition`.

    >>> as_position(1)
    FormPosition(Game('1'))
    """
    if isinstance(value, Position):
        return value
    if isinstance(value, (GameHandle, Rational)) or hasattr(value, "options") or hasattr(value, "left_options"):
        if isinstance(value, bool):
            raise TypeError("a bool is not a game")
        return FormPosition(value)
    raise TypeError(f"cannot combine a position with {type(value).__name__}: a compound takes positions, "
                    "Games, explicit or misère forms and ints")


def compound(kind, g, h):
    """The position ``G <kind> H`` (a name in `KINDS`) of two positions or forms.

    >>> from cgt.rulesets import Domineering
    >>> compound("ordinal_sum", Domineering(".."), 1)
    Domineering('..').ordinal_sum(FormPosition(Game('1')))
    """
    if kind not in KINDS:
        raise ValueError(f"no compound named {kind!r}; the compounds are {', '.join(KINDS)}")
    return CompoundPosition(kind, as_position(g), as_position(h))


def negative(position):
    """``-P``: the position with Left's and Right's moves exchanged (``-(-P)`` is P)."""
    if isinstance(position, NegativePosition):
        return position.base
    return NegativePosition(position)


def _opponent(side):
    return "R" if side == "L" else "L"


def _moves(position, side):
    return position.left_moves() if side == "L" else position.right_moves()


def _fold(root, parts, combine):
    """``combine(node, [the folds of parts(node)])`` from the leaves up, without recursion.

    Compounds nest as deep as a user builds them (a sum of 10,000 positions
    made with ``+`` is 10,000 deep), so every walk over one is this loop.

    >>> _fold(3, lambda n: (n - 1, n - 2) if n > 1 else (), lambda n, values: sum(values) if values else n)
    2
    """
    stack, values = [(root, False)], []
    while stack:
        node, ready = stack.pop()
        children = parts(node)
        if not ready:
            stack.append((node, True))
            stack.extend((child, False) for child in reversed(children))
            continue
        count = len(children)
        arguments = values[len(values) - count:]
        del values[len(values) - count:]
        values.append(combine(node, arguments))
    return values[0]


def _structure(position):
    """The parts a walk over compounds goes into: both of a compound, the base of a negative."""
    if isinstance(position, CompoundPosition):
        return position.g, position.h
    if isinstance(position, NegativePosition):
        return (position.base,)
    return ()


def _sum_parts(position):
    """The parts of a sum (disjunctive, conjunctive, selective, ordinal), whose negative is the sum of negatives."""
    return (position.g, position.h) if isinstance(position, CompoundPosition) and position.kind in _SUMS else ()


def _options_of(node, values):
    """``(Left's moves, Right's moves)`` of ``node`` from those of its parts (``values``)."""
    if not values:
        return list(node.left_moves()), list(node.right_moves())
    if isinstance(node, NegativePosition):
        (left, right), = values
        return [-x for x in right], [-x for x in left]
    kind, g, h = node.kind, node.g, node.h
    g_moves, h_moves = ({"L": values[0][0], "R": values[0][1]}, {"L": values[1][0], "R": values[1][1]})
    negative_g = {"L": [-x for x in g_moves["R"]], "R": [-x for x in g_moves["L"]]} \
        if kind == "ordinal_product" else None

    def options(side):
        if kind == "disjunctive_sum":
            return ([CompoundPosition(kind, x, h) for x in g_moves[side]]
                    + [CompoundPosition(kind, g, y) for y in h_moves[side]])
        if kind == "conjunctive_sum":
            return [CompoundPosition(kind, x, y) for x in g_moves[side] for y in h_moves[side]]
        if kind == "selective_sum":
            return ([CompoundPosition("disjunctive_sum", x, h) for x in g_moves[side]]
                    + [CompoundPosition("disjunctive_sum", g, y) for y in h_moves[side]]
                    + [CompoundPosition("conjunctive_sum", x, y) for x in g_moves[side] for y in h_moves[side]])
        if kind == "ordinal_sum":
            return list(g_moves[side]) + [CompoundPosition(kind, g, y) for y in h_moves[side]]
        if kind == "conway_product":
            return [CompoundPosition("disjunctive_sum",
                                     CompoundPosition("disjunctive_sum", CompoundPosition(kind, x, h),
                                                      CompoundPosition(kind, g, y)),
                                     negative(CompoundPosition(kind, x, y)))
                    for p in ("L", "R") for x in g_moves[p]
                    for y in h_moves[p if side == "L" else _opponent(p)]]
        return [CompoundPosition("ordinal_sum", CompoundPosition(kind, g, y), x)         # ordinal product
                for p in ("L", "R") for y in h_moves[p]
                for x in (g_moves if p == "L" else negative_g)[side]]

    return options("L"), options("R")


def _tokens(position):
    """The compound written out in prefix order: a kind's name before its two parts, ``"-"`` before a
    negative's base, and the positions that are no compound; equal compounds have equal tokens."""
    tokens, stack = [], [position]
    while stack:
        node = stack.pop()
        if isinstance(node, CompoundPosition):
            tokens.append(node.kind)
            stack += (node.h, node.g)
        elif isinstance(node, NegativePosition):
            tokens.append("-")
            stack.append(node.base)
        else:
            tokens.append(node)
    return tuple(tokens)


def _unhashed_parts(position):
    """The parts of a compound whose hash is not yet known (a walk stops at the known ones)."""
    return tuple(part for part in (position.g, position.h)
                 if isinstance(part, CompoundPosition) and part._hash is None)


def _cache_hash(position, _):
    object.__setattr__(position, "_hash", hash((position.kind, hash(position.g), hash(position.h))))


class CompoundPosition(Position, Struct):
    """The compound ``G <kind> H`` of two positions (see the module's text for the moves)."""

    __slots__ = ("kind", "g", "h", "_hash")
    kind: str
    g: Position
    h: Position

    def __init__(self, kind: str, g: Position, h: Position) -> None:
        self._init(kind, g, h)

    def __eq__(self, other):
        """The same compound of equal positions (compared part by part, at any depth)."""
        if self is other:
            return True
        if not isinstance(other, CompoundPosition):
            return NotImplemented
        return hash(self) == hash(other) and _tokens(self) == _tokens(other)

    def __hash__(self):
        if self._hash is None:
            _fold(self, _unhashed_parts, _cache_hash)
        return self._hash

    def _options(self, side):
        left, right = _fold(self, _structure, _options_of)
        return left if side == "L" else right

    def left_moves(self):
        return self._options("L")

    def right_moves(self):
        return self._options("R")

    def components(self):
        """A disjunctive sum: the components of all its parts, at any depth; any other compound: itself.

        >>> from cgt.rulesets import Clobber
        >>> len(sum([Clobber("xo")] * 2000, Clobber("xo")).components())
        2001
        """
        found, stack = [], [self]
        while stack:
            part = stack.pop()
            if isinstance(part, CompoundPosition) and part.kind == "disjunctive_sum":
                stack += (part.h, part.g)
            elif isinstance(part, NegativePosition) and isinstance(part.base, CompoundPosition) \
                    and part.base.kind == "disjunctive_sum":
                stack.append(-part.base)
            elif isinstance(part, CompoundPosition):
                found.append(part)
            else:
                found.extend(part.components())
        return tuple(found)

    def game_value(self, max_positions=1_000_000):
        """A disjunctive sum: the sum of its components' values (each may be loopy); else the value searched.

        The positions of a compound other than a disjunctive sum are told
        apart by equality of their parts (forms matter there, not only values).
        """
        if self.kind != "disjunctive_sum":
            return super().game_value(max_positions)
        total = Game(0)
        for component in self.components():
            total = total + component.game_value(max_positions)
        return total

    def __neg__(self):
        """``-(G + H) = -G + -H`` for the sums (CGSuite's); the negative position of a product."""
        return _fold(self, _sum_parts,
                     lambda node, parts: CompoundPosition(node.kind, *parts) if parts
                     else NegativePosition(node) if isinstance(node, CompoundPosition) else -node)

    def __repr__(self):
        """Python that builds the compound: ``G + H``, ``G.conjunctive_sum(H)``, ..."""
        return _fold(self, _structure, _repr_of)

    def __str__(self):
        """CGSuite's text of the compound: ``G + H``, ``G ConjunctiveSum H``, ``G : H``, ..."""
        return _fold(self, lambda node: (node.g, node.h) if isinstance(node, CompoundPosition) else (),
                     _text_of)

    def _repr_html_(self):
        """Both positions drawn side by side, with the compound's symbol between them (a sum: all its parts)."""
        if self.kind != "disjunctive_sum":
            return _joined(_fold(self, _structure, _html_of))
        parts, stack = [], [self]
        while stack:
            part = stack.pop()
            if _is_disjunctive_sum(part):
                stack += (part.h, part.g)
            else:
                parts.append(picture_html(part))
        plus = f"<span style='font-size:1.6em'>{_SYMBOLS['disjunctive_sum']}</span>"
        return row_html([item for i, part in enumerate(parts) for item in ([plus, part] if i else [part])])


def _repr_of(node, parts):
    if not parts:
        return repr(node)
    if isinstance(node, NegativePosition):
        return f"-({parts[0]})" if _is_disjunctive_sum(node.base) else f"-{parts[0]}"
    left, right = parts
    if node.kind == "disjunctive_sum":
        return f"{left} + ({right})" if _is_disjunctive_sum(node.h) else f"{left} + {right}"
    if isinstance(node.g, NegativePosition) or _is_disjunctive_sum(node.g):
        left = f"({left})"
    return f"{left}.{node.kind}({right})"


def _text_of(node, parts):
    if not parts:
        return repr(node)
    return " ".join([_bracketed(node.g, parts[0], node.kind), KINDS[node.kind][0],
                     _bracketed(node.h, parts[1], node.kind)])


def _bracketed(position, text, kind):
    if isinstance(position, CompoundPosition) and KINDS[position.kind][1] > KINDS[kind][1]:
        return f"({text})"
    return text


def _html_of(node, parts):
    """The drawing of ``node`` as a tree of pieces (its parts' trees inside): joined once, at the top."""
    if not parts:
        return picture_html(node)
    if isinstance(node, NegativePosition):
        return row_pieces(["<span style='font-size:1.6em'>−</span>", parts[0]])
    return row_pieces([parts[0], f"<span style='font-size:1.6em'>{_SYMBOLS[node.kind]}</span>", parts[1]])


def _joined(pieces):
    """The text of a tree of pieces (lists of strings and of such trees), without recursion."""
    out, stack = [], [pieces]
    while stack:
        piece = stack.pop()
        if isinstance(piece, str):
            out.append(piece)
        else:
            stack.extend(reversed(piece))
    return "".join(out)


def _is_disjunctive_sum(position):
    return isinstance(position, CompoundPosition) and position.kind == "disjunctive_sum"


class NegativePosition(Position, Struct):
    """``-P``: Left moves where Right moves in ``P`` and the other way round; its value is ``-P``'s.

    >>> from cgt.rulesets import Domineering
    >>> print(Domineering("...").canonical_form, (-Domineering("...")).canonical_form)
    -1 1
    """

    __slots__ = ("base",)
    base: Position

    def __init__(self, base: Position) -> None:
        self._init(base)

    def left_moves(self):
        return _fold(self, _structure, _options_of)[0]

    def right_moves(self):
        return _fold(self, _structure, _options_of)[1]

    def components(self):
        return tuple(-c for c in self.base.components())

    def _entry(self):
        """The table entry of ``P``, standing for its negative."""
        ruleset, key, negated = self.base._entry()
        return ruleset, key, not negated

    def known_value(self):
        known = self.base.known_value()
        return None if known is None else -known

    def _canonical_id(self):
        return (-self.base.canonical_form)._id

    def __neg__(self):
        return self.base

    def __repr__(self):
        return _fold(self, _structure, _repr_of)

    __str__ = __repr__

    def _repr_html_(self):
        """The position drawn with a minus sign before it."""
        return _joined(_fold(self, _structure, _html_of))
