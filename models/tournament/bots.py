"""Bots for the tournament: a base class to write one in a few lines, and four to play against.

A bot is a :class:`Bot` whose methods answer the server's questions; the
protocol itself (reading the lines whatever the packets, and writing the
answers) is :func:`play`'s.  The base class plays like the seed's
``bot_coop.py``: it cooperates with everyone, keeps a whole bounty when it
leads, and votes for shares that give it something.

Examples
--------
A bot that betrays everyone it has not met before::

    class Wary(Bot):
        name = "Wary"

        def choose(self, other):
            return "C" if other in self.met else "T"

        def heard(self, answers):
            self.met.update(answers)

        def start(self, me):
            super().start(me)
            self.met = set()

>>> bot = TitForTat()
>>> bot.start("Tit-0")
>>> bot.prisoner(["Tit-0", "a-1", "b-2"])
{'a-1': 'C', 'b-2': 'C'}
>>> bot.heard({"a-1": "T", "b-2": "C"})
>>> bot.prisoner(["Tit-0", "a-1", "b-2"])
{'a-1': 'T', 'b-2': 'C'}
>>> pirate = RationalPirate()
>>> pirate.start("R-0")
>>> pirate.propose(24, ["R-0", "a-1", "b-2"])          # b-2 gets nothing if R-0 goes over: 1 buys him
{'R-0': 23, 'a-1': 0, 'b-2': 1}
>>> pirate.vote(24, ["a-1", "R-0", "b-2"], {"a-1": 22, "R-0": 1, "b-2": 1})   # next round he leads
False
"""

from __future__ import annotations

import asyncio
import functools
import importlib
import importlib.util
import threading
from collections.abc import Awaitable, Callable, Sequence
from itertools import repeat
from pathlib import Path
from types import ModuleType
from typing import TYPE_CHECKING

from .lines import END, LineReader
from .rules import MAX_DIGITS, TournamentError, keyed, named, pairs, whole

if TYPE_CHECKING:  # the solver loads with the first rational pirate's first Pirate game, not with every bot
    from epistemic.models.pirates import PirateGame

__all__ = ["Bot", "Cooperator", "Defector", "TitForTat", "RationalPirate", "STRATEGIES", "LOAD_SECONDS", "strategy",
           "new_bot", "failure", "play", "connect_and_play"]


class Bot:
    """A tournament player.  Override what your bot does differently; each method is one answer.

    Attributes
    ----------
    name : str
        What the bot answers to ``Start``; the server adds ``-<number>``.
    me : str
        The unique name the server gave it for the current game.
    """

    name = "Bot"

    def start(self, me: str) -> None:
        """A game starts; the server calls this bot ``me``."""
        self.me = me

    def prisoner(self, players: Sequence[str]) -> dict[str, str]:
        """``"C"`` or ``"T"`` towards each other player of a Prisoner round (by default, :meth:`choose`)."""
        others = _others(self.me, players)
        always = _ALWAYS.get(getattr(self.choose, "__func__", None))
        if always is not None:  # a choice the same towards everyone is made once, not once a player
            return dict.fromkeys(others, always)
        return dict(zip(others, map(self.choose, others)))

    def choose(self, other: str) -> str:
        """``"C"`` (cooperate) or ``"T"`` (betray) towards ``other``."""
        return "C"

    def heard(self, answers: dict[str, str]) -> None:
        """What each other player answered towards this bot in the round just played."""

    def propose(self, amount: int, pirates: Sequence[str]) -> dict[str, int]:
        """This bot leads: its shares of ``amount`` among ``pirates`` (itself first, then by rank)."""
        return {name: amount if name == self.me else 0 for name in pirates}

    def vote(self, amount: int, pirates: Sequence[str], shares: dict[str, int]) -> bool:
        """Whether to accept the leader's (``pirates[0]``) shares; ``False`` votes to throw him over."""
        return shares.get(self.me, 0) > 0

    def ended(self, amount: int) -> None:
        """A Pirate game ended; this bot got ``amount``."""

    def final(self, scores: dict[str, int]) -> None:
        """The game is over: everyone's score."""


class Cooperator(Bot):
    """The seed's ``bot_coop.py``: C to everyone, keeps the bounty, accepts anything above nothing."""

    name = "Coop"


class Defector(Bot):
    """Betrays everyone, always."""

    name = "Defect"

    def choose(self, other: str) -> str:
        return "T"


class TitForTat(Bot):
    """Cooperates with a player it has not met, then answers him as he last answered it."""

    name = "TitForTat"

    def start(self, me: str) -> None:
        super().start(me)
        self.last: dict[str, str] = {}

    def choose(self, other: str) -> str:
        return self.last.get(other, "C")

    def prisoner(self, players: Sequence[str]) -> dict[str, str]:
        if getattr(self.choose, "__func__", None) is not TitForTat.choose:  # a subclass chooses otherwise
            return super().prisoner(players)
        others = _others(self.me, players)
        return dict(zip(others, map(self.last.get, others, repeat("C"))))

    def heard(self, answers: dict[str, str]) -> None:
        self.last.update(answers)


