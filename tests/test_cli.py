"""The ``cgt`` command: values checked against CGSuite and textbook facts, exit codes, messages."""

import io
import json
import os
import re
import signal
import subprocess
import sys
import time
from pathlib import Path

import pytest

import reference_data

from cgt import engine, parse
from cgt.cli import main
from cgt.limits import LIMITS



def run(capsys, *argv):
    """Run ``main(argv)`` in-process: (exit status, stdout, stderr)."""
    status = main(list(argv))
    out, err = capsys.readouterr()
    return status, out, err


def facts(out):
    return dict(line.split(": ", 1) for line in out.splitlines())


# ---------------------------------------------------------------- eval
def test_eval_prints_each_invariant_on_its_own_line(capsys):
    # CGSuite: {1|*} + ^ == {1^|^*}; left stop 1, right stop 0, mean and temperature 1/2
    status, out, err = run(capsys, "eval", "{1|*} + ^")
    assert status == 0 and err == ""
    assert out == ("value: {1^|^*}\nclass: Game\noutcome: L\nbirthday: 4\nleft_stop: 1\nright_stop: 0\n"
                   "mean: 1/2\ntemperature: 1/2\nis: loopfree, plumtree, stopper, stopper_sided, finite\n")


@pytest.mark.parametrize("game, expected", [
    # (value, outcome, birthday, left stop, right stop, mean, temperature), as CGSuite gives them
    ("0", ("0", "P", 0, "0", "0", "0", "-1")),
    ("*", ("*", "N", 1, "0", "0", "0", "0")),
    ("{0|*}", ("^", "L", 2, "0", "0", "0", "0")),
    ("{3|-1}", ("{3|-1}", "N", 4, "3", "-1", "1", "2")),
    ("{1|0||0}", ("Miny(1)", "R", 3, "0", "0", "0", "0")),
    ("1/2 + 1/4", ("3/4", "L", 3, "3/4", "3/4", "3/4", "-1/4")),
    ("-5", ("-5", "R", 5, "-5", "-5", "-5", "-1")),
    ("{2|1} + *", ("{2*|1*}", "L", 4, "2", "1", "3/2", "1/2")),
])
def test_eval_values(capsys, game, expected):
    status, out, _ = run(capsys, "eval", game)
    assert status == 0
    shown = facts(out)
    names = ["value", "class", "outcome", "birthday", "left_stop", "right_stop", "mean", "temperature", "is"]
    assert list(shown) == names
    assert tuple(shown[name] for name in names if name not in ("class", "is")) == tuple(map(str, expected))


def test_eval_json(capsys):
    status, out, _ = run(capsys, "eval", "{1|*} + ^", "--json")
    assert status == 0
    assert json.loads(out) == {"value": "{1^|^*}", "class": "Game", "outcome": "L", "birthday": 4,
                               "left_stop": "1", "right_stop": "0", "mean": "1/2",
                               "temperature": "1/2",
                               "is": ["loopfree", "plumtree", "stopper", "stopper_sided", "finite"]}


@pytest.mark.parametrize("game, expected", [
    # CGSuite: omega - 5 is a GeneralizedOrdinal, born on day omega + 5; a number is its own stop
    ("omega - 5", {"value": "ω-5", "class": "GeneralizedOrdinal", "outcome": "L", "birthday": "ω+5",
                   "left_stop": "ω-5", "right_stop": "ω-5", "sign": "1",
                   "is": "number, numberish, number_tiny, pseudonumber"}),
    # 6/23: CGSuite's Rational, born on day omega
    ("6/23", {"value": "6/23", "class": "Rational", "outcome": "L", "birthday": "ω", "left_stop": "6/23",
              "right_stop": "6/23", "numerator": "6", "denominator": "23", "sign": "1",
              "is": "number, numberish, number_tiny, pseudonumber"}),
    # inf is no game: no birthday, stops or predicates
    ("-17/0", {"value": "-inf", "class": "Rational", "outcome": "R", "numerator": "-1", "denominator": "0",
               "sign": "-1", "is": ""}),
    # *(omega+5): stops 0 (Left moves to 0), an infinitesimal
    ("*omega + *5", {"value": "*(ω+5)", "class": "TransfiniteNimber", "outcome": "N", "birthday": "ω+5",
                     "left_stop": "0", "right_stop": "0", "nim_value": "ω+5",
                     "is": "nimber, infinitesimal, numberish, all_small"}),
])
def test_eval_of_a_transfinite_value_prints_its_facts(capsys, game, expected):
    status, out, err = run(capsys, "eval", game)
    assert status == 0 and err == ""
    assert facts(out) == expected


def test_eval_json_of_a_transfinite_value(capsys):
    status, out, _ = run(capsys, "eval", "(omega^omega + 1)/(omega + 1)", "--json")
    assert status == 0
    assert json.loads(out) == {"value": "(ω^ω+1)/(ω+1)", "class": "SurrealNumber", "outcome": "L",
                               "left_stop": "(ω^ω+1)/(ω+1)", "right_stop": "(ω^ω+1)/(ω+1)",
                               "numerator": "ω^ω+1", "denominator": "ω+1", "sign": 1,
                               "is": ["number", "numberish", "number_tiny", "pseudonumber"]}
    status, out, _ = run(capsys, "eval", "1/3", "--json")
    assert json.loads(out)["numerator"] == 1 and json.loads(out)["birthday"] == "ω"


