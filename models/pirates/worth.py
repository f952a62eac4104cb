"""How a pirate who weighs odds weighs uncertain outcomes: his chance to survive, then his
expected coins, or expected worth with death worth a number of coins (:class:`Worth`); and what
that makes his vote cost (:class:`VoterPrices`)."""

from __future__ import annotations

import heapq
import re
from collections.abc import Sequence
from fractions import Fraction
from itertools import islice
from math import ceil, floor, lcm

import attrs

from .division import Division
from .game import PirateGameError

__all__ = ["Worth", "VoterPrices", "Fate", "fate", "expectation", "parse_death_value"]

#: A pirate's fate: (1 if he lives else 0, the coins he gets).
Fate = tuple[int, int]


def fate(outcome: Division | None, rank: int) -> Fate:
    """Whether pirate ``rank`` lives and his coins, once ``outcome`` passed
    (``None``: every pirate overboard)."""
    if outcome is None or rank < outcome.first:
        return 0, 0
    return 1, outcome.share(rank)


def expectation(fates: Sequence[Fate], weights: Sequence[Fraction]) -> tuple[Fraction, Fraction]:
    """The chance to live and the expected coins of ``fates`` weighed by ``weights``.

    Examples
    --------
    >>> expectation([(1, 2), (0, 0), (1, 0)], [Fraction(1, 2), Fraction(1, 3), Fraction(1, 6)])
    (Fraction(2, 3), Fraction(1, 1))
    """
    # on whole numbers over one denominator: the solver weighs millions of fates, and adding
    # Fractions one by one reduces each sum along the way
    scale = lcm(*(w.denominator for w in weights))
    alive = coins = 0
    for (lives, got), w in zip(fates, weights):
        if lives and w:
            part = w.numerator * (scale // w.denominator)
            alive += part
            coins += part * got
    return Fraction(alive, scale), Fraction(coins, scale)


@attrs.frozen
class Worth:
    """How a pirate weighs uncertain outcomes.

    Parameters
    ----------
    death : Fraction, optional
        ``None`` (the default): a pirate first maximizes his chance to
        survive and then his expected coins.  A number below 0: death is
        worth that many coins, and he maximizes his expected worth.

    Examples
    --------
    >>> Worth().of(Fraction(1, 2), 3) < Worth().of(1, 0)
    True
    >>> Worth(Fraction(-10)).of(Fraction(1, 2), 3)   # 3 coins, half a chance of -10
    (Fraction(-2, 1),)
    """

    death: Fraction | None = attrs.field(default=None, converter=attrs.converters.optional(Fraction))

    @death.validator
    def _below_nothing(self, attribute, value) -> None:
        if value is not None and value >= 0:
            raise PirateGameError(f"death is worth less than no coins: give a value below 0, got {value}")

    def of(self, alive: Fraction | int, coins: Fraction | int) -> tuple[Fraction, ...]:
        """The worth of living with chance ``alive`` and expecting ``coins`` (0 coins when dead), as a
        tuple that compares as the pirate prefers: ``(alive, coins)``, or ``(worth,)`` with death's worth."""
        if self.death is None:
            return Fraction(alive), Fraction(coins)
        return (coins + (1 - alive) * self.death,)

    def expected(self, fates: Sequence[Fate], weights: Sequence[Fraction]) -> tuple[Fraction, ...]:
        """The worth of ``fates`` weighed by ``weights`` (which sum to 1).

        Examples
        --------
        >>> Worth(-2).expected([(1, 3), (0, 0)], [Fraction(3, 4), Fraction(1, 4)])   # 9/4 - 2/4
        (Fraction(7, 4),)
        """
        if self.death is None:
            return expectation(fates, weights)
        # as expectation does, on whole numbers: a dead pirate's share of the weight is worth death
        dies, per = self.death.numerator, self.death.denominator
        scale = lcm(*(w.denominator for w in weights))
        total = 0
        for (lives, got), w in zip(fates, weights):
            if w:
                total += w.numerator * (scale // w.denominator) * (got * per if lives else dies)
        return (Fraction(total, scale * per),)

    def threshold(self, alive: Fraction, coins: Fraction, strict: bool) -> int:
        """The fewest coins a voter must be offered to vote yes, when failing
        the offer leaves him ``alive`` and ``coins`` in expectation: more than
        that is worth (at least as much if not ``strict``)."""
        if self.death is None:
            if alive < 1:
                return 0   # living beats any chance of dying
            worth = coins
        else:
            worth = coins + (1 - alive) * self.death
        if worth < 0:
            return 0
        return floor(worth) + 1 if strict else ceil(worth)


@attrs.frozen
class VoterPrices:
    """What each voter outside the subgroup must be offered to vote yes, in one vote.

    Most voters are alike: ranked below every proposer the worlds may bring next and paid by
    none of them, they expect to live with nothing, and share one ``plain`` price.  Only the
    others are priced one by one (``special``), so that a state of a hundred thousand pirates
    holds a few numbers, not a price per pirate.  Voters ranked above ``lowest`` die in every
    world if the offer fails, and vote yes to anything.
    """

    special: dict[int, int]
    plain: int
    lowest: int
    skipped: frozenset[int]   # the voters who are not outsiders: the proposer and the insiders
    last: int
    free: int                 # outsiders who vote yes to anything

    def price(self, rank: int) -> int:
        """The fewest coins that buy outsider ``rank``'s vote (0: he votes yes to anything)."""
        if rank < self.lowest:
            return 0
        return self.special.get(rank, self.plain)

    def cheapest(self, most: int, lowest_first: bool) -> list[tuple[int, int, int]]:
        """At most ``most`` voters who want coins, as ``(price, tie, rank)`` in the order they are
        bought: cheapest first, equal prices by the tie rule."""
        sign = -1 if lowest_first else 1
        special = sorted((t, sign * v, v) for v, t in self.special.items() if t)
        if not self.plain:
            return special[:most]
        ranks = range(self.last, self.lowest - 1, -1) if lowest_first else range(self.lowest, self.last + 1)
        plain = ((self.plain, sign * v, v) for v in ranks if v not in self.special and v not in self.skipped)
        return list(islice(heapq.merge(special, plain), most))



_DEATH = re.compile(r"\s*(-\s*\d{1,12}(?:\s*/\s*\d{1,12}|\.\d{1,12})?)\s*")


def parse_death_value(text: str) -> Fraction:
    """The worth of death in coins, a number below 0 written as a whole number, a fraction or a
    decimal of at most 12 digits on each side.

    >>> parse_death_value("-1"), parse_death_value("-5/2"), parse_death_value("-0.5")
    (Fraction(-1, 1), Fraction(-5, 2), Fraction(-1, 2))
    >>> parse_death_value("2")
    Traceback (most recent call last):
    ...
    epistemic.models.pirates.game.PirateGameError: death is worth less than no coins: give a number below 0 such as -1 or -5/2, got '2'
    """
    found = _DEATH.fullmatch(text) if isinstance(text, str) and len(text) <= 40 else None
    shown = text if isinstance(text, str) and len(text) <= 40 else f"{str(text)[:40]}..."
    value = None
    if found is not None:
        try:
            value = Fraction(found.group(1).replace(" ", ""))
        except ZeroDivisionError:
            value = None
    if value is None or value >= 0:
        raise PirateGameError(f"death is worth less than no coins: give a number below 0 such as -1 or -5/2, "
                              f"got {shown!r}")
    return value
