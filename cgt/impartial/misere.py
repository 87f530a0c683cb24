"""Misère play: misère nim values, genus, and misère canonical forms of impartial games.

In misère play whoever makes the last move *loses*.  The misère Grundy value of
a position is ``g⁻(G) = 1`` when ``G`` has no moves, else ``mex{g⁻(G')}``; the
player to move loses exactly when it is 0.  Unlike normal play it is not
additive, so sums need more: Conway's misère canonical forms (`MisereGame`),
with CGSuite's notation ``*[...]``, and the genus ``g^(g0 g1 g2 ...)``, where
``gn`` is the misère Grundy value of ``G + *2 + ... + *2`` (n copies).

>>> from cgt.impartial import kayles
>>> misere_nim_sequence(kayles, 10)
[1, 0, 2, 3, 0, 1, 3, 2, 1, 0, 2]
>>> print(kayles(5).genus, kayles(9).genus)
4^146 4^046
>>> MisereGame("*[[2],0]")
MisereGame('*[2#0]')
"""

from __future__ import annotations

import re
import threading
from collections.abc import Iterable
from typing import Any, ClassVar, Literal
from itertools import combinations
from math import comb

from cgt.errors import (GameSyntaxError, GameTooLargeError, LoopyGameError, NotLinkedError,
                        NotSubtractableError)
from cgt.impartial import misere_engine as _e
from cgt.impartial.grundy import _protocol_moves
from cgt.limits import LIMITS
from cgt.nimbers import mex
from cgt.value import PREDICATES, Value

__all__ = ["MisereGame", "Genus", "NotLinkedError", "NotSubtractableError",
           "misere_canonical_form", "misere_nim_value", "misere_outcome", "genus",
           "misere_latex", "misere_nim_sequence", "genus_sequence"]


# --- The genus ---------------------------------------------------------------------------

_TAME, _RESTIVE, _WILD = "tame", "restive", "wild"


def _digit_string(values):
    if any(v >= 10 for v in values):
        return "(" + ",".join(map(str, values)) + ")"
    return "".join(map(str, values))


class Genus:
    """The genus ``g^(g0 g1 g2 ...)`` of an impartial game, as CGSuite computes and prints it.

    ``g`` is the normal-play Grundy value and ``gn`` the misère Grundy value of
    the game plus ``n`` copies of ``*2``; the sequence is eventually periodic
    with period 2.  CGSuite prints the *extended* genus: Nim-heap-like games
    print ``g`` alone; other tame and restive games print ``g^g0`` (the rest
    follows by rule); wild games print ``g0 g1 ...`` up to the point where the
    sequence settles into alternating its last two digits.

    >>> g = Genus.parse("4^146")
    >>> g.nim_value, g.misere_nim_value, g.sequence(6)
    (4, 1, [1, 4, 6, 4, 6, 4])
    >>> Genus.parse("1").sequence(4)
    [0, 3, 1, 3]
    """

    __slots__ = ("_base", "_sup", "_kind", "_hash")

    def __init__(self, base, sup=(), kind=None):
        sup = tuple(sup)
        if kind is None:
            kind = _kind_of(base, sup)
        self._base, self._sup, self._kind = base, sup, kind
        self._hash = hash(("Genus", base, sup))

    @classmethod
    def parse(cls, text: str) -> Genus:
        """Read CGSuite's printed genus: ``0``, ``1^2``, ``4^146``, ``3^(1,12,3)``."""
        match = re.fullmatch(r"\s*(\d+)(?:\^(?:\(([\d,\s]+)\)|(\d+)))?\s*", text)
        if match is None:
            raise GameSyntaxError(f"not a genus: {text!r}")
        base, listed, digits = match.groups()
        if listed is not None:
            sup = tuple(int(s) for s in listed.split(","))
        else:
            sup = tuple(int(c) for c in digits or "")
        return cls(int(base), sup)

    @property
    def nim_value(self) -> int:
        """``g``, the normal-play Grundy value."""
        return self._base

    @property
    def misere_nim_value(self) -> int:
        """``g0``, the misère Grundy value."""
        if not self._sup:
            return 1 - self._base if self._base < 2 else self._base
        return self._sup[0]

    @property
    def superscript(self):
        """The printed superscript digits (empty for a Nim-heap genus)."""
        return self._sup

    def term(self, n):
        """``gn``: the misère Grundy value of the game plus ``n`` copies of ``*2``."""
        sup, base = self._sup, self._base
        if n < len(sup):
            return sup[n]
        if self._kind == _TAME:
            return 1 - base if n == 0 and base < 2 else base ^ ((n & 1) << 1)
        if self._kind == _RESTIVE:
            return (sup[0] if sup[0] < 4 else base) ^ ((n & 1) << 1)
        return sup[len(sup) - 2 + ((len(sup) ^ n) & 1)]

    def sequence(self, length):
        """``[g0, g1, ..., g(length-1)]``."""
        return [self.term(n) for n in range(length)]

    def _max_differ(self):
        """The last index ``n`` with ``gn != g(n-2)``, as CGSuite bounds it."""
        if self._kind == _TAME:
            return 2 if self._base < 2 and (not self._sup or self._sup[0] != self._base) else 1
        if self._kind == _RESTIVE:
            return 1 if self._sup[0] < 4 else 2
        return len(self._sup) - 1

    @classmethod
    def _of_options(cls, genera):
        """The (wild) genus of a game from its options' genera."""
        depth = max(1, *(g._max_differ() for g in genera)) + 2
        base = mex(g._base for g in genera)
        terms = [mex(g.term(0) for g in genera)]
        for n in range(1, depth + 1):
            excluded = {terms[-1], terms[-1] ^ 1}
            excluded.update(g.term(n) for g in genera)
            terms.append(mex(excluded))
        while depth > 1 and terms[depth] == terms[depth - 2]:
            depth -= 1
        return cls(base, terms[:depth + 1], _WILD)

    def __eq__(self, other):
        if isinstance(other, Genus):
            return self._base == other._base and self._sup == other._sup
        if isinstance(other, str):
            return str(self) == other.strip()
        return NotImplemented

    def __hash__(self):
        return self._hash

    def __str__(self):
        if not self._sup:
            return str(self._base)
        return f"{self._base}^{_digit_string(self._sup)}"

    def __repr__(self):
        return f"Genus({str(self)!r})"


