"""Formulas in LaTeX: the notation of each operator, parentheses, names, and valid LaTeX math."""

from __future__ import annotations

import re
import subprocess

import pytest
from hypothesis import given, settings

import epistemic
from epistemic import Agent, Event, EventModel
from epistemic import formulas as fm
from epistemic.formulas import FormulaError, to_latex
from epistemic.syntax import parse_formula, to_text
from cli_runs import HUNG
from strategies import formulas
from tex import needs_pdflatex

a, b = Agent("a"), Agent("b")


@pytest.mark.parametrize("text, latex", [
    ("~p", r"\neg p"),
    ("p & q", r"p \land q"),
    ("p | q", r"p \lor q"),
    ("p -> q", r"p \rightarrow q"),
    ("p <-> q", r"p \leftrightarrow q"),
    ("top | bot", r"\top \lor \bot"),
    ("K_a p", r"K_{a} p"),
    ("M_a p", r"\hat{K}_{a} p"),
    ("Kw_a p", r"\mathit{Kw}_{a} p"),
    ("B_a p", r"B_{a} p"),
    ("E_{b,a} p", r"E_{\{a,b\}} p"),
    ("C_{b,a} p", r"C_{\{a,b\}} p"),
    ("D_a p", r"D_{\{a\}} p"),
    ("[!p] q", r"[!p] q"),
    ("<!p> q", r"\langle !p \rangle q"),
    ("[!p]_{b,a} q", r"[!p]_{\{a,b\}} q"),
    ("[?p]_{b,a} q", r"[?p]_{\{a,b\}} q"),
])
def test_each_operator_in_its_textbook_notation(text, latex):
    assert to_latex(parse_formula(text)) == latex


def test_the_parentheses_are_those_of_the_text():
    # the cases of the text printer's test (test_core_formulas.py), spelled in LaTeX
    cases = [
        ("(p -> q) -> r", r"(p \rightarrow q) \rightarrow r"),
        ("p -> q -> r", r"p \rightarrow q \rightarrow r"),
        ("p & q & r", r"p \land q \land r"),
        ("p & (q & r)", r"p \land (q \land r)"),
        ("p & q | r", r"p \land q \lor r"),
        ("(p | q) & r", r"(p \lor q) \land r"),
        ("p <-> (q <-> r)", r"p \leftrightarrow (q \leftrightarrow r)"),
        ("p | q -> (q <-> r)", r"p \lor q \rightarrow (q \leftrightarrow r)"),
        ("~~p", r"\neg \neg p"),
        ("~(p & q)", r"\neg (p \land q)"),
        ("K_a M_b ~p", r"K_{a} \hat{K}_{b} \neg p"),
        ("CB_{b,a} (p & EB_a q)", r"\mathit{CB}_{\{a,b\}} (p \land \mathit{EB}_{\{a\}} q)"),
        ("K_a (p | q)", r"K_{a} (p \lor q)"),
        ("[!p -> q] K_a q", r"[!p \rightarrow q] K_{a} q"),
        ("[!p] q & r", r"[!p] q \land r"),
        ("[!p] (q & r)", r"[!p] (q \land r)"),
        ("<!p & q> ~[?p]_a (q -> r)", r"\langle !p \land q \rangle \neg [?p]_{\{a\}} (q \rightarrow r)"),
    ]
    for text, latex in cases:
        assert to_latex(parse_formula(text)) == latex


@pytest.mark.parametrize("name, latex", [
    ("p", "p"),
    ("p'", "p'"),
    ("p''", "p''"),
    ("x1", r"\mathit{x1}"),
    ("alice", r"\mathit{alice}"),
    ("q_1", r"\mathit{q\_1}"),
    ("_", r"\mathit{\_}"),
    ("bob_1'", r"\mathit{bob\_1}'"),
    ("p'q", r"\mathit{p'q}"),
])
def test_names_are_valid_latex(name, latex):
    assert to_latex(fm.Atom(name)) == latex
    assert to_latex(fm.Knows(Agent(name), fm.TOP)) == "K_{" + latex + r"} \top"


