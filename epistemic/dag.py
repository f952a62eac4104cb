"""The shared, memoized DAG of predictions and predictions of predictions.

A game describes one prediction as a generator: it yields batches of
:class:`Request` (the predictions it needs, each under a label) and receives
a dict from label to the value of each; it finally returns its own value.
A batch may also be a dict from label to key: each key asked for once, with
no :class:`Request` to build (the fast form for games with many moves).
:class:`PredictionDAG` drives those generators with an explicit stack, so
the depth of the reasoning is bounded by memory, not by Python's recursion
limit, and stores each value once under its key, typically
``(round, knowledge)``.  With ``memo=False`` nothing is shared: every request
builds a fresh tree, as a program without a memo would.
"""

from __future__ import annotations

from collections.abc import Callable, Generator, Hashable, Iterable, Mapping, MutableMapping
from typing import TYPE_CHECKING, Any, Generic, TypeVar

import attrs

from .errors import EpistemicError
from .validators import is_whole

if TYPE_CHECKING:
    import networkx as nx

__all__ = ["Request", "PredictionDAG", "CycleError"]


class CycleError(EpistemicError):
    """A prediction (indirectly) asked for itself."""


#: The key of a prediction, such as ``(round, knowledge)``.
K = TypeVar("K", bound=Hashable)


@attrs.frozen
class Request(Generic[K]):
    """A prediction needed by another one.

    ``label`` names the edge (unique within the asking prediction), ``key``
    the prediction asked for.  ``copies`` is how many separate askers want
    it: a memoized DAG answers them all with one node, the naive tree builds
    one prediction of the prediction for each.
    """

    label: Hashable
    key: K
    copies: int = attrs.field(default=1)

    @copies.validator
    def _at_least_one(self, attribute, value):
        if not is_whole(value) or value < 1:
            raise EpistemicError(f"a request is made by at least one asker, got copies={value!r}")


#: The value of a prediction.
V = TypeVar("V")

#: A prediction: it yields batches of requests (or dicts from label to key), is
#: sent their values by label, and returns its own value.
Predict = Callable[[K], Generator["list[Request[K]] | Mapping[Any, K]", dict[Hashable, V], V]]


