"""Plots of :mod:`epistemic.visualize`: crossout boards and outcome scatters,
checked on the drawn figure (where each label lands, that no two overlap)
and on the image bytes (valid, deterministic).
"""

from __future__ import annotations

import itertools
import struct
import subprocess
import sys
from fractions import Fraction

import pytest
from hypothesis import Phase, given, settings
from hypothesis import strategies as st

pytest.importorskip("matplotlib")

import epistemic.visualize.plot as plot_module  # noqa: E402
from epistemic import EpistemicError  # noqa: E402
from epistemic.visualize import (  # noqa: E402
    MAX_BOARD_MORSELS,
    MAX_OUTCOME_POINTS,
    Plot,
    PictureError,
    RendererMissing,
    crossout_board,
    outcome_scatter,
    write_images,
    format_of,
)

from picture_checks import PNG_MAGIC, svg_texts  # noqa: E402

# seed 002_86340314558109f2.txt: "Figure 2 shows the crossout board of the dinner
# D={(1,8),(2,3),(3,6),(4,4),(5,1),(6,2),(7,5),(8,7)}"
DINNER = [(1, 8), (2, 3), (3, 6), (4, 4), (5, 1), (6, 2), (7, 5), (8, 7)]
# its crossout sequence m1 ... m8; Alice crosses out first ("the odd labels appear
# on Alice's axis and the even labels on Bob's axis")
SEQUENCE = [(1, 8), (5, 1), (2, 3), (6, 2), (3, 6), (4, 4), (7, 5), (8, 7)]
CROSSOUTS = [(DINNER.index(m), k % 2) for k, m in enumerate(SEQUENCE)]
# seed: "if both players play the crossout strategy, then they eat the morsels in
# reverse order of the crossouts"; Alice moves first ("Alice ... eats her favourite
# morsel (8,7) on her first turn")
PLAY = [(DINNER.index(m), t % 2) for t, m in enumerate(reversed(SEQUENCE))]


def drawn_labels(plot: Plot) -> dict[tuple[str, str], dict]:
    """``(axis, kind) -> {coordinate: text}`` read from the drawn figure's text
    artists: the coordinate is where the text is centred, mapped back
    through the axes' data transform."""
    figure = plot.figure()
    figure.canvas.draw()
    renderer = figure.canvas.get_renderer()
    axes = figure.axes[0]
    to_data = axes.transData.inverted()
    found: dict[tuple[str, str], dict] = {}
    for text in axes.texts:
        gid = text.get_gid() or ""
        if gid.count("-") != 2:
            continue
        kind, axis, _ = gid.split("-")
        box = text.get_window_extent(renderer)
        x, y = to_data.transform(((box.x0 + box.x1) / 2, (box.y0 + box.y1) / 2))
        at = round(float(x if axis == "a" else y), 2)
        assert at not in found.setdefault((axis, kind), {}), f"two {kind} labels at {axis}={at}"
        found[(axis, kind)][at] = text.get_text()
    return found


def text_boxes(plot: Plot):
    """The window extents of every visible text on the drawn figure, and the figure's box."""
    import matplotlib.text

    figure = plot.figure()
    figure.canvas.draw()
    renderer = figure.canvas.get_renderer()
    ticks, shown = set(), []
    for axes in figure.axes:
        for axis, (low, high) in ((axes.xaxis, axes.get_xlim()), (axes.yaxis, axes.get_ylim())):
            for at, label in zip(axis.get_majorticklocs(), axis.get_majorticklabels()):
                ticks.add(label)
                if min(low, high) <= at <= max(low, high):  # matplotlib draws only these
                    shown.append(label)
    texts = [t for t in figure.findobj(matplotlib.text.Text) if t not in ticks] + shown
    texts = [t for t in dict.fromkeys(texts) if t.get_visible() and t.get_text()]
    return [(t.get_text(), t.get_window_extent(renderer)) for t in texts], figure.bbox


