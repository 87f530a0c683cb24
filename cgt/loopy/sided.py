"""Sided values: the onside and offside of a loopy game that is not a stopper.

When infinite alternating play is possible, a game ``G`` has two sides: its
*onside* ``G^+``, where infinite play counts as a win for Left, and its
*offside* ``G^-``, where it counts as a win for Right (Siegel, *Combinatorial
Game Theory*, VI.5).  When both sides equal stoppers ``s`` and ``t``
(``G`` is *stopper-sided*), the value of ``G`` is written ``s & t``; always
``s >= t``, and ``dud = {pass|pass} = on & off``.

Sides compare by play, in the order of sides (`cgt.loopy.side_order`).
The side of a graph is found by simplifying it in that order, step by step
as CGSuite does (`cgt.loopy.simplification`): obviously irrelevant edges,
reversible and dominated options, edges on alternating cycles that do not
matter, unravelling, fusion.  When no alternating cycle is left, the
stopper reached is put in its simplest form.  A game whose side keeps an
alternating cycle is not stopper-sided: that side is a *carousel*, kept in
the form reached, as CGSuite keeps it (`cgt.loopy.carousel.Carousel`).

Sums add the sides: ``(s & t) + (u & v) = (s + u)^+ & (t + v)^-``
(CGSuite's *upsum* and *downsum*), each the simplified side of CGSuite's
direct sum of the two graphs.  Two sided values are ordered when both
sides are.

>>> from cgt import parse
>>> dud = parse("dud")
>>> dud.onside, dud.offside, dud.outcome
(Stopper('on'), Stopper('off'), 'D')
>>> print(parse("{0|{dud|},*}"), dud + 5)
^ & v* dud
"""

from cgt.errors import NotStopperSidedError, VarietyError
from cgt.short.game import Game
from cgt.hooks import above
from cgt.short.printer import game_latex
from cgt.loopy import ordinal
from cgt.loopy.carousel import Carousel, side_form
from cgt.loopy.graph import GameGraph, build_graph
from cgt.loopy.side_order import OFFSIDE, ONSIDE, side_le
from cgt.loopy.simplification import direct_sum, pack, simplified_graph
from cgt.loopy.stopper import _graph_of, integer_multiple, stopper
from cgt.loopy.stops import off, on, stops, strong_stop
from cgt.value import Value

__all__ = ["ONSIDE", "OFFSIDE", "SidedValue", "VarietyError", "degree", "downsum", "downsum_variety",
           "is_stable", "loopy_value", "side_form_of", "side_le", "side_of", "sided", "upsum", "upsum_variety", "variety"]

# ---------------------------------------------------------------- simplification
def side_of(graph, side):
    """The simplified graph of the ``side`` of ``graph`` (started at node 0), as CGSuite simplifies it.

    A stopper graph when the side equals a stopper and the simplification
    finds it (then `side_form` puts it in its simplest form); otherwise the
    side is a carousel, in the form CGSuite's steps reach
    (`cgt.loopy.simplification`).

    >>> side_of(GameGraph([(0,)], [(0,)]), ONSIDE)        # dud's onside is on
    GameGraph([(0,)], [()])
    """
    return simplified_graph(pack(graph), side)


# ---------------------------------------------------------------- values
def _value(graph):
    """The canonical value of a stopper graph: a short Game or a Stopper."""
    return stopper(graph)


def _of_forms(onside, offside):
    """The sided value of two side forms (Games, Stoppers or Carousels): a stopper when they are equal."""
    if isinstance(onside, Carousel) or isinstance(offside, Carousel):
        return SidedValue._trusted(onside, offside)
    if onside == offside:
        return onside
    return SidedValue._trusted(onside, offside)


def _form_graph(form):
    """The game graph of a side form (a carousel's in CGSuite's numbering)."""
    return form._numbered_graph if isinstance(form, Carousel) else _graph_of(form)


def _sum(g, h):
    """``G + H`` of the side forms ``g = (G^+, G^-)`` and ``h``: each side of the sum of graphs, simplified.

    The graph of a side of ``G + H`` is CGSuite's direct sum, ``G``'s
    vertices major, so that the simplification reaches CGSuite's form.
    """
    forms = [side_form(simplified_graph(direct_sum(_form_graph(x), _form_graph(y)), side), side)
             for x, y, side in zip(g, h, (ONSIDE, OFFSIDE))]
    return _of_forms(*forms)


