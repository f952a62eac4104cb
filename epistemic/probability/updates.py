"""An event model with probabilities: how likely each event is, and how each agent takes it.

:func:`update` is :func:`epistemic.update` with the probabilities of van
Benthem, Gerbrandy and Kooi's product update given (see
:mod:`epistemic.probability.product`): ``occurrence`` says how likely each
event is to happen at each world, ``observation`` how likely an agent
takes one event for another.

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
>>> after = update(m, opens, occurrence={"opens2": [("car1", half), ("car3", 1)],
...                                      "opens3": [("car1", half), ("car2", 1)]})
>>> (here,) = after.actual                          # the car is behind door 2, and door 3 opened
>>> {after.origin(w)[0]: q for w, q in after.probability(player, here).items()}
{'car1': Fraction(1, 3), 'car2': Fraction(2, 3)}
>>> holds(after, parse_formula("K_player ~car3"))
True
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from fractions import Fraction

from ..checking import product, truth_array
from ..errors import ModelError
from ..events import EventModel, check_event_model
from ..formulas import Formula
from ..syntax import parse_formula
from ..updates import actual_after
from .model import Number, ProbabilisticModel, _number, _sums_to_one
from .product import weighed_product

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
        of the first condition (a formula) that holds at the world, 0 where
        none does.  At each world the events that can happen there (their
        preconditions hold) have occurrence probabilities summing to 1.
        Without it, each event happens with probability 1 wherever its
        precondition holds.
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
    after, new_id = product(model, events)
    chances = None if occurrence is None else _occurrence_table(model, events, occurrence, new_id)
    weighed = weighed_product(model, events, after, new_id, chances, observation)
    return weighed.with_actual(actual_after(model, events, new_id))


def _occurrence_table(model: ProbabilisticModel, events: EventModel, occurrence: Mapping,
                      new_id) -> list[list[Number]]:
    if not isinstance(occurrence, Mapping):
        raise ModelError("occurrence probabilities are a mapping from each event to a number or (condition, number) "
                         "pairs")
    names = [e.name for e in events.events]
    for name in occurrence:
        if name not in names:
            raise ModelError(f"occurrence probabilities name {name!r}, which is not an event")
    missing = [n for n in names if n not in occurrence]
    if missing:
        raise ModelError(f"occurrence probabilities name every event: {missing[0]!r} has none")
    exact = model.exact
    zero: Number = Fraction(0) if exact else 0.0
    table = [[zero] * len(names) for _ in model.worlds]
    for j, name in enumerate(names):
        given = occurrence[name]
        if isinstance(given, (str, bytes)) or not isinstance(given, Sequence):
            number = _number(given, f"the occurrence probability of {name!r}", exact)
            _at_most_one(number, name)
            for row in table:
                row[j] = number
            continue
        unset = [True] * len(model.worlds)
        for item in given:
            if not (isinstance(item, Sequence) and len(item) == 2 and isinstance(item[0], (Formula, str))):
                raise ModelError(f"the occurrence probability of {name!r} is a number or (condition, number) pairs, "
                                 f"got {item!r}")
            condition, q = item
            if isinstance(condition, str):
                condition = parse_formula(condition)
            number = _number(q, f"the occurrence probability of {name!r}", exact)
            _at_most_one(number, name)
            for w, holds_here in enumerate(truth_array(model, condition).tolist()):
                if holds_here and unset[w]:
                    table[w][j], unset[w] = number, False
    ids = new_id.tolist()
    for w, row in enumerate(table):
        _sums_to_one(sum((q for q, x in zip(row, ids[w]) if x >= 0), zero),
                     f"at world {model.worlds[w]!r} the occurrence probability of the events that can happen there",
                     exact)
    return table


def _at_most_one(number: Number, name: str) -> None:
    if number > 1:
        raise ModelError(f"the occurrence probability of {name!r} is {number}, above 1")
