"""Nimbers by search: the nimber of an impartial position without its canonical form.

An impartial position ``G`` equals the nimber ``*n`` with ``n`` the mex of its
options' nimbers (Sprague–Grundy), and a sum's nimber is the nim-sum of its
components'.  The whole mex is seldom needed.  Asked only whether ``G``'s
nimber lies in a set ``R``, the search keeps the set ``P`` of values it can
still take (at first ``0..n`` for ``n`` options) and removes one per option —
the option's nimber if it is in ``P``, else the largest of ``P`` — so that ``P``
ends as ``{mex}``.  An option is asked only whether its nimber lies in ``P``
less its largest, below the largest of ``R``; and ``G`` answers "not in ``R``"
as soon as ``P`` and ``R`` are disjoint.  An option that is a sum asks the
question of its largest component, the set shifted (``v ^ x``) by the nim-sum
``x`` of the others.  At the top, candidates 0, 1, 2, ... are tried in turn,
each option asked only whether it has the candidate (P. Beling and
M. Rogalski, *On pruning search trees of impartial games*, Artificial
Intelligence 283, 2020).  Only exact nimbers enter the table, so it is
consistent whenever the search stops.  A component found outside a set ends
with its nimber known to lie in ``P`` or above the values it asked about, kept
in a cache of bounds: it is not searched again while the sets asked miss those.

Cram runs in Rust (``rust/src/solve/``), with two theorems: the mirror strategy
(a symmetry of the position under which no domino meets its own image makes it
0; one domino fixed by the symmetry, played first, makes it not 0) and the
moves of a 2x2 block with two sealed corners that need not be played; cells
that cannot change the nimber (a second pendant cell on one cell) are dropped.
The impartial variants of the grid rulesets (the Clobber family, Konane,
Amazons, Fission, NoGo) and of the strip rulesets (the Toads and Frogs family,
Toppling Dominoes) run in Rust too; a board too large for the compiled search
is split into its components, each searched there, and their nimbers nim-summed.
A row of impartial Clobber has a compiled search of its own, over the
boundaries between its stones (runs of hundreds of stones).
One theorem replaces a search: on a single row, the impartial variant of a
Clobber-family game in which a stone clobbers any stone next to it (Hot, or
Cannibal, Clobber) is Officers, the octal game 0.6, heap by heap: a run of
``n`` stones loses one stone, anywhere, leaving the two runs either side of it
(a stone moves onto its neighbour's cell and empties its own), and only a lone
stone cannot move — Officers' move from a heap of ``n``, one counter taken,
leaving one or two heaps but never none.  Another: a Cram board of one row (or
one column) is Dawson's Kayles, the octal game 0.07, run by run: a domino
takes two adjacent empty cells of a run of ``n``, leaving runs of ``a`` and
``n - 2 - a`` cells.
Other positions, a user's own `~cgt.rulesets.Position` included, are searched
here in Python, by the same pruning, with every node checked to be impartial.

>>> from cgt.rulesets import Cram
>>> nim_value(Cram.empty(4, 7)), nim_value(Cram.empty(4, 8))
(3, 0)
>>> nim_value(Cram("...|..#")) == Cram("...|..#").canonical_form.nim_value
True
"""

import math
import os
import re
import time
from functools import reduce
from operator import xor

from cgt import engine
from cgt.errors import LoopyPositionError, NotImpartialError
from cgt.limits import LIMITS, progress_reporter
from cgt.rulesets import Cram, Domineering, Position, Quelhas, Sheep, SkiJumps, compiled
from cgt.rulesets.stones import _GenClobber, _Stones
from cgt.rulesets.strip import _Strip
from cgt.rulesets.variant import _Impartial

if engine.ENGINE == "compiled":
    from cgt._core import CramNimberSearch, clobber_row_nimber

__all__ = ["has_nim_value", "nim_value"]


