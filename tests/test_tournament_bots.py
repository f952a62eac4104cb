"""The tournament's bots, its runner and its log (seed 001,
/work/shared/seeds/001_511e154ace0c742c.txt): the rational pirate against the classic
pirate game, reproducible runs over loopback, and a replay that catches every altered figure."""

from __future__ import annotations

import asyncio
import copy
import json
import math

import pytest
from cli_runs import HUNG
from hypothesis import given, settings
from hypothesis import strategies as st

from epistemic.models.tournament import (Cooperator, Defector, LogMismatch, RationalPirate, TitForTat,
                                         TournamentError, check_file, check_log, game_record, leader_survives,
                                         strategy, tournament)


def _votes(pirates, shares, amount):
    votes = {}
    for name in pirates[1:]:
        voter = RationalPirate()
        voter.start(name)
        votes[name] = "C" if voter.vote(amount, pirates, shares) else "T"
    return votes


@settings(max_examples=60, deadline=None)
@given(st.integers(2, 40), st.integers(0, 500))
def test_the_rational_pirate_buys_the_cheapest_votes(n, extra):
    """With at least half the votes needed, the leader's own counting, and voters who accept only
    more than they would get next, the leader pays 1 to each of ceil(n/2) - 1 voters who would
    get nothing and keeps the rest (the classic pirate game, Stewart 1999), and his rational
    crew accepts."""
    bought = math.ceil(n / 2) - 1
    amount = bought + extra
    pirates = [f"p{i}" for i in range(n)]
    leader = RationalPirate()
    leader.start("p0")
    shares = leader.propose(amount, pirates)
    assert sum(shares.values()) == amount and list(shares) == pirates
    assert shares["p0"] == amount - bought
    assert sorted(shares[p] for p in pirates[1:]) == [0] * (n - 1 - bought) + [1] * bought
    assert leader_survives(_votes(pirates, shares, amount))


def test_the_rational_pirate_votes_against_what_it_would_get_anyway():
    """Three pirates and 24: if the leader goes over, the second leads two and takes all 24,
    so he refuses anything up to 24; the third would get nothing, so 1 buys him."""
    second, third = RationalPirate(), RationalPirate()
    second.start("b")
    third.start("c")
    pirates = ["a", "b", "c"]
    assert not second.vote(24, pirates, {"a": 0, "b": 24, "c": 0})
    assert not third.vote(24, pirates, {"a": 24, "b": 0, "c": 0})
    assert third.vote(24, pirates, {"a": 23, "b": 0, "c": 1})


def test_a_crew_of_rational_pirates_over_tcp():
    """Seven rational pirates cooperate: one group, 21 CC links, a bounty of 210; the leader
    keeps 207 and pays 1 each to three, who accept."""
    played = asyncio.run(tournament([RationalPirate() for _ in range(7)], rounds=1, seed=3, timeout=HUNG))
    (entry,) = played.game.log[0]["groups"]
    assert entry["bounty"] == 210
    (proposal,) = entry["proposals"]
    assert proposal["accepted"] and proposal["shares"][entry["ranking"][0]] == 207
    assert sorted(proposal["shares"].values()) == [0, 0, 0, 1, 1, 1, 207]


def test_tit_for_tat_answers_as_it_was_answered():
    """Against a defector: C in the first round, T from the second on; with a cooperator, C throughout."""
    played = asyncio.run(tournament([TitForTat(), Defector(), Cooperator()], rounds=3, seed=1, timeout=HUNG))
    rows = [record["choices"]["TitForTat-0"] for record in played.game.log]
    assert rows == ["-CC", "-TC", "-TC"]


def _lineup():
    return [Cooperator(), Defector(), TitForTat(), RationalPirate(), Cooperator(), RationalPirate()]


def test_a_run_is_reproducible_with_a_seed_and_its_log_checks():
    first = asyncio.run(tournament(_lineup(), rounds=4, seed=11, timeout=HUNG)).game
    again = asyncio.run(tournament(_lineup(), rounds=4, seed=11, timeout=HUNG)).game
    assert first.log == again.log and first.scores == again.scores
    checked = check_log(game_record(first, seed=11))
    assert checked.scores == first.scores and checked.rounds == 4 and checked.players == 6
    # the scores of the log are the sum of the accepted shares, added here from the proposals
    totals = dict.fromkeys(first.scores, 0)
    for record in first.log:
        for entry in record["groups"]:
            accepted = [p for p in entry["proposals"] if p["accepted"]]
            for name, share in (accepted[0]["shares"] if accepted else {entry["ranking"][-1]: entry["bounty"]}).items():
                totals[name] += share
    assert totals == first.scores


def _record():
    return game_record(asyncio.run(tournament(_lineup(), rounds=3, seed=11, timeout=HUNG)).game, seed=11)


def _first_proposals(data):
    return next(e for r in data["log"] for e in r["groups"] if e["proposals"])


def _unseeded_and_reversed(data):
    """No seed, so no draw to replay; a ranking of pirates of different scores, reversed."""
    data["seed"] = None
    entry = next(e for r in data["log"][1:] for e in r["groups"] if len(e["ranking"]) > 2)
    entry["ranking"].reverse()


