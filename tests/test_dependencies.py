"""The package declares exactly the third-party packages its code imports.

Every module of the installed package (``epistemic``, ``epistemic.models``,
``epistemic.visualize``, ``epistemic.cli``, ``epistemic.workbench``) is parsed, and the third-party
packages its imports name, anywhere in the module (an optional engine is
imported where it is used), are compared with the runtime dependencies the
installed distribution declares.  A dependency no module imports, or an
import no dependency provides, turns this red.  The declared list is the
installed metadata's: after editing ``pyproject.toml``, reinstall
(``pip install -e .``).
"""

from __future__ import annotations

import ast
import importlib
import importlib.metadata
import pathlib
import re
import sys

from epistemic.plugins import OWN

#: The installed package's parts; in an editable install they are separate folders.
PARTS = ("epistemic", "epistemic.cli", "epistemic.models", "epistemic.visualize", "epistemic.workbench")


def _normal(name: str) -> str:
    return re.sub(r"[-_.]+", "-", name).lower()


def _modules() -> list[pathlib.Path]:
    folders = {pathlib.Path(path) for part in PARTS for path in importlib.import_module(part).__path__}
    return sorted(path for folder in folders for path in folder.rglob("*.py"))


def _imported(path: pathlib.Path) -> set[str]:
    """The top-level names of the absolute imports of one module."""
    names = set()
    for node in ast.walk(ast.parse(path.read_text(encoding="utf-8"), str(path))):
        if isinstance(node, ast.Import):
            names.update(alias.name.split(".")[0] for alias in node.names)
        elif isinstance(node, ast.ImportFrom) and node.level == 0:
            names.add(node.module.split(".")[0])
    return names


def _third_party() -> dict[str, set[str]]:
    """Distribution (normalized name) -> the modules that import it."""
    providers = importlib.metadata.packages_distributions()
    found: dict[str, set[str]] = {}
    for path in _modules():
        for name in _imported(path):
            if name in sys.stdlib_module_names or name == "epistemic":
                continue
            # a package not installed here (an optional engine) is named as imported, or as
            # its distribution where the two names differ
            for distribution in providers.get(name, [NOT_INSTALLED.get(name, name)]):
                found.setdefault(_normal(distribution), set()).add(path.name)
    return found


#: Modules whose distribution has another name, for where it is not installed.
NOT_INSTALLED = {"pyspiel": "open-spiel"}


def _declared(extras: tuple[str, ...] = ()) -> set[str]:
    """The runtime dependencies (every requirement not tied to an extra), and
    those of the ``extras`` named."""
    requires = importlib.metadata.requires(OWN) or []
    wanted = [r for r in requires
              if "extra ==" not in r or any(f'extra == "{extra}"' in r for extra in extras)]
    return {_normal(re.match(r"[A-Za-z0-9._-]+", r).group()) for r in wanted}


#: The extras that bring packages the code imports where it uses them.
CODE_EXTRAS = ("plots", "sweep", "openspiel", "workbench")


def test_the_package_declares_what_it_imports_and_nothing_else():
    imported = _third_party()
    declared = _declared(CODE_EXTRAS)
    undeclared = {name: sorted(imported[name]) for name in imported if name not in declared}
    unused = sorted(declared - set(imported))
    assert not undeclared, f"imported but not declared in pyproject.toml: {undeclared}"
    assert not unused, f"declared in pyproject.toml but imported nowhere: {unused}"


def test_every_part_of_the_package_is_read():
    names = {path.name for path in _modules()}
    assert {"kripke.py", "game.py", "reasons.py", "check.py"} <= names
