"""A from-the-definition model of short games, independent of `cgt`'s engine.

Games are pairs ``(left, right)`` of frozensets of games.  Comparison,
sums and canonical forms follow Conway's definitions literally: slow, but
with nothing shared with the engine, so tests can check the engine against it.
"""

from fractions import Fraction
from functools import lru_cache

ZERO = (frozenset(), frozenset())


@lru_cache(maxsize=None)
def le(g, h):
    """g <= h iff no g^L >= h and no h^R <= g."""
    return not any(le(h, gl) for gl in g[0]) and not any(le(hr, g) for hr in h[1])


def eq(g, h):
    return le(g, h) and le(h, g)


@lru_cache(maxsize=None)
def neg(g):
    return (frozenset(neg(r) for r in g[1]), frozenset(neg(l) for l in g[0]))


@lru_cache(maxsize=None)
def add(g, h):
    left = {add(gl, h) for gl in g[0]} | {add(g, hl) for hl in h[0]}
    right = {add(gr, h) for gr in g[1]} | {add(g, hr) for hr in h[1]}
    return (frozenset(left), frozenset(right))


@lru_cache(maxsize=None)
def canonical(g):
    """The canonical form: options canonical, dominated removed, reversible bypassed."""
    left = {canonical(x) for x in g[0]}
    right = {canonical(x) for x in g[1]}
    while True:
        form = (frozenset(left), frozenset(right))
        new_left = set()
        for x in left:
            reversing = next((xr for xr in x[1] if le(xr, form)), None)
            new_left |= set(reversing[0]) if reversing is not None else {x}
        new_right = set()
        for x in right:
            reversing = next((xl for xl in x[0] if le(form, xl)), None)
            new_right |= set(reversing[1]) if reversing is not None else {x}
        new_left = {x for x in new_left if not any(x != y and le(x, y) for y in new_left)}
        new_right = {x for x in new_right if not any(x != y and le(y, x) for y in new_right)}
        if new_left == left and new_right == right:
            return (frozenset(left), frozenset(right))
        left, right = new_left, new_right


def integer(n):
    g = ZERO
    for _ in range(abs(n)):
        g = (frozenset([g]), frozenset()) if n > 0 else (frozenset(), frozenset([g]))
    return g


def number(x):
    """The canonical form of a dyadic x: {x - 2^-k | x + 2^-k}."""
    x = Fraction(x)
    if x.denominator == 1:
        return integer(int(x))
    step = Fraction(1, x.denominator)
    return (frozenset([number(x - step)]), frozenset([number(x + step)]))


def nimber(n):
    options = frozenset(nimber(k) for k in range(n))
    return (options, options)


def game(left, right):
    return canonical((frozenset(left), frozenset(right)))


def games_born_by(day):
    """Every canonical game born by ``day``."""
    born = {ZERO}
    for _ in range(day):
        previous = sorted(born, key=repr)
        subsets = [frozenset(c) for c in _subsets(previous)]
        born = {canonical((l, r)) for l in subsets for r in subsets}
    return born


def _subsets(items):
    result = [[]]
    for item in items:
        result += [s + [item] for s in result]
    return result


def from_game(g):
    """The model of a `cgt.Game`, read through its public options."""
    return (frozenset(from_game(x) for x in g.left_options),
            frozenset(from_game(x) for x in g.right_options))


def to_game(g):
    """A `cgt.Game` built from the model, option by option."""
    from cgt import Game

    return Game([to_game(x) for x in g[0]], [to_game(x) for x in g[1]])


def board_cells(board):
    """The empty cells ``(row, col)`` of a board string such as ``'#.|..'`` (``.`` empty)."""
    return frozenset((r, c) for r, row in enumerate(board.split("|")) for c, ch in enumerate(row) if ch == ".")


@lru_cache(maxsize=None)
def domineering(cells):
    """Domineering on the empty ``cells``, from the definition: Left places a domino vertically,
    Right horizontally, on two empty cells."""
    def moves(dr, dc):
        return frozenset(domineering(cells - {(r, c), (r + dr, c + dc)})
                         for r, c in cells if (r + dr, c + dc) in cells)
    return canonical((moves(1, 0), moves(0, 1)))


