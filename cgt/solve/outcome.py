"""Outcomes by search: who wins a position, or a sum of positions of any rulesets, without its canonical form.

The outcome class of ``G`` says who wins when each player moves first:
Left moving first wins iff ``G ⧐ 0`` (not ``G <= 0``), Right moving first
iff ``G ⧏ 0`` (not ``G >= 0``), so ``G`` is ``L`` (``G > 0``), ``R``
(``G < 0``), ``N`` (``G || 0``) or ``P`` (``G = 0``).  One player's question
is boolean — can the player to move win? — and minimax answers it: the
player to move wins iff some move leads to a sum the opponent, moving first
there, loses.  The search runs over the sum, and the theory shortens it:

* **Known and unknown components.** A sum splits into components.  A
  component with few moves gets its canonical form if that is quick to find
  (or its ruleset already knows it), and all such values are added into one game ``K``; the
  others stay positions, each keyed by its ruleset's key (the least image under
  the ruleset's symmetries) and whether it stands for the key's negative.
  With no unknown component left, ``K`` answers at once.
* **G + (-G) = 0.** A component and one standing for its negative cancel;
  in an impartial ruleset (every ``G = -G``) two equal components do.
* **Moves in K** are the options of its canonical form, none dominated or
  reversible; when ``K`` is a number they come last (number avoidance: if
  the rest is not a number, a winning move, if any, lies in the rest).
* **Equal components** are moved in once: the same sums follow.
* **Move ordering**: the moves that leave the mover more moves than the
  opponent, a better ``K`` and the opponent fewer moves are tried first.
* **A table of answers**, keyed by the unknown components, ``K`` and the
  player to move, looked up for every child before any child is searched.

A sum of impartial positions only (Cram boards, impartial variants, and
nimbers added to them) is won by the player to move iff its nimber is not 0:
the nimber search answers, asked only that (`cgt.solve.nimber.has_nim_value`).

>>> from cgt.rulesets import Clobber, Domineering
>>> outcome(Domineering("....|....|....|...."))            # 4x4 Domineering: the first player wins
'N'
>>> outcome(Domineering(".....|.....|.....|....."))        # 4x5 is worth 1: Left wins, first or second
'L'
>>> outcome(Clobber("xox|oxo"), first="L")                 # Right wins, whoever starts
'R'
>>> outcome(Domineering("..|.."), Clobber("xo"))           # ±1 + * is confused with 0
'N'

Positions of the Clobber family, Konane, Amazons, Fission, NoGo, Domineering,
Cram, Quelhas, the strip rulesets, Sheep and Ski Jumps are searched in Rust (``rust/src/solve/outcome.rs``),
when all of a sum's components belong to one such ruleset (and games or
numbers may be added to them); any other sum, a user's own
`~cgt.rulesets.Position` included, is searched here, by the same algorithm,
on an explicit stack (no recursion limit).
"""

import time
from functools import reduce
from operator import xor

from cgt import engine
from cgt.errors import SearchTimeoutError
from cgt.short.game import Game, nimber
from cgt.limits import LIMITS, progress_reporter
from cgt.rulesets import compiled
from cgt.rulesets.compound import as_position
from cgt.rulesets.domineering import Cram, _Placement, compiled_solver
from cgt.rulesets.king_dirt import KingDirt
from cgt.rulesets.position import LoopyPositionError
from cgt.rulesets.quelhas import Quelhas
from cgt.rulesets.sheep import Sheep
from cgt.rulesets.ski_jumps import SkiJumps
from cgt.rulesets.stones import Konane, _GenClobber, _Stones
from cgt.rulesets.strip import _Strip
from cgt.rulesets.variant import _Impartial
from cgt.solve.nimber import has_nim_value, nim_value

if engine.ENGINE == "compiled":
    from cgt._core import OutcomeSearch

__all__ = ["outcome"]

