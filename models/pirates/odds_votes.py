"""The vote of pirates who weigh odds: a part of :class:`~epistemic.models.pirates.odds.OddsSolver`.

A voter who heard no promise weighs what follows a failed offer in each
world by the shared belief, and votes yes when offered more (at least as
much, if peaceful); one price serves most of them (:class:`VoterPrices`).
A voter who heard some promises weighs the worlds he cannot tell apart,
and also what his vote tells the others: the insiders' votes are answered
one at a time until none changes, or, where that goes round a cycle,
every profile of pure votes is tried, the nearest the sincere first.  A
vote the others do not expect is read as sincere, or, where no profile is
an equilibrium so, as telling whichever of the voter's cells makes one.
Where his vote decides nothing, an insider votes as the seed's pirates
do; where no profile is an equilibrium so, he may cast it either way
(both are best replies), and so tell the others what he knows.
"""

from __future__ import annotations

from collections.abc import Callable, Iterator
from fractions import Fraction
from itertools import combinations, islice, product
from typing import TYPE_CHECKING

import attrs

from .division import Division
from .game import PirateGameError
from .worlds import Belief, conditioned
from .worth import VoterPrices, Worth, expectation, fate

__all__ = ["Vote", "VoteStage", "YES", "NO", "MAX_TURNS", "MAX_PROFILED", "MAX_NEAREST"]

YES, NO = "yes", "no"

#: The most turns of the insiders' votes answering each other before every profile of them is tried.
MAX_TURNS = 50

#: The most votes (an insider's in one of his cells) tried in every pure profile (2 ** 12 = 4,096
#: profiles) when answering them in turn goes round a cycle.
MAX_PROFILED = 12

#: Past :data:`MAX_PROFILED` votes, how many profiles are tried, the nearest the sincere first (all
#: within five changes of it for 14 votes), each under the sincere reading.
MAX_NEAREST = 4096

#: The most insiders' votes (one per insider and cell) whose unexpected values are read every way
#: (2 ** 4 readings) where no profile is an equilibrium under the sincere reading.
MAX_READINGS = 4

#: The most equilibria of one vote (:meth:`VoteStage.vote_options`) a proposer's offers are tried on.
MAX_VOTE_OPTIONS = 32

#: The insiders' votes in each world: who votes how.
Cast = tuple[dict[int, str], ...]


@attrs.frozen
class Vote:
    """The vote on one offer from one state, in every world."""

    insiders: Cast
    sincere: Cast   # how an unexpected vote of an insider is read: the worlds where this is his vote
    outsiders: VoterPrices
    yes: tuple[int, ...]
    passed: tuple[bool, ...]
    after: tuple[Belief, ...]
    outcome: tuple[Division | None, ...]


