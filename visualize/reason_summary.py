"""Why-graphs reduced for drawing: alike reasons merged, long chains cut.

An explanation of a large game can hold hundreds of reasons that say the
same thing about different agents or on different knowledge: a hundred
voter groups who each vote no for the same numbers, the same outcome
predicted on a hundred knowledge states.  :func:`summarize_reasons` turns
the graph of reasons into a graph of boxes, each standing for one reason or
for several alike ones, as :func:`~epistemic.visualize.dag.summarize` does
for prediction DAGs.
"""

from __future__ import annotations

from collections import deque
from collections.abc import Callable, Hashable, Sequence

__all__ = ["ReasonSummary", "summarize_reasons"]


class ReasonSummary:
    """A graph of reasons reduced for drawing.

    ``boxes`` maps a box to the reasons (their identities) it stands for,
    in drawing order; ``edges`` lists ``(box, box)`` pairs in drawing order;
    ``gaps`` maps a gap box, which stands for the middle of a long chain, to
    the reasons it leaves out; ``level`` is ``"reasons"`` (one box per
    reason), ``"alike"`` (alike siblings merged) or ``"cut"`` (alike
    siblings merged, and the boxes farthest from the questions left out);
    ``cut`` is then the box that stands for those left out (a key of
    ``gaps``), else ``None``.
    """

    __slots__ = ("boxes", "edges", "gaps", "level", "cut")

    def __init__(self, boxes: dict, edges: list, gaps: dict, level: str, cut: Hashable | None = None):
        self.boxes = boxes
        self.edges = edges
        self.gaps = gaps
        self.level = level
        self.cut = cut


def summarize_reasons(order: Sequence[Hashable], edges: Sequence[tuple[Hashable, Hashable]], *,
                      alike: Callable[[Hashable], Hashable], likeness: Callable[[list], Hashable],
                      keep: set, max_boxes: int | None, chain: int | None) -> ReasonSummary:
    """Reduce a graph of reasons to boxes.

    When there are more than ``max_boxes`` reasons, reasons are merged with
    their alike siblings: two reasons share a box when the parents' boxes
    are one and ``alike`` maps them alike, so merging goes down the graph
    level by level (reasons in ``keep``, the questions, are never merged).
    Then each chain of more than ``chain`` boxes, each resting on the next
    alone and alike by ``likeness`` (given a box's reasons), is cut to its
    ends and a gap.

    Examples
    --------
    >>> order = ["why", "a", "b", "c", "a1", "b1", "c1"]
    >>> edges = [("why", "a"), ("why", "b"), ("why", "c"), ("a", "a1"), ("b", "b1"), ("c", "c1")]
    >>> s = summarize_reasons(order, edges, alike=lambda i: len(i), likeness=len, keep={"why"},
    ...                       max_boxes=4, chain=None)
    >>> s.level, list(s.boxes.values())
    ('alike', [['why'], ['a', 'b', 'c'], ['a1', 'b1', 'c1']])
    """
    if max_boxes is not None and len(order) > max_boxes:
        boxes, box_edges = _merge_alike(order, edges, alike, keep)
        level = "alike"
    else:
        boxes = {i: [i] for i in order}
        box_edges = list(dict.fromkeys(edges))
        level = "reasons"
    gaps: dict = {}
    if chain is not None:
        boxes, box_edges, gaps = _shorten_chains(boxes, box_edges, likeness, keep, chain)
    if max_boxes is not None and len(boxes) > max_boxes:
        return _cut_deep(boxes, box_edges, gaps, max_boxes)
    return ReasonSummary(boxes, box_edges, gaps, level)


CUT = ("deeper",)


def _children(nodes, edges) -> tuple[dict, set]:
    """Each node's children in the order of ``edges``, and the nodes that have a parent."""
    children: dict = {n: [] for n in nodes}
    has_parent: set = set()
    for parent, child in edges:
        children[parent].append(child)
        has_parent.add(child)
    return children, has_parent


