"""CGSuite notation for games: `parse` reads it, `str(G)` writes it.

The notation is CGSuite's (see ``reference/NOTATION.md``): ``0``, ``-1/2``,
``*8``, ``^^*``, ``73/16v9*8``, ``^<2>*``, ``3/4v[3]*``, ``+-1``,
``{2||1|0}``, ``Tiny(3/2)``, ``2Tiny(2)``, ``Miny({5||3|1})``, plus sums,
differences, integer multiples, CGSuite's nim operator ``*(3+5)`` and a few
friendly names.  CGSuite's numbers beyond the short games read as values of
`cgt.transfinite`: ``omega`` (``ω``), ``omega^omega - 5*omega^19``,
``1/omega``, ``1/3``, ``inf``, ``*omega``, ``*(omega+1)``, with ``^`` for
powers and ``%`` for remainders.  A game in single
quotes, ``'{*|*}'``, is an explicit form (`~cgt.short.explicit.ExplicitGame`), kept
as written instead of simplified.  CGSuite's misère literals ``*[...]``
(``*[2]``, ``*[[2],0]``, ``*[2#]``, sums of them) read as misère games
(`~cgt.impartial.MisereGame`), and loopy notation as loopy values
(`cgt.loopy`): one ``parse`` for every kind of value.
"""

from __future__ import annotations

import string
from fractions import Fraction
from types import ModuleType
from typing import Any, NoReturn

from cgt.short import game as _game_module
from cgt.dyadic import integer_text, number_text, read_integer
from cgt.errors import GameSyntaxError, GameTooLargeError, NotDyadicError, NotOrdinalError
from cgt.transfinite import (GeneralizedOrdinal, SurrealNumber, TransfiniteNimber, inf, mod, omega, power,
                             rational, transfinite_nimber)
from cgt.value import Value

__all__ = ["parse", "GameSyntaxError"]


# ======================================================================
# Parser: parse(text) -> Game                        (start of parser part)
# ======================================================================
#
# Grammar, informally (whitespace may separate tokens, never split one):
#
#   sided    := expr ['&' expr]                            onside & offside (loosest)
#   expr     := ordinal (('+' | '-' | '+-' | '±') ordinal)*   a +- b  is  a + (+-b)
#   ordinal  := term (':' term)*                           G:H, the ordinal sum, left to
#                                                          right: G:H:K = (G:H):K
#   term     := coef (('*' | '/' | '%') coef)*             n * G and G * n need an
#                                                          integer n; numbers also
#                                                          multiply and divide exactly
#   coef     := factor ('×' factor)*                       CGSuite's printed times
#   factor   := ('-' | '+') factor | ('+-' | '±') term     +-x takes the rest of the
#             | '*' power | power                          term: +-2 * 3 is +-6
#   power    := atom ['^' exponent]                        x^n, omega^x; right to left
#   exponent := ['-'] digits | factor                      omega^3*9 is (omega^3)*9
#   atom     := compact | name | '(' expr ')' | braces | call | nim
#   compact  := [-]number [ups] [star] | ups [star] | star      no spaces inside
#   number   := digits ['/' digits]                        dyadic; else a Rational
#                                                          (1/3, 17/0 = inf), which
#                                                          takes no ups, star or Tiny
#   ups      := '^'+ | '^' digits | '^<' n '>' | '^[' n ']' | '^.Pow(' n ')'
#             | '^.PowTo(' n ')' | the same with 'v' for down (n a count or 'on')
#   star     := '*' [digits]
#   nim      := '*(' expr ')'                              the nimber *n of an integer
#                                                          expression: *(3+5) = *8
#   name     := up | down | star | zero   (up/down also take .Pow(n), .PowTo(n))
#             | omega | 'ω' | inf | '∞'                  cgt.transfinite values
#             | on | off | over | under | upon | uponth | dud | tis | tisn   loopy values
#             | label                 a node label bound by label{...} around it
#   loopy    := ups with 'on' for n ('^[on]', 'v<on>'), number 'over' / 'under'
#   braces   := label '{' ... '}'     a labelled node; inside braces a cell may be
#                                     'pass', a move to the innermost (sub)game itself
#   call     := [number] ('Tiny' | 'Miny') '(' expr ')'   2Tiny(2) = 2 + Tiny(2)
#   braces   := '{' cell ((',' | '|'+) cell)* '}'          cell := expr or empty
#             | "'{" cell ((',' | '|'+) cell)* "}'"        an explicit form
#
# Decisions worth knowing:
#
# * '*' is a star inside a compact token and multiplication elsewhere.  After
#   a number or an up part, '*' starts the star part unless the next character
#   is '(' '{' '^' '.' or a letter: so 10*4 is 10+*4 and 9/8* is 9/8+*, while
#   10*(G), 2*up, 0*^.Pow(2) multiply.  A '*' after whitespace, ')' '}' or a
#   name multiplies: 10 * 4 is 40, (1+*)*3 is 3.(1+*).  '**' is refused.
# * '-' directly before a digit is the sign of that number only: -2^ is
#   -2 + ^ (as the printer writes it) and -1/2Tiny(1) is -1/2 + Tiny(1);
#   - 2^ (spaced) negates the whole token: -2v.  After a game, '-' subtracts.
# * '^' directly after a number is ups, as CGSuite prints them: 2^100 is
#   2 + 100.^ (CGSuite reads 2^100 as a power but prints 2 + 100.^ so).  After
#   whitespace, ')' or a name it raises to a power: (2)^100, 2 ^ 100, omega^2.
#   After '^' the digits are a plain integer: omega^3*9 is (omega^3) * 9.
# * Transfinite values (cgt.transfinite): 'omega' or 'ω'; '*' before omega is
#   the nimber of the power that follows (*ω^2 = *(ω^2)); '*(x)' of an
#   ordinal x is *x; '×', which CGSuite prints before a coefficient (ω×3),
#   binds tighter than '*' and '/', so (ω+3)/ω×3 reads back as printed.
#   n/0 is inf or -inf (CGSuite); 0/0, inf - inf and the like are errors.
# * ':' is CGSuite's ordinal sum, binding as in its grammar: tighter than '+'
#   and '&', looser than '*', '/' and the prefixes (-1:1 is (-1):1, +-1:1 is
#   (+-1):1, 2*1:1 is (2*1):1, 1+1:1 is 1+(1:1)).  The base keeps its form:
#   '{-1|1}':1 is the ordinal sum of that explicit form.  A loopy stopper may
#   be either operand, a sided value neither.
# * {a,b} without a bar is only an operand of +-: +-{a,b} = {a,b|-a,-b}.
#   (a,b) is never a game: +-(1,1+*) is an error, as in CGSuite.
# * Bars: a run of k bars separates at level k; the highest run splits first
#   and must occur once per level ({3|2|1} is ambiguous).  Commas bind tighter.
# * Quotes: "'{" and "}'" are single tokens (no space inside).  A quoted game
#   is an ExplicitGame: its options are kept as written, and so are the
#   sub-games its own bars make ('{3||2|1}' is '{3|'{2|1}'}').  Elsewhere an
#   explicit form is used by value: as an option of unquoted braces
#   ({'{*|*}'|-1} = {0|-1}), in sums, multiples, +- and Tiny/Miny.  Unary
#   minus negates the form ({-G^R | -G^L}).  Quoted braces need a bar.
# * Loopy games: braces holding `pass`, a label or a loopy value become a
#   node of a game graph (`cgt.loopy.Node`); it turns into its value, a
#   `Stopper` or a short `Game`, when used in arithmetic or when the text
#   ends.  `pass` anywhere but as a whole cell of braces is CGSuite's error
#   "Unexpected `pass`.".  `cgt.loopy` is imported only when such text occurs.
# * Limits, each a GameSyntaxError: counts in ^k are at most MAX_COUNT;
#   braces, parentheses and prefixes nest at most MAX_NESTING deep.  Numbers
#   have any number of digits.  The work a text asks for is bounded by
#   cgt.LIMITS: the n of ^<n> and ^[n] by max_power, a multiple n * G by
#   max_multiple; past one, the error is both a GameSyntaxError pointing at
#   the text and a GameTooLargeError.  The parser itself is iterative (no
#   recursion).

