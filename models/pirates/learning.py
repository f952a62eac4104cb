"""Pirates who learn from the votes they see.

The seed leaves open what a pirate "could conclude ... from the fact that
the highest ranked pirate has been thrown overboard".  Here he concludes it
with the framework's logic:

* **Worlds** are the sets of promises that may have been made: each actual
  subgroup promise, made or not, and each *suspected* promise (at most one
  promise per pirate).  Public promises are in every world.
* **What a pirate knows**: he cannot tell two worlds apart when they hold
  the same promises that he heard.  **What he believes**: the worlds he
  cannot tell apart from the actual one that hold the fewest promises.
  Before any vote that is exactly the seed's pirate, who believes the
  promises he heard and no others.
* **Votes are public.**  After each round the worlds in which the offer or
  any vote would have gone otherwise are removed (a public announcement in
  a :class:`~epistemic.plausibility.PlausibilityModel`).  A pirate whose
  believed worlds are gone revises his belief to the fewest promises that
  explain what he saw.
* **Predictions** in a world are the solver's, on that world's promises,
  each heard by the pirates who believe it there; a promise everybody
  believes is public.  Pirates learn from votes cast; they do not plan on
  what votes still to come will teach.
* **Unsure pirates.**  A voter who believes several worlds votes yes only
  when the offer beats what he expects in each of them.  A proposer who
  believes several worlds (and promised nothing) makes the cheapest offer
  that passes in all of them, else one that passes in the most, keeping
  the most coins; among equal offers the tie rule decides.

Examples
--------
The seed's second story: p4 promises ``2 2`` to p5 alone.  p5's no in
round 1 shows everybody that he knows a promise, and p2 survives.

>>> from epistemic.models.pirates import PirateGame, promise
>>> game = PirateGame(5, 4, [promise(5, 4, [2, 2], hearers=[5])])
>>> play = learn(game)
>>> [r.offer.row() for r in play.rounds], play.deaths
([(1, 0, 1, 0, 2), (0, 1, 0, 3)], [1])
>>> len(play.rounds[0].ruled_out), play.rounds[1].accepted
(1, True)
"""

from __future__ import annotations

import math
from collections.abc import Callable, Iterable, Sequence
from typing import cast

import attrs

from epistemic import Announcement, Knowledge
from epistemic.plausibility import PlausibilityModel

from .division import DEAD, Division, divisions, pirate_name, promise_in, rank_of
from .game import PirateGame, PirateGameError, promise
from .predict import OfferSource, Prediction, TieRule
from .rules import DoomedProposer
from .wording import promises_text

__all__ = ["learn", "LearnedPlay", "LearnedRound", "LearnedVote", "RuledOut", "Suspicions", "World",
           "MAX_WORLDS", "MAX_LEARNING_PIRATES", "MAX_WORK", "MAX_PLAN_WORK", "world_text"]

#: A world: the promises made in it.
World = frozenset[Announcement]

#: Worlds a game with learning may start from (checked before any work).
MAX_WORLDS = 4_096
#: Pirates a game with learning may have.
MAX_LEARNING_PIRATES = 50
#: Worlds times pirates squared a game with learning may weigh: each world whose
#: promises differ needs predictions of every round on them, of every pirate
#: (at 1,000,000 a game takes a few seconds on a 2-core machine: benchmarks/pirates_learning.py).
MAX_WORK = 1_000_000
#: How much work an unsure proposer's plan may take: offers weighed times
#: worlds times voters, counted before the plan is made.
MAX_PLAN_WORK = 20_000_000




def _promises(values: Iterable[Announcement]) -> tuple[Announcement, ...]:
    return tuple(values)


@attrs.frozen
class Suspicions:
    """Promises the pirates suspect may have been made, besides the actual ones.

    ``promises`` are subgroup promises, any number per maker;
    ``every_division`` adds every division by every pirate but the last
    who made no promise and is not suspected of one, each told to one
    other pirate; a world holds at most one of those.
    """

    promises: tuple[Announcement, ...] = attrs.field(default=(), converter=_promises)
    every_division: bool = False


@attrs.frozen
class LearnedVote:
    """How one pirate voted: what he was offered, what he expected in each
    world he believed (one value when he was sure), and his vote."""

    rank: int
    offered: int
    expects: tuple[int, ...]
    yes: bool


