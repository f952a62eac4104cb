"""Three-player Piglet in floats, solved score sum by score sum over a box of states.

:class:`~.three.ThreePiglet` solves a state when it is asked for, through the
prediction DAG, evaluating all ``abc`` triples of hold values.
:class:`SumSolver` gives the same equilibria and the same gains, to the last
bit, with far less work:

* Every state within a box ``1..m`` is solved at once, in order of
  ``a + b + c`` (a state needs only smaller sums), all states of one sum
  together in numpy arrays; the gains are kept in one array indexed by
  ``(a, b, c)``.
* Before any triple is evaluated, each seat's hold values that cannot be a
  best reply are struck out (:func:`prune`), until no more can be or at
  most :data:`ENOUGH` triples are left; the stage game is then evaluated on
  what is left, the triples of all states of the sum listed one after
  another, by the formula and the order of operations of
  :func:`~.three.stage_gains`, and its pure equilibria chosen by the same
  test.

Why a hold value can be struck out.  Seen from a seat's own turn, his gain
from holding at ``h`` is ``E(h) = V + (g_h - V) / (1 + t_h Y)``: ``g_h`` his
gain after that hold, ``t_h = (1 - p^h) / p^h``, ``Y`` the chance that one of
the other two holds before his next turn and ``V`` his gain when one does;
``V`` and ``Y`` depend on the other two's hold values only.  His gain in the
stage game is ``E`` times a positive factor (1 for the mover, ``1 - p^alpha``
for the next player, ``(1 - p^alpha)(1 - p^beta)`` for the last) plus terms
that do not depend on ``h``.  For two hold values ``m`` and ``h``, ``E(m) -
E(h)`` is linear in ``V``, increasing when ``m > h``; as a function of ``Y``
it has at most one turning point, which is found in closed form.  So its
least value over the box of ``V`` and ``Y`` that the other two's remaining
hold values allow is exact; where it exceeds the float tolerance (with room
to spare for rounding) for some ``m``, ``h`` is never within the tolerance of
a best reply, is in no equilibrium, and no best reply is missed without it.
Striking out one seat's values narrows the others' boxes, so the rounds go
on until nothing changes.  Whatever is struck out, every best reply to the
values left is left, so the equilibria and gains do not depend on how far
the rounds go.

Only float gains with a game ending at the first winner take this way
(:func:`applies`); exact gains, and a game going on between the last two,
are solved on the DAG.

Examples
--------
>>> solver = SumSolver(0.5, Rewards())
>>> solver.solve(2)
>>> solver.solution((2, 2, 2)).holds, [round(x, 4) for x in solver.solution((2, 2, 2)).gains]
((2, 2, 2), [0.2973, -0.027, -0.2703])
"""

from __future__ import annotations

import itertools
from collections.abc import Callable
from typing import Any

import numpy as np

from .three_values import TOLERANCE, Rewards, StateSolution

__all__ = ["SumSolver", "applies", "prune"]

State = tuple[int, int, int]
#: Triples of hold values evaluated at once (the states of a sum are cut into pieces of about this many).
BATCH = 1 << 19
#: How many times the float tolerance a hold value must fall short by to be struck out.
ROOM = 4
#: A state with at most this many triples of hold values left has its stage game evaluated as it is:
#: striking out more would cost more than evaluating them.
ENOUGH = 64
#: After the first round of striking out, the states go on in groups by the most values a seat has
#: left: at most 8, and more (a few states, where values tie within the tolerance).
GROUPS = np.array([8])


def applies(p: Any, rewards: Rewards) -> bool:
    """Whether the game at ``p`` with ``rewards`` is solved sum by sum: float gains, first winner ends it."""
    return isinstance(p, float) and not rewards.continues


