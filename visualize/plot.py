"""A drawn plot: what it shows as plain data, and the ways to turn it into an image.

Plots of the games (crossout boards, outcome scatters) are drawn with
matplotlib, which is imported only when an image is asked for, so that
importing :mod:`epistemic.visualize` stays fast and works without it.
"""

from __future__ import annotations

import os
from pathlib import Path
from typing import Any, Protocol, runtime_checkable

import attrs

from .errors import PictureError, RendererMissing
from .picture import write_image
from .render import format_of

__all__ = ["Plot", "Drawing", "PLOT_FORMATS"]

#: The image formats a plot is rendered in.
PLOT_FORMATS = ("png", "svg", "pdf")

# Images resolution; the size of a plot is fixed by its drawing, in inches.
_DPI = 150

# Fixed settings on top of matplotlib's defaults, so that neither a user's
# matplotlibrc nor the clock changes the bytes: the same data, the same image.
_RC = {
    "svg.hashsalt": "epistemic",
    "svg.fonttype": "none",  # text stays text: searchable, and smaller
    "pdf.fonttype": 42,
    "font.family": "DejaVu Sans",
}
_METADATA = {
    "png": {"Software": None},
    "svg": {"Date": None, "Creator": None},
    "pdf": {"CreationDate": None, "ModDate": None, "Creator": None, "Producer": None},
}


@runtime_checkable
class Drawing(Protocol):
    """What a :class:`Plot` shows: a size in inches, and a way to draw it."""

    @property
    def size(self) -> tuple[float, float]: ...

    def draw(self, figure: Any) -> None: ...


def _check_drawing(instance, attribute, value):
    if not isinstance(value, Drawing):
        raise PictureError(f"a plot needs a drawing with a size and a draw method, got {type(value).__name__}")


def matplotlib_module():
    """The matplotlib package, or :class:`RendererMissing` when it is not installed."""
    try:
        import matplotlib
    except ImportError:
        raise RendererMissing("cannot draw plots: matplotlib is not installed "
                              "(pip install 'epistemic-framework[plots]')") from None
    return matplotlib


@attrs.frozen
class Plot:
    """A plot as plain data, drawn with matplotlib when an image is asked for.

    A plot is a value like a :class:`~epistemic.visualize.Picture`: what it
    shows is fixed when it is made, and the same plot always gives the
    same image bytes (fixed size and resolution, no dates in the files).

    Parameters
    ----------
    drawing : Drawing
        What is shown, as made by :func:`~epistemic.visualize.crossout_board`
        or :func:`~epistemic.visualize.outcome_scatter`.

    Examples
    --------
    >>> from epistemic.visualize import crossout_board
    >>> plot = crossout_board([(1, 2), (2, 1)], [(0, 0), (1, 1)])
    >>> plot.pipe("png")[:4], plot.pipe("svg")[:5], plot.pipe("pdf")[:4]
    (b'\\x89PNG', b'<?xml', b'%PDF')
    >>> plot.pipe("dot")
    Traceback (most recent call last):
    ...
    epistemic.visualize.errors.PictureError: a plot is drawn as png, svg or pdf, not dot
    """

    drawing: Drawing = attrs.field(validator=_check_drawing)

    def figure(self):
        """A new matplotlib figure with the plot drawn on it, on an Agg canvas
        (not attached to pyplot).

        Raises
        ------
        RendererMissing
            When matplotlib is not installed.
        """
        matplotlib = matplotlib_module()
        with matplotlib.rc_context():
            _settings(matplotlib)
            return self._figure()

    def _figure(self):
        from matplotlib.backends.backend_agg import FigureCanvasAgg
        from matplotlib.figure import Figure

        figure = Figure(figsize=self.drawing.size, dpi=_DPI)
        FigureCanvasAgg(figure)
        self.drawing.draw(figure)
        return figure

    def pipe(self, format: str = "png") -> bytes:
        """The plot rendered as ``format`` (``png``, ``svg`` or ``pdf``).

        Raises
        ------
        RendererMissing
            When matplotlib is not installed.
        PictureError
            For another format.
        """
        format = format_of("", format)
        if format not in PLOT_FORMATS:
            raise PictureError(f"a plot is drawn as png, svg or pdf, not {format}")
        matplotlib = matplotlib_module()
        import io

        out = io.BytesIO()
        with matplotlib.rc_context():
            _settings(matplotlib)
            self._figure().savefig(out, format=format, dpi=_DPI, metadata=_METADATA[format])
        return out.getvalue()

    def render(self, path: str | os.PathLike, format: str | None = None) -> Path:
        """Write the plot to ``path``, its format taken from the suffix
        (``.png``, ``.svg`` or ``.pdf``) unless given.

        The image is drawn completely before the file is touched and then
        moved into place, so a failure leaves no half-written file.

        Returns
        -------
        pathlib.Path
            The path written.
        """
        return write_image(path, self.pipe(format_of(path, format)))

    # notebooks --------------------------------------------------------------------
    def _repr_png_(self) -> bytes | None:
        try:
            return self.pipe("png")
        except RendererMissing:
            return None

    def _repr_svg_(self) -> str | None:
        try:
            return self.pipe("svg").decode("utf-8")
        except RendererMissing:
            return None


def _settings(matplotlib) -> None:
    """matplotlib's defaults and the fixed settings, inside an ``rc_context``."""
    matplotlib.rcdefaults()
    matplotlib.rcParams.update(_RC)
