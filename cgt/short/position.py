"""The position protocol: what every position answers, whatever game it comes from.

A *position* is a state of a game, from which Left and Right can move to other
positions.  Its value is the game ``{P^L | P^R}`` of its options' values.
Every position in `cgt` — a ruleset's board (`cgt.rulesets.Position`, Hackenbush
among them), heaps of an impartial ruleset, a row of coins — is a
`GamePosition` and answers the same questions:

* ``left_moves()``, ``right_moves()``: the positions each player can move to
  (an impartial position says ``moves()``, and both are its moves);
* ``components()``: positions whose disjunctive sum has this position's value
  (by default the position alone);
* ``canonical_form``: the value of a short position, as a `~cgt.Game`;
* ``game_value()``: the value of a position whose play may return to itself
  (a `Stopper` or `SidedValue`; for a short position, its canonical form);
* ``nim_value``: the ``n`` with value ``*n``, for an impartial position;
* ``outcome``: who wins, ``'L'``, ``'R'``, ``'N'`` (the player to move) or ``'P'``
  (the other).

The protocol sits above `cgt.short.game` and below the kinds of position
(`cgt.impartial`, `cgt.loopy`, `cgt.rulesets`), which each build on it.

>>> from cgt import Game
>>> class Switch(GamePosition):
...     '''Left moves to 1, Right to -1: the switch ±1.'''
...     def left_moves(self):
...         return [Number(1)]
...     def right_moves(self):
...         return [Number(-1)]
...     @property
...     def canonical_form(self):
...         return Game([1], [-1])
>>> class Number(GamePosition):
...     def __init__(self, n):
...         self.n = n
...     @property
...     def canonical_form(self):
...         return Game(self.n)
>>> Switch().canonical_form, Switch().outcome, Switch().game_value()
(Game('+-1'), 'N', Game('+-1'))
>>> Number(3).left_moves()
Traceback (most recent call last):
...
NotImplementedError: Number must define left_moves()
"""

from __future__ import annotations

import warnings
from collections.abc import Iterable
from typing import TYPE_CHECKING, Any, Literal

from cgt.errors import NotImpartialError
from cgt.short.game import Game, nimber

if TYPE_CHECKING:
    from cgt.value import Value

__all__ = ["GamePosition", "ImpartialPosition", "deprecated_spelling"]


class GamePosition:
    """A position of a game: the protocol every position of `cgt` answers (see the module).

    A subclass defines `left_moves`, `right_moves` and `canonical_form`; the
    rest follow from them.
    """

    __slots__ = ()

    def left_moves(self) -> Iterable[GamePosition]:
        """The positions Left can move to."""
        raise NotImplementedError(f"{type(self).__name__} must define left_moves()")

    def right_moves(self) -> Iterable[GamePosition]:
        """The positions Right can move to."""
        raise NotImplementedError(f"{type(self).__name__} must define right_moves()")

    def components(self) -> Iterable[GamePosition]:
        """Positions whose disjunctive sum has this position's value (by default, itself)."""
        return (self,)

    @property
    def canonical_form(self) -> Game:
        """The canonical form of ``{P^L | P^R}``, as a `~cgt.Game`."""
        raise NotImplementedError(f"{type(self).__name__} must define canonical_form")

    def game_value(self) -> Value:
        """The value of the position; for a short position, its `canonical_form`."""
        return self.canonical_form

    @property
    def nim_value(self) -> int:
        """The ``n`` with value ``*n``, for an impartial position (else `cgt.errors.NotImpartialError`)."""
        form = self.canonical_form
        if not form.is_nimber:
            raise NotImpartialError(f"the value of {self!r} is {form}, not a nimber: the position is not impartial")
        return form.nim_value

    @property
    def outcome(self) -> str:
        """The outcome class: ``'L'``, ``'R'``, ``'N'`` or ``'P'``."""
        return self.canonical_form.outcome


class ImpartialPosition(GamePosition):
    """A position in which both players have the same moves, `moves`: its value is a nimber.

    A subclass defines `moves` and `nim_value`; its `canonical_form` is then ``*nim_value``.
    """

    __slots__ = ()

    def moves(self) -> Iterable[ImpartialPosition]:
        """The positions either player can move to."""
        raise NotImplementedError(f"{type(self).__name__} must define moves()")

    def left_moves(self) -> Iterable[ImpartialPosition]:
        """The moves (Left's are the moves of either player)."""
        return self.moves()

    def right_moves(self) -> Iterable[ImpartialPosition]:
        """The moves (Right's are the moves of either player)."""
        return self.moves()

    @property
    def nim_value(self) -> int:
        """The ``n`` with value ``*n``."""
        raise NotImplementedError(f"{type(self).__name__} must define nim_value")

    @property
    def canonical_form(self) -> Game:
        """The nimber ``*nim_value``, as a `~cgt.Game`."""
        return nimber(self.nim_value)

    @property
    def outcome(self) -> Literal["N", "P"]:
        """``'P'`` (the previous player wins) when the nim value is 0, else ``'N'``."""
        return "N" if self.nim_value else "P"

    def winning_moves(self) -> list[ImpartialPosition]:
        """The moves to a position of nim value 0 (none from a P-position)."""
        return [position for position in self.moves() if position.nim_value == 0]


def deprecated_spelling(old: str, new: str) -> property:
    """A property ``old`` that warns (`DeprecationWarning`, once per place it is read) and reads ``new``.

    The old spellings of the protocol stay one release under their old names,
    then go (the README lists them).
    """

    def read(self: Any) -> Any:
        warnings.warn(f"{type(self).__name__}.{old} is deprecated, use .{new}", DeprecationWarning, stacklevel=2)
        return getattr(self, new)

    read.__doc__ = f"Deprecated: the old spelling of `{new}`."
    return property(read)
