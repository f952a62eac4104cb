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
* **Votes are public.**  After each round the worlds in which the offer
  and the votes would have been seen become more plausible than all the
  others (a radical upgrade, :mod:`.anticipation`).  The actual world
  always fits what is seen, so to the pirates the others are ruled out:
  the model of each round is a public announcement in a
  :class:`~epistemic.plausibility.PlausibilityModel`, and a pirate whose
  believed worlds are gone revises his belief to the fewest promises that
  explain what he saw.
* **Expectations, offers and votes** come from one definition,
  :mod:`.anticipation`: a voter expects, in each world he believes, what
  the rest of the game gives him there; a proposer prices each voter at
  the vote he casts in each world the proposer believes, and makes the
  cheapest offer that passes in all of them (:func:`~.planning.plan_offer`).  With
  ``anticipation=k`` the pirates also weigh what their votes teach
  pirates of level ``k - 1``.

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
from collections.abc import Callable, Iterable
from typing import TYPE_CHECKING, cast

import attrs

from epistemic import Announcement
from epistemic.wording import counted, noun
from epistemic.validators import whole_from_text

from .division import DEAD, Division, divisions, pirate_name, promise_in, rank_of
from .game import PirateGame, PirateGameError, promise
from .planning import plan_offer, plan_score
from .predict import OfferSource
from .wording import division_text, names_text, promises_text

# the plausibility models and the engine of anticipation (numpy both) are imported where a play is
# learned, so that importing this module (the command line does, for its limits) costs little
if TYPE_CHECKING:
    from epistemic.plausibility import PlausibilityModel

    from .anticipation import Anticipation

__all__ = ["learn", "LearnedPlay", "LearnedRound", "LearnedVote", "RuledOut", "Settling", "Suspicions", "World",
           "MAX_WORLDS", "MAX_LEARNING_PIRATES", "MAX_WORK", "MAX_LEVEL", "MAX_PREDICTIONS", "FIXPOINT",
           "world_text", "where_text", "anticipation_level"]

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
#: The highest level of anticipation a game may be played at, and the last
#: ``anticipation="fixpoint"`` tries.
MAX_LEVEL = 12
#: Predictions ``anticipation="fixpoint"`` may make in all (rounds weighed at
#: some world, belief state and level); about a minute on a 2-core machine.
MAX_PREDICTIONS = 1_000_000
#: The word for iterating the levels until the play repeats.
FIXPOINT = "fixpoint"




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
    """How one pirate voted: what he was offered, the worlds he believed,
    what he expected in each if the offer failed after his no
    (``per_world``; ``expects`` the values without repeats, lowest first),
    what he expected if it failed after his yes (``if_yes``, ``None`` where
    his yes passes it; below level 1 always ``None``), and his vote."""

    rank: int
    offered: int
    expects: tuple[int, ...]
    yes: bool
    believes: tuple[World, ...] = ()
    per_world: tuple[int, ...] = ()
    if_yes: tuple[int | None, ...] = ()


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
    level: int = 0
    """The level of anticipation the round was played at."""

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
class Settling:
    """How ``anticipation="fixpoint"`` ended: the levels played (0 to
    ``levels - 1``), and either the level whose play the next level repeats
    (``settled``), or the first level of a cycle of plays and its period,
    or neither when no play repeated within :data:`MAX_LEVEL`, or before
    the next level would have made more than :data:`MAX_PREDICTIONS`
    predictions (``next_cost``, the estimated total that stopped it)."""

    levels: int
    settled: int | None = None
    cycle_start: int | None = None
    period: int | None = None
    outcomes: tuple[Division, ...] = ()
    """The division that ends the play at each level tried."""
    next_cost: int | None = None

    def text(self) -> str:
        """In words, as the report says it."""
        if self.settled is not None:
            return (f"the play settles at level {self.settled}: level {self.settled + 1} plays it again")
        if self.cycle_start is not None and self.period is not None:
            return (f"the play cycles: level {self.cycle_start + self.period} plays level "
                    f"{self.cycle_start}'s again, a cycle of period {self.period}")
        if self.next_cost is not None:
            return (f"no level settles or cycles within levels 0 to {self.levels - 1}; level {self.levels} would bring "
                    f"the predictions to about {self.next_cost:,}, more than the {MAX_PREDICTIONS:,} allowed")
        return f"no level settles or cycles within levels 0 to {self.levels - 1}"

    def lines(self) -> list[str]:
        """Each level's outcome in one line."""
        out = []
        for k, outcome in enumerate(self.outcomes):
            dead = list(range(1, outcome.first))
            out.append(f"level {k}: {division_text(outcome)}; thrown overboard: "
                       f"{names_text(dead) if dead else 'nobody'}")
        return out


