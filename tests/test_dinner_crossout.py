"""Crossout and backward induction on Ethiopian Dinners, against Levine and Stange's numbers
and against an independent brute force."""

from __future__ import annotations

import functools
import itertools
from fractions import Fraction

import numpy as np
import pytest
from hypothesis import given, settings, strategies as st

from epistemic.models.dinner import (Dinner, DinnerError, DinnerGame, crossout, crossout_choice, crossout_sequence,
                                     greedy, parse_dinner, solve, turn_order)
from epistemic.models.dinner.outcomes import against_crossout, board, outcome_scores

# seed 002_86340314558109f2.txt, "Crossout boards": the dinner D of Figure 2 (its morsels as the figure draws them)
FIGURE_2 = Dinner([(1, 8), (2, 3), (3, 6), (4, 4), (5, 1), (6, 2), (7, 5), (8, 7)])


def test_introduction_example():
    # seed 002: "Instead Alice should snag (2,3) on the first move; ... a total score of 5"; greedy gives her 4
    dinner = Dinner([(1, 2), (2, 3), (3, 1)])
    played = crossout(dinner, last=0)
    assert played.play[0] == (1, 0) and played.scores[0] == 5
    assert greedy(dinner, first=0).scores[0] == 4
    assert solve(DinnerGame(dinner, turn_order(3, 2, first=0))).scores[0] == 5


def test_figure_2_scores_and_labels():
    played = crossout(FIGURE_2)
    # seed 002: "for the board D pictured in Figure 2, we have chi_A(D)=4+5+6+8 and chi_B(D)=3+5+6+8"
    assert played.scores == (4 + 5 + 6 + 8, 3 + 5 + 6 + 8)
    axis = {0: {}, 1: {}}
    for label, (m, p) in enumerate(played.labels, 1):
        axis[p][label] = FIGURE_2.morsels[m][p]
    # seed 002: "odd labels appear on Alice's axis and the even labels on Bob's axis"
    assert axis[0] == {1: 1, 3: 2, 5: 3, 7: 7} and axis[1] == {2: 1, 4: 2, 6: 4, 8: 7}


def test_figure_4_order_of_play():
    # seed 002: "Alice, who plays first, eats her favourite morsel (8,7) on her first turn ... Bob ... does not
    # eat his favourite morsel (1,8) until his last move"
    play = crossout(FIGURE_2).play
    assert FIGURE_2.morsels[play[0][0]] == (8, 7) and play[0][1] == 0
    assert FIGURE_2.morsels[play[-1][0]] == (1, 8) and play[-1][1] == 1
    marks = {(p, t): FIGURE_2.morsels[m][p] for t, (m, p) in enumerate(play, 1)}
    assert {t: v for (p, t), v in marks.items() if p == 0} == {1: 8, 3: 4, 5: 6, 7: 5}
    assert {t: v for (p, t), v in marks.items() if p == 1} == {2: 5, 4: 6, 6: 3, 8: 8}


def test_figure_2_right_board():
    # seed 002, Figure 2: "the crossout board for the dinner D - m" with m = (6,2); "each label on the right is at
    # least as far from the origin as the corresponding label on the left"
    smaller = FIGURE_2.without(5)
    labels = crossout(smaller).labels
    axis = {(p, k): smaller.morsels[m][p] for k, (m, p) in enumerate(labels, 1)}
    assert {k: v for (p, k), v in axis.items() if p == 0} == {1: 1, 3: 2, 5: 3, 7: 8}
    assert {k: v for (p, k), v in axis.items() if p == 1} == {2: 1, 4: 4, 6: 5}


dinners = st.integers(1, 7).flatmap(lambda n: st.tuples(
    st.permutations(range(1, n + 1)), st.permutations(range(n)).map(lambda p: [2 * x - 3 for x in p])))


