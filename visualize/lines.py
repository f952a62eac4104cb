"""Line charts: named series of ``(x, y)`` points, each drawn as a line that
breaks where a value is missing (the seed ``004``'s Figures 3, 4 and 5).
"""

from __future__ import annotations

import math
from collections.abc import Iterable, Sequence
from numbers import Real
from typing import Any

import attrs

from epistemic.validators import text_line

from .errors import PictureError
from .plot import Plot
from .points import bounded_list, items_of, optional_title, pair_of

__all__ = ["MAX_SERIES", "MAX_LINE_POINTS", "Series", "LineChart", "line_chart"]

#: The most series a line chart shows (each gets its own colour and legend entry).
MAX_SERIES = 10
#: The most points a line chart shows, all series together.
MAX_LINE_POINTS = 20_000

_SIZE = (7.2, 5.4)  # inches
_COLOURS = ("#1f77b4", "#2ca02c", "#ff7f0e", "#d62728", "#9467bd", "#8c564b", "#e377c2", "#7f7f7f", "#bcbd22",
            "#17becf")
_MARKERS = ("o", "s", "^", "D", "v", "P", "X", "*", "<", ">")
_COLUMNS = 4  # legend entries side by side below the axes, at most
_LEGEND_WIDTH = 96  # characters of legend text a row holds
_LEFT, _WIDTH = 0.12, 0.84  # of the figure, for every panel


def _number(value: Any, what: str) -> float:
    if isinstance(value, bool) or not isinstance(value, Real):
        raise PictureError(f"{what} must be a number, got {value!r}")
    number = float(value)
    if not math.isfinite(number):
        raise PictureError(f"{what} must be a finite number, got {value!r}")
    return number


def _pairs(points: Any) -> tuple[tuple[float, float | None], ...]:
    return tuple((x, y) for x, y in points)


@attrs.frozen
class Series:
    """One line of a :class:`LineChart`: a name for the legend, and its points
    ``(x, y)`` in order of ``x``; ``y`` is ``None`` where the line breaks."""

    name: str
    points: tuple[tuple[float, float | None], ...] = attrs.field(converter=_pairs)
    #: ``(x, low, high)``: an interval around the line, shaded
    band: tuple[tuple[float, float, float], ...] = ()

    def runs(self) -> list[list[tuple[float, float]]]:
        """The stretches of consecutive points with a value, each drawn as one line.

        >>> Series("p1", ((1, 0.5), (2, None), (3, 0.2), (4, 0.1))).runs()
        [[(1, 0.5)], [(3, 0.2), (4, 0.1)]]
        """
        found: list[list[tuple[float, float]]] = [[]]
        for x, y in self.points:
            if y is None:
                if found[-1]:
                    found.append([])
            else:
                found[-1].append((x, y))
        return [run for run in found if run]


def _series(value: Iterable[Series]) -> tuple[Series, ...]:
    return tuple(value)


