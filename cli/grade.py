"""``epistemic grade``: grade a class's answers to an exercise sheet, as CSV.

One row per student and exercise, in the sheet's order: the grade (right,
wrong, unreadable, missing, or timeout where checking the answer passed
``--time-limit``), a score of 1 or 0, and why in one line.  ``--totals``
adds a row per student with the sum of the scores.  Where a validity or
equivalence exercise allows fewer worlds than its formula needs for "valid"
or "equivalent" to be sure, a warning says so as the sheet is read, and
each such grade's why.

Each answer is checked in a worker process, stopped at the time limit and
replaced by a fresh one: checking an answer in the sheet's model, or after
an event model the answer writes, never looks at a clock, so only a process
of its own can be stopped in the middle of it.  The worker is started once
(it is given the sheet's exercises then) and fed one answer at a time.
"""

from __future__ import annotations

import argparse
import csv
import io
import multiprocessing
import sys
import time
from collections.abc import Sequence
from multiprocessing.connection import Connection
from typing import TextIO

from epistemic import EpistemicError
from epistemic.files import write_bytes
from epistemic.models import Command, end_progress, progress_printer
from epistemic.models.commands import check_file_destination, seconds_argument
from epistemic.workbench.answers import read_answers
from epistemic.workbench.grading import GradingTimeout, grade
from epistemic.workbench.sheets import Exercise, load_sheet

__all__ = ["COMMAND", "COLUMNS", "add_arguments", "run"]

#: The columns of the CSV written.
COLUMNS = ("student", "exercise", "kind", "grade", "score", "why")
#: Seconds one answer may take to check, by default.
TIME_LIMIT = 10.0
#: The longest time limit taken.
MOST_SECONDS = 3600.0
#: Answers graded before progress shows on a terminal.
_QUIET = 50

EPILOG = """\
examples:
  epistemic grade docs/sheets/course.toml docs/sheets/answers.csv
  epistemic grade course.toml ada.toml bob.toml --totals --output grades.csv
ANSWERS: CSV files with the header student,exercise,answer, one row per
answer; or TOML files, one per student: student = "ada" (default: the file's
name) and a table [answers] of exercise ids and answers.  The sheet's format
and the grades are described in docs/workbench.md.
"""


_seconds = seconds_argument(MOST_SECONDS)


def add_arguments(p: argparse.ArgumentParser) -> None:
    p.add_argument("sheet", metavar="SHEET.toml", help="the exercise sheet (docs/workbench.md)")
    p.add_argument("answers", metavar="ANSWERS", nargs="+",
                   help="the answers: CSV files (student,exercise,answer) and/or one TOML file per student")
    p.add_argument("--output", metavar="FILE.csv", default=None,
                   help="write the grades to FILE.csv (all or nothing) instead of standard output")
    p.add_argument("--totals", action="store_true",
                   help="after each student's rows, a row with exercise 'total' and the sum of the scores")
    p.add_argument("--time-limit", metavar="SECONDS", type=_seconds, default=TIME_LIMIT,
                   help=f"the longest one answer may take to check; past it the grade is timeout "
                        f"(default: {TIME_LIMIT:g})")


def run(args: argparse.Namespace, out: TextIO) -> int:
    if args.output is not None:
        check_file_destination(args.output, (".csv",), "--output", "the grades", [args.sheet, *args.answers])
    # the validity searches are made as the sheet is read, seconds each at most
    searching = progress_printer("validity exercises searched")
    sheet = load_sheet(args.sheet, progress=searching)
    end_progress(searching)
    for warning in sheet.warnings:
        print(f"epistemic grade: warning: {warning}", file=sys.stderr)
    answers = read_answers(sheet, args.answers)
    total = len(answers) * len(sheet.exercises)
    progress = progress_printer("answers graded") if total > _QUIET else None
    buffer = io.StringIO(newline="")
    writer = csv.writer(buffer, lineterminator="\n")
    writer.writerow(COLUMNS)
    done = 0
    with _Grader(sheet.exercises, args.time_limit) as grader:
        for student, given in answers.items():
            score = 0
            for index, exercise in enumerate(sheet.exercises):
                if exercise.id not in given:
                    row: tuple[str, int, str] = ("missing", 0, "no answer")
                else:
                    row = grader.grade(index, given[exercise.id], f"{student}'s answer to exercise {exercise.id}")
                score += row[1]
                writer.writerow((student, exercise.id, exercise.kind, *row))
                done += 1
                if progress is not None:
                    progress(done, total)
            if args.totals:
                writer.writerow((student, "total", "", "", score, f"{score} of {len(sheet.exercises)} right"))
    end_progress(progress)
    if args.output is None:
        out.write(buffer.getvalue())
    else:
        write_bytes(buffer.getvalue().encode("utf-8"), args.output)
    return 0


