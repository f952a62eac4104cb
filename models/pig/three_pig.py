"""Three-player Pig by value iteration, with the diagnostics that tell convergence from a cycle.

A state is ``(i, j1, j2, k)``: the mover's score, the next player's, the
one after's, and the mover's turn total, scores counted up from 0.
``P[i, j1, j2, k]`` is the vector of win chances of (mover, next, the one
after).  Bonnet, Neller and Viennot (2018) write the optimality equations

    roll = (rotate(P[j1, j2, i, 0]) + sum over the gains g of P[i, j1, j2, k + g]) / sides
    hold = rotate(P[j1, j2, i + k, 0])

where a score reaching the goal wins and ``rotate`` puts the vector of the
next mover back in our seats: his (mover, next, after) are our (next,
after, mover).  The mover picks the option better for his own component;
he holds only where holding is strictly better (a tie rolls on), and never
at ``k = 0`` (a turn takes at least one step).

Value iteration keeps an estimate of the turn starts ``P[i, j1, j2, 0]``;
a sweep runs the turn-total recursion over ``k``, from the goal down,
against that estimate, for all states at once (Jacobi), or layer by layer
in decreasing order of the score sum with each layer written back before
the next is read (``in_place``, Gauss-Seidel: a hold reads the layers
already updated).  Each sweep records its largest change and how many
decisions changed; :func:`iterate_policies` stops when the values settle,
or when a policy comes back with the largest change no longer shrinking:
a cycle, reported with its period and the decisions that flip.

Examples
--------
>>> from epistemic.models.pig import pig
>>> found = value_iteration(pig(8))
>>> found.converged, found.cycle is None
(True, True)
>>> [round(float(x), 4) for x in found.values[0, 0, 0]]
[0.6753, 0.2397, 0.0851]
"""

from __future__ import annotations

import hashlib
from collections.abc import Callable

import attrs
import numpy as np

from .rules import Jeopardy, PigError

__all__ = ["Cycle", "Sweeps", "iterate_policies", "value_iteration", "memory_needed", "sweep", "MAX_BYTES",
           "NOT_SHRINKING"]

#: The most memory, in bytes, the iteration may plan to use; checked before any work.
MAX_BYTES = 4 * 2 ** 30
#: A cycle is declared when the largest change of the latest period is at
#: least this fraction of the one before: it no longer shrinks.
NOT_SHRINKING = 0.999

Step = Callable[[np.ndarray], tuple[np.ndarray, np.ndarray]]


@attrs.frozen
class Cycle:
    """A policy orbit found by :func:`iterate_policies`.

    Attributes
    ----------
    period : int
        Sweeps between two visits of the same policy.
    first : int
        The sweep (counted from 1) at which the repeated policy was first seen.
    flips : tuple of tuple of int
        The decisions that change within the period, as indices into the
        policy array (for Pig ``(i, j1, j2, k)``).
    """

    period: int
    first: int
    flips: tuple[tuple[int, ...], ...]


@attrs.frozen(eq=False)
class Sweeps:
    """The outcome of value iteration.

    Attributes
    ----------
    values : numpy.ndarray
        The last estimate.
    policy : numpy.ndarray of bool
        The decisions of the last sweep.
    changes : tuple of float
        The largest absolute change of each sweep.
    policy_changes : tuple of int
        How many decisions each sweep changed (the first counts against all rolling).
    converged : bool
        Whether the last change was within the tolerance.
    cycle : Cycle or None
        The orbit, where the iteration stopped on one.
    """

    values: np.ndarray
    policy: np.ndarray
    changes: tuple[float, ...]
    policy_changes: tuple[int, ...]
    converged: bool
    cycle: Cycle | None

    @property
    def sweeps(self) -> int:
        """How many sweeps were made."""
        return len(self.changes)


