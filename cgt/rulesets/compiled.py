"""The compiled core's ruleset searches (``rust/src/rulesets/``), one per set of rules.

A ruleset with a compiled twin says how the core makes its search: a tuple
``_compiled_rules``, the name of a constructor in ``cgt._core`` and its
arguments.  Partizan heap and cake games give the core their heap rulesets'
option tables instead (`heap_value`), computed here up to the largest heap
a position needs.  The search is made on first use and kept for the process, shared
by every ruleset class with the same rules; its transposition table is
emptied, between two positions, once it holds `TABLE_LIMIT` entries.  On the
pure engine there is no compiled search, and the Python search runs.
"""

import threading
from importlib import import_module

from cgt import engine

if engine.ENGINE == "compiled":
    # The rules name the core's constructors (`_search`), so the core is taken whole, by its
    # full name: import-linter cannot see an extension module and would read `from cgt
    # import _core` as an import of the package `cgt` itself.
    _core = import_module("cgt._core")

    # A search met a position again; the rulesets raise `cgt.errors.LoopyPositionError` for it.
    LoopySearch = _core.LoopyPosition
else:
    class LoopySearch(ValueError):
        """Never raised: the pure engine has no compiled search."""

__all__ = ["LoopySearch", "TABLE_LIMIT", "clear", "clear_heaps", "graph_value", "grid_nimber_search", "grid_value",
           "heap_value", "plain_nimber_search", "search_handle", "sheep_value", "ski_jumps_value", "strip_value"]

TABLE_LIMIT = 1 << 23

_SEARCHES = {}
_LOCK = threading.Lock()


def _search(rules):
    """The handle of the compiled search of ``rules``, made on first use; None on the pure engine."""
    if engine.ENGINE != "compiled" or rules is None:
        return None
    handle = _SEARCHES.get(rules)
    if handle is None:
        with _LOCK:
            handle = _SEARCHES.get(rules)
            if handle is None:
                constructor, *arguments = rules
                handle = _SEARCHES[rules] = getattr(_core, constructor)(*arguments, TABLE_LIMIT)
    return handle


def search_handle(rules):
    """The handle of the compiled search of ``rules`` (made on first use, shared with the ruleset's
    canonical forms), for a search built on it (``cgt.solve``); None without a compiled search."""
    return _search(rules)


def grid_value(rules, rows):
    """The engine id of the board ``rows`` under the grid ruleset ``rules``, or None (no compiled search, or too big)."""
    handle = _search(rules)
    return None if handle is None else _core.grid_value(handle, rows)


def sheep_value(rules, herds):
    """The engine id of the Sheep board ``herds`` (rows of ints) under the search ``rules``, or None
    (no compiled search, or too big)."""
    handle = _search(rules)
    return None if handle is None else _core.sheep_value(handle, [list(row) for row in herds])


def ski_jumps_value(rules, rows):
    """The engine id of the Ski Jumps slope ``rows`` (bytes) under the search ``rules``, or None (no compiled
    search, or too big)."""
    handle = _search(rules)
    return None if handle is None else _core.ski_jumps_value(handle, rows)


def grid_nimber_search(rules, max_entries):
    """A new compiled nimber search (``rust/src/solve/``) of the impartial variant of the grid ruleset
    ``rules``, keeping at most ``max_entries`` nimbers; None without a compiled search."""
    handle = _search(rules)
    return None if handle is None else _core.GridNimberSearch(handle, max_entries)


def graph_value(rules, labels, layers):
    """The engine id of a graph under the graph ruleset ``rules``, or None (no compiled search, or too big).

    ``labels`` are the vertices' labels (ints below 256), ``layers`` per layer
    each vertex's neighbours as a bit set (its own bit a loop).
    """
    handle = _search(rules)
    return None if handle is None else _core.graph_value(handle, labels, layers)


def plain_nimber_search(rules, max_entries):
    """A new compiled nimber search of the impartial variant of the strip ruleset, Sheep or Ski Jumps
    search ``rules`` (its positions given as their ``_compiled_rows()``), keeping at most ``max_entries``
    nimbers; None without a compiled search."""
    handle = _search(rules)
    return None if handle is None else _core.PlainNimberSearch(handle, max_entries)


def strip_value(rules, cells):
    """The engine id of the strip ``cells`` (bytes 0 to 3) under the strip ruleset ``rules``, or None."""
    handle = _search(rules)
    return None if handle is None else _core.strip_value(handle, cells)


class _HeapSearch:
    """A compiled search of partizan heaps or cakes, and how far its heap option tables go."""

    __slots__ = ("handle", "left", "right", "covered", "grows", "lock")

    def __init__(self, shape, transpose_negates, left, right):
        self.handle = _core.heap_rules_new(shape, transpose_negates, TABLE_LIMIT)
        self.left, self.right = left, right
        self.covered = 0            # the tables hold the heaps below this
        self.grows = False          # an option holds a heap larger than its own: no compiled search
        self.lock = threading.Lock()

    def value(self, pieces):
        top = max((max(piece) for piece in pieces), default=0)
        if top >= 1 << 32 or top >= self.covered and not self._extend(top):
            return None
        return _core.heap_rules_value(self.handle, pieces)

    def _extend(self, top):
        """Add the heaps up to ``top`` to the tables; False (for good) if some option grows a heap."""
        with self.lock:
            if self.grows:
                return False
            heaps = range(self.covered, top + 1)
            rows = [[ruleset.heap_options(n) for n in heaps] for ruleset in (self.left, self.right)]
            if any(max(option, default=0) > n
                   for table in rows for n, options in zip(heaps, table) for option in options):
                self.grows = True
                return False
            self.covered = _core.heap_rules_extend(self.handle, *rows)
            return True


_HEAP_SEARCHES = {}


def heap_value(rules, pieces):
    """The engine id of the sum of ``pieces`` (pairs; a heap ``n`` is ``(0, n)``), or None.

    ``rules`` is ``(shape, transpose_negates, left, right)``: ``shape`` one of
    "heaps", "cakes", "twisted_cakes", ``left`` and ``right`` the heap
    rulesets.  None on the pure engine, or when a heap option holds a heap
    larger than its own (the Python search then runs).
    """
    if engine.ENGINE != "compiled":
        return None
    search = _HEAP_SEARCHES.get(rules)
    if search is None:
        with _LOCK:
            search = _HEAP_SEARCHES.get(rules)
            if search is None:
                search = _HEAP_SEARCHES[rules] = _HeapSearch(*rules)
    return search.value(pieces)


def clear_heaps(chosen):
    """Forget the values the compiled heap searches whose rules are ``chosen`` have computed."""
    for rules, search in list(_HEAP_SEARCHES.items()):
        if chosen(rules):
            _core.search_clear(search.handle)


def clear(rules):
    """Forget the values the compiled search of ``rules`` has computed, if it has one."""
    handle = _SEARCHES.get(rules)
    if handle is not None:
        _core.search_clear(handle)
