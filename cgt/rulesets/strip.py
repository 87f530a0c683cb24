"""Games on a strip of cells: CGSuite's Toads and Frogs family (``GenToadsAndFrogs``) and Toppling Dominoes.

>>> from cgt.rulesets import ToadsAndFrogs, TopplingDominoes
>>> print(ToadsAndFrogs("TT.FF").canonical_form, ToadsAndFrogs("TTF.F").canonical_form)
* v
>>> print(TopplingDominoes("lrrlrrl").canonical_form, TopplingDominoes("lere").canonical_form)   # CGSuite's
Tiny(1/2) {1|0,{0|-1}}

`GenToadsAndFrogs` makes the ruleset (a `~cgt.rulesets.Position` class) of
its parameters; `ToadsAndFrogs`, `ElephantsAndRhinos` and
`BackslidingToadsAndFrogs` are its named instances, as in CGSuite.  In every
ruleset here a strip read backwards with the players' pieces swapped is worth
the negative.  With the compiled engine the search runs in Rust
(``rust/src/rulesets/strip.rs``) for strips of up to 64 cells; this module's
is the reference.
"""

from __future__ import annotations

import functools
import re
from typing import ClassVar

from cgt.rulesets import compiled
from cgt.rulesets.position import Position, PositionSyntaxError
from cgt.value import Struct

__all__ = ["BackslidingToadsAndFrogs", "ElephantsAndRhinos", "GenToadsAndFrogs", "ToadsAndFrogs",
           "TopplingDominoes"]

_CELL = 24
#: Slides and jumps longer than this never fit a compiled strip (64 cells).
_FAR = 65


def _read(text, readings, ruleset):
    """``text`` with each character replaced by its reading (``readings`` maps characters to characters)."""
    if not isinstance(text, str):
        raise TypeError(f"a {ruleset} position is a string, not {type(text).__name__}")
    for i, ch in enumerate(text, 1):
        if ch not in readings:
            raise PositionSyntaxError(
                f"{ruleset} position {text!r}: unknown character {ch!r} at column {i} "
                f"(expected one of {''.join(readings)!r})"
            )
    return text.translate(str.maketrans(readings))


def _strip_svg(text, colours):
    parts = [f'<svg xmlns="http://www.w3.org/2000/svg" width="{len(text) * _CELL + 2}" height="{_CELL + 2}">']
    for i, ch in enumerate(text):
        x = i * _CELL + 1
        parts.append(f'<rect x="{x}" y="1" width="{_CELL}" height="{_CELL}" fill="#fff" stroke="#000"/>')
        if ch in colours:
            parts.append(
                f'<text x="{x + _CELL / 2}" y="{_CELL * 0.75}" font-size="{_CELL * 0.7}" text-anchor="middle" '
                f'fill="{colours[ch]}">{ch}</text>'
            )
    parts.append("</svg>")
    return "".join(parts)


class _Strip(Position, Struct):
    """A position on a strip: ``strip``, one character a cell."""

    __slots__ = ("strip",)
    strip: str

    #: Each character a position may be written with, and the character it is read as.
    _readings: ClassVar[dict[str, str]] = {}
    #: The cells' codes for the compiled search: each character of a read strip and its byte.
    _codes: ClassVar[dict[int, int]] = {}

    def __init__(self, strip: str) -> None:
        self._init(_read(strip, self._readings, type(self).__name__))

    @classmethod
    def _of(cls, strip):
        """A position from a strip already read (no checks)."""
        return cls._from_fields(strip)

    def __repr__(self):
        return f"{type(self).__name__}({self.strip!r})"

    @property
    def key(self):
        return self.signed_key()[0]

    def _compiled_id(self):
        return compiled.strip_value(self._compiled_rules, self._compiled_rows()[0])

    def _compiled_rows(self):
        """The strip as the compiled searches take it: one row of bytes 0 to 3 (see ``_codes``)."""
        return [self.strip.translate(self._codes).encode("latin-1")]


# ---------------------------------------------------------------- the Toads and Frogs family
_SWAP = str.maketrans("TF", "FT")


