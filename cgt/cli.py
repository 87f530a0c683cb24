"""The ``cgt`` command: evaluate games, nim sequences of take-and-break codes, Domineering boards.

    cgt eval "{1|*} + ^"             value, outcome, birthday, stops, mean, temperature, ...
    cgt eval on                      any value: what applies to it (stoppers, dud, *[2], ...)
    cgt eval "omega - 5"             surreals, rationals, *omega too
    cgt --version
    cgt octal 0.77 --heaps 100 --period
    cgt octal 0.6 --heaps 32768 --stats --no-values
    cgt domineering "....|....|...." [--progress] [--json]
    cgt nimber cram 5x7 [--progress] [--checkpoint FILE [--checkpoint-min-cells N]] [--json]
    cgt nimber "impartial clobber" "xoxo|ox.."
    cgt solve "clobber xoxo.|.oxox" "domineering ..|.." [--first left] [--timeout SECONDS] [--json]
    cgt play nim [--computer] [--seed N]
    cgt db build domineering --max-cells 8 --out dom.sqlite [--workers 2 | --scheduler ADDRESS]
    cgt db build octal --digits 3 --max-heap 10000 --out octal.sqlite
    cgt db stats dom.sqlite
    cgt db query dom.sqlite --temperature '>=3/2' --kind hot --cells 8 --limit 10
    cgt db query octal.sqlite --code 0.137 --values

``cgt eval`` reads every kind of value (`cgt.parse`) and prints what
applies to it (`cgt.value.facts`): the questions of `cgt.value.Value` the
theory answers for its kind, the facts of that kind, and the predicates that
hold; a game may start with ``-``.  ``--json`` prints the same facts as one
JSON object. Exit status: 0 on success, 2 for a command line argparse
rejects, 1 when the game itself is malformed or has no value cgt computes (a
one-line message on stderr, the notation's column marked), when a database
is missing, malformed or busy, when an argument is past a limit
(`cgt.db.LIMITS`), or when the reader of the output stops early (``| head``);
130 after Ctrl-C. Text read from a database is printed with its control
characters escaped; a query that matches nothing says so on stderr.

>>> main(["eval", "{1|*} + ^"])
value: {1^|^*}
class: Game
outcome: L
birthday: 4
left_stop: 1
right_stop: 0
mean: 1/2
temperature: 1/2
is: loopfree, plumtree, stopper, stopper_sided, finite
0
>>> main(["eval", "dud"])
value: dud
class: SidedValue
outcome: D
onside: on
offside: off
is: idempotent, stopper_sided, finite
0
"""

from __future__ import annotations

import argparse
import json
import os
import re
import reprlib
import sys
import threading
import time

from cgt.dyadic import integer_text
from cgt.errors import DatabaseError, GameTooLargeError, SidedValueNotSupportedError
from cgt.limits import LIMITS
from cgt.notation import parse
from cgt.value import facts as value_facts
from cgt.version import cgt_version

__all__ = ["main"]

_PROG = "cgt"


def main(argv=None):
    """Run the ``cgt`` command on ``argv`` (default ``sys.argv[1:]``); return the exit status."""
    try:
        status = _run(sys.argv[1:] if argv is None else list(argv))
        sys.stdout.flush()              # here, so that a reader gone early is met below
        return status
    except KeyboardInterrupt:
        print(file=sys.stderr)
        return 130
    except BrokenPipeError:             # the reader of the output stopped early (| head)
        os.dup2(os.open(os.devnull, os.O_WRONLY), sys.stdout.fileno())
        return 1


def _run(argv):
    """The exit status of the command ``argv``, its output printed."""
    try:
        args = _parser().parse_args(_game_after_options(argv))
    except SystemExit as exit:          # --help, --version (0) or a usage error (2), already printed
        return exit.code
    try:
        return args.run(args)
    except (_GameError, DatabaseError, GameTooLargeError, OverflowError) as error:
        return _fail(args, error)
    except MemoryError as error:
        return _fail(args, f"out of memory{': ' if str(error) else ''}{error}")


def _fail(args, error):
    """Print ``error`` as the one-line message of the command ``args`` ran; the exit status 1."""
    command = " ".join(filter(None, (args.command, getattr(args, "db_command", None))))
    print(f"{_PROG} {command}: {error}", file=sys.stderr)
    return 1


class _GameError(Exception):
    """A game, code or board that the library rejected; the text is for the user."""


_EVAL_OPTIONS = {"--json", "-h", "--help"}