class _Grader:
    """Grades answers in a worker process, stopped at the time limit and then started afresh."""

    def __init__(self, exercises: Sequence[Exercise], seconds: float):
        # spawn: the same on every platform, and no copy of a parent's threads or locks
        self._context = multiprocessing.get_context("spawn")
        self._exercises, self._seconds = tuple(exercises), seconds
        self._process: multiprocessing.process.BaseProcess | None = None
        self._connection: Connection | None = None

    def __enter__(self) -> _Grader:
        return self

    def __exit__(self, *exc) -> None:
        if self._connection is not None:
            try:
                self._connection.send(None)
            except OSError:
                pass
        self._stop(wait=2.0)

    def _start(self) -> Connection:
        mine, theirs = self._context.Pipe()
        process = self._context.Process(target=_work, args=(theirs, self._exercises), daemon=True)
        process.start()
        theirs.close()   # the worker's end: once it exits, a read here ends instead of waiting
        self._process, self._connection = process, mine
        try:
            # starting the worker (its imports, the sheet's models) is not counted in an answer's time
            mine.recv()
        except EOFError:
            self._stop()
            raise EpistemicError("the grading process did not start") from None
        return mine

    def _stop(self, wait: float = 0.0) -> None:
        if self._process is not None:
            self._process.join(wait)
            if self._process.is_alive():
                self._process.kill()
                self._process.join()
        if self._connection is not None:
            self._connection.close()
        self._process = self._connection = None

    def grade(self, index: int, answer: str, what: str) -> tuple[str, int, str]:
        """The grade, score and why of ``answer`` to the exercise at ``index``; ``what`` names it
        in the message of a fault."""
        connection = self._connection or self._start()
        connection.send((index, answer, self._seconds))
        reply = None
        if connection.poll(self._seconds):
            try:
                reply = connection.recv()
            except EOFError:   # the worker died (out of memory, say): a fresh one grades the next
                self._stop()
                return "timeout", 0, "checking the answer stopped the grading process before the time limit"
        if reply is None or reply[0] == "timeout":
            if reply is None:
                self._stop()
            return "timeout", 0, f"checking the answer took longer than {self._seconds:g} s"
        if reply[0] == "error":
            raise EpistemicError(f"{what}: {reply[1]}")
        return reply[1], reply[2], reply[3]


def _work(connection: Connection, exercises: tuple[Exercise, ...]) -> None:
    """The worker: grade each ``(index, answer, seconds)`` received, until ``None``."""
    connection.send("ready")
    while (asked := connection.recv()) is not None:
        index, answer, seconds = asked
        try:
            # the deadline ends a search cleanly; the parent stops anything else at the limit
            g = grade(exercises[index], answer, deadline=time.monotonic() + seconds)
            connection.send(("graded", g.verdict, int(g.right), f"{g.summary}; {g.doubt}" if g.doubt else g.summary))
        except GradingTimeout:
            connection.send(("timeout",))
        except Exception as error:   # any fault: one line in the parent, not a traceback here
            connection.send(("error", str(error) or type(error).__name__))


COMMAND = Command("grade a class's answers to an exercise sheet, as CSV", add_arguments, run,
                  description="Grade the answers of a class to an exercise sheet (TOML): one CSV row per "
                              "student and exercise, with the grade, the score and why.",
                  epilog=EPILOG)
