"""The tournament's experiments for ``epistemic experiment``: one game between a mix of bots.

:func:`standings` plays one Prisoner-and-Pirate game (seed ``001``) between
so many bots of each of the tournament's own strategies, in this process:
the same :class:`~.game.Game` a server plays and the same protocol
driver a bot runs (:func:`~.bots.play`), the lines passed as bytes
between them in memory instead of over TCP.  A sweep's worker runs one
game after another with no ports to find and no time lost waiting on
sockets, and the game, ties and all, depends on the seed alone.

Examples
--------
>>> cell = standings(coop=2, defect=1, rounds=2, seed=1)
>>> cell["winner_kind"], cell["top_score"], cell["mean_coop"], cell["mean_defect"]
('coop', 20, 10.0, 0.0)
"""

from __future__ import annotations

import asyncio
from collections.abc import Mapping, Sequence
from typing import Any, cast

from epistemic.experiments import Experiment, Parameter

from .bots import STRATEGIES, Bot, failure, play
from .game import Game
from .lines import END, BadLine, LineReader
from .logsize import check_size
from .rules import TournamentError
from .server import GONE
from .standings import by_strategy, standing_rows

__all__ = ["EXPERIMENTS", "standings", "play_here", "KINDS", "MAX_OF_A_KIND", "MAX_ROUNDS"]

#: The strategies a cell mixes, by the name ``--bots`` takes.
KINDS = tuple(STRATEGIES)
#: The most bots of one strategy, and rounds, a cell plays: 100 bots for 100 rounds take about 6 s on
#: one core (12 bots for 10 rounds, 0.04 s).  The game's log, which the standings are read from, is
#: held whole, and :func:`~.logsize.check_size` bounds it as the command line's does.
MAX_OF_A_KIND = 25
MAX_ROUNDS = 100


class _Bench:
    """Seats whose players are bots in this process, each reading and answering bytes in memory.

    A question waits for its answer, or for the bot to stop (its code
    raised, or it played its game): then the answer is a :class:`~.lines.BadLine`
    saying it is gone, as a server says of a player who left.  Built-in
    bots answer at once, so no answer is waited for with a clock.
    """

    def __init__(self) -> None:
        self.readers: dict[str, asyncio.StreamReader] = {}
        self.waiting: dict[str, asyncio.Future] = {}
        self.gone: set[str] = set()

    def seat(self, key: str) -> tuple[asyncio.StreamReader, _Answers]:
        reader = self.readers[key] = asyncio.StreamReader()
        return reader, _Answers(self, key)

    def heard(self, key: str, answer: str | BadLine) -> None:
        future = self.waiting.pop(key, None)
        if future is not None and not future.done():
            future.set_result(answer)

    def left(self, key: str) -> None:
        self.gone.add(key)
        self.heard(key, BadLine(GONE))

    async def send(self, names: Sequence[str], line: str) -> None:
        for key in names:
            if key not in self.gone:
                self.readers[key].feed_data(line.encode("utf-8") + END)

    async def ask(self, questions: Mapping[str, str]) -> Mapping[str, str | BadLine | None]:
        loop = asyncio.get_running_loop()
        asked = {}
        for key, line in questions.items():
            if key in self.gone:
                continue
            asked[key] = self.waiting[key] = loop.create_future()
            self.readers[key].feed_data(line.encode("utf-8") + END)
        answers = dict(zip(asked, await asyncio.gather(*asked.values())))
        return {key: answers.get(key, BadLine(GONE)) for key in questions}


class _Answers:
    """A bot's side of its seat: what it writes, read back as lines."""

    def __init__(self, bench: _Bench, key: str) -> None:
        self.bench, self.key, self.lines = bench, key, LineReader()

    def write(self, data: bytes) -> None:
        for line in self.lines.feed(data):
            self.bench.heard(self.key, line)

    def close(self) -> None:
        self.bench.left(self.key)


async def _play(bots: Sequence[Bot], rounds: int, seed: int) -> tuple[Game, dict[str, str]]:
    bench = _Bench()
    keys = [str(number) for number in range(len(bots))]
    # a seat's writer is an _Answers: play only writes to it and closes it
    tasks = [asyncio.create_task(play(bot, reader, cast(asyncio.StreamWriter, answers), games=1))
             for key, bot in zip(keys, bots) for reader, answers in [bench.seat(key)]]
    game = Game(bench, keys, rounds, seed=seed)
    try:
        await game.play()
    finally:
        for reader in bench.readers.values():
            reader.feed_eof()
        ended = await asyncio.gather(*tasks, return_exceptions=True)
    failures = {name: failure(result) for name, result in zip(game.scores, ended) if isinstance(result, Exception)}
    return game, failures