def _game_after_options(argv):
    """``argv`` with the game of ``cgt eval`` after a ``--``, so that ``-{1|*}`` is not read as an option.

    >>> _game_after_options(["eval", "-{1|*}", "--json"])
    ['eval', '--json', '--', '-{1|*}']
    """
    if not argv or argv[0] != "eval" or "--" in argv:
        return argv
    rest = argv[1:]
    return ["eval", *[a for a in rest if a in _EVAL_OPTIONS], "--", *[a for a in rest if a not in _EVAL_OPTIONS]]


def _parser():
    parser = argparse.ArgumentParser(
        prog=_PROG, description="Combinatorial game theory: values in CGSuite's notation.")
    parser.add_argument("--version", action="version", version=f"{_PROG} {cgt_version()}")
    commands = parser.add_subparsers(dest="command", metavar="COMMAND", required=True)

    p = commands.add_parser("eval", help="the value and invariants of a game in CGSuite notation",
                            description="Print the canonical value of GAME (CGSuite notation, "
                                        "e.g. '{1|*} + ^', 'on', 'dud', '*[2]', 'omega - 5', '1/3', "
                                        "'*omega') with what applies to it: its class, outcome, "
                                        "birthday, stops, mean and temperature, sides, misère values, "
                                        "numerator and denominator, and the predicates that hold.")
    p.add_argument("game", metavar="GAME", help="a game in CGSuite notation (it may start with '-')")
    p.add_argument("--json", action="store_true", help="print one JSON object")
    p.set_defaults(run=_run_eval)

    p = commands.add_parser("octal", help="the nim sequence of a take-and-break code",
                            description="Print the nim values of heaps 0..N of the take-and-break "
                                        "game CODE (e.g. 0.77 for Kayles, 4.[3] for Lasker's "
                                        "Nim) or of a named heap game (kayles, lasker, ...).")
    p.add_argument("code", metavar="CODE", help="a take-and-break code, such as 0.77")
    p.add_argument("--heaps", metavar="N", type=_natural, default=100,
                   help="compute heaps 0..N (default 100)")
    p.add_argument("--period", action="store_true",
                   help="also report the period proved from those heaps")
    p.add_argument("--stats", action="store_true",
                   help="also report the rare and common values (sparse space): the mask, "
                        "the rare heaps, the largest value")
    p.add_argument("--no-values", action="store_true",
                   help="leave the nim values themselves out (for long sequences)")
    p.add_argument("--progress", action="store_true",
                   help="show a progress bar on stderr (needs tqdm: pip install 'cgt-toolkit[progress]')")
    p.add_argument("--json", action="store_true", help="print one JSON object")
    p.set_defaults(run=_run_octal)

    p = commands.add_parser("misere", help="the misère quotient of a take-and-break code",
                            description="Print the misère quotient of heaps 0..N of the take-and-break "
                                        "game CODE (e.g. 0.07 for Dawson's Kayles) or of a named heap "
                                        "game: its presentation, |Q|, |P|, whether it is tame, and the "
                                        "pretending function (the word of each heap), as MisereSolver "
                                        "prints them.")
    p.add_argument("code", metavar="CODE", help="a take-and-break code, such as 0.75")
    p.add_argument("--max-heap", metavar="N", type=_natural, default=20,
                   help="the quotient of heaps 0..N (default 20)")
    p.add_argument("--structure", action="store_true",
                   help="also print the idempotents, with the order of each one's maximal subgroup |H| "
                        "and archimedean component |A| (with --json: their elements)")
    p.add_argument("--json", action="store_true", help="print one JSON object")
    p.add_argument("--progress", action="store_true",
                   help="report the heaps done and the order of their quotient on stderr")
    p.set_defaults(run=_run_misere)

    p = commands.add_parser("domineering", help="the canonical form of a Domineering board",
                            description="Print the canonical form of a Domineering board: rows "
                                        "separated by '|' (or given as separate arguments), "
                                        "'.' empty, '#' filled. Left places vertical dominoes. "
                                        "The board is printed, then what 'cgt eval' prints of its "
                                        "value.")
    p.add_argument("rows", metavar="BOARD", nargs="+", help="e.g. '....|....|....'")
    p.add_argument("--json", action="store_true",
                   help="print one JSON object: the board and its canonical_form")
    p.add_argument("--progress", action="store_true",
                   help="show the time the search has taken on stderr, past a second "
                        "(the default when stderr is a terminal)")
    p.set_defaults(run=_run_domineering)

    p = commands.add_parser("nimber", help="the nimber of an impartial board, by a pruned search",
                            description="Print the nimber of an impartial position, found by search "
                                        "without its canonical form (cgt.solve.nim_value): Cram, or "
                                        "'impartial RULESET' (the impartial variant of a grid or strip "
                                        "ruleset, e.g. 'impartial amazons'), searched in Rust.  BOARD is "
                                        "RxC for the empty board or rows separated by '|'.")
    p.add_argument("ruleset", metavar="RULESET", help="cram, or 'impartial clobber', 'impartial konane', ...")
    p.add_argument("board", metavar="BOARD", help="e.g. 5x7 or '....|..#.|....'")
    p.add_argument("--json", action="store_true", help="print one JSON object")
    p.add_argument("--progress", action="store_true", help="report the search's progress on stderr")
    p.add_argument("--checkpoint", metavar="FILE",
                   help="Cram: write the search's table to FILE as it goes, and go on from it if it exists")
    p.add_argument("--checkpoint-every", metavar="SECONDS", type=float, default=60.0,
                   help="how often the checkpoint is written (default 60)")
    p.add_argument("--checkpoint-min-cells", metavar="N", type=int,
                   help="keep the components of at least N cells in the checkpoint (default: the board's cells "
                        "less 20)")
    p.set_defaults(run=_run_nimber)

    p = commands.add_parser("solve", help="who wins a position or a sum of positions, by search",
                            description="Print who wins the sum of the POSITIONs, found by search "
                                        "without the canonical form (cgt.solve.outcome): with "
                                        "--first, the winner when that player moves first; else the "
                                        "outcome class (L, R, N: the first player wins, P: the second). "
                                        "A POSITION is a ruleset's name and a board, e.g. 'clobber "
                                        "xoxo.|.oxox', 'domineering 6x6' (an empty board), 'toads "
                                        "TTT..FFF', 'impartial clobber xo|ox'.")
    p.add_argument("positions", metavar="POSITION", nargs="+", help="e.g. 'clobber xoxo|oxox'")
    p.add_argument("--first", choices=["left", "right", "L", "R"],
                   help="the player who moves first (default: both, for the outcome class)")
    p.add_argument("--timeout", metavar="SECONDS", type=_seconds,
                   help="give up after SECONDS (exit status 1, 'no answer within ...')")
    p.add_argument("--json", action="store_true", help="print one JSON object")
    p.add_argument("--progress", action="store_true", help="report the search's progress on stderr")
    p.set_defaults(run=_run_solve)

    p = commands.add_parser("play", help="play Nim (or another heap game) interactively",
                            description="Play an impartial heap game on random piles: nim, "
                                        "kayles, lasker, dawsons_kayles, grundy, candy_strip, "
                                        "officers, or any take-and-break code such as 0.4.")
    p.add_argument("game", metavar="GAME", nargs="?", default="nim",
                   help="a heap game's name or a take-and-break code (default nim)")
    p.add_argument("--computer", action="store_true", help="play against the computer")
    p.add_argument("--seed", metavar="N", type=int, help="seed for reproducible games")
    p.set_defaults(run=_run_play)

    db = commands.add_parser("db", help="build and query databases: censuses of Domineering or Cram, "
                                        "octal games",
                             description="A census database holds every board shape (polyomino) "
                                         "of a grid ruleset up to a number of cells, one per "
                                         "class under the symmetries that keep values, with "
                                         "its value; a database of octal games holds each code "
                                         "0.d1d2d3's nim values and proved period; see docs/db.md.")
    db_commands = db.add_subparsers(dest="db_command", metavar="DB_COMMAND", required=True)
    p = db_commands.add_parser("build", help="compute a database into an SQLite file (resumable)",
                               description="Compute every position of RULESET (domineering or "
                                           "cram) up to --max-cells cells, or every octal game "
                                           "(RULESET octal) of up to --digits digits to heap "
                                           "--max-heap, into --out. Run again after an "
                                           "interruption: what was stored is kept.")
    p.add_argument("ruleset", metavar="RULESET", help="domineering, cram or octal")
    p.add_argument("--max-cells", metavar="N", type=_natural,
                   help="the largest number of cells (domineering, cram)")
    p.add_argument("--digits", metavar="K", type=_natural, default=3,
                   help="octal codes 0.d1...dk of up to K digits (octal; default 3)")
    p.add_argument("--max-heap", metavar="N", type=_natural, default=10_000,
                   help="nim values of heaps 0..N (octal; default 10000)")
    p.add_argument("--out", metavar="PATH", required=True, help="the database file")
    where = p.add_mutually_exclusive_group()
    where.add_argument("--workers", metavar="K", type=_natural,
                       help="compute on a Dask LocalCluster of K processes")
    where.add_argument("--scheduler", metavar="ADDRESS",
                       help="compute on the Dask cluster of this scheduler (e.g. tcp://host:8786); "
                            "it and its workers are trusted to run code here (Dask unpickles results)")
    p.add_argument("--shards", metavar="K", type=_natural,
                   help="shards per size (default: 1 up to 8 cells, then a few seconds' work each); "
                        "for octal, codes per shard (default 16)")
    p.add_argument("--progress", action="store_true", help="print a line per shard on stderr")
    p.set_defaults(run=_run_db_build)

    p = db_commands.add_parser("stats", help="what a database holds: positions per size, values, "
                                             "shards done; games, periods found",
                               description="Summarise the database PATH.")
    p.add_argument("path", metavar="PATH", help="the database file")
    p.add_argument("--json", action="store_true", help="print one JSON object")
    p.set_defaults(run=_run_db_stats)

    p = db_commands.add_parser("query", help="list the stored positions or games that match filters",
                               description="Print the positions of a census PATH matching every "
                                           "filter given, one per line: cells, board, value, kind, "
                                           "outcome, temperature; or the games of a database of "
                                           "octal games: code, period, preperiod, saltus ('-' "
                                           "when none is proved), largest value, number of "
                                           "distinct values (tab-separated).")
    p.add_argument("path", metavar="PATH", help="the database file")
    census = p.add_argument_group("census filters")
    census.add_argument("--value", metavar="GAME", help="a value in CGSuite notation, e.g. '+-1'")
    census.add_argument("--kind", metavar="KIND",
                        help="integer, number, nimber, number+nimber, 'up multiple', tiny/miny, "
                             "infinitesimal, switch or hot")
    census.add_argument("--outcome", metavar="CLASS", help="L, R, N or P")
    census.add_argument("--cells", metavar="N", type=_cells, help="N cells, or LO-HI")
    census.add_argument("--temperature", metavar="CONDITION",
                        help="e.g. '>=3/2', '<1', '=0', or LO..HI")
    games = p.add_argument_group("octal filters")
    games.add_argument("--code", metavar="CODE", help="one code, e.g. 0.137")
    games.add_argument("--period", metavar="N", type=_cells, help="period N, or LO-HI")
    games.add_argument("--preperiod", metavar="N", type=_cells, help="preperiod N, or LO-HI")
    games.add_argument("--no-period", action="store_true", help="the games without a proved period")
    games.add_argument("--digits", metavar="K", type=_cells, help="codes of K digits, or LO-HI")
    games.add_argument("--values", action="store_true", help="also print the nim values")
    p.add_argument("--limit", metavar="N", type=_natural, help="print at most N")
    p.add_argument("--json", action="store_true", help="print one JSON list")
    p.set_defaults(run=_run_db_query)
    return parser


