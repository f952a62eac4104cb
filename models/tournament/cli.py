"""``epistemic tournament``: serve a Prisoner-and-Pirate tournament, play bots in it, run a whole
one on this machine, and check a game's log (seed ``001``)."""

from __future__ import annotations

import argparse
import asyncio
import json
import sys
from collections.abc import Mapping
from pathlib import Path
from typing import TextIO

from epistemic.files import check_destination
from epistemic.models import Command, end_progress, progress_printer, seconds_argument, whole_number_argument
from epistemic.models import cards

from .bots import LOAD_SECONDS, STRATEGIES, Bot, connect_and_play, failure, new_bot, strategy
from .log import LogMismatch, check_file, game_record, save_log
from .logsize import check_size
from .rules import LINKS, TournamentError, unique_name, whole
from .runner import MAX_BOTS, parse_lineup, tournament
from .server import Server
from .screen import Screen
from .serving import serve, until_interrupted
from .standings import by_strategy, default_rows, standing_rows, standings

__all__ = ["COMMAND", "add_arguments", "run", "parse_links", "MAX_ROUNDS"]

#: The most Prisoner rounds in a game.
MAX_ROUNDS = 10_000
#: The most seconds a player may be given to answer.
MAX_TIMEOUT = 600.0
#: The largest value of a link.
MAX_LINK = 1_000_000
#: The exit status of a server stopped by Ctrl-C, as of every command stopped so.
INTERRUPTED = 130

EPILOG = """\
examples:
  epistemic tournament run --bots coop,defect,tit-for-tat,rational --rounds 5 --seed 1
  epistemic tournament run --bots coop=50,defect=50,tit-for-tat=50,rational=50 --log game.json
  epistemic tournament check game.json
  epistemic tournament serve --port 1337 --rounds 5          (then press Enter to start a game)
  epistemic tournament bot --strategy rational --port 1337
  epistemic tournament bot --strategy my_bot.py:Greedy --port 1337
"""


_seconds = seconds_argument(MAX_TIMEOUT)


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
        if not (whole(value) and int(value) <= MAX_LINK):
            raise TournamentError(f"--links: {item!r}: a link is worth a whole number from 0 to {MAX_LINK:,}")
        for same in ({"CT", "TC"} if key in ("CT", "TC") else {key}):
            links[same] = int(value)
    return links


def add_arguments(p: argparse.ArgumentParser) -> None:
    actions = p.add_subparsers(dest="action", metavar="ACTION", required=True)

    def load_option(q: argparse.ArgumentParser) -> None:
        q.add_argument("--load-timeout", type=_seconds, default=LOAD_SECONDS, metavar="SECONDS",
                       help=f"time a bot's file or module has to load, its code at import included "
                            f"(default: {LOAD_SECONDS:g})")

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
    load_option(bot)

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
    load_option(run_)

    check = actions.add_parser("check", help="replay a game's log and check every figure in it",
                               description="Replay a log written by run or serve from the players' answers: "
                                           "groups, bounties, rankings, votes, who was thrown over and sat out, "
                                           "and the scores.  Exit status 1 when a figure disagrees.")
    check.add_argument("log", metavar="LOG", help="the JSON log")


def _path(value: str | None, option: str, what: str) -> Path | None:
    """The path an ``option`` names, or None where it is not given; refused where its value is
    empty, which would name nothing, or the current folder, without saying so."""
    if value is None:
        return None
    if not value:
        raise TournamentError(f"{option} names no {what}: its value is empty")
    return Path(value)


def run(args: argparse.Namespace, out: TextIO) -> int:
    if args.action == "check":
        _path(args.log, "LOG", "file")
        return _check(args.log, out)
    if args.action in ("serve", "bot") and not args.host:  # listening on '' is listening on every address
        raise TournamentError("--host names no address: its value is empty")
    if args.action == "bot":
        return _bot(args, out)
    if not 1 <= args.rounds <= MAX_ROUNDS:
        raise TournamentError(f"--rounds must be between 1 and {MAX_ROUNDS:,}, got {args.rounds}")
    links = LINKS if args.links is None else parse_links(args.links)
    if args.action == "serve":
        return _serve(args, links, out)
    return _run(args, links, out)


def _check(path: str, out: TextIO) -> int:
    try:
        checked = check_file(path)
    except LogMismatch as mismatch:
        out.write(f"{path} does not check: {mismatch}\n")
        return 1
    stopped = "" if checked.interrupted is None else \
        f" (interrupted in round {checked.interrupted[0]:,} of {checked.interrupted[1]:,})"
    out.write(f"{path} checks: {checked.players:,} players, {checked.rounds:,} rounds{stopped}, "
              f"{checked.proposals:,} proposals, {checked.thrown:,} "
              f"{'leader' if checked.thrown == 1 else 'leaders'} thrown overboard; every group, "
              f"bounty, vote and score agrees with the answers.\n")
    return 0


