"""The tournament server over real TCP connections on loopback (seed 001,
/work/shared/seeds/001_511e154ace0c742c.txt): the seed's example transcript whatever the
packets, every default for silent, garbage-sending, late and vanishing players, and no
connection kept after it is gone."""

from __future__ import annotations

import asyncio
import errno
import socket

import pytest

from cli_runs import HUNG
from epistemic.models.tournament.bots import Cooperator, play
from epistemic.models.tournament.log import check_log, game_record
from epistemic.models.tournament.lines import BadLine
from epistemic.models.tournament.server import GONE, WELCOME, Server, _Client
from tournament_players import END, PATIENT, RawClient, is_question, serve
from tournament_script import VJEUX_HEARS, example, gauth_leads


def _is_prisoner_list(question):
    """Whether ``question`` is the Prisoner question, the list of the players."""
    return all("-" in word and "=" not in word for word in question.split())


@pytest.mark.parametrize("packets", ["whole", "bytes", "merged", "lf"])
def test_the_seeds_example_over_tcp(packets):
    """Seed 001, "Example": Gauth leads, offers 8 each, is thrown over; Vjeux takes the bounty.
    The same lines whether the answers come whole, a byte a packet, with a stray line after, or
    ending with \\n alone."""
    _, scripted = gauth_leads()
    clients = [RawClient(lambda line, seat=seat: example(seat, line), packets if seat == "v" else "whole") for seat in "vgf"]
    game, _ = asyncio.run(serve(clients, rounds=2, seed=scripted.seed))
    assert clients[0].heard == [WELCOME, *VJEUX_HEARS]
    assert game.log == scripted.log
    assert game.missed == {"Vjeux-0": 0, "Gauth-1": 0, "Felix-2": 0}
    assert check_log(game_record(game)).scores == {"Vjeux-0": 24, "Gauth-1": 0, "Felix-2": 0}


def _coop_answers(name):
    """Answers like the seed's coop bot: C to all, everything to itself, C when paid."""
    def answer(line):
        words = line.split()
        if line == "Start":
            return name
        if words[0].isdigit():  # leading: the bounty and the pirates
            return " ".join(f"{p}={words[0] if i == 0 else 0}" for i, p in enumerate(words[1:]))
        if all("=" in w for w in words):  # a vote on shares
            mine = [int(v) for k, v in (w.split("=") for w in words) if k.startswith(name + "-")]
            return "C" if mine and mine[0] > 0 else "T"
        return " ".join(f"{other}=C" for other in words if not other.startswith(name + "-"))
    return answer


def test_every_default_over_tcp():
    """A silent player, one who sends only bytes that are not UTF-8, one whose every line is far
    too long, and one who leaves after the first question: each gets the seed's defaults (name
    Unnamed, T to everyone), the game goes on for the two cooperators, and nothing is kept of
    anyone once he is gone."""
    silent = RawClient(lambda line: None)
    garbage = RawClient(lambda line: b"\xff\xfe\xfd")
    too_long = RawClient(lambda line: b"A" * 300)
    leaving = RawClient(lambda line: None)

    async def leave_at_prisoner(host, port):
        reader, writer = await asyncio.open_connection(host, port)
        while (await reader.readuntil(END)) != b"Prisoner\r\n":
            pass
        writer.close()
    leaving.run = leave_at_prisoner
    coop_a, coop_b = RawClient(_coop_answers("A")), RawClient(_coop_answers("B"))
    seen = {}
    game, server = asyncio.run(serve([silent, coop_a, garbage, too_long, leaving, coop_b], rounds=2, max_line=200,
                                      silent=lambda number, question: number == 0 or (number, question) == (4, "Start"),
                                      seed=5, during=lambda s: seen.update(clients=len(s.clients))))
    assert list(game.scores) == ["Unnamed-0", "A-1", "Unnamed-2", "Unnamed-3", "Unnamed-4", "B-5"]
    for record in game.log:
        rows = record["choices"]
        assert rows["Unnamed-0"] == rows["Unnamed-2"][:0] + "-TTTTT"  # T to everyone by default
        assert rows["Unnamed-2"] == "TT-TTT" and rows["Unnamed-3"] == "TTT-TT" and rows["Unnamed-4"] == "TTTT-T"
        assert [entry["group"] for entry in record["groups"] if len(entry["group"]) > 1] == [["A-1", "B-5"]]
    # A and B share 10 a round: the leader keeps it, the other votes T, and two pirates pass anything
    assert game.scores["A-1"] + game.scores["B-5"] == 20
    assert game.missed == {"Unnamed-0": 3, "A-1": 0, "Unnamed-2": 3, "Unnamed-3": 3, "Unnamed-4": 3, "B-5": 0}
    assert seen["clients"] == 5  # the one who left is gone before the game ends
    assert server.clients == {} and not server._readers
    check_log(game_record(game))
    # the other players hear the defaults and nothing else
    assert coop_a.heard[3:6] == ["Prisoner", "Unnamed-0 A-1 Unnamed-2 Unnamed-3 Unnamed-4 B-5",
                                 "Unnamed-0=T Unnamed-2=T Unnamed-3=T Unnamed-4=T B-5=C"]