MAX_NESTING = 5000
MAX_COUNT = 10_000

_DIGITS = frozenset(string.digits)
_LETTERS = frozenset(string.ascii_letters)
_NO_STAR_AFTER = frozenset("({^.ω") | _LETTERS   # '*' before these multiplies
_PREC = {"&": 0.5, "+": 1, "-": 1, "+-": 1, ":": 1.25, "switch": 1.5, "*": 2, "/": 2, "%": 2, "×": 2.5,
         "neg": 3, "pos": 3, "nim": 3.5, "^": 4}
_PREFIX = frozenset({"neg", "pos", "switch", "nim"})
_NAMED_NUMBERS = {"omega": omega, "ω": omega, "inf": inf, "∞": inf}
_CALLS = {"Tiny": "tiny", "tiny": "tiny", "Miny": "miny", "miny": "miny"}


def parse(text: str) -> Value:
    """The game written in CGSuite notation `text`, e.g. ``{2||1|0}`` = {2 | {1 | 0}}.

    >>> from cgt import Game
    >>> parse('{2||1|0}') == Game([2], [Game([1], [0])])
    True
    """
    if not isinstance(text, str):
        raise TypeError(f"parse() needs a str, not {type(text).__name__}")
    misere = text.find("*[")
    if misere >= 0:
        return _misere(text, misere)
    parser = _Parser(text)
    try:
        return parser.run()
    except RecursionError:
        raise GameSyntaxError("game too deeply nested to build",
                              text, parser.i + 1) from None


def _misere(text: str, at: int) -> Any:
    """The misère game written ``*[...]`` (and sums of such), read by `cgt.impartial.misere`.

    >>> print(parse("*[2] + *[[2]]"))
    *[2[#2]]
    """
    if text[:at].strip():
        raise GameSyntaxError("a misère game *[...] is read alone or in a sum of misère games, "
                              "not with normal-play games", text, at + 1)
    from cgt.impartial.misere import parse_misere  # lazy load for import time: the impartial games

    return parse_misere(text)


class _NotDyadicLiteral(GameSyntaxError, NotDyadicError):
    """A fraction in the text that is not a dyadic rational."""


class _TooLargeText(GameSyntaxError, GameTooLargeError):
    """Text asking for more work than a limit of `cgt.LIMITS` allows."""


class _OptionSet(tuple):
    """Options written {a,b} without a bar: only an operand of +-."""


