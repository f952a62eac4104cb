"""The ``epistemic pig`` and ``epistemic piglet`` commands: optimal two-player play.

Examples
--------
>>> import io
>>> from argparse import ArgumentParser
>>> parser = ArgumentParser()
>>> add_piglet_arguments(parser)
>>> out = io.StringIO()
>>> run_piglet(parser.parse_args(["--goal", "2"]), out)
0
>>> print(out.getvalue().splitlines()[1])
The first player wins with probability 0.571429 (exactly 4/7).
"""

from __future__ import annotations

import argparse
import json
import math
from typing import Any, TextIO

from epistemic.models import Command, end_progress, progress_printer, whole_number_argument, write_pictures
from epistemic.models import cards
from epistemic.visualize import PLOT_FORMATS, PictureError, check_destinations, hold_map, hold_surface
from epistemic.wording import counted

from .cli_three import add_three_arguments, run_three
from .cli_three_pig import METHODS, dynamics_asked, run_three_pig
from .layers import Solution, hold_at
from .pairs import evaluate, solve
from .rules import Jeopardy, PigError, pig, piglet
from .three_pig import MAX_STATE_SWEEPS, SWEEPS

__all__ = ["PIG", "PIGLET", "report", "to_dict", "policy_table", "HoldAt"]

#: Goals up to this are also solved in exact fractions, and the exact chance shown.
EXACT_SHOWN = 10
#: The longest exact fraction a report writes (JSON has it whole).
MAX_EXACT_TEXT = 60
#: The most rows and columns a printed hold table has; a larger one shows every n-th score.
TABLE_SIDE = 20
#: Goals from which the work shows progress on a terminal (about two seconds and more).
SLOW_GOAL = 80
#: Three-player Pig's default goal: the seed's first goal where value iteration does not converge.
THREE_PLAYER_GOAL = 62


class HoldAt:
    """The chances of the rule "hold at ``total``" against optimal play and against itself."""

    def __init__(self, rules: Jeopardy, solution: Solution, total: int, progress: Any = None) -> None:
        rule, best = hold_at(rules, total), solution.holds
        self.total = total
        self.first = float(evaluate(rules, rule, best, progress=progress))
        self.second = 1 - float(evaluate(rules, best, rule, progress=progress))
        self.itself = float(evaluate(rules, rule, rule, progress=progress))


def policy_table(solution: Solution) -> str:
    """The hold values as a table: row ``i`` the mover's score, column ``j`` the rival's;
    a large goal shows every n-th score so that the table stays at most
    :data:`TABLE_SIDE` wide.

    >>> print(policy_table(solve(piglet(3))))
    hold at (row: my score, column: the rival's score)
          0  1  2
       0  1  3  3
       1  2  2  2
       2  1  1  1
    """
    holds = solution.hold_values()
    goal = solution.rules.goal
    stride = math.ceil(goal / TABLE_SIDE)
    scores = list(range(0, goal, stride))
    width = max(len(str(goal)), 2) + 1
    lines = ["hold at (row: my score, column: the rival's score)"
             + (f", scores in steps of {stride}" if stride > 1 else "")]
    lines.append(" " * (width + 1) + "".join(f"{j:>{width}}" for j in scores))
    lines += [f"{i:>{width + 1}}" + "".join(f"{int(holds[i, j]):>{width}}" for j in scores) for i in scores]
    return "\n".join(lines)


def report(solution: Solution, rule: HoldAt | None) -> str:
    """The first player's chance, and how the hold-at rule fares."""
    chance = solution.win_probability
    exact = f" (exactly {chance})" if solution.exact and len(str(chance)) <= MAX_EXACT_TEXT else ""
    lines = [f"{solution.rules.describe()}; two players, both playing optimally.",
             f"The first player wins with probability {float(chance):.6f}{exact}."]
    if rule is not None:
        lines += [f"A player who holds at {rule.total} (or on reaching the goal) wins:",
                  f"  against an optimal player, moving first:  {rule.first:.6f}",
                  f"  against an optimal player, moving second: {rule.second:.6f}",
                  f"  against another who holds at {rule.total}, moving first: {rule.itself:.6f}"]
    lines.append(f"Solved layer by layer: {counted(2 * solution.rules.goal - 1, 'score sum')}, at most "
                 f"{counted(solution.rounds, 'round')} of policy iteration in one.")
    return "\n".join(lines)


