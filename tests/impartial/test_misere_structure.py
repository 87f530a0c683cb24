"""The structure of misère quotients: idempotents, maximal subgroups, archimedean components.

Two kinds of expected values:

* a brute force from the definitions over the multiplication table, written here without the
  shortcuts the library takes (the library finds ``H_e`` and ``A_e`` from the idempotent power
  ``x^ω``; here ``H_e`` is the mutual-divisibility class of ``e`` and ``A_e`` the class of
  ``x ~ y`` iff ``x^m ∈ yQ`` and ``y^n ∈ xQ`` for some ``m, n ≥ 1``), compared on MisereSolver's
  reference quotients (``tests/data/misere_quotients.json``);
* facts worked by hand from presentations in the literature, and Plambeck and Siegel's parity
  (each quotient has ``a = Φ(*)`` with ``a² = 1`` and ``xa ≠ x`` for every ``x``).
"""

import json
from pathlib import Path

import pytest

from cgt.impartial.misere_quotients import misere_quotient

REFERENCE = json.loads((Path(__file__).parents[1] / "data" / "misere_quotients.json").read_text())["quotients"]
# One entry per code and quotient order, up to 100 elements (the brute force below is cubic).
SMALL = list({(r["code"], r["order"]): r for r in REFERENCE if 1 < r["order"] <= 100 and r["maxheap"] <= 40}.values())


def quotient_of(ref):
    return misere_quotient(ref["code"], ref["heap_reached"])


# --- from the definitions ---------------------------------------------------------------------

def multiples(q):
    """``multiples[y]`` = the ideal ``yQ``."""
    return [{q.multiply(y, z) for z in range(q.order)} for y in range(q.order)]


def idempotents_by_definition(q):
    return {e for e in range(q.order) if q.multiply(e, e) == e}


def h_class_by_definition(q, e):
    """``{x : x divides e and e divides x}``: ``xy = e`` and ``ez = x`` for some ``y``, ``z``."""
    ideal = multiples(q)
    return {x for x in range(q.order) if e in ideal[x] and x in ideal[e]}


def archimedean_classes_by_definition(q):
    """The classes of ``x ~ y`` iff some power ``x^m`` (``m ≥ 1``) is in ``yQ`` and some ``y^n`` in ``xQ``."""
    ideal = multiples(q)

    def powers(x):
        seen, p = [], x
        while p not in seen:
            seen.append(p)
            p = q.multiply(p, x)
        return seen

    power_sets = [powers(x) for x in range(q.order)]
    related = [[any(p in ideal[y] for p in power_sets[x]) for y in range(q.order)] for x in range(q.order)]
    classes = []
    for x in range(q.order):
        cls = frozenset(y for y in range(q.order) if related[x][y] and related[y][x])
        if cls not in classes:
            classes.append(cls)
    return classes


@pytest.mark.parametrize("ref", SMALL, ids=lambda r: f"{r['code']}-{r['maxheap']}")
def test_structure_agrees_with_the_definitions(ref):
    q = quotient_of(ref)
    assert set(q.idempotents) == idempotents_by_definition(q)
    assert list(q.idempotents) == sorted(q.idempotents)
    for e in q.idempotents:
        assert q.maximal_subgroup(e) == h_class_by_definition(q, e)
    classes = archimedean_classes_by_definition(q)
    # Each archimedean class holds exactly one idempotent (a finite commutative monoid is the
    # disjoint union of its archimedean components, one per idempotent).
    assert sorted(len(idempotents_by_definition(q) & cls) for cls in classes) == [1] * len(classes)
    assert {q.archimedean_component(e) for e in q.idempotents} == set(classes)


@pytest.mark.parametrize("ref", SMALL, ids=lambda r: f"{r['code']}-{r['maxheap']}")
def test_every_maximal_subgroup_has_even_order(ref):
    """Plambeck and Siegel (2008), the parity of a misère quotient: ``a = Φ(*)`` has ``a² = 1`` and
    ``xa ≠ x`` for all ``x``, so ``e`` and ``ea`` are two elements of ``H_e``."""
    q = quotient_of(ref)
    for e in q.idempotents:
        assert len(q.maximal_subgroup(e)) % 2 == 0
        assert len(q.archimedean_component(e)) % 2 == 0


# --- worked by hand from presentations --------------------------------------------------------

def words(q, elements):
    return sorted(q.word(x) for x in elements)


