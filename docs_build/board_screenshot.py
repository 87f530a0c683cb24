"""Take the screenshot of the interactive board in docs/img/board.png (headless Chromium, Playwright).

    python docs_build/board_screenshot.py [path-to-chromium]

The board is a Domineering position after Left's first domino, with the cell
Right has clicked selected (two dominoes cover it); it is served by
``widget_host.py`` as the browser test serves it.
"""

import shutil
import sys
from pathlib import Path

from playwright.sync_api import sync_playwright

from cgt.play.board import Board
from cgt.rulesets import Domineering
from widget_host import WidgetHost

OUT = Path(__file__).resolve().parent.parent / "docs" / "img" / "board.png"


def main(executable=None):
    executable = executable or shutil.which("chromium") or shutil.which("chromium-browser")
    board = Board(Domineering("....|....|...."))
    board.click(0, 0)       # Left's domino in the first column
    board.click(2, 1)       # Right's first cell: two horizontal dominoes cover it, so it waits for the second
    with WidgetHost(board) as url, sync_playwright() as playwright:
        browser = playwright.chromium.launch(executable_path=executable, headless=True, args=["--no-sandbox"])
        page = browser.new_page(viewport={"width": 620, "height": 260}, device_scale_factor=2)
        page.goto(url)
        page.wait_for_selector("body[data-ready='true']")
        page.locator(".cgt-board").screenshot(path=str(OUT))
        browser.close()
    print(OUT)


if __name__ == "__main__":
    main(*sys.argv[1:])
