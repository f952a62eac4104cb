"""Running a spec's cells on dask.distributed, each finished batch written at once.

The cells a database holds as done are skipped; the others are sent to
the cluster in batches, each batch one task, and each finished task's rows
are written in one transaction as soon as it ends.  A run stopped at any
point (Ctrl-C, a worker killed, the scheduler gone) has lost no finished
cell, and the next run of the spec on the same database goes on from there.

Batches start with one cell, so that the first results tell how long a cell
takes; then each holds about ``batch_seconds`` of work, enough to pay for
its scheduling, but never so many cells that the last batches keep a
worker busy while the others wait.

Without a cluster (``in_process=True``) the cells run one after the other
in this process, which a debugger can follow.
"""

from __future__ import annotations

import itertools
import logging
import math
import numbers
import os
import threading
import time
from collections.abc import Callable, Iterable, Iterator, Mapping
from concurrent.futures import CancelledError
from typing import Any

import attrs

from epistemic.errors import EpistemicError
from epistemic.plugins import first_line

from .declare import RESULT_TYPES
from .spec import Cell, Spec
from .store import ResultStore, Row

__all__ = ["run_sweep", "run_cells", "require_dask", "SweepReport", "SweepError", "MAX_BATCH", "quiet_dask"]

#: The most cells one task holds.
MAX_BATCH = 10_000
#: How long the client waits for a scheduler to answer, or to come back once
#: gone, before it gives up.
LOST_AFTER_S = 10.0
#: Dask's loggers that write to standard error (a client's has a level and a writer of its own).
_DASK_LOGGERS = ("distributed", "distributed.client")


class SweepError(EpistemicError):
    """A sweep that cannot start: no dask, or no scheduler where one was named."""


@attrs.frozen
class SweepReport:
    """What a run did.

    ``stopped`` is ``None`` for a run that went through, else why it stopped
    (the cells it finished are stored all the same)."""

    total: int
    skipped: int
    done: int
    failed: int
    seconds: float
    stopped: str | None = None


def run_cells(function: Callable[..., Mapping[str, Any]], model: str, experiment: str,
              cells: Iterable[tuple[str, dict, int | None]]) -> list[Row]:
    """Run each cell ``(key, arguments, seed)``, timing it: a cell that raises
    is a failed row carrying its error, and the others go on.  This is what a
    worker runs for one batch."""
    from epistemic import __version__

    rows = []
    for key, arguments, seed in cells:
        start = time.perf_counter()
        try:
            results, status, error = _record(function(**arguments)), "done", None
        except Exception as fault:   # recorded, and retried by the next run
            results, status, error = None, "failed", first_line(fault)
        rows.append(Row(model, experiment, key, seed, status, results, error, __version__,
                        time.perf_counter() - start))
    return rows


def _record(value: Any) -> dict[str, Any]:
    """An experiment's record as plain values: numpy's numbers become Python's."""
    if not isinstance(value, Mapping):
        raise TypeError(f"the experiment returned a {type(value).__name__}, not a mapping of results")
    out: dict[str, Any] = {}
    for name, v in value.items():
        if not isinstance(name, str):
            raise TypeError(f"a result's name must be text, got {name!r}")
        if isinstance(v, (bool, str)) or v is None:
            out[name] = v
        elif type(v).__name__ == "bool_":   # numpy's truth values are no numbers.Integral
            out[name] = bool(v)
        elif isinstance(v, numbers.Integral):
            out[name] = int(v)
        elif isinstance(v, numbers.Real):
            out[name] = float(v)
        else:
            raise TypeError(f"result {name!r} is a {type(v).__name__}: a record holds "
                            f"{', '.join(t.__name__ for t in RESULT_TYPES)}")
    return out


def run_sweep(spec: Spec, store: ResultStore, *, scheduler: str | None = None, workers: int | None = None,
              in_process: bool = False, batch_seconds: float = 1.0, lost_after_s: float = LOST_AFTER_S,
              wait_for_workers: float | None = None, progress: Callable[[int, int], None] | None = None,
              notice: Callable[[str], None] = lambda line: None,
              waiting: Callable[[float], None] = lambda seconds: None) -> SweepReport:
    """Run the cells of ``spec`` that ``store`` lacks, writing each batch's rows as it ends.

    Parameters
    ----------
    scheduler : str, optional
        The address of a running Dask scheduler (``tcp://host:port``); by
        default a ``LocalCluster`` of ``workers`` processes (one per core)
        starts, and stops at the end.
    in_process : bool
        Run the cells here, one after the other, without Dask.
    progress : callable, optional
        ``progress(finished, to_run)`` after each batch.
    notice : callable, optional
        Gets one-line notes: the dashboard's address.
    lost_after_s : float
        How long to wait for a scheduler to answer, or to come back once gone,
        before the run stops.
    wait_for_workers : float, optional
        How long the cluster may be without a worker (a scheduler that none
        has joined, or all have left) before the run stops; by default it
        waits for one as long as it takes.
    waiting : callable, optional
        ``waiting(seconds)`` about once a second while the cluster has no
        worker, with the seconds it has had none.

    Raises
    ------
    SweepError
        Where the scheduler does not answer, or no worker joins it within
        ``wait_for_workers`` before any cell ran: nothing was recorded.
    """
    start = time.perf_counter()
    finished = store.finished(spec.model, spec.experiment.name)
    # counted first (where some are done), then made again as they are sent: a million cells
    # are not all held at once
    to_run = sum(c.key not in finished for c in spec.cells()) if finished else spec.size
    todo = (c for c in spec.cells() if c.key not in finished)
    tally = _Tally(spec.size, spec.size - to_run, store, progress)
    if not to_run:
        return tally.report(start)
    function = spec.experiment.function
    if in_process:
        try:
            for cell in todo:
                tally.add(run_cells(function, spec.model, spec.experiment.name, [_task(cell)]))
        except KeyboardInterrupt:
            return tally.report(start, "interrupted")
        return tally.report(start)
    return _on_dask(spec, todo, to_run, tally, start, _Cluster(scheduler, workers, batch_seconds, lost_after_s,
                                                               wait_for_workers, notice, waiting))


