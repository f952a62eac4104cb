"""The log of a tournament game as JSON, and a replay that checks it (seed ``001``).

A log keeps what the players answered (after the defaults) and what the
game made of it, round by round::

    {"format": "epistemic-tournament-log", "version": 1,
     "rounds": 5, "links": {"CC": 10, "CT": 4, "TC": 4, "TT": 0}, "seed": 7,
     "players": ["Vjeux-0", "Gauth-1", "Felix-2"],
     "log": [{"round": 1, "players": [...],
              "choices": {"Vjeux-0": "-CC", ...},
              "groups": [{"group": [...], "bounty": 24, "ranking": [...],
                          "proposals": [{"leader": ..., "shares": {...}, "votes": {...},
                                         "accepted": false}, ...]}],
              "thrown": ["Gauth-1"], "scores": {...}}, ...],
     "scores": {...}, "missed": {...}, "invalid": {...},
     "defaults": [{"round": 1, "player": "Gauth-1", "asked": "vote",
                   "why": "neither C nor T: 'maybe'", "count": 1}, ...]}

``choices[a]`` has one letter per player of the round, in order: what
``a`` answered towards him, ``-`` for himself.  ``defaults`` says every
default a player got, why, and in which round (0 for the names).  The log
of a game stopped before its end holds the rounds played whole, with
``"interrupted": {"round": R, "of": N}``.  :func:`check_log` plays
the rules again from the answers alone (the groups, the bounties, the
rankings by score, the votes, who was thrown and who sat out, the scores)
and raises :class:`~.rules.TournamentError` at the first thing the log
gets wrong; :func:`check_file` does so as it reads a log's file, a round at
a time.
"""

from __future__ import annotations

import json
import random
from collections.abc import Iterator, Mapping
from pathlib import Path
from typing import TYPE_CHECKING, Any

import attrs

from epistemic.files import json_from, read_limited, write_bytes

from .cooperation import Cooperation
from .jsonstream import ObjectStream
from .logsize import MAX_LOG_BYTES
from .rules import TournamentError, leader_survives, rank

if TYPE_CHECKING:  # a record is made of a game; the game itself needs nothing of this module
    from .game import Game

__all__ = ["FORMAT", "VERSION", "MAX_LOG_BYTES", "game_record", "check_log", "check_file", "read_log", "save_log",
           "Checked", "LogMismatch"]

FORMAT = "epistemic-tournament-log"
VERSION = 1


class LogMismatch(TournamentError):
    """A log whose figures are not what its answers give."""


def game_record(game: Game, *, seed: int | None = None) -> dict[str, Any]:
    """The whole game as plain data, ready for :func:`json.dumps`; of a game interrupted
    (:meth:`~.game.Game.interrupt`), the rounds it played whole."""
    record = {"format": FORMAT, "version": VERSION, "rounds": len(game.log) if game.interrupted else game.rounds,
              "links": dict(game.links), "seed": seed, "players": list(game.scores), "log": game.log,
              "scores": dict(game.scores), "missed": dict(game.missed), "invalid": dict(game.invalid),
              "defaults": game.defaults}
    if game.interrupted:
        record["interrupted"] = {"round": game.round, "of": game.rounds}
    return record


@attrs.frozen
class Checked:
    """What a log that checks out holds."""

    players: int
    rounds: int
    proposals: int
    thrown: int
    scores: Mapping[str, int]
    #: ``(round, rounds)``: the round a game stopped in and the rounds it was to have, or None
    interrupted: tuple[int, int] | None = None


def save_log(path: str | Path, record: Mapping[str, Any]) -> None:
    """Write ``record`` to ``path`` as JSON, whole or not at all (:func:`epistemic.files.write_bytes`)."""
    write_bytes(json.dumps(record, indent=1).encode("utf-8"), path, TournamentError)


def read_log(path: str | Path) -> dict[str, Any]:
    """The log saved at ``path``, read within :data:`MAX_LOG_BYTES`."""
    def fault(message: str) -> TournamentError:
        return TournamentError(f"{path}: {message}")

    return json_from(read_limited(path, MAX_LOG_BYTES, "a log", fault), fault)


def _get(data: Any, key: str, kind: type, where: str) -> Any:
    """``data[key]``, checked to be a ``kind``; ``where`` names the place, as a prefix."""
    if not isinstance(data, dict):
        raise TournamentError(f"{where.strip() or 'the log'}: expected an object with {key!r}, "
                              f"got {type(data).__name__}")
    if key not in data:
        raise TournamentError(f"{where}{key}: missing")
    value = data[key]
    if not isinstance(value, kind) or (kind is int and isinstance(value, bool)):
        raise TournamentError(f"{where}{key}: expected {_KINDS[kind]}, got {_short(value)}")
    return value


_KINDS = {int: "a whole number", str: "a name", bool: "true or false", list: "a list", dict: "an object"}


def _same(what: str, replayed: Any, logged: Any) -> None:
    # compared as JSON, so that 1 and 1.0, or 1 and true, differ as they do in the file
    if json.dumps(replayed, sort_keys=True) != json.dumps(logged, sort_keys=True):
        raise LogMismatch(f"{what}: the replay gives {_short(replayed)}, the log says {_short(logged)}")


