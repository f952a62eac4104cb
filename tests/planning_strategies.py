"""Hypothesis strategies of the planning tests: small models, their bisimilar copies, small tasks."""

from __future__ import annotations

import contextlib

from hypothesis import HealthCheck
from hypothesis import strategies as st

from epistemic import TOP, Agent, Event, KripkeModel, holds
from epistemic import formulas as fm
from epistemic.planning import Action, PlanningTask, applicable, apply
from epistemic.relations import Arrows, Partition

A, B = Agent("a"), Agent("b")
AGENTS = (A, B)

__all__ = ["A", "B", "AGENTS", "models", "bisimilar_copies", "s5_models", "formulas_over", "tasks", "belief_tasks", "SLOW_DRAWS",
           "arrays_only", "fresh"]

#: The settings of a test that draws tasks: as many examples as given, however long each takes to draw.
SLOW_DRAWS = {"suppress_health_check": [HealthCheck.too_slow]}


@st.composite
def models(draw, atoms=("p", "q"), max_worlds: int = 5, s5: bool = False):
    """A model over agents a and b: each relation a partition or (unless
    ``s5``) any arrows, some designated worlds."""
    n = draw(st.integers(1, max_worlds))
    facts = [draw(st.frozensets(st.sampled_from(atoms))) for _ in range(n)]
    relations = {}
    for agent in AGENTS:
        if s5 or draw(st.booleans()):
            relations[agent] = Partition(draw(st.lists(st.integers(0, n - 1), min_size=n, max_size=n)))
        else:
            pairs = draw(st.lists(st.tuples(st.integers(0, n - 1), st.integers(0, n - 1)), max_size=2 * n))
            relations[agent] = Arrows([r for r, _ in pairs], [c for _, c in pairs], n)
    actual = draw(st.lists(st.integers(0, n - 1), min_size=1, unique=True))
    return KripkeModel([f"w{i}" for i in range(n)], facts, relations, [f"w{i}" for i in actual])


def s5_models(atoms=("p", "q"), max_worlds: int = 5):
    return models(atoms, max_worlds, s5=True)


@st.composite
def bisimilar_copies(draw, model: KripkeModel):
    """``model`` with each world copied one to three times, the copies
    shuffled and renamed, equivalences sometimes kept as arrows, and each
    designated world replaced by some of its copies: a bisimilar model whose
    designated worlds match."""
    n = len(model)
    copies = [draw(st.integers(1, 3)) for _ in range(n)]
    of = [i for i in range(n) for _ in range(copies[i])]          # the world each new world copies
    place = draw(st.permutations(range(len(of))))                 # where each new world goes
    at = {}
    for k, i in enumerate(of):
        at.setdefault(i, []).append(place[k])
    facts = [None] * len(of)
    for k, i in enumerate(of):
        facts[place[k]] = model.facts(model.worlds[i])
    relations = {}
    for agent in model.agents:
        rows, cols = [], []
        for i, j in zip(*(x.tolist() for x in model.relation_of(agent).pairs())):
            for u in at[i]:
                # each copy of i links to at least one copy of j: enough for bisimilarity
                targets = draw(st.lists(st.sampled_from(at[j]), min_size=1, unique=True))
                rows += [u] * len(targets)
                cols += targets
        relation = Arrows(rows, cols, len(of))
        if isinstance(model.relation_of(agent), Partition):
            # the copies of an equivalence class together make one class
            block = [0] * len(of)
            for k, i in enumerate(of):
                block[place[k]] = int(model.relation_of(agent).block[i])
            relation = Partition(block) if draw(st.booleans()) else Arrows(*Partition(block).pairs(), len(of))
        relations[agent] = relation
    actual = set()
    for w in model.actual:
        actual.update(draw(st.lists(st.sampled_from(at[model.index(w)]), min_size=1, unique=True)))
    names = [f"v{k}" for k in range(len(of))]
    return KripkeModel(names, facts, relations, [names[k] for k in actual])


