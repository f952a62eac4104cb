"""The binary decision diagrams under the symbolic engine.

One :class:`Manager` holds the diagrams of a knowledge structure and of
every structure updated from it, so their diagrams can be combined.  Each
propositional variable comes with a primed twin, declared next to it in the
variable order, for the relations of agents whose accessibility is a
relation between states (belief) rather than an observation.

The CUDD binding of ``dd`` is used where its wheel is installed; elsewhere
the pure-Python implementation of the same interface.

CUDD must outlive every diagram of its manager: freed while one is still
referenced, it leaks its tables and says "Still n nodes referenced upon
shutdown".  Python frees the objects of a reference cycle in any order, and
a cycle holding diagrams is easily made (an exception kept with its
traceback keeps the frames that hold them), so a manager's CUDD is kept
from the moment the :class:`Manager` goes until its last diagram has gone
(:func:`retire`), and freed then.

Examples
--------
>>> m = Manager()
>>> p, q = m.fresh(), m.fresh()
>>> u = m.var(p) | m.var(q)
>>> m.count(u, [p, q])
3
>>> [sorted(s) for s in m.states(u, [p, q], limit=2)]
[[...], [...]]
"""

from __future__ import annotations

import atexit
import gc
import sys
import weakref
from collections.abc import Collection, Iterable, Iterator, Sequence
from typing import Any

# dd imports networkx as it loads, only to offer its diagrams as networkx graphs, which the engine
# never asks for: where networkx is not loaded yet, dd is read without it, which saves every symbolic
# command a fifth of a second of start-up.
_HIDE_NETWORKX = "networkx" not in sys.modules
if _HIDE_NETWORKX:
    sys.modules["networkx"] = None  # type: ignore[assignment]  # an import of it raises ImportError
try:
    try:
        from dd import cudd as _backend
        from dd.cudd import or_forall as _or_forall
    except ImportError:  # pragma: no cover - platforms without the CUDD wheel
        from dd import autoref as _backend
        _or_forall = None
finally:
    if _HIDE_NETWORKX and sys.modules.get("networkx", 0) is None:
        del sys.modules["networkx"]

__all__ = ["Manager", "BACKEND", "bits_for", "prime"]

#: The ``dd`` module in use: ``"dd.cudd"`` or ``"dd.autoref"``.
BACKEND = _backend.__name__

#: From this many variables on, a manager starts with a large table of computed results,
#: of :data:`LARGE_TABLE` entries.
LARGE = 100
#: The entries of that table (CUDD starts with 2**18).
LARGE_TABLE = 2**20
#: From this many variables on, the table starts at :data:`HUGE_TABLE` entries.
HUGE = 200
#: The entries of that table.
HUGE_TABLE = 2**22

#: The CUDD managers whose :class:`Manager` has gone while some of their
#: diagrams are still referenced: each is freed once none is (:func:`release`).
_RETIRED: list = []


def retire(bdd) -> None:
    """Keep ``bdd``, whose :class:`Manager` has gone, until its last diagram goes."""
    _RETIRED.append(bdd)
    release()


def release(phase: str = "stop", info: dict | None = None) -> None:
    """Free the retired managers none of whose diagrams is referenced any
    more; also called after each collection of the garbage collector (the
    arguments are its callback's)."""
    if phase != "stop" or not _RETIRED or _Watch.releasing:
        return
    # a collection may start while this one frees (and call this again, or retire another manager)
    _Watch.releasing = True
    try:
        for bdd in [bdd for bdd in _RETIRED if not len(bdd)]:
            _RETIRED.remove(bdd)
    finally:
        _Watch.releasing = False


class _Watch:
    """Whether the exit hook and the collector's callback are in place, and
    whether :func:`release` is at work."""

    watched = False
    releasing = False


