"""Validity on small S5 models: a countermodel search.

A formula is valid on S5 models with at most k worlds when it holds at
every world of every model whose worlds are valuations of its atoms and
whose agents' relations are partitions (knowledge).  :func:`search_countermodel`
looks for a model and a world where it fails, with 1, 2, ..., k worlds in
that order, so that a countermodel it finds is a smallest one.

The models are enumerated up to the cheap symmetries: the worlds'
valuations as a multiset (the order of the worlds does not matter), then
every set partition of the worlds per agent, each once (restricted growth
strings).  How many models that is, is counted before the search starts,
and a search past the limit is refused.

The formula may hold any operator of the language: announcements, private
and semi-private ones, event models, common and distributed knowledge.
The models are checked many at a time, as one model that is their disjoint
union: truth at a world depends on what the world can reach alone, and
every update of a disjoint union is the disjoint union of the updates, so
one call of the model checker decides a few hundred models at once.

Examples
--------
>>> from epistemic import Agent, parse_formula, holds
>>> search_countermodel(parse_formula("K_a p -> K_a K_a p"), 3).summary()
'no S5 model with at most 3 worlds falsifies it: 28 models searched'
>>> found = search_countermodel(parse_formula("K_a p -> K_b p"), 3)
>>> found.summary()
'it is false at w2 of a model with 2 worlds (model 9 of the search)'
>>> m = found.model
>>> [sorted(m.facts(w)) for w in m.worlds], m.partition(Agent("a")), m.partition(Agent("b"))
([[], ['p']], [['w1'], ['w2']], [['w1', 'w2']])
>>> holds(m, parse_formula("K_a p -> K_b p"), found.world)
False
"""

from __future__ import annotations

import itertools
import math
import time
from collections.abc import Iterable, Iterator
from typing import cast

import attrs

from .agents import Agent
from .checking import truth_array
from .errors import EpistemicError
from .events import EventModel, formulas_within
from .formulas import Act, Atom, Formula, Iff
from .kripke import KripkeModel
from .relations import Partition
from .validators import instance_of, whole_number

# numpy (a tenth of a second to import) is imported where used: the symbolic engine imports this module (for
# the atoms a formula names) and never calls what uses it

__all__ = ["MAX_MODELS", "MAX_SEARCH_WORLDS", "Search", "SearchError", "SearchTooLarge", "SearchTimeout",
           "search_countermodel", "find_countermodel", "search_separating", "separating_model",
           "models_to_search", "set_partitions", "vocabulary"]

#: The most models one search may check: past it, the search is refused before it starts.
MAX_MODELS = 200_000
#: The largest bound on the worlds a search takes (the count alone grows past any limit long before).
MAX_SEARCH_WORLDS = 32
#: Models checked together as one disjoint union, between two looks at the deadline.
_BATCH = 256


class SearchError(EpistemicError):
    """A countermodel search cannot be made, or did not finish."""


class SearchTooLarge(SearchError):
    """The search would check more models than its limit allows."""


class SearchTimeout(SearchError):
    """The search passed its deadline before it finished."""


@attrs.frozen
class Search:
    """What a countermodel search found.

    Parameters
    ----------
    formula : Formula
        The formula searched.
    max_worlds : int
        The bound: models of 1 to ``max_worlds`` worlds were searched.
    searched : int
        Models checked: up to the countermodel, or all of them.
    model : KripkeModel or None
        The countermodel, its actual world the one where the formula is
        false; ``None`` when no model within the bound falsifies it.
    world : str or None
        That world.
    """

    formula: Formula
    max_worlds: int
    searched: int
    model: KripkeModel | None = attrs.field(eq=False, repr=False)
    world: str | None

    @property
    def valid(self) -> bool:
        """Whether no model within the bound falsifies the formula."""
        return self.model is None

    def summary(self) -> str:
        """One line: the countermodel, or how many models were searched."""
        if self.model is None:
            return (f"no S5 model with at most {self.max_worlds} world{'s' * (self.max_worlds != 1)} falsifies it: "
                    f"{self.searched:,} model{'s' * (self.searched != 1)} searched")
        size = len(self.model)
        return (f"it is false at {self.world} of a model with {size} world{'s' * (size != 1)} "
                f"(model {self.searched:,} of the search)")


