"""Three-player Pig's value iteration varied as the seed varies it, and the decisions that keep flipping.

Bonnet, Neller and Viennot (2018, section "Three-Player Pig") find that
value iteration does not settle at goal 62, and try four changes to it:

- **separate policies**, one for each player, although the game is the
  same from each seat (:attr:`Dynamics.separate`);
- **randomized updates**, the states updated in a random order
  (``order="random"``);
- **a discount** ``gamma = 0.9`` (:attr:`Dynamics.discount`);
- **regret minimization**, mixed strategies updated by the regrets of
  holding and of rolling (:attr:`Dynamics.regret`).

Each reported a cycle between two states of one orbit.  :func:`run_dynamics`
runs any combination on the turn-total recursion of :mod:`.three_pig`
(:func:`~.three_pig.turn`) and the core's :func:`~epistemic.fixedpoint.iterate`,
which stops on a confirmed policy cycle.  A random order or drifting
regrets need not repeat a policy exactly (though they may, and then stop on
a cycle too), so every run also tallies, over its last sweeps, which
decisions changed and came back, and how often: :attr:`DynamicsRun.flippers`.

**Seats.**  With separate policies the values are ``value[seat, i, j1, j2]``:
player ``seat + 1`` to move with score ``i``, the next player ``j1``, the
one after ``j2``; after his hold or bust player ``seat + 2`` (mod 3) moves
from ``(j1, j2, i')``.  With one shared policy there is one seat.  Started
alike, separate policies swept all at once stay alike.  In place, the
score sums are swept from the largest down and, within a sum, players 1,
2 and 3 in turn.  Each reads the next player's table: a hold a larger sum,
already updated in this sweep; a bust the same sum, which is fresh only
for player 3 (player 1 was updated just before him) and last sweep's for
players 1 and 2.  So the players' tables come apart.

**State by state.**  The seed's first run updates "in place", and its
randomized run replaces "the strict ordering of updates": one state after
another, each reading the values of those before it in this sweep.  The
order ``"by_state"`` takes the states ``(i, j1, j2)`` one at a time in the
plain order of their indices, ``i`` then ``j1`` then ``j2``, each from 0
up, and solves each one's turn, its totals from the goal down, against the
values as they stand: a state updated earlier in the sweep gives its new
value.  It is run a block at a time (:func:`~.three_pig.state_blocks`),
with the same numbers.  With separate policies a player's table reads only
the next player's, so the tables go in turn, player 1's first, each at once.

**Random order.**  Each sweep shuffles every ``(seat, i, j1, j2)`` and
updates them in :attr:`Dynamics.blocks` blocks, each block reading what the
blocks before it wrote: one state at a time in Python would be thousands of
times slower, and a block of a few thousand states out of 700,000 at goal
62 keeps the order random.

**Regret matching.**  Every decision ``(i, j1, j2, k)`` with a choice
holds with a chance ``q``, at first 1/2.  A sweep values the turn under
those chances; for each decision the mover's gain from holding less that
from rolling, ``m``, adds ``(1 - q) m`` to the regret of not holding and
``-q m`` to that of not rolling, each regret kept at 0 or more (regret
matching plus, Tammelin 2014), and the next ``q`` is the first regret over
their sum (1/2 where both are 0).  The chances are part of the estimate, so
the run settles only when they do.  The policy watched for flips is which
of the two the mover prefers, ``q > 1/2``.

Examples
--------
>>> from epistemic.models.pig import pig
>>> run = run_dynamics(pig(8, 3), Dynamics(separate=True, order="in_place"))
>>> run.found.converged, [round(float(x), 4) for x in run.start]
(True, [0.431, 0.3246, 0.2444])
"""

from __future__ import annotations

from collections import deque
from collections.abc import Callable
import attrs
import numpy as np

from epistemic.fixedpoint import FixedPoint, iterate

from .rules import Jeopardy, PigError
from .three_pig import MAX_BYTES, SWEEPS, TIE, check_work, layers, memory_needed, rotate, state_blocks, turn

__all__ = ["Dynamics", "DynamicsRun", "Flipper", "run_dynamics", "describe_flippers", "describe_mixed", "ORDERS",
           "ORDER_NAMES", "WINDOW", "BLOCKS", "KEPT_CHANGES", "KEPT_SWEEPS", "MIXED"]

