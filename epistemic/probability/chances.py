"""The probabilities an event model may carry: how likely each event is, and how each agent takes it.

*Occurrence*: for every event, the probability that it happens at a world,
a number (the same everywhere) or ``(condition, number)`` pairs, the number
of the first condition (a formula) that holds there, 0 where none does.
*Observation*: for an agent and an event, how likely the agent, when that
event happens, takes it for each event it cannot tell from it; those not
given are even.  Both are kept as exact fractions in the event model (see
:class:`~epistemic.EventModel`), checked when it is made; where an update
reads them, :mod:`epistemic.probability.product`.

Examples
--------
>>> from epistemic import Agent, Event, EventModel, parse_formula
>>> a = Agent("a")
>>> fog = EventModel([a], [Event("h"), Event("t")], {a: [("h", "h"), ("h", "t"), ("t", "t"), ("t", "h")]}, ["h"],
...                  observation={a: {"h": {"h": "3/4", "t": "1/4"}}})
>>> fog.observation
((Agent('a'), 'h', (('h', Fraction(3, 4)), ('t', Fraction(1, 4)))),)
>>> EventModel([a], [Event("h")], {a: [("h", "h")]}, ["h"], occurrence={"h": 2})
Traceback (most recent call last):
...
epistemic.errors.ModelError: the occurrence probability of 'h' is 2, above 1
"""

from __future__ import annotations

from collections.abc import Iterable, Mapping, Sequence
from fractions import Fraction
from typing import Union

from ..agents import Agent
from ..errors import ModelError
from ..formulas import TOP, Formula
from .formulas import weight_read

__all__ = ["Occurrence", "Observation", "occurrence_of", "observation_of", "occurrence_given", "observation_given"]

#: Per event name, its ``(condition, probability)`` pairs; empty where the events carry none.
Occurrence = tuple[tuple[str, tuple[tuple[Formula, Fraction], ...]], ...]
#: Per agent and event, the events it may take it for with their probabilities; empty where none are given.
Observation = tuple[tuple[Agent, str, tuple[tuple[str, Fraction], ...]], ...]

Given = Union[Mapping, None]


def _probability(value, what: str) -> Fraction:
    q = weight_read(value, what)
    if q > 1:
        raise ModelError(f"{what} is {q}, above 1")
    return q


def occurrence_of(names: Sequence[str], given: Given) -> Occurrence:
    """The occurrence probabilities ``given`` for the events ``names``, checked:
    every event has some, each a number from 0 to 1 or ``(formula, number)``
    pairs."""
    if given is None:
        return ()
    if not isinstance(given, Mapping):
        raise ModelError("occurrence probabilities are a mapping from each event to a number or (condition, number) "
                         "pairs")
    for name in given:
        if name not in names:
            raise ModelError(f"occurrence probabilities name {name!r}, which is not an event")
    missing = [n for n in names if n not in given]
    if missing:
        raise ModelError(f"occurrence probabilities name every event: {missing[0]!r} has none")
    out: list[tuple[str, tuple[tuple[Formula, Fraction], ...]]] = []
    for name in names:
        value = given[name]
        what = f"the occurrence probability of {name!r}"
        if isinstance(value, (str, bytes)) or not isinstance(value, Iterable):
            out.append((name, ((TOP, _probability(value, what)),)))
            continue
        pairs = []
        for item in value:
            if not (isinstance(item, Sequence) and len(item) == 2 and isinstance(item[0], Formula)):
                raise ModelError(f"{what} is a number or (condition, number) pairs, the condition a formula; "
                                 f"got {item!r}")
            pairs.append((item[0], _probability(item[1], what)))
        out.append((name, tuple(pairs)))
    return tuple(out)


def observation_of(agents: Iterable[Agent], names: Sequence[str], arrows: Iterable[tuple[Agent, str, str]],
                   given: Given) -> Observation:
    """The observation probabilities ``given`` (``given[agent][e][f]``), checked
    against the events each agent cannot tell apart (``arrows``): each sums
    to 1 and weighs only events the agent takes ``e`` for."""
    if given is None:
        return ()
    if not isinstance(given, Mapping):
        raise ModelError("observation probabilities are a mapping: agent -> event -> {event: probability}")
    agents = frozenset(agents)
    linked: dict[tuple[Agent, str], set[str]] = {}
    for agent, e, f in arrows:
        linked.setdefault((agent, e), set()).add(f)
    out = []
    for agent in sorted(given, key=lambda a: a.name if isinstance(a, Agent) else ""):
        if agent not in agents:
            raise ModelError(f"observation probabilities are given for {agent}, who is not an agent of the event model")
        by_event = given[agent]
        if not isinstance(by_event, Mapping):
            raise ModelError(f"the observation probabilities of {agent} are a mapping: event -> {{event: probability}}")
        for e in sorted(by_event, key=lambda n: names.index(n) if n in names else -1):
            if e not in names:
                raise ModelError(f"the observation probabilities of {agent} name {e!r}, which is not an event")
            weights = by_event[e]
            if not isinstance(weights, Mapping):
                raise ModelError(f"the observation probabilities of {agent} at {e!r} are a mapping: event -> probability")
            pairs = []
            for f, q in weights.items():
                if f not in names:
                    raise ModelError(f"the observation probabilities of {agent} at {e!r} name {f!r}, which is not an "
                                     f"event")
                weight = _probability(q, f"the observation probability of {agent} at {e!r} of {f!r}")
                if weight == 0:
                    continue
                if f not in linked.get((agent, e), ()):
                    raise ModelError(f"{agent} can tell {e!r} from {f!r}, so its observation probability of {f!r} at "
                                     f"{e!r} is 0, not {weight}")
                pairs.append((f, weight))
            total = sum((q for _, q in pairs), Fraction(0))
            if total != 1:
                raise ModelError(f"the observation probability of {agent} at {e!r} sums to {total}, not 1")
            out.append((agent, e, tuple(sorted(pairs, key=lambda p: names.index(p[0])))))
    return tuple(out)


def occurrence_given(occurrence: Occurrence) -> dict | None:
    """Occurrence probabilities as kept, in the form :func:`occurrence_of` reads them; ``None`` for none."""
    return {name: list(pairs) for name, pairs in occurrence} or None


def observation_given(observation: Observation) -> dict | None:
    """Observation probabilities as kept, in the form :func:`observation_of` reads them; ``None`` for none."""
    given: dict = {}
    for agent, e, pairs in observation:
        given.setdefault(agent, {})[e] = dict(pairs)
    return given or None
