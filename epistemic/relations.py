"""Accessibility relations of one agent over numbered worlds ``0`` to ``n - 1``.

A relation is kept the cheapest way that says what it is: an equivalence
relation (S5 knowledge) as a :class:`Partition`, a block number per world;
any other relation (KD45 belief, say) as :class:`Arrows`, the sorted pairs
``(from, to)``.  Both answer the questions model checking asks with numpy
over boolean truth arrays, in time linear in the worlds or the arrows:
``box(S)``, the worlds all of whose successors are in ``S``.

Relations are immutable: their arrays are read-only, and every operation
returns a new relation.
"""

from __future__ import annotations

from abc import ABC, abstractmethod
from typing import TYPE_CHECKING

if TYPE_CHECKING:
    import numpy as np

# numpy (a tenth of a second to import) is imported where used: the symbolic engine imports this module (through the
# explicit engine's) and never calls what uses it

__all__ = ["Relation", "Partition", "Arrows", "relation_from_pairs", "FEW_WORLDS"]

#: Relations and models of at most this many worlds are worked on over Python lists and sets where the
#: work is per world: an array operation costs more than the whole loop there.
FEW_WORLDS = 64


def _frozen(array: np.ndarray) -> np.ndarray:
    array.flags.writeable = False
    return array


class Relation(ABC):
    """What partitions and arrows have in common."""

    __slots__ = ("size", "_lists")
    #: The number of worlds.
    size: int
    _lists: list[list[int]] | None

    @abstractmethod
    def box(self, truth: np.ndarray) -> np.ndarray:
        """Worlds whose every successor is in ``truth``."""

    def diamond(self, truth: np.ndarray) -> np.ndarray:
        """Worlds with a successor in ``truth``."""
        return ~self.box(~truth)

    @abstractmethod
    def pairs(self) -> tuple[np.ndarray, np.ndarray]:
        """All arrows as two arrays, sources and targets, sorted."""

    @abstractmethod
    def successors(self, world: int) -> np.ndarray:
        """The worlds ``world`` links to, in increasing order."""

    def successor_lists(self) -> list[list[int]]:
        """Each world's successors, in increasing order, as Python lists, made
        once (the relation does not change; neither may they).

        Examples
        --------
        >>> Partition([0, 1, 0]).successor_lists(), Arrows([0, 0], [2, 1], 3).successor_lists()
        ([[0, 2], [1], [0, 2]], [[1, 2], [], []])
        """
        if self._lists is None:
            self._lists = self._successor_lists()
        return self._lists

    def _successor_lists(self) -> list[list[int]]:
        out: list[list[int]] = [[] for _ in range(self.size)]
        rows, cols = self.pairs()
        for r, c in zip(rows.tolist(), cols.tolist()):
            out[r].append(c)
        return out

    @abstractmethod
    def restrict(self, keep: np.ndarray) -> Relation:
        """The relation among the worlds ``keep`` (sorted indices), renumbered
        ``0 .. len(keep)-1`` in that order."""

    def is_equivalence(self) -> bool:
        return self.unmet_property() is None

    def unmet_property(self) -> str | None:
        """The first of ``"reflexive"``, ``"symmetric"`` and ``"transitive"``
        that the relation is not, or ``None`` for an equivalence.

        Examples
        --------
        >>> Arrows([0, 1], [1, 1], 2).unmet_property(), Partition([0, 0]).unmet_property()
        ('reflexive', None)
        """
        import numpy as np
        n = self.size
        if n <= FEW_WORLDS:
            return _few_unmet([set(s) for s in self.successor_lists()])
        rows, cols = self.pairs()
        code = rows * max(n, 1) + cols
        if not np.isin(np.arange(n) * (n + 1), code).all():
            return "reflexive"
        if not np.isin(cols * max(n, 1) + rows, code).all():
            return "symmetric"
        # reflexive and symmetric: transitive exactly when KD45
        return None if self.is_kd45() else "transitive"

    def is_kd45(self) -> bool:
        """Serial, transitive and Euclidean: every world sees a non-empty set
        ``T``, and every world of ``T`` sees exactly ``T``."""
        import numpy as np
        rows, cols = self.pairs()
        n = self.size
        if n == 0:
            return True
        if len(np.unique(rows)) != n:
            return False
        # transitive and Euclidean together: every successor v of w sees exactly what w sees
        succ = _successor_sets(rows, cols, n)
        return all(succ[v] == succ[w] for w in range(n) for v in succ[w])

    def __eq__(self, other) -> bool:
        import numpy as np
        if not isinstance(other, Relation) or other.size != self.size:
            return NotImplemented if not isinstance(other, Relation) else False
        if isinstance(self, Partition) and isinstance(other, Partition):
            return bool(np.array_equal(self.block, other.block))   # block numbers are canonical
        a, b = self.pairs(), other.pairs()
        return np.array_equal(a[0], b[0]) and np.array_equal(a[1], b[1])

    # relations compare by value and are unhashable; mypy has no other way to say it
    __hash__ = None  # type: ignore[assignment]


