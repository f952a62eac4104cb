"""How pictures look: the colours of knowledge groups, fonts, labels, legends.

Colours are chosen to survive greyscale printing: the six fills are
Okabe-Ito hues mixed with white so that their grey values step evenly from
light to dark (245, 222, 199, 176, 153, 130 on a 0-255 scale), and black
text stays legible on every one of them.  Groups 7 to 12 reuse the fills
with a dashed border, groups 13 to 18 with a dotted one; beyond 18 groups
colour stops helping, and further groups are white with a bold border.
Every coloured node also says its group in words, so no reading depends
on colour alone.

Some colours mean one thing in every picture: :data:`TRUE_FILL` where a
formula holds, :data:`FALSE_FILL` where it fails (a lighter and a darker
fill, so that they differ in grey too), :data:`REMOVED` for the worlds an
announcement took away, and the double black outline of an actual world.
Agents' links are told apart by :func:`agent_line`: each agent has its own
line style first and its own colour second, and every link is labelled.
"""

from __future__ import annotations

import html
import re
import textwrap
from collections.abc import Hashable, Iterable

import attrs

from .errors import PictureError

__all__ = ["Palette", "Swatch", "FILLS", "FONT", "escape", "wrap", "agent_names", "TRUE_FILL", "FALSE_FILL",
           "REMOVED", "VERDICTS", "AgentLine", "AGENT_LINES", "agent_line", "line_sample"]

#: Fills from light to dark; grey values 245, 222, 199, 176, 153 and 130.
FILLS = ("#FBF9D2", "#C6E6F8", "#F0C565", "#78CCB5", "#CD7BA9", "#D86B15")

#: A sans-serif face every renderer maps to something legible.
FONT = "Helvetica"

#: The fill of nodes that belong to no group.
NEUTRAL = "#FFFFFF"

#: Where a formula holds (a light bluish green, grey 225) and where it fails
#: (a darker orange, grey 182), in every picture.
TRUE_FILL, FALSE_FILL = "#CDEBE0", "#E8A878"
#: Worlds an announcement removed, their links and their text.
REMOVED = "#B0B0B0"


@attrs.frozen
class Swatch:
    """The fill and border of one group's nodes."""

    fill: str
    border: str = "solid"

    @property
    def style(self) -> str:
        """The node ``style`` attribute for a rounded, filled box."""
        return f"rounded,filled,{self.border}" if self.border != "solid" else "rounded,filled"


