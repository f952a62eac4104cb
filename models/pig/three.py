"""Three-player Piglet: a pure Nash equilibrium of hold values, state by state.

Piglet is played with a coin: on his turn a player flips until he either
flips a tail, scoring nothing, or holds and scores the number of heads
flipped.  Bonnet, Neller and Viennot (2018) count scores down: a state
``(a, b, c)`` is what each player still needs, the first to reach 0 wins.
Under the one-winner-two-losers reward (1W2L) the winner gets +2 and each
loser -1.

Here a state is always written from the mover's seat: ``(a, b, c)`` is what
the mover, the next player and the one after still need (the paper's
``E_i(a, b, c)``, player 1 to move).  The paper's rotation symmetry, its
equation (2), turns every other state into one of these: with player 2 to
move at ``(a, b, c)`` the mover-first state is ``(b, c, a)``, and players
1, 2, 3 take its seats 3, 1, 2; with player 3 to move it is ``(c, a, b)``,
players 1, 2, 3 in seats 2, 3, 1.

At ``(a, b, c)`` the three players choose hold values ``alpha`` in
``1..a``, ``beta`` in ``1..b``, ``gamma`` in ``1..c``: until someone holds,
the turn goes round, each flipping for his hold value.  The paper's
equation (3) gives each player's expected gain from what follows a
successful hold: ``(b, c, a - alpha)`` after the mover holds,
``(c, a, b - beta)`` after the next player, ``(a, b, c - gamma)`` after the
third.  Those have a smaller sum, so states are solved in order of
``a + b + c`` on the :class:`~epistemic.PredictionDAG`.  Every ``abc``
triple is evaluated at once (numpy arrays of floats, or of
:class:`~fractions.Fraction` for exact gains), and every pure Nash
equilibrium is kept: each player's hold value a best reply to the other
two.  Where there are several, the first in lexicographic order of
``(alpha, beta, gamma)`` is played on; :meth:`ThreePiglet.multiple` lists
every state where there were several, and the gains of each.  A state with
no pure equilibrium is kept without gains, and so is every state whose
solution needs it.

Examples
--------
With goal 1, everyone holds at 1: the mover wins with 1/2, the next player
with 1/4 and the last with 1/8 of each round, so the mover's chance is 4/7:

>>> solved = solve(1)
>>> solved[1, 1, 1].gains
(Fraction(5, 7), Fraction(-1, 7), Fraction(-4, 7))
>>> solve(2)[2, 2, 2].holds
(2, 2, 2)
"""

from __future__ import annotations

import functools
from collections.abc import Callable, Iterator, Sequence
from fractions import Fraction
from typing import Any

import attrs
import numpy as np

from epistemic import PredictionDAG

from .three_values import (ONE_WINNER, TOLERANCE, Gains, Holds, PigletError, Rewards, State, StateSolution,
                           _same)

__all__ = ["PigletError", "Rewards", "ONE_WINNER", "StateSolution", "ThreePiglet", "solve", "expected_gains",
           "MAX_EXACT_GOAL", "MAX_GOAL", "stage_gains", "next_states"]

#: Largest goal solved in exact rationals, and in floats.
MAX_EXACT_GOAL = 8
MAX_GOAL = 40


def next_states(state: State) -> tuple[list[State], list[State], list[State]]:
    """The mover-first states after each seat's successful hold, for every hold value.

    >>> next_states((2, 1, 1))
    ([(1, 1, 1), (1, 1, 0)], [(1, 2, 0)], [(2, 1, 0)])
    """
    a, b, c = state
    return ([(b, c, a - h) for h in range(1, a + 1)], [(c, a, b - h) for h in range(1, b + 1)],
            [(a, b, c - h) for h in range(1, c + 1)])


