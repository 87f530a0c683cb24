"""The limits of `cgt`: how much work one text or one call may ask for.

A few characters can ask for more than any machine holds: ``^<10000>``
builds ten thousand uptimals of up to ten thousand coefficients each,
``nimber(2**40).left_options`` lists 2^40 games, a loopy game graph of n
nodes is solved on n² pairs of nodes.  Before such work starts, its size is
estimated and checked against a limit; a request past one is a
`cgt.errors.GameTooLargeError` that names the limit and says how to raise it.
Work that no estimate bounds (a sum of two large games, say) is stopped by
`max_depth` instead, or by a `MemoryError` when memory runs out: never by
the end of the process.

The limits are the attributes of `LIMITS` (see ``docs/limits.md`` for what
each bounds).  Set one for this process in Python, or for one command by the
environment variable ``CGT_`` + its name in capitals
(``CGT_MAX_POWER=5000 cgt eval '^<3000>'``); deleting the attribute goes back
to the environment's value, or the default.  The environment is read when
`cgt` is imported (a limit is read on every step of some loops, so reading
one must cost a dictionary lookup); ``LIMITS.read_environment()`` reads it
again, for a process that changes ``os.environ``.  The limits of databases are
`cgt.db.LIMITS`, the same mechanism with variables ``CGT_DB_...``.

>>> LIMITS.max_power
1000
>>> LIMITS.max_power = 2000
>>> LIMITS.max_power
2000
>>> del LIMITS.max_power
>>> LIMITS.within("max_power", 3000, "the exponent of an up power")
Traceback (most recent call last):
cgt.errors.GameTooLargeError: the exponent of an up power: 3000 is past the limit max_power = 1000; raise it with cgt.LIMITS.max_power = 3000 in Python or CGT_MAX_POWER=3000 in the environment
"""

import contextlib
import math
import operator
import os
import sys

from cgt.errors import GameTooLargeError

__all__ = ["LIMITS", "Limit", "LimitSet", "Limits", "progress_reporter"]


class Limit:
    """One limit: a number greater than 0, with a default that an environment variable overrides.

    Declared as a class attribute of a `LimitSet`, whose ``prefix`` names the
    variable (``CGT_`` + the limit's name in capitals, for `Limits`).
    """

    def __init__(self, default, doc, kind=int):
        self.default = default
        self.kind = kind
        self.__doc__ = doc

    def __set_name__(self, owner, name):
        self.name = name
        self.variable = f"{owner.prefix}{name.upper()}"

    def __get__(self, limits, owner=None):
        """The value in force, read once: kept in ``limits.__dict__``, which is where later reads
        find it (a plain attribute lookup) until the limit is set, deleted or read again."""
        if limits is None:
            return self
        value = limits.__dict__[self.name] = self.resolved(limits)
        return value

    def resolved(self, limits):
        """The value in force in ``limits``: set in Python, else from the environment, else the
        default.  A ValueError when it comes from an environment variable that is not a number."""
        if self.name in limits._set:
            return limits._set[self.name]
        text = limits._environment.get(self.variable)
        if text is None:
            return self.default
        return self.checked(text, f"the environment variable {self.variable}", from_text=True)

    def checked(self, value, where, from_text=False):
        """``value`` (or, ``from_text``, the text of one) as a number greater than 0: an int, or
        for seconds a float.  Else a ValueError naming ``where`` it came from."""
        number = self._number(value, from_text)
        if number is None or not 0 < number < math.inf:
            noun = "a whole number" if self.kind is int else "a number of seconds"
            shown = repr(value) if not isinstance(value, int) or value.bit_length() < 64 else "a larger one"
            raise ValueError(f"{where} must be {noun} greater than 0, not {shown}")
        return number

    def _number(self, value, from_text):
        """``value`` as a number of this limit's kind, or None."""
        if not from_text and isinstance(value, (str, bool)):
            return None
        convert = self.kind if from_text or self.kind is float else operator.index
        try:
            return convert(value)
        except (TypeError, ValueError, OverflowError):
            return None


