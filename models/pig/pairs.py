"""Two-player jeopardy games solved by their structure: score pair by score pair, the turn totals swept once.

Scores only grow, so the turn starts are solved in order of the score sum,
from the largest down, as in :mod:`.layers`.  Two things make it fast.

The turn totals are indexed by the score a hold would bank, ``t = i + k``,
not by ``k``: the hold value at ``t`` against the rival ``j`` is
``1 - P(j, t, 0)`` and every ``t`` from the goal on wins, for every row of
a layer alike, so one sweep down ``t`` serves all pairs of the layer with
no row's own bounds to mask.  A row's turn start is the roll at ``t = i``.

Within a layer the only cycle is between the turn starts ``(i, j, 0)`` and
``(j, i, 0)``: a bust hands the turn to the reversed pair.  For a fixed
policy each is affine in the other's chance after a bust, ``y``, so the
pair is a 2x2 system, solved exactly; the policy is found by policy
iteration (Newton's method on the pair's piecewise-affine fixed point).
The sweep carries, for each ``t``, the value at the current ``y`` and the
affine form ``A + (1 - D) y``; it starts from ``y`` guessed by extending
the two layers above, ``P(i, j) ~ P(i + 1, j) + P(i, j + 1) - P(i + 1, j + 1)``
corrected by that plane's misses at the two neighbours above, which is
most often right to the last decision.  After solving the pair
for the sweep's policy, every decision is checked at once against the new
``y`` from the affine forms; only if one would change is the layer swept
again.  At Pig to 100 that is 1.25 sweeps a layer where the layered solver
takes four or five.  A mover changes a choice only for a clear gain (as
in :mod:`.layers`); a layer that does not settle in :data:`ROUNDS` sweeps
is handed to the layered solver's policy iteration, which always ends.

A roll from ``t`` reads the totals from ``t + g`` up, ``g`` the least gain,
so each step of a sweep finds ``g`` totals at once (two at Pig): a sweep of
a layer is ``(goal - min(i)) / g`` steps, each a few numpy operations over
the layer's ``3 n`` numbers, about ``1.5 goal ** 2 / g`` steps in all and
``goal ** 3`` numbers.

Examples
--------
>>> from epistemic.models.pig import piglet
>>> solved = solve(piglet(3), exact=True)      # at 0 against 1 or 2, go for all 3 at once
>>> solved.win_probability, solved.hold_values().tolist(), solved.rounds
(Fraction(6, 11), [[1, 3, 3], [2, 2, 2], [1, 1, 1]], 1)
"""

from __future__ import annotations

from typing import Any

import numpy as np
from numpy.lib.stride_tricks import sliding_window_view

from . import layers
from .layers import MAX_EXACT_GOAL, Progress, Solution
from .rules import Jeopardy, PigError

__all__ = ["solve", "evaluate", "ROUNDS"]

#: The most sweeps of one layer before it is handed to the layered solver's policy iteration.
ROUNDS = 8


class _Step:
    """A roll's outcomes as a window of consecutive gains ``lowest .. lowest + len(weights) - 1``,
    each weighted by its chance (0 for a gain that cannot come).

    A roll from ``t`` reads the turn totals from ``t + lowest`` up, so ``lowest``
    consecutive totals (two at Pig, whose least gain is 2) are found in one step:
    ``block[q]`` weighs the rolls from ``a + q`` over the totals from ``a + lowest``.
    """

    def __init__(self, rules: Jeopardy, exact: bool) -> None:
        self.rules = rules
        _, outcomes, self.dtype, self.tolerance = layers._numbers(rules, exact)
        self.lowest = min(gain for gain, _ in outcomes)
        self.weights = np.zeros(rules.largest_gain - self.lowest + 1, dtype=self.dtype)
        for gain, chance in outcomes:
            self.weights[gain - self.lowest] = chance
        self.width = rules.goal + rules.largest_gain
        m = len(self.weights)
        self.block = np.zeros((self.lowest, self.lowest - 1 + m), dtype=self.dtype)
        for q in range(self.lowest):
            self.block[q, q:q + m] = self.weights
        self._blocks: dict[tuple[int, int], list[tuple[int, int, int, np.ndarray]]] = {}

    def blocks(self, low: int, goal: int) -> list[tuple[int, int, int, np.ndarray]]:
        """``(a, b, c, weights)`` for the totals ``a .. b - 1``, from the goal down to ``low``: their
        rolls are ``weights @ table[a + lowest:c]``.  Every score sum below the goal starts at 0: kept."""
        if (low, goal) in self._blocks:
            return self._blocks[low, goal]
        found = self._blocks[low, goal] = []
        b = goal
        while b > low:
            a = max(low, b - self.lowest)
            found.append((a, b, b + self.width - goal, self.block[:b - a, :b - a - 1 + len(self.weights)]))
            b = a
        return found

    def rolls(self, table: np.ndarray, low: int, goal: int) -> np.ndarray:
        """``[t - low, c]``: the roll's value at each ``t`` from ``low`` below ``goal``, of each
        column of ``table`` (``[t, c]``, complete from ``low + lowest`` up)."""
        m = len(self.weights)
        return sliding_window_view(table[low + self.lowest:goal + self.lowest + m - 1], m, axis=0) @ self.weights


