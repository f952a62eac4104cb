"""Kripke models: construction, reading, product update and announcements."""

from __future__ import annotations

import networkx as nx
import numpy as np
import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from epistemic import (
    Agent,
    Announcement,
    Atom,
    Event,
    EventModel,
    KripkeModel,
    ModelError,
    announce,
    private_event,
    public_event,
    update,
)
from strategies import agent_lists, announcement_sets, paths_over

A, B, C = Agent("a"), Agent("b"), Agent("c")


def three_worlds() -> KripkeModel:
    """a cannot tell w from v; b cannot tell v from u; c knows everything."""
    return KripkeModel.from_relations(
        agents=[A, B, C],
        worlds={"w": {"p", "q"}, "v": {"p"}, "u": {"q"}},
        relations={A: [("w", "v")], B: [("v", "u")], C: []},
        actual="w",
        reflexive=True,
        symmetric=True,
    )


# construction and reading ------------------------------------------------------

def test_from_relations_closures():
    m = three_worlds()
    assert sorted(m.worlds) == ["u", "v", "w"] and len(m) == 3
    assert m.actual == {"w"}
    assert m.agents == {A, B, C}
    assert m.facts("w") == {"p", "q"} and m.facts("u") == {"q"}
    assert m.relation(A) == {("w", "w"), ("v", "v"), ("u", "u"), ("w", "v"), ("v", "w")}
    assert m.relation(C) == {("w", "w"), ("v", "v"), ("u", "u")}
    assert all(m.is_equivalence(x) for x in (A, B, C))


def test_from_relations_without_closure_is_as_given():
    m = KripkeModel.from_relations(
        agents=[A, B], worlds={"w": {"p"}, "v": set()},
        relations={A: [("w", "v")]}, actual="w",
    )
    assert m.relation(A) == {("w", "v")}
    assert m.relation(B) == frozenset()
    assert m.accessible("w", A) == {"v"} and m.accessible("v", A) == frozenset()
    assert not m.is_equivalence(A) and not m.is_kd45(A)  # v has no successor


def test_from_relations_several_actual_worlds():
    m = KripkeModel.from_relations(
        agents=[A], worlds={"w": {"p"}, "v": {"p", "q"}, "u": {"q"}},
        relations={}, actual=["w", "v"], reflexive=True,
    )
    assert m.actual == {"w", "v"}
    assert m.believed_facts([]) == {"p"}  # true in every actual world
    assert m.believed_facts([A]) == {"p"}


@pytest.mark.parametrize(
    "kwargs",
    [
        dict(agents=[A], worlds={"w": ()}, relations={B: []}, actual="w"),
        dict(agents=[A], worlds={"w": ()}, relations={A: [("w", "x")]}, actual="w"),
        dict(agents=[A], worlds={"w": ()}, relations={A: [("x", "w")]}, actual="w"),
        dict(agents=[A], worlds={"w": ()}, relations={}, actual="x"),
        dict(agents=[A], worlds={"w": ()}, relations={}, actual=["w", "x"]),
        dict(agents=["a"], worlds={"w": ()}, relations={}, actual="w"),
    ],
)
def test_from_relations_rejects_bad_input(kwargs):
    with pytest.raises(ModelError) as caught:
        KripkeModel.from_relations(**kwargs)
    assert "\n" not in str(caught.value)


def test_from_relations_string_actual_is_one_world():
    with pytest.raises(ModelError):
        KripkeModel.from_relations(agents=[A], worlds={"w": (), "v": ()}, relations={},
                                   actual="wv")


def test_accessible_and_reachable():
    m = three_worlds()
    assert m.accessible("w", A) == {"w", "v"}
    assert m.accessible("w", B) == {"w"}
    assert m.accessible("v", B) == {"v", "u"}
    assert m.reachable([]) == {"w"}
    assert m.reachable([A]) == {"w", "v"}
    assert m.reachable([B]) == {"w"}
    assert m.reachable([A, B]) == {"w", "v", "u"}
    assert m.reachable([B, A]) == {"w", "v"}
    assert m.reachable([A], start=["u"]) == {"u"}
    assert m.reachable([B], start=["u"]) == {"v", "u"}