def assert_readable(plot: Plot) -> None:
    """No two texts overlap, and none sticks out of the figure."""
    boxes, frame = text_boxes(plot)
    for text, box in boxes:
        assert frame.x0 - 0.5 <= box.x0 and box.x1 <= frame.x1 + 0.5, f"{text!r} is cut at the side"
        assert frame.y0 - 0.5 <= box.y0 and box.y1 <= frame.y1 + 0.5, f"{text!r} is cut at the top or bottom"
    for (one, a), (two, b) in itertools.combinations(boxes, 2):
        overlap = min(a.x1, b.x1) - max(a.x0, b.x0), min(a.y1, b.y1) - max(a.y0, b.y0)
        assert min(overlap) <= 0.5, f"{one!r} and {two!r} overlap"


# Figure 2 and Figure 4 -----------------------------------------------------------------

def test_figure_2_labels_sit_where_the_paper_puts_them():
    labels = drawn_labels(crossout_board(DINNER, CROSSOUTS))
    # seed: labels on Alice's axis: 1 at a=1, 3 at 2, 5 at 3, 7 at 7
    assert labels[("a", "crossout")] == {1: "1", 2: "3", 3: "5", 7: "7"}
    # seed: "χA(D)=4+5+6+8": the dashes on Alice's axis
    assert labels[("a", "dash")] == {4: "–", 5: "–", 6: "–", 8: "–"}
    # seed: labels on Bob's axis: 2 at b=1, 4 at 2, 6 at 4, 8 at 7
    assert labels[("b", "crossout")] == {1: "2", 2: "4", 4: "6", 7: "8"}
    # seed: "χB(D)=3+5+6+8"
    assert labels[("b", "dash")] == {3: "–", 5: "–", 6: "–", 8: "–"}
    # the utilities themselves, in grey, at every coordinate
    assert labels[("a", "value")] == {a: str(a) for a in range(1, 9)}
    assert ("a", "play") not in labels


def test_figure_4_order_of_play_replaces_the_dashes():
    labels = drawn_labels(crossout_board(DINNER, CROSSOUTS, eaten=PLAY))
    # seed, Figure 4: A3 at a=4, A5 at 6, A7 at 5, A1 at 8
    assert labels[("a", "play")] == {4: "$A_{3}$", 6: "$A_{5}$", 5: "$A_{7}$", 8: "$A_{1}$"}
    # seed, Figure 4: B2 at b=5, B4 at 6, B6 at 3, B8 at 8
    assert labels[("b", "play")] == {5: "$B_{2}$", 6: "$B_{4}$", 3: "$B_{6}$", 8: "$B_{8}$"}
    assert ("a", "dash") not in labels and ("b", "dash") not in labels
    # the crossout labels stay as in Figure 2
    assert labels[("a", "crossout")] == {1: "1", 2: "3", 3: "5", 7: "7"}


def test_scores_read_off_the_board_are_the_crossout_scores():
    # seed: "χA(D)=4+5+6+8 and χB(D)=3+5+6+8": the sums of the A and B labels'
    # coordinates, computed here from the order of play itself
    labels = drawn_labels(crossout_board(DINNER, CROSSOUTS, eaten=PLAY))
    assert sum(labels[("a", "play")]) == sum(DINNER[i][0] for i, p in PLAY if p == 0) == 4 + 5 + 6 + 8
    assert sum(labels[("b", "play")]) == sum(DINNER[i][1] for i, p in PLAY if p == 1) == 3 + 5 + 6 + 8


def test_the_boards_are_readable():
    plot = crossout_board(DINNER, CROSSOUTS, eaten=PLAY, title="Figure 4")
    assert_readable(plot)
    texts = [text for text, _ in text_boxes(plot)[0]]
    assert "Alice (a) →" in texts and "Bob (b)" in texts and "Figure 4" in texts
    named = crossout_board(DINNER, CROSSOUTS, players=("Ann", "Ben"))
    assert {"Ann (a) →", "Ben (b)"} <= {text for text, _ in text_boxes(named)[0]}


