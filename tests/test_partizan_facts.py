"""Textbook facts about partizan games, replayed against `cgt`.

The facts in ``../shared/reference/partizan_facts.json`` come from Winning
Ways, Lessons in Play, Siegel's CGT and CGSuite's tests.  Each fact gives one
expression or a list of them and the expected result of each:

* an outcome letter ``L R N P`` is the outcome class of the expression;
* a relation ``|| > < =`` answers an expression ``G ? H`` (how G compares to H);
* anything else is a game in CGSuite notation, checked by value
  (``parse(expr) == parse(expected)``) and by notation (``str``).

Extra keys check more invariants (``outcome``, ``birthday``, ``left_stop``,
``right_stop``, ``equals_neg_tiny``).  ``born-by-day`` is checked by brute
force with `cgt.Game`.  Facts about rulesets (Hackenbush, Cutcake,
TurnAndEatcake, Toads and Frogs) are checked in the ruleset test modules named
in `RULESET_SKIPS`, and skipped here by ruleset; thermography facts are skipped
by topic.
"""

from fractions import Fraction
from itertools import chain, combinations

import pytest

import cgt
from cgt import Game, parse

from reference_data import partizan_facts, skip_param


FACTS = partizan_facts()

RULESET_SKIPS = {
    "BlueRedHackenbushString": "Hackenbush facts are checked in tests/rulesets/test_hackenbush.py",
    "GreenHackenbush": "Hackenbush facts are checked in tests/rulesets/test_hackenbush.py",
    "Cutcake": "Cutcake facts are checked in tests/rulesets/test_reference_vectors.py",
    "TurnAndEatcake": "TurnAndEatcake facts are checked in tests/rulesets/test_reference_vectors.py",
    "ToadsAndFrogs": "Toads-and-Frogs facts are checked in tests/rulesets/test_reference_vectors.py",
}
THERMOGRAPHY_KEYS = {"mean", "temperature", "thermograph", "cooled", "heated"}
OUTCOMES = {"L", "R", "N", "P"}
RELATIONS = {"||", ">", "<", "="}


def _skip_reason(fact):
    ruleset = fact["input"].get("ruleset")
    if ruleset is not None:
        return RULESET_SKIPS.get(ruleset, f"ruleset {ruleset} belongs to the rulesets issue")
    if THERMOGRAPHY_KEYS & set(fact) or "thermograph" in fact["statement"].lower():
        return "thermography facts belong to the thermography issue"
    return None


def _expression_facts():
    params = []
    for fact in FACTS:
        if fact["id"] == "born-by-day" and fact["input"]["expr"].startswith("count "):
            continue  # checked by brute force below
        params.append(skip_param(fact, _skip_reason(fact)))
    return params


def relation(g, h):
    """How g compares to h: '=', '<', '>' or '||'."""
    if g == h:
        return "="
    if g <= h:
        return "<"
    if g >= h:
        return ">"
    return "||"


def evaluate(expr, expected):
    """The answer to `expr` of the kind `expected` asks for, and its printed form."""
    if expected in RELATIONS:
        left, right = expr.split(" ? ")
        answer = relation(parse(left), parse(right))
        return answer, answer
    game = parse(expr)
    if expected in OUTCOMES:
        return game.outcome, game.outcome
    return game, str(game)


def _pairs(fact):
    exprs, expected = fact["input"]["expr"], fact["expected"]
    if isinstance(exprs, str):
        return [(exprs, expected)]
    assert isinstance(expected, list) and len(exprs) == len(expected), fact["id"]
    return list(zip(exprs, expected))


@pytest.mark.parametrize("fact", _expression_facts())
def test_partizan_fact(fact):
    problems = []
    for expr, expected in _pairs(fact):
        answer, printed = evaluate(expr, expected)
        want = parse(expected) if isinstance(answer, Game) else expected
        if answer != want:
            problems.append(f"{expr!r} by value: expected {expected!r}, got {printed!r}")
        if printed != expected:
            problems.append(f"{expr!r} by notation: expected {expected!r}, printed {printed!r}")
    # The first expression is the one the extra invariants are about.
    extras = {"outcome", "birthday", "left_stop", "right_stop", "equals_neg_tiny"}
    first = parse(_pairs(fact)[0][0]) if extras & set(fact) else None
    if "outcome" in fact and first.outcome != fact["outcome"]:
        problems.append(f"outcome: expected {fact['outcome']}, got {first.outcome}")
    if "birthday" in fact and first.birthday != fact["birthday"]:
        problems.append(f"birthday: expected {fact['birthday']}, got {first.birthday}")
    for key in ("left_stop", "right_stop"):
        if key in fact and getattr(first, key) != Fraction(fact[key]):
            problems.append(f"{key}: expected {fact[key]}, got {getattr(first, key)}")
    if fact.get("equals_neg_tiny"):
        # Miny(x) = -Tiny(x): read x back from the expected Miny(x).
        expected = fact["expected"]
        assert expected.startswith("Miny(") and expected.endswith(")"), expected
        x = parse(expected[len("Miny("):-1])
        if first != -cgt.tiny(x) or first != cgt.miny(x) or first != -parse(f"Tiny({x})"):
            problems.append(f"{first} is not -Tiny({x}) = Miny({x})")
    assert not problems, "; ".join(problems)


# ----------------------------------------------------------------------------
# born-by-day, by brute force from the definition


def _subsets(items):
    return chain.from_iterable(combinations(items, k) for k in range(len(items) + 1))


def games_born_by(day):
    """Every game born by `day`: {L | R} for all subsets L, R of the games born by day - 1."""
    born = {Game(0)}
    for _ in range(day):
        previous = sorted(born, key=str)
        subsets = list(_subsets(previous))
        born = {Game(list(left), list(right)) for left in subsets for right in subsets}
    return born


def _born_by_day_fact():
    return next(f for f in FACTS if f["id"] == "born-by-day")


def test_born_by_day():
    fact = _born_by_day_fact()
    counts = [len(games_born_by(day)) for day in range(len(fact["expected"]))]
    assert counts == fact["expected"]


def test_born_by_day_one():
    fact = _born_by_day_fact()
    day1 = sorted(str(g) for g in games_born_by(1))
    assert day1 == sorted(fact["day1_games"])


def test_born_by_day_birthdays():
    """Every game born by day 2 has birthday <= 2, and exactly the new ones have birthday 2."""
    day1, day2 = games_born_by(1), games_born_by(2)
    wrong = sorted(f"{g}: {g.birthday}" for g in day2 - day1 if g.birthday != 2)
    wrong += sorted(f"{g}: {g.birthday}" for g in day1 if g.birthday > 1)
    assert not wrong, "birthdays that should be <= 2 (2 for the new games): " + ", ".join(wrong)
