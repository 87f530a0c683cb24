"""The ``cgt`` command: evaluate games, nim sequences of take-and-break codes, Domineering boards.

    cgt eval "{1|*} + ^"             value, outcome, birthday, stops, mean, temperature
    cgt octal 0.77 --heaps 100 --period
    cgt octal 0.6 --heaps 32768 --stats --no-values
    cgt domineering "....|....|...."
    cgt play nim [--computer] [--seed N]
    cgt db build domineering --max-cells 8 --out dom.sqlite [--workers 2 | --scheduler ADDRESS]
    cgt db stats dom.sqlite
    cgt db query dom.sqlite --temperature '>=3/2' --kind hot --cells 8 --limit 10

``--json`` prints the same facts as one JSON object. Exit status: 0 on
success, 2 for a command line argparse rejects, 1 when the game itself is
malformed (a one-line message on stderr, the notation's column marked).

>>> main(["eval", "{1|*} + ^"])
value: {1^|^*}
outcome: L
birthday: 4
left_stop: 1
right_stop: 0
mean: 1/2
temperature: 1/2
0
"""

from __future__ import annotations

import argparse
import json
import sys

__all__ = ["main"]

_PROG = "cgt"


def main(argv=None):
    """Run the ``cgt`` command on ``argv`` (default ``sys.argv[1:]``); return the exit status."""
    parser = _parser()
    try:
        args = parser.parse_args(argv)
    except SystemExit as exit:          # --help (0) or a usage error (2), already printed
        return exit.code
    try:
        return args.run(args)
    except KeyboardInterrupt:
        print(file=sys.stderr)
        return 130
    except _GameError as error:
        command = " ".join(filter(None, (args.command, getattr(args, "db_command", None))))
        print(f"{_PROG} {command}: {error}", file=sys.stderr)
        return 1


class _GameError(Exception):
    """A game, code or board that the library rejected; the text is for the user."""


def _parser():
    parser = argparse.ArgumentParser(
        prog=_PROG, description="Combinatorial game theory: values in CGSuite's notation.")
    commands = parser.add_subparsers(dest="command", metavar="COMMAND", required=True)

    p = commands.add_parser("eval", help="the value and invariants of a game in CGSuite notation",
                            description="Print the canonical value of GAME (CGSuite notation, "
                                        "e.g. '{1|*} + ^') with its outcome, birthday, stops, "
                                        "mean and temperature.")
    p.add_argument("game", metavar="GAME", help="a game in CGSuite notation")
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

    p = commands.add_parser("domineering", help="the canonical form of a Domineering board",
                            description="Print the canonical form of a Domineering board: rows "
                                        "separated by '|' (or given as separate arguments), "
                                        "'.' empty, '#' filled. Left places vertical dominoes.")
    p.add_argument("rows", metavar="BOARD", nargs="+", help="e.g. '....|....|....'")
    p.add_argument("--json", action="store_true", help="print one JSON object")
    p.set_defaults(run=_run_domineering)

    p = commands.add_parser("play", help="play Nim (or another heap game) interactively",
                            description="Play an impartial heap game on random piles: nim, "
                                        "kayles, lasker, dawsons_kayles, grundy, candy_strip, "
                                        "officers, or any take-and-break code such as 0.4.")
    p.add_argument("game", metavar="GAME", nargs="?", default="nim",
                   help="a heap game's name or a take-and-break code (default nim)")
    p.add_argument("--computer", action="store_true", help="play against the computer")
    p.add_argument("--seed", metavar="N", type=int, help="seed for reproducible games")
    p.set_defaults(run=_run_play)

    db = commands.add_parser("db", help="build and query census databases of Domineering or Cram",
                             description="A census database holds every board shape (polyomino) "
                                         "of a grid ruleset up to a number of cells, one per "
                                         "class under the symmetries that keep values, with "
                                         "its value; see docs/db.md.")
    db_commands = db.add_subparsers(dest="db_command", metavar="DB_COMMAND", required=True)
    p = db_commands.add_parser("build", help="compute a census into an SQLite file (resumable)",
                               description="Compute every position of RULESET (domineering or "
                                           "cram) up to --max-cells cells into --out. Run again "
                                           "after an interruption: the shards done are kept.")
    p.add_argument("ruleset", metavar="RULESET", help="domineering or cram")
    p.add_argument("--max-cells", metavar="N", type=_natural, required=True,
                   help="the largest number of cells")
    p.add_argument("--out", metavar="PATH", required=True, help="the database file")
    where = p.add_mutually_exclusive_group()
    where.add_argument("--workers", metavar="K", type=_natural,
                       help="compute on a Dask LocalCluster of K processes")
    where.add_argument("--scheduler", metavar="ADDRESS",
                       help="compute on the Dask cluster of this scheduler (e.g. tcp://host:8786)")
    p.add_argument("--shards", metavar="K", type=_natural,
                   help="shards per size (default: 1 up to 8 cells, then a few seconds' work each)")
    p.add_argument("--progress", action="store_true", help="print a line per shard on stderr")
    p.set_defaults(run=_run_db_build)

    p = db_commands.add_parser("stats", help="positions per size, distinct values, shards done",
                               description="Summarise the census database PATH.")
    p.add_argument("path", metavar="PATH", help="the database file")
    p.add_argument("--json", action="store_true", help="print one JSON object")
    p.set_defaults(run=_run_db_stats)

    p = db_commands.add_parser("query", help="list the stored positions that match filters",
                               description="Print the positions of PATH matching every filter "
                                           "given, one per line: cells, board, value, kind, "
                                           "outcome, temperature (tab-separated).")
    p.add_argument("path", metavar="PATH", help="the database file")
    p.add_argument("--value", metavar="GAME", help="a value in CGSuite notation, e.g. '+-1'")
    p.add_argument("--kind", metavar="KIND",
                   help="integer, number, nimber, number+nimber, 'up multiple', tiny/miny, "
                        "infinitesimal, switch or hot")
    p.add_argument("--outcome", metavar="CLASS", help="L, R, N or P")
    p.add_argument("--cells", metavar="N", type=_cells, help="N cells, or LO-HI")
    p.add_argument("--temperature", metavar="CONDITION",
                   help="e.g. '>=3/2', '<1', '=0', or LO..HI")
    p.add_argument("--limit", metavar="N", type=_natural, help="print at most N positions")
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


