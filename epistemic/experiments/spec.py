"""A sweep's spec: which experiment, over which grid of parameters and seeds.

A spec is a TOML file::

    title = "Crossout's Pareto efficiency as dinners grow"
    model = "dinner"
    experiment = "pareto"
    seeds = {from = 0, to = 9}          # replicate seeds, for seeded experiments

    [grid]
    size = {from = 4, to = 20, step = 2}
    dinners = 10000

A grid value is one value, a list of values, or a range ``{from, to, step}``
(both ends included; ``step`` is 1 unless given, and a range of numbers
with a fraction needs one).  Parameters the grid leaves out take their
defaults.  The cells are every combination of the grid's values, each
with each seed.

Examples
--------
>>> from epistemic.experiments.declare import Experiment, Parameter
>>> def area(width, height):
...     return {"area": width * height}
>>> exp = Experiment("area", area, "a rectangle's area",
...                  (Parameter("width", int, "its width"), Parameter("height", int, "its height", default=1)))
>>> spec = spec_from_text('model = "shapes"\\nexperiment = "area"\\n[grid]\\nwidth = {from = 1, to = 3}\\n', exp)
>>> [cell.parameters for cell in spec.cells()]
[{'width': 1, 'height': 1}, {'width': 2, 'height': 1}, {'width': 3, 'height': 1}]
"""

from __future__ import annotations

import itertools
import json
import math
from collections.abc import Callable, Iterator, Mapping
from typing import Any

import attrs

from .declare import Experiment, SpecError

__all__ = ["Spec", "Cell", "read_spec", "spec_from_text", "MAX_CELLS", "MAX_SPEC_BYTES"]

#: The most cells one spec may ask for: checked before any cluster starts.
MAX_CELLS = 1_000_000
#: The largest spec file read.
MAX_SPEC_BYTES = 1 << 20
_KEYS = ("title", "model", "experiment", "seeds", "grid")


@attrs.frozen
class Cell:
    """One parameter set and seed of a sweep.

    ``key`` is the parameter set as canonical JSON (the seed among them, for a
    seeded experiment): the database knows a cell by it.
    """

    parameters: dict = attrs.field(eq=False, hash=False)
    seed: int | None
    key: str

    @classmethod
    def of(cls, parameters: Mapping[str, Any], seed: int | None) -> Cell:
        keyed = dict(parameters) if seed is None else {**parameters, "seed": seed}
        return cls(dict(parameters), seed, json.dumps(keyed, sort_keys=True, separators=(",", ":")))

    def arguments(self) -> dict[str, Any]:
        """The keyword arguments of the experiment's function."""
        return dict(self.parameters) if self.seed is None else {**self.parameters, "seed": self.seed}


@attrs.frozen
class Spec:
    """A parsed and checked spec.

    Attributes
    ----------
    model, experiment : str
    title : str
    grid : tuple of (name, tuple of values)
        Each parameter the spec gives, with its values in the spec's order.
    seeds : tuple of int, or None for an experiment without seeds
    """

    model: str
    experiment: Experiment
    title: str
    grid: tuple[tuple[str, tuple], ...]
    seeds: tuple[int, ...] | None

    @property
    def size(self) -> int:
        """The number of cells."""
        return math.prod(len(values) for _, values in self.grid) * (len(self.seeds) if self.seeds else 1)

    def cells(self) -> Iterator[Cell]:
        """Every cell: the grid's combinations in order, each with each seed."""
        names = [name for name, _ in self.grid]
        # every value was checked when the spec was read: a cell is the defaults with its values put
        # in, and its key (what Cell.of writes) is put together from each value's JSON, made once
        base = self.experiment.checked({name: values[0] for name, values in self.grid})
        texts = {name: json.dumps(value) for name, value in base.items()}
        encoded = [[json.dumps(v) for v in values] for _, values in self.grid]
        order = sorted([*base, *(["seed"] if self.seeds is not None else [])])
        heads = [json.dumps(name) + ":" for name in order]
        for picks in itertools.product(*(range(len(values)) for _, values in self.grid)):
            parameters = dict(base)
            for name, (_, values), texts_of, k in zip(names, self.grid, encoded, picks):
                parameters[name], texts[name] = values[k], texts_of[k]
            for seed in self.seeds if self.seeds is not None else (None,):
                if seed is not None:
                    texts["seed"] = str(seed)
                key = "{" + ",".join(head + texts[name] for head, name in zip(heads, order)) + "}"
                yield Cell(parameters, seed, key)


def read_spec(path: str, find: Callable[[str, str], Experiment]) -> Spec:
    """The spec in the TOML file ``path``; ``find(model, experiment)`` gives the
    experiment it names (:func:`~.registry.find_experiment`).

    Raises :class:`~.declare.SpecError` with one line naming the fault.
    """
    from epistemic.files import read_limited, toml_from

    def fault(message: str) -> SpecError:
        return SpecError(f"{path}: {message}")

    return _spec(toml_from(read_limited(path, MAX_SPEC_BYTES, "a spec", fault), fault), find)


