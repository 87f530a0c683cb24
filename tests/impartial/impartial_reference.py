"""Reference data for the impartial tests, read from ``../shared`` beside the repository.

Expected values come only from these files (CGSuite's test vectors, published
facts) or from brute force in the tests themselves, never from `cgt`.
"""

import json
import re
from pathlib import Path

import pytest

SHARED = Path(__file__).resolve().parents[3] / "shared"
REFERENCE = SHARED / "reference"
SEEDS = SHARED / "seeds"


def _load(name):
    path = REFERENCE / name
    if not path.exists():
        pytest.skip(f"reference data {path} not found", allow_module_level=True)
    return json.loads(path.read_text())


def impartial_facts():
    return _load("impartial_facts.json")["facts"]


def heap_vectors():
    return [v for v in _load("cgsuite_vectors.json")["vectors"] if v["category"] == "heap"]


def seed(prefix):
    """The text of the seed file whose name starts with ``prefix``."""
    matches = sorted(SEEDS.glob(prefix + "_*.txt"))
    if not matches:
        pytest.skip(f"seed {prefix} not found in {SEEDS}", allow_module_level=True)
    return matches[0].read_text()


def octal_code_in(text):
    """The take-and-break code named in a fact's description, e.g. 'Kayles 0.77' -> '0.77'.

    ``0.333...`` (a digit repeated forever) becomes ``0.333[3]``.
    """
    match = re.search(r"(\d+!?\.[0-9A-V]*(?:\[[0-9A-V]+\])?)(\.\.\.)?", text)
    if match is None:
        return None
    code, repeated = match.groups()
    return f"{code}[{code[-1]}]" if repeated else code


def subtraction_set_in(text):
    match = re.search(r"S=\{([\d,\s]+)\}", text)
    return None if match is None else [int(s) for s in match.group(1).split(",")]