# ---------------------------------------------------------------- rulesets, from their rules
def ruleset_value(position, moves):
    """The canonical model of ``position`` under ``moves(position, player)`` (player "L" or "R"),
    searched over whole positions: no components, no symmetries, nothing shared with `cgt`."""
    return _searched(position, moves, canonical)


def _searched(position, moves, node):
    """``node((left, right))`` of ``position``, where left and right are the frozensets of what
    its options under ``moves`` give, found for every position reached (without recursion)."""
    memo = {}
    stack = [position]
    while stack:
        p = stack[-1]
        if p in memo:
            stack.pop()
            continue
        options = (moves(p, "L"), moves(p, "R"))
        missing = [q for side in options for q in side if q not in memo]
        if missing:
            stack.extend(missing)
            continue
        memo[p] = node((frozenset(memo[q] for q in options[0]), frozenset(memo[q] for q in options[1])))
        stack.pop()
    return memo[position]


def _cell(rows, r, c):
    """The character at (r, c), or None off the board."""
    return rows[r][c] if 0 <= r < len(rows) and 0 <= c < len(rows[0]) else None


def _changed(rows, changes):
    cells = [list(row) for row in rows]
    for (r, c), ch in changes.items():
        cells[r][c] = ch
    return tuple("".join(row) for row in cells)


def _stones(rows, ch):
    return [(r, c) for r, row in enumerate(rows) for c, x in enumerate(row) if x == ch]


def gen_clobber_moves(steps, clobbered, left_behind, max_distance):
    """CGSuite's GenClobber: a stone slides over up to ``max_distance - 1`` empty cells in a
    direction and lands on the next cell if it holds something in the mover's ``clobbered``
    (characters); the mover leaves its ``left_behind`` character."""
    def moves(rows, player):
        me = "x" if player == "L" else "o"
        side = 0 if player == "L" else 1
        out = []
        for r, c in _stones(rows, me):
            for dr, dc in steps:
                n = 1
                while n < max_distance and _cell(rows, r + n * dr, c + n * dc) == ".":
                    n += 1
                target = (r + n * dr, c + n * dc)
                if _cell(rows, *target) not in (None, "#") and _cell(rows, *target) in clobbered[side]:
                    out.append(_changed(rows, {(r, c): left_behind[side], target: me}))
        return out
    return moves


def konane_moves(rows, player):
    """Konane: jump an adjacent enemy stone onto the empty cell beyond; go on jumping in line."""
    me, them = ("x", "o") if player == "L" else ("o", "x")
    out = []
    for r, c in _stones(rows, me):
        for dr, dc in ((1, 0), (-1, 0), (0, 1), (0, -1)):
            now, (rr, cc) = rows, (r, c)
            while _cell(now, rr + dr, cc + dc) == them and _cell(now, rr + 2 * dr, cc + 2 * dc) == ".":
                now = _changed(now, {(rr, cc): ".", (rr + dr, cc + dc): ".", (rr + 2 * dr, cc + 2 * dc): me})
                rr, cc = rr + 2 * dr, cc + 2 * dc
                out.append(now)
    return out


_QUEEN = [(dr, dc) for dr in (-1, 0, 1) for dc in (-1, 0, 1) if dr or dc]


def amazons_moves(rows, player):
    """Amazons: a queen move over empty cells, then an arrow shot from the landing cell as a queen."""
    me = "x" if player == "L" else "o"
    out = []
    for r, c in _stones(rows, me):
        lifted = _changed(rows, {(r, c): "."})
        for dr, dc in _QUEEN:
            k = 1
            while _cell(lifted, r + k * dr, c + k * dc) == ".":
                to = (r + k * dr, c + k * dc)
                landed = _changed(lifted, {to: me})
                for ar, ac in _QUEEN:
                    j = 1
                    while _cell(landed, to[0] + j * ar, to[1] + j * ac) == ".":
                        out.append(_changed(landed, {(to[0] + j * ar, to[1] + j * ac): "#"}))
                        j += 1
                k += 1
    return out


def fission_moves(rows, player):
    """Fission: a stone splits onto the two empty cells beside it, vertically for Left, horizontally for Right."""
    dr, dc = (1, 0) if player == "L" else (0, 1)
    return [_changed(rows, {(r, c): ".", (r - dr, c - dc): "x", (r + dr, c + dc): "x"})
            for r, c in _stones(rows, "x")
            if _cell(rows, r - dr, c - dc) == "." and _cell(rows, r + dr, c + dc) == "."]