@functools.lru_cache(maxsize=128)
def _pirate_game(pirates: int, coins: int) -> PirateGame:
    from epistemic.models.pirates import PirateGame

    return PirateGame(pirates, coins)


def _others(me: str, players: Sequence[str]) -> list[str]:
    """``players`` but ``me``, in their order."""
    if players.count(me) != 1:
        return [other for other in players if other != me]
    others = list(players)
    others.remove(me)  # a single step of the list's own, not one of Python's per player
    return others


#: The strategies whose :meth:`Bot.choose` gives the same answer towards everyone, by that method.
_ALWAYS: dict[object, str] = {Bot.choose: "C", Defector.choose: "T"}


class RationalPirate(Bot):
    """Cooperates with everyone (a lone player's bounty is 0) and plays each Pirate game as the
    project's pirate solver does: as leader it buys the cheapest votes it needs, and it votes
    for shares only when they give it more than it would get with the leader thrown over."""

    name = "Rational"

    def propose(self, amount: int, pirates: Sequence[str]) -> dict[str, int]:
        if len(pirates) < 2:  # alone (the seed's original server still asks): all of it
            return super().propose(amount, pirates)
        offer = _pirate_game(len(pirates), amount).prediction(1).offer
        return {name: offer.share(rank) for rank, name in enumerate(pirates, start=1)}

    def vote(self, amount: int, pirates: Sequence[str], shares: dict[str, int]) -> bool:
        if self.me not in pirates[1:]:
            return True
        from epistemic.models.pirates import DEAD

        expected = _pirate_game(len(pirates), amount).prediction(1).expectation(pirates.index(self.me) + 1)
        return expected == DEAD or shares.get(self.me, 0) > expected


#: Seconds a bot's file or module has to load, its own code at import included.
LOAD_SECONDS = 30.0

#: The bots that come with the tournament, by the name ``--strategy`` takes.
STRATEGIES: dict[str, type[Bot]] = {"coop": Cooperator, "defect": Defector, "tit-for-tat": TitForTat,
                                    "rational": RationalPirate}


def strategy(name: str, load_seconds: float = LOAD_SECONDS) -> type[Bot]:
    """The bot class ``name`` names: one of :data:`STRATEGIES`, or ``FILE.py:Class`` or ``module:Class``,
    whose file or module must load within ``load_seconds``.

    >>> strategy("tit-for-tat").__name__
    'TitForTat'
    >>> strategy("clever")
    Traceback (most recent call last):
    ...
    epistemic.models.tournament.rules.TournamentError: unknown strategy 'clever': use coop, defect, tit-for-tat, rational, FILE.py:CLASS or MODULE:CLASS
    """
    if name in STRATEGIES:
        return STRATEGIES[name]
    where, colon, attribute = name.rpartition(":")
    if not colon or not where or not attribute.isidentifier():
        raise TournamentError(f"unknown strategy {name!r}: use {', '.join(STRATEGIES)}, FILE.py:CLASS or MODULE:CLASS")
    if where.endswith(".py") and not Path(where).is_file():
        raise TournamentError(f"strategy {name!r}: no file {where}")
    module = _loaded(where, load_seconds, f"strategy {name!r}")
    found = getattr(module, attribute, None)
    if not (isinstance(found, type) and issubclass(found, Bot)):
        raise TournamentError(f"strategy {name!r}: {where} has no Bot subclass named {attribute}")
    return found


def _loaded(where: str, seconds: float, what: str) -> ModuleType:
    """The module of the file ``where`` (``.py``) or the module named so, its code run within ``seconds``.

    The user's code runs at import: whatever it raises (an exit among it) is said in one line,
    and so is code still running when the time is up, which is left to itself in a daemon
    thread, ended with the process (code that holds the interpreter's lock in one call, never
    letting go, would hold this process up all the same).
    """
    loaded: list[ModuleType | BaseException] = []

    def load() -> None:
        try:
            if where.endswith(".py"):
                path = Path(where)
                spec = importlib.util.spec_from_file_location(f"_tournament_bot_{path.stem}", path)
                assert spec is not None and spec.loader is not None
                module = importlib.util.module_from_spec(spec)
                spec.loader.exec_module(module)
                loaded.append(module)
            else:
                loaded.append(importlib.import_module(where))
        except BaseException as error:  # an exit too: the bot's code asked to end, not this process
            loaded.append(error)
    loader = threading.Thread(target=load, name=f"loading {where}", daemon=True)
    loader.start()
    loader.join(seconds)
    if not loaded:
        raise TournamentError(f"{what}: {where} did not load in {seconds:g} s: does its code loop at import?")
    module = loaded[0]
    if isinstance(module, SystemExit):
        raise TournamentError(f"{what}: cannot load {where}: its code called exit({module.code!r})")
    if isinstance(module, BaseException):  # the user's own code: any failure is his bot's fault, said in one line
        raise TournamentError(f"{what}: cannot load {where}: {failure(module)}")
    return module