def test_a_late_answer_is_never_taken_for_the_next_one():
    """A player who answers ``Start`` after the time is up gets the default name; his late line
    comes while the Prisoner question waits, is taken for the late one and dropped, and his
    answer to the Prisoner question, right after it, is read as his."""
    async def late_then_prompt(host, port, heard):
        reader, writer = await asyncio.open_connection(host, port)
        while True:
            try:
                line = (await reader.readuntil(END))[:-2].decode()
            except asyncio.IncompleteReadError:
                break
            heard.append(line)
            if heard[-2:-1] == ["Prisoner"]:  # the time for his name is up: it comes now, then his answer
                writer.write(b"Late\r\n")
                writer.write(" ".join(f"{o}=C" for o in line.split() if o != heard[2]).encode() + END)
        writer.close()

    class Late(RawClient):
        async def run(self, host, port):
            await late_then_prompt(host, port, self.heard)

    late, coop = Late(None), RawClient(_coop_answers("B"))
    game, server = asyncio.run(serve([late, coop], silent=lambda number, question: number == 0 and
                                      not _is_prisoner_list(question)))
    assert list(game.scores) == ["Unnamed-0", "B-1"]
    assert late.heard[2] == "Unnamed-0"
    assert game.log[0]["choices"] == {"Unnamed-0": "-C", "B-1": "C-"}  # his C, read as his answer
    assert game.missed["Unnamed-0"] == 2  # his name, and his turn in the Pirate game, which he ignores


def test_bots_and_players_who_join_late_wait_for_the_next_game():
    async def scenario():
        server = Server(rounds=1, timeout=PATIENT, seed=1)
        host, port = await server.start("127.0.0.1", 0)
        first = [asyncio.create_task(_bot(host, port, games=2)) for _ in range(2)]
        await server.wait_for_players(2)
        game_one = asyncio.create_task(server.play())
        await asyncio.sleep(0)  # the game has taken its players
        third = asyncio.create_task(_bot(host, port, games=1))
        one = await game_one
        await server.wait_for_players(3)
        two = await server.play()
        await server.close()
        return one, two, await asyncio.gather(*first, third)
    one, two, played = asyncio.run(scenario())
    assert list(one.scores) == ["Coop-0", "Coop-1"]
    assert list(two.scores) == ["Coop-0", "Coop-1", "Coop-2"]
    assert played == [2, 2, 1]


async def _bot(host, port, games):
    reader, writer = await asyncio.open_connection(host, port)
    return await play(Cooperator(), reader, writer, games=games)


def test_a_full_server_turns_players_away():
    async def scenario():
        server = Server(rounds=1, max_players=1)
        host, port = await server.start("127.0.0.1", 0)
        _, keep = await asyncio.open_connection(host, port)
        await server.wait_for_players(1)
        reader, writer = await asyncio.open_connection(host, port)
        told = await reader.read()
        writer.close()
        keep.close()
        await server.close()
        return told
    assert asyncio.run(scenario()) == b"Sorry, the server is full.\r\n"