class LimitSet:
    """A set of limits, each a `Limit` class attribute; ``prefix`` starts their environment
    variables and ``path`` is where the instance in use lives (for messages)."""

    prefix = "CGT_"
    path = "cgt.LIMITS"

    def __init__(self):
        self.__dict__.update(_watchers={},
                             _environment={},   # the limits' environment variables, as last read
                             _set={})           # the limits set in Python
        self.read_environment()

    def __setattr__(self, name, value):
        limit = self._limit(name)
        self.__dict__[name] = self._set[name] = limit.checked(value, f"{self.path}.{name}")
        self.changed(name)

    def __delattr__(self, name):
        self._limit(name)
        self._set.pop(name, None)
        self.__dict__.pop(name, None)
        self.changed(name)

    def _limit(self, name):
        """The `Limit` called ``name``; else an AttributeError (a set has no other attributes)."""
        limit = getattr(type(self), name, None)
        if not isinstance(limit, Limit):
            raise AttributeError(f"{self.path} has no limit {name!r}")
        return limit

    def read_environment(self):
        """Read the limits' environment variables again (they are read when the set is made, so
        that using a limit costs a dictionary lookup); for a process that changes ``os.environ``."""
        names = [name for name, value in vars(type(self)).items() if isinstance(value, Limit)]
        self._environment.clear()
        self._environment.update({variable: os.environ[variable]
                                  for variable in (f"{self.prefix}{name.upper()}" for name in names)
                                  if variable in os.environ})
        for name in names:
            self.__dict__.pop(name, None)
            with contextlib.suppress(ValueError):   # a malformed variable is named when the limit is used
                getattr(self, name)
            self.changed(name)

    def __repr__(self):
        names = [name for name, value in vars(type(self)).items() if isinstance(value, Limit)]
        return f"{type(self).__name__}({', '.join(f'{name}={getattr(self, name)!r}' for name in names)})"

    def within(self, name, value, what):
        """``value`` when it is at most the limit ``name``; else a `GameTooLargeError` that says
        ``what`` asked for it and how to raise the limit."""
        if value > getattr(self, name):
            raise self.refusal(name, value, what)
        return value

    def refusal(self, name, value, what):
        """The `GameTooLargeError` for ``what``, which asked for ``value`` (None: for more than the
        limit, by how much unknown), past the limit ``name``."""
        limit = getattr(self, name)
        if value is None:
            shown, asked = f"more than {limit}", 10 * limit
        elif value.bit_length() > 100:
            shown, asked = f"about 2^{value.bit_length() - 1}", "a larger value"
        else:
            shown, asked = value, value
        return GameTooLargeError(f"{what}: {shown} is past the limit {name} = {limit}; raise it "
                                 f"with {self.how_to_raise(name, asked)}")

    def how_to_raise(self, name, value):
        """How to set the limit ``name`` to ``value``, in Python and in the environment."""
        return f"{self.path}.{name} = {value} in Python or {self.prefix}{name.upper()}={value} in the environment"

    def watch(self, name, callback):
        """Call ``callback(value)`` with the limit ``name`` now, and again whenever it is set or deleted.

        For code that keeps a copy of a limit (the compiled engine keeps `Limits.max_depth`).
        """
        self._watchers.setdefault(name, []).append(callback)
        callback(getattr(self, name))

    def changed(self, name):
        """Tell the watchers of the limit ``name`` its value."""
        for callback in self._watchers.get(name, ()):
            callback(getattr(self, name))


