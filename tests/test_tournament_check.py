"""``epistemic tournament check`` reads a log as it replays it: a round at a time, in the memory
of a round whatever the log's length; what it reads is the JSON :func:`json.loads` reads, and a
fault is said as :func:`epistemic.files.json_from` says it."""

from __future__ import annotations

import asyncio
import json
import os
import resource
import subprocess
import sys
from collections.abc import Iterator
from pathlib import Path

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from cli_runs import run
from epistemic.errors import EpistemicError
from epistemic.files import json_from
from epistemic.models.tournament.game import Game
from epistemic.models.tournament.jsonstream import ObjectStream
from epistemic.models.tournament.log import check_file, check_log, game_record, save_log
from epistemic.models.tournament.rules import TournamentError
from tournament_script import Script, gauth_leads, write_defectors_log

ROOT = Path(__file__).resolve().parent.parent


def test_the_made_log_of_defectors_is_the_one_their_game_saves(tmp_path):
    """The long logs below are made without a game, as a game of defectors saves them."""
    def defector(seat, question):
        return "Defect" if question == "Start" else " ".join(f"{name}=T" for name in question.split())
    game = Game(Script(defector), [f"s{i}" for i in range(5)], rounds=4)
    asyncio.run(game.play())
    save_log(tmp_path / "played.json", game_record(game))
    write_defectors_log(tmp_path / "made.json", 5, 4)
    assert (tmp_path / "made.json").read_bytes() == (tmp_path / "played.json").read_bytes()


# the memory of a check -------------------------------------------------------------------------

#: What the children below may take past what the command takes to start.
ROOM = 24 * 2 ** 20
#: One thread in a child whose memory is capped: a thread's stack is memory too, and numerical
#: libraries start one per core unless told not to.
ONE_THREAD = {**os.environ, "OPENBLAS_NUM_THREADS": "1", "OMP_NUM_THREADS": "1", "MKL_NUM_THREADS": "1"}
#: The command's start: every command's parser made, the tournament's modules loaded.
_STARTED = ("from epistemic.cli.main import main\nimport epistemic.models.tournament.cli\n"
            "try:\n    main(['tournament', 'check', '--help'])\nexcept SystemExit:\n    pass\n")
_PEAK = ("\nprint(next(int(line.split()[1]) * 1024 for line in open('/proc/self/status') "
         "if line.startswith('VmPeak')), file=sys.stderr)")


def _child(code: str, cap: int | None = None) -> subprocess.CompletedProcess:
    """Python running ``code`` with at most ``cap`` bytes of memory; it prints its peak last on
    standard error."""
    def capped() -> None:
        if cap is not None:
            resource.setrlimit(resource.RLIMIT_AS, (cap, cap))
    return subprocess.run([sys.executable, "-c", "import sys\n" + code + _PEAK], capture_output=True, text=True,
                          env=ONE_THREAD, preexec_fn=capped, stdin=subprocess.DEVNULL, timeout=600)


@pytest.mark.skipif(not os.path.exists("/proc/self/status"), reason="the peak is read from /proc")
def test_a_long_log_is_checked_in_the_memory_of_a_round(tmp_path):
    """A log of 1,200 rounds (7.8 MiB) is checked with no more than ROOM (24 MiB) of memory past
    what the command takes to start; read whole, it does not fit there."""
    log = tmp_path / "long.json"
    write_defectors_log(log, 30, 1200)
    assert log.stat().st_size > 7.5 * 2 ** 20
    started = _child(_STARTED)
    assert started.returncode == 0, started.stderr
    cap = int(started.stderr.split()[-1]) + ROOM
    done = _child(_STARTED + f"code = main(['tournament', 'check', {str(log)!r}])\nsys.stdout.flush()", cap)
    assert done.returncode == 0, done.stderr
    assert done.stdout.endswith(f"{log} checks: 30 players, 1,200 rounds, 0 proposals, 0 leaders thrown overboard; "
                                f"every group, bounty, vote and score agrees with the answers.\n")
    whole = _child(_STARTED + f"import json\njson.loads(open({str(log)!r}, encoding='utf-8').read())", cap)
    assert whole.returncode != 0 and "MemoryError" in whole.stderr


# the JSON it reads -----------------------------------------------------------------------------

_SCALARS = st.none() | st.booleans() | st.integers(-10 ** 20, 10 ** 20) | st.floats(allow_nan=False) | st.text(max_size=6)
_VALUES = st.recursive(_SCALARS, lambda inner: st.lists(inner, max_size=4) | st.dictionaries(st.text(max_size=4), inner,
                                                                                             max_size=4), max_leaves=12)
