"""Explanations on the symbolic engine: made on diagrams, and every reason in
them true of the listed model.

Each reason of an explanation claims that a formula has a verdict at a
world, and a reason below a modal operator names a world the agent (or
group) can reach.  ``_valid`` checks both claims on the explicit model with
the explicit checker, following public announcements and event models into
the updated models, so a symbolic explanation is checked by code it does
not share.
"""

from __future__ import annotations

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st
from test_core_bisimulation import formulas, models
from test_core_checking import event_models
from test_core_checking import formulas as small_formulas
from test_core_checking import models as three_agent_models

from epistemic import (Act, Agent, KripkeModel, ModelError, explain_verdict, parse_formula, private_event,
                       whether_event)
from epistemic import formulas as fm
from epistemic.checking import after_announcement, group_relation, truth_array, updated
from epistemic.events import check_event_model
from epistemic.symbolic import KnowledgeStructure, from_kripke
from epistemic.views import world_text

_SLOW = settings(max_examples=80, deadline=None, suppress_health_check=list(HealthCheck))


def _reachable(m: KripkeModel, group, start: int) -> set[int]:
    """Worlds one or more steps from ``start`` over the group's links."""
    seen, todo = set(), [start]
    while todo:
        x = todo.pop()
        for a in group:
            for y in m.relation_of(a).successors(x).tolist():
                if y not in seen:
                    seen.add(y)
                    todo.append(y)
    return seen


def _valid(reason, m: KripkeModel, namer) -> int:
    """Check ``reason`` and all below it on ``m``, whose world ``w`` the
    explanation calls ``world_text(namer(w))``; the number of reasons checked."""
    name, f = reason.key
    by_name = {world_text(namer(w)): w for w in m.worlds}
    w = by_name[name]
    i = m.index(w)
    assert bool(truth_array(m, f)[i]) == reason.verdict, reason.claim
    checked = 1
    for child in reason.because:
        child_name, g = child.key
        inner_m, inner_namer = m, namer
        if isinstance(f, (fm.Announce, fm.AnnounceDiamond)) and truth_array(m, f.announced)[i]:
            inner_m = after_announcement(m, f.announced)
        elif isinstance(f, (fm.Act, fm.AnnounceWhether)) or (
                isinstance(f, fm.AnnouncePrivately) and truth_array(m, f.announced)[i]):
            inner_m = updated(m, _events(m, f))[0]
            inner_namer = _pairs(inner_m, namer)
        child_world = {world_text(inner_namer(v)): v for v in inner_m.worlds}[child_name]
        j = inner_m.index(child_world)
        if isinstance(f, fm.KnowsWhether) and reason.verdict:     # K_a φ or K_a ~φ, at the same world
            assert j == i, child.claim
        elif isinstance(f, (fm.Knows, fm.Believes, fm.Possible, fm.KnowsWhether)):
            assert j in m.relation_of(f.agent).successors(i).tolist(), child.claim
            # a witness decides: where K fails its world falsifies the formula, where M holds it satisfies it
            assert isinstance(f, fm.KnowsWhether) or child.verdict == reason.verdict, child.claim
        elif isinstance(f, fm.Distributed):
            assert j in group_relation(m, f.group).successors(i).tolist(), child.claim
            assert child.verdict == reason.verdict, child.claim
        elif isinstance(f, (fm.Common, fm.CommonBelief)):
            assert j in _reachable(m, f.group, i), child.claim
            _path_is_walked(reason.claim, m, by_name, w, child_world)
            assert child.verdict is False, child.claim
        elif inner_m is m:
            assert j == i, child.claim
        checked += _valid(child, inner_m, inner_namer)
    if isinstance(f, fm.KnowsWhether) and not reason.verdict:   # a world where it holds, one where it fails
        assert [c.verdict for c in reason.because] == [True, False], reason.claim
    return checked