def _natural(text):
    try:
        value = int(text)
    except ValueError:
        raise argparse.ArgumentTypeError(f"not a whole number: {text!r}") from None
    if value < 0:
        raise argparse.ArgumentTypeError(f"must be 0 or more, not {value}")
    return value


def _seconds(text):
    try:
        value = float(text)
    except ValueError:
        raise argparse.ArgumentTypeError(f"not a number of seconds: {text!r}") from None
    if not 0 <= value < float("inf"):
        raise argparse.ArgumentTypeError(f"a finite number of seconds >= 0, not {text}")
    return value


def _cells(text):
    """A number of cells ``N``, or a range ``LO-HI`` (inclusive)."""
    lo, _, hi = text.partition("-")
    try:
        return range(int(lo), int(hi) + 1) if hi else int(lo)
    except ValueError:
        raise argparse.ArgumentTypeError(f"not a number of cells nor LO-HI: {text!r}") from None


def _emit(args, facts):
    """Print ``facts`` as ``name: value`` lines, or as JSON with ``--json`` (an int of over
    4,000 digits as a string of its digits: JSON readers, CPython's too, refuse longer numbers)."""
    if args.json:
        print(json.dumps({name: _json_value(value) for name, value in facts.items()}))
    else:
        for name, value in facts.items():
            print(f"{name}: {_text(value)}")
    return 0