def ski_jumps_moves(rows, player):
    """Ski Jumps (Winning Ways, ch. 2) on rows of ``.LlRr``: Left's skiers (``L`` jumpers, ``l``
    slippers) go right, Right's (``R``, ``r``) left.  A skier slides any number of cells its way over
    empty cells, or off the board when every cell to the edge is empty; a jumper on the row above
    an opposing skier may instead jump down over it onto the empty cell just below it (on the
    board), and the skier jumped over becomes a slipper."""
    jumper, slipper, step = ("L", "l", 1) if player == "L" else ("R", "r", -1)
    them, their_slipper = ("Rr", "r") if player == "L" else ("Ll", "l")
    out = []
    for r, row in enumerate(rows):
        for c, ch in enumerate(row):
            if ch not in (jumper, slipper):
                continue
            k = c + step
            while 0 <= k < len(row) and row[k] == ".":
                out.append(_changed(rows, {(r, c): ".", (r, k): ch}))
                k += step
            if not 0 <= k < len(row):
                out.append(_changed(rows, {(r, c): "."}))
            if ch == jumper and _cell(rows, r + 1, c) in tuple(them) and _cell(rows, r + 2, c) == ".":
                out.append(_changed(rows, {(r, c): ".", (r + 1, c): their_slipper, (r + 2, c): jumper}))
    return out


def quelhas_moves(rows, player):
    """Quelhas on rows of ``.#``: Left crosses out (``#``) two or more empty cells in a row of one
    column, one above the other; Right two or more side by side in one row."""
    dr, dc = (1, 0) if player == "L" else (0, 1)
    out = []
    for r, row in enumerate(rows):
        for c, _ in enumerate(row):
            length = 0
            while _cell(rows, r + length * dr, c + length * dc) == ".":
                length += 1
                if length >= 2:
                    out.append(_changed(rows, {(r + k * dr, c + k * dc): "#" for k in range(length)}))
    return out


# ---------------------------------------------------------------- strips, heaps, cakes and variants, from their rules
def toads_and_frogs_moves(min_slide=1, max_slide=1, max_jump=1, friendly=False):
    """CGSuite's GenToadsAndFrogs on a strip of ``.TF``: a toad (frog) slides ``k`` cells right (left)
    over empty cells, ``min_slide <= k <= max_slide``, ``k != 0``, or jumps up to ``max_jump`` adjacent
    opposing pieces (any pieces if ``friendly``) onto the empty cell just past them."""
    def moves(strip, player):
        us, them, step = ("T", "F", 1) if player == "L" else ("F", "T", -1)
        out = []
        for i, ch in enumerate(strip):
            if ch != us:
                continue
            for k in [k for k in range(min_slide, max_slide + 1) if k != 0]:
                direction = step if k > 0 else -step
                path = [i + j * direction for j in range(1, abs(k) + 1)]
                if all(0 <= j < len(strip) and strip[j] == "." for j in path):
                    out.append(_moved(strip, i, path[-1], us))
            for k in range(1, max_jump + 1):
                over = [strip[j] if 0 <= j < len(strip) else None for j in range(i + step, i + (k + 1) * step, step)]
                land = i + (k + 1) * step
                if all(x == them or friendly and x == us for x in over) and 0 <= land < len(strip) \
                        and strip[land] == ".":
                    out.append(_moved(strip, i, land, us))
        return out
    return moves


def _moved(strip, i, j, piece):
    cells = list(strip)
    cells[i], cells[j] = ".", piece
    return "".join(cells)


def toppling_dominoes_moves(strip, player):
    """Toppling Dominoes on ``.lre``: topple one of your dominoes (``l`` Left's, ``r`` Right's, ``e``
    either's) left or right; it and every domino on that side fall (become ``.``)."""
    own = "le" if player == "L" else "re"
    out = []
    for i, ch in enumerate(strip):
        if ch in own:
            out.append("." * (i + 1) + strip[i + 1:])
            out.append(strip[:i] + "." * (len(strip) - i))
    return out


def model_sum(games):
    total = ZERO
    for g in games:
        total = add(total, g)
    return canonical(total)