@pytest.mark.parametrize("text, message", [
    ("*(omega-1)", "Nim value is not an ordinal: ω-1"),
    ("omega + ^", "is not a number"),
    ("inf - inf", "/ by zero"),
])
def test_eval_of_a_bad_transfinite_expression_is_a_message_with_status_1(capsys, text, message):
    status, out, err = run(capsys, "eval", text)
    assert status == 1 and out == "" and message in err and "Traceback" not in err


def test_eval_of_an_explicit_form_reports_the_form_then_its_value(capsys):
    # CGSuite: '{*|*}' is an explicit form; {*|*} = 0 (both sides' only option is *, and * || 0)
    status, out, _ = run(capsys, "eval", "'{*|*}'")
    assert status == 0
    shown = facts(out)
    assert (shown["form"], shown["value"], shown["outcome"]) == ("'{*|*}'", "0", "P")


# Every kind of value, with what applies to it.  Expected facts: CGSuite's loopy vectors
# (/work/shared/reference/loopy_vectors.json: on, over, dud, {0|{dud|},*}), Winning Ways, or
# the definitions, worked out in the comments.
EVERY_KIND = {
    # loopy vectors: on's outcome class L, its stops on and on; on is a pseudonumber
    "on": {"value": "on", "class": "Stopper", "outcome": "L", "left_stop": "on", "right_stop": "on"},
    # loopy vectors: over's outcome class L, stops over and over
    "over": {"value": "over", "class": "Stopper", "outcome": "L", "left_stop": "over", "right_stop": "over"},
    # upon = {pass|*} prints ^[on] (loopy vectors).  Right's only move, to *, loses to Left's reply
    # to 0; Left first passes, then Right is first and loses: L.  R(upon) = L(*) = 0, and
    # L(upon) = R(upon) = 0 (Left's only option is upon itself).
    "upon": {"value": "^[on]", "class": "Stopper", "outcome": "L", "left_stop": "0", "right_stop": "0"},
    # {pass|x} is x under (Siegel VI, a pseudonumber: its own stops); 1under > 0: L
    "{pass|1}": {"value": "1under", "class": "Stopper", "outcome": "L",
                 "left_stop": "1under", "right_stop": "1under"},
    # loopy vectors: dud's outcome class D, onside on, offside off
    "dud": {"value": "dud", "class": "SidedValue", "outcome": "D", "onside": "on", "offside": "off"},
    "on & off": {"value": "dud", "class": "SidedValue", "outcome": "D", "onside": "on", "offside": "off"},
    # loopy vectors: {0|{dud|},*} = ^ & v*, outcome class NHat
    "{0|{dud|},*}": {"value": "^ & v*", "class": "SidedValue", "outcome": "NHat",
                     "onside": "^", "offside": "v*"},
    # the misère heap *2: its mover takes one and leaves *1, which the other must take last: N;
    # g-(*n) = n for n >= 2 (Winning Ways ch. 13); a nim heap's genus prints as its size (CGSuite)
    "*[2]": {"value": "*[2]", "class": "MisereGame", "outcome": "N", "birthday": 2, "nim_value": 2,
             "misere_nim_value": 2, "genus": "2"},
    # {1|*}: Right's move to * loses to Left's move to 0, so L; born on day 2; stops 1 and 0;
    # mean (1 + 0)/2 = 1/2 and temperature 1/2 (CGSuite)
    "{1|*}": {"value": "{1|*}", "class": "Game", "outcome": "L", "birthday": 2, "left_stop": "1",
              "right_stop": "0", "mean": "1/2", "temperature": "1/2"},
}

# What a kind of value does not have, by the theory (cgt.value): nothing is printed for it.
NOT_SHOWN = {
    "Stopper": ("birthday",),
    "SidedValue": ("birthday", "left_stop", "right_stop"),
    "MisereGame": ("left_stop", "right_stop"),
    "Game": (),
}


@pytest.mark.parametrize("text", EVERY_KIND)
def test_eval_prints_every_kind_of_value_with_what_applies_to_it(capsys, text):
    status, out, err = run(capsys, "eval", text)
    assert status == 0 and err == ""
    shown = facts(out)
    expected = EVERY_KIND[text]
    assert {name: shown.get(name) for name in expected} == {name: str(v) for name, v in expected.items()}
    assert not set(NOT_SHOWN[expected["class"]]) & set(shown)


@pytest.mark.parametrize("text", EVERY_KIND)
def test_eval_json_of_every_kind_of_value_is_the_same_facts(capsys, text):
    status, out, err = run(capsys, "eval", text, "--json")
    assert status == 0 and err == ""
    shown = json.loads(out)
    expected = EVERY_KIND[text]
    assert {name: shown.get(name) for name in expected} == expected
    _, text_out, _ = run(capsys, "eval", text)
    assert facts(text_out) == {name: ", ".join(v) if isinstance(v, list) else str(v) for name, v in shown.items()}


