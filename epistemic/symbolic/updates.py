"""Updates of knowledge structures: public announcements and event models.

A public announcement of ``ψ`` keeps everything and conjoins ``ψ`` to the
law.  An event model is applied as a *transformer* (after van Benthem, van
Eijck, Gattinger and Su 2015, and Gattinger 2018 for belief): fresh
variables say which event happened, the law gains "the event's
precondition held", an atom that events change gets a new variable,
defined by the law from the old values, and each agent's view is extended
by what it can tell of the events.  An S5 agent that can tell the events
apart by a partition keeps observing (it also observes which block of its
partition the event was in); any other agent gets a relation, its old one
(or "agrees on what it observes") and the event relation.

Whatever holds after event ``e`` is brought back to the states before it by
substitution: the event variables by ``e``'s bits, each changed atom's new
variable by ``e``'s postcondition (:meth:`Update.back`).

Examples
--------
>>> from epistemic import Agent, parse_formula, private_event
>>> from epistemic.symbolic import KnowledgeStructure, truth
>>> a, b = Agent("a"), Agent("b")
>>> s = KnowledgeStructure.build(["p"], parse_formula("top"), {a: [], b: []}, actual=[{"p"}])
>>> u = transform(s, private_event([a, b], None, [a], precondition=parse_formula("p")), truth)
>>> len(u.after), sorted(u.after.observables), sorted(u.after.relations)
(3, [Agent('a')], [Agent('b')])
"""

from __future__ import annotations

from collections.abc import Callable, Hashable

from ..errors import ModelError
from ..events import EventModel, check_event_model
from ..formulas import Formula
from ..updates import NO_ACTUAL_EVENT
from .bdds import bits_for
from .convert import listing_size
from .pointwise import PLAN
from .structure import KnowledgeStructure, Variables

__all__ = ["after_announcement", "update", "transform", "Update"]

#: The key :func:`epistemic.engines.unknown_atoms` keeps a formula's atoms under in a model's cache.
_ATOMS_NAMED = "atoms named"
#: The key :func:`epistemic.symbolic.checking.box` keeps what a group quantifies under.
BOX_SCOPE = "box scope"


def after_announcement(structure: KnowledgeStructure, announced: Formula, where) -> KnowledgeStructure:
    """The structure after the public announcement of ``announced`` (whose
    diagram is ``where``), cached in ``structure``."""
    key = ("announce", announced)
    if key not in structure.cache:
        actual = [s for s in structure.actual if structure.value(where, s)]
        after = KnowledgeStructure(
            structure.manager, structure.atoms, structure.variables, structure.law & where,
            structure.observables, structure.relations, actual, structure.namer, s5_before=structure.s5_before,
            source_size=_source_size(structure))
        # the atoms a formula names (epistemic.engines.unknown_atoms) are the same after, and so are
        # its plan (pointwise.plan) and what observing agents do not see (checking.box): a story asks
        # the same formulas round after round, each walked once instead of once a round
        after.cache.update((k, v) for k, v in structure.cache.items()
                           if k[0] == _ATOMS_NAMED or k[0] == PLAN or k[0] == BOX_SCOPE and v[1] is None)
        structure.cache[key] = after
    return structure.cache[key]


def update(structure: KnowledgeStructure, events: EventModel,
           truth: Callable[[KnowledgeStructure, Formula], object]) -> KnowledgeStructure:
    """``structure`` after the actual events of ``events`` happen (as
    :func:`epistemic.updates.update` on a Kripke model); ``truth`` is the
    checker.

    Raises
    ------
    ModelError
        When ``events`` is not an event model over the structure's agents,
        no actual event can happen at an actual state, or as :func:`transform`.
    """
    after = transform(structure, check_event_model(events, structure.agents), truth).after
    if not after.actual:
        raise ModelError(NO_ACTUAL_EVENT)
    return after


class Update:
    """An event model applied to a structure: the structure after it, and
    how to bring an answer back to the states before it."""

    def __init__(self, after: KnowledgeStructure, events: EventModel, preconditions: dict,
                 substitutions: dict, bits: dict):
        self.after = after
        self.events = events
        self._preconditions = preconditions
        self._substitutions = substitutions
        self._bits = bits

    def successor(self, state: Variables, event: str) -> Variables:
        """The state ``(state, event)`` after the update (``event`` must be possible at ``state``)."""
        m = self.after.manager
        new = set(state) | {v for v, bit in self._bits[event].items() if bit}
        for v, value in self._substitutions[event].items():
            if v not in self._bits[event]:
                support = value.support
                if m.let({x: x in state for x in support}, value) == m.true:
                    new.add(v)
        return frozenset(new)

    def possible(self, event: str):
        """The states (before) where ``event`` can happen."""
        return self._preconditions[event]

    def back(self, u, event: str):
        """``u``, a diagram over the states after, read at the pair (state, ``event``):
        a diagram over the states before."""
        return self.after.manager.let(self._substitutions[event], u)