class SumSolver:
    """Every state within a growing box ``1..m``, solved score sum by score sum.

    Parameters
    ----------
    p : float
        The probability of a head.
    rewards : Rewards
        Rewards ending the game at the first winner.
    progress : callable, optional
        Called as ``progress(sums)`` with the number of score sums solved, after each.
    pruned : bool
        Strike out the hold values that cannot be best replies (the default);
        ``False`` evaluates every triple, as the DAG does.
    enough : int
        Stop striking out at a state once at most this many triples are left
        there (:data:`ENOUGH`; 1 strikes out all that can be).
    """

    def __init__(self, p: float, rewards: Rewards, *, progress: Callable[[int], None] | None = None,
                 pruned: bool = True, enough: int = ENOUGH):
        self.p, self.rewards, self.progress, self.enough = p, rewards, progress, enough
        self.box = 0
        self.solved = 0
        #: the triples of hold values evaluated, after pruning
        self.evaluated = 0
        self._gains = np.zeros((1, 1, 1, 3))
        self._holds = np.zeros((1, 1, 1, 3), dtype=np.int16)
        self._count = np.zeros((1, 1, 1), dtype=np.int32)
        self._several: dict[State, StateSolution] = {}
        # NaN marks gains undetermined; while there are none, no state's inputs need looking at
        self._undetermined = False
        reach = max(abs(float(x)) for x in (rewards.winner, rewards.second, rewards.third, rewards.tie_winner,
                                            rewards.tie_loser))
        self._pruned = pruned and p < 1
        self._room = ROOM * TOLERANCE * (1 + reach)

    def solution(self, state: State) -> StateSolution:
        """The solution at a non-final state within the box solved."""
        several = self._several.get(state)
        if several is not None:
            return several
        if self._count[state] == 0:
            return StateSolution(state, None, None)
        holds = (int(self._holds[state][0]), int(self._holds[state][1]), int(self._holds[state][2]))
        gains = (float(self._gains[state][0]), float(self._gains[state][1]), float(self._gains[state][2]))
        return StateSolution(state, holds, gains, ((holds, gains),))

    def solutions(self, states: list[State]) -> list[StateSolution]:
        """The solutions at some non-final states within the box solved, as :meth:`solution` gives each."""
        if not states:
            return []
        a, b, c = np.array(states).T
        out = []
        for state, count, holds, gains in zip(states, self._count[a, b, c].tolist(), self._holds[a, b, c].tolist(),
                                              self._gains[a, b, c].tolist()):
            several = self._several.get(state)
            if several is not None:
                out.append(several)
            elif count == 0:
                out.append(StateSolution(state, None, None))
            else:
                played, gained = (holds[0], holds[1], holds[2]), (gains[0], gains[1], gains[2])
                out.append(StateSolution(state, played, gained, ((played, gained),)))
        return out

    def solve(self, box: int) -> None:
        """Solve every state whose three needs are at most ``box`` (those not solved yet)."""
        if box <= self.box:
            return
        old, self.box = self.box, box
        size = (box + 1,) * 3
        self._gains = _grown(self._gains, size + (3,), old)
        self._holds = _grown(self._holds, size + (3,), old)
        self._count = _grown(self._count, size, old)
        for x in range(1, box + 1):
            for y in range(1, box + 1):
                if max(x, y) > old:
                    for state in ((x, y, 0), (x, 0, y), (0, x, y)):
                        self._gains[state] = self.rewards.ends(state)
        weights = _Weights(self.p, box)
        # the bounds divide by powers of p and square their inverses: where those leave the floats'
        # range, every triple is evaluated
        pruned = self._pruned and weights.wa[-1] > 1e-100
        needs = np.arange(1, box + 1)
        a, b, c = (x.ravel() for x in np.meshgrid(needs, needs, needs, indexing="ij"))
        new = np.maximum(np.maximum(a, b), c) > old
        a, b, c = a[new], b[new], c[new]
        total = a + b + c
        order = np.argsort(total, kind="stable")
        a, b, c, total = a[order], b[order], c[order], total[order]
        bounds = np.searchsorted(total, np.arange(3, 3 * box + 2))
        for done, (lo, hi) in enumerate(zip(bounds[:-1], bounds[1:]), start=1):
            if hi > lo:
                self._solve_sum(a[lo:hi], b[lo:hi], c[lo:hi], weights, pruned)
            if self.progress is not None:
                self.progress(done)

    def _solve_sum(self, a: Any, b: Any, c: Any, weights: _Weights, pruned: bool) -> None:
        """Solve states of one score sum (they need only smaller sums)."""
        gains, box = self._gains, self.box
        holds = np.arange(1, box + 1)
        needs = (a, b, c)
        allowed = [holds[None, :] <= n[:, None] for n in needs]
        # gains after each seat's hold of 1, 2, ... at the next states (b, c, a - alpha),
        # (c, a, b - beta) and (a, b, c - gamma), seats turned back to this state's:
        # turned[r][s, h - 1, q] is seat q's gain after seat r holds at h
        rows = (gains[b[:, None], c[:, None], np.maximum(a[:, None] - holds, 0)],
                gains[c[:, None], a[:, None], np.maximum(b[:, None] - holds, 0)],
                gains[a[:, None], b[:, None], np.maximum(c[:, None] - holds, 0)])
        turned = [rows[r][:, :, [(q + (2, 1, 0)[r]) % 3 for q in range(3)]] for r in range(3)]
        self.solved += len(a)
        if self._undetermined:
            bad = np.zeros(len(a), dtype=bool)
            for r in range(3):
                bad |= (np.isnan(rows[r]).any(axis=2) & allowed[r]).any(axis=1)
            for state in zip(a[bad].tolist(), b[bad].tolist(), c[bad].tolist()):
                self._undecided(state)
            if bad.any():
                keep = ~bad
                a, b, c = a[keep], b[keep], c[keep]
                allowed = [x[keep] for x in allowed]
                turned = [x[keep] for x in turned]
                if not len(a):
                    return
        left = prune(self.p, allowed, turned, self._room, enough=self.enough) if pruned else allowed
        # the stage games are evaluated on the triples left, listed one after another (no padding),
        # in pieces of whole states of about BATCH triples each
        counts = [x.sum(axis=1) for x in left]
        size = counts[0] * counts[1] * counts[2]
        self.evaluated += int(size.sum())
        ends = np.cumsum(size)
        cuts = np.searchsorted(ends, np.arange(BATCH, int(ends[-1]), BATCH), side="right")
        for lo, hi in itertools.pairwise([0, *np.unique(cuts).tolist(), len(a)]):
            if hi > lo:
                self._solve_piece((a[lo:hi], b[lo:hi], c[lo:hi]), [x[lo:hi] for x in left],
                                  [x[lo:hi] for x in turned], weights)

    def _solve_piece(self, needs: tuple[Any, Any, Any], left: list[Any], turned: list[Any],
                     weights: _Weights) -> None:
        """Evaluate the stage games of some states on the hold values left, and keep their equilibria.

        ``turned[r]`` is every seat's gain after seat ``r`` holds, by state and hold value.
        """
        triples = _Triples(left)
        owner, alpha, beta, gamma = triples.owner, triples.holds[0], triples.holds[1], triples.holds[2]
        # the weights and gains as stage_gains makes them, operation for operation: the first two
        # terms on (alpha, beta), then the last seat's term, then the division
        powers, fail = weights.wa, weights.fail
        wa = powers[alpha]
        wb = fail[alpha] * powers[beta]
        wc = (fail[alpha] * fail[beta]) * powers[gamma]
        total = (wa + wb) + wc
        ga, gb, gc = turned[0][owner, alpha], turned[1][owner, beta], turned[2][owner, gamma]
        seat_gains = [((wa * ga[:, q] + wb * gb[:, q]) + wc * gc[:, q]) / total for q in range(3)]
        equilibrium = np.ones(len(owner), dtype=bool)
        for q in range(3):
            equilibrium &= triples.best(seat_gains[q], q)
        hits = np.flatnonzero(equilibrium)
        where = owner[hits]
        found = np.bincount(where, minlength=triples.states)
        first = np.searchsorted(where, np.arange(triples.states))
        a, b, c = needs
        for s in np.flatnonzero(found == 0).tolist():
            self._undecided((int(a[s]), int(b[s]), int(c[s])))
        some = found > 0
        played = hits[first[some]]
        state = (a[some], b[some], c[some])
        self._holds[state] = np.stack([alpha[played], beta[played], gamma[played]], axis=1) + 1
        self._gains[state] = np.stack([x[played] for x in seat_gains], axis=1)
        self._count[state] = found[some]
        for s in np.flatnonzero(found > 1).tolist():
            rows = hits[first[s]:first[s] + found[s]].tolist()
            key = (int(a[s]), int(b[s]), int(c[s]))
            equilibria = tuple(((int(alpha[t]) + 1, int(beta[t]) + 1, int(gamma[t]) + 1),
                                (float(seat_gains[0][t]), float(seat_gains[1][t]), float(seat_gains[2][t])))
                               for t in rows)
            self._several[key] = StateSolution(key, equilibria[0][0], equilibria[0][1], equilibria)

    def _undecided(self, state: State) -> None:
        self._gains[state] = np.nan
        self._count[state] = 0
        self._undetermined = True


