"""Every example in the installed package's docstrings runs and prints what it shows.

The modules are imported by their installed names (``epistemic.models.pirates.game``,
not ``models/pirates/game.py``), so each is loaded once and the examples see
the package as its users do.
"""

from __future__ import annotations

import doctest
import importlib
import pkgutil

import pytest

#: The installed package's parts; in an editable install they are separate folders.
PARTS = ("epistemic", "epistemic.cli", "epistemic.models", "epistemic.visualize", "epistemic.workbench")


def _modules() -> list[str]:
    names = set(PARTS)
    for part in PARTS:
        package = importlib.import_module(part)
        names.update(name for _, name, _ in pkgutil.walk_packages(package.__path__, part + "."))
    return sorted(name for name in names if not name.endswith(".__main__"))


MODULES = _modules()


@pytest.mark.parametrize("name", MODULES)
def test_docstring_examples(name):
    module = importlib.import_module(name)
    runner = doctest.DocTestRunner(optionflags=doctest.ELLIPSIS)
    report: list[str] = []
    for test in doctest.DocTestFinder().find(module, name):
        runner.run(test, out=report.append)
    assert runner.failures == 0, "".join(report)
