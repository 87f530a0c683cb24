"""Deep games: recursive Python code on games deeper than Python's recursion limit.

Games such as ``Game(3000)``'s followers or a long Hackenbush string are
thousands of levels deep.  Code that recurses through them either runs
bottom-up without recursion (`postorder`) or on a worker thread with a large
stack and a raised recursion limit (`run_deep`).
"""

import sys
import threading

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


def run_deep(operation, *args):
    """Run ``operation(*args)`` with room for very deep recursion (re-entrant).

    >>> run_deep(lambda n: n + 1, 41)
    42
    """
    if threading.current_thread().name == _DEEP_THREAD:
        return operation(*args)
    outcome = {}

    def target():
        try:
            outcome["value"] = operation(*args)
        except BaseException as error:  # handed back to the caller below
            outcome["error"] = error

    with _deep_lock:
        old_limit = sys.getrecursionlimit()
        old_stack = threading.stack_size()
        sys.setrecursionlimit(max(old_limit, 2_000_000))
        threading.stack_size(1 << 30)
        try:
            worker = threading.Thread(target=target, name=_DEEP_THREAD)
            worker.start()
            worker.join()
        finally:
            threading.stack_size(old_stack)
            sys.setrecursionlimit(old_limit)
    if "error" in outcome:
        raise outcome["error"]
    return outcome["value"]
