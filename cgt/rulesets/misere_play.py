"""The outcome of a partizan position in misère play: the player who cannot move wins.

Misère play depends on the form, not only on the value: ``G`` is won by Left
moving first when Left has no move, or has a move ``G^L`` that Right, moving
first there, loses; the outcome class is 'L', 'R', 'N' or 'P' as in normal
play (CGSuite's ``MisereOutcomeClass``).  The search keeps a stack, not
Python's recursion, and visits each position (by equality) once.

>>> from cgt.rulesets import Domineering
>>> Domineering("..").misere_outcome, Domineering("..").outcome
('L', 'R')
"""

__all__ = ["misere_outcome"]

_CLASS = {(True, True): "N", (True, False): "L", (False, True): "R", (False, False): "P"}


def misere_outcome(position):
    """'L', 'R', 'N' or 'P': who wins ``position`` in misère play, by who moves first.

    >>> from cgt.rulesets import Clobber
    >>> misere_outcome(Clobber("xo"))
    'P'
    """
    wins = {}          # (position, side to move) -> whether that side wins moving first
    open_ = set()      # nodes whose options are being searched: the current line of play

    def options(node):
        p, side = node
        moves = p.left_moves() if side == "L" else p.right_moves()
        return [(m, "R" if side == "L" else "L") for m in moves]

    for root in ((position, "L"), (position, "R")):
        stack = [(root, None)]
        while stack:
            node, children = stack[-1]
            if node in wins:
                stack.pop()
                continue
            if children is None:
                children = options(node)
                stack[-1] = (node, children)
                pending = [child for child in children if child not in wins]
                open_.add(node)
                if any(child in open_ for child in pending):
                    raise ValueError("the misère outcome of a loopy position: play returns to a position it left")
                if pending:
                    stack.extend((child, None) for child in pending)
                    continue
            wins[node] = not children or any(not wins[child] for child in children)
            open_.discard(node)
            stack.pop()
    return _CLASS[wins[(position, "L")], wins[(position, "R")]]
