"""Bisimulation classes and contraction: against a direct fixpoint, and invariance of truth."""

from __future__ import annotations

import itertools

from hypothesis import given, settings
from hypothesis import strategies as st

from epistemic import (Agent, KripkeModel, ModelError, holds, parse_formula, private_event, public_event, truth_array,
                       update)
from epistemic import formulas as fm
from epistemic import bisimulation, checking, refusals
from epistemic.bisimulation import bisimulation_classes, bisimulation_labels, contract
from epistemic.building import describe_model
from epistemic.relations import Arrows, Partition

A, B = Agent("a"), Agent("b")
ATOMS = ("p", "q")


# models and formulas over fixed agents and atoms -----------------------------------------------------

@st.composite
def models(draw, max_worlds: int = 6):
    n = draw(st.integers(1, max_worlds))
    facts = [draw(st.frozensets(st.sampled_from(ATOMS))) for _ in range(n)]
    relations = {}
    for agent in (A, B):
        if draw(st.booleans()):
            relations[agent] = Partition(draw(st.lists(st.integers(0, n - 1), min_size=n, max_size=n)))
        else:
            pairs = draw(st.lists(st.tuples(st.integers(0, n - 1), st.integers(0, n - 1)), max_size=2 * n))
            relations[agent] = Arrows([r for r, _ in pairs], [c for _, c in pairs], n)
    actual = draw(st.lists(st.integers(0, n - 1), unique=True))
    return KripkeModel([f"w{i}" for i in range(n)], facts, relations, [f"w{i}" for i in actual])


@st.composite
def blown_up(draw, max_worlds: int = 4):
    """A random model with each world copied up to three times: the copies of a world
    link to at least one copy of each world it links to, so copies are bisimilar."""
    base = draw(models(max_worlds))
    n = len(base)
    copies = [draw(st.integers(1, 3)) for _ in range(n)]
    of = [i for i in range(n) for _ in range(copies[i])]          # the base world of each new world
    first = [of.index(i) for i in range(n)]
    relations = {}
    for agent in base.agents:
        r = base.relation_of(agent)
        if isinstance(r, Partition):
            relations[agent] = Partition(r.block[of])
            continue
        rows, cols = [], []
        for i, j in zip(*(x.tolist() for x in r.pairs())):
            for u in range(first[i], first[i] + copies[i]):
                targets = draw(st.lists(st.integers(0, copies[j] - 1), min_size=1, unique=True))
                rows += [u] * len(targets)
                cols += [first[j] + t for t in targets]
        relations[agent] = Arrows(rows, cols, len(of))
    names = [f"{base.worlds[i]}.{k - first[i]}" for k, i in enumerate(of)]
    actual = [names[first[base.index(w)]] for w in base.actual]
    return KripkeModel(names, [base.facts(base.worlds[i]) for i in of], relations, actual)


some_models = st.one_of(models(), blown_up())
_GROUPS = st.sampled_from([frozenset({A}), frozenset({B}), frozenset({A, B})])


def _grow(inner):
    # every connective but distributed knowledge, which bisimulation does not preserve
    return st.one_of(
        st.builds(fm.Not, inner),
        *(st.builds(cls, inner, inner) for cls in (fm.And, fm.Or, fm.Implies, fm.Iff)),
        *(st.builds(cls, st.sampled_from([A, B]), inner)
          for cls in (fm.Knows, fm.Possible, fm.KnowsWhether, fm.Believes)),
        st.builds(fm.Everybody, _GROUPS, inner),
        st.builds(fm.Common, _GROUPS, inner),
        st.builds(fm.EverybodyBelieves, _GROUPS, inner),
        st.builds(fm.CommonBelief, _GROUPS, inner),
        st.builds(fm.Announce, inner, inner),
        st.builds(fm.AnnounceDiamond, inner, inner),
        st.builds(fm.AnnouncePrivately, _GROUPS, inner, inner),
        st.builds(fm.AnnounceWhether, _GROUPS, inner, inner),
    )


