"""Three-player Pig solved layer by layer: an equilibrium for each orbit of rotated scores.

Only a bust keeps the three scores; it passes the turn on, so the states
``A = (a, b, c)``, ``B = (b, c, a)`` and ``C = (c, a, b)`` (scores counted
up from 0, the mover's first) form an *orbit* that a run of busts goes
round, and every hold leads to a larger score sum.  Solving the sums from
the largest down, each orbit is a small game of its own: the three movers'
hold decisions, against the known values of the larger sums.

For fixed decisions a turn from ``X`` is worth ``start_X + bust_X *
rotate(V_Y)`` (:func:`~.three_pig.turn`), ``Y`` the state after a bust, so
the orbit's values are exact (``rotate`` three times is the identity)::

    V_A = (start_A + bust_A rotate(start_B) + bust_A bust_B rotate²(start_C))
          / (1 - bust_A bust_B bust_C)

Each mover's best reply to those values is found again until no decision
changes: a pure equilibrium of the orbit.  A reply holds only where holding
is better by more than :data:`~.three_pig.TIE` (a tie rolls on), as in value
iteration.  Where the replies of all three at once go round, the movers
reply one at a time; and every pure equilibrium of the orbit is counted: a
mover's decisions weigh only his own chance after a bust, so his best
replies are few, and every profile of them is tried.  Where none is an
equilibrium, the decisions that kept flipping are given hold chances that
make their movers indifferent (Newton's method on the margins).  Whatever
is found is reported orbit by orbit, mixed or not found, never hidden.

Examples
--------
>>> from epistemic.models.pig import pig
>>> found = solve(pig(8))
>>> [round(float(x), 4) for x in found.value[0, 0, 0]], found.searched
([0.6753, 0.2397, 0.0851], ())
"""

from __future__ import annotations

import itertools
from collections.abc import Callable, Mapping

import attrs
import numpy as np

from .rules import Jeopardy, PigError
from .three_pig import TIE, Turn, rotate, turn

__all__ = ["Equilibrium", "OrbitSearch", "solve", "orbits", "MAX_GOAL", "MAX_FLIPS", "ROUNDS", "SETTLED",
           "IN_TURN", "PURE", "MIXED", "NOT_FOUND"]

#: The largest goal solved (goal 62 takes about 8 s, goal 100 about four minutes).
MAX_GOAL = 100
#: Best-reply rounds before an orbit counts as going round.
ROUNDS = 40
#: The most flipping decisions searched for a mixed equilibrium in one orbit.
MAX_FLIPS = 8
#: Up to this many flips, every support (3 ** n of them) is tried where dropping flips one by one fails.
MAX_SUPPORTS_FLIPS = 6
#: Newton steps before a search for a mixed equilibrium gives up.
NEWTON_STEPS = 30
#: Margins within this count as indifference when an equilibrium is checked (a reply holds
#: only where holding is better by more than :data:`~.three_pig.TIE`, as in value iteration).
SETTLED = 1e-11
#: The chances after a bust at which a mover's best replies are read (then refined by bisection).
GRID = 1025
#: The most profiles of best replies tried in one orbit.
MAX_PROFILES = 200_000

State = tuple[int, ...]


#: How an orbit whose simultaneous best replies went round was settled (:attr:`OrbitSearch.how`).
IN_TURN, PURE, MIXED, NOT_FOUND = "replies in turn", "pure", "mixed", "not found"


@attrs.frozen
class OrbitSearch:
    """An orbit whose best replies, all three at once, went round, and what was found there.

    Attributes
    ----------
    states : tuple of State
        The orbit ``(A, B, C)``: each a rotation of the last.
    flips : tuple of tuple of int
        The decisions that kept changing when the movers replied one at a
        time, as ``(i, j1, j2, k)`` (empty where those replies settled).
    holds : tuple of float
        For each flip, the chance that its mover holds in the equilibrium
        found: 0 or 1 where he does not mix.
    pure : int or None
        How many pure equilibria the orbit has, every profile of the movers'
        best replies tried (None where there were more than
        :data:`MAX_PROFILES` profiles, and none was tried).
    how : str
        :data:`IN_TURN` (replying one mover at a time settled), :data:`PURE`
        (they did not, but some profile of best replies is an equilibrium),
        :data:`MIXED` (only a mixed one was found) or :data:`NOT_FOUND`.
    """

    states: tuple[State, ...]
    flips: tuple[tuple[int, ...], ...]
    holds: tuple[float, ...]
    pure: int | None
    how: str