def test_a_board_of_positive_utilities_starts_at_the_origin():
    # seed 002, Figure 2: the board's corner is the origin, where "the labels on each axis appear in
    # increasing order moving away from the origin"
    (x0, x1), (y0, y1) = crossout_board(DINNER, CROSSOUTS).drawing.limits
    assert (x0, y0) == (0, 0) and 8 < x1 < 9 and 8 < y1 < 9
    # with a negative utility the axis reaches past it, with a margin each side; the other still starts at 0
    (x0, x1), (y0, y1) = crossout_board([(-2, 3), (4, 1)], [(0, 0), (1, 1)]).drawing.limits
    assert x0 < -2 and x1 > 4 and y0 == 0 and 3 < y1


def test_figure_5_boards():
    # seed, Figure 5: a competitive dinner, its labels alternating along both axes
    # (the equivalent dinner of morsels (a+b, a+b)), and a cooperative one
    competitive = [(k, k) for k in range(1, 9)]
    plot = crossout_board(competitive, [(k, k % 2) for k in range(8)], title="competitive")
    labels = drawn_labels(plot)
    assert labels[("a", "crossout")] == {1: "1", 3: "3", 5: "5", 7: "7"}
    assert labels[("b", "crossout")] == {2: "2", 4: "4", 6: "6", 8: "8"}
    # the cooperative dinner of morsels (a-b, b-a): negative utilities, real axes drawn at zero
    cooperative = [(d, -d) for d in (-7, -5, -3, -1, 1, 3, 5, 7)]
    plot = crossout_board(cooperative, [(0, 0), (7, 1), (1, 0), (6, 1), (2, 0), (5, 1), (3, 0), (4, 1)])
    labels = drawn_labels(plot)
    assert labels[("a", "crossout")] == {-7: "1", -5: "3", -3: "5", -1: "7"}
    assert labels[("b", "value")][-7] == "\N{MINUS SIGN}7"
    assert_readable(plot)


# each example draws a figure: shrinking a failure would take minutes
@settings(max_examples=6, deadline=None, phases=[Phase.explicit, Phase.reuse, Phase.generate])
@given(st.integers(1, MAX_BOARD_MORSELS).flatmap(
    lambda n: st.tuples(st.permutations(range(1, n + 1)), st.permutations(range(n)), st.lists(
        st.integers(0, 1), min_size=n, max_size=n), st.integers(0, 1))))
def test_every_morsel_is_labelled_once_on_each_axis_and_nothing_overlaps(case):
    bs, order, axes, with_play = case
    dinner = list(zip(range(1, len(bs) + 1), bs))
    crossouts = list(zip(order, axes))
    eaten = [(i, t % 2) for t, i in enumerate(reversed(order))] if with_play else []
    plot = crossout_board(dinner, crossouts, eaten=eaten)
    labels = drawn_labels(plot)
    for axis, side in ((0, "a"), (1, "b")):
        # the crossout label, then the turn on which the axis's player eats the
        # morsel (both, where a player eats a morsel he crossed out), else a dash
        expected: dict = {}
        for k, (i, p) in enumerate(crossouts, 1):
            if p == axis:
                expected[dinner[i][axis]] = [str(k)]
        for t, (i, p) in enumerate(eaten, 1):
            if p == axis:
                expected.setdefault(dinner[i][axis], []).append(f"${'AB'[axis]}_{{{t}}}$")
        expected = {at: ",".join(parts) for at, parts in expected.items()}
        for m in dinner:
            expected.setdefault(m[axis], "–")
        drawn = {}
        for kind in ("crossout", "play", "dash"):
            drawn.update(labels.get((side, kind), {}))
        assert drawn == expected
    assert_readable(plot)