def _watch(manager: Manager) -> None:
    """Retire ``manager``'s CUDD when the manager goes (not at exit, where the
    managers still in use are freed after what refers to them)."""
    weakref.finalize(manager, retire, manager.bdd).atexit = False
    if not _Watch.watched:
        # registered after weakref's own exit hook, so run before it, while finalizers still run
        atexit.register(_at_exit)
        gc.callbacks.append(release)
        _Watch.watched = True


def _at_exit() -> None:
    # the cycles left at exit are freed while what frees them is still there
    gc.collect()
    release()


class Manager:
    """A BDD manager handing out fresh variables, each with a primed twin.

    Variables are named ``x0, x1, ...`` inside; their twins ``x0', x1', ...``.
    ``expected`` is how many variables the structure will have, if known:
    from :data:`LARGE` on, CUDD's table of computed results starts large, and
    from :data:`HUGE` on larger still.
    """

    def __init__(self, expected: int = 0):
        # CUDD's table of results already computed starts at 2**18 entries and grows with its hit
        # rate (to 2**22 on 150 muddy children); started at 2**20 entries (24 MiB, a hundredth
        # of a second), it saves 100 muddy children a tenth of their time and 150 a fifth, and
        # at 2**22 it saves 200 a third, where CUDD grows it too late.  Larger starts cost the
        # dining cryptographers, whose table CUDD grows as fast as they fill it, up to 0.1 s and
        # 120 MiB (benchmarks/symbolic_table.py), so the start grows with the variables;
        # smaller structures keep CUDD's own
        table = (0 if BACKEND != "dd.cudd" else HUGE_TABLE if expected >= HUGE
                 else LARGE_TABLE if expected >= LARGE else 0)
        self.bdd = _backend.BDD(initial_cache_size=table) if table else _backend.BDD()
        # the order the variables are declared in is chosen by who builds the
        # structure (twins side by side, observations grouped); dd turns
        # CUDD's dynamic reordering on, whose sifting of a few hundred
        # variables took nearly all the time (60 muddy children: 46 s, 1.8 s without)
        self.bdd.configure(reordering=False)
        self.made = 0
        if BACKEND == "dd.cudd":   # the pure-Python manager is freed like any object, in any order
            _watch(self)

    # no diagram is kept as an attribute: a manager referring to its own nodes
    # would outlive them in a reference cycle, which CUDD refuses at shutdown
    @property
    def true(self):
        return self.bdd.true

    @property
    def false(self):
        return self.bdd.false

    def fresh(self) -> str:
        """A new variable (and its primed twin); its name."""
        name = f"x{self.made}"
        self.made += 1
        self.bdd.declare(name, prime(name))
        return name

    def middle(self, name: str) -> str:
        """A third copy of variable ``name`` (double primed), for composing relations."""
        twin = name + "''"
        if twin not in self.bdd.vars:
            self.bdd.declare(twin)
        return twin

    def var(self, name: str):
        return self.bdd.var(name)

    def exist(self, names: Iterable[str], u):
        names = list(names)
        return self.bdd.exist(names, u) if names else u

    def forall(self, names: Iterable[str], u):
        names = list(names)
        return self.bdd.forall(names, u) if names else u

    def forall_or(self, names: Collection[str], u, v):
        """``∀ names. (u ∨ v)`` in one pass over both diagrams (CUDD's
        and-abstraction of their negations), without building ``u ∨ v``,
        which is as large as the law and used once.

        Examples
        --------
        >>> m = Manager()
        >>> p, q = m.fresh(), m.fresh()
        >>> m.forall_or([p], m.var(p), m.var(q)) == m.var(q)
        True
        """
        if not names:
            return u | v
        if _or_forall is None:   # pragma: no cover - the pure-Python manager has no fused operation
            return self.bdd.forall(names, u | v)
        return _or_forall(u, v, names)

    def let(self, definitions: dict, u):
        """Substitute variables by constants, variable names or diagrams (the
        diagrams given must not mention the variables substituted by constants)."""
        kinds: dict[type, dict] = {}
        for name, value in definitions.items():
            kinds.setdefault(bool if isinstance(value, bool) else str if isinstance(value, str) else object,
                             {})[name] = value
        # dd takes one kind of value per call
        for kind in (object, str, bool):
            if kind in kinds:
                u = self.bdd.let(kinds[kind], u)
        return u

    def at(self, values: dict[str, bool], u) -> bool:
        """The value of ``u`` where each variable has its value in ``values``
        (which fixes every variable ``u`` depends on).

        Examples
        --------
        >>> m = Manager()
        >>> p, q = m.fresh(), m.fresh()
        >>> m.at({p: True, q: False}, m.var(p) & m.var(q)), m.at({p: True, q: True}, m.var(p) & m.var(q))
        (False, True)
        """
        return self.bdd.let(values, u) == self.bdd.true

    def true_at(self, point, u) -> bool:
        """Whether ``u`` holds wherever ``point`` does: for ``point`` an
        assignment (a :meth:`cube`) fixing every variable ``u`` depends on,
        the value of ``u`` there, as :meth:`at` finds it.

        Examples
        --------
        >>> m = Manager()
        >>> p, q = m.fresh(), m.fresh()
        >>> point = m.cube({p: True, q: False})
        >>> m.true_at(point, m.var(p) & m.var(q)), m.true_at(point, m.var(p) & ~m.var(q))
        (False, True)
        """
        return (point & ~u) == self.false

    def primed(self, u, names: Iterable[str]):
        """``u`` with each of ``names`` renamed to its primed twin."""
        return self.let({n: prime(n) for n in names if n in u.support}, u)

    def iff(self, u, v):
        return self.bdd.apply("<->", u, v)

    def implies(self, u, v) -> bool:
        return (u & ~v) == self.false

    def cube(self, values: dict[str, bool]):
        """The conjunction fixing each variable to its value."""
        return self.bdd.cube(values)

    def count(self, u, care: Sequence[str]) -> int:
        """The exact number of assignments to ``care`` that satisfy ``u``
        (its support must lie within ``care``).

        A story counts its worlds after every announcement, so this is one
        loop over the diagram's nodes, each counted once for the function it
        stands for without its complement (a complemented edge counts what
        the node leaves out); Python's integers keep counts past 2**53 exact.

        Examples
        --------
        >>> m = Manager()
        >>> p, q, r = m.fresh(), m.fresh(), m.fresh()
        >>> m.count(m.var(p) | m.var(q), [p, q]), m.count(~(m.var(p) & m.var(q)), [p, q, r])
        (3, 6)
        """
        levels = sorted(self.bdd.level_of_var(n) for n in care)
        position = {level: i for i, level in enumerate(levels)}
        total = len(levels)
        # by node, without its complement bit: its position among the care
        # variables and the assignments from there down that satisfy it
        counted = {int(self.true): (total, 1)}
        stack = [u]
        while stack:
            node = stack[-1]
            key = int(node) & ~1
            if key in counted:
                stack.pop()
                continue
            low, high = node.low, node.high
            low_key, high_key = int(low), int(high)
            waiting = False
            for child, child_key in ((high, high_key), (low, low_key)):
                if child_key & ~1 not in counted:
                    stack.append(child)
                    waiting = True
            if waiting:
                continue
            stack.pop()
            here = position[node.level]
            value = 0
            for child_key in (low_key, high_key):
                below, n = counted[child_key & ~1]
                if child_key & 1:
                    n = (1 << (total - below)) - n
                # a child below a skipped level counts once for each value of the levels skipped
                value += n << (below - here - 1)
            counted[key] = (here, value)
        key = int(u)
        top, n = counted[key & ~1]
        if key & 1:
            n = (1 << (total - top)) - n
        return n << top

    def paths(self, u) -> int:
        """How many paths of ``u``'s diagram lead to true.

        Examples
        --------
        >>> m = Manager()
        >>> p, q = m.fresh(), m.fresh()
        >>> m.paths(m.var(p) | m.var(q)), m.paths(m.iff(m.var(p), m.var(q))), m.paths(m.false)
        (2, 2, 0)
        """
        return self._fold(u, lambda node, children: sum(value for _, value in children))

    def _fold(self, u, join) -> int:
        """A value worked out from the terminals up, without recursion: 1 at
        true and 0 at false (complemented edges flip them), at a node
        ``join(node, [(low, its value), (high, its value)])``."""
        memo: dict[tuple[int, bool], int] = {}
        stack = [(u, False)]
        while stack:
            node, flip = stack[-1]
            key = (int(node), flip)
            if key in memo:
                stack.pop()
                continue
            if node == self.true or node == self.false:
                memo[key] = int((node == self.true) != flip)
                stack.pop()
                continue
            flip_below = flip != node.negated
            children = [(node.low, flip_below), (node.high, flip_below)]
            waiting = [c for c in children if (int(c[0]), c[1]) not in memo]
            if waiting:
                stack.extend(waiting)
                continue
            stack.pop()
            memo[key] = join(node, [(c, memo[int(c), f]) for c, f in children])
        return memo[int(u), False]

    def states(self, u, care: Sequence[str], limit: int | None = None) -> Iterator[frozenset[str]]:
        """The assignments to ``care`` satisfying ``u``, each as the set of
        its true variables, at most ``limit`` of them."""
        for i, values in enumerate(self.bdd.pick_iter(u, care_vars=list(care))):
            if limit is not None and i >= limit:
                return
            yield frozenset(n for n, v in values.items() if v)

    def smallest(self, u, care: Sequence[str], limit: int | None = None) -> Iterator[frozenset[str]]:
        """The assignments to ``care`` satisfying ``u`` in increasing order
        of the binary number whose bit ``i`` is ``care[i]``, each as the set
        of its true variables, at most ``limit`` of them.

        The order is the structure's own, not the diagram's: it does not
        change with the order the variables were declared in, so listings
        are the same in every run.  Each assignment costs two restrictions
        per variable, as a diagram that is not false always has one below.

        Examples
        --------
        >>> m = Manager()
        >>> p, q = m.fresh(), m.fresh()
        >>> [sorted(s) for s in m.smallest(m.var(p) | m.var(q), [p, q])] == [[p], [q], [p, q]]
        True
        """
        if limit is not None and limit <= 0:
            return
        found = 0
        # depth-first from the most significant variable, false before true
        stack: list[tuple[Any, int, frozenset[str]]] = [(u, len(care), frozenset())]
        while stack:
            node, depth, true = stack.pop()
            if node == self.false:
                continue
            if depth == 0:
                yield true
                found += 1
                if limit is not None and found >= limit:
                    return
                continue
            name = care[depth - 1]
            stack.append((self.bdd.let({name: True}, node), depth - 1, true | {name}))
            stack.append((self.bdd.let({name: False}, node), depth - 1, true))

    def assignments(self, u, care: Sequence[str]) -> Iterator[tuple[bool, ...]]:
        """The assignments to ``care`` satisfying ``u``, each as the tuple of
        the values of ``care`` in its order (cheaper than :meth:`states`
        where there are many to look up)."""
        for values in self.bdd.pick_iter(u, care_vars=list(care)):
            yield tuple(map(values.__getitem__, care))

    def pick(self, u, care: Sequence[str]) -> frozenset[str] | None:
        """One assignment to ``care`` satisfying ``u`` (its true variables), or ``None``."""
        for state in self.states(u, care, limit=1):
            return state
        return None

    def size(self, u) -> int:
        """The number of nodes of ``u``."""
        return u.dag_size


def bits_for(count: int) -> int:
    """How many variables number ``count`` things (none for one thing).

    Examples
    --------
    >>> [bits_for(n) for n in (1, 2, 3, 4, 5)]
    [0, 1, 2, 2, 3]
    """
    return max(count - 1, 0).bit_length()


def prime(name: str) -> str:
    """The primed twin of a variable name."""
    return name + "'"
