"""Every fact of ``impartial_facts.json`` whose kind `cgt` supports, checked against `cgt`.

Facts are skipped by what they need (misère facts are checked in
``test_misere.py``; some periods need more heaps than the test budget), never
by their id.
"""

import os
import re

import pytest

from cgt.impartial import Subtraction, TakeAndBreak
from cgt.impartial.periodicity import values_needed
from impartial_reference import impartial_facts, octal_code_in, subtraction_set_in

SLOW = bool(os.environ.get("CGT_SLOW_TESTS"))
# Heaps a test may compute to prove a period: every published period needing fewer than a
# million (0.16 from 520,000 heaps and the disputed preperiod of 0.56 from 653,570, each a few
# seconds with the compiled kernel).  The larger ones are benchmark rows (benchmarks/impartial.py).
BUDGET = 1_000_000

FACTS = impartial_facts()


def ruleset_of(fact):
    if fact.get("cgsuite_code"):
        return TakeAndBreak(fact["cgsuite_code"])
    subtraction_set = subtraction_set_in(fact["game"])
    if subtraction_set:
        return Subtraction(subtraction_set)
    code = octal_code_in(fact["game"])
    if code is None:
        pytest.skip(f"no heap ruleset named in {fact['game']!r}")
    return TakeAndBreak(code)


def needs_normal_play(fact):
    if fact.get("play", "normal") != "normal":
        pytest.skip(f"{fact['play']} play: checked in test_misere.py (test_misere_nim_sequence_fact)")


def by_kind(kind):
    return [pytest.param(f, id=f["id"]) for f in FACTS if f["kind"] == kind]


def test_every_fact_kind_is_known():
    assert {f["kind"] for f in FACTS} <= {"nim_sequence", "period", "p_positions", "formula"}


@pytest.mark.parametrize("fact", by_kind("nim_sequence"))
def test_nim_sequence(fact):
    needs_normal_play(fact)
    lo, hi = fact["n_range"]
    assert ruleset_of(fact).nim_sequence(hi)[lo:] == fact["value"]


@pytest.mark.parametrize("fact", by_kind("formula"))
def test_formula(fact):
    rule = fact["value"].split(";")[0]
    match = re.fullmatch(r"g\(n\) = n( mod (\d+))?", rule.strip())
    assert match, f"unsupported formula {rule!r}"
    modulus = int(match.group(2)) if match.group(2) else None
    lo, hi = fact["n_range"]
    expected = [n % modulus if modulus else n for n in range(lo, hi + 1)]
    assert ruleset_of(fact).nim_sequence(hi)[lo:] == expected


@pytest.mark.parametrize("fact", by_kind("period"))
def test_period(fact):
    value = fact["value"]
    ruleset = ruleset_of(fact)
    if value.get("period") is None or "preperiod" not in value:
        # Unsolved (or disputed) games: no period may be claimed within the budget.
        top = min(fact.get("n_range", [0, BUDGET])[1], BUDGET, 4000)
        if "published_last_exception" in value:
            check_disputed_period(ruleset, value)
            return
        assert ruleset.periodicity(top) is None
        check_records(ruleset, value)
        return
    period, preperiod = value["period"], value["preperiod"]
    code = ruleset._code
    needed = values_needed(preperiod, period, code.max_removed, code.max_heaps)
    if needed > BUDGET:
        if not fact.get("verified_by_brute_force", True):
            pytest.skip(f"a published anchor, not verified by brute force ({needed} heaps)")
        pytest.skip(f"proving this period needs {needed} heaps, beyond the test budget {BUDGET}: "
                    "proved in benchmarks/impartial.py (python -m benchmarks --only 'period of')")
    found = ruleset.periodicity(max(needed, 2000))
    assert (found.period, found.preperiod, found.saltus) == (period, preperiod, value.get("saltus", 0))
    values = ruleset.nim_sequence(max(preperiod + 2 * period, len(value.get("head", ())), 20))
    if "exceptions" in value:
        # n is exceptional when g(n) differs from the periodic value of its residue class.
        periodic = [values[preperiod + (n - preperiod) % period] for n in range(preperiod)]
        assert [n for n in range(preperiod) if values[n] != periodic[n]] == value["exceptions"]
    if "head" in value:
        assert values[:len(value["head"])] == value["head"]
    if "pattern" in value:
        assert values[preperiod:preperiod + period] == value["pattern"]
    if "heaps_1_to_20" in value:
        assert values[1:21] == value["heaps_1_to_20"]
    if "max_value" in value:
        assert max(values) == value["max_value"]


def check_disputed_period(ruleset, value):
    """A published preperiod that brute force contradicts: cgt must agree with the brute force."""
    period, preperiod = value["period"], value["brute_force_preperiod"]
    code = ruleset._code
    needed = values_needed(preperiod, period, code.max_removed, code.max_heaps)
    if needed > BUDGET:
        pytest.skip(f"disputed published preperiod: checking the brute force needs {needed} heaps, "
                    f"beyond the test budget {BUDGET}")
    found = ruleset.periodicity(needed)
    assert (found.period, found.preperiod) == (period, preperiod)
    values = ruleset.nim_sequence(preperiod + period)
    last = max(n for n in range(preperiod) if values[n] != values[preperiod + (n - preperiod) % period])
    assert last == value["brute_force_last_exception"] != value["published_last_exception"]


def check_records(ruleset, value):
    """The recorded values of an unsolved game: its largest value, its rare heaps (sparse space).

    ``max_value_to_N`` is checked as is.  The rare heaps (``popcount(g & mask)``
    even, heap 0 included) end at ``last_rare`` up to ``computed_to``, so 2**15
    heaps decide their count; the largest value is checked exactly when the
    run reaches it (CGT_SLOW_TESTS=1 computes all of ``computed_to``), else
    as an upper bound.
    """
    for key, expected in value.items():
        bound = re.fullmatch(r"max_value_to_(\d+)", key)
        if bound:
            assert max(ruleset.nim_sequence(int(bound.group(1)))) == expected
    if "rare_mask_hex" not in value:
        return
    top = value["computed_to"] if SLOW else max(1 << 15, 2 * value["last_rare"])
    stats = ruleset.sparse_space(top)
    assert (stats.mask, stats.rare_count, stats.last_rare) == (
        int(value["rare_mask_hex"], 16), value["rare_count"], value["last_rare"])
    if top >= value["largest_value_at"]:
        assert (stats.largest_value, stats.largest_value_at) == (
            value["largest_value"], value["largest_value_at"])
    else:
        assert stats.largest_value <= value["largest_value"]


@pytest.mark.parametrize("fact", by_kind("p_positions"))
def test_p_positions(fact):
    value = fact["value"]
    ruleset = ruleset_of(fact)
    lo, hi = fact["n_range"]
    if isinstance(value, list):
        expected, hi = value, min(hi, BUDGET)
    elif isinstance(value, dict):
        key = next(k for k in value if re.fullmatch(r"(list|zeros)_to_\d+", k))
        hi = int(key.rsplit("_", 1)[1])
        expected = value[key]
    else:
        match = re.fullmatch(r"n = ([\d or]+) \(mod (\d+)\)", value)
        assert match, f"unsupported P-position rule {value!r}"
        residues = {int(r) for r in match.group(1).split(" or ")}
        expected = [n for n in range(lo, hi + 1) if n % int(match.group(2)) in residues]
    values = ruleset.nim_sequence(hi)
    assert [n for n in range(lo, hi + 1) if values[n] == 0] == expected
