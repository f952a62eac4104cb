"""Planning tasks written as EPDDL: a domain, a problem, and the library of action types they use.

EPDDL (Burigana and Fabiano, "The Epistemic Planning Domain Definition
Language: Official Guideline", 2026) declares action types (events, a
relation per observability type, designated events) only in action-type
libraries, so a task is written as three files: the library, with one
action type per shape of action (number of events, relations, designated
events); the domain, with the atoms as 0-ary predicates, each event's
precondition and postconditions, and each action's type, events and
observability conditions; and the problem, with the agents, the initial
state written out (worlds, relations, labels, designated worlds) and the
goal.

Names become EPDDL identifiers (letters, digits, ``_`` and ``-``, a letter
or ``_`` first, no keyword): a name that is one is kept, another has each
run of other characters made a ``-``, and a clash is numbered (``p-2``).
:class:`EpddlFiles` says which name became which, and the domain says it in
comments.  Formulas keep their meaning: ``K_a``, ``B_a`` are ``[a]``,
``M_a`` is ``<a>``, ``Kw_a`` is ``[Kw. a]``, ``E_G``, ``EB_G`` are
``[(a b)]``, ``C_G``, ``CB_G`` are ``[C. (a b)]``, and ``φ <-> ψ`` is
``(and (imply φ ψ) (imply ψ φ))``; EPDDL has no distributed knowledge and
no dynamic modality (``[!φ]``, ``[E, e]``), which are refused.  An event's
postconditions become ``(p)``, ``(not (p))`` and ``(iff φ (p))``.

Examples
--------
>>> from epistemic import Agent, KripkeModel
>>> from epistemic.planning.from_models import task_from_model
>>> a, b = Agent("a"), Agent("b")
>>> coin = KripkeModel.from_relations([a, b], {"h": {"heads"}, "t": set()},
...                                   {a: [("h", "t")], b: [("h", "t")]}, actual="h",
...                                   reflexive=True, symmetric=True)
>>> files = to_epddl(task_from_model(coin, ["peek=[?heads]_{a}"], "K_a heads", name="coin"))
>>> print(files.problem)  # doctest: +NORMALIZE_WHITESPACE
(define (problem coin-problem)
    (:domain coin)
    (:requirements :lists :modal-goals)
    (:agents a b)
    (:init
        :worlds (h t)
        :relations (a (:and (h h) (h t) (t h) (t t))
                    b (:and (h h) (h t) (t h) (t t)))
        :labels (h (heads))
        :designated (h))
    (:goal ([a] (heads))))
>>> files.plan(["peek"])
['peek_now']
"""

from __future__ import annotations

import os
import re
from collections.abc import Hashable, Iterable
from typing import cast

import attrs

from ..agents import Agent
from ..refusals import quoted
from ..errors import ModelError
from ..events import Event
from ..files import write_files
from ..formulas import (
    Act, And, Announce, AnnounceDiamond, AnnouncePrivately, AnnounceWhether, Atom, Believes, Bottom, Common,
    CommonBelief, Distributed, Everybody, EverybodyBelieves, Formula, FormulaError, Iff, Implies, Knows,
    KnowsWhether, Not, Or, Possible, Top, atoms,
)
from ..kripke import KripkeModel
from ..planning.action import Action
from ..planning.task import PlanningTask
from ..probability.formulas import CommonPBelief, Probability
from ..relations import Partition
from ..validators import instance_of

__all__ = ["EpddlFiles", "to_epddl", "write_epddl", "identifier", "KEYWORDS", "MAX_PAIRS", "MAX_WRITTEN"]

#: Words EPDDL reads as its own, never a name; and the names of its built-in types.
KEYWORDS = frozenset({
    "define", "domain", "problem", "action-type-library", "either", "and", "or", "imply", "not", "exists",
    "forall", "true", "false", "iff", "when", "else", "else-if", "if", "default", "All",
    "agent", "object", "world", "event", "obs-type", "entity"})

#: The most pairs (of worlds, over all agents) an initial state written out may list: counted
#: before anything is written.  Each is some 15 bytes of text.
MAX_PAIRS = 1_000_000

