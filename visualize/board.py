"""Crossout boards: a dinner's morsels on the two players' axes, with the
crossout sequence and the order of play written along the axes.

Each morsel ``(a, b)`` is a dot at ``(a, b)``: Alice's utility on the
horizontal axis, Bob's on the vertical one.  Crossout label ``k`` is written
on the crossing player's axis at the crossed morsel's coordinate (below it
on Alice's axis, left of it on Bob's), and every other coordinate of a
morsel on an axis gets a dash, or, when the order of play is given, the
turn on which that player eats it (``A₃``, ``B₂``).  Under each label, in
small grey, is the utility itself.

Labels never overlap: those too close to a neighbour move out to a second
lane (and a third...), joined to the axis by a thin line, and the figure
grows to hold the lanes.  Morsels that share a coordinate share one label,
their marks joined by commas.
"""

from __future__ import annotations

from collections.abc import Sequence
from fractions import Fraction
from typing import Any

import attrs

from .errors import PictureError
from .plot import Plot
from .points import bounded_list, number_pair, number_text, optional_title, two_players

__all__ = ["MAX_BOARD_MORSELS", "Board", "Mark", "crossout_board"]

#: The most morsels a crossout board shows; beyond it the labels cannot stay readable.
MAX_BOARD_MORSELS = 30

# Sizes, in points.
_LABEL_SIZE = 11.0
_VALUE_SIZE = 8.0
_TITLE_SIZE = 12.0
_AXIS_PAD = 7.0  # between an axis and its first lane
_KEY_SIZE = 8.0
_RIGHT_MARGIN = _LABEL_SIZE * 1.5
_GAP = 4.0  # the least space between two labels

# DejaVu Sans advance widths, in ems, for the characters labels use; a little
# generous, so that the estimated extents hold the drawn text.
_WIDTHS = {"A": 0.69, "B": 0.69, ",": 0.32, "/": 0.34, " ": 0.32, "–": 0.50, "\N{MINUS SIGN}": 0.84}
_DIGIT = 0.64
_SUBSCRIPT = 0.72  # mathtext's subscript scale
_LINE = 1.25  # a line of plain text, in ems
_SUBSCRIPT_LINE = 1.5  # a line with a subscript


@attrs.frozen
class Mark:
    """One text on an axis of a crossout board.

    Parameters
    ----------
    axis : int
        0 for Alice's (horizontal) axis, 1 for Bob's (vertical) one.
    at : int or Fraction
        The coordinate along that axis (the utility).
    position : float
        Where it is drawn: ``at``, or its rank among the coordinates on an
        axis spaced by rank.
    text : str
        What is written (matplotlib mathtext for subscripts).
    kind : str
        ``"crossout"``, ``"play"``, ``"dash"`` or ``"value"`` (the utility, in grey).
    lane : int
        0 next to the axis, 1 farther out, ...
    name : str
        The text's id in the drawing (and in SVG output).
    """

    axis: int
    at: int | Fraction
    position: float
    text: str
    kind: str
    lane: int
    name: str


