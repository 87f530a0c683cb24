"""Fuzzing the readers of notation: each input is read and round-trips, or raises the documented error.

The inputs are valid texts (CGSuite's own, from the reference vectors, and
printed random games) with characters inserted, deleted or replaced, and
random strings over each reader's alphabet.  A reader may only answer with a
value that reads back as itself, or with the error type its documentation
names; anything else (a crash, a hang past the deadline, another error type)
fails.  ``CGT_FUZZ_EXAMPLES`` sets the examples per reader (long runs);
``CGT_FUZZ_REPORT`` names a JSON file that receives, per reader, the number of
inputs read, the outcomes by type and the slowest input with its time: the
processor time of the reading less garbage collection (which the deadline
does not count either), and apart from it the longest wall-clock time seen.
"""

import gc
import json
import math
import os
import re
import signal
import time
from datetime import timedelta

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from cgt import (ChildishHackenbush, DisconnectedGraphError, EmptyGraphError, Game, GameSyntaxError,
                 GameTooLargeError, Hackenbush, Spawning, SurrealNumber, TakeAndBreak, TransfiniteNimber, UnknownOctalCodeError,
                 UnknownTurningCodeError, parse)
from cgt.short.explicit import ExplicitGame
from cgt.impartial import (CoordinateRuleset, HeapRuleset, LoopyCodeError, MisereGame, Splittles, kayles, nim,
                           wythoff)
from cgt.loopy import SidedValue, Stopper
from cgt.rulesets import (Amazons, AntiClobber, ArcKayles, Clobber, Col, Cram, Cutcake, Domineering, Eatcake,
                          ElephantsAndRhinos, Fission, Fjords, GenClobber, GenCutcake, GenToadsAndFrogs, HotClobber,
                          Kings, Knights, Konane, LoopyPositionError, MaundyCake, PartizanArcKayles,
                          PartizanCoordinateRuleset, PartizanSplittles, PartizanTakeAndBreak, Position,
                          PositionSyntaxError, Queens, Rooks, Snort, ToadsAndFrogs, TopplingDominoes,
                          WeightedArcKayles, dicotic_variant, impartial_variant, twisted_variant)
from cgt.rulesets.compound import KINDS, compound
from cgt.rulesets.pictures import picture_html
from cgt.strategies import games

from reference_data import cgsuite_vectors

EXAMPLES = int(os.environ.get("CGT_FUZZ_EXAMPLES", "1000"))
FUZZ = settings(max_examples=EXAMPLES, deadline=timedelta(seconds=1), database=None,
                suppress_health_check=[HealthCheck.too_slow, HealthCheck.data_too_large])

# Values are computed (to exercise the move generators too) only for inputs this small.
SMALL = 8
# A reading still running after this many seconds is stopped as a hang (the deadline only
# judges an example once it has finished).
HANG = 10

try:
    VECTORS = cgsuite_vectors()
except FileNotFoundError:        # without the reference data, the hand-written seeds remain
    VECTORS = []


def _vector_texts():
    texts = set()
    for vector in VECTORS:
        for text in (vector["game"], vector["expected"]):
            if text and not text.startswith("!!"):
                texts.add(text)
    return sorted(texts)


def _vector_arguments(kind):
    """The string arguments of CGSuite constructors ``game.<kind>.Name("...")`` in the vectors."""
    found = set()
    for text in _vector_texts():
        found.update(re.findall(rf'game\.{kind}\.\w+\("([^"]*)"\)', text))
    return sorted(found)


# ---------------------------------------------------------------------------- inputs
def mutated(seeds, alphabet, max_edits=4):
    """A seed text with up to ``max_edits`` tokens of ``alphabet`` inserted or characters deleted or
    replaced, after two seeds are sometimes spliced."""
    seeds = st.sampled_from(seeds) if isinstance(seeds, list) else seeds
    char = st.sampled_from(alphabet)

    @st.composite
    def edit(draw):
        text = draw(seeds)
        if draw(st.integers(0, 9)) == 0:
            other = draw(seeds)
            text = text[:draw(st.integers(0, len(text)))] + other[draw(st.integers(0, len(other))):]
        for _ in range(draw(st.integers(1, max_edits))):
            op = draw(st.sampled_from("idr"))
            i = draw(st.integers(0, len(text)))
            if op == "i":
                text = text[:i] + draw(char) + text[i:]
            elif text:
                i = min(i, len(text) - 1)
                text = text[:i] + ("" if op == "d" else draw(char)) + text[i + 1:]
        return text

    return edit()