def _successor_sets(rows, cols, n) -> list[frozenset]:
    out: list[list[int]] = [[] for _ in range(n)]
    for r, c in zip(rows.tolist(), cols.tolist()):
        out[r].append(c)
    return [frozenset(s) for s in out]


class Partition(Relation):
    """An equivalence relation: worlds with the same block number are linked.

    Block numbers are canonical (numbered by first appearance), so equal
    partitions have equal arrays.

    Examples
    --------
    >>> import numpy as np
    >>> p = Partition([0, 0, 1, 1, 1])
    >>> p.box(np.array([True, True, True, False, True])).tolist()
    [True, True, False, False, False]
    >>> p.blocks()
    [[0, 1], [2, 3, 4]]
    """

    __slots__ = ("block", "count", "_members")

    def __init__(self, block):
        import numpy as np
        raw = np.asarray(block, dtype=np.int64).ravel()
        # renumber blocks by their first world, so the numbering is canonical
        if len(raw) <= FEW_WORLDS:
            numbers: dict[int, int] = {}
            self.block = _frozen(np.array([numbers.setdefault(b, len(numbers)) for b in raw.tolist()],
                                          dtype=np.int64))
            self.count = len(numbers)
        else:
            _, first, inverse = np.unique(raw, return_index=True, return_inverse=True)
            order = np.argsort(np.argsort(first))
            self.block = _frozen(order[inverse].astype(np.int64))
            self.count = len(first)
        self.size = len(raw)
        self._members = None
        self._lists = None

    def box(self, truth: np.ndarray) -> np.ndarray:
        import numpy as np
        bad = np.zeros(self.count, dtype=bool)
        bad[self.block[~truth]] = True
        return ~bad[self.block]

    def pairs(self) -> tuple[np.ndarray, np.ndarray]:
        import numpy as np
        order = np.argsort(self.block, kind="stable")
        sizes = np.bincount(self.block, minlength=self.count)
        rows, cols = [], []
        start = 0
        for size in sizes.tolist():
            members = order[start:start + size]
            rows.append(np.repeat(members, size))
            cols.append(np.tile(members, size))
            start += size
        if not rows:
            return np.zeros(0, np.int64), np.zeros(0, np.int64)
        r, c = np.concatenate(rows), np.concatenate(cols)
        key = np.lexsort((c, r))
        return r[key], c[key]

    def successors(self, world: int) -> np.ndarray:
        import numpy as np
        if self._members is None:
            # worlds sorted by block, and where each block starts: built once, then each call is a slice
            order = np.argsort(self.block, kind="stable")
            starts = np.concatenate([[0], np.cumsum(np.bincount(self.block, minlength=self.count))])
            self._members = (order, starts)
        order, starts = self._members
        b = self.block[world]
        return order[starts[b]:starts[b + 1]]

    def restrict(self, keep: np.ndarray) -> Partition:
        return Partition(self.block[keep])

    def _successor_lists(self) -> list[list[int]]:
        # one list per block, shared by its worlds
        members: list[list[int]] = [[] for _ in range(self.count)]
        block = self.block.tolist()
        for w, b in enumerate(block):
            members[b].append(w)
        return [members[b] for b in block]

    def blocks(self) -> list[list[int]]:
        """The blocks as lists of worlds, in order of their first world."""
        out: list[list[int]] = [[] for _ in range(self.count)]
        for w, b in enumerate(self.block.tolist()):
            out[b].append(w)
        return out

    def is_equivalence(self) -> bool:
        return True

    def unmet_property(self) -> str | None:
        return None

    def is_kd45(self) -> bool:
        return True

    def meet(self, other: Partition) -> Partition:
        """The partition whose blocks are the non-empty intersections."""
        return Partition(self.block * other.count + other.block)


