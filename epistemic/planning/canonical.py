"""A canonical key of an epistemic state: equal exactly for bisimilar states.

A planner meets the same state again and again, each time as a different
model: the worlds renamed, in another order, some copied.  Two
multi-pointed models are the same state when they are bisimilar with their
designated worlds matching (each designated world of either is bisimilar
to a designated world of the other); they then satisfy the same formulas.
:func:`state_key` gives a hashable key that is equal for two models
exactly when this is so, so that a search can keep the states it has seen
in a set.

The key is read off the model's bisimulation contraction (kept to the
worlds the designated ones reach), in which no two worlds are bisimilar.
Its worlds are coloured, first by their facts and whether they are
designated, then, round by round, by their colour and each agent's set
of successor colours, every round numbering the distinct signatures in
their sorted order, so that a colour depends on what a world is and never
on where it stands in the model.  In a contraction the colours end up
all different, which puts the worlds in a canonical order; the key lists,
in that order, each world's facts, whether it is designated, and each
agent's relation.

Examples
--------
>>> from epistemic import Agent, KripkeModel
>>> a = Agent("a")
>>> one = KripkeModel.from_relations([a], {"w": {"p"}, "v": set()}, {a: [("w", "v")]}, actual="w",
...                                  reflexive=True, symmetric=True)
>>> other = KripkeModel.from_relations([a], {"x": set(), "y": {"p"}, "z": {"p"}},
...                                    {a: [("x", "y"), ("y", "z")]}, actual=["y", "z"],
...                                    reflexive=True, symmetric=True)
>>> state_key(one) == state_key(other)      # y and z are copies of w
True
>>> state_key(one) == state_key(one.with_actual(["v"]))
False
"""

from __future__ import annotations

from collections.abc import Hashable
from typing import TYPE_CHECKING

from ..bisimulation import contract, numbered_in_sorted_order, reached_sets, reached_tuples
from ..errors import ModelError
from ..kripke import KripkeModel
from ..relations import FEW_WORLDS, Partition, Relation

if TYPE_CHECKING:
    import numpy as np

__all__ = ["state_key", "contracted", "StateKey"]

#: A state's key: its facts and agents (shared by the states of a task), and the rest packed in bytes.
StateKey = tuple[tuple[tuple[Hashable, ...], tuple[str, ...]], bytes]


def contracted(state: KripkeModel) -> KripkeModel:
    """The bisimulation contraction of what the designated worlds of ``state`` reach.

    Examples
    --------
    >>> from epistemic import Agent, KripkeModel
    >>> a = Agent("a")
    >>> m = KripkeModel.from_relations([a], {"w": {"p"}, "v": {"p"}, "u": set()}, {a: [("w", "v")]},
    ...                                actual="w", reflexive=True, symmetric=True)
    >>> contracted(m).worlds     # v is a copy of w, and nothing reaches u
    ['w']
    """
    return contract(state.generated())


def state_key(state: KripkeModel) -> StateKey:
    """A key of ``state`` equal to another's exactly when the two are bisimilar
    with their designated worlds matching.

    The key is a tuple of the state's facts and agents' names, which the
    states of one task share, and bytes.

    Notes
    -----
    The contraction and the colouring are each a partition refinement: a
    round costs ``O(n log n + arrows)``, and there are at most ``n`` rounds,
    usually a handful.

    Examples
    --------
    >>> from epistemic import Agent, KripkeModel
    >>> a = Agent("a")
    >>> m = KripkeModel.from_relations([a], {"w": {"p"}, "v": set()}, {a: [("w", "v")]}, actual="w",
    ...                                reflexive=True, symmetric=True)
    >>> state_key(m)[0]
    (('p',), ('a',))
    >>> state_key(m) == state_key(m.renamed({"w": "v", "v": "w"}))
    True
    """
    return key_of_contraction(contracted(state))


def key_of_contraction(state: KripkeModel) -> StateKey:
    """The key of a state that is its own contraction (see :func:`contracted`)."""
    import numpy as np
    n = len(state)
    if n <= FEW_WORLDS:
        return _few_key(state)
    facts_of = state.facts_by_number
    atoms = tuple(sorted(frozenset().union(*facts_of), key=_fact_order))
    facts = np.zeros((n, len(atoms)), dtype=bool)
    position = {fact: j for j, fact in enumerate(atoms)}
    # one assignment for all the worlds' facts at once
    facts[np.repeat(np.arange(n), [len(own) for own in facts_of]),
          np.fromiter((position[fact] for own in facts_of for fact in own), dtype=np.int64)] = True
    designated = np.zeros(n, dtype=bool)
    designated[[state.index(w) for w in state.actual]] = True
    agents = sorted(state.agents)
    relations = [state.relation_of(agent) for agent in agents]

    colour, count = numbered_in_sorted_order(np.column_stack([facts, designated]).astype(np.int64))
    while count < n:
        columns = [colour] + [reached_sets(relation, colour, count) for relation in relations]
        refined, refined_count = numbered_in_sorted_order(np.stack(columns, axis=1))
        if refined_count == count:   # each round refines the last: as many colours is the same colours
            break
        colour, count = refined, refined_count
    if count < n:
        raise ModelError(_NOT_CONTRACTED)

    order = np.argsort(colour)      # the world of each colour
    parts = [np.array([n, len(atoms)], dtype=np.int64).tobytes(),
             np.packbits(facts[order], axis=None).tobytes(), np.packbits(designated[order]).tobytes()]
    for relation in relations:
        parts.append(_relation_bytes(relation, colour, order, n))
    return (atoms, tuple(agent.name for agent in agents)), b"".join(parts)