def _cut_deep(boxes: dict, edges: list, gaps: dict, max_boxes: int) -> ReasonSummary:
    """Keep the ``max_boxes - 1`` boxes nearest the questions; one box stands for the rest."""
    succ, has_parent = _children(boxes, edges)
    kept: dict = {}
    queue = deque(b for b in boxes if b not in has_parent)
    while queue and len(kept) < max(max_boxes - 1, 1):
        b = queue.popleft()
        if b in kept:
            continue
        kept[b] = None
        queue.extend(c for c in succ[b] if c not in kept)
    left_out = [i for b, members in boxes.items() if b not in kept for i in members]
    new_boxes = {b: members for b, members in boxes.items() if b in kept}
    new_boxes[CUT] = left_out
    new_edges = list(dict.fromkeys((p, c if c in kept else CUT) for p, c in edges if p in kept))
    new_gaps = {b: members for b, members in gaps.items() if b in kept}
    new_gaps[CUT] = left_out
    return ReasonSummary(new_boxes, new_edges, new_gaps, "cut", CUT)


def _merge_alike(order, edges, alike, keep) -> tuple[dict, list]:
    """Boxes of alike siblings, found level by level from the roots."""
    children, has_parent = _children(order, edges)
    box_of: dict = {}
    members: dict = {}
    classes: dict = {}
    queue: deque = deque()
    for i in order:
        if i not in has_parent:
            box_of[i] = i
            members[i] = [i]
            queue.append(i)
    # a box's members all come from its parent box, which is done before the box is
    while queue:
        box = queue.popleft()
        for member in members[box]:
            for child in children[member]:
                if child in box_of:
                    continue
                target = child if child in keep else classes.setdefault((box, alike(child)), child)
                box_of[child] = target
                members.setdefault(target, []).append(child)
                if target == child:
                    queue.append(child)
    boxes = {i: members[i] for i in order if box_of.get(i) == i}
    box_edges = list(dict.fromkeys((box_of[p], box_of[c]) for p, c in edges if box_of[p] != box_of[c]))
    return boxes, box_edges


def _shorten_chains(boxes: dict, edges: list, likeness: Callable[[list], Hashable], keep: set, longest: int):
    """Cut chains of more than ``longest`` alike boxes to their ends and a gap.

    A box is inside a chain when one box rests on it, it rests on one box,
    both are alike it and it holds no reason of ``keep``.  Returns the new
    boxes, edges, and ``{gap: [the reasons it leaves out]}``.
    """
    succ: dict = {b: [] for b in boxes}
    pred: dict = {b: [] for b in boxes}
    for parent, child in edges:
        succ[parent].append(child)
        pred[child].append(parent)
    like = {b: likeness(members) for b, members in boxes.items()}

    def inner(b) -> bool:
        return (not keep.intersection(boxes[b]) and len(pred[b]) == 1 and len(succ[b]) == 1
                and like[pred[b][0]] == like[b] == like[succ[b][0]])

    hidden: set = set()
    gaps: dict = {}
    placed: dict = {}
    seen: set = set()
    for b in boxes:
        if b in seen or not inner(b) or inner(pred[b][0]):
            continue
        run = [b]
        while inner(succ[run[-1]][0]) and succ[run[-1]][0] not in seen:
            run.append(succ[run[-1]][0])
        seen.update(run)
        # the chain's own ends are its first and last members; a parent and child outside stay drawn
        if len(run) > longest:
            middle = run[1:-1]
            gap = ("gap", run[0])
            gaps[gap] = [i for m in middle for i in boxes[m]]
            hidden.update(middle)
            placed[run[0]] = gap
    new_edges: dict = {}
    for parent, child in edges:
        if parent in hidden or child in hidden:
            continue
        if parent in placed and child == succ[parent][0]:
            continue
        new_edges[parent, child] = None
    new_boxes: dict = {}
    for b, members in boxes.items():
        if b in hidden:
            continue
        new_boxes[b] = members
        if b in placed:
            gap = placed[b]
            new_boxes[gap] = gaps[gap]
            last = succ[b][0]
            while last in hidden:
                last = succ[last][0]
            new_edges[b, gap] = None
            new_edges[gap, last] = None
    return new_boxes, list(new_edges), gaps