#: The orders of a sweep: all states at once, score sums from the largest down (each read by the
#: next), one state at a time in the plain order (each new value read at once), or a random order.
ORDERS = ("jacobi", "in_place", "by_state", "random")
#: How a report names each order.
ORDER_NAMES = {"jacobi": "Jacobi order", "in_place": "in-place order", "by_state": "state-by-state order",
               "random": "random order"}
#: The sweeps at the end of a run whose changed decisions are tallied.
WINDOW = 50
#: Blocks a sweep in random order.
BLOCKS = 64
#: A sweep that changes more decisions than this (early, while the policy takes shape) is counted,
#: not listed: the tally of a window holding one says so (:attr:`DynamicsRun.complete`).
KEPT_CHANGES = 100_000
#: The most sweeps a confirmed cycle's tally reaches back (its three periods, where longer than the window).
KEPT_SWEEPS = 300
#: With regret matching, a chance of holding further than this from 0 and from 1 is reported as mixed.
MIXED = 0.02


def _order(_, __, value):
    if value not in ORDERS:
        raise PigError(f"the order of a sweep is one of {', '.join(ORDERS)}, got {value!r}")


def _discount(_, __, value):
    if isinstance(value, bool) or not isinstance(value, (int, float)) or not 0 < value <= 1:
        raise PigError(f"the discount must be a number in (0, 1], got {value!r}")


def _whole(low):
    def check(_, attribute, value):
        if isinstance(value, bool) or not isinstance(value, int) or value < low:
            raise PigError(f"{attribute.name} must be a whole number at least {low}, got {value!r}")
    return check


@attrs.frozen
class Dynamics:
    """How value iteration is run: the seed's variations, each on or off.

    Attributes
    ----------
    separate : bool
        One policy for each player instead of one for all.
    order : str
        ``"jacobi"``, ``"in_place"``, ``"by_state"`` or ``"random"`` (:data:`ORDERS`).
    discount : float
        Bellman's discount, in (0, 1]: each roll and each hold multiplies
        what follows by it.
    regret : bool
        Mixed strategies by regret matching instead of best replies.
    blocks : int
        Blocks a sweep in random order.
    seed : int
        The random order's seed.
    """

    separate: bool = False
    order: str = attrs.field(default="in_place", validator=_order)
    discount: float = attrs.field(default=1.0, validator=_discount, converter=lambda v: v if isinstance(v, bool)
                                  else float(v) if isinstance(v, int) else v)
    regret: bool = False
    blocks: int = attrs.field(default=BLOCKS, validator=_whole(1))
    seed: int = attrs.field(default=0, validator=_whole(0))

    @property
    def seats(self) -> int:
        """How many policies: 3 when separate, else 1."""
        return 3 if self.separate else 1

    def describe(self) -> str:
        """A few words, as the seed names its experiments.

        >>> Dynamics(separate=True, order="random", discount=0.9).describe()
        'separate policies, random order, discount 0.9, best replies'
        """
        return ", ".join(["separate policies" if self.separate else "one policy",
                          ORDER_NAMES[self.order],
                          *([f"discount {self.discount:g}"] if self.discount != 1 else []),
                          "regret matching" if self.regret else "best replies"])


@attrs.frozen
class Flipper:
    """A state whose decisions changed in the tallied sweeps.

    Attributes
    ----------
    seat : int
        The player (0, 1, 2) whose policy it is; 0 for a shared policy.
    state : tuple of int
        ``(i, j1, j2)``: the mover's score, the next player's, the one after's.
    totals : tuple of int
        The turn totals ``k`` at which the decision changed.
    flips : int
        How many decisions of the state changed, summed over the sweeps.
    """

    seat: int
    state: tuple[int, int, int]
    totals: tuple[int, ...]
    flips: int

    def describe(self, seats: int) -> str:
        """``(0, 1, 30) k 28 x6``; with separate policies the player first: ``p2 (0, 1, 30) ...``."""
        who = f"p{self.seat + 1} " if seats > 1 else ""
        return f"{who}{self.state} k {','.join(map(str, self.totals))} x{self.flips}"