#: The most parts a formula written out may have, a part shared by two others counted twice
#: (and the two sides of ``<->`` twice, as ``(and (imply φ ψ) (imply ψ φ))`` writes them).
MAX_WRITTEN = 1_000_000

#: The longest identifier an action's name becomes; a longer one is numbered instead.
MAX_NAME = 24

_IDENTIFIER = re.compile(r"[A-Za-z_][A-Za-z0-9_-]*")
_OTHER = re.compile(r"[^A-Za-z0-9]+")

#: What EPDDL has not, as a refusal names it.
_UNWRITABLE = {Distributed: "distributed knowledge", Announce: "public announcement modality",
               AnnounceDiamond: "public announcement modality", AnnouncePrivately: "private announcement modality",
               AnnounceWhether: "semi-private announcement modality", Act: "event model modality",
               Probability: "probabilities", CommonPBelief: "common p-belief"}


def identifier(name: str, lead: str = "x") -> str:
    """``name`` as an EPDDL identifier, before clashes are numbered: kept where it is one,
    else each run of other characters made a ``-``, and ``lead-`` put first where it
    starts with no letter.

    Examples
    --------
    >>> identifier("heads"), identifier("it's"), identifier("[!p & q]_{a}"), identifier("1", "w")
    ('heads', 'it-s', 'p-q-a', 'w-1')
    """
    if _IDENTIFIER.fullmatch(name):
        return name
    base = _OTHER.sub("-", name).strip("-")
    return base if _IDENTIFIER.fullmatch(base) else f"{lead}-{base}" if base else lead


class _Names:
    """Identifiers handed out in one namespace, each once, none a keyword."""

    def __init__(self, taken: Iterable[str] = ()):
        self.taken = set(taken) | KEYWORDS

    def claim(self, names: Iterable[str], lead: str = "x") -> dict[str, str]:
        """An identifier for each of ``names``: those that are identifiers kept first, so that
        no other name takes theirs, then the rest, in order."""
        names = list(dict.fromkeys(names))
        out = {name: name for name in names if _IDENTIFIER.fullmatch(name) and name not in self.taken}
        self.taken.update(out)
        for name in names:
            if name not in out:
                out[name] = self.fresh(name, lead)
        return out

    def fresh(self, name: str, lead: str = "x") -> str:
        base = candidate = identifier(name, lead)
        k = 1
        while candidate in self.taken:
            k += 1
            candidate = f"{base}-{k}"
        self.taken.add(candidate)
        return candidate


def _written_size(formula: Formula) -> int:
    """The parts of ``formula`` as EPDDL writes it, counted without writing it and without recursion."""
    sizes: dict[Formula, int] = {}
    stack = [formula]
    while stack:
        f = stack[-1]
        if f in sizes:
            stack.pop()
            continue
        waiting = [g for g in f.operands() if g not in sizes]
        if waiting:
            stack.extend(waiting)
            continue
        stack.pop()
        inner = sum(sizes[g] for g in f.operands())
        sizes[f] = 1 + (2 * inner if isinstance(f, Iff) else inner)
    return sizes[formula]