def _text(value):
    """A fact as printed: a list joined by commas, an int of any length in full."""
    if isinstance(value, list):
        return ", ".join(value)
    return integer_text(value) if isinstance(value, int) and not isinstance(value, bool) else value


def _json_value(value):
    if isinstance(value, int) and not isinstance(value, bool) and len(integer_text(value)) > 4000:
        return integer_text(value)
    return value


# ---------------------------------------------------------------- eval
def _run_eval(args):
    from cgt.short.explicit import ExplicitGame  # lazy load, as for each command below: `cgt --help` stays fast

    try:
        value = parse(args.game)
        form = {}
        if isinstance(value, ExplicitGame):     # a quoted form '{...}': report it, then its value
            form["form"] = str(value)
            value = value.canonical_form
        shown = form | value_facts(value)
    except (ValueError, TypeError, OverflowError, SidedValueNotSupportedError) as error:
        raise _GameError(error) from None
    return _emit(args, shown)


# ---------------------------------------------------------------- octal
def _run_octal(args):
    from cgt.impartial import TakeAndBreak  # lazy load for start-up time
    from cgt.impartial.codes import parse_code  # lazy load for start-up time
    from cgt.play import RULESETS  # lazy load for start-up time

    text = args.code
    named = RULESETS.get(text.lower())
    try:
        # A fresh ruleset, so that no period proved from more heaps is remembered.
        ruleset = TakeAndBreak(named.code if named else text)
    except ValueError as error:
        raise _GameError(error) from None
    n = args.heaps
    values = ruleset.nim_sequence(n, progress=args.progress)
    facts = {"code": ruleset.code, "heaps": n}
    if not args.no_values:
        facts["nim_sequence"] = values
    if args.period:
        code = parse_code(ruleset.code)
        applies = (code.max_removed is not None and code.max_heaps is not None
                   and code.is_unconstrained)
        periodicity = ruleset.periodicity(n)
        facts["theorem_applies"] = applies
        facts["periodicity"] = None if periodicity is None else {
            "period": periodicity.period,
            "preperiod": periodicity.preperiod,
            "saltus": periodicity.saltus,
        }
    if args.stats:
        stats = ruleset.sparse_space(n)
        facts["sparse_space"] = {
            "mask": stats.mask, "rare_count": stats.rare_count, "last_rare": stats.last_rare,
            "common_count": stats.common_count, "rare_heaps": list(stats.rare_heaps),
            "largest_value": stats.largest_value, "largest_value_at": stats.largest_value_at,
        }
    if args.json:
        print(json.dumps(facts))
        return 0
    print(f"code: {ruleset.code}")
    if not args.no_values:
        print(f"nim sequence, heaps 0..{n}:")
        width = len(str(max(values)))
        for start in range(0, n + 1, 10):
            row = " ".join(f"{value:>{width}}" for value in values[start:start + 10])
            print(f"{start:>{len(str(n))}}: {row}")
    if args.period:
        if periodicity is not None:
            print(f"period: {periodicity.period} (preperiod {periodicity.preperiod}, "
                  f"saltus {periodicity.saltus}), proved by the octal periodicity theorem")
        elif not applies:
            print("period: none proved; the octal periodicity theorem does not apply "
                  "(it needs a bound on the tokens taken and the heaps left, "
                  "and no constraint on their sizes)")
        else:
            print(f"period: none proved within heaps 0..{n}; try more --heaps")
    if args.stats:
        print(f"rare mask: {stats.mask:#x} (v is rare when v & mask has an even number of bits)")
        print(f"rare heaps: {stats.rare_count} of {n + 1}, the last at {stats.last_rare}")
        print(f"common heaps: {stats.common_count}")
        print(f"largest value: {stats.largest_value}, first at heap {stats.largest_value_at}")
    return 0


