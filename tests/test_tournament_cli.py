"""``epistemic tournament``: run, check, serve and bot from the command line, and bad input
answered in one line with status 2."""

from __future__ import annotations

import asyncio
import json
import os
import re
import socket
import subprocess
from pathlib import Path

import pytest

from cli_runs import HUNG, run, run_child
from epistemic.models.tournament import Cooperator, RationalPirate, log as log_module, logsize
from tournament_script import held_player, play_bots, serve_process, served_address

LINEUP = "coop,defect,tit-for-tat,rational"
#: The time to answer where every bot must answer in time: a guard against a hang, which no
#: machine however busy comes near, since the game waits for it only where an answer does not come.
PATIENT = ("--timeout", str(HUNG))


def test_run_prints_the_standings(capsys):
    code, out, err = run(capsys, "tournament", "run", "--bots", LINEUP, "--rounds", "5", "--seed", "1")
    assert code == 0 and err == ""
    lines = out.splitlines()
    assert lines[0] == "Prisoner-and-Pirate tournament: 4 bots, 5 rounds, seed 1; links CC 10, CT 4, TT 0."
    assert re.fullmatch(r"rank +player +strategy +score +thrown +missed +invalid", lines[2])
    ranked = [line.split() for line in lines[3:7]]
    assert [row[0] for row in ranked] == ["1", "2", "3", "4"]
    assert sorted(row[2] for row in ranked) == ["coop", "defect", "rational", "tit-for-tat"]
    scores = [int(row[3]) for row in ranked]
    assert scores == sorted(scores, reverse=True)
    assert "By strategy:" in lines


def test_run_writes_a_log_that_checks(capsys, tmp_path):
    path = tmp_path / "game.json"
    code, out, _ = run(capsys, "tournament", "run", "--bots", "coop=3,rational=2,defect", "--rounds", "3",
                       "--seed", "4", "--log", str(path), "--json")
    assert code == 0
    standings = json.loads(out)
    data = json.loads(path.read_text())
    assert data["scores"] == standings["scores"]
    assert data["strategies"] == {"Coop-0": "coop", "Coop-1": "coop", "Coop-2": "coop", "Rational-3": "rational",
                                  "Rational-4": "rational", "Defect-5": "defect"}
    assert [row["strategy"] for row in standings["by_strategy"]][-1] == "defect"
    code, out, _ = run(capsys, "tournament", "check", str(path))
    assert (code, out) == (0, f"{path} checks: 6 players, 3 rounds, {_proposals(data)} proposals, "
                              f"{_thrown(data)} thrown overboard; every group, bounty, vote and score agrees "
                              f"with the answers.\n")
    data["log"][-1]["scores"]["Defect-5"] = 3
    path.write_text(json.dumps(data))
    code, out, _ = run(capsys, "tournament", "check", str(path))
    assert code == 1 and out.startswith(f"{path} does not check: round 3: scores: the replay gives")


def _proposals(data):
    return sum(len(e["proposals"]) for r in data["log"] for e in r["groups"])


def _thrown(data):
    count = sum(len(r["thrown"]) for r in data["log"])
    return f"{count} leader" if count == 1 else f"{count} leaders"


def test_run_with_a_bot_of_ones_own(capsys):
    code, out, _ = run(capsys, "tournament", "run", "--bots", "docs/examples/grudger_bot.py:Grudger,defect",
                       "--rounds", "2")
    assert code == 0
    assert re.search(r"Grudger-0 +Grudger", out) and re.search(r"Defect-1 +defect", out)


def test_a_long_standings_table_is_cut(capsys):
    code, out, _ = run(capsys, "tournament", "run", "--bots", "coop=30,defect=10", "--rounds", "1", "--seed", "1")
    assert code == 0
    lines = out.splitlines()
    assert lines[23] == "... and 20 more, down to a score of 0"
    assert len(lines) < 35


