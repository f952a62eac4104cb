"""Model checking against the textbook semantics, computed the slow way.

The reference below evaluates a formula at one world by recursion over the
formula and plain sets over the model's networkx graph, and builds updated
models by hand; the checker must agree with it on random models and
random formulas, announcements and event models included.  Where the
reference finds a knowledge operator on a relation that is not an
equivalence (after merging bisimilar worlds, found the slow way too), the
checker must refuse the formula.
"""

from __future__ import annotations

import functools
import itertools
import json

import networkx as nx
import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from epistemic import Agent, KripkeModel, ModelError, explain_verdict, parse_formula, to_latex, to_text, update
from epistemic import checking
from epistemic import formulas as fm
from epistemic.checking import common_relation_labels, group_relation, holds, truth_array, worlds_where
from epistemic.events import Event, EventModel
from epistemic.relations import Arrows, Partition
from epistemic.symbolic import from_kripke
from epistemic.symbolic import holds as symbolic_holds
from epistemic.symbolic import truth as symbolic_truth

import planning_strategies

A, B, C = Agent("a"), Agent("b"), Agent("c")
AGENTS = (A, B, C)
ATOMS = ("p", "q")


# the reference semantics ------------------------------------------------------------
def succ(g: nx.DiGraph, w, agent):
    return {v for v, data in g.succ[w].items() if agent in data["agents"]}


def reach_plus(g, w, group):
    """Worlds reachable from w in one or more steps of the group's relations."""
    seen, frontier = set(), {w}
    while frontier:
        nxt = {v for x in frontier for a in group for v in succ(g, x, a)} - seen
        seen |= nxt
        frontier = nxt
    return seen


def restrict(g, keep):
    return g.subgraph(keep).copy()


def product(g, events: EventModel, pre):
    """The product of a graph with an event model, pairs as world names."""
    h = nx.DiGraph()
    for w in g:
        for e in events.events:
            if pre(g, w, e):
                h.add_node((w, e.name), facts=g.nodes[w]["facts"])
    for u, v, who in g.edges(data="agents"):
        for agent in who:
            for e, f in events.relation(agent):
                if (u, e) in h and (v, f) in h:
                    if h.has_edge((u, e), (v, f)):
                        h.edges[(u, e), (v, f)]["agents"] = h.edges[(u, e), (v, f)]["agents"] | {agent}
                    else:
                        h.add_edge((u, e), (v, f), agents=frozenset({agent}))
    return h


def after(g, f):
    """The graph the operand ``f.arg`` of dynamic operator ``f`` is evaluated in (every world
    of the product, or of the restriction, not only those the actual one reaches)."""
    if isinstance(f, (fm.Announce, fm.AnnounceDiamond)):
        return restrict(g, [v for v in g if ev(g, f.announced, v)])
    if isinstance(f, fm.AnnouncePrivately):
        group = frozenset(f.group)
        events = EventModel(AGENTS, [Event("told"), Event("skip")],
                            {a: [("told", "told"), ("skip", "skip")] if a in group
                             else [("told", "skip"), ("skip", "skip")] for a in AGENTS}, ["told"])
        return product(g, events, lambda g_, v, e: e.name == "skip" or ev(g_, f.announced, v))
    if isinstance(f, fm.AnnounceWhether):
        group = frozenset(f.group)
        everything = [(x, y) for x in ("yes", "no") for y in ("yes", "no")]
        events = EventModel(AGENTS, [Event("yes"), Event("no")],
                            {a: [("yes", "yes"), ("no", "no")] if a in group else everything
                             for a in AGENTS}, ["yes"])
        return product(g, events, lambda g_, v, e: ev(g_, f.announced, v) == (e.name == "yes"))
    events = f.action

    def pre(g_, v, e):
        return e.precondition is None or ev(g_, e.precondition, v)

    h = product(g, events, pre)
    for v, name in h.nodes:
        e = events.event(name)
        facts = (set(g.nodes[v]["facts"]) - set(e.removes)) | set(e.adds)
        for atom, condition in e.assign:
            (facts.add if ev(g, condition, v) else facts.discard)(atom)
        h.nodes[v, name]["facts"] = frozenset(facts)
    return h


