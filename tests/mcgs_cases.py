"""MCGS's test cases (tests/data/mcgs_*.json), played on `cgt`'s positions and checked against MCGS's answers.

MCGS (github.com/ualberta-mueller-group/MCGS) writes a case as games (one, or
the parts of a sum) in its own notation, with its answer: who wins with Black
(Left) or White (Right) moving first, a nimber (the impartial variants), or
the set of winning moves in its move notation (cells chess-like, ``b1`` the
second column of the first row; strip cells from 1; ``i:`` the part of a sum),
or a thermograph (each wall's corners, from temperature -1 to the mast).
What is here reads MCGS's game names and notation into `cgt` positions and
games (one reader per game, `READERS`; MCGS's own small games, `SIMPLE_GAMES`,
with MCGS's moves) and checks an answer:

- "outcome": by the search `cgt.solve.outcome` on the sum; the impartial parts
  enter it as their nimbers, and a sum of impartial parts only wins for the
  first player iff its nim-sum is not 0;
- "nim": the nim-sum of the parts' nimbers, each by the search
  `cgt.solve.nim_value` (or MCGS's move rules for its small games);
- "winning_moves" and "thermograph": from the canonical forms: a Black move
  wins iff the sum after it is ``>= 0``, a White move iff ``<= 0``, a move of
  an impartial game iff ``== 0``.
"""

import json
from fractions import Fraction
from functools import cache, reduce
from operator import xor
from pathlib import Path

from cgt import Game, nimber
from cgt.impartial import kayles
from cgt.impartial.grundy import grundy_value
from cgt.rulesets import (Amazons, Clobber, Domineering, ElephantsAndRhinos, Fission, GenClobber, GenToadsAndFrogs,
                          KingDirt, NoGo, Sheep, TopplingDominoes, impartial_variant)
from cgt.solve import nim_value, outcome

_DATA = Path(__file__).resolve().parent / "data"

CannibalClobber = GenClobber(clobbered=({1, 2}, {1, 2}))
"""MCGS's ``cannibal_clobber``: Clobber where a stone may also clobber one of its own player's."""


def mcgs_cases(name):
    """The cases of tests/data/mcgs_<name>.json."""
    return json.loads((_DATA / f"mcgs_{name}.json").read_text())["cases"]


@cache
def mcgs_vectors():
    """Every case of tests/data/mcgs_vectors.json, a duplicate as a copy of its earlier case under its own id."""
    cases = {}
    for case in json.loads((_DATA / "mcgs_vectors.json").read_text())["cases"]:
        cases[case["id"]] = {**cases[case["duplicate_of"]], **case} if "duplicate_of" in case else case
    return list(cases.values())


def mcgs_seconds():
    """Case id -> the seconds `agrees` took on it (the pure-Python search, empty tables), or None when it
    took more than the limit of the timing (tests/data/mcgs_seconds.json)."""
    return json.loads((_DATA / "mcgs_seconds.json").read_text())["seconds"]


# ---------------------------------------------------------------- MCGS's rulesets
def _stones(cls, table=None):
    """A reader of a board whose Black stones MCGS writes ``X`` and White's ``O``: ``cls`` reads it with
    its characters changed by ``table`` (lower case when None)."""
    return (lambda text: cls(text.lower())) if table is None else (lambda text: cls(text.translate(table)))


_TOADS = str.maketrans("XO", "TF")                 # Black's pieces move right, as toads do


def _gen_toads(text):
    """``min_slide,max_slide,max_jump,friendly_jump:board`` (MCGS's gen_toads)."""
    params, board = text.split(":")
    low, high, jump, friendly = (int(x) for x in params.split(","))
    return GenToadsAndFrogs(min_slide=low, max_slide=high, max_jump=jump, allow_friendly_jump=bool(friendly))(
        board.translate(_TOADS))


