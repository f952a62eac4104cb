"""Value iteration for two-player jeopardy games: the reference the layered solver is checked against.

Each sweep takes estimates of every turn-start value ``P(i, j, 0)`` and
recomputes them all at once: the turn-total recursion over ``k`` against
the estimates of the rival's turn starts, the mover choosing the better of
rolling and holding (Neller and Presser 2004).  Unlike the layered solver
it needs no order of the states, and converges only in the limit.

Examples
--------
>>> from epistemic.models.pig import piglet
>>> found = value_iteration(piglet(5))
>>> found.converged, round(float(found.value[0, 0]), 6)
(True, 0.532987)
"""

from __future__ import annotations

import numpy as np

from epistemic.fixedpoint import FixedPoint, iterate

from .layers import Progress, turn_start_sweep
from .rules import Jeopardy

__all__ = ["value_iteration"]


def value_iteration(rules: Jeopardy, tolerance: float = 1e-13, max_sweeps: int = 100_000,
                    progress: Progress = None) -> FixedPoint:
    """Iterate the optimality equations of ``rules`` from all values ``1/2`` until they settle.

    Returns the :class:`~epistemic.fixedpoint.FixedPoint` whose ``value[i, j]``
    is the mover's chance to win at the start of his turn.
    """
    goal = rules.goal
    i, j = np.meshgrid(np.arange(goal), np.arange(goal), indexing="ij")
    rows = np.stack([i.ravel(), j.ravel()], axis=1)

    def sweep(values: np.ndarray) -> np.ndarray:
        y = 1 - values.T.ravel()  # after a bust the rival starts at the reversed pair
        a, b, _ = turn_start_sweep(rules, rows, values, y)
        return (a + b * y).reshape(goal, goal)

    return iterate(sweep, np.full((goal, goal), 0.5), tolerance=tolerance, max_sweeps=max_sweeps,
                   progress=progress)
