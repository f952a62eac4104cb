"""Event (action) models: what may happen, and who can tell which event it was.

An :class:`Event` has a precondition (where it can happen) and
postconditions (what it changes); an :class:`EventModel` adds, per agent,
which events the agent cannot tell apart, and which events actually
happen.  Product update (:func:`epistemic.update`) applies one to a
Kripke model.  Event models are frozen values, so a formula ``[E, e]ψ``
can hold one and still be a memo key.

Examples
--------
>>> from epistemic import Atom
>>> a, b = Agent("a"), Agent("b")
>>> told = Event("told", precondition=Atom("p"))
>>> quiet = Event("quiet")
>>> model = EventModel([a, b], [told, quiet],
...                    {a: [("told", "told"), ("quiet", "quiet")],
...                     b: [("told", "quiet"), ("quiet", "quiet")]}, ["told"])
>>> sorted(model.relation(b))
[('quiet', 'quiet'), ('told', 'quiet')]
"""

from __future__ import annotations

from collections.abc import Callable, Hashable, Iterable, Iterator, Mapping

from typing import cast

import attrs

from .agents import Agent
from .errors import ModelError
from .event_text import act_pieces
from .formulas import Act, AnnouncePrivately, AnnounceWhether, Formula, Not, to_text
from .probability.chances import (Observation, Occurrence, observation_given, observation_of, occurrence_given,
                                 occurrence_of)
from .validators import instance_of

__all__ = ["Event", "EventModel", "public_event", "private_event", "whether_event", "whether_names", "announcement_event",
           "formulas_within"]


def _check_precondition(instance, attribute, value):
    if value is not None and not isinstance(value, Formula) and not callable(value):
        raise ModelError(f"a precondition is a formula or a function (model, world) -> bool, got {value!r}")


def _to_facts(value: Iterable[Hashable]) -> frozenset[Hashable]:
    return frozenset(value)


def _to_assignments(value) -> frozenset[tuple[str, Formula]]:
    pairs = value.items() if isinstance(value, Mapping) else value
    out = []
    for pair in pairs:
        try:
            atom, formula = pair
        except (TypeError, ValueError):
            raise ModelError(f"a postcondition is (atom name, formula), got {pair!r}") from None
        if not isinstance(atom, str) or not isinstance(formula, Formula):
            raise ModelError(f"a postcondition is (atom name, formula), got {pair!r}")
        out.append((atom, formula))
    if len({atom for atom, _ in out}) != len(out):
        raise ModelError("an event assigns each atom at most once")
    return frozenset(out)


@attrs.frozen
class Event:
    """One event: where it can happen, and what it changes.

    Parameters
    ----------
    name : str
    precondition : Formula or callable, optional
        A formula, or a function ``(model, world) -> bool``; ``None`` means
        everywhere.
    adds, removes : iterable of hashable
        Facts the event makes true or false.
    assign : mapping of atom name to Formula
        Factual change: after the event, the atom is true exactly where the
        formula was true before it.
    """

    name: str
    precondition: Formula | Callable | None = attrs.field(default=None, validator=_check_precondition)
    adds: frozenset[Hashable] = attrs.field(default=frozenset(), converter=_to_facts)
    removes: frozenset[Hashable] = attrs.field(default=frozenset(), converter=_to_facts)
    assign: frozenset[tuple[str, Formula]] = attrs.field(default=frozenset(), converter=_to_assignments)


def _to_relations(value) -> frozenset[tuple[Agent, str, str]]:
    out = set()
    for agent, pairs in (value.items() if isinstance(value, Mapping) else value):
        for pair in pairs:
            try:
                e, f = pair
            except (TypeError, ValueError):
                raise ModelError(f"an event relation holds pairs of event names, got {pair!r}") from None
            out.add((agent, e, f))
    return frozenset(out)


