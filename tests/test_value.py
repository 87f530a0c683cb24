"""The protocol of values (`cgt.value`): every kind of value answers its questions or says why not.

Expected facts come from CGSuite's loopy vectors (``loopy_vectors.json``: on, over, dud), from
Winning Ways and Siegel's *Combinatorial Game Theory*, or from the definitions, worked out in
the comments.
"""

import copy
import pickle
from fractions import Fraction

import pytest
from hypothesis import given
from hypothesis import strategies as st

from cgt import Game, UndefinedInvariantError, parse, star, up
from cgt.impartial import MisereGame
from cgt.loopy import SidedValue, Stopper
from cgt.transfinite import GeneralizedOrdinal, Rational, SurrealNumber, TransfiniteNimber
from cgt.short.explicit import ExplicitGame
from cgt.rulesets.hackenbush import Hackenbush
from cgt.short.trajectory import Trajectory
from cgt.short.uptimals import UptimalExpansion
from cgt.value import PREDICATES, QUESTIONS, Immutable, Struct, Value, facts

KINDS = [Game, Stopper, SidedValue, MisereGame, SurrealNumber, GeneralizedOrdinal, Rational, TransfiniteNimber]
_LOOPY = {"is_loopfree", "is_plumtree", "is_stopper", "is_stopper_sided"}

# One value of each kind, and the questions the theory leaves undefined for that kind.
EXAMPLES = {
    "{1|*}": (Game, set()),
    "over": (Stopper, {"birthday", "is_all_small"}),
    "dud": (SidedValue, {"left_options", "right_options", "left_stop", "right_stop", "birthday",
                         "is_all_small"}),
    "*[2#0]": (MisereGame, set(PREDICATES) - {"is_zero", "is_idempotent", "is_loopfree", "is_plumtree",
                                              "is_finite"} | {"left_stop", "right_stop"}),
    # beyond the short games: infinitely many options; CGSuite knows no birthday of 1/ω
    "1/omega": (SurrealNumber, {"left_options", "right_options", "birthday", "is_infinitesimal"} | _LOOPY),
    "omega-5": (GeneralizedOrdinal, {"left_options", "right_options", "is_infinitesimal"} | _LOOPY),
    "1/3": (Rational, {"left_options", "right_options", "is_infinitesimal"} | _LOOPY),
    # inf = 1/0 is no game: only its outcome (CGSuite's) applies
    "inf": (Rational, set(QUESTIONS) - {"outcome"}),
    "*omega": (TransfiniteNimber, {"left_options", "right_options"} | _LOOPY),
}


@pytest.mark.parametrize("kind", KINDS)
def test_every_kind_of_value_is_a_value_that_answers_or_declines_each_question(kind):
    assert issubclass(kind, Value)
    for name in QUESTIONS:
        answered = getattr(kind, name) is not vars(Value)[name]
        assert answered != (name in kind._undefined), name


@pytest.mark.parametrize("text", EXAMPLES)
def test_a_question_that_does_not_apply_says_so_and_hasattr_says_no(text):
    value = parse(text)
    kind, undefined = EXAMPLES[text]
    assert type(value) is kind
    for name in QUESTIONS:
        if name in undefined:
            assert not hasattr(value, name), name
            with pytest.raises(UndefinedInvariantError) as caught:
                getattr(value, name)
            error = caught.value
            assert isinstance(error, AttributeError) and isinstance(error, TypeError)
            assert error.name == name and error.kind == kind.__name__
            assert str(error).startswith(f"{kind.__name__}.{name} is not defined: ")
        else:
            assert hasattr(value, name), name


def test_a_stopper_has_no_birthday():
    with pytest.raises(UndefinedInvariantError, match="a stopper has no birthday"):
        parse("on").birthday
    assert getattr(parse("upon"), "birthday", None) is None


def test_the_undefined_error_pickles():
    error = UndefinedInvariantError("birthday", "Stopper", "a stopper has no birthday")
    again = pickle.loads(pickle.dumps(error))
    assert (again.name, again.kind, str(again)) == ("birthday", "Stopper", str(error))


def test_a_kind_of_value_that_neither_answers_nor_declines_is_refused():
    with pytest.raises(TypeError, match="neither answers nor says why it cannot answer: .*birthday"):
        class Silent(Value):
            _undefined = {name: "undefined here" for name in QUESTIONS if name != "birthday"}


def test_a_kind_of_value_that_answers_or_declines_everything_is_made():
    class Nothing(Value):
        _undefined = {name: "a value of nothing" for name in QUESTIONS}

    with pytest.raises(UndefinedInvariantError, match="Nothing.outcome is not defined: a value of nothing"):
        object.__new__(Nothing).outcome


