"""What every puzzle module offers: its parameters and its solution.

A puzzle module defines ``NAME`` (as typed on the command line), ``TITLE``,
``PARAMETERS`` (a tuple of :class:`Parameter`) and ``solve(**parameters)``,
which returns a :class:`Solution`: the puzzle told round by round (an
:class:`~epistemic.Story`), its answer as JSON-ready data, and the answer in
words.
"""

from __future__ import annotations

from typing import Any

import attrs

from epistemic import EpistemicError, Story
from epistemic.validators import whole_number

__all__ = ["Parameter", "Solution", "PuzzleError", "check_parameters"]


class PuzzleError(EpistemicError):
    """A puzzle was asked with parameters it cannot take."""


@attrs.frozen
class Parameter:
    """A whole-number parameter of a puzzle, with its default and bounds."""

    name: str
    default: int
    help: str
    minimum: int | None = None
    maximum: int | None = None


@attrs.frozen
class Solution:
    """A solved puzzle: its story, its answer as data and in words."""

    story: Story = attrs.field(eq=False, repr=False)
    answer: dict[str, Any] = attrs.field(eq=False)
    summary: str

    def text(self) -> str:
        """The rounds, one per line, then the answer."""
        return f"{self.story.text()}\nAnswer: {self.summary}"

    def to_dict(self) -> dict:
        return {"rounds": self.story.to_dict(), "answer": self.answer, "summary": self.summary}


def check_parameters(parameters: tuple[Parameter, ...], given: dict[str, Any]) -> dict[str, int]:
    """``given`` checked against ``parameters``, defaults filled in.

    Raises
    ------
    PuzzleError
        For an unknown name, a value that is not a whole number, or one out of bounds.
    """
    known = {p.name: p for p in parameters}
    for name in given:
        if name not in known:
            names = ", ".join(known) or "none"
            raise PuzzleError(f"unknown parameter {name!r}: this puzzle takes {names}")
    out = {}
    for p in parameters:
        value = given.get(p.name, p.default)
        out[p.name] = whole_number(value, p.name, at_least=p.minimum, at_most=p.maximum, error=PuzzleError)
    return out
