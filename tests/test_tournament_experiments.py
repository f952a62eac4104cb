"""The tournament's sweep experiment (seed 001, /work/shared/seeds/001_511e154ace0c742c.txt): a game
played in this process is the game played over TCP, its record agrees with the game, and a sweep
stores it."""

from __future__ import annotations

import asyncio
from pathlib import Path

import pytest
from hypothesis import example, given, settings
from hypothesis import strategies as st

from cli_runs import HUNG
from epistemic.experiments import ResultStore, SpecError, find_experiment, read_spec, run_sweep, spec_from_text
from epistemic.models.tournament import STRATEGIES, Bot, Cooperator, Defector, TitForTat, check_log, tournament
from epistemic.models.tournament.experiments import EXPERIMENTS, KINDS, MAX_OF_A_KIND, play_here, standings
from epistemic.models.tournament.log import game_record
from epistemic.models.tournament.rules import TournamentError
from epistemic.models.tournament.standings import by_strategy

SPECS = Path(__file__).resolve().parent.parent / "docs" / "examples" / "experiments"
[STANDINGS] = EXPERIMENTS
FIELDS = {"coop": "coop", "defect": "defect", "tit-for-tat": "tit_for_tat", "rational": "rational"}


def lineup_of(counts: dict[str, int]) -> list[Bot]:
    return [STRATEGIES[kind]() for kind in KINDS for _ in range(counts[FIELDS[kind]])]


def test_two_cooperators_share_one_link():
    # seed 001's link table: C/C is worth 10; the leader keeps the bounty, the other votes T (he gets
    # nothing), and a tie keeps the leader; pirates are ranked by score, so the first leader leads on
    cell = standings(coop=2, rounds=4, seed=0)
    assert (cell["top_score"], cell["total_score"], cell["winners"], cell["thrown"]) == (40, 40, 1, 0)
    assert cell["mean_coop"] == 20 and cell["mean_defect"] is None and cell["cooperation"] == 1


def test_defectors_make_no_bounty():
    # T/T links are worth 0 (seed 001): betrayers alone score nothing
    cell = standings(defect=4, rounds=3, seed=5)
    assert (cell["total_score"], cell["cooperation"], cell["winner_kind"], cell["winners"]) == (0, 0, "defect", 4)


@pytest.mark.parametrize("counts, seed", [({"coop": 1, "defect": 1, "tit_for_tat": 1, "rational": 1}, 3),
                                          ({"coop": 2, "defect": 0, "tit_for_tat": 2, "rational": 2}, 11)])
def test_a_game_here_is_the_game_over_tcp(counts, seed):
    # the same bots, joined in the same order, with the same seed: the same rounds and scores
    here, failed = play_here(lineup_of(counts), rounds=4, seed=seed)
    over_tcp = asyncio.run(tournament(lineup_of(counts), rounds=4, seed=seed, timeout=HUNG)).game
    assert failed == {} and here.scores == over_tcp.scores and here.log == over_tcp.log


@given(st.fixed_dictionaries({field: st.integers(0, 3) for field in FIELDS.values()}),
       st.integers(1, 6), st.integers(0, 2 ** 32))
@example({"coop": 0, "defect": 2, "tit_for_tat": 1, "rational": 0}, 2, 0)   # a tie at the top, of two strategies
@settings(max_examples=30, deadline=None)
def test_a_record_agrees_with_its_game(counts, rounds, seed):
    bots = sum(counts.values())
    if bots < 2:
        with pytest.raises(TournamentError, match="two bots or more"):
            standings(**counts, rounds=rounds, seed=seed)
        return
    cell = standings(**counts, rounds=rounds, seed=seed)
    game, failed = play_here(lineup_of(counts), rounds, seed)
    # the log replays to the scores it holds: every bounty, share and vote adds up
    checked = check_log(game_record(game, seed=seed))
    assert checked.scores == game.scores and failed == {}
    kinds = dict(zip(game.scores, [k for k in KINDS for _ in range(counts[FIELDS[k]])]))
    means = {row["strategy"]: row["mean"] for row in by_strategy(game, kinds)}
    assert cell["bots"] == bots and cell["total_score"] == sum(game.scores.values())
    assert cell["top_score"] == max(game.scores.values())
    assert cell["winners"] == sum(score == cell["top_score"] for score in game.scores.values())
    assert set(cell["winner_kind"].split("+")) == {kinds[n] for n, s in game.scores.items() if s == cell["top_score"]}
    for kind, field in FIELDS.items():
        assert cell[f"mean_{field}"] == means.get(kind)
        assert (cell[f"mean_{field}"] is None) == (counts[field] == 0)
    total = sum(cell[f"mean_{f}"] * counts[f] for f in FIELDS.values() if counts[f])
    assert total == pytest.approx(cell["total_score"])
    assert max(means.values()) == means[cell["best_kind"].split("+")[0]]
    assert 0 <= cell["cooperation"] <= 1 and (cell["defaults"], cell["failures"]) == (0, 0)
    assert cell["thrown"] == sum(len(r["thrown"]) for r in game.log)


class Broken(Bot):
    name = "Broken"

    def choose(self, other):
        raise ValueError("no idea")


def test_a_bot_that_fails_gets_the_defaults_and_the_game_goes_on():
    game, failed = play_here([Broken(), Cooperator(), TitForTat(), Defector()], rounds=3, seed=2)
    assert failed == {"Broken-0": "ValueError: no idea"}
    assert game.missed["Broken-0"] == 3 and all(game.missed[n] == 0 for n in game.scores if n != "Broken-0")
    # he is gone, as a server says of a player who left, not late: nobody waited for him
    assert {(d["player"], d["why"]) for d in game.defaults} == {("Broken-0", "gone")}
    assert check_log(game_record(game, seed=2)).scores == game.scores


def test_a_seed_fixes_the_game():
    mix = {"coop": 3, "tit_for_tat": 2, "rational": 3, "rounds": 6}
    assert standings(**mix, seed=7) == standings(**mix, seed=7)
    assert len({tuple(standings(**mix, seed=s).items()) for s in range(6)}) > 1


def test_the_parameters_are_bounded():
    with pytest.raises(SpecError, match=f"coop must be from 0 to {MAX_OF_A_KIND}"):
        STANDINGS.checked({"coop": MAX_OF_A_KIND + 1})
    with pytest.raises(SpecError, match="rounds must be from 1 to 100"):
        STANDINGS.checked({"coop": 2, "rounds": 101})
    assert STANDINGS.seeded and [p.name for p in STANDINGS.parameters][:4] == list(FIELDS.values())


def test_a_sweep_stores_the_functions_records(tmp_path):
    text = ('model = "tournament"\nexperiment = "standings"\nseeds = [0, 1, 2]\n[grid]\ncoop = [0, 2]\n'
            'rational = 2\nrounds = 3\n')
    spec = spec_from_text(text, STANDINGS)
    with ResultStore(str(tmp_path / "r.db"), writer=True) as store:
        report = run_sweep(spec, store, in_process=True)
        rows = {r.cell: r.results for r in store.rows("tournament", "standings")}
    assert (report.done, report.failed) == (6, 0)
    assert rows == {c.key: standings(**c.arguments()) for c in spec.cells()}


def test_the_shipped_spec_reads():
    spec = read_spec(str(SPECS / "tournament.toml"), find_experiment)
    assert spec.seeds == tuple(range(10)) and spec.size == 160
    assert all(sum(c.parameters[f] for f in FIELDS.values()) >= 2 for c in spec.cells())
