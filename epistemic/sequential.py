"""Sequential games of perfect information, solved by backward induction.

A game describes its states: who moves at a state (``mover``), the moves
there and the states they lead to (``moves``), what each player gets when
the game ends (``payoffs``) and, optionally, what a move itself gives each
player (``gains``) and which entry of the payoffs a move is worth to the
mover (``stake``).  :class:`BackwardInduction` solves it as a
:class:`~epistemic.PredictionDAG` keyed by the state: at each state the
mover predicts what follows every move he can make (predictions of
predictions, shared by all the states that lead to the same one) and makes
the move that gives him the most.  That is subgame-perfect play, and it
runs on the DAG's explicit stack, so a game may be as long as memory allows.

Examples
--------
A race to 4: two players take turns adding 1 or 2 to a counter that starts
at 0; whoever brings it to exactly 4 wins.  The first player adds 1, leaving
his rival at 1, from where any move can be answered by reaching 4.

>>> class RaceToFour:
...     def mover(self, state):
...         total, player = state
...         return None if total == 4 else player
...     def moves(self, state):
...         total, player = state
...         return [(step, (total + step, 1 - player)) for step in (1, 2) if total + step <= 4]
...     def payoffs(self, state):
...         total, player = state            # the player to move lost: the other reached 4
...         return (0, 1) if player == 0 else (1, 0)
>>> solved = BackwardInduction(RaceToFour())
>>> [(c.mover, c.move) for c in solved.play((0, 0)) if c.mover is not None]
[(0, 1), (1, 1), (0, 2)]
>>> solved[(0, 0)].payoffs
(1, 0)
"""

from __future__ import annotations

from collections.abc import Callable, Generator, Hashable, Iterable, Sequence
from operator import add
from typing import TYPE_CHECKING, Any, Generic, Protocol, TypeVar, runtime_checkable

import attrs

from .dag import PredictionDAG
from .errors import EpistemicError
from .explanation import Reason
from .validators import is_whole, whole_number

if TYPE_CHECKING:
    import networkx as nx

__all__ = ["SequentialGame", "Choice", "BackwardInduction"]

#: A game's states and moves: any hashable values (frozen, so that they can key the DAG).
State = TypeVar("State", bound=Hashable)
Move = TypeVar("Move", bound=Hashable)
_Move_co = TypeVar("_Move_co", bound=Hashable, covariant=True)
#: What each player gets: numbers of any exact kind (int, Fraction, ...) that add and compare.
Payoffs = tuple[Any, ...]


@runtime_checkable
class SequentialGame(Protocol[State, _Move_co]):
    """What :class:`BackwardInduction` needs to know of a game.

    States are hashable values (frozen, so that they can key the DAG);
    players are numbered from 0.  A game may also define

    ``gains(state, move)``
        what each player gets from the move itself, added to what follows (a
        morsel eaten now, a discounted reward);
    ``stake(state, move)``
        the index of the payoffs entry the mover maximises by making ``move``;
        by default his own number.  Where players are anonymous (whoever
        takes a stack gets what it earns), payoffs can be kept by seat rather
        than by player, so that states reached by different players, with the
        same seats taken, share one solution.
    """

    def mover(self, state: State) -> int | None:
        """The player to move at ``state``, or ``None`` where the game ends."""

    def moves(self, state: State) -> Iterable[tuple[_Move_co, State]]:
        """``(move, next state)`` for every move of the mover, in order of preference among equals."""

    def payoffs(self, state: State) -> Sequence[Any]:
        """What each player gets at a state where the game ends."""


@attrs.frozen
class Choice(Generic[State, Move]):
    """What happens at one state under subgame-perfect play.

    Attributes
    ----------
    state : the state, the node's key.
    mover : the player to move, ``None`` where the game ends.
    move : the move made (the first of ``ties`` in the game's order), ``None`` at an end.
    next : the state the move leads to, ``None`` at an end.
    payoffs : what each player gets from this state on.
    ties : every move that gives the mover as much as ``move``, ``move`` first; a
        multiplicity is never hidden by picking one silently.
    """

    state: State
    mover: int | None
    move: Move | None
    next: State | None
    payoffs: Payoffs = attrs.field(converter=tuple)
    ties: tuple[Move, ...] = attrs.field(default=(), converter=tuple)

    @property
    def is_end(self) -> bool:
        return self.mover is None


