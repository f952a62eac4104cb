"""The ``epistemic numberline`` command: its report, JSON, explanation and refusals."""

from __future__ import annotations

import json
from fractions import Fraction

import pytest

from epistemic.cli.main import main


def run(capsys, *argv):
    try:
        code = main(["numberline", *argv])
    except SystemExit as stop:  # argparse's own errors exit from inside main
        code = stop.code
    out, err = capsys.readouterr()
    return code, out, err


def test_cli_reports_the_seeds_play(capsys):
    code, out, err = run(capsys)
    assert code == 0 and err == ""
    assert "  p1 places her token on 5 and gets 21\n  p2 places her token on 9 and gets 19\n" in out
    assert "Going first is worth 4: p1 gets 21, the others 17 on average, of 55 in all." in out
    assert "No tie on the optimal play." in out


def test_cli_names_the_ties_on_the_play(capsys):
    code, out, _ = run(capsys, "--players", "7")
    assert code == 0 and "p1 places her token on 10 and gets 10" in out
    assert "Tie at [10, 9]: p3 does as well on 3, 8.\nTie at [10, 9, 3, 8]: p5 does as well on 5, 7." in out
    assert "968 states solved, 74 of them with a tie." in out


def test_cli_clock_and_exact_halves(capsys):
    code, out, _ = run(capsys, "--clock", "--stacks", "12")
    assert code == 0 and "on a clock of 12 hours" in out and "p1 places her token on 7 and gets 31.5" in out


def test_cli_values_and_json(capsys):
    code, out, _ = run(capsys, "--values", "1,2.5,7/3,4", "--players", "2", "--json")
    data = json.loads(out)
    assert code == 0 and data["values"] == [1, "2.5", "7/3", 4]
    assert [p["player"] for p in data["play"]] == ["p1", "p2"]
    # exact shares: all the money, 1 + 2.5 + 7/3 + 4, is shared out
    assert sum(Fraction(p["gets"]) for p in data["play"]) == Fraction(59, 6)


def test_cli_why_words_moves_as_places(capsys):
    code, out, _ = run(capsys, "--why")
    assert code == 0
    assert "Why?\np1 places her token on 5  (p1 gets 21)\n  if p1 places her token on 1 instead" in out


def test_cli_continuous(capsys):
    code, out, _ = run(capsys, "--continuous")
    assert code == 0 and "settled on grids of step 1, 1/2, 1/4" in out
    assert "  p3 places her token anywhere in (7, 9) and gets 15" in out and "p1 places her token at 5" in out


def test_cli_continuous_unsettled_says_so(capsys):
    code, out, _ = run(capsys, "--continuous", "--max-grid", "2", "--json")
    data = json.loads(out)
    assert code == 0 and data["stable"] is False and "did not settle" in data["why_not"]


@pytest.mark.parametrize("argv, message", [
    (["--players", "1"], "the number of players must be at least 2, got 1"),
    (["--players", "11"], "11 players cannot each take one of 10 stacks"),
    (["--values", "1,2,x"], "a stack's value must be a number such as 3, 2.5 or 7/2 of at most 30 characters, got 'x'"),
    (["--values", "1,,2"], "a stack's value must be a number such as 3, 2.5 or 7/2 of at most 30 characters, got ''"),
    (["--values", "1,1/0"], "got '1/0'"),
    (["--values", "1,1/00"], "got '1/00'"),
    (["--values", "1,1e999999999"], "got '1e999999999'"),
    (["--values", "1," + "9" * 40], "of at most 30 characters"),
    (["--stacks", "0"], "--stacks must be between 1 and 1000, got 0"),
    (["--players", "15", "--stacks", "40"], "more than 1,000,000: ask for fewer players or stacks"),
    (["--players", "2", "--stacks", "1000"], "ends of 1000 payoffs each, more than 20,000,000 numbers"),
    (["--continuous", "--max-grid", "128"], "the finest grid must be a power of 2 from 1 to 64, got 128"),
    (["--continuous", "--clock"], "--continuous is for a line"),
    (["--why", "--depth", "6", "--stacks", "20", "--players", "2"], "ask for a smaller --depth"),
    (["--stacks", "5", "--values", "1,2"], "not allowed with argument"),
    (["--ties", "middle"], "invalid choice: 'middle'"),
])
def test_cli_bad_input_is_one_line(capsys, argv, message):
    code, out, err = run(capsys, *argv)
    assert code == 2 and out == ""
    assert message in err and err.count("\n") == 1
