"""``epistemic pig --players 3``: three-player Pig, orbit by orbit or by value iteration.

The default solves the orbits of rotated scores from the largest score sum
down (:mod:`.three_orbits`) and reports every orbit where the best replies
went round, with what was found there: a pure equilibrium, how many, or a
mixed one.  ``--method value-iteration`` runs the seed's value iteration
(:mod:`.three_pig`) and reports its convergence, or the policy cycle and
the decisions that flip.
"""

from __future__ import annotations

import argparse
import json
from typing import Any, TextIO

from epistemic.fixedpoint import FixedPoint
from epistemic.models import end_progress, progress_printer

from .rules import PigError, pig
from . import three_orbits
from .three_orbits import IN_TURN, MIXED, NOT_FOUND, Equilibrium, OrbitSearch, solve
from .three_pig import SWEEPS, value_iteration

__all__ = ["run_three_pig", "METHODS", "SHOWN"]

#: The ways to solve three-player Pig.
METHODS = ("orbits", "value-iteration")
#: Orbits or flips listed in the text report; the JSON lists them all.
SHOWN = 12
#: Goals from which the orbit solver shows progress on a terminal (a second and more);
#: value iteration shows its sweeps at every goal, as their number is not known before.
SLOW_GOAL = 30


def _chances(vector: Any) -> str:
    return ", ".join(f"p{n + 1} {float(x):.6f}" for n, x in enumerate(vector))


def _found(search: OrbitSearch) -> str:
    if search.pure is None:
        count = f"pure equilibria not enumerated (more than {three_orbits.MAX_PROFILES:,} profiles)"
    else:
        count = f"{search.pure} pure equilibri{'um' if search.pure == 1 else 'a'}"
    if search.how == MIXED:
        mixes = ", ".join(f"at {flip[:3]} the mover holds at turn total {flip[3]} with chance {q:.6f}"
                          for flip, q in zip(search.flips, search.holds))
        return f"{'no pure equilibrium' if search.pure == 0 else count}; a mixed one: {mixes}"
    if search.how == NOT_FOUND:
        return f"{count}; none found where {len(search.flips)} decisions kept changing"
    how = "replying one mover at a time settled" if search.how == IN_TURN else "replies in turn did not settle"
    return f"{how}; {count}"


def _game(rules: Any) -> dict:
    return {"goal": rules.goal, "outcomes": [{"gain": g, "chance": str(c)} for g, c in rules.outcomes],
            "bust": str(rules.bust)}


def report_orbits(found: Equilibrium) -> str:
    """The text report of :func:`~.three_orbits.solve`."""
    rules = found.rules
    lines = [f"Three-player {rules.describe()}; solved orbit by orbit, from the largest score sum down.",
             f"From the start, the players win with chances: {_chances(found.value[0, 0, 0])}.",
             f"Orbits where the best replies, all three at once, went round: {len(found.searched)}"
             + (" (an orbit is a state and its rotations, which busts go round)" if found.searched else ".")]
    for search in found.searched[:SHOWN]:
        states = ", ".join(map(str, dict.fromkeys(search.states)))  # (a, a, a) once
        lines.append(f"  {states}: {_found(search)}")
    if len(found.searched) > SHOWN:
        lines.append(f"  ... {len(found.searched) - SHOWN:,} more (all of them with --json)")
    if found.searched:
        lines.append("Where an orbit has several pure equilibria, the one that replies in turn reach is played (where "
                     "they do not settle, the first found); each orbit is solved given what is played at the larger "
                     "score sums.")
    if found.unresolved:
        lines.append(f"No equilibrium was found in {len(found.unresolved)} orbits: every smaller score sum rests "
                     "on the last replies tried there.")
    return "\n".join(lines)


def orbits_to_dict(found: Equilibrium) -> dict:
    """:func:`~.three_orbits.solve`'s result as JSON-ready data."""
    return {"game": "pig", "players": 3, **_game(found.rules), "method": "orbits",
            "start": [float(x) for x in found.value[0, 0, 0]], "rounds": found.rounds,
            "searched": [{"states": [list(s) for s in o.states], "how": o.how, "pure_equilibria": o.pure,
                          "flips": [list(f) for f in o.flips], "hold_chances": list(o.holds)}
                         for o in found.searched]}


