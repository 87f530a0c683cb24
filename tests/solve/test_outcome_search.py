"""cgt.solve.outcome: who wins by search, checked against the canonical form (which the engine
computes by another road), CGSuite's answers (through MCGS's test cases) and the definition."""

import _thread
import json
import sys
import threading
import time
from fractions import Fraction
from pathlib import Path

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from cgt import LIMITS, Game, engine, nimber, number, star, switch, up
from cgt.errors import SearchTimeoutError
from cgt.rulesets import (Amazons, AntiClobber, BackslidingToadsAndFrogs, Clobber, Col, Cram, Cutcake,
                          Domineering, ElephantsAndRhinos, Fission, GenClobber, HotClobber, KingDirt, Kings, Konane,
                          LoopyPositionError, NoGo, PartizanSubtraction, Position, Quelhas, Sheep, SkiJumps, Snort,
                          ToadsAndFrogs, TopplingDominoes, impartial_variant)
from cgt.solve import outcome

# The module, not the function `cgt.solve.outcome` that shadows it as an attribute of the package.
search = sys.modules["cgt.solve.outcome"]

compiled = pytest.mark.skipif(engine.ENGINE != "compiled", reason="the compiled search needs the compiled engine")

REFERENCES = json.loads((Path(__file__).parents[1] / "data" / "outcome_references.json").read_text())["cases"]
CLASSES = {(True, True): "N", (True, False): "L", (False, True): "R", (False, False): "P"}


def form_outcome(*positions):
    """The outcome class of the sum, from the canonical forms: another road to the same answer."""
    return sum((p.canonical_form for p in positions), Game(0)).outcome


def python_outcome(*positions, cheap_moves=search.PYTHON_CHEAP_MOVES):
    """The outcome class by the Python search, whatever the compiled core has."""
    twin = search._Search(cheap_moves=cheap_moves)
    node = twin.node([c for p in positions for c in p.components()], engine.ZERO)
    return CLASSES[twin.wins(node, "L"), twin.wins(node, "R")]


def compiled_outcome(*positions, cheap_moves):
    """The outcome class by the compiled search, components with at most ``cheap_moves`` moves known."""
    families = [search._family(c) for p in positions for c in p.components()]
    if not families:
        return "P"
    handle, impartial = families[0][0]
    core = search.OutcomeSearch(handle, 1 << 16, cheap_moves, search.CHEAP_STEPS, impartial)
    rows = [found[1] for found in families]
    return CLASSES[core.wins(rows, engine.ZERO, True), core.wins(rows, engine.ZERO, False)]


def boards(ruleset, symbols, height, width):
    """Boards of ``ruleset`` of up to ``height`` x ``width`` cells drawn from ``symbols``."""
    return st.integers(1, height).flatmap(lambda h: st.integers(1, width).flatmap(lambda w: st.lists(
        st.text(symbols, min_size=w, max_size=w), min_size=h, max_size=h))).map(lambda rows: ruleset("|".join(rows)))


def _breathing_nogo(text):
    """The NoGo board ``text``, or None when some group on it has no liberty (not a NoGo position)."""
    try:
        return NoGo(text)
    except ValueError:
        return None


def sums(positions, most=3):
    return st.lists(positions, min_size=1, max_size=most)