def test_eval_lists_the_predicates_that_hold(capsys):
    # loopy vectors for over: infinitesimal, numberish, idempotent, plumtree, pseudonumber,
    # stopper, stopper-sided true; integer, loopfree, nimber, number, ordinal, uptimal, zero,
    # number-tiny false
    _, out, _ = run(capsys, "eval", "over", "--json")
    holds = set(json.loads(out)["is"])
    assert {"infinitesimal", "numberish", "idempotent", "plumtree", "pseudonumber", "stopper",
            "stopper_sided"} <= holds
    assert not {"integer", "loopfree", "nimber", "number", "ordinal", "uptimal", "zero",
                "number_tiny"} & holds


def test_eval_reads_a_game_that_starts_with_a_minus(capsys):
    # -{1|*} = {-*|-1} = {*|-1} (negation swaps and negates the options; -* = *)
    status, out, err = run(capsys, "eval", "-{1|*}")
    assert status == 0 and err == ""
    assert facts(out)["value"] == "{*|-1}"
    status, out, _ = run(capsys, "eval", "--json", "-{1|*}")
    assert status == 0 and json.loads(out)["value"] == "{*|-1}"
    status, out, _ = run(capsys, "eval", "--", "-1/2")
    assert status == 0 and facts(out)["value"] == "-1/2"


def test_eval_of_a_carousel_prints_its_sides_and_no_onside(capsys):
    # Bach's carousel: its sides keep an alternating cycle (carousels), printed in their
    # simplified form; a carousel has no onside value (CGSuite's SidedValue has no Onside either)
    text = "a{0,{1|1,{*,{1+*|1+*,a}|*}}|0}"
    status, out, err = run(capsys, "eval", text)
    assert status == 0 and err == ""
    shown = facts(out)
    assert shown["value"] == str(parse(text)) and shown["class"] == "SidedValue"
    assert "onside" not in shown and "offside" not in shown


def test_version_is_the_version_of_the_package(capsys):
    import cgt
    tomllib = pytest.importorskip("tomllib")
    with open(Path(__file__).resolve().parent.parent / "pyproject.toml", "rb") as handle:
        expected = tomllib.load(handle)["project"]["version"]
    status, out, _ = run(capsys, "--version")
    assert status == 0 and out == f"cgt {expected}\n"
    assert cgt.__version__ == expected


def reference_expressions():
    result = []
    for fact in reference_data.partizan_facts():
        expr, expected = fact.get("input", {}).get("expr"), fact.get("expected")
        if isinstance(expr, str) and isinstance(expected, str):
            result.append((expr, expected, fact.get("outcome"), fact.get("birthday")))
    return result


@pytest.mark.parametrize("expr, value, outcome, birthday", reference_expressions())
def test_eval_agrees_with_reference_facts(capsys, expr, value, outcome, birthday):
    status, out, _ = run(capsys, "eval", expr, "--json")
    assert status == 0
    shown = json.loads(out)
    assert shown["value"] == value
    if outcome is not None:
        assert shown["outcome"] == outcome
    if birthday is not None:
        assert shown["birthday"] == birthday


@pytest.mark.parametrize("text, message", [
    ("{1|", "missing '}'"),
    ("0/0", "/ by zero"),
    ("foo", "unknown name 'foo'"),
    ("", "no game"),
])
def test_eval_bad_game_is_a_message_with_status_1(capsys, text, message):
    status, out, err = run(capsys, "eval", text)
    assert status == 1 and out == ""
    assert err.startswith("cgt eval: ") and message in err
    assert "Traceback" not in err


def test_eval_syntax_error_marks_the_column(capsys):
    _, _, err = run(capsys, "eval", "{1|")
    assert err == "cgt eval: missing '}' to close '{' at column 1 (column 4)\n    {1|\n       ^\n"


# ---------------------------------------------------------------- octal
def test_octal_kayles_sequence(capsys):
    # Kayles: OEIS A002186 begins 0, 1, 2, 3, 1, 4, 3, 2, 1, 4, 2, 6, 4, 1, 2, 7, 1, 4, 3, 2, 1
    status, out, _ = run(capsys, "octal", "0.77", "--heaps", "20")
    assert status == 0
    assert out == ("code: 0.77\n"
                   "nim sequence, heaps 0..20:\n"
                   " 0: 0 1 2 3 1 4 3 2 1 4\n"
                   "10: 2 6 4 1 2 7 1 4 3 2\n"
                   "20: 1\n")


def test_octal_kayles_period_not_proved_within_100_heaps(capsys):
    status, out, _ = run(capsys, "octal", "0.77", "--heaps", "100", "--period")
    assert status == 0
    assert out.splitlines()[-1] == "period: none proved within heaps 0..100; try more --heaps"
    assert out.count("\n") == 2 + 11 + 1      # heading, 11 rows of 10, the period