@attrs.frozen
class RuledOut:
    """A world the votes of a round removed, and the first thing that would
    have gone otherwise there: the offer (``pirate`` is the proposer) or a
    pirate's vote."""

    world: World
    pirate: int
    offer: Division | None
    yes: bool | None


@attrs.frozen
class LearnedRound:
    """One round of a game with learning."""

    round: int
    offer: Division
    source: OfferSource
    votes: tuple[LearnedVote, ...]
    yes: int
    needed: int
    worlds: int
    """Worlds still possible when the round began."""
    proposer_worlds: tuple[World, ...]
    """The worlds the proposer believed, in :func:`world_order`."""
    ruled_out: tuple[RuledOut, ...]
    learned: tuple[tuple[int, tuple[World, ...]], ...]
    """Pirates alive after the round whose beliefs the votes changed, and what they believe now."""

    @property
    def proposer(self) -> int:
        return self.round

    @property
    def accepted(self) -> bool:
        return self.yes >= self.needed

    def vote_of(self, rank: int) -> LearnedVote:
        for v in self.votes:
            if v.rank == rank:
                return v
        raise PirateGameError(f"{pirate_name(rank)} does not vote in round {self.round}")


@attrs.frozen
class LearnedPlay:
    """A game played by pirates who learn from the votes."""

    rounds: tuple[LearnedRound, ...]
    outcome: Division
    models: tuple[PlausibilityModel, ...] = attrs.field(eq=False, repr=False)
    """The model at the start of each round, and after the last."""
    _beliefs: tuple[_Beliefs, ...] = attrs.field(eq=False, repr=False, alias="beliefs")

    def beliefs(self, round: int) -> _Beliefs:
        """What everyone believes in every world when ``round`` begins."""
        return self._beliefs[round - 1]

    @property
    def deaths(self) -> list[int]:
        return list(range(1, self.outcome.first))

    def payoff(self, rank: int) -> int:
        return self.outcome.payoff(rank)

    def round(self, number: int) -> LearnedRound:
        for r in self.rounds:
            if r.round == number:
                return r
        raise PirateGameError(f"round {number} was not played: the game ended in round {self.rounds[-1].round}")


def worlds_of(model: PlausibilityModel) -> list[World]:
    """The worlds of a pirates' model: each is the set of promises made in it."""
    return cast(list[World], model.worlds)


def world_order(world: World) -> tuple:
    """A stable order of worlds: fewest promises first, then by maker and shares."""
    return len(world), sorted((promise_in(a).maker, promise_in(a).division.row(),
                               sorted(rank_of(x) for x in a.audience or ())) for a in world)


def world_text(world: World) -> str:
    """A world in a few words: the promises made in it.

    >>> from epistemic.models.pirates import promise
    >>> world_text(frozenset()), world_text(frozenset([promise(5, 4, [2, 2], hearers=[5])]))
    ('no promise', 'p4 promises 2 2 to p4 and p5')
    """
    return promises_text(world)