def cake_value(left_heap_options, right_heap_options, twisted, m, n, memo=None):
    """CGSuite's ``GenCutcake(L, R, twisted)((m, n))``: with ``(a, b) = (n, m)`` if ``twisted`` else
    ``(m, n)``, Left moves to the sum of ``(a, k)`` over the heaps ``k`` of an option of ``L`` at ``b``,
    Right to the sum of ``(k, b)`` over an option of ``R`` at ``a``."""
    memo = {} if memo is None else memo
    if (m, n) not in memo:
        a, b = (n, m) if twisted else (m, n)

        def value(x, y):
            return cake_value(left_heap_options, right_heap_options, twisted, x, y, memo)

        left = {model_sum(value(a, k) for k in option) for option in left_heap_options(b)}
        right = {model_sum(value(k, b) for k in option) for option in right_heap_options(a)}
        memo[(m, n)] = canonical((frozenset(left), frozenset(right)))
    return memo[(m, n)]


def split_in_two(n):
    """Take-and-break 4.0: a heap splits into two nonempty heaps."""
    return [(k, n - k) for k in range(1, n)]


def eat_one(n):
    """Take-and-break 0.7: take one token, the rest left as none, one or two nonempty heaps."""
    return [tuple(h for h in (k, n - 1 - k) if h) for k in range(n)]