class _Writer:
    """The names a task's files use, and its formulas written with them, noting the requirements they need."""

    def __init__(self, task: PlanningTask):
        self.task = task
        self.atoms = _Names().claim(sorted(_atoms_of(task)))
        # predicates and entities (agents, worlds, types, actions, events) are apart: an agent
        # may share an atom's name
        self.names = _Names()
        agents = sorted(task.initial.agents, key=lambda agent: agent.name)
        named = self.names.claim([agent.name for agent in agents], "agent")
        self.agents = {agent: named[agent.name] for agent in agents}
        self.actions: list[tuple[str, str]] = []
        self.requirements: dict[str, set[str]] = {"domain": set(), "problem": set()}

    def agent(self, agent: Agent) -> str:
        if agent not in self.agents:
            raise ModelError(f"a formula names {agent}, who is not an agent of {self.task.name}")
        return self.agents[agent]

    def group(self, group: frozenset[Agent], where: str) -> str:
        names = sorted(self.agent(agent) for agent in group)
        if len(names) == 1:
            return names[0]
        self.requirements[where].add(":group-modalities")
        return "(" + " ".join(names) + ")"

    def formula(self, formula: Formula, kind: str, where: str) -> str:
        """``formula`` in EPDDL, each part in parentheses; ``kind`` (``preconditions``,
        ``postconditions``, ``obs-conditions``, ``goals``) names the requirements it needs,
        declared in the file ``where``."""
        size = _written_size(formula)
        if size > MAX_WRITTEN:
            raise FormulaError(f"{quoted(formula)} written out has {size:,} parts, more than the "
                               f"{MAX_WRITTEN:,} a file holds")
        need = self.requirements[where]
        done: dict[Formula, str] = {}
        stack: list[tuple[Formula, bool]] = [(formula, False)]
        while stack:
            f, ready = stack.pop()
            if f in done:
                continue
            if not ready:
                if type(f) in _UNWRITABLE:
                    raise FormulaError(f"EPDDL has no {_UNWRITABLE[type(f)]}: {quoted(f)} cannot be written")
                stack.append((f, True))
                stack.extend((g, False) for g in f.operands() if g not in done)
                continue
            done[f] = self._one(f, done, kind, need, where)
        return done[formula]

    def _one(self, f: Formula, done: dict[Formula, str], kind: str, need: set[str], where: str) -> str:
        if isinstance(f, Atom):
            return f"({self.atoms[f.name]})"
        if isinstance(f, Top):
            return "(true)"
        if isinstance(f, Bottom):
            return "(false)"
        if isinstance(f, Not):
            need.add(f":negative-{kind}")
            return f"(not {done[f.arg]})"
        if isinstance(f, (And, Or)):
            word = "and" if isinstance(f, And) else "or"
            if word == "or":
                need.add(f":disjunctive-{kind}")
            # a run of one connective written flat: (and p q r)
            parts = [done[g][len(word) + 2:-1] if type(g) is type(f) else done[g] for g in (f.left, f.right)]
            return f"({word} {parts[0]} {parts[1]})"
        if isinstance(f, (Implies, Iff)):
            need.add(f":negative-{kind}")
            left, right = done[f.left], done[f.right]
            if isinstance(f, Implies):
                return f"(imply {left} {right})"
            return f"(and (imply {left} {right}) (imply {right} {left}))"
        need.add(f":modal-{kind}")
        if isinstance(f, (Knows, Believes)):
            return f"([{self.agent(f.agent)}] {done[f.arg]})"
        if isinstance(f, Possible):
            return f"(<{self.agent(f.agent)}> {done[f.arg]})"
        if isinstance(f, KnowsWhether):
            need.add(":knowing-whether")
            return f"([Kw. {self.agent(f.agent)}] {done[f.arg]})"
        if isinstance(f, (Everybody, EverybodyBelieves)):
            return f"([{self.group(f.group, where)}] {done[f.arg]})"
        assert isinstance(f, (Common, CommonBelief)), f   # the rest were refused before
        need.add(":common-knowledge")
        return f"([C. {self.group(f.group, where)}] {done[f.arg]})"


def _atoms_of(task: PlanningTask) -> set[str]:
    """Every atom the task speaks of: the facts of its worlds, those of its formulas and
    of its events' changes."""
    found: set[str] = set()
    model = task.initial
    for w in model.worlds:
        found.update(_atom_names(model.facts(w), f"world {w!r} of the initial state"))
    found.update(atoms(task.goal))
    for action in task.actions:
        for event in action.events:
            where = f"event {event.name!r} of {action.name}"
            if event.precondition is not None:     # an Action's preconditions are formulas
                found.update(atoms(cast(Formula, event.precondition)))
            found.update(_atom_names(event.adds | event.removes, where))
            for atom, formula in event.assign:
                found.add(atom)
                found.update(atoms(formula))
        for _, options in action.observers:
            for _, condition in options:
                found.update(atoms(condition))
    return found


