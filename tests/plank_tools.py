"""plank (Burigana and Fabiano's EPDDL toolkit), where it is built, for the tests that compare with it.

plank is a C++ program built from its repository on GitHub (CMake and
Boost); no package registry carries it, and the machines that run the
suite in CI reach none but PyPI's and Debian's, so the tests that run it
are skipped, with the reason, where it is not found: ``EPISTEMIC_PLANK``
names the ``plank`` program, else it is looked for on the PATH.  The
same holds for its benchmark files (``EPISTEMIC_PLANK_REPO``, else a
mirror of its repository).
"""

from __future__ import annotations

import os
import shutil

import pytest

__all__ = ["PLANK", "needs_plank"]


def _plank() -> str | None:
    """The plank program: ``EPISTEMIC_PLANK``, else ``plank`` on the PATH."""
    given_path = os.environ.get("EPISTEMIC_PLANK")
    if given_path:
        return given_path if os.access(given_path, os.X_OK) else None
    return shutil.which("plank")


PLANK = _plank()
needs_plank = pytest.mark.skipif(PLANK is None, reason="plank is not built here: build github.com/a-burigana/plank "
                                                       "and put its plank on the PATH or name it in EPISTEMIC_PLANK")
