"""Symbolic model checking: where a formula holds in a knowledge structure.

Each subformula becomes, once per structure, the binary decision diagram of
the states where it holds; the semantics is the explicit checker's
(:mod:`epistemic.checking`), computed on sets of states described by
formulas rather than listed:

* ``K_a φ`` for an agent observing ``O``: ``∀(V∖O). (law → φ)``, true of a
  state when ``φ`` holds at every state agreeing with it on ``O``;
* for an agent with a relation ``R``: ``∀V'. (R ∧ law' → φ')``;
* common knowledge is the greatest fixpoint of ``X ↦ ⋀ K_i(φ ∧ X)``;
  distributed knowledge pools what the group observes;
* ``[!ψ]φ`` checks ``φ`` in the structure whose law is ``law ∧ ψ``, and an
  event model (private and semi-private announcements included) is applied
  by :func:`~epistemic.symbolic.updates.transform`, whose answer is brought
  back to the states before the update by substitution.

Examples
--------
>>> from epistemic import Agent, parse_formula
>>> from epistemic.symbolic import KnowledgeStructure
>>> a, b = Agent("a"), Agent("b")
>>> s = KnowledgeStructure.build(["p", "q"], parse_formula("top"), {a: ["p"], b: ["q"]}, actual=[{"p"}])
>>> holds(s, parse_formula("K_a p & ~K_b p & [!p] K_b p"))
True
>>> holds(s, parse_formula("[!p]_{a} B_b ~K_a p"))
False
"""

from __future__ import annotations

from collections.abc import Iterable

from ..agents import Agent
from ..bottom_up import evaluate_bottom_up
from ..errors import ModelError
from ..events import check_event_model, private_event, whether_event
from ..validators import instance_of
from ..formulas import (Act, And, Announce, AnnounceDiamond, AnnouncePrivately, AnnounceWhether, Atom, Believes,
                        Bottom, Common, CommonBelief, Distributed, Everybody, EverybodyBelieves, Formula,
                        FormulaError, Iff, Implies, Knows, KnowsWhether, Not, Or, Possible, Top)
from ..probability.formulas import CommonPBelief, Probability
from ..refusals import KnowledgeOperator, asking, knowledge_refused, not_knowledge, why_not_knowledge
from .bdds import prime
from .convert import LISTED, beyond_listing, listing_size, to_kripke
from .pointwise import value_at
from .structure import KnowledgeStructure, State
from .updates import BOX_SCOPE, after_announcement, transform

__all__ = ["truth", "holds", "states_where"]

_ANNOUNCEMENTS = (Announce, AnnounceDiamond, AnnouncePrivately, AnnounceWhether)


def _same_structure_operands(f: Formula) -> tuple[Formula, ...]:
    if isinstance(f, Act):
        return ()
    if isinstance(f, _ANNOUNCEMENTS):
        return (f.announced,)
    if isinstance(f, (And, Or)):
        return _chain(f)
    return f.operands()


def _chain(f: And | Or) -> tuple[Formula, ...]:
    """The operands of the chain of ``f``'s connective that ``f`` heads
    (``f1 & f2 & ... & fn``, nested either way), left to right.

    A conjunction of ``n`` formulas is one step of the checker, not ``n - 1``:
    the conjunctions of its first few operands, each a diagram as large as the
    law in "nobody knows whether they are muddy", are neither made one by one
    by the bottom-up walk nor kept.

    Examples
    --------
    >>> from epistemic import parse_formula
    >>> [str(g) for g in _chain(parse_formula("(p & (q | r)) & (s & ~t)"))]
    ['p', 'q | r', 's', '~t']
    """
    kind, out = type(f), []
    stack: list[Formula] = [f]
    while stack:
        g = stack.pop()
        if type(g) is kind:
            stack.append(g.right)
            stack.append(g.left)
        else:
            out.append(g)
    return tuple(out)


def truth(structure: KnowledgeStructure, formula: Formula):
    """The diagram of the states of ``structure`` where ``formula`` holds
    (meaningful within the state law).

    Raises
    ------
    FormulaError
        When ``formula`` is not a formula.
    ModelError
        When it names an agent the structure does not have, or asks what an
        agent knows where the agent's accessibility is not an equivalence.
    """
    _structure(structure, "epistemic.symbolic.truth", "epistemic.checking.truth_array checks a Kripke model")
    return evaluate_bottom_up(formula, structure.cache, _same_structure_operands,
                              lambda f: _evaluate(structure, f))


def holds(structure: KnowledgeStructure, formula: Formula, state: State | None = None) -> bool:
    """Whether ``formula`` holds at ``state`` (its true variables), or (by
    default) at every actual state.

    Raises
    ------
    ModelError
        As :func:`truth`; for a ``state`` that is no set of the structure's
        variables that the law allows, or a structure without actual states
        and no ``state``.
    """
    _structure(structure, "epistemic.symbolic.holds", "epistemic.holds checks a Kripke model too")
    states = (state,) if state is not None else structure.actual
    if not isinstance(formula, Formula) or not states or not structure.is_state(states[0]):
        truth(structure, formula)   # what is wrong with the formula is said first, as the checker says it
    if state is not None and not structure.is_state(state):
        raise ModelError(f"{state!r} is not a state of the structure")
    if not states:
        raise ModelError("the structure has no actual state: name the state to check")
    # at the states alone: the connectives above knowledge need no diagram (pointwise)
    return all(value_at(structure, formula, s, truth) for s in states)


