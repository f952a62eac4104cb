"""Plausibility models: knowledge is the block an agent cannot see past,
belief its most plausible worlds, and a public announcement revises belief
(Baltag and Smets 2008, with one plausibility order for all agents)."""

from __future__ import annotations

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from epistemic import Agent, KripkeModel, ModelError, PlausibilityModel

A, B = Agent("a"), Agent("b")


@st.composite
def ranked_models(draw):
    size = draw(st.integers(1, 8))
    seen_a = draw(st.lists(st.integers(0, 2), min_size=size, max_size=size))
    seen_b = draw(st.lists(st.integers(0, 2), min_size=size, max_size=size))
    ranks = draw(st.lists(st.integers(0, 3), min_size=size, max_size=size))
    actual = draw(st.integers(0, size - 1))
    model = PlausibilityModel.observing([A, B], {w: {f"p{w % 2}"} for w in range(size)},
                                        observes=lambda agent, w: (seen_a if agent == A else seen_b)[w],
                                        rank=ranks.__getitem__, actual=actual)
    return model, seen_a, seen_b, ranks, actual


@settings(max_examples=80, deadline=None)
@given(ranked_models(), st.data())
def test_belief_is_the_most_plausible_of_what_is_possible(case, data):
    model, seen_a, seen_b, ranks, actual = case
    for agent, seen in ((A, seen_a), (B, seen_b)):
        for w in range(len(model)):
            possible = {v for v in range(len(model)) if seen[v] == seen[w]}
            assert model.possible(w, agent) == possible
            least = min(ranks[v] for v in possible)
            assert model.believed(w, agent) == {v for v in possible if ranks[v] == least}
    # a public announcement keeps the worlds where it holds, and belief is revised among them
    keep = data.draw(st.sets(st.integers(0, len(model) - 1))) | {actual}
    told = model.restricted(keep)
    assert set(told.worlds) == keep
    left = {v for v in keep if seen_a[v] == seen_a[actual]}
    least = min(ranks[v] for v in left)
    assert told.believed(actual, A) == {v for v in left if ranks[v] == least}
    assert all(told.rank(v) == ranks[v] for v in keep)


def test_believed_facts_hold_in_every_believed_world():
    m = PlausibilityModel.observing([A], {"w": {"p", "q"}, "v": {"p"}, "u": set()}, observes=lambda a, w: 0,
                                    rank={"w": 0, "v": 0, "u": 1}.__getitem__, actual="u")
    assert m.believed_facts("u", A) == {"p"}
    assert m.restricted(["u", "w"]).believed_facts("u", A) == {"p", "q"}


def test_bad_models_are_refused():
    arrows = KripkeModel.from_relations([A], {"w": set(), "v": set()}, {A: [("w", "v")]}, "w")
    with pytest.raises(ModelError, match="not an equivalence"):
        PlausibilityModel(arrows, [0, 1])
    s5 = KripkeModel.from_relations([A], {"w": set(), "v": set()}, {A: [("w", "v")]}, "w",
                                    reflexive=True, symmetric=True)
    with pytest.raises(ModelError, match="one rank per world: 2 worlds, 3 ranks"):
        PlausibilityModel(s5, [0, 1, 2])
    with pytest.raises(ModelError, match="false at the actual world"):
        PlausibilityModel(s5, [0, 1]).restricted(["v"])
    with pytest.raises(ModelError, match="ranks the worlds of a KripkeModel"):
        PlausibilityModel("w", [0])  # type: ignore[arg-type]
