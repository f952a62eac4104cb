"""``epistemic update``: acts applied one by one and the model saved; ``epistemic check`` on what it
wrote answers as the dynamic formula does on the model it read, and every fault is one line, exit
status 2, and no file."""

from __future__ import annotations

import json
import shutil
from pathlib import Path

import pytest

from cli_runs import run
from epistemic import Agent, KripkeModel, acts, load_model_file, save_model

EXAMPLES = Path(__file__).resolve().parent.parent / "docs" / "examples"
A, B = Agent("a"), Agent("b")


def _models(folder: Path) -> None:
    """The models of docs/exercises.md, saved in ``folder``."""
    # exercises 2, 6 and 7: a cannot tell w (p) from v, b can
    save_model(KripkeModel.from_relations([A, B], {"w": {"p"}, "v": set()}, {A: [("w", "v")]}, actual="w",
                                          reflexive=True, symmetric=True), folder / "ex2.json")
    # exercises 8 and 9: neither can
    save_model(KripkeModel.from_relations([A, B], {"w": {"p"}, "v": set()}, {A: [("w", "v")], B: [("w", "v")]},
                                          actual="w", reflexive=True, symmetric=True), folder / "both.json")
    # exercises 4 and 13: w0 (p) -a- w1 (p) -b- w2
    save_model(KripkeModel.from_relations([A, B], {"w0": {"p"}, "w1": {"p"}, "w2": set()},
                                          {A: [("w0", "w1")], B: [("w1", "w2")]}, actual="w0",
                                          reflexive=True, symmetric=True), folder / "chain.json")


@pytest.fixture
def folder(tmp_path):
    _models(tmp_path)
    for name in ("coin.json", "secret_flip.json", "muddy-children.json"):
        shutil.copy(EXAMPLES / name, tmp_path / name)
    return tmp_path


def verdict(capsys, *argv) -> str:
    """``true`` or ``false``: the first word of ``epistemic check``, which must succeed."""
    code, out, err = run(capsys, "check", *argv)
    assert (code, err) == (0, ""), err
    return out.split()[0]


# round trips: update then check is checking the dynamic formula ------------------------------------

@pytest.mark.parametrize("model, acts_given, formula, expected", [
    # docs/exercises.md exercise 6: the Moore sentence is false once announced
    ("ex2.json", ["[!(p & ~K_a p)]"], "~(p & ~K_a p)", "true"),
    # exercise 8: a alone is told p; b's belief that a does not know is false
    ("both.json", ["[!p]_{a}"], "K_a p & ~B_b p & B_b ~K_a p", "true"),
    # exercise 9: b knows that a learned whether p, and b does not know p
    ("both.json", ["[?p]_{a}"], "K_b Kw_a p & ~Kw_b p", "true"),
    # exercise 13: after p, p is common knowledge
    ("chain.json", ["[!p]"], "C_{a,b} p", "true"),
    # exercise 4 then 13, in two steps: announcing p twice changes nothing more, and E E p holds
    ("chain.json", ["[!p]", "[!p]"], "E_{a,b} E_{a,b} p", "true"),
    # docs/logic.md, the coin: the look (semi-private, named in coin.json) and the secret flip (--events)
    ("coin.json", ["[look, h]"], "K_alice heads & ~Kw_bob heads & K_bob Kw_alice heads", "true"),
    ("coin.json", ["[!heads]", "[secret_flip, flip]"], "~heads & K_alice ~heads & B_bob heads", "true"),
    ("coin.json", ["[private_look, h]"], "B_bob heads | B_bob ~heads", "false"),
])
def test_update_then_check_is_the_dynamic_formula(folder, capsys, model, acts_given, formula, expected):
    events = ["--events", str(folder / "secret_flip.json")] if "secret_flip" in " ".join(acts_given) else []
    out = folder / "after.json"
    code, stdout, err = run(capsys, "update", str(folder / model), *acts_given, "--output", str(out), *events)
    assert (code, stdout) == (0, "")
    assert err.splitlines()[-1].startswith(f"after {acts_given[-1]}: ") and len(err.splitlines()) == len(acts_given)
    assert verdict(capsys, str(out), formula) == expected
    assert verdict(capsys, str(folder / model), " ".join(acts_given) + f" ({formula})", *events) == expected


def test_the_muddy_children_after_one_round(folder, capsys):
    # docs/exercises.md exercise 11: two muddy children know after one round of "nobody knows";
    # a knowledge structure is listed as a Kripke model, and its states keep their names
    out = folder / "round1.json"
    code, stdout, err = run(capsys, "update", str(folder / "muddy-children.json"), "[!m1 | m2 | m3]",
                            "[!~Kw_c1 m1 & ~Kw_c2 m2 & ~Kw_c3 m3]", "-o", str(out),
                            "--check", "K_c1 m1 & K_c2 m2 & ~Kw_c3 m3", "--check", "K_c1 m1 & K_c3 m3")
    assert code == 0
    assert stdout == "K_c1 m1 & K_c2 m2 & ~Kw_c3 m3: true\nK_c1 m1 & K_c3 m3: false\n"
    assert err == ("after [!m1 | m2 | m3]: 7 worlds (actual: {m1, m2})\n"
                   "after [!~Kw_c1 m1 & ~Kw_c2 m2 & ~Kw_c3 m3]: 4 worlds (actual: {m1, m2})\n")
    assert verdict(capsys, str(out), "K_c1 m1 & K_c2 m2") == "true"