def test_believed_facts():
    m = three_worlds()
    assert m.believed_facts([]) == {"p", "q"}
    assert m.believed_facts([C]) == {"p", "q"}
    assert m.believed_facts([A]) == {"p"}        # a believes p, not q
    assert m.believed_facts([B]) == {"p", "q"}
    assert m.believed_facts([A, B]) == frozenset()  # a does not believe b believes p
    assert m.believed_facts([B, A]) == {"p"}
    assert m.believed_facts([A], start=["u"]) == {"q"}
    assert m.believed_facts([B], start=["u"]) == frozenset()   # v has p, u has q


def test_equivalence_and_kd45():
    belief = KripkeModel.from_relations(
        agents=[A], worlds={"w": {"p"}, "v": set(), "u": set()},
        relations={A: [("w", "v"), ("v", "v"), ("u", "v")]}, actual="w",
    )
    assert belief.is_kd45(A) and not belief.is_equivalence(A)
    not_euclidean = KripkeModel.from_relations(
        agents=[A], worlds={"w": (), "v": (), "u": ()},
        relations={A: [("w", "v"), ("w", "u"), ("v", "v"), ("u", "u")]}, actual="w",
    )
    assert not not_euclidean.is_kd45(A)
    not_transitive = KripkeModel.from_relations(
        agents=[A], worlds={"w": (), "v": (), "u": ()},
        relations={A: [("w", "v"), ("v", "u"), ("u", "u")]}, actual="w",
    )
    assert not not_transitive.is_kd45(A) and not not_transitive.is_equivalence(A)
    not_symmetric = KripkeModel.from_relations(
        agents=[A], worlds={"w": (), "v": ()},
        relations={A: [("w", "v")]}, actual="w", reflexive=True,
    )
    assert not not_symmetric.is_equivalence(A)
    assert three_worlds().is_kd45(A)  # every equivalence is serial, transitive, Euclidean


def test_initial_model():
    m = KripkeModel.initial([A, B], facts={"p"})
    assert len(m) == 1 and m.actual == {0}
    assert m.believed_facts([A, B, A]) == {"p"}
    assert m.is_equivalence(A) and m.is_equivalence(B)


def test_model_rejects_edges_with_foreign_agents():
    g = nx.DiGraph()
    g.add_node(0, facts=frozenset())
    g.add_edge(0, 0, agents=frozenset({B}))
    with pytest.raises(ModelError):
        KripkeModel.from_networkx(g, [A], [0])
    g.add_edge(0, 0, agents=frozenset())
    with pytest.raises(ModelError):
        KripkeModel.from_networkx(g, [A], [0])


def test_model_is_not_hashable():
    with pytest.raises(TypeError):
        hash(KripkeModel.initial([A]))


# product update -------------------------------------------------------------------

def has_p(model, world):
    return "p" in model.facts(world)


def test_update_product():
    # w (p) and v (no p); a cannot tell them apart, b can.
    m = KripkeModel.from_relations(
        agents=[A, B], worlds={"w": {"p", "r"}, "v": {"r"}},
        relations={A: [("w", "v")]}, actual="w", reflexive=True, symmetric=True,
    )
    # "e": p is announced to a and b, and r becomes false; "f": nothing happens.
    # b cannot tell e from f; a can.
    events = EventModel(
        [A, B],
        [Event("e", precondition=has_p, adds={"told"}, removes={"r"}), Event("f")],
        {A: [("e", "e"), ("f", "f")], B: [("e", "e"), ("f", "f"), ("e", "f"), ("f", "e")]},
        actual=["e"],
    )
    new = update(m, events)
    g = new.to_networkx()
    origin = {g.nodes[x]["origin"]: x for x in g}
    # (v, e) is gone: e's precondition fails at v
    assert set(origin) == {("w", "e"), ("w", "f"), ("v", "f")}
    assert len(new) == 3
    we, wf, vf = origin["w", "e"], origin["w", "f"], origin["v", "f"]
    assert new.actual == {we}
    assert new.facts(we) == {"p", "told"}   # postconditions: adds told, removes r
    assert new.facts(wf) == {"p", "r"}
    assert new.facts(vf) == {"r"}
    # edges are intersections: a links worlds a linked and a links events
    assert new.relation(A) == {(we, we), (wf, wf), (vf, vf), (wf, vf), (vf, wf)}
    assert new.relation(B) == {(we, we), (wf, wf), (vf, vf), (we, wf), (wf, we)}
    # a learned p; b does not know whether it was told
    assert "p" in new.believed_facts([A]) and "told" in new.believed_facts([A])
    assert new.believed_facts([B]) == {"p"}
    assert new.believed_facts([B, A]) == frozenset()
    assert new.is_equivalence(A) and new.is_equivalence(B)
    # the old model is unchanged
    assert len(m) == 2 and m.facts("w") == {"p", "r"}