def _atom_names(facts: Iterable[Hashable], where: str) -> list[str]:
    named = [fact for fact in facts if isinstance(fact, str)]
    if len(named) < len(list(facts)):
        other = next(fact for fact in facts if not isinstance(fact, str))
        raise ModelError(f"{where} holds {other!r}, which is not an atom's name: EPDDL labels worlds with atoms")
    return named


@attrs.frozen
class EpddlFiles:
    """A task in EPDDL: the texts of its three files, and which name became which.

    Attributes
    ----------
    domain, problem, library : str
        The texts; the domain names the library (``:action-type-libraries``).
    library_name : str
        The library's name, as the domain names it.
    actions, atoms, agents : tuple of (str, str)
        Each action's name in the task and its ground name in EPDDL (what
        a planner prints and ``plank validate -a`` takes); each atom and its
        predicate; each agent and its name.
    """

    domain: str
    problem: str
    library: str
    library_name: str
    actions: tuple[tuple[str, str], ...]
    atoms: tuple[tuple[str, str], ...]
    agents: tuple[tuple[str, str], ...]

    def plan(self, names: Iterable[str]) -> list[str]:
        """The ground EPDDL names of the task's actions called ``names``, in order.

        Raises
        ------
        ModelError
            For a name that is no action of the task.
        """
        ground = dict(self.actions)
        out = []
        for name in names:
            if name not in ground:
                raise ModelError(f"the task has no action named {name!r}")
            out.append(ground[name])
        return out


def _pairs(model: KripkeModel) -> int:
    """The pairs of worlds the agents' relations hold, counted without listing them."""
    import numpy as np
    total = 0
    for agent in model.agents:
        relation = model.relation_of(agent)
        if isinstance(relation, Partition):
            total += int((np.bincount(relation.block) ** 2).sum())
        else:
            total += len(relation.pairs()[0])
    return total


def _listed(items: list[str], indent: str) -> str:
    """A list EPDDL reads: one item as it is, several in ``(:and ...)``; an empty one ``()``."""
    if not items:
        return "()"
    if len(items) == 1:
        return items[0]
    return "(:and " + f"\n{indent}      ".join(_rows(items)) + ")"


def _rows(items: list[str], width: int = 80) -> list[str]:
    """``items`` joined by spaces, in rows of about ``width`` characters."""
    rows, row = [], ""
    for item in items:
        if row and len(row) + 1 + len(item) > width:
            rows.append(row)
            row = item
        else:
            row = f"{row} {item}" if row else item
    return rows + [row] if row else rows


def _comment(text: str) -> str:
    return " ".join(str(text).split())


def _events_text(w: _Writer, action: Action, events: dict[str, str]) -> list[str]:
    out = []
    for event in action.events:
        lines = [f"    (:event {events[event.name]}"]
        if isinstance(event.precondition, Formula) and not isinstance(event.precondition, Top):
            lines.append(f"        :precondition {w.formula(event.precondition, 'preconditions', 'domain')}")
        effects = _effects(w, event)
        if effects:
            w.requirements["domain"].add(":ontic-actions")
            lines.append(f"        :effects {_listed(effects, '        ')}")
        out.append("\n".join(lines) + ")")
    return out


def _effects(w: _Writer, event: Event) -> list[str]:
    """The event's postconditions: after it, an atom it assigns is true where its formula
    was, else one it adds is true and one it removes false (as the product update sets them)."""
    assigned = dict(event.assign)
    out = []
    changed = cast(set[str], set(assigned) | set(event.adds) | set(event.removes))   # atoms: checked before
    for atom in sorted(changed):
        name = w.atoms[atom]
        formula = assigned.get(atom)
        if isinstance(formula, Top) or (formula is None and atom in event.adds):
            out.append(f"({name})")
        elif isinstance(formula, Bottom) or formula is None:
            w.requirements["domain"].add(":negative-postconditions")
            out.append(f"(not ({name}))")
        else:
            w.requirements["domain"].add(":conditional-effects")
            out.append(f"(iff {w.formula(formula, 'postconditions', 'domain')} ({name}))")
    return out


