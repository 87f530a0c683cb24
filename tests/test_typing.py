"""A user's type checker sees cgt's types (``cgt/py.typed``): mypy, run on a small script that uses
cgt, gets real types back from the public API and reports a wrong use as an error.

One mypy run serves every test here (its cache in a temporary folder); cgt is read from this
checkout, so the test checks the annotations under test, installed or not.
"""

import re
import textwrap
from pathlib import Path

import pytest

import cgt

mypy_api = pytest.importorskip("mypy.api", reason="mypy is in the test extra")

ROOT = Path(cgt.__file__).resolve().parent.parent

# Each line tagged ``# reveal: T`` must reveal T (builtins unprefixed, as mypy 2 prints them); each
# tagged ``# error: CODE`` must be that error; each tagged ``# typed`` must reveal a type, not Any:
# there, every name that cgt loads on first use (``cgt._LAZY``).
USER_SCRIPT = """\
from fractions import Fraction

import cgt
from cgt import Game, Position, Value, nimber, parse, up
from cgt.db import free_polyominoes
from cgt.impartial import MisereGame, TakeAndBreak, kayles
from cgt.rulesets import Domineering, Hackenbush
from cgt.transfinite import omega

G: Game = Game("{1|*}")
reveal_type(Game("1"))                         # reveal: cgt.short.game.Game
reveal_type(parse("1"))                        # reveal: cgt.value.Value
reveal_type(parse("on").outcome)               # reveal: str
reveal_type(G.left_stop)                       # reveal: fractions.Fraction
reveal_type(G.birthday)                        # reveal: int
reveal_type(G + up)                            # reveal: cgt.short.game.Game
reveal_type(G.cool(Fraction(1, 2)))            # reveal: cgt.short.game.Game
reveal_type(up < G)                            # reveal: bool
reveal_type(G.left_options)                    # reveal: tuple[cgt.short.game.Game, ...]
reveal_type(G.outcome)                         # reveal: Literal['L'] | Literal['R'] | Literal['N'] | Literal['P']
reveal_type(Domineering("..|..").canonical_form)  # reveal: cgt.short.game.Game
reveal_type(Domineering("..|..").left_options)    # reveal: tuple[cgt.rulesets.position.Position, ...]
reveal_type(Hackenbush.string("BRB"))           # reveal: cgt.rulesets.hackenbush.Hackenbush
reveal_type(kayles(5).nim_value)               # reveal: int
reveal_type(TakeAndBreak("0.77").nim_sequence(9))  # reveal: list[int]
reveal_type(MisereGame("*[2]").genus)          # reveal: cgt.impartial.misere.Genus
reveal_type(omega.birthday)                    # reveal: cgt.transfinite.ordinal.GeneralizedOrdinal
reveal_type(next(free_polyominoes(3)))         # reveal: frozenset[tuple[int, int]]
parse(3)                                       # error: arg-type
Domineering(3)                                 # error: arg-type
nimber("3")                                    # error: arg-type
G.cool()                                       # error: call-arg
""" + "".join(f"reveal_type(cgt.{name})  # typed\n" for name in sorted(cgt._LAZY))


def _expectations():
    """``{line number: (kind, expected)}`` from the tags of `USER_SCRIPT`."""
    found = {}
    for number, line in enumerate(USER_SCRIPT.splitlines(), start=1):
        tag = re.search(r"# (reveal|error|typed):? ?(.*)$", line)
        if tag:
            found[number] = (tag[1], tag[2].strip())
    return found


def _mypy(tmp_path, script):
    """mypy's report lines on ``script`` (checked against this checkout's cgt, whose own modules it
    reads without reporting on them)."""
    (tmp_path / "user.py").write_text(script)
    (tmp_path / "mypy.ini").write_text(textwrap.dedent(f"""\
        [mypy]
        mypy_path = {ROOT}
        follow_imports = silent
        cache_dir = {tmp_path / "cache"}
        """))
    stdout, stderr, _ = mypy_api.run(["--config-file", str(tmp_path / "mypy.ini"), "--show-error-codes",
                                      "--no-error-summary", str(tmp_path / "user.py")])
    assert not stderr, stderr
    return stdout.splitlines()


@pytest.fixture(scope="module")
def report(tmp_path_factory):
    """``{line number: [(kind, message)]}`` of mypy's notes and errors on `USER_SCRIPT`."""
    by_line = {}
    for line in _mypy(tmp_path_factory.mktemp("typing"), USER_SCRIPT):
        found = re.match(r".*user\.py:(\d+): (note|error): (.*)$", line)
        if found:
            by_line.setdefault(int(found[1]), []).append((found[2], found[3].replace("builtins.", "")))
    return by_line


def test_the_package_says_it_is_typed():
    assert (ROOT / "cgt" / "py.typed").is_file() and (ROOT / "cgt" / "_core.pyi").is_file()


@pytest.mark.parametrize("line", [n for n, (kind, _) in _expectations().items() if kind == "reveal"])
def test_a_user_script_gets_real_types_back(report, line):
    expected = _expectations()[line][1]
    assert report.get(line) == [("note", f'Revealed type is "{expected}"')], USER_SCRIPT.splitlines()[line - 1]


@pytest.mark.parametrize("line", [n for n, (kind, _) in _expectations().items() if kind == "error"])
def test_a_wrong_use_is_a_type_error(report, line):
    code = _expectations()[line][1]
    messages = report.get(line, [])
    assert any(kind == "error" and message.endswith(f"[{code}]") for kind, message in messages), messages


def test_no_line_without_a_tag_is_reported(report):
    assert set(report) <= set(_expectations()), {n: report[n] for n in set(report) - set(_expectations())}


@pytest.mark.parametrize("line", [n for n, (kind, _) in _expectations().items() if kind == "typed"])
def test_every_name_cgt_loads_on_first_use_has_a_type(report, line):
    [(kind, message)] = report.get(line, [("missing", "")])
    assert kind == "note" and message.startswith("Revealed type is") and message != 'Revealed type is "Any"', \
        (USER_SCRIPT.splitlines()[line - 1], message)