def play_here(bots: Sequence[Bot], rounds: int, seed: int) -> tuple[Game, dict[str, str]]:
    """One game between ``bots``, joined in their order, in this process; the game, and the bots
    that failed (by player name, what their own code raised: they got the defaults from then on).

    >>> from .bots import Cooperator, Defector
    >>> game, failed = play_here([Cooperator(), Cooperator(), Defector()], rounds=2, seed=1)
    >>> game.scores, failed
    ({'Coop-0': 20, 'Coop-1': 0, 'Defect-2': 0}, {})
    """
    if len(bots) < 2:
        raise TournamentError(f"a game needs two bots or more, got {len(bots)}")
    check_size(len(bots), rounds, seed=seed)
    return asyncio.run(_play(bots, rounds, seed))


def _field(kind: str) -> str:
    return kind.replace("-", "_")


def standings(coop: int = 0, defect: int = 0, tit_for_tat: int = 0, rational: int = 0, rounds: int = 5, *,
              seed: int) -> dict:
    """One game between ``coop`` cooperators, ``defect`` defectors, ``tit_for_tat`` and ``rational``
    bots (joined in that order), ``rounds`` Prisoner rounds, ties broken by ``seed``.

    Returns
    -------
    dict
        ``bots``; ``winner_kind``: the strategy of the best score (the
        strategies joined by ``+`` when bots of several tie at the top),
        ``winners``: how many bots share it, ``top_score``;
        ``best_kind``: the strategy of the best mean score (``+`` for a
        tie); ``mean_KIND`` for each strategy, ``None`` where none plays;
        ``total_score``; ``thrown``: leaders thrown overboard in all;
        ``cooperation``: the share of Prisoner answers that were C;
        ``defaults``: answers missed or invalid, and ``failures``: bots
        whose code raised (both 0 for these bots).

    Examples
    --------
    >>> cell = standings(tit_for_tat=2, rational=2, rounds=3, seed=0)
    >>> cell["bots"], cell["cooperation"], cell["defaults"]
    (4, 1.0, 0)
    """
    counts = {"coop": coop, "defect": defect, "tit-for-tat": tit_for_tat, "rational": rational}
    lineup = [kind for kind in KINDS for _ in range(counts[kind])]
    game, failures = play_here([STRATEGIES[kind]() for kind in lineup], rounds, seed)
    kinds = dict(zip(game.scores, lineup))
    rows = standing_rows(game, kinds)
    top = rows[0]["score"]
    tied = [row for row in rows if row["score"] == top]
    means = by_strategy(game, kinds)
    best = [row["strategy"] for row in means if row["mean"] == means[0]["mean"]]
    answers = [letter for record in game.log for row in record["choices"].values() for letter in row if letter != "-"]
    record: dict[str, Any] = {
        "bots": len(lineup), "winner_kind": "+".join(sorted({row["strategy"] for row in tied})), "winners": len(tied),
        "top_score": top, "best_kind": "+".join(sorted(best))}
    mean_of = {row["strategy"]: row["mean"] for row in means}
    record.update({f"mean_{_field(kind)}": mean_of.get(kind) for kind in KINDS})
    record.update(total_score=sum(game.scores.values()), thrown=sum(row["thrown"] for row in rows),
                  cooperation=answers.count("C") / len(answers) if answers else None,
                  defaults=sum(game.missed.values()) + sum(game.invalid.values()), failures=len(failures))
    return record


def _count(kind: str, help: str) -> Parameter:
    return Parameter(_field(kind), int, help, default=0, low=0, high=MAX_OF_A_KIND)


#: The tournament's experiments (docs/adding-a-model.md).
EXPERIMENTS = (
    Experiment("standings", standings,
               "one Prisoner-and-Pirate game between so many bots of each strategy, played in this process; "
               "the winner's strategy, each strategy's mean score, cooperation; ~6 s for 100 bots, 100 rounds",
               (_count("coop", "cooperators (the seed's bot_coop.py)"),
                _count("defect", "defectors, who betray everyone"),
                _count("tit-for-tat", "tit-for-tat bots"),
                _count("rational", "rational pirates, who play each Pirate game as the solver does"),
                Parameter("rounds", int, "Prisoner rounds", default=5, low=1, high=MAX_ROUNDS)),
               seeded=True),
)
