"""The symbolic checker's answers at a state and its chains of connectives, against the plain ones.

``holds`` takes the boolean connectives above knowledge at the state asked
(:mod:`epistemic.symbolic.pointwise`), and ``truth`` makes a chain
``f1 & ... & fn`` in one step; the plain checker below, kept as the
reference, builds every connective's diagram, one binary connective at a
time, and reads the value at the state from the whole formula's diagram.
Both must give the same value at every state, the same diagrams, and the
same refusal, for the same reason when a formula has two.
"""

from __future__ import annotations

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st
from test_core_bisimulation import A, B, formulas
from test_symbolic_engine import structures
from test_symbolic_speed import plain_box

from epistemic import Agent, ModelError, parse_formula
from epistemic import formulas as fm
from epistemic.bottom_up import evaluate_bottom_up
from epistemic.engines import after_announcement
from epistemic.models.puzzles import dining_cryptographers, muddy_children
from epistemic.symbolic import KnowledgeStructure, checking, holds, pointwise, truth

_SETTINGS = settings(max_examples=150, deadline=None, suppress_health_check=list(HealthCheck))
pytestmark = pytest.mark.filterwarnings("ignore::epistemic.UnknownAtomWarning")

_ANNOUNCEMENTS = (fm.Announce, fm.AnnounceDiamond, fm.AnnouncePrivately, fm.AnnounceWhether)


def plain_truth(structure: KnowledgeStructure, formula: fm.Formula):
    """The diagram as the checker made it before: every connective a step of
    its own, made from its two operands' diagrams."""
    def operands(f):
        return () if isinstance(f, fm.Act) else (f.announced,) if isinstance(f, _ANNOUNCEMENTS) else f.operands()

    def evaluate(f):
        if isinstance(f, (fm.And, fm.Or)):
            left, right = structure.cache["truth", f.left], structure.cache["truth", f.right]
            return left & right if isinstance(f, fm.And) else left | right
        return checking._evaluate(structure, f)

    return evaluate_bottom_up(formula, structure.cache, operands, evaluate)


def plain_holds(structure: KnowledgeStructure, formula: fm.Formula, state=None) -> bool:
    """Whether ``formula`` holds, as the checker found it before: from the
    diagram of the whole formula, read at the state by fixing each variable."""
    u = plain_truth(structure, formula)
    if state is not None:
        if not structure.is_state(state):
            raise ModelError(f"{state!r} is not a state of the structure")
        return _at(structure, u, state)
    if not structure.actual:
        raise ModelError("the structure has no actual state: name the state to check")
    return all(_at(structure, u, s) for s in structure.actual)


def _at(structure: KnowledgeStructure, u, state) -> bool:
    return structure.manager.at({v: v in state for v in structure.variables}, u)


def _fresh(structure: KnowledgeStructure) -> KnowledgeStructure:
    """The same structure with nothing worked out yet (its own cache)."""
    return structure.with_actual(structure.actual)


def _outcome(check, *arguments):
    """What ``check`` answers, or the line it refuses with."""
    try:
        return check(*arguments)
    except ModelError as refusal:
        return f"refused: {refusal}"


_C = Agent("c")   # no agent of the random structures: a formula naming c is refused
_GROUPS = st.sampled_from([frozenset({A}), frozenset({B}), frozenset({A, B})])


def _grow(inner):
    return st.one_of(
        st.builds(fm.Not, inner),
        *(st.builds(cls, inner, inner) for cls in (fm.And, fm.Or, fm.Implies, fm.Iff)),
        *(st.builds(cls, st.sampled_from([A, B, _C]), inner) for cls in (fm.Knows, fm.KnowsWhether, fm.Believes)),
        st.builds(fm.Common, _GROUPS, inner),
        st.builds(fm.Announce, inner, inner),
    )


#: formulas that may be refused for several reasons: an agent the structure lacks, knowledge asked of a believer
faulty_formulas = st.recursive(st.sampled_from([fm.Atom("p"), fm.Atom("q"), fm.Atom("s"), fm.TOP, fm.BOTTOM]),
                               _grow, max_leaves=8)


@_SETTINGS
@given(structures(), st.one_of(formulas, faulty_formulas), st.data())
def test_holds_at_every_state_is_the_plain_holds(structure, formula, data):
    states = structure.states(structure.manager.true)
    # some subformulas worked out beforehand, as by an earlier question
    warm = data.draw(st.lists(st.sampled_from(list(fm.subformulas(formula)))))
    for state in states:
        fast = _fresh(structure)
        for f in warm:
            _outcome(truth, fast, f)
        assert _outcome(holds, fast, formula, state) == _outcome(plain_holds, _fresh(structure), formula, state)
    # at the actual states, however many
    actual = data.draw(st.lists(st.sampled_from(states), unique=True)) if states else []
    s = structure.with_actual(actual)
    assert _outcome(holds, _fresh(s), formula) == _outcome(plain_holds, _fresh(s), formula)


