"""SMCDEL files are bounded as they are read: formulas nest at most ``MAX_NESTING`` levels, every
operator written before its formula a level, refused by the lexer before any formula is built, at the
word where the reader would refuse it; numbers have at most SMCDEL's 19 digits; and every place, at
the end of the file too, counts a tab to the next tab stop (docs/smcdel.md)."""

from __future__ import annotations

import pytest
from hypothesis import HealthCheck, example, given, settings
from hypothesis import strategies as st

from cli_runs import run_child
from epistemic import formulas as fm
from epistemic.smcdel import SmcdelError, answer, parse_smcdel
from epistemic.smcdel import grammar, lexer
from epistemic.smcdel.grammar import MAX_NESTING, Words, read_formula
from epistemic.smcdel.lexer import tokenize
from epistemic.smcdel.reader import Query

HEAD = "VARS 1, 2 LAW Top OBS a: 1 b: 2\nWHERE? "
DEEP = 1_000   # far past the limit; a longer chain costs the reader's tokenizing only
MESSAGE = f"formulas nested more than {MAX_NESTING} deep are not read"


def refusal(text: str) -> tuple[int, int, str]:
    try:
        parse_smcdel(text)
    except SmcdelError as error:
        return error.line, error.column, error.fault
    raise AssertionError("read")


def parsers_refusal(text: str, monkeypatch) -> tuple[int, int, str]:
    """Where the reader of formulas alone refuses ``text``, the lexer counting no level."""
    with monkeypatch.context() as patched:
        patched.setattr(lexer, "MAX_NESTING", 10 ** 9)
        return refusal(text)


# each a chain of DEEP levels: (its repeated piece, the column of the first word deeper than the limit)
CHAINS = {
    "parentheses": ("(", "1" + ")" * DEEP),
    "negations": ("~ ", "1"),
    "knows that": ("a knows that ", "1"),
    "knows whether": ("b knows whether ", "1"),
    "common knowledge": ("a, b comknow that ", "1"),
    "a group's common knowledge whether": ("(a, b) comknow whether ", "1"),
    "K": ("K a ", "1"),
    "Kw after a conjunct": ("1 & Kw b ", "1"),
    "announcements": ("[! 1] ", "1"),
    "announcements to a group": ("[a, b ! 1] ", "1"),
    "diamonds": ("<?! 2> ", "1"),
    "announced within announced": ("[! ", "1" + "] 1" * DEEP),
    "negated parentheses": ("~ (", "1" + ")" * DEEP),
    "lists": ("AND (1, ", "1" + ")" * DEEP),
}


@pytest.mark.parametrize("piece, tail", CHAINS.values(), ids=CHAINS)
def test_a_chain_of_any_operator_is_refused_by_the_lexer_where_the_reader_would(monkeypatch, piece, tail):
    text = HEAD + piece * DEEP + tail
    line, column, fault = refusal(text)
    assert fault == MESSAGE and line == 2
    # the lexer refuses it, before any formula is built, at the word the reader would have refused
    with pytest.raises(SmcdelError) as lexed:
        tokenize(text)
    assert (lexed.value.line, lexed.value.column) == (line, column) == parsers_refusal(text, monkeypatch)[:2]
    # and it reads no further: a character no word starts with, past the nest, is never reached
    assert refusal(text + " $")[:2] == (line, column)


def test_the_limit_itself_is_read():
    for piece in ("(", "~ ", "[! 1] ", "K a ", "a knows that "):
        depth = MAX_NESTING - 1   # the query's own formula is the first level
        closing = ")" * depth if piece == "(" else ""
        assert parse_smcdel(HEAD + piece * depth + "1" + closing).queries


@st.composite
def formula_texts(draw, depth: int = 6, boolean: bool = False) -> str:
    """Formulas of SMCDEL's language over VARS 1, 2 and agents a and b, nested as deep as ``depth``
    (``boolean``: without knowledge or announcements, as Forall and Exists take them)."""
    if depth == 0 or draw(st.integers(0, 4)) == 0:
        return draw(st.sampled_from(["1", "2", "Top", "Bot"]))
    inner = formula_texts(depth - 1, boolean)
    kinds = ["~", "binary", "paren", "list"]
    if not boolean:
        kinds += ["knows", "group", "K", "Forall", "announce", "whether list"]
    kind = draw(st.sampled_from(kinds))
    if kind == "~":
        return "~ " + draw(inner)
    if kind == "binary":
        return f"{draw(inner)} {draw(st.sampled_from(['&', '|', '->', 'iff']))} {draw(inner)}"
    if kind == "paren":
        return f"({draw(inner)})"
    if kind == "knows":
        return f"{draw(st.sampled_from(['a', 'b']))} {draw(st.sampled_from(['knows that', 'knows whether']))} " \
               f"{draw(inner)}"
    if kind == "group":
        group = draw(st.sampled_from(["a, b", "(a, b)", "(a)"]))
        return f"{group} {draw(st.sampled_from(['comknow', 'distknow']))} " \
               f"{draw(st.sampled_from(['that', 'whether']))} {draw(inner)}"
    if kind == "K":
        return f"{draw(st.sampled_from(['K', 'Kw']))} {draw(st.sampled_from(['a', 'b']))} {draw(inner)}"
    if kind == "Forall":
        return f"{draw(st.sampled_from(['Forall', 'Exists']))} {draw(st.sampled_from(['1', '1, 2']))} " \
               f"{draw(formula_texts(depth - 1, boolean=True))}"
    if kind == "announce":
        opening, closing = draw(st.sampled_from([("[", "]"), ("<", ">")]))
        who = draw(st.sampled_from(["", "a ", "a, b "]))
        return f"{opening}{who}{draw(st.sampled_from(['!', '?!']))} {draw(inner)}{closing} {draw(inner)}"
    if kind == "list":
        return f"{draw(st.sampled_from(['AND', 'OR', 'XOR', 'ONEOF']))} ({draw(inner)}, {draw(inner)})"
    return f"a knows whether ({draw(inner)}, {draw(inner)})"


