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
vote.  Each ``read_*`` function reads one line and returns the answer,
the defaults filled in where the line says nothing valid, and why a
default was given (None where none was); each ``parse_*`` function
returns the answer alone.  What a reasonable bot sends is read as it
means it: a vote with spaces around it, a share written ``5.0``, a
leader who names only the pirates he pays.

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
from itertools import repeat

from epistemic.errors import EpistemicError

from .cooperation import Cooperation

__all__ = ["LINKS", "DEFAULT_NAME", "MAX_NAME", "MAX_DIGITS", "QUOTED", "whole", "share_value", "pairs", "quoted",
           "named", "keyed", "unique_name", "read_name", "rank", "read_choices", "parse_choices", "groups", "bounty", "read_shares",
           "parse_shares", "read_vote", "parse_vote", "leader_survives", "answers_question", "choice_row",
           "cooperation", "Choices", "TournamentError"]

#: What a link between two players is worth, by their two answers (seed ``001``'s README).
LINKS: Mapping[str, int] = {"CC": 10, "CT": 4, "TC": 4, "TT": 0}
#: The name of a player who gives none.
DEFAULT_NAME = "Unnamed"
#: The most digits a number in a line may have: more than any bounty, and few enough to read at once.
MAX_DIGITS = 18
#: The longest name a player keeps, before his ``-number``.
MAX_NAME = 32

#: The most characters of a refused line that a reason quotes.
QUOTED = 24

#: ``choices[a][b]``: what ``a`` answered towards ``b``, ``"C"`` or ``"T"``.
Choices = Mapping[str, Mapping[str, str]]

_NOT_IN_A_NAME = re.compile(r"[=\s]+")
#: A share: a whole number, written with a decimal point and zeros or not.
_SHARE = re.compile(rf"([0-9]{{1,{MAX_DIGITS}}})(?:\.0{{0,{MAX_DIGITS}}})?")


def quoted(line: str) -> str:
    """``line`` as a reason quotes it: in quotes, cut to :data:`QUOTED` characters.

    >>> quoted("maybe"), quoted("x" * 30)
    ("'maybe'", "'xxxxxxxxxxxxxxxxxxxxx...'")
    """
    return repr(line if len(line) <= QUOTED else line[:QUOTED - 3] + "...")


def unique_name(line: str | None, number: int) -> str:
    """The player's name made unique: what he sent, without ``=``, spaces or characters that
    cannot be printed (terminal escapes among them) and cut to :data:`MAX_NAME` characters, then ``-number``.

    Every player hears every name in each round, so a name is kept short.

    >>> unique_name("Vjeux", 0), unique_name(" a = b ", 3), unique_name(None, 7), unique_name("==", 8)
    ('Vjeux-0', 'ab-3', 'Unnamed-7', 'Unnamed-8')
    >>> unique_name("\\x1b[2JAda\\u202e", 4)
    '[2JAda-4'
    >>> unique_name("x" * 100, 9) == "x" * MAX_NAME + "-9"
    True
    """
    return read_name(line, number)[0]


def read_name(line: str | None, number: int) -> tuple[str, str | None]:
    """:func:`unique_name`, and why the default name was given where a line came with no name in it.

    >>> read_name("==", 8), read_name("Ada", 1)
    (('Unnamed-8', "no name: '=='"), ('Ada-1', None))
    """
    # control characters would reach the operator's terminal (an escape clears it) and every log
    cleaned = "".join(c for c in _NOT_IN_A_NAME.sub("", line or "") if c.isprintable())[:MAX_NAME]
    why = None if cleaned or line is None else f"no name: {quoted(line)}"
    return f"{cleaned or DEFAULT_NAME}-{number}", why


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


def share_value(text: str) -> int | None:
    """The share ``text`` writes: a whole number of at most :data:`MAX_DIGITS` digits, with
    ``.0`` after it or not (what a bot that divides with floating point sends); else None.

    >>> share_value("5"), share_value("5.0"), share_value("5.5"), share_value("-1"), share_value("1e3")
    (5, 5, None, None, None)
    """
    found = _SHARE.fullmatch(text)
    return None if found is None else int(found.group(1))


def pairs(line: str | None) -> list[tuple[str, str]]:
    """The ``key=value`` items of a line, in order.

    >>> pairs("a=C b=T junk c=")
    [('a', 'C'), ('b', 'T'), ('c', '')]
    """
    return [(key, value) for key, sep, value in map(str.partition, (line or "").split(), repeat("=")) if sep]


def named(line: str | None) -> dict[str, str]:
    """The ``key=value`` items of a line by key, the last value of a key kept: ``dict(pairs(line))``.

    >>> named("a=C b=T a=T"), named("a=1 junk b=")
    ({'a': 'T', 'b': 'T'}, {'a': '1', 'b': ''})
    """
    found = keyed((line or "").split())
    return dict(pairs(line)) if found is None else found


