"""A whole tournament game over scripted seats: the seed's example transcript, every default,
and scores that add up from the log (seed 001, /work/shared/seeds/001_511e154ace0c742c.txt)."""

from __future__ import annotations

import asyncio

from epistemic.models.tournament.game import Game
from tournament_script import VJEUX_HEARS, Script, gauth_leads


def test_the_seeds_example_transcript():
    seats, game = gauth_leads()
    assert seats.heard["v"] == VJEUX_HEARS
    # the thrown leader hears that he got nothing, and sits out round 2
    assert seats.heard["g"][-4:] == ["EndPirate", "0", "EndPrisoner", "Vjeux-0=24 Gauth-1=0 Felix-2=0"]
    assert game.log[1]["players"] == ["Vjeux-0", "Felix-2"]


def test_the_scores_add_up_from_the_log():
    _, game = gauth_leads()
    totals = {name: 0 for name in game.scores}
    for record in game.log:
        for entry in record["groups"]:
            accepted = [p for p in entry["proposals"] if p["accepted"]]
            assert len(accepted) <= 1
            for proposal in accepted:
                assert sum(proposal["shares"].values()) == entry["bounty"]
                for name, share in proposal["shares"].items():
                    totals[name] += share
            if not accepted and entry["proposals"] == []:  # alone: the bounty, no vote
                totals[entry["group"][0]] += entry["bounty"]
    assert totals == game.scores


def test_silence_gets_every_default():
    """Nobody answers: names Unnamed-n, T to everyone (so every group is one player and every
    bounty 0), and the scores stay 0."""
    seats = Script(lambda seat, question: None)
    game = Game(seats, ["x", "y", "z"], rounds=2, seed=1)
    assert asyncio.run(game.play()) == {"Unnamed-0": 0, "Unnamed-1": 0, "Unnamed-2": 0}
    assert seats.heard["x"][:5] == ["Start", "Unnamed-0", "Prisoner", "Unnamed-0 Unnamed-1 Unnamed-2",
                                    "Unnamed-1=T Unnamed-2=T"]
    assert all(record["groups"] == [{"group": [n], "bounty": 0, "ranking": [n], "proposals": []}
                                    for n in record["players"]] for record in game.log)
    assert game.missed == {"Unnamed-0": 3, "Unnamed-1": 3, "Unnamed-2": 3}  # the name and two Prisoner rounds


def test_an_interrupted_game_keeps_its_whole_rounds():
    """Stopped in round 2, after one group's Pirate game paid out and while another's vote is
    asked: the scores go back to those after round 1, and the log of round 1 checks, saying where
    the game stopped."""
    from epistemic.models.tournament.log import check_log, game_record

    friends = {"a": "b", "b": "a", "c": "d", "d": "c"}
    votes = {"c": 0, "d": 0}

    def answer(seat, question):
        words = question.split()
        if question == "Start":
            return seat
        if words[0].isdigit():  # leading: everything to himself
            return f"{words[1]}={words[0]}"
        if all("=" in word for word in words):  # a vote
            if seat in votes:
                votes[seat] += 1
                if votes[seat] == 2:  # round 2's vote in the group of c and d, after a and b's
                    raise asyncio.CancelledError
            return "C"
        return " ".join(f"{other}={'C' if other.startswith(friends[seat]) else 'T'}" for other in words)
    seats = Script(answer)
    game = Game(seats, list("abcd"), rounds=3, seed=1)
    try:
        asyncio.run(game.play())
    except asyncio.CancelledError:
        pass
    assert game.round == 2 and len(game.log) == 1
    after_one = game.log[0]["scores"]
    assert game.scores != after_one  # the group of a and b was paid in round 2
    game.interrupt()
    assert game.scores == after_one and sorted(after_one.values()) == [0, 0, 10, 10]
    record = game_record(game)
    assert (record["rounds"], record["interrupted"]) == (1, {"round": 2, "of": 3})
    assert check_log(record).interrupted == (2, 3)


def test_a_prisoner_answer_with_both_letters_for_a_player_is_recorded():
    """Ada names Bob with C and then with T: Bob gets the default T from her, so the two play
    apart, and the fault is counted and said in the defaults, as any invalid answer is."""
    def answer(seat, question):
        if question == "Start":
            return seat.title()
        return "Bob-1=C Bob-1=T" if seat == "ada" else "Ada-0=C"
    game = Game(Script(answer), ["ada", "bob"], rounds=1)
    asyncio.run(game.play())
    assert game.log[0]["choices"] == {"Ada-0": "-T", "Bob-1": "C-"}
    assert [entry["group"] for entry in game.log[0]["groups"]] == [["Ada-0"], ["Bob-1"]]
    assert game.invalid == {"Ada-0": 1, "Bob-1": 0} and game.missed == {"Ada-0": 0, "Bob-1": 0}
    assert game.defaults == [{"round": 1, "player": "Ada-0", "asked": "prisoner",
                              "why": "both C and T towards Bob-1: 'Bob-1=C Bob-1=T'", "count": 1}]
