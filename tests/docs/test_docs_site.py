"""The documentation site builds with MkDocs (the Material theme) with
warnings as errors.

The pages' examples run as doctests elsewhere in the suite; this checks the
site around them: navigation, links and anchors between pages, and the API
reference generated from the docstrings (mkdocs.yml sets ``strict``); and
what a reader of modern Python docs expects of it: a nav of a few sections,
a search index over every page, copy buttons on code and a light/dark toggle,
code highlighted when the site is built, and nothing fetched from another
host.  The site is built once, by ``site_build`` (conftest.py); the browser
test (test_docs_browser.py) serves the same build.
"""

import json
import re
from pathlib import Path

import pytest
import yaml

ROOT = Path(__file__).resolve().parents[2]
CONFIG = yaml.safe_load((ROOT / "mkdocs.yml").read_text())


def nav_pages(entries):
    """The Markdown files a nav (a list of ``{title: page or sub-nav}``) links."""
    for entry in entries:
        for target in entry.values():
            if isinstance(target, list):
                yield from nav_pages(target)
            else:
                yield target


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
    assert re.search(r"<pre>(?:<span></span>)?<code", page)


def test_palette_toggles_between_light_and_dark(site):
    page = (site / "index.html").read_text()
    schemes = re.findall(r'<input class="md-option"[^>]*data-md-color-scheme="([^"]+)"[^>]*'
                         r'name="__palette"', page)
    assert sorted(schemes) == ["default", "slate"]
    assert "Switch to dark mode" in page and "Switch to light mode" in page


def test_build_prints_nothing_but_progress(site_build):
    lines = [line for line in site_build.log.splitlines() if line.strip()]
    assert lines and all(line.startswith("INFO") for line in lines), site_build.log


def test_code_is_highlighted_by_pygments_when_the_site_is_built(site):
    home = (site / "index.html").read_text()
    assert '<div class="language-pycon highlight">' in home
    assert '<span class="gp">&gt;&gt;&gt; </span><span class="kn">from</span>' in home
    assert '<span class="go">(Game(&#39;{1^|^*}&#39;), &#39;L&#39;, 4)</span>' in home


EXTERNAL = re.compile(r'<(?:script|link|img|iframe)\b[^>]*\b(?:src|href)="(?:https?:)?//[^"]*"')


def test_no_page_loads_a_script_stylesheet_font_or_image_from_another_host(site):
    pages = sorted(site.rglob("*.html"))
    assert len(pages) > len(list(nav_pages(CONFIG["nav"])))
    assert {str(page.relative_to(site)): EXTERNAL.findall(page.read_text()) for page in pages
            if EXTERNAL.search(page.read_text())} == {}


def test_home_page_shows_the_simplest_number_braces_without_a_backslash(site):
    home = (site / "index.html").read_text()
    assert "<code>{a | b}</code>" in home
    assert "\\|" not in home


def test_home_page_lists_every_extra_of_the_distribution(site):
    tomllib = pytest.importorskip("tomllib")
    extras = tomllib.loads((ROOT / "pyproject.toml").read_text())["project"]["optional-dependencies"]
    home = (site / "index.html").read_text()
    listed = re.findall(r"<tr>\s*<td><code>([a-z]+)</code></td>", home)
    assert sorted(listed) == sorted(extras)


def test_home_page_links_every_page_of_the_guide(site):
    home = (site / "index.html").read_text()
    guide = {page for page in nav_pages(CONFIG["nav"]) if page != "index.md" and not page.startswith("api/")}
    linked = {href.removesuffix("/") + ".md" for href in re.findall(r'<td><a href="([a-z]+/)">', home)}
    assert guide <= linked
