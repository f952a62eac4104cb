"""The number-line token game: the seed's numbers, an independent enumeration, the continuous game."""

from __future__ import annotations

import re
from fractions import Fraction
from functools import cache

import pytest
from hypothesis import assume, given, settings
from hypothesis import strategies as st

from epistemic.models.numberline import NumberLine, NumberLineError, count_states, solve
from epistemic.models.numberline.solve import explain
from epistemic.models.numberline.continuous import Interval, continuous

SEED = "003_07095144786165f0.txt"


# seed 003_07095144786165f0.txt: "for 3, 4, 5, 6, and 7 players, the optimal first moves are
# 5, 7, 4, 4, and 10, and the payoffs for the first player are 21, 17, 12.5, 12.5 and 10"
@pytest.mark.parametrize("players, first, payoff", [(3, 5, 21), (4, 7, 17), (5, 4, Fraction(25, 2)),
                                                    (6, 4, Fraction(25, 2)), (7, 10, 10)])
def test_first_moves_and_payoffs_of_the_seed(players, first, payoff):
    play = solve(NumberLine.with_stacks(10, players=players))
    assert play.placed[0] == first and play.payoffs[0] == payoff


def test_the_three_player_game_of_the_seed():
    # seed 003_07095144786165f0.txt: "The optimally-played game of 3 players is 5, 9, 8."
    play = solve(NumberLine.with_stacks(10))
    assert play.placed == (5, 9, 8)
    assert play.payoffs == (21, 19, 15) and sum(play.payoffs) == 55
    # going first is worth 21 against the others' (19 + 15) / 2
    assert play.advantage == 4


def test_the_clock_of_the_seed():
    # seed 003_07095144786165f0.txt: "For 3 players playing on a clock, the optimal first move is 7,
    # with a payoff of 31.5."
    play = solve(NumberLine.with_stacks(12, players=3, clock=True))
    assert play.placed[0] == 7 and play.payoffs[0] == Fraction(63, 2)


# seed 003_07095144786165f0.txt, its program (section "Code (Python)") run as printed, with
# PLAYERS = 4, 5, 6, 7 (and CLOCK with MAX_DOLLARS = 12), prints "An optimal game is" these plays
@pytest.mark.parametrize("players, stacks, clock, placed, payoffs", [
    (4, 10, False, (7, 4, 9, 10), (17, 15, 13, 10)),
    (5, 10, False, (4, 6, 8, 10, 9), (12.5, 12, 11.5, 10, 9)),
    (6, 10, False, (4, 10, 9, 6, 8, 7), (12.5, 10, 9, 8.5, 8, 7)),
    (7, 10, False, (10, 9, 3, 8, 5, 7, 6), (10, 9, 8, 8, 7, 7, 6)),
    (3, 12, True, (7, 11, 10), (31.5, 27.5, 19))])
def test_plays_printed_by_the_seeds_program(players, stacks, clock, placed, payoffs):
    play = solve(NumberLine.with_stacks(stacks, players=players, clock=clock))
    assert play.placed == placed and play.payoffs == tuple(Fraction(v) for v in payoffs)


def test_ties_on_the_seven_player_play():
    # seed 003_07095144786165f0.txt, its program run with PLAYERS = 7 prints "Tie at [10, 9]" and
    # "Tie at [10, 9, 3, 8]": the prefixes of the optimal game whose mover had equal best moves
    play = solve(NumberLine.with_stacks(10, players=7))
    assert play.placed == (10, 9, 3, 8, 5, 7, 6)
    assert play.tie_points() == [(10, 9), (10, 9, 3, 8)]
    assert play.tied[2] == (3, 8) and play.tied[4] == (5, 7)
    high = solve(NumberLine.with_stacks(10, players=7, ties="highest"))
    assert high.placed[:3] == (10, 9, 8) and high.payoffs[:2] == (10, 9)


def test_a_place_off_the_line_is_refused():
    line = NumberLine.with_stacks(10)
    assert (line.place(1), line.place(10)) == (0, 9)
    for off in (0, 11, Fraction(3, 2)):
        with pytest.raises(NumberLineError, match=f"^there is no place at {off} on this line$"):
            line.place(off)
    wide = NumberLine.with_stacks(10, grid=2, margin=1)
    assert (wide.place(0), wide.place(Fraction(3, 2)), wide.place(11)) == (0, 3, 22)
    with pytest.raises(NumberLineError, match="^there is no place at 23/2 on this line$"):
        wide.place(Fraction(23, 2))
    with pytest.raises(NumberLineError, match="^there is no place at 13 on this clock$"):
        NumberLine.with_stacks(12, clock=True).place(13)


