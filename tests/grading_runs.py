"""Grading one answer to one exercise of a sheet written for the test, in a process of its own."""

from __future__ import annotations

from pathlib import Path

from cli_runs import run_child


def grade_one(folder: Path, formula: str, answer: str = "w", timeout: float = 300):
    """``(status, standard output, standard error)`` of ``epistemic grade`` on a sheet of one exercise,
    the worlds of a model of two (w, where p holds, and v, which agent a cannot tell apart) where
    ``formula`` holds, and a class of one student, ada, who answers ``answer``."""
    sheet = folder / "sheet.toml"
    sheet.write_text(f"""
[models.two]
worlds = {{ w = ["p"], v = [] }}
links = {{ a = [["w", "v"]] }}
actual = "w"

[[exercises]]
id = "1"
question = "Where?"
kind = "worlds"
model = "two"
formula = "{formula}"
""", encoding="utf-8")
    answers = folder / "answers.csv"
    answers.write_text(f"student,exercise,answer\nada,1,{answer}\n", encoding="utf-8")
    return run_child("grade", sheet, answers, timeout=timeout)
