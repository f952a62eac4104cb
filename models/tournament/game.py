"""A whole Prisoner-and-Pirate game, played over any :class:`Seats` (seed ``001``).

The game says what each player is told and asked, in the seed's order; the
seats carry the lines to the players and back (a TCP server, or a script in
a test) and give ``None`` for a player who did not answer in time.  The
Pirate games of the groups of one round are played at once, as the seed's
server plays them, so one slow group does not hold up the others.  Every
round is kept in :attr:`Game.log` (see :mod:`.log`), enough to replay the
game and check the scores, and every default given, with why, in
:attr:`Game.defaults`.

Examples
--------
>>> import asyncio
>>> class Quiet:                      # nobody ever answers: every default
...     async def send(self, names, line): pass
...     async def ask(self, questions): return {name: None for name in questions}
>>> game = Game(Quiet(), ["a", "b"], rounds=1)
>>> asyncio.run(game.play())
{'Unnamed-0': 0, 'Unnamed-1': 0}
>>> game.missed
{'Unnamed-0': 2, 'Unnamed-1': 2}
>>> game.defaults[0]
{'round': 0, 'player': 'Unnamed-0', 'asked': 'name', 'why': 'no answer in time', 'count': 1}
"""

from __future__ import annotations

import asyncio
import json
import random
from collections.abc import Callable, Mapping, Sequence
from operator import add
from typing import Any, Protocol

from .cooperation import Cooperation
from .lines import BadLine
from .logsize import SHORTEST_NAME, check_size
from .rules import (LINKS, TournamentError, choice_row, leader_survives, rank, read_choices, read_name, read_shares,
                    read_vote)

__all__ = ["Seats", "Game", "choice_row", "NO_ANSWER"]

Answer = str | BadLine | None

#: Why a player who sent nothing got the default.
NO_ANSWER = "no answer in time"


class Seats(Protocol):
    """How the game reaches the players, each known by a seat key until he has a name."""

    async def send(self, names: Sequence[str], line: str) -> None:
        """Tell ``line`` to each of ``names``."""

    async def ask(self, questions: Mapping[str, str]) -> Mapping[str, Answer]:
        """Ask each player his question at once; his answer line, a :class:`BadLine` saying why none
        could be read, or None if none came in time."""


