"""The compiled core's ruleset searches (``rust/src/rulesets/``), one per set of rules.

A ruleset with a compiled twin says how the core makes its search: a tuple
``_compiled_rules``, the name of a constructor in ``cgt._core`` and its
arguments.  The search is made on first use and kept for the process, shared
by every ruleset class with the same rules; its transposition table is
emptied, between two positions, once it holds `TABLE_LIMIT` entries.  On the
pure engine there is no compiled search, and the Python search runs.
"""

import threading

from cgt import engine

if engine.ENGINE == "compiled":
    from cgt import _core

    LoopyError = _core.LoopyPosition
else:
    class LoopyError(ValueError):
        """Never raised: the pure engine has no compiled search."""

__all__ = ["LoopyError", "TABLE_LIMIT", "clear", "graph_value", "grid_value"]

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


def grid_value(rules, rows):
    """The engine id of the board ``rows`` under the grid ruleset ``rules``, or None (no compiled search, or too big)."""
    handle = _search(rules)
    return None if handle is None else _core.grid_value(handle, rows)


def graph_value(rules, labels, layers):
    """The engine id of a graph under the graph ruleset ``rules``, or None (no compiled search, or too big).

    ``labels`` are the vertices' labels (ints below 256), ``layers`` per layer
    each vertex's neighbours as a bit set (its own bit a loop).
    """
    handle = _search(rules)
    return None if handle is None else _core.graph_value(handle, labels, layers)


def clear(rules):
    """Forget the values the compiled search of ``rules`` has computed, if it has one."""
    handle = _SEARCHES.get(rules)
    if handle is not None:
        _core.search_clear(handle)
