"""Pirates who weigh odds: the Bayesian mind beside the seed's belief (``--beliefs odds``).

The seed's pirates believe what they heard: a pirate outside a subgroup
acts as if no promise he did not hear was made.  Here he holds odds that
each subgroup promise was made, updates them by Bayes' rule on what he
sees, and acts on what he expects.  The game is the chance tree of
:mod:`epistemic.models.pirates.tree`: chance makes each promise with the
given odds, independently, its hearers (the maker among them) learn
whether it was, and nobody else does; every offer and every vote is seen
once its round ends.

Because all moves are seen and pure, what the pirates believe in common is
the prior conditioned on the worlds whose play agrees with what they saw
(:mod:`epistemic.models.pirates.worlds`); a pirate who heard some promises
conditions it further on what he heard.  With one promise that belief is
one number, the odds, kept at the prior or moved to 0 or 1; with two
promises it is one of the 15 nonempty sets of the four worlds.  So a
round's play depends on the round, the set of worlds left and the world
alone, and the solver solves each such state once, the last round first,
without recursion.  Once every maker is overboard the promises are void
and the rounds are the seed's, solved by
:class:`~epistemic.models.pirates.PirateSolver`.

Each pirate's move is a best reply to the others' at every state, with
pure moves only (a round whose moves would need to be mixed is refused in
one line):

* a voter compares the offer with what he expects if it fails, given what
  his vote tells the others (an insider's vote can reveal what he heard,
  and so the others' belief afterwards); where his vote changes nothing
  he votes as the seed's pirates do (yes when offered more than he
  expects, or at least as much if he is peaceful);
* a proposer tries first the offer the seed's proposer makes on what he
  heard, then the cheapest purchase of votes for each set of worlds in
  which the offer could pass, then, where his round has at most
  :data:`MAX_ENUMERATED` divisions, every division; he makes the first
  that no other beats, so that the two minds agree wherever the odds
  leave the seed's offer a best reply;
* a vote the others did not expect of an insider is read as sincere: it
  keeps the worlds in which it is the vote that tells nothing (or, where
  that leaves the vote no pure equilibrium, whichever of his cells make
  one); an insider whose vote decides nothing votes as the seed's pirates
  do, or, where that leaves none, either way;
* an offer they did not expect of an insider is read the same way, or
  else as telling that its proposer made no promise (one who made his has
  no other offer); where that leaves his offers no pure equilibrium, each
  such offer is read as telling whichever of his cells makes it worth no
  more to him than his play, and where that leaves none either, his offers
  may rest on votes that decide nothing cast either way
  (:mod:`~epistemic.models.pirates.odds_offers`);
* round 1 is solved from the prior alone, and the later rounds from every
  belief conditioning may reach; a state with no pure play found stops
  only a play that reads it;
* a promise's maker, where it was made, offers what he promised.

How a pirate weighs outcomes is a :class:`~epistemic.models.pirates.worth.Worth`: by default his chance to
survive first and his expected coins second (the seed's "dying compares as
smaller than all other outcomes", read lexicographically), or expected
value with death worth a given number of coins.

Examples
--------
Three pirates and two coins; p2 tells p3 alone that he will give him both.
With death worth -1 coin, p1 keeps the seed's offer while the promise is
unlikely, and buys p2 instead once it is likely (docs/interop.md, "Belief,
not odds"); a p1 who ranks survival first buys both, one of whom votes
yes in either world:

>>> from epistemic.models.pirates import PirateGame, promise
>>> game = PirateGame(3, 2, [promise(3, 2, [2, 0], hearers=[3])])
>>> for odds in ("1/10", "9/10"):
...     print(OddsSolver(game, odds, Worth(-1)).round(1).offers[MADE])
p3:1 p2:0 p1:1
p3:0 p2:1 p1:1
>>> print(OddsSolver(game, "9/10").round(1).offers[MADE])
p3:1 p2:1 p1:0
"""

from __future__ import annotations

