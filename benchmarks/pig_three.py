"""Time and peak memory of three-player Piglet, solved state by state.

Run ``python benchmarks/pig_three.py``.  Each case runs in a fresh process:
every state within the goal is solved for a pure Nash equilibrium of its
stage game (``abc`` triples of hold values at ``(a, b, c)``, as the
``triples`` column counts them), in exact rationals or in floats; the
coalition of players 2 and 3 against player 1 solves each state once for
each mover (three times the states, no rotation symmetry).
"""

from __future__ import annotations

from fractions import Fraction

from harness import main

from epistemic.models.pig.three import solve
from epistemic.models.pig.three_variants import Coalition

CASES = [
    ("exact, goal 8", dict(goal=8, p=Fraction(1, 2))),
    ("floats, goal 30", dict(goal=30, p=0.5)),
    ("floats, goal 40", dict(goal=40, p=0.5)),
    ("coalition, floats, goal 30", dict(goal=30, p=0.5, coalition=True)),
]


def run_case(spec: dict) -> dict:
    goal = spec["goal"]
    triples = (goal * (goal + 1) // 2) ** 3
    if spec.get("coalition"):
        game = Coalition(spec["p"])
        start = game.solve_goal(goal)
        return {"states": len(game.dag), "triples": 3 * triples, "gain": float(start.gains[0]),
                "several": len(game.no_saddle(goal))}
    solved = solve(goal, spec["p"])
    return {"states": len(solved.dag), "triples": triples, "gain": float(solved.solve_goal(goal).gains[0]),
            "several": len(solved.multiple(goal))}


if __name__ == "__main__":
    main(__file__, __doc__.splitlines()[0], CASES, run_case,
         [("states", "states", ","), ("triples", "triples", ","), ("gain", "P1 gain", ".5f"),
          ("several", "reported", ",")])
