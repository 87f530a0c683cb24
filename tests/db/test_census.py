"""Census data of a value: kinds by their definitions, facts of boards from CGSuite and brute force."""

import importlib.metadata
from pathlib import Path

import pytest

import reference
from cgt import parse
from cgt.db import census
from cgt.db.census import KINDS, RULESETS, cgt_version, kind, value_facts
from cgt.db.enumerate import DIHEDRAL, MIRRORS
from cgt.rulesets import Cram, Domineering


@pytest.mark.parametrize("notation, expected", [
    ("0", "integer"), ("-5", "integer"), ("3/8", "number"), ("-1/2", "number"),
    ("*", "nimber"), ("*3", "nimber"), ("1*", "number+nimber"), ("-3/2*2", "number+nimber"),
    ("^", "up multiple"), ("v*", "up multiple"), ("^^*3", "up multiple"), ("1/2v", "up multiple"),
    ("Tiny(1)", "tiny/miny"), ("Miny(2)", "tiny/miny"), ("{0||0|-1}", "tiny/miny"), ("1+Tiny(2)", "tiny/miny"),
    # {0,*|0,*} = *2 and {0|^} = ^^* (Winning Ways); ^<2> is no multiple of ^
    ("^<2>", "infinitesimal"), ("{0,*|0,*}", "nimber"), ("{0|^}", "up multiple"), ("{1|^^||^}", "infinitesimal"), ("1+^<3>*", "infinitesimal"),
    ("+-1", "switch"), ("{3|1}", "switch"), ("{1/2|-2}", "switch"),
    ("{2|0||-1}", "hot"), ("+-1 + +-2", "hot"), ("{1|*}", "hot"),
])
def test_kind_follows_the_definitions(notation, expected):
    assert kind(parse(notation)) == expected


def test_kinds_are_listed():
    assert set(KINDS) == {"integer", "number", "nimber", "number+nimber", "up multiple", "tiny/miny",
                          "infinitesimal", "switch", "hot"}


def test_rulesets_registry():
    assert RULESETS == {"domineering": (Domineering, MIRRORS), "cram": (Cram, DIHEDRAL)}


# (board, notation, kind, outcome, mean, temperature, left stop, right stop, birthday, atomic weight)
FACTS = [
    # cgt.rulesets.domineering's docstring (CGSuite): .|. = 1, .. = -1, the 2x2 square +-1, 3x2 {1/2|-2}
    (".|.", ("1", "integer", "L", "1", "-1", "1", "1", 1, None)),
    ("..", ("-1", "integer", "R", "-1", "-1", "-1", "-1", 1, None)),
    ("..|..", ("+-1", "switch", "N", "0", "1", "1", "-1", 2, None)),
    ("..|..|..", ("{1/2|-2}", "switch", "N", "-3/4", "5/4", "1/2", "-2", 3, None)),
    # an L tromino: each player has one move, to a single cell (0), so it is {0|0} = *; aw(*) = 0
    ("#.|..", ("*", "nimber", "N", "0", "0", "0", "0", 1, "0")),
]


@pytest.mark.parametrize("board, facts", FACTS)
def test_domineering_facts(board, facts):
    assert value_facts(Domineering(board).canonical_form) == facts


# Cram by hand from the definition: a domino has one move for each, to nothing: {0|0} = *;
# a 2x2 square leaves a domino whatever the move: {*|*} = 0; a 1x4 strip leaves a domino or
# two single cells: {0,*|0,*} = *2.
@pytest.mark.parametrize("board, notation, outcome", [
    ("..", "*", "N"), ("...", "*", "N"), ("..|..", "0", "P"), ("....", "*2", "N"),
    (".........|##.######", "*4", "N"),         # cgt.rulesets.domineering's docstring
])
def test_cram_facts(board, notation, outcome):
    facts = value_facts(Cram(board).canonical_form)
    assert facts[:3] == (notation, "integer" if notation == "0" else "nimber", outcome)


@pytest.mark.parametrize("board, facts", FACTS)
def test_domineering_facts_agree_with_the_definition(board, facts):
    notation, outcome = facts[0], facts[2]
    tree = reference.domineering(reference.board_cells(board))
    assert reference.eq(tree, reference.from_game(parse(notation)))
    is_positive_or_zero = reference.le(reference.ZERO, tree)
    is_negative_or_zero = reference.le(tree, reference.ZERO)
    assert outcome == {(True, True): "P", (True, False): "L", (False, True): "R",
                       (False, False): "N"}[is_positive_or_zero, is_negative_or_zero]


def test_cgt_version_is_the_source_trees_when_the_package_is_not_installed(monkeypatch):
    tomllib = pytest.importorskip("tomllib")
    root = Path(census.__file__).resolve().parents[2]
    if not (root / "pyproject.toml").is_file():
        pytest.skip("cgt runs from an installed package, not from a source tree")
    with open(root / "pyproject.toml", "rb") as handle:
        expected = tomllib.load(handle)["project"]["version"]

    def not_installed(name):
        raise importlib.metadata.PackageNotFoundError(name)

    monkeypatch.setattr(importlib.metadata, "version", not_installed)
    assert cgt_version() == expected


# Findings of the 16-cell census, checked here from the definition: the up multiples beyond
# ^^ are ^3* and v3* from 15 cells (14 boards there), and ^3 and v3 from 16 (the size 1 + 5n
# of Uiterwijk and Barton's n.^ construction); temperature 2 is reached by one board of 14
# cells, +-(2*) (as they found), and four of 16, none hotter.
@pytest.mark.parametrize("board, notation", [
    ("##.|...|#.#|#..|..#|#.#|#..|..#|#.#", "^3*"),
    ("##.##.#.#|........#|#.##.##..", "v3*"),
    ("#######.#|##.##....|.....#.##|#.##...##", "v3"),
    ("###..|#...#|#....|...##|.#.##", "+-(2*)"),
    ("####.#.|####...|##....#|###...#|....###", "{1*|-3*}"),
])
def test_census_findings_agree_with_the_definition(board, notation):
    assert reference.eq(reference.domineering(reference.board_cells(board)), reference.from_game(parse(notation)))
    assert str(Domineering(board).canonical_form) == notation
