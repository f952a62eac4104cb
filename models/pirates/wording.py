"""Pirate-game wording shared by the explanations: names, divisions, knowledge.

Claims must stay one readable line even among ten thousand pirates, so long
lists of pirates and divisions are shortened here.
"""

from __future__ import annotations

from collections.abc import Iterable

from epistemic import Announcement, Knowledge
from epistemic.wording import counted, noun

from .division import DEAD, Division, Promise, pirate_name, promise_in, rank_of, rank_runs

__all__ = ["knowledge_label", "names_text", "division_text", "coins_text", "votes_text", "yes_votes_text",
           "expected_text", "promise_text", "promises_text", "Names"]

# Texts of more pirates than this are shortened, so claims stay one readable line.
_SHOWN = 12


def knowledge_label(knowledge: Knowledge) -> str:
    """Which promises ``knowledge`` holds, in a few words.

    Examples
    --------
    >>> from epistemic.models.pirates import promise
    >>> knowledge_label(Knowledge.of([]))
    'knows no promise'
    >>> knowledge_label(Knowledge.of([promise(5, 4, [2, 2], hearers=[5])]))
    "knows p4's promise"
    """
    makers = sorted(a.content.maker for a in knowledge.announcements if isinstance(a.content, Promise))
    if not makers:
        return "knows no promise"
    if len(makers) == 1:
        return f"knows {pirate_name(makers[0])}'s promise"
    if len(makers) <= 4:
        owners = [f"{pirate_name(m)}'s" for m in makers]
        return f"knows {', '.join(owners[:-1])} and {owners[-1]} promises"
    return f"knows the promises of {names_text(makers)}"


def names_text(ranks) -> str:
    """Pirates named the short way: runs of ranks as ``p2-p5``, long lists cut.

    Examples
    --------
    >>> names_text([5]), names_text([3, 5]), names_text([2, 3, 4, 5, 7])
    ('p5', 'p3 and p5', 'p2-p5 and p7')
    >>> names_text(range(2, 40, 2))
    'p2, p4, p6, ..., p38 (19 pirates)'
    """
    ranks = sorted(ranks)
    runs: list[str] = []
    for a, b in rank_runs(ranks):
        if b - a >= 2:
            runs.append(f"{pirate_name(a)}-{pirate_name(b)}")
        else:
            runs.extend(pirate_name(r) for r in range(a, b + 1))
    if len(runs) > 6:
        return f"{', '.join(runs[:3])}, ..., {runs[-1]} ({len(ranks):,} pirates)"
    return runs[0] if len(runs) == 1 else f"{', '.join(runs[:-1])} and {runs[-1]}"


def division_text(division: Division) -> str:
    """A division as the seed writes it, lowest-ranked pirate first; among
    many pirates only those who get coins are named.

    Examples
    --------
    >>> division_text(Division.from_row(2, 5, [1, 1, 0, 1]))
    'p5:1 p4:1 p3:0 p2:1'
    >>> division_text(Division.from_shares(1, 100, {100: 1, 98: 1, 1: 1}))
    'p100:1 p98:1 p1:1 (others 0)'
    """
    if division.size <= _SHOWN:
        return str(division)
    shares = list(zip(division.ranks, division.amounts))[::-1]
    shown = [*shares[:6], None, shares[-1]] if len(shares) > 8 else shares  # None: the shares left out
    paid = ["..." if share is None else f"{pirate_name(share[0])}:{share[1]}" for share in shown]
    return f"{' '.join(paid)} (others 0)" if paid else "0 to everyone"


def promise_text(announcement: Announcement, hearers: str = "to") -> str:
    """A promise in a few words: its maker, its shares (lowest-ranked
    pirate first, as the seed's tables) and, after ``hearers``, who heard it.

    Examples
    --------
    >>> from epistemic.models.pirates import promise
    >>> promise_text(promise(5, 2, [1, 1, 0, 1], hearers=[3, 4, 5]))
    'p2 promises 1 1 0 1 to p2-p5'
    >>> promise_text(promise(5, 4, [2, 2]), hearers=", believed by")
    'p4 promises 2 2, believed by everyone'
    """
    d = promise_in(announcement).division
    shares = " ".join(str(c) for c in d.row()) if d.size <= _SHOWN else division_text(d)
    who = "everyone" if announcement.audience is None else names_text(map(rank_of, announcement.audience))
    return f"{pirate_name(d.first)} promises {shares} {hearers} {who}".replace(" , ", ", ")


def promises_text(promises: Iterable[Announcement], hearers: str = "to") -> str:
    """Promises made together (a world of them), by maker, or "no promise"."""
    ordered = sorted(promises, key=lambda a: promise_in(a).maker)
    return " + ".join(promise_text(a, hearers) for a in ordered) if ordered else "no promise"


def coins_text(n: int) -> str:
    return counted(n, "coin")


def votes_text(n: int) -> str:
    return counted(n, "vote")


def yes_votes_text(yes: int, voters: int) -> str:
    """How many of the voters vote yes, the verb agreeing with the count.

    >>> yes_votes_text(1, 2), yes_votes_text(3, 5)
    ('1 of 2 votes yes', '3 of 5 vote yes')
    """
    return f"{yes} of {voters} {noun(yes, 'votes', 'vote')} yes"


def expected_text(n: int) -> str:
    return "to be thrown overboard" if n == DEAD else coins_text(n)


class Names:
    """Grammar for one pirate or several: "p5 expects" / "p3 and p5 expect"."""

    def __init__(self, ranks):
        self.ranks = tuple(sorted(ranks))
        self.one = len(self.ranks) == 1
        self.names = names_text(self.ranks)

    def verb(self, word: str) -> str:
        return f"{self.names} {word}s" if self.one else f"{self.names} {word}"

    @property
    def he(self) -> str:
        return "he" if self.one else "they"

    @property
    def his(self) -> str:
        return "his" if self.one else "their"