def test_the_output_keeps_the_model_files_event_models(folder, capsys):
    code, out, err = run(capsys, "update", str(folder / "coin.json"), "[!heads]", "[secret_flip, flip]", "-o", "-",
                         "--events", str(folder / "secret_flip.json"))
    assert code == 0 and err.splitlines()[-1] == "after [secret_flip, flip]: 2 worlds (actual: heads.flip)"
    data = json.loads(out)
    # the coin's own, not the one given with --events, which the next command is given again
    assert sorted(data["event_models"]) == ["flip", "look", "private_look"]
    assert [w["name"] for w in data["worlds"]] == ["heads.flip", "heads.skip"] and data["actual"] == ["heads.flip"]
    (folder / "step.json").write_text(out)
    loaded = load_model_file(folder / "step.json")
    assert sorted(loaded.event_models) == ["flip", "look", "private_look"] and len(loaded.model) == 2


def test_an_output_replaced_is_replaced_whole(folder, capsys):
    out = folder / "after.json"
    out.write_text("old")
    assert run(capsys, "update", str(folder / "both.json"), "[!p]_{a}", "-o", str(out))[0] == 0
    assert len(json.loads(out.read_text())["worlds"]) == 3


# every fault: one line, exit status 2, nothing written ------------------------------------------------

def _too_large(monkeypatch):
    monkeypatch.setattr(acts, "MAX_WORLDS", 3)


def _json_too_large(monkeypatch):
    from epistemic.cli import update
    monkeypatch.setattr(update, "MAX_FILE_BYTES", 200)


@pytest.mark.parametrize("argv, message, setup", [
    (["both.json", "[!p] q"], "line 1, column 6: expected the end of the act, found 'q'", None),
    (["both.json", "[!p]", "[!q"], "act 2 ([!q): line 1, column 4: expected ']' to close the '[!' at column 1", None),
    (["both.json", "[!~p]"], "~p is false at the actual world w: it cannot be announced truthfully", None),
    (["both.json", "[!p]", "[!~p]"], "act 2 ([!~p]): ~p is false at the actual world w", None),
    (["coin.json", "[look, t]"], "event 't' cannot happen at the actual world heads: its precondition ~heads", None),
    (["both.json", "[!p]_{a,c}"], "the act names c, who is not an agent of the model", None),
    (["both.json", "[?K_c p]_{a}"], "the formula names c, who is not an agent of the model", None),
    (["both.json", "[nope, e]"], "no event model is named 'nope' (known: none are given)", None),
    (["both.json", "[!p]_{a}", "--check", "K_b p"], "K_b asks what b knows, but b's relation here is not an "
                                                    "equivalence", None),
    (["both.json", "[!p]", "--check", "K_a (p"], "line 1, column 7: expected ')'", None),
    (["both.json", "[!p]", "-o", "-", "--check", "p"], "--check prints to standard output, where --output - "
                                                       "writes the model", None),
    (["both.json", "[!p]_{a}"], "the update may make 4 worlds (2 worlds times 2 events), more than the 3",
     _too_large),
    (["both.json", "[!p]_{a}"], "the model after the acts has 3 worlds, 0.0 MiB as JSON, more than the 0 MiB",
     _json_too_large),
    (["missing.json", "[!p]"], "missing.json: cannot read the file", None),
    (["both.json", "[!p]", "-o", "nowhere/after.json"], "nowhere", None),
    (["both.json", "[!p]", "-o", "after.txt"], "--output writes a file named .json, got 'after.txt'", None),
    (["both.json", "[!p]", "-o", "both.json"], "'both.json' is asked for twice", None),
    # the output is checked before anything is read: a bad act after a bad output is not reached
    (["both.json", "[!p] q", "-o", "after.txt"], "--output writes a file named .json", None),
    (["query.smcdel.txt", "[!p]"], "an SMCDEL file holds queries, not a model to update", None),
])
def test_every_fault_is_one_line_and_writes_nothing(folder, capsys, monkeypatch, argv, message, setup):
    if setup is not None:
        setup(monkeypatch)
    (folder / "query.smcdel.txt").write_text("VARS 1\nLAW Top\nOBS\nTRUE? 1\n")
    monkeypatch.chdir(folder)
    before = sorted(p.name for p in folder.iterdir())
    if "-o" not in argv:
        argv = [*argv, "-o", "after.json"]
    code, out, err = run(capsys, "update", *argv)
    assert code == 2 and out == ""
    assert err.count("\n") == 1 and err.startswith("epistemic update: error: ") and message in err, err
    assert sorted(p.name for p in folder.iterdir()) == before
