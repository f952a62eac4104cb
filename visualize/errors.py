"""Errors raised while drawing and rendering pictures."""

from epistemic.errors import EpistemicError

__all__ = ["PictureError", "RendererMissing"]


class PictureError(EpistemicError):
    """A picture cannot be drawn or rendered as asked."""


class RendererMissing(PictureError):
    """No engine is available to draw the image: Graphviz for pictures, matplotlib for plots."""
