"""The seed ``004``'s figures of three-player Piglet, drawn as line charts.

Figure 3 is each player's expected gain at the start against the goal,
Figure 4 player 1's gain with and without a coalition of players 2 and 3,
Figure 5 player 1's gain against the probability of a head, one curve a
goal, left out where the equilibria's gains differ or there is none.  The
gains are floats (the figures reach goals past :data:`~.three.MAX_EXACT_GOAL`).

Examples
--------
>>> plot = figure("gains", 3, 0.5)
>>> [(s.name, [round(y, 3) for _, y in s.points]) for s in plot.drawing.series]
[('player 1', [0.714, 0.297, 0.136]), ('player 2', [-0.143, -0.027, -0.006]), ('player 3', [-0.571, -0.27, -0.13])]
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from typing import Any

from epistemic.visualize import Plot, line_chart

from .three import MAX_GOAL, PigletError, ThreePiglet, expected_gains
from .three_variants import FIGURE_5_GOALS, coalition_gains, gains_by_head_probability

__all__ = ["FIGURES", "HEAD_GRID", "MAX_BIAS_GOAL", "figure", "gains_figure", "coalition_figure", "bias_figure"]

#: The figures, by the name ``--figure`` takes.
FIGURES = ("gains", "coalition", "bias")
#: Figure 5's probabilities of a head: hundredths, fine enough for the dip at
#: goal 10 (0.45 beats 0.5) and for the gaps, most of them one hundredth wide.
HEAD_GRID = tuple(n / 100 for n in range(1, 100))
#: The largest goal of Figure 5: each probability solves the game anew (about
#: half a second at goal 15).
MAX_BIAS_GOAL = 15

Progress = Callable[..., None] | None
_GAIN = "expected gain at the start"


def _heads(p: Any) -> str:
    return f"{float(p):g}"


def gains_figure(gains: Sequence[tuple[int, Any]], p: Any) -> Plot:
    """Figure 3: each player's gain at the start against the goal, from
    :func:`~.three.expected_gains`; a goal whose gains are undetermined is a gap."""
    series = [(f"player {n + 1}", [(goal, None if g is None else g[n]) for goal, g in gains]) for n in range(3)]
    return line_chart(series, x_label="goal score", y_label=_GAIN, zero_line=True, markers=True,
                      title=f"Three-player Piglet: expected gains (heads {_heads(p)}, +2 / -1 / -1)")


def coalition_figure(gains: Sequence[tuple[int, Any, Any]], p: Any) -> Plot:
    """Figure 4: player 1's gain at the start, played independently and
    against the coalition of players 2 and 3, from :func:`~.three_variants.coalition_gains`.

    The coalition moves the gains by about a thousandth, too little to see
    beside the gains themselves: a lower panel draws each player's change.
    """
    def change(n: int) -> list[tuple[int, Any]]:
        return [(goal, None if a is None else c[n] - a[n]) for goal, a, c in gains]
    series = [("player 1, playing independently", [(goal, None if a is None else a[0]) for goal, a, _ in gains]),
              ("player 1 against the coalition", [(goal, c[0]) for goal, _, c in gains])]
    below = [(f"change of player {n + 1}'s gain", change(n)) for n in range(3)]
    return line_chart(series, x_label="goal score", y_label="player 1's expected gain", markers=True, below=below,
                      below_label="coalition − alone",
                      title=f"Three-player Piglet: players 2 and 3 against player 1 (heads {_heads(p)})")


def bias_figure(curves: Sequence[tuple[int, Sequence[tuple[float, Any, bool]]]]) -> Plot:
    """Figure 5: player 1's gain against the probability of a head, one curve a
    goal, from :func:`~.three_variants.gains_by_head_probability`; the curve
    breaks wherever the gain is not ``unique`` (equilibria with different gains,
    or none)."""
    series = [(f"goal {goal}", [(p, gain if unique else None) for p, gain, unique in rows]) for goal, rows in curves]
    return line_chart(series, x_label="probability of a head", y_label=f"player 1's {_GAIN}", zero_line=True,
                      title="Three-player Piglet with a biased coin (gaps: no unique equilibrium gain)")


def bias_goals(goal: int) -> tuple[int, ...]:
    """The goals of Figure 5 drawn for ``goal``: the paper's up to it, and it.

    >>> bias_goals(10), bias_goals(4), bias_goals(12)
    ((1, 3, 5, 10), (1, 3, 4), (1, 3, 5, 10, 12))
    """
    if not 1 <= goal <= MAX_BIAS_GOAL:
        raise PigletError(f"the biased-coin figure is drawn for goals 1 to {MAX_BIAS_GOAL}, got {goal}")
    return tuple(sorted({g for g in FIGURE_5_GOALS if g <= goal} | {goal}))


def figure(name: str, goal: int, p: Any, *, solved: ThreePiglet | None = None, heads: Sequence[float] = HEAD_GRID,
           progress: Progress = None) -> Plot:
    """The figure ``name`` (one of :data:`FIGURES`) for goals up to ``goal`` at the
    probability of a head ``p`` (Figure 5 draws ``heads`` instead).

    ``solved``, a float game at ``p`` already solved to ``goal``, spares
    Figure 3 solving it again.  ``progress`` is called as the work goes on.
    """
    if name not in FIGURES:
        raise PigletError(f"the figures are {', '.join(FIGURES)}, not {name!r}")
    if name == "bias":
        return bias_figure(gains_by_head_probability(heads, bias_goals(goal), progress=progress))
    if not 1 <= goal <= MAX_GOAL:
        raise PigletError(f"the figures are drawn for goals 1 to {MAX_GOAL}, got {goal}")
    if name == "gains":
        if solved is not None and (solved.exact or solved.p != float(p)):
            raise PigletError(f"Figure 3 reuses a float game at p = {float(p)}, got one at p = {solved.p}")
        data = solved.start_gains(goal) if solved is not None else expected_gains(goal, float(p), progress=progress)
        return gains_figure(data, p)
    return coalition_figure(coalition_gains(goal, float(p), progress=progress), p)
