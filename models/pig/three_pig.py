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
he holds only where holding is better by more than :data:`TIE` (a tie rolls
on), and never at ``k = 0`` (a turn takes at least one step).

Value iteration keeps an estimate of the turn starts ``P[i, j1, j2, 0]``;
a sweep runs the turn-total recursion over ``k``, from the goal down,
against that estimate, for all states at once (Jacobi), or layer by layer
in decreasing order of the score sum with each layer written back before
the next is read (``in_place``, Gauss-Seidel: a hold reads the layers
already updated).  Each sweep records its largest change and how many
decisions changed; the core's :func:`~epistemic.fixedpoint.iterate` stops
when the values settle, or when a policy comes back with the largest change
no longer shrinking: a cycle, reported with its period and the decisions
that flip.

Examples
--------
>>> from epistemic.models.pig import pig
>>> found = value_iteration(pig(8))
>>> found.converged, found.cycle is None
(True, True)
>>> [round(float(x), 4) for x in found.value[0, 0, 0]]
[0.6753, 0.2397, 0.0851]
"""

from __future__ import annotations

import functools
from collections.abc import Callable

import attrs
import numpy as np

from epistemic.fixedpoint import FixedPoint, iterate

from .rules import Jeopardy, PigError

__all__ = ["Turn", "turn", "rotate", "layers", "state_blocks", "value_iteration", "memory_needed", "work_needed",
           "check_work", "sweep", "MAX_BYTES", "MAX_STATE_SWEEPS", "SWEEPS", "TIE"]

#: The most memory, in bytes, the iteration may plan to use; checked before any work.
MAX_BYTES = 4 * 2 ** 30
#: The most work the iteration may plan: states ``(i, j1, j2, k)`` times the sweep
#: limit, checked before any work.  A state costs one core 100 to 300 ns a sweep
#: (a die of many faces up to five times more), so this is 17 to 50 minutes of one core.
MAX_STATE_SWEEPS = 10 ** 10
#: The default sweep limit: converging runs take under 200 sweeps up to goal 49,
#: and the cycle of goal 62 is confirmed at sweep 138.
SWEEPS = 500
#: Holding must beat rolling by more than this to be chosen: closer is a tie
#: (exact ties occur, as in Piglet), and a tie rolls on, whatever the rounding.
TIE = 1e-12


def memory_needed(rules: Jeopardy, seats: int = 1, mixed: bool = False) -> int:
    """The bytes :func:`value_iteration` plans for ``rules``: for each of the ``goal ** 4``
    decisions two policies and a hold chance (a float, :class:`Turn`), and the
    turn-start values and the window of the turn-total recursion, ``goal ** 3``
    vectors of 3 floats each; all of it for each of ``seats`` policies, and
    with ``mixed`` strategies four floats more a decision (a hold chance, a
    margin and two regrets).

    >>> from epistemic.models.pig import pig
    >>> round(memory_needed(pig(62)) / 2 ** 20)
    239
    """
    states = rules.goal ** 3
    decision = 2 + 8 + (4 * 8 if mixed else 0)
    return seats * (decision * states * rules.goal + states * 3 * 8 * (rules.largest_gain + 12))


def work_needed(rules: Jeopardy, max_sweeps: int, seats: int = 1) -> int:
    """The state-sweeps :func:`value_iteration` plans for ``rules``: its ``goal ** 4``
    states ``(i, j1, j2, k)`` for each of ``seats`` policies, each swept up to ``max_sweeps`` times.

    >>> from epistemic.models.pig import pig
    >>> work_needed(pig(62), SWEEPS) <= MAX_STATE_SWEEPS < work_needed(pig(67), SWEEPS)
    True
    """
    return seats * rules.goal ** 4 * max_sweeps


def _fitting(max_sweeps: int, seats: int = 1) -> int:
    """The largest goal whose states, swept ``max_sweeps`` times, stay within :data:`MAX_STATE_SWEEPS`."""
    goal = round((MAX_STATE_SWEEPS / max_sweeps / seats) ** 0.25)
    while goal > 0 and seats * goal ** 4 * max_sweeps > MAX_STATE_SWEEPS:
        goal -= 1
    while seats * (goal + 1) ** 4 * max_sweeps <= MAX_STATE_SWEEPS:
        goal += 1
    return goal


def check_work(rules: Jeopardy, max_sweeps: int, seats: int = 1) -> None:
    """Refuse, before any work, a run that could take more than :data:`MAX_STATE_SWEEPS` state-sweeps."""
    work = work_needed(rules, max_sweeps, seats)
    if work <= MAX_STATE_SWEEPS:
        return
    sweeps = MAX_STATE_SWEEPS // (seats * rules.goal ** 4)
    here = f"at goal {rules.goal} at most {sweeps:,} sweeps fit" if sweeps else f"no sweep fits at goal {rules.goal}"
    goal = _fitting(max_sweeps, seats)
    there = f"with {max_sweeps:,} sweeps, goals up to {goal}" if goal else f"no goal fits {max_sweeps:,} sweeps"
    raise PigError(f"three-player value iteration on {rules.describe()} would sweep {rules.goal ** 4:,} states "
                   f"(i, j1, j2, k){f' for each of {seats} players' if seats > 1 else ''} up to {max_sweeps:,} times: "
                   f"{work:,} state-sweeps, more than the "
                   f"{MAX_STATE_SWEEPS:,} allowed; {here}, or {there}")


def rotate(vectors: np.ndarray) -> np.ndarray:
    """The next mover's (mover, next, after) chances, seen from our seat: (after, mover, next) of his."""
    return vectors[..., [2, 0, 1]]


