"""Explanations of verdicts: they agree with the checker and show only what decides."""

from __future__ import annotations

import pytest
from hypothesis import given, settings

from epistemic import Agent, KripkeModel, ModelError, parse_formula
from epistemic import formulas as fm
from epistemic.checking import holds
from epistemic.explanation import OMITTED
from epistemic.verdicts import FormulaKind, explain_verdict, verdict_of
from test_core_checking import formulas, models

A, B = Agent("a"), Agent("b")


@settings(max_examples=200, deadline=None)
@given(models(), formulas())
def test_every_verdict_is_explained_as_the_checker_decides(model, formula):
    (world,) = model.actual
    try:
        why = explain_verdict(model, formula)
    except ModelError as refusal:  # knowledge where a relation is not an equivalence: the checker refuses it too
        with pytest.raises(ModelError) as checked:
            holds(model, formula, world)
        assert str(checked.value) == str(refusal) and "relation here is not an equivalence" in str(refusal)
        return
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


def test_what_follows_an_announcement_is_explained_after_it():
    # a and b cannot tell w (p) from v; after p is announced only w is left, and a knows p.
    # A private or semi-private announcement is a product update: its worlds are named
    # by the pair of the world before and the event, (w, told) or (w, yes), (v, no)
    m = KripkeModel.from_relations([A, B], {"w": {"p"}, "v": set()}, {A: [("w", "v")], B: [("w", "v")]}, "w",
                                   reflexive=True, symmetric=True)

    def claims(text, world=None):
        return [r.claim for _, r in explain_verdict(m, parse_formula(text), world).walk()]

    assert claims("[!p] K_a p") == [
        "[!p] K_a p is true at w: after p is announced, K_a p is true at w",
        "K_a p is true at w: p is true at every world a considers possible (w)",
        "p is true at w: it is among the facts there"]
    assert claims("[!~p] bot") == ["[!~p] bot is true at w: ~p is false there, so it cannot be announced",
                                   "~p is false at w: p is true there",
                                   "p is true at w: it is among the facts there"]
    assert claims("[?p]_{a} K_a ~p", "v") == [
        "[?p]_{a} K_a ~p is true at v: after event '~p', K_a ~p is true at (v, ~p)",
        "K_a ~p is true at (v, ~p): ~p is true at every world a considers possible ((v, ~p))",
        "~p is true at (v, ~p): p is false there",
        "p is false at (v, ~p): it is not among the facts there"]
    assert claims("[!p]_{a} ~B_b p")[:2] == [
        "[!p]_{a} ~B_b p is true at w: after event 'told', ~B_b p is true at (w, told)",
        "~B_b p is true at (w, told): B_b p is false there"]


def _counted_evaluations(monkeypatch) -> list[int]:
    """A counter of the subformulas the checker evaluates from here on (one-element list)."""
    import epistemic.checking as checking
    evaluations = [0]

    def counted(formula, cache, operands, evaluate, original=checking.evaluate_bottom_up):
        def each(f):
            evaluations[0] += 1
            return evaluate(f)
        return original(formula, cache, operands, each)
    monkeypatch.setattr(checking, "evaluate_bottom_up", counted)
    return evaluations


def test_long_conjunctions_explain_without_recursion(monkeypatch):
    """Each subformula's truth is worked out about once: read one by one from a propositional
    formula evaluated whole, they were each evaluated again with all they hold (quadratic: 25 s
    for this chain, and 4.5 million evaluations)."""
    evaluations = _counted_evaluations(monkeypatch)
    m = KripkeModel.from_relations([A], {"w": {"p"}}, {}, "w", reflexive=True)
    f = parse_formula(" & ".join(["p"] * 3000))
    why = explain_verdict(m, f, depth=None)
    assert why.height() == 2999 and len(why.claim) < 200   # 2999 conjunctions; claims stay short
    assert repr(f).startswith("And(And(")
    # the 3,000 atoms and 2,999 conjunctions about once each (4.5 million when each read worked out again
    # every subformula it holds)
    assert evaluations[0] <= 2 * (3000 + 2999)