# worlds ------------------------------------------------------------------------------
def candidate_worlds(game: PirateGame, suspicions: Suspicions = Suspicions()) -> list[World]:
    """Every world a pirate of ``game`` may consider: public promises in
    all, each other actual or suspected promise made or not, one promise
    per maker.  Counted first, and refused over :data:`MAX_WORLDS`."""
    public = frozenset(a for a in game.announcements if a.is_public)
    makers_public = {promise_in(a).maker for a in public}
    options: dict[int, list[Announcement]] = {}
    for a in game.announcements:
        if not a.is_public:
            options.setdefault(promise_in(a).maker, []).append(a)
    for a in suspicions.promises:
        maker = promise_in(a).maker
        if a.is_public:
            raise PirateGameError(f"a suspected promise is told to a subgroup: {pirate_name(maker)}'s "
                                  f"public promise would have been heard by everyone")
        if maker in makers_public:
            raise PirateGameError(f"{pirate_name(maker)} made a public promise: nobody suspects another one")
        if a.audience == frozenset([a.speaker]):
            raise PirateGameError(f"a suspected promise is told to a pirate besides its maker: nobody else "
                                  f"would act on {pirate_name(maker)}'s")
        if a not in options.get(maker, []):
            options.setdefault(maker, []).append(a)
    base = 1
    for choices in options.values():
        base *= len(choices) + 1
    extra: list[tuple[int, int]] = []  # (maker, hearer) pairs of every-division suspicions
    if suspicions.every_division:
        # the last pirate takes everything whatever he promised: suspecting him changes nothing
        free = [m for m in range(1, game.pirates) if m not in options and m not in makers_public]
        extra_count = sum(math.comb(game.coins + game.pirates - m, game.pirates - m) * (game.pirates - 1)
                          for m in free)
        extra = [(m, h) for m in free for h in range(1, game.pirates + 1) if h != m]
    else:
        extra_count = 0
    total = base * (1 + extra_count)
    if total > MAX_WORLDS:
        raise PirateGameError(f"learning would weigh {total:,} worlds of promises; at most {MAX_WORLDS:,} "
                              f"are allowed: suspect fewer promises")
    worlds: list[World] = []
    makers = sorted(options)
    combos: list[list[Announcement]] = [[]]
    for m in makers:
        picks: list[list[Announcement]] = [[]] + [[a] for a in options[m]]
        combos = [c + chosen for c in combos for chosen in picks]
    for c in combos:
        worlds.append(public | frozenset(c))
    if suspicions.every_division:
        for m, h in extra:
            for row in divisions(game.coins, game.pirates - m + 1):
                a = promise(game.pirates, m, row, hearers=[h])
                for c in combos:
                    worlds.append(public | frozenset(c) | {a})
    return sorted(set(worlds), key=world_order)


def learning_model(game: PirateGame, suspicions: Suspicions = Suspicions()) -> PlausibilityModel:
    """The pirates' plausibility model before any vote: worlds of
    :func:`candidate_worlds`, told apart by the promises each pirate
    heard, fewer promises more plausible."""
    worlds = candidate_worlds(game, suspicions)
    actual = frozenset(game.announcements)
    return PlausibilityModel.observing(
        [p for p in game.solver.agents if p is not None], {w: w for w in worlds},
        observes=lambda pirate, w: frozenset(a for a in cast(World, w) if a.heard_by(pirate)),
        rank=lambda w: len(cast(World, w)), actual=actual)


# play --------------------------------------------------------------------------------
@attrs.frozen
class _Behaviour:
    offer: Division
    source: OfferSource
    votes: tuple[LearnedVote, ...]


class _Beliefs:
    """What every pirate believes in every world of one model, and each
    world's promises as the solver's knowledge; kept while no world is
    ruled out."""

    def __init__(self, game: PirateGame, model: PlausibilityModel):
        self.game, self.model = game, model
        self._knowledge: dict[World, Knowledge] = {}
        self._believed: dict[tuple[World, int], tuple[World, ...]] = {}

    def believed(self, world: World, rank: int) -> tuple[World, ...]:
        """The worlds pirate ``rank`` believes at ``world``, in :func:`world_order`."""
        hit = self._believed.get((world, rank))
        if hit is None:
            agent = self.game.agent(rank)
            hit = tuple(sorted(cast(frozenset[World], self.model.believed(world, agent)), key=world_order))
            # the same at every world he cannot tell apart from this one
            for w in cast(frozenset[World], self.model.possible(world, agent)):
                self._believed[w, rank] = hit
        return hit

    def knowledge(self, world: World) -> Knowledge:
        """``world``'s promises, each heard by the pirates who believe it there."""
        hit = self._knowledge.get(world)
        if hit is None:
            n = self.game.pirates
            made = []
            for a in world:
                believers = [j for j in range(1, n + 1) if all(a in u for u in self.believed(world, j))]
                if len(believers) == n:
                    made.append(Announcement(a.speaker, a.content))
                else:
                    made.append(Announcement.private(a.speaker, a.content, [self.game.agent(j) for j in believers]))
            hit = self._knowledge[world] = Knowledge.of(made)
        return hit