def _path_is_walked(claim: str, m: KripkeModel, by_name: dict, start, end) -> None:
    """The steps "a links x to y; ..." of a broken common knowledge lead, link by link, from ``start`` to ``end``."""
    steps = claim.split(": ", 1)[1].rsplit(", and ", 1)[0].split("; ")
    at = start
    for step in steps:
        if step.endswith(" more links"):    # the middle of a long path, left out
            at = None
            continue
        agent, link = step.split(" links ", 1)
        x, y = (by_name[part] for part in link.split(" to ", 1))
        assert at is None or x == at, claim
        assert m.index(y) in m.relation_of(Agent(agent)).successors(m.index(x)).tolist(), claim
        at = y
    assert at == end, claim


def _pairs(after: KripkeModel, namer):
    """How the symbolic engine names a world of ``after``: the pair of the
    world before, named as before, and the event."""
    def name(v):
        before, event = after.origin(v)
        return (namer(before), event)
    return name


def _events(m: KripkeModel, f):
    if isinstance(f, fm.Act):
        return check_event_model(f.action, m.agents)
    if isinstance(f, fm.AnnouncePrivately):
        return private_event(m.agents, None, f.group, precondition=f.announced)
    return whether_event(m.agents, f.group, f.announced)


def _both(model: KripkeModel, formula) -> None:
    """At every world, both engines explain the same verdict, and every reason of each is true."""
    structure = from_kripke(model)
    state_of = {structure.name(s): s for s in structure.states(structure.manager.true)}
    for w in model.worlds:
        try:
            explicit = explain_verdict(model, formula, w)
        except ModelError as error:
            with pytest.raises(ModelError) as refused:
                explain_verdict(structure, formula, state_of[w])
            assert str(refused.value) == str(error)
            return
        symbolic = explain_verdict(structure, formula, state_of[w])
        assert symbolic.verdict == explicit.verdict
        assert symbolic.kind == explicit.kind
        _valid(explicit, model, lambda v: v)
        _valid(symbolic, model, lambda v: v)


@_SLOW
@given(models(), formulas)
def test_every_reason_of_a_symbolic_explanation_is_true(model, formula):
    _both(model, formula)


@_SLOW
@given(three_agent_models(), event_models(), small_formulas(2), st.data())
def test_explanations_through_event_models_name_the_right_worlds(model, events, formula, data):
    name = data.draw(st.sampled_from([e.name for e in events.events]))
    _both(model, Act(events, name, formula))


def test_witnesses_are_the_worlds_that_decide():
    """a cannot tell w (p) from v, listed first: a witness is found, not the first world taken."""
    a = Agent("a")
    m = KripkeModel.from_relations([a], {"w": {"p"}, "v": set()}, {a: [("w", "v")]}, actual="w",
                                   reflexive=True, symmetric=True)
    for text in ("K_a p", "M_a ~p", "Kw_a p", "K_a ~p", "M_a p", "~K_a ~p"):
        _both(m, parse_formula(text))
    claim = explain_verdict(from_kripke(m), parse_formula("K_a p")).claim
    assert claim == "K_a p is false at w: a cannot rule out v, where p is false"


def test_a_long_path_is_told_by_its_ends():
    """Ten worlds in a line, a and b linking them in turn, p false at the far end:
    nine links, of which the first three and last two are told."""
    a, b = Agent("a"), Agent("b")
    worlds = {f"w{i}": ({"p"} if i < 9 else set()) for i in range(10)}
    links = {a: [(f"w{i}", f"w{i + 1}") for i in range(0, 9, 2)], b: [(f"w{i}", f"w{i + 1}") for i in range(1, 9, 2)]}
    m = KripkeModel.from_relations([a, b], worlds, links, "w0", reflexive=True, symmetric=True)
    _both(m, parse_formula("C_{a,b} p"))
    for model in (m, from_kripke(m)):
        claim = explain_verdict(model, parse_formula("C_{a,b} p")).claim
        assert claim == ("C_{a,b} p is false at w0: a links w0 to w1; b links w1 to w2; a links w2 to w3; "
                         "4 more links; b links w7 to w8; a links w8 to w9, and p is false at w9")


