"""Time and peak memory of three-player Pig: orbit by orbit, and by the seed's value iteration.

Run ``python benchmarks/pig_three_pig.py`` (about eleven minutes: the
value-iteration runs at goals 61 and 62 take one to three minutes each).  Each case runs
in a fresh process.  The orbit solver goes down the score sums, settling
each orbit of rotated scores by best replies, and searches the orbits whose
replies go round for every pure equilibrium, then a mixed one; "reachable"
then checks its policy on the states some play reaches from the start.
Value iteration sweeps every ``(i, j1, j2)`` at once (Jacobi), layer by
layer in decreasing score sum (in place), or one state at a time in the
plain order (by state) until no value changes by more than 1e-12, or a
policy cycle.  Goal 62 is the seed's first goal that does not converge; one
state at a time, 61 converges and 62 goes round through exactly the seed's
two decisions.
"""

from __future__ import annotations

from harness import main

from epistemic.models.pig import pig
from epistemic.models.pig.three_dynamics import Dynamics, run_dynamics
from epistemic.models.pig.three_orbits import MIXED, NOT_FOUND, solve
from epistemic.models.pig.three_pig import value_iteration
from epistemic.models.pig.three_reach import check_reachable

CASES = [
    ("Pig to 30, orbits", dict(goal=30, method="orbits")),
    ("Pig to 62, orbits", dict(goal=62, method="orbits")),
    ("Pig to 62, orbits, reachable", dict(goal=62, method="reachable")),
    ("Pig to 100, orbits", dict(goal=100, method="orbits")),
    ("Pig to 40, Jacobi", dict(goal=40, method="jacobi")),
    ("Pig to 62, Jacobi", dict(goal=62, method="jacobi")),
    ("Pig to 62, in place", dict(goal=62, method="in place")),
    ("Pig to 61, by state", dict(goal=61, method="by state")),
    ("Pig to 62, by state", dict(goal=62, method="by state")),
]


def run_case(spec: dict) -> dict:
    if spec["method"] in ("orbits", "reachable"):
        found = solve(pig(spec["goal"]))
        mixed = sum(o.how == MIXED for o in found.searched)
        missing = sum(o.how == NOT_FOUND for o in found.searched)
        verdict = f"{len(found.searched)} orbits searched, {mixed} mixed, {missing} not found"
        if spec["method"] == "reachable":
            check = check_reachable(found)
            verdict = (f"{check.decisions:,} decisions reached, {check.mixed} mixed, largest gain {check.gain:.1e}; "
                       f"mixed unreached: {', '.join(f'{f[:3]} at {f[3]}' for f in check.unreached_mixed) or 'none'}")
        return {"win": float(found.value[0, 0, 0, 0]), "sweeps": "-", "verdict": verdict}
    if spec["method"] == "by state":
        run = run_dynamics(pig(spec["goal"]), Dynamics(order="by_state"))
        swept, start = run.found, run.start
        flips = [flip[1:] for flip in swept.cycle.flips] if swept.cycle else []  # one shared policy: no seat
    else:
        swept = value_iteration(pig(spec["goal"]), in_place=spec["method"] == "in place")
        start, flips = swept.value[0, 0, 0], list(swept.cycle.flips) if swept.cycle else []
    if swept.converged:
        verdict = "converged"
    elif swept.cycle is not None and len(flips) <= 4:
        verdict = (f"period {swept.cycle.period} from sweep {swept.cycle.first}, only "
                   + ", ".join(f"{flip[:3]} at {flip[3]}" for flip in flips) + " flip")
    elif swept.cycle is not None:
        starts = sorted({flip[:3] for flip in flips})
        verdict = f"period {swept.cycle.period}, {len(flips)} decisions flip, at {starts[:4]}..."
    else:
        verdict = "no verdict"
    return {"win": float(start[0]), "sweeps": swept.sweeps, "verdict": verdict}

if __name__ == "__main__":
    main(__file__, __doc__.splitlines()[0], CASES, run_case,
         [("win", "first player wins", ".6f"), ("sweeps", "sweeps", ""), ("verdict", "verdict", "")])