@attrs.frozen
class Palette:
    """A fixed assignment of swatches to groups, so that one group looks the
    same in every picture drawn with this palette.

    Parameters
    ----------
    groups : iterable of hashable
        The groups in the order they take the fills; duplicates are ignored.

    Examples
    --------
    >>> palette = Palette(["knows no promise", "knows p2's promise"])
    >>> palette.swatch("knows p2's promise")
    Swatch(fill='#C6E6F8', border='solid')
    >>> palette.swatch("knows p9's promise")
    Traceback (most recent call last):
    ...
    epistemic.visualize.errors.PictureError: the palette has no colour for "knows p9's promise"
    >>> Palette(range(8)).swatch(7)
    Swatch(fill='#C6E6F8', border='dashed')
    >>> Palette(range(20)).swatch(19)
    Swatch(fill='#FFFFFF', border='bold')
    """

    groups: tuple[Hashable, ...] = attrs.field(converter=lambda g: tuple(dict.fromkeys(g)))
    #: Groups whose swatch is fixed, whatever their place in ``groups``.
    fixed: tuple[tuple[Hashable, Swatch], ...] = attrs.field(default=(), converter=lambda f: tuple(dict(f).items()))

    def __contains__(self, group: Hashable) -> bool:
        return group in self.groups

    def swatch(self, group: Hashable) -> Swatch:
        """The swatch of ``group``."""
        for known, swatch in self.fixed:
            if known == group:
                return swatch
        try:
            i = self.groups.index(group)
        except ValueError:
            raise PictureError(f"the palette has no colour for {group!r}") from None
        borders = ("solid", "dashed", "dotted")
        if i >= len(FILLS) * len(borders):
            return Swatch(NEUTRAL, "bold")
        return Swatch(FILLS[i % len(FILLS)], borders[i // len(FILLS)])

    def extended(self, groups: Iterable[Hashable]) -> Palette:
        """This palette with ``groups`` it lacks appended, in order."""
        return Palette(self.groups + tuple(groups), self.fixed)


#: The verdicts ``"true"`` and ``"false"``, coloured as in every picture,
#: whichever a picture meets first.
VERDICTS = Palette(["true", "false"], fixed={"true": Swatch(TRUE_FILL), "false": Swatch(FALSE_FILL)})


@attrs.frozen
class AgentLine:
    """How one agent's links are drawn: a colour, a Graphviz edge style and a width."""

    colour: str
    style: str
    width: float

    @property
    def attributes(self) -> dict[str, str]:
        """The DOT edge attributes."""
        return {"color": self.colour, "fontcolor": self.colour, "style": self.style, "penwidth": f"{self.width:g}"}


#: Agents' lines in order: the first six differ in style alone (solid,
#: dashed, dotted, each thin and heavy), so they survive greyscale; the
#: colours (Okabe-Ito hues dark enough for thin lines) tell them apart on screen.
AGENT_LINES = (
    AgentLine("#0072B2", "solid", 1.4),
    AgentLine("#D55E00", "dashed", 1.6),
    AgentLine("#009E73", "dotted", 2.0),
    AgentLine("#CC79A7", "solid", 3.2),
    AgentLine("#000000", "dashed", 3.0),
    AgentLine("#8F6A00", "dotted", 3.6),
)


def agent_line(index: int) -> AgentLine:
    """The line of the agent at ``index`` (from 0) in a picture's order of agents.

    Past the six distinct lines they repeat: the label on each link, not
    the line, then says whose it is.

    Examples
    --------
    >>> agent_line(1)
    AgentLine(colour='#D55E00', style='dashed', width=1.6)
    >>> agent_line(7) == agent_line(1)
    True
    """
    return AGENT_LINES[index % len(AGENT_LINES)]


def line_sample(line: AgentLine) -> str:
    """A short stretch of ``line`` for a legend: a cell drawn with only its bottom border."""
    style = f' STYLE="{line.style}"' if line.style != "solid" else ""
    return (f'<TABLE BORDER="0" CELLPADDING="0" CELLSPACING="0"><TR><TD SIDES="B" BORDER="{max(1, round(line.width))}"'
            f'{style} COLOR="{line.colour}" WIDTH="44" HEIGHT="7"> </TD></TR></TABLE>')


def escape(text: str) -> str:
    """``text`` made safe inside a Graphviz HTML-like label.

    Examples
    --------
    >>> escape("p5 & p4 get <1>")
    'p5 &amp; p4 get &lt;1&gt;'
    """
    return html.escape(str(text), quote=True)


def plain_label(text: str) -> str:
    """``text`` as a Graphviz label that is not HTML-like, shown as it is: a backslash is no
    escape (``\\n``, ``\\l``) and a text in angle brackets no HTML.

    Examples
    --------
    >>> print(plain_label(r"C:\\new"))
    C:\\\\new
    """
    import graphviz  # here: the styles are read by pages and reports that draw nothing

    return graphviz.escape(str(text))


def wrap(text: str, width: int = 44) -> list[str]:
    """``text`` broken into lines of at most ``width`` characters where it can.

    Examples
    --------
    >>> wrap("p5 votes no in round 1: he is offered 1 coin", 20)
    ['p5 votes no in round', '1: he is offered 1', 'coin']
    """
    return textwrap.wrap(str(text), width, break_long_words=False, break_on_hyphens=False) or [""]


def html_lines(lines: Iterable[str]) -> str:
    """Lines as left-aligned HTML-like label text."""
    return "".join(f'{escape(line)}<BR ALIGN="LEFT"/>' for line in lines)


_NUMBERED = re.compile(r"(.*?)([0-9]+)")


def agent_names(names: Iterable[str], most: int = 6) -> str:
    """Agent names, the short way: consecutive numbered names as a run
    (``p2-p5``), and a long list cut with a count.

    Examples
    --------
    >>> agent_names(["p3", "p1", "p2", "p5", "Bob"])
    'Bob, p1-p3, p5'
    >>> agent_names([f"p{i}" for i in range(1, 40, 2)])
    'p1, p3, p5, ..., p39 (20 agents)'
    """
    names = list(dict.fromkeys(names))
    plain: list[str] = []
    numbered: dict[str, list[int]] = {}
    for name in names:
        m = _NUMBERED.fullmatch(name)
        if m and not (len(m.group(2)) > 1 and m.group(2).startswith("0")):
            numbered.setdefault(m.group(1), []).append(int(m.group(2)))
        else:
            plain.append(name)
    parts = sorted(plain)
    for prefix in sorted(numbered):
        numbers = sorted(numbered[prefix])
        start = prev = numbers[0]
        for n in numbers[1:] + [None]:
            if n is not None and n == prev + 1:
                prev = n
                continue
            if prev - start >= 2:
                parts.append(f"{prefix}{start}-{prefix}{prev}")
            else:
                parts.extend(f"{prefix}{k}" for k in range(start, prev + 1))
            if n is not None:
                start = prev = n
    if len(parts) > most:
        return f"{', '.join(parts[:3])}, ..., {parts[-1]} ({len(names)} agents)"
    return ", ".join(parts)


def node_label(lines: Iterable[str], values: Iterable[tuple[str, int]] = (), note: str | None = None) -> str:
    """An HTML-like node label: text lines, then the numbers in bold, then
    a note in italics.

    Examples
    --------
    >>> node_label(["p5 votes no"], [("offered", 1), ("expects", 1)], "knows no promise")
    '<p5 votes no<BR ALIGN="LEFT"/><B>offered 1 · expects 1</B><BR ALIGN="LEFT"/><I>knows no promise</I><BR ALIGN="LEFT"/>>'
    """
    text = html_lines(lines)
    values = list(values)
    if values:
        numbers = " · ".join(f"{name} {number}" for name, number in values)
        text += f'<B>{escape(numbers)}</B><BR ALIGN="LEFT"/>'
    if note:
        text += f'<I>{escape(note)}</I><BR ALIGN="LEFT"/>'
    return f"<{text}>"


def legend_table(title: str, rows: Iterable[tuple[str, str]]) -> str:
    """An HTML-like label of a legend: a title, then one row per entry,
    each a small cell of DOT-ready HTML (a swatch or a sample) beside its
    meaning."""
    body = "".join(f'<TR><TD>{sample}</TD><TD ALIGN="LEFT" BALIGN="LEFT">{"<BR/>".join(escape(t) for t in wrap(text, 56))}</TD></TR>'
                   for sample, text in rows)
    return (f'<<TABLE BORDER="0" CELLBORDER="0" CELLSPACING="2" CELLPADDING="2">'
            f'<TR><TD COLSPAN="2" ALIGN="LEFT"><B>{escape(title)}</B></TD></TR>{body}</TABLE>>')


def stacked_label(cells: Iterable[str]) -> str:
    """A graph's label of DOT-ready HTML cells one above the other, left-aligned: a title, then a
    legend (:func:`legend_table` without its outer brackets).

    >>> stacked_label(["<B>A title</B>"])
    '<<TABLE BORDER="0" CELLBORDER="0" CELLSPACING="4"><TR><TD ALIGN="LEFT"><B>A title</B></TD></TR></TABLE>>'
    """
    body = "".join(f'<TR><TD ALIGN="LEFT">{cell}</TD></TR>' for cell in cells)
    return f'<<TABLE BORDER="0" CELLBORDER="0" CELLSPACING="4">{body}</TABLE>>'


def swatch_cell(swatch: Swatch) -> str:
    """A small filled box standing for ``swatch`` inside a legend."""
    width = "3" if swatch.border == "bold" else "1"
    return (f'<TABLE BORDER="{width}" CELLBORDER="0" CELLPADDING="0"{cell_style(swatch)}>'
            f'<TR><TD BGCOLOR="{swatch.fill}" WIDTH="28" HEIGHT="14"> </TD></TR></TABLE>')


def cell_style(swatch: Swatch) -> str:
    """The STYLE attribute that gives a table or cell ``swatch``'s border."""
    return f' STYLE="{swatch.border}"' if swatch.border in ("dashed", "dotted") else ""


def border_sample(width: int = 1, double: bool = False, colour: str = "#000000") -> str:
    """A small empty box with a border like a node's, for a legend."""
    if double:
        return (f'<TABLE BORDER="{width}" CELLBORDER="{width}" CELLSPACING="2" CELLPADDING="0" COLOR="{colour}">'
                f'<TR><TD WIDTH="22" HEIGHT="9"> </TD></TR></TABLE>')
    return (f'<TABLE BORDER="{width}" CELLBORDER="0" CELLPADDING="0" COLOR="{colour}">'
            f'<TR><TD WIDTH="28" HEIGHT="14"> </TD></TR></TABLE>')


#: Legend samples of a plain and a heavy arrow.
ARROW, HEAVY_ARROW = "→", '<B>━━▶</B>'
