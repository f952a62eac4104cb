"""Time and peak memory of pirates who learn from the votes.

Run ``python benchmarks/pirates_learning.py``.  Each case runs in a fresh
process.  The cost grows with the worlds times the pirates squared: every
world whose promises differ needs the predictions of every later round on
them.  Only rounds that fail weigh the worlds.  The limits (50 pirates, 4,096
worlds, worlds times pirates squared at most 1,000,000) keep a game to a
few seconds on a 2-core machine; the last three cases come near them.
"""

from __future__ import annotations

from harness import main

from epistemic.models.pirates import PirateGame, promise
from epistemic.models.pirates.learning import Suspicions, learn

CASES = [
    ("seed's second story (2 worlds)", dict(pirates=5, coins=4, story=True)),
    ("second story, every division suspected", dict(pirates=5, coins=4, story=True, every=True)),
    ("50 pirates, 3 coins, 8 promises to p50 (256 worlds)", dict(pirates=50, coins=3, promises=8)),
    ("40 pirates, 3 coins, 9 promises to p40 (512 worlds)", dict(pirates=40, coins=3, promises=9)),
    ("15 pirates, 1 coin, 12 promises to p15 (4,096 worlds)", dict(pirates=15, coins=1, promises=12)),
]


def run_case(spec: dict) -> dict:
    n, coins = spec["pirates"], spec["coins"]
    if spec.get("story"):
        made = [promise(5, 4, [2, 2], hearers=[5])]
    else:
        # the last pirates each promise every coin to p<n>, and tell him alone: he
        # tells every world apart, so each world needs predictions of its own; with
        # few coins the first proposers drown, and every failed round weighs the worlds
        made = []
        for maker in range(n - spec["promises"], n):
            row = [0] * (n - maker + 1)
            row[0] = coins
            made.append(promise(n, maker, row, hearers=[n]))
    game = PirateGame(n, coins, made)
    play = learn(game, Suspicions(every_division=spec.get("every", False)))
    return {"worlds": len(play.models[0]), "rounds": len(play.rounds), "predictions": game.dag_nodes()}


if __name__ == "__main__":
    main(__file__, __doc__.splitlines()[0], CASES, run_case,
         [("worlds", "worlds", ","), ("rounds", "rounds", ","), ("predictions", "predictions", ",")])