@attrs.frozen(eq=False)
class Turn:
    """A turn from its start, as an affine function of what a bust is worth.

    For the states ``(i, j1, j2)`` of :func:`turn`: the turn-start vector is
    ``start + bust * b``, where ``b`` is the vector (in the mover's seats) of
    the state a bust leads to.  ``margins[n, k]`` is the mover's own chance
    from holding at turn total ``k`` less that from rolling on (NaN where he
    has no choice: ``k = 0``, or the goal reached; None where not asked
    for); ``holds[n, k]`` is the chance that he holds there.
    """

    start: np.ndarray
    bust: np.ndarray
    margins: np.ndarray | None
    holds: np.ndarray

    def value(self, bust_value: np.ndarray) -> np.ndarray:
        """The turn-start vectors when a bust is worth ``bust_value`` (one vector a state)."""
        return self.start + self.bust[:, None] * bust_value


@functools.lru_cache(maxsize=64)
def _steps(rules: Jeopardy, discount: float) -> tuple[list[float], list[tuple[int, int]], float]:
    """The distinct chances of a step times ``discount``, each outcome's gain and place
    among them, and the bust's chance times ``discount``: the floats of every :func:`turn`
    of a run, made once from the rules' fractions."""
    chances = sorted({float(chance) * discount for _, chance in rules.outcomes})
    terms = [(gain, chances.index(float(chance) * discount)) for gain, chance in rules.outcomes]
    return chances, terms, float(rules.bust) * discount