@attrs.frozen(eq=False)
class DynamicsRun:
    """A run of :func:`run_dynamics`.

    Attributes
    ----------
    dynamics : Dynamics
    found : FixedPoint
        ``value[seat, i, j1, j2]`` the turn-start vectors, ``policy[seat, i, j1, j2, k]``
        the decisions (holds, or with regret matching a preference to hold); a cycle's
        flips are ``(seat, i, j1, j2, k)``.
    window : int
        The sweeps tallied: where a cycle was confirmed, those of its three
        periods (up to :data:`KEPT_SWEEPS`), else the last :data:`WINDOW`.
    flippers : tuple of Flipper
        The states with a decision that changed at least twice in those
        sweeps (went and came back: one change is settling), most changes first.
    complete : bool
        False where some tallied sweep changed more than :data:`KEPT_CHANGES`
        decisions and so is counted in ``found.policy_changes`` but not listed.
    holds : numpy.ndarray or None
        With regret matching, the last chances of holding ``[seat, i, j1, j2, k]``.
    """

    dynamics: Dynamics
    found: FixedPoint
    window: int
    flippers: tuple[Flipper, ...]
    complete: bool
    holds: np.ndarray | None = None

    @property
    def start(self) -> np.ndarray:
        """Player 1's turn start at (0, 0, 0): the chances of players 1, 2, 3."""
        return self.found.value[0, 0, 0, 0]

    def mixed(self, margin: float = MIXED) -> tuple[tuple[int, tuple[int, int, int], int, float], ...]:
        """With regret matching, the decisions ``(seat, (i, j1, j2), k, q)`` whose last chance of
        holding ``q`` is more than ``margin`` from both 0 and 1, the nearest to 1/2 first; else ().

        >>> from epistemic.models.pig import pig
        >>> run = run_dynamics(pig(14, 3), Dynamics(order="jacobi", regret=True), max_sweeps=100)
        >>> [(seat, state, k, round(q, 2)) for seat, state, k, q in run.mixed() if state == (0, 0, 0)]
        [(0, (0, 0, 0), 5, 0.24)]
        """
        if self.holds is None:
            return ()
        found = np.argwhere((self.holds > margin) & (self.holds < 1 - margin))
        q = self.holds[tuple(found.T)]
        order = np.lexsort((*found.T[::-1], np.abs(q - 0.5)))
        return tuple((int(found[n, 0]), (int(found[n, 1]), int(found[n, 2]), int(found[n, 3])), int(found[n, 4]),
                      float(q[n])) for n in order)


