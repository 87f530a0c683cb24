"""Misère play: CGSuite's misère vectors, misère heap facts, brute force from the definitions.

Expected values come from CGSuite's test suite (``cgsuite_vectors.json``,
categories ``misere`` and ``heap``), from ``impartial_facts.json``, or from
brute force on game trees here (the misère Grundy value is 1 for a position
with no moves, else the mex of its options' values; two games are equal when
no third game added to both tells their misère outcomes apart).
"""

import json
import re
from functools import lru_cache

import pytest
from hypothesis import given, settings, strategies as st

from cgt import parse
from cgt.errors import GameSyntaxError, GameTooLargeError
from cgt.impartial import TakeAndBreak, dawsons_kayles, grundys_game, kayles, nim
from cgt.impartial.misere import (Genus, MisereGame, NotLinkedError, NotSubtractableError,
                                  genus, genus_sequence, misere_canonical_form, misere_nim_sequence,
                                  misere_nim_value, misere_outcome)
from cgt.nimbers import mex
from impartial_reference import (HEAP_PATTERNS, heap_ruleset, heap_vectors, impartial_facts,
                                 misere_vectors, octal_code_in)
from reference_data import cgsuite_bool, cgsuite_set_text, skip_param, split_cgsuite_set


# --- CGSuite's misère vectors --------------------------------------------------------------

def misere_vector_params():
    return [skip_param(v) for v in misere_vectors()]


def cgsuite_list(games):
    return cgsuite_set_text(games, "[]")


UNARY = {
    "birthday": lambda g: str(g.birthday),
    "genus": lambda g: str(g.genus),
    "is_even": lambda g: cgsuite_bool(g.is_even),
    "is_extraverted": lambda g: cgsuite_bool(g.is_extraverted),
    "is_generally_restive": lambda g: cgsuite_bool(g.is_generally_restive),
    "is_generally_tame": lambda g: cgsuite_bool(g.is_generally_tame),
    "is_half_tame": lambda g: cgsuite_bool(g.is_half_tame),
    "is_introverted": lambda g: cgsuite_bool(g.is_introverted),
    "is_nim_heap": lambda g: cgsuite_bool(g.is_nim_heap),
    "is_prime": lambda g: cgsuite_bool(g.is_prime),
    "is_restive": lambda g: cgsuite_bool(g.is_restive),
    "is_restless": lambda g: cgsuite_bool(g.is_restless),
    "is_tame": lambda g: cgsuite_bool(g.is_tame),
    "is_tameable": lambda g: cgsuite_bool(g.is_tameable),
    "mate": lambda g: str(g.mate),
    "misere_canonical_form": str,
    "misere_nim_value": lambda g: str(g.misere_nim_value),
    "misere_outcome_class": lambda g: g.outcome,
    "nim_value": lambda g: str(g.nim_value),
    "options": lambda g: cgsuite_list(g.options),
    "partitions": lambda g: "[" + ",".join(cgsuite_list(p) for p in g.partitions) + "]",
    "parts": lambda g: cgsuite_list(g.parts),
}

BINARY = {
    "is_linked_to": lambda g, h: cgsuite_bool(g.is_linked_to(h)),
    "link": lambda g, h: str(g.link(h)),
    "misere_minus": lambda g, h: str(g.misere_minus(h)),
}


def read(text):
    """A misère game of the vectors, read by `cgt.parse` as CGSuite's worksheet reads it."""
    game = parse(text)
    assert isinstance(game, MisereGame) and game is MisereGame(text)
    return game


def evaluate(vector):
    op = vector["op"]
    if op == "eval":
        return str(read(vector["expr"]))
    if op in UNARY:
        return UNARY[op](read(vector["game"]))
    if op in BINARY:
        return BINARY[op](read(vector["game"]), read(vector["args"][0]))
    pytest.skip(f"operation {op} is not supported")


@pytest.mark.parametrize("vector", misere_vector_params())
def test_cgsuite_misere_vector(vector):
    expected = vector["expected"]
    if expected.startswith("!!"):
        errors = (GameSyntaxError, NotLinkedError, NotSubtractableError, TypeError)
        with pytest.raises(errors) as caught:
            evaluate(vector)
        message = expected[2:]
        if vector["op"] == "link":
            assert str(caught.value) == message
        return
    assert evaluate(vector) == expected