def transform(structure: KnowledgeStructure, events: EventModel,
              truth: Callable[[KnowledgeStructure, Formula], object]) -> Update:
    """``events`` applied to ``structure`` (cached in it); ``truth`` is the
    checker, for the preconditions and postconditions.

    Raises
    ------
    ModelError
        For a precondition given as a function, or a fact that is not an
        atom name among what an event adds or removes.
    """
    key = ("transform", events)
    if key in structure.cache:
        return structure.cache[key]
    m = structure.manager
    names = [e.name for e in events.events]
    code_vars = [m.fresh() for _ in range(bits_for(len(names)))]
    codes = {name: {v: bool(j >> i & 1) for i, v in enumerate(code_vars)} for j, name in enumerate(names)}
    cube = {name: m.cube(codes[name]) for name in names}

    preconditions, posts = {}, {}
    for e in events.events:
        if e.precondition is None:
            preconditions[e.name] = m.true
        elif isinstance(e.precondition, Formula):
            preconditions[e.name] = truth(structure, e.precondition)
        else:
            raise ModelError(f"event {e.name!r}: a precondition given as a function cannot be checked "
                             f"symbolically; give a formula")
        changes: dict[str, object] = {}
        for fact in (*e.adds, *e.removes):
            if not isinstance(fact, str):
                raise ModelError(f"event {e.name!r} changes the fact {fact!r}, which is not an atom name")
            changes[fact] = m.true if fact in e.adds else m.false
        for atom, formula in e.assign:
            changes[atom] = truth(structure, formula)
        posts[e.name] = changes

    changed: list[str] = sorted({atom for changes in posts.values() for atom in changes})
    atoms = dict(structure.atoms)
    variables = list(structure.variables) + code_vars
    happened = m.false
    for name in names:
        happened |= cube[name] & preconditions[name]
    law = structure.law & happened
    new_var = {}
    for atom in changed:
        old = m.var(atoms[atom]) if atom in atoms else m.false
        value = m.false
        for name in names:
            value |= cube[name] & posts[name].get(atom, old)
        new_var[atom] = v = m.fresh()
        variables.append(v)
        law &= m.iff(m.var(v), value)
        atoms[atom] = v

    observables, relations = {}, {}
    extra: dict[str, dict[str, bool]] = {name: {} for name in names}
    for agent in sorted(structure.agents, key=lambda a: a.name):
        pairs = {(e, f) for e, f in events.relation(agent)}
        blocks = _blocks(names, pairs)
        if agent in structure.observables and blocks is not None:
            seen = set(structure.observables[agent])
            if len(set(blocks.values())) == len(names):       # tells every event apart
                seen.update(code_vars)
            elif len(set(blocks.values())) > 1:
                block_vars = [m.fresh() for _ in range(bits_for(len(set(blocks.values()))))]
                variables.extend(block_vars)
                seen.update(block_vars)
                for name in names:
                    block_bits = {v: bool(blocks[name] >> i & 1) for i, v in enumerate(block_vars)}
                    extra[name].update(block_bits)
                    law &= ~cube[name] | m.cube(block_bits)
            observables[agent] = frozenset(seen)
        else:
            event_relation = m.false
            for seen_event, considered in pairs:
                event_relation |= cube[seen_event] & m.primed(cube[considered], code_vars)
            relations[agent] = structure.relation_bdd(agent) & event_relation

    substitutions = {}
    for name in names:
        values: dict = {**codes[name], **extra[name]}
        for atom in changed:
            old = m.var(structure.atoms[atom]) if atom in structure.atoms else m.false
            values[new_var[atom]] = posts[name].get(atom, old)
        substitutions[name] = values

    bits = {name: {**codes[name], **extra[name]} for name in names}

    # the namer holds the naming of the structure before, not the structure: no reference cycle
    before_name, before_vars = structure.naming(), frozenset(structure.variables)

    def namer(state: Variables) -> Hashable:
        code = {v: v in state for v in code_vars}
        event = next(n for n in names if codes[n] == code)
        return (before_name(state & before_vars), event)

    # who knew before the first update, for a refusal to blame the update only where it took that away
    s5_before = structure.s5_before
    if s5_before is None:
        s5_before = frozenset(a for a in structure.agents if structure.is_s5(a))
    after = KnowledgeStructure(m, atoms, variables, law, observables, relations, (), namer, s5_before=s5_before,
                               source_size=_source_size(structure))
    update = Update(after, events, preconditions, substitutions, bits)
    actual = [update.successor(state, name) for state in structure.actual for name in events.actual
              if structure.value(preconditions[name], state)]
    update.after = after.with_actual(actual)
    structure.cache[key] = update
    return update


def _source_size(structure: KnowledgeStructure) -> tuple[int, int]:
    """The :attr:`~KnowledgeStructure.source_size` of a structure made from ``structure``."""
    return structure.source_size if structure.source_size is not None else listing_size(structure)


def _blocks(names: list[str], pairs: set[tuple[str, str]]) -> dict[str, int] | None:
    """The block number of each event when ``pairs`` is an equivalence on them, else ``None``."""
    successors = {e: frozenset(f for x, f in pairs if x == e) for e in names}
    number: dict[frozenset, int] = {}
    for e in names:
        if e not in successors[e]:
            return None
        for f in successors[e]:
            if successors[f] != successors[e]:
                return None
        number.setdefault(successors[e], len(number))
    return {e: number[successors[e]] for e in names}
