"""Prediction DAGs drawn with nodes grouped by knowledge, and summarized when large."""

from __future__ import annotations

from collections.abc import Callable, Hashable, Sequence
from typing import Any, Protocol

import graphviz
import networkx as nx

from epistemic.validators import instance_of, whole_number_at_least

from .errors import PictureError
from .picture import Picture
from .style import ARROW, FONT, NEUTRAL, Palette, border_sample, escape, legend_table, node_label, plain_label, swatch_cell

__all__ = ["dag_picture", "summarize", "Summary", "MAX_NODES"]

#: Above this many nodes a DAG is summarized rather than drawn node by node.
MAX_NODES = 60
#: The most frames of groups drawn side by side, each with its colour in the legend.
MAX_GROUPS = 12

NodeText = tuple[Sequence[str], Sequence[tuple[str, int]]]


class SortKey(Protocol):
    """What an ``order`` function returns: anything ``<`` compares, as ``sort`` needs."""

    def __lt__(self, other: Any, /) -> bool: ...


class Summary:
    """A DAG reduced for drawing: each box stands for one or more nodes.

    ``boxes`` maps a box to the original nodes it stands for, in order;
    ``edges`` maps ``(box, box)`` to the edge labels it stands for; ``level``
    says how far the reduction went: ``"nodes"`` (nothing merged),
    ``"runs"`` (chains of nodes of one group merged), ``"groups"`` (one
    box per group) or ``"coarse"`` (one box per class of groups).
    """

    __slots__ = ("boxes", "edges", "level", "groups")

    def __init__(self, boxes: dict, edges: dict, level: str, groups: dict):
        self.boxes = boxes
        self.edges = edges
        self.level = level
        self.groups = groups


def summarize(graph: nx.DiGraph, group: Callable[[Hashable], Hashable], *,
              edge_label: Callable[[Hashable, Hashable, dict], str | None] | None = None,
              order: Callable[[Hashable], SortKey] | None = None, max_nodes: int = MAX_NODES,
              coarse: Callable[[Hashable], Hashable] | None = None, max_groups: int | None = None) -> Summary:
    """Reduce ``graph`` to at most ``max_nodes`` boxes, as little as needed.

    First every node is its own box.  If there are too many, each maximal
    chain of nodes of one group (one way in, one way out, neighbours of the
    same group) becomes one box: a thousand pirates who each predict the
    next round alike make one box.  If there are still too many, each
    group becomes one box; and if there are more groups than boxes, each
    class of groups that ``coarse`` maps alike (level ``"coarse"``).  With
    more than ``max_groups`` groups the classes are drawn at once: a row of
    thirty frames, one per group, is too wide to read.

    Examples
    --------
    >>> chain = nx.path_graph(100, create_using=nx.DiGraph)
    >>> s = summarize(chain, group=lambda n: "all", max_nodes=10)
    >>> s.level, [len(nodes) for nodes in s.boxes.values()]
    ('runs', [1, 98, 1])
    """
    whole_number_at_least(max_nodes, 1, "max_nodes", error=PictureError)
    _check_dag(graph)
    nodes = list(graph.nodes)
    if order is not None:
        nodes.sort(key=order)
    group_of = {v: group(v) for v in nodes}
    # edges and their texts in a fixed order, so that one graph always gives one drawing
    index = {v: i for i, v in enumerate(nodes)}
    found: dict[tuple, list[str]] = {}
    for u, v, data in graph.edges(data=True):
        text = edge_label(u, v, data) if edge_label is not None else None
        merged = found.setdefault((u, v), [])
        if text and text not in merged:
            merged.append(text)
    labels = {pair: found[pair] for pair in sorted(found, key=lambda p: (index[p[0]], index[p[1]]))}
    if coarse is not None and max_groups is not None and len(set(group_of.values())) > max_groups:
        return _by_group(nodes, labels, group_of, max_nodes, coarse, classes_first=True)
    if len(nodes) <= max_nodes:
        boxes = {v: [v] for v in nodes}
        return Summary(boxes, labels, "nodes", {v: group_of[v] for v in nodes})
    if len(set(group_of.values())) > max_nodes:
        # chains never span groups, so they cannot help: go straight to the groups
        return _by_group(nodes, labels, group_of, max_nodes, coarse)

    succ: dict = {v: set() for v in nodes}
    pred: dict = {v: set() for v in nodes}
    for (u, v) in labels:
        succ[u].add(v)
        pred[v].add(u)

    def inner(v) -> bool:
        if len(pred[v]) != 1 or len(succ[v]) != 1:
            return False
        (u,), (w,) = pred[v], succ[v]
        return group_of[u] == group_of[v] == group_of[w]

    box_of: dict = {}
    boxes = {}
    for v in nodes:
        if v in box_of:
            continue
        if not inner(v):
            box_of[v] = v
            boxes[v] = [v]
            continue
        # walk back to the start of this chain, then forward to its end
        start = v
        while True:
            (u,) = pred[start]
            if u in box_of or not inner(u):
                break
            start = u
        run, x = [], start
        while True:
            run.append(x)
            box_of[x] = start
            (w,) = succ[x]
            if w in box_of or not inner(w):
                break
            x = w
        boxes[start] = run
    edges: dict = {}
    for (u, v), texts in labels.items():
        a, b = box_of[u], box_of[v]
        if a != b:
            merged = edges.setdefault((a, b), [])
            merged.extend(t for t in texts if t not in merged)
    if len(boxes) <= max_nodes:
        return Summary(boxes, edges, "runs", {b: group_of[b] for b in boxes})
    return _by_group(nodes, labels, group_of, max_nodes, coarse)


