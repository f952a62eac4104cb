"""The centipede game: published payoffs, subgame-perfect play, its command line."""

from __future__ import annotations

import json
import sys

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from epistemic import EpistemicError
from cli_runs import run as run_cli
from epistemic.models.centipede import MAX_LENGTH, Centipede, CentipedeError, name, says
from picture_checks import needs_engine, svg_texts


def run(capsys, *argv):
    return run_cli(capsys, "centipede", *argv)


# McKelvey and Palfrey (1992), "An experimental study of the centipede game",
# Econometrica 60(4), Figure 1: piles of 40 and 10 cents double at each pass;
# what (p1, p2) get when the game is taken at moves 1, 2, ..., or passed to the end.
FOUR_MOVES = [(40, 10), (20, 80), (160, 40), (80, 320), (640, 160)]
SIX_MOVES = FOUR_MOVES[:4] + [(640, 160), (320, 1280), (2560, 640)]


@pytest.mark.parametrize("length, table", [(4, FOUR_MOVES), (6, SIX_MOVES)])
def test_payoffs_of_mckelvey_and_palfrey(length, table):
    game = Centipede(length=length)
    assert [game.payoffs(-move) for move in range(1, length + 1)] + [game.payoffs(length + 1)] == table


@pytest.mark.parametrize("length", [4, 6])
def test_subgame_perfect_play_takes_at_once(length):
    # the unique subgame-perfect equilibrium: every mover takes at every move
    solved = Centipede(length=length).solve()
    assert [solved[move].move for move in range(1, length + 1)] == ["take"] * length
    assert [solved[move].ties for move in range(1, length + 1)] == [("take",)] * length
    play = solved.play(1)
    assert [c.move for c in play] == ["take", None]
    assert play[-1].payoffs == (40, 10)


def by_hand(length, large, small, factor):
    """The choices and the outcome by a plain backward loop: the mover at move k
    takes when the large pile then (grown k - 1 times) is at least what he
    gets from the rest of the game; a tie is taken."""
    def taken(k):
        large_k, small_k = large * factor ** (k - 1), small * factor ** (k - 1)
        return (large_k, small_k) if k % 2 == 1 else (small_k, large_k)
    value, choices, ties = taken(length + 1), {}, {}
    for k in range(length, 0, -1):
        mover = (k - 1) % 2
        choices[k] = "take" if taken(k)[mover] >= value[mover] else "pass"
        ties[k] = taken(k)[mover] == value[mover]
        if choices[k] == "take":
            value = taken(k)
    return choices, ties, value


@given(length=st.integers(1, 12), large=st.integers(0, 50), small=st.integers(0, 50), factor=st.integers(1, 4))
@settings(max_examples=150, deadline=None)
def test_play_agrees_with_a_plain_backward_loop(length, large, small, factor):
    solved = Centipede(length, large, small, factor).solve()
    choices, ties, value = by_hand(length, large, small, factor)
    assert {move: solved[move].move for move in range(1, length + 1)} == choices
    assert {move: len(solved[move].ties) == 2 for move in range(1, length + 1)} == ties
    assert solved.play(1)[-1].payoffs == value


@given(length=st.integers(1, 12), small=st.integers(0, 50), factor=st.integers(1, 4), extra=st.integers(0, 50))
@settings(max_examples=50, deadline=None)
def test_a_large_pile_worth_the_grown_small_one_is_taken_at_once(length, small, factor, extra):
    # at every move, passing gives the mover at best the small pile grown once
    solved = Centipede(length, factor * small + extra, small, factor).solve()
    assert all(solved[move].move == "take" for move in range(1, length + 1))
    assert solved.play(1)[-1].payoffs == (factor * small + extra, small)


def test_every_state_is_solved_once():
    solved = Centipede(length=30).solve()
    solved.play(1)
    # moves 1..30, the end after the last pass, and a take at each move
    assert len(solved.dag) == 2 * 30 + 1


def test_a_long_game_needs_no_recursion():
    # the first move's prediction rests on every later move's
    length = 5 * sys.getrecursionlimit()
    solved = Centipede(length=length, large=3, small=1, factor=1).solve()
    assert solved.play(1)[-1].payoffs == (3, 1)
    assert len(solved.dag) == 2 * length + 1