# ---------------------------------------------------------------- misere
def _run_misere(args):
    from cgt.impartial import TakeAndBreak, misere_quotient  # lazy load for start-up time
    from cgt.play import RULESETS  # lazy load for start-up time

    named = RULESETS.get(args.code.lower())
    try:
        ruleset = TakeAndBreak(named.code if named else args.code)
    except ValueError as error:
        raise _GameError(error) from None
    try:
        quotient = misere_quotient(ruleset, args.max_heap, progress=args.progress)
    finally:
        if args.progress:
            print(file=sys.stderr)
    facts = {"code": ruleset.code, "max_heap": args.max_heap, "presentation": quotient.presentation,
             "order": quotient.order, "p_portion_size": len(quotient.p_portion),
             "tame": quotient.is_tame, "pretending": quotient.pretending}
    if args.structure:
        facts["structure"] = [{"idempotent": quotient.word(e),
                               "maximal_subgroup": _words(quotient, quotient.maximal_subgroup(e)),
                               "archimedean_component": _words(quotient, quotient.archimedean_component(e))}
                              for e in quotient.idempotents]
    if args.json:
        print(json.dumps(facts, ensure_ascii=False))
        return 0
    print(f"code: {ruleset.code}, heaps 0..{args.max_heap}")
    print(quotient.presentation)
    print(f"|Q| = {quotient.order}; |P| = {len(quotient.p_portion)}; {'tame' if quotient.is_tame else 'wild'}")
    print("Phi = " + " ".join(quotient.pretending))
    if args.structure:
        print(f"idempotents: {len(quotient.idempotents)}")
        for part in facts["structure"]:
            print(f"  {part['idempotent']}: |H| = {len(part['maximal_subgroup'])}, "
                  f"|A| = {len(part['archimedean_component'])}")
    return 0


