"""A function iterated to its fixed point, with what each sweep changed.

Value iteration, and any method that improves an estimate by applying the
same map again, is this loop; the diagnostics (how many sweeps, the largest
change of each) say how fast it converged, or that it did not.

Examples
--------
>>> import numpy as np
>>> found = iterate(lambda x: (x + 2 / x) / 2, np.array([1.0]), tolerance=1e-12)
>>> round(float(found.value[0]) ** 2, 12), found.sweeps, found.converged
(2.0, 6, True)
>>> [f"{c:.0e}" for c in found.changes[:3]]
['5e-01', '8e-02', '2e-03']
"""

from __future__ import annotations

from collections.abc import Callable

import attrs
import numpy as np

from .errors import EpistemicError

__all__ = ["FixedPoint", "iterate"]


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
    """

    value: np.ndarray
    changes: tuple[float, ...]
    converged: bool

    @property
    def sweeps(self) -> int:
        """How many times the map was applied."""
        return len(self.changes)


def iterate(step: Callable[[np.ndarray], np.ndarray], start: np.ndarray, *, tolerance: float,
            max_sweeps: int = 100_000, progress: Callable[..., None] | None = None) -> FixedPoint:
    """Apply ``step`` from ``start`` until no entry changes by more than ``tolerance``.

    Parameters
    ----------
    step : callable
        Maps an estimate to the next one, of the same shape.
    start : numpy.ndarray
        The first estimate.
    tolerance : float
        The largest change, in absolute value, that counts as settled.
    max_sweeps : int
        Stop after this many applications, converged or not.
    progress : callable, optional
        ``progress(sweeps)`` after each sweep.

    Returns
    -------
    FixedPoint
    """
    if not tolerance > 0:
        raise EpistemicError(f"the tolerance must be positive, got {tolerance}")
    value = np.asarray(start, dtype=float)
    changes: list[float] = []
    while len(changes) < max_sweeps:
        following = np.asarray(step(value), dtype=float)
        change = float(np.max(np.abs(following - value))) if value.size else 0.0
        changes.append(change)
        value = following
        if progress is not None:
            progress(len(changes))
        if change <= tolerance:
            return FixedPoint(value, tuple(changes), True)
    return FixedPoint(value, tuple(changes), False)