@pytest.mark.parametrize("heaps, proved", [(166, False), (167, True), (2000, True)])
def test_octal_kayles_period_needs_heaps_to_167(capsys, heaps, proved):
    # Kayles has period 12 from 71 (Guy 1949; CGSuite Periodicity(Period => 12, Preperiod => 71));
    # the octal periodicity theorem checks n < 2*71 + 12 + 2, so values up to 155 + 12 = 167
    status, out, _ = run(capsys, "octal", "0.77", "--heaps", str(heaps), "--period", "--json")
    assert status == 0
    shown = json.loads(out)
    assert shown["theorem_applies"] is True
    assert len(shown["nim_sequence"]) == heaps + 1
    expected = {"period": 12, "preperiod": 71, "saltus": 0} if proved else None
    assert shown["periodicity"] == expected


def test_octal_period_text(capsys):
    _, out, _ = run(capsys, "octal", "0.07", "--heaps", "300", "--period")
    # Dawson's Kayles: period 34, preperiod 53 (CGSuite GameHeapTest)
    assert out.splitlines()[-1] == ("period: 34 (preperiod 53, saltus 0), "
                                    "proved by the octal periodicity theorem")


# ---------------------------------------------------------------- misere
def test_misere_prints_the_quotient_of_0_75_as_misere_solver_does(capsys):
    # MisereSolver, 0.75 to heap 30 (tests/data/misere_quotients.json)
    status, out, err = run(capsys, "misere", "0.75", "--max-heap", "30")
    assert status == 0 and err == ""
    assert out.splitlines() == [
        "code: 0.75, heaps 0..30",
        "Q = <a,b,c | a2=1,b3=b,bc=ab,c2=b2>; P = {a,b2}",
        "|Q| = 8; |P| = 2; wild",
        "Phi = 1 a b a b c b c b" + " ab2 b" * 11,
    ]


def test_misere_json_of_dawsons_kayles_to_heap_30(capsys):
    # Plambeck and Siegel (2008): 360 elements, 65 of them in P
    status, out, _ = run(capsys, "misere", "0.07", "--max-heap", "30", "--json")
    shown = json.loads(out)
    assert status == 0
    assert (shown["order"], shown["p_portion_size"], shown["tame"]) == (360, 65, False)
    assert len(shown["pretending"]) == 31 and shown["pretending"][:4] == ["1", "1", "a", "a"]


def test_misere_structure_of_0_75_lists_its_two_idempotents(capsys):
    # R8 = <a,b,c | a2=1,b3=b,bc=ab,c2=b2>: H_1 = A_1 = {1,a}; H_b2 = {b,ab,b2,ab2}, A_b2 adds c, ac
    status, out, _ = run(capsys, "misere", "0.75", "--max-heap", "20", "--structure")
    assert status == 0
    assert out.splitlines()[-3:] == ["idempotents: 2", "  1: |H| = 2, |A| = 2", "  b2: |H| = 4, |A| = 6"]


def test_misere_structure_in_json_names_the_elements(capsys):
    # Dawson's Kayles to heap 10, Q = <a,b,c | a2=1,b4=b2,b2c=ab3,c2=1>, worked by hand
    status, out, _ = run(capsys, "misere", "0.07", "--max-heap", "10", "--structure", "--json")
    assert status == 0
    assert json.loads(out)["structure"] == [
        {"idempotent": "1", "maximal_subgroup": ["1", "a", "c", "ac"],
         "archimedean_component": ["1", "a", "c", "ac"]},
        {"idempotent": "b2", "maximal_subgroup": ["b2", "ab2", "b3", "ab3"],
         "archimedean_component": ["b", "ab", "b2", "ab2", "b3", "ab3", "bc", "abc"]},
    ]


def test_misere_progress_reports_on_stderr_and_leaves_the_output_alone(capsys, monkeypatch):
    import cgt.impartial

    quotient = cgt.impartial.misere_quotient
    monkeypatch.setattr(cgt.impartial, "misere_quotient",
                        lambda *args, **options: quotient(*args, **options, progress_every=0))
    status, out, err = run(capsys, "misere", "0.07", "--max-heap", "11", "--progress")
    assert status == 0 and out == run(capsys, "misere", "0.07", "--max-heap", "11")[1]
    # Plambeck and Siegel (2008), Figure 1: |Q| = 12 to heap 10
    assert "\rmisère quotient of 0.07: heaps 0..10 of 11 done, |Q| = 12" in err and err.endswith("\n")


def test_misere_names_a_tame_quotient(capsys):
    status, out, _ = run(capsys, "misere", "0.15", "--max-heap", "10")
    assert status == 0 and out.splitlines()[1:3] == ["(Q,P) = T2", "|Q| = 6; |P| = 2; tame"]


def test_misere_refuses_a_malformed_code(capsys):
    status, out, err = run(capsys, "misere", "0.7x")
    assert status == 1 and out == ""
    assert err.startswith("cgt misere: ") and "'0.7x'" in err


def test_misere_says_how_far_a_quotient_is_finite_past_the_budget(capsys, monkeypatch):

    monkeypatch.setattr(LIMITS, "max_quotient_order", 20)
    status, _, err = run(capsys, "misere", "0.07", "--max-heap", "30")
    assert status == 1 and "not finite up to heap" in err