def fuzzed(seeds, alphabet, max_size=24):
    """Mutated seeds, the seeds themselves, and random strings of ``alphabet``'s tokens."""
    plain = st.sampled_from(seeds) if isinstance(seeds, list) else seeds
    random = st.lists(st.sampled_from(alphabet), max_size=max_size).map("".join)
    return st.one_of(mutated(seeds, alphabet), plain, random)


# Outside characters every reader meets: space, tab, newline, a letter, a digit, unicode, NUL.
STRAY = [" ", "\t", "\n", "a", "Z", "7", "é", "±", "\x00"]

NOTATION_ALPHABET = list("0123456789+-*/^v<>[]{}|,.()' ") + [
    "Tiny(", "Miny(", "up", "down", "star", ".Pow(", ".PowTo(", "+-", "*(", "*[", "#", "&"] + STRAY
NOTATION_SEEDS = _vector_texts() + ["*[2#0]", "*[[2],0]", "*[2[#2]]", "{3||2*|1*}", "*(3+5)", "2Tiny(2)",
                                    "'{*|*}'", "^<2>*", "3/4v[3]*", "Miny({5||3|1})", "+-{1,2}", "10 * 4", "-1/2Tiny(1)"]
GRID_ALPHABET = list(".#xo|") + STRAY
GRID_SEEDS = _vector_arguments("grid") + ["..|..", "x.o|.#.", "xo|ox", "...|...", "x..o", "#.|.#"]
STRIP_ALPHABET = list(".TFtfLRGlreg") + STRAY
STRIP_SEEDS = _vector_arguments("strip") + ["TT.FF", "tttt..fff", "LRG", "T.F", "LLR"]
GRAPH_ALPHABET = list("lre.-():;{}AB LR02") + STRAY
GRAPH_SEEDS = _vector_arguments("graph") + ["lrlerrr", "l(l;rl)", "e(ee(e;e);e(eee;ee))", ":A eee :A",
                                            "(e:B;e:B)", "L-.-.(-R;-)", ":A----:A", "LR..L", "",
                                            "2-3-1(-2)", ":A-:A-.", "lr(e;l:Be:B)", "L-.-R", "20(2;.2)"]
COLOUR_ALPHABET = list("BRGbrg") + STRAY
CODE_ALPHABET = list("0123456789ABCDEFGHIJKLMNOPQRSTUVWXYZabv.!?=&;{},+*[]-") + STRAY
CODE_SEEDS = _vector_arguments("heap") + ["0.77", "0.07", "4!.0", "0.[3]", "0.{2+}", "&12;.3", "0.1{1,2!}",
                                          "8.0", "0.137", "0.3F", "0.*", "4.0"]
TURNING_ALPHABET = list("0123456789+-,()CESFcesf") + STRAY
TURNING_SEEDS = ["1-3", "1+C", "3E", "2+", "1,2C", "2S", "1+F", "1-2C(3)", "3", "2-4E,1"]


# ---------------------------------------------------------------------------- the record
_RECORD = {}


class Hang(Exception):
    """A reading stopped after `HANG` seconds."""


def _stop(signum, frame):
    raise Hang(f"still reading after {HANG} s")


_GC = {"start": None, "total": 0.0}     # processor time spent collecting garbage


def _gc_clock(phase, info):
    if phase == "start":
        _GC["start"] = time.process_time()
    elif _GC["start"] is not None:
        _GC["total"] += time.process_time() - _GC["start"]
        _GC["start"] = None


def _read(reader, text, read, expected_errors):
    """``read(text)``, timed and recorded; an error of an expected type is returned, any other raised."""
    previous = signal.signal(signal.SIGALRM, _stop)
    signal.setitimer(signal.ITIMER_REAL, HANG)
    collected, processor, wall = _GC["total"], time.process_time(), time.perf_counter()
    try:
        outcome = read(text)
    except expected_errors as error:
        outcome = error
    finally:
        signal.setitimer(signal.ITIMER_REAL, 0)
        signal.signal(signal.SIGALRM, previous)
    wall = time.perf_counter() - wall
    cost = time.process_time() - processor - (_GC["total"] - collected)
    entry = _RECORD.setdefault(reader, {"inputs": 0, "outcomes": {}, "slowest": (0.0, ""),
                                        "slowest_wall_clock": (0.0, "")})
    entry["inputs"] += 1
    name = type(outcome).__name__ if isinstance(outcome, Exception) else "read"
    entry["outcomes"][name] = entry["outcomes"].get(name, 0) + 1
    if cost > entry["slowest"][0]:
        entry["slowest"] = (cost, text)
    if wall > entry["slowest_wall_clock"][0]:
        entry["slowest_wall_clock"] = (wall, text)
    return outcome