@attrs.frozen(init=False)
class EventModel:
    """Events, each agent's uncertainty about which one happens, and the actual ones.

    Parameters
    ----------
    agents : iterable of Agent
    events : iterable of Event
    relations : mapping of Agent to iterable of (event name, event name)
        ``(e, f)``: when ``e`` happens, the agent considers ``f`` possible.
    actual : iterable of event names
        The designated events: distinct, at least one.
    occurrence, observation : mapping, optional
        The events' probabilities, read where a model with probabilities is
        updated (see :mod:`epistemic.probability.chances`): how likely each
        event is at a world, and how likely each agent takes one event for
        another.  Without them an update of such a model takes each event
        as certain where its precondition holds, and each agent's
        observation as even.
    """

    agents: frozenset[Agent]
    events: tuple[Event, ...]
    arrows: frozenset[tuple[Agent, str, str]]
    actual: tuple[str, ...]
    occurrence: Occurrence
    observation: Observation

    def __init__(self, agents: Iterable[Agent], events: Iterable[Event],
                 relations: Mapping[Agent, Iterable[tuple[str, str]]], actual: Iterable[str], *,
                 occurrence: Mapping | None = None, observation: Mapping | None = None):
        agents = frozenset(agents)
        events = tuple(events)
        for agent in agents:
            instance_of(agent, Agent, "agents must be Agent objects", error=ModelError)
        for event in events:
            instance_of(event, Event, "an event model holds Events", error=ModelError)
        names = [e.name for e in events]
        if len(set(names)) != len(names):
            raise ModelError("event names must be distinct")
        arrows = _to_relations(relations)
        known = set(names)
        for agent, e, f in arrows:
            if agent not in agents:
                raise ModelError(f"relation given for {agent}, who is not an agent of the event model")
            if e not in known or f not in known:
                raise ModelError(f"relation of {agent} names unknown event {e!r} or {f!r}")
        actual = tuple(actual)
        if not actual or not set(actual) <= set(names):
            raise ModelError("actual events must be events of the model")
        if len(set(actual)) != len(actual):
            raise ModelError("actual events must be distinct")
        self.__attrs_init__(agents, events, arrows, actual, occurrence_of(names, occurrence),
                            observation_of(agents, names, arrows, observation))

    @property
    def weighed(self) -> bool:
        """Whether the events carry probabilities of their own (``occurrence`` or ``observation``)."""
        return bool(self.occurrence or self.observation)

    def with_chances(self, occurrence: Mapping | None = None, observation: Mapping | None = None) -> EventModel:
        """The same events with these probabilities (see the parameters of :class:`EventModel`)."""
        return EventModel(self.agents, self.events, {a: self.relation(a) for a in self.agents}, self.actual,
                          occurrence=occurrence, observation=observation)

    def designating(self, actual: Iterable[str]) -> EventModel:
        """The same events, relations and probabilities, with ``actual`` as the designated events."""
        # the arrows gathered in one pass: relation() per agent would read them all once per agent
        relations: dict = {agent: [] for agent in self.agents}
        for agent, e, f in self.arrows:
            relations[agent].append((e, f))
        return EventModel(self.agents, self.events, relations, actual,
                          occurrence=occurrence_given(self.occurrence),
                          observation=observation_given(self.observation))

    def relation(self, agent: Agent) -> frozenset[tuple[str, str]]:
        """The pairs ``(e, f)`` of event names for ``agent``."""
        return frozenset((e, f) for a, e, f in self.arrows if a == agent)

    def text_pieces(self, event: str, spell: dict, loosest: int) -> list:
        """How ``[E, event]`` is written (see :func:`epistemic.event_text.act_pieces`)."""
        return act_pieces(self, event, spell, loosest)

    def event(self, name: str) -> Event:
        for e in self.events:
            if e.name == name:
                return e
        raise ModelError(f"no event named {name!r}")


def check_event_model(events: object, agents: Iterable[Agent]) -> EventModel:
    """``events``, checked to be an event model over ``agents``, those of
    the Kripke model it updates.

    Raises
    ------
    ModelError
        For anything else.
    """
    model = instance_of(events, EventModel, "update takes an EventModel", type_name=True, error=ModelError)
    agents = frozenset(agents)
    if model.agents != agents:
        def names(group):
            return ", ".join(sorted(a.name for a in group)) or "none"
        raise ModelError(f"the event model must be over the same agents as the Kripke model: "
                         f"it has {names(model.agents)}, the Kripke model {names(agents)}")
    return model


def public_event(agents: Iterable[Agent], fact: Hashable | None = None,
                 precondition: Formula | None = None) -> EventModel:
    """Everyone sees the event happen, and sees everyone see it: ``fact``
    (if given) becomes true, where ``precondition`` (if given) holds."""
    agents = frozenset(agents)
    told = Event("told", precondition=precondition, adds=() if fact is None else {fact})
    return EventModel(agents, [told], {a: [("told", "told")] for a in agents}, ["told"])


