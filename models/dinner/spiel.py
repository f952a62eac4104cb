"""Ethiopian Dinner for OpenSpiel: ``pyspiel.load_game("epistemic_dinner(morsels=1 2|2 3|3 1)")``.

``morsels`` lists the morsels, each a diner's utilities separated by
spaces, the morsels by ``|`` (OpenSpiel's game strings keep commas for
themselves); ``order`` is a named turn order or one letter a turn
(``ABBA``).  A move eats a morsel, named as our
output names it; each diner gets what the morsels he ate are worth to him.
"""

from __future__ import annotations

from epistemic.extensive import PerfectInformation
from epistemic.spiel_games import SpielGame

from .dinner import Dinner, DinnerError, parse_morsel
from .game import DinnerGame, order_name, turn_order

__all__ = ["OPENSPIEL", "dinner_tree"]


def dinner_tree(morsels: str = "1 2|2 3|3 1", order: str = "alternating") -> PerfectInformation:
    """The tree of the dinner with these parameters (those of the OpenSpiel game).

    >>> tree = dinner_tree("1 2|2 3|3 1")
    >>> tree.players, tree.action_names, tree.strategy(tree.root())
    (('Alice', 'Bob'), ('(1, 2)', '(2, 3)', '(3, 1)'), '(1, 2)')
    """
    parts = [part for part in morsels.split("|") if part.strip()]
    if not parts:
        raise DinnerError("a dinner needs at least one morsel: write them as 1 2|2 3|3 1")
    dinner = Dinner([parse_morsel(part) for part in parts], "listed")
    named = order_name(order)
    return DinnerGame(dinner, turn_order(dinner.size, dinner.players, named or order)).extensive_form()


OPENSPIEL = SpielGame("epistemic_dinner", "Ethiopian Dinner (epistemic)", dinner_tree,
                      {"morsels": "1 2|2 3|3 1", "order": "alternating"},
                      players=(2, 26), perfect_information=True, stochastic=False)
