"""The pirate game's reports stay bounded: long plays are cut as tables are,
and reports too large to read (the per-pirate JSON, tables printed whole)
are refused from the input, before the work."""

from __future__ import annotations

import io

import pytest
from hypothesis import given, settings

from epistemic.models.pirates import PirateGame, PirateGameError, promise
from epistemic.models.pirates import report as pirates_report
from epistemic.models.pirates.report import (MAX_REPORT_BYTES, ROUND_EXCERPT, TABLE_HEAD, TABLE_TAIL,
                                            detail_json_bytes, format_report, full_tables_bytes, write_json)

from cli_runs import run
from strategies import pirate_games, pirate_rules
from picture_checks import node_lines


class _Counter(io.TextIOBase):
    """A text sink that keeps only the number of characters written."""

    def __init__(self) -> None:
        self.written = 0

    def write(self, text: str) -> int:
        self.written += len(text)
        return len(text)


@pytest.fixture
def solves(monkeypatch):
    """Records each time a game is played, so that a test sees whether a refusal came first."""
    played: list[int] = []
    play = PirateGame.play
    monkeypatch.setattr(PirateGame, "play", lambda self: played.append(self.pirates) or play(self))
    return played


# --json-detail -------------------------------------------------------------------------
def test_json_detail_of_twenty_thousand_pirates_is_refused_before_solving(capsys, solves):
    # it wrote 1.88 GB before the limit
    code, out, err = run(capsys, "pirates", "-n", "20000", "-m", "100", "--json-detail")
    assert code == 2 and out == "" and solves == []
    assert err.count("\n") == 1
    assert err.startswith("epistemic pirates: error: --json-detail would write about 2,484 MiB for 20,000 pirates")
    assert "the 256 MiB a report may be: use --json" in err


def test_json_detail_is_refused_once_the_rounds_played_make_it_too_large():
    # 3,000 pirates and 100 coins: the table and one round fit, but 753 rounds of up to 3,000 voters do not
    game = PirateGame(3000, 100)
    rounds = len(game.play().rounds)
    assert detail_json_bytes(game) <= MAX_REPORT_BYTES < detail_json_bytes(game, rounds)
    pirates_report.check_report_size(game, detail=True)
    with pytest.raises(PirateGameError, match="^--json-detail would write about 344 MiB for 3,000 pirates"):
        pirates_report.check_report_size(game, detail=True, rounds=rounds)


def test_the_command_sizes_json_detail_by_the_rounds_played(capsys, monkeypatch):
    # the same at a limit of 2 MiB, so that a command that checks too little writes a few MiB, not hundreds:
    # 500 pirates' table and first round are 1.7 MiB, their 45 rounds 4.7 MiB
    monkeypatch.setattr(pirates_report, "MAX_REPORT_BYTES", 2 * 2 ** 20)
    code, out, err = run(capsys, "pirates", "-n", "500", "-m", "100", "--json-detail")
    assert code == 2 and out == ""
    assert err.count("\n") == 1 and "--json-detail would write about 4 MiB for 500 pirates" in err
    assert "more than the 2 MiB a report may be" in err


def test_json_detail_below_the_limit_is_written(capsys):
    code, out, err = run(capsys, "pirates", "-n", "300", "-m", "100", "--json-detail")
    assert code == 0 and out.startswith("{") and err == ""


@pytest.mark.parametrize("game", [
    PirateGame(300, 1),      # 43 rounds of up to 300 voters
    PirateGame(200, 200),    # one round: the table is most of it
    PirateGame(40, 3, [promise(40, 30, [0] * 10 + [3], hearers=[31, 32, 33]), promise(40, 5, [0] * 35 + [3])]),
    PirateGame(5, 4, [promise(5, 4, [2, 2], hearers=[5])]),
], ids=["many-rounds", "one-round", "promises", "seed-story"])
def test_the_size_estimates_bound_what_is_written(game):
    written = _Counter()
    write_json(game, written, detail=True)
    estimate = detail_json_bytes(game, len(game.play().rounds))
    assert written.written <= estimate <= 1.5 * written.written
    tables = format_report(game, tables=True, full_tables=True).split("Predicted offers on each knowledge")[1]
    assert len(tables) <= full_tables_bytes(game) <= 2 * len(tables)


# --full-tables -------------------------------------------------------------------------
def test_full_tables_of_twenty_thousand_pirates_are_refused_before_solving(capsys, solves):
    code, out, err = run(capsys, "pirates", "-n", "20000", "-m", "100", "--full-tables")
    assert code == 2 and out == "" and solves == []
    assert err == ("epistemic pirates: error: --full-tables would print up to 1,335 MiB (1 table of 20,000 rows), "
                   "more than the 256 MiB a report may be: drop it for tables that show their first and last rows "
                   "and columns, or use --json\n")


