"""``epistemic experiment``: parameter sweeps over the models' experiments.

``run SPEC`` runs a spec's cells on dask.distributed into a SQLite
database, ``show DB`` summarizes a database, ``list`` names every installed
model's experiments.
"""

from __future__ import annotations

import argparse
import csv
import io
import os
import sys
import time
from typing import TextIO

from epistemic import EpistemicError
from epistemic.experiments import (ResultStore, SpecError, Summary, find_experiment, installed_experiments,
                                   read_spec, require_dask, run_sweep)
from epistemic.experiments.summary import CONFIDENCE
from epistemic.files import check_destination
from epistemic.experiments.sweep import quiet_dask
from epistemic.models import Command, whole_number_argument, write_pictures
from epistemic.visualize import PLOT_FORMATS, check_destinations
from epistemic.visualize.sweeps import sweep_chart

__all__ = ["COMMAND"]

#: Summary rows printed before the table is cut (``--rows``).
ROWS = 40
#: The longest text a summary table shows in one of its cells; ``--csv`` writes it whole.
TEXT_SHOWN = 40
#: The most workers an embedded cluster may start.
MAX_WORKERS = 1024
#: The longest a run may be told to wait for a worker, in seconds (a week).
MAX_WAIT = 7 * 24 * 3600

EPILOG = """\
examples:
  epistemic experiment list
  epistemic experiment run docs/examples/experiments/centipede.toml --db results.db
  epistemic experiment show results.db --csv summary.csv
a spec (TOML): model = "...", experiment = "...", seeds = [...], and a [grid]
table of parameters, each one value, a list, or {from = A, to = B, step = S};
docs/experiments.md tells more.
"""


def add_arguments(p: argparse.ArgumentParser) -> None:
    actions = p.add_subparsers(dest="action", metavar="ACTION", parser_class=type(p))
    actions.required = True
    run = actions.add_parser("run", help="run a spec's cells that the database lacks",
                             description="Run a spec's cells on dask.distributed, each finished cell a row of the "
                                         "database; a rerun goes on where the last one stopped.")
    run.add_argument("spec", metavar="SPEC", help="the spec, a TOML file")
    run.add_argument("--db", default="results.db", help="the SQLite database of results (default: results.db)")
    where = run.add_mutually_exclusive_group()
    where.add_argument("--scheduler", metavar="ADDRESS", help="a running Dask scheduler, tcp://HOST:PORT")
    where.add_argument("--workers", type=whole_number_argument,
                       help="workers of the embedded cluster (default: one per core)")
    where.add_argument("--in-process", action="store_true", help="run the cells here, one after another, without Dask")
    run.add_argument("--batch-seconds", type=float, default=1.0,
                     help="about how long one task runs: cells are batched to it (default: 1)")
    run.add_argument("--wait-for-workers", type=float, default=None, metavar="SECONDS",
                     help="stop when the cluster has had no worker this long (default: wait for one as long as "
                          "it takes)")
    show = actions.add_parser("show", help="summarize a database: means, intervals and counts",
                              description="Summarize each experiment of a results database: for each parameter "
                                          f"set, the cells done and failed, each result's mean and its "
                                          f"{CONFIDENCE:.0%} confidence interval over the replicate seeds.")
    show.add_argument("db", metavar="DB", help="the SQLite database of results")
    show.add_argument("--experiment", metavar="MODEL.EXPERIMENT", help="only this one (e.g. dinner.pareto)")
    show.add_argument("--rows", type=whole_number_argument, default=ROWS,
                      help=f"summary rows shown before a table is cut (default: {ROWS})")
    show.add_argument("--csv", metavar="FILE", help="write every summary row as CSV (- for standard output)")
    show.add_argument("--plot", metavar="FILE", help="draw the means against a parameter (.png, .svg, .pdf; "
                                                     "needs epistemic-framework[plots])")
    show.add_argument("--x", metavar="PARAMETER", help="the plot's horizontal axis (default: the first parameter "
                                                       "with numbers that varies)")
    show.add_argument("--y", metavar="RESULT", help="the result the plot draws (default: the first with numbers)")
    show.add_argument("--errors", action="store_true", help="also list each failed cell's error")
    actions.add_parser("list", help="the experiments every installed model offers")


