"""Our games in OpenSpiel: they load by name, pass OpenSpiel's own simulation tests, and
OpenSpiel's algorithms agree with our solutions.

Needs the optional extra ``openspiel``; ``.ci/run`` installs it.
"""

from __future__ import annotations

import math

import numpy as np
import pytest

from cli_runs import HUNG  # noqa: E402
from extras import extra  # noqa: E402

pyspiel = extra("pyspiel", "openspiel")

import epistemic.openspiel  # noqa: E402,F401  (registers the games)
from open_spiel.python import policy as policies  # noqa: E402
from open_spiel.python.algorithms import evaluate_bots, expected_game_score, exploitability  # noqa: E402

from epistemic.openspiel import policy_of, registered  # noqa: E402
from epistemic.models.dinner.spiel import dinner_tree  # noqa: E402
from epistemic.models.dinner.game import solve as solve_dinner  # noqa: E402
from epistemic.models.pig import evaluate, hold_at, piglet, solve as solve_jeopardy  # noqa: E402
from epistemic.models.pirates import PirateGame, promise  # noqa: E402


def test_every_model_game_is_registered():
    assert sorted(registered()) == ["epistemic_dinner", "epistemic_numberline", "epistemic_piglet",
                                    "epistemic_pirates"]
    names = {game.short_name for game in pyspiel.registered_games()}
    assert set(registered()) <= names


SIMULATED = [
    "epistemic_pirates(pirates=5,coins=3)",
    "epistemic_pirates(pirates=5,coins=3,promises=p2: 1 1 0 1 to p3 p4 p5)",
    "epistemic_pirates(pirates=4,coins=2,promises=p3: 2 0 to p4;p2: 0 0 2 to p3,majority=strict)",
    "epistemic_dinner",
    "epistemic_dinner(morsels=1 2 3|2 3 1|3 1 2|4 4 4|0 5 1,order=thue-morse)",
    "epistemic_numberline",
    "epistemic_numberline(values=1 5 2.5 8,players=2,clock=True)",
    "epistemic_piglet",
    "epistemic_piglet(players=3,goal=6)",
    "epistemic_piglet(players=5,goal=4,horizon=200)",
]


@pytest.mark.parametrize("name", SIMULATED)
def test_openspiel_conformance(name):
    """OpenSpiel's random simulation test: legal moves, chance odds, returns, information
    states, cloning and undo, on random plays."""
    game = pyspiel.load_game(name)
    pyspiel.random_sim_test(game, num_sims=10, serialize=False, verbose=False)


def test_a_subgroup_promise_is_private_information():
    game = pyspiel.load_game("epistemic_pirates(pirates=3,coins=1,promises=p2: 1 0 to p3)")
    assert game.get_type().information == pyspiel.GameType.Information.IMPERFECT_INFORMATION
    state = game.new_initial_state()
    assert state.is_chance_node() and [state.action_to_string(a) for a, _ in state.chance_outcomes()] == [
        "p2 promised", "no subgroup promise"]
    made, unmade = state.child(0), state.child(1)
    # p1, who did not hear it, cannot tell the worlds apart; p2 and p3, who did, can
    assert made.information_state_string(0) == unmade.information_state_string(0)
    assert made.information_state_string(1) != unmade.information_state_string(1)
    assert made.information_state_string(2) != unmade.information_state_string(2)


def test_votes_are_cast_unseen():
    game = pyspiel.load_game("epistemic_pirates(pirates=3,coins=2)")
    state = game.new_initial_state()
    state.apply_action(state.legal_actions()[0])            # p1 offers
    yes, no = state.child(game.tree.action_names.index("yes")), state.child(game.tree.action_names.index("no"))
    assert yes.current_player() == no.current_player() == 1
    assert yes.information_state_string(1) == no.information_state_string(1)    # p2 does not see p1's vote
    assert yes.information_state_string(0) != no.information_state_string(0)    # p1 knows his own


def _our_policy(game):
    return policies.tabular_policy_from_callable(game, lambda state: policy_of(game)(state))


