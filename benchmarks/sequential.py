"""Time and peak memory of backward induction on the prediction DAG.

Run ``python benchmarks/sequential.py``.  Each case runs in a fresh process
and solves every state reachable from the start: the centipede game (two
moves a state, a chain as long as the game) and a row of coins taken from
either end (two moves a state, states shared by many paths).
"""

from __future__ import annotations

from harness import main

from epistemic import BackwardInduction
from epistemic.models.centipede import Centipede

CASES = [
    ("centipede, 1,000 moves", dict(game="centipede", size=1_000)),
    ("centipede, 100,000 moves", dict(game="centipede", size=100_000)),
    ("coins from a row of 200", dict(game="coins", size=200)),
    ("coins from a row of 600", dict(game="coins", size=600)),
]


class Coins:
    """Two players take turns taking a coin from either end of a row."""

    def __init__(self, row):
        self.row = row

    def mover(self, state):
        left, right, player = state
        return None if left > right else player

    def moves(self, state):
        left, right, player = state
        return [("left", (left + 1, right, 1 - player)), ("right", (left, right - 1, 1 - player))]

    def gains(self, state, move):
        left, right, player = state
        coin = self.row[left] if move == "left" else self.row[right]
        return (coin, 0) if player == 0 else (0, coin)

    def payoffs(self, state):
        return (0, 0)


def run_case(spec: dict) -> dict:
    n = spec["size"]
    if spec["game"] == "centipede":
        solved = Centipede(length=n, large=3, small=1, factor=1).solve()
        solved.play(1)
    else:
        solved = BackwardInduction(Coins([(7 * i) % 11 for i in range(n)]))
        solved.play((0, n - 1, 0))
    moves = sum(len(solved.dag.children(state)) for state in solved.dag.keys())
    return {"states": len(solved.dag), "moves": moves}


if __name__ == "__main__":
    main(__file__, __doc__.splitlines()[0], CASES, run_case, [("states", "states", ","), ("moves", "moves", ",")])