@attrs.frozen
class Board:
    """What a crossout board shows, laid out; :class:`Plot` draws it.

    Built by :func:`crossout_board`; ``marks`` are the texts on the axes.
    """

    morsels: tuple[tuple[int | Fraction, int | Fraction], ...]
    placed: tuple[tuple[float, float], ...]  # where each morsel is drawn
    marks: tuple[Mark, ...]
    limits: tuple[tuple[float, float], tuple[float, float]]
    by_rank: tuple[bool, bool]  # whether each axis is spaced by rank rather than value
    side: float  # the square board, in inches
    lanes: tuple[int, int]  # on Alice's axis, on Bob's
    label_width: float  # the widest label on Bob's axis, in points
    value_width: float  # the widest utility on Bob's axis, in points
    players: tuple[str, str]
    title: str | None

    # the layout, in points --------------------------------------------------------
    @property
    def _lane_height(self) -> float:
        return _LINE_HEIGHTS[0] + _LINE_HEIGHTS[1] + _GAP

    @property
    def _lane_width(self) -> float:
        return self.label_width + _GAP + self.value_width + 2 * _GAP

    @property
    def _margins(self) -> tuple[float, float, float, float]:
        """Left, bottom, right and top margins around the board."""
        axis_title = _LABEL_SIZE * 2.2
        left = _AXIS_PAD + self.lanes[1] * self._lane_width + axis_title
        bottom = _AXIS_PAD + self.lanes[0] * self._lane_height + axis_title + self._key_height
        top = _TITLE_SIZE * 2.5 if self.title else _LABEL_SIZE
        return left, bottom, _RIGHT_MARGIN, top

    @property
    def _width(self) -> float:
        """The figure's width, in inches."""
        axis_title = _LABEL_SIZE * 2.2
        return round(self.side + (_AXIS_PAD + self.lanes[1] * self._lane_width + axis_title + _RIGHT_MARGIN) / 72, 3)

    @property
    def _key(self) -> list[str]:
        """The lines of the key that says what the labels mean, wrapped to the figure's width."""
        kinds = {mark.kind for mark in self.marks}
        entries = []
        if "crossout" in kinds:
            entries.append("bold $k$: the $k$-th crossout")
        if any("_{" in mark.text for mark in self.marks):
            entries.append("$A_t$, $B_t$: eaten on turn $t$")
        if "dash" in kinds:
            entries.append("–: eaten by the axis's player")
        entries.append("grey: the utility")
        room = self._width * 72 - 12
        lines = [entries[0]]
        for entry in entries[1:]:
            longer = f"{lines[-1]};   {entry}"
            if len(longer.replace("$", "")) * _KEY_SIZE * 0.62 <= room:
                lines[-1] = longer
            else:
                lines.append(entry)
        return lines

    @property
    def _key_height(self) -> float:
        return len(self._key) * _KEY_SIZE * 1.45 + 6

    @property
    def size(self) -> tuple[float, float]:
        """The figure's width and height, in inches."""
        _, bottom, _, top = self._margins
        return (self._width, round(self.side + (bottom + top) / 72, 3))

    def draw(self, figure: Any) -> None:
        """Draw the board on a matplotlib ``figure`` of :attr:`size`."""
        from matplotlib.transforms import ScaledTranslation, blended_transform_factory

        width, height = self.size
        left, bottom, _, _ = self._margins
        axes = figure.add_axes((left / 72 / width, bottom / 72 / height, self.side / width, self.side / height))
        (x0, x1), (y0, y1) = self.limits
        axes.set_xlim(x0, x1)
        axes.set_ylim(y0, y1)
        for spine in ("top", "right"):
            axes.spines[spine].set_visible(False)
        # where the utilities change sign, the real axes
        if x0 < 0:
            axes.axvline(0, color="0.75", linewidth=0.8, zorder=1)
        if y0 < 0:
            axes.axhline(0, color="0.75", linewidth=0.8, zorder=1)
        xs = [x for x, _ in self.placed]
        ys = [y for _, y in self.placed]
        # faint guides from each morsel to its labels
        axes.vlines(xs, y0, ys, colors="0.82", linestyles=":", linewidth=0.8, zorder=1)
        axes.hlines(ys, x0, xs, colors="0.82", linestyles=":", linewidth=0.8, zorder=1)
        axes.plot(xs, ys, "o", color="black", markersize=6, zorder=3)
        axes.set_xticks(sorted(set(xs)), labels=[])
        axes.set_yticks(sorted(set(ys)), labels=[])
        axes.tick_params(direction="out", length=3, color="0.3")

        def shift(dx: float, dy: float):
            return ScaledTranslation(dx / 72, dy / 72, figure.dpi_scale_trans)

        on_x = blended_transform_factory(axes.transData, axes.transAxes)
        on_y = blended_transform_factory(axes.transAxes, axes.transData)
        label_height = _LINE_HEIGHTS[0]
        for mark in self.marks:
            style = _STYLES[mark.kind]
            if mark.axis == 0:
                top = _AXIS_PAD + mark.lane * self._lane_height + (label_height if mark.kind == "value" else 0)
                where = on_x + shift(0, -top)
                axes.text(mark.position, 0, mark.text, transform=where, ha="center", va="top",
                          gid=mark.name, clip_on=False, **style)
                if mark.lane and mark.kind != "value":
                    axes.annotate("", xy=(mark.position, 0), xycoords=on_x,
                                  xytext=(0, -(top - 1)), textcoords="offset points",
                                  arrowprops={"arrowstyle": "-", "color": "0.7", "linewidth": 0.6,
                                              "shrinkA": 0, "shrinkB": 0})
            else:
                right = _AXIS_PAD + mark.lane * self._lane_width
                if mark.kind == "value":
                    right += self.label_width + _GAP
                where = on_y + shift(-right, 0)
                axes.text(0, mark.position, mark.text, transform=where, ha="right", va="center",
                          gid=mark.name, clip_on=False, **style)
                if mark.lane and mark.kind != "value":
                    axes.annotate("", xy=(0, mark.position), xycoords=on_y,
                                  xytext=(-(right - 1), 0), textcoords="offset points",
                                  arrowprops={"arrowstyle": "-", "color": "0.7", "linewidth": 0.6,
                                              "shrinkA": 0, "shrinkB": 0})
        alice, bob = self.players
        left_margin, bottom_margin, _, _ = self._margins
        ranked = [", by rank" if by_rank else "" for by_rank in self.by_rank]
        axes.text(0.5, 0, f"{alice} (a{ranked[0]}) \N{RIGHTWARDS ARROW}",
                  transform=axes.transAxes + shift(0, -(bottom_margin - self._key_height)),
                  ha="center", va="bottom", fontsize=_LABEL_SIZE, gid="axis-title-a")
        figure.text(0.5, 4 / 72 / height, "\n".join(self._key), ha="center", va="bottom", fontsize=_KEY_SIZE,
                    color="0.35", linespacing=1.45, gid="key")
        axes.text(0, 0.5, f"{bob} (b{ranked[1]})", transform=axes.transAxes + shift(-(left_margin - 4), 0),
                  ha="left", va="center", rotation=90, fontsize=_LABEL_SIZE, gid="axis-title-b")
        if self.title:
            axes.set_title(self.title, fontsize=_TITLE_SIZE, pad=_TITLE_SIZE)