@pytest.mark.parametrize("pause", [True, False])
def test_a_player_who_stops_reading_is_dropped(pause):
    """The server queues at most about MAX_QUEUED bytes for a player who never reads, then
    forgets him at once, though he keeps his end of the connection open; closing the server
    then takes no longer than its grace.  The lines written in one turn of the event loop go out
    together, and what waits to go counts as what the socket could not take: written without a
    pause, the lines still drop him."""
    from epistemic.models.tournament.server import MAX_QUEUED

    async def scenario():
        server = Server(rounds=1)
        host, port = await server.start("127.0.0.1", 0)
        _, writer = await asyncio.open_connection(host, port)  # and never reads
        await server.wait_for_players(1)
        (key,) = server.waiting
        client, line, sent = server.clients[key], "x" * 60_000, 0
        while key in server.clients and client.alive and sent < 200 * MAX_QUEUED:
            queued = client.writer.transport.get_write_buffer_size() + client.unsent_bytes
            assert queued <= MAX_QUEUED + len(line) + 2
            await server.send([key], line)
            sent += len(line)
            if pause:
                await asyncio.sleep(0)
        loop = asyncio.get_running_loop()
        given_up = loop.time() + HUNG
        while key in server.clients and loop.time() < given_up:  # his reader sees the connection gone
            await asyncio.sleep(0.01)
        forgotten = key not in server.clients and not server._readers
        await asyncio.wait_for(server.close(grace=0.5), HUNG)
        writer.close()
        return forgotten
    assert asyncio.run(scenario())


def test_a_flood_of_lines_is_cut_off():
    """A player who sends line after line that answers nothing is dropped after MAX_STRAY of them,
    and his defaults from then on say that he flooded; the others' game goes on at its own pace."""
    from epistemic.models.tournament.server import MAX_STRAY

    async def flood(host, port):
        reader, writer = await asyncio.open_connection(host, port)
        while await reader.readuntil(END) != b"Start\r\n":  # in the game, then the flood
            pass
        try:
            for _ in range(1000):
                writer.write(b"noise\r\n" * 1000)
                await writer.drain()
        except ConnectionError:
            return "cut off"
        finally:
            writer.close()
        return "never cut off"

    class Flooder(RawClient):
        async def run(self, host, port):
            self.result = await flood(host, port)

    flooder = Flooder(None)
    clients = [RawClient(_coop_answers("A")), flooder, RawClient(_coop_answers("B"))]
    game, server = asyncio.run(serve(clients, rounds=3))
    assert flooder.result == "cut off" and MAX_STRAY < 1000 * 1000
    assert game.log[0]["players"] == ["A-0", "noise-1", "B-2"]  # his first line answered Start
    assert game.scores["A-0"] + game.scores["B-2"] == 30 and game.missed["A-0"] == game.missed["B-2"] == 0
    missed = {entry["why"] for entry in game.defaults if entry["player"] == "noise-1" and entry["round"] > 1}
    assert missed == {"flooded"}  # asked each later round, dropped: not "gone", as one who left


def test_a_long_name_is_cut_and_blinds_nobody():
    """A name of 60,000 characters is cut to MAX_NAME; the others hear short lists and play on."""
    from epistemic.models.tournament.rules import MAX_NAME

    def huge(line):
        return "N" * 60_000 if line == "Start" else _coop_answers("N")(line)
    clients = [RawClient(huge), RawClient(_coop_answers("B"))]
    game, _ = asyncio.run(serve(clients, rounds=2))
    assert list(game.scores) == ["N" * MAX_NAME + "-0", "B-1"]
    assert max(len(line) for line in clients[1].heard) < 100
    assert game.missed == {"N" * MAX_NAME + "-0": 0, "B-1": 0}


def _cooperates_then_silent(line):
    """C to everyone in the Prisoner's game; silent as a pirate, leader or voter."""
    words = line.split()
    if line == "Start":
        return "X"
    if not words[0].isdigit() and not all("=" in w for w in words):
        return " ".join(f"{w}=C" for w in words if not w.startswith("X-"))
    return None


