"""Three-player Piglet solved score sum by score sum against the prediction DAG, state by state.

The DAG (``ThreePiglet(p, by_sum=False)``) is the reference: it evaluates
every triple of hold values at every state.  The solver by sums strikes out
hold values before it evaluates anything, so every state's equilibria, the
hold values played and the gains must come out the same, to the last bit.
"""

from __future__ import annotations

from fractions import Fraction

import numpy as np
import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from epistemic.models.pig.three import ONE_WINNER, PigletError, Rewards, ThreePiglet
from epistemic.models.pig import three_sums
from epistemic.models.pig.three_sums import ENOUGH, GROUPS, SumSolver, _Box, prune


def _every_state(game: ThreePiglet, goal: int) -> list:
    return list(game.states(goal))


def _same_as_the_dag(p, goal, rewards=ONE_WINNER, enough=ENOUGH) -> ThreePiglet:
    fast, reference = ThreePiglet(p, rewards), ThreePiglet(p, rewards, by_sum=False)
    assert fast.by_sum and not reference.by_sum
    fast._sums = SumSolver(p, rewards, enough=enough)
    solved, expected = _every_state(fast, goal), _every_state(reference, goal)
    # StateSolution compares holds, gains (floats, exactly) and every equilibrium in order
    for got, want in zip(solved, expected, strict=True):
        assert got == want, want.state
    return fast


@pytest.mark.parametrize("enough", [1, ENOUGH], ids=["struck-out-to-the-end", "enough-left"])
@pytest.mark.parametrize("p, goal", [
    (0.5, 12),      # the paper's coin; (2, 3, 5) and its orders have two equilibria of equal gains
    (0.33, 10),     # (2, 7, 6) has no pure equilibrium: 364 states without gains
    (0.29, 10),     # equilibria with different gains
    (0.384, 5),     # a gap of the grid of thousandths
    (0.05, 8), (0.95, 8), (0.999, 6),
    (1.0, 5),       # every flip a head: nothing is struck out
])
def test_every_state_is_the_dags(p, goal, enough):
    # striking out as far as it goes tests the bounds hardest; the solver's default stops at
    # ENOUGH triples a state, and at these goals most states stop after the first round
    _same_as_the_dag(p, goal, enough=enough)


def test_stage_games_cut_into_small_pieces_are_the_dags(monkeypatch):
    # a sum's triples are evaluated in pieces of whole states of about BATCH triples: with a small
    # BATCH a sum takes many pieces, and states with more triples than BATCH take one each
    monkeypatch.setattr(three_sums, "BATCH", 40)
    for enough in (1, 1000):
        _same_as_the_dag(0.5, 8, enough=enough)


@pytest.mark.parametrize("rewards", [Rewards.full_ranking(3, 1, 2), Rewards.one_winner(4, -2),
                                     Rewards.full_ranking(5, 5, 1)], ids=["ranked", "doubled", "second-as-winner"])
def test_other_rewards_are_the_dags(rewards):
    _same_as_the_dag(0.5, 8, rewards)


@settings(max_examples=30, deadline=None)
@given(st.floats(0.001, 1.0), st.integers(1, 7),
       st.sampled_from([ONE_WINNER, Rewards.full_ranking(3, 1, 2), Rewards.full_ranking(2, -1, 4)]))
def test_any_coin_and_goal_give_the_dags_states(p, goal, rewards):
    _same_as_the_dag(p, goal, rewards)


def test_goal_twenty_is_the_dags():
    # a goal where most hold values are struck out, the states within it compared one by one
    _same_as_the_dag(0.5, 20)


def test_a_box_grown_step_by_step_is_the_box_solved_at_once():
    step = ThreePiglet(0.5)
    for goal in (3, 4, 9, 11):
        step.solve_goal(goal)
    assert _every_state(step, 11) == _every_state(ThreePiglet(0.5), 11)
    assert len(step) == 11 ** 3 + 3 * 11 ** 2