@pytest.mark.parametrize("k", [2, 3])
def test_the_tame_quotient_t_k_is_two_groups_z2_and_z2_to_the_k(k):
    """``T_k = <a, b1..b(k-1) | a2=1, bi3=bi, bi2=b12, b12bi=bi>``, ``P = {a, b1²}`` (Plambeck and
    Siegel 2008), of order ``2^k + 2``: its idempotents are ``1`` and ``z = b1²`` (``bi⁴ = bi²``,
    and a product with some ``bi`` is ``z`` times itself); the units are ``{1, a}``, and the other
    ``2^k`` elements all square to ``z``, so they form ``H_z ≅ (Z_2)^k``; each archimedean
    component is its group."""
    q = misere_quotient("0." + "3" * (2 ** k - 1), 2 ** k - 1)
    one, z = q.idempotents
    assert (q.word(one), len(q.idempotents)) == ("1", 2)
    assert words(q, q.maximal_subgroup(one)) == ["1", "a"]
    assert len(q.maximal_subgroup(z)) == 2 ** k and z in q.maximal_subgroup(z)
    assert all(q.multiply(x, x) == z for x in q.maximal_subgroup(z))
    assert q.archimedean_component(one) == q.maximal_subgroup(one)
    assert q.archimedean_component(z) == q.maximal_subgroup(z)


def test_t_2_has_the_idempotents_1_and_b2():
    """``T_2 = <a,b | a2=1, b3=b>``, ``P = {a, b2}``: ``b²·b² = b⁴ = b²``; ``H_{b²} = {b, ab, b², ab²}``."""
    q = misere_quotient("0.333", 3)
    assert [q.word(e) for e in q.idempotents] == ["1", "b2"]
    assert words(q, q.maximal_subgroup(q.idempotents[1])) == ["ab", "ab2", "b", "b2"]


def test_dawsons_kayles_to_heap_10():
    """``Q = <a,b,c | a2=1, b4=b2, b2c=ab3, c2=1>``, ``P = {a, b2, ac}`` (Plambeck and Siegel 2008,
    Dawson's Kayles to heap 10).  Its 12 elements are ``1, a, c, ac``, ``b, b2, b3`` and ``a`` times
    them, ``bc, abc``.  Idempotents: ``1``, ``b2``.  Units: ``1, a, c, ac``.
    ``b2·Q = {b2, ab2, b3, ab3}`` (``b2c = ab3``), all dividing ``b2`` (``b3·b3 = b2``): ``H_{b2}``.
    The powers of ``b, ab, bc, abc`` reach ``b2``: ``A_{b2}`` has 8 elements."""
    q = misere_quotient("0.07", 10)
    one, z = q.idempotents
    assert [q.word(e) for e in q.idempotents] == ["1", "b2"]
    assert words(q, q.maximal_subgroup(one)) == ["1", "a", "ac", "c"]
    assert words(q, q.maximal_subgroup(z)) == ["ab2", "ab3", "b2", "b3"]
    assert words(q, q.archimedean_component(one)) == ["1", "a", "ac", "c"]
    assert words(q, q.archimedean_component(z)) == ["ab", "ab2", "ab3", "abc", "b", "b2", "b3", "bc"]


def test_0_75_to_heap_20():
    """Plambeck's ``R8 = <a,b,c | a2=1, b3=b, bc=ab, c2=b2>``, ``P = {a, b2}``: idempotents ``1``
    and ``b2``; ``H_{b2} = {b, ab, b2, ab2}``; ``c`` and ``ac`` square to ``b2`` without being
    multiples of it, so they join ``A_{b2}`` but not ``H_{b2}``."""
    q = misere_quotient("0.75", 20)
    one, z = q.idempotents
    assert words(q, q.maximal_subgroup(one)) == words(q, q.archimedean_component(one)) == ["1", "a"]
    assert words(q, q.maximal_subgroup(z)) == ["ab", "ab2", "b", "b2"]
    assert words(q, q.archimedean_component(z)) == ["ab", "ab2", "ac", "b", "b2", "c"]


# --- bad input --------------------------------------------------------------------------------

@pytest.mark.parametrize("method", ["maximal_subgroup", "archimedean_component"])
def test_an_element_that_is_not_idempotent_is_refused(method):
    q = misere_quotient("0.75", 10)
    b = q.phi[2]
    with pytest.raises(ValueError, match=r"element \d+ \(b\) is not an idempotent: its square is b2"):
        getattr(q, method)(b)


@pytest.mark.parametrize("bad", [-1, 8, "b", 1.0])
def test_something_that_is_not_an_element_is_refused(bad):
    with pytest.raises(ValueError, match="is not an element of this quotient"):
        misere_quotient("0.75", 10).maximal_subgroup(bad)