def set_partitions(n: int) -> Iterator[tuple[int, ...]]:
    """Every partition of ``n`` items, once each, as a restricted growth
    string: item ``i`` is in block ``s[i]``, and each block number is at most
    one more than the largest before it.  Iterative; Bell(n) strings.

    Examples
    --------
    >>> list(set_partitions(3))
    [(0, 0, 0), (0, 0, 1), (0, 1, 0), (0, 1, 1), (0, 1, 2)]
    """
    if n == 0:
        yield ()
        return
    s = [0] * n
    while True:
        yield tuple(s)
        # the rightmost item that may move to a higher block; everything after it starts over at block 0
        i = n - 1
        while i > 0 and s[i] > max(s[:i]):
            i -= 1
        if i == 0:
            return
        s[i] += 1
        s[i + 1:] = [0] * (n - i - 1)


def _bell(n: int) -> int:
    """The number of partitions of ``n`` items (Bell's triangle)."""
    row = [1]
    for _ in range(n):
        following = [row[-1]]
        for x in row:
            following.append(following[-1] + x)
        row = following
    return row[0]


def models_to_search(atoms: int, agents: int, max_worlds: int) -> int:
    """How many models a search over ``atoms`` atoms and ``agents`` agents
    checks with at most ``max_worlds`` worlds: for each size k, the
    multisets of k valuations times Bell(k) partitions per agent.

    Examples
    --------
    >>> models_to_search(1, 1, 3)     # 2*1 + 3*2 + 4*5
    28
    """
    valuations = 2 ** atoms
    return sum(math.comb(valuations + k - 1, k) * _bell(k) ** agents for k in range(1, max_worlds + 1))


def vocabulary(formula: Formula) -> tuple[frozenset[str], frozenset[Agent]]:
    """The atoms and agents of ``formula``, those of the event models inside included.

    Examples
    --------
    >>> from epistemic import parse_formula
    >>> atoms, agents = vocabulary(parse_formula("[(e: q; a: {e}; b: {e}), e] K_a p"))
    >>> sorted(atoms), sorted(a.name for a in agents)
    (['p', 'q'], ['a', 'b'])
    """
    atoms: set[str] = set()
    agents: set[Agent] = set()
    for f in formulas_within(formula):
        if isinstance(f, Atom):
            atoms.add(f.name)
        if isinstance(f, Act):
            agents.update(cast(EventModel, f.action).agents)
        agent = getattr(f, "agent", None)
        if agent is not None:
            agents.add(agent)
        agents.update(getattr(f, "group", ()))
    return frozenset(atoms), frozenset(agents)


