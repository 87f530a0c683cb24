"""The misère canonical-form engine: every canonical impartial game once, under an int id.

Misère play (whoever moves last loses) has no Sprague-Grundy theorem, but every
impartial game still has a unique simplest form (Conway, *On Numbers and Games*,
ch. 12).  A game whose options are canonical simplifies in exactly one way: it
equals ``H`` when the options of ``H`` are among its own and every other option
has ``H`` as an option, with the Grundy-Smith proviso that ``H = 0`` needs a
misère P-position among the options.

Canonical games come in pairs ``G`` and ``G + *1``: one of them (the *odd* one)
has the other (the *even* one) as an option.  Both are made at once, so adding
``*1`` is a table look-up.  Options are kept in CGSuite's canonical order: by
the even part's birthday, number of options, normal and misère Grundy values,
options (lexicographically), then even before odd.

Besides the table, this module computes what CGSuite derives from it: the
*phylum* (how tame a game is), the genus, the parts and partitions of a game
(Conway's factorisation theory), mates, links and discriminators.  It works on
ids only; `cgt.impartial.misere` wraps them as values.

>>> two = nimber(2)
>>> birthday(add(two, two)), g_minus(add(two, two))
(4, 0)
"""

from __future__ import annotations

import functools
import threading

from cgt.engine import run_deep
from cgt.limits import LIMITS
from cgt.nimbers import mex

__all__ = ["ZERO", "ONE", "construct", "nimber", "add", "plus_one", "even_part", "is_even",
           "options", "birthday", "g_plus", "g_minus", "phylum", "mate", "subtract",
           "partitions_of", "parts", "prime_parts", "is_prime", "find_link", "is_linked",
           "discriminator_pn", "sort_key", "game_count", "budgeted", "deep"]

# Phyla, in CGSuite's order (their order matters: "wilder" is larger).
NIMHEAP, HEREDITARILY_TAME, REVERSIBLY_TAME, TAMEABLE, WILD_OF_TAME_GENUS = 0, 1, 2, 3, 4
HEREDITARILY_RESTIVE, REVERSIBLY_RESTIVE, WILD_OF_RESTIVE_GENUS = 5, 6, 7
RESTLESS, WILD_OF_RESTLESS_GENUS, WILD = 8, 9, 10

GENERALLY_TAME = frozenset({NIMHEAP, HEREDITARILY_TAME, REVERSIBLY_TAME})
HEREDITARY_TAME = frozenset({NIMHEAP, HEREDITARILY_TAME})
TAMEABLE_PHYLA = frozenset({NIMHEAP, HEREDITARILY_TAME, REVERSIBLY_TAME, TAMEABLE})
GENERALLY_RESTIVE = frozenset({HEREDITARILY_RESTIVE, REVERSIBLY_RESTIVE})
RESTIVE_OR_TAME = GENERALLY_TAME | GENERALLY_RESTIVE
WILD_PHYLA = frozenset({WILD_OF_TAME_GENUS, WILD_OF_RESTIVE_GENUS, WILD_OF_RESTLESS_GENUS, WILD})

# Per-id data.
_options = []       # tuple of option ids, in canonical order
_option_set = []    # frozenset of the same
_birthday = []
_g_plus = []        # normal-play Grundy value
_g_minus = []       # misère Grundy value (1 for the game with no options)
_partner = []       # the id of G + *1
_even = []          # True for the even member of each pair
_phylum = []        # the even member's phylum, shared by its partner
_key = []           # sort key: ((birthday, n, g+, g-, option keys) of the even part, parity)

_table = {}         # frozenset of canonical options -> id (a set: found without sorting by `_key`)
_reduced = {}       # frozenset of options that are not canonical -> the id they simplify to
_sums = {}          # (even a, even b), a <= b -> id of a + b
_mates = {}
_partitions = {}    # even id -> ([0, G, x1, y1, ...] pairs summing to G, {x: y})
_discriminators = {}
_nimbers = []       # _nimbers[n] is the id of *n

# New games are made under this lock, so that threads never make one twice nor see a half-made one.
_lock = threading.RLock()
# Games born this late or later are worked on by the deep-recursion thread (`cgt.engine.run_deep`).
DEEP = 300


