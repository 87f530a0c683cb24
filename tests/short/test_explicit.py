"""Explicit game forms (`cgt.short.explicit`): CGSuite's quoted ``'{...}'`` games, kept as written.

Expected values come from the definitions, computed by hand (shown in the
comments), from the from-the-definition model in ``tests/reference.py``
(whose games *are* forms: pairs of frozensets of options, so an explicit form
maps to it directly), and from CGSuite's vectors (``cgsuite_vectors.json``,
checked in ``test_products.py`` and ``test_cgsuite_vectors.py``).
"""

import pickle
from fractions import Fraction as F

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from cgt import ExplicitGame, Game, GameSyntaxError, nimber, parse, star, up
from cgt.impartial.misere import MisereGame

import reference as model
from test_products import model_conjunctive, model_conway, model_ordinal_sum


def model_of(x):
    """The model of a form: its options, as written (a Game's options are its canonical ones)."""
    if isinstance(x, Game):
        return model.from_game(x)
    return (frozenset(model_of(o) for o in x.left_options),
            frozenset(model_of(o) for o in x.right_options))


def chain(depth):
    """``E_0 = '{|}'``, ``E_{k+1} = '{E_k|}'``: as values ``{n|} = n + 1``, so ``E_k = k``."""
    form = ExplicitGame()
    for _ in range(depth):
        form = ExplicitGame([form], [])
    return form


LEAVES = [Game(0), star, Game(1), Game(-1), Game(F(1, 2)), up]


def _forms(leaves=LEAVES, max_leaves=6, max_options=2):
    option = st.recursive(
        st.sampled_from(leaves),
        lambda children: st.builds(ExplicitGame, st.lists(children, max_size=max_options),
                                   st.lists(children, max_size=max_options)),
        max_leaves=max_leaves)
    return st.builds(ExplicitGame, st.lists(option, max_size=max_options + 1),
                     st.lists(option, max_size=max_options + 1))


forms = _forms()
small_forms = _forms(max_leaves=3)
# The model adds games option by option, slowly: keep the forms of its products on day-1 values.
day_one_forms = _forms(leaves=LEAVES[:4], max_leaves=3)
tiny_forms = _forms(leaves=LEAVES[:4], max_leaves=2)


# ---------------------------------------------------------------------------- notation
@pytest.mark.parametrize("text", [
    "'{*|*}'", "'{-1|1}'", "'{0,*|0,*}'", "'{|-1}'", "'{0|}'", "'{|}'", "'{'{*|*}'|-1}'",
    "'{{1|0}|2}'", "'{1/2,^*|+-1}'", "'{*,0|0,0}'", "'{'{'{|}'|'{|}'}'|'{|}'}'",
])
def test_printing_is_the_quoted_form_and_reads_back(text):
    form = parse(text)
    assert isinstance(form, ExplicitGame)
    assert str(form) == text
    assert parse(str(form)) == form
    assert ExplicitGame(text) == form
    assert eval(repr(form), {"ExplicitGame": ExplicitGame}) == form


def test_options_are_kept_as_written():
    form = parse("'{*,0,*|2}'")
    assert form.left_options == (star, Game(0), star)        # order and repeats stay
    assert form.right_options == (Game(2),)
    assert parse("'{ * , 0 , * | 2 }'") == form                # spaces inside are fine
    assert parse("'{0,*|}'") != parse("'{*,0|}'")             # == compares forms as written


def test_nested_quotes_keep_inner_forms_and_bars_make_forms():
    form = parse("'{'{*|*}'|-1}'")
    inner = form.left_options[0]
    assert isinstance(inner, ExplicitGame) and str(inner) == "'{*|*}'"
    # Braces inside quotes are an ordinary game: {1|0} is its canonical form.
    assert parse("'{{1|0}|2}'").left_options == (Game([1], [0]),)
    # A quoted literal's own bars make forms: '{3||2|1}' = '{3|'{2|1}'}'.
    assert parse("'{3||2|1}'") == parse("'{3|'{2|1}'}'")


def test_a_form_inside_unquoted_braces_is_used_by_value():
    assert parse("{'{*|*}'|-1}") == parse("{0|-1}")          # '{*|*}' = 0
    assert parse("+-'{1|0}'") == parse("+-{1|0}")


