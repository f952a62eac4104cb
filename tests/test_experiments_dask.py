"""Sweeps on real Dask clusters over loopback: a scheduler and workers started as
``dask scheduler`` and ``dask worker`` processes, and the embedded ``LocalCluster``.

Workers are killed, clients are killed and the scheduler goes away mid-sweep:
every rerun completes with each cell exactly once."""

from __future__ import annotations

import json
import os
import signal
import sqlite3
import subprocess
import sys
import time

import pytest
from cli_runs import HUNG, as_at_a_terminal
from sweep_cells import find, on_terminal, registering_env

from epistemic.experiments import ResultStore, run_sweep, spec_from_text

pytest.importorskip("distributed", reason="the sweep extra (dask.distributed) is installed by the test extra")

TESTS = os.path.dirname(os.path.abspath(__file__))
ENV = {**os.environ, "PYTHONPATH": TESTS + os.pathsep + os.environ.get("PYTHONPATH", "")}
SLOW = 'model = "tests"\nexperiment = "square"\n[grid]\nn = {{from = 0, to = {last}}}\npause = {pause}\n'
NOISY = 'model = "tests"\nexperiment = "noisy"\nseeds = {from = 0, to = 7}\n[grid]\ncentre = [0, 10, 20]\n'


class Cluster:
    """A ``dask scheduler`` and ``dask worker`` processes on loopback."""

    def __init__(self, folder, workers: int = 2):
        self.file = str(folder / "scheduler.json")
        self.scheduler = self._start("scheduler", "--host", "127.0.0.1", "--port", "0", "--no-dashboard")
        self.address = self._address()
        self.workers = [self._start("worker", "--nthreads", "1", "--no-nanny", "--no-dashboard", "--name", f"w{i}")
                        for i in range(workers)]
        if workers:
            self.wait_for_workers(workers)

    def _address(self) -> str:
        """The scheduler's address, from its file once the file is there whole: the scheduler
        may be writing it when it is first seen, and a part of it is no JSON."""
        given_up = time.monotonic() + HUNG
        while True:
            try:
                with open(self.file, encoding="utf-8") as file:
                    return json.load(file)["address"]
            except (FileNotFoundError, json.JSONDecodeError, KeyError, TypeError):
                assert time.monotonic() < given_up and self.scheduler.poll() is None, "the scheduler did not start"
                time.sleep(0.1)

    def _start(self, kind, *options):
        return subprocess.Popen([sys.executable, "-m", "dask", kind, "--scheduler-file", self.file, *options],
                                env=ENV, stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL)

    def wait_for_workers(self, count: int) -> None:
        from distributed import Client

        with Client(self.address, timeout=HUNG) as client:
            client.wait_for_workers(count, timeout=HUNG)

    def close(self) -> None:
        for process in [*self.workers, self.scheduler]:
            if process.poll() is None:
                process.kill()
            process.wait()


@pytest.fixture(scope="module")
def cluster(tmp_path_factory):
    """One cluster for the tests that leave it whole (a client killed does not hurt it)."""
    made = Cluster(tmp_path_factory.mktemp("cluster"))
    yield made
    made.close()


@pytest.fixture
def own_cluster(tmp_path):
    """A cluster of its own, for a test that kills one of its workers."""
    made = Cluster(tmp_path)
    yield made
    made.close()


def rows(path: str) -> dict[str, tuple]:
    with ResultStore(path) as store:
        return {r.cell: (r.status, r.results) for m, e in store.experiments() for r in store.rows(m, e)}


def count(path: str) -> tuple[int, int]:
    """Rows, and distinct cells among them, read while a run may be writing."""
    if not os.path.exists(path):
        return 0, 0
    try:
        with sqlite3.connect(path, timeout=HUNG) as db:
            return db.execute("SELECT COUNT(*), COUNT(DISTINCT cell) FROM cells").fetchone()
    except sqlite3.OperationalError:   # the table is not made yet
        return 0, 0