def stage_gains(p: Any, after: Sequence[Any], finished: Sequence[bool] = (False, False, False)
                ) -> tuple[Any, Any, Any]:
    """Each seat's expected gain for every triple of hold values, by equation (3).

    ``after[k]`` is an array ``(hold values of seat k, 3)``: the gains of seats
    0, 1, 2 after seat ``k`` holds successfully at each hold value.  Returns
    three arrays indexed ``[alpha - 1, beta - 1, gamma - 1]``.  A ``finished``
    seat (one who reached the goal while the game goes on) never holds: it
    is passed over, with one dummy hold value.

    >>> e = stage_gains(Fraction(1, 2), [np.array([[2, -1, -1]], dtype=object)] * 3)
    >>> e[0][0, 0, 0]
    Fraction(2, 1)
    """
    powers = [np.array([0 * p], dtype=object if isinstance(p, Fraction) else float) if done else _powers(p, len(x))
              for x, done in zip(after, finished)]
    pa, pb, pc = powers
    wa = pa[:, None, None]
    wb = ((1 - pa)[:, None] * pb[None, :])[:, :, None]
    wc = ((1 - pa)[:, None] * (1 - pb)[None, :])[:, :, None] * pc[None, None, :]
    total = wa + wb + wc
    ga, gb, gc = after
    out = tuple((wa * ga[:, k][:, None, None] + wb * gb[:, k][None, :, None] + wc * gc[:, k][None, None, :]) / total
                for k in range(3))
    return out[0], out[1], out[2]


@functools.lru_cache(maxsize=256, typed=True)
def _powers(p: Any, n: int) -> Any:
    """``p ** h`` for ``h`` in ``1..n``, read only: every state of a game asks for the same few."""
    # raised one by one: a Fraction raised to an array would fall back to floats, and numpy's
    # power of floats may differ from Python's in the last bit
    powers = np.array([p ** h for h in range(1, n + 1)], dtype=object if isinstance(p, Fraction) else float)
    powers.flags.writeable = False
    return powers


def _best(values: Any, axis: int, exact: bool) -> Any:
    """Where each entry is a best reply along ``axis``."""
    top = values.max(axis=axis, keepdims=True)
    return values == top if exact else values >= top - TOLERANCE * (1 + abs(top))


def _equilibria(e: tuple[Any, Any, Any], exact: bool) -> list[tuple[Holds, Gains]]:
    mask = _best(e[0], 0, exact) & _best(e[1], 1, exact) & _best(e[2], 2, exact)
    plain = (lambda x: x) if exact else float
    return [((int(i) + 1, int(j) + 1, int(k) + 1), (plain(e[0][i, j, k]), plain(e[1][i, j, k]), plain(e[2][i, j, k])))
            for i, j, k in zip(*np.nonzero(mask))]


def _played(holds: Holds, finished: Sequence[bool]) -> Holds:
    """The hold values, 0 for a seat passed over."""
    a, b, c = (0 if done else h for h, done in zip(holds, finished))
    return (a, b, c)


def _checked_p(p: Any) -> Any:
    if isinstance(p, bool) or not isinstance(p, (int, float, Fraction)) or not 0 < p <= 1:
        raise PigletError(f"the probability of a head must be a number in (0, 1], got {p!r}")
    return p


def _checked_goal(goal: Any, limit: int) -> int:
    if isinstance(goal, bool) or not isinstance(goal, int) or not 1 <= goal <= limit:
        raise PigletError(f"the goal must be a whole number from 1 to {limit}, got {goal!r}")
    return goal


