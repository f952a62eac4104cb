"""The product update with probabilities (van Benthem, Gerbrandy and Kooi 2009).

After an event model, an agent at the new world ``(w, e)`` weighs each
world ``(v, f)`` it considers possible by three numbers: its old weight of
``v`` at ``w``; the *occurrence* probability of ``f`` at ``v`` (how likely
``f`` is to happen there); and its *observation* probability of ``f``
when ``e`` happens (how likely it takes ``f`` for ``e``).  The products,
normalized, are its new probability: Bayes' rule on what it observed.

Where an event model gives no occurrence probabilities, each event happens
with probability 1 wherever its precondition holds, and the update
conditions on the preconditions; where it gives no observation
probabilities, an agent spreads its observation of ``e`` evenly over the
events it cannot tell from ``e``.  A public announcement is then Bayes'
rule on what was announced, and a private one leaves the outsiders'
probabilities as they were.

Where the weights an agent would normalize sum to 0 (it gave what happened
probability 0), its probability at that world is undefined
(:meth:`~epistemic.probability.ProbabilisticModel.undefined`).
"""

from __future__ import annotations

from collections.abc import Mapping
from fractions import Fraction
from typing import TYPE_CHECKING

from ..agents import Agent
from ..errors import ModelError
from ..events import EventModel
from .model import Measure, Number, ProbabilisticModel, _number, _sums_to_one

if TYPE_CHECKING:
    import numpy as np

    from ..kripke import KripkeModel

__all__ = ["weighed_product", "observation_table"]


def observation_table(events: EventModel, observation: Mapping | None,
                      exact: bool) -> dict[Agent, dict[int, tuple[tuple[int, Number], ...]]]:
    """Per agent and event number, the events (by number) the agent may take
    it for, with its observation probabilities: those given in
    ``observation[agent][event][other]``, else even.

    Raises
    ------
    ModelError
        For an unknown agent or event, a probability below 0, probabilities
        that do not sum to 1, or weight on an event the agent can tell
        apart from the one that happens.
    """
    position = {e.name: j for j, e in enumerate(events.events)}
    linked: dict[Agent, dict[int, list[int]]] = {a: {j: [] for j in range(len(events.events))} for a in events.agents}
    for agent, e, f in sorted(events.arrows, key=lambda t: (t[0].name, position[t[1]], position[t[2]])):
        linked[agent][position[e]].append(position[f])
    given = {} if observation is None else observation
    if not isinstance(given, Mapping):
        raise ModelError("observation probabilities are a mapping: agent -> event -> {event: probability}")
    for agent in given:
        if agent not in linked:
            raise ModelError(f"observation probabilities are given for {agent}, who is not an agent of the event model")
    table: dict[Agent, dict[int, tuple[tuple[int, Number], ...]]] = {}
    for agent, by_event in linked.items():
        mine = given.get(agent, {})
        if not isinstance(mine, Mapping):
            raise ModelError(f"the observation probabilities of {agent} are a mapping: event -> {{event: probability}}")
        for name in mine:
            if name not in position:
                raise ModelError(f"the observation probabilities of {agent} name {name!r}, which is not an event")
        table[agent] = {}
        for j, targets in by_event.items():
            name = events.events[j].name
            if name not in mine:
                even: Number = Fraction(1, len(targets)) if targets else Fraction(0)
                table[agent][j] = tuple((f, even if exact else float(even)) for f in targets)
                continue
            pairs = []
            for other, q in mine[name].items():
                if other not in position:
                    raise ModelError(f"the observation probabilities of {agent} at {name!r} name {other!r}, "
                                     f"which is not an event")
                weight = _number(q, f"the observation probability of {agent} at {name!r} of {other!r}", exact)
                if weight == 0:
                    continue
                if position[other] not in targets:
                    raise ModelError(f"{agent} can tell {name!r} from {other!r}, so its observation probability "
                                     f"of {other!r} at {name!r} is 0, not {weight}")
                pairs.append((position[other], weight))
            _sums_to_one(sum(q for _, q in pairs), f"the observation probability of {agent} at {name!r}", exact)
            table[agent][j] = tuple(sorted(pairs))
    return table


def weighed_product(model: ProbabilisticModel, events: EventModel, after: KripkeModel, new_id: np.ndarray,
                    occurrence: list[list[Number]] | None = None,
                    observation: Mapping | None = None) -> ProbabilisticModel:
    """``after``, the product of ``model`` and ``events`` numbered by
    ``new_id`` (see :meth:`~epistemic.KripkeModel.product`), with each
    agent's new probabilities.

    ``occurrence[w][e]``, where given, is the probability that event ``e``
    happens at world ``w`` (read only where its precondition holds); else 1.
    """
    exact = model.exact
    table = observation_table(events, observation, exact)
    ids = new_id.tolist()
    origin = [(w, e) for w, row in enumerate(ids) for e, x in enumerate(row) if x >= 0]
    one: Number = Fraction(1) if exact else 1.0

    def occurs(v: int, f: int) -> Number:
        return one if occurrence is None else occurrence[v][f]

    measures: dict[Agent, tuple[Measure, ...]] = {}
    for agent in sorted(model.agents):
        seen = table[agent]
        made: list[Measure] = []
        for w, e in origin:
            before = model.measure(agent, w)
            if before is None:
                made.append(None)
                continue
            weights = []
            for v, q in before:
                for f, r in seen[e]:
                    x = ids[v][f]
                    if x >= 0:
                        weight = q * occurs(v, f) * r
                        if weight:
                            weights.append((x, weight))
            total = sum(q for _, q in weights)
            made.append(None if total == 0 else tuple(sorted((x, q / total) for x, q in weights)))
        measures[agent] = tuple(made)
    return ProbabilisticModel._made(after, measures, exact)
