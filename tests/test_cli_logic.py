"""The command line of the logic side: ``epistemic check`` and ``epistemic puzzle``."""

from __future__ import annotations

import io
import json
import os
import subprocess
import sys
import xml.etree.ElementTree as ET

import pytest

from cli_runs import HUNG, run
from extras import missing
from epistemic import Agent, KripkeModel, holds, load_model, save_model, to_text, worlds_where
from epistemic import formulas as fm
from epistemic.cli.main import main
from epistemic.visualize import available_renderers

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
    # JSON carries the explanation of the world checked whether or not it is drawn
    assert main(["check", str(model_file), "C_{a,b} p", "--json"]) == 0
    assert json.loads(capsys.readouterr().out)["why"]["claim"].startswith("C_{a,b} p is false at w")


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


@pytest.mark.parametrize("depth", ["1_2", " 7", "٣"])
def test_check_options_take_whole_numbers_in_ascii_digits_only(depth, model_file, capsys):
    code, out, err = run(capsys, "check", str(model_file), "p", "--depth", depth)
    assert (code, out) == (2, "") and err.endswith(f"expected a whole number, got {depth!r}\n")


def test_check_bad_model_files(tmp_path, capsys):
    broken = tmp_path / "broken.json"
    broken.write_text('{"format": "epistemic-kripke", "version": 1')
    for path in (broken, tmp_path / "missing.json"):
        assert main(["check", str(path), "p"]) == 2
        out, err = capsys.readouterr()
        assert out == "" and len(err.strip().splitlines()) == 1 and str(path.name) in err


@pytest.mark.parametrize("formula", ["K_bob heads", "[!top]_{alice} K_bob heads", "[!heads]_{alice} K_bob heads"])
def test_knowledge_of_a_belief_model_is_refused_for_what_its_relation_lacks(formula, tmp_path, capsys):
    # bob's relation in the file links heads to tails, not back: it was no equivalence before any
    # announcement, so the line names what it lacks, not an announcement bob did not see, on either engine
    alice, bob = Agent("alice"), Agent("bob")
    kd = KripkeModel.from_relations([alice, bob], {"h": {"heads"}, "t": set()}, {bob: [("h", "t")]}, actual="h",
                                    reflexive=True)
    save_model(kd, tmp_path / "kd.json")
    answers = [run(capsys, "check", str(tmp_path / "kd.json"), formula, "--engine", engine)
               for engine in ("explicit", "symbolic")]
    assert answers[0] == answers[1] == (2, "", "epistemic check: error: K_bob asks what bob knows, but bob's relation "
                                               "here is not an equivalence (it is not symmetric: bob may not know "
                                               "what it does not know): write B_bob for what bob believes\n")


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
    formula = "[!p]_{a} [!p]_{b} (B_a p & B_a ~K_b p & K_b p) | [?p]_{b} K_b p"
    merged = run(capsys, "check", "docs/examples/letter.json", formula, "--json")
    full = run(capsys, "check", "docs/examples/letter.json", formula, "--json", "--no-contract")
    assert merged == full and merged[0] == 0


# --format latex ------------------------------------------------------------------------------

def test_check_latex_is_the_verdict_and_the_truth_set(model_file, capsys):
    assert run(capsys, "check", str(model_file), "K_b p", "--format", "latex") == (0, (
        "$\\mathcal{M}, \\mbox{w} \\models K_{b} p$\n"
        "$\\|K_{b} p\\|_{\\mathcal{M}} = \\{\\mbox{w}\\}$ % 1 of 2 worlds\n"), "")
    code, out, _ = run(capsys, "check", str(model_file), "K_a p | M_a ~p", "--world", "v", "--format", "latex", "--why")
    lines = out.splitlines()
    assert code == 0 and lines[:2] == [
        "$\\mathcal{M}, \\mbox{v} \\models K_{a} p \\lor \\hat{K}_{a} \\neg p$",
        "$\\|K_{a} p \\lor \\hat{K}_{a} \\neg p\\|_{\\mathcal{M}} = \\{\\mbox{w}, \\mbox{v}\\}$ % 2 of 2 worlds"]
    # the explanation follows as LaTeX comments, in the text syntax
    assert lines[2] == "% K_a p | M_a ~p is true at v: M_a ~p is true there" and len(lines) > 3
    assert all(line.startswith("% ") for line in lines[2:])
    code, out, _ = run(capsys, "check", str(model_file), "C_{a,b} p", "--format", "latex")
    assert out == ("$\\mathcal{M}, \\mbox{w} \\not\\models C_{\\{a,b\\}} p$\n"
                   "$\\|C_{\\{a,b\\}} p\\|_{\\mathcal{M}} = \\emptyset$ % 0 of 2 worlds\n")


