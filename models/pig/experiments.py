"""Three-player Piglet's experiments for ``epistemic experiment`` (seed ``004``).

:func:`piglet_three` is one cell of goal × probability of a head: the pure
equilibria at the start, whether some state within the goal has several
(or none), each player's expected gain under the paper's 1W2L rewards and,
from it, his chance to win.  :func:`figure5_crossing` is one ``p`` of the
paper's Figure 5: player 1's gain for each of its goals, and the gaps
between the curves, so that a sweep over a fine grid of ``p`` can look
for the crossing the paper reports.  Both solve with the model's
:class:`~.three.ThreePiglet` (floats), the second through
:func:`~.three_variants.gains_by_head_probability`, which draws Figure 5.

Examples
--------
>>> cell = piglet_three(1, 0.5)
>>> [round(cell[f"win_{k}"], 4) for k in (1, 2, 3)]      # 4/7, 2/7, 1/7
[0.5714, 0.2857, 0.1429]
"""

from __future__ import annotations

from itertools import pairwise
from typing import Any

from epistemic.experiments import Experiment, Parameter

from .three import ONE_WINNER, PigletError, Rewards, ThreePiglet
from .three_variants import FIGURE_5_GOALS, gains_by_head_probability

__all__ = ["EXPERIMENTS", "piglet_three", "figure5_crossing", "win_probability", "MAX_CELL_GOAL", "LEAST_P"]

#: The largest goal of a cell: the states within goal ``G`` evaluate ``(G (G + 1) / 2) ** 3`` triples of
#: hold values, and goal 24 takes about 8 s on one core (20: 3.5 s, 25: 11 s, 30: 18 s).
MAX_CELL_GOAL = 24
#: The least probability of a head a cell takes: the model takes any ``p`` in (0, 1], and a bound
#: from below keeps a grid of ``p`` off the powers ``p ** goal`` that no float tells from 0.
LEAST_P = 0.001


def win_probability(gain: Any, rewards: Rewards = ONE_WINNER) -> Any:
    """A player's chance to win, from his expected gain under one-winner rewards.

    With ``w`` to the winner and ``l`` to each loser (1W2L: +2 and -1), a
    player who wins with probability ``P`` gains ``w P + l (1 - P)``, so
    ``P = (gain - l) / (w - l)``: ``(gain + 1) / 3`` under 1W2L.  ``None``
    for an undetermined gain.

    >>> from fractions import Fraction
    >>> win_probability(Fraction(5, 7))          # goal 1's mover: 4/7
    Fraction(4, 7)
    >>> win_probability(0.5, Rewards.full_ranking(3, 1, 2))
    Traceback (most recent call last):
    ...
    epistemic.models.pig.three.PigletError: a chance to win follows from the gain only under one-winner rewards
    """
    win, lose = rewards.winner, rewards.second
    if rewards.continues or rewards.tie_winner != win or not rewards.third == rewards.tie_loser == lose:
        # ranked losers, or a tie paid otherwise, make a gain a mix of several chances
        raise PigletError("a chance to win follows from the gain only under one-winner rewards")
    return None if gain is None else (gain - lose) / (win - lose)


def piglet_three(goal: int, p: float) -> dict:
    """One cell of three-player Piglet: the start ``(goal, goal, goal)`` at head probability ``p``.

    Returns
    -------
    dict
        ``equilibria``: the pure equilibria of the start's stage game;
        ``hold_1`` to ``hold_3``: the hold values played there (the first
        equilibrium; ``None`` where there is none);
        ``states``: the states within the goal, ``several``, ``none`` and
        ``differing`` those with several equilibria, with none, and with
        equilibria of different gains (:meth:`~.three.ThreePiglet.multiple`
        lists the first two); ``unique``: no state with differing gains or
        none, so the start's gains are the game's (Figure 5 draws no gap);
        ``gain_1`` to ``gain_3``: each player's expected gain at the start
        under 1W2L; ``win_1`` to ``win_3``: his chance to win
        (:func:`win_probability`).  Gains and chances are ``None`` where
        some state the start rests on has no pure equilibrium.

    Examples
    --------
    >>> cell = piglet_three(2, 0.5)
    >>> [round(cell[f"gain_{k}"], 3) for k in (1, 2, 3)], cell["equilibria"], cell["unique"]
    ([0.297, -0.027, -0.27], 1, True)
    """
    game = ThreePiglet(float(p))
    start = game.solve_goal(goal)
    states = list(game.states(goal))
    gains = start.gains or (None, None, None)
    holds = start.holds or (None, None, None)
    record: dict[str, Any] = {"equilibria": len(start.equilibria)}
    record.update({f"hold_{k}": holds[k - 1] for k in (1, 2, 3)})
    record.update(states=len(states), several=sum(len(s.equilibria) > 1 for s in states),
                  none=sum(not s.equilibria for s in states),
                  differing=sum(len(s.distinct_gains) > 1 for s in states),
                  unique=all(len(s.distinct_gains) == 1 for s in states))
    record.update({f"gain_{k}": gains[k - 1] for k in (1, 2, 3)})
    record.update({f"win_{k}": win_probability(gains[k - 1]) for k in (1, 2, 3)})
    return record


