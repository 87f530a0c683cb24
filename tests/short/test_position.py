"""The position protocol (`cgt.short.position`): every kind of position answers it, and alike."""

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from cgt import Game, GamePosition, ImpartialPosition, nimber
from cgt.errors import LoopyPositionError, NotImpartialError
from cgt.impartial import Spawning, kayles, officers
from cgt.rulesets import Cram, Domineering, FoxAndGeese, Hackenbush, Konane

POSITIONS = {
    "Domineering": Domineering("...|.#.|..."),
    "Konane": Konane("xo.|.ox"),
    "Cram": Cram.empty(2, 3),
    "Hackenbush": Hackenbush.string("BRRB") + Hackenbush.stalks([2]),
    "heaps": kayles.heaps(2, 3, 5),
    "coins": Spawning("1-3").coins("hthth"),
}


@pytest.mark.parametrize("name", sorted(POSITIONS))
def test_every_kind_of_position_is_a_game_position(name):
    assert isinstance(POSITIONS[name], GamePosition)


@pytest.mark.parametrize("name", sorted(POSITIONS))
def test_the_canonical_form_is_the_game_of_the_moves_values(name):
    # The definition: {P^L | P^R} of the options' values.
    position = POSITIONS[name]
    left = [option.canonical_form for option in position.left_moves()]
    right = [option.canonical_form for option in position.right_moves()]
    assert position.canonical_form == Game(left, right)


@pytest.mark.parametrize("name", sorted(POSITIONS))
def test_the_components_sum_to_the_value(name):
    position = POSITIONS[name]
    total = Game(0)
    for component in position.components():
        assert isinstance(component, GamePosition)
        total += component.canonical_form
    assert total == position.canonical_form


@pytest.mark.parametrize("name", sorted(POSITIONS))
def test_a_short_positions_game_value_is_its_canonical_form(name):
    assert POSITIONS[name].game_value() == POSITIONS[name].canonical_form


@pytest.mark.parametrize("name", sorted(POSITIONS))
def test_the_outcome_is_the_canonical_forms(name):
    assert POSITIONS[name].outcome == POSITIONS[name].canonical_form.outcome


@pytest.mark.parametrize("name", ["Cram", "heaps", "coins"])
def test_an_impartial_positions_nim_value_names_its_nimber(name):
    position = POSITIONS[name]
    assert position.canonical_form == nimber(position.nim_value)


@pytest.mark.parametrize("name", ["heaps", "coins"])
def test_an_impartial_position_gives_both_players_its_moves(name):
    position = POSITIONS[name]
    assert isinstance(position, ImpartialPosition)
    assert position.left_moves() == position.right_moves() == position.moves()


@given(st.lists(st.integers(0, 12), max_size=4))
@settings(max_examples=40, deadline=None)
def test_heaps_are_the_sum_of_single_heaps(heaps):
    # Sprague-Grundy: a sum of heaps has the nim-sum of the heaps' values.
    position = officers.heaps(*heaps)
    parts = position.components()
    assert [part.heaps for part in parts] == [(h,) for h in sorted(h for h in heaps if h)]
    assert sum((part.canonical_form for part in parts), Game(0)) == position.canonical_form


def test_a_loopy_positions_game_value_is_its_loopy_value():
    # CGSuite's value of this Fox and Geese position (its FoxAndGeese test): a stopper, not short.
    position = FoxAndGeese([(3, 1), (3, 3), (3, 5), (3, 7)], (1, 1))
    assert str(position.game_value()) == "{6|2over}"
    with pytest.raises(LoopyPositionError, match="game_value"):
        position.canonical_form


def test_a_partizan_position_has_no_nim_value():
    class Switch(GamePosition):
        canonical_form = Game([1], [-1])

    with pytest.raises(NotImpartialError, match="not a nimber"):
        Switch().nim_value


def test_a_position_without_moves_says_what_it_must_define():
    with pytest.raises(NotImplementedError, match="must define left_moves"):
        GamePosition().left_moves()
    with pytest.raises(NotImplementedError, match="must define moves"):
        ImpartialPosition().right_moves()


@pytest.mark.parametrize("position", [kayles.heaps(2, 3), Spawning("1-3").coins("hth"), Hackenbush.string("BR")],
                         ids=["heaps", "coins", "Hackenbush"])
def test_the_old_spelling_value_warns_and_reads_the_canonical_form(position):
    with pytest.warns(DeprecationWarning, match=r"\.value is deprecated, use \.canonical_form"):
        old = position.value
    assert old == position.canonical_form