def test_agent_names():
    assert to_latex(fm.Knows(Agent("12"), fm.TOP)) == r"K_{12} \top"
    assert to_latex(fm.Common([Agent("bob_1"), Agent("1"), a], fm.TOP)) == r"C_{\{1,a,\mathit{bob\_1}\}} \top"
    with pytest.raises(FormulaError, match="agent name 'a-b' cannot be written in LaTeX"):
        to_latex(fm.Knows(Agent("a-b"), fm.TOP))


def test_event_models_are_written_inline():
    # the coin look of docs/logic.md: alice tells heads from tails, bob does not
    look = parse_formula("[(h: heads, t: ~heads; alice: {h} {t}; bob: {h, t}; designated h, t), h] K_alice heads")
    # math mode drops spaces and spaces a bare ":" as a relation, wide on both sides: a colon is \colon
    # (punctuation), and blocks of events, and an event and its changes, are kept apart by \;
    assert to_latex(look) == (r"[(h\colon \mathit{heads}, t\colon \neg \mathit{heads};\; {\mathit{alice}}\colon "
                              r"\{h\}\; \{t\};\; {\mathit{bob}}\colon \{h, t\};\; \mathrm{designated}\; h, t), h] "
                              r"K_{\mathit{alice}} \mathit{heads}")
    flip = parse_formula("[(flip {heads := ~heads, +p, -q_1}, skip; a: flip -> skip, skip -> skip), flip] p")
    assert to_latex(flip) == (r"[(\mathit{flip}\; \{\mathit{heads} \mathrel{:=} \neg \mathit{heads}, +p, "
                              r"-\mathit{q\_1}\}, \mathit{skip};\; {a}\colon \mathit{flip} \rightarrow \mathit{skip}, "
                              r"\mathit{skip} \rightarrow \mathit{skip}), \mathit{flip}] p")
    assert to_latex(parse_formula("[(e; a:), e] p")) == r"[(e;\; {a}\colon), e] p"
    with pytest.raises(FormulaError, match="precondition given as a function"):
        to_latex(fm.Act(EventModel([a], [Event("e", precondition=lambda m, w: True)], {a: [("e", "e")]}, ["e"]),
                        "e", fm.TOP))


@settings(max_examples=200, deadline=None)
@given(formulas(events=True))
def test_formulas_with_event_models_are_valid_latex_math(formula):
    assert latex_problems(to_latex(formula)) == []


@needs_pdflatex
def test_pdflatex_compiles_every_notation(tmp_path):
    texts = ["K_a p & ~M_{bob_1} q_1", "Kw_a p -> C_{a,b} p", "EB_{a,b} p <-> CB_{a,b} p", "D_{a,b} (p | bot)",
             "[!p] <!q> top", "[!p]_{a,b} [?q]_{a} B_a p",
             "[(h: heads, t: ~heads; alice: {h} {t}; bob: {h, t}; designated h, t), h] K_alice heads",
             "[(flip {heads := ~heads, +p, -q_1}, skip; a: flip -> skip, skip -> skip), flip] p"]
    body = "\n".join(f"${to_latex(parse_formula(t))}$\\par" for t in texts)
    (tmp_path / "f.tex").write_text("\\documentclass{article}\n\\begin{document}\n" + body + "\n\\end{document}\n",
                                    encoding="utf-8")
    done = subprocess.run(["pdflatex", "-interaction=nonstopmode", "-halt-on-error", "f.tex"], cwd=tmp_path,
                          capture_output=True, text=True, timeout=HUNG)
    assert done.returncode == 0, done.stdout[-2000:]
    assert (tmp_path / "f.pdf").stat().st_size > 1000


def test_exported_beside_to_text():
    assert epistemic.to_latex is epistemic.syntax.to_latex is to_latex
    assert "to_latex" in epistemic.__all__ and "to_latex" in epistemic.syntax.__all__


