"""Games in extensive form: the tree of moves that Gambit draws and OpenSpiel plays.

An :class:`ExtensiveGame` describes its nodes: who moves at a node (a
player, :data:`CHANCE`, or ``None`` at an end), the labelled moves there,
the chances of a chance node's moves, what each player gets at an end, and
what each player knows at a node (:meth:`~ExtensiveGame.information`):
nodes where the mover knows the same are one information set, so moves
made at once (votes) and facts heard by a few (a subgroup's promise) are
written as they are.  A game may also say which move its own solution
makes at a node (``strategy(node)``), so that other tools can check that
play, and what a node's subtree looks like (``shape(node)``: nodes of one
shape root trees of one size), so that a tree's size is counted on the
few shapes rather than the many nodes.

:class:`PerfectInformation` makes such a game of a
:class:`~epistemic.SequentialGame` and its backward-induction solution.

Examples
--------
A trust game: Ann keeps her 2 coins or hands them to Bob, who finds them
doubled and shares them or keeps them.  Bob would keep them, so Ann keeps hers.

>>> from epistemic import BackwardInduction
>>> class Trust:
...     def mover(self, state):
...         return {"start": 0, "handed": 1}.get(state)
...     def moves(self, state):
...         return [("keep", "kept"), ("hand", "handed")] if state == "start" else [
...             ("share", "shared"), ("keep", "taken")]
...     def payoffs(self, state):
...         return {"kept": (2, 0), "shared": (2, 2), "taken": (0, 4)}[state]
>>> trust = Trust()
>>> tree = PerfectInformation(trust, "start", BackwardInduction(trust), players=("Ann", "Bob"), title="Trust")
>>> tree_size(tree), tree.strategy(tree.root())
(5, 'keep')
>>> [tree.information(node, 1) for node, _ in walk(tree) if tree.turn(node) == 1]
[('hand',)]
"""

from __future__ import annotations

from collections.abc import Callable, Hashable, Iterator, Sequence
from fractions import Fraction
from typing import Any, Protocol, TypeVar, runtime_checkable

from .errors import EpistemicError
from .sequential import BackwardInduction, SequentialGame

__all__ = ["CHANCE", "ExtensiveGame", "PerfectInformation", "TreeTooLarge", "tree_size", "check_size", "walk",
           "MAX_NODES", "EXACT_SHAPES"]

#: Who moves at a chance node.
CHANCE = -1
#: The most nodes a tree may have before it is written out or handed to another tool.
MAX_NODES = 200_000

Node = TypeVar("Node", bound=Hashable)


class TreeTooLarge(EpistemicError):
    """A game's tree has more nodes than the limit asked for."""


@runtime_checkable
class ExtensiveGame(Protocol):
    """What :func:`~epistemic.export.to_efg` and the OpenSpiel games need to know of a game.

    Attributes
    ----------
    title : str
        The game's name, as a file's title.
    players : tuple of str
        The players' names, numbered from 0 in this order.
    """

    title: str
    players: tuple[str, ...]

    def root(self) -> Any:
        """The node where the game starts."""

    def turn(self, node: Any) -> int | None:
        """The player to move at ``node``, :data:`CHANCE`, or ``None`` where the game ends."""

    def moves(self, node: Any) -> Sequence[tuple[str, Any]]:
        """``(label, next node)`` for each move at ``node``; one information set has one list of labels."""

    def chances(self, node: Any) -> Sequence[Fraction]:
        """The probability of each move at a chance node, in the order of :meth:`moves`."""

    def payoffs(self, node: Any) -> Sequence[Any]:
        """What each player gets where the game ends (whole numbers or fractions)."""

    def information(self, node: Any, player: int) -> Hashable:
        """What ``player`` knows at ``node``: nodes where the mover knows the same are one information set."""


def walk(game: ExtensiveGame, root: Any = None) -> Iterator[tuple[Any, int]]:
    """Every node of the tree below ``root`` (the game's root by default), depth first,
    each with its depth, in the order the moves are listed; no recursion."""
    stack = [(game.root() if root is None else root, 0)]
    while stack:
        node, depth = stack.pop()
        yield node, depth
        if game.turn(node) is not None:
            stack.extend((child, depth + 1) for _, child in reversed(game.moves(node)))


def tree_size(game: ExtensiveGame, limit: int | None = None, root: Any = None, *,
              shapes: int | None = None) -> int | None:
    """How many nodes the tree below ``root`` (the game's root by default) has, counted
    once per shape (``game.shape``, by default the node).

    The count stops early, so that it never costs more than asked:

    - with ``limit``, as soon as a subtree is found to have more than
      ``limit`` nodes, or more than ``limit`` shapes were met: the number
      returned is then more than ``limit`` but no more than the tree's size;
    - with ``shapes``, ``None`` is returned once more shapes than that were met.
    """
    shape: Callable[[Any], Hashable] = getattr(game, "shape", lambda node: node)
    size: dict[Hashable, int] = {}
    root = game.root() if root is None else root
    # post-order on an explicit stack: a shape's size once the sizes of its children's shapes are known
    stack: list[tuple[Any, bool]] = [(root, False)]
    while stack:
        node, expanded = stack.pop()
        key = shape(node)
        if key in size:
            continue
        if game.turn(node) is None:
            size[key] = 1
        elif expanded:
            size[key] = 1 + sum(size[shape(child)] for _, child in game.moves(node))
            if limit is not None and size[key] > limit:
                return size[key]   # a subtree past the limit: so is the tree
        else:
            stack.append((node, True))
            stack.extend((child, False) for _, child in game.moves(node) if shape(child) not in size)
        if limit is not None and len(size) > limit:
            return len(size)   # each shape met is at least one node
        if shapes is not None and len(size) > shapes:
            return None
    return size[shape(root)]