def side_form_of(value, side):
    """The simplified form of the ``side`` of a game graph or `~cgt.loopy.graph.Node`: a Game, Stopper or Carousel.

    >>> from cgt.loopy.graph import Node, PASS
    >>> side_form_of(Node([PASS], [PASS]), ONSIDE)
    Stopper('on')
    """
    graph = value if isinstance(value, GameGraph) else build_graph(value, side)
    return side_form(side_of(graph, side), side)


def sided(onside, offside):
    """The value ``onside & offside`` of two stoppers (or short games, or side forms); ``s & s = s``.

    >>> from cgt.loopy import on, off, over
    >>> print(sided(on, off), sided(over, over))
    dud over
    >>> sided(0, 1)
    Traceback (most recent call last):
    ...
    ValueError: the offside must be <= the onside: 1 & 0 is not a value (0 & 1 asked)
    """
    for name, form in ((ONSIDE, onside), (OFFSIDE, offside)):
        if isinstance(form, Carousel) and form.side != name:
            raise ValueError(f"the {name} of a sided value cannot be the {form.side} form {form}")
    if isinstance(onside, Carousel) or isinstance(offside, Carousel):
        return _of_forms(onside, offside)
    s, t = _graph_of(onside), _graph_of(offside)
    for name, g in (("onside", s), ("offside", t)):
        if g is None or not g.is_stopper():
            raise TypeError(f"the {name} of a sided value must be a stopper or a short game")
    s_value, t_value = _value(s), _value(t)
    if s_value == t_value:
        return s_value
    if not t_value <= s_value:
        raise ValueError(f"the offside must be <= the onside: {t_value} & {s_value} is not a value "
                         f"({s_value} & {t_value} asked)")
    return SidedValue._trusted(s_value, t_value)


def loopy_value(value):
    """The value of a game graph (or `~cgt.loopy.graph.Node`): a Game, a Stopper or a SidedValue.

    >>> from cgt.loopy.graph import Node, PASS
    >>> print(loopy_value(Node([PASS], [PASS])), loopy_value(Node([0], [PASS])))
    dud over
    """
    if isinstance(value, GameGraph):
        graphs = value, value
    else:       # a sided value among the options stands for its onside in the onside, ...
        graphs = build_graph(value, ONSIDE), build_graph(value, OFFSIDE)
    if graphs[0].is_stopper() and (graphs[0].left, graphs[0].right) == (graphs[1].left, graphs[1].right):
        return stopper(graphs[0])
    return _of_forms(side_form(side_of(graphs[0], ONSIDE), ONSIDE), side_form(side_of(graphs[1], OFFSIDE), OFFSIDE))


def _sides(value):
    """The (onside, offside) forms of a SidedValue, Stopper, Game or number; None for anything else."""
    if isinstance(value, SidedValue):
        return value._onside, value._offside
    if _graph_of(value) is None:
        return None
    return value, value


