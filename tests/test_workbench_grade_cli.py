"""``epistemic grade``: a class's answers graded as CSV (cli/grade.py)."""

from __future__ import annotations

import csv
import io
import os
import re
import shutil
from pathlib import Path

import pytest

from cli_runs import run as run_cli
from workbench_client import HOOKS

ROOT = Path(__file__).resolve().parent.parent
SHEET = str(ROOT / "docs" / "sheets" / "course.toml")
CLASS = str(ROOT / "docs" / "sheets" / "answers.csv")
#: What grading the example sheet says as it reads it: exercise 1iii asks for common knowledge,
#: and allows 3 worlds where its formula needs 64 for "equivalent" to be sure
SHEET_WARNING = (f"epistemic grade: warning: {SHEET}: exercise 1iii: the answer may be wrong: models of up to 64 "
                 "worlds are needed to be sure, the sheet allows 3 (for the question's formula alone: an answer may "
                 "need more)")


def run(capsys, *argv):
    """``epistemic grade ...`` with a time limit no machine's load reaches (one test proves the
    limit with its own); its standard error without the example sheet's warning."""
    if argv[0] == "grade" and "--time-limit" not in argv:
        argv = (*argv, "--time-limit", "3600")
    code, out, err = run_cli(capsys, *argv)
    return code, out, "".join(line for line in err.splitlines(keepends=True) if line.rstrip("\n") != SHEET_WARNING)


def rows(text: str) -> list[dict]:
    return list(csv.DictReader(io.StringIO(text)))


def grades(text: str) -> dict[tuple[str, str], str]:
    return {(r["student"], r["exercise"]): r["grade"] for r in rows(text)}


def test_the_example_class_is_graded(capsys):
    code, out, err = run_cli(capsys, "grade", SHEET, CLASS, "--time-limit", "3600")
    assert code == 0 and err == SHEET_WARNING + "\n"
    assert out.splitlines()[0] == "student,exercise,kind,grade,score,why"
    table = grades(out)
    # ada answers as docs/exercises.md solves them (exercises 1, 2, 6, 8, 13; 3b: K_b p holds at w only)
    assert {table[("ada", x)] for x in ("1i", "2a", "3b", "6b", "7c", "8", "13")} == {"right"}
    # bob writes ~K_b K_a p for exercise 1 (i), adds v to exercise 2's K_b p, announces top
    assert {table[("bob", x)] for x in ("1i", "2a", "3b", "6b", "7c", "8", "13")} == {"wrong"}
    # cy leaves a parenthesis open and answers "maybe", does not answer exercise 8, and announces the goal
    assert table[("cy", "1i")] == table[("cy", "7c")] == "unreadable"
    assert table[("cy", "8")] == "missing" and table[("cy", "13")] == "wrong" and table[("cy", "3b")] == "right"
    # one row per student and exercise of the sheet, in the sheet's order
    assert len(table) == 3 * 27 and [r["exercise"] for r in rows(out)][:3] == ["1i", "1ii", "1iii"]
    assert {r["score"] for r in rows(out) if r["grade"] == "right"} == {"1"}
    assert {r["score"] for r in rows(out) if r["grade"] != "right"} == {"0"}


def test_totals_and_toml_answers(capsys, tmp_path):
    (tmp_path / "dee.toml").write_text('[answers]\n"2a" = "w"\n"12" = ["July 16", "August 15", "August 17"]\n'
                                       '"9" = "p"\n', encoding="utf-8")
    (tmp_path / "eve.toml").write_text('student = "eve"\n[answers]\n"2a" = "v"\n', encoding="utf-8")
    code, out, _ = run(capsys, "grade", SHEET, str(tmp_path / "dee.toml"), str(tmp_path / "eve.toml"), "--totals")
    assert code == 0
    totals = {r["student"]: r for r in rows(out) if r["exercise"] == "total"}
    # dee: exercises 2 (K_b p at w), 12 (Bernard's three dates) and 9 (a told whether p), all right
    assert totals["dee"]["score"] == "3" and totals["dee"]["why"] == "3 of 27 right"
    assert totals["eve"]["score"] == "0"


def test_the_output_file_is_written_whole(capsys, tmp_path):
    target = tmp_path / "grades.csv"
    code, out, _ = run(capsys, "grade", SHEET, CLASS, "--output", str(target))
    assert code == 0 and out == ""
    assert grades(target.read_text(encoding="utf-8"))[("ada", "13")] == "right"


