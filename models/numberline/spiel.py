"""The number-line game for OpenSpiel: ``pyspiel.load_game("epistemic_numberline(stacks=10,players=3)")``.

``values`` (stack values separated by spaces, such as ``1 2 3.5``: OpenSpiel's
game strings keep commas for themselves) replaces the stacks worth
1 to ``stacks`` when given; ``clock`` plays on a clock.  A move places a
token on a stack, named by its number.
"""

from __future__ import annotations

from epistemic.extensive import PerfectInformation
from epistemic.spiel_games import SpielGame

from .cli import parse_values
from .game import NumberLine

__all__ = ["OPENSPIEL", "numberline_tree"]


def numberline_tree(stacks: int = 10, players: int = 3, values: str = "", clock: bool = False,
                    ties: str = "lowest") -> PerfectInformation:
    """The tree of the game with these parameters (those of the OpenSpiel game).

    >>> tree = numberline_tree(5, 2)
    >>> tree.action_names, tree.utility_sum, tree.strategy(tree.root())
    (('1', '2', '3', '4', '5'), Fraction(15, 1), '4')
    """
    made = parse_values(",".join(values.split())) if values.strip() else tuple(range(1, stacks + 1))
    return NumberLine(made, players, clock=clock, ties=ties).extensive_form()


OPENSPIEL = SpielGame("epistemic_numberline", "The number-line token game (epistemic)", numberline_tree,
                      {"stacks": 10, "players": 3, "values": "", "clock": False, "ties": "lowest"},
                      players=(2, 64), perfect_information=True, stochastic=False, utility="constant_sum")
