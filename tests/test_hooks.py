"""`cgt.hooks`: what a module takes from the layers above it, filled before it is used."""

import pytest

import cgt
from cgt import hooks
from cgt.hooks import Hooks
from cgt.loopy.stopper import loopy as stopper_hooks


def test_a_hook_is_what_was_registered():
    hook = Hooks(double="a module above")
    hook.register(double=lambda x: 2 * x)
    assert hook.double(21) == 42


def test_a_hook_not_filled_says_who_fills_it():
    hook = Hooks(double="a module above")
    with pytest.raises(LookupError, match="a module above"):
        hook.double


def test_only_declared_hooks_can_be_filled_or_read():
    hook = Hooks(double="a module above")
    with pytest.raises(TypeError, match="triple"):
        hook.register(triple=lambda x: 3 * x)
    with pytest.raises(AttributeError):
        hook.triple


def test_the_package_fills_its_hooks():
    above = hooks.above
    assert above.game(cgt.up._id) is cgt.up
    assert above.read("{1|*}") == cgt.Game([1], [cgt.star])
    assert above.compounds().ordinal_sum(cgt.star._id, cgt.star._id) == cgt.nimber(2)._id
    assert repr(above.partizan_join(cgt.kayles, cgt.nim)) == "kayles.partizan_join(nim)"


def test_loopy_fills_the_hooks_of_stoppers():
    assert {"sided", "stops", "printer", "ordinal"} <= vars(stopper_hooks).keys()
