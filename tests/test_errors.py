"""Every public exception of `cgt` lives in `cgt.errors` (cgt/errors.py), and is importable from
`cgt` and from each module that raised it before it moved there."""

import ast
import builtins
import importlib
from pathlib import Path

import pytest

import cgt
from cgt import errors

# Each public exception, the places it is also importable from (beyond `cgt.errors` and `cgt`),
# and the built-in exceptions an ``except`` clause may catch it by.
EXCEPTIONS = {
    "GameSyntaxError": ((), (ValueError,)),
    "PositionSyntaxError": (("cgt.rulesets.position", "cgt.rulesets"), (ValueError,)),
    "NotDyadicError": ((), (ValueError,)),
    "NotImpartialError": ((), (ValueError,)),
    "NotAtomicError": ((), (ValueError,)),
    "CoolingTemperatureError": ((), (ValueError,)),
    "DatabaseError": (("cgt.db",), (ValueError,)),
    "EmptyGraphError": ((), (ValueError,)),
    "DisconnectedGraphError": ((), (ValueError,)),
    "UnknownOctalCodeError": ((), (ValueError,)),
    "UnknownTurningCodeError": ((), (ValueError,)),
    "LoopyError": ((), (ValueError,)),
    "LoopyGameError": (("cgt.impartial.grundy", "cgt.impartial"), (ValueError,)),
    "LoopyCodeError": (("cgt.impartial.take_and_break", "cgt.impartial"), (ValueError,)),
    "LoopyPositionError": (("cgt.rulesets.position", "cgt.rulesets"), (ValueError,)),
    "SubordinateError": (("cgt.loopy.ordinal", "cgt.loopy"), (ValueError,)),
    "VarietyError": (("cgt.loopy.sided",), (ValueError,)),
    "NotLinkedError": (("cgt.impartial.misere",), (ValueError,)),
    "NotSubtractableError": (("cgt.impartial.misere",), (ValueError,)),
    "GameTooLargeError": ((), (RuntimeError,)),
    "SearchTimeoutError": ((), (TimeoutError,)),
    "SidedValueNotSupportedError": ((), (NotImplementedError,)),
    "IndeterminateFormError": ((), (ZeroDivisionError, ValueError)),
    "NotOrdinalError": ((), (ValueError,)),
    "NimRangeError": ((), (ValueError,)),
    "UndefinedInvariantError": ((), (AttributeError, TypeError)),
    "NotStopperSidedError": ((), (AttributeError, TypeError)),
}

# The refusals of a game in which play can return to a position: one base catches them all.
LOOPY = {"LoopyGameError", "LoopyCodeError", "LoopyPositionError"}


def test_the_table_lists_every_exception_of_cgt_errors():
    defined = {name for name, value in vars(errors).items()
               if isinstance(value, type) and issubclass(value, BaseException) and value.__module__ == "cgt.errors"}
    assert defined == set(errors.__all__) == set(EXCEPTIONS)


# Internal signals, caught inside the package so that no user meets them: the compiled search's
# that it met a position again (raised again as `LoopyPositionError`), and the thermograph's that a
# float operation was not exact (the node is redone with Fractions).
INTERNAL = {("rulesets/compiled.py", "LoopySearch"), ("short/exact_floats.py", "Inexact")}


def _public_exception_classes_outside_errors():
    """(file, class) for each public class in cgt/ whose bases name an exception, outside errors.py."""
    root = Path(cgt.__file__).parent
    found = []
    for path in sorted(root.rglob("*.py")):
        if path.name == "errors.py" and path.parent == root:
            continue
        for node in ast.walk(ast.parse(path.read_text(encoding="utf-8"))):
            if isinstance(node, ast.ClassDef) and not node.name.startswith("_"):
                names = [base.id if isinstance(base, ast.Name) else getattr(base, "attr", "") for base in node.bases]
                if any(name.endswith(("Error", "Exception", "Warning")) or
                       isinstance(getattr(builtins, name, None), type) and
                       issubclass(getattr(builtins, name), BaseException) for name in names):
                    found.append((str(path.relative_to(root)), node.name))
    return found


def test_no_public_exception_is_defined_outside_cgt_errors():
    assert set(_public_exception_classes_outside_errors()) == INTERNAL


@pytest.mark.parametrize("name", EXCEPTIONS)
def test_an_exception_is_importable_from_cgt_errors_from_cgt_and_from_its_old_places(name):
    exception = getattr(errors, name)
    assert exception.__module__ == "cgt.errors" and getattr(cgt, name) is exception and name in cgt.__all__
    places, _ = EXCEPTIONS[name]
    for place in places:
        module = importlib.import_module(place)
        assert getattr(module, name) is exception, place
        assert name in module.__all__, place


@pytest.mark.parametrize("name", EXCEPTIONS)
def test_an_exception_is_caught_by_the_builtin_exceptions_it_was_caught_by(name):
    _, bases = EXCEPTIONS[name]
    assert issubclass(getattr(errors, name), bases)


@pytest.mark.parametrize("name", sorted(LOOPY))
def test_the_loopy_refusals_share_the_base_loopy_error(name):
    assert issubclass(getattr(errors, name), errors.LoopyError)


def test_only_the_loopy_refusals_are_loopy_errors():
    assert {name for name in EXCEPTIONS if issubclass(getattr(errors, name), errors.LoopyError)} == LOOPY | {"LoopyError"}


def test_a_cycle_in_a_grundy_search_is_caught_as_a_loopy_error():
    from cgt.impartial import grundy_value
    with pytest.raises(errors.LoopyError, match="can be reached from itself"):
        grundy_value(0, lambda n: [1 - n])
