"""Why-graphs: explanation trees drawn as the claims and the reasons they rest on."""

from __future__ import annotations

from collections.abc import Callable, Hashable, Iterable

import graphviz

from epistemic import Reason
from epistemic.explanation import OMITTED
from epistemic.validators import is_whole

from .errors import PictureError
from .picture import Picture
from .style import (ARROW, FONT, HEAVY_ARROW, NEUTRAL, Palette, border_sample, escape, legend_table, node_label,
                    swatch_cell, wrap)

__all__ = ["reason_picture", "MAX_REASONS", "CHAIN"]

#: Trees with more distinct reasons than this are refused: cut them with a depth first.
MAX_REASONS = 300
#: Chains of alike reasons longer than this are drawn shortened.
CHAIN = 4

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
                   chain: int | None = CHAIN, max_reasons: int | None = MAX_REASONS) -> Picture:
    """Draw explanation trees: each claim in a box, an arrow to each reason
    it rests on.

    Equal reasons are drawn once, so reasoning that two claims share shows
    as two arrows into one box, and several trees passed together are drawn
    in one picture with their common reasons merged.  A box shows its claim,
    its numbers in bold and its knowledge label in italics; boxes are
    filled by ``group`` (by default the knowledge label) through
    ``palette``, so that one group has one colour in every picture drawn
    with that palette.  The questions (the roots) have a heavy border; an
    arrow from a claim to a reason made on other knowledge is heavy too.

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
                raise PictureError(f"the explanation has more than {max_reasons} distinct reasons, too many "
                                   f"to draw legibly; draw it with a smaller depth")
        elif reason.because and not shown[ident].because:
            shown[ident] = reason
        for child in reason.because:
            edges.setdefault((ident, _identity(child)), None)
    order = list(ids)

    groups = {i: None if group is None else group(shown[i]) for i in order}
    palette = (palette or Palette(())).extended(g for g in groups.values() if g is not None)
    is_root = {_identity(r) for r in roots}
    is_marked = {i for i in order if marked is not None and marked(shown[i])}
    gaps: dict = {}
    if chain is not None:
        if not is_whole(chain) or chain < 2:
            raise PictureError(f"chain must be a whole number of at least 2, or None; got {chain!r}")
        order, edges, gaps = _shorten_chains(order, edges, lambda i: (groups[i], shown[i].kind),
                                             is_root | is_marked, chain)
        for k, (gap, (first, _)) in enumerate(gaps.items()):
            ids[gap] = f"g{k}"
            groups[gap] = groups[first]

    g = graphviz.Digraph("why")
    g.attr(rankdir="TB", nodesep="0.35", ranksep="0.45", fontname=FONT, fontsize="12", labelloc="t",
           ordering="out")
    g.attr("node", shape="box", style="rounded,filled", fillcolor=NEUTRAL, fontname=FONT, fontsize="10",
           margin="0.12,0.06")
    g.attr("edge", arrowsize="0.7", color="#444444")
    if title:
        g.attr(label="<" + "<BR/>".join(f"<B>{escape(line)}</B>" for line in title.split("\n")) + ">")
    any_marked = False
    for ident in order:
        if ident in gaps:
            count = gaps[ident][1]
            g.node(ids[ident], label=f"<<I>{count} more reasons like the ones above and below</I>>",
                   style="rounded,dashed", fillcolor=NEUTRAL)
            continue
        reason = shown[ident]
        attrs: dict[str, str] = {}
        kind = groups[ident]
        if kind is not None:
            swatch = palette.swatch(kind)
            attrs.update(fillcolor=swatch.fill, style=swatch.style)
        if ident in is_root:
            attrs["penwidth"] = _ROOT_PEN
        if ident in is_marked:
            any_marked = True
            attrs.update(peripheries="2", color=_MARK_COLOUR, penwidth=_MARK_PEN)
        g.node(ids[ident], label=node_label(wrap(reason.claim, width), reason.values, reason.knowledge), **attrs)
    crossing = False
    for parent, child in edges:
        if groups[parent] != groups[child]:
            crossing = True
            g.edge(ids[parent], ids[child], penwidth="2.6", color="#000000")
        else:
            g.edge(ids[parent], ids[child])

    rows = [(swatch_cell(palette.swatch(k)), str(k)) for k in palette.groups if k in groups.values()]
    notes = [(border_sample(3), "heavy border: the question asked")]
    if crossing:
        notes.append((HEAVY_ARROW, "heavy arrow: the reason is made on other knowledge"))
    if any_marked:
        notes.append((border_sample(2, double=True, colour=_MARK_COLOUR), f"dark double border: {marked_note}"))
    if gaps:
        notes.append(('<TABLE BORDER="1" STYLE="dashed,rounded" CELLBORDER="0" CELLPADDING="0"><TR>'
                      '<TD WIDTH="28" HEIGHT="14"> </TD></TR></TABLE>',
                      "dashed box: a chain of similar reasons, left out"))
    notes.append((ARROW, "arrow: the claim rests on the reason it points to"))
    if rows or notes:
        g.node("legend", label=legend_table(legend_title, rows + notes), shape="plain", fontname=FONT,
               fontsize="10")
        # the legend sits beside the question, not below the whole tree
        with g.subgraph() as top:
            top.attr(rank="same")
            top.node(ids[_identity(roots[0])])
            top.node("legend")
    return Picture(g.source)


def _shorten_chains(order: list, edges: dict, likeness: Callable, keep: set, longest: int):
    """Cut chains of more than ``longest`` alike reasons to their ends and a gap.

    A reason is in a chain when one claim rests on it, it rests on one
    reason, both are alike it (same group and kind) and it is not in
    ``keep``.  Returns the new order, edges, and ``{gap: (first reason, how
    many left out)}``.
    """
    succ: dict = {i: [] for i in order}
    pred: dict = {i: [] for i in order}
    for parent, child in edges:
        succ[parent].append(child)
        pred[child].append(parent)

    def inner(i) -> bool:
        return (i not in keep and len(pred[i]) == 1 and len(succ[i]) == 1
                and likeness(pred[i][0]) == likeness(i) == likeness(succ[i][0]))

    hidden: set = set()
    gaps: dict = {}
    placed: dict = {}
    seen: set = set()
    for i in order:
        if i in seen or not inner(i) or inner(pred[i][0]):
            continue
        run = [i]
        while inner(succ[run[-1]][0]) and succ[run[-1]][0] not in seen:
            run.append(succ[run[-1]][0])
        seen.update(run)
        # the chain's own ends are its first and last members; a parent and child outside stay drawn
        if len(run) > longest:
            middle = run[1:-1]
            gap = ("gap", run[0])
            gaps[gap] = (run[0], len(middle))
            hidden.update(middle)
            placed[run[0]] = gap
    new_edges: dict = {}
    for parent, child in edges:
        if parent in hidden or child in hidden:
            continue
        if parent in placed and child == succ[parent][0]:
            continue
        new_edges[parent, child] = None
    new_order = []
    for i in order:
        if i in hidden:
            continue
        new_order.append(i)
        if i in placed:
            gap = placed[i]
            new_order.append(gap)
            last = _chain_end(i, succ, hidden)
            new_edges[i, gap] = None
            new_edges[gap, last] = None
    return new_order, new_edges, gaps


def _chain_end(first, succ: dict, hidden: set):
    i = succ[first][0]
    while i in hidden:
        i = succ[i][0]
    return i


def _identity(reason: Reason) -> tuple:
    """What a box stands for: a reason regardless of where a depth limit cut it."""
    claim = reason.claim
    if claim.endswith(" " + OMITTED):
        claim = claim[: -len(OMITTED) - 1]
    return (claim, reason.key, reason.values, reason.knowledge, reason.kind)
