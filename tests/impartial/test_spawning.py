"""Coin-turning games (`cgt.impartial.Spawning`) against a brute force written from the definition.

The brute force plays on rows of coins: a state is the set of heads, a move
turns over a set of coins whose rightmost coin is heads and which the game's
rule allows (checked on the set itself: its size, its span, its spacing), and
values are mexes over the states reached, state by state in increasing order
(a move lowers the state read as a binary number).  Nothing of it comes from
the code under test; Winning Ways' facts (Ruler, Mock Turtles, Grunt) are
checked as well.
"""

from itertools import combinations

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from cgt import UnknownTurningCodeError, nim_product, nimber
from cgt.impartial import CoinPosition, Spawning, grundys_game, parse_turning_code


# --------------------------------------------------------------------- the brute force

def allowed(turned, fewest, most=None, spacing="", span=None, first=False):
    """Whether a move may turn the coins ``turned`` (a sorted tuple, the heads coin last)."""
    size, low, high = len(turned), turned[0], turned[-1]
    gaps = {b - a for a, b in zip(turned, turned[1:])}
    return (size >= fewest and (most is None or size <= most)
            and (span is None or high - low < span)
            and (not first or low == 1)
            and (spacing != "C" or gaps <= {1})
            and (spacing != "E" or len(gaps) <= 1)
            and (spacing != "S" or {low + high - x for x in turned} == set(turned)))


def turning_sets(rules, coin):
    """Every set of coins ``<= coin`` containing ``coin`` that one of ``rules`` allows."""
    below = range(1, coin)
    return [others + (coin,)
            for size in range(coin) for others in combinations(below, size)
            if any(allowed(others + (coin,), *rule) for rule in rules)]


def brute_values(rules, length):
    """The Grundy value of every row of ``length`` coins, indexed by the heads as a bitmask (coin c = bit c - 1)."""
    masks = {coin: [sum(1 << (c - 1) for c in turned) for turned in turning_sets(rules, coin)]
             for coin in range(1, length + 1)}
    values = []
    for state in range(1 << length):
        seen = {values[state ^ mask]
                for coin in range(1, length + 1) if state >> (coin - 1) & 1
                for mask in masks[coin]}
        values.append(next(v for v in range(len(seen) + 1) if v not in seen))
    return values


# Turning codes and their rules written out by hand (fewest, most, spacing, span, first).
GAMES = {
    "1-2": [(1, 2)],                               # Turning Turtles
    "1-3": [(1, 3)],                               # Mock Turtles
    "1-5": [(1, 5)],                               # Moebius
    "1+": [(1, None)],                             # Motley
    "2": [(2, 2)],                                 # Twins
    "3": [(3, 3)],                                 # Triplets
    "1+C": [(1, None, "C")],                       # Ruler
    "1-3C(5)": [(1, 3, "", 5)],                    # Mock Turtle Fives
    "3C(5)": [(3, 3, "", 5)],                      # Triplet Fives
    "1-5C": [(1, 5, "C")],                         # Ruler Fives
    "3E": [(3, 3, "E")],                           # Turnips
    "4FS": [(4, 4, "S", None, True)],              # Grunt
    "1+S": [(1, None, "S")],                       # Sym
    "1+FS": [(1, None, "S", None, True)],          # Sympler
    "2+": [(2, None)],
    "3+": [(3, None)],
    "2-4E": [(2, 4, "E")],
    "1-3F": [(1, 3, "", None, True)],
    "2-3F": [(2, 3, "", None, True)],
    "1-4C(3)": [(1, 4, "", 3)],
    "2+C(4)S": [(2, None, "S", 4)],
    "3S,1C": [(3, 3, "S"), (1, 1, "C")],
    "1-2,4C": [(1, 2), (4, 4, "C")],
    "2,5E": [(2, 2), (5, 5, "E")],
    "2-3FE": [(2, 3, "E", None, True)],
    "1-3FC": [(1, 3, "C", None, True)],
}
LENGTH = 9


@pytest.fixture(scope="module", params=sorted(GAMES))
def game(request):
    code = request.param
    return code, GAMES[code], brute_values(GAMES[code], LENGTH)