def test_a_slow_answer_is_graded_timeout_and_the_class_goes_on(capsys, tmp_path, monkeypatch):
    # an answer the grading process holds forever (workbench_hooks/sitecustomize.py): past any limit,
    # whatever the machine's speed; the limit is the test's own, the other answers' checks take
    # milliseconds
    monkeypatch.setenv("WORKBENCH_HOLD", str(tmp_path))
    monkeypatch.setenv("PYTHONPATH", os.pathsep.join(filter(None, [str(HOOKS), os.environ.get("PYTHONPATH")])))
    answers = tmp_path / "a.csv"
    answers.write_text('student,exercise,answer\nada,3b,p & held_forever\nada,2a,w\nbob,3b,K_b p\nbob,2a,"w, v"\n'
                       'cy,1i,K_a held_forever\n', encoding="utf-8")
    code, out, _ = run(capsys, "grade", SHEET, str(answers), "--time-limit", "5")
    assert code == 0
    table = {(r["student"], r["exercise"]): r for r in rows(out)}
    for key in ("ada", "3b"), ("cy", "1i"):
        assert table[key]["grade"] == "timeout" and table[key]["score"] == "0"
        assert table[key]["why"] == "checking the answer took longer than 5 s"
    # exercise 2 (docs/exercises.md): K_b p holds at w alone, the formula exercise 3b asks for; graded
    # by the process started after the held one was stopped
    assert [table[k]["grade"] for k in [("ada", "2a"), ("bob", "3b"), ("bob", "2a")]] == ["right", "right", "wrong"]


def test_a_sheet_whose_search_cannot_be_made_is_refused_before_grading(capsys, tmp_path):
    bad = tmp_path / "bad.toml"
    bad.write_text('[[exercises]]\nid = "v"\nkind = "validity"\nformula = "[!p]_{a} K_b p"\n', encoding="utf-8")
    answers = tmp_path / "a.csv"
    answers.write_text("student,exercise,answer\nada,v,valid\n", encoding="utf-8")
    code, out, err = run(capsys, "grade", str(bad), str(answers))
    assert code == 2 and out == "" and len(err.splitlines()) == 1
    assert "exercise 'v', field formula: the search cannot check it: K_b asks what b knows" in err


@pytest.mark.parametrize("content, fault", [
    ("student,exercise,answer\nada,99,p\n", r"a.csv, line 2: no exercise '99' on the sheet"),
    ("student,exercise,answer\nada,2a,w\nada,2a,v\n", r"a.csv, line 3: ada answers exercise 2a twice "
                                                      r"\(first at .*a.csv, line 2\)"),
    ("name,exercise,answer\nada,2a,w\n", r"a.csv, line 1: the header must be student,exercise,answer"),
    ("student,exercise,answer\nada,2a\n", r"a.csv, line 2: expected 3 fields"),
])
def test_faults_in_answers_are_one_line(capsys, tmp_path, content, fault):
    answers = tmp_path / "a.csv"
    answers.write_text(content, encoding="utf-8")
    code, out, err = run(capsys, "grade", SHEET, str(answers))
    assert code == 2 and out == ""
    assert len(err.splitlines()) == 1
    assert err.startswith("epistemic grade: error: ")
    assert re.search(fault, err), err


def test_missing_files_and_bad_outputs_are_refused_before_grading(capsys, tmp_path):
    code, _, err = run(capsys, "grade", SHEET, str(tmp_path / "none.csv"))
    assert code == 2 and "none.csv" in err
    code, _, err = run(capsys, "grade", str(tmp_path / "none.toml"), CLASS)
    assert code == 2 and "none.toml" in err
    code, _, err = run(capsys, "grade", SHEET, CLASS, "--output", str(tmp_path / "no" / "g.csv"))
    assert code == 2 and "g.csv" in err and "no" in err
    # a bad output is refused even before a missing sheet is read
    code, _, err = run(capsys, "grade", str(tmp_path / "none.toml"), CLASS, "--output", str(tmp_path / "g.txt"))
    assert code == 2 and "--output writes a file named .csv, got" in err
    assert not (tmp_path / "g.txt").exists()
    # nor may the grades overwrite the answers they are read from
    code, _, err = run(capsys, "grade", SHEET, CLASS, "--output", CLASS)
    assert code == 2 and "asked for twice" in err


def test_a_sheet_beside_its_files_is_read_from_anywhere(capsys, tmp_path):
    shutil.copytree(ROOT / "docs" / "sheets", tmp_path / "sheets")
    code, out, _ = run(capsys, "grade", str(tmp_path / "sheets" / "course.toml"), str(tmp_path / "sheets" / "answers.csv"))
    assert code == 0 and grades(out)[("ada", "2a")] == "right"