def _kind_of(base, sup):
    if len(sup) >= 2:
        return _WILD
    if not sup or sup[0] == base or (base | sup[0]) <= 1:
        return _TAME
    if base <= 1:
        return _RESTIVE
    raise ValueError(f"no genus has superscript {sup} over {base}")


_genera: dict[int, Genus] = {}


def _genus_of(g):
    p = _e.phylum(g)
    if p in _e.RESTIVE_OR_TAME:
        sup = () if p == _e.NIMHEAP else (_e.g_minus(g),)
        return Genus(_e.g_plus(g), sup, _TAME if p in _e.GENERALLY_TAME else _RESTIVE)
    found = _genera.get(g)
    if found is None:
        found = _genera[g] = Genus._of_options([_genus_of(o) for o in _e.options(g)])
    return found


# --- The value type ----------------------------------------------------------------------

_NORMAL_PLAY = ("a question of normal play; a misère game has no normal-play value "
                "(its normal-play Grundy value is nim_value)")


class MisereGame(Value):
    """An impartial game in misère canonical form (interned: equal games are the same object).

    ``MisereGame(x)`` reads CGSuite notation (``"*[2#0]"`` or ``"*[[2],0]"``),
    a nim heap size, or a list of options (each an int nim heap, a list, or a
    `MisereGame`).  ``G + H`` is the misère sum; properties follow CGSuite's
    names: ``options``, ``birthday``, ``is_even``, ``nim_value`` (normal play),
    ``misere_nim_value``, ``outcome`` (misère), ``mate``, ``genus``, ``parts``.
    A `~cgt.value.Value`: impartial, so Left's and Right's options are its
    options; stops and the predicates of normal play are not defined.

    >>> G = MisereGame([[2], 0])
    >>> print(G, G.birthday, G.misere_nim_value, G.genus)
    *[2#0] 4 2 1^2
    >>> MisereGame(2) + MisereGame(2)
    MisereGame('*[2[2]]')
    """

    __slots__ = ("_id", "_str")
    _id: int
    _str: str | None
    _interned: dict[int, MisereGame] = {}
    _undefined = {
        "left_stop": "a misère game has no stops: stops are numbers reached in normal play",
        "right_stop": "a misère game has no stops: stops are numbers reached in normal play",
        **{name: _NORMAL_PLAY for name in PREDICATES
           if name not in ("is_zero", "is_idempotent", "is_loopfree", "is_plumtree", "is_finite")},
        "is_nimber": "a question of normal play; in misère play ask is_nim_heap",
    }
    _facts: ClassVar[tuple[str, ...]] = ("nim_value", "misere_nim_value", "genus")

    def __new__(cls, value: MisereGame | str | int | Iterable[MisereGame | str | int] = ()) -> MisereGame:
        if isinstance(value, MisereGame):
            return value
        if isinstance(value, str):
            return parse_misere(value)
        return cls._of(_id_of(value))

    @classmethod
    def _of(cls, game_id: int) -> MisereGame:
        found = cls._interned.get(game_id)
        if found is None:
            found = object.__new__(cls)
            object.__setattr__(found, "_id", game_id)
            object.__setattr__(found, "_str", None)
            cls._interned[game_id] = found
        return found

    @classmethod
    def nim_heap(cls, n: int) -> MisereGame:
        """The nim heap ``*n``."""
        if not isinstance(n, int) or n < 0:
            raise ValueError(f"a nim heap has a non-negative int size, not {n!r}")
        return cls._of(_e.nimber(n))

    @classmethod
    def from_options(cls, options: Iterable[MisereGame | str | int]) -> MisereGame:
        """The canonical form of the game whose options are ``options``."""
        return cls._of(_e.construct([_id_of(o) for o in options]))

    @classmethod
    def parse(cls, text: str) -> MisereGame:
        """Read CGSuite's ``*[...]`` notation (see `parse_misere`)."""
        return parse_misere(text)

    @classmethod
    def day_n(cls, n: int, max_games: int = 1_000_000, max_options: int | None = None) -> tuple[MisereGame, ...]:
        """Every game born by day ``n``, in CGSuite's order (CGSuite's ``MisereCanonicalGame.DayN``).

        The games born by day ``n + 1`` are the misère canonical forms of the
        sets of games born by day ``n``: 1, 2, 3, 5 and 22 games by days 0 to 4
        (Conway, *On Numbers and Games*, ch. 12).  With ``max_options``, only
        games whose every position has at most that many options.  More than
        ``max_games`` sets of options to look at is a `cgt.GameTooLargeError`
        (there are 2^22 by day 5).

        >>> [len(MisereGame.day_n(n)) for n in range(5)]
        [1, 2, 3, 5, 22]
        >>> print(*MisereGame.day_n(2))
        *[0] *[1] *[2]
        """
        if isinstance(n, bool) or not isinstance(n, int) or n < 0:
            raise ValueError(f"a day is a non-negative int, not {n!r}")
        if max_options is not None and (isinstance(max_options, bool) or not isinstance(max_options, int)
                                        or max_options < 0):
            raise ValueError(f"max_options is a non-negative int, not {max_options!r}")
        born = [_e.construct([])]
        for _ in range(n):
            widest = len(born) if max_options is None else min(max_options, len(born))
            sets = sum(comb(len(born), k) for k in range(widest + 1))
            if sets > max_games:
                raise GameTooLargeError(f"the games born by day {n} need more than max_games={max_games} sets "
                                        "of options; raise max_games to go further")
            found = {_e.construct(options) for k in range(widest + 1) for options in combinations(born, k)}
            if max_options is not None:
                found = {g for g in found if len(_e.options(g)) <= max_options}
            born = sorted(found, key=_e.sort_key)
        return tuple(cls._of(g) for g in born)

    # Structure.
    @property
    def options(self) -> tuple[MisereGame, ...]:
        """The options, in CGSuite's canonical order."""
        return tuple(MisereGame._of(o) for o in _e.options(self._id))

    @property
    def left_options(self) -> tuple[MisereGame, ...]:
        """Left's options: those of the impartial game, `options`."""
        return self.options

    @property
    def right_options(self) -> tuple[MisereGame, ...]:
        """Right's options: those of the impartial game, `options`."""
        return self.options

    @property
    def birthday(self) -> int:
        """The birthday: 0 for 0, else one more than the greatest birthday of an option."""
        return _e.birthday(self._id)

    @property
    def is_zero(self) -> bool:
        """Whether ``G`` is 0, the game with no options."""
        return _e.birthday(self._id) == 0

    @property
    def is_idempotent(self) -> bool:
        """Whether ``G + G = G`` (the misère sum)."""
        return MisereGame._of(_e.add(self._id, self._id)) is self

    is_loopfree = is_plumtree = is_finite = property(
        lambda self: True, doc="True: a misère canonical form is a short game, so it has no cycle.")

    @property
    def is_even(self) -> bool:
        """Even games are those ``G`` of which ``G + *1`` is an option (Conway's parity)."""
        return _e.is_even(self._id)

    @property
    def is_odd(self) -> bool:
        return not _e.is_even(self._id)

    @property
    def even_part(self) -> MisereGame:
        """The even one of ``G`` and ``G + *1``."""
        return MisereGame._of(_e.even_part(self._id))

    # Values.
    @property
    def nim_value(self) -> int:
        """The normal-play Grundy value ``g⁺``."""
        return _e.g_plus(self._id)

    @property
    def misere_nim_value(self) -> int:
        """The misère Grundy value ``g⁻``: 1 for 0, else the mex of the options' values."""
        return _e.g_minus(self._id)

    @property
    def outcome(self) -> Literal["N", "P"]:
        """The misère outcome: ``'P'`` when the player to move loses, else ``'N'``."""
        return "P" if _e.g_minus(self._id) == 0 else "N"

    @property
    def genus(self) -> Genus:
        """The genus, as CGSuite computes and prints it (see `Genus`)."""
        return _genus_of(self._id)

    @property
    def mate(self) -> MisereGame:
        """Conway's mate: ``0⁻ = *1``, else the game of the options' mates."""
        return MisereGame._of(_e.mate(self._id))

    # Phyla (Conway's and Dan Hoey's tameness classes, as in CGSuite).
    @property
    def is_nim_heap(self) -> bool:
        return self._id == _e.nimber(self.birthday)

    @property
    def is_tame(self) -> bool:
        """Hereditarily tame: it and all its positions act like nim heaps."""
        return _e.phylum(self._id) in _e.HEREDITARY_TAME

    @property
    def is_generally_tame(self) -> bool:
        return _e.phylum(self._id) in _e.GENERALLY_TAME

    @property
    def is_tameable(self) -> bool:
        return _e.phylum(self._id) in _e.TAMEABLE_PHYLA

    @property
    def is_restive(self) -> bool:
        """Hereditarily restive."""
        return _e.phylum(self._id) == _e.HEREDITARILY_RESTIVE

    @property
    def is_generally_restive(self) -> bool:
        return _e.phylum(self._id) in _e.GENERALLY_RESTIVE

    @property
    def is_restless(self) -> bool:
        return _e.phylum(self._id) == _e.RESTLESS

    @property
    def is_half_tame(self) -> bool:
        """Not tame, but ``G + G`` is tame of genus ``0^0``."""
        if self.is_generally_tame:
            return False
        double = _e.add(self._id, self._id)
        return (_e.phylum(double) in _e.GENERALLY_TAME and _e.g_plus(double) == 0
                and _e.g_minus(double) == 0)

    # Parts.
    @property
    def parts(self) -> list[MisereGame]:
        """The even proper parts ``X`` (not 0 or G) with ``G = X + Y``, in CGSuite's order."""
        return [MisereGame._of(p) for p in _e.parts(self._id, proper=True)]

    @property
    def partitions(self) -> list[list[MisereGame]]:
        """Every way to write ``G`` as a sum of even primes (and ``*1`` when ``G`` is odd)."""
        return [[MisereGame._of(p) for p in found] for found in _e.factorisations(self._id)]

    @property
    def is_prime(self) -> bool:
        """Not 0 or *1, and its even part has no parts but 0 and itself."""
        return _e.is_prime(self._id)

    @property
    def is_extraverted(self) -> bool:
        """Each option is a part: equivalently ``G`` is a part of ``{G}``."""
        return _e.subtract(_e.construct([self._id]), self._id) is not None

    @property
    def is_introverted(self) -> bool:
        """A part of each of its options; only 0 and *1 are."""
        return self._id <= _e.ONE

    def misere_minus(self, other: MisereGame | str | int) -> MisereGame:
        """The game ``X`` with ``other + X == self``; `NotSubtractableError` if there is none.

        >>> MisereGame("*[[[2]]]").misere_minus(MisereGame("*[[2]]"))
        MisereGame('*[2[##-2]0]')
        """
        other = MisereGame(other)
        found = _e.subtract(self._id, other._id)
        if found is None:
            raise NotSubtractableError(f"Misere canonical forms are not subtractable: "
                                       f"{self} MisereMinus {other}")
        return MisereGame._of(found)

    def is_linked_to(self, other: MisereGame | str | int) -> bool:
        """Whether some ``T`` makes both ``self + T`` and ``other + T`` misère P-positions."""
        return _e.is_linked(self._id, MisereGame(other)._id)

    def link(self, other: MisereGame | str | int) -> MisereGame:
        """A game ``T`` making ``self + T`` and ``other + T`` both misère P-positions."""
        other = MisereGame(other)
        found = _e.find_link(self._id, other._id)
        if found is None:
            raise NotLinkedError(f"Those misere games are not linked: {self}, {other}")
        return MisereGame._of(found)

    def distinguisher(self, other: MisereGame | str | int) -> MisereGame:
        """A game ``T`` with ``self + T`` a misère P-position and ``other + T`` not."""
        other = MisereGame(other)
        found = _e.discriminator_pn(self._id, other._id)
        if found is None:
            raise ValueError(f"{self} and {other} are the same game")
        return MisereGame._of(found)

    # Arithmetic.
    def __add__(self, other: MisereGame | int) -> MisereGame:
        if isinstance(other, MisereGame):
            return MisereGame._of(_e.add(self._id, other._id))
        if isinstance(other, int) and not isinstance(other, bool):
            return MisereGame._of(_e.add(self._id, _e.nimber(other)))
        return NotImplemented

    __radd__ = __add__

    def __neg__(self) -> MisereGame:
        return self

    def __pos__(self) -> MisereGame:
        return self

    def __eq__(self, other: object) -> bool:
        if isinstance(other, MisereGame):
            return self is other
        return NotImplemented

    def __hash__(self) -> int:
        return hash(("MisereGame", self._id))

    def __str__(self) -> str:
        if self._str is None:
            object.__setattr__(self, "_str", "*[" + _misere_notation(self._id) + "]")
        return self._str  # type: ignore[return-value]  # set just above

    def __repr__(self) -> str:
        return f"MisereGame({str(self)!r})"

    def _latex(self, printer: object = None) -> str:
        """The game in LaTeX (math mode), as CGSuite styles its text (`misere_latex`)."""
        return misere_latex(str(self))


