"""Time and peak memory of three-player Pig by value iteration: where it converges and where it cycles.

Run ``python benchmarks/pig_three_pig.py``.  Each case runs in a fresh
process.  A sweep runs the turn-total recursion for every ``(i, j1, j2)``
at once (Jacobi) or layer by layer in decreasing score sum (in place); the
iteration stops when no value changes by more than 1e-12, or on a policy
cycle.  Goal 62 is the seed's first goal that does not converge.
"""

from __future__ import annotations

from harness import main

from epistemic.models.pig import pig
from epistemic.models.pig.three_pig import value_iteration

CASES = [
    ("Pig to 20, Jacobi", dict(goal=20, in_place=False)),
    ("Pig to 40, Jacobi", dict(goal=40, in_place=False)),
    ("Pig to 61, Jacobi", dict(goal=61, in_place=False)),
    ("Pig to 61, in place", dict(goal=61, in_place=True)),
    ("Pig to 62, Jacobi", dict(goal=62, in_place=False)),
    ("Pig to 62, in place", dict(goal=62, in_place=True)),
]


def run_case(spec: dict) -> dict:
    found = value_iteration(pig(spec["goal"]), in_place=spec["in_place"], max_sweeps=2000)
    if found.converged:
        verdict = "converged"
    elif found.cycle is not None:
        starts = sorted({flip[:3] for flip in found.cycle.flips})
        verdict = f"period {found.cycle.period}, {len(found.cycle.flips)} decisions flip, at {starts[:4]}..."
    else:
        verdict = "no verdict"
    return {"win": float(found.value[0, 0, 0, 0]), "sweeps": found.sweeps, "verdict": verdict}


if __name__ == "__main__":
    main(__file__, __doc__.splitlines()[0], CASES, run_case,
         [("win", "first player wins", ".6f"), ("sweeps", "sweeps", ""), ("verdict", "verdict", "")])
