"""Levine and Stange's theorems and counts about Ethiopian Dinners, recomputed."""

from __future__ import annotations

import itertools
import math
from fractions import Fraction

import numpy as np
from hypothesis import given, settings, strategies as st

from epistemic import BackwardInduction
from epistemic.models.dinner import Dinner, DinnerGame, crossout, first_mover, greedy, solve, turn_order
from epistemic.models.dinner.altruism import COMPETITIVE, COOPERATIVE, agreement, crossout_play, transformed
from epistemic.models.dinner.efficiency import efficiency, experiment, smallest_inefficient
from epistemic.models.dinner.outcomes import against_crossout, outcome_scores
from epistemic.models.dinner.theorem import (best_response_table, catalan_outcomes, check_theorem_one,
                                             crossout_table, permutation_dinners)

# seed 002_86340314558109f2.txt, "Pareto efficiency and inefficiency": the two smallest Pareto-inefficient
# permutation dinners
D1 = Dinner([(1, 5), (2, 1), (3, 2), (4, 4), (5, 6), (6, 3)])
D2 = Dinner([(1, 5), (2, 1), (3, 2), (4, 3), (5, 4), (6, 6)])


def test_theorem_one_on_every_permutation_dinner_up_to_8():
    # seed 002, Theorem 1: "The pair (c,c) is a subgame perfect equilibrium" -- at every sub-dinner
    check = check_theorem_one(8)
    assert check.dinners == 1 + 2 + 6 + 24 + 120 + 720 + 5040 + 40320
    assert check.violations == 0 and check.states > 40_000_000


def _best_response_by_induction(dinner: Dinner, player: int, last: int) -> dict:
    game = DinnerGame(dinner, turn_order(dinner.size, 2, first=first_mover(dinner.size, last)),
                      crossout_player=1 - player)
    solved = BackwardInduction(game)
    solved[game.start]
    return {s: solved[s].payoffs[player] for s in solved.dag.keys()}


def _cross_check(a, b):
    table = crossout_table(a, [b])
    dinner = Dinner(list(zip(a, b)), ties="listed")
    for last in (0, 1):
        for player in (0, 1):
            best = best_response_table(table, player, last)[:, 0]
            for s, value in _best_response_by_induction(dinner, player, last).items():
                assert best[s] == value, (s, last, player)
            full = (1 << len(a)) - 1
            assert best[full] == crossout(dinner, last).scores[player]


def test_batch_table_against_backward_induction_on_a_sample():
    rng = np.random.default_rng(2)
    for n in (1, 3, 6, 7):
        for b in permutation_dinners(n)[rng.choice(len(permutation_dinners(n)), 4)]:
            _cross_check(list(range(1, n + 1)), b.tolist())


@settings(max_examples=25, deadline=None)
@given(st.integers(1, 6).flatmap(lambda n: st.tuples(st.lists(st.integers(-5, 9), min_size=n, max_size=n),
                                                     st.lists(st.integers(-5, 9), min_size=n, max_size=n))))
def test_batch_table_on_dinners_with_ties(dinner):
    _cross_check(*dinner)


def test_smallest_pareto_inefficient_dinners():
    # seed 002: "the smallest Pareto inefficient examples occur for dinners of size 6, for which there are two"
    assert all(smallest_inefficient(n) == [] for n in range(1, 6))
    found = smallest_inefficient(6)
    assert sorted(found) == sorted(tuple(b for _, b in d.morsels) for d in (D1, D2))
    assert not efficiency(D1).pareto_efficient and not efficiency(D2).pareto_efficient


def test_d1_greedy_and_d2_crossout():
    # seed 002: "greedy strategy in dinner D1, then Alice's score of 6+4+3 is equal to her crossout score, while
    # Bob's score of 6+5+1 is one point better than his crossout score"
    assert greedy(D1).scores == (6 + 4 + 3, 6 + 5 + 1)
    assert crossout(D1).scores == (6 + 4 + 3, 6 + 5 + 1 - 1)
    # seed 002: "Bob can do one point better than his crossout score of 11 without hurting Alice's score"
    assert crossout(D2).scores[1] == 11 and efficiency(D2).improvement * 11 == 1


def test_catalan_outcomes():
    # seed 002, "Combinatorics at the dinner table": Alice's attainable outcomes number C_k, Bob's C_(k+1)
    catalan = [1, 1, 2, 5, 14, 42]
    for k in (1, 2, 3, 4):
        assert catalan_outcomes(k) == (catalan[k], catalan[k + 1])


def test_generalized_payoffs_extremes():
    dinner = Dinner([(1, 8), (2, 3), (3, 6), (4, 4), (5, 1), (6, 2), (7, 5), (8, 7)])
    # seed 002: competitive: "optimal play proceeds in order of decreasing temperature" a + b
    heat = [sum(dinner.morsels[m]) for m, _ in crossout_play(dinner, COMPETITIVE)]
    assert heat == sorted(heat, reverse=True)
    # seed 002: cooperative: "Alice takes morsels m_1 ... m_floor(n/2)" with the largest a - b
    alice = {m for m, p in crossout_play(dinner, COOPERATIVE) if p == 0}
    by_gap = sorted(range(8), key=lambda i: dinner.morsels[i][0] - dinner.morsels[i][1], reverse=True)
    assert alice == set(by_gap[:4])
    for coefficients in (COMPETITIVE, COOPERATIVE):
        assert agreement(dinner, coefficients) == agreement(dinner, coefficients).__class__(255, 255, 255)


