"""Piglet and Pig, the jeopardy race games, for two players (Neller and Presser 2004).

Solved layer by layer in order of the score sum (:mod:`.layers`), with
value iteration as the independent reference (:mod:`.iteration`).
"""

from .layers import Solution, evaluate, hold_at, solve
from .rules import Jeopardy, PigError, pig, piglet, probability

__all__ = ["Jeopardy", "PigError", "pig", "piglet", "probability", "Solution", "solve", "evaluate", "hold_at"]
