"""A class's answers to a sheet, read from CSV and TOML files.

A CSV file has the header ``student,exercise,answer`` and one row per
answer; a TOML file holds one student's answers: ``student = "ada"`` (by
default the file's name without ``.toml``) and a table ``[answers]`` from
exercise id to answer: text, or a list of world names (or, for an exercise
answered with a sequence of acts, of its acts).  Every fault is an :class:`AnswerError` of one line
naming the file (and the line of a CSV file).

Examples
--------
>>> from epistemic.workbench.sheets import sheet_from_text
>>> sheet = sheet_from_text('''
... [[exercises]]
... id = "1"
... kind = "validity"
... formula = "K_a p -> p"
... ''')
>>> answers = Answers(sheet)
>>> answers.add_csv("student,exercise,answer\\nada,1,valid\\nbob,1,no\\n", "class.csv")
>>> answers.add_toml('answers = {1 = "yes"}', "cy.toml")
>>> answers.by_student
{'ada': {'1': 'valid'}, 'bob': {'1': 'no'}, 'cy': {'1': 'yes'}}
>>> answers.add_csv("student,exercise,answer\\nada,2,valid\\n", "late.csv")
Traceback (most recent call last):
...
epistemic.workbench.answers.AnswerError: late.csv, line 2: no exercise '2' on the sheet: its exercises are 1
"""

from __future__ import annotations

import csv
import io
import os

from epistemic import EpistemicError
from epistemic.files import read_limited, text_from, toml_from

from .sheets import Sheet

__all__ = ["AnswerError", "Answers", "HEADER", "MAX_ANSWER_FILE_BYTES", "read_answers"]

#: The header of a CSV file of answers.
HEADER = ("student", "exercise", "answer")
#: The largest file of answers read.
MAX_ANSWER_FILE_BYTES = 16 * 2 ** 20


class AnswerError(EpistemicError):
    """A file of answers cannot be read: its message names the file and the line."""


class Answers:
    """The answers read so far, by student (in the order first met) and exercise id."""

    def __init__(self, sheet: Sheet):
        self.ids = [ex.id for ex in sheet.exercises]
        self.sequences = {ex.id for ex in sheet.exercises if ex.sequence}
        self.by_student: dict[str, dict[str, str]] = {}
        self._where: dict[tuple[str, str], str] = {}

    def _add(self, student: str, exercise: str, answer: str, where: str) -> None:
        if not student:
            raise AnswerError(f"{where}: no student named")
        if exercise not in self.ids:
            raise AnswerError(f"{where}: no exercise {exercise!r} on the sheet: its exercises are "
                              f"{', '.join(self.ids)}")
        key = (student, exercise)
        if key in self._where:
            raise AnswerError(f"{where}: {student} answers exercise {exercise} twice (first at {self._where[key]})")
        self._where[key] = where
        self.by_student.setdefault(student, {})[exercise] = answer

    def add_csv(self, text: str, name: str) -> None:
        """Add the answers of a CSV file's ``text``; ``name`` names it in messages."""
        rows = csv.reader(io.StringIO(text, newline=""))
        try:
            header = next(rows, None)
            if header is None or tuple(cell.strip().lower() for cell in header) != HEADER:
                raise AnswerError(f"{name}, line 1: the header must be {','.join(HEADER)}, got "
                                  f"{','.join(header) if header else 'nothing'}")
            for row in rows:
                where = f"{name}, line {rows.line_num}"
                if not any(cell.strip() for cell in row):
                    continue
                if len(row) != len(HEADER):
                    raise AnswerError(f"{where}: expected {len(HEADER)} fields ({','.join(HEADER)}), got {len(row)}")
                self._add(row[0].strip(), row[1].strip(), row[2], where)
        except csv.Error as error:
            raise AnswerError(f"{name}, line {rows.line_num}: not CSV: {error}") from None

    def add_toml(self, text: str, name: str) -> None:
        """Add one student's answers from a TOML file's ``text``; ``name`` names it in messages."""
        data = toml_from(text, lambda message: AnswerError(f"{name}: {message}"))
        unknown = sorted(set(data) - {"student", "answers"})
        if unknown:
            raise AnswerError(f"{name}: unknown field {unknown[0]}: expected student and [answers]")
        student = data.get("student", os.path.splitext(os.path.basename(name))[0])
        answers = data.get("answers")
        if not isinstance(student, str):
            raise AnswerError(f"{name}: field student: expected a name, got {student!r}")
        if not isinstance(answers, dict):
            raise AnswerError(f"{name}: field answers: expected a table [answers] of exercise ids and answers")
        for exercise, answer in answers.items():
            if not isinstance(answer, (str, list)) or isinstance(answer, list) and not all(
                    isinstance(a, str) for a in answer):
                raise AnswerError(f"{name}: answer to {exercise}: expected text, or a list of world names or of acts")
            # a list is world names, or the acts of an exercise answered with a sequence of them, one a line
            joined = "\n".join(answer) if exercise in self.sequences else ", ".join(answer)
            self._add(student.strip(), exercise, answer if isinstance(answer, str) else joined,
                      f"{name}, answer to {exercise}")


def read_answers(sheet: Sheet, paths: list[str]) -> dict[str, dict[str, str]]:
    """Every answer in the files ``paths`` (``.toml``: one student's; any
    other: CSV), by student and exercise id, each file checked whole."""
    answers = Answers(sheet)
    for path in paths:
        def fault(message: str, path: str = path) -> AnswerError:
            return AnswerError(f"{path}: {message}")

        text = text_from(read_limited(path, MAX_ANSWER_FILE_BYTES, "a file of answers", fault), fault)
        if path.endswith(".toml"):
            answers.add_toml(text, path)
        else:
            answers.add_csv(text, path)
    return answers.by_student