class Arrows(Relation):
    """Any relation, as sorted arrays of sources and targets.

    Examples
    --------
    >>> import numpy as np
    >>> r = Arrows([0, 0, 1], [1, 0, 1], 3)     # world 2 sees nothing
    >>> r.box(np.array([False, True, False])).tolist()
    [False, True, True]
    """

    __slots__ = ("rows", "cols")

    def __init__(self, rows, cols, size: int):
        import numpy as np
        if size <= FEW_WORLDS:
            # sorted and distinct over Python pairs
            pairs = sorted(set(zip(_listed(rows), _listed(cols))))
            rows = np.array([r for r, _ in pairs], dtype=np.int64)
            cols = np.array([c for _, c in pairs], dtype=np.int64)
        else:
            rows = np.asarray(rows, dtype=np.int64).ravel()
            cols = np.asarray(cols, dtype=np.int64).ravel()
            if len(rows):
                code = np.unique(rows * max(size, 1) + cols)
                rows, cols = code // max(size, 1), code % max(size, 1)
        self.rows, self.cols = _frozen(rows), _frozen(cols)
        self.size = size
        self._lists = None

    def box(self, truth: np.ndarray) -> np.ndarray:
        import numpy as np
        bad = np.zeros(self.size, dtype=bool)
        bad[self.rows[~truth[self.cols]]] = True
        return ~bad

    def pairs(self) -> tuple[np.ndarray, np.ndarray]:
        return self.rows, self.cols

    def successors(self, world: int) -> np.ndarray:
        import numpy as np
        lo, hi = np.searchsorted(self.rows, [world, world + 1])
        return self.cols[lo:hi]

    def restrict(self, keep: np.ndarray) -> Arrows:
        import numpy as np
        new = np.full(self.size, -1, dtype=np.int64)
        new[keep] = np.arange(len(keep))
        r, c = new[self.rows], new[self.cols]
        both = (r >= 0) & (c >= 0)
        return Arrows(r[both], c[both], len(keep))


def relation_from_pairs(rows, cols, size: int) -> Relation:
    """The relation of the given arrows: a :class:`Partition` when it is an
    equivalence, else :class:`Arrows`.

    Examples
    --------
    >>> relation_from_pairs([0, 1, 1, 0], [0, 1, 0, 1], 2).blocks(), type(relation_from_pairs([0], [1], 2)).__name__
    ([[0, 1]], 'Arrows')
    """
    if size <= FEW_WORLDS:
        return _few_from_pairs(rows, cols, size)
    arrows = Arrows(rows, cols, size)
    if arrows.is_equivalence():
        return Partition(_components(arrows))
    return arrows


def _components(arrows: Arrows) -> np.ndarray:
    """Block numbers of an equivalence relation: the least world of each class."""
    import numpy as np
    least = np.arange(arrows.size)
    np.minimum.at(least, arrows.rows, arrows.cols)
    return least


def _listed(numbers) -> list[int]:
    """Numbers given as an array or any iterable, as a flat list of Python ints."""
    import numpy as np
    return np.asarray(numbers, dtype=np.int64).ravel().tolist()


def _few_from_pairs(rows, cols, size: int) -> Relation:
    """:func:`relation_from_pairs` over Python sets, for few worlds."""
    rows, cols = _listed(rows), _listed(cols)
    successors: list[set[int]] = [set() for _ in range(size)]
    for r, c in zip(rows, cols):
        successors[r].add(c)
    if _few_unmet(successors) is None:
        return Partition([min(seen) for seen in successors])
    return Arrows(rows, cols, size)


def _few_unmet(successors: list[set[int]]) -> str | None:
    """:meth:`Relation.unmet_property` of the relation with these successor sets, over Python sets."""
    if not all(w in seen for w, seen in enumerate(successors)):
        return "reflexive"
    if not all(w in successors[v] for w, seen in enumerate(successors) for v in seen):
        return "symmetric"
    # reflexive and symmetric: transitive exactly when every world sees just what the worlds it sees see
    return None if all(successors[v] == seen for seen in successors for v in seen) else "transitive"
