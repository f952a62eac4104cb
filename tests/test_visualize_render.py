"""Rendering pictures of :mod:`epistemic.visualize`: formats, files, engines, Graphviz's
messages and the shared styles.

Tests that turn DOT into images are skipped where no Graphviz engine is
installed (pygraphviz wheels exist only for some platforms).
"""

from __future__ import annotations

import os
import stat
import warnings
from itertools import pairwise

import pytest

import epistemic.visualize as visualize
import epistemic.visualize.render as render_module
from epistemic import (
    EpistemicError,
)
from epistemic.visualize import (
    FILLS,
    Palette,
    Picture,
    PictureError,
    RendererMissing,
    Swatch,
    agent_names,
    available_renderers,
    format_of,
    write_image,
)

from picture_checks import BAD, GOOD, PNG_MAGIC, needs_dot, needs_engine, needs_sh, svg_texts


@pytest.fixture
def no_engine(monkeypatch):
    """A machine without pygraphviz and without a dot program."""
    monkeypatch.setattr(render_module, "_pygraphviz", lambda: None)
    monkeypatch.setattr(render_module, "_dot_program", lambda: None)


# rendering ----------------------------------------------------------------------

@needs_engine
def test_render_svg_is_xml_with_the_labels(tmp_path):
    written = Picture(GOOD).render(tmp_path / "x.svg")
    assert written == tmp_path / "x.svg"
    texts = svg_texts(written.read_bytes())
    assert "first-node" in texts and "second-node ✓" in texts


@needs_engine
def test_render_png_and_pdf_by_suffix(tmp_path):
    png = Picture(GOOD).render(tmp_path / "x.png").read_bytes()
    assert png.startswith(PNG_MAGIC) and len(png) > 1_000
    pdf = Picture(GOOD).render(tmp_path / "x.PDF").read_bytes()  # suffixes are case-insensitive
    assert pdf.startswith(b"%PDF")


@pytest.mark.parametrize("name", ["x.dot", "x.gv"])
def test_render_dot_writes_the_source_unchanged(tmp_path, name):
    # no engine is needed for the source, and non-ASCII text survives as UTF-8
    written = Picture(GOOD).render(tmp_path / name)
    assert written.read_text(encoding="utf-8") == GOOD


@needs_engine
def test_format_overrides_the_suffix(tmp_path):
    assert Picture(GOOD).render(tmp_path / "x.svg", format="png").read_bytes().startswith(PNG_MAGIC)
    assert Picture(GOOD).render(tmp_path / "notes.txt", format="dot").read_text(encoding="utf-8") == GOOD
    with pytest.raises(PictureError):
        Picture(GOOD).render(tmp_path / "x.svg", format="jpg")
    assert sorted(os.listdir(tmp_path)) == ["notes.txt", "x.svg"]


def test_format_of():
    assert format_of("why.SVG") == "svg" and format_of("a/b.gv") == "dot" and format_of("x", "pdf") == "pdf"
    for bad in ("why.jpg", "noext"):
        with pytest.raises(PictureError):
            format_of(bad)


def test_unknown_suffix_fails_before_writing(tmp_path, monkeypatch):
    # the format is read from the name before anything is rendered or written
    def no_rendering(*args, **kwargs):
        raise AssertionError("rendered although the format is unknown")

    monkeypatch.setattr(visualize.picture, "render_bytes", no_rendering)
    with pytest.raises(PictureError, match="jpg"):
        Picture(GOOD).render(tmp_path / "x.jpg")
    assert os.listdir(tmp_path) == []


def test_render_into_a_missing_folder(tmp_path):
    with pytest.raises(PictureError, match="does not exist"):
        Picture(GOOD).render(tmp_path / "nowhere" / "x.dot")
    assert os.listdir(tmp_path) == []


def test_write_image_onto_a_folder(tmp_path):
    (tmp_path / "sub").mkdir()
    with pytest.raises(PictureError, match="folder"):
        write_image(tmp_path / "sub", b"x")
    assert os.listdir(tmp_path / "sub") == []