def turn(rules: Jeopardy, values: np.ndarray, i: np.ndarray, j1: np.ndarray, j2: np.ndarray,
         bust_value: np.ndarray, *, holds: np.ndarray | None = None, hysteresis: float = 0.0,
         margins: bool = True, discount: float = 1.0, tables: np.ndarray | None = None) -> Turn:
    """The turn-total recursion for the states ``(i, j1, j2)``, from the goal down.

    A hold at ``k`` is worth ``rotate(values[j1, j2, i + k])`` (with
    ``tables``, ``values`` holds several tables and a state's hold reads
    ``values[tables[n], j1, j2, i + k]``); a bust is
    worth ``bust_value`` (vectors in the mover's seats), which is what
    the choices are made against.  With ``holds`` (the chance of holding at
    each ``(state, k)``) the choices are those; otherwise the mover holds
    where holding is better for him by more than ``hysteresis``.

    With ``discount`` below 1 every roll and every hold is one step that
    multiplies what follows by it (Bellman's discount factor): a win now is
    worth more than one later.

    Returns the :class:`Turn`, affine in the bust's worth under the choices
    made; its margins only with ``margins`` (value iteration needs none,
    and they are as large as the choices).
    """
    goal = rules.goal
    i = np.asarray(i)
    n = len(i)
    size = rules.largest_gain + 1
    # The states are taken by the mover's score, lowest first, so that those still short
    # of the goal at turn total k are the first ``playing[k]``: a turn from a total that
    # reaches the goal is a win, the same at every k, and only the others are worked out.
    order: np.ndarray | slice = slice(None)  # a sweep's states come in this order: nothing to copy
    back: np.ndarray | slice = slice(None)
    if (i[1:] < i[:-1]).any():
        order = np.argsort(i, kind="stable")
        back = np.argsort(order)
    i, j1, j2 = i[order], np.asarray(j1)[order], np.asarray(j2)[order]
    bust_value = np.asarray(bust_value)[order, 0]
    playing = np.searchsorted(i, goal - np.arange(goal)).tolist()
    # A turn from each total is a row of four: the start vector's three, then the bust's
    # weight.  The ring keeps the last ``size`` totals, each already times every chance
    # of a step (Pig's chances are all alike: one product serves every face), and the
    # roll adds them in the order of the outcomes, as a plain sum would.  A state's row
    # is first written at the last total short of the goal; until then it holds the win.
    chances, terms, bust = _steps(rules, discount)
    ring = np.zeros((size, len(chances), n, 4))
    for c, chance in enumerate(chances):
        ring[:, c, :, 0] = chance
    busting = np.array([0.0, 0.0, 0.0, bust])
    # the hold vectors, rotated into the mover's seats, are read from the flat table at ``at + 3 * k``
    table = values.reshape(-1)
    at = (3 * (goal * (goal * j1 + j2) + i))[:, None] + np.array([2, 0, 1])
    if tables is not None:
        at += (3 * goal ** 3 * np.asarray(tables)[order])[:, None]
    if holds is not None:
        holds = holds[order]
    hold = np.zeros((n, 4))  # a hold's bust weight is 0: holding and rolling mix as vectors
    # the roll is summed into ``start``, which then becomes the turn from k where the mover holds
    start = np.zeros((n, 4))
    start[:, 0] = 1.0
    kept = np.full((n, goal), np.nan) if margins else None
    chosen = np.zeros((n, goal))
    for k in range(goal - 1, -1, -1):
        live = playing[k]
        if not live:
            continue
        now = start[:live]
        (gain, c), *others = terms
        np.add(ring[(k + gain) % size, c, :live], busting, out=now)
        for gain, c in others:
            now += ring[(k + gain) % size, c, :live]
        if k:
            held = hold[:live]
            held[:, :3] = table[at[:live] + 3 * k]
            if discount != 1:
                held[:, :3] *= discount
            margin = held[:, 0] - now[:, 0] - now[:, 3] * bust_value[:live]
            if holds is not None:
                q = holds[:live, k]
                np.add(q[:, None] * held, (1 - q)[:, None] * now, out=now)
            else:
                # the chosen option's vector, exactly: q * hold + (1 - q) * roll with q 0 or 1
                q = margin > hysteresis
                np.copyto(now, np.where(q[:, None], held, now))
            chosen[:live, k] = q
            if kept is not None:
                kept[:live, k] = margin
        for c, chance in enumerate(chances):
            np.multiply(now, chance, out=ring[k % size, c, :live])
    return Turn(start[back, :3], start[back, 3], None if kept is None else kept[back], chosen[back])


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
        following, policy = _sweep_states(rules, starts, i, j1, j2)
        return following.reshape(goal, goal, goal, 3), policy.reshape((goal,) * 4)
    following = np.array(starts, dtype=float)
    policy = np.zeros((goal ** 3, goal), bool)
    for layer in layers(goal):
        a, b, c = i[layer], j1[layer], j2[layer]
        following[a, b, c], policy[layer] = _sweep_states(rules, following, a, b, c)
    return following, policy.reshape((goal,) * 4)


def layers(goal: int) -> list[np.ndarray]:
    """The flat indices of the states ``(i, j1, j2)`` below ``goal``, by score sum from the largest down.

    A hold only raises the sum, so a layer's holds read only the layers before it.

    >>> [layer.tolist() for layer in layers(2)]
    [[7], [3, 5, 6], [1, 2, 4], [0]]
    """
    total = np.indices((goal, goal, goal)).sum(axis=0).ravel()
    return np.split(np.argsort(-total, kind="stable"), np.cumsum(np.bincount(total)[::-1])[:-1])


