"""The documentation site builds with MkDocs with warnings as errors.

The pages' examples run as doctests elsewhere in the suite; this checks the
site around them: navigation, links and anchors between pages, and the API
reference generated from the docstrings (mkdocs.yml sets ``strict``).
"""

import subprocess
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent


def test_docs_site_builds_without_warnings(tmp_path):
    result = subprocess.run(
        [sys.executable, "-m", "mkdocs", "build", "--strict", "--site-dir", str(tmp_path)],
        cwd=ROOT, capture_output=True, text=True,
    )
    assert result.returncode == 0, result.stderr
    for page in ["index.html", "numbers/index.html", "api/core/index.html", "api/db/index.html",
                 "textbook/index.html"]:
        assert (tmp_path / page).is_file(), page
    api = (tmp_path / "api" / "core" / "index.html").read_text()
    assert "simplest_number" in api and "language-pycon" in api
    loopy = (tmp_path / "api" / "loopy" / "index.html").read_text()
    assert all(f'id="cgt.loopy.{name}"' in loopy for name in
               ["sided.SidedValue", "stopper.Stopper", "carousel.Carousel", "graph.GameGraph", "named",
                "simplification.simplified_graph", "side_order.side_le"])