@attrs.frozen(eq=False)
class Equilibrium:
    """The outcome of :func:`solve`.

    Attributes
    ----------
    rules : Jeopardy
    value : numpy.ndarray
        ``value[i, j1, j2]``: the win chances (mover, next, after) at the
        start of a turn.
    holds : numpy.ndarray of bool
        ``holds[i, j1, j2, k]``: whether the mover holds; where he mixes,
        whether he holds with a chance above 1/2.
    searched : tuple of OrbitSearch
        Every orbit whose best replies, all three at once, went round.
    rounds : int
        The most rounds of simultaneous best replies one score sum took.
    """

    rules: Jeopardy
    value: np.ndarray
    holds: np.ndarray
    searched: tuple[OrbitSearch, ...]
    rounds: int

    @property
    def mixed(self) -> tuple[OrbitSearch, ...]:
        """The orbits where only a mixed equilibrium was found."""
        return tuple(o for o in self.searched if o.how == MIXED)

    @property
    def unresolved(self) -> tuple[OrbitSearch, ...]:
        """The orbits where no equilibrium was found; every smaller score sum then
        rests on the last replies tried there."""
        return tuple(o for o in self.searched if o.how == NOT_FOUND)


def orbits(goal: int, total: int) -> np.ndarray:
    """The orbits of score sum ``total``: an ``(n, 3)`` array of each one's least rotation.

    >>> orbits(3, 3).tolist()
    [[0, 1, 2], [0, 2, 1], [1, 1, 1]]
    """
    i, j1, j2 = (axis.ravel() for axis in np.indices((goal, goal, goal)))
    keep = (i + j1 + j2 == total)
    states = np.stack([i[keep], j1[keep], j2[keep]], axis=1)
    key = states[:, 0] * goal * goal + states[:, 1] * goal + states[:, 2]
    least = np.minimum.reduce([key, states[:, 1] * goal * goal + states[:, 2] * goal + states[:, 0],
                               states[:, 2] * goal * goal + states[:, 0] * goal + states[:, 1]])
    return states[key == least]


def _cycle_values(starts: list[np.ndarray], busts: list[np.ndarray]) -> list[np.ndarray]:
    """The exact values of ``A, B, C`` from each one's turn, affine in the next one's value."""
    denominator = 1 - busts[0] * busts[1] * busts[2]
    values = []
    for x in range(3):
        y, z = (x + 1) % 3, (x + 2) % 3
        v = starts[x] + busts[x][:, None] * rotate(starts[y]) + (busts[x] * busts[y])[:, None] * rotate(rotate(starts[z]))
        values.append(v / denominator[:, None])
    return values