def new_bot(kind: type[Bot]) -> Bot:
    """A bot of class ``kind``, or a :class:`~.rules.TournamentError` saying why none can be made."""
    try:
        return kind()
    except Exception as error:  # a user's class: whatever it raises is said in one line
        raise TournamentError(f"cannot make a {kind.__name__} bot: {type(error).__name__}: {error}") from None


def failure(error: BaseException) -> str:
    """What went wrong in a bot's own code, in one line."""
    return f"{type(error).__name__}: {' '.join(str(error).split())}"[:200]


async def play(bot: Bot, reader: asyncio.StreamReader, writer: asyncio.StreamWriter, games: int | None = None) -> int:
    """Play ``bot`` over a connection until the server closes it (or after ``games`` games);
    the number of games played.

    Lines are read whatever the packets, answers written at once; a line
    the bot does not expect is skipped, so it picks the game up again at
    the next message it knows.
    """
    lines = LineReader()
    waiting: list[str] = []

    async def line() -> str:
        while not waiting:
            data = await reader.read(65536)
            if not data:
                raise EOFError
            # a line it cannot read still takes its place, so the bot keeps in step
            waiting.extend(found if isinstance(found, str) else "" for found in lines.feed(data))
        return waiting.pop(0)

    def answer(text: str) -> None:
        writer.write(text.encode("utf-8") + END)

    played = 0
    try:
        while games is None or played < games:
            played += await _answer(bot, await line(), line, answer)
    except (EOFError, OSError):
        pass
    except SystemExit as stop:  # the bot's code asked to exit: a failure of the bot, not of the game
        raise RuntimeError(f"the bot called exit({stop.code!r})") from None
    finally:
        writer.close()
    return played


def _numbers(line: str) -> dict[str, int]:
    """The ``name=N`` items of ``line`` whose values are whole numbers (:func:`~.rules.whole`), as numbers:
    a dictionary of the bot's own, read once for all the bots of a process that hear the same line
    (the shares put to a vote, the final scores)."""
    return dict(_read_numbers(line))


@functools.lru_cache(maxsize=16)
def _read_numbers(line: str) -> dict[str, int]:
    """:func:`_numbers`, shared: never handed to a bot, which may change what it is given."""
    given = keyed(line.split())
    if given is not None:  # each name once: the server writes them so
        values, lengths = "".join(given.values()), list(map(len, given.values()))
        if values.isascii() and values.isdigit() and 0 < min(lengths) and max(lengths) <= MAX_DIGITS:
            return dict(zip(given, map(int, given.values())))  # and every value a whole number
    return {name: int(value) for name, value in pairs(line) if whole(value)}  # a key's last whole value


async def _answer(bot: Bot, message: str, line: Callable[[], Awaitable[str]], answer: Callable[[str], None]) -> int:
    """Take part in what ``message`` starts, reading its other lines with ``line()`` and
    answering with ``answer(text)``; 1 if a game ended.  A line not as the protocol has it
    is passed over: the bot picks the game up again at the next message it knows."""
    if message == "Start":
        answer(bot.name)
        bot.start(await line())
    elif message == "Prisoner":
        players = (await line()).split()
        choices = bot.prisoner(players)
        answer(" ".join(map("{}={}".format, choices.keys(), choices.values())))
        bot.heard(named(await line()))
    elif message == "Pirate":
        words = (await line()).split()
        if not words or not whole(words[0]):
            return 0
        amount, pirates = int(words[0]), words[1:]
        if pirates and pirates[0] == bot.me:
            shares = bot.propose(amount, pirates)
            answer(" ".join(map("{}={}".format, shares.keys(), shares.values())))
        else:
            shares = _numbers(await line())
            answer("C" if bot.vote(amount, pirates, shares) else "T")
    elif message == "EndPirate":
        got = await line()
        if whole(got):
            bot.ended(int(got))
    elif message == "EndPrisoner":
        bot.final(_numbers(await line()))
        return 1
    return 0


async def connect_and_play(bot: Bot, host: str, port: int, games: int | None = None) -> int:
    """Connect to a server and :func:`play`; the number of games played."""
    try:
        reader, writer = await asyncio.open_connection(host, port)
    except (OSError, UnicodeError, ValueError) as error:  # a host name too long to encode is a UnicodeError
        raise TournamentError(f"cannot reach {host}:{port}: {getattr(error, 'strerror', None) or error}") from None
    return await play(bot, reader, writer, games)