def run(args: argparse.Namespace, out: TextIO) -> int:
    return {"run": _run, "show": _show, "list": _list}[args.action](args, out)


def _run(args: argparse.Namespace, out: TextIO) -> int:
    if not 0.01 <= args.batch_seconds <= 3600:
        raise SpecError(f"--batch-seconds must be from 0.01 to 3600, got {args.batch_seconds}")
    if args.workers is not None and not 1 <= args.workers <= MAX_WORKERS:
        raise SpecError(f"--workers must be from 1 to {MAX_WORKERS}, got {args.workers}")
    if args.wait_for_workers is not None and not 0 < args.wait_for_workers <= MAX_WAIT:
        raise SpecError(f"--wait-for-workers must be more than 0 and at most {MAX_WAIT:,} seconds, "
                        f"got {args.wait_for_workers}")
    # the spec is read and checked whole before any cluster starts or any file is made
    spec = read_spec(args.spec, find_experiment)
    if not args.in_process:
        require_dask()
        # Dask's own log lines (a client giving up on a scheduler gone, once the run has said so)
        # are not the command's: it says in one line what happened
        quiet_dask()
    with ResultStore(args.db, writer=True) as store:
        progress = _Progress(f"{spec.model}.{spec.experiment.name}") if sys.stderr.isatty() else None
        try:
            report = run_sweep(spec, store, scheduler=args.scheduler, workers=args.workers,
                               in_process=args.in_process, batch_seconds=args.batch_seconds,
                               wait_for_workers=args.wait_for_workers, progress=progress,
                               notice=lambda line: print(line, file=sys.stderr, flush=True),
                               waiting=_waiting(args.scheduler or "the embedded cluster", progress))
        finally:
            if progress is not None:
                progress.end()
    ran = report.done + report.failed
    out.write(f"{spec.model}.{spec.experiment.name}: {report.total:,} cells; {report.skipped:,} done before, "
              f"{report.done:,} done now, {report.failed:,} failed, in {report.seconds:.1f} s; results in {args.db}\n")
    if report.failed:
        out.write(f"the failed cells are retried by the next run; see them with: "
                  f"epistemic experiment show {args.db} --errors\n")
    if report.stopped is not None:
        left = report.total - report.skipped - ran
        out.write(f"stopped ({report.stopped}) with {left:,} cells left: run the same command again to go on\n")
        return 130 if report.stopped == "interrupted" else 1
    return 0


class _Progress:
    """Cells done, the rate and the time left, on one line of a terminal."""

    def __init__(self, what: str):
        self.what, self.start = what, time.monotonic()

    def __call__(self, finished: int, to_run: int) -> None:
        spent = time.monotonic() - self.start
        rate = finished / spent if spent > 0 else 0.0
        left = (to_run - finished) / rate if rate > 0 else None
        eta = "" if left is None else f", about {_clock(left)} left"
        self.line(f"{finished:,} of {to_run:,} cells ({finished / max(to_run, 1):.0%}), {rate:,.1f} a second{eta}")

    def line(self, text: str) -> None:
        print(f"\r\033[K{self.what}: {text}", end="", file=sys.stderr, flush=True)

    def end(self) -> None:
        print("\r\033[K", end="", file=sys.stderr, flush=True)


def _waiting(where: str, progress: _Progress | None):
    """What a run says while its cluster has no worker: on a terminal, on its progress line as it
    waits; elsewhere, once."""
    said: list[float] = []

    def waiting(seconds: float) -> None:
        if progress is not None:
            progress.line(f"waiting for a worker to join the scheduler at {where} ({_clock(seconds)})")
        elif not said:
            print(f"waiting for a worker to join the scheduler at {where}: none has yet "
                  f"(--wait-for-workers SECONDS bounds the wait)", file=sys.stderr, flush=True)
            said.append(seconds)
    return waiting


