"""The size of a tournament log (seed 001, /work/shared/seeds/001_511e154ace0c742c.txt): the bound
a game is checked against before it is played is never below the size of a real log, whatever
the players answer, and a game let through stays under the limit."""

from __future__ import annotations

import asyncio
import itertools
import json

import pytest

from epistemic.models.tournament import logsize
from epistemic.models.tournament.game import Game
from epistemic.models.tournament.lines import BadLine
from epistemic.models.tournament.log import game_record, save_log
from epistemic.models.tournament.logsize import log_bound
from epistemic.models.tournament.rules import TournamentError
from tournament_script import Script

#: A character past U+FFFF: 12 bytes of JSON (two escapes), the most a character takes there.
FACE = "\U0001F600"


def _every_answer_defaulted(seat, question):
    """Every answer unusable, each with the longest reason: a name of nothing but ``=`` and
    spaces, a Prisoner answer that names nobody (everyone plays alone: no Pirate game)."""
    return "= " * 40 if question == "Start" else FACE * 40 + " x=" * 10


#: The kinds of a vote that gets the default C, each a reason of its own.
_BAD_VOTES = [None, BadLine("not UTF-8"), BadLine("longer than the limit"), BadLine("no end of line in time"),
              BadLine("gone"), FACE * 30]


def _longest_pirate_games():
    """Names as long as they can be, every player but one in one group, and every answer but a
    third of the votes defaulted with the longest reasons: the Prisoner answer leaves the
    round's first player out (and one player's names another with both C and T), a leader gives no whole number to any other, and a third of the votes
    go each voter's round through every kind of default, while the rest say T, so that most
    leaders are thrown over.  The longest proposals and the most defaults a round holds, near
    enough."""
    asked: dict[tuple[str, int], int] = {}
    rounds: dict[str, int] = {}

    def answer(seat, question):
        words = question.split()
        if question == "Start":
            return FACE * 40
        if words[0].isdigit():  # all to himself, and to every other no whole number
            return " ".join([f"{words[1]}={words[0]}"] + [f"{pirate}={FACE * 30}" for pirate in words[2:]])
        if all("=" in word for word in words):
            number = asked[seat, rounds[seat]] = asked.get((seat, rounds[seat]), -1) + 1
            return _BAD_VOTES[number // 3 % len(_BAD_VOTES)] if (number + int(seat[1:])) % 3 == 0 else "T"
        rounds[seat] = rounds.get(seat, 0) + 1
        torn = f" {words[2]}=T" if seat == "s1" and len(words) > 2 else ""  # the longest reason: two faults
        return " ".join(f"{other}=C" for other in words[1:]) + torn
    return answer


def _played(answer, players, rounds):
    game = Game(Script(answer), [f"s{i}" for i in range(players)], rounds=rounds, seed=1)
    asyncio.run(game.play())
    return game


def _sizes(game, path):
    """The size of the game's log as written, and the bound for its players, rounds and names."""
    save_log(path, game_record(game, seed=game.seed))
    name = max(len(json.dumps(name)) for name in game.scores)
    return path.stat().st_size, log_bound(len(game.scores), game.rounds, name=name, links=game.links, seed=game.seed)


@pytest.mark.parametrize("players, rounds", [(3, 2), (40, 3), (140, 5)])
def test_the_bound_holds_for_games_with_every_answer_defaulted(tmp_path, players, rounds):
    """With 140 players and 5 rounds such a log takes about 550 KB, where the game was once
    checked against 126 KB: the defaults were not counted."""
    game = _played(_every_answer_defaulted, players, rounds)
    assert all(not entry["proposals"] for record in game.log for entry in record["groups"])
    assert len(game.defaults) == players * (rounds + 1)
    real, bound = _sizes(game, tmp_path / "game.json")
    assert real <= bound, (real, bound)


@pytest.mark.parametrize("players, rounds", [(20, 1), (60, 1), (100, 1), (40, 3)])
def test_the_bound_holds_and_is_close_for_the_longest_pirate_games(tmp_path, players, rounds):
    """Cooperators who throw every leader over fill a round with shares and votes (200 of them
    made a log 13 times the size the game was once checked against): the bound is above the
    log, and, for one round, within twice its size (in the next, those thrown over sit out)."""
    game = _played(_longest_pirate_games(), players, rounds)
    proposals = [sum(len(entry["proposals"]) for entry in record["groups"]) for record in game.log]
    assert max(proposals) >= (players - 1) * 2 // 3  # most leaders of a round thrown over
    real, bound = _sizes(game, tmp_path / "game.json")
    assert real <= bound and (rounds > 1 or bound <= 2 * real), (real, bound)


def _parts(path):
    """The bytes of a log file but its rounds and defaults, of its largest round, and of its defaults."""
    data = json.loads(path.read_text())

    def indented(value, spaces):  # as it is written at ``spaces`` deep, with its comma and end of line
        text = json.dumps(value, indent=1)
        return len(text.encode()) + spaces * text.count("\n") + spaces + 2
    rounds = [indented(record, 2) for record in data["log"]]
    given = indented(data["defaults"], 1) - 1  # the list's first line is on its key's
    return path.stat().st_size - sum(rounds) - given, max(rounds), given


@pytest.mark.parametrize("answer, players, rounds", [(_every_answer_defaulted, 140, 2),
                                                     (_longest_pirate_games(), 60, 1)])
def test_each_part_of_the_bound_holds(tmp_path, answer, players, rounds):
    """All but the rounds and the defaults, the largest round and the defaults are each within
    their part of the bound, so that no part of the log is left out of it; the parts that
    the longest Pirate games fill are within twice their bound."""
    from epistemic.models.tournament.logsize import bound_parts
    game = _played(answer, players, rounds)
    if answer is not _every_answer_defaulted:  # every kind of default a round can hold
        kinds = {row["why"].split(":")[0] for row in game.defaults}
        named = ("no C or T towards ", "no whole number for ")
        assert all(any(kind.startswith(words) for kind in kinds) for words in named)
        assert any("; both C and T towards " in kind for kind in kinds)
        assert kinds >= {"no answer in time", "not UTF-8", "longer than the limit", "no end of line in time", "gone",
                         "neither C nor T"}
    save_log(tmp_path / "game.json", game_record(game, seed=1))
    name = max(len(json.dumps(name)) for name in game.scores)
    real, bound = _parts(tmp_path / "game.json"), bound_parts(players, rounds, name=name, seed=1)
    assert all(got <= most for got, most in zip(real, bound)), (real, bound)
    if answer is not _every_answer_defaulted:
        assert all(2 * got >= most for got, most in zip(real, bound)), (real, bound)


def test_the_longest_reason_for_a_prisoner_answer_is_within_its_bound():
    """No C or T towards one player and both towards another, each of the longest name a log
    can hold: the reason kept is within the bound of a Prisoner answer's reason."""
    from epistemic.models.tournament.logsize import _prisoner_why
    from epistemic.models.tournament.rules import read_choices, unique_name

    me, torn, missing = (unique_name(FACE * 40, number) for number in (997, 998, 999))
    _, why = read_choices(f"{torn}=C {torn}=T", me, [me, torn, missing])
    assert why.startswith(f"no C or T towards {missing}; both C and T towards {torn}: ")
    assert len(json.dumps(why)) <= _prisoner_why(len(json.dumps(torn)), 3)


def test_a_game_let_through_stays_under_the_limit_and_one_more_round_is_refused(tmp_path, monkeypatch):
    """With the limit at the bound of 20 such players for 3 rounds, the game is played and its
    log is under the limit; a 4th round is refused once the names are known, before any round:
    the players hear that the game is over."""
    first = _played(_longest_pirate_games(), 20, 3)
    name = max(len(json.dumps(name)) for name in first.scores)
    monkeypatch.setattr(logsize, "MAX_LOG_BYTES", log_bound(20, 3, name=name, seed=1))
    game = _played(_longest_pirate_games(), 20, 3)
    save_log(tmp_path / "game.json", game_record(game, seed=1))
    assert (tmp_path / "game.json").stat().st_size <= logsize.MAX_LOG_BYTES
    seats = Script(_longest_pirate_games())
    refused = Game(seats, [f"s{i}" for i in range(20)], rounds=4, seed=1)
    with pytest.raises(TournamentError, match=rf"4 rounds of 20 players named so \(up to {name} bytes a name\)"):
        asyncio.run(refused.play())
    assert refused.log == [] and seats.heard["s0"][2:] == ["EndPrisoner", " ".join(f"{n}=0" for n in refused.scores)]


def test_short_names_are_let_through_where_long_ones_are_not(monkeypatch):
    """The same game, refused for names of 32 characters, is played with names of one."""
    monkeypatch.setattr(logsize, "MAX_LOG_BYTES", log_bound(5, 2, name=len('"A-0"'), seed=1))

    def named(name):
        return lambda seat, question: name if question == "Start" else None
    assert _played(named("A"), 5, 2).log
    with pytest.raises(TournamentError, match="could make a log of"):
        _played(named("A" * 32), 5, 2)


def test_a_voter_who_sends_another_word_each_time_adds_one_entry():
    """Defaults of one kind given in one round are one entry, quoting the first line, however
    many lines differ: a round's defaults stay a few for each player (logsize.QUOTING_A_ROUND and the others)."""
    words = itertools.count()

    def answer(seat, question):
        parts = question.split()
        if question == "Start":
            return seat
        if parts[0].isdigit():
            return f"{parts[1]}={parts[0]}"
        if all("=" in part for part in parts):
            return f"maybe{next(words)}" if seat in "hi" else "T"  # two of nine: the leaders go over
        return " ".join(f"{other}=C" for other in parts)
    game = Game(Script(answer), list("abcdefghi"), rounds=1, seed=3)
    asyncio.run(game.play())
    said = [row for row in game.defaults if row["asked"] == "vote"]
    assert {row["player"] for row in said} == {"h-7", "i-8"}
    assert all(row["why"].startswith("neither C nor T: 'maybe") for row in said)
    assert sum(row["count"] for row in said) == sum(game.invalid.values()) > len(said)
