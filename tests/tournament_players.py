"""Players over bare sockets, and a server that knows who stays silent, for the tests of the
tournament server over real TCP connections on loopback (seed 001)."""

from __future__ import annotations

import asyncio

from cli_runs import HUNG
from epistemic.models.tournament.server import Server

__all__ = ["END", "PATIENT", "TIME_UP", "RawClient", "Refereed", "is_question", "serve"]

END = b"\r\n"


def is_question(heard):
    """Whether the last line heard asks for an answer, by the seed's protocol: ``Start``, the
    Prisoner list, the leader's ranking line, and the shares put to a voter."""
    line, before = heard[-1], heard[:-1]
    me = before[before.index("Start") + 1] if "Start" in before[:-1] else None
    if line == "Start" or before[-1:] == ["Prisoner"]:
        return True
    if before[-1:] == ["Pirate"]:
        return line.split()[1] == me
    return before[-2:-1] == ["Pirate"] and before[-1].split()[1] != me


class RawClient:
    """A player over a bare socket: it answers each question by ``answer(question)`` (None:
    stays silent) and keeps every line it hears.  ``packets`` says how an answer is written:
    ``"whole"``, ``"bytes"`` (one byte a packet), ``"merged"`` (with a stray line in the same
    packet, which the server must not take for the next answer) or ``"lf"`` (whole, ending with
    ``\\n`` alone, as bots in many languages write their lines)."""

    def __init__(self, answer, packets="whole"):
        self.answer, self.packets = answer, packets
        self.heard: list[str] = []

    async def run(self, host, port):
        reader, writer = await asyncio.open_connection(host, port)
        try:
            while True:
                try:
                    line = (await reader.readuntil(END))[:-2].decode()
                except (asyncio.IncompleteReadError, ConnectionError):
                    return
                await self.next_line(writer)
                self.heard.append(line)
                reply = self.answer(line) if is_question(self.heard) else None
                if reply is not None:
                    await self.write(writer, reply)
        finally:
            writer.close()

    async def write(self, writer, reply: bytes | str):
        data = (reply.encode() if isinstance(reply, str) else reply) + (b"\n" if self.packets == "lf" else END)
        if self.packets == "bytes":
            for i in range(len(data)):
                writer.write(data[i:i + 1])
                await writer.drain()
                await asyncio.sleep(0.001)
        elif self.packets == "merged":
            writer.write(data + b"Gauth-1=T Felix-2=T Vjeux-0=T\r\nT\r\n")
        else:
            writer.write(data)
        await writer.drain()

    async def next_line(self, writer):
        """What he does as a line comes, before he reads it: here nothing.  A line that comes after
        a question tells him that the server's time for it is up."""


#: Seconds a player has to answer where every player answers: a guard against a hang, which no
#: machine however busy comes near, since the game waits for it only where an answer does not come.
PATIENT = HUNG
#: The server's own time to answer, where a test proves it: only a player who never answers the
#: question waits it out (:class:`Refereed`), so that it may be as short as the test likes.
TIME_UP = 0.05


class Refereed(Server):
    """A server told which questions a player lets pass: ``silent(number, question)``.  It waits
    for the answers that will come for PATIENT seconds, as long as a busy machine could need;
    then those who stay silent wait out its own time to answer, the limit the test proves."""

    def __init__(self, silent, **options):
        super().__init__(**options)
        self.silent, self.asked = silent, {}

    async def ask(self, questions):
        self.asked = questions
        return await super().ask(questions)

    async def _answered(self, waiting):
        coming = [future for key, future in waiting.items()
                  if not self.silent(self.clients[key].number, self.asked[key])]
        if coming:
            await asyncio.wait(coming, timeout=PATIENT)
        await super()._answered(waiting)


async def serve(clients, *, rounds=1, silent=None, seed=None, max_line=None, during=None):
    """Play one game between ``clients`` (joined in order); the game and the server, closed.
    Where ``silent`` says which questions a player lets pass, his time to answer is up at
    TIME_UP (:class:`Refereed`); otherwise everyone has PATIENT seconds."""
    options = {} if max_line is None else {"max_line": max_line}
    if silent is None:
        server = Server(rounds=rounds, timeout=PATIENT, seed=seed, **options)
    else:
        server = Refereed(silent, rounds=rounds, timeout=TIME_UP, seed=seed, **options)
    host, port = await server.start("127.0.0.1", 0)
    tasks = []
    for count, client in enumerate(clients, start=1):
        tasks.append(asyncio.create_task(client.run(host, port)))
        await server.wait_for_players(count)
    game = await server.play()
    if during is not None:
        during(server)
    await server.close(grace=HUNG)  # every client closes his end once he has read to the server's
    await asyncio.wait_for(asyncio.gather(*tasks), HUNG)
    return game, server
