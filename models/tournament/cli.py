"""``epistemic tournament``: serve a Prisoner-and-Pirate tournament, play bots in it, run a whole
one on this machine, and check a game's log (seed ``001``)."""

from __future__ import annotations

import argparse
import asyncio
import json
import math
import sys
from collections.abc import Mapping, Sequence
from pathlib import Path
from typing import Any, TextIO

from epistemic.models import Command, end_progress, progress_printer, whole_number_argument

from .bots import STRATEGIES, connect_and_play, strategy
from .game import Game
from .log import LogMismatch, check_log, game_record, read_log
from .rules import LINKS, TournamentError
from .runner import MAX_BOTS, parse_lineup, tournament
from .server import Server

__all__ = ["COMMAND", "add_arguments", "run", "standings", "parse_links", "MAX_ROUNDS", "SHOWN"]

#: The most Prisoner rounds in a game.
MAX_ROUNDS = 10_000
#: The most seconds a player may be given to answer.
MAX_TIMEOUT = 600.0
#: Rows of the standings shown before the rest is summed up.
SHOWN = 20
#: The largest value of a link.
MAX_LINK = 1_000_000

EPILOG = """\
examples:
  epistemic tournament run --bots coop,defect,tit-for-tat,rational --rounds 5 --seed 1
  epistemic tournament run --bots coop=50,defect=50,tit-for-tat=50,rational=50 --log game.json
  epistemic tournament check game.json
  epistemic tournament serve --port 1337 --rounds 5          (then press Enter to start a game)
  epistemic tournament bot --strategy rational --port 1337
  epistemic tournament bot --strategy my_bot.py:Greedy --port 1337
"""


def _seconds(text: str) -> float:
    try:
        value = float(text)
    except ValueError:
        raise argparse.ArgumentTypeError(f"expected a number of seconds, got {text!r}") from None
    if not 0 < value <= MAX_TIMEOUT:
        raise argparse.ArgumentTypeError(f"expected more than 0 and at most {MAX_TIMEOUT:g} seconds, got {text!r}")
    return value


def _port(text: str) -> int:
    value = whole_number_argument(text)
    if not 0 <= value <= 65535:
        raise argparse.ArgumentTypeError(f"a port is a whole number from 0 to 65535, got {text!r}")
    return value


def parse_links(text: str) -> dict[str, int]:
    """The link values of ``CC=10,CT=4,TT=0`` (those not named keep :data:`~.rules.LINKS`'s; TC is CT).

    >>> parse_links("CC=3,CT=1")
    {'CC': 3, 'CT': 1, 'TC': 1, 'TT': 0}
    """
    links = dict(LINKS)
    for item in text.split(","):
        key, equals, value = item.strip().partition("=")
        key = key.upper()
        if key not in ("CC", "CT", "TC", "TT") or not equals:
            raise TournamentError(f"--links: {item!r}: expected CC=N, CT=N or TT=N")
        if not (value.isascii() and value.isdigit() and len(value) <= 7 and int(value) <= MAX_LINK):
            raise TournamentError(f"--links: {item!r}: a link is worth a whole number from 0 to {MAX_LINK:,}")
        for same in ({"CT", "TC"} if key in ("CT", "TC") else {key}):
            links[same] = int(value)
    return links


