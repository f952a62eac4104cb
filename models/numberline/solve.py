"""The number-line game solved by backward induction, and its optimal play.

Examples
--------
The seed's answer for 3 players on stacks 1 to 10: p1 takes 5, p2 9, p3 8.

>>> from epistemic.models.numberline import NumberLine
>>> play = solve(NumberLine.with_stacks(10))
>>> play.placed, [str(v) for v in play.payoffs]
((5, 9, 8), ['21', '19', '15'])
>>> play.advantage
Fraction(4, 1)
>>> play.tie_points()
[]
"""

from __future__ import annotations

from collections.abc import Callable
from fractions import Fraction

import attrs

from epistemic import BackwardInduction, Reason

from .game import MAX_STATES, NumberLine, NumberLineError, name, number

__all__ = ["Solution", "solve", "name", "number", "advantage", "explain", "taken"]


def advantage(payoffs: tuple[Fraction, ...]) -> Fraction:
    """What going first is worth: p1's payoff less the average of the others'.

    >>> advantage((Fraction(21), Fraction(19), Fraction(15)))
    Fraction(4, 1)
    """
    others = payoffs[1:]
    return payoffs[0] - Fraction(sum(others), len(others))


@attrs.frozen
class Solution:
    """A solved game and its optimal play.

    Attributes
    ----------
    game : the game.
    solved : the :class:`~epistemic.BackwardInduction` it was solved with.
    placed : where each player puts her token on the optimal play, p1's first.
    payoffs : what each player gets, in the stacks' money.
    tied : for each player, every position as good for her as the one she
        takes, at her turn on the optimal play (the one taken among them).
    tie_states : how many solved states offer their mover more than one best place.
    """

    game: NumberLine
    solved: BackwardInduction = attrs.field(eq=False, repr=False)
    placed: tuple[Fraction | int, ...]
    payoffs: tuple[Fraction, ...]
    tied: tuple[tuple[Fraction | int, ...], ...]
    tie_states: int

    @property
    def advantage(self) -> Fraction:
        """What going first is worth: p1's payoff less the average of the others'."""
        return advantage(self.payoffs)

    def tie_points(self) -> list[tuple[Fraction | int, ...]]:
        """The moves so far at each turn of the optimal play whose mover had more
        than one best place (the seed prints them as ``Tie at [...]``)."""
        return [self.placed[:turn] for turn, tied in enumerate(self.tied) if len(tied) > 1]


def solve(game: NumberLine, *, progress: Callable[[int], None] | None = None,
          max_states: int = MAX_STATES) -> Solution:
    """Solve ``game`` from the empty line, checking its size first.

    Every state is one node of the prediction DAG, keyed by the places
    taken; a state's payoffs are by place, so it is solved once however many
    orders of play lead to it.
    """
    why = game.too_large(max_states)
    if why:
        raise NumberLineError(f"{why}: ask for fewer players or stacks")
    solved: BackwardInduction[int, int] = BackwardInduction(game, progress=progress)
    path = solved.play(0)
    end = path[-1]
    places = [c.move for c in path[:-1] if c.move is not None]
    tie_states = sum(1 for state in solved.dag.keys() if len(solved[state].ties) > 1)
    return Solution(game, solved, tuple(game.position(p) for p in places),
                    tuple(Fraction(end.payoffs[p], game.scale) for p in places),
                    tuple(tuple(sorted(game.position(p) for p in c.ties)) for c in path[:-1]), tie_states)


def explain(solution: Solution, depth: int = 6) -> Reason:
    """Why p1 places her token where she does, in the stacks' money.

    >>> from epistemic.models.numberline import NumberLine
    >>> why = explain(solve(NumberLine.with_stacks(5, players=2, clock=True)), depth=1)
    >>> print(why.to_text())
    p1 places her token on 4  (p1 gets 8)
      if p1 places her token on 1 instead  (p1 gets 4.5)
      if p1 places her token on 2 instead  (p1 gets 4.5)
      if p1 places her token on 3 instead  (p1 gets 5.5)
      if p1 places her token on 5 instead  (p1 gets 7)
    """
    game = solution.game
    word = "on" if game.grid == 1 else "at"

    def says(state: int, move: int) -> str:
        return f"places her token {word} {number(game.position(move))}"
    why = solution.solved.explain(0, name=name, says=says, depth=depth)
    return _in_money(why, game)


def taken(game: NumberLine, state: int) -> tuple[Fraction | int, ...]:
    """Where the tokens of ``state`` lie, lowest first.

    >>> game = NumberLine.with_stacks(10)
    >>> taken(game, game.taken([9, 5]))
    (5, 9)
    """
    places = []
    while state:  # the taken places, lowest first, in as many steps as tokens
        low = state & -state
        places.append(game.position(low.bit_length() - 1))
        state ^= low
    return tuple(places)


def _in_money(why: Reason, game: NumberLine) -> Reason:
    """``why`` with its numbers, kept in units of ``1/scale``, turned to money, and
    its keys, the bitmasks of places taken, turned to the positions taken; a
    number that is not whole is written into its claim, as the core does."""
    scale = game.scale
    order, seen, stack = [], set(), [(why, False)]
    while stack:  # each shared reason once, after every reason it rests on
        reason, ready = stack.pop()
        if ready:
            order.append(reason)
        elif id(reason) not in seen:
            seen.add(id(reason))
            stack.append((reason, True))
            stack.extend((child, False) for child in reason.because)
    made: dict[int, Reason] = {}
    for reason in order:
        values, claim = [], reason.claim
        for label, value in reason.values:
            money = Fraction(value, scale)
            if money.denominator == 1:
                values.append((label, int(money)))
            else:
                claim = f"{claim}  ({label} {number(money)})"
        key = reason.key if not isinstance(reason.key, int) else taken(game, reason.key)
        made[id(reason)] = attrs.evolve(reason, claim=claim, values=values, key=key,
                                        because=[made[id(child)] for child in reason.because])
    return made[id(why)]