def _words(quotient, elements):
    """The names of a set of elements of a misère quotient, in the order of the names."""
    return [quotient.word(x) for x in sorted(elements)]


# ---------------------------------------------------------------- domineering
def _run_domineering(args):
    from cgt.rulesets import Domineering  # lazy load for start-up time

    board = "|".join(args.rows)
    try:
        position = Domineering(board)
    except ValueError as error:
        raise _GameError(error) from None
    LIMITS.within("max_board_cells", board.count("."), "the empty cells of a board that cgt domineering solves")
    with _Elapsed(f"{position!r}: searching", args.progress or sys.stderr.isatty()):
        value = position.canonical_form
    if args.json:
        print(json.dumps({"board": board, "canonical_form": str(value)}))
        return 0
    return _emit(args, {"board": board} | value_facts(value))


#: Seconds of a search before `_Elapsed` shows its line, and between two updates.
_PROGRESS_EVERY = 1.0


class _Elapsed:
    """The progress line of a search that reports nothing itself (the compiled canonical-form search):
    ``what`` and the seconds taken, on stderr, redrawn every `_PROGRESS_EVERY` seconds past the
    first, when ``shown``; ended by a newline, as the searches' own progress lines of `cgt nimber`
    and `cgt solve` are."""

    def __init__(self, what, shown):
        self.what = what
        self.shown = shown
        self.stop = threading.Event()
        self.thread = threading.Thread(target=self._run, daemon=True)
        self.drawn = False

    def __enter__(self):
        if self.shown:
            self.start = time.monotonic()
            self.thread.start()
        return self

    def _run(self):
        while not self.stop.wait(_PROGRESS_EVERY):
            self.drawn = True
            print(f"\r{self.what}, {time.monotonic() - self.start:.0f} s", end="", file=sys.stderr, flush=True)

    def __exit__(self, *exc):
        if self.shown:
            self.stop.set()
            self.thread.join()
            if self.drawn:
                print(file=sys.stderr)


def _run_nimber(args):
    from cgt.rulesets import Cram  # lazy load for start-up time
    from cgt.rulesets.variant import _Impartial  # lazy load for start-up time
    from cgt.solve import nim_value  # lazy load for start-up time

    position = _solve_position(f"{args.ruleset} {args.board}")
    impartial = isinstance(position, _Impartial)
    if not (impartial or type(position) is Cram):
        raise _GameError(f"{args.ruleset!r} is not impartial: 'cram', or 'impartial' and a ruleset "
                         f"(e.g. 'impartial {args.ruleset}')")
    start = time.monotonic()
    try:
        value = nim_value(position, progress=args.progress, checkpoint=args.checkpoint,
                          checkpoint_every=args.checkpoint_every, checkpoint_min_cells=args.checkpoint_min_cells)
    except ValueError as error:
        raise _GameError(error) from None
    except KeyboardInterrupt:
        if args.checkpoint is not None and os.path.exists(args.checkpoint):
            end_of_progress = "\n" if args.progress else ""
            print(f"{end_of_progress}stopped: {args.checkpoint} keeps what the search proved; "
                  "the same command goes on from it", end="", file=sys.stderr)
        raise
    finally:
        if args.progress:
            print(file=sys.stderr)
    seconds = time.monotonic() - start
    base = position.base if impartial else position
    board = "|".join(base.rows) if hasattr(base, "rows") else base.strip
    if args.json:
        print(json.dumps({"ruleset": args.ruleset, "board": board, "nim_value": value, "seconds": seconds}))
    else:
        print(f"board: {board}\nnim_value: {value}\nvalue: *{value}" if value else
              f"board: {board}\nnim_value: 0\nvalue: 0")
    return 0


# ---------------------------------------------------------------- solve
#: Other names of rulesets in ``cgt solve`` (the class names, lower case, are read too).
_ALIASES = {"toads": "toadsandfrogs", "elephants": "elephantsandrhinos", "toppling": "topplingdominoes",
            "backslidingtoads": "backslidingtoadsandfrogs"}


def _boards():
    """The rulesets ``cgt solve`` reads a board of: lower-case name -> class."""
    from cgt import rulesets  # lazy load for start-up time
    from cgt.rulesets.strip import _Strip  # lazy load for start-up time

    found = {}
    for name in rulesets.__all__:
        ruleset = getattr(rulesets, name)
        if isinstance(ruleset, type) and issubclass(ruleset, (rulesets.Grid, _Strip)) \
                and ruleset is not rulesets.Grid and not name.startswith("Gen"):
            found[name.lower()] = ruleset
    return found


