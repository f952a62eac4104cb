"""Deliberate breaks (mutants) of Piglet and Pig (models/pig), each with the tests that must catch it.

Part of the table in ``tests/mutant_table.py``, which ``python tests/mutants.py`` runs.
"""

from __future__ import annotations

from mutant import Mutant

__all__ = ["PIG_MUTANTS"]

PIG_MUTANTS: tuple[Mutant, ...] = (
)
