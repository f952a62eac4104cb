"""An explorer in the browser: one self-contained HTML page of a game or a model.

A page shows one or more *perspectives* (the knowledge a prediction is made
on, or simply the model), each a sequence of *steps* (rounds).  A step has a
few lines of text, an optional picture (inline SVG), the *decisions* taken in
it, and links to steps of other perspectives.  Clicking a decision unfolds
its reasons (an :class:`~epistemic.Reason` tree), one level at a time.

The page needs nothing but a browser: the pictures, the style and a small
script are inline, and nothing is loaded from a network or another file.
Every text is escaped; the reasons travel as JSON inside the page, with the
characters that could end a script written as escapes.  A page is bounded:
the distinct reasons embedded are capped, and a decision whose reasons were
cut says how many are missing.
"""

from __future__ import annotations

import html
import json
import os
import re
from collections.abc import Iterable, Sequence

import attrs

from epistemic import Reason
from epistemic.files import check_destination
from epistemic.wording import counted, noun

from ._explorer_assets import SCRIPT, STYLE
from .errors import PictureError

__all__ = ["Decision", "Link", "Step", "Perspective", "explorer_html", "check_html_destination",
           "inline_svg", "inline_svgs", "rounds_left_out", "MAX_EMBEDDED_REASONS"]

#: The most distinct reasons one page embeds; beyond them, reasons are cut with a note.
MAX_EMBEDDED_REASONS = 4000


@attrs.frozen
class Decision:
    """Something decided in a step, and why: ``reason`` unfolds on a click."""

    label: str
    reason: Reason | None = None


@attrs.frozen
class Link:
    """A way to another step: the perspective's index in the page and the step's number."""

    label: str
    perspective: int
    number: int


def _texts(values: Iterable[str]) -> tuple[str, ...]:
    return tuple(values)


def _decisions(values: Iterable[Decision]) -> tuple[Decision, ...]:
    return tuple(values)


def _links(values: Iterable[Link]) -> tuple[Link, ...]:
    return tuple(values)


@attrs.frozen
class Step:
    """One round: its number (unique in its perspective), title, lines of text,
    decisions, links, an optional picture (SVG markup from :func:`inline_svg`)
    and a note (what was left out)."""

    number: int
    title: str
    lines: tuple[str, ...] = attrs.field(default=(), converter=_texts)
    decisions: tuple[Decision, ...] = attrs.field(default=(), converter=_decisions)
    links: tuple[Link, ...] = attrs.field(default=(), converter=_links)
    picture: str | None = None
    note: str | None = None


def _steps(values: Iterable[Step]) -> tuple[Step, ...]:
    return tuple(values)


@attrs.frozen
class Perspective:
    """The steps seen on one knowledge (or of one model), and a note on what was left out."""

    name: str
    steps: tuple[Step, ...] = attrs.field(converter=_steps)
    note: str | None = None


class _Reasons:
    """Distinct reasons, each numbered once, up to a budget of ``most``.

    A reason met again (equal by value) keeps its number, so subtrees shared
    by many decisions are embedded once.
    """

    def __init__(self, most: int):
        self.most = most
        self.ids: dict[Reason, int] = {}
        self.rows: list[dict] = []
        self.cut = 0

    def add(self, root: Reason) -> int:
        """The number of ``root``, adding it and as many of its reasons as the budget allows."""
        if root in self.ids:
            return self.ids[root]
        first = self._new(root)
        queue = [root]
        # breadth first: when the budget runs out, the levels nearest the decision are the ones kept
        while queue:
            later = []
            for reason in queue:
                row = self.rows[self.ids[reason]]
                if len(self.ids) + len(reason.because) > self.most:
                    row["m"] = len(reason.because)
                    self.cut += len(reason.because)
                    continue
                for child in reason.because:
                    if child not in self.ids:
                        self._new(child)
                        later.append(child)
                    row["c"].append(self.ids[child])
            queue = later
        return first

    def _new(self, reason: Reason) -> int:
        self.ids[reason] = len(self.rows)
        values = ", ".join(f"{name} {number}" for name, number in reason.values)
        row: dict = {"t": reason.claim, "c": []}
        if values:
            row["v"] = values
        if reason.knowledge is not None:
            row["k"] = reason.knowledge
        if reason.verdict is not None:
            row["y"] = reason.verdict
        self.rows.append(row)
        return len(self.rows) - 1


def _e(text: object) -> str:
    return html.escape(str(text), quote=True)


def _script_json(value: object) -> str:
    """JSON that cannot end the script element it sits in, nor start a comment there."""
    text = json.dumps(value, ensure_ascii=False, separators=(",", ":"))
    for c in "<>&\u2028\u2029":
        text = text.replace(c, f"\\u{ord(c):04x}")
    return text