READERS = {
    "amazons": _stones(Amazons),
    "cannibal_clobber": _stones(CannibalClobber),
    "clobber": _stones(Clobber),
    "clobber_1xn": _stones(Clobber),
    "domineering": Domineering,
    "elephants": _stones(ElephantsAndRhinos, _TOADS),
    "fission": _stones(Fission),
    "gen_king_dirt": KingDirt,
    "gen_toads": _gen_toads,
    "kayles": lambda text: kayles(int(text)),
    "nogo": NoGo,
    "nogo_1xn": NoGo,
    "sheep": Sheep,
    "toppling_dominoes": _stones(TopplingDominoes, str.maketrans("XO#", "lre")),   # '#' green: either player's
}
"""MCGS's game name -> the `cgt` position of a board in MCGS's notation."""

IMPARTIAL = {"kayles", "nimber"}
"""MCGS's games that are impartial without the ``impartial`` prefix."""


# ---------------------------------------------------------------- MCGS's small games, with MCGS's moves
def _numbers(text):
    return tuple(Fraction(x) for x in text.replace(",", " ").split())


def _up_star(text):
    """``n`` ups (negative: downs), and a star if ``*`` is written."""
    return ("up_star", sum(int(x) for x in text.replace("*", " ").split()), "*" in text)


SIMPLE_GAMES = {
    "integer_game": lambda text: ("dyadic_rational", *_numbers(text)),
    "dyadic_rational": lambda text: ("dyadic_rational", *_numbers(text)),
    "switch_game": lambda text: ("switch_game", *_numbers(text)),
    "up_star": _up_star,
    "nimber": lambda text: ("nimber", int(text)),
}
"""MCGS's game name -> its state ``(kind, ...)``, whose moves `simple_options` gives."""


def simple_options(state):
    """The (Black, White) options of one of MCGS's small games, with MCGS's moves: an integer ``n`` moves one
    step to 0 (Black's move when ``n > 0``); another dyadic ``p/2^q`` to ``(p -+ 1)/2^q`` (Black -, White +); a
    switch ``a, b`` to ``a`` (Black) or ``b`` (White); ``n`` ups (and a star) to 0 for the player they favour
    (and to ``*`` from ``↑*`` or ``↓*``), one up fewer with the star flipped for the other; ``*n`` to each
    smaller nimber for both."""
    kind, *data = state
    if kind == "dyadic_rational":
        (x,) = data
        step = Fraction(1, x.denominator)
        black = [("dyadic_rational", x - step)] if x.denominator > 1 or x > 0 else []
        white = [("dyadic_rational", x + step)] if x.denominator > 1 or x < 0 else []
        return black, white
    if kind == "switch_game":
        return [("dyadic_rational", data[0])], [("dyadic_rational", data[1])]
    if kind == "nimber":
        smaller = [("nimber", k) for k in range(data[0])]
        return smaller, smaller
    ups, starred = data
    if ups == 0:
        return ([("up_star", 0, False)],) * 2 if starred else ([], [])
    favoured = [("up_star", 0, False)] + ([("up_star", 0, True)] if abs(ups) == 1 and starred else [])
    other = [("up_star", ups - (1 if ups > 0 else -1), not starred)]
    return (favoured, other) if ups > 0 else (other, favoured)


@cache
def simple_value(state):
    """The value of one of MCGS's small games, from its MCGS moves."""
    black, white = simple_options(state)
    return Game([simple_value(s) for s in black], [simple_value(s) for s in white])


def simple_nim_value(state):
    """The nimber of the impartial variant of one of MCGS's small games (either player makes any MCGS move)."""
    return grundy_value(state, moves=lambda s: [*simple_options(s)[0], *simple_options(s)[1]])


# ---------------------------------------------------------------- parts
def _base(game):
    return game.removeprefix("impartial ")


def is_impartial(game):
    """Whether MCGS's game (a part's name) is impartial."""
    return game != _base(game) or game in IMPARTIAL


def part_position(game, position):
    """The `cgt` position of one of MCGS's games of our rulesets (``impartial <game>`` its impartial variant)."""
    base = _base(game)
    made = READERS[base](position)
    return impartial_variant(made) if game != base and base not in IMPARTIAL else made


def part_nim_value(game, position):
    """The nimber of one of MCGS's impartial games (or impartial variants), by search."""
    base = _base(game)
    if base in SIMPLE_GAMES:
        return simple_nim_value(SIMPLE_GAMES[base](position))
    return nim_value(part_position(game, position))