@pytest.mark.parametrize("wrap", ["[!p]({})", "K_a({})", "[!p]K_a({})"])
def test_long_conjunctions_explain_linearly_inside_updates_and_knowledge(monkeypatch, wrap):
    """In the model an announcement leaves too, each subformula's truth is worked out about once
    (there it was worked out again at every read: 12 s for 2,000 conjunctions)."""
    evaluations = _counted_evaluations(monkeypatch)
    m = KripkeModel.from_relations([A], {"w": {"p"}}, {}, "w", reflexive=True)
    f = parse_formula(wrap.format(" & ".join(["p"] * 2000)))
    assert explain_verdict(m, f, depth=None).height() >= 1999
    # the 1,999 conjunctions and p, about once each (2 million when each read worked them out again)
    assert evaluations[0] <= 3 * 2000


def _decided(kind: FormulaKind, formula, verdict: bool, rests: list) -> bool:
    """Whether reasons ``rests``, pairs (formula, verdict), decide ``verdict`` of
    ``formula`` by the clause of its main operator: only what decides is kept."""
    verdicts = [v for _, v in rests]
    if kind in (FormulaKind.ATOM, FormulaKind.TOP, FormulaKind.BOTTOM):
        return rests == []
    if kind is FormulaKind.NOT:
        return rests == [(formula.arg, not verdict)]
    if kind in (FormulaKind.AND, FormulaKind.OR):
        decisive = kind is FormulaKind.OR       # a true side decides an Or, a false side an And
        if verdict is decisive:
            return len(rests) == 1 and rests[0][1] is decisive and rests[0][0] in (formula.left, formula.right)
        return rests == [(formula.left, not decisive), (formula.right, not decisive)]
    if kind is FormulaKind.IMPLIES:
        if not verdict:
            return rests == [(formula.left, True), (formula.right, False)]
        return rests in ([(formula.left, False)], [(formula.right, True)])
    if kind is FormulaKind.IFF:
        return [f for f, _ in rests] == [formula.left, formula.right] and (verdicts[0] == verdicts[1]) is verdict
    if kind in (FormulaKind.KNOWS, FormulaKind.BELIEVES, FormulaKind.DISTRIBUTED, FormulaKind.POSSIBLE):
        if verdict is (kind is FormulaKind.POSSIBLE):   # one witness world decides
            return len(rests) == 1 and rests[0] == (formula.arg, verdict)
        return all(r == (formula.arg, verdict) for r in rests)
    if kind is FormulaKind.KNOWS_WHETHER:
        if verdict:
            return len(rests) == 1 and rests[0][1] and isinstance(rests[0][0], fm.Knows)
        return rests == [(formula.arg, True), (formula.arg, False)]
    if kind in (FormulaKind.EVERYBODY, FormulaKind.EVERYBODY_BELIEVES):
        single = fm.Knows if kind is FormulaKind.EVERYBODY else fm.Believes
        if not all(type(f) is single and f.agent in formula.group for f, _ in rests):
            return False
        if not verdict:
            return len(rests) == 1 and rests[0][1] is False and rests[0][0].arg == formula.arg
        return all(v and f.arg == formula.arg for f, v in rests)
    if kind in (FormulaKind.COMMON, FormulaKind.COMMON_BELIEF):
        return rests == [] if verdict else rests == [(formula.arg, False)]
    if kind in (FormulaKind.ANNOUNCE, FormulaKind.ANNOUNCE_DIAMOND, FormulaKind.ANNOUNCE_PRIVATELY):
        if rests and rests[0] == (formula.announced, False):     # it cannot be announced there
            return len(rests) == 1 and verdict is (kind is not FormulaKind.ANNOUNCE_DIAMOND)
        return rests == [(formula.arg, verdict)]
    if kind is FormulaKind.ANNOUNCE_WHETHER:      # the group learns yes or no: one of them happens
        return rests == [(formula.arg, verdict)]
    raise AssertionError(f"no clause for {kind}")


@settings(max_examples=150, deadline=None)
@given(models(), formulas())
def test_each_reason_rests_on_the_reasons_that_decide_it(model, formula):
    # the oracle is the truth clause of each operator, read on the verdicts of the reasons
    try:
        why = explain_verdict(model, formula, depth=None)
    except ModelError:  # refused: test_every_verdict_is_explained_as_the_checker_decides checks it is refused alike
        return
    for _, reason in why.walk():
        rests = [(child.key[1], child.verdict) for child in reason.because]
        assert _decided(reason.kind, reason.key[1], reason.verdict, rests), (reason.claim, rests)
