"""The crossout strategy of Kohler and Chandrasekaran (1971), as Levine and Stange draw it.

"Eat your opponent's least favourite morsel on your own last move."  If
Bob moves last, he will eat Alice's least favourite morsel ``m1``; cross it
out, and in what is left Alice moves last and will eat Bob's least
favourite ``m2``; and so on.  ``m_i`` is the least favourite, among the
morsels left, of the player who does *not* eat it.  Both players playing
crossout eat the morsels in the reverse of the crossout sequence, and the
crossout strategy ``c(D)`` is the last morsel crossed out.

The sequence takes one sort of each player's preferences and a walk of two
pointers over them: ``O(n log n)`` for ``n`` morsels.

Examples
--------
The introduction's dinner, with Alice moving first and last: she does best
by eating (2, 3) first and (3, 1) for dessert, 5 against greedy play's 4.

>>> from epistemic.models.dinner import Dinner
>>> dinner = Dinner([(1, 2), (2, 3), (3, 1)])
>>> played = crossout(dinner, last=0)
>>> [dinner.morsels[m] for m in played.sequence]
[(3, 1), (1, 2), (2, 3)]
>>> played.play, played.scores
(((1, 0), (0, 1), (2, 0)), (5, 2))
>>> greedy(dinner, first=0).scores
(4, 3)
"""

from __future__ import annotations

from collections.abc import Sequence

import attrs

from .dinner import Dinner, DinnerError, Utility

__all__ = ["Crossout", "Greedy", "crossout", "crossout_sequence", "crossout_choice", "greedy", "last_mover",
           "first_mover"]


def _two_players(dinner: Dinner, what: str) -> None:
    if dinner.players != 2:
        raise DinnerError(f"{what} is defined for two players, got {dinner.players}")


def last_mover(size: int, first: int) -> int:
    """Who moves last when two players alternate from ``first`` over ``size`` morsels.

    >>> last_mover(3, 0), last_mover(4, 0)
    (0, 1)
    """
    return first if size % 2 == 1 else 1 - first


def first_mover(size: int, last: int) -> int:
    """Who moves first when two players alternate over ``size`` morsels and ``last`` moves last.

    >>> first_mover(8, 1), first_mover(7, 1)
    (0, 1)
    """
    return last if size % 2 == 1 else 1 - last


def crossout_sequence(dinner: Dinner, last: int = 1, remaining: int | None = None) -> tuple[int, ...]:
    """The crossout sequence ``m1, m2, ...`` as morsel indices.

    Parameters
    ----------
    dinner : Dinner
        Two players.
    last : int
        Who moves last (0 Alice, 1 Bob, the paper's convention): he eats ``m1``.
    remaining : int, optional
        The sub-dinner, as a bit mask of morsel indices (bit ``i`` for morsel
        ``i``); all the morsels by default.

    Examples
    --------
    >>> dinner = Dinner([(1, 8), (2, 3), (3, 6), (4, 4), (5, 1), (6, 2), (7, 5), (8, 7)])
    >>> crossout_sequence(dinner)
    (0, 4, 1, 5, 2, 3, 6, 7)
    >>> crossout_sequence(dinner, remaining=0b11110000)
    (4, 5, 6, 7)
    """
    _two_players(dinner, "crossout")
    if last not in (0, 1):
        raise DinnerError(f"the player moving last is 0 (Alice) or 1 (Bob), got {last!r}")
    if remaining is None:
        preference: Sequence[Sequence[int]] = dinner.preference
    else:
        preference = [[i for i in order if remaining >> i & 1] for order in dinner.preference]
    count = len(preference[0])
    crossed = bytearray(dinner.size)
    pointer = [0, 0]
    sequence = []
    eater = last
    for _ in range(count):
        judge = 1 - eater              # the morsel is the least favourite of the one who does not eat it
        order, at = preference[judge], pointer[judge]
        while crossed[order[at]]:
            at += 1
        morsel = order[at]
        pointer[judge] = at + 1
        crossed[morsel] = 1
        sequence.append(morsel)
        eater = judge
    return tuple(sequence)


