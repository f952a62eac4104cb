"""Deliberate breaks (mutants) of Ethiopian Dinner (models/dinner), each with the tests that must catch it.

Part of the table in ``tests/mutant_table.py``, which ``python tests/mutants.py`` runs.
"""

from __future__ import annotations

from mutant import Mutant

__all__ = ["DINNER_MUTANTS"]

DINNER_MUTANTS: tuple[Mutant, ...] = (
)
