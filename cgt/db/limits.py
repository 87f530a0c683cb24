"""The limits of databases: how much a build may ask for, and how much a file may ask of a reader.

A census grows about four-fold with each cell and a database of octal games
eight-fold with each digit, so one mistyped argument (``--max-cells 26``)
would plan centuries of work, and a file from elsewhere may claim nim
sequences of any length.  Each limit is checked before anything is computed,
created or read, and a request past one is a `cgt.errors.GameTooLargeError`
(a file past one, a `cgt.errors.DatabaseError`) that names the limit.

The limits are the attributes of `LIMITS`, kept as the library's own limits
are (`cgt.limits`).  Set one for this process in Python, or for one command
by the environment variable ``CGT_DB_`` + its name in capitals
(``CGT_DB_MAX_CELLS=20 cgt db build ...``); deleting the attribute goes back
to the environment's value, or the default:

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

import os

from cgt.limits import Limit, LimitSet

__all__ = ["LIMITS", "Limits"]


class Limits(LimitSet):
    """The limits of builds and reads of databases (see `cgt.db.limits`); `LIMITS` is the one in use."""

    prefix = "CGT_DB_"
    path = "cgt.db.LIMITS"

    max_cells = Limit(18, "The most cells of a census.  A census to n cells holds about "
                          "0.08 * 4.06^n / n positions: 35 million at 16 cells (a 5 GB file, "
                          "17 minutes on two cores), about 20 times more at 18.")
    max_shards = Limit(100_000, "The most shards of one size of a census (the default plan has "
                                "about 20,000 at 18 cells).")
    max_workers = Limit(4 * (os.cpu_count() or 1), "The most processes of a Dask LocalCluster that a "
                                                    "build starts (default: 4 per processor).")
    max_digits = Limit(6, "The most digits of the codes of a database of octal games "
                          "(7 * 8^(k - 1) codes of k digits: 262,143 of up to 6).")
    max_heap = Limit(1_000_000, "The largest heap of a database of octal games, built or read: a "
                                "stored nim sequence is inflated to at most 4 * (max_heap + 1) bytes.")
    query_seconds = Limit(300.0, "The most seconds SQLite may work on one row of a read (a query "
                                 "stopped there is a DatabaseError).", kind=float)


LIMITS = Limits()
"""The limits in use: set an attribute to change one (see `cgt.db.limits`)."""
