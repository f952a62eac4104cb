"""Explanations of verdicts: they agree with the checker and show only what decides."""

from __future__ import annotations

import pytest
from hypothesis import given, settings

from epistemic import Agent, KripkeModel, ModelError, parse_formula
from epistemic.checking import holds
from epistemic.explanation import OMITTED
from epistemic.verdicts import FormulaKind, explain_verdict, verdict_of
from test_core_checking import formulas, models

A, B = Agent("a"), Agent("b")


@settings(max_examples=200, deadline=None)
@given(models(), formulas())
def test_every_verdict_is_explained_as_the_checker_decides(model, formula):
    (world,) = model.actual
    why = explain_verdict(model, formula)
    verdict = "true" if holds(model, formula, world) else "false"
    assert why.claim.split(" is ", 1)[1].startswith(f"{verdict} at {world}")
    assert why.verdict is holds(model, formula, world) and verdict_of(why) == verdict
    for _, reason in why.walk():
        # every claim is one verdict, "... is true at w" or "... is false at w", and carries it as data
        assert f" is {verdict_of(reason)} at " in reason.claim
        assert reason.kind is FormulaKind(reason.key[1].__class__.__name__.lower())


def test_a_failed_knowledge_names_the_world_not_ruled_out():
    m = KripkeModel.from_relations([A, B], {"w": {"p", "q"}, "v": {"q"}, "u": {"p"}},
                                   {A: [("w", "v")], B: [("w", "u")]}, "w", reflexive=True, symmetric=True)
    why = explain_verdict(m, parse_formula("K_a p & K_b q"))
    # only the failing conjunct is explained, down to the atom at the world a cannot rule out
    assert [r.claim for _, r in why.walk()] == [
        "K_a p & K_b q is false at w: K_a p is false there",
        "K_a p is false at w: a cannot rule out v, where p is false",
        "p is false at v: it is not among the facts there",
    ]
    assert why.because[0].kind is FormulaKind.KNOWS and why.because[0].verdict is False


def test_depth_cuts_and_world_checks():
    m = KripkeModel.from_relations([A], {"w": {"p"}, "v": set()}, {A: [("w", "v")]}, "w",
                                   reflexive=True, symmetric=True)
    why = explain_verdict(m, parse_formula("~~~~K_a p"), depth=2)
    assert why.height() == 2 and why.because[0].because[0].claim.endswith(OMITTED)
    assert explain_verdict(m, parse_formula("p"), "v").claim.startswith("p is false at v")
    with pytest.raises(ModelError):
        explain_verdict(m, parse_formula("p"), "x")
    two = KripkeModel.from_relations([A], {"w": set(), "v": set()}, {}, ["w", "v"], reflexive=True)
    with pytest.raises(ModelError, match="single actual world"):
        explain_verdict(two, parse_formula("p"))


def test_common_knowledge_fails_along_a_path():
    m = KripkeModel.from_relations([A, B], {"w0": {"p"}, "w1": {"p"}, "w2": set()},
                                   {A: [("w0", "w1")], B: [("w1", "w2")]}, "w0", reflexive=True, symmetric=True)
    why = explain_verdict(m, parse_formula("C_{a,b} p"))
    assert why.claim == "C_{a,b} p is false at w0: a links w0 to w1; b links w1 to w2, and p is false at w2"


def test_long_conjunctions_explain_without_recursion():
    m = KripkeModel.from_relations([A], {"w": {"p"}}, {}, "w", reflexive=True)
    f = parse_formula(" & ".join(["p"] * 3000))
    why = explain_verdict(m, f, depth=None)
    assert why.height() == 2999 and len(why.claim) < 200   # 2999 conjunctions; claims stay short
    assert repr(f).startswith("And(And(")