class ThreePiglet:
    """Three-player Piglet with each state's stage game solved for a pure Nash equilibrium.

    Parameters
    ----------
    p : Fraction or float
        The probability of a head.  A :class:`~fractions.Fraction` (or int)
        gives exact gains; a float, numpy floats.
    rewards : Rewards
        The rewards when the first player reaches the goal (1W2L by default).
    progress : callable, optional
        Passed to the :class:`~epistemic.PredictionDAG` (``progress(states)``),
        or to the solver by sums (``progress(sums)``).
    by_sum : bool, optional
        Solve the floats score sum by score sum (:mod:`~.three_sums`), the
        default for float gains of a game ending at the first winner;
        ``False`` solves them on the DAG, the reference.

    Notes
    -----
    On the DAG a state ``(a, b, c)`` evaluates ``abc`` triples of hold
    values, so the states within goal ``G`` evaluate ``(G (G + 1) / 2) ** 3``
    in all.  By sums every state within the goal is solved, and only the
    triples left when the hold values that cannot be best replies are struck
    out are evaluated: the same equilibria and gains, to the last bit.
    States beyond :data:`MAX_GOAL` are solved on the DAG.
    """

    def __init__(self, p: Any = Fraction(1, 2), rewards: Rewards = ONE_WINNER, *,
                 progress: Callable[[int], None] | None = None, by_sum: bool | None = None):
        self.p = _checked_p(p)
        if not isinstance(rewards, Rewards):
            raise PigletError(f"rewards must be a Rewards, got {type(rewards).__name__}")
        self.rewards = rewards
        self.exact = isinstance(self.p, (int, Fraction))
        if self.exact:
            self.p = Fraction(self.p)
        from .three_sums import SumSolver, applies
        if by_sum and not applies(self.p, rewards):
            raise PigletError("only float gains of a game ending at the first winner are solved sum by sum")
        self.by_sum = applies(self.p, rewards) if by_sum is None else by_sum
        self._sums = SumSolver(self.p, rewards, progress=progress) if self.by_sum else None
        # the states after each hold are made again when asked for, not kept: a
        # state has a + b + c of them, which would outweigh its solution
        self.dag: PredictionDAG[State, StateSolution] = PredictionDAG(self._predict, progress=progress,
                                                                      edges=self._children)

    def __getitem__(self, state: State) -> StateSolution:
        a, b, c = state
        if min(state) < 0 or state.count(0) > (2 if self.rewards.continues else 1):
            raise PigletError(f"a state needs whole numbers of points, at most {2 if self.rewards.continues else 1} "
                              f"of them 0, got {state!r}")
        state = (int(a), int(b), int(c))
        if self._sums is None or max(state) > MAX_GOAL:
            # beyond the goals the floats are solved to, the DAG solves only the states asked for
            return self.dag[state]
        if self.rewards.is_end(state):
            return StateSolution(state, None, self.rewards.ends(state))
        self._sums.solve(max(state))
        return self._sums.solution(state)

    def __len__(self) -> int:
        """The states solved so far, final ones included."""
        by_sum = 0 if self._sums is None else self._sums.solved + 3 * self._sums.box ** 2
        return by_sum + len(self.dag)

    def solve_goal(self, goal: int) -> StateSolution:
        """The solution at the start ``(goal, goal, goal)``."""
        return self[(_checked_goal(goal, MAX_EXACT_GOAL if self.exact else MAX_GOAL),) * 3]

    def start_gains(self, goals: int) -> tuple[tuple[int, Gains | None], ...]:
        """``(goal, gains at its start)`` for goals 1 to ``goals`` (:func:`expected_gains`).

        The smaller starts are among the states the start of ``goals`` needs, so
        this costs what solving ``goals`` costs, and nothing more on a game
        already solved that far."""
        self.solve_goal(goals)
        return tuple((goal, self.solve_goal(goal).gains) for goal in range(1, goals + 1))

    def states(self, goal: int) -> Iterator[StateSolution]:
        """The solved non-final states within ``goal`` (solving them if need be), in order of their sum."""
        self.solve_goal(goal)
        if self._sums is not None:
            # every state within the goal is solved already: read a sum's solutions at once
            for total in range(3, 3 * goal + 1):
                yield from self._sums.solutions([(a, b, total - a - b)
                                                 for a in range(max(1, total - 2 * goal), goal + 1)
                                                 for b in range(max(1, total - a - goal), min(goal, total - a - 1) + 1)])
            return
        least = 0 if self.rewards.continues else 1
        for total in range(1, 3 * goal + 1):
            for a in range(least, goal + 1):
                for b in range(max(least, total - a - goal), min(goal, total - a - least) + 1):
                    state = (a, b, total - a - b)
                    if state.count(0) <= 1 and not self.rewards.is_end(state):
                        yield self[state]

    def multiple(self, goal: int) -> list[StateSolution]:
        """Every state within ``goal`` with more than one pure equilibrium (or none)."""
        return [s for s in self.states(goal) if len(s.equilibria) != 1]

    def _children(self, state: State) -> dict[tuple[str, State], State]:
        if self.rewards.is_end(state):
            return {}
        return _labelled(next_states(state))

    def _predict(self, state: State):
        if self.rewards.is_end(state):
            return StateSolution(state, None, self.rewards.ends(state))
        after_mover, after_next, after_last = seats = next_states(state)
        got = yield _labelled(seats)
        # a seat at 0 while the game goes on is passed over: one dummy hold value, never made
        dummy = (0, 0, 0)
        solved = ([got["m", s].gains for s in after_mover] or [dummy], [got["n", s].gains for s in after_next] or [dummy],
                  [got["l", s].gains for s in after_last] or [dummy])
        if any(g is None for seat in solved for g in seat):
            return StateSolution(state, None, None)
        dtype = object if self.exact else float
        # the next state's seats back to this state's: after the mover holds, the
        # next player moves, so this mover sits last there; after the next player
        # holds, the last player moves and this mover sits second
        after = (np.array([(g[2], g[0], g[1]) for g in solved[0]], dtype=dtype),
                 np.array([(g[1], g[2], g[0]) for g in solved[1]], dtype=dtype),
                 np.array(solved[2], dtype=dtype))
        finished = tuple(x == 0 for x in state)
        equilibria = [(_played(holds, finished), gains)
                      for holds, gains in _equilibria(stage_gains(self.p, after, finished), self.exact)]
        if not equilibria:
            return StateSolution(state, None, None)
        holds, gains = equilibria[0]
        return StateSolution(state, holds, gains, tuple(equilibria))


