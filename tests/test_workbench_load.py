"""The workbench under more work than it can do, past its limits, and stopped, through the real server.

Checks are held by the test (``Server(hold=...)``, ``workbench_hooks/sitecustomize.py``), never
timed: a held check occupies a worker until the test releases it, so that which requests wait and
which are refused follows from the order of events alone, however loaded the machine is.
"""

from __future__ import annotations

import json
import os
import signal
import subprocess
import sys
import threading
import urllib.request
import uuid
from pathlib import Path

import pytest

from cli_runs import as_at_a_terminal
from workbench_client import HOOKS, PATIENCE, ROOT, Client, Server, busy, children, wait_until


def holding(folder: Path) -> list[int]:
    """The workers holding a check now, by process id (a worker holds one check at a time)."""
    return [int(p.name.split(".")[1]) for p in folder.glob("holding.*")]


def gone(pid: int) -> bool:
    """Whether process ``pid`` has ended (its entry gone, or a zombie waiting for its new parent)."""
    try:
        with open(f"/proc/{pid}/stat") as stat:
            return stat.read().rsplit(")", 1)[1].split()[0] == "Z"
    except OSError:
        return True


def tagged(tag: str) -> list[int]:
    """The processes whose environment holds ``tag``: a server started with it, and its workers."""
    found = []
    for entry in os.listdir("/proc"):
        if entry.isdigit():
            try:
                with open(f"/proc/{entry}/environ", "rb") as environ:
                    if tag.encode() in environ.read() and not gone(int(entry)):
                        found.append(int(entry))
            except OSError:
                pass
    return found


class Asking(threading.Thread):
    """One request sent in a thread of its own, its answer kept: ``status``, ``data``, ``headers``."""

    def __init__(self, client: Client, path: str, body: dict | None):
        super().__init__(daemon=True)
        self.client, self.path, self.body = client, path, body
        self.status = 0
        self.data: dict = {}
        self.headers: dict[str, str] = {}
        self.start()

    def run(self) -> None:
        status, body, _, headers = self.client.once(self.path, self.body)
        self.status, self.data, self.headers = status, json.loads(body), headers


# the burst --------------------------------------------------------------------------------------

def test_a_burst_past_capacity_is_shed_at_once_and_the_server_recovers(tmp_path):
    workers, queue, more = 2, 3, 4
    with Server("--workers", str(workers), "--queue", str(queue), hold=tmp_path) as server:
        clients = [Client(server.url) for _ in range(workers + queue + more)]
        started = wait_until(lambda: len(server.workers()) == workers and server.workers(), "the workers' start")
        # both workers take a check the test holds
        first = [Asking(c, "api/check", {"formula": "held | p", "draw": False}) for c in clients[:workers]]
        wait_until(lambda: len(holding(tmp_path)) == workers, "both workers holding a check")
        # then more requests than the queue takes: as many as it takes wait, the rest are refused at once
        rest = [Asking(c, "api/check", {"formula": "held | p", "draw": False}) for c in clients[workers:]]
        wait_until(lambda: sum(not r.is_alive() for r in rest) == more, f"{more} answers while the workers hold")
        refused = [r for r in rest if not r.is_alive()]
        assert all(r.status == 503 and busy(r.status, json.dumps(r.data).encode()) for r in refused)
        assert {r.data["error"] for r in refused} == {"the workbench is busy: try again in a moment"}
        assert {r.headers["retry-after"] for r in refused} == {"1"}
        assert not any(r.status for r in first)   # the held ones are still at work, the waiting still wait
        (tmp_path / "release").touch()
        for r in first + rest:
            r.join(PATIENCE)
        waited = [r for r in rest if r not in refused]
        # docs/exercises.md, exercise 2: p holds at w alone
        assert [(r.status, r.data["holds"]) for r in first + waited] == [(200, [0])] * (workers + queue)
        # after the burst: the same workers, warm, answer everyone refused
        assert all(c.post("api/check", {"formula": "K_b p"})["holds"] == [0] for c in clients)
        assert sorted(server.workers()) == sorted(started)
    assert wait_until(lambda: all(gone(p) for p in started), "the workers' end")
    assert "Traceback" not in server.said