def _seed_ranking(wanted):
    """A seed whose ranking of the one group of X, A and B (all at 0 points) passes ``wanted``."""
    from tournament_script import Script
    from epistemic.models.tournament.game import Game

    def answer(seat, question):
        return {"x": _cooperates_then_silent, "a": _coop_answers("A"), "b": _coop_answers("B")}[seat](question)
    for seed in range(100):
        game = Game(Script(answer), ["x", "a", "b"], rounds=1, seed=seed)
        asyncio.run(game.play())
        if wanted(game.log[0]["groups"][0]["ranking"]):
            return seed
    raise AssertionError("no seed ranks the pirates so")


def _silent_pirate(wanted):
    clients = [RawClient(_cooperates_then_silent), RawClient(_coop_answers("A")), RawClient(_coop_answers("B"))]
    game, _ = asyncio.run(serve(clients, seed=_seed_ranking(wanted), silent=lambda number, question:
                                 number == 0 and _cooperates_then_silent(question) is None))
    assert game.missed["X-0"] == 1
    return game.log[0]["groups"][0]["proposals"]


def test_a_silent_leader_keeps_the_whole_bounty_over_tcp():
    """Seed 001's default for a leader who proposes nothing: the whole bounty to himself; the
    cooperators, given nothing, throw him over."""
    first = _silent_pirate(lambda ranking: ranking[0] == "X-0")[0]
    assert first["leader"] == "X-0" and first["shares"] == {"X-0": 30, **{n: 0 for n in first["votes"]}}
    assert first["votes"] == {"A-1": "T", "B-2": "T"} and not first["accepted"]


def test_a_silent_voter_votes_c_over_tcp():
    """Seed 001's default for a voter who says nothing: C.  The leader keeps the bounty, the
    other cooperator votes T, and X's C carries it."""
    (only,) = _silent_pirate(lambda ranking: ranking[0] != "X-0")
    assert only["votes"]["X-0"] == "C" and sorted(only["votes"].values()) == ["C", "T"] and only["accepted"]


def test_a_bot_always_late_is_never_taken_for_a_flooder(monkeypatch):
    """A bot that answers every question, each after the time is up, gets every default and
    stays to the end: his late lines are owed answers, not a flood, however many there are.
    (His lines answer no question, so that none of them can be read as the next answer.)"""
    from epistemic.models.tournament import server as server_module
    monkeypatch.setattr(server_module, "MAX_STRAY", 5)

    class Late(RawClient):
        """Answers each question once the next line comes: the server's time for it is up by then."""
        owes = 0

        async def write(self, writer, reply):
            self.owes += 1

        async def next_line(self, writer):
            for _ in range(self.owes):
                await super().write(writer, "too late")
            self.owes = 0

    slow = Late(lambda line: "too late")
    game, _ = asyncio.run(serve([slow, *(RawClient(_coop_answers(n)) for n in "AB")], rounds=12,
                                 silent=lambda number, question: number == 0))
    assert game.missed["Unnamed-0"] == 13  # his name and twelve Prisoner rounds
    assert slow.heard[-2:] == ["EndPrisoner", " ".join(f"{name}={score}" for name, score in game.scores.items())]


def test_a_slow_reader_still_gets_the_final_scores():
    """A bot that falls behind, still answering old questions when the game ends, reads every
    line to the final scores: the server ends its side of the stream and reads on until the
    bot closes, rather than closing with his lines unread (which would reset the connection
    and throw away what he had still to read)."""
    over = asyncio.Event()

    class Behind(RawClient):
        """Reads nothing until the game is over, not even into a buffer of his own: what the server
        sends him waits in his socket.  Then he sends the answer to his first question, ``Start``,
        far too late, and reads on to the final scores, answering each question as he reads it."""
        async def run(self, host, port):
            loop = asyncio.get_running_loop()
            with socket.socket() as sock:
                sock.setblocking(False)
                await loop.sock_connect(sock, (host, port))
                await over.wait()
                pending = b""
                try:
                    await loop.sock_sendall(sock, b"too late" + END)
                    for _ in range(10):  # the server, on its side, does what it does with that line
                        await asyncio.sleep(0)
                    while data := await loop.sock_recv(sock, 4096):
                        *lines, pending = (pending + data).split(END)
                        for line in lines:
                            self.heard.append(line.decode())
                            if is_question(self.heard) and self.heard[-1] != "Start":
                                await loop.sock_sendall(sock, b"too late" + END)
                except ConnectionError:  # reset by the server: what was still to read is lost
                    return

    behind = Behind(None)
    game, _ = asyncio.run(serve([behind, *(RawClient(_coop_answers(n)) for n in "AB")], rounds=6,
                                 silent=lambda number, question: number == 0, during=lambda server: over.set()))
    assert behind.heard[-2:] == ["EndPrisoner", " ".join(f"{name}={score}" for name, score in game.scores.items())]