_LOGS = st.dictionaries(st.sampled_from(["log", "defaults", "format", "players", "é"]), _VALUES, max_size=5)


def _read(path, chunk):
    """The file's value as a stream gives it, read ``chunk`` bytes at a time, its long lists
    as lists; or the fault it says."""
    try:
        with ObjectStream(path, 10 ** 6, "a log", EpistemicError, lists={"log", "defaults"}, chunk=chunk) as stream:
            if not stream.holds_object():
                return stream.whole()
            return {key: list(value) if isinstance(value, Iterator) else value for key, value in stream.members()}
    except EpistemicError as fault:
        return str(fault)


def _loaded(raw):
    """What :func:`json_from` reads of the whole text, or the fault it says."""
    try:
        return json_from(raw, EpistemicError)
    except EpistemicError as fault:
        return str(fault)


@settings(deadline=None, max_examples=150)
@given(data=_LOGS, indent=st.sampled_from([None, 0, 1, 3]), chunk=st.integers(1, 9))
def test_what_is_read_in_pieces_is_what_json_reads_whole(tmp_path_factory, data, indent, chunk):
    """Every value cut at every place by the ends of the pieces read."""
    path = tmp_path_factory.mktemp("stream") / "log.json"
    path.write_text(json.dumps(data, indent=indent, ensure_ascii=indent == 1), encoding="utf-8")
    assert _read(path, chunk) == json.loads(path.read_text(encoding="utf-8"))


@settings(deadline=None, max_examples=300)
@given(data=_LOGS, indent=st.sampled_from([None, 1]), chunk=st.integers(1, 9), cut=st.integers(0, 10 ** 6),
       put=st.sampled_from(["", ",", "}", "]", "x", '"', "\n", ":", "1", "[", "{", "\ufeff"]))
def test_a_fault_is_said_as_json_from_says_it(tmp_path_factory, data, indent, chunk, cut, put):
    """Text broken at any place, by a character put there or by its end: the same line."""
    text = json.dumps(data, indent=indent, ensure_ascii=False)
    place = cut % (len(text) + 1)
    text = text[:place] + put + (text[place:] if put else "")
    path = tmp_path_factory.mktemp("stream") / "log.json"
    path.write_text(text, encoding="utf-8")
    assert _read(path, chunk) == _loaded(text)


@pytest.mark.parametrize("raw", [b'{"players": ["\xc3\xa9", "\xe9"]}', b'{"players": ["\xc3\xa9"]}\xc3',
                                 b'\xef\xbb\xbf{"players": ["\xc3\xa9"]}', b'{"a": 1}\n\n{'])
def test_bytes_are_read_as_json_from_reads_them(tmp_path, raw):
    """A byte that is not UTF-8, a character cut by the end of the file, a byte order mark, the
    line of a fault: as read whole, with a character of two bytes cut between two pieces."""
    (tmp_path / "log.json").write_bytes(raw)
    for chunk in range(1, 6):
        assert _read(tmp_path / "log.json", chunk) == _loaded(raw), chunk


def test_a_log_that_grows_past_the_limit_as_it_is_read_is_refused(tmp_path):
    """Opened within the limit, then written on: reading stops once it passes the limit."""
    path = tmp_path / "log.json"
    path.write_text('{"log": [' + "1, " * 30)
    with ObjectStream(path, 150, "a log", EpistemicError, lists={"log"}, chunk=16) as stream:
        with path.open("a") as more:
            more.write("1, " * 100 + "1]}")
        with pytest.raises(EpistemicError, match="^larger than 150 bytes, the most a log may be$"):
            dict(stream.members())


# the replay of a file --------------------------------------------------------------------------

def _example():
    """The record of the seed's example game, played by a script (a leader thrown, two rounds)."""
    _, game = gauth_leads()
    return game_record(game, seed=game.seed)


def test_a_log_whose_rounds_come_before_its_players_is_read_twice_and_checks(tmp_path):
    record = _example()
    ordered = {"log": record["log"], **{key: value for key, value in record.items() if key != "log"}}
    (tmp_path / "first.json").write_text(json.dumps(ordered))
    assert check_file(tmp_path / "first.json") == check_log(record)
    ordered["log"][1]["scores"]["Felix-2"] += 1
    (tmp_path / "first.json").write_text(json.dumps(ordered))
    with pytest.raises(TournamentError, match="round 2: scores: the replay gives"):
        check_file(tmp_path / "first.json")


def test_a_member_given_twice_is_no_log(tmp_path):
    text = json.dumps(_example())
    (tmp_path / "twice.json").write_text(text[:-1] + ', "log": []}')
    with pytest.raises(TournamentError, match=r"twice.json: not a tournament log: log: given twice$"):
        check_file(tmp_path / "twice.json")
