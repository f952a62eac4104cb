"""The symbolic engine's fast paths against the plain ones they replace.

Knowledge is a box, ``∀ hidden. (¬law ∨ u)``; the engine computes it in one
pass over the diagrams and keeps what it quantifies, and each box, per
structure.  The plain boxes below are the engine's earlier ones, kept as the
reference: every box the engine makes must be the same diagram, for every
agent and group, on random structures (observing agents and agents with
relations) and random formulas; and the puzzles solved on either box must
tell the same story.
"""

from __future__ import annotations

import warnings

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st
from test_core_bisimulation import A, B, formulas
from test_symbolic_engine import structures

from epistemic import Agent, ModelError, UnknownAtomWarning, holds, parse_formula
from epistemic.engines import after_announcement
from epistemic.models.puzzles import dining_cryptographers, muddy_children
from epistemic.symbolic import KnowledgeStructure, checking, truth
from epistemic.symbolic.bdds import LARGE, Manager, prime

_SETTINGS = settings(max_examples=150, deadline=None, suppress_health_check=list(HealthCheck))


def plain_box(structure, agents, u, *, pooled=False):
    """The box as the engine made it before: ``u ∨ ¬law`` built, then quantified."""
    m, law = structure.manager, structure.law
    agents = list(agents)
    if all(a in structure.observables for a in agents):
        seen = frozenset().union(*(structure.observables[a] for a in agents))
        return m.forall([v for v in structure.variables if v not in seen], ~law | u)
    relation = m.true
    for a in agents:
        relation &= structure.relation_bdd(a)
    names = structure.variables
    after = m.primed(~law | u, names)
    return m.forall([prime(v) for v in names], ~relation | after)


def plain_value(structure, u, state) -> bool:
    """The value at a state as the engine found it before: fixing the support of ``u`` alone."""
    values = {v: v in state for v in u.support}
    return structure.manager.let(values, u) == structure.manager.true


_GROUPS = [(A,), (B,), (A, B)]


@_SETTINGS
@given(structures(), formulas, st.sampled_from(_GROUPS))
def test_every_box_is_the_plain_box(structure, formula, group):
    try:
        u = truth(structure, formula)
    except ModelError:   # knowledge refused where an agent may be mistaken: nothing to compare
        return
    for diagram in (u, ~u, structure.manager.true, structure.manager.false):
        fast = checking.box(structure, group, diagram, pooled=len(group) > 1)
        assert fast == plain_box(structure, group, diagram, pooled=len(group) > 1)
        # asked again, the box kept is the same
        assert checking.box(structure, group, diagram, pooled=len(group) > 1) == fast


@_SETTINGS
@given(structures(), formulas)
def test_the_value_at_each_state_is_the_plain_value(structure, formula):
    try:
        u = truth(structure, formula)
    except ModelError:
        return
    for state in structure.states(structure.manager.true):
        assert structure.value(u, state) == plain_value(structure, u, state)


@_SETTINGS
@given(st.integers(2, 6), st.data())
def test_boxes_of_larger_random_laws_are_the_plain_boxes(n, data):
    # laws of up to six atoms, made of random clauses; each agent observes a random part
    atoms = [f"p{i}" for i in range(n)]
    literal = st.tuples(st.sampled_from(atoms), st.booleans()).map(lambda x: x[0] if x[1] else f"~{x[0]}")
    clauses = data.draw(st.lists(st.lists(literal, min_size=1, max_size=3), max_size=4))
    law = " & ".join("(" + " | ".join(c) + ")" for c in clauses) or "top"
    agents = [Agent(f"a{i}") for i in range(3)]
    observed = {a: data.draw(st.sets(st.sampled_from(atoms))) for a in agents}
    structure = KnowledgeStructure.build(atoms, parse_formula(law), observed)
    u = truth(structure, parse_formula(data.draw(st.sampled_from(["p0", "p1 | ~p0", "p0 <-> p1", "top"]))))
    group = tuple(data.draw(st.sets(st.sampled_from(agents), min_size=1)))
    assert checking.box(structure, group, u, pooled=len(group) > 1) == plain_box(structure, group, u)


def test_a_large_manager_answers_as_a_small_one():
    small, large = Manager(), Manager(LARGE)
    for m in (small, large):
        names = [m.fresh() for _ in range(3)]
        u = m.var(names[0]) | m.var(names[1]) & ~m.var(names[2])
        assert m.count(u, names) == 5
        assert m.forall_or([names[0]], ~u, m.var(names[2])) == m.forall([names[0]], ~u | m.var(names[2]))
        assert m.forall_or([names[0]], ~u, m.var(names[1])) == m.var(names[1])


def test_an_atom_unknown_before_an_announcement_is_unknown_after_it():
    # the atoms a formula names are kept from one announcement to the next
    s = KnowledgeStructure.build(["p", "q"], parse_formula("top"), {Agent("a"): ["p"]}, actual=[{"p", "q"}])
    formula = parse_formula("K_a (p | r)")
    with pytest.warns(UnknownAtomWarning, match="names r"):
        holds(s, formula)
    after = after_announcement(s, parse_formula("q"))
    with pytest.warns(UnknownAtomWarning, match="names r"):
        holds(after, formula)
    with warnings.catch_warnings():
        warnings.simplefilter("error")
        holds(after, parse_formula("K_a p"))


@pytest.mark.parametrize("puzzle, values", [
    (muddy_children, {"n": 20, "k": 20}), (muddy_children, {"n": 30, "k": 4}),
    (dining_cryptographers, {"n": 40, "payer": 7}), (dining_cryptographers, {"n": 160, "payer": 0}),
])
def test_puzzles_tell_the_same_story_on_the_plain_boxes(monkeypatch, puzzle, values):
    fast = puzzle.solve(engine="symbolic", **values)
    monkeypatch.setattr(checking, "box", plain_box)
    plain = puzzle.solve(engine="symbolic", **values)
    assert fast.to_dict() == plain.to_dict()
    assert fast.text() == plain.text()


@_SETTINGS
@given(structures(), formulas, st.sampled_from(["p", "~q", "p | r", "q <-> r"]))
def test_boxes_after_an_announcement_are_the_plain_boxes(structure, formula, announced):
    # what a group quantifies, found before the announcement, is kept only where the law does not enter it
    try:
        u = truth(structure, formula)
    except ModelError:
        return
    for group in _GROUPS:
        checking.box(structure, group, u)
    after = after_announcement(structure, parse_formula(announced))
    for group in _GROUPS:
        assert checking.box(after, group, u) == plain_box(after, group, u)