def test_full_tables_count_every_knowledge_group(monkeypatch):
    # three groups print three tables: the estimate is three times one's
    told = PirateGame(100, 5, [promise(100, 90, [0] * 10 + [5], hearers=[95]),
                               promise(100, 80, [0] * 20 + [5], hearers=[85])])
    assert len(told.knowledge_groups()) == 3
    one = full_tables_bytes(PirateGame(100, 5))
    assert 3 * one < full_tables_bytes(told) < 3 * one + 10_000
    monkeypatch.setattr(pirates_report, "MAX_REPORT_BYTES", 3 * one)
    with pytest.raises(Exception, match="3 tables of 100 rows"):
        pirates_report.check_report_size(told, full_tables=True)
    pirates_report.check_report_size(PirateGame(100, 5), full_tables=True)


# rounds --------------------------------------------------------------------------------
def _rounds(text: str) -> list[str]:
    return [line for line in text.splitlines() if line.startswith("Round ")]


def test_a_long_play_shows_its_first_and_last_rounds_and_says_what_it_left_out(capsys):
    # 3,000 pirates and 1 coin: p1-p950 go overboard (3000 = 2 + 2**11 + 950)
    code, out, _ = run(capsys, "pirates", "-n", "3000", "-m", "1")
    assert code == 0
    shown = _rounds(out)
    assert [line.split(":")[0] for line in shown] == [f"Round {r}" for r in [*range(1, TABLE_HEAD + 1),
                                                                           *range(948, 952)]]
    assert ("... 939 more rounds, 9 to 947: each offer rejected, p9-p947 thrown overboard one after another "
            "(--all-rounds prints every round)") in out.splitlines()
    assert "thrown overboard: p1-p950" in out
    assert len(out) < 5_000
    code, whole, _ = run(capsys, "pirates", "-n", "3000", "-m", "1", "--all-rounds")
    assert code == 0 and len(_rounds(whole)) == 951 and "more rounds" not in whole
    # the rounds shown are those of the whole play, word for word
    assert set(shown) <= set(_rounds(whole))


def test_a_play_of_the_excerpts_length_is_printed_whole():
    # 61 = 2 * 5 + 2**5 + 19 pirates: 19 go overboard, 20 rounds, no cut; one more pirate cuts
    whole = format_report(PirateGame(61, 5))
    assert len(_rounds(whole)) == ROUND_EXCERPT and "more rounds" not in whole
    cut = format_report(PirateGame(62, 5))
    assert len(_rounds(cut)) == TABLE_HEAD + TABLE_TAIL and "... 9 more rounds, 9 to 17:" in cut


# the count of the prediction DAG ---------------------------------------------------------
def test_the_report_counts_the_predictions_behind_the_play_whatever_else_is_asked(capsys, tmp_path):
    # drawing the DAG solves the knowledge groups' tables too (2 more predictions): the report once counted them
    game = PirateGame(6, 3, [promise(6, 3, [1, 0, 0, 2], hearers=[5]), promise(6, 5, [1, 2], hearers=[6])])
    assert (game.play_predictions(), game.play_predictions(tables=True)) == (15, 17)
    argv = ["pirates", "-n", "6", "-m", "3", "--promise", "p3: 1 0 0 2 to p5", "--promise", "p5: 1 2 to p6"]
    lines = set()
    for extra in ([], ["--draw-dag", str(tmp_path / "dag.dot")], ["--why", "offer round 3 as p6"]):
        code, out, _ = run(capsys, *argv, "--no-tables", *extra)
        assert code == 0
        lines.update(line for line in out.splitlines() if line.startswith("Prediction DAG"))
    assert lines == {"Prediction DAG: 15 predictions behind the play."}
    assert len(node_lines((tmp_path / "dag.dot").read_text(), "n")) == 15  # the picture draws those 15
    code, out, _ = run(capsys, *argv, "--tables")
    assert out.splitlines()[-1] == "Prediction DAG: 15 predictions behind the play, 17 with those behind the tables."


def _solved_tables_first(game: PirateGame) -> PirateGame:
    for group in game.knowledge_groups():
        game.table_predictions(group.knowledge)
    return game


def test_the_count_of_the_play_does_not_depend_on_what_was_solved_before_it():
    def made():
        return PirateGame(6, 3, [promise(6, 3, [1, 0, 0, 2], hearers=[5]), promise(6, 5, [1, 2], hearers=[6])])
    late = _solved_tables_first(made())
    assert late.dag_nodes() == 17
    assert late.play_predictions() == made().play_predictions() == 15


@settings(max_examples=150, deadline=None)
@given(pirate_games(max_pirates=10, max_coins=5), pirate_rules())
def test_a_play_solved_first_leaves_only_what_it_rests_on(spec, rules):
    # the count kept when the play is solved first is the count of a walk of the DAG from its rounds
    pirates, coins, promises, tie_rule = spec
    first = PirateGame(pirates, coins, promises, tie_rule, rules)
    first.play()
    walked = _solved_tables_first(PirateGame(pirates, coins, promises, tie_rule, rules))
    assert first.play_predictions() == walked.play_predictions() == first.prediction_graph().number_of_nodes()
    assert first.dag_nodes() == first.play_predictions()
