"""Where a solver keeps its predictions: those of public knowledge as a few
numbers a round (:class:`PredictionStore`).

On public knowledge every voter sees the next round as the proposer does,
so a prediction of round ``r`` is made from the outcome of round ``r + 1``
alone, and what it holds besides is known from its key: the one view is
everyone's below the proposer, the votes needed follow from the rules.  A
game of a million pirates has a million such predictions, and most of them
offer alike (the doomed proposers all buy the same voters).  Kept as
objects they take about 0.8 KB a round; kept here they take five numbers a
round, the offer's shares shared between the rounds that offer alike, and a
:class:`~.predict.Prediction` is made again, equal to the one solved,
whenever it is asked for.
"""

from __future__ import annotations

from array import array
from weakref import WeakValueDictionary
from collections.abc import Hashable, Iterator, MutableMapping
from typing import Protocol

from epistemic import Knowledge

from .division import Division, promise_in
from .predict import Key, OfferSource, Prediction, View
from .rules import Rules

__all__ = ["PredictionStore"]

#: The shares of an offer, as a :class:`Division` keeps them: ranks and coins.
Shares = tuple[tuple[int, ...], tuple[int, ...]]


class Chain:
    """Consecutive rounds ``hi, hi - 1, ..., lo`` of one public knowledge,
    added in that order, each as five numbers (index ``hi - r``).

    ``after`` is the outcome of round ``hi + 1`` (``None`` when ``hi`` is the
    last round); ``outcomes`` holds, by the round whose offer it is, each
    outcome that a failed round of the chain ends in.
    """

    __slots__ = ("knowledge", "hi", "after", "shares", "own", "free", "yes", "ends", "outcomes")

    def __init__(self, knowledge: Knowledge, hi: int, after: Division | None):
        self.knowledge = knowledge
        self.hi = hi
        self.after = after
        self.shares = array("q")  # index of the offer's shares, less the proposer's own
        self.own: array[int] | list[int] = array("q")  # the proposer's own share
        self.free = array("q")  # votes he counts on for nothing
        self.yes = array("q")
        self.ends = array("q")  # the round whose offer ends the game: the round itself when it passes
        self.outcomes: dict[int, Division] = {}

    @property
    def lo(self) -> int:
        return self.hi - len(self.yes) + 1


class Solving(Protocol):
    """What a store reads of the solver it keeps the predictions of (a :class:`~.solver.PirateSolver`)."""

    pirates: int
    rules: Rules
    _everyone: tuple[int, ...]

    def key(self, round: int, knowledge: Knowledge) -> Key: ...