AGREEING = [
    ("epistemic_pirates(pirates=3,coins=2)", PirateGame(3, 2)),
    ("epistemic_pirates(pirates=3,coins=1,promises=p3: 1)", PirateGame(3, 1, [promise(3, 3, [1])])),
    ("epistemic_pirates(pirates=3,coins=1,promises=p2: 1 0 to p3)",
     PirateGame(3, 1, [promise(3, 2, [1, 0], hearers=[3])])),
    ("epistemic_pirates(pirates=2,coins=3,majority=strict)", None),
]


@pytest.mark.parametrize("name, played", AGREEING, ids=[a for a, _ in AGREEING])
def test_pirates_values_and_nash_conv_in_openspiel(name, played):
    """OpenSpiel's best responses gain nothing against our play: NashConv 0 (for the subgroup's
    promise here, at the odds 1/2, as well); where every promise is public, OpenSpiel's policy
    evaluation of our play gives the payoffs of the game's own play."""
    game = pyspiel.load_game(name)
    ours = _our_policy(game)
    values = expected_game_score.policy_value(game.new_initial_state(), [ours] * game.num_players())
    if played is not None and not played.announcements or played is not None and all(
            a.is_public for a in played.announcements):
        expected = [played.play().payoff(rank) for rank in range(1, played.pirates + 1)]
        assert values.tolist() == pytest.approx(expected)
    assert exploitability.nash_conv(game, ours) == pytest.approx(0, abs=1e-12)


@pytest.mark.parametrize("morsels, order", [("1 2|2 3|3 1", "alternating"), ("5 1|4 2|3 3|2 4|1 5", "ABBAB"),
                                            ("1 5 2|2 4 6|3 3 1|4 2 5", "alternating")])
def test_dinner_values_and_nash_conv_in_openspiel(morsels, order):
    game = pyspiel.load_game(f"epistemic_dinner(morsels={morsels},order={order})")
    ours = _our_policy(game)
    values = expected_game_score.policy_value(game.new_initial_state(), [ours] * game.num_players())
    tree = dinner_tree(morsels, order)
    assert values.tolist() == pytest.approx([float(v) for v in solve_dinner(tree.game).scores])
    assert exploitability.nash_conv(game, ours) == pytest.approx(0, abs=1e-12)


@pytest.mark.parametrize("params, payoffs", [("stacks=10,players=3", (21, 19, 15)),   # the seed's game
                                             ("stacks=6,players=2", (11, 10))])
def test_numberline_values_and_nash_conv_in_openspiel(params, payoffs):
    """The seed's three players on stacks 1 to 10 get 21, 19 and 15 (p1 on 5, p2 on 9, p3 on 8)."""
    game = pyspiel.load_game(f"epistemic_numberline({params})")
    ours = _our_policy(game)
    values = expected_game_score.policy_value(game.new_initial_state(), [ours] * game.num_players())
    assert values.tolist() == pytest.approx(payoffs)
    assert exploitability.nash_conv(game, ours) == pytest.approx(0, abs=1e-12)


class _OurBot(pyspiel.Bot):
    """A bot that plays our solution (OpenSpiel's own ``PolicyBot`` refuses a policy whose only
    legal action is numbered 0, as a Piglet turn's first flip is)."""

    def __init__(self, game):
        pyspiel.Bot.__init__(self)
        self._act = policy_of(game)

    def restart_at(self, state):
        pass

    def inform_action(self, state, player_id, action):
        pass

    def step(self, state):
        return max(self._act(state).items(), key=lambda pair: pair[1])[0]


class _HoldAtOne(_OurBot):
    """A bot that banks every head at once: hold at a turn total of 1."""

    def step(self, state):
        names = state.get_game().tree.action_names
        legal = [names[a] for a in state.legal_actions()]
        return names.index("hold" if "hold" in legal else "flip")


def _mean_returns(game, bots, games, seed):
    rng = np.random.RandomState(seed)
    returns = np.array([evaluate_bots.evaluate_bots(game.new_initial_state(), bots, rng) for _ in range(games)])
    return returns.mean(axis=0), returns.std(axis=0, ddof=1) / math.sqrt(games)