def nim_value(position, *, progress=False, progress_every=1.0, checkpoint=None, checkpoint_every=60.0,
              checkpoint_min_cells=None):
    """The nimber ``n`` of an impartial position (its value is ``*n``), found by search.

    ``progress``: True prints a line on stderr about every ``progress_every``
    seconds (components searched, depth, the candidate nimber of the position,
    nimbers known, and the position's options not yet asked whether they have
    the candidate), or a callable gets those five numbers.  ``checkpoint`` (Cram only): a file that the search writes every
    ``checkpoint_every`` seconds and when it stops, and reads first if it
    exists, so that a search interrupted or killed goes on where it was; it
    keeps the components of at least ``checkpoint_min_cells`` cells (default:
    the board's cells less 20).  A search with a checkpoint whose table is full
    (``LIMITS.max_nimber_table``) forgets its smallest components' nimbers and
    goes on; one without stops with `GameTooLargeError`.  Ctrl-C stops a search
    within a second.

    >>> from cgt.rulesets import Cram
    >>> nim_value(Cram.empty(3, 6))
    4
    >>> from cgt.rulesets import ArcKayles, impartial_variant, Clobber
    >>> nim_value(ArcKayles.path(6)), ArcKayles.path(6).canonical_form
    (3, Game('*3'))

    Heaps and coin strips of `cgt.impartial` answer from their nim sequences.
    A Cram board too large for the compiled search (a row and its spare cell
    past 128 bits, in both orientations) is searched here, its components that
    fit by the compiled search; it keeps no checkpoint, nor does a Cram strip
    (a formula answers it).
    """
    if _stated(position, "nim_value"):
        return position.nim_value
    report = _reporter(position, progress)
    found = _cram_strip(position)
    if found is not None:
        return found
    rows = _compiled_cram_rows(position)
    if rows is not None:
        return _cram(rows, report, progress_every, checkpoint, checkpoint_every, checkpoint_min_cells)
    if checkpoint is not None:
        raise ValueError("checkpoints are kept by the compiled search of Cram boards only (a row and its "
                         "spare cell within 128 bits, in one orientation or the other)")
    found = _row_or_variant(position, report, progress_every)
    if found is None:
        found = _large_cram(position, report, progress_every)
    if found is not None:
        return found
    return _Search(report, progress_every).nimber(position)


def has_nim_value(position, n, *, progress=False, progress_every=1.0):
    """Whether the nimber of the impartial ``position`` is ``n``, found by search without the whole nimber.

    The nimbers of its components but the largest are found, and the largest
    is asked only whether it has the one value that makes the nim-sum ``n``:
    the pruned question, often far cheaper than the nimber (and a theorem may
    answer it at once).  ``has_nim_value(G, 0)`` says whether ``G`` is a
    second-player win (a P-position).  Cram boards, the impartial variants
    of the grid and strip rulesets and positions searched here in Python ask
    the pruned question; the rows answered by a formula or a search of their
    own (Cram strips, Clobber-family rows) and boards of several components
    too large for the compiled search as a whole find the nimber and compare.  ``progress`` as for
    `nim_value`.

    >>> from cgt.rulesets import Cram
    >>> has_nim_value(Cram.empty(5, 10), 0)    # the first player takes the centre, then mirrors
    False
    >>> has_nim_value(Cram.empty(4, 5), 2), has_nim_value(Cram.empty(4, 5), 0)     # 4x5 is *2 (Beling)
    (True, False)
    """
    if type(n) is not int or n < 0:
        raise ValueError(f"n is a nimber's index, an int 0 or more, not {n!r}")
    if _stated(position, "has_nim_value"):
        return position.nim_value == n
    report = _reporter(position, progress)
    found = _cram_strip(position)
    if found is None:
        rows = _compiled_cram_rows(position)
        if rows is not None:
            # A board of at most 128 cells has fewer than 256 dominoes, so its nimber is below 256.
            return n < 256 and CramNimberSearch(rows, LIMITS.max_nimber_table).has_nimber(n, report, progress_every)
        if n < 2 ** 32 and not _is_row(position):
            has = _compiled_variant_has(position, n, report, progress_every)
            if has is not None:
                return has
        found = _row_or_variant(position, report, progress_every)
        if found is None:
            found = _large_cram(position, report, progress_every)
    if found is not None:
        return found == n
    return _Search(report, progress_every).has_nimber(position, n)