# --- CGSuite's heap vectors in misère play ---------------------------------------------------

MISERE_HEAP_OPS = {"misere_nim_value", "genus", "misere_outcome_class", "misere_canonical_form"}
NAMED = {"Nim": nim, "Kayles": kayles, "DawsonsKayles": dawsons_kayles, "GrundysGame": grundys_game}


def take_and_break_ruleset(text):
    """The take-and-break ruleset a CGSuite ``game.heap`` expression names, and what follows it."""
    patterns = HEAP_PATTERNS + [(r"game\.heap\.(\w+)", lambda m: NAMED.get(m.group(1)))]
    return heap_ruleset(text, patterns, "ruleset {} is a memory game, not a take-and-break game: "
                        "checked in test_heap_vectors.py", "no take-and-break ruleset in {!r}")


def misere_heap_vectors():
    return [skip_param(v) for v in heap_vectors(ops=MISERE_HEAP_OPS)]


@pytest.mark.parametrize("vector", misere_heap_vectors())
def test_cgsuite_misere_heap_vector(vector):
    op, expr, expected = vector["op"], vector["expr"], vector["expected"]
    ruleset, rest = take_and_break_ruleset(vector["game"])
    if op == "misere_canonical_form":
        assert str(misere_canonical_form(ruleset(int(rest.strip("()"))))) == expected
        return
    span = re.search(r"for n from (\d+) to (\d+)", expr)
    assert span and "((" not in expr, f"unexpected expression {expr!r}"
    lo, hi = map(int, span.groups())
    if op == "misere_nim_value":
        assert misere_nim_sequence(ruleset, hi)[lo:] == json.loads(expected)
    elif op == "genus":
        assert [str(g) for g in genus_sequence(ruleset, hi)[lo:]] == split_cgsuite_set(expected, "[]")
    else:
        assert [misere_outcome(ruleset(n)) for n in range(lo, hi + 1)] == split_cgsuite_set(expected, "[]")


# --- Published misère nim sequences ----------------------------------------------------------

def misere_facts():
    return [skip_param(f) for f in impartial_facts()
            if f["kind"] == "nim_sequence" and "misere" in f["game"]]


@pytest.mark.parametrize("fact", misere_facts())
def test_misere_nim_sequence_fact(fact):
    code = fact.get("cgsuite_code") or octal_code_in(fact["game"])
    assert code, f"no take-and-break code in {fact['game']!r}"
    lo, hi = fact["n_range"]
    assert misere_nim_sequence(TakeAndBreak(code), hi)[lo:] == fact["value"]


# --- Brute force from the definitions ------------------------------------------------------

@lru_cache(maxsize=None)
def brute_misere_value(position, code):
    """``g⁻`` of a heap position (a sorted tuple of heaps) from the rules: no XOR, no theory."""
    ruleset = TakeAndBreak(code)
    values = set()
    for i, heap in enumerate(position):
        rest = position[:i] + position[i + 1:]
        for option in ruleset.heap_options(heap):
            values.add(brute_misere_value(tuple(sorted(rest + option)), code))
    return mex(values) if values else 1


CODES = ["0.77", "0.07", "0.137", "4!.0", "0.3F", "0.6", "0.[3]", "0.51", "0.26", "4.07"]


@settings(max_examples=60, deadline=None)
@given(st.sampled_from(CODES), st.lists(st.integers(1, 9), max_size=3))
def test_misere_nim_value_of_heap_positions_is_the_definition(code, heaps):
    position = TakeAndBreak(code).heaps(*heaps)
    expected = brute_misere_value(position.heaps, code)
    assert misere_nim_value(position) == expected
    assert misere_outcome(position) == ("P" if expected == 0 else "N")


def test_misere_nim_is_bouton():
    # Misère Nim: play normal Nim unless every heap is 1 (Bouton 1901).
    for heaps in [(1,), (1, 1), (1, 1, 1), (2, 2), (1, 2, 3), (2, 3), (1, 1, 2)]:
        total = 0
        for h in heaps:
            total ^= h
        loses = (len(heaps) % 2 == 1) if max(heaps) == 1 else total == 0
        assert misere_outcome(nim.heaps(*heaps)) == ("P" if loses else "N")


