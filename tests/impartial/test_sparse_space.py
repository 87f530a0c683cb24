"""The sparse-space nim sequences equal the O(n^2) computation from the definition."""

import pytest
from hypothesis import given, settings, strategies as st

from cgt.impartial import TakeAndBreak
from cgt.impartial.sparse_space import OctalSequence, sparse_space


def nim_sequence_by_definition(d0, digits, n):
    """g(m) = mex of: 0 (take all), g(m - r) (take r), g(a) ^ g(b) (take r, split into a + b)."""
    g = [0]
    for m in range(1, n + 1):
        seen = set()
        for r, digit in enumerate([d0] + digits):
            bits, suffix = digit
            left = m - r
            if left < 0:
                break
            if bits & 1 and left == 0:
                seen.add(0)
            if bits & 2 and left >= 1:
                seen.add(g[left])
            if bits & 4:
                for a in range(1, left // 2 + 1):
                    b = left - a
                    if suffix in "!?" and suffix and a == b or suffix == "=" and a != b:
                        continue
                    seen.add(g[a] ^ g[b])
        value = 0
        while value in seen:
            value += 1
        g.append(value)
    return g


def code_text(d0, digits):
    return "".join(f"{bits}{suffix}" for bits, suffix in [d0]) + "." + "".join(
        f"{bits}{suffix}" for bits, suffix in digits)


suffixes = st.sampled_from(["", "", "!", "?", "="])
first_digit = st.tuples(st.sampled_from([0, 4]), suffixes)
later_digit = st.tuples(st.integers(0, 7), suffixes)


@settings(max_examples=150, deadline=None)
@given(first_digit, st.lists(later_digit, min_size=1, max_size=5), st.integers(0, 300))
def test_octal_sequences_match_the_definition(d0, digits, n):
    game = TakeAndBreak(code_text(d0, digits))
    assert game.nim_sequence(n) == nim_sequence_by_definition(d0, digits, n)


@settings(max_examples=60, deadline=None)
@given(first_digit, st.lists(later_digit, min_size=1, max_size=4), st.integers(0, 300))
def test_pure_python_kernel_matches_the_definition(d0, digits, n):
    octal = TakeAndBreak(code_text(d0, digits))._octal
    if octal is None:                      # not octal: a move may leave more than two heaps
        return
    seq = OctalSequence(octal._take_all, octal._leave_one, octal._splits, kernel="python")
    assert seq.values(n) == nim_sequence_by_definition(d0, digits, n)


@settings(max_examples=15, deadline=None)
@given(st.lists(st.integers(0, 7), min_size=1, max_size=3))
def test_long_sequences_match_the_definition(digits):
    """Long enough for the sparse-space mask to be chosen and revised several times."""
    game = TakeAndBreak("0." + "".join(map(str, digits)))
    expected = nim_sequence_by_definition((0, ""), [(d, "") for d in digits], 800)
    assert game.nim_sequence(800) == expected


def test_grundys_game_beyond_the_first_masks():
    expected = nim_sequence_by_definition((4, "!"), [], 2000)
    assert TakeAndBreak("4!.0").nim_sequence(2000) == expected


@settings(max_examples=30, deadline=None)
@given(st.lists(st.integers(0, 7), min_size=1, max_size=4), st.integers(0, 1200))
def test_values_after_a_proved_period_match_the_definition(digits, n):
    game = TakeAndBreak("0." + "".join(map(str, digits)))
    game.periodicity(1000)
    assert game.nim_sequence(n) == nim_sequence_by_definition((0, ""), [(d, "") for d in digits], n)


def rare_count_by_definition(values, mask):
    """Heaps whose value v is rare under ``mask``: ``v & mask`` has an even number of 1 bits."""
    return sum(1 for v in values if bin(v & mask).count("1") % 2 == 0)


@given(st.lists(st.integers(0, 40), min_size=1, max_size=60))
def test_sparse_space_mask_makes_fewest_values_rare(values):
    stats = sparse_space(values)
    fewest = min(rare_count_by_definition(values, mask) for mask in range(1 << 6))
    assert stats.rare_count == rare_count_by_definition(values, stats.mask) == fewest
    assert stats.rare_heaps == tuple(n for n, v in enumerate(values)
                                     if bin(v & stats.mask).count("1") % 2 == 0)
    assert stats.common_count == len(values) - stats.rare_count
    assert (stats.largest_value, stats.largest_value_at) == (max(values), values.index(max(values)))


def test_sparse_space_of_officers_by_definition():
    # Officers 0.6: take one token, leaving one or two heaps.
    values = nim_sequence_by_definition((0, ""), [(6, "")], 300)
    stats = TakeAndBreak("0.6").sparse_space(300)
    assert stats.rare_count == min(rare_count_by_definition(values, m) for m in range(1 << 9))
    assert stats.rare_heaps == tuple(n for n, v in enumerate(values)
                                     if bin(v & stats.mask).count("1") % 2 == 0)


def test_sparse_space_needs_a_value():
    with pytest.raises(ValueError, match="heap 0"):
        sparse_space([])
