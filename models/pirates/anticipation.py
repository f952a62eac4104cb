"""What learning pirates expect: one definition, and levels of anticipation.

Every pirate's expectation, offer and vote in a game with learning comes
from this module, so a voter's vote, the price a proposer puts on it and
the voter's own offer when he proposes agree.

* **Worlds** are numbered in :func:`~.learning.world_order`; a pirate
  cannot tell two worlds apart when he heard the same promises in both.
* **Beliefs** are a plausibility order over the worlds, kept as *tiers*:
  a tuple of sets of worlds, the most plausible first, fewer promises more
  plausible within a tier.  A pirate believes the most plausible worlds he
  cannot tell apart from the one he is in.  What the pirates see of a round
  (the offer, then the votes) is a *radical upgrade*: the worlds where it
  would have been seen become more plausible than all the others, in their
  old order.  In the play that happens the actual world always fits what
  is seen, so to the pirates the worlds that do not are ruled out; a vote
  that no world explains teaches nothing.
* **Level** ``FIXED``: the play with beliefs held as they are (nobody
  learns).  Its offers and votes are the ones below, with expectations
  from the same play one round on.
* **Level 0** (naive learners): a voter expects, in each world he believes,
  what the ``FIXED`` play from the next round gives him there, and votes
  yes when the offer beats it in every one; a proposer prices each voter,
  in each world he believes, at exactly the vote that voter casts there,
  and makes the cheapest offer that passes in all of them
  (:func:`~.planning.plan_offer`).  The votes are public, so the play
  goes on from the upgraded beliefs.
* **Level k + 1**: each pirate predicts the rest of the game as if the
  others were level-``k`` learners who read his move as a level-``k``
  pirate's.  A voter weighs, in each world he believes, what his no would
  teach them (and what his yes would, when the offer fails anyway); a
  proposer prices voters at the level-``k`` votes on his offer.

Each plausibility order met is numbered once (a *belief state*), and
predictions are memoized on ``(round, belief state, level, world)``: every level
asks only the level below it, so the levels share their predictions.
Rounds are walked in a loop, and only the levels nest.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence

import attrs
import numpy as np

from .division import Division, promise_in
from .game import PirateGame
from .predict import OfferSource

__all__ = ["FIXED", "Tiers", "LevelVote", "Step", "Anticipation", "WorkLimit", "upgrade"]

#: The level of the play with beliefs held fixed: what a naive learner expects.
FIXED = -1
#: A plausibility order over the worlds (numbered): tiers, the most plausible first.
Tiers = tuple[frozenset[int], ...]
#: A proposer's offer is made again from the prices on it at most this many times
#: before the last is kept (levels above 0; see :meth:`Anticipation.offer`).
PLAN_TRIES = 4


def upgrade(tiers: Tiers, fits: frozenset[int]) -> Tiers:
    """The radical upgrade of ``tiers`` by the worlds ``fits``: those first, in
    their old order, then the rest.  Nothing changes when no world, or every
    world, fits.

    >>> upgrade((frozenset({0, 1, 2}),), frozenset({2}))
    (frozenset({2}), frozenset({0, 1}))
    >>> upgrade((frozenset({2}), frozenset({0, 1})), frozenset({0}))
    (frozenset({0}), frozenset({2}), frozenset({1}))
    """
    if not fits or all(t <= fits for t in tiers):
        return tiers
    return tuple(t for t in [*(t & fits for t in tiers), *(t - fits for t in tiers)] if t)


class WorkLimit(Exception):
    """The engine made more predictions than its :attr:`Anticipation.budget`."""

    def __init__(self, budget: int):
        super().__init__(f"more than {budget:,} predictions")
        self.budget = budget


@attrs.frozen
class LevelVote:
    """One voter's vote at one level, from what he believes.

    ``expects`` holds, for each world he believes, what he ends with if the
    offer fails after his no; ``if_yes`` what he ends with if it fails after
    his yes (``None`` where his yes passes it).  Below level 1 the two are
    the same and ``if_yes`` is all ``None``.
    """

    yes: bool
    expects: tuple[int, ...]
    if_yes: tuple[int | None, ...]


@attrs.frozen
class Step:
    """One round at one world and level: the offer, the votes (voters from
    the proposer's successor down) and whether it passed."""

    round: int
    offer: Division
    source: OfferSource
    votes: tuple[LevelVote, ...]
    yes: int
    needed: int

    @property
    def passed(self) -> bool:
        return self.yes >= self.needed


class Anticipation:
    """The play of learning pirates on the worlds of one game.

    Parameters
    ----------
    game : the :class:`~epistemic.models.pirates.PirateGame`.
    worlds : the worlds of promises (each a frozenset of announcements), in
        :func:`~.learning.world_order`.
    plan : ``plan(round, prices)``, the offer of an unsure or sure proposer
        given, for each voter, the least he must be offered to vote yes in
        each world the proposer believes (:func:`~.planning.plan_offer`).
    score : ``score(round, offer, won)``, how the proposer ranks an offer
        that wins ``won`` votes in each world he believes, higher better
        (:func:`~.planning.plan_score`).
    """

    def __init__(self, game: PirateGame, worlds: Sequence[frozenset],
                 plan: Callable[[int, list[list[int]]], Division],
                 score: Callable[[int, Division, list[int]], tuple]):
        self.game, self.rules, self.n = game, game.rules, game.pirates
        self.worlds = list(worlds)
        self.plan, self.score = plan, score
        self.size = [len(w) for w in self.worlds]
        # heard[j][x]: which promises pirate j heard at world x, as a class number
        self.heard: list[list[int]] = [[]]
        self.members: list[list[tuple[int, ...]]] = [[]]
        for j in range(1, self.n + 1):
            agent = game.agent(j)
            classes: dict[frozenset, int] = {}
            of: list[int] = []
            for w in self.worlds:
                of.append(classes.setdefault(frozenset(a for a in w if a.heard_by(agent)), len(classes)))
            groups: list[list[int]] = [[] for _ in classes]
            for x, c in enumerate(of):
                groups[c].append(x)
            self.heard.append(of)
            self.members.append([tuple(g) for g in groups])
        self._heard_arrays = [np.array(of, dtype=np.int64) for of in self.heard]
        self.promised: list[dict[int, Division]] = [
            {promise_in(a).maker: promise_in(a).division for a in w} for w in self.worlds]
        self._tiers: list[Tiers] = []
        self._numbers: dict[Tiers, int] = {}
        self._interpreted: dict[tuple, int] = {}
        self.start = self.number((frozenset(range(len(self.worlds))),))
        coins = game.coins
        self.alone = Division.from_shares(self.n, self.n, {self.n: coins})
        self._believed: dict[tuple, tuple[int, ...]] = {}
        self._fixed: dict[tuple[int, int], tuple[Division, ...]] = {}
        self._offers: dict[tuple, tuple[Division, OfferSource]] = {}
        self._votes: dict[tuple, LevelVote] = {}
        self._expected: dict[tuple, tuple[int, ...]] = {}
        self._weighed = 0  # rounds of the play with beliefs held, weighed at every world
        #: predictions past which the engine stops with :class:`WorkLimit` (``None``: no limit)
        self.budget: int | None = None
        self._offer_groups: dict[tuple, dict[Division, frozenset[int]]] = {}
        self._vote_groups: dict[tuple, dict[tuple[bool, ...], frozenset[int]]] = {}
        self._plays: dict[tuple, Division] = {}
        self._steps: dict[tuple, Step] = {}

    # beliefs -------------------------------------------------------------------------
    def number(self, tiers: Tiers) -> int:
        """The belief state of ``tiers``: a number, the same for the same order."""
        hit = self._numbers.get(tiers)
        if hit is None:
            hit = self._numbers[tiers] = len(self._tiers)
            self._tiers.append(tiers)
        return hit

    def tiers(self, state: int) -> Tiers:
        """The plausibility order of a belief state."""
        return self._tiers[state]

    def plausible(self, state: int) -> frozenset[int]:
        """The worlds nothing seen so far contradicts: the first tier."""
        return self._tiers[state][0]

    def believed(self, state: int, world: int, rank: int) -> tuple[int, ...]:
        """The worlds pirate ``rank`` believes at ``world``: among those he
        cannot tell apart from it, the most plausible, in world order."""
        return self.believed_in_class(state, rank, self.heard[rank][world])

    def believed_in_class(self, state: int, rank: int, c: int) -> tuple[int, ...]:
        """What pirate ``rank`` believes in the worlds where he heard the promises of class ``c``."""
        key = (state, rank, c)
        hit = self._believed.get(key)
        if hit is None:
            members = self.members[rank][c]
            for t in self.tiers(state):
                inside = [y for y in members if y in t]
                if inside:
                    least = min(self.size[y] for y in inside)
                    hit = tuple(y for y in inside if self.size[y] == least)
                    break
            assert hit is not None  # the tiers hold every world
            self._believed[key] = hit
        return hit

    # the play with beliefs fixed -------------------------------------------------------
    def fixed(self, r: int, state: int) -> tuple[Division, ...]:
        """The outcome at every world of the play from round ``r`` on, nobody
        learning: computed from the last round up, in a loop."""
        hit = self._fixed.get((r, state))
        if hit is not None:
            return hit
        q = r
        while q < self.n and (q + 1, state) not in self._fixed:
            q += 1
        for round_ in range(q, r - 1, -1):
            if round_ == self.n:
                outcomes = tuple(self.alone for _ in self.worlds)
            else:
                self._spend(len(self.worlds))
                outcomes = self._fixed_round(round_, state, self._fixed[round_ + 1, state])
                self._weighed += len(self.worlds)
            self._fixed[round_, state] = outcomes
        return self._fixed[r, state]

    def _fixed_round(self, r: int, state: int, later: tuple[Division, ...]) -> tuple[Division, ...]:
        """Round ``r`` at every world, as :meth:`step` plays it at level 0,
        and ``later`` where it fails.  A pirate acts alike wherever he heard
        the same promises, so each offer and vote is weighed once per class
        of what he heard, and the yes votes are counted over the worlds at once."""
        offer_in = [self.offer(r, state, 0, self.believed_in_class(state, r, c))[0]
                    for c in range(len(self.members[r]))]
        offers = [offer_in[c] for c in self.heard[r]]
        outcomes = list(later)
        needed = self.rules.votes_needed(self.n - r + 1)
        for made in set(offers):
            yes = np.full(len(self.worlds), 1 if self.rules.proposer_votes else 0)
            for v in range(r + 1, self.n + 1):
                cast = np.array([self.vote(r, state, 0, made, v, self.believed_in_class(state, v, c)).yes
                                 for c in range(len(self.members[v]))], dtype=np.int64)
                yes += cast[self._heard_arrays[v]]
            for x in np.flatnonzero(yes >= needed):
                if offers[x] == made:
                    outcomes[x] = made
        return tuple(outcomes)

    # offers --------------------------------------------------------------------------
    def offer(self, r: int, state: int, level: int, believes: tuple[int, ...]) -> tuple[Division, OfferSource]:
        """What proposer ``p<r>`` of ``level`` offers when he believes the
        worlds ``believes``: his promise, all the coins when he is alone,
        else the plan on the least each voter takes in each world he
        believes, as the level below votes.  Above level 0 the voters'
        expectations depend on the offer (what its failure teaches), so the
        plan is made again on the prices of the last offer, until it
        repeats (see :meth:`_replanned`)."""
        level = max(level, 0)
        key = (r, state, level, believes)
        hit = self._offers.get(key)
        if hit is not None:
            return hit
        promised = self.promised[believes[0]].get(r)
        if promised is not None:
            hit = (promised, OfferSource.PROMISE)
        elif r == self.n:
            hit = (self.alone, OfferSource.ALONE)
        else:
            source = OfferSource.OPTIMIZED if len(believes) == 1 else OfferSource.UNSURE
            if level == 0:
                made = self.plan(r, self.prices(r, state, 0, None, believes))
            else:
                made = self._replanned(r, state, level, believes)
            hit = (made, source)
        self._offers[key] = hit
        return hit

    def _replanned(self, r: int, state: int, level: int, believes: tuple[int, ...]) -> Division:
        """The offer of a proposer of ``level`` above 0: the plan on the
        prices the level below puts on the last offer, from that level's own
        offer, until it repeats.  When the plans go round a cycle instead
        (each offer teaches the voters what makes another cheaper), or do not
        settle within :data:`PLAN_TRIES`, he makes the one of them he ranks
        best by the votes each would really get."""
        made = self.offer(r, state, level - 1, believes)[0]
        tried = [made]
        for _ in range(PLAN_TRIES):
            following = self.plan(r, self.prices(r, state, level - 1, made, believes))
            if following == made:
                return made
            if following in tried:
                tried = tried[tried.index(following):]
                break
            tried.append(following)
            made = following
        return max(tried, key=lambda offer: self.score(r, offer, self.won(r, state, level - 1, offer, believes)))

    def won(self, r: int, state: int, level: int, offer: Division, believes: tuple[int, ...]) -> list[int]:
        """The yes votes of the voters of ``level`` (the proposer's not counted)
        on ``offer`` in each world of ``believes``."""
        return [sum(self.vote(r, state, level, offer, v, self.believed(state, u, v)).yes
                    for v in range(r + 1, self.n + 1)) for u in believes]

    def prices(self, r: int, state: int, level: int, offer: Division | None,
               believes: tuple[int, ...]) -> list[list[int]]:
        """For each voter, the least he must be offered to vote yes at
        ``level`` in each world of ``believes`` (more than the coins when no
        share wins him).  At level 0 it does not depend on the offer."""
        premium, coins = self.rules.premium(), self.game.coins
        rows = []
        for v in range(r + 1, self.n + 1):
            row = []
            for u in believes:
                vote = self.vote(r, state, level, offer, v, self.believed(state, u, v))
                least = 0
                for no, yes in zip(vote.expects, vote.if_yes):
                    # where the offer fails even with his yes, the share does not decide: what his yes
                    # and his no would teach does, unless they lead to the same
                    if yes is None or yes == no:
                        least = max(least, no + premium)
                    elif yes < no:
                        least = coins + 1
                row.append(least)
            rows.append(row)
        return rows

    # votes ---------------------------------------------------------------------------
    def vote(self, r: int, state: int, level: int, offer: Division | None, rank: int,
             believes: tuple[int, ...]) -> LevelVote:
        """How voter ``rank`` of ``level`` votes on ``offer`` in round ``r``
        when he believes ``believes`` (see the module).  At level 0 the
        offer may be ``None`` for his expectations alone."""
        level = max(level, 0)
        key = (r, state, level, offer, rank, believes)
        hit = self._votes.get(key)
        if hit is None:
            if level == 0:
                expects = self._expects0(r, state, rank, believes)
                yes = offer is not None and all(self.rules.accepts(offer.share(rank), e) for e in expects)
                hit = LevelVote(yes, expects, tuple(None for _ in believes))
            else:
                hit = self._anticipating_vote(r, state, level, offer, rank, believes)
            self._votes[key] = hit
        return hit

    def _expects0(self, r: int, state: int, rank: int, believes: tuple[int, ...]) -> tuple[int, ...]:
        key = (r, state, rank, believes)
        hit = self._expected.get(key)
        if hit is None:
            later = self.fixed(r + 1, state)
            hit = self._expected[key] = tuple(later[u].payoff(rank) for u in believes)
        return hit

    def _anticipating_vote(self, r: int, state: int, level: int, offer: Division | None, rank: int,
                           believes: tuple[int, ...]) -> LevelVote:
        assert offer is not None
        below = level - 1
        share = offer.share(rank)
        needed = self.rules.votes_needed(self.n - r + 1)
        own = 1 if self.rules.proposer_votes else 0
        expects: list[int] = []
        if_yes: list[int | None] = []
        prefers = []
        for u in believes:
            seen = [self.vote(r, state, below, offer, v, self.believed(state, u, v)).yes
                    for v in range(r + 1, self.n + 1)]
            i = rank - r - 1
            seen[i] = False
            others = own + sum(seen)
            after_no = self.interpret(r, state, below, offer, tuple(seen))
            no = self.play(r + 1, after_no, below, u).payoff(rank)
            expects.append(no)
            if others + 1 >= needed:
                if_yes.append(None)
                prefers.append(self.rules.accepts(share, no))
            else:
                seen[i] = True
                yes = self.play(r + 1, self.interpret(r, state, below, offer, tuple(seen)), below, u).payoff(rank)
                if_yes.append(yes)
                prefers.append(yes > no if yes != no else self.rules.accepts(share, no))
        return LevelVote(all(prefers), tuple(expects), tuple(if_yes))

    # what the pirates see ------------------------------------------------------------
    def interpret(self, r: int, state: int, level: int, offer: Division, seen: tuple[bool, ...]) -> int:
        """The beliefs after round ``r``'s ``offer`` and votes ``seen`` (voters
        from ``p<r+1>`` down), read as the pirates of ``level`` would make
        them in each world: the offer first, then the votes."""
        key = (r, state, level, offer, seen)
        hit = self._interpreted.get(key)
        if hit is None:
            offers = self.offer_groups(r, state, level)
            votes = self.vote_groups(r, state, level, offer)
            tiers = upgrade(upgrade(self.tiers(state), offers.get(offer, frozenset())), votes.get(seen, frozenset()))
            hit = self._interpreted[key] = self.number(tiers)
        return hit

    def offer_groups(self, r: int, state: int, level: int) -> dict[Division, frozenset[int]]:
        """The worlds where the proposer of ``level`` makes each offer."""
        key = (r, state, level)
        hit = self._offer_groups.get(key)
        if hit is None:
            groups: dict[Division, set[int]] = {}
            for x in range(len(self.worlds)):
                groups.setdefault(self.offer(r, state, level, self.believed(state, x, r))[0], set()).add(x)
            hit = self._offer_groups[key] = {o: frozenset(g) for o, g in groups.items()}
        return hit

    def vote_groups(self, r: int, state: int, level: int, offer: Division) -> dict[tuple[bool, ...], frozenset[int]]:
        """The worlds where the voters of ``level`` cast each set of votes on ``offer``."""
        key = (r, state, level, offer)
        hit = self._vote_groups.get(key)
        if hit is None:
            groups: dict[tuple[bool, ...], set[int]] = {}
            for x in range(len(self.worlds)):
                seen = tuple(self.vote(r, state, level, offer, v, self.believed(state, x, v)).yes
                             for v in range(r + 1, self.n + 1))
                groups.setdefault(seen, set()).add(x)
            hit = self._vote_groups[key] = {s: frozenset(g) for s, g in groups.items()}
        return hit

    # the play ------------------------------------------------------------------------
    def step(self, r: int, state: int, level: int, world: int) -> Step:
        """Round ``r`` at ``world`` with everyone at ``level`` (``FIXED``
        plays a round as level 0 does: only what follows differs)."""
        level = max(level, 0)
        key = (r, state, level, world)
        hit = self._steps.get(key)
        if hit is not None:
            return hit
        self._spend(1)
        offer, source = self.offer(r, state, level, self.believed(state, world, r))
        own = 1 if self.rules.proposer_votes else 0
        needed = self.rules.votes_needed(self.n - r + 1)
        if source is OfferSource.ALONE:
            hit = Step(r, offer, source, (), own, needed)
        else:
            votes = tuple(self.vote(r, state, level, offer, v, self.believed(state, world, v))
                          for v in range(r + 1, self.n + 1))
            hit = Step(r, offer, source, votes, own + sum(v.yes for v in votes), needed)
        self._steps[key] = hit
        return hit

    def after(self, step: Step, state: int, level: int) -> int:
        """The beliefs the pirates of ``level`` go on with after ``step`` failed."""
        return self.interpret(step.round, state, level, step.offer, tuple(v.yes for v in step.votes))

    def play(self, r: int, state: int, level: int, world: int) -> Division:
        """The division that ends the game played from round ``r`` at
        ``world`` by pirates of ``level`` (``FIXED``: nobody learns)."""
        if level == FIXED:
            return self.fixed(r, state)[world]
        chain = []
        while True:
            key = (r, state, level, world)
            outcome = self._plays.get(key)
            if outcome is not None:
                break
            chain.append(key)
            step = self.step(r, state, level, world)
            if step.passed:
                outcome = step.offer
                break
            r, state = r + 1, self.after(step, state, level)
        for key in chain:
            self._plays[key] = outcome
        return outcome

    def steps(self, world: int, level: int, state: int | None = None, r: int = 1) -> list[Step]:
        """The rounds played at ``world`` by pirates of ``level``, from round ``r``."""
        state = self.start if state is None else state
        out = []
        while True:
            step = self.step(r, state, level, world)
            out.append(step)
            if step.passed:
                return out
            if level != FIXED:
                state = self.after(step, state, level)
            r += 1

    def agree(self, low: int, high: int) -> bool:
        """Whether pirates of level ``high`` act as those of ``low`` (offer
        and vote alike) in every situation ``low`` was asked about.  When
        ``high`` is ``low + 1`` the situations ``high`` asks of ``low`` while
        checking are checked too, until none is new: then level ``high + 1``
        acts as ``high`` everywhere the play can reach, a true fixpoint."""
        checked: set = set()
        while True:
            offers = [k for k in list(self._offers) if k[2] == low and k not in checked]
            votes = [k for k in list(self._votes) if k[2] == low and k[3] is not None and k not in checked]
            if not offers and not votes:
                return True
            for key in offers:
                checked.add(key)
                r, state, _, believes = key
                if self.offer(r, state, high, believes)[0] != self._offers[key][0]:
                    return False
            for key in votes:
                checked.add(key)
                r, state, _, offer, rank, believes = key
                if self.vote(r, state, high, offer, rank, believes).yes != self._votes[key].yes:
                    return False

    def _spend(self, predictions: int) -> None:
        if self.budget is not None and self.predictions + predictions > self.budget:
            raise WorkLimit(self.budget)

    @property
    def predictions(self) -> int:
        """Predictions made so far: rounds weighed at some world, belief state and level."""
        return len(self._steps) + self._weighed
