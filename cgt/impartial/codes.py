"""Take-and-break codes in CGSuite's syntax: parse, normalise, print.

A take-and-break code ``d0.d1d2d3...`` lists, for each number ``r`` of
tokens removed from one heap, the ways the rest may be left: bit ``k`` of the
digit ``d_r`` allows leaving exactly ``k`` nonempty heaps (Winning Ways ch. 4;
Siegel, *Combinatorial Game Theory*, IV.2).  So Kayles is ``0.77`` (remove 1
or 2 tokens, leaving 0, 1 or 2 heaps) and Grundy's game ``4!.0`` (remove none,
leave 2 heaps that must differ).

CGSuite's syntax, read by `parse_code`:

* digits are base 32, ``0``-``9`` then ``A``-``V`` (case-insensitive), so
  octal and hexadecimal codes are special cases; ``&n;`` is a digit of any
  size ``n``;
* a suffix on a digit constrains its splits into two or more heaps:
  ``!`` the heaps pairwise unequal, ``?`` not all equal, ``=`` all equal;
* ``{2,3}`` lists heap counts explicitly, ``{2+}`` means two or more,
  ``*`` any number (``{0+}``); entries may carry their own suffix, ``{1,2!}``;
* ``[...]`` at the end repeats forever: Nim is ``0.[3]``;
* digits left of the last one before the point add tokens instead of
  removing them (``d_-1``, ``d_-2``, ...).

Codes are normalised as CGSuite does (trailing zero digits dropped, an
all-zero repeat dropped, redundant suffixes removed), so ``str`` of a parsed
code is CGSuite's spelling.

>>> str(parse_code("0.770"))
'0.77'
>>> parse_code("4!.0").digit(0).heap_counts(10)
[2]
"""

from __future__ import annotations

import reprlib

from cgt.errors import UnknownOctalCodeError
from cgt.limits import LIMITS
from cgt.value import Struct

__all__ = ["Digit", "TakeAndBreakCode", "parse_code", "UNCONSTRAINED", "SOME_UNEQUAL",
           "PAIRWISE_UNEQUAL", "ALL_EQUAL"]

BASE32 = "0123456789ABCDEFGHIJKLMNOPQRSTUV"

UNCONSTRAINED = ""
SOME_UNEQUAL = "?"
PAIRWISE_UNEQUAL = "!"
ALL_EQUAL = "="
_SUFFIXES = (SOME_UNEQUAL, PAIRWISE_UNEQUAL, ALL_EQUAL)
_MAX_LISTED_HEAPS = 63


class Digit(Struct):
    """One code digit: for each heap count ``k``, whether ``k`` heaps may be left, and how.

    ``counts[k]`` is ``None`` (``k`` heaps not allowed) or the constraint
    (``""``, ``"!"``, ``"?"``, ``"="``) on those heaps; with ``more``, every
    count past the end is allowed with the last constraint.  Build digits
    with `Digit.of`, which normalises.

    >>> str(Digit.of([None, None, "!"]))
    '4!'
    >>> str(Digit.of([None, None, ""], more=True))
    '{2+}'
    """

    __slots__ = ("counts", "more")
    counts: tuple
    more: bool

    def __init__(self, counts: tuple, more: bool = False) -> None:
        self._init(counts, more)

    @classmethod
    def of(cls, counts, more=False):
        """The normalised digit with these heap-count constraints (CGSuite's normal form)."""
        counts = list(counts)
        while counts and counts[-1] is None:
            counts.pop()
        if more and len(counts) < 4:
            counts += [counts[-1]] * (4 - len(counts))
        # A constraint only means something for two or more heaps.
        effective = {c for c in counts[2:] if c is not None}
        for k, c in enumerate(counts):
            if c is None:
                continue
            if len(effective) == 1:
                counts[k] = next(iter(effective))
            elif k < 2:
                counts[k] = UNCONSTRAINED
        if more:
            last_different = max((k for k, c in enumerate(counts) if c != counts[-1]), default=-1)
            counts = counts[:last_different + 2]
        return cls(tuple(counts), more)

    @classmethod
    def from_bits(cls, bits, constraint=UNCONSTRAINED):
        """The digit allowing ``k`` heaps for each bit ``k`` set in ``bits``.

        >>> Digit.from_bits(7).heap_counts(5)
        [0, 1, 2]
        """
        return cls.of([constraint if bits >> k & 1 else None for k in range(bits.bit_length())])

    @property
    def is_zero(self):
        """True when the digit allows no move at all."""
        return not self.counts

    @property
    def max_heaps(self):
        """The largest number of heaps a move may leave, or None if unbounded."""
        return None if self.more else len(self.counts) - 1

    def constraint(self, heaps):
        """The constraint on leaving ``heaps`` heaps, or None if that is not allowed."""
        if heaps < len(self.counts):
            return self.counts[heaps]
        return self.counts[-1] if self.more else None

    def heap_counts(self, tokens):
        """The allowed numbers of heaps when ``tokens`` tokens remain to be left."""
        top = tokens if self.more else min(tokens, len(self.counts) - 1)
        return [k for k in range(top + 1) if self.constraint(k) is not None]

    @property
    def bits(self):
        """The digit's value: bit ``k`` set when ``k`` heaps are allowed (None if unbounded)."""
        if self.more:
            return None
        return sum(1 << k for k, c in enumerate(self.counts) if c is not None)

    def __str__(self):
        if not self.counts:
            return "0"
        last = self.counts[-1]
        allowed = [k for k, c in enumerate(self.counts) if c is not None]
        if all(self.counts[k] == last for k in allowed):
            if self.more:
                listed = "*" if len(self.counts) == 1 else "{" + ",".join(map(str, allowed)) + "+}"
                return listed + last
            bits = self.bits
            return (BASE32[bits] if bits < 32 else f"&{bits};") + last
        listed = ",".join(f"{k}{self.counts[k]}" for k in allowed)
        return "{" + listed + ("+" if self.more else "") + "}"


