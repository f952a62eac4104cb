"""Deliberate breaks (mutants) of the course workbench (workbench/, cli/grade.py, cli/serve.py):
exercise sheets, grading, sessions and the web app, each with the tests that must catch it.

Part of the table in ``tests/mutant_table.py``, which ``python tests/mutants.py`` runs.
"""

from __future__ import annotations

from mutant import Mutant

__all__ = ["WORKBENCH_MUTANTS"]

WORKBENCH_MUTANTS: tuple[Mutant, ...] = (
)
