"""Values of Hackenbush positions by search, with the theorems that shortcut it.

A position's value is found by search over its moves, memoised on a canonical
key, after two exact simplifications: all ground vertices are one vertex (the
ground), and the pieces that meet only at the ground are a sum, each valued on
its own.  A piece's key is a canonical labelling of its graph.  Three theorems
give fast paths:

* a Blue-Red *string* is a number, read off by Berlekamp's sign-expansion rule;
* a green *tree* is a nimber, by the colon principle;
* a green *graph* is a nimber, by the fusion principle (cycles fuse to a
  vertex, and their edges become twigs).

The functions here take a `cgt.rulesets.hackenbush.Hackenbush` position and
answer engine ids; `Hackenbush.canonical_form` is the face.

>>> berlekamp("BRRB")
Fraction(3, 8)
"""

from fractions import Fraction

from cgt import engine

__all__ = ["BLUE", "GREEN", "RED", "berlekamp", "clear_cache", "definition_id", "piece_keys", "reachable", "run_deep_enough",
           "value_id"]

BLUE, RED, GREEN = "B", "R", "G"

# the engine's sums and canonical forms recurse as deep as the games are.
_DEEP_EDGES = 120

# How many nodes of the individualisation-refinement search one canonical key
# of a general graph may cost; past it, the first branch is followed to a leaf
# (the key stays a faithful description, only maybe not the least one).
_CANON_BUDGET = 64




def reachable(vertices, ground, edges):
    """The vertices joined to the ground by edges."""
    adjacency = {v: [] for v in vertices}
    for u, v, _ in edges:
        adjacency[u].append(v)
        adjacency[v].append(u)
    seen = set(ground)
    queue = list(ground)
    for u in queue:
        for w in adjacency[u]:
            if w not in seen:
                seen.add(w)
                queue.append(w)
    return seen



# ================================================================ values
def run_deep_enough(size, function, *args):
    if size > _DEEP_EDGES:
        return engine.run_deep(function, *args)
    return function(*args)


def _sum(ids):
    total = engine.ZERO
    for g in ids:
        total = engine.add(total, g)
    return total


def _solve(root, expand, memo):
    """The game id of state ``root``, iteratively (no Python recursion over the states).

    ``expand(state)`` gives either a game id (the state's value, known
    directly) or ``(left, right)``: lists of options, each a tuple of states
    whose values add up to the option's value.
    """
    stack = [root]
    pending = {}
    while stack:
        state = stack[-1]
        if state in memo:
            stack.pop()
            continue
        expansion = pending.get(state)
        if expansion is None:
            expansion = expand(state)
            if isinstance(expansion, int):
                memo[state] = expansion
                stack.pop()
                continue
            pending[state] = expansion
            missing = [s for option in expansion[0] + expansion[1] for s in option if s not in memo]
            if missing:
                stack.extend(missing)
                continue
        left, right = expansion
        memo[state] = engine.canon(
            [_sum(memo[s] for s in option) for option in left],
            [_sum(memo[s] for s in option) for option in right],
        )
        del pending[state]
        stack.pop()
    return memo[root]


# ---------------------------------------------------------------- the definition
def definition_id(position):
    """The value straight from the definition: states are sets of edges left (bitmasks)."""
    childish = position._childish
    edges = position._edges
    vertices = position._vertices
    ground = position._ground

    def prune(mask):
        present = [edges[i] for i in range(len(edges)) if mask >> i & 1]
        keep = reachable(vertices, ground, present)
        return sum(1 << i for i in range(len(edges)) if mask >> i & 1 and edges[i][0] in keep)

    def expand(mask):
        left, right = [], []
        for i in range(len(edges)):
            if mask >> i & 1:
                option = prune(mask & ~(1 << i))
                colour = edges[i][2]
                if colour in childish and _popcount(option) != _popcount(mask) - 1:
                    continue
                option = (option,)
                if colour != RED:
                    left.append(option)
                if colour != BLUE:
                    right.append(option)
        return left, right

    return _solve(prune((1 << len(edges)) - 1), expand, {})