def test_check_latex_names_any_world_and_cuts_long_lists(tmp_path, capsys):
    names = [f"w_{i}" for i in range(24)] + ["50% & {more}", "~^\\ <|>", "tab\there#$"]
    path = tmp_path / "odd.json"
    save_model(KripkeModel(names, [{"p"}] * 27, {}, names[24:26]), path)
    code, out, _ = run(capsys, "check", str(path), "p", "--format", "latex")
    verdict, truth_set = out.splitlines()
    assert verdict == ("$\\mathcal{M}, \\{\\mbox{50\\% \\& \\{more\\}}, \\mbox{\\textasciitilde{}\\textasciicircum{}"
                       "\\textbackslash{} \\textless{}\\textbar{}\\textgreater{}}\\} \\models p$")
    assert truth_set.startswith("$\\|p\\|_{\\mathcal{M}} = \\{\\mbox{w\\_0}, \\mbox{w\\_1}, ")
    assert truth_set.endswith(", \\mbox{w\\_19}, \\ldots\\}$ % 27 of 27 worlds, the first 20 named")
    assert truth_set.count("\\mbox") == 20
    code, out, _ = run(capsys, "check", str(path), "p", "--format", "latex", "--world", "tab\there#$")
    assert out.startswith("$\\mathcal{M}, \\mbox{tab here\\#\\$} \\models p$\n")


def test_check_format_json_is_json_and_both_must_agree(model_file, capsys):
    assert run(capsys, "check", str(model_file), "K_b p", "--format", "json") == \
        run(capsys, "check", str(model_file), "K_b p", "--json") == \
        run(capsys, "check", str(model_file), "K_b p", "--json", "--format", "json")
    assert run(capsys, "check", str(model_file), "K_b p", "--format", "text") == \
        (0, "true at w\nholds at 1 of 2 worlds: w\n", "")
    for other in ("latex", "text"):
        code, out, err = run(capsys, "check", str(model_file), "K_b p", "--json", "--format", other)
        assert (code, out) == (2, "") and err == \
            f"epistemic check: error: --json asks for --format json, not {other}: give one of them\n"
    code, _, err = run(capsys, "check", str(model_file), "p", "--format", "tex")
    assert code == 2 and "invalid choice: 'tex'" in err and len(err.strip().splitlines()) == 1


# bad input in bounded memory and time ----------------------------------------------------------

def _oversized(tmp_path):
    path = tmp_path / "huge.json"
    with open(path, "wb") as file:   # sparse: no room taken, the size alone refuses it
        file.truncate(64 * 2 ** 20 + 1)
    return path


def _long_number(tmp_path):
    path = tmp_path / "number.json"
    path.write_text('{"format": "epistemic-kripke",\n "version": ' + "1" * 5000 + "}")
    return path


def _folder(tmp_path):
    return tmp_path


@pytest.mark.parametrize("make, says", [
    (_oversized, "huge.json: larger than 64 MiB, the most a model file may be"),
    (_long_number, "number.json: invalid JSON at line 2, column 13: a number has more than 4,300 digits"),
    (_folder, ": not a regular file but a directory"),
    (lambda tmp_path: "/dev/zero", "/dev/zero: not a regular file but a character device"),
])
def test_check_bad_model_files_are_one_line_read_in_bounded_time(make, says, tmp_path, capsys):
    path = make(tmp_path)
    if not os.path.exists(path):
        pytest.skip(f"no {path} here")
    code, out, err = run(capsys, "check", str(path), "p")
    assert (code, out) == (2, "") and err.startswith("epistemic check: error: ")
    assert err.endswith(says + "\n") and len(err.splitlines()) == 1


def test_check_a_named_pipe_is_refused_unread(tmp_path):
    pipe = tmp_path / "model.json"
    os.mkfifo(pipe)
    # a separate process, so that a read blocking on the pipe ends with the timeout, not a hung test
    done = subprocess.run([sys.executable, "-m", "epistemic.cli", "check", str(pipe), "p"], capture_output=True,
                          text=True, timeout=HUNG, stdin=subprocess.DEVNULL)
    assert (done.returncode, done.stdout) == (2, "")
    assert done.stderr == f"epistemic check: error: {pipe}: not a regular file but a named pipe\n"