@settings(max_examples=300, deadline=None, suppress_health_check=list(HealthCheck))
@given(formula_texts(), st.integers(2, 7))
@example("~ a knows whether (1, 1)", 2)          # "knows whether" before a list of formulas is no level
@example("Forall 1 1 & ~ ~ 1", 3)                 # a quantifier's formula begins after its last number
@example("AND (Forall 1 1, ~ ~ 1)", 4)            # a number after the list is the formula, not one more
def test_the_lexer_never_refuses_what_the_reader_reads_nor_before_it_would(text, limit):
    # with a small limit, the lexer's count and the reader's are compared on random formulas
    with pytest.MonkeyPatch.context() as patched:
        patched.setattr(grammar, "MAX_NESTING", limit)
        patched.setattr(lexer, "MAX_NESTING", 10 ** 9)
        alone = _outcome(text)
        patched.setattr(lexer, "MAX_NESTING", limit)
        both = _outcome(text)
    if alone[0] == "read" or not alone[2].startswith("formulas nested"):
        assert both == alone
    else:
        assert both[0] == "refused" and both[2] == alone[2] and both[1] >= alone[1]


def _outcome(text: str) -> tuple:
    """The formula ``text`` is read into, or where and why it is refused."""
    try:
        return "read", fm.to_text(read_formula(text, Words({1: "p1", 2: "p2"}, {"a": "a", "b": "b"})))
    except SmcdelError as error:
        return "refused", (error.line, error.column), error.fault


def test_a_megabyte_of_parentheses_is_refused_in_one_line_naming_the_file(tmp_path):
    path = tmp_path / "deep.smcdel.txt"
    path.write_text(HEAD + "(" * 500_000 + "1" + ")" * 500_000 + "\n", encoding="utf-8")
    code, out, err = run_child("check", path, timeout=300)
    assert (code, out) == (2, "")
    assert err == f"epistemic check: error: {path}: line 2, column {8 + MAX_NESTING}: {MESSAGE}\n"


def test_a_number_past_smcdels_is_refused_where_it_is():
    assert refusal("VARS 1, " + "9" * 5_000 + " LAW Top OBS a: 1")[:2] == (1, 9)
    assert refusal("VARS 9223372036854775808 LAW Top OBS a: 1")[2] == \
        "a number past SMCDEL's, which are at most 9,223,372,036,854,775,807 (19 digits), got 19 digits"
    assert parse_smcdel("VARS 9223372036854775807 LAW Top OBS a: 9223372036854775807").structure


def test_a_fault_the_checker_finds_names_the_querys_line_and_column():
    # a file cannot nest announcements past the checker's reach any more, but a query given whole can
    f = parse_smcdel(HEAD + "1")
    deep = fm.Atom("p1")
    for _ in range(3_000):
        deep = fm.Announce(fm.Atom("p1"), deep)
    query = Query("WHERE?", deep, "[! 1] ... 1", 2, 1)
    for engine in ("symbolic", "explicit"):
        with pytest.raises(SmcdelError) as refused:
            answer(f, query, engine=engine)
        assert str(refused.value).startswith("line 2, column 1: the formula nests announcements too deeply")


# tab stops: every place a file is told of counts a tab to the next of every eighth column --------------

def test_the_end_of_the_file_after_a_tab_is_at_the_next_tab_stop():
    # 'WHERE?' fills columns 1 to 6 and the tab moves from 7 to 9; '(1 &' fills 9 to 12 and the tab moves
    # from 13 to 17, where the end is, as a word there would be
    head = "VARS 1 LAW Top OBS a: 1\nWHERE?\t(1 &\t"
    assert refusal(head) == (2, 17, "expected a formula, found the end of the file")
    assert refusal(head + "%")[:2] == (2, 17)
    words = Words({1: "p1"}, {"a": "a"})
    with pytest.raises(SmcdelError) as refused:
        read_formula("1 &\t", words)
    assert (refused.value.line, refused.value.column) == (1, 9)


def test_a_query_written_with_tabs_is_quoted_from_its_first_word_to_its_last():
    f = parse_smcdel("VARS 1, 2\tLAW Top OBS a: 1\nWHERE?\t1\t&\ta knows that\t2 -- and a comment\n\tVALID?\t\t2")
    assert [q.text for q in f.queries] == ["1 & a knows that 2", "2"]
    assert [(q.line, q.column) for q in f.queries] == [(2, 1), (3, 9)]
