"""Printing canonical games in CGSuite's notation.

The rules (written out in the project's NOTATION reference) in brief: numbers,
nimbers and uptimals print compactly (``-1/2``, ``*8``, ``73/16v9*8``); a game
equal to its negative prints as ``+-`` and its Left side; ``{x || x | y}``
prints as ``Tiny``/``Miny``; everything else in braces, where a side with one
option lends it its bars (``{3||2|1}``) and no run of more than four bars is
printed.

>>> from cgt import parse
>>> game_text(parse("{0|*||*|||*||||*}")._id)
'^[4]'
>>> game_text(parse("{1|0||0}")._id)
'Miny(1)'
"""

from fractions import Fraction

from cgt import engine
from cgt.game import number_tiny_parts
from cgt.uptimal import compact_uptimal_text, uptimal_expansion, uptimal_needs_parens

__all__ = ["game_text", "number_text", "sort_key"]

_MAX_BARS = 4


def game_text(a):
    """CGSuite's text for the canonical game with id ``a``."""
    text, _ = _text(a, True, False)
    return text


def number_text(x):
    """``n`` or ``p/q`` in lowest terms, sign in front."""
    return str(x.numerator) if x.denominator == 1 else f"{x.numerator}/{x.denominator}"


def _text(a, force_braces, force_parens):
    """(text, bars): bars is the bar depth the text leaves open, 0 if braced."""
    expansion = uptimal_expansion(a)
    if expansion is not None:
        compact = compact_uptimal_text(expansion)
        if compact is not None:
            if force_parens and uptimal_needs_parens(expansion):
                compact = f"({compact})"
            return compact, 0
    lo = sorted(engine.left(a), key=sort_key)
    ro = sorted(engine.right(a), key=sort_key)
    if engine.neg(a) == a:
        inner = ",".join(_text(g, True, len(lo) == 1)[0] for g in lo)
        return ("+-" + (f"{{{inner}}}" if len(lo) > 1 else inner)), 0
    tiny = number_tiny_parts(a)
    if tiny is not None:
        name, x, subscript = tiny
        text = f"{number_text(x) if x else ''}{name}({_text(subscript, True, True)[0]})"
        return (f"({text})" if force_parens else text), 0
    left_parts = [_text(g, len(lo) > 1, False) for g in lo]
    right_parts = [_text(g, len(ro) > 1, False) for g in ro]
    bars = 1 + max(b for _, b in left_parts + right_parts)
    body = ",".join(t for t, _ in left_parts) + "|" * bars + ",".join(t for t, _ in right_parts)
    if force_braces or bars == _MAX_BARS:
        return "{" + body + "}", 0
    return body, bars


def sort_key(a):
    """CGSuite's deterministic order of options: numbers ascending, then
    nimbers, then uptimals, then other games by their sorted left options,
    then their sorted right options."""
    key = _sort_keys.get(a)
    if key is None:
        expansion = uptimal_expansion(a)
        if expansion is not None:
            if expansion.is_number:
                key = (0, expansion.number)
            elif expansion.is_nimber:
                key = (1, expansion.nimber)
            else:
                key = (2, expansion.sort_key)
        else:
            key = (3,
                   [sort_key(g) for g in sorted(engine.left(a), key=sort_key)],
                   [sort_key(g) for g in sorted(engine.right(a), key=sort_key)])
        _sort_keys[a] = key
    return key


_sort_keys = {}
