"""Epistemic actions whose observers are chosen by the state: abstract event models.

An :class:`Action` holds events (each a core :class:`~epistemic.Event`
with its precondition and postconditions), one relation over the events
per *observability type* (``Fully``, ``Partially``, ``Oblivious``, ...),
the designated events, and for each agent the types it may have, each
with its condition.  In a state, each agent takes the first type whose
condition the state satisfies (holds at every designated world); the
action is then the event model in which the agent's relation is its
type's.  This is the semantics of EPDDL's actions (Burigana and Fabiano,
"The Epistemic Planning Domain Definition Language: Official Guideline",
2026).

An action is *applicable* in a state when at every designated world some
designated event's precondition holds; its result is the product update,
kept to the worlds reachable from the designated ones.

Examples
--------
>>> from epistemic import TOP, Agent, Atom, Event, KripkeModel, holds, parse_formula
>>> a, b = Agent("a"), Agent("b")
>>> state = KripkeModel.from_relations([a, b], {"h": {"heads"}, "t": set()},
...                                    {a: [("h", "t")], b: [("h", "t")]}, actual="h",
...                                    reflexive=True, symmetric=True)
>>> peek = Action("peek_a", (Event("pos", Atom("heads")), Event("neg", ~Atom("heads"))),
...               relations=(("Fully", (("pos", "pos"), ("neg", "neg"))),
...                          ("Oblivious", (("pos", "pos"), ("neg", "neg")))),
...               designated=("pos", "neg"),
...               observers=((a, (("Fully", TOP),)),
...                          (b, (("Partially", TOP),))))
Traceback (most recent call last):
...
epistemic.errors.ModelError: peek_a: b's observability type 'Partially' has no relation
>>> peek = Action("peek_a", (Event("pos", Atom("heads")), Event("neg", ~Atom("heads"))),
...               relations=(("Fully", (("pos", "pos"), ("neg", "neg"))),
...                          ("Partially", (("pos", "pos"), ("pos", "neg"), ("neg", "pos"), ("neg", "neg")))),
...               designated=("pos", "neg"),
...               observers=((a, (("Fully", TOP),)),
...                          (b, (("Partially", TOP),))))
>>> applicable(state, peek)
True
>>> after = apply(state, peek)
>>> holds(after, parse_formula("K_a heads & ~K_b heads & K_b (K_a heads | K_a ~heads)"))
True
"""

from __future__ import annotations

from collections.abc import Iterable
from typing import Any, cast

import attrs

from ..agents import Agent
from ..checking import holds, truth_array
from ..errors import ModelError
from ..events import Event, EventModel
from ..formulas import Formula, Top
from ..kripke import KripkeModel
from ..updates import update

__all__ = ["Action", "applicable", "apply", "applied", "observability_types", "observability_type", "where_possible"]


def _events(value: Iterable[Event]) -> tuple[Event, ...]:
    return tuple(value)


def _names(value: Iterable[str]) -> tuple[str, ...]:
    return tuple(value)


def _pairs(value: Iterable) -> tuple[tuple[str, tuple[tuple[str, str], ...]], ...]:
    return tuple((str(kind), tuple(sorted((str(e), str(f)) for e, f in pairs))) for kind, pairs in value)


def _observers(value: Iterable) -> tuple[tuple[Agent, tuple[tuple[str, Formula], ...]], ...]:
    return tuple((agent, tuple((str(kind), condition) for kind, condition in options)) for agent, options in value)


