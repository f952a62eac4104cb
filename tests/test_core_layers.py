"""The core's modules depend on each other one way, and import at the top.

Models come before the model checker, the checker before updates and
explanations, the formula classes (with their printer) before the parser:
a module never needs one that needs it back.
"""

from __future__ import annotations

import ast
import pathlib

import networkx as nx

import epistemic

CORE = pathlib.Path(epistemic.__file__).parent


def _imports(path: pathlib.Path) -> list[tuple[str, bool]]:
    """``(module imported from the core, at the top)`` for each relative import of ``path``."""
    tree = ast.parse(path.read_text(encoding="utf-8"))
    top = set(map(id, tree.body))
    found = []
    for node in ast.walk(tree):
        if isinstance(node, ast.ImportFrom) and node.level == 1:
            names = [node.module] if node.module else [alias.name for alias in node.names]
            found.extend((name.split(".")[0], id(node) in top) for name in names)
    return found


def test_the_core_has_no_import_cycles_and_no_imports_inside_functions():
    graph = nx.DiGraph()
    for path in sorted(CORE.glob("*.py")):
        if path.stem == "__init__":
            continue
        graph.add_node(path.stem)
        for name, at_top in _imports(path):
            assert at_top, f"{path.name} imports .{name} inside a function or class"
            graph.add_edge(path.stem, name)
    cycles = list(nx.simple_cycles(graph))
    assert cycles == [], f"import cycles: {cycles}"


def test_models_do_not_need_the_model_checker():
    graph = nx.DiGraph((path.stem, name) for path in CORE.glob("*.py") if path.stem != "__init__"
                       for name, _ in _imports(path))
    assert not nx.has_path(graph, "kripke", "checking")
    assert not nx.has_path(graph, "formulas", "syntax")