from collections.abc import Callable, Iterator, Sequence
from fractions import Fraction
from itertools import combinations, product
from math import comb

import attrs

from epistemic import Knowledge

from .division import Division, divisions, pirate_name, promise_in
from .game import PirateGame, PirateGameError
from .predict import TieRule
from .rules import DoomedProposer
from .worlds import Belief, beliefs_within, cells_of, conditioned, posterior, prior_belief, world_bits
from .odds_offers import MAX_OFFER_CHECKS, OfferProfiles, read_offer
from .odds_votes import NO, YES, Vote, VoteStage
from .worth import VoterPrices, Worth, expectation, fate

__all__ = ["OddsSolver", "RoundPlay", "MAX_ENUMERATED", "MAX_PROMISES", "MADE", "NOT_MADE", "BELIEFS",
           "MAX_OFFER_CHECKS"]

#: The minds a pirate may have: the seed's, who believes what he heard, and one who weighs odds.
BELIEFS = ("belief", "odds")

#: With one subgroup promise, the worlds: it was made, or it was not (the index of each in a
#: :class:`RoundPlay`'s tuples).
MADE, NOT_MADE = 0, 1

#: The most subgroup promises pirates who weigh odds weigh: two to this power worlds, and a state for
#: each set of them a round may leave possible.
MAX_PROMISES = 3

#: A proposer tries every division of his round up to this many; above, the cheapest purchases.
MAX_ENUMERATED = 5_000
#: The most times the proposer's offers in the worlds answer each other before every profile of
#: them is tried (they settle in two or three).
MAX_REPLIES = 50


@attrs.frozen
class RoundPlay:
    """The play of one round in every world, from the shared ``belief`` at its start.

    Each tuple holds one entry per world (with one promise, the made world
    first, then the other).  ``after_offer`` and ``after_votes`` are the
    shared beliefs once the offer and then the votes are seen; ``outcome``
    is the division that ends the game from this round (``None``: every
    pirate overboard).
    """

    round: int
    belief: Belief
    offers: tuple[Division, ...]
    after_offer: tuple[Belief, ...]
    yes: tuple[int, ...]
    needed: int
    passed: tuple[bool, ...]
    after_votes: tuple[Belief, ...]
    outcome: tuple[Division | None, ...]

    @property
    def odds(self) -> Fraction:
        """The chance the first world has (with one promise: the odds that it was made)."""
        return self.belief[0]


