"""Levine and Stange's pictures of one dinner: the crossout board (Figures 2
and 4) and the scatter of every outcome with the crossout point (Figure 1).

The dinner model gives the data (:mod:`.outcomes`), :mod:`epistemic.visualize`
draws it; this module joins the two, checking the limits before any work.

Examples
--------
>>> from epistemic.models.dinner import Dinner
>>> dinner = Dinner([(1, 2), (2, 3), (3, 1)])
>>> board_plot(dinner, last=0, play=True).drawing.title
'Crossout board and order of play: Alice moves last'
>>> outcomes_plot(dinner, last=0).drawing.crossout
(5, 2)
"""

from __future__ import annotations

from epistemic.visualize import MAX_BOARD_MORSELS, Plot, crossout_board, outcome_scatter
from epistemic.visualize.points import counted

from .crossout import crossout
from .dinner import Dinner, DinnerError, player_name
from .outcomes import MAX_REACHED, against_crossout, outcome_scores

__all__ = ["board_plot", "outcomes_plot", "check_drawable"]


def check_drawable(dinner: Dinner, *, board: bool, outcomes: bool) -> None:
    """Refuse, before any work, a dinner too large (or not of two players) for the pictures asked for."""
    if (board or outcomes) and dinner.players != 2:
        raise DinnerError(f"the pictures are drawn for two players, got {dinner.players}")
    if board and dinner.size > MAX_BOARD_MORSELS:
        raise DinnerError(f"a crossout board shows at most {MAX_BOARD_MORSELS} morsels, got {dinner.size:,}")
    if outcomes and dinner.size > MAX_REACHED:
        raise DinnerError(f"the outcomes are drawn for at most {MAX_REACHED} morsels, got {dinner.size:,}")


def board_plot(dinner: Dinner, last: int = 1, *, play: bool = False) -> Plot:
    """The crossout board: labels 1, 2, ... on the players' axes (Figure 2),
    and with ``play`` the turn on which each player eats each morsel (Figure 4)."""
    check_drawable(dinner, board=True, outcomes=False)
    played = crossout(dinner, last)
    what = "Crossout board and order of play" if play else "Crossout board"
    return crossout_board(dinner.morsels, played.labels, eaten=played.play if play else (),
                          players=(player_name(0), player_name(1)),
                          title=f"{what}: {player_name(last)} moves last")


def outcomes_plot(dinner: Dinner, last: int = 1) -> Plot:
    """Every outcome's scores, those Alice reaches against Bob's crossout, and
    the crossout point (Figure 1)."""
    check_drawable(dinner, board=False, outcomes=True)
    everything = outcome_scores(dinner, last)
    return outcome_scatter(everything, against_crossout=against_crossout(dinner, 0, last),
                           crossout=crossout(dinner, last).scores, players=(player_name(0), player_name(1)),
                           title=f"The {counted(len(everything), 'score pair')} of a dinner of "
                                 f"{counted(dinner.size, 'morsel')}")