def _stated(position, function):
    """Whether ``position`` states its own nimber (a heap or a coin strip of `cgt.impartial`, a
    `~cgt.Game`) rather than being a `~cgt.rulesets.Position` to search; TypeError if it is neither."""
    if isinstance(position, Position):
        return False
    if isinstance(position, type) or not hasattr(position, "nim_value"):
        raise TypeError(f"{function} takes an impartial position (a ruleset's position, a heap of "
                        f"cgt.impartial, a Game), not {position!r}")
    return True


def _row_or_variant(position, report, report_every):
    """The nimber of a row of a Clobber-family variant or of another impartial variant that a formula or
    a compiled search gives, else None."""
    found = _officers_row(position)
    if found is None:
        found = _clobber_row(position, report, report_every)
    if found is None:
        found = _compiled_variant(position, report, report_every)
    return found


# ---------------------------------------------------------------- Cram
def _cram_rows(position):
    """The rows of a Cram board, or of the impartial variant of a Domineering board (the same game),
    else None."""
    if isinstance(position, _Impartial) and type(position.base) is Domineering:
        return position.base.rows
    return position.rows if type(position) is Cram else None


def _cram_strip(position):
    """The nimber of a Cram board of one row or one column, as Dawson's Kayles (0.07) heaps (the
    module's docstring), or None when ``position`` is not one."""
    rows = _cram_rows(position)
    if rows is None or (len(rows) > 1 and len(rows[0]) > 1):
        return None
    from cgt.impartial import dawsons_kayles  # lazy load for start-up time: the heap games

    runs = [len(run) for run in re.findall(r"\.+", "".join(rows))]     # a row, or a column read down
    sequence = dawsons_kayles.nim_sequence(max(runs, default=0) + 1)
    return reduce(xor, (sequence[n] for n in runs), 0)


def _large_cram(position, report, report_every):
    """The nimber of a Cram board of several components too large for the compiled search as a whole:
    the nim-sum of theirs, each searched by the compiled search if it fits, else here; None for any
    other position."""
    if _cram_rows(position) is None or engine.ENGINE != "compiled":
        return None
    parts = position.components()
    if len(parts) < 2:
        return None
    return reduce(xor, (nim_value(part, progress=report or False, progress_every=report_every) for part in parts))


_NOT_ZERO = "not 0"


def _cram_theorem(position):
    """0 or ``_NOT_ZERO`` when the mirror strategy settles a Cram board, else None (the twin of the
    compiled search's theorem).

    Let ``s`` be a symmetry of the board's box (a half turn, a reflection, on a square box a
    transposition) that maps the empty cells onto themselves.  If it maps no empty cell with an empty
    neighbour onto itself or onto a neighbour, every domino and its image are disjoint, so the second
    player can answer each domino with its image: the board is 0.  If a domino that ``s`` maps onto
    itself leaves, once placed, a board on which that holds, the first player places it and then
    mirrors: the board is not 0.
    """
    rows = _cram_rows(position)
    if rows is None:
        return None
    cells = {(r, c) for r, row in enumerate(rows) for c, cell in enumerate(row) if cell == "."}
    if not cells:
        return 0
    top, left = min(r for r, _ in cells), min(c for _, c in cells)
    cells = {(r - top, c - left) for r, c in cells}
    h, w = max(r for r, _ in cells) + 1, max(c for _, c in cells) + 1
    symmetries = [lambda r, c: (h - 1 - r, w - 1 - c), lambda r, c: (h - 1 - r, c), lambda r, c: (r, w - 1 - c)]
    if h == w:
        symmetries += [lambda r, c: (c, r), lambda r, c: (w - 1 - c, h - 1 - r)]
    symmetric = [s for s in symmetries if {s(*p) for p in cells} == cells]
    if any(_mirror_free(s, cells) for s in symmetric):
        return 0
    for s in symmetric:
        for r, c in cells:
            for q in ((r + 1, c), (r, c + 1)):
                fixed = {s(r, c), s(*q)} == {(r, c), q}
                if q in cells and fixed and _mirror_free(s, cells - {(r, c), q}):
                    return _NOT_ZERO
    return None


