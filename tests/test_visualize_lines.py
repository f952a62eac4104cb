"""Line charts and hold surfaces of :mod:`epistemic.visualize`: what is drawn
(lines broken at the gaps, a legend off the lines, a bounded mesh) and what
is refused before anything is drawn.
"""

from __future__ import annotations

import itertools
import math

import pytest

pytest.importorskip("matplotlib")

import epistemic.visualize.plot as plot_module  # noqa: E402
from epistemic import EpistemicError  # noqa: E402
from epistemic.visualize import (  # noqa: E402
    MAX_HOLD_MAP,
    MAX_LINE_POINTS,
    MAX_SERIES,
    MESH_SIDE,
    PictureError,
    hold_surface,
    line_chart,
)

from test_visualize_plots import assert_readable  # noqa: E402

LABELS = {"x_label": "goal score", "y_label": "expected gain"}


def drawn_lines(plot):
    """``name -> [(xs, ys), ...]``: the line artists of each series on the
    drawn figure, in the order drawn (the legend's name on the first)."""
    figure = plot.figure()
    found: dict[str, list] = {}
    name = None
    for axes in figure.axes:
        for line in axes.get_lines():
            if len(set(line.get_ydata())) == 1 and list(line.get_xdata()) == [0, 1]:
                continue  # the zero line
            name = line.get_label() if not line.get_label().startswith("_") else name
            found.setdefault(name, []).append((list(line.get_xdata()), list(line.get_ydata()), line))
    return found


# what is drawn ----------------------------------------------------------------------

def test_a_gap_breaks_the_line():
    plot = line_chart([("p1", [(1, 0.5), (2, 0.4), (3, None), (4, 0.2), (5, 0.1)]), ("p2", [(1, 0.1), (5, 0.3)])],
                      **LABELS)
    lines = drawn_lines(plot)
    # no line is drawn across x = 3: the series is drawn as the two runs on either side
    assert [(xs, ys) for xs, ys, _ in lines["p1"]] == [([1, 2], [0.5, 0.4]), ([4, 5], [0.2, 0.1])]
    assert [(xs, ys) for xs, ys, _ in lines["p2"]] == [([1, 5], [0.1, 0.3])]
    # the runs of one series look alike, and the series differ
    (_, _, first), (_, _, second) = lines["p1"]
    assert first.get_color() == second.get_color() != lines["p2"][0][2].get_color()
    legend = plot.figure().legends[0]
    assert [t.get_text() for t in legend.get_texts()] == ["p1", "p2"]


def test_whole_numbers_on_the_x_axis_get_whole_ticks():
    rounds = line_chart([("Ada", [(1, 30), (2, 40), (3, 70), (4, 98), (5, 127)])], x_label="round", y_label="score")
    figure = rounds.figure()
    figure.canvas.draw()
    ticks = [t for t in figure.axes[0].get_xticks() if 1 <= t <= 5]
    assert ticks == [1, 2, 3, 4, 5]   # not 1.0, 1.5, ...: no round 1.5
    heads = line_chart([("p1", [(0.25, 0.1), (0.5, 0.2), (0.75, 0.1)])], **LABELS).figure()
    heads.canvas.draw()
    assert any(not float(t).is_integer() for t in heads.axes[0].get_xticks())


def test_a_lone_point_between_gaps_is_drawn_as_a_dot():
    plot = line_chart([("goal 10", [(0.1, 0.2), (0.2, None), (0.3, 0.25), (0.4, None), (0.5, 0.3), (0.6, 0.31)])],
                      **LABELS)
    runs = drawn_lines(plot)["goal 10"]
    assert [xs for xs, _, _ in runs] == [[0.1], [0.3], [0.5, 0.6]]
    assert [line.get_marker() for _, _, line in runs][:2] == ["o", "o"]
    assert runs[2][2].get_linestyle() == "-"


def test_the_legend_stays_off_the_lines():
    many = [(f"a rather long series name {n}", [(x, math.sin(x + n)) for x in range(20)]) for n in range(MAX_SERIES)]
    for plot in (line_chart(many, title="ten series", zero_line=True, **LABELS),
                 line_chart(many[:2], below=many[2:4], below_label="difference", markers=True, **LABELS)):
        figure = plot.figure()
        figure.canvas.draw()
        renderer = figure.canvas.get_renderer()
        legend = figure.legends[0].get_window_extent(renderer)
        for axes in figure.axes:
            box = axes.get_tightbbox(renderer)  # the axes with their ticks and titles
            assert legend.y1 <= box.y0 + 0.5, "the legend overlaps an axes"
        assert_readable(plot)


def test_a_lower_panel_shares_the_x_axis_and_the_legend():
    plot = line_chart([("alone", [(1, 0.7), (2, 0.3)]), ("together", [(1, 0.7), (2, 0.29)])],
                      below=[("change", [(1, 0), (2, -0.01)])], below_label="together − alone", **LABELS)
    figure = plot.figure()
    upper, lower = figure.axes
    assert upper.get_shared_x_axes().joined(upper, lower)
    assert lower.get_ylabel() == "together − alone" and lower.get_xlabel() == "goal score"
    assert [t.get_text() for t in figure.legends[0].get_texts()] == ["alone", "together", "change"]
    assert drawn_lines(plot)["change"][0][1] == [0, -0.01]
    assert plot.drawing.below_label == "together − alone"


