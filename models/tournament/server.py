"""The tournament's TCP server: players connect, wait in a lobby, and play games (seed ``001``).

Each connection is read by its own task through a :class:`~.lines.LineReader`,
so a line split across packets, or several lines in one packet, are read
as the lines they are, whether they end with ``\\r\\n`` or ``\\n``; a line
too long or not UTF-8 counts as no answer, and so does one whose end has
not come when the time is up.  Players are numbered by connection, from 0
in the order they connected: a player keeps his number from one game to
the next.
The server is the :class:`~.game.Seats` of a :class:`~.game.Game`: it
writes a question to every player asked, waits for the first line each
sends after it, at most ``timeout`` seconds, and gives the game ``None``
for every player who sent nothing readable in time, disconnected, or had
left.  Each question is owed one line.  A line that comes when no question
waits (a second line, a late answer) is dropped; a player who let a
question pass owes its line still, and while he does, a line that does not
answer the question asked now (:func:`~.rules.answers_question`) is taken
for the late one and dropped (only a late line that answers the question
asked now too, a late vote during the next vote, is read as the new answer:
the protocol numbers no question).  A client that stops reading is dropped
once the bytes queued for it pass :data:`MAX_QUEUED`; nothing a client does can
stop the game or make the server keep more than a line and a queue for it;
one who sends more than :data:`MAX_STRAY` lines that answer nothing is
dropped too, his defaults saying :data:`FLOODED` to the end of the game.

Examples
--------
>>> import asyncio
>>> async def one_game():
...     server = Server(rounds=1, timeout=600)   # Ada names herself and leaves: nobody waits it out
...     host, port = await server.start("127.0.0.1", 0)
...     reader, writer = await asyncio.open_connection(host, port)
...     await server.wait_for_players(1)
...     game = asyncio.create_task(server.play())
...     heard = [(await reader.readline()).decode().strip() for _ in range(2)]
...     writer.write(b"Ada\\r\\n")
...     writer.close()
...     await game
...     await server.close()
...     return heard, game.result().scores
>>> asyncio.run(one_game())
(['Welcome! Please wait for a new game to start.', 'Start'], {'Ada-0': 0})
"""

from __future__ import annotations

import asyncio
import math
import random
from collections.abc import Callable, Mapping, Sequence

from .game import Answer, Game
from .lines import END, MAX_LINE, BadLine, LineReader
from .logsize import check_size
from .rules import LINKS, TournamentError, answers_question

__all__ = ["Server", "WELCOME", "FULL", "MAX_QUEUED", "MAX_STRAY", "GONE", "FLOODED", "UNENDED", "RoundTrips"]

WELCOME = "Welcome! Please wait for a new game to start."
FULL = "Sorry, the server is full."
#: Bytes the server keeps queued for a client that does not read before it drops him.
MAX_QUEUED = 1024 * 1024
#: Lines nobody asked for that a client may send in a row before he is dropped.
MAX_STRAY = 100
#: How many bytes a connection's reader takes at once.
_CHUNK = 64 * 1024
#: Why a player who left, or whose connection was dropped, got the default.
GONE = "gone"
#: Why a player dropped for sending more than :data:`MAX_STRAY` lines nobody asked for got the default.
FLOODED = "flooded"
#: Why a player whose line had not ended when the time was up got the default.
UNENDED = "no end of line in time"


class RoundTrips:
    """The time from each question written to its answer read, in seconds.

    All of them are kept up to ``keep``; past it, a uniform sample of
    ``keep`` (drawn with a fixed seed), so that the quantiles stay fair and
    the memory bounded.  The count and the slowest are exact.
    """

    def __init__(self, keep: int = 1_000_000) -> None:
        self.keep = keep
        self.times: list[float] = []
        self.count = 0
        self.slowest = math.nan
        self._draw = random.Random(0)

    def add(self, seconds: float) -> None:
        self.count += 1
        if not seconds <= self.slowest:
            self.slowest = seconds
        if len(self.times) < self.keep:
            self.times.append(seconds)
        else:
            place = self._draw.randrange(self.count)
            if place < self.keep:
                self.times[place] = seconds

    def quantile(self, q: float) -> float:
        """The ``q``-quantile of the round trips (nearest rank)."""
        if not self.times:
            return math.nan
        ordered = sorted(self.times)
        return ordered[min(len(ordered) - 1, max(0, math.ceil(q * len(ordered)) - 1))]


