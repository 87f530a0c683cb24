"""The documentation site, built once per test session for the tests in tests/docs.

The build runs as a reader runs it, ``mkdocs build --strict``, with
``NO_MKDOCS_2_WARNING=1``: the variable the Material theme names for turning off
the notice it prints at every build about its own end of life and MkDocs 2.0
(docs/index.md says the same to readers who build the site).
"""

import os
import subprocess
import sys
from dataclasses import dataclass
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parents[2]


@dataclass(frozen=True)
class SiteBuild:
    """A built site: its directory, and what ``mkdocs build`` printed on the way."""

    directory: Path
    log: str


@pytest.fixture(scope="session")
def site_build(tmp_path_factory):
    directory = tmp_path_factory.mktemp("site")
    result = subprocess.run(
        [sys.executable, "-m", "mkdocs", "build", "--strict", "--site-dir", str(directory)],
        cwd=ROOT, capture_output=True, text=True, env={**os.environ, "NO_MKDOCS_2_WARNING": "1"},
    )
    assert result.returncode == 0, result.stderr
    return SiteBuild(directory, result.stdout + result.stderr)


@pytest.fixture(scope="session")
def site(site_build):
    return site_build.directory