def formulas_over(atoms=("p", "q"), knowledge=(fm.Believes, fm.Possible), max_leaves: int = 8, top: bool = True):
    """Formulas of atoms (and ``top``), the Boolean connectives and the given operators of a and b."""
    leaves = st.builds(fm.Atom, st.sampled_from(atoms))
    if top:
        leaves = st.one_of(leaves, st.just(fm.TOP))

    def grow(inner):
        return st.one_of(st.builds(fm.Not, inner),
                         *(st.builds(cls, inner, inner) for cls in (fm.And, fm.Or)),
                         *(st.builds(cls, st.sampled_from(AGENTS), inner) for cls in knowledge),
                         st.builds(fm.Common, st.just(frozenset(AGENTS)), inner) if fm.Knows in knowledge
                         else st.builds(fm.CommonBelief, st.just(frozenset(AGENTS)), inner))

    return st.recursive(leaves, grow, max_leaves=max_leaves)


@st.composite
def informative_models(draw, atoms):
    """An S5 model of two to four worlds, each with its own facts, one of them designated."""
    import itertools
    valuations = [frozenset(c) for k in range(len(atoms) + 1) for c in itertools.combinations(atoms, k)]
    facts = draw(st.lists(st.sampled_from(valuations), min_size=2, max_size=4, unique=True))
    n = len(facts)
    relations = {agent: Partition(draw(st.lists(st.integers(0, 1), min_size=n, max_size=n))) for agent in AGENTS}
    return KripkeModel([f"w{i}" for i in range(n)], facts, relations, [f"w{draw(st.integers(0, n - 1))}"])


def _public(name: str, events) -> Action:
    names = [e.name for e in events]
    return Action(name, events, (("Fully", [(e, e) for e in names]),), names,
                  [(agent, (("Fully", TOP),)) for agent in AGENTS])


@st.composite
def actions(draw, name: str, atoms):
    """A public announcement, a semi-private one (one agent learns whether a
    formula holds, the other sees that it does), or a public ontic action:
    each keeps an S5 model S5."""
    kind = draw(st.sampled_from(["public", "semi-private", "ontic"]))
    # small formulas, often about the facts alone: actions that can happen somewhere
    formula = draw(formulas_over(atoms, draw(st.sampled_from([(), (fm.Knows, fm.Possible)])), max_leaves=3, top=False))
    if kind == "public":
        return _public(name, (Event("told", formula),))
    if kind == "ontic":
        assign = draw(st.dictionaries(st.sampled_from(atoms), formulas_over(atoms, (), max_leaves=3),
                                      min_size=1, max_size=2))
        precondition = draw(st.one_of(st.just(TOP), formulas_over(atoms, (fm.Knows,), max_leaves=3)))
        return _public(name, (Event("done", precondition, assign=assign),))
    learner = draw(st.sampled_from(AGENTS))
    events = (Event("yes", formula), Event("no", fm.Not(formula)))
    return Action(name, events,
                  (("Fully", [("yes", "yes"), ("no", "no")]),
                   ("Partially", [(e, f) for e in ("yes", "no") for f in ("yes", "no")])),
                  ("yes", "no"),
                  [(agent, (("Fully" if agent == learner else "Partially", TOP),)) for agent in AGENTS])


@st.composite
def tasks(draw, max_actions: int = 3):
    """A task of an S5 model over two or three atoms, a few S5-keeping actions, and a goal: a quarter of
    the time any formula, else one made true by some actions (so that plans of one to three actions come
    up often).

    Drawing a task applies actions: tests that draw them suppress hypothesis's health check on slow
    generation, which reads the clock (see :data:`SLOW_DRAWS`)."""
    atoms = ("p", "q", "r")[:draw(st.integers(2, 3))]
    initial = draw(informative_models(atoms))
    made = [draw(actions(f"act{i}", atoms)) for i in range(draw(st.integers(1, max_actions)))]
    candidates = draw(st.lists(formulas_over(atoms, (fm.Knows, fm.Possible), max_leaves=5, top=False), min_size=1,
                               max_size=6))
    goal = candidates[0]
    if draw(st.integers(0, 3)) < 3:      # hypothesis prefers 0: the made goals come first
        state = initial
        for _ in range(3 - draw(st.integers(0, 2))):      # three steps first
            can = [action for action in made if applicable(state, action)]
            if not can:
                break
            state = apply(state, draw(st.sampled_from(can)))
        # the first candidate, or its negation, that the actions made true
        made_true = [g for f in candidates for g in (f, fm.Not(f)) if holds(state, g) and not holds(initial, g)]
        goal = made_true[0] if made_true else goal
    return PlanningTask("random", initial, made, goal)


