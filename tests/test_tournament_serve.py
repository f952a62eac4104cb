"""``epistemic tournament serve`` as an operator runs it, a real process over loopback: the
classroom commands of docs/tournament.md as written, the bots' own account of their games, an
output nobody reads, the live status line on a terminal, and Ctrl-C in the middle of a game."""

from __future__ import annotations

import asyncio
import fcntl
import json
import os
import pty
import re
import shlex
import signal
import struct
import subprocess
import sys
import termios
import threading
from pathlib import Path

from cli_runs import HUNG, run
from epistemic.models.tournament import Cooperator, check_log, connect_and_play
from tournament_script import play_bots, serve_process, served_address

ROOT = Path(__file__).resolve().parent.parent


#: Seconds a test gives a server before it is killed, whatever it waits for: a guard against a
#: hang, not a measure of speed.
LIMIT = HUNG
#: The time to answer where every bot must answer in time: as long as the guard, which no machine
#: however busy comes near, since the game waits for it only where an answer does not come.
PATIENT = ("--timeout", str(LIMIT))


def _watched(server):
    """``server``, killed after LIMIT seconds: a test that waits on it for ever fails instead."""
    watchdog = threading.Timer(LIMIT, server.kill)
    watchdog.daemon = True
    watchdog.start()
    return server


def _lines_until(server, text):
    """Read the server's lines up to one that holds ``text``; all of them."""
    seen = []
    while text not in (line := server.stdout.readline()):
        assert line, f"the server ended without saying {text!r}; its last lines: {seen[-5:]}"
        seen.append(line)
    seen.append(line)
    return seen


def _classroom():
    """The teacher's and the student's commands of docs/tournament.md, as argument lists."""
    page = (ROOT / "docs" / "tournament.md").read_text(encoding="utf-8")
    block = page.split("## A classroom tournament", 1)[1].split("```", 2)[1]
    found = {line.split("$ ", 1)[0]: shlex.split(line.split("$ ", 1)[1]) for line in block.splitlines() if "$ " in line}
    return found["teacher"], found["student"]


def test_the_classroom_commands_run_as_documented(tmp_path):
    """The teacher's command makes its log folder; the student's bot plays against it.  Only the
    port (any free one, which the server says, not 1337) and the student's host name (this
    machine) are changed."""
    teacher, student = _classroom()
    assert teacher[:3] == ["epistemic", "tournament", "serve"] and student[:3] == ["epistemic", "tournament", "bot"]
    teacher[teacher.index("--port") + 1] = "0"  # the server takes a free port itself: no other process can
    student[student.index("--host") + 1] = "127.0.0.1"
    server = _watched(subprocess.Popen([sys.executable, "-m", "epistemic.cli", *teacher[1:]], cwd=tmp_path,
                                       text=True, stdin=subprocess.PIPE, stdout=subprocess.PIPE,
                                       stderr=subprocess.PIPE))
    bot = None
    try:
        host, port = served_address(_lines_until(server, "Serving on")[-1])
        assert host == "0.0.0.0"
        student[student.index("--port") + 1] = str(port)
        bot = _watched(subprocess.Popen([sys.executable, "-m", "epistemic.cli", *student[1:]], cwd=ROOT, text=True,
                                        stdout=subprocess.PIPE, stderr=subprocess.PIPE))
        _lines_until(server, "player #0 connected")
        server.stdin.write("\n")  # the operator presses Enter
        server.stdin.flush()
        _lines_until(server, "wrote logs/game-1.json")
        server.stdin.write("quit\n")
        server.stdin.flush()
        out, err = server.communicate(timeout=LIMIT)
        said, _ = bot.communicate(timeout=LIMIT)
    finally:
        for process in (server, bot):
            if process is not None:
                process.kill()
    assert server.returncode == 0, err
    assert said == f"1 Grudger bot played 1 game on 127.0.0.1:{port}.\n"
    assert check_log(json.loads((tmp_path / "logs" / "game-1.json").read_text())).players == 1


def test_a_log_folder_is_made_and_a_file_refused(tmp_path, capsys):
    nested = tmp_path / "a" / "b"
    server = _watched(serve_process("--players", "1", "--games", "1", "--rounds", "1", "--log-dir", str(nested),
                                    *PATIENT))
    try:
        host, port = served_address(server.stdout.readline())
        assert asyncio.run(play_bots(host, port, Cooperator())) == [1]
        server.communicate(timeout=LIMIT)
    finally:
        server.kill()
    assert server.returncode == 0 and (nested / "game-1.json").is_file()
    (tmp_path / "file").write_text("")
    code, out, err = run(capsys, "tournament", "serve", "--players", "1", "--log-dir", str(tmp_path / "file"))
    assert (code, out) == (2, "") and f"--log-dir: {tmp_path / 'file'} is a file, not a folder" in err
    assert len(err.strip().splitlines()) == 1