def _mirror_free(s, cells):
    """Whether ``s`` maps no cell of ``cells`` with a neighbour in ``cells`` onto itself or a neighbour."""
    for r, c in cells:
        neighbours = {(r - 1, c), (r + 1, c), (r, c - 1), (r, c + 1)}
        if neighbours & cells and (s(r, c) == (r, c) or s(r, c) in neighbours):
            return False
    return True


def _compiled_cram_rows(position):
    """The rows of a Cram board (or impartial Domineering) that the compiled search takes (a row and
    its spare cell within 128 bits), turned a quarter if only so they fit (Cram's value is the same),
    else None."""
    rows = _cram_rows(position)
    if not rows or engine.ENGINE != "compiled":
        return None
    rows = [row.replace("#", "x") for row in rows]
    for board in (rows, ["".join(column) for column in zip(*rows)]):
        if len(board) * (len(board[0]) + 1) <= 128:
            return board
    return None


def _compiled_variant(position, report, report_every):
    """The nimber of the impartial variant of a grid or strip ruleset's position by the compiled search,
    or None; a position too large for it, split into its components, each searched there."""
    found = _compiled_variant_search(position)
    if found is None:
        return None
    search, rows_of = found

    def nimber_of(base):
        rows = rows_of(base)
        return None if rows is None else search.nimber(rows, report, report_every)

    try:
        found = nimber_of(position.base)
        parts = position.base.components() if found is None else ()
        if len(parts) > 1:
            nimbers = [nimber_of(part) for part in parts]
            found = None if None in nimbers else reduce(xor, nimbers)
    except compiled.LoopySearch:
        raise LoopyPositionError(_loopy(position)) from None
    return found


def _compiled_variant_has(position, n, report, report_every):
    """Whether the nimber of the impartial variant of a grid or strip ruleset's position is ``n``, by the
    compiled search, or None when it has none or the position does not fit."""
    found = _compiled_variant_search(position)
    rows = None if found is None else found[1](position.base)
    if rows is None:
        return None
    try:
        return found[0].has_nimber(rows, n, report, report_every)
    except compiled.LoopySearch:
        raise LoopyPositionError(_loopy(position)) from None


def _compiled_variant_search(position):
    """The compiled nimber search of the impartial variant ``position``'s ruleset and a function from a
    base position to the rows it takes (None when it does not fit); None when there is no such search."""
    if not isinstance(position, _Impartial):
        return None
    base, most = position.base, LIMITS.max_nimber_table
    if isinstance(base, (_Stones, Quelhas)):
        search = compiled.grid_nimber_search(base._compiled_rules, most)
        return None if search is None else (search, lambda b: list(b.rows))
    if isinstance(base, (_Strip, Sheep, SkiJumps)):
        search = compiled.plain_nimber_search(base._compiled_rules, most)
        return None if search is None else (search, lambda b: b._compiled_rows())
    return None


def _row_of(position, clobbered):
    """The one row of ``position`` if it is the impartial variant of a one-row board of a Clobber-family
    game whose stones move one cell either way along the row onto a stone in ``clobbered`` (Left's,
    Right's), leaving their cell empty; else None.  (A game whose stones move one way only is another
    game: in ``.xxo`` of Clobber played rightwards, the o cannot take the x.)"""
    if not isinstance(position, _Impartial) or not isinstance(position.base, _GenClobber):
        return None
    base = position.base
    along_the_row = {dc for dr, dc in base._steps if dr == 0}
    if (len(base.rows) != 1 or along_the_row != {-1, 1} or base._max_distance != 1
            or tuple(map(set, base._clobbered)) != clobbered or set(base._left_behind) != {"."}):
        return None
    return base.rows[0]