class _Round:
    """What every pirate does in one round, in any world of one model."""

    def __init__(self, beliefs: _Beliefs, r: int):
        self.beliefs, self.game, self.r = beliefs, beliefs.game, r
        self.believed = beliefs.believed
        self.solver = beliefs.game.solver

    def prediction(self, r: int, world: World) -> Prediction:
        return self.solver.prediction(r, self.beliefs.knowledge(world))

    def behaviour(self, world: World) -> _Behaviour:
        """What the proposer offers at ``world`` and how everyone votes."""
        r, game = self.r, self.game
        offer, source = self.offer(world)
        votes = []
        if game.rules.proposer_votes:
            votes.append(LearnedVote(r, offer.share(r), (DEAD,), True))
        votes += [self.vote(world, v, offer) for v in range(r + 1, game.pirates + 1)]
        return _Behaviour(offer, source, tuple(votes))

    def vote(self, world: World, rank: int, offer: Division) -> LearnedVote:
        """How voter ``rank`` votes on ``offer`` at ``world``: yes when it beats
        what he expects in every world he believes."""
        expects = tuple(sorted({self.prediction(self.r + 1, u).outcome.payoff(rank)
                                for u in self.believed(world, rank)}))
        rules = self.game.rules
        return LearnedVote(rank, offer.share(rank), expects,
                           all(rules.accepts(offer.share(rank), e) for e in expects))

    def difference(self, world: World, actual: World, seen: _Behaviour) -> RuledOut | None:
        """The first thing that would have gone otherwise at ``world`` than
        was seen at ``actual``, or ``None``.  A pirate who cannot tell the
        two worlds apart believes the same in both and acts alike, so only
        the others are asked."""
        r = self.r
        if self.believed(world, r) != self.believed(actual, r):
            offer, _ = self.offer(world)
            if offer != seen.offer:
                return RuledOut(world, r, offer, None)
        for seen_vote in seen.votes:
            v = seen_vote.rank
            if v != r and self.believed(world, v) != self.believed(actual, v):
                yes = self.vote(world, v, seen.offer).yes
                if yes != seen_vote.yes:
                    return RuledOut(world, v, None, yes)
        return None

    def offer(self, world: World) -> tuple[Division, OfferSource]:
        """The proposer's offer at ``world``: the solver's when he believes one
        world, his promise or the last pirate's all, else :func:`plan_offer`."""
        worlds = self.believed(world, self.r)
        plans = [self.prediction(self.r, u) for u in worlds]
        own = plans[0]
        if own.source is OfferSource.PROPOSER:
            # in a world he believes, the prediction knows more than he does: his own plan
            own = self.solver.prediction(self.r, own.proposer_knowledge)
        if len(worlds) == 1 or own.source in (OfferSource.PROMISE, OfferSource.ALONE):
            return plans[0].offer, own.source
        return plan_offer(self.game, self.r, plans), OfferSource.UNSURE


def plan_offer(game: PirateGame, r: int, plans: Sequence[Prediction]) -> Division:
    """The offer of proposer ``p<r>`` who believes several worlds, given the
    prediction of round ``r`` in each: the cheapest offer that passes in
    all of them, else one that passes in the most; the fewest coins paid
    first, then the tie rule.  If no offer passes in any of them he acts
    as his rules say a doomed proposer does: he buys the most votes,
    counted over the worlds, for the fewest coins, or he keeps everything.

    Each voter is paid nothing or just enough to win his vote in some of
    the worlds, so only those offers are weighed; they are counted first,
    and a plan of more than :data:`MAX_PLAN_WORK` (offers times worlds
    times voters) is refused.
    """
    rules, coins, n = game.rules, game.coins, game.pirates
    voters = list(range(r + 1, n + 1))
    needed = rules.others_needed(n - r + 1)
    # the least a voter must be offered to vote yes in each world
    price = [[max(0, p.expectation(v) + rules.premium()) for p in plans] for v in voters]
    levels = [sorted({0} | {c for c in row if c <= coins}) for row in price]
    offers = _count_offers(levels, coins)
    if offers * len(plans) * max(len(voters), 1) > MAX_PLAN_WORK:
        raise PirateGameError(f"{pirate_name(r)} believes {len(plans)} worlds and would weigh {offers:,} offers: "
                              f"the game is too large to plan with learning")
    buys = rules.doomed_proposer is DoomedProposer.BUYS
    best: tuple | None = None
    best_shares: tuple[int, ...] = ()
    lowest_first = game.tie_rule is TieRule.LOWEST
    stack: list[tuple[int, ...]] = [()]
    while stack:
        shares = stack.pop()
        i = len(shares)
        paid = sum(shares)
        if i < len(voters):
            stack.extend(shares + (c,) for c in levels[i] if paid + c <= coins)
            continue
        won = [sum(1 for j, c in enumerate(shares) if c >= price[j][w]) for w in range(len(plans))]
        passing = sum(1 for got in won if got >= needed)
        bought = sum(won) if buys and not passing else 0
        # lowest-ranked voters first: they are the last in ``shares``
        order = shares[::-1] if lowest_first else shares
        score = (passing, bought, -paid, order)
        if best is None or score > best:
            best, best_shares = score, shares
    amounts = {v: c for v, c in zip(voters, best_shares) if c}
    amounts[r] = coins - sum(best_shares)
    return Division.from_shares(r, n, amounts)


