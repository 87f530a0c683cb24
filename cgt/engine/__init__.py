"""The canonical-form engine: interned games as integer ids.

`Game` is a thin wrapper over these functions; nothing else in `cgt` reaches
into the engine's tables.  Two engines implement them: the compiled one
(`cgt.engine.compiled`, Rust, built by ``pip install``) and the pure-Python
reference (`cgt.engine.pure`, where the algorithms are explained).  The
environment variable ``CGT_ENGINE`` picks one: ``compiled``, ``pure``, or
``auto`` (the default: compiled when it is built).  `ENGINE` names the one in
use.

>>> ENGINE in ("compiled", "pure")
True
"""

import os
from functools import partial
from types import ModuleType
from typing import TYPE_CHECKING

from cgt.engine.deep import postorder, run_deep

_choice = os.environ.get("CGT_ENGINE", "auto")
if _choice not in ("auto", "compiled", "pure"):
    raise ImportError(f"CGT_ENGINE is 'auto', 'compiled' or 'pure', not {_choice!r}")

_backend: ModuleType | None = None
if _choice != "pure":
    try:
        from cgt.engine import compiled as _backend
    except ImportError as error:
        if _choice == "compiled":
            raise ImportError(
                f"CGT_ENGINE=compiled, but the compiled core cgt._core is not built ({error}); "
                "reinstall with `pip install -e .` (it needs a Rust toolchain)"
            ) from error
if _backend is None:
    from cgt.engine import pure as _backend

ENGINE = "compiled" if _backend.__name__.endswith("compiled") else "pure"

ZERO = _backend.ZERO
add = _backend.add
birthday = _backend.birthday
canon = _backend.canon
clear_caches = _backend.clear_caches
depth = _backend.depth
fast_path = _backend.fast_path
le = _backend.le
left = _backend.left
neg = _backend.neg
number = _backend.number
nus = _backend.nus
right = _backend.right
stops = _backend.stops
table_size = _backend.table_size
uptimal = _backend.uptimal

# The compiled operations recurse on a stack of their own: no guard needed.
_unguarded = frozenset((add, canon, le, neg)) if ENGINE == "compiled" else frozenset()
# Below this total depth an operation runs on the caller's stack: a pure-Python sum takes up to
# three frames a level (``add``, ``_add``, a comprehension), so 250 levels leave a quarter of
# Python's default limit of 1000 frames to the caller.
_DEEP = 250


def run(operation, *ids):
    """Run an engine operation; on deep games, on a thread with room to recurse.

    Recursion depth follows the depth of the games involved, so pure-Python
    operations on games deeper than Python's default limit run on a worker
    thread with a large stack and a raised recursion limit.
    """
    if operation in _unguarded:
        return operation(*ids)
    total = 0
    for i in ids:
        total += depth(i)
    if total < _DEEP:
        return operation(*ids)
    return run_deep(operation, *ids)


if ENGINE == "compiled":
    multiple = _backend.multiple
else:
    def multiple(a, n):
        """The id of ``n.a`` for an int n; each doubling, deeper than the last, guarded as by `run`."""
        return _backend.multiple(a, n, add=partial(run, add))


def call(thunk, *ids):
    """``thunk()``, on the deep-recursion thread when the games ``ids`` are deep."""
    if sum(depth(i) for i in ids) < _DEEP:
        return thunk()
    return run_deep(thunk)


if TYPE_CHECKING:
    from cgt._core import GameHandle        # the interface both engines' handles have
elif ENGINE == "compiled":
    GameHandle = _backend.GameHandle
else:
    _ORDER = {
        0: lambda a, b: run(le, a, b) and not run(le, b, a),   # <
        1: lambda a, b: run(le, a, b),                         # <=
        4: lambda a, b: run(le, b, a) and not run(le, a, b),   # >
        5: lambda a, b: run(le, b, a),                         # >=
    }

    class GameHandle:
        """The handle of an interned game (the base of `cgt.Game`): its id, its hash, and the game order.

        A game equal to a number hashes as that number (``hash(Game(1)) == hash(1)``).
        Comparisons between handles are the engine's order; against anything
        else the subclass's ``_compare(other, op)`` decides (``op`` numbered
        as in CPython: 0 ``<``, 1 ``<=``, 2 ``==``, 3 ``!=``, 4 ``>``, 5 ``>=``).
        The compiled engine has the same class in Rust.
        """

        __slots__ = ("_id", "_hash")

        def __new__(cls, ident):
            x = number(ident)
            handle = object.__new__(cls)
            object.__setattr__(handle, "_id", ident)
            object.__setattr__(handle, "_hash", hash(x) if x is not None else hash(("cgt.Game", ident)))
            return handle

        def __hash__(self):
            return self._hash

        def _richcmp(self, other, op):
            if not isinstance(other, GameHandle):
                return self._compare(other, op)
            if op == 2:
                return self._id == other._id
            if op == 3:
                return self._id != other._id
            return _ORDER[op](self._id, other._id)

        def __lt__(self, other):
            return self._richcmp(other, 0)

        def __le__(self, other):
            return self._richcmp(other, 1)

        def __eq__(self, other):
            return self._richcmp(other, 2)

        def __ne__(self, other):
            return self._richcmp(other, 3)

        def __gt__(self, other):
            return self._richcmp(other, 4)

        def __ge__(self, other):
            return self._richcmp(other, 5)


def construct(left_ids, right_ids):
    """``canon(left_ids, right_ids)``, guarded against deep recursion."""
    if ENGINE == "compiled":
        return canon(left_ids, right_ids)
    return call(lambda: canon(left_ids, right_ids), *left_ids, *right_ids)


__all__ = [
    "ENGINE", "GameHandle", "ZERO", "add", "birthday", "call", "canon", "clear_caches", "construct", "depth",
    "fast_path", "le", "left", "multiple", "neg", "number", "nus", "postorder", "right", "run",
    "run_deep", "stops", "table_size", "uptimal",
]
