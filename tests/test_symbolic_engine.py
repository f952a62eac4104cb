"""The symbolic engine against the explicit one, and the conversions between them."""

from __future__ import annotations

import itertools
import subprocess
import sys

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st
from test_core_bisimulation import A, B, formulas, models
from test_core_checking import event_models
from test_core_checking import formulas as small_formulas
from test_core_checking import models as three_agent_models

from epistemic import (Act, Agent, KripkeModel, ModelError, holds, parse_formula, private_event, whether_event,
                       worlds_where)
from epistemic.symbolic import KnowledgeStructure, from_kripke, to_kripke, transform, truth
from epistemic.symbolic import holds as symbolic_holds
from epistemic.symbolic.bdds import Manager
from epistemic.symbolic.convert import listing_size

_SLOW = settings(max_examples=150, deadline=None, suppress_health_check=list(HealthCheck))
# random formulas name atoms random models may not have: false there, as the warning says
pytestmark = pytest.mark.filterwarnings("ignore::epistemic.UnknownAtomWarning")


def _where(structure, formula) -> set:
    return {structure.name(s) for s in structure.states(truth(structure, formula))}


def _agree(model: KripkeModel, formula) -> None:
    """Both engines give the same worlds, or both refuse the formula."""
    structure = from_kripke(model)
    try:
        expected = set(worlds_where(model, formula))
    except ModelError as error:
        with pytest.raises(ModelError) as refused:
            truth(structure, formula)
        assert str(refused.value) == str(error)
        return
    assert _where(structure, formula) == expected


@_SLOW
@given(models(), formulas)
def test_engines_agree_on_every_world(model, formula):
    _agree(model, formula)


@_SLOW
@given(three_agent_models(), event_models(), small_formulas(2), st.data())
def test_engines_agree_after_event_models_with_factual_change(model, events, formula, data):
    name = data.draw(st.sampled_from([e.name for e in events.events]))
    _agree(model, Act(events, name, formula))


@_SLOW
@given(models())
def test_explicit_to_symbolic_and_back_is_the_same_model(model):
    back = to_kripke(from_kripke(model))
    assert sorted(back.worlds) == sorted(model.worlds)
    assert back.actual == model.actual
    for w in model.worlds:
        assert back.facts(w) == frozenset(f for f in model.facts(w))
    for agent in model.agents:
        assert back.relation(agent) == model.relation(agent)
        assert back.relation_of(agent).is_equivalence() == model.relation_of(agent).is_equivalence()


@st.composite
def structures(draw):
    """Random structures over p, q, r: a law, and per agent observed atoms or a relation."""
    law = draw(st.sampled_from(["top", "p | q", "~(p & r)", "p <-> q", "q -> r"]))
    observed, relations = {}, {}
    for agent in (A, B):
        if draw(st.booleans()):
            observed[agent] = draw(st.sets(st.sampled_from("pqr")))
        else:
            relations[agent] = parse_formula(draw(st.sampled_from(["p'", "p' <-> p", "q' & ~r'", "r -> r'", "top"])))
    return KnowledgeStructure.build("pqr", parse_formula(law), observed, relations=relations)


@_SLOW
@given(structures(), formulas)
def test_symbolic_to_explicit_and_back_keeps_every_formula(structure, formula):
    explicit = to_kripke(structure)
    again = from_kripke(explicit)
    try:
        expected = _where(structure, formula)
    except ModelError:
        return
    assert set(worlds_where(explicit, formula)) == expected
    assert _where(again, formula) == expected


def test_knowledge_structure_of_two_coins():
    # a sees p, b sees q; the law rules out both tails
    a, b = Agent("a"), Agent("b")
    s = KnowledgeStructure.build(["p", "q"], parse_formula("p | q"), {a: ["p"], b: ["q"]}, actual=[{"p", "q"}])
    assert len(s) == 3
    assert symbolic_holds(s, parse_formula("K_a p & ~K_a q & ~K_b p & K_b q"))
    assert symbolic_holds(s, parse_formula("K_a (~p -> q) & ~K_a ~K_b p & K_a (K_b p | K_b q)"))
    assert symbolic_holds(s, parse_formula("~C_{a,b} p & C_{a,b} (p | q) & D_{a,b} (p & q) & ~E_{a,b} p"))
    assert symbolic_holds(s, parse_formula("[!p] K_b p & ~[!q] K_b p"))
    assert not symbolic_holds(s, parse_formula("<!~q> top"))
    assert sorted(s.state_names(truth(s, parse_formula("Kw_a q")))) == ["{q}"]