#: How ``first`` may name a player.
_PLAYERS = {"l": "L", "left": "L", "r": "R", "right": "R"}
#: The outcome class from (Left moving first wins, Right moving first wins).
_CLASSES = {(True, True): "N", (True, False): "L", (False, True): "R", (False, False): "P"}
#: A component whose players have at most this many moves in all gets its canonical form ...
CHEAP_MOVES = 8
#: ... fewer in rulesets where small components are worth less than their cost (measured:
#: ``docs/solving.md``) ...
_CHEAP_MOVES = {_GenClobber: 4, Konane: 0, _Strip: 0, Sheep: 2}
#: ... more in a sum of rows of the Clobber family (stones moving one step onto stones), whose small
#: components are cheap to value: 6, or 14 where a stone may take one of its own colour (Cannibal
#: Clobber) ...
_ROW_CHEAP_MOVES = (6, 14)
#: ... if the ruleset's compiled search finds it within this many components valued.
CHEAP_STEPS = 1000
#: The same for the Python search, whose moves cost more: at most this many moves, and this many
#: components among the followers.
PYTHON_CHEAP_MOVES = 8
PYTHON_CHEAP_FOLLOWERS = 64
_LOOPY = "play can return to a position: not a short game (try game_value)"


def outcome(*positions, first=None, timeout=None, progress=False, progress_every=1.0):
    """Who wins the sum of ``positions``, found by search without its canonical form.

    ``positions`` are `~cgt.rulesets.Position` objects of any rulesets (or
    `~cgt.Game` values and ints, added to them).  With ``first`` None the
    outcome class, ``'L'``, ``'R'``, ``'N'`` or ``'P'``, as
    ``canonical_form.outcome`` gives it; with ``first`` ``'L'`` or ``'R'`` (or
    ``'left'``, ``'right'``) the winner, ``'L'`` or ``'R'``, when that player
    moves first.  ``timeout``: seconds after which a `SearchTimeoutError` is
    raised (the answer is unknown within that budget).  ``progress``: True
    prints a line on stderr about every ``progress_every`` seconds, or a
    callable gets ``(positions searched, depth, answers known)``.  Ctrl-C stops a
    search within a second.

    >>> from cgt.rulesets import Clobber, Domineering
    >>> outcome(Clobber("xoxo|oxox"), Domineering(".|."))
    'L'
    >>> outcome(Domineering("..|..|.."), first="R"), Domineering("..|..|..").canonical_form
    ('R', Game('{1/2|-2}'))
    """
    player = _player(first)
    deadline = _deadline(timeout)
    search = _searcher(positions, deadline, _reporter(positions, progress), progress_every)
    if player is not None:
        return _winner(search, player, deadline, timeout, {})
    winners = {}
    for player in "LR":
        winners[player] = _winner(search, player, deadline, timeout, winners)
    return _CLASSES[winners["L"] == "L", winners["R"] == "R"]


def _player(first):
    if first is None:
        return None
    player = _PLAYERS.get(first.lower()) if isinstance(first, str) else None
    if player is None:
        raise ValueError(f"first is 'L' or 'R' (or 'left', 'right', or None for the outcome class), not {first!r}")
    return player


def _deadline(timeout):
    if timeout is None:
        return None
    if isinstance(timeout, bool) or not isinstance(timeout, (int, float)) or not timeout >= 0 \
            or timeout == float("inf"):
        raise ValueError(f"timeout is a finite number of seconds >= 0, or None, not {timeout!r}")
    return time.monotonic() + timeout


def _winner(search, player, deadline, timeout, winners):
    """The winner when ``player`` moves first; SearchTimeoutError past ``deadline``."""
    wins = search.wins(player, deadline)
    if wins is None:
        done = "".join(f"; moving first, {p} {'wins' if w == p else 'loses'}" for p, w in winners.items())
        raise SearchTimeoutError(f"no answer within the time budget of {timeout} s{done}", timeout, winners)
    return player if wins else "R" if player == "L" else "L"


def _reporter(positions, progress):
    """The callable a search reports to, or None (`cgt.limits.progress_reporter`)."""
    start = time.monotonic()
    shown = " + ".join(map(repr, positions))
    if len(shown) > 60:
        shown = shown[:57] + "..."

    def line(nodes, depth, known):
        rate = nodes / max(time.monotonic() - start, 1e-9)
        return f"{shown}: {nodes:,} positions searched ({rate:,.0f}/s), depth {depth}, {known:,} answers known"

    return progress_reporter(progress, line)


