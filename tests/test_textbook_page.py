"""docs/textbook.md keeps its worked examples: at least 20, each cited and each run.

The page's sessions run as doctests (pytest's --doctest-glob); this guards the
page itself against shrinking, and against an example losing its citation.
"""

import re
from pathlib import Path

PAGE = Path(__file__).resolve().parent.parent / "docs" / "textbook.md"
BOOKS = ("WW vol.", "LiP", "Siegel")     # the abbreviations the page defines


def test_textbook_page_has_at_least_20_cited_textbook_examples():
    text = PAGE.read_text(encoding="utf-8")
    examples = re.split(r"^### ", text, flags=re.MULTILINE)[1:]
    textbook = 0
    for example in examples:
        title = example.splitlines()[0]
        sources = re.findall(r"^\*\*Source:\*\*(.*?)(?:\n\n|\Z)", example, flags=re.MULTILINE | re.DOTALL)
        assert len(sources) == 1, f"example {title!r} needs exactly one **Source:** paragraph"
        assert "\n>>> " in example, f"example {title!r} has no session"
        textbook += any(book in sources[0] for book in BOOKS)
    assert len(examples) >= 20, f"only {len(examples)} examples on {PAGE.name}"
    assert textbook >= 20, f"only {textbook} examples cite Winning Ways, Lessons in Play or Siegel"
