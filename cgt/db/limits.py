"""The limits of databases: how much a build may ask for, and how much a file may ask of a reader.

A census grows about four-fold with each cell and a database of octal games
eight-fold with each digit, so one mistyped argument (``--max-cells 26``)
would plan centuries of work, and a file from elsewhere may claim nim
sequences of any length.  Each limit is checked before anything is computed,
created or read, and a request past one is a `cgt.errors.GameTooLargeError`
(a file past one, a `cgt.errors.DatabaseError`) that names the limit.

The limits are the attributes of `LIMITS`.  Set one for this process in
Python, or for one command by the environment variable ``CGT_DB_`` + its
name in capitals (``CGT_DB_MAX_CELLS=20 cgt db build ...``); deleting the
attribute goes back to the environment's value, or the default:

>>> LIMITS.max_cells
18
>>> LIMITS.max_cells = 20
>>> LIMITS.max_cells
20
>>> del LIMITS.max_cells
>>> LIMITS.within("max_cells", 26, "the cells of a census")
Traceback (most recent call last):
cgt.errors.GameTooLargeError: the cells of a census: 26 is past the limit max_cells = 18; raise it with cgt.db.LIMITS.max_cells = 26 in Python or CGT_DB_MAX_CELLS=26 in the environment
"""

import math
import operator
import os

from cgt.errors import GameTooLargeError

__all__ = ["LIMITS", "Limits"]


class _Limit:
    """One limit: a number greater than 0, with a default that an environment variable overrides."""

    def __init__(self, default, doc, kind=int):
        self.default = default
        self.kind = kind
        self.__doc__ = doc

    def __set_name__(self, owner, name):
        self.name = name
        self.variable = f"CGT_DB_{name.upper()}"

    def __get__(self, limits, owner=None):
        if limits is None:
            return self
        if self.name in limits.__dict__:
            return limits.__dict__[self.name]
        text = os.environ.get(self.variable)
        if text is None:
            return self.default
        return self.checked(text, f"the environment variable {self.variable}", from_text=True)

    def __set__(self, limits, value):
        limits.__dict__[self.name] = self.checked(value, f"cgt.db.LIMITS.{self.name}")

    def __delete__(self, limits):
        limits.__dict__.pop(self.name, None)

    def checked(self, value, where, from_text=False):
        """``value`` (or, ``from_text``, the text of one) as a number greater than 0: an int, or
        for seconds a float.  Else a ValueError naming ``where`` it came from."""
        number = self._number(value, from_text)
        if number is None or not 0 < number < math.inf:
            noun = "a whole number" if self.kind is int else "a number of seconds"
            raise ValueError(f"{where} must be {noun} greater than 0, not {value!r}")
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


class Limits:
    """The limits of builds and reads of databases (see `cgt.db.limits`); `LIMITS` is the one in use."""

    max_cells = _Limit(18, "The most cells of a census.  A census to n cells holds about "
                           "0.08 * 4.06^n / n positions: 35 million at 16 cells (a 5 GB file, "
                           "17 minutes on two cores), about 20 times more at 18.")
    max_shards = _Limit(100_000, "The most shards of one size of a census (the default plan has "
                                 "about 20,000 at 18 cells).")
    max_workers = _Limit(4 * (os.cpu_count() or 1), "The most processes of a Dask LocalCluster that a "
                                                     "build starts (default: 4 per processor).")
    max_digits = _Limit(6, "The most digits of the codes of a database of octal games "
                           "(7 * 8^(k - 1) codes of k digits: 262,143 of up to 6).")
    max_heap = _Limit(1_000_000, "The largest heap of a database of octal games, built or read: a "
                                 "stored nim sequence is inflated to at most 4 * (max_heap + 1) bytes.")
    query_seconds = _Limit(300.0, "The most seconds SQLite may work on one row of a read (a query "
                                  "stopped there is a DatabaseError).", kind=float)

    def __repr__(self):
        names = [name for name, value in vars(type(self)).items() if isinstance(value, _Limit)]
        return f"Limits({', '.join(f'{name}={getattr(self, name)!r}' for name in names)})"

    def within(self, name, value, what):
        """``value`` when it is at most the limit ``name``; else a `GameTooLargeError` that says
        ``what`` asked for it and how to raise the limit."""
        limit = getattr(self, name)
        if value > limit:
            raise GameTooLargeError(f"{what}: {value} is past the limit {name} = {limit}; raise it with "
                                    f"{self.how_to_raise(name, value)}")
        return value

    def how_to_raise(self, name, value):
        """How to set the limit ``name`` to ``value``, in Python and in the environment."""
        return f"cgt.db.LIMITS.{name} = {value} in Python or CGT_DB_{name.upper()}={value} in the environment"


LIMITS = Limits()
"""The limits in use: set an attribute to change one (see `cgt.db.limits`)."""