class Refused(Exception):
    """The reference's refusal of a knowledge operator."""


def equivalence(pairs, worlds) -> bool:
    pairs = set(pairs)
    return (all((w, w) in pairs for w in worlds) and all((v, w) in pairs for w, v in pairs)
            and all((w, u) in pairs for w, v in pairs for x, u in pairs if x == v))


def bisimilar(g) -> set:
    """The largest bisimulation of ``g``: pairs with equal facts, bad pairs removed until none is left."""
    related = {(w, v) for w, v in itertools.product(g, repeat=2) if g.nodes[w]["facts"] == g.nodes[v]["facts"]}
    changed = True
    while changed:
        changed = False
        for w, v in sorted(related, key=repr):
            for a in AGENTS:
                xs, ys = succ(g, w, a), succ(g, v, a)
                if not (all(any((x, y) in related for y in ys) for x in xs)
                        and all(any((x, y) in related for x in xs) for y in ys)):
                    related.discard((w, v))
                    changed = True
                    break
    return related


def may_know(g, agent) -> bool:
    """Whether the agent's relation is an equivalence once bisimilar worlds are merged."""
    related = bisimilar(g)
    cls = {w: frozenset(v for v in g if (w, v) in related) for w in g}
    pairs = {(cls[w], cls[v]) for w in g for v in succ(g, w, agent)}
    return equivalence(pairs, set(cls.values()))


def allowed(g, f) -> None:
    """Raise :class:`Refused` where the checker must refuse ``f`` in ``g``: a knowledge operator in
    a model (``g`` or one updated from it) where an agent it names may be mistaken."""
    if isinstance(f, (fm.Knows, fm.KnowsWhether)) and not may_know(g, f.agent):
        raise Refused(f)
    if isinstance(f, (fm.Everybody, fm.Common)) and not all(may_know(g, a) for a in f.group):
        raise Refused(f)
    if isinstance(f, fm.Distributed) and not all(
            equivalence({(w, v) for w in g for v in succ(g, w, a)}, set(g)) for a in f.group):
        raise Refused(f)
    if not isinstance(f, (fm.Announce, fm.AnnounceDiamond, fm.AnnouncePrivately, fm.AnnounceWhether, fm.Act)):
        for operand in f.operands():
            allowed(g, operand)
        return
    if isinstance(f, fm.Act):  # every event's precondition and assignments are evaluated before it
        for e in f.action.events:
            for condition in (e.precondition, *(h for _, h in e.assign)):
                if condition is not None:
                    allowed(g, condition)
    else:
        allowed(g, f.announced)
    allowed(after(g, f), f.arg)


def expected(model: KripkeModel, formula) -> set | Refused:
    """Where the reference says ``formula`` holds, or its refusal."""
    g = model.to_networkx()
    try:
        allowed(g, formula)
    except Refused as refusal:
        return refusal
    return {w for w in g if ev(g, formula, w)}


def agrees(model: KripkeModel, formula, **options) -> None:
    reference = expected(model, formula)
    if isinstance(reference, Refused):
        with pytest.raises(ModelError, match="relation here is not an equivalence"):
            worlds_where(model, formula, **options)
    else:
        assert worlds_where(model, formula, **options) == reference


