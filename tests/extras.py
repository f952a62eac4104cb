"""The optional extras and the system tools a test needs.

Where one is missing, the test is skipped with the reason, except where
``EPISTEMIC_EXTRAS_REQUIRED`` is set (``.ci/run`` sets it for the whole suite,
having installed them all): there the test fails, so that a test CI means to
run can never pass by skipping, and a failed install is seen.

An extra is imported where the test module starts (:func:`extra`); a system
tool is a mark (:func:`system_tool`) read as each test is set up, by the
pytest hooks here, which ``tests/conftest.py`` takes in (a run of pytest
elsewhere loads them with ``-p extras``).
"""

from __future__ import annotations

import importlib
import os
from collections.abc import Callable
from types import ModuleType
from typing import NoReturn

import pytest

__all__ = ["REQUIRED", "required", "missing", "extra", "system_tool", "pytest_configure", "pytest_runtest_setup"]

#: The environment variable that turns a missing extra or tool from a skip into a failure.
REQUIRED = "EPISTEMIC_EXTRAS_REQUIRED"

#: The mark :func:`system_tool` puts on a test whose tool is missing.
_MISSING = "system_tool_missing"


def required() -> bool:
    """Whether every extra and system tool must be there (``EPISTEMIC_EXTRAS_REQUIRED`` is set)."""
    return bool(os.environ.get(REQUIRED))


def missing(reason: str) -> NoReturn:
    """End the test (or the module being collected) for want of what ``reason`` names:
    a skip, or a failure where :func:`required`."""
    if required():
        pytest.fail(f"{reason} ({REQUIRED} is set: it must be installed)", pytrace=False)
    pytest.skip(reason, allow_module_level=True)


def extra(module: str, name: str) -> ModuleType:
    """``module``, imported, from the extra ``name``."""
    try:
        return importlib.import_module(module)
    except ImportError:
        missing(f"{module} is not installed, from the extra {name}: pip install -e '.[{name}]'")


def system_tool(name: str, check: Callable[[], object], install: str) -> pytest.MarkDecorator:
    """A mark for the tests that need the system tool ``name``.

    ``check()`` looks for exactly what the tests use (a program on the PATH,
    a TeX package), truthy when it is there; it is called once, here.  Where
    it is missing, the marked tests are skipped, or fail where
    :func:`required`, saying how to ``install`` it.  The mark goes on a test,
    a class, or a module's ``pytestmark``.
    """
    if check():
        return pytest.mark.system_tool(name)
    return getattr(pytest.mark, _MISSING)(f"{name} is not installed ({install})")


def pytest_configure(config: pytest.Config) -> None:
    """Declare the marks :func:`system_tool` makes."""
    config.addinivalue_line("markers", "system_tool(name): the test needs this system tool, which is installed")
    config.addinivalue_line("markers", f"{_MISSING}(reason): the test needs a system tool that is missing")


def pytest_runtest_setup(item: pytest.Item) -> None:
    """Skip, or fail, a test marked by :func:`system_tool` as needing a tool that is missing."""
    for mark in item.iter_markers(_MISSING):
        missing(mark.args[0])
