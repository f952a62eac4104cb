"""Three-player Pig's reachable states, and an equilibrium checked on them.

A game starts at ``(0, 0, 0)``, player 1 to move with turn total 0.  Any
play, every roll outcome and every choice of every player, reaches from
there the decisions ``(i, j1, j2, k)`` (the mover's score, the next
player's, the one after's, and the mover's turn total) that
:func:`reachable` finds by a forward search: a step that adds ``g`` goes
from ``k`` to ``k + g`` (a win where the score reaches the goal), a bust
passes the turn with the scores unchanged, a hold at ``k >= 1`` banks
``k``.  In Pig a step adds 2 to 6, so no turn total and no score is ever
1: the orbit where :mod:`.three_orbits` finds no pure equilibrium at goal
62, ``(0, 1, 30)``, ``(1, 30, 0)`` and ``(30, 0, 1)``, has a player on 1
in every state.

:func:`check_reachable` checks a solution on the reachable decisions
alone: whether the policy is pure on each, whether some mover gains by
deviating once (holding where the policy rolls, or rolling where it holds,
then playing on as it says, all valued by the solution's own values), and
whether those values are the policy's.  By the one-shot deviation
principle, that is a subgame perfect equilibrium of the game as it is
played; what the policy does where no game goes does not enter it.

Examples
--------
A 4-sided die to 26: the one orbit without a pure equilibrium, that of
``(1, 3, 8)``, is never reached, and on every reachable decision the
policy is pure and no mover gains by deviating:

>>> from epistemic.models.pig import pig
>>> from epistemic.models.pig.three_orbits import solve
>>> found = solve(pig(26, 4))
>>> [o.states[0] for o in found.mixed]
[(1, 3, 8)]
>>> check = check_reachable(found)
>>> check.starts, check.decisions, check.unreached_scores, check.pure, check.equilibrium
(15625, 173125, (1,), True, True)
"""

from __future__ import annotations

import attrs
import numpy as np

from .rules import Jeopardy, PigError
from .three_orbits import SETTLED, Equilibrium
from .three_pig import rotate, turn

__all__ = ["Reachable", "ReachCheck", "reachable", "check_reachable"]


@attrs.frozen(eq=False)
class Reachable:
    """What some play reaches from the start of a three-player jeopardy race.

    Attributes
    ----------
    rules : Jeopardy
    starts : numpy.ndarray of bool
        ``starts[i, j1, j2]``: whether a turn starts with the mover on
        ``i``, the next player on ``j1`` and the one after on ``j2``.
    totals : numpy.ndarray of bool
        ``totals[k]``: whether a turn reaches the total ``k`` (0 included),
        where the mover's score plus ``k`` is short of the goal.
    """

    rules: Jeopardy
    starts: np.ndarray
    totals: np.ndarray

    def decisions(self, i: int) -> np.ndarray:
        """The reachable decisions of a mover on ``i``: ``[j1, j2, k]``, where he chooses to hold or roll
        (a turn total of 1 or more, short of the goal)."""
        goal = self.rules.goal
        choosing = self.totals.copy()
        choosing[0] = False
        choosing[goal - i:] = False
        return self.starts[i][:, :, None] & choosing

    @property
    def decision_count(self) -> int:
        """How many decisions ``(i, j1, j2, k)`` some play reaches."""
        goal = self.rules.goal
        per_start = [int(self.totals[1:goal - i].sum()) for i in range(goal)]
        return int((self.starts.sum(axis=(1, 2)) * np.array(per_start)).sum())


def reachable(rules: Jeopardy) -> Reachable:
    """The turn starts and turn totals some play reaches from ``(0, 0, 0)``, by a forward search.

    Parameters
    ----------
    rules : Jeopardy
        The game (:func:`~epistemic.models.pig.pig` or any other jeopardy race).

    Any player may bank on his turn any total a turn reaches, or bust and bank
    nothing, so the turn starts reached are all the triples of scores some
    player reaches; the search finds them without assuming it.

    Returns
    -------
    Reachable

    Examples
    --------
    With a 6-sided die to 4, a hold banks 2 or 3 (4 wins), so the scores are 0, 2 and 3:

    >>> from epistemic.models.pig import pig
    >>> found = reachable(pig(4))
    >>> np.flatnonzero(found.totals).tolist(), int(found.starts.sum()), found.decision_count
    ([0, 2, 3], 27, 18)
    """
    if not isinstance(rules, Jeopardy):
        raise PigError(f"the reachable states need a jeopardy game such as pig(20), got {rules!r}")
    goal = rules.goal
    # Within a turn the total only grows: a mover on i reaches k, with i + k short of the goal, through
    # totals below k, all short of it too.  So one search of the totals serves every score.
    totals = np.zeros(goal, bool)
    totals[0] = True
    for k in range(goal):
        if totals[k]:
            for gain, _ in rules.outcomes:
                if k + gain < goal:
                    totals[k + gain] = True
    banked = [k for k in range(1, goal) if totals[k]]
    starts = np.zeros((goal, goal, goal), bool)
    starts[0, 0, 0] = True
    frontier = starts.copy()
    while frontier.any():
        # a turn from (i, j1, j2) passes to (j1, j2, i + banked): a bust banks 0, a hold k < goal - i;
        # seen from the next mover the array's axes are (j1, j2, i)
        passed = frontier.transpose(1, 2, 0)
        following = passed.copy()
        for k in banked:
            following[:, :, k:] |= passed[:, :, :goal - k]
        frontier = following & ~starts
        starts |= frontier
    return Reachable(rules, starts, totals)


