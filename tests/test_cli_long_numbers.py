"""Whole numbers typed with more digits than Python reads at once (4,300) are refused in one line that
names what they were for, exit status 2, by every command: never the ValueError of int()."""

from __future__ import annotations

import argparse
import io
import sys

import pytest

from cli_runs import run
from epistemic.cli.main import BUILT_IN, build_parser
from epistemic.models import load_commands, whole_number_argument
from epistemic.models.puzzles import PUZZLES
from epistemic.errors import EpistemicError
from epistemic.validators import MAX_TEXT_DIGITS, whole_from_text

LONG = "9" * 5_000


def test_a_number_is_read_only_when_it_can_lie_within_its_bounds():
    assert whole_from_text("0" * 5_000 + "42", "n", at_most=100) == 42
    assert whole_from_text("-" + "0" * 5_000 + "7", "n", at_least=-10) == -7
    assert whole_from_text("9" * 40, "n", at_most=100) == int("9" * 40)   # short enough to show: the caller's
    for text, message in [
        (LONG, "n must be at most 100, got a number of 5,000 digits"),
        ("-" + LONG, "n must be at least 1, got a number of 5,000 digits"),
        ("9" * 41, "n must be at most 100, got a number of 41 digits"),
        ("9" * (MAX_TEXT_DIGITS + 1), f"n must be a whole number of at most 4,300 digits, got {MAX_TEXT_DIGITS + 1:,}"),
        ("1_000", "n must be a whole number, got '1_000'"),
        ("\u0663", "n must be a whole number, got '\u0663'"),
    ]:
        with pytest.raises(EpistemicError) as refused:
            whole_from_text(text, "n", at_least=1 if text.startswith("-") else None,
                            at_most=None if MAX_TEXT_DIGITS < len(text) < len(LONG) else 100)
        assert str(refused.value) == message
    assert whole_from_text("9" * MAX_TEXT_DIGITS, "n") == int("9" * MAX_TEXT_DIGITS)


PARAMETERS = [(name, p) for name, module in sorted(PUZZLES.items()) for p in module.PARAMETERS]


@pytest.mark.parametrize("puzzle, parameter", PARAMETERS, ids=[f"{n}-{p.name}" for n, p in PARAMETERS])
def test_every_whole_number_parameter_of_every_puzzle_refuses_a_long_number_in_one_line(capsys, puzzle, parameter):
    for sign, side, bound in (("", "most", parameter.maximum), ("-", "least", parameter.minimum)):
        code, out, err = run(capsys, "puzzle", puzzle, f"{parameter.name}={sign}{LONG}")
        assert (code, out) == (2, "")
        assert err == f"epistemic puzzle: error: {parameter.name} must be at {side} {bound}, got a number of 5,000 digits\n"


def test_a_puzzle_reads_leading_zeros_and_names_an_unknown_parameter_without_reading_its_value(capsys):
    code, out, _ = run(capsys, "puzzle", "muddy-children", "n=" + "0" * 5_000 + "3", "k=2", "--json")
    assert code == 0 and '"puzzle": "muddy-children"' in out
    assert run(capsys, "puzzle", "muddy-children", f"m={LONG}")[2] == \
        "epistemic puzzle: error: unknown parameter 'm': this puzzle takes n, k\n"
    assert run(capsys, "puzzle", "nobody", f"n={LONG}")[2].startswith("epistemic puzzle: error: unknown puzzle 'nobody'")


def _whole_number_options(parser: argparse.ArgumentParser, path: tuple[str, ...] = ()):
    """``(subcommand path, option)`` for every option of every subcommand that takes a whole number."""
    for action in parser._actions:
        if isinstance(action, argparse._SubParsersAction):
            for name, sub in action.choices.items():
                yield from _whole_number_options(sub, (*path, name))
        elif action.type in (int, whole_number_argument):
            yield path, action


def _every_command() -> dict:
    models, _ = load_commands(reserved=BUILT_IN)
    return {**BUILT_IN, **models}


