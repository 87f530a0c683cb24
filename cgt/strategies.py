"""Hypothesis strategies for every kind of value, to property-test code built on `cgt`.

Short games (`games`, and the numbers, nimbers and uptimals among them),
loopy game graphs (`game_graphs`, `loopy_nodes`), stoppers (`stoppers`), sided values (`sided_values`), misère games
(`misere_games`), and CGSuite's transfinite values (`ordinals`,
`generalized_ordinals`, `surreals`, `rationals`, `transfinite_nimbers`).

>>> from hypothesis import given
>>> @given(games(max_birthday=2))
... def test_negation_is_an_inverse(g):
...     assert g + -g == 0
>>> test_negation_is_an_inverse()
>>> @given(stoppers())
... def test_negation_of_a_stopper_is_an_involution(g):
...     assert -(-g) == g
>>> test_negation_of_a_stopper_is_an_involution()

And for CGSuite's numbers beyond the short games (`cgt.transfinite`):

>>> @given(surreals(), surreals())
... def test_addition_commutes(x, y):
...     assert x + y == y + x
>>> test_addition_commutes()
"""

from fractions import Fraction

from hypothesis import assume
from hypothesis import strategies as st

from cgt.short.game import Game, nimber, uptimal
from cgt.impartial.misere import MisereGame
from cgt.loopy import named
from cgt.loopy.graph import GameGraph, Node, build_graph
from cgt.loopy.sided import SidedValue, loopy_value
from cgt.loopy.stopper import Stopper, stopper
from cgt.transfinite import SurrealNumber, omega_power, rational, transfinite_nimber

__all__ = ["dyadics", "numbers", "nimbers", "uptimals", "games", "game_graphs", "loopy_nodes", "stoppers", "sided_values",
           "misere_games", "ordinals", "generalized_ordinals", "surreals", "rationals", "transfinite_nimbers"]


def dyadics(max_exponent=4, max_whole=4):
    """Dyadic rationals ``m / 2**k`` with ``k <= max_exponent`` and ``|x| <= max_whole``."""
    return st.builds(
        lambda k, m: Fraction(m, 2**k),
        st.integers(0, max_exponent),
        st.integers(-max_whole * 2**max_exponent, max_whole * 2**max_exponent),
    )


def numbers(max_exponent=4, max_whole=4):
    """Number games."""
    return dyadics(max_exponent, max_whole).map(Game)


def nimbers(max_value=8):
    """Nimbers ``*0 .. *max_value``."""
    return st.integers(0, max_value).map(nimber)


def uptimals(max_ups=4, max_star=4):
    """Values ``x + n.↑ + *m``."""
    return st.builds(uptimal, dyadics(2, 2), st.integers(-max_ups, max_ups), st.integers(0, max_star))


def games(max_birthday=3, max_options=3):
    """Games ``{L | R}`` nested ``max_birthday`` deep, from options built the same way.

    Small numbers, nimbers and uptimals are mixed in at every level, so
    fast-path values appear as options too.
    """
    if max_birthday <= 0:
        return st.just(Game(0))
    smaller = games(max_birthday - 1, max_options)
    options = st.lists(smaller, max_size=max_options)
    built = st.builds(Game, options, options)
    return st.one_of(built, smaller, numbers(2, 2), nimbers(3), uptimals(2, 2))


# ---------------------------------------------------------------- loopy values
_LEAVES = st.sampled_from([Game(0), Game(1), Game(-1), nimber(1), uptimal(ups=1), Game(Fraction(1, 2))])


@st.composite
def loopy_nodes(draw, max_nodes=3, max_options=2, leaves=_LEAVES):
    """Game graphs written as `~cgt.loopy.graph.Node` s: the first of up to ``max_nodes`` nodes.

    Each node has up to ``max_options`` options for each player, drawn from
    the nodes (itself too: a pass) and the short games ``leaves``; so every
    kind of loopy game appears, stoppers or not.
    """
    nodes = [Node() for _ in range(draw(st.integers(1, max_nodes)))]
    option = st.one_of(st.sampled_from(range(len(nodes))), leaves)
    for node in nodes:
        for options in (node.left, node.right):
            for item in draw(st.lists(option, max_size=max_options)):
                options.append(nodes[item] if isinstance(item, int) else item)
    return nodes[0]


@st.composite
def game_graphs(draw, max_nodes=6, max_options=2):
    """`~cgt.loopy.graph.GameGraph` s of up to ``max_nodes`` vertices, vertex 0 the start, each
    with up to ``max_options`` distinct moves for each player: passes and cycles, stoppers or not.

    >>> from hypothesis import find
    >>> graph = find(game_graphs(), lambda g: len(g.left) == 2)
    >>> len(graph.left), len(graph.right)
    (2, 2)
    """
    n = draw(st.integers(1, max_nodes))
    options = st.lists(st.integers(0, n - 1), max_size=max_options, unique=True).map(tuple)
    return GameGraph(draw(st.lists(options, min_size=n, max_size=n)),
                     draw(st.lists(options, min_size=n, max_size=n)))


def stoppers(max_nodes=3, max_options=2):
    """Stoppers (`~cgt.loopy.Stopper`) with a cycle: ``on``, ``over``, ``upon`` and the
    simplest forms of random stopper graphs (`loopy_nodes`)."""
    drawn = loopy_nodes(max_nodes, max_options).filter(lambda root: build_graph(root).is_stopper()).map(stopper)
    named_ones = st.sampled_from([named.on, named.off, named.over, named.under, named.upon])
    return st.one_of(named_ones, drawn.filter(lambda g: isinstance(g, Stopper)))