class SidedValue(Value):
    """The value ``s & t`` of a loopy game that is not a stopper: onside ``s``, offside ``t``.

    ``G <= H`` when both sides are: ``G^+ <= H^+`` and ``G^- <= H^-``.
    Sided values, stoppers and short games add, negate and compare with
    each other.  When both sides are stoppers (the game is *stopper-sided*)
    they are `onside` and `offside`; a side that equals no stopper is a
    `~cgt.loopy.carousel.Carousel`, and such a value has no `onside` or
    `offside` value (CGSuite's ``SidedValue`` has no ``Onside``): its forms
    are `side_forms`.  A `~cgt.value.Value` without options, stops or
    birthday: its sides have them.

    >>> from cgt import parse
    >>> g = parse("over & v")
    >>> g.onside, g.offside, g > parse("v"), -g
    (Stopper('over'), Game('v'), True, SidedValue('^ & under'))
    >>> SidedValue('over & v') == g
    True
    >>> print(parse("a{0,{1|1,{*,{1+*|1+*,a}|*}}|0}"))
    a{1|1,{1*|a||*}||0} & a{0,{1|||1*|a||*}|0}
    """

    __slots__ = ("_onside", "_offside")

    _undefined = {
        "left_options": "a sided value has no options of its own: take those of its onside or offside",
        "right_options": "a sided value has no options of its own: take those of its onside or offside",
        "left_stop": "a sided value has no stops of its own: take those of its onside or offside",
        "right_stop": "a sided value has no stops of its own: take those of its onside or offside",
        "birthday": "a sided value has no birthday: play in it need not end, so no day creates it",
        "is_all_small": "all-small is defined for short games; cgt does not define it for loopy values",
    }
    _facts = ("onside", "offside")

    def __new__(cls, text):
        """The sided value ``text`` writes in CGSuite notation: ``SidedValue('over & v')``."""
        return cls._read(text, "; cgt.loopy.sided and the name dud build sided values")

    @classmethod
    def _trusted(cls, onside, offside):
        self = object.__new__(cls)
        object.__setattr__(self, "_onside", onside)
        object.__setattr__(self, "_offside", offside)
        return self

    def _stopper_side(self, name):
        if not self.is_stopper_sided:
            raise NotStopperSidedError(name, "SidedValue", f"{self} is not stopper-sided (a side of it is a "
                                       "carousel, equal to no stopper); its simplified forms are side_forms")
        return self._onside if name == ONSIDE else self._offside

    @property
    def onside(self):
        """The onside ``G^+``: infinite play is a win for Left (a stopper-sided value only)."""
        return self._stopper_side(ONSIDE)

    @property
    def offside(self):
        """The offside ``G^-``: infinite play is a win for Right (a stopper-sided value only)."""
        return self._stopper_side(OFFSIDE)

    @property
    def side_forms(self):
        """The simplified forms of the two sides: stoppers, short games or `~cgt.loopy.carousel.Carousel`\\ s."""
        return self._onside, self._offside

    # ------------------------------------------------------------ predicates
    @property
    def is_stopper_sided(self):
        """Both sides are stoppers (no side is a carousel)."""
        return not (isinstance(self._onside, Carousel) or isinstance(self._offside, Carousel))

    is_stopper = is_loopfree = is_plumtree = is_pseudonumber = is_number = is_integer = \
        is_nimber = is_zero = is_uptimal = is_ordinal = is_number_tiny = property(
            lambda self: False, doc="False: a sided value is not a stopper.")

    @property
    def is_finite(self):
        """True: both sides have finitely many positions."""
        return True

    @property
    def is_idempotent(self):
        """``G + G = G``."""
        return self + self == self

    @property
    def is_infinitesimal(self):
        """Both sides are infinitesimal stoppers (False when a side is a carousel, as in CGSuite)."""
        return self.is_stopper_sided and self._onside.is_infinitesimal and self._offside.is_infinitesimal

    @property
    def is_numberish(self):
        """The onside's strong Left stop is the offside's strong Right stop, a number (stopper-sided only)."""
        if not self.is_stopper_sided:
            return False
        left = strong_stop(stops(self._onside)[0])
        right = strong_stop(stops(self._offside)[1])
        return left[0] == 0 and left == right

    @property
    def outcome(self):
        """CGSuite's outcome class from the classes of the two sides.

        ``L``, ``R``, ``N``, ``P`` when the sides agree; otherwise ``NHat``
        (onside L, offside N), ``PHat`` (L, P), ``D`` (L, R: a draw),
        ``NCheck`` (N, R), ``PCheck`` (P, R).
        """
        pair = _outcome(self._onside, ONSIDE) + _outcome(self._offside, OFFSIDE)
        return {"LN": "NHat", "LP": "PHat", "LR": "D", "NR": "NCheck", "PR": "PCheck"}.get(pair, pair[0])

    # ------------------------------------------------------------ arithmetic
    def __neg__(self):
        return SidedValue._trusted(-self._offside, -self._onside)

    def __pos__(self):
        return self

    def __add__(self, other):
        sides = _sides(other)
        if sides is None:
            return NotImplemented
        return _sum((self._onside, self._offside), sides)

    def __radd__(self, other):
        sides = _sides(other)
        return NotImplemented if sides is None else _sum(sides, (self._onside, self._offside))

    def __sub__(self, other):
        return NotImplemented if _sides(other) is None else self + (-other)

    def __rsub__(self, other):
        return NotImplemented if _sides(other) is None else (-self) + other

    def __mul__(self, n):
        """``n * G``: the sum of ``n`` copies of ``G`` (of ``-G`` for negative ``n``)."""
        return integer_multiple(self, n)

    __rmul__ = __mul__

    # ------------------------------------------------------------ order
    def __le__(self, other):
        sides = _sides(other)
        return NotImplemented if sides is None else _sides_le((self._onside, self._offside), sides)

    def __ge__(self, other):
        sides = _sides(other)
        return NotImplemented if sides is None else _sides_le(sides, (self._onside, self._offside))

    def __lt__(self, other):
        return self <= other and not self >= other

    def __gt__(self, other):
        return self >= other and not self <= other

    def __eq__(self, other):
        sides = _sides(other)
        if sides is None:
            return NotImplemented
        if self.is_stopper_sided and not any(isinstance(x, Carousel) for x in sides):
            return self._onside == sides[0] and self._offside == sides[1]
        return self <= other and self >= other

    def __ne__(self, other):
        result = self.__eq__(other)
        return result if result is NotImplemented else not result

    def __hash__(self):
        """The hash of the sides when they are stoppers; of the outcome class when a side is a carousel
        (a carousel has no unique form to hash)."""
        if self.is_stopper_sided:
            return hash(("cgt.loopy.SidedValue", self._onside, self._offside))
        return hash(("cgt.loopy.SidedValue", "carousel", self.outcome))

    # ------------------------------------------------------------ text
    def __str__(self):
        if self._onside == on and self._offside == off:
            return "dud"
        return f"{self._onside} & {self._offside}"

    def __repr__(self):
        return f"SidedValue({str(self)!r})"

    def _latex(self, printer=None):
        """The sided value in LaTeX (math mode), its text transliterated (`cgt.short.printer.game_latex`).

        >>> from cgt import parse
        >>> print(parse("dud")._repr_latex_(), parse("1 & 0")._latex())
        $\\mathrm{dud}$ 1 \\mathbin{\\&} 0
        """
        return game_latex(str(self))

    # ------------------------------------------------------------ as the second operand of a short game
    def _rordinal_sum(self, base):
        """``base : G``: not defined for a sided value (`cgt.loopy.ordinal.ordinal_sum` says so)."""
        return ordinal.ordinal_sum(base, self)

    def _rpow(self, base):
        """``base.pow(G)`` (`cgt.loopy.ordinal.pow`)."""
        return ordinal.pow(base, self)

    def _rpow_to(self, base):
        """``base.pow_to(G)`` (`cgt.loopy.ordinal.pow_to`)."""
        return ordinal.pow_to(base, self)