def test_private_announcement_makes_outsiders_believers():
    a, b = Agent("a"), Agent("b")
    s = KnowledgeStructure.build(["p"], parse_formula("top"), {a: [], b: []}, actual=[{"p"}])
    # a learns p; b thinks nothing happened, so b believes that a does not know p
    assert symbolic_holds(s, parse_formula("[!p]_{a} (K_a p & B_b ~K_a p & B_b ~B_a p)"))
    # b still considers both p and ~p possible: the worlds where nothing happened
    assert symbolic_holds(s, parse_formula("[!p]_{a} (M_b p & M_b ~p & ~M_b K_a p)"))
    with pytest.raises(ModelError, match="write B_b"):
        symbolic_holds(s, parse_formula("[!p]_{a} K_b ~K_a p"))
    update = transform(s, private_event([a, b], None, [a], precondition=parse_formula("p")), truth)
    assert update.after.is_s5(a) and not update.after.is_s5(b)
    # semi-private: b knows that a knows whether p
    assert symbolic_holds(s, parse_formula("[?p]_{a} (K_a p & K_b Kw_a p & ~Kw_b p)"))
    assert len(transform(s, whether_event([a, b], [a], parse_formula("p")), truth).after) == 2


def test_twenty_five_nested_private_announcements_stay_small():
    # the explicit product doubles at every level; the structure gains one variable per level
    a, b = Agent("a"), Agent("b")
    s = KnowledgeStructure.build(["p", "q"], parse_formula("top"), {a: ["q"], b: ["q"]}, actual=[{"p", "q"}])
    text = "[!p]_{a} " * 25 + "(K_a p & B_b ~K_a p)"
    assert symbolic_holds(s, parse_formula(text))
    assert s.manager.made < 2 + 25 + 1


def test_exact_counts_beyond_floating_point():
    m = Manager()
    names = [m.fresh() for _ in range(70)]
    u = m.var(names[0]) | m.var(names[69])
    assert m.count(u, names) == 3 * 2 ** 68
    assert m.count(~u, names) == 2 ** 68
    assert m.count(m.true, names) == 2 ** 70


def test_to_kripke_counts_before_it_lists():
    s = KnowledgeStructure.build([f"p{i}" for i in range(40)], parse_formula("top"), {Agent("a"): []})
    with pytest.raises(ModelError, match="1,099,511,627,776 states"):
        to_kripke(s)
    # few states, but b considers every state possible from every state: the arrows are too many to list
    crowd = KnowledgeStructure.build([f"p{i}" for i in range(12)], parse_formula("top"), {Agent("a"): []},
                                     relations={Agent("b"): parse_formula("top")})
    with pytest.raises(ModelError, match="4,096 states and 16,777,216 arrows, more than the 500,000"):
        to_kripke(crowd)


def _children(n: int) -> KnowledgeStructure:
    """n muddy children, each seeing every forehead but its own."""
    names = [f"m{i}" for i in range(1, n + 1)]
    return KnowledgeStructure.build(names, parse_formula("top"),
                                    {Agent(f"c{i}"): names[:i - 1] + names[i:] for i in range(1, n + 1)},
                                    actual=[names[:2]])


