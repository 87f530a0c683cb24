"""The interactive board (`cgt.play.board`) in a real browser: headless Chromium clicks a move.

The page is served by ``docs_build/widget_host.py``, which gives the widget's
ES module the model a notebook front end gives it, over HTTP to the Python
widget.  Chromium is the system's (Debian's ``chromium``; ``CGT_CHROMIUM``
names another executable), driven by Playwright's Python package: the session's
``chromium`` (tests/conftest.py).  Without a browser the test is skipped, except
where ``CGT_REQUIRE_BROWSER=1`` (``.ci/run`` sets it): there a missing browser fails.
"""

import sys
from pathlib import Path

from cgt.rulesets import Clobber, Domineering

sys.path.insert(0, str(Path(__file__).resolve().parents[2] / "docs_build"))

from widget_host import WidgetHost  # noqa: E402


def _open(chromium, url):
    """A page at ``url`` once the widget has rendered, and the list of errors its scripts raise."""
    page = chromium.new_page()
    errors = []
    page.on("pageerror", lambda error: errors.append(error))
    page.goto(url)
    page.wait_for_selector("body[data-ready='true']")
    return page, errors


def _text(page, role):
    return page.locator(f"[data-role='{role}']").inner_text()


def test_clicking_a_domineering_domino_in_chromium_shows_the_new_value(chromium):
    from cgt.play.board import Board

    board = Board(Domineering("...|..."))
    with WidgetHost(board) as url:
        page, errors = _open(chromium, url)
        assert _text(page, "value") == "{2|-1/2}"
        assert _text(page, "outcome") == "N"
        updates = page.evaluate("document.body.dataset.updates || '0'")
        page.click("[data-row='0'][data-col='0']")      # Left's vertical domino in the first column
        page.wait_for_function(f"(document.body.dataset.updates || '0') !== '{updates}'")
        assert _text(page, "value") == str(Domineering("#..|#..").canonical_form) == "+-1"
        assert _text(page, "outcome") == "N"
        assert _text(page, "temperature") == "1"
        assert _text(page, "to-move") == "Right"
        assert page.locator(".cgt-blocked").count() == 2
        assert errors == []
        page.close()


def test_a_clobber_move_takes_two_clicks_in_chromium(chromium):
    from cgt.play.board import Board

    board = Board(Clobber("xo.|ox."))
    with WidgetHost(board) as url:
        page, errors = _open(chromium, url)
        page.click("[data-row='0'][data-col='0']")      # the x in the corner: it can clobber right or down
        page.wait_for_selector(".cgt-selected")
        page.click("[data-row='0'][data-col='1']")      # ... it clobbers the o to its right
        page.wait_for_function("document.querySelector(\"[data-role='to-move']\").textContent === 'Right'")
        assert board.rows == [".x.", "ox."]
        assert _text(page, "value") == str(Clobber(".x.|ox.").canonical_form)
        page.click("text=Undo")
        page.wait_for_function("document.querySelector(\"[data-role='to-move']\").textContent === 'Left'")
        assert _text(page, "value") == "*"
        assert errors == []
        page.close()