def _sides_le(a, b):
    """``G <= H`` for the side forms ``a = (G^+, G^-)`` and ``b``: each side in its own order."""
    if not any(isinstance(x, Carousel) for x in a + b):
        return a[0] <= b[0] and a[1] <= b[1]
    return all(side_le(_form_graph(x), _form_graph(y), side) for x, y, side in zip(a, b, (ONSIDE, OFFSIDE)))


# ---------------------------------------------------------------- upsums, degrees, varieties
def upsum(g, h):
    """``G +^ H``, the onside of ``G + H`` (Siegel VI.5).

    >>> from cgt.loopy import on, off
    >>> upsum(on, off), downsum(on, off)
    (Stopper('on'), Stopper('off'))
    """
    return _sides(g + h)[0]


def downsum(g, h):
    """``G +_ H``, the offside of ``G + H``."""
    return _sides(g + h)[1]


def degree(g):
    """The degree of loopiness ``G +^ -G`` of a stopper (0 for a short game).

    >>> from cgt.loopy import over, upon
    >>> degree(over), degree(upon)
    (Stopper('over'), Stopper('^<on>'))
    """
    return Game(0) if isinstance(g, Game) else upsum(g, -g)


def _idempotent(deg):
    if not deg + deg == deg:
        raise VarietyError("Variety degree must be an idempotent.")


def upsum_variety(g, deg):
    """The variety of ``G`` of degree ``deg`` from above: ``G +^ ((-G) +_ (-deg))``; ``deg`` idempotent."""
    _idempotent(deg)
    return upsum(g, downsum(-g, -deg))


def downsum_variety(g, deg):
    """The variety of ``G`` of degree ``deg`` from below: ``G +_ ((-G) +^ deg)``."""
    _idempotent(deg)
    return downsum(g, upsum(-g, deg))


def variety(g):
    """The variety of a stable stopper: the upsum and downsum varieties of its degree, when equal.

    >>> from cgt.loopy import over
    >>> variety(over)
    Stopper('over')
    """
    deg = degree(g)
    v = upsum_variety(g, deg)
    if v != downsum_variety(g, deg):
        raise VarietyError("That game is not stable.")
    return v


def is_stable(g):
    """Whether the upsum and downsum varieties of the degree of ``G`` agree."""
    deg = degree(g)
    return upsum_variety(g, deg) == downsum_variety(g, deg)


def _outcome(value, side=None):
    """'L', 'R', 'N' or 'P' of a stopper, short game or carousel (in its ``side``), from its comparisons with 0."""
    if isinstance(value, Carousel):
        zero, graph = _graph_of(Game(0)), value.graph
        ge, le = side_le(zero, graph, side), side_le(graph, zero, side)
    else:
        ge, le = value >= 0, value <= 0
    return {(True, False): "L", (False, True): "R", (False, False): "N", (True, True): "P"}[ge, le]