GRIDS = {
    "Clobber": boards(Clobber, "xo.", 3, 4),
    "Kings": boards(Kings, "xo..", 3, 3),
    "AntiClobber": boards(AntiClobber, "xo..", 2, 3),
    "Domineering": boards(Domineering, "....#", 4, 5),
    "Cram": boards(Cram, "...#", 3, 4),
    "Konane": boards(Konane, "xo.", 3, 4),
    "Amazons": boards(Amazons, "xo.....#", 3, 3),
    "Fission": boards(Fission, "x...#", 3, 4),
    "NoGo": boards(_breathing_nogo, "xo...#", 3, 3).filter(lambda position: position is not None),
    "KingDirt": boards(KingDirt, "xo...#", 3, 3),
    "Quelhas": boards(Quelhas, "....#", 3, 4),
    "SkiJumps": boards(SkiJumps, "....LlRr", 3, 4),
    # Rows: a sum of rows of the Clobber family values more of its components (`search._ROW_CHEAP_MOVES`).
    "Clobber rows": st.text("xxoo.", min_size=1, max_size=12).map(Clobber),
    "Cannibal Clobber rows": st.text("xxoo.", min_size=1, max_size=12).map(GenClobber(clobbered=({1, 2}, {1, 2}))),
    "ToadsAndFrogs": st.text("TF..", min_size=1, max_size=9).map(ToadsAndFrogs),
    "ElephantsAndRhinos": st.text("TF..", min_size=1, max_size=9).map(ElephantsAndRhinos),
    "TopplingDominoes": st.text("lre.", min_size=1, max_size=7).map(TopplingDominoes),
    "Sheep": st.integers(1, 2).flatmap(lambda h: st.integers(1, 3).flatmap(lambda w: st.lists(
        st.lists(st.sampled_from([0, 0, 0, 1, 2, 3, 4, -1, -2, -3, -4]), min_size=w, max_size=w),
        min_size=h, max_size=h))).map(lambda rows: Sheep(" | ".join(", ".join(map(str, row)) for row in rows))),
}


# ---------------------------------------------------------------- the canonical form, by another road
@compiled
@pytest.mark.parametrize("ruleset", sorted(GRIDS))
@settings(max_examples=60)
@given(data=st.data())
def test_the_compiled_search_agrees_with_the_canonical_form(ruleset, data):
    positions = data.draw(sums(GRIDS[ruleset]))
    expected = form_outcome(*positions)
    assert outcome(*positions) == expected
    # With no component known but those of no moves: the search alone.
    assert compiled_outcome(*positions, cheap_moves=0) == expected


@pytest.mark.parametrize("ruleset", ["Clobber", "Domineering", "Cram", "Konane", "Fission", "NoGo", "KingDirt",
                                     "Quelhas", "SkiJumps", "ToadsAndFrogs", "TopplingDominoes"])
@settings(max_examples=20)
@given(data=st.data())
def test_the_python_search_agrees_with_the_canonical_form(ruleset, data):
    positions = data.draw(sums(GRIDS[ruleset], most=2))
    assert python_outcome(*positions, cheap_moves=0) == form_outcome(*positions)


@settings(max_examples=6)
@given(sums(boards(Amazons, "xo....#", 2, 3), most=2))
def test_the_python_search_of_amazons_agrees_with_the_canonical_form(positions):
    assert python_outcome(*positions) == form_outcome(*positions)


@settings(max_examples=20)
@given(GRIDS["Clobber"], GRIDS["Domineering"], GRIDS["ToadsAndFrogs"], st.sampled_from([0, 1, -1, star, up, switch(1)]))
def test_a_sum_of_several_rulesets_and_games_is_the_sum_of_their_values(clobber, domineering, toads, game):
    expected = (clobber.canonical_form + domineering.canonical_form + toads.canonical_form + game).outcome
    assert outcome(clobber, domineering, toads, game) == expected


@compiled
@settings(max_examples=25)
@given(sums(GRIDS["Clobber"], most=2), st.sampled_from([0, 1, -1, star, up, switch(1), number(Fraction(1, 2))]))
def test_games_added_to_a_compiled_sum_are_its_known_part(positions, game):
    assert outcome(*positions, game) == (sum((p.canonical_form for p in positions), Game(0)) + game).outcome


@compiled
def test_a_sheep_herd_past_a_signed_byte_is_searched_in_python():
    big = Sheep("200, 0 | -2, 0")
    assert search._family(big) is None
    assert search._family(Sheep("127, 0 | -2, 0")) is not None
    assert outcome(big) == form_outcome(big)


def test_winner_and_outcome_by_search_are_the_outcome_class():
    # Domineering 2x3 (three rows of two) is {1/2|-2}: whoever starts wins (Winning Ways).
    position = Domineering("..|..|..")
    assert (position.winner("L"), position.winner("R"), position.outcome_by_search()) == ("L", "R", "N")
    assert outcome(position, first="left") == "L" and outcome(position, first="right") == "R"


# ---------------------------------------------------------------- G + (-G) = 0
_SWAP = str.maketrans("xo", "ox")


