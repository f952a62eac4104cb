"""``epistemic check`` with event models: written in the formula, named in the model file, or given as files."""

from __future__ import annotations

import json
import shutil
from pathlib import Path

import pytest

from cli_runs import run

EXAMPLES = Path(__file__).resolve().parent.parent / "docs" / "examples"
COIN = str(EXAMPLES / "coin.json")
SECRET = str(EXAMPLES / "secret_flip.json")


def verdict(capsys, *argv) -> tuple[str, str]:
    """The first two lines of a run that must succeed: the verdict, and where the formula holds."""
    code, out, err = run(capsys, "check", *argv)
    assert (code, err) == (0, ""), err
    first, second, *_ = out.splitlines()
    return first, second


def test_the_coin_look(capsys):
    # semi-private: Alice learns the face, Bob learns that she did
    assert verdict(capsys, COIN, "[look, h] (K_alice heads & ~Kw_bob heads & K_bob Kw_alice heads)") == \
        ("true at heads", "holds at 2 of 2 worlds: heads, tails")
    # private: Bob still believes what he knew, that Alice does not know
    assert verdict(capsys, COIN, "[private_look, h] (K_alice heads & B_bob ~Kw_alice heads)")[0] == "true at heads"
    assert verdict(capsys, COIN, "[private_look, h] (B_bob heads | B_bob ~heads)")[0] == "false at heads"
    # at tails, h cannot happen: only tails holds "[look, h] bot"
    assert verdict(capsys, COIN, "[look, h] bot") == ("false at heads", "holds at 1 of 2 worlds: tails")


def test_a_factual_change(capsys):
    assert verdict(capsys, COIN, "[!heads] [flip, flip] C_{alice,bob} ~heads")[0] == "true at heads"
    secret = "[!heads] [secret_flip, flip] (~heads & K_alice ~heads & B_bob heads)"
    assert verdict(capsys, COIN, secret, "--events", SECRET)[0] == "true at heads"
    # the same event model written out in the formula
    inline = ("[!heads] [(flip {heads := ~heads}, skip; alice: {flip} {skip}; bob: flip -> skip, skip -> skip), "
              "flip] B_bob ~heads")
    assert verdict(capsys, COIN, inline)[0] == "false at heads"


def test_why_and_json_explain_events(capsys):
    code, out, _ = run(capsys, "check", COIN, "[flip, flip] ~heads", "--why")
    assert code == 0 and "after event 'flip', ~heads is true at (heads, flip)" in out
    code, out, _ = run(capsys, "check", COIN, "[look, t] K_alice ~heads", "--json")
    data = json.loads(out)
    assert code == 0 and data["holds"] is True
    assert data["formula"].startswith("[(h: heads, t: ~heads; alice: {h} {t}; bob: {h, t}; designated h, t), t]")
    assert data["why"]["claim"].endswith("event 't' cannot happen there")


@pytest.fixture
def folder(tmp_path):
    shutil.copy(COIN, tmp_path / "coin.json")
    shutil.copy(SECRET, tmp_path / "secret_flip.json")
    return tmp_path


def _bad(folder, name: str, text: str) -> str:
    path = folder / name
    path.write_text(text)
    return str(path)


@pytest.mark.parametrize("make, formula, words", [
    (lambda f: [], "[nope, h] p", "no event model is named 'nope' (known: flip, look, private_look)"),
    (lambda f: [], "[look, x] heads", "line 1, column 8: the event model has no event 'x'"),
    (lambda f: [], "[(h; alice: {h}), h] heads", "it has alice, the Kripke model alice, bob"),
    (lambda f: ["--events", str(f / "missing.json")], "heads", "missing.json: cannot read the file"),
    (lambda f: ["--events", _bad(f, "broken.json", "{")], "heads", "broken.json: invalid JSON"),
    (lambda f: ["--events", _bad(f, "coin-flip.json", "{}")], "heads", "'coin-flip' is not one they can write"),
    (lambda f: ["--events", _bad(f, "look.json", (f / "secret_flip.json").read_text())], "heads",
     "two event models are named 'look'"),
    (lambda f: ["--events", str(f / "secret_flip.json"), "--events", str(f / "secret_flip.json")], "heads",
     "two event models are named 'secret_flip'"),
    (lambda f: ["--events", _bad(f, "lonely.json", (f / "secret_flip.json").read_text().replace(
        '"agents": ["alice", "bob"]', '"agents": ["alice"]').replace(
        ',\n    "bob": {"arrows": [["flip", "skip"], ["skip", "skip"]]}', ""))], "heads",
     "lonely.json: agents: expected the model's agents (alice, bob), got alice"),
    (lambda f: ["--events", _bad(f, "pre.json", (f / "secret_flip.json").read_text().replace(
        '{"name": "skip"}', '{"name": "skip", "pre": "K_ p"}'))], "heads",
     "pre.json: events[1].pre: line 1, column 4: expected an agent right after 'K_'"),
])
def test_bad_input_is_one_line(folder, capsys, make, formula, words):
    code, out, err = run(capsys, "check", str(folder / "coin.json"), formula, *make(folder))
    assert (code, out) == (2, "")
    assert words in err and len(err.strip().splitlines()) == 1


def test_a_broken_event_model_in_the_model_file(folder, capsys):
    path = folder / "coin.json"
    path.write_text(path.read_text().replace('"pre": "~heads"', '"pre": "~"', 1))
    code, out, err = run(capsys, "check", str(path), "heads")
    assert (code, out) == (2, "")
    assert "coin.json: event_models.look.events[1].pre: line 1, column 2: expected a formula" in err