@attrs.frozen
class LearnedPlay:
    """A game played by pirates who learn from the votes, at one level of anticipation."""

    rounds: tuple[LearnedRound, ...]
    outcome: Division
    models: tuple[PlausibilityModel, ...] = attrs.field(eq=False, repr=False)
    """The model at the start of each round, and after the last."""
    level: int = 0
    settling: Settling | None = None
    engine: Anticipation | None = attrs.field(default=None, eq=False, repr=False)
    states: tuple[int, ...] = attrs.field(default=(), eq=False, repr=False)
    """The pirates' belief state in :attr:`engine` when each round begins (see :mod:`.anticipation`)."""
    actual: int = attrs.field(default=0, eq=False, repr=False)
    """The number in :attr:`engine` of the actual world, the promises made."""

    def believed(self, round: int, rank: int) -> tuple[World, ...]:
        """The worlds pirate ``rank`` believes when ``round`` begins."""
        engine = self._engine()
        return tuple(engine.worlds[u] for u in engine.believed(self.states[round - 1], self.actual, rank))

    def _engine(self) -> Anticipation:
        assert self.engine is not None, "a play made by learn() keeps its engine"
        return self.engine

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
    """A world in a few words: the subgroup promises made in it.  The public
    promises, in every world, are left out, so that a world ruled out never
    reads as if a public promise were.

    >>> from epistemic.models.pirates import promise
    >>> told, public = promise(5, 4, [2, 2], hearers=[5]), promise(5, 3, [1, 0, 3])
    >>> world_text(frozenset()), world_text(frozenset([told])), world_text(frozenset([told, public]))
    ('no promise', 'p4 promises 2 2 to p4 and p5', 'p4 promises 2 2 to p4 and p5')
    >>> world_text(frozenset([public]))
    'no promise but the public one'
    """
    told = [a for a in world if not a.is_public]
    if told or not world:
        return promises_text(told)
    return f"no promise but the public {noun(len(world), 'one', 'ones')}"


def where_text(world: World) -> str:
    """Where ``world`` holds, in a few words (see :func:`world_text`).

    >>> from epistemic.models.pirates import promise
    >>> where_text(frozenset()), where_text(frozenset([promise(5, 4, [2, 2], hearers=[5])]))
    ('where no promise was made', 'where p4 promises 2 2 to p4 and p5')
    >>> where_text(frozenset([promise(5, 3, [1, 0, 3])]))
    'where no promise but the public one was made'
    """
    if any(not a.is_public for a in world):
        return f"where {world_text(world)}"
    return f"where {world_text(world)} was made"


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
    from epistemic.plausibility import PlausibilityModel

    worlds = candidate_worlds(game, suspicions)
    actual = frozenset(game.announcements)
    return PlausibilityModel.observing(
        [p for p in game.solver.agents if p is not None], {w: w for w in worlds},
        observes=lambda pirate, w: frozenset(a for a in cast(World, w) if a.heard_by(pirate)),
        rank=lambda w: len(cast(World, w)), actual=actual)


# play --------------------------------------------------------------------------------
def anticipation_level(value: int | str) -> int | str:
    """A level of anticipation, checked: a whole number from 0 to
    :data:`MAX_LEVEL`, or :data:`FIXPOINT` (also as text, as the command line gives it).

    >>> anticipation_level("2"), anticipation_level("fixpoint")
    (2, 'fixpoint')
    >>> anticipation_level("\u0663")  # an Arabic-Indic three is no level
    Traceback (most recent call last):
    ...
    epistemic.models.pirates.game.PirateGameError: the level of anticipation must be 0 to 12 or 'fixpoint', got '٣'
    >>> anticipation_level(13)
    Traceback (most recent call last):
    ...
    epistemic.models.pirates.game.PirateGameError: the level of anticipation must be 0 to 12 or 'fixpoint', got 13
    """
    if value == FIXPOINT:
        return FIXPOINT
    level = (whole_from_text(value.strip(), "the level of anticipation", at_most=MAX_LEVEL, error=PirateGameError)
             if isinstance(value, str) and value.strip().isascii() and value.strip().isdigit() else value)
    if isinstance(level, bool) or not isinstance(level, int) or not 0 <= level <= MAX_LEVEL:
        shown = repr(value) if isinstance(value, str) else value
        raise PirateGameError(f"the level of anticipation must be 0 to {MAX_LEVEL} or '{FIXPOINT}', got {shown}")
    return level