def test_labels_too_close_for_one_lane_take_turns_in_two():
    # thirty two-digit labels on Alice's axis, a unit apart: each is wider than a unit, narrower than two
    dinner = [(10 + k, (7 * k) % 30 + 1) for k in range(30)]
    plot = crossout_board(dinner, [(i, 0) for i in range(30)])
    marks = [m for m in plot.drawing.marks if m.axis == 0 and m.kind == "crossout"]
    assert plot.drawing.by_rank == (False, False) and plot.drawing.lanes[0] == 2
    assert [m.lane for m in marks] == [0, 1] * 15
    assert_readable(plot)


def test_crowded_values_are_spaced_by_rank_and_stay_readable():
    # utilities far apart in two clusters: spaced by value the labels would pile up
    dinner = [(10 * i + (10_000 if i % 3 == 0 else 0), (-1) ** i * i * i) for i in range(MAX_BOARD_MORSELS)]
    plot = crossout_board(dinner, [(i, i % 2) for i in range(len(dinner))],
                          eaten=[(i, (i + 1) % 2) for i in range(len(dinner))])
    assert plot.drawing.by_rank == (True, True)
    assert_readable(plot)
    texts = [text for text, _ in text_boxes(plot)[0]]
    assert "Alice (a, by rank) →" in texts and "10000" in texts


def test_ties_share_one_label_and_fractions_are_exact():
    dinner = [(1, Fraction(1, 2)), (1, 2), (Fraction(5, 2), 3)]
    labels = drawn_labels(crossout_board(dinner, [(0, 0), (1, 1), (2, 0)]))
    assert labels[("a", "crossout")] == {1: "1", 2.5: "3"}
    assert labels[("a", "value")][2.5] == "5/2"
    assert labels[("b", "crossout")] == {2: "2"} and labels[("b", "dash")] == {0.5: "–", 3: "–"}


# images ---------------------------------------------------------------------------

def test_png_svg_and_pdf_are_valid_and_deterministic(tmp_path):
    plot = crossout_board(DINNER, CROSSOUTS, eaten=PLAY)
    png = plot.pipe("png")
    assert png.startswith(PNG_MAGIC)
    width, height = struct.unpack(">II", png[16:24])
    assert (width, height) == plot.figure().canvas.get_width_height()
    assert all(abs(pixels - side * 150) <= 1 for pixels, side in zip((width, height), plot.drawing.size))
    svg = plot.pipe("svg")
    texts = svg_texts(svg)
    assert "Alice (a) →" in texts and "Bob (b)" in texts and "7" in texts
    assert b"<dc:date>" not in svg
    pdf = plot.pipe("pdf")
    assert pdf.startswith(b"%PDF") and b"CreationDate" not in pdf
    again = crossout_board(DINNER, CROSSOUTS, eaten=PLAY)
    assert [again.pipe(f) for f in ("png", "svg", "pdf")] == [png, svg, pdf]
    # the command line writes plots as it writes pictures
    paths = [tmp_path / "board.png", tmp_path / "board.svg", tmp_path / "board.PDF"]
    write_images([(path, plot.pipe(format_of(path))) for path in paths])
    assert [p.read_bytes() for p in paths] == [png, svg, pdf]
    assert plot.render(tmp_path / "again.svg").read_bytes() == svg
    assert plot._repr_png_() == png and plot._repr_svg_() == svg.decode("utf-8")


def test_a_users_settings_do_not_change_the_image():
    import matplotlib

    plot = crossout_board(DINNER, CROSSOUTS)
    plain = plot.pipe("png")
    with matplotlib.rc_context({"axes.linewidth": 4, "savefig.facecolor": "yellow", "svg.fonttype": "path"}):
        assert plot.pipe("png") == plain


def test_formats_a_plot_cannot_be_drawn_in(tmp_path):
    plot = crossout_board(DINNER, CROSSOUTS)
    with pytest.raises(PictureError, match="png, svg or pdf, not dot"):
        plot.render(tmp_path / "board.dot")
    with pytest.raises(PictureError, match="cannot tell the image format"):
        plot.render(tmp_path / "board.jpg")
    assert list(tmp_path.iterdir()) == []


