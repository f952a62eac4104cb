"""A sweep's summary drawn: one result's means against one parameter.

Each line is one combination of the other parameters that vary, and the
shading around it the 95% confidence interval over the replicate seeds
(where a parameter set has two or more).
"""

from __future__ import annotations

from typing import Any

from epistemic.experiments import Summary

from .errors import PictureError
from .lines import MAX_SERIES, line_chart
from .plot import Plot

__all__ = ["sweep_chart"]


def _numeric(summary: Summary, name: str, of: str) -> bool:
    if of == "parameter":
        values = [g.parameters.get(name) for g in summary.groups]
    else:
        found = [g.numbers(name) for g in summary.groups]
        if any(numbers is None for numbers in found):   # some value is text
            return False
        values = [v for numbers in found if numbers is not None for v in numbers]
    return bool(values) and all(isinstance(v, (int, float)) and not isinstance(v, bool) for v in values)


def sweep_chart(summary: Summary, *, x: str | None = None, y: str | None = None, title: str | None = None) -> Plot:
    """The means of result ``y`` against parameter ``x``, a line for each
    combination of the other varying parameters.

    ``x`` is by default the first varying parameter with numbers for values,
    ``y`` the first result with numbers.  Raises :class:`PictureError`
    naming what is missing, or when the other parameters make more than
    :data:`~.lines.MAX_SERIES` lines.

    Examples
    --------
    >>> s = Summary.of([({"n": n, "k": k}, {"v": n * k + r}) for n in (1, 2, 3) for k in (1, 2) for r in (0, 1)], {},
    ...                ["n", "k"])
    >>> plot = sweep_chart(s, title="v")
    >>> [one.name for one in plot.drawing.series]
    ['k = 1', 'k = 2']
    >>> plot.drawing.series[1].points
    ((1.0, 2.5), (2.0, 4.5), (3.0, 6.5))
    """
    numeric_parameters = [p for p in summary.varying if _numeric(summary, p, "parameter")]
    if x is None:
        if not numeric_parameters:
            raise PictureError("no parameter with numbers varies: there is nothing to draw a line along")
        x = numeric_parameters[0]
    elif x not in summary.varying:
        raise PictureError(f"--x names a parameter that varies ({', '.join(summary.varying) or 'none does'}), "
                           f"got {x!r}")
    elif x not in numeric_parameters:
        raise PictureError(f"parameter {x!r} has values that are not numbers: it cannot be an axis")
    numeric_results = [r for r in summary.results if _numeric(summary, r, "result")]
    if y is None:
        if not numeric_results:
            raise PictureError("no result is a number: there is nothing to draw")
        y = numeric_results[0]
    elif y not in numeric_results:
        raise PictureError(f"--y names a result with numbers ({', '.join(numeric_results) or 'none is'}), got {y!r}")
    others = [p for p in summary.varying if p != x]
    lines: dict[tuple, list] = {}
    for group in summary.groups:
        lines.setdefault(tuple(group.parameters.get(p) for p in others), []).append(group)
    if len(lines) > MAX_SERIES:
        raise PictureError(f"the other parameters ({', '.join(others)}) make {len(lines)} lines, more than the "
                           f"{MAX_SERIES} a plot shows: sweep fewer of them, or export with --csv")
    series, bands = [], []
    for key, groups in lines.items():
        name = ", ".join(f"{p} = {_short(v)}" for p, v in zip(others, key)) or y
        series.append((name, [(g.parameters[x], g.mean(y)) for g in groups]))
        bands.append([(g.parameters[x], *interval) for g in groups if (interval := g.interval(y)) is not None])
    shaded = any(bands)
    return line_chart(series, x_label=x, y_label=y + (" (shaded: 95% confidence interval)" if shaded else ""),
                      title=title, markers=True, bands=bands if shaded else ())


def _short(value: Any) -> str:
    return f"{value:.4g}" if isinstance(value, float) else str(value)