def _clock(seconds: float) -> str:
    seconds = int(seconds + 0.5)
    return f"{seconds // 3600}:{seconds // 60 % 60:02d}:{seconds % 60:02d}"


def _list(args: argparse.Namespace, out: TextIO) -> int:
    models, problems = installed_experiments()
    for problem in problems:
        print(f"epistemic: warning: {problem}", file=sys.stderr)
    for model in sorted(models):
        for name, experiment in sorted(models[model].items()):
            seeded = "; seeded: a spec lists replicate seeds" if experiment.seeded else ""
            out.write(f"{model}.{name}: {experiment.help}{seeded}\n")
            for p in experiment.parameters:
                out.write(f"    {p.describe()}\n")
    return 0


def _show(args: argparse.Namespace, out: TextIO) -> int:
    if args.rows < 1:
        raise SpecError(f"--rows must be 1 or more, got {args.rows}")
    if args.csv not in (None, "-"):
        check_destination(args.csv, SpecError)
    plot_format = ""
    if args.plot is not None:
        (plot_format,) = check_destinations([args.plot])
        if plot_format not in PLOT_FORMATS:
            raise SpecError(f"--plot draws .png, .svg or .pdf, got {args.plot}")
    elif args.x is not None or args.y is not None:
        raise SpecError("--x and --y choose what --plot draws: give --plot FILE too")
    with ResultStore(args.db) as store:
        chosen = store.experiments()
        if args.experiment is not None:
            wanted = tuple(args.experiment.split(".", 1))
            if wanted not in chosen:
                there = ", ".join(f"{m}.{e}" for m, e in chosen) or "none"
                raise SpecError(f"{args.db} holds no experiment {args.experiment} (it holds {there})")
            chosen = [wanted]
        if not chosen:
            out.write(f"{args.db} holds no cells yet\n")
            return 0
        summaries = [(m, e, _summary(store, m, e), store.errors(m, e) if args.errors else []) for m, e in chosen]
    if len(summaries) > 1 and (args.plot is not None or args.csv is not None):
        raise SpecError(f"{args.db} holds {len(summaries)} experiments: choose the one to "
                        f"{'draw' if args.plot else 'export'} with --experiment MODEL.EXPERIMENT")
    files = []
    if args.plot is not None:
        model, experiment, summary, _ = summaries[0]
        plot = sweep_chart(summary, x=args.x, y=args.y, title=f"{model}.{experiment}")
        files.append((args.plot, plot.pipe(plot_format)))
    if args.csv is not None:
        model, experiment, summary, _ = summaries[0]
        text = _csv(f"{model}.{experiment}", summary)
        if args.csv == "-":
            write_pictures(files)
            out.write(text)
            return 0
        files.append((args.csv, text.encode("utf-8")))
    write_pictures(files)
    for n, (model, experiment, summary, errors) in enumerate(summaries):
        out.write(("\n" if n else "") + _table(f"{model}.{experiment}", summary, args.rows))
        for cell, error in errors[:args.rows]:
            out.write(f"  failed {cell}: {error}\n")
        if len(errors) > args.rows:
            out.write(f"  ... {len(errors) - args.rows:,} failed cells more\n")
    return 0


def _summary(store: ResultStore, model: str, experiment: str) -> Summary:
    done: list[tuple[dict, dict]] = []
    failed: list[dict] = []
    for row in store.rows(model, experiment):
        if row.status == "done" and row.results is not None:
            done.append((row.parameters, row.results))
        else:
            failed.append(row.parameters)
    try:   # the experiment's own order of parameters, where it is installed here
        order = [p.name for p in find_experiment(model, experiment).parameters]
    except EpistemicError:
        order = []
    return Summary.of(done, failed, order)