BAD = [
    (["run", "--bots", "coop,clever"], "unknown strategy 'clever'"),
    (["run", "--bots", "coop=0"], "a count is a whole number from 1 to 1000"),
    (["run", "--bots", "coop=1001"], "a count is a whole number from 1 to 1000"),
    (["run", "--bots", "coop=600,defect=600"], "more than 1000 bots"),
    (["run", "--bots", "coop=1000", "--rounds", "10000"], "could make a log of 262,194 MiB"),
    (["run", "--bots", "coop", "--rounds", "0"], "--rounds must be between 1 and 10,000"),
    (["run", "--bots", "coop", "--links", "XY=3"], "--links: 'XY=3': expected CC=N, CT=N or TT=N"),
    (["run", "--bots", "coop", "--links", "CC=-1"], "a link is worth a whole number"),
    (["run", "--bots", "coop", "--log", "no/such/folder/game.json"], "the folder"),
    (["bot", "--count", "0"], "--count must be between 1 and 1000"),
    (["serve", "--players", "0"], "--players must be between 1 and 1000"),
    (["check", "no-such-log.json"], "cannot read the file: No such file"),
    (["bot", "--host", "a" * 70 + ".com"], "cannot reach"),
    (["serve", "--host", "a" * 70 + ".com", "--players", "2"], "cannot listen on"),
    (["run", "--bots", "tests/tournament_script.py:Script"], "has no Bot subclass named Script"),
    # an empty path would name nothing, or the current folder; an empty host every address (each
    # serve has a fault found later too, so that it stops even where the empty value is let through)
    (["check", ""], "LOG names no file: its value is empty"),
    (["run", "--bots", "coop", "--log", ""], "--log names no file: its value is empty"),
    (["serve", "--players", "1", "--log-dir", "", "--host", "a" * 70 + ".com"],
     "--log-dir names no folder: its value is empty"),
    (["serve", "--players", "0", "--host", ""], "--host names no address: its value is empty"),
    (["bot", "--host", ""], "--host names no address: its value is empty"),
]


@pytest.mark.parametrize("argv, says", BAD, ids=[" ".join(a) for a, _ in BAD])
def test_bad_input_is_one_line_and_status_2(capsys, argv, says):
    code, out, err = run(capsys, "tournament", *argv)
    assert code == 2 and out == ""
    assert says in err and len(err.strip().splitlines()) == 1


@pytest.mark.parametrize("flag, value", [("--timeout", "0"), ("--timeout", "soon"), ("--port", "70000")])
def test_bad_options_are_refused_by_the_parser(capsys, flag, value):
    code, _, err = run(capsys, "tournament", "serve", flag, value)
    assert code == 2 and value in err


def test_check_refuses_what_is_no_log(capsys, tmp_path, monkeypatch):
    cases = {"text.json": b"not json", "binary.json": b"\xff\xfe", "other.json": b'{"format": "something"}',
             "big.json": b" " * 2000}
    monkeypatch.setattr(log_module, "MAX_LOG_BYTES", 1000)
    for name, content in cases.items():
        (tmp_path / name).write_bytes(content)
    says = {"text.json": "invalid JSON", "binary.json": "not UTF-8", "other.json": "not a tournament log",
            "big.json": "larger than"}
    for name in cases:
        code, _, err = run(capsys, "tournament", "check", str(tmp_path / name))
        assert code == 2 and says[name] in err, name
    fifo = tmp_path / "pipe"
    os.mkfifo(fifo)
    code, _, err = run(capsys, "tournament", "check", str(fifo))  # would block forever if it were read
    assert code == 2 and "not a regular file" in err


def test_a_bot_that_finds_no_server(capsys):
    with socket.socket() as taken:  # bound, never listening: a connection is refused, and no one else can bind it
        taken.bind(("127.0.0.1", 0))
        port = taken.getsockname()[1]
        code, _, err = run(capsys, "tournament", "bot", "--port", str(port))
    assert code == 2 and f"cannot reach 127.0.0.1:{port}" in err