formulas = st.recursive(st.sampled_from([fm.Atom("p"), fm.Atom("q"), fm.TOP]), _grow, max_leaves=6)


def naive_bisimulation(m: KripkeModel) -> set:
    """The largest bisimulation as a set of pairs: the greatest fixpoint, by removing bad pairs."""
    related = {(w, v) for w, v in itertools.product(m.worlds, repeat=2) if m.facts(w) == m.facts(v)}

    def matched(xs, ys):
        return all(any((x, y) in related for y in ys) for x in xs)

    changed = True
    while changed:
        changed = False
        for w, v in sorted(related):
            for agent in m.agents:
                xs, ys = m.accessible(w, agent), m.accessible(v, agent)
                if not (matched(xs, ys) and all(any((x, y) in related for x in xs) for y in ys)):
                    related.discard((w, v))
                    changed = True
                    break
    return related


def outcome(m: KripkeModel, f: fm.Formula, **options) -> list | str:
    """Where ``f`` holds in ``m``, or the line that refuses it."""
    try:
        return truth_array(m, f, **options).tolist()
    except ModelError as refusal:
        return str(refusal)


def same(m: KripkeModel, n: KripkeModel) -> bool:
    return (m.worlds == n.worlds and [m.facts(w) for w in m.worlds] == [n.facts(w) for w in n.worlds]
            and m.agents == n.agents and m.actual == n.actual
            and all(m.relation_of(x) == n.relation_of(x) for x in m.agents))


# properties -------------------------------------------------------------------------------------

@settings(max_examples=150, deadline=None)
@given(some_models)
def test_classes_are_the_largest_bisimulation(m):
    """On the path over Python lists these small models take, and on the arrays' path of large ones."""
    from planning_strategies import arrays_only, fresh
    related = naive_bisimulation(m)
    with arrays_only():
        over_arrays = bisimulation_labels(fresh(m)).tolist()
    for label in (bisimulation_labels(m).tolist(), over_arrays):
        for (i, w), (j, v) in itertools.product(enumerate(m.worlds), repeat=2):
            assert (label[i] == label[j]) == ((w, v) in related)
        # canonical numbering: classes in order of their first world
        firsts = [label.index(c) for c in range(max(label) + 1)]
        assert firsts == sorted(firsts)


@settings(max_examples=50, deadline=None)
@given(some_models)
def test_sets_of_classes_numbered_without_padding(m):
    """On the arrays' path, which large models take (these small ones would take the lists')."""
    from planning_strategies import arrays_only
    fresh = KripkeModel(m.worlds, [m.facts(w) for w in m.worlds], {a: m.relation_of(a) for a in m.agents}, [])
    padded = bisimulation_labels(m).tolist()
    saved, bisimulation._SLACK = bisimulation._SLACK, -10 ** 9     # never pad: number sets in a dict
    try:
        with arrays_only():
            assert bisimulation_labels(fresh).tolist() == padded
    finally:
        bisimulation._SLACK = saved


@settings(max_examples=150, deadline=None)
@given(some_models, st.lists(formulas, min_size=1, max_size=3))
def test_truth_is_the_same_in_the_contraction(m, fs):
    small = contract(m)
    label = bisimulation_labels(m)
    to_small = {w: small.worlds[c] for w, c in zip(m.worlds, label.tolist())}
    assert small.actual == {to_small[w] for w in m.actual}
    for f in fs:
        # knowledge is refused in both or in neither, with the same words
        big, little = outcome(m, f), outcome(small, f)
        assert isinstance(big, str) == isinstance(little, str), str(f)
        if isinstance(big, str):
            assert big == little
            continue
        for i, w in enumerate(m.worlds):
            assert big[i] == little[small.index(to_small[w])], (str(f), w)