def test_a_whole_class_connects_at_once():
    """Three hundred players connecting in the same instant all get in: the server's backlog is
    as long as its list of players."""
    async def scenario():
        server = Server(rounds=1, max_players=400)
        host, port = await server.start("127.0.0.1", 0)
        connections = await asyncio.gather(*(asyncio.open_connection(host, port) for _ in range(300)),
                                           return_exceptions=True)
        await asyncio.wait_for(server.wait_for_players(300), HUNG)
        for found in connections:
            found[1].close()
        await server.close()
        return sum(isinstance(found, tuple) for found in connections)
    assert asyncio.run(scenario()) == 300


def test_a_game_whose_log_would_be_too_large_is_refused_before_it_starts(monkeypatch):
    from epistemic.models.tournament import logsize
    from epistemic.models.tournament.rules import TournamentError
    monkeypatch.setattr(logsize, "MAX_LOG_BYTES", 1000)

    async def scenario():
        server = Server(rounds=100)
        host, port = await server.start("127.0.0.1", 0)
        clients = [RawClient(_coop_answers(name)) for name in "AB"]
        tasks = [asyncio.create_task(c.run(host, port)) for c in clients]
        await server.wait_for_players(2)
        try:
            with pytest.raises(TournamentError, match="100 rounds of 2 players could make a log"):
                await server.play()
        finally:
            await server.close()
            await asyncio.gather(*tasks)
        return clients
    clients = asyncio.run(scenario())
    assert all(c.heard == [WELCOME] for c in clients)  # nobody was asked anything


def test_a_line_with_no_end_in_time_is_missed():
    """A line whose end has not come when the time is up is no answer (its end, coming late,
    ends the late line), and so is one cut by the player leaving; each gets the default, and
    the log says why."""
    from epistemic.models.tournament.server import GONE, UNENDED

    class Cut(RawClient):
        unended = False

        async def write(self, writer, reply):
            writer.write(reply)
            if not reply.endswith(b"\n"):
                if self.leaves:
                    writer.close()
                    return
                self.unended = True

        async def next_line(self, writer):
            if self.unended:  # the line after the question: its time is up, and now the end comes
                writer.write(b"\n")
                self.unended = False

    def cut(name):
        return lambda line: f"{name}\n".encode() if line == "Start" else b"B-1=C"
    late, gone = Cut(cut("Late")), Cut(cut("Gone"))
    late.leaves, gone.leaves = False, True
    # the one who leaves is awaited until he has gone, however long that takes
    game, _ = asyncio.run(serve([late, RawClient(_coop_answers("B")), gone], silent=lambda number, question:
                                 number == 0 and _is_prisoner_list(question)))
    assert list(game.scores) == ["Late-0", "B-1", "Gone-2"]
    assert game.log[0]["choices"] == {"Late-0": "-TT", "B-1": "C-C", "Gone-2": "TT-"}
    assert game.missed == {"Late-0": 1, "B-1": 0, "Gone-2": 1}
    assert game.defaults == [{"round": 1, "player": "Late-0", "asked": "prisoner", "why": UNENDED, "count": 1},
                             {"round": 1, "player": "Gone-2", "asked": "prisoner", "why": GONE, "count": 1}]
    assert late.heard[-2] == "EndPrisoner"  # his late end of line took nothing from the game