def ev(g, f, w) -> bool:
    if isinstance(f, fm.Atom):
        return f.name in g.nodes[w]["facts"]
    if isinstance(f, fm.Top):
        return True
    if isinstance(f, fm.Bottom):
        return False
    if isinstance(f, fm.Not):
        return not ev(g, f.arg, w)
    if isinstance(f, fm.And):
        return ev(g, f.left, w) and ev(g, f.right, w)
    if isinstance(f, fm.Or):
        return ev(g, f.left, w) or ev(g, f.right, w)
    if isinstance(f, fm.Implies):
        return (not ev(g, f.left, w)) or ev(g, f.right, w)
    if isinstance(f, fm.Iff):
        return ev(g, f.left, w) == ev(g, f.right, w)
    if isinstance(f, (fm.Knows, fm.Believes)):
        return all(ev(g, f.arg, v) for v in succ(g, w, f.agent))
    if isinstance(f, fm.Possible):
        return any(ev(g, f.arg, v) for v in succ(g, w, f.agent))
    if isinstance(f, fm.KnowsWhether):
        s = succ(g, w, f.agent)
        return all(ev(g, f.arg, v) for v in s) or all(not ev(g, f.arg, v) for v in s)
    if isinstance(f, (fm.Everybody, fm.EverybodyBelieves)):
        return all(ev(g, f.arg, v) for a in f.group for v in succ(g, w, a))
    if isinstance(f, fm.Distributed):
        common = set.intersection(*(succ(g, w, a) for a in f.group))
        return all(ev(g, f.arg, v) for v in common)
    if isinstance(f, (fm.Common, fm.CommonBelief)):
        return all(ev(g, f.arg, v) for v in reach_plus(g, w, f.group))
    if isinstance(f, fm.Announce):
        return not ev(g, f.announced, w) or ev(after(g, f), f.arg, w)
    if isinstance(f, fm.AnnounceDiamond):
        return ev(g, f.announced, w) and ev(after(g, f), f.arg, w)
    if isinstance(f, fm.AnnouncePrivately):
        return not ev(g, f.announced, w) or ev(after(g, f), f.arg, (w, "told"))
    if isinstance(f, fm.AnnounceWhether):
        return ev(after(g, f), f.arg, (w, "yes" if ev(g, f.announced, w) else "no"))
    if isinstance(f, fm.Act):
        e = f.action.event(f.event)
        return (e.precondition is not None and not ev(g, e.precondition, w)) or ev(after(g, f), f.arg, (w, f.event))
    raise AssertionError(f"no reference for {f!r}")


# random models and formulas --------------------------------------------------------------
# The strategies are made once, not at every draw: hypothesis checks each new strategy
# before its first draw, which cost more than the tests' own work.
FACTS = st.sets(st.sampled_from(ATOMS))
NAMES = {n: st.sampled_from([f"w{i}" for i in range(n)]) for n in range(1, 6)}
PAIRS = {n: st.lists(st.tuples(names, names), max_size=8) for n, names in NAMES.items()}
LEAVES = st.one_of(st.sampled_from([fm.Atom(x) for x in ATOMS]), st.just(fm.TOP), st.just(fm.BOTTOM))


@st.composite
def models(draw):
    n = draw(st.integers(1, 5))
    worlds = {f"w{i}": draw(FACTS) for i in range(n)}
    names = list(worlds)
    s5 = draw(st.booleans())
    relations = {a: draw(PAIRS[n]) for a in AGENTS}
    actual = draw(NAMES[n])
    model = KripkeModel.from_relations(AGENTS, worlds, relations, actual, reflexive=s5, symmetric=s5)
    if draw(st.booleans()):
        # the raw constructor keeps relations as they are given: equivalences as arrows, not partitions
        model = KripkeModel(names, [worlds[w] for w in names],
                            {a: Arrows(*model.relation_of(a).pairs(), n) for a in AGENTS}, [actual])
    return model


groups = st.frozensets(st.sampled_from(AGENTS), min_size=1)


@functools.cache
@st.composite
def formulas(draw, depth=3, modal=True):
    if depth == 0 or draw(st.integers(0, 3)) == 0:
        return draw(LEAVES)
    sub = formulas(depth - 1, modal)
    kind = draw(st.integers(0, 17 if modal else 4))
    if kind == 0:
        return fm.Not(draw(sub))
    if kind <= 4:
        cls = (fm.And, fm.Or, fm.Implies, fm.Iff)[kind - 1]
        return cls(draw(sub), draw(sub))
    if kind <= 8:
        cls = (fm.Knows, fm.Possible, fm.KnowsWhether, fm.Believes)[kind - 5]
        return cls(draw(st.sampled_from(AGENTS)), draw(sub))
    if kind <= 11:
        cls = (fm.Everybody, fm.Common, fm.Distributed)[kind - 9]
        return cls(draw(groups), draw(sub))
    if kind <= 13:
        cls = (fm.Announce, fm.AnnounceDiamond)[kind - 12]
        return cls(draw(sub), draw(sub))
    if kind <= 15:
        cls = (fm.AnnouncePrivately, fm.AnnounceWhether)[kind - 14]
        return cls(draw(groups), draw(sub), draw(sub))
    cls = (fm.EverybodyBelieves, fm.CommonBelief)[kind - 16]
    return cls(draw(groups), draw(sub))


