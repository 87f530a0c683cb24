"""Building a database (a census, or the octal games), in one process or on a Dask cluster, resumably.

The work is split into shards: shard ``i`` of ``k`` of size ``n`` holds the
free ``n``-cell polyominoes that `cgt.db.free_polyominoes` deals to it (see
`shard_values`).  Each shard is a task, `compute_shard`, a pure function of
its arguments that needs no file, so it runs on any worker of a cluster.  Only the process that calls
`build` writes: it stores each finished shard in one SQLite transaction that
also marks the shard done (`cgt.db.Database.add_shard`).  Killed at any
moment, a build loses at most the shards not yet stored, and running it again
computes only those.  `build_octal` works the same way on shards of octal
codes (`cgt.db.octal.compute_shard`).  Its arguments are checked, against
`cgt.db.LIMITS` too, before any file is made or opened.  A build holds the
file's lock (`cgt.db.file.connect_for_writing`) throughout, so a second
build of the same file, by any name, stops at once with a `DatabaseError`.

>>> import tempfile, pathlib
>>> path = pathlib.Path(tempfile.mkdtemp()) / "cram.sqlite"
>>> build(path, "cram", 4)
{1: 1, 2: 1, 3: 2, 4: 5}
"""

from __future__ import annotations

import contextlib
import functools
import math
import operator
import os
import pickle
import time
from collections.abc import Callable, Iterator
from typing import TYPE_CHECKING, Any

from cgt import engine
from cgt.db import octal
from cgt.db.census import RULESETS, value_facts
from cgt.db.enumerate import DIHEDRAL, MIRRORS, canonical, encode, free_polyominoes
from cgt.db.limits import LIMITS
from cgt.db.store import create
from cgt.short.game import _game
from cgt.rulesets.domineering import compiled_solver
from cgt.value import Struct

if TYPE_CHECKING:
    from cgt.db import store

if engine.ENGINE == "compiled":
    from cgt._core import CENSUS_MAX_CELLS, census_shard

__all__ = ["Progress", "build", "build_octal", "compute_shard", "expected_count", "reference_shard_values",
           "shard_values", "shards_for"]

_value_facts = functools.lru_cache(maxsize=1 << 17)(value_facts)
"""`value_facts`, remembered: a census has far fewer values than positions, and shards share them."""

SHARD_POSITIONS = 20_000
"""About this many positions make a shard (a few seconds' work) in the default plan."""

OCTAL_SHARD = 16
"""Octal games per shard of `build_octal` (about a second's work to heap 10^4)."""


def expected_count(ruleset: str, n: int) -> int:
    """About how many positions of ``n`` cells a census of ``ruleset`` holds.

    The fixed polyominoes number about ``0.3169 * 4.0626**n / n`` (Jensen and
    Guttmann's asymptotics), and a class under a group of g symmetries holds
    at most g of them.

    >>> expected_count("domineering", 10)      # there are 9287
    9703
    """
    symmetries = RULESETS[ruleset][1]
    return max(1, round(0.3169 * 4.0626 ** n / n / len(symmetries)))


def shards_for(ruleset: str, n: int) -> int:
    """The default number of shards of size ``n``: 1 up to 8 cells, then a few seconds' work each.

    >>> [shards_for("domineering", n) for n in (8, 11, 12, 13)]
    [1, 2, 7, 26]
    """
    return 1 if n <= 8 else math.ceil(expected_count(ruleset, n) / SHARD_POSITIONS)


def compute_shard(ruleset: str, n: int, shard: int, shards: int) -> Any:
    """The rows of shard ``shard`` of ``shards`` of size ``n`` of a census of ``ruleset``.

    A row is ``(shape, cells, notation, kind, outcome, mean, temperature,
    left_stop, right_stop, birthday, atomic_weight)``: the board string and
    the `cgt.db.census.value_facts` of its canonical form.

    >>> compute_shard("domineering", 2, 0, 1)
    [('..', 2, '-1', 'integer', 'R', '-1', '-1', '-1', '-1', 1, None), ('.|.', 2, '1', 'integer', 'L', '1', '-1', '1', '1', 1, None)]
    """
    return [(shape, n, *_value_facts(g)) for shape, g in sorted(shard_values(ruleset, n, shard, shards))]


def shard_values(ruleset: str, n: int, shard: int, shards: int) -> Any:
    """``[(shape, value), ...]``: the positions of shard ``shard`` of ``shards`` of size ``n``.

    The shards deal free polyominoes (`cgt.db.free_polyominoes`).  Each gives
    its least board string ``P``; when a transposition negates values
    (Domineering), also the least board string among its transposes, of value
    ``-P``, unless that is ``P`` itself.  So there is one position per class of
    ``RULESETS[ruleset]``'s symmetries, and a transposed pair costs one search.
    The compiled core does it all in one call (`_core.census_shard`);
    `reference_shard_values` is the pure-Python twin.

    >>> sorted(shard_values("domineering", 3, 0, 1))
    [('#.|..', Game('*')), ('...', Game('-1')), ('.|.|.', Game('1'))]
    """
    solver = compiled_solver(RULESETS[ruleset][0])
    if solver is not None and n <= CENSUS_MAX_CELLS:
        return [(shape, _game(ident)) for shape, ident in census_shard(solver, n, shard, shards)]
    return reference_shard_values(ruleset, n, shard, shards)