def learn(game: PirateGame, suspicions: Suspicions = Suspicions(), anticipation: int | str = 0,
          progress: Callable[[int, int], None] | None = None) -> LearnedPlay:
    """Play ``game`` with pirates who learn from the votes (see the module
    and :mod:`.anticipation`), every pirate at level ``anticipation``, or,
    with ``"fixpoint"``, at levels 0, 1, ... until the play repeats.

    Raises :class:`PirateGameError` before any work when the game has
    more than :data:`MAX_LEARNING_PIRATES` pirates, the worlds are more
    than :data:`MAX_WORLDS`, or worlds times levels times pirates squared
    more than :data:`MAX_WORK`.
    """
    level = anticipation_level(anticipation)
    if game.pirates > MAX_LEARNING_PIRATES:
        raise PirateGameError(f"learning plays at most {MAX_LEARNING_PIRATES} pirates, got {game.pirates:,}")
    model = learning_model(game, suspicions)
    levels = MAX_LEVEL + 1 if level == FIXPOINT else int(level) + 1
    work = len(model) * levels * game.pirates ** 2
    if work > MAX_WORK:
        raise PirateGameError(f"learning would weigh {len(model):,} worlds x {counted(levels, 'level')} "
                              f"x {game.pirates}^2 pirates = {work:,}; at most {MAX_WORK:,} are allowed: "
                              f"suspect fewer promises or anticipate less")
    from .anticipation import Anticipation, WorkLimit

    worlds = sorted(worlds_of(model), key=world_order)
    engine = Anticipation(game, worlds, lambda r, prices: plan_offer(game, r, prices),
                          lambda r, offer, won: plan_score(game, r, {v: offer.share(v) for v in range(r + 1, game.pirates + 1)},
                                                           won))
    actual = worlds.index(frozenset(game.announcements))
    settling = None
    # an estimate stops the levels before one that would cost too much; the engine's own budget, the
    # same limit, stops one that grows past its estimate
    engine.budget = MAX_PREDICTIONS
    try:
        if level == FIXPOINT:
            settling = _settle(engine, actual, progress)
            level = settling.settled if settling.settled is not None else settling.levels - 1
        else:
            _settle(engine, actual, progress, last=int(level))
        return _played(game, model, engine, actual, int(level), settling)
    except WorkLimit as limit:
        raise PirateGameError(f"learning stopped after {limit.budget:,} predictions, the most it may make: "
                              f"anticipate less or suspect fewer promises") from None


