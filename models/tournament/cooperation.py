"""Who answered C towards whom in one Prisoner round, as bit masks (seed ``001``).

Every player answers every other, so a round of ``n`` players holds
``n * (n - 1)`` answers.  Kept as Python's whole numbers used as bit masks,
one per player (bit ``j`` for the ``j``-th player), the groups and the
bounties are found thirty answers at a time (a digit of Python's whole
numbers) rather than a pair of players at a time: a group grows by the
mutual-C links of each member at once, and a bounty counts each kind of link
with ``int.bit_count``.

Examples
--------
Each row is what a player answered towards each player in order, ``-`` for
himself (as the log writes it):

>>> round_ = Cooperation(["a", "b", "c", "d"], ["-CTT", "C-CT", "TC-C", "TCC-"])
>>> round_.groups()
[['a', 'b', 'c', 'd']]
>>> round_.bounty(["a", "b", "c", "d"], {"CC": 10, "CT": 4, "TC": 4, "TT": 0})
34
>>> round_.columns[0]                        # what each player answered towards a
('-', 'C', 'T', 'T')
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence

__all__ = ["Cooperation"]

#: A row's letters as the binary digits of its mask: C is a 1, T and the player's own ``-`` a 0.
_DIGITS = str.maketrans("CT-", "100")


def _mask(letters: str) -> int:
    """The mask of a row or column of letters: bit ``j`` set where the ``j``-th letter is C."""
    return int(letters[::-1].translate(_DIGITS), 2) if letters else 0


def _members(mask: int) -> list[int]:
    """The places whose bits are set in ``mask``, lowest first (a step per member, not per player)."""
    found = []
    while mask:
        lowest = mask & -mask
        found.append(lowest.bit_length() - 1)
        mask ^= lowest
    return found


class Cooperation:
    """The C answers of one Prisoner round.

    Parameters
    ----------
    players : sequence of str
        The players of the round, in order.
    rows : sequence of str
        For each player, in the same order, a letter per player: ``C`` or ``T`` towards each
        other player and ``-`` towards himself (:func:`~.rules.choice_row`).

    Attributes
    ----------
    columns : list of tuple of str
        For each player, what every player answered towards him, a letter per player in order
        (``-`` for himself): the line he hears after the round is made of it.
    """

    def __init__(self, players: Sequence[str], rows: Sequence[str]) -> None:
        self.players = list(players)
        self.place = {name: i for i, name in enumerate(self.players)}
        self.columns = list(zip(*rows))
        self.gives = [_mask(row) for row in rows]  # bit j: he answered C towards player j
        self.gets = [_mask("".join(column)) for column in self.columns]  # bit j: player j answered C towards him

    def groups(self) -> list[list[str]]:
        """The connected components of the mutual-C links, each in the players' order, the groups
        in the order of their first player (:func:`~.rules.groups`)."""
        mutual = [gives & gets for gives, gets in zip(self.gives, self.gets)]
        unplaced = (1 << len(self.players)) - 1
        found = []
        while unplaced:
            first = unplaced & -unplaced  # the first player in no group yet starts the next one
            unplaced ^= first
            members = frontier = first
            while frontier:
                lowest = frontier & -frontier
                frontier ^= lowest
                joined = mutual[lowest.bit_length() - 1] & unplaced
                if joined:
                    unplaced ^= joined
                    members |= joined
                    frontier |= joined
            found.append([self.players[j] for j in _members(members)])
        return found

    def bounty(self, group: Sequence[str], links: Mapping[str, int]) -> int:
        """The sum of the group's internal links, each worth ``links[a's answer + b's answer]`` for
        ``a`` before ``b`` in ``group`` (:func:`~.rules.bounty`)."""
        total, later = 0, 0
        for name in reversed(group):  # ``later``: the members after him in the group
            i = self.place[name]
            gives, gets = self.gives[i] & later, self.gets[i] & later
            both = (gives & gets).bit_count()
            his, theirs = gives.bit_count() - both, gets.bit_count() - both
            for kind, count in (("CC", both), ("CT", his), ("TC", theirs), ("TT", later.bit_count() - both - his - theirs)):
                if count:  # a kind of link the group does not have needs no value
                    total += count * links[kind]
            later |= 1 << i
        return total