class _Orbits:
    """The orbits of one score sum, their states and the turns under given decisions."""

    def __init__(self, rules: Jeopardy, value: np.ndarray, least: np.ndarray) -> None:
        self.rules, self.value = rules, value
        self.states = [least, least[:, [1, 2, 0]], least[:, [2, 0, 1]]]

    def turns(self, values: list[np.ndarray], index: np.ndarray | slice = slice(None), *,
              holds: list[np.ndarray] | None = None, margins: bool = True) -> list[Turn]:
        """Each of A, B, C's turn when a bust is worth the next one's ``values`` (with its
        margins only with ``margins``).

        The three are one call of :func:`~.three_pig.turn` on their states side by side:
        its cost is mostly per turn total, not per state, and each state's arithmetic
        is its own, so the results are those of three calls.
        """
        s = np.concatenate([self.states[x][index] for x in range(3)])
        n = len(s) // 3
        found = turn(self.rules, self.value, s[:, 0], s[:, 1], s[:, 2],
                     np.concatenate([rotate(values[(x + 1) % 3]) for x in range(3)]),
                     holds=None if holds is None else np.concatenate(holds), hysteresis=TIE, margins=margins)
        return [Turn(found.start[x * n:(x + 1) * n], found.bust[x * n:(x + 1) * n],
                     None if found.margins is None else found.margins[x * n:(x + 1) * n],
                     found.holds[x * n:(x + 1) * n]) for x in range(3)]

    def turn_of(self, x: int, values: list[np.ndarray], index: np.ndarray | slice, *,
                holds: np.ndarray | None = None) -> Turn:
        """The turn of the orbits' ``x``-th states (0 for A)."""
        s = self.states[x][index]
        return turn(self.rules, self.value, s[:, 0], s[:, 1], s[:, 2], rotate(values[(x + 1) % 3]),
                    holds=holds, hysteresis=TIE)

    def under(self, holds: list[np.ndarray], index: np.ndarray) -> tuple[list[np.ndarray], list[Turn]]:
        """The exact values of the orbits ``index`` under the hold chances ``holds``, and the
        turns (with their margins) against those values."""
        values = self.values_under(holds, index)
        return values, self.turns(values, index, holds=holds)

    def values_under(self, holds: list[np.ndarray], index: np.ndarray) -> list[np.ndarray]:
        """The exact values of the orbits ``index`` under the hold chances ``holds``."""
        nothing = [np.zeros((len(index), 3))] * 3  # under fixed decisions the coefficients ignore it
        found = self.turns(nothing, index, holds=holds, margins=False)
        return _cycle_values([t.start for t in found], [t.bust for t in found])


def _best_replies(orbit: _Orbits, count: int) -> tuple[list[np.ndarray], list[np.ndarray], np.ndarray, int]:
    """Best replies of all orbits at once until none changes, or :data:`ROUNDS` pass;
    an orbit that settles drops out of the later rounds.

    Returns the values, the decisions, which orbits still change, and the rounds.
    """
    goal = orbit.rules.goal
    values = [np.full((count, 3), 1 / 3) for _ in range(3)]
    holds = [np.zeros((count, goal)) for _ in range(3)]
    going = np.arange(count)
    rounds = 0
    while going.size and rounds < ROUNDS:
        found = orbit.turns([v[going] for v in values], going, margins=False)
        changed = np.zeros(going.size, bool) if rounds else np.ones(going.size, bool)
        settled = _cycle_values([t.start for t in found], [t.bust for t in found])
        for x in range(3):
            changed |= (found[x].holds != holds[x][going]).any(axis=1)
            holds[x][going], values[x][going] = found[x].holds, settled[x]
        going = going[changed]
        rounds += 1
    stuck = np.zeros(count, bool)
    stuck[going] = True
    return values, holds, stuck, rounds


def _margins(turn_: Turn) -> np.ndarray:
    assert turn_.margins is not None, "the orbit's turns are always made with their margins"
    return turn_.margins


def _best_everywhere(turns: list[Turn], holds: list[np.ndarray]) -> np.ndarray:
    """For each row of decisions, whether every one is a best reply against the values they
    make: a hold not worse, a roll not better, a mix indifferent (within :data:`SETTLED`)."""
    fine = np.ones(len(holds[0]), bool)
    for t, q in zip(turns, holds):
        m = np.nan_to_num(_margins(t), nan=0.0)
        fine &= ~(((q > 0) & (m < -SETTLED)) | ((q < 1) & (m > SETTLED))).any(axis=1)
    return fine


@attrs.frozen(eq=False)
class _Replies:
    """A mover's best replies, one row of decisions each, and the range of his own chance
    after a bust over which each was seen best."""

    rows: np.ndarray
    low: np.ndarray
    high: np.ndarray


