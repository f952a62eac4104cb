"""Cheryl's birthday against the published answer.

Singapore and Asian Schools Math Olympiad 2015, question 24: the answer is
July 16.  The worlds left after each statement follow the published
solution (also van Ditmarsch, Hartley, Kooi, Welton and Yeo, "Cheryl's
Birthday", TARK 2017): Albert's first statement leaves the July and August
dates, Bernard's leaves July 16, August 15 and August 17, Albert's last
leaves July 16.
"""

from __future__ import annotations

import pytest

from epistemic import holds, parse_formula, to_text, worlds_where
from epistemic.models.puzzles.cheryl import (
    ALBERT,
    BERNARD,
    DATES,
    PARAMETERS,
    initial_model,
    knows_birthday,
    solve,
    statements,
    survivors,
)
from epistemic.models.puzzles.common import PuzzleError


def test_published_answer():
    # SASMO 2015: Cheryl's birthday is July 16
    solution = solve()
    assert solution.answer["birthday"] == "July 16"
    assert (solution.answer["month"], solution.answer["day"]) == ("July", 16)
    assert solution.story.model.worlds == ["July 16"]
    assert survivors() == ["July 16"]


def test_worlds_after_each_statement():
    # the published solution: 5 worlds, then 3, then 1
    rounds = solve().story.rounds
    assert [r.worlds for r in rounds] == [10, 5, 3, 1]
    assert rounds[1].model.worlds == ["July 14", "July 16", "August 14", "August 15", "August 17"]
    assert rounds[2].model.worlds == ["July 16", "August 15", "August 17"]
    assert rounds[3].model.worlds == ["July 16"]
    assert solve().answer["worlds_left"] == [5, 3, 1]


def test_bernard_did_not_know_at_first():
    # "At first I didn't know": true before any statement, and implied by Albert's first one
    m = initial_model(["July 16"])
    assert holds(m, ~knows_birthday(BERNARD))
    first = statements()[0][1]
    assert worlds_where(m, first) <= worlds_where(m, ~knows_birthday(BERNARD))


def test_who_knows_before_anything_is_said():
    m = initial_model()
    # Bernard would know at once on the days that occur once: May 19 and June 18
    assert worlds_where(m, knows_birthday(BERNARD)) == {"May 19", "June 18"}
    assert worlds_where(m, knows_birthday(ALBERT)) == frozenset()


def test_model_and_formulas():
    m = initial_model()
    assert len(m) == len(DATES) == 10 and m.actual == frozenset()
    assert m.partition(ALBERT)[0] == ["May 15", "May 16", "May 19"]
    assert ["May 16", "July 16"] in m.partition(BERNARD)
    for _, formula in statements():
        assert parse_formula(to_text(formula)) == formula


def test_text():
    lines = solve().text().splitlines()
    assert lines[0].startswith("start: 10 worlds")
    assert lines[3].startswith("3. Albert: Then I also know: 1 world left (July 16)")
    assert lines[-1] == "Answer: Cheryl's birthday is July 16"


def test_no_parameters():
    assert PARAMETERS == ()
    with pytest.raises(PuzzleError, match="unknown parameter 'month'"):
        solve(month=7)
