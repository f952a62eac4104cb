"""The rules of a Prisoner-and-Pirate round, apart from any connection (seed ``001``).

A *Prisoner* round: every player answers C (cooperate) or T (betray) to
every other.  Mutual C links join players into groups, the connected
components.  A group's bounty is the sum of its internal links, each worth
what the pair of answers is worth (:data:`LINKS`: CC 10, CT 4, TT 0).

A *Pirate* game in each group: the pirates in order of score, the leader
proposes shares of the bounty, the others vote; the leader counts as
agreeing, and is thrown overboard when more vote T than C.  A thrown
leader sits out the next Prisoner round.

A missing or invalid answer gets the seed's default: the name
``Unnamed``, T towards everyone, the whole bounty to the leader, C for a
vote.  Each ``parse_*`` function reads one line and returns the answer,
the defaults filled in where the line says nothing valid.

Examples
--------
>>> choices = {"Vjeux-0": {"Gauth-1": "C", "Felix-2": "C"},
...            "Gauth-1": {"Vjeux-0": "T", "Felix-2": "C"},
...            "Felix-2": {"Vjeux-0": "C", "Gauth-1": "C"}}
>>> groups(["Vjeux-0", "Gauth-1", "Felix-2"], choices)
[['Vjeux-0', 'Gauth-1', 'Felix-2']]
>>> bounty(["Vjeux-0", "Gauth-1", "Felix-2"], choices)
24
"""

from __future__ import annotations

import random
import re
from collections.abc import Mapping, Sequence

import networkx as nx

from epistemic.errors import EpistemicError

__all__ = ["LINKS", "DEFAULT_NAME", "MAX_NAME", "MAX_DIGITS", "whole", "pairs", "unique_name", "rank", "parse_choices", "groups", "bounty", "parse_shares",
           "parse_vote", "leader_survives", "answers_question", "Choices", "TournamentError"]

#: What a link between two players is worth, by their two answers (seed ``001``'s README).
LINKS: Mapping[str, int] = {"CC": 10, "CT": 4, "TC": 4, "TT": 0}
#: The name of a player who gives none.
DEFAULT_NAME = "Unnamed"
#: The most digits a number in a line may have: more than any bounty, and few enough to read at once.
MAX_DIGITS = 18
#: The longest name a player keeps, before his ``-number``.
MAX_NAME = 32

#: ``choices[a][b]``: what ``a`` answered towards ``b``, ``"C"`` or ``"T"``.
Choices = Mapping[str, Mapping[str, str]]

_NOT_IN_A_NAME = re.compile(r"[=\s]+")


def unique_name(line: str | None, number: int) -> str:
    """The player's name made unique: what he sent, without ``=`` or spaces and cut to
    :data:`MAX_NAME` characters, then ``-number``.

    Every player hears every name in each round, so a name is kept short.

    >>> unique_name("Vjeux", 0), unique_name(" a = b ", 3), unique_name(None, 7), unique_name("==", 8)
    ('Vjeux-0', 'ab-3', 'Unnamed-7', 'Unnamed-8')
    >>> unique_name("x" * 100, 9) == "x" * MAX_NAME + "-9"
    True
    """
    cleaned = _NOT_IN_A_NAME.sub("", line or "")[:MAX_NAME]
    return f"{cleaned or DEFAULT_NAME}-{number}"


def rank(pirates: Sequence[str], scores: Mapping[str, int], draw: random.Random) -> list[str]:
    """The pirates by score, highest first, ties in an order drawn from ``draw``.

    >>> rank(["a", "b", "c"], {"a": 5, "b": 7, "c": 5}, random.Random(1))
    ['b', 'a', 'c']
    """
    return sorted(draw.sample(list(pirates), len(pirates)), key=lambda name: -scores[name])


def whole(text: str) -> bool:
    """Whether ``text`` is a whole number in ASCII digits, short enough to read (:data:`MAX_DIGITS`).

    >>> whole("24"), whole("-1"), whole("²"), whole("9" * 5000)
    (True, False, False, False)
    """
    return text.isascii() and text.isdigit() and len(text) <= MAX_DIGITS


def pairs(line: str | None) -> list[tuple[str, str]]:
    """The ``key=value`` items of a line, in order.

    >>> pairs("a=C b=T junk c=")
    [('a', 'C'), ('b', 'T'), ('c', '')]
    """
    return [(key, value) for key, sep, value in (item.partition("=") for item in (line or "").split()) if sep]


