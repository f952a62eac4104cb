"""The pirate game for OpenSpiel: ``pyspiel.load_game("epistemic_pirates(pirates=5,coins=3)")``.

``promises`` holds promises in the command line's words, separated by
``;`` (``"p2: 1 1 0 1 to p3 p4 p5"``); a subgroup's promise is private
information, made by chance with the odds ``promise_chance``
(see :class:`~epistemic.models.pirates.tree.PirateTree`).
"""

from __future__ import annotations

from epistemic.spiel_games import SpielGame

from .game import PirateGame
from .rules import Rules
from .syntax import parse_promise
from .tree import PirateTree, parse_chance

__all__ = ["OPENSPIEL", "pirate_tree"]


def pirate_tree(pirates: int, coins: int, promises: str = "", promise_chance: str = "1/2", majority: str = "half",
                proposer_votes: bool = True, peaceful: bool = False) -> PirateTree:
    """The tree of the pirate game with these parameters (those of the OpenSpiel game).

    >>> tree = pirate_tree(3, 1, "p2: 1 0 to p3")
    >>> tree.chance_names, tree.longest
    (('p2 promised', 'no subgroup promise'), 10)
    """
    made = [parse_promise(text.strip(), pirates) for text in promises.split(";") if text.strip()]
    chance = parse_chance(promise_chance, "promise_chance")
    rules = Rules(majority, proposer_votes, "yes" if peaceful else "no")
    return PirateTree(PirateGame(pirates, coins, made, rules=rules), chance)


OPENSPIEL = SpielGame(
    "epistemic_pirates", "The pirate game with public and subgroup promises (epistemic)", pirate_tree,
    {"pirates": 5, "coins": 3, "promises": "", "promise_chance": "1/2", "majority": "half", "proposer_votes": True,
     "peaceful": False},
    players=(2, 100), perfect_information=False, stochastic=True)