def prune(p: float, allowed: list[Any], after: list[Any], room: float, *,
          enough: int = 1, groups: Any = None) -> list[Any]:
    """Strike out the hold values that are no seat's best reply to anything left, until none is.

    ``allowed[q]`` marks seat ``q``'s hold values ``1..G`` by state, and
    ``after[r][s, h - 1, q]`` is seat ``q``'s gain after seat ``r`` holds at
    ``h`` at state ``s``.  A state is left alone once at most ``enough``
    triples of hold values are left there.  A
    hold value ``h`` of seat ``q`` goes when, for some other value ``m``
    left, ``E(m) - E(h)`` (module docstring) exceeds ``room`` over the seat's
    factor for every ``V`` and ``Y`` the other two's values left allow.
    After a first round on a cheap box of ``V``, the states go on in groups
    by the most values a seat has left (at most ``groups[0]``, at most
    ``groups[1]``, ..., more), each padded to its own widest (:data:`GROUPS`
    by default).  Returns the marks of the values left.
    """
    size = allowed[0].shape[1]
    heads = np.array([p ** h for h in range(1, size + 1)])
    odds = (1 - heads) / heads
    # the seat's gain in the stage game is E times at least 1, 1 - p, (1 - p) ** 2
    factor = (1.0, 1 - p, (1 - p) ** 2)
    left = [np.zeros_like(x) for x in allowed]
    holds, valid = (list(x) for x in zip(*(_compact(x) for x in allowed)))
    rows = np.arange(len(allowed[0]))[:, None]
    everything = _Lists(rows[:, 0], holds, valid,
                        [np.ascontiguousarray(np.moveaxis(after[r][rows, holds[r]], 2, 0)) for r in range(3)])
    everything.strike(heads, odds, room / np.array(factor), cheap=True)
    everything = _retire(everything, left, np.ones(len(everything.states), dtype=bool), enough)
    # a few states keep many values (ties within the tolerance): the states go on in groups so
    # that those pad only each other
    widest = np.max([x.sum(axis=1) for x in everything.valid], axis=0)
    group = np.searchsorted(GROUPS if groups is None else np.asarray(groups), widest)
    for number in np.unique(group).tolist():
        lists = everything.take(group == number)
        while len(lists.states):
            lists = _retire(lists, left, lists.strike(heads, odds, room / np.array(factor), cheap=False), enough)
    return left


