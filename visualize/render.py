"""Turning DOT source into SVG, PNG or PDF bytes.

Two engines are tried: pygraphviz, whose wheels carry the Graphviz library
so that pictures render after a plain ``pip install``, and the ``dot``
program of a system Graphviz.  ``renderer="auto"`` takes the first one
present.  Graphviz reports problems on the process's standard error rather
than to Python, so while the library draws, that stream is caught and read:
errors become :class:`PictureError`, warnings become Python warnings, and
the harmless complaints of a bundled fontconfig about newer system
configuration files are dropped.
"""

from __future__ import annotations

import contextlib
import os
import shutil
import subprocess
import sys
import tempfile
import warnings
from collections.abc import Iterator

from epistemic.validators import is_whole, one_of

from .errors import PictureError, RendererMissing

__all__ = ["FORMATS", "RENDERERS", "available_renderers", "render_bytes", "format_of", "layout_positions"]

#: Output formats; ``dot`` is the source itself and needs no engine.
FORMATS = ("svg", "png", "pdf", "dot")
#: Ways to render: the first available engine, or one by name.
RENDERERS = ("auto", "pygraphviz", "dot")

_SUFFIXES = {".svg": "svg", ".png": "png", ".pdf": "pdf", ".dot": "dot", ".gv": "dot"}

#: The resolutions a PNG may be asked for, in dots per inch: from screen to print.
MIN_DPI, MAX_DPI = 50, 600

# The longest a system ``dot`` may take on one picture.
_TIMEOUT = 300


def format_of(path: str | os.PathLike, format: str | None = None) -> str:
    """The image format for ``path``: ``format`` if given, else its suffix.

    Examples
    --------
    >>> format_of("why.SVG"), format_of("dag.gv"), format_of("x", "pdf")
    ('svg', 'dot', 'pdf')
    >>> format_of("why.jpg")
    Traceback (most recent call last):
    ...
    epistemic.visualize.errors.PictureError: cannot tell the image format of 'why.jpg': name it .svg, .png, .pdf or .dot
    """
    if format is not None:
        return one_of(format, FORMATS, "image format", error=PictureError)
    suffix = os.path.splitext(os.fspath(path))[1].lower()
    if suffix not in _SUFFIXES:
        raise PictureError(f"cannot tell the image format of {os.fspath(path)!r}: name it .svg, .png, .pdf or .dot")
    return _SUFFIXES[suffix]


def _pygraphviz():
    """The pygraphviz module, or ``None`` when it is not installed."""
    try:
        import pygraphviz
    except ImportError:
        return None
    return pygraphviz


def _dot_program() -> str | None:
    """The path of a system ``dot``, or ``None``."""
    return shutil.which("dot")


def available_renderers() -> list[str]:
    """The engines present on this machine, in the order ``auto`` tries them."""
    found = []
    if _pygraphviz() is not None:
        found.append("pygraphviz")
    if _dot_program() is not None:
        found.append("dot")
    return found


def render_bytes(source: str, format: str, renderer: str = "auto", dpi: int | None = None) -> bytes:
    """The picture described by DOT ``source``, rendered as ``format``; a
    PNG at ``dpi`` dots per inch (between :data:`MIN_DPI` and
    :data:`MAX_DPI`; default Graphviz's 96).

    Raises
    ------
    PictureError
        For an unknown format or renderer, or when Graphviz reports an error.
    RendererMissing
        When no engine (or not the one asked for) is installed.
    """
    format = format_of("", format)
    one_of(renderer, RENDERERS, "renderer", error=PictureError)
    if dpi is not None:
        check_dpi(dpi)
    if format == "dot":
        return source.encode("utf-8")
    found = available_renderers()
    if renderer == "auto":
        if not found:
            raise RendererMissing(
                f"cannot render {format.upper()}: no Graphviz engine is installed "
                f"(pip install pygraphviz, or install Graphviz's dot program); the .dot source needs none")
        renderer = found[0]
    elif renderer not in found:
        what = "pygraphviz is not installed" if renderer == "pygraphviz" else "no dot program is on the PATH"
        raise RendererMissing(f"cannot render {format.upper()} with {renderer}: {what}")
    resolution = {"dpi": str(dpi)} if dpi is not None and format == "png" else {}
    if renderer == "pygraphviz":
        return _with_pygraphviz(source, format, resolution)
    return _with_dot(source, format, resolution)


