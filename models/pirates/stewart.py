"""Stewart's question asked of any rules: with how many pirates does the first proposer live?

One solver of ``n`` pirates answers it for every crew of up to ``n``: the
game of ``m`` pirates is the tail of the bigger one that starts in round
``n - m + 1`` (its proposer ranks ``n - m + 1``), so the crews are read off
one prediction DAG, round by round, without promises.
"""

from __future__ import annotations

from epistemic import Knowledge

from .solver import PirateSolver
from .rules import Rules

__all__ = ["surviving_crews"]


def surviving_crews(most: int, coins: int, rules: Rules = Rules()) -> list[int]:
    """The crew sizes ``m <= most`` for which the first proposer is not thrown overboard.

    Examples
    --------
    Stewart's 2M + 2**k beyond 2M pirates, with two coins:

    >>> [m for m in surviving_crews(40, 2) if m > 4]
    [5, 6, 8, 12, 20, 36]

    When a tie fails, the pattern moves down by one:

    >>> [m for m in surviving_crews(40, 2, Rules(majority="strict")) if m > 4]
    [5, 7, 11, 19, 35]
    """
    solver = PirateSolver(most, coins, rules=rules)
    nothing = Knowledge.of([])
    return [most - r + 1 for r in range(most, 0, -1) if solver.prediction(r, nothing).accepted]
