"""The rules of a jeopardy race game: a goal, and the random step of a turn.

Piglet (Neller and Presser 2004) flips a coin: heads adds 1 to the turn
total, tails busts.  Pig rolls a die: a 1 busts, any other face adds its
value.  Both are the same game with a different step, so one value
describes them: the goal and the distribution of the step, a bust being a
step of 0.

Examples
--------
>>> piglet(10).outcomes
((1, Fraction(1, 2)),)
>>> pig(100).bust
Fraction(1, 6)
>>> piglet(10, p="2/3").name
'Piglet'
>>> pig(0)
Traceback (most recent call last):
...
epistemic.models.pig.rules.PigError: the goal must be at least 1, got 0
"""

from __future__ import annotations

import re
from fractions import Fraction
from typing import Any

import attrs

from epistemic import EpistemicError
from epistemic.validators import whole_number

__all__ = ["PigError", "Jeopardy", "piglet", "pig", "probability", "MAX_GOAL", "MAX_SIDES"]

#: The largest goal taken: the solver keeps goal ** 2 turn-start values and
#: goal ** 3 decisions in memory.
MAX_GOAL = 300
#: The most faces a die may have.
MAX_SIDES = 100
#: How a probability may be written: a decimal or a fraction, no exponent.
_PROBABILITY = re.compile(r"[0-9]+(\.[0-9]+)?(/[0-9]+)?|\.[0-9]+")


class PigError(EpistemicError):
    """Bad parameters of a jeopardy game."""


def probability(value: Any, what: str = "the probability of heads") -> Fraction:
    """``value`` (a number or text such as ``'1/2'`` or ``'0.45'``) as an exact
    probability strictly between 0 and 1.

    >>> probability("0.45")
    Fraction(9, 20)
    >>> probability(1)
    Traceback (most recent call last):
    ...
    epistemic.models.pig.rules.PigError: the probability of heads must be strictly between 0 and 1, got 1
    """
    if isinstance(value, str):
        text = value.strip()
        if len(text) > 40 or not _PROBABILITY.fullmatch(text):
            raise PigError(f"{what} must be a number such as 1/2 or 0.45, got {value!r}")
        try:
            exact = Fraction(text)
        except ZeroDivisionError:
            raise PigError(f"{what} must be a number such as 1/2 or 0.45, got {value!r}") from None
    elif isinstance(value, (int, Fraction)) and not isinstance(value, bool):
        exact = Fraction(value)
    elif isinstance(value, float):
        exact = Fraction(value)
    else:
        raise PigError(f"{what} must be a number such as 1/2 or 0.45, got {value!r}")
    if not 0 < exact < 1:
        raise PigError(f"{what} must be strictly between 0 and 1, got {value}")
    return exact


def _outcomes(value: Any) -> tuple[tuple[int, Fraction], ...]:
    return tuple((int(gain), Fraction(chance)) for gain, chance in value)


def _check_outcomes(instance: Jeopardy, attribute: Any, value: tuple[tuple[int, Fraction], ...]) -> None:
    if not value:
        raise PigError("a turn's step must have at least one outcome that adds points")
    if any(gain < 1 or chance <= 0 for gain, chance in value):
        raise PigError("each outcome of a step must add at least 1 point with a positive chance")
    if len({gain for gain, _ in value}) != len(value):
        raise PigError("each gain of a step must be listed once")
    if not 0 < sum(chance for _, chance in value) < 1:
        raise PigError("the chances of the outcomes that add points must sum to strictly between 0 and 1")


def _check_goal(instance: Jeopardy, attribute: Any, value: int) -> None:
    whole_number(value, "the goal", at_least=1, at_most=MAX_GOAL, error=PigError)


@attrs.frozen
class Jeopardy:
    """A two-player jeopardy race: first to ``goal`` points wins.

    Each turn the player repeats a random step until he holds, banking the
    turn total, or busts, losing it.  ``outcomes`` lists the steps that add
    points, as ``(gain, chance)``; the rest of the chance is the bust.
    A turn must take at least one step.

    Parameters
    ----------
    goal : int
        The score that wins.
    outcomes : tuple of (int, Fraction)
        The gains of a step and their chances.
    name : str
        What the game is called in reports.
    """

    goal: int = attrs.field(validator=_check_goal)
    outcomes: tuple[tuple[int, Fraction], ...] = attrs.field(converter=_outcomes, validator=_check_outcomes)
    name: str = "jeopardy"

    @property
    def bust(self) -> Fraction:
        """The chance that a step busts."""
        return 1 - sum((chance for _, chance in self.outcomes), Fraction(0))

    @property
    def largest_gain(self) -> int:
        """The most points one step adds."""
        return max(gain for gain, _ in self.outcomes)

    def describe(self) -> str:
        """The rules in one line.

        >>> pig(100).describe()
        'Pig to 100 with a 6-sided die (a 1 busts)'
        >>> piglet(10).describe()
        'Piglet to 10 with a coin of heads 1/2 (tails busts)'
        """
        if self.name == "Piglet" and len(self.outcomes) == 1:
            return f"Piglet to {self.goal} with a coin of heads {self.outcomes[0][1]} (tails busts)"
        if self.name == "Pig":
            return f"Pig to {self.goal} with a {len(self.outcomes) + 1}-sided die (a 1 busts)"
        steps = ", ".join(f"+{gain} with {chance}" for gain, chance in self.outcomes)
        return f"{self.name} to {self.goal}: {steps}, else bust"


def piglet(goal: int = 10, p: Any = Fraction(1, 2)) -> Jeopardy:
    """Piglet: a coin of heads probability ``p``; heads adds 1, tails busts."""
    return Jeopardy(_goal(goal), ((1, probability(p)),), "Piglet")


def pig(goal: int = 100, sides: int = 6) -> Jeopardy:
    """Pig: a fair die of ``sides`` faces; a 1 busts, any other face adds its value."""
    goal = _goal(goal)
    whole_number(sides, "the number of sides of the die", at_least=2, at_most=MAX_SIDES, error=PigError)
    return Jeopardy(goal, tuple((face, Fraction(1, sides)) for face in range(2, sides + 1)), "Pig")


def _goal(goal: Any) -> int:
    return whole_number(goal, "the goal", at_least=1, at_most=MAX_GOAL, error=PigError)