def _layer_rows(goal: int, total: int) -> tuple[np.ndarray, np.ndarray]:
    i = np.arange(max(0, total - goal + 1), min(total, goal - 1) + 1)
    return i, total - i


def _by_turn_total(chosen: np.ndarray, i: np.ndarray, goal: int) -> np.ndarray:
    """``[r, k]`` from decisions ``[t, r]`` by banked score ``t = i_r + k``; from the goal on, a hold."""
    n = len(i)
    full = np.ones((2 * goal, n), dtype=bool)
    full[:goal] = chosen
    return sliding_window_view(full, goal, axis=0)[i, np.arange(n)]


def _pair(a: np.ndarray, d: np.ndarray, a2: np.ndarray, d2: np.ndarray) -> np.ndarray:
    """The turn starts from their affine forms ``u = a + b (1 - u')``, ``u' = a2 + b2 (1 - u)``
    (``b = 1 - d``), row by row."""
    b, b2 = 1 - d, 1 - d2
    return (a + b - b * a2 - b * b2) / (1 - b * b2)


def _optimal_layer(step: _Step, goal: int, i: np.ndarray, j: np.ndarray, after: np.ndarray, guess: np.ndarray
                   ) -> tuple[np.ndarray, np.ndarray, int]:
    """The turn starts ``P(i, j, 0)`` of one layer, the decisions ``[t, r]`` and the sweeps taken.

    ``after[t, j]`` is ``1 - P(j, t, 0)``, filled for every larger score sum; ``guess`` is where
    policy iteration starts, a guess of ``P(i, j, 0)``."""
    n, low, dtype, tolerance = len(i), int(i[0]), step.dtype, step.tolerance
    lowest = step.lowest
    hold_value = after[:, j]                                     # [t, r]
    # table[t] = (the value at the current y, less y; A; D), where the value is A + (1 - D) y
    table = np.empty((step.width, 3, n), dtype=dtype)
    table[goal:] = 1                                             # holding wins from the goal on
    flat = table.reshape(step.width, 3 * n)
    held = np.empty((step.width, 3, n), dtype=dtype)
    held[:, 1], held[:, 2] = hold_value, 1
    inside = np.arange(goal)[low:, None] > i[None, :]             # a choice: k >= 1 below the goal
    chosen = np.zeros((goal, n), dtype=bool)
    margin = np.full((goal, n), tolerance, dtype=dtype)          # holding must be clearly better
    y = 1 - guess[::-1]                                          # the chance after a bust, 1 - P(j, i, 0)
    columns = np.arange(n)
    dot, greater, copyto = np.dot, np.greater, np.copyto
    blocks = step.blocks(low, goal)
    for rounds in range(1, ROUNDS + 1):
        # in values less y a roll is the plain weighted sum of the outcomes: the bust's y cancels
        table[goal:, 0] = 1 - y
        held[:, 0] = hold_value - y
        limit = hold_value[:goal] - y - margin
        for a, b, c, block in blocks:
            here = table[a:b]
            dot(block, flat[a + lowest:c], out=flat[a:b])                # the roll ...
            copyto(here, held[a:b], where=greater(limit[a:b], here[:, 0], out=chosen[a:b])[:, None])   # ... or hold
        rolls = step.rolls(flat[:, n:], low, goal).reshape(goal - low, 2, n)
        start = rolls[i - low, :, columns]                       # [r, (A, D)]: the turn start rolls
        u = _pair(start[:, 0], start[:, 1], start[::-1, 0], start[::-1, 1])
        y = 1 - u[::-1]
        # every decision at once against the new y, by the affine forms of the policy just swept
        margin = np.where(chosen, -tolerance, tolerance)
        better = hold_value[low:goal] - margin[low:] > rolls[:, 0] + (1 - rolls[:, 1]) * y
        if not np.any((better != chosen[low:]) & inside):
            chosen[low:] &= inside
            return u, chosen, rounds
    values = 1 - after[:goal, :goal].T
    u, by_k, more = layers._optimal_layer(step.rules, np.stack([i, j], axis=1), values, dtype is object)
    t = i[:, None] + np.arange(goal)[None, :]
    chosen[:] = False
    ok = (t < goal) & (t > i[:, None])
    chosen[t[ok], np.broadcast_to(columns[:, None], t.shape)[ok]] = by_k[ok]
    return u, chosen, ROUNDS + more