def keyed(words: list[str]) -> dict[str, str] | None:
    """The ``key=value`` items ``words`` by key, where each has its ``=`` and names a key of its own
    (read whole, without a step of Python's own per item); else None.

    >>> keyed(["a=C", "b=T"]), keyed(["a=C", "a=T"]), keyed(["a=C", "b"])
    ({'a': 'C', 'b': 'T'}, None, None)
    """
    try:
        found = dict(map(str.split, words, repeat("="), repeat(1)))
    except ValueError:  # a word with no "=" in it
        return None
    return found if len(found) == len(words) else None


def parse_choices(line: str | None, me: str, players: Sequence[str]) -> dict[str, str]:
    """``me``'s answers towards the other ``players``, from ``name=C|T`` items; T where none is valid.

    >>> parse_choices("Gauth-1=C Felix-2=X Nobody=C", "Vjeux-0", ["Vjeux-0", "Gauth-1", "Felix-2"])
    {'Gauth-1': 'C', 'Felix-2': 'T'}
    """
    return read_choices(line, me, players)[0]


def read_choices(line: str | None, me: str, players: Sequence[str]) -> tuple[dict[str, str], str | None]:
    """:func:`parse_choices`, and why a line that came got T towards some players by default:
    none named with C or T, or one named with both (items naming nobody of the round are passed
    over: they default nothing; a player named twice with the same letter gets it).

    >>> read_choices("b=C c=c", "a", ["a", "b", "c"])[1], read_choices("b=C", "a", "abcd")[1]
    ("no C or T towards c: 'b=C c=c'", "no C or T towards 2 of 3 players: 'b=C'")
    >>> read_choices("b=C c=C b=T", "a", ["a", "b", "c"])
    ({'b': 'T', 'c': 'C'}, "both C and T towards b: 'b=C c=C b=T'")
    """
    others = [other for other in players if other != me]
    if line:
        # most lines name each other player once with C or T: read them whole, a letter a player
        given = keyed(line.split())
        if given is not None and len(given) == len(others) and given.keys() == set(others) \
                and set(given.values()) <= _LETTERS:
            return dict(zip(others, map(given.__getitem__, others))), None
    answers: dict[str, str | None] = dict.fromkeys(others)
    for name, answer in pairs(line):
        if name in answers and answer in ("C", "T"):
            answers[name] = answer if answers[name] in (None, answer) else _BOTH
    missing = [name for name, answer in answers.items() if answer is None]
    torn = [name for name, answer in answers.items() if answer == _BOTH]
    faults = ([f"no C or T towards {_whom(missing, len(answers))}"] if missing else []) + (
        [f"both C and T towards {_whom(torn, len(answers))}"] if torn else [])
    why = None if line is None or not faults else f"{'; '.join(faults)}: {quoted(line)}"
    return {name: answer if answer in ("C", "T") else "T" for name, answer in answers.items()}, why


#: What a Prisoner answer that names a player with both letters gives him, before the default T.
_BOTH = "CT"
#: The letters of a Prisoner answer.
_LETTERS = {"C", "T"}


def _whom(names: Sequence[str], of: int) -> str:
    """The one player of ``names``, or how many of the ``of`` players they are."""
    return names[0] if len(names) == 1 else f"{len(names)} of {of} players"


def groups(players: Sequence[str], choices: Choices) -> list[list[str]]:
    """The connected components of the mutual-C links, each in the order of ``players``,
    the groups in the order of their first player.

    >>> groups(["a", "b", "c"], {"a": {"b": "C", "c": "T"}, "b": {"a": "C", "c": "C"}, "c": {"a": "C", "b": "T"}})
    [['a', 'b'], ['c']]
    """
    return cooperation(players, choices).groups()


def bounty(group: Sequence[str], choices: Choices, links: Mapping[str, int] = LINKS) -> int:
    """The sum of the group's internal links, each worth ``links[answer + answer]``.

    >>> bounty(["a", "b"], {"a": {"b": "C"}, "b": {"a": "C"}}), bounty(["a"], {"a": {}})
    (10, 0)
    """
    return cooperation(group, choices).bounty(group, links)


def choice_row(me: str, players: Sequence[str], answers: Mapping[str, str]) -> str:
    """``me``'s answers as one word, a letter per player in ``players``' order, ``-`` for himself.

    >>> choice_row("b", ["a", "b", "c"], {"a": "C", "c": "T"})
    'C-T'
    """
    place = players.index(me) if me in players else len(players)
    # looked up a slice at a time: no step of Python's own per player
    return "".join([*map(answers.__getitem__, players[:place]), "-" * (place < len(players)),
                    *map(answers.__getitem__, players[place + 1:])])


def cooperation(players: Sequence[str], choices: Choices) -> Cooperation:
    """The C answers of ``players`` towards each other, as :class:`~.cooperation.Cooperation` finds
    groups and bounties in (an answer other than C counts as T).

    >>> cooperation(["a", "b"], {"a": {"b": "C"}, "b": {"a": "x"}}).gives
    [2, 0]
    """
    return Cooperation(players, ["".join(["-" if other == me else "C" if choices[me][other] == "C" else "T"
                                          for other in players]) for me in players])


