"""The documentation site in a real browser: headless Chromium loads every page of the built
site, served on localhost, and clicks copy buttons.

Every request a page makes is recorded (and any to another host is refused, so that the test
itself leaks nothing): a page must work offline and tell no other host that it was read.
A copy button must copy code that runs: a doctest block without its prompts and output.
The browser is the session's ``chromium`` (tests/conftest.py: skipped without one, except
where ``CGT_REQUIRE_BROWSER=1``); the site is the session's build (tests/docs/conftest.py).
"""

import doctest
import functools
import subprocess
import sys
import threading
from http.server import SimpleHTTPRequestHandler, ThreadingHTTPServer

import pytest

# Every page of the site in a browser: about a minute, so the README's test run leaves it to CI
# (`python -m pytest -m slow`).
pytestmark = pytest.mark.slow


class _QuietHandler(SimpleHTTPRequestHandler):
    def log_message(self, format, *args):
        """Serve without a line on stderr per request."""


@pytest.fixture(scope="module")
def origin(site):
    """The built site served over HTTP on localhost, in a thread; its origin URL."""
    server = ThreadingHTTPServer(("127.0.0.1", 0), functools.partial(_QuietHandler, directory=str(site)))
    thread = threading.Thread(target=server.serve_forever, daemon=True)
    thread.start()
    yield f"http://127.0.0.1:{server.server_port}"
    server.shutdown()
    server.server_close()


def _is_local(url, origin):
    return url == origin or url.startswith(origin + "/") or url.startswith(("data:", "blob:"))


@pytest.fixture(scope="module")
def requested():
    """The URL of every request the pages of the module's browser context make, in order."""
    return []


@pytest.fixture(scope="module")
def context(chromium, origin, requested):
    """A browser context that may use the clipboard and records every request its pages make
    (a page's, its scripts', its workers') in ``requested``, refusing those to another host."""
    context = chromium.new_context()
    context.grant_permissions(["clipboard-read", "clipboard-write"], origin=origin)
    context.on("request", lambda request: requested.append(request.url))
    context.route(lambda url: not _is_local(url, origin), lambda route: route.abort())
    yield context
    context.close()


def _open(context, url):
    """A new page at ``url`` once loaded (its scripts run) and its network idle, and the list
    of errors its scripts raise.  (Playwright's "networkidle" alone may come before the load
    event: a long page can take the parser half a second with no request open.)"""
    page = context.new_page()
    errors = []
    page.on("pageerror", lambda error: errors.append(str(error)))
    page.goto(url, wait_until="load")
    page.wait_for_load_state("networkidle")
    return page, errors


@pytest.fixture(scope="module")
def visits(site, origin, context, requested):
    """Every page of the site, loaded (``_open``): for each, the URLs it
    requested, its script errors and, for each session block (``pycon``, ``console``), its
    language, text and the text its copy button copies."""
    found = {}
    for path in sorted(site.rglob("*.html")):
        relative = path.relative_to(site).as_posix()
        first = len(requested)
        page, errors = _open(context, f"{origin}/{relative}")
        blocks = page.evaluate("""() => [...document.querySelectorAll(
                '.language-pycon pre, .language-console pre')].map(pre => [
            pre.parentElement.classList.contains('language-pycon') ? 'pycon' : 'console',
            pre.querySelector('code').textContent, pre.dataset.copy])""")
        page.close()
        found[relative] = {"requests": requested[first:], "errors": errors, "blocks": blocks}
    return found


def test_every_docs_page_loads_and_requests_nothing_beyond_localhost(site, origin, visits):
    assert "index.html" in visits and "api/core/index.html" in visits and "404.html" in visits
    assert len(visits) == len(list(site.rglob("*.html")))
    assert all(f"{origin}/{page}" in seen["requests"] for page, seen in visits.items())
    beyond = {page: [url for url in seen["requests"] if not _is_local(url, origin)]
              for page, seen in visits.items()}
    assert {page: urls for page, urls in beyond.items() if urls} == {}


def test_docs_pages_raise_no_script_errors(visits):
    assert {page: seen["errors"] for page, seen in visits.items() if seen["errors"]} == {}


def _doctest_source_lines(text):
    """The lines of source Python's doctest reads from ``text``, blank lines left out."""
    return [line for example in doctest.DocTestParser().get_examples(text)
            for line in example.source.splitlines() if line.strip()]


def test_every_doctest_block_copies_exactly_the_source_doctest_reads(visits):
    blocks = [(page, text, copied) for page, seen in visits.items()
              for language, text, copied in seen["blocks"] if language == "pycon"]
    assert len(blocks) > 200
    wrong = [(page, copied) for page, text, copied in blocks
             if copied is None or [line for line in copied.splitlines() if line.strip()]
             != _doctest_source_lines(text)]
    assert wrong == []


def test_shell_blocks_copy_the_commands_without_prompts_or_output(visits):
    tutorial = [copied for language, _, copied in visits["tutorial/index.html"]["blocks"]
                if language == "console"]
    assert tutorial == ["cgt eval dud\ncgt eval '-{1|*}' --json"]


def _copy_every_doctest_block(context, url):
    """For each doctest block of the page at ``url``, clicked in order: the text it shows and
    the text its copy button puts on the clipboard."""
    page, _ = _open(context, url)
    copied = []
    blocks = page.locator(".language-pycon")
    for index in range(blocks.count()):
        block = blocks.nth(index)
        block.hover()
        block.locator("button[data-clipboard-target]").click()
        copied.append((block.locator("code").text_content(), page.evaluate("navigator.clipboard.readText()")))
    page.close()
    return copied


def _shows_an_error(text):
    return any(example.exc_msg is not None for example in doctest.DocTestParser().get_examples(text))


# The home page and the tutorial, and the nimbers page: its Grundy-value example defines a
# function over `...` continuation lines.  The blocks that show an error (a traceback) are
# left out: their code raises it, as the page says.  The code runs outside the checkout, against
# the installed cgt.
@pytest.mark.parametrize("page", ["", "tutorial/", "nimbers/"])
def test_code_copied_from_a_page_runs_when_pasted_into_python(context, origin, page, tmp_path):
    copied = _copy_every_doctest_block(context, f"{origin}/{page}")
    assert copied and all(text and ">>>" not in text for _, text in copied)
    script = "\n".join(text for shown, text in copied if not _shows_an_error(shown))
    result = subprocess.run([sys.executable, "-c", script], cwd=tmp_path, capture_output=True,
                            text=True, timeout=300)
    assert result.returncode == 0, result.stderr


def test_code_is_coloured_by_token_kind(context, origin):
    page, _ = _open(context, f"{origin}/")
    colour = "selector => getComputedStyle(document.querySelector(selector)).color"
    keyword = page.evaluate(colour, ".language-pycon .kn")
    name = page.evaluate(colour, ".language-pycon .nn")
    prompt = page.evaluate(colour, ".language-pycon .gp")
    page.close()
    assert len({keyword, name, prompt}) == 3