def test_write_image_leaves_no_temporary_and_normal_permissions(tmp_path):
    written = write_image(tmp_path / "image.svg", b"<svg/>")
    with open(tmp_path / "plain.txt", "wb") as out:
        out.write(b"x")
    # mkstemp makes 0600 files; the image must get what open() gives under this umask
    mode = stat.S_IMODE(os.stat(written).st_mode)
    assert mode == stat.S_IMODE(os.stat(tmp_path / "plain.txt").st_mode)
    assert sorted(os.listdir(tmp_path)) == ["image.svg", "plain.txt"]
    # overwriting replaces the content, again without leftovers
    write_image(written, b"<svg></svg>")
    assert written.read_bytes() == b"<svg></svg>"
    assert sorted(os.listdir(tmp_path)) == ["image.svg", "plain.txt"]


@needs_engine
def test_failed_render_keeps_the_old_file(tmp_path):
    target = tmp_path / "x.svg"
    target.write_bytes(b"old")
    with pytest.raises(PictureError):
        Picture(BAD).render(target)
    assert target.read_bytes() == b"old"
    assert os.listdir(tmp_path) == ["x.svg"]


@pytest.mark.parametrize("source", ["", "   \n", None, b"digraph {}"])
def test_picture_needs_source_text(source):
    with pytest.raises(PictureError):
        Picture(source)


# missing and chosen renderers ---------------------------------------------------------

def test_missing_renderer(no_engine):
    picture = Picture(GOOD)
    assert available_renderers() == []
    with pytest.raises(RendererMissing) as caught:
        picture.pipe("png")
    err = caught.value
    assert isinstance(err, PictureError) and isinstance(err, EpistemicError)
    assert "PNG" in str(err) and "\n" not in str(err)
    # the DOT source needs no engine
    assert picture.pipe("dot") == GOOD.encode("utf-8")
    # a notebook still shows something: the source as text, and no image
    assert picture._repr_mimebundle_() == {"text/plain": GOOD}
    assert picture._repr_svg_() is None


@pytest.mark.parametrize("renderer", ["dot", "pygraphviz"])
def test_asking_for_a_missing_renderer(no_engine, renderer):
    with pytest.raises(RendererMissing, match=renderer):
        Picture(GOOD).pipe("svg", renderer=renderer)


def test_unknown_renderer():
    with pytest.raises(PictureError) as caught:
        Picture(GOOD).pipe("svg", renderer="neato")
    # the engine exists or not: the name is what is wrong
    assert not isinstance(caught.value, RendererMissing)


@needs_dot
def test_system_dot_renders_svg():
    svg = Picture(GOOD).pipe("svg", renderer="dot")
    assert "first-node" in svg_texts(svg)


def fake_dot(tmp_path, monkeypatch, script: str) -> None:
    """Install a shell script as the system dot program (pygraphviz kept out)."""
    program = tmp_path / "dot"
    program.write_text("#!/bin/sh\ncat > /dev/null\n" + script + "\n")
    program.chmod(0o755)
    monkeypatch.setattr(render_module, "_pygraphviz", lambda: None)
    monkeypatch.setattr(render_module, "_dot_program", lambda: str(program))


@needs_sh
def test_dot_program_gets_the_format_and_its_output_is_returned(tmp_path, monkeypatch):
    fake_dot(tmp_path, monkeypatch, 'printf "%s" "$1"')
    assert available_renderers() == ["dot"]
    assert Picture(GOOD).pipe("png") == b"-Tpng"
    assert Picture(GOOD).pipe("pdf", renderer="dot") == b"-Tpdf"


@needs_sh
def test_dot_program_errors_and_warnings(tmp_path, monkeypatch):
    # a message continued on the next line is kept whole, on one line
    fake_dot(tmp_path, monkeypatch, 'echo "Error: <stdin>: syntax error in line 1" >&2; '
                                    'echo "  near the end" >&2; exit 1')
    with pytest.raises(PictureError, match="syntax error in line 1 near the end") as caught:
        Picture(GOOD).pipe("svg")
    assert "\n" not in str(caught.value)

    # a fontconfig complaint after a warning is not taken for its continuation
    fake_dot(tmp_path, monkeypatch,
             'echo "Warning: odd shape" >&2; echo "Fontconfig error: newer config" >&2; printf "<svg/>"')
    with warnings.catch_warnings(record=True) as seen:
        warnings.simplefilter("always")
        assert Picture(GOOD).pipe("svg") == b"<svg/>"
    # the warning is passed on; the fontconfig complaint is dropped
    assert [str(w.message) for w in seen] == ["Graphviz: Warning: odd shape"]
    assert seen[0].category is RuntimeWarning


