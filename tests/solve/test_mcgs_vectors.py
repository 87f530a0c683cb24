"""Every ruleset's MCGS test cases (tests/data/mcgs_vectors.json) against `cgt`'s searches.

MCGS's answers (outcomes with each player first, nimbers, winning moves,
thermographs; many from CGSuite 2.1.1) are checked by tests/mcgs_cases.py:
outcomes by `cgt.solve.outcome`, nimbers by `cgt.solve.nim_value`.  The cases
played here are those the benchmark (``python -m benchmarks mcgs``) found to
take at most `SECONDS` (tests/data/mcgs_vectors_seconds.json), and every case
MCGS marks deliberately wrong, which must disagree; the others are skipped,
named.  MCGS's own small games (integers, dyadic rationals, switches, ups and
stars, nimbers) follow MCGS's moves, checked here against their values in the
books.
"""

import json
from fractions import Fraction
from pathlib import Path

import pytest

from cgt import Game, nimber, star, up
from mcgs_cases import agrees, found_answer, mcgs_vectors, simple_nim_value, simple_value, skip_reason

#: The longest a case may take to be played here (in the benchmark's run, the compiled searches).
SECONDS = 0.1

_SECONDS = json.loads((Path(__file__).resolve().parent.parent / "data" / "mcgs_vectors_seconds.json").read_text())


def _params():
    seconds = _SECONDS["seconds"]
    out = []
    for case in mcgs_vectors():
        reason = skip_reason(case)
        taken = seconds.get(case["id"])
        if reason is None and not case.get("deliberately_wrong") and (taken is None or taken > SECONDS):
            reason = f"over {SECONDS} s in the benchmark's run" if case["id"] in seconds else "not timed"
        out.append(pytest.param(case, marks=pytest.mark.skip(reason=reason) if reason else (), id=case["id"]))
    return out


@pytest.mark.parametrize("case", _params())
def test_cgt_gives_mcgs_answer(case):
    assert agrees(case) != case.get("deliberately_wrong", False)


def test_the_deliberately_wrong_cases_are_there_and_disagree():
    wrong = [case for case in mcgs_vectors() if case.get("deliberately_wrong")]
    assert len(wrong) == 2
    assert not any(agrees(case) for case in wrong)


def test_every_game_of_mcgs_is_read():
    reasons = {skip_reason(case) for case in mcgs_vectors()}
    assert not any(reason and reason.startswith("no reading") for reason in reasons)


def _first(kind, *games):
    return next(case for case in mcgs_vectors() if case["kind"] == kind and "duplicate_of" not in case
                and [p["game"] for p in case["parts"]] == list(games) and skip_reason(case) is None)


def test_a_changed_answer_is_caught():
    outcome = _first("outcome", "clobber_1xn")
    assert agrees(outcome)
    flipped = {player: "loss" if answer == "win" else "win" for player, answer in outcome["expected"].items()}
    assert not agrees({**outcome, "expected": flipped})
    nim = _first("nim", "impartial domineering")
    assert agrees(nim) and not agrees({**nim, "expected": {"N": nim["expected"]["N"] + 1}})


def test_an_impartial_sum_is_won_by_the_first_player_iff_its_nim_sum_is_not_zero():
    parts = [{"game": "nimber", "position": "3"}, {"game": "kayles", "position": "3"}]   # *3 + *3
    assert found_answer({"id": "*3+*3", "parts": parts, "expected": {"N": None, "B": None}}) == {"N": 0, "B": "loss"}
    parts[1]["position"] = "4"                                                            # Kayles 4 is *1
    assert found_answer({"id": "*3+*1", "parts": parts, "expected": {"W": None}}) == {"W": "win"}


@pytest.mark.parametrize("state, value", [
    (("dyadic_rational", Fraction(-3)), Game(-3)),
    (("dyadic_rational", Fraction(5, 4)), Game(Fraction(5, 4))),
    (("switch_game", Fraction(3), Fraction(-4)), Game([Game(3)], [Game(-4)])),
    (("up_star", 1, False), up),
    (("up_star", 1, True), up + star),
    (("up_star", 2, False), up + up),
    (("up_star", -3, True), -3 * up + star),
    (("up_star", 0, True), star),
    (("nimber", 5), nimber(5)),
])
def test_mcgs_small_games_have_their_book_values(state, value):
    assert simple_value(state) == value


def test_the_impartial_dyadic_21_8_is_star_1():
    # Worked by hand from MCGS's moves p/q -> (p -+ 1)/q: an integer n is a chain of n moves (*(n mod 2));
    # 5/2 -> {2, 3} is *2, 11/4 -> {5/2, 3} is 0, 21/8 -> {5/2, 11/4} is *1.
    assert simple_nim_value(("dyadic_rational", Fraction(21, 8))) == 1
    assert simple_nim_value(("dyadic_rational", Fraction(11, 4))) == 0


def test_the_side_by_side_writes_mcgs_input_and_reads_its_output():
    from benchmarks.mcgs_peer import mcgs_input, read_mcgs_output

    cases = [{"parts": [{"game": "clobber_1xn", "position": "XOXO"}, {"game": "nogo", "position": "..|.."}],
              "expected": {"B": "win", "W": "loss"}},
             {"parts": [{"game": "impartial clobber", "position": "XO.|OX."}], "expected": {"N": 2}}]
    assert mcgs_input(cases) == ("{version 1.5}\n[clobber_1xn] (XOXO) [nogo] (..|..) {B win, W loss}\n"
                                 "[impartial clobber] (XO.|OX.) {N 2}\n")
    # MCGS 1.5's output for a command (the form it prints; here written by hand).
    output = ("Test type: Solve BW\n\tclobber_1xn:XOXO\nPlayer: B\nExpected: Win\nGot: Win\nTime (ms): 0.07\n"
              "Status: PASS\n\nTest type: Solve N\nPlayer: IMP\nExpected: 2\nGot: 3\nTime (ms): 1.43\n"
              "Status: FAIL\n")
    milliseconds, statuses = read_mcgs_output(output)
    assert (round(milliseconds, 2), statuses) == (1.5, ["PASS", "FAIL"])