class PredictionDAG(Generic[K, V]):
    """Predictions keyed by ``(round, knowledge)``, each computed once.

    Parameters
    ----------
    predict : callable
        ``predict(key)`` returns a generator as described in the module
        docstring.
    memo : bool
        Share equal predictions (the default).  ``False`` builds the naive
        tree, in which every asker gets its own prediction of a prediction.
    progress : callable, optional
        Called as ``progress(nodes)`` every few thousand new predictions.
    keep_tree : bool
        With ``memo=False``, also keep the naive tree for :meth:`to_networkx`
        (it is large; by default only its size is counted).
    edges : callable, optional
        Where the edges out of a node can be made again from its key (a
        game's moves), ``edges(key)`` gives them as a dict from label to key,
        and the DAG keeps no copy of its own: its memory is the values alone.
    values : mutable mapping, optional
        Where the values are kept, from key to value (a new dict by
        default).  A game may keep them in a form of its own, say many
        alike predictions as a few numbers each, and add values to it
        that it worked out itself; the DAG asks it only what a dict is
        asked (``in``, ``[]``, ``len``, iteration).

    Examples
    --------
    Fibonacci numbers as predictions, each asking for its two predecessors:

    >>> def fib(n):
    ...     if n < 2:
    ...         return n
    ...     got = yield [Request("a", n - 1), Request("b", n - 2)]
    ...     return got["a"] + got["b"]
    >>> dag = PredictionDAG(fib)
    >>> dag[90], len(dag)
    (2880067194370816120, 91)
    >>> tree = PredictionDAG(fib, memo=False)
    >>> tree[10], len(tree)  # 177 predictions and 176 predictions of predictions
    (55, 353)

    Notes
    -----
    Memoized solving visits each node and edge once.  The naive tree grows
    with the number of root-to-node paths, usually exponentially.
    """

    def __init__(self, predict: Predict[K, V], *, memo: bool = True,
                 progress: Callable[[int], None] | None = None, keep_tree: bool = False,
                 edges: Callable[[K], Mapping[Any, K]] | None = None,
                 values: MutableMapping[K, V] | None = None):
        self._predict = predict
        self.memo = memo
        self._progress = progress
        self._values: MutableMapping[K, V] = {} if values is None else values
        self._edges: dict[K, Mapping[Hashable, K]] = {}
        self._remake = edges
        self._tree = _multigraph() if not memo and keep_tree else None
        self._created = 0

    # public ---------------------------------------------------------------
    def __getitem__(self, key: K) -> V:
        if self.memo:
            if key not in self._values:
                self._solve_memo(key)
            return self._values[key]
        return self._solve_naive(key)

    def __contains__(self, key: object) -> bool:
        return key in self._values

    def __len__(self) -> int:
        """Predictions made so far: distinct nodes when memoized; with
        ``memo=False``, every prediction and prediction of a prediction built."""
        return len(self._values) if self.memo else self._created

    def keys(self) -> Iterable[K]:
        return self._values.keys()

    def children(self, key: K) -> list[tuple[Hashable, K]]:
        """The ``(label, key)`` edges out of a solved node, in request order."""
        self._require_memo()
        return list(self._out(key).items())

    def reachable(self, roots: Iterable[K]) -> set[K]:
        """Keys of the solved nodes reachable from ``roots`` (roots included)."""
        self._require_memo()
        seen: set[K] = set()
        stack = [self._ensure(k) for k in roots]
        while stack:
            k = stack.pop()
            if k in seen:
                continue
            seen.add(k)
            stack.extend(self._out(k).values())
        return seen

    def to_networkx(self, roots: Iterable[K] | None = None) -> nx.MultiDiGraph:
        """The DAG (or the naive tree) as a networkx multigraph.

        Memoized: nodes are keys with attribute ``value``; edges carry
        ``label``.  Naive: nodes are integers with ``key``, ``value`` and
        ``kind`` (``"prediction"`` or ``"view"``, a prediction of a
        prediction).  ``roots`` limits a memoized graph to what they reach.
        """
        if not self.memo:
            if self._tree is None:
                raise EpistemicError("build the naive DAG with keep_tree=True to export it")
            return self._tree.copy()
        keep = self.reachable(roots) if roots is not None else set(self._values)
        g = _multigraph()
        for k in keep:
            g.add_node(k, value=self._values[k])
        for k in keep:
            for label, child in self._out(k).items():
                g.add_edge(k, child, label=label)
        return g

    # memoized solving ------------------------------------------------------
    def _out(self, key: K) -> Mapping[Hashable, K]:
        """The edges out of a solved node (none out of one not solved)."""
        if self._remake is None:
            return self._edges.get(key, {})
        return self._remake(key) if key in self._values else {}

    def _ensure(self, key: K) -> K:
        if key not in self._values:
            self._solve_memo(key)
        return key

    def _require_memo(self):
        if not self.memo:
            raise EpistemicError("the naive tree has no shared nodes; use to_networkx()")

    def _solve_memo(self, root: K) -> None:
        values, edges, predict = self._values, self._edges, self._predict
        keep = self._remake is None
        stack = [_Frame(root, predict(root))]
        active = {root}
        while stack:
            frame = stack[-1]
            reply = None
            batch = frame.pending
            if batch is not None:
                # values are never taken back, so the keys before ``frame.at`` stay solved:
                # each key of a batch is looked at once, however often the frame resumes
                wanted, at = frame.todo, frame.at
                while at < len(wanted) and wanted[at] in values:
                    at += 1
                frame.at = at
                if at < len(wanted):
                    missing = wanted[at]
                    if missing in active:
                        raise CycleError(f"prediction {missing!r} depends on itself")
                    active.add(missing)
                    stack.append(_Frame(missing, predict(missing)))
                    continue
                reply = {label: values[key] for label, key in batch.items()}
                frame.results = {**frame.results, **batch} if frame.results else batch
            try:
                frame.pending = batch = _labelled(frame.gen.send(reply))
            except StopIteration as done:
                # edges are kept only for finished nodes: one that raised may be asked again
                if keep:
                    edges[frame.key] = frame.results
                values[frame.key] = done.value
                active.discard(frame.key)
                stack.pop()
                if self._progress and len(values) % 2000 == 0:
                    self._progress(len(values))
                continue
            frame.todo, frame.at = list(batch.values()), 0

    # naive solving ----------------------------------------------------------
    def _solve_naive(self, root: K) -> Any:
        tree = self._tree
        root_id = self._new_node(root, "prediction")
        stack = [_Frame(root, self._predict(root), node=root_id)]
        active = {root: 1}  # keys on the stack: a key below itself is a cycle
        result = None
        while stack:
            frame = stack[-1]
            reply = None
            if frame.pending is not None:
                if frame.todo:
                    req = frame.todo.pop()
                    if active.get(req.key):
                        raise CycleError(f"prediction {req.key!r} depends on itself")
                    active[req.key] = active.get(req.key, 0) + 1
                    view = self._new_node(req.key, "view")
                    child = self._new_node(req.key, "prediction")
                    if tree is not None:
                        tree.add_edge(frame.node, view, label=req.label)
                        tree.add_edge(view, child, label="prediction")
                    stack.append(_Frame(req.key, self._predict(req.key), node=child,
                                        parent_label=req.label))
                    continue
                reply = frame.results
            try:
                frame.pending = _requests(frame.gen.send(reply))
            except StopIteration as done:
                if tree is not None:
                    tree.nodes[frame.node]["value"] = done.value
                active[frame.key] -= 1
                stack.pop()
                if stack:
                    stack[-1].results[frame.parent_label] = done.value
                else:
                    result = done.value
                continue
            frame.todo = [r for r in reversed(frame.pending) for _ in range(r.copies)]
            frame.results = {}
        return result

    def _new_node(self, key, kind) -> int:
        self._created += 1
        if self._tree is not None:
            self._tree.add_node(self._created, key=key, kind=kind)
        if self._progress and self._created % 20000 == 0:
            self._progress(self._created)
        return self._created


class _Frame:
    __slots__ = ("key", "gen", "pending", "node", "todo", "at", "results", "parent_label")

    def __init__(self, key, gen, node=None, parent_label=None):
        self.key = key
        self.gen = gen
        self.pending = None
        self.node = node
        self.todo = []
        self.at = 0
        self.results = {}
        self.parent_label = parent_label


def _requests(batch) -> list[Request]:
    """A batch as a list of requests with distinct labels."""
    if isinstance(batch, Mapping):
        return [Request(label, key) for label, key in batch.items()]
    batch = list(batch)
    labels = set()
    for r in batch:
        if not isinstance(r, Request):
            raise TypeError(f"a prediction must yield Requests, got {r!r}")
        if r.label in labels:
            raise ValueError(f"duplicate request label {r.label!r}")
        labels.add(r.label)
    return batch


def _labelled(batch) -> Mapping[Hashable, Any]:
    """A batch as a dict from label to key; a dict is taken as it is."""
    if isinstance(batch, dict):
        return batch
    return {r.label: r.key for r in _requests(batch)}


def _multigraph() -> nx.MultiDiGraph:
    """An empty networkx multigraph; networkx is imported here, where a picture or an export
    of the DAG needs it, not by every solve."""
    import networkx as nx

    return nx.MultiDiGraph()
