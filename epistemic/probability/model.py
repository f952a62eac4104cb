"""Kripke models whose agents also weigh the worlds they consider possible.

At each world ``w`` each agent ``a`` holds a probability over the worlds it
considers possible there (Kooi 2003, "Probabilistic dynamic epistemic
logic"): ``P_a(φ)`` at ``w`` is the weight of the φ-worlds.  The usual
model of game theory is the special case of a *common prior* over the
worlds and each agent's information cells (its blocks): the agent's
probability at ``w`` is the prior conditioned on its cell.

Probabilities are exact fractions unless floats are asked for.  A public
announcement conditions every agent's probability on the worlds it keeps;
where an agent gave those worlds probability 0, its probability there is
*undefined*: the model keeps no number for it and says where
(:meth:`ProbabilisticModel.undefined`), and nothing is divided by zero.

Examples
--------
A coin is tossed; ``a`` saw it, ``b`` did not, and both know the coin is
biased 3 : 1 towards heads.

>>> from fractions import Fraction
>>> from epistemic import Agent, KripkeModel
>>> a, b = Agent("a"), Agent("b")
>>> coin = KripkeModel.from_relations([a, b], {"heads": {"h"}, "tails": set()},
...                                   {b: [("heads", "tails")]}, actual="tails",
...                                   reflexive=True, symmetric=True)
>>> m = ProbabilisticModel.common_prior(coin, {"heads": Fraction(3, 4), "tails": Fraction(1, 4)})
>>> m.probability(b, "tails"), m.probability(a, "tails")
({'heads': Fraction(3, 4), 'tails': Fraction(1, 4)}, {'tails': Fraction(1, 1)})
>>> told = m.restricted(["tails"])          # "the coin shows tails", announced
>>> told.probability(b, "tails")
{'tails': Fraction(1, 1)}
"""

from __future__ import annotations

from collections.abc import Iterable, Mapping
from fractions import Fraction
from typing import TYPE_CHECKING, Union

from ..agents import Agent
from ..errors import ModelError
from ..kripke import KripkeModel, World
from .formulas import weight_read

if TYPE_CHECKING:
    import networkx as nx
    import numpy as np

__all__ = ["ProbabilisticModel", "FLOAT_TOLERANCE"]

#: How far float probabilities may be from summing to 1, and how near a float sum counts as equal to a bound.
FLOAT_TOLERANCE = 1e-9

Number = Union[Fraction, float]
#: One agent's probability at one world: (world number, weight) pairs, increasing, weights positive; or None.
Measure = Union[tuple[tuple[int, Number], ...], None]