@settings(max_examples=300, deadline=None)
@given(models(), formulas())
def test_checker_agrees_with_the_reference(model, formula):
    agrees(model, formula)


@st.composite
def event_models(draw):
    """Random event models over the three agents: any relations, formula
    preconditions, and postconditions that assign atoms."""
    n = draw(st.integers(1, 3))
    names = [f"e{i}" for i in range(n)]
    events = [Event(name, precondition=draw(PRECONDITIONS), assign={atom: draw(formulas(1)) for atom in draw(FACTS)})
              for name in names]
    return EventModel(AGENTS, events, {a: draw(EVENT_PAIRS[n]) for a in AGENTS}, [names[0]])


PRECONDITIONS = st.one_of(st.none(), formulas(1))
EVENT_PAIRS = {n: st.lists(st.tuples(events, events), max_size=6)
               for n, events in ((n, st.sampled_from([f"e{i}" for i in range(n)])) for n in range(1, 4))}


@settings(max_examples=200, deadline=None)
@given(models(), event_models(), formulas(2), st.data())
def test_event_model_updates_agree_with_the_reference(model, events, formula, data):
    name = data.draw(st.sampled_from([e.name for e in events.events]))
    agrees(model, fm.Act(events, name, formula))


def test_connectives_follow_their_truth_tables():
    # one world for each valuation of p and q
    m = KripkeModel.from_relations([A], {"pq": {"p", "q"}, "p": {"p"}, "q": {"q"}, "-": set()}, {}, "pq",
                                   reflexive=True)
    table = {
        "~p": {"q", "-"},
        "p & q": {"pq"},
        "p | q": {"pq", "p", "q"},
        "p -> q": {"pq", "q", "-"},
        "q -> p": {"pq", "p", "-"},
        "p <-> q": {"pq", "-"},
    }
    for text, worlds in table.items():
        assert worlds_where(m, parse_formula(text)) == worlds, text
    # the same over arrays, as for models of more than FEW_WORLDS worlds (the path above reads valuations)
    with planning_strategies.arrays_only():
        for text, worlds in table.items():
            assert worlds_where(planning_strategies.fresh(m), parse_formula(text)) == worlds, text


@pytest.mark.parametrize("path", ["lists", "arrays"])
def test_each_announcement_has_its_own_updated_model(path):
    # a cannot tell the three worlds apart; announcing p keeps w and v, announcing q keeps w and u; on
    # the path over Python lists a model of few worlds takes, and on the arrays' path of large ones
    import contextlib
    with planning_strategies.arrays_only() if path == "arrays" else contextlib.nullcontext():
        m = KripkeModel.from_relations([A], {"w": {"p", "q"}, "v": {"p"}, "u": {"q"}},
                                       {A: [("w", "v"), ("w", "u")]}, "w", reflexive=True, symmetric=True)
        assert holds(m, parse_formula("[!p] K_a p"))
        assert holds(m, parse_formula("[!q] K_a q"))
        assert not holds(m, parse_formula("[!p] K_a q"))
        assert not holds(m, parse_formula("[!q] K_a p"))
        assert holds(m, parse_formula("[!(p & q)] (K_a p & K_a q)"))


def test_common_knowledge_is_a_fixpoint_not_one_step():
    # a chain w0 -a- w1 -b- w2 where p fails only at w2: everybody knows p at w0, but not commonly
    m = KripkeModel.from_relations([A, B], {"w0": {"p"}, "w1": {"p"}, "w2": set()},
                                   {A: [("w0", "w1")], B: [("w1", "w2")]}, "w0", reflexive=True, symmetric=True)
    assert holds(m, parse_formula("E_{a,b} p"))
    assert not holds(m, parse_formula("E_{a,b} E_{a,b} p"))
    assert not holds(m, parse_formula("C_{a,b} p"))
    assert holds(m, parse_formula("C_{a} p"))


