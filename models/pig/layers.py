"""Two-player jeopardy games solved layer by layer, in order of the score sum.

A state is ``(i, j, k)``: the mover's score, the rival's score and the
mover's turn total (scores counted up from 0, as Neller and Presser write
them).  Rolling on leads to a larger turn total, holding with ``k >= 1`` to
a larger score sum; only a bust links ``(i, j, k)`` to a state of the same
sum, the rival's turn start ``(j, i, 0)``.  So the states whose scores sum
to ``s`` depend, beyond themselves, only on sums above ``s``, and within
the layer the one cycle is between ``P(i, j, 0)`` and ``P(j, i, 0)``.

For a fixed hold policy each turn-start value is affine in the other's,
``P(i, j, 0) = A + B (1 - P(j, i, 0))``, so the pair is a 2x2 linear
system, solved exactly.  The optimal policy is found by policy iteration
within the layer: solve the pair for the current policy, let each mover
choose his best move against the values found, repeat until no choice
changes (a few rounds).  The turn-total recursion runs over ``k``, all
pairs of a layer at once, on numpy arrays of floats, or of
:class:`~fractions.Fraction` for exact values (small goals).

Examples
--------
>>> from epistemic.models.pig import piglet
>>> solved = solve(piglet(2), exact=True)
>>> solved.win_probability
Fraction(4, 7)
>>> solved.hold_values().tolist()
[[2, 2], [1, 1]]
"""

from __future__ import annotations

from collections.abc import Callable
from fractions import Fraction
from typing import Any

import attrs
import numpy as np

from .rules import Jeopardy, PigError

__all__ = ["Solution", "solve", "evaluate", "hold_at", "turn_start_sweep", "MAX_EXACT_GOAL", "TOLERANCE"]

#: The largest goal solved in exact fractions (their digits grow fast).
MAX_EXACT_GOAL = 40
#: How much better, in floats, holding must be than rolling to be chosen:
#: rounding must not make a tie flip the policy back and forth.
TOLERANCE = 1e-12
#: The rounds of simultaneous policy iteration in one layer before the slower, sure method.
SIMULTANEOUS = 12
#: The most rounds of policy iteration in one layer before giving up.
MAX_ROUNDS = 1000

Progress = Callable[..., None] | None


@attrs.frozen(eq=False)
class Solution:
    """The optimal play of a two-player jeopardy game.

    Attributes
    ----------
    rules : Jeopardy
    values : numpy.ndarray
        ``values[i, j]``: the mover's chance to win at the start of his turn
        with score ``i`` against ``j`` (floats, or Fractions if ``exact``).
    holds : numpy.ndarray of bool
        ``holds[i, j, k]``: whether the mover holds at turn total ``k``.
    rounds : int
        The most rounds of policy iteration one layer took.
    """

    rules: Jeopardy
    values: np.ndarray
    holds: np.ndarray
    rounds: int
    exact: bool

    @property
    def win_probability(self) -> Any:
        """The first player's chance to win from the start, both playing optimally."""
        return self.values[0, 0]

    def hold_values(self) -> np.ndarray:
        """``[i, j]``: the smallest turn total at which the mover holds (at most ``goal - i``,
        where holding wins)."""
        goal = self.rules.goal
        reach = goal - np.arange(goal)[:, None, None]
        k = np.arange(goal)[None, None, :]
        holding = self.holds & (k >= 1) | (k >= reach)
        return np.where(holding.any(axis=2), holding.argmax(axis=2), np.broadcast_to(reach[:, :, 0], holding.shape[:2]))


def _numbers(rules: Jeopardy, exact: bool) -> tuple[Any, list[tuple[int, Any]], Any, float]:
    """The bust chance, the outcomes, the array type and the tolerance, in exact or float numbers."""
    if exact:
        return rules.bust, list(rules.outcomes), object, 0
    return float(rules.bust), [(g, float(c)) for g, c in rules.outcomes], float, TOLERANCE


