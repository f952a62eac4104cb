"""The solver of pirate games: one memoized DAG of predictions, shared by
every game, table and explanation asked of it (:class:`PirateSolver`)."""

from __future__ import annotations

import heapq
from bisect import bisect_left, bisect_right
from collections.abc import Callable, Generator, Hashable, Iterator
from itertools import islice

from epistemic import Announcement, Knowledge, PredictionDAG, Request
from epistemic.errors import EpistemicError
from epistemic.validators import between, whole_number

from .chain import PredictionStore
from .division import Division, Pirate, Promise, promise_in, rank_of
from .predict import Key, OfferSource, Prediction, TieRule, View, VoterClasses, _count, _member, node_key
from .rules import DoomedProposer, Rules

__all__ = ["PirateSolver"]


#: The knowledge of no promise: the key of every round after the last promise's maker.
_NOTHING = Knowledge.of([])


class PirateSolver:
    """Solves pirate games of ``pirates`` and ``coins`` on any announcements.

    One solver holds one :class:`~epistemic.PredictionDAG`; every game,
    table and explanation asked of it shares its predictions.

    Parameters
    ----------
    pirates, coins : int
    tie_rule : TieRule, or its value
    rules : Rules
        The rules of the vote (default: the seed's).  They are the solver's,
        not a part of its keys: a DAG holds the predictions of one set of
        rules, and a game refuses a solver made for other rules.
    memo : bool
        ``False`` builds the seed's naive tree (see :meth:`_predict`).
    progress : callable, optional
        Passed to the DAG.
    chain : bool
        Solve the rounds of public knowledge as one chain, each round from
        the next (the default); ``False`` solves each through the DAG's
        generators, as every other prediction is (the tests compare the two).

    Examples
    --------
    >>> solver = PirateSolver(5, 3)
    >>> solver.prediction(1, Knowledge.of([])).offer.row()  # seed Table 1, row 5
    (1, 0, 1, 0, 1)
    >>> len(solver.dag)
    5
    """

    def __init__(self, pirates: int, coins: int, tie_rule: TieRule | str = TieRule.LOWEST, *,
                 rules: Rules = Rules(), memo: bool = True,
                 progress: Callable[[int], None] | None = None, keep_tree: bool = False, chain: bool = True):
        whole_number(pirates, "the number of pirates", at_least=1)
        whole_number(coins, "the number of coins", at_least=0)
        self.pirates = pirates
        self.coins = coins
        self.tie_rule = TieRule.of(tie_rule)
        if not isinstance(rules, Rules):
            raise EpistemicError(f"the rules of the vote must be a Rules value, got {rules!r}")
        self.rules = rules
        self.chain = chain
        self._progress = progress
        self._store = PredictionStore(self)
        self.dag = PredictionDAG(self._predict, memo=memo, progress=progress, keep_tree=keep_tree,
                                 edges=self._edges, values=self._store)
        self._agents: dict[int, Pirate] = {}
        self._everyone = tuple(range(1, pirates + 1))
        self._classes_cache: dict[Knowledge, VoterClasses] = {}
        # the least and the greatest maker of the promises of each knowledge state asked for a key
        self._makers: dict[Knowledge, tuple[int, int]] = {}
        self._last_asked: tuple[Knowledge | None, tuple[int, int] | None] = (None, None)
        # what one view of the next round decides, shared by every round that has it (see _optimize)
        self._dear_cache: dict[Division, list[tuple[int, int, int]]] = {}
        self._purchases: dict[tuple[Division, int], tuple[tuple[int, ...], tuple[int, ...], int]] = {}
        self._swayed_cache: dict[tuple[tuple[int, ...], tuple[int, ...], Division], int] = {}
        self._swayed_last: tuple[tuple[int, ...], tuple[int, ...], Division, int] | None = None

    def agent(self, rank: int) -> Pirate:
        """The pirate of ``rank``, one object per rank, made when first asked
        for (a game of a million pirates rarely names them all)."""
        pirate = self._agents.get(rank)
        if pirate is None:
            pirate = self._agents[rank] = Pirate(rank)
        return pirate

    @property
    def agents(self) -> list[Pirate | None]:
        """Every pirate, indexed by rank (index 0 holds ``None``)."""
        return [None, *(self.agent(r) for r in range(1, self.pirates + 1))]

    # keys -------------------------------------------------------------------
    def key(self, round: int, knowledge: Knowledge) -> Key:
        """The DAG key: promises of pirates already overboard are dropped."""
        # asked for every round of every knowledge state: where all the makers are still
        # aboard, or all gone, the promises are not looked at one by one again
        # a chain of rounds asks on one knowledge round after round: known by identity, not hashed
        last_asked = self._last_asked
        makers = last_asked[1] if last_asked[0] is knowledge else self._makers.get(knowledge)
        if makers is None:
            made = [promise_in(a).maker for a in knowledge.announcements]
            makers = self._makers[knowledge] = (min(made, default=0), max(made, default=0))
        self._last_asked = (knowledge, makers)
        first, last = makers
        if round <= first:
            return round, knowledge
        if round > last:
            return round, _NOTHING
        return round, knowledge.restricted(lambda a: promise_in(a).maker >= round)

    def prediction(self, round: int, knowledge: Knowledge) -> Prediction:
        """The prediction of ``round`` made on ``knowledge``."""
        between(round, 1, self.pirates, "round")
        key = self.key(round, knowledge)
        if self.dag.memo and key not in self.dag and all(a.is_public for a in knowledge.announcements):
            self._solve_from_the_last(round, knowledge)
        return self.dag[key]

    def _solve_from_the_last(self, round: int, knowledge: Knowledge) -> None:
        """Solve ``round`` and the rounds after it on public ``knowledge``, the last first.

        On public knowledge every voter shares the proposer's view, so the
        prediction of a round asks for exactly the next round's on the same
        knowledge: these are the predictions it would ask for anyway.  Solved
        from the last, each asks for one already solved, and the DAG's stack
        stays one prediction deep instead of one per round; with ``chain``,
        no generator is made at all (:meth:`_public_chain`).
        """
        stop = self.pirates + 1  # the first round solved already, from ``round`` up
        for hi, lo, known in reversed(self._segments(round, self.pirates, knowledge)):
            solved = self._store.first_solved(known, lo, hi)
            if solved is not None:
                stop = solved
                break
        if self.chain:
            self._public_chain(self._segments(round, stop - 1, knowledge))
            return
        for r in range(stop - 1, round - 1, -1):
            self.dag[self.key(r, knowledge)]

    def _segments(self, first: int, last: int, knowledge: Knowledge) -> list[tuple[int, int, Knowledge]]:
        """Rounds ``last`` down to ``first`` cut where their keys' knowledge
        changes (where a promise's maker goes overboard), as ``(highest,
        lowest, knowledge of their keys)``, the highest rounds first."""
        cuts = sorted({promise_in(a).maker for a in knowledge.announcements if promise_in(a).maker < last})
        bounds = [first - 1, *(c for c in cuts if c >= first), last]
        return [(hi, lo + 1, self.key(hi, knowledge)[1])
                for lo, hi in reversed(list(zip(bounds, bounds[1:]))) if lo < hi]

    def _edges(self, key: Hashable) -> dict[Hashable, Key]:
        """The predictions a solved one asked for, made again from it rather
        than kept: one per view, the proposer's own when he knows less, and
        the next round when the offer fails (the order :meth:`_predict` asks in)."""
        r, knowledge = node_key(key)
        p = self.dag[key]
        edges: dict[Hashable, Key] = {("expectation", v.knowledge): (r + 1, v.knowledge) for v in p.views}
        if p.source is OfferSource.PROPOSER:
            edges["offer"] = (r, p.proposer_knowledge)
        if not p.accepted:
            edges["outcome"] = self.key(r + 1, knowledge)
        return edges

    # voter classes ------------------------------------------------------------
    def voter_classes(self, knowledge: Knowledge) -> VoterClasses:
        """Pirates grouped by what they heard of ``knowledge``.

        Returns the classes as ``(view, sorted ranks)``, a map from rank to
        class index for pirates in some private audience, and the index of
        the class of everyone else.
        """
        hit = self._classes_cache.get(knowledge)
        if hit is not None:
            return hit
        public = [a for a in knowledge.announcements if a.is_public]
        heard: dict[int, list[Announcement]] = {}
        for a in knowledge.announcements:
            if a.audience is not None:
                for pirate in a.audience:
                    heard.setdefault(rank_of(pirate), []).append(a)
        by_sig: dict[frozenset[Announcement], list[int]] = {}
        for rank, anns in heard.items():
            by_sig.setdefault(frozenset(anns), []).append(rank)
        classes: list[tuple[Knowledge, tuple[int, ...]]] = []
        class_of: dict[int, int] = {}
        for sig, ranks in by_sig.items():
            for r in ranks:
                class_of[r] = len(classes)
            classes.append((Knowledge(frozenset(public) | sig), tuple(sorted(ranks))))
        rest = self._everyone if not heard else tuple(r for r in self._everyone if r not in heard)
        default = len(classes)
        classes.append((Knowledge(frozenset(public)), rest))
        result: VoterClasses = (classes, class_of, default)
        self._classes_cache[knowledge] = result
        return result

    # one prediction -------------------------------------------------------------
    def _predict(self, key: Hashable
                 ) -> Generator[list[Request] | dict[Hashable, Key], dict[Hashable, Prediction], Prediction]:
        """The prediction of round ``r`` on knowledge ``K``, as a DAG generator.

        It asks each group of voters for their prediction of the next round,
        and, if the proposer knows less than ``K``, for the proposer's own
        prediction of this round.  The naive tree (``memo=False``) asks as the
        seed's program did: one prediction of a prediction per voter for his
        vote, and, when the proposer optimizes in place, one per voter he
        might buy except his successor, whose expectation he reads from the
        successor's own plan for the next round.  That is ``2m - 3`` per
        prediction with ``m`` living pirates, which gives the seed's counts
        1, 3, 13, 71, 505, ...
        """
        r, knowledge = node_key(key)
        n, rules = self.pirates, self.rules
        if r == n:
            return self._alone(r, knowledge)
        classes, class_of, default = self.voter_classes(knowledge)
        proposer_knowledge = classes[class_of.get(r, default)][0]
        in_place = proposer_knowledge == knowledge
        promise = _promise_of(r, proposer_knowledge)

        groups: dict[Key, list[tuple[tuple[int, ...], int]]] = {}
        group_of_class: list[Key | None] = []
        for view_knowledge, ranks in classes:
            lo = bisect_right(ranks, r)
            k = self.key(r + 1, view_knowledge) if lo < len(ranks) else None
            group_of_class.append(k)
            if k is not None:
                groups.setdefault(k, []).append((ranks, lo))
        # one view holds every voter: nobody is looked up
        which = _view_index(groups, group_of_class, class_of, default) if len(groups) > 1 else None
        if self.dag.memo:
            asked: dict[Hashable, Key] = {("expectation", k[1]): k for k in groups}
            if not in_place:
                asked["offer"] = (r, proposer_knowledge)
            got = yield asked
        else:
            got = yield self._tree_requests(r, groups, proposer_knowledge, in_place, promise)

        views = tuple(View(k[1], got["expectation", k[1]].outcome, tuple(s)) for k, s in groups.items())
        if not in_place:
            offer, source, free = got["offer"].offer, OfferSource.PROPOSER, 0
        else:
            bidding = views if self.dag.memo or promise is not None else tuple(
                View(v.knowledge, got["offer-expectation", v.knowledge].outcome, v.slices)
                if ("offer-expectation", v.knowledge) in got else v
                for v in views
            )
            offer, source, free = self._offer(r, promise, bidding, which)

        yes = self._count_yes(r, offer, views, which)
        needed = rules.votes_needed(n - r + 1)
        if yes >= needed:
            outcome = offer
        else:
            following = yield {"outcome": self.key(r + 1, knowledge)}
            outcome = following["outcome"].outcome
        return Prediction(r, knowledge, offer, source, proposer_knowledge, free, views,
                          yes, needed, yes >= needed, outcome, rules)

    def _alone(self, r: int, knowledge: Knowledge) -> Prediction:
        """The prediction of the last round: the last pirate keeps every coin."""
        n, coins, rules = self.pirates, self.coins, self.rules
        alone = Division(n, n, (n,) if coins else (), (coins,) if coins else ())
        own = 1 if rules.proposer_votes else 0
        return Prediction(r, knowledge, alone, OfferSource.ALONE, knowledge, 0, (), own,
                          rules.votes_needed(1), True, alone, rules)

    def _offer(self, r: int, promise: Promise | None, views: tuple[View, ...],
               which: Callable[[int], int] | None, counts: tuple[int, int] | None = None
               ) -> tuple[Division, OfferSource, int]:
        """What a proposer who knows all the prediction knows offers, why, and the votes he gets for nothing."""
        if promise is not None:
            return promise.division, OfferSource.PROMISE, 0
        offer, free = self._optimize(r, views, which, counts)
        return offer, OfferSource.OPTIMIZED, free

    def _public_chain(self, segments: list[tuple[int, int, Knowledge]]) -> None:
        """Solve the rounds of ``segments`` on public knowledge (see
        :meth:`_segments`), the last first,
        each from the one after it, and keep them in the DAG's store as a
        chain (:mod:`.chain`).

        On public knowledge there is one view, everyone's, and it is the
        knowledge of the round itself: the prediction of round ``r`` reads
        the outcome of round ``r + 1`` and nothing else.  This is
        :meth:`_predict`'s own decision for that case, made without a
        generator or a prediction per round; the tests hold the two to the
        same predictions.
        """
        if not segments:
            return
        store, rules, n, progress = self._store, self.rules, self.pirates, self._progress
        everyone = self._everyone
        last, _, knowledge = segments[0]
        promised = {promise_in(a).maker: promise_in(a) for a in segments[-1][2].announcements}
        following = None if last == n else self.dag[self.key(last + 1, knowledge)]
        outcome = None if following is None else following.outcome  # the next round's
        seen = None if following is None else following.knowledge
        for hi, lo, known in segments:
            chain = store.chain(known, hi, outcome)
            for r in range(hi, lo - 1, -1):
                if r == n:
                    alone = self._alone(r, known)
                    offer, free, yes, outcome = alone.offer, 0, alone.yes, alone.outcome
                else:
                    # below the last round, a chain starts from a solved round or from its own rounds
                    assert outcome is not None and seen is not None
                    views = (View(seen, outcome, ((everyone, r),)),)
                    # the voters who expect to die are those ranked above the next outcome's proposer
                    counts = (outcome.first - r - 1, n - r)
                    offer, _, free = self._offer(r, promised.get(r), views, None, counts)
                    yes = self._count_yes(r, offer, views, None, counts)
                    if yes >= rules.votes_needed(n - r + 1):
                        outcome = offer
                store.add(chain, r, offer, free, yes, outcome.first, outcome)
                seen = known
                if progress and len(store) % 2000 == 0:
                    progress(len(store))

    def _tree_requests(self, r: int, groups: dict[Key, list[tuple[tuple[int, ...], int]]],
                       proposer_knowledge: Knowledge, in_place: bool, promise: Promise | None) -> list[Request]:
        """The requests of the naive tree, one copy per asker (see :meth:`_predict`)."""
        requests = [Request(("expectation", k[1]), k, copies=_count(s)) for k, s in groups.items()]
        if not in_place:
            requests.append(Request("offer", (r, proposer_knowledge)))
        elif promise is None:
            for k, s in groups.items():
                copies = _count(s) - _member(s, r + 1)
                if copies:
                    requests.append(Request(("offer-expectation", k[1]), k, copies=copies))
        return requests

    def _count_yes(self, r: int, offer: Division, views: tuple[View, ...], which: Callable[[int], int] | None,
                   counts: tuple[int, int] | None = None) -> int:
        """The yes votes ``offer`` gets; ``counts`` are the views' doomed and
        living voters where the caller knows them (see :meth:`_voter_counts`)."""
        own = 1 if self.rules.proposer_votes else 0
        doomed, voters = self._voter_counts(views) if counts is None else counts
        if self.rules.premium() == 0:
            # a peaceful voter says no only when offered less than he expects
            counted = own + voters
        else:
            counted = own + doomed  # everyone who would die next
        if which is not None:
            return counted + self._swayed(r, offer, views, which)
        # one view: the swayed votes depend on the offer's shares and the view's outcome, not on the round
        key = (offer.ranks, offer.amounts, views[0].outcome)
        last = self._swayed_last
        if last is not None and last[0] is key[0] and last[1] is key[1] and last[2] is key[2]:
            return counted + last[3]  # the shares of the round before, and its outcome: not hashed again
        swayed = self._swayed_cache.get(key)
        if swayed is None:
            swayed = self._swayed_cache[key] = self._swayed(r, offer, views, which)
        self._swayed_last = (*key, swayed)
        return counted + swayed

    def _swayed(self, r: int, offer: Division, views: tuple[View, ...], which: Callable[[int], int] | None) -> int:
        """The votes an offer changes: under peaceful rules minus those against
        it (only voters who expect coins can be), otherwise the living voters
        offered more than they expect (the doomed are counted already)."""
        if self.rules.premium() == 0:
            return -sum(1 for i, v in enumerate(views)
                        for rank, coins in zip(v.outcome.ranks, v.outcome.amounts)
                        if rank > r and (which is None or which(rank) == i) and offer.share(rank) < coins)
        expected = [dict(zip(v.outcome.ranks, v.outcome.amounts)) for v in views]
        yes = 0
        for rank, coins in zip(offer.ranks, offer.amounts):
            if rank == r:
                continue
            i = 0 if which is None else which(rank)
            if rank >= views[i].outcome.first and coins > expected[i].get(rank, 0):
                yes += 1
        return yes

    @staticmethod
    def _voter_counts(views: tuple[View, ...]) -> tuple[int, int]:
        """How many voters of ``views`` expect to be thrown overboard next, and how many vote."""
        return sum(v.doomed() for v in views), sum(len(v) for v in views)

    def _optimize(self, r: int, views: tuple[View, ...], which: Callable[[int], int] | None,
                  counts: tuple[int, int] | None = None) -> tuple[Division, int]:
        """The cheapest offer that buys the votes the proposer needs, and the
        votes he counts on for nothing.

        A voter who expects ``e`` coins costs ``e + 1`` (``e`` if he is
        peaceful); one who expects to die costs nothing.  A proposer who
        cannot afford enough votes still buys the cheapest he can and keeps
        the rest: by his knowledge the offer fails, but voters who know more
        may still accept it.  Under the rule that a doomed proposer keeps
        everything, he offers himself every coin instead.

        With one view (``which`` is ``None``), the voters who expect coins
        are its outcome's shares and those who expect nothing the other
        living pirates below its proposer, whatever the round: the purchase
        is shared by every round on that outcome wanting as many votes, and
        past ``coins + 1`` votes wanted it no longer changes (each bought
        vote costs a coin or more).
        """
        n, coins, rules = self.pirates, self.coins, self.rules
        need = rules.others_needed(n - r + 1)
        free, voters = self._voter_counts(views) if counts is None else counts
        dear = self._dear_voters(r, views, which)
        cheap_count = voters - free - len(dear)  # voters who will live and expect nothing
        if rules.premium() == 0:
            free += cheap_count  # peaceful: they vote yes for nothing
            cheap_count = 0
        if need <= free:
            return self._keep_all(r), need
        wanted = need - free
        if which is None:
            key = (views[0].outcome, min(wanted, coins + 1))
            bought = self._purchases.get(key)
            if bought is None:
                bought = self._purchases[key] = self._buy(views, dear, key[1], cheap_count)
        else:
            bought = self._buy(views, dear, wanted, cheap_count)
        ranks, amounts, spent = bought
        if len(ranks) < wanted and rules.doomed_proposer is DoomedProposer.KEEPS:
            return self._keep_all(r), free
        if spent < coins:  # the proposer ranks above every voter: his share comes first
            ranks, amounts = (r, *ranks), (coins - spent, *amounts)
        return Division(r, n, ranks, amounts), free

    def _keep_all(self, r: int) -> Division:
        """The offer of a proposer who keeps every coin."""
        coins = self.coins
        return Division(r, self.pirates, (r,), (coins,)) if coins else Division(r, self.pirates, (), ())

    def _buy(self, views: tuple[View, ...], dear: list[tuple[int, int, int]], wanted: int,
             cheap_count: int) -> tuple[tuple[int, ...], tuple[int, ...], int]:
        """The votes bought, cheapest first, until ``wanted`` or the coins run
        out: the ranks and the coins paid, by rank, and the coins spent."""
        coins = self.coins
        from_cheap = min(wanted, cheap_count)
        cheap = self._cheap_voters(views, {rank for _, _, rank in dear}, self.tie_rule is TieRule.LOWEST)
        chosen = [(1, rank) for rank in islice(cheap, min(from_cheap, coins))]
        chosen += [(c, rank) for c, _, rank in dear[: wanted - from_cheap]]
        budget, paid = coins, []
        for cost, rank in chosen:
            if cost > budget:
                break
            budget -= cost
            paid.append((rank, cost))
        paid.sort()
        return tuple(rank for rank, _ in paid), tuple(cost for _, cost in paid), coins - budget

    def _dear_voters(self, r: int, views: tuple[View, ...],
                     which: Callable[[int], int] | None) -> list[tuple[int, int, int]]:
        """Voters who expect coins, as ``(cost, tie, rank)`` in the order they are bought."""
        if which is None:
            # one view: its outcome's shares, every one a living voter's, whatever the round
            outcome = views[0].outcome
            hit = self._dear_cache.get(outcome)
            if hit is None:
                hit = self._dear_cache[outcome] = self._rank_dear(list(zip(outcome.ranks, outcome.amounts)))
            return hit
        return self._rank_dear([(rank, c) for i, view in enumerate(views)
                                for rank, c in zip(view.outcome.ranks, view.outcome.amounts)
                                if rank > r and which(rank) == i])

    def _rank_dear(self, expecting: list[tuple[int, int]]) -> list[tuple[int, int, int]]:
        premium = self.rules.premium()
        sign = -1 if self.tie_rule is TieRule.LOWEST else 1
        return sorted((c + premium, sign * rank, rank) for rank, c in expecting)

    @staticmethod
    def _cheap_voters(views: tuple[View, ...], dear: set[int], lowest_first: bool) -> Iterator[int]:
        """Voters who expect no coins and will not die, in the order the tie rule buys them."""
        streams = []
        for view in views:
            d = view.outcome.first
            for ranks, lo in view.slices:
                start = max(lo, bisect_left(ranks, d))
                idx = range(len(ranks) - 1, start - 1, -1) if lowest_first else range(start, len(ranks))
                streams.append(map(ranks.__getitem__, idx))  # binds this slice's ranks now
        # one class of voters (no private promise) needs no merging
        merged = streams[0] if len(streams) == 1 else heapq.merge(*streams, reverse=lowest_first)
        return (rank for rank in merged if rank not in dear)


def _view_index(groups: dict[Key, list[tuple[tuple[int, ...], int]]], group_of_class: list[Key | None],
                class_of: dict[int, int], default: int) -> Callable[[int], int]:
    """The index of the view of a living voter, by his rank."""
    # a living voter's class always has a group: which() never looks up None
    position: dict[Key | None, int] = {k: i for i, k in enumerate(groups)}

    def which(rank: int) -> int:
        return position[group_of_class[class_of.get(rank, default)]]
    return which




def _promise_of(rank: int, knowledge: Knowledge) -> Promise | None:
    for a in knowledge.announcements:
        if isinstance(a.content, Promise) and a.content.maker == rank:
            return a.content
    return None