def _observing(w: _Writer, action: Action, types: dict[str, str]) -> str:
    """Who observes ``action`` how: each agent's types in a chain ``if ... else-if ... else``.

    An agent takes the first of its types whose condition holds.  EPDDL gives a type
    once per agent, so a type listed twice takes the condition that it is the first to
    hold; the last type is the ``else`` (EPDDL takes a type in every state)."""
    written = []
    for agent, options in sorted(action.observers, key=lambda pair: w.agents[pair[0]]):
        name = w.agents[agent]
        kept: list[tuple[str, Formula]] = []
        for kind, condition in options:
            kept.append((kind, condition))
            if isinstance(condition, Top):
                break   # no later type is ever taken
        # the last type is taken where no other is (its own condition is not written); each
        # other, where one of its places is the first whose condition holds
        last = kept[-1][0]
        first: dict[str, Formula] = {}
        for n, (kind, condition) in enumerate(kept[:-1]):
            if kind == last:
                continue
            part = condition
            for _, earlier in kept[:n]:
                part = And(part, Not(earlier))
            first[kind] = Or(first[kind], part) if kind in first else part
        if not first:
            written.append(f"({name} {types[last]})")
            continue
        words = [f"{'if' if n == 0 else 'else-if'} {w.formula(condition, 'obs-conditions', 'domain')} {types[kind]}"
                 for n, (kind, condition) in enumerate(first.items())]
        written.append(f"({name} ({' '.join(words)} else {types[last]}))")
    return _listed(written, "            ")


def _shape(action: Action) -> tuple:
    """What an action type fixes: the events (by number), each type's relation, the designated ones."""
    position = {event.name: n for n, event in enumerate(action.events)}
    relations = tuple((kind, tuple(sorted((position[e], position[f]) for e, f in pairs)))
                      for kind, pairs in action.relations)
    return len(action.events), relations, tuple(sorted(position[e] for e in action.designated))