def test_heap_values_match_single_coins(game):
    code, _, values = game
    assert Spawning(code).nim_sequence(LENGTH) == [values[0]] + [values[1 << (n - 1)]
                                                                 for n in range(1, LENGTH + 1)]


def test_every_row_is_the_nim_sum_of_its_heads(game):
    """The heap representation: a row is worth the nim-sum of its heads (checked, not assumed)."""
    code, _, values = game
    ruleset = Spawning(code)
    for state, value in enumerate(values):
        row = "".join("h" if state >> i & 1 else "t" for i in range(LENGTH))
        assert ruleset.coins(row).nim_value == value, row


def test_heap_options_are_the_turning_sets(game):
    code, rules, _ = game
    ruleset = Spawning(code)
    for coin in range(LENGTH + 1):
        expected = {turned[:-1] for turned in turning_sets(rules, coin)} if coin else set()
        options = ruleset.heap_options(coin)
        assert len(options) == len(set(options)) and set(options) == expected, coin
        assert all(list(option) == sorted(option) for option in options)


def test_moves_of_a_row_are_the_turning_moves(game):
    code, rules, _ = game
    ruleset = Spawning(code)
    for row in ("hthhth", "hhhhhhh", "tthtthhth"):
        heads = {i + 1 for i, ch in enumerate(row) if ch == "h"}
        expected = {frozenset(heads ^ set(turned))
                    for coin in heads for turned in turning_sets(rules, coin)}
        moves = ruleset.coins(row).moves()
        assert len(moves) == len(expected) and {m.heads for m in moves} == expected


def test_codes_are_read_as_written():
    for code, rules in GAMES.items():
        expected = [rule + (None, None, "", None, False)[len(rule):] for rule in rules]
        assert [(e.fewest, e.most, e.spacing, e.span, e.first)
                for e in parse_turning_code(code)] == expected, code


# --------------------------------------------------------------------- Winning Ways' facts

def odious(count):
    """The first ``count`` odious numbers (an odd number of 1 bits)."""
    return [n for n in range(4 * count + 4) if bin(n).count("1") % 2][:count]


def test_turning_turtles_is_nim():
    assert Spawning("1-2").nim_sequence(300) == list(range(301))


def test_twins_is_nim_shifted():
    assert Spawning("2").nim_sequence(300)[1:] == list(range(300))


def test_mock_turtles_values_are_the_odious_numbers():
    assert Spawning("1-3").nim_sequence(1000)[1:] == odious(1000)


def test_triplets_are_mock_turtles_shifted_by_two():
    assert Spawning("3").nim_sequence(300)[3:] == odious(298)


def test_ruler_values_are_the_largest_power_of_two_dividing_n():
    assert Spawning("1+C").nim_sequence(1024)[1:] == [n & -n for n in range(1, 1025)]


def test_ruler_fives_caps_the_ruler_at_four():
    assert Spawning("1-5C").nim_sequence(200)[1:] == [min(n & -n, 4) for n in range(1, 201)]


def test_motley_values_are_powers_of_two_at_any_size():
    assert Spawning("1+").nim_sequence(400)[1:] == [1 << (n - 1) for n in range(1, 401)]


def test_grunt_is_grundys_game_shifted_by_one():
    """Grunt turns coins 1, a, n + 1 - a, n: heap n - 1 split into a - 1 and n - a, unequal."""
    grunt = Spawning("4FS").nim_sequence(300)
    assert grunt[1:] == grundys_game.nim_sequence(299)


def test_mock_turtle_fives_has_period_five():
    values = Spawning("1-3C(5)").nim_sequence(100)[1:]
    assert values[:5] == [1, 2, 4, 7, 8] and all(values[i] == values[i % 5] for i in range(100))


# --------------------------------------------------------------------- positions and codes

def test_heaps_are_heap_positions_and_games():
    mock = Spawning("1-3")
    assert mock(4).nim_value == 7 and mock(4).canonical_form == nimber(7)
    assert mock.heaps(4, 6).nim_value == 7 ^ 11
    assert mock(4) + mock(4) == nimber(0)
    assert repr(mock(4)) == "Spawning('1-3')(4)"
    assert {p.nim_value for p in mock(4).moves()} == {0, 1, 2, 4, 1 ^ 2, 1 ^ 4, 2 ^ 4}