def _replies(orbit: _Orbits, x: int, at: int) -> _Replies:
    """Every best reply of the orbit's ``x``-th mover.

    His decisions weigh only his own chance after a bust, a number in
    [0, 1]: the replies are read on a grid of :data:`GRID` such chances, and
    between two that differ, bisection finds any reply in between.
    """
    i, j1, j2 = (int(v) for v in orbit.states[x][at])

    def replies(chances: np.ndarray) -> np.ndarray:
        bust = np.zeros((len(chances), 3))
        bust[:, 0] = chances
        n = len(chances)
        return turn(orbit.rules, orbit.value, np.full(n, i), np.full(n, j1), np.full(n, j2), bust,
                    hysteresis=TIE).holds

    seen: dict[bytes, list] = {}

    def note(row: np.ndarray, chance: float) -> None:
        entry = seen.setdefault(row.tobytes(), [row, chance, chance])
        entry[1], entry[2] = min(entry[1], chance), max(entry[2], chance)

    chances = np.linspace(0.0, 1.0, GRID)
    rows = replies(chances)
    for row, chance in zip(rows, chances):
        note(row, float(chance))
    gaps = [(chances[n], chances[n + 1], rows[n], rows[n + 1]) for n in range(GRID - 1)
            if not np.array_equal(rows[n], rows[n + 1])]
    while gaps:  # halve every gap at once, keeping the halves whose ends still differ
        gaps = [gap for gap in gaps if gap[1] - gap[0] >= 1e-12]
        if not gaps:
            break
        middles = np.array([(low + high) / 2 for low, high, _, _ in gaps])
        halves = []
        for (low, high, at_low, at_high), middle, row in zip(gaps, middles, replies(middles)):
            note(row, float(middle))
            if not np.array_equal(row, at_low):
                halves.append((low, middle, at_low, row))
            if not np.array_equal(row, at_high):
                halves.append((middle, high, row, at_high))
        gaps = halves
    entries = list(seen.values())
    return _Replies(np.array([e[0] for e in entries]), np.array([e[1] for e in entries]),
                    np.array([e[2] for e in entries]))


def _pure_equilibria(orbit: _Orbits, at: int) -> tuple[list[list[np.ndarray]], int]:
    """Every pure equilibrium of orbit ``at``: each mover plays one of his best replies
    (:func:`_replies`), and each reply is one against the values the three make.

    A reply's turn is affine in what a bust is worth, with coefficients of
    its own, so every profile's values come from the replies' coefficients
    at once; a profile whose movers' chances after a bust fall near where
    their replies were seen best is then checked decision by decision.

    Returns the equilibria (the three movers' decisions, one row each) and
    how many profiles were tried (0 where there were more than :data:`MAX_PROFILES`).
    """
    replies = [_replies(orbit, x, at) for x in range(3)]
    symmetric = tuple(orbit.states[0][at]) == tuple(orbit.states[1][at])
    sizes = [len(r.rows) for r in replies]
    if not symmetric and int(np.prod(sizes)) > MAX_PROFILES:
        return [], 0
    starts, busts = [], []
    for x, r in enumerate(replies):
        found = orbit.turn_of(x, [np.zeros((len(r.rows), 3))] * 3, np.full(len(r.rows), at), holds=r.rows)
        starts.append(found.start)
        busts.append(found.bust)
    if symmetric:  # one state: the three movers are one, and play alike
        profiles = np.repeat(np.arange(sizes[0])[:, None], 3, axis=1)
    else:
        profiles = np.stack([g.ravel() for g in np.indices(sizes)], axis=1)
    values = _cycle_values([starts[x][profiles[:, x]] for x in range(3)],
                           [busts[x][profiles[:, x]] for x in range(3)])
    near = np.ones(len(profiles), bool)
    for x, r in enumerate(replies):
        after_bust = values[(x + 1) % 3][:, 2]  # his own chance, seen from the next mover's seat
        chosen = profiles[:, x]
        near &= (after_bust >= r.low[chosen] - 2 / (GRID - 1)) & (after_bust <= r.high[chosen] + 2 / (GRID - 1))
    tried = len(profiles)
    profiles = profiles[near]
    index = np.full(len(profiles), at)
    holds = [replies[x].rows[profiles[:, x]].astype(float) for x in range(3)]
    fine = _best_everywhere(orbit.under(holds, index)[1], holds)
    return [[holds[x][n:n + 1] for x in range(3)] for n in np.flatnonzero(fine)], tried


Found = tuple[OrbitSearch, list[np.ndarray] | None, list[np.ndarray] | None]


