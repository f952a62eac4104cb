"""Generalized payoffs: each player also weighs what the other eats.

Levine and Stange's concluding remarks give Alice ``alpha_A`` times the
utilities she eats plus ``beta_A`` times Bob's utilities of what he eats,
and Bob ``alpha_B`` times Alice's utilities of what she eats plus
``beta_B`` times his own.  Centering each player's utilities to sum 0 (a
shift that changes no choice), the game is an ordinary dinner ``D'`` with
morsels ``(alpha_A a - beta_A b, beta_B b - alpha_B a)``, and crossout on
``D'`` is an equilibrium of the generalized game.  ``D'`` may have equal
utilities for a player (in the competitive game every morsel is equally
good to both), so it is made with the tie rule ``listed``.

Examples
--------
>>> from epistemic.models.dinner import Dinner
>>> dinner = Dinner([(1, 2), (2, 4), (3, 1), (4, 3)])
>>> transformed(dinner, COMPETITIVE).morsels        # a + b, centred: the temperature
((-2, -2), (1, 1), (-1, -1), (2, 2))
>>> [m for m, _ in crossout_play(dinner, COMPETITIVE)]   # by decreasing a + b
[3, 1, 2, 0]
>>> agreement(dinner, COOPERATIVE)
Agreement(states=15, movers=15, both=15)
"""

from __future__ import annotations

from fractions import Fraction

import attrs

from epistemic import BackwardInduction

from .crossout import crossout, crossout_sequence, first_mover
from .dinner import Dinner, DinnerError
from .game import MAX_SOLVED, DinnerGame, _coefficients, turn_order

__all__ = ["COMPETITIVE", "COOPERATIVE", "transformed", "altruistic_game", "crossout_play", "Agreement",
           "agreement"]

#: (alpha_A, beta_A, alpha_B, beta_B) of the zero-sum game: play by decreasing a + b.
COMPETITIVE = (1, -1, -1, 1)
#: ... and of the fully cooperative game: Alice gets the floor(n/2) morsels with the largest a - b.
COOPERATIVE = (1, 1, 1, 1)


def _two(dinner: Dinner) -> None:
    if dinner.players != 2:
        raise DinnerError(f"generalized payoffs are defined for two players, got {dinner.players}")


def transformed(dinner: Dinner, coefficients) -> Dinner:
    """The ordinary dinner ``D'`` equivalent to ``dinner`` under generalized payoffs."""
    _two(dinner)
    checked = _coefficients(coefficients)
    assert checked is not None, "generalized payoffs need their coefficients"
    alpha_a, beta_a, alpha_b, beta_b = checked
    n = dinner.size
    mean_a = Fraction(sum(m[0] for m in dinner.morsels), n)
    mean_b = Fraction(sum(m[1] for m in dinner.morsels), n)
    made = []
    for a, b in dinner.morsels:
        a, b = a - mean_a, b - mean_b
        made.append((alpha_a * a - beta_a * b, beta_b * b - alpha_b * a))
    return Dinner(made, ties="listed")


def altruistic_game(dinner: Dinner, coefficients, last: int = 1) -> DinnerGame:
    """The generalized game as a :class:`DinnerGame`, two players alternating, ``last`` moving last."""
    _two(dinner)
    return DinnerGame(dinner, turn_order(dinner.size, 2, first=first_mover(dinner.size, last)),
                      altruism=coefficients)


def crossout_play(dinner: Dinner, coefficients, last: int = 1, remaining: int | None = None
                  ) -> list[tuple[int, int]]:
    """``(morsel, eater)`` turn by turn when both play crossout on ``D'``, from ``remaining`` (a bit mask)."""
    if remaining is None:
        return list(crossout(transformed(dinner, coefficients), last).play)
    sequence = crossout_sequence(transformed(dinner, coefficients), last, remaining)
    eaters = [last if k % 2 == 0 else 1 - last for k in range(len(sequence))]
    return list(zip(reversed(sequence), reversed(eaters)))


@attrs.frozen
class Agreement:
    """At how many sub-dinners backward induction on the generalized game and crossout on
    ``D'`` give the mover the same payoff, and give both players the same payoffs."""

    states: int
    movers: int
    both: int


def agreement(dinner: Dinner, coefficients, last: int = 1) -> Agreement:
    """Compare backward induction on the generalized game with crossout on ``D'``, at every sub-dinner."""
    if dinner.size > MAX_SOLVED:
        raise DinnerError(f"backward induction solves at most {MAX_SOLVED} morsels, got {dinner.size}")
    game = altruistic_game(dinner, coefficients, last)
    solved = BackwardInduction(game)
    solved[game.start]
    n = dinner.size
    states = movers = both = 0
    for state in range(1, 1 << n):
        choice = solved[state]
        assert choice.mover is not None, "a sub-dinner that is not empty has a mover"
        played = [0] * 2
        left = state
        for morsel, _ in crossout_play(dinner, coefficients, last, state):
            for p, g in enumerate(game.gains(left, morsel)):
                played[p] += g
            left ^= 1 << morsel
        states += 1
        movers += played[choice.mover] == choice.payoffs[choice.mover]
        both += tuple(played) == choice.payoffs
    return Agreement(states, movers, both)
