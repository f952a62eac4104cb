"""The pirates, divisions of the coins among the living ones, and promises of them."""

from __future__ import annotations

import re
from bisect import bisect_left
from collections.abc import Iterable, Mapping

import attrs

from epistemic import Agent, Announcement, EpistemicError
from epistemic.validators import whole_number

__all__ = ["Pirate", "Division", "Promise", "pirate_name", "as_pirate", "rank_of", "by_rank", "rank_runs",
           "promise_in", "DEAD", "divisions"]

#: The payoff of a pirate thrown overboard; it compares below every number of coins.
DEAD = -1


def pirate_name(rank: int) -> str:
    """The name of the pirate of the given rank: ``p1`` is the highest ranked."""
    return f"p{rank}"


@attrs.frozen(eq=False, init=False, repr=False)
class Pirate(Agent):
    """The pirate of the given rank: the agent ``p<rank>``, who carries his rank.

    He is the agent of his name (agents compare by name), so a formula or a
    model that names ``p3`` finds ``Pirate(3)``; whatever needs a pirate's
    rank reads it here.  The agents of a
    :class:`~epistemic.models.pirates.PirateGame`, of its Kripke model and
    of its announcements are pirates.

    Examples
    --------
    >>> p3 = Pirate(3)
    >>> p3, p3.rank, str(p3), p3 == Agent("p3")
    (Pirate(3), 3, 'p3', True)
    >>> Pirate(0)
    Traceback (most recent call last):
    ...
    epistemic.errors.EpistemicError: a pirate's rank must be at least 1, got 0
    """

    rank: int

    def __init__(self, rank: int):
        whole_number(rank, "a pirate's rank", at_least=1)
        self.__attrs_init__(pirate_name(rank), rank)

    def __repr__(self) -> str:
        return f"Pirate({self.rank})"


def as_pirate(agent: Agent) -> Agent:
    """The pirate an agent's name names (``Agent("p3")`` is ``Pirate(3)``), or
    the agent as it is when it names none: where plain agents come in, they
    become the pirates they are.

    >>> as_pirate(Agent("p3")), as_pirate(Agent("p03")), as_pirate(Agent("bob"))
    (Pirate(3), Agent('p03'), Agent('bob'))
    """
    if isinstance(agent, Pirate):
        return agent
    named = re.fullmatch(r"p([1-9][0-9]*)", agent.name)
    return Pirate(int(named.group(1))) if named else agent


def rank_of(agent: Agent) -> int:
    """The rank of a pirate, for code that holds him as an :class:`Agent`
    (the audience of an announcement, say).

    >>> rank_of(Pirate(4))
    4
    >>> rank_of(Agent("p4"))
    Traceback (most recent call last):
    ...
    epistemic.errors.EpistemicError: p4 is an Agent, not a Pirate: pirates are made with Pirate(rank)
    """
    if not isinstance(agent, Pirate):
        raise EpistemicError(f"{agent} is an Agent, not a Pirate: pirates are made with Pirate(rank)")
    return agent.rank


def by_rank(pirates: Iterable[Agent]) -> list[Agent]:
    """``pirates``, highest ranked first (agents sort by name, which puts
    ``p10`` before ``p2``).

    >>> by_rank([Pirate(10), Pirate(2)])
    [Pirate(2), Pirate(10)]
    """
    return sorted(pirates, key=rank_of)


def rank_runs(ranks) -> list[tuple[int, int]]:
    """Consecutive ranks as ``(first, last)`` runs.

    >>> rank_runs([5, 2, 3, 4, 7])
    [(2, 5), (7, 7)]
    """
    runs: list[tuple[int, int]] = []
    for r in sorted(ranks):
        if runs and r == runs[-1][1] + 1:
            runs[-1] = (runs[-1][0], r)
        else:
            runs.append((r, r))
    return runs


def _ints(values: Iterable[int]) -> tuple[int, ...]:
    return tuple(values)


