"""Model checking: where a formula holds in a Kripke model.

Each subformula is evaluated once per model, bottom-up, to the set of
worlds where it holds (a boolean array over world numbers), and kept in
the model's cache, so asking again, or asking a formula that shares
subformulas, costs nothing.  Knowledge and belief are a box over the
agent's relation; common knowledge and common belief are a true fixpoint,
reachability in one or more steps over the union of the group's
relations; distributed knowledge uses the intersection.  A dynamic
operator evaluates its formula in the updated model (the model restricted
to where the announcement is true, or the product with an event model),
which is cached too.

Knowledge is factive, so the knowledge operators (``K``, ``Kw``, ``E``,
``C``, ``D``) are refused with a :class:`~epistemic.ModelError` where a
named agent's relation is not an equivalence in the model they are
evaluated in, as for an outsider after a private announcement; belief
(``B``, ``EB``, ``CB``) and ``M`` work on any relation.  Worlds no formula
tells apart count as one for this (the check is made on the bisimulation
contraction, :func:`~epistemic.refusals.may_know`), so contracting a model never changes which
formulas are refused; ``D``, which contraction does not preserve, needs the
relations themselves to be equivalences.

Nested dynamic operators recurse once per level of nesting (one level
per announcement inside another); everything else is iterative.

Examples
--------
>>> from epistemic import Agent, KripkeModel, parse_formula
>>> a, b = Agent("a"), Agent("b")
>>> m = KripkeModel.from_relations([a, b], {"w": {"p"}, "v": set()}, {a: [("w", "v")]},
...                                actual="w", reflexive=True, symmetric=True)
>>> holds(m, parse_formula("p & ~K_a p & K_b p"))
True
>>> sorted(worlds_where(m, parse_formula("K_b p | K_b ~p")))
['v', 'w']
>>> holds(m, parse_formula("[!p] K_a p"))
True
>>> holds(m, parse_formula("[!p]_{a} B_b ~K_a p"))
True
>>> holds(m, parse_formula("[!p]_{a} K_b p"))
Traceback (most recent call last):
...
epistemic.errors.ModelError: K_b asks what b knows, but b's relation here is not an equivalence ...: write B_b ...
"""

from __future__ import annotations

from collections.abc import Iterable
from typing import TYPE_CHECKING, cast

from .agents import Agent
from .bisimulation import contraction
from .bottom_up import evaluate_bottom_up
from .errors import ModelError
from .events import EventModel, announcement_event, check_event_model, formulas_within
from .formulas import (Act, And, Announce, AnnounceDiamond, AnnouncePrivately, AnnounceWhether, Atom,
                       Believes, Bottom, Common, CommonBelief, Distributed, Everybody, EverybodyBelieves, Formula,
                       FormulaError, Iff, Implies, Knows, KnowsWhether, Not, Or, Possible, Top, subformulas)
from .kripke import KripkeModel, World
from .probability.formulas import CommonPBelief, Probability
from .probability.model import ProbabilisticModel
from .probability.product import weighed_product
from .probability.truth import common_p_belief_truth, inequality_truth
from .refusals import KnowledgeOperator, agent_relation, refuse_where_mistaken
from .relations import FEW_WORLDS, Arrows, Partition, Relation
from .validators import instance_of

if TYPE_CHECKING:
    import numpy as np

# numpy (a tenth of a second to import) is imported where used: the symbolic engine imports this module
# and never calls what uses it

__all__ = ["truth_array", "worlds_where", "holds", "after_announcement", "product", "common_relation_labels",
           "group_relation", "truth_at_facts", "keep_subformula_truths"]

_ANNOUNCEMENTS = (Announce, AnnounceDiamond, AnnouncePrivately, AnnounceWhether)


def _same_model_operands(f: Formula) -> tuple[Formula, ...]:
    """The operands evaluated in the same model as ``f``."""
    if isinstance(f, Act):
        return ()
    if isinstance(f, _ANNOUNCEMENTS):
        return (f.announced,)
    return f.operands()