def _children(n: int, actual) -> KnowledgeStructure:
    kids, atoms = [Agent(f"c{i}") for i in range(1, n + 1)], [f"m{i}" for i in range(1, n + 1)]
    return KnowledgeStructure.build(atoms, parse_formula("top"),
                                    {c: atoms[:i] + atoms[i + 1:] for i, c in enumerate(kids)}, actual=[actual])


def test_forty_children_are_explained_without_listing_them():
    """2**40 states: common knowledge among c1, c2, c3 of "someone is muddy"
    fails in two steps (c2 cannot rule out that only c1 is muddy, and c1 at
    that world cannot rule out that nobody is), the shortest way."""
    s = _children(40, {"m1", "m2"})
    why = explain_verdict(s, parse_formula("C_{c1,c2,c3} (m1 | m2 | m3)"))
    assert why.verdict is False
    assert why.claim.endswith(": c1 links {m1, m2} to {m2}; c2 links {m2} to {}, and m1 | m2 | m3 is false at {}") \
        or why.claim.endswith(": c2 links {m1, m2} to {m1}; c1 links {m1} to {}, and m1 | m2 | m3 is false at {}")
    assert why.because[0].key == ("{}", parse_formula("m1 | m2 | m3"))
    held = explain_verdict(s, parse_formula("K_c1 m2"))
    # c1 sees every forehead but his own: two states, the actual one and the one without m1
    assert held.claim == "K_c1 m2 is true at {m1, m2}: m2 is true at every world c1 considers possible ({m2}, {m1, m2})" \
        or held.claim == "K_c1 m2 is true at {m1, m2}: m2 is true at every world c1 considers possible ({m1, m2}, {m2})"


def test_a_large_group_reaching_many_states_is_counted():
    """Common knowledge that holds: the group reaches all 2**30 states, counted, six named."""
    s = _children(30, set())
    why = explain_verdict(s, parse_formula("C_{c1,c2} (m3 | ~m3)"))
    assert why.verdict is True
    # c1 and c2 only change m1 and m2: four states are reachable
    assert "is true at all 4 worlds the group reaches from {}" in why.claim
    why = explain_verdict(s, parse_formula("D_{c1,c2} m3"))
    assert why.claim == "D_{c1,c2} m3 is false at {}: c1 and c2 together cannot rule out {}, where m3 is false"


def test_an_unknown_state_and_a_foreign_object_are_refused():
    s = _children(3, {"m1"})
    with pytest.raises(ModelError, match="is not a state of the structure"):
        explain_verdict(s, parse_formula("m1"), frozenset({"nonsense"}))
    with pytest.raises(ModelError, match="expected a Kripke model or a knowledge structure"):
        explain_verdict("model.json", parse_formula("m1"))


def test_a_world_after_two_updates_is_named_by_its_pairs():
    """After two events, a world is named by the world it came from, itself a pair, and the event:
    both engines tell the same chain down to ((v, t), t)."""
    a, b = Agent("a"), Agent("b")
    m = KripkeModel.from_relations([a, b], {"w": {"p"}, "v": set()}, {a: [("w", "v")]}, actual="w",
                                   reflexive=True, symmetric=True)
    told = "(t: top, u: top; a: {t, u}; b: {t} {u})"
    formula = parse_formula(f"[{told}, t] [{told}, t] K_a p")
    for model in (m, from_kripke(m)):
        chain = []
        reason = explain_verdict(model, formula)
        while reason.because:
            (reason,) = reason.because
            chain.append(reason.claim.split(": ", 1)[-1] if "cannot rule out" in reason.claim else reason.claim)
        assert chain[1:] == ["a cannot rule out ((v, t), t), where p is false",
                             "p is false at ((v, t), t): it is not among the facts there"]
        assert chain[0].endswith("K_a p is false at ((w, t), t)")
