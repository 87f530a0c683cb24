"""The order CGSuite prints the loopy options of a loopy game in: by its hash codes.

CGSuite prints a node's short options first, in its order of short games, and
then its loopy options sorted by ``g.hashCode - h.hashCode`` (32-bit, so the
difference wraps).  Those hash codes are invariant under isomorphism of game
graphs, so `cgt` can compute them from its own graphs and print the options
in the same order:

* the hash of a node ``v`` of a graph (CGSuite's
  ``Bigraph.hashCodeIsomorphismInvariant``) mixes a signature of every node
  reachable from ``v``, made of the numbers of options, passes and options
  common to both players of the node and of its options;
* a canonical stopper hashes as a Scala case class
  ``CanonicalStopperImpl(loopyGame)`` (MurmurHash3 of its name and the graph's
  hash); ``on`` and ``off`` as the case objects ``OnImpl`` and ``OffImpl``;
  ``x over`` as ``OverNumberImpl(x, 1)``, ``x under`` as ``OverNumberImpl(x, -1)``;
* a side of a carousel (a simplified side that is no stopper) as
  ``SimplifiedLoopyGameImpl(loopyGame, side)``, the side being the case
  object ``Onside`` or ``Offside``.

The sort is Java's (``java.util.Arrays.sort`` with a comparator): on fewer
than 32 items, the first run made ascending, then a binary insertion sort.

>>> from cgt.loopy.graph import GameGraph
>>> on = GameGraph([(0,)], [()])
>>> graph_hash(on, 0) == java_int(2 * _signature(on, 0))
True
>>> java_sort([3, 1, 2], lambda a, b: a - b)
[1, 2, 3]
"""

from fractions import Fraction

__all__ = ["graph_hash", "java_int", "java_sort", "java_string_hash", "number_hash", "product_hash",
           "pseudonumber_hash", "side_hash", "stopper_hash", "carousel_hash", "hash_difference"]

# Bigraph's constants.
_MINISIG_BASE = -962764907
_LEFT_ONE_CYCLE = -742481099
_RIGHT_ONE_CYCLE = -121939996
_LOPT_MULTIPLIER = -1692903693
_ROPT_MULTIPLIER = 1419677861
_EOPT_MULTIPLIER = 1161334719
_ONE_CYCLE_FULLSIG = 1567540980

_PRODUCT_SEED = 0xCAFEBABE       # Scala's seed for the hash codes of case classes
_MASK = 0xFFFFFFFF


def java_int(x):
    """``x`` wrapped to a Java ``int`` (32-bit two's complement)."""
    x &= _MASK
    return x - (1 << 32) if x >= 1 << 31 else x


def java_string_hash(text):
    """Java's ``String.hashCode``: ``s[0]*31^(n-1) + ... + s[n-1]``, wrapped to an int."""
    h = 0
    for char in text:            # the names hashed here are ASCII: one UTF-16 unit each
        h = (31 * h + ord(char)) & _MASK
    return java_int(h)


# ---------------------------------------------------------------- Scala's MurmurHash3
def _rotl(x, r):
    x &= _MASK
    return ((x << r) | (x >> (32 - r))) & _MASK


def _mix(h, data):
    k = (data * 0xCC9E2D51) & _MASK
    k = _rotl(k, 15)
    k = (k * 0x1B873593) & _MASK
    h = (h ^ k) & _MASK
    h = _rotl(h, 13)
    return (h * 5 + 0xE6546B64) & _MASK


def _avalanche(h):
    h &= _MASK
    h ^= h >> 16
    h = (h * 0x85EBCA6B) & _MASK
    h ^= h >> 13
    h = (h * 0xC2B2AE35) & _MASK
    h ^= h >> 16
    return java_int(h)


def product_hash(prefix, *fields):
    """The hash code of a Scala 2.13 case class named ``prefix`` with the fields' hash codes ``fields``."""
    if not fields:
        return java_string_hash(prefix)
    h = _mix(_PRODUCT_SEED, java_string_hash(prefix) & _MASK)
    for field in fields:
        h = _mix(h, field & _MASK)
    return _avalanche(h ^ len(fields))