def _searcher(positions, deadline, report, report_every):
    """The search of the sum of ``positions``: the nimber search's if they are all Cram boards,
    impartial variants or nimbers, at least one a position (`_ImpartialRoot`), else
    `_minimax_searcher`'s."""
    boards = [p for p in positions if type(p) is Cram or isinstance(p, _Impartial)]
    nimbers = [p for p in positions if isinstance(p, Game) and p.is_nimber]
    zeros = [p for p in positions if type(p) is int and p == 0]
    if boards and len(boards) + len(nimbers) + len(zeros) == len(positions):
        known = reduce(xor, (p.nim_value for p in nimbers), 0)
        return _ImpartialRoot(boards, known, report, report_every,
                              lambda: _minimax_searcher(positions, deadline, report, report_every))
    return _minimax_searcher(positions, deadline, report, report_every)


def _minimax_searcher(positions, deadline, report, report_every):
    """The compiled search of the sum of ``positions`` if it has one, else the Python search.

    A component of an impartial variant is worth ``*n``, its nimber: the
    nimber search (`cgt.solve.nimber`) finds it, within ``deadline``, and it
    joins the known part of the sum.
    """
    known = engine.ZERO
    components = []
    for argument in positions:
        position = as_position(argument)
        for component in position.components():
            value = component.known_value()
            if value is None and isinstance(component, _Impartial):
                n = _nimber_within(component, deadline)
                value = None if n is None else nimber(n)
            if value is None:
                components.append(component)
            else:
                known = engine.run(engine.add, known, _known_id(value))
    found = _compiled(components, known, report, report_every)
    if found is not None:
        return found
    search = _Search(report, report_every)
    return _Root(search, search.node(components, known))


def _nimber_within(component, deadline):
    """The nimber of the impartial ``component``, or None once ``deadline`` has passed or when play in
    it can come back to a position (the search may still settle who wins: a forced win in finitely
    many moves)."""

    def check(*_):
        if deadline is not None and time.monotonic() > deadline:
            raise _OutOfTime

    try:
        return nim_value(component, progress=check, progress_every=0.02)
    except (_OutOfTime, LoopyPositionError):
        return None


def _known_id(value):
    if not isinstance(value, Game):
        raise LoopyPositionError(_LOOPY)
    return value._id


# ---------------------------------------------------------------- the compiled search
def _family(component):
    """How the compiled core takes ``component``: ``((handle, impartial), rows)``, or None."""
    ruleset = type(component)
    if isinstance(component, _Placement):
        handle = compiled_solver(ruleset)
        rows = [row.encode() for row in component.rows]
        return None if handle is None else ((handle, ruleset._left == ruleset._right), rows)
    kings_only = isinstance(component, KingDirt) and not (component.black_unplaced or component.white_unplaced)
    if isinstance(component, (_Stones, Quelhas)) or kings_only:
        rows = [row.encode() for row in component.rows]
    elif isinstance(component, (_Strip, Sheep, SkiJumps)):
        rows = component._compiled_rows()
        if rows is None:
            return None                 # a herd past a signed byte: the compiled search does not take it
    else:
        return None
    handle = compiled.search_handle(ruleset._compiled_rules)
    return None if handle is None else ((handle, False), rows)


def _cheap_moves(components):
    """The most moves in all that a component of the sum of ``components`` (of one ruleset) may have
    for its canonical form to be found (`CHEAP_MOVES` and the measured exceptions)."""
    first = components[0]
    if (isinstance(first, _GenClobber) and first._max_distance == 1 and "." not in "".join(first._clobbered)
            and all(1 in (c.height, c.width) for c in components)):
        return _ROW_CHEAP_MOVES["x" in first._clobbered[0]]
    return next((moves for family, moves in _CHEAP_MOVES.items() if isinstance(first, family)), CHEAP_MOVES)


