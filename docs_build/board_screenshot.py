"""Take the screenshot of the interactive board in docs/img/board-after.png (headless Chromium, Playwright).

    python docs_build/board_screenshot.py [path-to-chromium]

The board is a Domineering position after three dominoes, Left's two blue and
Right's red, with Right to move and the pointer on the bottom-left cell, where
the one domino Right can place is previewed; it is served by
``widget_host.py`` as the browser test serves it.  ``docs/img/board-before.png``
is the same position as the board drew it before the players had colours
(issue #36).
"""

import shutil
import sys
from pathlib import Path

from playwright.sync_api import sync_playwright

from cgt.play.board import Board
from cgt.rulesets import Domineering
from widget_host import WidgetHost

OUT = Path(__file__).resolve().parent.parent / "docs" / "img" / "board-after.png"


def main(executable=None):
    executable = executable or shutil.which("chromium") or shutil.which("chromium-browser")
    board = Board(Domineering(".....|.....|.....|....."))
    for cell in [(0, 0), (0, 2), (0, 3), (1, 4), (2, 4)]:      # Left's domino, Right's, Left's
        board.click(*cell)
    with WidgetHost(board) as url, sync_playwright() as playwright:
        browser = playwright.chromium.launch(executable_path=executable, headless=True, args=["--no-sandbox"])
        page = browser.new_page(viewport={"width": 760, "height": 300}, device_scale_factor=2)
        page.goto(url)
        page.wait_for_selector("body[data-ready='true']")
        page.hover("[data-row='3'][data-col='0']")
        page.wait_for_selector(".cgt-preview")
        page.locator(".cgt-board").screenshot(path=str(OUT))
        browser.close()
    print(OUT)


if __name__ == "__main__":
    main(*sys.argv[1:])