def test_a_bot_says_how_many_games_each_played(capsys):
    """Three bots in one game: each played one game, not three between them."""
    server = _watched(serve_process("--players", "3", "--games", "1", "--rounds", "1", *PATIENT))
    try:
        host, port = served_address(server.stdout.readline())
        code, out, err = run(capsys, "tournament", "bot", "--count", "3", "--games", "1", "--port", str(port))
        server.communicate(timeout=LIMIT)
    finally:
        server.kill()
    assert (code, out, err) == (0, f"3 Coop bots played 1 game each on {host}:{port}.\n", "")


def test_an_output_nobody_reads_blocks_neither_the_games_nor_the_exit(tmp_path):
    """The operator's output is a pipe nobody empties: three thousand unknown commands fill it
    many times over, yet a game is played and logged, and quit ends the server."""
    read_end, write_end = os.pipe()
    server = _watched(serve_process("--players", "2", "--rounds", "2", "--log-dir", str(tmp_path), *PATIENT,
                                    stdin=subprocess.PIPE, stdout=write_end))
    os.close(write_end)
    try:
        with os.fdopen(read_end, "rb", buffering=0) as output:
            first = b""
            while not first.endswith(b"\n"):
                first += output.read(1)
            host, port = served_address(first.decode())
            server.stdin.write("dance\n" * 3000)  # 150 KB of answers, more than a pipe holds
            server.stdin.flush()
            async def one_game_each():
                return await asyncio.gather(*(connect_and_play(Cooperator(), host, port, games=1) for _ in range(2)))
            played = asyncio.run(asyncio.wait_for(one_game_each(), LIMIT))
            server.stdin.write("quit\n")
            server.stdin.flush()
            server.wait(timeout=LIMIT)
    finally:
        server.kill()
    assert (server.returncode, played) == (0, [1, 1]), server.stderr.read()
    assert check_log(json.loads((tmp_path / "game-1.json").read_text())).rounds == 2


class _Terminal:
    """What a pseudo-terminal shows, read by a thread as it comes."""

    def __init__(self, master):
        self.shown = bytearray()
        self.closed = False
        self._changed = threading.Condition()
        self._reading = threading.Thread(target=self._read, args=(master,), daemon=True)
        self._reading.start()

    def _read(self, master):
        while True:
            try:
                data = os.read(master, 4096)
            except OSError:  # the other end of the terminal is closed
                data = b""
            with self._changed:
                self.shown.extend(data)
                self.closed = not data
                self._changed.notify_all()
            if not data:
                return

    def wait_for(self, text):
        """Return once ``text`` has been shown; fail if it is not within LIMIT seconds."""
        with self._changed:
            self._changed.wait_for(lambda: text.encode() in self.shown or self.closed, LIMIT)
            assert text.encode() in self.shown, f"never shown: {text!r}; shown: {bytes(self.shown[-300:])!r}"

    def join(self):
        self._reading.join(LIMIT)


#: The status lines shown while the third player is asked his three questions.
_AWAITING_THIRD = ["game 1, the names: awaiting 1 answer (#2)",
                   "game 1, round 1 of 2: awaiting 1 answer (Unnamed-2); missed: Unnamed-2 (1)",
                   "game 1, round 2 of 2: awaiting 1 answer (Unnamed-2); missed: Unnamed-2 (2)"]


