"""A drawn picture: its DOT source, and the ways to turn it into an image."""

from __future__ import annotations

import os
import tempfile
from pathlib import Path

import attrs

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
    pictures can be written there: each path named once, with a known suffix,
    in a folder that exists and can be written.

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
    whole = [os.path.abspath(path) for path in paths]
    if len(set(whole)) < len(whole):
        raise PictureError("two pictures were asked for in the same file")
    formats = [_format(path, tex) for path in paths]
    for path, absolute in zip(paths, whole):
        folder = os.path.dirname(absolute)
        if not os.path.isdir(folder):
            raise PictureError(f"cannot write {path!r}: the folder {folder!r} does not exist")
        if not os.access(folder, os.W_OK):
            raise PictureError(f"cannot write {path!r}: the folder {folder!r} is not writable")
    return formats


def check_writable(path: str, error: type[Exception] = PictureError) -> str:
    """The absolute path of ``path``, once it is sure that a file can be
    written there: its folder exists and can be written, and it is not a
    folder itself.

    Raises
    ------
    error
        Naming the fault (by default :class:`PictureError`).
    """
    whole = os.path.abspath(path)
    folder = os.path.dirname(whole)
    if not os.path.isdir(folder):
        raise error(f"cannot write {path!r}: the folder {folder!r} does not exist")
    if not os.access(folder, os.W_OK):
        raise error(f"cannot write {path!r}: the folder {folder!r} is not writable")
    if os.path.isdir(whole):
        raise error(f"cannot write {path!r}: it is a folder")
    return whole


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
    """Write ``data`` to ``path`` through a temporary file in the same folder,
    so that readers never see a half-written image."""
    return write_images([(path, data)])[0]


def write_images(images) -> list[Path]:
    """Write several ``(path, data)`` images, all or none.

    Every image is first written to a temporary file beside its path; only
    when all of them are written are they moved into place, so a failure
    (a folder that cannot be written, a full disk) leaves no image changed.

    Raises
    ------
    PictureError
        Naming the path that cannot be written.
    """
    staged: list[tuple[str, Path]] = []
    try:
        for path, data in images:
            path = Path(path)
            staged.append((_stage(path, data), path))
        for temporary, path in staged:
            os.replace(temporary, path)
    except BaseException as err:
        for temporary, _ in staged:
            try:
                os.unlink(temporary)
            except OSError:
                pass
        if isinstance(err, OSError):
            raise PictureError(f"cannot write {os.fspath(path)!r}: {err.strerror or err}") from None
        raise
    return [path for _, path in staged]


def _stage(path: Path, data: bytes) -> str:
    """``data`` in a temporary file beside ``path``; its name."""
    folder = path.parent
    if not folder.is_dir():
        raise PictureError(f"cannot write {os.fspath(path)!r}: the folder {os.fspath(folder)!r} does not exist")
    if path.is_dir():
        raise PictureError(f"cannot write {os.fspath(path)!r}: it is a folder")
    fd, temporary = tempfile.mkstemp(prefix=f".{path.name}.", dir=folder)
    try:
        with os.fdopen(fd, "wb") as out:
            out.write(data)
        # a temporary file is private; the image gets the permissions a plain open() would give
        os.chmod(temporary, 0o666 & ~_umask())
    except BaseException:
        os.unlink(temporary)
        raise
    return temporary


def _umask() -> int:
    mask = os.umask(0)
    os.umask(mask)
    return mask
