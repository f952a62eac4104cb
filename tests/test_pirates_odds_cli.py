"""``epistemic pirates --beliefs odds``: the report, --why, --json, the export, the experiment, and
bad input refused in one line."""

from __future__ import annotations

import json
from fractions import Fraction

import pytest

from cli_runs import run

from epistemic.models.pirates import PirateGame, PirateGameError, promise
from epistemic.models.pirates.experiments import weighed_odds
from epistemic.models.pirates.odds import MADE, NOT_MADE, OddsSolver
from epistemic.models.pirates.worth import Worth, parse_death_value
from epistemic.models.pirates import odds_votes as odds_module
from epistemic.models.pirates.odds_report import odds_why

TWO_COINS = ["pirates", "-n", "3", "-m", "2", "--promise", "p2: 2 0 to p3", "--beliefs", "odds"]


def test_the_report_gives_each_worlds_play_and_the_expectations(capsys):
    # docs/interop.md: at 9/10 with death worth -1, p1 buys p2 and drowns where no promise was made
    code, out, err = run(capsys, *TWO_COINS, "--promise-chance", "9/10", "--death-value", "-1")
    assert (code, err) == (0, "")
    assert "p1, who did not hear it, gives the promise the odds 9/10" in out
    made, not_made = out.split("Where the promise was made:")[1].split("Where the promise was not made:")
    assert "round 1: p1 offers p3:0 p2:1 p1:1; 2 yes of 3 (needs 2): passes" in made
    assert "fails; the votes reveal to the others that the promise was not made" in not_made
    assert "outcome: p1 overboard; p3:0 p2:2" in not_made
    assert "p1: lives with chance 9/10, 9/10 coins expected" in out


def test_an_outsiders_vote_is_explained_by_the_odds(capsys):
    # docs/pirates.md: p3 did not hear p2's promise of both coins to him; round 2 is worth 9/5
    code, out, _ = run(capsys, "pirates", "-n", "4", "-m", "2", "--promise", "p2: 0 2 0 to p4", "--beliefs", "odds",
                       "--promise-chance", "9/10", "--why", "p3 vote round 1")
    assert code == 0
    assert ("p3 votes yes on p4:0 p3:2 p2:0 p1:0 in round 1: with odds 9/10 that p2 made his promise, round 2 "
            "is worth 9/5 coins to him (2 coins where it was made, 0 coins where it was not made), against "
            "the 2 coins offered.") in out


def test_an_insiders_vote_is_explained_world_by_world():
    solver = OddsSolver(PirateGame(3, 3, [promise(3, 2, [3, 0], hearers=[3])]), "9/10", Worth(-1))
    answer = odds_why(solver, "p3 vote round 1").splitlines()
    assert answer[0].startswith("Where the promise was made: p3 votes no")
    assert "knows it was made; if the offer fails, what follows gives him 3 coins" in answer[0]
    assert answer[1].startswith("Where the promise was not made: p3 votes no")
    assert odds_why(solver, "p1 vote round 2").splitlines() == [
        "Where the promise was made: round 2 is not played: round 1 ends the game.",
        "Where the promise was not made: p1 does not vote in round 2: he is overboard."]


def test_the_json_holds_both_worlds_exactly(capsys):
    code, out, _ = run(capsys, *TWO_COINS, "--promise-chance", "9/10", "--death-value", "-1", "--json",
                       "--why", "offer round 1")
    assert code == 0
    found = json.loads(out)
    assert (found["odds"], found["death_value"], found["promise"]["hearers"]) == ("9/10", "-1", ["p2", "p3"])
    made, not_made = found["worlds"]["made"], found["worlds"]["not made"]
    assert made["outcome"] == {"p1": 1, "p2": 1} and made["thrown_overboard"] == 0
    assert not_made["thrown_overboard"] == 1 and not_made["rounds"][0]["odds_after_votes"] == "0"
    assert not_made["outcome"] == {"p2": 2} and not_made["rounds_left_out"] is None
    assert found["why"][0]["question"] == "offer round 1"


