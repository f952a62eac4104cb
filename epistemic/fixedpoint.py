"""A function iterated to its fixed point, with what each sweep changed.

Value iteration, and any method that improves an estimate by applying the
same map again, is this loop; the diagnostics (how many sweeps, the largest
change of each) say how fast it converged, or that it did not.

A step that also returns its decisions (a policy: booleans of any shape)
is watched for a *policy cycle*: the same sequence of policies coming back
while the values stop settling.  Value iteration of a game with no pure
equilibrium does this, and the loop then stops and names the decisions
that flip instead of running to the sweep limit.

Examples
--------
>>> import numpy as np
>>> found = iterate(lambda x: (x + 2 / x) / 2, np.array([1.0]), tolerance=1e-12)
>>> round(float(found.value[0]) ** 2, 12), found.sweeps, found.converged
(2.0, 6, True)
>>> [f"{c:.0e}" for c in found.changes[:3]]
['5e-01', '8e-02', '2e-03']

A two-state flip: each state's decision is whether it is below 1/2, and the
decision moves it across:

>>> def flip(x):
...     low = x < 0.5
...     return np.where(low, 1.0, 0.0), low
>>> found = iterate(flip, np.array([0.0, 1.0]), tolerance=1e-9, policies=True)
>>> found.converged, found.sweeps, found.cycle
(False, 6, Cycle(period=2, first=1, flips=((0,), (1,))))
"""

from __future__ import annotations

import hashlib
from collections.abc import Callable
from typing import Any

import attrs
import numpy as np

from .errors import EpistemicError

__all__ = ["Cycle", "FixedPoint", "iterate", "NOT_SHRINKING", "CANDIDATES"]

#: A cycle is declared when the largest change of the latest period is at
#: least this fraction of the one before: it no longer shrinks.
NOT_SHRINKING = 0.999
#: How many earlier runs of a policy are tried as the start of the period before.
CANDIDATES = 64


@attrs.frozen
class Cycle:
    """A policy orbit found by :func:`iterate`.

    Attributes
    ----------
    period : int
        Sweeps between two visits of the same policy.
    first : int
        The sweep (counted from 1) from which the policies went round: three
        periods of the same sequence of policies, from this sweep to the last.
    flips : tuple of tuple of int
        The decisions that change within the period, as indices into the
        policy array.
    """

    period: int
    first: int
    flips: tuple[tuple[int, ...], ...]


@attrs.frozen(eq=False)
class FixedPoint:
    """The result of :func:`iterate`.

    Attributes
    ----------
    value : numpy.ndarray
        The last estimate.
    changes : tuple of float
        The largest absolute change of each sweep, in order.
    converged : bool
        Whether the last change was within the tolerance.
    policy : numpy.ndarray of bool or None
        The decisions of the last sweep, where the step returns them.
    policy_changes : tuple of int
        How many decisions each sweep changed (the first counts those set).
    cycle : Cycle or None
        The orbit, where the iteration stopped on one.
    """

    value: np.ndarray
    changes: tuple[float, ...]
    converged: bool
    policy: np.ndarray | None = None
    policy_changes: tuple[int, ...] = ()
    cycle: Cycle | None = None

    @property
    def sweeps(self) -> int:
        """How many times the map was applied."""
        return len(self.changes)


