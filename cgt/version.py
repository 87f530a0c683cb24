"""The version of ``cgt-toolkit`` running (``cgt.__version__``, ``cgt --version``).

Read from the ``pyproject.toml`` of the source tree when cgt runs from one
(an editable install, a clone on ``PYTHONPATH``), else from the installed
package's metadata, so that it is never stale in either.

>>> cgt_version().split(".")[0].isdigit()
True
"""

import os
import re

__all__ = ["cgt_version"]

_PYPROJECT = os.path.join(os.path.dirname(os.path.dirname(os.path.abspath(__file__))), "pyproject.toml")


def cgt_version() -> str:
    """The version of ``cgt-toolkit`` running: that of the ``pyproject.toml`` of its source
    tree when it runs from one, else the installed package's, else ``'unknown'``."""
    if os.path.isfile(_PYPROJECT):
        with open(_PYPROJECT, encoding="utf-8") as handle:
            # the [project] table, up to the next table
            project = handle.read().partition("\n[project]\n")[2].partition("\n[")[0]
        if re.search(r'^name\s*=\s*"cgt-toolkit"', project, re.MULTILINE):
            found = re.search(r'^version\s*=\s*"([^"]+)"', project, re.MULTILINE)
            if found:
                return found.group(1)
    import importlib.metadata  # lazy load for import time: only an installed package needs it

    try:
        return importlib.metadata.version("cgt-toolkit")
    except importlib.metadata.PackageNotFoundError:
        return "unknown"