def turn_start_sweep(rules: Jeopardy, rows: np.ndarray, values: np.ndarray, y: np.ndarray,
                     fixed: np.ndarray | None = None, exact: bool = False, free: np.ndarray | None = None
                     ) -> tuple[np.ndarray, np.ndarray, np.ndarray]:
    """One pass of the turn-total recursion for the states ``rows`` (pairs ``(i, j)``).

    ``values[j, i']`` gives the rival's turn-start values after a hold (only
    larger score sums are read), ``y`` for each row the chance to win after
    a bust, ``1 - P(j, i, 0)``.  With ``fixed`` (``[row, k]`` bool) the holds
    are given, else the mover holds where that beats rolling against ``y``.
    Returns ``A``, ``B`` with ``P(i, j, 0) = A + B y`` for the policy used,
    and the holds ``[row, k]``.
    """
    goal = rules.goal
    bust, outcomes, dtype, tolerance = _numbers(rules, exact)
    n = len(rows)
    i, j = rows[:, 0], rows[:, 1]
    width = goal + rules.largest_gain
    k = np.arange(width)
    total = i[:, None] + k[None, :]
    won = total >= goal  # holding there reaches the goal
    after = np.where(won, 0, values[j[:, None], np.minimum(total, goal - 1)])
    hold_value = np.where(won, 1, 1 - after).astype(dtype)
    # by turn total first, A and B side by side: a roll sums both in one pass over the outcomes
    ab = np.empty((width, 2, n), dtype=dtype)
    ab[:, 0], ab[:, 1] = 1, 0
    hold_value, won = hold_value.T.copy(), won.T.copy()
    holds = np.zeros((n, goal), dtype=bool)
    y = np.asarray(y, dtype=dtype)
    top = goal - int(i.min()) if n else 0
    # every outcome's share of the roll in one product, summed in the outcomes' order
    # (a reduction over the first axis adds them one after another, as a loop would)
    gains = [gain for gain, _ in outcomes]
    chances = np.array([chance for _, chance in outcomes], dtype=dtype)[:, None, None]
    # a die's gains follow one another: a slice of ``ab`` is read where an index would copy
    step = gains[1] - gains[0] if len(gains) > 1 else 1
    spaced = step > 0 and gains == list(range(gains[0], gains[-1] + 1, step))
    picks = np.array(gains)
    for t in range(top - 1, -1, -1):
        rolled = np.add.reduce(chances * (ab[t + gains[0]:t + gains[-1] + 1:step] if spaced else ab[t + picks]), axis=0)
        roll_a, roll_b = rolled[0], bust + rolled[1]
        if t == 0:
            hold = np.zeros(n, dtype=bool)
        elif fixed is None:
            hold = hold_value[t] > roll_a + roll_b * y + tolerance
        elif free is None:
            hold = fixed[:, t]
        else:  # a free mover changes his choice only for a clear gain: near-ties must not flip back and forth
            roll = roll_a + roll_b * y
            improved = np.where(fixed[:, t], ~(roll > hold_value[t] + tolerance), hold_value[t] > roll + tolerance)
            hold = np.where(free, improved, fixed[:, t])
        done = won[t]
        holds[:, t] = hold | done
        ab[t, 0] = np.where(done, 1, np.where(hold, hold_value[t], roll_a))
        ab[t, 1] = np.where(done | hold, 0, roll_b)
    return ab[0, 0], ab[0, 1], holds


def _pairs(goal: int, total: int) -> np.ndarray:
    low, high = max(0, total - goal + 1), min(total, goal - 1)
    i = np.arange(low, high + 1)
    return np.stack([i, total - i], axis=1)


def _pair_values(swept: list[tuple[np.ndarray, np.ndarray, np.ndarray]]) -> list[np.ndarray]:
    """Each seat's turn-start values from the affine forms of a layer: the 2x2 system
    ``u = A + B (1 - u')``, ``u' = A' + B' (1 - u)`` of each row and its partner,
    row ``n - 1 - r`` of the other seat (a bust hands the turn to the reversed pair)."""
    seats = len(swept)
    values = []
    for s in range(seats):
        a, b, _ = swept[s]
        other = swept[1 - s if seats == 2 else s]
        a2, b2 = other[0][::-1], other[1][::-1]
        values.append((a + b - b * a2 - b * b2) / (1 - b * b2))
    return values


def _after_bust(u: list[np.ndarray]) -> list[np.ndarray]:
    seats = len(u)
    return [1 - u[1 - s if seats == 2 else s][::-1] for s in range(seats)]


def _optimal_layer(rules: Jeopardy, rows: np.ndarray, values: np.ndarray, exact: bool
                   ) -> tuple[np.ndarray, np.ndarray, int]:
    """The values and holds of one layer under optimal play, and the rounds it took.

    Both movers improve at once (usually settled in a few rounds); should that
    cycle, as simultaneous improvement can in a zero-sum game, the rows of the
    mover who is behind improve only against the other's best response, found
    by his own policy iteration (Hoffman and Karp 1966), which always ends.
    """
    def sweep(y: np.ndarray, fixed: np.ndarray | None = None, free: np.ndarray | None = None):
        return turn_start_sweep(rules, rows, values, y, fixed, exact, free)

    y = np.full(len(rows), Fraction(1, 2) if exact else 0.5, dtype=object if exact else float)
    holds: np.ndarray | None = None
    u = y
    rounds = 0
    everyone = np.ones(len(rows), dtype=bool)
    for _ in range(SIMULTANEOUS):
        swept = sweep(y) if holds is None else sweep(y, holds, everyone)
        if holds is not None and np.array_equal(swept[2], holds):
            return u, holds, rounds
        holds, rounds = swept[2], rounds + 1
        [u] = _pair_values([swept])
        [y] = _after_bust([u])
    assert holds is not None
    behind = rows[:, 0] < rows[:, 1]
    while rounds < MAX_ROUNDS:
        while rounds < MAX_ROUNDS:  # the best response of the movers ahead (and level), to the last rounding
            swept = sweep(y, holds, ~behind)
            if np.array_equal(swept[2], holds):
                break
            holds, rounds = swept[2], rounds + 1
            [u] = _pair_values([swept])
            [y] = _after_bust([u])
        swept = sweep(y, holds, behind)  # one improvement of the movers behind
        if np.array_equal(swept[2], holds):
            return u, holds, rounds
        holds, rounds = swept[2], rounds + 1
        [u] = _pair_values([swept])
        [y] = _after_bust([u])
    raise PigError(f"the policy did not settle in {MAX_ROUNDS} rounds")