# ---------------------------------------------------------------- Bigraph's isomorphism-invariant hash
def _minisig(graph, v):
    left, right = graph.left[v], graph.right[v]
    sig = _MINISIG_BASE
    sig ^= java_int(len(left) * (len(left) + 1) * _LOPT_MULTIPLIER)
    sig ^= java_int(len(right) * (len(right) + 1) * _ROPT_MULTIPLIER)
    common = 0
    for w in left:
        if w == v:
            sig ^= _LEFT_ONE_CYCLE
        elif w in right:
            common += 1
    if v in right:
        sig ^= _RIGHT_ONE_CYCLE
    sig ^= java_int(common * (common + 1) * _EOPT_MULTIPLIER)
    return java_int(sig)


def _signature(graph, v):
    sums = []
    for options in (graph.left[v], graph.right[v]):
        sums.append(java_int(sum(_ONE_CYCLE_FULLSIG if w == v else _minisig(graph, w) for w in options)))
    return java_int((sums[0] << 2) + (sums[1] << 1) + _minisig(graph, v))


def graph_hash(graph, start):
    """CGSuite's ``hashCodeIsomorphismInvariant(start)`` of the nodes reachable from ``start``."""
    h = 0
    for v in graph.reachable(start):
        h ^= java_int(_signature(graph, v) << 1) if v == start else _signature(graph, v)
    return java_int(h)


# ---------------------------------------------------------------- the hash codes of values
def number_hash(x):
    """The hash of CGSuite's dyadic number ``x``: ``ZeroImpl``, ``SmallIntegerImpl(n)`` or
    ``DyadicRationalNumberImpl(p, q)`` of two small integers."""
    x = Fraction(x)
    if x == 0:
        return java_string_hash("ZeroImpl")
    if x.denominator == 1:
        return product_hash("SmallIntegerImpl", java_int(x.numerator))
    return product_hash("DyadicRationalNumberImpl", number_hash(x.numerator), number_hash(x.denominator))


def pseudonumber_hash(name, x):
    """The hash of ``on``, ``off`` (case objects) or ``x over``/``x under`` (``OverNumberImpl(x, ±1)``)."""
    if name == "on":
        return java_string_hash("OnImpl")
    if name == "off":
        return java_string_hash("OffImpl")
    return product_hash("OverNumberImpl", number_hash(x), 1 if name == "over" else -1)


def stopper_hash(graph, start):
    """The hash of the canonical stopper at node ``start`` of its simplest graph (no pseudonumber)."""
    return product_hash("CanonicalStopperImpl", graph_hash(graph, start))


def side_hash(side):
    """The hash of CGSuite's case object ``Onside`` or ``Offside``."""
    return java_string_hash("Onside" if side == "onside" else "Offside")


def carousel_hash(graph, start, side):
    """The hash of ``SimplifiedLoopyGameImpl(loopyGame, side)``, a carousel's node ``start``."""
    return product_hash("SimplifiedLoopyGameImpl", graph_hash(graph, start), side_hash(side))


# ---------------------------------------------------------------- Java's sort
def java_sort(items, compare):
    """``items`` sorted as ``java.util.Arrays.sort(items, compare)`` sorts fewer than 32 of them.

    The comparator may be intransitive (CGSuite's compares by a wrapping
    difference), so the algorithm itself is followed: the initial run is
    found (and reversed when strictly descending), then the rest is placed
    by binary insertion.
    """
    a = list(items)
    n = len(a)
    if n < 2:
        return a
    if n >= 32:
        raise ValueError("more than 31 loopy options in one list: CGSuite's order is not reproduced")
    run = 1
    if compare(a[1], a[0]) < 0:
        run = 2
        while run < n and compare(a[run], a[run - 1]) < 0:
            run += 1
        a[:run] = a[:run][::-1]
    else:
        run = 2
        while run < n and compare(a[run], a[run - 1]) >= 0:
            run += 1
    for start in range(run, n):
        pivot = a[start]
        lo, hi = 0, start
        while lo < hi:
            mid = (lo + hi) >> 1
            if compare(pivot, a[mid]) < 0:
                hi = mid
            else:
                lo = mid + 1
        a[lo + 1:start + 1] = a[lo:start]
        a[lo] = pivot
    return a


def hash_difference(g, h):
    """CGSuite's comparison of two loopy options by hash code: ``g - h`` wrapped to an int."""
    return java_int(g - h)

