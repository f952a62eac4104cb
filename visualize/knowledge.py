"""Who knows which announcement: a compact table of agents against announcements."""

from __future__ import annotations

from collections.abc import Callable, Iterable, Sequence

from epistemic import Announcement, Knowledge
from epistemic.validators import instance_of, whole_number_at_least

from .errors import PictureError
from .picture import Picture
from .style import FONT, NEUTRAL, Palette, cell_style, escape, html_lines, wrap

__all__ = ["knowledge_table", "MAX_ROWS", "MAX_COLUMNS"]

#: The mark of an announcement a row knows, and of one it does not.
KNOWN, UNKNOWN = "✓", "·"

#: Tables of more rows show the first ones and a last row that counts the rest.
MAX_ROWS = 24
#: Tables of more announcements than this are refused: the columns would not fit a page.
MAX_COLUMNS = 24


def knowledge_table(announcements: Sequence[Announcement], rows: Iterable[tuple[str, Knowledge]], *,
                    announcement_label: Callable[[Announcement], str] = str,
                    group: Callable[[Knowledge], str] | None = None, palette: Palette | None = None,
                    title: str | None = None, corner: str = "agents", max_rows: int | None = MAX_ROWS,
                    more: Callable[[list[tuple[str, Knowledge]]], str] | None = None,
                    max_columns: int | None = MAX_COLUMNS) -> Picture:
    """A table with one row per agent (or group of agents who know alike)
    and one column per announcement, marked where the row knows it.

    Parameters
    ----------
    announcements : sequence of Announcement
        The columns, in order.
    rows : iterable of (str, Knowledge)
        Each row's heading and what it knows.
    announcement_label : callable
        A column heading.
    group : callable, optional
        Names the knowledge of a row; rows are then coloured by ``palette``
        and the name is printed in a last column, so that the colours match
        other pictures drawn with the same palette.
    palette : Palette, optional
        Colours of the groups (default: in order of the rows).
    title : str, optional
        Printed above the table.
    corner : str
        The heading of the row-heading column.
    max_rows : int or None
        Above this many rows, the first ``max_rows - 1`` are drawn and a last
        row says how many more there are (``None``: every row).
    more : callable, optional
        ``[rows left out] -> text`` of that last row (default: their count).
    max_columns : int or None
        Refuse more announcements than this (``None``: no limit).

    Returns
    -------
    Picture

    Examples
    --------
    >>> from epistemic import Agent
    >>> p1, p2, p3 = Agent("p1"), Agent("p2"), Agent("p3")
    >>> told = Announcement.private(p2, "x", [p3])
    >>> everything = Knowledge.of([told])
    >>> table = knowledge_table([told], [(a.name, everything.seen_by(a)) for a in (p1, p2, p3)])
    >>> table.source.count("✓</FONT>")
    2
    >>> many = knowledge_table([told], [(f"a{i}", everything) for i in range(30)], max_rows=10)
    >>> many.source.count("<TR>"), "and 21 more rows" in many.source
    (11, True)
    """
    announcements = list(announcements)
    rows = list(rows)
    if not rows:
        raise PictureError("a knowledge table needs at least one row")
    if max_rows is not None:
        whole_number_at_least(max_rows, 2, "max_rows", error=PictureError)
    if max_columns is not None and len(announcements) > max_columns:
        raise PictureError(f"a knowledge table has at most {max_columns} columns, one per announcement; "
                           f"there are {len(announcements):,}")
    left_out: list[tuple[str, Knowledge]] = []
    if max_rows is not None and len(rows) > max_rows:
        rows, left_out = rows[: max_rows - 1], rows[max_rows - 1:]
    for heading, knowledge in rows:
        instance_of(knowledge, Knowledge, f"row {heading!r} must hold Knowledge", type_name=True, error=PictureError)
    names = [group(k) for _, k in rows] if group is not None else None
    palette = palette or Palette(())
    if names is not None:
        palette = palette.extended(names)

    head = [f'<TD BGCOLOR="#EEEEEE"><B>{escape(corner)}</B></TD>']
    for a in announcements:
        head.append(f'<TD BGCOLOR="#EEEEEE">{html_lines(wrap(announcement_label(a), 22))}</TD>')
    if names is not None:
        head.append('<TD BGCOLOR="#EEEEEE"><B>knows</B></TD>')
    body = ["<TR>" + "".join(head) + "</TR>"]
    for i, (heading, knowledge) in enumerate(rows):
        # a row's cells carry its group's border too, so groups that share a fill stay apart
        cell = f'BGCOLOR="{NEUTRAL}"'
        if names is not None:
            swatch = palette.swatch(names[i])
            cell = f'BGCOLOR="{swatch.fill}"{cell_style(swatch)}'
        cells = [f'<TD {cell} ALIGN="LEFT"><B>{escape(heading)}</B></TD>']
        for a in announcements:
            mark = KNOWN if a in knowledge.announcements else UNKNOWN
            cells.append(f'<TD {cell}><FONT POINT-SIZE="14">{mark}</FONT></TD>')
        if names is not None:
            cells.append(f'<TD {cell} ALIGN="LEFT"><I>{escape(names[i])}</I></TD>')
        body.append("<TR>" + "".join(cells) + "</TR>")
    if left_out:
        text = more(left_out) if more is not None else f"… and {len(left_out):,} more rows"
        span = len(announcements) + 1 + (names is not None)
        body.append(f'<TR><TD COLSPAN="{span}" ALIGN="LEFT" BGCOLOR="{NEUTRAL}"><I>{escape(text)}</I></TD></TR>')

    import graphviz  # here: the limits of this module are read by commands that draw nothing

    g = graphviz.Digraph("knowledge")
    g.attr(fontname=FONT, fontsize="12", labelloc="t")
    if title:
        g.attr(label=f"<<B>{escape(title)}</B>>")
    table = ('<<TABLE BORDER="1" CELLBORDER="1" CELLSPACING="0" CELLPADDING="5">'
             + "".join(body) + "</TABLE>>")
    g.node("table", label=table, shape="plain", fontname=FONT, fontsize="11")
    note = f"{KNOWN} the row knows the announcement was made   {UNKNOWN} it does not"
    g.node("legend", label=f"<<FONT POINT-SIZE=\"10\">{escape(note)}</FONT>>", shape="plain", fontname=FONT)
    g.edge("table", "legend", style="invis")
    return Picture(g.source)