class VoteStage:
    """The vote stage of :class:`~epistemic.models.pirates.odds.OddsSolver`, which holds the game, the
    worlds and the states this reads."""

    pirates: int
    maker: int
    world_ids: tuple[int, ...]
    insiders: frozenset[int]
    worth: Worth
    _cells: dict[int, tuple[tuple[int, ...], ...]]
    _votes: dict[tuple[int, Belief, Division], Vote]
    _vote_options: dict[tuple[int, Belief, Division], tuple[Vote, ...]]
    _prices: dict[tuple, VoterPrices]
    _price_of: dict[tuple, int]
    _strict: bool

    if TYPE_CHECKING:   # the solver's own
        def belief(self, odds=None) -> Belief: ...

        def voters(self, r: int) -> tuple[int, ...]: ...

        def _needed(self, r: int) -> int: ...

        def following(self, r: int, odds, world: int) -> Division | None: ...

        def weights(self, rank: int, belief: Belief, world: int) -> Belief: ...

    def vote(self, r: int, odds: Fraction | Belief, offer: Division) -> Vote:
        """The vote on ``offer`` in round ``r`` once the shared belief is ``odds``, in every world: each
        voter's best reply to the others' votes, the insiders' answered in turn until none changes."""
        belief = self.belief(odds)
        key = (r, belief, offer)
        hit = self._votes.get(key)
        if hit is not None:
            return hit
        settled = next(self._settled(r, offer, belief, every=False), None)
        if settled is None:
            raise PirateGameError(f"round {r}: the votes on {offer} have no equilibrium in pure votes (what the "
                                  "pirates who heard a promise would reveal by their votes calls for mixed "
                                  "ones, which pirates who weigh odds do not play)")
        found = self._votes[key] = settled
        return found

    def vote_options(self, r: int, belief: Belief, offer: Division) -> tuple[Vote, ...]:
        """Every vote on ``offer`` in round ``r`` from the shared ``belief`` in which each insider's vote is
        a weakly best reply, :meth:`vote`'s first (none if it has none), then the others in the order
        tried, at most :data:`MAX_VOTE_OPTIONS`: the equilibria of the vote a proposer's offers may rest
        on where the seed's rule for a vote that decides nothing leaves his offers none."""
        key = (r, belief, offer)
        found = self._vote_options.get(key)
        if found is None:
            try:
                options = [self.vote(r, belief, offer)]
            except PirateGameError:
                options = []
            seen = {_cast_key(v) for v in options}
            for other in self._settled(r, offer, belief, every=True):
                if len(options) >= MAX_VOTE_OPTIONS:
                    break
                if _cast_key(other) not in seen:
                    seen.add(_cast_key(other))
                    options.append(other)
            found = self._vote_options[key] = tuple(options)
        return found

    def _settled(self, r: int, offer: Division, belief: Belief, every: bool) -> Iterator[Vote]:
        """The insiders' votes in every world, each a best reply to the others', and what follows
        from them: the sincere votes answered one insider at a time until none changes, or, if
        that goes round a cycle, every equilibrium of every profile of pure votes, the nearest the
        sincere first (past :data:`MAX_PROFILED` votes, of the :data:`MAX_NEAREST` nearest, each read
        as sincere where unexpected).  An insider votes alike in the worlds
        he cannot tell apart.  With ``every``, each profile in which every vote is a weakly best
        reply, under each reading, in the order tried (the first of them may repeat one before)."""
        voters = self.voters(r)
        own = 1 if r in voters else 0
        insiders = [v for v in voters if v != r and v in self.insiders and r <= self.maker]
        needed = self._needed(r)
        # first, every insider votes as if his vote told nothing
        sincere = tuple({v: self._sincere(r, offer, v, w, belief) for v in insiders} for w in self.world_ids)
        ids = self.world_ids

        def respond(cast: Cast, reading: Cast = sincere):
            after = tuple(self._after(cast, cast[w], belief, reading) for w in ids)
            following = tuple(self.following(r, after[w], w) if belief[w] else None for w in ids)
            outsiders = self._outsider_prices(r, belief, following, frozenset(insiders) | {r})
            return after, outsiders, own + self._bought(offer, outsiders)

        # each insider's vote in one world of each of his cells, which stands for the cell
        slots = [(w, v) for v in insiders for w in sorted({self._cells[v][x][0] for x in ids})]

        def spread(votes: dict[tuple[int, int], str]) -> Cast:
            return tuple({v: votes[self._cells[v][w][0], v] for v in insiders} for w in ids)

        cast = sincere
        for _ in range(MAX_TURNS):
            after, outsiders, base = respond(cast)
            # one insider at a time, each answering the votes as they stand (answering all at once can cycle)
            again = tuple(dict(c) for c in cast)
            for v in insiders:
                for w in sorted({self._cells[v][x][0] for x in ids}):
                    x = self._best_vote(r, offer, v, w, belief, again, base, needed, sincere)
                    for u in self._cells[v][w]:
                        again[u][v] = x
            if again == cast:
                yield self._vote_of(r, offer, needed, cast, after, outsiders, base, sincere)
                if not every:
                    return
                break
            cast = again
        if len(slots) > MAX_PROFILED:
            # too many for every profile: those nearest the sincere votes, each change of fewer votes first
            start, flip = [sincere[w][v] for w, v in slots], {YES: NO, NO: YES}
            nearest = (tuple(flip[x] if i in flipped else x for i, x in enumerate(start))
                       for changed in range(len(slots) + 1)
                       for flipped in map(set, combinations(range(len(slots)), changed)))
            profiles = list(islice(nearest, MAX_NEAREST))
        else:
            profiles = sorted(product((YES, NO), repeat=len(slots)),
                              key=lambda votes: sum(x != sincere[w][v] for x, (w, v) in zip(votes, slots)))
        # an unexpected vote is read as sincere; where no profile is an equilibrium so, as keeping whichever
        # of the voter's cells make one (what he does not expect to be seen may be read any way)
        readings = [sincere]
        if len(slots) <= MAX_READINGS and len(slots) <= MAX_PROFILED:
            for votes in product((YES, NO), repeat=len(slots)):
                other = spread(dict(zip(slots, votes)))
                if other not in readings:
                    readings.append(other)
        # first with every insider voting as the seed's pirates where his vote changes nothing, then, where
        # no profile is an equilibrium so, with any vote there (the seed's rule is only a choice among equals)
        for weak in ((True,) if every else (False, True)):
            for reading in readings:
                for votes in profiles:
                    cast = spread(dict(zip(slots, votes)))
                    if reading is not sincere and not self._unexpected(cast, insiders):
                        continue   # every vote is expected: the reading changes nothing already tried
                    after, outsiders, base = respond(cast, reading)
                    if all(self._replies(r, offer, v, w, belief, cast, base, needed, reading, weak)
                           for w, v in slots):
                        yield self._vote_of(r, offer, needed, cast, after, outsiders, base, reading)
                        if not every:
                            return

    def _vote_of(self, r: int, offer: Division, needed: int, cast: Cast, after: tuple[Belief, ...],
                 outsiders: VoterPrices, base: int, reading: Cast) -> Vote:
        yes = tuple(base + sum(1 for x in cast[w].values() if x == YES) for w in self.world_ids)
        passed = tuple(y >= needed for y in yes)
        outcome = tuple(offer if passed[w] else self.following(r, after[w], w) for w in self.world_ids)
        return Vote(cast, reading, outsiders, yes, passed, after, outcome)

    def _replies(self, r: int, offer: Division, rank: int, world: int, belief: Belief, cast: Cast, base: int,
                 needed: int, reading: Cast, weak: bool) -> bool:
        """Whether the insider ``rank``'s vote in ``cast`` is his best reply in ``world`` (``weak``: or worth
        as much to him as the other)."""
        if not weak:
            return self._best_vote(r, offer, rank, world, belief, cast, base, needed, reading) == cast[world][rank]
        worth = self._vote_worths(r, offer, rank, world, belief, cast, base, needed, reading)
        cast_vote = cast[world][rank]
        return worth[cast_vote] >= worth[NO if cast_vote == YES else YES]

    def seen_after(self, vote: Vote, seen: dict[int, str], belief: Belief) -> Belief:
        """The shared belief, from ``belief``, once the insiders' votes ``seen`` on ``vote``'s offer are."""
        return self._after(vote.insiders, seen, belief, vote.sincere)

    @staticmethod
    def _unexpected(cast: Cast, insiders: list[int]) -> bool:
        """Whether some insider casts the same vote in every world, so that the other is unexpected."""
        return any(len({c[v] for c in cast}) == 1 for v in insiders)

    def _after(self, cast: Cast, seen: dict[int, str], belief: Belief, sincere: Cast) -> Belief:
        """The shared belief once the insiders' votes ``seen`` are: each vote keeps the worlds whose
        play casts it; a vote that no world's play casts is read as sincere (``sincere``: each
        insider's vote in each world were it to tell nothing), and keeps the worlds where it is;
        votes that contradict each other leave the belief."""
        kept = set(self.world_ids)
        for v, x in seen.items():
            if v not in cast[0]:
                continue
            worlds = {w for w in self.world_ids if cast[w][v] == x} or {
                w for w in self.world_ids if sincere[w][v] == x}
            if worlds:
                kept &= worlds
        return conditioned(belief, kept) if kept else belief

    @staticmethod
    def _bought(offer: Division, outsiders: VoterPrices) -> int:
        """How many outsiders vote yes to ``offer``: those who would to anything and those it pays their price."""
        return outsiders.free + sum(1 for rank, coins in zip(offer.ranks, offer.amounts)
                                    if rank not in outsiders.skipped and 0 < outsiders.price(rank) <= coins)

    def _outsider_prices(self, r: int, belief: Belief, following: tuple[Division | None, ...],
                         skipped: frozenset[int]) -> VoterPrices:
        """The price of each voter not in ``skipped``: each weighs what follows a failed offer in
        each world (``following``) by the shared belief (see :class:`VoterPrices`)."""
        key = (r, belief, following, skipped)
        hit = self._prices.get(key)
        if hit is not None:
            return hit
        weights = belief
        outcomes = [o for o, w in zip(following, weights) if w]
        # pirates no outcome keeps alive (above every outcome's proposer) vote yes to anything; those
        # every outcome keeps alive with nothing (below every proposer, paid by none) share one price
        beyond = self.pirates + 1
        lowest = min((o.first if o is not None else beyond) for o in outcomes)
        highest = max((o.first if o is not None else beyond) for o in outcomes)
        paid = {rank for o in outcomes if o is not None for rank in o.ranks}
        plain = self.worth.threshold(Fraction(1), Fraction(0), self._strict)
        first = self.voters(r)[0] if self.voters(r) else beyond
        lowest = max(lowest, first)
        special = {}
        for v in sorted({*range(lowest, min(highest, beyond)), *(v for v in paid if v >= lowest)} - skipped):
            fates = tuple(fate(o, v) for o in following)
            price = self._price_of.get((weights, fates))   # few fates recur across voters and states: priced once
            if price is None:
                price = self._price_of[weights, fates] = self.worth.threshold(*expectation(fates, weights),
                                                                              self._strict)
            special[v] = price
        doomed = sum(1 for v in range(first, lowest) if v not in skipped)
        start = max(highest, lowest)   # the plain voters: from here down, neither special nor skipped
        plain_count = max(0, self.pirates - start + 1) - sum(1 for v in (*special, *skipped) if v >= start)
        free = doomed + sum(1 for t in special.values() if t == 0) + (plain_count if plain == 0 else 0)
        found = VoterPrices(special, plain, lowest, skipped, self.pirates, free)
        self._prices[key] = found
        return found

    def _expects(self, rank: int, belief: Belief, world: int,
                 outcome_in: Callable[[int], Division | None]) -> tuple[Fraction, ...]:
        """The worth to ``rank`` in ``world`` of the outcome ``outcome_in(w)`` of each world he weighs."""
        weights = self.weights(rank, belief, world)
        if weights[world] == 1:   # he knows the world (as everyone who heard the only promise does)
            return self.worth.of(*fate(outcome_in(world), rank))
        fates = [fate(outcome_in(w), rank) if weights[w] else (0, 0) for w in self.world_ids]
        return self.worth.expected(fates, weights)

    def _sincere(self, r: int, offer: Division, rank: int, world: int, belief: Belief) -> str:
        """Yes when the offer beats what the insider ``rank`` expects if it fails, the belief unchanged."""
        return self._prefers(offer, rank, self._expects(rank, belief, world, lambda w: self.following(r, belief, w)))

    def seed_vote(self, offer: Division, rank: int, following: Division | None) -> str:
        """The vote of pirate ``rank`` on ``offer`` by the seed's rule, were ``following`` what follows it
        for sure: yes when offered more (at least as much, if peaceful)."""
        return self._prefers(offer, rank, self.worth.of(*fate(following, rank)))

    def _prefers(self, offer: Division, rank: int, then: tuple[Fraction, ...]) -> str:
        now = self.worth.of(1, offer.share(rank))
        return YES if now > then or (now == then and not self._strict) else NO

    def _best_vote(self, r: int, offer: Division, rank: int, world: int, belief: Belief, cast: Cast, base: int,
                   needed: int, sincere: Cast) -> str:
        """The insider ``rank``'s best reply in ``world`` (and the worlds he cannot tell from it) to the
        others' votes ``cast``."""
        worth = self._vote_worths(r, offer, rank, world, belief, cast, base, needed, sincere)
        if worth[YES] != worth[NO]:
            return YES if worth[YES] > worth[NO] else NO
        # his vote changes nothing: he votes as the seed's pirates do
        return self._prefers(offer, rank, self._expects(
            rank, belief, world,
            lambda w: self.following(r, self._after(cast, {**cast[w], rank: NO}, belief, sincere), w)))

    def _vote_worths(self, r: int, offer: Division, rank: int, world: int, belief: Belief, cast: Cast, base: int,
                     needed: int, sincere: Cast) -> dict[str, tuple[Fraction, ...]]:
        """What each vote is worth to the insider ``rank`` in ``world``, the others voting ``cast``."""
        worth = {}
        for x in (YES, NO):
            def outcome(w: int, x: str = x) -> Division | None:
                others = base + sum(1 for v, y in cast[w].items() if v != rank and y == YES)
                if others + (x == YES) >= needed:
                    return offer
                return self.following(r, self._after(cast, {**cast[w], rank: x}, belief, sincere), w)
            worth[x] = self._expects(rank, belief, world, outcome)
        return worth


def _cast_key(vote: Vote) -> tuple:
    """What tells one equilibrium of a vote from another: the insiders' votes and how an unexpected one
    is read, in every world."""
    return tuple(tuple(sorted(cast.items())) for cast in (*vote.insiders, *vote.sincere))
