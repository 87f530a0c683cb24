"""Misère quotients against MisereSolver's output, misère canonical forms, and the monoid laws.

Expected quotients come from ``tests/data/misere_quotients.json`` (A. N. Siegel's
MisereSolver run on each octal code and heap bound).  A reference presentation is read as a
rewriting system (each relation ``lhs=rhs`` rewrites ``lhs`` to ``rhs``); our quotient agrees
with it when the map sending our image of heap ``n`` to the reference's word for heap ``n``
extends to a bijective homomorphism carrying ``P`` onto ``P`` — the presentations are then
equal up to renaming generators, and so are the pretending functions.  Outcomes of sums are
checked against the misère canonical forms of `cgt.impartial.misere`.
"""

import json
import re
import signal
from collections import deque
from itertools import combinations_with_replacement
from pathlib import Path

import pytest
from hypothesis import given, settings, strategies as st

from cgt.errors import GameTooLargeError
from cgt.impartial import TakeAndBreak
from cgt.impartial.misere_quotients import misere_quotient
from cgt.limits import LIMITS

REFERENCE = json.loads((Path(__file__).parents[1] / "data" / "misere_quotients.json").read_text())["quotients"]
LETTERS = "abcdefghijklmnopqrstuvwxyzABCDEFGHIJKLMNOPQRSTUVWXYZ"


# --- reading a reference presentation ------------------------------------------------------

def tame_rules(k):
    """``T_k = <a, b1..b(k-1) | a2=1, bi3=bi, bi2=b12, b12bi=bi>``, ``P = {a, b1²}``, as rewriting
    rules (``b1²`` is the identity of the group ``b1² T_k``)."""
    rules = [({0: 2}, {})]
    for i in range(1, k):
        rules.append(({i: 3}, {i: 1}))
        if i > 1:
            rules += [({i: 2}, {1: 2}), ({1: 2, i: 1}, {i: 1})]
    return k, rules, ["a", "b2"] if k > 1 else ["a"]


def parse_word(word):
    if word == "1":
        return {}
    exponents = {}
    for letter, power in re.findall(r"([a-zA-Z])(\d*)", word):
        exponents[LETTERS.index(letter)] = exponents.get(LETTERS.index(letter), 0) + int(power or 1)
    return exponents


def parse_presentation(text):
    """(number of generators, rewriting rules, P words) of a MisereSolver presentation."""
    tame = re.fullmatch(r"\(Q,P\) = T(\d+)", text)
    if tame:
        return tame_rules(int(tame.group(1)))
    match = re.fullmatch(r"Q = <([^|]*) \| ([^>]*)>; P = \{([^}]*)\}", text)
    gens = match.group(1).split(",")
    rules = [tuple(parse_word(side) for side in rel.split("=")) for rel in match.group(2).split(",")]
    return len(gens), rules, match.group(3).split(",")


def reduce_word(word, rules):
    word = dict(word)
    changed = True
    while changed:
        changed = False
        for lhs, rhs in rules:
            if all(word.get(g, 0) >= e for g, e in lhs.items()):
                for g, e in lhs.items():
                    word[g] -= e
                for g, e in rhs.items():
                    word[g] = word.get(g, 0) + e
                changed = True
    return tuple(sorted((g, e) for g, e in word.items() if e))


def agrees_with(q, ref):
    """Whether ``Φ(n) ↦ ref Φ(n)`` extends to an isomorphism of ``(Q, P)`` onto the reference's."""
    _, rules, p_words = parse_presentation(ref["presentation"])
    images = [reduce_word(parse_word(w), rules) for w in ref["pretending"]]
    psi, queue = {0: ()}, deque([0])
    while queue:
        x = queue.popleft()
        for n, image in enumerate(images):
            y = q.multiply(x, q.phi[n])
            z = reduce_word(dict(psi[x]) | {g: dict(psi[x]).get(g, 0) + e for g, e in image}, rules)
            if y not in psi:
                psi[y] = z
                queue.append(y)
            elif psi[y] != z:
                return False
    p_ref = {reduce_word(parse_word(w), rules) for w in p_words}
    return (len(psi) == q.order == ref["order"] and len(set(psi.values())) == q.order
            and {psi[x] for x in q.p_portion} == p_ref)