def test_the_export_writes_the_tree_the_odds_pay(capsys, tmp_path):
    path = tmp_path / "odds.efg"
    code, _, _ = run(capsys, *TWO_COINS, "--death-value", "-3", "--export-efg", str(path))
    assert code == 0
    text = path.read_text(encoding="utf-8")
    assert text.startswith("EFG 2 R")
    # every offer's failure by the last pirate too pays -3 to each, where the seed's tree pays -1
    assert "{ -3, -3, -3 }" in text and "-1," not in text


@pytest.mark.parametrize("argv, message", [
    (["--death-value", "2"], "death is worth less than no coins: give a number below 0 such as -1 or -5/2, got '2'"),
    (["--promise-chance", "3/2"], "is between 0 and 1, got 3/2"),
    (["--draw", "x.svg"], "--draw shows the seed's play and cannot be combined with --beliefs odds"),
    (["--learning"], "--learning and --beliefs odds are two minds for one story: give one"),
    (["--why", "who wins"], "with --beliefs odds, --why asks"),
])
def test_bad_input_is_one_line_and_exit_2(capsys, argv, message):
    code, out, err = run(capsys, *TWO_COINS, *argv)
    assert code == 2 and out == ""
    assert message in err and err.count("\n") == 1


def test_death_value_needs_odds(capsys):
    code, _, err = run(capsys, "pirates", "-n", "3", "-m", "2", "--death-value", "-1")
    assert code == 2 and "it needs --beliefs odds" in err


def test_parse_death_value():
    assert parse_death_value(" -5 / 2 ") == Fraction(-5, 2)
    for bad in ("0", "-0", "-1e9", "-1/0", "x" * 50):
        with pytest.raises(PirateGameError, match="death is worth less than no coins"):
            parse_death_value(bad)


def test_offers_without_a_pure_equilibrium_are_said_in_one_line(capsys, monkeypatch):
    """Five pirates, three coins; p2 tells p4 and p5, and p4 tells p3 and p2, what each will offer.
    In round 2 p2's offers in the worlds he tells apart answer one another round a cycle, and no
    profile of them tried is an equilibrium, with his unexpected offers read as telling nothing or
    as telling any one of his cells, and with no choice of how a vote that decides nothing is cast
    tried (a limit made for the test: the search's third pass finds one)."""
    from epistemic.models.pirates import odds_offers
    monkeypatch.setattr(odds_offers, "MAX_VOTE_COMBINATIONS", 0)
    code, out, err = run(capsys, "pirates", "-n", "5", "-m", "3", "--promise", "p2: 1 0 2 0 to p4 p5",
                         "--promise", "p4: 3 0 to p3 p2", "--beliefs", "odds")
    assert (code, out) == (2, "")
    assert "round 2: the offers p2 would make in the worlds, each answering what the others reveal, go round" in err
    assert err.count("\n") == 1


#: Four pirates, one coin, three promises: p2's to p3, p3's to p2, p4's to p3 (docs/pirates.md, "What it
#: does not do").  The insiders' votes on p1's offer of the coin to p3 go round a cycle and are 14,
#: more than every profile of which is tried.
FOURTEEN_VOTES = ["pirates", "-n", "4", "-m", "1", "--promise", "p2: 0 1 0 to p3", "--promise", "p3: 1 0 to p2",
                  "--promise", "p4: 1 to p3", "--beliefs", "odds"]