def test_without_matplotlib_a_one_line_error(monkeypatch):
    plot = crossout_board(DINNER, CROSSOUTS)
    monkeypatch.setitem(sys.modules, "matplotlib", None)
    with pytest.raises(RendererMissing, match=r"^cannot draw plots: matplotlib is not installed "
                                              r"\(pip install 'epistemic-framework\[plots\]'\)$"):
        plot.pipe("png")
    assert plot._repr_png_() is None and plot._repr_svg_() is None
    # the plot itself is made without matplotlib
    assert crossout_board(DINNER, CROSSOUTS) == plot


def test_importing_the_package_does_not_import_matplotlib():
    code = "import sys, epistemic.visualize; print('matplotlib' in sys.modules)"
    done = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, check=True)
    assert done.stdout.strip() == "False"


# bad input ------------------------------------------------------------------------

@pytest.mark.parametrize("morsels, crossouts, eaten, message", [
    (DINNER, [(8, 0)], (), "crossout 1 names morsel 8, but the dinner's morsels are 0 to 7"),
    (DINNER, [(0, 0), (-1, 1)], (), "crossout 2 names morsel -1"),
    (DINNER, [(0, 2)], (), "crossout 1 names player 2: use 0 for Alice, 1 for Bob"),
    (DINNER, [(0, 0), (0, 1)], (), "crossout 2 names morsel 0, already crossed out at crossout 1"),
    (DINNER, [(0, True)], (), "crossout 1 names player True"),
    (DINNER, [3], (), "crossout 1 must be a pair"),
    (DINNER, (), [(9, 0)], "turn 1 names morsel 9"),
    (DINNER, (), [(1, 0), (1, 1)], "turn 2 names morsel 1, already eaten at turn 1"),
    (DINNER, [(0, 0)] * 9, (), r"more crossouts \(9\) than morsels \(8\)"),
    ([(1, 2), (3,)], (), (), r"morsel 1 must be a pair of numbers, got \(3,\)"),
    ([(1, 2), "ab"], (), (), "morsel 1 must be a pair of numbers, got 'ab'"),
    ([(1, 2.5)], (), (), "morsel 0: each number must be an int or a Fraction, got 2.5"),
    ([(True, 2)], (), (), "got True"),
    ([], (), (), "at least one morsel"),
    (5, (), (), "the morsels must be a sequence"),
])
def test_bad_boards_are_one_line_errors(morsels, crossouts, eaten, message):
    with pytest.raises(PictureError, match=message) as caught:
        crossout_board(morsels, crossouts, eaten=eaten)
    assert "\n" not in str(caught.value) and isinstance(caught.value, EpistemicError)


@pytest.mark.parametrize("players, title, message", [
    ("AB", None, "players must be two names"),
    (("Alice",), None, "players must be two names"),
    (("Alice", ""), None, "a player's name is one line of text"),
    (("Alice", "Bob"), "two\nlines", "a title is one line of text"),
])
def test_bad_names_and_titles(players, title, message):
    with pytest.raises(PictureError, match=message):
        crossout_board(DINNER, CROSSOUTS, players=players, title=title)
    with pytest.raises(PictureError, match=message):
        outcome_scatter([(1, 2)], crossout=(1, 2), players=players, title=title)