def _orbit_search(orbit: _Orbits, at: int, values: list[np.ndarray], holds: list[np.ndarray],
                  choice: int | None = None) -> Found:
    """What the flipping decisions of orbit ``at`` allow: pure combinations, then mixed ones.

    Returns what was found, and the orbit's decisions and values under it (None if nothing).
    """
    one = np.array([at])
    states = tuple(tuple(int(v) for v in orbit.states[x][at]) for x in range(3))
    symmetric = states[0] == states[1]  # (a, a, a): one state, one decision at each k
    base = [h[one].astype(float) for h in holds]
    flips: set[tuple[int, int]] = set()
    vals = orbit.values_under(base, one)
    seen: dict[bytes, int] = {}
    noting, until = ROUNDS, 2 * ROUNDS  # without a repeat, note the flips of the last ROUNDS rounds
    for round_ in range(2 * ROUNDS):  # replies one mover at a time, until they settle or come round
        changed = False
        for x in ((0,) if symmetric else range(3)):
            reply = orbit.turn_of(x, vals, one).holds
            differ = np.flatnonzero(reply[0] != base[x][0])
            if differ.size:
                changed = True
                if round_ >= noting:  # the decisions that change once the replies go round
                    flips |= {(x, int(k)) for k in differ}
                for y in (range(3) if symmetric else (x,)):
                    base[y] = reply.copy()
                vals = orbit.values_under(base, one)
        if not changed or round_ >= until:
            break
        key = b"".join(b.tobytes() for b in base)
        if key in seen and until == 2 * ROUNDS:  # come round: one more turn of it, noting its flips
            noting, until = round_ + 1, round_ + (round_ - seen[key])
        seen.setdefault(key, round_)
    equilibria, tried = _pure_equilibria(orbit, at)
    if choice is not None:
        if not 0 <= choice < len(equilibria):
            raise PigError(f"the orbit of {states[0]} has {len(equilibria)} pure equilibria: there is no "
                           f"equilibrium {choice} to play")
        chosen = equilibria[choice]
        return (OrbitSearch(states, (), (), len(equilibria), IN_TURN if not changed else PURE), chosen,
                orbit.values_under(chosen, one))
    if not changed:
        return OrbitSearch(states, (), (), len(equilibria) if tried else None, IN_TURN), base, vals
    if equilibria:
        chosen = equilibria[0]
        return OrbitSearch(states, (), (), len(equilibria), PURE), chosen, orbit.values_under(chosen, one)
    order = sorted(flips)
    named = tuple((*states[x], k) for x, k in order)

    def played(rows: np.ndarray) -> tuple[list[np.ndarray], list[np.ndarray], list[Turn]]:
        """For each row of the flips' hold chances: the orbit's decisions, values and turns."""
        index = np.full(len(rows), at)
        trial = [np.repeat(b, len(rows), axis=0) for b in base]
        for c, (x, k) in enumerate(order):
            for y in (range(3) if symmetric else (x,)):
                trial[y][:, k] = rows[:, c]
        return trial, *orbit.under(trial, index)

    def margins(rows: np.ndarray) -> np.ndarray:
        found = played(rows)[2]
        return np.stack([_margins(found[x])[:, k] for x, k in order], axis=1)

    none = 0 if tried else None
    if len(order) > MAX_FLIPS:
        return OrbitSearch(states, named, (), none, NOT_FOUND), None, None

    def settles(q: np.ndarray, mixing: list[int]) -> bool:
        if not _newton(margins, q, mixing):
            return False
        trial, _, found = played(q[None])
        return bool(_best_everywhere(found, trial)[0])

    def mixed(q: np.ndarray) -> Found:
        trial, values, _ = played(q[None])
        return OrbitSearch(states, named, tuple(float(p) for p in q), none, MIXED), trial, values

    # all the flips mixing first; where Newton leaves (0, 1), the flip nearest an end is made pure
    q, mixing = np.full(len(order), 0.5), list(range(len(order)))
    while mixing:
        if settles(q, mixing):
            return mixed(q)
        nearest = min(mixing, key=lambda n: min(q[n], 1 - q[n]))
        q[nearest] = float(q[nearest] > 0.5)
        mixing.remove(nearest)
    if len(order) <= MAX_SUPPORTS_FLIPS:  # then every support, the larger first
        for support in sorted(itertools.product((0, 1, 2), repeat=len(order)), key=lambda s: -s.count(2)):
            q = np.array([0.5 if s == 2 else float(s) for s in support])
            if 2 in support and settles(q, [n for n, s in enumerate(support) if s == 2]):
                return mixed(q)
    return OrbitSearch(states, named, (), none, NOT_FOUND), None, None


