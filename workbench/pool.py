"""The workbench's worker processes: started ahead, kept warm, and a bounded queue before them.

A check runs in a worker process (:mod:`epistemic.workbench.worker`), so
that one past its time limit can be stopped: checking a formula never looks
at a clock.  The workers are started with the server and kept: each loads
the framework once, which takes seconds, so a worker is stopped only when
its own job passes the time limit, and its successor is started at once,
in the background.  A request waits for a free worker in a queue of
bounded length, for at most a bounded time; past either it is refused at
once as :class:`Busy` ("try again in a moment"), so that more work than
the machine can do is shed rather than piled up, and once the burst is
over the workers, still warm, serve at their usual pace.

A job on a session's model (:meth:`Pool.run`'s ``held``) goes to a free
worker that keeps the model (:mod:`epistemic.workbench.kept`) when there is
one, else to any free worker, which is sent the model and keeps it from
then on: the model is not pickled and sent with each check.  The pool keeps
its own record of the models each worker holds, updated as the worker
updates its own; a worker that does not have a model the record says it
has says so, and is sent it.

Every process the pool starts is counted until it has been reaped
(:meth:`Pool.count`): a start that is cancelled, a worker that dies, one
stopped past its limit, and every worker when the pool closes, are each
killed if need be and waited for.
"""

from __future__ import annotations

import asyncio
import collections
import os
import pickle
import subprocess
import sys
from collections.abc import Callable, Hashable, Sequence
from typing import TYPE_CHECKING, Any

from .kept import Kept
from .worker import HEADER, MISSING, READY

if TYPE_CHECKING:
    from epistemic import KripkeModel

__all__ = ["Pool", "Busy", "Overrun", "Stopped", "WorkerFault"]

#: Starts in a row that may fail before the pool gives up starting workers.
_FAILED_STARTS = 3


class Busy(Exception):
    """Every worker is busy and the queue before them full, or a request waited its longest."""


class Overrun(Exception):
    """A job passed its time limit: its worker was stopped."""


class Stopped(Exception):
    """The pool is closing (the server stops)."""


class WorkerFault(Exception):
    """The workers cannot start, or one died in the middle of a job (out of memory, say)."""


class _Worker:
    """One worker process and the pipes to it."""

    def __init__(self, process: subprocess.Popen, kept: Kept):
        self.process = process
        self.kept = kept   # the keys of the models the worker holds, as it holds them (their sizes alone)
        self.reader: asyncio.StreamReader | None = None
        self.incoming: asyncio.BaseTransport | None = None
        self.writer: asyncio.StreamWriter | None = None

    async def connect(self) -> None:
        loop = asyncio.get_running_loop()
        reader = asyncio.StreamReader(limit=2 ** 20)
        self.incoming, _ = await loop.connect_read_pipe(lambda: asyncio.StreamReaderProtocol(reader),
                                                        self.process.stdout)
        self.reader = reader
        transport, protocol = await loop.connect_write_pipe(asyncio.streams.FlowControlMixin, self.process.stdin)
        self.writer = asyncio.StreamWriter(transport, protocol, None, loop)

    async def send(self, payload: bytes) -> None:
        assert self.writer is not None
        self.writer.write(HEADER.pack(len(payload)) + payload)
        await self.writer.drain()

    async def ask(self, payload: bytes) -> bytes:
        """Send one job and receive its answer."""
        await self.send(payload)
        return await self.receive()

    async def receive(self) -> bytes:
        assert self.reader is not None
        size, = HEADER.unpack(await self.reader.readexactly(HEADER.size))
        return await self.reader.readexactly(size)

    def close_pipes(self) -> None:
        """Close both pipes: the worker reads the end of its input, and stops."""
        for pipe in (self.writer, self.incoming, self.process.stdin, self.process.stdout):
            if pipe is not None:
                pipe.close()