def iterate_policies(step: Step, start: np.ndarray, *, tolerance: float, max_sweeps: int = 10_000,
                     progress: Callable[..., None] | None = None) -> Sweeps:
    """Apply ``step`` (estimate to next estimate and policy) until the values settle or the policies cycle.

    A cycle is a policy seen before, a different one in between, the
    sequence of policies over the last two periods repeating, and the
    largest change of the latest period at least :data:`NOT_SHRINKING`
    of the one before.

    Examples
    --------
    A two-state flip: each state's decision is whether it is below 1/2,
    and the decision moves it across:

    >>> import numpy as np
    >>> def flip(x):
    ...     low = x < 0.5
    ...     return np.where(low, 1.0, 0.0), low
    >>> found = iterate_policies(flip, np.array([0.0, 1.0]), tolerance=1e-9)
    >>> found.converged, found.sweeps, found.cycle
    (False, 4, Cycle(period=2, first=2, flips=((0,), (1,))))
    """
    if not tolerance > 0:
        raise PigError(f"the tolerance must be positive, got {tolerance}")
    value = np.asarray(start, dtype=float)
    changes: list[float] = []
    counts: list[int] = []
    keys: list[bytes] = []
    seen: dict[bytes, int] = {}
    previous: np.ndarray | None = None
    while len(changes) < max_sweeps:
        following, policy = step(value)
        following = np.asarray(following, dtype=float)
        policy = np.asarray(policy, dtype=bool)
        changes.append(float(np.max(np.abs(following - value))) if value.size else 0.0)
        counts.append(int(np.count_nonzero(policy != previous)) if previous is not None
                      else int(np.count_nonzero(policy)))
        value, previous = following, policy
        if progress is not None:
            progress(len(changes))
        if changes[-1] <= tolerance:
            return Sweeps(value, policy, tuple(changes), tuple(counts), True, None)
        key = hashlib.blake2b(np.packbits(policy).tobytes(), digest_size=16).digest()
        now = len(keys)
        keys.append(key)
        before = seen.get(key)
        seen[key] = now
        if before is None or now - before < 2:
            continue
        period = now - before
        if now - 2 * period + 1 < 0 or keys[now - period + 1:now + 1] != keys[now - 2 * period + 1:now - period + 1]:
            continue
        latest = max(changes[now - period + 1:now + 1])
        earlier = max(changes[now - 2 * period + 1:now - period + 1])
        if latest < NOT_SHRINKING * earlier:
            continue
        cycle = Cycle(period, before + 1, tuple(_flips(step, value, period)))
        return Sweeps(value, policy, tuple(changes), tuple(counts), False, cycle)
    last = previous if previous is not None else np.zeros(0, bool)
    return Sweeps(value, last, tuple(changes), tuple(counts), False, None)


def _flips(step: Step, value: np.ndarray, period: int) -> list[tuple[int, ...]]:
    """The decisions that differ anywhere along one more period of the orbit from ``value``."""
    first = None
    differ = None
    for _ in range(period):
        value, policy = step(value)
        policy = np.asarray(policy, dtype=bool)
        if first is None:
            first, differ = policy, np.zeros(policy.shape, bool)
        else:
            differ |= policy != first
    assert differ is not None
    return [tuple(int(x) for x in index) for index in np.argwhere(differ)]


def memory_needed(rules: Jeopardy) -> int:
    """The bytes :func:`value_iteration` plans for ``rules``: two policies of ``goal ** 4``
    decisions, and the turn-start values and the window of the turn-total recursion,
    ``goal ** 3`` vectors of 3 floats each.

    >>> from epistemic.models.pig import pig
    >>> round(memory_needed(pig(62)) / 2 ** 20)
    126
    """
    states = rules.goal ** 3
    return 2 * states * rules.goal + states * 3 * 8 * (rules.largest_gain + 12)


def _rotate(vectors: np.ndarray) -> np.ndarray:
    """The next mover's (mover, next, after) chances, seen from our seat: (after, mover, next) of his."""
    return vectors[..., [2, 0, 1]]