def _clobber_row(position, report, report_every):
    """The nimber of a row of the impartial variant of Clobber by the compiled search of rows (the
    boundaries between its stones: rust/src/solve/clobber_row.rs), or None when it is not one."""
    row = _row_of(position, ({"o"}, {"x"}))
    if row is None or engine.ENGINE != "compiled":
        return None
    return clobber_row_nimber(row, LIMITS.max_nimber_table, report, report_every)


def _is_row(position):
    """Whether ``position`` is a row of the impartial variant of Clobber or of Hot Clobber's kin, which
    a search or a formula of their own answer."""
    return any(_row_of(position, clobbered) is not None
               for clobbered in (({"o"}, {"x"}), ({"x", "o"}, {"x", "o"})))


def _officers_row(position):
    """The nimber of a row of the impartial variant of Hot (Cannibal) Clobber and its kin, as Officers
    heaps (the module's docstring), or None when ``position`` is not one."""
    row = _row_of(position, ({"x", "o"}, {"x", "o"}))
    if row is None:
        return None
    runs = [len(run) for run in re.findall("[xo]+", row)]
    if not runs:
        return 0
    from cgt.impartial import officers  # lazy load for start-up time: the heap games

    sequence = officers.nim_sequence(max(runs) + 1)
    return reduce(xor, (sequence[n] for n in runs))


def _cram(rows, report, report_every, checkpoint, every, min_cells):
    search = CramNimberSearch(rows, LIMITS.max_nimber_table)
    if checkpoint is not None:
        tag = "cram " + "|".join(rows)
        cells = "".join(rows).count(".")
        if min_cells is None:
            min_cells = max(0, cells - 20)
        if type(min_cells) is not int or min_cells < 0:
            raise ValueError(f"checkpoint_min_cells is a number of cells, 0 or more, not {min_cells!r}")
        min_cells = min(min_cells, cells + 1)   # more cells than the board's: nothing is kept
        checkpoint = os.fsdecode(checkpoint)
        if os.path.isdir(checkpoint):
            raise ValueError(f"the checkpoint {checkpoint!r} is a directory, not a file")
        if os.path.exists(checkpoint):
            try:
                with open(checkpoint, "rb") as file:
                    saved = file.read()
            except OSError as error:
                raise ValueError(f"the checkpoint {checkpoint!r} could not be read: {error.strerror}") from None
            search.load(saved, tag)
        search.checkpoint_to(checkpoint, tag, every, min_cells)
    value = search.nimber(report, report_every)
    if checkpoint is not None:
        search.save()
    return value


def _loopy(position):
    return (f"play can come back to {position!r}: it is not a short game, and nim_value is the nimber of "
            f"short impartial games (game_value takes loopy ones)")


def _reporter(position, progress):
    """The callable a search reports to, or None (`cgt.limits.progress_reporter`)."""
    start = time.monotonic()

    def line(expanded, depth, candidate, known, left):
        rate = expanded / max(time.monotonic() - start, 1e-9)
        return (f"{position!r}: {expanded:,} components searched ({rate:,.0f}/s), depth {depth}, "
                f"trying *{candidate} ({left:,} options left to ask), {known:,} nimbers known")

    return progress_reporter(progress, line)


# ---------------------------------------------------------------- Python search (any position)
#: Components an option of the top component may expand in the first round of asking it about a
#: candidate (`_Search._some_option_has`); the compiled search's `FIRST_ROUND`.
_FIRST_ROUND = 1 << 16


class _OverBudget(Exception):
    """Thrown into the top component's search when an option's round ran past its budget."""