def test_octal_nim_has_no_period_theorem(capsys):
    status, out, _ = run(capsys, "octal", "0.[3]", "--heaps", "12", "--period", "--json")
    assert status == 0
    assert json.loads(out) == {"code": "0.[3]", "heaps": 12, "nim_sequence": list(range(13)),
                               "theorem_applies": False, "periodicity": None}
    _, out, _ = run(capsys, "octal", "0.[3]", "--heaps", "12", "--period")
    assert "the octal periodicity theorem does not apply" in out.splitlines()[-1]


def test_octal_without_period_says_nothing_about_it(capsys):
    _, out, _ = run(capsys, "octal", "0.77", "--heaps", "5", "--json")
    assert json.loads(out) == {"code": "0.77", "heaps": 5, "nim_sequence": [0, 1, 2, 3, 1, 4]}


def test_octal_accepts_ruleset_names(capsys):
    # Lasker's Nim 4.[3]: 0, 1, 2, 4, 3, 5, 6, 8, 7 (g(4k+3) = 4k+4, g(4k+4) = 4k+3)
    _, out, _ = run(capsys, "octal", "lasker", "--heaps", "8", "--json")
    assert json.loads(out)["nim_sequence"] == [0, 1, 2, 4, 3, 5, 6, 8, 7]
    assert json.loads(out)["code"] == "4.[3]"


def test_octal_normalises_the_code(capsys):
    _, out, _ = run(capsys, "octal", "0.770", "--heaps", "1")
    assert out.splitlines()[0] == "code: 0.77"


def test_octal_stats_of_officers_match_flammenkamps_table(capsys):
    # impartial_facts.json officers-period: mask 0x1ee, 1584 rare heaps, the last at 20627
    # (to 2**21; every rare heap is below 2**15).
    status, out, _ = run(capsys, "octal", "0.6", "--heaps", "32768", "--stats", "--no-values")
    lines = out.splitlines()
    assert status == 0 and lines[0] == "code: 0.6" and len(lines) == 5
    assert lines[1].startswith("rare mask: 0x1ee ")
    assert lines[2] == "rare heaps: 1584 of 32769, the last at 20627"
    assert lines[3] == f"common heaps: {32769 - 1584}"


def test_octal_stats_json_lists_the_rare_heaps(capsys):
    # Kayles 0.77 to 12: 0, 1, 2, 3, 1, 4, 3, 2, 1, 4, 2, 6, 4.  Over the masks 1..7, masks 5
    # (rare heaps 0, 2, 7, 10) and 7 (rare heaps 0, 3, 6, 11) make the fewest values rare, four;
    # the smaller mask is reported.
    _, out, _ = run(capsys, "octal", "0.77", "--heaps", "12", "--stats", "--no-values", "--json")
    facts = json.loads(out)
    assert "nim_sequence" not in facts
    assert facts["sparse_space"]["rare_heaps"] == [0, 2, 7, 10]
    assert facts["sparse_space"]["mask"] == 5
    assert (facts["sparse_space"]["largest_value"], facts["sparse_space"]["largest_value_at"]) == (6, 11)


@pytest.mark.parametrize("code", ["zz", "0.9x", "abc"])
def test_octal_unknown_code_is_a_message_with_status_1(capsys, code):
    status, out, err = run(capsys, "octal", code)
    assert status == 1 and out == ""
    assert err.startswith("cgt octal: ") and err.count("\n") == 1
    assert "take-and-break code" in err


@pytest.mark.parametrize("heaps", ["-1", "ten", "1.5"])
def test_octal_bad_heaps_is_a_usage_error(capsys, heaps):
    status, out, err = run(capsys, "octal", "0.77", "--heaps", heaps)
    assert status == 2 and out == ""
    assert "--heaps" in err and err.startswith("usage: cgt octal")


# ---------------------------------------------------------------- domineering
@pytest.mark.parametrize("board, value", [
    # CGSuite / Winning Ways: Left places vertical dominoes
    (".|.", "1"),
    ("..", "-1"),
    ("..|..", "+-1"),
    ("..|..|..", "{1/2|-2}"),
    (".....|.....|.....|.....", "1"),                          # 4 x 5 (cgt-py)
    (".....|.....|.....|.....|.....", "0"),                    # 5 x 5
    (".......|.......|.......", "{-3/4|-3}"),                  # 3 x 7
    ("....|....|....|....", "+-{0,{{2|0},2Tiny(2)|{2|0},Miny(2)}}"),   # 4 x 4 (CGSuite)
])
def test_domineering_prints_the_board_then_its_value_as_cgt_eval_does(capsys, board, value):
    status, out, err = run(capsys, "domineering", board)
    assert (status, err) == (0, "")
    assert facts(out)["value"] == value
    assert out == f"board: {board}\n" + run(capsys, "eval", value)[1]


def test_domineering_shows_no_progress_unless_asked_or_on_a_terminal(capsys):
    assert run(capsys, "domineering", ".....|.....|.....|.....")[2] == ""