def test_rows_are_coin_positions():
    row = Spawning("1-3").coins("htththtth")
    assert isinstance(row, CoinPosition)
    assert row.nim_value == 29 and row.canonical_form == nimber(29) and row.outcome == "N"
    assert str(row) == "htththtth" and repr(row) == "Spawning('1-3').coins('htththtth')"
    assert all(move.nim_value == 0 for move in row.winning_moves()) and row.winning_moves()
    assert row + nimber(29) == nimber(0)
    assert Spawning("1-3").coins("tthhtt") == Spawning("1-3").coins("tthh")


def test_lowercase_codes_are_the_same_ruleset():
    assert Spawning("4fs") == Spawning("4FS") and hash(Spawning("4fs")) == hash(Spawning("4FS"))
    assert Spawning("1-3") != Spawning("1-2")


def test_a_window_narrower_than_the_move_allows_nothing():
    assert Spawning("3C(2)").nim_sequence(10) == [0] * 11


def test_f_with_a_lone_coin_only_on_coin_one():
    """``F``: coin 1 is among the coins turned, so a lone heads coin may be turned only at 1."""
    assert Spawning("1-3F").heap_options(1) == [()]
    assert () not in Spawning("1-3F").heap_options(5)


@pytest.mark.parametrize("code, column, fragment", [
    ("", 1, "expected a number of coins"),
    ("1-3X", 4, "not a modifier"),
    ("X", 1, "expected a number of coins"),
    ("1-", 3, "expected the largest number of coins"),
    ("3-1", 1, "the range 3-1 is empty"),
    ("0-3", 1, "at least one coin"),
    ("1,,2", 3, "expected a number of coins"),
    ("1,", 3, "expected a number of coins"),
    ("3C(5", 5, "expected ')'"),
    ("3C()", 4, "the width of the window"),
    ("3C(0)", 4, "at least one coin wide"),
    ("3C(5)C(6)", 6, "a second window"),
    ("3CE", 3, "at most one of C, E, S"),
    ("3FF", 3, "a second F"),
    ("1 - 3", 2, "not a modifier"),
])
def test_malformed_codes_name_the_code_and_the_column(code, column, fragment):
    with pytest.raises(UnknownTurningCodeError) as info:
        Spawning(code)
    error = info.value
    assert isinstance(error, ValueError)
    assert error.column == column and error.code == code
    assert fragment in str(error) and repr(code) in str(error) and f"column {column}" in str(error)


def test_a_code_is_a_string():
    with pytest.raises(TypeError):
        Spawning(13)


def test_rows_are_written_in_h_and_t():
    with pytest.raises(ValueError, match="column 3"):
        Spawning("1-3").coins("htx")


# --------------------------------------------------------------------- products

SMALL = ["1-2", "1-3", "2", "3", "1+", "1+C", "3E", "4FS", "1+S", "1-3C(5)", "2-3F"]


def options(code, heap):
    """The options of a heap by the brute force's turning sets."""
    return [turned[:-1] for turned in turning_sets(GAMES[code], heap)] if heap else []


def brute_product(kind, left, right, rows, cols):
    """A product's values from its definition, cell by cell, options from the brute force."""
    value = {}
    for m in range(rows + 1):
        for n in range(cols + 1):
            sums = set()
            if kind == "acrostic":
                for turned in options(left, m):
                    sums.add(_nim_sum(value[a, n] for a in turned))
                for turned in options(right, n):
                    sums.add(_nim_sum(value[m, b] for b in turned))
            else:
                for rows_turned in options(left, m):
                    for cols_turned in options(right, n):
                        sums.add(_nim_sum(value[a, b] for a in rows_turned + (m,)
                                          for b in cols_turned + (n,) if (a, b) != (m, n)))
            value[m, n] = next(v for v in range(len(sums) + 1) if v not in sums)
    return [[value[m, n] for n in range(cols + 1)] for m in range(rows + 1)]


def _nim_sum(values):
    total = 0
    for value in values:
        total ^= value
    return total


