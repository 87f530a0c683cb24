import sys
from pathlib import Path

import pytest
from hypothesis import HealthCheck, settings

# The from-the-definition model (tests/reference.py) is imported by several test modules.
sys.path.insert(0, str(Path(__file__).parent))

# Timing is never asserted: a loaded CI machine must not turn slow examples into failures.
settings.register_profile("cgt", deadline=None, suppress_health_check=[HealthCheck.too_slow])
settings.load_profile("cgt")


class _LimitsEnvironment:
    """Environment variables of limits set in a test, read by the limits at once (they read the
    environment when made, or by `read_environment`)."""

    def __init__(self, monkeypatch):
        self.monkeypatch = monkeypatch

    def setenv(self, name, value):
        self.monkeypatch.setenv(name, value)
        _read_limits_environment()

    def delenv(self, name):
        self.monkeypatch.delenv(name)
        _read_limits_environment()


def _read_limits_environment():
    from cgt import LIMITS
    from cgt.db import LIMITS as DB_LIMITS

    for limits in (LIMITS, DB_LIMITS):
        limits.read_environment()


@pytest.fixture
def limits_environment(monkeypatch):
    """Set and delete limits' environment variables in a test; the real environment is read again after."""
    yield _LimitsEnvironment(monkeypatch)
    monkeypatch.undo()
    _read_limits_environment()
