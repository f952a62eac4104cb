"""Agents: the reasoners whose knowledge the models describe."""

from __future__ import annotations

import functools

import attrs

from .validators import text_line, validator

__all__ = ["Agent"]


# Equality, hashing and order are written by hand: the ones attrs generates
# tell classes apart, and a model's own agents (subclasses) must remain the
# agents of their names.
@functools.total_ordering
@attrs.frozen(eq=False)
class Agent:
    """An agent, identified by its name.

    Agents compare, hash and sort by name alone, so two ``Agent("alice")``
    objects are the same agent.  So is an agent of a subclass that carries
    more about itself (a game's own agents, say) and has that name: models,
    formulas and announcements may mix the two.  Names are single words
    because the text syntaxes of the command line separate agents by spaces.

    Examples
    --------
    >>> Agent("p1")
    Agent('p1')
    >>> Agent("p1") == Agent("p1")
    True
    >>> sorted({Agent("b"), Agent("a")})
    [Agent('a'), Agent('b')]
    """

    name: str = attrs.field(validator=validator(text_line, "agent name must be a non-empty word", word=True))

    def __eq__(self, other: object) -> bool:
        if not isinstance(other, Agent):
            return NotImplemented
        return self.name == other.name

    def __hash__(self) -> int:
        return hash(self.name)

    def __lt__(self, other: object) -> bool:
        if not isinstance(other, Agent):
            return NotImplemented
        return self.name < other.name

    def __repr__(self) -> str:
        return f"Agent({self.name!r})"

    def __str__(self) -> str:
        return self.name
