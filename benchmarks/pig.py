"""Time and peak memory of two-player Pig and Piglet: pair by pair against layer by layer and value iteration.

Run ``python benchmarks/pig.py`` (``--repeat 5`` for medians).  Each case
runs in a fresh process.  The pair-by-pair solver (the one the API and the
commands use) sweeps the turn totals of a score sum once, twice where a
decision changes once the pair is solved; the layer-by-layer solver, kept
as the reference, takes a few rounds of policy iteration in each score sum,
each a sweep.  Value iteration sweeps every turn start until no value
changes by more than 1e-13, and its answer is compared with the pair-by-pair
solver's (that case also runs that solver once, about 0.1 s of its time).
"Hold at 20" solves and then evaluates the rule against optimal play once.
"""

from __future__ import annotations

import numpy as np
from harness import main

from epistemic.models.pig import hold_at, layers, pairs, pig, piglet
from epistemic.models.pig.iteration import value_iteration

CASES = [
    ("Pig to 100, pair by pair", dict(game="pig", goal=100, method="pairs")),
    ("Pig to 100, layer by layer (reference)", dict(game="pig", goal=100, method="layers")),
    ("Pig to 100, value iteration", dict(game="pig", goal=100, method="iteration")),
    ("Pig to 100, hold at 20 against optimal play, pair by pair", dict(game="pig", goal=100, method="pairs hold20")),
    ("Pig to 100, hold at 20 against optimal play, layer by layer", dict(game="pig", goal=100, method="layers hold20")),
    ("Piglet to 10, exact fractions, pair by pair", dict(game="piglet", goal=10, method="pairs exact")),
    ("Piglet to 10, exact fractions, layer by layer", dict(game="piglet", goal=10, method="layers exact")),
    ("Pig to 200, pair by pair", dict(game="pig", goal=200, method="pairs")),
    ("Pig to 200, layer by layer (reference)", dict(game="pig", goal=200, method="layers")),
]


def run_case(spec: dict) -> dict:
    rules = pig(spec["goal"]) if spec["game"] == "pig" else piglet(spec["goal"])
    method = spec["method"]
    if method == "iteration":
        found = value_iteration(rules)
        return {"win": float(found.value[0, 0]), "work": f"{found.sweeps} sweeps",
                "gap": f"{float(np.max(np.abs(found.value - pairs.solve(rules).values))):.1e}"}
    solver = pairs if method.startswith("pairs") else layers
    solved = solver.solve(rules, exact=method.endswith("exact"))
    if method.endswith("hold20"):
        rule = hold_at(rules, 20)
        return {"win": float(solver.evaluate(rules, rule, solved.holds)), "work": "solve + 1 evaluation", "gap": "-"}
    return {"win": float(solved.win_probability), "work": f"<= {solved.rounds} rounds a layer", "gap": "-"}


if __name__ == "__main__":
    main(__file__, __doc__.splitlines()[0], CASES, run_case,
         [("win", "first player wins", ".6f"), ("work", "work", ""), ("gap", "largest gap to pairs", "")])
