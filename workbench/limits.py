"""The bounds the workbench keeps: on each request, on the sessions, and on the workers.

Kept apart from the work itself (:mod:`epistemic.workbench.work`), so that
``epistemic serve`` can describe its options without loading it.
"""

from __future__ import annotations

import os

import attrs

__all__ = ["Limits", "QUEUE_PER_WORKER", "KEPT_MODELS", "KEPT_WORLDS", "MOST_DEFAULT_WORKERS", "default_workers"]

#: The models, and their worlds together, each worker keeps by default.
KEPT_MODELS, KEPT_WORLDS = 64, 100_000


@attrs.frozen
class Limits:
    """The bounds on one request.

    Parameters
    ----------
    formula_length : int
        Characters of a formula, an act or an answer.
    worlds : int
        Worlds of a model the workbench holds (opened, or after an update).
    seconds : float
        Time one check, update or grade may take.
    upload_bytes : int
        Size of a model file opened in the page.
    sessions : int
        Sessions kept at once.
    idle_seconds : float
        How long a session must have been idle before it may be dropped for a new one.
    held_worlds : int
        Worlds the histories of all sessions hold together.
    steps : int
        Steps of one session's history.
    depth : int
        Levels of an explanation sent at once.
    memory_bytes : int
        Memory a worker process may take (its address space, where the system bounds it).
    sessions_per_client : int or None
        Sessions one client address may have at once (``None``: no bound, as on loopback,
        where every client has the same address).
    workers : int
        Worker processes that do the checks, updates and grades (0: threads of the server's own).
    queue : int
        Requests that may wait for a worker at once, each for at most ``seconds``; one more is
        answered at once that the workbench is busy.
    kept_models : int
        Models each worker keeps between requests, the sessions' models it was sent last, so
        that a check does not send its model again (0: each request sends its model).
    kept_worlds : int
        Worlds of the models each worker keeps, together.
    """

    formula_length: int = 2_000
    worlds: int = 5_000
    seconds: float = 5.0
    upload_bytes: int = 2 * 2 ** 20
    sessions: int = 1_000
    idle_seconds: float = 900.0
    held_worlds: int = 1_000_000
    steps: int = 100
    depth: int = 8
    memory_bytes: int = 2 * 2 ** 30
    sessions_per_client: int | None = None
    workers: int = attrs.field(factory=lambda: default_workers())
    queue: int = attrs.field(default=attrs.Factory(lambda self: QUEUE_PER_WORKER * self.workers, takes_self=True))
    kept_models: int = KEPT_MODELS
    kept_worlds: int = KEPT_WORLDS


#: Requests that may wait for a worker, for each worker.
QUEUE_PER_WORKER = 16
#: The most workers started when none are asked for: each takes some 100 MiB once loaded.
MOST_DEFAULT_WORKERS = 8


def default_workers() -> int:
    """One worker per core this process may use, at most :data:`MOST_DEFAULT_WORKERS`."""
    try:
        cores = len(os.sched_getaffinity(0))
    except AttributeError:   # not on every system
        cores = os.cpu_count() or 1
    return max(1, min(cores, MOST_DEFAULT_WORKERS))
