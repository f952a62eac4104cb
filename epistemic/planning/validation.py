"""Checking a plan: each step applicable or why not, and whether the goal holds at the end, and why.

:func:`validate` applies a plan's actions one by one to the task's initial
state, as the search does (each state contracted).  A step is refused
where some designated world has no designated event whose precondition
holds there; the check then names such worlds and gives, for each
designated event, the model checker's reasons its precondition fails
there (:func:`~epistemic.explain_verdict`).  After the last step, it says
whether the goal holds at every designated world, with the reasons.

Examples
--------
>>> from epistemic.planning.examples import secret
>>> check = validate(secret(), ["tell_p", "tell_not_p"])
>>> check.valid, check.refused.number
(False, 2)
>>> print(check.to_text())
a secret for b alone: the plan is refused at step 2 of 2
  1. tell_p: applicable; 1 world after it
  2. tell_not_p: not applicable: at designated world 0 (p) no designated event can happen
     event tell_not_p:
       K_a ~p is false at 0: a cannot rule out 0, where ~p is false
         ~p is false at 0: p is true there
           p is true at 0: it is among the facts there
goal K_b p & ~(K_c p | K_c ~p): not checked, as a step is refused
"""

from __future__ import annotations

from collections.abc import Hashable, Iterable, Sequence

import attrs

from ..checking import truth_array
from ..errors import ModelError
from ..explanation import Reason
from ..formulas import Formula, to_text
from ..kripke import KripkeModel, World
from ..verdicts import explain_verdict
from .action import apply, where_possible
from .canonical import contracted
from .task import PlanningTask

__all__ = ["validate", "PlanCheck", "StepCheck", "Refusal", "SHOWN"]

#: At most this many designated worlds are explained where a precondition or the goal fails (or the goal holds).
SHOWN = 3


def _facts(state: KripkeModel, world: World) -> tuple[str, ...]:
    return tuple(sorted(str(fact) for fact in state.facts(world)))


def _strings(value: Iterable[str]) -> tuple[str, ...]:
    return tuple(value)


def _event_reasons(value: Iterable[tuple[str, Reason]]) -> tuple[tuple[str, Reason], ...]:
    return tuple(value)


def _world_reasons(value: Iterable[tuple[Hashable, Reason]]) -> tuple[tuple[Hashable, Reason], ...]:
    return tuple(value)


def _refusals(value: Iterable[Refusal]) -> tuple[Refusal, ...]:
    return tuple(value)


def _steps(value: Iterable[StepCheck]) -> tuple[StepCheck, ...]:
    return tuple(value)


@attrs.frozen
class Refusal:
    """A designated world where no designated event of an action can happen.

    Attributes
    ----------
    world : hashable
        The world, in the state before the step.
    facts : tuple of str
        What is true there.
    reasons : tuple of (str, Reason)
        For each designated event, its name and why its precondition fails there.
    """

    world: Hashable
    facts: tuple[str, ...] = attrs.field(converter=_strings)
    reasons: tuple[tuple[str, Reason], ...] = attrs.field(converter=_event_reasons)

    def to_dict(self) -> dict:
        return {"world": _plain(self.world), "facts": list(self.facts),
                "events": [{"event": name, "reason": reason.to_dict()} for name, reason in self.reasons]}


@attrs.frozen
class StepCheck:
    """One step of a plan.

    Attributes
    ----------
    number : int
        The step's place in the plan, from 1.
    action : str
    applicable : bool
    worlds : int or None
        The worlds of the (contracted) state after the step, where it is applicable.
    refusals : tuple of Refusal
        Where it is not: the first :data:`SHOWN` designated worlds where no designated event can happen.
    refused_worlds : int
        How many designated worlds that is in all.
    """

    number: int
    action: str
    applicable: bool
    worlds: int | None = None
    refusals: tuple[Refusal, ...] = attrs.field(default=(), converter=_refusals)
    refused_worlds: int = 0

    def to_dict(self) -> dict:
        return {"step": self.number, "action": self.action, "applicable": self.applicable, "worlds": self.worlds,
                "refused_worlds": self.refused_worlds, "refusals": [r.to_dict() for r in self.refusals]}