class Game:
    """One game: names, then ``rounds`` Prisoner rounds, each with its Pirate games.

    Parameters
    ----------
    seats : Seats
    players : sequence of str
        The seats' keys, in the order the players joined.
    rounds : int
    links : mapping
        What a link is worth by its two answers (default :data:`~.rules.LINKS`).
    seed : int or None
        Breaks ties of score when pirates are ranked.
    progress : callable, optional
        Called with the number of rounds played after each round.
    numbers : sequence of int, optional
        The number in each player's unique name, in the order of
        ``players`` (a server numbers its connections); by default the
        ``n``-th player is numbered ``n``.

    Attributes
    ----------
    scores : dict
        Each player's score by name, in the order the players joined.
    log : list of dict
        One record per round (see :mod:`.log`).
    missed : dict
        How many questions each player left unanswered or answered with
        an unreadable line.
    invalid : dict
        How many answers each player sent that were read but not valid,
        wholly or in part, and got the default.
    defaults : list of dict
        Every default given: the round (0 for the names), the player,
        what he was asked (``name``, ``prisoner``, ``shares`` or
        ``vote``), why, and how many times in that round (defaults of
        one kind, such as ``neither C nor T``, given for different
        lines in one round are one entry, quoting the first line).
    round : int
        The round being played (0 while the names are asked); the last
        one once the game is over.
    interrupted : bool
        Whether the game was stopped before its end (:meth:`interrupt`).
    """

    def __init__(self, seats: Seats, players: Sequence[str], rounds: int, *,
                 links: Mapping[str, int] = LINKS, seed: int | None = None,
                 progress: Callable[[int], None] | None = None, numbers: Sequence[int] | None = None) -> None:
        self.seats, self.seat_keys, self.rounds, self.links = seats, list(players), rounds, dict(links)
        self.numbers = list(range(len(self.seat_keys))) if numbers is None else list(numbers)
        if len(self.numbers) != len(self.seat_keys) or len(set(self.numbers)) != len(self.numbers):
            raise ValueError("expected one distinct number for each player")
        self.seed, self.random = seed, random.Random(seed)
        self.progress = progress
        self.scores: dict[str, int] = {}
        self.missed: dict[str, int] = {}
        self.invalid: dict[str, int] = {}
        self.log: list[dict[str, Any]] = []
        self.round = 0
        self.interrupted = False
        self._defaults: dict[tuple[int, str, str, str], tuple[str, int]] = {}
        self._seat: dict[str, str] = {}  # a player's name to his seat key
        self._name: dict[str, str] = {}  # a seat key to his player's name

    @property
    def defaults(self) -> list[dict[str, Any]]:
        """Every default given so far, in the order first given (see the class's attributes)."""
        return [{"round": number, "player": name, "asked": asked, "why": why, "count": count}
                for (number, name, asked, _), (why, count) in self._defaults.items()]

    def name_of(self, key: str) -> str | None:
        """The name of the player at seat ``key``, once he has one."""
        return self._name.get(key)

    def interrupt(self) -> None:
        """Stop the game between two questions: the scores go back to those after the last
        round played whole, which :attr:`log` ends with."""
        self.interrupted = True
        if self.scores:
            self.scores = dict(self.log[-1]["scores"]) if self.log else {name: 0 for name in self.scores}

    async def play(self) -> dict[str, int]:
        """Play the game; the final scores by name.

        Raises
        ------
        TournamentError
            Once the players have their names, before any round, when the log could be
            too large with those names (:func:`~.logsize.check_size`); the players are told
            that the game is over.
        """
        await self._names()
        everyone = list(self.scores)
        try:
            check_size(len(everyone), self.rounds, links=self.links, seed=self.seed,
                       name=max((len(json.dumps(name)) for name in everyone), default=SHORTEST_NAME))
        except TournamentError:
            await self._over(everyone)
            raise
        overboard: set[str] = set()
        for number in range(self.rounds):
            self.round = number + 1
            playing = [name for name in everyone if name not in overboard]
            overboard = await self._round(number + 1, playing)
            if self.progress is not None:
                self.progress(number + 1)
        await self._over(everyone)
        return dict(self.scores)

    async def _over(self, everyone: Sequence[str]) -> None:
        await self._send(everyone, "EndPrisoner")
        await self._send(everyone, " ".join(f"{name}={self.scores[name]}" for name in everyone))

    async def _send(self, names: Sequence[str], line: str) -> None:
        await self.seats.send([self._seat[name] for name in names], line)

    async def _ask(self, asked: str, questions: Mapping[str, str]) -> dict[str, str | None]:
        answers = await self.seats.ask({self._seat[name]: line for name, line in questions.items()})
        return {name: self._text(name, asked, answers.get(self._seat[name])) for name in questions}

    def _text(self, name: str, asked: str, answer: Answer) -> str | None:
        if isinstance(answer, str):
            return answer
        self.missed[name] += 1
        self._default(name, asked, answer.reason if isinstance(answer, BadLine) else NO_ANSWER)
        return None

    def _default(self, name: str, asked: str, why: str | None) -> None:
        """Keep that ``name`` got the default answer to what he was ``asked``, and ``why``."""
        if why is None:
            return
        # one entry for each kind of reason (a reason is its kind, then ": " and the line quoted),
        # quoting the first line: a pirate asked a hundred votes in a round, who answers each with
        # another word, adds one entry, so the log stays bounded (see logsize.log_bound)
        key = (self.round, name, asked, why.split(": ", 1)[0])
        first, count = self._defaults.get(key, (why, 0))
        self._defaults[key] = (first, count + 1)

    def _invalid(self, name: str, asked: str, why: str | None) -> None:
        if why is not None:
            self.invalid[name] += 1
            self._default(name, asked, why)

    async def _names(self) -> None:
        answers = await self.seats.ask({key: "Start" for key in self.seat_keys})
        for number, key in zip(self.numbers, self.seat_keys):
            answer = answers.get(key)
            name, why = read_name(answer if isinstance(answer, str) else None, number)
            self._seat[name], self._name[key] = key, name
            self.scores[name] = self.missed[name] = self.invalid[name] = 0
            self._text(name, "name", answer)
            self._invalid(name, "name", why)
        for name in self.scores:
            await self._send([name], name)

    async def _round(self, number: int, playing: list[str]) -> set[str]:
        """One Prisoner round and its Pirate games; the leaders thrown overboard."""
        await self._send(playing, "Prisoner")
        lines = await self._ask("prisoner", dict.fromkeys(playing, " ".join(playing)))
        choices = {}
        for name in playing:
            choices[name], why = read_choices(lines[name], name, playing)
            self._invalid(name, "prisoner", why)
        rows = [choice_row(name, playing, choices[name]) for name in playing]
        round_ = Cooperation(playing, rows)
        told = [f"{other}=" for other in playing]
        for place, (name, column) in enumerate(zip(playing, round_.columns)):
            heard = list(map(add, told, column))  # what each player answered him, joined without a step per player
            del heard[place]
            await self._send([name], " ".join(heard))
        record: dict[str, Any] = {"round": number, "players": playing, "choices": dict(zip(playing, rows)),
                                  "groups": []}
        games = []
        for group in round_.groups():
            # drawn here, group by group, so that the seed alone decides every ranking
            ranking = rank(group, self.scores, self.random)
            entry = {"group": group, "bounty": round_.bounty(group, self.links), "ranking": ranking,
                     "proposals": []}
            record["groups"].append(entry)
            games.append(self._pirates(entry))
        thrown = [name for found in await asyncio.gather(*games) for name in found]
        record["thrown"] = thrown
        record["scores"] = dict(self.scores)
        self.log.append(record)
        return set(thrown)

    async def _pirates(self, entry: dict[str, Any]) -> list[str]:
        """The Pirate game of one group; the leaders thrown overboard."""
        pirates, amount = list(entry["ranking"]), entry["bounty"]
        thrown: list[str] = []
        while len(pirates) > 1:
            leader, others = pirates[0], pirates[1:]
            await self._send(pirates, "Pirate")
            ranking = f"{amount} {' '.join(pirates)}"
            await self._send(others, ranking)
            shares, why = read_shares((await self._ask("shares", {leader: ranking}))[leader], pirates, amount)
            self._invalid(leader, "shares", why)
            offer = " ".join(f"{name}={shares[name]}" for name in pirates)
            votes = {}
            for name, line in (await self._ask("vote", {n: offer for n in others})).items():
                votes[name], why = read_vote(line)
                self._invalid(name, "vote", why)
            survives = leader_survives(votes)
            entry["proposals"].append({"leader": leader, "shares": shares, "votes": votes, "accepted": survives})
            if survives:
                await self._end(pirates, shares)
                return thrown
            await self._end([leader], {leader: 0})
            thrown.append(leader)
            pirates = others
        await self._end(pirates, {pirates[0]: amount})  # alone: the bounty, no vote
        return thrown

    async def _end(self, pirates: Sequence[str], shares: Mapping[str, int]) -> None:
        for name in pirates:
            self.scores[name] += shares[name]
            await self._send([name], "EndPirate")
            await self._send([name], str(shares[name]))