ALTERATIONS = {
    "a bounty": (lambda d: _first_proposals(d).__setitem__("bounty", _first_proposals(d)["bounty"] + 1),
                 "bounty"),
    "a vote": (lambda d: _flip_vote(_first_proposals(d)["proposals"][0]), "accepted"),
    "a choice": (lambda d: d["log"][0]["choices"].__setitem__("Defect-1", "C-CCCC"), "groups"),
    "a score": (lambda d: d["log"][1]["scores"].__setitem__("Coop-0", d["log"][1]["scores"]["Coop-0"] + 5),
                "round 2: scores"),
    "a thrown leader playing on": (lambda d: d["log"][0].__setitem__("thrown", []), "thrown"),
    "a final score": (lambda d: d["scores"].__setitem__("Defect-1", 1), "final scores"),
    "the ranking": (lambda d: _first_proposals(d)["ranking"].reverse(), "ranking"),
    "a ranking not by score": (_unseeded_and_reversed, "is not the group by score"),
    "a round left out": (lambda d: d["log"].pop(), "rounds: the log says 3 and holds 2"),
}


def _flip_vote(proposal):
    """Turn the vote that decides the proposal: enough Ts to throw the leader, or Cs to keep him."""
    votes = proposal["votes"]
    for name in votes:
        votes[name] = "C" if not proposal["accepted"] else "T"


@pytest.mark.parametrize("what", sorted(ALTERATIONS))
def test_the_replay_catches_an_altered_figure(what):
    data = _record()
    check_log(copy.deepcopy(data))
    check_log({**copy.deepcopy(data), "seed": None})
    alter, named = ALTERATIONS[what]
    alter(data)
    with pytest.raises(LogMismatch, match=named):
        check_log(data)


def test_strategies_by_file_and_module():
    assert strategy("docs/examples/grudger_bot.py:Grudger").__name__ == "Grudger"
    assert strategy("epistemic.models.tournament.bots:TitForTat") is TitForTat
    for bad, says in [("nowhere.py:Bot", "no file"), ("epistemic.models.tournament:Server", "no Bot subclass"),
                      ("no_such_module_here:Bot", "cannot load"), ("coop:", "unknown strategy")]:
        with pytest.raises(TournamentError, match=says):
            strategy(bad)


def test_a_lone_rational_pirate_keeps_everything():
    """The seed's original server asks even a lone pirate for shares: he takes the whole bounty."""
    pirate = RationalPirate()
    pirate.start("R-0")
    assert pirate.propose(0, ["R-0"]) == {"R-0": 0} and pirate.propose(7, ["R-0"]) == {"R-0": 7}


MALFORMED = {
    "groups as lists": lambda d: d["log"][0].__setitem__("groups", [g["group"] for g in d["log"][0]["groups"]]),
    "a proposal as a number": lambda d: _first_proposals(d).__setitem__("proposals", [1]),
    "accepted as 0 or 1": lambda d: _first_proposals(d)["proposals"][0].__setitem__("accepted", 0),
    "a round without scores": lambda d: d["log"][0].pop("scores"),
    "a group as text": lambda d: d["log"][0]["groups"].__setitem__(0, "x"),
    "names that are numbers": lambda d: d.__setitem__("players", [1, 2]),
    "a seed as text": lambda d: d.__setitem__("seed", "11"),
}


@pytest.mark.parametrize("what", sorted(MALFORMED))
def test_a_malformed_log_is_refused_in_one_line(what):
    data = _record()
    MALFORMED[what](data)
    with pytest.raises(TournamentError) as refused:
        check_log(data)
    assert not isinstance(refused.value, LogMismatch) and "\n" not in str(refused.value)


@pytest.mark.parametrize("what", sorted(ALTERATIONS) + sorted(MALFORMED))
def test_a_log_file_is_checked_as_its_data_is(tmp_path, what):
    """Replayed as it is read from its file, a log gives what it gives read whole: the same
    mismatch, or the same fault, said of the file."""
    data = _record()
    (ALTERATIONS[what][0] if what in ALTERATIONS else MALFORMED[what])(data)
    path = tmp_path / "log.json"
    path.write_text(json.dumps(data, indent=1))
    with pytest.raises(TournamentError) as read_whole:
        check_log(data)
    with pytest.raises(TournamentError) as from_file:
        check_file(path)
    assert type(from_file.value) is type(read_whole.value)
    assert str(from_file.value) == (str(read_whole.value) if isinstance(read_whole.value, LogMismatch)
                                    else f"{path}: not a tournament log: {read_whole.value}")


def test_a_log_nested_too_deep_is_refused_without_recursion():
    from epistemic.models.tournament.log import MAX_DEPTH
    deep: list = []
    for _ in range(100_000):  # far past Python's recursion limit
        deep = [deep]
    with pytest.raises(TournamentError, match=f"nested more than {MAX_DEPTH} deep"):
        check_log({"format": "epistemic-tournament-log", "version": 1, "links": deep})