@pytest.fixture(scope="module", autouse=True)
def _report():
    gc.callbacks.append(_gc_clock)
    yield
    gc.callbacks.remove(_gc_clock)
    path = os.environ.get("CGT_FUZZ_REPORT")
    if path:
        with open(path, "w", encoding="utf-8") as out:
            json.dump({"examples_per_reader": EXAMPLES, "readers": _RECORD}, out, indent=1, ensure_ascii=False)


# ---------------------------------------------------------------------------- the readers
def _game(text):
    g = parse(text)
    # 1/3, 1/0 and omega read as the values of cgt.transfinite
    assert isinstance(g, (Game, ExplicitGame, MisereGame, Stopper, SidedValue, SurrealNumber, TransfiniteNimber))
    assert parse(str(g)) == g, f"{text!r} reads as {g}, which reads back as {parse(str(g))}"
    return g


def _one_digit_numbers(text):
    """``text`` with every run of digits cut to its first digit.

    Values cost the engine more than the parser bounds: a sum of a hot game with a big
    nimber or a big multiple of one takes time cubic in the size (+-1+*400 takes about a
    second, 99*{5||3|1}*99 minutes), so fuzzing keeps numbers to one digit, as the random
    texts of test_notation_parse do; the parser's own limits are tested there.
    """
    return re.sub(r"\d+", lambda m: m.group()[0], text)


@FUZZ
@given(st.one_of(fuzzed(NOTATION_SEEDS, NOTATION_ALPHABET), mutated(games(3).map(str), NOTATION_ALPHABET))
       .map(_one_digit_numbers))
def test_parse_reads_and_round_trips_or_raises_game_syntax_error(text):
    outcome = _read("parse", text, _game, GameSyntaxError)
    if isinstance(outcome, GameSyntaxError):
        assert outcome.text == text and 1 <= outcome.column <= len(text) + 1


GRIDS = [Domineering, Cram, Clobber, AntiClobber, HotClobber, Kings, Knights, Rooks, Queens, Konane, Amazons,
         Fission]


def _grid(cls):
    def read(text):
        position = cls(text)
        assert cls(position.board) == position
        if len(text) <= SMALL:
            assert parse(str(position.canonical_form)) == position.canonical_form
        return position
    return read


@FUZZ
@given(st.sampled_from(GRIDS), fuzzed(GRID_SEEDS, GRID_ALPHABET))
def test_grid_boards_read_and_round_trip_or_raise_position_syntax_error(cls, text):
    _read(cls.__name__, text, _grid(cls), PositionSyntaxError)


def _clobber_family(arguments):
    ruleset = GenClobber(**arguments)
    assert GenClobber(**arguments) is ruleset
    try:
        ruleset("xo.|o#x").canonical_form
    except LoopyPositionError:          # stones that slide onto empty cells may come back
        pass
    return ruleset


# Integers at the edges of machine words and past them, infinity, a float and a bool: what a
# compiled boundary or an allocation sized by a parameter would trip on.
EXTREMES = st.sampled_from([0, -1, 2**31, 2**32, 2**63, 2**64, 10**30, math.inf, 0.5, True])
_ANYTHING = st.one_of(st.none(), st.booleans(), st.integers(-3, 4), st.floats(allow_nan=True), st.text(max_size=3),
                      st.sets(st.integers(-1, 3), max_size=3), EXTREMES)
_PARAMETERS = st.fixed_dictionaries({}, optional={
    "directions": st.one_of(st.sampled_from(["orthogonal", "diagonal", "compass", "knights_move", "sideways"]),
                            st.lists(st.tuples(st.integers(-3, 3), st.integers(-3, 3)), max_size=4), _ANYTHING),
    "clobbered": st.one_of(st.tuples(st.sets(st.integers(-1, 3)), st.sets(st.integers(-1, 3))), _ANYTHING,
                           st.fixed_dictionaries({"left": st.sets(st.integers(0, 2))})),
    "left_behind": st.one_of(st.tuples(st.integers(-1, 3), st.integers(-1, 3)), _ANYTHING),
    "max_distance": st.one_of(st.integers(-1, 4), st.just(float("inf")), _ANYTHING),
})