class _Frame:
    """One open construct: the whole text, '(', '{' or 'Tiny('."""

    __slots__ = ("kind", "col", "values", "ops", "fn", "prefix",
                 "leaf", "sides", "bars", "had_bar", "explicit", "label", "node")

    def __init__(self, kind: str, col: int, fn: str | None = None, prefix: tuple[Fraction, int] | None = None,
                 explicit: bool = False, label: str | None = None) -> None:
        self.kind = kind          # 'top', 'paren', 'brace' or 'call'
        self.explicit = explicit  # braces opened by "'{": an explicit form
        self.col = col            # index of the opening character
        self.values: list[tuple[Any, int]] = []    # operand stack: (value, index)
        self.ops: list[tuple[str, int]] = []       # operator stack: (op, index)
        self.fn = fn              # 'tiny', 'miny' or 'nim' for calls
        self.prefix = prefix      # (Fraction, index) of 2Tiny(...)
        self.leaf: list[Any] = []                  # braces: cells of the current comma run
        self.sides: list[list[Any]] = []           # braces: option lists awaiting their bar
        self.bars: list[tuple[int, int]] = []      # braces: (bar count, index) awaiting sides
        self.had_bar = False
        self.label = label        # braces written a{...}: the label's name
        self.node: Any = None     # and the loopy node it names, filled when they close


class _Constructors:
    """The game constructors of `cgt.short.game`, and `~cgt.short.explicit.ExplicitGame`, each looked up when first used."""

    def __getattr__(self, name: str) -> Any:
        value: Any
        if name == "ExplicitGame":
            from cgt.short.explicit import ExplicitGame as value  # lazy load for import time
        else:
            value = getattr(_game_module, name)
        setattr(self, name, value)
        return value


_ENGINE = _Constructors()

_LOOPY_NAMES = frozenset({"on", "off", "over", "under", "upon", "uponth", "dud", "tis", "tisn", "pass"})


_loopy_package = None
"""`cgt.loopy` once a text has needed it, fully loaded (never the half-made module that
``sys.modules`` holds while another thread imports it)."""


def _loopy() -> ModuleType:
    """The `cgt.loopy` package, imported when a loopy game is first written."""
    global _loopy_package
    if _loopy_package is None:
        from cgt import loopy  # lazy load for import time: loopy games are rarer than short ones

        _loopy_package = loopy
    return _loopy_package


def _is_loopy(value: Any) -> bool:
    """True for a loopy value, a node written in braces or `pass` (none before `_loopy` is called)."""
    loopy = _loopy_package
    return loopy is not None and isinstance(
        value, (loopy.Stopper, loopy.SidedValue, loopy.Node, type(loopy.PASS)))


_TRANSFINITE = (SurrealNumber, TransfiniteNimber)
"""The values of `cgt.transfinite`, which only numbers and nimbers combine with (``isinstance(x,
_TRANSFINITE)`` is tested inline: it is on the path of every sum in a text)."""


def _dyadic(x: Any) -> bool:
    return x.denominator & (x.denominator - 1) == 0


def _plain(x: Any) -> Any:
    """A Fraction as an int when it is one."""
    return x.numerator if x.denominator == 1 else x