ZERO_DIGIT = Digit(())


class TakeAndBreakCode(Struct):
    """A normalised take-and-break code.

    ``digits[r]`` governs removing ``r`` tokens; the last ``period`` digits
    repeat forever; ``additive[i]`` governs adding ``i + 1`` tokens.

    >>> code = parse_code("0.3003330[3]")
    >>> code.digit(100).heap_counts(5), code.period, code.max_removed
    ([0, 1], 1, None)
    """

    __slots__ = ("digits", "additive", "period")
    digits: tuple
    additive: tuple
    period: int

    def __init__(self, digits: tuple, additive: tuple = (), period: int = 0) -> None:
        self._init(digits, additive, period)

    @classmethod
    def of(cls, digits, additive=(), period=0):
        """The normalised code (trailing zeros and all-zero repeats dropped)."""
        additive = _strip_zeros(list(additive))
        digits = list(digits)
        if period and all(d.is_zero for d in digits[len(digits) - period:]):
            digits, period = digits[:len(digits) - period], 0
        if not period:
            digits = _strip_zeros(digits)
        return cls(tuple(digits) or (ZERO_DIGIT,), tuple(additive), period)

    @property
    def preperiod(self):
        """The number of digits before the repeating part."""
        return len(self.digits) - self.period

    @property
    def max_removed(self):
        """The most tokens one move removes, or None when the code repeats forever."""
        return None if self.period else len(self.digits) - 1

    @property
    def max_heaps(self):
        """The most heaps one move leaves, or None if unbounded (a ``+`` or ``*`` digit)."""
        tops = [d.max_heaps for d in self.digits + self.additive if not d.is_zero]
        return None if None in tops else max(tops, default=0)

    @property
    def is_unconstrained(self):
        """True when no digit constrains the sizes of the heaps it leaves."""
        return all(c in (None, UNCONSTRAINED) for d in self.digits + self.additive for c in d.counts)

    def digit(self, removed):
        """The digit governing a move that removes ``removed`` tokens (negative: adds)."""
        if removed < 0:
            return self.additive[-removed - 1] if -removed <= len(self.additive) else ZERO_DIGIT
        if removed < len(self.digits):
            return self.digits[removed]
        if self.period:
            return self.digits[(removed - self.preperiod) % self.period + self.preperiod]
        return ZERO_DIGIT

    def __str__(self):
        prefix = "".join(map(str, reversed(self.additive))) + str(self.digits[0])
        middle = "".join(map(str, self.digits[1:self.preperiod]))
        repeat = "".join(map(str, self.digits[self.preperiod:]))
        if not middle and not repeat:
            return prefix + ".0"
        return f"{prefix}.{middle}" + (f"[{repeat}]" if repeat else "")


def _strip_zeros(digits):
    while digits and digits[-1].is_zero:
        digits.pop()
    return digits


