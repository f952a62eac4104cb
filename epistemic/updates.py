"""Updates: a Kripke model after events happen, or after an announcement.

A product update needs the events' preconditions evaluated, so it sits
above the model checker: :mod:`epistemic.kripke` builds the product of a
model and an event model from tables of truth values,
:mod:`epistemic.checking` fills those tables in, and this module picks
the actual worlds of the result.  Public announcements of formulas, which
only restrict a model, are :func:`epistemic.after_announcement`.

Examples
--------
>>> from epistemic import Agent, KripkeModel, holds, parse_formula, private_event
>>> a, b = Agent("a"), Agent("b")
>>> m = KripkeModel.from_relations([a, b], {"w": {"p"}, "v": set()}, {a: [("w", "v")], b: [("w", "v")]},
...                                actual="w", reflexive=True, symmetric=True)
>>> told = update(m, private_event([a, b], None, [a], precondition=parse_formula("p")))
>>> holds(told, parse_formula("K_a p & ~B_b p & B_b ~K_a p"))
True
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from .announcements import Announcement
from .checking import product
from .errors import ModelError
from .events import EventModel, private_event, public_event
from .kripke import KripkeModel
from .validators import instance_of

if TYPE_CHECKING:
    import numpy as np

__all__ = ["update", "announce", "NO_ACTUAL_EVENT"]

#: Why an update is refused where it leaves no actual world; the symbolic engine says the same.
NO_ACTUAL_EVENT = "no actual event can happen at the actual world: its precondition fails"


def update(model: KripkeModel, events: EventModel) -> KripkeModel:
    """``model`` after the actual events of ``events`` happen: the product
    update.

    The new worlds are the pairs ``(w, e)`` whose precondition holds at
    ``w``, in the order of ``w`` then ``e``, renamed ``0, 1, ...`` (see
    :meth:`KripkeModel.origin`); an agent links ``(w, e)`` to ``(v, f)``
    when it links ``w`` to ``v`` and ``e`` to ``f``.  Postconditions add and
    remove facts, and set assigned atoms to the truth of their formulas
    before the event.  The actual worlds are the pairs of an actual world
    and an actual event that can happen there.

    Raises
    ------
    ModelError
        When ``events`` is not an event model over the model's agents, or
        no actual event can happen at an actual world.
    """
    instance_of(model, KripkeModel, "epistemic.updates.update updates a KripkeModel (epistemic.update updates a "
                "knowledge structure too)", error=ModelError, type_name=True)
    after, new_id = product(model, events)
    return after.with_actual(actual_after(model, events, new_id))


def actual_after(model: KripkeModel, events: EventModel, new_id: np.ndarray) -> list[int]:
    """The actual worlds of the product numbered by ``new_id``: the pairs of an
    actual world and an actual event that can happen there.

    Raises
    ------
    ModelError
        Where there is none.
    """
    position = {e.name: j for j, e in enumerate(events.events)}
    actual = [int(new_id[model.index(w), position[e]]) for w in model.actual for e in events.actual
              if new_id[model.index(w), position[e]] >= 0]
    if not actual:
        raise ModelError(NO_ACTUAL_EVENT)
    return actual


def announce(model: KripkeModel, announcement: Announcement) -> KripkeModel:
    """The model after ``announcement`` was made, as seen by its hearers.

    The fact that becomes true is the announcement itself.  A public one is
    seen by everyone; a subgroup one follows :func:`private_event`.  The
    result is restricted to the worlds reachable from the actual one, which
    keeps models built from many announcements small.

    Examples
    --------
    >>> from epistemic import Agent
    >>> p1, p2, p3 = Agent("p1"), Agent("p2"), Agent("p3")
    >>> promise = Announcement.private(p2, "2 1", [p3])
    >>> m = announce(KripkeModel.initial([p1, p2, p3]), promise)
    >>> promise in m.believed_facts([p3]), promise in m.believed_facts([p1])
    (True, False)
    >>> promise in m.believed_facts([p3, p1])  # p3 believes p1 was not told
    False
    >>> m.is_kd45(p1), m.is_equivalence(p1)
    (True, False)
    """
    instance_of(model, KripkeModel, "announce tells an Announcement in a KripkeModel (in a knowledge structure, "
                "announce a formula with epistemic.after_announcement)", error=ModelError, type_name=True)
    if announcement.speaker not in model.agents:
        raise ModelError(f"{announcement.speaker} is not an agent of the model")
    if announcement.audience is None:
        events = public_event(model.agents, announcement)
    else:
        unknown = announcement.audience - model.agents
        if unknown:
            raise ModelError(f"{sorted(unknown)[0]} is not an agent of the model")
        events = private_event(model.agents, announcement, announcement.audience)
    return update(model, events).generated()