def private_event(agents: Iterable[Agent], fact: Hashable | None, group: Iterable[Agent],
                  precondition: Formula | None = None) -> EventModel:
    """``group`` sees the event happen and knows the group saw it; everyone
    else believes that nothing happened."""
    agents, group = frozenset(agents), frozenset(group)
    if not group <= agents:
        raise ModelError("the subgroup must consist of agents of the model")
    told = Event("told", precondition=precondition, adds=() if fact is None else {fact})
    skip = Event("skip")
    relations = {a: [("told", "told"), ("skip", "skip")] if a in group else [("told", "skip"), ("skip", "skip")]
                 for a in agents}
    return EventModel(agents, [told, skip], relations, ["told"])


def whether_names(formula: Formula) -> tuple[str, str]:
    """The names of the two events of learning whether ``formula``: what holds in each, the
    formula where it holds and its negation where it fails, so that a world made by the
    update (``w.~p``) says which it is.

    Examples
    --------
    >>> from epistemic import parse_formula
    >>> whether_names(parse_formula("p")), whether_names(parse_formula("~p"))
    (('p', '~p'), ('~p', 'p'))
    >>> whether_names(parse_formula("p & K_a q"))
    ('p & K_a q', '~(p & K_a q)')
    """
    return to_text(formula), to_text(formula.arg if isinstance(formula, Not) else Not(formula))


def whether_event(agents: Iterable[Agent], group: Iterable[Agent], formula: Formula) -> EventModel:
    """``group`` learns whether ``formula`` holds; everyone else sees that
    it did, not what it learned (a semi-private announcement).  The actual
    event is the one whose precondition holds: apply it with ``actual`` of
    either event, the first (where ``formula`` holds) or the second, named
    by :func:`whether_names`."""
    agents, group = frozenset(agents), frozenset(group)
    if not group <= agents:
        raise ModelError("the subgroup must consist of agents of the model")
    holds, fails = whether_names(formula)
    yes, no = Event(holds, precondition=formula), Event(fails, precondition=Not(formula))
    everything = [(e, f) for e in (holds, fails) for f in (holds, fails)]
    relations = {a: [(holds, holds), (fails, fails)] if a in group else everything for a in agents}
    return EventModel(agents, [yes, no], relations, [holds, fails])


def announcement_event(agents: Iterable[Agent], announcement: AnnouncePrivately | AnnounceWhether,
                       naming: str = "the formula") -> EventModel:
    """The event model of a private announcement (:func:`private_event`, its event ``told``)
    or of a group told whether (:func:`whether_event`) among ``agents``.

    Raises
    ------
    ModelError
        When the group names an agent not among ``agents``; the message says that
        ``naming`` names him.

    Examples
    --------
    >>> from epistemic import parse_formula
    >>> told = announcement_event([Agent("a"), Agent("b")], parse_formula("[!p]_{a} top"))
    >>> [e.name for e in told.events], told.actual
    (['told', 'skip'], ('told',))
    >>> announcement_event([Agent("a")], parse_formula("[?p]_{c} top"), "the act")
    Traceback (most recent call last):
    ...
    epistemic.errors.ModelError: the act names c, who is not an agent of the model
    """
    agents = frozenset(agents)
    strangers = sorted(frozenset(announcement.group) - agents, key=lambda agent: agent.name)
    if strangers:
        raise ModelError(f"{naming} names {strangers[0]}, who is not an agent of the model")
    if isinstance(announcement, AnnouncePrivately):
        return private_event(agents, None, announcement.group, precondition=announcement.announced)
    return whether_event(agents, announcement.group, announcement.announced)


def formulas_within(formula: Formula) -> Iterator[Formula]:
    """Every formula inside ``formula`` (itself included), each once, those of the event models
    inside included: their formula preconditions and their assignments.  Iterative.

    Examples
    --------
    >>> from epistemic import parse_formula
    >>> sorted(map(str, formulas_within(parse_formula("[(e: q; a: {e}), e] p"))))
    ['[(e: q; a: {e}), e] p', 'p', 'q']
    """
    stack, seen = [formula], set()
    while stack:
        g = stack.pop()
        if g in seen:
            continue
        seen.add(g)
        yield g
        if isinstance(g, Act):
            for event in cast(EventModel, g.action).events:
                if isinstance(event.precondition, Formula):
                    stack.append(event.precondition)
                stack.extend(h for _, h in event.assign)
        stack.extend(g.operands())

