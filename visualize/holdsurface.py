"""Hold surfaces: a jeopardy game's hold values as a surface over the two scores
(the seed ``004``'s Figure 6, the optimal two-player Pig roll/hold boundary).
"""

from __future__ import annotations

import math
from collections.abc import Sequence
from typing import Any

import attrs

from .holdmap import hold_table
from .plot import Plot
from .points import optional_title

__all__ = ["MESH_SIDE", "HoldSurface", "hold_surface", "mesh_scores"]

#: The most scores along a side of the drawn mesh; a larger table is drawn every n-th score.
MESH_SIDE = 60

_SIZE = (7.2, 6.4)  # inches
# seen from the side of the mover's score, the rival's rising to the right: the
# plateau of the ordinary hold values lies in front, and the wall of "play to
# win" against a rival near the goal stands behind it, hiding none of it
_ELEVATION, _AZIMUTH = 26, -60


def mesh_scores(side: int) -> tuple[int, ...]:
    """The scores drawn along a side of ``side`` scores: every n-th, at most
    :data:`MESH_SIDE` and one more, always with the last score.

    >>> mesh_scores(5)
    (0, 1, 2, 3, 4)
    >>> len(mesh_scores(300)), mesh_scores(300)[:3], mesh_scores(300)[-2:]
    (61, (0, 5, 10), (295, 299))
    """
    stride = math.ceil(side / MESH_SIDE)
    scores = list(range(0, side, stride))
    if scores[-1] != side - 1:
        scores.append(side - 1)
    return tuple(scores)


@attrs.frozen
class HoldSurface:
    """What a hold surface shows; :class:`Plot` draws it.  Built by :func:`hold_surface`."""

    holds: tuple[tuple[int, ...], ...]
    title: str | None = None

    @property
    def size(self) -> tuple[float, float]:
        """The figure's width and height, in inches."""
        return _SIZE

    def draw(self, figure: Any) -> None:
        """Draw the surface on a matplotlib ``figure`` of :attr:`size`."""
        import numpy as np

        scores = mesh_scores(len(self.holds))
        mover, rival = np.meshgrid(scores, scores, indexing="ij")
        height = np.array([[self.holds[i][j] for j in scores] for i in scores], dtype=float)
        axes = figure.add_axes((0.0, 0.0, 0.94, 0.92 if self.title else 0.98), projection="3d")
        # coloured by height, as the hold map is; the z axis gives the scale
        axes.plot_surface(mover, rival, height, cmap="viridis", rstride=1, cstride=1, linewidth=0.15,
                                    edgecolor="0.25", antialiased=True)
        axes.view_init(elev=_ELEVATION, azim=_AZIMUTH)
        axes.set_xlabel("the mover's score i", fontsize=10, labelpad=6)
        axes.set_ylabel("the rival's score j", fontsize=10, labelpad=6)
        axes.set_zlabel("hold at turn total k", fontsize=10, labelpad=4)
        axes.tick_params(labelsize=8, pad=1)
        axes.set_xlim(0, len(self.holds) - 1)
        axes.set_ylim(0, len(self.holds) - 1)
        axes.set_zlim(0, max(1, int(height.max())))
        if self.title:
            figure.suptitle(self.title, fontsize=12, y=0.97)


def hold_surface(holds: Sequence[Sequence[int]], *, title: str | None = None) -> Plot:
    """A surface of hold values over the two scores (the seed ``004``'s Figure 6).

    ``holds[i][j]`` is the height over the mover's score ``i`` and the
    rival's ``j``: the least turn total at which the mover holds (as
    :meth:`~epistemic.models.pig.Solution.hold_values` gives it).  Below the
    surface the mover rolls, at it he holds.  Only the least such total is
    drawn: at Pig the turn totals at which the optimal mover holds need not
    be all those above it, but the turn ends at the first of them, so a
    larger one is reached only off the path of optimal play.

    A table of more than :data:`MESH_SIDE` scores a side is drawn every n-th
    score (:func:`mesh_scores`), so that the mesh stays readable and its
    drawing bounded; the table itself is kept whole.

    Parameters
    ----------
    holds : square table of int
        At most :data:`~epistemic.visualize.MAX_HOLD_MAP` scores a side.
    title : str, optional

    Returns
    -------
    Plot

    Raises
    ------
    PictureError
        For a table that is not square, is larger than the limit, or holds a
        negative turn total.

    Examples
    --------
    >>> plot = hold_surface([[2, 3], [1, 1]], title="Piglet to 2")
    >>> plot.drawing.holds
    ((2, 3), (1, 1))
    >>> plot.pipe("png")[:4]
    b'\\x89PNG'
    """
    return Plot(HoldSurface(hold_table(holds, "a hold surface"), optional_title(title)))