def state_blocks(goal: int) -> list[np.ndarray]:
    """The flat indices of the states ``(i, j1, j2)`` below ``goal`` in blocks that, updated one
    after another, each block at once, update them as one state at a time in the plain order would:
    ``i``, then ``j1``, then ``j2``, from 0 up, each new value read at once (Gauss-Seidel).

    A state ``(i, j1, j2)`` reads the turn starts ``(j1, j2, x)``: a bust ``x = i``, a hold
    ``x > i``.  For each ``i``, the states with ``j1 < i`` read states of smaller ``i``, all
    updated before them.  Those with ``j1 >= i`` read states of larger ``i``, not yet updated; or
    ``(i, j2, x)`` with ``j2 < i``, in the block just before; or, with ``j2 >= i``, states that
    the plain order puts after them (or the state itself), whose values from the last sweep a
    block at once reads too.  So each ``i`` is two blocks.

    >>> [block.tolist() for block in state_blocks(2)]
    [[0, 1, 2, 3], [4, 5], [6, 7]]
    """
    i, j1 = (axis.ravel() for axis in np.indices((goal, goal, goal))[:2])
    blocks = []
    for score in range(goal):
        mover = i == score
        blocks += [np.flatnonzero(mover & (j1 < score)), np.flatnonzero(mover & (j1 >= score))]
    return [block for block in blocks if block.size]


def _sweep_states(rules: Jeopardy, starts: np.ndarray, i: np.ndarray, j1: np.ndarray, j2: np.ndarray
                  ) -> tuple[np.ndarray, np.ndarray]:
    """One sweep's new turn-start vectors and holds for the states ``(i, j1, j2)``: a bust is
    worth the estimate of the next mover's start (a tie, within :data:`TIE`, rolls on)."""
    bust_value = rotate(starts[j1, j2, i])
    found = turn(rules, starts, i, j1, j2, bust_value, hysteresis=TIE, margins=False)
    return found.value(bust_value), found.holds > 0


def value_iteration(rules: Jeopardy, *, in_place: bool = False, tolerance: float = 1e-12,
                    max_sweeps: int = SWEEPS, progress: Callable[..., None] | None = None) -> FixedPoint:
    """Three-player value iteration on ``rules`` from all turn starts at (1/3, 1/3, 1/3).

    Parameters
    ----------
    rules : Jeopardy
        The game (:func:`~epistemic.models.pig.pig` or any other jeopardy race).
    in_place : bool
        Update layer by layer, in decreasing order of the score sum, each
        layer read by the next (Gauss-Seidel), instead of all at once.
    tolerance, max_sweeps, progress
        As for :func:`~epistemic.fixedpoint.iterate`; the loop also stops on a
        policy cycle.  The states times ``max_sweeps`` may be at most
        :data:`MAX_STATE_SWEEPS`.

    Returns
    -------
    FixedPoint
        ``value[i, j1, j2]`` the turn-start vectors, ``policy[i, j1, j2, k]``
        whether the mover holds; the flips of a cycle are ``(i, j1, j2, k)``.

    Raises
    ------
    PigError
        If ``rules`` is not a jeopardy game, the tolerance is not positive,
        or the work would need more than :data:`MAX_BYTES` or could take
        more than :data:`MAX_STATE_SWEEPS` state-sweeps (checked before any
        work; the message says what would fit).
    """
    if not isinstance(rules, Jeopardy):
        raise PigError(f"three-player value iteration needs a jeopardy game such as pig(20), got {rules!r}")
    if not tolerance > 0:
        raise PigError(f"the tolerance must be positive, got {tolerance}")
    if isinstance(max_sweeps, bool) or not isinstance(max_sweeps, int) or max_sweeps < 1:
        raise PigError(f"the number of sweeps must be a whole number at least 1, got {max_sweeps!r}")
    needed = memory_needed(rules)
    if needed > MAX_BYTES:
        raise PigError(f"three-player {rules.describe()} needs about {needed / 2 ** 30:.1f} GiB,"
                       f" more than the {MAX_BYTES / 2 ** 30:.0f} GiB allowed")
    check_work(rules, max_sweeps)
    goal = rules.goal

    def step(starts: np.ndarray) -> tuple[np.ndarray, np.ndarray]:
        return sweep(rules, starts, in_place=in_place)

    return iterate(step, np.full((goal, goal, goal, 3), 1 / 3), tolerance=tolerance, max_sweeps=max_sweeps,
                   progress=progress, policies=True)
