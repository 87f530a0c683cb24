"""Heap options, the Sprague-Grundy rule for sums, and non-octal codes by brute force."""

from itertools import combinations_with_replacement

import pytest
from hypothesis import given, settings, strategies as st

from cgt.impartial import Splittles, TakeAndBreak, grundy_value, heap_partitions, kayles


@pytest.mark.parametrize("tokens, count", [(n, k) for n in range(9) for k in range(5)])
@pytest.mark.parametrize("constraint", ["", "!", "?", "="])
def test_heap_partitions_are_all_ascending_tuples_that_qualify(tokens, count, constraint):
    brute = [p for p in combinations_with_replacement(range(1, tokens + 1), count) if sum(p) == tokens]
    if constraint == "!":
        brute = [p for p in brute if len(set(p)) == count]
    elif constraint == "?":
        brute = [p for p in brute if count < 2 or len(set(p)) > 1]
    elif constraint == "=":
        brute = [p for p in brute if len(set(p)) <= 1]
    assert heap_partitions(tokens, count, constraint) == sorted(brute)


def test_kayles_options_of_a_row_of_five():
    # Knock down 1 or 2 pins from a row of 5.
    assert kayles.heap_options(5) == [(4,), (1, 3), (2, 2), (3,), (1, 2)]


def full_graph_value(position):
    """The nim value of a multi-heap position from its whole game graph (no XOR rule)."""
    return grundy_value(position)


@settings(max_examples=40, deadline=None)
@given(st.sampled_from(["0.77", "0.07", "4!.0", "0.3F", "4.[3]", "0.{2+}", "0.1!7"]),
       st.lists(st.integers(0, 7), max_size=3))
def test_sums_of_heaps_follow_the_sprague_grundy_rule(code, heaps):
    position = TakeAndBreak(code).heaps(*heaps)
    assert full_graph_value(position) == position.nim_value


def nim_values_from_options(game, n):
    g = []
    for m in range(n + 1):
        seen = set()
        for option in game.heap_options(m):
            value = 0
            for part in option:
                value ^= g[part]
            seen.add(value)
        g.append(next(v for v in range(len(seen) + 1) if v not in seen))
    return g


@pytest.mark.parametrize("code", ["0.77", "0.137", "4!.0", "0.6", "0.16", "4=.3", "0.3?7"])
def test_octal_engine_agrees_with_the_general_engine(code):
    assert TakeAndBreak(code).nim_sequence(300) == nim_values_from_options(TakeAndBreak(code), 300)


def test_a_spawning_like_code_with_many_heaps():
    # 0.* : take one token and leave the rest as any number of heaps.
    game = TakeAndBreak("0.*")
    assert game.nim_sequence(30) == nim_values_from_options(game, 30)


def test_negative_heaps_are_refused():
    with pytest.raises(ValueError):
        kayles.nim_sequence(-1)
    with pytest.raises(ValueError):
        kayles.heaps(3, -1)


def test_rulesets_compare_by_normal_code():
    assert TakeAndBreak("0.770") == kayles
    assert hash(TakeAndBreak("0.770")) == hash(kayles)
    assert repr(kayles) == "TakeAndBreak('0.77')"


@pytest.mark.parametrize("size", [16777217.0, 2.5, -1, True, "3"])
def test_a_heap_size_that_is_not_a_non_negative_int_is_a_value_error(size):
    # Found by the fuzz tests: a float past max_nim_heap reached the limit's message (AttributeError).
    for read in (TakeAndBreak("0.07").nim_value, TakeAndBreak("0.07").nim_sequence, Splittles([2, 3]).nim_value):
        with pytest.raises(ValueError, match="non-negative int size"):
            read(size)
