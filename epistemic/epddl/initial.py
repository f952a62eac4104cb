"""Initial states: an explicit Kripke model, or the S5 model a finitary S5 theory describes.

An explicit state names its worlds, each agent's pairs of worlds (an agent
given no pairs considers no world possible), each world's true facts and
the designated worlds.

A finitary S5 theory holds formulas of four forms, each propositional:
``φ`` (true at the designated worlds), ``[C. All] φ`` (true at every
world), ``[C. All] ([i] φ)`` (the same, in S5), ``[C. All] ([Kw. i] φ)``
(agent ``i`` tells worlds apart by ``φ``) and ``[C. All] (<Kw. i> φ)``
(``i`` does not know whether ``φ``, which the model gives every agent about
every formula no ``Kw.`` formula settles; a theory whose ``Kw.`` formulas
settle it is refused).  Its model has one world for
each valuation of the task's atoms that satisfies every ``[C. All]``
formula; an agent considers two worlds alike when they agree on each of
the agent's ``Kw.`` formulas; the designated worlds are those where every
``φ`` holds.  The satisfying valuations of the atoms the common formulas
mention are found on a binary decision diagram; the atoms they do not
mention take every value.

Examples
--------
>>> from epistemic.epddl import parse_epddl
>>> from epistemic.epddl.task import build_task
>>> lamp = parse_epddl("(define (domain lamp) (:predicates (on) (powered)))", "lamp.epddl")
>>> dark = parse_epddl('''(define (problem dark) (:domain lamp)
...   (:requirements :finitary-S5-theories :lists)
...   (:agents a b)
...   (:init (:and (powered) ([C. All] ([Kw. a] (powered)))))
...   (:goal (on)))''', "dark.epddl")
>>> model = build_task(lamp, dark, []).initial
>>> [sorted(model.facts(w)) for w in model.worlds], sorted(model.actual)
([[], ['powered'], ['on'], ['on', 'powered']], ['w1', 'w3'])
>>> from epistemic import Agent
>>> model.partition(Agent("a")), model.partition(Agent("b"))
([['w0', 'w2'], ['w1', 'w3']], [['w0', 'w1', 'w2', 'w3']])
"""

from __future__ import annotations

import itertools
from collections.abc import Hashable

from ..checking import truth_array
from ..formulas import And, Atom, Bottom, Formula, Implies, Not, Or, Top, atoms
from ..kripke import KripkeModel
from ..relations import Partition
from .context import Scope, conjoin
from .lexer import fault
from .syntax import ExplicitInit, TheoryInit, TheoryItem

__all__ = ["initial_state", "MAX_WORLDS"]

#: The most worlds an initial state may have, checked before any is made.
MAX_WORLDS = 2**20


def initial_state(scope: Scope, init: ExplicitInit | TheoryInit) -> KripkeModel:
    """The initial state ``init`` describes."""
    if isinstance(init, ExplicitInit):
        return _explicit(scope, init)
    return _theory(scope, init)


def _explicit(scope: Scope, init: ExplicitInit) -> KripkeModel:
    worlds: dict[str, set[str]] = {}
    for w in init.worlds:
        if w.text in worlds:
            raise fault(w, f"the world {w.text} is declared twice")
        worlds[w.text] = set()
    scope.world_names = tuple(worlds)
    bindings: dict[str, str] = {}
    relations: dict = {agent: [] for agent in scope.agent.values()}
    for agent_token, pairs in init.relations:
        agent = scope.agent[scope.agent_name(agent_token, bindings)]
        for pair, inner in scope.expand(pairs, bindings):
            if len(pair) != 2:
                raise fault(pair[0] if pair else agent_token, "expected a pair of worlds (w v)")
            ends = []
            for token in pair:
                name = inner.get(token.text) if token.kind == "variable" else token.text
                if name not in worlds:
                    raise fault(token, f"{token.text} is not a world of the initial state")
                ends.append(name)
            relations[agent].append(tuple(ends))
    labelled = set()
    for world, label in init.labels:
        if world.text not in worlds:
            raise fault(world, f"{world.text} is not a world of the initial state")
        if world.text in labelled:
            raise fault(world, f"the world {world.text} is labelled twice")
        labelled.add(world.text)
        for pred, inner in scope.expand(label, bindings):
            value = scope.atom(pred, inner)
            if not isinstance(value, Atom):
                raise fault(pred.name, f"{pred.name.text} is a static fact: give it in :facts-init")
            worlds[world.text].add(value.name)
    designated = []
    for w in init.designated:
        if w.text not in worlds:
            raise fault(w, f"{w.text} is not a world of the initial state")
        designated.append(w.text)
    labels: dict[Hashable, set[str]] = {w: facts for w, facts in worlds.items()}
    return KripkeModel.from_relations(scope.agent.values(), labels, relations, designated)