def states_where(structure: KnowledgeStructure, formula: Formula, limit: int | None = None) -> list[State]:
    """The states where ``formula`` holds, at most ``limit`` of them."""
    _structure(structure, "epistemic.symbolic.states_where", "epistemic.worlds_where checks a Kripke model too")
    return structure.states(truth(structure, formula), limit)


def _structure(structure, what: str, instead: str) -> None:
    """Refuse anything but a knowledge structure, naming the function that takes it."""
    instance_of(structure, KnowledgeStructure, f"{what} checks a KnowledgeStructure ({instead})", error=ModelError,
                type_name=True)


def _get(structure: KnowledgeStructure, f: Formula):
    return structure.cache["truth", f]


def _known(structure: KnowledgeStructure, agent: Agent, f: Formula) -> Agent:
    if agent not in structure.agents:
        raise ModelError(f"the formula names {agent}, who is not an agent of the model")
    if isinstance(f, KnowledgeOperator):
        _refuse_where_mistaken(structure, agent, f)
    return agent


def _refuse_where_mistaken(structure: KnowledgeStructure, agent: Agent, f: KnowledgeOperator) -> None:
    """Raise :class:`ModelError` where the knowledge operator ``f`` may not be
    asked of ``agent``, as the explicit checker decides it, with its words
    (:func:`epistemic.refusals.why_not_knowledge`): its accessibility is an
    equivalence on the states, or once bisimilar states are merged, which is
    found on the structure listed (:func:`~epistemic.symbolic.convert.to_kripke`),
    when listing it takes at most :data:`~epistemic.symbolic.convert.LISTED`
    states and arrows (a larger one is refused, saying so); distributed
    knowledge needs the accessibility itself to be one."""
    unmet = structure.unmet_property(agent)
    if unmet is None:
        return
    lost = agent in (structure.s5_before or ())
    if isinstance(f, Distributed):
        reason = not_knowledge(agent, unmet, lost=lost, belief=unmet == "reflexive" and structure.is_kd45(agent))
    else:
        key = ("listed reason", agent)
        if key not in structure.cache:
            states, arrows = listing_size(structure)
            if states + arrows > LISTED:
                raise ModelError(_too_large_to_list(structure, agent, f, states, arrows))
            structure.cache[key] = why_not_knowledge(to_kripke(structure, limit=LISTED), agent, lost=lost)
        reason = structure.cache[key]
    if reason is not None:
        raise ModelError(knowledge_refused(f, agent, reason))


def _too_large_to_list(structure: KnowledgeStructure, agent: Agent, f: KnowledgeOperator, states: int, arrows: int) -> str:
    """The line refusing ``f`` where deciding it would list more than the
    symbolic engine lists: it offers the explicit engine only where that
    engine can list the structure this one was made from (or this one)."""
    asked, instead = asking(f, agent)
    source = structure.source_size
    too_many = beyond_listing(*(source if source is not None else (states, arrows)))
    if too_many is None:
        instead = f"check with the explicit engine, or {instead}"
    else:
        listed = "it" if source is None else "the structure this one was made from"
        instead = f"nor can the explicit engine list {listed} ({too_many} it lists): {instead}"
    return (f"{asked}, and {agent.name}'s relation here is not an equivalence on the states; whether it is one "
            f"once bisimilar states are merged is found on the states listed, and this structure has "
            f"{states:,} states and {arrows:,} arrows, more than the {LISTED:,} the symbolic engine lists"
            f"{',' if too_many is not None else ':'} {instead}")


def box(structure: KnowledgeStructure, agents: Iterable[Agent], u, *, pooled: bool = False):
    """The states where ``u`` holds at every state the agents consider
    possible: each of them (``pooled=False``, the intersection of their
    boxes is not taken: one agent) or all of them together (``pooled``:
    distributed knowledge).

    ``∀ hidden. (¬law ∨ u)`` for agents who observe, ``∀ V'. (¬(R ∧ law') ∨
    u')`` for a relation ``R``, each in one pass over the diagrams; what
    is quantified and ``R ∧ law'`` are found once per structure and group
    (:func:`_scope`), not at each use, and each box once per structure,
    group and diagram."""
    agents = tuple(agents)
    known = ("box", agents, u)
    if known in structure.cache:   # K_a p, asked beside K_a ~p in "a knows whether p"
        return structure.cache[known]
    scope = (BOX_SCOPE, agents)
    if scope not in structure.cache:
        structure.cache[scope] = _scope(structure, agents)
    names, outside = structure.cache[scope]
    m = structure.manager
    if outside is None:
        out = m.forall_or(names, ~structure.law, u)
    else:
        out = m.forall_or(names, outside, m.primed(u, structure.variables))
    structure.cache[known] = out
    return out