def test_a_check_past_the_time_limit_stops_its_own_worker_alone(tmp_path):
    # the one test with a short limit: a check held forever passes it, whatever the machine's speed
    hold = tmp_path
    with Server("--workers", "2", "--time-limit", "1", hold=hold) as server:
        student = Client(server.url)
        started = set(wait_until(lambda: len(server.workers()) == 2 and server.workers(), "the workers' start"))
        answer = student.post("api/check", {"formula": "held_forever & p", "draw": False})
        assert answer["error"] == ("this took longer than 1 s, the limit for one request: try a smaller model or a "
                                   "shorter formula")
        stuck, = holding(hold)
        # the worker that held it is stopped and replaced; the other goes on
        now = wait_until(lambda: _replaced(server.workers(), stuck), "the stopped worker's successor")
        assert set(now) - {stuck} >= started - {stuck} and len(set(now) - started) == 1
        # a check the limit allows is answered (asked again if the loaded machine made it too slow)
        wait_until(lambda: student.post("api/check", {"formula": "K_b p", "draw": False}).get("holds") == [0],
                   "a check answered after the stopped one")
    assert wait_until(lambda: gone(stuck) and all(gone(p) for p in now), "the workers' end")


def _replaced(workers: list[int], stuck: int) -> list[int] | None:
    return workers if len(workers) == 2 and stuck not in workers else None


# stopping ---------------------------------------------------------------------------------------

def _serve(tag: str, hold: Path, *args: str) -> subprocess.Popen:
    env = {**os.environ, "PYTHONUNBUFFERED": "1", "WORKBENCH_HOLD": str(hold), "WORKBENCH_TAG": tag,
           "PYTHONPATH": os.pathsep.join(filter(None, [str(HOOKS), os.environ.get("PYTHONPATH")]))}
    return subprocess.Popen([sys.executable, "-m", "epistemic.cli", "serve", "--time-limit", "600", *args],
                            cwd=ROOT, stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True, env=env,
                            preexec_fn=as_at_a_terminal)


def _url(server: subprocess.Popen) -> str:
    assert server.stdout is not None
    line = server.stdout.readline()
    assert line.startswith("epistemic workbench at http://"), line
    return line.split()[3]


def _answers(url: str) -> bool:
    try:
        with urllib.request.urlopen(url, timeout=PATIENCE):
            return True
    except OSError:
        return False


def reading_its_sheet(server, hold):
    wait_until(lambda: holding(hold), "the sheet's reading")


def saying_where_it_listens(server, hold):
    _url(server)


def answering_while_its_workers_start(server, hold):
    wait_until(lambda: _answers(_url(server)), "the page")


def with_its_workers_ready(server, hold):
    url = _url(server)
    Client(url).post("api/check", {"formula": "p"})


def with_a_check_running(server, hold):
    url = _url(server)
    Asking(Client(url), "api/check", {"formula": "held_forever", "draw": False})
    wait_until(lambda: holding(hold), "the check's start")


@pytest.mark.parametrize("moment", [reading_its_sheet, saying_where_it_listens, answering_while_its_workers_start,
                                    with_its_workers_ready, with_a_check_running], ids=lambda m: m.__name__)
def test_ctrl_c_stops_the_server_cleanly_at_any_moment(moment, tmp_path):
    tag = f"WORKBENCH_TAG={uuid.uuid4().hex}"
    sheet = tmp_path / "held.toml"
    sheet.write_text((ROOT / "docs" / "sheets" / "course.toml").read_text(encoding="utf-8"), encoding="utf-8")
    for name in ("cards.json",):
        (tmp_path / name).write_bytes((ROOT / "docs" / "sheets" / name).read_bytes())
    args = ("--sheet", str(sheet)) if moment is reading_its_sheet else ()
    server = _serve(tag.split("=")[1], tmp_path, *args)
    try:
        moment(server, tmp_path)
        server.send_signal(signal.SIGINT)
        _, err = server.communicate(timeout=PATIENCE)
    finally:
        if server.poll() is None:
            server.kill()
            server.communicate()
    # one line, empty: after the ^C the terminal shows, the prompt starts on a line of its own
    assert (server.returncode, err) == (130, "\n")
    assert wait_until(lambda: not tagged(tag), "the end of every process the server started")