@pytest.mark.parametrize("left, right", [("1+", "1+C"), ("3E", "4FS"), ("1-3", "2-3F"),
                                         ("1+S", "3"), ("1-3C(5)", "1-2")])
@pytest.mark.parametrize("kind", ["acrostic", "direct"])
def test_products_match_their_definition(kind, left, right):
    product = getattr(Spawning(left), f"{kind}_product")(Spawning(right))
    assert product.nim_value_table(6, 7) == brute_product(kind, left, right, 6, 7)


RULESETS = {code: Spawning(code) for code in SMALL}


@settings(max_examples=80, deadline=None)
@given(st.sampled_from(SMALL), st.sampled_from(SMALL), st.integers(0, 9), st.integers(0, 9))
def test_tartan_theorem_direct_product_is_the_nim_product(left, right, m, n):
    """Winning Ways' Tartan theorem: the direct product's value is the nim product of the factors'."""
    g, h = RULESETS[left], RULESETS[right]
    assert g.direct_product(h).nim_value((m, n)) == nim_product(g.nim_value(m), h.nim_value(n))


def test_product_positions_are_coin_positions():
    tartan = Spawning("1-2").direct_product(Spawning("1-2"))     # Turning Corners: nim multiplication
    assert tartan((2, 3)).nim_value == nim_product(2, 3) == 1
    assert tartan.coins((2, 3), (2, 2)).nim_value == nim_product(2, 3) ^ nim_product(2, 2)
    assert all(move.nim_value == 0 for move in tartan((5, 6)).winning_moves())
    assert repr(tartan((1, 2))) == "Spawning('1-2').direct_product(Spawning('1-2')).coins((1, 2))"
    with pytest.raises(ValueError):
        tartan.nim_value((-1, 2))


def test_product_tables_have_the_asked_shape():
    table = Spawning("1+").acrostic_product(Spawning("1+C")).nim_value_table(2, 5)
    assert len(table) == 3 and all(len(row) == 6 for row in table)
    assert table[0] == Spawning("1+C").nim_sequence(5)
    assert [row[0] for row in table] == Spawning("1+").nim_sequence(2)



@pytest.mark.parametrize("code, rules", [
    ("3000000", [(3_000_000, 3_000_000)]),
    ("3000000+", [(3_000_000, None)]),
    ("2-3000000", [(2, 3_000_000)]),
    ("1,3000000E", [(1, 1), (3_000_000, 3_000_000, "E")]),
])
def test_a_code_turning_more_coins_than_the_row_holds_builds_at_once(code, rules):
    # Found by tests/test_fuzz.py: Spawning("3000000") made a set per coin count up front
    # (3 million of them; "300000000" ran out of memory).
    values = brute_values(rules, 8)
    assert Spawning(code).nim_sequence(8)[1:] == [values[1 << (n - 1)] for n in range(1, 9)]


def test_subset_sums_keep_one_bucket_per_count_reached():
    # The regression behind the test above: buckets grow with the values added, not with the bound.
    from cgt.impartial.spawning import _Subsets

    sums = _Subsets(3_000_000)
    for value in (1, 2, 3):
        sums.add(value)
    assert len(sums.buckets) == 4 and sums.sums() == set()
    bounded = _Subsets(2, 3_000_000)
    for value in (1, 2, 4):
        bounded.add(value)
    assert bounded.sums() == {1 ^ 2, 1 ^ 4, 2 ^ 4, 1 ^ 2 ^ 4}


def test_a_code_with_a_10000_digit_count_is_an_error_of_one_short_line():
    # Before: CPython's 4,300-digit limit raised a ValueError from int().
    with pytest.raises(UnknownTurningCodeError, match=r"the range 9+\.\.\.9+-3 is empty") as raised:
        Spawning("9" * 10000 + "-3")
    assert len(str(raised.value)) < 200


def test_a_count_of_10000_digits_is_read():
    # A move turns at most the n coins up to the heads coin at n, so "1 to 10^10000 - 1
    # coins" is "1 or more coins" on every board shown here.
    many = Spawning("1-" + "9" * 10000)
    assert [many.nim_value(n) for n in range(12)] == [Spawning("1+").nim_value(n) for n in range(12)]