@settings(max_examples=100, deadline=None)
@given(some_models)
def test_contraction_is_minimal_and_idempotent(m):
    small = contract(m)
    assert len(small) == len(bisimulation_classes(m))
    assert all(len(c) == 1 for c in bisimulation_classes(small))
    assert contract(small) is small
    for agent in m.agents:
        if isinstance(m.relation_of(agent), Partition):
            assert isinstance(small.relation_of(agent), Partition)
        assert small.is_equivalence(agent) >= m.is_equivalence(agent)
        assert small.is_kd45(agent) >= m.is_kd45(agent)
        # what the checker lets an agent know is the same in both, and no less than its relation allows
        assert refusals.may_know(m, agent) == refusals.may_know(_fresh(small), agent) == small.is_equivalence(agent)
    # each class is named by its first world
    assert small.worlds == [c[0] for c in bisimulation_classes(m)]


# examples ------------------------------------------------------------------------------------

def doubled(m: KripkeModel) -> KripkeModel:
    """Every world twice, the copies linked as the originals are."""
    n = len(m)
    relations = {}
    for agent in m.agents:
        r = m.relation_of(agent)
        if isinstance(r, Partition):
            relations[agent] = Partition(list(r.block) * 2)
        else:
            rows, cols = r.pairs()
            relations[agent] = Arrows([*rows, *(rows + n), *rows], [*cols, *(cols + n), *(cols + n)], 2 * n)
    worlds = m.worlds + [f"{w}'" for w in m.worlds]
    return KripkeModel(worlds, [m.facts(w) for w in m.worlds] * 2, relations, m.actual)


def test_duplicated_worlds_contract_to_the_small_model():
    m = KripkeModel.from_relations([A, B], {"w": {"p", "q"}, "v": {"p"}, "u": {"q"}},
                                   {A: [("w", "v")], B: [("v", "u")]}, actual="w",
                                   reflexive=True, symmetric=True)
    big = doubled(m)
    assert len(big) == 6 and bisimulation_classes(big) == [["w", "w'"], ["v", "v'"], ["u", "u'"]]
    assert same(contract(big), m)
    belief = KripkeModel.from_relations([A], {"w": {"p"}, "v": set()}, {A: [("w", "v"), ("v", "v")]},
                                        actual="w")
    assert same(contract(doubled(belief)), belief)


def test_blocks_that_cross_classes():
    """a's blocks each hold one world of each class, but not the classes' first worlds together."""
    m = KripkeModel(["a1", "b1", "a2", "b2"], [{"p"}, set(), {"p"}, set()],
                    {A: Partition([0, 1, 1, 0]), B: Partition([0, 1, 2, 3])}, ["a1"])
    assert bisimulation_classes(m) == [["a1", "a2"], ["b1", "b2"]]
    small = contract(m)
    assert small.partition(A) == [["a1", "b1"]] and small.partition(B) == [["a1"], ["b1"]]
    assert holds(small, parse_formula("p & M_a ~p & K_b p"))


def test_muddy_children_are_minimal():
    names = [f"m{i}" for i in range(1, 7)]
    children = {Agent(f"c{i}"): [x for x in names if x != f"m{i}"] for i in range(1, 7)}
    m = describe_model(names, "top", children, actual=names[:3])
    assert contract(m) is m and len(m) == 64
    after = m.restricted(truth_array(m, parse_formula(" | ".join(names))))
    assert contract(after) is after and len(after) == 63
    # an event that changes nothing doubles the model; contracting undoes it
    doubled_up = update(after, private_event(after.agents, None, list(children)[:2]))
    assert len(doubled_up) == 126
    small = contract(doubled_up)
    assert len(small) == 63 and [small.facts(w) for w in small.worlds] == [after.facts(w) for w in after.worlds]
    assert all(small.is_equivalence(c) for c in children)
    story = parse_formula("C_{c1,c2,c3,c4,c5,c6} (m1 | m2 | m3 | m4 | m5 | m6) & ~K_c1 m1 & K_c4 m1")
    assert holds(small, story) and holds(doubled_up, story)