def test_striking_out_keeps_every_equilibrium_and_leaves_few_triples():
    # the evaluation of every triple (pruned=False) is the DAG's arithmetic, batched
    pruned, every = SumSolver(0.5, ONE_WINNER), SumSolver(0.5, ONE_WINNER, pruned=False)
    pruned.solve(14)
    every.solve(14)
    states = [(a, b, c) for a in range(1, 15) for b in range(1, 15) for c in range(1, 15)]
    assert [pruned.solution(s) for s in states] == [every.solution(s) for s in states]
    # what is left at the start of goal 14, and over a sum of states
    left = _left_at(0.5, 14, [(14, 14, 14)])
    assert 1 <= left[0].sum() * left[1].sum() * left[2].sum() <= 8
    sum_30 = [(a, b, 30 - a - b) for a in range(2, 15) for b in range(2, 15) if 2 <= 30 - a - b <= 14]
    left = _left_at(0.5, 14, sum_30)
    assert (left[0].sum(axis=1) * left[1].sum(axis=1) * left[2].sum(axis=1)).sum() < sum(
        a * b * c for a, b, c in sum_30) / 20


def test_the_states_that_keep_many_values_go_on_apart_to_the_same_end():
    # at goal 14 three states of the sum 40 keep more values than GROUPS[-1] after the first round
    # (ties within the tolerance); they go on apart, and each state's rounds are its own, so what
    # is left is the same in one group, in the default groups and in many
    sum_40 = [(a, b, 40 - a - b) for a in range(12, 15) for b in range(12, 15) if 12 <= 40 - a - b <= 14]
    first = _left_at(0.5, 14, sum_40, enough=10 ** 6)
    assert (np.max([x.sum(axis=1) for x in first], axis=0) > GROUPS[-1]).sum() == 3
    alone = _left_at(0.5, 14, sum_40, groups=())
    assert all((x == y).all() for x, y in zip(_left_at(0.5, 14, sum_40), alone))
    assert all((x == y).all() for x, y in zip(_left_at(0.5, 14, sum_40, groups=(1, 2, 3, 4)), alone))


def _left_at(p, box, states, **options):
    """The hold values left by pruning at some states of one sum, from the solved game's gains."""
    solver = SumSolver(p, ONE_WINNER, pruned=False)
    solver.solve(box)
    gains = solver._gains
    a, b, c = (np.array(x) for x in zip(*states))
    holds = np.arange(1, box + 1)
    allowed = [holds[None, :] <= n[:, None] for n in (a, b, c)]
    rows = (gains[b[:, None], c[:, None], np.maximum(a[:, None] - holds, 0)],
            gains[c[:, None], a[:, None], np.maximum(b[:, None] - holds, 0)],
            gains[a[:, None], b[:, None], np.maximum(c[:, None] - holds, 0)])
    after = [rows[r][:, :, [(q + (2, 1, 0)[r]) % 3 for q in range(3)]] for r in range(3)]
    return prune(p, allowed, after, SumSolver(p, ONE_WINNER)._room, **options)


def test_every_equilibrium_survives_pruning():
    game = ThreePiglet(0.5, by_sum=False)
    game.solve_goal(12)
    states = [s.state for s in game.states(12) if s.equilibria]
    left = _left_at(0.5, 12, states)
    for n, state in enumerate(states):
        for holds, _ in game[state].equilibria:
            assert all(left[q][n, holds[q] - 1] for q in range(3)), (state, holds)


def test_exact_gains_and_a_game_going_on_stay_on_the_dag():
    assert not ThreePiglet(Fraction(1, 2)).by_sum
    assert not ThreePiglet(0.5, Rewards.continuing(3, 1)).by_sum
    for call in (lambda: ThreePiglet(Fraction(1, 2), by_sum=True),
                 lambda: ThreePiglet(0.5, Rewards.continuing(3, 1), by_sum=True)):
        with pytest.raises(PigletError, match="sum by sum"):
            call()


@settings(max_examples=200, deadline=None)
@given(st.floats(0.02, 0.98), st.lists(st.floats(-1, 2), min_size=2, max_size=6),
       st.tuples(st.floats(-1, 2), st.floats(-1, 2)), st.tuples(st.floats(0.01, 1), st.floats(0.01, 1)))
