"""The `Position` protocol: a ruleset's positions, and their canonical forms.

A ruleset is a subclass of `Position` that says, for a position ``P``, which
positions Left and Right can move to (`left_moves`, `right_moves`).  Its value
is then the short game ``{P^L | P^R}``, and ``P.canonical_form`` computes its
canonical form: every position met on the way is evaluated once, by an explicit
stack (no recursion, so no `RecursionError` on long games), with

* a transposition table per ruleset, keyed by ``P.key`` and bounded by the
  class attribute ``cache_size`` (`clear_cache` empties it);
* a disjunctive sum for positions that split into independent parts
  (`components`): the value is the sum of the parts' values;
* symmetry reduction through `signed_key`: positions with equal keys share one
  table entry, and a key marked as negated stands for ``-P`` (a Domineering
  board turned a quarter is the negative of the board);
* a part of another ruleset (in a sum of positions of different rulesets, or
  an ordinal sum) evaluated by its own ruleset: its own table and, where there
  is one, its compiled search.

Positions combine as CGSuite's games do (`cgt.rulesets.compound`): ``P + Q``,
``P - Q``, ``-P`` and the other compounds of two positions are positions,
and a `~cgt.Game` or an int stands for the position of its canonical form.

>>> from cgt.rulesets import Position
>>> class Pile(Position):
...     '''n counters: Left takes one or two, Right takes one.'''
...     def __init__(self, n):
...         self.n = n
...     def left_moves(self):
...         return [Pile(self.n - k) for k in (1, 2) if k <= self.n]
...     def right_moves(self):
...         return [Pile(self.n - 1)] if self.n else []
...     @property
...     def key(self):
...         return self.n
>>> [str(Pile(n).canonical_form) for n in range(5)]
['0', '*', '^', '^^*', '^3']
"""

from __future__ import annotations

from collections.abc import Hashable, Iterable
from itertools import islice
from typing import TYPE_CHECKING, Any, ClassVar, Literal

from cgt import engine, hooks
from cgt.errors import GameTooLargeError, LoopyPositionError, PositionSyntaxError
from cgt.short.game import Game, GameLike, Outcome, _game
from cgt.short.position import GamePosition
from cgt.hooks import Hooks
from cgt.rulesets import compiled, misere_play, sensible
from cgt.value import Value

#: A table entry: a ruleset and a key of its positions.
_Entry = tuple[type["Position"], Hashable]

__all__ = ["LoopyPositionError", "Position", "PositionSyntaxError", "TranspositionTable"]

#: What `Position`'s operators build, from the module above that defines it
#: (filled by ``cgt/rulesets/__init__.py``; docs/architecture.md).
above = Hooks(compound="cgt.rulesets.compound: the compounds and negatives of positions")


