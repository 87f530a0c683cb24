"""The canonical labelling of graphs: isomorphic graphs renumbered alike.

A graph here has ``n`` vertices, each with a *label* (any sortable value),
and its edges in one or more *layers* (the edge colours: Left's and Right's
edges of a coloured graph, a Hackenbush picture's blue, red and green), each
layer given as every vertex's neighbours in a bit set, its own bit a loop.
`canonical_key` renumbers the graph by colour refinement with an
individualise-refine search (the method of McKay's nauty), so that
isomorphic graphs get one key, and never merges two that are not.  It keys
the rulesets played on graphs (`cgt.rulesets.graph`) and Hackenbush's
pieces (`cgt.rulesets.hackenbush_values`), and is the reference for the
compiled twin in ``rust/src/rulesets/graph/labelling.rs``:

>>> triangle = (1 << 1 | 1 << 2, 1 << 0 | 1 << 2, 1 << 0 | 1 << 1)
>>> canonical_key((0, 0, 0), (triangle,))
((0, 0, 0), ((0, 1), (0, 2), (1, 2)))
>>> canonical_key("l..", ((0b010, 0b101, 0b010),)) == canonical_key("..l", ((0b010, 0b101, 0b010),))
True
"""

__all__ = ["bits", "canonical_key"]

#: The most leaves the individualise-refine search visits (past it, the key is still exact but maybe not shared).
_LEAF_BUDGET = 2000


def bits(mask):
    """The positions of the set bits of ``mask``, lowest first: a row's neighbours.

    >>> list(bits(0b10110))
    [1, 2, 4]
    """
    while mask:
        low = mask & -mask
        yield low.bit_length() - 1
        mask ^= low


def _refine(colour, adjacency):
    """Colour refinement: split classes by the multisets of (layer, neighbour's class), until stable."""
    while True:
        signature = [(c, tuple(sorted([(k, colour[u]) for k, u in around]))) for c, around in zip(colour, adjacency)]
        rank = {s: k for k, s in enumerate(sorted(set(signature)))}
        if len(rank) == len(set(colour)):
            return [rank[s] for s in signature]
        colour = [rank[s] for s in signature]


def _twins(labels, layers):
    """``twins[v]``: two marks such that vertices sharing a mark are twins (exchanging them is an
    automorphism of the graph): the same label and loops, and the same neighbours besides
    themselves in every layer (false twins) or the same neighbours and each other (true twins).

    >>> marks = _twins((0, 0, 0), ((0b110, 0b001, 0b001),))     # a path 1 - 0 - 2: its ends are twins
    >>> marks[1] & marks[2] != set(), marks[0] & marks[1] == set()
    (True, True)
    """
    groups = {}
    marks = []
    for v in range(len(labels)):
        loops = tuple(layer[v] >> v & 1 for layer in layers)
        apart = (False, labels[v], loops, tuple(layer[v] & ~(1 << v) for layer in layers))
        joined = (True, labels[v], loops, tuple(layer[v] | 1 << v for layer in layers))
        marks.append({groups.setdefault(apart, len(groups)), groups.setdefault(joined, len(groups))})
    return marks


def _image(colour, labels, adjacency, layers):
    """The graph renumbered by a discrete colouring, vertex ``v`` becoming ``colour[v]``: its labels,
    and its edges ``(i, j)``, ``i <= j``, sorted (``(i, j, in_layers)`` with several layers,
    ``in_layers`` a bit set)."""
    relabelled = [None] * len(colour)
    edges = {}
    for v, i in enumerate(colour):
        relabelled[i] = labels[v]
        for k, u in adjacency[v]:
            j = colour[u]
            if j >= i:
                edges[i, j] = edges.get((i, j), 0) | 1 << k
    if layers == 1:
        return tuple(relabelled), tuple(sorted(edges))
    return tuple(relabelled), tuple(sorted((i, j, in_layers) for (i, j), in_layers in edges.items()))


def canonical_key(labels, layers):
    """The graph renumbered by the least leaf of its individualise-refine search: ``(labels, edges)`` (`_image`).

    ``labels`` is a sequence (a str or a tuple) of the vertices' labels; ``layers``
    holds, per layer, each vertex's neighbours as a bit set (its own bit a loop).
    Every leaf is the graph itself renumbered, so the key always describes
    exactly this graph (never merging two that are not isomorphic); when the
    search is complete (at most ``_LEAF_BUDGET`` leaves) isomorphic graphs
    get the same key.  Of the vertices of a cell that are twins (exchanging
    them is an automorphism), only the first is individualised.  A path of
    three with a loop on the middle, and on an end (vertex 2 in both keys):

    >>> canonical_key((0, 0, 0), ((0b010, 0b111, 0b010),))
    ((0, 0, 0), ((0, 2), (1, 2), (2, 2)))
    >>> canonical_key((0, 0, 0), ((0b011, 0b101, 0b010),))
    ((0, 0, 0), ((0, 1), (1, 2), (2, 2)))
    """
    n = len(labels)
    adjacency = [[(k, u) for k, layer in enumerate(layers) for u in bits(layer[v])] for v in range(n)]
    start = [(labels[v], *(layer[v] >> v & 1 for layer in layers)) for v in range(n)]
    twins = None            # found when a cell first needs splitting: most small graphs never do
    best = None
    stack = [_refine(start, adjacency)] if n else []
    leaves = 0
    while stack and leaves < _LEAF_BUDGET:
        colour = stack.pop()
        counts = {}
        for c in colour:
            counts[c] = counts.get(c, 0) + 1
        cell = min((c for c, k in counts.items() if k > 1), default=None)
        if cell is None:
            leaves += 1
            leaf = _image(colour, labels, adjacency, len(layers))
            if best is None or leaf < best:
                best = leaf
            continue
        members = [v for v in range(n) if colour[v] == cell]
        if twins is None:
            twins = _twins(labels, layers)
        if set.intersection(*(twins[v] for v in members)):
            # One class of twins: every order of them is an automorphism, so they are individualised
            # at once (one after another, each branch would be the same up to that automorphism).
            split = [c * (n + 1) + n for c in colour]
            for k, v in enumerate(members):
                split[v] = cell * (n + 1) + k
            stack.append(_refine(split, adjacency))
            continue
        tried, marked = [], set()
        for v in members:
            if marked.isdisjoint(twins[v]):
                tried.append(v)
                marked |= twins[v]
        for v in reversed(tried):
            split = [2 * c + 1 for c in colour]
            split[v] = 2 * cell
            stack.append(_refine(split, adjacency))
    return best if best is not None else _image([], labels, adjacency, len(layers))