@compiled
@settings(max_examples=30)
@given(GRIDS["Clobber"])
def test_a_clobber_board_and_its_colours_swapped_cancel(position):
    # Swapping the colours is the negative: G + (-G) = 0, a second-player win.
    negative = Clobber(position.board.translate(_SWAP))
    assert outcome(position, negative) == "P"
    assert compiled_outcome(position, negative, cheap_moves=0) == "P"


@compiled
@settings(max_examples=30)
@given(GRIDS["Domineering"])
def test_a_domineering_board_and_its_transpose_cancel(position):
    transpose = Domineering("|".join("".join(column) for column in zip(*position.rows)))
    assert compiled_outcome(position, transpose, cheap_moves=0) == "P"


@settings(max_examples=20)
@given(GRIDS["Konane"])
def test_a_position_and_its_negative_cancel_in_python(position):
    assert python_outcome(position, -position, cheap_moves=0) == "P"


@compiled
@settings(max_examples=20)
@given(GRIDS["Cram"])
def test_two_equal_impartial_components_cancel(position):
    assert compiled_outcome(position, position, cheap_moves=0) == "P"
    assert python_outcome(position, position, cheap_moves=0) == "P"


# ---------------------------------------------------------------- positions searched in Python only
class Pile(Position):
    """n counters: Left takes one or two, Right takes one (the `Position` doctest; Pile(n) is ^, ^^*, ^3, ...)."""

    def __init__(self, n):
        self.n = n

    def left_moves(self):
        return [Pile(self.n - k) for k in (1, 2) if k <= self.n]

    def right_moves(self):
        return [Pile(self.n - 1)] if self.n else []

    @property
    def key(self):
        return self.n


@settings(max_examples=20)
@given(st.lists(st.sampled_from([Snort.path(3), Snort.path(5), Col.cycle(5), Col.path(6), Cutcake(2, 3),
                                 Cutcake(3, 5), PartizanSubtraction([1, 2], [1, 3])(7), Pile(4), Pile(9)]),
                min_size=1, max_size=3))
def test_rulesets_without_a_compiled_outcome_search_agree_with_the_canonical_form(positions):
    assert outcome(*positions) == form_outcome(*positions)
    assert python_outcome(*positions, cheap_moves=0) == form_outcome(*positions)


def test_a_deep_game_is_searched_without_recursion():
    # Pile(n) is positive for n >= 1 (it is ^, ^^*, ...: Left wins, Right moving first loses).
    assert python_outcome(Pile(3000), cheap_moves=0) == "L"


# ---------------------------------------------------------------- CGSuite's answers, through MCGS's test cases
def _part(game, text):
    """A part of MCGS's sums of basic games as a Game."""
    if game == "integer_game" or game == "dyadic_rational":
        return number(Fraction(text))
    if game == "nimber":
        return nimber(int(text))
    if game == "switch_game":
        left, right = (number(Fraction(x)) for x in text.split(","))
        return Game(f"{{{left}|{right}}}")
    ups, _, starred = text.partition("*")
    return int(ups) * up + (star if starred or text.strip().endswith("*") else 0)


def _position(case):
    if case["game"] == "mixed":
        return [_part(p["game"], p["position"]) for p in case["sum"]]
    ruleset = {"domineering": Domineering, "clobber": Clobber, "amazons": Amazons}[case["game"]]
    return [ruleset(case["position"].lower())]


@pytest.mark.parametrize("case", REFERENCES, ids=[case["id"].split("/")[-1] for case in REFERENCES])
def test_cgsuites_answers_in_mcgss_cases(case):
    positions = _position(case)
    for side, expected in case["expected"].items():
        first = "L" if side == "B" else "R"
        assert (outcome(*positions, first=first) == first) == (expected == "win"), side


