"""Play impartial heap games at the terminal: Nim, Kayles, Lasker's Nim, any take-and-break code.

Two players (or one against the computer) take turns on a random row of 2 to
5 piles of 1 to 8 stones; whoever makes the last move wins (normal play).
Before each move the player is shown a winning move, a move to a position of
nim value 0 (Sprague-Grundy), or told that there is none.  ``q``, ``quit``
or ``exit`` at any prompt leaves, as do the end of the input and Ctrl-C.

The terminal is reached only through the ``input`` and ``output`` functions
given to `play`, so a game can be driven by a script:

>>> answers = iter(["Ann", "Bob", "2", "5", "1", "2", "3", "2", "n"])
>>> shown = []
>>> play("nim", seed=1, input=lambda prompt: next(answers), output=shown.append)
0
>>> shown[0]
'Nim: take any number of stones from one pile. Whoever takes the last stone wins.'
"""

from __future__ import annotations

import random

from cgt.dyadic import integer_text, read_integer
from cgt.impartial import rulesets as _rulesets
from cgt.impartial.codes import parse_code
from cgt.impartial.take_and_break import TakeAndBreak

__all__ = ["RULESETS", "play", "ruleset_named"]

MIN_PILES, MAX_PILES = 2, 5
MIN_STONES, MAX_STONES = 1, 8

_SHOWN = 40       # the most characters of an answer repeated back
QUIT = ("q", "quit", "exit")
"""The answers that leave the game at any prompt (in any case)."""

RULESETS = {
    "nim": _rulesets.nim,
    "kayles": _rulesets.kayles,
    "lasker": _rulesets.laskers_nim,
    "laskers_nim": _rulesets.laskers_nim,
    "dawsons_kayles": _rulesets.dawsons_kayles,
    "dawsons_chess": _rulesets.dawsons_chess,
    "grundy": _rulesets.grundys_game,
    "grundys_game": _rulesets.grundys_game,
    "candy_strip": _rulesets.candy_strip,
    "officers": _rulesets.officers,
}
"""The heap games `play` knows by name; any other name is read as a take-and-break code."""

_RULES = {
    "nim": "Nim: take any number of stones from one pile.",
    "kayles": "Kayles: take one or two stones from a pile; "
              "taking from the middle splits the pile in two.",
    "laskers_nim": "Lasker's Nim: take any number of stones from one pile, "
                   "or split a pile into two.",
    "dawsons_kayles": "Dawson's Kayles: take two stones from a pile; "
                      "taking from the middle splits the pile in two.",
    "dawsons_chess": "Dawson's Chess (as the heap game 0.137).",
    "grundys_game": "Grundy's game: split a pile into two unequal piles.",
    "candy_strip": "Candy strip: take one stone from the middle of a pile, splitting it in two.",
    "officers": "Officers: take one stone from a pile, leaving one or two piles.",
}


def ruleset_named(name):
    """The take-and-break ruleset called ``name`` (see `RULESETS`), or of the code ``name``.

    >>> ruleset_named("kayles").code, ruleset_named("0.4").code
    ('0.77', '0.4')
    """
    key = name.strip().lower().replace("-", "_").replace("'", "")
    if key in RULESETS:
        return RULESETS[key]
    return TakeAndBreak(name)


def play(game="nim", *, names=None, computer=False, seed=None, input=input, output=print):
    """Play ``game`` (a name in `RULESETS`, a code, or a `TakeAndBreak`) until the players stop.

    ``names`` skips the questions for the players' names; with ``computer``
    the second player is the computer. ``seed`` makes the games (and the
    computer's random moves) reproducible. Returns 0 when the players stop,
    answer one of `QUIT` or the input ends (``input`` raises `EOFError`), and
    130 after Ctrl-C (``input`` raises `KeyboardInterrupt`), as a shell
    reports an interrupted command.
    """
    ruleset = game if isinstance(game, TakeAndBreak) else ruleset_named(game)
    session = _Session(ruleset, random.Random(seed), input, output)
    try:
        session.run(names, computer)
    except _Quit:
        output("Goodbye.")
    except EOFError:
        output("")
        output("Input ended. Goodbye.")
    except KeyboardInterrupt:
        output("")
        output("Interrupted. Goodbye.")
        return 130
    return 0


class _Quit(Exception):
    """A player answered one of `QUIT`."""