def test_votes_past_every_profile_tried_settle_among_the_nearest_the_sincere(capsys, monkeypatch, tmp_path):
    """Worked by hand: p4 gets the coin in round 3 only where p3 promised it, so he sells his vote for 1
    coin unless he is sure p3 promised; where p2 did not promise and the others do not know it, p3's
    no would tell p4 so and is worth to p3 what his yes is.  The sincere votes (p2 yes where he is
    bound to an offer p3 refuses, p3 yes where p2 did not promise, p4 no) are an equilibrium where
    the votes that change nothing are cast either way; p1 buys p4 with the coin in every world."""
    efg = tmp_path / "fourteen.efg"
    code, out, err = run(capsys, *FOURTEEN_VOTES, "--export-efg", str(efg))
    assert code == 0 and "(25,001 nodes" in err and efg.exists()
    code, out, err = run(capsys, *FOURTEEN_VOTES)
    assert (code, err) == (0, "")
    assert out.count("round 1: p1 offers p4:1 p3:0 p2:0 p1:0;") == 8 and out.count("outcome: p4:1 p3:0 p2:0 p1:0") == 8
    # with none of the nearest profiles tried, the vote stops the game in one line, and nothing is written
    monkeypatch.setattr(odds_module, "MAX_NEAREST", 0)
    efg.unlink()
    code, out, err = run(capsys, *FOURTEEN_VOTES, "--export-efg", str(efg))
    assert (code, out) == (2, "") and not efg.exists()
    assert "round 1: the votes on p4:0 p3:1 p2:0 p1:0 have no equilibrium in pure votes" in err
    assert err.count("\n") == 1


def test_votes_and_offers_past_what_is_tried_are_said_in_one_line(capsys, monkeypatch):
    """Where the hearers' votes answering one another go round a cycle and there are more of them
    than every profile is tried for, the votes stop the game in one line; so do a proposer's offers
    with more profiles than are tried.  (Four pirates, three coins, p3's promise to p4: the votes
    on p1's offer settle only among their profiles, tests/test_pirates_odds.py.)"""
    from epistemic.models.pirates import odds_offers as solver_module
    monkeypatch.setattr(odds_module, "MAX_PROFILED", 0)
    monkeypatch.setattr(odds_module, "MAX_NEAREST", 0)
    code, out, err = run(capsys, "pirates", "-n", "4", "-m", "3", "--promise", "p3: 2 1 to p4", "--beliefs", "odds",
                         "--promise-chance", "1/10", "--death-value", "-1")
    assert (code, out) == (2, "")
    assert "round 1: the votes on p4:0 p3:1 p2:0 p1:2 have no equilibrium in pure votes" in err
    assert err.count("\n") == 1
    monkeypatch.undo()
    monkeypatch.setattr(solver_module, "MAX_OFFER_PROFILES", 1)
    code, out, err = run(capsys, "pirates", "-n", "5", "-m", "3", "--promise", "p2: 1 0 2 0 to p4 p5",
                         "--promise", "p4: 3 0 to p3 p2", "--beliefs", "odds")
    assert (code, out) == (2, "")
    assert "go round a cycle: their " in err and " profiles are more than the 1 tried" in err
    monkeypatch.undo()
    monkeypatch.setattr(solver_module, "MAX_OFFER_CHECKS", 1)
    code, out, err = run(capsys, "pirates", "-n", "5", "-m", "3", "--promise", "p2: 1 0 2 0 to p4 p5",
                         "--promise", "p4: 3 0 to p3 p2", "--beliefs", "odds")
    assert (code, out) == (2, "")
    assert " checks, more than the 1 tried (pirates who weigh odds do not mix their offers)\n" in err
    # enough checks for the first two passes (9,000 here), too few for the votes the third tries
    monkeypatch.setattr(solver_module, "MAX_OFFER_CHECKS", 9_000)
    code, out, err = run(capsys, "pirates", "-n", "5", "-m", "3", "--promise", "p2: 1 0 2 0 to p4 p5",
                         "--promise", "p4: 3 0 to p3 p2", "--beliefs", "odds")
    assert (code, out) == (2, "")
    assert err.endswith("no pure equilibrium was found before trying the votes that decide nothing cast either way "
                        "took more than the 9,000 checks tried (pirates who weigh odds do not mix their offers)\n")
    # with the checks it needs, the third pass finds a pure play
    monkeypatch.undo()
    code, out, err = run(capsys, "pirates", "-n", "5", "-m", "3", "--promise", "p2: 1 0 2 0 to p4 p5",
                         "--promise", "p4: 3 0 to p3 p2", "--beliefs", "odds")
    assert (code, err) == (0, "") and "p1: lives with chance 3/4, 0 coins expected" in out