def truth_array(model: KripkeModel, formula: Formula, *, contract: bool = True) -> np.ndarray:
    """A read-only boolean array over world numbers: where ``formula`` holds.

    With ``contract`` (the default), the model after each private or
    semi-private announcement and each event model is contracted (bisimilar
    worlds merged, :func:`~epistemic.bisimulation.contract`) before what
    follows is checked in it, so that nested updates stay as small as their
    content; the answer is the same either way, as bisimilar worlds agree on
    every formula (one with distributed knowledge inside is checked without
    contraction).

    Raises
    ------
    FormulaError
        When ``formula`` is not a formula.
    ModelError
        When it names an agent the model does not have, or asks what an
        agent knows where the agent's relation is not an equivalence (see
        :func:`~epistemic.refusals.may_know`).
    """
    _kripke(model, "epistemic.checking.truth_array", "epistemic.symbolic.truth checks a knowledge structure")
    known = model.cache.get(("truth", formula)) if isinstance(formula, Formula) else None
    if known is not None:
        return known
    if len(model) <= FEW_WORLDS and isinstance(formula, Formula) and formula._propositional:
        known = model.cache["truth", formula] = _by_valuation(model, formula)
        known.flags.writeable = False
        return known
    if len(model) > FEW_WORLDS:
        operands = _same_model_operands
    else:
        # a propositional subformula is evaluated whole, at the model's valuations (see _by_valuation)
        def operands(f: Formula) -> tuple[Formula, ...]:
            return () if f._propositional else _same_model_operands(f)

    def evaluate(f: Formula) -> np.ndarray:
        result = _by_valuation(model, f) if f._propositional and len(model) <= FEW_WORLDS else \
            _evaluate(model, f, contract)
        result.flags.writeable = False
        return result

    return evaluate_bottom_up(formula, model.cache, operands, evaluate)


def keep_subformula_truths(model: KripkeModel, formula: Formula, *, contract: bool = True) -> None:
    """Keep in ``model``'s cache where each subformula of ``formula`` checked in ``model`` itself holds,
    each once, operands first: what an explanation reads, one subformula at a time.

    :func:`truth_array` evaluates a propositional formula on a small model whole, keeping its own
    truth only; read one by one, its subformulas would each be evaluated again, which is quadratic
    in a long chain.

    >>> from epistemic import Agent, parse_formula
    >>> model = KripkeModel.from_relations([Agent("a")], {"w": {"p"}}, {}, "w", reflexive=True)
    >>> formula = parse_formula("p & ~q")
    >>> keep_subformula_truths(model, formula)
    >>> model.cache["truth", formula.right].tolist()
    [True]
    """
    _kripke(model, "epistemic.checking.keep_subformula_truths", "a knowledge structure keeps its own")
    for f in subformulas(formula, _same_model_operands):
        if ("truth", f) not in model.cache:
            truth = _evaluate(model, f, contract)
            truth.flags.writeable = False
            model.cache["truth", f] = truth


#: The most valuations a propositional formula remembers its truth at (then it forgets them all).
REMEMBERED_VALUATIONS = 1 << 14


def _by_valuation(model: KripkeModel, f: Formula) -> np.ndarray:
    """Where propositional ``f`` holds in ``model``, read off the facts of each world.

    Its truth at a world depends only on which of the atoms it reads are
    true there, so ``f`` remembers it for each such valuation (bounded by
    :data:`REMEMBERED_VALUATIONS`): the states of a search share most of
    their valuations.  Those it does not know yet are evaluated together,
    one bit per valuation, in one pass over ``f``.
    """
    import numpy as np
    reads = _reads(f)
    memo = _valuations(f)
    seen = [facts & reads for facts in model.facts_by_number]
    # read from a dict of this call's own: the memory may be emptied (at its bound, or by another thread)
    truth = {v: memo.get(v) for v in seen}
    unknown = [v for v, known in truth.items() if known is None]
    if unknown:
        bits = _bits(f, unknown)
        if len(memo) + len(unknown) > REMEMBERED_VALUATIONS:
            memo.clear()
        for bit, valuation in enumerate(unknown):
            truth[valuation] = memo[valuation] = bool(bits >> bit & 1)
    return np.fromiter((truth[v] for v in seen), dtype=bool, count=len(seen))


def _reads(f: Formula) -> frozenset:
    """The names of the atoms in propositional ``f`` (kept in it)."""
    try:
        return f._reads
    except AttributeError:
        reads = frozenset(g.name for g in subformulas(f) if isinstance(g, Atom))
        object.__setattr__(f, "_reads", reads)
        return reads


def _valuations(f: Formula) -> dict:
    """What propositional ``f`` remembers: its truth at each valuation of :func:`_reads` met."""
    try:
        return f._valuations
    except AttributeError:
        memo: dict = {}
        object.__setattr__(f, "_valuations", memo)
        return memo


def truth_at_facts(formula: Formula, facts: frozenset) -> bool:
    """Propositional ``formula`` at a world where ``facts`` are true.

    Examples
    --------
    >>> truth_at_facts(Atom("p") & ~Atom("q"), frozenset({"p"}))
    True

    Raises
    ------
    FormulaError
        Where the formula is not propositional: its truth depends on more than a world's facts.
    """
    if not isinstance(formula, Formula) or not formula.propositional:
        raise FormulaError(f"{formula!r} is not a propositional formula: its truth needs a model")
    return _at_valuation(formula, frozenset(facts))


