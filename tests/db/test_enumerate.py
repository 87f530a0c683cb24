"""Polyomino enumeration: OEIS counts, shards, encodings, and classes under symmetry groups."""

from functools import lru_cache

import pytest
from hypothesis import given
from hypothesis import strategies as st

from cgt.db import enumerate as enumeration
from cgt.db import (DIHEDRAL, MIRRORS, canonical, classes, decode, encode, fixed_polyominoes,
                    free_polyominoes)
from cgt.rulesets import Domineering

from polyomino_reference import fixed, image, neighbours

# OEIS A001168 (fixed polyominoes) and A000105 (free polyominoes), n = 1, 2, ...
FIXED = [1, 2, 6, 19, 63, 216, 760, 2725, 9910, 36446]
FREE = [1, 1, 2, 5, 12, 35, 108, 369, 1285, 4655]


@lru_cache
def shapes(n):
    return list(fixed_polyominoes(n))


@pytest.mark.parametrize("n, count", list(enumerate(FIXED, 1)))
def test_fixed_counts(n, count):
    assert sum(1 for _ in fixed_polyominoes(n)) == count


@pytest.mark.parametrize("n, count", list(enumerate(FREE, 1)))
def test_free_counts(n, count):
    assert sum(1 for _ in free_polyominoes(n)) == count


@pytest.mark.parametrize("n", range(1, 8))
def test_fixed_polyominoes_are_the_brute_force_ones(n):
    assert len(shapes(n)) == len(set(shapes(n)))
    assert set(shapes(n)) == fixed(n)


@pytest.mark.parametrize("n", range(1, 9))
def test_shapes_are_normalised_connected_with_n_cells(n):
    for cells in fixed_polyominoes(n):
        assert len(cells) == n
        assert min(r for r, _ in cells) == 0 and min(c for _, c in cells) == 0
        reached, frontier = set(), [next(iter(cells))]
        while frontier:
            cell = frontier.pop()
            if cell not in reached:
                reached.add(cell)
                frontier.extend(neighbours(cell) & cells)
        assert reached == cells


@pytest.mark.parametrize("split_size", [enumeration.SPLIT_SIZE, 3])
def test_shards_partition_the_polyominoes(split_size, monkeypatch):
    monkeypatch.setattr(enumeration, "SPLIT_SIZE", split_size)
    parts = [list(fixed_polyominoes(7, shard, 3)) for shard in range(3)]
    assert all(parts)
    assert sum(map(len, parts)) == FIXED[6]
    assert set().union(*parts) == set(fixed_polyominoes(7))


def test_free_shards_partition_the_free_polyominoes():
    parts = [set(free_polyominoes(8, shard, 4)) for shard in range(4)]
    assert sum(map(len, parts)) == FREE[7]
    assert set().union(*parts) == set(free_polyominoes(8))


@pytest.mark.parametrize("n, shard, shards", [(0, 0, 1), (3, 3, 3), (3, -1, 2)])
def test_bad_arguments(n, shard, shards):
    with pytest.raises(ValueError):
        next(fixed_polyominoes(n, shard, shards))


def test_encode_examples():
    assert encode({(0, 0)}) == "."
    assert encode({(3, 4), (3, 5), (4, 5)}) == "..|#."
    assert encode({(-1, 0), (0, 0), (1, 0), (1, -1)}) == "#.|#.|.."
    assert decode("..|#.") == {(0, 0), (0, 1), (1, 1)}


@pytest.mark.parametrize("n", range(1, 7))
def test_encode_decode_round_trip_and_domineering_board(n):
    for cells in fixed_polyominoes(n):
        code = encode(cells)
        assert decode(code) == cells
        assert Domineering(code).rows == tuple(code.split("|"))


def test_groups():
    def compose(g, h):
        return tuple(tuple(sum(g[i][k] * h[k][j] for k in range(2)) for j in range(2)) for i in range(2))

    assert len(set(DIHEDRAL)) == 8 and set(MIRRORS) <= set(DIHEDRAL) and len(set(MIRRORS)) == 4
    for group in DIHEDRAL, MIRRORS:
        assert {compose(g, h) for g in group for h in group} == set(group)


@pytest.mark.parametrize("group", [DIHEDRAL, MIRRORS])
@pytest.mark.parametrize("n", range(1, 7))
def test_classes_are_the_orbits(group, n):
    """One representative per orbit, the least encoding, against orbits computed directly."""
    orbits = {frozenset(encode(image(cells, g)) for g in group) for cells in fixed(n)}
    representatives = [encode(cells) for cells in classes(n, group)]
    assert sorted(representatives) == sorted(min(orbit) for orbit in orbits)


@given(st.data())
def test_canonical_is_invariant(data):
    n = data.draw(st.integers(1, 7))
    cells = data.draw(st.sampled_from(shapes(n)))
    group = data.draw(st.sampled_from([DIHEDRAL, MIRRORS]))
    symmetry = data.draw(st.sampled_from(group))
    shift = data.draw(st.tuples(st.integers(-5, 5), st.integers(-5, 5)))
    moved = {(r + shift[0], c + shift[1]) for r, c in image(cells, symmetry)}
    assert canonical(moved, group) == canonical(cells, group)
    assert canonical(cells, group) in {encode(image(cells, g)) for g in group}


@pytest.mark.parametrize("n", range(1, 6))
def test_mirrors_keep_domineering_values(n):
    for cells in fixed_polyominoes(n):
        value = Domineering(encode(cells)).canonical_form
        assert all(Domineering(encode(image(cells, g))).canonical_form == value for g in MIRRORS)
