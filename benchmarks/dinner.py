"""Time and peak memory of the Ethiopian Dinner model.

Run ``python benchmarks/dinner.py``.  Each case runs in a fresh process:
backward induction over all ``2**n`` sub-dinners (two players alternating,
and three), crossout on long dinners (``O(n log n)``), Theorem 1 checked on
every permutation dinner of 1 to 8 morsels, the paper's experiment, the
outcomes of Figure 1 when their sums pass int64 (exact Python ints), and the
refusal of a dinner of 1,100,000 morsels in braces, counted before parsing.
"""

from __future__ import annotations

import random

from harness import main

from epistemic.models.dinner import Dinner, DinnerError, DinnerGame, crossout, parse_dinner, solve, turn_order
from epistemic.models.dinner.efficiency import experiment
from epistemic.models.dinner.outcomes import outcome_scores
from epistemic.models.dinner.theorem import check_theorem_one

CASES = [
    ("backward induction, 14 morsels", dict(job="solve", size=14, players=2)),
    ("backward induction, 16 morsels", dict(job="solve", size=16, players=2)),
    ("backward induction, 18 morsels", dict(job="solve", size=18, players=2)),
    ("backward induction, 3 players, 15", dict(job="solve", size=15, players=3)),
    ("backward induction, 3 players, 18", dict(job="solve", size=18, players=3)),
    ("crossout, 100,000 morsels", dict(job="crossout", size=100_000)),
    ("crossout, 1,000,000 morsels", dict(job="crossout", size=1_000_000)),
    ("Theorem 1, all dinners up to 8", dict(job="theorem")),
    ("experiment, 10,000 x 16", dict(job="experiment")),
    ("outcomes of 16 morsels, int64", dict(job="outcomes", big=False)),
    ("outcomes of 16 morsels past int64", dict(job="outcomes", big=True)),
    ("refuse 1,100,000 morsels in braces", dict(job="refuse")),
]


def _dinner(size: int, players: int) -> Dinner:
    rng = random.Random(size * 10 + players)
    columns = [rng.sample(range(1, size + 1), size) for _ in range(players)]
    return Dinner(list(zip(*columns)))


def run_case(spec: dict) -> dict:
    if spec["job"] == "solve":
        dinner = _dinner(spec["size"], spec["players"])
        result = solve(DinnerGame(dinner, turn_order(dinner.size, dinner.players)))
        states = len(result.solved.dag)
        return {"states": states, "moves": spec["size"] * 2 ** (spec["size"] - 1)}
    if spec["job"] == "crossout":
        crossout(_dinner(spec["size"], 2))
        return {"states": 0, "moves": spec["size"]}
    if spec["job"] == "outcomes":
        dinner = _dinner(16, 2)
        if spec["big"]:
            dinner = Dinner([(a + 2 ** 62, b) for a, b in dinner.morsels])
        return {"states": len(outcome_scores(dinner)), "moves": 12_870}
    if spec["job"] == "refuse":
        text = "{" + ",".join(f"({i},{i})" for i in range(1_100_000)) + "}"
        try:
            parse_dinner(text, most=1_000_000)
        except DinnerError:
            return {"states": 0, "moves": 1_100_000}
        raise AssertionError("a dinner over the limit was read")
    if spec["job"] == "theorem":
        check = check_theorem_one(8)
        return {"states": check.states, "moves": check.dinners}
    run = experiment(10_000, 16, seed=0)
    return {"states": run.inefficient, "moves": run.dinners}


if __name__ == "__main__":
    main(__file__, __doc__.splitlines()[0], CASES, run_case,
         [("states", "states", ","), ("moves", "moves or items", ",")])