def reference_shard_values(ruleset: str, n: int, shard: int, shards: int) -> Any:
    """`shard_values`, computed in Python from `free_polyominoes` and the ruleset's positions."""
    position, symmetries = RULESETS[ruleset]
    values = []
    for cells in free_polyominoes(n, shard, shards):
        least = encode(cells)
        g = position(least).canonical_form
        values.append((least, g))
        if symmetries == MIRRORS:       # the transposes negate values
            transposed = canonical(cells, DIHEDRAL[4:])
            if transposed != least:
                values.append((transposed, -g))
    return values


class Progress(Struct):
    """Where a build is: shards and positions stored in this run, of those it set out to do."""

    __slots__ = ("shards_done", "shards_total", "positions", "positions_expected", "elapsed")
    shards_done: int
    shards_total: int
    positions: int
    positions_expected: int
    elapsed: float

    def __init__(self, shards_done: int, shards_total: int, positions: int, positions_expected: int,
                 elapsed: float) -> None:
        self._init(shards_done, shards_total, positions, positions_expected, elapsed)

    @property
    def rate(self) -> float:
        """Positions stored per second."""
        return self.positions / self.elapsed if self.elapsed > 0 else 0.0

    @property
    def seconds_left(self) -> float:
        """An estimate of the time left, from the rate so far and the expected positions."""
        if self.shards_done == self.shards_total:
            return 0.0
        return max(0, self.positions_expected - self.positions) / self.rate if self.rate else math.inf

    def __str__(self) -> str:
        left = "?" if math.isinf(self.seconds_left) else f"{self.seconds_left:.0f} s"
        return (f"shards {self.shards_done}/{self.shards_total}, positions {self.positions:,}, "
                f"{self.rate:,.0f}/s, about {left} left")