@pytest.mark.parametrize("optimal_first", [True, False])
def test_two_player_piglet_played_by_openspiels_bots_wins_as_we_compute(optimal_first):
    """OpenSpiel's ``evaluate_bots`` plays our optimal policy against a player who holds at 1,
    in Piglet to 4, 2,000 games: p1's mean return lies within 3 standard errors of 2P - 1, P
    the chance our layers give him (0.6103 when the optimal player starts, 0.4689 when the
    other one does), far from the 0.0737 of optimal play on both sides."""
    game = pyspiel.load_game("epistemic_piglet(players=2,goal=4)")
    bots = [_OurBot(game), _HoldAtOne(game)] if optimal_first else [_HoldAtOne(game), _OurBot(game)]
    rules = piglet(4)
    holds = [solve_jeopardy(rules).holds, hold_at(rules, 1)]
    p = float(evaluate(rules, *(holds if optimal_first else holds[::-1])))
    mean, error = _mean_returns(game, bots, 2_000, seed=6)
    assert abs(mean[0] - (2 * p - 1)) < 3 * error[0], (mean, p, error)


def test_three_player_piglet_played_by_openspiels_bots_pays_as_we_compute():
    """OpenSpiel's ``evaluate_bots`` plays our three-player equilibrium to the goal 3 for 4,000
    games: each player's mean return lies within 3 standard errors of the equilibrium's gains
    (halved to OpenSpiel's scale), and p1's lead over p3 shows."""
    game = pyspiel.load_game("epistemic_piglet(players=3,goal=3)")
    mean, errors = _mean_returns(game, [_OurBot(game) for _ in range(3)], 4_000, seed=7)
    expected = [float(v) for v in game.tree.values()]
    assert (abs(mean - expected) < 3 * errors).all(), (mean, expected, errors)
    assert mean[0] - mean[2] > 3 * (errors[0] + errors[2])


def test_the_documented_cfr_example_runs():
    """docs/interop.md's example trains CFR and weighs our solution: CFR's NashConv falls as it
    learns, towards another equilibrium than ours (p1 gets about 1/2 where ours gives him -1/2),
    and ours has NashConv 0."""
    import subprocess
    import sys
    from pathlib import Path
    script = Path(__file__).resolve().parent.parent / "docs" / "examples" / "openspiel_cfr.py"
    done = subprocess.run([sys.executable, str(script), "10"], capture_output=True, text=True, timeout=HUNG)
    assert done.returncode == 0, done.stderr
    lines = done.stdout.splitlines()
    heads = [f"CFR, {k} iterations" for k in (2, 4, 6, 8, 10)]
    assert [line.split(":")[0] for line in lines] == heads + ["our solution", "CFR's average play pays p1, p2, p3",
                                                             "our solution pays p1, p2, p3"]
    falls = [float(line.rsplit(" ", 1)[1]) for line in lines[:5]]
    assert falls == sorted(falls, reverse=True) and falls[-1] < 0.2
    assert lines[5] == "our solution: NashConv 0.0000"
    assert lines[7] == "our solution pays p1, p2, p3: -0.500 0.000 1.000"
    learned = [float(v) for v in lines[6].split(": ")[1].split()]
    assert learned[0] > 0.4 and learned[2] < 0.1


@pytest.mark.parametrize("chance, gain", [("1/10", 0.0), ("9/10", 1.6)])
def test_outsiders_who_think_a_promise_likely_would_play_otherwise(chance, gain):
    """Our pirates outside a subgroup believe what they heard: no promise (the seed's
    semantics).  As a chance move, p2's private promise of both coins to p3 changes nothing
    for p1 while it is unlikely; made with the odds 9/10, p1 would gain 1.6 coins by
    weighing it, and OpenSpiel's best response finds exactly that."""
    game = pyspiel.load_game(f"epistemic_pirates(pirates=3,coins=2,promises=p2: 2 0 to p3,promise_chance={chance})")
    found = exploitability.nash_conv(game, _our_policy(game), return_only_nash_conv=False)
    assert found.player_improvements.tolist() == pytest.approx([gain, 0, 0])
