"""Two-player Pig solved pair by pair (models/pig/pairs.py) against the layered solver it replaces
(models/pig/layers.py), kept as the reference: every decision, every turn-start value, every evaluation."""

from __future__ import annotations

from fractions import Fraction

import numpy as np
import pytest
from hypothesis import example, given, settings
from hypothesis import strategies as st

from epistemic.models.pig import Jeopardy, hold_at, layers, pairs, pig, piglet

#: Decisions closer than this to a tie, by the reference's own values, may go either way:
#: policy iteration keeps whichever choice it met first, and the two solvers start apart.
NEAR_TIE = 1e-9


def _decisions(goal: int) -> np.ndarray:
    """``[i, j, k]``: the states with a choice, ``k >= 1`` below the goal."""
    i, _, k = np.meshgrid(*[np.arange(goal)] * 3, indexing="ij")
    return (k >= 1) & (i + k < goal)


def _margins(rules, values: np.ndarray) -> np.ndarray:
    """``[i, j, k]``: holding less rolling, both at their best, given the turn starts ``values``
    (floats, or fractions kept exact): the optimality equations of seed 004, P_hold = 1 - P(j, i + k, 0)
    and P_roll = bust (1 - P(j, i, 0)) + the outcomes' P(i, j, k + r), swept down k over every pair of
    scores at once."""
    goal = rules.goal
    exact = values.dtype == object
    number = (lambda x: x) if exact else float
    bust = number(rules.bust)
    best = np.ones((goal + rules.largest_gain, goal, goal), dtype=values.dtype)   # [k, i, j]: a win from the goal on
    margins = np.zeros((goal, goal, goal), dtype=values.dtype)
    won = np.arange(goal)[:, None] + np.zeros((1, goal), dtype=int)
    after_bust = 1 - values.T                   # [i, j]: 1 - P(j, i, 0)
    for k in range(goal - 1, -1, -1):
        roll = bust * after_bust + sum(number(c) * best[k + g] for g, c in rules.outcomes)
        banked = np.minimum(np.arange(goal) + k, goal - 1)
        hold = np.where(won + k >= goal, 1, 1 - values.T[banked])
        margins[:, :, k] = hold - roll
        best[k] = np.where(won + k >= goal, 1, np.where(hold > roll, hold, roll) if k else roll)
    return margins


def _agree(rules, fast, reference, tolerance: float = 4e-12) -> int:
    """Check the two solutions alike; return how many decisions are near-ties (left to either)."""
    assert np.max(np.abs(fast.values.astype(float) - reference.values.astype(float))) < tolerance
    decisions = _decisions(rules.goal)
    margins = _margins(rules, reference.values)
    clear = decisions & (np.abs(margins) > NEAR_TIE)
    assert np.array_equal(fast.holds[clear], reference.holds[clear])
    assert np.array_equal(fast.holds[clear], margins[clear] > 0)   # and both are the optimal choice
    return int(np.sum(decisions & ~clear))


@pytest.fixture(scope="module")
def pig100():
    rules = pig(100)
    return rules, pairs.solve(rules), layers.solve(rules)


def test_pig_to_100_every_decision_is_the_reference_s(pig100):
    rules, fast, reference = pig100
    decisions = _decisions(100)
    assert decisions.sum() == 495_000
    assert _agree(rules, fast, reference, 1e-13) == 0      # no near-tie: all 495,000 are compared
    assert np.array_equal(fast.holds[decisions], reference.holds[decisions])
    assert fast.rounds <= 3 < reference.rounds             # most layers are swept once


def test_pig_to_100_holds_where_holding_wins_and_never_at_a_turn_start(pig100):
    _, fast, _ = pig100
    i, _, k = np.meshgrid(*[np.arange(100)] * 3, indexing="ij")
    assert fast.holds[i + k >= 100].all() and not fast.holds[:, :, 0].any()


@settings(max_examples=40, deadline=None)
@given(st.integers(1, 45), st.integers(2, 8))
def test_pig_of_any_goal_and_die_agrees_with_the_reference(goal, sides):
    rules = pig(goal, sides)
    _agree(rules, pairs.solve(rules), layers.solve(rules))


# each float solver is within about 1e-12 of the exact values, not closer: at Piglet to 37 with
# heads 1/3, 8.4e-13 (pairs) and 8.6e-13 (layers) from the exact fractions, 1.0e-12 from each other
@settings(max_examples=25, deadline=None)
@given(st.integers(1, 40), st.fractions(min_value=Fraction(1, 20), max_value=Fraction(19, 20), max_denominator=20))
@example(37, Fraction(1, 3))
def test_piglet_of_any_goal_and_coin_agrees_with_the_reference(goal, p):
    rules = piglet(goal, p)
    _agree(rules, pairs.solve(rules), layers.solve(rules))