def _task(cell: Cell) -> tuple[str, dict, int | None]:
    return cell.key, cell.arguments(), cell.seed


class _Tally:
    """The counts of a run, kept as batches are written."""

    def __init__(self, total: int, skipped: int, store: ResultStore, progress):
        self.total, self.skipped, self.store, self.progress = total, skipped, store, progress
        self.done = self.failed = 0
        self.cell_seconds: list[float] = []

    def add(self, rows: list[Row]) -> None:
        self.store.record(rows)
        self.done += sum(r.status == "done" for r in rows)
        self.failed += sum(r.status == "failed" for r in rows)
        self.cell_seconds.extend(r.wall_s for r in rows)
        if self.progress is not None:
            self.progress(self.done + self.failed, self.total - self.skipped)

    def per_cell(self) -> float | None:
        """The mean time of the latest cells, or ``None`` before any."""
        recent = self.cell_seconds[-200:]
        return sum(recent) / len(recent) if recent else None

    def report(self, start: float, stopped: str | None = None) -> SweepReport:
        return SweepReport(self.total, self.skipped, self.done, self.failed, time.perf_counter() - start, stopped)


def require_dask() -> None:
    """:class:`SweepError` where dask.distributed is not installed."""
    import importlib.util

    if importlib.util.find_spec("distributed") is None:
        raise SweepError("sweeps run on dask.distributed: pip install 'epistemic-framework[sweep]' "
                         "(or run with --in-process)")


def _connect(scheduler: str | None, workers: int | None, timeout: float):
    from distributed import Client, LocalCluster
    if scheduler is not None:
        try:
            # the timeout bounds the first connection, and the attempts to reconnect to a scheduler gone
            return Client(scheduler, timeout=timeout), None
        except (OSError, TimeoutError) as error:
            raise SweepError(f"no Dask scheduler answers at {scheduler} ({first_line(error)})") from None
        except ValueError as error:
            raise SweepError(f"not a scheduler address: {scheduler!r} ({error})") from None
    # on loopback, at a free port: two sweeps at once must not fight over Dask's default
    cluster = LocalCluster(n_workers=workers or os.cpu_count() or 1, threads_per_worker=1, processes=True,
                           dashboard_address="127.0.0.1:0", silence_logs=logging.ERROR)
    return Client(cluster), cluster


@attrs.frozen
class _Cluster:
    """Where and how a run sends its cells to Dask (:func:`run_sweep`'s parameters of the same names)."""

    scheduler: str | None
    workers: int | None
    batch_seconds: float
    lost_after_s: float
    wait_for_workers: float | None
    notice: Callable[[str], None]
    waiting: Callable[[float], None]


def _on_dask(spec: Spec, todo: Iterator[Cell], to_run: int, tally: _Tally, start: float, how: _Cluster) -> SweepReport:
    require_dask()
    # Dask's own log lines (a scheduler lost, a worker gone) would break the progress line;
    # the run says what happened in its report
    levels = quiet_dask()
    try:
        return _run_on(spec, todo, to_run, tally, start, how)
    finally:
        for name, level in levels.items():
            logging.getLogger(name).setLevel(level)


def quiet_dask() -> dict[str, int]:
    """Keep Dask's loggers from writing anything short of a crash; the levels they had."""
    import distributed  # noqa: F401  (importing it sets its loggers' levels: they are set after)

    levels = {name: logging.getLogger(name).level for name in _DASK_LOGGERS}
    for name in _DASK_LOGGERS:
        logging.getLogger(name).setLevel(logging.CRITICAL)
    return levels


