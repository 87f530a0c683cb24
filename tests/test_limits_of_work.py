"""cgt.limits: the work one text or call may ask for, refused before it starts.

Each reproducer runs in a child process: before the limits, some of them
aborted the interpreter (a failed allocation in the compiled core), and an
abort would end the test run.  Each must end in a clear Python exception or
a correct result.
"""

import os
import subprocess
import sys
import textwrap

import pytest

from cgt import LIMITS
from cgt.errors import GameTooLargeError


def _child(code, timeout=120, **environment):
    """(exit status, stdout, the last line of stderr) of ``code`` run by a fresh interpreter."""
    done = subprocess.run([sys.executable, "-c", textwrap.dedent(code)], capture_output=True, text=True,
                          timeout=timeout, env=os.environ | environment)
    lines = done.stderr.strip().splitlines()
    return done.returncode, done.stdout.strip(), lines[-1] if lines else ""


def _refused(code, limit, **environment):
    """Check that ``code`` raises a `GameTooLargeError` naming ``limit`` and how to raise it."""
    wrapped = "from cgt.errors import GameTooLargeError\ntry:\n" + textwrap.indent(textwrap.dedent(code), "    ") + \
              "\nexcept GameTooLargeError as error:\n    print(str(error).splitlines()[0])\n    raise SystemExit(3)\n"
    status, out, last = _child(wrapped, **environment)
    assert status == 3, last                    # refused, not an abort (a negative status) nor another error
    assert f"is past the limit {limit} = " in out, out
    assert f"cgt.LIMITS.{limit} = " in out and f"CGT_{limit.upper()}=" in out, out


# ---------------------------------------------------------------- the mechanism
def test_a_limit_is_set_and_deleted_back_to_its_default():
    default = LIMITS.max_power
    LIMITS.max_power = default + 5
    try:
        assert LIMITS.max_power == default + 5
    finally:
        del LIMITS.max_power
    assert LIMITS.max_power == default


def test_a_name_that_is_no_limit_is_refused_rather_than_set():
    with pytest.raises(AttributeError, match="cgt.LIMITS has no limit 'max_powr'"):
        LIMITS.max_powr = 5
    assert not hasattr(LIMITS, "max_powr")


def test_a_limit_set_while_an_environment_variable_holds_another_value_wins_until_deleted(limits_environment):
    limits_environment.setenv("CGT_MAX_POWER", "1500")
    assert LIMITS.max_power == 1500
    LIMITS.max_power = 1200
    try:
        limits_environment.setenv("CGT_MAX_POWER", "1700")     # the environment read again
        assert LIMITS.max_power == 1200
    finally:
        del LIMITS.max_power
    assert LIMITS.max_power == 1700


@pytest.mark.parametrize("value", [0, -3, 2.5, "7", True, None])
def test_a_limit_is_a_whole_number_greater_than_zero(value):
    with pytest.raises(ValueError, match="cgt.LIMITS.max_power must be a whole number greater than 0"):
        LIMITS.max_power = value


def test_an_environment_variable_sets_a_limit():
    status, out, last = _child("from cgt import LIMITS; print(LIMITS.max_power)", CGT_MAX_POWER="1234")
    assert (status, out) == (0, "1234"), last


def test_a_malformed_environment_variable_is_named_in_the_error():
    status, _, last = _child("from cgt import LIMITS; LIMITS.max_power", CGT_MAX_POWER="many")
    assert status == 1 and "the environment variable CGT_MAX_POWER must be a whole number" in last


def test_a_refusal_is_a_game_too_large_error_naming_the_way_to_raise_the_limit():
    with pytest.raises(GameTooLargeError, match=r"the exponent: 1001 is past the limit max_power = 1000; "
                                                r"raise it with cgt.LIMITS.max_power = 1001 in Python or "
                                                r"CGT_MAX_POWER=1001 in the environment"):
        LIMITS.within("max_power", 1001, "the exponent")


def test_the_database_limits_are_the_same_mechanism_under_cgt_db():
    from cgt.db import LIMITS as DB_LIMITS
    from cgt.limits import LimitSet

    assert isinstance(DB_LIMITS, LimitSet) and isinstance(LIMITS, LimitSet)
    with pytest.raises(GameTooLargeError, match="cgt.db.LIMITS.max_cells = 99 in Python or CGT_DB_MAX_CELLS=99"):
        DB_LIMITS.within("max_cells", 99, "the cells of a census")


