"""Fixtures of the transfinite tests."""

import pytest

from cgt.limits import LIMITS


@pytest.fixture
def limit():
    """``limit(name, value)`` sets ``cgt.LIMITS.<name>`` for one test; afterwards it is deleted,
    back to the environment's value or the default."""
    names = []

    def set_limit(name, value):
        setattr(LIMITS, name, value)
        names.append(name)

    yield set_limit
    for name in names:
        delattr(LIMITS, name)
