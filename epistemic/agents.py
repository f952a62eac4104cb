"""Agents: the reasoners whose knowledge the models describe."""

from __future__ import annotations

import attrs

from .errors import EpistemicError

__all__ = ["Agent"]


def _check_name(instance, attribute, value):
    if not isinstance(value, str) or not value or any(c.isspace() for c in value):
        raise EpistemicError(f"agent name must be a non-empty word, got {value!r}")


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

    name: str = attrs.field(validator=_check_name)

    def __repr__(self) -> str:
        return f"Agent({self.name!r})"

    def __str__(self) -> str:
        return self.name
