"""The profiles of an insider proposer's offers: a part of :class:`~epistemic.models.pirates.odds.OddsSolver`.

A proposer who heard a promise makes an offer in each of his cells, and
the others read from his offer which cell he is in.  Where his offers,
each answering what the others read from the rest, go round a cycle,
every profile of them is tried (each cell's offer among those met, the
seed's and the cheapest purchases), in three passes, each only where the
one before finds none:

1. an offer his play does not make is read as :func:`read_offer` reads it;
2. each such offer may be read instead as telling whichever of his cells
   makes it worth no more to him than his play (in a perfect Bayesian
   equilibrium an offer off the play may be read any way);
3. besides, a voter whose vote decides nothing for him may cast it either
   way on any offer of the round (the seed's rule, yes only when offered
   more, is one choice among equal replies): the play's offers and each
   offer that might beat them rest on an equilibrium of their vote, among
   those :meth:`~epistemic.models.pirates.odds_votes.VoteStage.vote_options`
   finds (the first 32 of each, and the first 1,024 choices of one for each
   offer of the play).

The first profile in which no cell has an offer worth more to him than
his play is his play, and the readings and votes it rests on are kept for
the state: the tree, the votes and ``--why`` read them.
"""

from __future__ import annotations

from collections.abc import Callable, Iterator, Sequence
from itertools import islice, product
from math import prod
from typing import TYPE_CHECKING

from .division import Division, pirate_name
from .game import PirateGameError
from .odds_votes import Vote
from .worlds import Belief, conditioned
from .worth import Worth, fate

__all__ = ["OfferProfiles", "read_offer", "MAX_OFFER_PROFILES", "MAX_OFFER_CHECKS", "MAX_OFFER_POOL",
           "MAX_VOTE_COMBINATIONS", "VOTE_OPTIONS_CHECKS"]

#: The most profiles of a proposer's offers, one per cell among those met and the cheapest purchases,
#: tried where answering them in turn goes round a cycle (16 offers in each of 4 cells: a first
#: proposer who heard two promises).
MAX_OFFER_PROFILES = 65_536
#: The most checks of a profile of offers against an offer that might beat it in one of the cells,
#: counted before any profile is tried (a check weighs one offer, some 20 microseconds, and the
#: second pass weighs it under each reading too); the third pass stops past as many checks, each
#: vote's equilibria worked out counting :data:`VOTE_OPTIONS_CHECKS`.
MAX_OFFER_CHECKS = 1_000_000
#: The most offers of :meth:`OddsSolver._candidates` a cell's offer is chosen among in those profiles.
MAX_OFFER_POOL = 16
#: The most choices of an equilibrium of the vote on each of a profile's offers tried in the third pass.
MAX_VOTE_COMBINATIONS = 1_024

#: What one :meth:`~epistemic.models.pirates.odds_votes.VoteStage.vote_options` costs, in checks (a vote's
#: equilibria are found among up to 4,096 profiles of its insiders' votes: some 80 milliseconds).
VOTE_OPTIONS_CHECKS = 4_000

#: How an offer off the play may be read and voted on, and what that leaves each of the proposer's cells.
_Deterrent = tuple[Belief, Vote, tuple[tuple, ...]]


class _Memo:
    """What the third pass of one state's search works out once: the ways each offer off the play may
    be read and voted on, each vote's worths to the proposer's cells, and the checks left."""

    def __init__(self, budget: int):
        self.budget = budget
        self.deterrents: dict[Division, list[_Deterrent]] = {}
        self.worths: dict[int, tuple[tuple, ...]] = {}