def in_process(tmp_path, text: str) -> dict[str, tuple]:
    path = str(tmp_path / "here.db")
    with ResultStore(path, writer=True) as store:
        run_sweep(spec_from_text(text, find), store, in_process=True)
    return rows(path)


def test_a_sweep_through_a_running_scheduler_gives_the_rows_of_one_run_here(tmp_path, cluster):
    path = str(tmp_path / "there.db")
    spec = spec_from_text(NOISY, find)
    with ResultStore(path, writer=True) as store:
        report = run_sweep(spec, store, scheduler=cluster.address)
    assert (report.done, report.failed, report.stopped) == (24, 0, None)
    there = rows(path)
    here = in_process(tmp_path, NOISY)
    assert {k: v[1]["value"] for k, v in there.items()} == {k: v[1]["value"] for k, v in here.items()}
    # both workers ran cells, none of them this process
    assert len({v[1]["pid"] for v in there.values()} - {os.getpid()}) == 2


def test_the_command_line_runs_a_spec_on_a_scheduler_given_by_address(tmp_path, cluster):
    spec = tmp_path / "slow.toml"
    spec.write_text(SLOW.format(last=11, pause=0.02))
    done = subprocess.run([sys.executable, "-m", "epistemic.cli", "experiment", "run", str(spec), "--db",
                           str(tmp_path / "r.db"), "--scheduler", cluster.address], capture_output=True, text=True,
                          env=registering_env(tmp_path), timeout=HUNG)
    assert done.returncode == 0, done.stderr
    assert done.stdout.startswith("tests.square: 12 cells; 0 done before, 12 done now, 0 failed")
    assert rows(str(tmp_path / "r.db")) == in_process(tmp_path, SLOW.format(last=11, pause=0.02))


def test_a_worker_killed_mid_sweep_loses_no_cell(tmp_path, own_cluster):
    cluster = own_cluster
    path = str(tmp_path / "r.db")
    spec = spec_from_text(SLOW.format(last=39, pause=0.1), find)
    with ResultStore(path, writer=True) as store:
        killed = []

        def progress(finished, to_run):
            if finished >= 4 and not killed:
                cluster.workers[0].kill()
                killed.append(finished)
        report = run_sweep(spec, store, scheduler=cluster.address, progress=progress, batch_seconds=0.3)
    assert killed and killed[0] < 40
    assert (report.done, report.failed, report.stopped) == (40, 0, None)
    assert count(path) == (40, 40)
    assert sorted(v[1]["square"] for v in rows(path).values()) == [n * n for n in range(40)]


def _run_command(spec, path, *options):
    return subprocess.Popen([sys.executable, "-m", "epistemic.cli", "experiment", "run", str(spec), "--db", path,
                             *options], env=registering_env(os.path.dirname(path)), preexec_fn=as_at_a_terminal, stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True)


def _wait_for_rows(path: str, least: int, process) -> None:
    deadline = time.monotonic() + HUNG
    while count(path)[0] < least:
        assert process.poll() is None, process.communicate()
        assert time.monotonic() < deadline
        time.sleep(0.05)


@pytest.mark.parametrize("how", ["kill", "interrupt"])
def test_a_client_stopped_mid_sweep_is_resumed_by_the_rerun(tmp_path, cluster, how):
    # the cells from 10 on wait for a file made once the first run is stopped: it cannot end first
    marker = tmp_path / "go"
    spec = tmp_path / "slow.toml"
    spec.write_text(SLOW.format(last=59, pause=0.05) + f'hold_from = 10\nunless = "{marker}"\n')
    path = str(tmp_path / "r.db")
    first = _run_command(spec, path, "--scheduler", cluster.address, "--batch-seconds", "0.2")
    _wait_for_rows(path, 6, first)
    first.send_signal(signal.SIGKILL if how == "kill" else signal.SIGINT)
    out, _ = first.communicate(timeout=HUNG)
    if how == "interrupt":
        assert first.returncode == 130 and "stopped (interrupted) with" in out
        assert "run the same command again to go on" in out
    else:
        assert first.returncode == -signal.SIGKILL
    kept, distinct = count(path)
    assert 6 <= kept == distinct <= 10
    marker.write_text("")
    second = _run_command(spec, path, "--scheduler", cluster.address)
    out, err = second.communicate(timeout=HUNG)
    assert second.returncode == 0, err
    assert f"tests.square: 60 cells; {kept} done before, {60 - kept} done now, 0 failed" in out
    assert count(path) == (60, 60)
    assert sorted(v[1]["square"] for v in rows(path).values()) == [n * n for n in range(60)]