# ---------------------------------------------------------------- keyed search
# A component is a connected piece meeting the rest only at the ground
# (vertex 0).  Its key is one of
#   ("S", colours)        a string (a single stalk), colours from the ground up;
#   ("T", n, edges)       any other piece: n vertices, ground 0, the sorted
#                         edges (u, v, colour) under a canonical labelling;
#   ("V", id)             (fast paths only) a piece whose value id is known.
# The first two describe the piece completely, so two different pieces never
# share a key.
_memo = {}                 # (fast, childish colours) -> {key: game id}
_MEMO_LIMIT = 1 << 20      # entries; a full memo is emptied before the next top-level search


def clear_cache():
    """Forget the memoised values of Hackenbush pieces."""
    _memo.clear()


def value_id(position, fast, childish=frozenset()):
    n, edges = _ground_merged(position)
    keys = _split(n, edges, fast)
    memo = _memo.setdefault((fast, childish), {})
    if len(memo) > _MEMO_LIMIT:
        memo.clear()

    def expand(key):
        return _expand(key, fast, childish)

    return _sum(_solve(key, expand, memo) for key in keys)


def piece_keys(position, fast):
    """The keys of ``position``'s pieces (those meeting only at the ground), one key a piece."""
    n, edges = _ground_merged(position)
    return _split(n, edges, fast)


def _ground_merged(position):
    """The picture with all ground vertices as vertex 0, the rest numbered 1..n-1."""
    ground = set(position._ground)
    number = {}
    for v in position._vertices:
        if v not in ground:
            number[v] = len(number) + 1
    for g in ground:
        number[g] = 0
    edges = [(number[u], number[v], c) for u, v, c in position._edges]
    return len(number) - len(ground) + 1, edges


def _expand(key, fast, childish):
    """The options of a keyed piece; a cut of a colour in ``childish`` may not make other edges fall."""
    kind = key[0]
    if kind == "V":
        return key[1]
    if kind == "S":
        colours = key[1]
        top = len(colours) - 1
        left, right = [], []
        for i, colour in enumerate(colours):
            if colour in childish and i != top:
                continue
            option = (_string_key(colours[:i], fast),) if i else ()
            if colour != RED:
                left.append(option)
            if colour != BLUE:
                right.append(option)
        return left, right
    _, n, edges = key
    left, right = [], []
    previous = None
    for i, edge in enumerate(edges):
        if edge == previous:          # a parallel copy: the same option again
            continue
        previous = edge
        rest = edges[:i] + edges[i + 1:]
        if edge[2] in childish and not _all_standing(n, rest):
            continue
        option = tuple(_split(n, rest, fast))
        if edge[2] != RED:
            left.append(option)
        if edge[2] != BLUE:
            right.append(option)
    return left, right


def _all_standing(n, edges):
    """Whether every edge on vertices 0..n-1 is joined to the ground, vertex 0."""
    adjacency = [[] for _ in range(n)]
    for u, v, _ in edges:
        adjacency[u].append(v)
        adjacency[v].append(u)
    seen = [False] * n
    seen[0] = True
    queue = [0]
    for u in queue:
        for w in adjacency[u]:
            if not seen[w]:
                seen[w] = True
                queue.append(w)
    return all(seen[u] for u, _, _ in edges)


def _popcount(mask):
    return bin(mask).count("1")


def _string_key(colours, fast):
    """The key of a stalk (non-empty colours, read from the ground up)."""
    if fast:
        if GREEN not in colours:
            return ("V", engine.nus(berlekamp(colours)))
        if colours.count(GREEN) == len(colours):
            return ("V", engine.nus(Fraction(0), 0, len(colours)))
    return ("S", colours)


def _split(n, edges, fast):
    """The keys of the grounded pieces of a picture on vertices 0..n-1 (0 the ground)."""
    # Loops behave exactly as twigs: cutting one removes nothing else, and it
    # falls when its vertex does.  Make each a pendant edge to a new vertex.
    plain = []
    for u, v, c in edges:
        if u == v:
            plain.append((u, n, c))
            n += 1
        else:
            plain.append((u, v, c))
    adjacency = [[] for _ in range(n)]
    for index, (u, v, c) in enumerate(plain):
        adjacency[u].append((v, index))
        adjacency[v].append((u, index))
    seen = [False] * n
    seen[0] = True
    keys = []
    for start, _ in adjacency[0]:
        if seen[start]:
            continue
        seen[start] = True
        order = [start]
        for u in order:
            for w, _ in adjacency[u]:
                if w and not seen[w]:
                    seen[w] = True
                    order.append(w)
        label = {0: 0}
        for k, v in enumerate(order):
            label[v] = k + 1
        indices = sorted({i for v in order for _, i in adjacency[v]})
        piece = [(label[plain[i][0]], label[plain[i][1]], plain[i][2]) for i in indices]
        keys.append(_piece_key(len(order) + 1, piece, fast))
    return keys