def _id_of(value):
    """The engine id of a nim heap size, a `MisereGame`, or an iterable of options (nested at any depth)."""
    leaf = _leaf_id(value)
    if leaf is not None:
        return leaf
    ids = {}                            # id(list) -> its game, once made
    open_lists = {id(value)}            # the lists on the stack
    stack = [(value, list(value))]      # (a list, its options)
    while stack:
        item, options = stack[-1]
        pending = next((o for o in options if id(o) not in ids and _leaf_id(o) is None), None)
        if pending is not None:
            if id(pending) in open_lists:
                raise ValueError("a list of misère options that contains itself is not a game")
            open_lists.add(id(pending))
            stack.append((pending, list(pending)))
            continue
        stack.pop()
        open_lists.discard(id(item))
        ids[id(item)] = _e.construct([ids[id(o)] if id(o) in ids else _leaf_id(o) for o in options])
    return ids[id(value)]


def _leaf_id(value):
    """The id of a nim heap size, a `MisereGame` or notation; None for a collection of options."""
    if isinstance(value, MisereGame):
        return value._id
    if isinstance(value, bool) or isinstance(value, (bytes, bytearray, memoryview)):
        raise TypeError(f"not a misère game specifier: {value!r}")
    if isinstance(value, int):
        if value < 0:
            raise ValueError(f"a nim heap has a non-negative size, not {value}")
        return _e.nimber(value)
    if isinstance(value, str):
        return parse_misere(value)._id
    if isinstance(value, Iterable):
        return None
    raise TypeError("Invalid misere game specifier: must be a list of ints or MisereGames, "
                    f"not {value!r}")