def _scope(structure: KnowledgeStructure, agents: tuple[Agent, ...]) -> tuple[frozenset[str], object]:
    """What :func:`box` quantifies for ``agents``, and the diagram of the
    pairs of states they do not link (``None`` where they all observe:
    then the states outside the law)."""
    m, law = structure.manager, structure.law
    if all(a in structure.observables for a in agents):
        seen = frozenset().union(*(structure.observables[a] for a in agents))
        return frozenset(v for v in structure.variables if v not in seen), None
    linked = m.primed(law, structure.variables)
    for a in agents:
        linked &= structure.relation_bdd(a)
    return frozenset(prime(v) for v in structure.variables), ~linked


def _evaluate(structure: KnowledgeStructure, f: Formula):
    m = structure.manager
    if isinstance(f, Atom):
        var = structure.atoms.get(f.name)
        return m.false if var is None else m.var(var)
    if isinstance(f, Top):
        return m.true
    if isinstance(f, Bottom):
        return m.false
    if isinstance(f, Not):
        return ~_get(structure, f.arg)
    if isinstance(f, (And, Or)):
        operands = _chain(f)
        out = _get(structure, operands[0])
        for g in operands[1:]:
            out = out & _get(structure, g) if isinstance(f, And) else out | _get(structure, g)
        return out
    if isinstance(f, (Implies, Iff)):
        left, right = _get(structure, f.left), _get(structure, f.right)
        if isinstance(f, Implies):
            return ~left | right
        return structure.manager.iff(left, right)
    if isinstance(f, (Knows, Believes)):
        return box(structure, [_known(structure, f.agent, f)], _get(structure, f.arg))
    if isinstance(f, Possible):
        return ~box(structure, [_known(structure, f.agent, f)], ~_get(structure, f.arg))
    if isinstance(f, KnowsWhether):
        agent, u = _known(structure, f.agent, f), _get(structure, f.arg)
        return box(structure, [agent], u) | box(structure, [agent], ~u)
    if isinstance(f, (Everybody, EverybodyBelieves)):
        u, out = _get(structure, f.arg), m.true
        for agent in sorted(f.group, key=lambda a: a.name):
            out &= box(structure, [_known(structure, agent, f)], u)
        return out
    if isinstance(f, Distributed):
        agents = [_known(structure, a, f) for a in sorted(f.group, key=lambda a: a.name)]
        return box(structure, agents, _get(structure, f.arg), pooled=True)
    if isinstance(f, (Common, CommonBelief)):
        return _common(structure, f)
    return _dynamic(structure, f)


def _common(structure: KnowledgeStructure, f: Common | CommonBelief):
    """The greatest fixpoint of ``X ↦ ⋀_i box_i(φ ∧ X)``: no chain of one or
    more of the group's steps reaches a state where φ fails."""
    agents = [_known(structure, a, f) for a in sorted(f.group, key=lambda a: a.name)]
    u, law = _get(structure, f.arg), structure.law
    x = structure.manager.true
    while True:
        nxt = structure.manager.true
        for agent in agents:
            nxt &= box(structure, [agent], u & x)
        nxt &= law
        if nxt == x:
            return x
        x = nxt


def _dynamic(structure: KnowledgeStructure, f: Formula):
    if isinstance(f, (Announce, AnnounceDiamond)):
        where = _get(structure, f.announced)
        after = truth(after_announcement(structure, f.announced, where), f.arg)
        return (~where | after) if isinstance(f, Announce) else (where & after)
    if isinstance(f, Act):
        events = check_event_model(f.action, structure.agents)
        update = transform(structure, events, truth)
        return ~update.possible(f.event) | update.back(truth(update.after, f.arg), f.event)
    if isinstance(f, (AnnouncePrivately, AnnounceWhether)):
        group = frozenset(f.group)
        strangers = group - structure.agents
        if strangers:
            raise ModelError(f"the formula names {sorted(strangers)[0]}, who is not an agent of the model")
        where = _get(structure, f.announced)
        if isinstance(f, AnnouncePrivately):
            update = transform(structure, private_event(structure.agents, None, group, precondition=f.announced),
                               truth)
            return ~where | update.back(truth(update.after, f.arg), "told")
        events = whether_event(structure.agents, group, f.announced)
        update = transform(structure, events, truth)
        after = truth(update.after, f.arg)
        holds, fails = (e.name for e in events.events)
        return (where & update.back(after, holds)) | (~where & update.back(after, fails))
    if isinstance(f, (Probability, CommonPBelief)):
        raise ModelError(f"{f} asks for probabilities, which a knowledge structure does not hold: check it "
                         f"in a ProbabilisticModel")
    raise FormulaError(f"cannot evaluate {type(f).__name__}")  # pragma: no cover