OPTIONS = list(_whole_number_options(build_parser(_every_command())))


def test_every_command_reads_whole_numbers_with_the_bounded_argument_type():
    assert len(OPTIONS) > 20
    plain = [(" ".join(path), action.option_strings) for path, action in OPTIONS if action.type is int]
    assert plain == []


@pytest.mark.parametrize("path, action", OPTIONS, ids=[" ".join(p) + " " + a.dest for p, a in OPTIONS])
def test_every_whole_number_option_refuses_a_long_number_in_one_line_naming_the_option(capsys, path, action):
    flag = action.option_strings[-1] if action.option_strings else None
    argv = [*path, *([flag, LONG] if flag else [LONG])]
    code, out, err = run(capsys, *argv)
    assert (code, out) == (2, "")
    assert err == f"epistemic {' '.join(path)}: error: argument {'/'.join(action.option_strings) or action.dest}: " \
                  f"a number of 5,000 digits is too long\n"


# the pirate game's own readers of numbers: pirates, shares, rounds, levels ------------------------------

@pytest.mark.parametrize("argv, message", [
    (["--promise", f"p{LONG}: 1 0 0"], "a pirate's number must be at most 3, got a number of 5,000 digits"),
    (["--promise", f"p1: {LONG} 0 0"], "a share of p1's promise must be at most 10, got a number of 5,000 digits"),
    (["--promise", "p1: " + " ".join(["9" * 4_300] * 3)],
     "a share of p1's promise must be at most 10, got a number of 4,300 digits"),
    (["--promise", "p1: 9 9 9"], "the shares of p1's promise add up to more than the 10 coins"),
    (["--announce", f"p{LONG}: 1 0 0"], "a pirate's number must be at most 3, got a number of 5,000 digits"),
    (["--best-announcement", f"p{LONG}"], "a pirate's number must be at most 3, got a number of 5,000 digits"),
    (["--knowledge-of", f"p{LONG}"], "a pirate's number must be at most 3, got a number of 5,000 digits"),
    (["--why", f"what does p{LONG} get in round 1"], "a pirate's number must be at most 3, got a number of 5,000 digits"),
    (["--why", f"why does p1 offer that in round {LONG}"], "a round must be at most 3, got a number of 5,000 digits"),
    (["--why", f"why does p1 offer that in r{LONG}"], "a round must be at most 3, got a number of 5,000 digits"),
    (["--learning", "--anticipation", LONG], "the level of anticipation must be at most 12, got a number of 5,000 digits"),
    (["--learning", "--suspect", f"p{LONG}: * to p1"], "a pirate's number must be at most 3, got a number of 5,000 digits"),
])
def test_the_pirate_game_refuses_long_numbers_in_one_line(capsys, argv, message):
    code, out, err = run(capsys, "pirates", "-n", "3", "-m", "10", *argv)
    assert (code, out, err) == (2, "", f"epistemic pirates: error: {message}\n")


def test_the_pirate_explorer_refuses_long_numbers_and_goes_on(capsys, monkeypatch):
    monkeypatch.setattr(sys, "stdin", io.StringIO(f"round {LONG}\nround 1\nexpectation p{LONG}\nquit\n"))
    code, out, _ = run(capsys, "pirates", "-n", "3", "-m", "10", "--explain")
    assert code == 0
    assert "error: a round must be a whole number of at most 4,300 digits, got 5,000" in out
    assert "error: a pirate's number must be at most 3, got a number of 5,000 digits" in out


@pytest.mark.parametrize("first", [LONG, "\u00b2"])
def test_the_dinner_names_its_first_player_by_an_ascii_number_no_longer_than_the_players(capsys, first):
    code, out, err = run(capsys, "dinner", "--first", first, "1,8", "2,3")
    assert (code, out) == (2, "")
    assert err.startswith("epistemic dinner: error: --first names one of alice, bob or a number from 1 to 2, got '")
    assert err.count("\n") == 1 and len(err) < 200
