"""The Prisoner-and-Pirate bot tournament (seed ``001``): its rules, its line protocol, a whole
game over any seats, a TCP server, bots, and a log that replays.

Write a bot by subclassing :class:`Bot`; play it with ``epistemic tournament``.
"""

from .bots import STRATEGIES, Bot, Cooperator, Defector, RationalPirate, TitForTat, connect_and_play, play, strategy
from .game import Game, Seats
from .lines import END, MAX_LINE, BadLine, LineReader
from .log import Checked, LogMismatch, check_file, check_log, game_record, read_log
from .rules import (DEFAULT_NAME, LINKS, Choices, TournamentError, answers_question, bounty, groups,
                    leader_survives, parse_choices, parse_shares, parse_vote, read_choices, read_name, read_shares,
                    read_vote, share_value, unique_name)
from .runner import Played, parse_lineup, tournament
from .server import Server

__all__ = [
    "Bot",
    "Cooperator",
    "Defector",
    "TitForTat",
    "RationalPirate",
    "STRATEGIES",
    "strategy",
    "play",
    "connect_and_play",
    "Server",
    "tournament",
    "Played",
    "parse_lineup",
    "Game",
    "Seats",
    "check_log",
    "check_file",
    "game_record",
    "read_log",
    "Checked",
    "LogMismatch",
    "TournamentError",
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
    "read_name",
    "read_choices",
    "read_shares",
    "read_vote",
    "share_value",
    "answers_question",
    "leader_survives",
]