# --- Notation ----------------------------------------------------------------------------

def _digit(n):
    return str(n) if n < 10 else f"&{n};"


@_e.budgeted
def _misere_notation(g):
    """CGSuite's text for the canonical form ``g`` (without the ``*[ ]``).

    Options are listed from the last in canonical order to the first; a
    single option is written ``X#``; and a game that is a smaller game plus or
    minus a nim heap (or plus ``*1``) is written with that heap as a subscript
    in brackets: ``2[2]`` is ``*2 + *2``, ``2[#1]`` is ``{*2} + *1``.
    """
    if _e.birthday(g) >= _e.DEEP:
        return _e.deep(_notation, g)
    return _notation(g)


def _notation(g):
    out = []
    opened = [False]
    _write(g, out, False, opened)
    if opened[0]:
        out.append("]")
    return "".join(out)


def _write(g, out, parenthesize, opened):
    b = _e.birthday(g)
    if g == _e.nimber(b):
        out.append(_digit(b))
        if opened[0]:
            out.append("[")
        return
    odd = not _e.is_even(g)
    for i in range(3 if odd else 2, b, 2):
        heap = _e.nimber(i)
        difference = _e.subtract(g, heap)
        if difference is not None and _e.birthday(difference) < b:
            opened[0] = True
            _write(difference, out, True, opened)
            out.append(_digit(i))
            return
        total = _e.add(g, heap)
        if _e.birthday(total) < b:
            opened[0] = True
            _write(total, out, True, opened)
            out.append("-" + _digit(i))
            return
    if odd:
        opened[0] = True
        _write(_e.plus_one(g), out, True, opened)
        out.append("1")
        return
    opts = _e.options(g)
    if len(opts) == 1:
        _write(opts[0], out, True, opened)
        out.append("#")
        return
    outer = opened[0]
    if parenthesize:
        out.append("(")
    for o in reversed(opts):
        opened[0] = False
        _write(o, out, True, opened)
        if opened[0]:
            out.append("]")
    if parenthesize:
        out.append(")")
    opened[0] = outer
    if outer:
        out.append("[")