# ---------------------------------------------------------------- the reproducers
def test_the_options_of_nimber_2_to_the_40_are_refused():
    # Before: the size check was at 2^64, and listing 2^40 options aborted on allocation.
    _refused("from cgt import nimber; nimber(2**40).left_options", "max_options")


def test_the_options_of_a_nimber_within_the_limit_are_the_smaller_nimbers():
    from cgt import nimber

    assert nimber(5).left_options == tuple(nimber(k) for k in range(5))


@pytest.mark.parametrize("code", ["from cgt import parse; parse('^<10000>')",
                                  "from cgt import up_power; up_power(10000)",
                                  "from cgt import Game; Game('^[8000] + 1')"])
def test_up_10000_is_refused_before_it_is_built(code):
    # Before: ^<8000> took 4.6 GB and 25 s; ^<10000> aborted.
    _refused(code, "max_power")


def test_a_raised_power_limit_lets_the_uptimal_through():
    status, out, last = _child("from cgt import parse; print(parse('^<1001>'))", CGT_MAX_POWER="1001")
    assert (status, out) == (0, "^<1001>"), last


def test_a_game_graph_of_50000_nodes_is_refused_before_its_tables():
    # Before: "memory allocation of 10000000000 bytes failed", and an abort.
    _refused("""
        from cgt.loopy import GameGraph, loopy_value
        n = 50_000
        loopy_value(GameGraph([(v + 1,) if v + 1 < n else () for v in range(n)], [(v,) for v in range(n)]))
    """, "max_graph_nodes")


def test_misere_heap_of_a_million_is_refused():
    # Before: a MemoryError after a long wait (its form lists n²/2 options).
    _refused("from cgt.impartial.misere import MisereGame; MisereGame(10**6)", "max_misere_heap")


@pytest.mark.parametrize("text", ["1000*(1000*{3|1||0})", "1000 * {3|1||0}", "-999 * (1000 * {3|1||0})"])
def test_nested_multiples_are_refused_by_their_work(text):
    # Before: each multiplier was bounded, not the work: 1000.{3|1||0} took 90 s.
    _refused(f"from cgt import parse; parse({text!r})", "max_multiple")