def _piece_key(n, edges, fast):
    """The key of one connected piece on vertices 0..n-1 (0 the ground, no loops)."""
    colours = {c for _, _, c in edges}
    if fast:
        if colours == {GREEN}:
            return ("V", engine.nus(Fraction(0), 0, _green_nim_value(n, edges)))
        if len(colours) == 1:
            return ("V", engine.nus(Fraction(len(edges) if colours == {BLUE} else -len(edges))))
    if len(edges) == n - 1:
        stalk = _stalk_colours(n, edges)
        if stalk is not None:
            return _string_key(stalk, fast)
        return ("T", n, _tree_labelled(n, edges))
    return ("T", n, _graph_labelled(n, edges))


def _stalk_colours(n, edges):
    """The colours from the ground up if the tree is a single stalk, else None."""
    up = {}
    for u, v, c in edges:          # a tree labelled breadth-first: parents first
        a, b = (u, v) if u < v else (v, u)
        if a in up:
            return None
        up[a] = (b, c)
    colours = []
    v = 0
    while v in up:
        v, c = up[v]
        colours.append(c)
    return "".join(colours) if len(colours) == len(edges) else None


# ---------------------------------------------------------------- canonical labels
_subtree_ids = {}


def _tree_labelled(n, edges):
    """The edges of a tree rooted at 0 under its canonical (AHU) labelling."""
    adjacency = [[] for _ in range(n)]
    for u, v, c in edges:
        adjacency[u].append((v, c))
        adjacency[v].append((u, c))
    parent = [-1] * n
    parent[0] = 0
    up_colour = [None] * n
    order = [0]
    children = [[] for _ in range(n)]
    for u in order:
        for w, c in adjacency[u]:
            if parent[w] < 0:
                parent[w] = u
                up_colour[w] = c
                children[u].append((w, c))
                order.append(w)
    # A rooted coloured subtree's id: interned from its sorted (colour, child id) list.
    ident = [0] * n
    for v in reversed(order):
        signature = tuple(sorted((c, ident[w]) for w, c in children[v]))
        found = _subtree_ids.get(signature)
        if found is None:
            found = _subtree_ids[signature] = len(_subtree_ids)
        ident[v] = found
    label = [0] * n
    out = []
    stack = [0]
    count = 0
    while stack:
        v = stack.pop()
        label[v] = count
        count += 1
        for w, c in sorted(children[v], key=lambda wc: (wc[1], ident[wc[0]]), reverse=True):
            stack.append(w)
    for v in range(1, n):
        out.append((label[parent[v]], label[v], up_colour[v]))
    return tuple(sorted(out))


def _refine(colours, adjacency):
    """Colour refinement: split classes by the multiset of (edge colour, neighbour class)."""
    classes = len(set(colours))
    while True:
        signatures = [
            (colours[v], tuple(sorted((c, colours[w]) for w, c in adjacency[v])))
            for v in range(len(colours))
        ]
        rank = {s: i for i, s in enumerate(sorted(set(signatures)))}
        colours = [rank[s] for s in signatures]
        if len(rank) == classes:
            return colours
        classes = len(rank)


def _graph_labelled(n, edges):
    """The edges of a grounded graph under the least labelling an individualisation-
    refinement search finds (ground fixed at 0).  Every labelling describes the
    graph faithfully; the search makes isomorphic graphs likely to agree."""
    adjacency = [[] for _ in range(n)]
    for u, v, c in edges:
        adjacency[u].append((v, c))
        adjacency[v].append((u, c))
    start = _refine([0] + [1] * (n - 1), adjacency)
    best = None
    budget = _CANON_BUDGET
    stack = [start]
    while stack:
        if budget <= 0 and best is not None:
            break
        colours = stack.pop()
        budget -= 1
        counts = {}
        for col in colours:
            counts[col] = counts.get(col, 0) + 1
        target = min((col for col, k in counts.items() if k > 1), default=None)
        if target is None:
            labelled = tuple(sorted(
                (colours[u], colours[v], c) if colours[u] <= colours[v] else (colours[v], colours[u], c)
                for u, v, c in edges
            ))
            if best is None or labelled < best:
                best = labelled
            continue
        cell = [v for v in range(n) if colours[v] == target]
        if budget <= 0:
            cell = cell[:1]
        for v in reversed(cell):
            split = [2 * col + 1 for col in colours]
            split[v] -= 1
            stack.append(_refine(split, adjacency))
    return best


