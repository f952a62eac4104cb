"""A planning task: where the agents start, what can be done, and what is wanted.

Examples
--------
>>> from epistemic import Agent, Atom, KripkeModel
>>> a = Agent("a")
>>> task = PlanningTask("nothing to do", KripkeModel.initial([a], {"p"}), (), Atom("p"))
>>> task.action("wave")
Traceback (most recent call last):
...
epistemic.errors.ModelError: nothing to do has no action named 'wave'
"""

from __future__ import annotations

from collections.abc import Iterable

import attrs

from ..errors import ModelError
from ..formulas import Formula
from ..kripke import KripkeModel
from .action import Action

__all__ = ["PlanningTask"]


def _actions(value: Iterable[Action]) -> tuple[Action, ...]:
    return tuple(value)


@attrs.frozen(eq=False)
class PlanningTask:
    """An initial state, the ground actions, and a goal formula.

    Parameters
    ----------
    name : str
    initial : KripkeModel
        The initial state, its designated worlds being the actual ones.
    actions : tuple of Action
        Distinct names; each action's observers are the state's agents.
    goal : Formula
        Reached in a state that satisfies it at every designated world.
    """

    name: str
    initial: KripkeModel
    actions: tuple[Action, ...] = attrs.field(converter=_actions)
    goal: Formula

    def __attrs_post_init__(self):
        if not isinstance(self.initial, KripkeModel):
            raise ModelError(f"{self.name}: the initial state is a KripkeModel")
        if not self.initial.actual:
            raise ModelError(f"{self.name}: the initial state has no designated world")
        if not isinstance(self.goal, Formula):
            raise ModelError(f"{self.name}: the goal is a formula")
        names = set()
        for action in self.actions:
            if not isinstance(action, Action):
                raise ModelError(f"{self.name}: actions are Actions, got {action!r}")
            if action.name in names:
                raise ModelError(f"{self.name}: two actions are named {action.name!r}")
            if action.agents != self.initial.agents:
                raise ModelError(f"{self.name}: the observers of {action.name} are not the agents of the state")
            names.add(action.name)

    def action(self, name: str) -> Action:
        """The action called ``name``."""
        for action in self.actions:
            if action.name == name:
                return action
        raise ModelError(f"{self.name} has no action named {name!r}")