def test_serve_on_a_port_in_use(capsys):
    with socket.socket() as taken:
        taken.bind(("127.0.0.1", 0))
        taken.listen()
        port = taken.getsockname()[1]
        code, _, err = run(capsys, "tournament", "serve", "--port", str(port), "--players", "2")
    assert code == 2 and f"cannot listen on 127.0.0.1:{port}" in err


def test_serve_starts_when_enough_players_join(tmp_path):
    server = serve_process("--players", "3", "--games", "1", "--rounds", "2", "--seed", "5", "--log-dir", str(tmp_path),
                           *PATIENT)
    try:
        host, port = served_address(server.stdout.readline())
        played = asyncio.run(play_bots(host, port, Cooperator(), RationalPirate(), Cooperator()))
        out, err = server.communicate(timeout=HUNG)
    finally:
        server.kill()
    assert server.returncode == 0, err
    assert played == [1, 1, 1]
    assert "game 1: 3 players" in out and re.search(r"1 +Rational-1", out)
    data = json.loads((tmp_path / "game-1.json").read_text())
    assert data["seed"] == 5 and list(data["scores"]) == ["Coop-0", "Rational-1", "Coop-2"]


def test_serve_takes_the_operators_commands():
    """Commands pasted at once are each answered at once, during a game too; quit stops after it.
    A player who says nothing until the commands are answered holds the game up till then."""
    server = serve_process("--rounds", "3", *PATIENT, stdin=subprocess.PIPE)
    try:
        host, port = served_address(server.stdout.readline())

        def line():
            return asyncio.to_thread(server.stdout.readline)

        def typed(text):
            server.stdin.write(text)
            server.stdin.flush()

        async def scenario():
            answered = asyncio.Event()
            bots = asyncio.gather(play_bots(host, port, Cooperator(), Cooperator()), held_player(host, port, answered))
            while not (await line()).startswith("player #2"):
                pass
            typed("who\nwho\ndance\n")  # three commands in one write: three answers, nothing left waiting
            assert [await line() for _ in range(3)] == ["3 connected: #0 #1 #2\n"] * 2 + [
                "unknown command 'dance': Enter or start, who, quit\n"]
            typed("\n")  # a game, held up by the player who says nothing
            assert await line() == "game 1: 3 players\n"
            typed("who\n\nquit\n")
            assert [await line() for _ in range(3)] == ["3 connected: #0 #1 #2\n", "a game is on: press Enter "
                                                        "again when it ends\n", "stopping after this game\n"]
            answered.set()
            return await bots
        played = asyncio.run(scenario())
        out, err = server.communicate(timeout=HUNG)
    finally:
        server.kill()
    assert server.returncode == 0, err
    assert played == [[1, 1], None]
    assert re.search(r"rank +player +score", out) and "game 2" not in out


def test_the_shipped_log_is_what_the_documented_run_writes(capsys, tmp_path):
    """docs/examples/tournament-log.json is the log of docs/tournament.md's run: the same bots,
    rounds and seed give it again, figure for figure."""
    path = tmp_path / "game.json"
    # the time to answer, which the log does not keep, long enough for every bot on a busy machine
    code, _, _ = run(capsys, "tournament", "run", "--bots", LINEUP, "--rounds", "5", "--seed", "1", "--log", str(path),
                     *PATIENT)
    assert code == 0
    shipped = Path(__file__).resolve().parent.parent / "docs" / "examples" / "tournament-log.json"
    assert json.loads(path.read_text()) == json.loads(shipped.read_text())


