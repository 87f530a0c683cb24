"""Playing games: against the computer or a friend at the terminal, and on a board in a notebook.

`play` (`cgt.play.terminal`) plays impartial heap games at the terminal
(``cgt play nim``); `cgt.play.board.Board` is an interactive board of a grid
ruleset in Jupyter (it needs the ``notebook`` extra, anywidget, so it is
imported from its module, not from here).

>>> ruleset_named("kayles")
TakeAndBreak('0.77')
"""

from cgt.play.terminal import RULESETS, play, ruleset_named

__all__ = ["RULESETS", "play", "ruleset_named"]
