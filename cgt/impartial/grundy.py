"""Grundy values of any impartial game given by its moves.

The Grundy value (nim value) of a position is ``G(x) = mex{G(y) : y a move from x}``;
by the Sprague-Grundy theorem the position equals the nimber ``*G(x)``, and it
is a P-position (the player to move loses) exactly when ``G(x) = 0``.

`grundy_value` walks the game graph with an explicit stack, so deep games
never meet Python's recursion limit, and memoises every position it meets.

>>> def take_1_or_2(n):
...     return [n - k for k in (1, 2) if k <= n]
>>> [grundy_value(n, take_1_or_2) for n in range(7)]
[0, 1, 2, 0, 1, 2, 0]
>>> grundy_value(100_000, take_1_or_2)
1
"""

from __future__ import annotations

from collections.abc import Callable, Hashable, Iterable, Sequence
from itertools import product
from typing import Any, Protocol, runtime_checkable

from cgt.errors import GameTooLargeError, LoopyGameError
from cgt.nimbers import mex

__all__ = ["ImpartialGame", "grundy_value", "sum_grundy_value", "p_positions", "grundy_table",
           "nim_value_table", "table_text", "LoopyGameError"]

DEFAULT_MAX_POSITIONS = 1_000_000


@runtime_checkable
class ImpartialGame(Protocol):
    """A hashable position that lists its moves: ``position.moves()`` -> positions."""

    def moves(self) -> Iterable[Hashable]: ...


def grundy_value(position: Hashable, moves: Callable[[Any], Iterable[Hashable]] | None = None, *,
                 cache: dict[Any, int] | None = None, max_positions: int = DEFAULT_MAX_POSITIONS) -> int:
    """The Grundy value ``mex{G(y) : y a move from position}``.

    ``moves(position)`` lists the positions one move away; without it,
    ``position.moves()`` is used (the `ImpartialGame` protocol).  Pass a dict
    as ``cache`` to share values between calls.  Raises `GameTooLargeError`
    once more than ``max_positions`` positions are met, and `LoopyGameError`
    if a position can recur.
    """
    if moves is None:
        moves = _protocol_moves
    memo = {} if cache is None else cache
    if position in memo:
        return memo[position]
    on_path = {position}
    stack: list[list[Any]] = [[position, list(moves(position)), 0]]   # frames: position, its moves, next to visit
    while stack:
        frame = stack[-1]
        current, options, i = frame
        while i < len(options) and options[i] in memo:
            i += 1
        frame[2] = i
        if i == len(options):
            stack.pop()
            on_path.discard(current)
            memo[current] = mex({memo[y] for y in options})
            continue
        pending = options[i]
        if pending in on_path:
            raise LoopyGameError(f"position {pending!r} can be reached from itself")
        if len(memo) + len(stack) > max_positions:
            raise GameTooLargeError(f"more than {max_positions} positions; raise max_positions "
                                    "to go further")
        on_path.add(pending)
        stack.append([pending, list(moves(pending)), 0])
    return memo[position]


def sum_grundy_value(component, options, *, cache=None, max_positions=DEFAULT_MAX_POSITIONS):
    """The Grundy value of a component whose options are sums of components.

    ``options(c)`` lists the options of ``c``, each a tuple of components (a
    heap game's heaps, a coordinate game's pairs), and by Sprague-Grundy
    ``G(c) = mex{G(c1) ⊕ ... ⊕ G(ck) : (c1, ..., ck) in options(c)}``.  As
    `grundy_value`: an explicit stack, ``cache`` shared between calls,
    `GameTooLargeError` past ``max_positions``, `LoopyGameError` on a cycle.

    >>> def split(n):                      # split a heap into two nonempty heaps
    ...     return [(k, n - k) for k in range(1, n // 2 + 1)]
    >>> [sum_grundy_value(n, split) for n in range(6)]
    [0, 0, 1, 0, 1, 0]
    """
    memo = {} if cache is None else cache
    if component in memo:
        return memo[component]
    on_path = {component}

    def frame(c):
        choices = options(c)
        return [c, choices, [x for option in choices for x in option], 0]

    stack = [frame(component)]
    while stack:
        top = stack[-1]
        current, choices, summands, i = top
        while i < len(summands) and summands[i] in memo:
            i += 1
        top[3] = i
        if i == len(summands):
            stack.pop()
            on_path.discard(current)
            sums = set()
            for option in choices:
                value = 0
                for c in option:
                    value ^= memo[c]
                sums.add(value)
            memo[current] = mex(sums)
            continue
        pending = summands[i]
        if pending in on_path:
            raise LoopyGameError(f"{pending!r} can be reached from itself")
        if len(memo) + len(stack) > max_positions:
            raise GameTooLargeError(f"more than {max_positions} positions; raise max_positions "
                                    "to go further")
        on_path.add(pending)
        stack.append(frame(pending))
    return memo[component]