class _Watch:
    """The policies seen so far, and whether they go round an orbit that no longer shrinks.

    Every sweep's policy is kept as a short hash.  An orbit of period ``p``
    is suspected when the last ``2p`` policies are one sequence of ``p``
    twice and the largest change of the latest ``p`` sweeps is no smaller
    (within :data:`NOT_SHRINKING`) than of the ``p`` before.  It is
    confirmed if, ``p`` sweeps later, the same holds for the same period
    and some decision differed along the way: those decisions are the
    flips.  Otherwise it was a passing pattern, and the watch goes on.
    """

    def __init__(self) -> None:
        self.keys: list[bytes] = []
        self.run_starts: dict[bytes, list[int]] = {}  # the sweeps at which each policy began a run
        self.counts: list[int] = []
        self.last: np.ndarray | None = None
        self.suspect: tuple[int, int, np.ndarray, np.ndarray] | None = None  # period, sweeps, policy, differ

    def add(self, policy: np.ndarray) -> None:
        self.counts.append(int(np.count_nonzero(policy != self.last)) if self.last is not None
                           else int(np.count_nonzero(policy)))
        self.last = policy
        self.keys.append(hashlib.blake2b(np.packbits(policy).tobytes() + repr(policy.shape).encode(),
                                         digest_size=16).digest())

    def _repeats(self, period: int, changes: list[float]) -> bool:
        """Whether the last two periods of policies are one sequence, the changes not shrinking."""
        keys, now = self.keys, len(self.keys)
        if now < 2 * period or keys[now - period:] != keys[now - 2 * period:now - period]:
            return False
        return max(changes[now - period:]) >= NOT_SHRINKING * max(changes[now - 2 * period:now - period])

    def _periods(self) -> list[int]:
        """The periods the latest policy suggests, nearest first: where it begins a run (a
        policy kept for several sweeps is one run), the sweeps since its earlier runs began."""
        keys, now = self.keys, len(self.keys) - 1
        if now and keys[now] == keys[now - 1]:
            return []
        starts = self.run_starts.setdefault(keys[now], [])
        periods = [now - start for start in reversed(starts[-CANDIDATES:])]
        starts.append(now)
        return periods

    def cycle(self, changes: list[float]) -> Cycle | None:
        """The orbit the latest sweep confirms, or None."""
        assert self.last is not None
        periods = self._periods()
        if self.suspect is None:
            period = next((p for p in periods if self._repeats(p, changes)), None)
            if period is not None:
                self.suspect = (period, len(changes), self.last, np.zeros(self.last.shape, bool))
            return None
        period, since, policy, differ = self.suspect
        differ |= self.last != policy
        if len(changes) - since < period:
            return None
        self.suspect = None
        if not self._repeats(period, changes):  # a sequence that repeats holds a flip: a period is 2 or more
            return None
        first = len(changes) - 3 * period + 1  # three periods of one sequence, counted from 1
        return Cycle(period, first, tuple(tuple(int(x) for x in index) for index in np.argwhere(differ)))


def iterate(step: Callable[[np.ndarray], Any], start: np.ndarray, *, tolerance: float,
            max_sweeps: int = 100_000, progress: Callable[..., None] | None = None,
            policies: bool = False) -> FixedPoint:
    """Apply ``step`` from ``start`` until no entry changes by more than ``tolerance``.

    Parameters
    ----------
    step : callable
        Maps an estimate to the next one, of the same shape; with
        ``policies``, to the pair (next estimate, its decisions).
    start : numpy.ndarray
        The first estimate.
    tolerance : float
        The largest change, in absolute value, that counts as settled.
    max_sweeps : int
        Stop after this many applications, converged or not.
    progress : callable, optional
        ``progress(sweeps)`` after each sweep.
    policies : bool
        Whether ``step`` returns decisions too.  The loop then also stops
        on a cycle: the sequence of policies of one period repeating over
        three periods, the largest change of none of them smaller than
        :data:`NOT_SHRINKING` of the one before, and some decision
        changing along the way: those are the flips.

    Returns
    -------
    FixedPoint

    Raises
    ------
    EpistemicError
        If the tolerance is not positive.
    """
    if not tolerance > 0:
        raise EpistemicError(f"the tolerance must be positive, got {tolerance}")
    value = np.asarray(start, dtype=float)
    changes: list[float] = []
    watch = _Watch() if policies else None
    while len(changes) < max_sweeps:
        following = step(value)
        if watch is not None:
            following, policy = following
            watch.add(np.asarray(policy, dtype=bool))
        following = np.asarray(following, dtype=float)
        change = float(np.max(np.abs(following - value))) if value.size else 0.0
        changes.append(change)
        value = following
        if progress is not None:
            progress(len(changes))
        if change <= tolerance:
            return _result(value, changes, True, watch)
        cycle = watch.cycle(changes) if watch is not None else None
        if cycle is not None:
            return _result(value, changes, False, watch, cycle)
    return _result(value, changes, False, watch)


def _result(value: np.ndarray, changes: list[float], converged: bool, watch: _Watch | None,
            cycle: Cycle | None = None) -> FixedPoint:
    if watch is None:
        return FixedPoint(value, tuple(changes), converged)
    return FixedPoint(value, tuple(changes), converged, watch.last, tuple(watch.counts), cycle)
