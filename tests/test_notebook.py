"""The notebooks in docs/notebooks run, cell by cell, and show what they have stored.

Each notebook's code cells run in one namespace, as in a kernel, through
``docs_build/run_notebook.py`` (the script that stores their outputs): a
cell's printed text, its last expression's ``repr`` and any SVG or LaTeX
drawing of it must be exactly the stored ones.  A matplotlib figure's PNG
depends on the installed fonts and matplotlib, so its bytes are not compared;
the census figure is checked against the database instead.
"""

import json
import sqlite3
import sys
import tempfile
from pathlib import Path

import matplotlib
import pytest

import reference

ROOT = Path(__file__).resolve().parent.parent
NOTEBOOKS = ROOT / "docs" / "notebooks"
sys.path.insert(0, str(ROOT / "docs_build"))

from run_notebook import run_notebook  # noqa: E402

matplotlib.use("Agg")


@pytest.fixture(scope="module")
def ran(tmp_path_factory):
    """``ran(name)``: the notebook's stored code cells, their outputs run now, and the namespace.

    Each notebook runs once, with its temporary files (the census database) under pytest's.
    """
    runs = {}

    def run(name):
        if name not in runs:
            notebook = json.loads((NOTEBOOKS / name).read_text())
            namespace = {}
            with pytest.MonkeyPatch.context() as patch:
                patch.setattr(tempfile, "tempdir", str(tmp_path_factory.mktemp(name)))
                outputs = run_notebook(notebook, namespace)
            runs[name] = [cell for cell in notebook["cells"] if cell["cell_type"] == "code"], outputs, namespace
        return runs[name]
    return run


def without_png(outputs):
    """``outputs`` with each PNG image replaced by a mark that one was there."""
    return [{**output, "data": {mime: "<png>" if mime == "image/png" else data
                                for mime, data in output["data"].items()}}
            if "data" in output else output for output in outputs]


@pytest.mark.parametrize("name", sorted(path.name for path in NOTEBOOKS.glob("*.ipynb")))
def test_every_cell_shows_its_stored_output(ran, name):
    cells, outputs, _ = ran(name)
    assert len(cells) >= 8
    for cell, fresh in zip(cells, outputs, strict=True):
        assert without_png(fresh) == without_png(cell["outputs"]), "".join(cell["source"])


def test_the_tour_draws_games_thermographs_and_boards(ran):
    cells, _, _ = ran("tour.ipynb")
    shown = {mime for cell in cells for output in cell["outputs"] for mime in output.get("data", {})}
    assert {"text/latex", "image/svg+xml"} <= shown


def test_the_census_figure_stacks_the_share_of_each_kind_of_each_size(ran):
    _, _, namespace = ran("census.ipynb")
    connection = sqlite3.connect(namespace["path"])
    counts = connection.execute(
        "SELECT v.kind, p.cells, count(*) FROM positions p JOIN game_values v ON v.id = p.value_id"
        " WHERE p.cells <= 10 GROUP BY v.kind, p.cells").fetchall()
    connection.close()
    sizes = range(1, 11)
    totals = {n: sum(count for _, cells, count in counts if cells == n) for n in sizes}
    share = {(kind, cells): count / totals[cells] for kind, cells, count in counts}
    kinds = {kind for kind, _, _ in counts}
    (ax,) = namespace["fig"].axes
    bars = {container.get_label(): container for container in ax.containers}
    assert set(bars) == kinds and len(ax.containers) == len(kinds)
    for kind, container in bars.items():
        assert [bar.get_x() + bar.get_width() / 2 for bar in container] == list(sizes)
        assert [bar.get_height() for bar in container] == pytest.approx(
            [share.get((kind, n), 0) for n in sizes])
    for n in sizes:
        tops = [container[n - 1].get_y() + container[n - 1].get_height() for container in ax.containers]
        assert max(tops) == pytest.approx(1)


def test_the_board_the_census_finds_worth_star_2_is_worth_star_2_by_the_definition(ran):
    _, _, namespace = ran("census.ipynb")
    (board,) = namespace["star2"]
    cells = reference.board_cells(board.shape)
    assert len(cells) == board.cells == 11
    assert reference.eq(reference.domineering(cells), reference.nimber(2))
