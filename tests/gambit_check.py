"""Checks of our games' solutions by Gambit (the optional extra ``gambit``): shared by the tests."""

from __future__ import annotations

import io

from extras import extra

from epistemic.export import label_from_efg, to_efg
from epistemic.extensive import CHANCE

gbt = extra("pygambit", "gambit")


def load(tree, root=None):
    """The game (or its subgame below ``root``) as Gambit reads it from our export."""
    return gbt.read_efg(io.BytesIO(to_efg(tree, root=root).encode("utf-8")))


def our_profile(game, tree, root=None):
    """Our solution (``tree.strategy``) as Gambit's behaviour profile, exact: the two trees
    are walked side by side, Gambit's children in the order of our moves."""
    profile = game.mixed_behavior_profile(rational=True)
    made = {}   # the move made at each information set: our solution may not tell its nodes apart
    stack = [(tree.root() if root is None else root, game.root)]
    while stack:
        node, there = stack.pop()
        mover = tree.turn(node)
        if mover is None:
            continue
        moves = tree.moves(node)
        assert [label_from_efg(a.label) for a in there.infoset.actions] == [label for label, _ in moves]
        if mover != CHANCE:
            chosen = tree.strategy(node)
            assert made.setdefault(there.infoset, chosen) == chosen, f"two moves at one information set: {node}"
            for action in there.infoset.actions:
                profile[action] = 1 if label_from_efg(action.label) == chosen else 0
        stack.extend((child, below) for (_, child), below in zip(moves, there.children))
    return profile


def subgame_roots(tree):
    """Our nodes at which Gambit finds a subgame: the whole game first (its root may be chance's
    move), then every other that starts with a player's move."""
    game = load(tree)
    roots = [tree.root()]
    stack = [(tree.root(), game.root)]
    while stack:
        node, there = stack.pop()
        mover = tree.turn(node)
        if mover is None:
            continue
        if mover != CHANCE and there.is_subgame_root and node != tree.root():
            roots.append(node)
        stack.extend((child, below) for (_, child), below in zip(tree.moves(node), there.children))
    return roots


def subgame_regrets(tree):
    """``(node, regret)`` for every subgame: the most any player gains by changing his move at one
    of his information sets, in the subgame played alone, as Gambit computes it (its agent
    regret: the subgame's root is reached, so every information set our play reaches in it is
    weighed; one off our play starts a subgame of its own where the game has one)."""
    found = []
    for node in subgame_roots(tree):
        game = load(tree, node)
        found.append((node, our_profile(game, tree, node).agent_max_regret()))
    return found