@settings(max_examples=60, deadline=None)
@given(dinners, st.integers(0, 1), st.data())
def test_crossout_board_lemma(dinner, last, data):
    # seed 002, Lemma 2: in a sub-dinner every label is at least as far from the origin
    a, b = dinner
    whole = Dinner(list(zip(a, b)))
    keep = data.draw(st.integers(1, (1 << whole.size) - 1))
    big, small = crossout_sequence(whole, last), crossout_sequence(whole, last, keep)
    for k, (m, n) in enumerate(zip(big, small)):
        axis = 1 - (last if k % 2 == 0 else 1 - last)
        assert whole.morsels[n][axis] >= whole.morsels[m][axis]


def _brute_spe_mover(dinner: Dinner, order) -> dict:
    """The mover's subgame-perfect value at every sub-dinner, by a plain loop over subsets by size."""
    n = dinner.size
    value = {0: (0,) * dinner.players}
    for size in range(1, n + 1):
        for members in itertools.combinations(range(n), size):
            s = sum(1 << i for i in members)
            mover = order[n - size]
            best = None
            for i in members:
                rest = value[s ^ (1 << i)]
                got = tuple(v + (dinner.morsels[i][p] if p == mover else 0) for p, v in enumerate(rest))
                if best is None or got[mover] > best[mover]:
                    best = got
            value[s] = best
    return value


def _turns(n: int, players: int, order: str) -> tuple[int, ...]:
    """Who moves on each turn, written out here from the definitions rather than taken from turn_order."""
    if order == "alternating":
        # two players: Bob moves last (seed 002's convention); more: round robin from Alice
        start = (1 if n % 2 == 1 else 0) if players == 2 else 0
        return tuple((start + t) % players for t in range(n))
    # seed 002, "First move advantage": "the n-th term equals A or B according to whether the sum of the binary
    # digits of n is even or odd"; for more players, the digits in base p, summed modulo p
    return tuple(sum(int(d, players) for d in np.base_repr(t, players)) % players for t in range(n))


def test_thue_morse_order():
    # seed 002, "First move advantage": "A,B,B,A,B,A,A,B,B,A,A,B,A,B,B,A"
    paper = "A,B,B,A,B,A,A,B,B,A,A,B,A,B,B,A".split(",")
    assert turn_order(16, 2, "thue-morse") == tuple("AB".index(x) for x in paper)
    # three players, by hand: t = 0..8 in base 3 is 0, 1, 2, 10, 11, 12, 20, 21, 22, digit sums mod 3
    assert turn_order(9, 3, "thue-morse") == (0, 1, 2, 1, 2, 0, 2, 0, 1)
    assert turn_order(4, 3, "thue-morse", first=1) == (1, 2, 0, 2)
    for n in range(1, 9):
        for players in (2, 3, 4):
            for order in ("alternating", "thue-morse"):
                assert turn_order(n, players, order) == _turns(n, players, order)


@settings(max_examples=40, deadline=None)
@given(st.integers(1, 7), st.integers(2, 3), st.data())
def test_backward_induction_against_brute_force(n, players, data):
    rows = [data.draw(st.permutations(range(1, n + 1))) for _ in range(players)]
    dinner = Dinner(list(zip(*rows)))
    order = data.draw(st.sampled_from(["alternating", "thue-morse"]))
    turns = _turns(n, players, order)
    game = DinnerGame(dinner, turns)
    solved = solve(game).solved
    brute = _brute_spe_mover(dinner, turns)
    for s in range(1, 1 << n):
        mover = solved[s].mover
        assert solved[s].payoffs[mover] == brute[s][mover]
    if players == 2 and order == "alternating":
        # crossout is subgame perfect: the movers' values are its scores (seed 002, Theorem 1)
        assert solve(game).scores[turns[0]] == crossout(dinner, turns[-1]).scores[turns[0]]


def _discounted(dinner: Dinner, turns, discount: Fraction) -> tuple:
    """Every player's subgame-perfect payoff, by a plain recursion: the mover eats, among the morsels that
    give him most, the one listed first."""
    n = dinner.size

    @functools.lru_cache(maxsize=None)
    def value(left: frozenset) -> tuple:
        if not left:
            return (Fraction(0),) * dinner.players
        turn = n - len(left) + 1
        mover = turns[turn - 1]
        best = None
        for i in sorted(left):
            rest = value(left - {i})
            got = tuple(v + (dinner.morsels[i][mover] * discount ** turn if p == mover else 0)
                        for p, v in enumerate(rest))
            if best is None or got[mover] > best[mover]:
                best = got
        return best

    return value(frozenset(range(n)))


