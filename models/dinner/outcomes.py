"""The data of Levine and Stange's pictures: every outcome's scores, what a player can reach
against crossout, and the crossout board.

Figure 1 plots, for one dinner, the score pair of every outcome (dark
dots), the pairs Alice can reach playing anything against Bob's crossout
(light dots) and the crossout point; Figures 2 and 4 draw the crossout
board, the crossout sequence as labels on the players' axes and the order
of play.  These functions give that data; drawing it is left to
:mod:`epistemic.visualize`.

Examples
--------
>>> from epistemic.models.dinner import Dinner
>>> dinner = Dinner([(1, 2), (2, 3), (3, 1)])
>>> outcome_scores(dinner, last=0)
((3, 1), (4, 3), (5, 2))
>>> against_crossout(dinner, 0, last=0)
((4, 3), (5, 2))
>>> board(dinner, last=0)
{'labels': [(2, 1), (0, 0), (1, 1)], 'play': [(1, 0), (0, 1), (2, 0)], 'crossout': (5, 2)}
"""

from __future__ import annotations

from fractions import Fraction

from .crossout import crossout, crossout_choice
from .dinner import Dinner, DinnerError, Utility
from .efficiency import MAX_OUTCOMES, _scaled, outcome_matrix

__all__ = ["outcome_scores", "against_crossout", "board", "MAX_REACHED"]

#: The most morsels for :func:`against_crossout`: the states grow as ``3**n``.
MAX_REACHED = 16


def _exact(value: int, common: int) -> Utility:
    return value // common if value % common == 0 else Fraction(value, common)


def outcome_scores(dinner: Dinner, last: int = 1) -> tuple[tuple[Utility, Utility], ...]:
    """Every distinct ``(Alice's score, Bob's score)`` of an outcome, sorted: each partition
    in which the players eat as many morsels as alternating turns, ``last`` moving last, give them."""
    if dinner.players != 2 or dinner.size > MAX_OUTCOMES:
        raise DinnerError(f"outcomes are listed for two players and at most {MAX_OUTCOMES} morsels, "
                          f"got {dinner.players} players and {dinner.size} morsels")
    a, b, common = _scaled(dinner)
    alice_eats = dinner.size // 2 if last == 1 else (dinner.size + 1) // 2
    rows = outcome_matrix(dinner.size, alice_eats).astype(a.dtype)
    pairs = set(zip((rows @ a).tolist(), ((1 - rows) @ b).tolist()))
    return tuple((_exact(x, common), _exact(y, common)) for x, y in sorted(pairs))


def against_crossout(dinner: Dinner, player: int, last: int = 1) -> tuple[tuple[Utility, Utility], ...]:
    """The score pairs reachable when ``player`` eats anything and his rival plays crossout, sorted.

    Found level by level over ``(morsels left, morsels Alice ate)``, so each
    reachable position is expanded once.
    """
    if dinner.players != 2 or dinner.size > MAX_REACHED:
        raise DinnerError(f"reachable outcomes are listed for two players and at most {MAX_REACHED} morsels, "
                          f"got {dinner.players} players and {dinner.size} morsels")
    if player not in (0, 1):
        raise DinnerError(f"the player is 0 (Alice) or 1 (Bob), got {player!r}")
    n = dinner.size
    level = {((1 << n) - 1, 0)}
    for turn in range(n):
        mover = last if (n - turn) % 2 == 1 else 1 - last
        following = set()
        for left, alice in level:
            if mover == player:
                choices = [i for i in range(n) if left >> i & 1]
            else:
                choices = [crossout_choice(dinner, left, last)]
            for i in choices:
                following.add((left ^ (1 << i), alice | (1 << i) if mover == 0 else alice))
        level = following
    pairs = set()
    for _, alice in level:
        pairs.add((sum(dinner.morsels[i][0] for i in range(n) if alice >> i & 1),
                   sum(dinner.morsels[i][1] for i in range(n) if not alice >> i & 1)))
    return tuple(sorted(pairs))


def board(dinner: Dinner, last: int = 1) -> dict:
    """The crossout board: ``labels``, ``(morsel, player on whose axis the label stands)`` for
    labels 1, 2, ...; ``play``, ``(morsel, player who eats it)`` turn by turn; ``crossout``, the scores."""
    played = crossout(dinner, last)
    return {"labels": list(played.labels), "play": list(played.play), "crossout": played.scores}