class _Work(threading.local):
    """The misère computation running on this thread: the work it may still do (None when none
    runs) and whether it is factorising a game."""

    left = None
    factorising = False


_work = _Work()


def budgeted(function):
    """``function``, run within one budget of ``cgt.LIMITS.max_misere_work``.

    The outermost budgeted call on a thread opens the budget; the calls it
    makes share it.  Work is counted in options handled: a sum of two games
    costs their options, a part tried in a factorisation its options and those
    of the game factorised, a game made its options.  Some games ask for
    exponentially much (``*[2###...#]`` with n ``#``s makes about 2^n games to
    factorise), and the work per step grows with the games, so counting steps
    alone would not bound the time.
    """
    @functools.wraps(function)
    def run(*args):
        if _work.left is not None:
            return function(*args)
        _work.left = LIMITS.max_misere_work
        try:
            return function(*args)
        finally:
            _work.left = None
    return run


def deep(function, *args):
    """``function(*args)`` by `cgt.engine.run_deep`, charged to the budget running on this thread."""
    budget = [_work.left]

    def carried():
        outer = _work.left          # the caller's own, when run_deep runs it on the caller's thread
        _work.left = budget[0]
        try:
            return function(*args)
        finally:
            budget[0], _work.left = _work.left, outer

    try:
        return run_deep(carried)
    finally:
        _work.left = budget[0]


_NEW_GAME = 40
"""The work of making a new game pair (classifying it, its sort key, its partner's options),
besides its options: about 40 options handled elsewhere take as long."""


def _spend(units):
    """Charge ``units`` of work to the budget running on this thread, if any."""
    if _work.left is not None:
        _work.left -= units
        if _work.left < 0:
            raise LIMITS.refusal("max_misere_work", None,
                                 "the work of a misère computation (sums, parts, and the text of a "
                                 "game, which is written with both)")


def _record(options_, phylum_):
    """Append one game with the given canonical options; return its id."""
    new = len(_options)
    _options.append(options_)
    _option_set.append(frozenset(options_))
    _birthday.append(1 + max((_birthday[o] for o in options_), default=-1))
    _g_plus.append(mex(_g_plus[o] for o in options_))
    _g_minus.append(mex(_g_minus[o] for o in options_) if options_ else 1)
    _phylum.append(phylum_)
    _table[_option_set[new]] = new
    return new


def _make_pair(options_):
    """Make the even game with these canonical options and its odd partner ``G + *1``."""
    even = _record(options_, _classify(options_))
    ekey = (_birthday[even], len(options_), _g_plus[even], _g_minus[even],
            tuple(_key[o] for o in options_))
    _key.append((ekey, 0))
    _even.append(True)
    odd_options = tuple(sorted({_partner[o] for o in options_} | {even}, key=_key.__getitem__))
    odd = _record(odd_options, _phylum[even])
    _key.append((ekey, 1))
    _even.append(False)
    _partner.extend((odd, even))
    return even


def sort_key(g):
    """CGSuite's canonical order of games, as a sortable key."""
    return _key[g]


def game_count():
    """How many canonical games the table holds."""
    return len(_options)


def construct(option_ids):
    """The canonical game whose options are (equal to) the given games.

    >>> construct([nimber(1), nimber(2)])   # {*1, *2} reverses to 0
    0
    """
    option_set = frozenset(option_ids)
    _spend(len(option_set))
    found = _table.get(option_set)
    if found is not None:
        return found
    found = _reduced.get(option_set)
    if found is not None:
        return found
    with _lock:
        found = _table.get(option_set)
        if found is not None:
            return found
        _spend(_NEW_GAME + 2 * len(option_set))     # sorting, reducing and perhaps making the pair
        opts = tuple(sorted(option_set, key=_key.__getitem__))
        found = _reduce(opts)
        if found is None:
            return _make_pair(opts)
        _reduced[option_set] = found
        return found


