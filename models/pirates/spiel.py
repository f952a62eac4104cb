"""The pirate game for OpenSpiel: ``pyspiel.load_game("epistemic_pirates(pirates=5,coins=3)")``.

``promises`` holds promises in the command line's words, separated by
``;`` (``"p2: 1 1 0 1 to p3 p4 p5"``); a subgroup's promise is private
information, made by chance with the odds ``promise_chance``
(see :class:`~epistemic.models.pirates.tree.PirateTree`).
"""

from __future__ import annotations

from fractions import Fraction

from epistemic.spiel_games import SpielGame
from epistemic.validators import one_of

from .game import PirateGame
from .rules import Rules
from .syntax import parse_promise
from .odds import BELIEFS
from .worth import Worth
from .tree import PirateTree, parse_chance

__all__ = ["OPENSPIEL", "pirate_tree"]


def pirate_tree(pirates: int, coins: int, promises: str = "", promise_chance: str = "1/2", majority: str = "half",
                proposer_votes: bool = True, peaceful: bool = False, beliefs: str = "belief",
                death_value: float = 0.0) -> PirateTree:
    """The tree of the pirate game with these parameters (those of the OpenSpiel game).

    ``beliefs`` is ``"belief"`` for the seed's pirates or ``"odds"`` for pirates who weigh the
    promise's odds (:mod:`epistemic.models.pirates.odds`), who rank survival first unless ``death_value`` gives death a
    worth in coins below 0, such as ``-1.0`` (OpenSpiel's parameters are floats, not fractions;
    the default 0 stands for survival first).

    >>> tree = pirate_tree(3, 1, "p2: 1 0 to p3")
    >>> tree.chance_names, tree.longest
    (('p2 promised', 'no subgroup promise'), 10)
    """
    made = [parse_promise(text.strip(), pirates) for text in promises.split(";") if text.strip()]
    chance = parse_chance(promise_chance, "promise_chance")
    rules = Rules(majority, proposer_votes, "yes" if peaceful else "no")
    one_of(beliefs, BELIEFS, "beliefs")
    worth = Worth(Fraction(death_value) if death_value else None) if beliefs == "odds" else None
    return PirateTree(PirateGame(pirates, coins, made, rules=rules), chance, worth)


OPENSPIEL = SpielGame(
    "epistemic_pirates", "The pirate game with public and subgroup promises (epistemic)", pirate_tree,
    {"pirates": 5, "coins": 3, "promises": "", "promise_chance": "1/2", "majority": "half", "proposer_votes": True,
     "peaceful": False, "beliefs": "belief", "death_value": 0.0},
    players=(2, 100), perfect_information=False, stochastic=True)
