"""A census of a grid ruleset: each board shape's value, with the invariants users filter on.

A *census* of a ruleset lists one board per class of polyominoes under the
symmetries that keep its values (`RULESETS`), with the canonical form of the
position on the whole board and derived data of that value (`value_facts`):
its notation, `kind`, outcome class, mean, temperature, stops, birthday and
atomic weight.  Numbers are written exactly, as ``str`` of a Fraction
(``'3/2'``, ``'-1'``), never as floats.

>>> from cgt.rulesets import Domineering
>>> value_facts(Domineering("..|..").canonical_form)
('+-1', 'switch', 'N', '0', '1', '1', '-1', 2, None)
"""


from __future__ import annotations

from cgt import engine
from cgt.db.enumerate import DIHEDRAL, MIRRORS
from cgt.short.game import Game, number_tiny_parts
from cgt.rulesets import Cram, Domineering
from cgt.version import cgt_version

__all__ = ["KINDS", "RULESETS", "cgt_version", "kind", "value_facts"]

RULESETS = {
    "domineering": (Domineering, MIRRORS),
    "cram": (Cram, DIHEDRAL),
}
"""Ruleset name -> (Position class, group of the board symmetries that keep every value).

A quarter turn of a Domineering board negates its value, so a Domineering
census keeps a board and its transpose, and Cram's (impartial) keeps one board
per free polyomino.
"""

KINDS = ("integer", "number", "nimber", "number+nimber", "up multiple", "tiny/miny",
         "infinitesimal", "switch", "hot")
"""The kinds of values, in the order `kind` tries them; the first that fits is a value's kind."""


def kind(g: Game) -> str:
    """The first of `KINDS` that describes the canonical game ``g``.

    * ``integer``, ``number``: ``g`` is an integer, a (dyadic) number;
    * ``nimber``: ``*m``, m >= 1; ``number+nimber``: ``x*m``, x != 0, m >= 1;
    * ``up multiple``: ``x + n.↑ + *m``, n != 0;
    * ``tiny/miny``: ``x + Tiny(H)`` or ``x + Miny(H)``;
    * ``infinitesimal``: any other number plus an infinitesimal (``L(g) = R(g)``);
    * ``switch``: ``{x|y}`` for numbers ``x > y``;
    * ``hot``: anything else (``L(g) > R(g)``).

    >>> from cgt import parse
    >>> [kind(parse(s)) for s in ("-2", "3/4", "*2", "1*", "^*", "Tiny(2)", "^<2>", "+-1", "{2|0||-1}")]
    ['integer', 'number', 'nimber', 'number+nimber', 'up multiple', 'tiny/miny', 'infinitesimal', 'switch', 'hot']
    """
    if g.is_number:
        return "integer" if g.is_integer else "number"
    fast = engine.fast_path(g._id)
    if fast is not None:
        x, ups, star = fast
        if ups:
            return "up multiple"
        return "nimber" if x == 0 else "number+nimber"
    if number_tiny_parts(g._id) is not None:
        return "tiny/miny"
    if g.is_numberish:
        return "infinitesimal"
    (left, *more_left), (right, *more_right) = g.left_options, g.right_options
    if not more_left and not more_right and left.is_number and right.is_number:
        return "switch"
    return "hot"


def value_facts(g: Game) -> tuple[object, ...]:
    """The stored facts of the canonical game ``g``: ``(notation, kind, outcome, mean,
    temperature, left_stop, right_stop, birthday, atomic_weight)``.

    Numbers are exact strings; the atomic weight is its notation, or None when
    ``g`` is not atomic.

    >>> from cgt import parse
    >>> value_facts(parse("^*"))
    ('^*', 'up multiple', 'N', '0', '0', '0', '0', 2, '1')
    """
    try:
        atomic_weight = str(g.atomic_weight)
    except ValueError:                  # NotAtomicError: not an atomic game
        atomic_weight = None
    return (str(g), kind(g), g.outcome, str(g.mean), str(g.temperature),
            str(g.left_stop), str(g.right_stop), g.birthday, atomic_weight)