def test_deep_formulas_need_no_recursion():
    deep = fm.Atom("p")
    for _ in range(5000):
        deep = fm.Knows(a, fm.Not(deep))
    assert to_latex(deep) == r"K_{a} \neg " * 5000 + "p"


# valid LaTeX math --------------------------------------------------------------------------

#: What LaTeX reads in the printed text: a command, an escaped character, or one character.
_LATEX_TOKEN = re.compile(r"\\[A-Za-z]+|\\.|.", re.S)
#: Characters that stand for themselves in math ("_" and braces are checked apart).
_PLAIN = re.compile(r"[A-Za-z0-9 '!?\[\](),_{}:;+=-]")
_COMMANDS = {r"\neg", r"\land", r"\lor", r"\rightarrow", r"\leftrightarrow", r"\top", r"\bot", r"\hat", r"\mathit",
             r"\langle", r"\rangle", r"\{", r"\}", r"\_", r"\mathrel", r"\mathrm", r"\;", r"\colon"}


def latex_problems(latex: str) -> list[str]:
    """What makes ``latex`` invalid math, with no LaTeX installed to compile it: unknown
    commands, unbalanced braces, ``_`` not opening a subscript, a command glued to a letter."""
    problems, depth = [], 0
    tokens = _LATEX_TOKEN.findall(latex)
    for i, token in enumerate(tokens):
        after = tokens[i + 1] if i + 1 < len(tokens) else ""
        if token.startswith("\\") and token not in _COMMANDS:
            problems.append(f"unknown command {token}")
        if token == "{":
            depth += 1
        elif token == "}":
            if depth == 0:
                problems.append("a '}' closes nothing")
            depth = max(depth - 1, 0)
        elif token in ("_", "^") and after != "{":
            problems.append(f"{token} before {after!r}, not a braced subscript")
        elif not token.startswith("\\") and not _PLAIN.fullmatch(token):
            problems.append(f"unexpected character {token!r}")
    if depth:
        problems.append(f"{depth} braces left open")
    return problems


def back_to_text(latex: str) -> str:
    """The text syntax read off the LaTeX, by replacing each notation with the text's."""
    text = latex.replace(r"\mathit{Kw}_", "Kw_").replace(r"\hat{K}_", "M_")
    text = re.sub(r"\\mathit\{((?:[^{}\\]|\\_)*)\}", lambda m: m.group(1).replace(r"\_", "_"), text)
    for notation, word in [(r"\neg ", "~"), (r"\land", "&"), (r"\lor", "|"), (r"\leftrightarrow", "<->"),
                           (r"\rightarrow", "->"), (r"\top", "top"), (r"\bot", "bot"), (r"\langle !", "<!"),
                           (r" \rangle", ">"), (r"\{", ""), (r"\}", "")]:
        text = text.replace(notation, word)
    return text


def test_the_checks_of_valid_latex_catch_what_they_should():
    assert latex_problems(r"K_{a} (p \land \mathit{q\_1})") == []
    assert latex_problems(r"K_a p") == ["_ before 'a', not a braced subscript"]
    assert latex_problems(r"\mathit{q_1}") == ["_ before '1', not a braced subscript"]
    assert latex_problems(r"K_{a p") == ["1 braces left open"]
    assert latex_problems(r"\negp") == [r"unknown command \negp"]
    assert latex_problems(r"\mathit{x}}") == ["a '}' closes nothing"]
    assert latex_problems(r"p & q % r") == ["unexpected character '&'", "unexpected character '%'"]


@settings(max_examples=300, deadline=None)
@given(formulas())
def test_every_formula_is_valid_latex_math_that_reads_back(formula):
    latex = to_latex(formula)
    assert latex_problems(latex) == []
    # the same structure and the same parentheses as the text: read back through the text syntax
    text = back_to_text(latex)
    assert parse_formula(text) == formula
    assert text.count("(") == to_text(formula).count("(")