# what is refused --------------------------------------------------------------------

def test_limits_refuse_before_drawing(monkeypatch):
    def no_drawing(self):
        raise AssertionError("drew")

    monkeypatch.setattr(plot_module.Plot, "_figure", no_drawing)
    one = [(0, 1)]
    with pytest.raises(PictureError, match=f"^a line chart shows at most {MAX_SERIES} series"):
        line_chart([(f"s{n}", one) for n in range(MAX_SERIES + 1)], **LABELS)
    # the two panels count together
    with pytest.raises(PictureError, match=f"at most {MAX_SERIES} series"):
        line_chart([("a", one)] * (MAX_SERIES - 1), below=[("b", one), ("c", one)], below_label="d", **LABELS)
    read = []

    def points():
        for x in itertools.count():
            read.append(x)
            yield (x, x)

    with pytest.raises(PictureError, match=f"^a line chart shows at most {MAX_LINE_POINTS:,} points in all"):
        line_chart([("endless", points())], **LABELS)
    assert len(read) == MAX_LINE_POINTS + 1
    half = [(x, x) for x in range(MAX_LINE_POINTS // 2 + 1)]
    with pytest.raises(PictureError, match="points in all"):
        line_chart([("a", half)], below=[("b", half)], below_label="c", **LABELS)
    line_chart([("a", half[:-1]), ("b", half[:-1])], **LABELS)  # the limit itself is taken


@pytest.mark.parametrize("series, options, message", [
    ([("p1", [(1, float("nan"))])], {}, "series 'p1', point 0: y must be a finite number, got nan"),
    ([("p1", [(float("inf"), 1)])], {}, "series 'p1', point 0: x must be a finite number, got inf"),
    ([("p1", [(1, "0.5")])], {}, "series 'p1', point 0: y must be a number, got '0.5'"),
    ([("p1", [(True, 1)])], {}, "x must be a number, got True"),
    ([("p1", [(1, 2, 3)])], {}, r"series 'p1', point 0 must be a pair \(x, y\), got \(1, 2, 3\)"),
    ([("p1", "ab")], {}, r"series 'p1': the points must be a sequence of \(x, y\), got 'ab'"),
    ([("p1", 5)], {}, "series 'p1': the points must be a sequence"),
    ([("p1", [(1, None), (2, None)])], {}, "series 'p1' has no point with a value"),
    ([("two\nlines", [(1, 1)])], {}, "series 0 needs a name of one line of text"),
    (["p1"], {}, r"series 0 must be a pair \(name, points\)"),
    ([], {}, "a line chart needs at least one series"),
    ([("p1", [(1, 1)])], {"title": "a\nb"}, "a title is one line of text"),
    ([("p1", [(1, 1)])], {"x_label": ""}, "an axis title is one line of text"),
    ([("p1", [(1, 1)])], {"below": [("d", [(1, 0)])]}, "the lower panel's axis title is one line of text"),
])
def test_bad_charts_are_one_line_errors(series, options, message):
    with pytest.raises(PictureError, match=message) as caught:
        line_chart(series, **(LABELS | options))
    assert "\n" not in str(caught.value) and isinstance(caught.value, EpistemicError)


# hold surfaces ----------------------------------------------------------------------

def test_the_surface_is_the_hold_table_on_a_bounded_mesh():
    from mpl_toolkits.mplot3d.art3d import Poly3DCollection

    small = [[3, 2, 1], [2, 2, 1], [1, 1, 1]]
    [surface] = [c for c in hold_surface(small).figure().axes[0].collections if isinstance(c, Poly3DCollection)]
    # one quadrilateral between each four neighbouring scores, coloured by their mean height
    assert sorted(surface.get_array().tolist()) == [(2 + 1 + 1 + 1) / 4, (2 + 2 + 1 + 1) / 4, (2 + 1 + 2 + 1) / 4,
                                                    (3 + 2 + 2 + 2) / 4]
    # the largest table is drawn every n-th score, the last one kept: the mesh
    # stays within MESH_SIDE + 1 scores a side
    side = MAX_HOLD_MAP
    large = [[(i * 7 + j * 3) % 50 for j in range(side)] for i in range(side)]
    plot = hold_surface(large, title="Pig to 300")
    assert plot.drawing.holds == tuple(tuple(row) for row in large)
    axes = plot.figure().axes[0]
    [surface] = [c for c in axes.collections if isinstance(c, Poly3DCollection)]
    assert len(surface.get_array()) == MESH_SIDE ** 2
    assert axes.get_xlim3d() == (0, side - 1) and axes.get_zlabel() == "hold at turn total k"


@pytest.mark.parametrize("holds, message", [
    ([[1, 2]], "a hold surface is square, one row and one column a score, got 1 rows of 2"),
    ([[1] * (MAX_HOLD_MAP + 1)] * (MAX_HOLD_MAP + 1), f"a hold surface shows at most {MAX_HOLD_MAP} scores a side"),
    ([[1, -1], [1, 1]], "hold values are turn totals of at least 0"),
    ([], "a hold surface is square"),
])
def test_bad_hold_surfaces(holds, message):
    with pytest.raises(PictureError, match=message):
        hold_surface(holds)