def test_sums_and_multiples_of_forms_are_values():
    # '{0|}' = 1 so '{0|}' + 1 = 2; '{|-1}' = {|-1} = -2 (simplest number below -1), -2 . -2 = 4.
    assert parse("'{0|}' + 1") == Game(2)
    assert parse("-2 * '{|-1}'") == Game(4)
    assert parse("'{*|*}' + 3") == Game(3)
    assert parse("'{1|-1}' - '{1|-1}'") == Game(0)          # G - G = 0 for every G


def test_unary_minus_negates_the_form():
    # -{G^L | G^R} = {-G^R | -G^L}, option by option.
    assert parse("-'{1|0}'") == ExplicitGame("'{0|-1}'")
    assert -parse("'{'{*|*}',2|-1}'") == ExplicitGame("'{1|'{*|*}',-2}'")       # order kept
    assert -(-parse("'{'{1|*}'|-1}'")) == parse("'{'{1|*}'|-1}'")


@pytest.mark.parametrize("text, column, words", [
    ("'{*|*}", 7, "expected a quote after '}'"),                 # the closing quote is missing
    ("'{*|*} '", 7, "expected a quote after '}'"),              # }' is one token
    ("'{*|*", 6, "missing \"}'\" to close \"'{\" at column 1"),
    ("'*'", 1, "a quote opens an explicit game"),
    ("'", 1, "a quote opens an explicit game"),
    ("' {*|*}'", 1, "a quote opens an explicit game"),          # '{ is one token
    ("{*|*}'", 6, "unexpected quote"),
    ("'{*|*}''", 8, "unexpected quote"),
    ("{1'|0}", 3, "unexpected quote"),
    ("1 + '{0|}'x", 11, "unexpected 'x'"),
    ("'{*|*)'", 6, "does not match \"'{\" at column 1"),
    ("'{*,*}'", 1, "an explicit game needs a bar"),
    ("'{*|x}'", 5, "unknown name 'x'"),
])
def test_malformed_quotes_say_where(text, column, words):
    with pytest.raises(GameSyntaxError) as caught:
        parse(text)
    assert caught.value.column == column
    assert words in caught.value.message


def test_the_constructor_checks_its_input():
    with pytest.raises(ValueError, match="in quotes"):
        ExplicitGame("{*|*}")                      # unquoted text is a canonical game
    with pytest.raises(TypeError, match="option of an explicit game"):
        ExplicitGame([object()], [])
    with pytest.raises(TypeError, match="as a list"):
        ExplicitGame("*", "*")
    with pytest.raises(ValueError):
        ExplicitGame([F(1, 3)], [])                # not dyadic
    assert ExplicitGame([0, "*", F(1, 2)], ["'{*|*}'"]) == parse("'{0,*,1/2|'{*|*}'}'")


# ---------------------------------------------------------------------------- values
@settings(max_examples=120, deadline=None)
@given(forms)
def test_canonical_form_is_the_models(form):
    assert model.from_game(form.canonical_form) == model.canonical(model_of(form))


@settings(max_examples=80, deadline=None)
@given(forms)
def test_negation_negates_the_value(form):
    assert (-form).canonical_form == -form.canonical_form
    assert -(-form) == form


@settings(max_examples=80, deadline=None)
@given(forms)
def test_printing_round_trips(form):
    again = parse(str(form))
    assert again == form and hash(again) == hash(form)
    assert pickle.loads(pickle.dumps(form)) == form


@settings(max_examples=60, deadline=None)
@given(forms, st.sampled_from(LEAVES + [Game("{1|-1}"), Game("{2|1}")]))
def test_sums_and_order_use_the_value(form, g):
    value = form.canonical_form
    assert form + g == value + g == g + form
    assert form - g == value - g and g - form == g - value
    assert 3 * form == 3 * value == form * 3
    assert (form <= g) == (value <= g) and (form >= g) == (value >= g)
    assert (form < g) == (value < g) and (g < form) == (g < value)
    assert form.is_confused_with(g) == value.is_confused_with(g)
    assert Game(form) == value and Game([form], [g]) == Game([value], [g])


def test_equality_is_of_forms_and_order_is_of_values():
    form = parse("'{*|*}'")
    assert form <= 0 and form >= 0 and not form < 0          # its value is 0
    assert form != Game(0) and form != 0 and form != parse("'{|}'")
    assert form == ExplicitGame([star], [star]) and hash(form) == hash(ExplicitGame([star], [star]))
    assert len({form, ExplicitGame([star], [star]), parse("'{|}'")}) == 2