def test_update_actual_event_that_cannot_happen():
    m = KripkeModel.from_relations(
        agents=[A], worlds={"w": set(), "v": {"p"}},
        relations={}, actual="w", reflexive=True,
    )
    events = EventModel([A], [Event("e", precondition=has_p)], {A: [("e", "e")]}, ["e"])
    with pytest.raises(ModelError):
        update(m, events)
    # at v it can happen
    m2 = KripkeModel.from_relations(
        agents=[A], worlds={"w": set(), "v": {"p"}}, relations={}, actual="v", reflexive=True,
    )
    after = update(m2, events)
    assert len(after) == 1 and after.believed_facts([A]) == {"p"}


def test_update_needs_the_same_agents():
    with pytest.raises(ModelError):
        update(KripkeModel.initial([A, B]), public_event([A], "x"))


def test_product_takes_the_truth_of_preconditions_and_assignments_as_given():
    m = KripkeModel.from_relations([A], {"w": {"p"}, "v": set()}, {}, actual="w", reflexive=True)
    flip = EventModel([A], [Event("flip", assign={"p": Atom("q")}), Event("skip")],
                      {A: [("flip", "flip"), ("skip", "skip")]}, ["flip"])
    # the table need not match any formula: the product only follows it
    after, new = m.product(flip, np.array([[False, True], [True, True]]), [{"p": np.array([False, True])}, {}])
    assert new.tolist() == [[-1, 0], [1, 2]]
    assert [after.origin(x) for x in after.worlds] == [("w", "skip"), ("v", "flip"), ("v", "skip")]
    assert [after.facts(x) for x in after.worlds] == [{"p"}, {"p"}, set()]
    assert after.actual == frozenset()
    with pytest.raises(ModelError, match="boolean table of 2 worlds by 2 events"):
        m.product(flip, np.ones((2, 1), dtype=bool), [{"p": np.ones(2, dtype=bool)}, {}])
    with pytest.raises(ModelError, match="the truth of each atom it assigns"):
        m.product(flip, np.ones((2, 2), dtype=bool))
    with pytest.raises(ModelError, match="update takes an EventModel"):
        m.product("flip", np.ones((2, 2), dtype=bool))


def test_one_event_at_every_world_seen_as_itself_keeps_the_relations():
    m = three_worlds()
    flip = EventModel([A, B, C], [Event("flip", assign={"q": Atom("p")})],
                      {agent: [("flip", "flip")] for agent in (A, B, C)}, ["flip"])
    after, new = m.product(flip, np.ones((3, 1), dtype=bool), [{"q": np.array([True, True, False])}])
    assert new.tolist() == [[0], [1], [2]]
    for agent in (A, B, C):
        assert after.relation_of(agent) is m.relation_of(agent)
    assert sorted(after.relation(A)) == [(0, 0), (0, 1), (1, 0), (1, 1), (2, 2)]
    assert [sorted(after.facts(x)) for x in after.worlds] == [["p", "q"], ["p", "q"], []]
    # where the event cannot happen at a world, or an agent sees it otherwise, the relations are made anew
    fewer, _ = m.product(flip, np.array([[True], [False], [True]]), [{"q": np.array([True, True, False])}])
    assert sorted(fewer.relation(A)) == [(0, 0), (1, 1)] and sorted(fewer.relation(B)) == [(0, 0), (1, 1)]
    blind = EventModel([A, B, C], [Event("flip", assign={"q": Atom("p")}), Event("skip")],
                       {A: [("flip", "skip"), ("skip", "skip")], B: [("flip", "flip"), ("skip", "skip")],
                        C: [("flip", "flip"), ("skip", "skip")]}, ["flip"])
    table = np.array([[True, True], [True, True], [True, True]])
    both, _ = m.product(blind, table, [{"q": np.array([True, True, False])}, {}])
    assert len(both) == 6 and both.relation_of(B) is not m.relation_of(B)


