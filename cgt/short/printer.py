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

import re
from functools import cmp_to_key

from cgt import engine
from cgt.dyadic import number_text
from cgt.short.uptimals import compact_uptimal_text, uptimal_expansion, uptimal_needs_parens

__all__ = ["game_latex", "game_text", "number_text", "number_tiny_parts", "sort_key"]

_MAX_BARS = 4


def game_text(a):
    """CGSuite's text for the canonical game with id ``a``."""
    text, _ = _text(a, True, False)
    return text


def game_latex(text):
    r"""LaTeX (math mode, without the dollars) for CGSuite text ``text``.

    A transliteration, symbol by symbol, so it reads exactly as the text:
    ↑ ``\uparrow``, ⇑ ``\Uparrow`` (and ↓, ⇓), ↑<n> ``\uparrow^{n}``,
    ↑[n] ``\uparrow^{[n]}``, ``*n`` ``\ast n``, ``+-`` ``\pm``, fractions
    ``\tfrac``, braces escaped and runs of bars as ``\mid`` and ``\|``.
    The text of loopy values reads the same way, its words upright
    (``\mathrm{on}``; ``over``, ``under``, ``off``, ``pass``, ``dud`` alike,
    also as the power of an arrow, ``^[on]``), and the ``&`` of a sided
    value as a binary operator.

    >>> print(game_latex("{1/2||0|-1}"))
    \{\tfrac{1}{2}\,\|\,0\mid-1\}
    >>> print(game_latex("+-{3|2}"), game_latex("73/16v9*8"), game_latex("^<2>*"))
    \pm\{3\mid2\} \tfrac{73}{16}\downarrow9\ast8 \uparrow^{2}\ast
    >>> print(game_latex("^[on]*"), game_latex("over & v"), game_latex("+-(5over)"))
    \uparrow^{[\mathrm{on}]}\ast \mathrm{over} \mathbin{\&} \downarrow \pm(5\mathrm{over})
    """
    return "".join(_latex_token(m) for m in _TOKEN.finditer(text)).strip()


_TOKEN = re.compile(
    r"(?P<pm>\+-)|(?P<frac>(?P<num>\d+)/(?P<den>\d+))|(?P<int>\d+)"
    r"|(?P<name>Tiny|Miny|over|off|on|under|pass|dud)"
    r"|(?P<arrow>\^\^|vv|\^|v)(?:<(?P<power>\d+|on)>|\[(?P<power_to>\d+|on)\])?"
    r"|(?P<bars>\|+)|(?P<char>.)"
)
_ARROWS = {"^": r"\uparrow", "^^": r"\Uparrow", "v": r"\downarrow", "vv": r"\Downarrow"}
_BARS = {1: r"\mid", 2: r"\,\|\,", 3: r"\,\|\mid", 4: r"\,\|\|\,"}
_CHARS = {"{": r"\{", "}": r"\}", "*": r"\ast", ",": r",\,", "&": r"\mathbin{\&}"}


def _power(text):
    """The power of an arrow: a number, or ``on`` upright."""
    return r"\mathrm{on}" if text == "on" else text


def _latex_token(m):
    kind = m.lastgroup
    if kind == "pm":
        return r"\pm"
    if m.group("frac"):
        return rf"\tfrac{{{m.group('num')}}}{{{m.group('den')}}}"
    if kind == "int":
        return m.group("int")
    if m.group("arrow"):
        arrow = _ARROWS[m.group("arrow")]
        if m.group("power"):
            return f"{arrow}^{{{_power(m.group('power'))}}}"
        if m.group("power_to"):
            return f"{arrow}^{{[{_power(m.group('power_to'))}]}}"
        return arrow
    if kind == "bars":
        return _BARS[len(m.group("bars"))]
    if kind == "name":
        return rf"\mathrm{{{m.group('name')}}}"
    return _CHARS.get(m.group("char"), m.group("char"))



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


def number_tiny_parts(a):
    """``(name, x, H)`` when the game ``a`` is ``x + Tiny(H)`` or ``x + Miny(H)``, else None.

    ``{x || x | y}`` with x a number and ``mean(y) < x`` is ``x + Tiny(x - y)``;
    ``{y | x || x}`` with ``mean(y) > x`` is ``x + Miny(y - x)``.
    """
    lo, ro = engine.left(a), engine.right(a)
    if len(lo) != 1 or len(ro) != 1:
        return None
    gl, gr = lo[0], ro[0]
    x = engine.number(gl)
    if x is not None and engine.number(gr) is None:
        inner_left, inner_right = engine.left(gr), engine.right(gr)
        if inner_left == (gl,) and len(inner_right) == 1 and _mean_below(inner_right[0], x):
            return "Tiny", x, engine.add(gl, engine.neg(inner_right[0]))
    x = engine.number(gr)
    if x is not None and engine.number(gl) is None:
        inner_left, inner_right = engine.left(gl), engine.right(gl)
        if inner_right == (gr,) and len(inner_left) == 1 and _mean_below(engine.neg(inner_left[0]), -x):
            return "Miny", x, engine.add(inner_left[0], engine.neg(gr))
    return None


def _mean_below(a, x):
    """Whether ``mean(a) < x``: the stops bound the mean, the thermograph settles the rest."""
    lstop, rstop = engine.stops(a)
    if lstop < x:
        return True
    if rstop >= x:
        return False
    from cgt.short.thermograph import mean  # lazy: `import cgt` stays fast without the thermograph

    return mean(a) < x


def sort_key(a):
    """A key putting game ids in CGSuite's deterministic order: numbers
    ascending, then nimbers, then uptimals by their expansions, then other
    games by their sorted left options, then their sorted right options."""
    return _ORDER_KEY(a)


def _category(a):
    category = _categories.get(a)
    if category is None:
        expansion = uptimal_expansion(a)
        if expansion is None:
            category = (3, None)
        elif expansion.is_number:
            category = (0, expansion.number)
        elif expansion.is_nimber:
            category = (1, expansion.nimber)
        else:
            category = (2, expansion.sort_key)
        _categories[a] = category
    return category


def _compare(a, b):
    """-1, 0 or 1 as ``a`` comes before, with, or after ``b``."""
    if a == b:
        return 0
    ca, cb = _category(a), _category(b)
    if ca[0] != cb[0]:
        return -1 if ca[0] < cb[0] else 1
    if ca[0] < 3:
        return (ca[1] > cb[1]) - (ca[1] < cb[1])
    key = (a, b)
    result = _comparisons.get(key)
    if result is None:
        result = (_compare_lists(_sorted_options(a, engine.left), _sorted_options(b, engine.left))
                  or _compare_lists(_sorted_options(a, engine.right), _sorted_options(b, engine.right)))
        _comparisons[key] = result
        _comparisons[(b, a)] = -result
    return result


def _compare_lists(xs, ys):
    for x, y in zip(xs, ys):
        result = _compare(x, y)
        if result:
            return result
    return (len(xs) > len(ys)) - (len(xs) < len(ys))


def _sorted_options(a, side):
    key = (a, side)
    options = _sorted.get(key)
    if options is None:
        options = _sorted[key] = sorted(side(a), key=_ORDER_KEY)
    return options


_ORDER_KEY = cmp_to_key(_compare)
_categories = {}
_comparisons = {}
_sorted = {}