class Stderr(io.StringIO):
    """A stderr that is a terminal, or not."""

    def __init__(self, terminal):
        super().__init__()
        self.terminal = terminal

    def isatty(self):
        return self.terminal


@pytest.mark.parametrize("terminal, argv", [(False, ["--progress"]), (True, [])])
def test_domineering_shows_the_time_searched_when_asked_or_on_a_terminal(capsys, monkeypatch, terminal, argv):
    # The search is made to wait for the progress line, so that its length does not matter.
    from cgt.rulesets import Domineering

    stderr = Stderr(terminal)
    monkeypatch.setattr(sys, "stderr", stderr)
    monkeypatch.setattr("cgt.cli._PROGRESS_EVERY", 0.01)
    canonical_form = Domineering.canonical_form

    def slow(position):
        deadline = time.monotonic() + 60
        while "\r" not in stderr.getvalue() and time.monotonic() < deadline:
            time.sleep(0.01)
        return canonical_form.__get__(position)

    monkeypatch.setattr(Domineering, "canonical_form", property(slow))
    assert main(["domineering", "..|..|..", *argv]) == 0
    assert re.fullmatch(r"(\rDomineering\('\.\.\|\.\.\|\.\.'\): searching, \d+ s)+\n", stderr.getvalue())
    assert facts(capsys.readouterr().out)["value"] == "{1/2|-2}"


def test_domineering_rows_as_arguments_and_json(capsys):
    status, out, _ = run(capsys, "domineering", "..", "..", "..", "--json")
    assert status == 0
    assert json.loads(out) == {"board": "..|..|..", "canonical_form": "{1/2|-2}"}


@pytest.mark.parametrize("board, message", [
    ("..|.", "row 2 has 1 cells"),
    ("ab", "unknown character 'a'"),
])
def test_domineering_bad_board_is_a_message_with_status_1(capsys, board, message):
    status, out, err = run(capsys, "domineering", board)
    assert status == 1 and out == ""
    assert err.startswith("cgt domineering: ") and message in err and err.count("\n") == 1


def test_nimber_of_cram_prints_the_board_and_its_nimber(capsys):
    # Cram 4x7 is *3 (Beling's table, tests/data/cram_nimbers.json).
    status, out, err = run(capsys, "nimber", "cram", "4x7")
    assert (status, err) == (0, "")
    assert out == "board: .......|.......|.......|.......\nnim_value: 3\nvalue: *3\n"


def test_nimber_progress_names_the_candidate_and_the_options_left_on_stderr(capsys, monkeypatch):
    import cgt.solve

    nim_value = cgt.solve.nim_value
    monkeypatch.setattr(cgt.solve, "nim_value", lambda *args, **options: nim_value(*args, **options, progress_every=0))
    status, out, err = run(capsys, "nimber", "cram", "4x7", "--progress")
    assert status == 0 and out == run(capsys, "nimber", "cram", "4x7")[1]
    # 4x7 is *3, and its 45 options are each asked in turn whether they have the candidate
    lines = [line for line in err.split("\r") if line]
    assert lines and all(re.search(r"trying \*[0-3] \(([1-9]|[1-3][0-9]|4[0-5]) options left to ask\)", line)
                         for line in lines)
    assert err.endswith("\n")


@pytest.mark.skipif(engine.ENGINE != "compiled", reason="checkpoints are kept by the compiled search")
def test_nimber_checkpoint_keeps_the_components_of_at_least_the_cells_asked(capsys, tmp_path):
    from cgt._core import CramNimberSearch

    rows = ["....."] * 3
    kept = {}
    for cells in (0, 16, 10**20):
        path = tmp_path / f"at-least-{cells}.ckpt"
        status, out, _ = run(capsys, "nimber", "cram", "3x5", "--checkpoint", str(path),
                             "--checkpoint-min-cells", str(cells))
        assert status == 0 and "nim_value: 1" in out      # Cram 3x5 is *1 (tests/data/cram_nimbers.json)
        kept[cells] = CramNimberSearch(rows, 10**6).load(path.read_bytes(), "cram " + "|".join(rows))
    # the board has 15 cells: at least 16 keeps nothing
    assert kept[0][0] > 0 and kept[16] == kept[10**20] == (0, 0)
    status, out, err = run(capsys, "nimber", "cram", "3x5", "--checkpoint", str(tmp_path / "c"),
                           "--checkpoint-min-cells", "-1")
    assert status == 1 and out == "" and "checkpoint_min_cells is a number of cells, 0 or more, not -1" in err


@pytest.mark.skipif(engine.ENGINE != "compiled", reason="checkpoints are kept by the compiled search")
def test_nimber_stopped_by_ctrl_c_says_its_checkpoint_keeps_the_search(tmp_path):
    path = tmp_path / "cram-5x9.ckpt"
    child = subprocess.Popen([sys.executable, "-m", "cgt", "nimber", "cram", "5x9", "--checkpoint", str(path),
                              "--progress"], stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True)
    try:
        seen = ""
        while "components searched" not in seen and (more := child.stderr.read(1)):
            seen += more                # until the first progress line: the search is under way
        child.send_signal(signal.SIGINT)
        out, err = child.communicate(timeout=30)
    finally:
        child.kill()
    # Cram 5x9 takes the search far longer than its first progress line: it was stopped, not finished
    assert child.returncode == 130 and out == ""
    assert f"\nstopped: {path} keeps what the search proved; the same command goes on from it\n" in seen + err
    assert path.exists()