class _Session:
    """One sitting: the players, the random source and the terminal."""

    def __init__(self, ruleset, rng, input, output):
        self.ruleset = ruleset
        self.rng = rng
        self.input = input
        self.say = output
        # Nim-like rules (a move leaves at most one pile) are played as "take k stones".
        self.takes = parse_code(ruleset.code).max_heaps <= 1
        if not any(ruleset.heap_options(n) for n in range(MIN_STONES, MAX_STONES + 1)):
            raise ValueError(f"{ruleset.code} has no moves from piles of "
                             f"{MIN_STONES} to {MAX_STONES} stones")
        self.title = _RULES.get(ruleset.name) or (
            f"The take-and-break game {ruleset.code}: "
            "a move turns one pile into smaller piles, as listed when you pick it.")

    def ask(self, prompt):
        """The answer typed after ``prompt``; `_Quit` when it is one of `QUIT`."""
        answer = self.input(prompt)
        if answer.strip().lower() in QUIT:
            raise _Quit
        return answer

    def run(self, names, computer):
        self.say(f"{self.title} Whoever {self._last_move()} wins.")
        self.say("Type q (or quit, exit) at any prompt to leave.")
        players = list(names) if names else self._ask_names(computer)
        if computer and len(players) == 1:
            players.append("Computer")
        if len(players) != 2:
            raise ValueError(f"a game has two players, not {players!r}")
        again = True
        while again:
            self.play_one(players, computer)
            again = self._ask_yes_no("Play again? (y/n) ")
        self.say("Thanks for playing.")

    def _last_move(self):
        return "takes the last stone" if self.takes else "makes the last move"

    def _ask_names(self, computer):
        if computer:
            return [self._ask_name("What is your name? ", "Player")]
        return [self._ask_name(f"Player {i}, what is your name? ", f"Player {i}") for i in (1, 2)]

    def _ask_name(self, prompt, default):
        return self.ask(prompt).strip() or default

    def _ask_yes_no(self, prompt):
        while True:
            answer = self.ask(prompt).strip().lower()
            if answer in ("y", "yes"):
                return True
            if answer in ("n", "no"):
                return False
            self.say("Please answer y or n.")

    # ------------------------------------------------------------------ one game
    def play_one(self, players, computer):
        piles = self._deal()
        turn = 0
        while True:
            self.say("")
            self._show(piles)
            player = players[turn]
            moves = self._moves(piles)     # never empty: the deal and each move see to it
            winning = self._winning_move(piles, moves)
            if computer and turn == 1:
                move = winning or self.rng.choice(moves)
            else:
                self.say(f"{player}, your move.")
                if winning is None:
                    self.say("Hint: there is no winning move: every move loses against perfect play.")
                else:
                    self.say(f"Hint: {self._describe(piles, winning, 'you')} to win.")
                move = self._ask_move(piles)
            self.say(f"{player} {self._describe(piles, move, 'they')}.")
            piles = _apply(piles, move)
            if not self._moves(piles):
                self.say("")
                self._show(piles)
                self.say(f"{player} {self._last_move()} and wins!")
                return
            turn = 1 - turn

    def _deal(self):
        """2 to 5 random piles of 1 to 8 stones, redealt until some move is possible."""
        while True:
            count = self.rng.randint(MIN_PILES, MAX_PILES)
            piles = [self.rng.randint(MIN_STONES, MAX_STONES) for _ in range(count)]
            if self._moves(piles):
                return piles

    def _show(self, piles):
        for i, pile in enumerate(piles, 1):
            self.say(f"Pile {i}: {'O' * pile if pile else '(empty)'}")

    def _moves(self, piles):
        """Every move, as ``(pile index, the piles it leaves)``, in pile order."""
        return [(i, option) for i, pile in enumerate(piles)
                for option in self._options(pile)]

    def _options(self, pile):
        options = []
        for option in self.ruleset.heap_options(pile):
            if option not in options:
                options.append(option)
        return options

    def _winning_move(self, piles, moves):
        for move in moves:
            if self.ruleset.heaps(*_apply(piles, move)).nim_value == 0:
                return move
        return None

    def _describe(self, piles, move, person):
        i, option = move
        if self.takes:
            taken = piles[i] - sum(option)
            verb = "take" if person == "you" else "takes"
            return f"{verb} {_stones(taken)} from pile {i + 1}"
        verb = "turn" if person == "you" else "turns"
        return f"{verb} pile {i + 1} ({_stones(piles[i])}) into {_piles_text(option)}"

    # ------------------------------------------------------------------ input
    def _ask_move(self, piles):
        while True:
            i = self._ask_pile(piles)
            option = self._ask_take(piles, i) if self.takes else self._ask_result(piles, i)
            if option is not None:
                return i, option

    def _ask_pile(self, piles):
        while True:
            answer = self.ask(f"Which pile (1-{len(piles)}, or q to quit)? ").strip()
            number = _integer(answer)
            if number is None:
                self.say(f"'{_typed(answer)}' is not a pile number; type a number from 1 to {len(piles)}, "
                         "or q to quit.")
            elif not 1 <= number <= len(piles):
                self.say(f"There is no pile {_typed(answer)}; type a number from 1 to {len(piles)}.")
            elif not piles[number - 1]:
                self.say(f"Pile {number} is empty; choose a pile with stones.")
            elif not self._options(piles[number - 1]):
                self.say(f"Pile {number} has no move; choose another pile.")
            else:
                return number - 1

    def _ask_take(self, piles, i):
        """The pile left after taking stones from pile ``i`` (asked until valid)."""
        pile = piles[i]
        allowed = sorted(pile - sum(option) for option in self._options(pile))
        while True:
            answer = self.ask(f"How many stones do you take from pile {i + 1}? ").strip()
            number = _integer(answer)
            if number is None:
                self.say(f"'{_typed(answer)}' is not a number of stones.")
            elif number not in allowed:
                self.say(f"You cannot take {_stones(number)} from pile {i + 1} "
                         f"({_stones(pile)}); you may take {_choices(allowed)}.")
            else:
                rest = pile - number
                return (rest,) if rest else ()

    def _ask_result(self, piles, i):
        """The piles that pile ``i`` becomes (asked until valid)."""
        pile = piles[i]
        options = self._options(pile)
        listed = ", ".join(_piles_text(option) for option in options)
        self.say(f"Pile {i + 1} ({_stones(pile)}) can become: {listed}.")
        while True:
            answer = self.ask(f"What does pile {i + 1} become? ").strip()
            option = _read_piles(answer, pile)
            if isinstance(option, str):
                self.say(option)
            elif option not in options:
                self.say(f"Pile {i + 1} cannot become {_piles_text(option)}; choose one of: {listed}.")
            else:
                return option

