"""A drawn picture: its DOT source, and the ways to turn it into an image."""

from __future__ import annotations

import os
from pathlib import Path

import attrs

from epistemic.files import check_destination, write_files

from .errors import PictureError, RendererMissing
from .render import format_of, render_bytes

__all__ = ["Picture", "check_destinations", "write_image", "write_images"]


def _check_source(instance, attribute, value):
    if not isinstance(value, str) or not value.strip():
        raise PictureError("a picture needs DOT source text")


@attrs.frozen
class Picture:
    """A picture as Graphviz DOT source, ready to be rendered.

    Pictures are values: the source is fixed when the picture is drawn, so
    rendering the same picture twice gives the same image, and the DOT
    source can be kept, compared or edited by hand.

    Parameters
    ----------
    source : str
        The DOT source.

    Examples
    --------
    >>> picture = Picture('digraph { a -> b }')
    >>> picture.pipe("dot")
    b'digraph { a -> b }'
    >>> picture.pipe("svg")[:5] == b"<?xml"
    True
    """

    source: str = attrs.field(validator=_check_source)

    def __str__(self) -> str:
        return self.source

    def pipe(self, format: str = "svg", renderer: str = "auto", dpi: int | None = None) -> bytes:
        """The picture rendered as ``format`` (``svg``, ``png``, ``pdf`` or
        ``dot``, or ``tex`` for a TikZ picture laid out as Graphviz lays it
        out), a PNG at ``dpi`` dots per inch (default 96).

        Raises
        ------
        RendererMissing
            When no Graphviz engine is installed (the ``dot`` format needs none).
        PictureError
            For an unknown format or renderer, or a Graphviz error.
        """
        if format == "tex":
            from .tikz_layout import picture_tikz  # the TikZ writer is needed by few
            return picture_tikz(self.source, renderer).encode("utf-8")
        return render_bytes(self.source, format, renderer, dpi)

    def render(self, path: str | os.PathLike, format: str | None = None, renderer: str = "auto",
               dpi: int | None = None) -> Path:
        """Write the picture to ``path``, its format taken from the suffix
        (``.svg``, ``.png``, ``.pdf``, ``.dot``, ``.gv`` or ``.tex``) unless given.

        The image is rendered completely before the file is touched and
        then moved into place, so a failure leaves no half-written file.

        Returns
        -------
        pathlib.Path
            The path written.
        """
        if format is None and os.path.splitext(os.fspath(path))[1].lower() == ".tex":
            format = "tex"
        data = self.pipe(format if format == "tex" else format_of(path, format), renderer, dpi)
        return write_image(path, data)

    # notebooks --------------------------------------------------------------------
    def _repr_mimebundle_(self, include=None, exclude=None) -> dict:
        try:
            svg = self.pipe("svg").decode("utf-8")
        except RendererMissing:
            return {"text/plain": self.source}
        return {"image/svg+xml": svg, "text/plain": f"<Picture: {len(self.source):,} characters of DOT>"}

    def _repr_svg_(self) -> str | None:
        try:
            return self.pipe("svg").decode("utf-8")
        except RendererMissing:
            return None


def check_destinations(paths, tex: bool = False) -> list[str]:
    """The image format of each of ``paths``, once it is sure that the
    pictures can be written there: each path named once (a link and the file
    it names are one), with a known suffix, and a destination
    :func:`epistemic.files.check_destination` takes.

    Call it before drawing, so that a bad name fails at once rather than
    after the work.  With ``tex``, a ``.tex`` file (a TikZ drawing) is
    accepted too, as the format ``"tex"``.

    Raises
    ------
    PictureError
        Naming the first fault.

    Examples
    --------
    >>> check_destinations(["why.svg", "dag.png"])
    ['svg', 'png']
    >>> check_destinations(["model.TEX"], tex=True)
    ['tex']
    >>> check_destinations(["why.svg", "./why.svg"])
    Traceback (most recent call last):
    ...
    epistemic.visualize.errors.PictureError: two pictures were asked for in the same file
    """
    paths = [os.fspath(path) for path in paths]
    whole = [os.path.realpath(path) for path in paths]
    if len(set(whole)) < len(whole):
        raise PictureError("two pictures were asked for in the same file")
    formats = [_format(path, tex) for path in paths]
    for path in paths:
        check_destination(path, PictureError)
    return formats


def _format(path: str, tex: bool) -> str:
    if not tex:
        return format_of(path)
    if os.path.splitext(path)[1].lower() == ".tex":
        return "tex"
    try:
        return format_of(path)
    except PictureError:
        raise PictureError(f"cannot tell the image format of {path!r}: name it .svg, .png, .pdf, .dot or .tex") from None


def write_image(path: str | os.PathLike, data: bytes) -> Path:
    """Write ``data`` to ``path`` whole or not at all (:func:`write_images`)."""
    return write_images([(path, data)])[0]


def write_images(images) -> list[Path]:
    """Write several ``(path, data)`` images, all or none
    (:func:`epistemic.files.write_files`): a failure (a destination that is no
    regular file, a folder that cannot be written, a full disk) leaves no
    image changed.

    Raises
    ------
    PictureError
        Naming the path that cannot be written.
    """
    images = [(Path(path), data) for path, data in images]
    write_files(images, PictureError)
    return [path for path, _ in images]