_LINE_HEIGHTS = (_LABEL_SIZE * _SUBSCRIPT_LINE, _VALUE_SIZE * _LINE)
_STYLES: dict[str, dict[str, Any]] = {
    "crossout": {"fontsize": _LABEL_SIZE, "color": "black", "fontweight": "bold"},
    "play": {"fontsize": _LABEL_SIZE, "color": "#1f4e8c"},
    "dash": {"fontsize": _LABEL_SIZE, "color": "0.45"},
    "value": {"fontsize": _VALUE_SIZE, "color": "0.5"},
}


def crossout_board(morsels: Sequence, crossouts: Sequence = (), *, eaten: Sequence = (),
                   players: Sequence[str] = ("Alice", "Bob"), title: str | None = None) -> Plot:
    """A crossout board (Levine and Stange, Figures 2, 4 and 5).

    Parameters
    ----------
    morsels : sequence of (a, b)
        The dinner: Alice's and Bob's utility of each morsel (ints or Fractions).
    crossouts : sequence of (morsel index, player)
        The crossout sequence: label ``k`` (from 1) goes on player 0's
        (Alice's) axis below morsel ``crossouts[k-1][0]``, or on player 1's
        (Bob's) axis left of it.  Indices count from 0.
    eaten : sequence of (morsel index, player), optional
        The order of play: on turn ``t`` (from 1) that player eats that
        morsel, written ``A_t`` on Alice's axis or ``B_t`` on Bob's in place of
        the dash.
    players : (str, str)
        The players' names, for the axis titles.
    title : str, optional
        A title over the board.

    Returns
    -------
    Plot

    Raises
    ------
    PictureError
        For more than :data:`MAX_BOARD_MORSELS` morsels (before anything is
        drawn), a morsel that is not a pair of exact numbers, an index out of
        range, a player other than 0 or 1, or a morsel crossed out (or
        eaten) twice.

    Examples
    --------
    >>> plot = crossout_board([(1, 3), (2, 1), (3, 2)], [(0, 0), (1, 1), (2, 0)])
    >>> [(m.at, m.text) for m in plot.drawing.marks if m.axis == 0 and m.kind != "value"]
    [(1, '1'), (2, '–'), (3, '3')]
    >>> crossout_board([(1, 3), (2, 1)], [(2, 0)])
    Traceback (most recent call last):
    ...
    epistemic.visualize.errors.PictureError: crossout 1 names morsel 2, but the dinner's morsels are 0 to 1
    """
    morsel_list = bounded_list(morsels, MAX_BOARD_MORSELS, "the morsels",
                               f"a crossout board shows at most {MAX_BOARD_MORSELS} morsels, got {{count}}")
    if not morsel_list:
        raise PictureError("a crossout board needs at least one morsel")
    dinner = tuple(number_pair(m, f"morsel {i}") for i, m in enumerate(morsel_list))
    crossed = _sequence(crossouts, len(dinner), "crossout", "crossed out")
    ate = _sequence(eaten, len(dinner), "turn", "eaten")
    names = two_players(players)
    optional_title(title)
    return Plot(_lay_out(dinner, crossed, ate, names, title))