def spec_from_text(text: str, find: Callable[[str, str], Experiment] | Experiment) -> Spec:
    """The spec written in ``text`` (see :func:`read_spec`); ``find`` may also be
    the experiment itself."""
    from epistemic.files import toml_from

    return _spec(toml_from(text, lambda message: SpecError(f"the spec: {message}")), find)


def _spec(data: dict[str, Any], find: Callable[[str, str], Experiment] | Experiment) -> Spec:
    """The spec the TOML document ``data`` holds."""
    unknown = [k for k in data if k not in _KEYS]
    if unknown:
        raise SpecError(f"the spec has an unknown key {unknown[0]!r} (it may have {', '.join(_KEYS)})")
    for key in ("model", "experiment"):
        if not isinstance(data.get(key), str) or not data[key]:
            raise SpecError(f"the spec needs {key} = \"...\", the name of "
                            f"{'an installed model' if key == 'model' else 'one of its experiments'}")
    title = data.get("title", "")
    if not isinstance(title, str):
        raise SpecError(f"the spec's title must be text, got {title!r}")
    experiment = find if isinstance(find, Experiment) else find(data["model"], data["experiment"])
    grid = data.get("grid", {})
    if not isinstance(grid, dict):
        raise SpecError("the spec's grid must be a table: [grid] with one line per parameter")
    values = []
    for name, value in grid.items():
        parameter = experiment.parameter(name)
        listed = _values(f"grid.{name}", value)
        values.append((name, tuple(parameter.checked(v) for v in listed)))
    for name, checked in values:
        if len(set(checked)) != len(checked):
            raise SpecError(f"grid.{name} lists a value twice")
    experiment.checked({name: checked[0] for name, checked in values})   # every required parameter is there
    seeds = _seeds(data, experiment)
    spec = Spec(data["model"], experiment, title, tuple(values), seeds)
    if spec.size > MAX_CELLS:
        raise SpecError(f"the spec asks for {spec.size:,} cells, more than the {MAX_CELLS:,} a sweep may have")
    if experiment.fits is not None:
        for cell in spec.cells():
            experiment.fits(cell.parameters)
    return spec


def _values(where: str, value: Any) -> list:
    if isinstance(value, list):
        if not value:
            raise SpecError(f"{where} is empty: give it one value or more")
        return value
    if isinstance(value, dict):
        return _range(where, value)
    return [value]


def _range(where: str, table: dict) -> list:
    unknown = [k for k in table if k not in ("from", "to", "step")]
    if unknown or "from" not in table or "to" not in table:
        raise SpecError(f"{where} is a range: {{from = ..., to = ..., step = ...}} (step optional), got {table!r}")
    start, stop = table["from"], table["to"]
    step = table.get("step", 1)
    for key, v in (("from", start), ("to", stop), ("step", step)):
        if isinstance(v, bool) or not isinstance(v, (int, float)) or not math.isfinite(v):
            raise SpecError(f"{where}'s {key} must be a number, got {v!r}")
    if step <= 0:
        raise SpecError(f"{where}'s step must be more than 0, got {step!r}")
    if stop < start:
        raise SpecError(f"{where} is empty: it runs from {start} to {stop}")
    if all(isinstance(v, int) for v in (start, stop, step)):
        count = (stop - start) // step + 1
        if count > MAX_CELLS:
            raise SpecError(f"{where} has {count:,} values, more than the {MAX_CELLS:,} a sweep may have")
        return list(range(start, stop + 1, step))
    if "step" not in table:
        raise SpecError(f"{where} runs over numbers with a fraction: give its step")
    # counted, not accumulated, so that the last value is the 'to' the spec wrote
    count = math.floor((stop - start) / step + 1e-9) + 1
    if count > MAX_CELLS:
        raise SpecError(f"{where} has {count:,} values, more than the {MAX_CELLS:,} a sweep may have")
    return [float(round(start + i * step, 12)) for i in range(count)]


def _seeds(data: dict, experiment: Experiment) -> tuple[int, ...] | None:
    if "seeds" not in data:
        return (0,) if experiment.seeded else None
    if not experiment.seeded:
        raise SpecError(f"experiment {experiment.name!r} draws nothing at random: give it no seeds")
    listed = _values("seeds", data["seeds"])
    for seed in listed:
        if isinstance(seed, bool) or not isinstance(seed, int) or not 0 <= seed < 2 ** 63:
            raise SpecError(f"a seed is a whole number from 0, got {seed!r}")
    if len(set(listed)) != len(listed):
        raise SpecError("seeds lists a seed twice")
    return tuple(listed)