def _at_valuation(f: Formula, facts: frozenset) -> bool:
    """Propositional ``f`` at a world of these ``facts`` (remembered as :func:`_by_valuation` does)."""
    valuation = facts & _reads(f)
    memo = _valuations(f)
    known = memo.get(valuation)
    if known is None:
        known = bool(_bits(f, [valuation]) & 1)
        if len(memo) >= REMEMBERED_VALUATIONS:
            memo.clear()
        memo[valuation] = known
    return known


def _bits(f: Formula, valuations: list[frozenset]) -> int:
    """Propositional ``f`` at each of ``valuations``: bit ``i`` of the result is its truth at ``valuations[i]``."""
    everywhere = (1 << len(valuations)) - 1
    where: dict = {}
    for bit, valuation in enumerate(valuations):
        for name in valuation:
            where[name] = where.get(name, 0) | 1 << bit

    def evaluate(g: Formula) -> int:
        if isinstance(g, Atom):
            return where.get(g.name, 0)
        if isinstance(g, Top):
            return everywhere
        if isinstance(g, Bottom):
            return 0
        if isinstance(g, Not):
            return everywhere ^ cache["truth", g.arg]
        assert isinstance(g, (And, Or, Implies, Iff))     # a propositional formula has no other kind
        left, right = cache["truth", g.left], cache["truth", g.right]
        if isinstance(g, And):
            return left & right
        if isinstance(g, Or):
            return left | right
        if isinstance(g, Implies):
            return (everywhere ^ left) | right
        return everywhere ^ (left ^ right)     # Iff

    cache: dict = {}
    return evaluate_bottom_up(f, cache, lambda g: g.operands(), evaluate)


def worlds_where(model: KripkeModel, formula: Formula, *, contract: bool = True) -> frozenset[World]:
    """The worlds of ``model`` where ``formula`` holds (``contract``: see :func:`truth_array`)."""
    import numpy as np
    _kripke(model, "epistemic.checking.worlds_where", "epistemic.worlds_where checks a knowledge structure too")
    worlds = model.worlds
    return frozenset(worlds[i] for i in np.flatnonzero(truth_array(model, formula, contract=contract)).tolist())


def holds(model: KripkeModel, formula: Formula, world: World | None = None, *, contract: bool = True) -> bool:
    """Whether ``formula`` holds at ``world``, or (by default) at every actual world
    (``contract``: see :func:`truth_array`)."""
    _kripke(model, "epistemic.checking.holds", "epistemic.holds checks a knowledge structure too")
    if (world is None and model.actual and isinstance(formula, Formula) and formula._propositional
            and len(model) <= FEW_WORLDS and ("truth", formula) not in model.cache):
        # at the actual worlds alone, each valuation read from what the formula remembers
        facts = model.facts_by_number
        return all(_at_valuation(formula, facts[model.index(w)]) for w in model.actual)
    truth = truth_array(model, formula, contract=contract)
    if world is not None:
        return bool(truth[model.index(world)])
    if not model.actual:
        raise ModelError("the model has no actual world: name the world to check")
    return all(bool(truth[model.index(w)]) for w in model.actual)


def _kripke(model, what: str, instead: str) -> None:
    """Refuse anything but a Kripke model, naming the function that takes it."""
    instance_of(model, KripkeModel, f"{what} checks a KripkeModel ({instead})", error=ModelError, type_name=True)


def _get(model: KripkeModel, f: Formula) -> np.ndarray:
    return model.cache["truth", f]


