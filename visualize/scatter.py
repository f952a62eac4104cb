"""Outcome scatters: the score pairs of a two-player game's outcomes, with
those one player can reach against the other's strategy, and one outcome
marked (Levine and Stange, Figure 1).
"""

from __future__ import annotations

from collections.abc import Iterable, Sequence
from numbers import Rational
from typing import Any

import attrs

from .errors import PictureError
from .plot import Plot
from .points import counted, items_of, number_pair, number_text, optional_title, two_players

__all__ = ["MAX_OUTCOME_POINTS", "Scatter", "outcome_scatter"]

#: The most distinct score pairs an outcome scatter shows.
MAX_OUTCOME_POINTS = 10_000

_SIZE = (6.4, 6.6)  # inches
_DARK = "#3a3a3a"
_LIGHT = "#7fc4f0"
_MARK = "#e41a1c"
_STEPS = (1, 2, 2.5, 5, 10)  # the tick steps of matplotlib's default locator


@attrs.frozen
class Scatter:
    """What an outcome scatter shows; :class:`Plot` draws it.

    Built by :func:`outcome_scatter`.  ``others`` are the outcomes not in
    ``reachable``, which are drawn over them; ``crossout`` is drawn last.
    """

    others: tuple[tuple[Rational, Rational], ...]
    reachable: tuple[tuple[Rational, Rational], ...]
    crossout: tuple[Rational, Rational]
    players: tuple[str, str]
    title: str | None

    @property
    def size(self) -> tuple[float, float]:
        """The figure's width and height, in inches."""
        return _SIZE

    def draw(self, figure: Any) -> None:
        """Draw the scatter on a matplotlib ``figure`` of :attr:`size`."""
        from matplotlib.ticker import MaxNLocator

        axes = figure.add_axes((0.13, 0.24, 0.82, 0.68 if self.title else 0.72))
        alice, bob = self.players
        # the crossout dot hides the dot of its own outcome: the legend says which
        hidden = ", over a light dot" if self.crossout in self.reachable else \
            ", over a dark dot" if self.crossout in self.others else ""
        for points, style, label in (
            (self.others, {"s": 9, "color": _DARK, "zorder": 2},
             f"other outcomes ({counted(len(self.others), 'score pair')})"),
            (self.reachable, {"s": 16, "color": _LIGHT, "edgecolors": "#2b6f9e", "linewidths": 0.4, "zorder": 3},
             f"{alice}'s outcomes against {bob}'s crossout ({counted(len(self.reachable), 'score pair')})"),
            ((self.crossout,), {"s": 140, "color": _MARK, "edgecolors": "black", "linewidths": 0.8, "zorder": 4},
             f"both play crossout: ({number_text(self.crossout[0])}, {number_text(self.crossout[1])}){hidden}"),
        ):
            if points:      # a kind of dot with none drawn has no place in the legend
                axes.scatter([float(a) for a, _ in points], [float(b) for _, b in points], label=label, **style)
        everything = (*self.others, *self.reachable, self.crossout)
        for axis, scores in ((axes.xaxis, [a for a, _ in everything]), (axes.yaxis, [b for _, b in everything])):
            # whole scores: ticks between them (1.25, 1.5, ...) would be scores no outcome can have;
            # the steps are matplotlib's own (10, 20, 25, 50, ...), not 6 or 12
            if all(score.denominator == 1 for score in scores):
                axis.set_major_locator(MaxNLocator("auto", steps=_STEPS, integer=True, min_n_ticks=1))
        axes.set_xlabel(f"{alice}'s score \N{RIGHTWARDS ARROW}", fontsize=11)
        axes.set_ylabel(f"{bob}'s score", fontsize=11)
        axes.grid(True, color="0.9", linewidth=0.6, zorder=0)
        axes.set_axisbelow(True)
        for spine in ("top", "right"):
            axes.spines[spine].set_visible(False)
        axes.legend(loc="upper center", bbox_to_anchor=(0.5, -0.11), frameon=False, fontsize=9,
                    markerscale=1.0, handletextpad=0.4)
        if self.title:
            axes.set_title(self.title, fontsize=12, pad=10)


def outcome_scatter(outcomes: Iterable, *, against_crossout: Iterable = (), crossout: Sequence,
                    players: Sequence[str] = ("Alice", "Bob"), title: str | None = None) -> Plot:
    """A scatter of a game's outcomes as score pairs (Levine and Stange, Figure 1).

    Parameters
    ----------
    outcomes : iterable of (Alice's score, Bob's score)
        All outcomes (dark dots); repeated pairs are drawn once.
    against_crossout : iterable of (Alice's score, Bob's score)
        The outcomes Alice can reach against Bob's crossout strategy (light
        dots, drawn over the dark ones).
    crossout : (Alice's score, Bob's score)
        The outcome when both play crossout (a large red dot, drawn last).
    players : (str, str)
        The players' names, for the axis titles and the legend.
    title : str, optional
        A title over the scatter.

    Returns
    -------
    Plot

    Raises
    ------
    PictureError
        For more than :data:`MAX_OUTCOME_POINTS` distinct score pairs (found
        before anything is drawn, reading no further), or a score pair that
        is not a pair of exact numbers.

    Examples
    --------
    >>> plot = outcome_scatter([(3, 1), (1, 3), (3, 1), (2, 2)], against_crossout=[(2, 2)],
    ...                        crossout=(2, 2))
    >>> plot.drawing.others, plot.drawing.reachable
    (((1, 3), (3, 1)), ((2, 2),))
    >>> outcome_scatter([(1, 2.5)], crossout=(1, 2))
    Traceback (most recent call last):
    ...
    epistemic.visualize.errors.PictureError: outcome 0: each number must be an int or a Fraction, got 2.5
    """
    seen: set = set()
    reachable = _distinct(against_crossout, "outcome against crossout", seen)
    everything = _distinct(outcomes, "outcome", seen)
    others = tuple(sorted(everything - reachable))
    mark = number_pair(crossout, "the crossout outcome")
    names = two_players(players)
    optional_title(title)
    return Plot(Scatter(others, tuple(sorted(reachable)), mark, names, title))


def _distinct(points: Iterable, what: str, seen: set) -> set:
    """The distinct pairs of ``points``; ``seen`` collects those of every
    call, so that the limit counts what will be drawn."""
    found = set()
    for i, point in enumerate(items_of(points, f"the {what}s must be a collection of score pairs")):
        pair = number_pair(point, f"{what} {i}")
        found.add(pair)
        if pair not in seen:
            seen.add(pair)
            if len(seen) > MAX_OUTCOME_POINTS:
                raise PictureError(f"an outcome scatter shows at most {MAX_OUTCOME_POINTS:,} distinct score pairs; "
                                   f"these have more")
    return found
