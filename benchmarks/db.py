"""Timed census workloads, wired into ``python -m benchmarks`` by the runner (``python -m benchmarks db``).

A census builds into a new SQLite file in a temporary folder, in this one
process (no Dask): the enumeration of the board shapes, the canonical form of
each, its stored facts, and the writes.  Counts that are published are
checked, so a wrong census reads ``error``: the fixed polyominoes (OEIS
A001168) and, as Cram keeps one board per free polyomino, the free ones
(OEIS A000105).  With the compiled core a shard is enumerated and valued in
Rust; the pure engine runs the Python reference (`cgt.db.reference_shard_values`),
30 s or more for 12 cells, so it is not timed for the larger censuses.
"""

import tempfile
from pathlib import Path

from cgt.db import build, fixed_polyominoes

FIXED_POLYOMINOES = {12: 505861}
"""OEIS A001168: the fixed polyominoes of n cells."""

FREE_POLYOMINOES = (1, 1, 2, 5, 12, 35, 108, 369, 1285, 4655, 17073, 63600)
"""OEIS A000105: the free polyominoes of 1, 2, ..., 12 cells."""


def census(ruleset, max_cells):
    """Build the census of ``ruleset`` to ``max_cells`` cells into a new file; the positions per size."""
    with tempfile.TemporaryDirectory() as folder:
        return build(Path(folder) / f"{ruleset}.sqlite", ruleset, max_cells)


def cram_census(max_cells):
    """The Cram census, checked against the published counts of free polyominoes."""
    counts = census("cram", max_cells)
    if list(counts.values()) != list(FREE_POLYOMINOES[:max_cells]):
        raise AssertionError(f"Cram census counts {counts}, not the free polyominoes {FREE_POLYOMINOES}")


def count_fixed_polyominoes(n):
    """Enumerate the fixed polyominoes of ``n`` cells; raise unless they are as many as published."""
    count = sum(1 for _ in fixed_polyominoes(n))
    if count != FIXED_POLYOMINOES[n]:
        raise AssertionError(f"{count} fixed polyominoes of {n} cells, published {FIXED_POLYOMINOES[n]}")


def workloads():
    """(name, callable, slow, pure) quadruples; each callable does one timed run."""
    return [
        ("db: Domineering census to 10 cells", lambda: census("domineering", 10), False, True),
        ("db: Domineering census to 12 cells", lambda: census("domineering", 12), True, False),
        ("db: Domineering census to 14 cells", lambda: census("domineering", 14), True, False),
        ("db: Cram census to 12 cells", lambda: cram_census(12), True, False),
        ("db: enumerate fixed polyominoes of 12 cells", lambda: count_fixed_polyominoes(12), False, True),
    ]