def _run_on(spec: Spec, todo: Iterator[Cell], to_run: int, tally: _Tally, start: float, how: _Cluster) -> SweepReport:
    from distributed import wait
    from distributed.client import ClosedClientError   # a client Dask closed while it was being used

    client, cluster = _connect(how.scheduler, how.workers, how.lost_after_s)
    stopped = None
    try:
        if "dashboard" in client.scheduler_info().get("services", {}):
            how.notice(f"Dask dashboard: {client.dashboard_link}{_needs_bokeh()}")
        left, cancelled = to_run, 0
        running: dict[Any, list[Cell]] = {}
        lost_since = None
        idle = _Idle(client.scheduler.address, how.wait_for_workers, how.waiting)
        while left or running:
            try:
                threads = _cluster_threads(client)
                stopped = idle.stopped(threads, tally.done + tally.failed)
                if stopped is not None:
                    break
                slots = max(1, threads)
                while left and len(running) < 2 * slots:
                    batch = list(itertools.islice(todo, _batch_size(tally, left, slots, how.batch_seconds)))
                    left -= len(batch)
                    future = client.submit(run_cells, spec.experiment.function, spec.model, spec.experiment.name,
                                           [_task(c) for c in batch], pure=False)
                    running[future] = batch
                try:
                    ended = wait(list(running), timeout=1.0, return_when="FIRST_COMPLETED").done
                except TimeoutError:
                    ended = set()
                except CancelledError:   # the client cancels what it waits for when it loses its scheduler
                    ended = {future for future in running if future.cancelled()}
                for future in ended:
                    batch = running.pop(future)
                    if future.status == "cancelled":   # its cells wait for the next run
                        cancelled += len(batch)
                    else:
                        tally.add(_outcome(future, batch, spec))
                if client.status != "running":
                    raise ConnectionError("the client lost its scheduler")
                lost_since = None
            except (OSError, ClosedClientError):   # Dask's closed connections are OSErrors
                lost_since = lost_since or time.perf_counter()
                if time.perf_counter() - lost_since > how.lost_after_s:
                    stopped = "the scheduler went away"
                    break
                time.sleep(0.5)
        if cancelled and stopped is None:
            stopped = f"{cancelled:,} cells were cancelled on the cluster"
    except KeyboardInterrupt:
        stopped = "interrupted"
    finally:
        # a client whose scheduler is gone has nothing to wait for
        _close(client, cluster, timeout=1 if stopped == "the scheduler went away" else 5)
    return tally.report(start, stopped)


def _cluster_threads(client) -> int:
    """How many threads the workers of ``client``'s cluster have.

    Raises :class:`ConnectionError` where the client has lost its scheduler: Dask closes such a
    client from its own thread, at any moment, and a closed client has no scheduler to ask."""
    try:
        return sum(client.nthreads().values())
    except AttributeError:
        if client.scheduler is None:
            raise ConnectionError("the client lost its scheduler") from None
        raise


class _Idle:
    """How long a cluster has been without a worker: said to ``waiting`` as it goes on, and
    bounded by ``bound`` seconds (None: no bound)."""

    def __init__(self, address: str, bound: float | None, waiting: Callable[[float], None]):
        self.address, self.bound, self.waiting = address, bound, waiting
        self.since: float | None = None

    def stopped(self, threads: int, ran: int) -> str | None:
        """Why the run stops, its cluster having ``threads`` threads and ``ran`` cells run; or None.

        Raises :class:`SweepError` where no cell ran: the run did nothing."""
        if threads:
            self.since = None
            return None
        now = time.perf_counter()
        if self.since is None:
            self.since = now
        waited = now - self.since
        self.waiting(waited)
        if self.bound is None or waited <= self.bound:
            return None
        if not ran:
            raise SweepError(f"no worker joined the scheduler at {self.address} in {self.bound:g} s: start some "
                             f"with: dask worker {self.address}")
        return f"no worker for {self.bound:g} s"


def _needs_bokeh() -> str:
    import importlib.util

    return "" if importlib.util.find_spec("bokeh") else " (its pages need bokeh: pip install bokeh)"


def _batch_size(tally: _Tally, left: int, slots: int, batch_seconds: float) -> int:
    per_cell = tally.per_cell()
    if per_cell is None:
        return 1
    wanted = math.ceil(batch_seconds / max(per_cell, 1e-6))
    # the last batches small enough that every worker has one
    return max(1, min(wanted, math.ceil(left / (2 * slots)), MAX_BATCH))


def _outcome(future, batch: list[Cell], spec: Spec) -> list[Row]:
    """The rows a finished task gave, or each of its cells failed with the task's error."""
    from epistemic import __version__

    if future.status == "finished":
        return future.result()
    error = future.exception()
    why = ("a worker died running it (the cells may take more memory than a worker has)"
           if type(error).__name__ == "KilledWorker" else first_line(error))
    return [Row(spec.model, spec.experiment.name, c.key, c.seed, "failed", None, why, __version__, 0.0) for c in batch]


def _close(client, cluster, timeout: float) -> None:
    """Close the client and the embedded cluster, waiting no more than a bounded time:
    a run that stops (Ctrl-C above all) must end, whatever state Dask is left in."""
    closer = threading.Thread(target=_close_now, args=(client, cluster, timeout), daemon=True, name="sweep close")
    closer.start()
    closer.join(timeout + 15)


def _close_now(client, cluster, timeout: float) -> None:
    try:
        client.close(timeout=timeout)
    except Exception:   # a scheduler gone already: nothing left to close
        pass
    if cluster is not None:
        try:
            cluster.close(timeout=10)
        except Exception:
            pass
