"""Every built-in ruleset position shows itself in a notebook: a drawing (SVG or HTML) or LaTeX.

A position of each ruleset is drawn; the SVG is well-formed XML (a browser
draws it), the HTML holds its parts' drawings.  Every public position class of
`cgt.rulesets` and of Hackenbush, and the impartial heap and coin positions,
has its sample here.
"""

import xml.etree.ElementTree as ElementTree

import pytest

import cgt.rulesets as rulesets
from cgt import ChildishHackenbush, GenHackenbush, Hackenbush, parse
from cgt.impartial import Spawning, kayles
from cgt.impartial.misere import MisereGame
from cgt.rulesets import (Amazons, AntiClobber, ArcKayles, BackslidingToadsAndFrogs, CeyloneseFoxAndGeese, Clobber,
                          Col, Cram, Cutcake, DigraphPlacement, Domineering, Eatcake, ElephantsAndRhinos, Fission,
                          Fjords, FormPosition, FoxAndGeese, GenClobber, Grid, HotClobber, KingDirt, Kings, Knights,
                          Konane, MaundyCake, NoGo, PartizanArcKayles, PartizanEuclid, PartizanSubtraction, Queens,
                          Quelhas, Rooks, Sheep, SkiJumps, Snort, ToadsAndFrogs, TopplingDominoes, TurnAndEatcake,
                          WeightedArcKayles, dicotic_variant, impartial_variant, twisted_variant)

SAMPLES = {
    "Amazons": Amazons("x..|..o"), "AntiClobber": AntiClobber("xo.|o.x"), "ArcKayles": ArcKayles.path(3),
    "BackslidingToadsAndFrogs": BackslidingToadsAndFrogs("T.F"),
    "CeyloneseFoxAndGeese": CeyloneseFoxAndGeese([(3, 1), (3, 3)], (1, 1)),
    "ChildishHackenbush": ChildishHackenbush.string("BR"), "Clobber": Clobber("xox|ox."), "Col": Col.path(3),
    "CompoundPosition": Domineering("..|..") + Clobber("xo"), "Cram": Cram("...|..."), "Cutcake": Cutcake(2, 3),
    "DigraphPlacement": DigraphPlacement(3, [(0, 1), (1, 2)], blue=[0, 2], red=[1]),
    "Domineering": Domineering("..#|..."), "Eatcake": Eatcake(2, 3), "ElephantsAndRhinos": ElephantsAndRhinos("T.F"),
    "Fission": Fission("...|.x."), "Fjords": Fjords.parse("L-.-R"),
    "FormPosition": FormPosition(parse("{1|*}")), "FormPosition of a misère form": FormPosition(MisereGame("*[2#0]")),
    "FoxAndGeese": FoxAndGeese([(3, 1), (3, 3)], (1, 1), board_width=4), "GenClobber": GenClobber(max_distance=2)("x.o"),
    "GenHackenbush": GenHackenbush(childish_edges="G").string("GB"), "Grid": Grid("..#|..."),
    "Hackenbush": Hackenbush.string("BRB"), "HotClobber": HotClobber("xx|oo"), "Kings": Kings("x.|.o"),
    "KingDirt": KingDirt("1,0,1:x..|.#o"), "NoGo": NoGo("x.o|..."), "Sheep": Sheep("0, 3 | -2, 1"),
    "Knights": Knights("x..|..o"), "Konane": Konane("xo.o."), "MaundyCake": MaundyCake(3, 4),
    "NegativePosition": -Domineering("..."), "PartizanArcKayles": PartizanArcKayles.parse("llr"),
    "PartizanEuclid": PartizanEuclid(3, 5), "PartizanHeapPosition": PartizanSubtraction([1], [2]).heaps(2, 3),
    "Queens": Queens("x.|.o"), "Quelhas": Quelhas("..#|..."), "Rooks": Rooks("x.|.o"),
    "SkiJumps": SkiJumps("L..|R..|..."), "Snort": Snort.path(3), "ToadsAndFrogs": ToadsAndFrogs("TT.FF"),
    "TopplingDominoes": TopplingDominoes("LRE"), "TurnAndEatcake": TurnAndEatcake(3, 2),
    "WeightedArcKayles": WeightedArcKayles.parse("212"),
    "dicotic variant": dicotic_variant(Clobber)("xo.o"), "impartial variant": impartial_variant(Domineering)("..|.."),
    "twisted variant": -twisted_variant(Clobber)("xoo"),
    "HeapPosition": kayles.heaps(2, 5), "CoinPosition": Spawning("1-3").coins("hthh"),
}


def shown(position):
    """The richest notebook output of ``position``: (mime type, data)."""
    for mime, method in (("text/html", "_repr_html_"), ("image/svg+xml", "_repr_svg_"),
                         ("text/latex", "_repr_latex_")):
        drawing = getattr(position, method, None)
        data = drawing() if drawing is not None else None
        if data is not None:
            return mime, data
    return None, None


def test_every_public_position_class_has_a_sample():
    public = {name for name in rulesets.__all__
              if isinstance(getattr(rulesets, name), type) and issubclass(getattr(rulesets, name), rulesets.Position)}
    assert public - {"Position"} <= set(SAMPLES)


@pytest.mark.parametrize("name", sorted(SAMPLES))
def test_every_ruleset_position_draws_itself_in_a_notebook(name):
    mime, data = shown(SAMPLES[name])
    assert mime is not None, f"{name} has no notebook output"
    if mime == "image/svg+xml":
        root = ElementTree.fromstring(data)
        assert root.tag.endswith("svg") and len(root) > 0
    elif mime == "text/html":
        ElementTree.fromstring(data.replace("&", "&amp;") if "<svg" not in data else data)
        assert data.startswith("<")
    else:
        assert data.startswith("$") and data.endswith("$")


def test_a_heap_position_draws_a_counter_for_each_token():
    root = ElementTree.fromstring(kayles.heaps(2, 5)._repr_svg_())
    assert sum(1 for e in root.iter() if e.tag.endswith("circle")) == 7


def test_a_fox_and_geese_board_draws_the_geese_and_the_fox():
    svg = FoxAndGeese([(3, 1), (3, 3)], (1, 1), board_width=4)._repr_svg_()
    assert svg.count('fill="#fff"') == 2 and svg.count('fill="#d33"') == 1


def test_a_variant_shows_its_name_over_the_base_position():
    html = dicotic_variant(Clobber)("xo.o")._repr_html_()
    assert "dicotic variant" in html and "<svg" in html