def test_players_keep_their_numbers_from_game_to_game():
    """Players are numbered by connection, as the original server numbers its clients: when the
    first leaves after a game, the others keep their numbers in the next."""
    async def scenario():
        server = Server(rounds=1, timeout=PATIENT, seed=1)
        host, port = await server.start("127.0.0.1", 0)
        first = asyncio.create_task(_bot(host, port, games=1))
        await server.wait_for_players(1)
        others = [asyncio.create_task(_bot(host, port, games=2)) for _ in range(2)]
        await server.wait_for_players(3)
        one = await server.play()
        await first
        while len(server.waiting) > 2:  # his connection is gone once the server reads its end
            await asyncio.sleep(0.01)
        two = await server.play()
        await server.close()
        return one, two, await asyncio.gather(*others)
    one, two, played = asyncio.run(scenario())
    assert list(one.scores) == ["Coop-0", "Coop-1", "Coop-2"]
    assert list(two.scores) == ["Coop-1", "Coop-2"] and played == [2, 2]


def _reasonable(name, lead, vote):
    """C to everyone; ``lead`` as the leader's shares, ``vote`` as a vote."""
    def answer(line):
        words = line.split()
        if line == "Start":
            return name
        if words[0].isdigit():
            return lead
        if all("=" in w for w in words):
            return vote
        return " ".join(f"{other}=C" for other in words if not other.startswith(name + "-"))
    return answer


def test_what_a_reasonable_bot_sends_is_read_as_meant_over_tcp():
    """Decided (docs/tournament.md, "The protocol"): a leader who names only the pirates he pays,
    with a share written 15.0, is read as he sent it; a vote of " T" is T; a vote of "maybe" gets
    the default C, and the log and the standings say whose and why."""
    from tournament_script import Script
    from epistemic.models.tournament.standings import standings

    answers = {"l": _reasonable("L", "V-1=15.0 W-2=15", "C"), "v": _reasonable("V", "", " T"),
               "w": _reasonable("W", "", "maybe")}
    seed = next(seed for seed in range(100) if _ranked(Script(lambda seat, q: answers[seat](q)), seed)[0] == "L-0")
    game, _ = asyncio.run(serve([RawClient(answers[seat]) for seat in "lvw"], seed=seed))
    (entry,) = game.log[0]["groups"]
    assert entry["bounty"] == 30 and entry["proposals"] == [
        {"leader": "L-0", "shares": {"L-0": 0, "V-1": 15, "W-2": 15}, "votes": {"V-1": "T", "W-2": "C"},
         "accepted": True}]
    assert game.scores == {"L-0": 0, "V-1": 15, "W-2": 15} and check_log(game_record(game)).scores == game.scores
    assert game.missed == {"L-0": 0, "V-1": 0, "W-2": 0} and game.invalid == {"L-0": 0, "V-1": 0, "W-2": 1}
    assert game.defaults == [{"round": 1, "player": "W-2", "asked": "vote", "why": "neither C nor T: 'maybe'",
                              "count": 1}]
    assert game_record(game)["defaults"] == game.defaults
    table = standings(game).splitlines()
    assert table[-3:] == ["Defaults given (answers missed or invalid):", "player  asked  times  why",
                          "W-2     vote       1  neither C nor T: 'maybe'"]


def _ranked(seats, seed):
    from epistemic.models.tournament.game import Game
    game = Game(seats, ["l", "v", "w"], rounds=1, seed=seed)
    asyncio.run(game.play())
    return game.log[0]["groups"][0]["ranking"]


def test_a_player_whose_connection_is_already_reset_leaves_quietly():
    """Under load a bot may reset its connection before the server ends its side: the socket is
    then no longer connected and ending it fails, which must not keep him among the players."""
    class ResetWriter:
        def can_write_eof(self):
            return True

        def write_eof(self):
            raise OSError(errno.ENOTCONN, "Transport endpoint is not connected")

    async def leave():
        client = _Client("Coop-0", 0, ResetWriter(), 1024, lambda client: None)
        client.waiter = asyncio.get_running_loop().create_future()
        client.leave()
        return client.alive, await client.waiter

    alive, answer = asyncio.run(leave())
    assert not alive and answer == BadLine(GONE)