@attrs.frozen
class Action:
    """A ground action: events, a relation per observability type, and who observes how.

    Parameters
    ----------
    name : str
        The action's ground name, such as ``peek_a``.
    events : tuple of Event
    relations : iterable of (type name, iterable of (event, event))
        For each observability type, the pairs ``(e, f)``: when ``e``
        happens, an observer of this type considers ``f`` possible.
    designated : tuple of str
        The designated events.
    observers : iterable of (Agent, iterable of (type name, Formula))
        Each agent's types, in order, with the condition under which the
        agent has the type; the first whose condition the state satisfies
        is taken.
    """

    name: str
    events: tuple[Event, ...] = attrs.field(converter=_events)
    relations: tuple[tuple[str, tuple[tuple[str, str], ...]], ...] = attrs.field(converter=_pairs)
    designated: tuple[str, ...] = attrs.field(converter=_names)
    observers: tuple[tuple[Agent, tuple[tuple[str, Formula], ...]], ...] = attrs.field(converter=_observers)

    def __attrs_post_init__(self):
        names = [e.name for e in self.events]
        for event in self.events:
            if not isinstance(event, Event):
                raise ModelError(f"{self.name}: an action's events are Events, got {event!r}")
            if event.precondition is not None and not isinstance(event.precondition, Formula):
                raise ModelError(f"{self.name}: the precondition of {event.name} is a formula (a function cannot be "
                                 "written out or explained)")
        if len(set(names)) != len(names):
            raise ModelError(f"{self.name}: event names must be distinct")
        kinds = dict(self.relations)
        if len(kinds) != len(self.relations):
            raise ModelError(f"{self.name}: each observability type has one relation")
        for kind, pairs in self.relations:
            for e, f in pairs:
                if e not in names or f not in names:
                    raise ModelError(f"{self.name}: the relation of {kind!r} names an unknown event")
        if not self.designated or not set(self.designated) <= set(names):
            raise ModelError(f"{self.name}: the designated events must be events of the action")
        for agent, options in self.observers:
            if not isinstance(agent, Agent):
                raise ModelError(f"{self.name}: observers are Agents, got {agent!r}")
            if not options:
                raise ModelError(f"{self.name}: {agent} has no observability type")
            for kind, condition in options:
                if kind not in kinds:
                    raise ModelError(f"{self.name}: {agent}'s observability type {kind!r} has no relation")
                if not isinstance(condition, Formula):
                    raise ModelError(f"{self.name}: the condition of {agent}'s type {kind!r} is not a formula")
        if len({agent for agent, _ in self.observers}) != len(self.observers):
            raise ModelError(f"{self.name}: each agent is listed once among the observers")

    @property
    def agents(self) -> frozenset[Agent]:
        return frozenset(agent for agent, _ in self.observers)

    def event_model(self, kinds: dict[Agent, str]) -> EventModel:
        """The event model in which each agent has the type ``kinds[agent]``."""
        relation = dict(self.relations)
        return EventModel(self.agents, self.events, {agent: relation[kinds[agent]] for agent in self.agents},
                          self.designated)

    def seen_as_itself(self, kinds: dict[Agent, str]) -> Event | None:
        """The action's one designated event where every agent, with the type
        ``kinds[agent]``, considers that event alone possible when it
        happens; ``None`` where there is no such event.

        Where the event's precondition holds at every world of a state, the
        action then changes only the facts its event assigns: the state
        after it has the same worlds and relations.

        Examples
        --------
        >>> from epistemic import TOP, Agent, Event
        >>> a, b = Agent("a"), Agent("b")
        >>> flip = Action("flip", (Event("e"), Event("skip")),
        ...               relations=(("Fully", (("e", "e"), ("skip", "skip"))),
        ...                          ("Oblivious", (("e", "skip"), ("skip", "skip")))),
        ...               designated=("e",), observers=((a, (("Fully", TOP),)), (b, (("Oblivious", TOP),))))
        >>> flip.seen_as_itself({a: "Fully", b: "Fully"}).name, flip.seen_as_itself({a: "Fully", b: "Oblivious"})
        ('e', None)
        """
        if len(self.designated) != 1:
            return None
        (name,) = self.designated
        relation = dict(self.relations)
        for agent in self.agents:
            if {f for e, f in relation[kinds[agent]] if e == name} != {name}:
                return None
        return next(e for e in self.events if e.name == name)


def observability_types(state: KripkeModel, action: Action) -> dict[Agent, str]:
    """Each agent's observability type of ``action`` in ``state``.

    Raises
    ------
    ModelError
        When none of an agent's conditions holds in the state.
    """
    return {agent: _first_holding(state, action, agent, options) for agent, options in action.observers}


def observability_type(state: KripkeModel, action: Action, agent: Agent) -> str:
    """``agent``'s observability type of ``action`` in ``state`` (see :func:`observability_types`)."""
    for observer, options in action.observers:
        if observer == agent:
            return _first_holding(state, action, agent, options)
    raise ModelError(f"{action.name}: {agent} is not among its observers")


def _first_holding(state: KripkeModel, action: Action, agent: Agent, options) -> str:
    for kind, condition in options:
        # most types hold unconditionally (an "else", a default): no need to ask the checker
        if isinstance(condition, Top) or holds(state, condition):
            return kind
    raise ModelError(f"{action.name}: none of {agent}'s observability conditions holds in the state")


def where_possible(state: KripkeModel, action: Action) -> Any:
    """The worlds of ``state`` where some designated event of ``action`` can happen, as a boolean
    array over the worlds; ``None`` where a designated event has no precondition (everywhere)."""
    possible: Any = None
    for name in action.designated:
        precondition = next(e for e in action.events if e.name == name).precondition
        if precondition is None:
            return None
        truth = truth_array(state, cast(Formula, precondition))   # an Action's preconditions are formulas
        possible = truth if possible is None else possible | truth
    return possible


def applicable(state: KripkeModel, action: Action) -> bool:
    """Whether at every designated world of ``state`` a designated event of ``action`` can happen."""
    possible = where_possible(state, action)
    return possible is None or all(bool(possible[state.index(w)]) for w in state.actual)


def apply(state: KripkeModel, action: Action) -> KripkeModel:
    """``state`` after ``action``: the product update, kept to what the designated worlds reach.

    Raises
    ------
    ModelError
        When the action is not applicable (see :func:`applicable`) or its
        agents are not the state's.
    """
    if action.agents != state.agents:
        raise ModelError(f"{action.name}: its observers are not the agents of the state")
    if not applicable(state, action):
        raise ModelError(f"{action.name} is not applicable: at some designated world no designated event can happen")
    return applied(state, action)


def applied(state: KripkeModel, action: Action) -> KripkeModel:
    """:func:`apply` where ``action`` is known to be applicable in ``state`` and over its agents,
    as the search knows it: the checks are not made twice."""
    return update(state, action.event_model(observability_types(state, action))).generated()
