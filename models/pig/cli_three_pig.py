"""``epistemic pig --players 3``: three-player Pig, orbit by orbit or by value iteration.

The default solves the orbits of rotated scores from the largest score sum
down (:mod:`.three_orbits`) and reports every orbit where the best replies
went round, with what was found there: a pure equilibrium, how many, or a
mixed one; with ``--reachable`` it also checks the equilibrium on the
states some play reaches from the start (:mod:`.three_reach`).
``--method value-iteration`` runs the seed's value iteration
(:mod:`.three_pig`) and reports its convergence, or the policy cycle and
the decisions that flip; with ``--by-state``, ``--separate``,
``--random-order``, ``--discount`` or ``--regret`` it runs the seed's
variations of it (:mod:`.three_dynamics`) and also lists the states whose
decisions kept changing and, with regret matching, the decisions still mixed.
"""

from __future__ import annotations

import argparse
import json
from collections.abc import Callable
from typing import Any, TextIO, TypeVar

import attrs

from epistemic.fixedpoint import FixedPoint
from epistemic.models import end_progress, progress_printer

from .rules import PigError, pig
from . import three_orbits
from .three_dynamics import Dynamics, DynamicsRun, describe_flippers, describe_mixed, run_dynamics
from .three_orbits import IN_TURN, MIXED, NOT_FOUND, Equilibrium, OrbitSearch, solve
from .three_reach import ReachCheck, check_reachable
from .three_pig import SWEEPS, value_iteration

__all__ = ["run_three_pig", "dynamics_asked", "report_reachable", "METHODS", "SHOWN"]

T = TypeVar("T")

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


def report_reachable(check: ReachCheck) -> str:
    """The text report of :func:`~.three_reach.check_reachable`."""
    never = ", ".join(map(str, check.unreached_scores))
    lines = [f"Reachable from the start, whatever is rolled and chosen: {check.starts:,} of the {check.all_starts:,} "
             f"turn starts (i, j1, j2), {check.decisions:,} of the {check.all_decisions:,} decisions (i, j1, j2, k)"
             + (f"; no player ever has a score of {never}." if never else ".")]
    pure = "the policy is pure" if check.pure else f"the policy mixes at {_decisions(check.mixed)}"
    verdict = ("not an equilibrium" if not check.equilibrium else
               f"a{' pure' if check.pure else 'n'} equilibrium, subgame perfect")
    lines.append(f"On the reachable decisions {pure}, and the most a player gains by deviating once is "
                 f"{check.gain:.1e} (the values are the policy's within {check.residual:.1e}): {verdict} from the start.")
    if check.unreached_mixed:
        shown = ", ".join(f"{flip[:3]} at {flip[3]}" for flip in check.unreached_mixed[:SHOWN])
        more = f", ... {len(check.unreached_mixed) - SHOWN:,} more" if len(check.unreached_mixed) > SHOWN else ""
        lines.append(f"Mixed only where no play goes: {shown}{more}.")
    return "\n".join(lines)


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


def dynamics_asked(args: argparse.Namespace) -> bool:
    """Whether ``args`` ask for one of the seed's variations of value iteration."""
    return bool(args.separate or args.random_order or args.by_state or args.regret or args.discount is not None
                or args.seed is not None)


def _dynamics(args: argparse.Namespace) -> Dynamics:
    orders = [(option, order) for option, order, given in (("--in-place", "in_place", args.in_place),
                                                           ("--by-state", "by_state", args.by_state),
                                                           ("--random-order", "random", args.random_order)) if given]
    if len(orders) > 1:
        raise PigError(f"{' and '.join(option for option, _ in orders)} are {'two' if len(orders) == 2 else 'three'} "
                       "orders of update: give one")
    if args.seed is not None and not args.random_order:
        raise PigError("--seed is for --random-order")
    if args.seed is not None and args.seed < 0:
        raise PigError(f"--seed must be 0 or more, got {args.seed}")
    order = orders[0][1] if orders else "jacobi"
    return Dynamics(separate=args.separate, order=order, discount=1.0 if args.discount is None else args.discount,
                    regret=args.regret, seed=args.seed or 0)