class _Parser:
    """An operator-precedence parser with an explicit stack of frames."""

    def __init__(self, text: str) -> None:
        self.s = text
        self.n = len(text)
        self.i = 0
        self.frames = [_Frame("top", 0)]
        self.operand = True     # expecting an operand (else an operator)
        self.prefixes = 0       # prefix operators waiting for their operand
        self.count_at = 0       # where the last exponent of an up power was read
        self.E = _ENGINE

    # -------------------------------------------------------------- driver
    def run(self) -> Value:
        s, n = self.s, self.n
        while True:
            i = self.i
            while i < n and s[i].isspace():
                i += 1
            self.i = i
            if i >= n:
                return self.finish()
            if self.operand:
                self.step_operand(s[i])
            else:
                self.step_operator(s[i])

    def error(self, message: str, index: int) -> NoReturn:
        raise GameSyntaxError(message, self.s, index + 1)

    def show(self, index: int) -> str:
        return repr(self.s[index]) if index < self.n else "the end"

    def step_operand(self, c: str) -> None:
        s, i = self.s, self.i
        if (c in _DIGITS or (c == "-" and s[i + 1:i + 2] in _DIGITS)) and self.in_exponent():
            self.exponent_integer(i)
        elif c in _DIGITS:
            self.compact_number(i, i)
        elif c == "-" and i + 1 < self.n and s[i + 1] in _DIGITS:
            self.compact_number(i, i + 1)
        elif c == "-":
            self.push_prefix("neg", i, 1)
        elif c == "+" and s.startswith("+-", i):
            self.push_prefix("switch", i, 2)
        elif c == "+":
            self.push_prefix("pos", i, 1)
        elif c == "±":
            self.push_prefix("switch", i, 1)
        elif c == "*":
            self.nimber(i)
        elif c == "^":
            self.uptimal_tail(i, i, None)
        elif c in _LETTERS:
            self.name(i)
        elif c in "ω∞":
            self.i = i + 1
            self.push_operand(_NAMED_NUMBERS[c], i)
        elif c in "({":
            self.open_frame("paren" if c == "(" else "brace", i)
            self.i = i + 1
        elif c == "'":
            if not s.startswith("'{", i):
                self.error("a quote opens an explicit game, written '{L|R}'; "
                           f"expected '{{' after it, found {self.show(i + 1)}", i)
            self.open_frame("brace", i, explicit=True)
            self.i = i + 2
        elif c in ",|})":
            self.terminator(c, i)
        else:
            self.error(f"unexpected {c!r}; expected a game", i)

    def step_operator(self, c: str) -> None:
        s, i = self.s, self.i
        if c == "+" and s.startswith("+-", i):
            self.binary("+-", i, 2)
        elif c == "±":
            self.binary("+-", i, 1)
        elif c in "+-/&:%×^":
            self.binary(c, i, 1)
        elif c == "*":
            if s.startswith("**", i):
                self.error("'**' is not supported (no powers of games)", i)
            self.binary("*", i, 1)
        elif c in ",|})":
            self.terminator(c, i)
        elif c == "'":
            self.error("unexpected quote: only '{ opens an explicit game and only }' "
                       "closes one", i)
        else:
            self.error(f"unexpected {c!r} after a game; expected an operator "
                       "such as + or -", i)

    def finish(self) -> Any:
        frame = self.frames[-1]
        if frame.kind != "top":
            opener = {"paren": "(", "brace": "{"}.get(frame.kind) or \
                self.s[frame.col:self.s.index("(", frame.col) + 1]
            closer = "}" if frame.kind == "brace" else ")"
            if frame.explicit:
                opener, closer = "'{", "}'"
            self.error(f"missing {closer!r} to close {opener!r} "
                       f"at column {frame.col + 1}", self.n)
        if self.operand and not (frame.ops or frame.values):
            self.error("no game in the text", self.n)
        value, at = self.end_expr(frame, self.n)
        return self.resolve(value, at)

    # ------------------------------------------------------ frames & stacks
    def check_depth(self, index: int) -> None:
        if len(self.frames) + self.prefixes > MAX_NESTING:
            self.error(f"nested more than {MAX_NESTING} deep", index)

    def open_frame(self, kind: str, index: int, fn: str | None = None, prefix: tuple[Fraction, int] | None = None,
                   explicit: bool = False, label: str | None = None) -> None:
        self.frames.append(_Frame(kind, index, fn, prefix, explicit, label))
        self.check_depth(index)
        self.operand = True

    def push_prefix(self, op: str, index: int, width: int) -> None:
        self.frames[-1].ops.append((op, index))
        self.prefixes += 1
        self.check_depth(index)
        self.i = index + width

    def push_operand(self, value: Any, index: int) -> None:
        self.frames[-1].values.append((value, index))
        self.operand = False

    def binary(self, op: str, index: int, width: int) -> None:
        frame = self.frames[-1]
        while frame.ops and (_PREC[frame.ops[-1][0]] > _PREC[op] or
                             (_PREC[frame.ops[-1][0]] == _PREC[op] and op != "^")):   # ^ groups to the right
            self.reduce(frame)
        frame.ops.append((op, index))
        self.operand = True
        self.i = index + width

    def reduce(self, frame: _Frame) -> None:
        """Apply the operator on top of `frame`'s stack to its operands."""
        op, at = frame.ops.pop()
        b, b_at = frame.values.pop()
        if op == "&":       # a game written in braces stands for its own side there
            a, a_at = frame.values.pop()
            frame.values.append((self.sided(self.side_operand(a, a_at, "onside"),
                                            self.side_operand(b, b_at, "offside"), at), a_at))
            return
        b = self.resolve(b, b_at)
        if op in _PREFIX:
            self.prefixes -= 1
            if op == "switch":
                b = self.switch_of(b, at)
            elif op == "neg":
                b = -self.game(b, b_at)
            elif op == "nim":
                b = self.nim_of(b, b_at)
            frame.values.append((b, at))
            return
        a, a_at = frame.values.pop()
        a = self.game(self.resolve(a, a_at), a_at)
        if op == "+-":
            switch = self.switch_of(b, at)
            value = self.arithmetic(lambda: a + switch, at) if isinstance(a, _TRANSFINITE) else a + switch
        elif op == ":":
            value = self.ordinal_sum(a, self.game(b, b_at), at)
        else:
            b = self.game(b, b_at)
            if op in "+-" and (isinstance(a, _TRANSFINITE) or isinstance(b, _TRANSFINITE)):
                value = self.arithmetic(lambda: a + b if op == "+" else a - b, at)
            elif op == "+":
                value = a + b
            elif op == "-":
                value = a - b
            elif op in "*×":
                value = self.multiply(a, b, at)
            elif op == "/":
                value = self.divide(a, b, at)
            elif op == "%":
                value = self.arithmetic(lambda: mod(self.value(a), self.value(b)), at)
            else:
                value = self.arithmetic(lambda: power(self.value(a), self.value(b)), at)
        frame.values.append((value, a_at))

    def end_expr(self, frame: _Frame, index: int) -> Any:
        """The finished expression of `frame` as (value, index), or None if empty."""
        if self.operand:
            if frame.ops or frame.values:
                op, at = frame.ops[-1]
                shown = op if op in _PREC else self.s[at]
                if self.s.startswith("+-", at):
                    shown = "+-"
                self.error(f"expected a game after {shown!r}, found "
                           f"{self.show(index)}", index)
            return None
        while frame.ops:
            self.reduce(frame)
        value, at = frame.values.pop()
        self.game(value, at)
        return value, at

    def terminator(self, c: str, i: int) -> None:
        frame = self.frames[-1]
        kind = frame.kind
        if c == ")":
            if kind not in ("paren", "call"):
                self.mismatch(c, frame, i)
            done = self.end_expr(frame, i)
            if done is None:
                self.error("expected a game inside the parentheses", i)
            value = self.resolve(*done)
            if kind == "call" and frame.fn == "nim":
                value = self.nim_of(value, done[1])
            elif kind == "call":
                value = self.call_value(frame.fn, self.short(value, done[1]), frame.col)  # type: ignore[arg-type]  # a call frame has its fn
                if frame.prefix is not None:
                    value = self.E.number(_plain(frame.prefix[0])) + value
            self.frames.pop()
            self.i = i + 1
            self.push_operand(value, frame.col)
            return
        if kind != "brace":
            if c == "}":
                self.mismatch(c, frame, i)
            where = "" if kind == "top" else " (use {...} for a game, +-{a,b} for a switch)"
            self.error(f"{c!r} is only allowed inside braces {{...}}{where}", i)
        self.end_cell(frame, i)
        if c == "}" and frame.explicit and not self.s.startswith("'", i + 1):
            self.error(f"expected a quote after '}}' to close \"'{{\" at column "
                       f"{frame.col + 1}, found {self.show(i + 1)}", i + 1)
        if c == "}":
            value = self.close_braces(frame)
            self.frames.pop()
            self.i = i + 2 if frame.explicit else i + 1
            self.push_operand(value, frame.col)
        elif c == ",":
            self.i = i + 1
            self.operand = True
        else:
            j = i
            while j < self.n and self.s[j] == "|":
                j += 1
            self.bar(frame, j - i, i)
            self.i = j
            self.operand = True

    def mismatch(self, c: str, frame: _Frame, i: int) -> None:
        if frame.kind == "top":
            self.error(f"unmatched {c!r}", i)
        opener = ("'{" if frame.explicit else "{") if frame.kind == "brace" else "("
        self.error(f"{c!r} does not match {opener!r} at column {frame.col + 1}", i)

    # ------------------------------------------------------------- braces
    def end_cell(self, frame: _Frame, index: int) -> None:
        done = self.end_expr(frame, index)
        frame.leaf.append(done if done is not None else (None, index))

    def side(self, frame: _Frame) -> Any:
        """The options of the comma run just ended: [] for one empty cell."""
        cells, frame.leaf = frame.leaf, []
        if len(cells) == 1 and cells[0][0] is None:
            return []
        for value, at in cells:
            if value is None:
                self.error(f"expected an option before {self.show(at)}", at)
            self.short(value, at)
        return [value for value, _ in cells]

    def bar(self, frame: _Frame, count: int, index: int) -> None:
        frame.had_bar = True
        frame.sides.append(self.side(frame))
        while frame.bars and frame.bars[-1][0] < count:
            self.reduce_bar(frame)
        if frame.bars and frame.bars[-1][0] == count:
            bars = "|" * count
            self.error(f"ambiguous: two {bars!r} at the same level (column "
                       f"{frame.bars[-1][1] + 1} and here); add braces", index)
        frame.bars.append((count, index))

    def reduce_bar(self, frame: _Frame, closing: bool = False) -> None:
        """Join the two sides around the latest bar; ``closing``: the braces' own bar."""
        frame.bars.pop()
        right = frame.sides.pop()
        left = frame.sides.pop()
        last = closing and not frame.bars and frame.node is not None
        if last or any(_is_loopy(x) for x in left + right):
            if frame.explicit:
                self.error("an explicit game '{...}' cannot be loopy", frame.col)
            node = frame.node if last else _loopy().Node()
            node.left, node.right = left, right
            frame.sides.append([node])
            return
        make = self.E.ExplicitGame if frame.explicit else self.E.Game
        frame.sides.append([make(left, right)])

    def close_braces(self, frame: _Frame) -> Any:
        frame.sides.append(self.side(frame))
        while frame.bars:
            self.reduce_bar(frame, closing=True)
        if not frame.had_bar:
            if frame.explicit:
                self.error("an explicit game needs a bar: write '{L|R}'", frame.col)
            if frame.label is not None:
                self.error(f"the braces labelled {frame.label!r} need a bar: write {frame.label}{{L|R}}",
                           frame.col)
            return _OptionSet(frame.sides[0])
        return frame.sides[0][0]

    # ------------------------------------------------------------ atoms
    def digits_end(self, i: int) -> Any:
        j = i
        while j < self.n and self.s[j] in _DIGITS:
            j += 1
        return j

    def integer(self, i: int) -> Any:
        """The integer written in digits at i, however many (None when none are there), and where
        they end."""
        s, n = self.s, self.n
        j = i
        while j < n and s[j] in _DIGITS:
            j += 1
        if j == i:
            return None, j
        digits = s[i:j]
        try:
            return int(digits), j
        except ValueError:      # more digits than CPython converts
            return read_integer(digits), j

    def too_large(self, error: Any, index: int) -> NoReturn:
        """``error``, a `GameTooLargeError`, pointing at the text from ``index``."""
        raise _TooLargeText(str(error), self.s, index + 1) from None

    def count(self, i: int, what: str) -> Any:
        """The exponent n of an up power written at i and where it ends; `build` refuses an n past
        LIMITS.max_power, pointing here (``self.count_at``)."""
        value, j = self.integer(i)
        if value is None:
            self.error(f"expected a count after {what!r}, found {self.show(i)}", i)
        self.count_at = i
        return value, j

    def in_exponent(self) -> bool:
        """Whether the operand about to be read is the exponent of a '^'."""
        ops = self.frames[-1].ops
        return bool(ops) and ops[-1][0] == "^"

    def exponent_integer(self, i: int) -> None:
        """A plain integer at i, with its '-' sign: an exponent (no ups or star after it)."""
        start = i + 1 if self.s[i] == "-" else i
        n, self.i = self.integer(start)
        self.push_operand(self.E.number(-n if start > i else n), i)

    def compact_number(self, start: int, i: int) -> None:
        """A number at i (its sign at start), with ups, star or Tiny/Miny after it."""
        s, n = self.s, self.n
        p, j = self.integer(i)
        q = 1
        if j + 1 < n and s[j] == "/" and s[j + 1] in _DIGITS:
            q, j = self.integer(j + 1)
        if start != i:
            p = -p
        x = Fraction(p, q) if q else None
        if x is None or not _dyadic(x):
            self.rational_literal(start, j, p, q)
            return
        if j < n and s[j] in _LETTERS:
            k = j
            while k < n and s[k] in _LETTERS:
                k += 1
            if s[j:k] in _CALLS:
                self.call(j, k, (x, start))
                return
            if s[j:k] in ("over", "under"):
                self.i = k
                self.push_operand(self.E.number(_plain(x)) + getattr(_loopy(), s[j:k]), start)
                return
        self.uptimal_tail(start, j, x)

    def rational_literal(self, start: int, j: int, p: int, q: int) -> None:
        """The literal p/q at start..j that is not a dyadic rational: a Rational, or inf for q = 0."""
        s, n = self.s, self.n
        if j < n and (s[j] in "^v" or s[j] in _LETTERS or
                      (s[j] == "*" and s[j + 1:j + 2] not in _NO_STAR_AFTER)):
            if q == 0:
                self.error(f"{s[start:j]} is {'inf' if p > 0 else '-inf'}, which takes no ups, star "
                           "or Tiny/Miny", j)
            raise _NotDyadicLiteral(
                f"{s[start:j]} is not a dyadic rational (its denominator "
                f"{integer_text(Fraction(p, q).denominator)} is not a power of 2), so it takes no ups, star "
                "or Tiny/Miny", s, start + 1)
        self.i = j
        self.push_operand(self.arithmetic(lambda: rational(p, q), start), start)

    def uptimal_tail(self, start: int, j: int, x: Any) -> None:
        """The ups and star of a compact token from j on; x is its number or None."""
        s, n = self.s, self.n
        kind, amount, star = "ups", 0, 0
        if j < n and s[j] in "^v":
            ch = s[j]
            sign = 1 if ch == "^" else -1
            k = j
            while k < n and s[k] == ch:
                k += 1
            if ch == "v" and k < n and s[k] in _LETTERS:
                self.unknown_name(j)
            nxt = s[k] if k < n else ""
            if k - j > 1 and nxt and nxt in "<[0123456789":
                self.error(f"a count cannot follow {s[j:k]!r}; write "
                           f"{ch}3 or {ch}<3> or {ch}[3]", k)
            if k - j > 1 or not nxt or nxt not in "<[.0123456789":
                amount = sign * (k - j)
            elif nxt in _DIGITS:
                count = self.digits_end(k)
                if count - k > len(str(MAX_COUNT)) or int(s[k:count]) > MAX_COUNT:
                    self.error(f"{s[k:count]} is too large here (at most {MAX_COUNT})", k)
                amount, k = sign * int(s[k:count]), count
            elif nxt == ".":
                if x is not None:
                    self.error("unexpected '.'", k)
                kind, amount, k = self.method(k)
                self.i = k
                self.push_operand(self.build(None, kind, sign * amount, 0), start)
                return
            elif s.startswith("on" + (">" if nxt == "<" else "]"), k + 1):
                kind, amount, k = ("uponth" if nxt == "<" else "upon"), sign, k + 4
            else:
                closer = ">" if nxt == "<" else "]"
                amount, k = self.count(k + 1, nxt)
                if k >= n or s[k] != closer:
                    self.error(f"expected {closer!r}, found {self.show(k)}", k)
                if amount < 1:
                    self.error("the index must be at least 1", k - 1)
                kind, amount, k = ("nth" if nxt == "<" else "to"), sign * amount, k + 1
            j = k
        if j < n and s[j] == "*":
            nxt = s[j + 1] if j + 1 < n else ""
            if nxt == "*":
                self.error("'**' is not supported (no powers of games)", j)
            if not nxt or nxt not in _NO_STAR_AFTER:
                star, j = self.integer(j + 1)
                if star is None:
                    star = 1
        self.i = j
        self.push_operand(self.build(x, kind, amount, star), start)

    def method(self, k: int) -> Any:
        """'.Pow(n)' or '.PowTo(n)' at k, n a count or 'on': (kind, n, end)."""
        s, n = self.s, self.n
        j = k + 1
        while j < n and s[j] in _LETTERS:
            j += 1
        kind = {"Pow": "nth", "PowTo": "to"}.get(s[k + 1:j])
        if kind is None:
            self.error(f"unknown method {s[k + 1:j]!r}; expected Pow or PowTo",
                       k + 1)
        j = self.skip_space(j)
        if j >= n or s[j] != "(":
            self.error(f"expected '(', found {self.show(j)}", j)
        j = self.skip_space(j + 1)
        if s.startswith("on", j) and not s[j + 2:j + 3].isalpha():      # ^.Pow(on) = ^<on>, ^.PowTo(on) = ^[on]
            kind, amount, j = ("uponth" if kind == "nth" else "upon"), 1, j + 2
        else:
            amount, j = self.count(j, "(")
        if amount < 1:
            self.error("the index must be at least 1", j - 1)
        j = self.skip_space(j)
        if j >= n or s[j] != ")":
            self.error(f"expected ')', found {self.show(j)}", j)
        return kind, amount, j + 1

    def skip_space(self, j: int) -> Any:
        while j < self.n and self.s[j].isspace():
            j += 1
        return j

    def nimber(self, i: int) -> None:
        if self.s.startswith("**", i):
            self.error("'**' is not supported (no powers of games)", i)
        if self.s.startswith("*(", i):
            self.open_frame("call", i, "nim")
            self.i = i + 2
            return
        if self.s.startswith("ω", i + 1) or (self.s.startswith("omega", i + 1)
                                             and self.s[i + 6:i + 7] not in _LETTERS):
            self.push_prefix("nim", i, 1)           # *ω^2: the nimber of the power after it
            return
        star, j = self.integer(i + 1)
        self.i = j
        self.push_operand(self.E.nimber(1 if star is None else star), i)

    def name(self, i: int) -> None:
        s, n = self.s, self.n
        j = i
        while j < n and s[j] in _LETTERS:
            j += 1
        word = s[i:j]
        if j < n and s[j] == "{":
            self.open_frame("brace", i, label=word)
            self.frames[-1].node = _loopy().Node()
            self.i = j + 1
        elif any(f.label == word for f in self.frames):
            self.i = j
            frame = next(f for f in reversed(self.frames) if f.label == word)
            self.push_operand(frame.node, i)
        elif word in _LOOPY_NAMES:
            self.i = j
            self.push_operand(self.loopy_name(word, i), i)
        elif word.strip("v") == "":
            self.uptimal_tail(i, i, None)
        elif word in _CALLS:
            self.call(i, j, None)
        elif word in ("up", "down"):
            sign = 1 if word == "up" else -1
            kind, amount = "ups", 1
            if j < n and s[j] == ".":
                kind, amount, j = self.method(j)
            self.i = j
            self.push_operand(self.build(None, kind, sign * amount, 0), i)
        elif word in ("star", "zero"):
            self.i = j
            self.push_operand(self.E.nimber(1 if word == "star" else 0), i)
        elif word in _NAMED_NUMBERS:
            self.i = j
            self.push_operand(_NAMED_NUMBERS[word], i)
        else:
            self.unknown_name(i)

    def unknown_name(self, i: int) -> None:
        j = i
        while j < self.n and self.s[j] in _LETTERS:
            j += 1
        self.error(f"unknown name {self.s[i:j]!r}", i)

    def call(self, i: int, j: int, prefix: Any) -> None:
        """Tiny( or Miny( with its name at i..j; prefix is (number, index) or None."""
        k = self.skip_space(j)
        if k >= self.n or self.s[k] != "(":
            self.error(f"expected '(' after {self.s[i:j]}, found {self.show(k)}", k)
        start = i if prefix is None else prefix[1]
        self.open_frame("call", start, _CALLS[self.s[i:j]], prefix)
        self.i = k + 1

    # ---------------------------------------------------------- values
    def build(self, x: Any, kind: str, amount: int, star: Any) -> Any:
        """x + amount.^ (or ^<n>, ^[n]) + *star, from the constructors."""
        E = self.E
        x = 0 if x is None else _plain(x)
        if kind in ("upon", "uponth"):          # x^[on]*k, xv<on>: a loopy compact token
            game = getattr(_loopy().named, kind)
            game = game if amount > 0 else -game
            return game + E.number(x) + E.nimber(star)
        if kind == "ups":
            if amount == 0 and star == 0:
                return E.number(x)
            if amount == 0 and x == 0:
                return E.nimber(star)
            return E.uptimal(number=x, ups=amount, star=star)
        try:
            game = (E.up_power if kind == "nth" else E.up_power_to)(abs(amount))
        except GameTooLargeError as error:
            self.too_large(error, self.count_at)
        if amount < 0:
            game = -game
        if x != 0:
            game = E.number(x) + game
        if star:
            game = game + E.nimber(star)
        return game

    def game(self, value: Any, index: int) -> Any:
        """`value`, which must be a game rather than a bare {a,b}."""
        if isinstance(value, _OptionSet):
            self.error("braces without a bar are not a game; write {L|R}, "
                       "or +-{a,b} for {a,b|-a,-b}", index)
        return value

    def nim_of(self, value: Any, index: int) -> Any:
        """``*α`` for the ordinal expression ``value`` read at ``index`` (CGSuite's ``*(3+5)``, ``*(ω+1)``)."""
        value = self.value(self.game(value, index))
        if not isinstance(value, GeneralizedOrdinal) and not (isinstance(value, self.E.Game) and value.is_integer):
            self.error(f"'*(...)' needs an integer or an ordinal inside, not {value}", index)
        try:
            return transfinite_nimber(value)
        except NotOrdinalError as error:
            self.error(str(error), index)

    def switch_of(self, value: Any, index: int) -> Any:
        """+-G = {G | -G}; +-{a,b} = {a,b | -a,-b}."""
        for g in value if isinstance(value, _OptionSet) else (value,):
            self.short(g, index)
        if isinstance(value, _OptionSet):
            if any(_is_loopy(g) for g in value):
                return _loopy().loopy_value(_loopy().Node(value, [-self.resolve(g, 0) for g in value]))
            return self.E.Game(list(value), [-g for g in value])
        if _is_loopy(value):
            return _loopy().loopy_value(_loopy().Node([value], [-value]))
        return self.E.switch(value)

    def loopy_name(self, word: str, i: int) -> Any:
        """The value of on, off, over, under, upon, uponth, dud, tis or tisn; `pass` as the marker of a pass."""
        loopy = _loopy()
        if word == "pass":
            frame = self.frames[-1]
            if frame.kind != "brace" or frame.explicit or frame.ops:
                self.error("Unexpected `pass`.", i)
            return loopy.PASS
        return getattr(loopy.named, word)

    def side_operand(self, value: Any, index: int, side: str) -> Any:
        """An operand of ``&``: a game written in braces (a loopy node) as the form of its ``side``."""
        loopy = _loopy_package
        if loopy is not None and isinstance(value, loopy.Node):
            self.resolve(value, index)              # the same checks as for any other use
            return loopy.side_form_of(value, side)
        return self.game(self.resolve(value, index), index)

    def sided(self, onside: Any, offside: Any, at: int) -> Any:
        """``G & H``: the sided value with onside G and offside H (stoppers, or a game's side forms)."""
        loopy = _loopy()
        for g in (onside, offside):
            self.short(g, at)
        for name, g in (("onside", onside), ("offside", offside)):
            if isinstance(g, loopy.SidedValue):
                self.error(f"the {name} of '&' must be a stopper, not the sided value {g}", at)
        try:
            return loopy.sided(onside, offside)
        except ValueError as exc:
            self.error(str(exc), at)

    def resolve(self, value: Any, index: int) -> Any:
        """``value`` as a game: a loopy node written in braces becomes its stopper."""
        loopy = _loopy_package
        if loopy is None:
            return value
        if value is loopy.PASS:
            self.error("Unexpected `pass`.", index)
        if not isinstance(value, loopy.Node):
            return value
        open_nodes = {id(f.node) for f in self.frames if f.node is not None}
        seen, stack = set(), [value]
        while stack:
            node = stack.pop()
            if id(node) in open_nodes:
                self.error("a labelled node is used before its braces close", index)
            if id(node) not in seen:
                seen.add(id(node))
                stack.extend(x for x in node.left + node.right if isinstance(x, loopy.Node))
        return loopy.loopy_value(value)

    def call_value(self, fn: str, value: Any, index: int) -> Any:
        """Tiny(G) = {0 || 0 | -G} and Miny(G) = {G | 0 || 0}, also for a loopy stopper G."""
        try:
            return getattr(self.E, fn)(value)
        except TypeError as exc:
            self.error(str(exc), index)

    def value(self, g: Any) -> Any:
        """The value of an operand: an explicit form's canonical form."""
        return g.canonical_form if isinstance(g, self.E.ExplicitGame) else g

    def ordinal_sum(self, base: Any, sub: Any, at: int) -> Any:
        """``base : sub`` (CGSuite's ``:``): the base as written (an explicit form keeps its options)."""
        for g in (base, sub):
            self.short(g, at)
        loopy = _loopy_package
        if loopy is not None:
            for name, g in (("base", base), ("second operand", sub)):
                if isinstance(g, loopy.SidedValue):
                    self.error(f"':' (the ordinal sum) is defined for games and stoppers; its {name} "
                               f"is the sided value {g}", at)
        return base.ordinal_sum(sub)

    def multiply(self, a: Any, b: Any, at: int) -> Any:
        a, b = self.value(a), self.value(b)
        if isinstance(a, _TRANSFINITE) or isinstance(b, _TRANSFINITE):
            return self.arithmetic(lambda: a * b, at)
        if a.is_number and b.is_number:
            return self.E.number(_plain(a.to_fraction() * b.to_fraction()))
        if a.is_integer:
            factor, game = int(a.to_fraction()), b
        elif b.is_integer:
            factor, game = int(b.to_fraction()), a
        else:
            self.error("'*' multiplies a game by an integer (or two numbers)", at)
        try:
            return factor * game
        except GameTooLargeError as error:
            self.too_large(error, at)

    def divide(self, a: Any, b: Any, at: int) -> Any:
        a, b = self.value(a), self.value(b)
        if isinstance(a, _TRANSFINITE) or isinstance(b, _TRANSFINITE):
            return self.arithmetic(lambda: a / b, at)
        if not (a.is_number and b.is_number):
            self.error("'/' divides a number by a number", at)
        return self.arithmetic(lambda: rational(a, b), at)

    def arithmetic(self, compute: Any, at: int) -> Any:
        """``compute()``, arithmetic on numbers; what it refuses is a GameSyntaxError at ``at`` (past a
        limit, also a GameTooLargeError)."""
        try:
            return compute()
        except GameSyntaxError:
            raise
        except GameTooLargeError as error:
            self.too_large(error, at)
        except (TypeError, ValueError, ArithmeticError) as error:
            raise GameSyntaxError(str(error), self.s, at + 1) from error

    def short(self, value: Any, index: int) -> Any:
        """``value``, which must be a short (or loopy) game, not a transfinite value."""
        if isinstance(value, _TRANSFINITE):
            self.error(f"{value} is not a short game: it cannot be an option, a switch, a side, "
                       "an operand of ':' or the argument of Tiny/Miny", index)
        return value


# ======================================================================
#                                                      (end of parser part)
# ======================================================================