def _solve_position(text):
    """The position written ``text``: a ruleset's name (maybe after 'impartial') and a board."""
    from cgt import rulesets  # lazy load for start-up time

    words = text.split()
    if len(words) < 2:
        raise _GameError(f"{text!r}: a position is a ruleset's name and a board, e.g. 'clobber xoxo|oxox'")
    *names, board = words
    impartial = names[0].lower() == "impartial"
    name = "".join(names[1:] if impartial else names).lower().replace("_", "").replace("-", "")
    known = _boards()
    ruleset = known.get(_ALIASES.get(name, name))
    if ruleset is None:
        raise _GameError(f"no ruleset {' '.join(names)!r}: one of {', '.join(sorted(known))} "
                         f"(or 'impartial' and one of them)")
    size = re.fullmatch(r"(\d+)x(\d+)", board)
    try:
        if size and hasattr(ruleset, "empty"):
            position = ruleset.empty(int(size[1]), int(size[2]))
        else:
            position = _read_board(ruleset, board)
    except (ValueError, TypeError) as error:
        raise _GameError(error) from None
    return rulesets.impartial_variant(position) if impartial else position


def _read_board(ruleset, board):
    """``ruleset(board)``, or of the board in lower case (MCGS and CGSuite write stones X and O)."""
    try:
        return ruleset(board)
    except ValueError as error:
        if board.lower() == board:
            raise
        try:
            return ruleset(board.lower())
        except ValueError:
            raise error from None


def _run_solve(args):
    from cgt.errors import SearchTimeoutError  # lazy load for start-up time
    from cgt.rulesets import LoopyPositionError  # lazy load for start-up time
    from cgt.solve import outcome  # lazy load for start-up time

    positions = [_solve_position(text) for text in args.positions]
    first = None if args.first is None else args.first[0].upper()
    start = time.monotonic()
    try:
        answer = outcome(*positions, first=first, timeout=args.timeout, progress=args.progress)
    except (SearchTimeoutError, LoopyPositionError) as error:
        raise _GameError(error) from None
    finally:
        if args.progress:
            print(file=sys.stderr)
    seconds = time.monotonic() - start
    shown = " + ".join(map(repr, positions))
    if first is None:
        meaning = {"L": "Left wins, moving first or second", "R": "Right wins, moving first or second",
                   "N": "the player moving first wins", "P": "the player moving second wins"}[answer]
        facts = {"positions": shown, "outcome": answer, "meaning": meaning}
    else:
        facts = {"positions": shown, "first": first, "winner": answer}
    if args.json:
        print(json.dumps({**facts, "seconds": seconds}))
        return 0
    return _emit(args, facts)


# ---------------------------------------------------------------- db
def _run_db_build(args):
    from cgt.db import build, build_octal  # lazy load for start-up time

    def progress(report):
        print(report, file=sys.stderr, flush=True)

    octal = args.ruleset == "octal"
    if not octal and args.max_cells is None:
        raise _GameError(f"a census of {args.ruleset} needs --max-cells")
    start = time.monotonic()
    where = {"scheduler": args.scheduler, "workers": args.workers,
             "progress": progress if args.progress else None}
    try:
        if octal:
            counts = build_octal(args.out, args.digits, args.max_heap,
                                 **({"shard_size": args.shards} if args.shards is not None else {}), **where)
        else:
            counts = build(args.out, args.ruleset, args.max_cells, shards_per_size=args.shards, **where)
    except (ValueError, ImportError, OSError) as error:
        raise _GameError(error) from None
    seconds = time.monotonic() - start
    if octal:
        print(f"{args.out}: {sum(counts.values())} octal games of up to {args.digits} digits "
              f"to heap {args.max_heap} ({seconds:.1f} s)")
    else:
        print(f"{args.out}: {sum(counts.values())} positions of {args.ruleset} up to "
              f"{args.max_cells} cells ({seconds:.1f} s)")
    return 0


def _open_db(path):
    from cgt.db import open as open_db  # lazy load for start-up time

    try:
        return open_db(path)
    except ValueError as error:
        raise _GameError(error) from None


