"""Hold maps: a jeopardy game's hold values as a heat map over the two scores.

Each cell ``(j, i)`` is coloured by the turn total at which the mover, with
score ``i`` against the rival's ``j``, holds (Neller and Presser's Piglet
and Pig policies; the seed ``004``'s Figure 1 for Piglet to 10).
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

import attrs

from .errors import PictureError
from .plot import Plot
from .points import optional_title

__all__ = ["MAX_HOLD_MAP", "HoldMap", "hold_map", "hold_table"]

#: The most scores along a side of a hold map (a goal of 300 draws 90,000 cells).
MAX_HOLD_MAP = 300

_SIZE = (6.4, 5.6)  # inches
_NUMBERED = 12  # up to this side, each cell shows its number


def _table(value: Any) -> tuple[tuple[int, ...], ...]:
    return tuple(tuple(int(v) for v in row) for row in value)


@attrs.frozen
class HoldMap:
    """What a hold map shows; :class:`Plot` draws it.  Built by :func:`hold_map`."""

    holds: tuple[tuple[int, ...], ...] = attrs.field(converter=_table)
    title: str | None = None

    @property
    def size(self) -> tuple[float, float]:
        """The figure's width and height, in inches."""
        return _SIZE

    def draw(self, figure: Any) -> None:
        """Draw the map on a matplotlib ``figure`` of :attr:`size`."""
        side = len(self.holds)
        axes = figure.add_axes((0.11, 0.1, 0.72, 0.8 if self.title else 0.84))
        image = axes.imshow(self.holds, origin="lower", cmap="viridis", interpolation="nearest",
                            extent=(-0.5, side - 0.5, -0.5, side - 0.5))
        if side <= _NUMBERED:
            top = max(max(row) for row in self.holds)
            for i, row in enumerate(self.holds):
                for j, value in enumerate(row):
                    axes.text(j, i, str(value), ha="center", va="center", fontsize=9,
                              color="black" if value > top / 2 else "white")
        axes.set_xlabel("the rival's score", fontsize=11)
        axes.set_ylabel("the mover's score", fontsize=11)
        bar = figure.add_axes((0.86, 0.1, 0.03, 0.8 if self.title else 0.84))
        figure.colorbar(image, cax=bar).set_label("hold at turn total", fontsize=10)
        if self.title:
            axes.set_title(self.title, fontsize=12, pad=10)


def hold_map(holds: Sequence[Sequence[int]], *, title: str | None = None) -> Plot:
    """A heat map of hold values: ``holds[i][j]`` is where the mover with score ``i``
    holds against the rival's ``j``.

    Examples
    --------
    >>> plot = hold_map([[2, 3], [1, 1]], title="Piglet to 2")
    >>> plot.drawing.holds
    ((2, 3), (1, 1))
    >>> plot.pipe("png")[:4]
    b'\\x89PNG'
    >>> hold_map([[1, 2]])
    Traceback (most recent call last):
    ...
    epistemic.visualize.errors.PictureError: a hold map is square, one row and one column a score, got 1 rows of 2
    """
    return Plot(HoldMap(hold_table(holds, "a hold map"), optional_title(title)))


def hold_table(holds: Sequence[Sequence[int]], what: str) -> tuple[tuple[int, ...], ...]:
    """``holds`` as a tuple of rows, checked to be a square table of turn totals
    of at most :data:`MAX_HOLD_MAP` scores a side; ``what`` names the drawing
    in the errors.

    >>> hold_table([[1, 2], [3, 4], [5, 6]], "a hold surface")
    Traceback (most recent call last):
    ...
    epistemic.visualize.errors.PictureError: a hold surface is square, one row and one column a score, got 3 rows of 2
    """
    table = _table(holds)
    side = len(table)
    if side == 0 or any(len(row) != side for row in table):
        raise PictureError(f"{what} is square, one row and one column a score, got {side} rows of "
                           f"{len(table[0]) if table else 0}")
    if side > MAX_HOLD_MAP:
        raise PictureError(f"{what} shows at most {MAX_HOLD_MAP} scores a side, got {side}")
    if any(v < 0 for row in table for v in row):
        raise PictureError("hold values are turn totals of at least 0")
    return table