class ProbabilisticModel(KripkeModel):
    """A :class:`~epistemic.KripkeModel` with a probability per agent and world.

    Parameters
    ----------
    model : KripkeModel
        The worlds, facts, relations and actual worlds.
    probabilities : mapping
        For each agent, for each world ``w``, a mapping from the worlds the
        agent considers possible at ``w`` to their probabilities (which sum
        to 1), or ``None`` where its probability is undefined.  Worlds left
        out weigh 0.  Every agent of the model needs its probabilities.
    exact : bool
        Keep probabilities as exact fractions (the default; numbers are read
        with :func:`~epistemic.probability.exact_number`) or as floats,
        which then sum to 1 within :data:`FLOAT_TOLERANCE`.

    Raises
    ------
    ModelError
        For a probability below 0, probabilities that do not sum to 1, weight
        on a world the agent does not consider possible, an unknown world or
        agent, or an agent without probabilities.
    """

    __slots__ = ("_measures", "_exact")

    def __init__(self, model: KripkeModel, probabilities: Mapping[Agent, Mapping[World, Mapping[World, object] | None]],
                 *, exact: bool = True):
        if not isinstance(model, KripkeModel):
            raise ModelError(f"a probabilistic model weighs the worlds of a KripkeModel, got {type(model).__name__}")
        if not isinstance(probabilities, Mapping):
            raise ModelError("probabilities are a mapping from each agent to its probability at each world")
        measures = {}
        for agent in sorted(model.agents):
            if agent not in probabilities:
                raise ModelError(f"{agent} has no probabilities: give every agent of the model its probabilities")
            by_world = probabilities[agent]
            if not isinstance(by_world, Mapping):
                raise ModelError(f"the probabilities of {agent} are a mapping from each world to a distribution")
            unknown = [w for w in by_world if w not in model._index]
            if unknown:
                raise ModelError(f"the probabilities of {agent} name {unknown[0]!r}, which is not a world of the model")
            measures[agent] = tuple(_measure(model, agent, w, by_world.get(w, None), exact) for w in model.worlds)
        unknown_agents = [a for a in probabilities if a not in model.agents]
        if unknown_agents:
            raise ModelError(f"probabilities are given for {unknown_agents[0]}, who is not an agent of the model")
        self._init_from(model, measures, exact)

    def _init_from(self, model: KripkeModel, measures: dict[Agent, tuple[Measure, ...]], exact: bool) -> None:
        KripkeModel.__init__(self, model._worlds, model._facts, model._relations, model._actual, model._origin,
                             model._s5_before)
        self._measures = measures
        self._exact = exact

    @classmethod
    def _made(cls, model: KripkeModel, measures: dict[Agent, tuple[Measure, ...]], exact: bool) -> ProbabilisticModel:
        """The model of measures already checked (by an update of a checked model)."""
        made = cls.__new__(cls)
        made._init_from(model, measures, exact)
        return made

    # builders -------------------------------------------------------------------------
    @classmethod
    def common_prior(cls, model: KripkeModel, prior: Mapping[World, object], *,
                     exact: bool = True) -> ProbabilisticModel:
        """Every agent's probability at ``w``: the ``prior`` over the worlds
        conditioned on the worlds the agent considers possible at ``w``
        (undefined where the prior gives them 0).  Worlds the prior leaves
        out weigh 0; the prior's weights sum to 1.

        Raises
        ------
        ModelError
            For a weight below 0, weights that do not sum to 1, or an
            unknown world.
        """
        if not isinstance(model, KripkeModel):
            raise ModelError(f"a common prior weighs the worlds of a KripkeModel, got {type(model).__name__}")
        if not isinstance(prior, Mapping):
            raise ModelError("a prior is a mapping from worlds to their probabilities")
        unknown = [w for w in prior if w not in model._index]
        if unknown:
            raise ModelError(f"the prior names {unknown[0]!r}, which is not a world of the model")
        weights = {w: _number(q, f"the prior of {w!r}", exact) for w, q in prior.items()}
        _sums_to_one(sum(weights.values()), "the prior", exact)
        probabilities: dict[Agent, dict[World, dict[World, Number] | None]] = {}
        for agent in model.agents:
            probabilities[agent] = {}
            for w in model.worlds:
                cell = model.accessible(w, agent)
                mass = sum(weights.get(v, 0) for v in cell)
                probabilities[agent][w] = None if mass == 0 else \
                    {v: weights[v] / mass for v in cell if weights.get(v, 0) != 0}
        return cls(model, probabilities, exact=exact)

    @classmethod
    def uniform(cls, model: KripkeModel, *, exact: bool = True) -> ProbabilisticModel:
        """Each agent gives the worlds it considers possible equal weight
        (undefined where it considers none possible).

        Examples
        --------
        >>> from epistemic import Agent, KripkeModel
        >>> a = Agent("a")
        >>> m = KripkeModel.from_relations([a], {"w": {"p"}, "v": set(), "u": set()},
        ...                                {a: [("w", "v"), ("v", "u")]}, actual="w", reflexive=True, symmetric=True)
        >>> ProbabilisticModel.uniform(m).probability(a, "w")
        {'w': Fraction(1, 3), 'v': Fraction(1, 3), 'u': Fraction(1, 3)}
        """
        probabilities = {agent: {w: ({v: Fraction(1, len(cell)) for v in cell} if cell else None)
                                 for w in model.worlds for cell in [model.accessible(w, agent)]}
                         for agent in model.agents}
        return cls(model, probabilities, exact=exact)

    # reading --------------------------------------------------------------------------
    @property
    def exact(self) -> bool:
        """Whether the probabilities are exact fractions (else floats)."""
        return self._exact

    def probability(self, agent: Agent, world: World) -> dict[World, Number] | None:
        """``agent``'s probability at ``world``: each world of positive
        weight, in the model's order, with its weight; ``None`` where it is
        undefined."""
        measure = self.measure(agent, self.index(world))
        if measure is None:
            return None
        return {self._worlds[v]: q for v, q in measure}

    def measure(self, agent: Agent, number: int) -> Measure:
        """``agent``'s probability at world number ``number``, as ``(world
        number, weight)`` pairs of positive weight, or ``None`` where undefined."""
        if agent not in self._measures:
            raise ModelError(f"{agent} is not an agent of the model")
        return self._measures[agent][number]

    def undefined(self, agent: Agent) -> frozenset[World]:
        """The worlds where ``agent``'s probability is undefined: an update
        conditioned it on worlds it gave probability 0."""
        if agent not in self._measures:
            raise ModelError(f"{agent} is not an agent of the model")
        return frozenset(self._worlds[i] for i, m in enumerate(self._measures[agent]) if m is None)

    def weight(self, agent: Agent, truth: np.ndarray) -> list[Number | None]:
        """Per world number, the probability ``agent`` gives the worlds where
        ``truth`` holds (``None`` where its probability is undefined)."""
        flags = truth.tolist()
        zero: Number = Fraction(0) if self._exact else 0.0
        return [None if m is None else sum((q for v, q in m if flags[v]), zero) for m in self._measures[agent]]

    # what models do, with probabilities --------------------------------------------------
    def restricted(self, keep: np.ndarray | Iterable[World]) -> ProbabilisticModel:
        """The submodel of the worlds ``keep``, each agent's probability
        conditioned on them: Bayes' rule, as a public announcement of what
        holds exactly there (undefined where the agent gave them 0)."""
        import numpy as np
        mask = self._mask(keep)
        sub = KripkeModel.restricted(self, mask)
        kept = np.flatnonzero(mask).tolist()
        new_number = {old: new for new, old in enumerate(kept)}
        measures = {agent: tuple(_conditioned(measures[old], new_number, self._exact) for old in kept)
                    for agent, measures in self._measures.items()}
        made = ProbabilisticModel._made(sub, measures, self._exact)
        made.cache.update({k: v for k, v in sub.cache.items()})
        return made

    def with_actual(self, actual: Iterable[World]) -> ProbabilisticModel:
        return ProbabilisticModel._made(KripkeModel.with_actual(self, actual), self._measures, self._exact)

    def renamed(self, names: Mapping[World, World]) -> ProbabilisticModel:
        plain = KripkeModel.renamed(self, names)
        made = ProbabilisticModel._made(plain, self._measures, self._exact)
        made.cache.update(plain.cache)
        return made

    def to_networkx(self) -> nx.DiGraph:
        """The networkx view of :meth:`KripkeModel.to_networkx`, each world
        also with node attribute ``probabilities``: per agent, its probability
        there (world to weight), or ``None`` where undefined."""
        graph = KripkeModel.to_networkx(self)
        for w in self._worlds:
            graph.nodes[w]["probabilities"] = {agent: self.probability(agent, w) for agent in sorted(self.agents)}
        return graph

    def __getstate__(self) -> dict:
        # the base class's slots and these, without the caches
        names = [n for n in KripkeModel.__slots__ if n != "cache"] + list(ProbabilisticModel.__slots__)
        return {name: getattr(self, name) for name in names}

    def __repr__(self) -> str:
        return KripkeModel.__repr__(self).replace("KripkeModel", "ProbabilisticModel", 1)


