"""Backward induction on the prediction DAG, against plain recursive solvers."""

from __future__ import annotations

import re
from functools import lru_cache

import attrs
import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from epistemic import BackwardInduction, EpistemicError, Reason


@attrs.frozen
class TreeGame:
    """A game given as a tree: ``tree[path]`` is ``(mover, number of moves)``
    inside, and the payoffs at a leaf."""

    tree: dict = attrs.field(eq=False, hash=False)

    def mover(self, path):
        node = self.tree[path]
        return node[0] if node[0] != "end" else None

    def moves(self, path):
        return [(k, path + (k,)) for k in range(self.tree[path][1])]

    def payoffs(self, path):
        return self.tree[path][1]


@st.composite
def trees(draw, players=st.integers(2, 3)):
    n = draw(players)
    tree, stack = {}, [()]
    while stack:
        path = stack.pop()
        if len(path) >= 4 or (path and draw(st.booleans())):
            tree[path] = ("end", tuple(draw(st.lists(st.integers(0, 4), min_size=n, max_size=n))))
            continue
        width = draw(st.integers(1, 3))
        tree[path] = (draw(st.integers(0, n - 1)), width)
        stack.extend(path + (k,) for k in range(width))
    return TreeGame(tree)


def by_recursion(game: TreeGame, path=()):
    """The subgame-perfect payoffs and the mover's first best move, recursively."""
    mover = game.mover(path)
    if mover is None:
        return game.payoffs(path), None
    best = best_move = None
    for move, child in game.moves(path):
        value, _ = by_recursion(game, child)
        if best is None or value[mover] > best[mover]:
            best, best_move = value, move
    return best, best_move


@given(trees())
@settings(max_examples=200, deadline=None)
def test_agrees_with_plain_recursion_at_every_state(game):
    solved = BackwardInduction(game)
    for path in game.tree:
        value, move = by_recursion(game, path)
        assert solved[path].payoffs == value
        assert solved[path].move == move


@given(trees())
@settings(max_examples=100, deadline=None)
def test_ties_list_every_equally_good_move(game):
    solved = BackwardInduction(game)
    for path in game.tree:
        choice = solved[path]
        if choice.is_end:
            assert choice.ties == () and choice.next is None
            continue
        mine = choice.payoffs[choice.mover]
        assert choice.ties == tuple(m for m, value in solved.options(path) if value[choice.mover] == mine)
        assert choice.ties[0] == choice.move and choice.next == path + (choice.move,)


@attrs.frozen
class Coins:
    """Two players take turns taking a coin from either end of a row."""

    row: tuple[int, ...]

    def mover(self, state):
        left, right, player = state
        return None if left > right else player

    def moves(self, state):
        left, right, player = state
        return [("left", (left + 1, right, 1 - player)), ("right", (left, right - 1, 1 - player))]

    def gains(self, state, move):
        left, right, player = state
        coin = self.row[left] if move == "left" else self.row[right]
        return (coin, 0) if player == 0 else (0, coin)

    def payoffs(self, state):
        return (0, 0)


@given(st.lists(st.integers(0, 9), min_size=1, max_size=9))
@settings(max_examples=150, deadline=None)
def test_gains_add_up_along_the_play(row):
    @lru_cache(maxsize=None)
    def first_player_total(left, right):
        # the classic recurrence: the mover gets what the rival leaves him of the rest
        if left > right:
            return 0
        rest = sum(row[left:right + 1])
        return max(rest - first_player_total(left + 1, right), rest - first_player_total(left, right - 1))
    solved = BackwardInduction(Coins(tuple(row)))
    start = (0, len(row) - 1, 0)
    assert solved[start].payoffs == (first_player_total(0, len(row) - 1),
                                     sum(row) - first_player_total(0, len(row) - 1))
    taken = [c.move for c in solved.play(start) if not c.is_end]
    assert len(taken) == len(row)


def test_shared_states_are_solved_once():
    # each row of n coins has n(n+1)/2 inner rows, each with one mover, plus the empty rows
    n = 30
    solved = BackwardInduction(Coins(tuple(range(n))))
    solved[(0, n - 1, 0)]
    assert len(solved.dag) <= n * (n + 1) // 2 + n + 1


def test_explanation_of_a_choice_and_of_an_end():
    # ann takes 7 and then 1 (8); taking 1 first, bob would take 7 and leave her 5 (6)
    game = Coins((1, 5, 7))
    solved = BackwardInduction(game)
    why = solved.explain((0, 2, 0), name=lambda i: "ann" if i == 0 else "bob",
                         says=lambda state, move: f"takes the {move} coin", depth=1)
    assert isinstance(why, Reason)
    assert why.claim == "ann takes the right coin" and why.values == (("ann gets", 8),)
    assert [(r.claim, r.values) for r in why.because] == [("if ann takes the left coin instead", (("ann gets", 6),))]
    end = solved.explain((1, 0, 1))
    assert end.claim == "the game ends: player 1 gets 0, player 2 gets 0"


def reference_text(solved, game, state, depth, name, says, indent=0, level=0):
    choice = solved[state]
    who = name(choice.mover)
    lines = [f"{'  ' * indent}{who} {says(state, choice.move)}  ({who} gets {choice.payoffs[choice.mover]})"]
    deeper = level + 1 < depth
    for move, child in game.moves(state):
        if move == choice.move and deeper and not solved[child].is_end:
            lines += reference_text(solved, game, child, depth, name, says, indent + 1, level + 1)
    for move, child in game.moves(state):
        if move != choice.move:
            value = solved.options(state)[[m for m, _ in game.moves(state)].index(move)][1][choice.mover]
            lines.append(f"{'  ' * (indent + 1)}if {who} {says(state, move)} instead  ({who} gets {value})")
            if deeper and not solved[child].is_end:
                lines += reference_text(solved, game, child, depth, name, says, indent + 2, level + 1)
    return lines