class OddsSolver(VoteStage, OfferProfiles):
    """Solves a pirate game with at most :data:`MAX_PROMISES` subgroup promises for pirates who weigh odds.

    The worlds are :attr:`worlds` (which promises each made, every one first);
    a world is named by its index, and with one promise :data:`MADE` and
    :data:`NOT_MADE` are the two.

    Parameters
    ----------
    game : PirateGame
    odds : Fraction
        The chance, as the pirates who did not hear it weigh it, that each
        subgroup promise was made (0 to 1; the promises are made
        independently).
    worth : Worth
        How pirates weigh uncertain outcomes (default: survival, then coins).
    """

    def __init__(self, game: PirateGame, odds: Fraction | int | str, worth: Worth = Worth()):
        try:
            odds = Fraction(odds)
        except (TypeError, ValueError, ZeroDivisionError):
            raise PirateGameError(f"the odds that a promise was made are a probability, got {odds!r}") from None
        if not 0 <= odds <= 1:
            raise PirateGameError(f"the odds that a promise was made are between 0 and 1, got {odds}")
        hidden = [a for a in game.announcements if not a.is_public]
        if len(hidden) > MAX_PROMISES:
            raise PirateGameError(f"pirates who weigh odds weigh at most {MAX_PROMISES} subgroup promises "
                                  f"({2 ** MAX_PROMISES} worlds); this game has {len(hidden)}")
        self.game, self.odds, self.worth = game, odds, worth
        self.pirates, self.coins, self.rules = game.pirates, game.coins, game.rules
        self.promises = tuple(promise_in(a) for a in hidden)
        self.promise = self.promises[0] if len(self.promises) == 1 else None
        #: The last round in which a promise may still be kept: after it, the rounds are the seed's.
        self.maker = max((p.maker for p in self.promises), default=0)
        self.worlds = world_bits(len(hidden))
        self.world_ids = tuple(range(len(self.worlds)))
        self.prior = prior_belief(self.worlds, odds)
        solver = game.solver
        heard = {r: tuple(j for j, a in enumerate(hidden) if a.heard_by(solver.agent(r)))
                 for r in range(1, self.pirates + 1)}
        self.insiders = frozenset(r for r, bits in heard.items() if bits)
        self._cells = {r: cells_of(self.worlds, heard[r]) for r in self.insiders}
        self._everywhere = (self.world_ids,) * len(self.worlds)
        self._heard = heard
        #: Who heard each promise (its maker among them), by rank.
        self.hearers = tuple(tuple(r for r in range(1, self.pirates + 1) if j in heard[r]) for j in range(len(hidden)))
        self._public = Knowledge.of([a for a in game.announcements if a.is_public])
        self._public_promises = [promise_in(a) for a in self._public.announcements if promise_in(a) is not None]
        self._hidden = tuple(hidden)
        #: Each state solved: its play, or why it has none (raised only where a play reads the state).
        self._rounds: dict[tuple[int, Belief], RoundPlay | PirateGameError] = {}
        self._votes: dict[tuple[int, Belief, Division], Vote] = {}
        self._vote_options: dict[tuple[int, Belief, Division], tuple[Vote, ...]] = {}
        #: The vote an offer rests on from a state, where not :meth:`vote`'s (see :mod:`.odds_offers`).
        self._vote_choices: dict[tuple[int, Belief, Division], Vote] = {}
        self._prices: dict[tuple, VoterPrices] = {}
        self._naive: dict[tuple[int, Belief], tuple[Division, ...]] = {}
        self._price_of: dict[tuple, int] = {}
        self._posteriors: dict[tuple[tuple[int, ...], Belief], Belief] = {}
        self._free: dict[int, tuple[int, ...]] = {}
        #: How the others read an offer a state's play does not make, where not as :func:`read_offer` does.
        self._offer_readings: dict[tuple[int, Belief], dict[Division, Belief]] = {}
        self._strict = self.rules.premium() > 0

    # beliefs -------------------------------------------------------------------------------
    def belief(self, odds: Fraction | int | str | Sequence[Fraction] | None = None) -> Belief:
        """The shared belief: the prior (``None``), a belief given world by world, or, with one
        promise, the odds that it was made.

        Raises
        ------
        PirateGameError
            For odds that are no probability, and a belief that is no probability on the worlds.

        Examples
        --------
        >>> from epistemic.models.pirates import PirateGame, promise
        >>> solver = OddsSolver(PirateGame(3, 2, [promise(3, 2, [2, 0], hearers=[3])]), "1/2")
        >>> solver.belief("1/10")
        (Fraction(1, 10), Fraction(9, 10))
        >>> solver.belief((Fraction(1, 4), Fraction(1, 4)))
        Traceback (most recent call last):
        ...
        epistemic.models.pirates.game.PirateGameError: a belief gives each of the 2 worlds an exact chance ...
        """
        if odds is None:
            return self.prior
        if isinstance(odds, Belief):
            return odds   # the solver's own: each is a probability, and the play reads one at every node
        if not isinstance(odds, tuple):
            if len(self.worlds) > 2:
                raise PirateGameError("with several subgroup promises a belief is a chance for each world, not odds")
            try:
                made = Fraction(odds)   # type: ignore[arg-type]
            except (TypeError, ValueError):
                raise PirateGameError(f"the odds that a promise was made are a probability, got {odds!r}") from None
            odds = (made, 1 - made) if len(self.worlds) == 2 else (Fraction(1),)
        # the worths a solver weighs assume a belief is a probability on the worlds
        if (len(odds) != len(self.worlds) or not all(isinstance(q, (int, Fraction)) and 0 <= q <= 1 for q in odds)
                or sum(odds) != 1):
            shown = ", ".join(str(q) for q in odds)
            raise PirateGameError(f"a belief gives each of the {len(self.worlds)} worlds an exact chance (a "
                                  f"Fraction) from 0 to 1, and the chances sum to 1: got ({shown})")
        return Belief(Fraction(q) for q in odds)

    # the play -----------------------------------------------------------------------------
    def round(self, r: int, odds: Fraction | Belief | None = None) -> RoundPlay:
        """The play of round ``r`` from the shared belief (see :meth:`belief`; default: the prior)."""
        belief = self.belief(odds)
        if not 1 <= r <= self.pirates:
            raise PirateGameError(f"round {r} is not a round of a game of {self.pirates} pirates")
        self._solve_up_to(r, belief)
        return self._round_at(r, belief)

    def play(self) -> list[RoundPlay]:
        """The rounds played in the first world (every promise made) from the first: the failed
        ones and the last.  See :meth:`path` for any."""
        return self.path(0)

    def path(self, world: int) -> list[RoundPlay]:
        """The rounds played in ``world`` (an index of :attr:`worlds`), up to the one that passes."""
        belief = self.prior
        self._solve_up_to(1, belief)
        rounds = []
        for r in range(1, self.pirates + 1):
            played = self._round_at(r, belief)
            rounds.append(played)
            if played.passed[world]:
                break
            belief = played.after_votes[world]
        return rounds

    def outcome(self, world: int) -> Division | None:
        """The division that ends the game in ``world``."""
        return self.path(world)[-1].outcome[world]

    def states(self) -> int:
        """How many states (round, belief) have been solved."""
        return sum(1 for found in self._rounds.values() if isinstance(found, RoundPlay))

    # what a mover does at a node of the tree (:class:`~.tree.PirateTree`) --------------------
    def odds_after(self, history: Sequence[tuple[Division, Sequence[str]]]) -> Belief:
        """The shared belief after the failed rounds of ``history`` (offer and votes, in order)."""
        belief = self.prior
        for r, (offer, cast) in enumerate(history, 1):
            if r > self.maker:
                break   # every promise is void: nothing seen after tells anything of one
            before, belief = belief, self.offer_odds(r, belief, offer)
            vote = self.vote_in(r, before, offer, belief)
            belief = self._after(vote.insiders, dict(zip(self.voters(r), cast)), belief, vote.sincere)
        return belief

    def offer_of(self, r: int, odds: Fraction | Belief, world: int) -> Division:
        """The offer of round ``r``'s proposer in ``world`` (one who heard nothing makes the same in all)."""
        return self._round_at(r, self.belief(odds)).offers[world]

    def vote_of(self, r: int, odds: Fraction | Belief, offer: Division, rank: int, world: int) -> str:
        """The vote of pirate ``rank`` on ``offer`` in ``world``, from the state before the offer."""
        if rank == r:
            return YES
        belief = self.belief(odds)
        vote = self.vote_in(r, belief, offer, self.offer_odds(r, belief, offer))
        if rank in self.insiders and r <= self.maker:
            return vote.insiders[world][rank]
        return YES if offer.share(rank) >= vote.outsiders.price(rank) else NO

    def vote_in(self, r: int, belief: Belief, offer: Division, after: Belief) -> Vote:
        """The vote on round ``r``'s ``offer`` from the state whose shared belief is ``belief``, once the
        offer is seen and the belief is ``after``: the equilibrium of the vote the proposer's play rests
        on there, where it is not :meth:`vote`'s (see :mod:`~epistemic.models.pirates.odds_offers`)."""
        return self._vote_choices.get((r, belief, offer)) or self.vote(r, after, offer)

    def chose_vote(self, r: int, belief: Belief, offer: Division, after: Belief, rank: int, world: int) -> bool:
        """Whether pirate ``rank``'s vote in ``world`` that :meth:`vote_in` gives is one the proposer's
        offers rest on, cast otherwise than in :meth:`vote`'s (a vote that decides nothing cast against
        the seed's rule)."""
        chosen = self._vote_choices.get((r, belief, offer))
        # a choice is made only where vote() has an equilibrium: the search weighs it first
        return chosen is not None and chosen.insiders[world][rank] != self.vote(r, after, offer).insiders[world][rank]

    def voters(self, r: int) -> tuple[int, ...]:
        first = r if self.rules.proposer_votes else r + 1
        return tuple(range(first, self.pirates + 1))

    def weights(self, rank: int, belief: Belief, world: int) -> Belief:
        """What pirate ``rank`` believes in ``world``: the shared ``belief`` on the worlds he cannot tell
        from it."""
        cell = self._cells[rank][world] if rank in self.insiders else self.world_ids
        key = (cell, belief)
        found = self._posteriors.get(key)
        if found is None:
            found = self._posteriors[key] = posterior(belief, self.prior, cell)
        return found

    # the states ---------------------------------------------------------------------------------
    def _round_at(self, r: int, belief: Belief) -> RoundPlay:
        if r > self.maker:
            return self._public_round(r, belief)
        if (r, belief) not in self._rounds:
            self._solve_up_to(r, belief)
        found = self._rounds[r, belief]
        if isinstance(found, PirateGameError):
            raise PirateGameError(str(found))
        return found

    def _solve_up_to(self, first: int, belief: Belief) -> None:
        """Solve every state that ``belief`` can reach, from the last maker's round down to round
        ``first``, the last first: a state needs only states of the round after it.  Round ``first``
        starts from ``belief`` alone; a later state that has no pure play found keeps why, which stops
        only a play that reads it (most beliefs conditioning can reach, no history does)."""
        within = beliefs_within(belief)
        for r in range(min(self.maker, self.pirates), first - 1, -1):
            for b in within if r > first else [belief]:
                if (r, b) not in self._rounds:
                    try:
                        self._rounds[r, b] = self._solve(r, b)
                    except PirateGameError as stop:
                        self._rounds[r, b] = stop

    def _public_round(self, r: int, belief: Belief) -> RoundPlay:
        """A round once every maker is overboard: the seed's, the same in every world."""
        p = self.game.solver.prediction(r, self._public)
        n = len(self.worlds)
        return RoundPlay(r, belief, (p.offer,) * n, (belief,) * n, (p.yes,) * n, p.needed, (p.accepted,) * n,
                         (belief,) * n, (p.outcome,) * n)

    def following(self, r: int, odds: Fraction | Belief, world: int) -> Division | None:
        """The outcome in ``world`` if round ``r``'s offer fails and the shared belief is ``odds``."""
        if r + 1 > self.pirates:
            return None
        return self._round_at(r + 1, self.belief(odds)).outcome[world]

    def _solve(self, r: int, belief: Belief) -> RoundPlay:
        if r == self.pirates:
            return self._public_round(r, belief)
        offers = self._offers(r, belief)
        after_offer = tuple(self.offer_odds(r, belief, offers[w], offers) for w in self.world_ids)
        votes = [self.vote_in(r, belief, offers[w], after_offer[w]) for w in self.world_ids]
        return RoundPlay(r, belief, offers, after_offer, tuple(votes[w].yes[w] for w in self.world_ids),
                         self._needed(r), tuple(votes[w].passed[w] for w in self.world_ids),
                         tuple(votes[w].after[w] for w in self.world_ids),
                         tuple(votes[w].outcome[w] for w in self.world_ids))

    def _needed(self, r: int) -> int:
        return self.rules.votes_needed(self.pirates - r + 1)

    # the offer ------------------------------------------------------------------------------------
    def offer_odds(self, r: int, odds: Fraction | Belief, offer: Division,
                   offers: Sequence[Division] | None = None) -> Belief:
        """The shared belief once round ``r``'s ``offer`` is seen: Bayes' rule on the proposer's offers
        in the worlds (``offers``, default: his play); one he makes in none is read as the offer he
        would make in a world if it told nothing (see :func:`read_offer`), or, where his play is read
        and the solver chose another reading to deter the offer, as that."""
        belief = self.belief(odds)
        if r not in self.insiders or r > self.maker:
            return belief   # the proposer knows nothing the others do not: his offer cannot tell it
        if offers is None:
            offers = self._round_at(r, belief).offers
            chosen = self._offer_readings.get((r, belief), {}).get(offer)
            if chosen is not None:
                return chosen
        return read_offer(belief, offers, self._naive[r, belief], offer, self._unbound(r))

    def promised(self, r: int, world: int) -> Division | None:
        """The offer ``r`` promised, where he made a promise in ``world`` (a public one first)."""
        for p in self._public_promises:
            if p.maker == r:
                return p.division
        for p, made in zip(self.promises, self.worlds[world]):
            if made and p.maker == r:
                return p.division
        return None

    def _unbound(self, r: int) -> tuple[int, ...]:
        """The worlds where ``r`` made no promise: an offer other than his promise tells the others that
        the world is one of these (the game leaves a maker whose promise was made no other offer)."""
        found = self._free.get(r)
        if found is None:   # read at every offer seen: worked out once per proposer
            found = self._free[r] = tuple(w for w in self.world_ids if self.promised(r, w) is None)
        return found

    def _offers(self, r: int, belief: Belief) -> tuple[Division, ...]:
        """The proposer's offer in each world, each a best reply to what the others infer from it."""
        ids = self.world_ids
        if r not in self.insiders:
            kept = self.promised(r, 0)
            best = kept if kept is not None else self._best_offer(r, belief, belief, lambda o: belief, 0)
            return (best,) * len(ids)
        cells = self._cells[r]
        first = {cells[w][0] for w in ids}   # one world of each of his cells stands for it
        weights = {w: self.weights(r, belief, w) for w in first}
        forced = {w: self.promised(r, w) for w in first}

        def spread(infer: Callable[[Division], Belief]) -> tuple[Division, ...]:
            """The offer of each cell, a promised one or a best reply to what ``infer`` reads of it."""
            chosen = {}
            for w in sorted(first):
                promised = forced[w]
                chosen[w] = promised if promised is not None else self._best_offer(r, belief, weights[w], infer, w)
            return tuple(chosen[cells[w][0]] for w in ids)

        naive = spread(lambda o: belief)
        self._naive[r, belief] = naive   # how an offer the play does not make is read
        free = self._unbound(r)
        offers, met = naive, [naive]
        for _ in range(MAX_REPLIES):
            seen = offers
            infer: Callable[[Division], Belief] = lambda o: read_offer(belief, seen, naive, o, free)  # noqa: E731
            again = spread(infer)
            if again == offers:
                return seen
            if again in met:
                break   # a cycle: answering in turn will not settle
            offers = again
            met.append(again)
        return self._profiles(r, belief, weights, forced, naive, met)

    def _best_offer(self, r: int, belief: Belief, weights: Belief, infer: Callable[[Division], Belief],
                    world: int) -> Division:
        """The first offer of :meth:`_candidates` whose worth to the proposer no other beats."""
        best, best_worth = None, None
        for offer in self._candidates(r, belief, weights, world):
            worth = self._worth_of(r, weights, infer, offer)
            if best_worth is None or worth > best_worth:
                best, best_worth = offer, worth
        assert best is not None
        return best

    def _worth_of(self, r: int, weights: Belief, infer: Callable[[Division], Belief],
                  offer: Division) -> tuple[Fraction, ...]:
        """What ``offer`` is worth to its proposer, who weighs the worlds by ``weights``, when the others
        read it by ``infer``."""
        vote = self.vote(r, infer(offer), offer)
        return self.worth.expected([fate(vote.outcome[w], r) for w in self.world_ids], weights)

    def _candidates(self, r: int, belief: Belief, weights: Belief, world: int) -> Iterator[Division]:
        """The offers a proposer tries: the seed's proposer's on what he heard in ``world``, so that the
        two minds agree wherever the odds leave his offer a best reply, then the cheapest purchases,
        then, in a small round, every division."""
        heard = [a for j, a in enumerate(self._hidden) if j in self._heard[r] and self.worlds[world][j]]
        yield self.game.solver.prediction(r, Knowledge.of([*self._public.announcements, *heard])).offer
        yield from self._purchases(r, belief, weights)
        living = self.pirates - r + 1
        if comb(self.coins + living - 1, living - 1) <= MAX_ENUMERATED:
            for row in divisions(self.coins, living):
                yield Division.from_row(r, self.pirates, row)

    def _purchases(self, r: int, belief: Belief, weights: Belief) -> Iterator[Division]:
        """The cheapest offer that passes in each set of the worlds the proposer weighs, the largest
        first, and the seed's offer of a proposer who cannot pass (he buys what he can, or keeps
        every coin).

        Each voter's price is the threshold he votes by when the shared belief stays as it is."""
        vote = self.vote(r, belief, self._keep_all(r))
        needed = self._needed(r) - (1 if self.rules.proposer_votes else 0) - vote.outsiders.free
        insiders = sorted(v for v in vote.insiders[0] if v != r)
        prices = {v: tuple(self._insider_price(r, belief, v, w) for w in self.world_ids) for v in insiders}
        # past coins + 1 votes, none is affordable: each costs a coin or more
        outsiders = [o for o in vote.outsiders.cheapest(self.coins + 1, self.game.tie_rule is TieRule.LOWEST)
                     if o[0] <= self.coins]
        weighed = [w for w in self.world_ids if weights[w]]
        targets = [t for size in range(len(weighed), 0, -1) for t in combinations(weighed, size)]
        for target in targets:
            best: tuple[int, dict[int, int]] | None = None
            levels = [sorted({0, *(prices[v][w] for w in target)}) for v in insiders]
            if len(insiders) > 6:   # too many to try each: every insider is paid for every world
                levels = [[max(prices[v][w] for w in target)] for v in insiders]
            for paid in product(*levels):
                counts = [sum(1 for v, p in zip(insiders, paid) if p >= prices[v][w]) for w in target]
                wanted = max(0, *(needed - c for c in counts))
                if wanted > len(outsiders):
                    continue
                cost = sum(paid) + sum(t for t, _, _ in outsiders[:wanted])
                if cost <= self.coins and (best is None or cost < best[0]):
                    shares = {v: p for v, p in zip(insiders, paid) if p}
                    shares.update({v: t for t, _, v in outsiders[:wanted]})
                    best = (cost, shares)
            if best is not None:
                yield self._division(r, best[1])
        if self.rules.doomed_proposer is DoomedProposer.KEEPS:
            yield self._keep_all(r)
        else:
            budget, shares = self.coins, {}
            for t, _, v in outsiders:
                if t > budget:
                    break
                budget -= t
                shares[v] = t
            yield self._division(r, shares)

    def _insider_price(self, r: int, belief: Belief, rank: int, world: int) -> int:
        weights = self.weights(rank, belief, world)
        fates = [fate(self.following(r, belief, w), rank) if weights[w] else (0, 0) for w in self.world_ids]
        return self.worth.threshold(*expectation(fates, weights), self._strict)

    def _division(self, r: int, shares: dict[int, int]) -> Division:
        spent = sum(shares.values())
        return Division.from_shares(r, self.pirates, {**shares, r: self.coins - spent})

    def _keep_all(self, r: int) -> Division:
        return Division.from_shares(r, self.pirates, {r: self.coins})