class BackwardInduction(Generic[State, Move]):
    """Subgame-perfect play of a :class:`SequentialGame`, state by state.

    Parameters
    ----------
    game : SequentialGame
    progress : callable, optional
        Passed to the :class:`~epistemic.PredictionDAG` (``progress(states)``).

    Notes
    -----
    Each state reachable from those asked about is solved once; the work is
    proportional to the number of states and moves.  Payoffs are compared
    exactly: use whole numbers or :class:`fractions.Fraction` where ties matter.
    """

    def __init__(self, game: SequentialGame[State, Move], *, progress: Callable[[int], None] | None = None):
        if not isinstance(game, SequentialGame):
            raise EpistemicError(f"a sequential game needs mover, moves and payoffs, got {type(game).__name__}")
        self.game = game
        self._gains: Callable[[State, Move], Sequence[Any]] | None = getattr(game, "gains", None)
        self._stake: Callable[[State, Move], int] | None = getattr(game, "stake", None)
        # the edges out of a state are its moves: made again when asked for, not kept
        self.dag = PredictionDAG(self._predict, progress=progress, edges=self._edges)

    def __getitem__(self, state: State) -> Choice[State, Move]:
        """The choice made at ``state``."""
        choice: Choice[State, Move] = self.dag[state]
        return choice

    def play(self, start: State) -> list[Choice[State, Move]]:
        """The choices from ``start`` to the end of the game, the end included."""
        path = [self[start]]
        while path[-1].next is not None:
            path.append(self[path[-1].next])
        return path

    def options(self, state: State) -> list[tuple[Move, Payoffs]]:
        """``(move, payoffs)`` for every move at ``state``: what each move would
        lead to, read off the solved DAG."""
        if self[state].is_end:
            return []
        return [(move, self._value(state, move, self[child])) for move, child in self.game.moves(state)]

    def explain(self, state: State, *, name: Callable[[int], str] = lambda i: f"player {i + 1}",
                says: Callable[[State, Move], str] = lambda state, move: f"plays {move!r}",
                depth: int = 12) -> Reason:
        """Why the mover at ``state`` moves as he does, as a :class:`~epistemic.Reason` tree.

        Each choice rests on what every other move would have given the
        mover, and on the choices that follow it and them.  ``name`` names a
        player, ``says(state, move)`` words a move (``"takes at move 2"``);
        the tree stops ``depth`` choices down.
        """
        whole_number(depth, "depth", at_least=1)
        if self[state].is_end:
            return Reason("the game ends: " + ", ".join(f"{name(i)} gets {v}"
                                                        for i, v in enumerate(self[state].payoffs)), key=state)
        # the choices level by level down to ``depth``, then their reasons from the
        # deepest level up, so that a reason is made after every reason it rests
        # on, however many paths lead to its state; no recursion: a game may be long
        levels = [[state]]
        while len(levels) < depth:
            below = dict.fromkeys(child for at in levels[-1] for _, child in self.game.moves(at)
                                  if not self[child].is_end)
            if not below:
                break
            levels.append(list(below))
        made: dict[tuple[State, int], Reason] = {}
        for level in range(len(levels) - 1, -1, -1):
            for at in levels[level]:
                made[at, level] = self._reason(at, level, made, name, says)
        return made[state, 0]

    def to_networkx(self, roots: Iterable[State] | None = None) -> nx.MultiDiGraph:
        """The solved states and their moves (see :meth:`PredictionDAG.to_networkx`)."""
        return self.dag.to_networkx(roots)

    # solving ------------------------------------------------------------------------
    def _edges(self, state: State) -> dict[Move, State]:
        return {} if self.dag[state].is_end else dict(self.game.moves(state))

    def _predict(self, state: State) -> Generator[dict[Move, State], dict, Choice[State, Move]]:
        game = self.game
        mover = game.mover(state)
        if mover is None:
            return Choice(state, None, None, None, game.payoffs(state))
        options = list(game.moves(state))
        batch = dict(options)
        if not batch:
            raise EpistemicError(f"player {mover + 1} has no move at {state!r}, which is not an end")
        if len(batch) < len(options):
            raise EpistemicError(f"two moves at {state!r} have one name: each move needs its own")
        got = yield batch
        gains, stake = self._gains, self._stake
        most: Any = None
        for move, child in options:
            value = got[move].payoffs if gains is None else self._value(state, move, got[move])
            worth = value[self._index(state, move, mover, value)] if stake is not None or most is None \
                else value[mover]
            if most is None or worth > most:
                most, best, ties = worth, (move, child, value), [move]
            elif worth == most:
                ties.append(move)
        return Choice(state, mover, best[0], best[1], best[2], ties)

    def _index(self, state: State, move: Move, mover: int, value: Payoffs) -> int:
        """The payoffs entry that ``move`` is worth to the mover, checked against the payoffs."""
        index = mover if self._stake is None else self._stake(state, move)
        if not (is_whole(index) and 0 <= index < len(value)):
            if self._stake is None:
                raise EpistemicError(f"player {mover + 1} moves at {state!r}, but the payoffs are for "
                                     f"{len(value)} players")
            raise EpistemicError(f"the move {move!r} at {state!r} has the stake {index!r}, but the payoffs "
                                 f"have {len(value)} entries")
        return index

    def _value(self, state: State, move: Move, following: Choice[State, Move]) -> Payoffs:
        if self._gains is None:
            return following.payoffs
        gains = self._gains(state, move)
        if len(gains) != len(following.payoffs):
            raise EpistemicError(f"the move {move!r} at {state!r} has gains for {len(gains)} players, "
                                 f"but the payoffs are for {len(following.payoffs)}")
        return tuple(map(add, gains, following.payoffs))

    # explaining -----------------------------------------------------------------------
    def _reason(self, at: State, level: int, made: dict[tuple[State, int], Reason], name: Callable[[int], str],
                says: Callable[[State, Move], str]) -> Reason:
        """The reason for the choice at ``at``, on the reasons already made below it."""
        choice = self[at]
        mover, made_move = choice.mover, choice.move
        assert mover is not None and made_move is not None, "an end of the game is explained by its payoffs"
        who = name(mover)
        chosen: list[Reason] = []
        others: list[Reason] = []
        for move, child in self.game.moves(at):
            found = made.get((child, level + 1))
            below = () if found is None else (found,)
            if move == made_move:
                chosen.extend(below)
            else:
                value = self._value(at, move, self[child])
                others.append(_reason(f"if {who} {says(at, move)} instead", f"{who} gets",
                                      value[self._index(at, move, mover, value)], child, below))
        worth = choice.payoffs[self._index(at, made_move, mover, choice.payoffs)]
        return _reason(f"{who} {says(at, made_move)}", f"{who} gets", worth, at, chosen + others)


def _reason(claim: str, label: str, value: Any, key: Hashable, because: Iterable[Reason]) -> Reason:
    """A reason showing one number: beside the claim when whole, in it otherwise."""
    if is_whole(value):
        return Reason(claim, key=key, values=[(label, value)], because=because)
    return Reason(f"{claim}: {label} {value}", key=key, because=because)
