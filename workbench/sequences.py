"""Answers that are sequences of acts: a plan after which an announcement exercise's goal holds.

An exercise of kind ``announcement`` that gives ``actions`` (the acts a
student may choose from) or ``max_steps`` is answered with a sequence of
acts, one per line, each as ``epistemic update`` reads it (``[!p]``,
``[!p]_{a}``, ``[?p]_{a,b}``, an event model written out).  Where the
sheet offers ``actions``, a line is one of them: its number (from 1), its
name (``name=[act]`` in the sheet), or the act itself, written in any way
that reads as the same act.  The acts are read as ``epistemic plan
--model`` reads its ``--act`` options (:func:`~epistemic.planning.task_from_model`
for the sheet's, :func:`~epistemic.planning.action_from_act` for a line),
and the plan is checked by :func:`~epistemic.planning.validate`.

The offered acts are searched, breadth first, for a shortest sequence
that reaches the goal once, when the sheet is read, within
:data:`SHORTEST_STATES` states (:func:`shortest_plan`).

Examples
--------
>>> from epistemic import Agent, KripkeModel, parse_formula
>>> a, b = Agent("a"), Agent("b")
>>> coins = KripkeModel.from_relations([a, b], {"h": {"p"}, "t": set()}, {a: [("h", "t")], b: [("h", "t")]},
...                                    actual="h", reflexive=True, symmetric=True)
>>> offered = offered_task(coins, ["[?p]_{a}", "tell=[!p]"], parse_formula("K_a p & ~K_b p"))
>>> read = read_steps(coins, offered.goal, "tell\\n1", offered, 5)
>>> read.plan      # each step as the sheet names it
('tell', '[?p]_{a}')
>>> read_steps(coins, offered.goal, "[?p]_{b}", offered, 5).why
'step 1: [?p]_{b} is not among the actions offered: write one of the 2 by its number (1 to 2) or its text'
>>> shortest_text(shortest_plan(offered))
'a shortest sequence has 1 action'
"""

from __future__ import annotations

from collections.abc import Callable, Mapping, Sequence
from typing import TYPE_CHECKING

import attrs

from epistemic import EpistemicError, Formula, FormulaSyntaxError, KripkeModel, parse_act
from epistemic.checking import worlds_where

if TYPE_CHECKING:
    from epistemic.planning import Action, PlanningTask, SearchResult

__all__ = ["MAX_OFFERED", "MAX_STEPS", "DEFAULT_MAX_STEPS", "SHORTEST_STATES", "Steps", "Unread", "offered_task",
           "shortest_plan", "shortest_text", "read_steps", "sheet_fields", "searched_shortest"]

#: The most acts a sheet may offer one exercise.
MAX_OFFERED = 50
#: The most acts an exercise may allow in an answer (``max_steps``).
MAX_STEPS = 100
#: The acts an answer may have where the exercise offers actions and gives no ``max_steps``.
DEFAULT_MAX_STEPS = 20
#: The distinct states the search for a shortest sequence may see, as a sheet is read.
SHORTEST_STATES = 5_000


#: A sheet's fault in one of an exercise's fields: ``fault(field, message)`` is the error to raise.
Fault = Callable[[str, str], Exception]


def _texts(value: Sequence[str]) -> tuple[str, ...]:
    return tuple(value)


@attrs.frozen
class Steps:
    """An answer read: the task it is checked against, and its plan, the names of its actions (an act
    offered as the sheet names it, any other as the answer writes it)."""

    task: PlanningTask = attrs.field(eq=False, repr=False)
    plan: tuple[str, ...] = attrs.field(converter=_texts)


@attrs.frozen
class Unread:
    """Why an answer is no sequence of acts, and where its first line stops parsing (1-based), if there."""

    why: str
    column: int | None = None


def offered_task(model: KripkeModel, texts: Sequence[str], goal: Formula) -> PlanningTask:
    """The planning task of the acts a sheet offers, from ``model`` to ``goal``.

    Raises
    ------
    EpistemicError
        For an act that does not read (its message says which, from 1), names an agent
        the model lacks, or has the name of another.
    """
    from epistemic.planning import task_from_model

    return task_from_model(model, texts, goal, name="the actions offered")


def shortest_plan(task: PlanningTask, max_states: int | None = None) -> SearchResult:
    """A breadth-first search of ``task`` for a shortest plan, stopped before it makes a state once
    ``max_states`` (by default :data:`SHORTEST_STATES`) distinct states were seen.

    Raises
    ------
    ModelError
        Where the goal or a precondition cannot be checked in a state reached.
    """
    from epistemic.planning import search

    return search(task, max_states=SHORTEST_STATES if max_states is None else max_states, progress=False)