def test_an_unexpected_vote_is_read_as_whatever_makes_an_equilibrium_where_sincere_makes_none():
    """Four pirates, two coins, p3's promise to p2: read as sincere, an unexpected vote of p2 or p3
    leaves no profile of their votes an equilibrium; read otherwise, one is (Gambit finds no regret in
    it subgame by subgame, checked outside the suite: the tree takes ten minutes)."""
    solver = OddsSolver(PirateGame(4, 2, [promise(4, 3, [2, 0], hearers=[2])]), "1/2")
    vote = solver.vote(1, solver.prior, solver.offer_of(1, solver.prior, MADE))
    assert [dict(c) for c in vote.insiders] == [{2: "no", 3: "yes"}, {2: "no", 3: "yes"}]
    sincere = [{v: solver._sincere(1, solver.offer_of(1, solver.prior, w), v, w, solver.prior) for v in (2, 3)}
               for w in (MADE, NOT_MADE)]
    assert [dict(c) for c in vote.sincere] != sincere


def test_every_profile_is_tried_where_answering_in_turn_is_cut_short(monkeypatch):
    """With no answering in turn at all, the profiles tried nearest the sincere first find the
    same votes, and the same play, as answering in turn does."""
    game = PirateGame(4, 1, [promise(4, 2, [0, 1, 0], hearers=[3, 4])])
    answered = OddsSolver(game, "1/2")
    plays = [answered.path(w) for w in (MADE, NOT_MADE)]
    monkeypatch.setattr(odds_module, "MAX_TURNS", 0)
    profiled = OddsSolver(game, "1/2")
    assert [profiled.path(w) for w in (MADE, NOT_MADE)] == plays


def test_the_experiment_cell_agrees_with_gambits_threshold():
    """docs/interop.md: with 3 pirates, 3 coins and death worth -1, p1's seed offer is a best
    reply up to the odds 1/3 and not above it; the odds solver switches there."""
    assert not weighed_odds(3, 3, "1/3", death_value=-1.0)["parts"]
    assert weighed_odds(3, 3, "1000001/3000000", death_value=-1.0)["parts"]
    assert not weighed_odds(3, 2, "1/2", death_value=-1.0)["parts"]
    assert weighed_odds(3, 2, "500001/1000000", death_value=-1.0)["parts"]
    with pytest.raises(PirateGameError, match="the promise's maker is one of p2 to p2, got p3"):
        weighed_odds(3, 2, "1/2", maker=3)


def test_a_large_game_reports_in_a_few_kilobytes(capsys):
    """A thousand pirates: the rounds between the first 8 and last 4 are one line, a division names
    only the pirates it pays, and pirates who expect alike are one run."""
    row = " ".join(["0"] * 499 + ["100", "0"])
    argv = ["pirates", "-n", "1000", "-m", "100", "--promise", f"p500: {row} to p501", "--beliefs", "odds"]
    code, out, _ = run(capsys, *argv)
    assert code == 0 and len(out) < 20_000
    assert "... 277 more rounds, 9 to 285: each offer rejected, p9-p285 thrown overboard one after another" in out
    code, out, _ = run(capsys, *argv, "--json")
    found = json.loads(out)
    assert code == 0 and len(out) < 100_000
    made = found["worlds"]["made"]
    assert (made["rounds_played"], made["rounds_left_out"], made["thrown_overboard"]) == (289, [9, 285], 288)
    assert len(made["rounds"]) == 12 and sum(made["outcome"].values()) == 100