def solve(rules: Jeopardy, exact: bool = False, progress: Progress = None) -> Solution:
    """The optimal play of ``rules`` for two players, score pair by score pair.

    The same solution as :func:`.layers.solve`, the reference, in a fraction
    of its time.

    Parameters
    ----------
    rules : Jeopardy
    exact : bool
        Compute in :class:`~fractions.Fraction` (goals up to :data:`~.layers.MAX_EXACT_GOAL`).
    progress : callable, optional
        ``progress(done, total)`` after each score sum.

    Examples
    --------
    >>> from epistemic.models.pig import pig
    >>> solved = solve(pig(100))
    >>> round(float(solved.win_probability), 6), solved.rounds
    (0.530593, 3)
    """
    goal = rules.goal
    if exact and goal > MAX_EXACT_GOAL:
        raise PigError(f"exact values are computed for goals up to {MAX_EXACT_GOAL}, got {goal}")
    step = _Step(rules, exact)
    # after[t, j] = 1 - P(j, t, 0), the mover's chance once he banks the score t against j;
    # 1 from the goal on, and the column j = goal (the rival has won) serves the first guess
    after = np.ones((step.width, goal + 1), dtype=step.dtype)
    after[:goal, goal] = 0
    # how far each turn start was from its plane through the three above: that miss
    # changes slowly, so the neighbours' misses correct the next guess
    missed = np.zeros((goal + 1, goal + 1), dtype=step.dtype)
    holds = np.empty((goal, goal, goal), dtype=bool)
    most = 0
    layers_count = 2 * goal - 1
    for done, total in enumerate(range(2 * goal - 2, -1, -1)):
        i, j = _layer_rows(goal, total)
        plane = 1 - after[j, i + 1] - after[j + 1, i] + after[j + 1, i + 1]
        guess = plane + (missed[i + 1, j] + missed[i, j + 1]) / 2
        u, chosen, rounds = _optimal_layer(step, goal, i, j, after, guess)
        after[j, i], missed[i, j] = 1 - u, u - plane
        holds[i, j] = _by_turn_total(chosen, i, goal)
        most = max(most, rounds)
        if progress is not None:
            progress(done + 1, layers_count)
    return Solution(rules, layers._frozen(1 - after[:goal, :goal].T), layers._frozen(holds), most, exact)


def evaluate(rules: Jeopardy, first: np.ndarray, second: np.ndarray, exact: bool = False,
             progress: Progress = None) -> Any:
    """The chance that the player of holds ``first`` beats the player of holds ``second``
    when he moves first (each a ``[i, j, k]`` array of holds), as :func:`.layers.evaluate`.

    Both seats of a layer are swept at once, each reading the other's turn
    starts after a hold.

    >>> from epistemic.models.pig import piglet, hold_at
    >>> rules = piglet(2)
    >>> evaluate(rules, hold_at(rules, 1), hold_at(rules, 1), exact=True)
    Fraction(16, 27)
    """
    goal = rules.goal
    step = _Step(rules, exact)
    lowest = step.lowest
    dot, copyto = np.dot, np.copyto
    given = [np.asarray(first, dtype=bool), np.asarray(second, dtype=bool)]
    # after[s][t, j] = 1 - P_s(j, t, 0): seat s's rival's chance once seat s banks t against j
    after = [np.ones((step.width, goal), dtype=step.dtype) for _ in range(2)]
    layers_count = 2 * goal - 1
    for done, total in enumerate(range(2 * goal - 2, -1, -1)):
        i, j = _layer_rows(goal, total)
        n, low = len(i), int(i[0])
        t = np.arange(goal)[:, None]
        k = np.maximum(t - i[None, :], 0)
        policy = np.concatenate([given[s][i[None, :], j[None, :], k] for s in (0, 1)], axis=1)
        held = np.empty((step.width, 2, 2 * n), dtype=step.dtype)
        held[:, 0] = np.concatenate([after[1][:, j], after[0][:, j]], axis=1)
        held[:, 1] = 1
        table = np.ones((step.width, 2, 2 * n), dtype=step.dtype)
        flat = table.reshape(step.width, 4 * n)
        for a, b, c, block in step.blocks(low, goal):
            dot(block, flat[a + lowest:c], out=flat[a:b])                # the roll ...
            copyto(table[a:b], held[a:b], where=policy[a:b, None])       # ... or the hold
        rolls = step.rolls(flat, low, goal).reshape(goal - low, 2, 2 * n)
        rows = np.concatenate([i, i]) - low
        turn = rolls[rows, :, np.arange(2 * n)]                  # [seat row, (A, D)]
        mine, theirs = turn[:n], turn[n:]
        u0 = _pair(mine[:, 0], mine[:, 1], theirs[::-1, 0], theirs[::-1, 1])
        u1 = _pair(theirs[:, 0], theirs[:, 1], mine[::-1, 0], mine[::-1, 1])
        after[0][j, i], after[1][j, i] = 1 - u0, 1 - u1
        if progress is not None:
            progress(done + 1, layers_count)
    return u0[0]  # the last layer is the start alone