def _sequence(steps: Sequence, count: int, step: str, done: str) -> tuple[tuple[int, int], ...]:
    """``steps`` as ``(morsel, player)`` pairs, checked."""
    found = bounded_list(steps, count, f"the {step}s", f"there are more {step}s ({{count}}) than morsels ({count})")
    seen: dict[int, int] = {}
    out = []
    for k, pair in enumerate(found, 1):
        try:
            morsel, player = pair
        except (TypeError, ValueError):
            raise PictureError(f"{step} {k} must be a pair (morsel index, player), got {pair!r}") from None
        if isinstance(morsel, bool) or not isinstance(morsel, int) or not 0 <= morsel < count:
            raise PictureError(f"{step} {k} names morsel {morsel!r}, but the dinner's morsels are 0 to {count - 1}")
        if isinstance(player, bool) or player not in (0, 1):
            raise PictureError(f"{step} {k} names player {player!r}: use 0 for Alice, 1 for Bob")
        if morsel in seen:
            raise PictureError(f"{step} {k} names morsel {morsel}, already {done} at {step} {seen[morsel]}")
        seen[morsel] = k
        out.append((morsel, player))
    return tuple(out)


def _lay_out(dinner, crossed, ate, players, title) -> Board:
    side = min(8.0, max(4.0, 2.6 + 0.18 * len(dinner)))
    crossout_of = {morsel: (k, player) for k, (morsel, player) in enumerate(crossed, 1)}
    turn_of = {morsel: (t, player) for t, (morsel, player) in enumerate(ate, 1)}
    axes = [_axis(dinner, axis, crossout_of, turn_of, side) for axis in (0, 1)]
    placed = tuple((axes[0].position[a], axes[1].position[b]) for a, b in dinner)
    marks = tuple(mark for axis in axes for mark in axis.marks)
    return Board(dinner, placed, marks, (axes[0].limits, axes[1].limits), (axes[0].by_rank, axes[1].by_rank),
                 side, (axes[0].lanes, axes[1].lanes), axes[1].label_width, axes[1].value_width, players, title)


@attrs.frozen
class _Axis:
    position: dict
    limits: tuple[float, float]
    by_rank: bool
    marks: tuple[Mark, ...]
    lanes: int
    label_width: float
    value_width: float


