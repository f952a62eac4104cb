"""What every puzzle module offers: its parameters and its solution.

A puzzle module defines ``NAME`` (as typed on the command line), ``TITLE``,
``PARAMETERS`` (a tuple of :class:`Parameter`) and ``solve(**parameters)``,
which returns a :class:`Solution`: the puzzle told round by round (an
:class:`~epistemic.Story`), its answer as JSON-ready data, and the answer in
words.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

import attrs

from epistemic.errors import EpistemicError
from epistemic.validators import whole_number

if TYPE_CHECKING:
    # a story is the solver's to make: listing the puzzles (their parameters, here) loads no model checker
    from epistemic import Story

__all__ = ["Parameter", "Solution", "PuzzleError", "check_parameters", "parameter_named", "pick_engine",
           "ENGINE_CHOICES"]

#: What ``engine`` may be: a puzzle picks for ``auto`` by the size of its model.
ENGINE_CHOICES = ("auto", "explicit", "symbolic")


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
    for name in given:
        parameter_named(parameters, name)
    out = {}
    for p in parameters:
        value = given.get(p.name, p.default)
        out[p.name] = whole_number(value, p.name, at_least=p.minimum, at_most=p.maximum, error=PuzzleError)
    return out


def parameter_named(parameters: tuple[Parameter, ...], name: str) -> Parameter:
    """The parameter of ``parameters`` called ``name``.

    Raises
    ------
    PuzzleError
        When there is none, naming those there are.

    Examples
    --------
    >>> parameter_named((Parameter("n", 3, "children", 1, 100),), "k")
    Traceback (most recent call last):
    ...
    epistemic.models.puzzles.common.PuzzleError: unknown parameter 'k': this puzzle takes n
    """
    for p in parameters:
        if p.name == name:
            return p
    shown = repr(name) if len(name) <= 60 else f"{name[:60]!r}..."
    raise PuzzleError(f"unknown parameter {shown}: this puzzle takes {', '.join(p.name for p in parameters) or 'none'}")


def pick_engine(engine: str, size: int, most: dict[str, int], explicit_up_to: int, name: str) -> str:
    """The engine to solve with: ``engine``, or for ``"auto"`` the explicit one
    while ``size`` (the parameter ``name``) is at most ``explicit_up_to``.

    Raises
    ------
    PuzzleError
        For an unknown engine, or a size the engine does not take.

    Examples
    --------
    >>> pick_engine("auto", 40, {"explicit": 16, "symbolic": 100}, 12, "n")
    'symbolic'
    >>> pick_engine("explicit", 40, {"explicit": 16, "symbolic": 100}, 12, "n")
    Traceback (most recent call last):
    ...
    epistemic.models.puzzles.common.PuzzleError: the explicit engine takes n up to 16, got 40: \
use the symbolic engine
    """
    if engine not in ENGINE_CHOICES:
        raise PuzzleError(f"unknown engine {engine!r}: choose one of {', '.join(ENGINE_CHOICES)}")
    if engine == "auto":
        engine = "explicit" if size <= explicit_up_to and "explicit" in most else "symbolic"
    if engine not in most:
        raise PuzzleError(f"this puzzle has no {engine} model")
    if size > most[engine]:
        other = [e for e in most if e != engine and size <= most[e]]
        hint = f": use the {other[0]} engine" if other else ""
        raise PuzzleError(f"the {engine} engine takes {name} up to {most[engine]}, got {size}{hint}")
    return engine
