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
    ``gaps``), else ``None``; ``narrowed`` lists the boxes (keys of
    ``gaps`` too) that stand for the boxes left out of a level too wide,
    and for the reasons only they lead to.
    """

    __slots__ = ("boxes", "edges", "gaps", "level", "cut", "narrowed")

    def __init__(self, boxes: dict, edges: list, gaps: dict, level: str, cut: Hashable | None = None,
                 narrowed: tuple = ()):
        self.boxes = boxes
        self.edges = edges
        self.gaps = gaps
        self.level = level
        self.cut = cut
        self.narrowed = narrowed


def summarize_reasons(order: Sequence[Hashable], edges: Sequence[tuple[Hashable, Hashable]], *,
                      alike: Callable[[Hashable], Hashable], likeness: Callable[[list], Hashable],
                      keep: set, max_boxes: int | None, chain: int | None,
                      max_width: int | None = None) -> ReasonSummary:
    """Reduce a graph of reasons to boxes.

    When there are more than ``max_boxes`` reasons, or more than
    ``max_width`` side by side (on one level, a level being the longest
    path from a question), reasons are merged with their alike siblings:
    two reasons share a box when the parents' boxes are one and ``alike``
    maps them alike, so merging goes down the graph level by level
    (reasons in ``keep``, the questions, are never merged).  Then each
    chain of more than ``chain`` boxes, each resting on the next alone and
    alike by ``likeness`` (given a box's reasons), is cut to its ends and a
    gap.  A level still wider than ``max_width`` keeps its first
    ``max_width - 1`` boxes; one box stands for the others and for the
    reasons only they lead to (level ``"cut"``).

    Examples
    --------
    >>> order = ["why", "a", "b", "c", "a1", "b1", "c1"]
    >>> edges = [("why", "a"), ("why", "b"), ("why", "c"), ("a", "a1"), ("b", "b1"), ("c", "c1")]
    >>> s = summarize_reasons(order, edges, alike=lambda i: len(i), likeness=len, keep={"why"},
    ...                       max_boxes=4, chain=None)
    >>> s.level, list(s.boxes.values())
    ('alike', [['why'], ['a', 'b', 'c'], ['a1', 'b1', 'c1']])
    """
    too_wide = max_width is not None and _widest(order, edges) > max_width
    if (max_boxes is not None and len(order) > max_boxes) or too_wide:
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
        summary = _cut_deep(boxes, box_edges, gaps, max_boxes)
    else:
        summary = ReasonSummary(boxes, box_edges, gaps, level)
    if max_width is not None and _widest(summary.boxes, summary.edges) > max_width:
        summary = _cut_wide(summary, max_width)
    return summary


def _levels(nodes, edges) -> dict:
    """Each node's level: the longest path to it from a node without a parent,
    as Graphviz ranks a graph drawn top to bottom (found without recursion)."""
    children, _ = _children(nodes, edges)
    waiting = {n: 0 for n in nodes}
    for _, child in edges:
        waiting[child] += 1
    level = {n: 0 for n in nodes}
    ready = deque(n for n in nodes if not waiting[n])
    while ready:
        node = ready.popleft()
        for child in children[node]:
            level[child] = max(level[child], level[node] + 1)
            waiting[child] -= 1
            if not waiting[child]:
                ready.append(child)
    return level


def _widest(nodes, edges) -> int:
    """The most nodes on one level."""
    counts: dict[int, int] = {}
    for level in _levels(nodes, edges).values():
        counts[level] = counts.get(level, 0) + 1
    return max(counts.values(), default=0)


def _cut_wide(summary: ReasonSummary, max_width: int) -> ReasonSummary:
    """Keep the first ``max_width - 1`` boxes of each level wider than
    ``max_width``; the others, and the boxes only they lead to, become one
    box per level (the first such box is the summary's ``cut``)."""
    boxes, edges, gaps, cut = dict(summary.boxes), list(summary.edges), dict(summary.gaps), summary.cut
    folds: list = []
    # each pass leaves out at least two boxes and adds one, so there are fewer passes than boxes
    for _ in range(len(boxes)):
        level = _levels(boxes, edges)
        by_level: dict[int, list] = {}
        for b in boxes:  # in drawing order
            by_level.setdefault(level[b], []).append(b)
        wide = next((lv for lv in sorted(by_level) if len(by_level[lv]) > max_width), None)
        if wide is None:
            narrowed = tuple(f for f in dict.fromkeys(folds) if f in boxes)
            return ReasonSummary(boxes, edges, gaps, "cut", cut if cut in boxes else None, narrowed)
        dropped = set(by_level[wide][max_width - 1:])
        # what the kept boxes still reach stays drawn; the rest is left out with the dropped boxes
        children, has_parent = _children(boxes, edges)
        reached: set = set()
        stack = [b for b in boxes if b not in has_parent and b not in dropped]
        while stack:
            b = stack.pop()
            if b not in reached:
                reached.add(b)
                stack.extend(c for c in children[b] if c not in dropped)
        fold = ("wider", wide)
        folds.append(fold)
        left_out = [i for b, members in boxes.items() if b not in reached for i in members]
        kept = {b: members for b, members in boxes.items() if b in reached}
        edges = list(dict.fromkeys((p, c if c in reached else fold) for p, c in edges
                                   if p in reached and (c in reached or c in dropped)))
        boxes = {**kept, fold: left_out}
        gaps = {**{b: m for b, m in gaps.items() if b in reached}, fold: left_out}
    raise AssertionError("a level too wide kept as many boxes as it had")  # pragma: no cover


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
