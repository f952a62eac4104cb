"""Piglet for any number of players as a tree of moves (:mod:`epistemic.extensive`), for OpenSpiel.

On his turn a player flips a coin until he holds, banking the heads
flipped, or flips a tail and banks nothing; a turn takes at least one flip,
and a player whose score and turn total reach the goal holds and wins.  As
in OpenSpiel's own ``pig``, the winner gets 1 and every other player
``-1/(n-1)``, and a play of ``horizon`` moves without a winner ends in a
draw, 0 each (a game whose turns can go round for ever needs an end).

A node is ``(scores, turn total, mover, flipping, moves made)``; every
player sees all of it.  The game's own solution (:meth:`PigletTree.strategy`)
is the optimal policy of two players (:mod:`.pairs`) and the pure
equilibrium of three (:mod:`.three`, whose one-winner rewards, +2 and -1,
are these halved); more players have no solution here.

Examples
--------
>>> tree = PigletTree(players=2, goal=2)
>>> tree.moves(tree.root())
[('flip', ((0, 0), 0, 0, True, 1))]
>>> tree.strategy(((0, 0), 1, 0, False, 2))     # one head of two: hold at 1? no, flip on
'flip'
"""

from __future__ import annotations

import functools
from collections.abc import Hashable, Sequence
from fractions import Fraction
from typing import Any

from epistemic.extensive import CHANCE
from epistemic.validators import whole_number

from .pairs import solve as solve_two
from .rules import PigError, piglet
from .three import MAX_GOAL as MAX_THREE_GOAL, solve as solve_three

__all__ = ["PigletTree", "MAX_PLAYERS"]

#: The most players a game may have (its states grow as goal ** players).
MAX_PLAYERS = 8
#: The longest goal played.
MAX_GOAL = 100

Node = tuple[tuple[int, ...], int, int, bool, int]


class PigletTree:
    """Piglet of ``players`` to ``goal`` with a fair coin, ending in a draw after ``horizon`` moves."""

    action_names: tuple[str, ...] = ("flip", "hold")
    chance_names: tuple[str, ...] = ("tails", "heads")

    def __init__(self, players: int = 2, goal: int = 10, horizon: int = 1000):
        whole_number(players, "the number of players", at_least=2, at_most=MAX_PLAYERS, error=PigError)
        whole_number(goal, "the goal", at_least=1, at_most=MAX_GOAL, error=PigError)
        whole_number(horizon, "the horizon", at_least=1, error=PigError)
        self.goal, self.horizon = goal, horizon
        self.players = tuple(f"p{p + 1}" for p in range(players))
        self.title = f"Piglet to {goal}, {players} players"
        self.longest = 2 * horizon
        self.utility_range: tuple[Any, Any] = (Fraction(-1, players - 1), Fraction(1))
        self.utility_sum: Any = 0

    def root(self) -> Node:
        return (0,) * len(self.players), 0, 0, False, 0

    def turn(self, node: Node) -> int | None:
        scores, total, mover, flipping, made = node
        if max(scores) >= self.goal or made >= self.horizon:
            return None
        return CHANCE if flipping else mover

    def moves(self, node: Node) -> Sequence[tuple[str, Node]]:
        scores, total, mover, flipping, made = node
        if flipping:
            after = (mover + 1) % len(self.players)
            return [("tails", (scores, 0, after, False, made)), ("heads", (scores, total + 1, mover, False, made))]
        flip = ("flip", (scores, total, mover, True, made + 1))
        if total == 0:   # a turn takes at least one flip
            return [flip]
        banked = scores[:mover] + (scores[mover] + total,) + scores[mover + 1:]
        hold = ("hold", (banked, 0, (mover + 1) % len(self.players), False, made + 1))
        return [hold] if scores[mover] + total >= self.goal else [flip, hold]

    def chances(self, node: Node) -> Sequence[Fraction]:
        return [Fraction(1, 2), Fraction(1, 2)]

    def payoffs(self, node: Node) -> tuple[Fraction, ...]:
        scores = node[0]
        n = len(self.players)
        won = [p for p in range(n) if scores[p] >= self.goal]
        if not won:
            return (Fraction(0),) * n
        return tuple(Fraction(1) if p == won[0] else Fraction(-1, n - 1) for p in range(n))

    def information(self, node: Node, player: int) -> Hashable:
        return node   # every player sees the scores, the turn total and the coin

    def describe(self, node: Node) -> str:
        """The state without the count of moves, which matters only at the horizon: OpenSpiel's
        value iteration keys states by this text, so that a turn that goes round is one cycle."""
        scores, total, mover, flipping, made = node
        return (f"scores {' '.join(map(str, scores))}, {self.players[mover]} has {total} this turn"
                + (", flipping" if flipping else ""))

    # the game's own solution -------------------------------------------------------------
    def strategy(self, node: Node) -> str:
        """The move our solution makes at ``node``: flip on until the hold value is reached."""
        scores, total, mover, _, _ = node
        labels = [label for label, _ in self.moves(node)]
        if len(labels) == 1:
            return labels[0]
        n = len(self.players)
        if n == 2:
            return "hold" if self._two().holds[scores[mover], scores[1 - mover], total] else "flip"
        if n == 3:
            need = tuple(self.goal - scores[(mover + k) % 3] for k in range(3))
            holds = self._three()[need].holds
            if holds is None:
                raise PigError(f"three-player Piglet has no pure equilibrium at {need}")
            return "hold" if total >= holds[0] else "flip"
        raise PigError(f"Piglet is solved here for two and three players, not {n}")

    def values(self) -> tuple[Any, ...]:
        """What each player expects from the start under our solution, in these payoffs."""
        n = len(self.players)
        if n == 2:
            p = self._two().win_probability
            return 2 * p - 1, 1 - 2 * p
        if n == 3:
            gains = self._three()[(self.goal,) * 3].gains
            if gains is None:
                raise PigError("three-player Piglet has no pure equilibrium at the start")
            return tuple(g / 2 for g in gains)
        raise PigError(f"Piglet is solved here for two and three players, not {n}")

    @functools.cache
    def _two(self):
        return solve_two(piglet(self.goal))

    @functools.cache
    def _three(self):
        if self.goal > MAX_THREE_GOAL:
            raise PigError(f"three-player Piglet is solved up to the goal {MAX_THREE_GOAL}, not {self.goal}")
        return solve_three(self.goal, 0.5)