def _compiled(components, known, report, report_every):
    """The compiled search of a sum whose components all belong to one compiled ruleset, or None."""
    if engine.ENGINE != "compiled" or not components:
        return None
    families = [_family(component) for component in components]
    if any(found is None for found in families) or len({found[0] for found in families}) > 1:
        return None
    handle, impartial = families[0][0]
    try:
        search = OutcomeSearch(handle, LIMITS.max_outcome_table, _cheap_moves(components), CHEAP_STEPS, impartial)
    except ValueError:                  # a ruleset search with no outcome search
        return None
    rows = [found[1] for found in families]
    if not search.fits(rows):
        return None
    return _CompiledRoot(search, rows, known, report, report_every)


class _ImpartialRoot:
    """A sum of impartial positions and the nimber ``*known``: the player to move wins iff its nimber is
    not 0.

    The nimbers of all its positions but the one with the most moves are found,
    and that one is asked only whether it has their nim-sum with ``known`` (`has_nim_value`,
    the pruned question: on a Cram board of odd by even cells a theorem answers
    it at once).  A sum in which play can come back to a position goes to the
    minimax search (``fallback``), which may still find a forced win.
    """

    def __init__(self, positions, known, report, report_every, fallback):
        self.positions, self.known, self.report, self.report_every = positions, known, report, report_every
        self.fallback, self.search = fallback, None
        self.zero = None

    def wins(self, player, deadline):
        if self.zero is None and self.search is None:
            try:
                self.zero = self._is_zero(deadline)
            except _OutOfTime:
                return None
            except LoopyPositionError:
                self.search = self.fallback()
        if self.search is not None:
            return self.search.wins(player, deadline)
        return not self.zero

    def _is_zero(self, deadline):
        last_report = time.monotonic()

        def check(expanded, depth, candidate, known, left):
            nonlocal last_report
            if deadline is not None and time.monotonic() > deadline:
                raise _OutOfTime
            if self.report is not None and time.monotonic() - last_report >= self.report_every:
                last_report = time.monotonic()
                self.report(expanded, depth, known)

        rest = sorted(self.positions, key=lambda position: sum(1 for _ in position.left_moves()))
        last = rest.pop()
        x = reduce(xor, (nim_value(position, progress=check, progress_every=0.02) for position in rest), self.known)
        return has_nim_value(last, x, progress=check, progress_every=0.02)


class _CompiledRoot:
    """A sum searched by the compiled core."""

    def __init__(self, search, rows, known, report, report_every):
        self.search, self.rows, self.known = search, rows, known
        self.report, self.report_every = report, report_every

    def wins(self, player, deadline):
        seconds = None if deadline is None else max(0.0, deadline - time.monotonic())
        try:
            return self.search.wins(self.rows, self.known, player == "L", seconds, self.report, self.report_every)
        except compiled.LoopySearch:
            raise LoopyPositionError(_LOOPY) from None


# ---------------------------------------------------------------- the Python search (any position)
class _Node:
    """A sum: its unknown components, ``{(entry, negated): [count, a component]}`` (an entry is the
    ruleset and its key), and the id ``known`` of the sum of the known ones."""

    __slots__ = ("parts", "known", "key")

    def __init__(self, parts, known):
        self.parts = parts
        self.known = known
        self.key = (frozenset((part, count) for part, (count, _) in parts.items()), known)


class _Root:
    """A sum searched by `_Search`."""

    def __init__(self, search, node):
        self.search, self.node = search, node

    def wins(self, player, deadline):
        return self.search.wins(self.node, player, deadline)


class _OutOfTime(Exception):
    """The time budget of a Python search has passed."""