def test_a_scheduler_gone_mid_sweep_stops_the_run_and_a_new_one_finishes_it(tmp_path):
    path = str(tmp_path / "r.db")
    # the cells from 10 on wait for a file made once the scheduler is gone: on a busy machine
    # the sweep cannot finish before the kill
    marker = tmp_path / "go"
    spec = spec_from_text(SLOW.format(last=39, pause=0.05) + f'hold_from = 10\nunless = "{marker}"\n', find)
    (tmp_path / "first").mkdir()
    first = Cluster(tmp_path / "first")
    try:
        with ResultStore(path, writer=True) as store:
            def progress(finished, to_run):
                if finished >= 4 and first.scheduler.poll() is None:
                    first.scheduler.kill()
            report = run_sweep(spec, store, scheduler=first.address, progress=progress, batch_seconds=0.2,
                               lost_after_s=3.0)
    finally:
        first.close()
    assert report.stopped == "the scheduler went away" and 4 <= report.done <= 10
    assert count(path) == (report.done, report.done)
    marker.write_text("")
    with ResultStore(path, writer=True) as store:   # the rerun need not be on a cluster: any run goes on
        again = run_sweep(spec, store, in_process=True)
    assert (again.skipped, again.done, again.stopped) == (report.done, 40 - report.done, None)
    assert count(path) == (40, 40)


def test_the_command_stops_in_one_line_when_its_scheduler_is_killed(tmp_path):
    """The scheduler process killed mid-sweep: the run says that it stopped, and how to go on,
    with status 1 and no traceback nor any line of Dask's; the cells done are kept."""
    spec = tmp_path / "slow.toml"
    # the cells from 10 on wait for a file never made: the run cannot end before the kill
    spec.write_text(SLOW.format(last=39, pause=0.05) + f'hold_from = 10\nunless = "{tmp_path / "never"}"\n')
    path = str(tmp_path / "r.db")
    (tmp_path / "cluster").mkdir()
    cluster = Cluster(tmp_path / "cluster")
    try:
        run = _run_command(spec, path, "--scheduler", cluster.address, "--batch-seconds", "0.2")
        _wait_for_rows(path, 4, run)
        cluster.scheduler.kill()
        out, err = run.communicate(timeout=HUNG)
    finally:
        cluster.close()
    kept, distinct = count(path)
    assert run.returncode == 1, err
    assert out.endswith(f"stopped (the scheduler went away) with {40 - kept} cells left: run the same command again "
                        f"to go on\n")
    assert 4 <= kept == distinct <= 10
    assert [line for line in err.splitlines() if not line.startswith("Dask dashboard: ")] == []


@pytest.fixture(scope="module")
def idle(tmp_path_factory):
    """A scheduler no worker ever joins."""
    made = Cluster(tmp_path_factory.mktemp("idle"), workers=0)
    yield made
    made.close()


def test_a_client_closed_for_its_lost_scheduler_reads_as_a_lost_connection(idle):
    """Dask closes a client whose scheduler is gone from its own thread, and a closed client has no
    scheduler: asking it for threads must say the connection is lost (the run then waits
    ``lost_after_s`` and stops), not fail with Dask's AttributeError."""
    from distributed import Client

    from epistemic.experiments.sweep import _cluster_threads

    client = Client(idle.address, timeout=10)
    assert _cluster_threads(client) == 0
    client.close()
    with pytest.raises(ConnectionError, match="lost its scheduler"):
        _cluster_threads(client)