def _cells(text):
    """A number of cells ``N``, or a range ``LO-HI`` (inclusive)."""
    lo, _, hi = text.partition("-")
    try:
        return range(int(lo), int(hi) + 1) if hi else int(lo)
    except ValueError:
        raise argparse.ArgumentTypeError(f"not a number of cells nor LO-HI: {text!r}") from None


def _emit(args, facts):
    """Print ``facts`` as ``name: value`` lines, or as JSON with ``--json``."""
    if args.json:
        print(json.dumps(facts))
    else:
        for name, value in facts.items():
            print(f"{name}: {value}")
    return 0


# ---------------------------------------------------------------- eval
def _run_eval(args):
    from cgt import ExplicitGame, parse

    try:
        game = parse(args.game)
    except ValueError as error:
        raise _GameError(error) from None
    facts = {}
    if isinstance(game, ExplicitGame):      # a quoted form '{...}': report it, then its value
        facts["form"] = str(game)
        game = game.canonical_form
    return _emit(args, facts | {
        "value": str(game),
        "outcome": game.outcome,
        "birthday": game.birthday,
        "left_stop": str(game.left_stop),
        "right_stop": str(game.right_stop),
        "mean": str(game.mean),
        "temperature": str(game.temperature),
    })


# ---------------------------------------------------------------- octal
def _run_octal(args):
    from cgt.impartial import TakeAndBreak
    from cgt.impartial.codes import parse_code
    from cgt.play import RULESETS

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


# ---------------------------------------------------------------- domineering
def _run_domineering(args):
    from cgt.rulesets import Domineering

    board = "|".join(args.rows)
    try:
        value = Domineering(board).canonical_form
    except ValueError as error:
        raise _GameError(error) from None
    if args.json:
        print(json.dumps({"board": board, "canonical_form": str(value)}))
    else:
        print(value)
    return 0


# ---------------------------------------------------------------- db
def _run_db_build(args):
    import time

    from cgt.db import build

    def progress(report):
        print(report, file=sys.stderr, flush=True)

    client = None
    try:
        if args.scheduler is not None:
            from cgt.db.build import _distributed

            client = _distributed().Client(args.scheduler)
        start = time.monotonic()
        counts = build(args.out, args.ruleset, args.max_cells, shards_per_size=args.shards,
                       client=client, workers=args.workers,
                       progress=progress if args.progress else None)
    except (ValueError, ImportError, OSError) as error:
        raise _GameError(error) from None
    finally:
        if client is not None:
            client.close()
    print(f"{args.out}: {sum(counts.values())} positions of {args.ruleset} up to "
          f"{args.max_cells} cells ({time.monotonic() - start:.1f} s)")
    return 0


def _open_db(path):
    from cgt.db import open as open_db

    try:
        return open_db(path)
    except ValueError as error:
        raise _GameError(error) from None


def _run_db_stats(args):
    with _open_db(args.path) as db:
        stats = db.stats()
    if args.json:
        print(json.dumps(stats))
        return 0
    print(f"ruleset: {stats['ruleset']}")
    print(f"cgt_version: {stats['cgt_version']}")
    print(f"positions: {sum(stats['positions'].values())}")
    print(f"distinct values: {stats['values']}")
    print("cells  positions  shards done  seconds  positions/s")
    for size, (done, planned) in stats["shards_done"].items():
        positions, seconds = stats["positions"].get(size, 0), stats["seconds"].get(size)
        timing = f"{seconds:>7.1f}  {positions / seconds:>11,.0f}" if seconds else ""
        print(f"{size:>5}  {positions:>9}  {f'{done}/{planned}':>11}  {timing}".rstrip())
    return 0


def _run_db_query(args):
    temperature = args.temperature
    if temperature is not None and ".." in temperature:
        lo, hi = temperature.split("..", 1)
        temperature = (lo or None, hi or None)
    with _open_db(args.path) as db:
        try:
            records = list(db.positions(value=args.value, kind=args.kind, outcome=args.outcome,
                                        cells=args.cells, temperature=temperature, limit=args.limit))
        except ValueError as error:
            raise _GameError(error) from None
    if args.json:
        print(json.dumps([{"cells": r.cells, "shape": r.shape, "value": r.value, "kind": r.kind,
                           "outcome": r.outcome, "temperature": str(r.temperature)}
                          for r in records]))
        return 0
    for r in records:
        print(r.cells, r.shape, r.value, r.kind, r.outcome, r.temperature, sep="\t")
    return 0


# ---------------------------------------------------------------- play
def _run_play(args):
    from cgt.play import play, ruleset_named

    try:
        ruleset = ruleset_named(args.game)
    except ValueError as error:
        raise _GameError(f"{args.game!r} is neither a heap game's name "
                         f"(nim, kayles, lasker, ...) nor a take-and-break code: {error}") from None
    try:
        return play(ruleset, computer=args.computer, seed=args.seed)
    except ValueError as error:         # a code without moves from the piles dealt
        raise _GameError(error) from None