def test_textbook_facts():
    # Winning Ways: a vertical domino is 1 (Left's), a horizontal one -1; 2x2 Domineering is ±1.
    assert outcome(Domineering(".|.")) == "L" and outcome(Domineering("..")) == "R"
    assert outcome(Domineering("..|..")) == "N" and outcome(Domineering(".|."), Domineering("..")) == "P"
    # Clobber "xo" is *, and * + * = 0.
    assert outcome(Clobber("xo")) == "N" and outcome(Clobber("xo"), Clobber("ox")) == "P"
    # Cram even-by-even boards are 0 (the mirror strategy), 2x3 is *.
    assert outcome(Cram.empty(4, 4)) == "P" and outcome(Cram.empty(2, 3)) == "N"
    # 0 is a second-player win; an empty sum is 0.
    assert outcome() == "P" and outcome(0) == "P" and outcome(Game("{1|-1}")) == "N"


# ---------------------------------------------------------------- budgets
@compiled
def test_a_time_budget_spent_is_a_clear_error_not_a_wrong_answer():
    hard = Clobber("xoxox|oxoxo|xoxox|oxoxo|xoxox")
    start = time.perf_counter()
    with pytest.raises(SearchTimeoutError, match="time budget of 0.2 s") as caught:
        outcome(hard, first="L", timeout=0.2)
    assert time.perf_counter() - start < 1.5
    assert caught.value.seconds == 0.2 and caught.value.winners == {}
    assert isinstance(caught.value, TimeoutError)


def test_the_python_search_keeps_its_time_budget():
    start = time.perf_counter()
    with pytest.raises(SearchTimeoutError):
        outcome(Snort.path(30), Col.path(30), timeout=0.3)
    assert time.perf_counter() - start < 2


def test_a_timeout_after_one_side_says_which_side_was_settled(monkeypatch):
    real = search._Search.wins
    calls = []

    def second_times_out(self, node, player, deadline=None):
        calls.append(player)
        return real(self, node, player) if len(calls) == 1 else None

    monkeypatch.setattr(search._Search, "wins", second_times_out)
    with pytest.raises(SearchTimeoutError, match="moving first, L wins") as caught:
        outcome(Snort.path(4), timeout=10)
    assert caught.value.winners == {"L": "L"}


@pytest.mark.parametrize("route", ["compiled", "python"])
def test_a_tiny_table_gives_the_same_answers(route):
    LIMITS.max_outcome_table = 2
    try:
        for board in ["xoxo|oxox|xoxo", "xxo|oxo|xox", "xo.ox|ox.xo"]:
            got = outcome(Clobber(board)) if route == "compiled" else python_outcome(Clobber(board), cheap_moves=0)
            assert got == Clobber(board).canonical_form.outcome
    finally:
        del LIMITS.max_outcome_table


# ---------------------------------------------------------------- bad input
@pytest.mark.parametrize(("first", "message"), [("X", "first is 'L' or 'R'"), (1, "first is 'L' or 'R'")])
def test_an_unknown_first_player_is_refused(first, message):
    with pytest.raises(ValueError, match=message):
        outcome(Clobber("xo"), first=first)


@pytest.mark.parametrize("timeout", [-1, float("nan"), float("inf"), "5", True])
def test_a_bad_timeout_is_refused(timeout):
    with pytest.raises(ValueError, match="timeout is a finite number of seconds"):
        outcome(Clobber("xo"), timeout=timeout)


def test_what_is_not_a_position_is_refused():
    with pytest.raises(TypeError, match="cannot combine a position with str"):
        outcome("xo|ox")


def test_a_loopy_position_is_refused_not_searched_forever():
    # Two toads and two frogs that may slide back shuffle forever (the value is *, a loopy form).
    position = BackslidingToadsAndFrogs("TT..FF")
    with pytest.raises(LoopyPositionError, match="not a short game"):
        outcome(position)
    with pytest.raises(LoopyPositionError, match="not a short game"):
        python_outcome(position, cheap_moves=0)


@pytest.mark.parametrize("position", [BackslidingToadsAndFrogs("T.F"), BackslidingToadsAndFrogs("TT.F"),
                                      GenClobber(clobbered=({0}, {0}))("x..o")])
def test_a_loopy_position_settled_by_finite_lines_has_the_outcome_of_its_loopy_value(position):
    # A search that settles the question before it meets a loop has found a forced win in
    # finitely many moves: the outcome of the value `game_value` finds (T.F: 0, TT.F: on).
    expected = position.game_value().outcome
    for search_of in (outcome, lambda p: python_outcome(p, cheap_moves=0)):
        try:
            assert search_of(position) == expected
        except LoopyPositionError:
            pass