# Game trees: a tree is the sorted tuple of its options' trees.

def tree_of_nim(n):
    return tuple(tree_of_nim(k) for k in range(n))


trees = st.recursive(st.integers(0, 3).map(tree_of_nim),
                     lambda inner: st.lists(inner, max_size=3).map(lambda ts: tuple(sorted(ts))),
                     max_leaves=6)


@lru_cache(maxsize=None)
def brute_sum_value(components):
    """``g⁻`` of a sum of trees (a sorted tuple of trees), straight from the definition."""
    values = set()
    for i, tree in enumerate(components):
        rest = components[:i] + components[i + 1:]
        for option in tree:
            values.add(brute_sum_value(tuple(sorted(rest + (option,)))))
    return mex(values) if values else 1


def nested(tree):
    return [nested(option) for option in tree]


@lru_cache(maxsize=None)
def brute_normal_value(tree):
    return mex({brute_normal_value(option) for option in tree})


TESTERS = [tree_of_nim(n) for n in range(4)] + [
    (tree_of_nim(2),), (tree_of_nim(2), ()), ((tree_of_nim(2),),), (tree_of_nim(2), tree_of_nim(3)),
]


@settings(max_examples=80, deadline=None)
@given(trees)
def test_canonical_form_is_equal_to_the_game_it_comes_from(tree):
    form = MisereGame(nested(tree))
    assert form.misere_nim_value == brute_sum_value((tree,))
    assert form.nim_value == brute_normal_value(tree)
    assert form.birthday <= _tree_birthday(tree)
    for tester in TESTERS:
        expected = brute_sum_value(tuple(sorted((tree, tester))))
        assert (form + MisereGame(nested(tester))).misere_nim_value == expected


def _tree_birthday(tree):
    return 1 + max((_tree_birthday(o) for o in tree), default=-1)


@settings(max_examples=60, deadline=None)
@given(trees, trees)
def test_sums_of_canonical_forms_are_sums_of_games(a, b):
    total = MisereGame(nested(a)) + MisereGame(nested(b))
    assert total.misere_nim_value == brute_sum_value(tuple(sorted((a, b))))
    assert total == MisereGame(nested(b)) + MisereGame(nested(a))


@settings(max_examples=60, deadline=None)
@given(trees, trees, trees)
def test_misere_sum_is_associative_with_identity(a, b, c):
    x, y, z = (MisereGame(nested(t)) for t in (a, b, c))
    assert (x + y) + z == x + (y + z)
    assert x + MisereGame(0) == x


@settings(max_examples=80, deadline=None)
@given(trees)
def test_printing_round_trips(tree):
    form = MisereGame(nested(tree))
    assert MisereGame(str(form)) is form
    assert MisereGame.from_options(form.options) is form


@settings(max_examples=60, deadline=None)
@given(trees)
def test_genus_terms_are_misere_values_of_sums_with_twos(tree):
    form = MisereGame(nested(tree))
    two, total = MisereGame(2), form
    terms = []
    for _ in range(6):
        terms.append(total.misere_nim_value)
        total = total + two
    assert form.genus.sequence(6) == terms
    assert form.genus.nim_value == form.nim_value
    assert Genus.parse(str(form.genus)) == form.genus


@settings(max_examples=60, deadline=None)
@given(trees)
def test_parity_and_mate(tree):
    form = MisereGame(nested(tree))
    plus_one = form + MisereGame(1)
    assert plus_one + MisereGame(1) == form
    assert form.is_even != plus_one.is_even
    odd, even = (form, plus_one) if form.is_odd else (plus_one, form)
    assert even in odd.options
    if form.birthday > 1:
        assert form.mate == MisereGame.from_options(o.mate for o in form.options)
    assert MisereGame(0).mate == MisereGame(1) and MisereGame(1).mate == MisereGame(0)


# --- Facts from the books -------------------------------------------------------------------

def test_one_plus_one_is_zero_but_two_plus_two_is_not():
    one, two = MisereGame(1), MisereGame(2)
    assert one + one == MisereGame(0)
    assert two + two != MisereGame(0)
    assert (two + two).outcome == "P" and MisereGame(0).outcome == "N"


