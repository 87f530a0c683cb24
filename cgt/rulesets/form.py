"""A game form played as a position: its options are the moves.

`FormPosition` makes any game form a `~cgt.rulesets.Position`: a
`~cgt.Game` (its canonical form), an `~cgt.short.explicit.ExplicitGame` (as
written), a misère `~cgt.impartial.misere.MisereGame` (an impartial form,
``{G' | G'}``), an int, or a loopy value (its `game_value` is the value
itself; it has no canonical form).  It is what a game stands for when it is combined
with positions (``Domineering("..") + 1``), as CGSuite's canonical games are
games with options like any position.

>>> from cgt import parse
>>> position = FormPosition(parse("{1|*}"))
>>> position.left_options
(FormPosition(Game('1')),)
>>> position.canonical_form
Game('{1|*}')
"""

from __future__ import annotations

import html
from numbers import Rational

from cgt.engine import GameHandle
from cgt.short.explicit import ExplicitGame, canonical_id
from cgt.short.game import Game, GameLike
from cgt.rulesets.position import Position
from cgt.value import Struct

__all__ = ["FormPosition"]


def _form(value):
    """A form as given: a Game, a form object, or an int or dyadic Fraction read as its Game."""
    if isinstance(value, Rational) and not isinstance(value, bool):
        return Game(value)
    if isinstance(value, GameHandle) or hasattr(value, "options") or (
            hasattr(value, "left_options") and hasattr(value, "right_options")):
        return value
    raise TypeError(f"a game form has options (a Game, an ExplicitGame, a MisereGame, an int), "
                    f"not {type(value).__name__}")


class FormPosition(Position, Struct):
    """The position of a short game form ``form``: Left moves to its left options, Right to its right ones."""

    __slots__ = ("form",)
    form: object

    def __init__(self, form: GameLike | ExplicitGame) -> None:
        self._init(_form(form))

    def _sides(self):
        form = self.form
        if hasattr(form, "left_options"):
            return form.left_options, form.right_options
        options = tuple(form.options)
        return options, options

    def left_moves(self):
        return [FormPosition(x) for x in self._sides()[0]]

    def right_moves(self):
        return [FormPosition(x) for x in self._sides()[1]]

    def known_value(self):
        """The value without a search: a Game's is itself, an explicit form's its canonical form, a loopy
        value's (a `~cgt.loopy.Stopper` or `~cgt.loopy.SidedValue`) itself."""
        form = self.form
        if isinstance(form, GameHandle):
            return form
        if isinstance(form, ExplicitGame):
            return form.canonical_form
        if getattr(form, "is_loopfree", True) is False:
            return form
        return None

    def _compiled_id(self):
        """The id of a short form's value at once (a misère form is read by `cgt.short.explicit`); None for a loopy one."""
        known = self.known_value()
        if isinstance(known, GameHandle):
            return known._id
        return None if known is not None else canonical_id(ExplicitGame.from_form(self.form))

    def __repr__(self):
        return f"FormPosition({self.form!r})"

    def __str__(self):
        return str(self.form)

    def _repr_latex_(self):
        """The form's LaTeX, where it has one (a Game's), else None."""
        latex = getattr(self.form, "_repr_latex_", None)
        return latex() if latex is not None else None

    def _repr_html_(self):
        """The form's text, for a form without LaTeX (an explicit or misère form), else None."""
        if hasattr(self.form, "_repr_latex_"):
            return None
        return f"<code>{html.escape(str(self.form))}</code>"
