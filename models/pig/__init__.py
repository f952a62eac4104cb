"""Piglet and Pig, the jeopardy race games (Neller and Presser 2004; Bonnet, Neller and Viennot 2018).

Two players: solved layer by layer in order of the score sum
(:mod:`.layers`), with value iteration as the independent reference
(:mod:`.iteration`).  Three players of Piglet: pure Nash equilibria state
by state (:mod:`.three`), and a coalition and a biased coin
(:mod:`.three_variants`).  Three players of Pig: orbit by orbit
(:mod:`.three_orbits`), by the seed's value iteration (:mod:`.three_pig`),
and by that iteration varied as the seed varies it (:mod:`.three_dynamics`).
"""

from .layers import Solution, evaluate, hold_at, solve
from .rules import Jeopardy, PigError, pig, piglet, probability

__all__ = ["Jeopardy", "PigError", "pig", "piglet", "probability", "Solution", "solve", "evaluate", "hold_at"]
