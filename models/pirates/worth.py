"""How a pirate who weighs odds weighs uncertain outcomes: his chance to survive, then his
expected coins, or expected worth with death worth a number of coins (:class:`Worth`)."""

from __future__ import annotations

import re
from collections.abc import Sequence
from fractions import Fraction
from math import ceil, floor

import attrs

from .division import Division
from .game import PirateGameError

__all__ = ["Worth", "Fate", "fate", "parse_death_value"]

#: A pirate's fate: (1 if he lives else 0, the coins he gets).
Fate = tuple[int, int]


def fate(outcome: Division | None, rank: int) -> Fate:
    """Whether pirate ``rank`` lives and his coins, once ``outcome`` passed
    (``None``: every pirate overboard)."""
    if outcome is None or rank < outcome.first:
        return 0, 0
    return 1, outcome.share(rank)


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
        """The worth of ``fates`` weighed by ``weights`` (which sum to 1)."""
        alive = sum((w * f[0] for f, w in zip(fates, weights) if w), Fraction(0))
        coins = sum((w * f[1] for f, w in zip(fates, weights) if w), Fraction(0))
        return self.of(alive, coins)

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
