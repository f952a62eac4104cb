"""Drinking logicians against the published answer.

The joke: "Three logicians walk into a bar. The bartender asks: does
everyone want a beer? The first says: I don't know. The second: I don't
know. The third: Yes!"  SMCDEL, module SMCDEL.Examples.DrinkLogic
(``thirstyCheck``: nobody knows at first, and after the first n - 1 say
they don't know, the last knows that all want one) and its test
"Thirsty Logicians: valid for up to 10 agents" (n = 3 .. 10).
"""

from __future__ import annotations

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from epistemic import Announce, Knows, KnowsWhether, Not, holds
from epistemic.formulas import conjunction
from epistemic.models.puzzles.common import PuzzleError
from epistemic.models.puzzles.drinking_logicians import everyone_wants, initial_model, logician, solve

DONT = "I don't know"


@pytest.mark.parametrize("n", range(1, 11))
def test_all_want_a_beer(n):
    # the joke, and SMCDEL's thirstyCheck for n = 3 .. 10
    answer = solve(n=n).answer
    assert answer["answers"] == [DONT] * (n - 1) + ["Yes"]
    assert answer["everyone_wants"] and answer["last"] == n


@pytest.mark.parametrize("n", [3, 5, 10])
def test_smcdel_thirsty_formula(n):
    # SMCDEL thirstyF n: Conj [doesNotKnow k | k <- [1..n]] and, after announcing
    # doesNotKnow 1 .. n-1 in turn, K n allWantBeer
    m, everyone = initial_model(n), everyone_wants(n)
    dont = [Not(KnowsWhether(logician(i), everyone)) for i in range(1, n + 1)]
    after = Knows(logician(n), everyone)
    for f in reversed(dont[:-1]):
        after = Announce(f, after)
    assert holds(m, conjunction(dont) & after)


@pytest.mark.parametrize("n, dry, last", [(3, 0b001, 1), (3, 0b010, 2), (3, 0b100, 3), (3, 0b110, 2),
                                          (5, 0b11000, 4), (1, 1, 1)])
def test_one_who_wants_none_says_no(n, dry, last):
    # the first logician who wants no beer says "No" and the question is settled
    solution = solve(n=n, dry=dry)
    assert solution.answer["answers"] == [DONT] * (last - 1) + ["No"]
    assert not solution.answer["everyone_wants"]
    assert dict(solution.story.rounds[-1].answers)["the bartender knows whether everyone wants a beer"]


def test_story_of_the_joke():
    story = solve().story
    assert [r.announcement for r in story.rounds[1:]] == [f"logician 1: {DONT}", f"logician 2: {DONT}",
                                                          "logician 3: Yes"]
    assert [r.worlds for r in story.rounds] == [8, 4, 2, 1]


@settings(max_examples=20, deadline=None)
@given(st.integers(1, 8).flatmap(lambda n: st.tuples(st.just(n), st.integers(0, (1 << n) - 1))))
def test_both_engines_tell_the_same_story(case):
    n, dry = case
    explicit, symbolic = solve(n=n, dry=dry, engine="explicit"), solve(n=n, dry=dry, engine="symbolic")
    assert symbolic.text() == explicit.text()
    assert symbolic.to_dict() == explicit.to_dict()


@pytest.mark.parametrize("n, dry, last", [(40, 0, 40), (200, 0, 200), (100, 1 << 70, 71)])
def test_published_answer_beyond_what_can_be_listed(n, dry, last):
    # the joke for 2**40 to 2**200 worlds: only a symbolic model holds them
    answer = solve(n=n, dry=dry).answer
    assert answer["answers"] == [DONT] * (last - 1) + ["Yes" if not dry else "No"]
    assert answer["last"] == last


@pytest.mark.parametrize("given, message", [({"n": 2, "dry": 4}, "below 2\\*\\*n = 4"),
                                            ({"n": 0}, "at least 1"), ({"n": 201}, "at most 200"),
                                            ({"n": 17, "engine": "explicit"}, "the explicit engine takes n up to 16"),
                                            ({"beer": 1}, "unknown parameter")])
def test_bad_parameters(given, message):
    with pytest.raises(PuzzleError, match=message):
        solve(**given)