def test_an_impartial_variant_is_searched_as_any_position():
    position = impartial_variant(Clobber("xoxo|ox.."))
    assert outcome(position) == ("N" if position.nim_value else "P")


@settings(max_examples=40, deadline=None)
@given(sums(GRIDS["Cram"]), st.integers(0, 3))
def test_a_sum_of_cram_boards_and_a_nimber_asked_of_the_nimber_search_has_the_outcome_of_its_form(positions, n):
    assert isinstance(search._searcher([*positions, nimber(n)], None, None, 1.0), search._ImpartialRoot)
    assert outcome(*positions, nimber(n)) == (sum((p.canonical_form for p in positions), nimber(n))).outcome


def test_a_sum_of_cram_boards_is_a_second_player_win_iff_its_nim_sum_is_zero():
    # Beling's table: 4x7 is *3, 5x7 *1, 4x5 *2; 3x8 is *3 by the definition (tests/data/cram_nimbers.json).
    assert outcome(Cram.empty(4, 7), Cram.empty(3, 8)) == "P"
    assert outcome(Cram.empty(5, 7), Cram.empty(4, 5)) == "N"
    assert outcome(Cram.empty(5, 7), nimber(1), 0) == "P" and outcome(Cram.empty(4, 5), star) == "N"


@compiled
def test_an_odd_by_even_cram_board_is_a_first_player_win_by_the_theorem_within_a_short_budget():
    # Take the two central cells, then answer each move with its half-turn image.  Its nimber
    # (7x8 is *3, Beling) takes days to find: a search that needed it would spend the budget.
    assert outcome(Cram.empty(7, 8), timeout=10) == "N"
    assert outcome(Cram.empty(7, 8), nimber(0), timeout=10) == "N"
    assert outcome(Cram.empty(5, 10), first="R", timeout=10) == "R"


def test_an_impartial_component_joins_the_sum_as_its_nimber():
    # A row of 300 stones: far past what a search of moves could settle, answered by its nimber.
    row = impartial_variant(HotClobber("x" * 300))
    n = row.nim_value
    assert outcome(row, nimber(n)) == "P"
    assert outcome(row, nimber(n ^ 1), Domineering(".|.")) == "L"


def test_the_time_budget_holds_while_an_impartial_components_nimber_is_searched():
    with pytest.raises(SearchTimeoutError):
        outcome(impartial_variant(Clobber("xoxox|oxoxo|xoxox|oxoxo|xoxox")), timeout=0.2)


# ---------------------------------------------------------------- long searches
@compiled
def test_an_interrupted_search_stops_within_a_second_and_the_next_one_is_right():
    timer = threading.Timer(0.3, _thread.interrupt_main)
    timer.start()
    start = time.perf_counter()
    with pytest.raises(KeyboardInterrupt):
        outcome(Clobber("xoxox|oxoxo|xoxox|oxoxo|xoxox"))
        timer.join()
        time.sleep(2)
    assert time.perf_counter() - start < 1.5
    assert outcome(Domineering.empty(5, 6), first="R") == "R"


@compiled
def test_progress_is_reported_while_searching():
    seen = []
    outcome(Domineering.empty(5, 7), progress=lambda *numbers: seen.append(numbers), progress_every=0)
    assert seen and all(len(numbers) == 3 for numbers in seen)


@compiled
def test_a_sum_of_impartial_positions_reports_the_nimber_searchs_progress_as_three_numbers():
    seen = []
    assert outcome(Cram.empty(5, 7), progress=lambda *numbers: seen.append(numbers), progress_every=0) == "N"
    assert seen and all(len(numbers) == 3 for numbers in seen)


def test_the_python_search_reports_progress_too():
    seen = []
    outcome(Snort.path(12), Col.path(9), progress=lambda *numbers: seen.append(numbers), progress_every=0)
    assert seen and all(len(numbers) == 3 for numbers in seen)


def test_progress_true_prints_on_stderr(capsys):
    outcome(Snort.path(12), Col.path(9), progress=True, progress_every=0)
    assert "positions searched" in capsys.readouterr().err