def test_reassigned_is_the_update_by_one_event_at_every_world_seen_as_itself():
    m = three_worlds()
    flip = EventModel([A, B, C], [Event("flip", assign={"q": Atom("p")})],
                      {agent: [("flip", "flip")] for agent in (A, B, C)}, ["flip"])
    updated = update(m, flip)
    facts = [{"p", "q"}, {"p", "q"}, set()]       # q := p at w, v, u
    made = m.reassigned("flip", facts)
    assert made.worlds == updated.worlds and made.actual == updated.actual
    assert [made.facts(x) for x in made.worlds] == [updated.facts(x) for x in updated.worlds]
    assert [made.origin(x) for x in made.worlds] == [updated.origin(x) for x in updated.worlds]
    assert made.s5_before == updated.s5_before
    for agent in (A, B, C):
        assert sorted(made.relation(agent)) == sorted(updated.relation(agent))
    with pytest.raises(ModelError, match="every world needs its facts"):
        m.reassigned("flip", facts[:2])


def test_event_model_validation():
    with pytest.raises(ModelError):
        EventModel([A], [Event("e"), Event("e")], {}, ["e"])
    with pytest.raises(ModelError):
        EventModel([A], [Event("e")], {A: [("e", "f")]}, ["e"])
    with pytest.raises(ModelError):
        EventModel([A], [Event("e")], {}, ["f"])
    with pytest.raises(ModelError):
        private_event([A], "x", [B])


@pytest.mark.parametrize("path", ["lists", "arrays"])
def test_generated_drops_unreachable_worlds(path):
    """On the path over Python lists a model of few worlds takes, and on the arrays' path of large ones."""
    import contextlib

    from planning_strategies import arrays_only
    with arrays_only() if path == "arrays" else contextlib.nullcontext():
        m = KripkeModel.from_relations(
            agents=[A, B], worlds={"w": {"p"}, "v": set(), "u": {"q"}, "x": set()},
            relations={A: [("w", "v")], B: [("v", "u")]}, actual="w", reflexive=True,
        )
        gen = m.generated()
        assert sorted(gen.worlds) == ["u", "v", "w"]
        assert gen.actual == m.actual
        assert gen.relation(A) == m.relation(A) - {("x", "x")}
        for path in ([], [A], [A, B], [B, A, B]):
            assert gen.believed_facts(path) == m.believed_facts(path)
        assert len(m) == 4  # the original keeps its worlds


def test_to_networkx_is_a_copy():
    m = three_worlds()
    g = m.to_networkx()
    assert g.graph["actual"] == {"w"} and g.graph["agents"] == {A, B, C}
    assert g.nodes["w"]["facts"] == {"p", "q"}
    assert g.edges["w", "v"]["agents"] == {A}
    g.add_node("new", facts=frozenset({"z"}))
    g.remove_edge("w", "v")
    g.nodes["w"]["facts"] = frozenset()
    g.edges["v", "u"]["agents"] = frozenset({A, B, C})
    g.graph["actual"] = frozenset({"v"})
    assert len(m) == 3 and "new" not in m.worlds
    assert m.facts("w") == {"p", "q"}
    assert m.accessible("w", A) == {"w", "v"}
    assert m.accessible("v", A) == {"w", "v"}
    assert m.actual == {"w"}
    assert m.to_networkx().edges["w", "v"]["agents"] == {A}


# announcements ------------------------------------------------------------------

def test_announce_public():
    said = Announcement(A, "x")
    m = announce(KripkeModel.initial([A, B, C]), said)
    assert len(m) == 1
    for path in ([], [A], [B, C], [C, A, B, A]):
        assert m.believed_facts(path) == {said}
    assert all(m.is_equivalence(x) for x in (A, B, C))