def test_a_bot_of_ones_own_that_fails(capsys, tmp_path):
    """A class that cannot be made is refused in one line; a bot whose code raises mid-game is
    named in a warning, and the game goes on with its defaults."""
    (tmp_path / "bots.py").write_text("from epistemic.models.tournament import Bot\n"
                                      "class NeedsArg(Bot):\n    def __init__(self, x): pass\n"
                                      "class Crashes(Bot):\n    name = 'Crash'\n"
                                      "    def choose(self, other): return 1 / 0\n")
    code, out, err = run(capsys, "tournament", "run", "--bots", f"{tmp_path}/bots.py:NeedsArg,coop")
    assert (code, out) == (2, "") and "cannot make a NeedsArg bot: TypeError:" in err
    code, out, err = run(capsys, "tournament", "run", "--bots", f"{tmp_path}/bots.py:Crashes,coop,coop", "--rounds", "2",
                         *PATIENT)
    assert code == 0 and re.search(r"Crash-0 +Crashes +0 +0 +2", out)
    assert err == "warning: the bot of Crash-0 failed (ZeroDivisionError: division by zero); it got the defaults " \
                  "from then on\n"


def test_a_start_before_quit_is_played():
    """Commands count in the order they came: start then quit plays one game, then stops."""
    server = serve_process("--rounds", "2", *PATIENT, stdin=subprocess.PIPE)
    try:
        host, port = served_address(server.stdout.readline())

        async def scenario():
            bots = asyncio.gather(play_bots(host, port, Cooperator(), Cooperator()))
            while not (await asyncio.to_thread(server.stdout.readline)).startswith("player #1"):
                pass
            server.stdin.write("start\nquit\n")
            server.stdin.flush()
            return await bots
        played = asyncio.run(scenario())
        out, err = server.communicate(timeout=HUNG)
    finally:
        server.kill()
    assert (server.returncode, played) == (0, [[1, 1]]), err
    assert "stopping after this game" in out and "game 1: 2 players" in out and "game 2" not in out


def test_serve_whose_output_nobody_reads_serves_on():
    """With its output closed (``serve ... | head -1``), the server still plays and ends cleanly."""
    server = serve_process("--players", "1", "--games", "1", *PATIENT)
    try:
        host, port = served_address(server.stdout.readline())
        server.stdout.close()
        played = asyncio.run(play_bots(host, port, Cooperator()))
        server.wait(timeout=HUNG)
        err = server.stderr.read()
    finally:
        server.kill()
    assert (server.returncode, played, err) == (0, [1], "")


def test_a_share_that_is_no_whole_number_reaches_the_log_the_table_and_json(capsys, tmp_path):
    """Two bots that lead by giving the other half a coin: their shares add up and are taken,
    the other pirate getting 0, and that default is in the log, the standings and --json."""
    (tmp_path / "bots.py").write_text("from epistemic.models.tournament import Bot\n"
                                      "class Halves(Bot):\n    name = 'Half'\n"
                                      "    def propose(self, amount, pirates):\n"
                                      "        return {name: amount if name == self.me else 0.5 for name in pirates}\n")
    bots, log = f"{tmp_path}/bots.py:Halves=2", tmp_path / "game.json"
    code, out, _ = run(capsys, "tournament", "run", "--bots", bots, "--rounds", "2", "--log", str(log), "--json",
                       *PATIENT)
    assert code == 0
    given = json.loads(out)["defaults"]
    assert {row["why"] for row in given} <= {"no whole number for Half-0: '0.5'", "no whole number for Half-1: '0.5'"}
    assert sum(row["times"] for row in given) == 2 and all(row["asked"] == "shares" for row in given)
    logged = json.loads(log.read_text())
    assert sorted((row["round"], row["player"], row["why"]) for row in logged["defaults"]) == [
        (number, leader, f"no whole number for {other}: '0.5'")
        for number, (leader, other) in enumerate(_leaders(logged), start=1)]
    assert {(row["player"], row["why"]) for row in given} == {(row["player"], row["why"]) for row in logged["defaults"]}
    assert sum(logged["invalid"].values()) == 2
    code, out, _ = run(capsys, "tournament", "run", "--bots", bots, "--rounds", "2", *PATIENT)
    table = out[out.index("Defaults given"):].splitlines()
    assert any(re.fullmatch(r"Half-[01] +shares +[12] +no whole number for Half-[01]: '0\.5'", line) for line in table)


