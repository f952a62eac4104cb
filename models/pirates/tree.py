"""The pirate game as a tree of moves, for Gambit and OpenSpiel (:mod:`epistemic.extensive`).

Each round the highest-ranked living pirate offers a division of the coins,
then every voter says yes or no.  Votes are cast at once: in the tree they
are cast one after another, but a voter does not see the votes cast before
his, so all the nodes of one round's vote where he knows the same are one
information set.  Once the round ends, every pirate sees every vote.

A subgroup's promise is uncertain to the pirates outside it.  Chance moves
first and decides which subgroup promises were made (each with the
probability ``made``, independently), its hearers learn it, and nobody
else does.  Public promises are always made.  A pirate who promised a
division offers it when he leads: it is his only move there.

Payoffs are coins, and :data:`~epistemic.models.pirates.DEAD` (-1) for a
pirate thrown overboard, so that death is worse than any number of coins.
The game's own solution, :meth:`PirateTree.strategy`, is what each pirate
does on what he knows: the proposer's predicted offer, and a vote for an
offer exactly when the rules accept it against what the voter predicts
for himself from the next round.

Examples
--------
>>> from epistemic.models.pirates import PirateGame
>>> tree = PirateTree(PirateGame(2, 1))
>>> tree.players, tree_size(tree)
(('p1', 'p2'), 21)
>>> tree.strategy(tree.root())
'p2:0 p1:1'
"""

from __future__ import annotations

import re
from collections.abc import Hashable, Sequence
from fractions import Fraction
from itertools import product
from math import comb

from epistemic import Announcement, Knowledge
from epistemic.extensive import CHANCE, TreeTooLarge, tree_size  # noqa: F401  (the examples count a tree)

from .division import DEAD, Division, divisions, pirate_name, promise_in
from .game import PirateGame, PirateGameError
from .odds import OddsSolver
from .worth import Worth
from .wording import coins_text

__all__ = ["PirateTree", "YES", "NO", "MAX_DIVISIONS", "MAX_HIDDEN", "parse_chance"]

YES, NO = "yes", "no"
#: The most divisions the rounds may offer in all: each is a move the tree names (an
#: OpenSpiel action), and the first round's alone are nodes of the tree.
MAX_DIVISIONS = 100_000
#: The most subgroup promises: chance chooses among two to this power worlds.
MAX_HIDDEN = 12

#: A node: (world, history, round, offer or None, votes cast this round).
#: ``world`` is None before chance moves, else a tuple of booleans, one per subgroup promise.
Node = tuple


_CHANCE = re.compile(r"\s*(\d{1,12})\s*/\s*(\d{1,12})\s*|\s*(\d{0,12}\.\d{1,12})\s*")


def _below_any_coins(coins: int, made: Fraction) -> Fraction:
    """A payoff of death so low that a pirate who weighs it ranks survival first: below ``-coins``
    by more than ``coins`` divided by the least difference between two chances of surviving
    that an information set of the tree can hold (0, ``made``, ``1 - made`` and 1)."""
    chances = sorted({Fraction(0), made, 1 - made, Fraction(1)})
    least = min(b - a for a, b in zip(chances, chances[1:]))
    return -(coins + 1) / least - coins


def parse_chance(text: str, what: str = "the chance that a subgroup promise was made") -> Fraction:
    """A probability strictly between 0 and 1, written ``p/q`` or as a decimal of at most 12
    digits on each side (a longer one would cost time for nothing).

    >>> parse_chance("1/3"), parse_chance("0.25")
    (Fraction(1, 3), Fraction(1, 4))
    >>> parse_chance("1e-5000")
    Traceback (most recent call last):
    ...
    epistemic.models.pirates.game.PirateGameError: the chance that a subgroup promise was made is a probability such as 1/2 or 0.3, got '1e-5000'
    """
    found = _CHANCE.fullmatch(text) if isinstance(text, str) and len(text) <= 40 else None
    if found is None:
        shown = text if isinstance(text, str) and len(text) <= 40 else f"{str(text)[:40]}..."
        raise PirateGameError(f"{what} is a probability such as 1/2 or 0.3, got {shown!r}")
    if found.group(3) is not None:
        chance = Fraction(found.group(3))
    else:
        if int(found.group(2)) == 0:
            raise PirateGameError(f"{what} is a probability such as 1/2 or 0.3, got {text!r}")
        chance = Fraction(int(found.group(1)), int(found.group(2)))
    if not 0 < chance < 1:
        raise PirateGameError(f"{what} is between 0 and 1, got {chance}")
    return chance


