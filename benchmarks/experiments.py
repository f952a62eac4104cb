"""Time and peak memory of parameter sweeps on dask.distributed.

Run ``python benchmarks/experiments.py`` (needs ``pip install -e ".[sweep]"``).
Each case runs in a fresh process:

- cells of 50 ms of CPU called in a plain loop, then swept on a
  ``LocalCluster`` of one worker and of two: the sweep's overhead per cell
  against the loop, and the speed-up from one worker to two (on a 2-core
  machine two is all there is);
- the paper's Pareto experiment on 10^5 random dinners of 16 morsels, in
  one call, and swept as 10 replicate seeds of 10^4 dinners on two workers.

A sweep's time is counted from the first cell sent (the cluster is started
before, and its start is printed apart); its rows go to a fresh SQLite
database, as a user's would.  ``workers MiB`` is the largest peak of a
worker process.
"""

from __future__ import annotations

import logging
import os
import resource
import tempfile
import time

from harness import main

from epistemic.experiments import Experiment, Parameter, ResultStore, run_sweep, spec_from_text

CELL_SECONDS = 0.05
CELLS = 100

CASES = [
    (f"loop, {CELLS} cells of 50 ms", dict(job="loop")),
    (f"sweep, 1 worker, {CELLS} cells of 50 ms", dict(job="sweep", workers=1)),
    (f"sweep, 2 workers, {CELLS} cells of 50 ms", dict(job="sweep", workers=2)),
    ("10^5 dinners of 16, one call", dict(job="dinners-loop")),
    ("10^5 dinners of 16, sweep 10 x 10^4, 2 workers", dict(job="dinners-sweep", workers=2)),
]


def busy(n: int) -> dict:
    """A cell of :data:`CELL_SECONDS` of this process's CPU time."""
    start = time.process_time()
    spins = 0
    while time.process_time() - start < CELL_SECONDS:
        spins += 1
    return {"n": n, "spins": spins}


def dinners(size: int, dinners: int, seed: int) -> dict:
    from epistemic.models.dinner.efficiency import experiment

    found = experiment(dinners, size, seed)
    return {"inefficient": found.inefficient, "not_weakly": found.not_weakly}


BUSY = Experiment("busy", busy, "50 ms of CPU", (Parameter("n", int, "the cell's number"),))
DINNERS = Experiment("pareto", dinners, "the Pareto experiment",
                     (Parameter("size", int, "morsels"), Parameter("dinners", int, "dinners")), seeded=True)


def _peak_mib() -> float:
    return resource.getrusage(resource.RUSAGE_SELF).ru_maxrss / 1024


def _sweep(experiment: Experiment, text: str, workers: int) -> dict:
    from distributed import LocalCluster

    started = time.perf_counter()
    cluster = LocalCluster(n_workers=workers, threads_per_worker=1, processes=True, dashboard_address="127.0.0.1:0",
                           silence_logs=logging.ERROR)
    start_s = time.perf_counter() - started
    try:
        with tempfile.TemporaryDirectory() as folder:
            with ResultStore(os.path.join(folder, "r.db"), writer=True) as store:
                report = run_sweep(spec_from_text(text, experiment), store, scheduler=cluster.scheduler_address)
        from distributed import Client

        with Client(cluster) as client:
            peaks = list(client.run(_peak_mib).values())
    finally:
        cluster.close()
    assert report.failed == 0 and report.stopped is None
    return {"cluster_s": start_s, "sweep_s": report.seconds, "cells": report.done,
            "workers_mib": max(peaks)}


def run_case(spec: dict) -> dict:
    job = spec["job"]
    if job == "loop":
        start = time.perf_counter()
        for n in range(CELLS):
            busy(n)
        return {"cluster_s": 0.0, "sweep_s": time.perf_counter() - start, "cells": CELLS, "workers_mib": 0.0}
    if job == "sweep":
        text = f'model = "bench"\nexperiment = "busy"\n[grid]\nn = {{from = 0, to = {CELLS - 1}}}\n'
        return _sweep(BUSY, text, spec["workers"])
    if job == "dinners-loop":
        start = time.perf_counter()
        dinners(16, 100_000, 0)
        return {"cluster_s": 0.0, "sweep_s": time.perf_counter() - start, "cells": 1,
                "workers_mib": resource.getrusage(resource.RUSAGE_SELF).ru_maxrss / 1024}
    text = ('model = "bench"\nexperiment = "pareto"\nseeds = {from = 0, to = 9}\n[grid]\nsize = 16\n'
            'dinners = 10000\n')
    return _sweep(DINNERS, text, spec["workers"])


if __name__ == "__main__":
    main(__file__, __doc__.splitlines()[0], CASES, run_case,
         [("cluster_s", "cluster s", ".2f"), ("sweep_s", "sweep s", ".2f"), ("cells", "cells", ","),
          ("workers_mib", "workers MiB", ".0f")])