def _retire(lists: _Lists, left: list[Any], changed: Any, enough: int) -> _Lists:
    """Mark in ``left`` the values of the states done, those unchanged or with at most ``enough``
    triples left; the lists of the others."""
    counts = [x.sum(axis=1) for x in lists.valid]
    done = ~changed | (counts[0] * counts[1] * counts[2] <= enough)
    if done.any():
        for q in range(3):
            at, columns = np.nonzero(lists.valid[q] & done[:, None])
            left[q][lists.states[at], lists.holds[q][at, columns]] = True
        lists = lists.take(~done)
    return lists


class _Lists:
    """Each seat's hold values left at some states, in order and padded, with the gains after them.

    ``states`` are the states' places in the sum's arrays; ``holds[q]`` seat
    ``q``'s values left (positions ``h - 1``), ``valid[q]`` where they are
    real, and ``gains[r][q]`` seat ``q``'s gain after seat ``r`` holds at each.
    A list is padded with its first value, so that the least and greatest of
    anything over a list, and the first place of its greatest, are its real
    values' own.
    """

    def __init__(self, states: Any, holds: list[Any], valid: list[Any], gains: list[Any]):
        self.states, self.holds, self.valid, self.gains = states, holds, valid, gains

    def take(self, keep: Any) -> _Lists:
        """The lists of the states kept, narrowed to the widest of them."""
        holds, valid, gains = [], [], []
        for q in range(3):
            width = max(int(self.valid[q][keep].sum(axis=1).max(initial=1)), 1)
            holds.append(self.holds[q][keep, :width])
            valid.append(self.valid[q][keep, :width])
            gains.append(self.gains[q][:, keep, :width])
        return _Lists(self.states[keep], holds, valid, gains)

    def strike(self, heads: Any, odds: Any, room: Any, cheap: bool) -> Any:
        """Strike out, seat by seat, the values that fall short by more than ``room[q]``; which states changed.

        ``cheap`` bounds ``V`` by the gains after the others' holds, not by
        their weighted means over the pairs of values left.
        """
        holds, valid, gains = self.holds, self.valid, self.gains
        changed = np.zeros(len(self.states), dtype=bool)
        rows = np.arange(len(self.states))[:, None]
        for q in range(3):
            first, second = (q + 1) % 3, (q + 2) % 3
            # Y = p^u + (1 - p^u) p^v grows with p^u and p^v: its least at the largest values left
            y_low = _chance(heads[_last(holds[first], valid[first])], heads[_last(holds[second], valid[second])])
            y_high = _chance(heads[holds[first][:, 0]], heads[holds[second][:, 0]])
            if cheap:
                # V is a weighted mean of the two gains, so it lies between them
                v_low = np.minimum(gains[first][q].min(axis=1), gains[second][q].min(axis=1))
                v_high = np.maximum(gains[first][q].max(axis=1), gains[second][q].max(axis=1))
            else:
                v_low, v_high = _mean_range(heads[holds[first]], heads[holds[second]], gains[first][q],
                                            gains[second][q])
            # the witnesses: each state's best hold value left at the two corners of the box that
            # favour the least and the greatest hold values (V low and Y high, V high and Y low);
            # on long lists one after the other, the second on what the first leaves
            for corners in ((0,), (1,)) if cheap else ((0, 1),):
                box = _Box(odds[holds[q]], v_low, v_high, y_low, y_high)
                own, mine = gains[q][q], valid[q]
                ends = ((v_low, box.share_high), (v_high, box.share_low))
                witness = np.stack([np.argmax((own - ends[c][0][:, None]) * ends[c][1], axis=1) for c in corners])
                out = (box.least_gap(own, witness, room[q]) > room[q]).any(axis=0) & mine
                if out.any():
                    changed |= out.any(axis=1)
                    order, valid[q] = _compact(mine & ~out)
                    holds[q] = holds[q][rows, order]
                    gains[q] = gains[q][:, rows, order]
        return changed


