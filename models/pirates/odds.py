"""Pirates who weigh odds: the Bayesian mind beside the seed's belief (``--beliefs odds``).

The seed's pirates believe what they heard: a pirate outside a subgroup
acts as if no promise he did not hear was made.  Here he holds odds that
the subgroup promise was made, updates them by Bayes' rule on what he
sees, and acts on what he expects.  The game is the chance tree of
:mod:`epistemic.models.pirates.tree`: chance makes the promise with the given odds, its hearers
(the maker among them) learn whether it was, and nobody else does; every
offer and every vote is seen once its round ends.

Because all moves are seen, what the outsiders believe is common
knowledge: one number, the odds they give the promise, which the play
keeps at its prior value or moves to 0 or 1 when an offer or a vote that
differs between the two worlds reveals which one it is.  So a round's play
depends on the round, those odds and the world alone, and the solver
solves each such state once, the last round first, without recursion.
Once the promise's maker is overboard the promise is void and the rounds
are the seed's, solved by :class:`~epistemic.models.pirates.PirateSolver`.

Each pirate's move is a best reply to the others' at every state, with
pure moves only (a vote whose insiders would need mixed votes is refused
in one line):

* a voter compares the offer with what he expects if it fails, given what
  his vote tells the others (an insider's vote can reveal the world, and
  the others' odds afterwards); where his vote changes nothing he votes
  as the seed's pirates do (yes when offered more than he expects, or
  at least as much if he is peaceful);
* a proposer tries first the offer the seed's proposer makes on what he
  heard, then the cheapest purchase of votes for each set of worlds in
  which the offer could pass, then, where his round has at most
  :data:`MAX_ENUMERATED` divisions, every division; he makes the first
  that no other beats, so that the two minds agree wherever the odds
  leave the seed's offer a best reply;
* a vote the others did not expect of an insider is read as sincere: it
  reveals the world in which it is the vote that tells nothing;
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
from itertools import product
from math import comb

import attrs

from epistemic import Knowledge

from .division import Division, divisions, pirate_name, promise_in
from .game import PirateGame, PirateGameError
from .predict import TieRule
from .rules import DoomedProposer
from .worth import VoterPrices, Worth, fate

__all__ = ["OddsSolver", "RoundPlay", "MAX_ENUMERATED", "MADE", "NOT_MADE", "BELIEFS"]

#: The minds a pirate may have: the seed's, who believes what he heard, and one who weighs odds.
BELIEFS = ("belief", "odds")

#: The worlds: the promise was made, or it was not (the index of each in a :class:`RoundPlay`'s pairs).
MADE, NOT_MADE = 0, 1
WORLDS = (MADE, NOT_MADE)
YES, NO = "yes", "no"

#: A proposer tries every division of his round up to this many; above, the cheapest purchases.
MAX_ENUMERATED = 5_000
#: The most times the proposer's offers in the two worlds answer each other before the solver gives
#: up on a pure equilibrium (they settle in two or three).
MAX_REPLIES = 50
#: The most turns of the insiders' votes answering each other before every profile of them is tried.
MAX_TURNS = 50

#: The most insiders whose votes are tried in every pure profile (4 ** 6 = 4,096 profiles) when
#: answering them in turn goes round a cycle.
MAX_PROFILED = 6


@attrs.frozen
class RoundPlay:
    """The play of one round in both worlds, from outsiders' ``odds`` at its start.

    Each pair holds the made world first, then the other.  ``after_offer``
    and ``after_votes`` are the outsiders' odds once the offer and then the
    votes are seen; ``outcome`` is the division that ends the game from this
    round (``None``: every pirate overboard).
    """

    round: int
    odds: Fraction
    offers: tuple[Division, Division]
    after_offer: tuple[Fraction, Fraction]
    yes: tuple[int, int]
    needed: int
    passed: tuple[bool, bool]
    after_votes: tuple[Fraction, Fraction]
    outcome: tuple[Division | None, Division | None]


@attrs.frozen
class _Vote:
    """The vote on one offer from one state, in both worlds."""

    insiders: tuple[dict[int, str], dict[int, str]]
    sincere: tuple[dict[int, str], dict[int, str]]   # how an unexpected vote of an insider is read
    outsiders: VoterPrices
    yes: tuple[int, int]
    passed: tuple[bool, bool]
    after: tuple[Fraction, Fraction]
    outcome: tuple[Division | None, Division | None]


class OddsSolver:
    """Solves a pirate game with at most one subgroup promise for pirates who weigh odds.

    Parameters
    ----------
    game : PirateGame
    odds : Fraction
        The chance, as the pirates outside the subgroup weigh it, that the
        promise was made (0 to 1).
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
        if len(hidden) > 1:
            raise PirateGameError(f"pirates who weigh odds weigh one subgroup promise; this game has {len(hidden)}")
        self.game, self.odds, self.worth = game, odds, worth
        self.pirates, self.coins, self.rules = game.pirates, game.coins, game.rules
        self.promise = promise_in(hidden[0]) if hidden else None
        self.maker = self.promise.maker if self.promise else 0
        solver = game.solver
        self.insiders = frozenset(
            r for r in range(1, self.pirates + 1) if hidden and hidden[0].heard_by(solver.agent(r)))
        self._public = Knowledge.of([a for a in game.announcements if a.is_public])
        self._hidden = tuple(hidden)
        self._rounds: dict[tuple[int, Fraction], RoundPlay] = {}
        self._votes: dict[tuple[int, Fraction, Division], _Vote] = {}
        self._prices: dict[tuple, VoterPrices] = {}
        self._naive: dict[tuple[int, Fraction], tuple[Division, ...]] = {}
        self._price_of: dict[tuple, int] = {}
        self._strict = self.rules.premium() > 0

    # the play -----------------------------------------------------------------------------
    def round(self, r: int, odds: Fraction | None = None) -> RoundPlay:
        """The play of round ``r`` from the outsiders' ``odds`` (default: the prior)."""
        odds = self.odds if odds is None else Fraction(odds)
        if not 1 <= r <= self.pirates:
            raise PirateGameError(f"round {r} is not a round of a game of {self.pirates} pirates")
        self._solve_up_to(r)
        return self._round_at(r, odds)

    def play(self) -> list[RoundPlay]:
        """The rounds played in each world from the first: the failed ones and the last.

        Returns the rounds of the made world; see :meth:`path` for either."""
        return self.path(MADE)

    def path(self, world: int) -> list[RoundPlay]:
        """The rounds played in ``world`` (:data:`MADE` or :data:`NOT_MADE`), up to the one that passes."""
        self._solve_up_to(1)
        rounds, odds = [], self.odds
        for r in range(1, self.pirates + 1):
            played = self._round_at(r, odds)
            rounds.append(played)
            if played.passed[world]:
                break
            odds = played.after_votes[world]
        return rounds

    def outcome(self, world: int) -> Division | None:
        """The division that ends the game in ``world``."""
        return self.path(world)[-1].outcome[world]

    def states(self) -> int:
        """How many states (round, odds) have been solved."""
        return len(self._rounds)

    # what a mover does at a node of the tree (:class:`~.tree.PirateTree`) --------------------
    def odds_after(self, history: Sequence[tuple[Division, Sequence[str]]]) -> Fraction:
        """The outsiders' odds after the failed rounds of ``history`` (offer and votes, in order)."""
        odds = self.odds
        for r, (offer, cast) in enumerate(history, 1):
            if r > self.maker:
                break   # the promise is void: nothing seen after tells anything of it
            odds = self.offer_odds(r, odds, offer)
            vote = self.vote(r, odds, offer)
            odds = self._after(vote.insiders, dict(zip(self.voters(r), cast)), odds, vote.sincere)
        return odds

    def offer_of(self, r: int, odds: Fraction, world: int) -> Division:
        """The offer of round ``r``'s proposer in ``world`` (an outsider makes the same in both)."""
        return self._round_at(r, odds).offers[world]

    def vote_of(self, r: int, odds: Fraction, offer: Division, rank: int, world: int) -> str:
        """The vote of pirate ``rank`` on ``offer`` in ``world``, from the state before the offer."""
        if rank == r:
            return YES
        vote = self.vote(r, self.offer_odds(r, odds, offer), offer)
        if rank in self.insiders and r <= self.maker:
            return vote.insiders[world][rank]
        return YES if offer.share(rank) >= vote.outsiders.price(rank) else NO

    def voters(self, r: int) -> tuple[int, ...]:
        first = r if self.rules.proposer_votes else r + 1
        return tuple(range(first, self.pirates + 1))

    # the states ---------------------------------------------------------------------------------
    def _odds_states(self) -> tuple[Fraction, ...]:
        return tuple(sorted({Fraction(0), self.odds, Fraction(1)}))

    def _round_at(self, r: int, odds: Fraction) -> RoundPlay:
        if r > self.maker:
            return self._public_round(r, odds)
        if (r, odds) not in self._rounds:
            self._solve_up_to(r)
        return self._rounds[r, odds]

    def _solve_up_to(self, first: int) -> None:
        """Solve every state from the promise's maker's round down to round ``first``, the last first."""
        for r in range(min(self.maker, self.pirates), first - 1, -1):
            for odds in self._odds_states():
                if (r, odds) not in self._rounds:
                    self._rounds[r, odds] = self._solve(r, odds)

    def _public_round(self, r: int, odds: Fraction) -> RoundPlay:
        """A round once the maker is overboard: the seed's, the same in both worlds."""
        p = self.game.solver.prediction(r, self._public)
        twice = lambda x: (x, x)  # noqa: E731
        return RoundPlay(r, odds, twice(p.offer), twice(odds), twice(p.yes), p.needed, twice(p.accepted),
                         twice(odds), twice(p.outcome))

    def following(self, r: int, odds: Fraction, world: int) -> Division | None:
        """The outcome in ``world`` if round ``r``'s offer fails and the outsiders' odds are ``odds``."""
        if r + 1 > self.pirates:
            return None
        return self._round_at(r + 1, odds).outcome[world]

    def _solve(self, r: int, odds: Fraction) -> RoundPlay:
        if r == self.pirates:
            return self._public_round(r, odds)
        offers = self._offers(r, odds)
        after_offer = tuple(self.offer_odds(r, odds, offers[w], offers) for w in WORLDS)
        votes = [self.vote(r, after_offer[w], offers[w]) for w in WORLDS]
        return RoundPlay(r, odds, offers, after_offer,  # type: ignore[arg-type]
                         tuple(votes[w].yes[w] for w in WORLDS), self._needed(r),  # type: ignore[arg-type]
                         tuple(votes[w].passed[w] for w in WORLDS),  # type: ignore[arg-type]
                         tuple(votes[w].after[w] for w in WORLDS),  # type: ignore[arg-type]
                         tuple(votes[w].outcome[w] for w in WORLDS))  # type: ignore[arg-type]

    def _needed(self, r: int) -> int:
        return self.rules.votes_needed(self.pirates - r + 1)

    # the offer ------------------------------------------------------------------------------------
    def offer_odds(self, r: int, odds: Fraction, offer: Division,
                   offers: tuple[Division, Division] | None = None) -> Fraction:
        """The outsiders' odds once round ``r``'s ``offer`` is seen: Bayes' rule on the proposer's
        offers in the two worlds (``offers``, default: his play); one he makes in neither is read
        as the offer he would make in a world if it told nothing (see :func:`_read_offer`)."""
        if r not in self.insiders or r > self.maker:
            return odds   # the proposer does not know the world: his offer cannot tell it
        if offers is None:
            offers = self._round_at(r, odds).offers
        return _read_offer(odds, offers, self._naive[r, odds], offer)

    def _offers(self, r: int, odds: Fraction) -> tuple[Division, Division]:
        """The proposer's offer in each world, each a best reply to what the outsiders infer from it."""
        weights = self._weights(r, odds)
        forced = self.promise.division if r == self.maker and self.promise else None
        if r not in self.insiders:
            best = self._best_offer(r, odds, weights[MADE], lambda o: odds, MADE)
            return best, best
        naive = tuple(self._best_offer(r, odds, weights[w], lambda o: odds, w) if not (forced and w == MADE)
                      else forced for w in WORLDS)
        self._naive[r, odds] = naive   # how an offer the play does not make is read
        offers = list(naive)
        for _ in range(MAX_REPLIES):
            seen = (offers[MADE], offers[NOT_MADE])
            infer: Callable[[Division], Fraction] = lambda o: _read_offer(odds, seen, naive, o)  # noqa: E731
            again = [forced if forced is not None and w == MADE else self._best_offer(r, odds, weights[w], infer, w)
                     for w in WORLDS]
            if again == offers:
                return seen
            offers = again
        raise PirateGameError(f"round {r}: the offers {pirate_name(r)} would make in the two worlds, each "
                              "answering what the other reveals, go round a cycle: no pure equilibrium was "
                              "found (pirates who weigh odds do not mix their offers)")

    def _weights(self, rank: int, odds: Fraction) -> tuple[tuple[Fraction, Fraction], tuple[Fraction, Fraction]]:
        """What pirate ``rank`` weighs each world by, when the world is made and when it is not."""
        if rank in self.insiders:
            return (Fraction(1), Fraction(0)), (Fraction(0), Fraction(1))
        weighed = (odds, 1 - odds)
        return weighed, weighed

    def _best_offer(self, r: int, odds: Fraction, weights: tuple[Fraction, Fraction],
                    infer: Callable[[Division], Fraction], world: int) -> Division:
        """The first offer of :meth:`_candidates` whose worth to the proposer no other beats."""
        best, best_worth = None, None
        for offer in self._candidates(r, odds, weights, world):
            vote = self.vote(r, infer(offer), offer)
            worth = self.worth.expected([fate(vote.outcome[w], r) for w in WORLDS], weights)
            if best_worth is None or worth > best_worth:
                best, best_worth = offer, worth
        assert best is not None
        return best

    def _candidates(self, r: int, odds: Fraction, weights: tuple[Fraction, Fraction],
                    world: int) -> Iterator[Division]:
        """The offers a proposer tries: the seed's proposer's on what he heard in ``world``, so that the
        two minds agree wherever the odds leave his offer a best reply, then the cheapest purchases,
        then, in a small round, every division."""
        heard = self._hidden if r in self.insiders and world == MADE else ()
        yield self.game.solver.prediction(r, Knowledge.of([*self._public.announcements, *heard])).offer
        yield from self._purchases(r, odds, weights)
        living = self.pirates - r + 1
        if comb(self.coins + living - 1, living - 1) <= MAX_ENUMERATED:
            for row in divisions(self.coins, living):
                yield Division.from_row(r, self.pirates, row)

    def _purchases(self, r: int, odds: Fraction, weights: tuple[Fraction, Fraction]) -> Iterator[Division]:
        """The cheapest offer that passes in both worlds, in the made one, in the other, and the seed's
        offer of a proposer who cannot pass (he buys what he can, or keeps every coin).

        Each voter's price is the threshold he votes by when the outsiders' odds stay as they are."""
        vote = self.vote(r, odds, self._keep_all(r))
        needed = self._needed(r) - (1 if self.rules.proposer_votes else 0) - vote.outsiders.free
        insiders = sorted(v for v in vote.insiders[MADE] if v != r)
        prices = {v: tuple(self._insider_price(r, odds, v, w) for w in WORLDS) for v in insiders}
        # past coins + 1 votes, none is affordable: each costs a coin or more
        outsiders = [o for o in vote.outsiders.cheapest(self.coins + 1, self.game.tie_rule is TieRule.LOWEST)
                     if o[0] <= self.coins]
        targets = [w for w in ((MADE, NOT_MADE), (MADE,), (NOT_MADE,)) if all(weights[x] for x in w)] or [WORLDS]
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

    def _insider_price(self, r: int, odds: Fraction, rank: int, world: int) -> int:
        after = self.following(r, odds, world)
        alive, coins = fate(after, rank)
        return self.worth.threshold(Fraction(alive), Fraction(coins), self._strict)

    def _division(self, r: int, shares: dict[int, int]) -> Division:
        spent = sum(shares.values())
        return Division.from_shares(r, self.pirates, {**shares, r: self.coins - spent})

    def _keep_all(self, r: int) -> Division:
        return Division.from_shares(r, self.pirates, {r: self.coins})

    # the vote --------------------------------------------------------------------------------------
    def vote(self, r: int, odds: Fraction, offer: Division) -> _Vote:
        """The vote on ``offer`` in round ``r`` once the outsiders' odds are ``odds``, in both worlds:
        each voter's best reply to the others' votes, the insiders' answered in turn until none changes."""
        key = (r, odds, offer)
        hit = self._votes.get(key)
        if hit is not None:
            return hit
        voters = self.voters(r)
        own = 1 if r in voters else 0
        insiders = [v for v in voters if v != r and v in self.insiders and r <= self.maker]
        needed = self._needed(r)
        # first, every insider votes as if his vote told nothing
        sincere = ({v: self._sincere(r, offer, v, MADE, odds) for v in insiders},
                   {v: self._sincere(r, offer, v, NOT_MADE, odds) for v in insiders})
        settled = self._settle(r, offer, odds, insiders, sincere, own, needed)
        if settled is None:
            raise PirateGameError(f"round {r}: the votes on {offer} have no equilibrium in pure votes (what the "
                                  "pirates who heard the promise would reveal by their votes calls for mixed "
                                  "ones, which pirates who weigh odds do not play)")
        cast, after, outsiders, base = settled
        yes = tuple(base + sum(1 for x in cast[w].values() if x == YES) for w in WORLDS)
        passed = tuple(y >= needed for y in yes)
        outcome = tuple(offer if passed[w] else self.following(r, after[w], w) for w in WORLDS)
        found = _Vote(cast, sincere, outsiders, yes, passed, after, outcome)  # type: ignore[arg-type]
        self._votes[key] = found
        return found

    def _settle(self, r: int, offer: Division, odds: Fraction, insiders: list[int],
                sincere: tuple[dict[int, str], dict[int, str]], own: int, needed: int) -> tuple | None:
        """The insiders' votes in both worlds, each a best reply to the others', and what follows
        from them: the sincere votes answered one insider at a time until none changes, or, if
        that goes round a cycle, the first equilibrium of every profile of pure votes, the
        nearest the sincere first (``None`` if there is none)."""
        def respond(cast):
            after = tuple(self._after(cast, cast[w], odds, sincere) for w in WORLDS)
            outsiders = self._outsider_prices(r, odds, after, frozenset(insiders) | {r})
            bought = sum(1 for rank, coins in zip(offer.ranks, offer.amounts)
                         if rank not in outsiders.skipped and 0 < outsiders.price(rank) <= coins)
            return after, outsiders, own + outsiders.free + bought

        cast = sincere
        for _ in range(MAX_TURNS):
            after, outsiders, base = respond(cast)
            # one insider at a time, each answering the votes as they stand (answering all at once can cycle)
            again = (dict(cast[MADE]), dict(cast[NOT_MADE]))
            for v in insiders:
                for w in WORLDS:
                    again[w][v] = self._best_vote(r, offer, v, w, odds, again, base, needed, sincere)
            if again == cast:
                return cast, after, outsiders, base
            cast = again
        if len(insiders) > MAX_PROFILED:
            return None
        slots = [(w, v) for w in WORLDS for v in insiders]
        profiles = sorted(product((YES, NO), repeat=len(slots)),
                          key=lambda votes: sum(x != sincere[w][v] for x, (w, v) in zip(votes, slots)))
        for votes in profiles:
            cast = ({v: x for x, (w, v) in zip(votes, slots) if w == MADE},
                    {v: x for x, (w, v) in zip(votes, slots) if w == NOT_MADE})
            after, outsiders, base = respond(cast)
            if all(self._best_vote(r, offer, v, w, odds, cast, base, needed, sincere) == cast[w][v]
                   for w, v in slots):
                return cast, after, outsiders, base
        return None

    def _after(self, cast: Sequence[dict[int, str]], seen: dict[int, str], odds: Fraction,
               sincere: Sequence[dict[int, str]]) -> Fraction:
        """The outsiders' odds once the insiders' votes ``seen`` are: a vote that only one world's play
        casts reveals that world; a vote that neither casts is read as sincere (``sincere``: each
        insider's vote in each world were it to tell nothing), and reveals the world where it is;
        votes that tell nothing, or contradict each other, leave the odds."""
        told = set()
        for v, x in seen.items():
            if v not in cast[MADE]:
                continue
            in_made, in_not = cast[MADE][v] == x, cast[NOT_MADE][v] == x
            if not in_made and not in_not:
                in_made, in_not = sincere[MADE][v] == x, sincere[NOT_MADE][v] == x
            if in_made != in_not:
                told.add(MADE if in_made else NOT_MADE)
        if len(told) != 1:
            return odds
        return _revealed(odds, MADE in told, NOT_MADE in told)

    def _outsider_prices(self, r: int, odds: Fraction, after: tuple[Fraction, Fraction],
                         skipped: frozenset[int]) -> VoterPrices:
        """The price of each voter not in ``skipped``: each weighs what follows a failed offer in
        each world by the odds (see :class:`VoterPrices`)."""
        following = tuple(self.following(r, after[w], w) for w in WORLDS)
        key = (r, odds, following, skipped)
        hit = self._prices.get(key)
        if hit is not None:
            return hit
        weights = (odds, 1 - odds)
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
            price = self._price_of.get((odds, fates))   # few fates recur across voters and states: priced once
            if price is None:
                alive = sum((w * f[0] for f, w in zip(fates, weights)), Fraction(0))
                coins = sum((w * f[1] for f, w in zip(fates, weights)), Fraction(0))
                price = self._price_of[odds, fates] = self.worth.threshold(alive, coins, self._strict)
            special[v] = price
        doomed = sum(1 for v in range(first, lowest) if v not in skipped)
        start = max(highest, lowest)   # the plain voters: from here down, neither special nor skipped
        plain_count = max(0, self.pirates - start + 1) - sum(1 for v in (*special, *skipped) if v >= start)
        free = doomed + sum(1 for t in special.values() if t == 0) + (plain_count if plain == 0 else 0)
        found = VoterPrices(special, plain, lowest, skipped, self.pirates, free)
        self._prices[key] = found
        return found

    def _sincere(self, r: int, offer: Division, rank: int, world: int, odds: Fraction) -> str:
        """Yes when the offer beats what the insider ``rank`` gets if it fails, the odds unchanged."""
        after = self.following(r, odds, world)
        return self._prefers(offer, after, rank)

    def _prefers(self, offer: Division, after: Division | None, rank: int) -> str:
        now = self.worth.of(1, offer.share(rank))
        then = self.worth.of(*fate(after, rank))
        return YES if now > then or (now == then and not self._strict) else NO

    def _best_vote(self, r: int, offer: Division, rank: int, world: int, odds: Fraction,
                   cast: tuple[dict[int, str], dict[int, str]], base: int, needed: int,
                   sincere: tuple[dict[int, str], ...]) -> str:
        """The insider ``rank``'s best reply in ``world`` to the others' votes ``cast``."""
        others = base + sum(1 for v, x in cast[world].items() if v != rank and x == YES)
        worth = {}
        for x in (YES, NO):
            seen = {**cast[world], rank: x}
            passes = others + (x == YES) >= needed
            outcome = offer if passes else self.following(r, self._after(cast, seen, odds, sincere), world)
            worth[x] = self.worth.of(*fate(outcome, rank))
        if worth[YES] != worth[NO]:
            return YES if worth[YES] > worth[NO] else NO
        # his vote changes nothing: he votes as the seed's pirates do
        told = self._after(cast, {**cast[world], rank: NO}, odds, sincere)
        return self._prefers(offer, self.following(r, told, world), rank)


def _read_offer(odds: Fraction, offers: Sequence[Division], naive: Sequence[Division], offer: Division) -> Fraction:
    """The outsiders' odds once an insider proposer's ``offer`` is seen: Bayes' rule on his ``offers``
    in the two worlds; an offer he makes in neither is read as the one he would make in a world
    if it told nothing (``naive``), and reveals that world."""
    if offer in offers:
        return _revealed(odds, offers[MADE] == offer, offers[NOT_MADE] == offer)
    return _revealed(odds, naive[MADE] == offer, naive[NOT_MADE] == offer)


def _revealed(odds: Fraction, made: bool, not_made: bool) -> Fraction:
    """The odds once something seen is what the made world's play does (``made``) and the other's
    (``not_made``): Bayes' rule, the odds unchanged where it tells nothing or where it is
    impossible by them."""
    if made and not not_made and odds > 0:
        return Fraction(1)
    if not_made and not made and odds < 1:
        return Fraction(0)
    return odds