def test_common_knowledge_chains_in_any_order_of_agents():
    # the chain of the test above, its agents swapped: w0 -b- w1 -a- w2, so that
    # following the relations in the order of the agents' names takes two rounds
    m = KripkeModel.from_relations([A, B], {"w0": {"p"}, "w1": {"p"}, "w2": set()},
                                   {B: [("w0", "w1")], A: [("w1", "w2")]}, "w0", reflexive=True, symmetric=True)
    assert holds(m, parse_formula("E_{a,b} p"))
    assert not holds(m, parse_formula("C_{a,b} p"))
    assert not holds(m, parse_formula("C_{a,b} p"), "w1")


def test_common_belief_is_a_fixpoint_not_one_step():
    # belief (arrows, not an equivalence): w0 -a-> w1 -b-> w2 -a,b-> w2, p false only at w2
    m = KripkeModel.from_relations([A, B], {"w0": {"p"}, "w1": {"p"}, "w2": set()},
                                   {A: [("w0", "w1"), ("w1", "w1"), ("w2", "w2")],
                                    B: [("w0", "w0"), ("w1", "w2"), ("w2", "w2")]}, "w0")
    assert not m.is_equivalence(A)
    assert holds(m, parse_formula("EB_{a,b} p"))
    assert not holds(m, parse_formula("EB_{a,b} EB_{a,b} p"))
    assert not holds(m, parse_formula("CB_{a,b} p"))
    assert holds(m, parse_formula("CB_{a} p"))          # a alone never leaves the p-worlds


def test_common_relation_labels_need_equivalences():
    # a believes (KD45, not S5): its relation has no blocks to label worlds by
    m = KripkeModel.from_relations([A, B], {"w": {"p"}, "v": set()}, {A: [("w", "v"), ("v", "v")]}, "w")
    with pytest.raises(ModelError, match="not an equivalence"):
        common_relation_labels(m, [A, B])


def test_distributed_knowledge_pools_what_agents_know():
    # a tells w from v, b tells w from u: together they know the world is w
    m = KripkeModel.from_relations([A, B], {"w": {"p"}, "v": set(), "u": set()},
                                   {A: [("w", "u")], B: [("w", "v")]}, "w", reflexive=True, symmetric=True)
    assert not holds(m, parse_formula("K_a p | K_b p"))
    assert holds(m, parse_formula("D_{a,b} p"))
    # on one model (one cache), each group pools its own relations
    both = KripkeModel.from_relations([A, B], {"w": {"p"}, "v": set(), "u": set()},
                                      {A: [("w", "u")], B: [("w", "v")]}, "w", reflexive=True, symmetric=True)
    assert not holds(both, parse_formula("D_{a} p"))
    assert holds(both, parse_formula("D_{a,b} p"))
    assert not holds(both, parse_formula("D_{b} p"))
    assert holds(both, parse_formula("D_{a,b} p & ~D_{a} p & ~D_{b} p"))


def test_distributed_knowledge_of_equivalences_given_as_arrows_is_their_intersection():
    # the raw constructor keeps equivalences given as arrows, and D intersects them as it meets partitions:
    # a cannot tell w from v, b cannot tell v from u, and together they tell every world apart
    worlds, facts = ["w", "v", "u"], [{"p"}, {"p"}, set()]
    a_links = Arrows([0, 0, 1, 1, 2], [0, 1, 0, 1, 2], 3)
    b_links = Arrows([0, 1, 1, 2, 2], [0, 1, 2, 1, 2], 3)
    for relations in ({A: a_links, B: b_links}, {A: Partition([0, 0, 1]), B: b_links}):
        m = KripkeModel(worlds, facts, relations, ["v"])
        assert isinstance(group_relation(m, [A, B]), Arrows)
        assert group_relation(m, [A, B]) == Partition([0, 1, 2])
        assert worlds_where(m, parse_formula("D_{a,b} p")) == {"w", "v"}
        assert worlds_where(m, parse_formula("D_{a,b} ~p")) == {"u"}
        assert worlds_where(m, parse_formula("K_a p & K_b p")) == {"w"}


