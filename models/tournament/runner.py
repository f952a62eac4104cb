"""A whole tournament on this machine: a server on loopback and bots connected to it.

The bots join one at a time, in the order given, so that their numbers,
and with the seed every tie broken, are the same from one run to the next.
Everything travels over real TCP connections, as it would between machines.

Examples
--------
>>> import asyncio
>>> from .bots import Cooperator, Defector
>>> game = asyncio.run(tournament([Cooperator(), Cooperator(), Defector()], rounds=2, seed=1, timeout=600)).game
>>> game.scores        # the cooperators share 10 a round: the leader keeps it, his own vote carries
{'Coop-0': 20, 'Coop-1': 0, 'Defect-2': 0}
"""

from __future__ import annotations

import asyncio
from collections.abc import Callable, Mapping, Sequence

import attrs

from .bots import Bot, failure, play
from .game import Game
from .rules import LINKS, TournamentError, whole
from .server import RoundTrips, Server

__all__ = ["tournament", "Played", "parse_lineup", "MAX_BOTS"]

#: The most bots one run plays.
MAX_BOTS = 1000


@attrs.frozen
class Played:
    """A tournament played: the game, how long the answers took, and the bots that failed
    (by player name, what their own code raised; they got the defaults from then on)."""

    game: Game
    round_trips: RoundTrips
    failures: Mapping[str, str] = attrs.field(factory=dict)


def parse_lineup(text: str) -> list[str]:
    """The strategies of ``NAME,NAME=COUNT,...``: each name once, or ``COUNT`` times.

    >>> parse_lineup("coop,defect=2,rational")
    ['coop', 'defect', 'defect', 'rational']
    >>> parse_lineup("coop=0")
    Traceback (most recent call last):
    ...
    epistemic.models.tournament.rules.TournamentError: --bots: 'coop=0': a count is a whole number from 1 to 1000
    """
    lineup: list[str] = []
    for item in text.split(","):
        name, equals, count = item.strip().rpartition("=")
        if not equals:
            name, count = count, "1"
        if not name:
            raise TournamentError(f"--bots: {item!r}: expected NAME or NAME=COUNT")
        if not (whole(count) and 1 <= int(count) <= MAX_BOTS):
            raise TournamentError(f"--bots: {item!r}: a count is a whole number from 1 to {MAX_BOTS}")
        lineup.extend([name] * int(count))
        if len(lineup) > MAX_BOTS:
            raise TournamentError(f"--bots: more than {MAX_BOTS} bots")
    return lineup


async def tournament(bots: Sequence[Bot], *, rounds: int, seed: int | None = None, timeout: float = 5.0,
                     links: Mapping[str, int] = LINKS, progress: Callable[[int], None] | None = None) -> Played:
    """Play one game between ``bots`` over loopback TCP."""
    server = Server(rounds=rounds, timeout=timeout, links=links, seed=seed, max_players=max(len(bots), 1))
    host, port = await server.start("127.0.0.1", 0)
    players: list[asyncio.Task[int]] = []
    try:
        for count, bot in enumerate(bots, start=1):
            reader, writer = await asyncio.open_connection(host, port)
            await server.wait_for_players(count)
            players.append(asyncio.create_task(play(bot, reader, writer, games=1)))
        game = await server.play(progress)
    finally:
        await server.close()
        ended = await asyncio.gather(*players, return_exceptions=True)
    failures = {name: failure(result) for name, result in zip(game.scores, ended) if isinstance(result, Exception)}
    return Played(game, server.round_trips, failures)