@attrs.frozen
class LineChart:
    """What a line chart shows; :class:`Plot` draws it.  Built by :func:`line_chart`.

    ``below`` are series drawn in a second, lower panel sharing the ``x``
    axis, titled ``below_label`` (a difference too small to see at the
    scale of the main panel, say).
    """

    series: tuple[Series, ...] = attrs.field(converter=_series)
    x_label: str
    y_label: str
    title: str | None = None
    zero_line: bool = False
    markers: bool = False
    below: tuple[Series, ...] = attrs.field(default=(), converter=_series)
    below_label: str | None = None

    @property
    def size(self) -> tuple[float, float]:
        """The figure's width and height, in inches."""
        return _SIZE

    def draw(self, figure: Any) -> None:
        """Draw the chart on a matplotlib ``figure`` of :attr:`size`.

        Each series is drawn run by run, so that no line crosses a gap; a run
        of one point is drawn as a dot, or it would not show.  The lines are
        solid, told apart by colour (and marker), so that a gap is not taken
        for a dash.  The legend sits below the axes, where it cannot cover a line.
        """
        everything = self.series + self.below
        longest = max(len(series.name) for series in everything)
        columns = max(1, min(_COLUMNS, len(everything), _LEGEND_WIDTH // (longest + 6)))
        rows = math.ceil(len(everything) / columns)
        bottom = 0.11 + 0.04 * rows
        top = 0.9 if self.title else 0.95
        panels = [self._panel(figure, self.series, 0, bottom, top, self.y_label, self.zero_line)]
        if self.below:
            lower = bottom + 0.3 * (top - bottom)
            axes = self._panel(figure, self.below, len(self.series), bottom, lower - 0.03, self.below_label or "",
                               True, share=panels[0])
            panels[0].set_position((_LEFT, lower + 0.02, _WIDTH, top - lower - 0.02))
            panels[0].tick_params(labelbottom=False)
            panels.append(axes)
            figure.align_ylabels(panels)
        panels[-1].set_xlabel(self.x_label, fontsize=11)
        if all(float(x).is_integer() for series in everything for x, _ in series.points):
            # rounds, goals, players: a tick between two of them would name a round 1.5
            from matplotlib.ticker import MaxNLocator
            panels[-1].xaxis.set_major_locator(MaxNLocator(integer=True))
        handles = [h for axes in panels for h in axes.get_legend_handles_labels()[0]]
        figure.legend(handles, [h.get_label() for h in handles], loc="lower center", bbox_to_anchor=(0.5, 0.01),
                      ncol=columns, frameon=False, fontsize=9, handlelength=2.6)
        if self.title:
            panels[0].set_title(self.title, fontsize=12, pad=10)

    def _panel(self, figure: Any, series: tuple[Series, ...], first: int, bottom: float, top: float, label: str,
               zero_line: bool, share: Any = None) -> Any:
        axes = figure.add_axes((_LEFT, bottom, _WIDTH, top - bottom), sharex=share)
        if zero_line:
            axes.axhline(0, color="0.45", linewidth=0.8, zorder=1)
        for n, one in enumerate(series, first):
            style = {"color": _COLOURS[n % len(_COLOURS)], "linewidth": 1.6, "zorder": 2 + n}
            dots = {"marker": _MARKERS[n % len(_MARKERS)], "markersize": 4} if self.markers else {}
            if one.band:
                axes.fill_between([x for x, _, _ in one.band], [lo for _, lo, _ in one.band],
                                  [hi for _, _, hi in one.band], color=style["color"], alpha=0.18, linewidth=0,
                                  zorder=1)
            for k, run in enumerate(one.runs()):
                xs, ys = [x for x, _ in run], [y for _, y in run]
                single = {} if len(run) > 1 or dots else {"marker": "o", "markersize": 3}
                axes.plot(xs, ys, label=one.name if k == 0 else "_", **style, **dots, **single)
        axes.set_ylabel(label, fontsize=11 if share is None else 10)
        axes.grid(True, color="0.9", linewidth=0.6)
        axes.set_axisbelow(True)
        for spine in ("top", "right"):
            axes.spines[spine].set_visible(False)
        return axes


def line_chart(series: Sequence[tuple[str, Sequence]], *, x_label: str, y_label: str, title: str | None = None,
               zero_line: bool = False, markers: bool = False, below: Sequence[tuple[str, Sequence]] = (),
               below_label: str | None = None, bands: Sequence[Sequence] = ()) -> Plot:
    """A chart of named series of points, each a line that breaks where a value is missing.

    Parameters
    ----------
    series : sequence of (name, points)
        Each series' name (one line, for the legend) and its points ``(x, y)``;
        ``y`` is ``None`` where there is no value, and the line is not drawn
        across it.  The points are drawn in order of ``x``.
    x_label, y_label : str
        The axes' titles.
    title : str, optional
        A title over the chart.
    zero_line : bool
        Draw a horizontal line at ``y = 0``.
    markers : bool
        Mark every point (for a few points on whole numbers, such as goals).
    below : sequence of (name, points), optional
        Series of a second panel under the first, sharing its ``x`` axis and
        with a line at ``y = 0``: a difference too small to see at the scale
        of the first, say.
    below_label : str, optional
        The second panel's ``y`` title; needed with ``below``.
    bands : sequence of sequences of (x, low, high), optional
        For each series in turn, an interval around its line (a confidence
        interval, say), shaded in its colour.

    Returns
    -------
    Plot

    Raises
    ------
    PictureError
        For more than :data:`MAX_SERIES` series or :data:`MAX_LINE_POINTS`
        points in all, both panels together (found before anything is
        drawn, reading no further), a series without a point with a value, a
        point that is not a pair of finite numbers (``y`` may be ``None``), or
        a name or title that is not one line.

    Examples
    --------
    >>> plot = line_chart([("p1", [(1, 0.7), (2, 0.3)]), ("p2", [(1, -0.1), (2, None)])],
    ...                   x_label="goal", y_label="expected gain", zero_line=True)
    >>> [s.points for s in plot.drawing.series]
    [((1.0, 0.7), (2.0, 0.3)), ((1.0, -0.1), (2.0, None))]
    >>> plot.pipe("png")[:4]
    b'\\x89PNG'
    >>> line_chart([("p1", [(1, float("nan"))])], x_label="goal", y_label="gain")
    Traceback (most recent call last):
    ...
    epistemic.visualize.errors.PictureError: series 'p1', point 0: y must be a finite number, got nan
    """
    for label in (x_label, y_label):
        text_line(label, "an axis title is one line of text", error=PictureError)
    optional_title(title)
    counted = [0]
    upper = _series_of(series, MAX_SERIES, counted)
    if not upper:
        raise PictureError("a line chart needs at least one series")
    if bands:
        if len(bands) > len(upper):
            raise PictureError(f"{len(bands)} bands for {len(upper)} series")
        upper = tuple(attrs.evolve(one, band=_band(band, one.name)) for one, band in zip(upper, bands)) + \
            upper[len(bands):]
    lower = _series_of(below, MAX_SERIES - len(upper), counted)
    if lower:
        text_line(below_label, "the lower panel's axis title is one line of text", error=PictureError)
    return Plot(LineChart(upper, x_label, y_label, title, bool(zero_line), bool(markers), lower,
                          below_label if lower else None))


def _series_of(given: Any, room: int, counted: list[int]) -> tuple[Series, ...]:
    """The series of ``given``, checked, at most ``room`` of them; ``counted``
    keeps the points read so far, for the limit on them all."""
    items = bounded_list(given, room, "the series", f"a line chart shows at most {MAX_SERIES} series, got more")
    made = []
    for n, one in enumerate(items):
        name, points = pair_of(one, f"series {n}", "a pair (name, points)")
        text_line(name, f"series {n} needs a name of one line of text", error=PictureError)
        found = []
        for k, point in enumerate(items_of(points, f"series {name!r}: the points must be a sequence of (x, y)")):
            counted[0] += 1
            if counted[0] > MAX_LINE_POINTS:
                raise PictureError(f"a line chart shows at most {MAX_LINE_POINTS:,} points in all; these have more")
            found.append(_point(point, f"series {name!r}, point {k}"))
        if all(y is None for _, y in found):
            raise PictureError(f"series {name!r} has no point with a value")
        made.append(Series(name, tuple(sorted(found, key=lambda p: p[0]))))
    return tuple(made)


def _point(point: Any, what: str) -> tuple[float, float | None]:
    x, y = pair_of(point, what, "a pair (x, y)")
    return _number(x, f"{what}: x"), None if y is None else _number(y, f"{what}: y")


def _band(band: Any, name: str) -> tuple[tuple[float, float, float], ...]:
    found = []
    for k, item in enumerate(items_of(band, f"the band of {name!r} must be a sequence of (x, low, high)")):
        if not isinstance(item, (tuple, list)) or len(item) != 3:
            raise PictureError(f"the band of {name!r}, item {k}: expected (x, low, high), got {item!r}")
        x, low, high = (_number(v, f"the band of {name!r}, item {k}") for v in item)
        if low > high:
            raise PictureError(f"the band of {name!r}, item {k}: low {low} is above high {high}")
        found.append((x, low, high))
    if len(found) > MAX_LINE_POINTS:
        raise PictureError(f"a band has at most {MAX_LINE_POINTS:,} points")
    return tuple(sorted(found))