def test_a_client_closed_between_two_calls_stops_the_run_as_a_scheduler_gone(tmp_path, idle, monkeypatch):
    """The race the test above reaches by chance, made certain: Dask closes the client just after
    the run counted the cluster's threads, so the cells are sent through a closed client.  The run
    waits for the scheduler ``lost_after_s`` and no longer: on a clock made for the test, a second
    a reading, it stops at the first turn past them (and so sleeps but a few times)."""
    import types

    from epistemic.experiments import sweep

    counted = sweep._cluster_threads

    def then_closed(client):
        threads = counted(client)
        client.close()
        return threads

    clock, slept = [0.0], []

    def tick() -> float:
        clock[0] += 1.0
        return clock[0]

    monkeypatch.setattr(sweep, "_cluster_threads", then_closed)
    monkeypatch.setattr(sweep, "time", types.SimpleNamespace(perf_counter=tick, sleep=slept.append))
    with ResultStore(str(tmp_path / "r.db"), writer=True) as store:
        report = run_sweep(spec_from_text(SLOW.format(last=3, pause=0), find), store, scheduler=idle.address,
                           lost_after_s=3.0)
    assert (report.stopped, report.done) == ("the scheduler went away", 0)
    assert len(slept) <= 3


def test_a_run_that_no_worker_joins_says_it_waits_and_stops_when_told(tmp_path, idle):
    """Once on standard error, it waits for a worker; past --wait-for-workers it stops in one line
    with status 2, and the database is as it was: none where there was none, the same bytes
    where there was one."""
    spec = tmp_path / "slow.toml"
    spec.write_text(SLOW.format(last=3, pause=0.0))
    path = tmp_path / "r.db"
    for there in (False, True):
        if there:
            with ResultStore(str(path), writer=True) as store:
                run_sweep(spec_from_text(SLOW.format(last=1, pause=0.0), find), store, in_process=True)
        before = path.read_bytes() if there else None
        run = _run_command(spec, str(path), "--scheduler", idle.address, "--wait-for-workers", "1")
        out, err = run.communicate(timeout=HUNG)
        assert (run.returncode, out) == (2, ""), err
        assert [line for line in err.splitlines() if not line.startswith("Dask dashboard: ")] == [
            f"waiting for a worker to join the scheduler at {idle.address}: none has yet (--wait-for-workers SECONDS "
            f"bounds the wait)",
            f"epistemic experiment: error: no worker joined the scheduler at {idle.address} in 1 s: start some with: "
            f"dask worker {idle.address}"]
        assert (path.read_bytes() if there else path.exists()) == (before if there else False)


def test_a_run_that_no_worker_joins_says_so_on_its_terminal_line(tmp_path, idle):
    spec = tmp_path / "slow.toml"
    spec.write_text(SLOW.format(last=3, pause=0.0))
    code, _, text = on_terminal(["experiment", "run", str(spec), "--db", str(tmp_path / "r.db"), "--scheduler",
                                 idle.address, "--wait-for-workers", "2"], env=registering_env(tmp_path))
    text = text.replace("\x1b[K", "")
    assert code == 2
    assert f"\rtests.square: waiting for a worker to join the scheduler at {idle.address} (0:00:0" in text
    assert text.endswith(f"\repistemic experiment: error: no worker joined the scheduler at {idle.address} in 2 s: "
                         f"start some with: dask worker {idle.address}\r\n")


def test_the_embedded_cluster_runs_a_spec_as_this_process_would(tmp_path):
    path = str(tmp_path / "r.db")
    with ResultStore(path, writer=True) as store:
        report = run_sweep(spec_from_text(NOISY, find), store, workers=2)
    assert (report.done, report.failed) == (24, 0)
    there = rows(path)
    assert {k: v[1]["value"] for k, v in there.items()} == {k: v[1]["value"] for k, v in
                                                            in_process(tmp_path, NOISY).items()}
