"""The compiled kernel of Grundy-like codes, the progress option and the SVG heat map."""

import builtins
import sys
import xml.etree.ElementTree as ET

import pytest

from cgt.impartial import TakeAndBreak, chomp, grundy_heatmap_svg, wythoff
from cgt.impartial.sparse_space import EQUAL, FREE, UNEQUAL, OctalSequence

from test_sparse_space import nim_sequence_by_definition

CODES = [  # (code, first digit, later digits) as nim_sequence_by_definition takes them
    ("4!.0", (4, "!"), []),
    ("4?.0", (4, "?"), []),
    ("0.4!", (0, ""), [(4, "!")]),
    ("0.7!", (0, ""), [(7, "!")]),
    ("4!.04!", (4, "!"), [(0, ""), (4, "!")]),
    ("0.16!", (0, ""), [(1, ""), (6, "!")]),
    ("4!.7=", (4, "!"), [(7, "=")]),
    ("0.6!4", (0, ""), [(6, "!"), (4, "")]),
]


@pytest.mark.parametrize("code, d0, digits", CODES)
def test_compiled_kernel_matches_the_definition(code, d0, digits):
    pytest.importorskip("cgt._core")
    n = 3000
    game = TakeAndBreak(code)
    assert game._octal.kernel == "compiled"
    assert game.nim_sequence(n) == nim_sequence_by_definition(d0, digits, n)


@pytest.mark.parametrize("splits", [((0, UNEQUAL),), ((1, FREE), (2, UNEQUAL)),
                                    ((0, UNEQUAL), (1, EQUAL), (3, FREE))])
def test_compiled_and_python_kernels_agree(splits):
    pytest.importorskip("cgt._core")
    fast = OctalSequence(leave_one=(1,), splits=splits, kernel="compiled")
    slow = OctalSequence(leave_one=(1,), splits=splits, kernel="python")
    assert fast.values(4000) == slow.values(4000)
    assert fast.values(5000)[:4001] == slow.values(4000)   # extending in steps, past a reallocation


def without_the_compiled_core(monkeypatch):
    """Make ``import cgt._core`` fail, as on an install that did not build it."""
    monkeypatch.setitem(sys.modules, "cgt._core", None)
    monkeypatch.delitem(sys.modules, "cgt.impartial._compiled_octal", raising=False)


def test_python_kernel_is_used_without_the_compiled_core(monkeypatch):
    without_the_compiled_core(monkeypatch)
    game = TakeAndBreak("4!.0")
    assert game._octal.kernel == "python"
    assert game.nim_sequence(2100) == nim_sequence_by_definition((4, "!"), [], 2100)


def test_asking_for_the_compiled_kernel_without_the_core_says_how_to_build_it(monkeypatch):
    without_the_compiled_core(monkeypatch)
    seq = OctalSequence(splits=((0, UNEQUAL),), kernel="compiled")
    assert seq.values(12) == [0, 0, 0, 1, 0, 2, 1, 0, 2, 1, 0, 2, 1]
    with pytest.raises(ImportError, match=r"pip install -e \."):
        seq.values(5000)


def test_bad_kernel_name():
    with pytest.raises(ValueError):
        OctalSequence(kernel="fortran")


def test_progress_without_tqdm_is_silent(monkeypatch, capsys):
    real_import = builtins.__import__

    def no_tqdm(name, *args, **kwargs):
        if name == "tqdm" or name.startswith("tqdm."):
            raise ImportError("no tqdm here")
        return real_import(name, *args, **kwargs)

    monkeypatch.setattr(builtins, "__import__", no_tqdm)
    monkeypatch.delitem(sys.modules, "tqdm", raising=False)
    expected = TakeAndBreak("4!.0").nim_sequence(3000)
    assert TakeAndBreak("4!.0").nim_sequence(3000, progress=True) == expected
    assert TakeAndBreak("0.77").nim_sequence(2000, progress=True)[:13] == [
        0, 1, 2, 3, 1, 4, 3, 2, 1, 4, 2, 6, 4]
    assert TakeAndBreak("4.[3]").nim_sequence(30, progress=True)[:5] == [0, 1, 2, 4, 3]
    seq = OctalSequence(splits=((0, UNEQUAL),), kernel="python")
    assert seq.values(2100, progress=True) == expected[:2101]
    assert capsys.readouterr() == ("", "")


def test_progress_with_tqdm_gives_the_same_values():
    pytest.importorskip("tqdm")
    assert TakeAndBreak("4!.0").nim_sequence(2000, progress=True) == \
        TakeAndBreak("4!.0").nim_sequence(2000)


def test_periodicity_with_a_progress_bar_proves_the_kayles_period(capsys):
    pytest.importorskip("tqdm")
    # Kayles: period 12 from heap 71 (impartial_facts.json, kayles-period)
    found = TakeAndBreak("0.77").periodicity(2000, progress=True)
    assert (found.period, found.preperiod) == (12, 71)
    assert "heap" in capsys.readouterr().err


@pytest.mark.parametrize("shape", [(7, 9), (1, 1), (3, 1)])
def test_heatmap_is_xml_with_one_cell_per_entry(shape):
    table = [[wythoff.grundy_value((x, y)) for y in range(shape[1])] for x in range(shape[0])]
    svg = grundy_heatmap_svg(table, title="Wythoff <values> & more")
    root = ET.fromstring(svg)
    assert root.tag == "{http://www.w3.org/2000/svg}svg"
    cells = [e for e in root.iter("{http://www.w3.org/2000/svg}rect") if e.get("class") == "cell"]
    assert len(cells) == shape[0] * shape[1]
    tips = [c.find("{http://www.w3.org/2000/svg}title").text for c in cells]
    assert tips[0] == f"(0, 0): {table[0][0]}"
    assert tips[-1] == f"({shape[0] - 1}, {shape[1] - 1}): {table[-1][-1]}"


def test_heatmap_of_two_row_chomp_from_the_ruleset():
    rows, cols = 3, 6
    svg = chomp.grundy_heatmap_svg(rows, cols, cell=8)
    root = ET.fromstring(svg)
    cells = [e for e in root.iter("{http://www.w3.org/2000/svg}rect") if e.get("class") == "cell"]
    assert len(cells) == rows * cols
    assert "chomp" in svg


def test_heatmap_rejects_ragged_tables():
    with pytest.raises(ValueError):
        grundy_heatmap_svg([[0, 1], [1]])
