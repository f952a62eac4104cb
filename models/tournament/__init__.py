"""The Prisoner-and-Pirate bot tournament (seed ``001``): its rules, its line protocol and a
whole game over any seats.

The server, the bots and the ``tournament`` command are built on these.
"""

from .game import Game, Seats
from .lines import END, MAX_LINE, BadLine, LineReader
from .rules import (DEFAULT_NAME, LINKS, Choices, bounty, groups, leader_survives, parse_choices, parse_shares,
                    parse_vote, unique_name)

__all__ = [
    "Game",
    "Seats",
    "LineReader",
    "BadLine",
    "END",
    "MAX_LINE",
    "LINKS",
    "DEFAULT_NAME",
    "Choices",
    "unique_name",
    "parse_choices",
    "groups",
    "bounty",
    "parse_shares",
    "parse_vote",
    "leader_survives",
]