class _Box:
    """The box of ``V`` and ``Y`` that a seat's hold values are set against, by state.

    ``odds[s, n]`` is ``t_h`` for the ``n``-th hold value left at state ``s``;
    ``share_low`` and ``share_high`` are ``1 / (1 + t_h Y)`` at the least and
    greatest ``Y``.
    """

    def __init__(self, odds: Any, v_low: Any, v_high: Any, y_low: Any, y_high: Any):
        self.odds = odds
        self.v_low, self.v_high = v_low[:, None], v_high[:, None]
        self.y_low, self.y_high = y_low[:, None], y_high[:, None]
        self.share_low = 1 / (1 + odds * self.y_low)
        self.share_high = 1 / (1 + odds * self.y_high)
        # t_h / (1 + t_h Y) ** 2 at the two ends, a hold value's term of the derivative in Y
        self.rise_low = odds * self.share_low ** 2
        self.rise_high = odds * self.share_high ** 2

    def least_gap(self, own: Any, witness: Any, above: float = -np.inf) -> Any:
        """The least of ``E(m) - E(h)`` over the box for every ``h`` (``-inf`` at ``m``), ``m`` each witness.

        ``witness[k, s]`` is a position in the list of state ``s``; the answer
        is indexed ``[k, s, h]``.  Where the least at the box's corners is at
        most ``above``, it is what is returned, the least over the box being
        no greater: told apart from ``above``, every answer is the exact one.

        ``E(m) - E(h) = (g_m - V) / (1 + t_m Y) - (g_h - V) / (1 + t_h Y)`` is
        linear in ``V`` with slope ``1 / (1 + t_h Y) - 1 / (1 + t_m Y)``,
        positive when ``m > h``: its least is at ``V`` low then, high
        otherwise.  In ``Y`` its derivative is zero only where
        ``sqrt(A t_m) (1 + t_h Y) = sqrt(B t_h) (1 + t_m Y)`` (``A``, ``B`` the
        two gains over ``V``, of one sign): a least value inside the range,
        where the derivative goes from below 0 to above, is there.
        """
        place = np.arange(own.shape[1])
        states = np.arange(own.shape[0])
        m = witness[:, :, None]
        v = np.where(m > place, self.v_low, self.v_high)
        big, small = own[states, witness][:, :, None] - v, own - v
        odds_m, odds_h = self.odds[states, witness][:, :, None], self.odds
        low_m, high_m = self.share_low[states, witness][:, :, None], self.share_high[states, witness][:, :, None]
        least = np.minimum(big * low_m - small * self.share_low, big * high_m - small * self.share_high)
        # the derivative in Y below 0 at the least Y and above 0 at the greatest, where it matters
        inside = least > above
        inside &= small * self.rise_low < big * self.rise_low[states, witness][:, :, None]
        inside &= small * self.rise_high > big * self.rise_high[states, witness][:, :, None]
        if inside.any():
            k, s, n = np.nonzero(inside)
            big_in, small_in, t_m, t_h = big[k, s, n], small[k, s, n], odds_m[k, s, 0], odds_h[s, n]
            root_m, root_h = np.sqrt(np.abs(big_in) * t_m), np.sqrt(np.abs(small_in) * t_h)
            with np.errstate(divide="ignore", invalid="ignore"):
                turn = np.clip((root_h - root_m) / (root_m * t_h - root_h * t_m), self.y_low[s, 0], self.y_high[s, 0])
            turn = np.where(np.isnan(turn), self.y_low[s, 0], turn)
            least[k, s, n] = np.minimum(least[k, s, n], big_in / (1 + t_m * turn) - small_in / (1 + t_h * turn))
        least[np.arange(len(witness))[:, None], states, witness] = -np.inf
        return least


