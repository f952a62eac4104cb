"""Run benchmark cases, each in a fresh process, and print time and peak memory.

A benchmark script lists its cases as ``(name, spec)`` pairs and a function
``run_case(spec) -> dict`` that does the work and returns the numbers to
print; the harness adds ``seconds`` (wall time of ``run_case``),
``cpu_seconds`` (the process's CPU time in ``run_case``, which a busy
machine disturbs less) and ``peak_mib`` (the process's resident-set
high-water mark, interpreter included).  ``--repeat N`` runs each case N
times, each in a fresh process, and prints the medians.  The scripts import the installed package: install it first
(``pip install -e .`` keeps it in step with the working tree).
"""

from __future__ import annotations

import argparse
import json
import resource
import statistics
import subprocess
import sys
import time
from collections.abc import Callable


def main(script: str, description: str, cases: list[tuple[str, dict]], run_case: Callable[[dict], dict],
         columns: list[tuple[str, str, str]]) -> None:
    """Run every case of ``script`` in its own process and print a table.

    ``columns`` are ``(key, heading, format spec)`` of the numbers
    ``run_case`` returns, printed after seconds and peak memory.
    """
    parser = argparse.ArgumentParser(description=description)
    parser.add_argument("--case", type=int, help=argparse.SUPPRESS)
    parser.add_argument("--repeat", type=int, default=1, metavar="N",
                        help="run each case N times, each in a fresh process, and print the medians")
    parser.add_argument("--only", metavar="TEXT", help="run only the cases whose name holds TEXT")
    args = parser.parse_args()
    if args.case is not None:
        run_here(cases[args.case][1], run_case)
        return
    if args.repeat < 1:
        parser.error("--repeat takes a whole number from 1")
    chosen = [(i, name) for i, (name, _) in enumerate(cases) if args.only is None or args.only in name]
    if not chosen:
        parser.error(f"no case's name holds {args.only!r}")
    width = max(len(name) for _, name in chosen) + 2
    head = "".join(f" {heading:>{max(len(heading), 8)}}" for _, heading, _ in columns)
    if args.repeat > 1:
        print(f"medians of {args.repeat} runs, each in a fresh process")
    print(f"{'case':<{width}} {'seconds':>8} {'CPU s':>8} {'peak MiB':>9}{head}")
    for i, name in chosen:
        print(f"{name:<{width}} ", end="", flush=True)
        r = medians([measure(script, i) for _ in range(args.repeat)])
        cells = "".join(f" {format(r[key], spec):>{max(len(heading), 8)}}" for key, heading, spec in columns)
        print(f"{r['seconds']:>8.2f} {r['cpu_seconds']:>8.2f} {r['peak_mib']:>9.0f}{cells}", flush=True)


def medians(runs: list[dict]) -> dict:
    """The runs' numbers, each the median over the runs; what is not a number is the first run's."""
    first = runs[0]
    return {key: statistics.median(r[key] for r in runs)
            if isinstance(value, (int, float)) and not isinstance(value, bool) else value
            for key, value in first.items()}


def run_here(spec: dict, run_case: Callable[[dict], dict]) -> None:
    """Run one case in this process and print its numbers as one line of JSON."""
    start, cpu = time.perf_counter(), time.process_time()
    result = run_case(spec)
    result["seconds"] = time.perf_counter() - start
    result["cpu_seconds"] = time.process_time() - cpu
    result["peak_mib"] = resource.getrusage(resource.RUSAGE_SELF).ru_maxrss / 1024
    print(json.dumps(result))


def progress(done: int, total: int, what: str) -> None:
    """Show ``done`` of ``total`` ``what`` where the cursor stands, on a terminal only, and put
    the cursor back, so that the case's numbers print there once it is done; ``done == total``
    clears it."""
    if not sys.stderr.isatty():
        return
    text = f"{done:,}/{total:,} {what}"
    shown = text if done < total else " " * len(text)
    sys.stderr.write(shown + "\b" * len(shown))
    sys.stderr.flush()


def measure(script: str, case: int) -> dict:
    """The numbers of case number ``case`` of ``script``, run in a fresh process."""
    # what the case writes on standard error (its progress) reaches the terminal as it runs
    out = subprocess.run([sys.executable, script, "--case", str(case)],
                         stdout=subprocess.PIPE, text=True, check=True).stdout
    return json.loads(out.strip().splitlines()[-1])