def test_multiples_that_collapse_to_numbers_are_computed_at_any_size():
    from cgt import Game, parse

    # {2|1} = 3/2 ± 1/2, and ±1/2 + ±1/2 = 0: an even multiple of {2|1} is a number.
    assert parse("10000*(10000*(10000*{2|1}))") == Game(3 * 10**12 // 2)


def test_multiples_by_doubling_equal_repeated_sums():
    from cgt import Game

    g = Game("{3|1||0}")
    total = Game(0)
    for n in range(1, 20):
        total = total + g
        assert n * g == total and -n * g == -total


def test_too_deep_a_computation_is_refused_with_max_depth():
    status, out, last = _child("""
        from cgt import parse
        print(100 * parse('{3|1||0}'))
    """, CGT_MAX_DEPTH="50")
    assert status == 1 and last.startswith("cgt.errors.GameTooLargeError: the depth of a computation on games: "
                                           "more than 50 is past the limit max_depth = 50"), last


def test_a_nim_sequence_past_max_nim_heap_is_refused():
    _refused("from cgt.impartial import TakeAndBreak; TakeAndBreak('0.77').nim_sequence(10**9)", "max_nim_heap")


def test_a_nim_value_past_max_nim_heap_comes_from_the_proved_period():
    from cgt.impartial import TakeAndBreak

    kayles = TakeAndBreak("0.77")       # Kayles: period 12 from heap 71 (Winning Ways)
    assert kayles.nim_value(10**30 + 5) == kayles.nim_value(71 + (10**30 + 5 - 71) % 12 + 12 * 10)


def test_printing_a_misere_game_with_too_many_parts_is_refused():
    # Before: *[2###...#] hit Python's RecursionError.
    _refused("from cgt.impartial.misere import MisereGame; print(MisereGame('*[2' + '#' * 18 + ']'))",
             "max_misere_work")


@pytest.mark.parametrize("text", ["*[2" + "#" * 18 + "]", " + ".join(["*[2]"] * 1000),
                                  " + ".join(["*[2#]"] * 50), " + ".join(["*[2###]"] * 8)])
def test_a_misere_computation_past_its_work_is_refused_in_seconds(text):
    # Before: *[2 + 18 # + ] tried 100,000 parts in ~20 s before its refusal (each part made a new
    # game, which the count of parts did not see); 50 *[2#] ran for minutes (sums with nim heaps
    # while printing, each factorisation with a budget of its own).  The bound is a hang guard.
    code = f"""
        import time
        from cgt import parse
        from cgt.errors import GameTooLargeError
        started = time.monotonic()
        try:
            str(parse({text!r}))
        except GameTooLargeError as error:
            print(round(time.monotonic() - started, 1), str(error).splitlines()[0])
    """
    status, out, last = _child(code, timeout=60)
    assert status == 0, last
    seconds, message = out.split(" ", 1)
    assert "past the limit max_misere_work = " in message and "CGT_MAX_MISERE_WORK=" in message
    assert float(seconds) < 15


def test_a_sum_of_1000_misere_heaps_2_is_refused_by_default_and_printed_past_a_raised_limit():
    code = """
        from cgt.impartial.misere import MisereGame
        total = sum([MisereGame('*[2]')] * 1000, MisereGame(0))
        text = str(total)
        assert MisereGame(text) == total
        print(text)
    """
    _refused(code, "max_misere_work")
    status, out, last = _child(code, CGT_MAX_MISERE_WORK="30000000")
    assert status == 0, last
    assert out.startswith("*[") and out.count("2") == 1000


def test_misere_games_nested_600_deep_are_read_and_printed():
    from cgt.impartial.misere import MisereGame

    def nested(depth):
        game = 0
        for _ in range(depth):
            game = [game]
        return game

    # The value of [G] depends only on the value of G, so nestings two apart from a repeat
    # repeat too: the 600-deep game is the 2-deep one, and the 601-deep the 1-deep.
    shallow = [MisereGame(nested(k)) for k in range(3)]
    assert shallow[2] == shallow[0]
    deep = MisereGame(nested(600)), MisereGame(nested(601))
    assert deep == (shallow[0], shallow[1])
    assert MisereGame("*" + "[" * 600 + "]" * 600) == MisereGame("*[[]]")
    assert MisereGame("*" + "[" * 601 + "]" * 601) == MisereGame("*[[[]]]")
    assert (str(deep[0]), str(deep[1])) == (str(shallow[0]), str(shallow[1]))


# ---------------------------------------------------------------- transfinite values
def _sum_of_omega_powers(n):
    """ω^(n-1) + ... + ω + 1: a generalized ordinal of n terms."""
    from cgt.transfinite import omega
    total = 0
    for k in range(n):
        total = total + omega ** k
    return total


def test_the_ordinal_term_limit_set_in_python_moves_the_refusal():
    LIMITS.max_ordinal_terms = 5
    try:
        assert str(_sum_of_omega_powers(5)) == "ω^4+ω^3+ω^2+ω+1"
        with pytest.raises(GameTooLargeError, match=r"the terms of a generalized ordinal: 6 is past the limit "
                                                    r"max_ordinal_terms = 5; raise it with "
                                                    r"cgt.LIMITS.max_ordinal_terms = 6 in Python or "
                                                    r"CGT_MAX_ORDINAL_TERMS=6 in the environment"):
            _sum_of_omega_powers(6)
    finally:
        del LIMITS.max_ordinal_terms
    assert str(_sum_of_omega_powers(6)) == "ω^5+ω^4+ω^3+ω^2+ω+1"


def test_the_ordinal_term_limit_set_in_the_environment_moves_the_refusal(limits_environment):
    limits_environment.setenv("CGT_MAX_ORDINAL_TERMS", "5")
    assert LIMITS.max_ordinal_terms == 5
    with pytest.raises(GameTooLargeError, match="6 is past the limit max_ordinal_terms = 5"):
        _sum_of_omega_powers(6)
    limits_environment.setenv("CGT_MAX_ORDINAL_TERMS", "2000")
    assert str(_sum_of_omega_powers(1500)).count("+") == 1499


def test_a_tower_of_omegas_is_refused_past_the_height_set_in_the_environment():
    tower = "from cgt import parse; print(parse('omega^omega^omega'))"
    _refused(tower, "max_ordinal_height", CGT_MAX_ORDINAL_HEIGHT="2")
    status, out, last = _child(tower, CGT_MAX_ORDINAL_HEIGHT="3")
    assert (status, out) == (0, "ω^ω^ω"), last


@pytest.mark.parametrize("read, code, what", [
    ("cgt.impartial.TakeAndBreak", "0." + "7" * 1_000_000, "take-and-break code"),
    ("cgt.impartial.parse_code", "0." + "7" * 100_000, "take-and-break code"),
    ("cgt.impartial.parse_turning_code", "1" * 1_000_000, "turning code"),
    ("cgt.impartial.Spawning", ",".join(["1"] * 50_001), "turning code"),
])
def test_a_heap_game_code_past_max_code_length_is_refused_before_it_is_read(read, code, what):
    # Before: a million-digit octal code took 4 s to read, a million-digit turning code 24 s.
    import importlib
    import time

    module, name = read.rsplit(".", 1)
    started = time.monotonic()
    with pytest.raises(GameTooLargeError, match=f"the characters of a {what}: {len(code)} is past the limit "
                                                 f"max_code_length = 100000; raise it with "
                                                 f"cgt.LIMITS.max_code_length = {len(code)}"):
        getattr(importlib.import_module(module), name)(code)
    assert time.monotonic() - started < 5          # a hang guard: the refusal comes before any reading


def test_a_take_and_break_code_is_read_up_to_the_length_limit_set():
    from cgt.impartial import parse_code

    LIMITS.max_code_length = 12
    try:
        code = parse_code("0." + "0" * 9 + "3")         # 12 characters: a move takes 10 tokens, leaving 0 or 1 heap
        with pytest.raises(GameTooLargeError, match="13 is past the limit max_code_length = 12"):
            parse_code("0." + "0" * 10 + "3")
    finally:
        del LIMITS.max_code_length
    assert code.digit(10).heap_counts(5) == [0, 1] and code.digit(1).heap_counts(5) == []


def test_a_quotient_whose_gcd_outgrows_the_work_is_refused_within_seconds_or_reduced_to_b_over_c():
    # Issue #37: with N, D = A·B, A·C for three 4-term polynomials of 12-digit coefficients
    # in ω, ω^ω, ω^(ω^2), ω^(ω^3) of degree up to 7, N / D ran for minutes: the budget counted
    # term products, not the big integers of the heuristic gcd (megabits) nor of the fallback.
    code = """
        import time
        from cgt.errors import GameTooLargeError
        from cgt.transfinite import omega

        variables = omega, omega ** omega, omega ** (omega ** 2), omega ** (omega ** 3)

        def polynomial(terms):
            total = 0
            for coefficient, degrees in terms:
                term = coefficient
                for variable, degree in zip(variables, degrees):
                    term = term * variable ** degree if degree else term
                total = total + term
            return total

        a = polynomial([(-383641720628, (6, 4, 7, 5)), (992086922017, (4, 1, 1, 5)),
                        (340123516435, (4, 2, 1, 4)), (716208160855, (5, 6, 5, 3))])
        b = polynomial([(-700450083709, (1, 1, 5, 7)), (-890674582076, (0, 7, 5, 3)),
                        (459618808186, (3, 3, 3, 2)), (-709741931457, (7, 4, 0, 0))])
        c = polynomial([(-431180881681, (1, 5, 3, 4)), (266974457323, (1, 6, 4, 3)),
                        (-200695461125, (5, 3, 4, 2)), (-135161735605, (7, 1, 1, 2))])
        n, d = a * b, a * c
        started = time.monotonic()
        try:
            print("reduced", n / d == b / c, round(time.monotonic() - started, 2))
        except GameTooLargeError as error:
            print("refused", str(error).splitlines()[0], round(time.monotonic() - started, 2))
    """
    status, out, last = _child(code, timeout=120)
    assert status == 0, last
    kind, *rest, seconds = out.split(" ")
    if kind == "reduced":
        assert rest == ["True"]
    else:
        assert "past the limit max_lowest_terms_work = " in " ".join(rest)
    assert float(seconds) < 30          # a hang guard: refused in well under a second on a free core


# ---------------------------------------------------------------- cakes (issue #37)
@pytest.mark.parametrize("code", ["from cgt.rulesets import Cutcake; Cutcake(10**9, 1).canonical_form",
                                  "from cgt.rulesets import MaundyCake; MaundyCake(10**12, 10**12).canonical_form",
                                  "from cgt.rulesets import Cutcake; Cutcake(1, 10**9).left_moves()"])
def test_a_cake_past_max_cake_side_is_refused_before_its_heap_tables(code):
    # Before: a MemoryError after 20-30 s, listing the options of every heap up to the side.
    _refused(code, "max_cake_side")


def test_a_raised_cake_side_limit_lets_the_cake_through():
    # Cutcake(m, 1) with m rows: Left cannot cut a single column, Right cuts off one row at a time, so
    # Right has m - 1 free moves: the value is -(m - 1) (Winning Ways, ch. 2).
    status, out, last = _child("from cgt.rulesets import Cutcake; print(Cutcake(1001, 1).canonical_form)",
                               CGT_MAX_CAKE_SIDE="1001")
    assert (status, out) == (0, "-1000"), last