def test_the_least_gap_is_a_lower_bound_over_the_box(p, own, v_range, y_range):
    # E(m) - E(h) = (g_m - V) / (1 + t_m Y) - (g_h - V) / (1 + t_h Y) on a fine grid of the box never
    # falls below the bound the pruning uses (a turning point inside the range of Y included)
    (v_low, v_high), (y_low, y_high) = sorted(v_range), sorted(y_range)
    heads = np.array([p ** h for h in range(1, len(own) + 1)])
    odds = (1 - heads) / heads
    gains = np.array([own])
    box = _Box(odds[None, :], np.array([v_low]), np.array([v_high]), np.array([y_low]), np.array([y_high]))
    witness = np.arange(len(own))[:, None]
    bound = box.least_gap(gains, witness)[:, 0, :]
    v = np.linspace(v_low, v_high, 5)[:, None, None]
    y = np.linspace(y_low, y_high, 2001)[None, :, None]
    value = v + (gains[0] - v) / (1 + odds * y)
    for m in range(len(own)):
        gap = (value[:, :, m:m + 1] - value).min(axis=(0, 1))
        for h in range(len(own)):
            if h != m:
                assert bound[m, h] <= gap[h] + 1e-12, (m, h)


@settings(max_examples=200, deadline=None)
@given(st.floats(0.02, 0.98), st.lists(st.floats(-1, 2), min_size=2, max_size=6),
       st.tuples(st.floats(-1, 2), st.floats(-1, 2)), st.tuples(st.floats(0.01, 1), st.floats(0.01, 1)),
       st.floats(-0.5, 0.5))
def test_the_least_gap_above_a_floor_is_told_apart_from_it_as_the_exact_one(p, own, v_range, y_range, above):
    # the turning point in Y is sought only where the corners exceed the floor: compared with the
    # floor, the answer is the one that seeks it everywhere
    (v_low, v_high), (y_low, y_high) = sorted(v_range), sorted(y_range)
    heads = np.array([p ** h for h in range(1, len(own) + 1)])
    box = _Box(((1 - heads) / heads)[None, :], np.array([v_low]), np.array([v_high]), np.array([y_low]),
               np.array([y_high]))
    gains, witness = np.array([own]), np.arange(len(own))[:, None]
    assert ((box.least_gap(gains, witness, above) > above) == (box.least_gap(gains, witness) > above)).all()


def test_a_near_tie_of_the_last_seat_is_kept():
    """Seen from his own turn the last seat's two hold values differ by more than the tolerance; in
    the stage game, where his turn comes only after the others fail ((1 - p)^2 of the time), by
    less: both are best replies, and neither may be struck out."""
    p = 0.9
    solver = SumSolver(p, ONE_WINNER)
    room = solver._room
    share = 1 / (1 + np.array([(1 - p ** h) / p ** h for h in (1, 2)]) * (p + (1 - p) * p))
    # V = 0 (the others' holds leave him 0): E(h) = g_h share_h; E(2) - E(1) = 5 room
    g1 = 0.5
    g2 = (g1 * share[0] + 5 * room) / share[1]
    # the state (1, 1, 2): the others hold at 1, the last seat at 1 or 2
    one = np.array([[True, False]])
    allowed = [one, one, np.ones((1, 2), dtype=bool)]
    after = [np.zeros((1, 2, 3)), np.zeros((1, 2, 3)), np.zeros((1, 2, 3))]
    after[2][0, :, 2] = g1, g2
    # the stage game's gap: the last seat's gain is E times (1 - p)^2 plus what does not depend on him
    assert (1 - p) ** 2 * 5 * room < 1e-12
    left = prune(p, allowed, after, room)
    assert left[2].tolist() == [[True, True]]


def test_a_state_beyond_the_float_goals_is_solved_on_the_dag_alone():
    # a box of 41 would solve 68,921 states; the DAG solves only those the state needs
    game = ThreePiglet(0.5)
    assert game[41, 2, 1] == ThreePiglet(0.5, by_sum=False)[41, 2, 1]
    assert game._sums.box == 0 and len(game) == len(game.dag) < 1000