def test_announce_private():
    told = Announcement.private(B, "x", [C])
    m = announce(KripkeModel.initial([A, B, C]), told)
    assert len(m) == 2
    assert m.believed_facts([]) == {told}
    assert m.believed_facts([B]) == {told} and m.believed_facts([C, B]) == {told}
    assert m.believed_facts([A]) == frozenset()
    assert m.believed_facts([B, A]) == frozenset()   # b believes a was not told
    assert m.believed_facts([A, B]) == frozenset()   # a believes nothing was said
    assert all(m.is_kd45(x) for x in (A, B, C))
    assert not m.is_equivalence(A)


def test_announce_rejects_strangers():
    m = KripkeModel.initial([A, B])
    with pytest.raises(ModelError):
        announce(m, Announcement(C, "x"))
    with pytest.raises(ModelError):
        announce(m, Announcement.private(A, "x", [C]))


def rule(told, path):
    """The set rule: j1 believes j2 believes ... jk knows exactly the announcements
    that every agent of the path heard (the public ones, and those whose audience
    holds them all).  Written on the audiences alone, independently of
    :meth:`Knowledge.seen_by`."""
    return {a for a in told if a.audience is None or all(agent in a.audience for agent in path)}


@st.composite
def announced(draw, max_agents=4, max_announcements=5, public=None):
    pool = draw(agent_lists(min_size=1, max_size=max_agents))
    told = draw(announcement_sets(pool, max_size=max_announcements, public=public))
    model = KripkeModel.initial(pool)
    for a in told:
        model = announce(model, a)
    return pool, told, model


@given(announced(), st.data())
@settings(max_examples=120, deadline=None)
def test_believed_facts_follow_the_set_rule(case, data):
    pool, told, model = case
    for _ in range(6):
        path = data.draw(paths_over(pool, max_size=4))
        assert model.believed_facts(path) == rule(told, path), path


@given(announced())
@settings(max_examples=80, deadline=None)
def test_announcements_give_belief_models_of_bounded_size(case):
    pool, told, model = case
    private = sum(not a.is_public for a in told)
    assert 1 <= len(model) <= 2 ** private
    assert all(model.is_kd45(agent) for agent in pool)


@given(announced(public=True))
@settings(max_examples=40, deadline=None)
def test_public_announcements_give_knowledge(case):
    pool, told, model = case
    assert len(model) == 1
    assert all(model.is_equivalence(agent) for agent in pool)
    assert model.believed_facts(pool) == set(told)


def test_from_relations_number_actual_that_is_no_world_is_a_model_error():
    with pytest.raises(ModelError, match="actual world 5"):
        KripkeModel.from_relations(agents=[Agent("a")], worlds={0: (), 1: ()}, relations={}, actual=5)


def test_networkx_round_trip_names_one_world_as_from_relations_does():
    # a world named by a tuple is one world, whichever builder is given it
    m = KripkeModel.from_relations([A], {("x", 1): {"p"}, ("y", 2): set()}, {A: [(("x", 1), ("y", 2))]},
                                   ("x", 1), reflexive=True, symmetric=True)
    back = KripkeModel.from_networkx(m.to_networkx(), [A], ("x", 1))
    assert back.actual == m.actual == {("x", 1)}
    assert KripkeModel.from_networkx(m.to_networkx(), [A], [("x", 1), ("y", 2)]).actual == {("x", 1), ("y", 2)}


def test_a_model_pickles_without_its_caches():
    # a worker process gets its model by pickle; what was computed on it stays behind
    import pickle
    from epistemic import parse_formula, worlds_where
    a, b = Agent("a"), Agent("b")
    m = KripkeModel.from_relations([a, b], {"w": {"p"}, "v": set()}, {a: [("w", "v")]}, actual="w",
                                   reflexive=True, symmetric=True)
    before = len(pickle.dumps(m))
    assert worlds_where(m, parse_formula("[!p] K_a p & K_b p")) == {"w"} and m.cache
    back = pickle.loads(pickle.dumps(m))
    assert len(pickle.dumps(m)) == before and back.cache == {}
    assert back.worlds == m.worlds and back.actual == m.actual and back.partition(a) == [["w", "v"]]
    assert worlds_where(back, parse_formula("K_b p")) == {"w"}
