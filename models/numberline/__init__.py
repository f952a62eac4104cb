"""The number-line token game (seed ``003``): tokens placed in turn on stacks of money."""

from .game import MAX_STATES, TIE_RULES, NumberLine, NumberLineError, count_states
from .solve import Solution, explain, solve

__all__ = ["NumberLine", "NumberLineError", "TIE_RULES", "MAX_STATES", "count_states", "Solution", "solve",
           "explain"]
