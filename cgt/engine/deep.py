"""Deep games: recursive Python code on games deeper than Python's recursion limit.

Games such as ``Game(3000)``'s followers or a long Hackenbush string are
thousands of levels deep.  Code that recurses through them either runs
bottom-up without recursion (`postorder`) or on a worker thread with a large
stack and a raised recursion limit (`run_deep`), which allows two Python
frames per level of ``cgt.LIMITS.max_depth``; recursion deeper than that is
a `cgt.errors.GameTooLargeError`.
"""

import sys
import threading

from cgt.limits import LIMITS

__all__ = ["postorder", "run_deep"]


def postorder(root, memo, dependencies, compute):
    """``memo[root]``, filling ``memo`` bottom-up without recursion.

    ``dependencies(node)`` lists the nodes whose values ``compute(node)``
    reads from ``memo``; each is computed first.

    >>> memo = {}
    >>> postorder(0, memo, lambda n: [n + 1] if n < 10**5 else [],
    ...           lambda n: memo[n + 1] + 1 if n < 10**5 else 0)
    100000
    """
    if root in memo:
        return memo[root]
    stack = [root]
    while stack:
        node = stack[-1]
        if node in memo:
            stack.pop()
            continue
        pending = [d for d in dependencies(node) if d not in memo]
        if pending:
            stack.extend(pending)
        else:
            memo[node] = compute(node)
            stack.pop()
    return memo[root]


_deep_lock = threading.Lock()
_DEEP_THREAD = "cgt-deep"


def _raise_in(thread, error_type):
    """Raise ``error_type`` in the Python code that ``thread`` runs, at its next instruction."""
    import ctypes  # lazy load for import time: only an interrupted deep computation needs it

    ctypes.pythonapi.PyThreadState_SetAsyncExc(ctypes.c_ulong(thread.ident), ctypes.py_object(error_type))


_FRAMES_PER_LEVEL = 2
_STACK_PER_FRAME = 512      # bytes of the worker's stack per frame (most frames take none)


def run_deep(operation, *args):
    """Run ``operation(*args)`` with room for very deep recursion (re-entrant).

    >>> run_deep(lambda n: n + 1, 41)
    42
    >>> def down(n):
    ...     return 0 if n == 0 else down(n - 1)
    >>> run_deep(down, 10**7)
    Traceback (most recent call last):
    cgt.errors.GameTooLargeError: the depth of a computation on games: more than 1000000 is past the limit max_depth = 1000000; ...
    """
    if threading.current_thread().name == _DEEP_THREAD:
        return operation(*args)
    outcome = {}

    def target():
        try:
            outcome["value"] = operation(*args)
        except BaseException as error:  # handed back to the caller below
            outcome["error"] = error

    frames = _FRAMES_PER_LEVEL * LIMITS.max_depth
    with _deep_lock:
        old_limit = sys.getrecursionlimit()
        old_stack = threading.stack_size()
        sys.setrecursionlimit(max(old_limit, frames))
        threading.stack_size(max(1 << 30, _STACK_PER_FRAME * frames))
        try:
            worker = threading.Thread(target=target, name=_DEEP_THREAD)
            worker.start()
            try:
                worker.join()
            except BaseException as error:      # Ctrl-C arrives on this thread: stop the worker too
                _raise_in(worker, type(error))
                worker.join()
                raise
        finally:
            threading.stack_size(old_stack)
            sys.setrecursionlimit(old_limit)
    error = outcome.get("error")
    if isinstance(error, RecursionError):
        raise LIMITS.refusal("max_depth", None,
                             "the depth of a computation on games") from None
    if error is not None:
        raise error
    return outcome["value"]
