"""A history as a shell script: run with bash in an empty folder, it writes the models that
``apply_act`` makes in Python, step by step, and checks the formula on the last."""

from __future__ import annotations

import json
import os
import subprocess
import sys
from pathlib import Path

import pytest

from epistemic import (Agent, FormulaSyntaxError, KripkeModel, apply_act, explain_verdict, holds, parse_act,
                       parse_event_model, parse_formula)
from epistemic.event_json import model_file_to_dict
from epistemic.workbench.script import history_script, shell_quoted
from workbench_client import PATIENCE

A, B = Agent("a"), Agent("b")
#: The venv's ``epistemic`` sits beside its python.
BIN = str(Path(sys.executable).parent)


def start() -> KripkeModel:
    """docs/exercises.md exercise 8's model, with p' beside p, and a world whose name the shell
    would expand were it not quoted."""
    return KripkeModel.from_relations([A, B], {"w": {"p", "p'"}, "$v`x`\\": set()},
                                      {A: [("w", "$v`x`\\")], B: [("w", "$v`x`\\")]},
                                      actual="w", reflexive=True, symmetric=True)


LOOK = {"look": parse_event_model("(h: p, t: ~p; a: {h} {t}; b: {h, t}; designated h, t)")}


def run_script(script: str, folder: Path) -> subprocess.CompletedProcess:
    (folder / "history.sh").write_text(script)
    env = {**os.environ, "PATH": BIN + os.pathsep + os.environ.get("PATH", "")}
    return subprocess.run(["bash", "history.sh"], cwd=folder, env=env, capture_output=True, text=True,
                          timeout=PATIENCE)


def test_the_script_makes_the_models_apply_act_makes(tmp_path):
    acts = ["[!p]_{a}",                                      # private (docs/exercises.md exercise 8)
            "[(h: p, t: ~p; a: {h} {t}; b: {h, t}), h]",    # an event model written out
            "[look, h]",                                     # one named, which each step's file keeps
            "[!p' | p]",                                     # a formula with a single quote
            "[?p\n& p']_{a,b}"]                              # a line break inside the act
    # after the look, b believes that a knows p (b saw a look); p & p' is then announced
    check = "K_a (p & p') & B_b K_a p"
    done = run_script(history_script(start(), acts, check=check, event_models=LOOK), tmp_path)
    assert done.returncode == 0, done.stderr
    model = start()
    for n, text in enumerate(acts, 1):
        model = apply_act(model, parse_act(text, LOOK))
        written = json.loads((tmp_path / f"step{n}.json").read_text())
        assert written == model_file_to_dict(model, LOOK), text
    # the check's verdict and explanation, as epistemic check prints them
    formula = parse_formula(check)
    assert holds(model, formula)
    (world,) = model.actual
    assert done.stdout.splitlines()[0] == f"true at {world}"
    assert explain_verdict(model, formula).to_text() in done.stdout
    assert json.loads((tmp_path / "step0.json").read_text()) == model_file_to_dict(start(), LOOK)
    assert sorted(p.name for p in tmp_path.iterdir()) == ["history.sh", *(f"step{n}.json" for n in range(6))]


def test_a_step_that_fails_stops_the_script(tmp_path):
    # ~p is false at w: the second update fails, and set -e stops before the check
    done = run_script(history_script(start(), ["[!p]", "[!~p]"], check="p"), tmp_path)
    assert done.returncode == 2 and done.stdout == ""
    assert "~p is false at the actual world w" in done.stderr
    assert not (tmp_path / "step2.json").exists()


def test_each_step_is_one_command_and_a_comment():
    script = history_script(start(), ["[!p]", "[!p\n|\nq]_{a}"])
    lines = script.splitlines()
    assert lines[:3] == ["#!/bin/sh", lines[1], "set -e"] and lines[1].startswith("# ")
    # the comment on one line; the act, line breaks and all, in one quoted word
    assert script.endswith("# step 1: [!p]\nepistemic update step0.json '[!p]' --output step1.json\n"
                           "# step 2: [!p | q]_{a}\nepistemic update step1.json '[!p\n|\nq]_{a}' --output step2.json\n")
    # a check with no act is made on the starting model
    assert history_script(start(), [], check="p").splitlines()[-2:] == [
        "# is p true at the start, and why", "epistemic check step0.json 'p' --why"]


@pytest.mark.parametrize("text, quoted", [
    ("[!p]", "'[!p]'"),
    ("[!p']", "'[!p'\\'']'"),
    ("''", "''\\'''\\'''"),
    ("$HOME `x` \\", "'$HOME `x` \\'"),
])
def test_quoting_keeps_the_text(text, quoted):
    assert shell_quoted(text) == quoted
    done = subprocess.run(["bash", "-c", f"printf %s {quoted}"], capture_output=True, text=True,
                          timeout=PATIENCE)
    assert done.stdout == text


def test_a_typo_is_found_before_the_script_is_written():
    with pytest.raises(FormulaSyntaxError, match="line 1, column 6: expected the end of the act"):
        history_script(start(), ["[!p]", "[!p] q"])
    with pytest.raises(FormulaSyntaxError, match="no event model is named 'look'"):
        history_script(start(), ["[look, h]"])
    with pytest.raises(FormulaSyntaxError, match="line 1, column 6: expected a formula"):
        history_script(start(), ["[!p]"], check="K_a (")