def test_check_too_long_formula_is_one_line(model_file, capsys):
    code, out, err = run(capsys, "check", str(model_file), "p & " * 250_000 + "p")
    assert (code, out) == (2, "") and err == ("epistemic check: error: line 1, column 1000001: the formula is "
                                              "longer than 1,000,000 characters, the most that is read\n")


@pytest.mark.parametrize("options", [[], ["--why"], ["--json"], ["--format", "latex"], ["--no-contract", "--why"],
                                     ["--draw", "why.svg"]])
def test_check_refuses_knowledge_where_an_agent_may_be_mistaken(options, tmp_path, monkeypatch, capsys):
    """After a alone is told p, b's relation is not an equivalence: K_b is refused in one line, and
    nothing is drawn; B_b is what b believes."""
    monkeypatch.chdir(tmp_path)
    letter = KripkeModel.from_relations([A, B], {"w": {"p"}, "v": set()}, {A: [("w", "v")], B: [("w", "v")]},
                                        actual="w", reflexive=True, symmetric=True)
    save_model(letter, "letter.json")
    code, out, err = run(capsys, "check", "letter.json", "[!p]_{a} (K_a p & K_b ~K_a p)", *options)
    assert (code, out) == (2, "") and len(err.strip().splitlines()) == 1
    assert err.startswith("epistemic check: error: K_b asks what b knows, but b's relation here is not an "
                          "equivalence") and err.rstrip().endswith("write B_b for what b believes")
    assert not (tmp_path / "why.svg").exists()
    if "--draw" in options and not available_renderers():
        missing("no Graphviz engine is installed to draw the pictures")
    code, out, _ = run(capsys, "check", "letter.json", "[!p]_{a} (K_a p & B_b ~K_a p & CB_{a,b} ~B_b p)", *options)
    assert code == 0 and out.startswith(("true at w", "{", "$\\mathcal{M}, \\mbox{w} \\models"))
    assert "--json" not in options or json.loads(out)["holds"] is True


# --formula-file ------------------------------------------------------------------------------

_FORMULAS = "# what a and b know\nK_b p\n\n   # b knows what a does not\nK_a p\r\n~K_a p & K_b ~K_a p\n"


def test_a_formula_file_is_answered_line_by_line(model_file, tmp_path, capsys):
    path = tmp_path / "formulas.txt"
    path.write_text(_FORMULAS, encoding="utf-8")
    code, out, err = run(capsys, "check", str(model_file), "--formula-file", str(path))
    assert (code, err) == (0, "")
    # comments and blank lines are skipped; each formula is named by its line, then answered as alone
    assert out == ("line 2: K_b p\ntrue at w\nholds at 1 of 2 worlds: w\n"
                   "line 5: K_a p\nfalse at w\nholds at 0 of 2 worlds\n"
                   "line 6: ~K_a p & K_b ~K_a p\ntrue at w\nholds at 2 of 2 worlds: w, v\n")
    code, out, _ = run(capsys, "check", str(model_file), "--formula-file", str(path), "--json")
    answers = json.loads(out)
    assert [(a["line"], a["formula"], a["holds"]) for a in answers] == [
        (2, "K_b p", True), (5, "K_a p", False), (6, "~K_a p & K_b ~K_a p", True)]
    assert answers[0] == {"line": 2, **json.loads(run(capsys, "check", str(model_file), "K_b p", "--json")[1])}
    code, out, _ = run(capsys, "check", str(model_file), "--formula-file", str(path), "--format", "latex")
    assert out.splitlines()[:3] == ["% line 2: K_b p", "$\\mathcal{M}, \\mbox{w} \\models K_{b} p$",
                                    "$\\|K_{b} p\\|_{\\mathcal{M}} = \\{\\mbox{w}\\}$ % 1 of 2 worlds"]


