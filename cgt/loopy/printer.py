"""Printing stoppers in CGSuite's notation.

The named forms come first, as CGSuite chooses them: pseudonumbers (``on``,
``off``, ``5over``, ``-1/2under``), switches ``+-G``, ``Tiny``/``Miny`` of a
loopy subscript, the upon family (``^[on]``, ``v[on]*``, ``^<on>``, with a
number in front); every other stopper prints in braces, where ``pass`` is a
move to the node itself and a node that a follower moves back to is named
by a label, ``a{0||0|a|||-1*}``.  Options print short games first (CGSuite's
order of short games), then loopy ones in an order fixed by their graphs.

>>> from cgt import parse
>>> print(parse("{0,*||*|pass}"), parse("+-{5|pass}"), parse("{0||0|under}"))
^<on>* +-(5over) Tiny(over)
"""

from cgt.short.game import Game, nimber
from cgt.loopy.stopper import node_keys, sorted_nodes
from cgt.loopy.stops import pseudonumber_parts, under
from cgt.short.printer import _text as short_text, number_text
from cgt.short.uptimals import uptimal_expansion

__all__ = ["stopper_text", "braces_text", "sorted_nodes", "node_keys", "number_tiny_parts", "pseudonumber_parts"]

_MAX_BARS = 4


def stopper_text(g):
    """CGSuite's text for the Stopper ``g``."""
    return _text(g, True, False, {}, [0])[0]


def _value_text(x, force_braces, force_parens, stack=None, names=None):
    """(text, bars) of a Game, Stopper or carousel option (which prints itself, ``_append_text``)."""
    if isinstance(x, Game):
        return short_text(x._id, force_braces, force_parens)
    stack, names = ({} if stack is None else stack), ([0] if names is None else names)
    if hasattr(x, "_append_text"):
        return x._append_text(force_braces, force_parens, stack, names)
    return _text(x, force_braces, force_parens, stack, names)


def _text(g, force_braces, force_parens, stack, names):
    """(text, bars) of Stopper ``g``; ``stack`` maps the nodes being printed to their labels."""
    pseudo = pseudonumber_parts(g)
    if pseudo is not None:
        name, x = pseudo
        if not x:
            return name, 0
        text = number_text(x) + name
        return (f"({text})" if force_parens else text), 0
    lo, ro = g.left_options, g.right_options
    if g == -g:
        inner = ",".join(_value_text(x, True, len(lo) == 1)[0] for x in lo)
        return "+-" + (f"{{{inner}}}" if len(lo) > 1 else inner), 0
    tiny = number_tiny_parts(g) if g.is_plumtree else None
    if tiny is not None:
        name, x, subscript = tiny
        text = f"{number_text(x) if x else ''}{name}({_value_text(subscript, True, False)[0]})"
        return (f"({text})" if force_parens else text), 0
    upon = _upon_form(g)
    if upon is not None:
        kind, x, star, negated = upon
        text = (number_text(x) if x else "") + ("v" if negated else "^") + kind
        return text + ("" if star == 0 else "*" if star == 1 else f"*{star}"), 0
    return braces_text(g, lo, ro, force_braces, stack, names)


def braces_text(g, lo, ro, force_braces, stack, names):
    """(text, bars) of node ``g`` in braces, its options ``lo`` and ``ro`` in printing order.

    ``stack`` maps the nodes being printed to their labels: a node met again
    inside itself prints as its label, and gets one (``a{...}``); an option
    equal to ``g`` itself prints as ``pass``.
    """
    if g in stack:
        if stack[g] is None:
            stack[g] = _label(names[0])
            names[0] += 1
        return stack[g], 0
    stack[g] = None
    sides, bars = [], 0
    for options in (lo, ro):
        parts = []
        for x in options:
            if x is g or x == g:
                parts.append("pass")
            else:
                text, b = _value_text(x, len(options) > 1, False, stack, names)
                parts.append(text)
                bars = max(bars, b)
        sides.append(",".join(parts))
    label = stack.pop(g)
    bars += 1
    body = sides[0] + "|" * bars + sides[1]
    if force_braces or label or not lo or not ro or bars == _MAX_BARS:
        return (label or "") + "{" + body + "}", 0
    return body, bars


def _label(n):
    """CGSuite's n-th node label: a, b, ..., z, then N1, N2, ..."""
    return chr(ord("a") + n) if n < 26 else f"N{n - 25}"


def number_tiny_parts(g):
    """("Tiny", x, y) when g = {x || x | z} for a number x with z - x <= under, y = x - z; Miny alike."""
    lo, ro = g.left_options, g.right_options
    if len(lo) != 1 or len(ro) != 1:
        return None
    for name, near, far, sign in (("Tiny", lo[0], ro[0], 1), ("Miny", ro[0], lo[0], -1)):
        if not (isinstance(near, Game) and near.is_number):
            continue
        back, away = (far.left_options, far.right_options)[::sign]
        if len(back) == 1 and len(away) == 1 and back[0] == near and sign * (away[0] - near) <= under:
            return name, (near.to_fraction() if near else 0), sign * (near - away[0])
    return None


def _upon_form(g):
    """(kind, x, star, negated) when g is x + ^[on] + *star, or ^<on>, or their negatives."""
    form = _upon(g, True)
    if form is not None:
        return form
    form = _upon(-g, True)
    if form is not None:
        kind, x, star, _ = form
        return kind, -x, star, True
    return None


def _upon(g, uponth):
    """CGSuite's upon forms of the Stopper g, not negated; ``uponth``: also try ^<on>."""
    lo, ro = set(g.left_options), g.right_options
    if len(ro) == 1 and len(lo) <= 2 and isinstance(ro[0], Game):
        e = uptimal_expansion(ro[0]._id)
        if e is not None and e.length == 0:
            x, n = e.number, e.nimber
            if (n == 0 and lo == {g, Game(x)}) or (n != 0 and lo == {g}):
                return "[on]", x, n ^ 1, False
    if uponth and len(ro) == 1 and not isinstance(ro[0], Game):
        form = _upon(-ro[0], False)
        if form is not None and form[0] == "[on]" and not form[3]:
            _, x, n, _ = form
            if lo == {Game(-x) + nimber(k) for k in range(0, (n ^ 1) + 1)}:
                return "<on>", -x, n ^ 1, False
    return None