def test_knowledge_is_refused_for_the_listing_it_needs():
    # after c1 alone is told m2, which c1 sees anyway, c2's relation is an equivalence only once the states
    # the update adds are merged with those they copy; deciding that lists every state and every arrow:
    # 2**17 + 2**16 states, and for each of the 16 outsiders two arrows from each state
    told = parse_formula("[!m2]_{c1} K_c2 ~m3")
    with pytest.raises(ModelError) as refused:
        truth(_children(17), told)
    line = str(refused.value)
    assert line.startswith("K_c2 asks what c2 knows, and c2's relation here is not an equivalence on the states; ")
    assert "has 196,608 states and 6,291,456 arrows, more than the 500,000 the symbolic engine lists" in line
    assert "announcement" not in line and line.endswith("write B_c2 for what c2 believes")
    # the explicit engine cannot list the 2**17 states the update was made from: it is not offered, and says why
    assert "explicit engine, or" not in line
    assert ", nor can the explicit engine list the structure this one was made from (131,072 states, more than " \
           "the 100,000 it lists): write B_c2" in line
    with pytest.raises(ModelError, match="131,072 states, more than the 100,000 an explicit model may list here"):
        to_kripke(_children(17))
    # announcing m17 first leaves 65,536 states, few enough to list, but the explicit engine would list the
    # structure the announcements were made from
    with pytest.raises(ModelError, match=r"98,304 states and 3,047,424 arrows, more than the 500,000 the symbolic "
                                         r"engine lists, nor can the explicit engine list the structure this one was "
                                         r"made from \(131,072 states, more than the 100,000 it lists\)"):
        truth(_children(17), parse_formula("[!m17] [!m2]_{c1} K_c2 ~m3"))
    # sixteen children's 65,536 states the explicit engine lists (in about half a minute): it is offered, though
    # the update makes far more states and arrows than the symbolic engine lists
    assert listing_size(_children(16)) == (65_536, 0)
    with pytest.raises(ModelError, match="98,304 states and 2,949,120 arrows, more than the 500,000 the symbolic "
                                         "engine lists: check with the explicit engine, or write B_c2 for what c2 "
                                         "believes$"):
        truth(_children(16), told)
    # well within the limit the answer is the explicit engine's
    assert symbolic_holds(_children(5), told)
    assert holds(to_kripke(_children(5)), told)


def test_the_limit_counts_arrows_not_only_states(monkeypatch):
    monkeypatch.setattr("epistemic.symbolic.checking.LISTED", 1_000)
    told = parse_formula("[!m2]_{c1} K_c2 ~m3")
    # 48 states and 4 outsiders with 96 arrows each: listed
    assert symbolic_holds(_children(5), told)
    # 96 states, far fewer than 1,000, but 5 outsiders with 192 arrows each: refused before any is listed
    with pytest.raises(ModelError, match="has 96 states and 960 arrows, more than the 1,000 the symbolic engine") \
            as refused:
        truth(_children(6), told)
    # the 64 states the update was made from are few enough for the explicit engine, which is offered, and answers
    assert str(refused.value).endswith("the symbolic engine lists: check with the explicit engine, or write B_c2 "
                                       "for what c2 believes")
    assert holds(to_kripke(_children(6)), told)


def test_structures_of_more_states_than_python_lengths_hold_are_refused_with_their_counts():
    # 2**70 states, past what len() may return: the counts are exact, and nothing fails on the way
    told = parse_formula("[!m2]_{c1} K_c2 ~m3")
    with pytest.raises(ModelError, match=r"this structure has 1,770,887,431,076,116,955,136 states and "
                                         r"244,382,465,488,504,139,808,768 arrows, more than the 500,000 the symbolic "
                                         r"engine lists, nor can the explicit engine list the structure this one was "
                                         r"made from \(1,180,591,620,717,411,303,424 states, more than the 100,000"):
        truth(_children(70), told)
    assert not symbolic_holds(_children(70), parse_formula("[!m2]_{c1} [!top] B_c2 m3"))


def test_a_structure_too_large_to_list_is_not_offered_to_the_explicit_engine():
    # no update: b believes p0 in every state, 4,096 states with 2,048 arrows each; the explicit engine would
    # have to list this very structure, and cannot
    crowd = KnowledgeStructure.build([f"p{i}" for i in range(12)], parse_formula("top"), {Agent("a"): []},
                                     relations={Agent("b"): parse_formula("p0'")})
    with pytest.raises(ModelError) as refused:
        truth(crowd, parse_formula("K_b p0"))
    assert str(refused.value).endswith(
        "4,096 states and 8,388,608 arrows, more than the 500,000 the symbolic engine lists, nor can the explicit "
        "engine list it (4,096 states and 8,388,608 arrows, more than the 500,000 it lists): write B_b for what b "
        "believes")
    with pytest.raises(ModelError, match="4,096 states and 8,388,608 arrows, more than the 500,000 an explicit"):
        to_kripke(crowd)


@pytest.mark.parametrize("law, observables, fault", [
    ("p & K_a p", {"a": ["p"]}, "the state law must be a boolean formula, without Knows"),
    ("p & z", {"a": ["p"]}, "the state law names 'z', which is not in the vocabulary"),
    ("p", {"a": ["z"]}, "observes 'z', which is not in the vocabulary"),
])
def test_bad_structures_are_refused(law, observables, fault):
    with pytest.raises(ModelError, match=fault):
        KnowledgeStructure.build(["p"], parse_formula(law), {Agent(k): v for k, v in observables.items()})


