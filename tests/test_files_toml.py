"""TOML files (exercise sheets, a student's answers, sweep specs) are read by one reader,
``epistemic.files.toml_from``, which refuses nesting past its limit by a scan of the text before
tomllib reads it, and names every fault in one line with the file's name."""

from __future__ import annotations

import sys

import pytest

from cli_runs import run_child
from epistemic.errors import EpistemicError
from epistemic.files import MAX_DIGITS, MAX_TOML_NESTING, toml_from

DEEP = 100_000
LIMIT = MAX_TOML_NESTING


def read(text: str):
    return toml_from(text, EpistemicError)


def refusal(text: str) -> str:
    with pytest.raises(EpistemicError) as refused:
        read(text)
    return str(refused.value)


def deeper(levels: int) -> str:
    return f"line 1, column {levels}: nested more than {LIMIT} levels deep (tables, arrays and each part of a dotted key)"


@pytest.mark.parametrize("shape, opening, closing", [
    ("arrays", "[", "]"),
    ("inline tables", "{a = ", "}"),
])
def test_brackets_nest_up_to_the_limit_and_the_next_is_refused_where_it_opens(shape, opening, closing):
    assert read("n = " + opening * LIMIT + "1" + closing * LIMIT)
    assert refusal("n = " + opening * DEEP + "1" + closing * DEEP) == deeper(5 + LIMIT * len(opening))


def test_each_part_of_a_dotted_key_is_a_level():
    # tomllib reads a dotted key in time and memory quadratic in its parts: 100,000 of them filled 2 GiB
    assert read("a" + ".a" * (LIMIT - 1) + " = 1")
    assert refusal("a" + ".a" * LIMIT + " = 1") == deeper(2 * LIMIT + 1)
    assert refusal("a" + ".a" * DEEP + " = 1") == deeper(2 * LIMIT + 1)
    assert refusal("[" + "a." * DEEP + "a]\n") == deeper(2 * LIMIT + 2)
    assert refusal('"a". b . "c"' + ' . "a"' * (LIMIT - 2) + " = 1") == deeper(len('"a". b . "c"') + 6 * (LIMIT - 3) + 4)


def test_levels_that_add_up_inside_inline_tables_are_measured_in_the_document_read():
    # each key within the limit, the brackets too: 60 levels of tables of 60-part keys
    text = "a = " + ("{" + ".".join(["b"] * 60) + " = ") * 60 + "1" + "}" * 60
    assert refusal(text) == f"nested more than {LIMIT} levels deep (tables, arrays and each part of a dotted key)"


def test_brackets_dots_and_digits_inside_strings_and_comments_are_not_counted():
    text = ("a = \"[[[[ a.b.c \\\" ]]]\"\nb = '{{{{'\n# [[[[[[[[\n"
            f"c = \"\"\"\n{'[' * DEEP}\"\"\"\"  # a quote, \"{'[' * DEEP}\"\nd = '''{'.x' * DEEP}'''\n"
            f"e = \"{'9' * DEEP}\"\n"
            "f = 1979-05-27T07:32:00.999Z\ng = 1.5e3\n")
    data = read(text)
    assert data["a"] == '[[[[ a.b.c " ]]]' and data["c"] == "[" * DEEP + '"' and len(data["e"]) == DEEP


def test_a_whole_number_past_the_digits_python_reads_is_refused_where_it_is():
    assert read("n = " + "9" * MAX_DIGITS)["n"] == int("9" * MAX_DIGITS)
    assert read("n = " + "9_" * (MAX_DIGITS - 1) + "9")["n"] == int("9" * MAX_DIGITS)
    assert refusal("m = 1\nn = +" + "9_9" * MAX_DIGITS) == f"line 2, column 5: a number has more than {MAX_DIGITS:,} digits"


def test_a_fault_of_tomllib_is_one_line():
    assert refusal("n = 1\nn = 2\n") == "not TOML: Cannot overwrite a value (at line 2, column 6)"
    assert refusal("d = 2023-02-30\n") == "not TOML: Invalid date or datetime (at line 1, column 5)"
    assert refusal(b"n = '\xff'") == "not UTF-8 text (byte 5)"


def test_the_refusal_does_not_depend_on_the_recursion_limit():
    # with room for tomllib's recursion, 101 levels would be read: the scan refuses them all the same
    text = "n = " + "[" * (LIMIT + 1) + "]" * (LIMIT + 1)
    limit = sys.getrecursionlimit()
    sys.setrecursionlimit(10_000)
    try:
        assert refusal(text) == deeper(5 + LIMIT)
    finally:
        sys.setrecursionlimit(limit)


# the commands that read TOML files -------------------------------------------------------------

NESTED = {
    "arrays": "n = " + "[" * DEEP + "]" * DEEP + "\n",
    "a dotted key": "a" + ".a" * DEEP + " = 1\n",
}


def _sheet(folder, text):
    sheet = folder / "deep.toml"
    sheet.write_text(text, encoding="utf-8")
    return sheet


@pytest.mark.parametrize("shape", NESTED)
def test_grade_refuses_a_deep_sheet_in_one_line_naming_it(tmp_path, shape):
    sheet = _sheet(tmp_path, NESTED[shape])
    answers = tmp_path / "answers.csv"
    answers.write_text("student,exercise,answer\n", encoding="utf-8")
    code, out, err = run_child("grade", sheet, answers)
    assert (code, out) == (2, "")
    assert err == f"epistemic grade: error: {sheet}: line 1, column {5 + LIMIT if shape == 'arrays' else 2 * LIMIT + 1}: " \
                  f"nested more than {LIMIT} levels deep (tables, arrays and each part of a dotted key)\n"


def test_grade_refuses_a_deep_file_of_answers_in_one_line_naming_it(tmp_path):
    answers = _sheet(tmp_path, 'student = "ada"\n[answers]\n' + NESTED["arrays"])
    # a sheet that warns of nothing, so that the refusal is all that is said
    sheet = tmp_path / "one.toml"
    sheet.write_text('title = "One"\n[[exercises]]\nid = "1"\ntitle = "T"\nquestion = "Is it valid?"\n'
                     'kind = "validity"\nformula = "K_a p -> p"\n', encoding="utf-8")
    code, out, err = run_child("grade", sheet, answers)
    assert (code, out) == (2, "")
    assert err == f"epistemic grade: error: {answers}: line 3, column {5 + LIMIT}: " \
                  f"nested more than {LIMIT} levels deep (tables, arrays and each part of a dotted key)\n"


@pytest.mark.parametrize("shape", NESTED)
def test_serve_refuses_a_deep_sheet_in_one_line_naming_it(tmp_path, shape):
    sheet = _sheet(tmp_path, NESTED[shape])
    code, out, err = run_child("serve", "--sheet", sheet, "--port", "0")
    assert (code, out) == (2, "")
    assert err.startswith(f"epistemic serve: error: {sheet}: line 1, column ") and err.count("\n") == 1
    assert "nested more than 100 levels deep" in err


@pytest.mark.parametrize("shape", NESTED)
def test_an_experiment_run_refuses_a_deep_spec_in_one_line_naming_it(tmp_path, shape):
    spec = _sheet(tmp_path, NESTED[shape])
    code, out, err = run_child("experiment", "run", spec, "--db", tmp_path / "r.db", "--in-process")
    assert (code, out) == (2, "")
    assert err.startswith(f"epistemic experiment: error: {spec}: line 1, column ") and err.count("\n") == 1
    assert "nested more than 100 levels deep" in err
    assert not (tmp_path / "r.db").exists()