def add_arguments(p: argparse.ArgumentParser) -> None:
    actions = p.add_subparsers(dest="action", metavar="ACTION", required=True)

    def game_options(q: argparse.ArgumentParser, timeout: float) -> None:
        q.add_argument("--rounds", type=whole_number_argument, default=5, help="Prisoner rounds a game (default: 5)")
        q.add_argument("--timeout", type=_seconds, default=timeout, metavar="SECONDS",
                       help=f"time a player has to answer (default: {timeout:g})")
        q.add_argument("--links", type=str, default=None, metavar="CC=N,CT=N,TT=N",
                       help="what a link adds to a bounty (default: CC=10,CT=4,TT=0)")
        q.add_argument("--seed", type=whole_number_argument, default=None, help="seed of the ties broken at random")

    serve = actions.add_parser("serve", help="a tournament server people point their bots at",
                               description="Serve games on TCP.  Players wait in a lobby; a game starts when "
                                           "the operator presses Enter (or types start) or when --players have "
                                           "joined.  Type who to list the connected players, quit to stop.",
                               epilog=EPILOG, formatter_class=argparse.RawDescriptionHelpFormatter)
    serve.add_argument("--host", default="127.0.0.1", help="address to listen on (default: 127.0.0.1)")
    serve.add_argument("--port", type=_port, default=1337, help="port to listen on (default: 1337)")
    game_options(serve, 1.0)
    serve.add_argument("--players", type=whole_number_argument, default=None, metavar="N",
                       help="start a game as soon as N players are connected")
    serve.add_argument("--games", type=whole_number_argument, default=None, metavar="N",
                       help="stop after N games (default: serve until quit)")
    serve.add_argument("--log-dir", metavar="DIR", help="write each game's log to DIR/game-N.json")

    bot = actions.add_parser("bot", help="play a bot against a server",
                             description="Connect bots to a tournament server and play until it closes the "
                                         "connection (or --games games).",
                             epilog=EPILOG, formatter_class=argparse.RawDescriptionHelpFormatter)
    bot.add_argument("--strategy", default="coop", metavar="NAME",
                     help="coop, defect, tit-for-tat, rational, FILE.py:CLASS or MODULE:CLASS (default: coop)")
    bot.add_argument("--host", default="127.0.0.1", help="the server's address (default: 127.0.0.1)")
    bot.add_argument("--port", type=_port, default=1337, help="the server's port (default: 1337)")
    bot.add_argument("--count", type=whole_number_argument, default=1, metavar="N",
                     help="connect N bots of this strategy at once (default: 1)")
    bot.add_argument("--games", type=whole_number_argument, default=None, metavar="N",
                     help="leave after N games (default: stay until the server closes)")

    run_ = actions.add_parser("run", help="a whole tournament of bots on this machine",
                              description="Start a server on loopback, connect the bots in the order given, "
                                          "play one game, and print the standings.",
                              epilog=EPILOG, formatter_class=argparse.RawDescriptionHelpFormatter)
    run_.add_argument("--bots", required=True, metavar="NAME,NAME=COUNT,...",
                      help="the bots, in order: coop, defect, tit-for-tat, rational, FILE.py:CLASS or "
                           "MODULE:CLASS, each with =COUNT to play it several times")
    game_options(run_, 5.0)
    run_.add_argument("--log", metavar="FILE", help="write the log of every round to FILE as JSON")
    run_.add_argument("--json", action="store_true", help="print the standings as JSON")

    check = actions.add_parser("check", help="replay a game's log and check every figure in it",
                               description="Replay a log written by run or serve from the players' answers: "
                                           "groups, bounties, rankings, votes, who was thrown over and sat out, "
                                           "and the scores.  Exit status 1 when a figure disagrees.")
    check.add_argument("log", metavar="LOG", help="the JSON log")


def run(args: argparse.Namespace, out: TextIO) -> int:
    if args.action == "check":
        return _check(args.log, out)
    if args.action == "bot":
        return _bot(args, out)
    if not 1 <= args.rounds <= MAX_ROUNDS:
        raise TournamentError(f"--rounds must be between 1 and {MAX_ROUNDS:,}, got {args.rounds}")
    links = LINKS if args.links is None else parse_links(args.links)
    if args.action == "serve":
        return _serve(args, links, out)
    return _run(args, links, out)


def _check(path: str, out: TextIO) -> int:
    data = read_log(path)
    try:
        checked = check_log(data)
    except LogMismatch as mismatch:
        out.write(f"{path} does not check: {mismatch}\n")
        return 1
    out.write(f"{path} checks: {checked.players:,} players, {checked.rounds:,} rounds, "
              f"{checked.proposals:,} proposals, {checked.thrown:,} "
              f"{'leader' if checked.thrown == 1 else 'leaders'} thrown overboard; every group, "
              f"bounty, vote and score agrees with the answers.\n")
    return 0


def _bot(args: argparse.Namespace, out: TextIO) -> int:
    if not 1 <= args.count <= MAX_BOTS:
        raise TournamentError(f"--count must be between 1 and {MAX_BOTS}, got {args.count}")
    if args.games is not None and args.games < 1:
        raise TournamentError(f"--games must be at least 1, got {args.games}")
    kind = strategy(args.strategy)

    async def everyone() -> list[int]:
        return await asyncio.gather(*(connect_and_play(kind(), args.host, args.port, args.games)
                                      for _ in range(args.count)))
    played = asyncio.run(everyone())
    out.write(f"{args.count} {kind.name} bot{'s' if args.count > 1 else ''} played {sum(played):,} "
              f"game{'s' if sum(played) != 1 else ''} on {args.host}:{args.port}.\n")
    return 0


