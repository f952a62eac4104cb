"""Between Kripke models and knowledge structures, both ways.

:func:`from_kripke` describes a Kripke model by a knowledge structure: its
atoms become variables, hidden variables number the worlds that share a
valuation, an S5 agent observes hidden variables that number the blocks of
its partition, and any other agent gets its arrows as a relation.  The
states are the worlds, one for one, and keep their names.

:func:`to_kripke` lists a structure's states as worlds (up to a limit):
an S5 agent's partition groups the states that agree on what it observes.
Both directions keep every formula's truth, so a model and its round trip
are bisimilar (they are even isomorphic).

Examples
--------
>>> from epistemic import Agent, KripkeModel, parse_formula, holds
>>> a = Agent("a")
>>> m = KripkeModel.from_relations([a], {"w": {"p"}, "v": set(), "u": set()}, {a: [("w", "v")]},
...                                actual="w", reflexive=True, symmetric=True)
>>> s = from_kripke(m)
>>> s, s.state_names(s.law)
(<KnowledgeStructure: 3 states, 1 atoms, 1 agents (S5)>, ['w', 'v', 'u'])
>>> back = to_kripke(s)
>>> sorted(back.worlds), back.partition(a)
(['u', 'v', 'w'], [['w', 'v'], ['u']])
"""

from __future__ import annotations

from collections.abc import Hashable, Sequence
from typing import TYPE_CHECKING

from ..errors import ModelError
from ..formulas import ATOM_NAME
from ..kripke import KripkeModel
from ..agents import Agent
from ..relations import Partition, Relation, relation_from_pairs
from .bdds import Manager, bits_for, prime
from .structure import KnowledgeStructure, Variables

if TYPE_CHECKING:
    import numpy as np

# numpy (a tenth of a second to import) is imported where used: only a conversion between the engines uses it

__all__ = ["from_kripke", "to_kripke", "listing_size", "beyond_listing", "STATES", "LISTED"]

#: :func:`to_kripke` lists at most this many states by default.
STATES = 100_000
#: ... and at most this many states and arrows together: listing an arrow
#: costs about as much as a state, and a relation may give each state many.
LISTED = 500_000


def from_kripke(model: KripkeModel) -> KnowledgeStructure:
    """The knowledge structure of ``model``: one state per world, same names.

    An S5 agent whose partition is given by which atoms it observes (two
    worlds are in one block exactly where they agree on those atoms) observes
    them; any other S5 agent observes hidden variables that number its
    blocks.  Facts that are not atom names (that no formula can write) are
    left out.

    Examples
    --------
    a tells p apart and b nothing: they observe ``p`` and nothing, and the
    structure has no variable but ``p``.

    >>> from epistemic import Agent, KripkeModel
    >>> a, b = Agent("a"), Agent("b")
    >>> m = KripkeModel.from_relations([a, b], {"w": {"p"}, "v": set()}, {b: [("w", "v")]},
    ...                                actual="w", reflexive=True, symmetric=True)
    >>> s = from_kripke(m)
    >>> s.atoms, s.variables, s.observables
    ({'p': 'x0'}, ('x0',), {Agent('a'): frozenset({'x0'}), Agent('b'): frozenset()})
    """
    import numpy as np
    m = Manager()
    facts = sorted({f for w in model.worlds for f in model.facts(w) if isinstance(f, str) and ATOM_NAME.fullmatch(f)})
    atoms = {f: m.fresh() for f in facts}
    variables = list(atoms.values())
    states: list[set[str]] = [{atoms[f] for f in model.facts(w) if f in atoms} for w in model.worlds]

    # hidden variables tell apart the worlds that share a valuation
    seen: dict[frozenset, int] = {}
    copy = []
    for s in states:
        key = frozenset(s)
        copy.append(seen.get(key, 0))
        seen[key] = copy[-1] + 1
    number_vars = [m.fresh() for _ in range(bits_for(max(seen.values(), default=1)))]
    variables += number_vars
    for s, c in zip(states, copy):
        s.update(v for i, v in enumerate(number_vars) if c >> i & 1)

    # what an S5 agent may observe instead of its blocks' numbers: the atoms and the numbers of copies
    candidates = list(variables)
    values = np.array([[v in s for v in candidates] for s in states], dtype=bool).reshape(len(states),
                                                                                       len(candidates))
    observables, relations = {}, {}
    for agent in sorted(model.agents, key=lambda a: a.name):
        relation = model.relation_of(agent)
        if isinstance(relation, Partition):
            block = relation.block
            observed = _observed(block, values, candidates)
            if observed is None:
                count = int(block.max()) + 1 if len(block) else 0
                block_vars = [m.fresh() for _ in range(bits_for(count))]
                variables += block_vars
                for s, b in zip(states, block.tolist()):
                    s.update(v for i, v in enumerate(block_vars) if b >> i & 1)
                observed = frozenset(block_vars)
            observables[agent] = observed
        else:
            relations[agent] = relation
    full = [frozenset(s) for s in states]
    cubes = [m.cube({v: v in s for v in variables}) for s in full]
    law = m.false
    for c in cubes:
        law |= c
    built = {}
    for agent, relation in relations.items():
        rows, cols = relation.pairs()
        arrows = m.false
        primed = [m.primed(c, variables) for c in cubes]
        for r, c in zip(rows.tolist(), cols.tolist()):
            arrows |= cubes[r] & primed[c]
        built[agent] = arrows
    actual = [full[model.index(w)] for w in sorted(model.actual, key=model.index)]   # in the worlds' order
    return KnowledgeStructure(m, atoms, variables, law, observables, built, actual, WorldNames(full, model.worlds),
                              s5_before=model.s5_before)