# ---------------------------------------------------------------- immutable, copied as themselves, pickled
def _subclasses(base):
    """Every subclass of ``base`` that `cgt` defines, at any depth."""
    found = set()
    for sub in base.__subclasses__():
        if sub.__module__.startswith("cgt."):
            found.add(sub)
        found |= _subclasses(sub)
    return found


# One object of each immutable type that is not a value: the uptimal ↑ + *2 (expansion (0, (1,), 2)),
# the trajectory 1 - t above t = 0 (mast 1, slope 0 above 0, -1 below), a Hackenbush string, the
# form {0|1} kept as written.
OTHER_IMMUTABLES = {
    UptimalExpansion: lambda: UptimalExpansion(0, (1,), 2),
    Trajectory: lambda: Trajectory(1, [0], [0, -1]),
    Hackenbush: lambda: Hackenbush.string("BRRB"),
    ExplicitGame: lambda: ExplicitGame([0], [1]),
}


def test_the_examples_cover_every_kind_of_value_and_every_immutable_type():
    assert _subclasses(Value) == set(KINDS) == {kind for kind, _ in EXAMPLES.values()}
    # the Hackenbush rulesets made from `Hackenbush` (childish, ...) share its slots and methods
    others = {t for t in _subclasses(Immutable) - set(KINDS) - {Value, Struct}
              if not issubclass(t, (Hackenbush, Struct))}
    assert others | {Hackenbush} == set(OTHER_IMMUTABLES)


def _immutable_objects():
    return [pytest.param(lambda text=text: parse(text), id=text) for text in EXAMPLES] + \
        [pytest.param(make, id=kind.__name__) for kind, make in OTHER_IMMUTABLES.items()]


@pytest.mark.parametrize("make", _immutable_objects())
def test_an_immutable_object_refuses_assignment_and_deletion(make):
    x = make()
    text = repr(x)
    with pytest.raises(AttributeError):
        x.anything = 1
    for name in getattr(type(x), "__slots__", ()):
        with pytest.raises(AttributeError):
            setattr(x, name, None)
        with pytest.raises(AttributeError):
            delattr(x, name)
    assert repr(x) == text


@pytest.mark.parametrize("make", _immutable_objects())
def test_an_immutable_object_is_its_own_copy_and_pickles_to_an_equal_one(make):
    x = make()
    assert copy.copy(x) is x and copy.deepcopy(x) is x and copy.deepcopy([x])[0] is x
    again = pickle.loads(pickle.dumps(x))
    assert type(again) is type(x) and again == x and hash(again) == hash(x) and repr(again) == repr(x)


# ---------------------------------------------------------------- structs: immutable records of fields
class _Point(Struct):
    __slots__ = ("x", "y", "_cache")

    def __init__(self, x, y):
        self._init(x, y)


class _OtherPoint(_Point):
    pass


def _struct_examples():
    """One struct of each class that declares fields (or of a ruleset of it), made by its own constructor."""
    from cgt.db.build import Progress
    from cgt.db.file import Schema
    from cgt.db.octal import OctalRecord
    from cgt.db.store import Record
    from cgt.impartial.codes import parse_code
    from cgt.impartial.periodicity import Periodicity
    from cgt.impartial.rulesets import kayles
    from cgt.impartial.sparse_space import sparse_space
    from cgt.impartial.spawning import Spawning, TurningElement
    from cgt.rulesets import (Clobber, Cram, Domineering, FormPosition, FoxAndGeese, KingDirt, PartizanEuclid,
                              PartizanSubtraction, Sheep, ToadsAndFrogs, impartial_variant)
    from cgt.short.drawing import _drawing

    return {
        "Cram": lambda: Cram("..|.."),
        "KingDirt": lambda: KingDirt("0,1,1:x.|.o"),
        "impartial Clobber": lambda: impartial_variant(Clobber)("xo"),
        "ToadsAndFrogs": lambda: ToadsAndFrogs("T..F"),
        "PartizanEuclid": lambda: PartizanEuclid((3, 2)),
        "Sheep": lambda: Sheep("(0, 2 | -3, 0)"),
        "FormPosition": lambda: FormPosition(Game("{1|*}")),
        "sum": lambda: Domineering("..") + Clobber("xo"),
        "negative": lambda: -Domineering("..."),
        "PartizanSubtraction": lambda: PartizanSubtraction([1], [2]).heaps(2, 3),
        "FoxAndGeese": lambda: FoxAndGeese([(3, 1), (3, 3)], (1, 1), board_width=4),
        "Thermograph": lambda: Game("{3|-1}").thermograph,
        "drawing": lambda: _drawing(Game("{3|-1}").thermograph),
        "kayles": lambda: kayles.heaps(2, 3),
        "coins": lambda: Spawning("1-3").coins("hhth"),
        "TurningElement": lambda: TurningElement(1, 3),
        "SparseSpace": lambda: sparse_space([0, 1, 2, 3, 1, 4]),
        "Periodicity": lambda: Periodicity(12, 71),
        "TakeAndBreakCode": lambda: parse_code("0.77"),
        "Digit": lambda: parse_code("0.77").digits[1],
        "Schema": lambda: Schema(1, "CREATE TABLE t (x)"),
        "OctalRecord": lambda: OctalRecord("0.77", (0, 1, 2), Periodicity(12, 71), 2, 3),
        "Progress": lambda: Progress(1, 2, 10, 20, 0.5),
        "Record": lambda: Record("domineering", "..|..", 4, "+-1", "switch", "N", Fraction(1)),
    }