class _Sweeper:
    """One sweep of the dynamics at a time, keeping what a sweep does not return: the
    random order, and with regret matching the chances of holding and the regrets."""

    def __init__(self, rules: Jeopardy, dynamics: Dynamics) -> None:
        self.rules, self.dynamics = rules, dynamics
        goal, seats = rules.goal, dynamics.seats
        self.states = goal ** 3
        self.i, self.j1, self.j2 = (axis.ravel() for axis in np.indices((goal,) * 3))
        self.policy = np.zeros((seats, self.states, goal), bool)
        self.blocks = state_blocks(goal) if dynamics.order == "by_state" else []
        self.rng = np.random.default_rng(dynamics.seed)
        shape = (seats, self.states, goal)
        self.holds = np.full(shape, 0.5) if dynamics.regret else None
        self.regrets = np.zeros((2,) + shape) if dynamics.regret else None

    def __call__(self, values: np.ndarray) -> tuple[np.ndarray, np.ndarray]:
        following = np.array(values)
        seats, order, everyone = self.dynamics.seats, self.dynamics.order, np.arange(self.states)
        if order == "jacobi":
            self._update(values, following, np.repeat(np.arange(seats), self.states), np.tile(everyone, seats))
        elif order == "in_place":
            for layer in layers(self.rules.goal):
                self._in_turn(following, np.tile(layer, seats), np.repeat(np.arange(seats), len(layer)))
        elif order == "by_state" and seats == 1:
            for block in self.blocks:
                self._update(following, following, np.zeros(len(block), int), block)
        elif order == "by_state":  # a player's table reads only the next player's: each table at once, in turn
            for seat in range(seats):
                self._update(following, following, np.full(self.states, seat), everyone)
        else:
            for block in np.array_split(self.rng.permutation(seats * self.states), self.dynamics.blocks):
                self._in_turn(following, block % self.states, block // self.states)
        return following, self.policy.reshape((seats,) + (self.rules.goal,) * 4).copy()

    def _in_turn(self, values: np.ndarray, states: np.ndarray, seats: np.ndarray) -> None:
        """Update ``states`` of ``seats`` in place, players 1, 2, 3 in turn: each reads the next
        player's table, and only the last player's is one written in this turn, so all but the last
        player go at once (the same numbers as one at a time, in fewer passes)."""
        last = self.dynamics.seats - 1
        for group in ((seats < last), (seats == last)) if last else (seats == 0,):
            if group.any():
                self._update(values, values, seats[group], states[group])

    def _update(self, values: np.ndarray, into: np.ndarray, seats: np.ndarray, states: np.ndarray) -> None:
        """The turns of ``seats`` (one a state) from ``states``, read from ``values`` and written ``into``."""
        tables = (seats + 1) % self.dynamics.seats  # the next mover's table
        i, j1, j2 = self.i[states], self.j1[states], self.j2[states]
        bust_value = rotate(values[tables, j1, j2, i])
        holds = self.holds
        found = turn(self.rules, values, i, j1, j2, bust_value, hysteresis=TIE, margins=holds is not None,
                     holds=None if holds is None else holds[seats, states], discount=self.dynamics.discount,
                     tables=tables)
        into[seats, i, j1, j2] = found.value(bust_value)
        if holds is None:
            self.policy[seats, states] = found.holds > 0
            return
        assert self.regrets is not None and found.margins is not None
        choice = ~np.isnan(found.margins)
        margin = np.where(choice, found.margins, 0.0)
        q = holds[seats, states]
        # regret matching plus: a regret is kept at 0 or more, so a move that turns better is
        # taken up at once instead of after its past deficit is made up
        hold_regret = np.maximum(self.regrets[0, seats, states] + (1 - q) * margin, 0.0)
        roll_regret = np.maximum(self.regrets[1, seats, states] - q * margin, 0.0)
        self.regrets[0, seats, states], self.regrets[1, seats, states] = hold_regret, roll_regret
        both = hold_regret + roll_regret
        # where the mover has no choice (k = 0, or the goal reached) he does not hold
        q = np.where(both > 0, hold_regret / np.where(both > 0, both, 1.0), np.where(choice, 0.5, 0.0))
        holds[seats, states] = q
        self.policy[seats, states] = (q > 0.5) & choice


class _Tally:
    """The decisions each of the last sweeps changed, to count which keep changing."""

    def __init__(self, window: int) -> None:
        # a confirmed cycle's three periods are tallied whole, however long, up to KEPT_SWEEPS
        self.window = window
        self.changed: deque[tuple[int, np.ndarray | None]] = deque(maxlen=max(window, KEPT_SWEEPS))
        self.last: np.ndarray | None = None
        self.sweeps = 0

    def add(self, policy: np.ndarray) -> None:
        self.sweeps += 1
        if self.last is not None:
            changed = np.flatnonzero(policy != self.last)
            self.changed.append((self.sweeps, changed if len(changed) <= KEPT_CHANGES else None))
        self.last = policy

    def flippers(self, shape: tuple[int, ...], since: int | None = None) -> tuple[int, tuple[Flipper, ...], bool]:
        """The sweeps tallied (those from ``since``, or else the last ``window``), their flippers,
        and whether all are listed."""
        since = self.sweeps - self.window + 1 if since is None else since
        tallied = [changed for sweep, changed in self.changed if sweep >= since]
        kept = [c for c in tallied if c is not None]
        complete = len(kept) == len(tallied)
        if not kept:
            return len(tallied), (), complete
        decisions, counts = np.unique(np.concatenate(kept), return_counts=True)
        # a decision that changed once in the window was settling; one that keeps flipping went and came back
        decisions, counts = decisions[counts >= 2], counts[counts >= 2]
        seat, i, j1, j2, k = np.unravel_index(decisions, shape)
        by_state: dict[tuple[int, int, int, int], tuple[list[int], int]] = {}
        for s, a, b, c, total, count in zip(seat.tolist(), i.tolist(), j1.tolist(), j2.tolist(), k.tolist(),
                                            counts.tolist()):
            totals, flips = by_state.get((s, a, b, c), ([], 0))
            by_state[s, a, b, c] = (totals + [total], flips + count)
        found = [Flipper(s, (a, b, c), tuple(totals), flips) for (s, a, b, c), (totals, flips) in by_state.items()]
        return len(tallied), tuple(sorted(found, key=lambda f: (-f.flips, f.seat, f.state))), complete


def run_dynamics(rules: Jeopardy, dynamics: Dynamics = Dynamics(), *, tolerance: float = 1e-12,
                 max_sweeps: int = SWEEPS, window: int = WINDOW,
                 progress: Callable[..., None] | None = None) -> DynamicsRun:
    """Value iteration on three-player ``rules`` run as ``dynamics`` says, from all values 1/3.

    Parameters
    ----------
    rules : Jeopardy
        The game (:func:`~epistemic.models.pig.pig` or any other jeopardy race).
    dynamics : Dynamics
        The seed's variations.
    tolerance, max_sweeps, progress
        As for :func:`~.three_pig.value_iteration`: the loop stops when no
        value changes by more than ``tolerance``, on a confirmed policy
        cycle, or after ``max_sweeps``.
    window : int
        The last sweeps whose changed decisions are tallied.

    Returns
    -------
    DynamicsRun

    Raises
    ------
    PigError
        If ``rules`` is not a jeopardy game, a number is out of range, or
        the work would need more than :data:`~.three_pig.MAX_BYTES` or could
        take more than :data:`~.three_pig.MAX_STATE_SWEEPS` state-sweeps
        (checked before any work).

    Examples
    --------
    >>> from epistemic.models.pig import pig
    >>> run = run_dynamics(pig(14, 3), Dynamics(order="jacobi"))
    >>> run.found.cycle.period, [f.describe(1) for f in run.flippers]
    (2, ['(0, 0, 0) k 5 x5'])
    """
    if not isinstance(rules, Jeopardy):
        raise PigError(f"three-player value iteration needs a jeopardy game such as pig(20), got {rules!r}")
    if not isinstance(dynamics, Dynamics):
        raise PigError(f"the dynamics are a Dynamics, got {dynamics!r}")
    if not tolerance > 0:
        raise PigError(f"the tolerance must be positive, got {tolerance}")
    for name, value in (("the number of sweeps", max_sweeps), ("the window", window)):
        if isinstance(value, bool) or not isinstance(value, int) or value < 1:
            raise PigError(f"{name} must be a whole number at least 1, got {value!r}")
    seats = dynamics.seats
    needed = memory_needed(rules, seats, dynamics.regret)
    if needed > MAX_BYTES:
        raise PigError(f"three-player {rules.describe()} with {dynamics.describe()} needs about "
                       f"{needed / 2 ** 30:.1f} GiB, more than the {MAX_BYTES / 2 ** 30:.0f} GiB allowed")
    check_work(rules, max_sweeps, seats)
    goal = rules.goal
    sweeper, tally = _Sweeper(rules, dynamics), _Tally(window)

    shape = (seats, goal, goal, goal, 3)
    size = int(np.prod(shape))

    def step(estimate: np.ndarray) -> tuple[np.ndarray, np.ndarray]:
        # with regret matching the chances of holding are part of the estimate: the run has
        # settled only when they have too
        following, policy = sweeper(estimate[:size].reshape(shape))
        tally.add(policy)
        holds = () if sweeper.holds is None else (sweeper.holds.ravel(),)
        return np.concatenate((following.ravel(),) + holds), policy

    start = np.full(size, 1 / 3) if sweeper.holds is None else np.concatenate((np.full(size, 1 / 3),
                                                                               sweeper.holds.ravel()))
    found = iterate(step, start, tolerance=tolerance, max_sweeps=max_sweeps, progress=progress, policies=True)
    found = attrs.evolve(found, value=found.value[:size].reshape(shape))
    shape = (seats, goal, goal, goal, goal)
    # a confirmed cycle's flips are those from where it began; before it, the policy was still taking shape
    tallied, flippers, complete = tally.flippers(shape, found.cycle.first + 1 if found.cycle else None)
    holds = None if sweeper.holds is None else sweeper.holds.reshape(shape)
    return DynamicsRun(dynamics, found, tallied, flippers, complete, holds)


def describe_flippers(run: DynamicsRun, shown: int) -> str:
    """The first ``shown`` flippers of ``run`` in one line, most changes first."""
    seats = run.dynamics.seats
    return _listed([f.describe(seats) for f in run.flippers], shown)


def describe_mixed(run: DynamicsRun, shown: int) -> str:
    """The first ``shown`` mixed decisions of ``run`` in one line: ``(0, 0, 0) k 5 q 0.1628``."""
    seats = run.dynamics.seats
    return _listed([f"{f'p{seat + 1} ' if seats > 1 else ''}{state} k {k} q {q:.4f}"
                    for seat, state, k, q in run.mixed()], shown)


def _listed(items: list[str], shown: int) -> str:
    more = len(items) - shown
    return "; ".join(items[:shown]) + (f"; {more} more" if more > 0 else "")