def test_one_formula_in_a_file_or_on_standard_input_is_answered_as_the_argument(model_file, tmp_path, monkeypatch,
                                                                                  capsys):
    # 20,000 levels of parentheses: longer than the 128 KiB a command-line argument may be
    deep = fm.Atom("p")
    for _ in range(20_000):
        deep = fm.Implies(deep, fm.Knows(B, fm.Atom("p")))
    text = to_text(deep)
    assert len(text.encode()) > 128 * 1024
    path = tmp_path / "deep.txt"
    path.write_text(text + "\n", encoding="utf-8")
    from_file = run(capsys, "check", str(model_file), "--formula-file", str(path), "--json")
    monkeypatch.setattr(sys, "stdin", io.TextIOWrapper(io.BytesIO(text.encode())))
    from_stdin = run(capsys, "check", str(model_file), "--formula-file", "-", "--json")
    assert from_file == from_stdin and from_file[0] == 0
    m = load_model(model_file)
    assert json.loads(from_file[1])["holds"] == holds(m, deep)
    assert json.loads(from_file[1])["worlds"] == sorted(worlds_where(m, deep), key=m.index)
    short = tmp_path / "short.txt"
    short.write_text("# one formula\nK_b p\n", encoding="utf-8")
    assert run(capsys, "check", str(model_file), "--formula-file", str(short), "--why") == \
        run(capsys, "check", str(model_file), "K_b p", "--why")


def test_formulas_come_from_a_pipe_on_standard_input(model_file):
    done = subprocess.run([sys.executable, "-m", "epistemic.cli", "check", str(model_file), "--formula-file", "-"],
                          input="K_b p\nK_a p\n", capture_output=True, text=True, timeout=HUNG)
    assert (done.returncode, done.stderr) == (0, "")
    assert done.stdout.splitlines()[::3] == ["line 1: K_b p", "line 2: K_a p"]


def _sparse(tmp_path):
    path = tmp_path / "huge.txt"
    with open(path, "wb") as file:
        file.truncate(4 * 2 ** 20 + 1)
    return ["--formula-file", str(path)]


def _file(text: str | bytes):
    def make(tmp_path):
        path = tmp_path / "formulas.txt"
        (path.write_bytes if isinstance(text, bytes) else path.write_text)(text)
        return ["--formula-file", str(path)]
    return make


@pytest.mark.parametrize("make, says", [
    (_file("K_b p\n\nK_a (p\n"), "formulas.txt, line 3, column 7: expected ')' to close the '(' at column 5, "
                                 "found the end"),
    (_file("K_b p\nK_z p\n"), "formulas.txt, line 2: the formula names z, who is not an agent of the model"),
    (_file("K_b p\n[!p]_{a} K_b p\n"), "formulas.txt, line 2: K_b asks what b knows, but b's relation here"),
    (_file("# nothing\n\n  \n"), "formulas.txt: no formula: every line is blank or a comment (# ...)"),
    (_file(b"K_b p\n\xff\n"), "formulas.txt: not UTF-8 text (byte 6)"),
    (_file("p\n" * 10_001), "formulas.txt: 10,001 formulas, more than the 10,000 one file may hold"),
    (_sparse, "huge.txt: larger than 4 MiB, the most a formula file may be"),
    (lambda tmp_path: ["--formula-file", str(tmp_path)], ": not a regular file but a directory"),
    (lambda tmp_path: ["--formula-file", ""], "error: --formula-file names no file: its value is empty"),
    (lambda tmp_path: [], "give a formula, or --formula-file FILE (- for standard input)"),
    (lambda tmp_path: ["p", "--formula-file", "-"], "give one formula, or --formula-file FILE (- for standard "
                                                    "input), not both"),
    (lambda tmp_path: _file("p\nq\n")(tmp_path) + ["--draw", str(tmp_path / "why.svg")],
     "--draw, --draw-model and --html draw one formula, and "),
])
def test_bad_formula_files_are_one_line(make, says, model_file, tmp_path, capsys):
    code, out, err = run(capsys, "check", str(model_file), *make(tmp_path))
    assert (code, out) == (2, "") and len(err.splitlines()) == 1, err
    assert err.startswith("epistemic check: error: ") and says in err
    assert not (tmp_path / "why.svg").exists()


def test_standard_input_is_read_up_to_the_limit(model_file, monkeypatch, capsys):
    monkeypatch.setattr(sys, "stdin", io.TextIOWrapper(io.BytesIO(b"p & " * 2 ** 20 + b"p\n")))
    code, out, err = run(capsys, "check", str(model_file), "--formula-file", "-")
    assert (code, out) == (2, "")
    assert err == "epistemic check: error: standard input: larger than 4 MiB, the most a formula file may be\n"