@_SETTINGS
@given(structures(), faulty_formulas)
def test_a_formula_and_a_state_both_wrong_are_refused_for_the_formula_first(structure, formula):
    wrong = frozenset({"no such variable"})
    assert _outcome(holds, _fresh(structure), formula, wrong) == _outcome(plain_holds, _fresh(structure), formula,
                                                                           wrong)


def _nested(parts: list, kind: type, shape: list[int]):
    """``parts`` joined by ``kind``, split at the points ``shape`` draws: every nesting, not only left to right."""
    if len(parts) == 1:
        return parts[0]
    cut = 1 + shape[0] % (len(parts) - 1) if shape else 1
    rest = shape[1:]
    return kind(_nested(parts[:cut], kind, rest), _nested(parts[cut:], kind, rest))


@_SETTINGS
@given(structures(), st.lists(st.one_of(formulas, faulty_formulas), min_size=2, max_size=7),
       st.sampled_from([fm.And, fm.Or]), st.lists(st.integers(0, 6)))
def test_a_chain_is_the_plain_fold_of_its_operands(structure, parts, kind, shape):
    formula = _nested(parts, kind, shape)
    fast, plain = _fresh(structure), _fresh(structure)
    assert _outcome(truth, fast, formula) == _outcome(plain_truth, plain, formula)


def test_the_operands_of_a_chain_are_its_own_connective_s_only():
    chain = parse_formula("(p & (q | r)) & ((s & ~t) & (u -> v))")
    assert [str(g) for g in checking._chain(chain)] == ["p", "q | r", "s", "~t", "u -> v"]
    assert [str(g) for g in checking._chain(chain.left.right)] == ["q", "r"]


def test_two_faults_are_refused_for_the_one_checked_first():
    a, b = Agent("a"), Agent("b")
    s = KnowledgeStructure.build(["p", "q"], parse_formula("top"), {a: ["p"]}, actual=[{"p"}],
                                 relations={b: parse_formula("p'")})
    # b believes (his relation is not reflexive), and c is no agent: the checker reaches K_c first
    formula = parse_formula("K_b p & (q | K_c q)")
    refusal = _outcome(plain_holds, _fresh(s), formula)
    assert "c, who is not an agent" in refusal
    assert _outcome(holds, _fresh(s), formula) == refusal
    assert _outcome(holds, _fresh(s), formula, frozenset({"x9"})) == refusal
    assert _outcome(holds, _fresh(s.with_actual([])), formula) == refusal
    assert _outcome(holds, _fresh(s), parse_formula("K_a p"), frozenset({"x9"})) == (
        "refused: frozenset({'x9'}) is not a state of the structure")


def test_values_at_a_state_are_not_carried_to_the_structure_after_an_announcement():
    a = Agent("a")
    s = KnowledgeStructure.build(["p", "q"], parse_formula("top"), {a: ["q"]}, actual=[{"p", "q"}])
    knows = parse_formula("K_a p | K_a ~p")
    assert not holds(s, knows)
    after = after_announcement(s, parse_formula("p"))
    assert holds(after, knows)
    assert not holds(s, knows)


def test_each_formula_is_walked_once_a_story():
    a = Agent("a")
    s = KnowledgeStructure.build(["p", "q"], parse_formula("top"), {a: ["q"]}, actual=[{"p", "q"}])
    formula = parse_formula("K_a p | ~K_a q")
    holds(s, formula)
    after = after_announcement(s, parse_formula("p"))
    assert after.cache[pointwise.PLAN, formula] is s.cache[pointwise.PLAN, formula]


@pytest.mark.parametrize("puzzle, values", [
    (muddy_children, {"n": 20, "k": 20}), (muddy_children, {"n": 30, "k": 4}),
    (dining_cryptographers, {"n": 40, "payer": 7}), (dining_cryptographers, {"n": 120, "payer": 0}),
])
def test_puzzles_tell_the_same_story_on_the_plain_checker(monkeypatch, puzzle, values):
    fast = puzzle.solve(engine="symbolic", **values)
    monkeypatch.setattr(checking, "box", plain_box)
    monkeypatch.setattr(checking, "holds", plain_holds)
    monkeypatch.setattr("epistemic.engines.symbolic_holds", plain_holds)
    monkeypatch.setattr("epistemic.engines.truth", plain_truth)
    plain = puzzle.solve(engine="symbolic", **values)
    assert fast.to_dict() == plain.to_dict()
    assert fast.text() == plain.text()