def test_a_terminal_shows_the_game_live():
    """On a terminal, a status line says the round, the answers awaited and who missed them, as
    the original server's console did; it fits the terminal's width and is cleared at the end.
    The third player answers each question with a line that is not UTF-8 once the status line
    awaits him alone, so that nothing hangs on time."""
    master, slave = pty.openpty()
    fcntl.ioctl(slave, termios.TIOCSWINSZ, struct.pack("HHHH", 24, 100, 0, 0))
    server = _watched(serve_process("--players", "3", "--games", "1", "--rounds", "2", *PATIENT, stderr=slave))
    os.close(slave)
    terminal = _Terminal(master)
    try:
        host, port = served_address(server.stdout.readline())

        async def players():
            bots = asyncio.gather(play_bots(host, port, Cooperator()), play_bots(host, port, Cooperator()))
            await asyncio.to_thread(_lines_until, server, "player #1 connected")  # the two bots are #0 and #1
            return await asyncio.gather(bots, _unreadable_when_shown(host, port, terminal, _AWAITING_THIRD))
        asyncio.run(asyncio.wait_for(players(), LIMIT))
        server.wait(timeout=LIMIT)
    finally:
        server.kill()
        terminal.join()
        os.close(master)
    screens = terminal.shown.decode().split("\r\x1b[K")
    assert all(text in screens for text in _AWAITING_THIRD)
    assert screens[-1] == "" and all(len(text) < 100 for text in screens)


async def _unreadable_when_shown(host, port, terminal, shown):
    """A player who answers each question, once the terminal shows the next of ``shown``, with
    bytes that are not UTF-8 (no answer, at once), and stays until the server closes."""
    reader, writer = await asyncio.open_connection(host, port)
    heard = []
    while line := (await reader.readline()).decode().strip():
        heard.append(line)
        if line == "Start" or heard[-2:-1] == ["Prisoner"]:
            await asyncio.to_thread(terminal.wait_for, shown.pop(0))
            writer.write(b"\xff\r\n")
    writer.close()
    assert shown == []


def test_ctrl_c_mid_game_keeps_what_was_played(tmp_path, capsys):
    """Game 1 is played whole; game 2, slowed by a silent player, is stopped by a real SIGINT: the
    server says so, prints its standings after the rounds played whole, and writes their log,
    which checks; game 1's log is whole."""
    server = _watched(serve_process("--rounds", "40", "--timeout", "1", "--seed", "2", "--log-dir", str(tmp_path),
                                    stdin=subprocess.PIPE))

    def typed(text):
        server.stdin.write(text)
        server.stdin.flush()
    try:
        host, port = served_address(server.stdout.readline())

        async def scenario():
            bots = asyncio.gather(play_bots(host, port, Cooperator(), Cooperator()))
            await asyncio.to_thread(_lines_until, server, "player #1 connected")
            typed("\n")
            await asyncio.to_thread(_lines_until, server, "game-1.json")
            asked = asyncio.Event()
            silent = asyncio.create_task(_silent_player_asked(host, port, rounds=2, asked=asked))
            await asyncio.to_thread(_lines_until, server, "player #2 connected")
            typed("\n")
            await asyncio.to_thread(_lines_until, server, "game 2: 3 players")
            await asyncio.wait_for(asked.wait(), LIMIT)  # round 1 played whole, and a second of round 2 to come
            server.send_signal(signal.SIGINT)
            return await asyncio.wait_for(asyncio.gather(bots, silent), LIMIT)
        asyncio.run(scenario())
        out, err = server.communicate(timeout=LIMIT)
    finally:
        server.kill()
    assert server.returncode == 130 and "Traceback" not in err, err
    whole = json.loads((tmp_path / "game-1.json").read_text())
    assert check_log(whole).rounds == 40 and "interrupted" not in whole
    cut = json.loads((tmp_path / "game-2.json").read_text())
    checked = check_log(cut)
    stopped = cut["interrupted"]
    assert stopped["of"] == 40 and 2 <= stopped["round"] < 40 and checked.rounds == stopped["round"] - 1
    assert checked.interrupted == (stopped["round"], 40)
    rounds = checked.rounds
    said = re.search(rf"game 2 interrupted in round {stopped['round']} of 40: the standings after the {rounds} "
                     rf"rounds? played whole\n(.*)\nwrote {re.escape(str(tmp_path / 'game-2.json'))} \({rounds} "
                     rf"rounds?\)\n(player #. left .*\n)*stopped\n$", out, re.S)
    assert said, out[-2000:]
    assert re.search(r"Unnamed-2 +0 +0 +" + str(rounds + 1), said.group(1))  # his name and each round played
    assert cut["scores"] == cut["log"][-1]["scores"]
    code, out, _ = run(capsys, "tournament", "check", str(tmp_path / "game-2.json"))
    assert code == 0 and f"3 players, {rounds} rounds (interrupted in round {stopped['round']} of 40), " in out