@given(st.lists(st.integers(0, 9), min_size=2, max_size=7), st.integers(1, 6))
@settings(max_examples=60, deadline=None)
def test_explanations_are_whole_where_paths_meet(row, depth):
    # taking left then right and right then left reach the same state: the
    # explanation must rest on that state's reasons under both
    game = Coins(tuple(row))
    solved = BackwardInduction(game)
    start = (0, len(row) - 1, 0)
    name, says = (lambda i: f"p{i + 1}"), (lambda state, move: f"takes the {move} coin")
    why = solved.explain(start, name=name, says=says, depth=depth)
    assert why.to_text().splitlines() == reference_text(solved, game, start, depth, name, says)


def test_explanation_depth_is_checked():
    with pytest.raises(EpistemicError, match="depth must be at least 1"):
        BackwardInduction(Coins((1,))).explain((0, 0, 0), depth=0)
    with pytest.raises(EpistemicError, match="depth must be a whole number"):
        BackwardInduction(Coins((1,))).explain((0, 0, 0), depth=1.5)


class Broken(Coins):
    """The coin game, broken in one way or another."""

    def __init__(self, fault):
        super().__init__((1, 2, 3))
        object.__setattr__(self, "fault", fault)

    def moves(self, state):
        moves = super().moves(state)
        return [moves[0], moves[0]] if self.fault == "twice" else moves

    def mover(self, state):
        mover = super().mover(state)
        return 2 if self.fault == "third player" and mover is not None else mover

    def gains(self, state, move):
        return (1,) if self.fault == "short gains" else super().gains(state, move)


@pytest.mark.parametrize("fault, message", [
    # a fault is named at the first state solved where it shows: moves are read before
    # the states they lead to are solved, payoffs after
    ("twice", "two moves at (0, 2, 0) have one name: each move needs its own"),
    ("third player", "player 3 moves at (2, 2, 0), but the payoffs are for 2 players"),
    ("short gains", "the move 'left' at (2, 2, 0) has gains for 1 players, but the payoffs are for 2"),
])
def test_a_game_that_contradicts_itself_is_named(fault, message):
    with pytest.raises(EpistemicError, match=f"^{re.escape(message)}$"):
        BackwardInduction(Broken(fault))[(0, 2, 0)]


def test_a_value_that_is_no_game_is_refused():
    with pytest.raises(EpistemicError, match="needs mover, moves and payoffs"):
        BackwardInduction(object())


def test_a_state_without_moves_that_is_no_end_is_named():
    class Stuck:
        def mover(self, state):
            return 0

        def moves(self, state):
            return []

        def payoffs(self, state):
            return (0,)
    with pytest.raises(EpistemicError, match="player 1 has no move at 'here'"):
        BackwardInduction(Stuck())["here"]


class Seats:
    """Players take seats in a row in turn; a seat is worth its value less one for
    each taken neighbour.  ``by_seat`` keys states by the set of taken seats and
    payoffs by seat (``stake``); otherwise by the seats in the players' order."""

    def __init__(self, values, players, by_seat):
        self.values, self.players, self.by_seat = values, players, by_seat

    def _taken(self, state):
        return state if self.by_seat else frozenset(state)

    def mover(self, state):
        return None if len(state) == self.players else len(state)

    def moves(self, state):
        taken = self._taken(state)
        return [(seat, (taken | {seat}) if self.by_seat else state + (seat,))
                for seat in range(len(self.values)) if seat not in taken]

    def payoffs(self, state):
        taken = self._taken(state)
        worth = [self.values[s] - (s - 1 in taken) - (s + 1 in taken) if s in taken else 0
                 for s in range(len(self.values))]
        return tuple(worth) if self.by_seat else tuple(worth[s] for s in state)


class StakedSeats(Seats):
    def stake(self, state, seat):
        return seat


@given(st.lists(st.integers(0, 6), min_size=2, max_size=7), st.integers(1, 4))
@settings(max_examples=80, deadline=None)
def test_a_stake_lets_anonymous_players_share_subgames(values, players):
    """Payoffs kept by seat give the same play as payoffs kept by player, on
    fewer states: who sits where does not matter to those still to sit."""
    players = min(players, len(values))
    by_player = Seats(values, players, by_seat=False)
    by_seat = StakedSeats(values, players, by_seat=True)
    plain, shared = BackwardInduction(by_player), BackwardInduction(by_seat)
    played = [c.move for c in plain.play(()) if not c.is_end]
    assert [c.move for c in shared.play(frozenset()) if not c.is_end] == played
    end = shared.play(frozenset())[-1]
    assert tuple(end.payoffs[s] for s in played) == plain[()].payoffs
    assert len(shared.dag) <= len(plain.dag)
    # the explanation speaks of what the seat is worth to its taker
    first = shared[frozenset()]
    assert shared.explain(frozenset(), depth=1).values == (("player 1 gets", first.payoffs[first.move]),)


def test_a_stake_outside_the_payoffs_is_named():
    class Outside(StakedSeats):
        def stake(self, state, seat):
            return seat + 10

    with pytest.raises(EpistemicError, match=r"^the move 0 at frozenset\(\) has the stake 10, but the payoffs have 3 entries$"):
        BackwardInduction(Outside([1, 2, 3], 1, by_seat=True))[frozenset()]