def _theory(scope: Scope, init: TheoryInit) -> KripkeModel:
    facts: list[Formula] = []
    common: list[Formula] = []
    whether: dict[str, list[Formula]] = {a: [] for a in scope.agents}
    ignorant: list[tuple[TheoryItem, str, Formula]] = []
    for item, inner in scope.expand(init.items, {}):
        formula = scope.formula(item.formula, inner)
        if item.kind == "fact":
            facts.append(formula)
        elif item.kind in ("common", "common-knows"):
            common.append(formula)
            if item.kind == "common-knows":
                scope.agent_name(item.agent, inner)
        elif item.kind == "common-whether":
            whether[scope.agent_name(item.agent, inner)].append(formula)
        else:
            ignorant.append((item, scope.agent_name(item.agent, inner), formula))
    law = conjoin(common)
    mentioned = sorted(atoms(law))
    free = [a for a in scope.ground_atoms() if a not in set(mentioned)]
    valuations = _models(law, mentioned, init, 2 ** len(free))
    names: list[str] = []
    labels: list[set[str]] = []
    for valuation in valuations:
        base = {a for a, v in valuation.items() if v}
        for values in itertools.product((False, True), repeat=len(free)):
            labels.append(base | {a for a, v in zip(free, values) if v})
            names.append(f"w{len(names)}")
    if not names:
        raise fault(init.at, "the theory's [C. All] formulas hold in no world")
    everyone = Partition([0] * len(names))
    draft = KripkeModel(names, labels, {agent: everyone for agent in scope.agent.values()}, names)
    actual = _truth(draft, conjoin(facts))
    if not actual.any():
        raise fault(init.at, "the theory's facts hold in no world its [C. All] formulas allow")
    relations = {}
    for agent, formulas in whether.items():
        blocks: dict[tuple, int] = {}
        columns = [_truth(draft, f) for f in formulas]
        relations[scope.agent[agent]] = Partition(
            [blocks.setdefault(tuple(bool(c[w]) for c in columns), len(blocks)) for w in range(len(names))])
    for item, agent, formula in ignorant:
        # the model leaves an agent ignorant of all its Kw. formulas do not settle; refuse a theory
        # whose Kw. formulas settle what it says the agent does not know
        truth = _truth(draft, formula)
        block = relations[scope.agent[agent]].block
        settled = {int(b) for b in block[truth]} ^ {int(b) for b in block[~truth]}
        if settled:
            raise fault(item.at, f"the theory's [C. All] ([Kw. {agent}] ...) formulas settle what it says "
                                 f"{agent} does not know")
    return KripkeModel(names, labels, relations, [names[w] for w in range(len(names)) if actual[w]])


def _truth(model: KripkeModel, formula: Formula):
    return truth_array(model, formula, contract=False)


def _models(law: Formula, mentioned: list[str], init: TheoryInit, spread: int) -> list[dict[str, bool]]:
    """The valuations of ``mentioned`` that satisfy ``law``, counted before they are listed."""
    from dd import autoref
    bdd = autoref.BDD()
    if mentioned:
        bdd.declare(*mentioned)
    values: list = []
    stack: list = [(law, False)]
    while stack:
        item, ready = stack.pop()
        if isinstance(item, Top):
            values.append(bdd.true)
        elif isinstance(item, Bottom):
            values.append(bdd.false)
        elif isinstance(item, Atom):
            values.append(bdd.var(item.name))
        elif not ready:
            if not isinstance(item, (Not, And, Or, Implies)):
                raise fault(init.at, "a finitary S5 theory's formulas are propositional")
            stack.append((item, True))
            stack.extend((operand, False) for operand in reversed(item.operands()))
        elif isinstance(item, Not):
            values[-1] = ~values[-1]
        else:
            right = values.pop()
            left = values.pop()
            values.append(left & right if isinstance(item, And) else left | right if isinstance(item, Or)
                          else ~left | right)
    (root,) = values
    count = int(bdd.count(root, nvars=len(mentioned))) if mentioned else int(root == bdd.true)
    if count * spread > MAX_WORLDS:
        raise fault(init.at, f"the theory describes {count * spread:,} worlds, more than {MAX_WORLDS:,}")
    if not mentioned:
        return [{}] if count else []
    return [dict(m) for m in bdd.pick_iter(root, care_vars=set(mentioned))]