@FUZZ
@given(_PARAMETERS)
def test_clobber_family_parameters_make_a_ruleset_or_say_what_is_wrong(arguments):
    _read("GenClobber", repr(arguments), lambda _: _clobber_family(arguments), (TypeError, ValueError))


STRIPS = {"ToadsAndFrogs": ToadsAndFrogs, "ElephantsAndRhinos": ElephantsAndRhinos,
          "TopplingDominoes": TopplingDominoes, "GenToadsAndFrogs": GenToadsAndFrogs}
STRIP_RULESETS = [ToadsAndFrogs, ElephantsAndRhinos, TopplingDominoes,
                  GenToadsAndFrogs(max_jump=2, allow_friendly_jump=True), GenToadsAndFrogs(min_slide=2, max_slide=3)]


def _strip(cls):
    def read(text):
        position = cls(text)
        assert eval(repr(position), STRIPS) == position
        if len(text) <= SMALL:
            position.canonical_form
        return position
    return read


@FUZZ
@given(st.sampled_from(STRIP_RULESETS), fuzzed(STRIP_SEEDS, STRIP_ALPHABET))
def test_strips_read_and_round_trip_or_raise_position_syntax_error(cls, text):
    _read(cls.__name__, text, _strip(cls), PositionSyntaxError)


GRAPH_READERS = {
    "Hackenbush.parse": (Hackenbush, (GameSyntaxError, EmptyGraphError, DisconnectedGraphError)),
    "ChildishHackenbush.parse": (ChildishHackenbush, (GameSyntaxError, EmptyGraphError, DisconnectedGraphError)),
    "Col.parse": (Col, PositionSyntaxError),
    "Snort.parse": (Snort, PositionSyntaxError),
    "Fjords.parse": (Fjords, PositionSyntaxError),
    "ArcKayles.parse": (ArcKayles, PositionSyntaxError),
    "WeightedArcKayles.parse": (WeightedArcKayles, PositionSyntaxError),
    "PartizanArcKayles.parse": (PartizanArcKayles, PositionSyntaxError),
}
_NAMES = {"Hackenbush": Hackenbush, "ChildishHackenbush": ChildishHackenbush, "Col": Col, "Snort": Snort,
          "Fjords": Fjords, "ArcKayles": ArcKayles, "WeightedArcKayles": WeightedArcKayles,
          "PartizanArcKayles": PartizanArcKayles}


def _graph(cls):
    def read(text):
        position = cls.parse(text)
        assert eval(repr(position), _NAMES) == position
        if len(text) <= SMALL:
            position.canonical_form
        return position
    return read


@FUZZ
@given(st.sampled_from(sorted(GRAPH_READERS)), fuzzed(GRAPH_SEEDS, GRAPH_ALPHABET))
def test_graph_strings_read_and_round_trip_or_raise_their_documented_errors(reader, text):
    cls, errors = GRAPH_READERS[reader]
    _read(reader, text, _graph(cls), errors)


def _string(text):
    position = Hackenbush.string(text)
    assert eval(repr(position), _NAMES) == position
    if len(text) <= 2 * SMALL:
        position.canonical_form
    return position


@FUZZ
@given(fuzzed(["BRRB", "GGG", "BRG", ""], COLOUR_ALPHABET))
def test_hackenbush_strings_read_or_name_the_unknown_colour(text):
    outcome = _read("Hackenbush.string", text, _string, ValueError)
    if isinstance(outcome, ValueError):
        assert type(outcome) is ValueError and str(outcome).startswith("unknown Hackenbush colour")


def _code(text):
    ruleset = TakeAndBreak(text)
    assert TakeAndBreak(ruleset.code) == ruleset
    ruleset.nim_sequence(SMALL)
    return ruleset


@FUZZ
@given(fuzzed(CODE_SEEDS, CODE_ALPHABET, max_size=12))
def test_take_and_break_codes_read_and_round_trip_or_raise_their_documented_errors(text):
    _read("TakeAndBreak", text, _code, (UnknownOctalCodeError, LoopyCodeError))