def sheet_fields(data: Mapping, model: KripkeModel, goal: Formula, fault: Fault) -> dict:
    """The fields of an announcement exercise answered with a sequence of acts, read from its table
    ``data`` in a sheet: ``max_steps``, ``hint_shortest``, and the ``actions`` offered with their ``task``.

    Raises
    ------
    Exception
        ``fault(field, message)`` at the first fault: a field of the wrong type, an act that does not
        read, a goal that holds already.
    """
    hint = data.get("hint_shortest", False)
    if not isinstance(hint, bool):
        raise fault("hint_shortest", f"expected true or false, got {hint!r}")
    if hint and "actions" not in data:
        raise fault("hint_shortest", "a shortest sequence is searched among the actions offered: give actions")
    steps = data.get("max_steps", DEFAULT_MAX_STEPS)
    if isinstance(steps, bool) or not isinstance(steps, int) or not 1 <= steps <= MAX_STEPS:
        raise fault("max_steps", f"expected a whole number from 1 to {MAX_STEPS}, got {steps!r}")
    fields: dict = {"max_steps": steps, "hint_shortest": hint}
    try:
        already = model.actual <= worlds_where(model, goal)
    except EpistemicError as error:
        raise fault("goal", f"cannot be checked on the model: {error}") from None
    if already:
        raise fault("goal", "it holds at the actual world already: no act is needed")
    if "actions" in data:
        texts = data["actions"]
        if not isinstance(texts, list) or not texts or not all(isinstance(t, str) for t in texts):
            raise fault("actions", 'expected a list of acts, as epistemic update reads them: ["[!p]", "[?q]_{a}"]')
        if len(texts) > MAX_OFFERED:
            raise fault("actions", f"{len(texts)} acts, more than the {MAX_OFFERED} an exercise may offer")
        try:
            fields["task"] = offered_task(model, texts, goal)
        except EpistemicError as error:
            raise fault("actions", str(error)) from None
        fields["actions"] = texts
    return fields


def searched_shortest(task: PlanningTask, max_steps: int | None, fault: Fault) -> SearchResult:
    """:func:`shortest_plan` of the actions a sheet offers, as the sheet is read.

    Raises
    ------
    Exception
        ``fault(field, message)`` where no sequence of the actions reaches the goal, where a shortest
        one has more than ``max_steps`` acts, or where a state reached cannot be checked.
    """
    from epistemic.planning import Stop

    try:
        found = shortest_plan(task)
    except EpistemicError as error:
        raise fault("actions", f"the search for a shortest sequence cannot check a state it reaches: {error}") from None
    if found.stop is Stop.EXHAUSTED:
        raise fault("actions", f"no sequence of the actions reaches the goal (every one of the {found.seen:,} "
                               "states they reach was searched)")
    if found.plan is not None and max_steps is not None and len(found.plan) > max_steps:
        raise fault("max_steps", f"a shortest sequence of the actions has {len(found.plan)}, more than the "
                                 f"{max_steps} allowed")
    return found


def shortest_text(result: SearchResult) -> str:
    """What a search for a shortest sequence says: its length, or that it stopped at its bound."""
    from epistemic.planning import Stop

    if result.stop is Stop.FOUND:
        n = len(result.plan or ())
        return f"a shortest sequence has {n} action{'s' * (n != 1)}"
    if result.stop is Stop.EXHAUSTED:
        return "no sequence of the actions reaches the goal"
    return (f"the search for a shortest sequence stopped at its bound of {result.seen:,} states: "
            "no length is known")


def _same(one: Action, other: Action) -> bool:
    """Whether two actions are one act, whatever their names."""
    return attrs.evolve(one, name=other.name) == other


def _offered(task: PlanningTask, model: KripkeModel, step: int, line: str, first: bool) -> Action | Unread:
    """The offered action a line names: by its number, by its name, or as the same act."""
    text, count = line.strip(), len(task.actions)
    if text.isdigit():
        number = int(text)
        if not 1 <= number <= count:
            return Unread(f"step {step}: there is no action {number}: the actions offered are numbered 1 to {count}")
        return task.actions[number - 1]
    for offered in task.actions:
        if offered.name == text:
            return offered
    read = _read_act(model, step, line, first)
    if isinstance(read, Unread):
        return read
    for offered in task.actions:
        if _same(read, offered):
            return offered
    return Unread(f"step {step}: {text} is not among the actions offered: write one of the {count} by its number "
                  f"(1 to {count}) or its text")


def _read_act(model: KripkeModel, step: int, line: str, first: bool) -> Action | Unread:
    """The act a line writes, as an action among the agents of ``model``."""
    from epistemic.planning import action_from_act

    try:
        return action_from_act(line.strip(), parse_act(line), model)
    except FormulaSyntaxError as error:
        return Unread(f"step {step}: not an act: {error}", error.column if first and error.line == 1 else None)
    except EpistemicError as error:
        return Unread(f"step {step}: {error}")


def read_steps(model: KripkeModel, goal: Formula, answer: str | Sequence[str], offered: PlanningTask | None,
               max_steps: int) -> Steps | Unread:
    """An answer's acts, one per line (or one per item of a list), as a plan of ``offered`` or,
    where no actions are offered, of a task of the answer's own acts from ``model`` to ``goal``.

    At most ``max_steps`` acts are read: more are refused before any is.
    """
    from epistemic.planning import PlanningTask

    if isinstance(answer, str):
        lines = answer.splitlines()
    elif isinstance(answer, (list, tuple)) and all(isinstance(item, str) for item in answer):
        lines = list(answer)
    else:
        return Unread("the answer is not a sequence of acts")
    written = [(k, line) for k, line in enumerate(lines) if line.strip()]
    if not written:
        return Unread("no acts: the answer is empty (write one act per line)")
    if len(written) > max_steps:
        return Unread(f"{len(written)} acts, more than the {max_steps} this exercise allows")
    actions: dict[str, Action] = {}
    plan = []
    for step, (k, line) in enumerate(written, 1):
        text = line.strip()
        first = k == 0 and isinstance(answer, str)
        if offered is not None:
            found = _offered(offered, model, step, line, first)
            if isinstance(found, Unread):
                return found
            plan.append(found.name)
        else:
            if text not in actions:
                read = _read_act(model, step, line, first)
                if isinstance(read, Unread):
                    return read
                actions[text] = read
            plan.append(text)
    task = offered if offered is not None else PlanningTask("your acts", model, list(actions.values()), goal)
    return Steps(task, plan)
