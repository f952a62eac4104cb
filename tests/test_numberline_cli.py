"""The ``epistemic numberline`` command: its report, JSON, explanation and refusals."""

from __future__ import annotations

import json
from fractions import Fraction

import pytest

from epistemic.models.numberline.cli import where
from epistemic.models.numberline.continuous import Interval

from cli_runs import run as run_cli


def run(capsys, *argv):
    return run_cli(capsys, "numberline", *argv)


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
    assert "  p3 places her token just above 7 (as good: anywhere in (7, 9)) and gets 15" in out
    assert "  p1 places her token at 5 and gets 21" in out


def test_cli_continuous_names_the_point_taken(capsys):
    # p3's set holds (4, 6) only because p1 takes 6 of her [5, 6]: the report says where she is
    code, out, _ = run(capsys, "--continuous", "--ties", "highest")
    assert code == 0
    assert "  p1 places her token at 6 (as good: anywhere in [5, 6]) and gets 21\n" in out
    assert "  p3 places her token just below 8 (as good: anywhere in (4, 6) or (7, 8)) and gets 15\n" in out
    code, out, _ = run(capsys, "--continuous", "--json")
    play = json.loads(out)["play"]
    assert [(p["at"], p["just"], p["anywhere_in"]) for p in play] == [
        (5, None, ["5"]), (9, None, ["9"]), (7, "above", ["(7, 9)"])]


def test_cli_continuous_sets_of_points_read_as_points(capsys):
    code, out, _ = run(capsys, "--continuous", "--players", "11")
    assert code == 0 and "The answer did not settle on the grid of step 1: on the grid of step 1/2, 11 players" in out
    assert "  p11 places her token at 0 (as good: at 0 or 11 (reaching the grid's edge)) and gets 0\n" in out
    code, out, _ = run(capsys, "--continuous", "--values", "5", "--players", "2")
    assert code == 0 and "2 players, a stack worth 5 on a line" in out
    code, out, _ = run(capsys, "--continuous", "--max-grid", "1")
    assert ("The answer did not settle on the grid of step 1: settling takes three grids, of step 1, 1/2 and 1/4, "
            "and the finest allowed is of step 1.") in out


def test_cli_continuous_unsettled_says_so(capsys):
    code, out, _ = run(capsys, "--continuous", "--max-grid", "2", "--json")
    data = json.loads(out)
    assert code == 0 and data["stable"] is False and data["why_not"].startswith("settling takes three grids")


@pytest.mark.parametrize("argv, message", [
    (["--players", "1"], "the number of players must be at least 2, got 1"),
    (["--players", "11"], "11 players cannot each take one of 10 stacks"),
    (["--players", "2", "--stacks", "1"], "2 players cannot each take one of 1 stack\n"),
    (["--players", "13", "--continuous"], "13 players cannot each take one of the 12 places from 0 to 11 of the grid"),
    (["--stacks", "1000", "--players", "1000"], "1000 players on 1,000 places make more than 10^301 states: ask"),
    (["--players", "2", "--values", ",".join(f"1/{10 ** 27 + k}" for k in range(1, 201))],
     "the stacks' values have a common denominator of more than 30 digits"),
    (["--values=4,-5,4,5", "--players", "2", "--continuous"], "the continuous game takes no negative stacks, got -5"),
    (["--values=-1,-1,-1", "--players", "2", "--continuous"], "the continuous game takes no negative stacks, got -1"),
    (["--max-grid", "4"], "--max-grid is the finest grid of the continuous game: it needs --continuous"),
    (["--depth", "2"], "--depth is how deep --why explains: it needs --why"),
    (["--values", "1,2,x"], "a stack's value must be a number such as 3, 2.5 or 7/2 of at most 30 characters, got 'x'"),
    (["--values", "1,,2"], "a stack's value must be a number such as 3, 2.5 or 7/2 of at most 30 characters, got ''"),
    (["--values", "1,1/0"], "got '1/0'"),
    (["--values", "1,1/00"], "got '1/00'"),
    (["--values", "1,1e999999999"], "got '1e999999999'"),
    (["--values", "1," + "9" * 40], "of at most 30 characters"),
    (["--stacks", "0"], "--stacks must be between 1 and 1000, got 0"),
    (["--players", "15", "--stacks", "40"], "more than 1,000,000: ask for fewer players or stacks"),
    (["--players", "2", "--stacks", "1000"], "ends of 1,000 payoffs each, more than 20,000,000 numbers"),
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


def test_cli_negative_values_and_the_help_that_says_how(capsys):
    code, out, _ = run(capsys, "--values=-1,2,3", "--players", "2")
    assert code == 0 and "stacks worth -1, 2, 3" in out
    # the discrete game takes negative stacks: p2 on 1 alone gets -1, so she takes 2 and splits nothing
    assert "  p1 places her token on 3 and gets 3\n  p2 places her token on 2 and gets 1\n" in out
    code, out, _ = run(capsys, "--help")
    assert "--values=-1,2,3" in " ".join(out.split())


def test_cli_why_json_names_the_stacks_taken(capsys):
    code, out, _ = run(capsys, "--why", "--json", "--players", "2", "--stacks", "3")
    why = json.loads(out)["why"]
    assert code == 0 and "key" not in why and why["stacks_taken"] == []
    assert [(r["claim"], r["stacks_taken"]) for r in why["because"]] == [
        ("if p1 places her token on 1 instead", [1]), ("if p1 places her token on 3 instead", [3])]


def test_cli_lines_stay_short_for_the_longest_values(capsys):
    # values of 30 characters each, with a common denominator of 29 digits (2^92 and 10^2)
    values = ",".join(f"{k % 9 + 1}/{2 ** (92 - k % 5)}" if k % 3 == 0 else
                      f"{7 * 10 ** 25 + k}.{k % 90 + 10}" if k % 3 == 1 else f"-{9 * 10 ** 28 + k}"
                      for k in range(150))
    for extra in ([], ["--json"], ["--why"]):
        code, out, err = run(capsys, "--players", "2", "--values", values, *extra)
        assert code == 0 and err == ""
        assert max(len(line) for line in out.splitlines()) <= 500
    code, out, _ = run(capsys, "--players", "2", "--continuous", "--values", values.replace("-", ""))
    assert code == 0 and max(len(line) for line in out.splitlines()) <= 500


def test_sets_of_points_and_intervals_are_worded_each_as_it_is():
    def point(x):
        return Interval(Fraction(x), Fraction(x))

    assert where((point(0), point(11))) == "at 0 or 11"
    assert where((Interval(Fraction(4), Fraction(6), True, True), Interval(Fraction(7), Fraction(8), True, True))) \
        == "anywhere in (4, 6) or (7, 8)"
    assert where((Interval(Fraction(1), Fraction(2)), point(5))) == "anywhere in [1, 2] or at 5"
    assert where((point(1), Interval(Fraction(7, 2), Fraction(4), high_open=True))) == "at 1 or anywhere in [3.5, 4)"