def test_limits_refuse_before_drawing(monkeypatch):
    def no_drawing(self):
        raise AssertionError("drew")

    monkeypatch.setattr(plot_module.Plot, "_figure", no_drawing)
    read = []

    def morsels():
        for a in itertools.count(1):
            read.append(a)
            yield (a, a)

    with pytest.raises(PictureError, match=f"^a crossout board shows at most {MAX_BOARD_MORSELS} morsels, "
                                           f"got more than {MAX_BOARD_MORSELS}$"):
        crossout_board(morsels())
    assert len(read) == MAX_BOARD_MORSELS + 1
    with pytest.raises(PictureError, match=f"got {MAX_BOARD_MORSELS + 1}$"):
        crossout_board([(a, a) for a in range(MAX_BOARD_MORSELS + 1)])
    crossout_board([(a, a) for a in range(MAX_BOARD_MORSELS)])  # the limit itself is drawn
    points = ((i, -i) for i in itertools.count())
    with pytest.raises(PictureError, match=f"at most {MAX_OUTCOME_POINTS:,} distinct score pairs"):
        outcome_scatter(points, crossout=(0, 0))
    # repeated pairs count once
    outcome_scatter(((i % 10, 0) for i in range(5 * MAX_OUTCOME_POINTS)), crossout=(0, 0))
    # and both kinds of dot count together
    half = MAX_OUTCOME_POINTS // 2 + 1
    with pytest.raises(PictureError, match="distinct score pairs"):
        outcome_scatter([(i, 0) for i in range(half)], against_crossout=[(i, 1) for i in range(half)],
                        crossout=(0, 0))


# Figure 1 --------------------------------------------------------------------------

def test_outcome_scatter_draws_each_kind_of_dot_once():
    outcomes = [(3, 1), (1, 3), (3, 1), (2, 2), (Fraction(5, 2), 0)]
    plot = outcome_scatter(outcomes, against_crossout=[(2, 2), (1, 3)], crossout=(2, 2), title="t")
    figure = plot.figure()
    axes = figure.axes[0]
    dots = {c.get_label(): sorted(map(tuple, c.get_offsets().tolist())) for c in axes.collections}
    assert dots == {
        "other outcomes (2 score pairs)": [(2.5, 0.0), (3.0, 1.0)],
        "Alice's outcomes against Bob's crossout (2 score pairs)": [(1.0, 3.0), (2.0, 2.0)],
        # the light dot at (2, 2) is hidden by the crossout dot: the legend says so
        "both play crossout: (2, 2), over a light dot": [(2.0, 2.0)],
    }
    # the light dots over the dark ones, the crossout dot over both
    assert [c.get_zorder() for c in axes.collections] == sorted(c.get_zorder() for c in axes.collections)
    assert [t.get_text() for t in axes.get_legend().get_texts()] == list(dots)
    assert axes.get_xlabel() == "Alice's score →" and axes.get_ylabel() == "Bob's score"
    assert_readable(plot)


def _legend(plot: Plot) -> list[str]:
    return [t.get_text() for t in plot.figure().axes[0].get_legend().get_texts()]


def test_outcome_scatter_counts_in_the_singular_for_one():
    # the introduction's dinner {(1,2),(2,3),(3,1)} with Bob last (seed 002): one dark dot, two light
    # ones, one of them the crossout outcome (3, 5) itself, hidden under the crossout dot
    intro = outcome_scatter([(1, 4), (2, 3), (3, 5)], against_crossout=[(1, 4), (3, 5)], crossout=(3, 5))
    assert _legend(intro) == ["other outcomes (1 score pair)", "Alice's outcomes against Bob's crossout (2 score pairs)",
                              "both play crossout: (3, 5), over a light dot"]
    alone = outcome_scatter([(1, 4), (2, 3)], against_crossout=[(3, 5)], crossout=(3, 5), players=("Ann", "Ben"))
    assert _legend(alone) == ["other outcomes (2 score pairs)", "Ann's outcomes against Ben's crossout (1 score pair)",
                              "both play crossout: (3, 5), over a light dot"]
    apart = outcome_scatter([(1, 4), (3, 5)], against_crossout=[(2, 3)], crossout=(3, 5))
    assert _legend(apart) == ["other outcomes (2 score pairs)", "Alice's outcomes against Bob's crossout (1 score pair)",
                              "both play crossout: (3, 5), over a dark dot"]
    # the crossout outcome among neither: no dot is hidden
    assert _legend(outcome_scatter([(1, 4)], against_crossout=[(2, 3)], crossout=(3, 5))) == [
        "other outcomes (1 score pair)", "Alice's outcomes against Bob's crossout (1 score pair)",
        "both play crossout: (3, 5)"]