def test_explanation_rests_on_what_passing_would_give():
    why = Centipede(length=4).solve().explain(1, name=name, says=says, depth=2)
    assert why.claim == "p1 takes at move 1" and why.values == (("p1 gets", 40),)
    (instead,) = why.because
    assert instead.claim == "if p1 passes at move 1 instead" and instead.values == (("p1 gets", 20),)
    (next_move,) = instead.because
    assert next_move.claim == "p2 takes at move 2" and next_move.values == (("p2 gets", 80),)
    assert next_move.because[0].claim == "if p2 passes at move 2 instead"
    assert not next_move.because[0].because  # cut at depth 2


@pytest.mark.parametrize("field, value, what", [
    ("length", 0, "the number of moves"), ("large", -1, "the large pile"), ("small", -1, "the small pile"),
    ("factor", 0, "the growth factor"), ("length", 2.5, "the number of moves"), ("factor", True, "the growth factor")])
def test_bad_numbers_are_refused(field, value, what):
    with pytest.raises(CentipedeError, match=f"^{what} must be a whole number"):
        Centipede(**{field: value})
    assert issubclass(CentipedeError, EpistemicError)


def test_cli_table_and_play(capsys):
    code, out, err = run(capsys, "--length", "4")
    assert code == 0 and err == ""
    assert "   3     p1          160           40    take" in out
    assert " end                 640          160" in out
    assert out.rstrip().endswith("Subgame-perfect play: p1 takes at move 1; p1 gets 40, p2 gets 10.")


def test_cli_long_table_is_cut(capsys):
    code, out, _ = run(capsys, "--length", str(MAX_LENGTH), "--factor", "1")
    assert code == 0
    assert f"... {MAX_LENGTH - 20} moves more ..." in out and len(out.splitlines()) < 30


def test_cli_json(capsys):
    code, out, _ = run(capsys, "--length", "2", "--large", "10", "--small", "5", "--json", "--why")
    data = json.loads(out)
    assert code == 0
    assert data["moves"] == [
        {"move": 1, "mover": "p1", "if_taken": [10, 5], "choice": "take", "ties": ["take", "pass"]},
        {"move": 2, "mover": "p2", "if_taken": [10, 20], "choice": "take", "ties": ["take", "pass"]}]
    assert data["end"] == [40, 20] and data["play"] == {"moves": ["take"], "payoffs": [10, 5]}
    assert data["why"]["claim"] == "p1 takes at move 1"


def test_cli_why(capsys):
    code, out, _ = run(capsys, "--length", "3", "--why")
    assert code == 0
    assert "Why?\np1 takes at move 1  (p1 gets 40)\n  if p1 passes at move 1 instead  (p1 gets 20)" in out


@needs_engine
def test_cli_draws_the_why_graph(capsys, tmp_path):
    path = tmp_path / "why.svg"
    code, _, err = run(capsys, "--length", "4", "--draw", str(path))
    assert code == 0 and f"wrote {path}" in err
    texts = svg_texts(path.read_bytes())
    assert "p1 takes at move 1" in texts and "if p2 passes at move 4 instead" in texts


@pytest.mark.parametrize("argv, message", [
    (["--length", "0"], "--length must be between 1 and 1000, got 0"),
    (["--length", str(10 ** 9)], "--length must be between 1 and 1000"),
    (["--small", "-3"], "the small pile must be a whole number of at least 0, got -3"),
    (["--depth", "0"], "--depth must be between 1 and 200"),
    (["--draw", "why.jpg"], "cannot tell the image format of 'why.jpg'"),
    (["--draw", ""], "cannot tell the image format of ''"),
    (["--length", "1000", "--factor", "100000"], "the piles would grow to 5,002 digits, more than 1,000"),
    (["--large", "9" * 5000], "a number of 5,000 digits is too long"),
])
def test_cli_bad_input_is_one_line(capsys, argv, message):
    code, out, err = run(capsys, *argv)
    assert code == 2 and out == ""
    assert message in err and err.count("\n") == 1


def test_cli_refuses_a_missing_folder_before_solving(capsys, tmp_path):
    code, _, err = run(capsys, "--draw", str(tmp_path / "nowhere" / "why.png"))
    assert code == 2 and "does not exist" in err
    assert not (tmp_path / "nowhere").exists()


def test_cli_one_move(capsys):
    code, out, _ = run(capsys, "--length", "1")
    assert code == 0 and out.startswith("The centipede game: 1 move, piles of 40 and 10")