# ---------------------------------------------------------------- fast paths
def berlekamp(colours):
    """The value of a Blue-Red string (colours from the ground up), by Berlekamp's rule.

    The leading run of one colour counts 1 per edge (blue +, red -); from the
    first change of colour on, the edges count 1/2, 1/4, 1/8, ... with the
    sign of their colour.  Read as signs, the string is the sign expansion of
    its value.

    >>> berlekamp("BRRB"), berlekamp("RBB")
    (Fraction(3, 8), Fraction(-1, 4))
    """
    total = Fraction(0)
    if not colours:
        return total
    first = colours[0]
    run = len(colours) - len(colours.lstrip(first))
    total += run if first == BLUE else -run
    numerator, denominator = 0, 1
    for c in colours[run:]:
        if c not in (BLUE, RED):
            raise ValueError(f"Berlekamp's rule is for Blue-Red strings; {c!r} is not blue or red")
        numerator = 2 * numerator + (1 if c == BLUE else -1)
        denominator *= 2
    return total + Fraction(numerator, denominator)


def _green_nim_value(n, edges):
    """The nim value of a connected green graph on 0..n-1 grounded at 0 (no loops).

    Fusion principle: the vertices of a cycle fuse into one and the cycle's
    edges become loops, that is twigs; bridges keep the tree shape.  Colon
    principle: a vertex's branches fuse into one stalk whose height is the
    nim-sum of theirs, and a branch over an edge is one taller.
    """
    adjacency = [[] for _ in range(n)]
    for index, (u, v, _) in enumerate(edges):
        adjacency[u].append((v, index))
        adjacency[v].append((u, index))
    bridges = _bridges(n, adjacency)
    # Two-edge-connected pieces: union the ends of every non-bridge edge.
    parent = list(range(n))

    def find(x):
        while parent[x] != x:
            parent[x] = parent[parent[x]]
            x = parent[x]
        return x

    twigs = [0] * n
    for index, (u, v, _) in enumerate(edges):
        if not bridges[index]:
            parent[find(u)] = find(v)
    for index, (u, v, _) in enumerate(edges):
        if not bridges[index]:
            twigs[find(u)] ^= 1
    tree = {}
    for index, (u, v, _) in enumerate(edges):
        if bridges[index]:
            a, b = find(u), find(v)
            tree.setdefault(a, []).append(b)
            tree.setdefault(b, []).append(a)
    root = find(0)
    order, up = [root], {root: None}
    for x in order:
        for y in tree.get(x, ()):
            if y not in up:
                up[y] = x
                order.append(y)
    nim = {x: twigs[x] for x in order}
    for x in reversed(order[1:]):
        nim[up[x]] ^= nim[x] + 1
    return nim[root]


def _bridges(n, adjacency):
    """For each edge index, whether it is a bridge (Tarjan's lowpoints, iteratively;
    parallel edges are told apart by index, so they are never bridges)."""
    edge_count = sum(len(a) for a in adjacency) // 2
    bridge = [False] * edge_count
    number = [-1] * n
    low = [0] * n
    counter = 0
    for root in range(n):
        if number[root] >= 0:
            continue
        number[root] = low[root] = counter
        counter += 1
        stack = [(root, -1, iter(adjacency[root]))]
        while stack:
            v, via, neighbours = stack[-1]
            for w, index in neighbours:
                if index == via:
                    continue
                if number[w] < 0:
                    number[w] = low[w] = counter
                    counter += 1
                    stack.append((w, index, iter(adjacency[w])))
                    break
                low[v] = min(low[v], number[w])
            else:
                stack.pop()
                if stack:
                    u = stack[-1][0]
                    low[u] = min(low[u], low[v])
                    if low[v] > number[u]:
                        bridge[via] = True
    return bridge
