"""Time and peak memory of three-player Pig: orbit by orbit, and by the seed's value iteration.

Run ``python benchmarks/pig_three_pig.py`` (about eight minutes: the
value-iteration runs at goal 62 take two each).  Each case runs in a fresh
process.  The orbit solver goes down the score sums, settling each
orbit of rotated scores by best replies, and searches the orbits whose
replies go round for every pure equilibrium, then a mixed one.  Value
iteration sweeps every ``(i, j1, j2)`` at once (Jacobi) or layer by layer
in decreasing score sum (in place) until no value changes by more than
1e-12, or a policy cycle.  Goal 62 is the seed's first goal that does not
converge.
"""

from __future__ import annotations

from harness import main

from epistemic.models.pig import pig
from epistemic.models.pig.three_orbits import MIXED, NOT_FOUND, solve
from epistemic.models.pig.three_pig import value_iteration

CASES = [
    ("Pig to 30, orbits", dict(goal=30, method="orbits")),
    ("Pig to 62, orbits", dict(goal=62, method="orbits")),
    ("Pig to 100, orbits", dict(goal=100, method="orbits")),
    ("Pig to 40, Jacobi", dict(goal=40, method="jacobi")),
    ("Pig to 62, Jacobi", dict(goal=62, method="jacobi")),
    ("Pig to 62, in place", dict(goal=62, method="in place")),
]


def run_case(spec: dict) -> dict:
    if spec["method"] == "orbits":
        found = solve(pig(spec["goal"]))
        mixed = sum(o.how == MIXED for o in found.searched)
        missing = sum(o.how == NOT_FOUND for o in found.searched)
        verdict = f"{len(found.searched)} orbits searched, {mixed} mixed, {missing} not found"
        return {"win": float(found.value[0, 0, 0, 0]), "sweeps": "-", "verdict": verdict}
    swept = value_iteration(pig(spec["goal"]), in_place=spec["method"] == "in place")
    if swept.converged:
        verdict = "converged"
    elif swept.cycle is not None:
        starts = sorted({flip[:3] for flip in swept.cycle.flips})
        verdict = f"period {swept.cycle.period}, {len(swept.cycle.flips)} decisions flip, at {starts[:4]}..."
    else:
        verdict = "no verdict"
    return {"win": float(swept.value[0, 0, 0, 0]), "sweeps": swept.sweeps, "verdict": verdict}


if __name__ == "__main__":
    main(__file__, __doc__.splitlines()[0], CASES, run_case,
         [("win", "first player wins", ".6f"), ("sweeps", "sweeps", ""), ("verdict", "verdict", "")])
