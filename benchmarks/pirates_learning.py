"""Time and peak memory of pirates who learn from the votes, at levels of anticipation.

Run ``python benchmarks/pirates_learning.py``.  Each case runs in a fresh
process.  At level 0 the cost grows with the worlds times the pirates
squared: every belief state the votes leave needs the predictions of every
later round.  Each level of anticipation weighs, for every vote, what it
would teach the pirates one level below, so a level costs a few times the
level below it (the 30-pirate cases).  The limits (50 pirates, 4,096
worlds, worlds times levels times pirates squared at most 1,000,000, the
fixpoint counting 13 levels) are checked before any work; the fixpoint also
stops before a level that would bring the predictions past 1,000,000.
"""

from __future__ import annotations

from harness import main

from epistemic.models.pirates import PirateGame, promise
from epistemic.models.pirates.learning import Suspicions, learn
from epistemic.models.pirates.syntax import parse_suspicion

# 30 pirates: p27, p28 and p29 each promise every coin to p30 and tell him alone, and every
# division each of them could have told p30 is suspected: with 2 coins 4 x 7 x 11 = 308 worlds,
# with 1 coin 3 x 4 x 5 = 60 worlds (308 worlds x 13 levels x 30^2 is over the fixpoint's limit)
THIRTY = dict(pirates=30, coins=2, promises=3, suspect_all=True)

CASES = [
    ("seed's second story, level 0 (2 worlds)", dict(pirates=5, coins=4, story=True)),
    ("seed's second story, fixpoint", dict(pirates=5, coins=4, story=True, level="fixpoint")),
    ("second story, every division suspected, level 0", dict(pirates=5, coins=4, story=True, every=True)),
    ("second story, every division suspected, level 2", dict(pirates=5, coins=4, story=True, every=True, level=2)),
    ("50 pirates, 3 coins, 8 promises to p50 (256 worlds)", dict(pirates=50, coins=3, promises=8)),
    ("40 pirates, 3 coins, 9 promises to p40 (512 worlds)", dict(pirates=40, coins=3, promises=9)),
    ("15 pirates, 1 coin, 12 promises to p15 (4,096 worlds)", dict(pirates=15, coins=1, promises=12)),
    ("30 pirates, 3 promises, every division suspected, level 0", dict(THIRTY, level=0)),
    ("30 pirates, 3 promises, every division suspected, level 1", dict(THIRTY, level=1)),
    ("30 pirates, 3 promises, every division suspected, level 2", dict(THIRTY, level=2)),
    ("30 pirates, 1 coin, 3 promises, every division suspected, fixpoint", dict(THIRTY, coins=1, level="fixpoint")),
    ("10 pirates, 2 coins, 3 promises, every division suspected, fixpoint",
     dict(THIRTY, pirates=10, level="fixpoint")),
]


def run_case(spec: dict) -> dict:
    n, coins = spec["pirates"], spec["coins"]
    suspected: list = []
    if spec.get("story"):
        made = [promise(5, 4, [2, 2], hearers=[5])]
    else:
        # the last pirates each promise every coin to p<n>, and tell him alone: he
        # tells every world apart, so each world needs predictions of its own; with
        # few coins the first proposers drown, and every failed round weighs the worlds
        makers = range(n - spec["promises"], n)
        made = [promise(n, m, [coins] + [0] * (n - m), hearers=[n]) for m in makers]
        if spec.get("suspect_all"):
            suspected = [a for m in makers for a in parse_suspicion(f"p{m}: * to p{n}", n, coins)]
    game = PirateGame(n, coins, made)
    play = learn(game, Suspicions(tuple(suspected), spec.get("every", False)), spec.get("level", 0))
    settled = "-" if play.settling is None else play.settling.text().split(":")[0].split(";")[0]
    return {"worlds": len(play.models[0]), "level": play.level, "rounds": len(play.rounds),
            "predictions": play.engine.predictions, "settling": settled}


if __name__ == "__main__":
    main(__file__, __doc__.splitlines()[0], CASES, run_case,
         [("worlds", "worlds", ","), ("level", "level", ""), ("rounds", "rounds", ","),
          ("predictions", "predictions", ","), ("settling", "fixpoint", "")])
