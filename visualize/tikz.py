"""Kripke models as TikZ, to paste into a paper or compile with pdflatex.

The drawing is the one :func:`~epistemic.visualize.kripke_picture` makes:
the same worlds in the same places (a cube for valuations), each agent's
links in its own line style and colour, the actual world double, worlds
an announcement removed greyed and dashed, and the colours of truth and
falsity when a formula is shaded.
"""

from __future__ import annotations

from collections.abc import Callable, Hashable, Iterable, Mapping, Sequence

from epistemic import KripkeModel
from epistemic.validators import instance_of

from .errors import PictureError
from .kripke import (MAX_WORLDS, agent_lines, fact_text, legend_notes, links, ordered_agents, shown_facts, shown_worlds,
                     world_positions)
from .layout import Position
from .latex import latex_text
from .style import AGENT_LINES, FALSE_FILL, REMOVED, TRUE_FILL, agent_names

__all__ = ["kripke_tikz", "tikz_document"]

def _colour(hex_colour: str) -> str:
    return hex_colour.lstrip("#").upper()


_PREAMBLE = "\n".join(
    ["\\documentclass{article}",
     "\\usepackage{tikz}",
     "\\usetikzlibrary{shapes.geometric}",
     # each picture is a page of its own size, as the standalone class makes them, without needing it
     "\\newsavebox\\kripkebox",
     "\\newenvironment{kripkepage}{\\begin{lrbox}{\\kripkebox}}{\\end{lrbox}%",
     "  \\pdfpagewidth=\\dimexpr\\wd\\kripkebox+16pt\\relax",
     "  \\pdfpageheight=\\dimexpr\\ht\\kripkebox+\\dp\\kripkebox+16pt\\relax",
     "  \\hoffset=-1in \\voffset=-1in",
     "  \\shipout\\vbox{\\vskip8pt\\hbox{\\hskip8pt\\usebox\\kripkebox}}}"]
    + [f"\\definecolor{{agent{i}}}{{HTML}}{{{_colour(line.colour)}}}" for i, line in enumerate(AGENT_LINES)]
    + [f"\\definecolor{{truefill}}{{HTML}}{{{_colour(TRUE_FILL)}}}",
       f"\\definecolor{{falsefill}}{{HTML}}{{{_colour(FALSE_FILL)}}}",
       f"\\definecolor{{removed}}{{HTML}}{{{_colour(REMOVED)}}}"]
    + [f"\\tikzset{{agent{i}/.style={{draw=agent{i}, {line.style}, line width={line.width:g}pt}}}}"
       for i, line in enumerate(AGENT_LINES)]
    + ["\\tikzset{world/.style={draw, ellipse, align=center, font=\\small, fill=white, inner sep=2pt},",
       "  actual/.style={double, double distance=1.5pt, thick},",
       "  gone/.style={draw=removed, dashed, text=removed},",
       "  link/.style={font=\\scriptsize, fill=white, inner sep=1pt}}"])


def tikz_document(pictures: Sequence[str]) -> str:
    """A standalone LaTeX document of ``pictures`` (``tikzpicture``
    environments), one page each."""
    pages = "".join(f"\\begin{{kripkepage}}\n{picture}\\end{{kripkepage}}\n" for picture in pictures)
    return _PREAMBLE + "\n\\begin{document}\n" + pages + "\\end{document}\n"