def _run(args: argparse.Namespace, links: Mapping[str, int], out: TextIO) -> int:
    lineup = parse_lineup(args.bots)
    kinds = {name: strategy(name) for name in dict.fromkeys(lineup)}
    destination = None if args.log is None else Path(args.log)
    if destination is not None and (destination.is_dir() or not destination.parent.is_dir()):
        raise TournamentError(f"--log: cannot write {destination}: "
                              f"{'a folder' if destination.is_dir() else 'no such folder'}")
    printer = progress_printer("rounds played") if args.rounds > 1 else None
    try:
        played = asyncio.run(tournament([kinds[name]() for name in lineup], rounds=args.rounds, seed=args.seed,
                                        timeout=args.timeout, links=links,
                                        progress=None if printer is None else lambda done: printer(done, args.rounds)))
    finally:
        end_progress(printer)
    game = played.game
    labels = {name: name if name in STRATEGIES else kind.__name__ for name, kind in kinds.items()}
    strategies = {player: labels[name] for player, name in zip(game.scores, lineup)}
    record = game_record(game, seed=args.seed)
    record["strategies"] = strategies
    if destination is not None:
        _write(destination, json.dumps(record, indent=1))
    if args.json:
        out.write(json.dumps({"standings": _rows(game, strategies), "by_strategy": _by_strategy(game, strategies),
                              "scores": game.scores}, indent=2) + "\n")
    else:
        out.write(f"Prisoner-and-Pirate tournament: {len(lineup)} bots, {args.rounds} round"
                  f"{'s' if args.rounds > 1 else ''}, {'no seed' if args.seed is None else f'seed {args.seed}'}; "
                  f"links CC {links['CC']}, "
                  f"CT {links['CT']}, TT {links['TT']}.\n\n")
        out.write(standings(game, strategies) + "\n")
        if destination is not None:
            out.write(f"\nThe log of every round is in {destination}.\n")
    return 0


def _write(path: Path, text: str) -> None:
    """Write ``text`` whole or not at all."""
    partial = path.with_name(path.name + ".partial")
    try:
        partial.write_text(text, encoding="utf-8")
        partial.replace(path)
    except OSError as error:
        partial.unlink(missing_ok=True)
        raise TournamentError(f"cannot write {path}: {error.strerror or error}") from None


def _thrown(game: Game) -> dict[str, int]:
    counts = {name: 0 for name in game.scores}
    for record in game.log:
        for name in record["thrown"]:
            counts[name] += 1
    return counts


def _rows(game: Game, strategies: Mapping[str, str]) -> list[dict[str, Any]]:
    thrown = _thrown(game)
    order = sorted(game.scores, key=lambda name: -game.scores[name])
    return [{"rank": place, "player": name, "strategy": strategies.get(name, ""), "score": game.scores[name],
             "thrown": thrown[name], "missed": game.missed[name]} for place, name in enumerate(order, start=1)]


def _by_strategy(game: Game, strategies: Mapping[str, str]) -> list[dict[str, Any]]:
    scores: dict[str, list[int]] = {}
    for name, score in game.scores.items():
        scores.setdefault(strategies.get(name, ""), []).append(score)
    rows = [{"strategy": kind, "bots": len(found), "mean": sum(found) / len(found), "best": max(found),
             "worst": min(found)} for kind, found in scores.items()]
    return sorted(rows, key=lambda row: -row["mean"])


def _table(header: Sequence[str], rows: list[Sequence[Any]], left: set[str]) -> list[str]:
    """Columns padded to fit; those named in ``left`` to the left, the rest to the right."""
    cells = [[str(c) for c in header]] + [[str(c) for c in row] for row in rows]
    widths = [max(len(row[i]) for row in cells) for i in range(len(header))]
    return ["  ".join(c.ljust(w) if name in left else c.rjust(w)
                      for name, c, w in zip(header, row, widths)).rstrip() for row in cells]


def standings(game: Game, strategies: Mapping[str, str] | None = None) -> str:
    """The standings as a table, best first (the first :data:`SHOWN` rows, then a count of the rest),
    and, when more than one strategy played, each strategy's mean score."""
    strategies = strategies or {}
    rows = _rows(game, strategies)
    shown = rows if len(rows) <= SHOWN + 5 else rows[:SHOWN]
    columns = ["rank", "player"] + (["strategy"] if strategies else []) + ["score", "thrown", "missed"]
    lines = _table(columns, [[row[c] for c in columns] for row in shown], left={"player", "strategy"})
    if len(shown) < len(rows):
        lines.append(f"... and {len(rows) - len(shown):,} more, down to a score of {rows[-1]['score']:,}")
    kinds = _by_strategy(game, strategies) if strategies else []
    if len(kinds) > 1:
        lines += ["", "By strategy:"] + _table(["strategy", "bots", "mean score", "best", "worst"],
                                              [[k["strategy"], k["bots"], f"{k['mean']:.1f}", k["best"], k["worst"]]
                                               for k in kinds], left={"strategy"})
    return "\n".join(lines)