def _turning(text):
    ruleset = Spawning(text)
    assert Spawning(ruleset.code).elements == ruleset.elements
    ruleset.nim_sequence(SMALL)
    return ruleset


@FUZZ
@given(fuzzed(TURNING_SEEDS, TURNING_ALPHABET, max_size=12))
def test_turning_codes_read_or_raise_unknown_turning_code_error(text):
    _read("Spawning", text, _turning, UnknownTurningCodeError)


# ---------------------------------------------------------------------------- constructors
# Each new constructor of the strip, heap and cake families and the variants, called with
# arguments of every kind, builds a position whose value is then computed, or raises a
# TypeError or ValueError (PositionSyntaxError, LoopyPositionError, UnknownOctalCodeError...).
ANYTHING = st.one_of(st.none(), st.booleans(), st.integers(-3, 9), st.floats(), st.text(".TFxlr0.7[3]", max_size=5),
                     st.lists(st.integers(-2, 6), max_size=3), st.tuples(st.integers(-2, 6), st.integers(-2, 6)),
                     st.lists(st.lists(st.integers(-1, 6), max_size=3), max_size=3))
# The parameters that size a ruleset or a board (slides, jumps, sides of cakes and boards) meet EXTREMES too.
SIZES = st.one_of(ANYTHING, EXTREMES)
SOME_HEAP_RULESETS = st.one_of(st.sampled_from([TakeAndBreak("0.7"), TakeAndBreak("{2+}=.0"), nim, kayles]),
                               ANYTHING.map(lambda value: HeapRuleset(lambda n: value)))
HEAP_RULESETS = st.one_of(ANYTHING, SOME_HEAP_RULESETS)
COORDINATE_RULESETS = st.one_of(ANYTHING, st.just(wythoff),
                                ANYTHING.map(lambda value: CoordinateRuleset(lambda m, n: value)))
VARIANTS = [dicotic_variant, impartial_variant, twisted_variant]

CONSTRUCTORS = {
    "GenToadsAndFrogs": (lambda a, b, c, d, strip: GenToadsAndFrogs(a, b, c, d)(strip),
                         [SIZES] * 4 + [st.one_of(ANYTHING, st.text(".TF", max_size=6))]),
    "Cutcake": (lambda m, n: Cutcake(m, n), [SIZES, SIZES]),
    "Eatcake": (lambda m, n: Eatcake(m, n), [SIZES, SIZES]),
    "MaundyCake": (lambda m, n: MaundyCake(m, n), [SIZES, SIZES]),
    "Cutcake(pieces)": (lambda pieces: Cutcake(pieces=pieces), [ANYTHING]),
    "GenCutcake": (lambda left, right, twisted, m, n: GenCutcake(left, right, twisted)(m, n),
                   [HEAP_RULESETS, HEAP_RULESETS, st.one_of(st.booleans(), ANYTHING), SIZES, SIZES]),
    "Grid.empty": (lambda cls, height, width: _searched_if_small(cls.empty(height, width)),
                   [st.sampled_from(GRIDS), st.one_of(st.integers(-1, 3), EXTREMES, ANYTHING),
                    st.one_of(st.integers(-1, 3), EXTREMES, ANYTHING)]),
    "HeapRuleset": (lambda options, n: HeapRuleset(lambda k: options).nim_value(n), [ANYTHING, ANYTHING]),
    "HeapRuleset.join": (lambda a, b, n: a.join(b).nim_value(n), [SOME_HEAP_RULESETS, HEAP_RULESETS, ANYTHING]),
    "Splittles": (lambda s, allbut, n: Splittles(s, allbut).nim_value(n), [ANYTHING, ANYTHING, ANYTHING]),
    "PartizanTakeAndBreak": (lambda left, right, n: PartizanTakeAndBreak(left, right)(n),
                             [st.one_of(ANYTHING, st.sampled_from(["0.7", "4.0", "0.77"]))] * 2 + [ANYTHING]),
    "PartizanSplittles": (lambda left, right, allbut, n: PartizanSplittles(left, right, allbut)(n),
                          [ANYTHING] * 4),
    "CoordinateRuleset": (lambda options, pair: CoordinateRuleset(lambda m, n: options).nim_value(pair),
                          [ANYTHING, ANYTHING]),
    "PartizanCoordinateRuleset": (lambda left, right, m, n: PartizanCoordinateRuleset(left, right)(m, n),
                                  [COORDINATE_RULESETS, COORDINATE_RULESETS, ANYTHING, ANYTHING]),
    "variants": (lambda variant, of, board: variant(of)(board) if isinstance(of, type) else variant(of),
                 [st.sampled_from(VARIANTS), st.one_of(ANYTHING, st.sampled_from([Clobber, ToadsAndFrogs])),
                  st.text("xo.|", max_size=5)]),
}