def test_outcome_scatter_lists_no_kind_of_dot_it_does_not_draw():
    # a dinner of two morsels: every outcome is one Alice reaches against crossout, none is "other"
    plot = outcome_scatter([(1, 1), (2, 2)], against_crossout=[(1, 1), (2, 2)], crossout=(2, 2))
    assert _legend(plot) == ["Alice's outcomes against Bob's crossout (2 score pairs)",
                             "both play crossout: (2, 2), over a light dot"]
    assert len(plot.figure().axes[0].collections) == 2
    plot = outcome_scatter([(0, 2)], crossout=(0, 2))
    assert _legend(plot) == ["other outcomes (1 score pair)", "both play crossout: (0, 2), over a dark dot"]
    assert_readable(plot)


def _ticks(plot: Plot) -> tuple[list[float], list[float]]:
    """The ticks of the scatter's axes that lie within what is shown."""
    axes = plot.figure().axes[0]
    shown = []
    for ticks, (low, high) in ((axes.get_xticks(), axes.get_xlim()), (axes.get_yticks(), axes.get_ylim())):
        shown.append([float(t) for t in ticks if low <= t <= high])
    return shown[0], shown[1]


def test_outcome_scatter_ticks_whole_scores_at_whole_numbers():
    # the introduction's dinner spans only 1 to 3 and 3 to 5: a plain axis would tick 1.25, 1.5, ...
    xs, ys = _ticks(outcome_scatter([(1, 4), (2, 3), (3, 5)], against_crossout=[(1, 4), (3, 5)], crossout=(3, 5)))
    assert xs == [1, 2, 3] and ys == [3, 4, 5]
    # Alice's scores are halves here, Bob's whole: only Bob's axis is ticked at whole numbers
    xs, ys = _ticks(outcome_scatter([(Fraction(1, 2), 4), (1, 3)], crossout=(Fraction(3, 2), 5)))
    assert ys == [3, 4, 5] and any(x != int(x) for x in xs) and len(xs) >= 3
    # a fractional crossout outcome counts too
    xs, ys = _ticks(outcome_scatter([(1, 3), (2, 4)], crossout=(2, Fraction(7, 2))))
    assert xs == [1, 2] and any(y != int(y) for y in ys)
    # a single outcome: one whole tick on each axis, where the dot is
    assert _ticks(outcome_scatter([(0, 2)], crossout=(0, 2))) == ([0], [2])
    # Figure 1's spread of scores, 28 to 77: ticks every 10, as for any other numbers, not every 6
    xs, ys = _ticks(outcome_scatter([(28, 51), (77, 54), (53, 28), (52, 77)], crossout=(71, 64)))
    assert xs == [30, 40, 50, 60, 70] and ys == [30, 40, 50, 60, 70]


@settings(max_examples=25, deadline=None)
@given(st.lists(st.tuples(st.integers(-5, 5), st.integers(-5, 5))), st.lists(
    st.tuples(st.integers(-5, 5), st.integers(-5, 5))))
def test_outcome_scatter_partitions_the_distinct_pairs(outcomes, reachable):
    drawing = outcome_scatter(outcomes, against_crossout=reachable, crossout=(0, 0)).drawing
    assert set(drawing.others) | set(drawing.reachable) == set(outcomes) | set(reachable)
    assert not set(drawing.others) & set(drawing.reachable)
    assert len(drawing.reachable) == len(set(reachable))


def test_bad_outcomes():
    with pytest.raises(PictureError, match="outcome 1 must be a pair of numbers"):
        outcome_scatter([(1, 2), 3], crossout=(1, 2))
    with pytest.raises(PictureError, match="outcome against crossout 0: each number must be an int"):
        outcome_scatter([], against_crossout=[(0.5, 1)], crossout=(1, 2))
    with pytest.raises(PictureError, match="the crossout outcome must be a pair"):
        outcome_scatter([(1, 2)], crossout=7)
    with pytest.raises(PictureError, match="must be a collection of score pairs"):
        outcome_scatter(None, crossout=(1, 2))