def _layers(rules: Jeopardy, fixed: list[np.ndarray | None], exact: bool, progress: Progress
            ) -> tuple[list[np.ndarray], list[np.ndarray], int]:
    """Turn-start values and holds for one grid per seat (one grid where both seats play optimally
    and alike), layer by layer from the largest score sum down."""
    goal = rules.goal
    dtype = object if exact else float
    seats = len(fixed)
    values = [np.zeros((goal, goal), dtype=dtype) for _ in range(seats)]
    holds = [np.ones((goal, goal, goal), dtype=bool) for _ in range(seats)]
    most_rounds = 0
    layers = 2 * goal - 1
    for done, total in enumerate(range(2 * goal - 2, -1, -1)):
        rows = _pairs(goal, total)
        i, j = rows[:, 0], rows[:, 1]
        if seats == 1 and fixed[0] is None:
            u, chosen, rounds = _optimal_layer(rules, rows, values[0], exact)
            values[0][i, j], holds[0][i, j] = u, chosen
            most_rounds = max(most_rounds, rounds)
        else:
            y = [np.full(len(rows), 0, dtype=dtype) for _ in range(seats)]  # unread: the holds are given
            swept = [turn_start_sweep(rules, rows, values[1 - s if seats == 2 else s], y[s],
                                      None if given is None else given[i, j], exact)
                     for s, given in enumerate(fixed)]
            for s, u in enumerate(_pair_values(swept)):
                values[s][i, j], holds[s][i, j] = u, swept[s][2]
        if progress is not None:
            progress(done + 1, layers)
    return values, holds, most_rounds


def solve(rules: Jeopardy, exact: bool = False, progress: Progress = None) -> Solution:
    """The optimal play of ``rules`` for two players, layer by layer.

    Parameters
    ----------
    rules : Jeopardy
    exact : bool
        Compute in :class:`~fractions.Fraction` (goals up to :data:`MAX_EXACT_GOAL`).
    progress : callable, optional
        ``progress(done, total)`` after each layer.

    Examples
    --------
    >>> from epistemic.models.pig import pig
    >>> round(float(solve(pig(20)).win_probability), 6)
    0.615559
    """
    if exact and rules.goal > MAX_EXACT_GOAL:
        raise PigError(f"exact values are computed for goals up to {MAX_EXACT_GOAL}, got {rules.goal}")
    values, holds, rounds = _layers(rules, [None], exact, progress)
    return Solution(rules, _frozen(values[0]), _frozen(holds[0]), rounds, exact)


def hold_at(rules: Jeopardy, total: int) -> np.ndarray:
    """The holds ``[i, j, k]`` of the rule "hold at ``total``" (or on reaching the goal).

    >>> from epistemic.models.pig import piglet
    >>> hold_at(piglet(3), 2)[0, 0].tolist()
    [False, False, True]
    """
    goal = rules.goal
    k = np.arange(goal)
    return np.broadcast_to(k >= total, (goal, goal, goal)) | (np.arange(goal)[:, None, None] + k >= goal)


def evaluate(rules: Jeopardy, first: np.ndarray, second: np.ndarray, exact: bool = False,
             progress: Progress = None) -> Any:
    """The chance that the player of holds ``first`` beats the player of holds ``second``
    when he moves first (each a ``[i, j, k]`` array of holds).

    >>> from epistemic.models.pig import piglet
    >>> rules = piglet(2)
    >>> evaluate(rules, hold_at(rules, 1), hold_at(rules, 1), exact=True)
    Fraction(16, 27)
    """
    values, _, _ = _layers(rules, [np.asarray(first), np.asarray(second)], exact, progress)
    return values[0][0, 0]


def _frozen(array: np.ndarray) -> np.ndarray:
    array.flags.writeable = False
    return array