# Graphviz's own messages ------------------------------------------------------------

@needs_engine
def test_bad_dot_is_a_one_line_picture_error(capfd):
    with pytest.raises(PictureError) as caught:
        Picture(BAD).pipe("svg")
    message = str(caught.value)
    assert "\n" not in message and "syntax error" in message
    # the engine's complaint became the exception instead of leaking onto the terminal
    assert "syntax error" not in capfd.readouterr().err


@needs_engine
def test_good_render_emits_no_warnings():
    with warnings.catch_warnings(record=True) as seen:
        warnings.simplefilter("always")
        Picture(GOOD).pipe("svg")
        Picture(GOOD).pipe("png")
    assert [str(w.message) for w in seen] == []


@needs_engine
def test_graphviz_warning_becomes_a_python_warning():
    with pytest.warns(RuntimeWarning, match="Graphviz: Warning"):
        Picture("digraph { a [shape=nosuchshape] }").pipe("svg")


@needs_engine
def test_notebook_representations_are_svg():
    picture = Picture(GOOD)
    bundle = picture._repr_mimebundle_()
    assert "first-node" in svg_texts(bundle["image/svg+xml"])
    assert "first-node" in svg_texts(picture._repr_svg_())


# style --------------------------------------------------------------------------

def grey(colour: str) -> float:
    r, g, b = (int(colour[i:i + 2], 16) for i in (1, 3, 5))
    return 0.299 * r + 0.587 * g + 0.114 * b


def test_fills_step_evenly_in_grey():
    # greyscale prints must tell the groups apart, and black text must stay legible
    greys = [grey(f) for f in FILLS]
    assert all(a - b >= 20 for a, b in pairwise(greys)), greys
    assert min(greys) >= 110
    assert len(set(FILLS)) == len(FILLS)


def test_palette_swatches():
    palette = Palette(["a", "b", "a", "c"])
    assert palette.groups == ("a", "b", "c")  # duplicates ignored, order kept
    assert palette.swatch("a") == Palette(["a", "z"]).swatch("a") == Swatch(FILLS[0])
    assert "b" in palette and "z" not in palette
    with pytest.raises(PictureError, match="'z'"):
        palette.swatch("z")
    many = Palette(range(3 * len(FILLS)))
    swatches = [many.swatch(i) for i in range(3 * len(FILLS))]
    assert len(set(swatches)) == len(swatches)  # no two groups look alike
    assert swatches[len(FILLS)] == Swatch(FILLS[0], "dashed")  # the seventh group
    assert swatches[2 * len(FILLS)] == Swatch(FILLS[0], "dotted")
    assert swatches[0].style == "rounded,filled"
    assert swatches[len(FILLS)].style == "rounded,filled,dashed"


def test_palette_extended_keeps_existing_order():
    palette = Palette(["x", "y"])
    wider = palette.extended(["z", "x", "w"])
    assert wider.groups == ("x", "y", "z", "w")
    assert wider.swatch("y") == palette.swatch("y")
    assert palette.groups == ("x", "y")  # palettes are values


@pytest.mark.parametrize("names, text", [
    (["p3", "p1", "p2", "p5", "Bob"], "Bob, p1-p3, p5"),
    (["p1", "p2"], "p1, p2"),  # two in a row are not worth a dash
    (["p2", "p2", "p1"], "p1, p2"),
    (["p01", "p1", "p2", "p3"], "p01, p1-p3"),  # a zero-padded name is not a number
    (["a1", "a2", "a3", "b1"], "a1-a3, b1"),
    ([f"p{i}" for i in range(1, 40, 2)], "p1, p3, p5, ..., p39 (20 agents)"),
    ([], ""),
])
def test_agent_names(names, text):
    assert agent_names(names) == text