def _labelled(seats: tuple[list[State], list[State], list[State]]) -> dict[tuple[str, State], State]:
    """The states after each seat's hold, each under the seat that held."""
    after_mover, after_next, after_last = seats
    return {("m", s): s for s in after_mover} | {("n", s): s for s in after_next} | {("l", s): s for s in after_last}


def solve(goal: int, p: Any = Fraction(1, 2), rewards: Rewards = ONE_WINNER, *,
          progress: Callable[[int], None] | None = None) -> ThreePiglet:
    """Three-player Piglet solved up to the start ``(goal, goal, goal)``.

    Exact (``p`` a Fraction) up to :data:`MAX_EXACT_GOAL`, floats up to :data:`MAX_GOAL`.

    >>> solve(3, 0.5)[3, 3, 3].holds
    (3, 3, 3)
    """
    game = ThreePiglet(p, rewards, progress=progress)
    game.solve_goal(goal)
    return game


def expected_gains(goals: int = 30, p: Any = 0.5, rewards: Rewards = ONE_WINNER, *,
                   progress: Callable[[int], None] | None = None) -> tuple[tuple[int, Gains | None], ...]:
    """Figure 3's data: ``(goal, gains of players 1, 2, 3)`` at the start, goals 1 to ``goals``.

    ``None`` where the start's gains are undetermined (a state with no pure equilibrium).

    >>> [(g, tuple(round(x, 3) for x in gains)) for g, gains in expected_gains(2)]
    [(1, (0.714, -0.143, -0.571)), (2, (0.297, -0.027, -0.27))]
    """
    return ThreePiglet(p, rewards, progress=progress).start_gains(goals)