_TOKEN = re.compile(r"\s*(?:(\d+)|&(\d+);|(\*\[)|(.))")
_LATEX_TOKEN = re.compile(r"\[(?P<subscript>[^\[\]]*)\]|(?P<sharp>#)|(?P<heap>&\d+;)|(?P<char>.)")


def misere_latex(text):
    r"""LaTeX (math mode, without the dollars) for CGSuite's text ``*[...]`` of a misère game.

    As CGSuite styles that text: what its plain text puts in brackets, a
    heap added (``2[2]``), subtracted (``-2``) or wrapped (``#``), is a
    subscript, and so is every ``#`` (``{X}`` is ``X#``); ``*`` is ``\ast``,
    and a heap of 10 or more stays ``&12;``.

    >>> print(misere_latex("*[2[2]]"), misere_latex("*[2#0]"), misere_latex("*[2###]"))
    \ast[2_{2}] \ast[2_{\#}0] \ast[2_{\#\#\#}]
    """
    pieces = []         # (subscript?, text), subscripts next to each other merged into one
    for m in _LATEX_TOKEN.finditer(text[2:-1]):
        subscript = m.group("subscript") if m.group("subscript") is not None else m.group("sharp")
        piece = (True, subscript) if subscript is not None else (False, m.group("heap") or m.group("char"))
        if pieces and piece[0] and pieces[-1][0]:
            piece = (True, pieces.pop()[1] + piece[1])
        pieces.append(piece)
    body = "".join("_{" + t + "}" if sub else t for sub, t in pieces)
    return r"\ast[" + body.replace("#", r"\#").replace("&", r"\&") + "]"