QUICK = [r for r in REFERENCE if r["maxheap"] == 10]   # the larger bounds take minutes in pure Python
# The reference entries left to the benchmark (benchmarks/impartial.py, "misère quotient" rows):
# each takes more than a few seconds.
SLOW = {("0.07", 30), ("0.137", 30), ("0.17", 30), ("0.26", 40), ("0.26", 60), ("0.57", 40), ("0.57", 60),
        ("0.54", 60), ("0.54", 80), ("0.314", 30)}
FAST = [r for r in REFERENCE if (r["code"], r["maxheap"]) not in SLOW]


def prints_as_misere_solver(q, ref):
    """Whether ``q`` prints its presentation and pretending function exactly as MisereSolver did."""
    return str(q) == ref["presentation"] and q.pretending == ref["pretending"]


@pytest.mark.parametrize("ref", FAST, ids=lambda r: f"{r['code']}-{r['maxheap']}")
def test_quotient_is_misere_solvers(ref):
    q = misere_quotient(ref["code"], ref["heap_reached"])
    assert (q.order, len(q.p_portion), q.is_tame) == (ref["order"], ref["p_portion_size"], ref["tame"])
    assert agrees_with(q, ref)
    assert prints_as_misere_solver(q, ref)


@pytest.mark.parametrize("ref", QUICK, ids=lambda r: f"{r['code']}-{r['maxheap']}")
def test_the_compiled_and_the_python_kernel_find_the_same_quotient(ref):
    python = misere_quotient(ref["code"], ref["heap_reached"], kernel="python")
    assert misere_quotient(ref["code"], ref["heap_reached"], kernel="compiled") == python


def test_dawsons_kayles_to_heap_30_has_order_360():
    """Plambeck and Siegel (2008), section 7: Q of 0.07 to heap 30 has 360 elements."""
    q = misere_quotient("0.07", 30)
    assert (q.order, len(q.p_portion)) == (360, 65)
    assert agrees_with(q, next(r for r in REFERENCE if (r["code"], r["maxheap"]) == ("0.07", 30)))


def single_heap_p_positions_by_definition(ruleset, n):
    """Misère P-positions among single heaps ``0..n``, by search over all positions reached."""
    memo = {}

    def is_p(position):
        if position not in memo:
            options = [tuple(sorted(position[:i] + position[i + 1:] + o))
                       for i, h in enumerate(position) for o in ruleset.heap_options(h)]
            memo[position] = not any(is_p(o) for o in options) if options else False
        return memo[position]

    return [h for h in range(n + 1) if is_p((h,) if h else ())]


def test_single_dawsons_kayles_heaps_are_p_positions_as_the_definition_says():
    ruleset, q = TakeAndBreak("0.07"), misere_quotient("0.07", 20)
    assert [h for h in range(21) if q.outcome(h) == "P"] == single_heap_p_positions_by_definition(ruleset, 20)


@pytest.mark.parametrize("code, text", [
    ("0.75", "Q = <a,b,c | a2=1,b3=b,bc=ab,c2=b2>; P = {a,b2}"),
    ("0.07", "Q = <a,b,c | a2=1,b4=b2,b2c=ab3,c2=1>; P = {a,b2,ac}"),
    ("0.15", "(Q,P) = T2"),
])
def test_presentation_prints_as_misere_solver_does(code, text):
    assert str(misere_quotient(code, 10)) == text


