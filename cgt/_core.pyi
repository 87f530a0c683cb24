"""Types of `cgt._core`, the compiled core (private: use the `cgt` package).

Read off the `#[pyfunction]`s and `#[pyclass]`es that rust/src/lib.rs registers
(rust/src/*/python.rs): a game is its `int` id in the engine's table, numbers
cross as Python ints, a search is an `int` handle.
"""

from collections.abc import Callable, Sequence
from os import PathLike
from typing import final

from typing_extensions import Self, disjoint_base

__all__ = [
    "CENSUS_MAX_CELLS",
    "CramNimberSearch",
    "GameHandle",
    "GridNimberSearch",
    "LoopyPosition",
    "OctalKernel",
    "OutcomeSearch",
    "PlainNimberSearch",
    "QuotientTooLarge",
    "__doc__",
    "add",
    "arc_kayles_new",
    "digraph_placement_new",
    "birthday",
    "canon",
    "census_shard",
    "clear_caches",
    "clobber_row_nimber",
    "depth",
    "fast_path",
    "gen_clobber_new",
    "gen_col_new",
    "graph_value",
    "grid_value",
    "heap_rules_extend",
    "heap_rules_new",
    "heap_rules_value",
    "le",
    "left",
    "loopy_right_wins",
    "loopy_side_right_wins",
    "misere_quotient",
    "multiple",
    "neg",
    "number",
    "nus",
    "placement_board",
    "placement_new",
    "right",
    "search_clear",
    "set_limit",
    "sheep_new",
    "sheep_value",
    "ski_jumps_new",
    "ski_jumps_value",
    "stones_new",
    "stops",
    "strip_value",
    "table_size",
    "toads_and_frogs_new",
    "toppling_dominoes_new",
    "uptimal",
]

# rust/src/engine/python.rs: the canonical-form engine.

class LoopyPosition(ValueError):
    """A ruleset's search met a position again while valuing it."""

@disjoint_base
class GameHandle:
    """The base of `Game`: an engine id, hashed as Python hashes the number it equals."""

    def __new__(cls, id: int) -> Self: ...
    @property
    def _id(self) -> int: ...
    def __hash__(self) -> int: ...
    # The game order (a partial order) against handles; other operands go to the subclass's `_compare`.
    def __lt__(self, other: object, /) -> bool: ...
    def __le__(self, other: object, /) -> bool: ...
    def __gt__(self, other: object, /) -> bool: ...
    def __ge__(self, other: object, /) -> bool: ...
    def __eq__(self, other: object, /) -> bool: ...
    def __ne__(self, other: object, /) -> bool: ...

def nus(numerator: int, denominator: int, ups: int, star: int) -> int: ...
def le(a: int, b: int) -> bool: ...
def add(a: int, b: int) -> int: ...
def neg(a: int) -> int: ...
def multiple(a: int, n: int) -> int: ...
def canon(left: Sequence[int], right: Sequence[int]) -> int: ...
def left(a: int) -> tuple[int, ...]: ...
def right(a: int) -> tuple[int, ...]: ...
def birthday(a: int) -> int: ...
def depth(a: int) -> int: ...
def stops(a: int) -> tuple[int, int, int, int]: ...
def fast_path(a: int) -> tuple[int, int, int, int] | None: ...
def uptimal(a: int) -> tuple[int, int, int, list[int]] | None: ...
def number(a: int) -> tuple[int, int] | None: ...
def table_size() -> int: ...
def clear_caches() -> None: ...
def set_limit(name: str, value: int) -> None: ...

# rust/src/rulesets/python.rs: ruleset searches, each an int handle.

def gen_clobber_new(
    steps: Sequence[tuple[int, int]],
    clobbered: tuple[int, int],
    left_behind: tuple[int, int],
    max_distance: int | None,
    limit: int,
) -> int: ...
def stones_new(ruleset: str, limit: int) -> int: ...
def grid_value(search: int, rows: Sequence[str]) -> int | None: ...
def search_clear(search: int) -> None: ...
def gen_col_new(left_permitted: int, right_permitted: int, limit: int) -> int: ...
def arc_kayles_new(ruleset: str, limit: int) -> int: ...
def digraph_placement_new(limit: int) -> int: ...
def graph_value(search: int, labels: Sequence[int], layers: Sequence[Sequence[int]]) -> int | None: ...
def toads_and_frogs_new(
    min_slide: int, max_slide: int, max_jump: int, allow_friendly_jump: bool, limit: int
) -> int: ...
def toppling_dominoes_new(limit: int) -> int: ...
def strip_value(search: int, cells: bytes) -> int | None: ...
def sheep_new(limit: int) -> int: ...
def sheep_value(search: int, rows: Sequence[Sequence[int]]) -> int | None: ...
def ski_jumps_new(limit: int) -> int: ...
def ski_jumps_value(search: int, rows: Sequence[bytes]) -> int | None: ...
def heap_rules_new(shape: str, transpose_negates: bool, limit: int) -> int: ...
def heap_rules_extend(
    search: int,
    left: Sequence[Sequence[Sequence[int]]],
    right: Sequence[Sequence[Sequence[int]]],
) -> int: ...
def heap_rules_value(search: int, pieces: Sequence[tuple[int, int]]) -> int | None: ...
def placement_new(
    left: tuple[bool, bool], right: tuple[bool, bool], transpose_negates: bool, limit: int
) -> int: ...
def placement_board(search: int, rows: Sequence[str]) -> int | None: ...