def _mean_range(pu: Any, pv: Any, gu: Any, gv: Any) -> tuple[Any, Any]:
    """The least and greatest ``V`` over the pairs of hold values left to the two others (lists padded
    with a value of their own)."""
    pu, pv = pu[:, :, None], pv[:, None, :]
    mean = (pu * gu[:, :, None] + (1 - pu) * pv * gv[:, None, :]) / (pu + (1 - pu) * pv)
    return mean.min(axis=(1, 2)), mean.max(axis=(1, 2))


def _chance(pu: Any, pv: Any) -> Any:
    return pu + (1 - pu) * pv


def _last(holds: Any, valid: Any) -> Any:
    """Each row's last hold value left (the list is in order, the real ones first)."""
    return holds[np.arange(len(holds)), valid.sum(axis=1) - 1]


def _compact(marks: Any) -> tuple[Any, Any]:
    """The marked columns of each row, in order, padded with the row's first; and where they are real."""
    count = marks.sum(axis=1)
    width = int(count.max())
    order = np.argsort(~marks, axis=1, kind="stable")[:, :width]
    valid = np.arange(width)[None, :] < count[:, None]
    return np.where(valid, order, order[:, :1]), valid


def _grown(values: Any, shape: tuple[int, ...], old: int) -> Any:
    grown = np.zeros(shape, dtype=values.dtype)
    grown[:old + 1, :old + 1, :old + 1] = values[:old + 1, :old + 1, :old + 1]
    return grown


class _Triples:
    """The triples of hold values left at some states, one after another, each state's in
    lexicographic order.

    ``owner[t]`` is the state of triple ``t`` and ``holds[q][t]`` seat ``q``'s
    hold value in it (its position, ``h - 1``).
    """

    def __init__(self, left: list[Any]):
        counts = [x.sum(axis=1) for x in left]
        self.states = len(counts[0])
        self.counts = counts
        size = counts[0] * counts[1] * counts[2]
        self.owner = owner = np.repeat(np.arange(self.states), size)
        place = np.arange(len(owner)) - (np.cumsum(size) - size)[owner]
        # the place of a triple in its state's list, as positions in each seat's list
        n1, n2 = counts[1][owner], counts[2][owner]
        self.place = (place // (n1 * n2), place // n2 % n1, place % n2)
        # each seat's values left, in order, at the front of its row
        self.holds = [np.argsort(~x, axis=1, kind="stable")[owner, p] for x, p in zip(left, self.place)]

    def best(self, values: Any, seat: int) -> Any:
        """Where each triple's value is a best reply of ``seat`` to the other two's values, within
        :data:`~.three_values.TOLERANCE` of the best, by the DAG's rule."""
        # the triples that differ in this seat's value only share a line, numbered by state and the
        # other two's places
        others = [q for q in range(3) if q != seat]
        lines = self.counts[others[0]] * self.counts[others[1]]
        line = ((np.cumsum(lines) - lines)[self.owner] + self.place[others[0]] * self.counts[others[1]][self.owner]
                + self.place[others[1]])
        top = np.full(int(lines.sum()), -np.inf)
        np.maximum.at(top, line, values)
        top = top[line]
        return values >= top - TOLERANCE * (1 + abs(top))


class _Weights:
    """The chances of a hold at each hold value up to ``box``, as :func:`~.three.stage_gains` makes them.

    ``wa[h - 1]`` is ``p ** h``, the chance that the mover holds first in a
    round at ``h``, and ``fail[h - 1]`` is ``1 - p ** h``; equation (3)'s
    other weights are products of these.
    """

    def __init__(self, p: float, box: int):
        powers = np.array([p ** h for h in range(1, box + 1)])
        self.wa = powers
        self.fail = 1 - powers