def test_a_heaps_image_generated_by_larger_heaps_is_no_generator():
    """MisereSolver, 0.15 to heap 20: heap 6's image is the product of heaps 1, 14 and 20's
    (``abd``), so it is dropped from the generators ``a, b, c, d`` (heaps 1, 14, 18, 20)."""
    q = misere_quotient("0.15", 20)
    assert str(q) == "Q = <a,b,c,d | a2=1,b3=ab2,bc=ac,c3=ac2,d2=1>; P = {a,b2,c2,ad,cd}"
    assert [q.pretending[h] for h in (1, 6, 14, 18, 20)] == ["a", "abd", "b", "c", "d"]


def test_the_check_rejects_a_wrong_pretending_function():
    ref = next(r for r in REFERENCE if (r["code"], r["maxheap"]) == ("0.07", 10))
    wrong = dict(ref, pretending=ref["pretending"][:-1] + ["ab"])
    assert not agrees_with(misere_quotient("0.07", 10), wrong)


@pytest.mark.parametrize("k", [1, 2, 3])
def test_nim_heaps_below_two_to_the_k_give_the_tame_quotient_t_k(k):
    q = misere_quotient("0." + "3" * (2 ** k - 1), 2 ** k - 1)
    assert q.is_tame and q.tame_index == k and str(q) == f"(Q,P) = T{k}"
    assert q.order == (2 if k == 1 else 2 + 2 ** k)


def test_a_wild_quotient_is_not_tame():
    assert not misere_quotient("0.77", 10).is_tame


# --- outcomes from the quotient against misère canonical forms ----------------------------

TEN_CODES = ["0.07", "0.77", "0.75", "0.15", "0.137", "0.26", "0.57", "0.34", "0.44", "0.54"]


@pytest.mark.parametrize("kernel", ["compiled", "python"])
@pytest.mark.parametrize("code", TEN_CODES)
def test_outcomes_of_sums_agree_with_misere_canonical_forms(code, kernel):
    ruleset, q = TakeAndBreak(code), misere_quotient(code, 8, kernel=kernel)
    for count in range(1, 5):
        for heaps in combinations_with_replacement(range(9), count):
            assert q.outcome(*heaps) == ruleset.heaps(*heaps).misere_outcome, heaps


# --- the monoid laws -------------------------------------------------------------------------

KAYLES = misere_quotient("0.77", 10)


@settings(max_examples=200)
@given(st.integers(0, KAYLES.order - 1), st.integers(0, KAYLES.order - 1), st.integers(0, KAYLES.order - 1))
def test_quotient_is_a_commutative_monoid(x, y, z):
    m = KAYLES.multiply
    assert m(x, y) == m(y, x)
    assert m(m(x, y), z) == m(x, m(y, z))
    assert m(x, 0) == x


@settings(max_examples=100)
@given(st.lists(st.integers(0, 10), max_size=6))
def test_outcome_is_the_product_of_the_heaps_words_tested_for_p(heaps):
    x = KAYLES.element(*heaps)
    assert KAYLES.outcome(*heaps) == ("P" if x in KAYLES.p_portion else "N")
    assert KAYLES.element(*heaps, *heaps) == KAYLES.multiply(x, x)


def test_elements_are_told_apart_by_some_element():
    """The quotient is reduced: distinct elements differ in P-membership of some product."""
    p, m = KAYLES.p_portion, KAYLES.multiply
    signatures = {tuple(m(x, z) in p for z in range(KAYLES.order)) for x in range(KAYLES.order)}
    assert len(signatures) == KAYLES.order


def test_the_method_on_take_and_break():
    assert TakeAndBreak("0.75").misere_quotient(10).order == 8


# --- bad input --------------------------------------------------------------------------------

def test_a_malformed_code_is_refused():
    with pytest.raises(ValueError):
        misere_quotient("0.7x", 10)


@pytest.mark.parametrize("bound", [-1, 2.5, True])
def test_a_bad_bound_is_refused(bound):
    with pytest.raises(ValueError, match="max_heap"):
        misere_quotient("0.77", bound)


