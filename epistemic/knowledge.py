"""Knowledge: the announcements an agent holds to be true."""

from __future__ import annotations

from collections.abc import Callable, Iterable, Iterator

import attrs

from .agents import Agent
from .announcements import Announcement
from .errors import EpistemicError
from .validators import instance_of

__all__ = ["Knowledge"]


def _to_announcements(value: Iterable[Announcement]) -> frozenset[Announcement]:
    if isinstance(value, (str, bytes)):
        raise EpistemicError("knowledge is a collection of announcements, got a string")
    value = frozenset(value)
    for item in value:
        instance_of(item, Announcement, "knowledge holds announcements")
    return value


@attrs.frozen(cache_hash=True)
class Knowledge:
    """The set of announcements an agent holds to be true.

    Knowledge is a value: two agents told the same things hold equal
    knowledge, which is what lets predictions made on it be shared.  Its
    announcements carry their audiences, so a holder also knows who else
    was told; that is what :meth:`seen_by` uses to read off what the holder
    believes another agent knows.

    Examples
    --------
    >>> p1, p2, p3 = Agent("p1"), Agent("p2"), Agent("p3")
    >>> told = Announcement.private(p2, "x", [p3])
    >>> said = Announcement(p1, "y")
    >>> k = Knowledge.of([told, said])
    >>> k.seen_by(p1) == Knowledge.of([said])
    True
    >>> k.seen_by(p3) == k
    True
    >>> len(Knowledge.of([]))
    0
    """

    announcements: frozenset[Announcement] = attrs.field(converter=_to_announcements)

    @classmethod
    def of(cls, announcements: Iterable[Announcement]) -> Knowledge:
        """Knowledge holding exactly ``announcements``."""
        return cls(frozenset(announcements))

    def seen_by(self, agent: Agent) -> Knowledge:
        """What the holder believes ``agent`` knows.

        The holder keeps the announcements ``agent`` heard and drops the rest:
        an outsider to a subgroup announcement believes that nothing was said.
        """
        kept = frozenset(a for a in self.announcements if a.heard_by(agent))
        return self if len(kept) == len(self.announcements) else Knowledge(kept)

    def restricted(self, keep: Callable[[Announcement], object]) -> Knowledge:
        """The announcements for which ``keep(announcement)`` is true."""
        kept = frozenset(a for a in self.announcements if keep(a))
        return self if len(kept) == len(self.announcements) else Knowledge(kept)

    def __contains__(self, announcement: object) -> bool:
        return announcement in self.announcements

    def __iter__(self) -> Iterator[Announcement]:
        return iter(sorted(self.announcements, key=_announcement_order))

    def __len__(self) -> int:
        return len(self.announcements)

    def __le__(self, other: Knowledge) -> bool:
        return self.announcements <= other.announcements

    def __lt__(self, other: Knowledge) -> bool:
        return self.announcements < other.announcements

    def __str__(self) -> str:
        if not self.announcements:
            return "{}"
        return "{" + "; ".join(str(a) for a in self) + "}"


def _announcement_order(a: Announcement):
    return (a.speaker.name, repr(a.content), a.audience is not None,
            sorted(x.name for x in a.audience or ()))
