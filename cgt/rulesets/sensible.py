"""Sensible options and sensible lines of play: how a position's canonical form sits in its moves.

Let ``G`` be a position with canonical form ``K``.  A Left move ``G^L`` is
*sensible* when ``G^L >= K^L`` for some Left option ``K^L`` of ``K``; a Right
move ``G^R`` when ``G^R <= K^R`` for some ``K^R`` (CGSuite's
``SensibleOptions``).  For every ``K^L`` some ``G^L >= K^L`` exists: ``K^L <| K = G``,
and no ``K^LR <= K`` since ``K`` has no reversible option.  As CGSuite's
``SensibleLeftOptions`` does, `sensible_options` gives one move per canonical
option: the first, in the order of ``left_moves``, whose value is at least ``K^L``.

A *sensible line* for Left towards ``K^L`` is ``G^L, G^LR, G^LRL, ...`` with
every Left move ``>= K^L``, every Right move ``<= G`` (a reversing answer)
and the last move exactly ``K^L`` (CGSuite's ``SensibleLines``): a sensible
move that is not yet ``K^L`` is reversible, and its reversing answer again
has a Left move ``>= K^L``, so the line always reaches ``K^L``.

Every Left move of this Clobber position is worth ``↑``, and its value is
``* = {0 | 0}``: the one sensible move is the first of them, and Right's
answer to it reverses it to ``0``:

>>> from cgt.rulesets import Clobber
>>> position = Clobber("xo.|ox.")
>>> print(position.canonical_form, [str(move.canonical_form) for move in position.left_moves()])
* ['^', '^', '^', '^']
>>> position.sensible_left_options
(Clobber('.o.|xx.'),)
>>> [str(p.canonical_form) for p in position.sensible_lines("L")[0]]
['^', '*', '0']
"""

__all__ = ["sensible_lines", "sensible_options"]


def _player(player):
    """'L' or 'R' from 'L', 'R', 'left' or 'right' (any case)."""
    side = {"l": "L", "left": "L", "r": "R", "right": "R"}.get(player.lower()) if isinstance(player, str) else None
    if side is None:
        raise ValueError(f"a player is 'L' (Left) or 'R' (Right), not {player!r}")
    return side


def _moves(position, side):
    return list(position.left_moves() if side == "L" else position.right_moves())


def _reaches(side, value, target):
    """Whether a move by ``side`` to ``value`` is at least as good for ``side`` as ``target``."""
    return value >= target if side == "L" else value <= target


def sensible_options(position, player):
    """One sensible move of ``player`` ('L' or 'R') per option of the canonical form, in its order.

    >>> from cgt.rulesets import Domineering
    >>> sensible_options(Domineering("..|.."), "R")      # +-1: one canonical Right option, -1
    (Domineering('##|..'),)
    """
    side = _player(player)
    value = position.canonical_form
    targets = value.left_options if side == "L" else value.right_options
    moves = _moves(position, side)
    values = [move.canonical_form for move in moves]
    return tuple(next(move for move, v in zip(moves, values) if _reaches(side, v, target)) for target in targets)


def sensible_lines(position, player):
    """The sensible lines of ``player`` ('L' or 'R'), one per canonical option, each a tuple of positions.

    >>> from cgt import Hackenbush
    >>> [len(line) for line in sensible_lines(Hackenbush.string("BRB"), "L")]
    [1]
    """
    side = _player(player)
    other = "R" if side == "L" else "L"
    value = position.canonical_form
    targets = value.left_options if side == "L" else value.right_options
    lines = []
    for target in targets:
        line, current = [], position
        while True:
            move = next(m for m in _moves(current, side) if _reaches(side, m.canonical_form, target))
            line.append(move)
            if move.canonical_form == target:
                break
            current = next(m for m in _moves(move, other) if _reaches(other, m.canonical_form, value))
            line.append(current)
        lines.append(tuple(line))
    return tuple(lines)
