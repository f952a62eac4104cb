"""``epistemic dinner`` on good and bad input."""

from __future__ import annotations

import json

import pytest

import epistemic.models.dinner.cli as dinner_cli
from epistemic.cli.main import main
from epistemic.models.dinner import DinnerError, turn_order


def _run(argv, capsys):
    status = main(["dinner", *argv])
    captured = capsys.readouterr()
    return status, captured.out, captured.err


def test_crossout_text(capsys):
    status, out, _ = _run(["1,2", "2,3", "3,1", "--first", "alice"], capsys)
    assert status == 0 and "Alice eats (2, 3)" in out and "Crossout scores: Alice 5, Bob 2." in out


@pytest.mark.parametrize("argv", [["-3,-3", "5,5"], ["5,5", "-3,-3", "--first", "bob"], ["--", "-3,-3", "5,5"]])
def test_a_morsel_may_start_with_a_minus(argv, capsys):
    """-3,-3 is a morsel, not an unknown option, wherever it stands."""
    status, out, err = _run(argv, capsys)
    assert status == 0 and err == "" and "2 morsels" in out and "(-3, -3)" in out


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
    (["1,2", "2,x"], "a utility is a number such as 3, 2.5 or 5/2, got 'x', in the morsel"),
    (["1,2", "2,2"], "Bob's utilities must differ"),
    (["1", "2"], "a morsel is a pair"),
    (["1,2", "2,3", "--order", "AC"], "players A to B"),
    (["1,2", "2,3", "--order", "ABA"], "each of the 2 turns"),
    (["1,2", "2,3", "--first", "carol"], "--first names one of"),
    (["1,2", "2,3", "--discount", "2"], "at most 1"),
    (["1,2", "2,3", "--discount", "-1/2"], "the discount must be above 0 and at most 1, got -1/2"),
    ([f"{i},{i}" for i in range(21)] + ["--solve"], "at most 20 morsels"),
    (["--experiment", "--size", "40"], "--size must be between"),
    (["1,2", "2,3", "--order", "thue-morse", "--check"], "--check compares with crossout"),
    ([], "give the morsels"),
    (["1,2", "2,3", "--draw-board", "board.dot"], "the dinner's pictures are png, svg, pdf"),
    (["1,2", "2,3", "--draw-board", "missing/board.png"], "does not exist"),
    (["1,2", "2,3", "--draw-board", "b.png", "--draw-play", "b.png"], "the same file"),
    (["1,2,3", "2,3,1", "--order", "AB", "--draw-play", "p.png"], "the pictures show crossout"),
    ([f"{i},{(5 * i) % 31}" for i in range(31)] + ["--draw-board", "b.png"], "at most 30 morsels"),
    ([f"{i},{(5 * i) % 17}" for i in range(17)] + ["--draw-outcomes", "o.png"], "at most 16 morsels"),
    (["--experiment", "--draw-outcomes", "o.png"], "not --draw-outcomes"),
])
def test_bad_input_is_one_line_and_status_2(argv, message, capsys, tmp_path, monkeypatch):
    monkeypatch.chdir(tmp_path)
    status, out, err = _run(argv, capsys)
    assert status == 2 and out == "" and message in err and len(err.strip().splitlines()) == 1
    assert list(tmp_path.iterdir()) == []  # nothing half-written


def test_pictures_of_figures_1_2_and_4(capsys, tmp_path):
    figure2 = "docs/examples/dinner-figure2.txt"
    paths = [tmp_path / "board.png", tmp_path / "play.svg", tmp_path / "outcomes.pdf"]
    status, out, err = _run(["--file", figure2, "--draw-board", str(paths[0]), "--draw-play", str(paths[1]),
                             "--draw-outcomes", str(paths[2])], capsys)
    assert status == 0 and "Crossout scores: Alice 23, Bob 22." in out
    assert paths[0].read_bytes().startswith(b"\x89PNG") and paths[2].read_bytes().startswith(b"%PDF")
    svg = paths[1].read_text(encoding="utf-8")
    # Figure 4: Alice eats (8, 7) on turn 1 and Bob (1, 8) on turn 8 (seed 002, "Figure 4")
    assert "Crossout board and order of play" in svg and svg.count("<svg") == 1
    assert [line.split()[1] for line in err.splitlines()] == [str(p) for p in paths]