class _Search:
    """The outcome search over `~cgt.rulesets.Position` objects: the reference twin of the compiled one.

    It runs on an explicit stack of generators, one per sum being searched,
    each yielding the children it asks about and sent their answers.  The
    table keeps two generations of at most half of
    `cgt.LIMITS.max_outcome_table` answers each.  A component is known when
    its ruleset's table has it, or when its players have at most
    ``cheap_moves`` moves and it has at most ``cheap_followers`` components
    among its followers (its canonical form is then quick).
    """

    def __init__(self, report=None, report_every=1.0, cheap_moves=PYTHON_CHEAP_MOVES,
                 cheap_followers=PYTHON_CHEAP_FOLLOWERS):
        self.newer, self.older = {}, {}
        self.values = {}                # (ruleset, key) -> the id of the key's value, found here
        self.large = set()              # (ruleset, key) found too large to be known
        self.mobilities = {}            # (ruleset, key, negated) -> (Left's moves, Right's moves)
        self.cheap_moves, self.cheap_followers = cheap_moves, cheap_followers
        self.report, self.report_every = report, report_every
        self.nodes = 0
        self.depth = 0
        self.last_report = time.monotonic()
        self.deadline = None

    # -- the table
    def _get(self, node, player):
        key = (node.key, player)
        found = self.newer.get(key)
        return self.older.get(key) if found is None else found

    def _put(self, node, player, wins):
        half = max(1, LIMITS.max_outcome_table // 2)
        if len(self.newer) >= half:
            self.older, self.newer = self.newer, {}
        self.newer[node.key, player] = wins
        for memo in (self.values, self.large, self.mobilities):
            if len(memo) >= half:
                memo.clear()

    # -- sums
    def node(self, components, known):
        """The node of the sum of ``components`` (positions) and the game of id ``known``."""
        parts = {}
        known, _ = self._split(components, parts, known)
        return self._normalised(parts, known)

    def _split(self, components, parts, known):
        """Add the known ones of ``components`` to ``known``, the others to ``parts``; the new
        ``known``, and the moves (Left's, Right's) in the unknown ones."""
        left = right = 0
        for component in components:
            value = component.known_value()
            if value is not None:
                known = engine.run(engine.add, known, _known_id(value))
                continue
            ruleset, key, negative = component._entry()
            ident = self._value(component, (ruleset, key), negative)
            if ident is not None:
                if negative:
                    ident = engine.run(engine.neg, ident)
                known = engine.run(engine.add, known, ident)
                continue
            part = parts.setdefault(((ruleset, key), negative), [0, component])
            part[0] += 1
            l, r = self._mobility(component, (ruleset, key, negative))
            left, right = left + l, right + r
        return known, (left, right)

    def _value(self, component, entry, negative):
        """The id of the value of ``entry``'s key (``component`` is it, negated if ``negative``), if known
        or quick to find; else None."""
        ident = self.values.get(entry)
        if ident is None:
            ident = entry[0]._table().get(entry[1])
        if ident is None and entry not in self.large:
            if self._cheap(component):
                ident = component._canonical_id()
                if negative:
                    ident = engine.run(engine.neg, ident)
            else:
                self.large.add(entry)
        if ident is not None:
            self.values[entry] = ident
        return ident

    def _cheap(self, component):
        """Whether the players have at most ``cheap_moves`` moves in ``component``, and it has at most
        ``cheap_followers`` components among its followers."""
        count = 0
        for moves in (component.left_moves(), component.right_moves()):
            for _ in moves:
                count += 1
                if count > self.cheap_moves:
                    return False
        seen = {component._entry()[:2]}
        stack = [component]
        while stack:
            position = stack.pop()
            for option in (*position.left_moves(), *position.right_moves()):
                for part in option.components():
                    entry = part._entry()[:2]
                    if entry not in seen and part.known_value() is None:
                        if len(seen) >= self.cheap_followers:
                            return False
                        seen.add(entry)
                        stack.append(part)
        return True

    def _mobility(self, component, signed):
        """``(Left's moves, Right's moves)`` in ``component``, whose entry and sign are ``signed``."""
        found = self.mobilities.get(signed)
        if found is None:
            found = self.mobilities[signed] = (len(list(component.left_moves())), len(list(component.right_moves())))
        return found

    @staticmethod
    def _normalised(parts, known):
        """The node of ``parts`` and ``known``, a component and its negative cancelled (two equal ones, in an
        impartial ruleset)."""
        for (entry, negated), part in list(parts.items()):
            if part[0] == 0 or (entry, negated) not in parts:
                continue
            if _impartial(entry[0]):
                part[0] %= 2
                continue
            other = parts.get((entry, not negated))
            if other is not None:
                cancelled = min(part[0], other[0])
                part[0] -= cancelled
                other[0] -= cancelled
        return _Node({part: entry for part, entry in parts.items() if entry[0]}, known)

    def _children(self, node, player):
        """The sums after each move of ``player`` in ``node``, best first (scored as the compiled search
        scores them: ``rust/src/solve/outcome.rs``)."""
        sign = 1 if player == "L" else -1
        scored = []
        for part, (count, component) in node.parts.items():
            before = self._mobility(component, (*part[0], part[1]))
            moves = component.left_moves() if player == "L" else component.right_moves()
            for after in moves:
                parts = {p: [c, position] for p, (c, position) in node.parts.items()}
                parts[part][0] -= 1
                known, (left, right) = self._split(after.components(), parts, node.known)
                left, right = left - before[0], right - before[1]
                theirs = right if player == "L" else left
                score = sign * (left - right + _mean(known)) - theirs / 100
                scored.append((score, len(scored), self._normalised(parts, known)))
        last = -float("inf") if engine.number(node.known) is not None else 0
        for option in engine.left(node.known) if player == "L" else engine.right(node.known):
            scored.append((last + sign * _mean(option), len(scored), _Node(node.parts, option)))
        scored.sort(key=lambda entry: (-entry[0], entry[1]))
        return [child for _, _, child in scored]

    @staticmethod
    def _settled(known, player):
        """Whether ``player`` moving first wins the game of id ``known``."""
        if player == "L":
            return not engine.run(engine.le, known, engine.ZERO)
        return not engine.run(engine.le, engine.ZERO, known)

    # -- the search
    def wins(self, node, player, deadline=None):
        """Whether ``player`` ('L' or 'R') moving first wins ``node``; None once ``deadline`` has passed."""
        self.deadline = deadline
        try:
            return self._answer(node, player)
        except _OutOfTime:
            return None

    def _answer(self, node, player):
        """Drive the search of ``node`` and the searches it asks for, on an explicit stack."""
        if not node.parts:
            return self._settled(node.known, player)
        found = self._get(node, player)
        if found is not None:
            return found
        line = {node.key}                      # the sums on the line of play: one met again is a loop
        stack = [(node, player, self._search(node, player))]
        answer = None
        while True:
            current, mover, frame = stack[-1]
            self.depth = len(stack)
            try:
                child, other = frame.send(answer)
            except StopIteration as done:
                stack.pop()
                line.discard(current.key)
                self._put(current, mover, done.value)
                if not stack:
                    return done.value
                answer = done.value
                continue
            answer = self._get(child, other)
            if answer is None:
                if child.key in line:
                    raise LoopyPositionError(_LOOPY)
                line.add(child.key)
                stack.append((child, other, self._search(child, other)))

    def _search(self, node, player):
        """Whether ``player`` moving first wins ``node`` (not in the table): yields each child asked about."""
        self._tick()
        children = self._children(node, player)
        other = "R" if player == "L" else "L"
        for child in children:
            if not child.parts:
                if not self._settled(child.known, other):
                    return True
            elif self._get(child, other) is False:
                return True
        for child in children:
            if child.parts and not (yield child, other):
                return True
        return False

    def _tick(self):
        self.nodes += 1
        now = time.monotonic()
        if self.deadline is not None and now >= self.deadline:
            raise _OutOfTime
        if self.report is not None and now - self.last_report >= self.report_every:
            self.last_report = now
            self.report(self.nodes, self.depth, len(self.newer) + len(self.older))


def _mean(ident):
    """The mean of the stops of the game of id ``ident``, as a float (for ordering moves)."""
    left, right = engine.stops(ident)
    return float(left + right) / 2


def _impartial(ruleset):
    """Whether every position of ``ruleset`` equals its negative (Cram, impartial variants)."""
    return issubclass(ruleset, _Impartial) or (issubclass(ruleset, _Placement) and ruleset._left == ruleset._right)
