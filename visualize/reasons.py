"""Why-graphs: explanation trees drawn as the claims and the reasons they rest on."""

from __future__ import annotations

from collections.abc import Callable, Hashable, Iterable

from epistemic import Reason
from epistemic.explanation import OMITTED
from epistemic.validators import is_whole, one_of, whole_number_at_least
from epistemic.wording import counted

from .errors import PictureError
from .picture import Picture
from .reason_summary import summarize_reasons
from .style import (ARROW, FONT, HEAVY_ARROW, NEUTRAL, Palette, Swatch, border_sample, escape, legend_table,
                    node_label, stacked_label, swatch_cell, wrap)

__all__ = ["reason_picture", "MAX_REASONS", "MAX_BOXES", "MAX_WIDTH", "CHAIN", "LEGEND_MOST", "LABEL_STYLES"]

#: Trees with more distinct reasons than this are refused: cut them with a depth first.
MAX_REASONS = 100_000
#: Above this many reasons, alike reasons are drawn as one box.
MAX_BOXES = 60
#: Chains of alike reasons longer than this are drawn shortened.
CHAIN = 4
#: The most boxes a summarized why-graph draws side by side (six boxes of 44 characters are about 2,500
#: pixels wide at 96 dots per inch).
MAX_WIDTH = 6
#: The most colours a legend lists before it says how many more there are.
LEGEND_MOST = 12
#: How much a box says: the whole claim, or its first clause (for print).
LABEL_STYLES = ("full", "compact")

# Marks of the picture, shared with its legend.
_ROOT_PEN = "2.6"
_MARK_PEN = "3.2"
_MARK_COLOUR = "#7A0000"


def _knowledge_of(reason: Reason) -> Hashable | None:
    return reason.knowledge


