"""Scripted players of the tournament: the seed's example (seed 001,
/work/shared/seeds/001_511e154ace0c742c.txt) as answers to questions, and seats that play them;
and ``epistemic tournament serve`` run as a process, with bots to point at it."""

from __future__ import annotations

import asyncio
import json
import re
import subprocess
import sys
import textwrap

from epistemic.models.tournament import connect_and_play
from epistemic.models.tournament.game import Game
from epistemic.models.tournament.log import FORMAT, VERSION
from epistemic.models.tournament.rules import LINKS
from cli_runs import as_at_a_terminal

# seed 001, "Example", as Vjeux sees it, every line he is told or asked; the seed shows a bounty
# of 30, which its own link table does not give: Vjeux-Gauth is C/T (4), the other two links
# C/C (10 each), so 24
VJEUX_HEARS = [
    "Start", "Vjeux-0",
    "Prisoner", "Vjeux-0 Gauth-1 Felix-2", "Gauth-1=T Felix-2=C",
    "Pirate", "24 Gauth-1 Vjeux-0 Felix-2", "Gauth-1=8 Vjeux-0=8 Felix-2=8",
    "Pirate", "24 Vjeux-0 Felix-2",
    "EndPirate", "24",
    "Prisoner", "Vjeux-0 Felix-2", "Felix-2=T",
    "EndPirate", "0",
    "EndPrisoner", "Vjeux-0=24 Gauth-1=0 Felix-2=0",
]


class Script:
    """Seats whose players answer by a script: ``answer(seat, question)`` gives a line or None.
    Everything each seat is told or asked is kept, in order."""

    def __init__(self, answer):
        self.answer = answer
        self.heard: dict[str, list[str]] = {}

    async def send(self, names, line):
        for name in names:
            self.heard.setdefault(name, []).append(line)

    async def ask(self, questions):
        for name, line in questions.items():
            self.heard.setdefault(name, []).append(line)
        return {name: self.answer(name, line) for name, line in questions.items()}


def example(seat, question):
    """The seed's three players: Vjeux trusts both, Gauth betrays Vjeux, Felix trusts both; in
    the Pirate round Gauth offers an even split and both others vote him over; Vjeux, leading
    next, takes everything; in round 2 Vjeux and Felix betray each other."""
    name = {"v": "Vjeux", "g": "Gauth", "f": "Felix"}[seat]
    if question == "Start":
        return name
    words = question.split()
    if all("-" in w and "=" not in w for w in words):  # the Prisoner list
        others = [w for w in words if not w.startswith(name)]
        if len(words) == 2:
            return " ".join(f"{o}=T" for o in others)
        return " ".join(f"{o}={'T' if (name, o[:5]) == ('Gauth', 'Vjeux') else 'C'}" for o in others)
    if words[0].isdigit():  # asked to lead: the bounty and the pirates in order
        amount, pirates = int(words[0]), words[1:]
        if name == "Gauth":
            return " ".join(f"{p}={amount // len(pirates)}" for p in pirates)
        return " ".join(f"{p}={amount if i == 0 else 0}" for i, p in enumerate(pirates))
    return "T" if "Gauth-1=" in question else "C"  # a vote


def gauth_leads():
    """The seed's example ranks Gauth, Vjeux, Felix (all at 0 points): a seed of the tie-break that does."""
    for seed in range(200):
        seats = Script(example)
        game = Game(seats, ["v", "g", "f"], rounds=2, seed=seed)
        asyncio.run(game.play())
        proposals = game.log[0]["groups"][0]["proposals"]
        if [p["leader"] for p in proposals] == ["Gauth-1", "Vjeux-0"]:
            return seats, game
    raise AssertionError("no seed ranks Gauth first and Vjeux second")


def serve_process(*options, stdin=subprocess.DEVNULL, stdout=subprocess.PIPE, stderr=subprocess.PIPE, cwd=None):
    """``epistemic tournament serve --port 0 options...`` started as a process, its text piped."""
    return subprocess.Popen([sys.executable, "-m", "epistemic.cli", "tournament", "serve", "--port", "0", *options],
                            stdin=stdin, stdout=stdout, stderr=stderr, text=True, cwd=cwd, preexec_fn=as_at_a_terminal)


def served_address(first_line):
    """The host and port the server's first line (``Serving on HOST:PORT: ...``) names."""
    found = re.match(r"Serving on ([0-9.]+):([0-9]+)", first_line)
    assert found, first_line
    return found.group(1), int(found.group(2))


async def play_bots(host, port, *bots):
    """Each bot played against the server until it closes; the games each played."""
    return await asyncio.gather(*(connect_and_play(bot, host, port) for bot in bots))


async def held_player(host, port, go):
    """A player who answers nothing, holding up the game he is in, until ``go`` is set: then he leaves."""
    _, writer = await asyncio.open_connection(host, port)
    await go.wait()
    writer.close()


def write_defectors_log(path, players: int, rounds: int) -> None:
    """Write, round by round, the log of ``players`` defectors who play ``rounds`` rounds without
    a seed, byte for byte as a game of them saves it: everyone betrays everyone, so each is a group
    of one with no bounty and the scores stay 0.  A log of any size, made in little memory and time."""
    names = [f"Defect-{i}" for i in range(players)]
    zeros = dict.fromkeys(names, 0)
    head = json.dumps({"format": FORMAT, "version": VERSION, "rounds": rounds, "links": dict(LINKS), "seed": None,
                       "players": names}, indent=1)
    tail = json.dumps({"scores": zeros, "missed": zeros, "invalid": zeros, "defaults": []}, indent=1)
    record = {"round": 0, "players": names,
              "choices": {name: "T" * i + "-" + "T" * (players - 1 - i) for i, name in enumerate(names)},
              "groups": [{"group": [name], "bounty": 0, "ranking": [name], "proposals": []} for name in names],
              "thrown": [], "scores": zeros}
    # the rounds differ only by their number
    before, after = textwrap.indent(json.dumps(record, indent=1), "  ").split('"round": 0', 1)
    with open(path, "w", encoding="utf-8") as file:
        file.write(head[:-2] + ',\n "log": [\n')
        for number in range(1, rounds + 1):
            file.write((",\n" if number > 1 else "") + f'{before}"round": {number}{after}')
        file.write("\n ],\n" + tail[2:])