def _evaluate(model: KripkeModel, f: Formula, contract: bool) -> np.ndarray:
    import numpy as np
    n = len(model)
    if isinstance(f, Atom):
        atoms = model.cache.setdefault("atoms", {})
        if f.name not in atoms:
            truth = model.valuation(f.name)
            truth.flags.writeable = False
            atoms[f.name] = truth
        return atoms[f.name].copy()
    if isinstance(f, Top):
        return np.ones(n, dtype=bool)
    if isinstance(f, Bottom):
        return np.zeros(n, dtype=bool)
    if isinstance(f, Not):
        return ~_get(model, f.arg)
    if isinstance(f, (And, Or, Implies, Iff)):
        left, right = _get(model, f.left), _get(model, f.right)
        if isinstance(f, And):
            return left & right
        if isinstance(f, Or):
            return left | right
        if isinstance(f, Implies):
            return ~left | right
        return left == right
    if isinstance(f, KnowledgeOperator):
        refuse_where_mistaken(model, f)
    if isinstance(f, (Knows, Believes)):
        return agent_relation(model, f.agent).box(_get(model, f.arg))
    if isinstance(f, Possible):
        return agent_relation(model, f.agent).diamond(_get(model, f.arg))
    if isinstance(f, KnowsWhether):
        relation, truth = agent_relation(model, f.agent), _get(model, f.arg)
        return relation.box(truth) | relation.box(~truth)
    if isinstance(f, (Everybody, EverybodyBelieves)):
        truth = _get(model, f.arg)
        out = np.ones(n, dtype=bool)
        for agent in f.group:
            out &= agent_relation(model, agent).box(truth)
        return out
    if isinstance(f, Distributed):
        return group_relation(model, f.group).box(_get(model, f.arg))
    if isinstance(f, (Common, CommonBelief)):
        return _common(model, f.group, _get(model, f.arg))
    if isinstance(f, Probability):
        return inequality_truth(model, f, lambda g: _get(model, g))
    if isinstance(f, CommonPBelief):
        return common_p_belief_truth(model, f, lambda g: _get(model, g))
    return _dynamic(model, f, contract)


