"""Summaries of a sweep's rows: each parameter set's cells, means and intervals.

The cells of one parameter set differ by their seed alone: replicates.  A
numeric result (truth values count as 0 and 1) is summarized by its mean
over the replicates done and, with two or more, a 95% confidence interval
for that mean from Student's t distribution.  A result in text is
summarized by its most common value and how many replicates give it.

Examples
--------
>>> round(t_quantile(0.975, 10), 3)       # Student's t, 10 degrees of freedom
2.228
>>> summary = Summary.of([({"n": 1}, {"x": 1.0}), ({"n": 1}, {"x": 3.0})])
>>> group = summary.groups[0]
>>> group.count, group.mean("x"), [round(v, 2) for v in group.interval("x")]
(2, 2.0, [-10.71, 14.71])
"""

from __future__ import annotations

import json
import math
import statistics
from collections.abc import Iterable, Mapping
from typing import Any

import attrs

__all__ = ["Summary", "Group", "t_quantile", "CONFIDENCE"]

#: The confidence of the intervals shown.
CONFIDENCE = 0.95


def _t_central(t: float, df: int) -> float:
    """P(|T| < t) for Student's t with ``df`` degrees of freedom (Abramowitz and Stegun 26.7.3-4)."""
    theta = math.atan(t / math.sqrt(df))
    c2, s = math.cos(theta) ** 2, math.sin(theta)
    if df % 2 == 1:
        term, total = math.cos(theta), 0.0
        if df > 1:
            total = term
            for k in range(3, df - 1, 2):
                term *= c2 * (k - 1) / k
                total += term
        return 2 / math.pi * (theta + s * total)
    term, total = 1.0, 1.0
    for k in range(2, df - 1, 2):
        term *= c2 * (k - 1) / k
        total += term
    return s * total


def t_quantile(p: float, df: int) -> float:
    """The ``p`` quantile (``p`` above 0.5) of Student's t with ``df`` degrees of freedom."""
    if not 0.5 < p < 1 or df < 1:
        raise ValueError(f"t_quantile takes 0.5 < p < 1 and df >= 1, got {p}, {df}")
    if df > 2000:   # the sums grow with df; the normal quantile is as close as printed here
        return statistics.NormalDist().inv_cdf(p)
    target = 2 * p - 1
    low, high = 0.0, 1.0
    while _t_central(high, df) < target:
        high *= 2
    for _ in range(100):
        middle = (low + high) / 2
        if _t_central(middle, df) < target:
            low = middle
        else:
            high = middle
    return (low + high) / 2


def _number(value: Any) -> float | None:
    if isinstance(value, bool):
        return float(value)
    if isinstance(value, (int, float)):
        return float(value)
    return None


@attrs.frozen
class Group:
    """The cells of one parameter set: their records (the ones done) and failures."""

    parameters: dict = attrs.field(eq=False)
    records: tuple[dict, ...]
    failed: int

    @property
    def count(self) -> int:
        return len(self.records)

    def values(self, name: str) -> list:
        return [r[name] for r in self.records if name in r]

    def numbers(self, name: str) -> list[float] | None:
        """The result's values as numbers, or ``None`` where one is not a number."""
        found = [_number(v) for v in self.values(name)]
        return None if any(v is None for v in found) else [v for v in found if v is not None]

    def most_common(self, name: str) -> tuple[str, int] | None:
        """The value (as text) most replicates give, and how many give it; the first
        in text order among equally common ones."""
        counts: dict[str, int] = {}
        for v in self.values(name):
            counts[str(v)] = counts.get(str(v), 0) + 1
        if not counts:
            return None
        value = min(counts, key=lambda v: (-counts[v], v))
        return value, counts[value]

    def mean(self, name: str) -> float | None:
        found = self.numbers(name)
        return statistics.fmean(found) if found else None

    def interval(self, name: str) -> tuple[float, float] | None:
        """The 95% confidence interval of the mean, from two replicates on."""
        found = self.numbers(name)
        if not found or len(found) < 2 or not all(math.isfinite(v) for v in found):
            return None
        mean = statistics.fmean(found)
        half = t_quantile((1 + CONFIDENCE) / 2, len(found) - 1) * statistics.stdev(found) / math.sqrt(len(found))
        return mean - half, mean + half


@attrs.frozen
class Summary:
    """A sweep's groups, in the order their parameter sets were first run.

    ``parameters`` names them all, ``varying`` those that differ between
    groups, ``fixed`` the others with their one value, and ``results`` every
    result's name."""

    groups: tuple[Group, ...]
    parameters: tuple[str, ...]
    varying: tuple[str, ...]
    fixed: dict = attrs.field(eq=False)
    results: tuple[str, ...]

    @classmethod
    def of(cls, done: Iterable[tuple[Mapping, Mapping]], failed: Iterable[Mapping] = (),
           order: Iterable[str] = ()) -> Summary:
        """From the (parameters, record) of each cell done, and the parameters
        of each cell failed.

        The parameters named in ``order`` (an experiment's, as declared) come
        first, then the others by name; the groups are sorted by their values."""
        records: dict[str, list[dict]] = {}
        parameters: dict[str, dict] = {}
        names: dict[str, None] = {}
        for params, record in done:
            key = _key(params)
            parameters.setdefault(key, dict(params))
            records.setdefault(key, []).append(dict(record))
            names.update(dict.fromkeys(record))
        failures: dict[str, int] = {}
        for params in failed:
            key = _key(params)
            parameters.setdefault(key, dict(params))
            failures[key] = failures.get(key, 0) + 1
        every = list(dict.fromkeys(name for params in parameters.values() for name in params))
        first = [n for n in order if n in every]
        every = first + sorted(n for n in every if n not in first)
        keys = sorted(parameters, key=lambda k: tuple(_rank(parameters[k].get(n)) for n in every))
        groups = tuple(Group(parameters[k], tuple(records.get(k, ())), failures.get(k, 0)) for k in keys)
        varying = tuple(n for n in every if len({_key(g.parameters.get(n)) for g in groups}) > 1)
        fixed = {n: groups[0].parameters.get(n) for n in every if n not in varying} if groups else {}
        return cls(groups, tuple(every), varying, fixed, tuple(names))


def _rank(value: Any) -> tuple:
    """A sort key for a parameter's value: nothing, then numbers, then text."""
    if value is None:
        return (0, 0, "")
    if isinstance(value, (bool, int, float)):
        return (1, value, "")
    return (2, 0, str(value))


def _key(value: Any) -> str:
    return json.dumps(value, sort_keys=True, separators=(",", ":"))