def layout_positions(source: str, renderer: str = "auto") -> dict[str, tuple[float, float]]:
    """Where Graphviz puts each node of DOT ``source``: its centre, in inches
    from the bottom left corner.

    Examples
    --------
    >>> layout_positions('digraph { a -> b }')
    {'a': (0.375, 1.25), 'b': (0.375, 0.25)}
    """
    one_of(renderer, RENDERERS, "renderer", error=PictureError)
    found = available_renderers()
    if renderer == "auto" and found:
        renderer = found[0]
    if renderer not in found:
        raise RendererMissing("cannot lay out the picture: no Graphviz engine is installed")
    plain = (_with_pygraphviz(source, "plain") if renderer == "pygraphviz" else _with_dot(source, "plain"))
    placed = {}
    for line in plain.decode("utf-8", "replace").splitlines():
        # node NAME X Y WIDTH HEIGHT ...; the names here are plain identifiers
        parts = line.split()
        if len(parts) > 3 and parts[0] == "node":
            placed[parts[1].strip('"')] = (float(parts[2]), float(parts[3]))
    return placed


def _with_pygraphviz(source: str, format: str, attributes: dict[str, str] | None = None) -> bytes:
    pygraphviz = _pygraphviz()
    failure: str | None
    with _engine_messages() as messages:
        try:
            graph = pygraphviz.AGraph(string=source)
            graph.graph_attr.update(attributes or {})
            data = graph.draw(format=format, prog="dot")
        except (pygraphviz.DotError, ValueError) as err:
            data, failure = None, str(err)
        else:
            failure = None
    _report(messages, failure if data is None else None)
    if not data:
        raise PictureError(f"Graphviz produced no {format.upper()} output")
    return bytes(data)


def _with_dot(source: str, format: str, attributes: dict[str, str] | None = None) -> bytes:
    program = _dot_program()
    if program is None:  # found a moment ago, it can only have been removed since
        raise RendererMissing(f"cannot render {format.upper()} with dot: no dot program is on the PATH")
    options = [f"-G{name}={value}" for name, value in (attributes or {}).items()]
    try:
        done = subprocess.run([program, f"-T{format}", *options], input=source.encode("utf-8"),
                              capture_output=True, timeout=_TIMEOUT, check=False)
    except (OSError, subprocess.TimeoutExpired) as err:
        raise PictureError(f"the dot program failed: {err}") from None
    lines = done.stderr.decode("utf-8", "replace").splitlines()
    _report(lines, None if done.returncode == 0 else f"dot exited with status {done.returncode}")
    if not done.stdout:
        raise PictureError(f"Graphviz produced no {format.upper()} output")
    return done.stdout


def _report(lines: list[str], failure: str | None) -> None:
    """Raise the first Graphviz error in ``lines``; pass warnings on."""
    errors, notes = [], []
    for line in lines:
        text = line.strip()
        if not text or text.startswith("Fontconfig"):
            continue
        if text.startswith("Error"):
            errors.append(text)
        elif text.startswith("Warning"):
            notes.append(text)
        elif errors:
            errors[-1] += " " + text
        elif notes:
            notes[-1] += " " + text
    for note in notes:
        warnings.warn(f"Graphviz: {note}", RuntimeWarning, stacklevel=4)
    if errors or failure:
        raise PictureError(f"Graphviz could not render the picture: {errors[0] if errors else failure}")


@contextlib.contextmanager
def _engine_messages() -> Iterator[list[str]]:
    """Collect what the Graphviz library writes on file descriptor 2."""
    messages: list[str] = []
    try:
        sys.stderr.flush()
        saved = os.dup(2)
    except (OSError, ValueError, AttributeError):
        # no usable standard error: let the library write where it can
        yield messages
        return
    with tempfile.TemporaryFile() as caught:
        os.dup2(caught.fileno(), 2)
        try:
            yield messages
        finally:
            with contextlib.suppress(OSError, ValueError, AttributeError):
                sys.stderr.flush()
            os.dup2(saved, 2)
            os.close(saved)
            caught.seek(0)
            messages.extend(caught.read().decode("utf-8", "replace").splitlines())


def check_dpi(dpi) -> int:
    """``dpi``, checked to be a whole number of dots per inch from
    :data:`MIN_DPI` to :data:`MAX_DPI`.

    Examples
    --------
    >>> check_dpi(300)
    300
    >>> check_dpi(5000)
    Traceback (most recent call last):
    ...
    epistemic.visualize.errors.PictureError: the resolution must be from 50 to 600 dots per inch, got 5000
    """
    if not is_whole(dpi) or not MIN_DPI <= dpi <= MAX_DPI:
        raise PictureError(f"the resolution must be from {MIN_DPI} to {MAX_DPI} dots per inch, got {dpi!r}")
    return dpi


def layout_json(source: str, renderer: str = "auto") -> bytes:
    """DOT ``source`` laid out by Graphviz, as its ``json`` output: every
    shape and text with its place, for writers of other formats."""
    one_of(renderer, RENDERERS, "renderer", error=PictureError)
    found = available_renderers()
    if renderer == "auto" and found:
        renderer = found[0]
    if renderer not in found:
        raise RendererMissing("cannot lay out the picture: no Graphviz engine is installed "
                              "(pip install pygraphviz, or install Graphviz's dot program)")
    return _with_pygraphviz(source, "json") if renderer == "pygraphviz" else _with_dot(source, "json")
