"""The tutorial notebooks of docs/notebooks: one per seed system and one for the logic, each
on the site, stored without outputs (the site's build runs them, and fails on a cell that
raises), and each cell valid Python.
"""

from __future__ import annotations

import ast
import json
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parent.parent
FOLDER = ROOT / "docs" / "notebooks"
NOTEBOOKS = sorted(FOLDER.glob("*.ipynb"))
#: what each notebook tells, by file: the five seeds' systems, and the logic under them
TOPICS = {"pirates": "promises", "tournament": "tournament", "dinner": "crossout", "numberline": "number-line",
          "pig": "Piglet", "logic": "symbolic"}


def cells(path: Path) -> list[dict]:
    return json.loads(path.read_text(encoding="utf-8"))["cells"]


def test_one_notebook_per_seed_system_and_one_for_the_logic():
    assert {path.stem for path in NOTEBOOKS} == set(TOPICS)
    for path in NOTEBOOKS:
        title = "".join(cells(path)[0]["source"]).splitlines()[0]
        assert title.startswith("# ") and TOPICS[path.stem] in title, f"{path.name}: {title}"


def test_every_notebook_is_on_the_site():
    index = (ROOT / "docs" / "index.md").read_text(encoding="utf-8")
    for path in NOTEBOOKS:
        assert f"\nnotebooks/{path.stem}\n" in index, f"{path.name} is in no table of contents"


@pytest.mark.parametrize("path", NOTEBOOKS, ids=lambda p: p.name)
def test_stored_without_outputs(path):
    for number, cell in enumerate(cells(path)):
        if cell["cell_type"] == "code":
            assert cell["outputs"] == [] and cell["execution_count"] is None, f"{path.name}, cell {number}"


@pytest.mark.parametrize("path", NOTEBOOKS, ids=lambda p: p.name)
def test_every_cell_is_python(path):
    for number, cell in enumerate(cells(path)):
        if cell["cell_type"] == "code":
            # a notebook's kernel runs an event loop, so a cell may await at its top level
            compile("".join(cell["source"]), f"{path.name}, cell {number}", "exec",
                    flags=ast.PyCF_ALLOW_TOP_LEVEL_AWAIT)