#: The most shapes counted in full to name a refused tree's exact size (a few tenths of a second).
EXACT_SHAPES = 50_000


def check_size(game: ExtensiveGame, limit: int = MAX_NODES, root: Any = None) -> int:
    """The number of nodes of the game's tree (below ``root``), once it is sure that it is at most ``limit``.

    Raises
    ------
    TreeTooLarge
        Naming the size, in one line, before any tree is built: the exact size where it is
        counted in :data:`EXACT_SHAPES` shapes, else that it is more than the limit.
    """
    size = tree_size(game, limit, root)
    assert size is not None, "a count with a limit always ends in a number"
    if size <= limit:
        return size
    exact = tree_size(game, root=root, shapes=EXACT_SHAPES)
    if exact is None:
        raise TreeTooLarge(f"{game.title} has a tree of more than {limit:,} nodes, the limit")
    raise TreeTooLarge(f"{game.title} has a tree of {exact:,} nodes, more than the limit of {limit:,}")


class PerfectInformation:
    """A :class:`~epistemic.SequentialGame` as an :class:`ExtensiveGame`: every player sees every move.

    A node is ``(state, path, said, seats, gains)``: the game's state, the
    moves made to reach it and their labels, so that a node is one place in
    the tree, while the tree below it depends on the state alone (its
    ``shape``); and, carried down so that an end's payoffs need no replay of
    its path, the seat each player took and the gains summed so far.  What a
    player knows at a node is the labels of the moves made.  What a player gets at an end
    adds the game's ``gains`` along the path to the end's payoffs; where the
    game keeps payoffs by seat (``stake``), a player gets the entry of the
    seat of his last move.

    Parameters
    ----------
    game : SequentialGame
    start : state
        The state where the game starts.
    solved : BackwardInduction
        The game's solution: :meth:`strategy` is the move it makes at each node.
    players : tuple of str
        The players' names.
    title : str
    says : callable, optional
        ``says(state, move)``, a move's label (by default ``str(move)``).
    value : callable, optional
        Turns the summed payoffs into what is written (a scale undone, say).
    outcome : callable, optional
        ``outcome(path, payoffs)``, an end's label (by default the payoffs).
    action_names : sequence of str, optional
        Every label a move may have, for tools that number moves (OpenSpiel).
    longest : int, optional
        The most moves a play makes.
    utility_range : (number, number), optional
        The least and the most a player may get.
    utility_sum : number, optional
        What the players get together, where it is the same at every end.
    """

    chance_names: tuple[str, ...] = ()

    def __init__(self, game: SequentialGame, start: Hashable, solved: BackwardInduction, *,
                 players: Sequence[str], title: str, says: Callable[[Any, Any], str] | None = None,
                 value: Callable[[tuple], Sequence[Any]] | None = None,
                 outcome: Callable[[tuple, Sequence[Any]], str] | None = None,
                 action_names: Sequence[str] = (), longest: int = 0, utility_range: tuple[Any, Any] = (0, 0),
                 utility_sum: Any = None):
        self.game, self.start, self.solved = game, start, solved
        self.action_names, self.longest = tuple(action_names), longest
        self.utility_range, self.utility_sum = utility_range, utility_sum
        self.players, self.title = tuple(players), title
        self._says = says or (lambda state, move: str(move))
        self._value = value or (lambda payoffs: payoffs)
        self._outcome = outcome
        self._gains = getattr(game, "gains", None)
        self._stake = getattr(game, "stake", None)

    def root(self) -> tuple:
        return (self.start, (), (), tuple(range(len(self.players))), None)

    def shape(self, node: tuple) -> Hashable:
        return node[0]

    def turn(self, node: tuple) -> int | None:
        return self.game.mover(node[0])

    def moves(self, node: tuple) -> list[tuple[str, tuple]]:
        state, path, said, seats, gains = node
        mover = self.game.mover(state)
        assert mover is not None, "an end has no moves"
        made = []
        for move, child in self.game.moves(state):
            label = self._says(state, move)
            taken = seats if self._stake is None else seats[:mover] + (self._stake(state, move),) + seats[mover + 1:]
            summed = gains
            if self._gains is not None:
                now = tuple(self._gains(state, move))
                summed = now if gains is None else tuple(g + x for g, x in zip(gains, now))
            made.append((label, (child, path + (move,), said + (label,), taken, summed)))
        return made

    def chances(self, node: tuple) -> Sequence[Fraction]:
        raise EpistemicError(f"{self.title} has no chance moves")

    def information(self, node: tuple, player: int) -> Hashable:
        return node[2]   # everybody saw every move

    def strategy(self, node: tuple) -> str:
        """The label of the move the solution makes at ``node``."""
        state = node[0]
        return self._says(state, self.solved[state].move)

    def payoffs(self, node: tuple) -> tuple:
        state, _, _, seats, gains = node
        end = list(self.game.payoffs(state))
        if gains is not None:
            end = [e + g for e, g in zip(end, gains)]
        got = [end[seat] for seat in seats]   # without a stake, player p keeps seat p
        return tuple(self._value(tuple(got)))

    def outcome(self, node: tuple) -> str:
        """An end's label."""
        payoffs = self.payoffs(node)
        if self._outcome is not None:
            return self._outcome(node[1], payoffs)
        return ", ".join(f"{name} {_number(v)}" for name, v in zip(self.players, payoffs))


def _number(value: Any) -> str:
    return str(value) if not isinstance(value, Fraction) or value.denominator != 1 else str(value.numerator)