@_e.budgeted
def parse_misere(text):
    """Read a misère game in CGSuite notation.

    Two spellings are read, as in CGSuite: the input form, a list of options
    (ints are nim heaps, lists are games, ``*[...]`` terms may be added with
    ``+``; a one-element list is that element), and the printed form, where
    each digit is a nim-heap option (``&12;`` for 12), ``X#`` is ``{X}``,
    ``(...)`` groups options, and a bracketed subscript adds (a digit, ``1``
    for ``*1``), subtracts (``-d``) or wraps (``#``) in turn.  A multi-digit
    run is read the printed way, as CGSuite prints it: ``*[43]`` is
    ``{*4, *3}``; write the heap ``*43`` as ``*[&43;]``.

    >>> parse_misere("*[[2],0]") is parse_misere("*[2#0]")
    True
    >>> print(parse_misere("*[2]+*[[2]]"))
    *[2[#2]]
    """
    parser = _MisereParser(text)
    if _nesting(text) >= _e.DEEP:          # the reader recurses once per bracket
        return _e.deep(parser.parse)
    return parser.parse()


def _nesting(text):
    """How deep the brackets and parentheses of ``text`` nest."""
    depth = deepest = 0
    for ch in text:
        if ch in "[(":
            depth += 1
            deepest = max(deepest, depth)
        elif ch in "])":
            depth -= 1
    return deepest