def test_every_struct_class_with_fields_has_an_example():
    examples = [make() for make in _struct_examples().values()]
    declaring = {t for t in _subclasses(Struct) if vars(t).get("__slots__")}
    assert {t for t in declaring if any(isinstance(x, t) for x in examples)} == declaring


@pytest.mark.parametrize("make", _struct_examples().values(), ids=_struct_examples().keys())
def test_a_struct_made_twice_is_equal_hashes_alike_and_refuses_assignment(make):
    x, y = make(), make()
    assert x == y and hash(x) == hash(y) and repr(x) == repr(y) and not (x != y)
    for name in type(x)._fields:
        with pytest.raises(AttributeError):
            setattr(x, name, None)
    assert copy.copy(x) is x and x == y


# Structs whose pickle the struct writes; a position of a ruleset made at run time (a variant, a heap
# ruleset's position) is not picklable: its class or ruleset has no importable name.
@pytest.mark.parametrize("name", ["Cram", "KingDirt", "ToadsAndFrogs", "PartizanEuclid", "Sheep", "FormPosition",
                                  "sum", "negative", "FoxAndGeese", "Thermograph", "TurningElement",
                                  "Periodicity", "TakeAndBreakCode", "Schema", "OctalRecord", "Progress", "Record"])
def test_a_struct_pickles_to_an_equal_one(name):
    x = _struct_examples()[name]()
    again = pickle.loads(pickle.dumps(x))
    assert type(again) is type(x) and again == x and hash(again) == hash(x) and repr(again) == repr(x)


_fields = st.one_of(st.integers(-3, 3), st.tuples(st.integers(0, 2), st.integers(0, 2)), st.none())


@given(_fields, _fields, _fields, _fields)
def test_struct_equality_is_field_equality_and_hashes_agree(a, b, c, d):
    p, q = _Point(a, b), _Point(c, d)
    assert p == _Point(a, b) and hash(p) == hash(_Point(a, b))                  # reflexive, hash agrees
    assert (p == q) == (q == p) == ((a, b) == (c, d))                           # symmetric, by fields
    assert (p == q) <= (hash(p) == hash(q))
    assert _OtherPoint(a, b) != p                                               # another class: never equal
    assert p._cache is None and repr(p) == f"_Point(x={a!r}, y={b!r})"


# a Rational pickles as its numerator and denominator, ``Rational(n, d)``
@pytest.mark.parametrize("text", [text for text, (kind, _) in EXAMPLES.items() if kind is not Rational])
def test_a_value_pickles_as_its_text(text):
    value = parse(text)
    read, arguments = value.__reduce__()
    assert arguments == (str(value),) and read(*arguments) == value


# ---------------------------------------------------------------- short games
def test_a_short_game_is_a_loopfree_finite_stopper():
    # a short game has no cycle: it is loopfree, a plumtree, a stopper and stopper-sided
    for g in (Game(0), star, up, parse("{3||2*|1*}")):
        assert (g.is_loopfree, g.is_plumtree, g.is_stopper, g.is_stopper_sided, g.is_finite) == (True,) * 5


def test_of_short_games_only_zero_is_idempotent_and_the_numbers_are_the_pseudonumbers():
    # G + G = G gives G = 0 for short games (subtract G); a pseudonumber that is short is a number
    assert Game(0).is_idempotent and not star.is_idempotent and not up.is_idempotent
    assert Game(Fraction(3, 4)).is_pseudonumber and not star.is_pseudonumber and not up.is_pseudonumber