class TranspositionTable:
    """A dict from position keys to engine ids, holding at most ``size`` entries.

    When full, the oldest half is forgotten (insertion order), so memory stays
    bounded while recent positions, the ones a search returns to, stay.

    >>> table = TranspositionTable(4)
    >>> for k in range(6):
    ...     table[k] = k
    >>> len(table), 5 in table, 0 in table
    (3, True, False)
    """

    __slots__ = ("size", "data")

    def __init__(self, size: int = 1 << 20) -> None:
        self.size = size
        self.data: dict[Hashable, int] = {}

    def get(self, key: Hashable, default: int | None = None) -> int | None:
        return self.data.get(key, default)

    def __contains__(self, key: Hashable) -> bool:
        return key in self.data

    def __getitem__(self, key: Hashable) -> int:
        return self.data[key]

    def __setitem__(self, key: Hashable, ident: int) -> None:
        data = self.data
        data[key] = ident
        if len(data) > self.size:
            self.trim()

    def __len__(self) -> int:
        return len(self.data)

    def trim(self) -> None:
        """Forget the oldest half of the entries."""
        data = self.data
        for key in list(islice(data, len(data) - self.size // 2)):
            del data[key]

    def clear(self) -> None:
        self.data.clear()


class Position(GamePosition):
    """A position of a ruleset: subclass it and say what the moves are (the protocol of
    `cgt.short.position`, with the values found by search).

    Required: `left_moves` and `right_moves`, iterables of positions.
    Optional: `components` (independent parts whose sum is the position),
    `key` (hashable; equal keys must mean equal values; by default the
    position itself), `signed_key` (a key and whether it stands for the
    negative).  ``cache_size`` bounds the ruleset's transposition table.
    """

    __slots__ = ()
    cache_size: ClassVar[int] = 1 << 20
    #: How the compiled core makes this ruleset's search (see `cgt.rulesets.compiled`), or None.
    _compiled_rules: ClassVar[Any] = None

    if TYPE_CHECKING:
        # A ruleset's moves and components are positions of rulesets.
        def left_moves(self) -> Iterable[Position]: ...
        def right_moves(self) -> Iterable[Position]: ...
        def components(self) -> Iterable[Position]: ...

    def _search_options(self) -> tuple[Iterable[Position], Iterable[Position]]:
        """``(Left's options, Right's options)`` as the search reads them: by default the moves; a
        ruleset may give positions of the same values that are quicker to build (dead parts left out)."""
        return self.left_moves(), self.right_moves()

    @property
    def key(self) -> Hashable:
        """A hashable key: positions with equal keys have equal values."""
        return self

    def signed_key(self) -> tuple[Hashable, bool]:
        """``(key, negated)``: the table entry for this position, and whether it holds ``-P``."""
        return self.key, False

    def _entry(self) -> tuple[type[Position], Hashable, bool]:
        """``(ruleset, key, negated)``: whose table holds this position's entry, the key, and whether it is ``-P``."""
        key, negated = self.signed_key()
        return type(self), key, negated

    @property
    def left_options(self) -> tuple[Position, ...]:
        """The positions Left can move to, as a tuple (CGSuite's ``LeftOptions``)."""
        return tuple(self.left_moves())

    @property
    def right_options(self) -> tuple[Position, ...]:
        """The positions Right can move to, as a tuple (CGSuite's ``RightOptions``)."""
        return tuple(self.right_moves())

    @property
    def canonical_form(self) -> Game:
        """The canonical form of ``{P^L | P^R}``, as a `Game`."""
        return _game(self._canonical_id())

    @property
    def nim_value(self) -> int:
        """The nimber ``n`` of an impartial position (its value is ``*n``), by a pruned search that
        builds no canonical form (`cgt.solve.nim_value`, which takes progress and checkpoint options).

        >>> from cgt.rulesets import Cram
        >>> Cram.empty(3, 4).nim_value, Cram.empty(3, 4).canonical_form
        (1, Game('*'))
        """
        return hooks.above.nim_value(self)

    def winner(self, first: Literal["L", "R"] = "L", *, timeout: float | None = None) -> Literal["L", "R"]:
        """Who wins ('L' or 'R') when ``first`` ('L' or 'R') moves first, by a search that builds no
        canonical form (`cgt.solve.outcome`; past ``timeout`` seconds, `cgt.errors.SearchTimeoutError`).

        >>> from cgt.rulesets import Domineering
        >>> Domineering("..|..|..").winner("L"), Domineering("..|..|..").winner("R")
        ('L', 'R')
        """
        return hooks.above.outcome(self, first=first, timeout=timeout)

    def outcome_by_search(self, *, timeout: float | None = None) -> Outcome:
        """The outcome class ('L', 'R', 'N' or 'P'), by a search that builds no canonical form
        (`cgt.solve.outcome`; past ``timeout`` seconds, `cgt.errors.SearchTimeoutError`).

        >>> from cgt.rulesets import Clobber
        >>> Clobber("xoxo|oxox|xoxo").outcome_by_search(), Clobber("xoxo|oxox|xoxo").outcome
        ('P', 'P')
        """
        return hooks.above.outcome(self, timeout=timeout)

    @property
    def misere_outcome(self) -> Outcome:
        """The outcome class in misère play, where a player who cannot move wins (`cgt.rulesets.misere_play`).

        >>> from cgt.rulesets import Clobber
        >>> Clobber("xo").outcome, Clobber("xo").misere_outcome
        ('N', 'P')
        """
        return misere_play.misere_outcome(self)

    @property
    def sensible_left_options(self) -> tuple[Position, ...]:
        """Left's moves that reach the canonical form: one ``P^L >= K^L`` per Left option ``K^L`` of its value.

        See `cgt.rulesets.sensible.sensible_options` (CGSuite's ``SensibleLeftOptions``).
        """
        return sensible.sensible_options(self, "L")

    @property
    def sensible_right_options(self) -> tuple[Position, ...]:
        """Right's moves that reach the canonical form: one ``P^R <= K^R`` per Right option ``K^R`` of its value.

        See `cgt.rulesets.sensible.sensible_options` (CGSuite's ``SensibleRightOptions``).
        """
        return sensible.sensible_options(self, "R")

    def sensible_lines(self, player: Literal["L", "R"]) -> tuple[tuple[Position, ...], ...]:
        """The lines of play by which ``player`` ('L' or 'R') reaches each canonical option (`cgt.rulesets.sensible.sensible_lines`).

        >>> from cgt.rulesets import Clobber
        >>> [str(p.canonical_form) for p in Clobber("xo.|ox.").sensible_lines("L")[0]]     # * = {0|0}
        ['^', '*', '0']
        """
        return sensible.sensible_lines(self, player)

    # ------------------------------------------------------------ compounds (cgt.rulesets.compound)
    def __add__(self, other: Position | GameLike) -> Position:
        """The disjunctive sum ``P + Q``: a position whose value is the sum of the values.

        >>> from cgt.rulesets import Clobber, Domineering
        >>> print((Domineering("..|..") + Clobber("xo")).canonical_form)
        +-(1*)
        """
        return above.compound.compound("disjunctive_sum", self, other)

    def __radd__(self, other: Position | GameLike) -> Position:
        return above.compound.compound("disjunctive_sum", other, self)

    def __sub__(self, other: Position | GameLike) -> Position:
        return above.compound.compound("disjunctive_sum", self, -above.compound.as_position(other))

    def __rsub__(self, other: Position | GameLike) -> Position:
        return above.compound.compound("disjunctive_sum", other, -self)

    def __neg__(self) -> Position:
        """The negative ``-P``: the position with Left's and Right's moves exchanged.

        >>> from cgt.rulesets import Domineering
        >>> print(Domineering("...").canonical_form, (-Domineering("...")).canonical_form)
        -1 1
        """
        return above.compound.negative(self)

    def __pos__(self) -> Position:
        return self

    def conjunctive_sum(self, other: Position | GameLike) -> Position:
        """The conjunctive sum ``P ∧ Q``: a move is a move in both (see `cgt.rulesets.compound`)."""
        return above.compound.compound("conjunctive_sum", self, other)

    def selective_sum(self, other: Position | GameLike) -> Position:
        """CGSuite's selective sum ``P ∨ Q``: a move in one or both (see `cgt.rulesets.compound`)."""
        return above.compound.compound("selective_sum", self, other)

    def ordinal_sum(self, other: Position | GameLike) -> Position:
        """The ordinal sum ``P : Q``: a move in P ends the play in Q (see `cgt.rulesets.compound`).

        >>> from cgt.rulesets import Clobber
        >>> print(Clobber("xo").ordinal_sum(1).canonical_form)       # * : 1 = {0, * | 0} = ^*
        ^*
        """
        return above.compound.compound("ordinal_sum", self, other)

    def conway_product(self, other: Position | GameLike) -> Position:
        """The Conway product ``P × Q`` of two positions (see `cgt.rulesets.compound`)."""
        return above.compound.compound("conway_product", self, other)

    def ordinal_product(self, other: Position | GameLike) -> Position:
        """CGSuite's ordinal product ``P ⊗ Q`` of two positions (see `cgt.rulesets.compound`)."""
        return above.compound.compound("ordinal_product", self, other)

    def known_value(self) -> Value | None:
        """A value this position is known to have without looking at its moves, or None.

        `game_value` stops there (CGSuite's ``Decomposition`` to a value): Fox
        and Geese says ``off`` once the fox has got past the geese.
        """
        return None

    def game_value(self, max_positions: int = 1_000_000) -> Value:
        """The value of a ruleset whose play may return to a position: a `Game`, `Stopper` or `SidedValue`.

        Every position reachable from this one is visited (at most
        ``max_positions``, else `cgt.GameTooLargeError`), the game graph is
        built on them and simplified (`cgt.loopy.stopper`; `cgt.loopy.sided` when
        infinite alternating play is possible).  A loopfree result
        is the same as `canonical_form`.  Here Left may only ever switch a
        light on and off, and Right has no move:

        >>> class Light(Position):
        ...     def __init__(self, on):
        ...         self.on = on
        ...     def left_moves(self):
        ...         return [Light(not self.on)]
        ...     def right_moves(self):
        ...         return []
        ...     @property
        ...     def key(self):
        ...         return self.on
        >>> Light(False).game_value()
        Stopper('on')
        >>> Light(False).canonical_form
        Traceback (most recent call last):
        ...
        cgt.errors.LoopyPositionError: That is not a short game. If that is intentional, try `game_value` in place of `canonical_form`.
        """
        from cgt.loopy.graph import Node  # lazy load for import time: loopy games are rare in rulesets
        from cgt.loopy.sided import loopy_value  # lazy load for import time (as above)

        nodes: dict[tuple[type[Position], Hashable, bool], Any] = {}
        stack: list[tuple[Any, Position]] = []

        def node(position: Position) -> Any:
            known = position.known_value()
            if known is not None:
                return known
            key = position._entry()             # its ruleset, key and sign: a mirror image may be -P
            found = nodes.get(key)
            if found is None:
                if len(nodes) >= max_positions:
                    raise GameTooLargeError(f"more than {max_positions} positions; raise max_positions "
                                            "to go further")
                found = nodes[key] = Node()
                stack.append((found, position))
            return found

        root = node(self)
        while stack:
            current, position = stack.pop()
            current.left = [node(p) for p in position.left_moves()]
            current.right = [node(p) for p in position.right_moves()]
        return loopy_value(root) if isinstance(root, Node) else root

    def _canonical_id(self) -> int:
        try:
            ident = self._compiled_id()
        except compiled.LoopySearch:
            raise LoopyPositionError(_LOOPY) from None
        return solve(self) if ident is None else ident

    def _compiled_id(self) -> int | None:
        """The engine id of this position's value from the compiled core's search, or None.

        None (the default) lets the Python search run: there is no compiled
        search for this ruleset, or this position does not fit it.
        """
        return None

    @classmethod
    def clear_cache(cls) -> None:
        """Forget every value this ruleset has computed."""
        table = _TABLES.pop(cls, None)
        if table is not None:
            table.clear()
        compiled.clear(cls._compiled_rules)

    @classmethod
    def _table(cls) -> TranspositionTable:
        table = _TABLES.get(cls)
        if table is None:
            table = _TABLES[cls] = TranspositionTable(cls.cache_size)
        return table


_TABLES: dict[type[Position], TranspositionTable] = {}
_LOOPY = "That is not a short game. If that is intentional, try `game_value` in place of `canonical_form`."


def solve(position: Position) -> int:
    """The engine id of ``position``'s value: the sum of its components' values.

    A component of this ruleset is looked up in, or searched into, the
    ruleset's table; a component of another ruleset (in a sum of positions of
    different rulesets) is evaluated by its own ruleset.
    """
    ruleset = type(position)
    table = ruleset._table()
    parts = _split(position)
    resolved = {}
    for entry, negated, component in parts:
        if entry not in resolved:
            if entry[0] is ruleset:
                resolved[entry] = _evaluate(component, entry, negated, table)
            else:
                resolved[entry] = _foreign_id(component, negated)
    return _sum(((resolved[entry], negated) for entry, negated, _ in parts))


def _foreign_id(component: Position, negated: bool) -> int:
    """The id a table entry of ``component`` holds (``-component`` if ``negated``), from its own ruleset."""
    ident = component._canonical_id()
    return engine.run(engine.neg, ident) if negated else ident


def _sum(parts: Iterable[tuple[int, bool]]) -> int:
    """The id of the sum of ``(id, negated)`` parts."""
    total = None
    for ident, negated in parts:
        if negated:
            ident = engine.run(engine.neg, ident)
        total = ident if total is None else engine.run(engine.add, total, ident)
    return engine.ZERO if total is None else total


_DEEP = 300


def canon(left_ids: list[int], right_ids: list[int]) -> int:
    """``engine.canon``, on a thread with room to recurse when the options are deep."""
    depth = engine.depth
    if sum(depth(i) for i in left_ids) + sum(depth(i) for i in right_ids) >= _DEEP:
        return engine.run_deep(engine.canon, left_ids, right_ids)
    return engine.canon(left_ids, right_ids)


class _Frame:
    """A position under evaluation: its options as lists of component entries, and the values found."""

    __slots__ = ("key", "negated", "left", "right", "pending", "values")

    def __init__(self, key: Hashable, negated: bool, position: Position) -> None:
        self.key = key
        self.negated = negated
        left, right = position._search_options()
        self.left = [_split(p) for p in left]
        self.right = [_split(p) for p in right]
        self.values: dict[_Entry, int] = {}
        self.pending: dict[_Entry, tuple[bool, Position]] = {}
        for option in self.left + self.right:
            for entry, negated, component in option:
                self.pending.setdefault(entry, (negated, component))


def _split(position: Position) -> list[tuple[_Entry, bool, Position]]:
    """The components of ``position`` as ``((ruleset, key), negated, component)``."""
    parts = []
    for component in position.components():
        ruleset, key, negated = component._entry()
        parts.append(((ruleset, key), negated, component))
    return parts


def _evaluate(root: Position, root_entry: _Entry, negated: bool, table: TranspositionTable) -> int:
    """The id of the value ``root_entry`` stands for (``-root`` if ``negated``), by an explicit stack.

    ``root_entry`` is ``(ruleset, key)``: ``table`` is the ruleset's.
    """
    ruleset, root_key = root_entry
    ident = table.get(root_key)
    if ident is not None:
        return ident
    known = root.known_value()
    if known is not None:
        return _known_id(known, negated)
    # A frame takes each value as soon as it is in the table: the entry just
    # made is the newest, so trimming the table never loses it before use.
    # Parts of other rulesets get their values from their own rulesets.
    stack = [_Frame(root_key, negated, root)]
    on_stack = {root_key}
    while stack:
        frame = stack[-1]
        pending = frame.pending
        values = frame.values
        for entry in list(pending):
            if entry[0] is ruleset:
                ident = table.get(entry[1])
            else:
                negated, component = pending[entry]
                ident = _foreign_id(component, negated)
            if ident is not None:
                values[entry] = ident
                del pending[entry]
        if pending:
            (_, key), (negated, component) = next(iter(pending.items()))
            known = component.known_value()
            if known is not None:
                table[key] = _known_id(known, negated)
                continue
            if key in on_stack:
                raise LoopyPositionError(_LOOPY)
            on_stack.add(key)
            stack.append(_Frame(key, negated, component))
            continue
        left = {_option_id(option, values) for option in frame.left}
        right = {_option_id(option, values) for option in frame.right}
        ident = canon(list(left), list(right))
        if frame.negated:
            ident = engine.run(engine.neg, ident)
        table[frame.key] = ident
        on_stack.discard(frame.key)
        stack.pop()
    return ident  # type: ignore[return-value]  # the root's frame ran last: its id


def _known_id(value: Any, negated: bool) -> int:
    """The id of a position's `Position.known_value` (negated if asked); a loopy one has none."""
    if not isinstance(value, Game):
        raise LoopyPositionError(_LOOPY)
    return engine.run(engine.neg, value._id) if negated else value._id


def _option_id(option: list[tuple[_Entry, bool, Position]], values: dict[_Entry, int]) -> int:
    return _sum((values[entry], negated) for entry, negated, _ in option)