class _GenToadsAndFrogs(_Strip):
    """A position of a ruleset of the Toads and Frogs family; `GenToadsAndFrogs` makes the ruleset."""

    __slots__ = ()
    _readings = {".": ".", "T": "T", "F": "F", "t": "T", "f": "F"}
    _codes = str.maketrans(".TF", "\0\1\2")
    _min_slide = 1
    _max_slide = 1
    _max_jump = 1
    _friendly_jumps = False
    _backslides = False         # whether a piece may ever slide backwards (play may then loop)
    _frozen = re.compile("TTFF")  # a block no piece leaves or passes (more than max_jump of each)

    def _moves(self, us, them, sign):
        """CGSuite's GenToadsAndFrogs: slides over empty cells (forward, then back), then jumps."""
        s = self.strip
        n = len(s)
        out = []

        def cell(i):
            return s[i] if 0 <= i < n else None

        for i, ch in enumerate(s):
            if ch != us:
                continue
            for k in range(1, self._max_slide + 1):
                if cell(i + k * sign) != ".":
                    break
                if k >= self._min_slide:
                    out.append(self._moved(i, i + k * sign, us))
            for k in range(-1, self._min_slide - 1, -1):
                if cell(i + k * sign) != ".":
                    break
                if k <= self._max_slide:
                    out.append(self._moved(i, i + k * sign, us))
            for k in range(1, self._max_jump + 1):
                over = cell(i + k * sign)
                if not (over == them or self._friendly_jumps and over == us):
                    break
                if cell(i + (k + 1) * sign) == ".":
                    out.append(self._moved(i, i + (k + 1) * sign, us))
        return out

    def _moved(self, i, j, piece):
        cells = list(self.strip)
        cells[i], cells[j] = ".", piece
        return self._of("".join(cells))

    def left_moves(self):
        """Toads (``T``) move right."""
        return self._moves("T", "F", 1)

    def right_moves(self):
        """Frogs (``F``) move left."""
        return self._moves("F", "T", -1)

    def components(self):
        """The parts between frozen blocks, without the frogs at their left and toads at their right end.

        A run of more than ``max_jump`` toads followed by more than
        ``max_jump`` frogs never moves, and no piece gets past it: it ends the
        strip on both sides.  Frogs at the left end and toads at the right end
        never move either.  With backslides nothing is ever stuck.
        """
        if self._backslides:
            return (self,) if self.left_moves() or self.right_moves() else ()
        parts = (self._of(part.lstrip("F").rstrip("T")) for part in self._frozen.split(self.strip))
        return tuple(part for part in parts if part.left_moves() or part.right_moves())

    def signed_key(self):
        """The strip or its mirror image (read backwards, toads and frogs swapped: the negative)."""
        s = self.strip if self._backslides else self.strip.lstrip("F").rstrip("T")
        mirror = s[::-1].translate(_SWAP)
        return (s, False) if s <= mirror else (mirror, True)

    def _repr_svg_(self):
        return _strip_svg(self.strip, {"T": "#060", "F": "#a00"})


def GenToadsAndFrogs(min_slide: int = 1, max_slide: int = 1, max_jump: int = 1,
                     allow_friendly_jump: bool = False) -> type[_GenToadsAndFrogs]:
    """The ruleset of CGSuite's Toads and Frogs family (``game.strip.GenToadsAndFrogs``).

    Left's toads ``T`` move right, Right's frogs ``F`` left.  A piece slides
    ``k`` cells over empty ones, for ``min_slide <= k <= max_slide``, ``k != 0``
    (``k < 0`` slides back, and play may then return to a position: ask for
    `~cgt.rulesets.Position.game_value`), or jumps over up to ``max_jump``
    adjacent opposing pieces (any pieces, with ``allow_friendly_jump``) onto
    the empty cell beyond.  Lower-case ``t``/``f`` are read too.  The result
    is a `~cgt.rulesets.Position` class, the same one for the same rules:

    >>> GenToadsAndFrogs(max_jump=2)
    <class 'cgt.rulesets.strip.GenToadsAndFrogs(max_jump=2)'>
    >>> print(GenToadsAndFrogs(max_jump=2)("tttt..fff").canonical_form)    # CGSuite's GameStripTest
    {1/2*|v}
    """
    for name, value in (("min_slide", min_slide), ("max_slide", max_slide), ("max_jump", max_jump)):
        if not isinstance(value, int) or isinstance(value, bool):
            raise TypeError(f"{name} is an int, not {value!r}")
    if max_jump < 0:
        raise ValueError(f"max_jump is an int >= 0, not {max_jump!r}")
    if not min_slide <= max_slide or min_slide == max_slide == 0:
        raise ValueError(f"a piece slides k cells for min_slide <= k <= max_slide, k != 0: there is no such k "
                         f"for min_slide={min_slide!r} and max_slide={max_slide!r}")
    if not isinstance(allow_friendly_jump, bool):
        raise TypeError(f"allow_friendly_jump is True or False, not {allow_friendly_jump!r}")
    return _gen_toads_and_frogs(min_slide, max_slide, max_jump, allow_friendly_jump)


@functools.cache
def _gen_toads_and_frogs(min_slide, max_slide, max_jump, friendly):
    """The ruleset class of GenToadsAndFrogs parameters (one per set of rules)."""
    arguments = [f"{name}={value!r}" for name, value, default in (
        ("min_slide", min_slide, 1), ("max_slide", max_slide, 1), ("max_jump", max_jump, 1),
        ("allow_friendly_jump", friendly, False)) if value != default]
    name = f"GenToadsAndFrogs({', '.join(arguments)})"
    stuck = min(max_jump + 1, 1 << 31)     # runs this long stop every jump (re refuses larger counts)
    return type(name, (_GenToadsAndFrogs,), {
        "__slots__": (),
        "__module__": __name__,
        "__doc__": f"The Toads and Frogs ruleset {name}.",
        "_min_slide": min_slide,
        "_max_slide": max_slide,
        "_max_jump": max_jump,
        "_friendly_jumps": friendly,
        "_backslides": min_slide <= -1 and min_slide <= max_slide,
        "_frozen": re.compile(f"T{{{stuck},}}F{{{stuck},}}"),
        "_compiled_rules": ("toads_and_frogs_new", max(-_FAR, min(min_slide, _FAR)),
                            max(-_FAR, min(max_slide, _FAR)), min(max_jump, _FAR), friendly),
    })


