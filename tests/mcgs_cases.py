"""MCGS's test cases (tests/data/mcgs_*.json), played on `cgt`'s positions and checked against MCGS's answers.

MCGS (github.com/ualberta-mueller-group/MCGS) writes a case as games (one, or
the parts of a sum) in its own notation, with its answer: who wins with Black
(Left) or White (Right) moving first, a nimber (the impartial variants), or
the set of winning moves in its move notation (cells chess-like, ``b1`` the
second column of the first row; strip cells from 1; ``i:`` the part of a sum),
or a thermograph (each wall's corners, from temperature -1 to the mast).
What is here reads MCGS's game names and notation into `cgt` positions and
games, and checks an answer from the canonical forms: the value ``G`` of the
sum; Black moving first wins iff ``G``'s outcome is L or N, White iff R or N; a
Black move wins iff the sum after it is ``>= 0``, a White move iff ``<= 0``, a
move of an impartial game iff ``== 0``.
"""

import json
from fractions import Fraction
from pathlib import Path

from cgt import Game, nimber, star, up
from cgt.rulesets import Clobber, ElephantsAndRhinos, KingDirt, NoGo, Sheep, impartial_variant

_DATA = Path(__file__).resolve().parent / "data"

_RULESETS = {"nogo": NoGo, "nogo_1xn": NoGo, "sheep": Sheep, "gen_king_dirt": KingDirt}


def mcgs_cases(name):
    """The cases of tests/data/mcgs_<name>.json."""
    return json.loads((_DATA / f"mcgs_{name}.json").read_text())["cases"]


def mcgs_seconds():
    """Case id -> the seconds `agrees` took on it (the pure-Python search, empty tables), or None when it
    took more than the limit of the timing (tests/data/mcgs_seconds.json)."""
    return json.loads((_DATA / "mcgs_seconds.json").read_text())["seconds"]


def part_position(game, position):
    """The `cgt` position of one of MCGS's games of our rulesets (``impartial <game>`` its impartial variant)."""
    base = game.removeprefix("impartial ")
    made = _RULESETS[base](position)
    return impartial_variant(made) if game != base else made


def _numbers(text):
    return [Fraction(x) for x in text.replace(",", " ").split()]


def part_value(game, position):
    """The canonical form of one of MCGS's games: our rulesets', and its simple games met in sums with them."""
    if game.removeprefix("impartial ") in _RULESETS:
        return part_position(game, position).canonical_form
    if game in ("integer_game", "dyadic_rational"):
        (x,) = _numbers(position)
        return Game(x)
    if game == "nimber":
        return nimber(int(position))
    if game == "switch_game":                       # {a | b}
        a, b = _numbers(position)
        return Game([Game(a)], [Game(b)])
    if game == "up_star":                           # n ups, and a star if written
        ups = sum(int(x) for x in position.replace("*", " ").split())
        return ups * up + (star if "*" in position else 0)
    if game == "clobber_1xn":
        return Clobber(position.lower()).canonical_form
    if game == "elephants":                         # MCGS's X moves right, as a toad does
        return ElephantsAndRhinos(position.translate(str.maketrans("XO", "TF"))).canonical_form
    raise ValueError(f"no reading of MCGS's game {game!r}")


def outcome_agrees(case):
    """Whether the canonical forms give MCGS's answer to an "outcome" or "nim" case."""
    total = sum((part_value(p["game"], p["position"]) for p in case["parts"]), Game(0))
    expected = case["expected"]
    if case["kind"] == "nim":
        return total == nimber(expected["N"])
    outcome = total.outcome
    found = {"B": "win" if outcome in "LN" else "loss", "W": "win" if outcome in "RN" else "loss"}
    return all(found[player] == answer for player, answer in expected.items())


# ---------------------------------------------------------------- winning moves
def _cell(r, c):
    return f"{chr(ord('a') + c)}{r + 1}"


def _changes(before, after):
    """The cells that differ between two boards (rows), as ``{(r, c): (old, new)}``."""
    return {(r, c): (old, new) for r, (row1, row2) in enumerate(zip(before, after))
            for c, (old, new) in enumerate(zip(row1, row2)) if old != new}


def _label(game, before, after):
    """MCGS's name of the move from ``before`` to ``after`` (positions of the base ruleset)."""
    base = game.removeprefix("impartial ")
    if base in ("nogo", "nogo_1xn"):
        ((r, c), (_, stone)), = _changes(before.rows, after.rows).items()
        where = str(c + 1) if base == "nogo_1xn" else _cell(r, c)
        return f"{where}_{stone.upper()}"
    if base == "sheep":
        changes = _changes(before.herds, after.herds)
        (start,) = [cell for cell, (old, _) in changes.items() if old != 0]
        (end,) = [cell for cell, (old, _) in changes.items() if old == 0]
        return f"{_cell(*start)}-{_cell(*end)}-{abs(changes[end][1])}"
    if base == "gen_king_dirt":
        changes = _changes(before.rows, after.rows)
        (to, (_, stone)), = [(cell, change) for cell, change in changes.items() if change[1] in "xo"]
        left = [cell for cell, (_, new) in changes.items() if new == "#"]
        return f"{_cell(*left[0])}-{_cell(*to)}" if left else f"{_cell(*to)}_{stone.upper()}"
    raise ValueError(f"no move names for MCGS's game {game!r}")


def winning_moves(parts, player):
    """MCGS's names of the moves of ``player`` ("B", "W", or "N" for an impartial sum) that win."""
    positions = [part_position(p["game"], p["position"]) for p in parts]
    values = [p.canonical_form for p in positions]
    total = sum(values, Game(0))
    out = set()
    for i, (part, position) in enumerate(zip(parts, positions)):
        impartial = part["game"].startswith("impartial ")
        moves = position.right_moves() if player == "W" else position.left_moves()
        for option in moves:
            after = total - values[i] + option.canonical_form
            wins = after == 0 if impartial else after >= 0 if player != "W" else after <= 0
            if wins:
                before, moved = (position.base, option.base) if impartial else (position, option)
                label = _label(part["game"], before, moved)
                out.add(f"{i}:{label}" if len(parts) > 1 else label)
    return out


def winning_moves_agree(case):
    """Whether the canonical forms give MCGS's winning moves for each player it names."""
    return all(winning_moves(case["parts"], player) == set(moves) for player, moves in case["expected"].items())


def thermograph_agrees(case):
    """Whether the thermograph of the canonical form has MCGS's walls: each wall through MCGS's points
    ``(value, temperature)``, from temperature -1 up to where the mast begins, with no corner elsewhere."""
    (part,) = case["parts"]
    thermograph = part_value(part["game"], part["position"]).thermograph
    for side, wall in (("L", thermograph.left_wall), ("R", thermograph.right_wall)):
        points = [(Fraction(x), Fraction(t)) for x, t in case["expected"][side]]
        if any(wall.value_at(t) != x for x, t in points) or wall.mast != points[-1][0]:
            return False
        if not set(wall.critical_points) <= {t for _, t in points}:
            return False
    return True


def agrees(case):
    """Whether `cgt` gives MCGS's answer to ``case`` (any kind)."""
    check = {"winning_moves": winning_moves_agree, "thermograph": thermograph_agrees}.get(case["kind"], outcome_agrees)
    return check(case)