def _number(value, what: str, exact: bool) -> Number:
    q = weight_read(value, what)
    return q if exact else float(q)


def _sums_to_one(total: Number, what: str, exact: bool) -> None:
    if (total != 1) if exact else abs(float(total) - 1) > FLOAT_TOLERANCE:
        raise ModelError(f"{what} sums to {total}, not 1")


def _measure(model: KripkeModel, agent: Agent, world: World, given, exact: bool) -> Measure:
    """One agent's probability at one world, checked."""
    if given is None:
        return None
    if not isinstance(given, Mapping):
        raise ModelError(f"the probability of {agent} at {world!r} is a mapping from worlds to numbers")
    possible = model.accessible(world, agent)
    pairs = []
    for v, q in given.items():
        if v not in model._index:
            raise ModelError(f"the probability of {agent} at {world!r} names {v!r}, which is not a world of the model")
        weight = _number(q, f"the probability of {agent} at {world!r} of {v!r}", exact)
        if weight == 0:
            continue
        if v not in possible:
            raise ModelError(f"the probability of {agent} at {world!r} gives {v!r} weight {weight}, but {agent} "
                             f"does not consider {v!r} possible there")
        pairs.append((model.index(v), weight))
    _sums_to_one(sum(q for _, q in pairs), f"the probability of {agent} at {world!r}", exact)
    return tuple(sorted(pairs))


def _conditioned(measure: Measure, new_number: dict[int, int], exact: bool) -> Measure:
    """``measure`` conditioned on the worlds of ``new_number``, renumbered; ``None`` where they weigh 0."""
    if measure is None:
        return None
    kept = [(new_number[v], q) for v, q in measure if v in new_number]
    mass = sum(q for _, q in kept)
    if mass == 0:
        return None
    return tuple((v, q / mass) for v, q in kept)