def _turns(rules: Jeopardy, starts: np.ndarray, i: np.ndarray, j1: np.ndarray, j2: np.ndarray
           ) -> tuple[np.ndarray, np.ndarray]:
    """The turn-total recursion for the states ``(i, j1, j2)`` against the turn-start estimate ``starts``.

    Returns the new turn-start vectors ``(n, 3)`` and the holds ``(n, goal)``.
    """
    goal = rules.goal
    gains = [(gain, float(chance)) for gain, chance in rules.outcomes]
    size = rules.largest_gain + 1
    win = np.array([1.0, 0.0, 0.0])
    window = [np.broadcast_to(win, (len(i), 3))] * size  # every turn total past the goal wins
    bust = float(rules.bust) * _rotate(starts[j1, j2, i])
    holds = np.zeros((len(i), goal), bool)
    for k in range(goal - 1, -1, -1):
        total = i + k
        won = total >= goal
        roll = bust.copy()
        for gain, chance in gains:
            roll += chance * window[(k + gain) % size]
        if k:
            hold = _rotate(starts[j1, j2, np.minimum(total, goal - 1)])
            holding = (hold[:, 0] > roll[:, 0]) & ~won
            holds[:, k] = holding
            now = np.where(holding[:, None], hold, roll)
        else:
            now = roll
        window[k % size] = np.where(won[:, None], win, now)
    return window[0], holds


def sweep(rules: Jeopardy, starts: np.ndarray, *, in_place: bool = False) -> tuple[np.ndarray, np.ndarray]:
    """One sweep of value iteration: the new turn starts ``[i, j1, j2]`` and the holds ``[i, j1, j2, k]``.

    >>> from epistemic.models.pig import pig
    >>> starts, holds = sweep(pig(3), np.full((3, 3, 3, 3), 1 / 3))
    >>> bool(holds.any()), [round(float(x), 4) for x in starts[0, 0, 0]]
    (False, [0.8704, 0.0648, 0.0648])
    """
    goal = rules.goal
    i, j1, j2 = (axis.ravel() for axis in np.indices((goal, goal, goal)))
    if not in_place:
        following, policy = _turns(rules, starts, i, j1, j2)
        return following.reshape(goal, goal, goal, 3), policy.reshape((goal,) * 4)
    following = np.array(starts, dtype=float)
    policy = np.zeros((goal ** 3, goal), bool)
    total = i + j1 + j2
    for layer in np.split(np.argsort(-total, kind="stable"), np.cumsum(np.bincount(total)[::-1])[:-1]):
        a, b, c = i[layer], j1[layer], j2[layer]
        following[a, b, c], policy[layer] = _turns(rules, following, a, b, c)
    return following, policy.reshape((goal,) * 4)


def value_iteration(rules: Jeopardy, *, in_place: bool = False, tolerance: float = 1e-12,
                    max_sweeps: int = 10_000, progress: Callable[..., None] | None = None) -> Sweeps:
    """Three-player value iteration on ``rules`` from all turn starts at (1/3, 1/3, 1/3).

    Parameters
    ----------
    rules : Jeopardy
        The game (:func:`~epistemic.models.pig.pig` or any other jeopardy race).
    in_place : bool
        Update layer by layer, in decreasing order of the score sum, each
        layer read by the next (Gauss-Seidel), instead of all at once.
    tolerance, max_sweeps, progress
        As for :func:`iterate_policies`.

    Returns
    -------
    Sweeps
        ``values[i, j1, j2]`` the turn-start vectors, ``policy[i, j1, j2, k]``
        whether the mover holds; the flips of a cycle are ``(i, j1, j2, k)``.

    Raises
    ------
    PigError
        If ``rules`` is not a jeopardy game, the tolerance is not positive,
        or the work would need more than :data:`MAX_BYTES`.
    """
    if not isinstance(rules, Jeopardy):
        raise PigError(f"three-player value iteration needs a jeopardy game such as pig(20), got {rules!r}")
    if isinstance(max_sweeps, bool) or not isinstance(max_sweeps, int) or max_sweeps < 1:
        raise PigError(f"the number of sweeps must be a whole number at least 1, got {max_sweeps!r}")
    needed = memory_needed(rules)
    if needed > MAX_BYTES:
        raise PigError(f"three-player {rules.describe()} needs about {needed / 2 ** 30:.1f} GiB,"
                       f" more than the {MAX_BYTES / 2 ** 30:.0f} GiB allowed")
    goal = rules.goal

    def step(starts: np.ndarray) -> tuple[np.ndarray, np.ndarray]:
        return sweep(rules, starts, in_place=in_place)

    return iterate_policies(step, np.full((goal, goal, goal, 3), 1 / 3), tolerance=tolerance,
                            max_sweeps=max_sweeps, progress=progress)
