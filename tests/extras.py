"""The optional extras a test needs: skipped with the reason where one is not installed,
except where ``EPISTEMIC_EXTRAS_REQUIRED`` is set (``.ci/run`` sets it, having installed them),
so that a test CI means to run can never pass by skipping."""

from __future__ import annotations

import importlib
import os

import pytest


def extra(module: str, name: str):
    """``module``, imported, from the extra ``name``."""
    if os.environ.get("EPISTEMIC_EXTRAS_REQUIRED"):
        return importlib.import_module(module)
    return pytest.importorskip(module, reason=f"needs the extra: pip install 'epistemic[{name}]'")