def split_equally(n):
    """Take-and-break {2+}=.0: a heap splits into two or more equal heaps."""
    return [(n // k,) * k for k in range(2, n + 1) if n % k == 0]


def partizan_heap_value(left_heap_options, right_heap_options, n, memo=None):
    """A heap of ``n`` in the partizan join: Left to the sum of the heaps of an option of ``left`` at ``n``,
    Right of ``right``."""
    memo = {} if memo is None else memo
    if n not in memo:
        def sums(options):
            return frozenset(model_sum(partizan_heap_value(left_heap_options, right_heap_options, k, memo)
                                       for k in option) for option in options(n))
        memo[n] = canonical((sums(left_heap_options), sums(right_heap_options)))
    return memo[n]


def dicotic_moves(moves):
    """A player may move only when both players could."""
    def dicotic(position, player):
        other = "R" if player == "L" else "L"
        return moves(position, player) if moves(position, other) else []
    return dicotic


def impartial_moves(moves):
    """Either player may make any move of either."""
    return lambda position, player: moves(position, "L") + moves(position, "R")


def twisted_value(position, moves, memo=None):
    """``T(G) = {-T(G^L) | -T(G^R)}`` over whole positions."""
    memo = {} if memo is None else memo
    if position not in memo:
        memo[position] = canonical(tuple(frozenset(neg(twisted_value(q, moves, memo)) for q in moves(position, p))
                                         for p in "LR"))
    return memo[position]


# ---------------------------------------------------------------- games on graphs, from their rules
# A position is the whole graph as it stands (no components, no isomorphism): the
# vertices still there, with their labels; the edges are fixed by the game.
def gen_col_moves(neighbours, left_permitted, right_permitted):
    """CGSuite's ``GenCol(leftPermitted, rightPermitted)`` on the graph ``neighbours`` (a dict
    from each vertex to the set of its neighbours).  A position is a frozenset of
    ``(vertex, label)`` for the vertices still there, a label ``"."`` (none), ``"l"`` (CGSuite's
    Left) or ``"r"`` (Right).  A player may colour a vertex whose label is in their permitted
    set: the vertex goes, its unlabelled neighbours take the player's label, and its neighbours
    with the opponent's label go."""
    def moves(position, player):
        mine, theirs = ("l", "r") if player == "L" else ("r", "l")
        permitted = left_permitted if player == "L" else right_permitted
        labels = dict(position)
        out = []
        for v, label in labels.items():
            if label not in permitted:
                continue
            after = {}
            for w, other in labels.items():
                if w == v:
                    continue
                if w in neighbours[v]:
                    if other == theirs:
                        continue
                    other = mine
                after[w] = other
            out.append(frozenset(after.items()))
        return out
    return moves


def arc_kayles_moves(edges):
    """Arc Kayles on the graph of ``edges`` (frozensets of one vertex, a loop, or two): a
    position is the frozenset of vertices still there; a move takes an edge both of whose
    ends are there and removes them.  Impartial: both players have the same moves."""
    def moves(position, player):
        return [position - edge for edge in edges if edge <= position]
    return moves


def weighted_arc_kayles_moves(edges):
    """CGSuite's ``GenArcKayles(weighted => true)`` on the graph of ``edges`` (as in
    `arc_kayles_moves`): a position is a frozenset of ``(vertex, weight)``; a move takes an
    edge whose ends both have weight at least 1 and lowers each end's weight by 1."""
    def moves(position, player):
        weights = dict(position)
        out = []
        for edge in edges:
            if all(weights[v] > 0 for v in edge):
                out.append(frozenset((v, w - 1 if v in edge else w) for v, w in weights.items()))
        return out
    return moves


def partizan_arc_kayles_moves(edges):
    """CGSuite's ``PartizanArcKayles`` on ``edges``, pairs ``(frozenset of ends, colour)`` with
    colour ``"l"`` (blue), ``"r"`` (red) or ``"e"`` (green): a position is the frozenset of
    vertices still there; Left takes a blue or green edge, Right a red or green one, both of
    whose ends are there, and removes its ends."""
    def moves(position, player):
        usable = "le" if player == "L" else "re"
        return [position - ends for ends, colour in edges if colour in usable and ends <= position]
    return moves


def digraph_placement_moves(arcs):
    """Digraph Placement (Clow and McKay, arXiv:2407.12219) on the arcs ``arcs`` (pairs ``(u, v)``,
    u -> v): a position is the frozenset of ``(vertex, colour)`` still there, colour ``"blue"`` or
    ``"red"``; Left picks a blue vertex, Right a red one, and it goes with all its out-neighbours."""
    def moves(position, player):
        mine = "blue" if player == "L" else "red"
        out = []
        for v, colour in position:
            if colour == mine:
                gone = {v} | {w for u, w in arcs if u == v}
                out.append(frozenset((w, c) for w, c in position if w not in gone))
        return out
    return moves


# ---------------------------------------------------------------- forms of positions, their compounds
def ruleset_form(position, moves):
    """The form of ``position`` under ``moves(position, player)``, as a model game, not simplified:
    every move of the rules is an option (CGSuite's compounds depend on forms, not values)."""
    return _searched(position, moves, lambda form: form)


@lru_cache(maxsize=None)
def conjunctive_sum(g, h):
    """G ∧ H = {G^L ∧ H^L | G^R ∧ H^R}: a move in both components."""
    return (frozenset(conjunctive_sum(a, b) for a in g[0] for b in h[0]),
            frozenset(conjunctive_sum(a, b) for a in g[1] for b in h[1]))


@lru_cache(maxsize=None)
def selective_sum(g, h):
    """CGSuite's selective sum: a move in one component (leaving the disjunctive sum) or in both
    (leaving the conjunctive sum)."""
    return (frozenset({add(a, h) for a in g[0]} | {add(g, b) for b in h[0]}
                      | {conjunctive_sum(a, b) for a in g[0] for b in h[0]}),
            frozenset({add(a, h) for a in g[1]} | {add(g, b) for b in h[1]}
                      | {conjunctive_sum(a, b) for a in g[1] for b in h[1]}))


@lru_cache(maxsize=None)
def ordinal_sum(g, h):
    """G : H = {G^L, G : H^L | G^R, G : H^R}."""
    return (frozenset(g[0] | {ordinal_sum(g, b) for b in h[0]}),
            frozenset(g[1] | {ordinal_sum(g, b) for b in h[1]}))


@lru_cache(maxsize=None)
def conway_product(g, h):
    """G × H with options G^L×H + G×H^L - G^L×H^L (and the three others), each canonical."""
    def term(a, b):
        return canonical(add(add(conway_product(a, h), conway_product(g, b)), neg(conway_product(a, b))))
    return canonical((frozenset({term(a, b) for a in g[0] for b in h[0]} | {term(a, b) for a in g[1] for b in h[1]}),
                      frozenset({term(a, b) for a in g[0] for b in h[1]} | {term(a, b) for a in g[1] for b in h[0]})))


# ---------------------------------------------------------------- sensible options, misère play
def sensible_options(position, moves, player):
    """Siegel's definition, on the model: each canonical option K^L of the value K of ``position``,
    with the set of moves ``P^L`` (positions) of value ``>= K^L`` (``<= K^R`` for Right)."""
    value = ruleset_value(position, moves)
    side = 0 if player == "L" else 1
    out = {}
    for target in value[side]:
        out[target] = frozenset(q for q in moves(position, player)
                                if (le(target, ruleset_value(q, moves)) if side == 0
                                    else le(ruleset_value(q, moves), target)))
    return out


def misere_outcome(position, moves):
    """The misère outcome class from the definition: a player with no move wins; otherwise
    the mover wins iff some move leaves the opponent, moving first, a loser."""
    @lru_cache(maxsize=None)
    def wins(p, player):
        other = "R" if player == "L" else "L"
        options = moves(p, player)
        return not options or any(not wins(q, other) for q in options)
    return {(True, True): "N", (True, False): "L", (False, True): "R", (False, False): "P"}[
        wins(position, "L"), wins(position, "R")]


# ---------------------------------------------------------------- MCGS's NoGo, Sheep and King Dirt, from their rules
def _nogo_every_group_breathes(rows):
    """Whether every group of stones on ``rows`` (``.#xo``) has an empty cell next to it."""
    height, width = len(rows), len(rows[0])
    seen = set()
    for r in range(height):
        for c in range(width):
            if rows[r][c] not in "xo" or (r, c) in seen:
                continue
            stack, breathes = [(r, c)], False
            seen.add((r, c))
            while stack:
                a, b = stack.pop()
                for x, y in ((a + 1, b), (a - 1, b), (a, b + 1), (a, b - 1)):
                    if _cell(rows, x, y) == ".":
                        breathes = True
                    elif _cell(rows, x, y) == rows[r][c] and (x, y) not in seen:
                        seen.add((x, y))
                        stack.append((x, y))
            if not breathes:
                return False
    return True


def nogo_moves(rows, player):
    """NoGo (MCGS): put a stone of yours on an empty cell; afterwards every group on the board must
    have a liberty (no capture, no suicide)."""
    me = "x" if player == "L" else "o"
    out = []
    for r, c in _stones(rows, "."):
        after = _changed(rows, {(r, c): me})
        if _nogo_every_group_breathes(after):
            out.append(after)
    return out


_HEX = ((-1, 0), (-1, 1), (0, 1), (1, 0), (1, -1), (0, -1))


def sheep_moves(herds, player):
    """Sheep (MCGS) on ``herds``, rows of ints (``n > 0`` Left's herd of n, ``-n`` Right's, 0 empty):
    split a herd of yours of at least 2, sending ``k`` of its sheep (0 < k < n) as far as they
    run over empty cells in one of the six hexagonal directions ``_HEX`` (at least one cell)."""
    sign = 1 if player == "L" else -1
    height, width = len(herds), len(herds[0])
    out = []
    for r in range(height):
        for c in range(width):
            n = sign * herds[r][c]
            for dr, dc in _HEX if n >= 2 else ():
                steps = 0
                while 0 <= r + (steps + 1) * dr < height and 0 <= c + (steps + 1) * dc < width \
                        and herds[r + (steps + 1) * dr][c + (steps + 1) * dc] == 0:
                    steps += 1
                if steps:
                    for k in range(1, n):
                        cells = [list(row) for row in herds]
                        cells[r][c] = sign * (n - k)
                        cells[r + steps * dr][c + steps * dc] = sign * k
                        out.append(tuple(tuple(row) for row in cells))
    return out


def king_dirt_moves(position, player):
    """King Dirt (MCGS's gen_king_dirt) on ``(rows, black_unplaced, white_unplaced, must_place)``,
    rows of ``.#xo``: place a king of yours on an empty cell if you have one to place, or move a
    king of yours one step (eight directions) to an empty cell, its cell becoming ``#``; with
    ``must_place``, a player who can place may not move a king."""
    rows, black, white, must_place = position
    me = "x" if player == "L" else "o"
    mine = black if me == "x" else white
    places = []
    if mine > 0:
        for r, c in _stones(rows, "."):
            after = _changed(rows, {(r, c): me})
            places.append((after, black - 1, white, must_place) if me == "x" else (after, black, white - 1, must_place))
    if must_place and places:
        return places
    steps = [(rows2, black, white, must_place)
             for r, c in _stones(rows, me) for dr, dc in _QUEEN
             if _cell(rows, r + dr, c + dc) == "."
             for rows2 in [_changed(rows, {(r, c): "#", (r + dr, c + dc): me})]]
    return places + steps