def parse_shares(line: str | None, pirates: Sequence[str], amount: int) -> dict[str, int]:
    """The leader's (``pirates[0]``) shares from ``name=N`` items: whole numbers of at least 0
    (:func:`share_value`) that add up to ``amount``, a pirate named nowhere getting 0, the
    leader too; otherwise everything to him.

    >>> parse_shares("Vjeux-0=30 Felix-2=0", ["Vjeux-0", "Felix-2"], 30)
    {'Vjeux-0': 30, 'Felix-2': 0}
    >>> parse_shares("Vjeux-0=20 Felix-2=20", ["Vjeux-0", "Felix-2"], 30)
    {'Vjeux-0': 30, 'Felix-2': 0}
    """
    return read_shares(line, pirates, amount)[0]


def read_shares(line: str | None, pirates: Sequence[str], amount: int) -> tuple[dict[str, int], str | None]:
    """:func:`parse_shares`, and why a line that came got a default: the whole bounty to the
    leader, or 0 for a pirate it gives no whole number (items naming nobody of the group are
    passed over: they default nothing).

    >>> read_shares("a=10.0 b=14", ["a", "b"], 24)
    ({'a': 10, 'b': 14}, None)
    >>> read_shares("a=24 b=5.5", ["a", "b"], 24)
    ({'a': 24, 'b': 0}, "no whole number for b: '5.5'")
    >>> read_shares("a=20 b=20", ["a", "b"], 24)[1], read_shares("24", ["a", "b"], 24)[1]
    ("the shares add up to 40, not 24: 'a=20 b=20'", "no share for any pirate: '24'")
    """
    shares, named, unread = _shares(line, pirates)
    if line is None:
        return _to_leader(pirates, amount), None
    if named and sum(shares.values()) == amount:
        return shares, _unread(unread)
    why = f"the shares add up to {sum(shares.values()):,}, not {amount:,}" if named else "no share for any pirate"
    return _to_leader(pirates, amount), f"{why}: {quoted(line)}"


def _to_leader(pirates: Sequence[str], amount: int) -> dict[str, int]:
    """The default shares: the whole bounty to the leader, ``pirates[0]``."""
    return {name: amount if i == 0 else 0 for i, name in enumerate(pirates)}


def _unread(unread: Mapping[str, str]) -> str | None:
    """Why the pirates of ``unread`` (each with the first value he was given) got 0.

    >>> _unread({"b": "5.5"}), _unread({"b": "x", "c": "", "d": "1e3"}), _unread({})
    ("no whole number for b: '5.5'", "no whole number for b: 'x' (nor for 2 more pirates)", None)
    """
    if not unread:
        return None
    name, value = next(iter(unread.items()))
    more = len(unread) - 1
    return f"no whole number for {name}: {quoted(value)}" + (
        f" (nor for {more:,} more pirate{'s' if more > 1 else ''})" if more else "")


def _shares(line: str | None, pirates: Sequence[str]) -> tuple[dict[str, int], bool, dict[str, str]]:
    """The shares a line names (0 for a pirate it does not), whether it names any, and the
    pirates it names with no whole number anywhere, each with the first value it gave him."""
    shares = {name: 0 for name in pirates}
    read: set[str] = set()
    unread: dict[str, str] = {}
    for name, value in pairs(line):
        if name not in shares:
            continue
        share = share_value(value)
        if share is None:
            unread.setdefault(name, value)
        else:
            shares[name] = share
            read.add(name)
    return shares, bool(read), {name: value for name, value in unread.items() if name not in read}


def _adds_up(line: str, pirates: Sequence[str], amount: int) -> bool:
    """Whether ``line`` gives shares that are taken: some named, adding up to ``amount``."""
    shares, named, _ = _shares(line, pirates)
    return named and sum(shares.values()) == amount


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
        return _adds_up(line, words[1:], int(words[0]))
    if words and all("=" in word for word in words):  # shares put to a vote
        return line.strip() in ("C", "T")
    return any(name in words and answer in ("C", "T") for name, answer in pairs(line))


def parse_vote(line: str | None) -> str:
    """A pirate's vote: ``T`` against the leader's shares, ``C`` (the default) for them;
    spaces around the letter do not count.

    >>> parse_vote("T"), parse_vote(" T"), parse_vote(" C "), parse_vote("maybe"), parse_vote(None)
    ('T', 'T', 'C', 'C', 'C')
    """
    return read_vote(line)[0]


def read_vote(line: str | None) -> tuple[str, str | None]:
    """:func:`parse_vote`, and why a line that came was taken for the default C.

    >>> read_vote("t"), read_vote("T ")
    (('C', "neither C nor T: 't'"), ('T', None))
    """
    vote = (line or "").strip()
    if vote in ("C", "T"):
        return vote, None
    return "C", None if line is None else f"neither C nor T: {quoted(line)}"


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