def test_an_explanation_keeps_halves():
    # on a clock of 5 hours, p1 on 1 gets stack 1 and half of 3 and 4 against p2's best reply: 4.5
    why = explain(solve(NumberLine.with_stacks(5, players=2, clock=True)), depth=1)
    lines = why.to_text().splitlines()
    assert lines[0] == "p1 places her token on 4  (p1 gets 8)"
    assert lines[1] == "  if p1 places her token on 1 instead  (p1 gets 4.5)"
    # a whole payoff stays a number; a half is written into the claim, exactly, not cut to 4
    assert dict(why.values) == {"p1 gets": 8} and not why.because[0].values


def test_subgames_are_shared_by_the_set_of_stacks_taken():
    play = solve(NumberLine.with_stacks(10, players=7))
    assert len(play.solved.dag) == count_states(10, 7) == 968


# An independent solver: plain recursion over ordered placements, payoffs from plain distances.
def distance(a, b, clock, n):
    d = abs(a - b)
    return min(d, n - d) if clock else d


def final(values, positions, tokens, clock):
    stacks = range(1, len(values) + 1)
    got = [Fraction(0)] * len(tokens)
    for stack, value in zip(stacks, values):
        near = [distance(positions[t], stack, clock, len(values)) for t in tokens]
        nearest = [i for i, d in enumerate(near) if d == min(near)]
        for i in nearest:
            got[i] += Fraction(value) / len(nearest)
    return got


def brute(values, positions, players, clock, ties, placed=(), seen=None):
    """The completed placements from ``placed`` on; ``seen`` collects each prefix's
    best places (all of them) and the one taken."""
    if len(placed) == players:
        return list(placed), final(values, positions, placed, clock)
    order = range(len(positions)) if ties == "lowest" else range(len(positions) - 1, -1, -1)
    best = None
    for place in order:
        if place in placed:
            continue
        done, got = brute(values, positions, players, clock, ties, placed + (place,), seen)
        mine = got[len(placed)]
        if best is None or mine > best[0]:
            best, tied = (mine, done, got), [place]
        elif mine == best[0]:
            tied.append(place)
    if seen is not None:
        seen[placed] = (best[1][len(placed)], sorted(tied), best[1], best[2])
    return best[1], best[2]


# negative stacks too: on the stacks (and a grid with a margin) the game is a plain finite game
values_ = st.lists(st.one_of(st.integers(-9, 9), st.fractions(-5, 5, max_denominator=3)), min_size=2, max_size=5)


@given(values=values_, players=st.integers(2, 4), clock=st.booleans(), ties=st.sampled_from(["lowest", "highest"]),
       grid=st.integers(1, 2), margin=st.integers(0, 1))
@settings(max_examples=120, deadline=None)
def test_every_choice_agrees_with_plain_enumeration(values, players, clock, ties, grid, margin):
    margin = 0 if clock else margin
    n = len(values)
    places = n * grid if clock else (n - 1 + 2 * margin) * grid + 1
    assume(players <= places <= 7)
    game = NumberLine(values, players, clock=clock, ties=ties, grid=grid, margin=margin)
    positions = [Fraction(i, grid) + 1 - margin for i in range(places)]
    seen: dict = {}
    brute(values, positions, players, clock, ties, seen=seen)
    play = solve(game)
    for prefix, (move, tied, done, got) in seen.items():
        state = sum(1 << p for p in prefix)
        choice = play.solved[state]
        assert choice.move == move and sorted(choice.ties) == tied
        end = play.solved.play(state)[-1].payoffs
        assert [Fraction(end[p], game.scale) for p in done] == got
    done, got = brute(values, positions, players, clock, ties)
    assert list(play.placed) == [game.position(p) for p in done] and list(play.payoffs) == got


@given(values=values_, clock=st.booleans(), data=st.data())
@settings(max_examples=60, deadline=None)
def test_all_the_money_is_shared_out(values, clock, data):
    tokens = data.draw(st.lists(st.integers(1, len(values)), min_size=2, max_size=len(values), unique=True))
    game = NumberLine(values, len(tokens), clock=clock)
    shares = game.shares(game.taken(tokens))
    assert sum(shares.values()) == sum(Fraction(v) for v in values)
    assert list(shares) == sorted(tokens)
    assert list(shares.values()) == final(values, sorted(tokens), range(len(tokens)), clock)


