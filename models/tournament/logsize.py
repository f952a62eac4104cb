"""How large the log of a tournament game can grow, reckoned before the game is played.

A game keeps its log while it is played (:mod:`.log`), and the log may be
written whole at its end: a game whose log could pass :data:`MAX_LOG_BYTES`,
whatever its players answer, is refused before it starts (:func:`check_size`),
and again once the players have given their names.  :func:`log_bound` counts
each part of a log at its largest.
"""

from __future__ import annotations

import json
from collections.abc import Mapping

from .rules import LINKS, MAX_DIGITS, QUOTED, TournamentError

__all__ = ["MAX_LOG_BYTES", "SHORTEST_NAME", "log_bound", "bound_parts", "check_size"]

#: The most a game's log may take (:func:`check_size`), and the largest log file read.
MAX_LOG_BYTES = 256 * 1024 * 1024

#: The bytes a name takes in a log at the least (``"x-0"``, quotes included).
SHORTEST_NAME = 5
#: The most bytes of JSON a reason for a missed answer takes: ``no answer in time``, ``no end of
#: line in time``, ``not UTF-8``, ``longer than the limit``, ``gone``, ``flooded``.
MISSED_WHY = 32
#: Default entries one player can add in one round whose reasons quote his line alone, beside
#: his Prisoner answer's and his shares' (a leader leads once a round: he is thrown over or his
#: shares are taken): his votes neither C nor T (defaults of one kind in one round are one entry,
#: quoting the first line).
QUOTING_A_ROUND = 1
#: And those whose reasons are a missed answer's: his votes, one entry for each kind.
MISSED_A_ROUND = 5
#: The most bytes of JSON a line quoted in a reason takes (:func:`~.rules.quoted`):
#: :data:`~.rules.QUOTED` characters, each at most 12 bytes (a character past U+FFFF is two
#: escapes of 6), and two quotes, each an escape of 2.
_QUOTE = 12 * QUOTED + 4


def _prisoner_why(name: int, players: int) -> int:
    """The most bytes the reason for a Prisoner answer's default takes in a log, in a game of
    ``players`` whose names take at most ``name`` bytes: ``no C or T towards WHOM; both C and T
    towards WHOM``, each a name or ``N of M players``, then the line quoted."""
    whom = max(name, 12 + 2 * len(f"{players:,}"))
    return 45 + 2 * whom + _QUOTE


def _shares_why(name: int, players: int, amount: int) -> int:
    """The most bytes the reason for a leader's shares' default takes, with bounties of at most
    ``amount``: a few words, at most a name and two numbers, then the line quoted."""
    words = max(48 + name + len(f"{players:,}"),  # no whole number for NAME: ... (nor for N more pirates)
                32 + len(f"{players * 10 ** MAX_DIGITS:,}") + len(f"{amount:,}"))  # the shares add up to S, not A
    return words + _QUOTE


def bound_parts(players: int, rounds: int, *, name: int = SHORTEST_NAME, links: Mapping[str, int] = LINKS,
                seed: int | None = None, label: int = 0) -> tuple[int, int, int]:
    """The parts of :func:`log_bound`: the most bytes of all but the rounds and the defaults,
    of one round, and of the defaults."""
    n, most = players, max(links.values(), default=0) * players * (players - 1) // 2
    digits = len(str(max(rounds * most, 1 + rounds * (n + 2))))  # a score, a count, a round
    link = max((len(str(value)) for value in links.values()), default=1)
    head = 400 + 4 * digits + 4 * link + len(json.dumps(seed)) + n * (4 * name + 3 * digits + 22) \
        + (n * (name + label + 6) if label else 0)
    # one round: its fixed lines, each player's lines (players, choices, groups and rankings,
    # thrown, scores), a group of one for each at most, and the longest Pirate games
    shares, votes = n * (n + 1) // 2, n * (n - 1) // 2
    a_round = (130 + digits + n * (6 * name + n + digits + 46) + n * (115 + digits)
               + max(n - 1, 0) * (name + 120) + shares * (name + digits + 12) + votes * (name + 15))
    entry = 90 + 2 * digits + name  # a default's lines but its reason
    named = 2 * entry + _prisoner_why(name, n) + _shares_why(name, n, most)
    quoting, missed = entry + 20 + _QUOTE, entry + MISSED_WHY
    given = n * max(quoting, missed) + rounds * n * (  # a name: "no name: '...'" or missed
        named + QUOTING_A_ROUND * quoting + MISSED_A_ROUND * missed)
    return head, a_round, given


def log_bound(players: int, rounds: int, *, name: int = SHORTEST_NAME, links: Mapping[str, int] = LINKS,
              seed: int | None = None, label: int = 0) -> int:
    """The most bytes the log of a game of ``players`` for ``rounds`` rounds can take, as
    written with one space of indent a level, whatever the players answer.

    ``name`` is the most bytes a player's name takes in it (quotes included), ``label`` the
    most a strategy's (:func:`json.dumps`, 0 for a log without strategies).  Each part is
    counted at its largest: every player in every round; a round's Pirate games at their
    longest, one group in which every leader but the last is thrown over, so that its
    proposals hold ``players ** 2`` shares and votes; the most defaults a player can get in a
    round (his Prisoner answer's, his shares', :data:`QUOTING_A_ROUND` and
    :data:`MISSED_A_ROUND`), each with the longest reason of its kind; and every number with as many digits as the largest score.

    >>> log_bound(3, 2, name=len('"Vjeux-0"'))   # the seed's example: 1,885 bytes, mostly of what was answered
    16461
    """
    head, a_round, given = bound_parts(players, rounds, name=name, links=links, seed=seed, label=label)
    return head + rounds * a_round + given


def check_size(players: int, rounds: int, *, name: int = SHORTEST_NAME, links: Mapping[str, int] = LINKS,
               seed: int | None = None, label: int = 0) -> None:
    """Refuse a game whose log (kept while it is played) could pass :data:`MAX_LOG_BYTES`,
    by :func:`log_bound`.

    Called before any play with the shortest names (:data:`SHORTEST_NAME`), it refuses
    a game that would be refused whatever names the players give; a game checks again
    once it has the names, before its first round.

    >>> check_size(1000, 10_000)
    Traceback (most recent call last):
    ...
    epistemic.models.tournament.rules.TournamentError: 10,000 rounds of 1,000 players could make a log of 262,194 MiB, more than the 256 MiB a log may be: play fewer rounds or players
    """
    bound = log_bound(players, rounds, name=name, links=links, seed=seed, label=label)
    if bound > MAX_LOG_BYTES:
        names = "" if name <= SHORTEST_NAME else f" named so (up to {name:,} bytes a name)"
        raise TournamentError(f"{rounds:,} rounds of {players:,} players{names} could make a log of "
                              f"{bound / 2 ** 20:,.0f} MiB, more than the {MAX_LOG_BYTES // 2 ** 20} MiB a log "
                              f"may be: play fewer rounds or players")