def _by_group(nodes, labels, group_of, max_nodes, coarse, classes_first: bool = False) -> Summary:
    level = "groups"
    if classes_first or len(set(group_of.values())) > max_nodes:
        if coarse is None:
            raise PictureError(f"the graph has {len(set(group_of.values())):,} groups, more than the "
                               f"{max_nodes} boxes a picture holds")
        classes = {g: coarse(g) for g in set(group_of.values())}
        group_of = {v: classes[g] for v, g in group_of.items()}
        level = "coarse"
        if len(set(classes.values())) > max_nodes:
            raise PictureError(f"the graph has {len(classes):,} groups in {len(set(classes.values())):,} "
                               f"classes, more than the {max_nodes} boxes a picture holds")
    per_group: dict = {}
    for v in nodes:
        per_group.setdefault(group_of[v], []).append(v)
    edges: dict = {}
    for (u, v) in labels:
        a, b = group_of[u], group_of[v]
        if a != b:
            edges.setdefault((a, b), [])
    return Summary(per_group, edges, level, {k: k for k in per_group})


def _check_dag(graph) -> None:
    instance_of(graph, nx.DiGraph, "expected a networkx DiGraph", type_name=True, error=PictureError)
    if not nx.is_directed_acyclic_graph(graph):
        raise PictureError("expected an acyclic graph; this one has a cycle")


