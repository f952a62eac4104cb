"""Serving games to whoever connects, as the operator at the terminal says (``epistemic tournament serve``).

The operator's commands are read as they are typed, during a game too:
Enter (or ``start``) plays a game with everyone connected, ``who`` lists
them, ``quit`` stops (after the game being played).  With ``players`` a game
also starts whenever that many are connected.
"""

from __future__ import annotations

import asyncio
import os
from collections.abc import Callable
from pathlib import Path
from typing import TextIO

from .log import game_record, save_log
from .rules import TournamentError
from .server import Server
from .standings import standings

__all__ = ["serve", "Console"]


class Console:
    """The lines typed on a terminal or written to a pipe, as they come, without blocking the games.

    ``lines`` gets each line, stripped and in lower case, then ``None`` at the end of input.
    """

    def __init__(self, source: TextIO) -> None:
        self.lines: asyncio.Queue[str | None] = asyncio.Queue()
        self._pending = b""
        self._loop = asyncio.get_running_loop()
        self._fd = source.fileno()
        self._loop.add_reader(self._fd, self._readable)  # raises where the source cannot be watched

    @classmethod
    def of(cls, source: TextIO | None) -> Console | None:
        """A console on ``source``, or None where it cannot be watched (a regular file, nothing)."""
        if source is None:
            return None
        try:
            return cls(source)
        except (OSError, ValueError, NotImplementedError, AttributeError):
            return None

    def _readable(self) -> None:
        # os.read, not readline: every line that came is handled now, none left in a buffer
        try:
            data = os.read(self._fd, 4096)
        except OSError:
            data = b""
        if not data:
            self.close()
            self.lines.put_nowait(None)
            return
        *lines, self._pending = (self._pending + data).split(b"\n")
        self._pending = self._pending[-4096:]
        for line in lines:
            self.lines.put_nowait(line.decode("utf-8", "replace").strip().lower())

    def close(self) -> None:
        self._loop.remove_reader(self._fd)


class _Operator:
    """What the operator asked for: a game to start, the serving to stop."""

    def __init__(self, server: Server, console: Console | None, players: int | None,
                 say: Callable[[str], None]) -> None:
        self.server, self.console, self.players, self.say = server, console, players, say
        self.start, self.stop = asyncio.Event(), asyncio.Event()
        self.playing = False

    async def listen(self) -> None:
        assert self.console is not None
        while (line := await self.console.lines.get()) is not None:
            if line in ("", "start"):
                if self.playing:
                    self.say("a game is on: press Enter again when it ends")
                else:
                    self.start.set()
            elif line == "quit":
                if self.playing or self.start.is_set():
                    self.say("stopping after this game")
                self.stop.set()
                return
            elif line == "who":
                self.say(f"{len(self.server.waiting)} connected: {' '.join(self.server.waiting) or 'nobody'}")
            else:
                self.say(f"unknown command {line!r}: Enter or start, who, quit")
        if self.players is None:
            self.say("standard input closed: no more games")
            self.stop.set()

    async def next_game(self) -> bool:
        """Wait until a game is to start: True to play one, False to stop.

        A start asked for before ``quit`` (or before the end of input) is
        still played: the commands count in the order they came.
        """
        waits: list[asyncio.Task[object]] = [asyncio.create_task(self.stop.wait()),
                                             asyncio.create_task(self.start.wait())]
        if self.players is not None:
            waits.append(asyncio.create_task(self.server.wait_for_players(self.players)))
        await asyncio.wait(waits, return_when=asyncio.FIRST_COMPLETED)
        for task in waits:
            task.cancel()
        asked = self.start.is_set()
        self.start.clear()
        return asked or not self.stop.is_set()


async def serve(server: Server, host: str, port: int, *, players: int | None = None, games: int | None = None,
                folder: Path | None = None, say: Callable[[str], None] = print,
                commands: TextIO | None = None) -> None:
    """Listen on ``host:port`` and play games until told to stop, or ``games`` were played.

    After each game, say the standings and write its log to
    ``folder/game-N.json``.
    """
    console = Console.of(commands)
    if console is None and players is None:
        raise TournamentError("standard input is not a terminal or a pipe: give --players to start games")
    address, bound = await server.start(host, port)
    operator = _Operator(server, console, players, say)
    how = ([] if console is None else ["press Enter to start a game"]) + (
        [] if players is None else [f"a game starts when {players} player{'s are' if players > 1 else ' is'} connected"])
    say(f"Serving on {address}:{bound}: {' or '.join(how)}; {server.rounds} rounds a game.")
    listening = None if console is None else asyncio.create_task(operator.listen())
    try:
        while (games is None or server.games_played < games) and await operator.next_game():
            if not server.waiting:
                say("nobody is connected: no game")
                continue
            say(f"game {server.games_played + 1}: {len(server.waiting)} players")
            operator.playing = True
            try:
                game = await server.play()
            except TournamentError as refused:
                say(f"no game: {refused}; stopping")
                break
            finally:
                operator.playing = False
            say(standings(game))
            if folder is not None:
                path = folder / f"game-{server.games_played}.json"
                save_log(path, game_record(game, seed=game.seed))
                say(f"wrote {path}")
            if server.round_trips.count:
                say(f"slowest answer: {server.round_trips.slowest * 1000:.1f} ms")
    finally:
        if listening is not None:
            listening.cancel()
        if console is not None:
            console.close()
        await server.close()