def _leaders(data):
    """Each round's leader and the pirate he leads, of a game of two who always cooperate."""
    return [tuple(record["groups"][0]["ranking"]) for record in data["log"]]


def test_run_counts_the_bots_names_and_strategies_in_the_size_of_the_log(capsys, tmp_path, monkeypatch):
    """A line-up whose log fits with coop bots is refused with bots of the longest name, and
    with bots named Coop whose strategy, the log's label for them, is a long class name."""
    long_class = "Cooperator" + "X" * 30
    (tmp_path / "bots.py").write_text("from epistemic.models.tournament import Bot\n"
                                      f"class Long(Bot):\n    name = {'L' * 40!r}\n"
                                      f"class {long_class}(Bot):\n    name = 'Coop'\n")
    monkeypatch.setattr(logsize, "MAX_LOG_BYTES", logsize.log_bound(
        3, 2, name=len('"Coop-2"'), label=len('"coop"')))
    code, out, _ = run(capsys, "tournament", "run", "--bots", "coop=3", "--rounds", "2")
    assert code == 0 and "Coop-2" in out
    code, out, err = run(capsys, "tournament", "run", "--bots", f"{tmp_path}/bots.py:Long=3", "--rounds", "2")
    assert (code, out) == (2, "") and "2 rounds of 3 players named so (up to 36 bytes a name) could make a log" in err
    code, out, err = run(capsys, "tournament", "run", "--bots", f"{tmp_path}/bots.py:{long_class}=3", "--rounds", "2")
    assert (code, out) == (2, "") and "2 rounds of 3 players named so (up to 8 bytes a name) could make a log" in err


def test_a_bot_that_exits_is_a_failed_bot(capsys, tmp_path):
    (tmp_path / "bots.py").write_text("import sys\nfrom epistemic.models.tournament import Bot\n"
                                      "class Exits(Bot):\n    def choose(self, other): sys.exit(3)\n")
    code, out, err = run(capsys, "tournament", "run", "--bots", f"coop,{tmp_path}/bots.py:Exits,coop", "--rounds", "1")
    assert code == 0 and "warning: the bot of Bot-1 failed (RuntimeError: the bot called exit(3))" in err


def test_check_refuses_a_log_nested_too_deep(capsys, tmp_path):
    nested = "[" * 900 + "]" * 900
    (tmp_path / "deep.json").write_text('{"format": "epistemic-tournament-log", "version": 1, "links": ' + nested + "}")
    code, _, err = run(capsys, "tournament", "check", str(tmp_path / "deep.json"))
    assert code == 2 and len(err.strip().splitlines()) == 1


def test_a_bot_file_that_exits_at_import_is_refused_in_one_line(capsys, tmp_path):
    """``raise SystemExit(0)`` in a bot's file ends neither run nor bot with status 0 and no word."""
    (tmp_path / "bots.py").write_text("raise SystemExit(0)\n")
    for argv in (["run", "--bots", f"coop,{tmp_path}/bots.py:Quits"], ["bot", "--strategy", f"{tmp_path}/bots.py:Quits"]):
        code, out, err = run(capsys, "tournament", *argv)
        assert (code, out) == (2, "") and len(err.strip().splitlines()) == 1, argv
        assert f"cannot load {tmp_path}/bots.py: its code called exit(0)" in err


def test_a_bot_file_that_loops_at_import_is_refused_when_its_time_is_up(tmp_path):
    """A bot's file that never ends loading, given half a second: the command stops in one line."""
    (tmp_path / "bots.py").write_text("while True:\n    pass\n")
    code, out, err = run_child("tournament", "run", "--bots", f"{tmp_path}/bots.py:Never", "--load-timeout", "0.5")
    assert (code, out) == (2, "") and len(err.strip().splitlines()) == 1
    assert f"{tmp_path}/bots.py did not load in 0.5 s: does its code loop at import?" in err
