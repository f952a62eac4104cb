"""Ethiopian Dinner (Levine and Stange 2011): the crossout strategy and exact backward induction.

Two (or more) players take turns eating morsels from a shared plate, each
morsel worth its own utility to each player.  :func:`crossout` is the
paper's subgame-perfect strategy, computed in ``O(n log n)``;
:class:`DinnerGame` is the same dinner as a sequential game for the core's
:class:`~epistemic.BackwardInduction`, with any turn order, any number of
players, discounting and generalized payoffs.
"""

from .crossout import Crossout, Greedy, crossout, crossout_choice, crossout_sequence, first_mover, greedy, last_mover
from .dinner import (MAX_PLAYERS, Dinner, DinnerError, count_morsels, parse_dinner, parse_morsel, parse_utility,
                     player_name)
from .game import MAX_SOLVED, DinnerGame, DinnerSolution, Turn, order_name, solve, turn_order

__all__ = ["Dinner", "DinnerError", "parse_dinner", "parse_morsel", "parse_utility", "count_morsels", "player_name",
           "MAX_PLAYERS", "order_name",
           "Crossout", "Greedy", "crossout", "crossout_sequence", "crossout_choice", "greedy", "first_mover",
           "last_mover", "DinnerGame", "DinnerSolution", "Turn", "turn_order", "solve", "MAX_SOLVED"]
