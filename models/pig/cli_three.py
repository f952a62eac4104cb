"""``epistemic piglet --players 3``: three-player Piglet's pure Nash equilibria, from the start,
and with ``--plot`` the seed ``004``'s Figure 3, 4 or 5.

Exact (fractions) for goals up to :data:`~.three.MAX_EXACT_GOAL`, floats up
to :data:`~.three.MAX_GOAL`; every state with more than one equilibrium, or
none, is reported rather than hidden.
"""

from __future__ import annotations

import argparse
import json
from fractions import Fraction
from typing import Any, TextIO

from epistemic.models import end_progress, progress_printer, write_pictures
from epistemic.visualize import PLOT_FORMATS, PictureError, check_destinations, format_of

from .figures import FIGURES, bias_goals
from .figures import figure as draw
from .rules import PigError, probability
from .three import MAX_EXACT_GOAL, MAX_GOAL, StateSolution, solve

__all__ = ["run_three", "add_three_arguments", "check_figure", "SHOWN"]

#: The paper's number of each figure.
FIGURE_NUMBERS = {"gains": 3, "coalition": 4, "bias": 5}
#: States with several equilibria listed in the text report; the JSON lists them all.
SHOWN = 12


def _number(value: Any, exact: bool) -> Any:
    return str(value) if exact and isinstance(value, Fraction) else (float(value) if exact else round(value, 12))


def _gains(gains: Any, exact: bool, names: tuple[str, ...] = ("p1", "p2", "p3")) -> str:
    if gains is None:
        return "undetermined"
    return ", ".join(f"{name} {_number(g, exact) if exact else f'{g:+.6f}'}" for name, g in zip(names, gains))


#: A state (a, b, c) lists what the player to move, the next and the last still need.
SEATS = ("mover", "next", "last")


def add_three_arguments(p: argparse.ArgumentParser) -> None:
    """The options of ``epistemic piglet --players 3`` alone."""
    p.add_argument("--figure", choices=FIGURES, help="with --plot and --players 3, which figure of Bonnet, Neller "
                                                     "and Viennot 2018 to draw: gains (Figure 3, the default), coalition (Figure 4) or "
                                                     "bias (Figure 5)")


def check_figure(args: argparse.Namespace) -> str | None:
    """The figure to draw with ``--plot``, or ``None``; a bad destination fails
    here, before the work."""
    if args.figure is not None and args.plot is None:
        raise PigError("--figure names the picture that --plot FILE draws: give --plot")
    if args.plot is None:
        return None
    [fmt] = check_destinations([args.plot])
    if fmt not in PLOT_FORMATS:
        raise PictureError(f"cannot draw {args.plot!r}: a figure is {', '.join(PLOT_FORMATS)}")
    figure = args.figure or "gains"
    if figure == "bias":
        bias_goals(args.goal)
    return figure


def run_three(args: argparse.Namespace, out: TextIO) -> int:
    """Solve three-player Piglet for ``args.goal`` and ``args.p``, report the start
    and, with ``--plot``, draw one of the paper's figures."""
    for option, given in (("--policy", args.policy), ("--surface", args.surface), ("--hold-at", args.hold_at)):
        if given:
            raise PigError(f"{option} is for two players; three-player Piglet reports equilibria")
    exact = args.goal <= MAX_EXACT_GOAL
    if not 1 <= args.goal <= MAX_GOAL:
        raise PigError(f"three-player Piglet is solved for goals 1 to {MAX_GOAL}, got {args.goal}")
    p = probability(args.p)
    figure = check_figure(args)
    show = progress_printer("score sums solved") if args.goal >= 20 else None
    try:
        game = solve(args.goal, p if exact else float(p), progress=show)
        start = game.solve_goal(args.goal)
        several = game.multiple(args.goal)
    finally:
        end_progress(show)
    images = []
    if figure is not None:
        show = progress_printer(f"figure {FIGURE_NUMBERS[figure]}: " + ("coin biases solved" if figure == "bias"
                                                                       else "states solved"))
        try:
            plot = draw(figure, args.goal, p, solved=None if exact else game, progress=show)
        finally:
            end_progress(show)
        images.append((args.plot, plot.pipe(format_of(args.plot))))
    text = (json.dumps(_to_dict(args.goal, p, exact, start, several), indent=2) if args.json
            else _report(args.goal, p, exact, start, several))
    write_pictures(images)
    out.write(text + "\n")
    return 0


def _report(goal: int, p: Fraction, exact: bool, start: StateSolution, several: list[StateSolution]) -> str:
    lines = [f"Three-player Piglet: goal {goal}, heads with probability {p}; the winner gets +2, "
             f"each loser -1; {'exact' if exact else 'floating-point'} gains.",
             f"From the start ({goal}, {goal}, {goal}), player 1 to move:"]
    if start.holds is None:
        lines.append("  no pure Nash equilibrium was found on the way: the gains are undetermined.")
    else:
        lines.append(f"  hold values (p1, p2, p3): {start.holds}")
        lines.append(f"  expected gains: {_gains(start.gains, exact)}")
    lines.append(f"States with more than one pure equilibrium, or none: {len(several):,}"
                 + (" (the first in lexicographic order of the hold values is played; a state lists what the "
                    "mover, the next and the last player still need)" if several else "."))
    for s in several[:SHOWN]:
        kinds = "; ".join(f"{holds}: {_gains(gains, exact, SEATS)}" for holds, gains in s.equilibria) or "none"
        lines.append(f"  {s.state}: {kinds}")
    if len(several) > SHOWN:
        lines.append(f"  ... {len(several) - SHOWN:,} more (all of them with --json)")
    return "\n".join(lines)


def _to_dict(goal: int, p: Fraction, exact: bool, start: StateSolution, several: list[StateSolution]) -> dict:
    def gains(values: Any) -> Any:
        return None if values is None else [_number(v, exact) for v in values]
    return {"game": "piglet", "players": 3, "goal": goal, "p": str(p), "exact": exact,
            "start": {"holds": None if start.holds is None else list(start.holds), "gains": gains(start.gains)},
            "several_equilibria": [{"state": list(s.state),
                                    "equilibria": [{"holds": list(h), "gains": gains(g)} for h, g in s.equilibria]}
                                   for s in several]}