def test_private_announcement_leaves_outsiders_unaware():
    m = KripkeModel.from_relations([A, B], {"w": {"p"}, "v": set()}, {A: [("w", "v")], B: [("w", "v")]},
                                   "w", reflexive=True, symmetric=True)
    assert holds(m, parse_formula("[!p]_{a} (K_a p & ~B_b p & B_b ~K_a p)"))
    # semi-private: b knows that a learned whether p
    assert holds(m, parse_formula("[?p]_{a} (K_a p & ~K_b p & K_b Kw_a p)"))
    assert holds(m, parse_formula("[!p] C_{a,b} p"))
    assert holds(m, parse_formula("[!~p] bot"))        # ~p cannot be announced at w
    assert not holds(m, parse_formula("<!~p> top"))


def test_event_models_with_factual_change():
    m = KripkeModel.from_relations([A, B], {"w": {"p"}, "v": set()}, {A: [("w", "v")]}, "w",
                                   reflexive=True, symmetric=True)
    # "flip": p becomes its negation; a sees it happen, b cannot tell it from nothing happening
    flip = Event("flip", assign={"p": parse_formula("~p")})
    skip = Event("skip")
    events = EventModel([A, B], [flip, skip], {A: [("flip", "flip"), ("skip", "skip")],
                                               B: [(e, f) for e in ("flip", "skip") for f in ("flip", "skip")]},
                        ["flip"])
    after = update(m, events)
    assert holds(after, parse_formula("~p"))
    assert not holds(after, parse_formula("Kw_b p"))
    assert holds(m, fm.Act(events, "flip", parse_formula("~p & ~Kw_b p")))
    with pytest.raises(fm.FormulaError):
        fm.Act(events, "nothing", fm.TOP)


def test_unknown_agents_are_model_errors():
    m = KripkeModel.from_relations([A], {"w": set()}, {}, "w", reflexive=True)
    with pytest.raises(ModelError, match="not an agent"):
        truth_array(m, parse_formula("K_z p"))
    with pytest.raises(ModelError, match="not an agent"):
        truth_array(m, parse_formula("[!p]_{a,z} p"))


def test_results_are_memoized_per_model():
    m = KripkeModel.from_relations([A, B], {"w": {"p"}, "v": set()}, {A: [("w", "v")]}, "w",
                                   reflexive=True, symmetric=True)
    f = parse_formula("K_a p | K_b p")
    first = truth_array(m, f)
    assert truth_array(m, f) is first
    assert ("truth", parse_formula("K_b p")) in m.cache     # the subformula was kept too
    with pytest.raises(ValueError):
        first[0] = False                                   # results are read-only


def test_long_formulas_need_no_recursion():
    m = KripkeModel.from_relations([A], {"w": {"p"}}, {}, "w", reflexive=True)
    f = fm.conjunction([fm.Atom("p")] * 1 + [fm.Knows(A, fm.Atom("p"))] * 4000)
    deep = fm.Atom("p")
    for _ in range(3000):
        deep = fm.Not(fm.Not(deep))
    assert holds(m, f) and holds(m, deep)


@pytest.mark.parametrize("depth", [200, 10_000])
def test_formulas_read_ten_thousand_parentheses_deep_are_checked_and_explained(depth):
    # every level is one more pair of parentheses, or of brackets around what is announced: read from its
    # text, checked on both engines, explained and written again, without recursion
    m = KripkeModel.from_relations([A, B], {"w": {"p"}, "v": {"q"}}, {A: [("w", "v")]}, "w",
                                   reflexive=True, symmetric=True)
    f = fm.Atom("p")
    for i in range(depth):
        f = (fm.Implies(f, fm.Knows(B, fm.Atom("p"))) if i % 3 == 0 else
             fm.And(fm.Atom("q"), fm.Or(f, fm.Atom("q"))) if i % 3 == 1 else fm.Announce(f, fm.Atom("p")))
    read = parse_formula(to_text(f))
    assert read == f
    verdict = holds(m, read)
    assert symbolic_holds(from_kripke(m), read) == verdict == ("w" in worlds_where(m, read))
    why = explain_verdict(m, read, "w", depth=50)
    assert why.to_text() and json.dumps(why.to_dict())
    assert to_latex(read).count("\\rightarrow") == (depth + 2) // 3