class Limits(LimitSet):
    """The limits of work on games (see `cgt.limits`); `LIMITS` is the one in use."""

    max_power = Limit(1000, "The largest n of up-nth ↑<n> and ↑[n] (``^<n>``, ``up_power(n)``), and of the "
                            "birthday of x in G.pow(x) and G.pow_to(x).  ↑<n> is built from ↑<2>, ..., ↑<n-1>, "
                            "each of up to n coefficients: ↑<2000> takes 0.4 s and 300 MB, ↑<8000> 25 s and "
                            "4.6 GB.")
    max_multiple = Limit(500_000, "The most work of one sum in an integer multiple n.G of a game G, made "
                                  "by doubling: the followers of one part times those of the other.  "
                                  "350.{3|1||0} takes sums of up to 220,000, 2 s in all; 1000.{3|1||0} "
                                  "takes sums of 2 million, 90 s.  (Multiples of numbers, nimbers and "
                                  "uptimals are computed arithmetically, at any size.)")
    max_options = Limit(1_000_000, "The most options listed for one game: a nimber *n has n, listed by "
                                   "nimber(n).left_options and whenever *n is played in a sum with a game "
                                   "that is not an uptimal.")
    max_depth = Limit(1_000_000, "How deep one computation on games may recurse: sums, comparisons and "
                                 "canonical forms of games nested this deep (each level takes stack and "
                                 "memory), and the text of such games.")
    max_graph_nodes = Limit(10_000, "The most nodes of a loopy game graph whose value is computed: the "
                                    "algorithms work on every pair of nodes (10,000 nodes: 10^8 pairs, "
                                    "600 MB).")
    max_misere_heap = Limit(5_000, "The largest nim heap *n in misère play.  Its misère canonical form "
                                   "lists every smaller heap, and each of those its own: *n holds n²/2 "
                                   "options (*5000: 4 s, 100 MB).")
    max_misere_work = Limit(3_000_000, "The most work of one misère computation: a sum, a factorisation into "
                                       "parts, the text of a game (written with both), counted in options "
                                       "handled (a sum of two games costs their options, a part tried its "
                                       "options and the game's, a game made its options).  *[2###...#] with "
                                       "n #s has about 2^n parts: n = 15 takes 1.5 million, 1 s.")
    max_quotient_heap = Limit(1000, "The largest heap of a misère quotient (`cgt.impartial.misere_quotient`): "
                                    "every heap up to it is a generator of the monoid whose quotient is found.")
    max_quotient_order = Limit(2000, "The most elements of a misère quotient found before the search stops and "
                                     "says the quotient is not finite up to the heap reached: each element "
                                     "keeps a row of outcomes and the verification a state per reachable "
                                     "tuple of elements.")
    max_code_length = Limit(100_000, "The most characters of a heap game's code read: a take-and-break code "
                                     "(0.77, 4!.0) or a turning code (1-3,4C).  An octal code of 100,000 "
                                     "digits takes 0.8 s to read; of a million, 4 s (a turning code 24 s).")
    max_board_cells = Limit(30, "The most empty cells of a board whose canonical form `cgt domineering` "
                                "computes: the search grows about fourfold with each row of six cells "
                                "(5x6, 30 cells: 3 s; 6x6: more than a minute).  In Python, "
                                "Domineering(board).canonical_form has no such limit (Ctrl-C stops it).")
    max_nimber_table = Limit(100_000_000, "The most components whose nimbers one nimber search keeps "
                                          "(`cgt.solve.nim_value`): about 20 bytes each in the compiled search "
                                          "of Cram, so 2 GB at the default.  Cram 5x8 keeps 170,000.  A search "
                                          "kept in a checkpoint forgets its smallest components when full.")
    max_outcome_table = Limit(10_000_000, "The most sums whose answers one outcome search keeps "
                                          "(`cgt.solve.outcome`): past it the older half is forgotten and found "
                                          "again if needed.  An answer takes about 100 bytes in the compiled "
                                          "search (a sum of two components of up to 64 cells), so 1 GB at the "
                                          "default.")
    max_nim_heap = Limit(1 << 24, "The largest heap whose nim value is computed from the smaller heaps' "
                                  "(nim_sequence(n), and nim_value(n) where no period gives it): n + 1 "
                                  "values are kept, about 40 bytes each.")
    max_cake_side = Limit(1000, "The most rows or columns of a cake whose moves or value are computed "
                                "(Cutcake, Eatcake, Maundy Cake, GenCutcake): the heap rulesets' options "
                                "are listed up to the largest side, about side² of them for Cutcake "
                                "(Cutcake(1000, 1): 1 s; Cutcake(3000, 1): 8 s).")
    max_ordinal_terms = Limit(1000, "The most terms of one generalized ordinal ω^α₁·c₁ + ... + ω^αₖ·cₖ "
                                    "(cgt.transfinite): of a sum, a product, a nim product, and the exponent n "
                                    "of a power x^n of an ordinal x of several terms.")
    max_ordinal_product_terms = Limit(200_000, "The most term products of one product of two generalized "
                                               "ordinals, or one nim product: the terms of one factor times "
                                               "those of the other.")
    max_ordinal_height = Limit(100, "The highest tower of exponents ω^ω^...^ω built: a value nests its "
                                    "exponents at most this deep.")
    max_ordinal_power_bits = Limit(100_000, "The most bits of coefficient of an integer power x^n of a "
                                            "generalized ordinal, estimated before it starts as n times the "
                                            "bits of x's largest coefficient and of its number of terms: "
                                            "(ω×3)^100000 is estimated at 300,000.")
    max_nim_field_work = Limit(500_000, "The most term products of one nim product, power, inverse or "
                                        "quotient of ordinals (Lenstra's algorithm): a dense inverse high "
                                        "in the field can need many more, and reaches the default in "
                                        "0.7 s.")
    max_lowest_terms_work = Limit(2_000_000, "The most term products (an operation on integers of m and n "
                                             "bits counting as 1 + m·n/2^20) spent reducing one quotient of "
                                             "generalized ordinals to lowest terms: its greatest common "
                                             "divisor and the divisions by it.  The default is reached in "
                                             "about a second.")
    max_lowest_terms_bits = Limit(200_000, "The most bits times degree of the integers at which the heuristic "
                                           "greatest common divisor evaluates a polynomial; past them it gives "
                                           "way to the polynomial remainder sequence (whose work "
                                           "max_lowest_terms_work bounds).  Not a refusal.")


LIMITS = Limits()
"""The limits in use: set an attribute to change one (see `cgt.limits`)."""


def progress_reporter(progress, line):
    """What a long computation reports its progress to, from its ``progress`` argument.

    A callable ``progress`` is itself (it gets the computation's counts); a
    false one is None (no reports); True is a reporter that redraws
    ``line(*counts)`` on one line of stderr (``\\r``, no newline: the caller
    ends the line when the computation ends).

    >>> progress_reporter(False, str) is None, progress_reporter(print, str) is print
    (True, True)
    """
    if callable(progress):
        return progress
    if not progress:
        return None

    def report(*counts):
        print(f"\r{line(*counts)}", end="", file=sys.stderr, flush=True)

    return report
