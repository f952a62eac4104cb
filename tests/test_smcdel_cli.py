"""``epistemic check FILE.smcdel.txt``, ``--show-formula``, ``--export-smcdel``, from the command line."""

from __future__ import annotations

import json
from pathlib import Path

import pytest
from cli_runs import run
from picture_checks import needs_engine

from epistemic.models.puzzles import solve
from epistemic.smcdel import answer, parse_smcdel, read_smcdel

ROOT = Path(__file__).resolve().parent.parent
EXAMPLES = ROOT / "docs" / "examples"
DRINKING = EXAMPLES / "smcdel" / "drinking-logicians.smcdel.txt"

SMALL = """\
-- two agents, two variables
VARS 1, 2
LAW  1 | 2
OBS  a: 1
     b: 2
TRUE? {1} a knows that 1
VALID? a knows whether 1
WHERE? ~ b knows that 2
"""


@pytest.fixture
def small(tmp_path):
    path = tmp_path / "small.smcdel.txt"
    path.write_text(SMALL, encoding="utf-8")
    return path


def test_every_query_is_answered_in_order_as_smcdel_prints_it(capsys, small):
    code, out, err = run(capsys, "check", str(small))
    assert code == 0 and err == ""
    # SMCDEL's own words (exec/smcdel.hs): the question, then True, False or the states a line each
    assert out == ("Is a knows that 1 true at [1]?\nTrue\n\n"
                   "Is a knows whether 1 valid on F?\nTrue\n\n"
                   "At which states is ~ b knows that 2 true?\n[1]\n")


def test_the_explicit_engine_gives_the_same_answers(capsys, small):
    assert run(capsys, "check", str(small))[1] == run(capsys, "check", str(small), "--engine", "explicit")[1]


def test_json_holds_each_answer_with_its_formula_in_both_syntaxes(capsys, small):
    code, out, _ = run(capsys, "check", str(small), "--json", "--why")
    data = json.loads(out)
    assert code == 0 and data["states"] == 3 and data["agents"] == ["a", "b"]
    assert [(a["query"], a["answer"]) for a in data["answers"]] == [("TRUE?", True), ("VALID?", True),
                                                                     ("WHERE?", [[1]])]
    assert data["answers"][0]["state"] == [1] and data["answers"][2]["count"] == 1
    assert [a["ours"] for a in data["answers"]] == ["K_a p1", "Kw_a p1", "~K_b p2"]
    assert data["answers"][2]["why"]["state"] == "[1]"
    assert data["answers"][2]["why"]["claim"].startswith("~K_b p2 is true at [1]")


def test_why_explains_one_query_at_the_state_it_names(capsys, small):
    code, out, _ = run(capsys, "check", str(small), "--query", "3", "--why", "--show-formula")
    assert code == 0
    lines = out.splitlines()
    assert lines[:5] == ["At which states is ~ b knows that 2 true?", "  SMCDEL: ~ b knows that 2",
                         "  ours:   ~K_b p2", "[1]", "why, at the first state where it holds ([1]):"]
    assert lines[5].startswith("~K_b p2 is true at [1]: K_b p2 is false there")


def test_a_validity_that_fails_is_explained_where_it_fails(capsys, tmp_path):
    path = tmp_path / "fails.smcdel.txt"
    # the first state, [], is not where it fails
    path.write_text("VARS 1, 2 LAW Top OBS a: 1\nVALID? ~ a knows that 1\n", encoding="utf-8")
    code, out, _ = run(capsys, "check", str(path), "--why")
    assert code == 0
    assert out.splitlines()[1:3] == ["False", "why, at the first state where it fails ([1]):"]


@needs_engine
def test_one_query_is_drawn_and_its_model(capsys, small, tmp_path):
    why, where = tmp_path / "why.svg", tmp_path / "where.svg"
    code, _, err = run(capsys, "check", str(small), "--query", "1", "--draw", str(why), "--draw-model", str(where))
    assert code == 0 and "wrote" in err
    assert "<svg" in why.read_text(encoding="utf-8") and "K_a p1" in why.read_text(encoding="utf-8")
    drawn = where.read_text(encoding="utf-8")
    # the structure has no actual world, and the legend does not offer one
    assert "[1,2]" in drawn and "actual world" not in drawn


def test_a_file_exported_reads_back_with_the_same_answers(capsys, tmp_path):
    out_path = tmp_path / "again.smcdel.txt"
    code, out, _ = run(capsys, "check", str(DRINKING), "--export-smcdel", str(out_path))
    assert code == 0
    again = read_smcdel(out_path)
    first = read_smcdel(DRINKING)
    assert [answer(again, q) .text() for q in again.queries] == [answer(first, q).text() for q in first.queries]
    assert run(capsys, "check", str(out_path))[1].count("\n\n") == out.count("\n\n")