def _serve(args: argparse.Namespace, links: Mapping[str, int], out: TextIO) -> int:
    if args.players is not None and not 1 <= args.players <= MAX_BOTS:
        raise TournamentError(f"--players must be between 1 and {MAX_BOTS}, got {args.players}")
    if args.games is not None and args.games < 1:
        raise TournamentError(f"--games must be at least 1, got {args.games}")
    folder = None if args.log_dir is None else Path(args.log_dir)
    if folder is not None and not folder.is_dir():
        raise TournamentError(f"--log-dir: no such folder {folder}")

    def say(text: str) -> None:
        out.write(text + "\n")
        out.flush()

    try:
        asyncio.run(_serving(args, links, folder, say))
    except KeyboardInterrupt:
        say("stopped")
    return 0


async def _serving(args: argparse.Namespace, links: Mapping[str, int], folder: Path | None, say) -> None:
    server = Server(rounds=args.rounds, timeout=args.timeout, links=links, seed=args.seed, max_players=MAX_BOTS,
                    on_event=say)
    host, port = await server.start(args.host, args.port)
    commands = _operator()
    how = [] if commands is None else ["press Enter to start a game"]
    if args.players is not None:
        how.append(f"a game starts when {args.players} players are connected")
    if not how:
        await server.close()
        raise TournamentError("standard input is not a terminal or a pipe: give --players to start games")
    say(f"Serving on {host}:{port}: {' or '.join(how)}; {args.rounds} rounds a game.")
    try:
        while args.games is None or server.games_played < args.games:
            if not await _next_start(server, commands, args.players, say):
                break
            if not server.waiting:
                say("nobody is connected: no game")
                continue
            say(f"game {server.games_played + 1}: {len(server.waiting)} players")
            game = await server.play()
            say(standings(game))
            if folder is not None:
                path = folder / f"game-{server.games_played}.json"
                _write(path, json.dumps(game_record(game, seed=game.seed), indent=1))
                say(f"wrote {path}")
            if not math.isnan(server.round_trips.slowest):
                say(f"slowest answer: {server.round_trips.slowest * 1000:.1f} ms")
    finally:
        await server.close()


def _operator() -> asyncio.Queue[str | None] | None:
    """The operator's lines on standard input, as they come; None where it cannot be watched."""
    queue: asyncio.Queue[str | None] = asyncio.Queue()
    loop = asyncio.get_running_loop()

    def readable() -> None:
        line = sys.stdin.readline()
        if not line:
            loop.remove_reader(sys.stdin.fileno())
            queue.put_nowait(None)
        else:
            queue.put_nowait(line.strip().lower())
    try:
        loop.add_reader(sys.stdin.fileno(), readable)
    except (OSError, ValueError, NotImplementedError, AttributeError):
        return None
    return queue


async def _next_start(server: Server, commands: asyncio.Queue[str | None] | None, players: int | None, say) -> bool:
    """Wait for a game to start: True to play one, False to stop."""
    waits: list[asyncio.Task[Any]] = []
    if players is not None:
        waits.append(asyncio.create_task(server.wait_for_players(players)))
    typed = None
    while True:
        if commands is not None and typed is None:
            typed = asyncio.create_task(commands.get())
        done, _ = await asyncio.wait(waits + ([typed] if typed else []), return_when=asyncio.FIRST_COMPLETED)
        if typed is not None and typed in done:
            line, typed = typed.result(), None
            if line is None:
                commands = None
                if not waits:
                    say("standard input closed: no more games")
                    return False
            elif line in ("", "start"):
                break
            elif line == "quit":
                return False
            elif line == "who":
                say(f"{len(server.waiting)} connected: {' '.join(server.waiting) or 'nobody'}")
            else:
                say(f"unknown command {line!r}: Enter or start, who, quit")
        if any(w in done for w in waits):
            break
    for task in waits + ([typed] if typed else []):
        task.cancel()
    return True


COMMAND = Command(help="the Prisoner-and-Pirate bot tournament over TCP (serve, bot, run, check)",
                  add_arguments=add_arguments, run=run,
                  description="The Prisoner-and-Pirate bot tournament (seed 001): a Prisoner round of C and T\n"
                              "answers joins players into groups, and each group plays a Pirate game for its\n"
                              "bounty.  Serve it on TCP, play bots against it, or run a whole one here.",
                  epilog=EPILOG)