def _reduce(opts):
    """The game ``H`` these options simplify to, or None when they are canonical."""
    # H = 0: every option has 0 as an option, and (the proviso) one is a misère P-position.
    if (opts[0] != ZERO and all(ZERO in _option_set[o] for o in opts)
            and any(_g_minus[o] == 0 for o in opts)):
        return ZERO
    # Otherwise the options of H are a prefix, every option after it born at least two
    # days later than the one before, and each of those has H as an option.
    for j in range(1, len(opts)):
        if _birthday[opts[j]] > _birthday[opts[j - 1]] + 1:
            h = _table.get(frozenset(opts[:j]))
            if h is not None and all(h in _option_set[o] for o in opts[j:]):
                return h
    return None


def _classify(opts):
    """The phylum of the even game with these canonical options (CGSuite's classification)."""
    g_p = mex(_g_plus[o] for o in opts)
    g_m = mex(_g_minus[o] for o in opts) if opts else 1
    wildest = NIMHEAP
    for o in opts:
        if wildest in GENERALLY_TAME and _phylum[o] > wildest:
            wildest = _phylum[o]
    if g_p == g_m or (g_p | g_m) <= 1:
        mine = WILD_OF_TAME_GENUS
    elif g_p < 2:
        mine = WILD_OF_RESTIVE_GENUS
    elif g_m < 2:
        mine = WILD_OF_RESTLESS_GENUS
    else:
        mine = WILD
    if wildest in GENERALLY_TAME:
        if wildest == NIMHEAP and mine == WILD_OF_TAME_GENUS and (g_p > 1 or g_p != g_m):
            return NIMHEAP
        if wildest in HEREDITARY_TAME and mine == WILD_OF_TAME_GENUS:
            return HEREDITARILY_TAME
        if wildest in HEREDITARY_TAME and mine == WILD_OF_RESTIVE_GENUS:
            return HEREDITARILY_RESTIVE
        if mine == WILD_OF_TAME_GENUS:
            return REVERSIBLY_TAME
        if mine == WILD_OF_RESTIVE_GENUS:
            return REVERSIBLY_RESTIVE
        if mine == WILD_OF_RESTLESS_GENUS:
            return RESTLESS
    if mine in (WILD_OF_TAME_GENUS, WILD_OF_RESTIVE_GENUS):
        mine = _reversibly_tamed(opts, mine, g_p, g_m)
    return WILD if mine in WILD_PHYLA else mine


def _reversibly_tamed(opts, mine, g_p, g_m):
    """Whether a game of tame (or restive) genus with some wild option is tame through reversal.

    Each wild option must have an option of the game's own genus (a tame-reversible
    move); the tame options alone must then give the game's Grundy values.  A
    game is *tameable* when tameable options can stand in for tame ones.
    """
    plus, minus = set(), set()
    tameable_plus, tameable_minus = set(), set()
    possible = ([REVERSIBLY_TAME, TAMEABLE] if mine == WILD_OF_TAME_GENUS
                else [REVERSIBLY_RESTIVE])
    for o in opts:
        p = _phylum[o]
        if p in GENERALLY_TAME:
            plus.add(_g_plus[o])
            minus.add(_g_minus[o])
            continue
        m_tameable = p_tameable = False
        if TAMEABLE in possible and p == TAMEABLE:
            e = even_part(o)        # CGSuite records the even part's values here
            tameable_minus.add(_g_minus[e])
            tameable_plus.add(_g_plus[e])
            m_tameable = p_tameable = True
        m_found = p_found = False
        for second in _options[o]:
            q = _phylum[second]
            if not (q in GENERALLY_TAME
                    or (REVERSIBLY_RESTIVE in possible and q in RESTIVE_OR_TAME)
                    or (TAMEABLE in possible and q in TAMEABLE_PHYLA)):
                continue
            s_m, s_p = _g_minus[second], _g_plus[second]
            if q in GENERALLY_TAME and mine == WILD_OF_TAME_GENUS:
                m_found |= g_m == s_m
                p_found |= g_p == s_p
            elif q in RESTIVE_OR_TAME and mine == WILD_OF_RESTIVE_GENUS:
                m_found |= g_m == s_m and (s_p <= 1 or (s_p ^ g_m) <= 1)
                p_found |= g_p == s_p and (s_m <= 1 or (s_m ^ g_m) <= 1)
            elif q == TAMEABLE and TAMEABLE in possible:
                m_tameable |= g_m == s_m
                p_tameable |= g_p == s_p
        if not (m_found and p_found):
            possible = [x for x in possible if x == TAMEABLE]
            if not (m_tameable and p_tameable):
                possible = []
            if not possible:
                break
    if not possible:
        return mine
    if g_p != mex(plus) or g_m != mex(minus):
        possible = [x for x in possible if x == TAMEABLE]
    if TAMEABLE in possible:
        plus |= tameable_plus
        minus |= tameable_minus
        if (g_p != mex(plus) or g_m != mex(minus)) and (plus or g_p > 0):
            possible.remove(TAMEABLE)
    return possible[0] if possible else mine


