import os
import shutil
import signal
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


@pytest.fixture(autouse=True, scope="session")
def _ctrl_c_raises_keyboard_interrupt():
    """SIGINT raises KeyboardInterrupt, as in a terminal, even when the suite was started with it ignored
    (as a shell's background job is): the tests that interrupt searches send it with `_thread.interrupt_main`."""
    previous = signal.signal(signal.SIGINT, signal.default_int_handler)
    yield
    signal.signal(signal.SIGINT, previous)


@pytest.fixture
def limits_environment(monkeypatch):
    """Set and delete limits' environment variables in a test; the real environment is read again after."""
    yield _LimitsEnvironment(monkeypatch)
    monkeypatch.undo()
    _read_limits_environment()


def _browser_missing(reason):
    """Skip a browser test for ``reason``, or fail it where ``CGT_REQUIRE_BROWSER=1`` (``.ci/run``)."""
    if os.environ.get("CGT_REQUIRE_BROWSER") == "1":
        pytest.fail(f"{reason}, and CGT_REQUIRE_BROWSER=1 asks for the browser tests to run")
    pytest.skip(reason)


@pytest.fixture(scope="session")
def chromium():
    """Headless Chromium driven by Playwright's Python package, for the browser tests.

    The browser is the system's (Debian's ``chromium``; ``CGT_CHROMIUM`` names another
    executable).  Without one, or without Playwright, the tests that use it are skipped.
    """
    try:
        from playwright.sync_api import sync_playwright
    except ImportError:
        _browser_missing("Playwright's Python package is not installed (pip install playwright)")
    executable = os.environ.get("CGT_CHROMIUM") or next(
        filter(None, map(shutil.which, ("chromium", "chromium-browser", "google-chrome"))), None)
    if executable is None:
        _browser_missing("no Chromium found (apt-get install chromium, or set CGT_CHROMIUM)")
    with sync_playwright() as playwright:
        browser = playwright.chromium.launch(executable_path=executable, headless=True,
                                             args=["--no-sandbox", "--disable-gpu"])
        yield browser
        browser.close()
