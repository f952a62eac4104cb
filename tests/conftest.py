"""What the whole suite shares.

No test depends on the clock: Hypothesis's deadline (200 ms an example by
default) fails a test whose example is merely slow on a busy machine, so the
suite's profile has none, and ``test_suite_rules.py`` keeps any test from
setting one again.  And a test that needs a system tool (Chromium, pdflatex,
Graphviz's ``dot``) is skipped where it is missing, or fails where
``EPISTEMIC_EXTRAS_REQUIRED`` is set (``extras.py``).
"""

from __future__ import annotations

from hypothesis import settings

from extras import pytest_configure, pytest_runtest_setup  # noqa: F401  (pytest's hooks, found by name)

#: The profile every test runs with.
PROFILE = "epistemic"

settings.register_profile(PROFILE, deadline=None)
settings.load_profile(PROFILE)