def parse_choices(line: str | None, me: str, players: Sequence[str]) -> dict[str, str]:
    """``me``'s answers towards the other ``players``, from ``name=C|T`` items; T where none is valid.

    >>> parse_choices("Gauth-1=C Felix-2=X Nobody=C", "Vjeux-0", ["Vjeux-0", "Gauth-1", "Felix-2"])
    {'Gauth-1': 'C', 'Felix-2': 'T'}
    """
    answers = {other: "T" for other in players if other != me}
    for name, answer in pairs(line):
        if name in answers and answer in ("C", "T"):
            answers[name] = answer
    return answers


def groups(players: Sequence[str], choices: Choices) -> list[list[str]]:
    """The connected components of the mutual-C links, each in the order of ``players``,
    the groups in the order of their first player.

    >>> groups(["a", "b", "c"], {"a": {"b": "C", "c": "T"}, "b": {"a": "C", "c": "C"}, "c": {"a": "C", "b": "T"}})
    [['a', 'b'], ['c']]
    """
    graph = nx.Graph()
    graph.add_nodes_from(players)
    graph.add_edges_from((a, b) for i, a in enumerate(players) for b in players[i + 1:]
                         if choices[a][b] == "C" and choices[b][a] == "C")
    place = {name: i for i, name in enumerate(players)}
    found = [sorted(component, key=place.__getitem__) for component in nx.connected_components(graph)]
    return sorted(found, key=lambda group: place[group[0]])


def bounty(group: Sequence[str], choices: Choices, links: Mapping[str, int] = LINKS) -> int:
    """The sum of the group's internal links, each worth ``links[answer + answer]``.

    >>> bounty(["a", "b"], {"a": {"b": "C"}, "b": {"a": "C"}}), bounty(["a"], {"a": {}})
    (10, 0)
    """
    return sum(links[choices[a][b] + choices[b][a]] for i, a in enumerate(group) for b in group[i + 1:])


def parse_shares(line: str | None, pirates: Sequence[str], amount: int) -> dict[str, int]:
    """The leader's (``pirates[0]``) shares from ``name=N`` items: whole numbers of at least 0
    that add up to ``amount``, a pirate named nowhere getting 0; otherwise everything to him.

    >>> parse_shares("Vjeux-0=30 Felix-2=0", ["Vjeux-0", "Felix-2"], 30)
    {'Vjeux-0': 30, 'Felix-2': 0}
    >>> parse_shares("Vjeux-0=20 Felix-2=20", ["Vjeux-0", "Felix-2"], 30)
    {'Vjeux-0': 30, 'Felix-2': 0}
    """
    shares = _shares(line, pirates, amount)
    if shares is None:
        shares = {name: 0 for name in pirates}
        shares[pirates[0]] = amount
    return shares


def _shares(line: str | None, pirates: Sequence[str], amount: int) -> dict[str, int] | None:
    shares = {name: 0 for name in pirates}
    for name, value in pairs(line):
        if name in shares and whole(value):
            shares[name] = int(value)
    return shares if sum(shares.values()) == amount else None


def answers_question(line: str, question: str) -> bool:
    """Whether ``line`` is a valid answer to ``question`` (to ``Start``, any line is).

    The server asks it only of a player who let an earlier question pass
    unanswered: a line that does not answer the question asked now is taken
    for the late answer to that one.

    >>> answers_question("b=C", "a b"), answers_question("Bob", "a b"), answers_question("C", "a b")
    (True, False, False)
    >>> answers_question("a=10 b=0", "10 a b"), answers_question("T", "a=10 b=0"), answers_question("T", "Start")
    (True, True, True)
    """
    words = question.split()
    if question == "Start":
        return True
    if words and whole(words[0]):  # asked to lead: shares of the bounty
        return _shares(line, words[1:], int(words[0])) is not None
    if words and all("=" in word for word in words):  # shares put to a vote
        return line.strip() in ("C", "T")
    return any(name in words and answer in ("C", "T") for name, answer in pairs(line))


def parse_vote(line: str | None) -> str:
    """A pirate's vote: ``T`` against the leader's shares, ``C`` (the default) for them.

    >>> parse_vote("T"), parse_vote(" C "), parse_vote("maybe"), parse_vote(None)
    ('T', 'C', 'C', 'C')
    """
    return "T" if (line or "").strip() == "T" else "C"


def leader_survives(votes: Mapping[str, str]) -> bool:
    """Whether the leader keeps his place: he counts as a C, and goes over when the Ts outnumber the Cs.

    ``votes`` are the other pirates' votes.

    >>> leader_survives({"a": "T"}), leader_survives({"a": "T", "b": "T"}), leader_survives({})
    (True, False, True)
    """
    against = sum(v == "T" for v in votes.values())
    return against <= 1 + len(votes) - against


class TournamentError(EpistemicError):
    """Bad input to the tournament: an option, a strategy, a log that does not check."""