# ---------------------------------------------------------------------------- ordinal sums
def test_ordinal_sum_depends_on_the_form():
    # G : H = {G^L, G : H^L | G^R, G : H^R}, and G : 0 = {G^L | G^R} has G's value.
    # '{-1|1}' : 1 = {-1, '{-1|1}' : 0 | 1} = {-1, 0 | 1} = {0 | 1} = 1/2, whereas the
    # value '{-1|1}' = 0 has 0 : 1 = {0 : 0 |} = {0 |} = 1.
    form = parse("'{-1|1}'")
    assert form.canonical_form == Game(0)
    assert form.ordinal_sum(1) == Game(F(1, 2))
    assert Game(0).ordinal_sum(1) == Game(1) == parse("'{|}'").ordinal_sum(1)
    # '{*|*}' : 1 = {*, '{*|*}' | *} = {0, * | *}; * reverses through 0 (Right's move from
    # {0,*|*} to * is answered by Left's move to 0), so {0 | *} = ^.  0 : 1 = 1.
    assert parse("'{*|*}'").ordinal_sum(1) == up


def test_ordinal_sum_over_an_explicit_base_via_game():
    # 1 : '{1|0}' = {0, 1:1 | 1:0}, 1:1 = {0, 1:0 |} = {0, 1 |} = 2 and 1:0 = 1: so {0, 2 | 1} = {2|1}.
    assert Game(1).ordinal_sum("'{1|0}'") == Game([2], [1])
    assert Game(1).ordinal_sum(parse("'{1|0}'")) == Game([2], [1])
    # and its negative is (-1) : '{0|-1}' (CGSuite's -(1 : '{1|0}'), vector cmpneg-6)
    assert Game(-1).ordinal_sum(parse("'{0|-1}'")) == Game([-1], [-2])


COMPOUNDS = ["ordinal_sum", "conway_product", "ordinal_product", "conjunctive_sum", "selective_sum"]


@settings(max_examples=80, deadline=None)
@given(st.sampled_from(sorted(model.games_born_by(2), key=repr)), st.sampled_from(LEAVES + [nimber(3)]),
       st.sampled_from(COMPOUNDS))
def test_compounds_of_a_canonical_games_form_are_the_games(g, h, name):
    # The explicit form of a canonical game has the same options, so the same compounds: in
    # particular its ordinal sums agree with Game.ordinal_sum.
    game = model.to_game(g)
    form = ExplicitGame.from_form(game)
    assert form.canonical_form == game
    assert getattr(form, name)(h) == getattr(game, name)(h)
    assert getattr(h, name)(form) == getattr(h, name)(game)


@settings(max_examples=60, deadline=None)
@given(forms, small_forms)
def test_ordinal_sums_of_forms_match_the_model(g, h):
    assert model.from_game(g.ordinal_sum(h)) == model_ordinal_sum(model_of(g), model_of(h))
    # A canonical G with a form H (Game.ordinal_sum hands the form on).
    value = h.canonical_form
    assert model.from_game(value.ordinal_sum(g)) == model_ordinal_sum(model.from_game(value), model_of(g))


@settings(max_examples=40, deadline=None)
@given(day_one_forms, day_one_forms)
def test_conjunctive_sums_of_forms_match_the_model(g, h):
    assert model.from_game(g.conjunctive_sum(h)) == model_conjunctive(model_of(g), model_of(h))
    assert g.conjunctive_sum(h) == h.conjunctive_sum(g)       # symmetric, form by form


@settings(max_examples=40, deadline=None)
@given(tiny_forms, tiny_forms)
def test_conway_products_of_forms_match_the_model(g, h):
    assert model.from_game(g.conway_product(h)) == model_conway(model_of(g), model_of(h))
    # The definition is symmetric in G and H, form by form.
    assert g.conway_product(h) == h.conway_product(g)
    assert g.canonical_form.conway_product(h) == h.conway_product(g.canonical_form)