def test_reversible_moves_are_bypassed():
    # {*1, *2}: every option has 0 as an option and *1 is a misère P-position, so it is 0.
    assert MisereGame([1, 2]) == MisereGame(0)
    assert MisereGame([0, 2]) == MisereGame(1)       # CGSuite's own self-test: [0,2] -> *1
    assert MisereGame([1]) == MisereGame(0)          # ... and *[1]'s only option reverses


def test_nim_heaps_are_canonical():
    for n in range(12):
        heap = MisereGame(n)
        assert heap.is_nim_heap and heap.birthday == n
        assert heap.options == tuple(MisereGame(k) for k in range(n))
    assert str(MisereGame(12)) == "*[&12;]"
    assert MisereGame("*[&12;]") == MisereGame(12)


def test_tame_heaps_have_nim_heap_genus():
    assert [str(g) for g in genus_sequence(nim, 5)] == ["0", "1", "2", "3", "4", "5"]
    assert [str(genus(nim(n))) for n in range(3)] == ["0", "1", "2"]


def test_genus_printing():
    assert str(Genus(4, (1, 4, 6))) == "4^146"
    assert str(Genus(3, (1, 12, 3, 12))) == "3^(1,12,3,12)"
    assert Genus.parse("3^(1,12,3,12)").sequence(6) == [1, 12, 3, 12, 3, 12]
    assert Genus.parse("0").misere_nim_value == 1
    assert Genus.parse("1^2").sequence(4) == [2, 0, 2, 0]
    with pytest.raises(GameSyntaxError):
        Genus.parse("4^")


def test_notation_errors_say_what_is_wrong():
    with pytest.raises(GameSyntaxError, match="Invalid misere game specifier"):
        MisereGame('*["foo"]')
    with pytest.raises(GameSyntaxError):
        MisereGame("*[2#")
    with pytest.raises(GameSyntaxError, match="not a part"):
        MisereGame("*[2[#-4]]")
    with pytest.raises(NotSubtractableError):
        MisereGame("*[[2]]").misere_minus(MisereGame(4))


def test_heap_positions_know_their_misere_values():
    position = kayles.heaps(2, 3)
    assert position.misere_nim_value == brute_misere_value((2, 3), "0.77")
    assert position.misere_outcome in "PN"
    assert str(kayles(5).genus) == "4^146"
    parts = misere_canonical_form(kayles(2)) + misere_canonical_form(kayles(3))
    assert position.misere_canonical_form == parts


def test_positions_given_by_a_moves_function():
    def moves(n):           # subtract 1 or 2: misère P-positions are n = 1 (mod 3)
        return [n - k for k in (1, 2) if k <= n]

    assert [misere_outcome(n, moves) for n in range(7)] == ["N", "P", "N", "N", "P", "N", "N"]
    assert misere_nim_value(500, moves) == misere_nim_value(2, moves)


def test_values_pickle_and_hash_by_identity():
    import pickle

    game = MisereGame("*[(2#1)2##]")
    assert pickle.loads(pickle.dumps(game)) is game
    assert len({game, MisereGame("*[[[2]],[[2],1]]")}) == 1


# ---------------------------------------------------------------- the games born by day n
def test_the_numbers_of_misere_games_born_by_each_day_are_conways():
    # Conway, On Numbers and Games, ch. 12: 1, 2, 3, 5, 22 misère games born by days 0 to 4
    assert [len(MisereGame.day_n(n)) for n in range(5)] == [1, 2, 3, 5, 22]


def test_the_games_born_by_a_day_are_the_forms_of_sets_of_earlier_games():
    day3, day4 = MisereGame.day_n(3), MisereGame.day_n(4)
    assert len(set(day4)) == len(day4)
    assert set(day3) <= set(day4)
    assert all(g.birthday <= 4 for g in day4) and max(g.birthday for g in day4) == 4
    assert all(set(g.options) <= set(day3) for g in day4)


def test_day_n_with_at_most_some_options():
    games = MisereGame.day_n(4, max_options=1)
    assert all(len(p.options) <= 1 for g in games for p in [g, *g.options])
    assert len(games) < 22


def test_day_n_refuses_too_many_sets_and_a_bad_day():
    with pytest.raises(GameTooLargeError, match="max_games"):
        MisereGame.day_n(5)
    with pytest.raises(ValueError, match="a day is a non-negative int"):
        MisereGame.day_n(-1)
