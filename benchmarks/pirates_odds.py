"""Time and peak memory of pirates who weigh odds, against the seed's pirates who believe.

Run ``python benchmarks/pirates_odds.py``.  Each case runs in a fresh
process: 10, 100 and 1,000 pirates and 100 coins, with one subgroup promise
at the odds 1/2, solved by the seed's belief solver (the play) and by the
solver of pirates who weigh odds (the play in both worlds).  The promise is
made by p2, or by the middle pirate, each giving every coin to the pirate
below him and telling him alone.  The odds solver solves at most three
states per round up to the maker's (the prior odds, 0 and 1), each from the
states of the round after it, the last first; the rounds after the maker's
are the belief solver's.  So its cost grows with the maker's rank times the
pirates (every voter's price is read at each state), where the belief
solver's grows with the pirates alone.  With two or three promises (p2, p3
and p4 each promising the pirate below), a round has up to 15 or 255
states, one per set of the 4 or 8 worlds its play may leave possible.
(With three such promises among 10 pirates no pure equilibrium is found
in round 3 among the offers tried, which the solver says; with 100 or
1,000 every round has one.)
"""

from __future__ import annotations

from fractions import Fraction

from harness import main

from epistemic.models.pirates import PirateGame, promise
from epistemic.models.pirates.odds import OddsSolver

CASES = [(f"{n:,} pirates, p{maker} promises, {mind}", dict(pirates=n, maker=maker, mind=mind))
         for n in (10, 100, 1_000) for maker in sorted({2, n // 2}) for mind in ("belief", "odds")]
# several promises: p2, p3 (and p4) each promise the pirate below; a round has up to 15 (255) states
CASES += [(f"{n:,} pirates, {k} promises, odds", dict(pirates=n, maker=k + 1, mind="odds", promises=k))
          for n, k in ((10, 2), (100, 2), (1_000, 2), (100, 3), (1_000, 3))]


def run_case(spec: dict) -> dict:
    n, maker, coins = spec["pirates"], spec["maker"], 100
    # each row is written lowest-ranked first: the pirate below each maker gets every coin
    makers = range(maker - spec.get("promises", 1) + 1, maker + 1)
    promises = []
    for m in makers:
        row = [0] * (n - m + 1)
        row[-2] = coins
        promises.append(promise(n, m, row, hearers=[m + 1]))
    game = PirateGame(n, coins, promises)
    if spec["mind"] == "belief":
        play = game.play()
        return {"states": len(game.solver.dag), "rounds": len(play.rounds),
                "p1": "dead" if play.deaths and play.deaths[0] == 1 else play.payoff(1)}
    solver = OddsSolver(game, Fraction(1, 2))
    rounds = max(len(solver.path(w)) for w in solver.world_ids)
    first = solver.outcome(0)
    return {"states": solver.states(), "rounds": rounds, "p1": first.share(1) if first is not None and first.first == 1
            else "dead"}


if __name__ == "__main__":
    main(__file__, __doc__.splitlines()[0], CASES, run_case,
         [("states", "states", ","), ("rounds", "rounds", ","), ("p1", "p1 (made)", "")])
