"""An update with the events' own probabilities given beside the event model.

:func:`update` is :func:`epistemic.update` of the event model with the
probabilities of van Benthem, Gerbrandy and Kooi's product update (see
:mod:`epistemic.probability.chances`, :mod:`epistemic.probability.product`):
``occurrence`` says how likely each event is to happen at each world,
``observation`` how likely an agent takes one event for another.  An event
model may carry them itself (``EventModel(..., occurrence=...,
observation=...)``); then :func:`epistemic.update`, acts and formulas
``[E, e]`` use them.

Examples
--------
Monty Hall.  The car is behind one of three doors, each as likely; the
player has picked door 1.  The host opens door 2 or door 3, never the
car's nor the player's, at random where he may open either.  He opens door
3: the player should switch.

>>> from fractions import Fraction
>>> from epistemic import Agent, KripkeModel, EventModel, Event, holds, parse_formula
>>> player = Agent("player")
>>> doors = KripkeModel.from_relations([player], {f"car{d}": {f"car{d}"} for d in (1, 2, 3)},
...     {player: [("car1", "car2"), ("car2", "car3")]}, actual="car2", reflexive=True, symmetric=True)
>>> m = ProbabilisticModel.uniform(doors)
>>> opens = EventModel([player], [Event("opens2", parse_formula("~car2")), Event("opens3", parse_formula("~car3"))],
...                    {player: [("opens2", "opens2"), ("opens3", "opens3")]}, actual=["opens3"])
>>> half = Fraction(1, 2)
>>> after = update(m, opens, occurrence={"opens2": [("car1", half), ("top", 1)],
...                                      "opens3": [("car1", half), ("top", 1)]})
>>> (here,) = after.actual                          # the car is behind door 2, and door 3 opened
>>> {after.origin(w)[0]: q for w, q in after.probability(player, here).items()}
{'car1': Fraction(1, 3), 'car2': Fraction(2, 3)}
>>> holds(after, parse_formula("K_player ~car3"))
True
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence

from ..errors import ModelError
from ..events import EventModel, check_event_model
from ..syntax import parse_formula
from ..updates import update as plain_update
from .chances import observation_given, occurrence_given
from .model import ProbabilisticModel

__all__ = ["update"]


def update(model: ProbabilisticModel, events: EventModel, *, occurrence: Mapping | None = None,
           observation: Mapping | None = None) -> ProbabilisticModel:
    """``model`` after the actual events of ``events``, the agents'
    probabilities updated by Bayes' rule on what each observed.

    Parameters
    ----------
    occurrence : mapping, optional
        For every event, how likely it is to happen: a number (the same at
        every world) or a list of ``(condition, number)`` pairs, the number
        of the first condition (a formula, or its text) that holds at the
        world, 0 where none does.  At each world the events that can happen
        there (their preconditions hold) have occurrence probabilities
        summing to 1.  Without it, those the event model carries, else each
        event happens with probability 1 wherever its precondition holds.
    observation : mapping, optional
        ``observation[agent][e][f]``: how likely ``agent``, when ``e``
        happens, takes it for ``f`` (among the events it cannot tell from
        ``e``; summing to 1).  Where not given, evenly.

    Raises
    ------
    ModelError
        For a model without probabilities, probabilities out of place (see
        above), or no actual event that can happen at an actual world.
    """
    if not isinstance(model, ProbabilisticModel):
        raise ModelError(f"epistemic.probability.update updates a ProbabilisticModel, got {type(model).__name__} "
                         f"(epistemic.update updates a model without probabilities)")
    check_event_model(events, model.agents)
    if occurrence is not None or observation is not None:
        # what is given replaces what the event model carries; what is not given, it keeps
        events = events.with_chances(_conditions_read(occurrence) if occurrence is not None else
                                     occurrence_given(events.occurrence), observation if observation is not None else
                                     observation_given(events.observation))
    after = plain_update(model, events)
    assert isinstance(after, ProbabilisticModel)    # the checker's product weighs a weighed model
    return after


def _conditions_read(occurrence: Mapping) -> Mapping:
    """``occurrence`` with each condition given as text read as a formula."""
    if not isinstance(occurrence, Mapping):
        raise ModelError("occurrence probabilities are a mapping from each event to a number or (condition, number) "
                         "pairs")
    read = {}
    for name, value in occurrence.items():
        if isinstance(value, Sequence) and not isinstance(value, (str, bytes)):
            value = [(parse_formula(item[0]), item[1])
                     if isinstance(item, Sequence) and len(item) == 2 and isinstance(item[0], str) else item
                     for item in value]
        read[name] = value
    return read

