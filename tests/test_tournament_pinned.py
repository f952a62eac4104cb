"""A seeded tournament plays, line for line and figure for figure, as it always has (seed 001).

The same bots play the same seeded game twice: through an in-memory pipe of
lines, the reference path that knows no socket, and over real TCP on loopback
through the server.  Both give the same log, and the transcript of every line
each player heard and answered, the log and the standings are pinned by their
SHA-256: the digests are those the server wrote before it was made faster
(commit 3215b8d), so that a change in what a player hears, in a group, a
bounty, a ranking, a default or a score shows here.  A noisy bot among them
sends what the protocol lets a bot get wrong, so that the defaults and their
reasons are pinned too.
"""

from __future__ import annotations

import asyncio
import hashlib
import json
import random

from cli_runs import HUNG
from tournament_players import PATIENT

from epistemic.models.tournament import (Bot, Cooperator, Defector, RationalPirate, TitForTat, check_log, game_record,
                                         tournament)
from epistemic.models.tournament.bots import play
from epistemic.models.tournament.game import Game
from epistemic.models.tournament.lines import END
from epistemic.models.tournament.standings import standings

SEED, ROUNDS = 13, 6


class Noisy(Bot):
    """Answers as a careless bot does, drawn from its own seeded dice: some players left out of
    its Prisoner answer, named twice, in lower case or with junk beside them; shares written
    ``5.0``, not adding up or leaving itself out; votes at random."""

    name = "Noisy"

    def start(self, me):
        super().start(me)
        self.dice = random.Random(me)

    def prisoner(self, players):
        answers = {}
        for other in players:
            if other == self.me:
                continue
            roll = self.dice.random()
            if roll < 0.1:
                continue  # left out: T by default
            answers[other] = ("C" if roll < 0.5 else "T" if roll < 0.8 else
                              "c" if roll < 0.85 else "C junk" if roll < 0.9 else f"C {other}=T")
        return answers

    def propose(self, amount, pirates):
        roll, even = self.dice.random(), amount // len(pirates)
        if roll < 0.4:
            return {name: amount for name in pirates}  # adds up to too much
        if roll < 0.7:
            return {name: f"{even}.0" if i else amount - even * (len(pirates) - 1) for i, name in enumerate(pirates)}
        if roll < 0.85:
            return {pirates[-1]: amount}  # leaves itself out
        return {name: "x" for name in pirates}

    def vote(self, amount, pirates, shares):
        return self.dice.random() < 0.5


class Sloppy(Bot):
    """Gives a name with nothing left in it once ``=`` is dropped, and votes at random."""

    name = "=="

    def start(self, me):
        super().start(me)
        self.dice = random.Random(me)

    def vote(self, amount, pirates, shares):
        return self.dice.random() < 0.5


LINEUP = ([Cooperator] * 9 + [Defector] * 9 + [TitForTat] * 9 + [RationalPirate] * 9 + [Noisy] * 6 + [Sloppy] * 2)


def lineup() -> list[Bot]:
    bots = [kind() for kind in LINEUP]
    random.Random(SEED).shuffle(bots)
    return bots


class _Pipe:
    """The writing end of a bot's connection, in memory: each line it writes is its answer."""

    def __init__(self):
        self.written = bytearray()
        self.answered = asyncio.Event()

    def write(self, data):
        self.written += data
        self.answered.set()

    def close(self):
        pass


class InMemory:
    """The seats of a game whose players are bots on in-memory pipes: every line a bot hears is
    fed to its reader, and every line it writes is its answer; each seat's transcript is kept,
    ``<`` for what it heard and ``>`` for what it answered."""

    def __init__(self, bots):
        self.readers = {f"#{i}": asyncio.StreamReader() for i in range(len(bots))}
        self.pipes = {key: _Pipe() for key in self.readers}
        self.players = [asyncio.ensure_future(play(bot, self.readers[key], self.pipes[key], games=1))
                        for bot, key in zip(bots, self.readers)]
        self.transcript = {key: [] for key in self.readers}

    async def send(self, names, line):
        for key in names:
            self.transcript[key].append("< " + line)
            self.readers[key].feed_data(line.encode() + END)

    async def ask(self, questions):
        for key, line in questions.items():
            await self.send([key], line)
        answers = {}
        for key in questions:
            pipe = self.pipes[key]
            while END not in pipe.written:
                pipe.answered.clear()
                await asyncio.wait_for(pipe.answered.wait(), HUNG)
            answer, _, rest = bytes(pipe.written).partition(END)
            pipe.written[:] = rest
            answers[key] = answer.decode()
            self.transcript[key].append("> " + answers[key])
        return answers


async def _in_memory():
    seats = InMemory(lineup())
    game = Game(seats, list(seats.readers), ROUNDS, seed=SEED)
    await game.play()
    for reader in seats.readers.values():
        reader.feed_eof()
    await asyncio.wait_for(asyncio.gather(*seats.players), HUNG)
    return game, seats.transcript


def _digest(value) -> str:
    return hashlib.sha256(json.dumps(value, sort_keys=True).encode()).hexdigest()


#: What the game above gave before the server was made faster (commit 3215b8d): the SHA-256 of
#: every seat's transcript, of the log (game_record) and of the standings.
TRANSCRIPT = "0294d18d508573cf98b0a94c8a8c1c1b18f4d70ff0db1b78b2e175f0f7a0774b"
RECORD = "8435866a54bda8cc6b023ee25b1aa9a1d2349deb44369445b48a37a6cbd0cd49"
STANDINGS = "f45673ee80b515b9de367b6fa2ba66027610d4631f083ebce2846e9821cc31b4"


def test_a_seeded_game_plays_line_for_line_as_before():
    game, transcript = asyncio.run(_in_memory())
    checked = check_log(game_record(game, seed=SEED))
    assert checked.rounds == ROUNDS and checked.proposals > ROUNDS  # some leaders went over
    asked = {row["asked"] for row in game.defaults}
    assert asked == {"name", "prisoner", "shares"} and any("both C and T" in row["why"] for row in game.defaults)
    assert _digest(transcript) == TRANSCRIPT
    assert _digest(game_record(game, seed=SEED)) == RECORD
    assert _digest(standings(game)) == STANDINGS


def test_the_same_game_over_tcp_gives_the_same_log():
    reference, _ = asyncio.run(_in_memory())
    played = asyncio.run(tournament(lineup(), rounds=ROUNDS, seed=SEED, timeout=PATIENT))
    assert played.failures == {}
    assert game_record(played.game, seed=SEED) == game_record(reference, seed=SEED)
    assert _digest(game_record(played.game, seed=SEED)) == RECORD