def search_countermodel(formula: Formula, max_worlds: int, *, agents: Iterable[Agent] | None = None,
                        atoms: Iterable[str] | None = None, deadline: float | None = None,
                        limit: int = MAX_MODELS) -> Search:
    """Search the S5 models with 1 to ``max_worlds`` worlds for one where
    ``formula`` is false somewhere.

    Parameters
    ----------
    formula : Formula
    max_worlds : int
        The largest model searched, from 1 to :data:`MAX_SEARCH_WORLDS`.
    agents, atoms : iterable, optional
        Agents and atom names the models have besides the formula's own.
    deadline : float, optional
        A :func:`time.monotonic` time: the search stops there.
    limit : int
        The most models to check (default :data:`MAX_MODELS`).

    Returns
    -------
    Search
        A smallest countermodel (worlds ``w1``, ``w2``, ...), with its actual
        world where the formula is false; or none, and how many models
        were searched.

    Raises
    ------
    SearchTooLarge
        When the models to search are more than ``limit`` (counted first).
    SearchTimeout
        When the deadline passes.
    ModelError
        When the formula asks what an agent knows where the agent may be
        mistaken (after a private announcement) in a model searched.

    Examples
    --------
    >>> from epistemic import parse_formula
    >>> search_countermodel(parse_formula("C_{a,b} p"), 5, atoms=["q", "r"])
    Traceback (most recent call last):
    ...
    epistemic.validity.SearchTooLarge: 2,218,970 models to search, more than the limit of 200,000: ask for fewer worlds than 5
    """
    import numpy as np
    instance_of(formula, Formula, "a countermodel search takes a formula", type_name=True, error=SearchError)
    whole_number(max_worlds, "max_worlds", at_least=1, at_most=MAX_SEARCH_WORLDS, error=SearchError)
    own_atoms, own_agents = vocabulary(formula)
    names = sorted(own_atoms | set(atoms or ()))
    group = sorted(own_agents | set(agents or ()), key=lambda a: a.name)
    total = models_to_search(len(names), len(group), max_worlds)
    if total > limit:
        hint = f": ask for fewer worlds than {max_worlds}" if max_worlds > 1 else ": the formula has too many atoms"
        raise SearchTooLarge(f"{total:,} models to search, more than the limit of {limit:,}{hint}")
    facts = [frozenset(name for bit, name in enumerate(names) if code >> bit & 1) for code in range(2 ** len(names))]
    searched = 0
    for size in range(1, max_worlds + 1):
        models = itertools.product(itertools.combinations_with_replacement(range(len(facts)), size),
                                   *[tuple(set_partitions(size))] * len(group))
        while batch := list(itertools.islice(models, _BATCH)):
            if deadline is not None and time.monotonic() > deadline:
                raise SearchTimeout(f"the search passed its time limit after {searched:,} of {total:,} models")
            false = np.flatnonzero(~truth_array(_union(batch, size, facts, group), formula))
            if false.size:
                first = int(false[0])
                found = batch[first // size]
                return Search(formula, max_worlds, searched + first // size + 1,
                              _one_model(found, facts, group, first % size), f"w{first % size + 1}")
            searched += len(batch)
    return Search(formula, max_worlds, searched, None, None)


def _union(batch: list[tuple], size: int, facts: list[frozenset[str]], group: list[Agent]) -> KripkeModel:
    """The disjoint union of the models of ``batch``, each ``size`` worlds: a
    multiset of valuation codes, then a partition per agent."""
    import numpy as np
    shift = (np.arange(len(batch)) * size)[:, None]
    relations = {agent: Partition((np.array([model[1 + j] for model in batch]) + shift).ravel())
                 for j, agent in enumerate(group)}
    worlds = range(len(batch) * size)
    return KripkeModel(worlds, [facts[code] for model in batch for code in model[0]], relations, ())


def _one_model(model: tuple, facts: list[frozenset[str]], group: list[Agent], actual: int) -> KripkeModel:
    names = [f"w{i + 1}" for i in range(len(model[0]))]
    relations = {agent: Partition(model[1 + j]) for j, agent in enumerate(group)}
    return KripkeModel(names, [facts[code] for code in model[0]], relations, [names[actual]])


def find_countermodel(formula: Formula, max_worlds: int, *, agents: Iterable[Agent] | None = None,
                      atoms: Iterable[str] | None = None, deadline: float | None = None,
                      limit: int = MAX_MODELS) -> KripkeModel | None:
    """A smallest S5 model with at most ``max_worlds`` worlds whose actual
    world falsifies ``formula``, or ``None`` (see :func:`search_countermodel`).

    Examples
    --------
    >>> from epistemic import parse_formula, holds
    >>> find_countermodel(parse_formula("~K_a p -> K_a ~K_a p"), 3) is None
    True
    >>> moore = parse_formula("[!(p & ~K_a p)] (p & ~K_a p)")
    >>> m = find_countermodel(moore, 3)
    >>> len(m), holds(m, moore)
    (2, False)
    """
    return search_countermodel(formula, max_worlds, agents=agents, atoms=atoms, deadline=deadline,
                               limit=limit).model


def search_separating(first: Formula, second: Formula, max_worlds: int, *, agents: Iterable[Agent] | None = None,
                      atoms: Iterable[str] | None = None, deadline: float | None = None,
                      limit: int = MAX_MODELS) -> Search:
    """Search for a model and world where ``first`` and ``second`` differ: a
    countermodel of ``first <-> second`` (see :func:`search_countermodel`).

    Examples
    --------
    >>> from epistemic import parse_formula as f
    >>> search_separating(f("K_a p"), f("~M_a ~p"), 3).valid
    True
    >>> search_separating(f("K_a p"), f("p"), 3).summary()
    'it is false at w2 of a model with 2 worlds (model 5 of the search)'
    """
    return search_countermodel(Iff(first, second), max_worlds, agents=agents, atoms=atoms, deadline=deadline,
                               limit=limit)


def separating_model(first: Formula, second: Formula, max_worlds: int, **options) -> KripkeModel | None:
    """A smallest S5 model whose actual world tells ``first`` from
    ``second``, or ``None`` (options as :func:`search_countermodel`'s)."""
    return search_separating(first, second, max_worlds, **options).model