def _protocol_moves(position):
    if not isinstance(position, ImpartialGame):
        raise TypeError(f"{position!r} has no moves() method; pass moves=... to grundy_value")
    return position.moves()


def p_positions(positions: Iterable[Hashable], moves: Callable[[Any], Iterable[Hashable]] | None = None,
                **options: Any) -> list[Any]:
    """The positions among ``positions`` with Grundy value 0 (losses for the player to move).

    >>> p_positions(range(10), lambda n: [n - k for k in (1, 3, 4) if k <= n])
    [0, 2, 7, 9]
    """
    cache = options.pop("cache", {})
    return [x for x in positions if grundy_value(x, moves, cache=cache, **options) == 0]


def grundy_table(moves: Callable[[Any], Iterable[Hashable]], *shape: int, **options: Any) -> list[Any]:
    """The Grundy values of the coordinate positions ``(x1, ..., xk)``, ``0 <= xi < shape[i]``.

    Returns nested lists indexed ``table[x1][x2]...``.

    >>> def two_heap_nim(position):
    ...     x, y = position
    ...     return [(a, y) for a in range(x)] + [(x, b) for b in range(y)]
    >>> grundy_table(two_heap_nim, 3, 4)
    [[0, 1, 2, 3], [1, 0, 3, 2], [2, 3, 0, 1]]
    """
    cache = options.pop("cache", {})
    flat = {x: grundy_value(x, moves, cache=cache, **options) for x in product(*map(range, shape))}

    def build(prefix, depth):
        if depth == len(shape):
            return flat[prefix]
        return [build(prefix + (i,), depth + 1) for i in range(shape[depth])]

    return build((), 0)


def nim_value_table(nim_value: Callable[[tuple[int, int]], int], max_row: int, max_col: int) -> list[list[int]]:
    """The values ``nim_value((m, n))`` for ``0 <= m <= max_row`` and ``0 <= n <= max_col``, row by row.

    The layout of CGSuite's ``NimValueTable(maxRow, maxCol)``: row ``m`` lists
    the positions ``(m, 0), ..., (m, max_col)``.

    >>> nim_value_table(lambda position: position[0] ^ position[1], 2, 3)    # two-heap Nim
    [[0, 1, 2, 3], [1, 0, 3, 2], [2, 3, 0, 1]]
    """
    for name, bound in (("max_row", max_row), ("max_col", max_col)):
        if not isinstance(bound, int) or isinstance(bound, bool) or bound < 0:
            raise ValueError(f"a nim value table needs an int {name} >= 0, not {bound!r}")
    return [[nim_value((m, n)) for n in range(max_col + 1)] for m in range(max_row + 1)]


def table_text(rows: Sequence[Sequence[object]]) -> str:
    """A table of values as CGSuite prints one: cells right-aligned to one width, rules between rows.

    >>> print(table_text([[0, 1, 2], [1, 0, 13]]))
     0 |  1 |  2
    ---+----+---
     1 |  0 | 13
    """
    width = max(len(str(x)) for row in rows for x in row)
    columns = len(rows[0])
    rule = "+".join("-" * (width + (1 if j in (0, columns - 1) else 2)) for j in range(columns))
    return f"\n{rule}\n".join(" | ".join(str(x).rjust(width) for x in row) for row in rows)
