"""docs/notebooks/tour.ipynb runs, cell by cell, and prints what it says it prints.

Each code cell runs in one namespace, as in a kernel. A cell with a stored
text output must print that (its last expression's ``repr``); a cell without
one must end in an object that draws itself as SVG or LaTeX.
"""

import ast
import json
from pathlib import Path

NOTEBOOK = Path(__file__).resolve().parent.parent / "docs" / "notebooks" / "tour.ipynb"


def _run_cell(source, namespace):
    """Run ``source`` and return the value of its last expression, as a kernel would show it."""
    tree = ast.parse(source)
    last = tree.body.pop() if tree.body and isinstance(tree.body[-1], ast.Expr) else None
    exec(compile(tree, "<cell>", "exec"), namespace)
    if last is None:
        return None
    return eval(compile(ast.Expression(last.value), "<cell>", "eval"), namespace)


def test_every_cell_of_the_tour_runs_and_shows_its_stored_output():
    cells = [c for c in json.loads(NOTEBOOK.read_text())["cells"] if c["cell_type"] == "code"]
    assert len(cells) >= 8
    namespace = {}
    for cell in cells:
        value = _run_cell("".join(cell["source"]), namespace)
        if cell["outputs"]:
            assert repr(value) == "".join(cell["outputs"][0]["data"]["text/plain"])
        else:
            drawing = getattr(value, "_repr_svg_", None) or getattr(value, "_repr_latex_")
            assert drawing().startswith(("<svg", "$"))