@st.composite
def _sided_value_of(draw, nodes):
    value = loopy_value(draw(nodes))
    assume(isinstance(value, SidedValue) and value.is_stopper_sided)     # not a carousel
    return value


def sided_values(max_nodes=3, max_options=2):
    """Sided values ``s & t`` (`~cgt.loopy.SidedValue`): ``dud``, ``tis``, ``tisn``, and the values
    of random loopy game graphs (`loopy_nodes`) that are stopper-sided but not stoppers."""
    named_ones = st.sampled_from([named.dud, named.tis, named.tisn])
    return st.one_of(named_ones, _sided_value_of(loopy_nodes(max_nodes, max_options)))


# ---------------------------------------------------------------- misère games
def misere_games(max_birthday=4, max_options=3):
    """Misère canonical forms (`~cgt.impartial.MisereGame`) born by day ``max_birthday``, from
    options built the same way; nim heaps are mixed in at every level.  (There are 1, 2, 3, 5
    and 22 of them born by days 0 to 4, ONAG ch. 12, and 4171780 by day 5.)"""
    if max_birthday <= 0:
        return st.just(MisereGame(0))
    smaller = misere_games(max_birthday - 1, max_options)
    built = st.lists(smaller, max_size=max_options).map(MisereGame.from_options)
    return st.one_of(built, st.integers(0, max_birthday).map(MisereGame.nim_heap))


# ---------------------------------------------------------------- cgt.transfinite
def _cantor_normal_form(terms):
    """``ω^e₁·c₁ + ... + ω^eₖ·cₖ`` for (exponent, coefficient) pairs: a Game when finite."""
    total = Game(0)
    for exponent, coefficient in terms:
        total = total + omega_power(exponent) * coefficient
    return total


def ordinals(max_height=2, max_terms=3, max_coefficient=4):
    """Ordinals ``ω^α₁·c₁ + ...`` (an integer Game when finite): exponents nested at most
    ``max_height`` deep, at most ``max_terms`` terms per level, coefficients up to ``max_coefficient``.

    With ``max_height <= 2`` they lie below ω^(ω^ω), in the ordinal nim field
    (`cgt.transfinite.nim_field`) when ``max_coefficient < 54``.

    >>> from hypothesis import find
    >>> from cgt.transfinite import omega
    >>> x = find(ordinals(), lambda x: x > omega)      # a simple one, as hypothesis shrinks it
    >>> x > omega, x.is_ordinal
    (True, True)
    """
    if max_height <= 0:
        return st.integers(0, max_coefficient).map(Game)
    exponents = ordinals(max_height - 1, max_terms, max_coefficient)
    terms = st.lists(st.tuples(exponents, st.integers(1, max_coefficient)), max_size=max_terms)
    return terms.map(_cantor_normal_form)


def generalized_ordinals(max_height=2, max_terms=3, max_coefficient=4):
    """Generalized ordinals ``ω^α₁·c₁ + ...`` with ordinal exponents and coefficients of either sign.

    >>> from hypothesis import find
    >>> from cgt.transfinite import omega
    >>> x = find(generalized_ordinals(), lambda x: x < -omega)
    >>> x < -omega, x.is_ordinal
    (True, False)
    """
    exponents = ordinals(max_height - 1, max_terms, max_coefficient)
    coefficients = st.integers(-max_coefficient, max_coefficient).filter(bool)
    terms = st.lists(st.tuples(exponents, coefficients), max_size=max_terms)
    return terms.map(_cantor_normal_form)


def _quotient(pair):
    x, y = pair
    return x / y if isinstance(x, SurrealNumber) or isinstance(y, SurrealNumber) else rational(x, y)


def surreals(max_height=2, max_terms=2, max_coefficient=3):
    """Quotients ``x / y`` of generalized ordinals (`cgt.transfinite.SurrealNumber`, and the
    rationals, generalized ordinals and numbers they include), never ``±inf``.

    >>> from hypothesis import find
    >>> from cgt.transfinite import omega
    >>> x = find(surreals(), lambda x: 0 < x < 1 / omega)
    >>> 0 < x < 1 / omega
    True
    """
    parts = generalized_ordinals(max_height, max_terms, max_coefficient)
    return st.tuples(parts, parts.filter(bool)).map(_quotient)


def rationals(max_denominator=24, max_whole=4):
    """Rational numbers ``n/d``, ``0 < d <= max_denominator`` (`cgt.transfinite.Rational`, or a number Game when dyadic).

    >>> from hypothesis import find
    >>> from cgt.transfinite import Rational
    >>> x = find(rationals(), lambda x: isinstance(x, Rational))
    >>> x.is_dyadic
    False
    """
    return st.builds(lambda d, n: rational(n, d), st.integers(1, max_denominator),
                     st.integers(-max_whole * max_denominator, max_whole * max_denominator))


def transfinite_nimbers(max_height=2, max_terms=3, max_coefficient=4):
    """Nimbers ``*α`` of ordinals ``α`` (a Game ``*n`` when finite).

    >>> from hypothesis import find
    >>> from cgt.transfinite import TransfiniteNimber
    >>> g = find(transfinite_nimbers(), lambda g: isinstance(g, TransfiniteNimber))
    >>> g + g
    Game('0')
    """
    return ordinals(max_height, max_terms, max_coefficient).map(transfinite_nimber)