# The game 0 and its partner *1.
ZERO = _make_pair(())
ONE = _partner[ZERO]
_nimbers.extend((ZERO, ONE))


def nimber(n):
    """The nim heap ``*n`` (canonical in misère play too), up to ``cgt.LIMITS.max_misere_heap``.

    Its canonical form lists every smaller heap: making ``*n`` takes about n²/2 steps.
    """
    if n < len(_nimbers):
        return _nimbers[n]
    LIMITS.within("max_misere_heap", n, "the misère nim heap *n")
    with _lock:
        while len(_nimbers) <= n:
            size = len(_nimbers)
            _nimbers.append(_partner[_nimbers[-1]] if size % 2 else construct(_nimbers[:size]))
    return _nimbers[n]


def options(g):
    return _options[g]


def birthday(g):
    return _birthday[g]


def g_plus(g):
    return _g_plus[g]


def g_minus(g):
    return _g_minus[g]


def phylum(g):
    return _phylum[g]


def is_even(g):
    return _even[g]


def even_part(g):
    return g if _even[g] else _partner[g]


def plus_one(g):
    """``G + *1``."""
    return _partner[g]


def has_option(g, h):
    return h in _option_set[g]


@budgeted
def add(a, b):
    """The misère sum ``a + b``, canonical (memoised; no recursion, so deep sums are fine)."""
    odd = _even[a] != _even[b]
    total = _add_even(even_part(a), even_part(b))
    return _partner[total] if odd else total


def _add_even(a, b):
    if a == ZERO or b == ZERO:
        return b if a == ZERO else a
    pair = (a, b) if a <= b else (b, a)
    found = _sums.get(pair)
    if found is not None:
        return found
    stack = [pair]
    while stack:
        x, y = stack[-1]
        if (x, y) in _sums:
            stack.pop()
            continue
        missing = []
        terms = []
        for o, other in [(o, y) for o in _options[x]] + [(o, x) for o in _options[y]]:
            e = even_part(o)
            if e == ZERO:
                terms.append(other if _even[o] else _partner[other])
                continue
            key = (e, other) if e <= other else (other, e)
            value = _sums.get(key)
            if value is None:
                missing.append(key)
            else:
                terms.append(value if _even[o] else _partner[value])
        if missing:
            stack.extend(missing)
            continue
        _sums[(x, y)] = construct(terms)
        stack.pop()
    return _sums[pair]


@budgeted
def mate(g):
    """Conway's mate: ``0⁻ = *1``, ``*1⁻ = 0``, otherwise ``G⁻ = {G'⁻}``."""
    if g <= ONE:
        return ONE if g == ZERO else ZERO
    found = _mates.get(g)
    if found is not None:
        return found
    stack = [g]
    while stack:
        x = stack[-1]
        if x in _mates:
            stack.pop()
            continue
        missing = [o for o in _options[x] if o > ONE and o not in _mates]
        if missing:
            stack.extend(missing)
            continue
        _mates[x] = construct([mate(o) for o in _options[x]])
        stack.pop()
    return _mates[g]


# --- Parts and partitions (Conway's factorisation, as CGSuite computes it) -------------

def _flip(g, odd):
    """``g``, plus ``*1`` when ``odd``."""
    return _partner[g] if odd else g