def test_a_model_file_is_exported_with_its_formula_as_a_query_at_the_actual_world(capsys, tmp_path):
    out_path = tmp_path / "letter.smcdel.txt"
    code, out, _ = run(capsys, "check", str(EXAMPLES / "letter.json"), "K_a p & ~K_b p", "--show-formula",
                       "--export-smcdel", str(out_path))
    assert code == 0
    shown = out.splitlines()
    assert shown[0] == "formula: K_a p & ~K_b p" and shown[1].startswith("SMCDEL:  ")
    verdict = shown[2].split()[0]
    file = read_smcdel(out_path)
    assert [q.kind for q in file.queries] == ["TRUE?"]
    assert str(answer(file, file.queries[0]).value).lower() == verdict


def test_a_structure_file_is_exported_and_answers_alike(capsys, tmp_path):
    out_path = tmp_path / "muddy.smcdel.txt"
    formula = "[!~Kw_c1 m1 & ~Kw_c2 m2 & ~Kw_c3 m3] (K_c1 m1 & K_c2 m2)"
    code, out, _ = run(capsys, "check", str(EXAMPLES / "muddy-children.json"), formula, "--export-smcdel",
                       str(out_path), "--json", "--show-formula")
    assert code == 0
    data = json.loads(out)
    file = read_smcdel(out_path)
    assert answer(file, file.queries[0]).value is data["holds"] is True
    assert data["smcdel"] == file.queries[0].text


def test_the_puzzle_exported_answers_as_the_puzzle_told_it(capsys, tmp_path):
    out_path = tmp_path / "muddy.smcdel.txt"
    code, _, err = run(capsys, "puzzle", "muddy-children", "n=5", "--export-smcdel", str(out_path))
    assert code == 0 and "wrote" in err
    story = solve("muddy-children", n=5).story
    told = [ok for r in story.rounds for _, ok in r.answers]
    file = read_smcdel(out_path)
    assert [answer(file, q).value for q in file.queries] == told
    assert "every child knows whether it is muddy" in out_path.read_text(encoding="utf-8")


def test_without_a_file_the_smcdel_file_is_printed_instead(capsys, small):
    code, out, err = run(capsys, "puzzle", "muddy-children", "n=3", "--export-smcdel")
    assert code == 0 and err == "" and out.startswith("-- The muddy children: epistemic puzzle muddy-children n=3\n")
    file = parse_smcdel(out)
    assert [answer(file, q).value for q in file.queries] == \
        [ok for r in solve("muddy-children", n=3).story.rounds for _, ok in r.answers]
    code, out, _ = run(capsys, "check", str(small), "--export-smcdel")
    assert code == 0 and out.startswith("VARS 1,2\n") and out.count("?") == 3


@pytest.mark.parametrize("argv, words", [
    (["--query", "4"], "--query 4: the file asks 3 queries"),
    (["--draw", "why.svg"], "draw one query, and the file asks 3"),
    (["--html", "why.html"], "--html is for model files"),
    (["K_a p1"], "asks its own queries"),
    (["--world", "w"], "--world is for model files"),
    (["--format", "latex"], "answered as text or JSON"),
    (["--export-smcdel", "out.json"], "named .smcdel.txt"),
    (["--export-smcdel", "no/such/folder/out.smcdel.txt"], "does not exist"),
])
def test_bad_requests_are_one_line_and_exit_2(capsys, small, argv, words, tmp_path, monkeypatch):
    monkeypatch.chdir(tmp_path)
    code, out, err = run(capsys, "check", str(small), *argv)
    assert code == 2 and out == "" and words in err and err.count("\n") == 1


def test_a_fault_in_the_file_names_its_line_and_column_and_writes_nothing(capsys, tmp_path):
    bad = tmp_path / "bad.smcdel.txt"
    bad.write_text(SMALL.replace("WHERE? ~ b knows that 2", "WHERE? ~ c knows that 2"), encoding="utf-8")
    out_path = tmp_path / "out.smcdel.txt"
    code, out, err = run(capsys, "check", str(bad), "--export-smcdel", str(out_path))
    assert code == 2 and out == ""
    assert err == f"epistemic check: error: {bad}: line 8, column 10: agent c is not in OBS\n"
    assert not out_path.exists()


def test_a_query_past_what_this_framework_runs_is_refused_before_anything_is_printed(capsys, tmp_path):
    path = tmp_path / "outside.smcdel.txt"
    path.write_text("VARS 1 LAW 1 OBS a: 1\nVALID? Top\nTRUE? {} a knows that 1\n", encoding="utf-8")
    code, out, err = run(capsys, "check", str(path))
    assert code == 2 and out == ""
    assert err.startswith(f"epistemic check: error: {path}: line 3, column 1: {{}} is not a state")
