"""Planning tasks from the framework's own models: a Kripke model, acts written as ``epistemic update`` reads them, a goal.

Each act becomes an :class:`~epistemic.planning.Action` whose observers
are fixed: one observability type per agent, named after the agent, whose
relation is the agent's relation in the act's event model, taken under
every condition (``top``).  A public announcement ``[!φ]`` is one event,
``told``, with precondition φ, that everyone sees; a private ``[!φ]_G``,
a semi-private ``[?φ]_G`` and an event ``[E, e]`` are the event models
:func:`epistemic.acts.apply_act` applies, the events that happen
designated.  An :class:`~epistemic.EventModel` given as it is keeps its
own designated events.

Planning reads an action as EPDDL does: it can happen only where every
designated world has a designated event whose precondition holds there,
where ``epistemic update`` asks this of one actual world at least.  On a
model with one actual world, and wherever the action can happen, the two
agree (a test holds :func:`~epistemic.planning.apply` to the command's own
function, act by act).

Examples
--------
>>> from epistemic import Agent, KripkeModel, holds, parse_formula
>>> from epistemic.planning import apply
>>> a, b = Agent("a"), Agent("b")
>>> coin = KripkeModel.from_relations([a, b], {"h": {"heads"}, "t": set()},
...                                   {a: [("h", "t")], b: [("h", "t")]}, actual="h",
...                                   reflexive=True, symmetric=True)
>>> task = task_from_model(coin, ["[?heads]_{a}", "tell=[!heads]"], "K_a heads & ~K_b heads", name="coin")
>>> [action.name for action in task.actions]
['[?heads]_{a}', 'tell']
>>> looked = apply(task.initial, task.action("[?heads]_{a}"))
>>> holds(looked, task.goal), holds(apply(looked, task.action("tell")), task.goal)
(True, False)
>>> task_from_model(coin, ["[!heads"], "heads")
Traceback (most recent call last):
...
epistemic.syntax.FormulaSyntaxError: action 1 ([!heads): line 1, column 8: expected ']' to close the '[!' at column 1, found the end
"""

from __future__ import annotations

import re
from collections.abc import Iterable, Mapping

from ..acts import act_event_model, parse_act
from ..errors import EpistemicError, ModelError
from ..events import EventModel, check_event_model
from ..formulas import TOP, Formula, agents_of
from ..kripke import KripkeModel
from ..syntax import named_event_models, parse_formula
from ..validators import instance_of
from .action import Action
from .task import PlanningTask

__all__ = ["task_from_model", "action_from_event_model", "action_from_act"]

#: ``name=[act]``: an act named by its user; the name is a word, the act its bracket.
_NAMED = re.compile(r"\s*([^\s=\[]+)\s*=\s*(\[.*)", re.S)


def action_from_event_model(name: str, events: EventModel) -> Action:
    """``events`` as an action every agent observes the one way it says: one
    observability type per agent, named after it, taken under any condition.

    Raises
    ------
    ModelError
        When an event's precondition is a Python function rather than a formula:
        planning evaluates preconditions at states it makes, and writes them out.

    Examples
    --------
    >>> from epistemic import Agent, Atom, private_event
    >>> told = action_from_event_model("told", private_event([Agent("a"), Agent("b")], None, [Agent("a")],
    ...                                                        precondition=Atom("p")))
    >>> told.relations
    (('a', (('skip', 'skip'), ('told', 'told'))), ('b', (('skip', 'skip'), ('told', 'skip'))))
    >>> told.observers
    ((Agent('a'), (('a', TOP),)), (Agent('b'), (('b', TOP),)))
    """
    instance_of(events, EventModel, "an action is made from an EventModel", type_name=True, error=ModelError)
    for event in events.events:
        if event.precondition is not None and not isinstance(event.precondition, Formula):
            raise ModelError(f"{name}: the precondition of event {event.name!r} is a function, not a formula")
    agents = sorted(events.agents, key=lambda agent: agent.name)
    return Action(name, events.events,
                  relations=[(agent.name, events.relation(agent)) for agent in agents],
                  designated=events.actual,
                  observers=[(agent, ((agent.name, TOP),)) for agent in agents])