@given(values=values_, grid=st.integers(1, 3), margin=st.integers(0, 1), clock=st.booleans(), data=st.data())
@settings(max_examples=80, deadline=None)
def test_shares_on_any_grid_are_those_of_plain_distances(values, grid, margin, clock, data):
    # the model counts money in units of 1/scale, sure that a stack is shared by at most two tokens:
    # its shares, on grids with places between the stacks and beyond them, must be the exact
    # shares of the plain nearest-token rule, and add up to all the money
    margin = 0 if clock else margin
    n = len(values)
    places = n * grid if clock else (n - 1 + 2 * margin) * grid + 1
    tokens = data.draw(st.lists(st.integers(0, places - 1), min_size=2, max_size=min(places, 6), unique=True))
    game = NumberLine(values, len(tokens), clock=clock, grid=grid, margin=margin)
    positions = sorted(Fraction(t, grid) + 1 - margin for t in tokens)
    shares = game.shares(game.taken(positions))
    assert list(shares) == positions
    assert list(shares.values()) == final(values, positions, range(len(positions)), clock)
    assert sum(shares.values()) == sum(Fraction(v) for v in values)
    for stack in range(1, n + 1):  # and the reason the unit suffices
        near = [distance(p, stack, clock, n) for p in positions]
        assert near.count(min(near)) <= 2


def test_continuous_game_of_the_seed():
    # seed 003_07095144786165f0.txt: "Ariel and Beatrice continue to profit optimally from occupying
    # numbers 5 and 9, while now Cassandra is indifferent between any location greater than 7 and
    # less than or equal to 8 (because for any such choice, she will claim stacks 7 and 8)".
    answer = continuous(range(1, 11), 3)
    assert answer.stable and answer.payoffs == (21, 19, 15)
    ariel, beatrice, cassandra = answer.sets
    assert ariel == (Interval(Fraction(5), Fraction(5)),) and beatrice == (Interval(Fraction(9), Fraction(9)),)
    # Cassandra's whole optimal set is (7, 9): it holds the seed's (7, 8], and every point of (8, 9)
    # also claims stacks 7 and 8 only (nearer than 5 and 9), as the seed's own reason says.
    assert cassandra == (Interval(Fraction(7), Fraction(9), low_open=True, high_open=True),)
    # she takes the lowest point of (7, 9), which has none: as near 7 as the grid lets her
    assert [str(point) for point in answer.placed] == ["5", "9", "just above 7"]
    for c in (Fraction(71, 10), Fraction(8), Fraction(85, 10), Fraction(899, 100)):
        assert final(range(1, 11), [5, 9, c], [0, 1, 2], False)[2] == 15
    for c in (Fraction(7), Fraction(9)):  # at 7 she splits 6 and 8; 9 is Beatrice's
        assert c == 9 or final(range(1, 11), [5, 9, c], [0, 1, 2], False)[2] == 14


@given(values=st.lists(st.integers(0, 6), min_size=3, max_size=4), players=st.integers(2, 3))
@settings(max_examples=15, deadline=None)
def test_places_beyond_the_end_stacks_change_nothing_for_non_negative_stacks(values, players):
    # with stacks of value 0 or more (all the continuous game takes), tokens outside [1, N] are never
    # better than on it: with and without a margin, one answer.  With a negative stack they can be
    # (see test_the_continuous_game_refuses_negative_stacks).
    wide = continuous(values, players, margin=1, max_grid=2)
    narrow = continuous(values, players, margin=0, max_grid=2)
    assert wide.payoffs == narrow.payoffs


def test_the_continuous_game_refuses_negative_stacks():
    # a token far from a negative stack claims nothing; the grids reach only one unit beyond the
    # end stacks, so on 4, -5, 4, 5 they would report p1 at 4 with 5, p2 in (2, 4) with 3, where
    # p2 does better at -1: nearest to the 4 on stack 1 alone (p1 at 4 then takes -5 + 4 + 5)
    assert final([4, -5, 4, 5], [4, -1], [0, 1], False) == [4, 4]
    assert final([4, -5, 4, 5], [4, 3], [0, 1], False)[1] < 4
    with pytest.raises(NumberLineError, match="the continuous game takes no negative stacks, got -5: a token could "
                                              "gain by going far off the line"):
        continuous([4, -5, 4, 5], 2)
    assert continuous([0, 0, 1], 2, max_grid=4).stable  # zero is allowed