def build(path: str | os.PathLike[str], ruleset: str, max_cells: int, shards_per_size: int | None = None,
          client: Any = None, workers: int | None = None, progress: Callable[[Progress], object] | None = None,
          scheduler: str | None = None) -> store.Database:
    """Compute the census of ``ruleset`` up to ``max_cells`` cells into the database at ``path``.

    A new file is created; an existing one of the same ruleset is resumed (its
    done shards are skipped, its plan kept).  ``shards_per_size``: shards per
    size (default `shards_for`).  By default the shards are computed in this
    process; ``workers=k`` starts a Dask ``LocalCluster`` of k processes for the
    build, ``scheduler`` connects to the scheduler at that address, and
    ``client`` uses an existing ``distributed.Client`` (of any cluster whose
    workers have ``cgt`` installed; Dask unpickles what they send back, so
    trust them).  ``progress`` is called with a `Progress` after each shard
    stored.  Only one build writes a file at a time.  ``max_cells``, the
    shards per size and ``workers`` are bounded by `cgt.db.LIMITS`.  Returns
    the positions stored per size.
    """
    if ruleset not in RULESETS:
        raise ValueError(f"unknown ruleset {ruleset!r}; known: {', '.join(RULESETS)}")
    if _whole(max_cells, "the cells of a census") < 1:
        raise ValueError(f"a census needs at least 1 cell, not {max_cells}")
    LIMITS.within("max_cells", max_cells, "the cells of a census")
    if shards_per_size is not None and _whole(shards_per_size, "the shards per size") < 1:
        raise ValueError(f"a size needs at least 1 shard, not {shards_per_size}")
    counts = {n: shards_per_size or shards_for(ruleset, n) for n in range(1, max_cells + 1)}
    LIMITS.within("max_shards", max(counts.values()), "the shards of one size")
    _check_where(client, workers, scheduler)
    with _connected(scheduler) as connected, create(path, ruleset) as db:
        client = connected if client is None else client
        pending = db.plan(max_cells, counts)
        expected = sum(expected_count(ruleset, n) // k for n, _, k in pending)
        start = time.monotonic()
        positions = 0
        tasks = [(ruleset, n, shard, k) for n, shard, k in pending]
        computed = enumerate(_computed(compute_shard, tasks, client, workers), 1)
        with db.indexes_deferred() if pending else contextlib.nullcontext():
            for done, ((_, n, shard, k), seconds, rows) in computed:
                db.add_shard(n, shard, k, rows, seconds)
                positions += len(rows)
                if progress is not None:
                    progress(Progress(done, len(pending), positions, expected, time.monotonic() - start))
        return db.stats()["positions"]


def build_octal(path: str | os.PathLike[str], digits: int = 3, max_heap: int = 10_000, shard_size: int = OCTAL_SHARD,
                client: Any = None, workers: int | None = None, progress: Callable[[Progress], object] | None = None,
                scheduler: str | None = None) -> octal.OctalDatabase:
    """Compute the octal games of up to ``digits`` digits (`cgt.db.octal.octal_codes`) to heap
    ``max_heap`` into the database at ``path``.

    A new file is created; an existing database of octal games to the same
    heap is resumed (the games stored are skipped), or extended to more
    digits.  The games are computed in shards of ``shard_size`` codes, each
    stored in one transaction; ``client``, ``scheduler``, ``workers`` and
    ``progress`` as for `build` (a `Progress` counts games as positions).
    Only one build writes a file at a time.  ``digits``, ``max_heap`` and
    ``workers`` are bounded by `cgt.db.LIMITS`.  Returns the games stored per
    number of digits.

    >>> import tempfile, pathlib
    >>> build_octal(pathlib.Path(tempfile.mkdtemp()) / "octal.sqlite", digits=2, max_heap=500)
    {1: 7, 2: 56}
    """
    if _whole(digits, "the digits of octal codes") < 1:
        raise ValueError(f"octal codes have at least 1 digit, not {digits}")
    LIMITS.within("max_digits", digits, "the digits of octal codes")
    if _whole(max_heap, "the heaps of octal games") < 1:
        raise ValueError(f"a database of octal games needs heaps up to at least 1, not {max_heap}")
    LIMITS.within("max_heap", max_heap, "the heaps of octal games")
    if _whole(shard_size, "the codes per shard") < 1:
        raise ValueError(f"a shard needs at least 1 code, not {shard_size}")
    _check_where(client, workers, scheduler)
    with _connected(scheduler) as connected, octal.create(path, max_heap) as db:
        client = connected if client is None else client
        stored = db.codes()
        pending = [code for code in octal.octal_codes(digits) if code not in stored]
        tasks = [(tuple(pending[i:i + shard_size]), max_heap) for i in range(0, len(pending), shard_size)]
        start = time.monotonic()
        games = 0
        for done, (_, _, rows) in enumerate(_computed(octal.compute_shard, tasks, client, workers), 1):
            db.add(rows)
            games += len(rows)
            if progress is not None:
                progress(Progress(done, len(tasks), games, len(pending), time.monotonic() - start))
        return db.stats()["games"]


def _whole(value: Any, what: str) -> Any:
    """``value``, an int; else a TypeError saying that ``what`` is a whole number."""
    try:
        return operator.index(value)
    except TypeError:
        raise TypeError(f"{what} is a whole number, not {value!r}") from None


def _check_where(client: Any, workers: int | None, scheduler: str | None) -> None:
    """A ValueError unless at most one of ``client``, ``workers``, ``scheduler`` is given, each valid."""
    if sum(where is not None for where in (client, workers, scheduler)) > 1:
        raise ValueError("give a client, a scheduler or a number of workers, not more than one")
    if workers is not None:
        if _whole(workers, "the worker processes") < 1:
            raise ValueError(f"a build needs at least 1 worker process, not {workers}")
        LIMITS.within("max_workers", workers, "the worker processes")
    if scheduler is not None:
        comm = _distributed().comm
        comm.registry.get_backend(comm.parse_address(scheduler)[0])   # a ValueError for an unknown protocol


def _connected(scheduler: str | None) -> Any:
    """A Dask client of the scheduler at the address ``scheduler``, a context manager (for None, one
    that gives None): connected before the build opens its file."""
    return contextlib.nullcontext() if scheduler is None else _distributed().Client(scheduler)


def _computed(function: Callable[..., Any], tasks: Any, client: Any, workers: int | None) -> Iterator[Any]:
    """``(task, seconds, function(*task))`` for each task (a tuple of arguments), as each is
    computed (in ``seconds``): in this process, on a Dask ``LocalCluster`` of ``workers``
    processes, or by ``client``."""
    if client is None and workers is None:
        for task in tasks:
            yield task, *_timed(function, *task)
        return
    distributed = _distributed()
    if client is None:
        with distributed.LocalCluster(n_workers=workers, threads_per_worker=1, processes=True,
                                      dashboard_address=None) as cluster, \
                distributed.Client(cluster) as own_client:
            yield from _computed(function, tasks, own_client, None)
        return
    futures = {client.submit(_pickled, function, *task, pure=False): task for task in tasks}
    for future in distributed.as_completed(futures):
        yield futures.pop(future), *pickle.loads(future.result())
        future.release()


def _timed(function: Callable[..., Any], *args: Any) -> Any:
    """``(seconds, function(*args))``: the result and the time it took."""
    start = time.perf_counter()
    result = function(*args)
    return time.perf_counter() - start, result


def _pickled(function: Callable[..., Any], *args: Any) -> Any:
    """`_timed` as one pickle: Dask sends bytes far faster than a long list of tuples."""
    return pickle.dumps(_timed(function, *args), protocol=pickle.HIGHEST_PROTOCOL)


def _distributed() -> Any:
    """The ``distributed`` package, or an ImportError saying how to install it."""
    try:
        import distributed  # lazy: Dask is optional, and slow to import
    except ImportError:
        raise ImportError('building on several processes needs Dask: pip install "cgt-toolkit[db]"') from None
    return distributed