def to_dict(solution: Solution, rule: HoldAt | None, policy: bool) -> dict:
    """The solution as JSON-ready data; the whole hold table with ``policy``."""
    rules = solution.rules
    data: dict[str, Any] = {"game": rules.name.lower(), "players": 2, "goal": rules.goal,
                            "outcomes": [{"gain": g, "chance": str(c)} for g, c in rules.outcomes],
                            "win_probability": float(solution.win_probability),
                            "exact": str(solution.win_probability) if solution.exact else None,
                            "rounds": solution.rounds}
    if rule is not None:
        data["hold_at"] = {"total": rule.total, "first_against_optimal": rule.first,
                           "second_against_optimal": rule.second, "first_against_itself": rule.itself}
    if policy:
        data["hold_values"] = solution.hold_values().tolist()
    return data


def _common(p: argparse.ArgumentParser, goal: int, three: int | None = None) -> None:
    given = f"{goal}; {three} with --players 3" if three is not None else f"{goal}"
    p.add_argument("--goal", type=whole_number_argument, default=None, help=f"the score that wins (default: {given})")
    p.add_argument("--players", type=whole_number_argument, default=2, help="the number of players (default: 2)")
    p.add_argument("--json", action="store_true", help="print the results as JSON")
    p.add_argument("--policy", action="store_true", help="print the hold table (all of it with --json)")
    p.add_argument("--plot", metavar="FILE", help="draw the hold values as a heat map, or with --players 3 a figure "
                                                  "(see --figure) (.png, .svg or .pdf; "
                                                  "needs epistemic-framework[plots])")
    p.add_argument("--surface", action="store_true", help="with --plot, draw the hold values as a 3-D surface "
                                                          "over the two scores (Figure 6 of Bonnet, Neller and "
                                                          "Viennot 2018) instead")


def add_pig_arguments(p: argparse.ArgumentParser) -> None:
    _common(p, 100, THREE_PLAYER_GOAL)
    p.add_argument("--sides", type=whole_number_argument, default=6, help="the die's faces (default: 6)")
    p.add_argument("--hold-at", type=whole_number_argument, default=None,
                   help="rate the rule 'hold at this turn total' (default: 20; 0 leaves it out)")
    p.add_argument("--method", choices=METHODS, default=None,
                   help="three players: solve orbit by orbit (default) or by the seed's value iteration")
    p.add_argument("--in-place", action="store_true",
                   help="three players, value iteration: update layer by layer, each read by the next")
    p.add_argument("--by-state", action="store_true",
                   help="three players, value iteration: update the states (i, j1, j2) one at a time in their "
                        "plain order, each new value read at once")
    p.add_argument("--max-sweeps", type=whole_number_argument, default=None,
                   help="three players, value iteration: stop after this many sweeps (default: "
                        f"{SWEEPS:,}); the goal ** 4 states (three times that with --separate) times this may be at "
                        f"most {MAX_STATE_SWEEPS:,}")
    p.add_argument("--separate", action="store_true",
                   help="three players, value iteration: a policy for each player (the seed's 'separate policies')")
    p.add_argument("--random-order", action="store_true",
                   help="three players, value iteration: update the states in a random order each sweep")
    p.add_argument("--seed", type=whole_number_argument, default=None,
                   help="with --random-order: the order's seed, 0 or more (default: 0)")
    p.add_argument("--discount", type=float, default=None,
                   help="three players, value iteration: Bellman's discount on each roll and hold, in (0, 1]")
    p.add_argument("--regret", action="store_true",
                   help="three players, value iteration: mixed strategies by regret matching instead of best "
                        "replies")
    p.add_argument("--reachable", action="store_true",
                   help="three players: check the equilibrium on the states some play reaches from the start "
                        "(how many, whether it is pure there, the most a player gains by deviating once)")