def _count_offers(levels: Sequence[Sequence[int]], coins: int) -> int:
    """How many ways to pay each voter one of his ``levels`` with at most ``coins``."""
    ways = [1] + [0] * coins  # ways[b]: ways to pay b coins to the voters so far
    for choices in levels:
        now = [0] * (coins + 1)
        for b, count in enumerate(ways):
            if count:
                for c in choices:
                    if b + c <= coins:
                        now[b + c] += count
        ways = now
    return sum(ways)


def learn(game: PirateGame, suspicions: Suspicions = Suspicions(),
          progress: Callable[[int, int], None] | None = None) -> LearnedPlay:
    """Play ``game`` with pirates who learn from the votes (see the module).

    Raises :class:`PirateGameError` before any work when the game has
    more than :data:`MAX_LEARNING_PIRATES` pirates, the worlds are more
    than :data:`MAX_WORLDS`, or worlds times pirates squared more than
    :data:`MAX_WORK`.
    """
    if game.pirates > MAX_LEARNING_PIRATES:
        raise PirateGameError(f"learning plays at most {MAX_LEARNING_PIRATES} pirates, got {game.pirates:,}")
    model = learning_model(game, suspicions)
    if len(model) * game.pirates ** 2 > MAX_WORK:
        raise PirateGameError(f"learning would weigh {len(model):,} worlds of {game.pirates} pirates; worlds times "
                              f"pirates squared may be at most {MAX_WORK:,}: suspect fewer promises")
    actual = frozenset(game.announcements)
    rounds: list[LearnedRound] = []
    models = [model]
    beliefs = _Beliefs(game, model)
    kept = [beliefs]
    for r in range(1, game.pirates + 1):
        here = _Round(beliefs, r)
        seen = here.behaviour(actual)
        yes = sum(v.yes for v in seen.votes)
        needed = game.rules.votes_needed(game.pirates - r + 1)
        ruled_out = [] if yes >= needed else _ruled_out(here, model, actual, seen, progress)
        after = beliefs
        if ruled_out:
            gone = {x.world for x in ruled_out}
            after = _Beliefs(game, model.restricted(w for w in worlds_of(model) if w not in gone))
        learned = tuple((j, after.believed(actual, j)) for j in range(r + 1, game.pirates + 1)
                        if after.believed(actual, j) != beliefs.believed(actual, j))
        rounds.append(LearnedRound(r, seen.offer, seen.source, seen.votes, yes, needed, len(model),
                                   beliefs.believed(actual, r), tuple(ruled_out), learned))
        beliefs, model = after, after.model
        models.append(model)
        kept.append(beliefs)
        if yes >= needed:
            return LearnedPlay(tuple(rounds), seen.offer, tuple(models), tuple(kept))
    raise AssertionError("the last pirate always accepts his own offer")  # pragma: no cover


def _ruled_out(here: _Round, model: PlausibilityModel, actual: World, seen: _Behaviour,
               progress: Callable[[int, int], None] | None) -> list[RuledOut]:
    """The worlds where the round would have gone otherwise than was seen,
    those a vote tells apart first."""
    gone = []
    for i, w in enumerate(worlds_of(model)):
        if progress is not None:
            progress(i, len(model))
        if w != actual:
            differs = here.difference(w, actual, seen)
            if differs is not None:
                gone.append(differs)
    return sorted(gone, key=lambda x: (x.offer is not None, world_order(x.world)))


def believed_knowledge(play: LearnedPlay, game: PirateGame, round: int, rank: int) -> list[Knowledge]:
    """The knowledge pirate ``rank`` plans on in ``round`` of ``play``: one
    per world he believes, each world's promises heard by who believes them."""
    beliefs = play.beliefs(round)
    return [beliefs.knowledge(u) for u in beliefs.believed(frozenset(game.announcements), rank)]
