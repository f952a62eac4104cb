"""Time and peak memory of the pirate-game solver.

Run ``python benchmarks/pirates.py`` (``--repeat 3`` for medians).  Each case
runs in a fresh process so that its peak memory (the resident-set high-water
mark, about 55 MiB of it the interpreter and the package) is its own.  A
case solves the game and composes the report as ``epistemic pirates
--no-tables`` does; the cases marked "generators" solve every round through
the DAG's generators (``PirateSolver(chain=False)``), as the solver did before
rounds of public knowledge were solved as a chain, and are the baseline of
the case above them.

Measured on a shared 2-core machine with 100 coins, medians of 3 runs, CPU
seconds (the machine was so busy that each took some 12 s of the wall):
100,000 pirates take 0.89 s and 66 MiB (generators: 3.3 s, 131 MiB),
1,000,000 pirates 10.0 s and 158 MiB (before, as measured then: 41.9 s and 840 MB; about 7.5 s on a
quieter machine).  Time grows in proportion to the pirates, under 10
microseconds a round; memory by about 100 bytes a round.  Public promises
cost the same; a subgroup promise is solved by the generators for every
round its maker is aboard, about 80 microseconds and 1.5 KB a prediction.  The JSON
and the tables are measured by ``benchmarks/pirates_json.py``.
"""

from __future__ import annotations

from harness import main

from epistemic import Knowledge
from epistemic.models.pirates import PirateGame, PirateSolver
from epistemic.models.pirates.game import promise
from epistemic.models.pirates.report import format_report
from epistemic.models.pirates.syntax import parse_promise


def _promises(pirates: int, public: bool) -> list[tuple[int, list[int], list[int] | None]]:
    """Three promises, by p10 and by the pirates three and seven tenths down the ranks: each
    maker keeps every coin (the middle one gives half to the pirate below him); subgroup ones
    are heard by the maker and a third of the crew below him."""
    made = []
    for i, maker in enumerate((10, pirates * 3 // 10, pirates * 7 // 10)):
        row = [0] * (pirates - maker + 1)
        row[-1] = 50 if i == 1 else 100
        row[-2] += 50 if i == 1 else 0
        hearers = None if public else list(range(maker, min(pirates, maker + pirates // 3) + 1))
        made.append((maker, row, hearers))
    return made


CASES = [
    ("plain game, n = 91", dict(pirates=91, coins=100)),
    ("plain game, n = 1,000", dict(pirates=1_000, coins=100)),
    ("plain game, n = 10,000", dict(pirates=10_000, coins=100)),
    ("plain game, n = 100,000", dict(pirates=100_000, coins=100)),
    ("  generators, n = 100,000", dict(pirates=100_000, coins=100, chain=False)),
    ("plain game, n = 1,000,000", dict(pirates=1_000_000, coins=100)),
    ("  generators, n = 1,000,000", dict(pirates=1_000_000, coins=100, chain=False)),
    ("n = 100,000, three public promises", dict(pirates=100_000, coins=100, made="public")),
    ("n = 10,000, three subgroup promises", dict(pirates=10_000, coins=100, made="subgroup")),
    ("n = 20,000, three subgroup promises", dict(pirates=20_000, coins=100, made="subgroup")),
    ("n = 1,000, three subgroup promises, tables", dict(pirates=1_000, coins=100, tables=True, promises=[
        "p10: " + " ".join(["0"] * 990) + " 100 to p10-p400",
        "p300: " + " ".join(["1"] * 100) + " " + " ".join(["0"] * 600) + " 0 to p300-p700 p5",
        "p700: " + " ".join(["2"] * 50) + " " + " ".join(["0"] * 250) + " 0 to p1-p50 p700-p1000",
    ])),
    ("naive tree, n = 8 (seed: 651,535 predictions)", dict(pirates=8, coins=3, naive=True)),
]


def run_case(spec: dict) -> dict:
    n, coins = spec["pirates"], spec["coins"]
    if spec.get("naive"):
        solver = PirateSolver(n, coins, memo=False)
        solver.prediction(1, Knowledge.of([]))
        return {"predictions": len(solver.dag)}
    promises = [parse_promise(p, n) for p in spec.get("promises", [])]
    if "made" in spec:
        promises = [promise(n, maker, row, hearers) for maker, row, hearers in _promises(n, spec["made"] == "public")]
    game = PirateGame(n, coins, promises, solver=PirateSolver(n, coins, chain=spec.get("chain", True)))
    play = game.play()
    format_report(game, tables=spec.get("tables", False))  # as the command line writes it
    if spec.get("tables"):
        for group in game.knowledge_groups():  # every prediction behind the tables
            for r in range(1, n + 1):
                game.prediction(r, group.knowledge)
    return {"predictions": game.dag_nodes(), "overboard": len(play.deaths)}


if __name__ == "__main__":
    main(__file__, __doc__.splitlines()[0], CASES, run_case, [("predictions", "predictions", ",")])