def test_both_float_solvers_are_within_a_trillionth_of_the_exact_values():
    # why the two float solvers are compared within 4e-12: each is this far from the fractions
    rules = piglet(37, Fraction(1, 3))
    exact = pairs.solve(rules, exact=True).values.astype(float)
    for solver in (pairs, layers):
        assert np.max(np.abs(solver.solve(rules).values - exact)) < 1e-12


@settings(max_examples=15, deadline=None)
@given(st.integers(1, 9), st.one_of(st.tuples(st.just(pig), st.integers(2, 6)),
                                    st.tuples(st.just(piglet), st.sampled_from(["1/2", "1/3", "3/4"]))))
def test_exact_solutions_are_the_reference_s_fraction_for_fraction(goal, game):
    rules = game[0](goal, game[1])
    fast, reference = pairs.solve(rules, exact=True), layers.solve(rules, exact=True)
    assert fast.values.tolist() == reference.values.tolist()
    untied = _decisions(goal) & (_margins(rules, reference.values) != 0)    # an exact tie may go either way
    assert np.array_equal(fast.holds[untied], reference.holds[untied])


@settings(max_examples=25, deadline=None)
@given(st.integers(1, 25), st.lists(st.integers(1, 7), min_size=1, max_size=4, unique=True), st.integers(2, 9))
def test_any_step_with_gaps_between_its_gains_agrees_with_the_reference(goal, gains, share):
    # each gain has the chance 1 / (share * len(gains)): they sum to 1 / share, the rest busts
    rules = Jeopardy(goal, tuple((g, Fraction(1, share * len(gains))) for g in sorted(gains)), "jeopardy")
    _agree(rules, pairs.solve(rules), layers.solve(rules))


def test_piglet_36_near_tie_settles_as_in_the_reference():
    # heads 3/10: a hold at (3, 35, 3) is within rounding of a roll (see test_pig_solve.py)
    rules = piglet(36, "3/10")
    assert _agree(rules, pairs.solve(rules), layers.solve(rules)) >= 1


def test_a_layer_that_does_not_settle_goes_to_the_reference_policy_iteration(monkeypatch):
    rules = pig(60)
    swept_once = pairs.solve(rules)
    monkeypatch.setattr(pairs, "ROUNDS", 1)        # every layer that needs a second sweep falls back
    handed_on = pairs.solve(rules)
    assert handed_on.rounds > 1 == pairs.ROUNDS
    _agree(rules, handed_on, layers.solve(rules))
    assert np.array_equal(handed_on.holds, swept_once.holds)


@settings(max_examples=25, deadline=None)
@given(st.integers(1, 12), st.integers(0, 2 ** 32 - 1), st.booleans())
def test_evaluation_is_the_reference_s(goal, seed, exact):
    rules = piglet(goal, "2/5") if seed % 2 else pig(goal, 4)
    rng = np.random.default_rng(seed)
    first, second = (rng.random((goal, goal, goal)) < 0.3 for _ in range(2))
    fast, reference = (module.evaluate(rules, first, second, exact=exact) for module in (pairs, layers))
    if exact:
        assert fast == reference
    else:
        assert abs(fast - reference) < 1e-12


def test_hold_at_20_against_optimal_play_at_pig_to_100(pig100):
    rules, fast, reference = pig100
    rule = hold_at(rules, 20)
    # the figures `epistemic pig` prints (docs/pig.md): 0.491658 first, 0.428502 second, 0.534698 itself
    first = pairs.evaluate(rules, rule, fast.holds)
    assert abs(first - layers.evaluate(rules, rule, reference.holds)) < 1e-13
    assert (round(first, 6), round(1 - pairs.evaluate(rules, fast.holds, rule), 6),
            round(pairs.evaluate(rules, rule, rule), 6)) == (0.491658, 0.428502, 0.534698)


def test_progress_counts_every_score_sum():
    seen = []
    pairs.solve(piglet(4), progress=lambda done, total: seen.append((done, total)))
    assert seen == [(n, 7) for n in range(1, 8)]


def test_most_score_sums_of_pig_to_100_are_swept_once(monkeypatch):
    # docs/pig.md: "At Pig to 100, 152 of the 199 score sums are swept once, 46 twice and one three times"
    sweeps = []
    solve_sum = pairs._optimal_layer

    def counted(*args):
        found = solve_sum(*args)
        sweeps.append(found[2])
        return found

    monkeypatch.setattr(pairs, "_optimal_layer", counted)
    pairs.solve(pig(100))
    assert [sweeps.count(n) for n in (1, 2, 3)] == [152, 46, 1]
