"""Time and peak memory of three-player Piglet: the prediction DAG against the solver by sums.

Run ``python benchmarks/pig_three.py --repeat 3``.  Each case runs in a
fresh process and solves every state within the goal, then reads each one's
solution (as the ``piglet_three`` experiment's cell does).  ``dag`` is the
original solver and the reference, which evaluates every triple of hold
values at every state (``abc`` at ``(a, b, c)``, the ``triples`` column);
``sums`` strikes out the hold values that cannot be best replies first and
evaluates what is left, ``left``.  ``digest`` is a hash of every state's
equilibria and gains: equal digests, equal solutions to the last bit.  The
``piglet_three`` cell solves by sums, and reads every state as well.
Exact gains are solved on the DAG; the coalition of players 2 and 3 solves
each state once for each mover.
"""

from __future__ import annotations

import hashlib
from fractions import Fraction

from harness import main

from epistemic.models.pig.experiments import piglet_three
from epistemic.models.pig.three import ThreePiglet
from epistemic.models.pig.three_variants import Coalition

CASES = [
    ("exact, goal 8, dag", dict(goal=8, p=Fraction(1, 2), by_sum=False)),
    ("floats, goal 24, dag", dict(goal=24, p=0.5, by_sum=False)),
    ("floats, goal 24, sums", dict(goal=24, p=0.5, by_sum=True)),
    ("floats, goal 30, dag", dict(goal=30, p=0.5, by_sum=False)),
    ("floats, goal 30, sums", dict(goal=30, p=0.5, by_sum=True)),
    ("floats, goal 40, sums", dict(goal=40, p=0.5, by_sum=True)),
    ("piglet_three cell, goal 24", dict(goal=24, p=0.5, cell=True)),
    ("coalition, floats, goal 30", dict(goal=30, p=0.5, coalition=True)),
]


def run_case(spec: dict) -> dict:
    goal = spec["goal"]
    triples = (goal * (goal + 1) // 2) ** 3
    if spec.get("coalition"):
        game = Coalition(spec["p"])
        start = game.solve_goal(goal)
        return {"triples": 3 * triples, "left": f"{3 * triples:,}", "gain": float(start.gains[0]),
                "several": len(game.no_saddle(goal)), "digest": "-"}
    if spec.get("cell"):
        cell = piglet_three(goal, spec["p"])
        return {"triples": triples, "left": "-", "gain": cell["gain_1"], "several": cell["several"] + cell["none"],
                "digest": "-"}
    game = ThreePiglet(spec["p"], by_sum=spec["by_sum"])
    states = list(game.states(goal))
    left = f"{triples if not game.by_sum else game._sums.evaluated:,}"
    digest = hashlib.sha256(repr(states).encode()).hexdigest()[:10]
    return {"triples": triples, "left": left, "gain": float(game.solve_goal(goal).gains[0]),
            "several": sum(len(s.equilibria) != 1 for s in states), "digest": digest}


if __name__ == "__main__":
    main(__file__, __doc__.splitlines()[0], CASES, run_case,
         [("triples", "triples", ","), ("left", "left", ""), ("gain", "P1 gain", ".5f"),
          ("several", "reported", ","), ("digest", "digest", "")])