def partitions_of(g):
    """The ways to write the even part of ``g`` as a sum of two even games, as a flat list.

    The list is ``[0, G, x1, y1, x2, y2, ...]`` with ``xi + yi = G``, in the
    order CGSuite finds them.
    """
    return _partition_pairs(even_part(g))[0]


def _partner_map(flat):
    """``{x: y}`` for the pairs of a flat partition list, the first pair of ``x`` winning."""
    partners = {}
    for k, x in enumerate(flat):
        partners.setdefault(x, flat[k ^ 1])
    return partners


def _partition_pairs(g):
    """``(flat list, partner map)`` of the even game ``g`` (recursive through its options)."""
    found = _partitions.get(g)
    if found is not None:
        return found
    if _work.factorising:
        return _find_partition_pairs(g)
    return _factorise(g)


@budgeted
def _factorise(g):
    """The partitions of ``g`` by a factorisation that starts here, within the budget of
    ``cgt.LIMITS.max_misere_work`` (the games nested as ``*[2###...#]``, n times ``#``, have about
    2^n parts to try); on the deep-recursion thread for a deep ``g``."""
    if _birthday[g] >= DEEP:
        return deep(_factorising, g)
    return _factorising(g)


def _factorising(g):
    _work.factorising = True
    try:
        return _find_partition_pairs(g)
    finally:
        _work.factorising = False


def _find_partition_pairs(g):
    result = [ZERO, g]
    partners = {ZERO: g, g: ZERO} if g != ZERO else {ZERO: ZERO}
    opts = _options[g]
    opt_partners = []
    primes = 0
    for o in opts:
        if even_part(o) == ZERO:       # 0 or *1 is an option: G is prime
            primes = 3
            break
        flat, found = _partition_pairs(even_part(o))
        opt_partners.append(found)
        if len(flat) == 2 and (_even[o] or even_part(o) not in _option_set[g]):
            primes += 1
            if primes >= 3:
                break
    if primes < 3:
        parts_of_options = {part for found in opt_partners for part in found}
        _spend(len(parts_of_options) * len(parts_of_options).bit_length())     # the comparisons to sort them
        candidates = sorted(parts_of_options, key=_key.__getitem__)
        changed = True
        while changed:
            _spend(len(candidates))
            changed = False
            for x in candidates:
                if x in partners:
                    continue
                _spend(1 + len(_options[x]) + len(opts))
                y = _counterpart(x, opts, opt_partners, partners)
                if y is not None:
                    result.extend((x, y))
                    partners.setdefault(x, y)
                    partners.setdefault(y, x)
                    changed = True
    _partitions[g] = (result, partners)
    return result, partners


def _counterpart(x, opts, opt_partners, partners):
    """The ``y`` with ``x + y = G``, when the options of ``G`` and ``x`` show one exists.

    ``partners`` maps the parts of ``G`` found so far to their counterparts,
    ``opt_partners`` does the same for each option of ``G``.
    """
    x_opts = _options[x]
    direct = []          # the options of y, when each x' and each G' - x is known
    candidates = []
    is_direct = True
    for xo in x_opts:
        rest = partners.get(even_part(xo))
        if rest is None:
            is_direct = False
            for found in opt_partners:
                other = found.get(even_part(xo))
                if other is not None:
                    candidates.append(other)
            break
        direct.append(_flip(rest, not _even[xo]))
    if is_direct:
        for o, found in zip(opts, opt_partners):
            rest = found.get(x)
            if rest is None:
                is_direct = False
                for xo in x_opts:
                    other = found.get(even_part(xo))
                    if other is not None:
                        candidates.append(other)
                break
            direct.append(_flip(rest, not _even[o]))
    if is_direct:
        return construct(direct)
    for y in candidates:
        _spend(len(opts) + len(x_opts) + len(_options[y]))
        if _is_partner_part(x, y, opts, opt_partners, partners):
            return y
    return None


