"""The layers of `cgt` (docs/architecture.md) hold, imports inside functions included.

``lint-imports`` checks the contracts in ``pyproject.toml``; grimp, the graph
import-linter reads, shows the package has no import circle at all; and every
import left inside a function says why it is lazy.
"""

import ast
import os
import shutil
import subprocess
import sys
from pathlib import Path

import pytest

import cgt
import cgt.rulesets

grimp = pytest.importorskip("grimp", reason="import-linter (and its grimp) are in the test extra")

ROOT = Path(cgt.__file__).resolve().parent.parent
PACKAGE = ROOT / "cgt"


def _import_graph():
    return grimp.build_graph("cgt", cache_dir=None)


@pytest.fixture(scope="module")
def graph():
    return _import_graph()


def _with_root_on_path():
    """The environment of a subprocess that imports this checkout's `cgt`."""
    return dict(os.environ, PYTHONPATH=os.pathsep.join(filter(None, [str(ROOT), os.environ.get("PYTHONPATH")])))


def _cycles(graph):
    """The sets of two or more modules that import each other (strongly connected components)."""
    index, low, on_stack, stack, found = {}, {}, set(), [], []
    for root in sorted(graph.modules):
        if root in index:
            continue
        work = [(root, iter(sorted(graph.find_modules_directly_imported_by(root))))]
        index[root] = low[root] = len(index)
        stack.append(root)
        on_stack.add(root)
        while work:
            module, successors = work[-1]
            for successor in successors:
                if successor not in index:
                    index[successor] = low[successor] = len(index)
                    stack.append(successor)
                    on_stack.add(successor)
                    work.append((successor, iter(sorted(graph.find_modules_directly_imported_by(successor)))))
                    break
                if successor in on_stack:
                    low[module] = min(low[module], index[successor])
            else:
                work.pop()
                if work:
                    low[work[-1][0]] = min(low[work[-1][0]], low[module])
                if low[module] == index[module]:
                    component = set()
                    while True:
                        member = stack.pop()
                        on_stack.discard(member)
                        component.add(member)
                        if member == module:
                            break
                    if len(component) > 1:
                        found.append(sorted(component))
    return found


def test_lint_imports_keeps_the_contracts():
    command = shutil.which("lint-imports")
    if command is None:
        pytest.skip("import-linter is not installed (it is in the test extra)")
    result = subprocess.run([command, "--no-cache"], cwd=ROOT, env=_with_root_on_path(),
                            capture_output=True, text=True)
    assert result.returncode == 0, result.stdout + result.stderr
    assert "0 broken" in result.stdout


def test_the_import_graph_has_no_circle(graph):
    assert _cycles(graph) == []


def test_the_graph_counts_imports_inside_functions(graph):
    # `Game.mean` loads the thermograph when first asked: an import inside a function.
    details = graph.get_import_details(importer="cgt.short.game", imported="cgt.short.thermograph")
    assert details and all(line["line_contents"].startswith("from cgt.short import thermograph") for line in details)


def test_the_cycle_finder_finds_a_circle():
    graph = _import_graph()
    graph.add_import(importer="cgt.errors", imported="cgt.short.game")       # errors sit at the bottom
    assert any({"cgt.errors", "cgt.short.game"} <= set(cycle) for cycle in _cycles(graph))


def test_no_module_imports_the_package_root(graph):
    # `cgt/__init__.py` is the public surface, at the top: a module inside that imported it
    # would close a circle through it.  (The compiled core is imported by name, `from
    # cgt._core import ...`: grimp cannot read an extension module and would file
    # `from cgt import _core` under the package itself.)
    assert sorted(graph.find_modules_that_directly_import("cgt")) == []


def _imports_inside_functions(path):
    tree = ast.parse(path.read_text())
    found = []

    def visit(node, inside):
        for child in ast.iter_child_nodes(node):
            if isinstance(child, (ast.Import, ast.ImportFrom)) and inside:
                found.append(child.lineno)
            visit(child, inside or isinstance(child, (ast.FunctionDef, ast.AsyncFunctionDef, ast.Lambda)))

    visit(tree, False)
    return found


def test_imports_inside_functions_are_lazy_loads_that_say_so():
    unexplained = []
    for path in sorted(PACKAGE.rglob("*.py")):
        lines = path.read_text().splitlines()
        for number in _imports_inside_functions(path):
            if "lazy" not in lines[number - 1]:
                unexplained.append(f"{path.relative_to(ROOT)}:{number}: {lines[number - 1].strip()}")
    assert unexplained == []


def test_import_cgt_stays_light():
    # The optional dependencies load on first use.
    code = ("import sys, cgt; print(' '.join(sorted({m.split('.')[0] for m in sys.modules} & "
            "{'sympy', 'matplotlib', 'tqdm', 'dask', 'distributed', 'hypothesis'})))")
    result = subprocess.run([sys.executable, "-c", code], env=_with_root_on_path(), capture_output=True,
                            text=True, check=True)
    assert result.stdout.split() == []


def test_import_cgt_leaves_the_reader_of_notation_and_the_transfinite_values_to_first_use():
    code = ("import sys, cgt; print(sorted(m for m in sys.modules if m.startswith(('cgt.notation', "
            "'cgt.transfinite')))); print(cgt.parse('{1|*}'), cgt.Game('^'), cgt.omega - 1)")
    result = subprocess.run([sys.executable, "-c", code], env={**_with_root_on_path(), "PYTHONIOENCODING": "utf-8"},
                            capture_output=True, encoding="utf-8", check=True)
    assert result.stdout.splitlines() == ["[]", "{1|*} ^ ω-1"]


def test_a_ruleset_loads_without_the_others():
    # `cgt.rulesets` loads each ruleset's module on first use: a search of Cram needs no other.
    code = ("import sys; from cgt.rulesets import Cram; import cgt.solve; "
            "print(' '.join(sorted(m for m in sys.modules if m.startswith(('cgt.rulesets.', 'cgt.impartial')))))")
    result = subprocess.run([sys.executable, "-c", code], env=_with_root_on_path(), capture_output=True,
                            text=True, check=True)
    loaded = set(result.stdout.split())
    assert "cgt.rulesets.domineering" in loaded
    assert loaded.isdisjoint({"cgt.impartial", "cgt.rulesets.cake", "cgt.rulesets.coordinate",
                              "cgt.rulesets.hackenbush", "cgt.rulesets.graph_colouring", "cgt.rulesets.heaps"})


def test_every_name_of_the_rulesets_is_there_on_first_use():
    code = ("from cgt.rulesets import *; import cgt.rulesets as r; "
            "print(all(name in globals() for name in r.__all__), set(r.__all__) <= set(dir(r)))")
    result = subprocess.run([sys.executable, "-c", code], env=_with_root_on_path(), capture_output=True,
                            text=True, check=True)
    assert result.stdout.split() == ["True", "True"]


def test_a_name_the_rulesets_lack_is_an_attribute_error():
    with pytest.raises(AttributeError, match="module 'cgt.rulesets' has no attribute 'Chess'"):
        cgt.rulesets.Chess


def test_the_top_level_holds_at_most_twelve_modules():
    # The face, the primitives and the tools; the theory lives in the packages (docs/architecture.md).
    modules = sorted(path.name for path in PACKAGE.glob("*.py"))
    assert len(modules) <= 12, modules


def test_no_source_file_is_over_a_thousand_lines():
    sources = [*PACKAGE.rglob("*.py"), *(ROOT / "rust" / "src").rglob("*.rs")]
    long = {str(path.relative_to(ROOT)): n for path in sources if (n := len(path.read_text().splitlines())) > 1000}
    assert long == {}
