"""Stories: public announcements told round by round, as text and as data."""

from __future__ import annotations

import pytest

from epistemic import Agent, KripkeModel, ModelError, Story, parse_formula

A = Agent("a")


def three_worlds() -> Story:
    """w (p, q), v (p) and u (nothing); a tells none of them apart; v is actual."""
    m = KripkeModel.from_relations([A], {"w": {"p", "q"}, "v": {"p"}, "u": set()},
                                   {A: [("w", "v"), ("v", "u"), ("w", "u")]}, actual="v",
                                   reflexive=True, symmetric=True)
    return Story(m, [("a knows p", parse_formula("K_a p")), ("a knows q", parse_formula("K_a q"))])


def test_rounds_restrict_the_model_and_answer_the_questions():
    story = three_worlds()
    story.announce("p is true", parse_formula("p"))
    assert [r.number for r in story.rounds] == [0, 1]
    assert [r.worlds for r in story.rounds] == [3, 2]
    assert story.model.worlds == ["w", "v"]
    # before: u, where p is false, is possible for a; after: only w and v, both p, only w q
    assert story.rounds[0].answers == (("a knows p", False), ("a knows q", False))
    assert story.rounds[1].answers == (("a knows p", True), ("a knows q", False))
    assert story.holds(parse_formula("K_a p & ~K_a q"))
    assert story.text() == ("start: 3 worlds (w, v, u); a knows p: no; a knows q: no\n"
                            "1. p is true: 2 worlds left (w, v); a knows p: yes; a knows q: no")


def test_worlds_are_listed_up_to_show():
    story = three_worlds()
    story.announce("p is true", parse_formula("p"))
    assert story.text(show=3).splitlines()[0].startswith("start: 3 worlds (w, v, u);")
    assert story.text(show=2).splitlines() == [
        "start: 3 worlds; a knows p: no; a knows q: no",
        "1. p is true: 2 worlds left (w, v); a knows p: yes; a knows q: no"]
    rounds = story.to_dict(show=2)
    assert "worlds" not in rounds[0] and rounds[1]["worlds"] == ["w", "v"]
    assert rounds[1] == {"round": 1, "announcement": "p is true", "formula": "p", "worlds_left": 2,
                         "answers": {"a knows p": True, "a knows q": False}, "worlds": ["w", "v"]}
    assert story.to_dict(show=3)[0]["worlds"] == ["w", "v", "u"]


def test_a_false_announcement_is_refused_and_changes_nothing():
    story = three_worlds()
    with pytest.raises(ModelError, match="'q holds' is false at the actual world"):
        story.announce("q holds", parse_formula("q"))     # v, the actual world, has no q
    assert len(story.rounds) == 1 and len(story.model) == 3