def test_games_past_the_limits_are_refused_before_any_work(capsys):
    code, _, err = run(capsys, "pirates", "-n", "100001", "-m", "1", "--promise", "p2: 1 " + "0 " * 99999 + "to p3",
                       "--beliefs", "odds")
    assert code == 2 and "at most 100,000 pirates on the command line, got 100,001" in err
    code, _, err = run(capsys, "pirates", "-n", "20000", "-m", "1", "--promise", "p1000: 1 " + "0 " * 19000 + "to p3",
                       "--beliefs", "odds")
    assert code == 2 and "the last maker's rank times the pirates, times a third of the states, at most 10,000,000" in err
    # three promises: 255 states a round, so a game 85 times smaller is refused
    three = [f"p{r}: 1 " + "0 " * (2000 - r) + f"to p{r + 1}" for r in (2, 3, 300)]
    code, _, err = run(capsys, "pirates", "-n", "2000", "-m", "1", *(x for t in three for x in ("--promise", t)),
                       "--beliefs", "odds")
    assert code == 2 and "solve up to 255 states a round" in err and "p300 of 2,000 pirates with 3 subgroup" in err
    four = [f"p{r}: 1 " + "0 " * (6 - r) + f"to p{r + 1}" for r in (2, 3, 4, 5)]
    code, _, err = run(capsys, "pirates", "-n", "6", "-m", "1", *(x for t in four for x in ("--promise", t)),
                       "--beliefs", "odds")
    assert code == 2 and "at most 3 subgroup promises (8 worlds); this game has 4" in err


TWO_PROMISES = ["pirates", "-n", "3", "-m", "3", "--promise", "p2: 3 0 to p3", "--promise", "p3: 3 to p1",
                "--beliefs", "odds", "--promise-chance", "9/10", "--death-value", "-1"]


def test_two_promises_are_played_in_each_of_four_worlds(capsys):
    # worked by hand: p1 heard p3's promise, not p2's.  Where p2 promised, he gives p3 all three coins in round 2,
    # so p2 sells his vote for 1 coin and p3 sells none; where p2 did not, p2 keeps all three and p3 sells for
    # 1.  p1 buys p2 alone: 9/10 * 2 + 1/10 * -1 = 17/10, more than the 1 he keeps if he buys both
    code, out, err = run(capsys, *TWO_PROMISES)
    assert (code, err) == (0, "")
    worlds = out.split("\nWhere ")[1:]
    assert [w.split(":")[0] for w in worlds] == ["p2 and p3 promised", "p2 promised and p3 did not",
                                                 "p3 promised and p2 did not", "no subgroup promise was made"]
    for world in worlds[:2]:
        assert "round 1: p1 offers p3:0 p2:1 p1:2; 2 yes of 3 (needs 2): passes" in world
    for world in worlds[2:]:
        assert "fails; the votes reveal to the others that p2 did not promise" in world
        assert "outcome: p1 overboard; p3:0 p2:3" in world
    assert "p1: lives with chance 9/10, 9/5 coins expected" in out


def test_two_promises_in_json_give_each_worlds_chance_exactly(capsys):
    code, out, _ = run(capsys, *TWO_PROMISES, "--json")
    found = json.loads(out)
    assert code == 0 and found["promise"] is None
    assert [(p["maker"], p["hearers"]) for p in found["promises"]] == [("p2", ["p2", "p3"]), ("p3", ["p1", "p3"])]
    first = found["worlds"]["p2 and p3 promised"]["rounds"][0]
    assert first["belief"] == {"p2 and p3 promised": "81/100", "p2 promised and p3 did not": "9/100",
                               "p3 promised and p2 did not": "9/100", "no subgroup promise was made": "1/100"}
    failed = found["worlds"]["no subgroup promise was made"]["rounds"][0]
    # the votes tell p2's bit, not p3's: the worlds where p2 did not promise keep their odds of p3's, 9 to 1
    assert failed["belief_after_votes"] == {"p3 promised and p2 did not": "9/10", "no subgroup promise was made": "1/10"}