@contextlib.contextmanager
def arrays_only():
    """Every model counts as large while this lasts: the core works over arrays, as it does for
    models of more than :data:`epistemic.relations.FEW_WORLDS` worlds, the reference of its
    paths over Python lists for few worlds."""
    from epistemic import bisimulation, checking, kripke, relations
    from epistemic.planning import canonical
    modules = (bisimulation, checking, kripke, relations, canonical)
    saved = [module.FEW_WORLDS for module in modules]
    for module in modules:
        module.FEW_WORLDS = 0
    try:
        yield
    finally:
        for module, value in zip(modules, saved):
            module.FEW_WORLDS = value


def fresh(model: KripkeModel) -> KripkeModel:
    """The same model with nothing cached."""
    return KripkeModel(model.worlds, model.facts_by_number, {a: model.relation_of(a) for a in model.agents},
                       model.actual)


SKIP = Event("skip", TOP)


@st.composite
def private_actions(draw, name: str, atoms):
    """A public ontic action, or one where an agent learns whether a formula holds (or hears it
    told) and the other sees that, or nothing, as a fact of the state says: its relations stop being
    equivalences, so that agents come to believe what is false."""
    formula = draw(formulas_over(atoms, (fm.Believes,), max_leaves=3, top=False))
    if draw(st.integers(0, 3)) == 0:
        assign = draw(st.dictionaries(st.sampled_from(atoms), formulas_over(atoms, (), max_leaves=3),
                                      min_size=1, max_size=2))
        return _public(name, (Event("done", TOP, assign=assign),))
    learner = draw(st.sampled_from(AGENTS))
    (other,) = [agent for agent in AGENTS if agent != learner]
    events = (Event("yes", formula), Event("no", fm.Not(formula))) if draw(st.booleans()) else \
        (Event("yes", formula),)
    names = [e.name for e in events]
    relations = (("Fully", [(e, e) for e in names] + [("skip", "skip")]),
                 ("Partially", [(e, f) for e in names for f in names] + [("skip", "skip")]),
                 ("Oblivious", [(e, "skip") for e in names] + [("skip", "skip")]))
    watching = fm.Atom(draw(st.sampled_from(atoms)))
    others = (("Partially", watching), ("Oblivious", TOP)) if draw(st.booleans()) else (("Oblivious", TOP),)
    return Action(name, events + (SKIP,), relations, names, [(learner, (("Fully", TOP),)), (other, others)])


@st.composite
def belief_tasks(draw, max_actions: int = 3):
    """A task of an S5 model, actions some agents do not see (:func:`private_actions`), and a goal of
    beliefs: a conjunction of ``B``, ``EB`` and ``CB`` formulas, often one some actions make true."""
    atoms = ("p", "q", "r")[:draw(st.integers(2, 3))]
    initial = draw(informative_models(atoms))
    made = [draw(private_actions(f"act{i}", atoms)) for i in range(draw(st.integers(1, max_actions)))]
    inner = formulas_over(atoms, (fm.Believes,), max_leaves=3)
    wrapped = st.one_of(st.builds(fm.Believes, st.sampled_from(AGENTS), inner),
                        st.builds(fm.EverybodyBelieves, st.just(frozenset(AGENTS)), inner),
                        st.builds(fm.CommonBelief, st.just(frozenset(AGENTS)), inner), inner)
    candidates = draw(st.lists(st.lists(wrapped, min_size=1, max_size=2), min_size=1, max_size=6))
    goals = [c[0] if len(c) == 1 else fm.And(c[0], c[1]) for c in candidates]
    goal = goals[0]
    if draw(st.integers(0, 3)) < 3:
        state = initial
        for _ in range(3 - draw(st.integers(0, 2))):
            can = [action for action in made if applicable(state, action)]
            if not can:
                break
            state = apply(state, draw(st.sampled_from(can)))
        made_true = [g for g in goals if holds(state, g) and not holds(initial, g)]
        goal = made_true[0] if made_true else goal
    return PlanningTask("random beliefs", initial, made, goal)
