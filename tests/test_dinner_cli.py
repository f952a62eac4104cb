"""``epistemic dinner`` on good and bad input."""

from __future__ import annotations

import json

import pytest

from epistemic.cli.main import main


def _run(argv, capsys):
    status = main(["dinner", *argv])
    captured = capsys.readouterr()
    return status, captured.out, captured.err


def test_crossout_text(capsys):
    status, out, _ = _run(["1,2", "2,3", "3,1", "--first", "alice"], capsys)
    assert status == 0 and "Alice eats (2, 3)" in out and "Crossout scores: Alice 5, Bob 2." in out


def test_figure_2_file_with_check(capsys):
    status, out, _ = _run(["--file", "docs/examples/dinner-figure2.txt", "--check", "--json"], capsys)
    data = json.loads(out)
    assert status == 0 and data["crossout"]["scores"] == [23, 22] and data["solution"]["scores"] == [23, 22]
    assert data["check"]["best_response"] == [23, 22] and data["check"]["mover_agrees"] == 255


def test_three_players_and_discount(capsys):
    status, out, _ = _run(["{(1,5,2),(2,4,6),(3,3,1)}", "--order", "CAB"], capsys)
    assert status == 0 and "Carol eats" in out.splitlines()[2]
    status, out, _ = _run(["1,2", "2,3", "3,1", "--first", "1", "--discount", "1/2", "--json"], capsys)
    assert json.loads(out)["solution"]["scores"] == ["13/8", "3/4"]


def test_long_dinner_is_cut(capsys):
    status, out, _ = _run([f"{i},{(7 * i) % 101}" for i in range(1, 101)], capsys)
    assert status == 0 and "... 80 more ..." in out and len(out.splitlines()) < 60


def test_experiment(capsys):
    status, out, _ = _run(["--experiment", "--dinners", "300", "--size", "8", "--json"], capsys)
    assert status == 0 and json.loads(out)["dinners"] == 300


@pytest.mark.parametrize("argv, message", [
    (["1,2", "2,x"], "a morsel is a pair"),
    (["1,2", "2,2"], "Bob's utilities must differ"),
    (["1", "2"], "a morsel is a pair"),
    (["1,2", "2,3", "--order", "AC"], "players A to B"),
    (["1,2", "2,3", "--order", "ABA"], "each of the 2 turns"),
    (["1,2", "2,3", "--first", "carol"], "--first names one of"),
    (["1,2", "2,3", "--discount", "2"], "at most 1"),
    ([f"{i},{i}" for i in range(21)] + ["--solve"], "at most 20 morsels"),
    (["--experiment", "--size", "40"], "--size must be between"),
    (["1,2", "2,3", "--order", "thue-morse", "--check"], "--check compares with crossout"),
    ([], "give the morsels"),
])
def test_bad_input_is_one_line_and_status_2(argv, message, capsys):
    status, out, err = _run(argv, capsys)
    assert status == 2 and out == "" and message in err and len(err.strip().splitlines()) == 1