def test_empty_and_agentless_models():
    empty = KripkeModel([], [], {A: Partition([])}, [])
    assert bisimulation_labels(empty).tolist() == [] and contract(empty) is empty
    facts_only = KripkeModel(["x", "y", "z"], [{"p"}, set(), {"p"}], {}, ["z"])
    small = contract(facts_only)
    assert small.worlds == ["x", "y"] and small.actual == {"x"}


def test_public_update_keeps_the_contraction_the_same():
    m = describe_model(["p", "q"], "top", {A: ["p"], B: ["q"]}, actual=["p"])
    updated = update(m, public_event([A, B], precondition=parse_formula("p | q")))
    assert len(contract(updated)) == len(updated) == 3


# contraction inside the checker -----------------------------------------------------------------------

def _fresh(m: KripkeModel) -> KripkeModel:
    """The same model as a new object, with nothing cached."""
    return KripkeModel(m.worlds, [m.facts(w) for w in m.worlds], {x: m.relation_of(x) for x in m.agents}, m.actual)


def _grow_with_distributed(inner):
    return st.one_of(_grow(inner), st.builds(fm.Distributed, _GROUPS, inner))


formulas_with_distributed = st.recursive(st.sampled_from([fm.Atom("p"), fm.Atom("q"), fm.TOP]),
                                         _grow_with_distributed, max_leaves=6)


@settings(max_examples=300, deadline=None)
@given(some_models, formulas_with_distributed)
def test_checking_with_contraction_changes_no_answer(m, f):
    """Contracting the model after every private update, or not, gives the same truth everywhere,
    or the same refusal of knowledge where a relation is not an equivalence; a formula with
    distributed knowledge inside (which contraction may change) is checked on the uncontracted
    updates."""
    assert outcome(_fresh(m), f) == outcome(_fresh(m), f, contract=False), str(f)


def _nested(n: int):
    """``[!p]_{a} [!p]_{a} ... q``, ``n`` times, and the two-world model it is checked on."""
    m = KripkeModel.from_relations([A, B], {"w": {"p", "q"}, "v": set()}, {A: [("w", "v")], B: [("w", "v")]},
                                   actual="w", reflexive=True, symmetric=True)
    return m, parse_formula("[!p]_{a} " * n + "q")


def test_nested_private_announcements_stay_small():
    """Each private announcement doubles the model; contraction merges the copies back, so 25 of
    them nested keep every updated model at most 4 worlds (without it the last would have 2**26)."""
    small, f12 = _nested(12)
    assert truth_array(small, f12).tolist() == truth_array(_fresh(small), f12, contract=False).tolist()
    m, f = _nested(25)
    assert ("contracted",) in checking.updated(small, private_event(small.agents, None, [A],
                                                                    precondition=fm.Atom("p")))[0].cache
    assert holds(m, f)
    sizes, model, g = [], m, f
    while isinstance(g, fm.AnnouncePrivately):
        after, _ = checking.updated(model, private_event(model.agents, None, g.group, precondition=g.announced))
        model = after.cache[("contracted",)][0]
        sizes.append(len(model))
        g = g.arg
    assert len(sizes) == 25 and max(sizes) <= 4


def test_distributed_knowledge_is_checked_on_the_uncontracted_update():
    """w and w' (p) are bisimilar, and so are c1 and c2 (not p); a cannot tell w from c1 nor w' from
    c2, b cannot tell w from c2 nor w' from c1, so together they rule out c1 and c2 and know p at
    w; merged into two worlds, both would consider the not-p world possible.  After an event that
    changes nothing, distributed knowledge must still hold: the checker does not contract under it."""
    m = KripkeModel(["w", "w'", "c1", "c2"], [frozenset({"p"}), frozenset({"p"}), frozenset(), frozenset()],
                    {A: Partition([0, 1, 0, 1]), B: Partition([0, 1, 1, 0])}, ["w"])
    knows = fm.Distributed(frozenset({A, B}), fm.Atom("p"))
    assert len(contract(m)) == 2
    nothing = public_event([A, B])
    assert not holds(contract(m), knows)  # what contraction would do to it
    assert holds(m, knows) and holds(m, fm.Act(nothing, "told", knows))