def _is_partner_part(x, y, opts, opt_partners, partners):
    """Whether ``x + y = G``: each option of G is ``x' + y`` or ``x + y'``, and conversely."""
    x_set, y_set = _option_set[x], _option_set[y]
    for o, found in zip(opts, opt_partners):
        rest = found.get(x)
        if rest is not None and _flip(rest, not _even[o]) in y_set:
            continue
        rest = found.get(y)
        if rest is not None and _flip(rest, not _even[o]) in x_set:
            continue
        return False
    # Each x' + y is an option of G, or reverses through G (some x' + y' = G).
    x_plus_y = {_flip(found[y], not _even[o]) for o, found in zip(opts, opt_partners) if y in found}
    for xo in _options[x]:
        rest = partners.get(even_part(xo))
        if rest is not None and _flip(rest, not _even[xo]) in y_set:
            continue
        if xo not in x_plus_y:
            return False
    x_evens = {even_part(xo) for xo in _options[x]}
    y_plus_x = {_flip(found[x], not _even[o]) for o, found in zip(opts, opt_partners) if x in found}
    for yo in _options[y]:
        rest = partners.get(even_part(yo))
        # CGSuite matches this one up to parity.
        if rest is not None and rest in x_evens:
            continue
        if yo not in y_plus_x:
            return False
    return True


def subtract(a, b):
    """The game ``c`` with ``b + c = a``, or None when ``b`` is not a part of ``a``."""
    rest = _partition_pairs(even_part(a))[1].get(even_part(b))
    if rest is None:
        return None
    return _flip(rest, _even[a] != _even[b])


def parts(g, proper=False, prime=False):
    """The even parts of ``g`` (CGSuite's order), without 0 and G when ``proper``."""
    found = partitions_of(g)
    result = []
    for i in range(2 if proper else 0, len(found), 2):
        for part in (found[i], found[i + 1]) if found[i + 1] != found[i] else (found[i],):
            if not prime or is_prime(part):
                result.append(part)
    return result


def prime_parts(g):
    return parts(g, prime=True)


def is_prime(g):
    """A game other than 0 and *1 whose even part has no parts but 0 and itself."""
    return g > ONE and len(partitions_of(g)) == 2


@budgeted
def factorisations(g, include_unit=True):
    """Every way to write ``g`` as a sum of even primes (and ``*1`` when odd)."""
    result = []

    def build(h, partial):
        _spend(1 + len(partial))
        if h <= ONE:
            result.append(partial + ([ONE] if include_unit and h == ONE else []))
            return
        for p in prime_parts(h):
            if not partial or _key[partial[-1]] <= _key[p]:
                build(subtract(h, p), partial + [p])

    build(g, [])
    return result


# --- Links and discriminators (ONAG, theorems 75-77) ------------------------------------

def is_linked(a, b):
    """CGSuite's test: neither game is an option of the other."""
    return a not in _option_set[b] and b not in _option_set[a]


@budgeted
def find_link(a, b):
    """A game ``T`` with ``a + T`` and ``b + T`` both misère P-positions, or None."""
    if _birthday[a] + _birthday[b] >= DEEP:
        return deep(_find_link, a, b)
    return _find_link(a, b)


def _find_link(a, b):
    if a == ZERO and b == ZERO:
        return ONE
    if not is_linked(a, b):
        return None
    return construct([_discriminator_pn(o, b) for o in _options[a]]
                     + [_discriminator_pn(o, a) for o in _options[b]])


def _discriminator(a, b):
    if a == b:
        return None
    if a == ZERO and _g_minus[b] == 0 or b == ZERO and _g_minus[a] == 0:
        return ZERO
    pair = (a, b) if a <= b else (b, a)
    found = _discriminators.get(pair)
    if found is not None:
        return found
    for first, second in ((a, b), (b, a)):
        for o in _options[first]:
            found = _find_link(second, o)
            if found is not None:
                _discriminators[pair] = found
                return found
    return ZERO


@budgeted
def discriminator_pn(a, b):
    """A game ``T`` with ``a + T`` a misère P-position and ``b + T`` an N-position."""
    if _birthday[a] + _birthday[b] >= DEEP:
        return deep(_discriminator_pn, a, b)
    return _discriminator_pn(a, b)


def _discriminator_pn(a, b):
    found = _discriminator(a, b)
    if found is None or _g_minus[add(found, a)] == 0:
        return found
    return construct([mate(o) for o in _options[a]] + [found])