def add_piglet_arguments(p: argparse.ArgumentParser) -> None:
    _common(p, 10)
    p.add_argument("--p", default="1/2", help="the chance of heads, such as 1/2 or 0.45 (default: 1/2)")
    p.add_argument("--hold-at", type=whole_number_argument, default=0,
                   help="rate the rule 'hold at this turn total' (default: 0, left out)")
    add_three_arguments(p)


def _run(rules_of: Any, args: argparse.Namespace, out: TextIO) -> int:
    if args.players == 3 and args.game == "piglet":
        return run_three(args, out)
    if args.players == 3:
        return run_three_pig(args, out)
    if args.players != 2:
        raise PigError(f"--players must be 2 or 3, got {args.players}")
    if args.game == "pig" and (args.method is not None or args.in_place or args.max_sweeps is not None
                               or dynamics_asked(args) or args.reachable):
        raise PigError("--method, --in-place, --by-state, --max-sweeps, --separate, --random-order, --seed, "
                       "--discount, --regret and --reachable are for three players")
    if args.hold_at is None:
        args.hold_at = 20
    if getattr(args, "figure", None) is not None:
        raise PigError("--figure draws three-player Piglet's figures: add --players 3")
    if args.surface and args.plot is None:
        raise PigError("--surface draws the hold values that --plot FILE writes: give --plot")
    if args.hold_at < 0:
        raise PigError(f"--hold-at must be at least 1, or 0 to leave it out, got {args.hold_at}")
    rules = rules_of(args)
    if args.plot is not None:  # a bad destination fails before the work
        [fmt] = check_destinations([args.plot])
        if fmt not in PLOT_FORMATS:
            raise PictureError(f"cannot draw {args.plot!r}: a hold {'surface' if args.surface else 'map'} is "
                               f"{', '.join(PLOT_FORMATS)}")
    slow = rules.goal >= SLOW_GOAL
    show = progress_printer("score sums solved") if slow else None
    try:
        solution = solve(rules, exact=rules.goal <= EXACT_SHOWN, progress=show)
        rule = HoldAt(rules, solution, args.hold_at, show) if args.hold_at else None
    finally:
        end_progress(show)
    images = []
    if args.plot is not None:
        drawing = hold_surface if args.surface else hold_map
        images.append((args.plot, drawing(solution.hold_values().tolist(), title=f"Hold values: {rules.describe()}"
                                          ).pipe(fmt)))
    if args.json:
        text = json.dumps(to_dict(solution, rule, args.policy), indent=2) + "\n"
    else:
        text = report(solution, rule) + "\n" + ("\n" + policy_table(solution) + "\n" if args.policy else "")
    write_pictures(images)
    out.write(text)
    return 0


def run_pig(args: argparse.Namespace, out: TextIO) -> int:
    args.game = "pig"
    if args.goal is None:
        args.goal = THREE_PLAYER_GOAL if args.players == 3 else 100
    return _run(lambda a: pig(a.goal, a.sides), args, out)


def run_piglet(args: argparse.Namespace, out: TextIO) -> int:
    args.game = "piglet"
    if args.goal is None:
        args.goal = 10
    return _run(lambda a: piglet(a.goal, a.p), args, out)


_DESCRIPTION = """\
The first to the goal wins.  Each turn a player repeats a random step until
he holds, banking his turn total, or busts, losing it.  Solved layer by
layer in order of the score sum (Neller and Presser 2004 use value iteration)."""

PIG = Command(cards.PIG.help,
              add_pig_arguments, run_pig,
              description=_DESCRIPTION + "\nPig rolls a die: a 1 busts, any other face adds its value.  With "
              "--players 3 the\norbits of rotated scores are solved from the largest score sum down, mixed where "
              "no\npure equilibrium exists (--method value-iteration runs the seed's method).")
PIGLET = Command(cards.PIGLET.help,
                 add_piglet_arguments, run_piglet,
                 description=_DESCRIPTION + "\nPiglet flips a coin: heads adds 1, tails busts.  With --players 3 each\n"
                 "state's hold values are a pure Nash equilibrium, solved state by state.")
