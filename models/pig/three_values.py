"""The values of three-player Piglet that its solvers share: the rewards, a
state's solution, and the tolerance within which float gains count as equal.

:mod:`~.three` solves on the prediction DAG and :mod:`~.three_sums` score
sum by score sum; both build on these.
"""

from __future__ import annotations

from collections.abc import Sequence
from fractions import Fraction
from typing import Any

import attrs

from epistemic import EpistemicError

__all__ = ["PigletError", "Rewards", "ONE_WINNER", "StateSolution", "TOLERANCE", "Gains", "Holds", "State"]

#: Float gains closer than this (relative to the rewards) count as equal.
TOLERANCE = 1e-12

Gains = tuple[Any, Any, Any]
Holds = tuple[int, int, int]
State = tuple[int, int, int]


class PigletError(EpistemicError):
    """Three-player Piglet was asked with parameters it cannot have."""


@attrs.frozen
class Rewards:
    """What each player gets when the first player reaches the goal.

    The winner gets ``winner``; of the two losers, the one nearer the goal
    gets ``second`` and the other ``third``; when the losers need as many
    points, the winner gets ``tie_winner`` and each loser ``tie_loser``.

    Examples
    --------
    >>> Rewards.full_ranking(3, 1, 2)
    Rewards(winner=3, second=1, third=-4, tie_winner=2, tie_loser=Fraction(-1, 1), continues=False)
    >>> ONE_WINNER.ends((0, 3, 3))
    (2, -1, -1)
    """

    winner: Any = 2
    second: Any = -1
    third: Any = -1
    tie_winner: Any = 2
    tie_loser: Any = -1
    continues: bool = False

    @classmethod
    def one_winner(cls, win: Any = 2, lose: Any = -1) -> Rewards:
        """The paper's partial ranking (1W2L by default): one winner, two equal losers."""
        return cls(win, lose, lose, win, lose)

    @classmethod
    def full_ranking(cls, x: Any, y: Any, z: Any) -> Rewards:
        """The paper's full ranking ending at the first winner: ``{x, y, -(x + y)}``,
        or ``{z, -z/2, -z/2}`` when the two losers tie."""
        if not y <= x or not x > 0:
            raise PigletError(f"a full ranking needs x > 0 and y <= x, got x={x!r}, y={y!r}")
        return cls(x, y, -(x + y), z, -Fraction(z) / 2)

    @classmethod
    def continuing(cls, x: Any, y: Any) -> Rewards:
        """The paper's full ranking in which the game goes on between the two remaining
        players: ``x`` to the first to reach the goal, ``y`` to the second, ``-(x + y)`` to the last."""
        if not y <= x or not x > 0:
            raise PigletError(f"a full ranking needs x > 0 and y <= x, got x={x!r}, y={y!r}")
        return cls(x, y, -(x + y), x, y, continues=True)

    def is_end(self, state: State) -> bool:
        """Whether the game is over at a mover-first state."""
        return state.count(0) == (2 if self.continues else 1)

    def ends(self, state: State) -> Gains:
        """The rewards by seat at a state where the game is over.

        When the game goes on after the first winner, it ends with two seats at
        0: the last seat is the one who just held, so the other finished first.
        """
        if self.continues:
            first = state.index(0)
            ranked = [self.third] * 3
            ranked[first], ranked[2] = self.winner, self.second
            return (ranked[0], ranked[1], ranked[2])
        winner = state.index(0)
        first, last = (winner + 1) % 3, (winner + 2) % 3
        out: list[Any] = [None, None, None]
        out[winner] = self.tie_winner if state[first] == state[last] else self.winner
        if state[first] == state[last]:
            out[first] = out[last] = self.tie_loser
        else:
            near, far = (first, last) if state[first] < state[last] else (last, first)
            out[near], out[far] = self.second, self.third
        return (out[0], out[1], out[2])


#: The paper's 1W2L rewards: +2 to the winner, -1 to each loser.
ONE_WINNER = Rewards.one_winner()


@attrs.frozen
class StateSolution:
    """The solution at one mover-first state.

    Attributes
    ----------
    state : ``(a, b, c)``, what the mover, the next and the last player need.
    holds : the hold values played, ``None`` at an end or where no pure
        equilibrium was found.
    gains : each seat's expected gain, ``None`` where undetermined.
    equilibria : every pure equilibrium, ``(holds, gains)``, in lexicographic order.
    """

    state: State
    holds: Holds | None
    gains: Gains | None
    equilibria: tuple[tuple[Holds, Gains], ...] = ()

    @property
    def is_end(self) -> bool:
        return self.holds is None and self.gains is not None

    @property
    def distinct_gains(self) -> tuple[Gains, ...]:
        """The equilibria's gains, each once (floats within the tolerance count as one)."""
        seen: list[Gains] = []
        for _, gains in self.equilibria:
            if not any(_same(gains, other) for other in seen):
                seen.append(gains)
        return tuple(seen)


def _same(x: Sequence[Any], y: Sequence[Any]) -> bool:
    return all(u == v if isinstance(u, (int, Fraction)) and isinstance(v, (int, Fraction))
               else abs(u - v) <= TOLERANCE for u, v in zip(x, y))