def test_a_vote_among_two_promises_is_explained_by_each_worlds_chance(capsys):
    code, out, _ = run(capsys, *TWO_PROMISES, "--why", "offer round 1", "--why", "p3 vote round 1")
    assert code == 0
    assert ("Where p3 promised and p2 did not: p1 offers p3:0 p2:1 p1:2 in round 1: it passes where p2 and p3 "
            "promised: a chance of 9/10 to live and 9/5 coins expected, worth 17/10 for him") in out
    assert ("Where p2 promised and p3 did not: p3 votes no on p3:0 p2:1 p1:2 in round 1: he knows p2 promised and p3 "
            "did not; if the offer fails, what follows gives him 3 coins, against the 0 coins offered.") in out


def test_an_insiders_vote_is_explained_by_what_the_other_vote_would_tell(capsys):
    # four pirates, two coins, p3's promise to p2 (made): p3 is offered the coin round 2 would give him,
    # and votes yes, since a no would sink the offer and be read as telling that no promise was made
    code, out, _ = run(capsys, "pirates", "-n", "4", "-m", "2", "--promise", "p3: 2 0 to p2", "--beliefs", "odds",
                       "--why", "p3 vote round 1", "--why", "p2 vote round 1")
    assert code == 0
    assert ("Where the promise was made: p3 votes yes on p4:0 p3:1 p2:0 p1:1 in round 1: he heard the promise and "
            "knows it was made; if the offer fails, what follows gives him 1 coin, against the 1 coin offered; "
            "voting no, the offer would fail and tell the others that the promise was not made, and leave him "
            "0 coins.") in out
    # p2's vote changes nothing for him: his answer says no more than what follows a failed offer
    assert ("p2 votes no on p4:0 p3:1 p2:0 p1:1 in round 1: he heard the promise and knows it was made; if the "
            "offer fails, what follows gives him 1 coin, against the 0 coins offered.") in out


def test_a_vote_that_decides_nothing_cast_against_the_seeds_rule_says_why(capsys):
    # tests/test_pirates_odds.py, worked by hand: p4 is offered nothing and votes yes where the promise
    # was not made, since p3's yes passes the offer anyway and no votes settle by the seed's rule
    code, out, _ = run(capsys, "pirates", "-n", "4", "-m", "3", "--promise", "p3: 2 1 to p4", "--beliefs", "odds",
                       "--promise-chance", "1/10", "--death-value", "-1", "--why", "p4 vote round 1")
    assert code == 0
    assert ("Where the promise was not made: p4 votes yes on p4:0 p3:1 p2:0 p1:2 in round 1: he heard the promise "
            "and knows it was not made; if the offer fails, what follows gives him 1 coin, against the 0 coins "
            "offered; but his vote changes nothing for him (voting no would leave him the same), and where those "
            "who heard the promise vote yes only when offered more, no votes of theirs settle, so he votes yes: "
            "the votes tell the others that the promise was not made.") in out
    # where it was made he votes by the rule, and his answer says no more
    assert ("Where the promise was made: p4 votes no on p4:0 p3:1 p2:0 p1:2 in round 1: he heard the promise and "
            "knows it was made; if the offer fails, what follows gives him 0 coins, against the 0 coins "
            "offered.\n") in out


def test_a_vote_a_proposers_offers_rest_on_says_so(capsys):
    # tests/test_pirates_odds.py, worked by hand: where p2 promised, his vote on p1's keeping the coin
    # decides nothing for him, and p1's offers rest on his voting yes there
    code, out, _ = run(capsys, "pirates", "-n", "4", "-m", "1", "--promise", "p2: 0 1 0 to p1", "--promise",
                       "p3: 1 0 to p2", "--beliefs", "odds", "--promise-chance", "1/10", "--death-value", "-1",
                       "--why", "p2 vote round 1")
    assert code == 0
    assert ("Where p2 and p3 promised: p2 votes yes on p4:0 p3:0 p2:0 p1:1 in round 1: he knows p2 and p3 "
            "promised; if the offer fails, what follows gives him 0 coins, against the 0 coins offered; but his vote "
            "changes nothing for him (voting no would leave him the same), and where those who heard a promise vote "
            "yes only when offered more, no pure play of p1's offers is found, so he votes yes.\n") in out