class PirateTree:
    """A :class:`~epistemic.models.pirates.PirateGame` as an extensive-form game.

    Parameters
    ----------
    game : PirateGame
    made : Fraction
        The chance that each subgroup promise was made, as the pirates outside
        the subgroup weigh it (the default is even odds).
    worth : Worth, optional
        ``None`` (the default): the play is the seed's, pirates who believe
        what they heard, and death pays :data:`DEAD`.  A
        :class:`~epistemic.models.pirates.worth.Worth`: the play is that of pirates who weigh the odds
        (:class:`~epistemic.models.pirates.odds.OddsSolver`), and death pays the worth's value, or,
        where the worth ranks survival first, a value low enough that no
        coins make up for any chance of death the tree can weigh.
    """

    def __init__(self, game: PirateGame, made: Fraction | int | str = Fraction(1, 2), worth: Worth | None = None):
        made = Fraction(made)
        if not 0 < made < 1:
            raise PirateGameError(f"the chance that a subgroup promise was made is between 0 and 1, got {made}")
        self.game, self.made = game, made
        self.odds = None if worth is None else OddsSolver(game, made, worth)
        self.death: Fraction | int = DEAD if worth is None else (
            worth.death if worth.death is not None else _below_any_coins(game.coins, made))
        n, coins = game.pirates, game.coins
        self.players = tuple(pirate_name(r) for r in range(1, n + 1))
        told = ", ".join(str(a) for a in game.announcements)
        self.title = f"The pirate game: {n} pirates, {coins_text(coins)}" + (f"; {told}" if told else "")
        # counted before any is made: a few pirates and coins make astronomically many
        offers = sum(comb(coins + m - 1, m - 1) for m in range(1, n + 1))
        if offers > MAX_DIVISIONS:
            raise TreeTooLarge(f"{self.title} offers {offers:,} divisions in its rounds, more than the "
                               f"{MAX_DIVISIONS:,} a tree of it may name: ask for fewer pirates or coins")
        self.hidden = tuple(a for a in game.announcements if not a.is_public)
        if len(self.hidden) > MAX_HIDDEN:
            raise TreeTooLarge(f"{self.title} has {len(self.hidden)} subgroup promises, {2 ** len(self.hidden):,} "
                               f"worlds for chance to choose among; at most {MAX_HIDDEN} are written")
        self._public = tuple(a for a in game.announcements if a.is_public)
        self._offers = {r: tuple(Division.from_row(r, n, row) for row in divisions(coins, n - r + 1))
                        for r in range(1, n + 1)}
        self._knowledge: dict[tuple, Knowledge] = {}
        self.action_names = (YES, NO) + tuple(str(d) for r in range(1, n + 1) for d in self._offers[r])
        self.chance_names = tuple(self._world_name(w) for w in self._worlds()) if self.hidden else ()
        # chance once, then each round an offer and its votes
        self.longest = bool(self.hidden) + sum(1 + len(self._voters(r)) for r in range(1, n + 1))
        self.utility_range = (self.death, coins)
        self.utility_sum = None

    # the tree --------------------------------------------------------------------------
    def root(self) -> Node:
        return (None if self.hidden else (), (), 1, None, ())

    def shape(self, node: Node) -> Hashable:
        world, _, r, offer, votes = node
        return world, r, offer, len(votes), votes.count(YES)

    def turn(self, node: Node) -> int | None:
        world, _, r, offer, votes = node
        if world is None:
            return CHANCE
        if r > self.game.pirates:
            return None
        if offer is None:
            return r - 1
        voters = self._voters(r)
        # a vote that fails an offer leads to the next round: a full vote here passed it
        return voters[len(votes)] - 1 if len(votes) < len(voters) else None

    def moves(self, node: Node) -> Sequence[tuple[str, Node]]:
        world, history, r, offer, votes = node
        if world is None:
            return [(self._world_name(w), (w, history, r, offer, votes)) for w in self._worlds()]
        if offer is None:
            return [(str(d), (world, history, r, d, ())) for d in self._choices(world, r)]
        voters = self._voters(r)
        made = []
        for vote in (YES, NO):
            cast = votes + (vote,)
            if len(cast) < len(voters) or self._passes(r, cast):
                made.append((vote, (world, history, r, offer, cast)))
            else:   # the offer fails: its proposer goes overboard and the next pirate leads
                made.append((vote, (world, history + ((offer, cast),), r + 1, None, ())))
        return made

    def chances(self, node: Node) -> Sequence[Fraction]:
        return [self._odds(w) for w in self._worlds()]

    def payoffs(self, node: Node) -> tuple[Fraction | int, ...]:
        _, _, r, offer, _ = node
        n = self.game.pirates
        if offer is None:   # every offer failed, the last pirate's too
            return (self.death,) * n
        return tuple(self.death if rank < offer.first else offer.share(rank) for rank in range(1, n + 1))

    def outcome(self, node: Node) -> str:
        _, _, r, offer, _ = node
        if offer is None:
            return "every pirate overboard"
        dead = f"{', '.join(pirate_name(k) for k in range(1, r))} overboard; " if r > 1 else ""
        return dead + str(offer)

    def information(self, node: Node, player: int) -> Hashable:
        world, history, r, offer, votes = node
        rank = player + 1
        heard = None if world is None else tuple(m for m, a in zip(world, self.hidden) if a.heard_by(self._agent(rank)))
        voters = self._voters(r) if offer is not None else ()
        own = votes[voters.index(rank)] if rank in voters and voters.index(rank) < len(votes) else None
        return heard, tuple((str(o), cast) for o, cast in history), r, None if offer is None else str(offer), own

    def infoset_name(self, known: tuple, player: int) -> str:
        heard, history, r, offer, _ = known
        said = [f"{self.players[player]}"]
        if heard:
            said.append("heard: " + self._world_name(heard, self._heard(player + 1)))
        for k, (o, cast) in enumerate(history, 1):
            voters = self._voters(k)
            said.append(f"round {k}: {o} voted " + " ".join(f"{pirate_name(v)}:{c}" for v, c in zip(voters, cast)))
        said.append(f"round {r}" + (f": {offer}" if offer is not None else ""))
        return "; ".join(said)

    def describe(self, node: Node) -> str:
        """A node in words, for OpenSpiel's printouts."""
        world, history, r, offer, votes = node
        if world is None:
            return "before chance says which subgroup promises were made"
        said = [self._world_name(world)] if self.hidden else []
        said += [f"round {k}: {o} failed" for k, (o, _) in enumerate(history, 1)]
        if r <= self.game.pirates:
            said.append(f"round {r}: " + (f"{offer}, votes {' '.join(votes) or 'none yet'}" if offer is not None
                                          else f"{pirate_name(r)} to offer"))
        return "; ".join(said)

    # the game's own play -----------------------------------------------------------------
    def strategy(self, node: Node) -> str:
        """The move the game's solution makes at ``node``, on the mover's knowledge."""
        world, history, r, offer, votes = node
        mover = self.turn(node)
        if mover is None or mover == CHANCE:
            raise PirateGameError("only a pirate's move has a strategy")
        rank = mover + 1
        if self.odds is not None:
            return self._weighed_move(world, history, r, offer, rank)
        solver = self.game.solver
        knowledge = self._known(world, rank)
        if offer is None:
            return str(solver.prediction(r, knowledge).offer)
        if rank == r:
            expected = DEAD
        else:
            expected = solver.prediction(r + 1, knowledge).outcome.payoff(rank)
        return YES if self.game.rules.accepts(offer.share(rank), expected) else NO

    def _weighed_move(self, world: tuple[bool, ...], history: tuple, r: int, offer: Division | None,
                      rank: int) -> str:
        """The move of a pirate who weighs the odds (see :class:`~epistemic.models.pirates.odds.OddsSolver`)."""
        assert self.odds is not None
        w = self.odds.worlds.index(world)
        odds = self.odds.odds_after(history)
        if offer is None:
            return str(self.odds.offer_of(r, odds, w))
        return self.odds.vote_of(r, odds, offer, rank, w)

    # helpers -------------------------------------------------------------------------------
    def _agent(self, rank: int):
        return self.game.solver.agent(rank)

    def _heard(self, rank: int) -> tuple[Announcement, ...]:
        return tuple(a for a in self.hidden if a.heard_by(self._agent(rank)))

    def _worlds(self) -> list[tuple[bool, ...]]:
        return list(product((True, False), repeat=len(self.hidden)))

    def _world_name(self, world: tuple[bool, ...], hidden: Sequence[Announcement] | None = None) -> str:
        hidden = self.hidden if hidden is None else hidden
        made = [f"{pirate_name(promise_in(a).maker)} promised" for m, a in zip(world, hidden) if m]
        return ", ".join(made) if made else "no subgroup promise"

    def _odds(self, world: tuple[bool, ...]) -> Fraction:
        odds = Fraction(1)
        for m in world:
            odds *= self.made if m else 1 - self.made
        return odds

    def _known(self, world: tuple[bool, ...], rank: int) -> Knowledge:
        key = (world, rank)
        known = self._knowledge.get(key)
        if known is None:
            agent = self._agent(rank)
            made = [a for m, a in zip(world, self.hidden) if m and a.heard_by(agent)]
            known = self._knowledge[key] = Knowledge.of([*self._public, *made])
        return known

    def _choices(self, world: tuple[bool, ...], r: int) -> tuple[Division, ...]:
        made = [*self._public, *(a for m, a in zip(world, self.hidden) if m)]
        for a in made:
            promised = promise_in(a)
            if promised.maker == r:
                return (promised.division,)
        return self._offers[r]

    def _voters(self, r: int) -> tuple[int, ...]:
        rules = self.game.rules
        first = r if rules.proposer_votes else r + 1
        return tuple(range(first, self.game.pirates + 1))

    def _passes(self, r: int, votes: tuple[str, ...]) -> bool:
        return votes.count(YES) >= self.game.rules.votes_needed(self.game.pirates - r + 1)