_SVG_PROLOGUE = re.compile(r"\A.*?(?=<svg\b)", re.S)
_COMMENT = re.compile(r"<!--.*?-->", re.S)
_NAMESPACES = re.compile(r'\s+xmlns(?::[A-Za-z]+)?\s*=\s*"[^"]*"')


def inline_svg(svg: bytes | str) -> str:
    """An SVG image as markup to put inside HTML: without its XML prologue,
    doctype, comments (Graphviz writes node names into comments) and
    namespace declarations.

    Raises
    ------
    PictureError
        When the image is no SVG, or holds a script or a link to load.

    Examples
    --------
    >>> inline_svg(b'<?xml version="1.0"?>\\n<!-- a -->\\n<svg width="1" xmlns="http://www.w3.org/2000/svg"><!-- b --><g/></svg>\\n')
    '<svg width="1"><g/></svg>'
    """
    text = svg.decode("utf-8") if isinstance(svg, bytes) else svg
    text = _COMMENT.sub("", _SVG_PROLOGUE.sub("", text, count=1)).strip()
    if not text.startswith("<svg"):
        raise PictureError("an inline picture must be an SVG image")
    # HTML knows the SVG namespaces: without their declarations the page names no address at all
    text = _NAMESPACES.sub("", text)
    if re.search(r"<script|<foreignObject|\shref\s*=|xlink:href\s*=\s*[\"'](?!#)", text, re.I):
        raise PictureError("an inline picture may not hold scripts or links to load")
    return text


def rounds_left_out(first: int, last: int) -> str:
    """The note of a page that leaves rounds ``first`` to ``last`` out.

    >>> rounds_left_out(21, 21)
    'round 21 is not embedded, to keep the page small'
    >>> rounds_left_out(21, 30)
    'rounds 21-30 are not embedded (10 rounds), to keep the page small'
    """
    if first == last:
        return f"round {first} is not embedded, to keep the page small"
    return f"rounds {first}-{last} are not embedded ({counted(last - first + 1, 'round')}), to keep the page small"


def inline_svgs(pictures: Iterable, renderer: str, budget: int) -> list[str | None]:
    """Pictures (each with ``pipe(format, renderer)``) as :func:`inline_svg`
    markup, in order, until they would pass ``budget`` bytes: those after
    are ``None``, so that a page of many rounds stays small."""
    out: list[str | None] = []
    used = 0
    for picture in pictures:
        svg = None
        if used <= budget:
            svg = inline_svg(picture.pipe("svg", renderer))
            used += len(svg.encode("utf-8"))
        out.append(svg if used <= budget else None)
    return out


def check_html_destination(path: str | os.PathLike, others: Iterable[str | os.PathLike] = ()) -> str:
    """Make sure the page can be written to ``path``: an ``.html`` (or
    ``.htm``) file that :func:`epistemic.files.check_destination` takes, and
    none of ``others`` (the pictures asked for with it).  Returns the path.

    Raises
    ------
    PictureError
        Naming the fault.

    Examples
    --------
    >>> check_html_destination("game.html")
    'game.html'
    >>> check_html_destination("game.svg")
    Traceback (most recent call last):
    ...
    epistemic.visualize.errors.PictureError: an explorer page is written to an .html file, got 'game.svg'
    """
    path = os.fspath(path)
    if os.path.splitext(path)[1].lower() not in (".html", ".htm"):
        raise PictureError(f"an explorer page is written to an .html file, got {path!r}")
    whole = os.path.realpath(path)
    if any(os.path.realpath(os.fspath(other)) == whole for other in others):
        raise PictureError(f"{path!r} is asked for both as the page and as a picture")
    check_destination(path, PictureError)
    return path


