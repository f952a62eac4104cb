"""The rules of the vote: the four switches on which tellings of the pirate game differ.

The seed (and Stewart 1999) let every pirate vote, the proposer too, and
pass an offer with half of the votes or more; a voter offered exactly what
he expects votes no, for the pleasure of throwing the proposer overboard.
Other tellings ask for more than half, leave the proposer out of the vote,
or make the pirates peaceful.  The seed leaves open what a proposer who
cannot win offers; he may buy what votes he can, or keep everything.
"""

from __future__ import annotations

import enum
from typing import TypeVar

import attrs

from epistemic.errors import EpistemicError
from epistemic.validators import one_of

__all__ = ["Majority", "Indifferent", "DoomedProposer", "Rules", "MAJORITIES", "INDIFFERENT", "DOOMED_PROPOSERS"]


class Majority(str, enum.Enum):
    """How many of the votes cast pass an offer."""

    HALF = "half"
    """Half of the votes or more: a tie passes (the seed's rule)."""
    STRICT = "strict"
    """More than half: a tie fails."""


class Indifferent(str, enum.Enum):
    """How a voter votes when offered exactly what he expects if the offer fails."""

    NO = "no"
    """No: he would rather see the proposer thrown overboard (the seed's bloodthirsty pirates)."""
    YES = "yes"
    """Yes: a peaceful pirate lets the proposer live when it costs him nothing."""


class DoomedProposer(str, enum.Enum):
    """What a proposer offers when, by his knowledge, no offer can pass."""

    BUYS = "buys"
    """He buys the cheapest votes he can afford and keeps the rest (this model's choice)."""
    KEEPS = "keeps"
    """He offers himself every coin."""


#: The switches' words, as the command line takes them.
MAJORITIES = tuple(m.value for m in Majority)
INDIFFERENT = tuple(v.value for v in Indifferent)
DOOMED_PROPOSERS = tuple(d.value for d in DoomedProposer)


Switch = TypeVar("Switch", Majority, Indifferent, DoomedProposer)


def _switch(kind: type[Switch], value: object, what: str) -> Switch:
    """The switch of ``kind`` that ``value`` is or names."""
    if isinstance(value, kind):
        return value
    one_of(value, tuple(member.value for member in kind), what)
    return kind(value)


def _majority(value: object) -> Majority:
    return _switch(Majority, value, "majority")


def _indifferent(value: object) -> Indifferent:
    return _switch(Indifferent, value, "vote of an indifferent pirate")


def _doomed(value: object) -> DoomedProposer:
    return _switch(DoomedProposer, value, "doomed proposer's offer")


def _flag(instance, attribute, value) -> None:
    if not isinstance(value, bool):
        raise EpistemicError(f"{attribute.name} must be True or False, got {value!r}")


@attrs.frozen
class Rules:
    """The rules of the vote; the defaults are the seed's.

    With ``m`` pirates alive, ``V = m`` pirates vote when the proposer
    votes and ``V = m - 1`` when he does not.  An offer passes with at
    least ``ceil(V / 2)`` yes votes (``half``) or at least
    ``floor(V / 2) + 1`` (``strict``); a pirate alone keeps every coin
    whatever the rules.  A proposer who votes votes yes; a voter who
    expects to be thrown overboard next votes yes to anything; any other
    voter votes yes when offered more than he expects, or, when
    ``indifferent`` is ``YES``, at least as much.

    Examples
    --------
    >>> Rules().votes_needed(4), Rules(majority="strict").votes_needed(4)
    (2, 3)
    >>> Rules(proposer_votes=False).votes_needed(4)   # three voters: two of them
    2
    >>> print(Rules(majority="strict", indifferent="yes"))
    more than half of the votes pass an offer; a pirate offered what he expects votes yes
    """

    majority: Majority = attrs.field(default=Majority.HALF, converter=_majority)
    proposer_votes: bool = attrs.field(default=True, validator=_flag)
    indifferent: Indifferent = attrs.field(default=Indifferent.NO, converter=_indifferent)
    doomed_proposer: DoomedProposer = attrs.field(default=DoomedProposer.BUYS, converter=_doomed)

    def voters(self, living: int) -> int:
        """How many pirates vote when ``living`` pirates are alive."""
        return living if self.proposer_votes else living - 1

    def votes_needed(self, living: int) -> int:
        """The yes votes an offer needs when ``living`` pirates are alive
        (none when nobody votes: a pirate alone keeps everything)."""
        cast = self.voters(living)
        if cast == 0:
            return 0
        return cast // 2 + 1 if self.majority is Majority.STRICT else (cast + 1) // 2

    def others_needed(self, living: int) -> int:
        """The yes votes a proposer needs besides his own."""
        return self.votes_needed(living) - (1 if self.proposer_votes and living > 0 else 0)

    def premium(self) -> int:
        """What a vote costs above the voter's expectation: one coin for a
        bloodthirsty pirate, nothing for a peaceful one."""
        return 0 if self.indifferent is Indifferent.YES else 1

    def accepts(self, offered: int, expected: int) -> bool:
        """Whether a voter offered ``offered`` votes yes when he expects ``expected``
        (:data:`~epistemic.models.pirates.DEAD` if he would be thrown overboard)."""
        return offered >= expected + self.premium()

    def changes(self) -> list[str]:
        """Each rule that differs from the seed's, in words."""
        said = []
        if self.majority is Majority.STRICT:
            said.append("more than half of the votes pass an offer")
        if not self.proposer_votes:
            said.append("the proposer does not vote")
        if self.indifferent is Indifferent.YES:
            said.append("a pirate offered what he expects votes yes")
        if self.doomed_proposer is DoomedProposer.KEEPS:
            said.append("a proposer who cannot win keeps every coin")
        return said

    def __str__(self) -> str:
        return "; ".join(self.changes()) or "the seed's rules"

    def to_dict(self) -> dict[str, object]:
        """The rules as the JSON output writes them."""
        return {"majority": self.majority.value, "proposer_votes": self.proposer_votes,
                "indifferent": self.indifferent.value, "doomed_proposer": self.doomed_proposer.value}
