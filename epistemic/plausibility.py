"""Knowledge with beliefs that can be revised: a Kripke model whose worlds are ranked.

An agent *knows* what holds in every world he cannot tell apart from the
actual one (his block of an equivalence relation) and *believes* what holds
in the most plausible of those worlds.  The ranking is one total preorder
shared by all agents (a plausibility model in the sense of Baltag and
Smets 2008, with a common prior order): a lower rank is more plausible.

A public announcement removes worlds.  When it removes the worlds an agent
believed in, he does not believe the impossible: he now believes the most
plausible worlds that are left.  That is belief revision, and it is how a
pirate learns from a vote he did not expect.
"""

from __future__ import annotations

from collections.abc import Callable, Hashable, Iterable, Mapping, Sequence

import numpy as np

from .agents import Agent
from .errors import ModelError
from .kripke import KripkeModel, World
from .relations import Partition

__all__ = ["PlausibilityModel"]


class PlausibilityModel:
    """Worlds an agent cannot tell apart, ranked by how plausible they are.

    Parameters
    ----------
    model : KripkeModel
        Its relations must be equivalences (partitions): what an agent
        cannot tell apart.
    ranks : sequence of int
        One rank per world of ``model``, in its order; lower is more plausible.

    Examples
    --------
    Ann saw whether the coin shows heads; Bob did not, and thinks heads
    more plausible.  Told that it shows tails, Bob revises his belief.

    >>> ann, bob = Agent("ann"), Agent("bob")
    >>> m = PlausibilityModel.observing([ann, bob], {"heads": {"h"}, "tails": set()},
    ...                                 observes=lambda agent, w: w if agent == ann else None,
    ...                                 rank=lambda w: 0 if w == "heads" else 1, actual="tails")
    >>> sorted(m.possible("tails", bob)), sorted(m.believed("tails", bob))
    (['heads', 'tails'], ['heads'])
    >>> sorted(m.believed_facts("tails", bob))
    ['h']
    >>> told = m.restricted(["tails"])
    >>> sorted(told.believed("tails", bob)), len(told)
    (['tails'], 1)
    """

    __slots__ = ("_model", "_ranks", "_believed")
    # it holds a model, which holds caches: never a memo key
    __hash__ = None  # type: ignore[assignment]

    def __init__(self, model: KripkeModel, ranks: Sequence[int] | np.ndarray):
        if not isinstance(model, KripkeModel):
            raise ModelError(f"a plausibility model ranks the worlds of a KripkeModel, got {type(model).__name__}")
        ranks_array = np.asarray(ranks, dtype=np.int64)
        if ranks_array.shape != (len(model),):
            raise ModelError(f"a plausibility model needs one rank per world: {len(model)} worlds, "
                             f"{ranks_array.size} ranks")
        for agent in model.agents:
            if not isinstance(model.relation_of(agent), Partition):
                raise ModelError(f"the relation of {agent} is not an equivalence: "
                                 f"a plausibility model ranks worlds agents cannot tell apart")
        self._model = model
        self._ranks = ranks_array
        ranks_array.setflags(write=False)
        self._believed: dict[Agent, list[frozenset[World]]] = {}

    @classmethod
    def observing(cls, agents: Iterable[Agent], worlds: Mapping[World, Iterable[Hashable]],
                  observes: Callable[[Agent, World], Hashable], rank: Callable[[World], int],
                  actual: World) -> PlausibilityModel:
        """The model in which an agent cannot tell two worlds apart exactly
        when he observes the same at both: ``observes(agent, world)``.

        ``worlds`` maps each world to its facts; ``rank(world)`` is its
        plausibility (lower is more plausible).
        """
        names = list(worlds)
        agents = list(agents)
        relations = {}
        for agent in agents:
            seen: dict[Hashable, int] = {}
            relations[agent] = Partition([seen.setdefault(observes(agent, w), len(seen)) for w in names])
        model = KripkeModel(names, [worlds[w] for w in names], relations, [actual])
        return cls(model, [rank(w) for w in names])

    # reading -------------------------------------------------------------------
    @property
    def model(self) -> KripkeModel:
        """The Kripke model of what agents cannot tell apart."""
        return self._model

    @property
    def worlds(self) -> list[World]:
        return self._model.worlds

    def __len__(self) -> int:
        return len(self._model)

    def rank(self, world: World) -> int:
        """How plausible ``world`` is: lower is more plausible."""
        return int(self._ranks[self._model.index(world)])

    def possible(self, world: World, agent: Agent) -> frozenset[World]:
        """The worlds ``agent`` cannot tell apart from ``world``."""
        return self._model.accessible(world, agent)

    def believed(self, world: World, agent: Agent) -> frozenset[World]:
        """The most plausible worlds ``agent`` considers possible at ``world``."""
        return self._believed_by_block(agent)[self._block(agent)[self._model.index(world)]]

    def believed_facts(self, world: World, agent: Agent) -> frozenset[Hashable]:
        """The facts true in every world ``agent`` believes at ``world``."""
        believed = iter(self.believed(world, agent))
        facts = set(self._model.facts(next(believed)))
        for w in believed:
            facts &= self._model.facts(w)
        return frozenset(facts)

    def restricted(self, keep: Iterable[World]) -> PlausibilityModel:
        """The model after a public announcement true exactly at ``keep``:
        the other worlds are gone, and ranks are unchanged, so beliefs are
        revised to the most plausible worlds left.

        Raises :class:`ModelError` when no actual world is kept: a public
        announcement is true where it is made.
        """
        kept = np.zeros(len(self._model), dtype=bool)
        kept[[self._model.index(w) for w in keep]] = True
        sub = self._model.restricted(kept)
        if not sub.actual:
            raise ModelError("the announcement is false at the actual world: it cannot be made")
        return PlausibilityModel(sub, self._ranks[kept])

    # helpers -------------------------------------------------------------------
    def _block(self, agent: Agent) -> np.ndarray:
        relation = self._model.relation_of(agent)
        assert isinstance(relation, Partition)  # checked when the model was made
        return relation.block

    def _believed_by_block(self, agent: Agent) -> list[frozenset[World]]:
        """The most plausible worlds of each of ``agent``'s blocks, found
        for all blocks at once."""
        believed = self._believed.get(agent)
        if believed is None:
            relation = self._model.relation_of(agent)
            assert isinstance(relation, Partition)  # checked when the model was made
            best = np.full(relation.count, np.iinfo(np.int64).max, dtype=np.int64)
            np.minimum.at(best, relation.block, self._ranks)
            chosen = np.flatnonzero(self._ranks == best[relation.block])
            members: list[list[World]] = [[] for _ in range(relation.count)]
            names = self._model.worlds
            for i, b in zip(chosen.tolist(), relation.block[chosen].tolist()):
                members[b].append(names[i])
            believed = self._believed[agent] = [frozenset(m) for m in members]
        return believed