def test_announcements_nested_past_the_recursion_limit_are_one_clear_error():
    # each announcement inside another is one more level of updated models, on either engine
    m = KripkeModel.from_relations([Agent("a")], {"w": {"p"}, "v": set()}, {}, "w", reflexive=True)
    f = fm.Atom("p")
    for _ in range(3000):
        f = fm.Announce(fm.Atom("p"), f)
    with pytest.raises(fm.FormulaError, match="nests announcements too deeply"):
        worlds_where(m, f)
    with pytest.raises(fm.FormulaError, match="nests announcements too deeply"):
        symbolic_truth(from_kripke(m), f)


# propositional formulas read per valuation -----------------------------------------------------------
def _fresh(model: KripkeModel) -> KripkeModel:
    """The same model with nothing cached."""
    return KripkeModel(model.worlds, model.facts_by_number, {a: model.relation_of(a) for a in model.agents},
                       model.actual)


@settings(max_examples=300, deadline=None)
@given(models(), formulas(4, modal=False))
def test_a_propositional_formula_read_per_valuation_is_true_where_the_arrays_say(model, formula):
    by_valuation = truth_array(_fresh(model), formula)
    saved = checking.FEW_WORLDS
    checking.FEW_WORLDS = 0        # every model counts as large: one array per subformula
    try:
        by_arrays = truth_array(_fresh(model), formula)
    finally:
        checking.FEW_WORLDS = saved
    assert by_valuation.tolist() == by_arrays.tolist()


def test_a_formula_remembers_its_truth_at_a_bounded_number_of_valuations():
    # one formula checked in models of every valuation of p, q, r in turn: each answer right, whether
    # remembered from an earlier model or evaluated after the memory was emptied at its bound
    formula = parse_formula("(p -> q) & ~(r <-> p) | q & r")
    read_whole = parse_formula("(p -> q) & ~(r <-> p) | q & r")     # its own memory, read by truth arrays
    assert read_whole is not formula
    saved = checking.REMEMBERED_VALUATIONS
    checking.REMEMBERED_VALUATIONS = 3
    try:
        for _ in range(2):
            for facts in itertools.product([(), ("p",)], [(), ("q",)], [(), ("r",), ("r", "s")]):
                world = {*itertools.chain(*facts)}
                model = KripkeModel.from_relations([A], {"w": world, "v": set()}, {}, "w", reflexive=True)
                p, q, r = ("p" in world), ("q" in world), ("r" in world)
                truth = ((not p or q) and r != p) or (q and r)
                # holds reads the actual world alone; the truth array reads every world
                assert holds(model, formula) == truth, world
                assert len(formula._valuations) <= 3
                assert bool(truth_array(model, read_whole)[model.index("w")]) == truth, world
                assert len(read_whole._valuations) <= 3
    finally:
        checking.REMEMBERED_VALUATIONS = saved


@settings(max_examples=200)
@given(planning_strategies.models(atoms=("p", "q", "r")),
       planning_strategies.formulas_over(("p", "q", "r"), knowledge=(), max_leaves=6))
def test_a_propositional_formula_holds_at_the_actual_worlds_as_the_reference_says(model, formula):
    # holds reads a propositional formula at the actual worlds alone, from the valuations it remembers
    assert checking.holds(model, formula) == (set(model.actual) <= expected(model, formula))


def test_truth_at_facts_is_for_propositional_formulas_alone():
    assert checking.truth_at_facts(parse_formula("p -> q"), {"p", "q"})
    assert not checking.truth_at_facts(parse_formula("p -> q"), {"p"})
    with pytest.raises(fm.FormulaError, match="is not a propositional formula"):
        checking.truth_at_facts(parse_formula("K_a p"), {"p"})