def test_actual_states_must_satisfy_the_law():
    with pytest.raises(ModelError, match="does not satisfy the state law"):
        KnowledgeStructure.build(["p"], parse_formula("p"), {Agent("a"): []}, actual=[set()])


def test_every_pair_of_states_of_an_explicit_model_keeps_its_name():
    a = Agent("a")
    worlds = {f"w{i}": {"p"} if i % 2 else set() for i in range(5)}     # valuations repeat
    m = KripkeModel.from_relations([a], worlds, {a: [("w0", "w1"), ("w1", "w2")]}, actual="w1")
    s = from_kripke(m)
    assert sorted(s.state_names(s.law)) == sorted(worlds)
    for w, v in itertools.product(worlds, repeat=2):
        f = parse_formula("M_a p")
        assert symbolic_holds(s, f, next(x for x in s.states(s.law) if s.name(x) == w)) == holds(m, f, w)


@given(st.sets(st.integers(0, 15)), st.integers(0, 17))
def test_the_smallest_states_come_in_binary_order_from_any_diagram(numbers, limit):
    # the states of a diagram given by its truth table over four variables, the i-th worth 2**i: the
    # first `limit` listed are the smallest numbers of the table, whatever order the diagram holds them in
    m = Manager()
    care = [m.fresh() for _ in range(4)]
    u = m.false
    for n in numbers:
        u |= m.cube({v: bool(n >> i & 1) for i, v in enumerate(care)})
    listed = [sum(1 << care.index(v) for v in state) for state in m.smallest(u, care, limit)]
    assert listed == sorted(numbers)[:limit]


# a refusal kept with its traceback, whose frames hold diagrams: the pattern of pytest.raises(...) as
# refused in a test, where the garbage collector frees a reference cycle in any order
_KEPT_IN_A_CYCLE = """
import gc
from epistemic import Agent, KripkeModel, ModelError, parse_formula
from epistemic.symbolic import from_kripke, holds
a, b = Agent("a"), Agent("b")
m = KripkeModel.from_relations([a, b], {"w": {"p"}, "v": set()}, {a: [("w", "v")], b: [("w", "v")]},
                               actual="w", reflexive=True, symmetric=True)
def refused():
    structure = from_kripke(m)
    try:
        holds(structure, parse_formula("[!p]_{a} K_b p"))
    except ModelError as error:
        kept = error
for i in range(40):
    refused()
    if i == 20:
        gc.collect()
"""


def test_diagrams_freed_in_a_reference_cycle_leave_no_node_referenced():
    """CUDD freed before a diagram of its manager said "Still 1 nodes referenced upon shutdown"
    (and kept its tables): the managers of a cycle are freed after their diagrams, and so are
    those of the cycles left at exit."""
    done = subprocess.run([sys.executable, "-c", _KEPT_IN_A_CYCLE], capture_output=True, text=True)
    assert done.returncode == 0 and "referenced upon shutdown" not in done.stderr, done.stderr[-2000:]


@st.composite
def _diagrams(draw):
    """A random diagram over a few variables, built from and, or, not and
    xor, and the care variables it is counted over (some it does not use)."""
    m = Manager()
    names = [m.fresh() for _ in range(draw(st.integers(1, 6)))]
    terms = [m.var(n) for n in names] + [m.true, m.false]
    for _ in range(draw(st.integers(0, 8))):
        u, v = draw(st.sampled_from(terms)), draw(st.sampled_from(terms))
        op = draw(st.sampled_from(["and", "or", "not", "xor"]))
        terms.append(u & v if op == "and" else u | v if op == "or" else ~u if op == "not" else ~m.iff(u, v))
    u = draw(st.sampled_from(terms))
    care = draw(st.permutations(names))
    return m, u, care


@given(_diagrams())
@settings(max_examples=300, deadline=None)
def test_a_count_is_the_number_of_satisfying_assignments_listed_one_by_one(drawn):
    # complemented edges, skipped levels above, between and below the nodes, and care
    # variables the diagram does not name: the count is what listing every assignment finds
    m, u, care = drawn
    listed = sum(m.at(dict(zip(care, bits)), u) for bits in itertools.product((False, True), repeat=len(care)))
    assert m.count(u, care) == listed
    assert m.count(~u, care) == 2 ** len(care) - listed

