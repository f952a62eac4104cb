"""The product update with probabilities (van Benthem, Gerbrandy and Kooi 2009).

After an event model, an agent at the new world ``(w, e)`` weighs each
world ``(v, f)`` it considers possible by three numbers: its old weight of
``v`` at ``w``; the *occurrence* probability of ``f`` at ``v`` (how likely
``f`` is to happen there); and its *observation* probability of ``f``
when ``e`` happens (how likely it takes ``f`` for ``e``).  The products,
normalized, are its new probability: Bayes' rule on what it observed.

Where an event model carries no occurrence probabilities (see
:mod:`epistemic.probability.chances`), each event happens with probability
1 wherever its precondition holds, and the update conditions on the
preconditions; where it carries no observation probabilities for an agent
and event, the agent spreads its observation of ``e`` evenly over the
events it cannot tell from ``e``.  A public announcement is then Bayes'
rule on what was announced, and a private one leaves the outsiders'
probabilities as they were.

Where the weights an agent would normalize sum to 0 (it gave what happened
probability 0), its probability at that world is undefined
(:meth:`~epistemic.probability.ProbabilisticModel.undefined`).
"""

from __future__ import annotations

from collections.abc import Callable
from fractions import Fraction
from typing import TYPE_CHECKING

from ..agents import Agent
from ..events import EventModel
from ..formulas import Formula
from .model import Measure, Number, ProbabilisticModel, _sums_to_one

if TYPE_CHECKING:
    import numpy as np

    from ..kripke import KripkeModel

__all__ = ["weighed_product", "observation_table", "occurrence_table"]


def observation_table(events: EventModel, exact: bool) -> dict[Agent, dict[int, tuple[tuple[int, Number], ...]]]:
    """Per agent and event number, the events (by number) the agent may take
    it for, with its observation probabilities: those the event model
    carries, else even."""
    position = {e.name: j for j, e in enumerate(events.events)}
    linked: dict[Agent, dict[int, list[int]]] = {a: {j: [] for j in range(len(events.events))} for a in events.agents}
    for agent, e, f in sorted(events.arrows, key=lambda t: (t[0].name, position[t[1]], position[t[2]])):
        linked[agent][position[e]].append(position[f])
    given = {(agent, position[e]): pairs for agent, e, pairs in events.observation}
    table: dict[Agent, dict[int, tuple[tuple[int, Number], ...]]] = {}
    for agent, by_event in linked.items():
        table[agent] = {}
        for j, targets in by_event.items():
            if (agent, j) in given:
                pairs = tuple((position[f], q if exact else float(q)) for f, q in given[agent, j])
            else:
                even = Fraction(1, len(targets)) if targets else Fraction(0)
                pairs = tuple((f, even if exact else float(even)) for f in targets)
            table[agent][j] = pairs
    return table


def occurrence_table(model: ProbabilisticModel, events: EventModel, new_id: np.ndarray,
                     truth: Callable[[Formula], np.ndarray]) -> list[list[Number]] | None:
    """``table[w][e]``, the probability that event ``e`` happens at world ``w``
    (``truth`` gives where a condition holds in ``model``); ``None`` where the
    events carry no occurrence probabilities.

    Raises
    ------
    ModelError
        Where at a world the events that can happen there (``new_id[w, e] >= 0``)
        have occurrence probabilities that do not sum to 1.
    """
    if not events.occurrence:
        return None
    exact = model.exact
    zero: Number = Fraction(0) if exact else 0.0
    table = [[zero] * len(events.events) for _ in model.worlds]
    position = {e.name: j for j, e in enumerate(events.events)}
    for name, pairs in events.occurrence:
        j = position[name]
        unset = [True] * len(model.worlds)
        for condition, q in pairs:
            number = q if exact else float(q)
            for w, holds_here in enumerate(truth(condition).tolist()):
                if holds_here and unset[w]:
                    table[w][j], unset[w] = number, False
    ids = new_id.tolist()
    for w, row in enumerate(table):
        _sums_to_one(sum((q for q, x in zip(row, ids[w]) if x >= 0), zero),
                     f"at world {model.worlds[w]!r} the occurrence probability of the events that can happen there",
                     exact)
    return table


def weighed_product(model: ProbabilisticModel, events: EventModel, after: KripkeModel, new_id: np.ndarray,
                    truth: Callable[[Formula], np.ndarray]) -> ProbabilisticModel:
    """``after``, the product of ``model`` and ``events`` numbered by
    ``new_id`` (see :meth:`~epistemic.KripkeModel.product`), with each
    agent's new probabilities; ``truth`` gives where a formula holds in
    ``model`` (for the events' occurrence conditions)."""
    exact = model.exact
    table = observation_table(events, exact)
    occurrence = occurrence_table(model, events, new_id, truth)
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
