"""Hypothesis strategies for games, to property-test code built on `cgt`.

>>> from hypothesis import given
>>> @given(games(max_birthday=2))
... def test_negation_is_an_inverse(g):
...     assert g + -g == 0
>>> test_negation_is_an_inverse()
"""

from fractions import Fraction

from hypothesis import strategies as st

from cgt.game import Game, nimber, uptimal

__all__ = ["dyadics", "numbers", "nimbers", "uptimals", "games"]


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