def reason_picture(reasons: Reason | Iterable[Reason], *,
                   group: Callable[[Reason], Hashable | None] | None = _knowledge_of,
                   palette: Palette | None = None, marked: Callable[[Reason], bool] | None = None,
                   marked_note: str = "a point where two predictions differ",
                   title: str | None = None, legend_title: str = "Knowledge", width: int = 44,
                   chain: int | None = CHAIN, max_reasons: int | None = MAX_REASONS,
                   max_boxes: int | None = MAX_BOXES, alike: Callable[[Reason], Hashable] | None = None,
                   merged_claim: Callable[[list[Reason]], str] | None = None,
                   chain_note: Callable[[list[Reason]], str] | None = None, legend_most: int = LEGEND_MOST,
                   label_style: str = "full",
                   crossing_note: str | None = "the reason is made on other knowledge",
                   max_width: int | None = None) -> Picture:
    """Draw explanation trees: each claim in a box, an arrow to each reason
    it rests on.

    Equal reasons are drawn once, so reasoning that two claims share shows
    as two arrows into one box, and several trees passed together are drawn
    in one picture with their common reasons merged.  A box shows its claim,
    its numbers in bold and its knowledge label in italics; boxes are
    filled by ``group`` (by default the knowledge label) through
    ``palette``, so that one group has one colour in every picture drawn
    with that palette.  The questions (the roots), and they alone, have a
    heavy border (a group beyond the palette's distinct swatches, drawn
    bold elsewhere, is white here); an arrow from a claim to a reason made
    on other knowledge is heavy.

    Parameters
    ----------
    reasons : Reason or iterable of Reason
        The trees to draw.
    group : callable or None
        The colour group of a reason (``None`` from it: no colour); ``None``
        colours nothing.
    palette : Palette, optional
        Colours of the groups; groups it lacks are appended in drawing order.
    marked : callable, optional
        Reasons to draw with a dark double border, and ``marked_note``, what
        that border means in the legend.
    title : str, optional
        Printed above the picture.
    legend_title : str
        Heading of the legend of colours.
    width : int
        Characters per line of a claim.
    chain : int or None
        A chain of more than this many reasons of one kind and one group,
        each resting on the next alone, is drawn as its first and last
        reasons with a box between them saying how many were left out
        (``None``: draw every reason).
    max_reasons : int or None
        Refuse trees with more distinct reasons (``None``: no limit).
    max_boxes : int or None
        Above this many distinct reasons the picture is summarized: the
        reasons one box rests on that ``alike`` maps alike are drawn as one
        box with a double border, level by level from the questions
        (``None``: never).
    alike : callable, optional
        ``reason -> key``; by default reasons are alike when they differ
        only in their knowledge and key (the same claim made on several
        knowledge states).
    merged_claim : callable, optional
        ``[reasons] -> claim`` of a box standing for alike reasons
        (default: the first one's claim).
    chain_note : callable, optional
        ``[reasons] -> text`` of the box standing for the middle of a long
        chain (default: how many reasons it leaves out).
    legend_most : int
        The most colours the legend lists; further ones are counted.
    label_style : str
        ``"full"`` claims, or ``"compact"``: each claim cut to its first
        clause, in a smaller font, for print.
    crossing_note : str or None
        What an arrow between groups means, drawn heavy and said in the
        legend; ``None`` draws it as any other arrow (when the groups are
        verdicts, say, not knowledge).
    max_width : int or None
        The most boxes drawn side by side (``None``: no bound; see
        :data:`MAX_WIDTH`): a wider picture is summarized as one of more
        than ``max_boxes`` reasons is, and a level still too wide keeps its
        first boxes and counts the others in one dashed box.

    Returns
    -------
    Picture

    Examples
    --------
    >>> shared = Reason("p2 keeps his promise", knowledge="knows p2's promise")
    >>> why = Reason("p5 votes no", values=[("offered", 1), ("expects", 1)],
    ...              knowledge="knows p2's promise",
    ...              because=[Reason("p5 expects 1", because=[shared]), shared])
    >>> dot = reason_picture(why).source
    >>> dot.count("->"), "offered 1 · expects 1" in dot
    (3, True)
    """
    try:
        roots = [reasons] if isinstance(reasons, Reason) else list(reasons)
    except TypeError:
        roots = []  # neither a reason nor reasons: refused just below
    if not roots or not all(isinstance(r, Reason) for r in roots):
        raise PictureError("reason_picture draws one or more Reason trees")
    # A reason cut by a depth limit and the same reason drawn in full are one box.
    ids: dict = {}
    shown: dict = {}
    edges: dict = {}
    expanded: set[int] = set()
    stack = list(reversed(roots))
    while stack:
        reason = stack.pop()
        # shared subtrees are expanded once, however many claims rest on them
        if id(reason) in expanded:
            continue
        expanded.add(id(reason))
        stack.extend(reversed(reason.because))
        ident = _identity(reason)
        if ident not in ids:
            ids[ident] = f"r{len(ids)}"
            shown[ident] = reason
            if max_reasons is not None and len(ids) > max_reasons:
                raise PictureError(f"the explanation has more than {max_reasons:,} distinct reasons, too many "
                                   f"to summarize; draw it with a smaller depth")
        elif reason.because and not shown[ident].because:
            shown[ident] = reason
        for child in reason.because:
            edges.setdefault((ident, _identity(child)), None)
    order = list(ids)

    groups = {i: None if group is None else group(shown[i]) for i in order}
    is_root = {_identity(r) for r in roots}
    is_marked = {i for i in order if marked is not None and marked(shown[i])}
    if chain is not None and (not is_whole(chain) or chain < 2):
        raise PictureError(f"chain must be a whole number of at least 2, or None; got {chain!r}")
    if max_boxes is not None:
        whole_number_at_least(max_boxes, 1, "max_boxes", error=PictureError)
    if max_width is not None:
        whole_number_at_least(max_width, 2, "max_width", error=PictureError)
    whole_number_at_least(legend_most, 1, "legend_most", error=PictureError)
    compact = one_of(label_style, LABEL_STYLES, "label style", error=PictureError) == "compact"
    same = alike if alike is not None else _same_claim
    summary = summarize_reasons(order, list(edges), alike=lambda i: same(shown[i]),
                                likeness=lambda members: (_box_group(members, groups), shown[members[0]].kind),
                                keep=is_root, max_boxes=max_boxes, chain=chain, max_width=max_width)
    def members_of(idents: list) -> list[Reason]:
        return [shown[i] for i in idents]

    box_groups = {b: _box_group(members, groups) for b, members in summary.boxes.items()
                  if b not in summary.gaps}
    box_ids = {b: f"g{k}" for k, b in enumerate(summary.gaps)}
    box_ids.update((b, ids[b]) for b in summary.boxes if b not in summary.gaps)
    for gap, members in summary.gaps.items():
        box_groups[gap] = _box_group(members, groups)
    palette = (palette or Palette(())).extended(g for g in groups.values() if g is not None)

    import graphviz  # here: the command line reads this module's label styles to build its options

    g = graphviz.Digraph("why")
    g.attr(rankdir="TB", nodesep="0.25" if compact else "0.35", ranksep="0.35" if compact else "0.45",
           fontname=FONT, fontsize="12", labelloc="t", ordering="out")
    g.attr("node", shape="box", style="rounded,filled", fillcolor=NEUTRAL, fontname=FONT,
           fontsize="9" if compact else "10", margin="0.08,0.04" if compact else "0.12,0.06")
    g.attr("edge", arrowsize="0.7", color="#444444")
    heading = title or ""
    if summary.level != "reasons":
        heading = (heading + "\n" if heading else "") + (f"{len(order):,} reasons summarized: each double "
                                                         f"box stands for alike reasons"
                                                         + (", the farthest left out" if summary.cut else "")
                                                         + (", some left out to keep the picture narrow"
                                                            if summary.narrowed else ""))
    any_marked = any_merged = False
    for box, members in summary.boxes.items():
        if box == summary.cut:
            text = (f"{counted(len(members), 'reason')} farther from the question, left out: the picture holds "
                    f"{max_boxes} boxes; ask about them directly, or draw with a smaller depth")
            g.node(box_ids[box], label=f"<<I>{escape(text)}</I>>", style="rounded,dashed", fillcolor=NEUTRAL)
            continue
        if box in summary.narrowed:
            text = (f"{counted(len(members), 'more reason')}, left out: the picture draws at most {max_width} boxes side "
                    f"by side; ask about them directly")
            g.node(box_ids[box], label=f"<<I>{escape(text)}</I>>", style="rounded,dashed", fillcolor=NEUTRAL)
            continue
        if box in summary.gaps:
            text = (chain_note(members_of(members)) if chain_note is not None
                    else f"{counted(len(members), 'more reason')} like the ones above and below")
            g.node(box_ids[box], label=f"<<I>{escape(text)}</I>>", style="rounded,dashed", fillcolor=NEUTRAL)
            continue
        reason = shown[box]
        attrs: dict[str, str] = {}
        kind = box_groups[box]
        if kind is not None:
            swatch = _unbold(palette.swatch(kind))
            attrs.update(fillcolor=swatch.fill, style=swatch.style)
        claim, note = reason.claim, reason.knowledge
        if len(members) > 1:
            any_merged = True
            claim = merged_claim(members_of(members)) if merged_claim is not None else claim
            note = _merged_note(members_of(members), note)
            attrs.update(peripheries="2")
        if box in is_root:
            attrs["penwidth"] = _ROOT_PEN
        if is_marked.intersection(members):
            any_marked = True
            attrs.update(peripheries="2", color=_MARK_COLOUR, penwidth=_MARK_PEN)
        if compact:
            claim = _head(claim)
        label = node_label(wrap(claim, 30 if compact else width), reason.values, None if len(members) > 1 else note)
        if len(members) > 1 and note:
            # the knowledge states of alike reasons make a long note: wrapped, it keeps the box as narrow as its claim
            label = label[:-1] + "".join(f'<I>{escape(line)}</I><BR ALIGN="LEFT"/>'
                                         for line in wrap(note, 30 if compact else width)) + ">"
        g.node(box_ids[box], label=label,
               **attrs)
    crossing = False
    for parent, child in summary.edges:
        if crossing_note is not None and box_groups[parent] != box_groups[child]:
            crossing = True
            g.edge(box_ids[parent], box_ids[child], penwidth="2.6", color="#000000")
        else:
            g.edge(box_ids[parent], box_ids[child])

    drawn = [k for k in palette.groups if k in box_groups.values()]
    coloured = [k for k in drawn if palette.swatch(k).border != "bold"]
    rows = [(swatch_cell(palette.swatch(k)), str(k)) for k in coloured]
    white = len(drawn) - len(coloured)
    if len(rows) + (white > 0) > legend_most:
        # a long legend says little: the first fills, then a count; every box names its knowledge
        rows = rows[: legend_most - 1] + [("…", f"and {len(drawn) - legend_most + 1:,} more, each named in "
                                                f"its boxes")]
    elif white:
        rows.append((swatch_cell(Swatch(NEUTRAL)), f"white: {white:,} more, past the colours, each named in its "
                                                   f"boxes"))
    if any(len({groups[i] for i in members}) > 1 for b, members in summary.boxes.items() if b not in summary.gaps):
        # a box of alike reasons made on several kinds of knowledge takes no one colour
        rows.append((border_sample(1, double=True), "white, double border: alike reasons made on different "
                                                    "knowledge, named in the box"))
    notes = [(border_sample(3), "heavy border: the question asked")]
    if crossing:
        notes.append((HEAVY_ARROW, f"heavy arrow: {crossing_note}"))
    if any_marked:
        notes.append((border_sample(2, double=True, colour=_MARK_COLOUR), f"dark double border: {marked_note}"))
    if any_merged:
        notes.append((border_sample(1, double=True), "double border: alike reasons drawn as one box"))
    if set(summary.gaps) - {summary.cut}:
        notes.append(('<TABLE BORDER="1" STYLE="dashed,rounded" CELLBORDER="0" CELLPADDING="0"><TR>'
                      '<TD WIDTH="28" HEIGHT="14"> </TD></TR></TABLE>',
                      "dashed box: a chain of similar reasons, left out"))
    if summary.narrowed:
        notes.append(('<TABLE BORDER="1" STYLE="dashed,rounded" CELLBORDER="0" CELLPADDING="0"><TR>'
                      '<TD WIDTH="28" HEIGHT="14"> </TD></TR></TABLE>',
                      f"dashed box with a count: reasons past the {max_width} drawn side by side, left out"))
    if summary.cut is not None:
        notes.append(('<TABLE BORDER="1" STYLE="dashed,rounded" CELLBORDER="0" CELLPADDING="0"><TR>'
                      '<TD WIDTH="28" HEIGHT="14"> </TD></TR></TABLE>',
                      "dashed box with a count: the reasons farthest from the question, left out"))
    notes.append((ARROW, "arrow: the claim rests on the reason it points to"))
    # the legend goes under the title, above the questions: beside them it would widen the picture by
    # its own width, and a page shrinks a wide picture's text past reading
    bold = len(title.split("\n")) if title else 0
    cells = ["<BR/>".join(f"<B>{escape(line)}</B>" if i < bold else escape(line)
                          for i, line in enumerate(heading.split("\n")))] if heading else []
    g.attr(label=stacked_label(cells + [legend_table(legend_title, rows + notes)[1:-1]]))
    return Picture(g.source)


