"""Deliberate breaks (mutants) of the bot tournament (models/tournament), each with the tests that must catch it.

Part of the table in ``tests/mutant_table.py``, which ``python tests/mutants.py`` runs.
"""

from __future__ import annotations

from mutant import Mutant

__all__ = ["TOURNAMENT_MUTANTS"]

TOURNAMENT_MUTANTS: tuple[Mutant, ...] = (
)
