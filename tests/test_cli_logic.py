"""The command line of the logic side: ``epistemic check`` and ``epistemic puzzle``."""

from __future__ import annotations

import json
import xml.etree.ElementTree as ET

import pytest

from cli_runs import run
from epistemic import Agent, KripkeModel, save_model
from epistemic.cli.main import main

A, B = Agent("a"), Agent("b")


@pytest.fixture
def model_file(tmp_path):
    m = KripkeModel.from_relations([A, B], {"w": {"p"}, "v": set()}, {A: [("w", "v")]},
                                   actual="w", reflexive=True, symmetric=True)
    path = tmp_path / "model.json"
    save_model(m, path)
    return path


def test_check_prints_the_verdict_and_the_worlds(model_file, capsys):
    assert main(["check", str(model_file), "K_b p"]) == 0
    assert capsys.readouterr().out == "true at w\nholds at 1 of 2 worlds: w\n"
    assert main(["check", str(model_file), "K_a p", "--why"]) == 0
    out = capsys.readouterr().out
    assert out.startswith("false at w\nholds at 0 of 2 worlds\n")
    assert "K_a p is false at w: a cannot rule out v, where p is false" in out
    assert main(["check", str(model_file), "p", "--world", "v"]) == 0
    assert capsys.readouterr().out.startswith("false at v")


def test_check_json_and_drawing(model_file, tmp_path, capsys):
    picture = tmp_path / "why.svg"
    assert main(["check", str(model_file), "C_{a,b} p", "--json", "--draw", str(picture)]) == 0
    data = json.loads(capsys.readouterr().out)
    assert data["holds"] is False and data["worlds"] == [] and data["of"] == 2 and data["checked"] == ["w"]
    assert data["why"]["claim"].startswith("C_{a,b} p is false at w")
    text = " ".join(t.text or "" for t in ET.parse(picture).getroot().iter("{http://www.w3.org/2000/svg}text"))
    assert "C_{a,b} p is false at w" in text


@pytest.mark.parametrize("argv, words", [
    (["K_a (p"], "line 1, column 7"),
    (["K_z p"], "z, who is not an agent of the model"),
    (["p", "--world", "x"], "no world 'x'"),
    (["p", "--draw", "why.jpg"], "cannot tell the image format"),
    (["p", "--depth", "0"], "--depth"),
])
def test_check_bad_input_is_one_line(model_file, capsys, argv, words):
    assert main(["check", str(model_file), *argv]) == 2
    out, err = capsys.readouterr()
    assert out == "" and words in err and len(err.strip().splitlines()) == 1


def test_check_bad_model_files(tmp_path, capsys):
    broken = tmp_path / "broken.json"
    broken.write_text('{"format": "epistemic-kripke", "version": 1')
    for path in (broken, tmp_path / "missing.json"):
        assert main(["check", str(path), "p"]) == 2
        out, err = capsys.readouterr()
        assert out == "" and len(err.strip().splitlines()) == 1 and str(path.name) in err


def test_puzzle_prints_round_by_round(capsys):
    assert main(["puzzle", "cheryl"]) == 0
    out = capsys.readouterr().out
    # seed of the puzzle: Singapore and Asian Schools Math Olympiad 2015, answer July 16
    assert "3. Albert: Then I also know: 1 world left (July 16)" in out
    assert out.rstrip().endswith("Cheryl's birthday is July 16")
    assert main(["puzzle", "muddy-children", "n=4", "k=3", "--json"]) == 0
    data = json.loads(capsys.readouterr().out)
    assert data["puzzle"] == "muddy-children" and data["answer"]["rounds_of_nobody_knows"] == 2
    assert data["rounds"][0]["worlds_left"] == 16


@pytest.mark.parametrize("argv, words", [
    (["puzzle", "sudoku"], "unknown puzzle 'sudoku'"),
    (["puzzle", "muddy-children", "n=three"], "NAME=WHOLE_NUMBER"),
    (["puzzle", "muddy-children", "m=3"], "unknown parameter 'm'"),
    (["puzzle", "muddy-children", "n=3", "k=5"], "k"),
    (["puzzle", "muddy-children", "n=3", "n=4"], "given twice"),
])
def test_puzzle_bad_input_is_one_line(capsys, argv, words):
    assert main(argv) == 2
    out, err = capsys.readouterr()
    assert out == "" and words in err and len(err.strip().splitlines()) == 1


def test_check_a_described_model_with_several_actual_worlds(tmp_path, capsys):
    from epistemic import describe_model
    m = describe_model(["ma", "mb"], "ma | mb", {A: ["mb"], B: ["ma"]})   # every world actual
    path = tmp_path / "children.json"
    save_model(m, path)
    assert main(["check", str(path), "~Kw_a ma | ~Kw_b mb"]) == 0
    assert capsys.readouterr().out.startswith("true at every actual world (ma, mb, ma mb)\n")
    assert main(["check", str(path), "Kw_a ma"]) == 0
    assert capsys.readouterr().out.startswith("false at actual worlds mb, ma mb\n")
    assert main(["check", str(path), "p", "--why"]) == 2
    assert "name the one to explain with --world" in capsys.readouterr().err
    assert main(["check", str(path), "Kw_a ma", "--json"]) == 0
    assert json.loads(capsys.readouterr().out)["why"] is None


def test_check_too_deep_nesting_is_one_line(model_file, capsys):
    assert main(["check", str(model_file), "[!p] " * 1500 + "p"]) == 2
    out, err = capsys.readouterr()
    assert out == "" and "too deeply" in err and len(err.strip().splitlines()) == 1


def test_check_without_contraction_gives_the_same_answer(capsys):
    """--no-contract builds every copy that nested private announcements make: the same answer, the
    same worlds (the model of docs/logic.md, where b cannot tell p from not-p)."""
    formula = "[!p]_{a} [!p]_{b} (K_a p & ~K_b K_a p) | [?p]_{b} K_b p"
    merged = run(capsys, "check", "docs/examples/letter.json", formula, "--json")
    full = run(capsys, "check", "docs/examples/letter.json", formula, "--json", "--no-contract")
    assert merged == full and merged[0] == 0
