"""The parts of the package that a source checkout keeps beside the core.

pyproject.toml installs the folders ``models/``, ``visualize/``, ``cli/`` and ``workbench/``
of the repository inside the package, as ``epistemic.models``,
``epistemic.visualize``, ``epistemic.cli`` and ``epistemic.workbench``.  Python
started in a checkout finds its ``epistemic/`` folder before any installed copy;
this finder then finds the parts beside it, so that the checkout imports whole.
"""

from __future__ import annotations

import os
import sys
from importlib.machinery import ModuleSpec, PathFinder

#: The folders of a checkout that are parts of the package, by their names in it.
PARTS = ("models", "visualize", "cli", "workbench")


class _BesideTheCore:
    """Finds ``epistemic.<part>`` in the folder ``<part>`` beside the core's.

    A finder of ``sys.meta_path`` needs no more than ``find_spec``; it does without the
    base class of :mod:`importlib.abc`, whose import costs every command's start-up.
    """

    def __init__(self, package: str, folder: str):
        self.package = package
        self.folder = folder

    def find_spec(self, fullname: str, path=None, target=None) -> ModuleSpec | None:
        parent, _, part = fullname.rpartition(".")
        if parent != self.package or part not in PARTS:
            return None
        return PathFinder.find_spec(fullname, [self.folder])


def find_parts_beside(package: str, core: str) -> None:
    """In a checkout (the parts are not inside the core's folder ``core`` but
    beside it), let ``package.<part>`` be found beside it."""
    beside = os.path.dirname(os.path.abspath(core))
    if os.path.isdir(os.path.join(core, PARTS[0])):
        return  # installed: the parts are inside
    if not all(os.path.isfile(os.path.join(beside, part, "__init__.py")) for part in PARTS):
        return
    if not any(isinstance(f, _BesideTheCore) and f.package == package for f in sys.meta_path):
        sys.meta_path.append(_BesideTheCore(package, beside))