def figure5_crossing(p: float) -> dict:
    """One ``p`` of Figure 5: player 1's gain at the start for each of its goals, and the gaps.

    The paper's curves are player 1's expected gain against ``p``, one per
    goal in :data:`~.three_variants.FIGURE_5_GOALS` (1, 3, 5, 10), the top
    one for goal 1.  Two curves cross where the gap between them changes
    sign; as the gains fall with the goal wherever they are ordered, the
    curves next to one another cross first.

    Returns
    -------
    dict
        ``gain_goal_G`` and ``unique_goal_G`` for each goal ``G``
        (:func:`~.three_variants.gains_by_head_probability`: ``unique`` is
        false where the figure has a gap); ``gap_G_H`` for goals ``G < H``
        next to one another, ``gain_goal_G - gain_goal_H``, negative where
        the curves are out of the figure's order; ``closest`` the least of
        the gaps, ``closest_pair`` its goals as ``"G-H"``, and ``ordered``
        whether every gap is positive.  A gain the model leaves
        undetermined is ``None``, and so is every gap it is part of, and
        ``ordered``.

    Examples
    --------
    >>> cell = figure5_crossing(0.5)
    >>> round(cell["gain_goal_1"], 4), round(cell["gain_goal_10"], 4), cell["closest_pair"], cell["ordered"]
    (0.7143, 0.0707, '3-5', True)
    """
    curves = gains_by_head_probability([p], FIGURE_5_GOALS)
    record: dict[str, Any] = {}
    gain = {}
    for goal, ((_, value, unique),) in curves:
        gain[goal] = value
        record[f"gain_goal_{goal}"], record[f"unique_goal_{goal}"] = value, unique
    gaps = {}
    for upper, lower in pairwise(FIGURE_5_GOALS):
        known = gain[upper] is not None and gain[lower] is not None
        gaps[f"{upper}-{lower}"] = record[f"gap_{upper}_{lower}"] = gain[upper] - gain[lower] if known else None
    measured = {pair: gap for pair, gap in gaps.items() if gap is not None}
    pair = min(measured, key=measured.__getitem__, default=None)
    # an undetermined gap leaves the order unknown, not broken: a crossing is a negative gap
    ordered = all(gap > 0 for gap in measured.values()) if len(measured) == len(gaps) else None
    record.update(closest=None if pair is None else measured[pair], closest_pair=pair, ordered=ordered)
    return record


_P = Parameter("p", float, f"the probability of a head, in (0, 1] (from {LEAST_P})", low=LEAST_P, high=1.0)

#: Three-player Piglet's experiments (docs/adding-a-model.md).
EXPERIMENTS = (
    Experiment("piglet_three", piglet_three,
               "three-player Piglet at goal x p: pure equilibria at the start and within the goal, each "
               "player's 1W2L gain and chance to win; a cell takes up to ~8 s at goal 24",
               (Parameter("goal", int, "the points each player needs (goal 24: ~8 s a cell)", low=1,
                          high=MAX_CELL_GOAL), _P)),
    Experiment("figure5_crossing", figure5_crossing,
               "Figure 5 at one p: player 1's gain for goals 1, 3, 5, 10 and the gaps between the curves; "
               "~1 s a cell", (_P,)),
)