def crossout_choice(dinner: Dinner, remaining: int, last: int = 1) -> int:
    """The crossout strategy ``c(S)``: the morsel the mover eats from the sub-dinner
    ``remaining`` (a bit mask), the last one crossed out.

    >>> crossout_choice(Dinner([(1, 2), (2, 3), (3, 1)]), 0b111, last=0)
    1
    """
    if remaining <= 0 or remaining >> dinner.size:
        raise DinnerError(f"a sub-dinner is a non-empty set of the {dinner.size} morsels, got the mask {remaining}")
    return crossout_sequence(dinner, last, remaining)[-1]


@attrs.frozen
class Crossout:
    """Both players playing crossout.

    Attributes
    ----------
    dinner : Dinner
    last : int
        Who moves last.
    sequence : tuple of int
        The crossout sequence ``m1, m2, ...`` (morsel indices).
    labels : tuple of (int, int)
        The crossout board: ``(morsel, player)`` for each label ``1, 2, ...``,
        the player on whose axis the label stands (whose least favourite it was).
    play : tuple of (int, int)
        The order of play: ``(morsel, player who eats it)``, first turn first.
    scores : tuple
        What each player gets, exactly.
    """

    dinner: Dinner
    last: int
    sequence: tuple[int, ...]
    labels: tuple[tuple[int, int], ...]
    play: tuple[tuple[int, int], ...]
    scores: tuple[Utility, ...]


def crossout(dinner: Dinner, last: int = 1) -> Crossout:
    """Both players playing crossout on ``dinner``, ``last`` moving last (Bob by default).

    >>> dinner = Dinner([(1, 8), (2, 3), (3, 6), (4, 4), (5, 1), (6, 2), (7, 5), (8, 7)])
    >>> crossout(dinner).scores
    (23, 22)
    """
    sequence = crossout_sequence(dinner, last)
    eaters = [last if k % 2 == 0 else 1 - last for k in range(len(sequence))]
    labels = tuple((m, 1 - p) for m, p in zip(sequence, eaters))
    play = tuple(zip(reversed(sequence), reversed(eaters)))
    morsels = dinner.morsels
    # the last mover eats the 1st, 3rd, ... morsels crossed out, the other the 2nd, 4th, ...
    scores: list[Utility] = [0, 0]
    scores[last] = sum(morsels[m][last] for m in sequence[::2])
    scores[1 - last] = sum(morsels[m][1 - last] for m in sequence[1::2])
    return Crossout(dinner, last, sequence, labels, play, tuple(scores))


@attrs.frozen
class Greedy:
    """Both players eating their favourite morsel left at every turn.

    ``play`` is ``(morsel, player)`` in the order eaten, ``scores`` what each gets.
    """

    play: tuple[tuple[int, int], ...]
    scores: tuple[Utility, ...]


def greedy(dinner: Dinner, first: int = 0) -> Greedy:
    """Greedy play, two players alternating from ``first``: each eats his favourite left.

    >>> greedy(Dinner([(1, 5), (2, 1), (3, 2), (4, 4), (5, 6), (6, 3)])).scores
    (13, 12)
    """
    _two_players(dinner, "greedy play")
    eaten = bytearray(dinner.size)
    pointer = [dinner.size - 1, dinner.size - 1]
    play = []
    scores: list[Utility] = [0, 0]
    player = first
    for _ in range(dinner.size):
        order, at = dinner.preference[player], pointer[player]
        while eaten[order[at]]:
            at -= 1
        morsel = order[at]
        pointer[player] = at - 1
        eaten[morsel] = 1
        play.append((morsel, player))
        scores[player] += dinner.morsels[morsel][player]
        player = 1 - player
    return Greedy(tuple(play), tuple(scores))