class ToadsAndFrogs(GenToadsAndFrogs()):  # type: ignore[misc]
    """Toads and Frogs: a toad ``T`` slides right onto an empty cell or jumps one frog ``F``; frogs move left.

    CGSuite's ``game.strip.ToadsAndFrogs``, ``GenToadsAndFrogs()``.

    >>> ToadsAndFrogs("T.F").left_moves()
    [ToadsAndFrogs('.TF')]
    >>> ToadsAndFrogs("TF.").left_moves()
    [ToadsAndFrogs('.FT')]
    """

    __slots__ = ()


class ElephantsAndRhinos(GenToadsAndFrogs(max_jump=0)):  # type: ignore[misc]
    """Elephants and Rhinos: Toads and Frogs without jumps, ``GenToadsAndFrogs(max_jump=0)``.

    >>> print(ElephantsAndRhinos("tttt..fff").canonical_form)    # CGSuite's GameStripTest
    1
    """

    __slots__ = ()


class BackslidingToadsAndFrogs(GenToadsAndFrogs(min_slide=-1)):  # type: ignore[misc]
    """Toads and Frogs where a piece may also slide back one cell: ``GenToadsAndFrogs(min_slide=-1)``.

    Winning Ways, ch. 11; CGSuite's ``game.strip.BackslidingToadsAndFrogs``.

    Play can now return to a position, so the value is a loopy one: ask for
    `~cgt.rulesets.Position.game_value` (``canonical_form`` raises
    `~cgt.rulesets.LoopyPositionError`).

    >>> print(BackslidingToadsAndFrogs("T.F").game_value(), BackslidingToadsAndFrogs("TT.F").game_value())
    0 on

    Two toads can shuffle forever, so ``TT.F`` is ``on``.  Winning Ways' and
    CGSuite's ``ttt..fff`` is the sided value ``{on||0|-1/2} & {1/2|0||off}``
    (a graph of 560 positions; about a minute).
    """

    __slots__ = ()


# ---------------------------------------------------------------- Toppling Dominoes
_LR = str.maketrans("lr", "rl")


class TopplingDominoes(_Strip):
    """Toppling Dominoes: ``l`` Left's dominoes, ``r`` Right's, ``e`` green (either player's), ``.`` a gap.

    A move topples one of your dominoes (or a green one) to the left or to the
    right, knocking down it and every domino on that side, gaps or not
    (CGSuite's ``game.strip.TopplingDominoes``, whose characters are
    ``.lre``; ``L``, ``R`` and ``G`` are read too, as ``l``, ``r`` and ``e``).

    >>> TopplingDominoes("lr").left_moves()
    [TopplingDominoes('.r'), TopplingDominoes('..')]
    >>> print(TopplingDominoes("L").canonical_form, TopplingDominoes("LG").canonical_form)
    1 {1|0}
    """

    __slots__ = ()
    _readings = {".": ".", "l": "l", "r": "r", "e": "e", "L": "l", "R": "r", "G": "e", "g": "e", "E": "e"}
    _codes = str.maketrans(".lre", "\0\1\2\3")
    _compiled_rules = ("toppling_dominoes_new",)

    def _moves(self, own):
        s = self.strip
        out = []
        for i, ch in enumerate(s):
            if ch in own:
                out.append(self._of("." * (i + 1) + s[i + 1:]))
                out.append(self._of(s[:i] + "." * (len(s) - i)))
        return out

    def left_moves(self):
        return self._moves("le")

    def right_moves(self):
        return self._moves("re")

    def components(self):
        """The dominoes without the gaps (a gap stops no topple), if there are any."""
        dominoes = self.strip.replace(".", "")
        return (self._of(dominoes),) if dominoes else ()

    def signed_key(self):
        """The least of the dominoes, read either way, and with the colours swapped (the negative)."""
        row = self.strip.replace(".", "")
        swapped = row.translate(_LR)
        return min((row, False), (row[::-1], False), (swapped, True), (swapped[::-1], True))

    def _repr_svg_(self):
        colours = {"l": "#00c", "r": "#c00", "e": "#080"}
        parts = [f'<svg xmlns="http://www.w3.org/2000/svg" width="{len(self.strip) * 16 + 8}" height="44">']
        for i, ch in enumerate(self.strip):
            if ch in colours:
                parts.append(f'<rect x="{i * 16 + 6}" y="4" width="8" height="36" fill="{colours[ch]}"/>')
        parts.append("</svg>")
        return "".join(parts)
