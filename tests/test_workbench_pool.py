"""The worker processes behind the workbench (workbench/pool.py), driven in this process.

Every process a pool starts must be gone, reaped by the pool, once it closes: whether the process
was starting, idle, busy, or stopped past its limit.  Checks are held by the test
(``workbench_hooks/sitecustomize.py``), never timed.
"""

from __future__ import annotations

import asyncio
import os
import pickle
import sys

import pytest

from epistemic import Agent, KripkeModel
from epistemic.workbench import work
from epistemic.workbench.pool import Busy, Overrun, Pool, WorkerFault
from epistemic.workbench.worker import MISSING
from workbench_client import HOOKS, PATIENCE

MEMORY = 2 * 2 ** 30


@pytest.fixture
def hold(tmp_path, monkeypatch):
    """Workers started from now on hold checks as ``tmp_path`` says."""
    monkeypatch.setenv("WORKBENCH_HOLD", str(tmp_path))
    monkeypatch.setenv("PYTHONPATH", os.pathsep.join(filter(None, [str(HOOKS), os.environ.get("PYTHONPATH")])))
    return tmp_path


def two_worlds() -> KripkeModel:
    a = Agent("a")
    return KripkeModel.from_relations([a], {"w": {"p"}, "v": set()}, {a: [("w", "v")]}, actual="w",
                                      reflexive=True, symmetric=True)


def reaped(pid: int) -> bool:
    """Whether ``pid``, a child of this process, has ended and been waited for."""
    try:
        os.waitpid(pid, os.WNOHANG)
    except ChildProcessError:
        return True
    return False


async def until(condition, what: str):
    """``condition()`` once truthy, looked at every 20 ms for at most PATIENCE seconds."""
    async with asyncio.timeout(PATIENCE):
        while not (value := condition()):
            await asyncio.sleep(0.02)
    assert value, what
    return value


async def check(pool: Pool, formula: str, seconds: float = PATIENCE):
    return await pool.run(seconds, work.check, two_worlds(), formula, work.Limits(), None, False)


def test_a_pool_closed_while_its_workers_start_leaves_none():
    async def scenario():
        pool = Pool(2, 4, PATIENCE, MEMORY)
        pool.start()
        pids = await until(lambda: len(pool.pids()) == 2 and pool.pids(), "the workers' processes")
        await pool.close()   # before either has loaded the framework
        return pids, pool.count()

    pids, left = asyncio.run(scenario())
    assert left == 0 and all(reaped(p) for p in pids)


def test_workers_are_kept_warm_and_a_cancelled_job_leaves_no_process(hold):
    async def scenario():
        # a job waits for the cancelled one's successor a quarter of the patience at most: a worker
        # lost with the cancelled job shows as the next job refused, not as a test that hangs
        pool = Pool(1, 4, PATIENCE / 4, MEMORY)
        pool.start()
        answers = [await check(pool, "K_a p") for _ in range(3)]
        first = pool.pids()
        held = asyncio.ensure_future(check(pool, "held_forever"))
        await until(lambda: list(hold.glob("holding.*")), "the held check's start")
        held.cancel()   # as when the server stops in the middle of a request
        await asyncio.gather(held, return_exceptions=True)
        after = await check(pool, "p")
        second = pool.pids()
        await pool.close()
        return answers, first, after, second, pool.count()

    answers, first, after, second, left = asyncio.run(scenario())
    # docs/exercises.md, exercise 2: a does not know p anywhere, p holds at w
    assert answers == [(True, {"formula": "K_a p", "holds": [], "count": 0, "size": 2, "actual": {"w": False},
                                "unknown": None})] * 3
    assert after[1]["holds"] == [0]
    assert len(first) == 1 and len(second) == 1 and first != second   # the held worker was replaced
    assert left == 0 and reaped(first[0]) and reaped(second[0])


def test_past_the_queue_a_job_is_busy_at_once_and_past_its_limit_it_is_stopped(hold):
    async def scenario():
        pool = Pool(1, 1, PATIENCE, MEMORY)
        pool.start()
        await check(pool, "p")
        running = asyncio.ensure_future(check(pool, "held"))
        await until(lambda: list(hold.glob("holding.*")), "the held check's start")
        waiting = asyncio.ensure_future(check(pool, "held"))
        await until(lambda: pool._waiting, "the second check's wait")
        refused = asyncio.ensure_future(check(pool, "p"))
        await asyncio.sleep(0)   # one turn of the loop: it is refused without waiting for anything
        assert refused.done() and isinstance(refused.exception(), Busy)
        (hold / "release").touch()
        done = [(await running)[0], (await waiting)[0]]
        worker = pool.pids()
        with pytest.raises(Overrun):
            await check(pool, "held_forever", seconds=0.5)   # a limit made for it: it never ends
        again = await check(pool, "p")
        replaced = pool.pids()
        await pool.close()
        return done, worker, again, replaced, pool.count()

    done, worker, again, replaced, left = asyncio.run(scenario())
    assert done == [True, True] and again[0] is True
    assert len(replaced) == 1 and worker != replaced   # the stopped worker's successor alone is left
    assert left == 0 and all(reaped(p) for p in worker + replaced)