def action_from_act(name: str, act: Formula, model: KripkeModel) -> Action:
    """The act ``act`` (as :func:`~epistemic.parse_act` gives it) as an action among the agents of ``model``.

    Examples
    --------
    >>> from epistemic import Agent, KripkeModel, parse_act
    >>> m = KripkeModel.initial([Agent("a"), Agent("b")], {"p"})
    >>> action_from_act("[?p]_{a}", parse_act("[?p]_{a}"), m).designated
    ('p', '~p')
    """
    return action_from_event_model(name, act_event_model(act, model.agents))


def _said_of(error: EpistemicError, what: str) -> EpistemicError:
    """``error``, of its own type (a syntax error keeps its line and column), its message saying
    what it is about."""
    said = error.__class__.__new__(error.__class__)
    Exception.__init__(said, f"{what}: {error}")
    said.__dict__.update(error.__dict__)
    return said


def _named(n: int, item, model: KripkeModel, event_models: Mapping[str, EventModel]) -> Action:
    """The ``n``-th action: a text, ``name=text``, an event model or ``(name, either)``."""
    if isinstance(item, tuple) and len(item) == 2 and isinstance(item[0], str):
        name, given = item
    elif isinstance(item, str):
        found = _NAMED.fullmatch(item)
        name, given = (found.group(1), found.group(2)) if found else (item.strip(), item)
    else:
        name, given = f"action {n + 1}", item
    if isinstance(given, EventModel):
        return action_from_event_model(name, check_event_model(given, model.agents))
    if not isinstance(given, str):
        raise ModelError(f"action {n + 1} is an act's text, name=text, an EventModel or (name, either), "
                         f"got {type(given).__name__}")
    try:
        act = parse_act(given, event_models)
        return action_from_act(name, act, model)
    except EpistemicError as error:
        raise _said_of(error, f"action {n + 1} ({given.strip()})") from None


def task_from_model(model: KripkeModel, actions: Iterable, goal: str | Formula, *, name: str = "task",
                    event_models: Mapping[str, EventModel] | None = None) -> PlanningTask:
    """A planning task: ``model`` as the initial state, ``actions``, and ``goal``.

    Parameters
    ----------
    model : KripkeModel
        The initial state; its actual worlds are the designated ones.
    actions : iterable
        Each an act's text as ``epistemic update`` reads it (``[!p]``,
        ``[!p]_{a}``, ``[?p]_{a,b}``, ``[(h: p, t: ~p; a: {h} {t}; b: {h, t}), h]``,
        ``[look, h]``), named by the text itself, or ``name=text`` to name it;
        or an :class:`~epistemic.EventModel`; or ``(name, text or event model)``.
    goal : str or Formula
    name : str
        The task's name.
    event_models : mapping of str to EventModel, optional
        The event models texts may name, as ``--events`` gives them to the
        command.

    Returns
    -------
    PlanningTask

    Raises
    ------
    FormulaSyntaxError
        For an act or goal that does not read; the message says which action.
    ModelError
        For an act or goal naming agents the model has not, an event model over others,
        two actions of one name, or anything but a Kripke model.
    """
    instance_of(model, KripkeModel, "a task starts from a KripkeModel (a knowledge structure: list it as a "
                "Kripke model with epistemic.symbolic.to_kripke)", type_name=True, error=ModelError)
    named = named_event_models(event_models)
    made = [_named(n, item, model, named) for n, item in enumerate(actions)]
    if isinstance(goal, str):
        try:
            goal = parse_formula(goal, named)
        except EpistemicError as error:
            raise _said_of(error, "the goal") from None
    strangers = sorted(agent.name for agent in agents_of(goal) - model.agents)
    if strangers:
        raise ModelError(f"the goal names {strangers[0]}, who is not an agent of the model")
    return PlanningTask(name, model, made, goal)