class PredictionStore(MutableMapping):
    """The values of a :class:`~.solver.PirateSolver`'s DAG: predictions
    solved one by one kept as they are, rounds of public knowledge solved
    as a chain kept as :class:`Chain` numbers and made again when asked.

    Examples
    --------
    >>> from epistemic.models.pirates import PirateSolver
    >>> solver = PirateSolver(4, 3)
    >>> p = solver.prediction(1, Knowledge.of([]))
    >>> store = solver.dag._values
    >>> len(store), (1, Knowledge.of([])) in store, store[1, Knowledge.of([])] == p
    (4, True, True)
    """

    def __init__(self, solver: Solving):
        self._solver = solver
        self._kept: dict[Hashable, Prediction] = {}
        self._kept_on: set[Knowledge] = set()  # the knowledge of the keys kept as they are
        self._chains: dict[Knowledge, list[Chain]] = {}
        self._in_chains = 0
        self._shares: list[Shares] = []
        self._index: dict[Shares, int] = {}
        # shares met again as the very tuples kept (shared purchases), known without hashing them
        self._by_id: dict[int, int] = {}
        # a prediction made again is the same object as long as anyone holds it, as a kept one is
        self._alive: WeakValueDictionary[Hashable, Prediction] = WeakValueDictionary()

    # a copy (pickle, deepcopy) of a solver, a game or a play keeps the store's numbers; the ids of
    # its shares are the copy's own, and what was made again is made again when the copy is asked
    def __getstate__(self) -> dict:
        state = dict(self.__dict__)
        del state["_alive"], state["_by_id"]
        return state

    def __setstate__(self, state: dict) -> None:
        self.__dict__.update(state)
        self._by_id = {id(ranks): i for i, (ranks, _) in enumerate(self._shares)}
        self._alive = WeakValueDictionary()

    # the mapping ------------------------------------------------------------------
    def __contains__(self, key: object) -> bool:
        return key in self._kept or self._chain_of(key) is not None

    def __getitem__(self, key: Hashable) -> Prediction:
        hit = self._kept.get(key)
        if hit is not None:
            return hit
        hit = self._alive.get(key)
        if hit is not None:
            return hit
        chain = self._chain_of(key)
        if chain is None:
            raise KeyError(key)
        made = self._alive[key] = self._made_again(chain, key[0])  # type: ignore[index]
        return made

    def __setitem__(self, key: Hashable, value: Prediction) -> None:
        self._kept[key] = value
        if type(key) is tuple and len(key) == 2:
            self._kept_on.add(key[1])

    def __delitem__(self, key: Hashable) -> None:
        raise TypeError("a prediction, once solved, is kept")

    def __iter__(self) -> Iterator[Hashable]:
        yield from self._kept
        for chains in self._chains.values():
            for chain in chains:
                for r in range(chain.hi, chain.lo - 1, -1):
                    yield r, chain.knowledge

    def __len__(self) -> int:
        return len(self._kept) + self._in_chains

    def _chain_of(self, key: object) -> Chain | None:
        if type(key) is not tuple or len(key) != 2:
            return None
        r, knowledge = key
        for chain in self._chains.get(knowledge, ()):
            if chain.lo <= r <= chain.hi:
                return chain
        return None

    def first_solved(self, knowledge: Knowledge, lo: int, hi: int) -> int | None:
        """The first of rounds ``lo`` to ``hi`` solved on ``knowledge`` (a
        key's), ``None`` if none is; looked at round by round only where
        predictions on ``knowledge`` were kept one by one."""
        if knowledge in self._kept_on:
            return next((r for r in range(lo, hi + 1) if (r, knowledge) in self), None)
        starts = [max(c.lo, lo) for c in self._chains.get(knowledge, ()) if c.lo <= hi and c.hi >= lo]
        return min(starts, default=None)

    # adding a chain ----------------------------------------------------------------
    def chain(self, knowledge: Knowledge, r: int, after: Division | None) -> Chain:
        """The chain to which round ``r`` of ``knowledge`` is added next: the
        one that ends at round ``r + 1``, or a new one, whose next round's
        outcome is ``after``."""
        chains = self._chains.setdefault(knowledge, [])
        for chain in chains:
            if chain.lo == r + 1:
                return chain
        chain = Chain(knowledge, r, after)
        chains.append(chain)
        return chain

    def add(self, chain: Chain, r: int, offer: Division, free: int, yes: int, end: int,
            outcome: Division) -> None:
        """Add round ``r`` (the one below the chain's lowest) as solved: its
        offer, free and yes votes, and the round ``end`` whose offer,
        ``outcome``, ends the game."""
        ranks, amounts = offer.ranks, offer.amounts
        index = self._by_id.get(id(ranks))
        own = 0
        if index is None or self._shares[index][1] is not amounts:
            # the proposer's share comes first: the rest may be shared.  An own share of nothing,
            # written out (Division's constructor takes one), stays with the rest: ``own`` 0 is
            # made again as no share of his at all
            if ranks and ranks[0] == r and amounts[0] > 0:
                own, ranks, amounts = amounts[0], ranks[1:], amounts[1:]
            index = self._index.get((ranks, amounts))
            if index is None:
                index = self._index[ranks, amounts] = len(self._shares)
                self._shares.append((ranks, amounts))
                self._by_id[id(ranks)] = index  # kept in _shares: the id stays this tuple's
        try:
            chain.own.append(own)
        except OverflowError:  # more coins than 64 bits count: this chain's own shares are kept as ints
            chain.own = [*chain.own, own]
        chain.shares.append(index)
        chain.free.append(free)
        chain.yes.append(yes)
        chain.ends.append(end)
        if end != r and end not in chain.outcomes:
            chain.outcomes[end] = outcome
        self._in_chains += 1

    # making a prediction again -------------------------------------------------------
    def _offer(self, chain: Chain, r: int) -> Division:
        i = chain.hi - r
        ranks, amounts = self._shares[chain.shares[i]]
        own = chain.own[i]
        if own:
            ranks, amounts = (r, *ranks), (own, *amounts)
        return Division(r, self._solver.pirates, ranks, amounts)

    def _outcome(self, chain: Chain, r: int, offer: Division | None = None) -> Division:
        """The outcome of round ``r`` of ``chain`` (``offer``, its offer, when known)."""
        end = chain.ends[chain.hi - r]
        if end != r:
            return chain.outcomes[end]
        return self._offer(chain, r) if offer is None else offer

    def _made_again(self, chain: Chain, r: int) -> Prediction:
        solver = self._solver
        n, rules, knowledge = solver.pirates, solver.rules, chain.knowledge
        i = chain.hi - r
        offer = self._offer(chain, r)
        outcome = self._outcome(chain, r, offer)
        yes, needed = chain.yes[i], rules.votes_needed(n - r + 1)
        if r == n:
            return Prediction(r, knowledge, offer, OfferSource.ALONE, knowledge, 0, (), yes, needed, True,
                              outcome, rules)
        following = self._outcome(chain, r + 1) if r < chain.hi else chain.after
        assert following is not None  # a chain ends at the last round or below a solved one
        views = (View(solver.key(r + 1, knowledge)[1], following, ((solver._everyone, r),)),)
        promised = any(promise_in(a).maker == r for a in knowledge.announcements)
        source = OfferSource.PROMISE if promised else OfferSource.OPTIMIZED
        return Prediction(r, knowledge, offer, source, knowledge, chain.free[i], views, yes, needed,
                          yes >= needed, outcome, rules)