def test_a_worker_that_dies_is_replaced_and_workers_that_cannot_start_are_a_fault():
    async def dying():
        pool = Pool(1, 4, PATIENCE, MEMORY)
        pool.start()
        first = (await check(pool, "p"), pool.pids())
        with pytest.raises(WorkerFault, match="stopped in the middle of this"):
            await pool.run(PATIENCE, os._exit, 3)   # as the system's own killer of a process out of memory would
        after = await check(pool, "p")
        second = pool.pids()
        await pool.close()
        return first, after, second, pool.count()

    (before, first), after, second, left = asyncio.run(dying())
    assert before[0] and after[0] and first != second and left == 0 and reaped(first[0])

    async def broken():
        pool = Pool(2, 4, PATIENCE, MEMORY, command=[sys.executable, "-c", "pass"])   # ends before it is ready
        pool.start()
        with pytest.raises(WorkerFault, match="worker processes do not start"):
            await check(pool, "p")
        await pool.close()
        return pool.count()

    assert asyncio.run(broken()) == 0


# models kept by the workers -----------------------------------------------------------------------

def one_world(p: bool) -> KripkeModel:
    a = Agent("a")
    return KripkeModel.from_relations([a], {"w": {"p"} if p else set()}, {a: [("w", "w")]}, actual="w")


async def kept_check(pool: Pool, key, model: KripkeModel, formula: str = "p"):
    return await pool.run(PATIENCE, work.check, formula, work.Limits(), None, False, held=(key, model))


def test_a_worker_keeps_the_models_it_was_sent_as_many_as_it_may():
    async def scenario():
        pool = Pool(1, 4, PATIENCE, MEMORY, models=2, worlds=100)
        pool.start()
        answers = [await kept_check(pool, ("ada", 0), two_worlds(), "K_a p | p") for _ in range(3)]
        once = pool.models_sent
        # two more models: the first, used longest ago, is dropped, and sent again when asked for
        others = [await kept_check(pool, ("bob", 1), one_world(True)), await kept_check(pool, ("cy", 2), one_world(False))]
        worker, = pool._idle
        kept = list(worker.kept)
        # the worker's own record agrees: asked for the dropped model without it, it says it lacks it
        lacks = await worker.ask(pickle.dumps((work.check, ("p", work.Limits(), None, False), ("ada", 0), None)))
        again = await kept_check(pool, ("ada", 0), two_worlds(), "K_a p | p")
        sent = pool.models_sent
        await pool.close()
        return answers, once, others, kept, lacks, again, sent, pool.count()

    answers, once, others, kept, lacks, again, sent, left = asyncio.run(scenario())
    # docs/exercises.md, exercise 2: p holds at w, and a does not know it there
    assert answers == [(True, {"formula": "K_a p | p", "holds": [0], "count": 1, "size": 2, "actual": {"w": True},
                               "unknown": None})] * 3
    assert once == 1 and [o[1]["holds"] for o in others] == [[0], []]
    assert kept == [("bob", 1), ("cy", 2)] and lacks == MISSING
    assert again == answers[0] and sent == 4 and left == 0


def test_a_worker_that_lost_a_model_is_sent_it_again():
    async def scenario():
        pool = Pool(1, 4, PATIENCE, MEMORY, models=4, worlds=100)
        pool.start()
        await kept_check(pool, ("ada", 0), one_world(False))
        worker, = pool._idle
        worker.kept.put(("ada", 1), True, 1)   # the record says so; the worker was never sent it
        answer = await kept_check(pool, ("ada", 1), one_world(True))
        await pool.close()
        return answer, pool.models_sent

    answer, sent = asyncio.run(scenario())
    assert answer[1]["holds"] == [0] and sent == 2


def test_a_check_goes_to_the_free_worker_that_keeps_its_model(hold):
    async def scenario():
        pool = Pool(2, 4, PATIENCE, MEMORY, models=4, worlds=100)
        pool.start()
        await until(lambda: len(pool._idle) == 2, "both workers ready")
        await kept_check(pool, ("ada", 0), two_worlds())
        holder = next(w for w in pool._idle if ("ada", 0) in w.kept)
        # ada's worker busy, bob's check goes to the other; then ada's worker is freed last
        held = asyncio.ensure_future(kept_check(pool, ("ada", 0), two_worlds(), "held | p"))
        await until(lambda: list(hold.glob("holding.*")), "the held check's start")
        await kept_check(pool, ("bob", 0), one_world(True))
        (hold / "release").touch()
        await held
        assert pool._idle[-1] is holder   # the one a job that keeps no model here would take
        before = pool.models_sent
        answers = [await kept_check(pool, ("bob", 0), one_world(True)) for _ in range(3)]
        await pool.close()
        return before, pool.models_sent, answers

    before, after, answers = asyncio.run(scenario())
    assert before == after == 2 and {a[1]["holds"][0] for a in answers} == {0}


def test_with_no_models_kept_each_job_sends_its_model():
    async def scenario():
        pool = Pool(1, 4, PATIENCE, MEMORY, models=0, worlds=100)
        pool.start()
        answers = [await kept_check(pool, ("ada", 0), one_world(p)) for p in (True, False)]
        worker, = pool._idle
        await pool.close()
        return answers, len(worker.kept), pool.models_sent

    answers, kept, sent = asyncio.run(scenario())
    # the same key, two models: with nothing kept, each job's own model answers
    assert [a[1]["holds"] for a in answers] == [[0], []] and kept == 0 and sent == 0
