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

import logging
import math
import numbers
import os
import threading
import time
import itertools
from collections.abc import Callable, Iterable, Iterator, Mapping
from typing import Any

import attrs

from epistemic.errors import EpistemicError
from epistemic.plugins import first_line

from .declare import RESULT_TYPES
from .spec import Cell, Spec
from .store import ResultStore, Row

__all__ = ["run_sweep", "run_cells", "require_dask", "SweepReport", "SweepError", "MAX_BATCH"]

#: The most cells one task holds.
MAX_BATCH = 10_000
#: How long the client waits for a scheduler to answer, or to come back once
#: gone, before it gives up.
LOST_AFTER_S = 10.0


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
              progress: Callable[[int, int], None] | None = None,
              notice: Callable[[str], None] = lambda line: None) -> SweepReport:
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
    return _on_dask(spec, todo, to_run, tally, start, scheduler=scheduler, workers=workers,
                    batch_seconds=batch_seconds, notice=notice, lost_after_s=lost_after_s)


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


def _on_dask(spec: Spec, todo: Iterator[Cell], to_run: int, tally: _Tally, start: float, *, scheduler, workers,
             batch_seconds, notice, lost_after_s) -> SweepReport:
    require_dask()
    # Dask's own log lines (a scheduler lost, a worker gone) would break the progress line;
    # the run says what happened in its report
    quiet = logging.getLogger("distributed")
    level = quiet.level
    quiet.setLevel(logging.CRITICAL)
    try:
        return _run_on(spec, todo, to_run, tally, start, scheduler=scheduler, workers=workers,
                       batch_seconds=batch_seconds, notice=notice, lost_after_s=lost_after_s)
    finally:
        quiet.setLevel(level)


def _run_on(spec: Spec, todo: Iterator[Cell], to_run: int, tally: _Tally, start: float, *, scheduler, workers,
            batch_seconds, notice, lost_after_s) -> SweepReport:
    from distributed import wait

    client, cluster = _connect(scheduler, workers, lost_after_s)
    stopped = None
    try:
        if "dashboard" in client.scheduler_info().get("services", {}):
            notice(f"Dask dashboard: {client.dashboard_link}{_needs_bokeh()}")
        left = to_run
        running: dict[Any, list[Cell]] = {}
        lost_since = None
        while left or running:
            try:
                slots = max(1, sum(client.nthreads().values()))
                while left and len(running) < 2 * slots:
                    batch = list(itertools.islice(todo, _batch_size(tally, left, slots, batch_seconds)))
                    left -= len(batch)
                    future = client.submit(run_cells, spec.experiment.function, spec.model, spec.experiment.name,
                                           [_task(c) for c in batch], pure=False)
                    running[future] = batch
                try:
                    ended = wait(list(running), timeout=1.0, return_when="FIRST_COMPLETED").done
                except TimeoutError:
                    ended = set()
                if client.status != "running":
                    raise ConnectionError("the client lost its scheduler")
                lost_since = None
                for future in ended:
                    batch = running.pop(future)
                    if future.status != "cancelled":   # a cancelled batch's cells wait for the next run
                        tally.add(_outcome(future, batch, spec))
            except OSError:   # Dask's closed connections are OSErrors
                lost_since = lost_since or time.perf_counter()
                if time.perf_counter() - lost_since > lost_after_s:
                    stopped = "the scheduler went away"
                    break
                time.sleep(0.5)
    except KeyboardInterrupt:
        stopped = "interrupted"
    finally:
        # a client whose scheduler is gone has nothing to wait for
        _close(client, cluster, timeout=1 if stopped == "the scheduler went away" else 5)
    return tally.report(start, stopped)


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
