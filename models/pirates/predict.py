"""Predictions of rounds of the pirate game: what the proposer offers, how
the voters see the next round, and how the round ends.

A prediction of round ``r`` made on knowledge ``K`` says what the proposer
``p_r`` offers, what every living voter expects from the next round, how they
vote and how the game ends.  It is one node of the
:class:`~epistemic.PredictionDAG` of a :class:`~.solver.PirateSolver`, keyed
by ``(r, K)``, where ``K`` keeps only the promises of pirates still alive in
round ``r`` (the others can no longer matter), so that predictions on
different knowledge are shared whenever they must be equal.
"""

from __future__ import annotations

import enum
from bisect import bisect_left
from collections.abc import Hashable, Iterable
from typing import cast

import attrs

from epistemic import Knowledge
from epistemic.errors import EpistemicError
from epistemic.validators import one_of

from .division import DEAD, Division, pirate_name
from .rules import Rules

__all__ = ["Prediction", "OfferSource", "View", "TieRule", "TIE_RULES", "Key", "VoterClasses", "node_key"]


class TieRule(str, enum.Enum):
    """Which of equally cheap voters a proposer buys first; the values are
    what the command line and the JSON output write."""

    LOWEST = "lowest"
    """The lowest-ranked first (the seed's rule)."""
    HIGHEST = "highest"
    """The highest-ranked first."""

    @classmethod
    def of(cls, value: TieRule | str, error: type[EpistemicError] = EpistemicError) -> TieRule:
        """The rule ``value`` names (a rule, or its value).

        >>> TieRule.of("highest")
        <TieRule.HIGHEST: 'highest'>
        """
        if isinstance(value, TieRule):
            return value
        one_of(value, TIE_RULES, "tie rule", error=error)
        return cls(value)


#: The tie rules' names, as the command line takes them.
TIE_RULES = tuple(rule.value for rule in TieRule)

Slices = tuple[tuple[tuple[int, ...], int], ...]
#: A node of the prediction DAG: a round and the knowledge the prediction is made on.
Key = tuple[int, Knowledge]
#: The voter classes of a knowledge: ``(knowledge, sorted ranks)`` per class, the
#: class index of each pirate in some private audience, and the index of everyone else's.
VoterClasses = tuple[list[tuple[Knowledge, tuple[int, ...]]], dict[int, int], int]


class OfferSource(str, enum.Enum):
    """Where a proposer's offer comes from; the values are the JSON output's
    ``offer_source``."""

    OPTIMIZED = "optimized"
    """He bought the cheapest votes he needs."""
    PROMISE = "promise"
    """He promised it."""
    ALONE = "alone"
    """He is the last pirate and takes all."""
    PROPOSER = "proposer"
    """He knows less than the prediction, so his offer comes from his own prediction."""
    UNSURE = "unsure"
    """He believes several worlds and planned on them (pirates who learn; the solver never says it)."""


@attrs.frozen
class View:
    """How a group of voters sees the next round.

    The voters are the members of ``slices`` (each a sorted tuple of ranks,
    shared between predictions, and the index of its first living member);
    ``knowledge`` is what they know, ``outcome`` the division that ends the
    game in their prediction of the next round.
    """

    knowledge: Knowledge
    outcome: Division
    slices: Slices = attrs.field(repr=False)

    def __contains__(self, rank: int) -> bool:
        return _member(self.slices, rank)

    def __len__(self) -> int:
        return _count(self.slices)

    def members(self) -> list[int]:
        """The voters' ranks, highest ranked first."""
        return sorted(r for ranks, lo in self.slices for r in ranks[lo:])

    def doomed(self) -> int:
        """How many of the voters expect to be thrown overboard next."""
        d = self.outcome.first
        return sum(bisect_left(ranks, d, lo) - lo for ranks, lo in self.slices)