def _observed(block: np.ndarray, values: np.ndarray, candidates: Sequence[str]) -> frozenset[str] | None:
    """The variables among ``candidates`` (``values``: theirs at each world,
    a row a world) whose values tell the blocks of a partition apart exactly
    (each block's worlds agree on them, and no two blocks do), or ``None``
    where they do not."""
    import numpy as np
    if not len(block):
        return frozenset()
    first = np.unique(block, return_index=True)[1]
    constant = (values == values[first[block]]).all(axis=0)
    kept = values[first][:, constant]
    if len({row.tobytes() for row in kept}) != len(first):
        return None
    return frozenset(v for v, c in zip(candidates, constant.tolist()) if c)


class WorldNames:
    """The names of the states made from a Kripke model's worlds, and their order."""

    def __init__(self, states: Sequence[Variables], worlds: Sequence[Hashable]):
        self.names = dict(zip(states, worlds))
        self.order = {s: i for i, s in enumerate(states)}

    def __call__(self, state: Variables) -> Hashable:
        return self.names[state]

    def rank(self, state: Variables) -> int:
        return self.order[state]


def listing_size(structure: KnowledgeStructure) -> tuple[int, int]:
    """What listing ``structure`` as a Kripke model (:func:`to_kripke`) makes:
    its states, and the arrows among them of the agents that have a relation
    (an S5 agent's partition costs no arrows).  Counted on the diagrams,
    nothing listed; cached.

    Examples
    --------
    >>> from epistemic import Agent, parse_formula
    >>> s = KnowledgeStructure.build(["p", "q"], parse_formula("top"), {Agent("a"): ["p"]},
    ...                              relations={Agent("b"): parse_formula("q'")})
    >>> listing_size(s)
    (4, 8)
    """
    key = ("listing",)
    if key not in structure.cache:
        arrows = 0
        if structure.relations:
            m, names = structure.manager, structure.variables
            within = structure.law & m.primed(structure.law, names)
            care = [*names, *(prime(v) for v in names)]
            arrows = sum(m.count(relation & within, care) for relation in structure.relations.values())
        structure.cache[key] = (structure.size, arrows)
    return structure.cache[key]


def beyond_listing(states: int, arrows: int, limit: int = STATES, listed: int = LISTED) -> str | None:
    """Why :func:`to_kripke` refuses a structure of ``states`` states and
    ``arrows`` arrows (:func:`listing_size`), in words, or ``None`` where it
    lists it.

    Examples
    --------
    >>> beyond_listing(131_072, 0), beyond_listing(4_096, 16_777_216), beyond_listing(65_536, 0)
    ('131,072 states, more than the 100,000', '4,096 states and 16,777,216 arrows, more than the 500,000', None)
    """
    if states > limit:
        return f"{states:,} states, more than the {limit:,}"
    if states + arrows > listed:
        return f"{states:,} states and {arrows:,} arrows, more than the {listed:,}"
    return None


def to_kripke(structure: KnowledgeStructure, limit: int = STATES, listed: int = LISTED) -> KripkeModel:
    """The Kripke model listing the states of ``structure`` as worlds.

    Raises
    ------
    ModelError
        When the structure has more than ``limit`` states, or more than
        ``listed`` states and arrows together (:func:`listing_size`; both
        counted before anything is listed).
    """
    import numpy as np
    too_many = beyond_listing(*listing_size(structure), limit, listed)
    if too_many is not None:
        raise ModelError(f"the structure has {too_many} an explicit model may list here")
    m = structure.manager
    states = structure.ordered(m.true)
    index = {s: i for i, s in enumerate(states)}
    names: list[Hashable] = [structure.name(s) for s in states]
    if len(set(names)) != len(names):
        names = [f"{n}#{i}" for i, n in enumerate(names)]
    relations: dict[Agent, Relation] = {}
    variables = structure.variables
    # a relation is listed in one pass over its diagram, each arrow looked up by the values of its two ends
    number = {tuple(v in s for v in variables): i for i, s in enumerate(states)}
    within = structure.law & m.primed(structure.law, variables)
    care, width = [*variables, *(prime(v) for v in variables)], len(variables)
    for agent in structure.agents:
        if agent in structure.observables:
            seen = structure.observables[agent]
            blocks: dict[frozenset, int] = {}
            relations[agent] = Partition(np.array([blocks.setdefault(s & seen, len(blocks)) for s in states],
                                                  dtype=np.int64))
            continue
        rows, cols = [], []
        for values in m.assignments(structure.relations[agent] & within, care):
            rows.append(number[values[:width]])
            cols.append(number[values[width:]])
        relations[agent] = relation_from_pairs(rows, cols, len(states))
    facts = [structure.true_atoms(s) for s in states]
    actual = [names[index[s]] for s in structure.actual]
    return KripkeModel(names, facts, relations, actual)