def to_epddl(task: PlanningTask) -> EpddlFiles:
    """``task`` as the three EPDDL files that hold it.

    Returns
    -------
    EpddlFiles

    Notes
    -----
    Every action takes one parameter, of a type with one object, ``now``:
    plank grounds an action once for each value of its parameters, and an
    action without parameters not at all.  Its ground name is thus
    ``name_now`` (:attr:`EpddlFiles.actions`).

    Each agent's observability types are one chain ``(if φ T1 else-if ψ T2
    ... else Tn)``, its last type the ``else``: where none of an agent's
    conditions holds, :func:`epistemic.planning.apply` refuses the action
    while EPDDL gives the agent its last type (give the last a condition
    ``top`` to leave no such state).  plank 1.0 grounds an ``else-if``
    under the negations of the conditions before it alone, without its own,
    and the ``else`` after one under a condition that never holds: it reads
    an agent of one or two types as written, one of three or more types
    under conditions not.

    An agent whose relation (in the initial state, or an observability
    type's among events) holds no pair is left out of the relations, and a
    world where no atom holds out of the labels, which is what EPDDL says
    of them: plank reads an empty list there wrongly.  For the same reason
    an action type says that its events have no conditions,
    ``:conditions ()``, and a task without atoms declares no predicates.

    Raises
    ------
    FormulaError
        For a formula EPDDL has not: distributed knowledge, a dynamic
        modality (``[!φ]``, ``[!φ]_G``, ``[?φ]_G``, ``[E, e]``); or one too
        large to write (:data:`MAX_WRITTEN`).
    ModelError
        For a world labelled with a fact that is no atom's name, a
        precondition given as a function, a formula naming an agent the
        task has not, or an initial state of more than :data:`MAX_PAIRS`
        pairs of worlds.
    """
    instance_of(task, PlanningTask, "to_epddl writes a PlanningTask", type_name=True, error=ModelError)
    model = task.initial
    pairs = _pairs(model)
    if pairs > MAX_PAIRS:
        raise ModelError(f"the initial state's relations hold {pairs:,} pairs of worlds, more than the "
                         f"{MAX_PAIRS:,} an EPDDL problem written here may list")
    w = _Writer(task)
    domain_name = w.names.fresh(task.name, "task")
    problem_name = w.names.fresh(f"{domain_name}-problem")
    library_name = w.names.fresh(f"{domain_name}-types")
    step, now = w.names.fresh("step"), w.names.fresh("now")
    names = _world_names(w.names, model)

    shapes: dict[tuple, str] = {}
    library_types, declared, rename = [], [], []
    for action in task.actions:
        # a name as long as an event model written out is no name to type: its number then
        action_name = w.names.fresh(action.name if len(identifier(action.name)) <= MAX_NAME else
                                    f"act-{len(w.actions) + 1}", "act")
        if action_name != action.name:
            rename.append(f"; action {action_name}_{now}: {_comment(action.name)}")
        events = {event.name: w.names.fresh(f"{action_name}-{event.name}", "e") for event in action.events}
        shape = _shape(action)
        if shape not in shapes:
            shapes[shape] = w.names.fresh(f"type-{len(shapes) + 1}")
            library_types.append(_action_type(w, shapes[shape], shape))
        types = {kind: identifier(f"obs-{kind}") for kind, _ in action.relations}
        types = dict(zip(types, _unique(list(types.values()))))
        declared.extend(_events_text(w, action, events))
        signature = " ".join(f"({events[event.name]})" for event in action.events)
        declared.append(f"    (:action {action_name}\n"
                        f"        :parameters (?s - {step})\n"
                        f"        :action-type ({shapes[shape]} {signature})\n"
                        f"        :observability-conditions {_observing(w, action, types)})")
        w.actions.append((action.name, f"{action_name}_{now}"))
    goal = w.formula(task.goal, "goals", "problem")

    for atom, name in sorted(w.atoms.items()):
        if atom != name:
            rename.append(f"; atom {name}: {atom}")
    for agent, name in sorted(w.agents.items()):
        if agent.name != name:
            rename.append(f"; agent {name}: {agent.name}")
    domain_requirements = sorted(w.requirements["domain"] | {":typing", ":partial-observability", ":lists"})
    # plank reads an empty list of predicates wrongly: with no atom, none is declared
    predicates = [f"    (:predicates {' '.join(f'({name})' for name in sorted(w.atoms.values()))})"] if w.atoms else []
    domain = "\n".join([
        f"; the planning task {_comment(task.name)}", *rename,
        f"(define (domain {domain_name})",
        f"    (:requirements {' '.join(domain_requirements)})",
        f"    (:action-type-libraries {library_name})",
        f"    (:types {step})",
        f"    (:constants {now} - {step})",
        *predicates,
        *declared]) + ")\n"

    problem = _problem(w, names, problem_name, domain_name, goal)

    library_requirements = {":partial-observability", ":lists", ":events-conditions"}
    if any(len(shape[2]) > 1 for shape in shapes):
        library_requirements.add(":multi-pointed-models")
    library = "\n".join([
        f"(define (action-type-library {library_name})",
        f"    (:requirements {' '.join(sorted(library_requirements))})",
        *library_types]) + ")\n"
    return EpddlFiles(domain, problem, library, library_name, tuple(w.actions),
                      tuple(sorted(w.atoms.items())), tuple((a.name, n) for a, n in sorted(w.agents.items())))


def _world_names(names: _Names, model: KripkeModel) -> list[str]:
    """An identifier for each world: its name where that is one (two worlds may print alike)."""
    texts = [str(world) for world in model.worlds]
    kept = {}
    for n, text in enumerate(texts):
        if _IDENTIFIER.fullmatch(text) and text not in names.taken:
            names.taken.add(text)
            kept[n] = text
    return [kept[n] if n in kept else names.fresh(text, "w") for n, text in enumerate(texts)]