class OfferProfiles:
    """The profile search of :class:`~epistemic.models.pirates.odds.OddsSolver`, which holds the game,
    the worlds and the states this reads."""

    world_ids: tuple[int, ...]
    _cells: dict[int, tuple[tuple[int, ...], ...]]
    _offer_readings: dict[tuple[int, Belief], dict[Division, Belief]]
    _vote_choices: dict[tuple[int, Belief, Division], Vote]
    _vote_options: dict[tuple[int, Belief, Division], tuple[Vote, ...]]

    worth: Worth

    if TYPE_CHECKING:   # the solver's own

        def _candidates(self, r: int, belief: Belief, weights: Belief, world: int) -> Iterator[Division]: ...

        def _unbound(self, r: int) -> tuple[int, ...]: ...

        def _worth_of(self, r: int, weights: Belief, infer: Callable[[Division], Belief],
                      offer: Division) -> tuple: ...

        def vote_options(self, r: int, belief: Belief, offer: Division) -> tuple[Vote, ...]: ...

    def _profiles(self, r: int, belief: Belief, weights: dict[int, Belief], forced: dict[int, Division | None],
                  naive: tuple[Division, ...], met: list[tuple[Division, ...]]) -> tuple[Division, ...]:
        """The first profile of offers, one per cell (a world standing for each: the keys of ``weights``,
        ``forced`` the offer a promise binds him to), that is an equilibrium in one of the passes of this
        module; ``met`` are the profiles answering in turn went through."""
        ids, cells, free = self.world_ids, self._cells[r], self._unbound(r)
        pools = {w: list(dict.fromkeys([*(m[w] for m in met), *islice(self._candidates(r, belief, weights[w], w),
                                                                        MAX_OFFER_POOL)]))
                 for w in sorted(weights) if forced[w] is None}
        profiles = prod(len(pool) for pool in pools.values())
        # what each cell could offer instead, worked out once for every profile
        rivals = ({w: list(dict.fromkeys(self._candidates(r, belief, weights[w], w))) for w in pools}
                  if profiles <= MAX_OFFER_PROFILES else {})
        checks = profiles * sum(len(offers) for offers in rivals.values())
        memo = _Memo(MAX_OFFER_CHECKS)
        if profiles <= MAX_OFFER_PROFILES and checks <= MAX_OFFER_CHECKS:
            for how in ("read", "free", "votes"):
                for choice in product(*pools.values()):
                    chosen: dict[int, Division] = {w: f for w, f in forced.items() if f is not None}
                    chosen.update(zip(pools, choice))
                    profile = tuple(chosen[cells[w][0]] for w in ids)
                    readings: dict[Division, Belief] | None
                    if how == "votes":
                        found = self._supported(r, belief, weights, chosen, profile, naive, free, rivals, memo)
                        if found is None:
                            if memo.budget < 0:
                                break
                            continue
                        readings, votes = found
                        self._vote_choices.update({(r, belief, offer): vote for offer, vote in votes.items()})
                    else:
                        readings = self._deterred(r, belief, weights, chosen, profile, naive, free, rivals,
                                                  how == "free")
                        if readings is None:
                            continue
                    self._offer_readings[r, belief] = readings
                    return profile
        tried = (f"their {profiles:,} profiles are more than the {MAX_OFFER_PROFILES:,} tried"
                 if profiles > MAX_OFFER_PROFILES else
                 f"their {profiles:,} profiles, each against the offers that might beat it, are {checks:,} "
                 f"checks, more than the {MAX_OFFER_CHECKS:,} tried" if checks > MAX_OFFER_CHECKS else
                 f"no pure equilibrium was found before trying the votes that decide nothing cast either way "
                 f"took more than the {MAX_OFFER_CHECKS:,} checks tried" if memo.budget < 0 else
                 "no pure equilibrium was found")
        raise PirateGameError(f"round {r}: the offers {pirate_name(r)} would make in the worlds, each "
                              f"answering what the others reveal, go round a cycle: {tried} "
                              "(pirates who weigh odds do not mix their offers)")

    def _deterred(self, r: int, belief: Belief, weights: dict[int, Belief], chosen: dict[int, Division],
                  profile: tuple[Division, ...], naive: tuple[Division, ...], free: tuple[int, ...],
                  rivals: dict[int, list[Division]], free_reading: bool) -> dict[Division, Belief] | None:
        """How the others read the offers ``profile`` does not make, such that in each of the proposer's
        cells (a world standing for each, the keys of ``rivals``) none of the offers ``rivals`` gives it
        is worth more to him than his play (``None``: no reading does): each read as :func:`read_offer`
        does, or, if ``free_reading``, as whichever of his cells deters it, among the worlds where he is
        free to make it."""
        def read(o: Division) -> Belief:
            return read_offer(belief, profile, naive, o, free)
        cells = list(rivals)
        played = {w: self._worth_of(r, weights[w], read, chosen[w]) for w in cells}
        if not free_reading:   # the first offer that beats his play ends the profile
            if all(self._worth_of(r, weights[w], read, o) <= played[w] for w in cells for o in rivals[w]):
                return {}
            return None
        options = self._cell_readings(r, belief, free)
        readings: dict[Division, Belief] = {}
        for offer in dict.fromkeys(o for w in cells for o in rivals[w]):
            if offer in profile:
                options_here = [read(offer)]
            else:
                options_here = list(dict.fromkeys([read(offer), *options]))
            for seen in options_here:
                if all(self._worth_of(r, weights[w], lambda o: seen, offer) <= played[w] for w in cells):
                    if seen != read(offer):
                        readings[offer] = seen
                    break
            else:
                return None
        return readings

    def _cell_readings(self, r: int, belief: Belief, free: Sequence[int]) -> list[Belief]:
        """The beliefs an offer off the play may be read as telling: one of the proposer's cells, among the
        worlds where he is free to make it."""
        return [conditioned(belief, kept) for kept in
                dict.fromkeys(tuple(x for x in cell if x in free and belief[x]) for cell in self._cells[r]) if kept]

    def _supported(self, r: int, belief: Belief, weights: dict[int, Belief], chosen: dict[int, Division],
                   profile: tuple[Division, ...], naive: tuple[Division, ...], free: tuple[int, ...],
                   rivals: dict[int, list[Division]], memo: _Memo
                   ) -> tuple[dict[Division, Belief], dict[Division, Vote]] | None:
        """The readings of offers off the play and the equilibria of the votes on the play's offers and on
        each rival offer off it, such that no cell (the keys of ``rivals``) has a rival offer, nor another
        offer of the play, worth more to him than his play (``None``: none found).  ``memo`` keeps what
        is the same for every profile of the state, and counts the checks left."""
        cells = list(rivals)

        def worths(vote: Vote) -> tuple[tuple, ...]:
            found = memo.worths.get(id(vote))
            if found is None:   # the votes are the solver's, kept for the state: an id stays theirs
                found = memo.worths[id(vote)] = tuple(self.worth.expected(
                    [fate(vote.outcome[w], r) for w in self.world_ids], weights[c]) for c in cells)
            return found

        def read(o: Division) -> Belief:
            return read_offer(belief, profile, naive, o, free)

        on_play = list(dict.fromkeys(profile))
        options = []
        for o in on_play:
            options.append(self._vote_options_counted(r, read(o), o, memo))
            if memo.budget < 0:
                return None
        off_play = [o for o in dict.fromkeys(o for c in cells for o in rivals[c]) if o not in on_play]
        where = {c: on_play.index(chosen[c]) for c in cells}
        for votes in islice(product(*options), MAX_VOTE_COMBINATIONS):
            memo.budget -= 1
            if memo.budget < 0:
                return None
            left = [worths(vote) for vote in votes]
            played = [left[where[c]][i] for i, c in enumerate(cells)]
            if any(worth[i] > played[i] for worth in left for i in range(len(cells))):
                continue   # a cell gains by another offer of the play
            deterred: dict[Division, tuple[Belief, Vote]] = {}
            for offer in off_play:
                if offer not in memo.deterrents:   # worked out once the play's own offers leave no gain
                    memo.deterrents[offer] = [
                        (seen, vote, worths(vote)) for seen in dict.fromkeys([read(offer), *self._cell_readings(
                            r, belief, free)]) for vote in self._vote_options_counted(r, seen, offer, memo)]
                deterrents = memo.deterrents[offer]
                memo.budget -= len(deterrents)
                if memo.budget < 0:
                    return None
                found = next(((seen, vote) for seen, vote, worth in deterrents
                              if all(worth[i] <= played[i] for i in range(len(cells)))), None)
                if found is None:
                    break
                deterred[offer] = found
            else:
                readings = {o: seen for o, (seen, _) in deterred.items() if seen != read(o)}
                chosen_votes = dict(zip(on_play, votes))
                chosen_votes.update({o: vote for o, (_, vote) in deterred.items()})
                return readings, chosen_votes
        return None

    def _vote_options_counted(self, r: int, belief: Belief, offer: Division, memo: _Memo) -> tuple[Vote, ...]:
        """:meth:`vote_options`, charged to ``memo``'s checks where not worked out before."""
        if (r, belief, offer) not in self._vote_options:
            memo.budget -= VOTE_OPTIONS_CHECKS
        return self.vote_options(r, belief, offer)