@attrs.frozen
class ReachCheck:
    """A solution checked on the decisions some play reaches (:func:`check_reachable`).

    Attributes
    ----------
    starts, all_starts : int
        The turn starts ``(i, j1, j2)`` reached, and all of them (``goal ** 3``).
    decisions, all_decisions : int
        The decisions ``(i, j1, j2, k)`` reached, and all of them.
    unreached_scores : tuple of int
        The scores below the goal that no player ever has.
    mixed : int
        The reached decisions where the policy mixes.
    gain : float
        The most a mover gains, at a reached decision, by deviating once
        and then playing as the policy says (0 where every decision is a
        best reply).
    residual : float
        The largest difference, at a reached turn start, between the
        solution's values and those its policy makes.
    unreached_mixed : tuple of tuple of int
        The decisions ``(i, j1, j2, k)`` where the policy mixes and no play goes.
    """

    starts: int
    all_starts: int
    decisions: int
    all_decisions: int
    unreached_scores: tuple[int, ...]
    mixed: int
    gain: float
    residual: float
    unreached_mixed: tuple[tuple[int, ...], ...]

    @property
    def pure(self) -> bool:
        """Whether the policy is pure at every reached decision."""
        return self.mixed == 0

    @property
    def equilibrium(self) -> bool:
        """Whether the policy is a best reply at every reached decision, to values that are its own (both
        within :data:`~.three_orbits.SETTLED`): a subgame perfect equilibrium of the game from its start."""
        return self.gain <= SETTLED and self.residual <= SETTLED


def check_reachable(found: Equilibrium) -> ReachCheck:
    """Check ``found`` on the decisions some play reaches from the start.

    At each reached decision the mover's margin is his own chance from
    holding less that from rolling on, when every later decision is played
    as ``found`` says and a turn passed on is worth ``found.value``.  If he
    holds with chance ``q``, deviating once gains him ``(1 - q) * margin``
    (holding for sure) or ``-q * margin`` (rolling for sure).

    Parameters
    ----------
    found : Equilibrium
        A solution of :func:`~.three_orbits.solve`.

    Returns
    -------
    ReachCheck
    """
    if not isinstance(found, Equilibrium):
        raise PigError(f"check_reachable takes a solution of three_orbits.solve, got {found!r}")
    rules, value = found.rules, found.value
    goal = rules.goal
    reach = reachable(rules)
    mixing = {flip: q for search in found.mixed for flip, q in zip(search.flips, search.holds) if 0 < q < 1}
    mixed, gain, residual = 0, 0.0, 0.0
    for i in range(goal):  # a mover's score at a time: memory of one slice of the decisions
        j1, j2 = np.nonzero(reach.starts[i])
        if not len(j1):
            continue
        holds = found.holds[i, j1, j2].astype(float)
        for (a, b, c, k), q in mixing.items():
            if a == i and reach.starts[a, b, c]:
                holds[(j1 == b) & (j2 == c), k] = q
        mover = np.full(len(j1), i)
        bust_value = rotate(value[j1, j2, mover])
        played = turn(rules, value, mover, j1, j2, bust_value, holds=holds)
        residual = max(residual, float(np.max(np.abs(played.value(bust_value) - value[i, j1, j2]))))
        choosing = reach.decisions(i)[j1, j2]
        assert played.margins is not None, "the turn is asked for its margins"
        margin, q = played.margins[choosing], holds[choosing]
        mixed += int(np.count_nonzero((q > 0) & (q < 1)))
        if margin.size:
            gain = max(gain, float(np.max(np.maximum((1 - q) * margin, -q * margin))))
    seen = reach.starts.any(axis=(1, 2)) | reach.starts.any(axis=(0, 2)) | reach.starts.any(axis=(0, 1))
    unreached_mixed = tuple(sorted(flip for flip in mixing
                                   if not (reach.starts[flip[:3]] and reach.totals[flip[3]])))
    return ReachCheck(int(reach.starts.sum()), goal ** 3, reach.decision_count, goal ** 3 * (goal - 1) // 2,
                      tuple(int(s) for s in np.flatnonzero(~seen)), mixed, gain, residual, unreached_mixed)
