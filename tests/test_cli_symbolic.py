"""``epistemic check --engine``: the same answers from both engines, and knowledge structure files."""

from __future__ import annotations

import json
import pathlib

import pytest

from cli_runs import run

EXAMPLES = pathlib.Path(__file__).resolve().parents[1] / "docs" / "examples"
MUDDY = str(EXAMPLES / "muddy-children.json")
COIN = str(EXAMPLES / "coin.json")
LETTER = str(EXAMPLES / "letter.json")


def _structure(tmp_path, n: int, law: str = "top") -> str:
    atoms = [f"m{i}" for i in range(1, n + 1)]
    data = {"format": "epistemic-knowledge-structure", "version": 1, "vocabulary": atoms, "law": law,
            "observables": {f"c{i}": atoms[:i - 1] + atoms[i:] for i in range(1, n + 1)},
            "actual": [atoms[:2]]}
    path = tmp_path / "big.json"
    path.write_text(json.dumps(data), encoding="utf-8")
    return str(path)


@pytest.mark.parametrize("path, formula", [
    (LETTER, "K_a p"),
    (LETTER, "~C_{a,b} p | E_{a,b} ~p"),
    (COIN, "[look, h] K_alice heads"),
    (COIN, "[flip, flip] B_bob heads"),
    (MUDDY, "[!~Kw_c1 m1 & ~Kw_c2 m2 & ~Kw_c3 m3] (K_c1 m1 & K_c2 m2 & ~K_c3 ~m3)"),
    (MUDDY, "C_{c1,c2,c3} (m1 | m2 | m3) & ~E_{c1,c2,c3} m1"),
])
@pytest.mark.parametrize("output", [[], ["--json"], ["--format", "latex"], ["--why"]])
def test_both_engines_print_the_same(path, formula, output, capsys):
    answers = [run(capsys, "check", path, formula, "--engine", engine, *output) for engine in ("explicit", "symbolic")]
    assert answers[0] == answers[1]
    assert answers[0][0] == 0


def test_a_structure_file_is_checked_on_the_symbolic_engine(capsys):
    # FHMV 1995, section 1.1: with two muddy children of three, after one "nobody knows" the muddy ones know
    code, out, err = run(capsys, "check", MUDDY, "[!~Kw_c1 m1 & ~Kw_c2 m2 & ~Kw_c3 m3] (K_c1 m1 & K_c2 m2)")
    assert (code, err) == (0, "")
    assert out.splitlines()[0] == "true at {m1, m2}"
    code, out, _ = run(capsys, "check", MUDDY, "K_c3 m1", "--world", "m2, m3")
    assert out.splitlines() == ["false at {m2, m3}", "holds at 4 of 7 worlds: {m1}, {m1, m2}, {m1, m3}, {m1, m2, m3}"]


def test_forty_children_are_counted_not_listed(tmp_path, capsys):
    path = _structure(tmp_path, 40)
    code, out, err = run(capsys, "check", path, "~Kw_c1 m1 & K_c3 (m1 & m2)")
    assert (code, err) == (0, "")
    lines = out.splitlines()
    assert lines[0] == "true at {m1, m2}"
    # m1 and m2 true, m1 or m3 free... exactly the 2**38 states with m1 and m2
    assert lines[1].startswith(f"holds at {2 ** 38:,} of {2 ** 40:,} worlds: ")
    assert lines[1].endswith(" ...") and len(lines[1]) < 2000
    code, out, _ = run(capsys, "check", path, "m1 & m2", "--json")
    answer = json.loads(out)
    assert answer["holding"] == 2 ** 38 and len(answer["worlds"]) == 10_000 and answer["of"] == 2 ** 40
    # explained on the diagrams: m1 and m2 are true at the actual state, checked there
    assert answer["why"]["claim"] == "m1 & m2 is true at {m1, m2}: both sides are true"


def test_a_huge_structure_is_explained_on_its_diagrams(tmp_path, capsys):
    """2**40 states, never listed: c1 cannot rule out the state without m1,
    and the picture of the explanation is drawn."""
    picture = tmp_path / "why.svg"
    code, out, err = run(capsys, "check", _structure(tmp_path, 40), "K_c1 m1", "--why", "--draw", str(picture))
    assert code == 0 and err.startswith("wrote ")
    assert out.splitlines()[2:] == ["K_c1 m1 is false at {m1, m2}: c1 cannot rule out {m2}, where m1 is false",
                                    "  m1 is false at {m2}: it is not among the facts there"]
    assert ">out {m2}, where m1 is false<" in picture.read_text(encoding="utf-8")


