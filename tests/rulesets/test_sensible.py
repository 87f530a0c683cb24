"""Sensible options and sensible lines (`cgt.rulesets.sensible`) against their definition.

The model of ``tests/reference.py`` computes, from the rules alone, the value
``K`` of a position, its canonical options ``K^L`` and, for each, the moves
whose value is at least ``K^L`` (at most ``K^R`` for Right): the sensible
moves by Siegel's definition (CGSuite's ``SensibleOptions``).
"""

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

import reference
from cgt import Hackenbush
from cgt.rulesets import Clobber, Domineering

CLOBBER_MOVES = reference.gen_clobber_moves(((1, 0), (-1, 0), (0, 1), (0, -1)), ("o", "x"), "..", 1)


def domineering_moves(cells, player):
    dr, dc = (1, 0) if player == "L" else (0, 1)
    return [cells - {(r, c), (r + dr, c + dc)} for r, c in cells if (r + dr, c + dc) in cells]


def boards(symbols, max_cells):
    return st.integers(1, 3).flatmap(
        lambda rows: st.integers(1, max_cells // rows).flatmap(
            lambda width: st.lists(st.sampled_from(symbols), min_size=rows * width, max_size=rows * width)
            .map(lambda cells: "|".join("".join(cells[i:i + width]) for i in range(0, len(cells), width)))))


def _clobber_model(position):
    return tuple(position.rows)


def _domineering_model(position):
    return reference.board_cells(position.board)


RULESETS = [(Clobber, ".xo", _clobber_model, CLOBBER_MOVES), (Domineering, ".#", _domineering_model,
                                                               domineering_moves)]


def check_sensible_options(position, model, moves, player):
    definition = reference.sensible_options(model(position), moves, player)
    found = position.sensible_left_options if player == "L" else position.sensible_right_options
    assert len(found) == len(definition)
    # one move per canonical option, each among that option's sensible moves, the first in move order
    options = position.left_moves() if player == "L" else position.right_moves()
    for move in found:
        assert any(model(move) in sensible for sensible in definition.values())
    for target, sensible in definition.items():
        assert any(model(move) in sensible for move in found)
        first = next(move for move in options if model(move) in sensible)
        assert model(first) in {model(move) for move in found}


@settings(max_examples=80, deadline=None)
@given(st.sampled_from(RULESETS).flatmap(lambda r: st.tuples(st.just(r), boards(r[1], 8))),
       st.sampled_from("LR"))
def test_sensible_options_are_the_first_moves_at_least_each_canonical_option(ruleset_board, player):
    (ruleset, _, model, moves), board = ruleset_board
    check_sensible_options(ruleset(board), model, moves, player)


@settings(max_examples=60, deadline=None)
@given(st.sampled_from(RULESETS).flatmap(lambda r: st.tuples(st.just(r), boards(r[1], 8))),
       st.sampled_from("LR"))
def test_sensible_lines_alternate_reversing_answers_and_end_at_a_canonical_option(ruleset_board, player):
    (ruleset, _, model, moves), board = ruleset_board
    position = ruleset(board)
    value = reference.ruleset_value(model(position), moves)
    side = 0 if player == "L" else 1
    other = "R" if player == "L" else "L"
    lines = position.sensible_lines(player)
    assert len(lines) == len(value[side])
    ends = set()
    for line in lines:
        target = reference.ruleset_value(model(line[-1]), moves)
        assert target in value[side]
        ends.add(target)
        current = model(position)
        for k, step in enumerate(line):
            step_value = reference.ruleset_value(model(step), moves)
            assert model(step) in moves(current, player if k % 2 == 0 else other)
            if k % 2 == 0:      # the player's move: at least the canonical option it heads for
                assert reference.le(target, step_value) if side == 0 else reference.le(step_value, target)
            else:               # the reversing answer: at least as good for the opponent as the position
                assert reference.le(step_value, value) if side == 0 else reference.le(value, step_value)
            current = model(step)
        assert len(line) % 2 == 1
    assert ends == set(value[side])


def test_a_position_without_reversible_moves_has_its_undominated_moves_as_sensible_options():
    # Domineering on a 2x2 board is +-1: Left's two moves are both worth 1, the first is sensible
    assert Domineering("..|..").sensible_left_options == (Domineering("#.|#."),)
    assert Domineering("..|..").sensible_lines("left") == ((Domineering("#.|#."),),)


def test_sensible_options_of_a_hackenbush_picture():
    # BRB is 3/4 = {1/2 | 1}: Left cuts the top edge (to BR, 1/2) or the bottom one (to 0); Right cuts R (to B, 1)
    picture = Hackenbush.string("BRB")
    assert [str(p.canonical_form) for p in picture.sensible_left_options] == ["1/2"]
    assert [str(p.canonical_form) for p in picture.sensible_right_options] == ["1"]


def test_a_player_is_left_or_right():
    with pytest.raises(ValueError, match="a player is 'L' \\(Left\\) or 'R' \\(Right\\), not 'up'"):
        Domineering("..").sensible_lines("up")
