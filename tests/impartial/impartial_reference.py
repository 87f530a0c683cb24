"""Reference data for the impartial tests, read from ``../shared`` beside the repository.

Expected values come only from these files (CGSuite's test vectors, published
facts) or from brute force in the tests themselves, never from `cgt`.
"""

import re
from pathlib import Path

import pytest

import reference_data
from cgt.impartial import Subtraction, TakeAndBreak

SHARED = Path(__file__).resolve().parents[3] / "shared"
SEEDS = SHARED / "seeds"


def impartial_facts():
    """The facts of ``impartial_facts.json`` (skips the module without them)."""
    return reference_data.impartial_facts(missing="skip")


def heap_vectors(ops=None):
    """CGSuite's vectors of category 'heap', kept to ``ops`` (skips the module without them)."""
    return reference_data.cgsuite_vectors(ops=ops, categories={"heap"}, missing="skip")


def misere_vectors():
    """CGSuite's vectors of category 'misere' (skips the module without them)."""
    return reference_data.cgsuite_vectors(categories={"misere"}, missing="skip")


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


# The take-and-break rulesets of CGSuite's ``game.heap`` expressions.
HEAP_PATTERNS = [
    (r'game\.heap\.TakeAndBreak\("([^"]+)"\)', lambda m: TakeAndBreak(m.group(1))),
    (r"game\.heap\.Subtraction\(\[([\d,]+)\](, allbut => true)?\)",
     lambda m: Subtraction([int(s) for s in m.group(1).split(",")], allbut=bool(m.group(2)))),
]


def heap_ruleset(text, patterns, unknown, unmatched):
    """(ruleset, rest of ``text``) by the first matching (regex, build); else skips: ``unknown``/``unmatched``."""
    for pattern, build in patterns:
        match = re.match(pattern, text)
        if match:
            ruleset = build(match)
            if ruleset is None:
                pytest.skip(unknown.format(match.group(1)))
            return ruleset, text[match.end():]
    pytest.skip(unmatched.format(text))