def _bot(args: argparse.Namespace, out: TextIO) -> int:
    if not 1 <= args.count <= MAX_BOTS:
        raise TournamentError(f"--count must be between 1 and {MAX_BOTS}, got {args.count}")
    if args.games is not None and args.games < 1:
        raise TournamentError(f"--games must be at least 1, got {args.games}")
    kind = strategy(args.strategy, args.load_timeout)

    bots = [new_bot(kind) for _ in range(args.count)]

    async def everyone() -> list[int]:
        return await asyncio.gather(*(connect_and_play(bot, args.host, args.port, args.games) for bot in bots))
    try:
        played = asyncio.run(everyone())
    except TournamentError:
        raise
    except Exception as error:  # the bot's own code failed: say what, in one line
        raise TournamentError(f"the {kind.name} bot failed: {failure(error)}") from None
    least, most = min(played), max(played)
    games = f"{most:,} game{'s' if most != 1 else ''}" if least == most else f"from {least:,} to {most:,} games"
    out.write(f"{args.count} {kind.name} bot{'s' if args.count > 1 else ''} played {games}"
              f"{' each' if args.count > 1 else ''} on {args.host}:{args.port}.\n")
    return 0


def _run(args: argparse.Namespace, links: Mapping[str, int], out: TextIO) -> int:
    destination = _path(args.log, "--log", "file")
    if destination is not None:
        check_destination(destination, lambda message: TournamentError(f"--log: {message}"))
    lineup = parse_lineup(args.bots)
    check_size(len(lineup), args.rounds, links=links, seed=args.seed)
    kinds = {name: strategy(name, args.load_timeout) for name in dict.fromkeys(lineup)}
    labels = {name: name if name in STRATEGIES else kind.__name__ for name, kind in kinds.items()}
    bots = [new_bot(kinds[name]) for name in lineup]
    check_size(len(lineup), args.rounds, links=links, seed=args.seed,
               name=max(len(json.dumps(_name_given(bot, number))) for number, bot in enumerate(bots)),
               label=max(len(json.dumps(label)) for label in labels.values()))
    printer = progress_printer("rounds played") if args.rounds > 1 else None
    try:
        played = asyncio.run(tournament(bots, rounds=args.rounds, seed=args.seed,
                                        timeout=args.timeout, links=links,
                                        progress=None if printer is None else lambda done: printer(done, args.rounds)))
    finally:
        end_progress(printer)
    game = played.game
    for name, what in played.failures.items():
        print(f"warning: the bot of {name} failed ({what}); it got the defaults from then on", file=sys.stderr)
    strategies = {player: labels[name] for player, name in zip(game.scores, lineup)}
    record = game_record(game, seed=args.seed)
    record["strategies"] = strategies
    if destination is not None:
        save_log(destination, record)
    if args.json:
        out.write(json.dumps({"standings": standing_rows(game, strategies), "by_strategy": by_strategy(game, strategies),
                              "scores": game.scores, "defaults": default_rows(game)}, indent=2) + "\n")
    else:
        out.write(f"Prisoner-and-Pirate tournament: {len(lineup)} bots, {args.rounds} round"
                  f"{'s' if args.rounds > 1 else ''}, {'no seed' if args.seed is None else f'seed {args.seed}'}; "
                  f"links CC {links['CC']}, "
                  f"CT {links['CT']}, TT {links['TT']}.\n\n")
        out.write(standings(game, strategies) + "\n")
        if destination is not None:
            out.write(f"\nThe log of every round is in {destination}.\n")
    return 0


def _name_given(bot: Bot, number: int) -> str:
    """The name the ``number``-th bot of a run is given (:func:`~.rules.unique_name`)."""
    try:
        name = bot.name
    except Exception:  # a bot's own code, which fails at Start too: the default name
        name = None
    return unique_name(name if isinstance(name, str) else None, number)


def _serve(args: argparse.Namespace, links: Mapping[str, int], out: TextIO) -> int:
    if args.players is not None and not 1 <= args.players <= MAX_BOTS:
        raise TournamentError(f"--players must be between 1 and {MAX_BOTS}, got {args.players}")
    if args.games is not None and args.games < 1:
        raise TournamentError(f"--games must be at least 1, got {args.games}")
    folder = _path(args.log_dir, "--log-dir", "folder")
    if folder is not None and folder.exists() and not folder.is_dir():
        raise TournamentError(f"--log-dir: {folder} is a file, not a folder")
    screen = Screen(out, status=sys.stderr)
    server = Server(rounds=args.rounds, timeout=args.timeout, links=links, seed=args.seed, max_players=MAX_BOTS,
                    on_event=screen.say)
    try:
        try:
            stopped = asyncio.run(until_interrupted(serve(
                server, args.host, args.port, players=args.players, games=args.games, folder=folder,
                say=screen.say, show=screen.show if screen.live else None, commands=sys.stdin)))
        except KeyboardInterrupt:  # before the loop runs, or where it takes no signal handler
            stopped = True
        if stopped:
            screen.say("stopped")
    finally:
        screen.close()
    return INTERRUPTED if stopped else 0


COMMAND = Command(help=cards.TOURNAMENT.help,
                  add_arguments=add_arguments, run=run,
                  description="The Prisoner-and-Pirate bot tournament (seed 001): a Prisoner round of C and T\n"
                              "answers joins players into groups, and each group plays a Pirate game for its\n"
                              "bounty.  Serve it on TCP, play bots against it, or run a whole one here.",
                  epilog=EPILOG)
