"""The interactive board (`cgt.play.board`) in a real browser: headless Chromium clicks a move.

The page is served by ``docs_build/widget_host.py``, which gives the widget's
ES module the model a notebook front end gives it, over HTTP to the Python
widget.  Chromium is the system's (Debian's ``chromium``; ``CGT_CHROMIUM``
names another executable), driven by Playwright's Python package: the session's
``chromium`` (tests/conftest.py).  Without a browser the test is skipped, except
where ``CGT_REQUIRE_BROWSER=1`` (``.ci/run`` sets it): there a missing browser fails.

Every request a page makes is recorded: a board in a notebook must work
offline, so none may leave this machine (`_all_local`).
"""

import sys
from pathlib import Path
from urllib.parse import urlsplit


from cgt.rulesets import Clobber, Domineering

sys.path.insert(0, str(Path(__file__).resolve().parents[2] / "docs_build"))

from widget_host import WidgetHost  # noqa: E402

#: The schemes of URLs that name no other machine.
_LOCAL_SCHEMES = {"file", "data", "blob", "about"}
_LOCAL_HOSTS = {"localhost", "127.0.0.1", "::1"}


def _is_local(url):
    """Whether ``url`` stays on this machine: a file, data or blob URL, or one of localhost."""
    parts = urlsplit(url)
    return parts.scheme in _LOCAL_SCHEMES or parts.hostname in _LOCAL_HOSTS


def test_only_local_urls_count_as_local():
    assert all(map(_is_local, ["http://127.0.0.1:8000/widget.js", "http://localhost/x", "data:image/png;base64,AA",
                               "blob:http://127.0.0.1:1/abc", "file:///tmp/a.html", "ws://[::1]:9/"]))
    assert not any(map(_is_local, ["https://fonts.googleapis.com/css", "http://127.0.0.1.example.com/",
                                   "https://cdn.jsdelivr.net/npm/anywidget", "//unpkg.com/x"]))


class _Page:
    """A page at ``url`` once the widget has rendered, with the errors its scripts raise and the URLs it
    requests."""

    def __init__(self, chromium, url):
        self.page = chromium.new_page()
        self.errors = []
        self.requests = []
        self.page.on("pageerror", lambda error: self.errors.append(error))
        self.page.on("request", lambda request: self.requests.append(request.url))
        self.page.goto(url)
        self.page.wait_for_selector("body[data-ready='true']")

    def __enter__(self):
        return self.page

    def __exit__(self, *exc):
        self.page.close()
        if exc[0] is None:
            assert self.errors == []
            assert self.requests and [url for url in self.requests if not _is_local(url)] == []


def _text(page, role):
    return page.locator(f"[data-role='{role}']").inner_text()


def _colour(page, selector):
    return page.locator(selector).first.evaluate("e => getComputedStyle(e).backgroundColor")


BLUE, RED = "rgb(51, 102, 204)", "rgb(204, 51, 51)"     # #36c and #c33, as cgt's pictures draw Left and Right


def test_clicking_a_domineering_domino_in_chromium_shows_the_new_value(chromium):
    from cgt.play.board import Board

    board = Board(Domineering("...|..."))
    with WidgetHost(board) as url, _Page(chromium, url) as page:
        assert _text(page, "value") == "{2|-1/2}"
        assert _text(page, "outcome") == "N"
        page.click("[data-row='0'][data-col='0']")      # Left's vertical domino in the first column
        # (the pointer's preview updates the page too: wait for the move itself)
        page.wait_for_function("document.querySelector(\"[data-role='to-move']\").textContent === 'Right'")
        assert _text(page, "value") == str(Domineering("#..|#..").canonical_form) == "+-1"
        assert _text(page, "outcome") == "N"
        assert _text(page, "temperature") == "1"
        assert _text(page, "to-move") == "Right"
        assert page.locator("[data-owner='L']").count() == 2


def test_a_clobber_move_takes_two_clicks_in_chromium(chromium):
    from cgt.play.board import Board

    board = Board(Clobber("xo.|ox."))
    with WidgetHost(board) as url, _Page(chromium, url) as page:
        page.click("[data-row='0'][data-col='0']")      # the x in the corner: it can clobber right or down
        page.wait_for_selector(".cgt-selected")
        page.click("[data-row='0'][data-col='1']")      # ... it clobbers the o to its right
        page.wait_for_function("document.querySelector(\"[data-role='to-move']\").textContent === 'Right'")
        assert board.rows == [".x.", "ox."]
        assert _text(page, "value") == str(Clobber(".x.|ox.").canonical_form)
        page.click("text=Undo")
        page.wait_for_function("document.querySelector(\"[data-role='to-move']\").textContent === 'Left'")
        assert _text(page, "value") == "*"


def test_each_players_pieces_are_in_their_colour_with_a_legend_in_chromium(chromium):
    from cgt.play.board import Board

    board = Board(Domineering("#...|...."))
    board.click(0, 1)                    # Left's domino down the second column
    board.click(1, 2)
    board.click(1, 3)                    # Right's on the bottom row
    with WidgetHost(board) as url, _Page(chromium, url) as page:
        assert _text(page, "legend-L") == "Left places vertical dominoes"
        assert _text(page, "legend-R") == "Right places horizontal dominoes"
        assert _colour(page, "[data-role='legend-L'] .cgt-swatch") == BLUE
        assert _colour(page, "[data-role='legend-R'] .cgt-swatch") == RED
        assert _colour(page, "[data-row='0'][data-col='1'] .cgt-tile") == BLUE
        assert _colour(page, "[data-row='1'][data-col='3'] .cgt-tile") == RED
        assert page.locator(".cgt-blocked").count() == 1      # the cell off the board from the start


def test_clobber_stones_are_blue_and_red_in_chromium(chromium):
    from cgt.play.board import Board

    with WidgetHost(Board(Clobber("xo"))) as url, _Page(chromium, url) as page:
        assert _text(page, "legend-L") == "Left moves a blue stone onto a red one next to it"
        assert _colour(page, "[data-col='0'] .cgt-stone") == BLUE
        assert _colour(page, "[data-col='1'] .cgt-stone") == RED


def test_the_cell_under_the_pointer_previews_the_move_in_chromium(chromium):
    from cgt.play.board import Board

    board = Board(Domineering("...|...|..."), to_move="R")
    with WidgetHost(board) as url, _Page(chromium, url) as page:
        page.hover("[data-row='2'][data-col='0']")         # Right's one domino on that cell
        page.wait_for_selector(".cgt-preview .cgt-ghost")
        previewed = page.eval_on_selector_all(".cgt-preview", "cells => cells.map(c => [+c.dataset.row, +c.dataset.col])")
        assert previewed == [[2, 0], [2, 1]]
        assert board.rows == ["...", "...", "..."]          # nothing played
        page.mouse.move(600, 400)                          # off the board: no preview
        page.wait_for_function("document.querySelectorAll('.cgt-preview').length === 0")
