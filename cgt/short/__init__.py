"""Short partizan games: canonical forms and the theory built on them.

A short game ``{L | R}`` has finitely many positions and no cycles.  The
package's layers, from the top: `position` (the protocol every position of a
game answers, whose ``canonical_form`` is a `Game`), `game` (`Game`, the
interned canonical form), `atomic` (atomic weights, reduced canonical forms), `products` (ordinal,
Norton and Conway products), `explicit` and `incentives`, `printer`
(CGSuite's notation), and at the bottom `thermograph` with the trajectories
and temperature operations beneath it, and `uptimals`.

>>> from cgt.short import Game, star, up
>>> Game([up], [star]) + up
Game('{^^|^*}')
"""

from cgt.short.game import Game, down, miny, nimber, number, star, switch, tiny, up, uptimal, zero
from cgt.short.position import GamePosition, ImpartialPosition

__all__ = ["Game", "GamePosition", "ImpartialPosition", "down", "miny", "nimber", "number", "star", "switch", "tiny",
           "up", "uptimal", "zero"]