def _run_db_stats(args):
    from cgt.db.file import printable  # lazy load for start-up time

    with _open_db(args.path) as db:
        stats = db.stats()
    if args.json:
        print(json.dumps(stats))
        return 0
    if stats["ruleset"] == "octal":
        return _emit(args, {"ruleset": "octal", "cgt_version": printable(stats["cgt_version"]),
                            "max_heap": stats["max_heap"],
                            "games": sum(stats["games"].values()),
                            "games by digits": ", ".join(f"{k}: {n}" for k, n in stats["games"].items()),
                            "with a proved period": stats["periodic"],
                            "without": stats["no_period"],
                            "largest period": stats["largest_period"],
                            "largest preperiod": stats["largest_preperiod"]})
    print(f"ruleset: {stats['ruleset']}")
    print(f"cgt_version: {printable(stats['cgt_version'])}")
    print(f"positions: {sum(stats['positions'].values())}")
    print(f"distinct values: {stats['values']}")
    print("cells  positions  shards done  seconds  positions/s")
    for size, (done, planned) in stats["shards_done"].items():
        positions, seconds = stats["positions"].get(size, 0), stats["seconds"].get(size)
        timing = f"{seconds:>7.1f}  {positions / seconds:>11,.0f}" if seconds else ""
        print(f"{size:>5}  {positions:>9}  {f'{done}/{planned}':>11}  {timing}".rstrip())
    return 0


_CENSUS_FILTERS = ("value", "kind", "outcome", "cells", "temperature")
_OCTAL_FILTERS = ("code", "period", "preperiod", "no_period", "digits", "values")


def _run_db_query(args):
    with _open_db(args.path) as db:
        octal = db.ruleset == "octal"
        wrong = [name for name in (_CENSUS_FILTERS if octal else _OCTAL_FILTERS)
                 if getattr(args, name) not in (None, False)]
        if wrong:
            kind = "database of octal games" if octal else "census"
            raise _GameError(f"--{wrong[0].replace('_', '-')} is not a filter of a {kind}")
        return (_query_octal if octal else _query_census)(db, args)


def _query_octal(db, args):
    from cgt.db.file import printable  # lazy load for start-up time

    try:
        if args.code is not None:
            records = [db.game(args.code)]
        else:
            records = list(db.games(period=args.period, preperiod=args.preperiod, digits=args.digits,
                                    periodic=False if args.no_period else None, limit=args.limit))
    except KeyError as error:
        raise _GameError(error.args[0]) from None
    except ValueError as error:
        raise _GameError(error) from None
    rows = []
    for r in records:
        period = (None,) * 3 if r.periodicity is None else \
            (r.periodicity.period, r.periodicity.preperiod, r.periodicity.saltus)
        row = dict(zip(("period", "preperiod", "saltus"), period))
        row = {"code": r.code, **row, "max_value": r.max_value, "distinct_values": r.distinct_values}
        rows.append(row | ({"nim_sequence": list(r.nim_sequence)} if args.values else {}))
    if args.json:
        print(json.dumps(rows))
        return 0
    if not rows:
        print(f"{_PROG} db query: no game matches", file=sys.stderr)
    for row in rows:
        fields = ["-" if value is None else value for value in row.values()]
        fields[0] = printable(fields[0])
        if args.values:
            fields[-1] = ",".join(map(str, fields[-1]))
        print(*fields, sep="\t")
    return 0


def _query_census(db, args):
    from cgt.db.file import printable  # lazy load for start-up time

    temperature = args.temperature
    if temperature is not None and ".." in temperature:
        lo, hi = temperature.split("..", 1)
        temperature = (lo or None, hi or None)
    try:
        records = list(db.positions(value=args.value, kind=args.kind, outcome=args.outcome,
                                    cells=args.cells, temperature=temperature, limit=args.limit))
    except ValueError as error:
        raise _GameError(error) from None
    if args.json:
        print(json.dumps([{"cells": r.cells, "shape": r.shape, "value": r.notation, "kind": r.kind,
                           "outcome": r.outcome, "temperature": str(r.temperature)}
                          for r in records]))
        return 0
    if not records:
        print(f"{_PROG} db query: no position matches", file=sys.stderr)
    for r in records:
        print(r.cells, *map(printable, (r.shape, r.notation, r.kind, r.outcome)), r.temperature, sep="\t")
    return 0


# ---------------------------------------------------------------- play
def _run_play(args):
    from cgt.play import play, ruleset_named  # lazy load for start-up time

    try:
        ruleset = ruleset_named(args.game)
    except ValueError as error:
        raise _GameError(f"{reprlib.repr(args.game)} is neither a heap game's name "
                         f"(nim, kayles, lasker, ...) nor a take-and-break code: "
                         f"{reprlib.repr(str(error))[1:-1]}") from None
    try:
        return play(ruleset, computer=args.computer, seed=args.seed)
    except ValueError as error:         # a code without moves from the piles dealt
        raise _GameError(error) from None
