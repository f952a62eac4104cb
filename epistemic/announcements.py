"""Announcements: statements made by an agent to everyone or to a subgroup."""

from __future__ import annotations

from collections.abc import Hashable, Iterable

import attrs

from .agents import Agent
from .errors import EpistemicError
from .validators import instance_of

__all__ = ["Announcement"]


def _to_audience(value: Agent | Iterable[Agent] | None) -> frozenset[Agent] | None:
    if value is None:
        return None
    if isinstance(value, Agent):
        return frozenset([value])
    return frozenset(value)


def _check_speaker(instance, attribute, value):
    instance_of(value, Agent, "the speaker of an announcement must be an Agent")


def _check_content(instance, attribute, value):
    try:
        hash(value)
    except TypeError:
        raise EpistemicError(
            f"announcement content must be hashable, got {type(value).__name__}"
        ) from None


def _check_audience(instance, attribute, value):
    if value is None:
        return
    for hearer in value:
        instance_of(hearer, Agent, "an audience holds agents")
    if instance.speaker not in value:
        raise EpistemicError(
            f"{instance.speaker} must hear his own announcement: add him to the audience"
        )


@attrs.frozen(cache_hash=True)
class Announcement:
    """A truthful statement made by ``speaker`` and heard by ``audience``.

    ``audience`` is ``None`` for a public announcement, which every agent
    hears and which becomes common knowledge.  Otherwise it is the subgroup
    that hears it: the subgroup learns the content and that the subgroup
    learned it, while outsiders believe that nothing was said (see
    :func:`epistemic.private_event`).  The speaker always
    belongs to his own audience.

    The content is any hashable value; games put their own frozen types in it
    (a pirate's promise, say).

    Examples
    --------
    >>> alice, bob, carol = Agent("alice"), Agent("bob"), Agent("carol")
    >>> secret = Announcement.private(alice, "the cake is a lie", [bob])
    >>> secret.heard_by(bob), secret.heard_by(carol)
    (True, False)
    >>> Announcement(alice, "hello").is_public
    True
    """

    speaker: Agent = attrs.field(validator=_check_speaker)
    content: Hashable = attrs.field(validator=_check_content)
    audience: frozenset[Agent] | None = attrs.field(
        default=None, converter=_to_audience, validator=_check_audience
    )

    @classmethod
    def private(cls, speaker: Agent, content: Hashable, hearers: Agent | Iterable[Agent]) -> Announcement:
        """Announce ``content`` to ``hearers``; the speaker is added to them."""
        hearers = [hearers] if isinstance(hearers, Agent) else list(hearers)
        return cls(speaker, content, frozenset(hearers) | {speaker})

    @property
    def is_public(self) -> bool:
        """True when every agent hears the announcement."""
        return self.audience is None

    def heard_by(self, agent: Agent) -> bool:
        """True when ``agent`` hears the announcement."""
        return self.audience is None or agent in self.audience

    def __str__(self) -> str:
        to = "everyone" if self.audience is None else "{" + ", ".join(
            str(a) for a in sorted(self.audience)
        ) + "}"
        return f"{self.speaker} to {to}: {self.content}"