def report_dynamics(rules: Any, run: DynamicsRun) -> str:
    """The text report of :func:`~.three_dynamics.run_dynamics`."""
    found, seats = run.found, run.dynamics.seats
    lines = [f"Three-player {rules.describe()}; value iteration with {run.dynamics.describe()}.",
             f"Sweeps: {found.sweeps:,}; the largest change of the last: {found.changes[-1]:.1e}; "
             f"decisions changed by the last: {found.policy_changes[-1]:,}."]
    if found.converged:
        lines.append("Converged: no value" + (" or chance of holding" if run.holds is not None else "")
                     + " changed by more than the tolerance.")
    elif found.cycle is not None:
        cycle = found.cycle
        lines.append(f"No convergence: from sweep {cycle.first} the policies go round with period {cycle.period}; "
                     f"{_decisions(len(cycle.flips))} flip.")
    else:
        lines.append("Stopped at the sweep limit, neither converged nor on a cycle.")
    if run.flippers:
        whose = " (player: state, turn totals, changes)" if seats > 1 else " (state, turn totals, changes)"
        lines.append(f"Decisions that changed and came back in the last {run.window:,} sweeps, by state{whose}: "
                     f"{describe_flippers(run, SHOWN)}.")
    if run.holds is not None:
        mixed = run.mixed()
        lines.append(f"Decisions still mixed: {len(mixed):,}" + (f", nearest to 1/2 first: {describe_mixed(run, SHOWN)}."
                                                                 if mixed else "."))
    lines.append(f"From the start, the last estimate of the players' chances: {_chances(run.start)}.")
    return "\n".join(lines)


def dynamics_to_dict(rules: Any, run: DynamicsRun) -> dict:
    """:func:`~.three_dynamics.run_dynamics`'s result as JSON-ready data."""
    found, cycle, dynamics = run.found, run.found.cycle, run.dynamics
    return {"game": "pig", "players": 3, **_game(rules), "method": "value-iteration",
            "dynamics": {"separate": dynamics.separate, "order": dynamics.order, "discount": dynamics.discount,
                         "regret": dynamics.regret, "seed": dynamics.seed},
            "converged": found.converged, "sweeps": found.sweeps, "changes": list(found.changes),
            "policy_changes": list(found.policy_changes),
            "cycle": None if cycle is None else {"period": cycle.period, "first": cycle.first,
                                                 "flips": [list(f) for f in cycle.flips]},
            "window": run.window, "complete": run.complete,
            "flippers": [{"player": f.seat + 1, "state": list(f.state), "turn_totals": list(f.totals),
                          "changes": f.flips} for f in run.flippers],
            "mixed": None if run.holds is None else [{"player": seat + 1, "state": list(state), "turn_total": k,
                                                      "hold_chance": q} for seat, state, k, q in run.mixed()],
            "start": [float(x) for x in run.start]}


def run_three_pig(args: argparse.Namespace, out: TextIO) -> int:
    """Solve three-player Pig for ``args`` and report it."""
    for option, given in (("--policy", args.policy), ("--plot", args.plot), ("--surface", args.surface),
                          ("--hold-at", args.hold_at is not None)):
        if given:
            raise PigError(f"{option} is for two players; three-player Pig reports equilibria")
    args.method = args.method or "orbits"
    if args.method == "orbits" and (args.in_place or args.max_sweeps is not None or dynamics_asked(args)):
        raise PigError("--in-place, --by-state, --max-sweeps, --separate, --random-order, --seed, --discount and "
                       "--regret are for --method value-iteration")
    if args.method == "value-iteration" and args.reachable:
        raise PigError("--reachable checks the equilibrium found orbit by orbit: not with --method value-iteration")
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
        check = check_reachable(found) if args.reachable else None
        if args.json:
            data = orbits_to_dict(found)
            if check is not None:
                data["reachable"] = attrs.asdict(check)
            out.write(json.dumps(data, indent=2) + "\n")
        else:
            out.write(report_orbits(found) + ("" if check is None else "\n" + report_reachable(check)) + "\n")
        return 0
    sweeps = SWEEPS if args.max_sweeps is None else args.max_sweeps
    if dynamics_asked(args):
        dynamics = _dynamics(args)
        run = _sweeping(sweeps, lambda progress: run_dynamics(rules, dynamics, max_sweeps=sweeps, progress=progress))
        out.write((json.dumps(dynamics_to_dict(rules, run), indent=2) if args.json
                   else report_dynamics(rules, run)) + "\n")
        return 0
    swept = _sweeping(sweeps, lambda progress: value_iteration(rules, in_place=args.in_place, max_sweeps=sweeps,
                                                               progress=progress))
    out.write((json.dumps(sweeps_to_dict(rules, swept, args.in_place), indent=2) if args.json
               else report_sweeps(rules, swept, args.in_place)) + "\n")
    return 0


def _sweeping(sweeps: int, solve_with: Callable[[Any], T]) -> T:
    """``solve_with(progress)``, showing each of up to ``sweeps`` sweeps on a terminal."""
    show = progress_printer("sweeps")
    try:
        return solve_with(None if show is None else lambda done: show(done, sweeps))
    finally:
        end_progress(show)