def _problem(w: _Writer, names: list[str], problem_name: str, domain_name: str, goal: str) -> str:
    """The problem: the agents, the initial state written out, and the goal."""
    model = w.task.initial
    labels = []
    for world, name in zip(model.worlds, names):
        true = sorted(f"({w.atoms[cast(str, fact)]})" for fact in model.facts(world))   # atoms: checked before
        if true:
            labels.append(f"{name} {_listed(true, '                ' + ' ' * len(name))}")
    relations = []
    for agent, agent_name in sorted(w.agents.items(), key=lambda pair: pair[1]):
        rows, cols = model.relation_of(agent).pairs()
        listed = [f"({names[r]} {names[c]})" for r, c in zip(rows.tolist(), cols.tolist())]
        if not listed:
            continue   # plank reads an empty list of pairs wrongly; an agent left out has none
        relations.append(f"{agent_name} {_listed(listed, '                    ' + ' ' * len(agent_name))}")
    designated = sorted((model.index(world) for world in model.actual))
    problem_requirements = set(w.requirements["problem"]) | {":lists"}
    if len(designated) > 1:
        problem_requirements.add(":multi-pointed-models")
    return "\n".join([
        f"(define (problem {problem_name})",
        f"    (:domain {domain_name})",
        f"    (:requirements {' '.join(sorted(problem_requirements))})",
        f"    (:agents {' '.join(sorted(w.agents.values()))})",
        "    (:init",
        f"        :worlds ({' '.join(names)})",
        "        :relations (" + "\n                    ".join(relations) + ")",
        "        :labels (" + "\n                 ".join(labels) + ")",
        f"        :designated ({' '.join(names[n] for n in designated)}))",
        f"    (:goal {goal}))"]) + "\n"


def _unique(names: list[str]) -> list[str]:
    """``names`` with each repeat numbered."""
    apart = _Names()
    return [apart.fresh(name) for name in names]


def _action_type(w: _Writer, name: str, shape: tuple) -> str:
    count, relations, designated = shape
    events = [f"?e{n}" for n in range(count)]
    kinds = _unique([identifier(f"obs-{kind}") for kind, _ in relations])
    written = []
    for kind, (_, pairs) in zip(kinds, relations):
        listed = [f"({events[e]} {events[f]})" for e, f in pairs]
        if not listed:
            continue   # as in the initial state: a type left out relates no events
        written.append(f"{kind} {_listed(listed, '                    ' + ' ' * len(kind))}")
    return "\n".join([
        f"    (:action-type {name}",
        f"        :events ({' '.join(events)})",
        f"        :observability-types ({' '.join(kinds)})",
        "        :relations (" + "\n                    ".join(written) + ")",
        f"        :designated ({' '.join(events[n] for n in designated)})",
        # plank reads an action type without its conditions wrongly: none, said as such
        "        :conditions ())"])


def write_epddl(task: PlanningTask, domain_path: str | os.PathLike, problem_path: str | os.PathLike,
                library_path: str | os.PathLike | None = None) -> EpddlFiles:
    """Write ``task`` as EPDDL (:func:`to_epddl`): the domain, the problem and the library
    of action types, all or none.

    Parameters
    ----------
    task : PlanningTask
    domain_path, problem_path : path
    library_path : path, optional
        Where the library goes; by default beside the domain, its name ending in
        ``-types.epddl`` (``coin.epddl``: ``coin-types.epddl``).

    Returns
    -------
    EpddlFiles
        What was written, and the names of the actions to give a planner.

    Raises
    ------
    DestinationError
        For a destination that is not a regular file (a folder, a pipe, a
        device), a folder that does not exist or cannot be written, or two
        destinations that name one file; nothing is written.
    FormulaError, ModelError
        As :func:`to_epddl`, before anything is written.
    """
    domain_path = os.fspath(domain_path)
    if library_path is None:
        stem = domain_path[:-len(".epddl")] if domain_path.endswith(".epddl") else domain_path
        library_path = f"{stem}-types.epddl"
    files = to_epddl(task)
    write_files([(domain_path, files.domain.encode("utf-8")), (problem_path, files.problem.encode("utf-8")),
                 (library_path, files.library.encode("utf-8"))])
    return files