class _Client:
    """One connection: its writer, its reading task, and the answer it is being asked for.

    The lines written to him in one turn of the event loop go out together, in one call to the
    socket (``unsent`` until :meth:`flush`, which ``flush_soon(self)`` asks the loop to run): a
    question and the lines before it come to him in one packet, not one apiece.
    """

    def __init__(self, key: str, number: int, writer: asyncio.StreamWriter, max_line: int,
                 flush_soon: Callable[[_Client], None]) -> None:
        self.key, self.number, self.writer, self.flush_soon = key, number, writer, flush_soon
        self.unsent: list[bytes] = []
        self.unsent_bytes = 0
        self.lines = LineReader(max_line)
        self.alive = True
        self.waiter: asyncio.Future[Answer] | None = None
        self.question = ""
        self.asked_at = 0.0
        self.owed = 0  # questions he let pass, whose lines may still come
        self.stray = 0  # lines nobody asked for, since his last answer
        self.why_gone = GONE  # once he is gone: why, as the defaults he gets say

    def hear(self, line: str | BadLine, now: float, trips: RoundTrips) -> None:
        waiting = self.waiter is not None and not self.waiter.done()
        if waiting and (not self.owed or (isinstance(line, str) and answers_question(line, self.question))):
            assert self.waiter is not None
            self.owed = self.stray = 0
            trips.add(now - self.asked_at)
            self.waiter.set_result(line)
        elif self.owed:
            self.owed -= 1  # the late answer to a question he let pass
        else:
            self.stray += 1  # a line nobody asked for
            if self.stray > MAX_STRAY:
                self.leave(at_once=True, why=FLOODED)  # a flood: reading it would hold up the game

    def write(self, line: str) -> None:
        if not self.alive:
            return
        if self.writer.transport.get_write_buffer_size() + self.unsent_bytes > MAX_QUEUED:
            self.leave(at_once=True)  # he stopped reading: keep nothing more for him
            return
        data = line.encode("utf-8") + END
        if not self.unsent:
            self.flush_soon(self)
        self.unsent.append(data)
        self.unsent_bytes += len(data)

    def flush(self) -> None:
        """Send what was written to him since the last flush."""
        if self.unsent and self.alive:
            self.writer.write(b"".join(self.unsent))
        self.unsent.clear()
        self.unsent_bytes = 0

    def leave(self, at_once: bool = False, why: str = GONE) -> None:
        """Say nothing more to him: politely (what is queued is sent, then the end of the
        stream, and his reader reads on until he closes), or ``at_once`` (the connection is
        dropped, and what was queued with it); ``why`` is what his defaults say from then on."""
        if at_once:
            self.unsent.clear()
            self.unsent_bytes = 0
            self.writer.transport.abort()
        elif self.alive:
            self.flush()
            # not close(): closing with his lines unread would reset the connection, and he
            # would lose what was still queued for him, the final scores among them
            try:
                if self.writer.can_write_eof():
                    self.writer.write_eof()
                else:  # pragma: no cover - TCP can always write its end
                    self.writer.close()
            except OSError:  # he closed first (the socket is no longer connected): nothing to end
                pass
        if self.alive:
            self.why_gone = why
        self.alive = False
        if self.waiter is not None and not self.waiter.done():
            self.waiter.set_result(BadLine(self.why_gone))