class _Search:
    """The pruned search over `~cgt.rulesets.Position` objects: the reference twin of the compiled one.

    Sets of nimbers are Python ints used as bit sets (``-1``: every nimber).
    The search runs on an explicit stack of generators, each one component's
    search, which yields the questions it asks of others (a component and a
    set) and is sent their answers: deep games need no deep recursion.
    """

    def __init__(self, report, report_every=1.0):
        self.table = {}
        self.bounds = {}    # key -> the values a component found outside a set asked about can still take
        self.report = report
        self.report_every = report_every
        self.expanded = 0
        self.limit = math.inf   # `expanded` at which the top component's round runs past its budget
        self.candidate = 0  # the top component's candidate, and its options left to ask about it
        self.left = 0
        self.last_report = time.monotonic()

    def nimber(self, position):
        return reduce(xor, (self._run(self._aspiration(c), c) for c in position.components()), 0)

    def has_nimber(self, position, n):
        """Whether ``position``'s nimber is ``n``: the nimbers of its components but the one with the
        most options, which is asked only whether it has the value that makes the nim-sum ``n``."""
        components = list(position.components())
        if not components:
            return n == 0
        largest = max(range(len(components)), key=lambda i: len(_moves(components[i])))
        last = components.pop(largest)
        target = reduce(xor, (self._run(self._aspiration(c), c) for c in components), n)
        self.candidate = target
        return self._run(self._in_set(last, 1 << target), last) == target

    def _run(self, search, root):
        """The answer of ``search``, the search of the component ``root``: drive it and the searches it
        asks for.

        The keys of the components being searched are kept: play that comes
        back to one of them is refused (`LoopyPositionError`), not followed forever.
        """
        stack, path = [search], [_key(root)]
        on_path = set(path)
        answer = None
        while True:
            try:
                if self.expanded >= self.limit and len(stack) > 1:
                    # The top component's round ran past its budget: its option's search is dropped.
                    for search in stack[1:]:
                        search.close()
                    on_path.difference_update(path[1:])
                    del stack[1:], path[1:]
                    component, wanted = stack[0].throw(_OverBudget())
                else:
                    component, wanted = stack[-1].send(answer)
            except StopIteration as done:
                stack.pop()
                on_path.discard(path.pop())
                if not stack:
                    return done.value
                answer = done.value
                continue
            key = _key(component)
            known = self.table.get(key)
            if known is not None:
                answer = known
                continue
            if not self.bounds.get(key, -1) & wanted:
                answer = None       # its bound misses every value wanted
                continue
            if key in on_path:
                raise LoopyPositionError(_loopy(component))
            stack.append(self._in_set(component, wanted))
            path.append(key)
            on_path.add(key)
            answer = None

    def _expand(self, component):
        """``(n, known, pending)``: the number of options, the nim-sums of those whose components are
        all in the table, and for the others ``[xor, parts]`` (fewest unknown parts first)."""
        self.expanded += 1
        if self.report is not None and time.monotonic() - self.last_report >= self.report_every:
            self.last_report = time.monotonic()
            self.report(self.expanded, 0, self.candidate, len(self.table), self.left)
        if len(self.table) >= LIMITS.max_nimber_table:
            LIMITS.within("max_nimber_table", len(self.table) + 1, "the components whose nimbers one search keeps")
        options = _moves(component)
        known, pending = [], []
        for option in options:
            xor, parts = 0, []
            for part in option.components():
                v = self.table.get(_key(part))
                if v is None:
                    parts.append(part)
                else:
                    xor ^= v
            if parts:
                pending.append([xor, parts])
            else:
                known.append(xor)
        pending.sort(key=lambda entry: len(entry[1]))
        return len(options), known, pending

    def _settle(self, entry):
        """Value every part of a pending option but its first (yielding the questions); the first part.

        A part leaves the entry only with its value: a round dropped while the part is searched
        (`_OverBudget`) leaves the entry whole, to be settled again."""
        while len(entry[1]) > 1:
            v = yield (entry[1][-1], -1)
            entry[1].pop()
            entry[0] ^= v
        return entry[1][0]

    def _aspiration(self, component):
        """The nimber of ``component``: the least candidate that no option has."""
        theorem = _cram_theorem(component)
        if theorem == 0:
            self.table[_key(component)] = 0
            return 0
        n, known, pending = self._expand(component)
        skip = set(known) | ({0} if theorem == _NOT_ZERO else set())
        candidate = self.candidate = 0
        while candidate in skip or (yield from self._some_option_has(candidate, pending, skip)):
            candidate = self.candidate = candidate + 1
        self.table[_key(component)] = candidate
        return candidate

    def _some_option_has(self, candidate, pending, skip):
        """Whether a pending option's nimber is ``candidate``; options found to have others are dropped.

        The options are asked in rounds, each with a budget of components to expand (`_FIRST_ROUND`,
        then four times the last round's): one that runs past it is asked again in the next round,
        after the others (one option that has the candidate is enough).  ``pending[:cleared]`` are
        known not to have it.
        """
        cleared, i, budget, deferred = 0, 0, _FIRST_ROUND, False
        while True:
            if i == len(pending):
                if not deferred:
                    return False
                i, budget, deferred = cleared, 4 * budget, False
            self.left = len(pending) - cleared
            self.limit = self.expanded + budget
            try:
                first = yield from self._settle(pending[i])
                x = pending[i][0]
                v = yield (first, 1 << (candidate ^ x))
            except _OverBudget:
                i, deferred = i + 1, True
                continue
            finally:
                self.limit = math.inf
            if v is None:
                pending.insert(cleared, pending.pop(i))
                cleared, i = cleared + 1, i + 1
                continue
            del pending[i]
            if v ^ x == candidate:
                return True
            skip.add(v ^ x)

    def _in_set(self, component, wanted):
        """The nimber of ``component`` if it lies in ``wanted``; None only when it does not."""
        theorem = _cram_theorem(component)
        if theorem == 0:
            self.table[_key(component)] = 0
            return 0
        if theorem == _NOT_ZERO:
            wanted &= ~1
            if not wanted:
                return None
        n, known, pending = self._expand(component)
        possible = (1 << (n + 1)) - 1
        for v in known:
            possible = _remove(possible, v)
        relevant = -1 if wanted < 0 else (1 << wanted.bit_length()) - 1
        exact = True
        for entry in pending:
            if not possible & wanted:
                return self._bound(component, possible | ~relevant)
            smaller = possible & ~(1 << (possible.bit_length() - 1))
            asked = smaller & relevant
            if not asked:
                possible, exact = smaller, False
                continue
            first = yield from self._settle(entry)
            v = yield (first, _xor_translate(asked, entry[0]))
            if v is None:
                possible, exact = smaller, False
            else:
                possible = _remove(possible, v ^ entry[0])
        if exact or possible & relevant:
            v = (possible & -possible).bit_length() - 1
            self.table[_key(component)] = v
            return v
        return self._bound(component, possible | ~relevant)

    def _bound(self, component, possible):
        """Note that the nimber of ``component`` lies in ``possible``; None, the answer that it is not wanted.

        A search that asked its options about the values up to the largest it wanted knows
        ``possible`` only there: an option that answered "not in the set asked" took away the
        largest possible value where its own, unknown, may have been larger.  So its callers note
        ``possible | ~relevant``.  A cache, emptied when full (as large as the table, room for
        262,144 at least).
        """
        if len(self.bounds) >= max(len(self.table), 1 << 18):
            self.bounds.clear()
        key = _key(component)
        self.bounds[key] = self.bounds.get(key, -1) & possible
        return None


def _moves(position):
    """The options of an impartial position; NotImpartialError if the players' differ."""
    left = list(position.left_moves())
    right = list(position.right_moves())
    if sorted(map(_entry, left), key=repr) != sorted(map(_entry, right), key=repr):
        raise NotImpartialError(f"{position!r} is not impartial: Left and Right have different moves "
                                f"(nim_value is the value of impartial positions; use canonical_form)")
    return left


def _entry(position):
    return position._entry()


def _key(position):
    ruleset, key, _ = position._entry()
    return ruleset, key


def _remove(possible, v):
    """``possible`` less ``v`` if it holds ``v``, else less its largest."""
    if possible >> v & 1:
        return possible & ~(1 << v)
    return possible & ~(1 << (possible.bit_length() - 1))


def _xor_translate(values, x):
    """``{v ^ x : v in values}`` of a finite bit set."""
    result = 0
    while values:
        low = values & -values
        result |= 1 << ((low.bit_length() - 1) ^ x)
        values ^= low
    return result
