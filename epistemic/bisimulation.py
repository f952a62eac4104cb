"""Bisimulation: the worlds no formula tells apart, and the smallest model of them.

Two worlds are bisimilar when they have the same facts and, for every
agent, each successor of either is matched by a bisimilar successor of the
other.  Bisimilar worlds satisfy the same formulas of knowledge, belief,
everybody's and common knowledge, and of public, private and semi-private
announcements and event models; distributed knowledge is the exception, as
it looks at the intersection of relations, which bisimulation does not
preserve.  Merging each class of bisimilar worlds into one world, the
*contraction*, therefore changes no truth but can shrink a model a lot:
the copies that product updates make of worlds (a private event that
changes no fact doubles a model) are merged back.

:func:`bisimulation_labels` finds the classes of the largest bisimulation
by partition refinement: worlds start grouped by their facts, and a group
is split while its worlds reach different sets of groups through some
agent's relation.

Examples
--------
>>> from epistemic import Agent, KripkeModel, private_event, update
>>> a, b = Agent("a"), Agent("b")
>>> m = KripkeModel.from_relations([a, b], {"w": {"p"}, "v": set()}, {a: [("w", "v")]},
...                                actual="w", reflexive=True, symmetric=True)
>>> bigger = update(m, private_event([a, b], None, [a]))   # a learns nothing: a useless event
>>> len(bigger), bisimulation_classes(bigger)
(4, [[0, 1], [2, 3]])
>>> small = contract(bigger)
>>> small.worlds, sorted(small.actual), small.partition(a), small.partition(b)
([0, 2], [0], [[0, 2]], [[0], [2]])
>>> [small.origin(w) for w in small.worlds]
[('w', 'told'), ('v', 'told')]
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from .kripke import KripkeModel, World
from .relations import FEW_WORLDS, Partition, Relation, relation_from_pairs

if TYPE_CHECKING:
    import numpy as np

# numpy (a tenth of a second to import) is imported where used: the symbolic engine imports this module
# and never calls what uses it

__all__ = ["bisimulation_classes", "bisimulation_labels", "contract", "contraction"]

_SLACK = 65536  # cells of padding always allowed when numbering sets of classes (see reached_sets)


def bisimulation_labels(model: KripkeModel) -> np.ndarray:
    """The class of each world (by world number) in the largest bisimulation.

    Classes are numbered ``0, 1, ...`` in the order of their first world,
    so equal partitions give equal arrays.  The array is read-only and
    cached in the model.

    Notes
    -----
    Partition refinement: each round gives every world the signature of its
    class and, per agent, the set of classes it reaches, and numbers the
    distinct signatures with numpy.  A round costs ``O(n log n + arrows)``
    (for a partition, the pairs of block and class, at most ``n``), and
    there are at most ``n`` rounds, usually a handful.

    Examples
    --------
    >>> from epistemic import Agent, KripkeModel
    >>> a = Agent("a")
    >>> chain = KripkeModel.from_relations([a], {"x": (), "y": (), "z": ()},
    ...                                    {a: [("x", "y"), ("y", "z")]}, actual="x")
    >>> bisimulation_labels(chain).tolist()   # x sees y, which sees z, which sees nothing
    [0, 1, 2]
    """
    import numpy as np
    key = ("bisimulation",)
    if key in model.cache:
        return model.cache[key]
    if len(model) <= FEW_WORLDS:
        label = np.array(_few_labels(model), dtype=np.int64)
        label.flags.writeable = False
        model.cache[key] = label
        return label
    worlds = model.worlds
    kinds: dict[frozenset, int] = {}
    label = np.array([kinds.setdefault(model.facts(w), len(kinds)) for w in worlds], dtype=np.int64)
    count = len(kinds)
    relations = [model.relation_of(agent) for agent in sorted(model.agents)]
    while relations and len(worlds):
        columns = [label] + [reached_sets(relation, label, count) for relation in relations]
        refined, refined_count = _number_rows(np.stack(columns, axis=1))
        if refined_count == count:   # each round refines the last: the same number of classes is the same classes
            break
        label, count = refined, refined_count
    label.flags.writeable = False
    model.cache[key] = label
    return label


def _few_labels(model: KripkeModel) -> list[int]:
    """:func:`bisimulation_labels` as a list, refined over Python sets: the same rounds, each world's
    signature its class and, per agent, the set of classes it reaches, numbered by first appearance."""
    kinds: dict[frozenset, int] = {}
    label = [kinds.setdefault(facts, len(kinds)) for facts in model.facts_by_number]
    count = len(kinds)
    successors = [model.relation_of(agent).successor_lists() for agent in sorted(model.agents)]
    while successors:
        signatures: dict[tuple, int] = {}
        reached = [reached_tuples(succ, label) for succ in successors]
        refined = [signatures.setdefault((label[w], *(sets[w] for sets in reached)), len(signatures))
                   for w in range(len(label))]
        if len(signatures) == count:   # each round refines the last: as many classes is the same classes
            break
        label, count = refined, len(signatures)
    return label


def reached_tuples(successors: list[list[int]], label: list[int]) -> list[tuple[int, ...]]:
    """Per world, the labels of its successors (from :meth:`~epistemic.relations.Relation.successor_lists`),
    sorted and distinct: equal tuples exactly for equal sets, sorted as :func:`reached_sets` numbers
    them.  Worlds sharing a list of successors (a block of a partition) share the work."""
    known: dict[int, tuple[int, ...]] = {}
    out = []
    for succ in successors:
        reached = known.get(id(succ))
        if reached is None:
            reached = known[id(succ)] = tuple(sorted({label[v] for v in succ}))
        out.append(reached)
    return out


def bisimulation_classes(model: KripkeModel) -> list[list[World]]:
    """The classes of bisimilar worlds, as lists of worlds in the model's
    order, the classes in the order of their first world.

    Examples
    --------
    >>> from epistemic import Agent, KripkeModel
    >>> a = Agent("a")
    >>> m = KripkeModel.from_relations([a], {"w": {"p"}, "v": {"p"}, "u": set()},
    ...                                {a: [("w", "v")]}, actual="w", reflexive=True, symmetric=True)
    >>> bisimulation_classes(m)
    [['w', 'v'], ['u']]
    """
    label = bisimulation_labels(model)
    classes: list[list[World]] = [[] for _ in range(_count(label))]
    for world, c in zip(model.worlds, label.tolist()):
        classes[c].append(world)
    return classes


def contract(model: KripkeModel) -> KripkeModel:
    """The bisimulation contraction: one world per class of bisimilar worlds.

    Each class becomes its first world (in the model's order), with that
    world's name, facts and (after an update) origin.  An agent links two
    classes when it links some of their worlds; a partition stays a
    partition, and arrows that become an equivalence turn into one.  The
    actual worlds are the classes of the actual worlds.  A model that is
    already minimal is returned as it is, so contracting twice is
    contracting once.

    Examples
    --------
    >>> from epistemic import Agent, KripkeModel, holds, parse_formula
    >>> a, b = Agent("a"), Agent("b")
    >>> m = KripkeModel.from_relations([a, b], {"w": {"p"}, "v": {"p"}, "u": set()},
    ...                                {a: [("w", "v")], b: [("v", "u")]}, actual="w",
    ...                                reflexive=True, symmetric=True)
    >>> len(contract(m))          # w and v differ: at v, b considers u possible
    3
    >>> belief = KripkeModel.from_relations([a], {"w": {"p"}, "v": {"p"}, "u": set()},
    ...                                     {a: [("w", "v"), ("v", "v"), ("u", "v")]}, actual="u")
    >>> small = contract(belief)
    >>> small.worlds, sorted(small.relation(a)), holds(small, parse_formula("~p & B_a p"))
    (['w', 'u'], [('u', 'w'), ('w', 'w')], True)
    """
    import numpy as np
    label = bisimulation_labels(model)
    count = _count(label)
    if count == len(model):
        return model
    first = np.unique(label, return_index=True)[1]   # classes are numbered by their first world
    worlds = model.worlds
    names = [worlds[i] for i in first.tolist()]
    relations: dict = {}
    for agent in model.agents:
        relation = model.relation_of(agent)
        if isinstance(relation, Partition):
            # the classes a block reaches are the same from each of its worlds: blocks of the
            # quotient are the classes reaching the same set of classes
            relations[agent] = Partition(reached_sets(relation, label, count)[first])
        else:
            rows, cols = relation.pairs()
            relations[agent] = relation_from_pairs(label[rows], label[cols], count)
    actual = {names[label[model.index(w)]] for w in model.actual}
    origin = [o for o in (model.origin(w) for w in names) if o is not None]
    return KripkeModel(names, [model.facts(w) for w in names], relations, actual,
                       origin if len(origin) == len(names) else None, model.s5_before)


def contraction(model: KripkeModel) -> tuple[KripkeModel, np.ndarray]:
    """``model`` contracted (:func:`contract`), and the class of each of its worlds
    (:func:`bisimulation_labels`), cached in the model.

    Examples
    --------
    >>> from epistemic import Agent, KripkeModel
    >>> a = Agent("a")
    >>> m = KripkeModel.from_relations([a], {"w": {"p"}, "v": {"p"}}, {a: [("w", "v")]},
    ...                                actual="w", reflexive=True, symmetric=True)
    >>> small, label = contraction(m)
    >>> small.worlds, label.tolist(), contraction(m)[0] is small
    (['w'], [0, 0], True)
    """
    import numpy as np
    key = ("contracted",)
    if key not in model.cache:
        small = contract(model)
        model.cache[key] = (small, bisimulation_labels(model))
        if key not in small.cache:  # a contraction is minimal: asking for its own costs nothing
            identity = np.arange(len(small))
            identity.flags.writeable = False
            small.cache[key] = (small, identity)
    return model.cache[key]


def _count(label: np.ndarray) -> int:
    return int(label.max()) + 1 if len(label) else 0


def reached_sets(relation: Relation, label: np.ndarray, count: int) -> np.ndarray:
    """Per world, a number for the set of classes (of ``label``, numbered
    below ``count``) its successors are in: equal numbers exactly for equal
    sets, ``0`` for no successor and ``1, 2, ...`` in the sorted order of the
    sets, so that a number depends on its set alone, never on the order of
    the worlds (:mod:`epistemic.planning.canonical` rests on this)."""
    import numpy as np
    if isinstance(relation, Partition):
        owner, owners, of_world = relation.block, relation.count, relation.block
        targets = label
    else:
        owner, targets = relation.pairs()
        owners, of_world = relation.size, None
        targets = label[targets]
    code = np.unique(owner * count + targets)            # sorted, distinct (owner, class) pairs
    owner, classes = code // count, code % count
    per_owner = np.zeros(owners, dtype=np.int64)         # 0: reaches nothing
    if len(code):
        heads = np.flatnonzero(np.r_[True, owner[1:] != owner[:-1]])
        sizes = np.diff(np.r_[heads, len(code)])
        widest = int(sizes.max())
        if len(heads) * widest <= 8 * len(code) + _SLACK:
            # each owner's sorted classes as a row padded with -1: equal rows are equal sets, and rows
            # sort as the sets do (a set before those it begins)
            table = np.full((len(heads), widest), -1, dtype=np.int64)
            table[np.repeat(np.arange(len(heads)), sizes), np.arange(len(code)) - np.repeat(heads, sizes)] = classes
            per_owner[owner[heads]] = numbered_in_sorted_order(table)[0] + 1
        else:  # a few owners reach many classes: padding would waste memory
            sets = [tuple(group.tolist()) for group in np.split(classes, heads[1:])]
            numbers = {reached: number for number, reached in enumerate(sorted(set(sets)), start=1)}
            per_owner[owner[heads]] = [numbers[reached] for reached in sets]
    return per_owner if of_world is None else per_owner[of_world]


def numbered_in_sorted_order(rows: np.ndarray) -> tuple[np.ndarray, int]:
    """Number the distinct rows ``0, 1, ...`` in their sorted order, and count them."""
    import numpy as np
    distinct, inverse = np.unique(rows, axis=0, return_inverse=True)
    return inverse.ravel().astype(np.int64), len(distinct)


def _number_rows(rows: np.ndarray) -> tuple[np.ndarray, int]:
    """Number the distinct rows ``0, 1, ...`` in order of first appearance."""
    import numpy as np
    _, first, inverse = np.unique(rows, axis=0, return_index=True, return_inverse=True)
    order = np.argsort(np.argsort(first))
    return order[inverse.ravel()].astype(np.int64), len(first)