def read_offer(belief: Belief, offers: Sequence[Division], naive: Sequence[Division], offer: Division,
               free: Sequence[int]) -> Belief:
    """The shared belief once an insider proposer's ``offer`` is seen: Bayes' rule on his ``offers``
    in the worlds; an offer he makes in none is read as the one he would make in a world if it
    told nothing (``naive``), and keeps the worlds where it is, or else the worlds where he is
    free to make it (``free``: where he is bound by no promise).

    Examples
    --------
    With one promise at even odds, a proposer who offers p3 a coin where it was made (the first
    world) and keeps both where not tells the world by his offer; an offer he makes in neither
    tells nothing where he is free in both:

    >>> from fractions import Fraction
    >>> from .worlds import Belief
    >>> even = Belief((Fraction(1, 2), Fraction(1, 2)))
    >>> buys, keeps = Division.from_shares(1, 3, {1: 1, 3: 1}), Division.from_shares(1, 3, {1: 2})
    >>> [str(q) for q in read_offer(even, (buys, keeps), (buys, keeps), buys, (0, 1))]
    ['1', '0']
    >>> [str(q) for q in read_offer(even, (buys, keeps), (buys, keeps), Division.from_shares(1, 3, {2: 2}), (0, 1))]
    ['1/2', '1/2']
    """
    kept = ([w for w, o in enumerate(offers) if o == offer] or [w for w, o in enumerate(naive) if o == offer]
            or list(free))
    return conditioned(belief, kept) if kept else belief
