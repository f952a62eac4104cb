"""Piglet and Pig, the jeopardy race games (Neller and Presser 2004; Bonnet, Neller and Viennot 2018).

Two players: solved score pair by score pair, the turn totals swept once
(:mod:`.pairs`), with the layered policy iteration (:mod:`.layers`) and
value iteration (:mod:`.iteration`) as the references.  Three players of Piglet: pure Nash equilibria state
by state (:mod:`.three`), and a coalition and a biased coin
(:mod:`.three_variants`).  Three players of Pig: orbit by orbit
(:mod:`.three_orbits`), by the seed's value iteration (:mod:`.three_pig`),
and by that iteration varied as the seed varies it (:mod:`.three_dynamics`).
"""

from .layers import Solution, hold_at
from .pairs import evaluate, solve
from .rules import Jeopardy, PigError, pig, piglet, probability

__all__ = ["Jeopardy", "PigError", "pig", "piglet", "probability", "Solution", "solve", "evaluate", "hold_at"]