def group_relation(model: KripkeModel, group: Iterable[Agent]) -> Relation:
    """The intersection of the group's relations (distributed knowledge), cached."""
    import numpy as np
    group = frozenset(group)
    key = ("intersection", group)
    if key not in model.cache:
        relations = [agent_relation(model, a) for a in sorted(group, key=lambda a: a.name)]
        partitions = [r for r in relations if isinstance(r, Partition)]
        out: Relation
        if len(partitions) == len(relations):
            meet = partitions[0]
            for p in partitions[1:]:
                meet = meet.meet(p)
            out = meet
        else:
            n = max(len(model), 1)
            first, *rest = relations
            rows, cols = first.pairs()
            codes = rows * n + cols
            for r in rest:
                rows, cols = r.pairs()
                codes = np.intersect1d(codes, rows * n + cols, assume_unique=True)
            out = Arrows(codes // n, codes % n, len(model))
        model.cache[key] = out
    return model.cache[key]


def common_relation_labels(model: KripkeModel, group: Iterable[Agent]) -> np.ndarray:
    """For a group of S5 agents: a label per world, equal exactly for worlds
    linked by a chain of the group's relations (cached)."""
    import numpy as np
    group = frozenset(group)
    key = ("components", group)
    if key not in model.cache:
        blocks = [_partition(model, a) for a in sorted(group, key=lambda a: a.name)]
        label = np.arange(len(model))
        while True:
            before = label
            for p in blocks:
                least = np.full(p.count, len(model), dtype=np.int64)
                np.minimum.at(least, p.block, label)
                label = least[p.block]
            if np.array_equal(label, before):
                break
        model.cache[key] = label
    return model.cache[key]


def _partition(model: KripkeModel, agent: Agent) -> Partition:
    relation = agent_relation(model, agent)
    if not isinstance(relation, Partition):
        raise ModelError(f"the relation of {agent} is not an equivalence, so it has no partition")
    return relation


def _common(model: KripkeModel, group, truth: np.ndarray) -> np.ndarray:
    import numpy as np
    relations = [agent_relation(model, a) for a in group]
    if all(isinstance(r, Partition) for r in relations):
        label = common_relation_labels(model, group)
        bad = np.zeros(len(model), dtype=bool)
        bad[label[~truth]] = True
        return ~bad[label]
    # worlds that reach a world where the formula fails in one or more steps: a least fixpoint
    reach = np.zeros(len(model), dtype=bool)
    frontier = ~truth
    while True:
        step = np.zeros(len(model), dtype=bool)
        for r in relations:
            step |= r.diamond(frontier)
        new = step & ~reach
        if not new.any():
            return ~reach
        reach |= new
        frontier = new


def after_announcement(model: KripkeModel, announced: Formula) -> KripkeModel:
    """The model after the public announcement of ``announced``: only the
    worlds where it holds are kept (cached, so checking ``[!φ]ψ`` and
    telling a story share one submodel), whether it holds at the actual
    worlds or not, as checking ``[!φ]ψ`` needs; :func:`epistemic.after_announcement`
    refuses an announcement false there."""
    _kripke(model, "epistemic.checking.after_announcement",
            "epistemic.after_announcement announces in a knowledge structure too")
    key = ("announce", announced)
    if key not in model.cache:
        model.cache[key] = model.restricted(truth_array(model, announced))
    return model.cache[key]


def product(model: KripkeModel, events: EventModel) -> tuple[KripkeModel, np.ndarray]:
    """The product of ``model`` and ``events`` (see :meth:`KripkeModel.product`),
    with the events' preconditions and assignments evaluated in ``model``.

    A precondition is a formula, a function ``(model, world) -> bool``, or
    ``None`` for everywhere.

    Examples
    --------
    >>> from epistemic import Agent, KripkeModel, parse_formula, public_event
    >>> a = Agent("a")
    >>> m = KripkeModel.from_relations([a], {"w": {"p"}, "v": set()}, {}, actual="w", reflexive=True)
    >>> after, new = product(m, public_event([a], precondition=parse_formula("~p")))
    >>> new.tolist(), after.origin(0)
    ([[-1], [0]], ('v', 'told'))
    """
    import numpy as np
    check_event_model(events, model.agents)
    worlds = model.worlds
    possible = np.zeros((len(worlds), len(events.events)), dtype=bool)
    assigned = []
    # each event's precondition, then its assignments: the symbolic engine's order, so that both
    # refuse the same knowledge operator first
    for j, e in enumerate(events.events):
        if e.precondition is None:
            possible[:, j] = True
        elif callable(e.precondition) and not isinstance(e.precondition, Formula):
            possible[:, j] = [bool(e.precondition(model, w)) for w in worlds]
        else:
            possible[:, j] = truth_array(model, e.precondition)
        assigned.append({atom: truth_array(model, f) for atom, f in e.assign})
    after, new = model.product(events, possible, assigned)
    if isinstance(model, ProbabilisticModel):
        # the agents' probabilities follow (epistemic.probability.product), by the events' own if they carry any
        after = weighed_product(model, events, after, new, lambda f: truth_array(model, f))
    return after, new


def updated(model: KripkeModel, events: EventModel) -> tuple[KripkeModel, np.ndarray]:
    """:func:`product`, cached in the model."""
    key = ("product", events)
    if key not in model.cache:
        model.cache[key] = product(model, events)
    return model.cache[key]


def _contracted(after: KripkeModel, new: np.ndarray) -> tuple[KripkeModel, np.ndarray]:
    """``after`` contracted, and ``new`` (product world numbers, -1 for none) renumbered to its classes."""
    import numpy as np
    if not len(after):  # nothing could happen: nothing to merge
        return after, new
    small, label = contraction(after)
    return small, np.where(new >= 0, label[np.maximum(new, 0)], -1)


def _kept_by_contraction(f: Formula) -> bool:
    """Whether every bisimulation keeps the truth of ``f``: no distributed knowledge inside, the
    preconditions and assignments of the event models inside included, and no precondition
    given as a function (which may look at anything)."""
    for g in formulas_within(f):
        if isinstance(g, Distributed):
            return False
        if isinstance(g, Act) and any(e.precondition is not None and not isinstance(e.precondition, Formula)
                                      for e in cast(EventModel, g.action).events):
            return False
    return True


def _after(model: KripkeModel, events: EventModel, arg: Formula, contract: bool) -> tuple[np.ndarray, np.ndarray]:
    """Where ``arg`` holds after ``events``, over the product's worlds, and the product's numbering."""
    after, new = updated(model, events)
    # bisimulation does not weigh worlds: a model with probabilities is checked as it is
    if contract and _kept_by_contraction(arg) and not isinstance(after, ProbabilisticModel):
        after, new = _contracted(after, new)
    return truth_array(after, arg, contract=contract), new


def _dynamic(model: KripkeModel, f: Formula, contract: bool) -> np.ndarray:
    import numpy as np
    if isinstance(f, (Announce, AnnounceDiamond)):
        where = _get(model, f.announced)
        after = truth_array(after_announcement(model, f.announced), f.arg, contract=contract)
        out = ~where if isinstance(f, Announce) else np.zeros(len(model), dtype=bool)
        out[where] = after
        return out
    if isinstance(f, Act):
        action = check_event_model(f.action, model.agents)
        after, new = _after(model, action, f.arg, contract)
        column = new[:, [e.name for e in action.events].index(f.event)]
        out = np.ones(len(model), dtype=bool)
        out[column >= 0] = after[column[column >= 0]]
        return out
    if isinstance(f, (AnnouncePrivately, AnnounceWhether)):
        after, new = _after(model, announcement_event(model.agents, f), f.arg, contract)
        where = _get(model, f.announced)
        if isinstance(f, AnnouncePrivately):
            out = ~where.copy()
            out[where] = after[new[where, 0]]
            return out
        # semi-private: the event that happens is the one matching the truth of the formula
        column = np.where(where, new[:, 0], new[:, 1])
        return after[column]
    raise FormulaError(f"cannot evaluate {type(f).__name__}")  # pragma: no cover