def _decisions(count: int) -> str:
    return f"{count} decision{'' if count == 1 else 's'}"


def report_sweeps(rules: Any, found: FixedPoint, in_place: bool) -> str:
    """The text report of :func:`~.three_pig.value_iteration`."""
    order = "layer by layer, in place" if in_place else "all states at once"
    lines = [f"Three-player {rules.describe()}; value iteration, {order}.",
             f"Sweeps: {found.sweeps:,}; the largest change of the last: {found.changes[-1]:.1e}; "
             f"decisions changed by the last: {found.policy_changes[-1]:,}."]
    if found.converged:
        lines.append("Converged: no value changed by more than the tolerance.")
    elif found.cycle is not None:
        cycle = found.cycle
        flips = ", ".join(f"{flip[:3]} at {flip[3]}" for flip in cycle.flips[:SHOWN])
        more = f", ... {len(cycle.flips) - SHOWN:,} more" if len(cycle.flips) > SHOWN else ""
        lines.append(f"No convergence: from sweep {cycle.first} the policies go round with period {cycle.period}; "
                     f"{_decisions(len(cycle.flips))} (state, turn total) flip: {flips}{more}.")
    else:
        lines.append("Stopped at the sweep limit, neither converged nor on a cycle.")
    lines.append(f"From the start, the last estimate of the players' chances: {_chances(found.value[0, 0, 0])}.")
    return "\n".join(lines)


def sweeps_to_dict(rules: Any, found: FixedPoint, in_place: bool) -> dict:
    """:func:`~.three_pig.value_iteration`'s result as JSON-ready data."""
    cycle = found.cycle
    return {"game": "pig", "players": 3, **_game(rules), "method": "value-iteration", "in_place": in_place,
            "converged": found.converged, "sweeps": found.sweeps, "changes": list(found.changes),
            "policy_changes": list(found.policy_changes),
            "cycle": None if cycle is None else {"period": cycle.period, "first": cycle.first,
                                                 "flips": [list(f) for f in cycle.flips]},
            "start": [float(x) for x in found.value[0, 0, 0]]}


def run_three_pig(args: argparse.Namespace, out: TextIO) -> int:
    """Solve three-player Pig for ``args`` and report it."""
    for option, given in (("--policy", args.policy), ("--plot", args.plot), ("--surface", args.surface),
                          ("--hold-at", args.hold_at is not None)):
        if given:
            raise PigError(f"{option} is for two players; three-player Pig reports equilibria")
    args.method = args.method or "orbits"
    if args.method == "orbits" and (args.in_place or args.max_sweeps is not None):
        raise PigError("--in-place and --max-sweeps are for --method value-iteration")
    if args.method == "orbits" and args.goal > three_orbits.MAX_GOAL:
        raise PigError(f"three-player Pig is solved orbit by orbit for goals up to {three_orbits.MAX_GOAL}, "
                       f"got {args.goal}")
    if args.max_sweeps is not None and args.max_sweeps < 1:
        raise PigError(f"--max-sweeps must be at least 1, got {args.max_sweeps}")
    rules = pig(args.goal, args.sides)
    if args.method == "orbits":
        show = progress_printer("score sums solved") if args.goal >= SLOW_GOAL else None
        try:
            found = solve(rules, progress=show)
        finally:
            end_progress(show)
        out.write((json.dumps(orbits_to_dict(found), indent=2) if args.json else report_orbits(found)) + "\n")
        return 0
    sweeps = SWEEPS if args.max_sweeps is None else args.max_sweeps
    show = progress_printer("sweeps")
    try:
        swept = value_iteration(rules, in_place=args.in_place, max_sweeps=sweeps,
                                progress=None if show is None else lambda done: show(done, sweeps))
    finally:
        end_progress(show)
    out.write((json.dumps(sweeps_to_dict(rules, swept, args.in_place), indent=2) if args.json
               else report_sweeps(rules, swept, args.in_place)) + "\n")
    return 0