def _apply(piles, move):
    """The piles after ``move``: pile ``i`` replaced, in place, by the piles it leaves."""
    i, option = move
    return piles[:i] + (list(option) or [0]) + piles[i + 1:]


def _integer(text):
    """The whole number typed as ``text`` (any number of digits), or None."""
    return read_integer(text) if text.isascii() and text.isdigit() else None


def _typed(text):
    """``text`` as typed, shortened to its first and last characters when long."""
    return text if len(text) <= _SHOWN else f"{text[:_SHOWN // 2]}...{text[-_SHOWN // 2:]}"


def _read_piles(text, pile):
    """The sorted pile sizes typed as ``1 3``, ``1+3``, ``take 2`` or ``nothing``, or what is wrong."""
    words = text.lower().replace("+", " ").replace(",", " ").split()
    if words in (["nothing"], ["none"], ["0"], ["-"]):
        return ()
    if len(words) == 2 and words[0] == "take":
        taken = _integer(words[1])
        if taken is None:
            return f"'{_typed(words[1])}' is not a number of stones."
        if taken > pile:
            return f"There are only {_stones(pile)} in this pile."
        return (pile - taken,) if taken < pile else ()
    sizes = [_integer(word) for word in words]
    if not sizes or None in sizes:
        return f"'{_typed(text)}' is not a list of pile sizes, such as '1 3', 'take 2' or 'nothing'."
    return tuple(sorted(size for size in sizes if size))


def _stones(n):
    return "1 stone" if n == 1 else f"{_number(n)} stones"


def _number(n):
    """The int ``n`` as typed, shortened when long."""
    return _typed(integer_text(n))


def _piles_text(option):
    return " + ".join(map(_number, option)) if option else "nothing"


def _choices(numbers):
    if len(numbers) == 1:
        return str(numbers[0])
    if numbers == list(range(numbers[0], numbers[-1] + 1)) and len(numbers) > 2:
        return f"{numbers[0]} to {numbers[-1]}"
    return ", ".join(map(str, numbers[:-1])) + f" or {numbers[-1]}"