class _MisereParser:
    def __init__(self, text):
        self.text = text
        self.pos = 0

    def fail(self, message):
        raise GameSyntaxError(f"{message} in misère game {self.text!r}", self.text, self.pos + 1)

    def skip(self):
        while self.pos < len(self.text) and self.text[self.pos].isspace():
            self.pos += 1

    def peek(self):
        self.skip()
        return self.text[self.pos] if self.pos < len(self.text) else ""

    def expect(self, literal):
        self.skip()
        if not self.text.startswith(literal, self.pos):
            self.fail(f"expected {literal!r}")
        self.pos += len(literal)

    def parse(self):
        result = self.sum()
        if self.peek():
            self.fail(f"unexpected {self.peek()!r}")
        return MisereGame._of(result)

    def sum(self):
        total = self.summand()
        while self.peek() == "+":
            self.pos += 1
            total = _e.add(total, self.summand())
        return total

    def summand(self):
        self.skip()
        if self.text.startswith("*[", self.pos):
            self.pos += 2
            close = self._matching_bracket(self.pos - 1)
            body = self.text[self.pos:close]
            if _is_list_form(body):
                items = self.items("]")
                self.expect("]")
                return items[0] if len(items) == 1 else _e.construct(items)
            terms = []
            while self.peek() != "]":
                if not self.peek():
                    self.fail("unterminated '*['")
                terms.append(self.term())
            self.pos += 1
            return terms[0] if len(terms) == 1 else _e.construct(terms)
        if self.peek() == "(":
            self.pos += 1
            inner = self.sum()
            self.expect(")")
            return inner
        match = re.compile(r"\*?(\d+)").match(self.text, self.pos)
        if match:
            self.pos = match.end()
            return _e.nimber(int(match.group(1)))
        self.fail("Invalid misere game specifier: expected '*[', a nim heap or a list")

    def _matching_bracket(self, start):
        depth = 0
        for i in range(start, len(self.text)):
            if self.text[i] == "[":
                depth += 1
            elif self.text[i] == "]":
                depth -= 1
                if depth == 0:
                    return i
        self.pos = start
        self.fail("unbalanced '['")

    def items(self, closing):
        """Comma-separated list items up to ``closing`` (not consumed)."""
        items = []
        if self.peek() == closing:
            return items
        while True:
            if self.peek() == "[":
                self.pos += 1
                inner = self.items("]")
                self.expect("]")
                items.append(_e.construct(inner))
            else:
                items.append(self.sum())
            if self.peek() == ",":
                self.pos += 1
                continue
            return items

    # The printed form.
    def heap(self):
        match = re.compile(r"(\d)|&(\d+);").match(self.text, self.pos)
        if not match:
            return None
        self.pos = match.end()
        return _e.nimber(int(match.group(1) or match.group(2)))

    def term(self):
        self.skip()
        game = self.heap()
        if game is None:
            if self.peek() != "(":
                self.fail(f"unexpected {self.peek()!r}")
            self.pos += 1
            opts = []
            while self.peek() != ")":
                if not self.peek():
                    self.fail("unterminated '('")
                opts.append(self.term())
            self.pos += 1
            game = _e.construct(opts)
        while True:
            ch = self.peek()
            if ch == "#":
                self.pos += 1
                game = _e.construct([game])
            elif ch == "[":
                self.pos += 1
                game = self.subscript(game)
            else:
                return game

    def subscript(self, game):
        while True:
            ch = self.peek()
            if ch == "]":
                self.pos += 1
                return game
            if ch == "#":
                self.pos += 1
                game = _e.construct([game])
            elif ch == "-":
                self.pos += 1
                heap = self.heap()
                if heap is None:
                    self.fail("expected a nim heap after '-'")
                difference = _e.subtract(game, heap)
                if difference is None:
                    self.fail("that nim heap is not a part of the game it is subtracted from")
                game = difference
            else:
                heap = self.heap()
                if heap is None:
                    self.fail(f"unexpected {ch!r} in a subscript" if ch else "unterminated '['")
                game = _e.add(game, heap)


def _is_list_form(body):
    """Whether a ``*[...]`` body is CGSuite's input form (a list) rather than its printed form."""
    body = body.strip()
    printed = re.fullmatch(r"[\d&;#()\[\]\-\s]+", body) is not None
    return (not body or body.startswith("[") or re.fullmatch(r"\d", body) is not None
            or not printed)


# --- Positions of impartial games --------------------------------------------------------

