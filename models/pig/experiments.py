"""Three-player Piglet's experiments for ``epistemic experiment`` (seed ``004``).

:func:`piglet_three` is one cell of goal × probability of a head: the pure
equilibria at the start, whether some state within the goal has several
(or none), each player's expected gain under the paper's 1W2L rewards and,
from it, his chance to win.  :func:`figure5_crossing` is one ``p`` of the
paper's Figure 5: player 1's gain for each of its goals, and the gaps
between the curves, so that a sweep over a fine grid of ``p`` can look
for the crossing the paper reports.  :func:`three_pig_dynamics` is one run
of three-player Pig's value iteration as the paper varies it (separate
policies, randomized updates, a discount, regret minimization), with the
decisions that keep changing.  The first two solve with the model's
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

import attrs

from epistemic.experiments import Experiment, Parameter, SpecError

from .rules import PigError, pig
from .three import ONE_WINNER, PigletError, Rewards, ThreePiglet
from .three_dynamics import Dynamics, describe_flippers, describe_mixed, run_dynamics
from .three_pig import MAX_BYTES, check_work, memory_needed
from .three_variants import FIGURE_5_GOALS, gains_by_head_probability

__all__ = ["EXPERIMENTS", "piglet_three", "figure5_crossing", "three_pig_dynamics", "win_probability", "VARIANTS",
           "dynamics_fits", "MAX_CELL_GOAL", "LEAST_P", "FLIPPERS_SHOWN", "DYNAMICS_SWEEPS",
           "MAX_DYNAMICS_SWEEPS"]

#: The largest goal of a cell: the states within goal ``G`` are solved score sum by score sum
#: (:mod:`~.three_sums`), and goal 24 takes about 0.5 s of one core's time (30: 1.2 s; ``benchmarks/pig_three.py``).
MAX_CELL_GOAL = 24
#: The seed's runs of three-player Pig's value iteration (section "Three-Player Pig"), by the name of
#: each paragraph: its in-place updates (score sum by score sum, or state by state in the plain order),
#: separate policies, randomized updates of those, and regret minimization; and all states at once
#: (Jacobi).  A discount is a parameter of its own.
VARIANTS = {"jacobi": Dynamics(order="jacobi"), "in_place": Dynamics(order="in_place"),
            "by_state": Dynamics(order="by_state"),
            "separate": Dynamics(separate=True, order="in_place"),
            "randomized": Dynamics(separate=True, order="random"),
            "regret": Dynamics(order="in_place", regret=True)}
#: The states listed in a dynamics cell's ``flippers``.
FLIPPERS_SHOWN = 10
#: A dynamics cell's default sweep limit: the seed's goal 62 cycles from about sweep 95 in place.
DYNAMICS_SWEEPS = 200
#: The largest sweep limit a cell takes; states times sweeps are bounded again by goal, before any work.
MAX_DYNAMICS_SWEEPS = 100_000
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
    epistemic.models.pig.three_values.PigletError: a chance to win follows from the gain only under one-winner rewards
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


def three_pig_dynamics(goal: int, variant: str, seed: int, sides: int = 6, discount: float = 1.0,
                       max_sweeps: int = DYNAMICS_SWEEPS) -> dict:
    """One run of three-player Pig's value iteration, varied as the seed's ``variant`` says.

    Parameters
    ----------
    goal, sides : int
        Pig to ``goal`` with a die of ``sides`` faces (a 1 busts).
    variant : str
        A key of :data:`VARIANTS`.
    seed : int
        The random order's seed (``randomized``); the other variants draw nothing.
    discount : float
        Bellman's discount on every roll and hold, in (0, 1].
    max_sweeps : int
        The sweep limit.

    Returns
    -------
    dict
        ``converged``, ``sweeps`` and ``last_change`` (the last sweep's
        largest change); ``period`` and ``cycle_from`` where a policy cycle
        was confirmed, and ``cycle_decisions``, how many decisions flip in
        it; ``window``, the sweeps tallied (a cycle's, or the last
        :data:`~.three_dynamics.WINDOW`), ``flipping_states``, the states
        ``(i, j1, j2)`` (of each player, with separate policies) whose
        decisions changed in them, ``flips``, how many changes, and
        ``flippers``, the first :data:`FLIPPERS_SHOWN` of those states with
        the turn totals that changed and how often, most first;
        ``complete``, whether every tallied sweep's changes are listed;
        with regret matching ``mixed_decisions``, how many decisions hold
        with a chance more than :data:`~.three_dynamics.MIXED` from 0 and
        1, and ``mixed``, the first :data:`FLIPPERS_SHOWN` of them with
        their chances, nearest to 1/2 first (both ``None`` otherwise);
        ``win_1`` to ``win_3``: the players' chances from the start.

    Examples
    --------
    >>> cell = three_pig_dynamics(14, "jacobi", 0, sides=3)
    >>> cell["period"], cell["flippers"], round(cell["win_1"], 4)
    (2, '(0, 0, 0) k 5 x5', 0.3807)
    """
    dynamics = attrs.evolve(VARIANTS[variant], discount=discount, seed=seed)
    run = run_dynamics(pig(goal, sides), dynamics, max_sweeps=max_sweeps)
    found, cycle = run.found, run.found.cycle
    record: dict[str, Any] = {"converged": found.converged, "sweeps": found.sweeps,
                              "last_change": found.changes[-1] if found.changes else None,
                              "period": cycle.period if cycle else None, "cycle_from": cycle.first if cycle else None,
                              "cycle_decisions": len(cycle.flips) if cycle else None,
                              "window": run.window, "flipping_states": len(run.flippers),
                              "flips": sum(f.flips for f in run.flippers),
                              "flippers": describe_flippers(run, FLIPPERS_SHOWN), "complete": run.complete,
                              "mixed_decisions": len(run.mixed()) if dynamics.regret else None,
                              "mixed": describe_mixed(run, FLIPPERS_SHOWN) if dynamics.regret else None}
    record.update({f"win_{k}": float(run.start[k - 1]) for k in (1, 2, 3)})
    return record


def dynamics_fits(parameters: dict[str, Any]) -> None:
    """Refuse, before any cluster starts, a dynamics cell whose states times sweeps or memory
    exceed :func:`~.three_dynamics.run_dynamics`'s limits (:class:`SpecError`, one line).

    >>> dynamics_fits({"goal": 66, "variant": "separate", "sides": 6, "discount": 1.0, "max_sweeps": 200})
    Traceback (most recent call last):
    ...
    epistemic.experiments.declare.SpecError: variant separate: three-player value iteration on Pig to 66 ...
    """
    dynamics, rules = VARIANTS[parameters["variant"]], pig(parameters["goal"], parameters["sides"])
    try:
        check_work(rules, parameters["max_sweeps"], dynamics.seats)
    except PigError as fault:
        raise SpecError(f"variant {parameters['variant']}: {fault}") from None
    needed = memory_needed(rules, dynamics.seats, dynamics.regret)
    if needed > MAX_BYTES:
        raise SpecError(f"variant {parameters['variant']} at goal {rules.goal} needs about {needed / 2 ** 30:.1f} GiB, "
                        f"more than the {MAX_BYTES / 2 ** 30:.0f} GiB allowed")


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
    Experiment("three_pig_dynamics", three_pig_dynamics,
               "three-player Pig's value iteration varied as the paper varies it: whether it settles, the policy "
               "cycle, and the states whose decisions keep changing; goal 62 takes 3 to 20 minutes a cell",
               (Parameter("goal", int, "the points to win (62: the paper's)", low=2, high=66),
                Parameter("variant", str, "jacobi, in_place (score sum by score sum), by_state (one state at a time "
                          "in the plain order: the paper's first run, in place), separate (one policy each), "
                          "randomized (separate, in random order), regret (regret matching)",
                          choices=tuple(VARIANTS)),
                Parameter("sides", int, "the die's faces", default=6, low=2, high=12),
                Parameter("discount", float, "Bellman's discount on each roll and hold", default=1.0, low=0.01,
                          high=1.0),
                Parameter("max_sweeps", int, "the sweep limit (states times sweeps at most 10^10)",
                          default=DYNAMICS_SWEEPS, low=1, high=MAX_DYNAMICS_SWEEPS)),
               seeded=True, fits=dynamics_fits),
)