@attrs.frozen(cache_hash=True)
class Division:
    """The coins each living pirate gets when pirate ``first`` leads.

    Pirates ``first`` to ``last`` are alive (``first`` proposes, ``last`` is
    the lowest ranked); those ranked above ``first`` are already overboard.
    Only the positive shares are stored, so a division among ten thousand
    pirates of a hundred coins stays small.

    Examples
    --------
    >>> d = Division.from_row(2, 5, [1, 1, 0, 1])   # the seed writes p5 first
    >>> d.share(2), d.share(3), d.share(5), d.total
    (1, 0, 1, 3)
    >>> d.row()
    (1, 1, 0, 1)
    >>> str(d)
    'p5:1 p4:1 p3:0 p2:1'
    """

    first: int
    last: int
    ranks: tuple[int, ...] = attrs.field(converter=_ints)
    amounts: tuple[int, ...] = attrs.field(converter=_ints)

    @classmethod
    def from_shares(cls, first: int, last: int, shares: Mapping[int, int]) -> Division:
        """Build from ``{rank: coins}``; absent living pirates get nothing."""
        items = sorted((r, c) for r, c in shares.items() if c)
        for r, c in items:
            if not first <= r <= last:
                raise EpistemicError(f"{pirate_name(r)} is not alive when {pirate_name(first)} leads")
            if c < 0:
                raise EpistemicError(f"a share cannot be negative: {pirate_name(r)} gets {c}")
        ranks, amounts = zip(*items) if items else ((), ())
        return cls(first, last, ranks, amounts)

    @classmethod
    def from_row(cls, first: int, last: int, row: Iterable[int]) -> Division:
        """Build from a row written as the seed does: lowest-ranked pirate first."""
        row = list(row)
        if len(row) != last - first + 1:
            raise EpistemicError(
                f"a division when {pirate_name(first)} leads has {last - first + 1} "
                f"shares (one per living pirate), got {len(row)}"
            )
        return cls.from_shares(first, last, {last - i: c for i, c in enumerate(row)})

    def share(self, rank: int) -> int:
        """Coins for the living pirate ``rank``."""
        i = bisect_left(self.ranks, rank)
        return self.amounts[i] if i < len(self.ranks) and self.ranks[i] == rank else 0

    @property
    def total(self) -> int:
        return sum(self.amounts)

    @property
    def well_formed(self) -> bool:
        """Whether each share belongs to a living pirate, named once, in order
        of rank, and is no fewer than 0 coins, as :meth:`share` reads them.

        The constructor does not check it (the solvers build many divisions);
        a promise is checked before a game uses it.

        >>> Division(2, 3, (2, 3), (2, 1)).well_formed, Division(2, 3, (3, 2), (1, 2)).well_formed
        (True, False)
        """
        ranks = self.ranks
        return (len(ranks) == len(self.amounts)
                and (not ranks or self.first <= ranks[0] and ranks[-1] <= self.last)
                and all(a < b for a, b in zip(ranks, ranks[1:]))
                and all(c >= 0 for c in self.amounts))

    @property
    def size(self) -> int:
        """The number of living pirates."""
        return self.last - self.first + 1

    def items(self) -> list[tuple[int, int]]:
        """``(rank, coins)`` for every living pirate, highest ranked first."""
        return [(r, self.share(r)) for r in range(self.first, self.last + 1)]

    def row(self) -> tuple[int, ...]:
        """The shares lowest-ranked pirate first, as the seed's tables print them."""
        return tuple(self.share(r) for r in range(self.last, self.first - 1, -1))

    def payoff(self, rank: int) -> int:
        """What pirate ``rank`` ends with if this division is accepted:
        :data:`DEAD` when he was thrown overboard before it."""
        return DEAD if rank < self.first else self.share(rank)

    def __str__(self) -> str:
        return " ".join(f"{pirate_name(r)}:{self.share(r)}" for r in range(self.last, self.first - 1, -1))


@attrs.frozen(cache_hash=True)
class Promise:
    """"When I lead, I divide the coins as ``division``": the content of a pirate's announcement.

    Examples
    --------
    >>> str(Promise(Division.from_row(4, 5, [2, 2])))
    'when p4 leads: p5:2 p4:2'
    """

    division: Division

    @property
    def maker(self) -> int:
        """The rank of the pirate who makes the promise."""
        return self.division.first

    def __str__(self) -> str:
        return f"when {pirate_name(self.maker)} leads: {self.division}"


def promise_in(announcement: Announcement) -> Promise:
    """The promise a pirate announces, for code that holds it as an
    :class:`~epistemic.Announcement` (whose content may be any value).

    >>> print(promise_in(Announcement(Pirate(4), Promise(Division.from_row(4, 5, [2, 2])))))
    when p4 leads: p5:2 p4:2
    >>> promise_in(Announcement(Pirate(4), "hello"))
    Traceback (most recent call last):
    ...
    epistemic.errors.EpistemicError: p4 to everyone: hello is not a promise: pirates announce Promise values
    """
    content = announcement.content
    if not isinstance(content, Promise):
        raise EpistemicError(f"{announcement} is not a promise: pirates announce Promise values")
    return content


def divisions(coins: int, pirates: int) -> list[tuple[int, ...]]:
    """Every row of ``pirates`` shares of ``coins``, the first share largest
    first (built without recursion).

    >>> divisions(2, 2)
    [(2, 0), (1, 1), (0, 2)]
    """
    rows: list[tuple[int, ...]] = []
    stack: list[tuple[int, ...]] = [()]
    while stack:
        row = stack.pop()
        left = coins - sum(row)
        if len(row) == pirates - 1:
            rows.append(row + (left,))
            continue
        stack.extend(row + (c,) for c in range(left + 1))
    return rows