def explorer_html(title: str, perspectives: Sequence[Perspective], *, intro: Sequence[str] = (),
                  notes: Sequence[str] = (), max_reasons: int = MAX_EMBEDDED_REASONS,
                  pictures: Sequence[tuple[str, str]] = ()) -> str:
    """The page: a title, a few lines of introduction, a switch between the
    perspectives, and their steps, one shown at a time.

    Parameters
    ----------
    title : str
    perspectives : sequence of Perspective
        At least one; the first is shown when the page opens.
    intro, notes : sequences of str
        Lines above the explorer, and notes under it (what was left out).
    max_reasons : int
        The most distinct reasons embedded in the page.
    pictures : sequence of (caption, svg)
        Pictures of the whole model or game (:func:`inline_svg`), each
        folded under its caption above the explorer.

    Examples
    --------
    >>> why = Reason("p is true at w", verdict=True, because=[Reason("it is among the facts at w")])
    >>> page = explorer_html("a <model>", [Perspective("the model", [Step(0, "start",
    ...                      decisions=[Decision("why p holds", why)])])])
    >>> page.startswith("<!DOCTYPE html>"), "<title>a &lt;model&gt;</title>" in page
    (True, True)
    >>> '"t":"it is among the facts at w"' in page
    True
    """
    perspectives = list(perspectives)
    if not perspectives or any(not p.steps for p in perspectives):
        raise PictureError("an explorer page needs at least one perspective, each with a step")
    reasons = _Reasons(max_reasons)
    parts = [f"<h1>{_e(title)}</h1>"]
    parts += [f'<p class="intro">{_e(line)}</p>' for line in intro]
    parts += [f'<details class="overview"><summary>{_e(caption)}</summary><figure class="picture">{svg}</figure>'
              f'</details>' for caption, svg in pictures]
    if len(perspectives) > 1:
        parts.append('<nav class="knowledge" aria-label="perspectives"><span>Predicted on:</span>')
        for i, p in enumerate(perspectives):
            pressed = "true" if i == 0 else "false"
            parts.append(f'<button type="button" data-view="{i}" aria-pressed="{pressed}">{_e(p.name)}</button>')
        parts.append("</nav>")
    for i, p in enumerate(perspectives):
        parts.append(_perspective(i, p, reasons))
    if reasons.cut:
        notes = [*notes, f"{counted(reasons.cut, 'reason')} {noun(reasons.cut, 'is', 'are')} not embedded, "
                         f"to keep the page small "
                         f"(at most {max_reasons:,} distinct reasons)"]
    parts += [f'<p class="note">{_e(line)}</p>' for line in notes]
    parts.append(f'<script type="application/json" id="reasons">{_script_json(reasons.rows)}</script>')
    body = "\n".join(parts)
    return (f'<!DOCTYPE html>\n<html lang="en">\n<head>\n<meta charset="utf-8">\n'
            f'<meta name="viewport" content="width=device-width, initial-scale=1">\n'
            f'<title>{_e(title)}</title>\n<style>{STYLE}</style>\n</head>\n<body>\n<main>\n{body}\n</main>\n'
            f'<script>{SCRIPT}</script>\n</body>\n</html>\n')


def _perspective(index: int, p: Perspective, reasons: _Reasons) -> str:
    hidden = "" if index == 0 else " hidden"
    out = [f'<section class="view" id="view-{index}" data-view="{index}"{hidden}>', f"<h2>{_e(p.name)}</h2>"]
    if len(p.steps) > 1:
        out.append('<div class="steps"><button type="button" class="prev" aria-label="previous round">'
                   '&#9664; previous</button>')
        out.append('<select class="jump" aria-label="round">' + "".join(
            f'<option value="{s.number}">{_e(s.title)}</option>' for s in p.steps) + "</select>")
        out.append('<button type="button" class="next" aria-label="next round">next &#9654;</button></div>')
    if p.note:
        out.append(f'<p class="note">{_e(p.note)}</p>')
    for j, step in enumerate(p.steps):
        out.append(_step(step, j == 0, reasons))
    out.append("</section>")
    return "\n".join(out)


def _step(step: Step, first: bool, reasons: _Reasons) -> str:
    hidden = "" if first else " hidden"
    out = [f'<article class="step" data-number="{step.number}"{hidden}>', f"<h3>{_e(step.title)}</h3>"]
    out += [f"<p>{_e(line)}</p>" for line in step.lines]
    if step.picture is not None:
        out.append(f'<figure class="picture">{step.picture}</figure>')
    if step.decisions:
        out.append('<ul class="decisions">')
        for d in step.decisions:
            if d.reason is None:
                out.append(f'<li><span class="decision">{_e(d.label)}</span></li>')
                continue
            out.append(f'<li><button type="button" class="decision" aria-expanded="false" '
                       f'data-reason="{reasons.add(d.reason)}">{_e(d.label)}</button>'
                       f'<div class="reasons" hidden></div></li>')
        out.append("</ul>")
    if step.links:
        out.append('<p class="links"><span>Into the predictions behind it:</span> ' + " ".join(
            f'<button type="button" class="goto" data-view="{link.perspective}" data-number="{link.number}">'
            f'{_e(link.label)}</button>' for link in step.links) + "</p>")
    if step.note:
        out.append(f'<p class="note">{_e(step.note)}</p>')
    out.append("</article>")
    return "\n".join(out)
