"""Consecutive numbers against the published answer.

H. van Ditmarsch and B. Kooi, *One Hundred Prisoners and a Light Bulb*
(Springer, 2015), chapter 1 "Consecutive Numbers": two consecutive natural
numbers (0, 1, 2, ...) are whispered to Anne and Bill; with Anne told 2
and Bill 3 the conversation is "Anne: I don't know your number. Bill: I
don't know your number. Anne: I know your number. Bill: I know your
number.", and the riddle asks what surely is one of the two numbers: the
pairs left are (1,2) and (2,3), so 2.

The rule for other pairs (the holder of the smaller number n knows first,
in the first of her turns numbered n + 1 or more) is derived by the same
analysis, not quoted from the book; the model checker agrees with it.
"""

from __future__ import annotations

import pytest

from epistemic import holds
from epistemic.models.puzzles.common import PuzzleError
from epistemic.models.puzzles.consecutive_numbers import ANNE, BILL, initial_model, knows_number, solve

DONT, KNOW = "I don't know your number", "I know your number"


def test_published_conversation():
    # van Ditmarsch and Kooi 2015, ch. 1: Anne 2, Bill 3
    answer = solve(anne=2, bill=3).answer
    assert answer["conversation"] == [f"Anne: {DONT}", f"Bill: {DONT}", f"Anne: {KNOW}", f"Bill: {KNOW}"]
    assert answer["first"] == "Anne" and answer["round"] == 3
    # ... and what surely is one of the two numbers: 2
    assert answer["consistent_pairs"] == [[1, 2], [2, 3]]


def rule(anne: int, bill: int) -> tuple[str, int]:
    """Who knows first and in which round (Anne speaks in odd rounds, Bill in even)."""
    n, first = min(anne, bill), "Anne" if anne < bill else "Bill"
    r = n + 1
    if (r % 2 == 1) != (first == "Anne"):
        r += 1
    return first, r


@pytest.mark.parametrize("n", [0, 1, 2, 3, 4, 7, 10, 25])
@pytest.mark.parametrize("swap", [False, True])
def test_first_to_know(n, swap):
    anne, bill = (n + 1, n) if swap else (n, n + 1)
    answer = solve(anne=anne, bill=bill).answer
    first, r = rule(anne, bill)
    assert (answer["first"], answer["round"]) == (first, r)
    other = "Bill" if first == "Anne" else "Anne"
    speakers = ["Anne" if i % 2 else "Bill" for i in range(1, r + 1)]
    expected = [f"{s}: {DONT}" for s in speakers[:-1]] + [f"{first}: {KNOW}", f"{other}: {KNOW}"]
    assert answer["conversation"] == expected


@pytest.mark.parametrize("anne, bill", [(0, 1), (1, 0), (4, 5), (9, 8)])
def test_larger_cut_changes_nothing(anne, bill):
    # the finite cut is sound: a much larger model tells the same conversation and pairs
    small, large = solve(anne=anne, bill=bill).answer, solve(anne=anne, bill=bill, bound=anne + bill + 40).answer
    for key in ("first", "round", "conversation", "consistent_pairs"):
        assert small[key] == large[key]


def test_rounds_answers_at_the_actual_pair():
    story = solve(anne=2, bill=3).story
    answers = [dict(r.answers) for r in story.rounds]
    assert [a["Anne knows Bill's number"] for a in answers] == [False, False, True, True, True]
    assert [a["Bill knows Anne's number"] for a in answers] == [False, False, False, True, True]


def test_model():
    m = initial_model(2, 3, 9)
    assert len(m) == 18
    assert holds(m, knows_number(ANNE), (0, 1)) and not holds(m, knows_number(ANNE), (2, 3))
    assert holds(m, knows_number(BILL), (1, 0)) and not holds(m, knows_number(BILL), (2, 1))
    # each is told its own number, and nothing else: one block per number from 0 to the bound
    for agent, own in ((ANNE, 0), (BILL, 1)):
        blocks = m.partition(agent)
        assert sorted({w[own] for w in block}.pop() for block in blocks) == list(range(10))
        assert all(len({w[own] for w in block}) == 1 for block in blocks)


@pytest.mark.parametrize("given, message", [
    ({"anne": 2, "bill": 4}, "one apart"),
    ({"anne": 2, "bill": 2}, "one apart"),
    ({"anne": 2, "bill": 3, "bound": 8}, "at least anne \\+ bill \\+ 4 = 9"),
    ({"anne": -1, "bill": 0}, "at least 0"),
    ({"carol": 1}, "unknown parameter"),
])
def test_bad_parameters(given, message):
    with pytest.raises(PuzzleError, match=message):
        solve(**given)