_heap_forms: dict[Any, list[int]] = {}    # ruleset -> [canonical id of heap 0, 1, 2, ...]
_heap_forms_lock = threading.Lock()


def _heap_form_ids(ruleset, n):
    """The misère forms of the heaps 0 to ``n`` of ``ruleset`` (at most ``cgt.LIMITS.max_misere_heap``)."""
    forms = _heap_forms.get(ruleset)
    if forms is not None and n < len(forms):
        return forms
    LIMITS.within("max_misere_heap", n, "the largest heap of a misère form of a heap ruleset")
    with _heap_forms_lock:
        forms = _heap_forms.setdefault(ruleset, [_e.ZERO])
        for size in range(len(forms), n + 1):
            opts = []
            for option in ruleset.heap_options(size):
                total = _e.ZERO
                for part in option:
                    total = _e.add(total, forms[part])
                opts.append(total)
            forms.append(_e.construct(opts))
    return forms


def _heap_sum_id(ruleset, heaps):
    """The id of the misère canonical form of the heaps ``heaps`` of a heap ruleset: the sum of the heaps' forms.

    A `~cgt.impartial.heaps.HeapPosition` gives its form so (its ``_misere_id``).
    """
    forms = _heap_form_ids(ruleset, max(heaps, default=0))
    total = _e.ZERO
    for heap in heaps:
        total = _e.add(total, forms[heap])
    return total


def _position_id(position, moves=None):
    if isinstance(position, MisereGame):
        return position._id
    if moves is None and hasattr(position, "_misere_id"):     # a sum of heaps, by the heaps' forms
        return position._misere_id()
    return _graph_form(position, moves)


def _graph_form(position, moves):
    """The canonical form of a position given by a moves function, walked without recursion."""
    moves = _protocol_moves if moves is None else moves
    memo = {}
    on_path = {position}
    stack = [(position, list(moves(position)))]
    while stack:
        current, opts = stack[-1]
        pending = next((y for y in opts if y not in memo), None)
        if pending is None:
            stack.pop()
            on_path.discard(current)
            memo[current] = _e.construct([memo[y] for y in opts])
            continue
        if pending in on_path:
            raise LoopyGameError(f"position {pending!r} can be reached from itself")
        on_path.add(pending)
        stack.append((pending, list(moves(pending))))
    return memo[position]


def misere_canonical_form(position, moves=None):
    """The misère canonical form of a heap position, or of any position given by ``moves``.

    >>> from cgt.impartial import grundys_game
    >>> print(misere_canonical_form(grundys_game(12)), misere_canonical_form(grundys_game(13)))
    *[1] *[2[2]21]
    """
    return MisereGame._of(_position_id(position, moves))


def misere_nim_value(position, moves=None):
    """The misère Grundy value: 1 with no moves, else the mex of the options' values.

    >>> from cgt.impartial import nim
    >>> [misere_nim_value(nim(n)) for n in range(4)], misere_nim_value(nim.heaps(1, 1))
    ([1, 0, 2, 3], 1)
    """
    return _e.g_minus(_position_id(position, moves))


def misere_outcome(position, moves=None):
    """``'P'`` when the player to move loses in misère play, else ``'N'``."""
    return "P" if misere_nim_value(position, moves) == 0 else "N"


def genus(position, moves=None):
    """The genus of a position (see `Genus`).

    >>> from cgt.impartial import dawsons_kayles
    >>> [str(genus(dawsons_kayles(n))) for n in (9, 10, 11)]
    ['0', '3^1431', '3']
    """
    return _genus_of(_position_id(position, moves))


def misere_nim_sequence(ruleset, n):
    """The misère nim values of heaps ``0, 1, ..., n`` of a take-and-break ruleset.

    >>> from cgt.impartial import TakeAndBreak
    >>> misere_nim_sequence(TakeAndBreak("0.3F"), 8)
    [1, 0, 2, 1, 0, 2, 1, 0, 4]
    """
    return [_e.g_minus(g) for g in _heap_form_ids(ruleset, n)[:n + 1]]


def genus_sequence(ruleset, n):
    """The genera of heaps ``0, 1, ..., n`` of a take-and-break ruleset.

    >>> from cgt.impartial import grundys_game
    >>> [str(g) for g in genus_sequence(grundys_game, 20)[13:]]
    ['3^1431', '2', '1', '3^1431', '2', '4^0564', '3^1431', '0^20']
    """
    return [_genus_of(g) for g in _heap_form_ids(ruleset, n)[:n + 1]]
