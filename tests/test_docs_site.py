"""The documentation site builds with MkDocs (the Material theme) with
warnings as errors.

The pages' examples run as doctests elsewhere in the suite; this checks the
site around them: navigation, links and anchors between pages, and the API
reference generated from the docstrings (mkdocs.yml sets ``strict``); and
what a reader of modern Python docs expects of it: a nav of a few sections,
a search index over every page, copy buttons on code and a light/dark toggle.
"""

import json
import re
import subprocess
import sys
from pathlib import Path

import pytest
import yaml

ROOT = Path(__file__).resolve().parent.parent
CONFIG = yaml.safe_load((ROOT / "mkdocs.yml").read_text())


def nav_pages(entries):
    """The Markdown files a nav (a list of ``{title: page or sub-nav}``) links."""
    for entry in entries:
        for target in entry.values():
            if isinstance(target, list):
                yield from nav_pages(target)
            else:
                yield target


@pytest.fixture(scope="module")
def site(tmp_path_factory):
    site_dir = tmp_path_factory.mktemp("site")
    result = subprocess.run(
        [sys.executable, "-m", "mkdocs", "build", "--strict", "--site-dir", str(site_dir)],
        cwd=ROOT, capture_output=True, text=True,
    )
    assert result.returncode == 0, result.stderr
    return site_dir


def test_docs_site_builds_without_warnings(site):
    for page in ["index.html", "numbers/index.html", "api/core/index.html", "api/db/index.html",
                 "textbook/index.html"]:
        assert (site / page).is_file(), page
    api = (site / "api" / "core" / "index.html").read_text()
    assert "simplest_number" in api and "language-pycon" in api
    loopy = (site / "api" / "loopy" / "index.html").read_text()
    assert all(f'id="cgt.loopy.{name}"' in loopy for name in
               ["sided.SidedValue", "stopper.Stopper", "carousel.Carousel", "graph.GameGraph", "named",
                "simplification.simplified_graph", "side_order.side_le"])


def test_top_level_nav_is_a_few_sections_keeping_every_page(site):
    assert CONFIG["theme"]["name"] == "material"
    assert len(CONFIG["nav"]) <= 7
    pages = {str(p.relative_to(ROOT / "docs")) for p in (ROOT / "docs").rglob("*.md")}
    assert sorted(nav_pages(CONFIG["nav"])) == sorted(pages)
    tabs = re.findall(r'class="md-tabs__item', (site / "index.html").read_text())
    assert len(tabs) == len(CONFIG["nav"])


def test_site_has_a_search_index_over_every_page(site):
    index = json.loads((site / "search" / "search_index.json").read_text())
    located = {doc["location"].split("#")[0] for doc in index["docs"]}
    expected = {"" if page == "index.md" else page.removesuffix(".md") + "/"
                for page in nav_pages(CONFIG["nav"])}
    assert expected <= located
    assert any("simplest_number" in doc["text"] for doc in index["docs"])


def site_config(page):
    """The Material theme's JSON config embedded in a built page."""
    found = re.search(r'<script id="__config" type="application/json">(.*?)</script>', page, re.S)
    return json.loads(found.group(1))


def test_code_blocks_get_a_copy_button(site):
    page = (site / "numbers" / "index.html").read_text()
    assert "content.code.copy" in site_config(page)["features"]
    assert "<pre><code" in page


def test_palette_toggles_between_light_and_dark(site):
    page = (site / "index.html").read_text()
    schemes = re.findall(r'<input class="md-option"[^>]*data-md-color-scheme="([^"]+)"[^>]*'
                         r'name="__palette"', page)
    assert sorted(schemes) == ["default", "slate"]
    assert "Switch to dark mode" in page and "Switch to light mode" in page