@pytest.mark.parametrize("change, words", [
    ({"law": "m1 &"}, "law: line 1, column 5: expected a formula"),
    ({"law": "K_c1 m1"}, "the state law must be a boolean formula"),
    ({"observables": {"c1": ["z"]}}, "observes 'z', which is not in the vocabulary"),
    ({"actual": [["z"]]}, "actual state names 'z'"),
    ({"colour": 1}, "unknown key 'colour'"),
    ({"version": 2}, "version: expected 1"),
])
def test_bad_structure_files_are_one_line(tmp_path, capsys, change, words):
    data = json.loads(pathlib.Path(MUDDY).read_text(encoding="utf-8"))
    data.update(change)
    path = tmp_path / "bad.json"
    path.write_text(json.dumps(data), encoding="utf-8")
    code, out, err = run(capsys, "check", str(path), "m1")
    assert code == 2 and out == ""
    assert err.count("\n") == 1 and words in err and "Traceback" not in err


def test_an_unknown_state_is_one_line(capsys):
    code, _, err = run(capsys, "check", MUDDY, "m1", "--world", "m9")
    assert code == 2 and "the model has no state 'm9'" in err


def test_knowledge_the_symbolic_engine_cannot_decide_is_refused_for_that_reason(tmp_path, capsys):
    # c1, told m2 alone, saw it already: c2's relation is an equivalence once bisimilar states merge, but
    # finding that lists the structure, 196,608 states and 6,291,456 arrows: the line says so, and does
    # not blame an announcement c2 did not see
    path = _structure(tmp_path, 17)
    code, out, err = run(capsys, "check", path, "[!m2]_{c1} K_c2 ~m3")
    assert (code, out) == (2, "") and len(err.strip().splitlines()) == 1
    assert "196,608 states and 6,291,456 arrows, more than the 500,000 the symbolic engine lists" in err
    assert "did not see" not in err
    # the explicit engine is not offered, as it refuses the file's 131,072 states too; belief answers
    assert "explicit engine, or" not in err and err.endswith("(131,072 states, more than the 100,000 it lists): "
                                                             "write B_c2 for what c2 believes\n")
    code, out, err = run(capsys, "check", path, "[!m2]_{c1} K_c2 ~m3", "--engine", "explicit")
    assert (code, out) == (2, "") and "131,072 states, more than the 100,000 an explicit model may list" in err
    code, out, _ = run(capsys, "check", path, "[!m2]_{c1} B_c2 ~m3")
    # where m2 is false, or c2 sees that m3 is; listed in the binary order of the children's variables
    assert code == 0 and out.startswith("true at {m1, m2}\nholds at 98,304 of 131,072 worlds: {}, {m1}, {m2}, "
                                        "{m1, m2}, {m3}, {m1, m3}, {m4}, {m1, m4}, {m2, m4}, ")
    # with five children the listing is small, and the answer is the explicit engine's
    small = _structure(tmp_path, 5)
    answers = [run(capsys, "check", small, "[!m2]_{c1} K_c2 ~m3", "--engine", engine) for engine in
               ("symbolic", "explicit")]
    assert answers[0] == answers[1] and answers[0][1].startswith("true at {m1, m2}")


def test_the_explicit_engine_is_offered_where_it_answers(tmp_path, monkeypatch, capsys):
    # the symbolic engine lists at most 1,000 states and arrows here: six children told m2 make 96 states and
    # 960 arrows, but the file's 64 states are few enough for the explicit engine, which the line offers
    monkeypatch.setattr("epistemic.symbolic.checking.LISTED", 1_000)
    path = _structure(tmp_path, 6)
    code, out, err = run(capsys, "check", path, "[!m2]_{c1} K_c2 ~m3")
    assert (code, out) == (2, "") and len(err.strip().splitlines()) == 1
    assert err.endswith("96 states and 960 arrows, more than the 1,000 the symbolic engine lists: check with the "
                        "explicit engine, or write B_c2 for what c2 believes\n")
    code, out, err = run(capsys, "check", path, "[!m2]_{c1} K_c2 ~m3", "--engine", "explicit")
    assert (code, err) == (0, "") and out.startswith("true at {m1, m2}\n")