def _axis(dinner, axis: int, crossout_of, turn_of, side: float) -> _Axis:
    """The marks on one axis, in lanes, spaced by value or, where the values
    crowd too much for that, by rank."""
    letter, side_name = "AB"[axis], "ab"[axis]
    # the texts of the morsels at each coordinate on this axis
    texts: dict[Any, list[tuple[str, str]]] = {}
    first: dict[Any, int] = {}
    for i, morsel in enumerate(dinner):
        at = morsel[axis]
        first.setdefault(at, i)
        k, player = crossout_of.get(i, (None, None))
        t, eater = turn_of.get(i, (None, None))
        parts = texts.setdefault(at, [])
        if player == axis:
            parts.append(("crossout", str(k)))
        if eater == axis:
            parts.append(("play", f"${letter}_{{{t}}}$"))
        if player != axis and eater != axis:
            parts.append(("dash", "–"))
    items = []
    for at in sorted(texts):
        parts = texts[at]
        if len({kind for kind, _ in parts}) > 1:
            # a dash beside a label says nothing more
            parts = [p for p in parts if p[0] != "dash"]
        kind = next(k for k in ("crossout", "play", "dash") if any(p[0] == k for p in parts))
        text = ",".join(dict.fromkeys(t for _, t in parts))
        items.append((at, kind, text, number_text(at), first[at]))
    if axis == 0:
        extents = [max(_width(text, _LABEL_SIZE), _width(value, _VALUE_SIZE)) for _, _, text, value, _ in items]
    else:
        extents = [_LINE_HEIGHTS[0]] * len(items)
    values = [at for at, *_ in items]
    by_rank = False
    position = {at: float(at) for at in values}
    limits = _limits(values)
    chosen = _lanes([_points(position[at], limits, side) for at in values], extents)
    if max(chosen) >= _MOST_LANES_BY_VALUE:
        by_rank = True
        position = {at: float(rank) for rank, at in enumerate(values, 1)}
        limits = (0.0, len(values) + 0.7)
        chosen = _lanes([_points(position[at], limits, side) for at in values], extents)
    marks = []
    for (at, kind, text, value, i), lane in zip(items, chosen):
        marks.append(Mark(axis, at, position[at], text, kind, lane, f"{kind}-{side_name}-{i}"))
        marks.append(Mark(axis, at, position[at], value, "value", lane, f"value-{side_name}-{i}"))
    return _Axis(position, limits, by_rank, tuple(marks), max(chosen) + 1,
                 max(_width(text, _LABEL_SIZE) for _, _, text, _, _ in items),
                 max(_width(value, _VALUE_SIZE) for *_, value, _ in items))


# Spaced by value, an axis may need this many lanes of labels; more, and it is spaced by rank.
_MOST_LANES_BY_VALUE = 2
_POINTS_PER_INCH = 72.0


def _points(position: float, limits: tuple[float, float], side: float) -> float:
    """How far ``position`` is along an axis of ``side`` inches, in points."""
    low, high = limits
    return (position - low) * _POINTS_PER_INCH * side / (high - low)


def _limits(values) -> tuple[float, float]:
    """The axis range: the origin at the corner when every value is
    positive, else a margin around the values (and zero)."""
    low, high = min(min(values), 0), max(max(values), 0)
    margin = float(high - low) * 0.07 or 1.0
    start = 0.0 if min(values) > 0 else float(low) - margin
    return start, float(high) + margin


def _lanes(positions: list[float], extents: list[float]) -> list[int]:
    """For labels centred at ``positions`` (ascending, in points) with
    ``extents`` along the axis, the lowest lane of each where it clears the
    label before it in that lane."""
    ends = [-_GAP]  # the first lane starts at the corner: the other axis's labels lie beyond it
    chosen = []
    for at, extent in zip(positions, extents):
        start = at - extent / 2
        lane = next((n for n, end in enumerate(ends) if end + _GAP <= start), len(ends))
        if lane == len(ends):
            ends.append(0.0)
        ends[lane] = at + extent / 2
        chosen.append(lane)
    return chosen


def _width(text: str, size: float) -> float:
    """The width of ``text`` at ``size`` points, estimated generously."""
    total = 0.0
    scale = 1.0
    for ch in text:
        if ch == "$":
            continue
        if ch == "_":
            scale = _SUBSCRIPT
            continue
        if ch in "{}":
            if ch == "}":
                scale = 1.0
            continue
        total += _WIDTHS.get(ch, _DIGIT) * scale
    return total * size * 1.08