def _fmt(value) -> str:
    if isinstance(value, float):
        return f"{value:.4g}" if value == value and abs(value) < 1e15 else str(value)
    return str(value)


def _cell(group, name: str) -> str:
    numbers = group.numbers(name)
    if numbers is None:
        found = group.most_common(name)
        if found is None:
            return "-"
        value, count = found
        return value if count == group.count else f"{value} {count}/{group.count}"
    if not numbers:
        return "-"
    if len(set(numbers)) == 1:   # one cell, or replicates that agree: the value, with no interval
        value = numbers[0]
        return _fmt(int(value)) if value.is_integer() and abs(value) < 2 ** 53 else _fmt(value)
    mean, interval = group.mean(name), group.interval(name)
    if interval is None:
        return _fmt(mean)
    return f"{_fmt(mean)} ±{_fmt((interval[1] - interval[0]) / 2)}"


def _table(title: str, summary: Summary, most: int) -> str:
    groups = summary.groups
    cells = sum(g.count for g in groups)
    failed = sum(g.failed for g in groups)
    lines = [f"{title}: {cells:,} cells done, {failed:,} failed, {len(groups):,} parameter sets"]
    if summary.fixed:
        lines.append("  " + ", ".join(f"{k} = {_fmt(v)}" for k, v in summary.fixed.items()))
    if any(g.count > 1 for g in groups):
        lines.append(f"  each result: its mean over the replicate seeds, ± half its {CONFIDENCE:.0%} confidence "
                     "interval (Student's t)")
    header = [*summary.varying, "cells", *(["failed"] if failed else []), *summary.results]
    rows = [[*(_fmt(g.parameters.get(v)) for v in summary.varying), str(g.count), *([str(g.failed)] if failed else []),
             *(_cell(g, r) for r in summary.results)] for g in groups[:most]]
    # a long text result (a list of states, say) would make every line as wide: the table shows its start
    cut = any(len(c) > TEXT_SHOWN for row in rows for c in row)
    rows = [[c if len(c) <= TEXT_SHOWN else c[:TEXT_SHOWN - 3] + "..." for c in row] for row in rows]
    widths = [max(len(str(c)) for c in column) for column in zip(header, *rows)]
    for row in [header, *rows]:
        lines.append("  " + "  ".join(str(c).rjust(w) for c, w in zip(row, widths)).rstrip())
    if len(groups) > most:
        lines.append(f"  ... {len(groups) - most:,} parameter sets more (all of them: --csv FILE)")
    if cut:
        lines.append(f"  text longer than {TEXT_SHOWN} characters is cut short here (whole: --csv FILE)")
    return "\n".join(lines) + "\n"


def _csv(title: str, summary: Summary) -> str:
    buffer = io.StringIO()
    writer = csv.writer(buffer, lineterminator="\n")
    names = summary.parameters
    header = ["experiment", *names, "cells", "failed"]
    for r in summary.results:
        header += [r, f"{r}_low", f"{r}_high"]
    writer.writerow(header)
    for g in summary.groups:
        row = [title, *(g.parameters.get(n, "") for n in names), g.count, g.failed]
        for r in summary.results:
            numbers = g.numbers(r)
            if numbers is None:
                found = g.most_common(r)
                row += [found[0] if found else "", "", ""]
            else:
                interval = g.interval(r)
                row += [g.mean(r) if numbers else "", *(interval if interval else ("", ""))]
        writer.writerow(row)
    return buffer.getvalue()


COMMAND = Command(
    help="sweep a model's experiment over a grid of parameters, into SQLite",
    description="Parameter sweeps: run an experiment of a model over a grid of parameters and replicate seeds\n"
                "on dask.distributed, every finished cell a row of a SQLite database; summarize and export it.",
    add_arguments=add_arguments, run=run, epilog=EPILOG)
