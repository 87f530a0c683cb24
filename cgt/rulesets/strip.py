"""Games on a strip of squares: Toads and Frogs (also backsliding), Toppling Dominoes.

>>> from cgt.rulesets import ToadsAndFrogs, TopplingDominoes
>>> print(ToadsAndFrogs("TT.FF").canonical_form, ToadsAndFrogs("TTF.F").canonical_form)
* v
>>> print(TopplingDominoes("LR").canonical_form, TopplingDominoes("LLR").canonical_form)
* {1|0}
"""

import attrs

from cgt.rulesets.position import Position, PositionSyntaxError

__all__ = ["ToadsAndFrogs", "BackslidingToadsAndFrogs", "ElephantsAndRhinos", "TopplingDominoes"]

_CELL = 24


def _check(text, symbols, ruleset):
    if not isinstance(text, str):
        raise TypeError(f"a {ruleset} position is a string, not {type(text).__name__}")
    for i, ch in enumerate(text, 1):
        if ch not in symbols:
            raise PositionSyntaxError(
                f"{ruleset} position {text!r}: unknown character {ch!r} at column {i} "
                f"(expected one of {symbols!r})"
            )
    return text


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


@attrs.frozen(init=False, repr=False)
class ToadsAndFrogs(Position):
    """Toads and Frogs: Left's toads ``T`` move right, Right's frogs ``F`` move left.

    A piece slides to the next square if it is empty (``.``), or jumps over
    one opposing piece (up to ``max_jump`` in a row, CGSuite's GenToadsAndFrogs)
    to the empty square beyond.  Lower-case ``t``/``f`` are accepted.

    >>> ToadsAndFrogs("T.F").left_moves()
    [ToadsAndFrogs('.TF')]
    >>> print(ToadsAndFrogs("tttt..fff", max_jump=2).canonical_form)
    {1/2*|v}
    """

    strip: str
    max_jump: int

    def __init__(self, strip, max_jump=1):
        strip = _check(strip, "TF.tf", type(self).__name__).upper()
        if not isinstance(max_jump, int) or max_jump < 0:
            raise ValueError(f"max_jump must be an int >= 0, not {max_jump!r}")
        self.__attrs_init__(strip, max_jump)

    def __repr__(self):
        extra = "" if self.max_jump == 1 or type(self) is not ToadsAndFrogs else f", max_jump={self.max_jump}"
        return f"{type(self).__name__}({self.strip!r}{extra})"

    def _moves(self, piece, other, step):
        s = self.strip
        n = len(s)
        out = []
        for i, ch in enumerate(s):
            if ch != piece:
                continue
            j = i + step
            if 0 <= j < n and s[j] == ".":
                out.append(self._moved(i, j, piece))
                continue
            jumped = 0
            while 0 <= j < n and s[j] == other and jumped < self.max_jump:
                j += step
                jumped += 1
            if jumped and 0 <= j < n and s[j] == ".":
                out.append(self._moved(i, j, piece))
        return out

    def _moved(self, i, j, piece):
        cells = list(self.strip)
        cells[i], cells[j] = ".", piece
        position = object.__new__(type(self))
        position.__attrs_init__("".join(cells), self.max_jump)
        return position

    def left_moves(self):
        return self._moves("T", "F", 1)

    def right_moves(self):
        return self._moves("F", "T", -1)

    def signed_key(self):
        # Frogs stuck at the left end and toads at the right end never move again.
        s = self.strip.lstrip("F").rstrip("T")
        mirror = s[::-1].translate(_SWAP)
        return ((s, self.max_jump), False) if s <= mirror else ((mirror, self.max_jump), True)

    @property
    def key(self):
        return self.signed_key()[0]

    def _repr_svg_(self):
        return _strip_svg(self.strip, {"T": "#060", "F": "#a00"})


_SWAP = str.maketrans("TF", "FT")


class ElephantsAndRhinos(ToadsAndFrogs):
    """Toads and Frogs without jumps: a piece only slides to an empty square ahead.

    >>> print(ElephantsAndRhinos("tttt..fff").canonical_form)
    1
    """

    def __init__(self, strip):
        super().__init__(strip, max_jump=0)


class BackslidingToadsAndFrogs(ToadsAndFrogs):
    """Toads and Frogs where a piece may also slide back one square, if it is empty (Winning Ways, ch. 11).

    Play can now return to a position, so the value is a loopy one: ask for
    `~cgt.rulesets.Position.game_value` (``canonical_form`` raises
    `~cgt.rulesets.LoopyPositionError`).

    >>> print(BackslidingToadsAndFrogs("T.F").game_value(), BackslidingToadsAndFrogs("TT.F").game_value())
    0 on

    Two toads can shuffle forever, so ``TT.F`` is ``on``.  Winning Ways' and
    CGSuite's ``ttt..fff`` is the sided value ``{on||0|-1/2} & {1/2|0||off}``
    (a graph of 560 positions; about a minute).
    """

    def __init__(self, strip):
        super().__init__(strip, max_jump=1)

    def _backslides(self, piece, step):
        s = self.strip
        return [self._moved(i, i - step, piece) for i, ch in enumerate(s)
                if ch == piece and 0 <= i - step < len(s) and s[i - step] == "."]

    def left_moves(self):
        return super().left_moves() + self._backslides("T", 1)

    def right_moves(self):
        return super().right_moves() + self._backslides("F", -1)

    def signed_key(self):
        # Unlike plain Toads and Frogs, a piece at the end can still slide back.
        mirror = self.strip[::-1].translate(_SWAP)
        return (self.strip, False) if self.strip <= mirror else (mirror, True)


@attrs.frozen(init=False, repr=False)
class TopplingDominoes(Position):
    """Toppling Dominoes: a row of dominoes, ``L`` Left's, ``R`` Right's, ``G`` either player's.

    A move topples one of your dominoes to the left or to the right; it knocks
    down every domino on that side.

    >>> print(TopplingDominoes("L").canonical_form, TopplingDominoes("LG").canonical_form)
    1 {1|0}
    """

    row: str

    def __init__(self, row):
        self.__attrs_init__(_check(row, "LRGlrg", type(self).__name__).upper())

    def __repr__(self):
        return f"TopplingDominoes({self.row!r})"

    def _moves(self, own):
        row = self.row
        out = set()
        for i, ch in enumerate(row):
            if ch in own:
                out.add(row[i + 1:])
                out.add(row[:i])
        return [TopplingDominoes._from(r) for r in sorted(out)]

    @staticmethod
    def _from(row):
        position = object.__new__(TopplingDominoes)
        position.__attrs_init__(row)
        return position

    def left_moves(self):
        return self._moves("LG")

    def right_moves(self):
        return self._moves("RG")

    def signed_key(self):
        row = self.row
        keys = [(row, False), (row[::-1], False)]
        swapped = row.translate(_LR)
        keys += [(swapped, True), (swapped[::-1], True)]
        return min(keys)

    @property
    def key(self):
        return self.signed_key()[0]

    def _repr_svg_(self):
        colours = {"L": "#00c", "R": "#c00", "G": "#080"}
        parts = [f'<svg xmlns="http://www.w3.org/2000/svg" width="{len(self.row) * 16 + 8}" height="44">']
        for i, ch in enumerate(self.row):
            parts.append(f'<rect x="{i * 16 + 6}" y="4" width="8" height="36" fill="{colours[ch]}"/>')
        parts.append("</svg>")
        return "".join(parts)


_LR = str.maketrans("LR", "RL")