def _short(value: Any) -> str:
    text = json.dumps(value)
    return text if len(text) <= 80 else text[:77] + "..."


def _names(value: list, what: str) -> list[str]:
    if not all(isinstance(name, str) for name in value):
        raise TournamentError(f"{what}: expected names")
    return value


#: How deep a log's lists and objects may nest (a log written here nests 5 deep).
MAX_DEPTH = 16


def _check_depth(data: Any, depth: int = 1) -> None:
    """Refuse data nested deeper than :data:`MAX_DEPTH`, ``depth`` deep itself, without recursion."""
    stack = [(data, depth)]
    while stack:
        value, depth = stack.pop()
        if isinstance(value, (list, dict)):
            if depth > MAX_DEPTH:
                raise TournamentError(f"nested more than {MAX_DEPTH} deep: this is no log")
            stack.extend((item, depth + 1) for item in (value.values() if isinstance(value, dict) else value))


def check_log(data: Any) -> Checked:
    """Play the log's rounds again from its answers; what it holds if every figure agrees.

    With the log's seed the rankings are drawn again, ties and all;
    without one, each ranking must be its group ordered by score.

    Raises
    ------
    LogMismatch
        Naming the round, the group and the figure that disagrees.
    TournamentError
        When ``data`` is not shaped as a log.
    """
    _check_depth(data)
    replay = _Replay(data)
    for record in _get(data, "log", list, ""):
        replay.round(record)
    return replay.end(data)


#: The members a replay needs before the rounds, in the order a log is written.
_HEAD = ("format", "version", "links", "seed", "players")
#: The members whose lists are read an item at a time.
_LONG = ("log", "defaults")


class _Unreadable(TournamentError):
    """A log file that cannot be read as JSON (its message names the file)."""


def check_file(path: str | Path) -> Checked:
    """:func:`check_log` of the log saved at ``path``, read as it is replayed: one round at a
    time, within the memory a round takes, whatever the number of rounds (and within
    :data:`MAX_LOG_BYTES` of file).

    A log whose members come in another order than they are written, its rounds before the
    players, is read twice: for the rest, then for its rounds.

    Raises
    ------
    LogMismatch
        As :func:`check_log`.
    TournamentError
        Naming the file: one that cannot be read as JSON (as :func:`read_log` says), or whose
        JSON is not shaped as a log (``not a tournament log: ...``).
    """
    def stream() -> ObjectStream:
        return ObjectStream(path, MAX_LOG_BYTES, "a log", lambda message: _Unreadable(f"{path}: {message}"),
                            lists=_LONG)
    try:
        with stream() as reading:
            if not reading.holds_object():
                return check_log(reading.whole())
            head, replay = _read_around(reading)
        if replay is None:
            replay = _Replay(head)
            _get(head, "log", list, "")
            with stream() as reading:
                for key, records in reading.members():
                    if key == "log":
                        _replay_rounds(replay, records)
        return replay.end(head)
    except (LogMismatch, _Unreadable):
        raise
    except TournamentError as error:
        raise TournamentError(f"{path}: not a tournament log: {error}") from None


def _read_around(reading: ObjectStream) -> tuple[dict[str, Any], _Replay | None]:
    """The members of the log read by ``reading``, each long list but an empty one standing for
    it, its items read and let go; and the replay of its rounds, where they came after the
    members the replay needs (else None)."""
    head: dict[str, Any] = {}
    replay = None
    for key, value in reading.members():
        if key in head:
            raise TournamentError(f"{key}: given twice")
        if key not in _LONG or not isinstance(value, Iterator):  # a value read whole
            _check_depth(value, 2)
            head[key] = value
            continue
        head[key] = []
        if key == "log" and all(name in head for name in _HEAD):
            replay = _Replay(head)
            _replay_rounds(replay, value)
        else:
            for item in value:
                _check_depth(item, 3)
    return head, replay


def _replay_rounds(replay: _Replay, records: Iterator[Any]) -> None:
    for record in records:
        _check_depth(record, 3)
        replay.round(record)


