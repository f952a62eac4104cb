"""A model drawn by hand: the S5 closure of the links drawn, and the faults a student can make."""

from __future__ import annotations

import pytest
from hypothesis import given, settings, strategies as st

from epistemic import Agent, ModelError
from epistemic.workbench.draft import MAX_DRAFT_WORLDS, Draft

WORLDS = [f"w{i}" for i in range(6)]


def classes_by_hand(names: list[str], links: list[tuple[str, str]]) -> set[frozenset[str]]:
    """The equivalence classes the links generate, grown until nothing joins: no graph library."""
    classes = [{w} for w in names]
    for u, v in links:
        first = next(c for c in classes if u in c)
        second = next(c for c in classes if v in c)
        if first is not second:
            first |= second
            classes.remove(second)
    return {frozenset(c) for c in classes}


@settings(max_examples=60, deadline=None)
@given(st.integers(1, 6), st.lists(st.tuples(st.sampled_from("ab"), st.integers(0, 5), st.integers(0, 5)),
                                   max_size=12))
def test_each_agent_cannot_tell_apart_exactly_what_its_links_join(n, drawn):
    names = WORLDS[:n]
    draft = Draft(("a", "b"))
    for w in names:
        draft = draft.with_world(w, ["p"] if w < "w3" else [])
    links = [(a, names[u % n], names[v % n]) for a, u, v in drawn if u % n != v % n]
    for a, u, v in links:
        draft = draft.linked(a, u, v)
    model = draft.model()
    for agent in "ab":
        expected = classes_by_hand(names, [(u, v) for a, u, v in links if a == agent])
        assert {frozenset(c) for c in model.partition(Agent(agent))} == expected
        assert model.is_equivalence(Agent(agent))
        # what the closure adds is every pair of a class that was not drawn
        implied = {frozenset((u, v)) for a, u, v in draft.implied() if a == agent}
        drawn_pairs = {frozenset((u, v)) for a, u, v in links if a == agent}
        assert implied == {frozenset((u, v)) for c in expected for u in c for v in c if u < v} - drawn_pairs


def test_a_drawing_names_its_faults():
    draft = Draft(("a",)).with_world("w", ["p"])
    with pytest.raises(ModelError, match="there is a world 'w' already"):
        draft.with_world("w")
    with pytest.raises(ModelError, match="'two words' is not a name for a world"):
        draft.with_world("two words")
    with pytest.raises(ModelError, match="no agent 'b' in the model: the agents are a"):
        draft.with_world("v").linked("b", "w", "v")
    with pytest.raises(ModelError, match="every world is linked to itself already"):
        draft.linked("a", "w", "w")
    with pytest.raises(ModelError, match="there is no world 'x'"):
        draft.with_actual("x")
    with pytest.raises(ModelError, match="1 to 8 agents"):
        Draft(())
    with pytest.raises(ModelError, match="no world yet"):
        Draft(("a",)).model()
    full = Draft(("a",))
    for i in range(MAX_DRAFT_WORLDS):
        full = full.with_world(f"w{i}")
    with pytest.raises(ModelError, match=f"at most {MAX_DRAFT_WORLDS} worlds"):
        full.with_world("one_more")


def test_removing_a_world_takes_its_links_and_the_actual_mark():
    draft = Draft(("a",)).with_world("w").with_world("v", ["q"]).linked("a", "w", "v").with_actual("v")
    smaller = draft.without_world("v")
    assert smaller.links == frozenset() and smaller.actual is None and smaller.model().actual == {"w"}
    assert draft.with_atoms("w", ["p", "q"]).model().facts("w") == {"p", "q"}