@settings(max_examples=30, deadline=None)
@given(st.integers(1, 6).flatmap(lambda n: st.permutations(range(1, n + 1))),
       st.tuples(*[st.integers(-3, 3)] * 4), st.integers(0, 1))
def test_generalized_payoffs_crossout_on_transformed_dinner(b, coefficients, last):
    dinner = Dinner(list(zip(range(1, len(b) + 1), b)))
    if coefficients[0] <= 0 or coefficients[3] <= 0:
        coefficients = (abs(coefficients[0]) + 1, coefficients[1], coefficients[2], abs(coefficients[3]) + 1)
    moved = transformed(dinner, coefficients)
    strict = all(len({m[p] for m in moved.morsels}) == moved.size for p in (0, 1))
    found = agreement(dinner, coefficients, last)
    if strict:
        # without ties in D', backward induction and crossout on D' agree for both players everywhere
        assert found.both == found.states
    # crossout on D' is an equilibrium: no best response against it does better, at any sub-dinner
    for player in (0, 1):
        responses = _best_response_by_induction(moved, player, last)
        for s, value in responses.items():
            game = DinnerGame(moved, turn_order(moved.size, 2, first=first_mover(moved.size, last)))
            assert game.exact([value])[0] == _crossout_score(moved, s, player, last)


def _crossout_score(dinner, remaining, player, last):
    from epistemic.models.dinner import crossout_sequence
    seq = crossout_sequence(dinner, last, remaining)
    return sum(dinner.morsels[m][player] for k, m in enumerate(seq) if (last if k % 2 == 0 else 1 - last) == player)


def test_ties_in_transformed_dinner_can_split_the_equilibria():
    # found by computing: D' = ((-1,-2), (-1,3), (2,-1)) has a tie for Alice; backward induction breaks it toward
    # the morsel listed first and gives Bob 2 where crossout on D' gives him 1
    dinner = Dinner([(1, 1), (2, 3), (3, 2)])
    assert agreement(dinner, (2, 1, 1, 3)).movers < agreement(dinner, (2, 1, 1, 3)).states


def test_paper_experiment():
    # seed 002: "10 000 randomly generated permutation dinners of size 16 ... In all but 672 cases the (c,c) outcome
    # was Pareto efficient, and in all but 241 it was weakly Pareto efficient ... the largest improvement for any
    # player was less than 8%"
    run = experiment(10_000, 16, seed=0)
    low, high = run.not_weakly_interval
    assert low <= 241 / 10_000 <= high
    # "less than 8%" holds for seed 0 (3/40); seed 1 gives exactly 8%, as docs/dinner.md reports
    assert run.improvement < Fraction(8, 100)
    assert run.inefficient >= run.not_weakly
    # a regression value of this code, not the paper's: 740 lies above the paper's 672 (docs/dinner.md discusses it)
    assert run.inefficient == 740


def test_experiment_counts_agree_with_exact_efficiency_per_dinner():
    # the experiment compares whole chunks of dinners in one matrix product; efficiency() compares one dinner
    # at a time, exactly, with its own comparisons: both must count the same dinners
    dinners, size = 300, 16
    run = experiment(dinners, size, seed=0)
    a = np.arange(1, size + 1)
    drawn = np.random.default_rng(0).permuted(np.tile(a, (dinners, 1)), axis=1)
    found = [efficiency(Dinner(list(zip(a.tolist(), row)))) for row in drawn.tolist()]
    assert run.inefficient == sum(not e.pareto_efficient for e in found)
    assert run.not_weakly == sum(not e.weakly_efficient for e in found)
    assert run.improvement == max(e.improvement for e in found)
    assert run.inefficient > 0 and run.not_weakly > 0


# seed 002, Figure 1: "a permutation dinner D of size 14" (its morsels as listed with the figure)
FIGURE_1 = Dinner([(1, 6), (2, 14), (3, 10), (4, 3), (5, 7), (6, 5), (7, 9), (8, 8), (9, 4), (10, 13), (11, 12),
                   (12, 11), (13, 2), (14, 1)])


def test_figure_1_dinner():
    dinner = FIGURE_1
    point = crossout(dinner).scores
    # both playing crossout is what backward induction finds (Theorem 1), computed without crossout
    solved = solve(DinnerGame(dinner, turn_order(14, 2)))
    assert point == solved.scores == (71, 64)
    # every outcome, by a plain loop over the 7 morsels Alice eats (Bob moves last, Alice first)
    every = set()
    for alice in itertools.combinations(range(14), 7):
        every.add((sum(dinner.morsels[i][0] for i in alice),
                   sum(dinner.morsels[i][1] for i in range(14) if i not in alice)))
    assert math.comb(14, 7) == 3432 and len(every) == 1074
    assert set(outcome_scores(dinner)) == every
    reach = set(against_crossout(dinner, 0))
    # seed 002, "Pareto efficiency": the large dot "is rightmost among all possible outcomes achievable by Alice
    # given that Bob plays crossout"
    assert point in reach and reach <= every and max(x for x, _ in reach) == point[0]
    assert len(reach) == 668                      # as an independent computation found
    # Figure 1: the crossout point is Pareto efficient, no outcome weakly above and to the right of it
    assert not any(x >= point[0] and y >= point[1] and (x, y) != point for x, y in every)
    assert efficiency(dinner).pareto_efficient
