"""What an explanation asks of a knowledge structure, answered on diagrams.

:func:`epistemic.explain_verdict` names witnesses: a state an agent cannot
rule out where a formula fails, the way common knowledge is broken.  On a
structure of 2**40 states nothing is listed: the states an agent considers
possible are a diagram, counted exactly, and a witness is picked from it;
common knowledge is followed layer by layer, by images of diagrams, and
the path back to the start is found by preimages.  The questions are
those :class:`epistemic.views.ModelView` answers on a listed model.

Examples
--------
>>> from epistemic import Agent, parse_formula
>>> from epistemic.symbolic import KnowledgeStructure
>>> a, b = Agent("a"), Agent("b")
>>> s = KnowledgeStructure.build(["p", "q"], parse_formula("top"), {a: ["p"], b: ["q"]}, actual=[{"p", "q"}])
>>> view = StructureView(s)
>>> seen = view.seen([a], s.actual[0])
>>> seen.count, sorted(view.name(t) for t in seen.first(5))
(2, ['{p, q}', '{p}'])
>>> view.name(seen.find(parse_formula("q"), False))
'{p}'
"""

from __future__ import annotations

from collections.abc import Hashable, Sequence

from ..agents import Agent
from ..errors import ModelError
from ..events import EventModel
from ..formulas import Formula
from ..views import world_text
from .bdds import prime
from .checking import truth
from .structure import KnowledgeStructure, State
from .updates import after_announcement, transform

__all__ = ["StructureView", "States"]

#: One step of a path: from a state, the agent whose link it is, to a state.
Step = tuple[State, str, State]


class States:
    """A set of states given by a diagram: counted, listed in part, searched."""

    def __init__(self, structure: KnowledgeStructure, u):
        self.structure, self.u = structure, u

    @property
    def count(self) -> int:
        return self.structure.count(self.u)

    def first(self, k: int) -> list[State]:
        """At most ``k`` of the states, in the order the structure lists them."""
        return self.structure.ordered(self.u, limit=k)

    def find(self, formula: Formula, value: bool) -> State | None:
        """A state of the set where ``formula`` has ``value``, or ``None``."""
        where = truth(self.structure, formula)
        found = self.structure.ordered(self.u & (where if value else ~where), limit=1)
        return found[0] if found else None


class StructureView:
    """A knowledge structure as an explanation sees it."""

    def __init__(self, structure: KnowledgeStructure):
        self.structure = structure

    @property
    def agents(self) -> frozenset[Agent]:
        return self.structure.agents

    @property
    def actual(self) -> list[State]:
        return list(self.structure.actual)

    def check(self, formula: Formula) -> None:
        """Raise what checking ``formula`` raises (an unknown agent, knowledge refused)."""
        truth(self.structure, formula)

    def check_world(self, state) -> None:
        """Raise :class:`~epistemic.ModelError` unless ``state`` is a state of the structure."""
        if not (isinstance(state, frozenset) and self.structure.is_state(state)):   # is_state reads its variables
            raise ModelError(f"{state!r} is not a state of the structure")

    def value(self, formula: Formula, state: State) -> bool:
        return self.structure.value(truth(self.structure, formula), state)

    def name(self, state: State) -> str:
        return world_text(self.structure.name(state))

    def seen(self, agents: Sequence[Agent], state: State) -> States:
        """The states all of ``agents`` together consider possible at ``state``."""
        return States(self.structure, self._image(agents, self._cube(state)))

    def _cube(self, state: State):
        s = self.structure
        return s.manager.cube({v: v in state for v in s.variables})

    def _image(self, agents: Sequence[Agent], u):
        """The states some state of ``u`` leads to by the agents' pooled accessibility."""
        s, m = self.structure, self.structure.manager
        if all(a in s.observables for a in agents):
            observed = frozenset().union(*(s.observables[a] for a in agents))
            return m.exist([v for v in s.variables if v not in observed], u) & s.law
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
        return m.let({prime(v): v in state for v in s.variables}, s.relation_bdd(agent)) & s.law

    def reach(self, agents: Sequence[Agent], state: State, formula: Formula) -> tuple[list[Step] | None, States]:
        """Breadth first from ``state`` over the agents' links, one or more
        steps, a layer of states at a time: the shortest path to a state
        where ``formula`` is false, or ``None``; and the states reached."""
        m, where = self.structure.manager, truth(self.structure, formula)
        layers, frontier, reached = [self._cube(state)], self._cube(state), m.false
        while True:
            step = m.false
            for a in agents:
                step |= self._image([a], frontier)
            new = step & ~reached
            if new == m.false:
                return None, States(self.structure, reached)
            reached |= new
            bad = new & ~where
            if bad != m.false:
                return self._path(agents, layers, bad), States(self.structure, reached)
            layers.append(new)
            frontier = new

    def _path(self, agents: Sequence[Agent], layers: list, bad) -> list[Step]:
        """Back from a state of ``bad`` through the layers, one step each, to the start."""
        s = self.structure
        (target,) = s.ordered(bad, limit=1)
        path = []
        for layer in reversed(layers):
            for a in agents:
                found = s.ordered(layer & self._before(a, target), limit=1)
                if found:
                    path.append((found[0], a.name, target))
                    target = found[0]
                    break
        return path[::-1]

    def announced(self, formula: Formula) -> StructureView:
        """The view after ``formula`` is announced publicly; states stay as they were."""
        return StructureView(after_announcement(self.structure, formula, truth(self.structure, formula)))

    def after(self, events: EventModel, state: State, event: str) -> tuple[StructureView, Hashable] | None:
        """The view after ``events`` and the state ``(state, event)`` there;
        ``None`` where ``event`` cannot happen at ``state``."""
        update = transform(self.structure, events, truth)
        if not self.structure.value(update.possible(event), state):
            return None
        return StructureView(update.after), update.successor(state, event)