# rust/src/impartial/python.rs: octal kernels and misère quotients.

@final
class OctalKernel:
    """Grundy values of one octal game, extended block by block."""

    def __new__(
        cls,
        take_all: Sequence[int],
        leave_one: Sequence[int],
        splits: Sequence[tuple[int, int]],
        values: Sequence[int],
        block: int,
        rank_every: int,
    ) -> OctalKernel: ...
    def __len__(self) -> int: ...
    def counts(self) -> list[int]: ...
    def set_mask(self, mask: int) -> None: ...
    def values(self, start: int, n: int) -> list[int]: ...

class QuotientTooLarge(ValueError):
    """A misère quotient passed its element budget; args (heap reached, elements)."""

def misere_quotient(
    options: Sequence[Sequence[Sequence[int]]],
    max_order: int,
    progress: Callable[[int, int], object] | None = None,
    progress_every: float = 1.0,
) -> tuple[int, list[int], list[bool], list[int]]: ...

# rust/src/loopy/python.rs: who wins loopy game graphs.

def loopy_right_wins(
    left: Sequence[Sequence[int]], right: Sequence[Sequence[int]]
) -> tuple[bytes, bytes]: ...
def loopy_side_right_wins(
    g_left: Sequence[Sequence[int]],
    g_right: Sequence[Sequence[int]],
    h_left: Sequence[Sequence[int]],
    h_right: Sequence[Sequence[int]],
    side: str | None = None,
) -> bytes: ...

# rust/src/db/python.rs: database census shards.

CENSUS_MAX_CELLS: int

def census_shard(solver: int, n: int, shard: int, shards: int) -> list[tuple[str, int]]: ...

# rust/src/solve/python.rs and outcome_python.rs: searches by nimber and by outcome.

def clobber_row_nimber(
    row: str,
    max_entries: int,
    progress: Callable[[int, int, int, int, int], object] | None = None,
    progress_every: float = 1.0,
) -> int | None: ...

@final
class CramNimberSearch:
    """The nimber of a Cram board, with tables of at most `max_entries` components."""

    def __new__(cls, rows: Sequence[str], max_entries: int) -> CramNimberSearch: ...
    def nimber(
        self,
        progress: Callable[[int, int, int, int, int], object] | None = None,
        progress_every: float = 1.0,
    ) -> int: ...
    def has_nimber(
        self,
        n: int,
        progress: Callable[[int, int, int, int, int], object] | None = None,
        progress_every: float = 1.0,
    ) -> bool: ...
    def checkpoint_to(self, path: str | PathLike[str], tag: str, every: float, min_size: int) -> None: ...
    def save(self) -> None: ...
    def load(self, data: bytes, tag: str) -> tuple[int, int]: ...
    @property
    def known(self) -> int: ...

@final
class GridNimberSearch:
    """Nimbers of boards of one impartial grid ruleset (a search handle)."""

    def __new__(cls, handle: int, max_entries: int) -> GridNimberSearch: ...
    def nimber(
        self,
        rows: Sequence[str],
        progress: Callable[[int, int, int, int, int], object] | None = None,
        progress_every: float = 1.0,
    ) -> int | None: ...
    def has_nimber(
        self,
        rows: Sequence[str],
        n: int,
        progress: Callable[[int, int, int, int, int], object] | None = None,
        progress_every: float = 1.0,
    ) -> bool | None: ...

@final
class PlainNimberSearch:
    """Nimbers of the impartial variant of a strip ruleset, Sheep or Ski Jumps (a search handle)."""

    def __new__(cls, handle: int, max_entries: int) -> PlainNimberSearch: ...
    def nimber(
        self,
        rows: Sequence[bytes],
        progress: Callable[[int, int, int, int, int], object] | None = None,
        progress_every: float = 1.0,
    ) -> int | None: ...
    def has_nimber(
        self,
        rows: Sequence[bytes],
        n: int,
        progress: Callable[[int, int, int, int, int], object] | None = None,
        progress_every: float = 1.0,
    ) -> bool | None: ...

@final
class OutcomeSearch:
    """Who wins sums of positions of one ruleset (a search handle), by search."""

    def __new__(
        cls, handle: int, max_entries: int, cheap_moves: int, cheap_steps: int, impartial: bool
    ) -> OutcomeSearch: ...
    def fits(self, positions: Sequence[Sequence[bytes]]) -> bool: ...
    def wins(
        self,
        positions: Sequence[Sequence[bytes]],
        known: int,
        left: bool,
        seconds: float | None = None,
        progress: Callable[[int, int, int], object] | None = None,
        progress_every: float = 1.0,
    ) -> bool | None: ...
    @property
    def known(self) -> int: ...
