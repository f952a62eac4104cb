"""What a model declares to offer sweeps: its experiments and their parameters.

An :class:`Experiment` is a pure function from one parameter set to one
record of results, a flat mapping of names to numbers, text or truth
values.  A model lists its experiments in a tuple and names that tuple in
the entry-point group ``epistemic.experiments`` of its distribution's
metadata; the entry point's name is the model's name in a spec::

    [project.entry-points."epistemic.experiments"]
    centipede = "epistemic.models.centipede:EXPERIMENTS"

Examples
--------
>>> def square(side):
...     return {"area": side * side}
>>> exp = Experiment("square", square, "the area of a square",
...                  (Parameter("side", int, "its side", low=0, high=100),))
>>> exp.checked({"side": 3})
{'side': 3}
>>> exp.checked({"side": -1})
Traceback (most recent call last):
...
epistemic.experiments.declare.SpecError: side must be from 0 to 100, got -1
"""

from __future__ import annotations

import math
import re
from collections.abc import Callable, Iterable, Mapping
from typing import Any

import attrs

from epistemic.errors import EpistemicError

__all__ = ["Experiment", "Parameter", "SpecError", "GROUP", "RESULT_TYPES"]

#: The entry-point group models register their experiments in.
GROUP = "epistemic.experiments"

#: The types a record's values may have.
RESULT_TYPES = (bool, int, float, str, type(None))

_NAME = re.compile(r"[a-z][a-z0-9_]*")
_KINDS = (bool, int, float, str)


class SpecError(EpistemicError):
    """A sweep was asked for something no experiment offers: an unknown model,
    experiment or parameter, an empty grid or a value out of range."""


def _tuple(values: Iterable[Any]) -> tuple:
    return tuple(values)


def _kind_name(kind: type) -> str:
    return {bool: "true or false", int: "a whole number", float: "a number", str: "text"}[kind]


@attrs.frozen
class Parameter:
    """One parameter of an experiment.

    Parameters
    ----------
    name : str
        A lower-case word (with underscores), as written in a spec's grid.
    kind : type
        ``int``, ``float``, ``str`` or ``bool``.  A whole number is taken for
        a ``float``.
    help : str
        What it is, for ``epistemic experiment list``.
    default : optional
        The value of a spec that leaves it out; without one, a spec must give it.
    low, high : number, optional
        The least and largest values allowed (inclusive).
    choices : tuple, optional
        The only values allowed.
    """

    name: str = attrs.field()
    kind: type = attrs.field()
    help: str
    default: Any = None
    low: Any = None
    high: Any = None
    choices: tuple | None = attrs.field(default=None, converter=lambda v: None if v is None else _tuple(v))

    @name.validator
    def _check_name(self, _, value):
        if not isinstance(value, str) or not _NAME.fullmatch(value) or value == "seed":
            raise ValueError(f"a parameter's name is a lower-case word other than 'seed', got {value!r}")

    @kind.validator
    def _check_kind(self, _, value):
        if value not in _KINDS:
            raise ValueError(f"a parameter's kind is int, float, str or bool, got {value!r}")

    @property
    def required(self) -> bool:
        return self.default is None

    def checked(self, value: Any) -> Any:
        """``value`` as this parameter's kind, or :class:`SpecError` naming the fault."""
        kind = self.kind
        if kind is float and isinstance(value, int) and not isinstance(value, bool):
            value = float(value)
        if type(value) is not kind:
            raise SpecError(f"{self.name} must be {_kind_name(kind)}, got {value!r}")
        if isinstance(value, float) and not math.isfinite(value):
            raise SpecError(f"{self.name} must be a finite number, got {value!r}")
        if self.choices is not None and value not in self.choices:
            raise SpecError(f"{self.name} must be one of {', '.join(map(str, self.choices))}, got {value!r}")
        if (self.low is not None and value < self.low) or (self.high is not None and value > self.high):
            raise SpecError(f"{self.name} must be from {self.low} to {self.high}, got {value!r}"
                            if self.low is not None and self.high is not None else
                            f"{self.name} must be at least {self.low}, got {value!r}" if self.low is not None else
                            f"{self.name} must be at most {self.high}, got {value!r}")
        return value

    def describe(self) -> str:
        """One line for a listing: the name, kind, range and default."""
        bounds = ("one of " + ", ".join(map(str, self.choices)) if self.choices is not None else
                  f"{self.low} to {self.high}" if self.low is not None and self.high is not None else
                  f"at least {self.low}" if self.low is not None else
                  f"at most {self.high}" if self.high is not None else _kind_name(self.kind))
        default = "required" if self.required else f"default {self.default}"
        return f"{self.name} ({bounds}; {default}): {self.help}"


@attrs.frozen
class Experiment:
    """An experiment a model offers to sweeps.

    Parameters
    ----------
    name : str
        A lower-case word (with underscores), unique within its model.
    function : callable
        ``function(**parameters)`` returns one record: a mapping of names to
        numbers, text, truth values or ``None``.  It must be importable by
        name (a module-level function), as a sweep's workers import it, and
        pure: the record depends on the parameters alone.
    help : str
        One line for ``epistemic experiment list``.
    parameters : tuple of Parameter
    seeded : bool
        Whether the function also takes ``seed``, a whole number from 0 that
        fixes its random draws; a spec then lists replicate seeds.
    fits : callable, optional
        ``fits(parameters)`` for a limit that binds several parameters at
        once (each one's own range is its :class:`Parameter`'s): it raises
        :class:`SpecError` naming the fault.  A spec is checked with it, cell
        by cell, before any cluster starts.
    """

    name: str = attrs.field()
    function: Callable[..., Mapping[str, Any]]
    help: str
    parameters: tuple[Parameter, ...] = attrs.field(converter=lambda v: _tuple(v))
    seeded: bool = False
    fits: Callable[[dict[str, Any]], None] | None = None

    @name.validator
    def _check_name(self, _, value):
        if not isinstance(value, str) or not _NAME.fullmatch(value):
            raise ValueError(f"an experiment's name is a lower-case word, got {value!r}")

    @parameters.validator
    def _check_parameters(self, _, value):
        names = [p.name for p in value]
        if len(set(names)) != len(names):
            raise ValueError(f"experiment {self.name!r} names a parameter twice: {names}")

    def parameter(self, name: str) -> Parameter:
        """The parameter called ``name``, or :class:`SpecError` listing those there are."""
        for p in self.parameters:
            if p.name == name:
                return p
        known = ", ".join(p.name for p in self.parameters) or "none"
        raise SpecError(f"experiment {self.name!r} has no parameter {name!r} (it has {known})")

    def checked(self, values: Mapping[str, Any]) -> dict[str, Any]:
        """A whole parameter set: each value checked, defaults filled in, in
        the order the parameters are declared."""
        for name in values:
            self.parameter(name)
        out = {}
        for p in self.parameters:
            if p.name in values:
                out[p.name] = p.checked(values[p.name])
            elif p.required:
                raise SpecError(f"experiment {self.name!r} needs a value of {p.name}")
            else:
                out[p.name] = p.default
        return out
