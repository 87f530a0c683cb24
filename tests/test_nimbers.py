"""mex, nim-sum and the nim field (cgt/nimbers.py)."""

from functools import lru_cache

import pytest
from hypothesis import given
from hypothesis import strategies as st

from cgt import mex, nim_product, nim_sum, nimber
from cgt.nimbers import nim_inverse

small = st.integers(0, 2**20)


def test_mex_examples():
    # the seeds' mex example: values 0..5 of the candy game are 0,1,1,2,3,2
    assert mex([]) == 0 and mex([1, 2]) == 0 and mex([0, 1, 3]) == 2 and mex({0, 1, 2, 4}) == 3


@given(st.sets(st.integers(0, 30)))
def test_mex_is_least_excluded(values):
    m = mex(values)
    assert m not in values and all(k in values for k in range(m))


@given(small, small, small)
def test_nim_sum_is_an_abelian_group_of_exponent_two(a, b, c):
    assert nim_sum(a, b) == nim_sum(b, a)
    assert nim_sum(nim_sum(a, b), c) == nim_sum(a, nim_sum(b, c))
    assert nim_sum(a, 0) == a and nim_sum(a, a) == 0


@given(st.integers(0, 40), st.integers(0, 40))
def test_nimbers_add_by_nim_sum(a, b):
    assert nimber(a) + nimber(b) == nimber(nim_sum(a, b))


@lru_cache(maxsize=None)
def _nim_product_by_definition(a, b):
    """a ⊗ b = mex{a'⊗b ⊕ a⊗b' ⊕ a'⊗b' : a' < a, b' < b} (Conway, ONAG ch. 6)."""
    return mex(_nim_product_by_definition(x, b) ^ _nim_product_by_definition(a, y) ^ _nim_product_by_definition(x, y)
               for x in range(a) for y in range(b))


@pytest.mark.parametrize("a", range(24))
def test_nim_product_matches_its_definition(a):
    assert [nim_product(a, b) for b in range(24)] == [_nim_product_by_definition(a, b) for b in range(24)]


def test_nim_products_and_inverses_from_cgsuite():
    # CGSuite GameTest: [8 NimProduct n for n from 1 to 16], [n.NimInverse for n from 1 to 16]
    assert [nim_product(8, n) for n in range(1, 17)] == [8, 12, 4, 11, 3, 7, 15, 13, 5, 1, 9, 6, 14, 10, 2, 128]
    assert [nim_inverse(n) for n in range(1, 17)] == [1, 3, 2, 15, 12, 9, 11, 10, 6, 8, 7, 5, 14, 13, 4, 170]


@given(small, small, small)
def test_nim_product_is_a_field_multiplication(a, b, c):
    assert nim_product(a, b) == nim_product(b, a)
    assert nim_product(nim_product(a, b), c) == nim_product(a, nim_product(b, c))
    assert nim_product(a, nim_sum(b, c)) == nim_sum(nim_product(a, b), nim_product(a, c))
    assert nim_product(a, 1) == a
    if a:
        assert nim_product(a, nim_inverse(a)) == 1


def test_bad_nim_arguments():
    with pytest.raises(ValueError):
        nim_product(-1, 2)
    with pytest.raises(ValueError, match="no nim-inverse"):
        nim_inverse(0)