def _error(code, position, message):
    """An `UnknownOctalCodeError` naming the 0-based ``position`` in ``code``."""
    shown = f"{reprlib.repr(code)} at position {position}"
    if position < len(code):
        shown += f" (character {code[position]!r})"
    error = UnknownOctalCodeError(f"{message} in take-and-break code {shown}")
    error.code, error.position = code, position
    return error


def parse_code(text):
    """Read a take-and-break code in CGSuite's syntax.

    Raises `UnknownOctalCodeError` (a ValueError) naming the first character
    that cannot be read and its 0-based position; a code longer than
    ``cgt.LIMITS.max_code_length`` characters is a `cgt.errors.GameTooLargeError`.

    >>> str(parse_code("4.[3]")), str(parse_code("{2+}=.0")), str(parse_code("0.7!"))
    ('4.[3]', '{2+}=.0', '0.7!')
    >>> parse_code("0.7X")
    Traceback (most recent call last):
    ...
    cgt.errors.UnknownOctalCodeError: not a base-32 digit in take-and-break code '0.7X' at position 3 (character 'X')
    """
    if not isinstance(text, str):
        raise TypeError(f"a take-and-break code is a str, not {type(text).__name__}")
    LIMITS.within("max_code_length", len(text), "the characters of a take-and-break code")
    additive, digits = [], []
    before_point, repeat_from, closed = True, None, False
    i = 0
    while i < len(text):
        ch = text[i]
        if closed:
            raise _error(text, i, "nothing may follow ']'")
        if ch == ".":
            if not before_point:
                raise _error(text, i, "a second '.'")
            before_point = False
            i += 1
            continue
        if ch == "[":
            if before_point or repeat_from is not None:
                raise _error(text, i, "'[' must come once, after the '.'")
            repeat_from = len(digits)
            i += 1
            continue
        if ch == "]":
            if repeat_from is None:
                raise _error(text, i, "']' without '['")
            closed = True
            i += 1
            continue
        digit, i = _read_digit(text, i)
        (additive if before_point else digits).append(digit)
    if before_point:
        raise _error(text, len(text), "missing '.'")
    if repeat_from is not None and not closed:
        raise _error(text, len(text), "'[' without ']'")
    if not additive:
        raise _error(text, 0, "no digit before the '.'")
    period = len(digits) - repeat_from if repeat_from is not None else 0
    return TakeAndBreakCode.of([additive[-1]] + digits, additive[-2::-1], period)


def _read_suffix(text, i):
    if i < len(text) and text[i] in _SUFFIXES:
        return text[i], i + 1
    return UNCONSTRAINED, i


def _read_digit(text, i):
    """The digit starting at ``text[i]`` and the index after it (suffix included)."""
    ch = text[i]
    if ch == "*":
        constraint, end = _read_suffix(text, i + 1)
        return Digit.of([constraint], more=True), end
    if ch == "&":
        end = text.find(";", i)
        if end == -1 or not text[i + 1:end].isdigit():
            raise _error(text, i, "'&' must be followed by a number and ';'")
        constraint, after = _read_suffix(text, end + 1)
        return Digit.from_bits(int(text[i + 1:end]), constraint), after
    if ch == "{":
        end = text.find("}", i)
        if end == -1:
            raise _error(text, i, "'{' without '}'")
        constraint, after = _read_suffix(text, end + 1)
        return _read_list(text, i + 1, end, constraint), after
    value = BASE32.find(ch.upper()) if ch.isascii() and ch.isalnum() else -1
    if value == -1:
        raise _error(text, i, "not a base-32 digit")
    constraint, after = _read_suffix(text, i + 1)
    return Digit.from_bits(value, constraint), after


def _read_list(text, start, end, shared):
    """The digit for a heap-count list such as ``{1,2!,4+}`` between ``start`` and ``end``."""
    body = text[start:end]
    more = body.endswith("+")
    if more:
        body = body[:-1]
    entries, position = [], start
    for token in body.split(","):
        count, constraint = token, shared
        if token[-1:] in _SUFFIXES:
            if shared != UNCONSTRAINED:
                raise _error(text, position + len(token) - 1, "a suffix both inside and after '{...}'")
            count, constraint = token[:-1], token[-1]
        if not count.isdigit():
            raise _error(text, position, "expected a heap count")
        if int(count) > _MAX_LISTED_HEAPS:
            raise _error(text, position, f"a heap count above {_MAX_LISTED_HEAPS}")
        entries.append((int(count), constraint))
        position += len(token) + 1
    counts = [None] * (max(k for k, _ in entries) + 1)
    for k, constraint in entries:
        counts[k] = constraint
    return Digit.of(counts, more)
