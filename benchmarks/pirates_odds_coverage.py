"""How many small pirate games pirates who weigh odds solve in pure moves, and where they stop.

Run ``python benchmarks/pirates_odds_coverage.py`` (about two hours;
``--only TEXT`` runs the cases whose name holds TEXT, and a terminal shows
each case's progress). The spaces are those of docs/pirates.md, "What it
does not do", each at the odds 1/10, 1/2 and 9/10, with survival first or
death worth a coin, and each but the 5-pirate games small enough to export
to Gambit and OpenSpiel: 4 and 5 pirates, 1 to 3 coins, one subgroup promise
by any pirate but the first and the last, of any division of the coins, told
to one or two of the others (4,728 games); 3 pirates, 1 to 11 coins, a
promise of p2, or one of p2 and one of p3, each told to one of the others
(2,772); 4 pirates, one or two coins, a promise of p2 and one of p3, each of
any division told to one or two others (1,296 and 3,888 games), or one of
them told to all (1,728); and 4 pirates, one coin, a promise of each of p2,
p3 and p4 (7,776, about an hour and a half). A game is *solved* when every
world's play is found; else it stops at a vote whose hearers have no
equilibrium in pure votes or at offers of a proposer who heard a promise
that have none among the profiles tried. Each case is one count of pirates
and promises.
"""

from __future__ import annotations

from fractions import Fraction
from itertools import combinations, product

from harness import main, progress

from epistemic.models.pirates import PirateGame, PirateGameError, promise
from epistemic.models.pirates.division import divisions
from epistemic.models.pirates.odds import OddsSolver
from epistemic.models.pirates.worth import Worth

ODDS = (Fraction(1, 10), Fraction(1, 2), Fraction(9, 10))
WORTHS = (Worth(), Worth(-1))

CASES = [(f"{n} pirates, one promise", dict(pirates=n)) for n in (4, 5)]
CASES += [("3 pirates, one promise, 1-11 coins", dict(pirates=3, coins=range(1, 12))),
          ("3 pirates, two promises, 1-11 coins", dict(pirates=3, makers=(2, 3), coins=range(1, 12)))]
CASES += [(f"4 pirates, two promises, {coins} coin{'s' if coins > 1 else ''}",
           dict(pirates=4, makers=(2, 3), coins=(coins,))) for coins in (1, 2)]
CASES += [("4 pirates, two promises, one public, 1-2 coins", dict(pirates=4, makers=(2, 3), coins=(1, 2), public=True)),
          ("4 pirates, three promises, 1 coin", dict(pirates=4, makers=(2, 3, 4), coins=(1,)))]


def _promises(n: int, coins: int, maker: int, public: bool = False):
    """Every promise of ``maker`` among ``n`` pirates: each division, to everyone or else to one
    or two hearers (not all the others, which would make it public)."""
    others = [r for r in range(1, n + 1) if r != maker]
    for row in divisions(coins, n - maker + 1):
        if public:
            yield promise(n, maker, list(row))
            continue
        for k in (1, 2)[:len(others) - 1]:
            for hearers in combinations(others, k):
                yield promise(n, maker, list(row), hearers=list(hearers))


def _games(spec: dict):
    n = spec["pirates"]
    for coins in spec.get("coins", (1, 2, 3)):
        if "makers" in spec:   # one promise of each maker; with "public", one of them told to all
            for public in spec["makers"] if spec.get("public") else (None,):
                promises = [_promises(n, coins, maker, maker == public) for maker in spec["makers"]]
                for made in product(*promises):
                    yield PirateGame(n, coins, list(made))
            continue
        for maker in range(2, n):
            for made in _promises(n, coins, maker):
                yield PirateGame(n, coins, [made])


def run_case(spec: dict) -> dict:
    counts = {"games": 0, "solved": 0, "vote": 0, "offers": 0}
    games = list(_games(spec))
    for done, game in enumerate(games):
        progress(done, len(games), "games")
        for odds in ODDS:
            for worth in WORTHS:
                counts["games"] += 1
                try:
                    solver = OddsSolver(game, odds, worth)
                    for world in solver.world_ids:
                        solver.path(world)
                    counts["solved"] += 1
                except PirateGameError as stop:
                    counts["vote" if "votes on" in str(stop) else "offers"] += 1
    progress(len(games), len(games), "games")
    return counts


if __name__ == "__main__":
    main(__file__, __doc__.splitlines()[0], CASES, run_case,
         [("games", "games", ","), ("solved", "solved", ","), ("vote", "stop at a vote", ","),
          ("offers", "stop at offers", ",")])
