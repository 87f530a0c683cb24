"""`find_periodicity` against the octal periodicity theorem applied by brute force."""

from hypothesis import given, strategies as st

from cgt.impartial.periodicity import Periodicity, find_periodicity, values_needed


def least_proved_period(values, max_removed, max_heaps):
    """Try every period p in turn, with its least start e, until the theorem proves one."""
    length = len(values)
    for period in range(1, length):
        start = next(e for e in range(length - period, -1, -1)
                     if e == 0 or values[e - 1] != values[e - 1 + period])
        if values_needed(start, period, max_removed, max_heaps) <= length:
            return Periodicity(period, start)
    return None


sequences = st.builds(
    lambda head, cycle, repeats: head + cycle * repeats,
    st.lists(st.integers(0, 3), max_size=40),
    st.lists(st.integers(0, 3), min_size=1, max_size=8),
    st.integers(1, 30),
)


@given(sequences, st.integers(1, 3), st.integers(1, 3))
def test_find_periodicity_is_the_least_period_the_theorem_proves(values, max_removed, max_heaps):
    assert find_periodicity(values, max_removed, max_heaps) == \
        least_proved_period(values, max_removed, max_heaps)


def test_a_long_unproved_preperiod_is_not_a_period():
    # Period 4 from heap 200,000 of 300,000 values: proving it needs 2e + 2p + t = 400,010,
    # and no multiple of 4 does better (each holds from exactly e), so no period is proved.
    head = [n % 7 + 10 for n in range(200_000)]
    head[-1] = 99
    values = head + [1, 2, 1, 3] * 25_000
    assert find_periodicity(values, max_removed=2, max_heaps=2) is None
    assert find_periodicity(values + [1, 2, 1, 3] * 25_003, 2, 2) == Periodicity(4, 200_000)
