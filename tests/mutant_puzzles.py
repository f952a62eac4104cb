"""Deliberate breaks (mutants) of the classic puzzles and the centipede (models/puzzles, models/centipede.py), each with the tests that must catch it.

Part of the table in ``tests/mutant_table.py``, which ``python tests/mutants.py`` runs.
"""

from __future__ import annotations

from mutant import Mutant

__all__ = ["PUZZLE_MUTANTS"]

PUZZLE_MUTANTS: tuple[Mutant, ...] = (
)