def part_value(game, position):
    """The canonical form of one of MCGS's games."""
    base = _base(game)
    if base in SIMPLE_GAMES:
        state = SIMPLE_GAMES[base](position)
        return simple_value(state) if game == base else nimber(simple_nim_value(state))
    if base not in READERS:
        raise ValueError(f"no reading of MCGS's game {game!r}")
    return part_position(game, position).canonical_form


def _search_part(part):
    """What `cgt.solve.outcome` takes for a part: an impartial part's nimber, a small game's value, or a position."""
    game, position = part["game"], part["position"]
    if is_impartial(game):
        return nimber(part_nim_value(game, position))
    if _base(game) in SIMPLE_GAMES:
        return part_value(game, position)
    return part_position(game, position)


_FIRST = {"B": "L", "W": "R"}


def found_answer(case, timeout=None):
    """`cgt`'s answer to an "outcome", "nim" or "nim+outcome" case, in MCGS's terms: ``{"N": nimber}`` for a
    nim question, and ``"win"``/``"loss"`` for each player MCGS names moving first."""
    parts, expected = case["parts"], case["expected"]
    found = {}
    if all(is_impartial(p["game"]) for p in parts):
        total = reduce(xor, (part_nim_value(p["game"], p["position"]) for p in parts), 0)
        if "N" in expected:
            found["N"] = total
        found.update({player: "win" if total else "loss" for player in expected if player in _FIRST})
        return found
    if "N" in expected:
        raise ValueError(f"a nim question on a sum with partizan parts ({case['id']})")
    terms = [_search_part(p) for p in parts]
    players = [player for player in expected if player in _FIRST]
    if len(players) == 2:
        won = outcome(*terms, timeout=timeout)
        return {"B": "win" if won in "LN" else "loss", "W": "win" if won in "RN" else "loss"}
    return {player: "win" if outcome(*terms, first=_FIRST[player], timeout=timeout) == _FIRST[player] else "loss"
            for player in players}


def outcome_agrees(case, timeout=None):
    """Whether `cgt` gives MCGS's answer to an "outcome", "nim" or "nim+outcome" case."""
    return found_answer(case, timeout) == case["expected"]


# ---------------------------------------------------------------- winning moves
def _cell(r, c):
    return f"{chr(ord('a') + c)}{r + 1}"


def _changes(before, after):
    """The cells that differ between two boards (rows), as ``{(r, c): (old, new)}``."""
    return {(r, c): (old, new) for r, (row1, row2) in enumerate(zip(before, after))
            for c, (old, new) in enumerate(zip(row1, row2)) if old != new}


def _one(cells, where):
    """The one cell of ``cells`` (a dict cell -> (old, new)) for which ``where(old, new)``."""
    (cell,) = [cell for cell, (old, new) in cells.items() if where(old, new)]
    return cell


def _stone_move(base, before, after):
    """MCGS's names of a stone's move from one cell to a neighbour (Clobber's, Cannibal Clobber's, Elephants'):
    cells chess-like on a board, from 1 on a strip (MCGS's ``_1xn`` games and Elephants)."""
    strip = base in ("clobber_1xn", "elephants")
    rows = ((before.strip,), (after.strip,)) if base == "elephants" else (before.rows, after.rows)
    changes = _changes(*rows)
    (r, c) = _one(changes, lambda old, new: new == ".")
    stone = changes[r, c][0]
    arrived = [cell for cell, (_, new) in changes.items() if new == stone]
    # A stone clobbering one of its own leaves no trace of where it went: each such neighbour is a name.
    height, width = len(rows[1]), len(rows[1][0])
    ends = arrived or [(r + dr, c + dc) for dr, dc in ((0, 1), (0, -1), (1, 0), (-1, 0))
                       if 0 <= r + dr < height and 0 <= c + dc < width and rows[1][r + dr][c + dc] == stone]
    name = (lambda cell: str(cell[1] + 1)) if strip else (lambda cell: _cell(*cell))
    return {f"{name((r, c))}-{name(end)}" for end in ends}


