"""The standings of a tournament game: the table, each strategy's mean, best and worst score,
and the defaults the players got, with why, bounded for a large game (seed 001,
/work/shared/seeds/001_511e154ace0c742c.txt: its "Messages" give the defaults)."""

from __future__ import annotations

import asyncio

from cli_runs import HUNG
from epistemic.models.tournament import Cooperator, Defector, RationalPirate, tournament
from epistemic.models.tournament.game import Game
from epistemic.models.tournament.standings import SHOWN, by_strategy, default_rows, standing_rows, standings
from tournament_script import Script


def _strategies(game, lineup):
    return {player: kind for player, kind in zip(game.scores, lineup)}


def test_each_strategy_has_its_mean_best_and_worst_score():
    """Three cooperators share 30 a round: the leader keeps it all, so one gains and the others
    do not; the strategy's best is its top bot's score, its worst its bottom bot's."""
    lineup = ["coop", "coop", "coop", "defect", "rational", "rational"]
    bots = {"coop": Cooperator, "defect": Defector, "rational": RationalPirate}
    game = asyncio.run(tournament([bots[kind]() for kind in lineup], rounds=2, seed=3, timeout=HUNG)).game
    strategies = _strategies(game, lineup)
    rows = {row["strategy"]: row for row in by_strategy(game, strategies)}
    for kind in bots:
        scores = [game.scores[p] for p, k in strategies.items() if k == kind]
        assert (rows[kind]["bots"], rows[kind]["mean"]) == (len(scores), sum(scores) / len(scores))
        assert (rows[kind]["best"], rows[kind]["worst"]) == (max(scores), min(scores))
    assert rows["coop"]["best"] > rows["coop"]["worst"]  # the cooperators' scores differ: best is no worst
    shown = standings(game, strategies).splitlines()
    coop = rows["coop"]
    assert shown[shown.index("By strategy:") + 1].split() == ["strategy", "bots", "mean", "score", "best", "worst"]
    assert any(line.split() == ["coop", "3", f"{coop['mean']:.1f}", str(coop["best"]), str(coop["worst"])]
               for line in shown)


def test_the_table_is_best_first_with_what_each_player_missed():
    game = asyncio.run(tournament([Cooperator(), Defector(), RationalPirate()], rounds=2, seed=1, timeout=HUNG)).game
    rows = standing_rows(game, {})
    assert [row["score"] for row in rows] == sorted(game.scores.values(), reverse=True)
    assert all(row["missed"] == row["invalid"] == 0 for row in rows) and default_rows(game) == []
    assert "Defaults given" not in standings(game)


def test_the_defaults_are_summed_and_bounded_for_a_large_game():
    """Forty silent players, one who answers only the Prisoner question, with a word: each default is
    one row per player, question and reason, the most frequent first, summed over the rounds;
    the standings show the first SHOWN rows and count the rest."""
    def answer(seat, question):
        return "whatever" if seat == "w" and question != "Start" else None
    game = Game(Script(answer), ["w"] + [f"s{i}" for i in range(40)], rounds=3)
    asyncio.run(game.play())
    rows = default_rows(game)
    assert rows[0] == {"player": "Unnamed-1", "asked": "prisoner", "times": 3, "why": "no answer in time"}
    assert {"player": "Unnamed-0", "asked": "prisoner", "times": 3,
            "why": "no C or T towards 40 of 40 players: 'whatever'"} in rows
    assert len(rows) == 41 + 41  # every name (none answers Start), every Prisoner answer
    assert game.invalid["Unnamed-0"] == 3 and game.missed["Unnamed-0"] == 1
    lines = standings(game).splitlines()
    start = lines.index("Defaults given (answers missed or invalid):")
    assert lines[start + 2 + SHOWN:] == [f"... and {len(rows) - SHOWN} more (the log has them all)"]
