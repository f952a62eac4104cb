"""``epistemic grade``: grade a class's answers to an exercise sheet, as CSV.

One row per student and exercise, in the sheet's order: the grade (right,
wrong, unreadable, missing, or timeout where checking the answer passed
``--time-limit``), a score of 1 or 0, and why in one line.  ``--totals``
adds a row per student with the sum of the scores.
"""

from __future__ import annotations

import argparse
import csv
import io
import time
from typing import TextIO

from epistemic.files import write_bytes
from epistemic.models import Command, end_progress, progress_printer
from epistemic.models.commands import check_file_destination, seconds_argument
from epistemic.workbench.answers import read_answers
from epistemic.workbench.grading import GradingTimeout, grade
from epistemic.workbench.sheets import load_sheet

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
    sheet = load_sheet(args.sheet)
    answers = read_answers(sheet, args.answers)
    total = len(answers) * len(sheet.exercises)
    progress = progress_printer("answers graded") if total > _QUIET else None
    buffer = io.StringIO(newline="")
    writer = csv.writer(buffer, lineterminator="\n")
    writer.writerow(COLUMNS)
    done = 0
    for student, given in answers.items():
        score = 0
        for exercise in sheet.exercises:
            if exercise.id not in given:
                row = ("missing", 0, "no answer")
            else:
                try:
                    g = grade(exercise, given[exercise.id], deadline=time.monotonic() + args.time_limit)
                    row = (g.verdict, int(g.right), g.summary)
                except GradingTimeout:
                    row = ("timeout", 0, f"checking the answer took longer than {args.time_limit:g} s")
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


COMMAND = Command("grade a class's answers to an exercise sheet, as CSV", add_arguments, run,
                  description="Grade the answers of a class to an exercise sheet (TOML): one CSV row per "
                              "student and exercise, with the grade, the score and why.",
                  epilog=EPILOG)