def dag_picture(graph: nx.DiGraph, *, label: Callable[[Hashable], NodeText],
                group: Callable[[Hashable], Hashable], run_label: Callable[[list], NodeText] | None = None,
                edge_label: Callable[[Hashable, Hashable, dict], str | None] | None = None,
                order: Callable[[Hashable], SortKey] | None = None, palette: Palette | None = None,
                coarse: Callable[[Hashable], Hashable] | None = None,
                max_nodes: int = MAX_NODES, title: str | None = None, legend_title: str = "Knowledge",
                what: str = "nodes", arrow_note: str = "the node rests on the one it points to",
                max_groups: int | None = MAX_GROUPS, class_order: Callable[[Hashable], SortKey] | None = None,
                class_lines: Callable[[list], Sequence[str]] | None = None) -> Picture:
    """Draw a DAG with its nodes boxed by group, one colour per group.

    Nodes of one group are drawn inside one frame labelled with the group
    and filled with the group's colour from ``palette``.  A graph of more
    than ``max_nodes`` nodes is summarized (see :func:`summarize`) and the
    picture says so in its title.

    Parameters
    ----------
    graph : networkx.DiGraph or MultiDiGraph
    label : callable
        ``node -> (lines, values)``: the text of a node's box and the
        numbers shown in bold.
    group : callable
        ``node -> group``; a group is shown by its ``str``.
    run_label : callable, optional
        ``[nodes] -> (lines, values)`` for a box standing for several
        nodes, given in ``order`` (default: how many).
    edge_label : callable, optional
        ``(u, v, edge data) -> text or None``; parallel edges' texts are joined.
    order : callable, optional
        Sort key of nodes, for a stable drawing (default: the graph's order).
    coarse : callable, optional
        ``group -> class``, for graphs with more groups than ``max_nodes``,
        or than ``max_groups``: each class becomes one box.
    palette : Palette, optional
        Colours of the groups; groups it lacks are appended in order.
    max_nodes : int
        The most boxes drawn.
    title : str, optional
        Printed above the picture.
    legend_title : str
        Heading of the legend of colours.
    what : str
        What the nodes are, in the plural, for the summary's note.
    arrow_note : str
        What an arrow means, for the legend.
    max_groups : int or None
        With ``coarse`` given, the most groups drawn each in its own frame.
    class_order : callable, optional
        ``class -> sort key``: the order in which classes take the fills
        (default: that of their first group in ``palette``).
    class_lines : callable, optional
        ``[groups] -> lines`` added to a box drawn by class, saying which
        of the class's groups its nodes are on (given once each, in the
        order of the nodes), since its frame names the class alone.

    Returns
    -------
    Picture

    Examples
    --------
    >>> g = nx.DiGraph([(1, 2), (2, 3)])
    >>> picture = dag_picture(g, label=lambda n: ([f"node {n}"], []), group=lambda n: n % 2)
    >>> picture.source.count("subgraph cluster")
    2
    """
    summary = summarize(graph, group, edge_label=edge_label, order=order, max_nodes=max_nodes, coarse=coarse,
                        max_groups=max_groups)
    palette = palette or Palette(())
    if summary.level == "coarse" and coarse is not None:  # summarize is coarse only with coarse given
        # classes get their own colours, in the order of the first group of each in the palette
        rank = {g: i for i, g in enumerate(palette.groups)}
        first: dict = {}
        for v in graph.nodes:
            c, i = coarse(group(v)), rank.get(group(v), len(rank))
            first[c] = min(first.get(c, i), i)
        palette = Palette(sorted(first, key=class_order if class_order is not None else first.__getitem__))
    palette = palette.extended(summary.groups.values())

    g = graphviz.Digraph("dag")
    g.attr(rankdir="TB", nodesep="0.3", ranksep="0.5", fontname=FONT, fontsize="12", labelloc="t",
           newrank="true")
    g.attr("node", shape="box", style="rounded,filled", fillcolor=NEUTRAL, fontname=FONT, fontsize="10",
           margin="0.1,0.05")
    g.attr("edge", arrowsize="0.7", color="#444444", fontname=FONT, fontsize="9")
    heading = title or ""
    if summary.level != "nodes":
        n = graph.number_of_nodes()
        how = {"runs": "each box stands for a chain of them on the same knowledge",
               "groups": "each box stands for all of them on one knowledge",
               "coarse": "each box stands for all of them in one class of knowledge"}[summary.level]
        heading = (heading + "\n" if heading else "") + f"{n:,} {what} summarized: {how}"
    if heading:
        markup = "<BR/>".join(f"<B>{escape(t)}</B>" if i == 0 and title else escape(t)
                              for i, t in enumerate(heading.split("\n")))
        g.attr(label=f"<{markup}>")

    ids = {box: f"n{i}" for i, box in enumerate(summary.boxes)}
    by_group: dict = {}
    for box in summary.boxes:
        by_group.setdefault(summary.groups[box], []).append(box)
    for i, (kind, boxes) in enumerate(by_group.items()):
        swatch = palette.swatch(kind)
        with g.subgraph(name=f"cluster_{i}") as frame:
            frame.attr(label=f"<<I>{escape(str(kind))}</I>>", style="rounded,dashed", color="#777777",
                       fontsize="10", labeljust="l")
            for box in boxes:
                nodes = summary.boxes[box]
                if len(nodes) > 1:
                    lines, values = (run_label(nodes) if run_label is not None
                                     else ([f"{len(nodes):,} {what}"], []))
                else:
                    lines, values = label(nodes[0])
                if summary.level == "coarse" and class_lines is not None:
                    lines = [*lines, *class_lines(list(dict.fromkeys(group(v) for v in nodes)))]
                frame.node(ids[box], label=node_label(lines, values), fillcolor=swatch.fill, style=swatch.style,
                           **({"peripheries": "2"} if len(nodes) > 1 else {}))
    for (a, b), texts in summary.edges.items():
        extra = {"label": plain_label("; ".join(texts))} if texts else {}
        g.edge(ids[a], ids[b], **extra)

    rows = [(swatch_cell(palette.swatch(k)), str(k)) for k in palette.groups if k in by_group]
    if summary.level != "nodes":
        many = {"runs": f"a chain of {what}", "groups": f"all {what} on one knowledge",
                "coarse": f"all {what} in one class of knowledge"}[summary.level]
        rows.append((border_sample(1, double=True), f"double border: {many} drawn as one box"))
    rows.append((ARROW, f"arrow: {arrow_note}"))
    g.node("legend", label=legend_table(legend_title, rows), shape="plain", fontname=FONT, fontsize="10")
    return Picture(g.source)
