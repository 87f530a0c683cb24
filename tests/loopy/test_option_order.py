"""CGSuite's order of loopy options: its hash codes and Java's sort (`cgt.loopy.option_order`).

The pieces are checked against independent references: Java's
``String.hashCode`` of the class names (values printed by OpenJDK 17's
``"OnImpl".hashCode()`` and so on), the published test vectors of
MurmurHash3_x86_32 (whose block mix and finalizer Scala's case-class hash
codes use), Java's 32-bit wrapping, and the invariance of the graph hash
under renumbering the nodes.
"""

from hypothesis import given, settings
from hypothesis import strategies as st

from cgt.loopy import GameGraph, Stopper, stopper
from cgt.loopy.option_order import (
    _avalanche,
    _mix,
    graph_hash,
    java_int,
    java_sort,
    java_string_hash,
)

# "name".hashCode() as OpenJDK 17 prints them.
JAVA_HASHES = {"OnImpl": -1929393985, "OffImpl": 115002383, "ZeroImpl": 751215880, "Onside": -1928146986,
               "Offside": 116249382, "CanonicalStopperImpl": 1197627687,
               "SimplifiedLoopyGameImpl": -331611633, "SmallIntegerImpl": 1794917655,
               "OverNumberImpl": 1513148701, "DyadicRationalNumberImpl": -1905692887}


def test_java_string_hash_agrees_with_openjdk():
    assert {name: java_string_hash(name) for name in JAVA_HASHES} == JAVA_HASHES


def test_java_int_wraps_as_java_does():
    # OpenJDK 17: 3 * 4 * -1692903693 == 1159992164, (1567540980 << 2) + (1419677861 << 1) == 519585050.
    assert java_int(3 * 4 * -1692903693) == 1159992164
    assert java_int(java_int(1567540980 << 2) + java_int(1419677861 << 1)) == 519585050


def test_murmur3_steps_agree_with_the_published_x86_32_vectors():
    # MurmurHash3_x86_32: "" seed 1 -> 0x514E28B7, "" seed 0xFFFFFFFF -> 0x81F16F39,
    # "\0\0\0\0" seed 0 -> 0x2362F9DE, "test" seed 0 -> 0xBA6BD213.
    def murmur(data, seed):
        h = seed
        for i in range(0, len(data), 4):
            h = _mix(h, int.from_bytes(data[i:i + 4], "little"))
        return _avalanche(h ^ len(data)) & 0xFFFFFFFF

    assert murmur(b"", 1) == 0x514E28B7
    assert murmur(b"", 0xFFFFFFFF) == 0x81F16F39
    assert murmur(b"\0\0\0\0", 0) == 0x2362F9DE
    assert murmur(b"test", 0) == 0xBA6BD213


@st.composite
def graphs_and_renumberings(draw, max_nodes=7):
    n = draw(st.integers(1, max_nodes))
    side = st.lists(st.integers(0, n - 1), max_size=3, unique=True).map(tuple)
    left = draw(st.lists(side, min_size=n, max_size=n))
    right = draw(st.lists(side, min_size=n, max_size=n))
    order = [0] + draw(st.permutations(range(1, n)))          # node 0 stays the start
    return GameGraph(left, right), order


def renumbered(graph, order):
    new = {old: i for i, old in enumerate(order)}
    return GameGraph([tuple(new[w] for w in graph.left[v]) for v in order],
                     [tuple(new[w] for w in graph.right[v]) for v in order])


@settings(max_examples=300, deadline=None)
@given(graphs_and_renumberings())
def test_the_graph_hash_does_not_depend_on_the_numbering(pair):
    graph, order = pair
    assert graph_hash(graph, 0) == graph_hash(renumbered(graph, order), 0)


@settings(max_examples=200, deadline=None)
@given(graphs_and_renumberings())
def test_a_stopper_prints_the_same_however_its_graph_is_numbered(pair):
    graph, order = pair
    if not graph.is_stopper():
        return
    assert str(stopper(graph)) == str(stopper(renumbered(graph, order)))


@given(st.lists(st.integers(-2 ** 31, 2 ** 31 - 1), max_size=31))
def test_java_sort_with_a_consistent_comparator_sorts(items):
    assert java_sort(items, lambda a, b: (a > b) - (a < b)) == sorted(items)


# java.util.Arrays.sort(items, (x, y) -> x - y) as OpenJDK 17 sorts them (the difference wraps).
JAVA_SORTED = [
    ([-2, 2147483647, 0], [0, 2147483647, -2]),
    ([0, 2147483647, -2], [0, 2147483647, -2]),
    ([1500000000, -1500000000, 0, 700000000, -700000000, 2000000000, -2000000000],
     [1500000000, 2000000000, -2000000000, -1500000000, -700000000, 0, 700000000]),
    ([-1000000000, 1500000000, 200, -1600000000, 900000000, 0],
     [0, 900000000, -1600000000, 200, 1500000000, -1000000000]),
]


def test_java_sort_agrees_with_openjdk_on_cgsuites_intransitive_comparator():
    for items, expected in JAVA_SORTED:
        assert java_sort(items, lambda a, b: java_int(a - b)) == expected


def test_loopy_options_print_in_cgsuites_hash_order():
    # Two loopy Left options: the one with the smaller hash (wrapped difference) prints first.
    from cgt import parse
    g = parse("{upon, ^[on]*|-1}")
    first, second = g.left_options
    assert isinstance(first, Stopper) and isinstance(second, Stopper)
    assert java_int(_hash(first) - _hash(second)) < 0
    assert str(g) == "{" + str(first) + "," + str(second) + "|-1}"


def _hash(x):
    from cgt.loopy.stopper import cgsuite_hash
    return cgsuite_hash(x, x._start)

