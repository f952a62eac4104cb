"""Any Graphviz picture as a TikZ picture, drawn where Graphviz lays it out.

Graphviz's ``json`` output lists every shape and every piece of text of a
laid-out picture (its *xdot* drawing operations): polygons, Bézier curves,
ellipses, text with its font, size, weight and alignment, colours and line
styles.  :func:`picture_tikz` writes each as a TikZ command, so the TikZ
picture is the one the PNG shows, in LaTeX's own fonts: why-graphs, DAGs
and knowledge tables go into a paper as vector drawings whose text is set
with the paper's.

The result is a ``tikzpicture`` environment and nothing else: a document
that loads ``tikz`` can ``\\input`` it.  Coordinates are Graphviz's points.
"""

from __future__ import annotations

import json

from .errors import PictureError
from .render import layout_json
from .latex import latex_text

__all__ = ["picture_tikz"]

def picture_tikz(source: str, renderer: str = "auto") -> str:
    """The DOT ``source`` laid out by Graphviz and written as a
    ``tikzpicture`` environment.

    Raises
    ------
    RendererMissing
        When no Graphviz engine is installed to lay the picture out.

    Examples
    --------
    >>> tex = picture_tikz('digraph { a [label=<x <B>y</B>>]; a -> b }')
    >>> tex.splitlines()[1], tex.rstrip().splitlines()[-1]
    ('\\\\begin{tikzpicture}[x=1pt, y=1pt, font=\\\\sffamily]', '\\\\end{tikzpicture}')
    >>> "\\\\bfseries" in tex and "{y}" in tex
    True
    """
    try:
        layout = json.loads(layout_json(source, renderer))
    except ValueError:
        raise PictureError("Graphviz gave a layout that cannot be read") from None
    writer = _Writer()
    writer.draw(layout.get("_draw_", ()), background=True)
    objects = layout.get("objects", [])
    clusters = [o for o in objects if "nodes" in o or "edges" in o]
    nodes = [o for o in objects if o not in clusters]
    for item in clusters:
        writer.draw(item.get("_draw_", ()))
        writer.draw(item.get("_ldraw_", ()))
    for edge in layout.get("edges", []):
        for key in ("_draw_", "_hdraw_", "_tdraw_", "_ldraw_", "_hldraw_", "_tldraw_"):
            writer.draw(edge.get(key, ()))
    for node in nodes:
        writer.draw(node.get("_draw_", ()))
        writer.draw(node.get("_ldraw_", ()))
    writer.draw(layout.get("_ldraw_", ()))
    head = "% drawn by epistemic from Graphviz's layout; \\input it in a document that loads tikz\n"
    return head + "\\begin{tikzpicture}[x=1pt, y=1pt, font=\\sffamily]\n" + "".join(writer.lines) \
        + "\\end{tikzpicture}\n"


def _colour(value: str) -> str | None:
    """A TikZ colour for a Graphviz one, or ``None`` for a transparent one."""
    if value.startswith("#") and len(value) in (7, 9):
        if len(value) == 9 and value[7:] == "00":
            return None
        r, g, b = (int(value[i:i + 2], 16) for i in (1, 3, 5))
        return f"{{rgb,255:red,{r};green,{g};blue,{b}}}"
    named = {"black": "black", "white": "white", "transparent": None, "none": None}
    return named.get(value.lower(), "black")


def _point(p) -> str:
    return f"({p[0]:.2f},{p[1]:.2f})"


class _Writer:
    """Turns xdot operations into TikZ lines, keeping the pen, fill and font."""

    def __init__(self) -> None:
        self.lines: list[str] = []
        self.pen: str | None = "black"
        self.fill: str | None = None
        self.style: list[str] = []
        self.width = 1.0
        self.font = 14.0
        self.flags = 0

    def draw(self, ops, background: bool = False) -> None:
        for op in ops:
            kind = op.get("op")
            if kind == "c":
                self.pen = _colour(op.get("color", "black"))
            elif kind == "C":
                self.fill = _colour(op.get("color", "black"))
            elif kind == "S":
                self._set_style(op.get("style", ""))
            elif kind == "F":
                self.font, self.flags = float(op.get("size", 14)), 0
            elif kind == "t":
                self.flags = int(op.get("fontchar", 0))
            elif kind == "T":
                self._text(op)
            elif kind in ("P", "p", "L"):
                if background and kind == "P":
                    continue  # the page itself: the paper is the background
                self._path(kind, " -- ".join(_point(p) for p in op["points"]) + (" -- cycle" if kind != "L" else ""))
            elif kind in ("B", "b"):
                points = op["points"]
                path = _point(points[0])
                for i in range(1, len(points) - 2, 3):
                    path += (f" .. controls {_point(points[i])} and {_point(points[i + 1])} .. "
                             f"{_point(points[i + 2])}")
                self._path("P" if kind == "B" else "p", path + (" -- cycle" if kind == "B" else ""))
            elif kind in ("E", "e"):
                x, y, rx, ry = op["rect"]
                self._path("P" if kind == "E" else "p",
                           f"({x:.2f},{y:.2f}) ellipse [x radius={rx:.2f}, y radius={ry:.2f}]")

    def _set_style(self, style: str) -> None:
        if style.startswith("setlinewidth("):
            self.width = float(style[len("setlinewidth("):-1])
        elif style in ("dashed", "dotted"):
            self.style = [style]
        elif style == "solid":
            self.style = []
        elif style == "bold":
            self.width = 2.0

    def _path(self, kind: str, path: str) -> None:
        options = [f"line width={self.width * 0.75:.2f}pt", *self.style]
        filled = kind == "P" and self.fill is not None
        if filled:
            options.insert(0, f"fill={self.fill}")
        if self.pen is not None:
            options.insert(0, f"draw={self.pen}")
        elif not filled:
            return
        self.lines.append(f"\\path[{', '.join(options)}] {path};\n")

    def _text(self, op) -> None:
        text = latex_text(op.get("text", ""))
        if not text.strip():
            return
        anchor = {"l": "base west", "r": "base east"}.get(op.get("align", "c"), "base")
        size = self.font
        font = f"\\sffamily\\fontsize{{{size:g}}}{{{size * 1.2:g}}}\\selectfont"
        if self.flags & 1:
            font += "\\bfseries"
        if self.flags & 2:
            font += "\\itshape"
        colour = self.pen or "black"
        self.lines.append(f"\\node[anchor={anchor}, inner sep=0pt, text={colour}, font={font}] at "
                          f"{_point(op['pt'])} {{{text}}};\n")