#: Why a key is refused: bisimilar worlds would share a colour, and their order would then be the model's.
_NOT_CONTRACTED = "key_of_contraction needs a contracted state: use state_key"


def _few_key(state: KripkeModel) -> StateKey:
    """:func:`key_of_contraction` of a state of few worlds, the same bytes, the colours refined over
    Python tuples: a set of colours is its sorted tuple, which sorts as the numbers of the sets do
    (the empty one first)."""
    import numpy as np
    n = len(state)
    facts_of = state.facts_by_number
    atoms = tuple(sorted(frozenset().union(*facts_of), key=_fact_order))
    facts = [[fact in own for fact in atoms] for own in facts_of]
    designated = [False] * n
    for w in state.actual:
        designated[state.index(w)] = True
    agents = sorted(state.agents)
    relations = [state.relation_of(agent) for agent in agents]
    successors = [relation.successor_lists() for relation in relations]

    rows: list[tuple] = [(*row, mark) for row, mark in zip(facts, designated)]
    count = 0
    while True:
        numbers = {row: number for number, row in enumerate(sorted(set(rows)))}
        if len(numbers) == count:   # each round refines the last: as many colours is the same colours
            break
        colour, count = [numbers[row] for row in rows], len(numbers)
        if count == n:
            break
        reached = [reached_tuples(succ, colour) for succ in successors]
        rows = [(colour[w], *(sets[w] for sets in reached)) for w in range(n)]
    if count < n:
        raise ModelError(_NOT_CONTRACTED)

    order = sorted(range(n), key=colour.__getitem__)      # the world of each colour
    parts = [np.array([n, len(atoms)], dtype=np.int64).tobytes(),
             np.packbits(np.array([bit for w in order for bit in facts[w]], dtype=bool)).tobytes(),
             np.packbits(np.array([designated[w] for w in order], dtype=bool)).tobytes()]
    for relation, succ in zip(relations, successors):
        if isinstance(relation, Partition) or relation.is_equivalence():
            least = [sets[0] if sets else n for sets in reached_tuples(succ, colour)]
            parts.append(b"S" + _packed(np.array([least[w] for w in order]), n))
        else:
            arrows = sorted(colour[w] * n + colour[v] for w in range(n) for v in succ[w])
            parts.append(b"A" + np.int64(len(arrows)).tobytes() + _packed(np.array(arrows, dtype=np.int64), n * n))
    return (atoms, tuple(agent.name for agent in agents)), b"".join(parts)


def _fact_order(fact: Hashable) -> tuple[str, str]:
    # facts are atom names in planning, but a model may hold any hashable: order them by type, then text
    return type(fact).__name__, repr(fact)


def _relation_bytes(relation: Relation, colour: np.ndarray, order: np.ndarray, n: int) -> bytes:
    """An agent's relation over the worlds in colour order: an equivalence as
    each world's least colour in its class, any other as its sorted arrows."""
    import numpy as np
    if isinstance(relation, Partition):
        least = np.full(relation.count, n, dtype=np.int64)
        np.minimum.at(least, relation.block, colour)
        return b"S" + _packed(least[relation.block][order], n)
    rows, cols = relation.pairs()
    if relation.is_equivalence():   # a model may keep an equivalence as arrows: the same relation
        least = np.full(n, n, dtype=np.int64)
        np.minimum.at(least, rows, colour[cols])
        return b"S" + _packed(least[order], n)
    arrows = np.sort(colour[rows] * n + colour[cols])
    return b"A" + np.int64(len(arrows)).tobytes() + _packed(arrows, n * n)


def _packed(numbers: np.ndarray, bound: int) -> bytes:
    """Numbers below ``bound`` in as few bytes each as they need (the key
    starts with the number of worlds, which fixes ``bound``)."""
    import numpy as np
    for kind in (np.uint8, np.uint16, np.uint32):
        if bound <= np.iinfo(kind).max:
            return numbers.astype(kind).tobytes()
    return numbers.astype(np.int64).tobytes()