# ---------------------------------------------------------------- stoppers and sided values
def test_on_answers_as_cgsuite_does():
    # loopy vectors (CanonicalStopperTestCase): on
    on = parse("on")
    assert on.outcome == "L" and str(on.left_stop) == "on" and str(on.right_stop) == "on"
    assert on.left_options == (on,) and on.right_options == ()
    assert (on.is_pseudonumber, on.is_idempotent, on.is_plumtree, on.is_stopper) == (True,) * 4
    assert (on.is_loopfree, on.is_number, on.is_infinitesimal, on.is_numberish) == (False,) * 4


def test_dud_answers_as_cgsuite_does():
    # loopy vectors (SidedValueTestCase): dud is D, idempotent, stopper-sided, not a stopper
    dud = parse("dud")
    assert dud.outcome == "D"
    assert (dud.is_idempotent, dud.is_stopper_sided) == (True, True)
    assert (dud.is_stopper, dud.is_plumtree, dud.is_pseudonumber, dud.is_infinitesimal) == (False,) * 4


# ---------------------------------------------------------------- misère games
def test_a_misere_game_is_impartial_so_both_players_have_its_options():
    # *[2]: the heap of 2 moves to the heaps 0 and 1
    g = MisereGame(2)
    assert g.left_options == g.right_options == g.options == (MisereGame(0), MisereGame(1))


def test_of_misere_games_only_zero_is_zero_and_idempotent():
    # misère birthdays add (Conway, ONAG ch. 12): G + G = G only for G = 0
    assert MisereGame(0).is_zero and MisereGame(0).is_idempotent
    assert not any(g.is_zero or g.is_idempotent for g in (MisereGame(1), MisereGame(2), MisereGame("*[2#0]")))


def test_a_misere_game_points_to_the_nim_heap_question():
    with pytest.raises(UndefinedInvariantError, match="is_nim_heap"):
        MisereGame(2).is_nimber


# ---------------------------------------------------------------- facts
def test_facts_leave_out_what_does_not_apply_and_list_what_holds():
    # ^ = {0|*}: born on day 2, stops 0 and 0, mean 0, temperature 0 (CGSuite); infinitesimal,
    # numberish, uptimal, all-small
    shown = facts(up)
    assert shown == {"value": "^", "class": "Game", "outcome": "L", "birthday": 2, "left_stop": "0",
                     "right_stop": "0", "mean": "0", "temperature": "0",
                     "is": ["infinitesimal", "numberish", "uptimal", "all_small", "loopfree", "plumtree",
                            "stopper", "stopper_sided", "finite"]}
    assert "birthday" not in facts(parse("on")) and "left_stop" not in facts(parse("dud"))


# ---------------------------------------------------------------- notebook output
# The LaTeX a notebook shows, written here from the notation: each symbol of the text in turn
# (numbers as they are, ↑ \uparrow, * \ast, braces and bars escaped, the words of loopy values
# upright, & a binary operator), and for misère games CGSuite's styling of its text: the
# bracketed part and every # a subscript.
@pytest.mark.parametrize("text, latex", [
    ("{1|*}", r"$\{1\mid\ast\}$"),
    ("{3||2*|1*}", r"$\{3\,\|\,2\ast\mid1\ast\}$"),
])
def test_a_short_game_draws_itself_in_latex(text, latex):
    assert parse(text)._repr_latex_() == latex


@pytest.mark.parametrize("text, latex", [
    ("on", r"$\mathrm{on}$"),
    ("over", r"$\mathrm{over}$"),
    ("{pass|1}", r"$1\mathrm{under}$"),                       # prints 1under
    ("upon", r"$\uparrow^{[\mathrm{on}]}$"),                  # prints ^[on]
    ("^<on>*", r"$\uparrow^{\mathrm{on}}\ast$"),
    ("+-{5|pass}", r"$\pm(5\mathrm{over})$"),                 # prints +-(5over)
    ("{0|||0||0|off}", r"$\{0\mid\mathrm{Tiny}(\mathrm{on})\}$"),   # prints {0|Tiny(on)}
])
def test_a_stopper_draws_itself_in_latex(text, latex):
    value = parse(text)
    assert isinstance(value, Stopper) and value._repr_latex_() == latex


@pytest.mark.parametrize("text, latex", [
    ("dud", r"$\mathrm{dud}$"),
    ("on & off", r"$\mathrm{dud}$"),
    ("{0|{dud|},*}", r"$\uparrow \mathbin{\&} \downarrow\ast$"),   # prints ^ & v*
    ("1 & 0", r"$1 \mathbin{\&} 0$"),
])
def test_a_sided_value_draws_itself_in_latex(text, latex):
    value = parse(text)
    assert isinstance(value, SidedValue) and value._repr_latex_() == latex