def _toppling(before, after, player):
    """MCGS's names of a toppling: the domino (from 1) and its direction ``L`` or ``R``; a move knocking down
    the whole row is named from each end whose domino ``player`` may topple ("N": any)."""
    fallen = [i for i, (old, new) in enumerate(zip(before.strip, after.strip)) if old != new]
    mine = {"B": "le", "W": "re"}.get(player, "lre")
    names = set()
    if fallen[0] == 0 and before.strip[fallen[-1]] in mine:
        names.add(f"{fallen[-1] + 1}L")
    if fallen[-1] == len(before.strip) - 1 and before.strip[fallen[0]] in mine:
        names.add(f"{fallen[0] + 1}R")
    return names


def _labels(game, before, after, player):
    """MCGS's names of the move of ``player`` from ``before`` to ``after`` (positions of the base ruleset): one
    name, or several when moves MCGS tells apart reach the same position."""
    base = game.removeprefix("impartial ")
    if base in ("clobber", "clobber_1xn", "cannibal_clobber", "elephants"):
        return _stone_move(base, before, after)
    if base == "toppling_dominoes":
        return _toppling(before, after, player)
    changes = _changes(before.rows, after.rows) if base != "sheep" else _changes(before.herds, after.herds)
    if base in ("nogo", "nogo_1xn"):
        ((r, c), (_, stone)), = changes.items()
        where = str(c + 1) if base == "nogo_1xn" else _cell(r, c)
        return {f"{where}_{stone.upper()}"}
    if base == "domineering":
        return {"-".join(_cell(*cell) for cell in sorted(changes))}
    if base == "amazons":
        start = _one(changes, lambda old, new: old in "xo")
        end = _one(changes, lambda old, new: new in "xo")
        arrow = _one(changes, lambda old, new: new == "#")
        return {f"{_cell(*start)}-{_cell(*end)}-{_cell(*arrow)}"}
    if base == "fission":
        (r, c) = _one(changes, lambda old, new: new == ".")
        split = {column for _, column in changes}
        return {f"{_cell(r, c)}_{'V' if len(split) == 1 else 'H'}"}
    if base == "sheep":
        start = _one(changes, lambda old, new: old != 0)
        end = _one(changes, lambda old, new: old == 0)
        return {f"{_cell(*start)}-{_cell(*end)}-{abs(changes[end][1])}"}
    if base == "gen_king_dirt":
        (to, (_, stone)), = [(cell, change) for cell, change in changes.items() if change[1] in "xo"]
        left = [cell for cell, (_, new) in changes.items() if new == "#"]
        return {f"{_cell(*left[0])}-{_cell(*to)}" if left else f"{_cell(*to)}_{stone.upper()}"}
    raise ValueError(f"no move names for MCGS's game {game!r}")


_MOVE_NAMES = {"clobber", "clobber_1xn", "cannibal_clobber", "elephants", "toppling_dominoes", "nogo", "nogo_1xn",
               "domineering", "amazons", "fission", "sheep", "gen_king_dirt"}
"""MCGS's games whose move names `_labels` gives."""


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
                out.update(f"{i}:{label}" if len(parts) > 1 else label
                           for label in _labels(part["game"], before, moved, "N" if impartial else player))
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


def skip_reason(case):
    """Why ``case`` cannot be checked here (None when it can): no answer recorded, or a game or move notation
    not read here."""
    if case["kind"] in ("outcome", "nim", "nim+outcome") and None in case["expected"].values():
        return "MCGS records no answer"
    games = {_base(p["game"]) for p in case["parts"]}
    unread = sorted(games - READERS.keys() - SIMPLE_GAMES.keys())
    if unread:
        return f"no reading of MCGS's game {unread[0]!r}"
    unnamed = sorted(games - _MOVE_NAMES)
    if case["kind"] == "winning_moves" and unnamed:
        return f"no MCGS move names for {unnamed[0]!r}"
    return None


def agrees(case):
    """Whether `cgt` gives MCGS's answer to ``case`` (any kind)."""
    check = {"winning_moves": winning_moves_agree, "thermograph": thermograph_agrees}.get(case["kind"], outcome_agrees)
    return check(case)
