"""Three-player Piglet played otherwise: a coalition against player 1, a biased coin.

A *coalition* of players 2 and 3 jointly chooses their hold values to
minimise player 1's expected gain, while player 1 maximises it (Bonnet,
Neller and Viennot 2018, Figure 4).  The rotation symmetry no longer holds,
so a state is ``(a, b, c, mover)`` with the points each of players 1, 2, 3
still needs, in that order, and the mover numbered from 0.  Its stage game
is two-sided: player 1's hold value against the coalition's pair, solved
for a pure saddle point; the coalition's first pair (in lexicographic
order) among those that hold player 1 to the value is played.  Where there
is no pure saddle point the state is reported (:attr:`CoalitionSolution.saddle`)
and player 1 plays his maximin hold value against the coalition's best
reply, the most he can make sure of.

With a *biased coin* the gains are rational functions of the probability
``p`` of a head: :func:`gains_by_head_probability` tabulates player 1's gain
over a grid of ``p`` (Figure 5) and marks the ``p`` where some state has
equilibria with different gains, or none; :func:`symbolic_gains` gives the gains
exactly as functions of ``p`` along the equilibrium played at one ``p``.

Examples
--------
>>> coalition = Coalition()
>>> coalition[1, 1, 1, 0].gains
(Fraction(5, 7), Fraction(-1, 7), Fraction(-4, 7))
>>> symbolic_gains(1)[0]
-p*(p - 3)/(p**2 - 3*p + 3)
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from fractions import Fraction
from typing import Any

import attrs
import numpy as np
import sympy

from epistemic import PredictionDAG

from .three import (MAX_EXACT_GOAL, MAX_GOAL, ONE_WINNER, TOLERANCE, PigletError, Rewards, ThreePiglet, _checked_goal,
                    _checked_p, stage_gains)

__all__ = ["Coalition", "CoalitionSolution", "coalition_gains", "gains_by_head_probability", "symbolic_gains",
           "MAX_SYMBOLIC_GOAL", "FIGURE_5_GOALS", "HEAD"]

#: Largest goal whose gains are given as functions of ``p``.
MAX_SYMBOLIC_GOAL = 3
#: The goals of the paper's Figure 5.
FIGURE_5_GOALS = (1, 3, 5, 10)

Key = tuple[int, int, int, int]
#: The probability of a head, the variable of :func:`symbolic_gains`.
HEAD = sympy.Symbol("p", positive=True)


@attrs.frozen
class CoalitionSolution:
    """The solution at one state of the coalition game.

    Attributes
    ----------
    state : ``(a, b, c, mover)``, points needed by players 1, 2, 3 and the mover (0, 1 or 2).
    holds : hold values of players 1, 2, 3, ``None`` at an end.
    gains : expected gains of players 1, 2, 3.
    saddle : whether the stage game had a pure saddle point.
    """

    state: Key
    holds: tuple[int, int, int] | None
    gains: tuple[Any, Any, Any]
    saddle: bool = True


class Coalition:
    """Three-player Piglet with players 2 and 3 minimising player 1's gain.

    Parameters
    ----------
    p : Fraction or float
        The probability of a head (a Fraction gives exact gains).
    rewards : Rewards
    progress : callable, optional
    """

    def __init__(self, p: Any = Fraction(1, 2), rewards: Rewards = ONE_WINNER, *,
                 progress: Callable[[int], None] | None = None):
        self.p = _checked_p(p)
        self.exact = isinstance(self.p, (int, Fraction))
        if self.exact:
            self.p = Fraction(self.p)
        if rewards.continues:
            raise PigletError("a coalition is played to the first winner: rewards that go on are not modelled")
        self.rewards = rewards
        self.dag: PredictionDAG[Key, CoalitionSolution] = PredictionDAG(self._predict, progress=progress,
                                                                        edges=_edges)

    def __getitem__(self, key: Key) -> CoalitionSolution:
        *points, mover = key
        if mover not in (0, 1, 2) or min(points) < 0 or sum(x == 0 for x in points) > 1:
            raise PigletError(f"a coalition state is (a, b, c, mover) with at most one 0, got {key!r}")
        return self.dag[(int(points[0]), int(points[1]), int(points[2]), int(mover))]

    def solve_goal(self, goal: int) -> CoalitionSolution:
        """The solution at the start, player 1 to move with ``goal`` points for everyone."""
        _checked_goal(goal, MAX_EXACT_GOAL if self.exact else MAX_GOAL)
        return self[goal, goal, goal, 0]

    def no_saddle(self, goal: int) -> list[CoalitionSolution]:
        """The solved states within ``goal`` whose stage game had no pure saddle point."""
        self.solve_goal(goal)
        return [self.dag[k] for k in self.dag.keys() if max(k[:3]) <= goal and not self.dag[k].saddle]

    def _predict(self, key: Key):
        *points, mover = key
        if 0 in points:
            return CoalitionSolution(key, None, self.rewards.ends((points[0], points[1], points[2])))
        seats = [(mover + k) % 3 for k in range(3)]  # absolute player in each seat of the round
        children = _after_holds(key)
        got = yield {child: child for row in children for child in row}
        dtype = object if self.exact else float
        after_arrays = [np.array([[got[child].gains[q] for q in seats] for child in row], dtype=dtype)
                        for row in children]
        gains = stage_gains(self.p, after_arrays)
        target = seats.index(0)
        m = np.moveaxis(gains[target], target, 0)
        flat = m.reshape(m.shape[0], -1)
        low = flat.min(axis=1)
        high = flat.max(axis=0)
        alpha = int(np.argmax(low))   # first of the best: numpy's argmax takes the first
        column = int(np.argmin(high))
        saddle = low[alpha] == high[column] if self.exact else abs(low[alpha] - high[column]) <= TOLERANCE
        if not saddle:
            column = int(np.argmin(flat[alpha]))
        others = np.unravel_index(column, m.shape[1:])
        by_seat = [0, 0, 0]
        by_seat[target] = alpha
        rest = [k for k in range(3) if k != target]
        by_seat[rest[0]], by_seat[rest[1]] = int(others[0]), int(others[1])
        index = tuple(by_seat)
        plain = (lambda x: x) if self.exact else float
        holds = [0, 0, 0]
        out: list[Any] = [None, None, None]
        for k, q in enumerate(seats):
            holds[q] = by_seat[k] + 1
            out[q] = plain(gains[k][index])
        return CoalitionSolution(key, (holds[0], holds[1], holds[2]), (out[0], out[1], out[2]), bool(saddle))


def _after_holds(key: Key) -> list[list[Key]]:
    """The states after each seat of the round holds, for every hold value."""
    *points, mover = key
    rows = []
    for q in ((mover + k) % 3 for k in range(3)):
        row = []
        for h in range(1, points[q] + 1):
            after = list(points)
            after[q] -= h
            row.append((after[0], after[1], after[2], (q + 1) % 3))
        rows.append(row)
    return rows


def _edges(key: Key) -> dict[Key, Key]:
    return {} if 0 in key[:3] else {child: child for row in _after_holds(key) for child in row}


def coalition_gains(goals: int = 30, p: Any = 0.5, rewards: Rewards = ONE_WINNER, *,
                    progress: Callable[[int], None] | None = None) -> tuple[tuple[int, Any, Any], ...]:
    """Figure 4's data: ``(goal, gains played independently, gains against the coalition)``
    at the start, each the gains of players 1, 2, 3, for goals 1 to ``goals``.

    >>> [(g, round(alone[0], 4), round(against[0], 4)) for g, alone, against in coalition_gains(5)][3:]
    [(4, 0.1301, 0.1299), (5, 0.1081, 0.1074)]
    """
    alone = ThreePiglet(p, rewards, progress=progress)
    together = Coalition(p, rewards, progress=progress)
    _checked_goal(goals, MAX_EXACT_GOAL if together.exact else MAX_GOAL)
    return tuple((goal, alone.solve_goal(goal).gains, together.solve_goal(goal).gains)
                 for goal in range(1, goals + 1))


def gains_by_head_probability(ps: Sequence[float], goals: Sequence[int] = FIGURE_5_GOALS,
                              rewards: Rewards = ONE_WINNER, *, progress: Callable[..., None] | None = None
                              ) -> tuple[tuple[int, tuple[tuple[float, Any, bool], ...]], ...]:
    """Figure 5's data: for each goal, ``(p, player 1's gain, unique)`` for each ``p``.

    ``unique`` is false where some state within the goal has equilibria with
    different gains (or none): there the gain shown is that of the first
    equilibrium, one of several (the figure's gaps).  The gain is ``None``
    where undetermined.

    >>> [(p, round(g, 3), u) for p, g, u in gains_by_head_probability([0.3, 0.5], [1])[0][1]]
    [(0.3, 0.37, True), (0.5, 0.714, True)]
    """
    goals = tuple(_checked_goal(g, MAX_GOAL) for g in goals)
    rows: dict[int, list[tuple[float, Any, bool]]] = {g: [] for g in goals}
    for done, p in enumerate(ps):
        game = ThreePiglet(float(p), rewards)
        for goal in goals:
            start = game.solve_goal(goal)
            unique = all(len(s.distinct_gains) == 1 for s in game.states(goal))
            rows[goal].append((float(p), None if start.gains is None else start.gains[0], unique))
        if progress is not None:
            progress(done + 1, len(ps))
    return tuple((goal, tuple(rows[goal])) for goal in goals)


def symbolic_gains(goal: int, at: Fraction = Fraction(1, 2)) -> tuple[Any, Any, Any]:
    """Each player's gain at the start as a rational function of ``p`` (a sympy symbol),
    along the equilibrium played when the probability of a head is ``at``.

    The functions hold wherever that equilibrium stays one; with goal 1
    everyone must hold at 1, so they hold for every ``p``.

    >>> g1, g2, g3 = symbolic_gains(1)
    >>> g1.subs(HEAD, Fraction(1, 2)), g3
    (5/7, p*(2*p - 3)/(p**2 - 3*p + 3))
    """
    _checked_goal(goal, MAX_SYMBOLIC_GOAL)
    at = _checked_p(Fraction(at))
    played = ThreePiglet(at, ONE_WINNER)
    played.solve_goal(goal)
    p = HEAD

    def predict(state):
        if 0 in state:
            return tuple(sympy.Integer(x) for x in ONE_WINNER.ends(state))
        alpha, beta, gamma = played[state].holds
        a, b, c = state
        got = yield {"m": (b, c, a - alpha), "n": (c, a, b - beta), "l": (a, b, c - gamma)}
        m, n, last = got["m"], got["n"], got["l"]
        wa, wb, wc = p ** alpha, (1 - p ** alpha) * p ** beta, (1 - p ** alpha) * (1 - p ** beta) * p ** gamma
        total = wa + wb + wc
        after = ((m[2], m[0], m[1]), (n[1], n[2], n[0]), last)
        return tuple(sympy.factor(sympy.cancel((wa * after[0][k] + wb * after[1][k] + wc * after[2][k]) / total))
                     for k in range(3))

    dag: PredictionDAG = PredictionDAG(predict)
    result = dag[(goal, goal, goal)]
    return result[0], result[1], result[2]
