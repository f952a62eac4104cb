"""Time and peak memory of the pirate-game solver.

Run ``python benchmarks/pirates.py``.  Each case runs in a fresh process so
that its peak memory (the resident-set high-water mark) is its own.
Measured on a shared 2-core machine, the command line's ``--no-tables`` run
with 100 coins: 100,000 pirates take about 3.9 s and 150 MB (before the
solver shared its purchases between rounds: 19.8 s and 1.14 GB), 1,000,000
pirates about 32 s and 1.05 GB.  The JSON and
the tables are measured by ``benchmarks/pirates_json.py``.
"""

from __future__ import annotations

from harness import main

from epistemic import Knowledge
from epistemic.models.pirates import PirateGame, PirateSolver
from epistemic.models.pirates.syntax import parse_promise

CASES = [
    ("plain game, n = 91", dict(pirates=91, coins=100, promises=[])),
    ("plain game, n = 1,000", dict(pirates=1_000, coins=100, promises=[])),
    ("plain game, n = 10,000", dict(pirates=10_000, coins=100, promises=[])),
    ("plain game, n = 100,000", dict(pirates=100_000, coins=100, promises=[])),
    ("plain game, n = 1,000,000", dict(pirates=1_000_000, coins=100, promises=[])),
    ("n = 1,000, three subgroup promises", dict(pirates=1_000, coins=100, promises=[
        "p10: " + " ".join(["0"] * 990) + " 100 to p10-p400",
        "p300: " + " ".join(["1"] * 100) + " " + " ".join(["0"] * 600) + " 0 to p300-p700 p5",
        "p700: " + " ".join(["2"] * 50) + " " + " ".join(["0"] * 250) + " 0 to p1-p50 p700-p1000",
    ])),
    ("naive tree, n = 8 (seed: 651,535 predictions)", dict(pirates=8, coins=3, promises=[], naive=True)),
]


def run_case(spec: dict) -> dict:
    if spec.get("naive"):
        solver = PirateSolver(spec["pirates"], spec["coins"], memo=False)
        solver.prediction(1, Knowledge.of([]))
        return {"predictions": len(solver.dag)}
    promises = [parse_promise(p, spec["pirates"]) for p in spec["promises"]]
    game = PirateGame(spec["pirates"], spec["coins"], promises)
    play = game.play()
    for group in game.knowledge_groups():  # every prediction behind the tables
        for r in range(1, spec["pirates"] + 1):
            game.prediction(r, group.knowledge)
    return {"predictions": game.dag_nodes(), "overboard": len(play.deaths)}


if __name__ == "__main__":
    main(__file__, __doc__.splitlines()[0], CASES, run_case, [("predictions", "predictions", ",")])