class Pool:
    """Worker processes, each running one job at a time, and the queue of jobs waiting for one.

    Parameters
    ----------
    workers : int
        Worker processes kept.
    queue : int
        Jobs that may wait for a worker at once; one more is :class:`Busy`.
    wait : float
        Seconds a job may wait for a worker before it is :class:`Busy`.
    memory_bytes : int
        Address space each worker may take.
    command : sequence of str, optional
        How a worker is started; by default this Python running
        :mod:`epistemic.workbench.worker`.
    models : int
        Models each worker keeps between jobs (0: a model is sent with each job).
    worlds : int
        Worlds of the models each worker keeps, together.

    Use :meth:`start` in the event loop that will use the pool, and
    :meth:`close` there when done (:meth:`kill` from anywhere, as a last resort).
    """

    def __init__(self, workers: int, queue: int, wait: float, memory_bytes: int,
                 command: Sequence[str] | None = None, models: int = 0, worlds: int = 0):
        if workers < 1 or queue < 0:
            raise ValueError("a pool needs at least one worker and a queue of no negative length")
        self.workers, self.queue, self.wait = workers, queue, wait
        self.models, self.worlds = models, worlds
        self.command = list(command) if command is not None else [
            sys.executable, "-m", "epistemic.workbench.worker", str(memory_bytes), str(os.getpid()), str(models),
            str(worlds)]
        self._processes: set[_Worker] = set()       # started and not yet reaped
        self._idle: list[_Worker] = []
        self._waiting: collections.deque[asyncio.Future] = collections.deque()
        self._starting: set[asyncio.Task] = set()
        self._stopping: set[asyncio.Task] = set()
        self._failed = 0
        self.fault: str | None = None                 # why workers cannot start, once they have failed to
        self.models_sent = 0                          # models sent to a worker to keep
        self.closed = False
        self.loop: asyncio.AbstractEventLoop | None = None

    # the processes ----------------------------------------------------------------------------
    def start(self) -> None:
        """Start the workers, in the background: a job waits for the first to be ready."""
        self.loop = asyncio.get_running_loop()
        for _ in range(self.workers):
            self._spawn()

    def count(self) -> int:
        """Worker processes started and not yet reaped: starting, ready, busy or being stopped."""
        return len(self._processes)

    def pids(self) -> list[int]:
        """The process ids of :meth:`count`'s processes."""
        return sorted(w.process.pid for w in self._processes)

    def _spawn(self) -> None:
        if self.closed or self.fault is not None:
            return
        task = asyncio.get_running_loop().create_task(self._start_one())
        self._starting.add(task)
        task.add_done_callback(self._starting.discard)

    async def _start_one(self) -> None:
        # the process is counted from the moment it exists: a start cancelled after it is killed, not left
        try:
            worker = _Worker(subprocess.Popen(self.command, stdin=subprocess.PIPE, stdout=subprocess.PIPE,
                                              start_new_session=True), Kept(self.models, self.worlds))
        except OSError as error:
            self._start_failed(error)
            return
        self._processes.add(worker)
        try:
            await worker.connect()
            ready = await worker.receive()   # no time limit: loading the framework takes what it takes
            if ready != READY:
                raise WorkerFault(f"a worker process said {ready[:40]!r} when it started")
        except asyncio.CancelledError:
            await asyncio.shield(self._reap(worker))
            raise
        except (OSError, EOFError, WorkerFault) as error:
            await self._reap(worker)
            if not self.closed:   # killed as the pool closes: no fault of the worker's
                self._start_failed(error)
            return
        self._failed = 0
        if self.closed:
            await self._reap(worker)
        else:
            self._release(worker)

    def _start_failed(self, error: Exception) -> None:
        """Try again, a few times in a row at most: then every job is told why."""
        self._failed += 1
        if self._failed < _FAILED_STARTS:
            self._spawn()
            return
        self.fault = (f"the workbench's worker processes do not start ({type(error).__name__}: {error}): "
                      "see the server's messages")
        self._fail_waiting(WorkerFault(self.fault))

    async def _reap(self, worker: _Worker, grace: float = 0.0) -> None:
        """Stop ``worker`` (its input closed, then killed if it is still there after ``grace``
        seconds) and wait for it, off the event loop's thread."""
        worker.close_pipes()
        if grace:
            try:
                await asyncio.to_thread(worker.process.wait, grace)
            except subprocess.TimeoutExpired:
                pass
        if worker.process.poll() is None:
            worker.process.kill()
        await asyncio.to_thread(worker.process.wait)
        self._processes.discard(worker)

    def _replace(self, worker: _Worker) -> None:
        """Stop ``worker``, in the background, and start its successor."""
        task = asyncio.get_running_loop().create_task(self._reap(worker))
        self._stopping.add(task)
        task.add_done_callback(self._stopping.discard)
        self._spawn()

    # the queue --------------------------------------------------------------------------------
    def _release(self, worker: _Worker) -> None:
        """Hand ``worker`` to the job that has waited longest, or keep it idle."""
        while self._waiting:
            waiter = self._waiting.popleft()
            if not waiter.done():
                waiter.set_result(worker)
                return
        self._idle.append(worker)

    def _fail_waiting(self, error: Exception) -> None:
        while self._waiting:
            waiter = self._waiting.popleft()
            if not waiter.done():
                waiter.set_exception(error)

    async def _acquire(self, key: Hashable = None) -> _Worker:
        """A free worker: one that keeps the model under ``key`` if one is free, else the one
        freed last; else the first freed after the jobs that have waited longer."""
        if self.closed:
            raise Stopped("the workbench is stopping")
        if self.fault is not None:
            raise WorkerFault(self.fault)
        if self._idle:
            if key is not None:
                for i in range(len(self._idle) - 1, -1, -1):
                    if key in self._idle[i].kept:
                        return self._idle.pop(i)
            return self._idle.pop()
        if len(self._waiting) >= self.queue:
            raise Busy(f"all {self.workers} workers are busy and {len(self._waiting)} requests wait")
        waiter = asyncio.get_running_loop().create_future()
        self._waiting.append(waiter)
        try:
            async with asyncio.timeout(self.wait):
                return await waiter
        except BaseException as stop:
            if waiter.done() and not waiter.cancelled() and waiter.exception() is None:
                if isinstance(stop, TimeoutError):
                    return waiter.result()     # handed over just as the wait ended: use it
                self._release(waiter.result())
            waiter.cancel()
            if isinstance(stop, TimeoutError):
                raise Busy(f"no worker was free within {self.wait:g} s") from None
            raise
        finally:
            if waiter in self._waiting:   # not handed a worker (the error a missing one raises writes it out, slowly)
                self._waiting.remove(waiter)

    async def run(self, seconds: float, function: Callable, *args,
                  held: tuple[Hashable, KripkeModel] | None = None) -> tuple[bool, Any]:
        """``function(*args)`` in a worker: :func:`~epistemic.workbench.work.guarded`'s ``(ok, value)``;
        with ``held``, a key and a model, ``function(model, *args)`` on the model the worker keeps
        under the key (which must name that model and no other: a session and its model's version),
        sent to it if it does not.

        Raises
        ------
        Busy
            When no worker is free and the queue is full, or none was free in time.
        Overrun
            When the job passes ``seconds``: its worker is stopped, and a successor started.
        Stopped
            When the pool closes.
        WorkerFault
            When the workers cannot start, or the worker died during the job.
        """
        key, model = held if held is not None and self.models else (None, None)
        if held is not None and key is None:
            args = (held[1], *args)
        payload = pickle.dumps((function, args, key, None))
        worker = await self._acquire(key)
        try:
            async with asyncio.timeout(seconds):
                reply = MISSING
                if key is None or worker.kept.get(key) is not None:
                    reply = await worker.ask(payload)
                if reply == MISSING:   # not sent yet, or lost (the job that sent it failed to unpickle)
                    assert model is not None
                    worker.kept.put(key, True, len(model))
                    self.models_sent += 1
                    reply = await worker.ask(pickle.dumps((function, args, key, model)))
        except TimeoutError:
            self._replace(worker)
            raise Overrun(f"the job passed {seconds:g} s") from None
        except (OSError, EOFError) as error:   # asyncio.IncompleteReadError is an EOFError
            self._replace(worker)
            if self.closed:
                raise Stopped("the workbench is stopping") from None
            raise WorkerFault(f"the worker process stopped in the middle of this ({type(error).__name__})") from None
        except BaseException:   # the request was cancelled: the job's worker cannot be trusted to be free
            self._replace(worker)
            raise
        if self.closed:
            await self._reap(worker)
        else:
            self._release(worker)
        return pickle.loads(reply)

    # closing ----------------------------------------------------------------------------------
    def stop_taking(self) -> None:
        """Refuse new jobs, end those waiting (:class:`Stopped`), and kill the workers that are
        busy or starting, so that no request keeps the server from stopping; the idle ones are
        left for :meth:`close`.  Safe to call more than once."""
        self.closed = True
        self._fail_waiting(Stopped("the workbench is stopping"))
        for worker in self._processes:
            if worker not in self._idle and worker.process.poll() is None:
                worker.process.kill()

    async def close(self, grace: float = 1.0) -> None:
        """Stop every worker and wait for each: idle ones are given ``grace`` seconds to end by
        themselves, busy and starting ones are killed."""
        self.stop_taking()
        for task in list(self._starting):
            task.cancel()
        await asyncio.gather(*self._starting, return_exceptions=True)
        idle, self._idle = self._idle, []
        busy = [w for w in self._processes if w not in idle]   # killed by stop_taking
        await asyncio.gather(*(self._reap(w, grace) for w in idle), *(self._reap(w) for w in busy),
                             *self._stopping, return_exceptions=True)

    def kill(self) -> None:
        """Kill and reap every worker at once, without the event loop (when it is gone)."""
        self.closed = True
        for worker in list(self._processes):
            if worker.process.poll() is None:
                worker.process.kill()
            worker.process.wait()
            self._processes.discard(worker)
