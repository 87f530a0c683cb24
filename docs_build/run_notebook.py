"""Run a notebook's code cells as a Jupyter kernel would, and store what they show.

    python docs_build/run_notebook.py docs/notebooks/census.ipynb

The cells run in order in one namespace.  A cell shows what it prints (a
``stdout`` stream) and then the value of its last expression, unless that is
None: as ``text/plain`` its ``repr``, with ``image/svg+xml`` and
``text/latex`` when the value draws itself (``_repr_svg_``, ``_repr_latex_``)
and ``image/png`` for a matplotlib figure.  The notebook is rewritten in
place with these outputs, in nbformat 4 JSON, so its stored outputs are what
its code shows; ``tests/test_notebook.py`` runs the cells again and compares.
No Jupyter installation is needed.
"""

import ast
import base64
import contextlib
import io
import json
import sys
from pathlib import Path


def run_cell(source, namespace, execution_count):
    """The nbformat outputs of running ``source`` in ``namespace``: its printed text, then its value."""
    tree = ast.parse(source)
    last = tree.body.pop() if tree.body and isinstance(tree.body[-1], ast.Expr) else None
    printed = io.StringIO()
    with contextlib.redirect_stdout(printed):
        exec(compile(tree, "<cell>", "exec"), namespace)
        value = None if last is None else eval(compile(ast.Expression(last.value), "<cell>", "eval"), namespace)
    outputs = []
    if printed.getvalue():
        outputs.append({"output_type": "stream", "name": "stdout", "text": _lines(printed.getvalue())})
    if value is not None:
        outputs.append({"output_type": "execute_result", "execution_count": execution_count,
                        "metadata": {}, "data": mime_bundle(value)})
    return outputs


def mime_bundle(value):
    """What a kernel sends for ``value``: ``text/plain`` and any richer drawing of it."""
    data = {"text/plain": _lines(repr(value))}
    if hasattr(value, "_repr_svg_"):
        data["image/svg+xml"] = _lines(value._repr_svg_())
    if hasattr(value, "_repr_latex_"):
        data["text/latex"] = _lines(value._repr_latex_())
    if hasattr(value, "savefig"):               # a matplotlib Figure
        png = io.BytesIO()
        value.savefig(png, format="png", bbox_inches="tight")
        data["image/png"] = base64.b64encode(png.getvalue()).decode()
    return data


def run_notebook(notebook, namespace):
    """The outputs of each code cell of the nbformat dict ``notebook``, run in order in ``namespace``."""
    code = [cell for cell in notebook["cells"] if cell["cell_type"] == "code"]
    return [run_cell("".join(cell["source"]), namespace, count) for count, cell in enumerate(code, 1)]


def _lines(text):
    """``text`` split as nbformat stores multi-line strings: a list of lines, ends kept."""
    return text.splitlines(keepends=True)


def main(path):
    """Run the notebook at ``path`` and store its cells' outputs and execution counts in it."""
    path = Path(path)
    notebook = json.loads(path.read_text())
    code = [cell for cell in notebook["cells"] if cell["cell_type"] == "code"]
    for count, (cell, outputs) in enumerate(zip(code, run_notebook(notebook, {})), 1):
        cell["execution_count"] = count
        cell["outputs"] = outputs
    path.write_text(json.dumps(notebook, indent=1, ensure_ascii=False) + "\n")


if __name__ == "__main__":
    main(*sys.argv[1:])
