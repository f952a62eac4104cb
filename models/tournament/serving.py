"""Serving games to whoever connects, as the operator at the terminal says (``epistemic tournament serve``).

The operator's commands are read as they are typed, during a game too:
Enter (or ``start``) plays a game with everyone connected, ``who`` lists
them, ``quit`` stops (after the game being played).  With ``players`` a game
also starts whenever that many are connected.  While a game is played, a
status line says its round, the answers awaited and who missed answers
(:func:`status_line`).  Stopped mid-game (Ctrl-C, :func:`until_interrupted`), the
server writes the standings and the log of the rounds that game played whole before it goes.
"""

from __future__ import annotations

import asyncio
import os
import signal
from collections.abc import Awaitable, Callable
from pathlib import Path
from typing import TextIO

from .game import Game
from .log import game_record, save_log
from .rules import TournamentError
from .server import Server
from .standings import standings

__all__ = ["serve", "until_interrupted", "Console", "status_line", "LOOK"]

#: Seconds between two looks at the game for the status line.
LOOK = 0.2
#: Names a status line lists before it counts the rest.
_NAMED = 3


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


def _named(names: list[str]) -> str:
    """The first few ``names``, then how many more.

    >>> _named(["a", "b"]), _named(["a", "b", "c", "d", "e"])
    ('a, b', 'a, b, c and 2 more')
    """
    shown = ", ".join(names[:_NAMED])
    return shown if len(names) <= _NAMED else f"{shown} and {len(names) - _NAMED:,} more"


def status_line(game: Game, number: int, awaited: list[str]) -> str:
    """Where game ``number`` stands: its round, the answers ``awaited`` (seat keys) and who has
    missed answers, the most first; a few names of each, then a count.

    >>> import asyncio
    >>> class Quiet:
    ...     async def send(self, names, line): pass
    ...     async def ask(self, questions): return {name: None for name in questions}
    >>> game = Game(Quiet(), ["#0", "#1"], rounds=3)
    >>> status_line(game, 1, ["#0", "#1"])
    'game 1, the names: awaiting 2 answers (#0, #1)'
    >>> asyncio.run(game.play()) and status_line(game, 1, [])
    'game 1, round 3 of 3: awaiting no answer; missed: Unnamed-0 (4), Unnamed-1 (4)'
    """
    where = f"round {game.round:,} of {game.rounds:,}" if game.round else "the names"
    waiting = [game.name_of(key) or key for key in awaited]
    text = f"game {number:,}, {where}: awaiting " + (
        f"{len(waiting):,} answer{'s' if len(waiting) > 1 else ''} ({_named(waiting)})" if waiting else "no answer")
    missed = sorted((name for name, count in game.missed.items() if count), key=lambda name: -game.missed[name])
    if missed:
        text += "; missed: " + _named([f"{name} ({game.missed[name]:,})" for name in missed])
    return text


async def _watch(server: Server, before: Game | None, number: int, show: Callable[[str | None], None]) -> None:
    """Keep the status line on game ``number``, the one after ``before``, until cancelled."""
    try:
        while True:
            if server.game is not None and server.game is not before:
                show(status_line(server.game, number, server.awaited()))
            await asyncio.sleep(LOOK)
    finally:
        show(None)


def _interrupted(game: Game, number: int, folder: Path | None, say: Callable[[str], None]) -> None:
    """Say that game ``number`` was stopped, its standings after the rounds it played whole, and
    write its log of them."""
    game.interrupt()
    if not game.scores:
        say(f"game {number} interrupted while the players gave their names: nothing to write")
        return
    played = len(game.log)
    say(f"game {number} interrupted in round {game.round} of {game.rounds}: the standings after the "
        f"{played} round{'s' if played != 1 else ''} played whole")
    say(standings(game))
    if folder is not None:
        path = folder / f"game-{number}.json"
        save_log(path, game_record(game, seed=game.seed))
        say(f"wrote {path} ({played} round{'s' if played != 1 else ''})")


async def until_interrupted(work: Awaitable[None]) -> bool:
    """Await ``work``, Ctrl-C (SIGINT) cancelling it; whether Ctrl-C stopped it.

    Python's own handler raises KeyboardInterrupt wherever the code is, inside a game
    too, where nothing could catch it and write what was played; asyncio.run cancels its
    task instead from Python 3.11 on, but only at the first Ctrl-C.  Here every Ctrl-C
    cancels the task, at its next wait, on every version: a game stopped so says so and
    writes its log (:func:`serve`).  Where the loop takes no signal handler (not the main
    thread, no signals), ``work`` is awaited as it is.
    """
    loop = asyncio.get_running_loop()
    task = asyncio.current_task()
    assert task is not None
    stopped = False

    def stop() -> None:
        nonlocal stopped
        stopped = True
        task.cancel()
    before = signal.getsignal(signal.SIGINT)
    try:
        loop.add_signal_handler(signal.SIGINT, stop)
    except (NotImplementedError, RuntimeError, ValueError):
        await work
        return False
    try:
        await work
    except asyncio.CancelledError:
        if not stopped:
            raise
    finally:
        loop.remove_signal_handler(signal.SIGINT)
        if before is not None:  # the handler asyncio.run, or anyone, had put there
            signal.signal(signal.SIGINT, before)
    return stopped


async def serve(server: Server, host: str, port: int, *, players: int | None = None, games: int | None = None,
                folder: Path | None = None, say: Callable[[str], None] = print,
                show: Callable[[str | None], None] | None = None, commands: TextIO | None = None) -> None:
    """Listen on ``host:port`` and play games until told to stop, or ``games`` were played.

    After each game, say the standings and write its log to
    ``folder/game-N.json`` (the folder made if need be).  While a game
    is played, ``show`` is given a status line every :data:`LOOK`
    seconds (and None when it ends).  Cancelled mid-game (as Ctrl-C
    does, :func:`until_interrupted`), say so, and write the standings and
    the log of the rounds played whole.
    """
    console = Console.of(commands)
    if console is None and players is None:
        raise TournamentError("standard input is not a terminal or a pipe: give --players to start games")
    listening = None
    try:
        address, bound = await server.start(host, port)
        if folder is not None:
            try:
                folder.mkdir(parents=True, exist_ok=True)
            except OSError as error:
                raise TournamentError(f"--log-dir: cannot make {folder}: {error.strerror or error}") from None
        operator = _Operator(server, console, players, say)
        how = ([] if console is None else ["press Enter to start a game"]) + ([] if players is None else [
            f"a game starts when {players} player{'s are' if players > 1 else ' is'} connected"])
        say(f"Serving on {address}:{bound}: {' or '.join(how)}; {server.rounds} rounds a game.")
        listening = None if console is None else asyncio.create_task(operator.listen())
        while (games is None or server.games_played < games) and await operator.next_game():
            if not server.waiting:
                say("nobody is connected: no game")
                continue
            number, before = server.games_played + 1, server.game
            say(f"game {number}: {len(server.waiting)} players")
            operator.playing = True
            watching = None if show is None else asyncio.create_task(_watch(server, before, number, show))
            try:
                game = await server.play()
            except TournamentError as refused:
                say(f"no game: {refused}; stopping")
                break
            except asyncio.CancelledError:
                if server.game is not before:
                    assert server.game is not None
                    _interrupted(server.game, number, folder, say)
                raise
            finally:
                operator.playing = False
                if watching is not None:
                    watching.cancel()
            say(standings(game))
            if folder is not None:
                path = folder / f"game-{number}.json"
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