def test_a_bound_past_the_limit_is_refused(monkeypatch):
    monkeypatch.setattr(LIMITS, "max_quotient_heap", 5)
    with pytest.raises(GameTooLargeError, match="max_quotient_heap"):
        misere_quotient("0.77", 6)


@pytest.mark.parametrize("kernel", ["compiled", "python"])
def test_a_quotient_past_the_order_limit_says_how_far_it_is_finite(monkeypatch, kernel):
    monkeypatch.setattr(LIMITS, "max_quotient_order", 10)
    with pytest.raises(GameTooLargeError, match="not finite up to heap"):
        misere_quotient("0.77", 10, kernel=kernel)


def test_an_unknown_kernel_is_refused():
    with pytest.raises(ValueError, match="kernel"):
        misere_quotient("0.77", 10, kernel="java")


def test_the_presentation_prints_in_latex():
    assert misere_quotient("0.75", 10)._repr_latex_() == (
        r"$\mathcal{Q} = \langle a, b, c \mid a^{2} = 1, b^{3} = b, bc = ab, c^{2} = b^{2} \rangle;"
        r"\ \mathcal{P} = \{a, b^{2}\}$")
    assert misere_quotient("0.15", 10)._repr_latex_() == r"$(\mathcal{Q}, \mathcal{P}) \cong T_{2}$"


# --- progress ----------------------------------------------------------------------------------

@pytest.mark.parametrize("kernel", ["compiled", "python"])
def test_progress_reports_the_heaps_done_and_the_order_of_their_quotient(kernel):
    """0.07 to heap 11: the quotient of heaps 0..10 has 12 elements (Plambeck and Siegel 2008,
    Figure 1); heaps 2 and 3 are ``*`` and heap 4 is ``*2``, so to heap 4 the positions are those
    of nim with heaps 1 and 2, whose quotient is the tame ``T_2`` of 6 elements."""
    seen = []
    misere_quotient("0.07", 11, kernel=kernel, progress=lambda *numbers: seen.append(numbers), progress_every=0)
    assert (4, 6) in seen and (10, 12) in seen
    assert [done for done, _ in seen] == sorted(done for done, _ in seen)
    assert {done for done, _ in seen} == set(range(11))


def test_progress_true_prints_the_heaps_done_on_stderr(capsys):
    misere_quotient("0.07", 11, progress=True, progress_every=0)
    err = capsys.readouterr().err
    assert err.startswith("\rmisère quotient of 0.07: heaps 0..0 of 11 done, |Q| = 1")
    assert "\rmisère quotient of 0.07: heaps 0..10 of 11 done, |Q| = 12" in err


def test_an_error_in_the_progress_callable_stops_the_compiled_search():
    pytest.importorskip("cgt._core")

    def fail(done, order):
        raise RuntimeError(f"stop at heap {done}")

    with pytest.raises(RuntimeError, match="stop at heap 0"):
        misere_quotient("0.07", 20, kernel="compiled", progress=fail, progress_every=0)


@pytest.mark.skipif(not hasattr(signal, "setitimer"), reason="needs POSIX interval timers")
def test_ctrl_c_stops_the_compiled_search_and_the_next_one_is_right():
    pytest.importorskip("cgt._core")
    previous = signal.signal(signal.SIGALRM, signal.default_int_handler)
    try:
        signal.setitimer(signal.ITIMER_REAL, 0.3)
        with pytest.raises(KeyboardInterrupt):
            misere_quotient("0.26", 60, kernel="compiled",    # more than a minute uninterrupted
                            progress=lambda done, order: None, progress_every=0)
    finally:
        signal.setitimer(signal.ITIMER_REAL, 0)
        signal.signal(signal.SIGALRM, previous)
    assert misere_quotient("0.26", 10, kernel="compiled").order == 8     # MisereSolver: |Q| = 8
