"""What an explanation asks of a model, answered on a listed Kripke model.

:func:`epistemic.explain_verdict` walks down a formula at one world and
names witnesses: a world an agent cannot rule out where the formula
fails, the way common knowledge is broken, the world an event leads to.
It asks these questions of a *view*; :class:`ModelView` answers them on a
:class:`~epistemic.KripkeModel`, and
:class:`epistemic.symbolic.views.StructureView` on the diagrams of a
knowledge structure, where nothing is listed.  Both answer in the same
words, so an explanation reads the same on either engine.

Examples
--------
>>> from epistemic import Agent, KripkeModel, parse_formula
>>> a = Agent("a")
>>> m = KripkeModel.from_relations([a], {"x": {"p"}, "y": {"p"}, "z": set()},
...                                {a: [("x", "y"), ("y", "z"), ("x", "z")]}, "x", reflexive=True, symmetric=True)
>>> seen = ModelView(m).seen([a], "x")
>>> seen.count, seen.first(2), seen.find(parse_formula("p"), False)
(3, ['x', 'y'], 'z')
"""

from __future__ import annotations

from collections.abc import Callable, Hashable, Sequence

from .agents import Agent
from .checking import after_announcement, group_relation, keep_subformula_truths, truth_array, updated
from .events import EventModel
from .formulas import Formula
from .kripke import KripkeModel

__all__ = ["ModelView", "Worlds", "Step", "world_text"]

#: One step of a path: from a world, the agent whose link it is, to a world.
Step = tuple[Hashable, str, Hashable]


def world_text(name: Hashable) -> str:
    """A world's name as an explanation writes it; a world made by an event
    model is the pair of the world before and the event.

    Examples
    --------
    >>> world_text((("w", "told"), "skip"))
    '((w, told), skip)'
    """
    if isinstance(name, tuple) and len(name) == 2:
        return f"({world_text(name[0])}, {name[1]})"
    return str(name)


class Worlds:
    """Some worlds of a Kripke model, in the model's order: counted, listed
    in part, searched."""

    def __init__(self, model: KripkeModel, indices: Sequence[int]):
        self.model, self.indices = model, list(indices)

    @property
    def count(self) -> int:
        return len(self.indices)

    def first(self, k: int) -> list:
        """At most ``k`` of the worlds, the first in the model's order."""
        return [self.model.worlds[i] for i in self.indices[:k]]

    def find(self, formula: Formula, value: bool):
        """The first of the worlds where ``formula`` has ``value``, or ``None``."""
        truth = truth_array(self.model, formula)
        return next((self.model.worlds[i] for i in self.indices if bool(truth[i]) == value), None)


class ModelView:
    """A Kripke model as an explanation sees it."""

    def __init__(self, model: KripkeModel, naming: Callable[[Hashable], Hashable] | None = None):
        # a world of a product update is a number; its name is the pair it came from
        self.model, self.naming = model, naming if naming is not None else _itself

    @property
    def agents(self) -> frozenset[Agent]:
        return self.model.agents

    @property
    def actual(self) -> list:
        return list(self.model.actual)

    def check(self, formula: Formula) -> None:
        """Raise what checking ``formula`` raises (an unknown agent, knowledge refused)."""
        truth_array(self.model, formula)

    def check_world(self, world) -> None:
        """Raise :class:`~epistemic.ModelError` unless ``world`` is a world of the model."""
        self.model.index(world)

    def value(self, formula: Formula, world) -> bool:
        if ("truth", formula) not in self.model.cache:   # read one by one, each subformula is worked out once
            keep_subformula_truths(self.model, formula)
        return bool(truth_array(self.model, formula)[self.model.index(world)])

    def name(self, world) -> str:
        return world_text(self.naming(world))

    def seen(self, agents: Sequence[Agent], world) -> Worlds:
        """The worlds all of ``agents`` together consider possible at ``world``."""
        relation = (self.model.relation_of(agents[0]) if len(agents) == 1
                    else group_relation(self.model, agents))
        return Worlds(self.model, relation.successors(self.model.index(world)).tolist())

    def reach(self, agents: Sequence[Agent], world, formula: Formula) -> tuple[list[Step] | None, Worlds]:
        """Breadth first from ``world`` over the agents' links, one or more
        steps: the shortest path to a world where ``formula`` is false, or
        ``None``; and the worlds reached on the way."""
        m, truth = self.model, truth_array(self.model, formula)
        start = m.index(world)
        parent: dict[int, tuple[int, str]] = {}
        frontier, reached = [start], set()
        while frontier:
            nxt = []
            for x in frontier:
                for a in agents:
                    for y in m.relation_of(a).successors(x).tolist():
                        if y in reached:
                            continue
                        reached.add(y)
                        parent[y] = (x, a.name)
                        if not truth[y]:
                            return self._path(parent, start, y), Worlds(m, sorted(reached))
                        nxt.append(y)
            frontier = nxt
        return None, Worlds(m, sorted(reached))

    def _path(self, parent: dict[int, tuple[int, str]], start: int, end: int) -> list[Step]:
        steps, y = [], end
        while True:
            x, name = parent[y]
            steps.append((self.model.worlds[x], name, self.model.worlds[y]))
            if x == start:
                return steps[::-1]
            y = x

    def announced(self, formula: Formula) -> ModelView:
        """The view after ``formula`` is announced publicly; worlds keep their names."""
        return ModelView(after_announcement(self.model, formula), self.naming)

    def after(self, events: EventModel, world, event: str) -> tuple[ModelView, Hashable] | None:
        """The view after ``events`` and the world ``(world, event)`` there;
        ``None`` where ``event`` cannot happen at ``world``."""
        after, new = updated(self.model, events)
        column = [e.name for e in events.events].index(event)
        j = int(new[self.model.index(world), column])
        if j < 0:
            return None

        def naming(v: Hashable) -> Hashable:
            pair = after.origin(v)
            if pair is None:  # pragma: no cover - every world of a product has its pair
                return v
            return (self.naming(pair[0]), pair[1])

        return ModelView(after, naming), after.worlds[j]


def _itself(world: Hashable) -> Hashable:
    return world
