"""Agents: the reasoners whose knowledge the models describe."""

from __future__ import annotations

import attrs

from .validators import text_line, validator

__all__ = ["Agent"]


@attrs.frozen(order=True)
class Agent:
    """An agent, identified by its name.

    Agents compare and hash by name, so two ``Agent("alice")`` objects are
    the same agent.  Names are single words because the text syntaxes of the
    command line separate agents by spaces.

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

    def __repr__(self) -> str:
        return f"Agent({self.name!r})"

    def __str__(self) -> str:
        return self.name