def test_compounds_of_forms_by_hand():
    # 1 SelectiveSum '{1|0}' = {0 + {1|0}, 1 + 1, 0 ∧ 1 | 1 + 0} = {{1|0}, 2, 0 | 1} = {2 | 1}.
    assert Game(1).selective_sum("'{1|0}'") == Game([2], [1])
    # 1 OrdinalProduct '{1|0}': the options are (1 ⊗ H') : Y over H' = 1 (Left) with Y in 1^L = {0},
    # and H' = 0 (Right) with Y in (-1)^R = {0}: {(1 ⊗ 1) : 0 | (1 ⊗ 0) : 0} = {1 | 0}.
    assert Game(1).ordinal_product(parse("'{1|0}'")) == Game([1], [0])
    # 1/2 ConwayProduct '{1|0}', with 1/2 = {0|1}: left options 0×H + 1/2×1 - 0×1 = 1/2 and
    # 1×H + 1/2×0 - 1×0 = {1|0}; right options 0×H + 1/2×0 - 0×0 = 0 and
    # 1×H + 1/2×1 - 1×1 = {1|0} - 1/2 = {1/2|-1/2}: {1/2, {1|0} | 0, +-1/2} (nothing dominated
    # or reversible; the model agrees).
    expected = model.canonical((frozenset({model.number(F(1, 2)), model.game([model.integer(1)], [model.ZERO])}),
                                frozenset({model.ZERO, model.game([model.number(F(1, 2))], [model.number(F(-1, 2))])})))
    assert model.from_game(Game(F(1, 2)).conway_product("'{1|0}'")) == expected


def test_a_misere_game_is_an_impartial_form():
    # *[[[2]],[2],0] read as an impartial form G = {G' | G'}: its options have normal-play values
    # {{*2}} = *mex{0} = *1, {*2} = *0 and 0, so G = *mex{1, 0} = *2; then G : *k = *mex{1, 0, G : *j
    # (j < k)} = *(k + 2), and G : *5 = *7 (CGSuite's vector cmp6-ordinal_sum).
    misere = MisereGame("*[[[2]],[2],0]")
    form = ExplicitGame.from_form(misere)
    assert form.canonical_form == nimber(2)
    assert [form.ordinal_sum(nimber(k)) for k in range(6)] == [nimber(k + 2) for k in range(6)]
    assert nimber(5).ordinal_sum(form) == nimber(5).ordinal_sum(nimber(2))
    from cgt.short.products import ordinal_sum

    assert ordinal_sum(misere, nimber(5)._id) == nimber(7)._id          # the protocol reads `options`


def test_compounds_refuse_what_is_not_a_form():
    with pytest.raises(TypeError, match="not a game form"):
        Game(1).ordinal_sum(object())
    with pytest.raises(TypeError, match="not a game form"):
        parse("'{*|*}'").conway_product(None)

    class Loop:
        left_options = right_options = property(lambda self: [self])

    with pytest.raises(ValueError, match="short"):
        ExplicitGame.from_form(Loop())


# ---------------------------------------------------------------------------- deep forms
DEPTH = 10_000


def test_deep_forms_do_not_recurse():
    deep = chain(DEPTH)
    assert deep.canonical_form == Game(DEPTH)                  # E_k = k
    assert (-deep).canonical_form == Game(-DEPTH)
    assert -(-deep) is deep                                    # the negative is kept
    assert chain(DEPTH) == deep and hash(chain(DEPTH)) == hash(deep)
    assert chain(DEPTH) != chain(DEPTH - 1)
    text = str(deep)
    assert len(text) == 5 * (DEPTH + 1) and text.startswith("'{'{") and text.endswith("|}'|}'")
    # E : 1 = {E^L, E : 0 |} = {E_{k-1}, E |} = {k - 1, k |} = k + 1.
    assert deep.ordinal_sum(1) == Game(DEPTH + 1)
    # 1 : E_k = {0, 1 : E_{k-1} |} and 1 : E_0 = 1 : '{|}' = {0 |} = 1, so 1 : E_k = k + 1.
    assert Game(1).ordinal_sum(deep) == Game(DEPTH + 1)
    # 1 × G = G form by form (1 = {0|}: G^L×1 + G×0 - G^L×0 = G^L×1), so 1 × E_k = k.
    assert deep.conway_product(1) == Game(DEPTH)
    assert deep + 1 == Game(DEPTH + 1) and deep > DEPTH - 1


def test_deep_quoted_text_reads_within_the_nesting_limit():
    depth = 4000
    text = "'{" * depth + "'{|}'" + "|}'" * depth
    form = parse(text)
    assert form == chain(depth) and form.canonical_form == Game(depth)