def _next_cost(made: list[int]) -> int:
    """The predictions the next level would bring the total to: the last
    level's again, times its growth over the level before it (``made`` holds
    the total when each level was done, from 0)."""
    last = made[-1] - made[-2]
    before = max(made[-2] - (made[-3] if len(made) > 2 else 0), 1)
    return made[-1] + last * max(last // before, 1)


def _settle(engine: Anticipation, actual: int, progress: Callable[[int, int], None] | None,
            last: int | None = None) -> Settling:
    """Levels 0, 1, ... until level k + 1 acts as level k wherever the play
    can reach (settled at k), or as an earlier level j (a cycle of period
    k + 1 - j); a level's play at the actual world is compared first, as a
    quick test.  Each level costs several times the one below it (what
    every vote would teach is weighed one level down), so a level is not
    begun when the predictions so far, and the last level's times its growth
    over the level before, would pass :data:`MAX_PREDICTIONS`.

    With ``last``, an explicit level, levels 0 to ``last`` are played in the
    same way, each checked against those below as the fixpoint checks it, for
    those checks ask each level where the one below was asked, as the next
    level will: so each level is estimated exactly as the fixpoint estimates it
    (the plays alone grow too irregularly to tell), and one estimated past the
    limit is refused."""
    plays: list[tuple] = []
    outcomes: list[Division] = []
    made = [0]  # predictions made when each level was done
    settled: Settling | None = None
    for k in range((MAX_LEVEL if last is None else last) + 1):
        if k >= 2 and _next_cost(made) > MAX_PREDICTIONS:
            if last is None:
                return Settling(k, outcomes=tuple(outcomes), next_cost=_next_cost(made))
            raise PirateGameError(f"level {k} would bring the predictions to about {_next_cost(made):,}, more than "
                                  f"the {MAX_PREDICTIONS:,} allowed (levels 0 to {k - 1} and their checks made "
                                  f"{made[-1]:,}): anticipate less")
        if progress is not None:
            progress(k, (MAX_LEVEL if last is None else last) + 1)
        steps = engine.steps(actual, k)
        outcomes.append(steps[-1].offer)
        if k == last:
            break
        seen = tuple((s.offer, tuple(v.yes for v in s.votes)) for s in steps)
        for j in range(k - 1, -1, -1):
            if settled is None and plays[j] == seen and engine.agree(j, k):
                settled = (Settling(k + 1, settled=j, outcomes=tuple(outcomes)) if j == k - 1 else
                           Settling(k + 1, cycle_start=j, period=k - j, outcomes=tuple(outcomes)))
        if settled is not None and last is None:
            return settled
        plays.append(seen)
        made.append(engine.predictions)
    return Settling(len(outcomes), outcomes=tuple(outcomes))


def _played(game: PirateGame, model: PlausibilityModel, engine: Anticipation, actual: int, level: int,
            settling: Settling | None) -> LearnedPlay:
    """The play at the actual world at ``level``, with what each round taught."""
    n = game.pirates
    state = engine.start
    rounds: list[LearnedRound] = []
    models, kept = [model], [state]
    r = 1
    while True:
        step = engine.step(r, state, level, actual)
        votes = []
        if game.rules.proposer_votes:
            votes.append(LearnedVote(r, step.offer.share(r), (DEAD,), True))
        for v, cast_ in zip(range(r + 1, n + 1), step.votes):
            believes = engine.believed(state, actual, v)
            votes.append(LearnedVote(v, step.offer.share(v), tuple(sorted(set(cast_.expects))), cast_.yes,
                                     tuple(engine.worlds[u] for u in believes), cast_.expects, cast_.if_yes))
        after = state if step.passed else engine.after(step, state, level)
        ruled_out = [] if step.passed else _ruled_out(engine, r, state, after, level, step)
        learned = tuple((j, tuple(engine.worlds[u] for u in engine.believed(after, actual, j)))
                        for j in range(r + 1, n + 1)
                        if engine.believed(after, actual, j) != engine.believed(state, actual, j))
        rounds.append(LearnedRound(r, step.offer, step.source, tuple(votes), step.yes, step.needed,
                                   len(engine.plausible(state)),
                                   tuple(engine.worlds[u] for u in engine.believed(state, actual, r)),
                                   tuple(ruled_out), learned, level))
        if after != state:
            model = model.restricted(engine.worlds[u] for u in engine.plausible(after))
        models.append(model)
        kept.append(after)
        if step.passed:
            return LearnedPlay(tuple(rounds), step.offer, tuple(models), level, settling, engine, tuple(kept), actual)
        state, r = after, r + 1


def _ruled_out(engine: Anticipation, r: int, before: int, after: int, level: int, step) -> list[RuledOut]:
    """The worlds the round's offer and votes ruled out, each with the first
    thing that would have gone otherwise there."""
    gone = []
    seen = tuple(v.yes for v in step.votes)
    for x in sorted(engine.plausible(before) - engine.plausible(after)):
        offer = engine.offer(r, before, level, engine.believed(before, x, r))[0]
        if offer != step.offer:
            gone.append(RuledOut(engine.worlds[x], r, offer, None))
            continue
        for v, yes in zip(range(r + 1, engine.n + 1), seen):
            there = engine.vote(r, before, level, step.offer, v, engine.believed(before, x, v)).yes
            if there != yes:
                gone.append(RuledOut(engine.worlds[x], v, None, there))
                break
    return sorted(gone, key=lambda x: (x.offer is not None, world_order(x.world)))