@pytest.mark.parametrize("text, latex", [
    ("*[2]", r"$\ast[2]$"),
    ("*[[2],0]", r"$\ast[2_{\#}0]$"),                        # prints *[2#0]
    ("*[2]+*[2]", r"$\ast[2_{2}]$"),                         # prints *[2[2]]
    ("*[2]+*[[2]]", r"$\ast[2_{\#2}]$"),                     # prints *[2[#2]]
    ("*[[[[2]]]]", r"$\ast[2_{\#\#\#}]$"),                   # prints *[2###]
    ("*[&12;]", r"$\ast[\&12;]$"),
])
def test_a_misere_game_draws_itself_in_latex(text, latex):
    value = parse(text)
    assert isinstance(value, MisereGame) and value._repr_latex_() == latex


@pytest.mark.parametrize("kind", KINDS)
def test_every_kind_of_value_says_how_it_prints_in_latex(kind):
    assert kind._latex is not Value._latex


# ---------------------------------------------------------------- the order between kinds (issue #37)
# Values of every kind (texts), 0 and a number among them where the kind has one.
ORDER_SAMPLES = {
    Game: ["0", "*", "*3", "^", "1", "-1/2"],
    Stopper: ["on", "over"],
    SidedValue: ["dud"],
    MisereGame: ["*[0]", "*[2]"],
    SurrealNumber: ["1/omega"],
    GeneralizedOrdinal: ["omega", "omega-1"],
    Rational: ["1/3", "inf"],
    TransfiniteNimber: ["*omega", "*(omega+1)"],
}
_ORDER_VALUES = [(kind, parse(text)) for kind, texts in ORDER_SAMPLES.items() for text in texts] + [(int, 0)]


def test_the_order_samples_are_of_their_kinds():
    assert all(type(value) is kind for kind, value in _ORDER_VALUES)


@pytest.mark.parametrize("a", [v for _, v in _ORDER_VALUES], ids=str)
@pytest.mark.parametrize("b", [v for _, v in _ORDER_VALUES], ids=str)
def test_every_pair_of_values_compares_consistently_or_is_a_type_error_naming_the_kinds(a, b):
    try:
        le, ge = a <= b, b <= a
    except TypeError as error:
        assert str(error), (a, b)
        if isinstance(a, Value):
            with pytest.raises(TypeError, match=f"{type(a).__name__} and a {type(b).__name__} do not compare"):
                a.is_confused_with(b)
        return
    assert (a < b) == (le and not ge) and (a > b) == (ge and not le) and (a >= b) == ge
    assert (a == b) == (le and ge)
    if isinstance(a, Value):
        assert a.is_confused_with(b) == (not le and not ge)


@pytest.mark.parametrize("text", ["*omega", "*(omega+1)", "*3"])
def test_a_nonzero_nimber_is_confused_with_0_and_below_every_positive_number(text):
    # The first player moves *α to 0, so *α || 0; x + *α > 0 for a number x > 0 (Right's moves
    # leave positive games, Left moving first takes *α to 0), so -x < *α < x.
    nimber = parse(text)
    assert nimber.is_confused_with(0) and nimber.is_confused_with(Game(0))
    assert -1 < nimber < Game("1/64") and nimber.is_confused_with(parse("*2"))
    assert nimber <= nimber and not nimber.is_confused_with(nimber)


@pytest.mark.parametrize("text", EXAMPLES)
def test_every_kind_of_value_reads_its_own_text_and_its_repr_reads_back(text):
    value = parse(text)
    kind = EXAMPLES[text][0]
    assert kind(text) == value and kind(str(value)) == value
    assert eval(repr(value), {kind.__name__: kind}) == value


@pytest.mark.parametrize("kind, text", [(Stopper, "1/2"), (SidedValue, "over"), (SurrealNumber, "*"),
                                        (TransfiniteNimber, "omega")])
def test_a_value_type_given_another_kinds_text_names_both_kinds(kind, text):
    with pytest.raises(TypeError, match=f"is an? {type(parse(text)).__name__}, not a {kind.__name__}"):
        kind(text)


@pytest.mark.parametrize("kind", [Stopper, SidedValue, SurrealNumber, TransfiniteNimber])
def test_a_value_type_given_no_text_says_it_reads_notation(kind):
    with pytest.raises(TypeError, match=r"reads CGSuite notation \(a str\), not int"):
        kind(3)
