"""Time and peak memory of two-player Pig and Piglet: layer by layer against value iteration.

Run ``python benchmarks/pig.py``.  Each case runs in a fresh process.  The
layered solver visits each score sum once, with a few rounds of policy
iteration in each; value iteration sweeps every turn start until no value
changes by more than 1e-13, and the two answers are compared (that case
also runs the layered solver once, about 1.5 s of its time).
"""

from __future__ import annotations

import numpy as np
from harness import main

from epistemic.models.pig import hold_at, evaluate, pig, piglet, solve
from epistemic.models.pig.iteration import value_iteration

CASES = [
    ("Pig to 100, layer by layer", dict(game="pig", goal=100, method="layers")),
    ("Pig to 100, value iteration", dict(game="pig", goal=100, method="iteration")),
    ("Pig to 100, hold at 20 against optimal play", dict(game="pig", goal=100, method="hold20")),
    ("Piglet to 10, exact fractions", dict(game="piglet", goal=10, method="exact")),
    ("Pig to 200, layer by layer", dict(game="pig", goal=200, method="layers")),
]


def run_case(spec: dict) -> dict:
    rules = pig(spec["goal"]) if spec["game"] == "pig" else piglet(spec["goal"])
    method = spec["method"]
    if method == "iteration":
        found = value_iteration(rules)
        return {"win": float(found.value[0, 0]), "work": f"{found.sweeps} sweeps",
                "gap": f"{float(np.max(np.abs(found.value - solve(rules).values))):.1e}"}
    solved = solve(rules, exact=method == "exact")
    if method == "hold20":
        rule = hold_at(rules, 20)
        return {"win": float(evaluate(rules, rule, solved.holds)), "work": "solve + 1 evaluation", "gap": "-"}
    return {"win": float(solved.win_probability), "work": f"<= {solved.rounds} rounds a layer", "gap": "-"}


if __name__ == "__main__":
    main(__file__, __doc__.splitlines()[0], CASES, run_case,
         [("win", "first player wins", ".6f"), ("work", "work", ""), ("gap", "largest gap to layers", "")])