def kripke_tikz(model: KripkeModel, *, title: str | None = None, holds: Iterable[Hashable] | None = None,
                claim: str = "the formula", earlier: KripkeModel | None = None,
                positions: Mapping[Hashable, Position] | None = None,
                fact_label: Callable[[Hashable], str] = fact_text, world_label: Callable[[Hashable], str] = str,
                no_facts: str = "nothing holds", legend: bool = True, max_worlds: int | None = MAX_WORLDS,
                renderer: str = "auto", document: bool = True) -> str:
    """``model`` as a TikZ picture: a standalone document (or, with
    ``document=False``, the ``tikzpicture`` alone).

    The parameters are :func:`~epistemic.visualize.kripke_picture`'s.
    Worlds go on their cube when they are valuations, else where Graphviz
    (``renderer``) places them, else on a circle.

    Examples
    --------
    >>> from epistemic import Agent
    >>> a = Agent("a")
    >>> m = KripkeModel.from_relations([a], {"w": {"p"}, "v": set()}, {a: [("w", "v")]},
    ...                                actual="w", reflexive=True, symmetric=True)
    >>> tex = kripke_tikz(m, holds=["w"], claim="p")
    >>> tex.count("\\\\node[world"), "(w0) -- node[link] {a} (w1)" in tex, tex.count("{") == tex.count("}")
    (2, True, True)
    """
    instance_of(model, KripkeModel, "kripke_tikz draws a KripkeModel", type_name=True, error=PictureError)
    worlds = shown_worlds(model, earlier)
    if max_worlds is not None and len(worlds) > max_worlds:
        raise PictureError(f"the model has {len(worlds):,} worlds, too many to draw legibly "
                           f"(the limit is {max_worlds} worlds)")
    placed = positions or world_positions(earlier if earlier is not None else model, renderer)
    kept, truth = set(model.worlds), None if holds is None else set(holds)
    lines = agent_lines(model)
    styles = {agent: f"agent{AGENT_LINES.index(line)}" for agent, line in (lines or {}).items()}
    ids = {w: f"w{i}" for i, w in enumerate(worlds)}
    # links go on a layer below the worlds, so that a world's text is never crossed out
    out = ["\\pgfdeclarelayer{links}", "\\pgfsetlayers{links,main}", "\\begin{tikzpicture}"]
    for w in worlds:
        facts = shown_facts(model, w, fact_label, earlier)
        text = f"\\textbf{{{latex_text(world_label(w))}}}\\\\{latex_text(', '.join(facts) or no_facts)}"
        style = ["world"]
        if w not in kept:
            style.append("gone")
        else:
            if truth is not None:
                style.append("fill=truefill" if w in truth else "fill=falsefill")
                text += f"\\\\\\textit{{{'true' if w in truth else 'false'}}}"
            if w in model.actual:
                style.append("actual")
        x, y = placed[w]
        out.append(f"\\node[{', '.join(style)}] ({ids[w]}) at ({x:g}in, {y:g}in) {{{text}}};")
    out.append("\\begin{pgfonlayer}{links}")
    drawn = links(model, earlier, by_agent=lines is not None, positions=placed)
    linked = {agent for link in drawn if not link.removed for agent in link.agents}
    for link in drawn:
        style = [styles[link.agents[0]]] if lines is not None else ["draw, line width=1pt"]
        style.append({"none": "-", "forward": "->", "both": "<->"}[link.arrow])
        if link.removed:
            style += ["draw=removed", "line width=0.6pt"]
        label = "" if link.removed else f"node[link] {{{latex_text(agent_names(a.name for a in link.agents))}}} "
        if link.u == link.v:
            out.append(f"\\path[{', '.join(style)}] ({ids[link.u]}) edge[loop above] {label}({ids[link.v]});")
        else:
            out.append(f"\\draw[{', '.join(style)}] ({ids[link.u]}) -- {label}({ids[link.v]});")
    out.append("\\end{pgfonlayer}")
    top = max(y for _, y in placed.values())
    bottom = min(y for _, y in placed.values())
    left = min(x for x, _ in placed.values())
    if title:
        out.append(f"\\node[anchor=south west, font=\\bfseries] at ({left:g}in, {top + 0.5:g}in) "
                   f"{{{latex_text(title)}}};")
    if legend:
        y = bottom - 0.6
        for agent in [a for a in ordered_agents(model) if a in linked] if lines is not None else ():
            out.append(f"\\draw[{styles[agent]}] ({left:g}in, {y:g}in) -- ({left + 0.5:g}in, {y:g}in) "
                       f"node[right, font=\\small, black] {{{latex_text(agent.name)}: "
                       f"{'cannot tell the linked worlds apart' if model.is_equivalence(agent) else 'considers possible'}}};")
            y -= 0.3
        for note in legend_notes(model, drawn):
            out.append(f"\\node[anchor=west, font=\\small] at ({left:g}in, {y:g}in) {{{latex_text(note)}}};")
            y -= 0.3
        if truth is not None:
            for fill, verdict in (("truefill", "true"), ("falsefill", "false")):
                out.append(f"\\node[draw, fill={fill}, minimum width=0.4in, anchor=west] at ({left:g}in, {y:g}in) {{}} "
                           f"node[right, font=\\small] at ({left + 0.5:g}in, {y:g}in) "
                           f"{{{latex_text(claim)} is {verdict} there}};")
                y -= 0.3
    out.append("\\end{tikzpicture}")
    picture = "\n".join(out) + "\n"
    return tikz_document([picture]) if document else picture