def _newton(margins: Callable[[np.ndarray], np.ndarray], q: np.ndarray, mixing: list[int]) -> bool:
    """Solve ``margins(q)[mixing] = 0`` for ``q[mixing]`` inside (0, 1), in place; whether it was.

    ``margins`` takes a batch of hold-chance rows and returns their margins,
    so that a step and its finite differences cost one call.
    """
    for _ in range(NEWTON_STEPS):
        batch = np.repeat(q[None], len(mixing) + 1, axis=0)
        for c, n in enumerate(mixing):
            batch[c + 1, n] += 1e-7
        found = margins(batch)[:, mixing]
        f = found[0]
        if np.max(np.abs(f)) <= SETTLED / 10:
            return True
        try:
            move = np.linalg.solve(((found[1:] - f) / 1e-7).T, -f)
        except np.linalg.LinAlgError:
            return False
        scale = 1.0
        while np.any((q[mixing] + scale * move <= 0) | (q[mixing] + scale * move >= 1)) and scale > 1e-6:
            scale /= 2
        if scale <= 1e-6:
            return False
        q[mixing] += scale * move
    return False


def solve(rules: Jeopardy, *, progress: Callable[..., None] | None = None,
          choose: Mapping[State, int] | None = None) -> Equilibrium:
    """An equilibrium of three-player ``rules``, orbit by orbit from the largest score sum down.

    Parameters
    ----------
    rules : Jeopardy
        The game (:func:`~epistemic.models.pig.pig` or any other jeopardy race).
    progress : callable, optional
        ``progress(done, total)`` after each score sum.
    choose : mapping, optional
        For an orbit whose replies go round, keyed by its least rotation:
        which of its pure equilibria to play, by place in their list.  The
        list is ordered by the first mover's reply, then the second's, then
        the third's; each mover's replies run from the one best when a bust
        is worth nothing to him (he holds most) to the one best when it is
        worth a sure win.  Other orbits play as described above.

    Returns
    -------
    Equilibrium

    Raises
    ------
    PigError
        If ``rules`` is not a jeopardy game, or its goal is above :data:`MAX_GOAL`.
    """
    if not isinstance(rules, Jeopardy):
        raise PigError(f"three-player Pig needs a jeopardy game such as pig(20), got {rules!r}")
    goal = rules.goal
    if goal > MAX_GOAL:
        raise PigError(f"three-player {rules.describe()} is solved for goals up to {MAX_GOAL}")
    value = np.zeros((goal, goal, goal, 3))
    holds = np.zeros((goal,) * 4, bool)
    searched: list[OrbitSearch] = []
    most = 0
    sums = 3 * goal - 2
    for done, total in enumerate(range(sums - 1, -1, -1)):
        least = orbits(goal, total)
        orbit = _Orbits(rules, value, least)
        values, decided, going, rounds = _best_replies(orbit, len(least))
        most = max(most, rounds)
        for at in np.flatnonzero(going):
            least_state = tuple(int(v) for v in least[at])
            found, trial, vals = _orbit_search(orbit, int(at), values, decided, (choose or {}).get(least_state))
            searched.append(found)
            if trial is not None and vals is not None:
                for x in range(3):
                    values[x][at], decided[x][at] = vals[x][0], trial[x][0]
        for x in range(3):
            s = orbit.states[x]
            value[s[:, 0], s[:, 1], s[:, 2]] = values[x]
            holds[s[:, 0], s[:, 1], s[:, 2]] = decided[x] > 0.5
        if progress is not None:
            progress(done + 1, sums)
    return Equilibrium(rules, value, holds, tuple(searched), most)
