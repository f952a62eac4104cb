"""A worker process of the workbench: it loads the framework once, then runs one job at a time.

The server (:class:`~epistemic.workbench.pool.Pool`) starts it as
``python -m epistemic.workbench.worker MEMORY PARENT [MODELS WORLDS]`` in
a session of its own, so that the Ctrl-C typed at the server's terminal
reaches the server alone, which stops its workers itself.  Jobs come on
standard input and answers go out on the original standard output, each a
frame: 8 bytes of length, then a pickle.  A job is ``(function, args, key,
model)``; its answer is :func:`~epistemic.workbench.work.guarded`'s ``(ok,
value)``.  With a ``key``, the job works on a model the worker keeps
(:mod:`epistemic.workbench.kept`, at most MODELS models of WORLDS worlds
together): ``function(model, *args)``, with the ``model`` sent, which is
kept under ``key`` from then on, or else the one kept under ``key``; the
answer is :data:`MISSING` when none is.  The first frame out says the
worker is ready; the end of standard input ends it.  Whatever a job prints
goes to standard error, never into the answers.
"""

from __future__ import annotations

import os
import pickle
import signal
import struct
import sys
from typing import BinaryIO

__all__ = ["HEADER", "READY", "MISSING", "main", "receive", "send", "do"]

#: A frame's length, before its bytes.
HEADER = struct.Struct("!Q")
#: The first frame a worker sends, once the framework is loaded.
READY = b"ready"
#: The answer to a job on a model the worker does not keep (never a pickle's first bytes).
MISSING = b"missing"


def send(out: BinaryIO, payload: bytes) -> None:
    """Write one frame."""
    out.write(HEADER.pack(len(payload)) + payload)
    out.flush()


def receive(source: BinaryIO) -> bytes | None:
    """Read one frame; ``None`` at the end of the input."""
    head = source.read(HEADER.size)
    if len(head) < HEADER.size:
        return None
    size, = HEADER.unpack(head)
    payload = source.read(size)
    return payload if len(payload) == size else None


def _die_with_parent(parent: int) -> None:
    """Ask the system to kill this process when the server dies, however it dies (Linux), so that a
    worker in the middle of a long job is not left running; elsewhere the end of its input ends it."""
    try:
        import ctypes
        ctypes.CDLL(None, use_errno=True).prctl(1, signal.SIGKILL)   # PR_SET_PDEATHSIG
    except (OSError, AttributeError):
        return
    if os.getppid() != parent:   # the server died before the request was made
        os._exit(0)


def main(argv: list[str]) -> int:
    signal.signal(signal.SIGINT, signal.SIG_IGN)
    memory, parent = int(argv[0]), int(argv[1])
    most, worlds = (int(argv[2]), int(argv[3])) if len(argv) > 3 else (0, 0)
    _die_with_parent(parent)
    answers = os.fdopen(os.dup(1), "wb")
    os.dup2(2, 1)
    jobs = sys.stdin.buffer
    from epistemic.workbench import work   # the framework, loaded before the worker says it is ready
    from epistemic.workbench.kept import Kept
    work.warm(memory)
    kept = Kept(most, worlds)
    send(answers, READY)
    while (job := receive(jobs)) is not None:
        send(answers, do(job, kept))
    return 0


def do(job: bytes, kept) -> bytes:
    """The answer to one job (a frame's bytes), the models ``kept`` (a
    :class:`~epistemic.workbench.kept.Kept`) used and updated."""
    from epistemic.workbench import work
    from epistemic.workbench.kept import forget_past
    try:
        function, args, key, model = pickle.loads(job)
        if key is not None:
            if model is not None:
                kept.put(key, model, len(model))
            else:
                model = kept.get(key)
                if model is None:
                    return MISSING
            args = (model, *args)
        result = work.guarded(function, *args)
        if key is not None:
            forget_past(model)   # a kept model's caches grow with each formula checked in it
        return pickle.dumps(result)
    except Exception as error:   # a job or an answer that does not pickle: a fault of the workbench's own
        return pickle.dumps((False, {"error": f"the workbench could not do this ({type(error).__name__}: "
                                              f"{error})"}))


if __name__ == "__main__":
    try:
        sys.exit(main(sys.argv[1:]))
    except (BrokenPipeError, KeyboardInterrupt):   # the server went away: nothing to say, nobody to say it to
        os._exit(0)