def test_the_pictures_draw_the_dinner_given():
    from epistemic.models.dinner import Dinner
    from epistemic.models.dinner.pictures import board_plot, outcomes_plot

    dinner = Dinner([(1, 8), (2, 3), (3, 6), (4, 4), (5, 1), (6, 2), (7, 5), (8, 7)])
    marks = {(m.axis, m.at): m.text for m in board_plot(dinner).drawing.marks if m.kind == "crossout"}
    # seed 002, Figure 2: Alice's axis has 1, 3, 5, 7 at a = 1, 2, 3, 7; Bob's 2, 4, 6, 8 at b = 1, 2, 4, 7
    assert marks == {(0, 1): "1", (0, 2): "3", (0, 3): "5", (0, 7): "7",
                     (1, 1): "2", (1, 2): "4", (1, 4): "6", (1, 7): "8"}
    scatter = outcomes_plot(dinner).drawing
    assert scatter.crossout == (23, 22) and len(scatter.others) + len(scatter.reachable) == 58


# input files: read within bounded memory and time -------------------------------------------------

def _file(tmp_path, content: bytes):
    path = tmp_path / "dinner.txt"
    path.write_bytes(content)
    return path


@pytest.mark.parametrize("make, says", [
    (lambda folder: folder, "not a regular file but a directory"),
    (lambda folder: folder / "missing.txt", "cannot read the file: No such file or directory"),
    (lambda folder: _file(folder, b"1 8\n2 3\n\xff\xfe 6\n"), "not UTF-8 text (byte 8)"),
    (lambda folder: _file(folder, b"1 8\n2 \xe9\n"), "not UTF-8 text (byte 6)"),
])
def test_unreadable_files_are_one_line(make, says, tmp_path, capsys):
    path = make(tmp_path)
    status, out, err = _run(["--file", str(path)], capsys)
    assert (status, out) == (2, "") and err == f"epistemic dinner: error: {path}: {says}\n"
    status, out, err = _run(["--file", ""], capsys)
    assert (status, out, err) == (2, "", "epistemic dinner: error: --file names no file: its value is empty\n")


def test_a_file_past_the_limit_is_refused_by_its_size(tmp_path, capsys, monkeypatch):
    def parsed(*args, **kwargs):
        raise AssertionError("parsed a file past the limit")

    huge = tmp_path / "huge.txt"
    with open(huge, "wb") as file:      # takes no room on disk: only its size is looked at
        file.truncate(dinner_cli.MAX_FILE_BYTES + 1)
    monkeypatch.setattr(dinner_cli, "parse_dinner", parsed)
    status, out, err = _run(["--file", str(huge)], capsys)
    assert (status, out) == (2, "")
    assert err == f"epistemic dinner: error: {huge}: larger than 64 MiB, the most a dinner file may be\n"


def test_the_limit_itself_is_read(tmp_path, capsys, monkeypatch):
    text = b"\xef\xbb\xbf1 2\n2 3\n3 1\n"            # a byte order mark, then the introduction's dinner
    monkeypatch.setattr(dinner_cli, "MAX_FILE_BYTES", len(text))
    status, out, _ = _run(["--file", str(_file(tmp_path, text)), "--first", "alice"], capsys)
    assert status == 0 and "Crossout scores: Alice 5, Bob 2." in out
    status, out, err = _run(["--file", str(_file(tmp_path, text + b"\n"))], capsys)
    assert (status, out) == (2, "") and err.endswith(f"larger than {len(text):,} bytes, the most a dinner file may be\n")


def test_a_million_morsels_fit_the_limit():
    # the file limit must not refuse a dinner the command line reads: a million lines such as "999999 1000000"
    assert dinner_cli.MAX_MORSELS * len("999999 1000000  # a comment\n") <= dinner_cli.MAX_FILE_BYTES


@pytest.mark.parametrize("order", ["", " ", " , ", "\t"])
def test_an_empty_order_is_refused_not_taken_as_alternating(order, capsys):
    status, out, err = _run(["1,2", "2,3", "3,1", "--order", order], capsys)
    assert (status, out) == (2, "")
    assert err == ("epistemic dinner: error: the turn order is empty: give alternating, thue-morse, or one player "
                   "a turn such as ABBA or 1 2 2 1\n")
    with pytest.raises(DinnerError, match="^the turn order is empty"):
        turn_order(3, 2, order)


def test_the_outcomes_title_counts_in_the_singular_for_one():
    from epistemic.models.dinner import Dinner
    from epistemic.models.dinner.pictures import outcomes_plot

    assert outcomes_plot(Dinner([(1, 2)])).drawing.title == "The 1 score pair of a dinner of 1 morsel"
    assert outcomes_plot(Dinner([(1, 2), (2, 3), (3, 1)])).drawing.title == \
        "The 3 score pairs of a dinner of 3 morsels"