class _Replay:
    """The rules played again from a log's answers: from the members before its rounds (format,
    version, links, seed and players), then round by round (:meth:`round`), to what the log
    holds (:meth:`end`)."""

    def __init__(self, data: Any) -> None:
        if not isinstance(data, dict) or data.get("format") != FORMAT:
            raise TournamentError(f"expected \"format\": {FORMAT!r}")
        if data.get("version") != VERSION:
            raise TournamentError(f"version: expected {VERSION}, got {_short(data.get('version'))}")
        self.links = _get(data, "links", dict, "")
        if sorted(self.links) != ["CC", "CT", "TC", "TT"] or not all(type(v) is int for v in self.links.values()):
            raise TournamentError("links: expected whole numbers for CC, CT, TC and TT")
        seed = data.get("seed")
        if seed is not None and type(seed) is not int:
            raise TournamentError(f"seed: expected a whole number or null, got {_short(seed)}")
        self.draw = None if seed is None else random.Random(seed)
        self.everyone = _names(_get(data, "players", list, ""), "players")
        if len(set(self.everyone)) != len(self.everyone):
            raise TournamentError("players: expected distinct names")
        self.scores = {name: 0 for name in self.everyone}
        self.overboard: set[str] = set()
        self.rounds = self.proposals = self.thrown = 0

    def round(self, record: Any) -> None:
        """Play the next round again from its record, and compare every figure."""
        self.rounds += 1
        where, scores = f"round {self.rounds}", self.scores
        _same(f"{where}: number", self.rounds, _get(record, "round", int, where + " "))
        playing = [name for name in self.everyone if name not in self.overboard]
        _same(f"{where}: players (those not thrown last round)", playing, _get(record, "players", list, where + " "))
        rows = _get(record, "choices", dict, where + " ")
        _check_choices(rows, playing, where)
        round_ = Cooperation(playing, [rows[name] for name in playing])
        logged = _get(record, "groups", list, where + " ")
        found = round_.groups()
        _same(f"{where}: groups", found, [_get(g, "group", list, where + " ") for g in logged])
        thrown: list[str] = []
        for group, entry in zip(found, logged):
            here = f"{where}, group of {group[0]}"
            amount = round_.bounty(group, self.links)
            _same(f"{here}: bounty", amount, _get(entry, "bounty", int, here + " "))
            ranking = _names(_get(entry, "ranking", list, here + " "), f"{here}: ranking")
            if self.draw is not None:
                _same(f"{here}: ranking (drawn again with the seed)", rank(group, scores, self.draw), ranking)
            elif sorted(ranking) != sorted(group) or any(scores[a] < scores[b] for a, b in zip(ranking, ranking[1:])):
                raise LogMismatch(f"{here}: ranking {_short(ranking)} is not the group by score")
            played = _get(entry, "proposals", list, here + " ")
            for name, share in _pirates(ranking, amount, played, thrown, here).items():
                scores[name] += share
            self.proposals += len(played)
        self.thrown += len(thrown)
        _same(f"{where}: thrown overboard", thrown, _get(record, "thrown", list, where + " "))
        _same(f"{where}: scores", scores, _get(record, "scores", dict, where + " "))
        self.overboard = set(thrown)

    def end(self, data: dict[str, Any]) -> Checked:
        """What the log holds, once its rounds are replayed: the count of rounds and the final
        scores it says compared, and where it says it was interrupted."""
        if _get(data, "rounds", int, "") != self.rounds:
            raise LogMismatch(f"rounds: the log says {data['rounds']} and holds {self.rounds}")
        _same("final scores", self.scores, _get(data, "scores", dict, ""))
        stopped = data.get("interrupted")
        if stopped is not None:
            stopped = (_get(stopped, "round", int, "interrupted "), _get(stopped, "of", int, "interrupted "))
        return Checked(len(self.everyone), self.rounds, self.proposals, self.thrown, self.scores, stopped)


def _check_choices(rows: dict, playing: list[str], where: str) -> None:
    if sorted(rows) != sorted(playing):
        raise TournamentError(f"{where}: choices are not those of the round's players")
    for me, row in rows.items():
        if not isinstance(row, str) or len(row) != len(playing) or any(
                (letter != "-") if other == me else (letter not in "CT") for letter, other in zip(row, playing)):
            raise TournamentError(f"{where}: choices of {me}: expected one letter per player, "
                                  f"C or T, and - for himself, got {_short(row)}")


def _pirates(ranking: list[str], amount: int, proposals: list, thrown: list[str], here: str) -> dict[str, int]:
    """Replay one Pirate game: the shares it ends with, the thrown leaders added to ``thrown``."""
    pirates = list(ranking)
    for i, proposal in enumerate(proposals):
        what = f"{here}, proposal {i + 1}"
        if len(pirates) < 2:
            raise LogMismatch(f"{what}: a lone pirate takes the bounty without a vote")
        _same(f"{what}: leader", pirates[0], _get(proposal, "leader", str, what + " "))
        shares = _get(proposal, "shares", dict, what + " ")
        if sorted(shares) != sorted(pirates) or any(type(v) is not int or v < 0 for v in shares.values()) \
                or sum(shares.values()) != amount:
            raise TournamentError(f"{what}: shares are not whole numbers for every pirate adding up to {amount}")
        votes = _get(proposal, "votes", dict, what + " ")
        if sorted(votes) != sorted(pirates[1:]) or any(v not in ("C", "T") for v in votes.values()):
            raise TournamentError(f"{what}: votes are not C or T from every pirate but the leader")
        survives = leader_survives(votes)
        _same(f"{what}: accepted", survives, _get(proposal, "accepted", bool, what + " "))
        if survives:
            if i != len(proposals) - 1:
                raise LogMismatch(f"{what}: the shares were accepted, yet the game went on")
            return dict(shares)
        thrown.append(pirates.pop(0))
    if len(pirates) != 1:
        raise LogMismatch(f"{here}: the Pirate game ends with no accepted shares")
    return {pirates[0]: amount}