def test_ctrl_c_in_the_lobby_stops_the_server_with_status_130():
    """A real SIGINT while the server waits for players: it says that it stopped and exits with
    130, as every other command stopped by Ctrl-C does, with no traceback."""
    server = _watched(serve_process("--players", "2"))
    try:
        served_address(server.stdout.readline())
        server.send_signal(signal.SIGINT)
        out, err = server.communicate(timeout=LIMIT)
    finally:
        server.kill()
    assert (server.returncode, out, err) == (130, "stopped\n", "")


def test_ctrl_c_twice_while_the_games_own_code_runs_keeps_what_was_played(capsys, tmp_path, monkeypatch):
    """Ctrl-C pressed twice while the game's own code runs, not while it waits for answers: the
    game is interrupted all the same, and its log of the rounds played whole is written.  (Python
    3.10's default handler raises KeyboardInterrupt right there, inside the game, and so does
    3.11's asyncio.run at a second Ctrl-C; the server's own handler cancels the game instead.)"""
    from epistemic.models.tournament.game import Game
    from epistemic.models.tournament.server import Server

    playing, starting = Game._round, Server.start
    bots = []

    async def round_interrupted(self, number, players):
        if number == 2:
            signal.raise_signal(signal.SIGINT)
            signal.raise_signal(signal.SIGINT)
        return await playing(self, number, players)

    async def start_with_bots(self, host, port):  # the bots play from the server's own loop
        address = await starting(self, host, port)
        bots.append(asyncio.create_task(play_bots(*address, Cooperator(), Cooperator())))
        return address
    monkeypatch.setattr(Game, "_round", round_interrupted)
    monkeypatch.setattr(Server, "start", start_with_bots)
    before = signal.getsignal(signal.SIGINT)
    code, out, err = run(capsys, "tournament", "serve", "--port", "0", "--players", "2", "--rounds", "5",
                         "--log-dir", str(tmp_path))
    assert (code, err) == (130, "") and signal.getsignal(signal.SIGINT) is before
    assert "game 1 interrupted in round 2 of 5: the standings after the 1 round played whole" in out
    assert out.endswith("stopped\n")
    log = json.loads((tmp_path / "game-1.json").read_text())
    assert log["interrupted"] == {"round": 2, "of": 5} and check_log(log).rounds == 1


async def _silent_player_asked(host, port, rounds, asked):
    """A player who never answers, and stays until the server closes; ``asked`` is set once he
    has been asked the Prisoner question of round ``rounds`` of his game."""
    reader, writer = await asyncio.open_connection(host, port)
    heard = []
    while line := (await reader.readline()).decode().strip():
        heard.append(line)
        if heard[-2:-1] == ["Prisoner"] and heard.count("Prisoner") == rounds:
            asked.set()
    writer.close()


def test_the_status_line_names_the_most_missed_first_and_counts_the_rest():
    """Six players: one silent, one silent only at Start, the rest answering.  The status line
    names who missed most first, three names at most, then how many more."""
    from epistemic.models.tournament.game import Game
    from epistemic.models.tournament.serving import status_line
    from tournament_script import Script

    def answer(seat, question):
        if seat == "s" or (seat in "tuvw" and question == "Start"):
            return None
        return "x=C" if question != "Start" else "X"
    game = Game(Script(answer), list("xstuvw"), rounds=2)
    asyncio.run(game.play())
    assert game.missed == {"X-0": 0, "Unnamed-1": 3, "Unnamed-2": 1, "Unnamed-3": 1, "Unnamed-4": 1, "Unnamed-5": 1}
    assert status_line(game, 4, ["s", "#9"]) == (  # a seat of the game by its name, any other by its key
        "game 4, round 2 of 2: awaiting 2 answers (Unnamed-1, #9); "
        "missed: Unnamed-1 (3), Unnamed-2 (1), Unnamed-3 (1) and 2 more")


def test_the_status_line_names_three_players_and_counts_only_past_three():
    """Exactly three awaited and three who missed: each is named, with no count after them."""
    from epistemic.models.tournament.game import Game
    from epistemic.models.tournament.serving import status_line
    from tournament_script import Script

    def answer(seat, question):
        if question == "Start":
            return None if seat in "stu" else "X"
        return "x=C"
    game = Game(Script(answer), list("xstu"), rounds=1)
    asyncio.run(game.play())
    assert status_line(game, 1, ["s", "t", "u"]) == (
        "game 1, round 1 of 1: awaiting 3 answers (Unnamed-1, Unnamed-2, Unnamed-3); "
        "missed: Unnamed-1 (1), Unnamed-2 (1), Unnamed-3 (1)")