@settings(max_examples=40, deadline=None)
@given(st.integers(1, 6), st.integers(2, 3), st.sampled_from(["1/2", "2/3", "9/10", "1"]), st.data())
def test_discounted_play_against_a_plain_recursion(n, players, discount, data):
    rows = [data.draw(st.lists(st.integers(-4, 9), min_size=n, max_size=n)) for _ in range(players)]
    dinner = Dinner(list(zip(*rows)), ties="listed")
    turns = tuple(data.draw(st.lists(st.integers(0, players - 1), min_size=n, max_size=n)))
    found = solve(DinnerGame(dinner, turns, discount=discount)).scores
    assert found == _discounted(dinner, turns, Fraction(discount))


def test_discount_is_exact():
    # lambda = 1/2: the first bite is worth half, the second a quarter, the third an eighth
    dinner = Dinner([(1, 2), (2, 3), (3, 1)])
    result = solve(DinnerGame(dinner, (0, 1, 0), discount="0.5"))
    assert result.scores == (Fraction(3, 2) + Fraction(1, 8), Fraction(3, 4))


def test_ties_reported_and_first_listed_eaten():
    dinner = Dinner([(1, 1), (1, 2)], ties="listed")
    first = solve(DinnerGame(dinner, (0, 1))).turns[0]
    assert first.morsel == 0 and first.ties == (0, 1)


def test_the_player_tied_to_crossout_has_one_move_his_rival_every_one():
    # the best response to crossout (seed 002, Theorem 1): Bob, tied to crossout, eats c(S); Alice eats anything
    order = turn_order(8, 2, first=0)
    game = DinnerGame(FIGURE_2, order, crossout_player=1)
    assert game.mover(game.start) == 0 and len(game.moves(game.start)) == 8
    after = game.start ^ 1 << 7                     # Alice ate (8, 7): Bob moves, on seven morsels
    assert game.mover(after) == 1
    eaten = crossout_choice(FIGURE_2, after, 1)
    assert game.moves(after) == [(eaten, after ^ 1 << eaten)]
    # and against Alice's crossout, Bob's best response is his crossout score, 22
    response = DinnerGame(FIGURE_2, order, crossout_player=0)
    assert len(response.moves(after)) == 7 and len(response.moves(response.start)) == 1
    assert solve(response).scores[1] == crossout(FIGURE_2).scores[1] == 22


def test_bad_dinners():
    for bad, message in [([(1, 2), (1, 3)], "Alice's utilities must differ"), ([(1,)], "at least two players"),
                         ([], "at least one morsel"), ([(1, 2), (2, 3, 4)], "one utility a player"),
                         ([(1.5, 2)], "exact")]:
        with pytest.raises(DinnerError, match=message):
            Dinner(bad)
    with pytest.raises(DinnerError, match="at most 20 morsels"):
        solve(DinnerGame(Dinner([(i, i) for i in range(21)]), turn_order(21, 2)))
    assert parse_dinner("1,8 2,3").morsels == ((1, 8), (2, 3))


def test_picture_data_against_brute_force():
    dinner = Dinner([(1, 5), (2, 1), (3, 2), (4, 4), (5, 6), (6, 3)])
    every = set()
    for alice in itertools.combinations(range(6), 3):
        every.add((sum(dinner.morsels[i][0] for i in alice), sum(dinner.morsels[i][1] for i in range(6)
                                                               if i not in alice)))
    assert set(outcome_scores(dinner)) == every
    reach = against_crossout(dinner, 0)
    assert set(reach) <= every and crossout(dinner).scores in reach
    # seed 002, Figure 1: crossout is "rightmost among all possible outcomes achievable by Alice given that Bob
    # plays crossout"
    assert max(x for x, _ in reach) == crossout(dinner).scores[0]
    assert max(y for _, y in against_crossout(dinner, 1)) == crossout(dinner).scores[1]
    assert board(FIGURE_2)["crossout"] == (23, 22)
