"""Deliberate breaks (mutants) of the number-line token game (models/numberline), each with the tests that must catch it.

Part of the table in ``tests/mutant_table.py``, which ``python tests/mutants.py`` runs.
"""

from __future__ import annotations

from mutant import Mutant

__all__ = ["NUMBERLINE_MUTANTS"]

NUMBERLINE_MUTANTS: tuple[Mutant, ...] = (
)