@pytest.mark.skipif(engine.ENGINE != "compiled", reason="checkpoints are kept by the compiled search")
def test_nimber_checkpoint_that_is_a_directory_is_an_error_message_not_a_traceback(capsys, tmp_path):
    status, out, err = run(capsys, "nimber", "cram", "3x5", "--checkpoint", str(tmp_path))
    assert status == 1 and out == "" and "is a directory, not a file" in err and "Traceback" not in err


def test_nimber_json_and_an_impartial_variant(capsys):
    # impartial Clobber "xo": either player clobbers, leaving one stone: {0|0} = *.
    status, out, _ = run(capsys, "nimber", "impartial clobber", "xo", "--json")
    assert status == 0
    record = json.loads(out)
    assert (record["board"], record["nim_value"]) == ("xo", 1)


def test_nimber_of_a_strip_rulesets_impartial_variant(capsys):
    # Impartial Toads and Frogs "T.": the one move, by either player, slides the toad into the gap,
    # and then no move is left: {0|0} = *.
    status, out, _ = run(capsys, "nimber", "impartial toads", "T.")
    assert status == 0 and out == "board: T.\nnim_value: 1\nvalue: *1\n"


@pytest.mark.parametrize("ruleset, board, message", [
    ("chess", "3x3", "no ruleset 'chess'"),
    ("domineering", "3x3", "'domineering' is not impartial"),
    ("cram", "..z|...", "unknown character 'z'"),
])
def test_nimber_bad_input_is_a_message_with_status_1(capsys, ruleset, board, message):
    status, out, err = run(capsys, "nimber", ruleset, board)
    assert status == 1 and out == ""
    assert err.startswith("cgt nimber: ") and message in err and err.count("\n") == 1


def test_solve_a_sum_of_two_rulesets_for_a_first_player(capsys):
    # Clobber xoxo.|.oxox + Domineering 2x2 (±1): the first player, Left here, wins (their canonical forms'
    # sum is confused with 0).
    status, out, err = run(capsys, "solve", "clobber XOXO.|.OXOX", "domineering ..|..", "--first", "left")
    assert (status, err) == (0, "")
    assert facts(out) == {"positions": "Clobber('xoxo.|.oxox') + Domineering('..|..')", "first": "L", "winner": "L"}


def test_solve_prints_the_outcome_class_and_json(capsys):
    # 2x3 Clobber "xox|oxo" is 0 (a second-player win); Domineering 5x6 is -3/2 (Right wins either way).
    status, out, _ = run(capsys, "solve", "clobber xox|oxo")
    assert status == 0 and facts(out)["outcome"] == "P"
    status, out, _ = run(capsys, "solve", "domineering 5x6", "--json")
    record = json.loads(out)
    assert status == 0 and record["outcome"] == "R" and record["seconds"] >= 0
    status, out, _ = run(capsys, "solve", "impartial clobber xo", "toads T.F", "--first", "R", "--json")
    assert status == 0 and json.loads(out)["winner"] == "L"         # * + * = 0: the second player wins


@pytest.mark.parametrize("argv, message", [
    (["chess e4"], "no ruleset 'chess': one of amazons, "),
    (["clobber"], "a position is a ruleset's name and a board"),
    (["clobber xq"], "unknown character 'q'"),
    (["backslidingtoads TT..FF"], "not a short game"),
    (["clobber xoxox|oxoxo|xoxox|oxoxo|xoxox", "--timeout", "0.2"], "no answer within the time budget of 0.2 s"),
])
def test_solve_bad_input_or_no_answer_is_a_message_with_status_1(capsys, argv, message):
    status, out, err = run(capsys, "solve", *argv)
    assert status == 1 and out == ""
    assert err.startswith("cgt solve: ") and message in err and err.count("\n") == 1


def test_domineering_past_max_board_cells_is_refused_before_the_search(capsys):
    # Before: a 6x6 board (36 cells) searched for minutes; 8x8 for ever.
    status, out, err = run(capsys, "domineering", *["......"] * 6)
    assert status == 1 and out == "" and err.count("\n") == 1
    assert err.startswith("cgt domineering: the empty cells of a board that cgt domineering solves: 36 is "
                          "past the limit max_board_cells = 30; raise it with cgt.LIMITS.max_board_cells = 36")


def test_domineering_board_cells_are_counted_empty_and_bounded_by_the_environment(capsys, limits_environment):
    limits_environment.setenv("CGT_MAX_BOARD_CELLS", "4")
    status, out, _ = run(capsys, "domineering", "..|..|##")                 # filled cells are free
    assert status == 0 and facts(out)["value"] == "+-1"
    status, _, err = run(capsys, "domineering", "..|..|..")
    assert status == 1 and "6 is past the limit max_board_cells = 4" in err