def _searched_if_small(board):
    """An empty board, whose value is searched (by `_built`) only when it has at most `SMALL` cells."""
    return board if board.board.count(".") <= SMALL else board.board


def _built(built):
    if isinstance(built, Position):
        built.canonical_form
    return built


@FUZZ
@given(name=st.sampled_from(sorted(CONSTRUCTORS)), data=st.data())
def test_constructors_build_or_raise_type_or_value_errors(name, data):
    build, arguments = CONSTRUCTORS[name]
    values = [data.draw(argument) for argument in arguments]
    _read(name, repr(values), lambda _: _built(build(*values)), (TypeError, ValueError, GameTooLargeError))


# ---------------------------------------------------------------------------- structures nested deep
# What a user nests (sums built with +, compounds, explicit forms, texts of forms and of loopy games)
# at depths up to 10^4: each is built, hashed, compared and printed, and its value found, or the text is
# refused by its documented error.
DEPTHS = st.sampled_from([1, 2, 10, 100, 1000, 10_000])
DEEP = settings(FUZZ, deadline=None)
LEAVES = [Clobber("xo"), Clobber("x"), Domineering(".."), ToadsAndFrogs("T.F")]


def _nested(kind, leaf, depth, right):
    position = leaf
    for _ in range(depth - 1):
        position = compound(kind, Clobber("x"), position) if right else compound(kind, position, Clobber("x"))
    return position


def _deep_compound(case):
    kind, leaf, depth, right = case
    position = _nested(kind, leaf, depth, right)
    twin = _nested(kind, leaf, depth, right)
    assert position == twin and hash(position) == hash(twin)
    assert repr(position).count("Clobber('x')") == depth - 1 + (leaf == Clobber("x"))
    str(position), -position, picture_html(position)
    if kind == "disjunctive_sum":
        assert position.canonical_form == leaf.canonical_form      # Clobber "x" is 0
    elif depth <= 10:
        position.canonical_form
    return position


@pytest.mark.slow
@DEEP
@given(st.tuples(st.sampled_from(sorted(KINDS)), st.sampled_from(LEAVES), DEPTHS, st.booleans()))
def test_compounds_nested_deep_hash_compare_print_and_have_values(case):
    _read("deep compound", repr(case[:1] + case[2:]), lambda _: _deep_compound(case), ())


def _deep_form(depth):
    form = ExplicitGame([], [])
    for _ in range(depth):
        form = ExplicitGame([form], [])
    assert Game(form) == Game(depth)                 # {n|} = n + 1, from {|} = 0
    text = str(form)
    if depth < 5000:
        assert parse(text) == form
    else:                                           # its text nests deeper than a text may
        with pytest.raises(GameSyntaxError, match="nested more than 5000 deep"):
            parse(text)
    return form


@DEEP
@given(DEPTHS)
def test_explicit_forms_nested_deep_have_their_integer_values(depth):
    _read("deep explicit form", str(depth), lambda _: _deep_form(depth), ())


def _deep_text(case):
    shape, depth = case
    if shape == "form":
        text = "{" * depth + "|" + "}" * depth            # {{{|}|}|}: depth - 1
        assert parse(text) == Game(depth - 1)
    elif shape == "loopy":
        text = "a{" + "{" * depth + "a" + "|}" * depth + "|}"          # a = {{...{a|}...|}|}
        assert parse(text) == parse("on")          # only Left moves, and never runs out: on = {on|}
    elif shape == "sum":
        assert parse(" + ".join(["*"] * depth)) == Game(0 if depth % 2 == 0 else "*")
    else:
        text = "(" * depth + "1" + ")" * depth
        assert parse(text) == Game(1)
    return shape


@DEEP
@given(st.tuples(st.sampled_from(["form", "loopy", "sum", "parentheses"]), DEPTHS))
def test_texts_nested_deep_read_or_raise_game_syntax_error(case):
    _read("deep text", repr(case), lambda _: _deep_text(case), GameSyntaxError)