@attrs.frozen
class Prediction:
    """A prediction of one round on given knowledge.

    Attributes
    ----------
    round, knowledge : the node's key; pirate ``p_round`` proposes.
    offer : the division the proposer puts to the vote.
    source : an :class:`OfferSource`: ``PROMISE`` (he promised it),
        ``OPTIMIZED`` (he bought the cheapest votes he needs), ``ALONE`` (the
        last pirate takes all) or ``PROPOSER`` (the proposer knows less than
        this prediction, so his offer comes from his own prediction on
        ``proposer_knowledge``).
    paid : ``(rank, coins)`` of the voters an optimized offer pays for.
    free_votes : voters counted on for nothing: those who expect to die,
        and under peaceful rules those who expect nothing.
    views : the voters' predictions of the next round, grouped by knowledge.
    yes, needed, accepted : the vote as this prediction sees it.
    outcome : the division that ends the game; pirates ranked above its
        ``first`` are thrown overboard.
    rules : the :class:`~epistemic.models.pirates.Rules` of the vote.
    """

    round: int
    knowledge: Knowledge
    offer: Division
    source: OfferSource
    proposer_knowledge: Knowledge
    free_votes: int
    views: tuple[View, ...]
    yes: int
    needed: int
    accepted: bool
    outcome: Division
    rules: Rules = attrs.field(default=Rules(), repr=False)

    @property
    def proposer(self) -> int:
        return self.round

    @property
    def paid(self) -> tuple[tuple[int, int], ...]:
        """``(rank, coins)`` of the voters an optimized offer pays for: every
        share but the proposer's (a bought vote costs at least one coin), made
        again from the offer rather than kept."""
        if self.source is not OfferSource.OPTIMIZED:
            return ()
        return tuple((rank, coins) for rank, coins in zip(self.offer.ranks, self.offer.amounts) if rank != self.round)

    @property
    def pirates(self) -> int:
        return self.offer.last

    def view_of(self, rank: int) -> View | None:
        """The view of voter ``rank`` (``None`` for the proposer)."""
        for view in self.views:
            if rank in view:
                return view
        if rank == self.round:
            return None
        raise EpistemicError(f"{pirate_name(rank)} does not vote in round {self.round}")

    def voter_views(self) -> dict[int, View]:
        """Every voter's view, as :meth:`voter_view` finds it, read in one pass over the views:
        for going through every voter, where :meth:`voter_view` searches the views for each."""
        found: dict[int, View] = {}
        for view in self.views:
            for rank in view.members():
                found.setdefault(rank, view)  # the first view that holds him
        return found

    def voter_view(self, rank: int) -> View:
        """The view of voter ``rank``, who must not be the proposer.

        >>> from epistemic.models.pirates import PirateSolver
        >>> p = PirateSolver(3, 3).prediction(1, Knowledge.of([]))
        >>> p.voter_view(3).members()
        [2, 3]
        >>> p.voter_view(1)
        Traceback (most recent call last):
        ...
        epistemic.errors.EpistemicError: p1 proposes in round 1: he has no view of the next round
        """
        view = self.view_of(rank)
        if view is None:
            raise EpistemicError(f"{pirate_name(rank)} proposes in round {self.round}: "
                                 f"he has no view of the next round")
        return view

    def expectation(self, rank: int) -> int:
        """What voter ``rank`` expects if the offer fails: his payoff in his
        prediction of the next round (:data:`DEAD` for the proposer)."""
        view = self.view_of(rank)
        return DEAD if view is None else view.outcome.payoff(rank)

    def votes(self, rank: int) -> bool:
        """Whether pirate ``rank`` casts a vote: every living pirate, the
        proposer only when the rules let him."""
        return rank != self.round or self.rules.proposer_votes

    def vote(self, rank: int) -> bool:
        """Yes exactly when offered strictly more than expected (at least as
        much, for a peaceful pirate); the proposer is for his own offer."""
        return self.rules.accepts(self.offer.share(rank), self.expectation(rank))


def _count(slices: Iterable[tuple[tuple[int, ...], int]]) -> int:
    return sum(len(ranks) - lo for ranks, lo in slices)


def _member(slices: Iterable[tuple[tuple[int, ...], int]], rank: int) -> bool:
    for ranks, lo in slices:
        i = bisect_left(ranks, rank, lo)
        if i < len(ranks) and ranks[i] == rank:
            return True
    return False


def node_key(key: Hashable) -> Key:
    """A key of a solver's DAG, as an explanation (a Reason's key) or the DAG's
    networkx graph hands it back."""
    # every key in the DAG is made by PirateSolver.key (solver.py), but a Reason and a networkx
    # graph type their keys only as Hashable
    return cast(Key, key)
