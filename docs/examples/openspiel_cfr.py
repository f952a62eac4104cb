"""Train OpenSpiel's CFR on the pirate game with a subgroup promise, and weigh our solution.

    python docs/examples/openspiel_cfr.py [ITERATIONS]

Three pirates share one coin; p2 may have promised p3, in private, to give
him the coin when p2 leads, and p1 cannot tell.  CFR learns from self-play;
its average policy's NashConv (what best responses would gain against it)
falls towards 0, where our solution already is in this game (at the odds
1/2 the promise changes no best reply; see docs/interop.md, "Belief, not
odds").  The game has many equilibria, and what each play pays shows that
CFR's is not ours.
"""

from __future__ import annotations

import sys

import pyspiel
from open_spiel.python import policy as policies
from open_spiel.python.algorithms import expected_game_score, exploitability

import epistemic.openspiel  # noqa: F401  (registers the epistemic_* games with pyspiel)
from epistemic.openspiel import policy_of

GAME = "epistemic_pirates(pirates=3,coins=1,promises=p2: 1 0 to p3)"


def main(iterations: int = 100) -> None:
    game = pyspiel.load_game(GAME)
    solver = pyspiel.CFRSolver(game)
    for done in range(1, iterations + 1):
        solver.evaluate_and_update_policy()
        if done % max(1, iterations // 4) == 0 or done == iterations:
            print(f"CFR, {done} iterations: NashConv {pyspiel.nash_conv(game, solver.average_policy()):.4f}")
    learned = solver.average_policy()
    cfr = policies.tabular_policy_from_callable(game, lambda state: dict(learned.get_state_policy(state)))
    ours = policies.tabular_policy_from_callable(game, policy_of(game))
    print(f"our solution: NashConv {exploitability.nash_conv(game, ours):.4f}")
    for name, played in (("CFR's average play", cfr), ("our solution", ours)):
        paid = expected_game_score.policy_value(game.new_initial_state(), [played] * game.num_players())
        print(f"{name} pays p1, p2, p3: " + " ".join(f"{v:.3f}" for v in paid))


if __name__ == "__main__":
    main(int(sys.argv[1]) if len(sys.argv) > 1 else 100)