# ---------------------------------------------------------------- usage
def test_no_command_is_a_usage_error(capsys):
    status, _, err = run(capsys)
    assert status == 2 and "usage: cgt" in err


def test_unknown_command_is_a_usage_error(capsys):
    status, _, err = run(capsys, "evaluate", "0")
    assert status == 2 and "invalid choice" in err


def test_help_exits_0(capsys):
    status, out, _ = run(capsys, "--help")
    assert status == 0
    for command in ("eval", "octal", "domineering", "play"):
        assert command in out


def test_play_unknown_game_is_a_message_with_status_1(capsys):
    status, out, err = run(capsys, "play", "chess")
    assert status == 1 and out == ""
    assert err.startswith("cgt play: 'chess' is neither a heap game's name") and err.count("\n") == 1


def test_play_code_without_moves_is_a_message_with_status_1(capsys):
    status, out, err = run(capsys, "play", "0.0")
    assert (status, out) == (1, "")
    assert err == "cgt play: 0.0 has no moves from piles of 1 to 8 stones\n"


# ---------------------------------------------------------------- the real command
def python_m_cgt(*argv, stdin=""):
    return subprocess.run([sys.executable, "-m", "cgt", *argv], input=stdin,
                          capture_output=True, text=True, timeout=60)


def test_python_m_cgt_eval():
    result = python_m_cgt("eval", "{1|*} + ^", "--json")
    assert result.returncode == 0 and result.stderr == ""
    assert json.loads(result.stdout)["value"] == "{1^|^*}"


def test_python_m_cgt_bad_input_has_no_traceback():
    for argv, status in [(["eval", "{1|*"], 1), (["octal", "q.q"], 1),
                         (["domineering", "x"], 1), (["octal", "0.7", "--heaps", "x"], 2), ([], 2)]:
        result = python_m_cgt(*argv)
        assert result.returncode == status, argv
        assert result.stdout == ""
        assert "Traceback" not in result.stderr and result.stderr.strip()


def test_console_script_is_declared():
    import tomllib

    pyproject = Path(__file__).resolve().parents[1] / "pyproject.toml"
    scripts = tomllib.loads(pyproject.read_text())["project"]["scripts"]
    assert scripts == {"cgt": "cgt.cli:main"}


@pytest.mark.parametrize("argv", [
    *(["eval", text] for text in EVERY_KIND),
    ["eval", "-{1|*}", "--json"],
    ["eval", "a{0,{1|1,{*,{1+*|1+*,a}|*}}|0}"],
    ["--version"],
])
def test_the_installed_command_ends_without_a_traceback(argv):
    result = python_m_cgt(*argv)
    assert "Traceback" not in result.stderr
    assert result.returncode in (0, 1)
    if "--json" in argv:
        json.loads(result.stdout)


@pytest.mark.parametrize("argv", [["eval", "{1|*}"], ["eval", "on", "--json"], ["--version"]])
def test_a_reader_gone_early_ends_the_command_quietly(argv):
    # `cgt ... | head` where head has gone: no "Exception ignored ... BrokenPipeError" at exit.
    # Without PYTHONUNBUFFERED the output waits in Python's buffer until the end.
    env = {k: v for k, v in os.environ.items() if k != "PYTHONUNBUFFERED"}
    process = subprocess.Popen([sys.executable, "-m", "cgt", *argv], stdout=subprocess.PIPE,
                               stderr=subprocess.PIPE, env=env)
    process.stdout.close()
    err = process.stderr.read().decode()
    status = process.wait(timeout=60)
    assert "Traceback" not in err and "BrokenPipeError" not in err and "Exception ignored" not in err
    assert status in (0, 1)


# ---------------------------------------------------------------- resource bounds
def test_eval_of_a_product_of_two_4000_digit_numbers_prints_all_its_digits(capsys):
    # Before: CPython's 4,300-digit limit on int -> str was a traceback.
    import decimal

    a = 7 * (10**4000 - 1) // 9                       # 4,000 sevens
    status, out, err = run(capsys, "eval", f"{a} * {a}")
    assert status == 0, err
    assert facts(out)["value"] == str(decimal.Decimal(a * a))
    status, out, err = run(capsys, "eval", "--json", f"{a} * {a}")
    assert status == 0 and json.loads(out)["mean"] == str(decimal.Decimal(a * a))


@pytest.mark.parametrize("game, message", [
    ("^<10000>", "past the limit max_power = 1000; raise it with cgt.LIMITS.max_power = 10000"),
    ("1000 * {3|1||0}", "past the limit max_multiple"),
    ("*" + "9" * 50, "beyond the compiled engine's range"),
])
def test_eval_past_a_limit_is_a_clear_error(capsys, game, message):
    status, out, err = run(capsys, "eval", game)
    assert status == 1 and out == ""
    assert err.startswith("cgt eval: ") and message in err and "Traceback" not in err


def test_play_refuses_a_long_code_in_one_short_line(capsys):
    status, out, err = run(capsys, "play", "1" * 5000)
    assert status == 1 and len(err) < 400 and err.startswith("cgt play: ")
