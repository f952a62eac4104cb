"""What an explanation asks of a knowledge structure, answered on diagrams.

An explanation of a verdict (:func:`epistemic.explain_verdict`) walks down a
formula at one world and names witnesses: a world the agent cannot rule
out where the formula fails, the way common knowledge is broken.  On a
structure of 2**40 states nothing is listed: the states an agent considers
possible are a diagram, counted exactly, and a witness is picked from it.

Examples
--------
>>> from epistemic import Agent, parse_formula
>>> from epistemic.symbolic import KnowledgeStructure
>>> a, b = Agent("a"), Agent("b")
>>> s = KnowledgeStructure.build(["p", "q"], parse_formula("top"), {a: ["p"], b: ["q"]}, actual=[{"p", "q"}])
>>> view = StructureView(s)
>>> state = s.actual[0]
>>> seen = view.seen([a], state)
>>> seen.count, [s.name(t) for t in seen.first(5)]
(2, ['{p}', '{p, q}'])
>>> s.name(seen.find(view.truth(parse_formula("q")), False))
'{p}'
"""

from __future__ import annotations

from collections.abc import Sequence

from ..agents import Agent
from ..events import EventModel
from ..formulas import Formula
from .bdds import prime
from .checking import truth
from .structure import KnowledgeStructure, State
from .updates import after_announcement, transform

__all__ = ["StructureView", "Seen"]


class Seen:
    """A set of states given by a diagram: counted, listed in part, searched."""

    def __init__(self, structure: KnowledgeStructure, u):
        self.structure, self.u = structure, u

    @property
    def count(self) -> int:
        return self.structure.count(self.u)

    def first(self, k: int) -> list[State]:
        """At most ``k`` of the states, in the order :meth:`KnowledgeStructure.state_names` uses."""
        return _ordered(self.structure, self.structure.states(self.u, limit=k))

    def find(self, where, value: bool) -> State | None:
        """A state of the set where the diagram ``where`` has ``value``, or ``None``."""
        found = self.structure.states(self.u & (where if value else ~where), limit=1)
        return found[0] if found else None


def _ordered(structure: KnowledgeStructure, states: list[State]) -> list[State]:
    order = {v: i for i, v in enumerate(structure.variables)}
    return sorted(states, key=lambda s: sorted((order[v] for v in s), reverse=True))


class StructureView:
    """A knowledge structure as an explanation sees it."""

    def __init__(self, structure: KnowledgeStructure):
        self.structure = structure

    def truth(self, formula: Formula):
        return truth(self.structure, formula)

    def value(self, formula: Formula, state: State) -> bool:
        return self.structure.value(truth(self.structure, formula), state)

    def name(self, state: State) -> str:
        return str(self.structure.name(state))

    def seen(self, agents: Sequence[Agent], state: State) -> Seen:
        """The states all of ``agents`` together consider possible at ``state``."""
        return Seen(self.structure, self._image(agents, self._cube(state)))

    def _cube(self, state: State):
        s = self.structure
        return s.manager.cube({v: v in state for v in s.variables})

    def _image(self, agents: Sequence[Agent], u):
        """The states some state of ``u`` leads to by the agents' pooled accessibility."""
        s, m = self.structure, self.structure.manager
        if all(a in s.observables for a in agents):
            seen = frozenset().union(*(s.observables[a] for a in agents))
            return m.exist([v for v in s.variables if v not in seen], u) & s.law
        relation = m.true
        for a in agents:
            relation &= s.relation_bdd(a)
        reached = m.exist(s.variables, u & relation)
        return m.let({prime(v): v for v in s.variables}, reached) & s.law

    def _before(self, agent: Agent, state: State):
        """The states from which ``agent`` considers ``state`` possible."""
        s, m = self.structure, self.structure.manager
        if agent in s.observables:
            return m.cube({v: v in state for v in s.observables[agent]}) & s.law
        relation = s.relation_bdd(agent)
        return m.let({prime(v): v in state for v in s.variables}, relation) & s.law

    def reach(self, agents: Sequence[Agent], state: State, where) -> tuple[list | None, Seen]:
        """Breadth first from ``state`` over the agents' steps, one or more:
        the shortest path ``[(state, agent, state), ...]`` to a state outside
        the diagram ``where``, or ``None``; and the states reached."""
        m = self.structure.manager
        layers, frontier, reached = [self._cube(state)], self._cube(state), m.false
        while True:
            step = m.false
            for a in agents:
                step |= self._image([a], frontier)
            new = step & ~reached
            if new == m.false:
                return None, Seen(self.structure, reached)
            reached |= new
            bad = new & ~where
            if bad != m.false:
                return self._path(agents, layers, bad), Seen(self.structure, reached)
            layers.append(new)
            frontier = new

    def _path(self, agents: Sequence[Agent], layers: list, bad) -> list:
        s = self.structure
        (target,) = s.states(bad, limit=1)
        path = []
        for layer in reversed(layers):
            for a in agents:
                found = s.states(layer & self._before(a, target), limit=1)
                if found:
                    path.append((found[0], a, target))
                    target = found[0]
                    break
        return list(reversed(path))

    def announced(self, formula: Formula) -> StructureView:
        return StructureView(after_announcement(self.structure, formula, truth(self.structure, formula)))

    def after(self, events: EventModel, state: State, event: str) -> tuple[StructureView, State] | None:
        """The structure after ``events``, and the state ``(state, event)``; ``None``
        where ``event`` cannot happen at ``state``."""
        update = transform(self.structure, events, truth)
        if not self.structure.value(update.possible(event), state):
            return None
        return StructureView(update.after), update.successor(state, event)