@cache
def seed_continuous(ties):
    """The seed's continuous game, solved once for the tests that read it."""
    return continuous(range(1, 11), 3, ties=ties)


@pytest.mark.parametrize("ties", ["lowest", "highest"])
def test_the_point_taken_is_the_finest_grids(ties):
    # an independent look: solve the finest grid itself; each player's point there is the one
    # the answer names, or, at an open end, one grid step inside it
    answer = seed_continuous(ties)
    grid = NumberLine(range(1, 11), 3, ties=ties, grid=answer.grid, margin=1)
    on_grid = solve(grid).placed
    for point, at in zip(answer.placed, on_grid):
        assert at == point.at + point.side * Fraction(1, answer.grid)
    assert [str(p) for p in answer.placed] == (["5", "9", "just above 7"] if ties == "lowest"
                                               else ["6", "9", "just below 8"])


def test_later_sets_are_for_the_points_taken():
    # with ties to the highest place p1 takes 6 of her [5, 6]; p3's set (4, 6) or (7, 8) holds only so
    answer = seed_continuous("highest")
    assert [", ".join(map(str, sets)) for sets in answer.sets] == ["[5, 6]", "9", "(4, 6), (7, 8)"]
    assert answer.payoffs == (21, 19, 15)
    for c in (Fraction(9, 2), Fraction(11, 2), Fraction(15, 2)):
        assert final(range(1, 11), [6, 9, c], [0, 1, 2], False)[2] == 15
    # with p1 at 5 instead, 5.5 is no longer as good
    assert final(range(1, 11), [5, 9, Fraction(11, 2)], [0, 1, 2], False)[2] < 15


def test_an_unsettled_answer_says_so():
    answer = continuous(range(1, 11), 3, max_grid=2)
    assert not answer.stable and answer.why_not == ("settling takes three grids, of step 1, 1/2 and 1/4, and the "
                                                    "finest allowed is of step 1/2")
    # the seed's game with ties to the highest place settles on the fourth grid only
    high = continuous(range(1, 11), 3, ties="highest", max_grid=4)
    assert not high.stable and high.why_not == "the finest grid allowed, of step 1/4, was reached"
    small = continuous(range(1, 11), 3, max_states=5_000)
    assert not small.stable and "more than 5,000" in small.why_not


@pytest.mark.parametrize("make, message", [
    (lambda: NumberLine.with_stacks(10, players=1), "the number of players must be at least 2, got 1"),
    (lambda: NumberLine.with_stacks(3, players=4), "4 players cannot each take one of 3 stacks"),
    (lambda: NumberLine([1, 2.5]), "a stack's value must be a whole number or a fraction, got 2.5"),
    (lambda: NumberLine([1, True]), "a stack's value must be a whole number or a fraction, got True"),
    (lambda: NumberLine([1, 2], ties="middle"), "unknown tie rule 'middle': use one of lowest, highest"),
    (lambda: NumberLine([1, 2], clock=True, margin=1), "a clock has no ends"),
    (lambda: solve(NumberLine.with_stacks(30, players=15)), "states, more than 1,000,000"),
    (lambda: continuous(range(1, 5), 2, max_grid=3), "the finest grid must be a power of 2"),
    (lambda: NumberLine.with_stacks(1, players=2), "2 players cannot each take one of 1 stack"),
    (lambda: NumberLine([1, 2], players=5, margin=1), "5 players cannot each take one of 4 places"),
    (lambda: continuous(range(1, 11), 13), "13 players cannot each take one of the 12 places from 0 to 11 of the "
                                           "grid of step 1"),
    (lambda: NumberLine([1, Fraction(1, 10 ** 30)]), "at most 30 digits above and below its fraction bar, got one "
                                                      "of more digits"),
    (lambda: NumberLine([-10 ** 5000]), "at most 30 digits above and below its fraction bar"),
    (lambda: NumberLine([Fraction(1, 10 ** 27 + k) for k in range(1, 201)]),
     "the stacks' values have a common denominator of more than 30 digits"),
    (lambda: solve(NumberLine.with_stacks(1000, players=1000)), "1000 players on 1,000 places make more than "
                                                                "10^301 states: ask for fewer"),
])
def test_bad_games_are_refused(make, message):
    with pytest.raises(NumberLineError, match=re.escape(message)):
        make()