@attrs.frozen
class PlanCheck:
    """A plan checked against a task: its steps, and the goal at the end.

    Attributes
    ----------
    task : str
        The task's name.
    plan : tuple of str
    steps : tuple of StepCheck
        The steps checked: all of them, or up to the first refused.
    goal : str
        The goal, as text.
    goal_holds : bool or None
        Whether the goal holds after the plan; ``None`` when a step is refused.
    goal_reasons : tuple of (hashable, Reason)
        Designated worlds of the final state and why the goal holds or fails
        there: where it fails, the first :data:`SHOWN` such worlds; where it
        holds, the first :data:`SHOWN` designated worlds.
    state : KripkeModel or None
        The last state reached: after the plan, or where the refused step
        was tried (contracted).
    """

    task: str
    plan: tuple[str, ...] = attrs.field(converter=_strings)
    steps: tuple[StepCheck, ...] = attrs.field(converter=_steps)
    goal: str
    goal_holds: bool | None
    goal_reasons: tuple[tuple[Hashable, Reason], ...] = attrs.field(default=(), converter=_world_reasons)
    state: KripkeModel | None = attrs.field(default=None, eq=False, repr=False)

    @property
    def valid(self) -> bool:
        """Whether every step is applicable and the goal holds at the end."""
        return self.goal_holds is True

    @property
    def refused(self) -> StepCheck | None:
        """The step that is not applicable, if any."""
        return next((step for step in self.steps if not step.applicable), None)

    def to_dict(self) -> dict:
        """The check as plain data, ready for :func:`json.dumps`."""
        return {"task": self.task, "plan": list(self.plan), "valid": self.valid,
                "refused_step": None if self.refused is None else self.refused.number,
                "steps": [step.to_dict() for step in self.steps], "goal": self.goal, "goal_holds": self.goal_holds,
                "goal_reasons": [{"world": _plain(w), "reason": r.to_dict()} for w, r in self.goal_reasons]}

    def to_text(self) -> str:
        """The check as indented lines for a terminal."""
        n = len(self.plan)
        refused = self.refused
        if refused is not None:
            verdict = f"the plan is refused at step {refused.number} of {n}"
        else:
            verdict = f"the plan of {n} step{'' if n == 1 else 's'} " + (
                "reaches the goal" if self.goal_holds else "does not reach the goal")
        lines = [f"{self.task}: {verdict}"]
        for step in self.steps:
            if step.applicable:
                lines.append(f"  {step.number}. {step.action}: applicable; {step.worlds} "
                             f"world{'' if step.worlds == 1 else 's'} after it")
                continue
            for k, refusal in enumerate(step.refusals):
                facts = ", ".join(refusal.facts) or "no facts"
                where = f"at designated world {refusal.world} ({facts}) no designated event can happen"
                lines.append(f"  {step.number}. {step.action}: not applicable: {where}" if k == 0 else f"     and {where}")
                for name, reason in refusal.reasons:
                    lines.append(f"     event {name}:")
                    lines.extend("       " + line for line in reason.to_text().splitlines())
            more = step.refused_worlds - len(step.refusals)
            if more > 0:
                lines.append(f"     and at {more} more designated world{'' if more == 1 else 's'}")
        if self.goal_holds is None:
            lines.append(f"goal {self.goal}: not checked, as a step is refused")
        else:
            lines.append(f"goal {self.goal}: {'holds' if self.goal_holds else 'does not hold'}")
            for _, reason in self.goal_reasons:
                lines.extend("  " + line for line in reason.to_text().splitlines())
        return "\n".join(lines)


def validate(task: PlanningTask, plan: Sequence[str]) -> PlanCheck:
    """Check ``plan`` (action names) against ``task``, step by step.

    Raises
    ------
    ModelError
        When ``plan`` names an action the task does not have (checked before
        any step), or is not a sequence of names.

    Examples
    --------
    >>> from epistemic.planning.examples import coin_in_the_box
    >>> check = validate(coin_in_the_box(), ("open_a", "peek_a"))
    >>> check.valid, [step.worlds for step in check.steps]
    (True, [4, 3])
    >>> validate(coin_in_the_box(), ["open_a", "look_around"])
    Traceback (most recent call last):
    ...
    epistemic.errors.ModelError: coin in the box, B_a tails has no action named 'look_around'
    """
    if not isinstance(task, PlanningTask):
        raise ModelError(f"validate checks a plan of a PlanningTask, not {type(task).__name__}")
    if isinstance(plan, str) or not isinstance(plan, Sequence):
        raise ModelError(f"a plan is a sequence of action names, not {type(plan).__name__}")
    for name in plan:
        if not isinstance(name, str):
            raise ModelError(f"a plan is a sequence of action names, and {name!r} is not a name")
    actions = [task.action(name) for name in plan]      # every name known before any step is taken
    state = contracted(task.initial)
    steps = []
    for number, action in enumerate(actions, start=1):
        refused = _refused_worlds(state, action)
        if refused:
            steps.append(StepCheck(number, action.name, False,
                                   refusals=[_refusal(state, action, w) for w in refused[:SHOWN]],
                                   refused_worlds=len(refused)))
            return PlanCheck(task.name, plan, steps, to_text(task.goal), None, state=state)
        state = contracted(apply(state, action))
        steps.append(StepCheck(number, action.name, True, worlds=len(state)))
    truth = truth_array(state, task.goal)
    designated = _designated(state)
    failing = [w for w in designated if not truth[state.index(w)]]
    shown = (failing or designated)[:SHOWN]
    reasons = [(w, explain_verdict(state, task.goal, w)) for w in shown]
    return PlanCheck(task.name, plan, steps, to_text(task.goal), not failing, reasons, state=state)


def _designated(state: KripkeModel) -> list[World]:
    """The designated worlds, in the model's order."""
    return sorted(state.actual, key=state.index)


def _preconditions(action) -> list[tuple[str, Formula | None]]:
    events = {e.name: e for e in action.events}
    return [(name, events[name].precondition) for name in action.designated]


def _refused_worlds(state: KripkeModel, action) -> list[World]:
    """The designated worlds where no designated event of ``action`` can happen (as :func:`applicable` decides)."""
    possible = where_possible(state, action)
    return [] if possible is None else [w for w in _designated(state) if not possible[state.index(w)]]


def _refusal(state: KripkeModel, action, world: World) -> Refusal:
    # a step is refused only where every designated event has a precondition
    reasons = [(name, explain_verdict(state, precondition, world)) for name, precondition in _preconditions(action)
               if precondition is not None]
    return Refusal(world, _facts(state, world), reasons)


def _plain(world: Hashable):
    return world if isinstance(world, (int, str)) else str(world)