class Server:
    """A tournament server: a lobby of connected players, and games played over their connections.

    Parameters
    ----------
    rounds : int
        Prisoner rounds in a game.
    timeout : float
        Seconds a player has to answer a question.
    links : mapping
        What a link is worth by its two answers (default :data:`~.rules.LINKS`).
    seed : int or None
        Breaks ties of score when pirates are ranked; game ``k`` uses ``seed + k``.
    max_players : int
        Connections held at once; one more is told :data:`FULL` and closed.
    max_line : int
        The longest line read from a player, in bytes.
    on_event : callable, optional
        Called with a line of text when a player connects or leaves.
    """

    def __init__(self, *, rounds: int, timeout: float = 1.0, links: Mapping[str, int] = LINKS,
                 seed: int | None = None, max_players: int = 1000, max_line: int = MAX_LINE,
                 on_event: Callable[[str], None] | None = None) -> None:
        if rounds < 1:
            raise TournamentError(f"a game has at least 1 round, got {rounds}")
        if not timeout > 0:
            raise TournamentError(f"the time to answer must be more than 0 seconds, got {timeout}")
        self.rounds, self.timeout, self.links, self.seed = rounds, timeout, links, seed
        self.max_players, self.max_line = max_players, max_line
        self.on_event = on_event
        self.clients: dict[str, _Client] = {}
        self.round_trips = RoundTrips()
        self.games_played = 0
        #: The game being played, or the last one played.
        self.game: Game | None = None
        self._numbers = 0
        self._server: asyncio.AbstractServer | None = None
        self._readers: set[asyncio.Task[None]] = set()
        self._joined = asyncio.Condition()
        self._unsent: list[_Client] = []  # those written to in this turn of the loop
        self._seated: set[str] = set()  # the keys of the game being played
        self._left: dict[str, str] = {}  # those of its players who left, but not of their own accord: why

    # connections --------------------------------------------------------------------
    async def start(self, host: str, port: int) -> tuple[str, int]:
        """Listen on ``host:port`` (port 0: any free one); the address listened on."""
        try:
            # a backlog for everyone at once: a class whose bots all connect in the same second
            self._server = await asyncio.start_server(self._connected, host, port, limit=self.max_line + 2,
                                                      backlog=max(100, self.max_players))
        except (OSError, UnicodeError, ValueError) as error:  # a host name too long to encode is a UnicodeError
            raise TournamentError(f"cannot listen on {host}:{port}: {getattr(error, 'strerror', None) or error}") from None
        address = self._server.sockets[0].getsockname()
        return address[0], address[1]

    async def close(self, grace: float = 2.0) -> None:
        """Stop listening and close every connection, giving each ``grace`` seconds to take
        what is still queued for it."""
        if self._server is not None:
            self._server.close()
        for client in list(self.clients.values()):
            client.leave()
        if self._readers:
            _, late = await asyncio.wait(set(self._readers), timeout=grace)
            for client in list(self.clients.values()):
                client.leave(at_once=True)
            if late:
                await asyncio.wait(late)
        if self._server is not None:
            await self._server.wait_closed()

    @property
    def waiting(self) -> list[str]:
        """The keys of the connected players, in the order they joined."""
        return [key for key, client in self.clients.items() if client.alive]

    async def wait_for_players(self, count: int) -> None:
        """Return once ``count`` players are connected."""
        async with self._joined:
            # counted among the connections first: a class joining one by one is not listed at each join
            await self._joined.wait_for(lambda: len(self.clients) >= count and len(self.waiting) >= count)

    async def _connected(self, reader: asyncio.StreamReader, writer: asyncio.StreamWriter) -> None:
        if len(self.clients) >= self.max_players:
            writer.write(FULL.encode() + END)
            writer.close()
            return
        number, key = self._numbers, f"#{self._numbers}"
        self._numbers += 1
        client = self.clients[key] = _Client(key, number, writer, self.max_line, self._flush_soon)
        client.write(WELCOME)
        self._event(lambda: f"player {key} connected ({len(self.waiting)} connected)")
        task = asyncio.current_task()
        assert task is not None
        self._readers.add(task)
        async with self._joined:
            self._joined.notify_all()
        try:
            await self._read(client, reader)
        finally:
            self._readers.discard(task)
            client.leave()
            writer.close()
            del self.clients[key]
            if client.why_gone != GONE and key in self._seated:  # his defaults say why, to the game's end
                self._left[key] = client.why_gone
            self._event(lambda: f"player {key} left ({len(self.waiting)} connected)")
            async with self._joined:
                self._joined.notify_all()

    async def _read(self, client: _Client, reader: asyncio.StreamReader) -> None:
        loop = asyncio.get_running_loop()
        try:
            while data := await reader.read(_CHUNK):
                if not client.alive:  # told goodbye: read on, unheard, until he closes
                    continue
                for line in client.lines.feed(data):
                    client.hear(line, loop.time(), self.round_trips)
                    if not client.alive:
                        break
        except OSError:  # reset by the peer, and the like: he is gone
            return

    def _flush_soon(self, client: _Client) -> None:
        if not self._unsent:
            asyncio.get_running_loop().call_soon(self._flush)
        self._unsent.append(client)

    def _flush(self) -> None:
        unsent, self._unsent = self._unsent, []
        for client in unsent:
            client.flush()

    def _event(self, text: Callable[[], str]) -> None:
        if self.on_event is not None:  # the text made only for someone to read: it counts the players
            self.on_event(text())

    # seats --------------------------------------------------------------------------
    async def send(self, names: Sequence[str], line: str) -> None:
        for key in names:
            client = self.clients.get(key)
            if client is not None:
                client.write(line)

    async def ask(self, questions: Mapping[str, str]) -> dict[str, Answer]:
        loop = asyncio.get_running_loop()
        waiting: dict[str, asyncio.Future[Answer]] = {}
        now = loop.time()
        answers: dict[str, Answer] = {}
        for key, line in questions.items():
            client = self.clients.get(key)
            if client is None or not client.alive:
                answers[key] = BadLine(self._left.get(key, GONE) if client is None else client.why_gone)
                continue
            client.waiter, client.question, client.asked_at = loop.create_future(), line, now
            waiting[key] = client.waiter
            client.write(line)
        if waiting:
            await self._answered(waiting)
        for key, future in waiting.items():
            client = self.clients.get(key)
            if future.done():
                answers[key] = future.result()
            else:
                future.cancel()
                # bytes of a line with no end yet: its end, when it comes, ends the late line
                answers[key] = BadLine(UNENDED) if client is not None and client.lines.pending else None
                if client is not None:
                    client.owed += 1
            if client is not None:
                client.waiter = None
        return answers

    async def _answered(self, waiting: Mapping[str, asyncio.Future[Answer]]) -> None:
        """Return once every player ``waiting`` has answered, or the time to answer is up."""
        # a method of its own, so that a test can give the players it knows will answer more time
        # than any busy machine needs, and the server's own limit to those who will not
        await asyncio.wait(waiting.values(), timeout=self.timeout)

    def awaited(self) -> list[str]:
        """The keys of the players asked a question who have not answered it yet."""
        return [key for key, client in self.clients.items() if client.waiter is not None and not client.waiter.done()]

    # games --------------------------------------------------------------------------
    async def play(self, progress: Callable[[int], None] | None = None) -> Game:
        """Play one game with every player connected now; those who join meanwhile wait for the next.

        Raises
        ------
        TournamentError
            When the game's log could be too large (:func:`~.logsize.check_size`): before any
            play, whatever the names, or once the players have given theirs.
        """
        seed = None if self.seed is None else self.seed + self.games_played
        check_size(len(self.waiting), self.rounds, links=self.links, seed=seed)
        self.round_trips = RoundTrips()
        players = self.waiting
        self.game = game = Game(self, players, self.rounds, links=self.links, seed=seed, progress=progress,
                                numbers=[self.clients[key].number for key in players])
        self._seated = set(players)
        try:
            await game.play()
        finally:
            self._seated, self._left = set(), {}
        self.games_played += 1
        return game