def _unbold(swatch: Swatch) -> Swatch:
    """``swatch`` without a bold border, which marks the questions alone."""
    return Swatch(swatch.fill) if swatch.border == "bold" else swatch


def _same_claim(reason: Reason) -> Hashable:
    """Reasons are alike, by default, when only their knowledge and key differ."""
    return (_identity(reason)[0], reason.values, reason.kind, reason.verdict)


def _box_group(members: list, groups: dict) -> Hashable | None:
    """The colour group of a box: its reasons' one group, or none when they differ."""
    found = {groups[i] for i in members}
    return found.pop() if len(found) == 1 else None


def _merged_note(reasons: list[Reason], note: str | None) -> str | None:
    """The italic note of a merged box: the knowledge its reasons are made on."""
    labels = list(dict.fromkeys(r.knowledge for r in reasons if r.knowledge is not None))
    if len(labels) <= 1:
        return labels[0] if labels else note
    if len(labels) <= 3:
        return f"{len(labels)} knowledge states: " + "; ".join(labels)
    return f"{len(labels):,} knowledge states: {labels[0]}; {labels[1]}; …"


def _head(claim: str) -> str:
    """A claim cut to its first clause, for compact labels: "p5 votes no in round 1"."""
    for mark in (": ", "; ", ", so "):
        claim = claim.split(mark)[0]
    return claim


def _identity(reason: Reason) -> tuple:
    """What a box stands for: a reason regardless of where a depth limit cut it."""
    claim = reason.claim
    if claim.endswith(" " + OMITTED):
        claim = claim[: -len(OMITTED) - 1]
    return (claim, reason.key, reason.values, reason.knowledge, reason.kind)
