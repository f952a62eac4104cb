"""A task whose equal subformulas are one object, so that the checker's caches find them at once.

The model checker keeps the truth of each subformula in the model's cache,
keyed by the formula.  A task read from a file makes a new object for each
occurrence of a subformula (``looking_a`` in every precondition that names
it), and a cache lookup with an equal but distinct formula compares the two
node by node; a search looks up thousands of them in every state.  Made of
one object per distinct subformula, the same lookup is settled by identity.
The task means exactly what it meant.

Examples
--------
>>> from epistemic import Agent, Atom, KripkeModel, parse_formula
>>> from epistemic.planning import PlanningTask
>>> from epistemic.planning.examples import public_action
>>> a = Agent("a")
>>> task = PlanningTask("t", KripkeModel.initial([a], {"p"}),
...                     [public_action("say", [a], parse_formula("p & q"))], parse_formula("q | p"))
>>> same = shared(task)
>>> same.goal == task.goal
True
>>> same.goal.right is same.actions[0].events[0].precondition.left
True
"""

from __future__ import annotations

from typing import cast

import attrs

from ..events import Event
from ..formulas import Formula
from ..formulas import shared as shared_formula
from .action import Action
from .task import PlanningTask

__all__ = ["shared", "Sharing"]


class Sharing:
    """Formulas made again from one object per distinct subformula (:func:`epistemic.formulas.shared`)."""

    def __init__(self):
        self._one: dict[Formula, Formula] = {}      # each distinct formula met, as its one object

    def formula(self, formula: Formula) -> Formula:
        """``formula`` made of the shared objects."""
        return shared_formula(formula, self._one)

    def event(self, event: Event) -> Event:
        # an Action's preconditions are formulas or None
        precondition = None if event.precondition is None else self.formula(cast(Formula, event.precondition))
        return attrs.evolve(event, precondition=precondition,
                            assign={atom: self.formula(f) for atom, f in event.assign})

    def action(self, action: Action) -> Action:
        return attrs.evolve(action, events=[self.event(e) for e in action.events],
                            observers=[(agent, [(kind, self.formula(condition)) for kind, condition in options])
                                       for agent, options in action.observers])


def shared(task: PlanningTask) -> PlanningTask:
    """``task`` with one object per distinct subformula of its preconditions,
    postconditions, observability conditions and goal."""
    sharing = Sharing()
    return PlanningTask(task.name, task.initial, [sharing.action(a) for a in task.actions], sharing.formula(task.goal))
